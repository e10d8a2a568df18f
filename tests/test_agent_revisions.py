"""Agents' revisions: the store never mixes two ways of playing in one series.

``tests/data/agent-revisions.json`` holds one seeded game per built-in agent for each revision
of it: a change of play that keeps the revision fails here, so a store's ``agent_revision``
(schema 8) says truthfully which agent played a game; ``soloboard report`` and ``calibrate``
refuse to extend a series with games of another revision.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from soloboard.agents.base import make
from soloboard.agents.greedy import GreedyAgent
from soloboard.agents.simulate import AgentSpec, game_rng, play_one
from soloboard.cli.main import main
from soloboard.cli.report import play_series, setups
from soloboard.core.registry import load_game
from soloboard.core.store import GameRow, Store

RECORDED = json.loads((Path(__file__).parent / "data" / "agent-revisions.json").read_text(encoding="utf-8"))


def _label(case: dict[str, Any]) -> str:
    return f"{case['agent']}@{case['budget'] or '-'} {case['game']} {json.dumps(case['params'])}"


@pytest.mark.parametrize("case", RECORDED["games"], ids=_label)
def test_each_agent_plays_its_recorded_game_until_its_revision_changes(case: dict[str, Any]) -> None:
    agent = make(case["agent"], budget=case["budget"])
    record = play_one(load_game(case["game"], **case["params"]), agent, game_rng(case["seed"], 0))
    played = hashlib.sha256(json.dumps(list(record.history)).encode()).hexdigest()
    revision = record.revision
    assert revision is not None and revision == agent.revision  # type: ignore[attr-defined]
    recorded = case["plays"].get(revision)
    assert recorded is not None, (f"{_label(case)}: revision {revision} has no recorded game in "
                                  f"tests/data/agent-revisions.json; add {json.dumps({revision: {'moves': len(record.history), 'won': record.won, 'sha256': played}})}")  # noqa: E501
    assert (len(record.history), record.won, played) == (recorded["moves"], recorded["won"], recorded["sha256"]), (
        f"{_label(case)} plays differently from what its revision {revision} recorded: if the change of play is "
        f"meant, give {type(agent).__name__} a new revision and record this game under it "
        f"({len(record.history)} moves, sha256 {played})")


def test_every_built_in_agent_says_its_revision_and_is_recorded() -> None:
    from soloboard.agents.base import BUILTIN

    recorded = {make(case["agent"]).name for case in RECORDED["games"]}
    for name in BUILTIN:
        assert isinstance(getattr(make(name), "revision", None), str), name
        assert name in recorded, f"{name} has no recorded game in tests/data/agent-revisions.json"


def _play(db: Store, games: int) -> int:
    plan = setups("ufs", cities="roswell", threats="0")
    _, played, _ = play_series(db, plan, [AgentSpec("greedy")], games, 3, 1, None, Console(quiet=True))
    return played


def test_a_series_grows_only_with_games_of_the_revision_already_in_it(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "s.sqlite3"
    with Store(path) as db:
        assert _play(db, 2) == 2
        assert _play(db, 3) == 1  # the same agent: the series resumes
        sid = db.series_id("ufs", {"city": "roswell", "threat": 0}, "greedy", 3)
        assert db.series_revisions(sid) == {GreedyAgent.revision: 3}
        assert {g["revision"] for g in db.histories("ufs")} == {GreedyAgent.revision}
    before, played_by = _rows(path), GreedyAgent.revision

    monkeypatch.setattr(GreedyAgent, "revision", "2099-01-01")  # an upgrade that plays differently
    with Store(path) as db:
        with pytest.raises(ValueError, match=rf"3 by revision {re.escape(played_by)}\); this greedy is revision "
                                             r"2099-01-01 .*would mix two agents in one series: give another --store"):
            _play(db, 4)
        assert _play(db, 3) == 0  # reading what is there is fine: nothing of the new agent is added
        assert len(db.series_games(sid)) == 3
    assert _rows(path) == before  # the stored games untouched

    with Store(tmp_path / "new.sqlite3") as db:  # another store: the new revision's own series
        assert _play(db, 2) == 2
        assert db.series_revisions(db.series_id("ufs", {"city": "roswell", "threat": 0}, "greedy", 3)) == {
            "2099-01-01": 2}


def test_games_stored_before_revisions_were_kept_are_not_extended(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "old.sqlite3"
    with Store(path) as db:
        sid = db.series_id("ufs", {"city": "roswell", "threat": 0}, "greedy", 3)
        db.add_games(sid, [GameRow(0, True, 9, 80, "", [1, 2, 3], 0.5)])  # no revision: as schema 7 stored it
    args = ["report", "ufs", "--agents", "greedy", "--threats", "0", "--cities", "roswell", "--games", "2",
            "--seed", "3", "--jobs", "1", "--store", str(path), "--out", str(tmp_path / "r.html")]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "1 by an unrecorded revision (stored before revisions were kept)" in err and "Traceback" not in err
    with Store(path) as db:
        assert db.series_revisions(sid) == {None: 1}


def test_a_schema_7_file_gains_the_revision_column(tmp_path: Path) -> None:
    path = tmp_path / "seven.sqlite3"
    with Store(path) as db:
        sid = db.series_id("ufs", {"city": "roswell", "threat": 0}, "greedy", 3)
        db.add_games(sid, [GameRow(0, True, 9, 80, "", [1, 2, 3], 0.5)])
        db.db.execute("ALTER TABLE games DROP COLUMN agent_revision")
        db.db.execute("UPDATE meta SET value = '7' WHERE key = 'schema_version'")
        db.db.commit()
    with Store(path) as db:
        assert db._version() == 8
        assert db.series_revisions(sid) == {None: 1}
    with sqlite3.connect(path) as con:
        assert "agent_revision" in {row[1] for row in con.execute("PRAGMA table_info(games)")}


def _rows(path: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(path) as con:
        return con.execute("SELECT series_index, status, history, agent_revision FROM games ORDER BY id").fetchall()


def test_the_report_names_the_revisions_that_played_its_games(tmp_path: Path) -> None:
    from soloboard.cli.report import run_report

    store, out = tmp_path / "r.sqlite3", tmp_path / "r.html"
    with Store(store) as db:  # one game stored before revisions were kept
        sid = db.series_id("ufs", {"city": "roswell", "threat": 0}, "random", 3)
        db.add_games(sid, [GameRow(0, False, 3, 10, "x", [1], 0.1)])
    # nothing of random to play: its series is read as it is
    assert run_report("ufs", agents="random,greedy", threats="0", cities="roswell", seed=3, jobs=1, store=str(store),
                      games=1, out=str(out)) == 0
    page = out.read_text(encoding="utf-8")
    assert "<code>random</code> (revision unrecorded):" in page
    assert f"<code>greedy</code> (revision {GreedyAgent.revision}):" in page
    from soloboard.cli.report import _revisions_text

    mixed: list[dict[str, Any]] = [{"agent": "mcts", "revisions": {None: 2}},
                                   {"agent": "mcts", "revisions": {"2026-11-29": 3}}]
    assert _revisions_text("mcts", mixed) == " (revisions 2026-11-29: 3 games, unrecorded: 2 games)"
