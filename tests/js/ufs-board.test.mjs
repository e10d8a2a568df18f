// The Under Falling Skies board's pure parts: the game JSON's view turned into the drawing model
// (layout, sky, actions, base, tracks, tray), and what can be clicked.
import assert from "node:assert/strict";
import { test } from "node:test";

import { G, layoutFor, roomRuns, skyXY, wrapText } from "../../src/soloboard/web/static/ufs/layout.js";
import { actionShort, partLabel, statusPrompt } from "../../src/soloboard/web/static/ufs/labels.js";
import { actionsModel, mothershipModel, shipsModel, skyModel, skyNumbersModel } from "../../src/soloboard/web/static/ufs/sky-model.js";
import { baseModel } from "../../src/soloboard/web/static/ufs/base-model.js";
import { researchBesideModel, tracksModel } from "../../src/soloboard/web/static/ufs/tracks-model.js";
import { trayModel } from "../../src/soloboard/web/static/ufs/tray-model.js";
import { baseTargets, cornerButtons, movesByKind, notation, refusalText } from "../../src/soloboard/web/static/ufs/targets.js";
import { englishT as t, fixture } from "./fixtures.mjs";

const start = fixture("ufs-before-descent.json");
const view = start.view;
const wide = layoutFor(view, 1000);
const phone = layoutFor(view, 390);

test("layout: wide, the base beside the sky; on a phone, under it", () => {
  assert.equal(wide.wide, true);
  assert.equal(wide.baseY, wide.skyY);
  assert.equal(wide.baseX, G.pad + wide.colW + G.gap);
  assert.equal(phone.wide, false);
  assert.equal(phone.baseX, phone.skyX);
  assert.ok(phone.baseY > G.hull + (view.sky.rows + 1) * G.ch, "the base starts below the sky and its city");
  assert.ok(phone.city > G.city, "a phone's city strip is taller (bigger, wrapped words)");
  assert.equal(phone.skyLabel, 50);
  assert.equal(wide.trayY, wide.baseY + 6 * G.bh + 24);
  assert.equal(layoutFor(fixture("pnp-start.json").view, 1000).beside, false, "the 9-card edition's research is a card");
});

test("sky: one framed part per tile, the threat side framed red, labelled by number on a phone", () => {
  const sky = skyModel(phone, view, t);
  assert.deepEqual(sky.parts.map((p) => p.label.text), ["4 · easy", "3 · threat", "2 · easy", "1 · easy"]);
  assert.deepEqual(sky.parts.map((p) => p.hard), [false, true, false, false]);
  const threat = sky.parts[1];
  assert.equal(threat.frame.y, phone.skyY + G.hull + 5 * G.ch + 1, "tile 3 covers rows 5 to 8");
  assert.equal(threat.frame.height, 4 * G.ch - 2);
  assert.equal(threat.label.full, "sky tile 3 · threat");
  assert.deepEqual(skyModel(wide, view, t).parts.map((p) => p.label.text)[1], "sky tile 3 · threat");
});

test("sky: the rows, the skull row, the printed symbols in words, the city", () => {
  const sky = skyModel(wide, view, t);
  assert.equal(sky.rows.length, view.sky.rows);
  assert.deepEqual(sky.rows.filter((r) => r.skull).map((r) => r.row), [view.sky.skull_row]);
  assert.equal(sky.crosses.length, view.sky.rows * 6);
  assert.equal(sky.cells.length, view.sky.cells.length);
  const d1 = sky.cells.find((c) => c.cell === "d1");
  assert.deepEqual([d1.symbol, d1.title, d1.x, d1.y], ["arrow", "d1: arrow right", skyXY(wide, "d1").x, skyXY(wide, "d1").y]);
  assert.ok(sky.cells.some((c) => c.title.startsWith("c3: explosion 1")));
  assert.deepEqual(sky.city.names.map((n) => n.text), ["Roswell · blue side"]);
  assert.equal(sky.city.ability.length, wrapText(view.city.ability, 50).length);
});

test("sky: the explosions' numbers below the mothership, the ships on their cells", () => {
  const badges = skyNumbersModel(wide, view, t);
  const explosions = view.sky.cells.filter((c) => c.symbol === "explosion" && c.row > view.sky.mothership_row);
  assert.equal(badges.length, explosions.length);
  assert.deepEqual(badges[0], { row: 3, x: 193, y: 195, width: 24, height: 15, text: "1+", textX: 205, textY: 206.5,
    title: "c3: explosion 1" });
  const ships = shipsModel(wide, view, t);
  assert.deepEqual(ships.map((s) => s.cell), ["a0", "b0", "c0", "d0", "e0"]);
  assert.equal(ships[1].y, skyXY(wide, "b0").y + 4);
  assert.equal(ships[1].title, "Purple ship on b0".replace("Purple", view.ships[1].name));
});

test("mothership: on its row, a drop point per column, what waits aboard", () => {
  const ms = mothershipModel(wide, view, t);
  assert.equal(ms.yRow, wide.skyY + G.hull + view.sky.mothership_row * G.ch);
  assert.deepEqual(ms.drops.map((d) => d.col), ["a", "b", "c", "d", "e"]);
  assert.equal(ms.drops[2].title, "drop point above column c");
  assert.equal(ms.info.length, 1);
  assert.match(ms.info[0].text, /^waiting: \d+ .+ · supply \d+$/);
  assert.equal(mothershipModel(phone, view, t).info.length, 2, "a phone wraps it in two lines");
});

test("actions: the next one marked, words when wide, icon and amount on a phone", () => {
  const model = actionsModel(wide, view, t);
  assert.deepEqual(model.actions.filter((a) => a.next).map((a) => a.row), [1]);
  assert.equal(model.actions[0].title, "mothership action, row 1: +1 white ship");
  assert.equal(model.actions.find((a) => a.skull).row, view.sky.skull_row);
  const small = actionsModel(phone, view, t);
  assert.deepEqual(small.head.map((h) => h.text), ["mothership", "action"]);
  assert.deepEqual(small.actions.slice(0, 3).map((a) => a.lines[0].text), ["+1", "−2", "+1"]);
  assert.equal(actionShort({ skull: true }), "");
  assert.equal(actionShort({ kind: "damage", amount: 2 }), "2");
  assert.equal(actionShort({}), "—");
});

test("base: rubble over the spaces not dug out, how far the excavator must dig, the rooms", () => {
  const base = baseModel(wide, view, t);
  assert.equal(base.spaces.length, 30);
  assert.equal(base.spaces.filter((s) => s.rubble).length, view.base.spaces.filter((s) => !s.excavated || s.excavator).length);
  assert.deepEqual(base.spaces.filter((s) => s.dig).map((s) => [s.space, s.dig.distance]),
    [["a2", 4], ["b2", 3], ["c2", 2], ["d2", 1], ["a3", 5], ["b3", 6]]);
  assert.deepEqual(base.spaces.filter((s) => s.excavator).map((s) => s.space), ["e2"]);
  assert.equal(base.aaGuns.length, 5);
  assert.equal(base.aaGuns[0].tag.value, view.base.aa_gun_modifier);
  const a1 = base.rooms.find((r) => r.anchor === "a1");
  assert.equal(a1.tag.value, -1);
  assert.equal(a1.energy.length, 1);
  assert.match(a1.title, /^a1: .+ \(cost 1 energy, modifier −1\)$/);
});

test("rooms of two spaces are one run, one frame", () => {
  const rooms = fixture("ufs-rooms.json").view.base.rooms;
  const energy = rooms.find((r) => r.anchor === "c1");
  assert.deepEqual(roomRuns(energy), [["c1", "d1"]]);
  const frame = baseModel(wide, fixture("ufs-rooms.json").view, t).rooms.find((r) => r.anchor === "c1").rects;
  assert.deepEqual(frame.map((r) => r.w), [2 * G.bw - 8]);
});

test("tracks: a box per value, the marker on the value, the skull at the damage track's end", () => {
  const tracks = tracksModel(wide, view, t);
  const [energy, damage] = tracks.rows;
  assert.equal(energy.boxes.length, view.tracks.energy.max + 1);
  assert.deepEqual(energy.boxes.filter((b) => b.current).map((b) => b.i), [view.tracks.energy.value]);
  assert.deepEqual(damage.boxes.filter((b) => b.skull).map((b) => b.i), [view.tracks.damage.limit]);
  assert.equal(energy.mark.title, "track length is an interpretation");
  assert.equal(tracks.research.label.text, "Research: 0 / 16");
  const beside = researchBesideModel(wide, view, t);
  assert.equal(beside.spaces.length, view.tracks.research.spaces.length);
});

test("tracks: the 9-card edition's research card zig-zags in rows of five", () => {
  const pnp = fixture("pnp-start.json").view;
  const research = tracksModel(layoutFor(pnp, 1000), pnp, t).research;
  const xs = research.spaces.slice(0, 7).map((s) => s.x);
  assert.ok(xs[0] < xs[4] && xs[5] === xs[4] && xs[6] < xs[5], "left to right, then back");
  assert.equal(research.spaces[5].y - research.spaces[0].y, 40);
  assert.equal(research.spaces[0].text, "□");
});

test("tray: a slot per die, the dice this page may move by their moves", () => {
  const moves = movesByKind(start.moves);
  const tray = trayModel(wide, view, moves, null, t);
  assert.equal(tray.slots.length, view.tray);
  assert.deepEqual(tray.dice.map((d) => d.label), ["gray die showing 3", "gray die showing 4", "gray die showing 5",
    "white die showing 3", "white die showing 6"]);
  assert.ok(tray.dice.every((d) => d.moves.length > 0 && d.moves.every((m) => m.color === d.color && m.value === d.value)));
  assert.ok(trayModel(wide, view, {}, null, t).dice.every((d) => !d.moves.length), "no moves: nothing to pick");
  assert.deepEqual(trayModel(wide, view, moves, view.dice[3], t).dice.map((d) => d.selected), [false, false, false, true, false]);
});

test("targets: a die chosen, the spaces it may go to, and the engine's reason for the others", () => {
  const moves = movesByKind(start.moves);
  const die = view.dice.find((d) => d.color === "gray" && d.value === 3); // a white 3 is in the tray too
  const targets = baseTargets(view, moves, die, t);
  const legal = targets.filter((x) => x.move);
  assert.ok(legal.length > 0);
  assert.deepEqual(legal.map((x) => x.move.notation).sort(),
    start.moves.filter((m) => m.color === "gray" && m.value === 3).map((m) => m.notation).sort());
  assert.deepEqual(legal.map((x) => x.label).slice(0, 1), [`put the gray die showing 3 on ${legal[0].target}`]);
  // a refused space: the board's words at once, and the click as a move, whose reason is asked when clicked
  const refused = targets.find((x) => !x.move);
  assert.equal(refused.refusal, "That move is not possible.");
  assert.equal(refused.ask, notation(view, die, refused.target));
  assert.ok(baseTargets(view, moves, null, t).every((x) => x.refusal === "Choose a die first." && x.ask === null));
  assert.equal("refusals" in view, false, "no reason is worked out for every click beforehand");
});

test("a refused click's words: the engine's reason and rule from the server's answer, else the board's", () => {
  const why = { notation: "G3a0", ply: 4, stale: false, legal: false, error: "a0 is not excavated", rule: "excavation",
    rule_text: "escavação" };
  assert.equal(refusalText(why, "That move is not possible."), "a0 is not excavated (escavação)");
  assert.equal(refusalText({ ...why, rule: null, rule_text: null }, "x"), "a0 is not excavated");
  assert.equal(refusalText({ ...why, rule_text: null }, "x"), "a0 is not excavated (excavation)");
  for (const none of [null, { ...why, stale: true, legal: null, error: null }, { ...why, legal: true, error: null }]) {
    assert.equal(refusalText(none, "That move is not possible."), "That move is not possible.");
  }
});

test("targets: in the Rooms Phase a room is one target, usable or refused with the engine's words", () => {
  const rooms = fixture("ufs-rooms.json");
  const moves = movesByKind(rooms.moves);
  const targets = baseTargets(rooms.view, moves, null, t);
  assert.deepEqual(targets.filter((x) => x.move).map((x) => x.target), [["c1", "d1"]]);
  const b1 = targets.find((x) => Array.isArray(x.target) && x.target[0] === "b1");
  assert.deepEqual([b1.refusal, b1.ask], ["That room cannot be used now.", "use b1"]);
  const corners = cornerButtons(moves, t);
  assert.deepEqual(corners.map((c) => c.cls), ["discard", "discard", "discard", "discard", "dig"]);
  assert.equal(corners[4].label, "dig: move the excavator to a3");
});

test("the status prompt follows the phase and whether this page may move", () => {
  const moves = movesByKind(start.moves);
  assert.equal(statusPrompt(view, moves, null, true, t), "Choose a die, then a space");
  assert.equal(statusPrompt(view, moves, view.dice[0], true, t), "Choose a space for the die");
  assert.equal(statusPrompt(view, moves, null, false, t), "");
  const rooms = fixture("ufs-rooms.json").view;
  assert.equal(statusPrompt(rooms, {}, null, true, t), "Click a room to use it, or a die's × to discard it");
  assert.equal(partLabel({ name: "card 2", number: 2, side_name: "a very long difficult side" }, false, G.ch), "2");
});

test("a phone: the tray is drawn apart (the sheet), the base's tracks follow it, two windows of one drawing", async () => {
  const { NARROW, trayViewBox, viewBoxOf } = await import("../../src/soloboard/web/static/ufs/layout.js");
  const { partFor } = await import("../../src/soloboard/web/static/ufs/phone.js");
  assert.equal(phone.trackY, phone.baseY + 6 * G.bh + 24, "the tracks right under the base");
  assert.equal(phone.trayY, phone.h, "the tray's own drawing starts below the board's");
  const [, skyTop, skyW, skyH] = viewBoxOf(phone, "sky").split(" ").map(Number);
  const [, baseTop, baseW, baseH] = viewBoxOf(phone, "base").split(" ").map(Number);
  assert.equal(skyTop, 0);
  assert.equal(skyW, phone.w);
  assert.equal(baseW, phone.w);
  assert.equal(skyTop + skyH, baseTop, "the windows meet between the city and the base");
  assert.equal(baseTop + baseH, phone.h);
  assert.ok(baseTop < phone.baseY + 20, "the base's first row (the AA guns) is in the base's window");
  assert.equal(viewBoxOf(wide, "base"), `0 0 ${wide.w} ${wide.h}`, "a wide board is shown whole");
  // the tray's window is as wide as its slots: a die is over 44 CSS px on a 332 px wide board
  const [, trayTop, trayW, trayH] = trayViewBox(phone, 6).split(" ").map(Number);
  assert.equal(trayTop, phone.trayY);
  assert.equal(trayH, NARROW.slot + 52);
  assert.ok(NARROW.die * 332 / trayW >= 44, `a die is ${NARROW.die * 332 / trayW} px`);
  assert.equal(partFor("place", false), "base");
  assert.equal(partFor("rooms", false), "base");
  assert.equal(partFor("spawn", false), "sky", "ships are spawned in the sky");
  assert.equal(partFor("place", true), "sky", "a move played out is watched in the sky");
});
