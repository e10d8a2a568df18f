"""Each rule of the full game (boxed edition) and each of the project's rulings 1-15.

Ruling numbers refer to the project's rulings (boxed edition); the rulebook is the Czech
"Nebe v plamenech" (clearest), with the Portuguese text the same. Unless a test says
otherwise: Roswell (base A top, B bottom), easy sky.
"""

from __future__ import annotations

import json
import math
import random
from importlib import resources
from itertools import combinations

import pytest

import soloboard
from conftest import (
    CITIES,
    NUM_ACTIONS,
    make_position,
    new_state,
    play,
    play_random,
    pos,
    room_index,
    ship_at,
    strings,
    symbol,
)
from soloboard.ufs import components
from soloboard.ufs.hooks import RuleHooks

# --- the printed components (copied from the component reference) ---------------------------

EASY_SKY = [  # rows 1..16, columns a..e, with the mothership action on the right edge
    (". . . > .", "add_white_ships 1"),
    (". < > . .", "excavator_back 2"),
    ("M . X1 . .", "add_white_ships 1"),
    (". X2 < . X4", None),
    ("M > . X4 .", "add_white_ships 1"),
    (". M . . .", "excavator_back 1"),
    ("X4 X3 . < X2", "research_back 1"),
    ("> . X6 . <", None),
    (". . X4 > .", "research_back 1"),
    ("X5 . < . .", "add_white_ships 1"),
    (". M > . X6", None),
    ("M X3 . X4 M", "skull 1"),
    ("X3 > . M .", None),
    (". X6 . < X4", None),
    ("> . X3 . <", None),
    (". X5 M X4 .", None),
]
THREAT_SKY = [
    (". X1 . . .", "excavator_back 1"),
    (". . < > .", "add_white_ships 2"),
    ("> . . . X2", "excavator_back 2"),
    (". < X3 M .", "damage 1"),
    ("> . X2 . <", "excavator_back 3"),
    ("M M . < X3", "research_back 2"),
    ("X4 > . X5 .", "add_white_ships 2"),
    (". < > . M", "research_back 1"),
    ("X6 . < . M", "damage 1"),
    ("M X4 X7 > .", None),
    (". > . M X7", "skull 1"),
    (". . M X4 .", None),
    ("M X5 M . <", None),
    (". . X4 M X5", None),
    ("X4 M . X6 M", None),
    ("M X7 M M .", None),
]
# research costs from the start space up: tile 1 (bottom) first
EASY_COSTS = (3, 1, 3, 1, 4, 1, 3, 2, 1, 6, 1, 3, 5, 1, 3, 11)
THREAT_COSTS = (3, 2, 1, 5, 3, 1, 3, 7, 2, 3, 4, 2, 3, 5, 1, 12)

BASES = {  # base rows 1..5 of each city: room type, modifier, energy cost, '*' multi-space
    "roswell": [
        "fig-1$1 res$2 ---- ene-3$0* ene-3$0*",
        "ene$0 fig$2* fig$2* res-1$1 ----",
        "res-1$0 ---- res$2* res$2* fig$2",
        "fig+1$2 ene+1$0 fig$1 ---- res$1",
        "---- res$2* res$2* res$2* ----",
    ],
    "new-york": [
        "rob-1$1 fig$3 ene$0* ene$0* ----",
        "rob-1$0 res+1$2 ---- res$1 ene-1$0",
        "fig-1$0 ---- res$1 fig$1* fig$1*",
        "ene$0 res+1$1 fig+1$2 ---- rob$2",
        "res+3$4* res+3$4* ene+1$0 ---- ----",
    ],
    "washington": [
        "fig$2 ene-1$0 fig-2$0 fig-1$1 ----",
        "res$1 rob$2 ---- ene-1$0 res+1$2",
        "res$5* res$5* res$5* ---- fig-1$0",
        "ene+1$0 ---- rob$0 fig+2$2 rob$1",
        "---- fig+3$1 res$0* res$0* ----",
    ],
}
CITY_FACTS = {  # top, bottom, start energy, max energy, damage limit, excavator start
    "roswell": ("A", "B", 2, 7, 7, "e2"),
    "new-york": ("C", "A", 2, 8, 6, "e1"),
    "washington": ("B", "C", 3, 9, 6, "e1"),
}


def _describe_space(state, s: int) -> str:
    base = state.base
    if base.room_of[s] < 0:
        return "----" if s >= 5 else "AA"
    room = base.rooms[base.room_of[s]]
    mod = f"{room.modifier:+d}" if room.modifier else ""
    star = "*" if len(room.spaces) > 1 else ""
    return f"{room.type[:3]}{mod}${room.energy_cost}{star}"


def _mothership_action(state, row: int) -> str | None:
    action = state.sky.action[row]
    return None if action is None else f"{action[0]} {action[1]}"


# --- components ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("sky", "expected", "costs"), [("EEEE", EASY_SKY, EASY_COSTS),
                                                         ("TTTT", THREAT_SKY, THREAT_COSTS)])
def test_sky_tiles_are_the_printed_ones(sky, expected, costs):
    state = make_position(sky=sky)
    for row, (cells, action) in enumerate(expected, start=1):
        assert " ".join(symbol(state, row, c) for c in range(5)) == cells, f"sky row {row}"
        assert _mothership_action(state, row) == action, f"mothership action of row {row}"
    assert state.sky.research_costs == (0, *costs)
    assert state.sky.research_last == 16
    assert state.sky.skull_row == (12 if sky == "EEEE" else 11)


@pytest.mark.parametrize("city", CITIES)
def test_city_bases_are_the_printed_ones(city):
    state = make_position(city=city)
    for row, expected in enumerate(BASES[city], start=1):
        got = " ".join(_describe_space(state, row * 5 + c) for c in range(5))
        assert got == expected, f"{city} base row {row}"
    assert [_describe_space(state, c) for c in range(5)] == ["AA"] * 5


@pytest.mark.parametrize("city", CITIES)
def test_city_start_and_tracks(city):
    top, bottom, energy, energy_max, damage_limit, excavator = CITY_FACTS[city]
    game = soloboard.load_game("ufs", city=city)
    assert (game.city.top, game.city.bottom) == (top, bottom)
    assert (game.city.energy_max, game.city.damage_limit) == (energy_max, damage_limit)
    p = pos(game.new_initial_state())
    assert (p["energy"], p["damage"], p["research"], p["excavator"]) == (energy, 0, 0, excavator)
    assert (p["mothership_row"], p["sky"][0], p["white_supply"]) == (0, "PPPPP", 4)
    assert p["waiting"] == {"purple": 0, "white": 0}


@pytest.mark.parametrize("city", CITIES)
def test_city_damage_limit_in_play(city):
    limit = CITY_FACTS[city][4]
    state = make_position(city=city, ships={(16, 1): "P"}, damage=limit - 2, gray=[1, 1])
    play(state, "G1b1")
    assert pos(state)["damage"] == limit - 1
    assert not state.is_terminal()
    state = make_position(city=city, ships={(16, 1): "P"}, damage=limit - 1, gray=[1, 1])
    play(state, "G1b1")
    assert state.is_terminal() and state.loss_cause == "base destroyed"
    assert pos(state)["damage"] == limit


@pytest.mark.parametrize(("city", "dice", "energy", "after"), [
    ("roswell", {"d1": 6, "e1": 6}, 6, 7),      # 6 + 6 - 3 = 9: capped at 7
    ("roswell", {"d1": 6, "e1": 2}, 2, 7),      # 5: 7, exactly the top
    ("new-york", {"c1": 6, "d1": 6}, 2, 8),     # 12: capped at 8
    ("new-york", {"c1": 3, "d1": 2}, 2, 7),     # 5
    ("washington", {"b1": 6}, 7, 9),            # 6 - 1 = 5: capped at 9
    ("washington", {"b1": 6}, 3, 8),
])
def test_energy_is_capped_at_the_track_maximum(city, dice, energy, after):
    state = make_position(city=city, phase="rooms", dice={**dice, "a0": 1}, energy=energy)
    play(state, "use " + next(iter(dice)))
    assert pos(state)["energy"] == after


# --- Dice Phase ------------------------------------------------------------------------------------

def test_start_of_round_offers_each_die_everywhere_legal(roswell_start):
    # G1: 10 excavated spaces + 1 dig space; G3: +3; G5: +5; W2: +2; W6: +6
    assert len(roswell_start.legal_actions()) == 11 + 13 + 15 + 12 + 16
    assert all(0 <= a < NUM_ACTIONS for a in roswell_start.legal_actions())


def test_one_worker_die_per_column(roswell_start):
    """Ruling 1: every die goes in a different column."""
    state = play(roswell_start, "G3a1")
    assert not any(m[2] == "a" for m in strings(state))
    with pytest.raises(soloboard.IllegalActionError, match="column a already has a worker die") as err:
        play(state, "G5a0")
    assert err.value.rule == "rule 1: one die per column"
    with pytest.raises(soloboard.IllegalActionError) as err:
        play(state, "G5a3")  # a dig die obeys the column rule too
    assert err.value.rule == "rule 1: one die per column"


def test_all_five_dice_fill_all_five_columns(roswell_start):
    state = play(roswell_start, "G1a0", "G3b1", "G5c0")
    assert state.phase_name == "place"
    play(state, "W2d1")
    assert state.is_chance_node()
    play(state, "roll W4", "W4e0")
    assert state.phase_name == "rooms"
    assert pos(state)["columns_used"] == "abcde"
    # dice on AA guns and tunnels do nothing in the Rooms Phase and are cleared
    assert pos(state)["dice"] == {"b1": 3, "d1": 2}


def test_one_dig_die_per_round(roswell_start):
    """Ruling 2: at most one die per round on an unexcavated space."""
    state = play(roswell_start, "G3c2")
    assert pos(state)["dig_die"] == "c2"
    dug = [m for m in strings(state) if m[3] in "2345"]
    assert dug == []
    with pytest.raises(soloboard.IllegalActionError, match="at most one die per round") as err:
        play(state, "G5a3")
    assert err.value.rule == "rule 2: excavation"
    play(state, "G5a1")  # excavated spaces are still fine


def test_dig_die_on_a_tunnel_stays_for_the_rooms_phase():
    """Dice on AA guns and tunnels are cleared when the Rooms Phase starts - but not the dig die,
    even when it stands on a tunnel (b3 is a tunnel six spaces ahead of e2)."""
    state = make_position(gray=[6], white=[1], dice={"a0": 2, "c0": 1, "d0": 3}, columns_used="acd")
    play(state, "G6b3")
    assert state.phase_name == "place"
    play(state, "W1e1")
    assert state.phase_name == "rooms"
    assert pos(state)["dice"] == {"b3": 6, "e1": 1}
    assert "dig b3" in strings(state)
    play(state, "dig b3")
    assert pos(state)["excavator"] == "b3"
    assert pos(state)["energy"] == 1


def test_excavators_own_space_never_takes_a_die():
    """Ruling 2: the excavator's space is unexcavated and never a target."""
    for value in range(1, 7):
        state = make_position(gray=[value])
        assert f"G{value}e2" not in strings(state)
        with pytest.raises(soloboard.IllegalActionError, match="excavator's own space") as err:
            play(state, f"G{value}e2")
        assert err.value.rule == "rule 2: excavation"
    state = make_position(excavator="b3", gray=[6])
    assert "G6b3" not in strings(state)
    assert "G6c3" in strings(state)
    assert "G6a3" in strings(state)  # behind the excavator: excavated


def test_ships_pass_over_spaces_without_effect():
    """Ruling 4: spaces passed over do nothing; only where a ship stops counts."""
    state = make_position(ships={(1, 0): "P"}, gray=[3, 1])
    assert symbol(state, 3, 0) == "M"
    play(state, "G3a1")
    assert ship_at(state, 4, 0) == "P"
    assert pos(state)["mothership_row"] == 0


def test_ships_on_drop_points_descend_like_the_others():
    state = make_position(gray=[4, 1])  # all five purple ships on their drop points
    play(state, "G4d1")
    assert ship_at(state, 0, 3) == "."
    assert ship_at(state, 4, 3) == "P"


def test_landing_on_row_16_is_no_hit_moving_past_it_is():
    state = make_position(ships={(14, 1): "P"}, gray=[2, 1])
    play(state, "G2b1")
    assert ship_at(state, 16, 1) == "P" and pos(state)["damage"] == 0
    state = make_position(ships={(14, 1): "P"}, gray=[3, 1])
    play(state, "G3b1")
    assert pos(state)["damage"] == 1
    assert pos(state)["waiting"]["purple"] == 5


def test_each_ship_hitting_the_city_does_one_damage():
    state = make_position(ships={(15, 1): "P", (16, 1): "W", (10, 1): "P"}, gray=[2, 1])
    play(state, "G2b1")
    p = pos(state)
    assert p["damage"] == 2
    assert ship_at(state, 12, 1) == "P"
    # a white ship that hits the city goes back to the mothership, not to the supply
    assert p["waiting"] == {"purple": 4, "white": 1}
    assert p["white_supply"] == 3


def test_arrow_arrival_space_does_not_take_effect_but_can_be_shot():
    """Ruling 5: the arrow moves the ship to (4, b), an explosion 2; later fighters shoot it."""
    state = make_position(ships={(2, 2): "P"}, gray=[2, 3])
    assert (symbol(state, 4, 2), symbol(state, 4, 1)) == ("<", "X2")
    play(state, "G2c1")
    assert ship_at(state, 4, 1) == "P" and ship_at(state, 4, 2) == "."
    state = make_position(phase="rooms", ships={(4, 1): "P"}, dice={"a1": 3, "b1": 1}, energy=1)
    play(state, "use a1")  # fighters 3 - 1 = 2
    assert ship_at(state, 4, 1) == "."


def test_mothership_symbol_in_the_sky_does_not_execute_the_printed_action():
    """Ruling 6: the mothership moves down a row at once (row 2: 'excavator back 2'), but the
    action printed on that row is only done in the Mothership Phase - not here."""
    state = make_position(ms=1, ships={(1, 0): "P", (4, 1): "P", (2, 4): "W"}, excavator="a2", gray=[2, 5])
    assert symbol(state, 6, 1) == "M"
    play(state, "G2b1")
    p = pos(state)
    assert p["mothership_row"] == 2
    assert p["excavator"] == "a2"
    assert ship_at(state, 2, 0) == "P"  # rode down on its drop point
    assert ship_at(state, 2, 4) == "."  # was in the row the mothership moved onto
    assert p["waiting"] == {"purple": 3, "white": 1}


def test_white_die_rerolls_every_unplaced_die(roswell_start):
    """Ruling 8: after a white die, every unplaced die (gray and white) is re-rolled;
    a gray die re-rolls nothing."""
    state = play(roswell_start, "G1a0")
    assert not state.is_chance_node()
    assert pos(state)["unplaced"] == {"gray": [3, 5], "white": [2, 6]}
    play(state, "W2c1")
    assert state.is_chance_node()
    assert pos(state)["to_roll"] == {"gray": 2, "white": 1}
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 21 * 6
    assert math.isclose(sum(p for _, p in outcomes), 1.0)
    play(state, "roll G44 W5")
    assert pos(state)["unplaced"] == {"gray": [4, 4], "white": [5]}
    assert strings(state).count("G4b1") == 1  # two equal gray dice: one action
    play(state, "W5d0")
    assert pos(state)["to_roll"] == {"gray": 2, "white": 0}
    assert len(state.chance_outcomes()) == 21
    play(state, "roll G12", "G1b1", "G2e0")
    assert state.phase_name == "rooms"
    assert pos(state)["dice"] == {"b1": 1}


def test_last_die_white_rerolls_nothing():
    state = make_position(white=[3], gray=[], columns_used="abcd", dice={"a0": 1, "b0": 1, "c0": 1, "d0": 1})
    play(state, "W3e1")
    assert state.phase_name == "rooms"
    assert not state.is_chance_node()


def test_roll_has_56_times_21_outcomes():
    state = new_state("roswell", threat=0)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 56 * 21 == 1176
    assert len({a for a, _ in outcomes}) == 1176
    assert math.isclose(sum(p for _, p in outcomes), 1.0)
    probs = dict(outcomes)
    assert math.isclose(probs[state.string_to_action("roll G111 W11")], 1 / 6**5)
    assert math.isclose(probs[state.string_to_action("roll G123 W12")], (6 / 216) * (2 / 36))
    assert math.isclose(probs[state.string_to_action("roll G113 W66")], (3 / 216) * (1 / 36))


@pytest.mark.parametrize(("gray", "white"), [(g, w) for g in range(4) for w in range(3) if g + w])
def test_every_roll_size_sums_to_one(gray, white):
    state = make_position(phase="roll", to_roll=(gray, white))
    outcomes = state.chance_outcomes()
    assert len(outcomes) == math.comb(gray + 5, 5) * math.comb(white + 5, 5)
    assert math.isclose(sum(p for _, p in outcomes), 1.0)
    for action, _ in outcomes[:: max(1, len(outcomes) // 7)]:
        child = state.clone()
        child.apply_action(action)
        g, w = pos(child)["unplaced"].values()
        assert (len(g), len(w)) == (gray, white)


def test_equal_dice_give_one_action():
    state = play(new_state("roswell", threat=0), "roll G333 W33")
    acts = state.legal_actions()
    assert len(acts) == len(set(acts)) == 13 + 13
    names = strings(state)
    assert names.count("G3a1") == 1 and names.count("W3a1") == 1


# --- Rooms Phase -------------------------------------------------------------------------------------

def test_room_without_enough_energy_cannot_be_used():
    state = make_position(phase="rooms", dice={"b1": 5}, energy=1)  # research b1 costs 2
    assert "use b1" not in strings(state)
    with pytest.raises(soloboard.IllegalActionError, match="costs 2 energy and you have 1") as err:
        play(state, "use b1")
    assert err.value.rule == "rule 9: energy cost"
    state = make_position(phase="rooms", dice={"b1": 5}, energy=2)
    play(state, "use b1")
    assert pos(state)["energy"] == 0
    assert pos(state)["research"] == 2  # 3 + 1, the next (3) is out of reach


def test_any_die_may_be_discarded_without_effect():
    state = make_position(phase="rooms", dice={"b1": 5, "a1": 6}, energy=3, ships={(3, 2): "P"})
    play(state, "discard a1")
    p = pos(state)
    assert p["dice"] == {"b1": 5} and p["energy"] == 3 and ship_at(state, 3, 2) == "P"
    with pytest.raises(soloboard.IllegalActionError, match="no worker die on a1"):
        play(state, "discard a1")


def test_value_below_one_does_nothing():
    """Ruling 10: a value below 1 has no effect (the energy cost is still part of using it)."""
    state = make_position(phase="rooms", dice={"d1": 1, "e1": 1, "b1": 1}, energy=2)
    assert state.room_value(room_index(state, "d1")) == -1
    play(state, "use d1")
    assert pos(state)["energy"] == 2
    state = make_position(phase="rooms", dice={"a1": 1, "b1": 1}, energy=2, ships={(3, 2): "P"})
    assert state.room_value(room_index(state, "a1")) == 0
    play(state, "use a1")
    assert ship_at(state, 3, 2) == "P"  # fighters of value 0 shoot nothing, not even an X1
    assert pos(state)["energy"] == 1


def test_room_value_can_exceed_six():
    state = make_position(phase="rooms", excavator="e3", dice={"c3": 6, "d3": 6, "a0": 1}, energy=2)
    assert state.room_value(room_index(state, "c3")) == 12
    play(state, "use d3")
    assert pos(state)["research"] == 5  # 3 + 1 + 3 + 1 = 8, then 4 more is 12


def test_rooms_on_unexcavated_spaces_cannot_be_used():
    state = make_position(phase="rooms", dice={"a2": 6}, dig_die="a2", columns_used="a", energy=3)
    assert "use a2" not in strings(state)
    with pytest.raises(soloboard.IllegalActionError, match="not excavated"):
        play(state, "use a2")
    assert "dig a2" in strings(state)


def test_use_names_a_room_by_any_of_its_spaces():
    state = make_position(phase="rooms", dice={"d1": 2, "e1": 5})
    assert state.string_to_action("use e1") == state.string_to_action("use d1")
    assert state.action_to_string(state.string_to_action("use e1")) == "use d1"
    with pytest.raises(soloboard.IllegalActionError, match="c1 is not a room"):
        play(state, "use c1")


def test_done_ends_the_rooms_phase_and_clears_the_dice():
    state = make_position(phase="rooms", dice={"b1": 3, "a1": 2}, energy=5)
    play(state, "done")
    p = pos(state)
    assert p["dice"] == {} and p["energy"] == 5 and p["round"] == 2 and state.phase_name == "roll"


def test_fighters_do_not_shoot_ships_on_drop_points():
    state = make_position(phase="rooms", ms=3, ships={(3, 2): "P", (4, 1): "P"}, dice={"a1": 6, "b1": 1},
                          energy=1)
    assert symbol(state, 3, 2) == "X1"
    play(state, "use a1")
    assert ship_at(state, 3, 2) == "P"  # on the mothership's drop point, above the sky
    assert ship_at(state, 4, 1) == "."


# --- Robots (New York: robot rooms on a1 (-1, costs 1) and a2 (-1, free)) -----------------------

@pytest.fixture(scope="module", autouse=True)
def _printed_new_york():
    """New York's base with the robot rules as printed: a test city without New York's abilities."""
    data = json.loads((resources.files("soloboard.ufs") / "data" / "cities" / "new-york.json").read_text())
    data.update(id="test-new-york-printed", name="New York without its abilities (test)")
    for side in data["sides"].values():
        side.update(ability={"id": None, "text": "test only: no ability"}, research_costs=[])
    components.register_city(data)
    yield
    components.unregister_city("test-new-york-printed")


def _ny(**kwargs):
    return make_position(city="test-new-york-printed", **kwargs)


def test_robot_room_installs_a_robot_exhausted_for_the_phase():
    state = _ny(phase="rooms", dice={"a1": 4, "b1": 1}, energy=2)
    play(state, "use a1")
    assert state.phase_name == "install"
    assert pos(state)["install_value"] == 3  # 4 - 1
    assert pos(state)["energy"] == 1
    rooms_offered = sorted(m for m in strings(state) if m.startswith("install") and not m.endswith("0"))
    # any empty excavated room space, the robot room itself included; b1 holds a die
    assert rooms_offered == ["install a1", "install c1", "install d1"]
    assert "install e1" not in strings(state)  # the excavator's space is not excavated
    play(state, "install a1")
    assert state.phase_name == "rooms"
    assert pos(state)["robots"] == {"a1": {"value": 3, "exhausted": True}}
    assert "use a1" not in strings(state)
    assert state.room_value(room_index(state, "a1")) is None
    play(state, "discard b1")
    # the phase ended; the robot recovered and works from the next round
    assert state.phase_name == "roll"
    assert pos(state)["robots"] == {"a1": {"value": 3, "exhausted": False}}


def test_robot_may_be_installed_on_an_aa_gun():
    """Ruling 10 ('an AA gun or the robot room itself are allowed') and the rulebook's special
    cases: "Robot dice may be placed on AA-gun positions, but they have no effect there"."""
    state = _ny(phase="rooms", dice={"a1": 4, "b1": 1}, energy=2)
    play(state, "use a1")
    offered = sorted(m for m in strings(state) if m.startswith("install"))
    assert {"install a0", "install b0", "install c0", "install d0", "install e0"} <= set(offered)
    play(state, "install c0")
    assert pos(state)["robots"] == {"c0": {"value": 3, "exhausted": True}}


def test_robot_cannot_go_on_a_tunnel():
    state = _ny(phase="rooms", excavator="a2", dice={"a1": 4, "b1": 1}, energy=2)
    play(state, "use a1")
    assert "install c2" not in strings(state)  # c2 is a tunnel
    with pytest.raises(soloboard.IllegalActionError, match=r"cannot install the robot on c2: .*tunnel") as err:
        play(state, "install c2")
    assert err.value.rule == "robots: installation"


def test_install_value_is_capped_at_six():
    class RobotsPlusThree(RuleHooks):
        def room_value(self, state, room, value):
            return value + 3 if room.type == "robots" else value

    state = _ny(phase="rooms", dice={"a1": 6, "b1": 1}, energy=2)
    state.game.hooks = RobotsPlusThree()
    assert state.room_value(room_index(state, "a1")) == 8
    play(state, "use a1")
    assert pos(state)["install_value"] == 6
    play(state, "install c1")
    assert pos(state)["robots"]["c1"]["value"] == 6


def test_used_robot_drops_one_and_is_exhausted():
    ships = {(3, 2): "P", (7, 1): "P", (5, 3): "P"}  # explosions 1, 3, 4
    state = _ny(phase="rooms", ships=ships, robots={"b1": 3}, dice={"c0": 1}, energy=3)
    assert "use b1" in strings(state)
    play(state, "use b1")  # fighters, no modifier, costs 3
    p = pos(state)
    assert p["robots"] == {"b1": {"value": 2, "exhausted": True}}
    assert p["energy"] == 0
    assert ship_at(state, 3, 2) == "." and ship_at(state, 7, 1) == "." and ship_at(state, 5, 3) == "P"
    assert "use b1" not in strings(state)


def test_used_robot_showing_one_is_removed():
    state = _ny(phase="rooms", ships={(3, 2): "P"}, robots={"b1": 1}, dice={"c0": 1}, energy=3)
    play(state, "use b1")
    assert pos(state)["robots"] == {}
    assert ship_at(state, 3, 2) == "."
    assert state.robot_count() == 0


def test_robot_use_is_optional_and_they_stay_after_the_phase():
    state = _ny(phase="rooms", robots={"b1": 3, "c1": 2}, energy=5)
    play(state, "done")
    assert pos(state)["robots"] == {"b1": {"value": 3, "exhausted": False},
                                    "c1": {"value": 2, "exhausted": False}}
    assert pos(state)["energy"] == 5


def test_robots_are_used_without_dice_in_the_rooms_phase():
    """A ready robot keeps the Rooms Phase open even with no worker dice left."""
    state = _ny(phase="place", robots={"b1": 3}, gray=[1], columns_used="abcd",
                dice={"a0": 1, "b0": 1, "c0": 1, "d0": 1}, energy=3)
    play(state, "G1e0")
    assert state.phase_name == "rooms"
    assert sorted(strings(state)) == ["done", "remove b1", "use b1"]


def test_at_most_two_robots():
    state = _ny(phase="rooms", robots={"b1": 2, "c1": 3}, dice={"a1": 5, "e0": 1}, energy=1)
    play(state, "use a1")
    assert state.phase_name == "install"
    assert sorted(strings(state)) == ["remove b1", "remove c1", "skip"]
    with pytest.raises(soloboard.IllegalActionError, match="most robots") as err:
        play(state, "install d1")
    assert err.value.rule == "robots: installation"
    play(state, "remove b1")
    assert state.phase_name == "install"
    assert "install d1" in strings(state) and "skip" not in strings(state)
    play(state, "install d1")
    assert pos(state)["robots"] == {"c1": {"value": 3, "exhausted": False},
                                    "d1": {"value": 4, "exhausted": True}}
    assert state.robot_count() == 2


def test_a_full_robot_supply_may_decline_the_new_robot():
    state = _ny(phase="rooms", robots={"b1": 2, "c1": 3}, dice={"a1": 5, "e0": 1}, energy=1)
    play(state, "use a1", "skip")
    assert state.phase_name == "rooms"
    assert state.robot_count() == 2


def test_skip_is_refused_while_the_robot_can_be_installed():
    state = _ny(phase="rooms", dice={"a1": 5, "e0": 1}, energy=1)
    play(state, "use a1")
    with pytest.raises(soloboard.IllegalActionError, match="must be installed"):
        play(state, "skip")


def test_robot_in_the_robot_room_can_rebuild_itself():
    """Rulebook: a robot in the robot room may build a new robot using its own blue die."""
    state = _ny(phase="rooms", robots={"a1": 5, "b1": 2}, dice={"a0": 1}, energy=1)
    play(state, "use a1")  # robot 5 - 1 = 4 -> a new robot of 4; the robot in a1 drops to 4
    assert pos(state)["install_value"] == 4
    assert pos(state)["robots"]["a1"] == {"value": 4, "exhausted": True}
    play(state, "remove a1", "install a1")
    assert pos(state)["robots"] == {"a1": {"value": 4, "exhausted": True},
                                    "b1": {"value": 2, "exhausted": False}}


def test_robots_may_be_removed_at_any_time():
    state = _ny(phase="place", robots={"b1": 2, "c1": (3, True)}, gray=[1])
    assert "remove b1" in strings(state) and "remove c1" in strings(state)
    play(state, "remove c1")
    assert pos(state)["robots"] == {"b1": {"value": 2, "exhausted": False}}
    state = _ny(phase="rooms", robots={"b1": 2}, dice={"a1": 3})
    play(state, "remove b1")
    assert pos(state)["robots"] == {}
    with pytest.raises(soloboard.IllegalActionError, match="no robot on b1"):
        play(state, "remove b1")


def test_worker_die_on_a_robot_removes_the_robot():
    """Ruling 3."""
    state = _ny(robots={"b1": 4}, gray=[2, 1])
    assert "G2b1" in strings(state)
    play(state, "G2b1")
    p = pos(state)
    assert p["robots"] == {} and p["dice"] == {"b1": 2}


def test_robots_do_not_count_for_the_column_rule():
    state = _ny(robots={"b1": 4}, dice={"b0": 3}, gray=[2])
    assert "G2b1" not in strings(state)  # b has a worker die: the column rule, not the robot
    state = _ny(robots={"b1": 4, "c1": 2}, gray=[2])
    assert {"G2b0", "G2c0", "G2d1"} <= set(strings(state))


def test_robots_are_buried_when_the_excavator_goes_back():
    """Ruling 13: sky row 2 sends the excavator back 2 (a2 -> c2); the robot on b2 is now on an
    unexcavated space and is removed, the one on d2 stays."""
    state = _ny(phase="rooms", ms=1, excavator="a2", robots={"b2": 3, "d2": 2})
    play(state, "done")
    p = pos(state)
    assert p["mothership_row"] == 2
    assert p["excavator"] == "c2"
    assert p["robots"] == {"d2": {"value": 2, "exhausted": False}}


def test_exhausted_robot_counts_as_empty_in_a_multi_space_room():
    """Ruling 9 and the rulebook's special cases."""
    state = _ny(phase="rooms", dice={"c1": 3}, robots={"d1": (2, True)}, energy=2)
    assert state.room_value(room_index(state, "c1")) is None
    assert "use c1" not in strings(state)
    with pytest.raises(soloboard.IllegalActionError, match="exhausted robot"):
        play(state, "use c1")
    state = _ny(phase="rooms", dice={"c1": 3, "a0": 1}, robots={"d1": 2}, energy=2)
    assert state.room_value(room_index(state, "c1")) == 5
    play(state, "use c1")
    p = pos(state)
    assert p["energy"] == 7
    assert p["robots"] == {"d1": {"value": 1, "exhausted": True}}


def test_robot_room_costs_energy_like_any_room():
    state = _ny(phase="rooms", robots={"b1": 3}, energy=2, dice={"a0": 1})  # fighters b1 cost 3
    assert "use b1" not in strings(state)


# --- Mothership Phase ---------------------------------------------------------------------------------

def _end_rooms(ms, **kwargs):
    state = make_position(phase="rooms", ms=ms, **kwargs)
    play(state, "done")
    return state


@pytest.mark.parametrize(("ms", "excavator", "after"), [
    (1, "a2", "c2"),  # row 2: back 2 (path ... e2 d2 c2 b2 a2)
    (1, "c2", "e2"),
    (1, "d2", "e2"),  # never behind the start space e2
    (1, "e2", "e2"),
    (5, "b3", "a3"),  # row 6: back 1
])
def test_mothership_action_excavator_back(ms, excavator, after):
    state = _end_rooms(ms, excavator=excavator)
    assert pos(state)["mothership_row"] == ms + 1
    assert pos(state)["excavator"] == after


@pytest.mark.parametrize(("research", "after"), [(3, 2), (1, 0), (0, 0)])
def test_mothership_action_research_back(research, after):
    state = _end_rooms(6, research=research)  # row 7: research back 1
    assert pos(state)["research"] == after


def test_mothership_action_research_back_two_never_below_the_start():
    state = _end_rooms(5, sky="EETE", research=1)  # tile 3 threat, row 6: research back 2
    assert pos(state)["research"] == 0
    state = _end_rooms(5, sky="EETE", research=5)
    assert pos(state)["research"] == 3


@pytest.mark.parametrize(("supply", "added"), [(4, 2), (2, 2), (1, 1), (0, 0)])
def test_mothership_action_white_ships_only_from_the_supply(supply, added):
    on_board = {(1, c): "P" for c in range(5)}  # drop points full: nothing spawns
    on_board.update({(9 + i, 0): "W" for i in range(4 - supply)})
    state = _end_rooms(1, sky="EEET", ships=on_board)  # tile 4 threat, row 2: add 2 white ships
    p = pos(state)
    assert p["waiting"] == {"purple": 0, "white": added}
    assert p["white_supply"] == supply - added


def test_mothership_action_one_white_ship():
    state = _end_rooms(0)  # row 1 of the easy sky: +1 white ship
    assert pos(state)["waiting"]["white"] == 1 and pos(state)["white_supply"] == 3


@pytest.mark.parametrize(("reading", "damage"), [("damage", 1), ("none", 0)])
def test_unidentified_mothership_action(reading, damage):
    state = _end_rooms(3, sky="EEET", unidentified_action=reading)  # tile 4 threat, row 4: '??'
    assert pos(state)["mothership_row"] == 4
    assert pos(state)["damage"] == damage
    state = _end_rooms(8, sky="ETEE", unidentified_action=reading)  # tile 2 threat, row 9: '??'
    assert pos(state)["damage"] == damage


def test_mothership_damage_can_destroy_the_base():
    state = _end_rooms(3, sky="EEET", damage=6)
    assert state.is_terminal()
    assert state.loss_cause == "base destroyed"
    assert state.returns() == [0.0]


def test_threat_skull_row_is_row_eleven():
    state = _end_rooms(10, sky="EEEE")
    assert not state.is_terminal()
    state = _end_rooms(10, sky="ETEE")
    assert state.is_terminal()
    assert state.loss_cause == "mothership reached the skull row"


def test_ships_on_drop_points_ride_down_and_the_new_row_sends_ships_back():
    ships = {(0, 0): "P", (0, 4): "W", (1, 1): "P", (1, 3): "W", (2, 2): "P", (5, 2): "P", (7, 4): "P"}
    state = _end_rooms(0, ships=ships)
    p = pos(state)
    # row 1 now: riders on a and e; the two ships of row 1 went back and spawn again with the
    # new white ship: purple on b or d (no ship there) ...
    assert p["mothership_row"] == 1
    assert p["sky"][1][0] == "P" and p["sky"][1][4] == "W"
    assert state.phase_name == "spawn"
    assert p["spawn_options"] == ["b", "d"]
    assert p["waiting"] == {"purple": 1, "white": 2}


def test_purple_ships_spawn_before_white_ones():
    ships = {(0, c): "P" for c in range(4)}
    state = _end_rooms(0, ships=ships, waiting_white=1)  # 1 purple and 1 + 1 white waiting
    p = pos(state)
    assert p["sky"][1] == "PPPPP"
    assert p["waiting"] == {"purple": 0, "white": 2}


def test_full_drop_points_leave_ships_waiting():
    state = _end_rooms(0, ships={(0, c): "W" if c == 2 else "P" for c in range(5)})
    p = pos(state)
    assert p["sky"][1] == "PPWPP"
    assert p["waiting"] == {"purple": 1, "white": 1}
    assert state.phase_name == "roll"


# --- Setup: threat levels and sky sides --------------------------------------------------------------

@pytest.mark.parametrize("threat", range(5))
def test_threat_level_flips_t_random_tiles(threat):
    state = new_state("roswell", threat=threat)
    assert state.is_chance_node()
    if threat in (0, 4):
        assert state.phase_name == "roll"
        assert pos(state)["sky_sides"] == ["easy" if threat == 0 else "threat"] * 4
        assert len(state.chance_outcomes()) == 1176
        return
    assert state.phase_name == "setup"
    outcomes = state.chance_outcomes()
    assert len(outcomes) == math.comb(4, threat)
    for _, p in outcomes:
        assert math.isclose(p, 1 / math.comb(4, threat))
    names = sorted(state.action_to_string(a) for a, _ in outcomes)
    expected = sorted("sky " + "".join("T" if i in c else "E" for i in range(4))
                      for c in combinations(range(4), threat))
    assert names == expected
    for action, _ in outcomes:
        child = state.clone()
        child.apply_action(action)
        assert child.phase_name == "roll"
        assert pos(child)["sky_sides"].count("threat") == threat
        assert state.string_to_action(state.action_to_string(action)) == action


def test_sky_draw_with_the_wrong_number_of_threat_tiles_is_refused():
    state = new_state("roswell", threat=2)
    with pytest.raises(soloboard.IllegalActionError, match="exactly 2 sky tiles"):
        play(state, "sky TEEE")


@pytest.mark.parametrize("sky", ["ETEE", ["easy", "threat", "easy", "easy"], "easy,threat,easy,easy", "e t e e"])
def test_sky_names_each_tiles_side(sky):
    game = soloboard.load_game("ufs", sky=sky)
    assert game.threat == 1
    assert game.parameters() == {"city": "roswell", "side": "blue", "unidentified_action": "damage", "sky": "ETEE"}
    state = game.new_initial_state()
    assert state.phase_name == "roll"
    assert pos(state)["sky_sides"] == ["easy", "threat", "easy", "easy"]
    assert symbol(state, 9, 0) == "X6"  # tile 2 (second from the bottom), threat side
    assert symbol(state, 1, 3) == ">"  # tile 4, easy side


# --- load_game -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("params", "message"), [
    ({"city": "paris"}, "unknown city 'paris'; valid cities: new-york, roswell, .*washington"),
    ({"threat": 5}, "valid threat levels: 0, 1, 2, 3, 4"),
    ({"threat": -1}, "valid threat levels: 0, 1, 2, 3, 4"),
    ({"threat": "1"}, "valid threat levels: 0, 1, 2, 3, 4"),
    ({"threat": True}, "valid threat levels: 0, 1, 2, 3, 4"),
    ({"threat": 1.0}, "valid threat levels: 0, 1, 2, 3, 4"),
    ({"sky": "EEE"}, "exactly 4 sides"),
    ({"sky": "EEEEE"}, "exactly 4 sides"),
    ({"sky": "EEEX"}, "'X' is not valid"),
    ({"sky": "EEEE", "threat": 0}, "not both"),
    ({"side": "green"}, "valid sides: blue"),
    ({"side": "blue", "damaged": True}, "contradict"),
    ({"unidentified_action": "maybe"}, "valid: damage, none"),
])
def test_load_game_refuses_invalid_parameters(params, message):
    with pytest.raises(ValueError, match=message):
        soloboard.load_game("ufs", **params)


def test_load_game_refuses_unknown_games():
    with pytest.raises(ValueError, match=r"unknown game .chess.; valid games: monstros, ufs, ufs-pnp"):
        soloboard.load_game("chess")
    assert soloboard.game_names() == ["monstros", "ufs", "ufs-pnp"]


@pytest.mark.parametrize(("name", "city"), [("New York", "new-york"), ("nyc", "new-york"),
                                            ("Washington, DC", "washington"), ("ROSWELL", "roswell")])
def test_city_names_are_forgiving(name, city):
    assert soloboard.load_game("ufs", city=name).parameters()["city"] == city


def test_game_sizes():
    game = soloboard.load_game("ufs")
    assert game.num_distinct_actions() == 517
    assert game.max_chance_outcomes() == (1 + 6 + 21 + 56) * (1 + 6 + 21) + 16  # all roll sizes + 16 skies


# --- illegal actions ---------------------------------------------------------------------------------

def test_illegal_actions_raise_a_value_error_with_a_message(roswell_start):
    assert issubclass(soloboard.IllegalActionError, ValueError)
    state = roswell_start
    with pytest.raises(soloboard.IllegalActionError, match="'done' is not possible in the place phase"):
        play(state, "done")
    with pytest.raises(soloboard.IllegalActionError, match="9999 is not an action"):
        state.apply_action(9999)
    with pytest.raises(soloboard.IllegalActionError, match=r"no unplaced gray 6 \(unplaced: gray \[1, 3, 5\]"):
        play(state, "G6a0")
    with pytest.raises(soloboard.IllegalActionError, match="must show at least 6, not 5"):
        play(state, "G5b3")
    with pytest.raises(ValueError, match="cannot read 'G7a0'"):
        state.string_to_action("G7a0")
    assert len(state.history()) == 1  # nothing was applied after the roll


def test_illegal_chance_outcome_is_refused():
    state = new_state("roswell", threat=0)
    with pytest.raises(soloboard.IllegalActionError, match="3 gray and 2 white dice, not 0 and 1"):
        state.apply_action(5)
    with pytest.raises(soloboard.IllegalActionError, match="not a dice roll"):
        state.apply_action(2360)


def test_no_action_after_the_end():
    state = make_position(ships={(16, 1): "P"}, damage=6, gray=[3])
    play(state, "G3b1")
    assert state.is_terminal()
    with pytest.raises(soloboard.IllegalActionError, match="game is over"):
        play(state, "done")


# --- action ids and notation -----------------------------------------------------------------------

def test_notation_round_trips_for_every_legal_action_in_many_states():
    checked = 0

    def check(state, _action):
        nonlocal checked
        if state.is_terminal():
            return
        if state.is_chance_node():
            acts = [a for a, _ in state.chance_outcomes()]
            acts = random.Random(len(state.history())).sample(acts, min(20, len(acts)))
            bound = state.game.max_chance_outcomes()
        else:
            acts = state.legal_actions()
            bound = state.game.num_distinct_actions()
        for a in acts:
            assert 0 <= a < bound
            text = state.action_to_string(a)
            assert state.string_to_action(text) == a, text
            assert state.string_to_action(text.lower()) == a
            checked += 1

    for seed in range(24):
        play_random(seed, CITIES[seed % 3], seed % 5, policy=("uniform", "eager", "research")[seed % 3], on_step=check)
    assert checked > 10_000
