// Draws the dice tray's drawing model (tray-model.js) as SVG; `wireDie(node, die)` makes a die
// this page may move answer clicks and keys.

import { el, group } from "./dom.js";
import { dieShape } from "./pieces.js";

export function drawTray(model, wireDie) {
  const nodes = [
    el("rect", { ...model.frame, rx: 10, fill: "#2a2f36", stroke: "#555" }),
    ...model.words.map((w) => el("text", { x: w.x, y: w.y, class: w.cls }, w.text)),
    ...model.pending.map((d) => dieShape("blue", d.value, d.size, { transform: `translate(${d.x},${d.y})` })),
    ...model.slots.map((s) => el("rect", { x: s.x, y: s.y, width: s.size, height: s.size, rx: 8,
      fill: "none", stroke: "#4a525c", "stroke-dasharray": "4 3" })),
  ];
  for (const die of model.dice) {
    const d = dieShape(die.color, die.value, die.size, { transform: `translate(${die.x},${die.y})`,
      class: `die die-${die.color} tray-die${die.selected ? " selected" : ""}`, "data-die": die.index });
    d.appendChild(el("title", {}, die.label));
    if (die.moves.length) {
      d.classList.add("can-move");
      wireDie(d, die);
    }
    nodes.push(d);
  }
  return group({ class: "tray" }, nodes);
}
