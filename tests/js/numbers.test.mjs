// The pages' number helpers: win rates with their interval, star counts as the rulebook writes them.
import assert from "node:assert/strict";
import { test } from "node:test";

import { starNumber, wilson } from "../../src/soloboard/web/static/shared.js";
import { starValue } from "../../src/soloboard/web/static/campaign/parts.js";
import { withInterval } from "../../src/soloboard/web/static/history.js";

const close = (a, b) => assert.ok(Math.abs(a - b) < 1e-4, `${a} ≈ ${b}`);

test("the 95 % Wilson interval", () => {
  const [low, high] = wilson(7, 10);
  close(low, 0.3968);
  close(high, 0.8922);
  assert.deepEqual(wilson(0, 0), [0, 1]);
  assert.equal(wilson(0, 20)[0], 0);
  assert.equal(wilson(20, 20)[1], 1);
});

test("a rate row: its rate and interval worked out where the server sent none", () => {
  const row = withInterval({ games: "10", wins: 7 });
  assert.equal(row.rate, 0.7);
  close(row.low, 0.3968);
  assert.deepEqual(withInterval({ games: 4, wins: 1, rate: 0.25, low: 0.1, high: 0.6 }),
    { games: 4, wins: 1, rate: 0.25, low: 0.1, high: 0.6 });
  assert.equal(withInterval({}).rate, null);
});

test("star counts with halves, as the rulebook writes them", () => {
  assert.deepEqual([0, 1, 1.5, 0.5, -0.5, -2].map(starNumber), ["0", "1", "1½", "½", "-½", "-2"]);
  assert.deepEqual([1, -1, 0.5, -1.5, 2].map(starValue), ["1", "−1", "½", "−1½", "2"]);
});
