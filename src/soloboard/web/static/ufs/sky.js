// Draws the sky's drawing models (sky-model.js) as SVG: the tiles or cards, the grid, the city
// strip, the mothership with its drop points, the ships, the explosions' numbers and the
// mothership's actions.

import { el, group } from "./dom.js";
import { G } from "./layout.js";
import {
  actionIcon, arrowShape, explosionShape, shipShape, skullShape, ufoSymbol, uncertainMark,
} from "./pieces.js";

function partNodes(part) {
  const nodes = [el("rect", { ...part.frame, fill: "none", stroke: part.hard ? "#ff5a5a" : "#4a6b8a",
    "stroke-width": part.hard ? 2 : 1, "stroke-dasharray": part.uncertain ? "6 4" : null, rx: 4 },
  el("title", {}, part.title))];
  if (part.mark) nodes.push(uncertainMark(part.mark.x, part.mark.y, part.mark.title));
  const { x, y, text, full } = part.label;
  nodes.push(el("text", { x, y, class: `part-label${part.hard ? " hard" : ""}`, "text-anchor": "middle",
    transform: `rotate(-90 ${x} ${y})` }, text, el("title", {}, full)));
  return nodes;
}

function cellNode(cell) {
  const cg = el("g", { transform: `translate(${cell.x},${cell.y})`, class: "sky-cell", "data-cell": cell.cell,
    opacity: cell.dim ? 0.35 : 1 });
  if (cell.symbol === "arrow") cg.appendChild(arrowShape(cell.direction));
  else if (cell.symbol === "explosion") cg.appendChild(explosionShape(cell.number, false));
  else if (cell.symbol === "mothership") cg.appendChild(ufoSymbol());
  if (cell.title) cg.appendChild(el("title", {}, cell.title));
  return cg;
}

function cityNodes(city) {
  const nodes = [el("rect", { ...city.strip, fill: "#1a2e40", stroke: "#3b6d8f", rx: 6 })];
  for (const b of city.buildings) nodes.push(el("rect", { ...b, fill: "#274b66", opacity: 0.55 }));
  for (const n of city.names) nodes.push(el("text", { x: n.x, y: n.y, class: "city-name" }, n.text));
  for (const a of city.ability) nodes.push(el("text", { x: a.x, y: a.y, class: "city-ability" }, a.text));
  if (city.mark) nodes.push(uncertainMark(city.mark.x, city.mark.y, city.mark.title));
  return nodes;
}

export function drawSky(model) {
  const nodes = [
    el("rect", { ...model.box, fill: "url(#ufs-space)", rx: 6 }),
    el("rect", { ...model.box, fill: "url(#ufs-stars)", rx: 6 }),
    ...model.parts.flatMap(partNodes),
    // the cell grid's crosses, as printed on the cards
    ...model.crosses.map(({ x, y }) => el("path", { d: `M${x - 3},${y} h6 M${x},${y - 3} v6`, stroke: "#7e93b5",
      "stroke-width": 1, opacity: 0.6 })),
  ];
  for (const row of model.rows) {
    nodes.push(el("text", { x: model.rowLabelX, y: row.y + G.ch / 2 + 4, class: `row-num${row.skull ? " skull-row" : ""}`,
      "text-anchor": "end" }, row.row));
    // the rows above the mothership are behind it
    if (row.covered) nodes.push(el("rect", { x: model.box.x, y: row.y, width: model.box.width, height: G.ch, fill: "#000", opacity: 0.45 }));
  }
  nodes.push(...model.cells.map(cellNode), ...cityNodes(model.city));
  return group({ class: "sky" }, nodes);
}

function actionBox(a, model, L, st) {
  const box = el("g", { class: `ms-action${a.next ? " next" : ""}${a.skull ? " skull" : ""}`,
    opacity: a.dim ? 0.35 : 1, "data-row": a.row });
  box.appendChild(el("rect", { x: a.x, y: a.y + 3, width: L.action - 8, height: G.ch - 6, rx: 5,
    fill: a.skull ? "#5a0d14" : a.next ? "#3b2f0b" : "#17202b", stroke: a.next ? "#ffd166" : "#34465a",
    "stroke-width": a.next ? 2 : 1, "stroke-dasharray": a.uncertain ? "5 3" : null }));
  if (a.skull) box.appendChild(skullShape(a.icon.x, a.icon.y, L.wide ? 0.9 : 1.1));
  else if (a.kind) box.appendChild(actionIcon(a.kind, a.icon.x, a.icon.y, model.ship, L.wide ? 1 : 1.3));
  for (const line of a.lines) {
    box.appendChild(el("text", { x: line.x, y: line.y, class: line.short ? "ms-action-text short" : "ms-action-text" }, line.text));
  }
  if (a.next && L.wide) {
    box.appendChild(el("text", { x: a.x + L.action - 14, y: a.y + 14, class: "next-tag", "text-anchor": "end" }, model.nextWord));
  } else if (a.next) {
    box.appendChild(el("path", { d: `M${a.x - 3},${a.y + G.ch / 2 - 7} l9,7 l-9,7 z`, fill: "#ffd166" }));
  }
  if (a.uncertain) box.appendChild(uncertainMark(a.x + L.action - 16, a.y + G.ch - 12, model.oneSource));
  box.appendChild(el("title", {}, a.title));
  // no hover on a phone: a tap on an action says it in words
  box.addEventListener("click", () => { if (st && !st.animating && st.msg) st.msg.textContent = a.title; });
  return box;
}

export function drawActions(model, L, st) {
  return group({ class: "actions" }, [
    ...model.head.map((h) => el("text", { x: h.x, y: h.y, class: "col-head" }, h.text)),
    ...model.actions.map((a) => actionBox(a, model, L, st)),
  ]);
}

export function drawMothership(m) {
  const g = group({ class: "mothership", "data-row": m.row }, [
    // the mothership card covers the rows it has come down past
    el("rect", { x: m.cellsX, y: m.yRow - G.hull - 20 * G.ch, width: m.w5, height: 20 * G.ch + G.hull / 2,
      fill: "#0d1a20", opacity: 0.92 }),
    el("path", { d: m.hull, fill: "url(#ufs-hull)", stroke: "#3de0b0", "stroke-width": 1.5 }),
    ...m.lights.map(({ cx, cy }) => el("circle", { cx, cy, r: 1.8, fill: "#5dffc9", opacity: 0.85 })),
    el("ellipse", { cx: m.cellsX + m.w5 / 2, cy: m.yRow + 2, rx: 50, ry: 6, fill: "#5dffc9", opacity: 0.8 }),
    el("rect", { x: m.cellsX, y: m.yRow + 4, width: m.w5, height: G.ch - 4, fill: "#0b1419", opacity: 0.85 }),
    ...m.drops.map((d) => el("rect", { x: d.x, y: d.y, width: 26, height: 22, fill: "none",
      stroke: "#40d98a", "stroke-width": 2.5, class: "drop-point", "data-col": d.col }, el("title", {}, d.title))),
    el("text", { x: m.rowLabel.x, y: m.rowLabel.y, "text-anchor": "end", class: "row-num ms-row" }, m.rowLabel.text),
    ...m.info.map((line) => el("text", { x: line.x, y: line.y, "text-anchor": "middle", class: "ms-info" }, line.text)),
  ]);
  // clipped to the sky: the card never hangs over the page above it
  const clip = el("clipPath", { id: "ufs-skyclip" }, el("rect", m.clip));
  return el("g", { "clip-path": "url(#ufs-skyclip)" }, clip, g);
}

export function drawSkyNumbers(badges) {
  return group({ class: "sky-numbers" }, badges.map((b) => el("g", { class: "expl-badge", "data-row": b.row },
    el("rect", { x: b.x, y: b.y, width: b.width, height: b.height, rx: 4 }),
    el("text", { x: b.textX, y: b.textY, "text-anchor": "middle", class: "expl-num" }, b.text),
    el("title", {}, b.title))));
}

export function drawShips(ships) {
  return group({ class: "ships" }, ships.map((s) => {
    const node = shipShape(s.ship, 0.95, { transform: `translate(${s.x},${s.y})`, "data-cell": s.cell });
    node.appendChild(el("title", {}, s.title));
    return node;
  }));
}
