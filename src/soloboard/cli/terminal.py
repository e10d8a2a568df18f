"""What the terminal front ends (``play``, ``replay``, ``resume``) share: save files, notices,
summaries. What happened is told from the engine's events (``cli/ufs_tell.py``).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import sys
import tempfile
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, cast

from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from soloboard.agents.base import parse_budget
from soloboard.core import table
from soloboard.core.api import State
from soloboard.core.errors import InvalidSaveError
from soloboard.core.registry import kit_of, state_from_json
from soloboard.i18n import N_, _

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
    session's dice), ``ai_seats``, ``ai_agents`` and ``ai_budget`` (Monstros), when present. Older saves have none."""
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
            agents = data.get("ai_agents")
            if isinstance(agents, dict):  # each name is checked by the session that uses it
                meta["ai_agents"] = agents
            budget = data.get("ai_budget")
            if isinstance(budget, str):  # a budget that does not parse is dropped: the standard one plays
                with contextlib.suppress(ValueError):
                    meta["ai_budget"] = str(parse_budget(budget))
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


def game_label(state: State) -> str:
    game: Any = getattr(state, "game", None)
    if game is None:
        return type(state).__name__
    # the game's title names its settings in the player's language (not the options as typed)
    name = getattr(game, "long_name", "") or getattr(game, "short_name", "game")
    return f"{_(name)}: {game.title()}"  # the name is a msgid (each game marks it with N_)


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


# --- one screen at a time ------------------------------------------------------------------
# i18n: Enter and q are the keys the player presses; keep the dashes
MORE_PROMPT = N_("-- more: Enter next page · q skip the rest -- ")
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")


class ScreenPager(io.TextIOBase):
    """The console's output, a screen at a time: before a line would push the last thing the player
    typed off the top of the terminal, it asks ``-- more --`` (Enter: the next page; ``q``: skip the
    rest; anything else is kept as the player's next line). Installed at a real terminal only
    (:func:`page_screens`), where a person reads; the lines are counted as the terminal shows them."""

    def __init__(self, file: IO[str], console: Console, input_fn: Callable[[str], str]) -> None:
        self.file = file
        self.console = console
        self.input_fn = input_fn
        self.used = 0  # lines shown since the player last typed
        self.column = 0  # cells on the current, unfinished line
        self.skipping = False
        self.interrupted = False  # Ctrl-C at '-- more --': raised at the next read
        self.typed: list[str] = []  # a line typed at '-- more --' that was not Enter or q

    # what rich asks of its file
    def isatty(self) -> bool:
        return self.file.isatty()

    def fileno(self) -> int:
        return self.file.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.file, "encoding", "utf-8")

    def flush(self) -> None:
        self.file.flush()

    def rows(self) -> int:
        return max(4, self.console.size.height - 1)  # the last row is for the prompt or '-- more --'

    def fit_dumb_terminal(self) -> None:
        """rich takes a dumb terminal (TERM=dumb) to be 80x25 whatever it is: ask the terminal itself."""
        if self.console.is_dumb_terminal:
            with contextlib.suppress(OSError, ValueError):
                size = os.get_terminal_size(self.file.fileno())
                self.console.size = (size.columns, size.lines)

    def next_line(self, prompt: str) -> str:
        """The player's next line (a line already typed at '-- more --' first); a new screen starts."""
        self.used, self.column, self.skipping = 0, 0, False
        if self.interrupted:
            self.interrupted = False
            raise KeyboardInterrupt
        if self.typed:
            line = self.typed.pop(0)
            self.file.write(f"{prompt}{line}\n")
            self.file.flush()
            self.used = 1
            return line
        return self.input_fn(prompt)

    def room(self, lines: int) -> None:
        """Make room for ``lines`` lines that belong together (a board): a new page unless they fit."""
        if self.used and self.used + lines > self.rows():
            self.more()

    def more(self) -> None:
        if self.skipping:
            return
        self.file.flush()
        self.used, self.column = 0, 0
        try:
            answer = self.input_fn(_(MORE_PROMPT)).strip()
        except EOFError:
            answer = "q"
        except KeyboardInterrupt:
            # Ctrl-C: the rest of this screen is dropped and the player's next line is the interrupt, raised
            # there (raised here, inside rich's write, the unwritten text would come back with the next print)
            self.file.write("\n")
            self.skipping = self.interrupted = True
            return
        if answer:
            self.skipping = True
            if answer.lower() != "q":  # the prompt names the key q in every language
                self.typed.append(answer)

    def write(self, text: str) -> int:
        if self.skipping:
            return len(text)
        width = max(1, self.console.size.width)
        for piece in text.splitlines(keepends=True):
            if self.used >= self.rows() and self.column == 0:
                self.more()
                if self.skipping:
                    return len(text)
            self.file.write(piece)
            line = piece.rstrip("\n")
            self.column += cell_len(_ANSI.sub("", line))
            if piece.endswith("\n"):
                self.used += max(1, -(-self.column // width))  # a line wider than the terminal takes more rows
                self.column = 0
        return len(text)


def page_screens(console: Console, input_fn: Callable[[str], str]) -> Callable[[str], str]:
    """At a real terminal where a person types (the builtin ``input``), show ``console``'s output a
    screen at a time (:class:`ScreenPager`); the input function to use from then on. Elsewhere (piped
    input, a file, a test's console) nothing changes."""
    current = console.file
    if isinstance(current, ScreenPager):
        return current.next_line
    if input_fn is not input or not sys.stdin.isatty() or not console.is_terminal:
        return input_fn
    pager = ScreenPager(current, console, input_fn)
    console.file = cast(IO[str], pager)
    pager.fit_dumb_terminal()
    return pager.next_line


def screen_pager(console: Console) -> ScreenPager | None:
    """The console's pager, when its output is paged."""
    file = console.file
    return file if isinstance(file, ScreenPager) else None


# --- notes: each shown once a session ------------------------------------------------------------

_NOTES_SHOWN: weakref.WeakKeyDictionary[Console, set[str]] = weakref.WeakKeyDictionary()


def print_notices(console: Console, state_or_game: Any, title: str | None = None) -> None:
    """The game's notes (what an edition does not know or model, a deck's readings) that ``console``
    has not shown yet: a game started, loaded, resumed or replayed on it tells each note once."""
    game = getattr(state_or_game, "game", state_or_game)
    shown = _NOTES_SHOWN.setdefault(console, set())
    notices = [n for n in (game.notices() if hasattr(game, "notices") else []) if n not in shown]
    if not notices:
        return
    shown.update(notices)
    body = Text("\n".join(f"• {n}" for n in notices))
    console.print(Panel(body, title=title or _("Please note: what this edition does not know or model"),
                        title_align="left", border_style="yellow"))


# --- help texts, wrapped to the terminal ---------------------------------------------------------
# A help text is written as paragraphs (a line at the margin, then lines indented by two) and
# tables (a key, two spaces or more, what it does; a deeper indent goes on with what it does). Its
# own line breaks only show the structure: the words are wrapped again to the terminal's width.
_KEY = r"(\S+(?: \S+){0,3}?)"  # a table's key: a few words
_ROW = re.compile(rf"^ {{2}}{_KEY} {{2,}}(\S.*)$")
_TWO_ROWS = re.compile(rf"^ {{2}}{_KEY} {{2,}}(\S+(?: \S+)*?) {{2,}}{_KEY} {{2,}}(\S.*)$")


def _table_rows(lines: list[str], width: int) -> list[tuple[str, str]]:
    """The key/description pairs of a table's lines (a line of two pairs too wide for ``width`` is two rows)."""
    rows: list[tuple[str, str]] = []
    split = any(cell_len(line) > width and _TWO_ROWS.match(line) for line in lines)  # then every such line
    for line in lines:
        two = _TWO_ROWS.match(line) if split else None
        if two:
            rows.extend([(two[1], two[2]), (two[3], two[4].strip())])
            continue
        match = _ROW.match(line)
        if match:
            rows.append((match[1], match[2].strip()))
        elif rows:
            rows[-1] = (rows[-1][0], f"{rows[-1][1]} {line.strip()}")
        else:
            rows.append(("", line.strip()))
    return rows


def _width(line: str) -> int:
    return cell_len(Text.from_markup(line).plain)


def hanging(console: Console, text: Text, width: int, indent: int) -> list[Text]:
    """``text`` wrapped to ``width``, its lines after the first indented by ``indent``."""
    first, *rest = text.wrap(console, width, overflow="fold") or [Text("")]
    if not rest:
        return [first]
    tail = text[len(first.plain):]
    tail = tail[len(tail.plain) - len(tail.plain.lstrip()):]
    more = tail.wrap(console, max(10, width - indent), overflow="fold")
    return [first, *(Text(" " * indent) + line for line in more)]


def help_lines(console: Console, text: str, width: int | None = None) -> list[Text]:
    """A help text (with rich markup) as lines no wider than ``width`` (the console's)."""
    width = width or console.size.width
    out: list[Text] = []
    block: list[str] = []
    kind = ""

    def flush() -> None:
        if kind == "table":
            rows = _table_rows(block, width)
            key_width = min(max((cell_len(Text.from_markup(k).plain) for k, _d in rows), default=0) + 2, width // 3)
            for key, desc in rows:
                lead = Text.from_markup(key)
                if cell_len(lead.plain) >= key_width:  # a key too long for the column has its own line
                    out.append(Text("  ") + lead)
                    lead = Text("")
                line = Text("  ") + lead + Text(" " * (key_width - cell_len(lead.plain))) + Text.from_markup(desc)
                out.extend(hanging(console, line, width, 2 + key_width))
        elif kind:
            indent = len(block[0]) - len(block[0].lstrip())
            joined = Text.from_markup(" " * indent + " ".join(part.strip() for part in block))
            out.extend(hanging(console, joined, width, indent + 2))
        block.clear()

    for line in text.splitlines():
        indent = len(line) - len(line.lstrip())
        if not line.strip():
            flush()
            kind = ""
            out.append(Text(""))
            continue
        if indent >= 6 and block:
            block.append(line)  # the description goes on
        elif indent == 2 and _ROW.match(line) and not (kind == "prose" and _width(block[-1]) > 78):
            # (a table row, unless a paragraph's hard-wrapped line goes on with two spaces in it)
            if kind != "table":
                flush()
                kind = "table"
            block.append(line)
        elif indent == 2 and kind == "prose":
            block.append(line)
        else:
            flush()
            kind = "prose"
            block.append(line)
    flush()
    for shown in out:
        shown.no_wrap, shown.overflow = True, "crop"
    return out
