"""How much does a review call a mistake that is only the search's noise?

    python tools/review_noise.py --threat 1 --games 4 --seed 11

Plays ``--games`` games in which every move is a hint's first choice, each hint searched
with another seed (as a person following hints would meet them: a hint is asked once), then
reviews each game as ``soloboard review`` does (the hint's budget, seed 0). Prints, over
every decision, the percentiles of what the review says the move gave away (the noise: the
moves were the hint's own), and per game the total given away counting only mistakes
(``analysis.NOISE``). docs/agents.md quotes its output.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import soloboard
from soloboard.agents import analysis
from soloboard.core.chance import sample_outcome


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="ufs")
    parser.add_argument("--threat", type=int, default=1)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--budget", default=analysis.HINT_BUDGET)
    args = parser.parse_args()
    game = soloboard.load_game(args.game, **({"threat": args.threat} if args.game == "ufs" else {}))
    losses: list[float] = []
    totals: list[float] = []
    start = time.perf_counter()
    for g in range(args.games):
        rng = random.Random(f"{args.seed}:{g}")
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_outcome(state, rng))
                continue
            n += 1
            state.apply_action(analysis.hints(state, budget=args.budget, top=1, seed=1000 + n)[0].action)
        reviewed = analysis.review(state, budget=args.budget)
        losses += [d.loss for d in reviewed]
        totals.append(analysis.given_away(reviewed))
        won = state.returns()[0] > 0
        print(f"game {g}: {'won' if won else 'lost'}, {len(reviewed)} decisions reviewed, "
              f"{sum(d.mistake for d in reviewed)} called mistakes, given away {totals[-1]:.1%} "
              f"(every difference summed: {sum(d.loss for d in reviewed):.1%})", flush=True)
    qs = statistics.quantiles(losses, n=20)
    print(f"{len(losses)} decisions where the move played was a hint's (another seed): loss the review saw "
          f"median {statistics.median(losses):.3f}, 90th percentile {qs[17]:.3f}, 95th {qs[18]:.3f}, "
          f"max {max(losses):.3f}; NOISE = {analysis.NOISE}")
    print(f"given away per game (mistakes only): mean {statistics.mean(totals):.1%}, max {max(totals):.1%}; "
          f"{time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
