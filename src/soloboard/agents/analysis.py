"""Hints and post-game reviews: the ``mcts`` search asked what it thinks of moves.

- :func:`hints`: the best moves at a decision, each with its **chance of winning**: the
  search's estimate after the move, calibrated (``agents/calibration.py``: a shown 70 % is won
  about 70 % of the time by the agent) and, where the game's map gives one, a 90 % interval
  of that chance (None otherwise: then no interval is shown);
- :func:`review`: a game replayed decision by decision; at each the **same** search as the
  hint's (same budget, same seed) compares the move played with its own choice. A move is
  called a mistake only when it gave away more than the search's own noise
  (:data:`NOISE`: what two searches of one position with different seeds disagree by), so a
  game played by the hints' choices shows almost nothing given away.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from soloboard.agents.base import STANDARD_BUDGET, Budget
from soloboard.agents.calibration import calibrator
from soloboard.agents.mcts import MCTSAgent
from soloboard.core.registry import kit_of

HINT_BUDGET = STANDARD_BUDGET  # a hint answers within a second while another game is played (docs/agents.md)
HINT_SEED = 0
REVIEW_MIN_VISITS = 24  # the move played is searched at least this often (and as often as the best move)
# a smaller difference between two moves is not called a mistake: twice the largest a review saw between the
# move a hint chose with another seed and its own choice (0.005 over 278 decisions at threats 1 and 2,
# tools/review_noise.py; two searches' chances of one position differ by under 0.001: docs/agents.md "Reviews")
NOISE = 0.01


@dataclass(frozen=True)
class MoveChance:
    """A move with its chance of winning (calibrated) and the interval around it (None: none honest)."""

    action: int
    visits: int
    win: float
    low: float | None
    high: float | None
    raw: float  # the search's own estimate, before calibration
    calibrated: bool = True  # False: no map fitted for this game, ``win`` is the raw estimate


def honest(game: Any) -> bool:
    """Whether ``game``'s chances of winning mean what they say: a calibration map was fitted for its
    setup. Where none was, a chance is the search's raw estimate, which is not a probability, so the
    front ends show the moves in the search's order and no number (``MoveChance.win`` keeps the raw
    estimate for programs, with ``calibrated`` False)."""
    return calibrator(game).calibrated


def hints(state: Any, budget: str | float | None = None, top: int = 3, seed: Any = HINT_SEED) -> list[MoveChance]:
    """The ``top`` best moves at ``state`` (a decision node), best first."""
    agent = MCTSAgent(budget=budget or HINT_BUDGET, seed=seed, reuse=False)
    return chances(state, agent.search(state).moves[:top])


def chances(state: Any, moves: list[Any]) -> list[MoveChance]:
    """The search's moves (``MoveStats``) with calibrated chances of winning."""
    cal = calibrator(state.game)
    ply = len(state.history())  # the map reads how far on the game is (the decision's ply)
    out = []
    for m in moves:
        p = cal.chance(m.win, ply)
        interval = cal.interval(p)
        out.append(MoveChance(m.action, m.visits, p, interval[0] if interval else None,
                              interval[1] if interval else None, m.win, cal.calibrated))
    return out


@dataclass(frozen=True)
class Hint:
    """One of the best moves: its chance of winning, the interval around it (None: none honest), what it does."""

    action: int
    notation: str
    win: float
    low: float | None
    high: float | None
    effect: str
    calibrated: bool = True  # False: the chance is the search's raw estimate (no map for this game yet)


def estimate(state: Any, budget: str | float | None = None) -> list[Hint]:
    """The best moves at ``state`` (a decision node), best first, each told in the game's own words:
    what the terminal's ``hint`` prints and the browser's hint button shows."""
    kit = kit_of(state)
    return [Hint(m.action, state.action_to_string(m.action), m.win, m.low, m.high, kit.move_effect(state, m.action),
                 m.calibrated) for m in hints(state, budget=budget)]


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
        """Chance of winning the move played gave away (0 when it was the search's choice)."""
        return max(0.0, self.best_win - self.played_win) if self.played != self.best else 0.0

    @property
    def mistake(self) -> bool:
        """It gave away more than the search's noise: the difference is the moves', not the search's."""
        return self.loss > NOISE


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


def review(final: Any, budget: str | float | None = None, seed: Any = HINT_SEED,
           progress: Callable[[int, int], None] | None = None) -> list[Decision]:
    """Every decision of the game with the chance of winning after the move played and after the
    search's choice (the hint's search: same budget and seed), sorted by what the move played cost
    (most first)."""
    found = decisions(final)
    out = []
    for n, (index, state, played) in enumerate(found):
        agent = MCTSAgent(budget=budget or HINT_BUDGET, seed=seed)
        hint = agent.search(state)  # exactly the hint's search: a fresh tree, the same budget and seed
        # then the move played, searched as deeply as the search's own choice: a move looked at 24 times is
        # judged on shallower lines than one looked at thousands of times, and a search's values rise as it
        # looks deeper, so comparing them unequally would call a good move a mistake
        result = agent.search(state, budget=Budget(iterations=0), focus=(played,),
                              min_visits=max(REVIEW_MIN_VISITS, hint.moves[0].visits))
        moves = chances(state, result.moves)
        stats = {m.action: m for m in moves}
        best = moves[0]
        mine = stats[played]
        out.append(Decision(index, getattr(state, "round", 0), state.current_player(), played,
                            state.action_to_string(played), mine.win, best.action,
                            state.action_to_string(best.action), best.win))
        if progress is not None:
            progress(n + 1, len(found))
    out.sort(key=lambda d: (-d.loss, d.index))
    return out


def given_away(reviewed: list[Decision]) -> float:
    """The chance of winning the game's mistakes gave away in all (differences within the noise left out)."""
    return sum(d.loss for d in reviewed if d.mistake)
