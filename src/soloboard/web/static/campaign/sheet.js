// The campaign sheet as the paper one is filled in (a table per chapter), the journal of steps,
// and the team: characters met, cities saved, what left the campaign.

import { t } from "../i18n.js";
import { h } from "../shared.js";
import { chapterContents } from "./contents.js";
import { kindText, resultBox, sideText } from "./parts.js";

const CHAPTERS = [1, 2, 3, 4];

export function sheetTable(status) {
  const chapters = CHAPTERS.map((n) => {
    const battles = status.battles.filter((b) => b.chapter === n);
    const opened = status.chapter >= n;
    const left = (status.left_in_box || {})[String(n)] || [];
    return h("section", { class: `sheet-chapter${opened ? "" : " sheet-closed"}`, "data-chapter": n },
      h("h3", null, t("Chapter {n}", { n })),
      !opened ? h("p", { class: "muted" }, t("Not opened yet")) : battles.length ? h("table", { class: "sheet-table" },
        h("thead", null, h("tr", null, h("th", { scope: "col" }, t("Battle")), h("th", { scope: "col" }, t("City")),
          h("th", { scope: "col" }, t("Scenario")), h("th", { scope: "col" }, t("Character")),
          h("th", { scope: "col" }, t("First game")), h("th", { scope: "col" }, t("Damaged side")),
          h("th", { scope: "col" }, t("City's fate")))),
        h("tbody", null, battles.map((b) => h("tr", { "data-battle": b.number },
          h("td", { "data-label": t("Battle") }, String(b.number)),
          h("td", { "data-label": t("City") }, b.city.name),
          h("td", { "data-label": t("Scenario") }, b.scenario ? b.scenario.name : ""),
          h("td", { "data-label": t("Character") }, b.character ? b.character.name : t("the team")),
          h("td", { "data-label": t("First game") }, resultBox(b.games[0], t("First game"))),
          h("td", { "data-label": t("Damaged side") }, resultBox(b.games[1], t("Damaged side"))),
          h("td", { "data-label": t("City's fate"), class: `fate fate-${b.city_fate || "open"}` },
            b.city_fate === "saved" ? t("saved") : b.city_fate === "destroyed" ? t("destroyed") : t("in progress"))))))
        : h("p", { class: "muted" }, t("No battle yet")),
      left.length ? h("p", { class: "muted" }, t("Left in the box: {names}", { names: left.join(", ") })) : null,
      chapterContents(status.name, n, opened));
  });
  return h("div", { class: "sheet" }, ...chapters);
}

export function journalList(journal) {
  return h("ol", { class: "journal" }, journal.map((r) => h("li", { value: r.n, "data-kind": r.kind, "data-by": r.by || "" },
    h("span", { class: "journal-text" }, r.text),
    r.by === "campaign" ? h("span", { class: "journal-by" }, t("the campaign's own step"))
      : r.by === "engine" ? h("span", { class: "journal-by" }, t("played with soloboard")) : null)));
}

// `step(action, value)`: a character's upgrade is a step of the campaign
export function teamNodes(status, step) {
  const team = status.team.map((x) => h("li", { "data-id": x.id },
    h("span", { class: "component-name" }, x.name), " ",
    h("span", { class: "component-side" }, sideText(x.side)),
    h("span", { class: "muted" }, " · " + t("met in chapter {n}", { n: x.chapter_met })),
    x.may_upgrade ? h("button", { type: "button", class: "token-button small", onclick: () => step("upgrade", x.id) },
      t("Turn to the upgraded side")) : null));
  return [
    h("h3", null, t("Characters")),
    team.length ? h("ul", { class: "team" }, team) : h("p", { class: "muted" }, t("No character yet")),
    h("h3", null, t("Cities saved")),
    h("p", null, status.cities_kept.map((c) => c.name).join(", ") || t("No city saved yet")),
    h("h3", null, t("Removed from the campaign")),
    status.removed.length ? h("dl", { class: "removed" }, ["scenario", "city", "character", "sky_tile"].flatMap((kind) => {
      const names = status.removed.filter((c) => c.kind === kind).map((c) => c.name);
      return names.length ? [h("dt", null, kindText(kind)), h("dd", null, names.join(", "))] : [];
    })) : h("p", null, t("Nothing yet")),
  ];
}
