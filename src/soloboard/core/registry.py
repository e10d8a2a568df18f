"""Which games exist, and how a name and parameters become a :class:`Game`."""

from __future__ import annotations

import importlib
import json
from typing import Any

from soloboard.core.api import Game, State
from soloboard.core.errors import InvalidSaveError
from soloboard.core.saves import FORMAT

# name -> "module:factory"; imported lazily so that loading one game never pays for another.
_GAMES: dict[str, str] = {
    "ufs": "soloboard.ufs.game:UFSGame",
    "ufs-pnp": "soloboard.ufs.pnp:UFSPnPGame",
    "monstros": "soloboard.monstros.game:MonstrosGame",
}


def game_names() -> list[str]:
    return sorted(_GAMES)


def _factory(name: str) -> Any:
    try:
        target = _GAMES[name]
    except KeyError:
        raise ValueError(
            f"unknown game {name!r}; valid games: {', '.join(game_names())}"
        ) from None
    module, attr = target.split(":")
    return getattr(importlib.import_module(module), attr)


def load_game(name: str, **params: Any) -> Game:
    """``load_game("ufs", city="roswell", threat=1)``: the game with these parameters.

    Unknown games and invalid parameters raise ``ValueError`` listing the valid values.
    """
    return _factory(name)(**params)


def state_from_json(text: str) -> State:
    """Load a state saved with ``State.to_json()``; raises :class:`InvalidSaveError`."""
    try:
        data = json.loads(text)
    except (TypeError, json.JSONDecodeError) as exc:
        raise InvalidSaveError(f"not a soloboard save: not valid JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidSaveError("not a soloboard save: the 'format' field must be 'soloboard-state'")
    name = data.get("game")
    if not isinstance(name, str) or name not in _GAMES:
        raise InvalidSaveError(
            f"the save is for game {name!r}, which this version does not know "
            f"(valid games: {', '.join(game_names())})"
        )
    return _factory(name).state_from_dict(data)
