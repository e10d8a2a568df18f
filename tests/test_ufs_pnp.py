"""The 9-card print-and-play edition: where its rules differ from the boxed edition.

Rules: the Spanish rulebook and rulings 16-21, with the robot readings in docs/ufs-pnp.md
(a robot leaves only worn out at 1 or when a new robot takes its blue die; robots go only
into excavated rooms). Card data (easy sides), copied from the package's data files into
these tests: sky rows 1..15, the skull on row 12, research costs 3 1 4 2 3 2 6 2 1 4 7 4 2 12,
energy 0..7 from 2, the 5th damage loses. The difficult sides: test_ufs_pnp_difficult.py.

Base (row 0 = AA guns), excavator start e2, rows 0-1 excavated:
  row 1: a1 ENE-1 $0 | b1 ROB-1 $1 | c1 FIG-1 $1 | d1 tunnel | e1 RES-1 $1
  row 2: a2 RES $1 | b2+c2 ENE $0 | d2 FIG $2 | e2 tunnel (excavator)
  row 3: a3 ROB $2 | b3 FIG+1 $2 | c3+d3 RES $1 | e3 ENE
  row 4: a4+b4 ENE+FIG -3 | c4 tunnel | d4 ROB $1 | e4 FIG $1
  row 5: a5 tunnel | b5+c5+d5 RES $1 | e5 tunnel
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import soloboard
from soloboard.core.chance import sample_outcome
from soloboard.ufs.serialize import position_dict

COLS = 5
ROWS = 15


def pnp(**params: Any) -> Any:
    return soloboard.load_game("ufs-pnp", **params).new_initial_state()


def position(
    *,
    phase: str = "place",
    ms: int = 0,
    ships: Mapping[tuple[int, int], str] | None = None,
    waiting_green: int | None = None,
    waiting_red: int = 0,
    red_supply: int | None = None,
    research: int = 0,
    energy: int = 2,
    damage: int = 0,
    excavator: str = "e2",
    dice: Mapping[str, int] | None = None,
    robots: Mapping[str, int | tuple[int, bool]] | None = None,
    black: list[int] | None = None,
    white: list[int] | None = None,
    columns_used: str | None = None,
    dig_die: str | None = None,
    energy_rule: str = "max",
) -> Any:
    """A 9-card position loaded through the public save format."""
    ships = {(ms, c): "G" for c in range(COLS)} if ships is None else ships
    rows = [["."] * COLS for _ in range(ROWS + 1)]
    for (r, c), ship in ships.items():
        rows[r][c] = ship
    sky = ["".join(r) for r in rows]
    greens = sum(r.count("G") for r in sky)
    reds = sum(r.count("R") for r in sky)
    dice = dict(dice or {})
    pos = {
        "phase": phase, "round": 1, "card_sides": ["easy"] * 8, "mothership_row": ms, "sky": sky,
        "waiting": {"green": 5 - greens if waiting_green is None else waiting_green, "red": waiting_red},
        "red_supply": 2 - reds - waiting_red if red_supply is None else red_supply,
        "research": research, "energy": energy, "damage": damage, "excavator": excavator, "dice": dice,
        "robots": {name: {"value": v[0], "exhausted": v[1]} if isinstance(v, tuple)
                   else {"value": v, "exhausted": False} for name, v in (robots or {}).items()},
        "unplaced": {"black": black or [], "white": white or []},
        "columns_used": "".join(sorted({n[0] for n in dice})) if columns_used is None else columns_used,
        "dig_die": dig_die, "result": None, "loss_cause": None,
    }
    data = {"format": "soloboard-state", "version": 1, "game": "ufs-pnp",
            "params": {"level": 0, "energy_rule": energy_rule}, "position": pos}
    return soloboard.state_from_json(json.dumps(data))


def play(state: Any, *moves: str) -> Any:
    for move in moves:
        state.apply_action(state.string_to_action(move))
    return state


def legal(state: Any) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def p(state: Any) -> dict[str, Any]:
    return position_dict(state)


# --- components and set-up --------------------------------------------------------------

def test_components_of_the_nine_card_edition() -> None:
    state = pnp()
    assert state.sky.rows == 15 and state.sky.skull_row == 12
    assert state.sky.research_costs[1:] == (3, 1, 4, 2, 3, 2, 6, 2, 1, 4, 7, 4, 2, 12)
    assert (state.layout.start_energy, state.layout.energy_max, state.layout.damage_limit) == (2, 7, 5)
    pos = p(state)
    assert pos["sky"][0] == "GGGGG" and pos["red_supply"] == 2 and pos["waiting"] == {"green": 0, "red": 0}
    assert pos["excavator"] == "e2" and pos["energy"] == 2
    assert state.is_chance_node() and pos["to_roll"] == {"black": 3, "white": 2}
    play(state, "roll B135 W26")
    assert "B5c1" in legal(state) and "W6a0" in legal(state)
    game = state.game
    assert game.num_distinct_actions() == 522 and game.dice_letters == "BW" and game.ship_letters == "GR"


def test_invalid_parameters_are_refused_with_the_valid_values() -> None:
    with pytest.raises(ValueError, match="unknown card 'sky-9'; valid cards: mothership, sky-1"):
        soloboard.load_game("ufs-pnp", difficult=["sky-9"])
    with pytest.raises(ValueError, match=r"valid levels: 0\.\.8"):
        soloboard.load_game("ufs-pnp", level=9)
    with pytest.raises(ValueError, match="not both"):
        soloboard.load_game("ufs-pnp", level=1, difficult=["sky-1"])
    with pytest.raises(ValueError, match="unknown energy_rule 'double'; valid: add, max"):
        soloboard.load_game("ufs-pnp", energy_rule="double")
    notes = soloboard.load_game("ufs-pnp").notices()
    playable = "The difficult sides of sky card 1, sky card 2, sky card 3, sky card 4 can be played"
    assert any(playable in note for note in notes)


# --- energy ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("rule", "energy", "die", "after"), [
    ("max", 3, 6, 5),   # ENE-1 with a 6: value 5; energy becomes max(3, 5)
    ("max", 6, 6, 6),   # never lower: max(6, 5)
    ("max", 0, 6, 5),
    ("add", 3, 6, 7),   # the later edition: 3 + 5, capped at 7
    ("add", 1, 4, 4),
])
def test_energy_room_restores_up_to_its_value_or_adds_it(rule: str, energy: int, die: int, after: int) -> None:
    state = position(phase="rooms", dice={"a1": die, "c1": 1}, energy=energy, energy_rule=rule)
    play(state, "use a1")
    assert state.energy == after


def test_the_energy_and_fighter_room_resolves_both_effects_with_one_value() -> None:
    # a4+b4 ENE+FIG -3 with 4 + 5: value 6; the excavator on a5, so row 4 is dug out
    ships = {(0, 0): "G", (0, 2): "G", (0, 3): "G", (4, 0): "R", (9, 1): "G", (11, 0): "G"}
    state = position(phase="rooms", dice={"a4": 4, "b4": 5, "c1": 1}, energy=1, excavator="a5", ships=ships)
    play(state, "use a4")
    pos = p(state)
    assert pos["energy"] == 6                                   # max(1, 6)
    assert pos["sky"][4][0] == "." and pos["red_supply"] == 2   # the red ship on X2: back to the supply
    assert pos["sky"][9][1] == "."                              # the green one on X6: onto the mothership
    assert pos["sky"][11][0] == "G"                             # no explosion there
    assert pos["waiting"]["green"] == 1


# --- robots ----------------------------------------------------------------------------------

def test_a_robot_is_installed_after_every_die_is_resolved_and_occupies_its_space() -> None:
    # b1 ROB-1 $1 with a 4: a robot showing 3, installed once the Rooms Phase is over
    state = position(phase="rooms", dice={"b1": 4, "a1": 2}, energy=3)
    play(state, "use b1")
    assert p(state)["pending_robots"] == [3] and p(state)["robots"] == {}
    assert state.phase_name == "rooms"
    play(state, "use a1")  # the last die: now the robot is installed
    assert state.phase_name == "install"
    assert "install b1" in legal(state) and "install d1" not in legal(state)  # d1 is a tunnel
    play(state, "install a1")
    assert p(state)["robots"] == {"a1": {"value": 3, "exhausted": False}}
    # next round: no worker die may go on the robot's space, and it does not use up the column
    while state.is_chance_node() or state.phase_name == "spawn":
        state.apply_action(state.legal_actions()[0])
    assert state.phase_name == "place"
    moves = legal(state)
    assert not any(m.endswith("a1") and m[0] in "BW" for m in moves)
    assert any(m.endswith("a0") for m in moves)
    with pytest.raises(soloboard.IllegalActionError, match="a robot stands on a1"):
        state.apply_action(state.string_to_action(next(m for m in moves if m.endswith("a0"))[:2] + "a1"))


def test_robots_waiting_to_be_installed_survive_a_position_save() -> None:
    state = position(phase="rooms", dice={"b1": 4, "a1": 2}, energy=3)
    play(state, "use b1")
    data = json.loads(state.to_json())
    del data["history"]  # a position-only save keeps the robot that waits for the end of the phase
    loaded = soloboard.state_from_json(json.dumps(data))
    assert p(loaded)["pending_robots"] == [3] and loaded == state


def test_a_robot_loses_a_pip_every_rooms_phase_used_or_not() -> None:
    # a robot on a2 (RES $1) showing 3, unused: 2 after the phase; one showing 1 leaves
    state = position(phase="rooms", dice={"c1": 1}, robots={"a2": 3, "c2": 1}, excavator="a3", energy=0)
    play(state, "done")
    assert p(state)["robots"] == {"a2": {"value": 2, "exhausted": False}}


def test_a_used_robot_loses_one_pip_not_two() -> None:
    state = position(phase="rooms", dice={"c1": 1}, robots={"a2": 3}, excavator="a3", energy=2)
    play(state, "use a2")  # research with value 3: 3 pays the first space (cost 3)
    assert state.research == 1
    assert "use a2" not in legal(state)  # a used robot is spent for this phase
    play(state, "done")
    assert p(state)["robots"] == {"a2": {"value": 2, "exhausted": False}}


def test_with_both_robot_dice_on_the_base_a_new_robot_takes_one_of_them() -> None:
    state = position(phase="rooms", dice={"b1": 6}, robots={"a2": 3, "c1": 4}, excavator="a3", energy=3)
    play(state, "use b1")
    play(state, "done")  # a2 -> 2, c1 -> 3, then the new robot (5) waits for a blue die
    assert state.phase_name == "install"
    assert set(legal(state)) == {"remove a2", "remove c1"}  # it must take one: no skip
    with pytest.raises(soloboard.IllegalActionError, match="takes the blue die of a robot"):
        play(state, "skip")
    play(state, "remove c1")
    assert "remove a2" not in legal(state)  # one die taken is enough: the other robot stays
    play(state, "install c1")
    assert p(state)["robots"] == {"a2": {"value": 2, "exhausted": False}, "c1": {"value": 5, "exhausted": False}}


def test_no_robot_can_be_removed_in_the_dice_or_rooms_phase() -> None:
    # the rulebook's only ways out: worn out at 1, or its blue die taken for a new robot
    state = position(black=[3, 1], white=[], robots={"a1": 3})
    assert not any(m.startswith("remove") for m in legal(state))
    assert "B3a1" not in legal(state)  # the robot occupies a1: no worker die may take its space
    with pytest.raises(soloboard.IllegalActionError, match="leaves the base only when it is at 1") as err:
        play(state, "remove a1")
    assert err.value.rule == "robots: removal"
    state = position(phase="rooms", dice={"c1": 1}, robots={"a2": 3}, excavator="a3")
    assert not any(m.startswith("remove") for m in legal(state))
    with pytest.raises(soloboard.IllegalActionError, match="leaves the base only when it is at 1"):
        play(state, "remove a2")


def test_a_new_robot_uses_the_free_blue_die_and_leaves_the_placed_robot_alone() -> None:
    state = position(phase="rooms", dice={"b1": 6}, robots={"a2": 3}, excavator="a3", energy=3)
    play(state, "use b1", "done")  # a robot showing 5 waits; a2 drops to 2
    assert state.phase_name == "install"
    # rows 0-2 are excavated: every empty room space of rows 1-2 (a2 holds the robot; d1, e2 are tunnels)
    assert set(legal(state)) == {f"install {s}" for s in ("a1", "b1", "c1", "e1", "b2", "c2", "d2")}
    with pytest.raises(soloboard.IllegalActionError, match="leaves the base only when it is at 1"):
        play(state, "remove a2")
    play(state, "install c1")
    assert p(state)["robots"] == {"a2": {"value": 2, "exhausted": False}, "c1": {"value": 5, "exhausted": False}}


def test_robots_go_only_into_excavated_rooms_never_onto_aa_guns() -> None:
    state = position(phase="rooms", dice={"b1": 4, "a1": 2}, energy=3)
    play(state, "use b1", "use a1")
    assert state.phase_name == "install"
    # rows 0 and 1 are excavated: the rooms a1, b1, c1, e1; d1 is a tunnel, a0..e0 are AA guns
    assert set(legal(state)) == {"install a1", "install b1", "install c1", "install e1"}
    with pytest.raises(soloboard.IllegalActionError, match="c0 is an AA gun: in this edition robots go only"):
        play(state, "install c0")
    with pytest.raises(soloboard.IllegalActionError, match=r"d1 is a tunnel \(robots go in rooms\)"):
        play(state, "install d1")
    # and a position with a robot on an AA gun is not one the rules produce
    with pytest.raises(soloboard.InvalidSaveError, match=r"a robot cannot stand on c0.*not on AA guns"):
        position(robots={"c0": 3})


def test_a_column_never_runs_out_of_spaces_for_the_last_die() -> None:
    # robots on c1 and c2, the round's excavation die already on e3, and the last die must go in column c:
    # its AA gun c0 is always free, because robots stand only in rooms
    dice = {"a1": 1, "b0": 2, "d2": 3, "e3": 2}
    state = position(black=[4], white=[], robots={"c1": 3, "c2": 2}, excavator="a3", dice=dice, dig_die="e3")
    assert legal(state) == ["B4c0"]


def test_the_boxed_edition_keeps_its_robot_rules() -> None:
    # boxed (ruling 10): a robot may be removed at any time, and installed on an AA gun
    boxed = soloboard.load_game("ufs").new_initial_state()
    play(boxed, "roll G135 W26")
    data = json.loads(boxed.to_json())
    del data["history"]
    data["position"]["robots"] = {"a1": {"value": 3, "exhausted": False}, "c0": {"value": 2, "exhausted": False}}
    state = soloboard.state_from_json(json.dumps(data))
    assert {"remove a1", "remove c0"} <= set(legal(state))
    assert "G5a1" in legal(state)  # a worker die displaces the robot
    play(state, "remove c0")
    assert list(p(state)["robots"]) == ["a1"]
    data["position"] |= {"phase": "install", "install_value": 4, "robots": {}, "unplaced": {"gray": [], "white": []}}
    data["position"].pop("to_roll", None)
    state = soloboard.state_from_json(json.dumps(data))
    assert {"install a0", "install e0", "install a1"} <= set(legal(state))


# --- excavation ------------------------------------------------------------------------------

def test_the_excavation_die_may_go_anywhere_unexcavated_and_is_checked_when_it_digs() -> None:
    state = position(black=[1, 2, 6], white=[])
    moves = legal(state)
    assert "B1a3" in moves            # five spaces ahead, a 1: allowed here, unlike the boxed edition
    assert "B1e2" not in moves        # the excavator's own space
    play(state, "B1a3")
    assert not any(m[2:] in ("b3", "c3", "d3") for m in legal(state) if m[0] == "B")  # one dig die a round
    state = position(phase="rooms", dice={"a3": 1, "c1": 1}, dig_die="a3", energy=2)
    assert "dig a3" not in legal(state) and "discard a3" in legal(state)
    with pytest.raises(soloboard.IllegalActionError, match="can only be discarded"):
        play(state, "dig a3")
    state = position(phase="rooms", dice={"a3": 5, "c1": 1}, dig_die="a3", energy=2)
    play(state, "dig a3")
    assert p(state)["excavator"] == "a3" and state.energy == 1


# --- mothership and spawning -------------------------------------------------------------------

def test_mothership_phase_resolves_the_symbol_below_the_arrow_then_moves() -> None:
    # ms 2: the next symbol is row 3's "add a red ship"; a ship on row 3 goes back onto the card
    ships = {(2, c): "G" for c in range(4)} | {(3, 4): "G"}
    state = position(phase="rooms", ms=2, ships=ships, dice={"c1": 1})
    play(state, "done")
    pos = p(state)
    assert pos["mothership_row"] == 3
    assert pos["red_supply"] == 1
    # the green from row 3 and the new red ship wait; column e is empty, so both go... one at a time
    assert state.phase_name == "spawn"
    assert set(legal(state)) == {"spawn e", "spawn red e"}


def test_resolving_the_skull_loses() -> None:
    state = position(phase="rooms", ms=11, ships={(11, c): "G" for c in range(5)}, dice={"c1": 1})
    play(state, "done")
    assert state.is_terminal() and state.returns() == [0.0]
    assert state.loss_cause == "the skull symbol was resolved"


def test_the_mothership_symbol_in_the_sky_moves_the_card_and_ignores_the_track_symbol() -> None:
    # a green on e0 with a black 4 lands on row 4 col e: 'M'; row 1 has no symbol, row 2 excavator back 1
    state = position(black=[4, 1], white=[], ms=0)  # a die left over keeps the Dice Phase going
    play(state, "B4e0")  # AA gun: 3 steps, lands on row 3 col e ('.')
    assert p(state)["mothership_row"] == 0
    state = position(black=[4, 1], white=[], ms=0)
    play(state, "B4e1")  # 4 steps: row 4 col e is 'M'
    assert p(state)["mothership_row"] == 1 and p(state)["excavator"] == "e2"


def test_spawning_is_the_players_choice_once_every_column_has_a_ship() -> None:
    # every column has a ship below; two drop points free; a green and a red wait
    ships = {(0, 0): "G", (0, 1): "G", (0, 2): "G", (5, 3): "G", (7, 4): "R"}
    state = position(phase="rooms", ms=0, ships=ships, waiting_green=1, waiting_red=0, dice={"c1": 1})
    play(state, "done")  # row 1: no symbol; the card moves to row 1
    assert state.phase_name == "spawn"
    assert set(legal(state)) == {"spawn d", "spawn e"}  # any free drop point, not only the farthest


def test_the_fifth_damage_loses() -> None:
    # a green on row 14 col b with a black 3: it passes row 15 and hits the city
    ships = {(0, c): "G" for c in range(5) if c != 1} | {(14, 1): "G"}
    state = position(black=[3], white=[], ships=ships, damage=4)
    play(state, "B3b1")
    assert state.is_terminal() and state.loss_cause == "base destroyed" and state.damage == 5


def test_a_red_ship_shot_down_leaves_and_a_green_one_respawns() -> None:
    ships = {(0, c): "G" for c in range(4)} | {(3, 1): "R", (4, 0): "G"}
    state = position(phase="rooms", ships=ships, dice={"c1": 3, "a1": 1}, energy=2)
    play(state, "use c1")  # FIG-1 with a 3: value 2 shoots X1 (row 3 b) and X2 (row 4 a)
    pos = p(state)
    assert pos["red_supply"] == 2 and pos["waiting"] == {"green": 1, "red": 0}


# --- invariants over random games ----------------------------------------------------------------

def _random_game(seed: int, rule: str) -> Iterator[Any]:
    rng = random.Random(seed)
    state = pnp(energy_rule=rule)
    yield state
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
        else:
            acts = state.legal_actions()
            # favour using rooms, so that robots, digging and research happen often
            uses = [a for a in acts if 360 <= a < 450]
            state.apply_action(rng.choice(uses if uses and rng.random() < 0.7 else acts))
        yield state


@settings(max_examples=1000, deadline=None)
@given(seed=st.integers(0, 10**9), rule=st.sampled_from(["max", "add"]))
def test_invariants_hold_in_random_nine_card_games(seed: int, rule: str) -> None:
    for state in _random_game(seed, rule):
        pos = p(state)
        sky = "".join(pos["sky"])
        assert sky.count("G") + pos["waiting"]["green"] == 5
        assert sky.count("R") + pos["waiting"]["red"] + pos["red_supply"] == 2
        assert 0 <= pos["red_supply"] <= 2
        assert not "".join(pos["sky"][: pos["mothership_row"]]).strip(".")
        assert 0 <= state.energy <= 7
        assert state.damage < 5 or state.loss_cause == "base destroyed"
        assert len(pos["robots"]) <= 2
        assert not set(pos["robots"]) & set(pos["dice"])
        assert len({name[0] for name in pos["dice"]}) == len(pos["dice"])
        assert all(0 <= a < 522 for a in state.legal_actions()) or state.is_chance_node()
        assert not any(name.endswith("0") for name in pos["robots"])  # never on an AA gun
        if state.phase_name in ("place", "rooms"):  # no way to remove a robot at will
            assert not any(m.startswith("remove") for m in legal(state))
        if not state.is_terminal():
            assert state.legal_actions()  # never a position with no way out
        if state.is_terminal():
            assert state.legal_actions() == [] and state.returns() in ([0.0], [1.0])


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_json_round_trip_and_replay_in_nine_card_games(seed: int) -> None:
    for state in _random_game(seed, "max"):
        loaded = soloboard.state_from_json(state.to_json())
        assert loaded == state and loaded.legal_actions() == state.legal_actions()
    replay = soloboard.load_game("ufs-pnp").new_initial_state()
    for action in state.history():
        replay.apply_action(action)
    assert replay == state
