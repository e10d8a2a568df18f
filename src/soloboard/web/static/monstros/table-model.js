// The table as drawing models: the view's status, tracks, towers, board slots, monsters, hands
// and seats turned into the words, marks and order the table shows (no DOM here). Pure.

// People count seats from 1, as the page's header does; the API's seat numbers start at 0.
export function seatName(t, seat) {
  return t("Seat {seat}", { seat: seat + 1 });
}

// who plays a seat: {seat, kind: "person"|"ai", agent}
export function seatKind(game, seat) {
  return (game.seats || []).find((s) => s && (s.seat === seat)) || (game.seats || [])[seat] || {};
}

function prompt(game, view, t, canAct, mySeats) {
  const what = view.phase_text;
  if (canAct) {
    return { tag: "strong", cls: "mon-prompt mon-yours", text: mySeats.length > 1
      ? t("{seat}, your move: {what}", { seat: seatName(t, game.to_move), what }) : t("Your move: {what}", { what }) };
  }
  if (view.actor !== null && view.actor !== undefined) {
    const seat = seatName(t, view.actor);
    return { tag: "span", cls: "mon-prompt mon-waiting", text: seatKind(game, view.actor).kind === "ai"
      ? t("Waiting for {seat} (AI): {what}", { seat, what }) : t("Waiting for {seat}: {what}", { seat, what }) };
  }
  return { tag: "span", cls: "mon-prompt", text: what };
}

// whose turn and what to do (or the result), and the game's difficulty
export function statusModel(game, view, t, canAct, mySeats) {
  const difficulty = (view.solo ? t("Solo mode") : t("{n} players", { n: view.players })) + " · "
    + t("Difficulty: {level}", { level: view.difficulty.text });
  if (view.status !== "playing") return { over: true, result: view.result || game.result || "", difficulty };
  return { over: false, turn: t("Turn {turn}", { turn: view.turn }),
    whose: t("{seat}'s turn", { seat: seatName(t, view.seat) }), prompt: prompt(game, view, t, canAct, mySeats), difficulty };
}

export function tracksModel(view, t) {
  const inv = view.invasion;
  const atk = view.monster_attack;
  return {
    wall: { value: view.wall.value, max: view.wall.max, label: t("Wall: {n} of {max} bricks", { n: view.wall.value, max: view.wall.max }) },
    invasion: { value: inv.value, label: t("Invasion {n}", { n: inv.value }),
      cells: [...Array(inv.win).keys()].map((i) => i + 1).map((n) => ({ n, here: n === inv.value, win: n === inv.win,
        text: n === inv.win ? "★" : String(n) })) },
    attack: t("Monsters' attack: {total} − {blocked} = {net}", { total: atk.total, blocked: atk.blocked, net: atk.net }),
  };
}

export function towersModel(view, t) {
  const towers = view.towers;
  return {
    spaces: [...Array(towers.spaces).keys()].map((i) => i + 1).map((space) => {
      const built = space <= towers.built;
      return { space, built, bonus: space <= towers.token_spaces,
        label: built ? t("Tower on space {n}", { n: space }) : t("Empty tower space {n}", { n: space }) };
    }),
    dice: t("Dice per attack: {n}", { n: towers.dice }),
    tokens: t("Die tokens: {n} (supply {supply})", { n: view.die_tokens.count, supply: view.die_tokens.supply }),
    shields: t("Shield tokens on the table: {n} (supply {supply})", { n: view.shields.count, supply: view.shields.supply }),
  };
}

// the board's five slots: the card in each and the bonus it gives ("block", "reroll", "full")
export function slotsModel(view, t) {
  return view.board.map((slot) => ({
    slot: slot.slot, key: slot.key, card: slot.card, bonus: slot.bonus, title: slot.bonus_text.join(" · "),
    label: t("Board slot {n}", { n: slot.slot }) + (slot.bonus_text.length ? `: ${slot.bonus_text.join(", ")}` : ""),
  }));
}

// a monster card in words (its tooltip and its name for a screen reader)
export function monsterLabel(m, t) {
  const parts = [
    t("Level {n}", { n: m.level }), t("life {n}", { n: m.life }), t("attack {n}", { n: m.attack }),
    m.shield ? t("shield") : null, ...m.abilities.map((a) => a.text),
  ].filter(Boolean);
  // the printed (Portuguese) name beside a translated one: the tooltip is where the page gives it
  const name = m.name && m.printed && m.printed !== m.name ? `${m.name} (${m.printed})` : m.name;
  return `${name ? name + " " : ""}${m.id}: ${parts.join(", ")}`;
}

// an action card's name, with the printed one where the deck file names it otherwise
export function cardLabel(card) {
  return card.name === card.printed ? card.name : `${card.name} (${card.printed})`;
}

// every hand, open (the game is co-operative): this device's seats first
export function handsModel(game, view, t, mySeats) {
  // this device's seats first, the one to move first among them (on a phone the row scrolls sideways:
  // the hand the decision is about is the one in view)
  const rank = (seat) => (mySeats.includes(seat) ? (seat === game.to_move ? 0 : 1) : 2);
  const hands = [...view.hands].sort((a, b) => (rank(a.seat) - rank(b.seat)) || (a.seat - b.seat));
  return hands.map((hand) => {
    const mine = mySeats.includes(hand.seat);
    const ai = seatKind(game, hand.seat).kind === "ai";
    return { ...hand, mine, who: seatName(t, hand.seat) + (mine ? ` (${t("you")})` : ai ? ` (${t("AI")})` : ""),
      count: ` · ${hand.size}/${view.hand_size}` };
  });
}

// who holds each seat; the host (or a device holding several seats) may invite to the seats it holds
export function seatsModel(game, view, t, isHost, tokens) {
  const host = isHost !== undefined ? !!isHost : Object.keys(tokens).length > 1;
  const rows = [...Array(view.players).keys()].map((seat) => {
    const kind = seatKind(game, seat);
    const mine = tokens[String(seat)] !== undefined;
    const isAI = kind.kind === "ai";
    const turn = view.status === "playing" && view.seat === seat;
    return {
      seat, mine, turn, name: seatName(t, seat),
      who: isAI ? t("AI ({agent})", { agent: kind.agent || "?" }) : mine ? t("this device") : t("another device"),
      waiting: turn && !mine && !isAI ? t("waiting for {seat}", { seat: seatName(t, seat) }) : null,
      invite: host && !isAI && mine && seat !== 0 && game.id !== undefined,
    };
  });
  return { host, rows };
}

// The last monsters' turn as the log tells it (the engine's events): what it cost the wall, the
// cards revealed and whether each went to the table; null before the first monsters' turn.
export function lastMonstersTurn(log) {
  const entries = Array.isArray(log) ? log : [];
  let start = -1;
  for (let i = entries.length - 1; i >= 0; i--) {
    if (entries[i].kind === "monsters_turn") { start = i; break; }
  }
  if (start < 0) return null;
  let lost = 0;
  let placed = [];
  const revealed = [];
  for (const entry of entries.slice(start + 1)) {
    const e = entry.event || {};
    if (entry.kind === "turn_started" || entry.kind === "monsters_turn") break;
    if (entry.kind === "monsters_attack") lost = e.total || 0;
    if (entry.kind === "monster_revealed" && e.why !== "setup") revealed.push(e.card);
    if (entry.kind === "monsters_placed") placed = [...(e.cards || [])];
  }
  return { lost, revealed: revealed.map((id) => {
    const at = placed.indexOf(id);
    if (at >= 0) placed.splice(at, 1);
    return { id, toTable: at >= 0 };
  }) };
}
