"""``greedy``: one-step look-ahead with the game's evaluation.

At a decision, every legal move (less the dominated ones, ``Evaluator.prune``) is tried on
a copy and the copy is evaluated (``Evaluator.greedy_value``: the estimated probability of
winning, see ``ufs/evaluate.py`` and ``monstros/evaluate.py``, with what one move cannot see added:
in Under Falling Skies a half-filled room of two or three spaces counts with average dice
on its free spaces); the best move is played, the first of equal ones in
``legal_actions()`` order. A move that ends at a chance node (an Under
Falling Skies white die, whose placement re-rolls the other dice; a card draw) is valued
by evaluating the position before the chance event: the evaluations count dice still to
be rolled and cards still to be drawn as unknown resources, so greedy stays deterministic
and costs one evaluation per move. (Sampling the chance event instead was no better in
our measurements and several times slower: docs/agents.md.)
"""

from __future__ import annotations

from typing import Any

from soloboard.agents.evaluate import Evaluator, evaluator


class GreedyAgent:
    name = "greedy"
    revision = "2026-11-29"  # agents/base.py: bumped whenever its play (or a kit's evaluation) changes

    def __init__(self) -> None:
        self._eval: Evaluator | None = None
        self._game: Any = None

    def _evaluator(self, state: Any) -> Evaluator:
        if self._eval is None or state.game is not self._game:
            self._game = state.game
            self._eval = evaluator(state.game)
        return self._eval

    def reset(self, seed: Any) -> None:
        """Greedy draws no random numbers: nothing to reseed."""

    def scores(self, state: Any) -> list[tuple[int, float]]:
        """Every considered move with the value of the position it leads to."""
        ev = self._evaluator(state)
        actions = ev.prune(state, state.legal_actions())
        value = ev.greedy_value
        out = []
        for action in actions:
            child = state.clone()
            child.apply_action(action)
            out.append((action, value(child)))
        return out

    def step(self, state: Any) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        best, best_value = legal[0], -1.0
        for action, v in self.scores(state):
            if v > best_value:
                best, best_value = action, v
        return best
