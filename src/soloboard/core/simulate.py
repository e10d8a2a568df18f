"""Play many games with an agent and summarise them (win rate with a confidence interval)."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from soloboard.core.agents import Agent, make_agent
from soloboard.core.chance import sample_outcome
from soloboard.core.registry import load_game


@dataclass(frozen=True)
class GameRecord:
    won: bool
    rounds: int
    cause: str  # why the game was lost ("" for a win)
    actions: int


def play_one(game: Any, agent: Agent, rng: random.Random) -> GameRecord:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
        else:
            state.apply_action(agent.act(state, rng))
    won = state.returns()[0] > 0
    return GameRecord(won, getattr(state, "round", 0), "" if won else getattr(state, "loss_cause", "loss"),
                      len(state.history()))


def game_rng(seed: int, index: int) -> random.Random:
    """Game ``index`` of a run always gets the same dice, whatever the number of jobs."""
    return random.Random(f"{seed}:{index}")


def _play_range(task: tuple[str, dict[str, Any], str, int, int, int]) -> list[GameRecord]:
    name, params, agent_name, seed, start, stop = task
    game = load_game(name, **params)
    agent = make_agent(agent_name)
    return [play_one(game, agent, game_rng(seed, i)) for i in range(start, stop)]


@dataclass
class Summary:
    games: int = 0
    wins: int = 0
    rounds: int = 0
    causes: Counter[str] = field(default_factory=Counter)

    def add(self, records: list[GameRecord]) -> None:
        for r in records:
            self.games += 1
            self.wins += r.won
            self.rounds += r.rounds
            if not r.won:
                self.causes[r.cause] += 1

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def wilson(self, z: float = 1.959964) -> tuple[float, float]:
        """95 % Wilson score interval: sound even when no game (or every game) is won."""
        n = self.games
        if n == 0:
            return (0.0, 1.0)
        p = self.wins / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))


def simulate(
    name: str,
    params: dict[str, Any],
    agent: str,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    chunk: int = 250,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    make_agent(agent)  # an unknown agent fails here, before any process starts
    load_game(name, **params)
    tasks = [(name, params, agent, seed, i, min(i + chunk, games)) for i in range(0, games, chunk)]
    summary = Summary()
    for records in _run(tasks, jobs):
        summary.add(records)
        if progress:
            progress(len(records))
    return summary


def _run(tasks: list[tuple[str, dict[str, Any], str, int, int, int]], jobs: int) -> Iterator[list[GameRecord]]:
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield _play_range(task)
        return
    with get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap_unordered(_play_range, tasks)
