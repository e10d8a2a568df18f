import assert from "node:assert/strict";
import { test } from "node:test";

import { gameOf, gameTitle, setupSummary } from "../../src/soloboard/web/static/catalog.js";
import { useCatalog } from "../../src/soloboard/web/static/i18n.js";
import { fixture } from "./fixtures.mjs";

useCatalog("en", {});
const cat = fixture("catalog.json");

test("a game is found by its name; its title is the catalog's", () => {
  assert.equal(gameOf(cat, "ufs-pnp").board, "ufs");
  assert.equal(gameOf(cat, "chess"), null);
  assert.equal(gameTitle(cat, "ufs"), "Under Falling Skies");
  assert.equal(gameTitle(null, "ufs"), "ufs", "no catalog: the short name");
  assert.equal(gameTitle(cat, "chess"), "chess");
});

test("a set-up names its key parameters even at their default, with the choices' labels", () => {
  assert.equal(setupSummary(cat, "ufs", { city: "roswell", side: "blue", threat: 0, unidentified_action: "damage" }),
    "City: Roswell · City side: blue · Threat level: 0");
});

test("a set-up names the other parameters only where they differ from their default", () => {
  assert.equal(setupSummary(cat, "ufs", { city: "new-york", threat: 2, unidentified_action: "none" }, 7),
    "City: New York · Threat level: 2 · Single-source symbols: no effect · Seed 7");
  assert.equal(setupSummary(cat, "ufs-pnp", { level: 1, energy_rule: "max" }), "Level: 1");
});

test("a set-up lists a list's values and skips what is empty", () => {
  const summary = setupSummary(cat, "ufs-pnp", { difficult: ["Card 2", "Card 5"], level: null, energy_rule: "" });
  assert.equal(summary, "Difficult cards: Card 2, Card 5");
  assert.equal(setupSummary(cat, "ufs", { sky: "ETEE" }), "Sky tiles: ETEE");
});

test("a parameter the catalog does not know is named by its key; yes/no by its label alone", () => {
  assert.equal(setupSummary(cat, "ufs", { damaged: true, city: "roswell" }), "damaged · City: Roswell");
  assert.equal(setupSummary(null, "monstros", { players: 3, difficulty: "dificil" }), "players: 3 · difficulty: dificil");
});
