// A Invasão dos Monstros Sem Nome que comem tijolos, drawn as it lies on the table: the wall
// and invasion tracks, the printed tower and the four tower spaces, the board's five slots,
// the monsters on the table, the dice, every hand, the piles, and the seats of the
// co-operative game (who holds which seat, join links with QR codes for the host).
//
// The page never decides a rule. Everything drawn comes from game.view (monstros/board_view.py),
// the legal moves and what each clicks from game.moves (keys, highlight, label), what a move
// would do from ui.preview(id), refusals from the server, and the monsters' turn is played
// step by step from the narrated events (game.new, or the log since the last picture).
//
// render(container, game, ui) is called with every new game JSON. ui: play(id),
// preview(id) -> {events}, t(msgid, params), say(text), seatTokens ({seat: token}), and
// optionally playNotation(text) (an illegal click asks the engine why), isHost, lang, and
// narrated(i): while the monsters' turn plays out, called after the i-th event of game.new
// (0-based) is shown, and with game.new.length when the playing ends or is skipped (at once when
// nothing is played out), so the shell's log can keep pace with the table.
//
// The parts: table-model.js (view -> drawing model), art.js (pictures), status.js, tracks.js,
// table.js, stage.js, seats.js and cards.js (drawing), fit.js (names that fit their cards),
// moves-model.js and input.js (clicks, previews, keys), animation-steps.js and animation.js.

import { animate } from "./animation.js";
import { cssEscape, el } from "./dom.js";
import { fitNames, watchSize } from "./fit.js";
import { wireMoves } from "./input.js";
import { seatsSection } from "./seats.js";
import { stageSection } from "./stage.js";
import { noticeBar, statusBar } from "./status.js";
import { attackSection, boardSection, handsSection, pilesSection, tableSection } from "./table.js";
import { towersSection, tracksSection } from "./tracks.js";

const memory = new WeakMap(); // per container: the ply last drawn, the selected die, the animation

// the shell waits for ui.narrated before it shows a move's lines in the log
export const narrates = true;

// The table's stylesheet beside this module, linked once (the shell need not know it).
function ensureStyles() {
  if (document.querySelector("link[data-mon-css]")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("./monstros.css", import.meta.url).href;
  link.setAttribute("data-mon-css", "");
  // the names were measured before the sheet arrived: measure them again with it
  link.addEventListener("load", () => { for (const root of document.querySelectorAll(".mon")) fitNames(root); }, { once: true });
  document.head.append(link);
}

function tokensOf(ui, game) {
  const tokens = typeof ui.seatTokens === "function" ? ui.seatTokens(game.id) : ui.seatTokens;
  return tokens && typeof tokens === "object" ? tokens : {};
}

// What happened since the last picture: the move's answer carries it (fromMove: the list
// ui.narrated counts in), a live update from another device does not (the log since then).
export function freshEvents(game, ui, lastPly) {
  if (Array.isArray(ui.fresh) && ui.fresh.length) return { fresh: ui.fresh, fromMove: true };
  if (Array.isArray(game.new) && game.new.length) return { fresh: game.new, fromMove: true };
  if (lastPly !== null && lastPly < game.ply && Array.isArray(game.log)) {
    return { fresh: game.log.filter((entry) => entry.ply >= lastPly), fromMove: false };
  }
  return { fresh: [], fromMove: true };
}

function table(game, view, t, ui, tokens, canAct, mySeats) {
  // lang: the names on the cards are hyphenated by the rules of the page's language
  const lang = ui.lang || document.documentElement.lang || "en";
  const root = el("div", { class: `mon${view.reconstructed ? " mon-reconstructed" : ""}`, lang, "data-phase": view.phase, "data-status": view.status, "data-ply": game.ply });
  root.append(
    noticeBar(view, t),
    statusBar(game, view, t, canAct, mySeats),
    el("div", { class: "mon-movebar" },
      el("div", { class: "mon-actions", role: "group", "aria-label": t("Moves") }),
      el("p", { class: "mon-preview", "aria-live": "polite" })),
    el("div", { class: "mon-grid" },
      tracksSection(view, t),
      towersSection(view, t),
      boardSection(view, t),
      tableSection(view, t),
      stageSection(view, t, game.log),
      attackSection(view, t),
      handsSection(game, view, t, mySeats),
      pilesSection(view, t),
      seatsSection(game, view, t, ui, tokens)),
  );
  return root;
}

// the piece that had the focus keeps it; the notice and the invitations stay open when opened
function keepFocusAndOpen(root, focusedKey, mem) {
  if (focusedKey) {
    const again = root.querySelector(`[data-key="${cssEscape(focusedKey)}"], [data-focus="${cssEscape(focusedKey)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
  for (const box of root.querySelectorAll("details[data-open-key]")) {
    const key = box.getAttribute("data-open-key");
    if (mem.open.has(key)) box.open = true;
    box.addEventListener("toggle", () => { if (box.open) mem.open.add(key); else mem.open.delete(key); });
  }
}

export function render(container, game, ui) {
  ensureStyles();
  const t = ui.t || ((text, params) => text.replace(/\{(\w+)\}/g, (w, k) => (params && k in params ? params[k] : w)));
  const view = game.view;
  const mem = memory.get(container) || { ply: null, selected: null, timer: null, open: new Set() };
  memory.set(container, mem);
  if (mem.timer) { clearTimeout(mem.timer); mem.timer = null; }
  const { fresh, fromMove } = freshEvents(game, ui, mem.ply);
  mem.anim = null; // an animation of an earlier picture is gone with it
  const moved = mem.ply !== null && mem.ply !== game.ply; // a re-drawing of the same position replays nothing
  if (mem.ply !== game.ply) mem.selected = null;
  mem.sent = false;
  mem.ply = game.ply;

  const tokens = tokensOf(ui, game);
  const mySeats = Object.keys(tokens).map(Number).filter((s) => Number.isInteger(s));
  const canAct = game.to_move !== null && game.to_move !== undefined && tokens[String(game.to_move)] !== undefined;
  const focusedKey = document.activeElement && container.contains(document.activeElement)
    ? document.activeElement.getAttribute("data-key") || document.activeElement.getAttribute("data-focus") : null;
  const root = table(game, view, t, ui, tokens, canAct, mySeats);
  container.replaceChildren(root);
  wireMoves(container, root, game, canAct ? (game.moves || []) : [], ui, t, mem);
  keepFocusAndOpen(root, focusedKey, mem);
  fitNames(root);
  watchSize(container, mem);
  const told = ui.narrated; // this picture's: the shell gives every new picture its own
  const narrated = (i) => {
    if (!fromMove || typeof told !== "function") return;
    try { told(i); } catch (err) { console.error("soloboard: ui.narrated failed", err); }
  };
  if (!(moved && fresh.length && animate(root, view, fresh, t, mem, narrated)) && fresh.length) narrated(fresh.length);
}
