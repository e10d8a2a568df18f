"""Hints and post-game reviews: the ``mcts`` search asked what it thinks of moves.

- :func:`hints`: the best moves at a decision, each with the search's estimate of the
  probability of winning after it and a 95 % interval of that estimate (the normal
  approximation over the values the search backed up through the move: it says how sure
  the search is of its own estimate, not how good the evaluation is);
- :func:`review`: a finished (or unfinished) game replayed decision by decision; at each
  the search compares the move played with its own choice, and the decisions whose move
  cost the most estimated probability of winning come first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from soloboard.agents.mcts import MCTSAgent, MoveStats
from soloboard.core.registry import kit_of

HINT_BUDGET = "0.8s"  # a hint answers within a second on this project's two-core test machine
REVIEW_BUDGET = "0.25s"
REVIEW_MIN_VISITS = 24  # the move played is searched at least this often, however poor it looks


def hints(state: Any, budget: str | float | None = None, top: int = 3, seed: Any = 0) -> list[MoveStats]:
    """The ``top`` best moves at ``state`` (a decision node), best first."""
    agent = MCTSAgent(budget=budget or HINT_BUDGET, seed=seed, reuse=False)
    return agent.search(state).moves[:top]


@dataclass(frozen=True)
class Hint:
    """One of the best moves: the search's estimate of winning after it, its 95 % interval, and what it does."""

    action: int
    notation: str
    win: float
    low: float
    high: float
    effect: str


def estimate(state: Any, budget: str | float | None = None) -> list[Hint]:
    """The best moves at ``state`` (a decision node), best first, each told in the game's own words:
    what the terminal's ``hint`` prints and the browser's hint button shows."""
    kit = kit_of(state)
    return [Hint(m.action, state.action_to_string(m.action), m.win, m.low, m.high, kit.move_effect(state, m.action))
            for m in hints(state, budget=budget)]


@dataclass(frozen=True)
class Decision:
    """One decision of a reviewed game."""

    index: int  # position of the move in the game's history
    round: int
    seat: int
    played: int
    played_text: str
    played_win: float
    best: int
    best_text: str
    best_win: float

    @property
    def loss(self) -> float:
        """Estimated probability of winning the move played gave away (0 when it was the search's choice)."""
        return max(0.0, self.best_win - self.played_win) if self.played != self.best else 0.0


def decisions(final: Any) -> list[tuple[int, Any, int]]:
    """(index in the history, the state before the move, the move) for every decision with a choice."""
    history = final.history()
    state = _start(final)
    start = len(state.history())
    out = []
    for index in range(start, len(history)):
        action = history[index]
        if not state.is_chance_node() and len(state.legal_actions()) > 1:
            out.append((index, state.clone(), action))
        state.apply_action(action)
    return out


def _start(final: Any) -> Any:
    """The state the history replays from: the game's start, or the position a save began at."""
    replay_start = getattr(final, "_replay_start", None)
    if replay_start is not None:
        return replay_start()
    return final.game.new_initial_state()


def review(final: Any, budget: str | float | None = None, seed: Any = 0,
           progress: Callable[[int, int], None] | None = None) -> list[Decision]:
    """Every decision of the game with the search's estimate of the move played and of its own
    choice, sorted by what the move played cost (most first)."""
    agent = MCTSAgent(budget=budget or REVIEW_BUDGET, seed=seed, reuse=False)
    found = decisions(final)
    out = []
    for n, (index, state, played) in enumerate(found):
        result = agent.search(state, focus=(played,), min_visits=REVIEW_MIN_VISITS)
        stats = {m.action: m for m in result.moves}
        best = result.moves[0]
        mine = stats[played]
        out.append(Decision(index, getattr(state, "round", 0), state.current_player(), played,
                            state.action_to_string(played), mine.win, best.action,
                            state.action_to_string(best.action), best.win))
        if progress is not None:
            progress(n + 1, len(found))
    out.sort(key=lambda d: (-d.loss, d.index))
    return out
