"""Under Falling Skies (boxed edition): the game's parameters and set-up."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from soloboard.ufs import actions as A
from soloboard.ufs import components as C
from soloboard.ufs.hooks import hooks_for
from soloboard.ufs.state import UFSState
from soloboard.ufs.tables import BaseTables, SkyTables

THREAT_LEVELS = range(0, 5)
UNIDENTIFIED_READINGS = ("damage", "none")
_CITY_ALIASES = {
    "newyork": "new-york", "ny": "new-york", "nyc": "new-york",
    "washington-dc": "washington", "washingtondc": "washington", "dc": "washington",
    "washington-d.c.": "washington",
}


def normalise_city(name: str) -> str:
    key = "-".join(str(name).strip().lower().replace(",", " ").replace("_", " ").split())
    return _CITY_ALIASES.get(key, key)


def parse_sky(sky: str | Sequence[str]) -> tuple[str, ...]:
    """Four sides, bottom tile first: ("easy", "threat", ...), "ETEE" or "easy,threat,easy,easy"."""
    if isinstance(sky, str):
        items = sky.replace(",", " ").split() if ("," in sky or " " in sky) else list(sky)
    else:
        items = list(sky)
    sides = []
    for item in items:
        word = str(item).strip().lower()
        if word in ("e", "easy"):
            sides.append("easy")
        elif word in ("t", "threat"):
            sides.append("threat")
        else:
            raise ValueError(f"sky side {item!r} is not valid: use 'easy' (E) or 'threat' (T)")
    if len(sides) != C.SKY_TILES:
        raise ValueError(
            f"sky needs exactly {C.SKY_TILES} sides, bottom tile first (e.g. 'ETEE'); got {len(sides)}"
        )
    return tuple(sides)


class UFSGame:
    """Rules and parameters of one game of Under Falling Skies.

    ``UFSGame(city="roswell", threat=0)`` is the first game. Parameters:

    - ``city``: ``roswell`` | ``new-york`` | ``washington``.
    - ``threat``: 0..4 sky tiles flipped to their threat side, drawn at random (a chance node);
      or ``sky``: every tile's side, bottom tile first (``"ETEE"`` or a sequence of
      ``"easy"``/``"threat"``). Give one or the other; the default is threat 0.
    - ``unidentified_action``: how to resolve the two mothership-action symbols our source
      could not identify: ``"damage"`` (1 damage, the likeliest reading; default) or ``"none"``.
    - ``damaged``: play the city's damaged side. Refused: no damaged side is known.
    """

    short_name = "ufs"
    long_name = "Under Falling Skies (boxed edition)"

    def __init__(
        self,
        city: str = "roswell",
        threat: int | None = None,
        sky: str | Sequence[str] | None = None,
        unidentified_action: str = "damage",
        damaged: bool = False,
    ) -> None:
        cities = C.city_ids()
        city_id = normalise_city(city)
        if city_id not in cities:
            raise ValueError(f"unknown city {city!r}; valid cities: {', '.join(cities)}")
        self.city = C.city(city_id)
        if damaged:
            raise ValueError(
                f"the damaged side of {self.city.name} cannot be played: {self.city.damaged_side_note} "
                "Its ability is what makes it the damaged side, and we never invent an ability."
            )
        if sky is not None and threat is not None:
            raise ValueError("give either threat (random sides) or sky (named sides), not both")
        if sky is not None:
            self.fixed_sides: tuple[str, ...] | None = parse_sky(sky)
            self.threat = self.fixed_sides.count("threat")
        else:
            level = 0 if threat is None else threat
            if isinstance(level, bool) or not isinstance(level, int) or level not in THREAT_LEVELS:
                raise ValueError(f"unknown threat level {threat!r}; valid threat levels: 0, 1, 2, 3, 4")
            self.threat = level
            # a draw with a single outcome is no chance event
            self.fixed_sides = ("easy",) * 4 if level == 0 else ("threat",) * 4 if level == 4 else None
        if unidentified_action not in UNIDENTIFIED_READINGS:
            raise ValueError(
                f"unknown reading {unidentified_action!r} for the unidentified mothership actions; "
                f"valid: {', '.join(UNIDENTIFIED_READINGS)}"
            )
        self.unidentified_action = unidentified_action
        self._sky_given = sky is not None
        self.base = BaseTables(C.base_half(self.city.top, "top"), C.base_half(self.city.bottom, "bottom"))
        self.hooks = hooks_for(self.city.ability_id)
        counts = C.mothership()
        self.gray_dice = counts.gray_dice
        self.white_dice = counts.white_dice
        self.white_ships = counts.white_ships
        self.purple_ships = counts.purple_ships
        self.robot_dice = counts.robot_dice
        self._sky_cache: dict[tuple[str, ...], SkyTables] = {}

    def sky_tables(self, sides: tuple[str, ...]) -> SkyTables:
        tables = self._sky_cache.get(sides)
        if tables is None:
            tables = self._sky_cache[sides] = SkyTables(sides)
        return tables

    def new_initial_state(self) -> UFSState:
        return UFSState(self)

    def num_distinct_actions(self) -> int:
        return A.NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return A.MAX_CHANCE_OUTCOMES

    def parameters(self) -> dict[str, Any]:
        params: dict[str, Any] = {"city": self.city.id, "unidentified_action": self.unidentified_action}
        if self._sky_given:
            params["sky"] = "".join(s[0].upper() for s in self.fixed_sides or ())
        else:
            params["threat"] = self.threat
        return params

    def notices(self) -> list[str]:
        """What the player must be told about the data behind this game."""
        notes = []
        if not self.city.ability_known:
            notes.append(f"{self.city.name}: city ability not modelled. {self.city.ability_text}")
        if not self.city.start_energy_known:
            notes.append(f"{self.city.name}: start energy unknown, {self.city.start_energy} assumed.")
        notes.append(
            "Component data is an unverified transcription; track lengths are an interpretation "
            f"(energy 0..{self.city.energy_max}, the base is destroyed at damage {self.city.damage_limit})."
        )
        reading = "1 damage" if self.unidentified_action == "damage" else "no effect"
        notes.append(
            "Two threat-side mothership symbols are unidentified; they are resolved as "
            f"'{reading}' (unidentified_action={self.unidentified_action!r})."
        )
        return notes

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.parameters().items())
        return f"UFSGame({args})"

    @staticmethod
    def state_from_dict(data: dict[str, Any]) -> UFSState:
        from soloboard.ufs.serialize import state_from_dict

        return state_from_dict(data)
