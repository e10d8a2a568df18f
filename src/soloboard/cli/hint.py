"""``soloboard hint SAVEFILE`` and the terminal's ``hint`` and ``ai`` commands.

A hint is the three best moves the ``mcts`` search finds in under a second, each with its
chance of winning (calibrated: agents/calibration.py; where no map was fitted for the game's
setup, none: the moves come in the search's order), the 90 % interval around it where the
game's calibration gives an honest one, and what the move does, told from the engine's
events (``state.preview``) by the game's narrator
(``agents/analysis.py``: :func:`estimate`, which the browser's hint uses too).
"""

from __future__ import annotations

import time
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from soloboard.agents.analysis import Hint, estimate
from soloboard.agents.base import DEFAULT_AGENT, seat_agent
from soloboard.agents.calibration import calibrator
from soloboard.cli.terminal import SaveFileError, read_save
from soloboard.i18n import _

HINT_ROWS = 3  # the best few moves: a hint fits under the board


def hint_table(hints: list[Hint], *, compact: bool = True) -> Table:
    """The best moves, a row each; ``compact``: a line each (in a game, under the board)."""
    table = Table(title=None, show_edge=False, pad_edge=False, expand=True)
    table.add_column(_("move"), style="bold", no_wrap=True)
    numbers = all(h.calibrated for h in hints)  # a raw estimate is no chance: uncalibrated, none is shown
    if numbers:
        table.add_column(_("win"), justify="right", no_wrap=True)
    intervals = numbers and all(h.low is not None and h.high is not None for h in hints)
    if intervals:  # only where the calibration gives an honest one (its coverage measured)
        table.add_column(_("90 % interval"), justify="right", no_wrap=True)
    # one line a move, cut to the terminal's width: a Monstros move's whole story ran to 20 lines a row
    table.add_column(_("what it does"), no_wrap=compact, overflow="ellipsis" if compact else "fold", ratio=1)
    for h in hints[:HINT_ROWS]:
        cells = [h.notation]
        if numbers:
            cells.append(f"{h.win:.0%}")
        if intervals:
            cells.append(f"{h.low:.0%}-{h.high:.0%}")
        table.add_row(*cells, h.effect)
    return table


def print_hint(console: Console, state: Any, budget: str | None = None, *, in_game: bool = False) -> bool:
    """Print the hint for ``state``; False (and a message) where there is nothing to decide. ``in_game``: a
    line a move, cut to the terminal ('preview' tells a move in full); else the whole of what each does."""
    if state.is_terminal():
        console.print(Text(_("The game is over: no hint."), style="yellow"))
        return False
    if state.is_chance_node():
        console.print(Text(_("Chance decides next (dice or cards): no hint."), style="yellow"))
        return False
    start = time.perf_counter()
    hints = estimate(state, budget)
    seat = state.current_player()
    seconds = f"{time.perf_counter() - start:.1f}"
    numbers = all(h.calibrated for h in hints)
    if getattr(state.game, "num_players", lambda: 1)() > 1:  # people count seats from 1
        heading = (_("Best moves for seat {seat} (estimated chance of winning after the move, {seconds} s of "
                     "search):") if numbers else _("Best moves for seat {seat}, best first ({seconds} s of search):")
                   ).format(seat=seat + 1, seconds=seconds)
    else:
        heading = (_("Best moves (estimated chance of winning after the move, {seconds} s of search):") if numbers
                   else _("Best moves, best first ({seconds} s of search):")).format(seconds=seconds)
    console.print(Text(heading, style="bold"))
    console.print(hint_table(hints, compact=in_game))
    widths = [max(len(str(h.notation)) for h in hints)] + ([4] if numbers else []) if hints else []
    if numbers and hints and hints[0].low is not None:
        widths.append(len(_("90 % interval")))
    room = console.size.width - sum(widths) - 3 * len(widths)  # what the last column had, ' │ ' between
    if in_game and any(cell_len(h.effect) > room for h in hints[:HINT_ROWS]):
        console.print(Text(_("(cut to a line: 'preview MOVE' tells a move in full)"), style="dim"))
    if not numbers:
        console.print(Text(uncalibrated_note(), style="dim"))
    return True


def uncalibrated_note() -> str:
    return _("No chance of winning is shown: none has been measured for this game's setup yet, and the "
             "search's own estimate is not one.")


def run_hint(path: str, *, budget: str | None = None, console: Console | None = None) -> int:
    out = console or Console(highlight=False)
    try:
        state = read_save(path)
    except SaveFileError as exc:
        err = console or Console(stderr=True, highlight=False, soft_wrap=True)
        err.print(Text(f"soloboard: {exc}", style="bold red"))
        return 2
    return 0 if print_hint(out, state, budget) else 1


# --- the terminal session's commands (cli/session.py: ``ai`` and ``hint``) -----------------------

def session_hint(session: Any, arg: str) -> bool:
    print_hint(session.console, session.state, arg or None, in_game=True)
    return True


def session_ai(session: Any, arg: str) -> bool:
    """The ``ai`` command: the agent (mcts, 0.3 s) plays the current move as if typed."""
    state = session.state
    if state.is_terminal() or state.is_chance_node():
        session.error(_("Nothing for the AI to decide"), _("the game is over or chance decides next"))
        return True
    agent = getattr(session, "ai_agent", None)
    if agent is None or arg:
        try:
            agent = seat_agent(DEFAULT_AGENT, arg or None)  # the AI seats' agent, at their budget
        except ValueError as exc:
            session.error(_("Cannot make the AI"), _("{error} (type ai, or ai 1s, ai 500it)").format(error=exc))
            return True
        session.ai_agent = agent
    action = agent.step(state)
    raw = getattr(agent, "last_estimate", None)
    chance = ""
    cal = calibrator(state.game)
    if raw is not None and cal.calibrated:  # an uncalibrated estimate is no chance: none is shown
        shown = cal.chance(raw, len(state.history()))
        chance = "  " + _("chance of winning {p}").format(p=f"{shown:.0%}")
    session.console.print(Text.assemble((_("AI plays") + " ", "dim"), (state.action_to_string(action), "bold"),
                                        (chance, "dim")))
    session.play(action)
    return True
