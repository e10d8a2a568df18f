// The new-game dialog: the games as tabs, every option of the chosen game (the form of
// setup-form.js), the seats where people and agents can play, and the set-up's difficulty (the
// rulebook's stars, the agents' measured win rates) asked of the server as the options change.

import { ApiError, api } from "../api.js";
import { t } from "../i18n.js";
import { gameOf, gameTitle } from "../catalog.js";
import { h, openCreatedGame, starsView } from "../shared.js";
import { cardsField, paramField, skyField } from "./fields.js";
import {
  activeOf, chosenParams, formFields, freshForm, hasSeats, playersCount, seatsSpec,
} from "./setup-form.js";

function askSetup(d) {
  clearTimeout(d.setupTimer);
  d.setupTimer = setTimeout(async () => {
    const asked = ++d.setupAsked;
    try {
      const setup = await api.setup(d.current.game, chosenParams(d.current, d.values, d.modes));
      if (asked === d.setupAsked) d.els.starsSlot.replaceChildren(starsView(setup) || "");
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (asked === d.setupAsked) d.els.starsSlot.replaceChildren(h("p", { class: "form-warning" }, err.message));
    }
  }, 200);
}

function changed(d, name) {
  return (v) => {
    d.values[name] = v;
    if (name === "players") drawSeats(d);
    askSetup(d);
  };
}

function seatRow(d, i) {
  const seat = d.seats[i] || (d.seats[i] = { kind: "person" });
  const kind = h("select", { id: `seat-${i}-kind`, "aria-label": t("Seat {n}: who plays", { n: i + 1 }) },
    h("option", { value: "person" }, t("A person")), h("option", { value: "ai" }, t("The computer")));
  kind.value = seat.kind;
  const agent = h("select", { id: `seat-${i}-agent`, "aria-label": t("Seat {n}: agent", { n: i + 1 }),
    hidden: seat.kind !== "ai" }, d.cat.agents.map((a) => h("option", { value: a }, d.cat.agent_labels?.[a] || a)));
  agent.value = seat.agent || d.cat.agents[0];
  kind.addEventListener("change", () => {
    seat.kind = kind.value;
    if (seat.kind === "ai") seat.agent = agent.value; else delete seat.agent;
    agent.hidden = seat.kind !== "ai";
  });
  agent.addEventListener("change", () => { seat.agent = agent.value; });
  return h("div", { class: "seat-row" }, h("span", { class: "seat-name" }, t("Seat {n}", { n: i + 1 })), kind, agent);
}

function drawSeats(d) {
  const n = playersCount(d.values);
  if (!hasSeats(d.current) || !n) {
    d.els.seatsBox.replaceChildren();
    return;
  }
  d.els.seatsBox.replaceChildren(h("fieldset", { class: "seats" },
    h("legend", null, t("Seats")), [...Array(n).keys()].map((i) => seatRow(d, i))));
}

// the field of one parameter: its type says how it is given
function fieldOf(d, spec) {
  const value = d.values[spec.name];
  if (spec.type === "sky") return skyField(spec, value, changed(d, spec.name));
  if (spec.type === "cards") return cardsField(spec, value, changed(d, spec.name));
  return paramField(spec, value, changed(d, spec.name));
}

// e.g. threat level (random tiles) or each sky tile's side: one tab shows one of the two
function pairField(d, pair) {
  const specs = pair.map((name) => d.current.params.find((p) => p.name === name)).filter(Boolean);
  const box = h("div", { class: "field pair" });
  const tabs = h("div", { class: "segmented small", role: "radiogroup", "aria-label": specs.map((s) => s.label).join(" / ") });
  const body = h("div", { class: "pair-body" });
  const drawBody = () => {
    const spec = specs.find((s) => s.name === activeOf(pair, d.modes)) || specs[0];
    body.replaceChildren(fieldOf(d, spec));
  };
  specs.forEach((spec, i) => {
    const id = `mode-${pair[0]}-${i}`;
    const input = h("input", { type: "radio", name: `mode-${pair[0]}`, id, value: spec.name });
    input.checked = activeOf(pair, d.modes) === spec.name;
    input.addEventListener("change", () => {
      if (!input.checked) return;
      d.modes[pair[0]] = spec.name;
      drawBody();
      askSetup(d);
    });
    tabs.append(h("label", { for: id }, input, h("span", null, spec.label)));
  });
  drawBody();
  box.append(tabs, body);
  return box;
}

function seedField(d) {
  const seedInput = h("input", { type: "number", id: "param-seed", inputmode: "numeric", step: "1", min: "0",
    placeholder: t("random") });
  seedInput.value = d.seed === null ? "" : String(d.seed);
  seedInput.addEventListener("input", () => { d.seed = seedInput.value === "" ? null : Number.parseInt(seedInput.value, 10); });
  return h("label", { class: "field", for: "param-seed" }, h("span", { class: "field-label" }, t("Seed")), seedInput,
    h("span", { class: "field-help" }, t("The same seed deals the same dice and cards. Empty: random.")));
}

function draw(d) {
  const main = [];
  const extra = [];
  for (const field of formFields(d.current)) {
    const node = field.pair ? pairField(d, field.pair) : fieldOf(d, field.param);
    (field.advanced ? extra : main).push(node);
  }
  extra.push(seedField(d));
  d.els.fields.replaceChildren(...main, d.els.seatsBox,
    h("details", { class: "advanced" }, h("summary", null, t("More options")), ...extra));
  drawSeats(d);
  askSetup(d);
}

function reset(d) {
  Object.assign(d, freshForm(d.current), { seats: [] });
  draw(d);
}

function gameChoices(d) {
  const row = h("div", { class: "segmented game-choice", role: "radiogroup", "aria-label": t("Game") });
  d.cat.games.forEach((g, i) => {
    const input = h("input", { type: "radio", name: "game", id: `game-${i}`, value: g.game });
    input.checked = g === d.current;
    input.addEventListener("change", () => { if (input.checked) { d.current = g; reset(d); } });
    row.append(h("label", { for: `game-${i}` }, input, h("span", null, gameTitle(d.cat, g.game))));
  });
  return row;
}

async function submit(d, event) {
  event.preventDefault();
  const { errorEl, startBtn } = d.els;
  errorEl.textContent = "";
  startBtn.disabled = true;
  try {
    const body = { game: d.current.game, params: chosenParams(d.current, d.values, d.modes), seed: d.seed };
    const seatList = seatsSpec(d.current, d.values, d.seats);
    if (seatList) body.seats = seatList;
    const created = await api.create(body);
    d.dialog.close();
    openCreatedGame(created);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    errorEl.textContent = err.rule ? err.message + " (" + t("Rule: {rule}", { rule: err.ruleText }) + ")" : err.message;
  } finally {
    startBtn.disabled = false;
  }
}

function dialogElements() {
  return {
    fields: h("div", { class: "fields" }),
    starsSlot: h("div", { class: "stars-slot", "aria-live": "polite" }),
    errorEl: h("p", { class: "form-error", role: "alert" }),
    startBtn: h("button", { type: "submit", class: "token-button primary", value: "start" }, t("Start the game")),
    cancelBtn: h("button", { type: "button", class: "token-button" }, t("Cancel")),
    seatsBox: h("div", { class: "seats-box" }),
  };
}

export function openNewGame(cat, chosenName, anchor) {
  const dialog = h("dialog", { class: "new-game paper", "aria-labelledby": "new-game-title" });
  const form = h("form", { method: "dialog", novalidate: true });
  const d = { cat, dialog, els: dialogElements(), current: gameOf(cat, chosenName) || cat.games[0],
    values: {}, modes: {}, seed: null, seats: [], setupTimer: null, setupAsked: 0 };
  const { els } = d;
  form.addEventListener("submit", (event) => submit(d, event));
  els.cancelBtn.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => {
    clearTimeout(d.setupTimer);
    dialog.remove();
    if (anchor && anchor.isConnected) anchor.focus();
  });
  form.append(
    h("header", { class: "dialog-head" }, h("h2", { id: "new-game-title" }, t("New game"))),
    gameChoices(d),
    h("div", { class: "dialog-columns" }, els.fields,
      h("aside", { class: "difficulty paper-inset", "aria-label": t("Difficulty") },
        h("h3", null, t("Difficulty")), els.starsSlot)),
    els.errorEl,
    h("footer", { class: "dialog-actions" }, els.cancelBtn, els.startBtn));
  dialog.append(form);
  document.body.append(dialog);
  reset(d);
  dialog.showModal(); // a modal <dialog>: focus stays inside, Escape closes it
  const firstInput = dialog.querySelector(".game-choice input:checked");
  if (firstInput) firstInput.focus();
  return dialog;
}
