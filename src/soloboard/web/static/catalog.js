// The game catalog (GET /api/catalog, read once per language), as the server sends it:
//   {games: [{game, title, seats, board, art, params: [{name, type, default, choices: [{value, label}] | null,
//     label, help, instead_of, advanced, key, length?}]}], agents: [...], languages: [{code, name}]}
// and what the pages read from it: a game's title, a set-up in words.

import { api } from "./api.js";
import { t } from "./i18n.js";

let catalogPromise = null;

// the labels are in the page's language: a new language reads the catalog again
export function resetCatalog() {
  catalogPromise = null;
}

export function catalog() {
  if (!catalogPromise) {
    catalogPromise = api.catalog().catch((err) => {
      catalogPromise = null;
      throw err;
    });
  }
  return catalogPromise;
}

export function gameOf(cat, name) {
  return (cat && cat.games.find((g) => g.game === name)) || null;
}

// the catalog's title of a game; its short name when the catalog could not be read
export function gameTitle(cat, name) {
  const game = gameOf(cat, name);
  return game && game.title ? game.title : name;
}

// "City: Roswell · Threat level: 1 · Seed 42": a set-up in words, with the catalog's labels. A key
// parameter (it makes the set-up what it is) is always named; the others only where they differ
// from their default.
export function setupSummary(cat, name, params, seed = null) {
  const game = gameOf(cat, name);
  const parts = [];
  for (const [key, value] of Object.entries(params || {})) {
    if (value === null || value === undefined || value === "") continue;
    const spec = game && game.params.find((p) => p.name === key);
    if (spec && !spec.key && JSON.stringify(value) === JSON.stringify(spec.default)) continue;
    const label = spec ? spec.label : key;
    let shown = Array.isArray(value) ? value.join(", ") : String(value);
    if (spec && spec.choices) {
      const choice = spec.choices.find((c) => String(c.value) === String(value));
      if (choice) shown = choice.label;
    }
    if (value === true) parts.push(label);
    else if (value !== false) parts.push(`${label}: ${shown}`);
  }
  if (seed !== null && seed !== undefined) parts.push(t("Seed {seed}", { seed }));
  return parts.join(" · ");
}
