"""The real ``soloboard`` command at a real (pseudo-)terminal of 80x24, driven with pexpect.

A complete game: the moves are chosen by a mirror of the game built with the public API and
the same seed (the dice are a function of the seed and the history), previewed, saved; the
player quits (and confirms, as a terminal asks), resumes with ``soloboard resume`` and
plays to the end, where the terminal offers to save a copy.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import soloboard
from terminal_support import Mirror, expect_past_pages, spawn

pexpect = pytest.importorskip("pexpect")

SEED = 3
PROMPT = r"round \d+ · \w+> "


def play_moves(child: Any, mirror: Mirror, count: int) -> None:
    for _ in range(count):
        if mirror.state.is_terminal():
            return
        move = mirror.choose()
        child.sendline(move)
        mirror.play(move)
        if not mirror.state.is_terminal():
            expect_past_pages(child, PROMPT)


def test_a_whole_game_at_a_terminal_previews_saves_quits_and_resumes(tmp_path: Path) -> None:
    home = tmp_path / "home"
    mirror = Mirror(SEED, threat=1)
    child = spawn(["play", "ufs", "--threat", "1", "--seed", str(SEED)], home)
    expect_past_pages(child, PROMPT)
    # a preview tells what a move would do, read from the same events the engine records
    move = mirror.choose()
    child.sendline(f"preview {move}")
    child.expect(f"Preview {move}: ")
    expect_past_pages(child, PROMPT)
    play_moves(child, mirror, 12)
    saved = tmp_path / "mine.json"
    child.sendline(f"save {saved}")
    child.expect("Saved to")
    expect_past_pages(child, PROMPT)
    # quit asks at a terminal; 'n' keeps playing, 'y' leaves and keeps the game
    child.sendline("quit")
    child.expect(r"Leave the game\? .*\[y/N\] ")
    child.sendline("n")
    child.expect("The game goes on")
    expect_past_pages(child, PROMPT)
    child.sendline("quit")
    child.expect(r"\[y/N\] ")
    child.sendline("y")
    child.expect("soloboard resume")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    kept = home / "autosave-ufs.json"
    assert soloboard.state_from_json(kept.read_text("utf-8")) == mirror.state
    assert json.loads(saved.read_text("utf-8"))["dice_seed"] == SEED

    work = tmp_path / "cwd"
    work.mkdir()
    child = spawn(["resume"], home, cwd=work)
    expect_past_pages(child, "Resuming the game kept in")
    expect_past_pages(child, PROMPT)
    while not mirror.state.is_terminal():
        play_moves(child, mirror, 1)
    expect_past_pages(child, "WON" if mirror.state.returns()[0] == 1.0 else "LOST")
    # asked at a terminal, after the game is kept: yes/no first; commands typed ahead are no file name
    expect_past_pages(child, r"Save this game under a name of your own\? \[y/N\] ")
    child.sendline("hint")
    child.sendline("board")
    child.sendline("")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert list(work.iterdir()) == []  # no file called hint or board
    final = soloboard.state_from_json(kept.read_text("utf-8"))
    assert final.is_terminal() and final.history() == mirror.state.history()


def test_ctrl_c_keeps_the_game(tmp_path: Path) -> None:
    home = tmp_path / "home"
    mirror = Mirror(SEED, threat=1)
    child = spawn(["play", "ufs", "--threat", "1", "--seed", str(SEED)], home)
    expect_past_pages(child, PROMPT)
    play_moves(child, mirror, 2)
    child.sendintr()
    child.expect("Game left unfinished")
    child.expect(pexpect.EOF)
    child.close()
    assert soloboard.state_from_json((home / "autosave-ufs.json").read_text("utf-8")) == mirror.state
    # 'play --resume' is the same as 'resume'
    child = spawn(["play", "--resume"], home)
    expect_past_pages(child, PROMPT)
    child.sendeof()
    child.expect(pexpect.EOF)
