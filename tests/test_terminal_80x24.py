"""Issue 23, "Done when": a whole game in an 80x24 pseudo-terminal in each of the five languages.

Every screen is read as the terminal shows it: no line is wider than 80 columns (display
width, not bytes), and between two questions to the player (the game's prompt, the pager's
'-- more --', the end-of-game question) no more than 24 lines are printed, the question's own
line included, so nothing scrolls away unread. The games in Portuguese, Czech, Polish and
Spanish must not show any of a short list of this project's English UI words; the list is
checked against the English game, so each word really is one the English screen shows.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len

from terminal_support import Mirror, spawn

pexpect = pytest.importorskip("pexpect")

SEED = 5
WIDTH, HEIGHT = 80, 24
# every question the player is asked ends its line: the game's prompt ('round 3 · place> '), the pager's
# '-- more ... -- ', a [y/N] question (in every language its letters differ)
QUESTION = r"\n[^\n]*(?:· [^\n]*> |-- |\[\w/\w\] )$"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
# distinctive words of the English screen (each is checked to appear in the English game)
ENGLISH = ("Round", "Research", "Energy", "Damage", "Mothership", "Rolled", "Type a move", "place phase",
           "Please note", "legal moves", "purple ship", "skull row", "waiting", "supply", "Best moves", "Undone")
# typed before the n-th move
COMMANDS = {3: "help", 5: "board", 7: "moves", 9: "hint 200it", 10: "preview", 12: "log"}
UNDO_AFTER = 4


def play_a_game(lang: str, home: Path, game: str = "ufs", **params: Any) -> list[str]:
    """Play a whole game (the boxed edition unless ``game`` says) at 80x24 in ``lang``, with the commands
    a player uses on the way (and an undo); every screen, as the text from one question to the next."""
    mirror = Mirror(SEED, game, **params)
    options = [f"--{key}={value}" for key, value in params.items()]
    child = spawn(["play", game, *options, "--seed", str(SEED), "--lang", lang], home, timeout=30)
    screens: list[str] = []

    def answer(line: str) -> str:
        """Type ``line``, then Enter at every '-- more --' until the game asks again; what it asks."""
        child.sendline(line)
        while True:
            child.expect(QUESTION)
            screens.append(child.before + child.after)
            if not child.after.endswith("-- "):
                return str(child.after)
            child.sendline("")

    child.expect(QUESTION)
    screens.append(child.before + child.after)
    asked = child.after if not child.after.endswith("-- ") else answer("")
    moves = 0
    while not re.search(r"\[\w/\w\] $", asked) and not mirror.state.is_terminal():
        if moves in COMMANDS:
            asked = answer(COMMANDS.pop(moves))
            continue
        move = mirror.choose()
        if moves == UNDO_AFTER:  # a move taken back: the game is where it was, with the same dice
            before = mirror.state.clone()
            answer(move)
            asked = answer("undo")
            mirror.state = before
            moves += 1
            continue
        mirror.play(move)
        moves += 1
        asked = answer(move)
    child.sendline("")  # the end-of-game question: no copy
    child.expect(pexpect.EOF)
    child.close()
    assert mirror.state.is_terminal() and child.exitstatus == 0
    return screens


def screen_lines(screen: str) -> list[str]:
    """The lines a screen adds below the line typed at the last question, as the terminal shows them."""
    lines = ANSI.sub("", screen).replace("\r", "").split("\n")
    return lines[1:]  # the first is the rest of the question's line: what the player typed


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[list[str], float]]:
    played: dict[str, tuple[list[str], float]] = {}
    for lang in ("en", "pt", "cs", "pl", "es"):
        start = time.monotonic()
        played[lang] = (play_a_game(lang, tmp_path_factory.mktemp(f"home-{lang}")), time.monotonic() - start)
    return played


@pytest.mark.parametrize("lang", ["en", "pt", "cs", "pl", "es"])
def test_every_screen_fits_80x24(lang: str, games: dict[str, tuple[list[str], float]]) -> None:
    screens, seconds = games[lang]
    assert seconds < 60, f"{lang}: the game took {seconds:.0f} s"
    too_wide = [line for screen in screens for line in screen_lines(screen) if cell_len(line) > WIDTH]
    assert not too_wide, f"{lang}: lines wider than {WIDTH} columns:\n" + "\n".join(too_wide[:10])
    too_tall = [screen for screen in screens if len(screen_lines(screen)) > HEIGHT]
    assert not too_tall, f"{lang}: a screen of {len(screen_lines(too_tall[0]))} lines:\n" + ANSI.sub("", too_tall[0])


@pytest.mark.parametrize(("game", "params"), [("ufs-pnp", {}), ("monstros", {"players": 1}),
                                             ("monstros", {"players": 2})])
def test_the_other_games_fit_80x24_too(game: str, params: dict[str, Any], tmp_path: Path) -> None:
    screens = play_a_game("en", tmp_path, game, **params)
    too_wide = [line for screen in screens for line in screen_lines(screen) if cell_len(line) > WIDTH]
    assert not too_wide, "\n".join(too_wide[:10])
    too_tall = [screen for screen in screens if len(screen_lines(screen)) > HEIGHT]
    assert not too_tall, ANSI.sub("", too_tall[0]) if too_tall else ""


def test_the_english_words_are_the_english_screens(games: dict[str, tuple[list[str], float]]) -> None:
    text = "\n".join(games["en"][0])
    assert [word for word in ENGLISH if word not in text] == []


@pytest.mark.parametrize("lang", ["pt", "cs", "pl", "es"])
def test_no_english_words_in_another_language(lang: str, games: dict[str, tuple[list[str], float]]) -> None:
    text = "\n".join(games[lang][0])
    leaks = {word: _context(text, word) for word in ENGLISH if re.search(rf"\b{re.escape(word)}\b", text)}
    assert leaks == {}, f"{lang}: English words on the screen: {leaks}"


def _context(text: str, word: str) -> Any:
    match = re.search(rf"[^\n]*\b{re.escape(word)}\b[^\n]*", text)
    return match.group().strip() if match else ""


# --- the fixes behind it, one by one ----------------------------------------------------------------

def _text_lines(lines: list[Any]) -> list[str]:
    return [line.plain for line in lines]


@pytest.mark.parametrize("lang", ["en", "pt", "cs", "pl", "es"])
def test_the_compact_board_keeps_every_multi_space_marker_at_80(lang: str) -> None:
    from soloboard.cli.ufs_screen import compact_board
    from soloboard.i18n import set_language

    set_language(lang)
    state = Mirror(1).state  # Roswell: d1/e1 is an energy room of two spaces, 'ENE-3$0'
    lines = _text_lines(compact_board(state, WIDTH, HEIGHT, set()))
    assert max(cell_len(line) for line in lines) <= WIDTH
    multi = sum(len(room.spaces) for room in state.base.rooms if len(room.spaces) > 1)
    assert sum(line.count("*") for line in lines) == multi
    assert sum(line.count("-3$0*") for line in lines) == 2


def test_a_one_on_an_aa_gun_does_not_say_the_column_is_empty() -> None:
    from conftest import make_position
    from soloboard.ufs import narrate

    state = make_position(ships={(3, 0): "P"}, gray=[1, 2, 3], white=[4, 5])
    said = narrate.preview_text(state.preview(state.string_to_action("G1a0")), state.game)
    assert "no ship in column" not in said and said.startswith("no ship moves")
    empty = narrate.preview_text(state.preview(state.string_to_action("G2b0")), state.game)
    assert empty == "no ship in column b"  # where the column really is empty, it says so


def test_a_robot_used_without_losing_a_pip_is_not_told_as_a_change() -> None:
    from soloboard.ufs import narrate

    said = narrate.sentence({"kind": "robot_used", "action": 0, "space": "d1", "from": 5, "to": 5})
    assert "5 → 5" not in said and said == "Robot on d1 used."
    assert "5 → 4" in narrate.sentence({"kind": "robot_used", "action": 0, "space": "d1", "from": 5, "to": 4})


def test_monstros_move_texts_join_sentences_without_a_stray_semicolon() -> None:
    import random

    from soloboard.core.registry import kit_of, load_game

    rng = random.Random(3)
    state = load_game("monstros", players=1).new_initial_state()
    kit = kit_of(state)
    texts = []
    while not state.is_terminal() and len(texts) < 400:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _p in state.chance_outcomes()]))
            continue
        texts += [kit.move_effect(state, a) for a in state.legal_actions()[:6]]
        state.apply_action(rng.choice(state.legal_actions()))
    joined = [t for t in texts if t.count(".") > 1]
    assert joined and not [t for t in texts if ".;" in t]


def test_a_monstros_hint_is_a_row_a_move_within_80_columns() -> None:
    import io
    import random

    from rich.console import Console

    from soloboard.cli.hint import print_hint
    from soloboard.core.registry import load_game

    rng = random.Random(2)
    state = load_game("monstros", players=1).new_initial_state()
    while state.is_chance_node() or len(state.history()) < 12:
        state.apply_action(rng.choice([a for a, _p in state.chance_outcomes()]) if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    out = io.StringIO()
    print_hint(Console(file=out, width=WIDTH, color_system=None), state, "200it", in_game=True)
    lines = out.getvalue().splitlines()
    rows = [line for line in lines if "│" in line]
    assert 1 <= len(rows) <= 3, out.getvalue()  # one line each, not a story wrapped over 20 lines
    assert max(cell_len(line) for line in lines) <= WIDTH
    assert "'preview MOVE' tells a move in full" in out.getvalue()  # what was cut is a command away


def test_the_notes_are_shown_once_when_the_same_game_is_loaded(tmp_path: Path) -> None:
    import io

    from rich.console import Console

    from conftest import Typist
    from soloboard.cli.play import run_play
    from soloboard.core.saves import save_text

    saved = tmp_path / "g.json"
    saved.write_text(save_text(Mirror(1).state), "utf-8")
    out = io.StringIO()
    run_play("ufs", {}, 1, console=Console(file=out, width=WIDTH, height=HEIGHT), input_fn=Typist(f"load {saved}"))
    assert out.getvalue().count("Please note") == 1


def test_help_is_wrapped_to_the_terminal_not_broken_mid_sentence() -> None:
    import io

    from rich.console import Console

    from soloboard.cli.play import PlaySession

    out = io.StringIO()
    session = PlaySession(Mirror(1).state, 1, Console(file=out, width=WIDTH, height=HEIGHT), input)
    session.cmd_help("")
    lines = out.getvalue().splitlines()
    assert max(cell_len(line) for line in lines) <= WIDTH
    commands = lines[next(i for i, line in enumerate(lines) if line.startswith("Commands")) + 1:]
    table = commands[:next(i for i, line in enumerate(commands) if not line.strip())]
    # every line of the commands' table is a row or the indented rest of one: none starts at the margin
    assert table and all(line.startswith("  ") for line in table), table
    assert any(line.startswith("  preview MOVE  what a move would do") for line in table)


def paged_console(input_fn: Any, height: int = HEIGHT) -> tuple[Any, Any, Any]:
    """A console writing through the terminal's pager into a string: (the text written, console, pager)."""
    import io

    from rich.console import Console

    from soloboard.cli.terminal import ScreenPager

    out = io.StringIO()
    console = Console(file=out, width=WIDTH, height=height, color_system=None)
    pager = ScreenPager(out, console, input_fn)
    console.file = pager  # type: ignore[assignment]
    return out, console, pager


def test_the_pager_asks_before_a_screen_scrolls_away_and_keeps_a_typed_line() -> None:
    from conftest import Typist

    typed = Typist("", "G5c3")
    out, console, pager = paged_console(typed)
    for n in range(60):
        console.print(f"line {n}")
    assert len(typed.prompts) == 2 and "-- " in typed.prompts[0]
    shown = out.getvalue().splitlines()
    assert shown[:23] == [f"line {n}" for n in range(23)] and "line 45" in shown and "line 46" not in shown
    assert pager.next_line("> ") == "G5c3"  # the move typed at '-- more --' is the player's next line
    console.print("x" * 200)  # a line wider than the terminal takes three rows
    assert pager.used == 1 + 3


def test_a_new_round_is_told_on_one_line_with_its_roll() -> None:
    import io

    from rich.console import Console

    from soloboard.cli.ufs_tell import EventTeller

    mirror = Mirror(SEED)
    state = mirror.state
    while state.round == 1:  # to the move that ends round 1 (its events end with the new round)
        move = mirror.choose()
        start = len(state.history())
        mirror.play(move)
        state = mirror.state
    events = state.events(start)
    roll = next(i for i, ev in enumerate(events) if ev["kind"] == "round_started") + 1
    out = io.StringIO()
    teller = EventTeller(Console(file=out, width=WIDTH, color_system=None), state.game)
    teller.tell(events[:roll], move)
    teller.tell(events[roll:])
    lines = out.getvalue().splitlines()
    heading = [line for line in lines if "Round 2" in line]
    assert len(heading) == 1 and "Rolled:" in heading[0], lines  # one line saved: the board and the news fit
    assert not [line for line in lines if line.startswith("Rolled")]


def test_a_board_starts_a_new_screen_rather_than_be_cut() -> None:
    from conftest import Typist

    typed = Typist("", "")
    _out, console, pager = paged_console(typed)
    pager.room(20)
    assert typed.prompts == []  # nothing said yet: it fits
    for n in range(6):
        console.print(f"news {n}")
    pager.room(20)  # 6 + 20 lines would push the news off: '-- more --' first
    assert len(typed.prompts) == 1 and pager.used == 0


@pytest.mark.parametrize("lang", ["en", "pt", "cs", "pl", "es"])
def test_the_monstros_reminder_of_the_commands_is_one_line(lang: str) -> None:
    import io

    from rich.console import Console

    from soloboard.cli.play_monstros import MonstrosSession
    from soloboard.core.registry import load_game
    from soloboard.i18n import set_language

    set_language(lang)
    out = io.StringIO()
    state = load_game("monstros", players=1).new_initial_state()
    session = MonstrosSession(state, 1, set(), Console(file=out, width=WIDTH, color_system=None), input)
    line = session.hint_line().plain
    assert cell_len(line) < WIDTH and line.endswith("quit") and "help" in line


def test_ctrl_c_at_more_leaves_the_game_and_keeps_it(tmp_path: Path) -> None:
    child = spawn(["play", "ufs", "--seed", str(SEED)], tmp_path, timeout=30)
    child.expect(r"\n-- [^\n]*-- $")  # the notes and the first roll fill the first screen
    child.sendintr()
    child.expect("Game left unfinished")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and (tmp_path / "autosave-ufs.json").is_file()


def test_ctrl_c_at_more_is_raised_at_the_next_line_not_inside_a_print() -> None:
    def interrupt(_prompt: str) -> str:
        raise KeyboardInterrupt

    out, console, pager = paged_console(interrupt, height=10)
    console.print("\n".join(f"line {n}" for n in range(30)))
    console.print("dropped")
    with pytest.raises(KeyboardInterrupt):
        pager.next_line("> ")
    console.print("Game left unfinished")
    shown = out.getvalue()
    assert "line 9" not in shown and "dropped" not in shown and shown.endswith("Game left unfinished\n")


def test_resume_and_replay_then_continue_tell_the_notes_once(tmp_path: Path) -> None:
    import io

    from rich.console import Console

    from conftest import Typist
    from soloboard.cli import autosave
    from soloboard.cli.replay import run_replay
    from soloboard.cli.resume import run_resume
    from soloboard.core.saves import save_text

    mirror = Mirror(SEED)
    for _ in range(3):
        mirror.play(mirror.choose())
    path = autosave.autosave_path("ufs")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(save_text(mirror.state, dice_seed=SEED), "utf-8")
    out = io.StringIO()
    run_resume("ufs", console=Console(file=out, width=WIDTH, height=HEIGHT), input_fn=Typist())
    assert out.getvalue().count("Please note") == 1  # a resumed game tells what the edition does not model
    out = io.StringIO()
    run_replay(str(path), console=Console(file=out, width=WIDTH, height=HEIGHT), input_fn=Typist("", "continue"))
    assert out.getvalue().count("Please note") == 1  # playing on from a replay does not tell them again
