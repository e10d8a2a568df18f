// The game log beside the board: grouped by round (Under Falling Skies) or turn (Monstros), set-up
// first; the lines of a move being played out on the board wait until the board has shown them.

import { t } from "../i18n.js";
import { h } from "../shared.js";

function startsGroup(entry) {
  const ev = entry.event || {};
  const kind = entry.kind || ev.kind;
  if (kind === "round_started" && ev.round !== undefined) return { round: ev.round };
  if (kind === "turn_started" && ev.turn !== undefined) return { turn: ev.turn, seat: ev.seat };
  return null;
}

// [{title, entries: [{entry, index}]}]: one group per round or turn; an empty group is dropped
// unless it is the last (the round that just began)
export function groupLog(log) {
  const groups = [{ title: t("Set-up"), entries: [] }];
  log.forEach((entry, index) => {
    const start = startsGroup(entry);
    if (start && start.round !== undefined) {
      groups.push({ title: t("Round {n}", { n: start.round }), entries: [] });
    } else if (start) {
      const title = start.seat !== undefined && start.seat !== null
        ? t("Turn {n} · seat {seat}", { n: start.turn, seat: Number(start.seat) + 1 })
        : t("Turn {n}", { n: start.turn });
      groups.push({ title, entries: [] });
    }
    if (entry.text) groups[groups.length - 1].entries.push({ entry, index });
  });
  return groups.filter((g) => g.entries.length || g === groups[groups.length - 1]);
}

// the header's round chip: the round or turn the log has reached
export function lastRound(log) {
  for (let i = log.length - 1; i >= 0; i -= 1) {
    const start = startsGroup(log[i]);
    if (start && start.round !== undefined) return t("Round {n}", { n: start.round });
    if (start) return t("Turn {n}", { n: start.turn });
  }
  return t("Set-up");
}

// The log pane: draw(g, since, hideFrom) draws it, the lines from `hideFrom` on hidden until
// reveal(upto) (the board's ui.narrated); shownLines: how many are shown (null: all).
export function logPane(els, currentGame) {
  let lines = [];
  const pane = { shownLines: null };
  const atBottom = () => els.logScroll.scrollHeight - els.logScroll.scrollTop - els.logScroll.clientHeight < 40;
  pane.draw = (g, since, hideFrom = null) => {
    const bottom = atBottom();
    lines = [];
    els.logList.replaceChildren(...groupLog(g.log || []).map((group) => {
      const section = h("section", { class: "log-group" }, h("h3", null, group.title));
      const items = group.entries.map(({ entry, index }) => {
        const li = h("li", {
          class: `log-line log-${entry.kind || "event"}${since !== null && index >= since ? " new" : ""}`,
          hidden: hideFrom !== null && index >= hideFrom,
        }, entry.text);
        lines.push({ li, section, index });
        return li;
      });
      section.append(h("ol", null, items));
      section.hidden = items.length > 0 && items.every((li) => li.hidden);
      return section;
    }));
    pane.shownLines = hideFrom;
    if (bottom || since === null) els.logScroll.scrollTop = els.logScroll.scrollHeight;
  };
  // shows the log's lines before `upto` (more of the move the board is playing out)
  pane.reveal = (upto) => {
    if (pane.shownLines === null || upto <= pane.shownLines) return;
    const bottom = atBottom();
    for (const { li, section, index } of lines) {
      if (index < upto && li.hidden) {
        li.hidden = false;
        section.hidden = false;
      }
    }
    const game = currentGame();
    pane.shownLines = game && upto >= (game.log || []).length ? null : upto;
    if (game) els.roundEl.textContent = pane.round(game);
    if (bottom) els.logScroll.scrollTop = els.logScroll.scrollHeight;
  };
  // the round chip as far as the log is shown
  pane.round = (g) => lastRound((g.log || []).slice(0, pane.shownLines ?? undefined));
  return pane;
}
