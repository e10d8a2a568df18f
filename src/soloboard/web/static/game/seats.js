// The seats this device holds (their tokens in localStorage, api.js): which token a request is
// sent with, and giving up a seat that another device joined.

import { ApiError, api, forgetSeat, markSeatAway, seatTokens } from "../api.js";
import { t } from "../i18n.js";
import { announce, toast } from "../shared.js";

// the token of the seat to move when this device holds it, else null
export function tokenToMove(game, tokens) {
  if (!game || game.to_move === null || game.to_move === undefined) return null;
  return tokens[String(game.to_move)] || null;
}

// the token this device acts with: the seat to move when it holds it, else its first seat
export function tokenFor(game, tokens) {
  const mover = tokenToMove(game, tokens);
  if (mover) return mover;
  const seats = Object.keys(tokens).sort((a, b) => Number(a) - Number(b));
  return seats.length ? tokens[seats[0]] : null;
}

// the header's status chip: the result, or whose move it is (and whether it is this device's)
export function statusText(g, tokens) {
  if (g.status === "won") return t("Won");
  if (g.status === "lost") return t("Lost");
  if (g.to_move === null || g.to_move === undefined) return t("Playing");
  const mine = Boolean(tokens[String(g.to_move)]);
  if ((g.seats || []).length > 1) {
    return mine ? t("Seat {seat} to move: you", { seat: g.to_move + 1 }) : t("Seat {seat} to move", { seat: g.to_move + 1 });
  }
  return mine ? t("Your move") : t("Watching");
}

// what the board says while a move's answer is long in coming: the computer's seats play before the
// server answers (mcts thinks about 0.3 s a move), else the wait is the server's
export function waitText(g) {
  return (g?.seats || []).some((s) => s.kind === "ai")
    ? t("The computer is playing its seats…") : t("Waiting for the server…");
}

// Which of this device's seat tokens still open their seat: a seat joined on another device is
// given up here (its old token would be refused). True when a seat was given up.
export async function checkSeats(id, host) {
  const tokens = seatTokens(id);
  if (!Object.keys(tokens).length) return false;
  let answer;
  try {
    answer = await api.checkSeats(id, tokens, host);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return false;
  }
  const lost = Object.entries((answer && answer.seats) || {}).filter(([, ok]) => ok === false).map(([s]) => Number(s));
  for (const seat of lost) {
    forgetSeat(id, seat);
    markSeatAway(id, seat);
    const message = t("Seat {seat}: joined on another device", { seat: seat + 1 });
    toast(message, "info");
    announce(message);
  }
  return lost.length > 0;
}
