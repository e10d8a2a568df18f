// What lies around the board's SVG: the status bar (round, phase, what to do, the phase's
// buttons), the key to the board's marks, and the notes about uncertain data.

import { el, html } from "./dom.js";
import { actionShort, actionText, keyedActions, statusPrompt } from "./labels.js";
import { actionIcon, arrowShape, miniExcavator, skullShape } from "./pieces.js";
import { send, showPreview } from "./preview.js";

export function statusBar(view, moves, st, ui, t, interactive) {
  const bar = html("div", { class: "ufs-status" });
  bar.appendChild(html("span", { class: "ufs-phase" }, t("Round {n}", { n: view.round }) + " · " + view.phase_title));
  const prompt = statusPrompt(view, moves, st.selected, interactive, t);
  bar.appendChild(html("span", { class: `ufs-prompt${view.status.over ? (view.status.won ? " won" : " lost") : ""}` },
    prompt));
  const buttons = html("span", { class: "ufs-buttons" });
  const button = (label, move, cls = "") => buttons.appendChild(html("button", { type: "button", class: cls,
    onclick: () => send(ui, move.id), onmouseenter: () => showPreview(st, move, ui, t) }, label));
  if (moves.done) button(t("End the Rooms Phase"), moves.done[0], "primary");
  if (moves.skip) button(t("Skip the robot"), moves.skip[0]);
  if (moves.no_six) button(t("Keep the roll"), moves.no_six[0]);
  // a character's once-per-game ability: offered while unused, at the decisions its rules allow
  for (const m of moves.ability || []) button(t("Use the ability: {who}", { who: m.by }), m, "ability-button");
  bar.appendChild(buttons);
  return bar;
}

function keyIcon(w, h, ...nodes) {
  const svg = el("svg", { viewBox: `0 0 ${w} ${h}`, width: w, height: h, class: "ufs-key-icon", "aria-hidden": "true" });
  nodes.forEach((n) => svg.appendChild(n));
  return svg;
}

function keyItem(svg, text) {
  return html("li", {}, svg, html("span", {}, text));
}

function markKeys(t) {
  return [
    keyItem(keyIcon(34, 22, el("rect", { x: 2, y: 2, width: 30, height: 18, rx: 3, fill: "#111", stroke: "#fff" }),
      el("text", { x: 17, y: 16, "text-anchor": "middle", fill: "#fff", "font-size": 14, "font-weight": 800 }, "+1")),
    t("Room modifier: added to the sum of the room's dice. On an AA gun (−1): ships move one step less.")),
    keyItem(keyIcon(40, 22, el("g", { transform: "translate(1,2)" },
      el("rect", { x: 0, y: 0, width: 38, height: 18, rx: 9, fill: "#f5c518", stroke: "#3a2c00" }),
      miniExcavator(4, 4),
      el("text", { x: 29, y: 14, "text-anchor": "middle", fill: "#2a1f00", "font-size": 13, "font-weight": 800 }, "4"))),
    t("Excavator's distance: the space is that many steps ahead of the excavator; a die of at least that value may go there to dig.")),
    keyItem(keyIcon(22, 22, el("circle", { cx: 11, cy: 11, r: 8, fill: "#f5c518", stroke: "#6a5000" }),
      el("path", { d: "M12,6 l-4,5 h3 l-1,5 l4,-6 h-3 z", fill: "#222" })),
    t("Energy the room costs to use.")),
    keyItem(keyIcon(30, 22, el("rect", { x: 1, y: 2, width: 28, height: 18, rx: 4, fill: "#0a0e1e", stroke: "#ff9f40" }),
      el("text", { x: 15, y: 16, "text-anchor": "middle", fill: "#ffb054", "font-size": 13, "font-weight": 800 }, "5+")),
    t("Explosion: fighters of that value or more shoot down a ship on it.")),
    keyItem(keyIcon(30, 22, el("g", { transform: "translate(15,11) scale(0.7)" }, arrowShape("right"))),
      t("Arrow: a ship stopping there moves one column that way, if that space is empty.")),
    keyItem(keyIcon(22, 22, el("circle", { cx: 11, cy: 11, r: 8, fill: "#ffd400", stroke: "#222" }),
      el("text", { x: 11, y: 15, "text-anchor": "middle", "font-size": 12, "font-weight": 800, fill: "#222" }, "?")),
    t("Uncertain data: see “About the data”.")),
  ];
}

// a phone shows each mothership action as its icon and amount: here they are in words
function actionKeys(view, t) {
  return keyedActions(view.sky.actions).map((a) => keyItem(keyIcon(64, 26,
    el("rect", { x: 0, y: 0, width: 64, height: 26, rx: 4, fill: "#17202b" }),
    a.skull ? skullShape(14, 13, 0.8) : actionIcon(a.kind, 14, 13, view.edition.ships.reinforcement, 0.9),
    el("text", { x: 30, y: 18, fill: "#e8eef5", "font-size": 14, "font-weight": 700 }, actionShort(a))), actionText(a, t)));
}

// the board's key: what its marks mean (and, on a phone, the mothership actions in words)
export function boardKey(L, view, st, t) {
  const items = [...markKeys(t), ...(L.wide ? [] : actionKeys(view, t))];
  const key = html("details", { class: "ufs-key" }, html("summary", {}, t("Key")), html("ul", {}, items));
  if (st.keyOpen) key.open = true;
  key.addEventListener("toggle", () => { st.keyOpen = key.open; });
  return key;
}

export function dataNotes(view, t) {
  if (!view.notes || !view.notes.length) return null;
  return html("details", { class: "ufs-notes" }, html("summary", {}, "⚠ ", t("About the data"),
    ` (${view.notes.length})`), html("ul", {}, view.notes.map((n) => html("li", {}, n))));
}
