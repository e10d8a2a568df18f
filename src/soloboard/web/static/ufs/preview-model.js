// What a move would do, as marks over the board: the engine's preview events turned into paths,
// ghost ships and hits (cells, no coordinates: preview.js places them), and the words for it. Pure.

// events: the preview's [{kind, text, event}]; suffix: words added after (e.g. "Tap again to play it.")
export function previewModel(move, events, suffix = "") {
  const marks = [];
  const lines = [];
  const gone = new Set();
  for (const item of events || []) {
    const ev = item.event || item;
    if (item.text) lines.push(item.text);
    if (ev.kind === "ship_moved") {
      marks.push({ mark: "path", from: ev.from, to: ev.to, why: ev.why, ship: ev.ship });
      gone.add(ev.from);
    } else if (ev.kind === "ship_hit_city") {
      marks.push({ mark: "city-hit", from: ev.from });
    } else if (ev.kind === "arrow_blocked") {
      marks.push({ mark: "blocked", at: ev.at });
    } else if (ev.kind === "ships_shot_down") {
      for (const s of ev.ships) marks.push({ mark: "shot", at: s.at });
    } else if (ev.kind === "mothership_descended") {
      marks.push({ mark: "mothership", row: ev.row });
    }
  }
  // where the moving ships were: marked last, above their paths
  for (const cell of gone) marks.push({ mark: "from", at: cell });
  const text = (lines.length ? `${move.notation}: ${lines.join(" ")}` : move.text || move.notation || "")
    + (suffix ? ` ${suffix}` : "");
  return { marks, text };
}
