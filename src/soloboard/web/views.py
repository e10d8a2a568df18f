"""What the page shows of a state: the board, the moves and the log, as its game's kit says.

The board's JSON and what the page clicks for a move come from the kit's browser view
(``ufs/board_view.py``, ``monstros/board_view.py``); the log's sentences, what a move would do
and why a click is refused from the game's narrator and engine, as the terminal tells them.
Everything here is called inside ``soloboard.i18n.use(lang)``.

What a move would do (``state.preview``) and why a click is refused (``IllegalActionError``) are
worked out when the page asks for one move (hover, tap, an illegal click), never for every legal
move of every answer: trying each move on a copy of the state was most of an answer's work.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from soloboard.core.errors import IllegalActionError
from soloboard.core.events import Event
from soloboard.core.lazy import load
from soloboard.core.registry import kit_of
from soloboard.i18n import _


def view(state: Any, seat: int | None = None) -> dict[str, Any]:
    """Everything the board draws; ``seat``: whose device asks (Monstros shows that seat's hand first)."""
    return kit_of(state).board_view(state, seat)


def changing_view(state: Any, seat: int | None = None) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The board view without the parts that never change in a game, and their names.

    A view module may name those parts (``FIXED``: the edition, the city, the deck's cards...) and
    leave them out when asked (``view(state, seat, fixed=False)``): a move's answer carries only
    what a move can change, and the page keeps the rest from the game it holds. A module that
    names none gives its whole view.
    """
    module = load(kit_of(state).view)
    fixed: tuple[str, ...] = tuple(getattr(module, "FIXED", ()))
    if not fixed:
        return module.view(state, seat), ()
    return module.view(state, seat, fixed=False), fixed


def log_entries(events: Sequence[Event], state: Any) -> list[dict[str, Any]]:
    """Events as the page's log lines: ``{"ply", "kind", "text", "event"}``."""
    kit = kit_of(state)
    return [{"ply": ev.get("action", 0), "kind": ev.get("kind", ""), "text": kit.sentence(ev, state), "event": ev}
            for ev in events]


def moves(state: Any) -> list[dict[str, Any]]:
    """The legal moves with their notation and what the page clicks for each (no text of what a move
    would do: the page asks for that one move's preview when a player points at it)."""
    # the kit's view module's move_targets, found once for all the moves (the kit's method finds it per call)
    targets = load(kit_of(state).view).move_targets
    return [{"id": action, "notation": state.action_to_string(action), **targets(state, action)}
            for action in state.legal_actions()]


def refusal(state: Any, action: int) -> dict[str, Any]:
    """Whether ``action`` is legal in ``state`` and, if not, the engine's reason and rule in the
    current language: ``{"legal", "error", "rule", "rule_text"}``. The state is unchanged (the
    action is tried on a copy, as a preview is)."""
    if action in state.legal_actions():
        return {"legal": True, "error": None, "rule": None, "rule_text": None}
    try:
        state.preview(action)
    except IllegalActionError as exc:
        rule = exc.rule or None
        return {"legal": False, "error": str(exc.args[0]) if exc.args else str(exc), "rule": rule,
                "rule_text": _(rule) if rule else None}
    # an engine that lets an action through although it is not among the legal ones: said plainly
    return {"legal": False, "error": _("That move is not possible."), "rule": None, "rule_text": None}
