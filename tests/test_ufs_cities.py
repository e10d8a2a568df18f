"""Both sides of every city: their research spaces, their abilities (issue 9), and the damage marker on the skull.

The city data are copied here from the package's data files (which hold their provenance):
research spaces on the city tile New York 2 (blue) / 3 (damaged), Washington, DC 6 / 6,
Roswell none; the abilities as quoted in ``data/cities/*.json``.
"""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest
from rich.console import Console

import soloboard
from conftest import (
    CITIES,
    make_position,
    play,
    play_random,
    pos,
    position_payload,
    room_index,
    strings,
    told,
)
from soloboard.core.chance import sample_outcome
from soloboard.ufs import actions as A
from soloboard.ufs.serialize import position_dict

SIDES = ("blue", "damaged")
EASY_SKY_COSTS = (3, 1, 3, 1, 4, 1, 3, 2, 1, 6, 1, 3, 5, 1, 3, 11)
CITY_COSTS = {("roswell", "blue"): (), ("roswell", "damaged"): (),
              ("new-york", "blue"): (2,), ("new-york", "damaged"): (3,),
              ("washington", "blue"): (6,), ("washington", "damaged"): (6,)}
DAMAGE_LIMIT = {"roswell": 7, "new-york": 6, "washington": 6}
SIX_G3 = 522 + 2  # "six G3": the ids after the 9-card edition's "spawn red" actions
NO_SIX = 534


def game(city: str, side: str, **params: Any) -> Any:
    return soloboard.load_game("ufs", city=city, side=side, **params)


def new(city: str, side: str, **params: Any) -> Any:
    return game(city, side, **params).new_initial_state()


def city_position(city: str, side: str, **kwargs: Any) -> Any:
    """A hand-made position (``conftest.position_payload``) on the given side of the city."""
    payload = position_payload(city=city, **kwargs)
    payload["params"]["side"] = side
    return soloboard.state_from_json(json.dumps(payload))


def reload_without_history(state: Any) -> Any:
    data = json.loads(state.to_json())
    data.pop("history")
    data.pop("history_notation", None)
    return soloboard.state_from_json(json.dumps(data))


def abilities(state: Any) -> list[dict[str, Any]]:
    return told(state, "ability")


# --- parameters -------------------------------------------------------------------------------

@pytest.mark.parametrize("city", CITIES)
@pytest.mark.parametrize("side", SIDES)
def test_every_side_of_every_city_can_be_chosen(city: str, side: str) -> None:
    g = game(city, side)
    assert g.parameters()["side"] == side and g.city.side == side
    assert f"({side} side)" in g.title()
    assert g.notices()  # the data's provenance is always told


@pytest.mark.parametrize(("params", "side"), [
    ({"side": "red"}, "damaged"), ({"side": "Damaged"}, "damaged"), ({"side": "undamaged"}, "blue"),
    ({"damaged": True}, "damaged"), ({"damaged": False}, "blue"), ({}, "blue"),
    ({"side": "damaged", "damaged": True}, "damaged"),
])
def test_side_names_and_the_old_damaged_flag(params: dict[str, Any], side: str) -> None:
    assert soloboard.load_game("ufs", city="new-york", **params).side == side


@pytest.mark.parametrize(("params", "message"), [
    ({"side": "green"}, "unknown city side 'green'; valid sides: blue"),
    ({"side": "blue", "damaged": True}, "contradict"),
    ({"damaged": "yes"}, "damaged must be true or false"),
])
def test_bad_sides_are_refused(params: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        soloboard.load_game("ufs", **params)


def test_a_save_without_a_side_is_the_blue_side() -> None:
    """Saves from before issue 9 name no side: they load as the blue side and replay the same."""
    state = play_random(3, "washington")
    data = json.loads(state.to_json())
    del data["params"]["side"]
    old = soloboard.state_from_json(json.dumps(data))
    assert old == state and old.game.side == "blue"


# --- the research track -----------------------------------------------------------------------

@pytest.mark.parametrize("city", CITIES)
@pytest.mark.parametrize("side", SIDES)
def test_the_city_research_spaces_come_first(city: str, side: str) -> None:
    state = new(city, side, threat=0)
    costs = CITY_COSTS[(city, side)]
    assert state.sky.research_costs == (0, *costs, *EASY_SKY_COSTS)
    assert state.sky.research_last == 16 + len(costs)
    assert state.sky.research_on_city == len(costs)


@pytest.mark.parametrize(("side", "after"), [("blue", 1), ("damaged", 0)])
def test_new_york_first_research_step_costs_the_city_space(side: str, after: int) -> None:
    # NY base: b2 is research +1 $2; a 1 there has value 2: the blue side's space costs 2, the damaged side's 3
    state = city_position("new-york", side, phase="rooms", excavator="a3", dice={"b2": 1, "a0": 1}, energy=3)
    play(state, "use b2")
    assert pos(state)["research"] == after


@pytest.mark.parametrize("side", SIDES)
def test_the_research_track_ends_after_the_city_space(side: str) -> None:
    # research 16 is not the end in New York (17 spaces); a value of 11 reaches the last space and wins
    state = city_position("new-york", side, phase="rooms", excavator="c5", research=16,
                          dice={"a5": 6, "b5": 6, "c0": 1}, energy=5)
    assert not state.is_terminal()
    play(state, "use a5")  # bottom tile A: research +3 $4, two spaces: 6 + 6 + 3 = 15 >= 11
    assert state.is_terminal() and state.returns() == [1.0] and pos(state)["research"] == 17


def test_a_position_at_research_16_is_still_open_in_new_york_but_over_in_roswell() -> None:
    city_position("new-york", "blue", research=16, gray=[1])  # loads: one space to go
    with pytest.raises(soloboard.InvalidSaveError, match="over"):
        city_position("roswell", "blue", research=16, gray=[1])


def test_the_boards_show_the_city_research_space() -> None:
    state = city_position("new-york", "blue", research=1, gray=[1])
    text = str(state)
    assert "Research 1/17" in text
    assert "research start 2<-R" in text  # the city tile: the start, then its space costing 2
    sky_lines = {line[:5]: line for line in text.splitlines() if line.startswith("sky")}
    assert sky_lines["sky16"].rstrip().endswith(" 3")  # the bottom sky tile's first space comes next
    assert sky_lines["sky 1"].rstrip().endswith("11")  # and the top tile's last one ends the track
    out = io.StringIO()
    Console(file=out, width=160, color_system=None).print(state)
    rich_text = out.getvalue()
    assert "Research 1/17" in rich_text and "start · 2 ◀R" in rich_text


# --- Roswell, damaged side: research on the first damage -------------------------------------

@pytest.mark.parametrize(("side", "research"), [("blue", 0), ("damaged", 1)])
def test_roswell_first_damage_advances_research(side: str, research: int) -> None:
    state = city_position("roswell", side, ships={(0, c): "P" for c in (0, 2, 3, 4)} | {(16, 1): "P"},
                          gray=[1, 1])
    state.record_events()
    play(state, "G1b1")  # the ship on row 16 of column b hits the city
    assert pos(state)["damage"] == 1 and pos(state)["research"] == research
    if side == "damaged":
        assert abilities(state) == [{"city": "roswell", "side": "damaged", "effect": "research", "from": 0, "to": 1}]
        assert {"from": 0, "to": 1, "by": "ability"} in told(state, "research_changed")
    else:
        assert abilities(state) == []


def test_roswell_only_the_first_damage_counts() -> None:
    state = city_position("roswell", "damaged", ships={(0, c): "P" for c in (0, 2, 3, 4)} | {(16, 1): "P"},
                          gray=[1, 1], damage=1, research=4)
    play(state, "G1b1")
    assert pos(state)["damage"] == 2 and pos(state)["research"] == 4


def test_roswell_first_damage_from_the_mothership_counts() -> None:
    # threat side of sky tile 4, row 4: "base takes 1 damage" when the mothership moves onto it
    state = city_position("roswell", "damaged", sky="EEET", phase="rooms", ms=3, research=2)
    play(state, "done")
    assert pos(state)["damage"] == 1 and pos(state)["research"] == 3


def test_roswell_first_damage_can_win_at_the_end_of_the_track() -> None:
    state = city_position("roswell", "damaged", ships={(0, c): "P" for c in (0, 2, 3, 4)} | {(16, 1): "P"},
                          gray=[1, 1], research=15)
    state.record_events()
    play(state, "G1b1")
    assert state.is_terminal() and state.returns() == [1.0] and pos(state)["research"] == 16
    assert [e["kind"] for e in state.last_events()][-1] == "game_won"
    assert reload_without_history(state) == state


# --- Washington, DC, blue side: a white die set to 6 on the first roll ------------------------

def test_washington_blue_rolls_one_white_die_fewer_on_the_first_roll() -> None:
    state = new("washington", "blue", threat=0)
    outcomes = state.chance_outcomes()
    assert all(len(A.ROLLS[a][1]) == 1 and len(A.ROLLS[a][0]) == 3 for a, _ in outcomes)
    assert len(outcomes) == 56 * 6 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    rng = random.Random(1)
    assert all(len(A.ROLLS[state.sample_chance_outcome(rng)][1]) == 1 for _ in range(50))
    with pytest.raises(soloboard.IllegalActionError, match="1 white"):
        play(state.clone(), "roll G135 W26")
    state.record_events()
    play(state, "roll G135 W2")
    assert state.unplaced_dice() == ([1, 3, 5], [2, 6])
    assert abilities(state) == [{"city": "washington", "side": "blue", "effect": "white_six", "color": "white",
                                 "value": 6}]


def test_washington_blue_rerolls_and_the_next_round() -> None:
    state = new("washington", "blue", threat=0)
    play(state, "roll G135 W2", "W6a1")  # placing a white die: the other dice are re-rolled
    assert pos(state)["to_roll"] == {"gray": 3, "white": 1}
    play(state, "roll G222 W4")  # a re-roll rolls every unplaced die, and no die is set to 6
    assert state.unplaced_dice() == ([2, 2, 2], [4])
    # the next round's first roll again rolls three gray dice and one white die
    state = new("washington", "blue", threat=0)
    rng = random.Random(5)
    while state.round == 1 and not state.is_terminal():
        action = sample_outcome(state, rng) if state.is_chance_node() else state.legal_actions()[0]
        state.apply_action(action)
    assert state.phase_name == "roll" and pos(state)["to_roll"] == {"gray": 3, "white": 1}
    play(state, "roll G456 W1")
    assert state.unplaced_dice() == ([4, 5, 6], [1, 6])


def test_washington_blue_first_roll_positions_load() -> None:
    state = city_position("washington", "blue", phase="roll", to_roll=(3, 1))
    play(state, "roll G111 W1")
    assert state.unplaced_dice() == ([1, 1, 1], [1, 6])
    with pytest.raises(soloboard.InvalidSaveError, match="first roll rolls 1 white"):
        city_position("washington", "blue", phase="roll", to_roll=(3, 2))


# --- Washington, DC, damaged side: one worker die to 6 after the first roll --------------------

def test_washington_damaged_offers_a_six_after_the_first_roll() -> None:
    state = new("washington", "damaged", threat=0)
    assert state.game.num_distinct_actions() == 535
    play(state, "roll G135 W26")
    assert state.phase_name == "ability" and not state.is_chance_node() and state.current_player() == 0
    assert strings(state) == ["six G1", "six G3", "six G5", "six W2", "no six"]
    assert all(0 <= a < 535 for a in state.legal_actions())
    assert state.string_to_action("six G3") == SIX_G3 and state.string_to_action("no six") == NO_SIX
    assert "six G3" in str(state)  # the board says what to type
    state.record_events()
    play(state, "six G3")
    assert state.phase_name == "place" and state.unplaced_dice() == ([1, 5, 6], [2, 6])
    assert abilities(state) == [{"city": "washington", "side": "damaged", "effect": "worker_six", "color": "gray",
                                 "from": 3, "to": 6}]


def test_washington_damaged_no_six_keeps_the_roll() -> None:
    state = play(new("washington", "damaged", threat=0), "roll G135 W26")
    state.record_events()
    play(state, "no six")
    assert state.phase_name == "place" and state.unplaced_dice() == ([1, 3, 5], [2, 6])
    assert abilities(state) == []


def test_washington_damaged_only_after_the_first_roll() -> None:
    state = play(new("washington", "damaged", threat=0), "roll G135 W26", "no six", "W2b1")
    play(state, "roll G111 W1")  # a re-roll: no decision
    assert state.phase_name == "place"
    state = play(new("washington", "damaged", threat=0), "roll G666 W66")  # nothing below 6: nothing to decide
    assert state.phase_name == "place"


@pytest.mark.parametrize("move", ["six G4", "six W6", "G1b1", "done"])
def test_washington_damaged_refuses_other_moves(move: str) -> None:
    state = play(new("washington", "damaged", threat=0), "roll G135 W26")
    before = pos(state)
    with pytest.raises(soloboard.IllegalActionError) as info:
        play(state, move)
    assert "Washington" in info.value.rule and pos(state) == before


def test_the_six_actions_belong_to_washington_damaged_only() -> None:
    state = play(new("washington", "blue", threat=0), "roll G135 W2")
    with pytest.raises(soloboard.IllegalActionError, match=r"not possible in the place phase|valid ids: 0\.\.516"):
        state.apply_action(SIX_G3)
    assert soloboard.load_game("ufs").num_distinct_actions() == 517


def test_washington_damaged_decision_saves_and_loads() -> None:
    state = play(new("washington", "damaged", threat=2), "sky ETTE", "roll G135 W26")
    assert reload_without_history(state) == state
    assert soloboard.state_from_json(state.to_json()) == state
    play(state, "six W2")
    assert soloboard.state_from_json(state.to_json()).unplaced_dice() == ([1, 3, 5], [6, 6])
    # the ability phase belongs to this city side only
    data = json.loads(play(new("washington", "damaged", threat=2), "sky ETTE", "roll G135 W26").to_json())
    del data["history"]
    data["params"]["side"] = "blue"
    with pytest.raises(soloboard.InvalidSaveError, match="no decision"):
        soloboard.state_from_json(json.dumps(data))


# --- New York: robots raise their room's value -------------------------------------------------

# New York (C top, A bottom) with the excavator on a3: rows 1-2 dug. e2 is energy -1 $0; c1 + d1 one
# two-space energy room $0; a2 robots -1 $0.

@pytest.mark.parametrize(("side", "energy"), [("blue", 2 + 3 - 1 + 1), ("damaged", 2 + 3 - 1 + 1)])
def test_new_york_a_robot_raises_its_room(side: str, energy: int) -> None:
    state = city_position("new-york", side, phase="rooms", excavator="a3", robots={"e2": 3}, dice={"a0": 1},
                          energy=2)
    assert state.room_value(room_index(state, "e2")) == 3
    state.record_events()
    play(state, "use e2")
    assert pos(state)["energy"] == energy
    assert abilities(state) == [{"city": "new-york", "side": side, "effect": "room_value", "room": "e2",
                                 "robots": 1, "from": 2, "to": 3}]


@pytest.mark.parametrize("side", SIDES)
def test_new_york_a_room_without_robots_is_unchanged(side: str) -> None:
    state = city_position("new-york", side, phase="rooms", excavator="a3", dice={"e2": 3, "a0": 1}, energy=2)
    state.record_events()
    play(state, "use e2")
    assert pos(state)["energy"] == 4 and abilities(state) == []


@pytest.mark.parametrize(("side", "energy"), [("damaged", 0 + 2 + 3 + 2), ("blue", None)])
def test_new_york_damaged_counts_every_robot_in_the_room(side: str, energy: int | None) -> None:
    kwargs = dict(phase="rooms", excavator="a3", robots={"c1": 2, "d1": 3}, dice={"a0": 1}, energy=0)
    if side == "blue":  # at most one robot on the blue side: two is not a position of that game
        with pytest.raises(soloboard.InvalidSaveError, match="more than 1 robots"):
            city_position("new-york", side, **kwargs)
        return
    state = city_position("new-york", side, **kwargs)
    play(state, "use c1")
    assert pos(state)["energy"] == energy


def test_new_york_damaged_die_and_robot_in_one_room() -> None:
    state = city_position("new-york", "damaged", phase="rooms", excavator="a3", robots={"d1": 3},
                          dice={"c1": 2, "a0": 1}, energy=1)
    play(state, "use c1")
    assert pos(state)["energy"] == 1 + 2 + 3 + 1


def test_new_york_blue_allows_one_robot_only() -> None:
    state = city_position("new-york", "blue", phase="rooms", excavator="a3", robots={"e2": 2},
                          dice={"a1": 5, "b0": 1}, energy=2)
    play(state, "use a1")  # robots -1 $1: a robot of 4 is built, and one already stands on the base
    assert state.phase_name == "install"
    assert strings(state) == ["remove e2", "skip"]
    with pytest.raises(soloboard.IllegalActionError, match="most robots allowed"):
        play(state, "install d2")
    play(state, "remove e2", "install d2")
    assert pos(state)["robots"] == {"d2": {"value": 4, "exhausted": True}}
    damaged = city_position("new-york", "damaged", phase="rooms", excavator="a3", robots={"e2": 2},
                            dice={"a1": 5, "b0": 1}, energy=2)
    play(damaged, "use a1")
    assert "install d2" in strings(damaged)


def test_new_york_blue_a_worn_out_robot_builds_its_successor() -> None:
    # the robot (1) on the robot room a2 (-1) is used: it leaves the base, and the room's value is 1 - 1 + 1 = 1
    state = city_position("new-york", "blue", phase="rooms", excavator="a3", robots={"a2": 1}, dice={"a0": 1},
                          energy=0)
    play(state, "use a2")
    assert pos(state)["robots"] == {} and state.phase_name == "install" and pos(state)["install_value"] == 1
    play(state, "install a2")
    assert pos(state)["robots"] == {"a2": {"value": 1, "exhausted": True}}


# --- the damage marker stops on the skull (both editions) -------------------------------------

@pytest.mark.parametrize("city", CITIES)
def test_several_ships_hitting_at_once_stop_on_the_skull(city: str) -> None:
    limit = DAMAGE_LIMIT[city]
    ships = {(0, c): "P" for c in (0, 2, 3, 4)} | {(16, 1): "P", (15, 1): "W", (14, 1): "W"}
    state = make_position(city=city, ships=ships, waiting_white=0, damage=limit - 1, gray=[3, 1])
    state.record_events()
    play(state, "G3b1")  # three ships hit the city: one damage would do
    assert state.is_terminal() and state.loss_cause == "base destroyed"
    assert pos(state)["damage"] == limit
    assert all(e["total"] <= limit for e in state.events() if e["kind"] == "damage")
    assert reload_without_history(state) == state


def test_the_9_card_edition_damage_stops_on_the_skull() -> None:
    g = soloboard.load_game("ufs-pnp")
    state = g.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(sample_outcome(state, rng))
    data = position_dict(state)
    limit = state.layout.damage_limit
    rows = g.sky_rows
    # every green ship in column b, on the lowest rows, one damage from the skull; a 6 placed in column b
    col_b = [a for a in state.legal_actions() if a < A.USE and A.decode_place(a)[2] % 5 == 1
             and A.decode_place(a)[2] >= 5]
    assert col_b
    color, _value, space = A.decode_place(col_b[0])
    sky = ["....." for _ in range(rows + 1)]
    for r in range(rows - 2, rows + 1):
        sky[r] = ".G..."
    data.update(sky=sky, damage=limit - 1, waiting={"green": 2, "red": 0})
    data["unplaced"] = {g.dice_names[0]: [6] if color == 0 else [], g.dice_names[1]: [6] if color == 1 else []}
    loaded = soloboard.state_from_json(json.dumps({"format": "soloboard-state", "version": 1, "game": "ufs-pnp",
                                                   "params": g.parameters(), "position": data}))
    loaded.apply_action(A.place_action(color, 6, space))
    assert loaded.is_terminal() and loaded.loss_cause == "base destroyed"
    assert pos(loaded)["damage"] == limit
    assert reload_without_history(loaded) == loaded


# --- random games: every side plays, replays and reloads --------------------------------------

@pytest.mark.parametrize("city", CITIES)
@pytest.mark.parametrize("side", SIDES)
def test_random_games_on_every_side(city: str, side: str) -> None:
    last = 16 + len(CITY_COSTS[(city, side)])
    limit = DAMAGE_LIMIT[city]
    kinds: set[str] = set()
    for seed in range(24):
        policy = ("uniform", "eager", "research")[seed % 3]
        threat = seed % 5
        positions: list[Any] = []

        def keep(state: Any, _action: int, positions: list[Any] = positions) -> None:
            if not state.is_chance_node():
                assert all(0 <= a < state.game.num_distinct_actions() for a in state.legal_actions())
            # every decision of an ability, every roll, and a sample of the rest
            if state.phase_name in ("ability", "roll") or len(state.history()) % 9 == 0:
                positions.append(state.clone())

        final = play_random(seed, state=new(city, side, threat=threat), policy=policy, on_step=keep)
        p = pos(final)
        assert 0 <= p["damage"] <= limit and 0 <= p["research"] <= last
        assert (p["research"] == last) == (final.returns() == [1.0])
        assert (p["damage"] == limit) == (final.loss_cause == "base destroyed")
        # history replay gives the same state; the events replay too
        again = soloboard.state_from_json(final.to_json())
        assert again == final and again.history() == final.history()
        kinds.update(e["effect"] for e in final.events() if e["kind"] == "ability")
        for position in [*positions[::7], final]:  # positions the engine reaches load without their history
            assert reload_without_history(position) == position
    expected = {("roswell", "damaged"): {"research"}, ("washington", "blue"): {"white_six"},
                ("washington", "damaged"): {"worker_six"}, ("new-york", "damaged"): {"room_value"},
                ("new-york", "blue"): {"room_value"}}.get((city, side), set())
    assert kinds <= expected
    if (city, side) in (("roswell", "damaged"), ("washington", "blue"), ("washington", "damaged")):
        assert kinds == expected  # these abilities act in almost every game


def test_undo_is_exact_with_abilities() -> None:
    """Undo = replay the history but the last action; for each side, every prefix rebuilds the same position."""
    for city, side in (("washington", "blue"), ("washington", "damaged"), ("roswell", "damaged")):
        final = play_random(11, state=new(city, side, threat=1), policy="eager")
        replay = new(city, side, threat=1)
        for action in final.history():
            before = replay.clone()
            replay.apply_action(action)
            redo = before.clone()
            redo.apply_action(action)
            assert redo == replay
        assert replay == final


# --- the command line ----------------------------------------------------------------------------

def test_cli_parses_side() -> None:
    from soloboard.cli.main import _game_params, build_parser

    args = build_parser().parse_args(["play", "ufs", "--city", "washington", "--side", "damaged"])
    assert _game_params(args) == {"city": "washington", "side": "damaged"}
    for command in ("sim", "bench"):
        args = build_parser().parse_args([command, "ufs", "--side", "red"])
        assert _game_params(args) == {"side": "red"}


def test_cli_play_washington_damaged() -> None:
    from soloboard.cli.play import run_play

    typed = iter(["no six"])
    prompts: list[str] = []

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    out = io.StringIO()
    console = Console(file=out, width=140, color_system=None)
    code = run_play("ufs", {"city": "washington", "side": "damaged"}, seed=4, console=console, input_fn=answer)
    text = out.getvalue()
    assert code == 0 and len(prompts) >= 2
    assert "Washington, DC (damaged side)" in text and "no six" in text
    assert "✗" not in text  # "no six" was accepted


def test_cli_sim_and_bench_take_side(capsys: pytest.CaptureFixture[str]) -> None:
    from soloboard.cli.main import main

    assert main(["sim", "ufs", "--city", "new-york", "--side", "damaged", "--games", "4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["params"]["side"] == "damaged"
    assert main(["bench", "ufs", "--city", "washington", "--side", "damaged", "--runs", "1",
                 "--seconds", "0.05"]) == 0
    assert "side=damaged" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["sim", "ufs", "--side", "purple", "--games", "1"])


# --- what the player is told -----------------------------------------------------------------

@pytest.mark.parametrize("reading", ["damage", "none"])
def test_the_two_single_source_symbols(reading: str) -> None:
    """Sky tile 4 threat row 4 (and tile 2 threat row 9): "base takes 1 damage", from one source;
    ``unidentified_action="none"`` keeps playing them as no effect, as games saved before did."""
    state = make_position(sky="EEET", phase="rooms", ms=3, unidentified_action=reading)
    row = next(line for line in str(state).splitlines() if line.startswith("sky 4"))
    assert ("1 damage, played as no effect" in row) == (reading == "none")
    assert "1 damage" in row
    play(state, "done")
    assert pos(state)["damage"] == (1 if reading == "damage" else 0)
    notices = " ".join(state.game.notices())
    assert ("played as no effect" in notices) == (reading == "none")


@pytest.mark.parametrize("city", CITIES)
@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("reading", ["damage", "none"])
def test_the_notices_name_the_sources(city: str, side: str, reading: str) -> None:
    g = game(city, side, threat=2, unidentified_action=reading)
    notices = " ".join(g.notices())
    assert "third-party transcriptions, not verified against the printed components" in notices
    assert "unidentified" not in notices.lower() and "not modelled" not in notices
    assert g.city.ability_text in notices
    if city != "roswell":
        assert "research track" in notices
    assert "unidentified" not in str(g.new_initial_state()).lower()
