"""Extension points for rules that components change (city abilities, later characters and scenarios).

A city's data file names its ability by id (``"ability": {"id": "..."}``); the engine
looks the id up here and calls the hook object at fixed points of the rules. A hook
changes a number the rules use, never the engine's bookkeeping, so every invariant
still holds. No real ability is registered: the abilities printed on the cities are not
known (see the README), and the engine never invents one.

Example (a test-only ability)::

    @register_ability("test-fighters-plus-one")
    class FightersPlusOne(RuleHooks):
        def room_value(self, state, room, value):
            return value + 1 if room.type == "fighters" else value
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from soloboard.ufs.state import UFSState
    from soloboard.ufs.tables import RoomInfo


class RuleHooks:
    """The rules as printed; subclass and override to change them."""

    def setup(self, state: UFSState) -> None:
        """Called once when the initial state is created, before any chance event."""

    def room_value(self, state: UFSState, room: RoomInfo, value: int) -> int:
        """The value of ``room`` when used (dice + modifier so far)."""
        return value

    def room_cost(self, state: UFSState, room: RoomInfo, cost: int) -> int:
        """The energy ``room`` costs to use."""
        return cost

    def max_robots(self, state: UFSState) -> int:
        """How many robots may stand on the base: the blue dice in the box (2)."""
        return state.game.robot_dice


_ABILITIES: dict[str, type[RuleHooks]] = {}
T = TypeVar("T", bound=type[RuleHooks])


def register_ability(ability_id: str) -> Callable[[T], T]:
    def decorate(cls: T) -> T:
        _ABILITIES[ability_id] = cls
        return cls
    return decorate


def hooks_for(ability_id: str | None) -> RuleHooks:
    if ability_id is None:
        return RuleHooks()
    try:
        return _ABILITIES[ability_id]()
    except KeyError:
        raise ValueError(
            f"ability {ability_id!r} has no registered rule hook "
            f"(registered: {', '.join(sorted(_ABILITIES)) or 'none'})"
        ) from None
