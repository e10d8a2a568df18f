"""What the terminal front ends (``play`` and ``replay``) share: save files, narration, summaries.

The board itself is drawn by the game (``UFSState.__rich__``); this module tells the story
around it: what the dice showed, what a move changed, how the game ended.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from soloboard.core.api import State
from soloboard.core.errors import InvalidSaveError
from soloboard.core.registry import state_from_json
from soloboard.ufs.actions import SKY_CHANCE
from soloboard.ufs.actions import space_name as _space
from soloboard.ufs.game import BaseUFSGame
from soloboard.ufs.render import action_text, action_word, render_rich
from soloboard.ufs.state import UFSState

ERROR_STYLE = "bold red"


class SaveFileError(Exception):
    """A save file that cannot be read or written; the message is meant for the player."""


# --- save files ----------------------------------------------------------------------------

def read_save(path: str | os.PathLike[str]) -> State:
    """The state saved in ``path``; raises :class:`SaveFileError` with a message for the player."""
    file = Path(path).expanduser()
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveFileError(f"{file}: no such file") from None
    except IsADirectoryError:
        raise SaveFileError(f"{file} is a directory, not a save file") from None
    except UnicodeDecodeError:
        raise SaveFileError(f"{file} is not a soloboard save (not a text file)") from None
    except OSError as exc:
        raise SaveFileError(f"cannot read {file}: {exc.strerror or exc}") from None
    try:
        return state_from_json(text)
    except InvalidSaveError as exc:
        raise SaveFileError(f"{file} cannot be loaded: {exc}") from None
    except Exception as exc:  # a malformed file the loader did not foresee is still a bad file, not a crash
        raise SaveFileError(f"{file} cannot be loaded: {type(exc).__name__}: {exc}") from None


def write_save(text: str, path: str | os.PathLike[str]) -> Path:
    """Write ``text`` to ``path`` atomically: a temporary file in the same folder, then a rename.

    A failure at any point leaves an existing save untouched and no partial file behind.
    """
    file = Path(path).expanduser()
    if file.is_dir():
        raise SaveFileError(f"{file} is a directory")
    folder = file.parent
    try:
        mode = file.stat().st_mode & 0o777 if file.exists() else 0o644
        fd, tmp = tempfile.mkstemp(prefix=f".{file.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise SaveFileError(f"cannot write in {folder}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, mode)  # mkstemp makes the file private; a save is an ordinary document
        os.replace(tmp, file)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise SaveFileError(f"cannot write {file}: {exc.strerror or exc}") from None
        raise
    return file


def initial_state_of(state: State) -> State:
    """The first position of ``state``'s game (replaying its history from here gives ``state``)."""
    game: Any = getattr(state, "game", None)
    if game is None:
        raise TypeError(f"{type(state).__name__} does not say which game it belongs to")
    return game.new_initial_state()


def history_origin(state: State) -> State:
    """Where ``state``'s history starts: the game's first position, or ``state`` itself when it
    was loaded from a position without a history (nothing before it can be rebuilt)."""
    return initial_state_of(state) if state.history() else state.clone()


def board(state: State, *, legend: bool = False) -> RenderableType:
    """The board to print; ``legend`` adds the key to its signs."""
    if isinstance(state, UFSState):
        return render_rich(state, legend=legend)
    return state  # type: ignore[return-value]  # any other game draws itself (``__rich__`` or ``str``)


# --- narration -----------------------------------------------------------------------------

def describe_chance(notation: str, game: Any = None) -> str:
    """A chance outcome in words: ``roll B135 W26`` -> ``black 1 3 5, white 2 6`` (the game's
    dice names), a set-up draw -> the sides it gave (``game.describe_sides``).

    Without an Under Falling Skies ``game`` the notation is returned as it is.
    """
    if not isinstance(game, BaseUFSGame):
        return notation
    words = notation.split()
    letters, names = game.dice_letters, game.dice_names
    if words and words[0] == "roll":
        parts = [f"{names[letters.index(w[0])] if w[0] in letters else w[0]} {' '.join(w[1:])}" for w in words[1:]]
        return ", ".join(parts) or "no dice"
    try:
        mask = game.parse_setup(notation) - SKY_CHANCE
    except ValueError:
        return notation
    return game.describe_sides(game.sides_for_mask(mask))


def _ships_on_board(state: UFSState) -> int:
    return sum(1 for ship in state.grid if ship)


def _mothership_phase_action(before: UFSState, after: UFSState) -> str:
    """The mothership action (boxed) or track symbol (9-card) a mothership phase just resolved."""
    mothership_phase = before.phase_name in ("rooms", "install") and after.phase_name in ("spawn", "roll", "over")
    if not mothership_phase or after.result == 1.0:
        return ""  # no mothership phase (a research win ends the game in the Rooms Phase)
    if after.game.ruleset.mothership_acts_before_descending:
        row = before.ms + 1  # the symbol below the mothership fires first, even if it ends the game
    elif before.ms != after.ms:
        row = after.ms  # the mothership moved down, then did its new row's action
    else:
        return ""
    if row == after.sky.skull_row:
        return ""  # the loss itself is told
    text = action_text(after, row)
    return f"{action_word(after)}: {text}" if text else ""


def describe_changes(before: State, after: State) -> list[str]:
    """What a move (or a run of moves) changed, in short phrases; empty for other games."""
    if not isinstance(before, UFSState) or not isinstance(after, UFSState) or after.sky is None:
        return []
    if before.sky is None:  # the set-up draw: nothing to compare yet
        return []
    primary, reinforcement = after.game.ship_names
    notes: list[str] = []
    for label, old, new in (
        ("research", before.research, after.research),
        ("energy", before.energy, after.energy),
        ("damage", before.damage, after.damage),
    ):
        if old != new:
            notes.append(f"{label} {old}→{new}")
    if before.ms != after.ms:
        notes.append(f"mothership row {before.ms}→{after.ms}")
    action = _mothership_phase_action(before, after)
    if action:
        notes.append(action)
    if before.exc != after.exc:
        word = "excavator to" if after.exc > before.exc else "excavator pushed back to"
        notes.append(f"{word} {_space(after.base.path[after.exc])}")
    shot = _ships_on_board(before) - _ships_on_board(after)
    if shot > 0 and before.ms == after.ms and before.damage == after.damage:
        notes.append(f"{shot} ship{'s' if shot > 1 else ''} shot down")
    for value in after.pending_robots[len(before.pending_robots):]:  # built now, installed at the phase's end
        notes.append(f"robot R{value} built (installed once every die is resolved)")
    notes.extend(_robot_changes(before, after))
    if (before.wait_p, before.wait_w) != (after.wait_p, after.wait_w):
        notes.append(f"waiting on the mothership: {after.wait_p} {primary}, {after.wait_w} {reinforcement}")
    if before.supply_w != after.supply_w:
        notes.append(f"{reinforcement} supply {before.supply_w}→{after.supply_w}")
    return notes


def _rolls_every_die(state: State) -> bool:
    """A roll of all the worker dice opens a round; a smaller one follows a white die."""
    game: Any = getattr(state, "game", None)
    full = getattr(game, "plain_dice", 0) + getattr(game, "white_dice", 0)
    return getattr(state, "roll_g", 0) + getattr(state, "roll_w", 0) >= full


def _robot_changes(before: UFSState, after: UFSState) -> list[str]:
    notes = []
    for s, (old, new) in enumerate(zip(before.robots, after.robots, strict=True)):
        if old == new:
            continue
        if not old:
            notes.append(f"robot R{new} on {_space(s)}")
        elif not new:
            notes.append(f"robot removed from {_space(s)}")
        else:
            notes.append(f"robot on {_space(s)} {old}→{new}")
    return notes


class Narrator:
    """Prints what happens between two decisions: new rounds, dice, the effects of a move."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def apply_chance(self, state: State, action: int) -> None:
        notation = state.action_to_string(action)
        game: Any = getattr(state, "game", None)
        if not isinstance(game, BaseUFSGame):
            verb = "Chance"  # another game's chance event, told in its own notation
        elif not notation.startswith("roll"):
            verb = f"{game.cards_noun[:1].upper()}{game.cards_noun[1:]} drawn"  # the set-up draw
        elif _rolls_every_die(state):
            self.console.print(Rule(f"Round {getattr(state, 'round', '?')}", style="cyan"))
            verb = "Rolled"
        else:
            verb = "Re-rolled the unplaced dice (a white die was placed)"
        state.apply_action(action)
        self.console.print(Text.assemble((f"{verb}: ", "bold"), describe_chance(notation, game)))

    def move(self, notation: str, before: State, after: State, prefix: str = "") -> None:
        text = Text.assemble(prefix, ("▶ ", "bold green"), (notation, "bold"))
        changes = describe_changes(before, after)
        if changes:
            text.append("  — " + " · ".join(changes), style="")
        self.console.print(text)


# --- messages, notices and the end of the game -------------------------------------------

def error(console: Console, title: str, detail: str = "") -> None:
    text = Text.assemble(("✗ ", ERROR_STYLE), (title, ERROR_STYLE))
    if detail:
        text.append(f"\n  {detail}")
    console.print(text)


def notices_panel(state_or_game: Any) -> RenderableType | None:
    game = getattr(state_or_game, "game", state_or_game)
    notices = game.notices() if hasattr(game, "notices") else []
    if not notices:
        return None
    body = Text("\n".join(f"• {n}" for n in notices))
    return Panel(body, title="Please note: what this edition does not know or model", title_align="left",
                 border_style="yellow")


def game_label(state: State) -> str:
    game: Any = getattr(state, "game", None)
    if game is None:
        return type(state).__name__
    params = ", ".join(f"{k} {v}" for k, v in game.parameters().items() if k != "unidentified_action")
    name = getattr(game, "long_name", getattr(game, "short_name", "game"))
    return f"{name}: {params}"


@dataclass(frozen=True)
class Outcome:
    won: bool
    headline: str


def outcome(state: State) -> Outcome:
    if not state.is_terminal():
        return Outcome(False, "not finished")
    if state.returns()[0] >= 1.0:
        return Outcome(True, "WON: the research is complete")
    cause = getattr(state, "loss_cause", "") or "the game was lost"
    return Outcome(False, f"LOST: {cause}")


def summary(state: State, extra: dict[str, str] | None = None) -> Panel:
    """Result, cause, rounds, tracks: the end-of-game box (also used for an unfinished save)."""
    result = outcome(state)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    if isinstance(state, UFSState) and state.sky is not None:
        layout = state.layout
        grid.add_row("Rounds played", str(state.round))
        grid.add_row("Research", f"{state.research} of {state.sky.research_last}")
        grid.add_row("Damage", f"{state.damage} (the base is destroyed at {layout.damage_limit})")
        grid.add_row("Energy", f"{state.energy} of {layout.energy_max}")
        grid.add_row("Mothership", f"row {state.ms} (skull row {state.sky.skull_row})")
    for key, value in (extra or {}).items():
        grid.add_row(key, value)
    if not state.is_terminal():
        title, style = f"Game not finished ({getattr(state, 'phase_name', '')} phase)", "cyan"
    else:
        title, style = result.headline, "green" if result.won else "red"
    return Panel(grid, title=title, title_align="left", border_style=style)
