"""Playing a campaign battle: at the table (companion mode) or with the engine (digital).

Companion mode: soloboard runs the procedure, says what to set up (:func:`sheet.setup`) and
records the result the player reports. A game is digital only when the engine knows every
component in it: the city side's data and ability (the basic cities, or one a plugin added),
and the rules of the scenario and the character (from a plugin). The boxed campaign's own
components are known by name only, so without plugins every campaign battle is companion play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from soloboard.core.errors import IllegalActionError
from soloboard.core.registry import load_game
from soloboard.i18n import _
from soloboard.ufs.campaign import sheet
from soloboard.ufs.campaign.plugins import combine, rules_for
from soloboard.ufs.campaign.procedure import R_BATTLE, Campaign

if TYPE_CHECKING:  # the engine's module imports the plugins (advanced sky tiles): named here only for types
    from soloboard.ufs.game import UFSGame


def boxed_game(params: dict[str, Any]) -> UFSGame:
    """``load_game("ufs", **params)`` (its checks and messages), as the boxed edition's game."""
    return cast("UFSGame", load_game("ufs", **params))


def unknown_parts(c: Campaign, game_number: int | None = None) -> list[str]:
    """What in the battle's next (or current) game the engine cannot play; empty: it can be digital."""
    b = c.battle
    if b is None:
        return []
    number = game_number or (c.game.game if c.game else len(b.games) + 1)
    side = "blue" if number == 1 else "damaged"
    missing = []
    if not sheet.known(c, b.city, "city", side):
        missing.append((_("the city {city} (blue side)") if side == "blue" else _("the city {city} (damaged side)"))
                       .format(city=c.name_of(b.city)))
    if not sheet.known(c, b.scenario, "scenario"):
        missing.append(_("the scenario {name}").format(name=c.name_of(b.scenario)))
    for x in ([b.character] if b.character else b.team):
        if not sheet.known(c, x, "character"):
            missing.append((_("the character {name} (upgraded side)") if sheet.character_side(c, x) == "upgraded"
                            else _("the character {name} (basic side)")).format(name=c.name_of(x)))
    return missing


def set_up(c: Campaign, companion: bool = False) -> dict[str, Any]:
    """Set up the battle's next game: digital when possible (and not asked for companion play)."""
    mode = "companion" if companion or unknown_parts(c) else "digital"
    c.set_up_game(mode)
    return sheet.setup(c)


def game_params(c: Campaign) -> dict[str, Any]:
    """``load_game("ufs", **params)`` for the game in play (the city side and the drawn sky)."""
    b, g = c.battle, c.game
    if b is None or g is None:
        raise IllegalActionError(_("no game is set up"), R_BATTLE)
    return {"city": b.city, "side": g.side, "sky": g.sky}


def new_game(c: Campaign) -> tuple[Any, int]:
    """The engine's game for the digital game in play, with the components' rule hooks, and the
    seed of its dice (drawn with the sky, so the same game is dealt again after an undo)."""
    b, g = c.battle, c.game
    if b is None or g is None or g.mode != "digital":
        raise IllegalActionError(_("no digital game is set up (companion games are played at the table)"),
                                 R_BATTLE)
    missing = unknown_parts(c)
    if missing:
        raise IllegalActionError(_("the engine does not know {parts}").format(parts=", ".join(missing)), R_BATTLE)
    game = build_game(game_params(c), b.scenario, characters_in(c))
    return game, g.dice_seed


def record_state(c: Campaign, state: Any) -> dict[str, Any]:
    """Record a finished digital game's result from the engine's state (and keep its moves)."""
    g = c.game
    if g is None or g.mode != "digital":
        raise IllegalActionError(_("no digital game is set up"), R_BATTLE)
    if not state.is_terminal():
        raise IllegalActionError(_("the game is not over yet"), R_BATTLE)
    params = state.game.parameters()
    expected = game_params(c)
    if (params.get("city"), params.get("side"), params.get("sky")) != (expected["city"], expected["side"],
                                                                      expected["sky"]):
        raise IllegalActionError(_("that game ({game}) is not the one set up ({expected})").format(
            game=params, expected=expected), R_BATTLE)
    won = state.returns()[0] > 0
    played = {"game": "ufs", "params": expected, "seed": g.dice_seed, "history": list(state.history())}
    return c.record(won, source="engine", game_record=played)


def characters_in(c: Campaign) -> list[tuple[str, str]]:
    """The characters of the battle's game and the side each plays: ``(id, "basic" | "upgraded")``."""
    b = c.battle
    if b is None:
        return []
    return [(x, sheet.character_side(c, x)) for x in ([b.character] if b.character else b.team)]


def build_game(params: dict[str, Any], scenario: str | None, characters: list[tuple[str, str]]) -> Any:
    """The engine's game of a campaign or custom battle: ``load_game("ufs", **params)`` (the city
    side, the sky), with the scenario's and each character's (on the side it plays) rule hooks
    combined with the city's (``plugins.combine``)."""
    game = boxed_game(params)
    city, side = params["city"], params.get("side", "blue")
    hooks = [game.hooks]
    rules = rules_for("scenario", scenario) if scenario is not None else None
    if rules is not None:
        hooks.append(rules.hooks[""](city, side))
    for character, character_side in characters:
        known = rules_for("character", character)
        if known is None or character_side not in known.hooks:
            raise IllegalActionError(_("the engine does not know the rules of the character {name} on the side "
                                       "it plays").format(name=character), R_BATTLE)
        hooks.append(known.hooks[character_side](city, side))
    game.use_hooks(combine(hooks))
    return game
