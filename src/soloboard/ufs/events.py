"""The Under Falling Skies events, one TypedDict per kind (``docs/events.md`` lists them in words).

At run time an event stays the small JSON-ready dict the engine appends (``{"kind": ..., "action":
n, ...}``); these types only tell mypy its fields, so that a narrator branching on
``ev["kind"] == "ship_moved"`` is given a :class:`ShipMoved`. :data:`UFSEvent` is any of them; each
fits where the game-agnostic :class:`soloboard.core.events.Event` is asked for.

Ship and dice names are the edition's own (``purple``/``white`` or ``green``/``red``; ``gray`` or
``black`` and ``white``), so they are plain strings; so are the names the data gives (room types,
mothership actions, cities), which a campaign or a plugin may extend. What the engine's own code
decides (why a ship moved, who changed a track) is a ``Literal``.
"""

# No ``from __future__ import annotations`` here: with string annotations Python 3.11 cannot tell
# NotRequired keys at run time, and ``__required_keys__``/``__optional_keys__`` (the tests compare
# recorded events with them) would call every key required.
from typing import Literal, NotRequired, TypedDict


class SkyDrawn(TypedDict):
    kind: Literal["sky_drawn"]
    action: int
    sides: str  # one letter per tile or card, bottom first ("ETEE")


class RoundStarted(TypedDict):
    kind: Literal["round_started"]
    action: int
    round: int


class DiceRolled(TypedDict):
    kind: Literal["dice_rolled"]
    action: int
    plain: list[int]
    white: list[int]
    reroll: bool  # the dice left after a white die was placed


class DiePlaced(TypedDict):
    kind: Literal["die_placed"]
    action: int
    color: str
    value: int
    space: str
    steps: int  # rows the column's ships move: one less than the value on an AA gun


ShipMoved = TypedDict("ShipMoved", {  # "from" is a keyword: only this form can name it
    "kind": Literal["ship_moved"],
    "action": int,
    "ship": str,
    "from": str,
    "to": str,
    "why": Literal["die", "arrow"],
})


class ArrowBlocked(TypedDict):
    kind: Literal["arrow_blocked"]
    action: int
    ship: str
    at: str
    direction: Literal["left", "right"]
    reason: Literal["occupied", "edge"]


ShipHitCity = TypedDict("ShipHitCity", {
    "kind": Literal["ship_hit_city"],
    "action": int,
    "ship": str,
    "from": str,
    "col": str,
})


class Damage(TypedDict):
    kind: Literal["damage"]
    action: int
    amount: int
    total: int
    limit: int
    by: Literal["ship", "mothership"]


class MothershipDescended(TypedDict):
    kind: Literal["mothership_descended"]
    action: int
    row: int
    why: Literal["symbol", "phase"]
    at: NotRequired[str]  # the M symbol's cell (``why == "symbol"``)
    returned: list[str]  # the ships on the row it covers, back onto it


class MothershipAction(TypedDict):
    kind: Literal["mothership_action"]
    action: int
    row: int
    effect: str  # the sky's data names it: excavator_back, research_back, add_white_ships, damage, skull, none
    amount: int


class ShipsAdded(TypedDict):
    kind: Literal["ships_added"]
    action: int
    ship: str
    count: int  # fewer than asked (0 too) when the supply runs short


class ShotShip(TypedDict):
    ship: str
    at: str


class ShipsShotDown(TypedDict):
    kind: Literal["ships_shot_down"]
    action: int
    value: int
    ships: list[ShotShip]


ResearchChanged = TypedDict("ResearchChanged", {
    "kind": Literal["research_changed"],
    "action": int,
    "from": int,
    "to": int,
    "by": Literal["room", "mothership", "ability"],
})

EnergyChanged = TypedDict("EnergyChanged", {
    "kind": Literal["energy_changed"],
    "action": int,
    "from": int,
    "to": int,
    "by": Literal["room", "room cost", "dig", "ability"],
})

WasteReason = Literal["below_one", "next_cost", "energy_full", "not_above", "no_target"]


class RoomUsed(TypedDict):
    kind: Literal["room_used"]
    action: int
    room: str
    type: str
    value: int
    cost: int
    wasted: bool
    reason: NotRequired[WasteReason]  # only when wasted
    next_cost: NotRequired[int]  # only with reason "next_cost"


class DieDiscarded(TypedDict):
    kind: Literal["die_discarded"]
    action: int
    space: str
    value: int
    why: Literal["player", "end of rooms phase", "aa gun or tunnel"]


ExcavatorMoved = TypedDict("ExcavatorMoved", {
    "kind": Literal["excavator_moved"],
    "action": int,
    "from": str,
    "to": str,
    "by": Literal["dig", "mothership"],
})


class RobotBuilt(TypedDict):
    kind: Literal["robot_built"]
    action: int
    value: int


class RobotInstalled(TypedDict):
    kind: Literal["robot_installed"]
    action: int
    space: str
    value: int


class RobotSkipped(TypedDict):
    kind: Literal["robot_skipped"]
    action: int
    value: int
    why: Literal["player", "no space"]


RobotUsed = TypedDict("RobotUsed", {
    "kind": Literal["robot_used"],
    "action": int,
    "space": str,
    "from": int,
    "to": int,
})


class RobotRemoved(TypedDict):
    kind: Literal["robot_removed"]
    action: int
    space: str
    why: Literal["player", "worn out", "buried", "displaced"]


class Phase(TypedDict):
    kind: Literal["phase"]
    action: int
    phase: Literal["rooms", "install", "mothership", "spawn"]
    options: NotRequired[list[str]]  # spawn: the columns the player chooses among


class ShipSpawned(TypedDict):
    kind: Literal["ship_spawned"]
    action: int
    ship: str
    col: str


class ShipsWaiting(TypedDict):
    """One count per ship kind, keyed by the edition's ship names."""

    kind: Literal["ships_waiting"]
    action: int
    purple: NotRequired[int]
    white: NotRequired[int]
    green: NotRequired[int]
    red: NotRequired[int]


Ability = TypedDict("Ability", {
    "kind": Literal["ability"],
    "action": int,
    "city": str,
    "side": str,
    "effect": str,
    # each effect's own fields (docs/events.md); a plugin's ability may record others
    "from": NotRequired[int],  # research, worker_six, room_value
    "to": NotRequired[int],
    "color": NotRequired[str],  # white_six, worker_six
    "value": NotRequired[int],  # white_six
    "room": NotRequired[str],  # room_value
    "robots": NotRequired[int],
    "by": NotRequired[str],  # once_per_game: the component's rule name
    "number": NotRequired[int],  # once_per_game: its action, "ability N"
})


class GameWon(TypedDict):
    kind: Literal["game_won"]
    action: int


LossCause = Literal["base destroyed", "mothership reached the skull row", "the skull symbol was resolved"]


class GameLost(TypedDict):
    kind: Literal["game_lost"]
    action: int
    cause: LossCause


UFSEvent = (
    SkyDrawn | RoundStarted | DiceRolled | DiePlaced | ShipMoved | ArrowBlocked | ShipHitCity | Damage
    | MothershipDescended | MothershipAction | ShipsAdded | ShipsShotDown | ResearchChanged | EnergyChanged
    | RoomUsed | DieDiscarded | ExcavatorMoved | RobotBuilt | RobotInstalled | RobotSkipped | RobotUsed
    | RobotRemoved | Phase | ShipSpawned | ShipsWaiting | Ability | GameWon | GameLost
)
