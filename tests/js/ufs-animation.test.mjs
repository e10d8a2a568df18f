// A move of Under Falling Skies played out: the engine's events turned into the board's steps,
// and a move's preview turned into marks over the board.
import assert from "node:assert/strict";
import { test } from "node:test";

import { animationSteps, needsAnimation } from "../../src/soloboard/web/static/ufs/animation-steps.js";
import { previewModel } from "../../src/soloboard/web/static/ufs/preview-model.js";
import { fixture } from "./fixtures.mjs";

const before = fixture("ufs-before-descent.json");
const after = fixture("ufs-descent.json");

// the ships' cells once every step has moved them
function shipsAfter(view, steps) {
  const ships = new Set(view.ships.map((s) => s.cell));
  for (const a of steps.flatMap((s) => s.actions)) {
    if (a.do === "move") { ships.delete(a.from); ships.add(a.to); }
    if (a.do === "crash") ships.delete(a.from);
    if (a.do === "vanish" || a.do === "shoot") ships.delete(a.at);
    if (a.do === "spawn") ships.add(a.at);
  }
  return [...ships].sort();
}

test("a die that moves a ship onto the mothership's symbol: the ship flies, the mothership comes down", () => {
  assert.equal(needsAnimation(after.new), true);
  const steps = animationSteps(before.view, after.new);
  assert.equal(steps.length, after.new.length, "one step per event, so ui.narrated(i) counts the events");
  assert.deepEqual(steps.map((s) => s.kind), ["die_placed", "ship_moved", "mothership_descended", "dice_rolled"]);
  assert.deepEqual(steps[1].actions, [{ do: "move", from: "b0", to: "b6" }]);
  assert.equal(steps[1].wait, 480);
  const descent = steps[2];
  assert.deepEqual(descent.actions.at(-1), { do: "mothership", row: 1, rows: 1 });
  assert.deepEqual(descent.actions.slice(0, -1), ["a", "c", "d", "e"].map((c) => ({ do: "move", from: `${c}0`, to: `${c}1` })),
    "the ships on its drop points come down with it");
  assert.equal(descent.wait, 850);
  assert.equal(steps[3].wait, 650, "a line only told: time to read it");
  assert.equal(steps[0].wait, 0);
  assert.equal(steps[1].text, after.new[1].text);
});

test("the steps leave the ships where the engine says they are", () => {
  const steps = animationSteps(before.view, after.new);
  assert.deepEqual(shipsAfter(before.view, steps), after.view.ships.map((s) => s.cell).sort());
});

test("ships on the row the mothership moves onto go back aboard; a step for a missing ship does nothing", () => {
  const view = { ships: [{ cell: "a0" }, { cell: "b1" }], sky: { mothership_row: 0 } };
  const steps = animationSteps(view, [
    { event: { kind: "mothership_descended", row: 1 }, text: "down" },
    { event: { kind: "ship_moved", from: "c4", to: "c5" } },
    { event: { kind: "ship_spawned", col: "c", ship: "white" } },
    { event: { kind: "ships_shot_down", ships: [{ at: "c1" }, { at: "e3" }] } },
    { event: { kind: "ship_hit_city", from: "a1" } },
  ]);
  assert.deepEqual(steps[0].actions, [{ do: "vanish", at: "b1" }, { do: "move", from: "a0", to: "a1" },
    { do: "mothership", row: 1, rows: 1 }]);
  assert.deepEqual([steps[1].actions, steps[1].wait], [[], 0]);
  assert.deepEqual(steps[2].actions, [{ do: "spawn", at: "c1", ship: "white" }], "a new ship drops from the mothership's row");
  assert.deepEqual(steps[3].actions, [{ do: "shoot", at: "c1" }]);
  assert.deepEqual([steps[4].actions, steps[4].wait], [[{ do: "crash", from: "a1" }], 520]);
});

test("markers, the excavator, a die discarded and the phase's title", () => {
  const steps = animationSteps(before.view, [
    { event: { kind: "damage", total: 3 }, text: "The base takes 1 damage." },
    { event: { kind: "energy_changed", to: 5 } },
    { event: { kind: "excavator_moved", to: "b3" } },
    { event: { kind: "die_discarded", space: "c2" } },
    { event: { kind: "round_started", round: 2 }, text: "Round 2 begins." },
  ]);
  assert.deepEqual(steps.map((s) => s.actions[0]), [{ do: "marker", track: "damage", value: 3 },
    { do: "marker", track: "energy", value: 5 }, { do: "excavator", to: "b3" }, { do: "clear", space: "c2" },
    { do: "phase", text: "Round 2 begins" }]);
  assert.deepEqual(steps.map((s) => s.wait), [650, 300, 700, 250, 350]);
  assert.equal(needsAnimation(steps.map((s) => ({ event: { kind: s.kind } }))), false, "nothing flies: drawn at once");
});

test("a preview: the move's path and the cell it leaves, and its words", () => {
  const move = before.moves.find((m) => m.notation === "W6b3");
  const model = previewModel(move, after.new.slice(0, 3), "Tap again to play it.");
  assert.deepEqual(model.marks, [
    { mark: "path", from: "b0", to: "b6", why: "die", ship: "purple" },
    { mark: "mothership", row: 1 },
    { mark: "from", at: "b0" },
  ]);
  assert.equal(model.text, `W6b3: ${after.new.slice(0, 3).map((e) => e.text).join(" ")} Tap again to play it.`);
  assert.equal(move.text, undefined, "a move's words come with its preview, asked when it is pointed at");
  assert.equal(previewModel(move, []).text, "W6b3", "no events: the move's notation");
});
