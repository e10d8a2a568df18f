"""``python -m soloboard.agents.tune``: improve an evaluation's weights by playing with them.

A coordinate search: from the current ``WEIGHTS``, each named weight in turn is halved and
doubled (a zero weight is tried at 0.5); a change is kept when greedy (the cheap agent:
one evaluation per move; ``--agent`` for another) does better on the same seeded games. "Better" is the number of
games won, with the mean progress of the games (the helper's ``progress``: the share of
the research track paid, the invasion's share of the way) breaking ties. The weights it
prints are shipped as data (``ufs/data/weights.json``, ``monstros/data/weights.json``, which the
evaluation modules load): ``--write FILE`` writes them there with their provenance (this command,
the seed, the number of games, the agent, the date, the games won before and after, and the
provenance of the weights it started from). docs/agents.md records the runs::

    python -m soloboard.agents.tune ufs --params '{"threat": 0}' --games 300 --seed 1 --jobs 2 \
        --write src/soloboard/ufs/data/weights.json

``--try`` screens given changes instead, one variant each, against the weights as shipped, on
the same seeded games and with any agent (``--agent mcts --budget 1000it``): what
docs/agents.md's "one weight at a time" table was made with::

    python -m soloboard.agents.tune ufs --params '{"threat": 2}' --agent mcts --budget 1000it \
        --games 80 --seed ab --jobs 2 --try bias=+1 --try last_space_chance*4,last_space_stuck*2

A development tool (slow: every candidate plays every game), not used by the agents.
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from soloboard.agents.base import make
from soloboard.agents.evaluate import evaluation_module, games_with_evaluation
from soloboard.agents.simulate import game_rng, play_one
from soloboard.core.registry import load_game
from soloboard.core.saves import replay
from soloboard.core.weights import command_line, output_file, shipped_provenance, write_weights


def _play(game: Any, module: Any, weights: tuple[float, ...], seed: str, i: int, agent: str,
          budget: str | None) -> tuple[bool, float]:
    """Game ``i`` of ``seed`` played by ``agent`` with ``weights``: (won, progress at the end)."""
    saved = module.WEIGHTS
    module.WEIGHTS = weights
    try:
        record = play_one(game, make(agent, budget=budget), game_rng(seed, i))
    finally:
        module.WEIGHTS = saved
    return record.won, module.progress(replay(game.new_initial_state(), record.history))


def _play_task(args: tuple[str, dict[str, Any], tuple[float, ...], str, int, str, str | None]) -> tuple[bool, float]:
    """``_play`` in a worker process (it loads the game and the evaluation itself)."""
    name, params, weights, seed, i, agent, budget = args
    return _play(load_game(name, **params), evaluation_module(name), weights, seed, i, agent, budget)


def score(game: Any, module: Any, weights: list[float], games: int, seed: str, agent: str = "greedy",
          budget: str | None = None, jobs: int = 1) -> tuple[float, int, float]:
    """(wins + mean progress, wins, mean progress) of ``agent`` with ``weights`` on ``games`` seeded games
    (``jobs`` > 1: in that many processes; the games and their results are the same)."""
    w = tuple(weights)
    if jobs > 1:
        tasks = [(game.short_name, dict(game.parameters()), w, seed, i, agent, budget) for i in range(games)]
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_play_task, tasks))
    else:
        results = [_play(game, module, w, seed, i, agent, budget) for i in range(games)]
    wins = sum(won for won, _ in results)
    mean = statistics.mean(p for _, p in results)
    return wins + mean, wins, mean


def variant(module: Any, text: str) -> list[float]:
    """The shipped weights with ``text``'s changes: ``name*2`` (scaled), ``name=+1`` (set),
    several joined by commas."""
    weights = list(module.WEIGHTS)
    for part in text.split(","):
        name, op, number = part.partition("*") if "*" in part else part.partition("=")
        name = name.strip()
        if name not in module.FEATURE_NAMES or not op:
            raise SystemExit(f"--try {text!r}: expected NAME*FACTOR or NAME=VALUE, NAME one of "
                             f"{', '.join(module.FEATURE_NAMES)}")
        try:
            x = float(number)
        except ValueError:
            raise SystemExit(f"--try {text!r}: {number!r} is not a number") from None
        i = module.FEATURE_NAMES.index(name)
        weights[i] = weights[i] * x if op == "*" else x
    return weights


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m soloboard.agents.tune", description=__doc__)
    parser.add_argument("game", choices=games_with_evaluation())
    parser.add_argument("--params", default="{}", help='load_game parameters as JSON, e.g. \'{"threat": 0}\'')
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", default="tune")
    parser.add_argument("--features", help="comma-separated feature names to tune (default: all)")
    parser.add_argument("--sweeps", type=int, default=2)
    parser.add_argument("--agent", default="greedy", help="who plays the games (default greedy)")
    parser.add_argument("--budget", help="its budget per decision, for an agent that searches (e.g. 1000it)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--try", dest="tries", action="append", default=[], metavar="CHANGES",
                        help="screen these changes instead of searching (repeatable): name*factor or "
                             "name=value, comma-separated, e.g. last_space_chance*4,bias=1")
    parser.add_argument("--write", metavar="FILE", type=output_file,
                        help="write the weights found, with their provenance, to FILE (the kit's data/weights.json "
                             "to ship them)")
    args = parser.parse_args(argv)
    if args.write and args.tries:
        parser.error("--write keeps what the search finds; --try only screens changes")
    module = evaluation_module(args.game)
    game = load_game(args.game, **json.loads(args.params))
    if args.tries:
        trials = [("as shipped", list(module.WEIGHTS))] + [(t, variant(module, t)) for t in args.tries]
        print(f"{args.agent}{'@' + args.budget if args.budget else ''}, {args.games} games of seed "
              f"{args.seed!r}, {args.game} {args.params}", flush=True)
        for label, weights in trials:
            _, wins, progress = score(game, module, weights, args.games, args.seed, args.agent, args.budget, args.jobs)
            print(f"  {label}: {wins} wins of {args.games}, mean progress {progress:.3f}", flush=True)
        return 0
    names = args.features.split(",") if args.features else list(module.FEATURE_NAMES)
    weights = list(module.WEIGHTS)
    best = score(game, module, weights, args.games, args.seed, args.agent, args.budget, args.jobs)
    start = best
    print(f"start: {best[1]} wins of {args.games}, mean progress {best[2]:.3f}", flush=True)
    for _ in range(args.sweeps):
        for name in names:
            i = module.FEATURE_NAMES.index(name)
            for factor in ((0.5, 2.0) if weights[i] else (None,)):
                trial = list(weights)
                trial[i] = weights[i] * factor if factor is not None else 0.5
                result = score(game, module, trial, args.games, args.seed, args.agent, args.budget, args.jobs)
                kept = result[0] > best[0]
                print(f"  {name} -> {trial[i]:.4g}: {result[1]} wins, progress {result[2]:.3f}"
                      f"{'  (kept)' if kept else ''}", flush=True)
                if kept:
                    best, weights = result, trial
    print(f"end: {best[1]} wins of {args.games}, mean progress {best[2]:.3f}")
    print("WEIGHTS = (" + ", ".join(f"{w:.4g}" for w in weights) + ")")
    if args.write:
        write_weights(args.write, module.FEATURE_NAMES, weights, {
            "command": command_line("soloboard.agents.tune", argv), "game": args.game,
            "params": json.loads(args.params),
            "agent": args.agent + (f"@{args.budget}" if args.budget else ""), "seed": args.seed,
            "games": args.games, "sweeps": args.sweeps, "tuned": names,
            "date": datetime.date.today().isoformat(),
            "won_before": start[1], "progress_before": round(start[2], 4),
            "won_after": best[1], "progress_after": round(best[2], 4),
            "started_from": shipped_provenance(module.__name__.rpartition(".")[0]),
        })
        print(f"wrote {args.write}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
