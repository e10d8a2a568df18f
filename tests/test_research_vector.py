"""The vector environment (``gymnasium.make_vec``): masks in info, Gymnasium 1.x autoreset,
the single environments' trajectories, one process or two.

Needs the research extra (CI installs it), never a skip.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from soloboard.research import gym_env
from soloboard.research.vector_env import SPIN_SECONDS, SoloboardVectorEnv, _Waiter

SETTINGS: list[tuple[str, dict[str, Any]]] = [
    ("soloboard/ufs-v0", {"threat": 1}),
    ("soloboard/ufs-pnp-v0", {}),
    ("soloboard/monstros-solo-v0", {}),
]


def pick(masks: Any, rng: np.random.Generator) -> np.ndarray:
    """A random legal action per sub-environment (0 where none is legal: the step that autoresets ignores it)."""
    return np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks])


def assert_same_info(ours: dict[str, Any], theirs: dict[str, Any]) -> None:
    assert sorted(ours) == sorted(theirs)
    for key, value in theirs.items():
        if value.dtype == object:
            assert list(ours[key]) == list(value), key
        else:
            assert ours[key].dtype == value.dtype, key
            np.testing.assert_array_equal(ours[key], value, err_msg=key)


def test_make_vec_builds_the_native_vector_environment_with_masks_in_info() -> None:
    envs = gymnasium.make_vec("soloboard/ufs-v0", num_envs=3, threat=2)
    assert isinstance(envs.unwrapped, SoloboardVectorEnv)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    obs, info = envs.reset(seed=5)
    single = gym_env.SoloboardEnv("ufs", threat=2)
    assert obs.shape == (3, single.encoder.size) and obs.dtype == np.float32
    assert info["action_mask"].shape == (3, single.num_actions) and info["action_mask"].dtype == np.int8
    assert info["_action_mask"].all() and not info["illegal_action"].any()
    assert envs.observation_space.contains(obs)
    for i in range(3):  # sub-environment i is the single environment seeded 5 + i
        single_obs, single_info = single.reset(seed=5 + i)
        np.testing.assert_array_equal(obs[i], single_obs)
        np.testing.assert_array_equal(info["action_mask"][i], single_info["action_mask"])
    obs2, rewards, terminated, truncated, info2 = envs.step(pick(info["action_mask"], np.random.default_rng(0)))
    assert obs2.shape == obs.shape and rewards.shape == terminated.shape == truncated.shape == (3,)
    assert info2["action_mask"].any(axis=1).all() or terminated.any()
    envs.close()


@pytest.mark.parametrize(("env_id", "params"), SETTINGS)
@pytest.mark.parametrize("workers", [1, 2])
def test_same_steps_as_gymnasiums_sync_vector_env(env_id: str, params: dict[str, Any], workers: int) -> None:
    """Observations, rewards, flags and infos equal ``SyncVectorEnv``'s over the same seeds and actions,
    across several autoresets; with two processes too."""
    ours = gymnasium.make_vec(env_id, num_envs=3, workers=workers, **params)
    theirs = gymnasium.make_vec(env_id, num_envs=3, vectorization_mode="sync", **params)
    rng = np.random.default_rng(1)
    obs_a, info_a = ours.reset(seed=11)
    obs_b, info_b = theirs.reset(seed=11)
    np.testing.assert_array_equal(obs_a, obs_b)
    assert_same_info(info_a, info_b)
    episodes = 0
    while episodes < 6:
        actions = pick(info_b["action_mask"], rng)
        obs_a, rew_a, term_a, trunc_a, info_a = ours.step(actions)
        obs_b, rew_b, term_b, trunc_b, info_b = theirs.step(actions)
        np.testing.assert_array_equal(obs_a, obs_b)
        np.testing.assert_array_equal(rew_a, rew_b)
        np.testing.assert_array_equal(term_a, term_b)
        np.testing.assert_array_equal(trunc_a, trunc_b)
        assert_same_info(info_a, info_b)
        episodes += int(term_a.sum() + trunc_a.sum())
    ours.close()
    theirs.close()


@pytest.mark.parametrize("workers", [1, 2])
def test_trajectories_equal_single_environments_with_the_same_seeds(workers: int) -> None:
    """Sub-environment i replays the single environment reset with seed s + i, then reset
    unseeded after each episode."""
    n, seed = 4, 21
    envs = gymnasium.make_vec("soloboard/ufs-pnp-v0", num_envs=n, workers=workers)
    singles = [gym_env.SoloboardEnv("ufs-pnp") for _ in range(n)]
    obs, info = envs.reset(seed=seed)
    pending = [False] * n
    single_obs = [env.reset(seed=seed + i)[0] for i, env in enumerate(singles)]
    rng = np.random.default_rng(3)
    for _ in range(250):
        for i in range(n):
            np.testing.assert_array_equal(obs[i], single_obs[i])
        actions = pick(info["action_mask"], rng)
        obs, rewards, terminated, truncated, info = envs.step(actions)
        for i, env in enumerate(singles):
            if pending[i]:
                single_obs[i], _ = env.reset()
                reward, ended = 0.0, False
            else:
                single_obs[i], reward, term, trunc, _ = env.step(int(actions[i]))
                ended = term or trunc
            assert rewards[i] == reward and bool(terminated[i] or truncated[i]) == ended
            pending[i] = ended
    envs.close()


def test_autoreset_next_step_ignores_the_action_and_starts_a_new_episode() -> None:
    envs = gymnasium.make_vec("soloboard/ufs-v0", num_envs=2)
    obs, info = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    while True:
        obs, _, terminated, _, info = envs.step(pick(info["action_mask"], rng))
        if terminated.any():
            break
    i = int(np.flatnonzero(terminated)[0])
    assert info["_result"][i] and info["result"][i] in ("won", "lost")
    assert not info["action_mask"][i].any()  # a finished game has no legal action
    others = pick(info["action_mask"], rng)
    actions = others.copy()
    actions[i] = 10_000  # no action id at all: ignored by the step that resets
    obs2, rewards2, terminated2, truncated2, info2 = envs.step(actions)
    assert rewards2[i] == 0.0 and not terminated2[i] and not truncated2[i]
    assert not info2["illegal_action"][i] and info2["action_mask"][i].any()
    assert "_result" not in info2 or not info2["_result"][i]
    before = gym_env.SoloboardEnv("ufs").encoder.views(obs[i])
    after = gym_env.SoloboardEnv("ufs").encoder.views(obs2[i])
    assert before["result"].any() and not after["result"].any()  # a new game, not the finished one
    assert after["round"][0] <= 1 < before["round"][0]
    envs.close()


def test_illegal_actions_follow_the_single_environment_rule() -> None:
    envs = gymnasium.make_vec("soloboard/ufs-v0", num_envs=2, illegal_action="noop")
    obs, info = envs.reset(seed=4)
    illegal = int(np.flatnonzero(info["action_mask"][0] == 0)[0])
    legal = int(np.flatnonzero(info["action_mask"][1])[0])
    obs2, _, terminated, _, info2 = envs.step([illegal, legal])
    assert info2["illegal_action"].tolist() == [True, False]
    np.testing.assert_array_equal(obs2[0], obs[0])  # noop: the game is unchanged
    assert not terminated.any()
    envs.close()


def test_wrong_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="workers"):
        SoloboardVectorEnv(2, "ufs", workers=3)
    with pytest.raises(ValueError, match="num_envs"):
        SoloboardVectorEnv(0, "ufs")
    with pytest.raises(ValueError, match="one player"):
        SoloboardVectorEnv(2, "monstros", players=2)
    envs = SoloboardVectorEnv(2, "ufs")
    envs.reset(seed=0)
    with pytest.raises(ValueError, match="one action per environment"):
        envs.step([0, 0, 0])
    envs.close()
    with pytest.raises(RuntimeError, match="closed"):
        envs.step([0, 0])


def test_render_returns_every_games_picture() -> None:
    envs = gymnasium.make_vec("soloboard/ufs-v0", num_envs=2, workers=2, render_mode="ansi")
    envs.reset(seed=0)
    assert len(envs.unwrapped.worker_pids) == 1
    pictures = envs.render()
    assert len(pictures) == 2 and all(isinstance(p, str) and p for p in pictures)
    envs.close()


def test_an_answer_longer_than_the_pipes_buffers_arrives() -> None:
    """The worker's share of 512 pictures (over half a megabyte) is more than the pipe's buffers
    hold: it is written only as it is read, so the worker signals before it writes."""
    envs = gymnasium.make_vec("soloboard/ufs-v0", num_envs=512, workers=2, render_mode="ansi")
    envs.reset(seed=0)
    pictures = envs.render()
    assert len(pictures) == 512 and sum(len(p.encode()) for p in pictures[256:]) > 2 * 212_992
    envs.close()


@pytest.mark.parametrize("workers", [1, 2])
def test_actions_that_are_no_action_ids_are_illegal_as_for_one_environment(workers: int) -> None:
    envs = gymnasium.make_vec("soloboard/ufs-v0", num_envs=2, workers=workers)
    _, info = envs.reset(seed=4)
    legal = [float(np.flatnonzero(m)[0]) for m in info["action_mask"]]
    _, _, terminated, _, info2 = envs.step(np.array(legal))  # legal ids, but as floats
    assert info2["illegal_action"].all() and terminated.all()
    assert list(info2["loss_cause"]) == ["illegal action"] * 2
    envs.close()


def test_workers_stop_when_closed_or_forgotten() -> None:
    envs = SoloboardVectorEnv(4, "ufs", workers=2)
    envs.reset(seed=0)
    procs = list(envs._procs)
    assert [p.pid for p in procs] == envs.worker_pids and procs[0].is_alive()
    envs.close()
    assert not procs[0].is_alive()
    forgotten = SoloboardVectorEnv(4, "ufs", workers=2)
    procs = list(forgotten._procs)
    del forgotten  # no close(): the worker is told to stop all the same
    procs[0].join(timeout=5)
    assert not procs[0].is_alive()


def test_a_worker_that_dies_is_an_error_not_a_hang() -> None:
    envs = SoloboardVectorEnv(4, "ufs", workers=2)
    _, info = envs.reset(seed=0)
    envs.step(pick(info["action_mask"], np.random.default_rng(0)))
    envs._procs[0].kill()
    envs._procs[0].join(timeout=5)
    with pytest.raises(RuntimeError, match=r"worker process .* is gone"):
        envs.step(np.zeros(4, np.int64))
    envs.close()


@pytest.mark.parametrize("workers", [1, 2])
def test_long_pauses_between_steps_change_nothing(workers: int) -> None:
    """After long pauses a worker sleeps on its semaphore instead of polling: the games go on the same."""
    quick = SoloboardVectorEnv(4, "ufs", workers=workers)
    slow = SoloboardVectorEnv(4, "ufs", workers=workers)
    a, info_a = quick.reset(seed=3)
    b, _ = slow.reset(seed=3)
    rng = np.random.default_rng(3)
    for step in range(30):
        actions = pick(info_a["action_mask"], rng)
        a, ra, _, _, info_a = quick.step(actions)
        if step % 3 == 0:
            time.sleep(0.01)  # longer than a worker ever polls
        b, rb, _, _, _ = slow.step(actions)
        np.testing.assert_array_equal(a, b)
        np.testing.assert_array_equal(ra, rb)
    quick.close()
    slow.close()


def test_the_waiter_polls_after_short_waits_and_sleeps_after_long_ones() -> None:
    sem = threading.Semaphore(0)
    waiter = _Waiter(lambda: True)
    for _ in range(30):
        threading.Timer(0.01, sem.release).start()
        waiter.take(sem)
    assert waiter.usual > SPIN_SECONDS  # so the next wait sleeps at once
    for _ in range(60):
        sem.release()
        waiter.take(sem)
    assert waiter.usual < SPIN_SECONDS  # polling again


def test_a_waiter_whose_other_side_is_gone_stops_waiting() -> None:
    waiter = _Waiter(lambda: False)
    with pytest.raises(EOFError):
        waiter.take(threading.Semaphore(0))
