"""What every game's terminal session shares: the loop, the commands, save files and autosave.

A game's session (``play.py`` for Under Falling Skies, ``play_monstros.py`` for Monstros)
subclasses :class:`TerminalSession` and supplies how to show the position, how to read a
move and what to say; undo, save, load and leaving work the same for every game.

Leaving — ``quit``, Ctrl-C, the end of input, a closed terminal — always writes the game to
its autosave file (``cli/autosave.py``), so ``soloboard resume`` continues it. Questions
(overwrite? leave? save a copy?) are asked only at an interactive terminal: with piped
input every line is a move or a command, and a line typed ahead is never taken as an answer.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar

from rich.console import Console
from rich.text import Text

from soloboard.cli import autosave
from soloboard.cli.terminal import (
    SaveFileError,
    ScreenPager,
    error,
    history_origin,
    page_screens,
    print_notices,
    read_save_meta,
    screen_pager,
    write_save,
)
from soloboard.core.api import State
from soloboard.core.chance import HistorySampler
from soloboard.core.errors import IllegalActionError
from soloboard.core.saves import save_text
from soloboard.core.table import undo_point
from soloboard.i18n import N_, _, pgettext

InputFn = Callable[[str], str]
# the end of a game asks yes/no first, and a file name only after a yes: a line typed ahead (hint, board...)
# is never taken as a file name
SAVE_PROMPT = N_("Save this game under a name of your own? [y/N] ")
SAVE_NAME_PROMPT = N_("File name (e.g. {example}; Enter = do not save): ")
# i18n: keep the command words (hint, ai) as they are
AGENT_HELP = N_("""\
  hint           the three best moves, with their estimated chance of winning and
                 what each one does (hint 1s, hint 2000it: think longer)
  ai             the AI (the mcts agent) plays the current move for you
                 (ai 1s, ai 2000it: think longer)""")
QUIT_PROMPT = N_("Leave the game? It is kept for 'soloboard resume'. [y/N] ")


def is_interactive(input_fn: InputFn) -> bool:
    """Whether a person answers at a terminal (the builtin ``input`` on a tty, perhaps through the pager)."""
    typed = input_fn is input or isinstance(getattr(input_fn, "__self__", None), ScreenPager)
    return typed and sys.stdin.isatty()


class TerminalSession:
    """One game at the terminal: the position, how to rebuild it, and the conversation."""

    # typed word -> method name; a subclass may add its own
    commands: ClassVar[dict[str, str]] = {
        "undo": "cmd_undo", "save": "cmd_save", "load": "cmd_load", "log": "cmd_log", "history": "cmd_log",
        "help": "cmd_help", "h": "cmd_help", "moves": "cmd_moves", "?": "cmd_moves", "board": "cmd_board",
        "quit": "cmd_quit", "q": "cmd_quit", "exit": "cmd_quit",
        "ai": "cmd_ai", "hint": "cmd_hint",  # the agents (issue 10): cli/hint.py
    }
    save_example = "mygame.json"
    # the first words of this game's moves: typed at the file-name question, they are not a file name
    move_words: ClassVar[frozenset[str]] = frozenset()
    # None: ask questions only when stdin is a terminal; tests set True or False
    interactive: ClassVar[bool | None] = None
    notes_title: ClassVar[str | None] = None  # the heading of the game's notes (None: the editions' own)

    def __init__(self, state: State, seed: int, console: Console, input_fn: InputFn) -> None:
        self.console = console
        # at a terminal, the output comes a screen at a time (cli/terminal.py: ScreenPager)
        self.input_fn = page_screens(console, input_fn)
        self.seed = seed
        self.sampler = HistorySampler(seed)
        self.state: Any = state
        self.origin = history_origin(state)
        self.board_due = True
        self.asks = is_interactive(input_fn) if self.interactive is None else self.interactive
        self.owns_autosave = False  # True once this session wrote (or resumed from) the autosave file

    # --- what a game's session supplies -------------------------------------------------------

    def advance(self) -> None:
        """Resolve what no person decides (chance, AI seats) until a person must, or the game ends."""
        raise NotImplementedError

    def show(self) -> None:
        """The position and the legal moves."""
        raise NotImplementedError

    def show_moves(self) -> None:
        raise NotImplementedError

    def prompt(self) -> str:
        raise NotImplementedError

    def play_text(self, text: str) -> None:
        raise NotImplementedError

    def play_number(self, number: int) -> None:
        raise NotImplementedError

    def finish(self) -> None:
        raise NotImplementedError

    def narrate_move(self, notation: str, before: Any, after: Any) -> None:
        """Say what a person's accepted move did."""
        raise NotImplementedError

    def is_person(self, state: Any) -> bool:
        """Whether the decision at ``state`` is a person's (undo goes back to the last one)."""
        return True

    def undone(self, state: Any, notation: str) -> None:
        self.console.print(Text(_("Undone: {move} (and what followed).").format(move=notation), style="bold yellow"))

    def refuse_load(self, loaded: Any, name: str) -> tuple[str, str] | None:
        """Why a loaded save cannot replace the current game (title, detail), or None."""
        if loaded.is_terminal():
            return (_("That save is a finished game; the current game goes on"),
                    _("watch it with: soloboard replay {name}").format(name=name))
        return None

    def loaded(self, loaded: Any, name: str) -> None:
        self.console.print(Text(_("Loaded {name}.").format(name=name), style="bold green"))

    def save_extras(self) -> dict[str, Any]:
        """What a save records beside the game: the dice seed, and a hot-seat game's AI seats."""
        extras: dict[str, Any] = {"dice_seed": self.seed}
        seats = getattr(self, "ai_seats", None)
        if seats is not None:
            extras["ai_seats"] = sorted(seats)
        return extras

    def use_meta(self, meta: dict[str, Any]) -> None:
        """Take over what a save recorded beside the game (see :meth:`save_extras`)."""
        seed = meta.get("dice_seed")
        if seed is not None and seed != self.seed:
            self.seed = seed
            self.sampler = HistorySampler(seed)
            self.console.print(Text(_("The dice now come from the save's seed, {seed}: the same dice as in the game "
                                      "that was saved.").format(seed=seed), style="dim"))

    # --- the loop -------------------------------------------------------------------------------

    def show_notes(self, state: Any) -> None:
        """The game's notes, each once in this terminal (a start, a load, a resume, a replay)."""
        print_notices(self.console, state, self.notes_title and _(self.notes_title))

    def make_room(self, lines: int) -> None:
        """At a paged terminal: ``lines`` lines that belong together start a new screen unless they fit."""
        pager = screen_pager(self.console)
        if pager is not None:
            pager.room(lines)

    def run(self) -> int:
        self.show_notes(self.state)
        with self._hangup_leaves():
            try:
                while True:
                    self.advance()
                    if self.state.is_terminal():
                        self.finish()
                        return 0
                    if self.board_due:
                        self.show()
                    if not self.handle(self.input_fn(self.prompt())):
                        return 0
            except (EOFError, KeyboardInterrupt):
                self.console.print()
                self.leave()
                return 0

    @contextlib.contextmanager
    def _hangup_leaves(self) -> Iterator[None]:
        """A closed terminal (SIGHUP) or a kill (SIGTERM) leaves like Ctrl-C: the game is autosaved."""
        def interrupt(_signum: int, _frame: Any) -> None:
            raise KeyboardInterrupt

        previous: dict[int, Any] = {}
        if self.asks:
            for name in ("SIGHUP", "SIGTERM"):
                number = getattr(signal, name, None)
                if number is not None:
                    with contextlib.suppress(ValueError, OSError):  # not the main thread: leave them be
                        previous[number] = signal.signal(number, interrupt)
        try:
            yield
        finally:
            for number, handler in previous.items():
                with contextlib.suppress(ValueError, OSError):
                    signal.signal(number, handler)

    def handle(self, line: str) -> bool:
        """Act on one line; False when the player leaves."""
        text = line.strip()
        if not text:
            return True
        word, _sep, rest = text.partition(" ")
        command = self.commands.get(word.lower())
        if command is not None:
            return bool(getattr(self, command)(rest.strip()))
        if text.isdigit():
            self.play_number(int(text))
        else:
            self.play_text(text)
        return True

    def play(self, action: int) -> None:
        # the move is tried on a copy: whatever the engine does on a refusal, the game is untouched
        trial = self.state.clone()
        try:
            trial.apply_action(action)
        except IllegalActionError as exc:
            heading = _("Not allowed ({rule})").format(rule=_(exc.rule)) if exc.rule else _("Not allowed")
            self.error(heading, str(exc))
            return
        notation = self.state.action_to_string(action)
        if action not in self.state.legal_actions():  # the engine accepted a move it does not list
            self.error(_("{move} is not a legal move here").format(move=notation),
                       _("type 'moves' to see the legal moves"))
            return
        before = self.state
        self.state = trial
        self.narrate_move(notation, before, trial)
        self.board_due = True

    def error(self, title: str, detail: str = "") -> None:
        error(self.console, title, detail)

    def ask(self, prompt: str) -> str:
        """A yes/no or file-name question; end of input counts as no answer."""
        try:
            return self.input_fn(prompt)
        except EOFError:
            return ""

    def confirm(self, prompt: str) -> bool:
        return self.is_yes(self.ask(prompt))

    # --- leaving and autosave ---------------------------------------------------------------------

    def game_name(self) -> str:
        return str(getattr(getattr(self.state, "game", None), "short_name", "game"))

    def autosave(self) -> Path | None:
        """Write the game to its autosave file; the path, or None (and a message) on failure.

        The first write of a session keeps an unfinished game already there as ``.previous``."""
        name = self.game_name()
        path = autosave.autosave_path(name)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if not self.owns_autosave and path.is_file() and autosave.is_unfinished(path):
                os.replace(path, autosave.previous_path(name))
            written = write_save(save_text(self.state, **self.save_extras()), path)
        except (OSError, SaveFileError) as exc:
            self.error(_("The game could not be autosaved"), f"{path}: {exc}")
            return None
        except Exception as exc:  # the engine could not describe this game: say so, lose nothing else
            self.error(_("The game could not be autosaved"), f"{type(exc).__name__}: {exc}")
            return None
        self.owns_autosave = True
        return written

    def leave(self) -> None:
        path = self.autosave()
        text = Text(_("Game left unfinished (seed {seed}).").format(seed=self.seed), style="dim")
        if path is not None:
            text.append(" " + _("It is kept in {path}: 'soloboard resume' continues it.").format(path=path),
                        style="dim")
        self.console.print(text)

    def announce_autosave(self) -> None:
        """At the start of a new game: say that an unfinished game is waiting, and what becomes of it."""
        path = autosave.autosave_path(self.game_name())
        if self.owns_autosave or not path.is_file() or not autosave.is_unfinished(path):
            return
        self.console.print(Text(
            _("An unfinished {game} game is kept in {path}: 'soloboard resume {game}' continues it. Leaving this new "
              "game keeps that one as {previous}.").format(game=self.game_name(), path=path,
                                                           previous=autosave.previous_path(self.game_name()).name),
            style="yellow"))

    # --- the commands every game has --------------------------------------------------------------

    def cmd_undo(self, _arg: str) -> bool:
        found = undo_point(self.origin, self.state, self.is_person)  # the browser's Table undoes the same way
        if found is None:
            self.error(_("Nothing to undo"), _("no decision of a person since the start of this game"))
            return True
        state, last = found
        undone = self.state.history()[last]
        self.state = state
        self.undone(state, state.action_to_string(undone))
        self.board_due = True
        return True

    def cmd_save(self, arg: str) -> bool:
        if not arg:
            self.error(_("Save where?"), _("type save FILE, e.g. save {example}").format(example=self.save_example))
        else:
            self.save(arg)
        return True

    def save(self, name: str) -> bool:
        path = Path(name).expanduser()
        if path.exists() and not path.is_dir():
            if not self.asks:
                self.error(_("{path} exists: not saved").format(path=path),
                           _("choose another name (at a terminal you are asked whether to overwrite it)"))
                return False
            if not self.confirm(_("{path} exists. Overwrite it? [y/N] ").format(path=path)):
                self.console.print(Text(_("Not saved."), style="yellow"))
                return False
        try:
            text = save_text(self.state, **self.save_extras())
        except Exception as exc:  # the engine could not describe this game: say so, keep playing
            self.error(_("This game cannot be saved"), f"{type(exc).__name__}: {exc}")
            return False
        try:
            written = write_save(text, path)
        except SaveFileError as exc:
            self.error(_("Not saved"), _("{error} (any older file there is unchanged)").format(error=exc))
            return False
        self.console.print(Text(_("Saved to {path}.").format(path=written), style="bold green"))
        return True

    def offer_save(self) -> None:
        """The end of a game: it is kept in the autosave file; at a terminal, a copy may be named.

        The question is yes/no first: a command or a move typed ahead (``hint``, ``board``...) is a
        no, and a file name is asked only after a yes (where a command word or a move is refused)."""
        path = self.autosave()
        if path is not None:
            self.console.print(Text(_("The game is kept in {path} (watch it again: soloboard replay {path}).").format(
                path=path), style="dim"))
        if not self.asks:
            return  # piped input: a line typed ahead is not an answer
        answer = self.ask(_(SAVE_PROMPT)).strip()
        if not self.is_yes(answer):
            if answer and self.is_not_a_file_name(answer):
                self.console.print(Text(_("The game is over: '{text}' is not an answer; the game was not saved "
                                          "(it is kept for soloboard replay).").format(text=answer), style="dim"))
            return
        while True:
            name = self.ask(_(SAVE_NAME_PROMPT).format(example=self.save_example)).strip()
            if not name:
                self.console.print(Text(_("Not saved."), style="yellow"))
                return
            if self.is_not_a_file_name(name):
                self.error(_("{text} is a command or a move, not a file name").format(text=repr(name)),
                           _("type a file name such as {example}, or Enter not to save").format(
                               example=self.save_example))
                continue
            if self.save(name):
                return

    def is_not_a_file_name(self, text: str) -> bool:
        """Whether ``text`` reads as a command or a move (a line typed ahead), so not as a file name."""
        words = text.strip().lower().split()
        if not words:
            return False
        first = words[0]
        return first in self.commands or first in self.move_words or text.strip().isdigit() or self.looks_like_move(
            text.strip())

    def looks_like_move(self, text: str) -> bool:
        """Whether ``text`` has the shape of one of this game's moves (a game's session says)."""
        return False

    def is_yes(self, answer: str) -> bool:
        # English y/yes always; the language's own answer too (s/sim, a/ano, t/tak, s/sí)
        yes = {"y", "yes", pgettext("answer", "y"), pgettext("answer", "yes")}
        return answer.strip().lower() in yes

    def cmd_load(self, arg: str) -> bool:
        if not arg:
            self.error(_("Load what?"), _("type load FILE, e.g. load {example}").format(example=self.save_example))
            return True
        try:
            loaded, meta = read_save_meta(arg)
        except SaveFileError as exc:
            self.error(_("Could not load the save; the current game goes on"), str(exc))
            return True
        problem = self.refuse_load(loaded, arg)
        if problem is not None:
            self.error(*problem)
            return True
        self.state = loaded
        self.origin = history_origin(loaded)
        self.loaded(loaded, arg)
        self.use_meta(meta)
        self.board_due = True
        return True

    def cmd_moves(self, _arg: str) -> bool:
        self.show_moves()
        return True

    # --- the agents' commands (issue 10; the work is in cli/hint.py) ----------------------------
    # imported when typed: cli/hint.py brings the search (soloboard.agents), which most games never ask for

    def cmd_ai(self, arg: str) -> bool:
        """``ai`` (or ``ai 1s``): the mcts agent plays the current move."""
        from soloboard.cli.hint import session_ai

        return session_ai(self, arg)

    def cmd_hint(self, arg: str) -> bool:
        """``hint``: the three best moves with their estimated chance of winning and what they do."""
        from soloboard.cli.hint import session_hint

        return session_hint(self, arg)

    def cmd_quit(self, _arg: str) -> bool:
        if self.asks and not self.confirm(_(QUIT_PROMPT)):
            self.console.print(Text(_("The game goes on."), style="dim"))
            return True
        self.leave()
        return False


def enable_line_editing(input_fn: InputFn) -> None:
    """Arrow keys and history for the builtin ``input`` at a real terminal."""
    if is_interactive(input_fn):
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (importing it is what turns line editing on)
