// The tracks and towers: the wall of bricks, the invasion track, the monsters' attack, the
// printed tower and the four tower spaces, the die tokens and the shields.

import { ICONS, tower, wallArt } from "./art.js";
import { el, keyAttr, spoken } from "./dom.js";
import { towersModel, tracksModel } from "./table-model.js";

export function tracksSection(view, t) {
  const model = tracksModel(view, t);
  const section = el("section", { class: "mon-tracks", "aria-label": t("Wall and invasion") });
  const wallBox = el("div", { class: "mon-wall", "data-focus": "wall" },
    el("div", { class: "mon-track-label" }, t("Wall"), " ",
      el("strong", { class: "mon-wall-value", text: String(model.wall.value) }),
      el("span", { class: "mon-dim", text: ` / ${model.wall.max}` })),
    el("div", { class: "mon-wall-picture", html: wallArt(model.wall.value, model.wall.max), role: "img",
      "aria-label": model.wall.label }));
  const cells = model.invasion.cells.map((c) => el("span", {
    class: `mon-inv-cell${c.here ? " mon-inv-here" : ""}${c.win ? " mon-inv-win" : ""}`, "data-n": c.n, text: c.text }));
  const invBox = el("div", { class: "mon-invasion" },
    el("div", { class: "mon-track-label" }, t("Invasion"), " ",
      el("strong", { class: "mon-inv-value", text: String(model.invasion.value) }),
      el("span", { class: "mon-dim", text: " · " + t("the players win when it passes 15") })),
    el("div", { class: "mon-inv-track", role: "img", "aria-label": model.invasion.label }, cells));
  const attackBox = el("div", { class: "mon-threat" }, el("span", { html: ICONS.blast, class: "mon-icon" }), model.attack);
  section.append(wallBox, invBox, attackBox);
  return section;
}

function pile(cls, key, label, icon, count, word) {
  return el("button", { type: "button", class: `mon-pile ${cls}`, ...keyAttr(key) },
    el("span", { class: "mon-icon", html: icon }),
    el("span", { class: "mon-count", text: `×${count}` }), " ",
    el("span", { class: "mon-pile-label", text: word }), spoken(label));
}

export function towersSection(view, t) {
  const model = towersModel(view, t);
  const section = el("section", { class: "mon-towers", "aria-label": t("Towers and tokens") });
  const row = el("div", { class: "mon-tower-row" });
  row.append(el("div", { class: "mon-tower mon-tower-printed", title: t("The printed tower (never removed)"), html: tower(true, 0) }));
  for (const s of model.spaces) {
    const bonus = s.bonus ? el("span", { class: "mon-tower-bonus", html: ICONS.token, title: t("A tower here brings a die token") }) : null;
    const node = el("button", { type: "button", class: `mon-tower${s.built ? " mon-built" : ""}`, ...keyAttr(`tower:${s.space}`),
      "aria-label": s.label, title: s.label, html: tower(s.built, s.space) });
    if (bonus) node.append(bonus);
    row.append(node);
  }
  const dice = el("div", { class: "mon-tower-dice", text: model.dice });
  const tokens = pile("mon-tokens", "token", model.tokens, ICONS.token, view.die_tokens.count, t("die tokens"));
  const shields = pile("mon-shields", "shields", model.shields, ICONS.shield, view.shields.count, t("shields"));
  section.append(row, dice, el("div", { class: "mon-token-row" }, tokens, shields));
  return section;
}
