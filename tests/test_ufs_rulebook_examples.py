"""Every worked example of the rulebook, set up on the real board data.

The examples are from the boxed-edition rulebook (Czech "Nebe v plamenech", the clearest
text; the Portuguese and English texts are the same). Positions are Roswell (base A on top,
B at the bottom) on the easy sky unless a test says otherwise. The printed numbers the
tests rely on are asserted first, so a change to the component data shows up as a clear
failure rather than a confusing one.
"""

from __future__ import annotations

import pytest

import soloboard
from conftest import make_position, play, pos, room_index, ship_at, space, strings, symbol, told

# Roswell, easy sky: the research costs from the start space up (space i costs COSTS[i]).
ROSWELL_EASY_RESEARCH_COSTS = (0, 3, 1, 3, 1, 4, 1, 3, 2, 1, 6, 1, 3, 5, 1, 3, 11)


# --- Dice Phase: the excavator -------------------------------------------------------------

def test_excavator_path_on_roswell():
    state = make_position(gray=[5])
    # the excavator starts on e2, path index 10; the path runs row 2 right to left, then row 3
    assert pos(state)["excavator"] == "e2"
    path_names = ["abcde"[s % 5] + str(s // 5) for s in state.base.path]
    assert path_names[10:17] == ["e2", "d2", "c2", "b2", "a2", "a3", "b3"]
    assert path_names[:10] == ["a0", "b0", "c0", "d0", "e0", "a1", "b1", "c1", "d1", "e1"]


@pytest.mark.parametrize(("value", "legal"), [(6, True), (5, True), (4, False), (3, False)])
def test_excavator_die_five_spaces_ahead(value, legal):
    """"A die showing 5 is 5 spaces ahead of the excavator: legal. A 6 would do as well,
    but a 3 is too little" (and so is a 4)."""
    state = make_position(gray=[value])
    move = f"G{value}a3"  # a3 is path index 15, five spaces ahead of e2 (index 10)
    assert (state.string_to_action(move) in state.legal_actions()) is legal
    if legal:
        play(state, move)
        assert pos(state)["dig_die"] == "a3"
        assert pos(state)["dice"] == {"a3": value}
        assert told(state, "die_placed") == [{"color": "gray", "value": value, "space": "a3", "steps": value}]
    else:
        with pytest.raises(soloboard.IllegalActionError, match="5 spaces ahead") as err:
            play(state, move)
        assert err.value.rule == "rule 2: excavation"


def test_excavator_reach_of_each_die_at_the_start():
    """From e2, a die of value v may dig on the v spaces ahead: d2, c2, b2, a2, a3, b3."""
    ahead = ["d2", "c2", "b2", "a2", "a3", "b3"]
    for value in range(1, 7):
        state = make_position(gray=[value])
        dig_targets = sorted(m[2:] for m in strings(state) if m[3] in "2345")
        assert dig_targets == sorted(ahead[:value]), value


# --- Dice Phase: ships -----------------------------------------------------------------------

def test_two_ships_descend_together_explosion_and_mothership():
    """Example: two ships in one column, a 2 is placed there. Both move 2 at once; the upper
    one ends on an explosion, the lower one on a mothership symbol, which moves the
    mothership down one row (and sends the ships of that row back onto it)."""
    state = make_position(
        ships={(2, 1): "P", (4, 1): "P", (1, 3): "W"},  # column b: rows 2 and 4; one ship in row 1
        gray=[2, 3],
    )
    assert symbol(state, 4, 1) == "X2"
    assert symbol(state, 6, 1) == "M"
    play(state, "G2b1")  # b1 is Roswell's research room, excavated from the start
    assert told(state, "ship_moved") == [
        {"ship": "purple", "from": "b2", "to": "b4", "why": "die"},
        {"ship": "purple", "from": "b4", "to": "b6", "why": "die"},
    ]
    assert told(state, "mothership_descended") == [{"row": 1, "why": "symbol", "at": "b6", "returned": ["white"]}]
    assert told(state, "mothership_action") == []  # not in the Dice Phase
    p = pos(state)
    assert ship_at(state, 4, 1) == "P"  # upper ship: on the explosion X2, stays there
    assert ship_at(state, 6, 1) == "P"  # lower ship: on the mothership symbol
    assert ship_at(state, 2, 1) == "."
    assert p["mothership_row"] == 1
    # the white ship in row 1 was under the mothership: back onto it, to spawn later
    assert ship_at(state, 1, 3) == "."
    assert p["waiting"] == {"purple": 3, "white": 1}
    # the printed mothership action of row 1 (+1 white ship) is not executed in the Dice Phase
    assert p["white_supply"] == 3
    assert state.phase_name == "place"


def test_aa_gun_with_a_one_moves_nothing():
    """A die on an AA gun moves the ships one space less; a 1 moves nothing and
    triggers nothing (here: a ship resting on a mothership symbol)."""
    state = make_position(ships={(3, 0): "P"}, gray=[1, 4])
    assert symbol(state, 3, 0) == "M"
    play(state, "G1a0")
    assert told(state, "die_placed") == [{"color": "gray", "value": 1, "space": "a0", "steps": 0}]
    assert told(state, "ship_moved") == told(state, "mothership_descended") == []
    assert ship_at(state, 3, 0) == "P"
    assert pos(state)["mothership_row"] == 0
    assert pos(state)["dice"] == {"a0": 1}


def test_aa_gun_moves_one_less():
    state = make_position(ships={(3, 0): "P"}, gray=[4])
    play(state, "G4a0")
    assert told(state, "ship_moved") == [{"ship": "purple", "from": "a3", "to": "a6", "why": "die"}]
    assert ship_at(state, 6, 0) == "P"  # 4 - 1 = 3 rows
    assert ship_at(state, 3, 0) == "."


def test_hit_on_the_city():
    """A ship that moves below the last sky row hits the city: 1 damage, and it goes back
    to the mothership, to spawn at the end of the round."""
    ships = {(0, 0): "P", (0, 2): "P", (0, 3): "P", (0, 4): "P", (15, 1): "P"}
    state = make_position(ships=ships, gray=[3])
    play(state, "G3b1")
    assert told(state, "ship_hit_city") == [{"ship": "purple", "from": "b15", "col": "b"}]
    assert told(state, "damage") == [{"amount": 1, "total": 1, "limit": 7, "by": "ship"}]
    assert told(state, "phase") == [{"phase": "rooms"}]
    p = pos(state)
    assert p["damage"] == 1
    assert ship_at(state, 15, 1) == "."
    assert p["waiting"] == {"purple": 1, "white": 0}
    assert state.phase_name == "rooms"
    play(state, "done")
    # Mothership Phase: down to row 1 (+1 white ship), then spawning: the purple ship goes to
    # column b, the only column without a ship; the white one finds no free drop point.
    assert [e["kind"] for e in state.last_events()] == [
        "die_discarded", "phase", "mothership_descended", "mothership_action", "ships_added", "ship_spawned",
        "ships_waiting", "round_started"]
    assert told(state, "mothership_action") == [{"row": 1, "effect": "add_white_ships", "amount": 1}]
    assert told(state, "ship_spawned") == [{"ship": "purple", "col": "b"}]
    assert told(state, "ships_waiting") == [{"purple": 0, "white": 1}]
    p = pos(state)
    assert p["mothership_row"] == 1
    assert p["sky"][1] == "PPPPP"
    assert p["waiting"] == {"purple": 0, "white": 1}
    assert p["white_supply"] == 3
    assert p["damage"] == 1
    assert state.phase_name == "roll"
    assert p["round"] == 2


def test_arrow_moves_the_ship_sideways():
    state = make_position(ships={(0, 2): "P"}, gray=[2])
    assert symbol(state, 2, 2) == ">"
    play(state, "G2c1")  # c1: a tunnel on Roswell
    assert told(state, "ship_moved") == [
        {"ship": "purple", "from": "c0", "to": "c2", "why": "die"},
        {"ship": "purple", "from": "c2", "to": "d2", "why": "arrow"},
    ]
    assert ship_at(state, 2, 3) == "P"
    assert ship_at(state, 2, 2) == "."


def test_blocked_arrow_does_nothing():
    """"Move the ship to the neighbouring space in the arrow's direction. Exception: if the
    target space is occupied, the arrow has no effect." """
    state = make_position(ships={(0, 2): "P", (2, 3): "W"}, gray=[2])
    play(state, "G2c1")
    assert told(state, "arrow_blocked") == [
        {"ship": "purple", "at": "c2", "direction": "right", "reason": "occupied"}]
    assert ship_at(state, 2, 2) == "P"
    assert ship_at(state, 2, 3) == "W"


# --- Rooms Phase --------------------------------------------------------------------------------

def test_room_value_three_minus_one():
    """"The room in the picture has the value 3 - 1 = 2": Roswell's fighters on a1 (-1, costs 1)
    with a 3 shoot down the ships on explosions 1 and 2, not the one on 3."""
    ships = {(3, 2): "P", (4, 1): "W", (7, 1): "P"}
    # a spare die on b1 keeps the Rooms Phase going after a1 is used
    state = make_position(phase="rooms", ships=ships, dice={"a1": 3, "b1": 1}, energy=2)
    assert (symbol(state, 3, 2), symbol(state, 4, 1), symbol(state, 7, 1)) == ("X1", "X2", "X3")
    assert state.room_value(room_index(state, "a1")) == 2
    assert pos(state)["waiting"] == {"purple": 3, "white": 0}
    assert pos(state)["white_supply"] == 3
    play(state, "use a1")
    assert told(state, "room_used") == [
        {"room": "a1", "type": "fighters", "value": 2, "cost": 1, "wasted": False}]
    assert told(state, "ships_shot_down") == [
        {"value": 2, "ships": [{"ship": "purple", "at": "c3"}, {"ship": "white", "at": "b4"}]}]
    assert told(state, "energy_changed") == [{"from": 2, "to": 1, "by": "room cost"}]
    p = pos(state)
    assert state.phase_name == "rooms"
    assert ship_at(state, 3, 2) == "." and ship_at(state, 4, 1) == "."
    assert ship_at(state, 7, 1) == "P"
    assert p["energy"] == 1
    assert p["waiting"] == {"purple": 4, "white": 0}
    assert p["white_supply"] == 4


def test_multi_space_room_value_one_plus_six_minus_three():
    """"The room in the picture has the value 1 + 6 - 3 = 4": the two-space energy room
    (-3, free) on d1/e1 of Roswell."""
    state = make_position(phase="rooms", dice={"d1": 1, "e1": 6}, energy=2)
    room = state.base.rooms[room_index(state, "d1")]
    assert (room.type, room.modifier, room.energy_cost) == ("energy", -3, 0)
    assert sorted(room.spaces) == [space("d1"), space("e1")]
    assert state.room_value(room.index) == 4
    assert strings(state).count("use d1") == 1
    play(state, "use e1")  # any space names the room
    assert told(state, "room_used") == [{"room": "d1", "type": "energy", "value": 4, "cost": 0, "wasted": False}]
    assert told(state, "energy_changed") == [{"from": 2, "to": 6, "by": "room"}]
    assert pos(state)["energy"] == 6
    assert pos(state)["dice"] == {}


def test_multi_space_room_with_an_empty_space_cannot_be_used():
    state = make_position(phase="rooms", dice={"d1": 6, "b1": 1}, energy=2)
    assert state.room_value(room_index(state, "d1")) is None
    assert "use d1" not in strings(state)
    assert "discard d1" in strings(state)
    with pytest.raises(soloboard.IllegalActionError, match="e1 holds no die") as err:
        play(state, "use d1")
    assert err.value.rule == "rule 9: multi-space rooms"
    play(state, "discard d1")
    assert told(state, "die_discarded") == [{"space": "d1", "value": 6, "why": "player"}]
    assert pos(state)["energy"] == 2
    assert pos(state)["dice"] == {"b1": 1}


def test_fighter_example():
    """Fighters of value 3: ship A (purple, explosion 1) and ship B (white, explosion 3) are
    shot down - A back onto the mothership, B off the board to the supply; ship C on an
    explosion 4 is not."""
    ships = {(3, 2): "P", (7, 1): "W", (5, 3): "P", (2, 0): "P"}
    state = make_position(phase="rooms", ships=ships, dice={"a1": 4, "b1": 1}, energy=3)
    assert (symbol(state, 3, 2), symbol(state, 7, 1), symbol(state, 5, 3)) == ("X1", "X3", "X4")
    assert state.room_value(room_index(state, "a1")) == 3  # 4 - 1
    before = pos(state)
    assert before["waiting"] == {"purple": 2, "white": 0}
    assert before["white_supply"] == 3
    play(state, "use a1")
    shot = told(state, "ships_shot_down")[0]["ships"]
    assert shot == [{"ship": "purple", "at": "c3"}, {"ship": "white", "at": "b7"}]
    after = pos(state)
    assert ship_at(state, 3, 2) == "."  # A
    assert ship_at(state, 7, 1) == "."  # B
    assert ship_at(state, 5, 3) == "P"  # C stays
    assert ship_at(state, 2, 0) == "P"  # not on an explosion
    assert after["waiting"] == {"purple": 3, "white": 0}
    assert after["white_supply"] == 4
    assert after["energy"] == 2


def _research_position(**kwargs):
    # excavator on c2: e2 and d2 are dug out, so d2 (research -1, costs 1) can be used
    return make_position(phase="rooms", excavator="c2", research=1, energy=5, **kwargs)


def test_research_costs_of_the_easy_sky():
    state = _research_position(dice={"b1": 2})
    assert state.sky.research_costs == ROSWELL_EASY_RESEARCH_COSTS
    assert state.sky.research_costs[2:5] == (1, 3, 1)


@pytest.mark.parametrize("order", [("use b1", "use d2"), ("use d2", "use b1")])
def test_research_example_two_rooms_cannot_climb_three_spaces(order):
    """Research rooms of value 2 and 3, next spaces cost 1, 3, 1: each room pays separately,
    so either order climbs less than three spaces."""
    state = _research_position(dice={"b1": 2, "d2": 4})
    assert state.room_value(room_index(state, "b1")) == 2  # b1: research, no modifier
    assert state.room_value(room_index(state, "d2")) == 3  # d2: research -1
    play(state, order[0])
    first = pos(state)["research"]
    assert told(state, "research_changed") == [{"from": 1, "to": first, "by": "room"}]
    play(state, order[1])
    expected = (2, 3) if order[0] == "use b1" else (2, 2)
    assert (first, pos(state)["research"]) == expected
    assert pos(state)["energy"] == 5 - 2 - 1


def test_research_example_a_five_climbs_three_spaces():
    state = _research_position(dice={"b1": 5})
    play(state, "use b1")
    assert pos(state)["research"] == 4
    assert pos(state)["energy"] == 3


def test_research_leftover_is_lost():
    state = _research_position(dice={"b1": 4})
    play(state, "use b1")  # 1 to space 2, then 3 would be needed and only 3 is left: space 3
    assert pos(state)["research"] == 3
    state = _research_position(dice={"b1": 3})
    play(state, "use b1")  # 1 to space 2; 2 left is not enough for the 3
    assert pos(state)["research"] == 2
    # a research room that cannot pay for the next space says so (the preview of the terminal uses this)
    state = make_position(phase="rooms", excavator="c2", research=2, energy=5, dice={"b1": 2})
    play(state, "use b1")
    assert told(state, "room_used") == [
        {"room": "b1", "type": "research", "value": 2, "cost": 2, "wasted": True, "reason": "next_cost",
         "next_cost": 3}]
    assert told(state, "research_changed") == []


# --- Expanding the base ------------------------------------------------------------------------

def test_excavation_example():
    """A 3 placed 3 spaces ahead may dig. In the Rooms Phase: pay 1 energy, the excavator
    moves onto the die's space; every space behind it is excavated, its own space is not."""
    state = make_position(gray=[3], energy=2)
    play(state, "G3b2")  # b2 is 3 spaces ahead of e2 (e2 -> d2 -> c2 -> b2)
    assert state.phase_name == "rooms"
    assert "dig b2" in strings(state)
    play(state, "dig b2")
    assert told(state, "excavator_moved") == [{"from": "e2", "to": "b2", "by": "dig"}]
    assert told(state, "energy_changed") == [{"from": 2, "to": 1, "by": "dig"}]
    p = pos(state)
    assert p["excavator"] == "b2"
    assert p["energy"] == 1
    assert p["dice"] == {}
    excavated = {name: state.is_excavated(space(name)) for name in ("e2", "d2", "c2", "b2", "a2", "a3")}
    assert excavated == {"e2": True, "d2": True, "c2": True, "b2": False, "a2": False, "a3": False}


def test_excavation_needs_one_energy():
    state = make_position(phase="rooms", dice={"b2": 3}, dig_die="b2", columns_used="b", energy=0)
    assert "dig b2" not in strings(state)
    with pytest.raises(soloboard.IllegalActionError, match="costs 1 energy"):
        play(state, "dig b2")


def test_new_spaces_take_dice_next_round():
    state = make_position(excavator="b2", gray=[1])
    # excavated: rows 0-1 and e2, d2, c2; b2 is the excavator's own space; a2 is 1 ahead
    targets = sorted(m[2:] for m in strings(state))
    assert targets == sorted(["a0", "b0", "c0", "d0", "e0", "a1", "b1", "c1", "d1", "e1",
                              "e2", "d2", "c2", "a2"])


# --- Mothership Phase -----------------------------------------------------------------------------

def test_mothership_phase_example():
    """A ship left on its drop point (a 1 on the AA gun) rides down with the mothership; the
    ship in the row the mothership moves onto goes back onto it; the row's action adds a white
    ship; then everything on the mothership spawns."""
    ships = {(0, 0): "P", (1, 2): "P", (5, 1): "P", (8, 3): "P", (10, 4): "P"}
    state = make_position(phase="rooms", ships=ships)
    play(state, "done")
    assert told(state, "mothership_descended") == [{"row": 1, "why": "phase", "returned": ["purple"]}]
    assert told(state, "ship_spawned") == [{"ship": "purple", "col": "c"}, {"ship": "white", "col": "e"}]
    p = pos(state)
    assert p["mothership_row"] == 1
    assert p["sky"][0] == "....."
    # row 1: the rider on a, the purple sent back respawns on c (the only column without a
    # ship), the new white ship goes where the topmost ship is farthest (e: 9 rows, d: 7, b: 4)
    assert p["sky"][1] == "P.P.W"
    assert p["waiting"] == {"purple": 0, "white": 0}
    assert p["white_supply"] == 3
    assert state.phase_name == "roll"
    assert p["round"] == 2


def test_spawning_example_ties_are_the_players_choice():
    """Spawning: purple first, into the empty column; then the free drop point farthest from
    its column's topmost ship (the middle one); the white ship then has a tie between two drop
    points, and the player chooses."""
    ships = {(0, 0): "P", (6, 1): "W", (9, 2): "P", (6, 3): "P"}
    state = make_position(phase="rooms", ships=ships)
    assert pos(state)["waiting"] == {"purple": 2, "white": 0}
    play(state, "done")  # down to row 1, whose action adds 1 white ship
    assert told(state, "phase")[-1] == {"phase": "spawn", "options": ["b", "d"]}
    p = pos(state)
    assert state.phase_name == "spawn"
    assert p["sky"][1] == "P.P.P"  # rider on a; purple 1 -> e (empty column); purple 2 -> c (8 rows)
    assert p["spawn_options"] == ["b", "d"]  # 5 rows each
    assert sorted(strings(state)) == ["spawn b", "spawn d"]
    with pytest.raises(soloboard.IllegalActionError, match="column b, d") as err:
        play(state, "spawn e")
    assert err.value.rule == "rule 14: spawning"
    play(state, "spawn d")
    p = pos(state)
    assert p["sky"][1] == "P.PWP"
    assert p["waiting"] == {"purple": 0, "white": 0}
    assert p["white_supply"] == 2
    assert state.phase_name == "roll"


def test_spawning_two_empty_columns_is_a_choice():
    ships = {(0, 0): "P", (0, 1): "P", (0, 2): "P"}
    state = make_position(phase="rooms", ships=ships)
    play(state, "done")
    assert state.phase_name == "spawn"
    assert pos(state)["spawn_options"] == ["d", "e"]


# --- End of the game -------------------------------------------------------------------------

def test_research_reaching_the_last_space_wins_at_once():
    """The last space of the easy sky costs 11: only a multi-space research room reaches it
    (here c3/d3, costs 2). The game ends at once, with dice still on the base."""
    state = make_position(phase="rooms", excavator="e3", research=15, energy=4,
                          dice={"c3": 5, "d3": 6, "b1": 6})
    assert state.sky.research_costs[16] == 11
    assert state.sky.research_last == 16
    play(state, "use c3")
    assert told(state, "research_changed") == [{"from": 15, "to": 16, "by": "room"}]
    assert told(state, "game_won") == [{}]
    assert state.is_terminal()
    assert state.returns() == [1.0]
    assert state.legal_actions() == []
    assert pos(state)["research"] == 16
    assert pos(state)["result"] == "win"
    assert state.loss_cause == ""


def test_research_one_short_does_not_win():
    state = make_position(phase="rooms", excavator="e3", research=15, energy=4, dice={"c3": 4, "d3": 6})
    play(state, "use c3")
    assert not state.is_terminal()
    assert pos(state)["research"] == 15


def test_damage_reaching_roswells_limit_loses():
    """Roswell is destroyed by its 7th damage."""
    state = make_position(ships={(16, 1): "P"}, damage=6, gray=[1, 2])
    assert not state.is_terminal()
    play(state, "G2b1")
    assert told(state, "damage") == [{"amount": 1, "total": 7, "limit": 7, "by": "ship"}]
    assert told(state, "game_lost") == [{"cause": "base destroyed"}]
    assert state.is_terminal()
    assert state.returns() == [0.0]
    assert state.loss_cause == "base destroyed"
    assert pos(state)["damage"] == 7
    assert pos(state)["result"] == "loss"
    assert state.legal_actions() == []


def test_sixth_damage_does_not_destroy_roswell():
    state = make_position(ships={(16, 1): "P"}, damage=5, gray=[1, 2])
    play(state, "G2b1")
    assert not state.is_terminal()
    assert pos(state)["damage"] == 6


def test_mothership_reaching_the_skull_row_loses_in_the_mothership_phase():
    state = make_position(phase="rooms", ms=11)
    assert state.sky.skull_row == 12
    play(state, "done")
    assert [e["kind"] for e in state.last_events()] == ["phase", "mothership_descended", "game_lost"]
    assert state.is_terminal()
    assert state.returns() == [0.0]
    assert state.loss_cause == "mothership reached the skull row"
    assert pos(state)["mothership_row"] == 12


def test_mothership_reaching_the_skull_row_loses_in_the_dice_phase():
    """The skull is resolved even when a mothership symbol in the sky brings it there."""
    state = make_position(ms=11, ships={(11, 0): "P", (13, 2): "P"}, gray=[3, 4])
    assert symbol(state, 16, 2) == "M"
    play(state, "G3c1")
    assert told(state, "mothership_descended") == [{"row": 12, "why": "symbol", "at": "c16", "returned": []}]
    assert told(state, "game_lost") == [{"cause": "mothership reached the skull row"}]
    assert state.is_terminal()
    assert state.loss_cause == "mothership reached the skull row"
    assert state.returns() == [0.0]
