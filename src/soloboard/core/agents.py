"""Agents: anything with ``act(state, rng) -> action`` for a decision node."""

from __future__ import annotations

import random
from typing import Any, Protocol


class Agent(Protocol):
    name: str

    def act(self, state: Any, rng: random.Random) -> int: ...


class RandomAgent:
    """Picks a legal action uniformly at random."""

    name = "random"

    def act(self, state: Any, rng: random.Random) -> int:
        legal = state.legal_actions()
        return legal[int(rng.random() * len(legal))]


_AGENTS: dict[str, type] = {"random": RandomAgent}


def agent_names() -> list[str]:
    return sorted(_AGENTS)


def make_agent(name: str) -> Agent:
    try:
        return _AGENTS[name]()
    except KeyError:
        raise ValueError(f"unknown agent {name!r}; valid agents: {', '.join(agent_names())}") from None
