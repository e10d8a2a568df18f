"""``hindsight``: greedy's play searched with every future roll known: a bound for the report.

``clairvoyant`` is the search told the future dice, but its tree still ends at the next
roll, so it is hardly stronger than ``mcts`` and its bound says little (docs/agents.md).
``hindsight`` uses what it knows to the end of the game: with the dice known, a game is a
puzzle, and following ``greedy`` from a position to the end gives *exactly* that line's
result. At each decision every considered move (the evaluation's ``prune``), best rated
first, is followed by greedy to the end of the game on a copy of the game's own
random-number generator (``play_one`` hands it over: ``sees_dice``); the first move whose
line wins is played and its line kept, so the next decisions just follow it. Where no line
wins, the best line found so far is followed (the line ending in the position the
evaluation rated highest before the end); it is kept from one decision to the next and
replaced only by a better one (nested Monte Carlo search at level 1, Cazenave 2009, with
greedy as the playout), so this agent never does worse than greedy told the dice.

Every game it wins is a winning line for those dice: its win rate is a lower bound on the
share of games the dice allow to be won (a deeper search could find more), never a
guess. It costs up to one greedy game per considered move per decision (about a minute
for a lost game at threat 4 on this machine); a won game costs far less once its line is
found. It plays only in reports (it cheats): never a seat or a hint.
"""

from __future__ import annotations

import random
from typing import Any

from soloboard.agents.evaluate import Evaluator
from soloboard.agents.greedy import GreedyAgent
from soloboard.core.chance import sample_outcome

Line = list[tuple[int, int]]  # (the history's length at the decision, the action taken)


class HindsightAgent(GreedyAgent):
    """``make("hindsight")``: greedy searched over the game's future dice (``soloboard report`` only);
    greedy's own ``step`` is the playout and its ``scores`` the order in which moves are tried."""

    name = "hindsight"
    revision = "2026-11-29"  # agents/base.py
    sees_dice = True  # play_one sets ``dice`` (the game's generator) before every decision

    def __init__(self, top: int | None = None) -> None:
        super().__init__()
        self.top = top  # follow only greedy's best ``top`` moves (None: every considered move)
        self.dice: random.Random | None = None
        self._line: Line = []
        self._score = -1.0  # the kept line's result: 1 a win, else the evaluation before its end

    def reset(self, seed: Any) -> None:
        """A new game: forget the kept line (nothing random of its own to reseed)."""
        self._line, self._score = [], -1.0

    def _follow(self, ev: Evaluator, state: Any, rng: random.Random) -> tuple[float, Line]:
        """Greedy from ``state`` to the end with ``rng``'s dice: (1.0 for a win, else the evaluation of the
        last position before the end, below 1), and the decisions taken."""
        line: Line = []
        before = 0.0
        playout = super().step
        while not state.is_terminal():
            if state.is_chance_node():  # drawn as play_one draws it, so the copy meets the game's own dice
                state.apply_action(sample_outcome(state, rng))
                continue
            before = ev.value(state)
            action = playout(state)
            line.append((len(state.history()), action))
            state.apply_action(action)
        if state.returns()[0] > 0:
            return 1.0, line
        return min(before, 0.999), line

    def step(self, state: Any) -> int:
        if self.dice is None:
            raise ValueError("the hindsight agent plays only where it is shown the dice (soloboard sim/report)")
        ev = self._evaluator(state)
        ply = len(state.history())
        legal = state.legal_actions()
        line = self._line
        while line and line[0][0] < ply:
            line.pop(0)
        if line and (line[0][0] != ply or line[0][1] not in legal):  # not this game's line (a new game, an undo)
            line.clear()
            self._score = -1.0
        if line and (self._score >= 1.0 or len(legal) == 1):
            return line.pop(0)[1]
        if len(legal) == 1:
            return legal[0]
        world = self.dice.getstate()
        # greedy's own ranking, best first (stable: equal ones keep its order, so the first is greedy's move)
        moves = sorted(self.scores(state), key=lambda m: -m[1])
        for action, _ in moves[: self.top] if self.top else moves:
            child = state.clone()
            child.apply_action(action)
            rng = random.Random()
            rng.setstate(world)
            score, rest = self._follow(ev, child, rng)
            if score > self._score:
                self._score, self._line = score, [(ply, action), *rest]
                if score >= 1.0:
                    break
        line = self._line
        if line and line[0][0] == ply:
            return line.pop(0)[1]
        return moves[0][0]
