"""Printing Under Falling Skies events at the terminal (the words come from ``ufs/narrate.py``).

A move is told on one line (``▶ G4c1 — purple ship c3 → c7; arrow: ...``); a new round
gets a rule, the Rooms Phase a heading, and the Mothership Phase one line per step, so
the player sees each thing the mothership did in the order it happened.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

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

    def tell(self, events: Sequence[UFSEvent], notation: str | None = None, prefix: str = "",
             note: str = "") -> None:
        """``notation``: the player's move that caused ``events`` (None for chance outcomes);
        ``note`` is added to the move's line."""
        game = self.game
        first = True
        for segment in N.segments(events):
            opens = segment.opens
            if opens is None:
                pass
            elif opens["kind"] == "round_started":
                self.console.print(Rule(_("Round {round}").format(round=opens["round"]), style="cyan"))
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
                self.console.print(line)
            elif segment.phase in STEP_BY_STEP:
                for step in N.step_lines(body, game):
                    self.console.print(Text(f"  · {step}"))
            elif body:
                self.console.print(Text(prefix + N.sentence_list(body, game)))
            for ev in ends:
                self.console.print(Text(N.sentence(ev, game), style=_END[ev["kind"]]))
            first = False
        if first and notation is not None:  # a move that caused no event at all
            self.console.print(Text.assemble(prefix, ("▶ ", "bold green"), (notation, "bold")))
