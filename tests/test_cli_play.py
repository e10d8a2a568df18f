"""The terminal front end: ``soloboard play`` and ``soloboard replay``, driven by scripted input.

The script keeps its own copy of the game, built with the public API and the same seed
(``HistorySampler`` makes the dice a function of the seed and the history), so it always
knows the legal moves without reading the screen; every move still goes through
``run_play``'s loop, and saves made by ``run_play`` are compared with that copy.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import soloboard
from conftest import Typist
from soloboard.cli import terminal
from soloboard.cli.main import main
from soloboard.cli.play import run_play
from soloboard.cli.replay import run_replay
from soloboard.cli.session import SAVE_NAME_PROMPT, SAVE_PROMPT, TerminalSession
from soloboard.cli.ufs_tell import EventTeller
from soloboard.core.chance import HistorySampler
from soloboard.ufs.render import action_text, mothership_action_text
from soloboard.ufs.words import effect_text
from terminal_support import settle

SEED = 11
PARAMS: dict[str, object] = {"threat": 1}


@pytest.fixture(autouse=True)
def autosave_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Autosaves go to a temporary folder, never to the real per-user one."""
    home = tmp_path_factory.mktemp("soloboard-home")
    monkeypatch.setenv("SOLOBOARD_HOME", str(home))
    return home


@pytest.fixture
def at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The session asks its questions as it does when a person types at a terminal."""
    monkeypatch.setattr(TerminalSession, "interactive", True)


def make_console(width: int = 160, height: int = 200) -> tuple[Console, io.StringIO]:
    """A terminal tall enough for the full board and the move list (the size tests use others)."""
    out = io.StringIO()
    return Console(file=out, width=width, height=height), out


class Driver:
    """An ``input_fn`` that types moves while mirroring the game with the public API.

    ``script`` items are typed one per prompt: a string as it is, a callable gets the
    driver and returns the line (so it can read the mirrored position). When the script is
    used up, the driver plays the first legal move until the game ends, if ``autoplay``.
    A move typed through :meth:`move` is also applied to the mirror.
    """

    def __init__(self, out: io.StringIO, script: Iterable[str | Callable[[Driver], str]] = (),
                 *, game: str = "ufs", params: dict[str, object] | None = None, seed: int = SEED,
                 autoplay: bool = False, save_as: str = "") -> None:
        self.out = out
        self.state = soloboard.load_game(game, **(params if params is not None else PARAMS)).new_initial_state()
        self.sampler = HistorySampler(seed)
        self.script = list(script)
        self.autoplay = autoplay
        self.save_as = save_as
        self.prompts: list[str] = []
        self.resolve()

    def resolve(self) -> None:
        """Chance outcomes, and spawn choices that make no difference (the session plays those)."""
        settle(self.state, self.sampler)

    def move(self, notation: str | None = None, index: int = 0) -> str:
        """Type ``notation`` (default: legal move number ``index``) and play it on the mirror too."""
        legal = self.state.legal_actions()
        action = legal[index] if notation is None else self.state.string_to_action(notation)
        text = self.state.action_to_string(action)
        self.state.apply_action(action)
        self.resolve()
        return text

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if len(self.prompts) > 5000:
            raise AssertionError("the game does not end: is the driver out of step with run_play?")
        if prompt == SAVE_PROMPT:  # yes/no first, then the file name
            return "y" if self.save_as else ""
        if prompt.startswith(SAVE_NAME_PROMPT.split("{")[0]):
            return self.save_as
        if self.script:
            item = self.script.pop(0)
            return item if isinstance(item, str) else item(self)
        if self.autoplay and not self.state.is_terminal():
            assert "✗" not in self.out.getvalue(), self.out.getvalue()[-2000:]
            return self.move()
        raise EOFError


def first_white_move(driver: Driver) -> str:
    for action in driver.state.legal_actions():
        text = driver.state.action_to_string(action)
        if text.startswith("W"):
            return driver.move(text)
    raise AssertionError("no white die to place")


def flat(text: str) -> str:
    """The output with rich's line wrapping undone (long paths wrap on a 120-column console)."""
    return " ".join(text.split())


def load(path: Path) -> Any:
    return soloboard.state_from_json(path.read_text(encoding="utf-8"))


def play_script(*script: str | Callable[[Driver], str], **kwargs: Any) -> tuple[int, str, Driver]:
    console, out = make_console()
    driver = Driver(out, script, **kwargs)
    params = kwargs.get("params")
    params = PARAMS if params is None else params
    code = run_play(kwargs.get("game", "ufs"), dict(params), seed=kwargs.get("seed", SEED), console=console,
                    input_fn=driver)
    return code, out.getvalue(), driver


# --- a whole game --------------------------------------------------------------------------

def test_a_complete_game_is_played_to_the_end(autosave_home: Path) -> None:
    final = autosave_home / "autosave-ufs.json"  # a finished game is kept there, not asked about
    code, text, driver = play_script(autoplay=True)
    assert code == 0
    assert driver.state.is_terminal()
    assert "✗" not in text  # every move the driver typed was accepted
    assert "Rounds played" in text and "Research" in text and "Damage" in text
    headline = "WON" if driver.state.returns()[0] == 1.0 else f"LOST: {driver.state.loss_cause}"
    assert headline in text
    assert f"Rounds played  {driver.state.round}" in text
    # the game run_play played is exactly the mirrored one: same moves, same dice
    saved = load(final)
    assert saved == driver.state and saved.history() == driver.state.history()
    assert json.loads(final.read_text("utf-8"))["dice_seed"] == SEED
    assert SAVE_PROMPT not in driver.prompts  # piped input is never asked for a file name
    assert f"soloboard replay {final}" in flat(text)


@pytest.mark.parametrize("city", ["new-york", "washington"])
def test_the_notices_are_printed_first(city: str) -> None:
    code, text, _ = play_script("quit", params={"city": city, "threat": 0})
    assert code == 0
    assert "Please note" in text and "transcriptions" in text
    assert text.index("Please note") < text.index("Round 1") < text.index("Your move")


def test_the_seed_is_printed() -> None:
    _, text, _ = play_script("quit")
    assert f"seed {SEED}" in text and f"--seed {SEED}" in text


def test_the_dice_are_shown() -> None:
    _, text, driver = play_script("quit")
    gray, white = driver.state.unplaced_dice()
    assert f"Rolled: gray {' '.join(map(str, gray))}, white {' '.join(map(str, white))}" in text


@pytest.mark.parametrize("game", ["ufs", "ufs-pnp"])
def test_a_white_die_rerolls_without_opening_a_new_round(game: str) -> None:
    _, text, _ = play_script(first_white_move, "quit", game=game, params={} if game == "ufs-pnp" else PARAMS)
    assert "Re-rolled the unplaced dice (a white die was placed)" in text
    assert "Round 2" not in text and text.count("Round 1") == 1


# --- wrong input ---------------------------------------------------------------------------

def test_an_illegal_move_names_the_rule_and_the_game_goes_on() -> None:
    def same_column(driver: Driver) -> str:
        # the first legal move went on column a; another die on column a breaks rule 1
        gray, white = driver.state.unplaced_dice()
        value, colour = (gray[0], "G") if gray else (white[0], "W")
        return f"{colour}{value}a1"

    code, text, _ = play_script(lambda d: d.move(), same_column, lambda d: d.move(), "quit")
    assert code == 0
    assert "Not allowed (rule 1: one die per column)" in text
    assert "column a already has a worker die this round" in text
    assert text.count("▶ ") == 2  # the moves before and after the refused one were played
    assert "Traceback" not in text


def test_a_move_that_is_not_possible_now_is_refused() -> None:
    _, text, _ = play_script("spawn c", "quit")
    assert "Not allowed (phase order)" in text


def test_bad_syntax_prints_the_notation() -> None:
    code, text, _ = play_script("fire the lasers", "G7z9", "quit")
    assert code == 0
    assert "Cannot read 'fire the lasers'" in text and "Cannot read 'G7z9'" in text
    assert "moves look like 'G5c3'" in text
    assert "Type 'help' for the notation" in text


def test_help_explains_the_notation_and_the_rules() -> None:
    _, text, _ = play_script("help", "quit")
    for expected in ("G5c3", "use b2", "spawn c", "undo", "save FILE", "Mothership", "research track"):
        assert expected in text


def test_a_number_outside_the_list_is_refused() -> None:
    _, text, _ = play_script("999", "quit")
    assert "✗" in text and ("There is no move 999" in text or "not numbered" in text)


def test_a_move_can_be_typed_by_its_number(tmp_path: Path) -> None:
    target = tmp_path / "n.json"

    def number_in_rooms_phase(driver: Driver) -> str:
        if driver.state.phase_name != "rooms":  # play on until the short, numbered list of the Rooms Phase
            driver.script.insert(0, number_in_rooms_phase)
            return driver.move(index=-1)  # the last placement is a digging one: the Rooms Phase will come
        driver.move()  # move 1 is the first legal move
        driver.script[:0] = [f"save {target}", "quit"]
        return "1"

    code, text, driver = play_script(number_in_rooms_phase)
    assert code == 0 and "✗" not in text
    assert " 1) " in text
    assert load(target) == driver.state


def test_end_of_input_and_ctrl_c_leave_cleanly() -> None:
    console, out = make_console()

    def eof(_prompt: str) -> str:
        raise EOFError

    def interrupt(_prompt: str) -> str:
        raise KeyboardInterrupt

    assert run_play("ufs", {}, seed=1, console=console, input_fn=eof) == 0
    assert run_play("ufs", {}, seed=1, console=console, input_fn=interrupt) == 0
    assert "Traceback" not in out.getvalue()


# --- undo --------------------------------------------------------------------------------------

def test_undo_restores_the_position_and_the_same_dice(tmp_path: Path) -> None:
    before, after, again = tmp_path / "before.json", tmp_path / "after.json", tmp_path / "again.json"
    mirror: dict[str, Any] = {}

    def remember(key: str, path: Path) -> Callable[[Driver], str]:
        def step(driver: Driver) -> str:
            mirror[key] = driver.state.clone()
            return f"save {path}"
        return step

    def undo(driver: Driver) -> str:
        mirror["undone"] = mirror["start"].clone()
        return "undo"

    def replay_white(driver: Driver) -> str:
        driver.state = mirror["start"].clone()
        return first_white_move(driver)

    code, text, _ = play_script(
        remember("start", before), first_white_move, remember("after", after),
        undo, f"save {tmp_path / 'undone.json'}", replay_white, f"save {again}", "quit",
    )
    assert code == 0 and "✗" not in text
    assert "Undone: W" in text
    assert load(tmp_path / "undone.json") == mirror["start"]
    assert load(tmp_path / "undone.json").history() == mirror["start"].history()
    # placing the white die re-rolls the other dice: the same move after undo rolls the same dice
    assert load(after) == mirror["after"]
    assert load(again) == load(after)
    assert load(again).unplaced_dice() == load(after).unplaced_dice()
    assert load(before) == mirror["start"]


def test_undo_with_nothing_to_undo() -> None:
    _, text, _ = play_script("undo", "quit")
    assert "Nothing to undo" in text


def test_log_lists_the_moves_by_round() -> None:
    moves: list[str] = []

    def until_round_2(driver: Driver) -> str:
        if driver.state.round < 2:
            driver.script.insert(0, until_round_2)
        else:
            driver.script[:0] = ["log", "quit"]
        moves.append(driver.move(index=-1))  # digging placements, then 'done': a Rooms Phase in round 1
        return moves[-1]

    _, text, driver = play_script(until_round_2)
    log = text[text.rindex("\nRound 1\n"):]
    round1, round2 = log.split("\nRound 2\n")
    # round by round, each action with what it did (from the engine's events)
    assert "(rolled: gray" in round1 and "\n  done" in round1
    assert "  Mothership Phase: the mothership moves down" in round1
    assert "\n  done" not in round2 and "(rolled: gray" in round2
    for move in moves:
        assert f"\n  {move}" in log
    first = driver.state.events()
    moved = next(e for e in first if e["kind"] == "ship_moved")
    assert f"{moved['ship']} ship {moved['from']} → {moved['to']}" in log


# --- save and load ------------------------------------------------------------------------------

def test_save_then_load_round_trip(tmp_path: Path) -> None:
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    saved: dict[str, Any] = {}

    def save(driver: Driver) -> str:
        saved["state"] = driver.state.clone()
        return f"save {first}"

    code, text, _ = play_script(
        lambda d: d.move(), lambda d: d.move(), save, lambda d: d.move(), lambda d: d.move(),
        f"load {first}", f"save {second}", "quit",
    )
    assert code == 0 and "✗" not in text
    assert f"Saved to {first}" in flat(text) and f"Loaded {first}" in flat(text)
    assert load(first) == saved["state"]
    assert second.read_text(encoding="utf-8") == first.read_text(encoding="utf-8")


def test_loading_a_corrupt_file_keeps_the_game(tmp_path: Path) -> None:
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text('{"format": "soloboard-state", "version": 1, "game": "ufs", "params": {}, "hist', "utf-8")
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"format": "soloboard-state", "version": 1, "game": "ufs",
                                 "params": {}, "history": [1, 2, 3]}), "utf-8")
    kept = tmp_path / "kept.json"
    mirror: dict[str, Any] = {}

    def remember(driver: Driver) -> str:
        mirror["state"] = driver.state.clone()
        return f"save {kept}"

    code, text, _ = play_script(
        lambda d: d.move(), f"load {corrupt}", f"load {wrong}", f"load {tmp_path / 'missing.json'}",
        f"load {tmp_path}", remember, "quit",
    )
    assert code == 0 and "Traceback" not in text
    text = flat(text)
    assert text.count("Could not load the save; the current game goes on") == 4
    assert "not valid JSON" in text and "is illegal" in text and "no such file" in text
    assert "is a directory" in text
    assert load(kept) == mirror["state"]


def test_a_position_without_history_can_be_loaded_and_played(tmp_path: Path) -> None:
    state = soloboard.load_game("ufs", threat=0).new_initial_state()
    sampler = HistorySampler(8)
    while state.is_chance_node():
        state.apply_action(sampler(state))
    data = json.loads(state.to_json())
    del data["history"]  # a set-up puzzle: the position alone
    puzzle = tmp_path / "puzzle.json"
    puzzle.write_text(json.dumps(data), "utf-8")
    first = state.action_to_string(state.legal_actions()[0])
    code, text, _ = play_script(f"load {puzzle}", "undo", first, "undo", "quit")
    assert code == 0 and "Traceback" not in text
    assert "Loaded" in text
    assert text.count("Nothing to undo") == 1  # nothing before the loaded position...
    assert f"Undone: {first}" in text  # ...but the moves after it can be taken back


def test_loading_a_finished_game_keeps_the_current_one(tmp_path: Path) -> None:
    finished = tmp_path / "finished.json"
    state = soloboard.load_game("ufs").new_initial_state()
    sampler = HistorySampler(3)
    while not state.is_terminal():
        state.apply_action(sampler(state) if state.is_chance_node() else state.legal_actions()[-1])
    finished.write_text(state.to_json(), "utf-8")
    _, text, _ = play_script(f"load {finished}", "quit")
    assert "That save is a finished game" in text and "soloboard replay" in text


def test_save_asks_before_overwriting(tmp_path: Path, at_a_terminal: None) -> None:
    target = tmp_path / "game.json"
    target.write_text("an older save", "utf-8")
    _, text, driver = play_script(f"save {target}", "n", "quit", "y")
    assert "Overwrite it? [y/N]" in driver.prompts[1]
    assert "Not saved." in text
    assert target.read_text("utf-8") == "an older save"
    _, text, driver = play_script(f"save {target}", "y", "quit", "y")
    assert load(target) == driver.state


def test_piped_input_never_overwrites_and_never_loses_the_next_line(tmp_path: Path) -> None:
    """Without a terminal there is no question to answer: the line after 'save' is a move."""
    target = tmp_path / "game.json"
    target.write_text("an older save", "utf-8")
    code, text, driver = play_script(f"save {target}", lambda d: d.move(), "quit")
    assert code == 0 and f"{target} exists: not saved" in flat(text)
    assert target.read_text("utf-8") == "an older save"
    assert text.count("▶ ") == 1  # the move typed after 'save' was played
    assert not any("Overwrite" in p for p in driver.prompts)


def test_a_failed_save_leaves_no_partial_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              at_a_terminal: None) -> None:
    target = tmp_path / "game.json"
    target.write_text("an older save", "utf-8")

    def disk_full(_fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(terminal.os, "fsync", disk_full)
    code, text, _ = play_script(f"save {target}", "y", f"save {tmp_path / 'new.json'}", "quit", "y")
    assert code == 0 and "Traceback" not in text
    assert text.count("Not saved") == 2 and "No space left on device" in flat(text)
    assert "The game could not be autosaved" in text  # leaving says so too
    assert target.read_text("utf-8") == "an older save"
    assert sorted(os.listdir(tmp_path)) == ["game.json"]  # no temporary file, no half-written save


def test_a_save_into_a_missing_folder_is_refused(tmp_path: Path) -> None:
    _, text, _ = play_script(f"save {tmp_path / 'no' / 'such' / 'dir.json'}", "save", "quit")
    assert "Not saved" in text and "Save where?" in text
    assert not (tmp_path / "no").exists()


# --- replay --------------------------------------------------------------------------------------

def finished_save(tmp_path: Path, seed: int = 5) -> tuple[Path, Any]:
    state = soloboard.load_game("ufs", threat=2).new_initial_state()
    sampler = HistorySampler(seed)
    while not state.is_terminal():
        state.apply_action(sampler(state) if state.is_chance_node() else state.legal_actions()[0])
    path = tmp_path / "done.json"
    path.write_text(state.to_json(), "utf-8")
    return path, state


def decisions(state: Any) -> int:
    """How many of the player's decisions a game's history holds (the replay's steps)."""
    replay = state.game.new_initial_state()
    count = 0
    for action in state.history():
        count += not replay.is_chance_node()
        replay.apply_action(action)
    return count


def test_replay_runs_to_the_end_without_waiting(tmp_path: Path) -> None:
    path, state = finished_save(tmp_path)
    console, out = make_console()

    def no_input(_prompt: str) -> str:
        raise AssertionError("step=False must not wait for input")

    assert run_replay(str(path), step=False, console=console, input_fn=no_input) == 0
    text = out.getvalue()
    steps = decisions(state)
    assert text.count("▶ ") == steps
    assert f"[{steps}/{steps}]" in text
    assert ("WON" if state.returns()[0] == 1.0 else f"LOST: {state.loss_cause}") in text
    assert "Rounds played" in text
    # what happened is told from the events: the Mothership Phase step by step
    assert "Mothership Phase" in text and "  · The mothership moves down to row 1" in text


def test_replay_steps_forward_back_and_to_a_round(tmp_path: Path) -> None:
    path, state = finished_save(tmp_path)
    steps = decisions(state)
    console, out = make_console()
    typist = Typist("", "", "b", "r 2", "s 1", "r 99", "xyz", "q")
    assert run_replay(str(path), console=console, input_fn=typist) == 0
    text = out.getvalue()
    assert typist.prompts[:3] == [f"replay step 0/{steps} · round 1> ", f"replay step 1/{steps} · round 1> ",
                                  f"replay step 2/{steps} · round 1> "]
    assert text.count("▶ ") == 2  # two steps forward were told; going back shows the board only
    assert f"Step 1 of {steps}, round 1." in text
    rounds = [p for p in typist.prompts if "round 2>" in p]
    assert rounds, "'r 2' jumps to round 2"
    assert "There is no round 99" in text and "Cannot read 'xyz'" in text
    assert f"Stopped at step 1 of {steps}" in text and "Game not finished" in text


def test_replay_continue_plays_on_with_the_same_dice(tmp_path: Path, autosave_home: Path) -> None:
    """'continue' hands the position shown to a play session with the save's dice seed: the
    same move from there is followed by the same dice as in the game that was saved."""
    saved = tmp_path / "game.json"
    code, text, driver = play_script(lambda d: d.move(), first_white_move, lambda d: d.move(), f"save {saved}",
                                     "quit")
    assert code == 0 and "✗" not in text
    original = driver.state
    replay = original.game.new_initial_state()
    decided: list[str] = []  # the player's decisions in order: a move, a white die, a move
    for action in original.history():
        if not replay.is_chance_node():
            decided.append(replay.action_to_string(action))
        replay.apply_action(action)
    white = decided[1]
    assert white.startswith("W")
    history = original.history()

    console, out = make_console()
    typist = Typist("", "", "b", "continue", white, "quit")  # step 2, back to step 1, play on from there
    assert run_replay(str(saved), console=console, input_fn=typist) == 0
    text = out.getvalue()
    assert "Playing on from step 1" in text and f"▶ {white}" in text
    resumed = load(autosave_home / "autosave-ufs.json")
    # the white die re-rolled the other dice: the same dice as in the saved game, from the save's seed
    played = len(resumed.history())
    assert played < len(history) and resumed.history() == history[:played]
    reroll = resumed.game.new_initial_state()
    for action in history[:played - 1]:
        reroll.apply_action(action)
    assert reroll.is_chance_node()  # the history ends with the re-roll the white die caused


@pytest.mark.parametrize("content", [None, "not json at all", '{"format": "something else"}'])
def test_replay_of_a_missing_or_corrupt_file_exits_with_2(tmp_path: Path, content: str | None) -> None:
    path = tmp_path / "save.json"
    if content is not None:
        path.write_text(content, "utf-8")
    console, out = make_console()
    assert run_replay(str(path), step=False, console=console) == 2
    assert "Cannot replay" in out.getvalue() and "Traceback" not in out.getvalue()


def test_replay_through_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = finished_save(tmp_path)
    assert main(["replay", str(path), "--all"]) == 0
    assert "Rounds played" in capsys.readouterr().out
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "no such file" in flat(capsys.readouterr().err)


# --- the command line --------------------------------------------------------------------------

def test_an_unknown_city_exits_with_2_and_lists_the_cities(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "ufs", "--city", "nowhere"]) == 2
    err = flat(capsys.readouterr().err)
    assert "nowhere" in err
    for city in ("roswell", "new-york", "washington"):
        assert city in err


# --- the board -------------------------------------------------------------------------------

def board_text(state: Any, width: int = 120) -> str:
    console, out = make_console()
    console.width = width
    console.print(state)
    return out.getvalue()


def test_the_board_shows_what_moves_are_typed_with() -> None:
    state = soloboard.load_game("ufs", sky="EEET").new_initial_state()
    sampler = HistorySampler(2)
    while state.is_chance_node():
        state.apply_action(sampler(state))
    text = board_text(state)
    header = next(line for line in text.splitlines() if line.lstrip().startswith("sky"))
    assert all(f" {c} " in header for c in "abcde")
    assert "MS 0" in text and "[P]" in text
    for row in range(1, state.sky.rows + 1):  # every row's mothership action, as printed
        assert action_text(state, row) in text or row == state.sky.skull_row
    assert "SKULL" in text and "◀ next" in text and "◀R" in text
    assert "Research 0/16" in text and "Energy" in text and "the base is destroyed at 7" in text
    assert "white ships in the supply: 4" in text
    assert "Unplaced dice: gray" in text
    assert "AA gun" in text and "tunnel" in text and "EXC" in text and "*d1" in text
    assert "(ENE $0 +4)" in text  # not excavated yet: in parentheses, 4 spaces ahead of the excavator
    assert "FIG-1 $1" in text  # excavated: no parentheses
    assert str(state).startswith("Under Falling Skies - Roswell")  # the plain text board is unchanged


def test_the_board_shows_ships_robots_and_the_result() -> None:
    state = soloboard.load_game("ufs", threat=0).new_initial_state()
    sampler = HistorySampler(4)
    while state.is_chance_node():
        state.apply_action(sampler(state))
    data = json.loads(state.to_json())
    del data["history"]  # a hand-made position: a white ship in the sky and two robots
    position = data["position"]
    position["sky"][7] = "..W.."
    position["white_supply"] = 3
    position["robots"] = {"a1": {"value": 3, "exhausted": True}, "b1": {"value": 5, "exhausted": False}}
    text = board_text(soloboard.state_from_json(json.dumps(position and data)))
    row7 = next(line for line in text.splitlines() if line.lstrip().startswith("7 "))
    assert " W" in row7 and "P" not in row7
    assert "R3z" in text and "R5" in text
    assert "white ships in the supply: 3" in text
    over = json.loads(json.dumps(data))
    over["position"].update(phase="over", result="loss", loss_cause="base destroyed", damage=7,
                            unplaced={"gray": [], "white": []})
    assert "LOST: base destroyed" in board_text(soloboard.state_from_json(json.dumps(over)))


# --- the 9-card print-and-play edition ---------------------------------------------------------

PNP: dict[str, object] = {"game": "ufs-pnp", "params": {}}


def pnp_script(*script: str | Callable[[Driver], str], **kwargs: Any) -> tuple[int, str, Driver]:
    return play_script(*script, **{**PNP, **kwargs})


def spawn_red_path(max_seed: int = 200) -> tuple[int, list[str]]:
    """A seed and the moves (in notation) that lead to a spawn phase offering 'spawn red'."""
    for seed in range(max_seed):
        state = soloboard.load_game("ufs-pnp").new_initial_state()
        sampler = HistorySampler(seed)
        moves: list[str] = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sampler(state))
                continue
            legal = [state.action_to_string(a) for a in state.legal_actions()]
            if any(m.startswith("spawn red") for m in legal):
                return seed, moves
            # the last move: digging placements, 'done' in the Rooms Phase: ships come down and get shot less
            moves.append(legal[-1])
            state.apply_action(state.string_to_action(moves[-1]))
    raise AssertionError("no game offered a red ship to spawn")


def test_a_complete_9_card_game_is_played_to_the_end(autosave_home: Path) -> None:
    final = autosave_home / "autosave-ufs-pnp.json"
    code, text, driver = pnp_script(autoplay=True)
    assert code == 0
    assert driver.state.is_terminal()
    assert "✗" not in text and "Traceback" not in text
    assert "9-card edition, level 0" in text
    headline = "WON" if driver.state.returns()[0] == 1.0 else f"LOST: {driver.state.loss_cause}"
    assert headline in text
    assert f"Rounds played  {driver.state.round}" in text
    assert "(the base is destroyed at 5)" in text
    saved = load(final)
    assert saved.game.short_name == "ufs-pnp"
    assert saved == driver.state and saved.history() == driver.state.history()


def test_the_9_card_notices_are_printed_first() -> None:
    code, text, _ = pnp_script("quit")
    assert code == 0
    flat_text = flat(text)
    for notice in soloboard.load_game("ufs-pnp").notices():
        assert " ".join(notice.split()[:4]) in flat_text
    assert "Energy rooms: energy becomes max(energy, value)" in flat_text
    assert text.index("Please note") < text.index("Round 1") < text.index("Your move")


def test_the_9_card_board_and_moves_use_its_dice_and_ships() -> None:
    _, text, driver = pnp_script("quit")
    black, white = driver.state.unplaced_dice()
    assert f"Rolled: black {' '.join(map(str, black))}, white {' '.join(map(str, white))}" in text
    assert "[G]" in text and "[P]" not in text
    assert "waiting to spawn: 0 green (G), 0 red (R)" in text
    assert "red ships in the supply: 2" in text
    assert "G green ship · R red ship" in text
    moves = text[text.index("Your move"):]
    assert f"black {black[0]}" in moves and f"B{black[0]}a0" in moves
    assert f"G{black[0]}a0" not in moves
    assert "Type a placement like B5c3 (black 5 on c3)" in text
    # the track symbol of the row below the mothership fires first, then the mothership moves
    assert "track symbol" in text and "◀ fires next" in text
    assert "Next track symbol (row 1, fires before the mothership moves down)" in text
    assert "Research track" in text and "· 12 win" in flat(text)
    assert "purple" not in text and "gray" not in text and "threat" not in text


def test_9_card_moves_are_typed_with_b_and_a_g_move_is_refused() -> None:
    def black_move(driver: Driver) -> str:
        black, _ = driver.state.unplaced_dice()
        return driver.move(f"B{black[0]}a0")

    def gray_letter(driver: Driver) -> str:
        black, _ = driver.state.unplaced_dice()
        return f"G{black[0] if black else 1}b0"

    code, text, _ = pnp_script(black_move, gray_letter, "quit")
    assert code == 0 and "Traceback" not in text
    assert "▶ B" in text
    assert "Cannot read 'G" in text and "moves look like 'B5c3'" in text


def test_9_card_help_summarises_its_own_rules() -> None:
    _, text, _ = pnp_script("help", "quit")
    help_text = flat(text[text.index("9-card edition, in brief"):])
    for expected in (
        "3 black and 2 white dice", "B5c3", "place the black 5 on c3", "spawn red c", "spawn a red ship",
        "energy becomes the value if that is more than you have (at most 7)",
        "installed once every die is resolved", "used or not, it loses a pip", "never on a robot",
        "any unexcavated space", "if the die shows at least the path length",
        "row just below the mothership's arrow", "Then the mothership moves down one row",
        "above a column with no ship", "on any free drop point", "which waiting ship (green or red)",
        "Lose at 5 damage", "the four sky cards play on them", "never onto AA guns", "undo", "save FILE",
    ):
        assert expected in help_text, expected
    for boxed_only in ("gray", "purple", "farthest", "sky row 16"):
        assert boxed_only not in help_text, boxed_only


def test_9_card_help_follows_the_energy_rule_option() -> None:
    _, text, _ = pnp_script("help", "quit", params={"energy_rule": "add"})
    assert "ENE energy: add the value, at most 7" in flat(text)
    assert "Energy rooms: energy rooms add their value" in flat(text)


def test_spawn_red_is_typed_and_applied(tmp_path: Path) -> None:
    seed, moves = spawn_red_path()
    target = tmp_path / "red.json"
    chosen: dict[str, Any] = {}

    def spawn_red(driver: Driver) -> str:
        state = driver.state
        red = [state.action_to_string(a) for a in state.legal_actions()
               if state.action_to_string(a).startswith("spawn red")]
        assert red, "the mirror should be at a spawn phase offering a red ship"
        chosen["move"] = red[-1]
        chosen["before"] = (state.waiting_reinforcements, state.mothership_row)
        return driver.move(red[-1])

    script: list[str | Callable[[Driver], str]] = [
        (lambda d, m=m: d.move(m)) for m in moves  # type: ignore[misc]
    ]
    code, text, driver = pnp_script(*script, spawn_red, f"save {target}", "quit", seed=seed)
    assert code == 0 and "✗" not in text, text[-3000:]
    assert "A ship must spawn" in text and "spawn red" in text
    assert f"▶ {chosen['move']}" in text
    saved = load(target)
    assert saved == driver.state
    assert saved.history()[-1] >= 517  # the 'spawn red' actions: ids 517..521
    column = "abcde".index(chosen["move"][-1])
    wait_w, ms = chosen["before"]
    # the red ship is on the drop point it was given
    assert saved.mothership_row == ms and saved.grid[ms * 5 + column] == 2
    assert saved.waiting_reinforcements == wait_w - 1


def test_a_9_card_game_saves_loads_and_replays(tmp_path: Path) -> None:
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    saved: dict[str, Any] = {}

    def save(driver: Driver) -> str:
        saved["state"] = driver.state.clone()
        return f"save {first}"

    code, text, _ = pnp_script(
        lambda d: d.move(), first_white_move, save, lambda d: d.move(), lambda d: d.move(),
        f"load {first}", f"save {second}", "quit",
    )
    assert code == 0 and "✗" not in text
    assert "Re-rolled the unplaced dice (a white die was placed)" in text
    assert f"Loaded {first}: Under Falling Skies (9-card print-and-play edition)" in flat(text)
    assert load(first) == saved["state"]
    assert second.read_text(encoding="utf-8") == first.read_text(encoding="utf-8")
    assert json.loads(first.read_text(encoding="utf-8"))["game"] == "ufs-pnp"

    console, out = make_console()
    assert run_replay(str(first), step=False, console=console, input_fn=lambda _p: "") == 0
    replay = out.getvalue()
    assert " ".join(soloboard.load_game("ufs-pnp").notices()[0].split()[:4]) in flat(replay)
    assert replay.count("▶ ") == 2 and "Game not finished" in replay
    assert "Rolled: black" in replay and "[G]" in replay


def test_replay_of_a_finished_9_card_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = soloboard.load_game("ufs-pnp").new_initial_state()
    sampler = HistorySampler(5)
    while not state.is_terminal():
        state.apply_action(sampler(state) if state.is_chance_node() else state.legal_actions()[-1])
    path = tmp_path / "pnp.json"
    path.write_text(state.to_json(), "utf-8")
    assert main(["replay", str(path), "--all"]) == 0
    out = capsys.readouterr().out
    assert f"[{decisions(state)}/{decisions(state)}]" in out
    assert ("WON" if state.returns()[0] == 1.0 else f"LOST: {state.loss_cause}") in out
    assert "Rounds played" in out and "Traceback" not in out
    assert "Track symbol on row 1" in out  # the 9-card Mothership Phase: the symbol fires first


def test_9_card_narration_names_the_track_symbol_that_fired() -> None:
    """The 9-card Mothership Phase is told step by step from its events: the symbol on the row
    below the mothership fires first (named as printed), then the mothership moves down."""
    game = soloboard.load_game("ufs-pnp")
    fired = 0
    for seed in range(30):
        state = game.new_initial_state()
        sampler = HistorySampler(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sampler(state))
                continue
            before = state.clone()
            state.apply_action(state.legal_actions()[-1])
            if before.phase_name in ("rooms", "install") and state.phase_name in ("spawn", "roll"):
                console, out = make_console()
                EventTeller(console, game).tell(state.events(len(before.history())), "done")
                told = flat(out.getvalue())
                row = before.mothership_row + 1
                symbol = before.sky.action[row]
                assert "Mothership Phase" in told
                assert told.index(f"Track symbol on row {row}:") < told.index(f"The mothership moves down to row {row}")
                if symbol is not None and symbol[0] != "none":
                    assert f"Track symbol on row {row}: {effect_text(symbol[0], symbol[1], 'red')}" in told
                    fired += 1
    assert fired > 0


def test_mothership_action_text_names_the_reinforcement_ship() -> None:
    assert mothership_action_text(("add_white_ships", 1), "damage", "red") == "+1 red ship"
    assert mothership_action_text(("add_white_ships", 2), "damage") == "+2 white ships"


def test_the_9_card_plain_board() -> None:
    state = soloboard.load_game("ufs-pnp").new_initial_state()
    sampler = HistorySampler(2)
    while state.is_chance_node():
        state.apply_action(sampler(state))
    text = str(state)
    assert text.startswith("Under Falling Skies - 9-card edition, level 0 - every card on its easy side")
    assert "On the mothership: 0 green, 0 red; red supply 2" in text
    assert "[G]" in text and "sky15" in text and "sky16" not in text
    assert "+1 red ship" in text and "Research track" in text and "ENE+FIG" in text
    assert "Unplaced dice: black" in text
    rich_text = board_text(state)
    assert "ENE+FIG" in rich_text and "ships passing row 15 hit the city" in rich_text


def test_the_9_card_level_without_difficult_sides_exits_with_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "ufs-pnp", "--level", "5"]) == 2
    err = flat(capsys.readouterr().err)
    assert "difficult side" in err and "never guessed" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(("argv", "flag"), [
    (["play", "ufs-pnp", "--city", "roswell"], "--city"),
    (["play", "ufs-pnp", "--threat", "1"], "--threat"),
    (["sim", "ufs-pnp", "--sky", "ETEE", "--games", "1"], "--sky"),
    (["bench", "ufs-pnp", "--unidentified", "none"], "--unidentified"),
    (["play", "ufs", "--level", "0"], "--level"),
    (["sim", "ufs", "--energy-rule", "add", "--games", "1"], "--energy-rule"),
])
def test_an_option_of_the_other_edition_exits_with_2(argv: list[str], flag: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = flat(capsys.readouterr().err)
    assert f"{flag} is an option of" in err and "Traceback" not in err


def test_run_play_refuses_an_option_the_game_does_not_take() -> None:
    console, out = make_console()
    assert run_play("ufs-pnp", {"city": "roswell"}, seed=1, console=console, input_fn=input) == 2
    assert "unknown parameter 'city' for ufs-pnp" in flat(out.getvalue())


def test_9_card_options_reach_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "ufs-pnp", "--level", "0", "--energy-rule", "add", "--games", "3", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["params"] == {"level": 0, "energy_rule": "add"} and result["games"] == 3
