"""What the page shows of a state: the board, the moves and the log, as its game's kit says.

The board's JSON and what the page clicks for a move come from the kit's browser view
(``ufs/board_view.py``, ``monstros/board_view.py``); the moves' texts and the log's sentences
from the game's narrator, as the terminal tells them. Everything here is called inside
``soloboard.i18n.use(lang)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from soloboard.core.events import Event
from soloboard.core.registry import kit_of


def view(state: Any, seat: int | None = None) -> dict[str, Any]:
    """Everything the board draws; ``seat``: whose device asks (Monstros shows that seat's hand first)."""
    return kit_of(state).board_view(state, seat)


def log_entries(events: Sequence[Event], state: Any) -> list[dict[str, Any]]:
    """Events as the page's log lines: ``{"ply", "kind", "text", "event"}``."""
    kit = kit_of(state)
    return [{"ply": ev.get("action", 0), "kind": ev.get("kind", ""), "text": kit.sentence(ev, state), "event": ev}
            for ev in events]


def moves(state: Any) -> list[dict[str, Any]]:
    """The legal moves with their notation, what each would do (the engine's preview, narrated as
    the terminal's hint does) and what the page clicks for it."""
    kit = kit_of(state)
    return [{"id": action, "notation": state.action_to_string(action), "text": kit.move_effect(state, action),
             **kit.move_targets(state, action)} for action in state.legal_actions()]
