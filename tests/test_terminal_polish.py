"""Issue 23, the terminal's finish: the end-of-game question never takes a typed-ahead command for a
file name, the in-game help and the README list every command, ``soloboard --help`` is plain text
naming every subcommand, and the campaign command line speaks to the player (``--as``, ``-c``, no
``KeyError``, no internal state names)."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from conftest import Typist
from soloboard.cli.main import build_parser
from soloboard.cli.play import PlaySession
from soloboard.cli.play_monstros import MonstrosSession
from soloboard.cli.session import SAVE_NAME_PROMPT, SAVE_PROMPT, TerminalSession
from soloboard.core.registry import load_game
from soloboard.i18n import _, use

README = Path(__file__).resolve().parents[1] / "README.md"
SUBCOMMANDS = ("play", "replay", "resume", "sim", "bench", "hint", "review", "report", "calibrate", "serve",
               "campaign")


@pytest.fixture
def at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(TerminalSession, "interactive", True)


def finished_state(game: str = "ufs", seed: int = 4, **params: Any) -> Any:
    """A game played to its end with random moves (and random dice)."""
    rng = random.Random(seed)
    state = load_game(game, **params).new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [action for action, _p in state.chance_outcomes()]
            state.apply_action(rng.choice(outcomes))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def make_session(session_class: type[TerminalSession], state: Any, console: Console, typed: Typist) -> Any:
    if session_class is MonstrosSession:
        return MonstrosSession(state, 1, set(), console, typed)
    return session_class(state, 1, console, typed)


def finish(session_class: type[TerminalSession], state: Any, *lines: str) -> tuple[str, Typist]:
    out = io.StringIO()
    typed = Typist(*lines)
    session = make_session(session_class, state, Console(file=out, width=100, height=200), typed)
    assert session.run() == 0
    return out.getvalue(), typed


# --- 1. the end-of-game question --------------------------------------------------------------------

@pytest.mark.parametrize("typed", [("hint", "board", ""), ("board",), ("", "hint"), ("undo",), ("G5c3",),
                                   ("moves", "y", "x.json")])
def test_commands_typed_after_the_end_never_become_a_file(typed: tuple[str, ...], tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          at_a_terminal: None) -> None:
    monkeypatch.chdir(tmp_path)
    text, seen = finish(PlaySession, finished_state(), *typed)
    assert list(tmp_path.iterdir()) == [], text  # no file called hint, board, undo, G5c3...
    assert seen.prompts[0] == _(SAVE_PROMPT) and "[y/N]" in seen.prompts[0]
    assert all("File name" not in p for p in seen.prompts)  # never asked for a name without a yes


def test_a_yes_then_a_command_or_a_move_is_refused_as_a_file_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   at_a_terminal: None) -> None:
    monkeypatch.chdir(tmp_path)
    text, seen = finish(PlaySession, finished_state(), "y", "hint", "g 5 c3", "use d1", "board", "mine.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.json"]
    assert "is a command or a move, not a file name" in text and "Saved to mine.json" in text
    assert seen.prompts[1] == _(SAVE_NAME_PROMPT).format(example="mygame.json")


def test_a_yes_then_enter_saves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        at_a_terminal: None) -> None:
    monkeypatch.chdir(tmp_path)
    text, _seen = finish(PlaySession, finished_state(), "y", "")
    assert list(tmp_path.iterdir()) == [] and "Not saved." in text


def test_monstros_end_of_game_asks_yes_no_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                at_a_terminal: None) -> None:
    monkeypatch.chdir(tmp_path)
    state = finished_state("monstros", seed=2, players=1)
    finish(MonstrosSession, state, "hint", "play pa")
    assert list(tmp_path.iterdir()) == []
    finish(MonstrosSession, state, "y", "tower pa pa *", "hit 3a 6", "end.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["end.json"]


# --- 2. the help and the README -----------------------------------------------------------------------

def help_of(session_class: type[TerminalSession], state: Any) -> str:
    out = io.StringIO()
    session = make_session(session_class, state, Console(file=out, width=100, height=200), Typist())
    session.cmd_help("")
    return out.getvalue()


def test_the_help_lists_hint_ai_and_the_boxed_remove() -> None:
    boxed = help_of(PlaySession, load_game("ufs").new_initial_state())
    assert re.search(r"^\s+hint\s", boxed, re.M) and re.search(r"^\s+ai\s", boxed, re.M)
    assert re.search(r"^\s+remove SPACE\s+boxed edition", boxed, re.M) and "Dice Phase" in boxed
    nine_card = help_of(PlaySession, load_game("ufs-pnp").new_initial_state())
    assert re.search(r"^\s+hint\s", nine_card, re.M)
    assert "remove SPACE" not in nine_card  # the 9-card edition removes robots only when installing
    monstros = help_of(MonstrosSession, load_game("monstros", players=2).new_initial_state())
    assert re.search(r"^\s+hint\s", monstros, re.M) and re.search(r"^\s+ai\s", monstros, re.M)


def test_the_help_is_translated() -> None:
    with use("pt"):
        boxed = help_of(PlaySession, load_game("ufs").new_initial_state())
    assert re.search(r"^\s+hint\s", boxed, re.M) and "the three best moves" not in boxed


def test_the_readme_lists_every_command_of_a_game() -> None:
    text = README.read_text(encoding="utf-8")
    part = text[text.index("Commands in a game"):text.index("### Move notation")]
    for command in ("`hint", "`ai", "`moves`", "`undo`", "`preview", "`board", "`log`", "`help`", "`quit`"):
        assert command in part, command
    assert "`remove" in part and "Dice Phase" in part


# --- 3. soloboard --help ----------------------------------------------------------------------------------

def test_the_top_level_help_is_plain_text_and_names_every_subcommand() -> None:
    text = build_parser().format_help()
    assert "``" not in text
    description = " ".join(text.split("positional arguments")[0].split("\n\n", 1)[-1].split())  # after the usage
    for name in SUBCOMMANDS:
        assert re.search(rf"\b{name}\b \(", description), (name, description)


def test_no_help_shows_rest_markup() -> None:
    parser = build_parser()
    subparsers = next(a for a in parser._actions if a.dest == "command")
    for name, sub in subparsers.choices.items():  # type: ignore[attr-defined]
        assert "``" not in sub.format_help(), name


# --- 4. the campaign command line -------------------------------------------------------------------------

def test_importing_a_campaign_whose_name_exists_mentions_as(campaign_cli: Callable[..., str],
                                                            tmp_path: Path) -> None:
    campaign_cli("new", "Twice", "--seed", "3")
    path = tmp_path / "twice.json"
    campaign_cli("export", str(path))
    out = campaign_cli("import", str(path), code=2)
    assert "exists already" in out and "--as" in out
    assert "imported" in campaign_cli("import", str(path), "--as", "Twice again")


def test_a_record_without_a_field_is_named_not_a_key_error(campaign_cli: Callable[..., str],
                                                           tmp_path: Path) -> None:
    campaign_cli("new", "Fields", "--seed", "3")
    campaign_cli("choose", "1")
    campaign_cli("battle", "--companion")
    campaign_cli("record", "won")
    path = tmp_path / "fields.json"
    campaign_cli("export", str(path))
    data = json.loads(path.read_text("utf-8"))
    for rec in data["records"]:
        if rec["kind"] == "game_result":
            del rec["won"]
    path.write_text(json.dumps(data), "utf-8")
    out = campaign_cli("import", str(path), "--as", "Broken", code=2)
    assert "KeyError" not in out and "(game_result) is malformed: it has no 'won'" in out


def test_status_and_journal_take_c_like_the_other_steps(campaign_cli: Callable[..., str]) -> None:
    campaign_cli("new", "First", "--seed", "1")
    campaign_cli("new", "Second", "--seed", "2")
    assert "First" in campaign_cli("status", "-c", "First").splitlines()[0]
    assert "First" in campaign_cli("status", "--campaign", "First").splitlines()[0]
    assert "First" in campaign_cli("status", "First").splitlines()[0]  # the positional name still works
    assert "First" in campaign_cli("journal", "-c", "First").splitlines()[0]
    assert "Second" in campaign_cli("status").splitlines()[0]  # the one played last
    assert "name one" in campaign_cli("status", "First", "-c", "Second", code=2)


def test_the_campaign_never_shows_its_state_ids(campaign_cli: Callable[..., str]) -> None:
    campaign_cli("new", "Words", "--seed", "3")
    assert "choosing a pile" in campaign_cli("list")
    campaign_cli("choose", "1")
    listed = campaign_cli("list")
    assert "setting up a game" in listed
    campaign_cli("battle", "--companion")
    assert "game in play" in campaign_cli("list")
    for shown in (listed, campaign_cli("list"), campaign_cli("status"), campaign_cli("journal")):
        assert not re.search(r"\b(set_up|name_city|game_set_up)\b", shown), shown
    pt = campaign_cli("--lang", "pt", "list")
    assert "partida em curso" in pt


@pytest.mark.parametrize("lang", ["en", "pt", "cs", "pl", "es"])
def test_the_campaign_fits_80_columns(campaign_cli: Callable[..., str], monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str], lang: str) -> None:
    """Its sheet, set-up texts, journal, refusals and help are wrapped to the terminal, under their own
    indent, instead of running past its edge (lines of 150 characters before)."""
    from rich.cells import cell_len

    monkeypatch.setenv("COLUMNS", "80")
    out = campaign_cli("--lang", lang, "new", "Eighty", "--seed", "3")
    out += campaign_cli("--lang", lang, "choose", "1", "-c", "Eighty")
    out += campaign_cli("--lang", lang, "battle", "-c", "Eighty")
    out += campaign_cli("--lang", lang, "choose", "2", "-c", "Eighty", code=1)  # refused: a game is in play
    out += campaign_cli("--lang", lang, "journal", "-c", "Eighty")
    out += campaign_cli("--lang", lang, "contents", "-c", "Eighty", "--reveal")
    out += campaign_cli("--lang", lang, "list")
    with pytest.raises(SystemExit):
        campaign_cli("--lang", lang, "--help")
    with pytest.raises(SystemExit):
        campaign_cli("--lang", lang, "stat")  # an unknown step: argparse lists every one
    out += "".join(capsys.readouterr())
    too_wide = [line for line in out.splitlines() if cell_len(line) > 80]
    assert too_wide == [] and len(out.splitlines()) > 60
