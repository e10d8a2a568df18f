"""What the page shows of a state: the board (each game's view module), the moves and the log.

``view`` and ``move_targets`` dispatch on the game (``view_ufs.py`` for both editions of
Under Falling Skies, ``view_monstros.py`` for Monstros); the moves' texts and the log's
sentences come from the games' narrators (``ufs/narrate.py``, ``monstros/narrate.py``) as
the terminal tells them. Everything here is called inside ``soloboard.i18n.use(lang)``.
"""

from __future__ import annotations

from typing import Any

from soloboard.cli.hint import move_effect

Event = dict[str, Any]
UFS_GAMES = ("ufs", "ufs-pnp")


def game_name(state: Any) -> str:
    return str(state.game.short_name)


def view(state: Any, seat: int | None = None) -> dict[str, Any]:
    """Everything the board draws; ``seat``: whose device asks (Monstros shows that seat's hand first)."""
    name = game_name(state)
    if name in UFS_GAMES:
        from soloboard.web import view_ufs

        return view_ufs.view(state)
    if name == "monstros":
        from soloboard.web import view_monstros

        return view_monstros.view(state, seat)
    raise ValueError(f"no board for game {name!r}")


def move_targets(state: Any, action: int) -> dict[str, Any]:
    """What the page clicks for the legal move ``action``."""
    name = game_name(state)
    if name in UFS_GAMES:
        from soloboard.web import view_ufs

        return view_ufs.move_targets(state, action)
    if name == "monstros":
        from soloboard.web import view_monstros

        return view_monstros.move_targets(state, action)
    raise ValueError(f"no board for game {name!r}")


def sentence(event: Event, state: Any) -> str:
    """One event as a sentence, in the game's own words."""
    if game_name(state) in UFS_GAMES:
        from soloboard.ufs import narrate as ufs_narrate

        return ufs_narrate.sentence(event, state.game)
    from soloboard.monstros import narrate as monstros_narrate

    return monstros_narrate.describe(event, state)


def log_entries(events: list[Event], state: Any) -> list[dict[str, Any]]:
    """Events as the page's log lines: ``{"ply", "kind", "text", "event"}``."""
    return [{"ply": ev.get("action", 0), "kind": ev.get("kind", ""), "text": sentence(ev, state), "event": ev}
            for ev in events]


def moves(state: Any) -> list[dict[str, Any]]:
    """The legal moves with their notation, what each would do (the engine's preview, narrated as
    the terminal's hint does) and what the page clicks for it."""
    out = []
    for action in state.legal_actions():
        out.append({"id": action, "notation": state.action_to_string(action), "text": move_effect(state, action),
                    **move_targets(state, action)})
    return out
