"""tools/where_lost.py: where an agent's lost games stood, read from the engine's events."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

import soloboard
from conftest import load_tool
from soloboard.cli.main import main


def test_it_counts_the_lost_games_one_research_space_short(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "s.sqlite3"
    assert main(["report", "ufs", "--agents", "greedy", "--threats", "0", "--games", "12", "--seed", "3",
                 "--jobs", "1", "--store", str(store), "--out", str(tmp_path / "r.html")]) == 0
    capsys.readouterr()
    assert load_tool("where_lost").main(["--store", str(store), "--player", "greedy"]) == 0
    out = capsys.readouterr().out
    # the same counts worked out from the states themselves, step by step (not from events)
    game = soloboard.load_game("ufs", threat=0)
    with sqlite3.connect(store) as db:
        rows = db.execute("SELECT status, history FROM games").fetchall()
    lost = short = short_rounds = paid = 0
    first_short: list[int] = []  # per game that got there: the round research first reached space 15 (or 16)
    for status, history in rows:
        state = game.new_initial_state()
        best = 0
        began_short = False
        reached_in: int | None = None
        for action in json.loads(history):
            before = (state.round, state.research)
            state.apply_action(action)
            best = max(best, state.research)
            last = state.sky.research_last
            if reached_in is None and state.research >= last - 1:
                reached_in = before[0]  # the round the paying action belonged to (it may begin the next)
            if state.round != before[0]:
                began_short = state.research == last - 1
                short_rounds += began_short
            elif began_short and before[1] == last - 1 and state.research == last:
                paid += 1
        if reached_in is not None:
            first_short.append(reached_in)
        if status == "lost":
            lost += 1
            short += best == state.sky.research_last - 1
    assert f"12 games, {lost} lost" in out
    assert lost > 0 and "the furthest the excavator went (every game): " in out
    found = re.search(r"one space short \(space 15 of 16\): (\d+) of (\d+)", out)
    assert found is not None and (int(found[1]), int(found[2])) == (short, lost)
    # every game's rounds begun one space short, and how many of them paid the last space
    rounds = re.search(r"rounds begun one space short \(every game\): (\d+); the last space paid in (\d+)", out)
    assert short_rounds > 0 and rounds is not None and (int(rounds[1]), int(rounds[2])) == (short_rounds, paid)
    # how soon each game got there (the pace hindsight is compared on, docs/agents.md)
    assert first_short and (f"first stood one space short (or finished): {len(first_short)} of 12 games, in round "
                            f"{sum(first_short) / len(first_short):.2f} on average") in out
    assert "the research space at a round's start, mean over the games still playing: round 1: 0.0 (12)" in out


def test_an_empty_store_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert load_tool("where_lost").main(["--store", str(tmp_path / "none.sqlite3")]) == 1
    assert "no finished ufs games" in capsys.readouterr().out
