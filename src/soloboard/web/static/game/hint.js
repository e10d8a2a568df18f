// The hint panel: the three best moves for the seat to move on this device, best first, each with
// its chance of winning where the server gives one (calibrated: none for a game whose chances are
// not) and, where the server gives an honest one, the 90 % interval around it, and a button to play it.

import { ApiError, api, seatTokens } from "../api.js";
import { percent, t } from "../i18n.js";
import { h } from "../shared.js";
import { closeHint, hintOutdated } from "./header.js";
import { tokenToMove } from "./seats.js";

// the interval is shown only where the server sends one (null: no honest interval for this game)
export function hasInterval(m) {
  return m.low !== null && m.low !== undefined && m.high !== null && m.high !== undefined;
}

// "Play this move": sent at the ply the hint was found for, so that the server refuses it (409, a
// stale move) if the game has moved on meanwhile; a hint for a position that is gone sends nothing
export function playHint(p, ply, actionId) {
  if (!p.game || hintOutdated(ply, p.game)) {
    closeHint(p.els);
    p.ui.say(t("The position has changed since this hint: ask for a new one."));
    return Promise.resolve(false);
  }
  return p.send((_now, token) => api.move(p.id, ply, actionId, token));
}

// a chance is shown only where the server sends one (null: the game's chances are not calibrated)
export function hasChance(m) {
  return m.win !== null && m.win !== undefined;
}

function hintMove(p, m, ply) {
  const own = (p.game.moves || []).find((x) => x.id === m.id);
  const win = Number(m.win);
  const chance = hasChance(m);
  const interval = chance && hasInterval(m);
  return h("li", { class: "hint-move" },
    h("div", { class: "hint-line" },
      h("span", { class: "move-notation" }, m.notation ?? (own && own.notation) ?? ""),
      chance ? h("span", { class: "hint-win" }, t("win {p}", { p: percent(win) })) : null,
      interval ? h("span", { class: "hint-interval" },
        t("interval {low}–{high} (90%)", { low: percent(m.low), high: percent(m.high) })) : null),
    chance ? h("div", { class: "hint-bar", "aria-hidden": "true" },
      interval ? h("span", { class: "hint-range", style: `left:${m.low * 100}%;width:${Math.max(0, (m.high - m.low) * 100)}%` }) : null,
      h("span", { class: "hint-point", style: `left:${win * 100}%` })) : null,
    own && own.text && own.text !== m.text ? h("p", { class: "hint-what" }, own.text) : null,
    m.text ? h("p", { class: "hint-effect" }, m.text) : null,
    h("button", { type: "button", class: "token-button small", onclick: () => playHint(p, ply, m.id) }, t("Play this move")));
}

async function drawHint(p) {
  const { hintPanel, hintBtn } = p.els;
  const ply = p.game.ply;
  hintPanel.dataset.ply = String(ply); // the position it is for: a new one closes it (header.js)
  hintPanel.setAttribute("aria-busy", "true");
  hintPanel.replaceChildren(h("h2", null, t("Hint")), h("p", { class: "muted" }, t("Thinking…")));
  let data;
  try {
    data = await api.hint(p.id, tokenToMove(p.game, seatTokens(p.id)));
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    hintPanel.replaceChildren(h("h2", null, t("Hint")), h("p", null, err.message));
    return;
  } finally {
    hintPanel.setAttribute("aria-busy", "false");
  }
  // the position moved on while thinking (the panel was closed then): nothing to show
  if (!p.game || p.game.ply !== ply || hintPanel.hidden || (data && Number.isInteger(data.ply) && data.ply !== ply)) return;
  const moves = (data && data.moves) || [];
  const close = h("button", { type: "button", class: "token-button small" }, t("Close"));
  close.addEventListener("click", () => {
    closeHint(p.els);
    hintBtn.focus();
  });
  // replaceChildren would write a null as the text "null": only the parts there are
  hintPanel.replaceChildren(...[
    h("h2", null, t("Hint")),
    moves.length ? h("ol", { class: "hint-moves" }, moves.slice(0, 3).map((m) => hintMove(p, m, ply))) : h("p", null, t("No move to suggest here.")),
    data && data.calibrated === false
      ? h("p", { class: "muted" }, t("No chance of winning is shown: none has been measured for this game's setup yet, and the search's own estimate is not one."))
      : null,
    close].filter(Boolean));
  const first = hintPanel.querySelector("button");
  if (first) first.focus();
}

// the Hint button opens and closes the panel; Escape in the panel closes it
export function wireHint(p) {
  const { hintPanel, hintBtn } = p.els;
  hintBtn.addEventListener("click", async () => {
    if (!hintPanel.hidden) {
      closeHint(p.els);
      return;
    }
    hintPanel.hidden = false;
    hintBtn.setAttribute("aria-expanded", "true");
    await drawHint(p);
  });
  hintPanel.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      closeHint(p.els);
      hintBtn.focus();
    }
  });
}
