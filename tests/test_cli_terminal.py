"""The real ``soloboard`` command at a real (pseudo-)terminal of 80x24, driven with pexpect.

A complete game: the moves are chosen by a mirror of the game built with the public API and
the same seed (the dice are a function of the seed and the history), previewed, saved; the
player quits (and confirms, as a terminal asks), resumes with ``soloboard resume`` and
plays to the end, where the terminal offers to save a copy.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

import soloboard
from soloboard.cli.play import same_spawn_outcome
from soloboard.core.chance import HistorySampler

pexpect = pytest.importorskip("pexpect")

SEED = 3
SOLOBOARD = Path(sys.executable).with_name("soloboard")
PROMPT = r"round \d+ · \w+> "


class Mirror:
    """The game as the terminal plays it: chance from the seed, no-difference spawns played."""

    def __init__(self) -> None:
        self.state: Any = soloboard.load_game("ufs", threat=1).new_initial_state()
        self.sampler = HistorySampler(SEED)
        self.settle()

    def settle(self) -> None:
        while True:
            while self.state.is_chance_node():
                self.state.apply_action(self.sampler(self.state))
            if self.state.phase_name == "spawn" and same_spawn_outcome(self.state):
                self.state.apply_action(self.state.legal_actions()[0])
                continue
            return

    def choose(self) -> str:
        # the last legal move: digging placements, then 'done' (a short game that ends either way)
        return str(self.state.action_to_string(self.state.legal_actions()[-1]))

    def play(self, move: str) -> None:
        self.state.apply_action(self.state.string_to_action(move))
        self.settle()


def spawn(args: list[str], home: Path, cwd: Path | None = None) -> Any:
    env = {**os.environ, "SOLOBOARD_HOME": str(home), "TERM": "dumb", "COLUMNS": "80", "LINES": "24"}
    if not SOLOBOARD.exists():
        pytest.skip(f"{SOLOBOARD} is not installed (pip install -e .)")
    # a job started in the background (nohup, '&' in a script) ignores SIGINT and its children inherit that,
    # so a Ctrl-C would never reach the game: give the child the terminal's default, as a person's shell does
    child = pexpect.spawn(str(SOLOBOARD), args, env=env, dimensions=(24, 80), encoding="utf-8", timeout=60,
                          cwd=str(cwd) if cwd is not None else None,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    return child


def play_moves(child: Any, mirror: Mirror, count: int) -> None:
    for _ in range(count):
        if mirror.state.is_terminal():
            return
        move = mirror.choose()
        child.sendline(move)
        mirror.play(move)
        if not mirror.state.is_terminal():
            child.expect(PROMPT)


def test_a_whole_game_at_a_terminal_previews_saves_quits_and_resumes(tmp_path: Path) -> None:
    home = tmp_path / "home"
    mirror = Mirror()
    child = spawn(["play", "ufs", "--threat", "1", "--seed", str(SEED)], home)
    child.expect(PROMPT)
    # a preview tells what a move would do, read from the same events the engine records
    move = mirror.choose()
    child.sendline(f"preview {move}")
    child.expect(f"Preview {move}: ")
    child.expect(PROMPT)
    play_moves(child, mirror, 12)
    saved = tmp_path / "mine.json"
    child.sendline(f"save {saved}")
    child.expect("Saved to")
    child.expect(PROMPT)
    # quit asks at a terminal; 'n' keeps playing, 'y' leaves and keeps the game
    child.sendline("quit")
    child.expect(r"Leave the game\? .*\[y/N\] ")
    child.sendline("n")
    child.expect("The game goes on")
    child.expect(PROMPT)
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
    child.expect("Resuming the game kept in")
    child.expect(PROMPT)
    while not mirror.state.is_terminal():
        play_moves(child, mirror, 1)
    child.expect("WON" if mirror.state.returns()[0] == 1.0 else "LOST")
    # asked at a terminal, after the game is kept: yes/no first; commands typed ahead are no file name
    child.expect(r"Save this game under a name of your own\? \[y/N\] ")
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
    mirror = Mirror()
    child = spawn(["play", "ufs", "--threat", "1", "--seed", str(SEED)], home)
    child.expect(PROMPT)
    play_moves(child, mirror, 2)
    child.sendintr()
    child.expect("Game left unfinished")
    child.expect(pexpect.EOF)
    child.close()
    assert soloboard.state_from_json((home / "autosave-ufs.json").read_text("utf-8")) == mirror.state
    # 'play --resume' is the same as 'resume'
    child = spawn(["play", "--resume"], home)
    child.expect(PROMPT)
    child.sendeof()
    child.expect(pexpect.EOF)
