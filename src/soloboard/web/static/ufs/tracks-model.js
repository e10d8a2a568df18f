// The tracks as a drawing model: energy and damage (one box per value, a marker on the value),
// research (beside the sky in the boxed game, a zig-zag card in the 9-card edition). Pure.

import { G } from "./layout.js";

const BOX = 34;

// one space of the research track at (x, y), moved `shift` spaces to the right
export function researchSpaceModel(x, y, s, tr, t, shift = 0) {
  const size = G.research - 8;
  const what = s.where === "start" ? t("research start") : t("research space {n}, costs {cost}", { n: s.index, cost: s.cost });
  return {
    x, y, size, shift, index: s.index, uncertain: s.uncertain,
    reached: s.index <= tr.value,
    last: s.index === tr.last,
    marker: s.index === tr.value,
    text: s.where === "start" ? "□" : s.cost,
    title: what + (s.uncertain ? ` (${t("uncertain data")})` : ""),
  };
}

// the boxed game's research track, in a column beside the sky: its start and first spaces in the city strip
export function researchBesideModel(L, view, t) {
  const tr = view.tracks.research;
  const x = L.skyX + L.skyLabel + 5 * G.cw + 4;
  const y0 = L.skyY + G.hull;
  const cityY = y0 + (view.sky.rows + 1) * G.ch;
  return {
    name: tr.name,
    icon: { x: x + G.research / 2 - 4, y: L.skyY + G.hull - 14 },
    spaces: [
      ...tr.spaces.filter((s) => s.where === "sky").map((s) => researchSpaceModel(x + 1, y0 + s.sky_row * G.ch + 4, s, tr, t)),
      ...tr.spaces.filter((s) => s.where === "start" || s.where === "city")
        .map((s, i) => researchSpaceModel(x + 1, cityY + 6, s, tr, t, i)),
    ],
  };
}

function trackRow(gx, y, n, value, opts) {
  return {
    label: { x: gx.x0, y: y + 12, text: opts.name },
    kind: opts.kind, colour: opts.colour, uncertain: opts.uncertain,
    boxes: [...Array(n + 1).keys()].map((i) => ({ i, x: gx.x + i * (BOX + 3), y, size: BOX,
      current: i === value, skull: i === n && Boolean(opts.skullAtEnd) })),
    marker: { x0: gx.x + BOX / 2, step: BOX + 3, last: n },
    mark: opts.uncertain ? { x: gx.x + (n + 1) * (BOX + 3) + 8, y: y + 10, title: opts.note } : null,
  };
}

export function tracksModel(L, view, t) {
  const tr = view.tracks;
  const x0 = L.baseX + G.label;
  const gx = { x0, x: x0 + (L.wide ? 86 : 100) };
  const y = L.trackY + 8;
  const note = t("track length is an interpretation");
  const rows = [
    trackRow(gx, y, tr.energy.max, tr.energy.value, { name: tr.energy.name, colour: "#f2c12e",
      uncertain: tr.energy.uncertain, kind: "energy", note }),
    trackRow(gx, y + BOX + 8, tr.damage.limit, tr.damage.value, { name: tr.damage.name, colour: "#ff5a5a",
      uncertain: tr.damage.uncertain, skullAtEnd: true, kind: "damage", note }),
  ];
  const ry = y + 2 * (BOX + 8);
  if (tr.research.beside_sky) {
    return { rows, research: { label: { x: x0, y: ry + 14, text: `${tr.research.name}: ${tr.research.value} / ${tr.research.last}` }, spaces: [] } };
  }
  // the 9-card edition's research card: the track zig-zags in rows of five
  const size = 34;
  return { rows, research: { label: { x: x0, y: ry + 14, text: tr.research.name },
    spaces: tr.research.spaces.map((s, i) => {
      const r = Math.floor(i / 5);
      const c = r % 2 ? 4 - (i % 5) : i % 5;
      return researchSpaceModel(gx.x + c * (size + 12), ry + r * (size + 6), s, tr.research, t);
    }) } };
}
