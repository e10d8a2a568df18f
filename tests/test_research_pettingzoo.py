"""The PettingZoo AEC environment for Monstros: PettingZoo's own API test, and the game inside.

Needs the research extra (CI installs it); without it the imports fail with the message
naming ``pip install 'soloboard[research]'``, never a skip.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from soloboard.research.pz_env import env as make_env
from soloboard.research.pz_env import raw_env


@pytest.mark.parametrize("players", range(1, 7))
def test_pettingzoo_api_test_passes(players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # its advice counts as a failure here
        api_test(make_env(players=players), num_cycles=400)


def test_pettingzoo_seed_test_passes() -> None:
    seed_test(lambda: make_env(players=3, difficulty="medio"), num_cycles=300)


def run_game(env: Any, seed: int) -> tuple[dict[str, float], list[str], Any]:
    """A random game; the rewards each seat collected and the order the seats acted in."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = dict.fromkeys(env.possible_agents, 0.0)
    order = []
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        total[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        inner = env.unwrapped.state
        assert agent == f"seat_{inner.current_player()}"
        assert not inner.is_chance_node()
        assert sorted(np.flatnonzero(info["action_mask"]).tolist()) == sorted(inner.legal_actions())
        assert obs.tolist() == inner.observation_tensor(int(agent.split("_")[1]))
        order.append(agent)
        env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    return total, order, env.unwrapped.state


@pytest.mark.parametrize("players", [2, 4, 6])
def test_whole_games_with_every_seat_deciding(players: int) -> None:
    env = make_env(players=players)
    seats: set[str] = set()
    for seed in range(4):
        total, order, state = run_game(env, seed)
        assert state.is_terminal()
        assert len(set(total.values())) == 1  # co-operative: every seat gets the same
        assert total["seat_0"] == state.returns()[0]
        seats.update(order)
        assert env.agents == []
    assert seats == {f"seat_{i}" for i in range(players)}


def test_non_deciding_seats_get_an_empty_mask() -> None:
    env = make_env(players=3)
    env.reset(seed=5)
    deciding = env.agent_selection
    for agent in env.agents:
        mask = env.infos[agent]["action_mask"]
        assert mask.any() == (agent == deciding)


def test_seeds_reproduce_games() -> None:
    a = run_game(make_env(players=3), 9)
    b = run_game(make_env(players=3), 9)
    assert a[1] == b[1] and a[2] == b[2]


def test_an_illegal_action_ends_the_game_for_everyone() -> None:
    env = make_env(players=2)
    env.reset(seed=3)
    agent = env.agent_selection
    mask = env.infos[agent]["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.terminations.values())
    assert env.infos[agent]["illegal_action"] is True
    assert not env.unwrapped.state.is_terminal()  # the game itself was not moved


def test_max_cycles_truncates_and_render_is_the_terminal_picture() -> None:
    env = raw_env(players=2, max_cycles=4, render_mode="ansi")
    env.reset(seed=1)
    steps = 0
    while not any(env.truncations.values()):
        agent = env.agent_selection
        env.step(int(np.flatnonzero(env.infos[agent]["action_mask"])[0]))
        steps += 1
    assert steps == 4
    assert env.render() == str(env.state)
    with pytest.raises(ValueError, match="max_cycles"):
        raw_env(max_cycles=0)
    with pytest.raises(ValueError, match="players"):
        raw_env(players=7)


@pytest.mark.parametrize("players", [1, 4])
def test_masks_kept_between_steps_equal_masks_made_from_scratch(players: int) -> None:
    """The environment only rewrites the masks that change (the seat that decided, the seat that
    decides); every seat's info must still hold what a fresh computation gives, game after game."""
    env = raw_env(players=players)
    rng = np.random.default_rng(2)
    steps = 0
    for seed in range(15):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            _, _, termination, truncation, info = env.last(observe=False)
            if termination or truncation:
                env.step(None)
                continue
            inner = env.unwrapped.state
            for seat in env.agents:
                fresh = np.zeros(env.num_actions, np.int8)
                if seat == agent:
                    fresh[inner.legal_actions()] = 1
                np.testing.assert_array_equal(env.infos[seat]["action_mask"], fresh, err_msg=seat)
            mask = info["action_mask"]
            action = int(rng.choice(np.flatnonzero(mask)))
            mask[:] = 0  # a caller writing into its mask changes nothing in the game
            env.step(action)
            assert not env.infos[agent].get("illegal_action", False)
            steps += 1
    assert steps > 200
