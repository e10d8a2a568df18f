"""Where the agents were: they now live in :mod:`soloboard.agents` (one interface,
``step(state) -> action``). These names stay for code written against the old module."""

from __future__ import annotations

from typing import Any

from soloboard.agents.base import Agent, RandomAgent, make, names

__all__ = ["Agent", "RandomAgent", "agent_names", "make_agent"]


def agent_names() -> list[str]:
    return names()


def make_agent(name: str, budget: Any = None, seed: Any = None) -> Agent:
    return make(name, budget=budget, seed=seed)
