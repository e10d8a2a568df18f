"""Going on with a game that was not started in this session: ``soloboard resume``,
``soloboard play --resume`` and ``continue`` in a replay all hand a state over to the
game's own terminal session, with the dice seed (and AI seats) the save recorded."""

from __future__ import annotations

import random
from typing import Any

from rich.console import Console
from rich.text import Text

from soloboard.cli import autosave
from soloboard.cli.session import InputFn, TerminalSession, enable_line_editing
from soloboard.cli.terminal import SaveFileError, error, game_label, read_save_meta
from soloboard.core.api import State
from soloboard.core.registry import kit_of
from soloboard.i18n import _


def make_session(state: State, meta: dict[str, Any], console: Console, input_fn: InputFn) -> TerminalSession:
    """The session that plays ``state``'s game (its kit's terminal part), with the saved dice seed
    (a new one if none) and what else the save recorded (AI seats)."""
    seed = meta.get("dice_seed")
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    session: TerminalSession = kit_of(state).terminal_part().session(state, seed, meta, console, input_fn)
    return session


def continue_game(state: State, meta: dict[str, Any], console: Console, input_fn: InputFn, *,
                  owns_autosave: bool = False) -> int:
    session = make_session(state, meta, console, input_fn)
    session.owns_autosave = owns_autosave
    console.print(Text(f"{game_label(state)} · " + _("seed {seed}").format(seed=session.seed) + " · "
                       + _("round {round}").format(round=getattr(state, "round", "?")), style="bold"))
    enable_line_editing(input_fn)
    return session.run()


def run_resume(game: str | None = None, *, console: Console | None = None, input_fn: InputFn = input) -> int:
    """Continue the autosaved game (of ``game``, or the latest); 1 when there is none."""
    out = console or Console(highlight=False)
    path = autosave.latest(game)
    folder = autosave.home()
    if path is None:
        title = (_("There is no {game} game to resume").format(game=game) if game
                 else _("There is no game to resume"))
        error(out, title, _("a game left with quit, Ctrl-C or the end of input is kept in {folder} (set {env} to use "
                            "another folder)").format(folder=folder, env=autosave.ENV))
        return 1
    try:
        state, meta = read_save_meta(path)
    except SaveFileError as exc:
        error(out, _("The autosaved game cannot be loaded"), str(exc))
        return 2
    if state.is_terminal():
        error(out, _("The last game kept in {path} is finished").format(path=path),
              _("watch it with: soloboard replay {name}").format(name=path))
        return 1
    out.print(Text(_("Resuming the game kept in {path}.").format(path=path), style="dim"))
    return continue_game(state, meta, out, input_fn, owns_autosave=True)
