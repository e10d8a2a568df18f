"""What the terminal front ends (``play``, ``replay``, ``resume``) share: save files, notices,
summaries. What happened is told from the engine's events (``cli/ufs_tell.py``).
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from soloboard.core import table
from soloboard.core.api import State
from soloboard.core.errors import InvalidSaveError
from soloboard.core.registry import kit_of, state_from_json
from soloboard.i18n import _

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
        raise SaveFileError(_("{file}: no such file").format(file=file)) from None
    except IsADirectoryError:
        raise SaveFileError(_("{file} is a directory, not a save file").format(file=file)) from None
    except UnicodeDecodeError:
        raise SaveFileError(_("{file} is not a soloboard save (not a text file)").format(file=file)) from None
    except OSError as exc:
        raise SaveFileError(_("cannot read {file}: {error}").format(file=file, error=exc.strerror or exc)) from None
    try:
        return state_from_json(text)
    except InvalidSaveError as exc:
        raise SaveFileError(_("{file} cannot be loaded: {error}").format(file=file, error=exc)) from None
    except Exception as exc:  # a malformed file the loader did not foresee is still a bad file, not a crash
        raise SaveFileError(_("{file} cannot be loaded: {error}").format(
            file=file, error=f"{type(exc).__name__}: {exc}")) from None


def read_save_meta(path: str | os.PathLike[str]) -> tuple[State, dict[str, Any]]:
    """The state saved in ``path`` and what the terminal wrote beside it: ``dice_seed`` (the
    session's dice) and ``ai_seats`` (Monstros), when present. Older saves have neither."""
    state = read_save(path)
    meta: dict[str, Any] = {}
    with contextlib.suppress(OSError, ValueError):
        data = json.loads(Path(path).expanduser().read_text(encoding="utf-8"))
        if isinstance(data, dict):
            seed = data.get("dice_seed")
            if isinstance(seed, int) and not isinstance(seed, bool):
                meta["dice_seed"] = seed
            seats = data.get("ai_seats")
            if isinstance(seats, list) and all(isinstance(s, int) and not isinstance(s, bool) for s in seats):
                meta["ai_seats"] = seats
    return state, meta


def write_save(text: str, path: str | os.PathLike[str]) -> Path:
    """Write ``text`` to ``path`` atomically: a temporary file in the same folder, then a rename.

    A failure at any point leaves an existing save untouched and no partial file behind.
    """
    file = Path(path).expanduser()
    if file.is_dir():
        raise SaveFileError(_("{file} is a directory").format(file=file))
    folder = file.parent
    try:
        mode = file.stat().st_mode & 0o777 if file.exists() else 0o644
        fd, tmp = tempfile.mkstemp(prefix=f".{file.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise SaveFileError(_("cannot write in {folder}: {error}").format(folder=folder,
                                                                        error=exc.strerror or exc)) from None
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
            raise SaveFileError(_("cannot write {file}: {error}").format(file=file,
                                                                         error=exc.strerror or exc)) from None
        raise
    return file


def initial_state_of(state: State) -> State:
    """The first position of ``state``'s game (replaying its history from here gives ``state``)."""
    game: Any = getattr(state, "game", None)
    if game is None:
        raise TypeError(f"{type(state).__name__} does not say which game it belongs to")
    return game.new_initial_state()


def history_origin(state: State) -> State:
    """Where ``state``'s history starts: the game's first position, the set-up position a saved game
    began at, or ``state`` itself when it has no history (``core/table.py``, shared with the browser)."""
    return table.history_origin(state)


def board(state: State, *, legend: bool = False) -> RenderableType:
    """The board to print (the game's terminal part draws it); ``legend`` adds the key to its signs."""
    return kit_of(state).terminal_part().board(state, legend=legend)


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
    return Panel(body, title=_("Please note: what this edition does not know or model"), title_align="left",
                 border_style="yellow")


def game_label(state: State) -> str:
    game: Any = getattr(state, "game", None)
    if game is None:
        return type(state).__name__
    kit = kit_of(game)
    # the options as typed, but those the kit keeps out of the way (how to read uncertain data)
    params = ", ".join(f"{k} {v}" for k, v in game.parameters().items()
                       if not ((p := kit.parameter(k)) is not None and p.advanced))
    name = getattr(game, "long_name", "") or getattr(game, "short_name", "game")
    return f"{_(name)}: {params}"  # the name is a msgid (each game marks it with N_)


@dataclass(frozen=True)
class Outcome:
    won: bool
    headline: str


def outcome(state: State) -> Outcome:
    """Won or not, and the headline that says how (each game's terminal part words it)."""
    if not state.is_terminal():
        return Outcome(False, _("not finished"))
    won = state.returns()[0] >= 1.0
    return Outcome(won, kit_of(state).terminal_part().result_headline(state, won))


def summary(state: State, extra: dict[str, str] | None = None) -> Panel:
    """Result, cause, rounds, tracks: the end-of-game box (also used for an unfinished save)."""
    result = outcome(state)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    part = kit_of(state).terminal_part()
    for key, value in [*part.summary_rows(state), *(extra or {}).items()]:
        grid.add_row(key, value)
    if not state.is_terminal():
        phase = part.phase_word(getattr(state, "phase_name", ""))
        title, style = _("Game not finished ({phase} phase)").format(phase=phase), "cyan"
    else:
        title, style = result.headline, "green" if result.won else "red"
    return Panel(grid, title=title, title_align="left", border_style=style)
