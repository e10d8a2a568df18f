import assert from "node:assert/strict";
import { test } from "node:test";

import { pluralIndex, t, tn, tp, useCatalog } from "../../src/soloboard/web/static/i18n.js";
import { fixture } from "./fixtures.mjs";

const catalogs = fixture("i18n-catalogs.json");

test("plural index: Czech has one, few (2-4) and many", () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 11, 22, 100].map((n) => pluralIndex("cs", n)), [2, 0, 1, 1, 1, 2, 2, 2, 2]);
});

test("plural index: Polish counts by the last digits, the teens apart", () => {
  assert.deepEqual([1, 2, 4, 5, 12, 14, 21, 22, 24, 25, 112, 122, 0].map((n) => pluralIndex("pl", n)),
    [0, 1, 1, 2, 2, 2, 2, 1, 1, 2, 2, 1, 2]);
});

test("plural index: English, Portuguese and Spanish have one and other", () => {
  for (const code of ["en", "pt", "es"]) assert.deepEqual([0, 1, 2, 21].map((n) => pluralIndex(code, n)), [1, 0, 1, 1]);
  assert.equal(pluralIndex("cs", -3), 1, "a negative count takes the form of its size");
});

test("tn picks the catalog's form for n and fills it", () => {
  useCatalog("cs", catalogs.cs);
  assert.deepEqual([1, 3, 5, 22].map((n) => tn("{n} move", "{n} moves", n)), ["1 tah", "3 tahy", "5 tahů", "22 tahů"]);
  useCatalog("pl", catalogs.pl);
  assert.deepEqual([1, 4, 12, 24, 25].map((n) => tn("{n} game", "{n} games", n)),
    ["1 gra", "4 gry", "12 gier", "24 gry", "25 gier"]);
  assert.equal(tn("Your seat: {seats}", "Your seats: {seats}", 2, { seats: "1, 2" }), "Twoje miejsca: 1, 2");
  useCatalog("pt", catalogs.pt);
  assert.deepEqual([1, 2].map((n) => tn("{n} move", "{n} moves", n)), ["1 jogada", "2 jogadas"]);
});

test("tn without a catalog entry: English singular or plural", () => {
  useCatalog("en", {});
  assert.equal(tn("{n} battle", "{n} battles", 1), "1 battle");
  assert.equal(tn("{n} battle", "{n} battles", 0), "0 battles");
});

test("t fills placeholders, keeps unknown ones, and reads a plural entry's first form", () => {
  useCatalog("cs", catalogs.cs);
  assert.equal(t("Round {n}", { n: 4 }), "Kolo 4");
  assert.equal(t("Seed {seed}"), "Semínko {seed}");
  assert.equal(t("{n} game", { n: 1 }), "1 hra");
  assert.equal(t("Not in the catalog {x}", { y: 1 }), "Not in the catalog {x}");
});

test("tp reads the context's entry, not the plain one", () => {
  useCatalog("pl", catalogs.pl);
  assert.equal(tp("die", "white"), "biała");
  assert.equal(tp("ship", "white"), "white");
  useCatalog("en", {});
});
