"""The words of Under Falling Skies: phases, rooms, dice, ships, cities, sides, printed actions.

What the engine's refusals, the narration (``narrate.py``), the boards and the guide call things,
in the current language (``soloboard.i18n``), with the rulebooks' own terms (docs/glossary.md).
This module depends on nothing of the engine, so every part of it can use these words.
"""

from __future__ import annotations

from typing import Any

from soloboard.i18n import N_, _, ngettext, pgettext

# English titles (msgids): translate with _() where shown (phase_title)
PHASE_TITLES = {
    "place": N_("Dice Phase"),
    "rooms": N_("Rooms Phase"),
    "install": N_("Robot installation"),
    "mothership": N_("Mothership Phase"),
    "spawn": N_("Ships spawn"),
}

ROOM_NAMES = {"energy": N_("energy room"), "fighters": N_("fighters room"), "research": N_("research room"),
              "robots": N_("robots room"), "energy+fighters": N_("energy and fighters room")}

LOSS_WORDS = {"base destroyed": N_("the base is destroyed")}
# the engine's loss causes (``state.loss_cause``), said as they are where a board shows them
LOSS_CAUSES = (N_("base destroyed"), N_("mothership reached the skull row"), N_("the skull symbol was resolved"))


def phase_title(phase: str) -> str:
    return _(PHASE_TITLES[phase]) if phase in PHASE_TITLES else phase


def room_name(kind: str) -> str:
    """A room type as the rulebooks name it ("fighters room": hangar myśliwców, stíhačky)."""
    return _(ROOM_NAMES[kind]) if kind in ROOM_NAMES else _("{type} room").format(type=kind)


def ship_colour(name: str) -> str:
    """A ship's colour word, agreeing with the language's word for ship (nave roxa, fialový letoun).

    The Czech rulebook calls the boxed edition's purple ships red (červené letouny): the
    catalog follows each rulebook (docs/glossary.md)."""
    words = {"purple": pgettext("ship", "purple"), "white": pgettext("ship", "white"),
             "green": pgettext("ship", "green"), "red": pgettext("ship", "red")}
    return words.get(name, name)


def die_colour(name: str) -> str:
    """A die's colour word, agreeing with the word for die (dado cinzento, šedá kostka)."""
    words = {"gray": pgettext("die", "gray"), "white": pgettext("die", "white"),
             "black": pgettext("die", "black"), "blue": pgettext("die", "blue")}
    return words.get(name, name)


def game_word(word: str) -> str:
    """The editions' words for their set-up (``cards_noun``, side names) in the current language."""
    words = {"sky tiles": _("sky tiles"), "cards": _("cards"), "easy": pgettext("side", "easy"),
             "threat": pgettext("side", "threat"), "difficult": pgettext("side", "difficult")}
    return words.get(word, word)


def phase_word(name: str) -> str:
    """A phase as the engine names it (``PHASE_NAMES``), for "not possible in the rooms phase"."""
    words = {"setup": pgettext("phase", "setup"), "roll": pgettext("phase", "roll"),
             "place": pgettext("phase", "place"), "rooms": pgettext("phase", "rooms"),
             "install": pgettext("phase", "install"), "spawn": pgettext("phase", "spawn"),
             "over": pgettext("phase", "over"), "ability": pgettext("phase", "ability")}
    return words.get(name, name)


def reinforcement_name(game: Any) -> str:
    return game.ship_names[1] if game is not None else "white"


def effect_text(effect: str, amount: int = 1, reinforcement: str = "white") -> str:
    """What a resolved mothership action (boxed) or track symbol (9-card) did, in words."""
    if effect == "excavator_back":
        return _("excavator back {amount}").format(amount=amount)
    if effect == "research_back":
        return _("research back {amount}").format(amount=amount)
    if effect == "add_white_ships":  # the engine's name for every edition's reinforcements
        return ngettext("+{n} {ship} ship", "+{n} {ship} ships", amount).format(
            n=amount, ship=ship_colour(reinforcement))
    if effect == "damage":
        return _("1 damage")
    if effect == "skull":
        return _("the SKULL: the game is lost")
    if effect == "none":
        return _("nothing")
    return effect.replace("_", " ")


def short_action_text(action: tuple[str, int] | None, reinforcement_letter: str = "W") -> str:
    """A printed mothership action in at most six characters, for the compact board (``exc-2``, ``+1W``)."""
    if action is None:
        return ""
    kind, amount = action
    return {
        "excavator_back": f"exc-{amount}",
        "research_back": f"res-{amount}",
        "add_white_ships": f"+{amount}{reinforcement_letter}",
        "damage": _("1 dmg"),
        "skull": _("SKULL"),
        "none": _("none"),  # a symbol the game plays as no effect
    }.get(kind, kind[:6])


def action_word(game: Any) -> str:
    """What the edition calls the symbol a Mothership Phase resolves."""
    before = getattr(getattr(game, "ruleset", None), "mothership_acts_before_descending", False)
    return _("track symbol") if before else _("mothership action")


def loss_text(cause: str) -> str:
    """Why a game was lost (``state.loss_cause``), in words."""
    return _(LOSS_WORDS[cause]) if cause in LOSS_WORDS else _(cause) if cause else cause


CITY_NAMES = {"roswell": N_("Roswell"), "new-york": N_("New York"), "washington": N_("Washington, DC")}


def city_side(side: str) -> str:
    """A city tile's side: blue (undamaged) or damaged (the red side)."""
    words = {"blue": pgettext("city side", "blue"), "damaged": pgettext("city side", "damaged"),
             "red": pgettext("city side", "red")}
    return words.get(side, side)


def city_name(city: str) -> str:
    return _(CITY_NAMES[city]) if city in CITY_NAMES else city


def arrow_direction(direction: str) -> str:
    words = {"left": pgettext("arrow", "left"), "right": pgettext("arrow", "right")}
    return words.get(direction, direction)
