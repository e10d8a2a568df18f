import assert from "node:assert/strict";
import { test } from "node:test";

import { SPEEDS, animationSpeed, chosenSpeed, rememberSpeed, stepDelay } from "../../src/soloboard/web/static/motion.js";

function memory(initial = {}) {
  const items = { ...initial };
  return { items, getItem: (k) => (k in items ? items[k] : null), setItem: (k, v) => { items[k] = String(v); } };
}
const media = (reduce) => (query) => ({ matches: reduce && query.includes("reduce") });

test("without a choice: normal, and off when the system asks for reduced motion", () => {
  assert.equal(animationSpeed(memory(), media(false)), "normal");
  assert.equal(animationSpeed(memory(), media(true)), "off");
  assert.equal(animationSpeed(null, null), "normal", "no storage, no media query");
});

test("a choice is remembered on the device and wins over the system's default", () => {
  const store = memory();
  rememberSpeed("fast", store);
  assert.equal(store.items["soloboard.animation"], "fast");
  assert.equal(chosenSpeed(store), "fast");
  assert.equal(animationSpeed(store, media(true)), "fast");
  rememberSpeed("off", store);
  assert.equal(animationSpeed(store, media(false)), "off");
});

test("an unknown stored value is no choice; an unknown speed is refused", () => {
  assert.equal(animationSpeed(memory({ "soloboard.animation": "ludicrous" }), media(true)), "off");
  assert.throws(() => rememberSpeed("slow", memory()), RangeError);
  assert.deepEqual(SPEEDS, ["off", "fast", "normal"]);
});

test("storage that throws (a blocked private window) leaves the default", () => {
  const blocked = { getItem: () => { throw new Error("blocked"); }, setItem: () => { throw new Error("blocked"); } };
  assert.equal(animationSpeed(blocked, media(false)), "normal");
  rememberSpeed("fast", blocked); // not remembered, no error
});

test("a step's pause: as given at normal, a third at fast, none when off", () => {
  assert.equal(stepDelay(900, "normal"), 900);
  assert.equal(stepDelay(900, "fast"), 300);
  assert.equal(stepDelay(650, "fast"), 217);
  assert.equal(stepDelay(900, "off"), null);
});
