"""A game's part of the terminal front end, reached through its kit (``kit.terminal``).

The generic commands (``play``, ``resume``, ``replay``, the end-of-game summary) ask the part
of the game at hand; a game's part (``play.py`` for Under Falling Skies, ``play_monstros.py``
for Monstros) says how it starts, resumes, draws its board and tells what happened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from soloboard.agents.base import DEFAULT_AGENT
from soloboard.i18n import _

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from soloboard.cli.session import InputFn, TerminalSession
    from soloboard.core.api import State


class TerminalPart:
    """The defaults: a game that draws itself (``__rich__`` or ``str``) and has no teller."""

    notes_title: str | None = None  # the msgid heading the game's notes (None: the editions' own)

    def play(self, game_name: str, params: dict[str, Any], *, seed: int | None = None,
             ai_seats: list[int] | None = None, ai: str = DEFAULT_AGENT, budget: str | None = None,
             console: Console | None = None, input_fn: InputFn = input) -> int:
        """Start a new game and play it to its end (0), or refuse its parameters (2)."""
        raise NotImplementedError

    def session(self, state: State, seed: int, meta: dict[str, Any], console: Console,
                input_fn: InputFn) -> TerminalSession:
        """The session that goes on with ``state`` (``meta``: what the save recorded beside it)."""
        raise NotImplementedError

    def board(self, state: State, *, legend: bool = False) -> RenderableType:
        """The board to print; ``legend`` adds the key to its signs."""
        return state  # type: ignore[return-value]  # a state draws itself (``__rich__`` or ``str``)

    def board_view(self, console: Console, state: State, *, full: bool = False) -> RenderableType:
        """The board as a replay shows it on ``console`` (``full``: at any size)."""
        return self.board(state)

    def show_board(self, console: Console, state: State, *, full: bool = False) -> None:
        """Print the board as a replay shows it (``full``: at any size)."""
        console.print(self.board_view(console, state, full=full))

    def summary_rows(self, state: State) -> list[tuple[str, str]]:
        """The end-of-game box's rows beyond the result (tracks, rounds...)."""
        return []

    def result_headline(self, state: State, won: bool) -> str:
        """How a finished game ended, for the end-of-game box and a loaded file."""
        return _("Won") if won else _("Lost")

    def phase_word(self, phase: str) -> str:
        """A phase's name in words."""
        return phase

    def teller(self, console: Console, game: Any) -> Any | None:
        """What tells a replay's steps from their events (``tell(events, notation, prefix=)``), or
        None: the replay prints each step's notation."""
        return None
