// A move's answer (what the move changed) applied to the game the page holds: the whole game
// again, or null when the page's game is not the one the answer continues.
import assert from "node:assert/strict";
import { test } from "node:test";

import { applyAnswer } from "../../src/soloboard/web/static/game/delta.js";
import { fixture } from "./fixtures.mjs";

// the answer the server sends for `after` (a captured game: a move's answer applied to `before`)
function answerFor(before, after, kept) {
  const { game, params, seed, title, setup, board, notes, campaign, log, new: fresh, view, ...changed } = after;
  void game; void params; void seed; void title; void setup; void board; void notes; void campaign; void log;
  const changing = Object.fromEntries(Object.entries(view).filter(([k]) => !kept.includes(k)));
  return { delta: true, since: before.ply, log_from: before.log.length, kept, new: fresh, view: changing, ...changed };
}

const UFS_FIXED = ["game", "edition", "city", "notes", "tray"];

test("a move's answer applied to the game held gives the game after the move", () => {
  const before = fixture("ufs-before-descent.json");
  const after = fixture("ufs-descent.json");
  // the captured log keeps its last lines: the held one is cut to end where the move's lines begin
  const held = { ...before, log: after.log.slice(0, after.log.length - after.new.length) };
  const answer = answerFor(held, after, UFS_FIXED);
  assert.ok(!("edition" in answer.view) && !("log" in answer) && !("title" in answer));
  const game = applyAnswer(held, answer);
  assert.deepEqual(game.view, after.view, "the view: the parts that never change kept from the game held");
  assert.deepEqual(game.log, after.log, "the log: the move's lines appended");
  assert.deepEqual(game.new, after.new);
  for (const key of ["ply", "moves", "status", "to_move", "can_undo", "decisions", "title", "setup", "notes"]) {
    assert.deepEqual(game[key], after[key], key);
  }
  assert.equal(held.ply, before.ply, "the game held is not changed");
});

test("Monstros: the deck's cards and the set-up are kept, the table is the answer's", () => {
  const before = fixture("monstros-before-turn.json");
  const after = fixture("monstros-turn.json");
  const held = { ...before, log: after.log.slice(0, after.log.length - after.new.length) };
  const kept = ["game", "title", "players", "solo", "difficulty", "monster_kinds", "card_kinds", "notices"];
  const game = applyAnswer(held, answerFor(held, after, kept));
  assert.deepEqual(game.view, after.view);
  assert.equal(game.view.monster_kinds, held.view.monster_kinds, "the same object: nothing sent again");
});

test("an answer that does not continue the game held: null (the page asks for the whole game)", () => {
  const before = fixture("ufs-before-descent.json");
  const after = fixture("ufs-descent.json");
  const held = { ...before, log: after.log.slice(0, after.log.length - after.new.length) };
  const answer = answerFor(held, after, UFS_FIXED);
  assert.equal(applyAnswer({ ...held, ply: held.ply - 1 }, answer), null, "another position");
  assert.equal(applyAnswer({ ...held, log: held.log.slice(1) }, answer), null, "a log of another length");
  assert.equal(applyAnswer({ ...held, id: held.id + 1 }, answer), null, "another game");
  assert.equal(applyAnswer(null, answer), null, "no game held");
  const { edition, ...noEdition } = held.view;
  void edition;
  assert.equal(applyAnswer({ ...held, view: noEdition }, answer), null, "a kept part the game held lacks");
  // a whole game (an undo's answer, a GET) is shown as it is
  assert.equal(applyAnswer(held, after), after);
});
