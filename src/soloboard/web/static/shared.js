// Small helpers every page of the shell uses: DOM building, messages for a person, in-page
// navigation, the difficulty box, opening a created game and importing a file. (The game
// catalog is catalog.js.)

import { ApiError, storeHostToken, storeSeatToken } from "./api.js";
import { percent, t } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";

function setProps(el, props) {
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.setAttribute("class", value);
    else if (key === "text") el.textContent = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "value" || key === "checked") el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
}

function append(el, kids) {
  for (const kid of kids.flat(Infinity)) {
    if (kid === null || kid === undefined || kid === false) continue;
    el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
}

// h("button", {class: "token", onclick: f}, t("Undo"))
export function h(tag, props, ...kids) {
  const el = document.createElement(tag);
  setProps(el, props);
  append(el, kids);
  return el;
}

export function svg(tag, props, ...kids) {
  const el = document.createElementNS(SVG_NS, tag);
  setProps(el, props);
  append(el, kids);
  return el;
}

// In-page navigation: app.js routes on every "soloboard:navigate".
export function navigate(path, { replace = false } = {}) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  window.dispatchEvent(new Event("soloboard:navigate"));
}

// Spoken to screen readers (polite): what just happened.
export function announce(message) {
  const region = document.getElementById("announcer");
  if (!region || !message) return;
  region.textContent = "";
  // a fresh text node after a tick so the same sentence twice is read twice
  setTimeout(() => { region.textContent = message; }, 30);
}

// A message shown for a few seconds over the page: kind "info" or "error" (refusals).
export function toast(message, kind = "info", rule = null) {
  const area = document.getElementById("toasts");
  if (!area || !message) return;
  // the same message again (a second click on the same refused space) is not stacked twice
  const last = area.lastElementChild;
  if (last && last.dataset.text === message && last.dataset.kind === kind) {
    clearTimeout(Number(last.dataset.timer));
    last.dataset.timer = String(setTimeout(() => last.remove(), kind === "error" ? 9000 : 4500));
    return;
  }
  const close = h("button", { class: "toast-close", type: "button", "aria-label": t("Close") }, "×");
  const item = h("div", { class: `toast toast-${kind}` },
    h("p", { class: "toast-text" }, message,
      rule ? h("span", { class: "toast-rule" }, " ", t("Rule: {rule}", { rule })) : null),
    close);
  const remove = () => item.remove();
  close.addEventListener("click", remove);
  item.dataset.text = message;
  item.dataset.kind = kind;
  item.dataset.timer = String(setTimeout(remove, kind === "error" ? 9000 : 4500));
  area.append(item);
  while (area.children.length > 3) area.firstElementChild.remove();
}

// 95 % Wilson interval of wins/n, for rates the server sent without one.
export function wilson(wins, n) {
  if (!n) return [0, 1];
  const z = 1.959964;
  const p = wins / n;
  const d = 1 + (z * z) / n;
  const c = p + (z * z) / (2 * n);
  const m = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [Math.max(0, (c - m) / d), Math.min(1, (c + m) / d)];
}

// A star count as the rulebook writes it: 1.5 -> "1½", -0.5 -> "-½".
export function starNumber(value) {
  const sign = value < 0 ? "-" : "";
  const twice = Math.round(Math.abs(value) * 2);
  const whole = Math.floor(twice / 2);
  const half = twice % 2 === 1;
  return sign + (whole || !half ? String(whole) : "") + (half ? "½" : "");
}

// A set-up's difficulty: the rulebook's stars (or level) with its terms, and the agents' measured
// win rates for it (the new-game dialog and the custom battle builder).
export function starsView(setup) {
  if (!setup) return null;
  const value = setup.stars;
  const scale = setup.scale || (value === null || value === undefined ? "none" : "stars");
  let big = null;
  if (value !== null && value !== undefined && scale === "level") {
    big = h("p", { class: "stars-big" }, t("Level {level}", { level: value }));
  } else if (value !== null && value !== undefined) {
    const whole = Math.max(0, Math.floor(value));
    const half = value > 0 && value % 1 !== 0;
    big = h("p", { class: "stars-big", "aria-label": t("Difficulty {stars} stars", { stars: starNumber(value) }) },
      h("span", { class: "star-row", "aria-hidden": "true" }, "★".repeat(whole), half ? h("span", { class: "half-star" }, "★") : null,
        whole === 0 && !half ? "☆" : null),
      h("span", { class: "stars-number" }, starNumber(value)));
  }
  const measured = Array.isArray(setup.measured) ? [...setup.measured] : [];
  measured.sort((a, b) => (b.rate ?? 0) - (a.rate ?? 0));
  return h("div", { class: "stars-box" },
    big,
    setup.stars_text ? h("p", { class: "stars-text" }, setup.stars_text) : null,
    setup.measured === null ? null : measured.length
      ? h("table", { class: "measured" },
        h("caption", null, t("Measured win rate for this set-up")),
        h("thead", null, h("tr", null, h("th", { scope: "col" }, t("Agent")), h("th", { scope: "col" }, t("Win rate")),
          h("th", { scope: "col" }, t("Games")))),
        h("tbody", null, measured.map((m, i) => h("tr", { class: i === 0 ? "strongest" : null },
          h("th", { scope: "row" }, m.agent),
          h("td", null, percent(m.rate), " ",
            m.low !== undefined && m.high !== undefined
              ? h("span", { class: "muted" }, t("({low}–{high})", { low: percent(m.low), high: percent(m.high) })) : null),
          h("td", null, String(m.games))))))
      : h("p", { class: "muted" }, t("No difficulty report has been run for this set-up yet.")));
}

// A game the server just created (new, imported, a campaign's or a custom battle's): this device
// keeps its seat tokens and host token, and the game page opens.
export function openCreatedGame(created) {
  for (const tok of created.tokens || []) storeSeatToken(created.id, tok.seat, tok.token);
  storeHostToken(created.id, created.host);
  navigate(`/game/${encodeURIComponent(created.id)}`);
}

// "Import a ... file": a file picker whose text goes to `load(text)` (which opens what it made);
// a refusal is shown with the server's reason.
export function fileImportBox({ id, label, help, load }) {
  const input = h("input", { type: "file", id, accept: ".json,application/json", class: "visually-hidden-file" });
  const status = h("p", { class: "import-status", role: "status" });
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    status.textContent = t("Reading {name}…", { name: file.name });
    try {
      await load(await file.text());
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      status.textContent = t("This file could not be imported: {reason}", { reason: err.message });
      toast(status.textContent, "error");
    } finally {
      input.value = "";
    }
  });
  return h("div", { class: "import-box" }, input, h("label", { for: id, class: "token-button" }, label),
    h("span", { class: "field-help" }, help), status);
}
