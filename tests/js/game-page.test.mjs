// The game page's pure parts: the log in groups, the round chip, the seat a request is sent
// for, the status chip, where a board module lives.
import assert from "node:assert/strict";
import { test } from "node:test";

import { useCatalog } from "../../src/soloboard/web/static/i18n.js";
import { groupLog, lastRound } from "../../src/soloboard/web/static/game/log.js";
import { statusText, tokenFor, tokenToMove, waitText } from "../../src/soloboard/web/static/game/seats.js";
import { boardModulePath } from "../../src/soloboard/web/static/game/board-module.js";
import { fixture } from "./fixtures.mjs";

useCatalog("en", {});

test("the log in groups: set-up first, then one per round", () => {
  const log = fixture("ufs-descent.json").log;
  const groups = groupLog(log);
  assert.deepEqual(groups.map((g) => g.title), ["Set-up", "Round 1"]);
  assert.deepEqual(groups.flatMap((g) => g.entries.map((e) => e.index)), log.map((e, i) => (e.text ? i : null)).filter((i) => i !== null));
  assert.equal(lastRound(log), "Round 1");
  assert.equal(lastRound(log.slice(0, 1)), "Set-up");
});

test("the log in groups: Monstros by turn and seat; an empty group only when it is the last", () => {
  const log = [
    { kind: "turn_started", text: "", event: { kind: "turn_started", turn: 1, seat: 0 } },
    { kind: "turn_started", text: "Seat 2 begins.", event: { kind: "turn_started", turn: 2, seat: 1 } },
    { kind: "turn_started", text: "", event: { kind: "turn_started", turn: 3 } },
  ];
  assert.deepEqual(groupLog(log).map((g) => [g.title, g.entries.length]), [["Turn 2 · seat 2", 1], ["Turn 3", 0]]);
  assert.equal(lastRound(log), "Turn 3");
  assert.deepEqual(groupLog(fixture("monstros-turn.json").log).map((g) => g.title).slice(0, 1), ["Set-up"]);
});

test("the token a request is sent with: the seat to move when held, else this device's first seat", () => {
  const game = fixture("monstros-turn.json");
  assert.equal(tokenToMove(game, { 0: "zero", 1: "one" }), "zero");
  assert.equal(tokenToMove(game, { 1: "one" }), null);
  assert.equal(tokenFor(game, { 1: "one", 3: "three" }), "one");
  assert.equal(tokenFor(game, { 10: "ten", 2: "two" }), "two", "seats in number order");
  assert.equal(tokenFor({ ...game, to_move: null }, {}), null);
});

test("the status chip: the result, whose move, and whether it is this device's", () => {
  const game = fixture("monstros-turn.json");
  assert.equal(statusText(game, { 0: "zero" }), "Seat 1 to move: you");
  assert.equal(statusText(game, {}), "Seat 1 to move");
  const solo = fixture("ufs-descent.json");
  assert.equal(statusText(solo, { 0: "zero" }), "Your move");
  assert.equal(statusText(solo, {}), "Watching");
  assert.equal(statusText({ ...solo, status: "won" }, {}), "Won");
  assert.equal(statusText({ ...solo, to_move: null }, {}), "Playing");
});

test("a board module is the folder the game JSON names, and nothing else", () => {
  assert.equal(boardModulePath(fixture("ufs-descent.json").board), "../ufs/board.js");
  assert.equal(boardModulePath(fixture("monstros-turn.json").board), "../monstros/board.js");
  for (const bad of [undefined, null, "", "../x", "ufs/../../api", "UFS", "a b"]) assert.equal(boardModulePath(bad), null);
});
test("a hint shows an interval only where the server sends one", async () => {
  const { hasInterval } = await import("../../src/soloboard/web/static/game/hint.js");
  assert.equal(hasInterval({ win: 0.6, low: 0.5, high: 0.7 }), true);
  assert.equal(hasInterval({ win: 0.6, low: null, high: null }), false);
  assert.equal(hasInterval({ win: 0.6 }), false);
  assert.equal(hasInterval({ win: 0, low: 0, high: 0 }), true); // a lost position: 0 %, and its interval is 0-0
});

test("a hint shows a chance only where the server sends one (none for an uncalibrated game)", async () => {
  const { hasChance } = await import("../../src/soloboard/web/static/game/hint.js");
  assert.equal(hasChance({ win: 0.6, low: null, high: null }), true);
  assert.equal(hasChance({ win: 0 }), true); // a lost position: 0 % is a chance
  assert.equal(hasChance({ win: null, low: null, high: null }), false);
  assert.equal(hasChance({}), false);
});

test("a hint is for one position: the panel closes when the game's ply is not the one it was found for", async () => {
  const { hintOutdated } = await import("../../src/soloboard/web/static/game/header.js");
  const game = fixture("ufs-descent.json");
  assert.equal(hintOutdated(String(game.ply), game), false);
  assert.equal(hintOutdated(String(game.ply - 1), game), true, "a move was made since");
  assert.equal(hintOutdated(String(game.ply + 1), game), true, "a move was taken back since");
  assert.equal(hintOutdated(undefined, game), true, "a panel that names no position");
  assert.equal(hintOutdated("", game), true);
});

test("'Play this move' sends the hint's move at the hint's ply, and nothing for a position that is gone", async () => {
  const { playHint } = await import("../../src/soloboard/web/static/game/hint.js");
  const sent = [];
  const said = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (url, init) => {
    sent.push({ url: String(url), body: JSON.parse(init.body), token: init.headers["X-Seat-Token"] });
    return { ok: true, status: 200, text: async () => "{}" };
  };
  try {
    const els = { hintPanel: { hidden: false, dataset: {} }, hintBtn: { setAttribute() {} } };
    const p = { id: 7, game: { ply: 10 }, els, ui: { say: (m) => said.push(m) },
      send: (post) => post(p.game.ply, "seat-token") };
    await playHint(p, 10, 27);
    assert.deepEqual(sent, [{ url: "/api/games/7/moves?lang=en", body: { ply: 10, action: 27 }, token: "seat-token" }]);
    assert.equal(els.hintPanel.hidden, false);
    // the game moved on (another device, an undo) while the panel was open: the old move is not sent
    p.game = { ply: 12 };
    assert.equal(await playHint(p, 10, 27), false);
    assert.equal(sent.length, 1);
    assert.equal(els.hintPanel.hidden, true, "the outdated panel closes");
    assert.deepEqual(said, ["The position has changed since this hint: ask for a new one."]);
  } finally {
    globalThis.fetch = realFetch;
  }
});

test("a long wait for a move's answer: the computer's seats when the game has any, else the server", () => {
  const game = fixture("monstros-turn.json");
  assert.equal(waitText({ ...game, seats: [{ seat: 0, kind: "person" }, { seat: 1, kind: "ai", agent: "mcts" }] }),
    "The computer is playing its seats…");
  assert.equal(waitText({ ...game, seats: [{ seat: 0, kind: "person" }, { seat: 1, kind: "person" }] }),
    "Waiting for the server…");
  assert.equal(waitText(null), "Waiting for the server…");
});
