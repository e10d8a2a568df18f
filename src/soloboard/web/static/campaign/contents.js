// What a chapter brings, by name, behind a spoiler guard: the sheet's chapter shows a button, and
// only a click asks the server for the names (a chapter not opened yet asks once more first). The
// names, the sources' disagreements and the provenance are the server's (ufs/campaign/contents.py).

import { ApiError, api } from "../api.js";
import { currentLanguage, t } from "../i18n.js";
import { h, toast } from "../shared.js";

// the chapters this page has shown (a redraw after a step keeps them; "Hide" forgets them)
const shown = new Map();
const key = (name, chapter) => `${currentLanguage()}\n${name}\n${chapter}`;

function groupList(view) {
  return h("dl", { class: "contents-groups" }, view.groups.flatMap((group) => [
    h("dt", null, group.label),
    h("dd", { "data-group": group.kind }, h("ul", { class: "contents-names" }, group.items.map((item) =>
      h("li", { "data-id": item.id || "" },
        h("span", { class: "component-name" }, item.name),
        item.note ? h("span", { class: "contents-note" }, ` (${item.note})`) : null)))),
  ]));
}

function revealed(view, hide) {
  return h("div", { class: "chapter-contents paper-inset", "data-contents": view.chapter },
    h("h4", null, view.heading),
    view.ahead_note ? h("p", { class: "form-warning" }, view.ahead_note) : null,
    groupList(view),
    ...view.notes.map((note) => h("p", { class: "field-help" }, note)),
    h("p", { class: "contents-provenance field-help" }, view.provenance.text),
    h("button", { type: "button", class: "token-button small", onclick: hide },
      t("Hide what chapter {n} brings", { n: view.chapter })));
}

// `campaign`: its name; `chapter`: the sheet's chapter; `opened`: the campaign has reached it
export function chapterContents(campaign, chapter, opened) {
  const slot = h("div", { class: "chapter-contents-slot" });
  const guard = () => slot.replaceChildren(h("button", {
    type: "button", class: "token-button small", "data-reveal": chapter,
    onclick: () => (opened ? reveal(false) : confirmAhead()),
  }, t("Show what chapter {n} brings (spoilers)", { n: chapter })));
  const hide = () => {
    shown.delete(key(campaign, chapter));
    guard();
  };
  async function reveal(ahead) {
    try {
      const view = await api.campaignContents(campaign, chapter, ahead);
      shown.set(key(campaign, chapter), view);
      slot.replaceChildren(revealed(view, hide));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      toast(err.message, "error", err.rule);
      guard();
    }
  }
  function confirmAhead() {
    slot.replaceChildren(h("div", { class: "contents-confirm", role: "group" },
      h("p", null, t("Chapter {n} is not opened yet in this campaign. Show what it brings anyway?", { n: chapter })),
      h("div", { class: "field-row" },
        h("button", { type: "button", class: "token-button", "data-reveal-ahead": chapter, onclick: () => reveal(true) },
          t("Show anyway")),
        h("button", { type: "button", class: "token-button", onclick: guard }, t("Cancel")))));
  }
  const before = shown.get(key(campaign, chapter));
  // a chapter shown while it was ahead is asked again once opened (its note no longer holds)
  if (before && !(before.ahead && opened)) slot.replaceChildren(revealed(before, hide));
  else guard();
  return slot;
}
