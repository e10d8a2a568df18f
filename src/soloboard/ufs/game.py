"""Under Falling Skies (boxed edition): the game's parameters and set-up."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from soloboard.ufs import actions as A
from soloboard.ufs import components as C
from soloboard.ufs.hooks import RuleHooks, hooks_for
from soloboard.ufs.ruleset import BOXED, Ruleset
from soloboard.ufs.state import UFSState
from soloboard.ufs.tables import BaseTables, Layout, boxed_sky

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


class BaseUFSGame:
    """What every edition of Under Falling Skies gives the engine (``state.py``).

    An edition says which components are in play (:meth:`layout`), how many dice and
    ships there are, what they are called, and where its rules differ (``ruleset``).
    """

    short_name = ""
    long_name = ""
    ruleset: Ruleset
    hooks: RuleHooks
    unidentified_action = "damage"
    sky_rows: int
    plain_dice: int
    white_dice: int
    primary_ships: int
    reinforcement_ships: int
    robot_dice: int
    dice_names: tuple[str, str]
    ship_names: tuple[str, str]
    setup_word: str  # how the set-up chance event is written: "sky ETEE", "cards EEEEEEEE"
    sides_key: str  # the position's field naming every card's side
    side_letters: tuple[tuple[str, str], ...]  # (side name, letter) for each side a card can show
    cards: tuple[str, ...]  # the cards whose sides the set-up draw decides
    cards_noun: str  # what they are called together: "sky tiles", "cards"
    fixed_sides: tuple[str, ...] | None  # every card's side, when no draw is needed
    flipped: int  # how many cards the set-up draw flips

    base: BaseTables | None = None  # the base, when it does not depend on the set-up draw
    start_energy = 0  # the energy before the set-up draw, when it does not depend on it

    def __init__(self) -> None:
        self._layouts: dict[tuple[str, ...], Layout] = {}

    @property
    def dice_letters(self) -> str:
        return "".join(name[0].upper() for name in self.dice_names)

    @property
    def ship_letters(self) -> str:
        return "".join(name[0].upper() for name in self.ship_names)

    def layout(self, sides: tuple[str, ...]) -> Layout:
        hit = self._layouts.get(sides)
        if hit is None:
            hit = self._layouts[sides] = self._build_layout(sides)
        return hit

    def _build_layout(self, sides: tuple[str, ...]) -> Layout:
        raise NotImplementedError

    def setup_masks(self) -> list[int]:
        """The set-up draws: bit i set = card i on its harder side."""
        return [m for m in range(1 << len(self.cards)) if m.bit_count() == self.flipped]

    def sides_for_mask(self, mask: int) -> tuple[str, ...]:
        easy, hard = self.side_letters[0][0], self.side_letters[1][0]
        return tuple(hard if mask >> i & 1 else easy for i in range(len(self.cards)))

    def setup_to_string(self, mask: int) -> str:
        letters = self.side_letters
        return f"{self.setup_word} " + "".join(letters[1][1] if mask >> i & 1 else letters[0][1]
                                               for i in range(len(self.cards)))

    def parse_setup(self, text: str) -> int:
        words = text.strip().split()
        letters = {letter: i for i, (_, letter) in enumerate(self.side_letters)}
        if (len(words) == 2 and words[0].lower() == self.setup_word and len(words[1]) == len(self.cards)
                and set(words[1].upper()) <= set(letters)):
            return A.SKY_CHANCE + sum(1 << i for i, ch in enumerate(words[1].upper()) if letters[ch] == 1)
        example = self.setup_to_string(0)
        raise ValueError(f"cannot read set-up draw {text!r}: write it like {example!r}")

    def new_initial_state(self) -> UFSState:
        return UFSState(self)

    def num_distinct_actions(self) -> int:
        # only an edition where the player picks which waiting ship spawns needs the "spawn red" actions
        return A.SPAWN_RED if self.ruleset.spawn_farthest else A.NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return A.SKY_CHANCE + (1 << len(self.cards))

    def parameters(self) -> dict[str, Any]:
        raise NotImplementedError

    def notices(self) -> list[str]:
        return []

    def title(self) -> str:
        """One line naming the game and its settings, e.g. ``Roswell, threat 1``."""
        raise NotImplementedError

    def describe_sides(self, sides: tuple[str, ...]) -> str:
        """The set-up draw's result in words."""
        raise NotImplementedError

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.parameters().items())
        return f"{type(self).__name__}({args})"

    @classmethod
    def state_from_dict(cls, data: dict[str, Any]) -> UFSState:
        from soloboard.ufs.serialize import state_from_dict

        return state_from_dict(data, cls)


class UFSGame(BaseUFSGame):
    """Rules and parameters of one game of Under Falling Skies (boxed edition).

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
    ruleset = BOXED
    sky_rows = C.SKY_ROWS
    dice_names = ("gray", "white")
    ship_names = ("purple", "white")
    setup_word = "sky"
    sides_key = "sky_sides"
    side_letters = (("easy", "E"), ("threat", "T"))
    cards = tuple(f"sky tile {n}" for n in range(1, C.SKY_TILES + 1))
    cards_noun = "sky tiles"

    def __init__(
        self,
        city: str = "roswell",
        threat: int | None = None,
        sky: str | Sequence[str] | None = None,
        unidentified_action: str = "damage",
        damaged: bool = False,
    ) -> None:
        super().__init__()
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
            self.fixed_sides = parse_sky(sky)
            self.threat = self.fixed_sides.count("threat")
        else:
            level = 0 if threat is None else threat
            if isinstance(level, bool) or not isinstance(level, int) or level not in THREAT_LEVELS:
                raise ValueError(f"unknown threat level {threat!r}; valid threat levels: 0, 1, 2, 3, 4")
            self.threat = level
            # a draw with a single outcome is no chance event
            self.fixed_sides = ("easy",) * 4 if level == 0 else ("threat",) * 4 if level == 4 else None
        self.flipped = self.threat
        if unidentified_action not in UNIDENTIFIED_READINGS:
            raise ValueError(
                f"unknown reading {unidentified_action!r} for the unidentified mothership actions; "
                f"valid: {', '.join(UNIDENTIFIED_READINGS)}"
            )
        self.unidentified_action = unidentified_action
        self._sky_given = sky is not None
        self.base = BaseTables(C.base_half(self.city.top, "top"), C.base_half(self.city.bottom, "bottom"))
        self.start_energy = self.city.start_energy
        self.hooks = hooks_for(self.city.ability_id)
        counts = C.mothership()
        self.plain_dice = counts.gray_dice
        self.white_dice = counts.white_dice
        self.reinforcement_ships = counts.white_ships
        self.primary_ships = counts.purple_ships
        self.robot_dice = counts.robot_dice

    def _build_layout(self, sides: tuple[str, ...]) -> Layout:
        city = self.city
        return Layout(boxed_sky(sides), self.base, city.start_energy, city.energy_max, city.damage_limit)

    def parameters(self) -> dict[str, Any]:
        params: dict[str, Any] = {"city": self.city.id, "unidentified_action": self.unidentified_action}
        if self._sky_given:
            params["sky"] = "".join(s[0].upper() for s in self.fixed_sides or ())
        else:
            params["threat"] = self.threat
        return params

    def title(self) -> str:
        return f"{self.city.name}, threat {self.threat}"

    def describe_sides(self, sides: tuple[str, ...]) -> str:
        letters = "".join(s[0].upper() for s in sides)
        return f"sky {letters} (E easy, T threat; bottom tile first)"

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
