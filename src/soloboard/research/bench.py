"""``python -m soloboard.research.bench``: random games per second through each adapter.

For every setting the same random player (a uniform choice among the legal actions,
chance drawn with its probabilities) plays whole games, on one core:

- ``raw``: the soloboard engine, as ``soloboard bench`` plays its random playouts;
- ``pyspiel``: through OpenSpiel's API (``legal_actions``, ``chance_outcomes``, ``apply_action``);
- ``gymnasium``: ``gymnasium.make(...)`` with its default wrappers, actions drawn from
  ``info["action_mask"]`` (one-player settings);
- ``pettingzoo``: the AEC environment as ``env()`` returns it, with PettingZoo's wrappers
  (order enforcing, action bounds), actions from ``infos`` (Monstros); ``pz raw_env``: the
  same without the wrappers, whose attribute forwarding costs as much as the game.

Each figure is the median of ``--runs`` runs of ``--seconds`` seconds of this process's
CPU time (so other work on the machine disturbs the figures less than it would a wall clock).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from soloboard.agents.base import RandomAgent
from soloboard.agents.simulate import play_one
from soloboard.core.registry import kit, kits, load_game
from soloboard.research._deps import require

np = require("numpy", for_what="soloboard.research.bench")

SEATS_MEASURED = 4  # a game with seats is also measured with this many (PettingZoo's case)
Setting = tuple[str, str, dict[str, Any], str | None]  # (label, soloboard game, parameters, Gymnasium id or None)


def _label(name: str, params: dict[str, Any]) -> str:
    seats = params.get("players")
    return name if seats is None else f"{name} solo" if seats == 1 else f"{name} {seats} seats"


def settings() -> list[Setting]:
    """Every kit's Gymnasium environments, and each game with seats at ``SEATS_MEASURED`` seats."""
    out: list[Setting] = []
    for game_kit in kits():
        out += [(_label(game_kit.name, params), game_kit.name, params, env_id)
                for env_id, params in game_kit.environments]
        if game_kit.seats:
            params = {"players": SEATS_MEASURED}
            out.append((_label(game_kit.name, params), game_kit.name, params, None))
    return out


def _raw(name: str, params: dict[str, Any]) -> Callable[[random.Random], None]:
    game = load_game(name, **params)
    agent = RandomAgent()

    def play(rng: random.Random) -> None:
        play_one(game, agent, rng)
    return play


def _pyspiel(name: str, params: dict[str, Any]) -> Callable[[random.Random], None]:
    import pyspiel

    from soloboard.research.openspiel import GAMES

    game = pyspiel.load_game(GAMES[name], params)

    def play(rng: random.Random) -> None:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                r = rng.random()
                for action, p in outcomes:  # noqa: B007 - the loop leaves the drawn outcome in action
                    r -= p
                    if r <= 0:
                        break
                state.apply_action(action)
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
    return play


def _gymnasium(env_id: str) -> Callable[[random.Random], None]:
    import gymnasium

    import soloboard.research.gym_env  # noqa: F401 - registers the environments

    env = gymnasium.make(env_id)
    env.reset(seed=0)

    def play(rng: random.Random) -> None:
        _, info = env.reset()
        done = False
        while not done:
            legal = info["action_mask"].nonzero()[0]
            _, _, terminated, truncated, info = env.step(int(legal[int(rng.random() * len(legal))]))
            done = terminated or truncated
    return play


def _pettingzoo(name: str, params: dict[str, Any], wrapped: bool = True) -> Callable[[random.Random], None]:
    from soloboard.research.pz_env import env as make_env
    from soloboard.research.pz_env import raw_env

    env = make_env(game=name, **params) if wrapped else raw_env(game=name, **params)
    env.reset(seed=0)

    def play(rng: random.Random) -> None:
        env.reset()
        for _agent in env.agent_iter():
            _, _, termination, truncation, info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = info["action_mask"].nonzero()[0]
            env.step(int(legal[int(rng.random() * len(legal))]))
    return play


def _rate(play: Callable[[random.Random], None], seconds: float, rng: random.Random) -> float:
    """Games per second of this process's CPU time: steadier than the wall clock on a shared machine."""
    games = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        play(rng)
        games += 1
    return games / elapsed


def run(seconds: float = 1.0, runs: int = 3) -> list[tuple[str, str, float]]:
    """Print and return ``(setting, adapter, games/s)`` for every setting and adapter."""
    rows: list[tuple[str, str, float]] = []
    print(f"random games per CPU second (one core), median of {runs} runs of {seconds:g} s")
    print(f"{'setting':<18} {'adapter':<11} {'games/s':>9} {'vs raw':>7}")
    for label, name, params, env_id in settings():
        players: list[tuple[str, Callable[[random.Random], None]]] = [
            ("raw", _raw(name, params)), ("pyspiel", _pyspiel(name, params))
        ]
        if env_id is not None:
            players.append(("gymnasium", _gymnasium(env_id)))
        if kit(name).seats:
            players.append(("pettingzoo", _pettingzoo(name, params)))
            players.append(("pz raw_env", _pettingzoo(name, params, wrapped=False)))
        raw = 0.0
        for adapter, play in players:
            rng = random.Random(12345)
            rate = statistics.median(_rate(play, seconds, rng) for _ in range(runs))
            raw = raw or rate
            rows.append((label, adapter, rate))
            print(f"{label:<18} {adapter:<11} {rate:>9.0f} {rate / raw:>6.0%}", flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m soloboard.research.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run (default 1)")
    parser.add_argument("--runs", type=int, default=3, help="runs per figure, median reported (default 3)")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.seconds <= 0:
        parser.error("--runs must be at least 1 and --seconds positive")
    run(args.seconds, args.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
