"""``clairvoyant``: the search, told every future roll: what the dice allow, for the report.

The difficulty report asks how much of a loss is the agent's and how much the dice's. This
agent plays the same game (the same seeded dice) as the others but knows the future: at
each decision it receives the game's own random-number generator (``play_one`` hands it
over: ``sees_dice``), and every path of its search draws its chance outcomes from a copy
of it, so each path meets exactly the dice the game would give it. With no chance left
the game is a puzzle: the tree keeps no transpositions (a position reached by two paths
may face different dice). Its tree ends at the next roll like ``mcts``'s, but that roll is
the real one, not a sample: the same search, with strictly more knowledge. (Expanding the
later rounds too, since their dice are known, spread the same iterations too thin: 1 win
in 7 games at threat 2 against 5 in 20 for ``mcts``.)

Its win rate is an estimate of what the dice allow, not a proof: a search with a budget
can miss a winning line, so the true bound is at least this high. Never used for hints or
AI seats (it cheats).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from soloboard.agents.base import Budget
from soloboard.agents.evaluate import Evaluator
from soloboard.agents.mcts import MCTSAgent


class ClairvoyantAgent(MCTSAgent):
    """``make("clairvoyant", budget="0.3s")``: ``mcts`` that knows the game's future dice."""

    name = "clairvoyant"
    sees_dice = True  # play_one sets ``dice`` (the game's generator) before every decision

    def __init__(self, budget: str | float | Budget | None = None, seed: Any = None,
                 exploration: float = 0.1, prior_visits: float = 2.0) -> None:
        super().__init__(budget, seed, exploration=exploration, prior_visits=prior_visits, reuse=False)
        self.dice: random.Random | None = None
        self._world: Any = None

    def step(self, state: Any) -> int:
        if self.dice is None:
            raise ValueError("the clairvoyant agent plays only where it is shown the dice (soloboard sim/report)")
        self._world = self.dice.getstate()
        return super().step(state)

    def _path_rng(self) -> random.Random:
        rng = random.Random()
        rng.setstate(self._world)
        return rng

    def _evaluator(self, state: Any) -> Evaluator:
        ev = super()._evaluator(state)
        if ev.key is not None:  # one position, different futures: a tree, not a graph
            ev = self._eval = dataclasses.replace(ev, key=None)
        return ev
