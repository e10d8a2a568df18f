// The bars above the table: the notice about the deck's cards, and whose turn it is.

import { el } from "./dom.js";
import { statusModel } from "./table-model.js";

export function noticeBar(view, t) {
  const main = view.notices && view.notices[0];
  const bar = el("details", { class: `mon-notice${view.reconstructed ? " mon-notice-warn" : ""}`, "data-open-key": "notice" });
  bar.append(el("summary", {},
    view.reconstructed
      ? el("strong", { text: t("Reconstructed deck: the cards' values are not the printed ones.") })
      : el("span", { text: t("Cards from the owner's deck file.") }),
    " ", el("span", { class: "mon-more", text: t("Details and readings") })));
  for (const note of view.notices || []) bar.append(el("p", { class: `mon-note-${note.kind}`, text: note.text }));
  if (!main) bar.hidden = true;
  return bar;
}

export function statusBar(game, view, t, canAct, mySeats) {
  const model = statusModel(game, view, t, canAct, mySeats);
  const bar = el("section", { class: "mon-status", "aria-label": t("Whose turn") });
  const left = el("div", { class: "mon-status-main" });
  if (model.over) {
    left.append(el("strong", { class: `mon-result mon-${view.status}`, text: model.result }));
  } else {
    left.append(el("span", { class: "mon-turn", text: model.turn }), " · ", el("span", { class: "mon-whose", text: model.whose }),
      el("div", {}, el(model.prompt.tag, { class: model.prompt.cls, text: model.prompt.text })));
  }
  bar.append(left, el("span", { class: "mon-difficulty", text: model.difficulty }));
  return bar;
}
