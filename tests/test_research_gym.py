"""The Gymnasium environments: Gymnasium's own checker, masks, chance, seeds, illegal actions.

Needs the research extra (CI installs it); without it the imports fail with the message
naming ``pip install 'soloboard[research]'``, never a skip.
"""

from __future__ import annotations

import warnings
from importlib import resources
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import soloboard
from soloboard.research import gym_env

# a deck file (deck=PATH): the packaged default deck, read as an owner's file would be
DECK_FILE = str(resources.files("soloboard.monstros") / "data" / "reconstructed-deck.json")

ENVS: list[tuple[str, dict[str, Any]]] = [
    ("soloboard/ufs-v0", {}),
    ("soloboard/ufs-v0", {"city": "new-york", "threat": 2}),
    ("soloboard/ufs-v0", {"city": "washington", "side": "damaged", "threat": 1}),
    ("soloboard/ufs-v0", {"city": "roswell", "side": "damaged", "sky": "ETTE", "unidentified_action": "none"}),
    ("soloboard/ufs-pnp-v0", {}),
    ("soloboard/ufs-pnp-v0", {"level": 2, "energy_rule": "add"}),
    ("soloboard/ufs-pnp-v0", {"difficult": ["sky-1", "sky-4"]}),
    ("soloboard/monstros-solo-v0", {}),
    ("soloboard/monstros-solo-v0", {"difficulty": "epico", "five_removal": "forced-only"}),
    ("soloboard/monstros-solo-v0", {"deck": DECK_FILE, "difficulty": "facil"}),
]


def play(env: Any, seed: int, pick: Any = None) -> tuple[list[Any], list[float], dict[str, Any]]:
    """One episode with random legal actions; the observations, rewards and the last info."""
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    observations, rewards = [obs], []
    done = False
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        action = int(rng.choice(legal)) if pick is None else pick(legal)
        obs, reward, terminated, truncated, info = env.step(action)
        observations.append(obs)
        rewards.append(reward)
        done = terminated or truncated
    return observations, rewards, info


@pytest.mark.parametrize(("env_id", "params"), ENVS)
def test_gymnasium_env_checker_passes(env_id: str, params: dict[str, Any]) -> None:
    env = gymnasium.make(env_id, **params)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings count as failures here
        check_env(env.unwrapped)
    env.close()


@pytest.mark.parametrize(("env_id", "params"), ENVS)
def test_every_setup_parameter_reaches_the_game(env_id: str, params: dict[str, Any]) -> None:
    env = gymnasium.make(env_id, **params)
    game = env.unwrapped.game
    name = {"soloboard/ufs-v0": "ufs", "soloboard/ufs-pnp-v0": "ufs-pnp", "soloboard/monstros-solo-v0": "monstros"}
    expected = soloboard.load_game(name[env_id], **({"players": 1} if "monstros" in env_id else {}), **params)
    assert game.parameters() == expected.parameters()
    assert env.action_space.n == expected.num_distinct_actions()
    assert env.observation_space.shape == (sum(int(np.prod(s)) for _, s in expected.observation_layout()),)


@pytest.mark.parametrize(("env_id", "params"), ENVS[:1] + ENVS[4:5] + ENVS[7:8])
def test_an_episode_is_a_whole_game_with_masks_and_chance_inside(env_id: str, params: dict[str, Any]) -> None:
    env = gymnasium.make(env_id, **params).unwrapped
    for seed in range(5):
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while True:
            state = env.state
            assert not state.is_chance_node()  # chance is resolved inside reset and step
            assert sorted(np.flatnonzero(info["action_mask"]).tolist()) == sorted(state.legal_actions())
            assert (env.action_masks() == info["action_mask"]).all()
            assert env.observation_space.contains(obs)
            assert obs.tolist() == state.observation_tensor()
            obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            assert not truncated
            if terminated:
                assert state.is_terminal()
                assert reward == state.returns()[0]
                assert info["result"] == ("won" if reward == 1.0 else "lost")
                assert not info["action_mask"].any()
                break
            assert reward == 0.0
        with pytest.raises(RuntimeError, match="reset"):
            env.step(0)


def test_a_won_game_pays_one() -> None:
    """A win pays 1.0 on its last step. Random play hardly ever wins, so the game starts one
    monster from victory: the monster deck empty, one monster on the table, and the player
    hits whenever a hit is legal (the game is won when the deck and the table are empty)."""
    from soloboard.monstros import actions as MA

    env = gymnasium.make("soloboard/monstros-solo-v0").unwrapped
    won = 0
    for seed in range(10):
        _, info = env.reset(seed=seed)
        env.state.monster_deck = []
        env.state.table = env.state.table[:1]
        rng = np.random.default_rng(seed)
        rewards = []
        while True:
            legal = np.flatnonzero(info["action_mask"])
            hits = [a for a in legal if MA.HIT <= a < MA.PLACE]
            _, reward, terminated, _, info = env.step(int(rng.choice(hits or legal)))
            rewards.append(reward)
            if terminated:
                break
        assert rewards[-1] == env.state.returns()[0] and sum(rewards) == rewards[-1]
        if info["result"] == "won":
            assert rewards[-1] == 1.0
            won += 1
    assert won >= 5


@pytest.mark.parametrize("env_id", ["soloboard/ufs-v0", "soloboard/monstros-solo-v0"])
def test_a_seed_makes_the_episodes_reproducible(env_id: str) -> None:
    a = gymnasium.make(env_id).unwrapped
    b = gymnasium.make(env_id).unwrapped
    first = play(a, 11, pick=lambda legal: int(legal[len(legal) // 2]))
    second = play(b, 11, pick=lambda legal: int(legal[len(legal) // 2]))
    assert [o.tolist() for o in first[0]] == [o.tolist() for o in second[0]]
    # the next, unseeded episodes follow from the seed too, and differ from the first
    third = play(a, None, pick=lambda legal: int(legal[0]))  # type: ignore[arg-type]
    fourth = play(b, None, pick=lambda legal: int(legal[0]))  # type: ignore[arg-type]
    assert [o.tolist() for o in third[0]] == [o.tolist() for o in fourth[0]]
    other = play(a, 12, pick=lambda legal: int(legal[len(legal) // 2]))
    assert [o.tolist() for o in other[0]] != [o.tolist() for o in first[0]]


def test_an_illegal_action_ends_the_episode_as_a_loss_by_default() -> None:
    env = gymnasium.make("soloboard/ufs-v0").unwrapped
    obs, info = env.reset(seed=1)
    before = env.state.clone()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info2 = env.step(illegal)
    assert (reward, terminated, truncated) == (0.0, True, False)
    assert info2["illegal_action"] is True and info2["result"] == "lost" and info2["loss_cause"] == "illegal action"
    assert env.state == before and (obs2 == obs).all()  # the game itself is unchanged
    with pytest.raises(RuntimeError, match="reset"):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
    for nonsense in (-1, 10**6, "x", None, 2.5):
        env.reset(seed=1)
        assert env.step(nonsense)[2] is True  # type: ignore[arg-type]


def test_an_illegal_action_can_be_a_no_op_instead() -> None:
    env = gymnasium.make("soloboard/monstros-solo-v0", illegal_action="noop").unwrapped
    obs, info = env.reset(seed=2)
    before = env.state.clone()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    for _ in range(3):
        obs2, reward, terminated, truncated, info2 = env.step(illegal)
        assert (reward, terminated, truncated) == (0.0, False, False)
        assert info2["illegal_action"] is True
        assert (info2["action_mask"] == info["action_mask"]).all() and info2["action_mask"] is not info["action_mask"]
        assert env.state == before and (obs2 == obs).all()
    legal = int(np.flatnonzero(info["action_mask"])[0])
    assert env.step(legal)[4]["illegal_action"] is False
    with pytest.raises(ValueError, match="illegal_action"):
        gymnasium.make("soloboard/ufs-v0", illegal_action="ignore")


def test_render_ansi_is_the_terminal_picture() -> None:
    env = gymnasium.make("soloboard/ufs-v0", render_mode="ansi", city="washington")
    env.reset(seed=0)
    assert env.render() == str(env.unwrapped.state)
    with pytest.raises(ValueError, match="render_mode"):
        gym_env.SoloboardEnv("ufs", render_mode="human")


def test_env_ids_and_refusals() -> None:
    assert set(gym_env.ENV_IDS) <= set(gymnasium.registry)
    env = gymnasium.make("soloboard.research.gym_env:soloboard/ufs-pnp-v0")  # the module-prefixed form
    assert env.unwrapped.game.short_name == "ufs-pnp"
    with pytest.raises(ValueError, match="one player"):
        gymnasium.make("soloboard/monstros-solo-v0", players=3)
    with pytest.raises(ValueError, match="unknown city"):
        gymnasium.make("soloboard/ufs-v0", city="paris")


def test_writing_into_the_mask_one_was_given_changes_no_rule() -> None:
    """step's legality check reads the environment's own copy of the mask, not the array handed out."""
    env = gym_env.SoloboardEnv("ufs")
    _, info = env.reset(seed=3)
    for _ in range(30):
        legal = np.flatnonzero(info["action_mask"])
        if not len(legal):
            break
        mask = info["action_mask"]
        mask[:] = 0  # the caller's array, zeroed
        mask[0] = 1 if 0 not in legal else 0
        assert env.action_masks()[legal].all()
        _, _, terminated, _, info = env.step(int(legal[-1]))
        assert not info["illegal_action"]
        if terminated:
            break
