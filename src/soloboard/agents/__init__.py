"""Agents that play soloboard's games: one interface for simulation, hints, AI seats and reports.

>>> import soloboard, soloboard.agents
>>> agent = soloboard.agents.make("greedy")
>>> state = soloboard.load_game("ufs").new_initial_state()
>>> import random; state.apply_action(state.sample_chance_outcome(random.Random(0)))
>>> agent.step(state) in state.legal_actions()
True

``make(name, budget=..., seed=...)`` gives an object with ``step(state) -> action``:
``random``, ``greedy`` (one-step look-ahead with the game's evaluation), ``mcts`` (Monte
Carlo tree search with chance nodes, see ``mcts.py``), or ``package.module:Class`` for an
agent of your own. docs/agents.md has the details and the measured strength.
"""

from soloboard.agents.base import Agent, Budget, RandomAgent, describe, make, names, parse_budget

__all__ = ["Agent", "Budget", "RandomAgent", "describe", "make", "names", "parse_budget"]
