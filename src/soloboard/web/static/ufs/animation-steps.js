// A move played out step by step: the engine's narrated events turned into the board's steps,
// each with what moves on the table and how long it is shown. Ships are followed by their cell
// from the position before the move; a step for a ship that is not there does nothing. Pure.

const ANIMATED = ["ship_moved", "mothership_descended", "ship_spawned", "ship_hit_city", "ships_shot_down"];
// events that only have their line said: a pause long enough to read it
const TOLD = ["mothership_action", "research_changed", "room_used", "game_lost", "game_won", "dice_rolled",
  "ships_added", "ships_waiting"];
const COLUMNS = "abcde";

// a move whose events move something in the sky is played out; any other is drawn at once
export function needsAnimation(events) {
  return events.some((e) => ANIMATED.includes((e.event || e).kind));
}

function shipStep(ev, ships) {
  if (ev.kind === "ship_moved") {
    if (!ships.delete(ev.from)) return { wait: 0, actions: [] };
    ships.add(ev.to);
    return { wait: 480, actions: [{ do: "move", from: ev.from, to: ev.to }] };
  }
  if (ev.kind === "ship_hit_city") {
    if (!ships.delete(ev.from)) return { wait: 0, actions: [] };
    return { wait: 520, actions: [{ do: "crash", from: ev.from }] };
  }
  const hits = ev.ships.filter((s) => ships.delete(s.at));
  return { wait: 750, actions: hits.map((s) => ({ do: "shoot", at: s.at })) };
}

// ships on the row the mothership moves onto go back aboard; those on its drop points come along
function descend(ev, sky, ships, firstRow) {
  const actions = [];
  for (const c of COLUMNS) {
    if (ships.delete(`${c}${ev.row}`)) actions.push({ do: "vanish", at: `${c}${ev.row}` });
  }
  for (const c of COLUMNS) {
    if (ships.delete(`${c}${sky.row}`)) {
      ships.add(`${c}${ev.row}`);
      actions.push({ do: "move", from: `${c}${sky.row}`, to: `${c}${ev.row}` });
    }
  }
  sky.row = ev.row;
  actions.push({ do: "mothership", row: ev.row, rows: ev.row - firstRow });
  return { wait: 850, actions };
}

function baseStep(ev, text) {
  if (ev.kind === "die_discarded" || ev.kind === "robot_removed") return { wait: 250, actions: [{ do: "clear", space: ev.space }] };
  if (ev.kind === "excavator_moved") return { wait: 700, actions: [{ do: "excavator", to: ev.to }] };
  const track = ev.kind === "damage" ? "damage" : "energy";
  return { wait: text ? 650 : 300, actions: [{ do: "marker", track, value: ev.kind === "damage" ? ev.total : ev.to }] };
}

function stepOf(ev, text, ships, sky, firstRow) {
  switch (ev.kind) {
    case "ship_moved": case "ship_hit_city": case "ships_shot_down":
      return shipStep(ev, ships);
    case "mothership_descended":
      return descend(ev, sky, ships, firstRow);
    case "ship_spawned": {
      const cell = `${ev.col}${sky.row}`;
      ships.add(cell);
      return { wait: 520, actions: [{ do: "spawn", at: cell, ship: ev.ship }] };
    }
    case "die_discarded": case "robot_removed": case "excavator_moved": case "energy_changed": case "damage":
      return baseStep(ev, text);
    case "phase": case "round_started":
      return { wait: 350, actions: text ? [{ do: "phase", text: text.replace(/[.。]$/, "") }] : [] };
    default:
      return { wait: TOLD.includes(ev.kind) && text ? 650 : 0, actions: [] };
  }
}

// one step per event ([{kind, text, event}] of game.new), in order: {text, wait (ms), actions}
export function animationSteps(prevView, events) {
  const ships = new Set(prevView.ships.map((s) => s.cell));
  const firstRow = prevView.sky.mothership_row;
  const sky = { row: firstRow };
  return events.map((item) => {
    const ev = item.event || item;
    const text = item.text || "";
    return { kind: ev.kind, text, ...stepOf(ev, text, ships, sky, firstRow) };
  });
}
