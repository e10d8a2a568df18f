// The move being told: its lines of the log are revealed as the board plays it out (the board
// calls ui.narrated(i)); a board that never tells shows them all once its render resolves, and a
// board that goes quiet for TELL_STALL_MS shows the rest, so nothing is ever lost.

const TELL_STALL_MS = 8000;

// `p`: the page session (p.ui.narrated is replaced for every move; p.log reveals lines)
export function telling(p) {
  let current = null; // {from, count, called, timer}
  let boardNarrates = false; // the board has called ui.narrated on this page (or says it does)
  const end = () => {
    if (!current) return;
    clearTimeout(current.timer);
    const all = current.from + current.count;
    current = null;
    p.log.reveal(all);
  };
  const start = (from, count) => {
    end();
    if (!count) {
      p.ui.narrated = () => {};
      return;
    }
    const mine = { from, count, called: false, timer: null };
    current = mine;
    p.ui.narrated = (i) => {
      if (current !== mine) return; // a move shown since: its own lines are told
      boardNarrates = true;
      mine.called = true;
      const n = Number(i);
      const shown = Number.isFinite(n) ? Math.max(0, Math.min(count, n + 1)) : count;
      p.log.reveal(from + shown);
      clearTimeout(mine.timer);
      if (shown >= count) end();
      else mine.timer = setTimeout(end, TELL_STALL_MS); // a board that stopped: nothing is lost
    };
  };
  // the board's render has resolved: a board that does not tell shows every line now
  const renderDone = () => {
    if (!current) return;
    if (!current.called && !boardNarrates) {
      end();
      return;
    }
    if (!current.called) {
      clearTimeout(current.timer);
      current.timer = setTimeout(end, TELL_STALL_MS);
    }
  };
  return { start, end, renderDone, boardNarrates: () => { boardNarrates = true; } };
}
