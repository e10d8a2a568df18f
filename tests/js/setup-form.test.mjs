import assert from "node:assert/strict";
import { test } from "node:test";

import {
  activeOf, chosenCards, chosenParams, formFields, freshForm, hasSeats, paramPairs, playersCount, seatsSpec, skySides,
} from "../../src/soloboard/web/static/home/setup-form.js";
import { fixture } from "./fixtures.mjs";

const cat = fixture("catalog.json");
const game = (name) => cat.games.find((g) => g.game === name);

test("two ways to give one thing are a pair, the one it is instead of first", () => {
  assert.deepEqual(paramPairs(game("ufs")), [["threat", "sky"]]);
  assert.deepEqual(paramPairs(game("ufs-pnp")), [["level", "difficult"]]);
  assert.deepEqual(paramPairs(game("monstros")), []);
});

test("the dialog's fields: a pair where its first member is, the advanced ones kept apart", () => {
  const fields = formFields(game("ufs")).map((f) => (f.pair ? f.pair.join("|") : f.param.name) + (f.advanced ? " (advanced)" : ""));
  assert.deepEqual(fields, ["city", "side", "threat|sky", "unidentified_action (advanced)"]);
  const hidden = { ...game("monstros"), params: [...game("monstros").params, { name: "deck", hidden: true }] };
  assert.deepEqual(formFields(hidden).map((f) => f.param.name), ["players", "difficulty", "five_removal"]);
});

test("a fresh form: every parameter at its default, every pair on its first tab", () => {
  const { values, modes } = freshForm(game("ufs"));
  assert.deepEqual(values, { city: "roswell", side: "blue", threat: 0, sky: null, unidentified_action: "damage" });
  assert.deepEqual(modes, { threat: "threat" });
  assert.equal(activeOf(["threat", "sky"], modes), "threat");
  assert.equal(activeOf(["threat", "sky"], {}), "threat");
});

test("the parameters sent: only the chosen tab of a pair, nothing empty", () => {
  const ufs = game("ufs");
  const values = { city: "roswell", side: "blue", threat: 2, sky: "ETTE", unidentified_action: "" };
  assert.deepEqual(chosenParams(ufs, values, { threat: "threat" }), { city: "roswell", side: "blue", threat: 2 });
  assert.deepEqual(chosenParams(ufs, values, { threat: "sky" }), { city: "roswell", side: "blue", sky: "ETTE" });
  const pnp = game("ufs-pnp");
  assert.deepEqual(chosenParams(pnp, { level: 0, difficult: [], energy_rule: "max" }, { level: "difficult" }),
    { energy_rule: "max" }, "no card chosen: the list is left out");
});

test("seats: a game that has them sends one per player, a person where none was chosen", () => {
  const mon = game("monstros");
  assert.equal(hasSeats(mon), true);
  assert.equal(hasSeats(game("ufs")), false);
  assert.equal(playersCount({ players: "3" }), 3);
  assert.equal(playersCount({ players: 0 }), 0);
  assert.deepEqual(seatsSpec(mon, { players: 3 }, [undefined, { kind: "ai", agent: "mcts" }]),
    [{ kind: "person" }, { kind: "ai", agent: "mcts" }, { kind: "person" }]);
  assert.equal(seatsSpec(game("ufs"), { players: 3 }, []), undefined);
});

test("the sky tiles' sides and the difficult cards as the fields keep them", () => {
  const sky = game("ufs").params.find((p) => p.name === "sky");
  assert.deepEqual(skySides("etee", sky.length), ["E", "T", "E", "E"]);
  assert.deepEqual(skySides(null, sky.length), ["E", "E", "E", "E"]);
  assert.deepEqual(skySides("ETE", sky.length), ["E", "E", "E", "E"], "a value of another length starts afresh");
  assert.deepEqual([...chosenCards("Card 2, Card 5")], ["Card 2", "Card 5"]);
  assert.deepEqual([...chosenCards([3, 4])], ["3", "4"]);
  assert.deepEqual([...chosenCards("")], []);
});
