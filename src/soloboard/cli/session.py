"""What every game's terminal session shares: the loop, the commands and the save files.

A game's session (``play.py`` for Under Falling Skies, ``play_monstros.py`` for Monstros)
subclasses :class:`TerminalSession` and supplies how to show the position, how to read a
move and what to say; undo, save, load and leaving work the same for every game.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from rich.console import Console
from rich.text import Text

from soloboard.cli.terminal import SaveFileError, error, history_origin, read_save, write_save
from soloboard.core.api import State
from soloboard.core.chance import HistorySampler
from soloboard.core.errors import IllegalActionError

InputFn = Callable[[str], str]
SAVE_PROMPT = "Save this game? File name (Enter = don't save): "


class TerminalSession:
    """One game at the terminal: the position, how to rebuild it, and the conversation."""

    # typed word -> method name; a subclass may add its own
    commands: ClassVar[dict[str, str]] = {
        "undo": "cmd_undo", "save": "cmd_save", "load": "cmd_load", "log": "cmd_log", "history": "cmd_log",
        "help": "cmd_help", "h": "cmd_help", "moves": "cmd_moves", "?": "cmd_moves", "board": "cmd_board",
        "quit": "cmd_quit", "q": "cmd_quit", "exit": "cmd_quit",
    }
    save_example = "mygame.json"

    def __init__(self, state: State, seed: int, console: Console, input_fn: InputFn) -> None:
        self.console = console
        self.input_fn = input_fn
        self.seed = seed
        self.sampler = HistorySampler(seed)
        self.state: Any = state
        self.origin = history_origin(state)
        self.board_due = True

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
        self.console.print(Text(f"Undone: {notation} (and what followed).", style="bold yellow"))

    def refuse_load(self, loaded: Any, name: str) -> tuple[str, str] | None:
        """Why a loaded save cannot replace the current game (title, detail), or None."""
        if loaded.is_terminal():
            return ("That save is a finished game; the current game goes on",
                    f"watch it with: soloboard replay {name}")
        return None

    def loaded(self, loaded: Any, name: str) -> None:
        self.console.print(Text(f"Loaded {name}.", style="bold green"))

    # --- the loop -------------------------------------------------------------------------------

    def run(self) -> int:
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
            self.console.print(Text(f"\nGame left. Seed {self.seed}: '--seed {self.seed}' deals the same "
                                    "dice again.", style="dim"))
            return 0

    def handle(self, line: str) -> bool:
        """Act on one line; False when the player leaves."""
        text = line.strip()
        if not text:
            return True
        word, _, rest = text.partition(" ")
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
            rule = f" ({exc.rule})" if exc.rule else ""
            self.error(f"Not allowed{rule}", str(exc))
            return
        notation = self.state.action_to_string(action)
        if action not in self.state.legal_actions():  # the engine accepted a move it does not list
            self.error(f"{notation} is not a legal move here", "type 'moves' to see the legal moves")
            return
        self.narrate_move(notation, self.state, trial)
        self.state = trial
        self.board_due = True

    def error(self, title: str, detail: str = "") -> None:
        error(self.console, title, detail)

    def ask(self, prompt: str) -> str:
        """A yes/no or file-name question; end of input counts as no answer."""
        try:
            return self.input_fn(prompt)
        except EOFError:
            return ""

    # --- the commands every game has --------------------------------------------------------------

    def cmd_undo(self, _arg: str) -> bool:
        history = self.state.history()
        start = len(self.origin.history())
        replay = self.origin.clone()
        last = None
        for i in range(start, len(history)):
            if not replay.is_chance_node() and self.is_person(replay):
                last = i
            replay.apply_action(history[i])
        if last is None:
            self.error("Nothing to undo", "no decision of a person since the start of this game")
            return True
        state = self.origin.clone()
        for action in history[start:last]:
            state.apply_action(action)
        self.state = state
        self.undone(state, state.action_to_string(history[last]))
        self.board_due = True
        return True

    def cmd_save(self, arg: str) -> bool:
        if not arg:
            self.error("Save where?", f"type save FILE, e.g. save {self.save_example}")
        else:
            self.save(arg)
        return True

    def save(self, name: str) -> bool:
        path = Path(name).expanduser()
        if path.exists() and not path.is_dir():
            answer = self.ask(f"{path} exists. Overwrite it? [y/N] ")
            if answer.strip().lower() not in ("y", "yes"):
                self.console.print(Text("Not saved.", style="yellow"))
                return False
        try:
            text = self.state.to_json()
        except Exception as exc:  # the engine could not describe this game: say so, keep playing
            self.error("This game cannot be saved", f"{type(exc).__name__}: {exc}")
            return False
        try:
            written = write_save(text, path)
        except SaveFileError as exc:
            self.error("Not saved", f"{exc} (any older file there is unchanged)")
            return False
        self.console.print(Text(f"Saved to {written}.", style="bold green"))
        return True

    def offer_save(self) -> None:
        while True:
            name = self.ask(SAVE_PROMPT).strip()
            if not name or self.save(name):
                return

    def cmd_load(self, arg: str) -> bool:
        if not arg:
            self.error("Load what?", f"type load FILE, e.g. load {self.save_example}")
            return True
        try:
            loaded = read_save(arg)
        except SaveFileError as exc:
            self.error("Could not load the save; the current game goes on", str(exc))
            return True
        problem = self.refuse_load(loaded, arg)
        if problem is not None:
            self.error(*problem)
            return True
        self.state = loaded
        self.origin = history_origin(loaded)
        self.loaded(loaded, arg)
        self.board_due = True
        return True

    def cmd_moves(self, _arg: str) -> bool:
        self.show_moves()
        return True

    def cmd_quit(self, _arg: str) -> bool:
        self.console.print(Text(f"Game left unfinished (seed {self.seed}).", style="dim"))
        return False


def enable_line_editing(input_fn: InputFn) -> None:
    """Arrow keys and history for the builtin ``input`` at a real terminal."""
    if input_fn is input and sys.stdin.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (importing it is what turns line editing on)
