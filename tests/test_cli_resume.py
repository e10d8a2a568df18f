"""Leaving keeps the game (autosave), ``resume`` continues it, saves carry the dice seed, the
end of a game does not eat typed-ahead input, and notation is forgiving."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import soloboard
from soloboard.cli import autosave
from soloboard.cli.main import main
from soloboard.cli.play import run_play
from soloboard.cli.resume import run_resume
from soloboard.core.chance import HistorySampler
from terminal_support import settle

SEED = 11


@pytest.fixture(autouse=True)
def home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path_factory.mktemp("soloboard-home")
    monkeypatch.setenv("SOLOBOARD_HOME", str(folder))
    return folder


class Mirror:
    """Types lines and keeps a copy of the game (chance from the seed, as the session draws it)."""

    def __init__(self, seed: int = SEED, game: str = "ufs", **params: Any) -> None:
        self.state: Any = soloboard.load_game(game, **(params or {"threat": 1})).new_initial_state()
        self.sampler = HistorySampler(seed)
        self.script: list[str | Callable[[Mirror], str]] = []
        self.prompts: list[str] = []
        self.settle()

    def settle(self) -> None:
        settle(self.state, self.sampler)

    def move(self, notation: str | None = None) -> str:
        action = self.state.legal_actions()[-1] if notation is None else self.state.string_to_action(notation)
        text = self.state.action_to_string(action)
        self.state.apply_action(action)
        self.settle()
        return text

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.script:
            raise EOFError
        item = self.script.pop(0)
        return item if isinstance(item, str) else item(self)


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=120, height=60), out


def load(path: Path) -> Any:
    return soloboard.state_from_json(path.read_text("utf-8"))


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("leave", ["quit", "eof", "ctrl-c"])
def test_leaving_keeps_the_game_and_resume_continues_it(home: Path, leave: str) -> None:
    mirror = Mirror()
    mirror.script = [lambda m: m.move(), lambda m: m.move(), lambda m: m.move()]
    if leave == "quit":
        mirror.script.append("quit")
    elif leave == "ctrl-c":
        def interrupt(_m: Mirror) -> str:
            raise KeyboardInterrupt
        mirror.script.append(interrupt)
    con, out = console()
    assert run_play("ufs", {"threat": 1}, seed=SEED, console=con, input_fn=mirror) == 0
    kept = home / "autosave-ufs.json"
    assert f"It is kept in {kept}" in flat(out.getvalue())
    assert load(kept) == mirror.state and load(kept).history() == mirror.state.history()
    assert json.loads(kept.read_text("utf-8"))["dice_seed"] == SEED

    # resume: the same game, the same dice to come
    mirror.script = [lambda m: m.move() for _ in range(6)]
    con, out = console()
    assert run_resume(console=con, input_fn=mirror) == 0
    assert "✗" not in out.getvalue()
    assert load(kept) == mirror.state and load(kept).history() == mirror.state.history()


def test_play_resume_names_the_game_and_resume_says_when_there_is_none(home: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["resume"]) == 1
    err = flat(capsys.readouterr().out)
    assert "There is no game to resume" in err and str(home) in err
    assert main(["play", "--resume", "ufs-pnp"]) == 1
    assert "no ufs-pnp game" in flat(capsys.readouterr().out)
    assert main(["play", "ufs", "--resume", "--seed", "3"]) == 2
    assert "takes no game options" in capsys.readouterr().err


def test_a_new_game_keeps_the_unfinished_one_once(home: Path) -> None:
    first = Mirror()
    first.script = [lambda m: m.move(), "quit"]
    con, _ = console()
    run_play("ufs", {"threat": 1}, seed=SEED, console=con, input_fn=first)
    second = Mirror(seed=5)
    second.script = [lambda m: m.move(), lambda m: m.move(), "quit"]
    con, out = console()
    run_play("ufs", {"threat": 1}, seed=5, console=con, input_fn=second)
    assert "An unfinished ufs game is kept in" in flat(out.getvalue())
    assert load(home / "autosave-ufs.json") == second.state
    assert load(home / "autosave-ufs.previous.json") == first.state
    assert autosave.latest() == home / "autosave-ufs.json"


def test_the_default_autosave_folder_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("SOLOBOARD_HOME")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert autosave.autosave_path("ufs") == tmp_path / "state" / "soloboard" / "autosave-ufs.json"
    monkeypatch.delenv("XDG_STATE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert autosave.home() == tmp_path / ".local" / "state" / "soloboard"


def white_move(mirror: Mirror) -> str:
    return mirror.move(next(mirror.state.action_to_string(a) for a in mirror.state.legal_actions()
                            if mirror.state.action_to_string(a).startswith("W")))


def test_a_save_loaded_in_another_session_deals_the_same_dice(tmp_path: Path) -> None:
    """The save records the dice seed: placing a white die after loading re-rolls what it
    re-rolled in the game that was saved (and what undo gives back there)."""
    saved, after = tmp_path / "saved.json", tmp_path / "after.json"
    original = Mirror()
    original.script = [lambda m: m.move(), f"save {saved}", white_move, f"save {after}", "quit"]
    con, _ = console()
    run_play("ufs", {"threat": 1}, seed=SEED, console=con, input_fn=original)
    assert json.loads(saved.read_text("utf-8"))["dice_seed"] == SEED

    elsewhere = Mirror(seed=999)  # another session, another seed: the load brings the saved one
    elsewhere.script = [f"load {saved}", white_move, f"save {tmp_path / 'again.json'}", "quit"]
    elsewhere.state = load(saved)
    elsewhere.sampler = HistorySampler(SEED)
    con, out = console()
    run_play("ufs", {"threat": 1}, seed=999, console=con, input_fn=elsewhere)
    assert "the save's seed, 11" in flat(out.getvalue())
    again = load(tmp_path / "again.json")
    assert again == load(after) and again.unplaced_dice() == load(after).unplaced_dice()


def test_saves_without_a_seed_still_load(tmp_path: Path) -> None:
    older = tmp_path / "older.json"
    state = Mirror().state
    older.write_text(state.to_json(), "utf-8")  # what the terminal wrote before saves had a seed
    mirror = Mirror(seed=7)
    mirror.script = [f"load {older}", "quit"]
    con, out = console()
    assert run_play("ufs", {"threat": 1}, seed=7, console=con, input_fn=mirror) == 0
    assert f"Loaded {older}" in flat(out.getvalue()) and "✗" not in out.getvalue()


def near_loss(tmp_path: Path) -> tuple[Path, str]:
    """A position (no history) where one placement sends a ship into the city for the last damage."""
    for seed in range(100):
        state = soloboard.load_game("ufs", threat=1).new_initial_state()
        sampler = HistorySampler(seed)
        while not state.is_terminal() and state.round < 8:
            if state.is_chance_node():
                state.apply_action(sampler(state))
                continue
            if state.phase_name == "place":
                for action in state.legal_actions():
                    if any(e["kind"] == "ship_hit_city" for e in state.preview(action)):
                        data = json.loads(state.to_json())
                        del data["history"]
                        data["position"]["damage"] = state.layout.damage_limit - 1
                        path = tmp_path / "near-loss.json"
                        path.write_text(json.dumps(data), "utf-8")
                        return path, state.action_to_string(action)
            state.apply_action(state.legal_actions()[-1])
    raise AssertionError("no ship came near the city")


def test_typed_ahead_lines_after_the_end_are_not_a_file_name(tmp_path: Path, home: Path) -> None:
    """printf 'load near-loss.json\\nG4c1\\nG4c1\\n' | soloboard play ...: the game ends on the first
    G4c1; the second is not taken as the name of a save (there is no question at all)."""
    path, move = near_loss(tmp_path)
    work = tmp_path / "cwd"
    work.mkdir()
    env = {**os.environ, "SOLOBOARD_HOME": str(home)}
    run = subprocess.run(
        [sys.executable, "-m", "soloboard.cli.main", "play", "ufs", "--threat", "1", "--seed", "7"],
        input=f"load {path}\n{move}\n{move}\n", capture_output=True, text=True, cwd=work, env=env, timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert "LOST: base destroyed" in run.stdout
    assert os.listdir(work) == []  # no file called G4c1 (or anything else)
    assert "Save this game" not in run.stdout and "File name" not in run.stdout
    assert load(home / "autosave-ufs.json").is_terminal()  # the finished game is kept, to replay


@pytest.mark.parametrize("typed", ["{m}", "{m_lower}", "{m_spaced}", "  {m_spaced}  "])
def test_placements_are_read_forgivingly(typed: str) -> None:
    mirror = Mirror()
    move = mirror.state.action_to_string(mirror.state.legal_actions()[0])
    text = typed.format(m=move, m_lower=move.lower(), m_spaced=f"{move[:2]} {move[2:]}")
    mirror.script = [text, "quit"]
    con, out = console()
    run_play("ufs", {"threat": 1}, seed=SEED, console=con, input_fn=mirror)
    assert f"▶ {move}" in out.getvalue() and "✗" not in out.getvalue()


def test_unknown_input_suggests_the_nearest_legal_moves() -> None:
    mirror = Mirror()
    legal = [mirror.state.action_to_string(a) for a in mirror.state.legal_actions()]
    typo = legal[0][:3] + "z" + legal[0][4:]  # e.g. G3az: no such space
    mirror.script = [typo, "quit"]
    con, out = console()
    run_play("ufs", {"threat": 1}, seed=SEED, console=con, input_fn=mirror)
    text = flat(out.getvalue())
    assert f"Cannot read '{typo}'" in text and "Did you mean:" in text
    suggested = text.split("Did you mean: ")[1].split("?")[0].split(", ")
    assert suggested and all(s in legal for s in suggested)
