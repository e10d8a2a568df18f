"""Which evaluation a game's agents use: the one its kit gives (``core/kit.py``, :class:`Evaluator`).

A game whose kit names no evaluation gets the neutral one (0.5 for every unfinished game),
with which ``mcts`` is plain Monte Carlo tree search on terminal values.
"""

from __future__ import annotations

from typing import Any

from soloboard.core.kit import NEUTRAL, Evaluator
from soloboard.core.lazy import load
from soloboard.core.registry import kit, kit_of, kits

__all__ = ["Evaluator", "evaluation_module", "evaluator", "games_with_evaluation"]


def evaluator(game: Any) -> Evaluator:
    """The evaluation for ``game`` (its kit's), or the neutral one for a game the registry does not know."""
    try:
        return kit_of(game).evaluator()
    except ValueError:  # a game made outside the registry (a test's, a user's): search on terminal values
        return NEUTRAL


def games_with_evaluation() -> list[str]:
    """The games whose kit gives an evaluation module (what ``fit`` and ``tune`` can work on)."""
    return [k.name for k in kits() if k.evaluation]


def evaluation_module(game_name: str) -> Any:
    """The evaluation module of ``game_name`` (its ``WEIGHTS``, ``features``: ``fit`` and ``tune`` change them)."""
    return load(kit(game_name).evaluation)
