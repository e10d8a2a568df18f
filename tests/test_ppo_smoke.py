"""The learning example end to end (examples/ppo.py, docs/research.md): MaskablePPO trains on
``soloboard/ufs-v0`` for a few thousand steps, its policy is saved and loaded, and ``Agent`` plays
whole games through ``soloboard sim`` with legal actions only.

It needs the ``learn`` extra (sb3-contrib, stable-baselines3, torch), which .ci/run installs:
without it these tests fail, naming the install command; they are never skipped.
"""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import soloboard
from soloboard.cli.main import main
from soloboard.core.chance import sample_outcome

ROOT = Path(__file__).resolve().parents[1]
STEPS = 3000


@pytest.fixture(scope="module")
def ppo() -> Any:
    sys.path.insert(0, str(ROOT))
    try:
        import examples.ppo as module
    finally:
        sys.path.remove(str(ROOT))
    module.require_learn()  # an ImportError naming pip install -e '.[learn]': the test fails, it does not skip
    return module


@pytest.fixture(scope="module")
def trained(ppo: Any, tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, dict[str, Any], Path]:
    model, history = ppo.train(STEPS, [0, 1], seed=0, envs=4, n_steps=128)  # 512 steps per update
    path = tmp_path_factory.mktemp("ppo") / "policy.zip"
    model.policy.save(str(path))
    return model, history, path


def test_training_runs_updates_with_finite_losses_and_finishes_games(trained: tuple[Any, dict[str, Any], Path]) -> None:
    model, history, path = trained
    assert model.num_timesteps >= STEPS
    losses = [loss for _, loss in history["losses"]]
    assert len(losses) >= STEPS // 512 - 1
    assert all(math.isfinite(loss) for loss in losses)
    games = history["games"]
    assert len(games) >= 20  # a game is about 50 decisions
    assert {threat for _, threat, _, _ in games} == {0, 1}
    assert all(won in (0, 1) and 1 <= rounds <= 20 for _, _, won, rounds in games)
    assert path.stat().st_size > 0


def test_the_same_seed_trains_the_same_run(ppo: Any, trained: tuple[Any, dict[str, Any], Path]) -> None:
    """What makes docs/research.md's learning curve a command anyone can rerun."""
    _, history, _ = trained
    _, again = ppo.train(STEPS, [0, 1], seed=0, envs=4, n_steps=128)
    assert again["games"] == history["games"]
    assert again["losses"] == history["losses"]


def test_the_saved_policy_plays_as_the_trained_one(ppo: Any, trained: tuple[Any, dict[str, Any], Path]) -> None:
    model, _, path = trained
    agent = ppo.Agent(model=path)
    state = soloboard.load_game("ufs", threat=1).new_initial_state()
    rng = random.Random(5)
    compared = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
            continue
        legal = state.legal_actions()
        action = agent.step(state)
        assert action in legal
        obs = agent._encoder.encode(state) * agent._scale
        mask = [a in legal for a in range(agent.policy.action_space.n)]
        in_memory, _ = model.predict(obs, action_masks=mask, deterministic=True)
        assert action == int(in_memory)
        compared += 1
        state.apply_action(action)
    assert compared >= 10


def test_soloboard_sim_plays_whole_games_with_the_agent(trained: tuple[Any, dict[str, Any], Path],
                                                        monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    _, _, path = trained
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("SOLOBOARD_PPO_MODEL", str(path))
    assert main(["sim", "ufs", "--threat", "1", "--agent", "examples.ppo:Agent", "--games", "3", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 3 and result["mean_rounds"] >= 1  # every action legal: the engine refuses others
    # a policy is for the observations it learned on: another city's are refused, with the reason
    assert main(["sim", "ufs", "--city", "new-york", "--agent", "examples.ppo:Agent", "--games", "1"]) != 0
    assert "trained on observations of 1239 entries" in capsys.readouterr().err


def test_the_shipped_policy_records_how_it_was_trained_and_plays(ppo: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOLOBOARD_PPO_MODEL", raising=False)
    record = json.loads(ppo.DEFAULT_MODEL.with_suffix(".json").read_text())
    assert record["command"].startswith("python examples/ppo.py ")
    assert {"seed", "steps", "date", "threats"} <= set(record)
    agent = ppo.Agent()  # no path, no $SOLOBOARD_PPO_MODEL: the shipped one
    state = soloboard.load_game("ufs", threat=0).new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
        else:
            action = agent.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)


def test_importing_the_example_leaves_torch_unloaded() -> None:
    code = "import sys, examples.ppo; sys.exit('torch' in sys.modules or 'sb3_contrib' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=False).returncode == 0
