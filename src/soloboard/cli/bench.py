"""``soloboard bench``: playout, clone and apply-action throughput on one core; ``--adapters``:
through each research adapter (:mod:`soloboard.research.bench`)."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from soloboard.agents.base import RandomAgent
from soloboard.agents.mcts import MCTSAgent
from soloboard.agents.simulate import play_one
from soloboard.compiled import compiled_modules
from soloboard.core.chance import sample_outcome
from soloboard.core.registry import load_game


def _playouts(game: Any, seconds: float, rng: random.Random) -> float:
    agent = RandomAgent()
    games = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        play_one(game, agent, rng)
        games += 1
    return games / elapsed


def _sample_states(game: Any, rng: random.Random, count: int) -> list[Any]:
    """Decision states met in random games: what an agent's search clones and steps."""
    states: list[Any] = []
    while len(states) < count:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_outcome(state, rng))
            else:
                states.append(state.clone())
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
    return states[:count]


def _clone_all(states: list[Any]) -> None:
    for s in states:  # dropped at once, as in a search that clones, steps and backs up
        s.clone()


def _rate(fn: Any, n: int) -> float:
    start = time.perf_counter()
    fn()
    return n / (time.perf_counter() - start)


def run_bench(name: str, params: dict[str, Any], *, seconds: float = 2.0, runs: int = 5,
              adapters: bool = False) -> int:
    if runs < 1 or seconds <= 0:
        raise ValueError("--runs must be at least 1 and --seconds positive")
    if adapters:  # one implementation: the research benchmark's (python -m soloboard.research.bench)
        from soloboard.research.bench import run

        run(seconds, runs, game=name, params=params, vector=True)
        return 0
    game = load_game(name, **params)
    rng = random.Random(12345)
    setting = ", ".join(f"{k}={v}" for k, v in game.parameters().items())
    print(f"{name} ({setting}); {runs} runs, median reported")
    compiled = compiled_modules()  # which build runs (docs/speed.md): SOLOBOARD_PURE=1 forces the source
    print(f"engine: compiled with mypyc ({', '.join(compiled)})" if compiled else "engine: pure Python")
    states = _sample_states(game, rng, 20_000)
    moves = [(s, s.legal_actions()) for s in states]
    clones, applies, legals = [], [], []
    for _ in range(runs):
        clones.append(_rate(lambda: _clone_all(states), len(states)))
        legals.append(_rate(lambda: [s.legal_actions() for s in states], len(states)))
        batch = [(s.clone(), legal[int(rng.random() * len(legal))]) for s, legal in moves]
        applies.append(_rate(lambda b=batch: [s.apply_action(a) for s, a in b], len(batch)))
    print(f"state clone: {statistics.median(clones):,.0f} clones/s")
    print(f"legal_actions: {statistics.median(legals):,.0f} calls/s")
    print(f"apply_action: {statistics.median(applies):,.0f} actions/s")
    sims = [_mcts_rate(states[:: max(1, len(states) // 50)], seconds) for _ in range(runs)]
    print(f"mcts: {statistics.median(sims):,.0f} simulations/s (one core; tree search with the game's "
          "evaluation, soloboard.agents)")
    rates = [_playouts(game, seconds, rng) for _ in range(runs)]
    print(f"playout runs: {', '.join(f'{r:.0f}' for r in rates)} games/s")
    print(f"random playouts: {statistics.median(rates):.0f} games/s (one core)")
    return 0


def _mcts_rate(states: list[Any], seconds: float) -> float:
    """MCTS iterations (select, expand, evaluate, back up) per second, searching the sampled positions in turn."""
    agent = MCTSAgent(budget=seconds / len(states), seed=0, reuse=False)
    iterations = 0
    start = time.perf_counter()
    for state in states:
        iterations += agent.search(state).iterations
    return iterations / (time.perf_counter() - start)
