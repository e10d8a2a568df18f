"""Extension points for rules that components change: the cities' abilities, a plugin character's.

A city side's data names its ability by id (``"ability": {"id": "..."}`` in
``data/cities/<id>.json``); the engine looks the id up here and calls the hook object at
fixed points of the rules. The game decides once, when it is built, which hook points a
city uses (:func:`overrides`), and the engine calls only those: a game without an ability
pays nothing on its hot paths.

Hook points (defaults = the rules as printed):

- ``setup`` once, when the initial state is made;
- ``room_value`` / ``room_cost`` when a room is used (and when the board previews it);
- ``max_robots`` when a robot is installed;
- ``fixed_white_sixes`` (a number): white dice set to 6 instead of rolled on the first
  roll of each round; the chance node rolls that many white dice fewer;
- ``after_first_roll`` right after the first roll of each round; it may open a decision
  (the ``ability`` phase), whose actions come from ``decision_actions`` and are applied by
  ``apply_decision``;
- ``first_damage`` when the base takes its first point of damage;
- ``use_once_per_game`` a once-per-game ability (a campaign character's), used when the
  player chooses (below).

A character's ability, as the rulebook gives it ("POSTAVY", Czech ``shared/seeds/001``):
"Každá postava má zvláštní schopnost, kterou můžeš využít nejvýše **jednou za hru**. Po
použití ji odlož někam stranou, aby bylo patrné, že už ji během této konkrétní hry nemůžeš
znovu použít." (Portuguese: "Cada personagem possui uma habilidade especial que apenas pode
usar uma vez por partida"; Polish: "raz w trakcie gry"). It says *at most once per game* and
not when: the reading taken (``docs/ufs-rules.md``, "Once-per-game abilities") offers it at
the player's decisions of the Dice Phase (``once_per_game_phases = ("place",)``, while dice
are still to be placed); an ability may also name ``"rooms"`` (the Rooms Phase's decisions).
While unused, ``ability`` (``ability 2`` for a second one) is among the legal actions there;
using it emits an ``ability`` event (``effect: "once_per_game"``), calls
``use_once_per_game`` and marks it used for the rest of the game (``state.once_left``).

An ability records what it changes as an ``ability`` event (``{"kind": "ability", "city",
"side", "effect", ...}``: ``Ability`` in ``ufs/events.py``), appended to ``state._ev`` when that
is a list (the state is recording, ``core/events.py``).

The five abilities below are quoted from a third-party transcription of the city tiles
(``docs/ufs-data.md``), not verified against the printed tiles. How the engine reads each
one is in ``docs/ufs-rules.md`` (section "City abilities").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from soloboard.core.errors import IllegalActionError
from soloboard.i18n import _
from soloboard.ufs import actions as A
from soloboard.ufs.words import die_colour

if TYPE_CHECKING:
    from soloboard.ufs.state import UFSState
    from soloboard.ufs.tables import RoomInfo


class RuleHooks:
    """The rules as printed; subclass and override to change them."""

    #: white dice set to 6 instead of being rolled on the first roll of each round
    fixed_white_sixes = 0
    #: the ability adds player decisions (the game then numbers ``A.NUM_ACTIONS`` actions)
    adds_decisions = False
    #: the rule the refusals of this ability's decisions name
    rule = "city ability"
    #: a once-per-game ability the player uses when they choose (a character's); see the module
    once_per_game = False
    #: the phases whose player decisions offer it: "place" (the reading taken) and/or "rooms"
    once_per_game_phases: tuple[str, ...] = ("place",)

    def __init__(self, city: str = "", side: str = "") -> None:
        self.city = city  # the city's id and side, for the events
        self.side = side

    def setup(self, state: UFSState) -> None:
        """Called once when the initial state is created, before any chance event."""

    def room_value(self, state: UFSState, room: RoomInfo, value: int) -> int:
        """The value of ``room`` when used (dice, robots + modifier so far); its robots still stand on it."""
        return value

    def room_cost(self, state: UFSState, room: RoomInfo, cost: int) -> int:
        """The energy ``room`` costs to use."""
        return cost

    def max_robots(self, state: UFSState) -> int:
        """How many robots may stand on the base: the blue dice in the box (2)."""
        return state.game.robot_dice

    def after_first_roll(self, state: UFSState) -> bool:
        """The round's first roll is in ``state.unplaced``; True: the player decides before placing."""
        return False

    def decision_actions(self, state: UFSState) -> list[int]:
        """The legal actions of the decision ``after_first_roll`` opened."""
        return []

    def apply_decision(self, state: UFSState, action: int) -> None:
        """Apply one of ``decision_actions`` (refuse anything else with IllegalActionError)."""
        raise IllegalActionError(_("{action} is not a decision of this city").format(action=action), self.rule)

    def decision_prompt(self, state: UFSState) -> str:
        """What the player is asked while the decision is open (for the boards)."""
        return ""

    def first_damage(self, state: UFSState) -> None:
        """The base has just taken its first point of damage (``state.damage`` is 1)."""

    def once_per_game_usable(self, state: UFSState) -> str:
        """Why the once-per-game ability cannot be used now ("" = it can); asked only while it is
        unused and in one of ``once_per_game_phases``."""
        return ""

    def use_once_per_game(self, state: UFSState) -> None:
        """Apply the once-per-game ability (the engine has already emitted its ``ability`` event
        and marked it used); record what it changes as events (``by="ability"``)."""

    def once_abilities(self) -> list[RuleHooks]:
        """The once-per-game abilities in play, each its own action (``combine`` lists every component's)."""
        return [self] if self.once_per_game else []

    # --- helpers for the abilities ---------------------------------------------------------

    def used_room_value(self, state: UFSState, room: RoomInfo, value: int) -> int:
        """``room_value`` for a room being used: records the change as an ``ability`` event."""
        new = self.room_value(state, room, value)
        if new != value and state._ev is not None:
            state._ev.append({"kind": "ability", "action": len(state.hist), "city": self.city, "side": self.side,
                              "effect": "room_value", "room": A.space_name(room.anchor),
                              "robots": robots_in(state, room), "from": value, "to": new})
        return new


ONCE_RULE = "characters: once per game"


def robots_in(state: UFSState, room: RoomInfo) -> int:
    """How many robots stand in ``room`` (a worker die displaces a robot, so they never share a space)."""
    robots = state.robots
    return sum(1 for s in room.spaces if robots[s])


def overrides(hooks: RuleHooks, name: str) -> bool:
    """Whether ``hooks`` changes the printed rule at hook point ``name``."""
    return getattr(type(hooks), name) is not getattr(RuleHooks, name)


_ABILITIES: dict[str, type[RuleHooks]] = {}
T = TypeVar("T", bound=type[RuleHooks])


def register_ability(ability_id: str) -> Callable[[T], T]:
    def decorate(cls: T) -> T:
        _ABILITIES[ability_id] = cls
        return cls
    return decorate


def ability_ids() -> list[str]:
    return sorted(_ABILITIES)


def hooks_for(ability_id: str | None, city: str = "", side: str = "") -> RuleHooks:
    if ability_id is None:
        return RuleHooks(city, side)
    try:
        return _ABILITIES[ability_id](city, side)
    except KeyError:
        raise ValueError(
            f"ability {ability_id!r} has no registered rule hook "
            f"(registered: {', '.join(sorted(_ABILITIES)) or 'none'})"
        ) from None


# --- the cities' abilities --------------------------------------------------------------

@register_ability("research-on-first-damage")
class ResearchOnFirstDamage(RuleHooks):
    """Roswell, damaged side: "When Roswell takes its first point of damage, advance 1 space
    on the research track." """

    def first_damage(self, state: UFSState) -> None:
        before = state.research
        last = state.sky.research_last
        if before >= last:
            return
        state.research = before + 1
        if state._ev is not None:
            state._ev.append({"kind": "ability", "action": len(state.hist), "city": self.city, "side": self.side,
                              "effect": "research", "from": before, "to": before + 1})
            state._ev.append({"kind": "research_changed", "action": len(state.hist), "from": before, "to": before + 1,
                              "by": "ability"})
        if state.research == last:  # the last research space wins at once (rule 11)
            state._win()


@register_ability("white-six-on-first-roll")
class WhiteSixOnFirstRoll(RuleHooks):
    """Washington, DC, blue side: "On the first roll of each round, set one of the white dice
    to 6 instead of rolling it." """

    fixed_white_sixes = 1

    def after_first_roll(self, state: UFSState) -> bool:
        state.unplaced[A.WHITE * A.DIE_FACES + 5] += 1  # the white die that was not rolled, showing 6
        if state._ev is not None:
            state._ev.append({"kind": "ability", "action": len(state.hist), "city": self.city, "side": self.side,
                              "effect": "white_six", "color": state.game.dice_names[1], "value": 6})
        return False


@register_ability("worker-six-after-first-roll")
class WorkerSixAfterFirstRoll(RuleHooks):
    """Washington, DC, damaged side: "Immediately after the first roll of each round, you may
    set one of the workers dice to 6." A decision: ``six G3`` (a gray 3 becomes a 6) or ``no six``."""

    adds_decisions = True
    rule = "Washington, DC (damaged side): one worker die to 6"

    def after_first_roll(self, state: UFSState) -> bool:
        # a die below 6 could be raised
        return any(state.unplaced[i] for i in range(A.DIE_KINDS) if i % A.DIE_FACES != 5)

    def decision_prompt(self, state: UFSState) -> str:
        letter = state.game.dice_letters[0]
        return _("Washington, DC (damaged side), right after the first roll: you may set one worker die to 6 "
                 "(e.g. '{example}' turns a {colour} 3 into a 6) or keep the roll ('no six').").format(
            example=f"six {letter}3", colour=die_colour(state.game.dice_names[0]))

    def decision_actions(self, state: UFSState) -> list[int]:
        unplaced = state.unplaced
        acts = [A.six_action(i // A.DIE_FACES, i % A.DIE_FACES + 1) for i in range(A.DIE_KINDS)
                if unplaced[i] and i % A.DIE_FACES != 5]
        acts.append(A.NO_SIX)
        return acts

    def apply_decision(self, state: UFSState, action: int) -> None:
        if action == A.NO_SIX:
            return
        if A.SIX <= action < A.NO_SIX:
            color, value = A.decode_six(action)
            if value < 6 and state.unplaced[color * A.DIE_FACES + value - 1]:
                state.unplaced[color * A.DIE_FACES + value - 1] -= 1
                state.unplaced[color * A.DIE_FACES + 5] += 1
                if state._ev is not None:
                    state._ev.append({"kind": "ability", "action": len(state.hist), "city": self.city,
                                      "side": self.side, "effect": "worker_six", "color": state.game.dice_names[color],
                                      "from": value, "to": 6})
                return
        game = state.game
        plain, white = state.unplaced_dice()
        letters = game.dice_letters
        try:
            text = A.player_action_to_string(action, letters, game.ship_names[1])
        except ValueError:
            text = str(action)
        raise IllegalActionError(
            _("'{move}' is not possible: right after the first roll you may set one worker die below 6 to 6 "
              "(e.g. '{example}') or keep the roll ('no six'); rolled: {plain_colour} {plain}, {white_colour} "
              "{white}").format(move=text, example=f"six {letters[0]}{plain[0] if plain else 1}",
                                plain_colour=die_colour(game.dice_names[0]), plain=plain or _("none"),
                                white_colour=die_colour(game.dice_names[1]), white=white or _("none")),
            self.rule,
        )


@register_ability("one-robot-room-plus-one")
class OneRobotRoomPlusOne(RuleHooks):
    """New York, blue side: "You can have only one robot, but the value of its room is raised by 1." """

    def max_robots(self, state: UFSState) -> int:
        return 1

    def room_value(self, state: UFSState, room: RoomInfo, value: int) -> int:
        return value + 1 if robots_in(state, room) else value


@register_ability("room-plus-one-per-robot")
class RoomPlusOnePerRobot(RuleHooks):
    """New York, damaged side: "A room's value is raised by 1 for each robot in it." """

    def room_value(self, state: UFSState, room: RoomInfo, value: int) -> int:
        return value + robots_in(state, room)
