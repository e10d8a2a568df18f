// The home page (/): the game boxes on the table, the saved games, and importing a game file.
// The new-game dialog is home/new-game.js (its form home/setup-form.js, its fields home/fields.js).

import { ApiError, api } from "./api.js";
import { dateTime, t, tn } from "./i18n.js";
import { catalog, gameTitle, setupSummary } from "./catalog.js";
import { fileImportBox, h, openCreatedGame } from "./shared.js";
import { boxArt } from "./home/box-art.js";
import { openNewGame } from "./home/new-game.js";

const SAVED_SHOWN = 8; // the latest saved games; the others behind "Show all"

// --- saved games and import ---------------------------------------------------------------

// the decisions made (dice rolls and card draws are no moves)
export function movesText(g) {
  const n = Number(g.decisions ?? g.ply) || 0;
  return tn("{n} move", "{n} moves", n);
}

function savedList(cat, games) {
  if (!games.length) return h("p", { class: "muted" }, t("No saved games yet: start one above."));
  const sorted = [...games].sort((a, b) => String(b.updated ?? "").localeCompare(String(a.updated ?? "")));
  const list = h("ul", { class: "saved-games" }, sorted.map((g, i) => {
    const status = g.status || "playing";
    const statusWord = status === "won" ? t("Won") : status === "lost" ? t("Lost") : t("In play");
    return h("li", { hidden: i >= SAVED_SHOWN }, h("a", { class: `saved-game status-${status}`, href: `/game/${encodeURIComponent(g.id)}`, "data-nav": true },
      h("span", { class: "saved-title" }, gameTitle(cat, g.game)),
      h("span", { class: "saved-setup" }, g.setup ?? setupSummary(cat, g.game, g.params)),
      h("span", { class: "saved-meta" },
        h("span", { class: `badge badge-${status}` }, statusWord), " ",
        movesText(g), g.updated ? ` · ${dateTime(g.updated)}` : "")));
  }));
  if (sorted.length <= SAVED_SHOWN) return list;
  const more = h("button", { type: "button", class: "token-button small" },
    tn("Show all {n} saved game", "Show all {n} saved games", sorted.length));
  more.addEventListener("click", () => {
    const first = list.children[SAVED_SHOWN];
    for (const item of list.children) item.hidden = false;
    more.remove();
    if (first) first.querySelector("a").focus();
  });
  return h("div", null, list, h("p", null, more));
}

function importBox() {
  return fileImportBox({ id: "import-file", label: t("Import a game file"),
    help: t("A game exported from this page or saved by the terminal."),
    load: async (text) => openCreatedGame(await api.importGame(text)) });
}

function gameBox(cat, g) {
  const btn = h("button", { type: "button", class: `game-box game-box-${g.game}${g.art ? ` art-${g.art}` : ""}` },
    boxArt(g.art),
    h("span", { class: "box-title" }, gameTitle(cat, g.game)),
    h("span", { class: "box-cta" }, t("New game")));
  btn.addEventListener("click", () => openNewGame(cat, g.game, btn));
  return btn;
}

// /?new=ufs (or ?new=1) opens the dialog, e.g. from a game page's "New game"
function openAsked(cat, boxes) {
  const asked = new URLSearchParams(location.search).get("new");
  if (!asked) return;
  const url = new URL(location.href);
  url.searchParams.delete("new");
  history.replaceState(null, "", url.pathname + url.search);
  openNewGame(cat, asked, boxes.querySelector(`.game-box-${CSS.escape(asked)}`) || boxes.querySelector("button"));
}

function homeLayout(boxes, saved) {
  return h("div", { class: "home" },
    h("section", { class: "hero" },
      h("h1", null, t("Pick a game from the shelf")),
      h("p", null, t("Solo and co-operative dice games, played on a board like the one on your table."))),
    h("section", { class: "shelf", "aria-labelledby": "shelf-title" },
      h("h2", { id: "shelf-title", class: "visually-hidden" }, t("New game")), boxes),
    h("div", { class: "home-columns" },
      h("section", { class: "panel paper", "aria-labelledby": "saved-title" },
        h("h2", { id: "saved-title" }, t("Saved games")), saved),
      h("section", { class: "panel paper", "aria-labelledby": "import-title" },
        h("h2", { id: "import-title" }, t("Import")), importBox())));
}

export async function pageHome(main, onLeave) {
  document.title = `${t("Games")} · soloboard`;
  // the catalog and the saved games are fetched before the page is drawn: nothing moves as they arrive
  const [cat, list] = await Promise.all([
    catalog().catch((err) => { if (err instanceof ApiError) return err; throw err; }),
    api.games().catch((err) => { if (err instanceof ApiError) return err; throw err; }),
  ]);
  const boxes = h("div", { class: "game-boxes" });
  const saved = h("div", { class: "saved-slot" });
  main.replaceChildren(homeLayout(boxes, saved));
  if (cat instanceof ApiError) {
    boxes.replaceChildren(h("p", { class: "form-error" }, cat.message));
    return;
  }
  boxes.replaceChildren(...cat.games.map((g) => gameBox(cat, g)));
  saved.replaceChildren(list instanceof ApiError
    ? h("p", { class: "form-error" }, list.message)
    : savedList(cat, Array.isArray(list) ? list : (list && list.games) || []));
  onLeave(() => document.querySelectorAll("dialog.new-game").forEach((d) => { if (d.open) d.close(); }));
  openAsked(cat, boxes);
}
