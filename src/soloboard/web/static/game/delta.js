// A move's answer carries what the move changed (docs/web.md, "POST /api/games/{id}/moves"):
// the game's changing fields, the new position's view without the parts that never change in a
// game (named in `kept`), and the log's entries since the move (`new`). Applied to the game the
// page holds, it gives the whole game JSON the board draws. Pure: data in, data out.

// the game after `answer`, or null when `held` is not the position the move was sent from (or its
// log is not the length the answer continues): then the page asks for the whole game
export function applyAnswer(held, answer) {
  if (!answer || !answer.delta) return answer;
  if (!held || held.id !== answer.id || held.ply !== answer.since) return null;
  const log = Array.isArray(held.log) ? held.log : [];
  if (log.length !== answer.log_from) return null;
  const kept = Object.fromEntries((answer.kept || []).filter((k) => held.view && k in held.view)
    .map((k) => [k, held.view[k]]));
  if (Object.keys(kept).length !== (answer.kept || []).length) return null;
  const { delta, since, log_from: from, kept: names, view, ...changed } = answer;
  void delta; void since; void from; void names;
  return { ...held, ...changed, view: { ...kept, ...view }, log: log.concat(answer.new || []) };
}
