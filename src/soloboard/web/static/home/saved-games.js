// The home page's saved games: a card per game (its set-up, status and result, round, when it
// was started and last played), sorted and filtered by the server (GET /api/games), and deleted
// with a question and an Undo (home/manage.js).

import { api } from "../api.js";
import { t, tn, tp } from "../i18n.js";
import { h } from "../shared.js";
import { datesText, managedList, sortQuery } from "./manage.js";

const SHOWN = 10; // the first cards; the others behind "Show all"

// the decisions made (dice rolls and card draws are no moves)
function movesText(g) {
  const n = Number(g.decisions ?? g.ply) || 0;
  return tn("{n} move", "{n} moves", n);
}

function statusText(g) {
  return g.status === "playing" ? t("In play") : g.result || (g.status === "won" ? t("Won") : t("Lost"));
}

function fields(cat) {
  return [
    { name: "q", label: t("Search"), placeholder: t("City, set-up, result…"), max: 100 },
    { name: "game", label: tp("which game", "Game"), choices: [{ value: "", label: t("All games") },
      ...cat.games.map((g) => ({ value: g.game, label: g.title }))] },
    { name: "status", label: t("Status"), choices: [{ value: "", label: t("Any status") },
      { value: "playing", label: t("In play") }, { value: "finished", label: t("Finished") },
      { value: "won", label: t("Won") }, { value: "lost", label: t("Lost") }] },
    { name: "sort", label: t("Sort by"), choices: [{ value: "updated", label: t("Last played") },
      { value: "created", label: t("Started, newest first") }, { value: "created:asc", label: t("Started, oldest first") },
      { value: "setup", label: t("Set-up, A to Z") }, { value: "status", label: t("Status: in play, won, lost") },
      { value: "round", label: t("Round reached") }] },
  ];
}

function card(g, remove) {
  const titleId = `saved-${g.id}-title`;
  const open = h("a", { class: "token-button", href: `/game/${encodeURIComponent(g.id)}`, "data-nav": true,
    "aria-describedby": titleId }, g.status === "playing" ? t("Continue") : t("View"));
  const del = h("button", { type: "button", class: "token-button danger", "aria-describedby": titleId }, t("Delete"));
  del.addEventListener("click", () => remove(g, del));
  return h("li", { class: `manage-card status-${g.status}`, "data-id": String(g.id) },
    h("div", { class: "manage-main" },
      h("p", { class: "manage-kind" }, g.game_title || g.game),
      h("h3", { class: "manage-title", id: titleId }, g.title || g.game_title || g.game),
      g.setup ? h("p", { class: "manage-setup" }, g.setup) : null,
      h("p", { class: "manage-status" }, h("span", { class: `badge badge-${g.status}` }, statusText(g)),
        " ", [g.rounds ? t("Round {n}", { n: g.rounds }) : null, movesText(g)].filter(Boolean).join(" · ")),
      h("p", { class: "manage-dates" }, datesText(g.created, g.updated))),
    h("div", { class: "manage-actions" }, open, del));
}

function cards(answer, remove) {
  const games = answer.games || [];
  if (!games.length) return [];
  const list = h("ul", { class: "manage-list" }, games.map((g, i) => {
    const item = card(g, remove);
    item.hidden = i >= SHOWN;
    return item;
  }));
  if (games.length <= SHOWN) return [list];
  const more = h("button", { type: "button", class: "token-button" },
    tn("Show all {n} saved game", "Show all {n} saved games", games.length));
  more.addEventListener("click", () => {
    const first = list.children[SHOWN];
    for (const item of list.children) item.hidden = false;
    more.remove();
    if (first) first.querySelector("a").focus();
  });
  return [list, h("p", null, more)];
}

function countText(answer, filtered) {
  const total = Number(answer.total) || 0;
  if (!total) return filtered ? t("No saved game matches.") : t("No saved games yet: start one above.");
  return tn("{n} saved game", "{n} saved games", total);
}

function deletionLines(g, seconds) {
  return [
    `${g.game_title} · ${g.title} · ${statusText(g)}`,
    g.status === "playing" ? t("The game in play is lost: it cannot be continued.")
      : t("Its result leaves History and your win rates."),
    t("You can undo this for {n} seconds; then it is deleted for good.", { n: Math.round(seconds) }),
  ];
}

// The saved games' section: its controls, count, cards and Undo shelf, drawn again on every change.
export function savedGames(cat) {
  const query = ({ q, game, status, sort }) =>
    ({ ...sortQuery(sort || "updated"), ...(q ? { q } : {}), ...(game ? { game } : {}), ...(status ? { status } : {}) });
  return managedList({
    fields: fields(cat), idPrefix: "saved", findLabel: t("Find a saved game"), shelfLabel: t("Deleted games"),
    fetch: (values) => api.games(query(values)),
    draw: (answer, values, remove) =>
      [countText(answer, Boolean(values.q || values.game || values.status)), cards(answer, remove)],
    item: (g) => ({ key: `game-${g.id}`, title: `${g.game_title} · ${g.title}`,
      focus: `[data-id="${CSS.escape(String(g.id))}"] a` }),
    ask: (g, seconds) => ({ heading: t("Delete this game?"), lines: deletionLines(g, seconds),
      confirmLabel: t("Delete the game") }),
    remove: (g) => api.deleteGame(g.id),
    restore: (g) => api.restoreGame(g.id),
  });
}
