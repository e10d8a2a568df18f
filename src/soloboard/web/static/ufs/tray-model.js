// The dice tray as a drawing model: a slot for every die of the round, the dice in it (and which
// of them this page may move), the robots waiting to be installed. Pure.

import { trayGeometry } from "./layout.js";

// the moves of each die, by its colour and value ("gray3"): the place moves, or the city ability's "six"
export function movesByDie(moves) {
  const byDie = new Map();
  for (const m of [...(moves.place || []), ...(moves.six || [])]) {
    const key = `${m.color}${m.value}`;
    if (!byDie.has(key)) byDie.set(key, []);
    byDie.get(key).push(m);
  }
  return byDie;
}

function trayWords(L, view, geo, t) {
  const { x0, y, slot } = geo;
  const n = view.tray;
  const robots = view.robots;
  const robotsText = t("robots {n}/{max}", { n: robots.count, max: robots.max });
  const pending = robots.install_value ? [robots.install_value, ...robots.pending] : robots.pending;
  if (L.wide) {
    return {
      words: [{ x: x0 + n * slot + 16, y: y + 8, cls: "track-label", text: t("Dice") },
        { x: x0 + n * slot + 16, y: y + 28, cls: "tray-info", text: robotsText }],
      pending: pending.map((value, i) => ({ value, size: 24, x: x0 + n * slot + 30 + i * 30, y: y + 48 })),
    };
  }
  return {
    words: [{ x: x0, y: geo.labelY, cls: "track-label", text: t("Dice") },
      { x: x0 + 80, y: geo.labelY, cls: "tray-info", text: robotsText }],
    pending: pending.map((value, i) => ({ value, size: 26, x: x0 + 260 + i * 32, y: geo.labelY - 6 })),
  };
}

// `selected`: the die the person picked (place phase), or null
export function trayModel(L, view, moves, selected, t) {
  const geo = trayGeometry(L);
  const { x0, y, slot } = geo;
  const n = view.tray;
  const byDie = movesByDie(moves);
  return {
    frame: { x: x0 - 6, y: y - 10, width: n * slot + 12, height: slot + 20 },
    ...trayWords(L, view, geo, t),
    slots: [...Array(n).keys()].map((i) => ({ x: x0 + i * slot + 4, y: y - 2, size: slot - 8 })),
    dice: view.dice.map((die) => ({
      die, index: die.index, color: die.color, value: die.value, size: geo.die,
      x: x0 + die.index * slot + slot / 2, y: y + (slot - 8) / 2 - 2,
      selected: Boolean(selected && selected.index === die.index),
      label: t("{colour} die showing {n}", { colour: die.name, n: die.value }),
      moves: byDie.get(`${die.color}${die.value}`) || [],
    })),
  };
}
