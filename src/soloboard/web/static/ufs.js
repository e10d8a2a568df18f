// Under Falling Skies on the table: the sky with the mothership, the city, the base, the
// tracks and the dice tray, drawn as one SVG from the game JSON (view, moves, log, new).
// The page decides no rule: the legal moves, their previews, the refusals and the narration
// all come from the engine through the API (`game.moves`, `ui.preview`, `view.refusals`).
//
// render(container, game, ui): ui.play(actionId), ui.preview(actionId) -> Promise<events>,
// ui.t(msgid, params), ui.say(message), ui.seatTokens ({seat: token}: moves are offered only when
// this page holds the token of the seat to move), ui.narrated(i) (see narrated() below).

const SVGNS = "http://www.w3.org/2000/svg";
const LETTERS = "abcde";

// geometry (board units; the SVG viewBox scales them to the page)
const G = {
  label: 34, cw: 58, ch: 42, research: 42, action: 150,
  hull: 58, city: 86, bw: 96, bh: 80, gap: 22, pad: 10,
};
const WIDE = 560; // below this (a phone) the base goes under the sky, as on the table
const ROOM_COLOURS = { energy: "#f2c12e", fighters: "#f07a2d", research: "#1fb5a2", robots: "#2d8fd8" };
const SHIP_COLOURS = { purple: "#a259ff", white: "#f4f4f4", green: "#40d98a", red: "#ff4d4d" };
const DIE_COLOURS = { gray: ["#a7a9ac", "#1d1d1f"], white: ["#fbfbf8", "#1d1d1f"], black: ["#2b2b2e", "#f4f4f4"],
  blue: ["#2d8fd8", "#ffffff"] };

const states = new WeakMap(); // container -> what the board remembers between renders

function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return node;
}

function html(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return node;
}

function fill(msg, params) {
  return params ? msg.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m)) : msg;
}

// --- geometry -------------------------------------------------------------------------------

// a phone shows the board at about two thirds of its size: its words are drawn at least 17 units
// high there (11 CSS px), its dice 70 units (over 44 CSS px, a finger's width)
const NARROW = { text: 17, cityWrap: 27, titleWrap: 22, lineH: 20, slot: 84, die: 70 };

function cityLines(view, wide) {
  const city = view.city;
  if (!city) return { title: [], ability: [] };
  const title = `${city.name} · ${city.side_name}`;
  return {
    title: wide ? [title] : wrapText(title, NARROW.titleWrap),
    ability: city.ability ? wrapText(city.ability, wide ? 50 : NARROW.cityWrap) : [],
  };
}

function layoutFor(view, width) {
  const wide = width >= WIDE;
  const beside = view.tracks.research.beside_sky;
  // the city strip is as tall as its ability's text (a phone wraps it in more, bigger lines)
  const lines = cityLines(view, wide);
  const city = wide ? Math.max(G.city, 30 + lines.ability.length * 13 + 8)
    : Math.max(G.city, 12 + lines.title.length * 22 + lines.ability.length * NARROW.lineH + 14);
  // a phone: a wider margin for the sky's big labels, a narrower action column (icons and amounts)
  const skyLabel = wide ? G.label : 50;
  const action = wide ? G.action : 104;
  const skyW = skyLabel + 5 * G.cw + (beside ? G.research : 0) + action;
  const skyH = G.hull + (view.sky.rows + 1) * G.ch + city;
  const baseW = G.label + 5 * G.bw;
  const colW = Math.max(skyW, baseW);
  const baseH = 6 * G.bh + 24;
  const trackH = view.tracks.research.beside_sky ? 120 : 220;
  // the tray keeps a slot for every die of the round: a re-roll never changes its size
  const trayH = wide ? 96 : NARROW.slot + 52;
  const rightH = baseH + trackH + trayH;
  // the dice tray sits right under the base, where the dice go; the tracks below it
  if (wide) {
    return { wide, beside, city, skyLabel, action, skyX: G.pad, skyY: G.pad, baseX: G.pad + colW + G.gap, baseY: G.pad,
      trayY: G.pad + baseH, trackY: G.pad + baseH + trayH,
      w: 2 * colW + G.gap + 2 * G.pad, h: Math.max(skyH, rightH) + 2 * G.pad, colW };
  }
  const baseY = G.pad + skyH + G.gap / 2;
  return { wide, beside, city, skyLabel, action, skyX: G.pad, skyY: G.pad, baseX: G.pad, baseY,
    trayY: baseY + baseH, trackY: baseY + baseH + trayH,
    w: colW + 2 * G.pad, h: skyH + G.gap / 2 + rightH + 2 * G.pad, colW };
}

function parseCell(name) {
  return { col: LETTERS.indexOf(name[0]), row: parseInt(name.slice(1), 10) };
}

// centre of a sky cell (row 0 = the mothership's start row)
function skyXY(L, name) {
  const { col, row } = parseCell(name);
  return { x: L.skyX + L.skyLabel + col * G.cw + G.cw / 2, y: L.skyY + G.hull + row * G.ch + G.ch / 2 };
}

function baseXY(L, name) {
  const { col, row } = parseCell(name);
  return { x: L.baseX + G.label + col * G.bw, y: L.baseY + 20 + row * G.bh };
}

// --- pieces ---------------------------------------------------------------------------------

function shipShape(colour, scale = 1, extra = {}) {
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

function arrowShape(direction) {
  const s = direction === "left" ? -1 : 1;
  const colour = direction === "left" ? "#ff4f9a" : "#38d9e6";
  return el("path", { d: `M${-13 * s},-9 L${13 * s},0 L${-13 * s},9 L${-6 * s},0 Z`, fill: "none",
    stroke: colour, "stroke-width": 3, "stroke-linejoin": "round", class: "sym-arrow" });
}

function explosionShape(number, withNumber = true) {
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

function ufoSymbol() {
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

function dieShape(colour, value, size = 34, extra = {}) {
  const [bg, fg] = DIE_COLOURS[colour] || DIE_COLOURS.gray;
  return el("g", { class: `die die-${colour}`, ...extra },
    el("rect", { x: -size / 2, y: -size / 2, width: size, height: size, rx: size / 6, fill: bg,
      stroke: "#222", "stroke-width": 1.5 }),
    ...pips(value, size, fg));
}

function roomIcon(type, x, y, s = 1) {
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

function excavatorShape(x, y) {
  return el("g", { transform: `translate(${x},${y})`, class: "excavator" },
    el("rect", { x: -14, y: -4, width: 24, height: 10, rx: 2, fill: "#f5c518", stroke: "#222" }),
    el("rect", { x: -6, y: -12, width: 10, height: 9, fill: "#f5c518", stroke: "#222" }),
    el("path", { d: "M10,-2 L18,-8 L20,4 L12,4 Z", fill: "#9aa0a6", stroke: "#222" }),
    el("rect", { x: -16, y: 6, width: 28, height: 6, rx: 3, fill: "#333" }));
}

function skullShape(x, y, s = 1) {
  return el("g", { transform: `translate(${x},${y}) scale(${s})`, class: "skull" },
    el("path", { d: "M-9,-2 a9,9 0 1 1 18,0 v5 h-3 v4 h-12 v-4 h-3 z", fill: "#f2f2f2", stroke: "#222" }),
    el("circle", { cx: -4, cy: -1, r: 2.6, fill: "#222" }), el("circle", { cx: 4, cy: -1, r: 2.6, fill: "#222" }));
}

function uncertainMark(x, y, title) {
  return el("g", { class: "uncertain-mark", transform: `translate(${x},${y})` },
    el("title", {}, title),
    el("circle", { r: 7, fill: "#ffd400", stroke: "#222", "stroke-width": 1 }),
    el("text", { y: 4, "text-anchor": "middle", class: "unc-q" }, "?"));
}

// --- the board ------------------------------------------------------------------------------

function defs() {
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

function drawSky(L, view, t) {
  const sky = view.sky;
  const g = el("g", { class: "sky" });
  const x0 = L.skyX;
  const y0 = L.skyY + G.hull;
  const cellsX = x0 + L.skyLabel;
  const w5 = 5 * G.cw;
  const h = (sky.rows + 1) * G.ch;
  g.appendChild(el("rect", { x: cellsX, y: L.skyY, width: w5, height: h + G.hull, fill: "url(#ufs-space)", rx: 6 }));
  g.appendChild(el("rect", { x: cellsX, y: L.skyY, width: w5, height: h + G.hull, fill: "url(#ufs-stars)", rx: 6 }));
  // the tiles (boxed) or cards (9-card), with their side; a threat/difficult side is framed red
  for (const part of sky.parts) {
    const top = Math.min(...part.rows);
    const bottom = Math.max(...part.rows);
    const py = y0 + top * G.ch;
    const hard = part.side === "threat" || part.side === "difficult";
    g.appendChild(el("rect", { x: cellsX + 1, y: py + 1, width: w5 - 2, height: (bottom - top + 1) * G.ch - 2,
      fill: "none", stroke: hard ? "#ff5a5a" : "#4a6b8a", "stroke-width": hard ? 2 : 1,
      "stroke-dasharray": part.uncertain ? "6 4" : null, rx: 4 },
    el("title", {}, [`${part.name}: ${part.side_name}`, ...(part.uncertain ? [t("uncertain data")] : []),
      ...part.doubtful].join("\n"))));
    if (part.uncertain) {
      g.appendChild(uncertainMark(cellsX + w5 - 10, py + 10, [t("from a single unverified transcription"),
        ...part.doubtful].join("\n")));
    }
    const mid = py + (bottom - top + 1) * G.ch / 2;
    // a phone: the tile's (card's) number and side in big letters, or only its number where
    // that does not fit beside the part; the whole name is in the tooltip and the key
    const full = `${part.name} · ${part.side_name}`;
    let label = full;
    if (!L.wide) {
      label = `${part.number} · ${part.side_name}`;
      if (label.length * NARROW.text * 0.56 > (bottom - top + 1) * G.ch - 6) label = String(part.number);
    }
    const lx = x0 + (L.wide ? 8 : 14);
    g.appendChild(el("text", { x: lx, y: mid, class: `part-label${hard ? " hard" : ""}`, "text-anchor": "middle",
      transform: `rotate(-90 ${lx} ${mid})` }, label, el("title", {}, full)));
  }
  // the cell grid's crosses, as printed on the cards
  for (let row = 1; row <= sky.rows; row++) {
    for (let col = 0; col <= 5; col++) {
      const cx = cellsX + col * G.cw;
      const cy = y0 + row * G.ch;
      g.appendChild(el("path", { d: `M${cx - 3},${cy} h6 M${cx},${cy - 3} v6`, stroke: "#7e93b5", "stroke-width": 1,
        opacity: 0.6 }));
    }
  }
  for (let row = 1; row <= sky.rows; row++) {
    const y = y0 + row * G.ch;
    const skull = row === sky.skull_row;
    g.appendChild(el("text", { x: x0 + L.skyLabel - 4, y: y + G.ch / 2 + 4, class: `row-num${skull ? " skull-row" : ""}`,
      "text-anchor": "end" }, row));
    if (row < sky.mothership_row) {
      g.appendChild(el("rect", { x: cellsX, y, width: w5, height: G.ch, fill: "#000", opacity: 0.45 }));
    }
  }
  for (const cell of sky.cells) {
    const { x, y } = skyXY(L, cell.cell);
    const cg = el("g", { transform: `translate(${x},${y})`, class: "sky-cell", "data-cell": cell.cell,
      opacity: cell.row < sky.mothership_row ? 0.35 : 1 });
    if (cell.symbol === "arrow") cg.appendChild(arrowShape(cell.direction));
    else if (cell.symbol === "explosion") cg.appendChild(explosionShape(cell.number, false));
    else if (cell.symbol === "mothership") cg.appendChild(ufoSymbol());
    const arrow = cell.direction === "left" ? t("arrow left") : t("arrow right");
    const label = cell.symbol === "arrow" ? arrow
      : cell.symbol === "explosion" ? t("explosion {n}", { n: cell.number })
        : cell.symbol === "mothership" ? t("mothership symbol") : "";
    if (label) cg.appendChild(el("title", {}, `${cell.cell}: ${label}`));
    g.appendChild(cg);
  }
  // the city strip below the sky: ships passing the last row hit it
  const cityY = y0 + h;
  const cityH = L.city;
  g.appendChild(el("rect", { x: cellsX, y: cityY, width: w5, height: cityH - 6, fill: "#1a2e40", stroke: "#3b6d8f",
    rx: 6 }));
  for (let i = 0; i < 9; i++) {
    const bx = cellsX + 8 + i * 31;
    const bh = 14 + ((i * 37) % 23);
    g.appendChild(el("rect", { x: bx, y: cityY + cityH - 8 - bh, width: 22, height: bh, fill: "#274b66",
      opacity: 0.55 }));
  }
  if (view.city) {
    const lines = cityLines(view, L.wide);
    const titleH = L.wide ? 16 : 22;
    const lineH = L.wide ? 13 : NARROW.lineH;
    lines.title.forEach((line, i) => g.appendChild(el("text", { x: cellsX + 10, y: cityY + (L.wide ? 18 : 22) + i * titleH,
      class: "city-name" }, line)));
    const top = cityY + (L.wide ? 34 : 22 + lines.title.length * titleH + 2);
    lines.ability.forEach((line, i) => {
      g.appendChild(el("text", { x: cellsX + 10, y: top + i * lineH, class: "city-ability" }, line));
    });
    if (view.city.ability_uncertain && view.city.has_ability) {
      g.appendChild(uncertainMark(cellsX + w5 - 14, cityY + 14, t("ability from a third-party transcription")));
    }
  } else {
    g.appendChild(el("text", { x: cellsX + 10, y: cityY + 22, class: "city-name" }, t("the city")));
  }
  return g;
}

function wrapText(text, width) {
  const words = String(text).split(/\s+/);
  const lines = [];
  let line = "";
  for (const w of words) {
    if ((line + " " + w).trim().length > width && line) {
      lines.push(line);
      line = w;
    } else line = (line + " " + w).trim();
  }
  if (line) lines.push(line);
  return lines;
}

// the short form of a printed action on a phone, next to its icon: the amount with its sign
// (the icon says what moves; the key under the board and the tooltip say it in words)
function actionShort(a) {
  if (a.skull && !a.kind) return "";
  if (a.kind === "excavator_back" || a.kind === "research_back") return `−${a.amount}`;
  if (a.kind === "add_white_ships") return `+${a.amount}`;
  if (a.kind === "damage") return String(a.amount);
  if (a.kind === "skull") return "";
  return a.kind ? "?" : "—";
}

function actionText(a, t) {
  return a.skull && !a.kind ? t("Skull: the game is lost") : a.text || "—";
}

function drawActions(L, view, t, st) {
  const sky = view.sky;
  const g = el("g", { class: "actions" });
  const x = L.skyX + L.skyLabel + 5 * G.cw + (L.beside ? G.research : 0) + 4;
  const y0 = L.skyY + G.hull;
  const ship = view.edition.ships.reinforcement;
  // a phone: the column's head in two lines of big letters above it
  const head = L.wide ? [sky.action_word] : wrapText(sky.action_word, 12).slice(0, 2);
  head.forEach((line, i) => g.appendChild(el("text", { x: x + 4, y: L.skyY + G.hull - 8 - (head.length - 1 - i) * 19,
    class: "col-head" }, line)));
  for (const a of sky.actions) {
    const y = y0 + a.row * G.ch;
    const covered = a.row <= sky.mothership_row;
    const text = actionText(a, t);
    const box = el("g", { class: `ms-action${a.next ? " next" : ""}${a.skull ? " skull" : ""}`,
      opacity: covered && !a.skull ? 0.35 : 1, "data-row": a.row });
    box.appendChild(el("rect", { x, y: y + 3, width: L.action - 8, height: G.ch - 6, rx: 5,
      fill: a.skull ? "#5a0d14" : a.next ? "#3b2f0b" : "#17202b", stroke: a.next ? "#ffd166" : "#34465a",
      "stroke-width": a.next ? 2 : 1, "stroke-dasharray": a.uncertain ? "5 3" : null }));
    const iconX = x + (L.wide ? 16 : 20);
    if (a.skull) box.appendChild(skullShape(iconX, y + G.ch / 2, L.wide ? 0.9 : 1.1));
    else if (a.kind) box.appendChild(actionIcon(a.kind, iconX, y + G.ch / 2, ship, L.wide ? 1 : 1.3));
    if (L.wide) {
      wrapText(text, 19).slice(0, 2).forEach((line, i, arr) => {
        box.appendChild(el("text", { x: x + 32, y: y + G.ch / 2 + 4 - (arr.length - 1) * 6 + i * 12,
          class: "ms-action-text" }, line));
      });
    } else {
      // a phone: the icon and the amount, in letters a person can read at that size
      box.appendChild(el("text", { x: x + 44, y: y + G.ch / 2 + 6, class: "ms-action-text short" }, actionShort(a)));
    }
    if (a.next && L.wide) {
      box.appendChild(el("text", { x: x + L.action - 14, y: y + 14, class: "next-tag", "text-anchor": "end" },
        t("next")));
    } else if (a.next) {
      box.appendChild(el("path", { d: `M${x - 3},${y + G.ch / 2 - 7} l9,7 l-9,7 z`, fill: "#ffd166" }));
    }
    if (a.uncertain) box.appendChild(uncertainMark(x + L.action - 16, y + G.ch - 12, t("known from one source only")));
    const title = sky.action_word + ", " + t("row {n}", { n: a.row }) + ": " + text;
    box.appendChild(el("title", {}, title));
    // no hover on a phone: a tap on an action says it in words
    box.addEventListener("click", () => { if (st && !st.animating && st.msg) st.msg.textContent = title; });
    g.appendChild(box);
  }
  return g;
}

function actionIcon(kind, x, y, ship = "white", s = 1) {
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

function drawResearchBeside(L, view, t) {
  const tr = view.tracks.research;
  const g = el("g", { class: "research-track" });
  const x = L.skyX + L.skyLabel + 5 * G.cw + 4;
  const y0 = L.skyY + G.hull;
  g.appendChild(el("g", {}, roomIcon("research", x + G.research / 2 - 4, L.skyY + G.hull - 14, 0.6),
    el("title", {}, tr.name)));
  for (const s of tr.spaces) {
    if (s.where !== "sky") continue;
    g.appendChild(researchSpace(x + 1, y0 + s.sky_row * G.ch + 4, s, tr, t));
  }
  // the start space and the city's spaces, in the city strip
  const cityY = y0 + (view.sky.rows + 1) * G.ch;
  const first = tr.spaces.filter((s) => s.where === "start" || s.where === "city");
  first.forEach((s, i) => g.appendChild(researchSpace(x + 1, cityY + 6 + i * 0, s, tr, t, i)));
  return g;
}

function researchSpace(x, y, s, tr, t, shift = 0) {
  const size = G.research - 8;
  const reached = s.index <= tr.value;
  const g = el("g", { class: `research-space${reached ? " reached" : ""}`, transform: `translate(${shift * (size + 6)},0)` });
  g.appendChild(el("rect", { x, y, width: size, height: size, rx: 4,
    fill: s.index === tr.last ? "#0f3d35" : reached ? "#1d3b39" : "#0f1e26",
    stroke: s.index === tr.last ? "#4cf0c4" : "#1fb5a2", "stroke-width": s.index === tr.last ? 2 : 1.2,
    "stroke-dasharray": s.uncertain ? "4 2" : null }));
  g.appendChild(el("text", { x: x + size / 2, y: y + size / 2 + 5, "text-anchor": "middle",
    class: `research-cost${s.index === tr.last ? " last" : ""}` }, s.where === "start" ? "□" : s.cost));
  if (s.index === tr.value) {
    g.appendChild(el("circle", { cx: x + size - 3, cy: y + 3, r: 7, fill: "#4cf0c4", stroke: "#0b2",
      class: "research-marker" }));
  }
  const what = s.where === "start" ? t("research start") : t("research space {n}, costs {cost}",
    { n: s.index, cost: s.cost });
  g.appendChild(el("title", {}, what + (s.uncertain ? ` (${t("uncertain data")})` : "")));
  return g;
}

function drawMothership(L, view, t) {
  const sky = view.sky;
  const ms = sky.mothership_row;
  const cellsX = L.skyX + L.skyLabel;
  const w5 = 5 * G.cw;
  const yRow = L.skyY + G.hull + ms * G.ch;
  const g = el("g", { class: "mothership", "data-row": ms });
  // the mothership card covers the rows it has come down past
  g.appendChild(el("rect", { x: cellsX, y: yRow - G.hull - 20 * G.ch, width: w5, height: 20 * G.ch + G.hull / 2,
    fill: "#0d1a20", opacity: 0.92 }));
  g.appendChild(el("path", { d: `M${cellsX + 6},${yRow + 4} C${cellsX + 20},${yRow - G.hull + 8} ${cellsX + w5 - 20},`
    + `${yRow - G.hull + 8} ${cellsX + w5 - 6},${yRow + 4} Z`, fill: "url(#ufs-hull)", stroke: "#3de0b0",
    "stroke-width": 1.5 }));
  for (let i = 0; i < 22; i++) {
    const px = cellsX + 20 + i * ((w5 - 40) / 21);
    const py = yRow - 10 - Math.sin((i / 21) * Math.PI) * 22;
    g.appendChild(el("circle", { cx: px, cy: py, r: 1.8, fill: "#5dffc9", opacity: 0.85 }));
  }
  g.appendChild(el("ellipse", { cx: cellsX + w5 / 2, cy: yRow + 2, rx: 50, ry: 6, fill: "#5dffc9", opacity: 0.8 }));
  g.appendChild(el("rect", { x: cellsX, y: yRow + 4, width: w5, height: G.ch - 4, fill: "#0b1419", opacity: 0.85 }));
  for (let col = 0; col < 5; col++) {
    const cx = cellsX + col * G.cw + G.cw / 2;
    g.appendChild(el("rect", { x: cx - 13, y: yRow + G.ch / 2 - 11, width: 26, height: 22, fill: "none",
      stroke: "#40d98a", "stroke-width": 2.5, class: "drop-point", "data-col": LETTERS[col] },
    el("title", {}, t("drop point above column {c}", { c: LETTERS[col] }))));
  }
  g.appendChild(el("text", { x: L.skyX + L.skyLabel - 4, y: yRow + G.ch / 2 + 4, "text-anchor": "end",
    class: "row-num ms-row" }, ms));
  const waiting = view.waiting;
  const names = view.edition.ships;
  const info = t("waiting: {p} {primary}, {w} {reinforcement} · supply {s}", { p: waiting.primary,
    primary: names.primary_name, w: waiting.reinforcement, reinforcement: names.reinforcement_name,
    s: waiting.supply });
  const infoLines = L.wide ? [info] : wrapText(info, 30).slice(0, 2);
  infoLines.forEach((line, i) => g.appendChild(el("text", { x: cellsX + w5 / 2, y: yRow - G.hull + (L.wide ? 22 : 17 + i * 18),
    "text-anchor": "middle", class: "ms-info" }, line)));
  // clipped to the sky: the card never hangs over the page above it
  const clip = el("clipPath", { id: "ufs-skyclip" }, el("rect", { x: cellsX, y: L.skyY, width: w5,
    height: G.hull + (sky.rows + 1) * G.ch }));
  return el("g", { "clip-path": "url(#ufs-skyclip)" }, clip, g);
}

// the explosions' numbers, in their cell's top right corner above the ships: a ship on an
// explosion never hides what it takes to shoot it down
function drawSkyNumbers(L, view, t) {
  const g = el("g", { class: "sky-numbers" });
  const [w, h] = L.wide ? [24, 15] : [30, 19];
  for (const cell of view.sky.cells) {
    if (cell.symbol !== "explosion" || cell.row <= view.sky.mothership_row) continue;
    const { x, y } = skyXY(L, cell.cell);
    const bx = x + G.cw / 2 - w - 1;
    const by = y - G.ch / 2 + 1;
    g.appendChild(el("g", { class: "expl-badge", "data-row": cell.row },
      el("rect", { x: bx, y: by, width: w, height: h, rx: 4 }),
      el("text", { x: bx + w / 2, y: by + h - (L.wide ? 3.5 : 4), "text-anchor": "middle", class: "expl-num" },
        `${cell.number}+`),
      el("title", {}, cell.cell + ": " + t("explosion {n}", { n: cell.number }))));
  }
  return g;
}

function drawShips(L, view, t) {
  const g = el("g", { class: "ships" });
  for (const ship of view.ships) {
    const { x, y } = skyXY(L, ship.cell);
    const s = shipShape(ship.ship, 0.95, { transform: `translate(${x},${y + 4})`, "data-cell": ship.cell });
    s.appendChild(el("title", {}, t("{ship} ship on {cell}", { ship: ship.name, cell: ship.cell })));
    g.appendChild(s);
  }
  return g;
}

function roomRects(L, room) {
  // one frame per run of adjacent spaces in a row (a room spanning rows gets one frame per row)
  const byRow = new Map();
  for (const name of room.spaces) {
    const { row, col } = parseCell(name);
    if (!byRow.has(row)) byRow.set(row, []);
    byRow.get(row).push(col);
  }
  const rects = [];
  for (const [row, cols] of byRow) {
    cols.sort((a, b) => a - b);
    let start = cols[0];
    let prev = cols[0];
    for (const c of [...cols.slice(1), null]) {
      if (c !== null && c === prev + 1) { prev = c; continue; }
      const p = baseXY(L, `${LETTERS[start]}${row}`);
      rects.push({ x: p.x + 4, y: p.y + 6, w: (prev - start + 1) * G.bw - 8, h: G.bh - 12 });
      start = c; prev = c;
    }
  }
  return rects;
}

function signed(n) {
  return n > 0 ? `+${n}` : `−${-n}`; // a true minus sign: "-1" in a small font reads as a dash
}

// a room's (or an AA gun's) modifier: a black tag with white figures in the space's top left corner
function modTag(x, y, value, title) {
  return el("g", { class: "mod-tag-g" },
    el("rect", { x, y, width: 30, height: 18, rx: 3, class: "mod-tag-bg" }),
    el("text", { x: x + 15, y: y + 14, "text-anchor": "middle", class: "mod-tag" }, signed(value)),
    el("title", {}, title));
}

// how far the excavator must dig to free a space: the excavator's yellow, a little shovel and the
// number of steps (a die of at least that value may dig there), in the space's bottom left corner
function digMark(x, y, distance, title) {
  return el("g", { class: "dig-mark", transform: `translate(${x},${y})` },
    el("rect", { x: 0, y: 0, width: 38, height: 18, rx: 9, class: "dig-mark-bg" }),
    miniExcavator(4, 4),
    el("text", { x: 29, y: 14, "text-anchor": "middle", class: "dig-num" }, distance),
    el("title", {}, title));
}

// the excavator's silhouette, 16 x 10 units from (x, y): cab, body, arm and bucket, tracks
function miniExcavator(x, y, colour = "#3a2c00") {
  return el("path", { transform: `translate(${x},${y})`, fill: colour,
    d: "M0,5 h10 v3 h-10 z M2,1 h4 v4 h-4 z M10,5 L14,0 L16,1 L13,5 L16,7 L12,7 z M0,9 h11 v1.5 h-11 z" });
}

function drawBase(L, view, t) {
  const base = view.base;
  const g = el("g", { class: "base" });
  const x0 = L.baseX + G.label;
  const y0 = L.baseY + 20;
  g.appendChild(el("rect", { x: x0, y: y0, width: 5 * G.bw, height: 6 * G.bh, fill: "url(#ufs-dirt)", rx: 6 }));
  for (let c = 0; c < 5; c++) {
    g.appendChild(el("text", { x: x0 + c * G.bw + G.bw / 2, y: y0 - 6, "text-anchor": "middle", class: "col-letter" },
      LETTERS[c]));
  }
  for (let r = 0; r < 6; r++) {
    g.appendChild(el("text", { x: x0 - 6, y: y0 + r * G.bh + G.bh / 2 + 4, "text-anchor": "end", class: "row-num" },
      r));
  }
  // the tiles' (cards') edges: AA guns, the top tile (rows 1-2), the bottom tile (rows 3-5)
  for (const r of [1, 3]) {
    g.appendChild(el("line", { x1: x0, x2: x0 + 5 * G.bw, y1: y0 + r * G.bh, y2: y0 + r * G.bh, stroke: "#2a1d12",
      "stroke-width": 3 }));
  }
  // what is printed on the spaces (tags, costs, marks) is drawn last, above the rubble and the pieces
  const labels = el("g", { class: "base-labels" });
  for (const s of base.spaces) {
    if (s.kind !== "aa_gun") continue;
    const p = baseXY(L, s.space);
    const gg = el("g", { class: "aa-gun" });
    gg.appendChild(el("rect", { x: p.x + 6, y: p.y + 6, width: G.bw - 12, height: G.bh - 12, rx: 3, fill: "#cfcfcf",
      stroke: "#6d6d6d", "stroke-width": 4 }));
    gg.appendChild(el("path", { d: `M${p.x + G.bw / 2 - 12},${p.y + 34} h24 l-12,16 z`, fill: "#111" }));
    gg.appendChild(el("rect", { x: p.x + G.bw / 2 - 6, y: p.y + 20, width: 12, height: 14, fill: "#111" }));
    gg.appendChild(el("title", {}, `${s.space}: ${s.name} (${t("ships move one step less")})`));
    g.appendChild(gg);
    labels.appendChild(modTag(p.x + 10, p.y + 10, base.aa_gun_modifier,
      `${s.space}: ${s.name}: ${t("ships move one step less")}`));
  }
  for (const room of base.rooms) {
    const colour = ROOM_COLOURS[room.effects[0]] || "#aaa";
    const rg = el("g", { class: "room", "data-room": room.index, "data-anchor": room.anchor });
    const rects = roomRects(L, room);
    rects.forEach((r, i) => {
      rg.appendChild(el("rect", { x: r.x, y: r.y, width: r.w, height: r.h, rx: 4, fill: "#dcd8d0", stroke: colour,
        "stroke-width": 5, class: "room-frame", "stroke-dasharray": room.uncertain ? "10 4" : null }));
      if (room.effects.length > 1) {
        // a room with two effects: its frame in both colours, as printed
        rg.appendChild(el("path", { d: `M${r.x + r.w / 2},${r.y + r.h} H${r.x + r.w} V${r.y} H${r.x + r.w / 2}`,
          fill: "none", stroke: ROOM_COLOURS[room.effects[1]], "stroke-width": 5 }));
      }
      if (i === 0) {
        const icx = r.x + r.w / 2 + (room.modifier && r.w < G.bw ? 6 : 0);
        room.effects.forEach((e, k) => rg.appendChild(roomIcon(e, icx + (k - (room.effects.length - 1) / 2) * 30,
          r.y + r.h / 2 - 1, 1)));
      }
    });
    if (rects.length > 1) {
      for (let i = 1; i < rects.length; i++) {
        const a = rects[i - 1];
        const b = rects[i];
        rg.appendChild(el("line", { x1: a.x + a.w / 2, y1: a.y + a.h, x2: b.x + b.w / 2, y2: b.y, stroke: colour,
          "stroke-width": 4, "stroke-dasharray": "6 4" }));
      }
    }
    const r0 = rects[0];
    const costText = t("cost {n} energy", { n: room.energy_cost });
    const modText = room.modifier ? ", " + t("modifier {m}", { m: signed(room.modifier) }) : "";
    const title = `${room.anchor}: ${room.name} (${costText}${modText})`;
    rg.appendChild(el("title", {}, title));
    g.appendChild(rg);
    // inside the room's frame: the modifier top left, the energy cost on the bottom edge
    if (room.modifier) {
      labels.appendChild(modTag(r0.x + 5, r0.y + 4, room.modifier,
        room.anchor + ": " + t("room modifier {m}: added to the sum of its dice when the room is used",
          { m: signed(room.modifier) })));
    }
    for (let i = 0; i < room.energy_cost; i++) {
      const cx = r0.x + r0.w / 2 + (i - (room.energy_cost - 1) / 2) * 15;
      const cy = r0.y + r0.h - 4;
      labels.appendChild(el("g", { class: "energy-cost" },
        el("circle", { cx, cy, r: 7, fill: "#f5c518", stroke: "#6a5000" }),
        el("path", { d: `M${cx + 1},${cy - 5} l-4,5 h3 l-1,5 l4,-6 h-3 z`, fill: "#222" }),
        el("title", {}, `${room.anchor}: ${costText}`)));
    }
    if (room.uncertain) labels.appendChild(uncertainMark(r0.x + r0.w - 8, r0.y + 8, t("uncertain data")));
  }
  // unexcavated spaces are still under the rubble; how far the excavator must dig is marked
  for (const s of base.spaces) {
    const p = baseXY(L, s.space);
    if (!s.excavated && !s.excavator) {
      g.appendChild(el("rect", { x: p.x, y: p.y, width: G.bw, height: G.bh, fill: "url(#ufs-rubble)",
        class: "rubble" }));
      if (s.distance >= 1 && s.distance <= 6) {
        labels.appendChild(digMark(p.x + 7, p.y + G.bh - 32, s.distance,
          s.space + ": " + t("distance from the excavator {n}: a die of {n} or more may go here to dig", { n: s.distance })));
      }
    }
    if (s.excavator) {
      g.appendChild(el("rect", { x: p.x, y: p.y, width: G.bw, height: G.bh, fill: "url(#ufs-rubble)",
        class: "rubble" }));
      const exc = excavatorShape(p.x + G.bw / 2, p.y + G.bh / 2 + 2);
      exc.classList.add("excavator-piece");
      exc.appendChild(el("title", {}, `${s.space}: ${t("the excavator")}`));
      g.appendChild(exc);
    }
    if (s.kind === "tunnel") {
      g.appendChild(el("title", {}, `${s.space}: ${s.name}`));
    }
    if (s.dig) {
      labels.appendChild(el("text", { x: p.x + 9, y: p.y + G.bh - 38, class: "dig-tag", "data-space": s.space },
        t("dig")));
    }
  }
  const pieces = el("g", { class: "base-pieces" });
  for (const s of base.spaces) {
    const p = baseXY(L, s.space);
    if (s.die) {
      pieces.appendChild(dieShape(view.edition.dice.plain, s.die, 30,
        { transform: `translate(${p.x + G.bw - 22},${p.y + G.bh - 26})`, "data-space": s.space }));
    } else if (s.robot) {
      const rob = dieShape("blue", s.robot, 30, { transform: `translate(${p.x + G.bw - 22},${p.y + G.bh - 26})`,
        opacity: s.exhausted ? 0.45 : 1, "data-space": s.space });
      rob.appendChild(el("title", {}, s.exhausted ? t("exhausted robot {n}", { n: s.robot }) : t("robot {n}",
        { n: s.robot })));
      pieces.appendChild(rob);
      if (s.exhausted) pieces.appendChild(el("text", { x: p.x + G.bw - 38, y: p.y + G.bh - 38, class: "zz" }, "z z"));
    }
  }
  g.appendChild(pieces);
  g.appendChild(labels);
  return g;
}

function drawTracks(L, view, t) {
  const tr = view.tracks;
  const g = el("g", { class: "tracks" });
  const x0 = L.baseX + G.label;
  let y = L.trackY + 8;
  const box = 34;
  const row = (label, n, value, colour, opts = {}) => {
    g.appendChild(el("text", { x: x0, y: y + 12, class: "track-label" }, label));
    const gx = x0 + (L.wide ? 86 : 100);
    for (let i = 0; i <= n; i++) {
      const bx = gx + i * (box + 3);
      const last = i === n && opts.skullAtEnd;
      g.appendChild(el("rect", { x: bx, y, width: box, height: box - 6, rx: 4, fill: last ? "#4a0c12" : "#1b2530",
        stroke: colour, "stroke-width": i === value ? 3 : 1, "stroke-dasharray": opts.uncertain ? "4 2" : null }));
      if (last) g.appendChild(skullShape(bx + box / 2, y + 13, 0.8));
      else g.appendChild(el("text", { x: bx + box / 2, y: y + 19, "text-anchor": "middle", class: "track-num" }, i));
      if (i === value) {
        g.appendChild(el("circle", { cx: bx + box / 2, cy: y + box - 6, r: 6, fill: colour, stroke: "#000",
          class: `marker marker-${opts.kind}`, "data-x0": gx + box / 2, "data-step": box + 3,
          "data-last": n }));
      }
    }
    if (opts.uncertain) g.appendChild(uncertainMark(gx + (n + 1) * (box + 3) + 8, y + 10, opts.note));
    y += box + 8;
  };
  row(tr.energy.name, tr.energy.max, tr.energy.value, "#f2c12e",
    { uncertain: tr.energy.uncertain, kind: "energy", note: t("track length is an interpretation") });
  row(tr.damage.name, tr.damage.limit, tr.damage.value, "#ff5a5a",
    { uncertain: tr.damage.uncertain, skullAtEnd: true, kind: "damage", note: t("track length is an interpretation") });
  if (!tr.research.beside_sky) {
    // the 9-card edition's research card: the track zig-zags in rows of five
    g.appendChild(el("text", { x: x0, y: y + 14, class: "track-label" }, tr.research.name));
    const size = 34;
    tr.research.spaces.forEach((s, i) => {
      const r = Math.floor(i / 5);
      const c = r % 2 ? 4 - (i % 5) : i % 5;
      const rg = researchSpace(x0 + (L.wide ? 86 : 100) + c * (size + 12), y + r * (size + 6), s, tr.research, t);
      g.appendChild(rg);
    });
  } else {
    g.appendChild(el("text", { x: x0, y: y + 14, class: "track-label" },
      `${tr.research.name}: ${tr.research.value} / ${tr.research.last}`));
  }
  return g;
}

// --- the status bar and the dice tray ------------------------------------------------------------

function trayGeometry(L) {
  const x0 = L.baseX + G.label;
  // a phone: the words above the dice, the dice big enough for a finger
  if (!L.wide) return { x0, y: L.trayY + 40, slot: NARROW.slot, die: NARROW.die, labelY: L.trayY + 20 };
  return { x0, y: L.trayY + 14, slot: 52, die: 38 };
}

// --- interaction -----------------------------------------------------------------------------

function movesByKind(moves) {
  const out = {};
  for (const m of moves || []) (out[m.kind] ||= []).push(m);
  return out;
}

function focusable(node, label, onActivate) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.addEventListener("click", (e) => { e.stopPropagation(); onActivate(e); });
  node.addEventListener("pointerdown", () => { cancelPreviews(); });
  node.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onActivate(e); }
  });
  return node;
}

function notation(view, die, space) {
  const letters = view.edition.letters.dice;
  return `${letters[die.kind === "plain" ? 0 : 1]}${die.value}${space}`;
}

// the board's stylesheet, loaded once before the first drawing (so nothing moves when it arrives)
let styleReady = null;
function ensureStyle() {
  if (styleReady) return styleReady;
  styleReady = new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = new URL("./ufs.css", import.meta.url).href;
    link.setAttribute("data-ufs-css", "");
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => resolve()); // the board still draws, unstyled
    document.head.appendChild(link);
  });
  return styleReady;
}

export async function render(container, game, ui) {
  await ensureStyle();
  const t = (msg, params) => (ui && ui.t ? ui.t(msg, params) : fill(msg, params));
  let st = states.get(container);
  if (!st) {
    st = { selected: null, animating: null, lastPly: null, width: 0 };
    states.set(container, st);
    if (typeof ResizeObserver !== "undefined") {
      const ro = new ResizeObserver(() => {
        const w = container.clientWidth;
        if (st.game && !st.animating && Math.abs(w - st.width) > 4 && (w >= WIDE) !== (st.width >= WIDE)) {
          draw(container, st, st.ui, st.t);
        }
      });
      ro.observe(container);
      st.ro = ro;
    }
  }
  st.container = container;
  if (st.lastPly !== game.ply) {
    st.selected = null; // a new position: the choice and the message of the last one are gone
    st.message = "";
    st.armed = null;
  }
  if (st.animating && st.animating.ply === game.ply) {
    // the same position again (a live update of the move being played out): let the animation finish
    st.game = game;
    st.ui = ui;
    return;
  }
  const prev = st.game;
  st.game = game;
  st.ui = ui;
  st.t = t;
  // the events of the move just made (the POST's "new", or what the shell passes as ui.fresh)
  const events = (game.new && game.new.length ? game.new : ui && ui.fresh) || [];
  const fresh = events.length && prev && prev.ply < game.ply && prev.view && !prev.view.setup;
  const reduce = typeof matchMedia !== "undefined" && matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (st.animating) st.animating.cancel();
  st.lastPly = game.ply;
  if (fresh && !reduce && needsAnimation(events)) {
    animate(container, st, prev, game, events, ui, t);
  } else {
    draw(container, st, ui, t);
    if (events.length) narrated(ui && ui.narrated, events.length); // nothing to play out: every line at once
  }
}

function seatTokensOf(ui, game) {
  const tokens = ui && (typeof ui.seatTokens === "function" ? ui.seatTokens(game.id) : ui.seatTokens);
  return tokens && typeof tokens === "object" ? tokens : {};
}

// as monstros.js decides it: a seat is to move and this page holds that seat's token
function canAct(game, ui) {
  return game.to_move !== null && game.to_move !== undefined
    && seatTokensOf(ui, game)[String(game.to_move)] !== undefined;
}

function needsAnimation(events) {
  return events.some((e) => ["ship_moved", "mothership_descended", "ship_spawned", "ship_hit_city",
    "ships_shot_down"].includes((e.event || e).kind));
}

function shell(container) {
  let root = container.querySelector(":scope > .ufs-board");
  if (!root) {
    container.innerHTML = "";
    root = html("div", { class: "ufs-board" });
    container.appendChild(root);
  }
  return root;
}

function draw(container, st, ui, t, opts = {}) {
  const game = opts.game || st.game;
  const view = game.view;
  const root = shell(container);
  root.innerHTML = "";
  // for people using assistive technology and for tests: is the board settled, and in which phase
  root.setAttribute("aria-busy", opts.passive ? "true" : "false");
  root.dataset.phase = view.phase;
  root.dataset.ply = String(game.ply);
  if (view.setup || !view.sky) {
    root.appendChild(html("div", { class: "ufs-status" }, html("strong", {}, view.edition.name), " · ",
      t("The set-up draw decides the sky.")));
    return;
  }
  const width = container.clientWidth || 1000;
  st.width = width;
  const L = layoutFor(view, width);
  // moves are offered only to the device holding the token of the seat to move (else: 403)
  const interactive = !opts.passive && canAct(game, ui) && game.moves && game.moves.length;
  const moves = interactive ? movesByKind(game.moves) : {};
  root.appendChild(statusBar(view, game, moves, st, ui, t, !!interactive));
  const svg = el("svg", { viewBox: `0 0 ${L.w} ${L.h}`, class: `ufs-svg${L.wide ? " wide" : " narrow"}`,
    role: "group", "aria-label": t("Under Falling Skies board") });
  svg.appendChild(defs());
  svg.appendChild(drawSky(L, view, t));
  if (L.beside) svg.appendChild(drawResearchBeside(L, view, t));
  svg.appendChild(drawActions(L, view, t, st));
  svg.appendChild(drawMothership(L, view, t));
  svg.appendChild(drawShips(L, view, t));
  svg.appendChild(drawSkyNumbers(L, view, t));
  svg.appendChild(drawBase(L, view, t));
  svg.appendChild(drawTracks(L, view, t));
  svg.appendChild(drawTray(L, view, game, moves, st, ui, t));
  const overlay = el("g", { class: "overlay" });
  svg.appendChild(overlay);
  const wrap = html("div", { class: "ufs-svg-wrap" });
  wrap.appendChild(svg);
  root.appendChild(wrap);
  const msg = html("div", { class: "ufs-message", "aria-live": "polite" }, st.message || "");
  root.appendChild(msg);
  st.svg = svg; st.L = L; st.overlay = overlay; st.msg = msg;
  if (interactive) wireMoves(svg, L, view, game, moves, st, ui, t);
  root.appendChild(boardKey(L, view, st, t));
  if (view.notes && view.notes.length) {
    root.appendChild(html("details", { class: "ufs-notes" }, html("summary", {}, "⚠ ", t("About the data"),
      ` (${view.notes.length})`), html("ul", {}, view.notes.map((n) => html("li", {}, n)))));
  }
}

// the board's key: what its marks mean (and, on a phone, the mothership actions in words)
function boardKey(L, view, st, t) {
  const icon = (w, h, ...nodes) => {
    const svg = el("svg", { viewBox: `0 0 ${w} ${h}`, width: w, height: h, class: "ufs-key-icon", "aria-hidden": "true" });
    nodes.forEach((n) => svg.appendChild(n));
    return svg;
  };
  const item = (svg, text) => html("li", {}, svg, html("span", {}, text));
  const items = [
    item(icon(34, 22, el("rect", { x: 2, y: 2, width: 30, height: 18, rx: 3, fill: "#111", stroke: "#fff" }),
      el("text", { x: 17, y: 16, "text-anchor": "middle", fill: "#fff", "font-size": 14, "font-weight": 800 }, "+1")),
    t("Room modifier: added to the sum of the room's dice. On an AA gun (−1): ships move one step less.")),
    item(icon(40, 22, el("g", { transform: "translate(1,2)" },
      el("rect", { x: 0, y: 0, width: 38, height: 18, rx: 9, fill: "#f5c518", stroke: "#3a2c00" }),
      miniExcavator(4, 4),
      el("text", { x: 29, y: 14, "text-anchor": "middle", fill: "#2a1f00", "font-size": 13, "font-weight": 800 }, "4"))),
    t("Excavator's distance: the space is that many steps ahead of the excavator; a die of at least that value may go there to dig.")),
    item(icon(22, 22, el("circle", { cx: 11, cy: 11, r: 8, fill: "#f5c518", stroke: "#6a5000" }),
      el("path", { d: "M12,6 l-4,5 h3 l-1,5 l4,-6 h-3 z", fill: "#222" })),
    t("Energy the room costs to use.")),
    item(icon(30, 22, el("rect", { x: 1, y: 2, width: 28, height: 18, rx: 4, fill: "#0a0e1e", stroke: "#ff9f40" }),
      el("text", { x: 15, y: 16, "text-anchor": "middle", fill: "#ffb054", "font-size": 13, "font-weight": 800 }, "5+")),
    t("Explosion: fighters of that value or more shoot down a ship on it.")),
    item(icon(30, 22, el("g", { transform: "translate(15,11) scale(0.7)" }, arrowShape("right"))),
      t("Arrow: a ship stopping there moves one column that way, if that space is empty.")),
    item(icon(22, 22, el("circle", { cx: 11, cy: 11, r: 8, fill: "#ffd400", stroke: "#222" }),
      el("text", { x: 11, y: 15, "text-anchor": "middle", "font-size": 12, "font-weight": 800, fill: "#222" }, "?")),
    t("Uncertain data: see “About the data”.")),
  ];
  if (!L.wide) {
    // a phone shows each mothership action as its icon and amount: here they are in words
    const seen = new Set();
    for (const a of view.sky.actions) {
      const text = actionText(a, t);
      const key = `${a.kind}|${a.amount}|${a.skull}`;
      if (seen.has(key) || (!a.kind && !a.skull)) continue;
      seen.add(key);
      const svg = icon(64, 26, el("rect", { x: 0, y: 0, width: 64, height: 26, rx: 4, fill: "#17202b" }),
        a.skull ? skullShape(14, 13, 0.8) : actionIcon(a.kind, 14, 13, view.edition.ships.reinforcement, 0.9),
        el("text", { x: 30, y: 18, fill: "#e8eef5", "font-size": 14, "font-weight": 700 }, actionShort(a)));
      items.push(item(svg, text));
    }
  }
  const key = html("details", { class: "ufs-key" }, html("summary", {}, t("Key")), html("ul", {}, items));
  if (st.keyOpen) key.open = true;
  key.addEventListener("toggle", () => { st.keyOpen = key.open; });
  return key;
}

function statusBar(view, game, moves, st, ui, t, interactive) {
  const bar = html("div", { class: "ufs-status" });
  bar.appendChild(html("span", { class: "ufs-phase" }, t("Round {n}", { n: view.round }) + " · " + view.phase_title));
  let prompt = "";
  if (view.status.over) prompt = view.status.text;
  else if (!interactive) prompt = "";
  else if (view.phase === "place") prompt = st.selected ? t("Choose a space for the die") : t("Choose a die, then a space");
  else if (view.phase === "rooms") prompt = t("Click a room to use it, or a die's × to discard it");
  else if (view.phase === "install") prompt = t("Install the robot {n} on a highlighted space", { n: view.robots.install_value });
  else if (view.phase === "spawn") prompt = t("Choose the drop point where the ship spawns");
  else if (view.phase === "ability") {
    prompt = moves.six ? t("City ability: click a die to set it to 6, or keep the roll") : view.prompt;
  }
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

function drawTray(L, view, game, moves, st, ui, t) {
  const g = el("g", { class: "tray" });
  const { x0, y, slot, die: dieSize, labelY } = trayGeometry(L);
  const n = view.tray;
  g.appendChild(el("rect", { x: x0 - 6, y: y - 10, width: n * slot + 12, height: slot + 20, rx: 10, fill: "#2a2f36",
    stroke: "#555" }));
  const robots = view.robots;
  const robotsText = t("robots {n}/{max}", { n: robots.count, max: robots.max });
  const pending = robots.install_value ? [robots.install_value, ...robots.pending] : robots.pending;
  if (L.wide) {
    g.appendChild(el("text", { x: x0 + n * slot + 16, y: y + 8, class: "track-label" }, t("Dice")));
    g.appendChild(el("text", { x: x0 + n * slot + 16, y: y + 28, class: "tray-info" }, robotsText));
    pending.forEach((v, i) => g.appendChild(dieShape("blue", v, 24,
      { transform: `translate(${x0 + n * slot + 30 + i * 30},${y + 48})` })));
  } else {
    g.appendChild(el("text", { x: x0, y: labelY, class: "track-label" }, t("Dice")));
    g.appendChild(el("text", { x: x0 + 80, y: labelY, class: "tray-info" }, robotsText));
    pending.forEach((v, i) => g.appendChild(dieShape("blue", v, 26,
      { transform: `translate(${x0 + 260 + i * 32},${labelY - 6})` })));
  }
  for (let i = 0; i < n; i++) {
    g.appendChild(el("rect", { x: x0 + i * slot + 4, y: y - 2, width: slot - 8, height: slot - 8, rx: 8,
      fill: "none", stroke: "#4a525c", "stroke-dasharray": "4 3" }));
  }
  const byDie = new Map();
  for (const m of [...(moves.place || []), ...(moves.six || [])]) {
    const key = `${m.color}${m.value}`;
    if (!byDie.has(key)) byDie.set(key, []);
    byDie.get(key).push(m);
  }
  for (const die of view.dice) {
    const cx = x0 + die.index * slot + slot / 2;
    const cy = y + (slot - 8) / 2 - 2;
    const selected = st.selected && st.selected.index === die.index;
    const d = dieShape(die.color, die.value, dieSize, { transform: `translate(${cx},${cy})`,
      class: `die die-${die.color} tray-die${selected ? " selected" : ""}`, "data-die": die.index });
    const label = t("{colour} die showing {n}", { colour: die.name, n: die.value });
    d.appendChild(el("title", {}, label));
    const own = byDie.get(`${die.color}${die.value}`) || [];
    if (own.length) {
      d.classList.add("can-move");
      focusable(d, label, () => {
        if (view.phase === "ability") {
          const six = own.find((m) => m.kind === "six");
          if (six) send(ui, six.id);
          return;
        }
        st.selected = selected ? null : die;
        st.message = "";
        draw(st.container, st, ui, t);
        const again = st.svg.querySelector(`[data-die="${die.index}"]`);
        if (again) again.focus();
      });
    }
    g.appendChild(d);
  }
  return g;
}

function say(st, ui, text) {
  st.message = text;
  if (st.msg) st.msg.textContent = text;
  if (ui && ui.say) ui.say(text);
}

// on a touch screen there is no hover: the first tap on a legal target shows what it would do,
// a second tap on the same target plays it
function touchFirst(st, move, ui, t, play) {
  return (e) => {
    if (e && e.pointerType === "touch" && st.armed !== move.id) {
      st.armed = move.id;
      showPreview(st, move, ui, t, t("Tap again to play it."));
      return;
    }
    st.armed = null;
    play();
  };
}

// the runs of side-by-side spaces of a room, each as [first space, ..., last space] of one row
function roomRuns(room) {
  const byRow = new Map();
  for (const name of room.spaces) {
    const { row } = parseCell(name);
    if (!byRow.has(row)) byRow.set(row, []);
    byRow.get(row).push(name);
  }
  const runs = [];
  for (const names of byRow.values()) {
    names.sort();
    let run = [names[0]];
    for (const name of names.slice(1)) {
      if (parseCell(name).col === parseCell(run[run.length - 1]).col + 1) run.push(name);
      else { runs.push(run); run = [name]; }
    }
    runs.push(run);
  }
  return runs;
}

// a target on the base: one space (a name) or a run of side-by-side spaces of one room (a list)
function spaceHit(svg, L, target, cls, label, onActivate, onHover, onLeave) {
  const names = Array.isArray(target) ? target : [target];
  const p = baseXY(L, names[0]);
  const hit = el("rect", { x: p.x + 2, y: p.y + 2, width: names.length * G.bw - 4, height: G.bh - 4, rx: 6,
    class: cls, "data-space": names[0], "data-spaces": names.length > 1 ? names.join(" ") : null });
  if (label !== null) focusable(hit, label, onActivate);
  else hit.addEventListener("click", onActivate);
  if (onHover) {
    hit.addEventListener("mouseenter", onHover);
    hit.addEventListener("focus", onHover);
  }
  if (onLeave) {
    hit.addEventListener("mouseleave", onLeave);
    hit.addEventListener("blur", onLeave);
  }
  return hit;
}

function wireMoves(svg, L, view, game, moves, st, ui, t) {
  const layer = el("g", { class: "hits" });
  svg.insertBefore(layer, st.overlay);
  const clear = () => { st.previewToken = (st.previewToken || 0) + 1; st.overlay.innerHTML = ""; };
  if (view.phase === "place") {
    const sel = st.selected;
    const targets = new Map();
    if (sel) {
      for (const m of moves.place || []) {
        if (m.color === sel.color && m.value === sel.value) targets.set(m.space, m);
      }
    }
    for (const s of view.base.spaces) {
      const m = targets.get(s.space);
      if (m) {
        layer.appendChild(spaceHit(svg, L, s.space, "hit legal", `${m.text || m.notation}`,
          touchFirst(st, m, ui, t, () => send(ui, m.id)), () => showPreview(st, m, ui, t), clear));
      } else {
        layer.appendChild(spaceHit(svg, L, s.space, "hit", null, () => {
          if (!sel) { say(st, ui, t("Choose a die first.")); return; }
          const why = view.refusals[notation(view, sel, s.space)];
          say(st, ui, why ? why.error + (why.rule ? ` (${why.rule})` : "") : t("That move is not possible."));
        }));
      }
    }
  }
  if (view.phase === "rooms") {
    const uses = new Map((moves.use || []).map((m) => [m.space, m]));
    for (const room of view.base.rooms) {
      const m = uses.get(room.anchor);
      // a room of several spaces is one target, drawn as one shape (no seam between its spaces)
      for (const run of roomRuns(room)) {
        if (m) {
          layer.appendChild(spaceHit(svg, L, run, "hit legal room-use",
            t("use the {room} {space}", { room: room.name, space: room.anchor }),
            touchFirst(st, m, ui, t, () => send(ui, m.id)), () => showPreview(st, m, ui, t), clear));
        } else {
          layer.appendChild(spaceHit(svg, L, run, "hit", null, () => {
            const why = view.refusals[`use ${room.anchor}`];
            say(st, ui, why ? why.error + (why.rule ? ` (${why.rule})` : "") : t("That room cannot be used now."));
          }));
        }
      }
    }
  }
  if (view.phase === "install") {
    for (const m of moves.install || []) {
      layer.appendChild(spaceHit(svg, L, m.space, "hit legal", t("install the robot on {space}", { space: m.space }),
        touchFirst(st, m, ui, t, () => send(ui, m.id)), () => showPreview(st, m, ui, t), clear));
    }
    const legal = new Set((moves.install || []).map((m) => m.space));
    for (const s of view.base.spaces) {
      if (legal.has(s.space) || s.robot) continue;
      layer.appendChild(spaceHit(svg, L, s.space, "hit", null, () => {
        const why = view.refusals[`install ${s.space}`];
        say(st, ui, why ? why.error + (why.rule ? ` (${why.rule})` : "") : t("The robot cannot go there."));
      }));
    }
  }
  // small buttons on the pieces: discard a die, dig with it, remove a robot
  const corner = (m, dx, dy, symbol, label, cls) => {
    const p = baseXY(L, m.space);
    const mark = symbol === "dig" ? el("g", { transform: "scale(0.45)" }, excavatorShape(0, 0))
      : el("text", { y: 4, "text-anchor": "middle" }, symbol);
    // bigger on a phone, where a finger must hit them
    const scale = L.wide ? 1 : 1.35;
    const b = el("g", { class: `piece-btn ${cls}`,
      transform: `translate(${p.x + dx},${p.y + dy}) scale(${scale})` },
    el("circle", { r: 11 }), mark, el("title", {}, label));
    focusable(b, label, () => send(ui, m.id));
    b.addEventListener("mouseenter", () => showPreview(st, m, ui, t));
    b.addEventListener("mouseleave", clear);
    layer.appendChild(b);
  };
  for (const m of moves.discard || []) corner(m, G.bw - 8, 14, "×", t("discard the die on {space}", { space: m.space }), "discard");
  for (const m of moves.dig || []) corner(m, 24, G.bh - 23, "dig", t("dig: move the excavator to {space}", { space: m.space }), "dig");
  for (const m of moves.remove || []) corner(m, G.bw - 8, 14, "×", t("remove the robot on {space}", { space: m.space }), "remove");
  if (view.phase === "spawn") {
    const byCol = new Map();
    for (const m of moves.spawn || []) {
      if (!byCol.has(m.col)) byCol.set(m.col, []);
      byCol.get(m.col).push(m);
    }
    for (const [col, ms] of byCol) {
      ms.forEach((m, i) => {
        const { x, y } = skyXY(L, m.cell);
        const off = ms.length > 1 ? (i - 0.5) * 26 : 0;
        const b = el("g", { class: "spawn-btn", transform: `translate(${x + off},${y + 2})` },
          el("rect", { x: -14, y: -13, width: 28, height: 26, rx: 5, class: "spawn-frame" }),
          shipShape(m.ship, ms.length > 1 ? 0.55 : 0.75));
        focusable(b, t("spawn a {ship} ship above column {c}", { ship: m.ship, c: col }), () => send(ui, m.id));
        b.addEventListener("mouseenter", () => showPreview(st, m, ui, t));
        b.addEventListener("mouseleave", clear);
        layer.appendChild(b);
      });
    }
  }
}

// --- previews: what a move would do, drawn over the board ------------------------------------

let previewEpoch = 0;
function send(ui, id) {
  cancelPreviews();
  return ui.play(id);
}

function cancelPreviews() {
  previewEpoch += 1;
}

async function showPreview(st, move, ui, t, suffix = "") {
  if (!ui || !ui.preview) return;
  const token = (st.previewToken = (st.previewToken || 0) + 1);
  const ply = st.game && st.game.ply;
  const epoch = previewEpoch;
  // a short pause: passing over the board asks nothing, and a move just sent is not previewed
  await new Promise((resolve) => setTimeout(resolve, 120));
  if (token !== st.previewToken || epoch !== previewEpoch || st.animating || !st.game || st.game.ply !== ply
    || ui.busy) return;
  let events;
  try {
    events = await ui.preview(move.id);
  } catch (err) {
    return;
  }
  if (token !== st.previewToken || !st.overlay) return;
  const L = st.L;
  const o = st.overlay;
  o.innerHTML = "";
  const lines = [];
  const gone = new Set();
  for (const item of events || []) {
    const ev = item.event || item;
    if (item.text) lines.push(item.text);
    if (ev.kind === "ship_moved") {
      const a = skyXY(L, ev.from);
      const b = skyXY(L, ev.to);
      o.appendChild(el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: `pv-path ${ev.why}` }));
      o.appendChild(shipShape(ev.ship, 0.9, { transform: `translate(${b.x},${b.y + 4})`, class: "pv-ship",
        opacity: 0.75 }));
      gone.add(ev.from);
    } else if (ev.kind === "ship_hit_city") {
      const a = skyXY(L, ev.from);
      const yCity = L.skyY + G.hull + (st.game.view.sky.rows + 1) * G.ch + 20;
      o.appendChild(el("line", { x1: a.x, y1: a.y, x2: a.x, y2: yCity, class: "pv-path hit" }));
      o.appendChild(el("g", { transform: `translate(${a.x},${yCity})`, class: "pv-hit" }, explosionShape("!")));
    } else if (ev.kind === "arrow_blocked") {
      const a = skyXY(L, ev.at);
      o.appendChild(el("text", { x: a.x, y: a.y - 10, class: "pv-blocked", "text-anchor": "middle" }, "⊘"));
    } else if (ev.kind === "ships_shot_down") {
      for (const s of ev.ships) {
        const a = skyXY(L, s.at);
        o.appendChild(el("circle", { cx: a.x, cy: a.y, r: 18, class: "pv-shot" }));
      }
    } else if (ev.kind === "mothership_descended") {
      const y = L.skyY + G.hull + ev.row * G.ch;
      o.appendChild(el("rect", { x: L.skyX + L.skyLabel, y, width: 5 * G.cw, height: G.ch, class: "pv-ms" }));
    }
  }
  for (const cell of gone) {
    const a = skyXY(L, cell);
    o.appendChild(el("circle", { cx: a.x, cy: a.y + 4, r: 15, class: "pv-from" }));
  }
  const text = (lines.length ? `${move.notation}: ${lines.join(" ")}` : move.text || move.notation || "")
    + (suffix ? ` ${suffix}` : "");
  if (st.msg) st.msg.textContent = text;
}

// --- the Mothership Phase (and any move) played out step by step from the new events -------------

// The shell reveals the move's lines of the log as the board shows them: ui.narrated(i) after the
// i-th event of game.new is shown (0-based), ui.narrated(n) (n = their number) when all are shown,
// the animation is skipped, or there is none.
function narrated(tell, i) {
  try {
    if (typeof tell === "function") tell(i);
  } catch (err) {
    console.error("soloboard: ui.narrated failed", err);
  }
}

// the shell: this board calls ui.narrated while it plays a move out (wait for it)
export const narrates = true;

function animate(container, st, prev, game, events, ui, t) {
  let cancelled = false;
  const timers = [];
  // the shell's ui.narrated of this move (a later move gets its own; this one's late calls go to this)
  const tell = ui && ui.narrated;
  // cancel(true): skipped (the rest is shown at once); cancel(): a newer position replaces this one,
  // whose own events the shell now waits for
  st.animating = { ply: game.ply, cancel: (skipped = false) => {
    cancelled = true;
    timers.forEach(clearTimeout);
    st.animating = null;
    if (skipped) narrated(tell, events.length);
  } };
  draw(container, st, ui, t, { game: prev, passive: true });
  const svg = st.svg;
  const L = st.L;
  const ships = new Map();
  svg.querySelectorAll(".ships > .ship").forEach((s) => ships.set(s.getAttribute("data-cell"), s));
  const shipLayer = svg.querySelector(".ships");
  const msGroup = svg.querySelector(".mothership");
  let ms = prev.view.sky.mothership_row;
  const steps = [];
  for (const item of events) {
    const ev = item.event || item;
    const text = item.text || "";
    steps.push({ ev, text });
  }
  const place = (node, cell) => {
    const { x, y } = skyXY(L, cell);
    node.setAttribute("transform", `translate(${x},${y + 4})`);
    node.setAttribute("data-cell", cell);
  };
  const doStep = (i) => {
    if (cancelled) return;
    if (i >= steps.length) {
      st.animating = null;
      st.message = "";
      draw(container, st, st.ui, st.t);
      narrated(tell, steps.length);
      return;
    }
    const { ev, text } = steps[i];
    let wait = 0;
    if (text && st.msg) st.msg.textContent = text;
    if (ev.kind === "ship_moved") {
      const node = ships.get(ev.from);
      if (node) {
        ships.delete(ev.from);
        place(node, ev.to);
        ships.set(ev.to, node);
        wait = 480;
      }
    } else if (ev.kind === "ship_hit_city") {
      const node = ships.get(ev.from);
      if (node) {
        ships.delete(ev.from);
        const { x } = skyXY(L, ev.from);
        node.setAttribute("transform", `translate(${x},${L.skyY + G.hull + (prev.view.sky.rows + 1) * G.ch + 24})`);
        node.classList.add("crashing");
        timers.push(setTimeout(() => node.remove(), 500));
        wait = 520;
      }
    } else if (ev.kind === "mothership_descended") {
      const dy = (ev.row - prev.view.sky.mothership_row) * G.ch;
      // ships on the row it moves onto go back aboard; those on its drop points come along
      for (let c = 0; c < 5; c++) {
        const below = ships.get(`${LETTERS[c]}${ev.row}`);
        if (below) { below.classList.add("vanish"); ships.delete(`${LETTERS[c]}${ev.row}`); }
      }
      for (let c = 0; c < 5; c++) {
        const on = ships.get(`${LETTERS[c]}${ms}`);
        if (on) { ships.delete(`${LETTERS[c]}${ms}`); place(on, `${LETTERS[c]}${ev.row}`); ships.set(`${LETTERS[c]}${ev.row}`, on); }
      }
      ms = ev.row;
      if (msGroup) msGroup.setAttribute("transform", `translate(0,${dy})`);
      svg.querySelectorAll(".expl-badge").forEach((b) => {
        if (Number(b.getAttribute("data-row")) <= ms) b.classList.add("vanish");
      });
      wait = 850;
    } else if (ev.kind === "ship_spawned") {
      const cell = `${ev.col}${ms}`;
      const node = shipShape(ev.ship, 0.95, { class: `ship ship-${ev.ship} spawning` });
      place(node, cell);
      shipLayer.appendChild(node);
      ships.set(cell, node);
      wait = 520;
    } else if (ev.kind === "ships_shot_down") {
      for (const s of ev.ships) {
        const node = ships.get(s.at);
        if (node) { node.classList.add("shot"); ships.delete(s.at); }
      }
      wait = 750;
    } else if (ev.kind === "die_discarded" || ev.kind === "robot_removed") {
      svg.querySelectorAll(`.base-pieces [data-space="${ev.space}"], .base-labels [data-space="${ev.space}"]`)
        .forEach((n) => n.classList.add("vanish"));
      wait = 250;
    } else if (ev.kind === "excavator_moved") {
      const node = svg.querySelector(".excavator-piece");
      if (node) {
        const p = baseXY(L, ev.to);
        node.setAttribute("transform", `translate(${p.x + G.bw / 2},${p.y + G.bh / 2 + 2})`);
      }
      wait = 700;
    } else if (ev.kind === "energy_changed" || ev.kind === "damage") {
      const node = svg.querySelector(ev.kind === "damage" ? ".marker-damage" : ".marker-energy");
      const to = ev.kind === "damage" ? ev.total : ev.to;
      if (node) {
        const x = Number(node.dataset.x0) + Math.min(to, Number(node.dataset.last)) * Number(node.dataset.step);
        node.setAttribute("cx", x);
      }
      wait = text ? 650 : 300;
    } else if (ev.kind === "phase" || ev.kind === "round_started") {
      const head = container.querySelector(".ufs-phase");
      if (head && text) head.textContent = text.replace(/[.。]$/, "");
      wait = 350;
    } else if (["mothership_action", "research_changed", "room_used", "game_lost", "game_won", "dice_rolled",
      "ships_added", "ships_waiting"].includes(ev.kind) && text) {
      wait = 650;
    }
    narrated(tell, i);
    timers.push(setTimeout(() => doStep(i + 1), wait));
  };
  // a click skips the animation
  const skip = () => { if (st.animating) { st.animating.cancel(true); draw(container, st, st.ui, st.t); } };
  svg.addEventListener("click", skip, { once: true });
  doStep(0);
}
