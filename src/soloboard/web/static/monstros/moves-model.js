// The moves as the table offers them: each move names the keys it clicks (game.moves[].keys),
// one ("card:3") or two ("die:5" then "mon:2a"). Which keys answer a click now, the buttons of the
// move bar, and the tips in words. Pure.

// the moves by the first key they click
export function movesByFirstKey(moves) {
  const byFirst = new Map();
  for (const move of moves) {
    const first = move.keys[0];
    if (!byFirst.has(first)) byFirst.set(first, []);
    byFirst.get(first).push(move);
  }
  return byFirst;
}

// key -> the move a click on it makes, or "select" (the first of two keys: a die to put somewhere)
export function clickableKeys(byFirst, selected) {
  const keys = new Map();
  if (selected) {
    for (const move of byFirst.get(selected) || []) keys.set(move.keys[1], move);
  }
  for (const [first, list] of byFirst) {
    if (list.length === 1 && list[0].keys.length === 1) keys.set(first, list[0]);
    else if (!keys.has(first)) keys.set(first, "select");
  }
  return keys;
}

// a key that completes the selected die's move (marked as the second click)
export function isSecondKey(byFirst, selected, key) {
  return (byFirst.get(selected) || []).some((m) => m.keys[1] === key);
}

// the moves that are buttons of the move bar rather than things on the table ("btn:...")
export function buttonMoves(moves) {
  return moves.filter((move) => move.keys[0].startsWith("btn:"));
}

// what to click on the table, in the words of the moves there are ("" when every move is a button)
export function tips(moves, t) {
  if (!moves.some((m) => !m.keys[0].startsWith("btn:"))) return "";
  const verbs = new Set(moves.map((m) => m.verb));
  const out = [];
  if (verbs.has("play")) out.push(t("Click a card of your hand to play it."));
  if (verbs.has("return")) out.push(t("Click a red card to give it back."));
  if (verbs.has("hit") || verbs.has("shield") || verbs.has("reroll")) out.push(t("Click a die, then what it goes on."));
  if (verbs.has("bottom")) out.push(t("Click the monster that goes to the bottom next."));
  if (verbs.has("remove-tower")) out.push(t("Or click a built tower to remove it."));
  if (verbs.has("token")) out.push(t("A die token gives one more die."));
  return out.join(" ");
}

// the preview's line: its first four events' texts
export function previewText(answer) {
  const events = Array.isArray(answer) ? answer : answer && Array.isArray(answer.events) ? answer.events : [];
  const texts = events.map((e) => e.text).filter(Boolean);
  return texts.length ? texts.slice(0, 4).join(" ") + (texts.length > 4 ? " …" : "") : "";
}
