"""``soloboard review SAVEFILE``: the decisions of a game that cost the most.

The game is replayed; at every decision with a choice the hint's own search (the same
budget and seed, so a review agrees with the hints) estimates the chance of winning after
the move played and after its own choice. The decisions where the move played gave away
more than the search's noise come first, with both moves and what each does.
"""

from __future__ import annotations

import time
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from soloboard.agents import analysis
from soloboard.agents.base import parse_budget
from soloboard.cli.terminal import SaveFileError, read_save
from soloboard.core.registry import kit_of
from soloboard.i18n import _, ngettext, pgettext


def run_review(path: str, *, budget: str | None = None, top: int = 10, console: Console | None = None) -> int:
    out = console or Console(highlight=False)
    err = console or Console(stderr=True, highlight=False, soft_wrap=True)
    if top < 1:
        raise ValueError(_("--top must be at least 1"))
    if budget is not None:
        parse_budget(budget)  # a bad budget is refused before the replay starts
    try:
        final = read_save(path)
    except SaveFileError as exc:
        err.print(Text(f"soloboard: {exc}", style="bold red"))
        return 2
    found = analysis.decisions(final)
    if not found:
        out.print(Text(_("No decision with a choice in this game: nothing to review."), style="yellow"))
        return 1
    start = time.perf_counter()
    with Progress(TextColumn(_("reviewing")), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=out, transient=True) as bar:
        task = bar.add_task("decisions", total=len(found))
        reviewed = analysis.review(final, budget=budget, progress=lambda done, _total: bar.update(task, completed=done))
    states = {index: state for index, state, _ in found}
    status = _("won") if final.is_terminal() and final.returns()[0] > 0 else \
        _("lost") if final.is_terminal() else _("not finished")
    title = final.game.title() if hasattr(final.game, "title") else final.game.short_name
    headline = ngettext("{path}: {title}, {status}; {n} decision reviewed in {seconds} s ({budget} of search "
                        "each, as a hint)",
                        "{path}: {title}, {status}; {n} decisions reviewed in {seconds} s ({budget} of search "
                        "each, as a hint)", len(reviewed))
    out.print(Text(headline.format(path=path, title=title, status=status, n=len(reviewed),
                                   seconds=f"{time.perf_counter() - start:.0f}",
                                   budget=budget or analysis.HINT_BUDGET), style="bold"))
    numbers = analysis.honest(final.game)  # uncalibrated: the moves, no chance (a raw estimate is none)
    noise = _("Differences under {noise} are within the search's noise (two searches of one position differ by "
              "that much) and are not counted as mistakes.").format(noise=f"{analysis.NOISE:.0%}") if numbers \
        else _("No chance of winning is shown: none has been measured for this game's setup yet, and the "
               "search's own estimate is not one. The moves listed are those the search rated clearly better "
               "than the move played.")
    costly = [d for d in reviewed if d.mistake][:top]
    if not costly:
        out.print(Text(_("Every move played was the search's own choice or as good as far as it can tell: "
                         "nothing to correct."), style="green"))
        out.print(Text(noise, style="dim"))
        return 0
    out.print(_table(costly, states, multi=final.game.num_players() > 1, numbers=numbers))
    if numbers:
        out.print(Text(_("Chance of winning given away by the mistakes over the whole game: {share}.").format(
            share=f"{analysis.given_away(reviewed):.0%}"), style="dim"))
    out.print(Text(noise, style="dim"))
    return 0


def _table(costly: list[analysis.Decision], states: dict[int, Any], multi: bool, numbers: bool = True) -> Table:
    """The costly decisions; ``numbers``: with their chances (only where the game's are calibrated)."""
    table = Table(show_edge=False, pad_edge=False)
    table.add_column(pgettext("review column", "round"), justify="right")
    if multi:
        table.add_column(pgettext("review column", "seat"), justify="right")
    table.add_column(pgettext("review column", "played"), style="bold red", no_wrap=True)
    if numbers:
        table.add_column(pgettext("review column", "win"), justify="right")
    table.add_column(pgettext("review column", "better"), style="bold green", no_wrap=True)
    if numbers:
        table.add_column(pgettext("review column", "win"), justify="right")
        table.add_column(pgettext("review column", "cost"), justify="right", style="bold")
    table.add_column(_("what the better move does"))
    for d in costly:
        state = states[d.index]
        row = [str(d.round)] + ([str(d.seat)] if multi else []) + [d.played_text]
        row += [f"{d.played_win:.0%}", d.best_text, f"{d.best_win:.0%}", f"{d.loss:.0%}"] if numbers else [d.best_text]
        table.add_row(*row, kit_of(state).move_effect(state, d.best))
    return table
