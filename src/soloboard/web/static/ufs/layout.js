// The board's geometry, in board units (the SVG viewBox scales them to the page): where the
// sky, the base, the tray and the tracks go at a width, and where each cell and space lies.
// Pure: data in, numbers out.

export const LETTERS = "abcde";
export const G = {
  label: 34, cw: 58, ch: 42, research: 42, action: 150,
  hull: 58, city: 86, bw: 96, bh: 80, gap: 22, pad: 10,
};
export const WIDE = 560; // below this (a phone) the base goes under the sky, as on the table

// a phone shows the board at about two thirds of its size: its words are drawn at least 17 units
// high there (11 CSS px), its dice 76 units (in the tray's own drawing: over 44 CSS px, a finger's width)
export const NARROW = { text: 17, cityWrap: 27, titleWrap: 22, lineH: 20, slot: 84, die: 76 };

export function wrapText(text, width) {
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

export function cityLines(view, wide) {
  const city = view.city;
  if (!city) return { title: [], ability: [] };
  const title = `${city.name} · ${city.side_name}`;
  return {
    title: wide ? [title] : wrapText(title, NARROW.titleWrap),
    ability: city.ability ? wrapText(city.ability, wide ? 50 : NARROW.cityWrap) : [],
  };
}

export function layoutFor(view, width) {
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
  // a phone: the tray is drawn apart, in the sheet at the bottom of the screen with the message
  // (its own SVG, from trayY down), so the base and its tracks follow each other
  const baseY = G.pad + skyH + G.gap / 2;
  const h = skyH + G.gap / 2 + baseH + trackH + 2 * G.pad;
  return { wide, beside, city, skyLabel, action, skyX: G.pad, skyY: G.pad, baseX: G.pad, baseY,
    trayY: h, trayH, trackY: baseY + baseH, w: colW + 2 * G.pad, h, colW };
}

// a phone shows one part of the table at a time: the sky (with the city) or the base with its
// tracks; each is a window of the one drawing, so a preview drawn in the sky stays when switching
export function viewBoxOf(L, part) {
  if (L.wide) return `0 0 ${L.w} ${L.h}`;
  if (part === "sky") return `0 0 ${L.w} ${L.baseY - G.gap / 4}`;
  const top = L.baseY - G.gap / 4;
  return `0 ${top} ${L.w} ${L.h - top}`;
}

// the tray's own drawing on a phone: just wide enough for its slots, so the dice are a finger wide
export function trayViewBox(L, slots) {
  const x0 = L.baseX + G.label - 8;
  const w = Math.max(slots * NARROW.slot + 16, 300);
  return `${x0} ${L.trayY} ${w} ${L.trayH}`;
}

export function parseCell(name) {
  return { col: LETTERS.indexOf(name[0]), row: parseInt(name.slice(1), 10) };
}

// centre of a sky cell (row 0 = the mothership's start row)
export function skyXY(L, name) {
  const { col, row } = parseCell(name);
  return { x: L.skyX + L.skyLabel + col * G.cw + G.cw / 2, y: L.skyY + G.hull + row * G.ch + G.ch / 2 };
}

// the top left corner of a base space
export function baseXY(L, name) {
  const { col, row } = parseCell(name);
  return { x: L.baseX + G.label + col * G.bw, y: L.baseY + 20 + row * G.bh };
}

// the y where a ship that passes the sky's last row meets the city (plus `below`)
export function cityHitY(L, view, below) {
  return L.skyY + G.hull + (view.sky.rows + 1) * G.ch + below;
}

// one frame per run of adjacent spaces in a row (a room spanning rows gets one frame per row)
export function roomRects(L, room) {
  const rects = [];
  for (const run of roomRuns(room)) {
    const p = baseXY(L, run[0]);
    rects.push({ x: p.x + 4, y: p.y + 6, w: run.length * G.bw - 8, h: G.bh - 12 });
  }
  return rects;
}

// the runs of side-by-side spaces of a room, each as [first space, ..., last space] of one row
export function roomRuns(room) {
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

export function trayGeometry(L) {
  const x0 = L.baseX + G.label;
  // a phone: the words above the dice, the dice big enough for a finger
  if (!L.wide) return { x0, y: L.trayY + 40, slot: NARROW.slot, die: NARROW.die, labelY: L.trayY + 20 };
  return { x0, y: L.trayY + 14, slot: 52, die: 38 };
}
