"""Which games exist: one kit per game, one line each (``core/kit.py`` says what a kit gives).

A fourth game is one new package with its kit, plus one line in ``_KITS``. Kits are imported
when first asked for, so ``import soloboard`` loads no game.
"""

from __future__ import annotations

import json
from functools import cache
from typing import TYPE_CHECKING, Any

from soloboard.core.api import Game, State
from soloboard.core.errors import InvalidSaveError
from soloboard.core.lazy import load
from soloboard.core.parameters import check_parameters, parameter_names
from soloboard.core.saves import FORMAT

if TYPE_CHECKING:  # the kits' module is imported with the first kit, not with soloboard
    from soloboard.core.kit import GameKit, ReportOption

# name -> "module:kit"
_KITS: dict[str, str] = {
    "ufs": "soloboard.ufs.kit:BOXED",
    "ufs-pnp": "soloboard.ufs.kit:NINE_CARD",
    "monstros": "soloboard.monstros.kit:KIT",
}


def game_names() -> list[str]:
    return sorted(_KITS)


@cache
def kit(name: str) -> GameKit:
    """The kit of the game called ``name``; ``ValueError`` listing the valid names."""
    try:
        target = _KITS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r}; valid games: {', '.join(game_names())}") from None
    found: GameKit = load(target)
    return found


def kits() -> list[GameKit]:
    """Every game's kit, in the registry's order."""
    return [kit(name) for name in _KITS]


def report_options() -> list[ReportOption]:
    """Every game's ``soloboard report`` options, each once (the command line offers them all;
    a report takes its own game's)."""
    seen: dict[str, ReportOption] = {}
    for game_kit in kits():
        for option in game_kit.report.options if game_kit.report else ():
            seen.setdefault(option.dest, option)
    return list(seen.values())


def kit_of(game_or_state: Any) -> GameKit:
    """The kit of a game, or of a state's game."""
    game = getattr(game_or_state, "game", game_or_state)
    return kit(str(getattr(game, "short_name", "")))


def game_parameters(name: str) -> list[str]:
    """The keyword parameters ``load_game(name, ...)`` takes, in the game's own order."""
    return parameter_names(kit(name).game_factory())


def load_game(name: str, **params: Any) -> Game:
    """``load_game("ufs", city="roswell", threat=1)``: the game with these parameters.

    Unknown games, unknown parameters and invalid values raise ``ValueError`` listing the
    valid ones.
    """
    game_kit = kit(name)
    check_parameters(game_kit.game_factory(), name, params)
    return game_kit.game(**params)


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
    if not isinstance(name, str) or name not in _KITS:
        raise InvalidSaveError(
            f"the save is for game {name!r}, which this version does not know "
            f"(valid games: {', '.join(game_names())})"
        )
    state: State = kit(name).game_factory().state_from_dict(data)
    return state
