// The monsters' turn played out: the narrated events of a move (or of a live update) turned into
// the table's steps, each with its caption, what it changes (wall, invasion, the cards shown)
// and what it makes pulse, and how long it stays. Pure.

export const STEP_MS = 550;

// the monsters' turn, what starts a turn and the dice: the player's own clicks need no replay
const STEP_KINDS = new Set(["monsters_turn", "monsters_attack", "wall_changed", "monster_revealed", "reveal_short",
  "monsters_placed", "shield_placed", "no_shield_token", "abilities", "invasion_raised", "monsters_saved",
  "tower_destroyed", "no_tower_to_destroy", "monster_to_bottom", "turn_started", "dice_rolled", "game_won",
  "game_lost", "no_card_to_play"]);

// what each kind of step makes pulse on the table
const PULSES = {
  monsters_turn: ".mon-monsters .mon-monster",
  monsters_attack: ".mon-threat",
  wall_changed: ".mon-wall",
  monsters_placed: ".mon-monsters .mon-monster:not(.mon-arriving)",
  shield_placed: ".mon-shields",
  invasion_raised: ".mon-invasion",
  tower_destroyed: ".mon-tower-row",
  monster_to_bottom: "[data-key='monster_deck']",
  monsters_saved: "[data-key='monster_deck']",
  dice_rolled: ".mon-dice .mon-die",
};

function stepOf(entry, i, placedAt) {
  const e = entry.event;
  return {
    at: entry.at, kind: e.kind, caption: entry.text || e.kind,
    clearStrip: e.kind === "monsters_turn",
    wall: e.kind === "wall_changed" ? e.to : null,
    invasion: e.kind === "invasion_raised" ? e.to : null,
    reveal: e.kind === "monster_revealed" && e.why !== "setup" ? e.card : null,
    // the cards revealed go to the table or aside; the last placing lets the arriving cards in
    placed: e.kind === "monsters_placed" ? e.cards || [] : null,
    arrived: e.kind === "monsters_placed" && i === placedAt,
    pulse: e.kind === "card_played" ? `[data-slot="${e.slot}"]` : PULSES[e.kind] || null,
    delay: e.kind === "wall_changed" || e.kind === "monster_revealed" ? STEP_MS * 1.3 : STEP_MS,
  };
}

// {steps, wall, invasion, arriving}: the steps in order (`at`: the event's index in `fresh`, what
// ui.narrated counts), the tracks' values before the first step, the cards the last placing put on the table
export function turnSteps(fresh) {
  const entries = [];
  fresh.forEach((entry, at) => {
    if (entry && entry.event && STEP_KINDS.has(entry.kind || entry.event.kind)) entries.push({ ...entry, at });
  });
  const placedAt = entries.map((s) => s.event.kind).lastIndexOf("monsters_placed");
  const firstWall = entries.find((s) => s.event.kind === "wall_changed");
  const firstInv = entries.find((s) => s.event.kind === "invasion_raised");
  return {
    steps: entries.map((entry, i) => stepOf(entry, i, placedAt)),
    wall: firstWall ? firstWall.event.from : null,
    invasion: firstInv ? firstInv.event.from : null,
    arriving: placedAt >= 0 ? entries[placedAt].event.cards || [] : [],
  };
}
