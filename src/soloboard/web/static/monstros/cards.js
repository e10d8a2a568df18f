// The cards on the table: an action card (hands, board slots) and a monster card, with its
// level, shield, abilities, life and attack, and the dice already on it.

import { ICONS, cardArt, dieFace, monsterArt } from "./art.js";
import { el, spoken } from "./dom.js";
import { cardLabel, monsterLabel } from "./table-model.js";

export function actionCard(card, attrs = {}) {
  const label = cardLabel(card);
  return el("button", { type: "button", class: `mon-card mon-card-${card.colour}${card.wild ? " mon-wild" : ""}`,
    title: label, ...attrs },
  el("span", { class: "mon-card-name" }, el("span", { text: card.name })),
  el("span", { class: "mon-card-picture", html: cardArt(card.id) }),
  el("span", { class: "mon-card-id" }, el("span", { text: card.wild ? `★ ${card.id}` : card.id })),
  spoken(label));
}


export function monsterCard(m, t, extra = {}) {
  const abilities = m.abilities.map((a) => el("span", { class: "mon-ability", title: a.text, html: ICONS[a.id] || "" }));
  const label = monsterLabel(m, t);
  const node = el("button", { type: "button", class: `mon-monster${m.coloured ? " mon-coloured mon-role-" + m.role : ""}`,
    title: label, ...extra },
  el("span", { class: "mon-level", text: String(m.level) }),
  m.shield ? el("span", { class: "mon-shield-mark", html: ICONS.shield, title: t("shield") }) : null,
  el("span", { class: "mon-monster-picture", html: monsterArt(m.level) }),
  el("span", { class: "mon-monster-name" }, el("span", { text: m.name || m.id })),
  el("span", { class: "mon-abilities" }, abilities),
  // the numbers of the default deck are reconstructed (shown only when the view says so)
  el("span", { class: "mon-recon", title: t("Reconstructed values: not the printed card"), "aria-hidden": "true", text: "≈" }),
  el("span", { class: "mon-stats" },
    el("span", { class: "mon-stat" }, el("span", { class: "mon-icon", html: ICONS.heart }), el("b", { text: String(m.life) })),
    el("span", { class: "mon-stat" }, el("span", { class: "mon-icon", html: ICONS.blast }), el("b", { text: String(m.attack) }))));
  node.append(spoken(label));
  if (m.dice && m.dice.length) {
    node.append(el("span", { class: "mon-on-it", title: t("{n} of {life} on it", { n: m.damage, life: m.life }) },
      m.dice.map((v) => el("span", { class: "mon-mini-die", html: dieFace(v) })),
      el("span", { class: "mon-on-total", text: `${m.damage}/${m.life}` })));
  }
  return node;
}

// a monster card of the monsters' turn, small (every card of the deck is in the view by id: they are public)
export function stageCard(view, id, t) {
  const known = (view.monster_kinds || {})[id];
  const m = known || { id, name: "", level: "?", life: "?", attack: "?", shield: false, abilities: [], coloured: false, role: "comum" };
  const card = monsterCard(m, t, { tabindex: "-1", "data-id": id });
  card.classList.add("mon-small", "mon-flip-in");
  return card;
}
