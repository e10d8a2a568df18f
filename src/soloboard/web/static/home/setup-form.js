// The new-game dialog's form as data: which fields it shows and in what order, the pairs of
// parameters that are two ways to give one thing (one field with two tabs), and the parameters
// and seats a filled-in form sends. Pure: new-game.js draws and wires it.

// [[first, other]]: `other` is given instead of `first` (e.g. the sky tiles instead of a threat
// level); the server refuses both at once. `first` is the dialog's first tab.
export function paramPairs(game) {
  const names = new Set(game.params.map((p) => p.name));
  return game.params.filter((p) => p.instead_of && names.has(p.instead_of)).map((p) => [p.instead_of, p.name]);
}

// the fields in the catalog's order: [{pair: [first, other]} | {param}], each {advanced}; a pair
// stands where its first member is listed and is kept out of the way when that member is
export function formFields(game) {
  const inPair = new Map();
  for (const pair of paramPairs(game)) pair.forEach((name) => inPair.set(name, pair));
  const drawn = new Set();
  const fields = [];
  for (const p of game.params) {
    if (p.hidden || drawn.has(p.name)) continue;
    const pair = inPair.get(p.name);
    (pair || [p.name]).forEach((name) => drawn.add(name));
    fields.push(pair ? { pair, advanced: Boolean(p.advanced) } : { param: p, advanced: Boolean(p.advanced) });
  }
  return fields;
}

// a fresh form: every parameter at its default, every pair on its first tab
export function freshForm(game) {
  const values = {};
  const modes = {};
  for (const p of game.params) values[p.name] = p.default;
  for (const [first] of paramPairs(game)) modes[first] = first;
  return { values, modes };
}

// the parameter of a pair whose tab is chosen
export function activeOf(pair, modes) {
  return modes[pair[0]] || pair[0];
}

// the parameters the form sends: the other tab of each pair left out, and every empty value
export function chosenParams(game, values, modes) {
  const skipped = new Set();
  for (const pair of paramPairs(game)) {
    for (const name of pair) if (name !== activeOf(pair, modes)) skipped.add(name);
  }
  const out = {};
  for (const p of game.params) {
    if (skipped.has(p.name)) continue;
    const v = values[p.name];
    if (v === null || v === undefined || v === "" || (Array.isArray(v) && !v.length && p.default === null)) continue;
    out[p.name] = v;
  }
  return out;
}

// a game whose seats can be people or agents (the catalog says so)
export function hasSeats(game) {
  return game.seats === true;
}

export function playersCount(values) {
  const n = Number(values.players);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

// the seats the form sends (undefined: the game has none to choose), a person where none was chosen
export function seatsSpec(game, values, seats) {
  const n = playersCount(values);
  if (!hasSeats(game) || !n) return undefined;
  return [...Array(n).keys()].map((i) => seats[i] || { kind: "person" });
}

// the sky tiles' sides as the field keeps them ("ETEE", one letter per tile, bottom tile first)
export function skySides(value, length) {
  return (typeof value === "string" && value.length === length ? value : "E".repeat(length)).toUpperCase().split("");
}

// the difficult cards chosen, from a list or a comma-separated text
export function chosenCards(value) {
  return new Set(Array.isArray(value) ? value.map(String)
    : typeof value === "string" && value ? value.split(",").map((s) => s.trim()) : []);
}
