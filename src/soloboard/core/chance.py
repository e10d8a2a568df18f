"""Samplers for chance nodes. Seeds drive only these; the game itself is deterministic."""

from __future__ import annotations

import random
from typing import Any


def sample_outcome(state: Any, rng: random.Random) -> int:
    """A chance outcome of ``state`` drawn with its probabilities."""
    fast = getattr(state, "sample_chance_outcome", None)
    if fast is not None:
        return fast(rng)
    outcomes = state.chance_outcomes()
    actions = [a for a, _ in outcomes]
    weights = [p for _, p in outcomes]
    return rng.choices(actions, weights)[0]


class HistorySampler:
    """Draws the chance outcome of a node from ``(seed, position in the history)``.

    Undoing a move and coming back to the same chance node gives the same dice, so undo
    cannot be used to re-roll, and a game is reproducible from its seed alone.
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def __call__(self, state: Any) -> int:
        rng = random.Random(f"{self.seed}/{len(state.history())}")
        return sample_outcome(state, rng)
