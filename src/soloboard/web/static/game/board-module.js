// The board module of a game: the game JSON names it ("board": "ufs" | "monstros"), and it lives
// in the static folder of that name as board.js (a new board is a new folder, not a code change
// here). It exports render(container, game, ui) (see game.js).

import { t } from "../i18n.js";
import { h, toast } from "../shared.js";

// where the module of board `name` is, or null for a name that cannot be a folder of ours
export function boardModulePath(name) {
  return typeof name === "string" && /^[a-z][a-z0-9-]*$/.test(name) ? `../${name}/board.js` : null;
}

async function loadBoard(name) {
  const path = boardModulePath(name);
  if (!path) return null;
  try {
    return await import(path);
  } catch (err) {
    console.error(`soloboard: the board module ${path} could not be loaded`, err);
    return null;
  }
}

// the module, imported once; without one, the moves as a list are the way to play
function boardModule(p, g) {
  if (!p.modulePromise) {
    p.modulePromise = loadBoard(g.board).then((mod) => {
      if (mod && typeof mod.render === "function") return mod;
      p.els.movesBox.open = true;
      p.els.board.replaceChildren(h("p", { class: "board-missing" },
        t("This game's board cannot be drawn here yet: play from the list of moves below.")));
      return null;
    });
  }
  return p.modulePromise;
}

async function drawBoardOnly(p, g) {
  p.module = await boardModule(p, g);
  if (p.module && p.module.narrates === true) p.telling.boardNarrates();
  if (g !== p.game) return; // a newer position arrived while the module loaded: it draws itself
  if (!p.module) return;
  try {
    await p.module.render(p.els.board, g, p.ui);
  } catch (err) {
    console.error("soloboard: the board failed to draw", err);
    p.els.movesBox.open = true;
    toast(t("The board could not be drawn: play from the list of moves below."), "error");
  }
}

export async function drawBoard(p, g) {
  try {
    await drawBoardOnly(p, g);
  } finally {
    if (g === p.game) p.telling.renderDone();
  }
}

// the boards mark uncertain data where it matters; without a board the frame lists the notes
export function drawNotes(p, g) {
  const notes = !p.module && Array.isArray(g.notes) ? g.notes : [];
  p.els.notesEl.replaceChildren(...notes.map((n) => h("li", null, n)));
  p.els.notesEl.hidden = !notes.length;
}

// Every linked stylesheet loaded (or failed), or `timeout` ms gone (a board links its own).
export function stylesheetsReady(timeout = 2000) {
  const pending = [...document.querySelectorAll('link[rel="stylesheet"]')].filter((link) => !link.sheet);
  if (!pending.length) return Promise.resolve();
  const loaded = pending.map((link) => new Promise((resolve) => {
    link.addEventListener("load", resolve, { once: true });
    link.addEventListener("error", resolve, { once: true });
  }));
  return Promise.race([Promise.all(loaded), new Promise((resolve) => { setTimeout(resolve, timeout); })]);
}
