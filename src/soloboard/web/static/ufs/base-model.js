// The base as a drawing model: the grid, the AA guns, the rooms with their modifiers and energy
// costs, what lies on each space (rubble, the excavator, how far it must dig, dice, robots).
// No DOM here; base.js draws the model.

import { G, LETTERS, baseXY, roomRects } from "./layout.js";
import { signed } from "./labels.js";

function grid(L) {
  const x0 = L.baseX + G.label;
  const y0 = L.baseY + 20;
  return {
    frame: { x: x0, y: y0, width: 5 * G.bw, height: 6 * G.bh },
    letters: [...LETTERS].map((text, c) => ({ x: x0 + c * G.bw + G.bw / 2, y: y0 - 6, text })),
    rowNumbers: [0, 1, 2, 3, 4, 5].map((r) => ({ x: x0 - 6, y: y0 + r * G.bh + G.bh / 2 + 4, text: r })),
    // the tiles' (cards') edges: AA guns, the top tile (rows 1-2), the bottom tile (rows 3-5)
    edges: [1, 3].map((r) => ({ x1: x0, x2: x0 + 5 * G.bw, y1: y0 + r * G.bh, y2: y0 + r * G.bh })),
  };
}

function aaGuns(L, base, t) {
  return base.spaces.filter((s) => s.kind === "aa_gun").map((s) => {
    const p = baseXY(L, s.space);
    return { ...p, title: `${s.space}: ${s.name} (${t("ships move one step less")})`,
      tag: { x: p.x + 10, y: p.y + 10, value: base.aa_gun_modifier, title: `${s.space}: ${s.name}: ${t("ships move one step less")}` } };
  });
}

function roomModel(L, room, t) {
  const rects = roomRects(L, room);
  const r0 = rects[0];
  const n = room.effects.length;
  const icx = r0.x + r0.w / 2 + (room.modifier && r0.w < G.bw ? 6 : 0);
  const costText = t("cost {n} energy", { n: room.energy_cost });
  const modText = room.modifier ? ", " + t("modifier {m}", { m: signed(room.modifier) }) : "";
  return {
    index: room.index, anchor: room.anchor, effects: room.effects, uncertain: room.uncertain, rects,
    icons: room.effects.map((type, k) => ({ type, x: icx + (k - (n - 1) / 2) * 30, y: r0.y + r0.h / 2 - 1 })),
    links: rects.slice(1).map((b, i) => ({ x1: rects[i].x + rects[i].w / 2, y1: rects[i].y + rects[i].h, x2: b.x + b.w / 2, y2: b.y })),
    title: `${room.anchor}: ${room.name} (${costText}${modText})`,
    // inside the room's frame: the modifier top left, the energy cost on the bottom edge
    tag: room.modifier ? { x: r0.x + 5, y: r0.y + 4, value: room.modifier,
      title: room.anchor + ": " + t("room modifier {m}: added to the sum of its dice when the room is used",
        { m: signed(room.modifier) }) } : null,
    energy: [...Array(room.energy_cost).keys()].map((i) => ({ cx: r0.x + r0.w / 2 + (i - (room.energy_cost - 1) / 2) * 15,
      cy: r0.y + r0.h - 4, title: `${room.anchor}: ${costText}` })),
    mark: room.uncertain ? { x: r0.x + r0.w - 8, y: r0.y + 8, title: t("uncertain data") } : null,
  };
}

// unexcavated spaces are still under the rubble; how far the excavator must dig is marked
function spaceModel(L, view, s, t) {
  const p = baseXY(L, s.space);
  const buried = !s.excavated && !s.excavator;
  const at = { x: p.x + G.bw - 22, y: p.y + G.bh - 26 };
  return {
    space: s.space, ...p,
    rubble: buried || Boolean(s.excavator),
    dig: buried && s.distance >= 1 && s.distance <= 6 ? { x: p.x + 7, y: p.y + G.bh - 32, distance: s.distance,
      title: s.space + ": " + t("distance from the excavator {n}: a die of {n} or more may go here to dig", { n: s.distance }) } : null,
    excavator: s.excavator ? { x: p.x + G.bw / 2, y: p.y + G.bh / 2 + 2, title: `${s.space}: ${t("the excavator")}` } : null,
    tunnel: s.kind === "tunnel" ? `${s.space}: ${s.name}` : null,
    digTag: s.dig ? { x: p.x + 9, y: p.y + G.bh - 38, text: t("dig") } : null,
    die: s.die ? { colour: view.edition.dice.plain, value: s.die, ...at } : null,
    robot: !s.die && s.robot ? { value: s.robot, exhausted: Boolean(s.exhausted), ...at,
      title: s.exhausted ? t("exhausted robot {n}", { n: s.robot }) : t("robot {n}", { n: s.robot }),
      zz: { x: p.x + G.bw - 38, y: p.y + G.bh - 38 } } : null,
  };
}

export function baseModel(L, view, t) {
  const base = view.base;
  return {
    ...grid(L),
    aaGuns: aaGuns(L, base, t),
    rooms: base.rooms.map((room) => roomModel(L, room, t)),
    spaces: base.spaces.map((s) => spaceModel(L, view, s, t)),
  };
}
