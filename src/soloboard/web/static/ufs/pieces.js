// The pieces and printed symbols of the board as SVG: ships, dice, rooms' icons, the excavator,
// skulls, the marks of uncertain data, and the patterns the board is painted with.

import { el } from "./dom.js";
import { signed } from "./labels.js";

export const ROOM_COLOURS = { energy: "#f2c12e", fighters: "#f07a2d", research: "#1fb5a2", robots: "#2d8fd8" };
const SHIP_COLOURS = { purple: "#a259ff", white: "#f4f4f4", green: "#40d98a", red: "#ff4d4d" };
const DIE_COLOURS = { gray: ["#a7a9ac", "#1d1d1f"], white: ["#fbfbf8", "#1d1d1f"], black: ["#2b2b2e", "#f4f4f4"],
  blue: ["#2d8fd8", "#ffffff"] };

export function shipShape(colour, scale = 1, extra = {}) {
  const stroke = colour === "white" ? "#5a5a66" : "#111";
  return el("g", { class: `ship ship-${colour}`, ...extra },
    el("ellipse", { cx: 0, cy: 3 * scale, rx: 19 * scale, ry: 7 * scale, fill: SHIP_COLOURS[colour] || "#ccc",
      stroke, "stroke-width": 1.5 }),
    el("path", { d: `M${-9 * scale},${1 * scale} a${9 * scale},${8 * scale} 0 0 1 ${18 * scale},0 z`,
      fill: "#c9f1ff", stroke, "stroke-width": 1.2, opacity: 0.9 }),
    el("circle", { cx: -9 * scale, cy: 4 * scale, r: 1.6 * scale, fill: "#ffe66d" }),
    el("circle", { cx: 0, cy: 5.5 * scale, r: 1.6 * scale, fill: "#ffe66d" }),
    el("circle", { cx: 9 * scale, cy: 4 * scale, r: 1.6 * scale, fill: "#ffe66d" }));
}

export function arrowShape(direction) {
  const s = direction === "left" ? -1 : 1;
  const colour = direction === "left" ? "#ff4f9a" : "#38d9e6";
  return el("path", { d: `M${-13 * s},-9 L${13 * s},0 L${-13 * s},9 L${-6 * s},0 Z`, fill: "none",
    stroke: colour, "stroke-width": 3, "stroke-linejoin": "round", class: "sym-arrow" });
}

export function explosionShape(number, withNumber = true) {
  const pts = [];
  for (let i = 0; i < 16; i++) {
    const r = i % 2 ? 8 : 15;
    const a = (Math.PI * i) / 8;
    pts.push(`${(r * Math.cos(a)).toFixed(1)},${(r * Math.sin(a) * 0.8 - 3).toFixed(1)}`);
  }
  return el("g", { class: "sym-explosion" },
    el("polygon", { points: pts.join(" "), fill: "#ff8a1f", stroke: "#ffd166", "stroke-width": 1.5 }),
    el("circle", { cx: 0, cy: -3, r: 5, fill: "#fff3b0" }),
    withNumber ? el("text", { x: 12, y: 16, class: "expl-num" }, `${number}+`) : null);
}

export function ufoSymbol() {
  return el("g", { class: "sym-ufo", fill: "none", stroke: "#ffffff", "stroke-width": 2 },
    el("ellipse", { cx: 0, cy: 2, rx: 15, ry: 5 }),
    el("path", { d: "M-8,0 a8,7 0 0 1 16,0" }),
    el("line", { x1: -4, y1: 9, x2: -6, y2: 13 }), el("line", { x1: 4, y1: 9, x2: 6, y2: 13 }));
}

function pips(value, size, colour) {
  const q = size / 4;
  const spots = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
    4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
    6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] }[value] || [];
  return spots.map(([a, b]) => el("circle", { cx: a * q, cy: b * q, r: size / 11, fill: colour }));
}

export function dieShape(colour, value, size = 34, extra = {}) {
  const [bg, fg] = DIE_COLOURS[colour] || DIE_COLOURS.gray;
  return el("g", { class: `die die-${colour}`, ...extra },
    el("rect", { x: -size / 2, y: -size / 2, width: size, height: size, rx: size / 6, fill: bg,
      stroke: "#222", "stroke-width": 1.5 }),
    ...pips(value, size, fg));
}

export function roomIcon(type, x, y, s = 1) {
  const g = el("g", { transform: `translate(${x},${y}) scale(${s})`, fill: "#1b1b1b", class: "room-icon" });
  if (type === "energy") g.appendChild(el("path", { d: "M3,-14 L-8,2 L-1,2 L-4,14 L8,-3 L1,-3 Z" }));
  else if (type === "fighters") {
    g.appendChild(el("path", { d: "M-13,6 L-2,-2 L4,-13 L7,-12 L3,-1 L12,2 L14,0 L15,2 L12,6 L2,5 L-6,12 L-9,11 L-4,4 Z" }));
  } else if (type === "research") {
    g.appendChild(el("path", { d: "M0,-13 C10,-13 12,-4 9,3 C7,8 3,13 0,13 C-3,13 -7,8 -9,3 C-12,-4 -10,-13 0,-13 Z" }));
    g.appendChild(el("ellipse", { cx: -4.5, cy: 0, rx: 3.2, ry: 4.5, fill: "#eeeeee", transform: "rotate(25,-4.5,0)" }));
    g.appendChild(el("ellipse", { cx: 4.5, cy: 0, rx: 3.2, ry: 4.5, fill: "#eeeeee", transform: "rotate(-25,4.5,0)" }));
  } else if (type === "robots") {
    g.appendChild(el("rect", { x: -11, y: -9, width: 22, height: 18, rx: 3 }));
    g.appendChild(el("rect", { x: -6, y: -4, width: 4, height: 4, fill: "#eee" }));
    g.appendChild(el("rect", { x: 2, y: -4, width: 4, height: 4, fill: "#eee" }));
    g.appendChild(el("rect", { x: -6, y: 3, width: 12, height: 2, fill: "#eee" }));
  }
  return g;
}

export function excavatorShape(x, y) {
  return el("g", { transform: `translate(${x},${y})`, class: "excavator" },
    el("rect", { x: -14, y: -4, width: 24, height: 10, rx: 2, fill: "#f5c518", stroke: "#222" }),
    el("rect", { x: -6, y: -12, width: 10, height: 9, fill: "#f5c518", stroke: "#222" }),
    el("path", { d: "M10,-2 L18,-8 L20,4 L12,4 Z", fill: "#9aa0a6", stroke: "#222" }),
    el("rect", { x: -16, y: 6, width: 28, height: 6, rx: 3, fill: "#333" }));
}

export function skullShape(x, y, s = 1) {
  return el("g", { transform: `translate(${x},${y}) scale(${s})`, class: "skull" },
    el("path", { d: "M-9,-2 a9,9 0 1 1 18,0 v5 h-3 v4 h-12 v-4 h-3 z", fill: "#f2f2f2", stroke: "#222" }),
    el("circle", { cx: -4, cy: -1, r: 2.6, fill: "#222" }), el("circle", { cx: 4, cy: -1, r: 2.6, fill: "#222" }));
}

export function uncertainMark(x, y, title) {
  return el("g", { class: "uncertain-mark", transform: `translate(${x},${y})` },
    el("title", {}, title),
    el("circle", { r: 7, fill: "#ffd400", stroke: "#222", "stroke-width": 1 }),
    el("text", { y: 4, "text-anchor": "middle", class: "unc-q" }, "?"));
}

// the board's paint: space, stars (from a fixed seed: every drawing the same), dirt, rubble, hull
export function defs() {
  const stars = el("pattern", { id: "ufs-stars", width: 97, height: 89, patternUnits: "userSpaceOnUse" });
  let seed = 7;
  const rnd = () => ((seed = (seed * 9301 + 49297) % 233280) / 233280);
  for (let i = 0; i < 14; i++) {
    stars.appendChild(el("circle", { cx: (rnd() * 97).toFixed(1), cy: (rnd() * 89).toFixed(1),
      r: (0.4 + rnd() * 0.9).toFixed(2), fill: "#cfe3ff", opacity: (0.3 + rnd() * 0.6).toFixed(2) }));
  }
  return el("defs", {},
    el("linearGradient", { id: "ufs-space", x1: 0, y1: 0, x2: 0, y2: 1 },
      el("stop", { offset: "0", "stop-color": "#1c1440" }), el("stop", { offset: "0.6", "stop-color": "#0c1a3a" }),
      el("stop", { offset: "1", "stop-color": "#0a2233" })),
    stars,
    el("pattern", { id: "ufs-dirt", width: 14, height: 14, patternUnits: "userSpaceOnUse" },
      el("rect", { width: 14, height: 14, fill: "#6e5138" }),
      el("path", { d: "M0,14 L14,0", stroke: "#5a4029", "stroke-width": 3 }),
      el("circle", { cx: 4, cy: 4, r: 1.2, fill: "#8a6a4b" })),
    el("pattern", { id: "ufs-rubble", width: 10, height: 10, patternUnits: "userSpaceOnUse" },
      el("rect", { width: 10, height: 10, fill: "#4a3525", opacity: 0.55 }),
      el("path", { d: "M0,10 L10,0", stroke: "#2e2015", "stroke-width": 2.2, opacity: 0.8 })),
    el("linearGradient", { id: "ufs-hull", x1: 0, y1: 0, x2: 0, y2: 1 },
      el("stop", { offset: "0", "stop-color": "#26313a" }), el("stop", { offset: "1", "stop-color": "#0f1a1f" })),
    el("filter", { id: "ufs-glow", x: "-30%", y: "-30%", width: "160%", height: "160%" },
      el("feGaussianBlur", { stdDeviation: 3, result: "b" }),
      el("feMerge", {}, el("feMergeNode", { in: "b" }), el("feMergeNode", { in: "SourceGraphic" }))));
}

export function actionIcon(kind, x, y, ship = "white", s = 1) {
  const at = (node) => el("g", { transform: `translate(${x},${y}) scale(${s})` }, node);
  if (kind === "excavator_back") return at(excavatorShapeSmall(0, 0));
  if (kind === "research_back") return at(roomIcon("research", 0, 0, 0.7));
  if (kind === "add_white_ships") return at(shipShape(ship, 0.6));
  if (kind === "damage") {
    return at(el("g", { transform: "translate(0,2) scale(0.7)" }, explosionShape("", false).firstChild));
  }
  if (kind === "skull") return at(skullShape(0, 0, 0.9));
  return el("g");
}

function excavatorShapeSmall(x, y) {
  const g = excavatorShape(0, 0);
  return el("g", { transform: `translate(${x},${y}) scale(0.6)` }, g);
}

// a room's (or an AA gun's) modifier: a black tag with white figures in the space's top left corner
export function modTag(x, y, value, title) {
  return el("g", { class: "mod-tag-g" },
    el("rect", { x, y, width: 30, height: 18, rx: 3, class: "mod-tag-bg" }),
    el("text", { x: x + 15, y: y + 14, "text-anchor": "middle", class: "mod-tag" }, signed(value)),
    el("title", {}, title));
}

// how far the excavator must dig to free a space: the excavator's yellow, a little shovel and the
// number of steps (a die of at least that value may dig there), in the space's bottom left corner
export function digMark(x, y, distance, title) {
  return el("g", { class: "dig-mark", transform: `translate(${x},${y})` },
    el("rect", { x: 0, y: 0, width: 38, height: 18, rx: 9, class: "dig-mark-bg" }),
    miniExcavator(4, 4),
    el("text", { x: 29, y: 14, "text-anchor": "middle", class: "dig-num" }, distance),
    el("title", {}, title));
}

// the excavator's silhouette, 16 x 10 units from (x, y): cab, body, arm and bucket, tracks
export function miniExcavator(x, y, colour = "#3a2c00") {
  return el("path", { transform: `translate(${x},${y})`, fill: colour,
    d: "M0,5 h10 v3 h-10 z M2,1 h4 v4 h-4 z M10,5 L14,0 L16,1 L13,5 L16,7 L12,7 z M0,9 h11 v1.5 h-11 z" });
}

