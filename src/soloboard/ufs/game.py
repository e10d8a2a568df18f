"""Under Falling Skies: what every edition's game gives the engine (:class:`BaseUFSGame`), and the
boxed edition's parameters and set-up (:class:`UFSGame`; the 9-card edition's are in :mod:`.pnp`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from soloboard.core.api import GameMixin
from soloboard.i18n import N_, _, ngettext
from soloboard.ufs import actions as A
from soloboard.ufs import components as C
from soloboard.ufs.hooks import RuleHooks, hooks_for, overrides
from soloboard.ufs.ruleset import BOXED, Ruleset
from soloboard.ufs.state import UFSState
from soloboard.ufs.tables import BaseTables, Layout, boxed_sky
from soloboard.ufs.words import city_side

THREAT_LEVELS = range(0, 5)
# how to play the two threat-side symbols known from one source only ("base takes 1 damage");
# "none" is how saves made before the second source identified them played them
SINGLE_SOURCE_READINGS = ("damage", "none")
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
            raise ValueError(_("sky side {side} is not valid: use 'easy' (E) or 'threat' (T)").format(side=repr(item)))
    if len(sides) != C.SKY_TILES:
        raise ValueError(_("sky needs exactly {n} sides, bottom tile first (e.g. 'ETEE'); got {got}").format(
            n=C.SKY_TILES, got=len(sides)))
    return tuple(sides)


def parse_sky_tiles(tiles: str | Sequence[str] | None) -> tuple[str, ...]:
    """One tile per height, bottom first: ``"basic"`` or an advanced tile's id whose full data a
    plugin gave (``components.register_sky_tile``); ``"basic,my-tile,basic,basic"`` (or with ``+``)
    or a sequence."""
    if tiles is None:
        return (C.BASIC_SKY,) * C.SKY_TILES
    # "," or "+" (the OpenSpiel game string separates parameters with ",")
    items = tiles.replace("+", ",").split(",") if isinstance(tiles, str) else tiles
    if not isinstance(items, Sequence) or not all(isinstance(t, str) for t in items):
        raise ValueError(f"sky_tiles must name {C.SKY_TILES} tiles, bottom first (e.g. 'basic,my-tile,basic,basic'), "
                         f"not {tiles!r}")
    names = tuple(t.strip().lower() or C.BASIC_SKY for t in items)
    if len(names) != C.SKY_TILES:
        raise ValueError(f"sky_tiles needs exactly {C.SKY_TILES} tiles, one per height, bottom first "
                         f"(e.g. 'basic,my-tile,basic,basic'); got {len(names)}")
    for height, tile_id in enumerate(names, start=1):
        if tile_id != C.BASIC_SKY:
            _check_advanced_tile(tile_id, height)
    return names


def _check_advanced_tile(tile_id: str, height: int) -> None:
    tile = C.advanced_sky_tile(tile_id)
    if tile is None:  # maybe a plugin's, not loaded yet (a save read in a new process)
        from soloboard.ufs.campaign.plugins import get_box, load_plugins, sky_tile_data

        load_plugins()
        tile = C.advanced_sky_tile(tile_id)
        if tile is None:
            try:
                name = get_box().get(tile_id).name
            except KeyError:
                data = sky_tile_data(tile_id)
                name = str(data.get("name", tile_id)) if data is not None else ""
            if name:
                raise ValueError(f"the contents of the {name} ({tile_id}) are not known, only its stars: the engine "
                                 "cannot play it (play it at the table, or add its full data in a plugin)")
            known = ", ".join([C.BASIC_SKY, *C.advanced_sky_ids()])
            raise ValueError(f"unknown sky tile {tile_id!r}; known: {known}")
    if tile.height != height:
        raise ValueError(f"the {tile.name} ({tile_id}) is a tile for height {tile.height}, not height {height} "
                         "(heights count from the bottom tile, 1)")


def _check_player(player: int) -> None:
    if player != 0:
        raise ValueError(f"Under Falling Skies has one player, 0, not {player!r}")


class BaseUFSGame(GameMixin):
    """What every edition of Under Falling Skies gives the engine (``state.py``).

    An edition says which components are in play (:meth:`layout`), how many dice and
    ships there are, what they are called, and where its rules differ (``ruleset``).
    """

    short_name = ""
    package = "soloboard.ufs"
    long_name = ""
    ruleset: Ruleset
    _hooks: RuleHooks = RuleHooks()
    unidentified_action = "damage"
    # which hook points the rules must call (set by use_hooks; all off: the printed rules, nothing to call)
    room_value_hook = False
    room_cost_hook = False
    first_roll_hook = False
    damage_hook = False
    fixed_white_sixes = 0
    once_abilities: tuple[RuleHooks, ...] = ()  # once-per-game abilities, each its own action (A.ONCE + k)
    once_mask = 0  # a new state's ``once_left``: one bit per ability, all unused
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
        raise ValueError(_("cannot read set-up draw {text}: write it like {example}").format(
            text=repr(text), example=repr(example)))

    @property
    def hooks(self) -> RuleHooks:
        """The rule hooks in play (``hooks.py``); setting them goes through :meth:`use_hooks`."""
        return self._hooks

    @hooks.setter
    def hooks(self, hooks: RuleHooks) -> None:
        self.use_hooks(hooks)

    def use_hooks(self, hooks: RuleHooks) -> None:
        """Play with ``hooks``; the engine will call only the hook points they change."""
        self._hooks = hooks
        self.room_value_hook = overrides(hooks, "room_value")
        self.room_cost_hook = overrides(hooks, "room_cost")
        self.first_roll_hook = overrides(hooks, "after_first_roll")
        self.damage_hook = overrides(hooks, "first_damage")
        self.fixed_white_sixes = hooks.fixed_white_sixes
        once = tuple(hooks.once_abilities())
        if len(once) > A.ONCE_SLOTS:
            raise ValueError(f"{len(once)} once-per-game abilities; the engine numbers at most {A.ONCE_SLOTS}")
        self.once_abilities = once
        self.once_mask = (1 << len(once)) - 1

    def new_initial_state(self) -> UFSState:
        return UFSState(self)

    def replay_start(self, origin: dict[str, Any] | None) -> UFSState:
        """The state a history starts from, recording events: the initial state, or a saved position."""
        if origin is None:
            return UFSState(self, record=True)
        from soloboard.ufs.serialize import start_from  # the save code, loaded only with a save

        return start_from(self, origin)

    def num_distinct_actions(self) -> int:
        if self.once_abilities:  # "ability", "ability 2", ... come after every other action
            return A.ONCE + len(self.once_abilities)
        if self.hooks.adds_decisions:  # a city ability's decision ("six G3", "no six") comes last
            return A.NUM_ACTIONS
        # only an edition where the player picks which waiting ship spawns needs the "spawn red" actions
        return A.SPAWN_RED if self.ruleset.spawn_farthest else A.SIX

    def max_chance_outcomes(self) -> int:
        return A.SKY_CHANCE + (1 << len(self.cards))

    def max_game_length(self) -> int:
        """A true upper bound on the actions of one game, chance outcomes included.

        Rounds: the mothership descends at least one row every round and the game is lost
        when it reaches the skull row, so there are at most ``skull_row`` rounds. In a round,
        with W white dice, N worker dice in all, at most R robots on the base (the robot dice
        in the box, or the city's limit if larger, and never more than the robot spaces) and
        C drop points:

        - rolls: the first, and one re-roll per white die placed: 1 + W;
        - an ability decision after the first roll (a city that adds one): 1;
        - placements: N; discards and digs: N (each takes a die off the base);
        - room uses U <= N + R: a use takes every die off the room and leaves its robots
          unready until the next phase, so each use spends a die or one of at most R robots;
        - robots built B <= U * (most "robots" effects of one room); install or skip: B;
        - robot removals: R (the robots standing at the round's start) + B;
        - done: 1; spawn choices: C (each fills a free drop point).

        Plus the set-up draw when the sides are drawn, and one action per once-per-game ability
        (each is used at most once). Loose, but it holds for every play.
        """
        if self.fixed_sides is not None:
            layouts = [self.layout(self.fixed_sides)]
        else:
            layouts = [self.layout(self.sides_for_mask(m)) for m in self.setup_masks()]
        rounds = max(layout.sky.skull_row for layout in layouts)
        limit = max(self.robot_dice, self.hooks.max_robots(self.new_initial_state()))
        robots = min(limit, max(len(layout.base.robot_spaces) for layout in layouts))
        builds_per_use = max([room.effects.count("robots") for layout in layouts for room in layout.base.rooms]
                             or [0])
        dice = self.plain_dice + self.white_dice
        uses = dice + robots
        builds = uses * builds_per_use
        per_round = ((1 + self.white_dice) + int(self.hooks.adds_decisions) + dice + dice + uses + builds
                     + (robots + builds) + 1 + A.COLS)
        return int(self.fixed_sides is None) + rounds * per_round + len(self.once_abilities)

    # --- what the player sees, for learning agents: ufs/observation.py, docs/research.md ------

    def observation_layout(self) -> list[tuple[str, tuple[int, ...]]]:
        """The named pieces of ``state.observation_tensor()``, in order, with their shapes."""
        from soloboard.ufs.observation import observer  # only learning agents observe: playing never loads it

        return observer(self).layout()

    def observation_tensor(self, state: UFSState, player: int = 0) -> list[float]:
        from soloboard.ufs.observation import observation_tensor

        _check_player(player)
        return observation_tensor(state)

    def observation_string(self, state: UFSState, player: int = 0) -> str:
        from soloboard.ufs.observation import observation_string

        _check_player(player)
        return observation_string(state)

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
        from soloboard.ufs.serialize import state_from_dict  # the save code, loaded only with a save

        return state_from_dict(data, cls)


class UFSGame(BaseUFSGame):
    """Rules and parameters of one game of Under Falling Skies (boxed edition).

    ``UFSGame(city="roswell", threat=0)`` is the first game. Parameters:

    - ``city``: ``roswell`` | ``new-york`` | ``washington``.
    - ``side``: ``"blue"`` (the undamaged side, default) or ``"damaged"`` (the red side;
      ``"red"`` is accepted too). Each side has its own ability and research spaces.
      ``damaged=True`` (the earlier name) means ``side="damaged"``.
    - ``threat``: 0..4 sky tiles flipped to their threat side, drawn at random (a chance node);
      or ``sky``: every tile's side, bottom tile first (``"ETEE"`` or a sequence of
      ``"easy"``/``"threat"``). Give one or the other; the default is threat 0.
    - ``sky_tiles``: the tile at each height, bottom first: ``"basic"`` (default) or an
      advanced sky tile's id whose full data a plugin gave (``docs/campaign.md``), e.g.
      ``("basic", "my-tile", "basic", "basic")``. ``threat`` / ``sky`` give their sides.
    - ``unidentified_action``: how to play the two threat-side mothership symbols that our
      first source could not read and a second source gives as "base takes 1 damage":
      ``"damage"`` (default, as identified) or ``"none"`` (no effect, how games saved before
      they were identified played them; kept so those saves load and replay the same).
    """

    short_name = "ufs"
    long_name = N_("Under Falling Skies (boxed edition)")
    ruleset = BOXED
    sky_rows = C.SKY_ROWS
    dice_names = ("gray", "white")
    ship_names = ("purple", "white")
    setup_word = "sky"
    sides_key = "sky_sides"
    side_letters = (("easy", "E"), ("threat", "T"))
    cards = tuple(f"sky tile {n}" for n in range(1, C.SKY_TILES + 1))
    cards_noun = "sky tiles"
    base: BaseTables  # the city's, whatever the set-up draw: set by __init__, never None

    def __init__(
        self,
        city: str = "roswell",
        threat: int | None = None,
        sky: str | Sequence[str] | None = None,
        unidentified_action: str = "damage",
        side: str | None = None,
        damaged: bool | None = None,
        sky_tiles: str | Sequence[str] | None = None,
    ) -> None:
        super().__init__()
        self.sky_tiles = parse_sky_tiles(sky_tiles)
        cities = C.city_ids()
        city_id = normalise_city(city)
        if city_id not in cities:
            raise ValueError(_("unknown city {city}; valid cities: {cities}").format(city=repr(city),
                                                                                    cities=", ".join(cities)))
        if damaged is not None and not isinstance(damaged, bool):
            raise ValueError(f"damaged must be true or false, not {damaged!r} (or give side='blue' / 'damaged')")
        city_side = C.normalise_side(side) if side is not None else "damaged" if damaged else "blue"
        if damaged is not None and damaged != (city_side == "damaged"):
            raise ValueError(f"side={side!r} and damaged={damaged!r} contradict each other: give side only")
        self.city = C.city(city_id, city_side)
        self.side = city_side
        if sky is not None and threat is not None:
            raise ValueError(_("give either threat (random sides) or sky (named sides), not both"))
        if sky is not None:
            self.fixed_sides = parse_sky(sky)
            self.threat = self.fixed_sides.count("threat")
        else:
            level = 0 if threat is None else threat
            if isinstance(level, bool) or not isinstance(level, int) or level not in THREAT_LEVELS:
                raise ValueError(_("unknown threat level {threat}; valid threat levels: 0, 1, 2, 3, 4").format(
                    threat=repr(threat)))
            self.threat = level
            # a draw with a single outcome is no chance event
            self.fixed_sides = ("easy",) * 4 if level == 0 else ("threat",) * 4 if level == 4 else None
        self.flipped = self.threat
        if unidentified_action not in SINGLE_SOURCE_READINGS:
            raise ValueError(
                f"unknown reading {unidentified_action!r} for the two threat-side 'base takes 1 damage' symbols "
                f"known from one source; valid: {', '.join(SINGLE_SOURCE_READINGS)}"
            )
        self.unidentified_action = unidentified_action
        self._sky_given = sky is not None
        self.base = BaseTables(C.base_half(self.city.top, "top"), C.base_half(self.city.bottom, "bottom"))
        self.start_energy = self.city.start_energy
        self.use_hooks(hooks_for(self.city.ability_id, city_id, city_side))
        if self.advanced_tiles():
            self._check_skull()
        counts = C.mothership()
        self.plain_dice = counts.gray_dice
        self.white_dice = counts.white_dice
        self.reinforcement_ships = counts.white_ships
        self.primary_ships = counts.purple_ships
        self.robot_dice = counts.robot_dice

    def _build_layout(self, sides: tuple[str, ...]) -> Layout:
        city = self.city
        sky = boxed_sky(sides, city.research_costs, self.unidentified_action, self.sky_tiles)
        return Layout(sky, self.base, city.start_energy, city.energy_max, city.damage_limit)

    def _check_skull(self) -> None:
        """Every sky the set-up can draw has the skull symbol: the mothership reaching it loses the
        game, and it cannot descend past the last sky row (of the basic tiles only height 2 has it)."""
        draws = [self.fixed_sides] if self.fixed_sides is not None else [self.sides_for_mask(m)
                                                                          for m in self.setup_masks()]
        for sides in draws:
            if self.layout(sides).sky.skull_row > self.sky_rows:
                letters = "".join(s[0].upper() for s in sides)
                raise ValueError(f"with these sky tiles the sky {letters} has no skull symbol; the engine needs one "
                                 "(the mothership reaching it loses the game): check the advanced tile's data")

    def parameters(self) -> dict[str, Any]:
        params: dict[str, Any] = {"city": self.city.id, "side": self.side,
                                  "unidentified_action": self.unidentified_action}
        if self._sky_given:
            params["sky"] = "".join(s[0].upper() for s in self.fixed_sides or ())
        else:
            params["threat"] = self.threat
        if self.advanced_tiles():
            params["sky_tiles"] = list(self.sky_tiles)
        return params

    def advanced_tiles(self) -> list[tuple[int, C.AdvancedSkyTile]]:
        """The advanced sky tiles in play: (height, tile)."""
        return [(h, tile) for h, t in enumerate(self.sky_tiles, start=1)
                if t != C.BASIC_SKY and (tile := C.advanced_sky_tile(t)) is not None]

    def title(self) -> str:
        # every option the player gave, in words: the terminal's start line is this title
        if self._sky_given:
            title = _("{city} ({side} side), sky {sky}").format(
                city=_(self.city.name), side=city_side(self.side),
                sky="".join(s[0].upper() for s in self.fixed_sides or ()))
        else:
            title = _("{city} ({side} side), threat {threat}").format(
                city=_(self.city.name), side=city_side(self.side), threat=self.threat)
        tiles = self.advanced_tiles()
        if tiles:
            title += ", " + _("advanced sky tiles: {tiles}").format(
                tiles=", ".join(f"{_(tile.name)} ({height})" for height, tile in tiles))
        return title

    def describe_sides(self, sides: tuple[str, ...]) -> str:
        letters = "".join(s[0].upper() for s in sides)
        return _("sky {sides} (E easy, T threat; bottom tile first)").format(sides=letters)

    def research_note(self) -> str:
        """The research spaces this city side adds, in words ("" when it adds none)."""
        costs = self.city.research_costs
        if not costs:
            return ""
        spaces = ", ".join(str(c) for c in costs)
        return ngettext("the city tile adds a space costing {spaces} to the research track, right after the start "
                        "({total} spaces to research in all)",
                        "the city tile adds spaces costing {spaces} to the research track, right after the start "
                        "({total} spaces to research in all)", len(costs)).format(
            spaces=spaces, total=len(costs) + C.SKY_ROWS)

    def notices(self) -> list[str]:
        """What the player must be told about the data behind this game."""
        city = self.city
        notes = []
        where = _("{city} ({side} side)").format(city=_(city.name), side=city_side(city.side))
        ability = _(city.ability_text) if city.ability_text else ""  # the data's texts are in the catalog
        if city.ability_id is None and city.ability_known:
            notes.append(f"{where}: {ability}")
        elif not city.ability_known:
            notes.append(_("{where}: city ability not modelled. {ability}").format(where=where, ability=ability))
        else:
            notes.append(_("{where}: \"{ability}\" (ability from a third-party transcription, not verified against "
                           "the printed tile)").format(where=where, ability=ability))
        research = self.research_note()
        if research:
            notes.append(_("{where}: {research} (from a third-party transcription).").format(
                where=where, research=research))
        for height, tile in self.advanced_tiles():
            notes.append(_("Sky tile at height {height}: {tile} (advanced tile; data from a plugin: {provenance}).")
                         .format(height=height, tile=tile.name, provenance=tile.provenance))
        if not city.start_energy_known:
            notes.append(_("{city}: start energy unknown, {energy} assumed.").format(
                city=_(city.name), energy=city.start_energy))
        notes.append(
            _("Tiles and cities come from third-party transcriptions, not verified against the printed components; "
              "track lengths are an interpretation (energy 0..{energy}, the base is destroyed at damage "
              "{damage}).").format(energy=city.energy_max, damage=city.damage_limit)
        )
        if self.unidentified_action == "none":
            notes.append(
                _("The two threat-side 'base takes 1 damage' symbols known from one source are played as no effect "
                  "(the option kept for games saved before they were identified).")
            )
        elif self.fixed_sides is None or "threat" in self.fixed_sides:
            notes.append(_("Two threat-side 'base takes 1 damage' symbols (sky tiles 2 and 4) are known from one "
                           "transcription only."))
        return notes
