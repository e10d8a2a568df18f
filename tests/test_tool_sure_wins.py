"""tools/sure_wins.py: the games a search without sure wins lost that today's search wins, told without playing."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from conftest import load_tool
from soloboard.cli.main import main


def test_what_it_derives_is_what_the_search_with_sure_wins_plays(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """The same seeded games played by the search without sure wins and with them: the tool, reading only the
    first, names the wins of the second (a game is the same until its first proof, then won)."""
    store = tmp_path / "s.sqlite3"
    assert main(["report", "ufs", "--agents", "mcts(sure_wins=false)@200it,mcts@200it", "--threats", "1",
                 "--games", "16", "--seed", "3", "--jobs", "2", "--store", str(store),
                 "--out", str(tmp_path / "r.html")]) == 0
    capsys.readouterr()
    with sqlite3.connect(store) as db:
        won = dict(db.execute("SELECT player, SUM(status = 'won') FROM games GROUP BY player").fetchall())
    assert load_tool("sure_wins").main(["--store", str(store), "--player", "mcts(sure_wins=false)@200it"]) == 0
    out = capsys.readouterr().out
    m = re.search(r"16 games, (\d+) won; a sure win proved in (\d+), (\d+) of them lost: with sure wins (\d+) won", out)
    assert m, out
    stored, held, lost_held, derived = map(int, m.groups())
    assert stored == won["mcts(sure_wins=false)@200it"] and lost_held <= held
    assert lost_held > 0  # the sample holds games the older search threw away: the check below means something
    assert derived == stored + lost_held == won["mcts@200it"]
    assert "the chances shown, the outcomes with sure wins: ECE" in out
