// The game page's session: the game shown, the moves this device sends, and the fetches of the
// game JSON. One GET at a time; a change announced meanwhile is fetched right after it. This
// device's own changes win: a GET sent before one of them answers with an older position, so its
// answer is dropped, and a live update heard while a change was on its way is looked at after it
// (the page's own echo names the ply it now shows; another device's move does not).

import { ApiError, api, hostToken, seatTokens } from "../api.js";
import { currentLanguage, t } from "../i18n.js";
import { announce, h, toast } from "../shared.js";
import { drawBanner } from "./banner.js";
import { drawBoard, drawNotes } from "./board-module.js";
import { applyAnswer } from "./delta.js";
import { drawHeader } from "./header.js";
import { logPane } from "./log.js";
import { drawMoves } from "./moves-list.js";
import { checkSeats, tokenFor, waitText } from "./seats.js";
import { telling } from "./telling.js";
import { boardUi } from "./ui.js";

// Shows a new game JSON: everything redrawn from it; `fresh` = the narrated events of the move.
async function show(p, next, fresh = []) {
  const since = p.game ? (p.game.log || []).length : null;
  Object.assign(p.ui, { since: p.game ? p.game.ply : null, fresh, lang: currentLanguage(),
    seatTokens: seatTokens(p.id), isHost: Boolean(hostToken(p.id)) });
  if (!p.game || p.game.ply !== next.ply) p.previewCache = new Map();
  p.telling.end();
  // the move's lines (the log's last fresh.length) wait for the board to play them out
  const log = next.log || [];
  const pending = since !== null && fresh.length ? Math.max(0, Math.min(fresh.length, log.length - since)) : 0;
  p.game = next;
  p.log.draw(next, since, pending ? log.length - pending : null);
  p.telling.start(log.length - pending, pending);
  drawHeader(p, next);
  drawMoves(p, next);
  drawBanner(p, next);
  await drawBoard(p, next);
  drawNotes(p, next);
  if (since !== null && fresh.length) announce(fresh.map((e) => e.text).filter(Boolean).join(" "));
}

async function fetchAndShow(p) {
  try {
    const before = p.changes;
    const token = tokenFor(p.game, seatTokens(p.id));
    const next = await api.game(p.id, token);
    if (p.alive && !p.busy && before === p.changes) {
      await show(p, next);
      // the game JSON lists the moves of the seat it was asked for: when the turn is now another
      // seat this device holds, the game is asked for again with that seat's token
      if (tokenFor(next, seatTokens(p.id)) !== token) p.again = true;
    }
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (!p.game) {
      p.els.titleEl.textContent = err.status === 404 ? t("No such game") : t("The game could not be loaded");
      p.els.board.replaceChildren(h("div", { class: "board-missing" },
        h("p", null, err.message),
        h("p", null, h("a", { href: "/", "data-nav": true, class: "token-button" }, t("Back to the games")))));
    } else {
      toast(err.message, "error");
    }
  }
}

function load(p) {
  if (p.loading) {
    p.again = true;
    return p.loading;
  }
  p.loading = fetchAndShow(p).finally(() => {
    p.loading = null;
    if (p.again && p.alive) {
      p.again = false;
      load(p);
    }
  });
  return p.loading;
}

// a wait shorter than this goes unsaid (a move's answer usually comes in a few milliseconds)
const SAY_WAIT_MS = 400;

function setBusy(p, value) {
  p.busy = value;
  p.ui.busy = value;
  p.els.board.setAttribute("aria-busy", value ? "true" : "false");
  clearTimeout(p.waitTimer);
  p.els.waitEl.hidden = true;
  if (value) {
    p.waitTimer = setTimeout(() => {
      p.els.waitEl.textContent = waitText(p.game);
      p.els.waitEl.hidden = false;
    }, SAY_WAIT_MS);
  }
}

function caughtUp(p) {
  const heard = p.heardWhileBusy;
  p.heardWhileBusy = null;
  if (heard !== null && p.game && heard !== p.game.ply && p.alive) load(p);
}

async function refusal(p, err) {
  if (!(err instanceof ApiError)) throw err;
  if (err.status === 409) {
    toast(t("The game had moved on: here is the position as it is now."), "info");
    await load(p);
    return;
  }
  toast(err.message, "error", err.ruleText);
  announce(err.rule ? err.message + " " + t("Rule: {rule}", { rule: err.ruleText }) : err.message);
  // a token refused: a seat of this device may have been joined elsewhere unheard (a lost stream)
  if (err.status === 403 && err.rule === "seat token" && await p.checkSeats()) await load(p);
}

// the game after a move's answer (what changed, applied to the game held), or the whole game asked
// for when the page's game is not the one the answer continues; null when that fails too
async function gameAfter(p, answer, token) {
  const game = applyAnswer(p.game, answer);
  if (game) return game;
  try {
    return await api.game(p.id, token);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return null;
  }
}

// a move: `post(ply, token)` sends it; true when it was played
async function send(p, post) {
  if (p.busy || !p.game) return false;
  setBusy(p, true);
  let next;
  const token = tokenFor(p.game, seatTokens(p.id));
  try {
    next = await post(p.game.ply, token);
  } catch (err) {
    setBusy(p, false);
    await refusal(p, err);
    caughtUp(p);
    return false;
  }
  setBusy(p, false); // the board is drawn for the new position with nothing on its way
  p.changes += 1;
  const fresh = Array.isArray(next.new) ? next.new : [];
  const game = await gameAfter(p, next, token);
  if (!game) {
    await load(p);
    return true;
  }
  await show(p, game, fresh);
  caughtUp(p);
  // the answer is the mover's seat's view: the next seat's moves, if this device holds it, come with its token
  if (p.alive && tokenFor(game, seatTokens(p.id)) !== token) load(p);
  return true;
}

async function undo(p) {
  if (p.busy || !p.game) return;
  setBusy(p, true);
  try {
    const next = await api.undo(p.id, p.game.ply, tokenFor(p.game, seatTokens(p.id)));
    p.changes += 1;
    setBusy(p, false);
    show(p, next);
    announce(t("Move taken back."));
  } catch (err) {
    setBusy(p, false);
    await refusal(p, err);
  }
  caughtUp(p);
}

export function gameSession(id, els) {
  const p = {
    id, els, cat: null, game: null, module: null, modulePromise: null, busy: false, bannerDismissed: false,
    previewCache: new Map(), alive: true, changes: 0, heardWhileBusy: null, loading: null, again: false,
    waitTimer: null,
  };
  p.load = () => load(p);
  p.send = (post) => send(p, post);
  p.undo = () => undo(p);
  p.checkSeats = () => checkSeats(id, hostToken(id));
  p.ui = boardUi(p);
  p.log = logPane(els, () => p.game);
  p.telling = telling(p);
  return p;
}
