// The Monstros table's pure parts: the game JSON's view turned into what the table shows, and
// which pieces answer a click for the moves there are.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  handsModel, lastMonstersTurn, monsterLabel, seatsModel, slotsModel, statusModel, towersModel, tracksModel,
} from "../../src/soloboard/web/static/monstros/table-model.js";
import {
  buttonMoves, clickableKeys, isSecondKey, movesByFirstKey, previewText, tips,
} from "../../src/soloboard/web/static/monstros/moves-model.js";
import { dieFace, wallArt } from "../../src/soloboard/web/static/monstros/art.js";
import { freshEvents } from "../../src/soloboard/web/static/monstros/board.js";
import { englishT as t, fixture } from "./fixtures.mjs";

const attack = fixture("monstros-before-turn.json");
const turn = fixture("monstros-turn.json");

test("status: whose turn and what to do, for the seat that moves and for a watcher", () => {
  const mine = statusModel(attack, attack.view, t, true, [0, 1]);
  assert.deepEqual(mine, { over: false, turn: "Turn 1", whose: "Seat 1's turn", difficulty: "2 players · Difficulty: Beginner",
    prompt: { tag: "strong", cls: "mon-prompt mon-yours", text: `Seat 1, your move: ${attack.view.phase_text}` } });
  assert.equal(statusModel(attack, attack.view, t, true, [0]).prompt.text, `Your move: ${attack.view.phase_text}`);
  const watching = statusModel(turn, turn.view, t, false, []);
  assert.deepEqual(watching.prompt, { tag: "span", cls: "mon-prompt mon-waiting", text: `Waiting for Seat 1: ${turn.view.phase_text}` });
  const ai = { ...turn, seats: [{ seat: 0, kind: "ai", agent: "mcts" }, turn.seats[1]] };
  assert.match(statusModel(ai, turn.view, t, false, []).prompt.text, /^Waiting for Seat 1 \(AI\): /);
  const over = statusModel({ ...turn, result: "The wall fell." }, { ...turn.view, status: "lost", result: null }, t, false, []);
  assert.deepEqual([over.over, over.result], [true, "The wall fell."]);
});

test("tracks: the wall's bricks, the invasion track with its winning space, the attack's sum", () => {
  const tracks = tracksModel(turn.view, t);
  assert.deepEqual(tracks.wall, { value: 31, max: 50, label: "Wall: 31 of 50 bricks" });
  const cells = tracks.invasion.cells;
  assert.equal(cells.length, turn.view.invasion.win);
  assert.deepEqual(cells.filter((c) => c.here).map((c) => c.n), [turn.view.invasion.value]);
  assert.deepEqual([cells.at(-1).win, cells.at(-1).text], [true, "★"]);
  const atk = turn.view.monster_attack;
  assert.equal(tracks.attack, `Monsters' attack: ${atk.total} − ${atk.blocked} = ${atk.net}`);
  const bricks = wallArt(31, 50);
  assert.equal(bricks.match(/class="mon-brick"/g).length, 31);
  assert.equal(bricks.match(/class="mon-brick-gone"/g).length, 19);
  assert.equal(dieFace(5).match(/<circle/g).length, 5);
});

test("towers and slots: built or empty, which bring a die token, the slots' bonuses in words", () => {
  const towers = towersModel(turn.view, t);
  assert.deepEqual(towers.spaces.map((s) => [s.space, s.built, s.bonus]), [[1, false, true], [2, false, true], [3, false, false], [4, false, false]]);
  assert.equal(towers.spaces[0].label, "Empty tower space 1");
  assert.equal(towers.tokens, "Die tokens: 0 (supply 5)");
  const slots = slotsModel(turn.view, t);
  assert.deepEqual(slots.map((s) => s.bonus), [["block"], ["block"], ["block", "reroll"], ["block"], ["full"]]);
  assert.equal(slots[2].label, "Board slot 3: -1 to the monsters' attack, one die may be re-rolled");
  assert.equal(slots[0].card.id, "defeito");
});

test("hands: this device's seats first, marked; seats: who plays, which the host may invite to", () => {
  assert.deepEqual(handsModel(turn, turn.view, t, [1]).map((h) => [h.seat, h.who, h.count]),
    [[1, "Seat 2 (you)", " · 3/3"], [0, "Seat 1", " · 3/3"]]);
  const seats = seatsModel(turn, turn.view, t, true, { 0: "a", 1: "b" });
  assert.deepEqual(seats.rows.map((r) => [r.name, r.who, r.turn, r.invite]),
    [["Seat 1", "this device", true, false], ["Seat 2", "this device", false, true]]);
  const guest = seatsModel(turn, turn.view, t, undefined, { 1: "b" });
  assert.equal(guest.host, false, "one seat and no host token: no invitations");
  assert.deepEqual(guest.rows.map((r) => [r.who, r.waiting]), [["another device", "waiting for Seat 1"], ["this device", null]]);
});

test("a monster card in words; the last monsters' turn from the log", () => {
  assert.equal(monsterLabel(turn.view.monsters[0], t), "Starting monster (monstro inicial) i: Level 1, life 2, attack 1");
  assert.deepEqual(lastMonstersTurn(turn.log), { lost: 0, revealed: [
    { id: "5b", toTable: false }, { id: "3b", toTable: false }, { id: "5a", toTable: false }] });
  assert.equal(lastMonstersTurn(attack.log), null);
  const placed = [...turn.log.slice(0, -1), { kind: "monsters_placed", event: { cards: ["3b"] } }];
  assert.deepEqual(lastMonstersTurn(placed).revealed.map((r) => r.toTable), [false, true, false]);
});

test("moves: a two-key move selects its die first, then the monster completes it", () => {
  const byFirst = movesByFirstKey(attack.moves);
  const hit = attack.moves.find((m) => m.verb === "hit");
  const keys = clickableKeys(byFirst, null);
  assert.equal(keys.get("btn:done").verb, "done");
  assert.equal(keys.get(hit.keys[0]), "select");
  assert.equal(keys.has(hit.keys[1]), false);
  const chosen = clickableKeys(byFirst, hit.keys[0]);
  assert.equal(chosen.get(hit.keys[1]), hit);
  assert.equal(isSecondKey(byFirst, hit.keys[0], hit.keys[1]), true);
  assert.deepEqual(buttonMoves(attack.moves).map((m) => m.keys[0]), ["btn:done"]);
  assert.equal(tips(attack.moves, t), "Click a die, then what it goes on.");
  assert.equal(tips(turn.moves, t), "Click the monster that goes to the bottom next.");
  assert.equal(tips(buttonMoves(attack.moves), t), "");
});

test("a preview's words: its first four events' lines", () => {
  const events = turn.new.map((e) => ({ text: e.text }));
  assert.equal(previewText({ events: events.slice(0, 2) }), `${turn.new[0].text} ${turn.new[1].text}`);
  assert.match(previewText(events), / …$/);
  assert.equal(previewText({ events: [] }), "");
});

test("what is played out: the move's events, or the log since the last picture for a live update", () => {
  assert.deepEqual(freshEvents(turn, { fresh: [] }, attack.ply), { fresh: turn.new, fromMove: true });
  const live = { ...turn, new: [] };
  const { fresh, fromMove } = freshEvents(live, {}, attack.ply);
  assert.equal(fromMove, false);
  assert.deepEqual(fresh, turn.log.filter((e) => e.ply >= attack.ply));
  assert.deepEqual(freshEvents(live, {}, null), { fresh: [], fromMove: true });
});

test("hands: this device's seats first, and among them the seat to move", () => {
  const game = { ...turn, to_move: 1 };
  assert.deepEqual(handsModel(game, turn.view, t, [0, 1]).map((h) => h.seat), [1, 0], "seat 2 moves: its hand first");
  assert.deepEqual(handsModel({ ...turn, to_move: 0 }, turn.view, t, [0, 1]).map((h) => h.seat), [0, 1]);
  assert.deepEqual(handsModel(game, turn.view, t, [0]).map((h) => h.seat), [0, 1], "another device's seat stays after mine");
});
