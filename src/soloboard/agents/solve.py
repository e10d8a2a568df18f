"""Sure wins: a move that wins before the round ends whatever the dice do, proved by searching the round.

``mcts`` judges positions by the evaluation and samples the dice, so where the game can be won this
round it may still miss the line that wins on every roll (Under Falling Skies, a few research spaces
short: a quarter of the threat-2 games the search lost had held such a round, docs/agents.md "Sure
wins"). This search settles it exactly: an AND-OR search
of the round's tree (a decision is won if one of its moves is, a chance event if every outcome is),
where a position of a later round counts as not won, cut wherever the game's evaluation says no
line can win this round on every roll (``Evaluator.win_in_reach``, a necessary condition).

A game whose evaluation gives no ``win_in_reach`` is never searched here. The search stops, proving
nothing, after ``limit`` positions, so its cost is bounded.
"""

from __future__ import annotations

from typing import Any

from soloboard.agents.evaluate import Evaluator

LIMIT = 1000  # positions a proof may visit (the proofs found took a few dozen; docs/agents.md "Sure wins")


class _TooLarge(Exception):
    pass


def sure_win(state: Any, ev: Evaluator, limit: int = LIMIT, order: list[int] | None = None) -> int | None:
    """A move of ``state`` (a decision node) that wins before its stage ends on every roll, or None:
    none exists, or the proof needs more than ``limit`` positions. The moves are tried in ``order``
    (a search's ranking), else in the order ``ev.prune`` keeps them; only moves ``ev.prune`` keeps are
    searched below, so a win only through a left-out move is not found."""
    reach = ev.win_in_reach
    stage_of = ev.stage
    if reach is None or stage_of is None or state.is_terminal() or state.is_chance_node() or not reach(state):
        return None
    stage = stage_of(state)
    key = ev.key
    known: dict[Any, bool] = {}
    visited = 0

    def won(s: Any) -> bool:
        nonlocal visited
        if s.is_terminal():
            return ev.value(s) >= 1.0
        if stage_of(s) != stage or not reach(s):
            return False
        k = key(s) if key is not None else None
        if k is not None:
            hit = known.get(k)
            if hit is not None:
                return hit
        visited += 1
        if visited > limit:
            raise _TooLarge
        if s.is_chance_node():
            result = all(won(_after(s, a)) for a, _p in s.chance_outcomes())
        else:
            result = any(won(_after(s, a)) for a in ev.prune(s, s.legal_actions()))
        if k is not None:
            known[k] = result
        return result

    try:
        for action in ev.prune(state, state.legal_actions()) if order is None else order:
            if won(_after(state, action)):
                return action
    except _TooLarge:
        return None
    return None


def _after(state: Any, action: int) -> Any:
    child = state.clone()
    child.apply_action(action)
    return child
