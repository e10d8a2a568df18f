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


def game_parameters(name: str) -> list[str]:
    """The keyword parameters ``load_game(name, ...)`` takes, in the game's own order."""
    return parameter_names(_factory(name))


def parameter_names(factory: Any) -> list[str]:
    import inspect  # only here: ``import soloboard`` stays light

    kinds = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    return [p.name for p in inspect.signature(factory).parameters.values() if p.kind in kinds]


def check_parameters(factory: Any, name: str, params: dict[str, Any]) -> None:
    """``ValueError`` naming every unknown parameter (with the nearest valid one) and the valid ones."""
    valid = parameter_names(factory)
    unknown = [key for key in params if key not in valid]
    if not unknown:
        return
    import difflib

    hints = [f"{key!r} (did you mean {close[0]!r}?)" if (close := difflib.get_close_matches(str(key), valid, 1))
             else repr(key) for key in unknown]
    raise ValueError(
        f"unknown parameter{'s' if len(unknown) > 1 else ''} {', '.join(hints)} for {name}; "
        f"valid parameters: {', '.join(valid) or 'none'}"
    )


def load_game(name: str, **params: Any) -> Game:
    """``load_game("ufs", city="roswell", threat=1)``: the game with these parameters.

    Unknown games, unknown parameters and invalid values raise ``ValueError`` listing the
    valid ones.
    """
    factory = _factory(name)
    check_parameters(factory, name, params)
    return factory(**params)


def state_from_json(text: str) -> State:
    """Load a state saved with ``State.to_json()``; raises :class:`InvalidSaveError`."""
    try:
        data = json.loads(text)
    except (TypeError, json.JSONDecodeError) as exc:
        raise InvalidSaveError(f"not a soloboard save: not valid JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidSaveError("not a soloboard save: the 'format' field must be 'soloboard-state'")
    if "game" not in data:
        raise InvalidSaveError(
            f"the save has no 'game' field naming its game (valid games: {', '.join(game_names())})"
        )
    name = data.get("game")
    if not isinstance(name, str) or name not in _GAMES:
        raise InvalidSaveError(
            f"the save is for game {name!r}, which this version does not know "
            f"(valid games: {', '.join(game_names())})"
        )
    return _factory(name).state_from_dict(data)
