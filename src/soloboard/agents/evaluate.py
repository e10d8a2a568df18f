"""Which evaluation a game's agents use: the only place that maps a game to its knowledge.

An :class:`Evaluator` gives, for a state of its game:

- ``value(state)``: the estimated probability that the team wins from here (the games are
  won or lost together, so one number serves every seat); 1 or 0 once the game is over;
- ``key(state)``: a cheap hashable key equal for equal positions, or None where the game
  gives none (the search then keeps no transposition table);
- ``prune(state, actions)``: the legal actions without moves another legal move always
  does at least as well as (never empty);
- ``stage(state)`` (optional): the round a position is in; ``mcts`` values a position of a
  later round than its root's by the evaluation and does not expand it;
- ``greedy_value(state)``: what ``greedy`` maximises, where a helper adds to ``value`` what a
  one-move look-ahead cannot see (Under Falling Skies: half-filled multi-space rooms).

A game without an evaluation helper gets the neutral one (0.5 for every unfinished game),
with which ``mcts`` is plain Monte Carlo tree search on terminal values.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

# game short name -> evaluation module (value, key, prune)
HELPERS = {
    "ufs": "soloboard.agents.eval_ufs",
    "ufs-pnp": "soloboard.agents.eval_ufs",
    "monstros": "soloboard.agents.eval_monstros",
}


def _terminal_value(state: Any) -> float:
    returns = state.returns()
    return float(returns[0]) if returns else 0.0


def _neutral(state: Any) -> float:
    return _terminal_value(state) if state.is_terminal() else 0.5


def _all(state: Any, actions: list[int]) -> list[int]:
    return actions


@dataclass(frozen=True)
class Evaluator:
    name: str
    value: Callable[[Any], float]
    key: Callable[[Any], Any] | None
    prune: Callable[[Any, list[int]], list[int]]
    greedy_value: Callable[[Any], float]  # what greedy's one-move look-ahead uses (``value`` unless the helper says)
    stage: Callable[[Any], Any] | None = None  # the round: mcts does not expand later rounds' positions


def evaluator(game: Any) -> Evaluator:
    """The evaluation for ``game`` (by its ``short_name``)."""
    name = getattr(game, "short_name", "")
    module_name = HELPERS.get(name)
    if module_name is None:
        return Evaluator("neutral", _neutral, None, _all, _neutral, None)
    module = importlib.import_module(module_name)
    return Evaluator(name, module.value, getattr(module, "key", None), getattr(module, "prune", _all),
                     getattr(module, "greedy_value", module.value), getattr(module, "stage", None))
