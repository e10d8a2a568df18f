"""The agent's judgement: estimates recorded for calibration, ``soloboard calibrate``, reviews that agree
with hints, the clairvoyant bound and the report's limits, the learned value network."""

from __future__ import annotations

import importlib.resources
import io
import json
import math
import random
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import soloboard
from soloboard.agents import analysis, make
from soloboard.agents import calibration as C
from soloboard.agents.simulate import game_rng, play_one
from soloboard.cli.main import main
from soloboard.core.chance import sample_outcome
from soloboard.core.store import SCHEMA_VERSION, Store
from soloboard.core.valuenet import FORMAT, ValueNet


def test_an_estimating_agent_has_its_estimates_recorded() -> None:
    game = soloboard.load_game("ufs", threat=0)
    record = play_one(game, make("mcts", budget="30it", seed=1), game_rng(3, 0))
    assert record.estimates, "mcts estimates its chance at every decision it searches"
    plies = [ply for ply, _ in record.estimates]
    assert plies == sorted(plies) and len(plies) <= record.decisions
    assert all(0.0 <= raw <= 1.0 for _, raw in record.estimates)
    for ply, _ in record.estimates:  # each is a decision with a choice, in the game's own history
        state = game.new_initial_state()
        for action in record.history[:ply]:
            state.apply_action(action)
        assert not state.is_chance_node() and len(state.legal_actions()) > 1
    assert not play_one(game, make("greedy"), game_rng(3, 0)).estimates  # greedy estimates nothing


def test_store_keeps_estimates_and_migrates_older_files(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with Store(path) as db:
        db.db.execute("ALTER TABLE games DROP COLUMN estimates")
        db.db.execute("UPDATE meta SET value = '4' WHERE key = 'schema_version'")
        db.db.commit()
    with Store(path) as db:  # a schema 4 file gains the column
        columns = {row[1] for row in db.db.execute("PRAGMA table_info(games)")}
        assert "estimates" in columns
        assert db._version() == SCHEMA_VERSION == 8


def test_calibrate_prints_the_measures_and_fits_a_map(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "s.sqlite3"
    args = ["calibrate", "ufs", "--threats", "0,1", "--games", "2", "--budget", "20it", "--seed", "5", "--jobs", "1",
            "--store", str(store)]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "ECE" in out and "Brier" in out and "base rate" in out and "decisions" in out
    assert "roswell threat 0" in out and "roswell threat 1" in out and "summary" in out
    with sqlite3.connect(store) as db:
        rows = db.execute("SELECT estimates FROM games").fetchall()
    assert len(rows) == 4 and all(json.loads(r[0]) for r in rows)
    fitted = tmp_path / "map.json"
    assert main([*args, "--fit", str(fitted)]) == 0  # the same games: nothing played again
    cmap = C.CalibrationMap.from_json(json.loads(fitted.read_text(encoding="utf-8")))
    assert cmap.provenance["games"] == 4 and "calibrate" in cmap.provenance["command"]
    assert main(["calibrate", "ufs", "--games", "0"]) == 2


def test_calibrate_also_adds_setups_beyond_one_grid(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--also`` takes more set-ups in the same options, so one map covers set-ups that are not a full
    grid: here threat 0 at Roswell and threat 1 at the damaged side, without threat 1 at Roswell."""
    store, fitted = tmp_path / "s.sqlite3", tmp_path / "map.json"
    args = ["calibrate", "ufs", "--threats", "0", "--also", "--sides damaged --threats 1", "--games", "2",
            "--budget", "20it", "--seed", "5", "--jobs", "1", "--store", str(store)]
    assert main([*args, "--fit", str(fitted)]) == 0
    with sqlite3.connect(store) as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 4
    cmap = C.CalibrationMap.from_json(json.loads(fitted.read_text(encoding="utf-8")))
    contexts = set(cmap.provenance["contexts"])
    assert any("threat=0" in c for c in contexts) and any("damaged" in c and "threat=1" in c for c in contexts)
    assert not any("threat=1" in c and "damaged" not in c for c in contexts)
    assert "--also '--sides damaged --threats 1'" in cmap.provenance["command"]  # quoted: the command reruns
    capsys.readouterr()
    assert main([*args[:-2], "--also", "--players 3"]) == 2  # another game's option
    assert "--players is not an option of a ufs report" in capsys.readouterr().err
    assert main([*args[:-2], "--also", "--threats 2 --budget 3it"]) == 2
    assert "--also takes only set-up options" in capsys.readouterr().err
    assert main([*args[:-2], "--also", "--threats 2 --games x"]) == 2
    assert "--games takes a number of games, not 'x'" in capsys.readouterr().err
    # an --also with its own number of games: one more game at threat 2, the others' games reused
    assert main([*args, "--also", "--threats 2 --games 1"]) == 0
    with sqlite3.connect(store) as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 5
    assert "roswell threat 2" in capsys.readouterr().out


def _shipped_ufs_map(tmp_path: Path) -> Path:
    path = tmp_path / "calibration.json"
    path.write_text(Path(soloboard.__file__).with_name("ufs").joinpath("data", "calibration.json")
                    .read_text(encoding="utf-8"), encoding="utf-8")
    return path


def _games_in(store: Path) -> int:
    if not store.exists():
        return 0
    with sqlite3.connect(store) as db:
        return int(db.execute("SELECT COUNT(*) FROM games").fetchone()[0])


def test_calibrate_add_to_grows_a_map_by_new_setups(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--add-to``: the map's set-ups and slopes stay, each new set-up gets its intercept, judged on
    games it did not see; its decisions are kept beside the map."""
    from soloboard.cli.calibrate import load_rows, rows_file

    cmap_path = _shipped_ufs_map(tmp_path)
    before = C.CalibrationMap.from_json(json.loads(cmap_path.read_text(encoding="utf-8")))
    store = tmp_path / "s.sqlite3"
    args = ["calibrate", "ufs", "--sides", "damaged", "--threats", "0,1", "--games", "2", "--budget", "20it",
            "--seed", "5", "--jobs", "1", "--store", str(store)]
    assert main([*args, "--add-to", str(cmap_path)]) == 0
    out = capsys.readouterr().out
    assert "ECE" in out and "roswell damaged threat 0" in out and "added to" in out
    after = C.CalibrationMap.from_json(json.loads(cmap_path.read_text(encoding="utf-8")))
    new = sorted(set(after.coefficients) - set(before.coefficients))
    assert new == ["ufs:city=roswell,side=damaged,threat=0", "ufs:city=roswell,side=damaged,threat=1"]
    assert all(after.coefficients[k] == v for k, v in before.coefficients.items())
    # the slopes most set-ups share; since every Roswell threat has its own (refitted on its own games, --refit-in,
    # or the last to keep the first fit's), the game's default's, fitted on every set-up's decisions
    own = [v[1:] for k, v in before.coefficients.items() if k.startswith("ufs:city")]
    assert len(set(own)) == len(own)
    slopes = before.coefficients["ufs:"][1:]
    assert all(after.coefficients[k][1:] == slopes for k in new)
    added = after.provenance["added"][-1]
    assert added["contexts"] == new and added["games"] == 4 and "--add-to" in added["command"]
    assert set(added["ece_cross_fitted"]) == {"roswell damaged threat 0", "roswell damaged threat 1"}
    assert set(added["interval_coverage_cross_fitted"].values()) == {None}  # no interval: no coverage to claim
    assert "coverage of the" not in out  # no "coverage 0 %" for intervals that do not exist
    assert after.provenance["command"] == before.provenance["command"]  # the map's own fit is still named
    assert after.halfwidths is None  # the map had no honest interval, and growing it gives none
    kept = load_rows(rows_file(cmap_path))
    assert {r["context"] for r in kept} == set(new) and len({r["game"] for r in kept}) == 4
    game = soloboard.load_game("ufs", side="damaged", threat=1)
    assert C.calibrator(game).context in after.coefficients
    # refused, naming why, and before any game is played
    assert main([*args, "--add-to", str(cmap_path)]) == 2  # those set-ups are in the map now
    assert "already covers ufs:city=roswell,side=damaged,threat=0" in capsys.readouterr().err
    played = _games_in(store)
    assert main([*args, "--threats", "2", "--add-to", str(tmp_path / "none.json")]) == 2
    assert "no such map" in capsys.readouterr().err
    assert main([*args, "--threats", "2", "--add-to", str(cmap_path), "--fit", str(tmp_path / "x.json")]) == 2
    assert "give one of them" in capsys.readouterr().err
    text = cmap_path.read_text(encoding="utf-8")
    one = [*args[:args.index("--games")], "--games", "1", *args[args.index("--games") + 2:]]
    assert main([*one, "--threats", "2", "--add-to", str(cmap_path)]) == 2  # nothing to judge it on
    assert "needs both even and odd games" in capsys.readouterr().err
    assert cmap_path.read_text(encoding="utf-8") == text
    played = _games_in(store)
    rows_file(cmap_path).write_bytes(b"not gzip")
    assert main([*args, "--threats", "2", "--add-to", str(cmap_path)]) == 2
    assert "not a file of a map's fitting decisions" in capsys.readouterr().err
    assert cmap_path.read_text(encoding="utf-8") == text and _games_in(store) == played


def test_a_refit_reads_the_decisions_kept_beside_its_map(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--fit`` writes the decisions it fitted on beside the map; a later ``--fit`` reads those of set-ups it
    does not play (no replay), and refuses to drop a set-up whose games it has neither way."""
    from soloboard.cli.calibrate import load_rows, rows_file

    fitted = tmp_path / "map.json"
    first = ["calibrate", "ufs", "--threats", "0,1", "--games", "3", "--budget", "20it", "--seed", "5", "--jobs", "1",
             "--store", str(tmp_path / "a.sqlite3")]
    assert main([*first, "--fit", str(fitted)]) == 0
    rows = load_rows(rows_file(fitted))
    assert {r["setup"] for r in rows} == {"roswell threat 0", "roswell threat 1"}
    assert all(r["seed"] == "5" for r in rows)
    # another store (the first one's games are gone): threat 2's games, threats 0-1 from the kept decisions
    second = ["calibrate", "ufs", "--threats", "2", "--games", "2", "--budget", "20it", "--seed", "6", "--jobs", "1",
              "--store", str(tmp_path / "b.sqlite3"), "--fit", str(fitted)]
    assert main(second) == 0
    refit = C.CalibrationMap.from_json(json.loads(fitted.read_text(encoding="utf-8")))
    assert {"ufs:city=roswell,side=blue,threat=0", "ufs:city=roswell,side=blue,threat=2"} <= set(refit.coefficients)
    assert refit.provenance["contexts_from_rows"] == ["ufs:city=roswell,side=blue,threat=0",
                                                      "ufs:city=roswell,side=blue,threat=1"]
    assert refit.provenance["games"] == 8
    assert len(load_rows(rows_file(fitted))) == refit.provenance["decisions"] > len(rows)
    rows_file(fitted).unlink()  # now threats 0-1's games are nowhere: a refit would drop them
    capsys.readouterr()
    text = fitted.read_text(encoding="utf-8")
    assert main(second) == 2
    err = capsys.readouterr().err
    assert "covers set-ups whose games are neither" in err and "threat=0" in err and "Traceback" not in err
    assert fitted.read_text(encoding="utf-8") == text


def test_a_review_of_the_hints_own_moves_gives_nothing_away() -> None:
    """The review asks the hint's own search (same budget, same seed): a game played by the hints'
    choices is reviewed as such, with nothing given away."""
    state = soloboard.load_game("ufs", threat=1).new_initial_state()
    rng = random.Random(4)
    taken = 0
    while not state.is_terminal() and taken < 12:
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
            continue
        state.apply_action(analysis.hints(state, budget="120it", top=1)[0].action)
        taken += 1
    reviewed = analysis.review(state, budget="120it")
    assert reviewed and all(d.played == d.best for d in reviewed if len(d.played_text))
    assert analysis.given_away(reviewed) == 0.0


def test_review_calls_only_differences_beyond_the_noise_mistakes() -> None:
    def decision(played_win: float, best_win: float) -> analysis.Decision:
        return analysis.Decision(0, 1, 0, 1, "a", played_win, 2, "b", best_win)

    small, big = decision(0.50, 0.50 + analysis.NOISE / 2), decision(0.2, 0.2 + 3 * analysis.NOISE)
    assert small.loss > 0 and not small.mistake
    assert big.mistake
    assert analysis.given_away([small, big]) == pytest.approx(3 * analysis.NOISE)


def test_clairvoyant_sees_the_games_dice() -> None:
    game = soloboard.load_game("ufs", threat=1)
    agent = make("clairvoyant", budget="40it", seed=1)
    with pytest.raises(ValueError, match="shown the dice"):
        agent.step(_first_decision(game))
    first = play_one(game, agent, game_rng(2, 0))
    again = play_one(game, make("clairvoyant", budget="40it", seed=1), game_rng(2, 0))
    assert first.history == again.history  # deterministic: the same dice, the same search
    assert first.decisions > 0


def test_hindsight_finds_winning_lines_greedy_misses_and_keeps_greedys_wins() -> None:
    game = soloboard.load_game("ufs", threat=0)
    with pytest.raises(ValueError, match="shown the dice"):
        make("hindsight").step(_first_decision(game))
    # seed 3: greedy wins games 1 and 3 and loses game 4 (the same dice for both agents)
    greedy = {i: play_one(game, make("greedy"), game_rng(3, i)) for i in (1, 3, 4)}
    assert [greedy[i].won for i in (1, 3, 4)] == [True, True, False]
    for i in (1, 3):  # greedy's own line wins: hindsight follows it, move for move
        assert play_one(game, make("hindsight"), game_rng(3, i)).history == greedy[i].history
    found = play_one(game, make("hindsight"), game_rng(3, 4))
    assert found.won  # a line greedy missed, found by following every move with the game's dice
    replay = game.new_initial_state()  # and it is a real win: the moves and the dice give it again
    for action in found.history:
        replay.apply_action(action)
    assert replay.is_terminal() and replay.returns()[0] > 0
    assert play_one(game, make("hindsight"), game_rng(3, 4)).history == found.history  # deterministic


def _first_decision(game: Any) -> Any:
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(sample_outcome(state, rng))
    return state


def test_report_shows_stars_limits_and_reliability(tmp_path: Path) -> None:
    store, out = tmp_path / "store.sqlite3", tmp_path / "report.html"
    code = main(["report", "ufs", "--agents", "mcts@20it,mcts@40it,clairvoyant@20it", "--threats", "0",
                 "--sides", "blue,damaged", "--games", "1", "--jobs", "1", "--store", str(store),
                 "--out", str(out)])
    assert code == 0
    page = out.read_text(encoding="utf-8")
    assert re.search(r"<td>mcts@20it</td><td>roswell threat 0</td><td>0 ★</td>", page)
    assert re.search(r"<td>mcts@40it</td><td>roswell damaged threat 0</td><td>-0.5 ★</td>", page)
    assert "Where the agent, not the game, may be the limit" in page
    assert "knowing every future roll" in page
    assert "Reliability" in page
    with sqlite3.connect(store) as db:
        agents = {r[0] for r in db.execute("SELECT agent FROM series")}
    assert agents == {"mcts@20it", "mcts@40it", "clairvoyant@20it"}


def test_limits_say_what_more_time_and_the_bound_show() -> None:
    from soloboard.cli.report import limits

    def row(agent: str, name: str, wins: int, games: int, seconds: float) -> dict[str, Any]:
        from soloboard.core.stats import wilson

        return {"setup": "roswell threat 1", "agent": agent, "name": name, "games": games, "wins": wins,
                "win_rate": wins / games, "ci": wilson(wins, games), "seconds_per_decision": seconds}

    lines = limits([row("mcts@5000it", "mcts", 40, 100, 0.3), row("mcts@15000it", "mcts", 80, 100, 1.0),
                    row("clairvoyant@5000it", "clairvoyant", 95, 100, 0.3)])
    assert len(lines) == 1
    assert "more time still pays" in lines[0] and "95%" in lines[0] and "15% or more" in lines[0]
    # with two bounds the higher one (the tighter) is quoted
    lines = limits([row("mcts@5000it", "mcts", 40, 100, 0.3), row("clairvoyant@5000it", "clairvoyant", 45, 100, 0.3),
                    row("hindsight", "hindsight", 90, 100, 2.0)])
    assert "hindsight wins 90%" in lines[0] and "50% or more" in lines[0]


def test_value_network_learns_and_batches_like_single_calls() -> None:
    pytest.importorskip("numpy")
    from soloboard.agents.train import scores, train_net

    rng = random.Random(0)
    xs = [[rng.uniform(-1, 1), rng.uniform(-1, 1), 1.0] for _ in range(4000)]
    ys = [1.0 if rng.random() < 1 / (1 + pow(2.718281828, -3 * (x[0] * x[1]))) else 0.0 for x in xs]  # an interaction
    net = ValueNet({"format": FORMAT, "features": ["a", "b", "bias"],
                    **train_net(xs, ys, hidden=8, seed=1, epochs=30)})
    _loss, brier = scores(net.many, xs, ys)
    base = sum(ys) / len(ys)
    assert brier < base * (1 - base) - 0.02  # it found the interaction a linear model cannot
    assert net.many(xs[:5]) == pytest.approx([net(x) for x in xs[:5]])
    with pytest.raises(ValueError):
        ValueNet({"format": "other"})


def test_hint_console_shows_no_interval_without_an_honest_one() -> None:
    from soloboard.cli.hint import hint_table

    con = Console(file=io.StringIO(), width=120)
    con.print(hint_table([analysis.Hint(1, "G6c3", 0.7, None, None, "moves a ship")]))
    text = con.file.getvalue()  # type: ignore[attr-defined]
    assert "70%" in text and "interval" not in text
    con = Console(file=io.StringIO(), width=120)
    con.print(hint_table([analysis.Hint(1, "G6c3", 0.7, 0.62, 0.78, "moves a ship")]))
    assert "62%-78%" in con.file.getvalue()  # type: ignore[attr-defined]


def test_cross_fitting_judges_each_game_by_a_map_that_did_not_see_it() -> None:
    from soloboard.cli.calibrate import cross_fitted, figures

    rng = random.Random(3)
    rows = []
    for game in range(400):
        raw = rng.uniform(0.05, 0.6)  # estimates too low, like the old search's
        won = 1.0 if rng.random() < min(raw * 1.5, 1.0) else 0.0
        for ply in range(5):
            rows.append({"setup": "s", "context": "ufs:threat=1", "raw": raw, "chance": raw, "won": won,
                         "game": (1, game), "ply": 20 * ply})
    before = figures(rows, C.IDENTITY)
    after = cross_fitted(rows)
    assert len(after) == len(rows) and all(r["interval"] is not None for r in after)
    f = figures(after, C.IDENTITY)
    assert before["ece"] > 0.1 and f["ece"] < 0.05
    assert f["brier"] < f["base_brier"]
    assert f["coverage"] is not None and 0.5 < f["coverage"] <= 1.0


def test_a_game_without_its_own_map_shows_no_chance(tmp_path: Path) -> None:
    """No map was fitted on the 9-card edition with the later edition's energy rule: its hints carry the
    search's raw estimate
    for programs (``calibrated`` False), and the terminal's hint, ``ai`` line and review show the
    moves without a number and say why; the boxed game's show the chance."""
    from soloboard.agents import analysis
    from soloboard.cli.hint import print_hint, session_ai
    from soloboard.cli.review import _table

    pnp = soloboard.load_game("ufs-pnp", level=3, energy_rule="add")
    cal = C.calibrator(pnp)
    assert not cal.calibrated and cal.chance(0.3) == pytest.approx(0.3, abs=1e-9)
    assert not analysis.honest(pnp) and analysis.honest(soloboard.load_game("ufs", threat=1))
    state = _first_decision(pnp)
    con = Console(file=io.StringIO(), width=200)
    assert print_hint(con, state, budget="40it")
    text = con.file.getvalue()  # type: ignore[attr-defined]
    assert "No chance of winning is shown" in text and "%" not in text and "best first" in text
    hints = analysis.hints(state, budget="40it")
    assert hints and not any(h.calibrated for h in hints) and all(0.0 <= h.win <= 1.0 for h in hints)

    class Session:
        def __init__(self, state: Any) -> None:
            self.state, self.ai_agent = state, None
            self.played: list[int] = []
            self.console = Console(file=io.StringIO(), width=200)

        def play(self, action: int) -> None:
            self.played.append(action)

        def error(self, *args: Any) -> None:
            raise AssertionError(args)

    for game, shows in ((pnp, False), (soloboard.load_game("ufs", threat=1), True)):
        session = Session(_first_decision(game))
        assert session_ai(session, "40it") and session.played
        line = session.console.file.getvalue()  # type: ignore[attr-defined]
        assert "AI plays" in line and ("chance of winning" in line) is shows and ("%" in line) is shows
        decision = analysis.Decision(3, 1, 0, 1, "a1", 0.4, 2, "b2", 0.6)
        table = _table([decision], {3: session.state}, multi=False, numbers=shows)
        out = Console(file=io.StringIO(), width=200)
        out.print(table)
        assert ("%" in out.file.getvalue()) is shows  # type: ignore[attr-defined]
    boxed = C.calibrator(soloboard.load_game("ufs", threat=1))
    assert boxed.context == "ufs:city=roswell,side=blue,threat=1" and boxed.calibrated


def test_only_the_setups_a_map_was_fitted_on_show_a_chance() -> None:
    """The shipped map saw Roswell's blue side at threats 0-4: a sky named side by side counts its
    threat sides; another city, the damaged side, the other reading of the unidentified symbols or an
    unmeasured threat level is a setup whose chances were never checked, so none is shown there."""
    def calibrated(**params: Any) -> bool:
        return C.calibrator(soloboard.load_game("ufs", **params)).calibrated

    assert [t for t in range(5) if calibrated(threat=t)] == SHOWN_UFS_THREATS
    assert C.calibrator(soloboard.load_game("ufs", sky="ETTE")).context.endswith("threat=2")
    assert calibrated(sky="ETTE") is (2 in SHOWN_UFS_THREATS)
    assert not calibrated(city="new-york", threat=1)
    assert not calibrated(side="damaged", threat=1)
    assert not calibrated(unidentified_action="none")
    monstros = C.calibrator(soloboard.load_game("monstros", players=3, difficulty="epico"))
    assert not monstros.calibrated and monstros.chance(0.4) == pytest.approx(0.4, abs=1e-9)


def _kept_rows(package: str) -> list[dict[str, Any]]:
    """The decisions kept beside a kit's shipped calibration map (``calibrate --pool`` refits on them)."""
    from soloboard.cli.calibrate import load_rows, rows_file

    return load_rows(rows_file(Path(str(importlib.resources.files(package))) / "data" / "calibration.json"))


def _latest_refits(cmap: C.CalibrationMap) -> dict[str, dict[str, Any]]:
    """Per set-up, the last ``--refit-in`` entry of a map's provenance that refitted it."""
    return {context: entry for entry in cmap.provenance.get("refitted", []) for context in entry["contexts"]}


def _check_kept_rows(package: str, latest: dict[str, dict[str, Any]]) -> None:
    """The decisions kept beside a map are those of each pooled set-up's last refit: its seeds, its games."""
    kept = _kept_rows(package)
    for context, entry in latest.items():
        if "seeds" not in entry:
            continue  # refitted before decisions were kept
        rows = [r for r in kept if r["context"] == context]
        assert {r["seed"] for r in rows} == set(entry["seeds"]), context
        if entry["contexts"] == [context]:  # an entry of several set-ups counts their games together
            assert len({(r["seed"], r["game"]) for r in rows}) == entry["games"], context
            assert len(rows) == entry["decisions"], context


@pytest.mark.parametrize("package", ["soloboard.ufs", "soloboard.monstros"])
def test_pooled_setups_hold_on_seeds_their_fit_did_not_see(package: str) -> None:
    """A set-up refitted on several seeds' games ships with each seed judged by a fit on the other seeds
    (``calibrate --by-seed``): pooled over every held-out seed, its chances meet the issue's ECE <= 0.05 and
    beat the base rate's Brier score."""
    cmap = C.load_map(package)
    assert cmap is not None
    judged = {setup: figures for context, entry in _latest_refits(cmap).items()
              if len(entry.get("seeds", [])) > 1 and context not in cmap.withdrawn
              for setup, figures in entry.get("by_seed", {}).items()}
    assert len(judged) >= (4 if package == "soloboard.ufs" else 1)  # threats 0-3; Monstros: 3 seats at least
    for setup, figures in judged.items():
        assert figures["ece"] <= 0.05 and figures["brier"] < figures["base_brier"], setup
        assert len(figures["seeds"]) >= 2 and sum(f["games"] for f in figures["seeds"].values()) >= 100, setup


def test_the_boxed_game_ships_a_calibration_map_with_its_provenance() -> None:
    cmap = C.load_map("soloboard.ufs")
    assert cmap is not None
    for key in ("command", "seed", "games", "decisions", "date"):
        assert cmap.provenance[key], key
    assert "soloboard calibrate ufs" in cmap.provenance["command"]
    assert {f"ufs:city=roswell,side=blue,threat={t}" for t in range(5)} <= set(cmap.coefficients)
    cal = C.calibrator(soloboard.load_game("ufs", threat=1))
    assert cal.calibrated
    for ply in (0, 40, 120, 160):  # a Roswell game's decisions fall at plies 2-156
        chances = [cal.chance(r, ply) for r in (0.05, 0.2, 0.5, 0.8, 0.95)]
        assert chances == sorted(chances), ply  # at one decision, a map keeps the search's order of moves
        assert cal.chance(1.0, ply) == 1.0 and cal.chance(0.0, ply) == 0.0
        # a harder setup: the same raw estimate means a smaller chance, where both have games (threat 3's games
        # of the search with sure wins last 91 plies on average, 146 at most: beyond ~130 its map extrapolates)
        if ply <= 120:
            assert cmap.chance(0.5, "ufs:city=roswell,side=blue,threat=3", ply) < cal.chance(0.5, ply)
    assert cmap.ply_scale > 0  # the shipped map reads how far on the game is
    with pytest.raises(ValueError, match="ply"):
        cal.chance(0.5)
    # threats 0-3 refitted on several seeds' games pooled (--refit-in --pool), their decisions kept
    latest = _latest_refits(cmap)
    for threat in (0, 1, 2, 3):
        pooled = latest[f"ufs:city=roswell,side=blue,threat={threat}"]
        assert len(pooled["seeds"]) >= 2, threat
        if pooled["date"] < SURE_WINS:  # seed 7's games of the older search were the first fit's
            assert "7" not in pooled["seeds"], threat
    # the threats refitted on the games of the search with sure wins, which changed its games
    dates = [latest.get(f"ufs:city=roswell,side=blue,threat={t}", {}).get("date", "") for t in range(5)]
    refitted = [t for t in range(5) if dates[t] >= SURE_WINS]
    assert refitted == [1, 2, 3]
    _check_kept_rows("soloboard.ufs", latest)


def test_the_learned_value_reads_its_own_features(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search's hand-set value reads only its features; a network reads more, and one trained on
    other features is refused rather than fed the wrong numbers."""
    from soloboard.ufs import evaluate as E

    state = _first_decision(soloboard.load_game("ufs", threat=2))
    assert len(E.features(state)) == len(E.WEIGHTS) == len(E.FEATURE_NAMES)
    assert len(E.net_features(state)) == len(E.NET_FEATURE_NAMES)
    assert E.net_features(state)[:len(E.FEATURE_NAMES)] == E.features(state)
    stale = ValueNet({"format": FORMAT, "features": list(E.FEATURE_NAMES), "mean": [0.0] * 16, "scale": [1.0] * 16,
                      "w1": [[0.0] * 16], "b1": [0.0], "w2": [0.0], "b2": 0.0})
    monkeypatch.setattr(E, "_NET", [])
    monkeypatch.setattr(E, "load_net", lambda _package: stale)
    with pytest.raises(ValueError, match="train it again"):
        E.value(state)


def test_each_game_of_a_package_has_its_own_map(monkeypatch: pytest.MonkeyPatch) -> None:
    """The 9-card edition is evaluated by the boxed game's package but calibrated on its own runs: its
    map is ``calibration-ufs-pnp.json`` beside the boxed game's ``calibration.json``."""
    assert C.map_file("ufs", "soloboard.ufs") == "calibration.json"
    assert C.map_file("ufs-pnp", "soloboard.ufs") == "calibration-ufs-pnp.json"
    assert C.map_file("monstros", "soloboard.monstros") == "calibration.json"
    pnp_map = C.CalibrationMap({"": (0.0, 1.0, 1.0), "ufs-pnp:level=0,energy=max": (0.5, 1.0, 1.0)})
    real = C.data_text
    asked: list[str] = []

    def data_text(package: str, name: str) -> str | None:
        asked.append(name)
        return json.dumps(pnp_map.to_json()) if name == "calibration-ufs-pnp.json" else real(package, name)

    monkeypatch.setattr(C, "data_text", data_text)
    monkeypatch.setattr(C, "_MAPS", {})
    pnp = C.calibrator(soloboard.load_game("ufs-pnp"))
    assert pnp.calibrated and pnp.chance(0.5) == pytest.approx(1 / (1 + math.exp(-0.5)))
    assert not C.calibrator(soloboard.load_game("ufs-pnp", level=2)).calibrated  # a level it never saw
    boxed = C.calibrator(soloboard.load_game("ufs", threat=1))
    assert boxed.calibrated and "ufs-pnp:level=0,energy=max" not in boxed.map.coefficients
    assert asked == ["calibration-ufs-pnp.json", "calibration.json"]


def test_monstros_ships_a_map_for_the_setups_it_measured_since_the_evaluation_changed() -> None:
    """Monstros's map covers solo at every difficulty and 2-4 seats at iniciante; since the evaluation changed
    (2026-11-29: the board's triple), only the set-ups refitted on the new search's games show a chance, each
    judged seed by seed; the others are withdrawn (kept, never shown) and 2-4 seats at another difficulty
    were never measured."""
    cmap = C.load_map("soloboard.monstros")
    assert cmap is not None
    for key in ("command", "seed", "games", "decisions", "date"):
        assert cmap.provenance[key], key
    assert "soloboard calibrate monstros" in cmap.provenance["command"]
    latest = _latest_refits(cmap)
    _check_kept_rows("soloboard.monstros", latest)
    contexts = {f"monstros:difficulty={d},players=1" for d in ("iniciante", "facil", "medio", "dificil", "epico")}
    contexts |= {f"monstros:difficulty=iniciante,players={n}" for n in (2, 3, 4)}
    assert contexts == {k for k in cmap.coefficients if k and not k.endswith(":")}
    shown = contexts - set(cmap.withdrawn)
    assert shown == SHOWN_MONSTROS
    for context in contexts:
        players, difficulty = int(context[-1]), context.split("difficulty=")[1].split(",")[0]
        cal = C.calibrator(soloboard.load_game("monstros", players=players, difficulty=difficulty))
        assert cal.context == context and cal.calibrated is (context in shown)
        if context in shown:
            for ply in (0, 150, 300):
                at = [cal.chance(r / 100, ply) for r in range(1, 100)]
                assert at == sorted(at)  # the search's order of moves is kept
            assert cal.chance(1.0, 50) == 1.0 and cal.chance(0.0, 50) == 0.0
            entry = latest[context]
            assert entry["date"] >= "2026-11-29" and len(entry["seeds"]) >= 2 and entry["games"] >= 100
    withdrawn = cmap.provenance["withdrawn"]
    assert {c for e in withdrawn for c in e["contexts"]} >= set(cmap.withdrawn)
    assert all("evaluation changed" in e["why"] for e in withdrawn)
    assert not C.calibrator(soloboard.load_game("monstros", players=3, difficulty="epico")).calibrated
    assert not C.calibrator(soloboard.load_game("monstros", players=4, difficulty="epico")).calibrated


# Roswell's blue side: threats 3 and 4 withdrawn on 2026-11-29, when the search began to play sure wins (its games
# since are not the ones the map was fitted on; docs/agents.md "Sure wins")
SHOWN_UFS_THREATS = [0, 1, 2, 3]
SURE_WINS = "2026-11-29"


def test_roswell_threats_withdrawn_since_sure_wins_show_no_chance() -> None:
    cmap = C.load_map("soloboard.ufs")
    assert cmap is not None
    withdrawn = {f"ufs:city=roswell,side=blue,threat={t}" for t in range(5) if t not in SHOWN_UFS_THREATS}
    assert withdrawn == set(cmap.withdrawn)
    why = " ".join(entry["why"] for entry in cmap.provenance["withdrawn"])
    assert "sure wins" in why
    for t in range(5):
        cal = C.calibrator(soloboard.load_game("ufs", threat=t))
        assert cal.calibrated is (t in SHOWN_UFS_THREATS)
        if not cal.calibrated:
            assert cal.chance(0.3, 40) == pytest.approx(0.3) and cal.interval(0.3) is None


SHOWN_MONSTROS = {f"monstros:difficulty=iniciante,players={n}" for n in (1, 2, 3, 4)} | {
    f"monstros:difficulty={d},players=1" for d in ("facil", "medio", "epico")}


def _evaluation_changed(package: str) -> str:
    """The date an evaluation's features or weights last changed (its weights file's provenance)."""
    text = (importlib.resources.files(package) / "data" / "weights.json").read_text(encoding="utf-8")
    provenance = json.loads(text)["provenance"]
    return max([provenance["date"], *(entry["date"] for entry in provenance.get("added", []))])


@pytest.mark.parametrize(("package", "game"), [("soloboard.ufs", "ufs"), ("soloboard.ufs", "ufs-pnp"),
                                               ("soloboard.monstros", "monstros")])
def test_no_chance_is_shown_from_a_fit_older_than_the_evaluation(package: str, game: str) -> None:
    """A map entry fitted on the games of an older evaluation reads estimates that no longer mean what they
    did: every set-up that shows a chance was fitted (or refitted) on or after the evaluation's last change."""
    cmap = C.load_map(package, game)
    assert cmap is not None
    changed = _evaluation_changed(package)
    fitted: dict[str, str] = {c: cmap.provenance["date"] for c in cmap.provenance.get("contexts", [])}
    for key in ("added", "refitted"):
        for entry in cmap.provenance.get(key, []):
            for context in entry["contexts"]:
                fitted[context] = max(fitted.get(context, ""), entry["date"])
    shown = [k for k in cmap.coefficients if k and not k.endswith(":") and k not in cmap.withdrawn]
    assert shown
    for context in shown:
        assert fitted.get(context, "") >= changed, context


def test_the_9_card_edition_ships_a_map_for_levels_0_to_4() -> None:
    """The 9-card edition's map was fitted on 100 games at each of levels 0-4 (the playable ones): chances
    show there, in the search's order, a harder level's lower for one estimate; no interval (its coverage
    on unseen halves missed 88-95 %); the later edition's energy rule shows none (never measured)."""
    cmap = C.load_map("soloboard.ufs", "ufs-pnp")
    assert cmap is not None
    for key in ("command", "seed", "games", "decisions", "date"):
        assert cmap.provenance[key], key
    assert "soloboard calibrate ufs-pnp" in cmap.provenance["command"]
    assert cmap.halfwidths is None and set(cmap.provenance["interval_coverage_cross_fitted"]) == {
        f"level {level}" for level in range(5)}
    easier = None
    for level in range(5):
        cal = C.calibrator(soloboard.load_game("ufs-pnp", level=level))
        assert cal.calibrated and cal.context == f"ufs-pnp:level={level},energy=max"
        chances = [cal.chance(r / 100, 40) for r in range(1, 100)]
        assert chances == sorted(chances)
        assert cal.chance(1.0, 40) == 1.0 and cal.chance(0.0, 40) == 0.0
        assert cal.interval(cal.chance(0.4, 40)) is None
        if easier is not None:
            assert cal.chance(0.4, 40) < easier.chance(0.4, 40)
        easier = cal
    assert not C.calibrator(soloboard.load_game("ufs-pnp", level=1, energy_rule="add")).calibrated
    boxed = C.calibrator(soloboard.load_game("ufs", threat=1))
    assert boxed.calibrated and "ufs-pnp:level=0,energy=max" not in boxed.map.coefficients


def _rows(context: str, setup: str, games: int, truth: Any, rng: random.Random,
          seed: str = "9") -> list[dict[str, Any]]:
    """Decisions as ``calibrate`` collects them: every game's raw estimates at its plies, and its outcome."""
    out = []
    for g in range(games):
        level = rng.uniform(-2.0, 2.0)  # how good this game is going: one outcome for all its decisions
        won = 1.0 if rng.random() < 1 / (1 + math.exp(-level)) else 0.0
        for ply in range(0, 300, 10):
            raw = 1 / (1 + math.exp(-(level + rng.gauss(0, 0.5))))
            out.append({"setup": setup, "context": context, "seed": seed, "game": (f"{setup}@{seed}", g), "ply": ply,
                        "raw": raw, "won": won, "chance": truth(raw, ply)})
    return out


SHARED_SLOPES = (0.5, 1.0, 0.0, 0.0, 0.0)


def _two_setup_map(tmp_path: Path) -> tuple[C.CalibrationMap, Path]:
    """A map of set-ups ``g:a`` and ``g:b`` sharing their slopes, written to ``tmp_path``."""
    base = C.CalibrationMap({"": (0.0, *SHARED_SLOPES), "g:": (0.0, *SHARED_SLOPES), "g:a": (0.3, *SHARED_SLOPES),
                             "g:b": (-0.4, *SHARED_SLOPES)}, ply_scale=C.PLY_SCALE, provenance={"command": "first fit"})
    path = tmp_path / "calibration.json"
    path.write_text(json.dumps(base.to_json()), encoding="utf-8")
    return base, path


def test_calibrate_refit_in_gives_covered_setups_their_own_coefficients(tmp_path: Path) -> None:
    """``--refit-in``: a set-up the map covers is fitted again on its own games alone (its own slopes), judged
    first on the games each half's fit did not see; the other set-ups, the shared slopes and the decisions
    kept for them stay; a set-up the map lacks, or games that cannot be judged, are refused and the map kept."""
    from soloboard.cli.calibrate import _refit, load_rows, rows_file, save_rows

    base, path = _two_setup_map(tmp_path)
    rng = random.Random(2)
    kept = _rows("g:a", "a", 10, lambda raw, ply: raw, rng) + _rows("g:b", "b", 10, lambda raw, ply: raw, rng)
    save_rows(kept, rows_file(path))
    new = _rows("g:b", "b", 60, lambda raw, ply: raw, rng)
    out = io.StringIO()
    assert _refit(new, str(path), base, kept, "soloboard calibrate g --refit-in x", 9,
                  Console(file=out, width=1000)) == 0
    said = out.getvalue()
    assert "b: the map in" in said and "did not see" in said and "refitted in" in said
    after = C.CalibrationMap.from_json(json.loads(path.read_text(encoding="utf-8")))
    assert after.coefficients["g:b"] != base.coefficients["g:b"]
    assert {k: v for k, v in after.coefficients.items() if k != "g:b"} == {
        k: v for k, v in base.coefficients.items() if k != "g:b"}
    assert after.provenance["command"] == "first fit"
    entry = after.provenance["refitted"][-1]
    assert entry["contexts"] == ["g:b"] and entry["games"] == 60 and set(entry["ece_cross_fitted"]) == {"b"}
    assert C._monotone(after.coefficients["g:b"])
    rows = load_rows(rows_file(path))
    assert {r["game"][1] for r in rows if r["context"] == "g:b"} == set(range(60))  # the old games of b replaced
    assert len([r for r in rows if r["context"] == "g:a"]) == len([r for r in kept if r["context"] == "g:a"])
    # a set-up grown later by --add-to takes the slopes most set-ups share, not b's own
    grown = C.extend_map(after, [0.5, 0.4], [1.0, 0.0], ["g:c", "g:c"], [10, 20])
    assert grown.coefficients["g:c"][1:] == SHARED_SLOPES
    # refused, the map unchanged
    text = path.read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="does not cover g:z"):
        _refit(_rows("g:z", "z", 4, lambda raw, ply: raw, rng), str(path), after, rows, "", 9, Console(file=out))
    lost = [{**r, "won": 0.0} for r in new]
    with pytest.raises(ValueError, match="needs won and lost games"):
        _refit(lost, str(path), after, rows, "", 9, Console(file=out))
    assert path.read_text(encoding="utf-8") == text


def test_calibrate_refit_in_pool_fits_on_the_kept_games_of_other_seeds_too(tmp_path: Path) -> None:
    """``--refit-in --pool``: the set-up's decisions kept beside the map from games of other seeds join these
    games in the refit and stay kept; kept games of these games' own seed are these games again (replaced);
    the provenance names every seed fitted on."""
    from soloboard.cli.calibrate import _fit_rows, _refit, held_out_by_seed, load_rows, rows_file, save_rows

    base, path = _two_setup_map(tmp_path)
    rng = random.Random(5)
    first = _rows("g:b", "b", 40, lambda raw, ply: raw, rng, seed="1127")
    again = _rows("g:b", "b", 10, lambda raw, ply: raw, rng, seed="2027")  # an earlier, smaller run of that seed
    other = _rows("g:a", "a", 10, lambda raw, ply: raw, rng, seed="1127")
    save_rows(first + again + other, rows_file(path))
    kept = load_rows(rows_file(path))
    new = _rows("g:b", "b", 40, lambda raw, ply: raw, rng, seed="2027")
    out = io.StringIO()
    assert _refit(new, str(path), base, kept, "soloboard calibrate g --refit-in x --pool", 2027,
                  Console(file=out, width=1000), pool=True) == 0
    assert "40 games of seed 2027 pooled with 40 kept beside the map (seed 1127)" in out.getvalue()
    after = C.CalibrationMap.from_json(json.loads(path.read_text(encoding="utf-8")))
    entry = after.provenance["refitted"][-1]
    assert entry["seeds"] == ["1127", "2027"] and entry["games"] == 80
    pooled = new + [r for r in kept if r["context"] == "g:b" and r["seed"] == "1127"]
    # each seed also judged by a fit on the other's games (``--by-seed``), and the figures kept
    held = held_out_by_seed(pooled, [])
    assert entry["by_seed"]["b"]["ece"] == round(C.ece([r["chance"] for r in held], [r["won"] for r in held]), 3)
    per_seed = entry["by_seed"]["b"]["seeds"]
    assert set(per_seed) == {"1127", "2027"} and per_seed["1127"]["games"] == 40
    assert "each seed judged by a fit on the other seeds' games" in out.getvalue()
    assert after.coefficients["g:b"] == _fit_rows(pooled).coefficients["g:b"]
    assert after.coefficients["g:b"] != _fit_rows(new).coefficients["g:b"]
    rows = load_rows(rows_file(path))
    assert sorted((r["seed"], r["game"][1]) for r in rows if r["context"] == "g:b" and r["ply"] == 0) == sorted(
        [("1127", g) for g in range(40)] + [("2027", g) for g in range(40)])
    assert len([r for r in rows if r["context"] == "g:a"]) == len(other)


def test_calibrate_by_seed_judges_each_seed_by_a_fit_on_the_others(tmp_path: Path) -> None:
    """``--by-seed``: every seed's games (these and those kept beside the map) are judged by the set-up refitted
    on the other seeds' games alone, exactly as ``--refit-in --pool`` would fit it; a set-up with one seed, or
    whose other seeds' games cannot be fitted, is refused; nothing is written."""
    from soloboard.cli.calibrate import _by_seed, _fit_rows, held_out_by_seed, load_rows, rows_file, save_rows

    _base, path = _two_setup_map(tmp_path)
    rng = random.Random(11)
    kept = (_rows("g:b", "b", 20, lambda raw, ply: raw, rng, seed="1127")
            + _rows("g:b", "b", 20, lambda raw, ply: raw, rng, seed="2027")
            + _rows("g:a", "a", 20, lambda raw, ply: raw, rng, seed="1127"))
    save_rows(kept, rows_file(path))
    kept = load_rows(rows_file(path))
    stale = _rows("g:b", "b", 5, lambda raw, ply: raw, rng, seed="3127")  # an earlier run of these games' seed
    new = _rows("g:b", "b", 20, lambda raw, ply: raw, rng, seed="3127")
    held = held_out_by_seed(new, kept + [{**r, "game": ("b@3127", r["game"][1])} for r in stale])
    assert sorted({(r["seed"], r["game"][1]) for r in held}) == sorted(
        (seed, g) for seed in ("1127", "2027", "3127") for g in range(20))  # a-set-up games not asked for
    assert len(held) == len(new) + len([r for r in kept if r["context"] == "g:b"])  # the stale run of 3127 left out
    others = [r for r in kept if r["context"] == "g:b" and r["seed"] != "2027"]
    judge = _fit_rows([*new, *[r for r in others if r["seed"] == "1127"]])
    for r in held:
        if r["seed"] == "2027":
            assert r["chance"] == judge.chance(r["raw"], "g:b", r["ply"])  # fitted without seed 2027's games
    # these planted games are calibrated by construction: judged on unseen seeds, their chances hold
    assert C.ece([r["chance"] for r in held], [r["won"] for r in held]) < 0.1
    out = io.StringIO()
    before = path.read_bytes(), rows_file(path).read_bytes()
    assert _by_seed(new, str(path), kept, "mcts@9it", Console(file=out, width=1000)) == 0
    said = out.getvalue()
    assert "b, every seed held out in turn" in said and "b, seed 1127" in said and "b, seed 3127" in said
    assert (path.read_bytes(), rows_file(path).read_bytes()) == before
    with pytest.raises(ValueError, match="two seeds or more"):
        held_out_by_seed(_rows("g:c", "c", 6, lambda raw, ply: raw, rng, seed="5"), kept)
    with pytest.raises(ValueError, match="all won or all lost"):
        held_out_by_seed(new, [{**r, "won": 1.0} for r in kept])


def test_calibrate_map_judges_the_games_by_another_map(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--map FILE``: the same games judged by the map in FILE instead of the shipped one (a copy being refitted,
    on a seed it never saw); a set-up the map lacks is refused before any game, and nothing is written."""
    store = tmp_path / "s.sqlite3"
    args = ["calibrate", "ufs", "--threats", "1", "--games", "2", "--budget", "20it", "--seed", "5", "--jobs", "1",
            "--store", str(store)]
    assert main(args) == 0
    shipped_out = capsys.readouterr().out
    figures = [line for line in shipped_out.splitlines() if "ECE" in line]
    copy = _shipped_ufs_map(tmp_path)
    before = copy.read_bytes()
    assert main([*args, "--map", str(copy)]) == 0  # the shipped map's copy: the same figures
    out = capsys.readouterr().out
    assert "the map in" in out and [line for line in out.splitlines() if "ECE" in line] == figures
    assert copy.read_bytes() == before and _games_in(store) == 2
    other = json.loads(before)
    threat_1 = "ufs:city=roswell,side=blue,threat=1"
    other["coefficients"][threat_1][0] += 2.0  # a map that says more: other chances, other figures
    moved = tmp_path / "moved.json"
    moved.write_text(json.dumps(other), encoding="utf-8")
    assert main([*args, "--map", str(moved)]) == 0
    assert [line for line in capsys.readouterr().out.splitlines() if "ECE" in line] != figures
    del other["coefficients"][threat_1]
    moved.write_text(json.dumps(other), encoding="utf-8")
    assert main([*args[:3], "1,2", *args[4:], "--map", str(moved)]) == 2
    err = capsys.readouterr().err  # threat 2, which the map has, is not named
    assert err.rstrip().endswith("no entry for roswell threat 1") and _games_in(store) == 2
    assert main([*args, "--map", str(tmp_path / "none.json")]) == 2
    assert "--map" in capsys.readouterr().err
    assert main([*args, "--map", str(copy), "--cross-fit"]) == 2
    assert "give one of them" in capsys.readouterr().err and _games_in(store) == 2


def test_calibrate_refit_in_is_refused_before_any_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "s.sqlite3"
    args = ["calibrate", "ufs", "--threats", "0", "--games", "2", "--budget", "20it", "--jobs", "1",
            "--store", str(store)]
    assert main([*args, "--refit-in", str(tmp_path / "none.json")]) == 2
    assert "--refit-in" in capsys.readouterr().err and _games_in(store) == 0
    assert main([*args, "--refit-in", str(_shipped_ufs_map(tmp_path)), "--fit", str(tmp_path / "x.json")]) == 2
    assert "give one of them" in capsys.readouterr().err and _games_in(store) == 0
    assert main([*args, "--pool"]) == 2
    assert "give --refit-in" in capsys.readouterr().err and _games_in(store) == 0
    assert main([*args, "--by-seed", str(tmp_path / "none.json")]) == 2
    assert "--by-seed" in capsys.readouterr().err and _games_in(store) == 0
    assert main([*args, "--by-seed", str(_shipped_ufs_map(tmp_path)), "--cross-fit"]) == 2
    assert "give one of them" in capsys.readouterr().err and _games_in(store) == 0
