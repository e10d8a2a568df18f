// The monsters' turn panel: what is being decided about monster cards now (revealed, going to
// the bottom, set aside), else the last monsters' turn; the animation plays a turn out in it.

import { monsterCard, stageCard } from "./cards.js";
import { el, keyAttr } from "./dom.js";
import { lastMonstersTurn } from "./table-model.js";

// the last monsters' turn: what it cost the wall, the cards revealed, which went to the table
function drawLastTurn(view, turn, t, caption, strip) {
  caption.textContent = t("Last monsters' turn: the wall lost {n}; revealed:", { n: turn.lost });
  // the same cards by their ids, for the one-line summary a narrow table shows instead of the cards
  const ids = el("span", { class: "mon-stage-ids" });
  for (const { id, toTable } of turn.revealed) {
    const card = stageCard(view, id, t);
    card.classList.remove("mon-flip-in");
    const where = toTable ? t("to the table") : t("to the bottom of the monster deck");
    const went = toTable ? "mon-went-table" : "mon-went-bottom";
    card.classList.add(went);
    card.title = `${card.title} — ${where}`;
    strip.append(card);
    ids.append(" ", el("span", { class: went, title: where, text: id }));
  }
  if (!turn.revealed.length) {
    strip.append(el("span", { class: "mon-dim", text: t("no card") }));
    ids.append(" ", el("span", { class: "mon-dim", text: t("no card") }));
  }
  caption.append(ids);
}

function fillStage(view, t, log, caption, strip) {
  if (view.revealed.length) {
    caption.textContent = t("Revealed this turn (invasion {n}):", { n: view.invasion.value });
    for (const m of view.revealed) strip.append(monsterCard(m, t, keyAttr(m.key)));
  } else if (view.order.length) {
    caption.textContent = t("Going to the bottom of the monster deck: click them in order, first to go first.");
    for (const m of view.order) strip.append(monsterCard(m, t, keyAttr(m.key)));
  } else if (view.phase === "pick") {
    caption.textContent = t("Click up to {n} monsters on the table to send them to the bottom of the monster deck.", { n: view.pending.picks });
  } else {
    const turn = lastMonstersTurn(log);
    if (turn) drawLastTurn(view, turn, t, caption, strip);
    else caption.textContent = t("The monsters' turn comes after the attack: they attack the wall, then 3 cards are revealed.");
  }
}

export function stageSection(view, t, log) {
  // Always there and always the same height: what is being decided about monster cards now
  // (revealed, set aside, going to the bottom), and the monsters' turn as it plays out.
  // "brief": no card is being decided about; a narrow table then shows the panel as one line
  // (the last monsters' turn by card ids) and plays a monsters' turn out over what lies below it.
  const brief = !view.revealed.length && !view.order.length && !view.aside.length;
  const section = el("section", { class: `mon-stage${brief ? " mon-stage-brief" : ""}`, "aria-label": t("Monsters' turn"), "aria-live": "polite" });
  const caption = el("p", { class: "mon-stage-caption" });
  const strip = el("div", { class: "mon-stage-strip" });
  fillStage(view, t, log, caption, strip);
  if (view.aside.length) {
    strip.append(el("span", { class: "mon-aside-label", text: t("Set aside:") }));
    for (const m of view.aside) strip.append(monsterCard(m, t, { class: "mon-monster mon-small", tabindex: "-1" }));
  }
  caption.title = caption.textContent;
  const skip = el("button", { type: "button", class: "mon-skip", hidden: true, text: t("Skip animation") });
  section.append(el("div", { class: "mon-stage-inner" },
    el("div", { class: "mon-stage-head" }, el("h3", { class: "mon-h", text: t("Monsters' turn") }), skip), caption, strip));
  return section;
}
