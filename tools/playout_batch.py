"""A fixed batch of seeded random playouts, for counting instructions (docs/speed.md, "Figures").

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python tools/playout_batch.py ufs 600

Wall-clock benchmarks (``soloboard bench``) on a shared machine are noisy; an instruction count of
the same games is not. Compare two counts (600 games minus 200 games) to leave out start-up and the
first games' filling of the engines' lookup tables.
"""

from __future__ import annotations

import random
import sys

from soloboard.agents.base import RandomAgent
from soloboard.agents.simulate import play_one
from soloboard.core.registry import load_game


def main(name: str, games: int) -> None:
    game = load_game(name)
    rng = random.Random(7)
    agent = RandomAgent()
    for _ in range(games):
        play_one(game, agent, rng)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
