// The home page (/): the game boxes on the table, the saved games, and importing a game file.
// The new-game dialog is home/new-game.js (its form home/setup-form.js, its fields home/fields.js);
// the saved games' list, with its filters and deletion, is home/saved-games.js.

import { ApiError, api } from "./api.js";
import { t } from "./i18n.js";
import { catalog, gameTitle } from "./catalog.js";
import { fileImportBox, h, openCreatedGame } from "./shared.js";
import { boxArt } from "./home/box-art.js";
import { openNewGame } from "./home/new-game.js";
import { savedGames } from "./home/saved-games.js";

// --- import ---------------------------------------------------------------------------------

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
  const cat = await catalog().catch((err) => { if (err instanceof ApiError) return err; throw err; });
  const boxes = h("div", { class: "game-boxes" });
  const saved = h("div", { class: "saved-slot" });
  if (cat instanceof ApiError) {
    main.replaceChildren(homeLayout(boxes, saved));
    boxes.replaceChildren(h("p", { class: "form-error" }, cat.message));
    return;
  }
  const list = savedGames(cat);
  await list.ready;
  saved.replaceChildren(list.el);
  main.replaceChildren(homeLayout(boxes, saved));
  boxes.replaceChildren(...cat.games.map((g) => gameBox(cat, g)));
  onLeave(() => document.querySelectorAll("dialog.new-game").forEach((d) => { if (d.open) d.close(); }));
  openAsked(cat, boxes);
}
