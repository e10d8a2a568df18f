"""The evaluations' weights are data in the game's kit (data/weights.json), with their provenance,
and ``python -m soloboard.agents.tune --write`` writes them so."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from soloboard.agents import tune
from soloboard.core.lazy import data_text
from soloboard.core.weights import FORMAT, parse_weights, shipped_provenance, write_weights
from soloboard.monstros import evaluate as eval_monstros
from soloboard.ufs import evaluate as eval_ufs

MODULES = [("soloboard.ufs", eval_ufs), ("soloboard.monstros", eval_monstros)]


@pytest.mark.parametrize(("package", "module"), MODULES)
def test_the_shipped_weights_are_the_evaluations_by_feature_name(package: str, module: Any) -> None:
    text = data_text(package, "weights.json")
    assert text is not None
    data = json.loads(text)
    assert data["format"] == FORMAT
    assert list(data["weights"]) == list(module.FEATURE_NAMES)  # every feature, named, in the module's order
    assert tuple(data["weights"][n] for n in module.FEATURE_NAMES) == module.WEIGHTS
    provenance = data["provenance"]
    assert provenance["date"] and provenance["how"] and provenance["agent"] == "greedy"
    # what was not recorded is said to be unknown, not made up
    assert provenance["seed"] is None and provenance["games"] is None and "not recorded" in provenance["unrecorded"]
    assert shipped_provenance(package) == provenance


def test_the_value_is_computed_with_the_loaded_weights() -> None:
    import soloboard

    state = soloboard.load_game("ufs", threat=1).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    z = sum(w * f for w, f in zip(eval_ufs.WEIGHTS, eval_ufs.features(state), strict=True))
    assert eval_ufs.linear_value(state) == pytest.approx(1 / (1 + math.exp(-z)))


def good(names: tuple[str, ...]) -> dict[str, Any]:
    return {"format": FORMAT, "weights": {n: 0.5 for n in names}, "provenance": {}}


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(format="soloboard-weights/0"), "not an evaluation's weights of format"),
    (lambda d: d.update(weights=[0.5, 0.5]), "'weights' must map each feature's name"),
    (lambda d: d["weights"].pop("bias"), "missing: bias"),
    (lambda d: d["weights"].update(luck=1.0), "unknown: luck"),
    (lambda d: d["weights"].update(bias="1"), "the weight of 'bias' is not a finite number"),
    (lambda d: d["weights"].update(bias=True), "the weight of 'bias' is not a finite number"),
    (lambda d: d["weights"].update(bias=float("nan")), "the weight of 'bias' is not a finite number"),
])
def test_a_weights_file_that_is_not_the_evaluations_is_refused_saying_why(change: Any, message: str) -> None:
    data = good(eval_ufs.FEATURE_NAMES)
    assert parse_weights(data, eval_ufs.FEATURE_NAMES, "w.json") == (0.5,) * len(eval_ufs.FEATURE_NAMES)
    change(data)
    with pytest.raises(ValueError, match=r"^w\.json: ") as caught:
        parse_weights(data, eval_ufs.FEATURE_NAMES, "w.json")
    assert message in str(caught.value)
    assert parse_weights(good(("a", "b")), ("b", "a"), "w.json") == (0.5, 0.5)  # read by name, not by place


def test_write_weights_refuses_a_wrong_count_and_writes_what_loads(tmp_path: Path) -> None:
    names = ("a", "b")
    with pytest.raises(ValueError, match="1 weights for 2 features"):
        write_weights(tmp_path / "w.json", names, [1.0], {})
    assert not (tmp_path / "w.json").exists()
    write_weights(tmp_path / "w.json", names, [1.0, -2.5], {"seed": 3})
    data = json.loads((tmp_path / "w.json").read_text(encoding="utf-8"))
    assert parse_weights(data, names, "w") == (1.0, -2.5) and data["provenance"] == {"seed": 3}


def test_tune_writes_the_weights_it_found_with_their_provenance(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "weights.json"
    argv = ["ufs", "--params", '{"threat": 0}', "--games", "2", "--seed", "w", "--features", "bias",
            "--sweeps", "1", "--write", str(out)]
    assert tune.main(argv) == 0
    printed = capsys.readouterr().out
    assert f"wrote {out}" in printed
    data = json.loads(out.read_text(encoding="utf-8"))
    weights = parse_weights(data, eval_ufs.FEATURE_NAMES, str(out))
    i = eval_ufs.FEATURE_NAMES.index("bias")
    # only the tuned weight may have moved (a zero weight is tried at 0.5), and the module's are put back
    assert [w for k, w in enumerate(weights) if k != i] == [w for k, w in enumerate(eval_ufs.WEIGHTS) if k != i]
    assert weights[i] in (eval_ufs.WEIGHTS[i], 0.5)
    provenance = data["provenance"]
    assert provenance["command"].startswith("python -m soloboard.agents.tune ufs --params")
    assert provenance["command"].endswith(f"--write {out}")
    assert (provenance["seed"], provenance["games"], provenance["agent"], provenance["tuned"]) == (
        "w", 2, "greedy", ["bias"])
    assert provenance["params"] == {"threat": 0} and provenance["date"]
    assert provenance["won_after"] >= provenance["won_before"]
    assert f"start: {provenance['won_before']} wins of 2" in printed
    assert provenance["started_from"] == shipped_provenance("soloboard.ufs")


def test_tune_will_not_write_a_screen(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        tune.main(["ufs", "--try", "bias=1", "--write", str(tmp_path / "w.json")])
    assert "--write keeps what the search finds" in capsys.readouterr().err
    assert not (tmp_path / "w.json").exists()
    with pytest.raises(SystemExit):  # a file it could not write is refused before any game is played
        tune.main(["ufs", "--games", "300", "--write", str(tmp_path / "no" / "such" / "w.json")])
    assert "no folder" in capsys.readouterr().err


def test_fit_writes_the_weights_it_fitted_in_the_same_format(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    from soloboard.agents import fit
    from soloboard.cli.main import main

    store, out = tmp_path / "s.sqlite3", tmp_path / "fitted.json"
    assert main(["report", "ufs", "--agents", "greedy", "--threats", "0", "--games", "12", "--seed", "3",
                 "--jobs", "1", "--store", str(store), "--out", str(tmp_path / "r.html")]) == 0
    assert fit.main(["--store", str(store), "--every", "5", "--write", str(out)]) == 0
    assert f"wrote {out}" in capsys.readouterr().out
    data = json.loads(out.read_text(encoding="utf-8"))
    weights = parse_weights(data, eval_ufs.FEATURE_NAMES, str(out))
    assert weights != eval_ufs.WEIGHTS and all(math.isfinite(w) for w in weights)
    provenance = data["provenance"]
    assert provenance["command"] == f"python -m soloboard.agents.fit --store {store} --every 5 --write {out}"
    assert (provenance["games"], provenance["every"], provenance["target"]) == (12, 5, "win")
    assert provenance["positions"] > 12 and set(provenance["held_out_log_loss"]) == {"fitted", "current"}
