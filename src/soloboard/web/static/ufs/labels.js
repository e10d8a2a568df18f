// The board's words that are worked out rather than read from the view: the short form of a
// mothership action, a sky part's label on a phone, the status bar's prompt. Pure.

import { NARROW } from "./layout.js";

// fills {name} placeholders: the board's t() when the shell gives none
export function fill(msg, params) {
  return params ? msg.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m)) : msg;
}

// the short form of a printed action on a phone, next to its icon: the amount with its sign
// (the icon says what moves; the key under the board and the tooltip say it in words)
export function actionShort(a) {
  if (a.skull && !a.kind) return "";
  if (a.kind === "excavator_back" || a.kind === "research_back") return `−${a.amount}`;
  if (a.kind === "add_white_ships") return `+${a.amount}`;
  if (a.kind === "damage") return String(a.amount);
  if (a.kind === "skull") return "";
  return a.kind ? "?" : "—";
}

export function actionText(a, t) {
  return a.skull && !a.kind ? t("Skull: the game is lost") : a.text || "—";
}

// a modifier as printed: a true minus sign ("-1" in a small font reads as a dash)
export function signed(n) {
  return n > 0 ? `+${n}` : `−${-n}`;
}

// a sky tile's (card's) label beside the sky: the whole name when wide; on a phone its number
// and side in big letters, or only its number where that does not fit beside the part
export function partLabel(part, wide, height) {
  const full = `${part.name} · ${part.side_name}`;
  if (wide) return full;
  const label = `${part.number} · ${part.side_name}`;
  return label.length * NARROW.text * 0.56 > height - 6 ? String(part.number) : label;
}

// what a sky cell's symbol is, in words ("" for none)
export function cellWords(cell, t) {
  if (cell.symbol === "arrow") return cell.direction === "left" ? t("arrow left") : t("arrow right");
  if (cell.symbol === "explosion") return t("explosion {n}", { n: cell.number });
  if (cell.symbol === "mothership") return t("mothership symbol");
  return "";
}

// what the status bar asks of the person now
export function statusPrompt(view, moves, selected, interactive, t) {
  if (view.status.over) return view.status.text;
  if (!interactive) return "";
  if (view.phase === "place") return selected ? t("Choose a space for the die") : t("Choose a die, then a space");
  if (view.phase === "rooms") return t("Click a room to use it, or a die's × to discard it");
  if (view.phase === "install") return t("Install the robot {n} on a highlighted space", { n: view.robots.install_value });
  if (view.phase === "spawn") return t("Choose the drop point where the ship spawns");
  if (view.phase === "ability") {
    return moves.six ? t("City ability: click a die to set it to 6, or keep the roll") : view.prompt;
  }
  return "";
}

// the mothership actions a phone shows as icons, once each, for the key under the board
export function keyedActions(actions) {
  const seen = new Set();
  const out = [];
  for (const a of actions) {
    const key = `${a.kind}|${a.amount}|${a.skull}`;
    if (seen.has(key) || (!a.kind && !a.skull)) continue;
    seen.add(key);
    out.push(a);
  }
  return out;
}
