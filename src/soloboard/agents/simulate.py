"""Play many games with an agent and summarise them (win rate with a confidence interval).

Game *i* of a run gets its dice from ``(seed, i)`` and the agent is reset with a number
drawn from the same generator, so a run gives the same games whatever the number of
processes, and ``soloboard report`` can resume a series game by game.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from soloboard.agents.base import Agent, describe, make
from soloboard.core.chance import sample_outcome
from soloboard.core.registry import load_game
from soloboard.core.stats import wilson


@dataclass(frozen=True)
class GameRecord:
    won: bool
    rounds: int
    cause: str  # why the game was lost ("" for a win)
    actions: int
    decisions: int = 0
    history: tuple[int, ...] = ()
    seconds: float = 0.0
    # (position in the history, the agent's estimate of winning) at each decision it searched
    estimates: tuple[tuple[int, float], ...] = ()
    revision: str | None = None  # how the agent that played it plays (``revision``, agents/base.py)


@dataclass(frozen=True)
class AgentSpec:
    """An agent by name and budget: what a worker process needs to build its own copy."""

    name: str
    budget: str | None = None

    def make(self) -> Agent:
        return make(self.name, budget=self.budget)

    @property
    def label(self) -> str:
        return describe(self.name, self.budget)

    @property
    def revision(self) -> str | None:
        """How the agent of this name plays in this process (None: it does not say)."""
        return revision(self.make())


def revision(agent: Agent) -> str | None:
    found = getattr(agent, "revision", None)
    return None if found is None else str(found)


def play_one(game: Any, agent: Agent, rng: random.Random) -> GameRecord:
    """One game: chance from ``rng``, every decision from ``agent.step``."""
    start = time.perf_counter()
    state = game.new_initial_state()
    agent_seed = rng.getrandbits(64)  # drawn whatever the agent, so every agent's game starts alike
    reset = getattr(agent, "reset", None)
    if reset is not None:
        reset(agent_seed)
    step = agent.step
    decisions = 0
    # bound once: this loop is the random-playout benchmark's hot path
    apply, is_terminal, is_chance = state.apply_action, state.is_terminal, state.is_chance_node
    sample = getattr(state, "sample_chance_outcome", None)
    # an agent that estimates its chance of winning (``last_estimate``) has it recorded for calibration
    estimating = hasattr(agent, "last_estimate")
    estimates: list[tuple[int, float]] = []
    clairvoyant = getattr(agent, "sees_dice", False)  # the report's bound: shown the game's future dice
    while not is_terminal():
        if is_chance():
            apply(sample(rng) if sample is not None else sample_outcome(state, rng))
        else:
            if clairvoyant:
                agent.dice = rng  # type: ignore[attr-defined]
            action = step(state)
            if estimating:
                estimate = agent.last_estimate  # type: ignore[attr-defined]
                if estimate is not None:
                    estimates.append((len(state.history()), float(estimate)))
            apply(action)
            decisions += 1
    won = state.returns()[0] > 0
    history = state.history()
    return GameRecord(won, getattr(state, "round", 0), "" if won else getattr(state, "loss_cause", "loss") or "loss",
                      len(history), decisions, tuple(history), time.perf_counter() - start, tuple(estimates),
                      revision(agent))


def game_rng(seed: int | str, index: int) -> random.Random:
    """Game ``index`` of a run always gets the same dice, whatever the number of jobs."""
    return random.Random(f"{seed}:{index}")


Task = tuple[str, dict[str, Any], AgentSpec, "int | str", list[int]]


def play_indices(task: Task) -> list[tuple[int, GameRecord]]:
    """Games ``indices`` of a seeded run (a worker's batch)."""
    name, params, spec, seed, indices = task
    game = load_game(name, **params)
    agent = spec.make()
    return [(i, play_one(game, agent, game_rng(seed, i))) for i in indices]


@dataclass
class Summary:
    games: int = 0
    wins: int = 0
    rounds: int = 0
    decisions: int = 0
    seconds: float = 0.0
    causes: Counter[str] = field(default_factory=Counter)

    def add(self, records: list[GameRecord]) -> None:
        for r in records:
            self.games += 1
            self.wins += r.won
            self.rounds += r.rounds
            self.decisions += r.decisions
            self.seconds += r.seconds
            if not r.won:
                self.causes[r.cause] += 1

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def wilson(self, z: float = 1.959964) -> tuple[float, float]:
        return wilson(self.wins, self.games, z)


def simulate(
    name: str,
    params: dict[str, Any],
    agent: str,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    chunk: int | None = None,
    progress: Callable[[int], None] | None = None,
    budget: str | None = None,
    ray_address: str | None = None,
) -> Summary:
    """``games`` seeded games of ``agent``: here, on ``jobs`` local processes, or as Ray tasks
    (``ray_address``: a cluster's address, ``auto``, or ``local`` for a new local instance)."""
    spec = AgentSpec(agent, budget)
    spec.make()  # an unknown agent or a bad budget fails here, before any process starts
    load_game(name, **params)
    if chunk is None:  # searching agents are slow: small batches keep the progress bar moving
        chunk = 250 if agent == "random" else 10 if agent == "greedy" else 1
    tasks: list[Task] = [(name, params, spec, seed, list(range(i, min(i + chunk, games))))
                         for i in range(0, games, chunk)]
    summary = Summary()
    for _, numbered in run_tasks(tasks, jobs, ray_address):
        summary.add([record for _, record in numbered])
        if progress:
            progress(len(numbered))
    return summary


# --- seeded series kept in the store: what ``soloboard report`` plays ---------------------------

@dataclass(frozen=True)
class Series:
    """``games`` games of one setup by one agent; ``todo``: the indices not yet in the store."""

    series_id: int
    game: str
    params: dict[str, Any]
    spec: AgentSpec
    seed: str
    todo: tuple[int, ...]


def batch_size(spec: AgentSpec) -> int:
    """Games per task: enough to pay for starting a task, few enough to keep every core busy."""
    return 200 if spec.name == "random" else 10 if spec.name == "greedy" else 1


def series_tasks(series: list[Series]) -> list[Task]:
    tasks: list[Task] = []
    for s in series:
        size = batch_size(s.spec)
        todo = list(s.todo)
        for i in range(0, len(todo), size):
            tasks.append((s.game, s.params, s.spec, s.seed, todo[i:i + size]))
    return tasks


def run_tasks(tasks: list[Task], jobs: int = 1, ray_address: str | None = None) \
        -> Iterator[tuple[Task, list[tuple[int, GameRecord]]]]:
    """Play the tasks: in this process, on ``jobs`` local processes, or as Ray tasks; each
    task's games are yielded as soon as it finishes (in any order)."""
    if ray_address is not None:
        yield from _run_ray(tasks, ray_address)
        return
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield task, play_indices(task)
        return
    with get_context("spawn").Pool(min(jobs, len(tasks))) as pool:
        yield from pool.imap_unordered(_numbered, tasks)


def _numbered(task: Task) -> tuple[Task, list[tuple[int, GameRecord]]]:
    return task, play_indices(task)


def _run_ray(tasks: list[Task], address: str) -> Iterator[tuple[Task, list[tuple[int, GameRecord]]]]:
    try:
        import ray
    except ImportError:
        raise ValueError("--ray needs Ray: pip install 'soloboard[ray]'") from None
    started = not ray.is_initialized()
    if started:
        try:
            ray.init(address=None if address == "local" else address, ignore_reinit_error=True,
                     include_dashboard=False, log_to_driver=False)
        except ConnectionError as exc:  # no cluster at that address: say what to do, not where Ray failed
            raise ValueError(f"--ray {address}: {exc} Start one with `ray start --head`, or run on a new local "
                             "instance with --ray local") from None
    try:
        remote = ray.remote(_numbered)
        pending = {remote.remote(task): task for task in tasks}
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                pending.pop(ref)
                yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()
