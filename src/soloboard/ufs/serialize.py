"""The JSON form of an Under Falling Skies state (format ``soloboard-state``, version 1).

A save holds the game's parameters, the action history and the position it leads to.
Loading replays the history (so every action is checked against the rules) and then
checks that the saved position is the one the history leads to. A file with a position
and no history (a set-up puzzle, say) is loaded from the position, after checking that
it breaks no invariant of the rules. See ``docs/save-format.md``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TypeVar

from soloboard.core.errors import InvalidSaveError
from soloboard.core.saves import FORMAT, check_position, game_from_save, history_from_save, replay
from soloboard.ufs import actions as A
from soloboard.ufs.state import (
    ABILITY,
    INSTALL,
    OVER,
    PHASE_NAMES,
    PURPLE,
    ROLL,
    SETUP,
    SPAWN,
    WHITE_SHIP,
    UFSState,
)
from soloboard.ufs.tables import AA_GUN, ROOM

if TYPE_CHECKING:
    from soloboard.ufs.game import BaseUFSGame
    from soloboard.ufs.tables import Layout

VERSION = 1
COLS = A.COLS
T = TypeVar("T")


def position_dict(state: UFSState) -> dict[str, Any]:
    """The position as JSON-ready data; keys name the edition's own dice and ships."""
    game = state.game
    grid = state.grid
    ships = ".", *game.ship_letters
    plain, white = state.unplaced_dice()
    pos: dict[str, Any] = {
        "phase": PHASE_NAMES[state.phase],
        "round": state.round,
        game.sides_key: list(state.sky.sides) if state.sky is not None else None,
        "mothership_row": state.mothership_row,
        "sky": ["".join(ships[grid[r * COLS + c]] for c in range(COLS)) for r in range(game.sky_rows + 1)],
        "waiting": {game.ship_names[0]: state.waiting_primary, game.ship_names[1]: state.waiting_reinforcements},
        f"{game.ship_names[1]}_supply": state.reinforcement_supply,
        "research": state.research,
        "energy": state.energy,
        "damage": state.damage,
        "excavator": A.space_name(state.base.path[state.excavator]) if state.base is not None else None,
        "dice": {A.space_name(s): v for s, v in enumerate(state.dice) if v},
        "robots": {
            A.space_name(s): {"value": v, "exhausted": bool(state.exhausted >> s & 1)}
            for s, v in enumerate(state.robots) if v
        },
        "unplaced": {game.dice_names[0]: plain, game.dice_names[1]: white},
        "columns_used": "".join("abcde"[c] for c in range(COLS) if state.columns_used >> c & 1),
        "dig_die": A.space_name(state.dig_space) if state.dig_space >= 0 else None,
        "result": None if state.result is None else ("win" if state.result == 1.0 else "loss"),
        "loss_cause": state.loss_cause or None,
    }
    if game.once_abilities:  # once-per-game abilities (a character's): which are used, numbered from 1
        pos["abilities_used"] = [k + 1 for k in range(len(game.once_abilities)) if not state.once_left >> k & 1]
    tiles = _sky_tiles(game)
    if tiles is not None:  # advanced sky tiles (a plugin's): which tile lies at each height
        pos["sky_tiles"] = tiles
    if state.phase == ROLL:
        pos["to_roll"] = {game.dice_names[0]: state.to_roll_plain, game.dice_names[1]: state.to_roll_white}
    if state.phase == INSTALL:
        pos["install_value"] = state.install_value
    if state.pending_robots:
        pos["pending_robots"] = list(state.pending_robots)
    if state.phase == SPAWN:
        pos["spawn_options"] = ["abcde"[c] for c in state.spawn_options]
    return pos


def _sky_tiles(game: Any) -> list[str] | None:
    """The tile at each height, bottom first, when an advanced one is in play; else None."""
    tiles = getattr(game, "sky_tiles", None)  # the 9-card edition has cards, not tiles
    return list(tiles) if tiles is not None and any(t != "basic" for t in tiles) else None


def start_from(game: Any, origin: dict[str, Any] | None) -> UFSState:
    """The state a history starts from: the initial state, or a saved position."""
    if origin is None:
        return game.new_initial_state()
    state = _state_from_position(game, origin)
    state.origin = origin
    return state


def state_to_dict(state: UFSState) -> dict[str, Any]:
    notation = []
    replay = start_from(state.game, state.origin)
    for action in state.hist:
        notation.append(replay.action_to_string(action))
        replay.apply_action(action)
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": state.game.short_name,
        "params": state.game.parameters(),
    }
    if state.origin is not None:
        data["origin"] = state.origin
    data["history"] = list(state.hist)
    data["history_notation"] = notation
    data["position"] = position_dict(state)
    return data


def state_to_json(state: UFSState) -> str:
    return json.dumps(state_to_dict(state), indent=1)


def state_from_dict(data: dict[str, Any], game_class: Any) -> UFSState:
    game = game_from_save(data, game_class, VERSION)
    position = data.get("position")
    origin = data.get("origin")
    if origin is not None and not isinstance(origin, dict):
        raise InvalidSaveError("'origin' must be a position object")
    if data.get("history") is None:
        if not isinstance(position, dict):
            raise InvalidSaveError("the save has neither a 'history' list nor a 'position' object")
        return start_from(game, position)
    state = replay(start_from(game, origin), history_from_save(data))
    check_position(position, state, position_dict)
    return state


def _field(position: dict[str, Any], key: str, kind: type[T]) -> T:
    if key not in position:
        raise InvalidSaveError(f"the position has no '{key}'")
    value = position[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InvalidSaveError(f"'{key}' must be a {kind.__name__}, not {value!r}")
    return value


def _number(position: dict[str, Any], key: str, low: int, high: int) -> int:
    value = _field(position, key, int)
    if not low <= value <= high:
        raise InvalidSaveError(f"'{key}' is {value}, outside {low}..{high}")
    return value


def _space(text: Any, key: str) -> int:
    try:
        return A.parse_space(str(text))
    except ValueError as exc:
        raise InvalidSaveError(f"'{key}': {exc}") from None


def _state_from_position(game: Any, pos: dict[str, Any]) -> UFSState:
    """A state built from a position alone, refused if it breaks an invariant of the rules.

    The parts are read in a fixed order (the first broken invariant is the one reported); a
    later part may check itself against an earlier one (the dice against the excavator)."""
    state: UFSState = game.new_initial_state()
    phase = _phase(pos)
    state._use_layout(_layout(game, pos))
    state.phase = phase
    _read_tracks(state, pos)
    _read_sky(state, pos)
    _read_ships(state, pos)
    _read_excavator(state, pos)
    _read_worker_dice(state, pos)
    _read_dig_die(state, pos)
    _read_robots(state, pos)
    _read_unplaced(state, pos)
    _read_decision(state, pos)
    _read_abilities_used(state, pos)
    _read_pending_robots(state, pos)
    if phase == SPAWN:
        _check_spawn(state, _field(pos, "spawn_options", list))
    _read_result(state, pos)
    assert phase != SETUP
    state.hist = []
    return state


def _phase(pos: dict[str, Any]) -> int:
    phase_name = _field(pos, "phase", str)
    if phase_name not in PHASE_NAMES or phase_name == "setup":
        raise InvalidSaveError(f"'phase' must be one of {', '.join(PHASE_NAMES[1:])}")
    return PHASE_NAMES.index(phase_name)


def _layout(game: BaseUFSGame, pos: dict[str, Any]) -> Layout:
    """The components the cards' sides name, checked against the game's parameters."""
    key = game.sides_key
    sides = pos.get(key)
    names = [name for name, _ in game.side_letters]
    if not isinstance(sides, list) or len(sides) != len(game.cards) or not set(sides) <= set(names):
        raise InvalidSaveError(f"'{key}' must list {len(game.cards)} sides, each one of {', '.join(names)}")
    parsed = tuple(sides)
    if pos.get("sky_tiles") != _sky_tiles(game):
        raise InvalidSaveError(f"'sky_tiles' is {pos.get('sky_tiles')!r}; the parameters name {_sky_tiles(game)!r}")
    if game.fixed_sides is not None and parsed != game.fixed_sides:
        raise InvalidSaveError(f"'{key}' differ from the sides the parameters name")
    harder = sum(side == names[1] for side in parsed)
    if harder != game.flipped:
        raise InvalidSaveError(f"'{key}' has {harder} {names[1]} sides, the parameters ask for {game.flipped}")
    try:
        return game.layout(parsed)
    except ValueError as exc:
        raise InvalidSaveError(f"'{key}': {exc}") from None


def _read_tracks(state: UFSState, pos: dict[str, Any]) -> None:
    """The round, the mothership's row and the research, energy and damage tracks."""
    sky = state.sky
    layout = state.layout
    state.round = _number(pos, "round", 1, 10_000)
    # the mothership stands on the skull row only once it has ended the game
    state.mothership_row = _number(pos, "mothership_row", 0, sky.skull_row - (0 if state.phase == OVER else 1))
    state.research = _number(pos, "research", 0, sky.research_last)
    state.energy = _number(pos, "energy", 0, layout.energy_max)
    state.damage = _number(pos, "damage", 0, layout.damage_limit)


def _read_sky(state: UFSState, pos: dict[str, Any]) -> None:
    """The ships in the sky, row by row from the top; none above the mothership's drop points."""
    game = state.game
    rows = _field(pos, "sky", list)
    primary, reinforcement = game.ship_letters[0], game.ship_letters[1]
    if len(rows) != game.sky_rows + 1 or not all(
        isinstance(r, str) and len(r) == COLS and set(r) <= {".", primary, reinforcement} for r in rows
    ):
        raise InvalidSaveError(
            f"'sky' must be {game.sky_rows + 1} strings of {COLS} characters '.', '{primary}' or '{reinforcement}'"
        )
    grid = [{".": 0, primary: PURPLE, reinforcement: WHITE_SHIP}[ch] for row in rows for ch in row]
    if any(grid[: state.mothership_row * COLS]):
        raise InvalidSaveError("a ship is above the mothership's drop points")
    state.grid = grid


def _read_ships(state: UFSState, pos: dict[str, Any]) -> None:
    """The ships waiting on the mothership and in the supply: with the sky's, every ship of the game."""
    game = state.game
    waiting = _field(pos, "waiting", dict)
    first, second = game.ship_names
    state.waiting_primary = _number(waiting, first, 0, game.primary_ships)
    state.waiting_reinforcements = _number(waiting, second, 0, game.reinforcement_ships)
    state.reinforcement_supply = _number(pos, f"{second}_supply", 0, game.reinforcement_ships)
    grid = state.grid
    if grid.count(PURPLE) + state.waiting_primary != game.primary_ships:
        raise InvalidSaveError(f"{first} ships are not conserved: there must be {game.primary_ships} in all")
    if grid.count(WHITE_SHIP) + state.waiting_reinforcements + state.reinforcement_supply != game.reinforcement_ships:
        raise InvalidSaveError(
            f"{second} ships are not conserved: board + mothership + supply must be {game.reinforcement_ships}"
        )


def _read_excavator(state: UFSState, pos: dict[str, Any]) -> None:
    base = state.base  # the layout's: in a 9-card draw the base cards may be drawn too
    state.excavator = base.pos[_space(_field(pos, "excavator", str), "excavator")]
    if state.excavator < base.excavator_start:
        raise InvalidSaveError("the excavator is behind its start space")


def _read_worker_dice(state: UFSState, pos: dict[str, Any]) -> None:
    """The worker dice on the base, one a column, and the columns used this round."""
    dice = _field(pos, "dice", dict)
    state.dice = [0] * A.N_SPACES
    cols = 0
    for name, value in dice.items():
        s = _space(name, "dice")
        if not isinstance(value, int) or not 1 <= value <= 6:
            raise InvalidSaveError(f"die on {name} must show 1..6")
        if cols >> (s % COLS) & 1:
            raise InvalidSaveError(f"two worker dice in column {'abcde'[s % COLS]}")
        cols |= 1 << (s % COLS)
        state.dice[s] = value
    used = _field(pos, "columns_used", str)
    if not set(used) <= set("abcde") or len(set(used)) != len(used):
        raise InvalidSaveError(f"'columns_used' must name columns a-e at most once each, not {used!r}")
    state.columns_used = sum(1 << "abcde".index(c) for c in used)
    if cols & ~state.columns_used:
        raise InvalidSaveError("a column holds a die but is not marked as used")


def _read_dig_die(state: UFSState, pos: dict[str, Any]) -> None:
    """The die placed to dig, within its reach ahead of the excavator; every other die on excavated spaces."""
    base = state.base
    dig = pos.get("dig_die")
    state.dig_space = -1 if dig is None else _space(dig, "dig_die")
    if state.dig_space >= 0:
        distance = base.pos[state.dig_space] - state.excavator
        reach = state.dice[state.dig_space] if state.game.ruleset.dig_checked_on_place else base.path_length
        if not state.dice[state.dig_space] or distance < 1 or reach < distance:
            raise InvalidSaveError(
                f"'dig_die' {dig}: the excavation die must stand 1..(its value) spaces ahead of the excavator"
            )
    for s in range(A.N_SPACES):
        if state.dice[s] and base.pos[s] >= state.excavator and s != state.dig_space:
            raise InvalidSaveError(f"the die on {A.space_name(s)} is on an unexcavated space")


def _read_robots(state: UFSState, pos: dict[str, Any]) -> None:
    game = state.game
    base = state.base
    robots = _field(pos, "robots", dict)
    if len(robots) > game.hooks.max_robots(state):
        raise InvalidSaveError(f"more than {game.hooks.max_robots(state)} robots")
    on_guns = game.ruleset.robots_on_aa_guns
    for name, robot in robots.items():
        s = _space(name, "robots")
        value = robot.get("value") if isinstance(robot, dict) else None
        if not isinstance(value, int) or not 1 <= value <= 6:
            raise InvalidSaveError(f"robot on {name} must show 1..6")
        if (base.kind[s] not in ((ROOM, AA_GUN) if on_guns else (ROOM,)) or base.pos[s] >= state.excavator
                or state.dice[s]):
            raise InvalidSaveError(
                f"a robot cannot stand on {name}: robots stand on empty excavated room spaces"
                + (" or AA guns" if on_guns else " (in this edition not on AA guns)")
            )
        state.robots[s] = value
        if robot.get("exhausted"):
            state.exhausted |= 1 << s


def _read_unplaced(state: UFSState, pos: dict[str, Any]) -> None:
    game = state.game
    unplaced = _field(pos, "unplaced", dict)
    state.unplaced = [0] * 12
    for color, key in enumerate(game.dice_names):
        values = _field(unplaced, key, list)
        for v in values:
            if not isinstance(v, int) or not 1 <= v <= 6:
                raise InvalidSaveError(f"unplaced {key} dice must show 1..6")
            state.unplaced[color * 6 + v - 1] += 1
    if sum(state.unplaced[:6]) > game.plain_dice or sum(state.unplaced[6:]) > game.white_dice:
        raise InvalidSaveError("more unplaced dice than the game has")


def _read_decision(state: UFSState, pos: dict[str, Any]) -> None:
    """What the phase's decision needs beyond the board: the dice to roll, the city ability, the robot's value."""
    game = state.game
    phase = state.phase
    if phase == ROLL:
        to_roll = _field(pos, "to_roll", dict)
        state.to_roll_plain = _number(to_roll, game.dice_names[0], 0, game.plain_dice)
        state.to_roll_white = _number(to_roll, game.dice_names[1], 0, game.white_dice)
        if (game.fixed_white_sixes and not state.columns_used
                and state.to_roll_white + game.fixed_white_sixes > game.white_dice):
            raise InvalidSaveError(  # Washington, DC (blue): the round's first roll sets a white die to 6
                f"'to_roll': the round's first roll rolls {game.white_dice - game.fixed_white_sixes} "
                f"{game.dice_names[1]} dice here (the city sets the others to 6)"
            )
    if phase == ABILITY:
        _check_ability(game, state)
    if phase == INSTALL:
        state.install_value = _number(pos, "install_value", 1, 6)


def _read_abilities_used(state: UFSState, pos: dict[str, Any]) -> None:
    game = state.game
    used = pos.get("abilities_used", [])
    count = len(game.once_abilities)
    if not isinstance(used, list) or not all(isinstance(k, int) and not isinstance(k, bool) and 1 <= k <= count
                                             for k in used):
        raise InvalidSaveError(f"'abilities_used' must list once-per-game abilities by number, 1..{count}"
                               if count else "'abilities_used': this game has no once-per-game ability")
    state.once_left = game.once_mask & ~sum(1 << (k - 1) for k in set(used))


def _read_pending_robots(state: UFSState, pos: dict[str, Any]) -> None:
    pending = pos.get("pending_robots", [])
    if not isinstance(pending, list) or not all(isinstance(v, int) and 1 <= v <= 6 for v in pending):
        raise InvalidSaveError("'pending_robots' must be a list of robot values 1..6")
    if pending and state.game.ruleset.robots_installed_at_once:
        raise InvalidSaveError("'pending_robots': in this edition a new robot is installed at once")
    state.pending_robots = list(pending)


def _read_result(state: UFSState, pos: dict[str, Any]) -> None:
    """A finished game's result; a game still being played must not be won or lost already."""
    result = pos.get("result")
    if state.phase == OVER:
        if result not in ("win", "loss"):
            raise InvalidSaveError("a finished game needs 'result': 'win' or 'loss'")
        state.result = 1.0 if result == "win" else 0.0
        state.loss_cause = pos.get("loss_cause") or ""
    elif (result is not None or state.damage >= state.layout.damage_limit
          or state.research == state.sky.research_last):
        raise InvalidSaveError("the position is over (won or lost) but its phase says it is still being played")


def _check_spawn(state: UFSState, options: list[Any]) -> None:
    """A spawn decision: the engine, spawning from this position, must stop here and offer these columns.

    The engine's own spawning code decides (on a copy), so the loader and the rules cannot disagree: e.g. in
    the 9-card edition one free column with a green and a red ship waiting is a choice (which ship goes).
    """
    if not all(isinstance(c, str) and len(c) == 1 and c in "abcde" for c in options):
        raise InvalidSaveError(f"'spawn_options' must name columns a-e, not {options!r}")
    if not state.waiting_primary and not state.waiting_reinforcements:
        raise InvalidSaveError("the position is in the spawn phase but no ship waits on the mothership")
    probe = state.clone()
    probe._spawn_ships()
    if probe.phase != SPAWN or probe.grid != state.grid:
        raise InvalidSaveError(
            "the position is in the spawn phase but the waiting ships have no choice of where (or which) to spawn"
        )
    expected = ["abcde"[c] for c in probe.spawn_options]
    if options != expected:
        raise InvalidSaveError(f"'spawn_options' is {options!r}; the rules offer {expected} here")
    state.spawn_options = probe.spawn_options


def _check_ability(game: Any, state: UFSState) -> None:
    """A city ability's decision (Washington, DC damaged): right after the round's first roll, a choice to make."""
    dice = sum(state.unplaced)
    if not (game.hooks.adds_decisions and game.first_roll_hook):
        raise InvalidSaveError("the position is in the ability phase but this city side has no decision to make")
    if state.columns_used or dice != game.plain_dice + game.white_dice or len(game.hooks.decision_actions(state)) < 2:
        raise InvalidSaveError(
            "the ability phase comes right after the round's first roll: every worker die unplaced, "
            "no column used, and a die below 6"
        )
