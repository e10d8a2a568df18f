"""``soloboard report``: the HTML report end to end on a tiny N, resuming after an interruption,
reusing games for a larger N, the SQLite store, and the same games through Ray on a local instance."""

from __future__ import annotations

import base64
import io
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from soloboard.agents import simulate
from soloboard.agents.base import RandomAgent
from soloboard.agents.greedy import GreedyAgent
from soloboard.agents.mcts import MCTSAgent
from soloboard.cli import report as report_module
from soloboard.cli.main import main
from soloboard.cli.report import run_report, setups
from soloboard.core.kit import parse_range
from soloboard.core.store import SCHEMA_VERSION, GameRow, Store, StoreError


def quiet() -> Console:
    return Console(file=io.StringIO(), width=200)


def games_in(store: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(store) as db:
        return db.execute("SELECT s.agent, s.params, g.series_index, g.status, g.rounds, g.loss_cause, g.history, g.id "
                          "FROM games g JOIN series s ON g.series_id = s.id ORDER BY s.agent, s.params, "
                          "g.series_index").fetchall()


def test_report_end_to_end(tmp_path: Path) -> None:
    store, out = tmp_path / "store.sqlite3", tmp_path / "report.html"
    code = main(["report", "ufs", "--agents", "random,greedy", "--threats", "0-1", "--games", "3", "--jobs", "2",
                 "--store", str(store), "--out", str(out)])
    assert code == 0
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert "soloboard report ufs --agents random,greedy --threats 0-1 --games 3" in page
    images = re.findall(r"src='data:image/png;base64,([A-Za-z0-9+/=]+)'", page)
    assert len(images) == 3 and all(base64.b64decode(i).startswith(b"\x89PNG") for i in images)
    for agent in ("random", "greedy"):
        for threat in (0, 1):
            assert re.search(rf"<td>{agent}</td><td>roswell threat {threat}</td><td>[^<]*</td><td>3</td>", page)
    rows = games_in(store)
    assert len(rows) == 12  # 2 agents x 2 setups x 3 games, each with its history
    assert all(r[6].startswith("[") and r[3] in ("won", "lost") for r in rows)
    assert "http" not in page.split("<body>")[1].split("Command")[0]  # self-contained: nothing fetched
    # the legend says what each agent that played is, and names no other
    assert (f"Agents: <code>greedy</code> (revision {GreedyAgent.revision}): the move whose next position the "
            f"evaluation rates best, without search; <code>random</code> (revision {RandomAgent.revision}): a legal "
            "move at random (docs/agents.md)") in page
    assert "mcts" not in page.split("Agents:")[1].split("</p>")[0]


def test_report_and_calibrate_take_an_agent_variant_written_with_its_options(tmp_path: Path) -> None:
    """``--agents "greedy,mcts(backup=max, reuse=false)@20it"``: the variant plays under its one label, which
    the legend explains; calibrate's ``--agent`` takes the same spelling (another order) and reuses its games."""
    store, out = tmp_path / "store.sqlite3", tmp_path / "report.html"
    assert main(["report", "ufs", "--agents", "greedy,mcts(backup=max, reuse=false)@20it", "--threats", "0",
                 "--games", "2", "--jobs", "1", "--store", str(store), "--out", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert re.search(r"<td>mcts\(backup=max,reuse=false\)@20it</td><td>roswell threat 0</td><td>[^<]*</td><td>2</td>",
                     page)
    assert (f"<code>mcts(backup=max,reuse=false)@20it</code> (revision {MCTSAgent.revision}): Monte Carlo tree "
            "search with backup=max, reuse=false" in page)
    assert sorted({r[0] for r in games_in(store)}) == ["greedy", "mcts(backup=max,reuse=false)@20it"]
    assert main(["calibrate", "ufs", "--agent", "mcts(reuse=false,backup=max)", "--budget", "20it", "--threats", "0",
                 "--games", "2", "--seed", "0", "--jobs", "1", "--store", str(store)]) == 0
    assert len(games_in(store)) == 4  # its two games were the report's
    assert main(["report", "ufs", "--agents", "mcts(backup=max", "--games", "1", "--store", str(store)]) == 2


def test_report_resumes_after_an_interruption_and_reuses_games(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    store = tmp_path / "store.sqlite3"
    args: dict[str, Any] = dict(agents="random", games=6, seed=2, jobs=1, store=str(store), console=quiet(),
                                threats="0", cities="roswell,washington")
    real = simulate.run_tasks
    calls = {"n": 0}

    def interrupted(tasks: Any, **kwargs: Any) -> Any:
        for item in real(tasks, **kwargs):
            calls["n"] += 1
            yield item
            if calls["n"] == 1:
                raise KeyboardInterrupt  # Ctrl-C after the first batch was stored

    monkeypatch.setattr(report_module, "run_tasks", interrupted)
    monkeypatch.setattr(simulate, "batch_size", lambda spec: 3)
    assert run_report("ufs", out=str(tmp_path / "a.html"), **args) == 130
    assert len(games_in(store)) == 3
    assert not (tmp_path / "a.html").exists()
    monkeypatch.setattr(report_module, "run_tasks", real)
    assert run_report("ufs", out=str(tmp_path / "a.html"), **args) == 0
    resumed = games_in(store)
    assert len(resumed) == 12
    # the same games as a run that was never interrupted
    other = tmp_path / "other.sqlite3"
    assert run_report("ufs", out=str(tmp_path / "b.html"), **{**args, "store": str(other)}) == 0
    assert [r[:7] for r in games_in(other)] == [r[:7] for r in resumed]
    # a larger N plays only the new games: the stored ones keep their rows
    assert run_report("ufs", out=str(tmp_path / "c.html"), **{**args, "games": 8}) == 0
    grown = games_in(store)
    assert len(grown) == 16
    assert {r[7] for r in resumed} <= {r[7] for r in grown}
    assert "n=8" not in (tmp_path / "c.html").read_text()  # the console summary is not in the page
    assert ">8</td>" in (tmp_path / "c.html").read_text()


def test_report_through_ray_on_a_local_instance(tmp_path: Path) -> None:
    import ray  # the 'ray' extra; CI installs it: this test must run, never be skipped

    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        store = tmp_path / "ray.sqlite3"
        assert run_report("ufs", agents="random,greedy", games=3, threats="0", store=str(store), ray="auto",
                          out=str(tmp_path / "ray.html"), console=quiet()) == 0
    finally:
        ray.shutdown()
    local = tmp_path / "local.sqlite3"
    assert run_report("ufs", agents="random,greedy", games=3, threats="0", store=str(local), jobs=1,
                      out=str(tmp_path / "local.html"), console=quiet()) == 0
    assert [r[:7] for r in games_in(store)] == [r[:7] for r in games_in(local)]
    assert "<td>greedy</td>" in (tmp_path / "ray.html").read_text()


def test_monstros_and_pnp_reports(tmp_path: Path) -> None:
    store = tmp_path / "s.sqlite3"
    assert run_report("monstros", agents="random", games=2, players="1,3", difficulties="iniciante,épico",
                      store=str(store), jobs=1, out=str(tmp_path / "m.html"), console=quiet()) == 0
    page = (tmp_path / "m.html").read_text()
    assert "3 players epico" in page and "1 player iniciante" in page
    assert run_report("ufs-pnp", agents="random", games=2, levels="0-1", store=str(store), jobs=1,
                      out=str(tmp_path / "p.html"), console=quiet()) == 0
    assert "level 1" in (tmp_path / "p.html").read_text()


def test_the_legend_spells_out_each_searchs_budget() -> None:
    from soloboard.agents.base import explain
    assert explain("mcts", "5000it") == "Monte Carlo tree search, 5,000 iterations per decision"
    assert explain("mcts", None) == "Monte Carlo tree search, 0.3 s per decision"  # MCTSAgent's own default
    assert explain("clairvoyant", "1s").endswith("(a bound on what the dice allow), 1 s per decision")
    assert explain("greedy", "1s") == "the move whose next position the evaluation rates best, without search"
    assert explain("mybots.clever:Clever", "2000it") == "an agent of your own, 2,000 iterations per decision"
    assert report_module._name_budget("mcts@5000it") == ("mcts", "5000it")
    assert report_module._name_budget("greedy") == ("greedy", None)


def test_report_refuses_bad_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert parse_range("0-2,4", "threats", 0, 4) == [0, 1, 2, 4]
    for bad in ("5", "a-b", "", "3-9"):
        with pytest.raises(ValueError):
            parse_range(bad, "threats", 0, 4)
    with pytest.raises(ValueError, match="not an option of a ufs report"):
        setups("ufs", levels="0-2")
    with pytest.raises(ValueError, match="difficulties"):
        setups("monstros", difficulties="nightmare")
    with pytest.raises(ValueError, match="city"):
        setups("ufs", cities="atlantis")
    store = str(tmp_path / "s.sqlite3")
    assert main(["report", "ufs", "--agents", "oracle", "--store", store]) == 2
    assert "unknown agent" in capsys.readouterr().err
    assert main(["report", "ufs", "--games", "0", "--store", store]) == 2
    junk = tmp_path / "junk.sqlite3"
    junk.write_text("this is not a database")
    assert main(["report", "ufs", "--agents", "random", "--games", "1", "--store", str(junk)]) == 2
    assert "cannot be used" in capsys.readouterr().err


def test_store_schema_and_series(tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite3"
    with Store(path) as store:
        sid = store.series_id("ufs", {"threat": 1, "city": "roswell"}, "greedy", 0)
        assert store.series_id("ufs", {"city": "roswell", "threat": 1}, "greedy", 0) == sid  # canonical params
        assert store.add_games(sid, [GameRow(0, True, 9, 80, "", [1, 2, 3], 0.5)]) == 1
        assert store.add_games(sid, [GameRow(0, False, 3, 10, "x", [], 0.1)]) == 0  # kept as it was
        assert store.done_indices(sid) == {0}
        assert store.series_games(sid) == [{"index": 0, "won": True, "rounds": 9, "decisions": 80, "loss_cause": "",
                                            "seconds": 0.5}]
        assert [g["history"] for g in store.histories("ufs")] == [[1, 2, 3]]
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0] == str(SCHEMA_VERSION)
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"meta", "games", "series", "runs"} <= tables
        db.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION + 1),))
    with pytest.raises(StoreError, match="newer soloboard"):
        Store(path)


def test_plots_take_intervals_that_touch_the_rate() -> None:
    # no win in 30 games: the Wilson bound equals the rate up to rounding, which once crashed the page
    row = {"agent": "mcts", "group": "", "x": 4, "x_text": "roswell threat 4", "setup": "roswell threat 4",
           "win_rate": 0.0, "ci": (1e-17, 0.114), "rounds": [5, 6], "causes": {"base destroyed": 30}, "games": 30}
    figures = report_module._plots("ufs", [row, {**row, "x": 0, "x_text": "roswell threat 0", "win_rate": 1.0,
                                                 "ci": (0.89, 1.0 - 1e-17)}])
    assert [title for title, _ in figures] == ["Win rate", "Game length", "Why games were lost"]
