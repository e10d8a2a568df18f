"""Printing Under Falling Skies events at the terminal (the words come from ``ufs/narrate.py``).

A move is told on one line (``▶ G4c1 — purple ship c3 → c7; arrow: ...``); a new round
gets a rule, the Rooms Phase a heading, and the Mothership Phase one line per step, so
the player sees each thing the mothership did in the order it happened.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from soloboard.cli.terminal import hanging
from soloboard.i18n import _
from soloboard.ufs import narrate as N
from soloboard.ufs.events import UFSEvent

STEP_BY_STEP = {"mothership", "spawn"}  # phases told one event a line
_END = {"game_won": "bold green", "game_lost": "bold white on red"}


class EventTeller:
    """Prints the events of a move or a chance outcome."""

    def __init__(self, console: Console, game: Any) -> None:
        self.console = console
        self.game = game
        self.round_rule: str | None = None  # a new round's heading, waiting for the roll that opens it

    def _open_round(self, body: list[UFSEvent], chance: bool) -> bool:
        """Print the waiting round heading, with the round's first roll on its line when that is what
        follows (a line saved: at 80x24 the board and the news of the round then fit one screen).
        True when ``body`` was told with it."""
        title, self.round_rule = self.round_rule, None
        if title is None:
            return False
        rolled = N.sentence_list(body, self.game) if chance and body else ""
        joined = f"{title} · {rolled}" if rolled else title
        if rolled and cell_len(joined) + 4 <= self.console.size.width:
            self.console.print(Rule(joined, style="cyan"))
            return True
        self.console.print(Rule(title, style="cyan"))
        return False

    def say(self, text: Text, indent: int) -> None:
        """One thing told, its lines after the first indented under it (not back at the margin)."""
        for line in hanging(self.console, text, self.console.size.width, indent):
            self.console.print(line)

    def tell(self, events: Sequence[UFSEvent], notation: str | None = None, prefix: str = "",
             note: str = "") -> None:
        """``notation``: the player's move that caused ``events`` (None for chance outcomes);
        ``note`` is added to the move's line."""
        game = self.game
        first = True
        parts = N.segments(events)
        for index, segment in enumerate(parts):
            opens = segment.opens
            if first and self._open_round(segment.events, notation is None and opens is None):
                first = False
                continue
            if opens is None:
                pass
            elif opens["kind"] == "round_started":
                round_title = _("Round {round}").format(round=opens["round"])
                if index == len(parts) - 1 and not segment.events:
                    self.round_rule = round_title  # told with the roll that follows
                    continue
                self.console.print(Rule(round_title, style="cyan"))
            elif opens["kind"] == "phase" and segment.phase not in ("place", "") and not opens.get("options"):
                # (a spawn choice is not announced: the board asks for it)
                heading = Text(N.phrase(opens, game), style="bold cyan")
                self.console.print(heading)
            body = [ev for ev in segment.events if ev.get("kind") not in _END]
            ends = [ev for ev in segment.events if ev.get("kind") in _END]
            if first and notation is not None:
                line = Text.assemble(prefix, ("▶ ", "bold green"), (notation, "bold"))
                said = N.join(body, game)
                if said:
                    line.append(f" — {said}")
                if note:
                    line.append(f" ({note})", style="dim")
                self.say(line, 2)
            elif segment.phase in STEP_BY_STEP:
                for step in N.step_lines(body, game):
                    self.say(Text(f"  · {step}"), 4)
            elif body:
                self.say(Text(prefix + N.sentence_list(body, game)), 2)
            for ev in ends:
                self.console.print(Text(N.sentence(ev, game), style=_END[ev["kind"]]))
            first = False
        if first and notation is not None:  # a move that caused no event at all
            self.console.print(Text.assemble(prefix, ("▶ ", "bold green"), (notation, "bold")))
