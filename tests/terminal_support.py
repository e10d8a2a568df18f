"""Driving the real ``soloboard`` command in a pseudo-terminal (pexpect), shared by the terminal tests."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

import soloboard
from soloboard.cli.play import same_spawn_outcome
from soloboard.core.chance import HistorySampler

SOLOBOARD = Path(sys.executable).with_name("soloboard")


def settle(state: Any, sampler: HistorySampler) -> None:
    """Play what the terminal plays by itself: chance from the seed, and spawn choices that make no
    difference (the session takes the first)."""
    while True:
        while state.is_chance_node():
            state.apply_action(sampler(state))
        if state.phase_name == "spawn" and same_spawn_outcome(state):
            state.apply_action(state.legal_actions()[0])
            continue
        return


class Mirror:
    """The game as the terminal plays it: chance from the seed, no-difference spawns played."""

    def __init__(self, seed: int, game: str = "ufs", **params: Any) -> None:
        self.state: Any = soloboard.load_game(game, **params).new_initial_state()
        self.sampler = HistorySampler(seed)
        self.settle()

    def settle(self) -> None:
        settle(self.state, self.sampler)

    def choose(self) -> str:
        # the last legal move: digging placements, then 'done' (a short game that ends either way)
        return str(self.state.action_to_string(self.state.legal_actions()[-1]))

    def play(self, move: str) -> None:
        self.state.apply_action(self.state.string_to_action(move))
        self.settle()


def spawn(args: list[str], home: Path, cwd: Path | None = None, timeout: int = 60) -> Any:
    """``soloboard ARGS`` in an 80x24 pseudo-terminal, with its own autosave folder."""
    pexpect = pytest.importorskip("pexpect")
    env = {**os.environ, "SOLOBOARD_HOME": str(home), "TERM": "dumb", "COLUMNS": "80", "LINES": "24"}
    if not SOLOBOARD.exists():
        pytest.skip(f"{SOLOBOARD} is not installed (pip install -e .)")
    # a job started in the background (nohup, '&' in a script) ignores SIGINT and its children inherit that,
    # so a Ctrl-C would never reach the game: give the child the terminal's default, as a person's shell does
    return pexpect.spawn(str(SOLOBOARD), args, env=env, dimensions=(24, 80), encoding="utf-8", timeout=timeout,
                         cwd=str(cwd) if cwd is not None else None,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


MORE = r"\n-- [^\n]*-- $"  # the pager's question (cli/terminal.py: ScreenPager), in any language


def expect_past_pages(child: Any, pattern: str) -> None:
    """Wait for ``pattern``, pressing Enter at every '-- more --' on the way."""
    while child.expect([MORE, pattern]) == 0:
        child.sendline("")
