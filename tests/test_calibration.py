"""The calibration machinery (agents/calibration.py): measures checked on data with a known answer."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from soloboard.agents import calibration as C


def test_reliability_table_by_hand() -> None:
    p = [0.05, 0.05, 0.15, 0.95, 0.95, 0.95, 0.95]
    y = [0, 1, 0, 1, 1, 1, 0]
    table = C.reliability(p, y)
    assert [b.count for b in table] == [2, 1, 0, 0, 0, 0, 0, 0, 0, 4]
    assert table[0].predicted == pytest.approx(0.05) and table[0].observed == 0.5
    assert table[9].observed == 0.75
    assert math.isnan(table[3].observed)
    # ECE: |0.05-0.5|*2/7 + |0.15-0|*1/7 + |0.95-0.75|*4/7
    assert C.ece(p, y) == pytest.approx((0.45 * 2 + 0.15 + 0.2 * 4) / 7)
    assert C.brier([1.0, 0.0], [1, 1]) == 0.5
    assert C.base_rate_brier([1, 1, 0, 0]) == 0.25


def test_a_calibrated_predictor_has_a_small_ece_and_beats_the_base_rate() -> None:
    rng = random.Random(1)
    p = [rng.random() for _ in range(20000)]
    y = [1.0 if rng.random() < q else 0.0 for q in p]
    assert C.ece(p, y) < 0.02
    assert C.brier(p, y) < C.base_rate_brier(y)
    # always saying the base rate is calibrated overall but has no skill: Brier equals the base rate's
    rate = sum(y) / len(y)
    assert C.brier([rate] * len(y), y) == pytest.approx(C.base_rate_brier(y))
    # a predictor that is too low everywhere (the old search's fault) has a large ECE
    low = [q * 0.5 for q in p]
    assert C.ece(low, y) == pytest.approx(0.25, abs=0.02)


def test_coverage_counts_intervals_holding_their_bins_observed_rate() -> None:
    p = [0.12, 0.18, 0.55, 0.58]
    y = [0, 1, 1, 0]  # bin 1: observed 0.5; bin 5: observed 0.5
    lows = [0.0, 0.4, 0.5, 0.57]
    highs = [0.2, 0.6, 0.6, 0.59]
    assert C.coverage(p, lows, highs, y) == 0.5  # the second and the third hold 0.5


def test_fitted_map_recovers_a_known_distortion_and_its_interval_covers() -> None:
    """Raw estimates squeezed towards the middle (too high at the bottom, too low at the top, as a
    search's backed-up value can be): the fitted map undoes it."""
    rng = random.Random(2)
    raws, wins, contexts, groups = [], [], [], []
    for game in range(6000):
        raw = rng.uniform(0.2, 0.8)
        truth = raw ** 2 / (raw ** 2 + (1 - raw) ** 2)
        raws.append(raw)
        wins.append(1.0 if rng.random() < truth else 0.0)
        contexts.append("t:x")
        groups.append(game)
    before = C.ece(raws, wins)
    cmap = C.fit_map(raws, wins, contexts, groups)
    assert "t:x" in cmap.coefficients
    chances = [cmap.chance(r, "t:x") for r in raws]
    assert before > 0.1
    assert C.ece(chances, wins) < 0.03
    assert cmap.halfwidths is not None
    lows = [cmap.interval(q)[0] for q in chances]  # type: ignore[index]
    highs = [cmap.interval(q)[1] for q in chances]  # type: ignore[index]
    assert 0.85 <= C.coverage(chances, lows, highs, wins) <= 0.97
    # a context it was not fitted for falls back on the game's default, then the map's
    assert cmap.chance(0.5, "t:other") == cmap.chance(0.5, "")


def test_finished_games_keep_certain_chances() -> None:
    cmap = C.CalibrationMap({"": (0.3, 0.5, 2.0)}, (0.05,) * 10)
    assert cmap.chance(1.0) == 1.0 and cmap.chance(0.0) == 0.0
    assert cmap.interval(1.0) == (1.0, 1.0)
    assert C.CalibrationMap({"": (0.0, 1.0, 1.0)}).interval(0.4) is None  # no honest interval: none shown


def test_map_round_trips_through_json_and_refuses_other_formats() -> None:
    cmap = C.CalibrationMap({"": (0.1, 1.2, 0.9), "ufs:threat=1": (0.0, 1.0, 1.0)}, None, 0.9, {"seed": 3})
    assert C.CalibrationMap.from_json(cmap.to_json()) == cmap
    with pytest.raises(ValueError):
        C.CalibrationMap.from_json({"format": "other"})


def test_identity_map_is_the_raw_estimate() -> None:
    for r in (0.01, 0.2, 0.5, 0.93):
        assert C.IDENTITY.chance(r) == pytest.approx(r, abs=1e-9)


def test_a_map_with_ply_terms_learns_that_an_estimate_means_more_early_on() -> None:
    """The evaluation is least sure at the start: raw estimates early in a game are too low (the
    opening is rated 7 % where the agent wins most games), late ones about right. A map with ply
    terms undoes both; one without them cannot."""
    rng = random.Random(3)
    raws, wins, contexts, groups, plies = [], [], [], [], []
    for game in range(8000):
        raw = rng.uniform(0.05, 0.95)
        ply = rng.uniform(0, 300)
        s = ply / 300
        # early on (s = 0) the truth is far above the raw estimate; at the end (s = 1) it is the raw estimate
        z = math.log(raw / (1 - raw)) + 2.0 * (1 - s)
        truth = 1 / (1 + math.exp(-z))
        raws.append(raw)
        wins.append(1.0 if rng.random() < truth else 0.0)
        contexts.append("t:x")
        groups.append(game)
        plies.append(ply)
    with_ply = C.fit_map(raws, wins, contexts, groups, plies)
    without = C.fit_map(raws, wins, contexts, groups)
    assert with_ply.ply_scale == C.PLY_SCALE and len(with_ply.coefficients["t:x"]) == 6
    early = [i for i in range(len(raws)) if plies[i] < 60]
    chances = [with_ply.chance(raws[i], "t:x", plies[i]) for i in early]
    flat = [without.chance(raws[i], "t:x") for i in early]
    assert C.ece(chances, [wins[i] for i in early]) < 0.04
    assert C.ece(flat, [wins[i] for i in early]) > 0.08
    # the same raw estimate is worth more at the start than at the end, and order is kept at every ply
    assert with_ply.chance(0.3, "t:x", 0) > with_ply.chance(0.3, "t:x", 300) + 0.2
    for ply in (0, 150, 300):
        row = [with_ply.chance(r, "t:x", ply) for r in (0.1, 0.3, 0.5, 0.7, 0.9)]
        assert row == sorted(row)
    with pytest.raises(ValueError, match="ply"):
        with_ply.chance(0.5, "t:x")
    # the map travels as JSON with its ply scale
    again = C.CalibrationMap.from_json(with_ply.to_json())
    assert again.chance(0.4, "t:x", 77) == pytest.approx(with_ply.chance(0.4, "t:x", 77))


def test_a_first_format_map_still_loads_and_needs_no_ply() -> None:
    old = {"format": "soloboard-calibration/1", "coefficients": {"": [0.1, 1.2, 0.9]}, "halfwidths": None}
    cmap = C.CalibrationMap.from_json(old)
    assert cmap.ply_scale == 0.0
    assert cmap.chance(0.5) == pytest.approx(1 / (1 + math.exp(-(0.1 + 1.2 * math.log(0.5) - 0.9 * math.log(0.5)))))
    with pytest.raises(ValueError, match="3 coefficients"):
        C.CalibrationMap.from_json({**old, "coefficients": {"": [0.1, 1.2]}})


def test_a_map_that_would_reverse_moves_drops_its_ply_terms() -> None:
    assert C._monotone((0.0, 1.0, 1.0, 0.5, -0.5, 0.2))
    assert not C._monotone((0.0, 1.0, 1.0, 0.5, -1.5, 0.2))  # at the end of a game b + e < 0
    assert not C._monotone((0.0, -0.1, 1.0))
    assert C._monotone((0.0, 0.0, 1.0)) and not C._monotone((0.0, 0.0, 0.0))  # one slope may be 0, not both


def test_a_map_whose_slope_comes_out_negative_leaves_that_term_out() -> None:
    """Outcomes as Monstros's raw estimate had them: flat (about 18 % won) up to 0.85, then a jump: the
    free fit gives ln r a negative weight (a lower estimate would show a higher chance near 0); the
    map leaves that term out and keeps the order of every pair of estimates."""
    rng = random.Random(5)
    raws, outcomes = [], []
    for _ in range(4000):
        r = rng.random()
        p = 0.18 + 0.6 * (r > 0.85)
        raws.append(r)
        outcomes.append(1.0 if rng.random() < p else 0.0)
    free = C._fit(raws, outcomes, ["g:a"] * len(raws), None, 1e-3, 0.0)
    assert free.coefficients["g:a"][1] < 0  # the case this is about
    cmap = C.fit_map(raws, outcomes, ["g:a"] * len(raws), list(range(len(raws))))
    w = cmap.coefficients["g:a"]
    assert w[1] == pytest.approx(0.0, abs=1e-9) and w[2] > 0
    grid = [cmap.chance(r / 1000, "g:a") for r in range(1, 1000)]
    assert grid == sorted(grid)


def test_extend_map_fits_a_new_setups_intercept_and_keeps_everything_else() -> None:
    """A map grown by a setup (``calibrate --add-to``): the new setup shares the map's slopes and gets
    its own intercept, recovered from its decisions; the map's setups and defaults are untouched."""
    slopes = (0.4, 0.9, -1.0, 1.9, -0.1)
    base = C.CalibrationMap({"": (0.8, 0.7, 1.3, 0, 0, 0), "g:": (0.8, 0.7, 1.3, 0, 0, 0),
                             "g:a": (1.5, *slopes), "g:b": (-0.5, *slopes)}, ply_scale=300.0)
    rng = random.Random(5)
    truth = C.CalibrationMap({"g:c": (-1.2, *slopes)}, ply_scale=300.0)
    raws, wins, plies = [], [], []
    for _ in range(20000):
        raw, ply = rng.uniform(0.02, 0.98), rng.randrange(0, 400)
        raws.append(raw)
        plies.append(ply)
        wins.append(1.0 if rng.random() < truth.chance(raw, "g:c", ply) else 0.0)
    grown = C.extend_map(base, raws, wins, ["g:c"] * len(raws), plies)
    assert grown.coefficients["g:c"][0] == pytest.approx(-1.2, abs=0.08)
    assert grown.coefficients["g:c"][1:] == slopes
    assert {k: v for k, v in grown.coefficients.items() if k != "g:c"} == base.coefficients
    assert grown.ply_scale == base.ply_scale and grown.halfwidths == base.halfwidths
    # a setup whose games were all lost gets a finite level, well below the others', not minus infinity
    lost = C.extend_map(base, raws[:3000], [0.0] * 3000, ["g:d"] * 3000, plies[:3000])
    assert -40 < lost.coefficients["g:d"][0] < -1.2
    assert lost.chance(0.5, "g:d", 100) < 0.05
    with pytest.raises(ValueError, match="no setup of 'h'"):
        C.extend_map(base, raws[:10], wins[:10], ["h:x"] * 10, plies[:10])
    # once each setup has slopes of its own (refitted on its own games), a new one takes the game's default's
    default = (0.8, 0.7, 1.3, 0.2, 0.0, 0.0)
    own = C.CalibrationMap({"": (0.1, 0.2, 0.3, 0, 0, 0), "g:": default, "g:a": (1.5, *slopes),
                            "g:b": (-0.5, 0.5, 0.8, -0.9, 1.0, 0.0)}, ply_scale=300.0)
    assert C.extend_map(own, raws[:500], wins[:500], ["g:c"] * 500, plies[:500]).coefficients["g:c"][1:] == default[1:]


def test_a_map_keeps_the_plys_level_when_its_slope_terms_would_reverse_moves() -> None:
    """Monstros's raw estimate, as its games had it: flat up to 0.85 and then a jump, and worth less the
    later it is made (the invasion rises). Every term, or the level's ply term alone, gives ln r a negative
    slope; the map leaves out that term and the slopes' ply terms, keeps the level's (d < 0), and so keeps
    the order of every pair of estimates at every ply while reading early and late estimates apart."""
    rng = random.Random(5)
    raws, outcomes, plies = [], [], []
    for _ in range(6000):
        r, ply = rng.random(), rng.uniform(0, 300)
        p0 = 0.18 + 0.6 * (r > 0.85)
        z = math.log(p0 / (1 - p0)) + 1.5 - 3.0 * ply / 300
        raws.append(r)
        plies.append(ply)
        outcomes.append(1.0 if rng.random() < 1 / (1 + math.exp(-z)) else 0.0)
    contexts = ["g:a"] * len(raws)
    for fixed in ((), C.SLOPE_PLY_TERMS):  # the forms tried first: each would reverse moves
        assert not C._monotone(C._fit(raws, outcomes, contexts, plies, 1e-3, C.PLY_SCALE, fixed).coefficients["g:a"])
    cmap = C.fit_map(raws, outcomes, contexts, list(range(len(raws))), plies)
    _a, b, c, d, e, f = cmap.coefficients["g:a"]
    assert cmap.ply_scale == C.PLY_SCALE and b == e == f == 0.0 and c > 0 and -3.5 < d < -2.0
    for ply in (0, 150, 300):
        row = [cmap.chance(r / 100, "g:a", ply) for r in range(1, 100)]
        assert row == sorted(row)
    flat = C.fit_map(raws, outcomes, contexts, list(range(len(raws))))
    for lo, hi in ((0, 100), (200, 300)):
        idx = [i for i in range(len(raws)) if lo <= plies[i] < hi]
        won = [outcomes[i] for i in idx]
        assert C.ece([cmap.chance(raws[i], "g:a", plies[i]) for i in idx], won) < 0.07
        assert C.ece([flat.chance(raws[i], "g:a") for i in idx], won) > 0.12


def test_a_withdrawn_setup_keeps_its_coefficients_but_shows_no_chance(monkeypatch: pytest.MonkeyPatch) -> None:
    """A set-up fitted on games of an evaluation since changed is withdrawn: the map keeps its coefficients
    (``calibrate`` can judge them on new games) but no chance is shown there until it is fitted anew."""
    import soloboard

    three = "monstros:difficulty=iniciante,players=3"
    solo = "monstros:difficulty=iniciante,players=1"
    cmap = C.CalibrationMap({"": (0.0, 1.0, 1.0), three: (-1.0, 1.0, 1.0), solo: (0.5, 1.0, 1.0)},
                            withdrawn=(three,))
    data = cmap.to_json()
    assert data["withdrawn"] == [three]
    assert C.CalibrationMap.from_json(data) == cmap
    assert "withdrawn" not in C.CalibrationMap({"": (0.0, 1.0, 1.0)}).to_json()
    with pytest.raises(ValueError, match="withdrawn"):
        C.CalibrationMap.from_json({**data, "withdrawn": ["monstros:difficulty=epico,players=6"]})
    assert cmap.admitting([solo]) == (three,) and cmap.admitting([three, solo]) == ()
    monkeypatch.setitem(C._MAPS, ("soloboard.monstros", "monstros"), cmap)
    shown = C.calibrator(soloboard.load_game("monstros", players=1))
    hidden = C.calibrator(soloboard.load_game("monstros", players=3))
    assert shown.calibrated and shown.chance(0.5) == pytest.approx(cmap.chance(0.5, solo))
    assert not hidden.calibrated and hidden.chance(0.4) == pytest.approx(0.4)
    assert cmap.chance(0.5, three) != pytest.approx(0.5)  # still there for calibrate to judge


def test_calibrate_withdraw_from_marks_setups_and_refuses_what_it_cannot(tmp_path: Any,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """``soloboard calibrate GAME [set-ups] --withdraw-from FILE --why TEXT`` plays no game: it withdraws the
    set-ups from the map in FILE, saying when and why in its provenance, and leaves the file untouched on an
    error."""
    import importlib.resources
    import json
    import shutil

    from soloboard.cli.main import main

    data = importlib.resources.files("soloboard.monstros") / "data"
    path = tmp_path / "calibration.json"
    shutil.copy(str(data / "calibration.json"), path)
    shutil.copy(str(data / "calibration.rows.json.gz"), tmp_path / "calibration.rows.json.gz")
    before = path.read_text(encoding="utf-8")
    assert main(["calibrate", "monstros", "--players", "3", "--difficulties", "epico", "--withdraw-from", str(path),
                 "--why", "x"]) == 2  # no entry for it
    assert main(["calibrate", "monstros", "--players", "3", "--withdraw-from", str(path)]) == 2  # no --why
    assert main(["calibrate", "monstros", "--players", "3", "--withdraw-from", str(path), "--why", "x",
                 "--fit", str(path)]) == 2
    assert "Traceback" not in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == before
    assert main(["calibrate", "monstros", "--players", "2", "--difficulties", "iniciante", "--withdraw-from",
                 str(path), "--why", "the evaluation changed (a test)"]) == 0
    cmap = C.CalibrationMap.from_json(json.loads(path.read_text(encoding="utf-8")))
    assert "monstros:difficulty=iniciante,players=2" in cmap.withdrawn
    entry = cmap.provenance["withdrawn"][-1]
    assert entry["contexts"] == ["monstros:difficulty=iniciante,players=2"]
    assert entry["why"] == "the evaluation changed (a test)" and "--withdraw-from" in entry["command"]
    assert cmap.coefficients == C.CalibrationMap.from_json(json.loads(before)).coefficients
