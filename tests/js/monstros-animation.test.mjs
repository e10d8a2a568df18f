// The monsters' turn played out: the narrated events turned into the table's steps.
import assert from "node:assert/strict";
import { test } from "node:test";

import { STEP_MS, turnSteps } from "../../src/soloboard/web/static/monstros/animation-steps.js";
import { fixture } from "./fixtures.mjs";

const turn = fixture("monstros-turn.json");

test("the monsters' turn: the wall, the attack, three cards revealed, none placed", () => {
  const plan = turnSteps(turn.new);
  assert.deepEqual(plan.steps.map((s) => s.kind), ["wall_changed", "monsters_turn", "monsters_attack",
    "monster_revealed", "monster_revealed", "monster_revealed", "monsters_placed"]);
  assert.deepEqual(plan.steps.map((s) => s.at), [1, 2, 3, 4, 5, 6, 7], "the player's own attack_ended is not replayed");
  assert.equal(plan.wall, turn.new[1].event.from, "the wall starts where the turn found it");
  assert.equal(plan.invasion, null);
  assert.deepEqual(plan.steps.filter((s) => s.reveal).map((s) => s.reveal), ["5b", "3b", "5a"]);
  assert.deepEqual(plan.steps.map((s) => s.delay), [STEP_MS * 1.3, STEP_MS, STEP_MS, STEP_MS * 1.3, STEP_MS * 1.3, STEP_MS * 1.3, STEP_MS]);
  const placing = plan.steps.at(-1);
  assert.deepEqual([placing.placed, placing.arrived, placing.pulse], [[], true, ".mon-monsters .mon-monster:not(.mon-arriving)"]);
  assert.equal(plan.steps[0].wall, 31);
  assert.equal(plan.steps[1].clearStrip, true);
  assert.equal(plan.steps[0].caption, turn.new[1].text);
});

test("cards placed on the table arrive at the last placing; a setup reveal is not shown", () => {
  const plan = turnSteps([
    { kind: "invasion_raised", text: "Invasion 2 → 3.", event: { kind: "invasion_raised", from: 2, to: 3 } },
    { kind: "monster_revealed", event: { kind: "monster_revealed", card: "1a", why: "setup" } },
    { kind: "monsters_placed", event: { kind: "monsters_placed", cards: ["2a"] } },
    { kind: "monsters_placed", event: { kind: "monsters_placed", cards: ["3a", "3b"] } },
    { kind: "card_drawn", event: { kind: "card_drawn" } },
    { kind: "dice_rolled" },
  ]);
  assert.deepEqual(plan.arriving, ["3a", "3b"]);
  assert.deepEqual(plan.steps.map((s) => s.arrived), [false, false, false, true]);
  assert.equal(plan.invasion, 2);
  assert.deepEqual([plan.steps[0].invasion, plan.steps[0].pulse], [3, ".mon-invasion"]);
  assert.equal(plan.steps[1].reveal, null);
  assert.equal(plan.steps[1].caption, "monster_revealed", "an event without its line shows its kind");
  assert.deepEqual(turnSteps([{ kind: "card_drawn", event: { kind: "card_drawn" } }]).steps, []);
});
