// The game page (/game/{id}): header with game, set-up, round and status; the board area where
// the game's own module draws; the game log beside it; undo, hint, export and new game; live
// updates; the result banner. The parts are in game/: frame.js, session.js (the game shown and
// the moves sent), header.js, log.js, telling.js, moves-list.js, banner.js, hint.js, live.js,
// board-module.js, ui.js, seats.js.
//
// A board module (the game JSON's "board" names it: ufs/board.js, monstros/board.js) exports
//   render(container, game, ui)
// called with the same container after every change of the game JSON (GET /api/games/{id}, or the
// game the page holds with a move's answer applied: game/delta.js).
// ui:
//   play(actionId) -> Promise<boolean>   sends the move (ply + the seat's token); shows a refusal's
//                                        message and rule; a stale move (409) reloads the game
//   playNotation(text) -> Promise<boolean>  the same with the move's notation ("G3c1")
//   preview(actionId) -> Promise<events> what the move would do ([{kind, text, event}]), asked when a
//                                        person points at the move, once per position
//   refusal(notation) -> Promise<why>    why a click that is no legal move is refused: {legal, error,
//                                        rule, rule_text} (the engine's words), asked when it is clicked
//   t(msgid, params), tn(singular, plural, n, params), tp(context, msgid)   the page's catalog
//   say(message)                         shows and announces a message to the person
//   seatTokens                           {seat: token} held by this device
//   lang                                 the page's language
//   since                                the ply shown before this render (null on the first)
//   fresh                                the narrated events of the last move ("new" of the POST), else []
//   busy                                 true while a move is on its way
//   joinUrl(seat), qrUrl(seat)           the seat's join link and its QR code (null without its token);
//                                        opening the link on another device takes the seat from this one
//   isHost                               this device created the game (it may invite to any seat again)
//   narrated(i)                          the board calls it while it plays out game.new: after showing
//                                        the i-th event, and with game.new.length when done or skipped;
//                                        the log shows the move's lines as far as the board has shown
//                                        them (a board that never calls it: all of them once render resolves;
//                                        a module exporting `narrates = true` is waited for)
//   refresh()                            fetch the game again

import { t } from "./i18n.js";
import { catalog } from "./catalog.js";
import { stylesheetsReady } from "./game/board-module.js";
import { gameFrame } from "./game/frame.js";
import { wireHint } from "./game/hint.js";
import { listenLive } from "./game/live.js";
import { gameSession } from "./game/session.js";

export async function pageGame(main, id, onLeave) {
  document.title = `${t("Game")} · soloboard`;
  const els = gameFrame(id);
  main.replaceChildren(els.pageEl);
  const p = gameSession(id, els);
  els.undoBtn.addEventListener("click", () => p.undo());
  wireHint(p);
  listenLive(p, onLeave);
  try {
    p.cat = await catalog();
  } catch { p.cat = null; } // the page still works with the games' short names
  await p.load();
  // a seat joined elsewhere while this page was closed: given up here before anything is sent
  if (await p.checkSeats()) await p.load();
  await stylesheetsReady(); // a board module links its own stylesheet: shown once it applies
  els.pageEl.classList.remove("loading");
}
