// The middle of the table: the board's five slots, the monsters on the table, the dice of the
// attack, every hand and the piles.

import { ICONS, dieFace } from "./art.js";
import { actionCard, monsterCard } from "./cards.js";
import { el, keyAttr } from "./dom.js";
import { handsModel, slotsModel } from "./table-model.js";

function slotBonus(slot) {
  const bonus = el("div", { class: "mon-slot-bonus", title: slot.title });
  for (const b of slot.bonus) {
    if (b === "block") bonus.append(el("span", { class: "mon-icon", html: ICONS.shield }), el("span", { class: "mon-bonus-text", text: "−1" }));
    if (b === "reroll") bonus.append(el("span", { class: "mon-icon mon-reroll-icon", html: ICONS.reroll }));
    if (b === "full") bonus.append(el("span", { class: "mon-icon", html: ICONS.full }));
  }
  return bonus;
}

export function boardSection(view, t) {
  const section = el("section", { class: "mon-board", "aria-label": t("Board") });
  const slots = el("div", { class: "mon-slots" });
  for (const slot of slotsModel(view, t)) {
    slots.append(el("div", { class: "mon-slot", "data-slot": slot.slot, ...keyAttr(slot.key), "aria-label": slot.label },
      el("span", { class: "mon-slot-number", text: String(slot.slot) }),
      slot.card ? actionCard(slot.card, { tabindex: "-1", "data-focus": `slot-card:${slot.slot}` }) : el("span", { class: "mon-slot-empty" }),
      slotBonus(slot)));
  }
  section.append(el("h3", { class: "mon-h", text: t("Board") }), slots);
  return section;
}

export function tableSection(view, t) {
  const section = el("section", { class: "mon-table", "aria-label": t("Monsters on the table") });
  const row = el("div", { class: "mon-monsters" });
  for (const m of view.monsters) row.append(monsterCard(m, t, { ...keyAttr(m.key), "data-pos": m.pos }));
  if (!view.monsters.length) row.append(el("p", { class: "mon-empty", text: t("No monster on the table.") }));
  section.append(el("h3", { class: "mon-h" }, t("Monsters on the table"), " ",
    el("span", { class: "mon-dim", text: `(${view.monsters.length})` })), row);
  return section;
}

function attackHint(view, t) {
  if (view.dice.target) {
    return el("p", { class: "mon-target", "aria-live": "polite", text: t("Dice on {monster}: {dice} — add dice until it falls.",
      { monster: view.dice.target, dice: view.dice.on_target.join(" + ") }) });
  }
  return el("p", { class: "mon-target mon-dim", "aria-live": "polite",
    text: view.shields.count && view.attacking ? t("Shields first: each die destroys one shield.") : "" });
}

export function attackSection(view, t) {
  // "brief": no attack and no die: a narrow table shows the panel as one line
  const brief = !view.attacking && !view.dice.values.length && !view.dice.rolling;
  const section = el("section", { class: `mon-attack${brief ? " mon-attack-brief" : ""}`, "aria-label": t("Attack") });
  const dice = el("div", { class: "mon-dice" });
  for (const [i, v] of view.dice.values.entries()) {
    dice.append(el("button", { type: "button", class: "mon-die", ...keyAttr(`die:${v}`), "data-i": i,
      "aria-label": t("Die showing {n}", { n: v }), html: dieFace(v) }));
  }
  for (let i = 0; i < view.dice.rolling; i++) dice.append(el("span", { class: "mon-die mon-rolling", html: dieFace(1 + (i % 6)) }));
  if (!view.dice.values.length && !view.dice.rolling) {
    dice.append(el("p", { class: "mon-empty", text: view.attacking ? t("No die left.") : t("The dice are rolled in the attack.") }));
  }
  const reroll = el("button", { type: "button", class: "mon-reroll", ...keyAttr("reroll"), hidden: !view.dice.reroll },
    el("span", { class: "mon-icon", html: ICONS.reroll }), t("Re-roll one die (slot 3)"));
  section.append(el("div", { class: "mon-attack-head" }, el("h3", { class: "mon-h", text: t("Dice") }), el("div", { class: "mon-attack-tools" }, reroll)),
    dice, attackHint(view, t));
  return section;
}

export function handsSection(game, view, t, mySeats) {
  const section = el("section", { class: "mon-hands", "aria-label": t("Hands") });
  const row = el("div", { class: "mon-hand-row" });
  for (const hand of handsModel(game, view, t, mySeats)) {
    const cards = el("div", { class: "mon-hand-cards" });
    for (const c of hand.cards) cards.append(actionCard(c, keyAttr(c.key)));
    if (!hand.cards.length) cards.append(el("span", { class: "mon-empty", text: t("no card") }));
    row.append(el("div", { class: `mon-hand${hand.turn ? " mon-hand-turn" : ""}${hand.deciding ? " mon-hand-deciding" : ""}${hand.mine ? " mon-hand-mine" : ""}`, "data-seat": hand.seat },
      el("div", { class: "mon-hand-who" }, hand.turn ? el("span", { class: "mon-turn-mark", text: "▶" }) : null, hand.who,
        el("span", { class: "mon-dim", text: hand.count })),
      cards));
  }
  section.append(el("h3", { class: "mon-h" }, t("Hands"), " ", el("span", { class: "mon-dim", text: t("(open: the game is co-operative)") })), row);
  return section;
}

function pileBox(key, back, count, ...text) {
  return el("div", { class: "mon-pile-box", ...(key ? keyAttr(key) : {}) },
    el("div", { class: `mon-pile-back ${back}`, text: String(count) }),
    el("div", { class: "mon-pile-text" }, ...text));
}

export function pilesSection(view, t) {
  const section = el("section", { class: "mon-piles", "aria-label": t("Piles") });
  const md = view.monster_deck;
  const known = md.segments.filter((s) => !s.shuffled).flatMap((s) => s.cards);
  const top = view.defeated.top;
  section.append(
    pileBox("monster_deck", "mon-back-monster", md.size, el("strong", { text: t("Monster deck") }),
      el("span", { text: md.top ? t("top card known: {id}", { id: md.top.id }) : t("shuffled") }),
      known.length ? el("span", { class: "mon-dim", text: t("at the bottom, in order: {cards}", { cards: known.join(" ") }) }) : null),
    pileBox(null, "mon-back-defeated", view.defeated.size, el("strong", { text: t("Defeated") }),
      el("span", { text: top.length ? t("top: {cards}", { cards: top.map((m) => m.id).join(", ") }) : t("none yet") })),
    pileBox("action_deck", "mon-back-action", view.action_deck.size, el("strong", { text: t("Action deck") })),
    pileBox("discard", "mon-back-discard", view.discard.size, el("strong", { text: t("Discard pile") }),
      el("span", { class: "mon-dim", text: view.discard.cards.map((c) => `${c.card.id}×${c.count}`).join(" ") })));
  return section;
}
