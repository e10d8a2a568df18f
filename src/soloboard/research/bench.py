"""Random games per second through each adapter, against the raw engine.

``soloboard bench GAME --adapters`` prints one game's settings; ``python -m
soloboard.research.bench`` every game's (CI runs it). Every loop plays whole games with the
same random player: a uniform choice among the legal actions, ``legal[int(rng.random() *
len(legal))]``, and chance drawn from the same ``random.Random``; on one core:

- ``raw``: the engine, as ``soloboard bench`` plays its random playouts (``play_one``:
  ``legal_actions()``, ``apply_action``, chance from the engine's own sampler);
- ``pyspiel``: through OpenSpiel's API, as an OpenSpiel user writes it: ``is_terminal()``,
  ``is_chance_node()``, ``chance_outcomes()`` walked with one ``rng.random()`` (an explicit
  chance node lists every outcome: a roll of five dice has hundreds), ``legal_actions()``,
  ``apply_action``;
- ``gymnasium``: ``gymnasium.make(id)`` (its default wrappers) from ``reset()`` to
  terminated or truncated, each action drawn from ``info["action_mask"].nonzero()``; every
  ``step`` returns the observation tensor (one-player settings);
- ``pettingzoo``: ``env()`` (with PettingZoo's ``OrderEnforcingWrapper``), ``agent_iter()``,
  ``last()`` (which computes the observation), actions from the mask in the info;
  ``pz raw_env``: the same without the wrapper; ``pz no obs``: ``raw_env`` with
  ``last(observe=False)``, PettingZoo's way to skip the observation a random player never reads.

Each figure is the median of ``--runs`` runs of ``--seconds`` seconds of this process's
CPU time (so other work on the machine disturbs the figures less than it would a wall
clock); the ratio is against the ``raw`` row of the same setting, measured in the same run.

``--vector`` (always with ``soloboard bench --adapters``) adds the vector environment's
steps per second for ``num_envs`` games in one process and in two (after 20,000 untimed steps, so
that every process's engine caches are warm), each action a random legal one picked for the
whole batch at once (:func:`random_legal`): on the wall clock, and per CPU second of the busiest
process (what it does when each process has a core to itself, which a machine busy with other
work does not show on the wall clock); each against the same number of games in one process.
"""

from __future__ import annotations

import argparse
import os
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
VECTOR_SIZES = ((1, 1), (16, 1), (16, 2), (64, 1), (64, 2))  # (num_envs, processes) of the vector figures
WARM_UP_STEPS = 20_000  # games' steps before a vector figure is timed
Setting = tuple[str, str, dict[str, Any], str | None]  # (label, soloboard game, parameters, Gymnasium id or None)
Play = Callable[[random.Random], None]


def _label(name: str, params: dict[str, Any]) -> str:
    seats = params.get("players")
    base = name if seats is None else f"{name} solo" if seats == 1 else f"{name} {seats} seats"
    others = ",".join(f"{k}={v}" for k, v in params.items() if k != "players")
    return f"{base} {others}" if others else base


def settings(game: str | None = None, params: dict[str, Any] | None = None) -> list[Setting]:
    """The settings measured: every kit's Gymnasium environments and each game with seats at
    ``SEATS_MEASURED`` seats; ``game`` keeps one game's, ``params`` replaces them with that one setting."""
    out: list[Setting] = []
    for game_kit in kits():
        if game is not None and game_kit.name != game:
            continue
        if params:
            players = params.get("players", 1)
            env_id = next((e for e, p in game_kit.environments if p.get("players", 1) == players), None)
            out.append((_label(game_kit.name, params), game_kit.name, params, env_id))
            continue
        out += [(_label(game_kit.name, p), game_kit.name, p, env_id) for env_id, p in game_kit.environments]
        if game_kit.seats:
            seated = {"players": SEATS_MEASURED}
            out.append((_label(game_kit.name, seated), game_kit.name, seated, None))
    return out


def _raw(name: str, params: dict[str, Any]) -> Play:
    game = load_game(name, **params)
    agent = RandomAgent()

    def play(rng: random.Random) -> None:
        play_one(game, agent, rng)
    return play


def _pyspiel(name: str, params: dict[str, Any]) -> Play:
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


def _gymnasium(env_id: str, params: dict[str, Any]) -> Play:
    import gymnasium

    import soloboard.research.gym_env  # noqa: F401 - registers the environments

    env = gymnasium.make(env_id, **params)
    env.reset(seed=0)

    def play(rng: random.Random) -> None:
        _, info = env.reset()
        done = False
        while not done:
            legal = info["action_mask"].nonzero()[0]
            _, _, terminated, truncated, info = env.step(int(legal[int(rng.random() * len(legal))]))
            done = terminated or truncated
    return play


def _pettingzoo(name: str, params: dict[str, Any], wrapped: bool = True, observe: bool = True) -> Play:
    from soloboard.research.pz_env import env as make_env
    from soloboard.research.pz_env import raw_env

    env = make_env(game=name, **params) if wrapped else raw_env(game=name, **params)
    env.reset(seed=0)

    def play(rng: random.Random) -> None:
        env.reset()
        for _agent in env.agent_iter():
            _, _, termination, truncation, info = env.last(observe)
            if termination or truncation:
                env.step(None)
                continue
            legal = info["action_mask"].nonzero()[0]
            env.step(int(legal[int(rng.random() * len(legal))]))
    return play


def _rate(play: Play, seconds: float, rng: random.Random) -> float:
    """Games per second of this process's CPU time: steadier than the wall clock on a shared machine."""
    games = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        play(rng)
        games += 1
    return games / elapsed


def _players(name: str, params: dict[str, Any], env_id: str | None) -> list[tuple[str, Play]]:
    players: list[tuple[str, Play]] = [("raw", _raw(name, params)), ("pyspiel", _pyspiel(name, params))]
    if env_id is not None:
        players.append(("gymnasium", _gymnasium(env_id, {k: v for k, v in params.items() if k != "players"})))
    if kit(name).seats:
        players.append(("pettingzoo", _pettingzoo(name, params)))
        players.append(("pz raw_env", _pettingzoo(name, params, wrapped=False)))
        players.append(("pz no obs", _pettingzoo(name, params, wrapped=False, observe=False)))
    return players


def run(seconds: float = 1.0, runs: int = 3, game: str | None = None, params: dict[str, Any] | None = None,
        vector: bool = False) -> list[tuple[str, str, float]]:
    """Print and return ``(setting, adapter, games/s)`` for every setting and adapter (see the module's doc)."""
    if runs < 1 or seconds <= 0:
        raise ValueError("--runs must be at least 1 and --seconds positive")
    rows: list[tuple[str, str, float]] = []
    print(f"random games per CPU second (one core), median of {runs} runs of {seconds:g} s; the loops: "
          "python -m pydoc soloboard.research.bench")
    print(f"{'setting':<18} {'adapter':<11} {'games/s':>9} {'vs raw':>7}")
    chosen = settings(game, params)
    for label, name, setting_params, env_id in chosen:
        raw = 0.0
        for adapter, play in _players(name, setting_params, env_id):
            rng = random.Random(12345)
            rate = statistics.median(_rate(play, seconds, rng) for _ in range(runs))
            raw = raw or rate
            rows.append((label, adapter, rate))
            print(f"{label:<18} {adapter:<11} {rate:>9.0f} {rate / raw:>6.0%}", flush=True)
    if vector:
        for label, _, setting_params, env_id in chosen:
            if env_id is not None:
                vector_rates(env_id, {k: v for k, v in setting_params.items() if k != "players"}, label,
                             seconds, runs)
                break
    return rows


def random_legal(masks: Any, generator: Any) -> Any:
    """A random legal action per game of a vector environment's masks, for the whole batch in three
    numpy calls (as a batched policy picks them): the legal action with the highest of one random
    byte per entry (1..255; ties go to the lowest id, so it is close to, not exactly, uniform). A
    game with no legal action (it just ended: its next step resets it) gets 0."""
    games, actions = masks.shape
    noise = np.frombuffer(generator.bytes(games * actions), np.uint8).reshape(games, actions) | 1
    return np.argmax(masks.view(np.uint8) * noise, axis=1)


def _cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system) of another process so far, from Linux's /proc; None elsewhere."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _vector_rate(env_id: str, params: dict[str, Any], num_envs: int, workers: int,
                 seconds: float) -> tuple[float, float | None]:
    """Steps per wall-clock second of ``make_vec`` and per second of its busiest process's CPU time
    (what it would do with a core per process), or None where other processes' CPU time is unknown."""
    import gymnasium

    import soloboard.research.gym_env  # noqa: F401 - registers the environments

    envs: Any = gymnasium.make_vec(env_id, num_envs=num_envs, workers=workers, **params)
    _, info = envs.reset(seed=0)
    generator = np.random.default_rng(12345)

    def step() -> None:
        nonlocal info
        _, _, _, _, info = envs.step(random_legal(info["action_mask"], generator))

    for _ in range(WARM_UP_STEPS // num_envs):  # every process fills the engine's caches first, as a long run has
        step()
    pids = envs.unwrapped.worker_pids
    before = [_cpu_seconds(pid) for pid in pids]
    steps = 0
    cpu = time.process_time()
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        step()
        steps += num_envs
    busy = [time.process_time() - cpu]
    for pid, first in zip(pids, before, strict=True):
        last = _cpu_seconds(pid)
        busy.append(last - first if last is not None and first is not None else -1.0)
    envs.close()
    return steps / elapsed, (steps / max(busy) if min(busy) >= 0 and max(busy) > 0 else None)


def vector_rates(env_id: str, params: dict[str, Any], label: str, seconds: float, runs: int) -> list[float]:
    """Print the vector environment's steps/s for ``VECTOR_SIZES``, against one game in one process."""
    print(f"vector environment, {label}: steps per second, median of {runs} runs (a random legal action per "
          "game from info['action_mask'], bench.random_legal); wall: as measured; cpu-bound: steps / CPU time of "
          "the busiest process, the rate with a free core per process; 'vs 1 proc': against the same num_envs "
          "in one process")
    print(f"{'num_envs':>8} {'processes':>9} {'wall':>9} {'vs 1 proc':>9} {'cpu-bound':>10} {'vs 1 proc':>9}")
    walls: list[float] = []
    single: dict[int, tuple[float, float]] = {}
    for num_envs, workers in VECTOR_SIZES:
        measured = [_vector_rate(env_id, params, num_envs, workers, seconds) for _ in range(runs)]
        wall = statistics.median(w for w, _ in measured)
        cpus = [c for _, c in measured if c is not None]
        bound = statistics.median(cpus) if cpus else 0.0
        walls.append(wall)
        if workers == 1:
            single[num_envs] = (wall, bound)
        one_wall, one_bound = single.get(num_envs, (0.0, 0.0))
        wall_text = f"{wall / one_wall:>8.2f}x" if one_wall else f"{'-':>9}"
        cpu_text = (f"{bound:>10.0f} {bound / one_bound:>8.2f}x" if bound and one_bound
                    else f"{bound:>10.0f} {'-':>9}" if bound else f"{'-':>10} {'-':>9}")
        print(f"{num_envs:>8} {workers:>9} {wall:>9.0f} {wall_text} {cpu_text}", flush=True)
    return walls


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m soloboard.research.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run (default 1)")
    parser.add_argument("--runs", type=int, default=3, help="runs per figure, median reported (default 3)")
    parser.add_argument("--vector", action="store_true", help="also the vector environment's steps/s")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.seconds <= 0:
        parser.error("--runs must be at least 1 and --seconds positive")
    run(args.seconds, args.runs, vector=args.vector)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
