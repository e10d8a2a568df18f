// What can be clicked on the board now, worked out from the view and the legal moves: the base's
// spaces (a legal target, or the engine's reason why not), the small buttons on the pieces, the
// drop points where a ship may spawn. Pure: input.js wires the DOM to it.

import { G, roomRuns } from "./layout.js";

export function movesByKind(moves) {
  const out = {};
  for (const m of moves || []) (out[m.kind] ||= []).push(m);
  return out;
}

// a die on a space in the engine's notation: "G3b2" (the edition's letters for the dice)
export function notation(view, die, space) {
  const letters = view.edition.letters.dice;
  return `${letters[die.kind === "plain" ? 0 : 1]}${die.value}${space}`;
}

// the engine's reason a move is refused ("… (rule)"), from the server's answer to the click
// (GET .../refusal: {legal, error, rule, rule_text}), or the board's own words when it has none
export function refusalText(why, fallback) {
  if (!why || why.legal || why.stale || !why.error) return fallback;
  return why.error + (why.rule ? ` (${why.rule_text || why.rule})` : "");
}

// a refused target: `refusal` the board's words at once, `ask` the click as a move, whose engine's
// reason the page asks for when the target is clicked (never worked out for every target beforehand)
function refused(target, fallback, ask = null) {
  return { target, move: null, refusal: fallback, ask };
}

function placeTargets(view, moves, selected, t) {
  const legal = new Map();
  for (const m of selected ? moves.place || [] : []) {
    if (m.color === selected.color && m.value === selected.value) legal.set(m.space, m);
  }
  return view.base.spaces.map((s) => {
    const m = legal.get(s.space);
    if (m) {
      return { target: s.space, move: m,
        label: t("put the {colour} die showing {n} on {space}", { colour: selected.name, n: selected.value, space: s.space }) };
    }
    return selected ? refused(s.space, t("That move is not possible."), notation(view, selected, s.space))
      : refused(s.space, t("Choose a die first."));
  });
}

// a room of several spaces is one target, drawn as one shape (no seam between its spaces)
function roomTargets(view, moves, t) {
  const uses = new Map((moves.use || []).map((m) => [m.space, m]));
  return view.base.rooms.flatMap((room) => roomRuns(room).map((run) => {
    const m = uses.get(room.anchor);
    if (m) return { target: run, move: m, room: true, label: t("use the {room} {space}", { room: room.name, space: room.anchor }) };
    return refused(run, t("That room cannot be used now."), `use ${room.anchor}`);
  }));
}

function installTargets(view, moves, t) {
  const installs = moves.install || [];
  const legal = new Set(installs.map((m) => m.space));
  return [
    ...installs.map((m) => ({ target: m.space, move: m, label: t("install the robot on {space}", { space: m.space }) })),
    ...view.base.spaces.filter((s) => !legal.has(s.space) && !s.robot)
      .map((s) => refused(s.space, t("The robot cannot go there."), `install ${s.space}`)),
  ];
}

// the base's targets of this phase: {target: a space or a run of a room's spaces, move, label} for a
// legal one, {target, move: null, refusal, ask} for one the engine refuses
export function baseTargets(view, moves, selected, t) {
  if (view.phase === "place") return placeTargets(view, moves, selected, t);
  if (view.phase === "rooms") return roomTargets(view, moves, t);
  if (view.phase === "install") return installTargets(view, moves, t);
  return [];
}

// small buttons on the pieces: discard a die, dig with it, remove a robot
export function cornerButtons(moves, t) {
  return [
    ...(moves.discard || []).map((m) => ({ move: m, dx: G.bw - 8, dy: 14, symbol: "×", cls: "discard",
      label: t("discard the die on {space}", { space: m.space }) })),
    ...(moves.dig || []).map((m) => ({ move: m, dx: 24, dy: G.bh - 23, symbol: "dig", cls: "dig",
      label: t("dig: move the excavator to {space}", { space: m.space }) })),
    ...(moves.remove || []).map((m) => ({ move: m, dx: G.bw - 8, dy: 14, symbol: "×", cls: "remove",
      label: t("remove the robot on {space}", { space: m.space }) })),
  ];
}

// the drop points a ship may spawn at: two ships offered at one column stand side by side
export function spawnButtons(view, moves, t) {
  if (view.phase !== "spawn") return [];
  const byCol = new Map();
  for (const m of moves.spawn || []) {
    if (!byCol.has(m.col)) byCol.set(m.col, []);
    byCol.get(m.col).push(m);
  }
  return [...byCol].flatMap(([col, ms]) => ms.map((m, i) => ({
    move: m, cell: m.cell, offset: ms.length > 1 ? (i - 0.5) * 26 : 0, scale: ms.length > 1 ? 0.55 : 0.75,
    label: t("spawn a {ship} ship above column {c}", { ship: m.ship, c: col }) })));
}
