// The sky as a drawing model: the view's sky, ships, mothership and actions turned into
// positions, sizes and words (no DOM here; sky.js draws the model).

import { G, LETTERS, NARROW, cityLines, skyXY, wrapText } from "./layout.js";
import { actionShort, actionText, cellWords, partLabel } from "./labels.js";

function skyFrame(L, view) {
  const x0 = L.skyX;
  const y0 = L.skyY + G.hull;
  return { x0, y0, cellsX: x0 + L.skyLabel, w5: 5 * G.cw, h: (view.sky.rows + 1) * G.ch };
}

// a tile (boxed game) or card (9-card edition) with its side; a threat/difficult side is framed red
function skyPart(L, f, part, t) {
  const top = Math.min(...part.rows);
  const bottom = Math.max(...part.rows);
  const py = f.y0 + top * G.ch;
  const height = (bottom - top + 1) * G.ch;
  const hard = part.side === "threat" || part.side === "difficult";
  const lx = f.x0 + (L.wide ? 8 : 14);
  return {
    frame: { x: f.cellsX + 1, y: py + 1, width: f.w5 - 2, height: height - 2 },
    hard,
    uncertain: part.uncertain,
    title: [`${part.name}: ${part.side_name}`, ...(part.uncertain ? [t("uncertain data")] : []),
      ...part.doubtful].join("\n"),
    mark: part.uncertain ? { x: f.cellsX + f.w5 - 10, y: py + 10,
      title: [t("from a single unverified transcription"), ...part.doubtful].join("\n") } : null,
    label: { x: lx, y: py + height / 2, text: partLabel(part, L.wide, height), full: `${part.name} · ${part.side_name}` },
  };
}

// the strip below the sky: ships passing the last row hit it
function cityStrip(L, f, view, t) {
  const cityY = f.y0 + f.h;
  const cityH = L.city;
  const buildings = [...Array(9).keys()].map((i) => {
    const bh = 14 + ((i * 37) % 23);
    return { x: f.cellsX + 8 + i * 31, y: cityY + cityH - 8 - bh, width: 22, height: bh };
  });
  const strip = { x: f.cellsX, y: cityY, width: f.w5, height: cityH - 6 };
  if (!view.city) {
    return { strip, buildings, names: [{ x: f.cellsX + 10, y: cityY + 22, text: t("the city") }], ability: [], mark: null };
  }
  const lines = cityLines(view, L.wide);
  const titleH = L.wide ? 16 : 22;
  const lineH = L.wide ? 13 : NARROW.lineH;
  const top = cityY + (L.wide ? 34 : 22 + lines.title.length * titleH + 2);
  return {
    strip,
    buildings,
    names: lines.title.map((text, i) => ({ x: f.cellsX + 10, y: cityY + (L.wide ? 18 : 22) + i * titleH, text })),
    ability: lines.ability.map((text, i) => ({ x: f.cellsX + 10, y: top + i * lineH, text })),
    mark: view.city.ability_uncertain && view.city.has_ability
      ? { x: f.cellsX + f.w5 - 14, y: cityY + 14, title: t("ability from a third-party transcription") } : null,
  };
}

export function skyModel(L, view, t) {
  const sky = view.sky;
  const f = skyFrame(L, view);
  const crosses = [];
  const rows = [];
  for (let row = 1; row <= sky.rows; row++) {
    for (let col = 0; col <= 5; col++) crosses.push({ x: f.cellsX + col * G.cw, y: f.y0 + row * G.ch });
    rows.push({ row, y: f.y0 + row * G.ch, skull: row === sky.skull_row, covered: row < sky.mothership_row });
  }
  return {
    box: { x: f.cellsX, y: L.skyY, width: f.w5, height: f.h + G.hull },
    rowLabelX: f.x0 + L.skyLabel - 4,
    parts: sky.parts.map((part) => skyPart(L, f, part, t)),
    crosses,
    rows,
    cells: sky.cells.map((cell) => {
      const words = cellWords(cell, t);
      return { ...skyXY(L, cell.cell), cell: cell.cell, symbol: cell.symbol, direction: cell.direction,
        number: cell.number, dim: cell.row < sky.mothership_row, title: words ? `${cell.cell}: ${words}` : "" };
    }),
    city: cityStrip(L, f, view, t),
  };
}

function actionLines(L, x, y, a, text) {
  if (!L.wide) return [{ x: x + 44, y: y + G.ch / 2 + 6, text: actionShort(a), short: true }];
  const lines = wrapText(text, 19).slice(0, 2);
  return lines.map((line, i) => ({ x: x + 32, y: y + G.ch / 2 + 4 - (lines.length - 1) * 6 + i * 12, text: line }));
}

// the mothership's printed actions beside the sky, one per row; the next one marked
export function actionsModel(L, view, t) {
  const sky = view.sky;
  const x = L.skyX + L.skyLabel + 5 * G.cw + (L.beside ? G.research : 0) + 4;
  const y0 = L.skyY + G.hull;
  // a phone: the column's head in two lines of big letters above it
  const head = L.wide ? [sky.action_word] : wrapText(sky.action_word, 12).slice(0, 2);
  return {
    head: head.map((text, i) => ({ x: x + 4, y: L.skyY + G.hull - 8 - (head.length - 1 - i) * 19, text })),
    ship: view.edition.ships.reinforcement,
    nextWord: t("next"),
    oneSource: t("known from one source only"),
    actions: sky.actions.map((a) => {
      const y = y0 + a.row * G.ch;
      const text = actionText(a, t);
      return {
        row: a.row, kind: a.kind, x, y, next: a.next, skull: a.skull, uncertain: a.uncertain,
        dim: a.row <= sky.mothership_row && !a.skull,
        icon: { x: x + (L.wide ? 16 : 20), y: y + G.ch / 2 },
        lines: actionLines(L, x, y, a, text),
        title: sky.action_word + ", " + t("row {n}", { n: a.row }) + ": " + text,
      };
    }),
  };
}

export function mothershipModel(L, view, t) {
  const sky = view.sky;
  const ms = sky.mothership_row;
  const cellsX = L.skyX + L.skyLabel;
  const w5 = 5 * G.cw;
  const yRow = L.skyY + G.hull + ms * G.ch;
  const lights = [...Array(22).keys()].map((i) => ({
    cx: cellsX + 20 + i * ((w5 - 40) / 21), cy: yRow - 10 - Math.sin((i / 21) * Math.PI) * 22 }));
  const drops = [...LETTERS].map((c, col) => ({ col: c, x: cellsX + col * G.cw + G.cw / 2 - 13, y: yRow + G.ch / 2 - 11,
    title: t("drop point above column {c}", { c }) }));
  const waiting = view.waiting;
  const names = view.edition.ships;
  const info = t("waiting: {p} {primary}, {w} {reinforcement} · supply {s}", { p: waiting.primary,
    primary: names.primary_name, w: waiting.reinforcement, reinforcement: names.reinforcement_name,
    s: waiting.supply });
  const infoLines = L.wide ? [info] : wrapText(info, 30).slice(0, 2);
  return {
    row: ms, cellsX, w5, yRow, lights, drops,
    hull: `M${cellsX + 6},${yRow + 4} C${cellsX + 20},${yRow - G.hull + 8} ${cellsX + w5 - 20},`
      + `${yRow - G.hull + 8} ${cellsX + w5 - 6},${yRow + 4} Z`,
    rowLabel: { x: L.skyX + L.skyLabel - 4, y: yRow + G.ch / 2 + 4, text: ms },
    info: infoLines.map((text, i) => ({ x: cellsX + w5 / 2, y: yRow - G.hull + (L.wide ? 22 : 17 + i * 18), text })),
    clip: { x: cellsX, y: L.skyY, width: w5, height: G.hull + (sky.rows + 1) * G.ch },
  };
}

// the explosions' numbers, in their cell's top right corner above the ships: a ship on an
// explosion never hides what it takes to shoot it down
export function skyNumbersModel(L, view, t) {
  const [w, h] = L.wide ? [24, 15] : [30, 19];
  return view.sky.cells.filter((cell) => cell.symbol === "explosion" && cell.row > view.sky.mothership_row)
    .map((cell) => {
      const { x, y } = skyXY(L, cell.cell);
      const bx = x + G.cw / 2 - w - 1;
      const by = y - G.ch / 2 + 1;
      return { row: cell.row, x: bx, y: by, width: w, height: h, text: `${cell.number}+`,
        textX: bx + w / 2, textY: by + h - (L.wide ? 3.5 : 4), title: cell.cell + ": " + t("explosion {n}", { n: cell.number }) };
    });
}

export function shipsModel(L, view, t) {
  return view.ships.map((ship) => {
    const { x, y } = skyXY(L, ship.cell);
    return { ship: ship.ship, cell: ship.cell, x, y: y + 4, title: t("{ship} ship on {cell}", { ship: ship.name, cell: ship.cell }) };
  });
}
