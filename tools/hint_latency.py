"""How long a hint takes while another game is being played on the same machine.

    python tools/hint_latency.py --positions 40

Starts a process that plays ``mcts`` games without pause (the other game), then asks for a
hint (``analysis.estimate``: the search, the calibration and the words, what the terminal and
the browser show) at ``--positions`` decisions of seeded games and prints the median, the
95th percentile and the slowest. docs/agents.md quotes its output.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import time

import soloboard
from soloboard.agents import make
from soloboard.agents.analysis import estimate
from soloboard.core.chance import sample_outcome


def _other_game(stop: multiprocessing.synchronize.Event) -> None:
    from soloboard.agents.simulate import game_rng, play_one

    game = soloboard.load_game("ufs", threat=1)
    i = 0
    while not stop.is_set():
        play_one(game, make("mcts", budget="0.3s"), game_rng("other", i))
        i += 1


def positions(count: int, seed: int) -> list[object]:
    """Decisions with a choice from seeded games of greedy (threat 1)."""
    game = soloboard.load_game("ufs", threat=1)
    found: list[object] = []
    rng = random.Random(seed)
    agent = make("greedy")
    while len(found) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state.apply_action(sample_outcome(state, rng))
                continue
            if len(state.legal_actions()) > 1 and rng.random() < 0.2:
                found.append(state.clone())
            state.apply_action(agent.step(state))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    todo = positions(args.positions, args.seed)
    stop = multiprocessing.Event()
    other = multiprocessing.Process(target=_other_game, args=(stop,), daemon=True)
    other.start()
    time.sleep(1.0)
    seconds = []
    try:
        for state in todo:
            start = time.perf_counter()
            estimate(state)
            seconds.append(time.perf_counter() - start)
    finally:
        stop.set()
        other.terminate()
    q = statistics.quantiles(seconds, n=20)
    print(f"{len(seconds)} hints while another game was played: median {statistics.median(seconds):.2f} s, "
          f"95th percentile {q[18]:.2f} s, slowest {max(seconds):.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
