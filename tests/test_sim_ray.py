"""``soloboard sim --ray``: the games as Ray tasks, on a local Ray instance (CI installs the
``ray`` extra: these tests run, they are never skipped). ``soloboard report --ray`` is tested in
tests/test_report.py."""

from __future__ import annotations

import json
from typing import Any

import pytest

from soloboard.agents.simulate import simulate
from soloboard.cli.main import main


def test_sim_on_a_new_local_ray_instance_plays_the_games_it_plays_here(capsys: pytest.CaptureFixture[str]) -> None:
    import ray

    assert not ray.is_initialized()
    args = ["sim", "ufs", "--threat", "1", "--agent", "greedy", "--games", "12", "--seed", "3", "--json"]
    assert main([*args, "--ray", "local"]) == 0
    on_ray = json.loads(capsys.readouterr().out)
    assert not ray.is_initialized()  # the instance it started is shut down
    assert main([*args, "--jobs", "1"]) == 0
    here = json.loads(capsys.readouterr().out)
    assert on_ray["ray"] == "local" and here["ray"] is None
    same = ("games", "wins", "mean_rounds", "loss_causes")
    assert {k: on_ray[k] for k in same} == {k: here[k] for k in same}
    assert on_ray["games"] == 12


def test_sim_through_a_running_ray_instance_leaves_it_running() -> None:
    import ray

    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        summary = simulate("ufs", {"threat": 0}, "random", 30, seed=1, chunk=7, ray_address="auto")
        assert ray.is_initialized()
    finally:
        ray.shutdown()
    local = simulate("ufs", {"threat": 0}, "random", 30, seed=1)
    assert (summary.games, summary.wins, summary.rounds, summary.causes) == \
        (local.games, local.wins, local.rounds, local.causes)


def test_ray_auto_without_a_cluster_says_how_to_start_one(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    import ray

    def no_cluster(*args: Any, **kwargs: Any) -> None:
        raise ConnectionError("Could not find any running Ray instance.")

    monkeypatch.setattr(ray, "init", no_cluster)
    assert main(["sim", "ufs", "--games", "2", "--ray", "auto"]) != 0
    err = capsys.readouterr().err
    assert "--ray auto: Could not find any running Ray instance." in err
    assert "ray start --head" in err and "--ray local" in err
    assert "Traceback" not in err
