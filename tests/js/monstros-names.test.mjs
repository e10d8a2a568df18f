// A Monstros card's tooltip and accessible label: the name in the page's language, with the printed
// (Portuguese) name beside it where they differ (docs/glossary.md, "the first time it appears").
import assert from "node:assert/strict";
import { test } from "node:test";

import { cardLabel, monsterLabel } from "../../src/soloboard/web/static/monstros/table-model.js";
import { englishT as t } from "./fixtures.mjs";

const start = { id: "i", name: "Potwór początkowy", printed: "monstro inicial", level: 1, life: 2, attack: 1,
  shield: false, abilities: [] };

test("a translated monster's label keeps the printed name beside it", () => {
  assert.equal(monsterLabel(start, t), "Potwór początkowy (monstro inicial) i: Level 1, life 2, attack 1");
  assert.equal(monsterLabel({ ...start, name: "monstro inicial" }, t), "monstro inicial i: Level 1, life 2, attack 1");
  assert.equal(monsterLabel({ ...start, name: "", printed: "" }, t), "i: Level 1, life 2, attack 1");
});

test("a translated action card's label keeps the printed name beside it", () => {
  assert.equal(cardLabel({ name: "Opóźnienie", printed: "atraso" }), "Opóźnienie (atraso)");
  assert.equal(cardLabel({ name: "atraso", printed: "atraso" }), "atraso");
});
