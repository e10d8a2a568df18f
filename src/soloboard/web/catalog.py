"""Every game and its parameters, for the new-game dialog (``GET /api/catalog``).

The choices come from the engines' own tables (cities, threat levels, cards, difficulties),
so the dialog offers exactly what ``load_game`` accepts; the labels are translated.
"""

from __future__ import annotations

from typing import Any

from soloboard.agents import names as agent_names
from soloboard.i18n import LANGUAGE_NAMES, LANGUAGES, N_, _

# (name, type, default, label msgid, help msgid); the choices are read from the engine below
_UFS = (
    ("city", "choice", "roswell", N_("City"), N_("The city tile")),
    ("side", "choice", "blue", N_("City side"), N_("Blue (undamaged) or damaged (red): each side has its ability")),
    ("threat", "choice", 0, N_("Threat level"), N_("That many sky tiles, drawn at random, on their threat side")),
    ("sky", "text", None, N_("Sky tiles"),
     N_("Every sky tile's side instead of a threat level, bottom tile first: E easy, T threat (e.g. ETEE)")),
    ("unidentified_action", "choice", "damage", N_("Single-source symbols"),
     N_("The two threat-side 'base takes 1 damage' symbols known from one source: damage, or no effect")),
)
_PNP = (
    ("level", "choice", 0, N_("Level"), N_("That many cards, drawn at random, on their difficult side")),
    ("difficult", "cards", None, N_("Difficult cards"), N_("The cards on their difficult side, instead of a level")),
    ("energy_rule", "choice", "max", N_("Energy rule"),
     N_("max: energy becomes max(energy, value), the rulebook; add: add the value, the later edition")),
)
_MONSTROS = (
    ("players", "choice", 2, N_("Players"), N_("1 to 6 (1 is the solo mode)")),
    ("difficulty", "choice", "iniciante", N_("Difficulty"), N_("Which special monsters join the deck")),
    ("five_removal", "choice", "any", N_("Five cards on the board"),
     N_("any: remove a triple or all five; forced-only: all five only when no triple can go")),
)
# a parameter given instead of another (load_game refuses both at once)
INSTEAD_OF = {"sky": "threat", "difficult": "level"}
TITLES = {"ufs": N_("Under Falling Skies"), "ufs-pnp": N_("Under Falling Skies, 9-card edition"),
          "monstros": N_("A Invasão dos Monstros Sem Nome")}


def _choices(game: str, name: str) -> list[Any] | None:
    if game == "ufs":
        from soloboard.ufs import components as C
        from soloboard.ufs.game import SINGLE_SOURCE_READINGS, THREAT_LEVELS

        return {"city": C.city_ids(), "side": ["blue", "damaged"], "threat": list(THREAT_LEVELS),
                "unidentified_action": list(SINGLE_SOURCE_READINGS)}.get(name)
    if game == "ufs-pnp":
        from soloboard.ufs.pnp import LEVELS, UFSPnPGame
        from soloboard.ufs.ruleset import ENERGY_RULES

        playable = UFSPnPGame().playable_cards()
        return {"level": [n for n in LEVELS if n <= len(playable)], "difficult": playable,
                "energy_rule": list(ENERGY_RULES)}.get(name)
    from soloboard.monstros.game import DIFFICULTIES, FIVE_REMOVAL, PLAYERS

    return {"players": list(PLAYERS), "difficulty": list(DIFFICULTIES), "five_removal": list(FIVE_REMOVAL)}.get(name)


def choice_label(game: str, name: str, value: Any) -> str:
    """A parameter's value in words for a person (call inside ``i18n.use``): the city as the
    narrator names it, the side, the difficulty with its accents; a number or a card as it is."""
    if name == "city":
        from soloboard.ufs.narrate import city_name

        return city_name(str(value))
    if name == "side":
        from soloboard.ufs.narrate import city_side

        return city_side(str(value))
    if name == "difficulty":
        from soloboard.monstros.game import difficulty_name

        return difficulty_name(str(value))
    words = {("unidentified_action", "damage"): N_("damage"), ("unidentified_action", "none"): N_("no effect"),
             ("energy_rule", "max"): N_("max (the rulebook)"), ("energy_rule", "add"): N_("add (the later edition)"),
             ("five_removal", "any"): N_("any"), ("five_removal", "forced-only"): N_("forced only")}
    word = words.get((name, value)) if isinstance(value, str) else None
    return _(word) if word else str(value)


def _labelled(game: str, name: str) -> list[dict[str, Any]] | None:
    choices = _choices(game, name)
    return None if choices is None else [{"value": c, "label": choice_label(game, name, c)} for c in choices]


_SPECS = {"ufs": _UFS, "ufs-pnp": _PNP, "monstros": _MONSTROS}
# named in a set-up's summary even at their default: they make the set-up what it is
_KEY = {"city", "side", "threat", "sky", "level", "difficult", "players", "difficulty"}


def setup_text(game: str, params: dict[str, Any]) -> str:
    """A set-up in words, e.g. "City: Roswell · City side: blue · Threat level: 1" (inside
    ``i18n.use``): the key parameters always, the others where they differ from their default."""
    parts = []
    for name, _kind, default, label, _help in _SPECS.get(game, ()):
        value = params.get(name)
        if value is None or value == "" or value == [] or (name not in _KEY and value == default):
            continue
        shown = ", ".join(choice_label(game, name, v) for v in value) if isinstance(value, list) \
            else choice_label(game, name, value)
        parts.append(_("{label}: {value}").format(label=_(label), value=shown))
    return " · ".join(parts)


def catalog() -> dict[str, Any]:
    """The games, each with its parameters (name, type, default, choices, label, help), the
    agents an AI seat can be, and the languages (call inside ``i18n.use``)."""
    games = []
    for game, params in _SPECS.items():
        games.append({
            "game": game, "title": _(TITLES[game]), "seats": game == "monstros",
            "params": [{"name": name, "type": kind, "default": default, "choices": _labelled(game, name),
                        "label": _(label), "help": _(help_text), "instead_of": INSTEAD_OF.get(name)}
                       for name, kind, default, label, help_text in params],
        })
    return {"games": games, "agents": agent_names(),
            "languages": [{"code": code, "name": LANGUAGE_NAMES[code]} for code in LANGUAGES]}
