"""``python -m soloboard.agents.tune``: improve an evaluation's weights by playing with them.

A coordinate search: from the current ``WEIGHTS``, each named weight in turn is halved and
doubled (a zero weight is tried at 0.5); a change is kept when greedy (the cheap agent:
one evaluation per move) does better on the same seeded games. "Better" is the number of
games won, with the mean progress of the games (the helper's ``progress``: the share of
the research track paid, the invasion's share of the way) breaking ties. The weights it
prints go into ``ufs/evaluate.py`` / ``monstros/evaluate.py``; docs/agents.md records the runs.

A development tool (slow: every candidate plays every game), not used by the agents.
"""

from __future__ import annotations

import argparse
import json
import statistics
from typing import Any

from soloboard.agents.base import make
from soloboard.agents.evaluate import evaluation_module, games_with_evaluation
from soloboard.agents.simulate import game_rng, play_one
from soloboard.core.registry import load_game


def score(game: Any, module: Any, weights: list[float], games: int, seed: str) -> tuple[float, int, float]:
    """(wins + mean progress, wins, mean progress) of greedy with ``weights``."""
    saved = module.WEIGHTS
    module.WEIGHTS = tuple(weights)
    try:
        wins = 0
        progress = []
        for i in range(games):
            record = play_one(game, make("greedy"), game_rng(seed, i))
            final = game.new_initial_state()
            for action in record.history:
                final.apply_action(action)
            wins += record.won
            progress.append(module.progress(final))
    finally:
        module.WEIGHTS = saved
    mean = statistics.mean(progress)
    return wins + mean, wins, mean


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m soloboard.agents.tune", description=__doc__)
    parser.add_argument("game", choices=games_with_evaluation())
    parser.add_argument("--params", default="{}", help='load_game parameters as JSON, e.g. \'{"threat": 0}\'')
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", default="tune")
    parser.add_argument("--features", help="comma-separated feature names to tune (default: all)")
    parser.add_argument("--sweeps", type=int, default=2)
    args = parser.parse_args(argv)
    module = evaluation_module(args.game)
    game = load_game(args.game, **json.loads(args.params))
    names = args.features.split(",") if args.features else list(module.FEATURE_NAMES)
    weights = list(module.WEIGHTS)
    best = score(game, module, weights, args.games, args.seed)
    print(f"start: {best[1]} wins of {args.games}, mean progress {best[2]:.3f}", flush=True)
    for _ in range(args.sweeps):
        for name in names:
            i = module.FEATURE_NAMES.index(name)
            for factor in ((0.5, 2.0) if weights[i] else (None,)):
                trial = list(weights)
                trial[i] = weights[i] * factor if factor is not None else 0.5
                result = score(game, module, trial, args.games, args.seed)
                kept = result[0] > best[0]
                print(f"  {name} -> {trial[i]:.4g}: {result[1]} wins, progress {result[2]:.3f}"
                      f"{'  (kept)' if kept else ''}", flush=True)
                if kept:
                    best, weights = result, trial
    print(f"end: {best[1]} wins of {args.games}, mean progress {best[2]:.3f}")
    print("WEIGHTS = (" + ", ".join(f"{w:.4g}" for w in weights) + ")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
