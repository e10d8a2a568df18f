"""Property tests over thousands of random games, and refusal of corrupt saves.

Random legal play (uniform; "eager": mostly using rooms, digging and building robots, to
reach deeper positions; "research": eager, and mostly putting its best die on a research room,
so that some games are won) for all three cities and all threat levels, from the start and
from random hand-made positions. Chance outcomes are
drawn with their real probabilities.
"""

from __future__ import annotations

import copy
import json
import math
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import soloboard
from conftest import (
    CITIES,
    DISCARD,
    DONE,
    POLICIES,
    USE,
    make_position,
    new_state,
    play,
    play_random,
    pos,
    position_payload,
    space,
    symbol,
)
from soloboard.core.chance import sample_outcome
from soloboard.ufs import actions as A

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
CITY = st.sampled_from(CITIES)
THREAT = st.integers(min_value=0, max_value=4)
POLICY = st.sampled_from(("uniform", "eager", "research"))
SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow], "database": None}

# the boxed game's numbers, copied from the components
PURPLE_SHIPS, WHITE_SHIPS = 5, 4
TRACKS = {  # max energy, damage limit, excavator start (path index)
    "roswell": (7, 7, 10),
    "new-york": (8, 6, 9),
    "washington": (9, 6, 9),
}
RESEARCH_LAST = 16  # the sky tiles' spaces; the city's blue side adds its own first (issue 9)
CITY_RESEARCH = {"roswell": (), "new-york": (2,), "washington": (6,)}
FIRST_ROLL = {"roswell": (3, 2), "new-york": (3, 2), "washington": (3, 1)}  # Washington: a white die set to 6
NUM_ACTIONS, MAX_CHANCE = 517, 2368


def check_invariants(state) -> None:
    p = pos(state)
    if state.phase_name == "setup":  # the sky is not drawn yet
        assert p["sky_sides"] is None and state.is_chance_node() and not state.is_terminal()
        assert p["sky"][0] == "PPPPP"
        return
    city = state.game.parameters()["city"]
    energy_max, damage_limit, exc_start = TRACKS[city]
    base = state.base
    rows = p["sky"]
    ms = p["mothership_row"]
    lost = state.is_terminal() and state.returns() == [0.0]

    # ships are conserved; no ship above the mothership's drop points
    assert sum(r.count("P") for r in rows) + p["waiting"]["purple"] == PURPLE_SHIPS
    assert sum(r.count("W") for r in rows) + p["waiting"]["white"] + p["white_supply"] == WHITE_SHIPS
    assert min(p["waiting"]["purple"], p["waiting"]["white"], p["white_supply"]) >= 0
    assert all(r == "....." for r in rows[:ms]), rows[:ms]
    skull = state.sky.skull_row
    assert ms < skull or (lost and ms == skull and state.loss_cause == "mothership reached the skull row")

    # tracks
    assert 0 <= p["energy"] <= energy_max
    assert p["damage"] >= 0
    assert p["damage"] < damage_limit or (lost and state.loss_cause == "base destroyed")
    last = RESEARCH_LAST + len(CITY_RESEARCH[city])
    assert 0 <= p["research"] <= last
    assert (p["research"] == last) == (state.is_terminal() and state.returns() == [1.0])

    # the excavator stays on its path, never behind its start
    exc = base.pos[space(p["excavator"])]
    assert exc_start <= exc < 30

    # worker dice: one per column, on excavated spaces except the single dig die
    dice = {space(name): v for name, v in p["dice"].items()}
    assert all(1 <= v <= 6 for v in dice.values())
    columns = Counter(s % 5 for s in dice)
    assert max(columns.values(), default=0) <= 1
    used = {"abcde".index(c) for c in p["columns_used"]}
    assert set(columns) <= used
    unexcavated = [s for s in dice if base.pos[s] >= exc]
    assert len(unexcavated) <= 1
    if unexcavated:
        assert p["dig_die"] == "abcde"[unexcavated[0] % 5] + str(unexcavated[0] // 5)
        assert 1 <= base.pos[unexcavated[0]] - exc <= dice[unexcavated[0]]
    if p["dig_die"] is not None:
        assert space(p["dig_die"]) in dice

    # robots: at most 2, on empty excavated room spaces (or AA guns, ruling 10)
    robots = {space(name): r for name, r in p["robots"].items()}
    assert len(robots) <= 2
    for s, robot in robots.items():
        assert 1 <= robot["value"] <= 6
        assert base.pos[s] < exc
        assert base.room_of[s] >= 0 or s < 5
        assert s not in dice

    # actions
    if state.is_terminal():
        assert state.legal_actions() == []
        assert state.returns() in ([1.0], [0.0])
        assert p["result"] == ("win" if state.returns() == [1.0] else "loss")
    else:
        acts = state.legal_actions()
        assert acts, "a position that is not over must offer an action"
        assert len(acts) == len(set(acts))
        bound = MAX_CHANCE if state.is_chance_node() else NUM_ACTIONS
        assert all(0 <= a < bound for a in acts)
        if state.is_chance_node() and len(acts) < 200:
            assert math.isclose(sum(pr for _, pr in state.chance_outcomes()), 1.0)


# --- invariants ----------------------------------------------------------------------------------

@settings(max_examples=2000, **SETTINGS)
@given(seed=SEEDS, city=CITY, threat=THREAT, policy=POLICY)
def test_invariants_hold_in_random_games(seed, city, threat, policy):
    state = new_state(city, threat=threat)
    check_invariants(state)
    final = play_random(seed, city, threat, policy=policy, state=state,
                        on_step=lambda s, _a: check_invariants(s))
    assert final.is_terminal()
    assert final.returns() in ([1.0], [0.0])


@st.composite
def hand_made_positions(draw):
    """Keyword arguments for ``make_position``: a random mid-game position at the start of a round."""
    city = draw(CITY)
    sky = "".join(draw(st.lists(st.sampled_from("ET"), min_size=4, max_size=4)))
    energy_max, damage_limit, exc_start = TRACKS[city]
    base = soloboard.load_game("ufs", city=city).base
    skull = 11 if sky[1] == "T" else 12
    ms = draw(st.integers(0, skull - 1))
    exc = draw(st.integers(exc_start, 29))
    cells = [(r, c) for r in range(ms, 17) for c in range(5)]
    n_purple = draw(st.integers(0, PURPLE_SHIPS))
    n_white = draw(st.integers(0, WHITE_SHIPS))
    chosen = draw(st.lists(st.sampled_from(cells), min_size=n_purple + n_white,
                           max_size=n_purple + n_white, unique=True))
    ships = {cell: "P" for cell in chosen[:n_purple]} | {cell: "W" for cell in chosen[n_purple:]}
    dug_rooms = [s for s in base.room_spaces if base.pos[s] < exc]
    max_robots = 1 if city == "new-york" else 2  # New York (blue side): only one robot
    robot_spaces = draw(st.lists(st.sampled_from(dug_rooms), max_size=max_robots, unique=True))
    name = lambda s: "abcde"[s % 5] + str(s // 5)  # noqa: E731
    return {
        "city": city,
        "sky": sky,
        "phase": "roll",
        "to_roll": FIRST_ROLL[city],
        "ms": ms,
        "ships": ships,
        "waiting_white": draw(st.integers(0, WHITE_SHIPS - n_white)),
        "research": draw(st.one_of(st.integers(0, RESEARCH_LAST - 1), st.integers(12, RESEARCH_LAST - 1))),
        "energy": draw(st.integers(0, energy_max)),
        "damage": draw(st.integers(0, damage_limit - 1)),
        "excavator": name(base.path[exc]),
        "robots": {name(s): draw(st.integers(1, 6)) for s in robot_spaces},
        "round": draw(st.integers(1, 30)),
    }


@settings(max_examples=1000, **SETTINGS)
@given(seed=SEEDS, position=hand_made_positions(), policy=POLICY)
def test_invariants_hold_from_hand_made_positions(seed, position, policy):
    state = make_position(**position)
    check_invariants(state)
    final = play_random(seed, policy=policy, state=state, on_step=lambda s, _a: check_invariants(s))
    assert final.returns() in ([1.0], [0.0])


@settings(max_examples=100, **SETTINGS)
@given(seed=SEEDS, position=hand_made_positions(), policy=POLICY)
def test_json_round_trip_from_hand_made_positions(seed, position, policy):
    """A game started from a saved position (no history) saves and loads at every step."""

    def check(state, _action):
        loaded = soloboard.state_from_json(state.to_json())
        assert loaded == state
        assert loaded.history() == state.history()
        assert loaded.legal_actions() == state.legal_actions()

    start = make_position(**position)
    check(start, None)
    play_random(seed, policy=policy, state=start, on_step=check)


def test_random_games_reach_the_interesting_parts():
    """The random games the properties run on do exercise robots, digging, spawn ties and
    both ways of losing (a guard against properties that pass because nothing happens)."""
    seen = Counter()

    def watch(state, action):
        if state.is_terminal():
            seen[state.loss_cause or "win"] += 1
        seen[state.phase_name] += 1
        seen["robots"] += state.robot_count() > 0
        seen["dug"] += pos(state)["excavator"] not in ("e1", "e2")

    for seed in range(60):
        play_random(seed, CITIES[seed % 3], seed % 5, policy="eager", on_step=watch)
    for seed in range(100):  # late positions: the excavator deep in the base, research 12..15
        late = make_position(city=CITIES[seed % 3], phase="roll", to_roll=FIRST_ROLL[CITIES[seed % 3]],
                             research=12 + seed % 4,
                             energy=5, excavator=("a4", "b5", "c5", "e5")[seed % 4])
        play_random(seed, state=late, policy="research", on_step=watch)
    assert seen["spawn"] > 0 and seen["install"] > 0 and seen["robots"] > 0 and seen["dug"] > 0
    assert seen["base destroyed"] > 0 and seen["mothership reached the skull row"] > 0
    assert seen["win"] > 0


# --- the engine against a model written from the rulebook ----------------------------------------
#
# A second, deliberately plain implementation of the rules for placing a die, using a room,
# the Mothership Phase and spawning, worked out from the rulebook and rulings 4-14. Random
# games check every placement, every room used, every "done" and every spawn choice of the
# engine against it.

def _symbols(state):
    return [[symbol(state, r, c) for c in range(5)] for r in range(17)]


def _sky_grid(p):
    return [list(row) for row in p["sky"]]


def _send_back(model, ship):
    model["waiting"]["purple" if ship == "P" else "white"] += 1


def _mothership_down(model, skull):
    grid, ms = model["grid"], model["ms"]
    for c in range(5):
        if grid[ms + 1][c] != ".":
            _send_back(model, grid[ms + 1][c])
        grid[ms + 1][c] = grid[ms][c]
        grid[ms][c] = "."
    model["ms"] = ms + 1
    if model["ms"] >= skull:
        model["lost"] = "mothership reached the skull row"


def _model(p):
    return {"grid": _sky_grid(p), "ms": p["mothership_row"], "waiting": dict(p["waiting"]),
            "supply": p["white_supply"], "damage": p["damage"], "research": p["research"],
            "excavator": p["excavator"], "robots": dict(p["robots"]), "lost": None, "options": None}


def model_place(state, p, value, where):
    """Rulings 4-7: the ships of the column move down at once, then the spaces act, top first."""
    model = _model(p)
    grid, symbols = model["grid"], _symbols(state)
    damage_limit = TRACKS[state.game.parameters()["city"]][1]
    row, col = divmod(where, 5)
    steps = value - 1 if row == 0 else value
    if steps <= 0:
        return model
    ships = [(r, grid[r][col]) for r in range(model["ms"], 17) if grid[r][col] != "."]
    for r, _ in ships:
        grid[r][col] = "."
    landed = []
    for r, ship in ships:
        if r + steps > 16:
            model["damage"] = min(model["damage"] + 1, damage_limit)  # the marker stops on the skull
            _send_back(model, ship)
        else:
            grid[r + steps][col] = ship
            landed.append(r + steps)
    if model["damage"] >= damage_limit:
        model["lost"] = "base destroyed"
        return model
    for r in landed:
        if r <= model["ms"]:
            continue  # sent back by an earlier mothership symbol
        sym = symbols[r][col]
        side = {"<": -1, ">": 1}.get(sym)
        if side is not None and 0 <= col + side < 5 and grid[r][col + side] == ".":
            grid[r][col + side], grid[r][col] = grid[r][col], "."
        elif sym == "M":
            _mothership_down(model, state.sky.skull_row)
            if model["lost"]:
                return model
    return model


def model_spawn(model):
    """Rule 14: purple first; a column with no ship first; then the farthest topmost ship; ties
    are the player's (the model stops there and reports the options)."""
    grid, ms = model["grid"], model["ms"]
    while model["waiting"]["purple"] or model["waiting"]["white"]:
        free = [c for c in range(5) if grid[ms][c] == "."]
        if not free:
            break
        distance = {}
        for c in free:
            rows = [r for r in range(ms, 17) if grid[r][c] != "."]
            distance[c] = rows[0] - ms if rows else None
        empty = [c for c in free if distance[c] is None]
        if empty:
            options = empty
        else:
            far = max(distance.values())
            options = [c for c in free if distance[c] == far]
        if len(options) > 1:
            model["options"] = ["abcde"[c] for c in options]
            return model
        spawn_one(model, options[0])
    return model


def spawn_one(model, col):
    ship = "P" if model["waiting"]["purple"] else "W"
    model["waiting"]["purple" if ship == "P" else "white"] -= 1
    model["grid"][model["ms"]][col] = ship


def model_mothership_phase(state, p):
    """Rules 12-13, then spawning."""
    model = _model(p)
    params = state.game.parameters()
    _, damage_limit, exc_start = TRACKS[params["city"]]
    _mothership_down(model, state.sky.skull_row)
    if model["lost"]:
        return model
    action = state.sky.action[model["ms"]]
    if action is not None:
        kind, amount = action
        if kind == "unidentified":
            kind = params["unidentified_action"]
        if kind == "excavator_back":
            base = state.base
            exc = max(exc_start, base.pos[space(model["excavator"])] - amount)
            where = base.path[exc]
            model["excavator"] = "abcde"[where % 5] + str(where // 5)
            model["robots"] = {n: r for n, r in model["robots"].items() if base.pos[space(n)] < exc}
        elif kind == "research_back":
            model["research"] = max(0, model["research"] - amount)
        elif kind == "add_white_ships":
            n = min(amount, model["supply"])
            model["supply"] -= n
            model["waiting"]["white"] += n
        elif kind == "damage":
            model["damage"] += 1
            if model["damage"] >= damage_limit:
                model["lost"] = "base destroyed"
                return model
    for robot in model["robots"].values():
        robot["exhausted"] = False
    return model_spawn(model)


def model_use(state, p, anchor):
    """Rulings 9-11: using a room (worker dice and ready robots), its cost, value and effect."""
    model = _model(p)
    model["energy"] = p["energy"]
    model["dice"] = dict(p["dice"])
    base = state.base
    room = base.rooms[base.room_of[anchor]]
    value = room.modifier
    city = state.game.parameters()["city"]
    if city == "new-york" and any("abcde"[s % 5] + str(s // 5) in model["robots"] for s in room.spaces):
        value += 1  # New York (blue side): the room of its one robot is raised by 1
    for s in room.spaces:
        name = "abcde"[s % 5] + str(s // 5)
        if name in model["dice"]:
            value += model["dice"].pop(name)
        else:
            robot = model["robots"][name]
            assert not robot["exhausted"]
            value += robot["value"]
            if robot["value"] == 1:
                del model["robots"][name]
            else:
                model["robots"][name] = {"value": robot["value"] - 1, "exhausted": True}
    model["energy"] -= room.energy_cost
    assert model["energy"] >= 0
    model["phase"] = "rooms"
    if value >= 1:
        if room.type == "energy":
            model["energy"] = min(TRACKS[state.game.parameters()["city"]][0], model["energy"] + value)
        elif room.type == "fighters":
            explosions = {(r, c): int(sym[1:]) for r, line in enumerate(_symbols(state))
                          for c, sym in enumerate(line) if sym.startswith("X")}
            for (r, c), number in explosions.items():
                ship = model["grid"][r][c]
                if ship != "." and r > model["ms"] and number <= value:
                    model["grid"][r][c] = "."
                    if ship == "P":
                        model["waiting"]["purple"] += 1
                    else:
                        model["supply"] += 1
        elif room.type == "research":
            costs = state.sky.research_costs
            last = RESEARCH_LAST + len(CITY_RESEARCH[city])
            while model["research"] < last and costs[model["research"] + 1] <= value:
                value -= costs[model["research"] + 1]
                model["research"] += 1
            if model["research"] == last:
                model["phase"] = "over"
        elif room.type == "robots":
            model["phase"] = "install"
            model["install_value"] = min(value, 6)
    return model


def assert_use_matches(model, state):
    p = pos(state)
    assert ["".join(r) for r in model["grid"]] == p["sky"]
    assert model["waiting"] == p["waiting"]
    assert model["supply"] == p["white_supply"]
    assert (model["energy"], model["research"]) == (p["energy"], p["research"])
    assert model["dice"] == p["dice"]
    assert model["robots"] == p["robots"]
    if model["phase"] == "install" and state.phase_name == "install":
        assert p["install_value"] == model["install_value"]
    else:
        assert state.phase_name == model["phase"] or model["phase"] == "install"  # (nowhere to put it)
    if model["phase"] == "over":
        assert state.returns() == [1.0]


def assert_matches(model, state, check_spawn: bool):
    p = pos(state)
    if model["lost"]:
        assert state.is_terminal() and state.loss_cause == model["lost"]
    assert ["".join(r) for r in model["grid"]] == p["sky"]
    assert model["ms"] == p["mothership_row"]
    assert model["waiting"] == p["waiting"]
    assert model["supply"] == p["white_supply"]
    assert model["damage"] == p["damage"]
    if model["lost"]:
        return
    assert model["research"] == p["research"]
    assert model["excavator"] == p["excavator"]
    if check_spawn:
        assert model["robots"] == p["robots"]
        if model["options"] is None:
            assert state.phase_name == "roll"
        else:
            assert state.phase_name == "spawn"
            assert p["spawn_options"] == model["options"]


def check_against_model(seed, city, threat, policy, state=None) -> Counter:
    """Play a random game, checking the engine against the model; returns what was checked."""
    if state is None:
        state = new_state(city, threat=threat)
    rng = random.Random(seed)
    choose = POLICIES[policy]
    checked = Counter()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
            continue
        action = choose(state, rng)
        before = pos(state)
        phase = state.phase_name
        model = None
        if phase == "place" and action < USE:
            _color, value, where = A.decode_place(action)
            model = model_place(state, before, value, where)
        elif phase == "rooms" and action == DONE:
            model = model_mothership_phase(state, {**before, "dice": {}})
        elif phase == "rooms" and USE <= action < DISCARD:
            model = model_use(state, before, action - USE)
        elif phase == "spawn":
            model = _model(before)
            spawn_one(model, "abcde".index(state.action_to_string(action)[-1]))
            model = model_spawn(model)
        state.apply_action(action)
        # the last die of a round may also end an empty Rooms Phase, and the round with it
        last_die = phase == "place" and sum(map(len, before["unplaced"].values())) == 1
        if last_die and not (state.phase_name == "rooms" or (state.is_terminal() and model["lost"])):
            model = None
        if model is not None and phase == "rooms" and action != DONE:
            # using the last die may end the Rooms Phase (and the round) at once
            if state.phase_name in ("rooms", "install") or state.returns() == [1.0]:
                assert_use_matches(model, state)
                checked["use"] += 1
        elif model is not None:
            assert_matches(model, state, check_spawn=phase != "place")
            checked[phase] += 1
    return checked


@settings(max_examples=1000, **SETTINGS)
@given(seed=SEEDS, city=CITY, threat=THREAT, policy=POLICY)
def test_engine_agrees_with_a_model_of_the_rules(seed, city, threat, policy):
    assert check_against_model(seed, city, threat, policy)["place"] > 0


@settings(max_examples=600, **SETTINGS)
@given(seed=SEEDS, position=hand_made_positions(), policy=POLICY)
def test_engine_agrees_with_a_model_of_the_rules_from_hand_made_positions(seed, position, policy):
    check_against_model(seed, None, None, policy, state=make_position(**position))


def test_the_model_comparison_covers_every_kind_of_step():
    checked = Counter()
    for seed in range(30):
        checked += check_against_model(seed, CITIES[seed % 3], seed % 5, ("uniform", "eager", "research")[seed % 3])
    assert checked["place"] > 500 and checked["rooms"] > 50 and checked["spawn"] > 50 and checked["use"] > 50

@settings(max_examples=100, **SETTINGS)
@given(seed=SEEDS, city=CITY, threat=THREAT, policy=POLICY)
def test_json_round_trip_at_every_step(seed, city, threat, policy):
    def check(state, _action):
        loaded = soloboard.state_from_json(state.to_json())
        assert loaded == state
        assert loaded.history() == state.history()
        assert loaded.is_chance_node() == state.is_chance_node()
        assert loaded.legal_actions() == state.legal_actions()
        assert loaded.returns() == state.returns()

    play_random(seed, city, threat, policy=policy, on_step=check)


@settings(max_examples=500, **SETTINGS)
@given(seed=SEEDS, city=CITY, threat=THREAT, policy=POLICY)
def test_replaying_the_history_gives_the_same_states(seed, city, threat, policy):
    positions = []
    final = play_random(seed, city, threat, policy=policy, on_step=lambda s, _a: positions.append(pos(s)))
    assert len(positions) == len(final.history())
    replay = soloboard.load_game("ufs", **final.game.parameters()).new_initial_state()
    for action, expected in zip(final.history(), positions, strict=True):
        replay.apply_action(action)
        assert pos(replay) == expected
    assert replay == final
    # the seed alone reproduces the game
    again = play_random(seed, city, threat, policy=policy)
    assert again.history() == final.history()


@settings(max_examples=300, **SETTINGS)
@given(seed=SEEDS, city=CITY, threat=THREAT, policy=POLICY)
def test_clones_are_independent(seed, city, threat, policy):
    rng = random.Random(seed ^ 0x5A5A)

    def check(state, _action):
        if state.is_terminal():
            return
        before = pos(state)
        history = state.history()
        legal = state.legal_actions()
        twin = state.clone()
        assert twin == state and twin.history() == history
        twin.apply_action(rng.choice(legal))
        assert pos(state) == before
        assert state.history() == history
        assert state.legal_actions() == legal
        assert len(twin.history()) == len(history) + 1

    play_random(seed, city, threat, policy=policy, on_step=check)


@settings(max_examples=200, **SETTINGS)
@given(seed=SEEDS, city=CITY, threat=THREAT, policy=POLICY)
def test_illegal_actions_are_refused_and_change_nothing(seed, city, threat, policy):
    rng = random.Random(seed ^ 0xA5A5)

    def check(state, _action):
        legal = set(state.legal_actions())
        bound = MAX_CHANCE if state.is_chance_node() else NUM_ACTIONS
        candidates = [rng.randrange(-3, bound + 3) for _ in range(6)]
        before = pos(state)
        history = state.history()
        for action in candidates:
            if action in legal:
                continue
            with pytest.raises(soloboard.IllegalActionError) as err:
                state.apply_action(action)
            assert str(err.value)
            assert pos(state) == before
            assert state.history() == history

    play_random(seed, city, threat, policy=policy, on_step=check)


def test_the_fast_dice_sampler_matches_the_chance_outcomes():
    """``sample_chance_outcome`` (used by random play and the front ends) draws each roll
    with the probability ``chance_outcomes`` gives it."""
    state = new_state("roswell", threat=0)
    exact = dict(state.chance_outcomes())
    rng = random.Random(2024)
    n = 60_000
    counts = Counter(state.sample_chance_outcome(rng) for _ in range(n))
    assert set(counts) <= set(exact)
    # group the 1176 rolls by the sum of the gray dice (3..18): frequencies within 5 sigma
    def gray_sum(action):
        gray = pos_after_roll(state, action)["unplaced"]["gray"]
        return sum(gray)

    by_sum_exact, by_sum_seen = Counter(), Counter()
    for action, p in exact.items():
        by_sum_exact[gray_sum(action)] += p
    for action, c in counts.items():
        by_sum_seen[gray_sum(action)] += c
    for total, p in by_sum_exact.items():
        sigma = math.sqrt(n * p * (1 - p))
        assert abs(by_sum_seen[total] - n * p) <= 5 * sigma + 1, total
    setup = new_state("roswell", threat=2)
    draws = Counter(setup.sample_chance_outcome(rng) for _ in range(6000))
    assert set(draws) == {a for a, _ in setup.chance_outcomes()}
    assert all(abs(c - 1000) < 200 for c in draws.values())


def pos_after_roll(state, action):
    child = state.clone()
    child.apply_action(action)
    return pos(child)


def test_states_from_different_parameters_are_not_equal():
    a = new_state("roswell", threat=0)
    b = new_state("roswell", sky="EEEE")
    c = new_state("new-york", threat=0)
    assert pos(a) == pos(b)
    assert a != b  # 'threat' and 'sky' are different parameters
    assert a != c
    assert a == new_state("roswell", threat=0)


# --- corrupt and hand-edited saves -----------------------------------------------------------------

def _saved_game():
    state = play_random(7, "roswell", 1, policy="eager", max_steps=5000)
    return json.loads(state.to_json())


@pytest.mark.parametrize(("text", "message"), [
    ("{", "not valid JSON"),
    ("", "not valid JSON"),
    ("[1, 2]", "'format' field must be 'soloboard-state'"),
    ('{"format": "chess-pgn"}', "'format' field must be 'soloboard-state'"),
    ('{"format": "soloboard-state", "version": 1, "game": "tetris"}', "game 'tetris'"),
    ('{"format": "soloboard-state", "version": 2, "game": "ufs", "params": {}}', "version 2 is not supported"),
    ('{"format": "soloboard-state", "game": "ufs", "params": {}}', "version None is not supported"),
    ('{"format": "soloboard-state", "version": 1, "game": "ufs", "params": {"city": "paris"}}',
     "parameters are invalid: unknown city 'paris'"),
    ('{"format": "soloboard-state", "version": 1, "game": "ufs", "params": {}}', "neither a 'history'"),
    ('{"format": "soloboard-state", "version": 1, "game": "ufs", "params": {}, "history": [1, "x"]}',
     "'history' must be a list of action numbers"),
])
def test_malformed_saves_are_refused(text, message):
    with pytest.raises(soloboard.InvalidSaveError, match=message):
        soloboard.state_from_json(text)


def test_save_error_is_a_value_error():
    assert issubclass(soloboard.InvalidSaveError, ValueError)


def test_an_illegal_action_in_the_history_is_refused():
    data = _saved_game()
    data.pop("position")
    sky, roll = data["history"][:2]  # threat 1: the sky draw, then the first roll
    assert 2352 <= sky < 2368 and 0 <= roll < 2352
    data["history"] = [sky, roll, 359]  # W6e5: never a legal first placement
    with pytest.raises(soloboard.InvalidSaveError, match=r"action 3 of the history \(359\) is illegal"):
        soloboard.state_from_json(json.dumps(data))
    data["history"] = [sky, roll, 510]  # 'done' in the Dice Phase
    with pytest.raises(soloboard.InvalidSaveError, match=r"action 3 of the history .* not possible in the place"):
        soloboard.state_from_json(json.dumps(data))
    data["history"] = [sky, sky]  # a second sky draw where the dice are rolled
    with pytest.raises(soloboard.InvalidSaveError, match="action 2 of the history"):
        soloboard.state_from_json(json.dumps(data))
    data["history"] = [99999]
    with pytest.raises(soloboard.InvalidSaveError, match="action 1 of the history"):
        soloboard.state_from_json(json.dumps(data))


@pytest.mark.parametrize(("key", "values"), [
    ("energy", (5, 1)), ("research", (3, 1)), ("damage", (0, 1)), ("excavator", ("a3", "b3")),
    ("phase", ("rooms", "place")), ("sky", (["....."] * 17, ["P...."] * 17)),
])
def test_a_position_that_disagrees_with_its_history_is_refused(key, values):
    data = _saved_game()
    data["position"][key] = values[0] if data["position"][key] != values[0] else values[1]
    with pytest.raises(soloboard.InvalidSaveError, match=f"does not match its own history: '{key}'"):
        soloboard.state_from_json(json.dumps(data))


def test_an_unedited_save_loads():
    data = _saved_game()
    state = soloboard.state_from_json(json.dumps(data))
    assert state.history() == data["history"]
    assert pos(state) == data["position"]


def _position_only(**kwargs):
    return position_payload(**kwargs)


@pytest.mark.parametrize(("edit", "message"), [
    (lambda p: p["sky"].__setitem__(5, "P...."), "purple ships are not conserved"),
    (lambda p: p["waiting"].__setitem__("purple", 1), "purple ships are not conserved"),
    (lambda p: p["sky"].__setitem__(5, "W...."), "white ships are not conserved"),
    (lambda p: p.__setitem__("white_supply", 3), "white ships are not conserved"),
    (lambda p: p["waiting"].__setitem__("white", 1), "white ships are not conserved"),
    (lambda p: p.__setitem__("energy", 8), "'energy' is 8, outside 0..7"),
    (lambda p: p.__setitem__("energy", -1), "'energy' is -1, outside 0..7"),
    (lambda p: p.__setitem__("energy", "2"), "'energy' must be a int"),
    (lambda p: p.__setitem__("damage", 8), "'damage' is 8, outside 0..7"),
    (lambda p: p.__setitem__("damage", 7), "over .* but its phase says"),
    (lambda p: p.__setitem__("research", 17), "'research' is 17, outside 0..16"),
    (lambda p: p.__setitem__("mothership_row", 12), "'mothership_row' is 12, outside 0..11"),
    (lambda p: p.update(mothership_row=2), "a ship is above the mothership's drop points"),
    (lambda p: p.__setitem__("excavator", "d1"), "behind its start"),
    (lambda p: p.update(dice={"a3": 4}, columns_used="a"), "on an unexcavated space"),
    (lambda p: p.update(dice={"a1": 4}), "a column holds a die but is not marked as used"),
    (lambda p: p.update(dice={"a0": 4, "a1": 2}, columns_used="a"), "two worker dice in column a"),
    (lambda p: p.update(robots={"c1": {"value": 2, "exhausted": False}}), "robots stand on empty excavated room"),
    (lambda p: p.update(robots={"b1": {"value": 7, "exhausted": False}}), "must show 1..6"),
    (lambda p: p["unplaced"].__setitem__("gray", [1, 2, 3, 4]), "more unplaced dice than the game has"),
    (lambda p: p.__setitem__("sky_sides", ["easy", "easy", "easy", "threat"]), "differ from the sides"),
    (lambda p: p.__setitem__("phase", "setup"), "'phase' must be one of"),
    (lambda p: p.pop("energy"), "the position has no 'energy'"),
])
def test_hand_edited_positions_breaking_the_rules_are_refused(edit, message):
    data = _position_only(gray=[1, 2, 3], white=[4, 5])
    edit(data["position"])
    with pytest.raises(soloboard.InvalidSaveError, match=message):
        soloboard.state_from_json(json.dumps(data))


def test_hand_made_position_loads_and_plays():
    data = _position_only(gray=[1, 2, 3], white=[4, 5], ships={(3, 1): "P", (9, 4): "W"})
    state = soloboard.state_from_json(json.dumps(data))
    assert pos(state) == data["position"]
    assert state.history() == []
    play(state, "W5b1")
    assert state.is_chance_node()


@pytest.mark.parametrize(("dice", "dig_die"), [
    ({"e2": 3}, "e2"),  # the excavator's own space never takes a die
    ({"a3": 1}, "a3"),  # a3 is 5 spaces ahead of e2: a 1 cannot dig there
    ({}, "a3"),  # a dig die that is not there
])
def test_an_impossible_dig_die_is_refused_in_a_position(dice, dig_die):
    """Ruling 2, for hand-made saves: the dig die stands on an unexcavated space at distance
    d >= 1 ahead of the excavator and shows at least d. (Otherwise the loaded state can offer
    'dig' actions that then raise, or move the excavator onto its own space for 1 energy.)"""
    data = _position_only(phase="rooms", dice=dice, dig_die=dig_die, columns_used="ae", energy=3)
    with pytest.raises(soloboard.InvalidSaveError):
        soloboard.state_from_json(json.dumps(data))


def test_a_robot_on_an_aa_gun_is_a_valid_position():
    """Ruling 10: robots may be installed on AA guns (where they do nothing)."""
    data = _position_only(city="new-york", gray=[1, 2, 3], white=[4, 5], robots={"c0": 3})
    state = soloboard.state_from_json(json.dumps(data))
    assert pos(state)["robots"] == {"c0": {"value": 3, "exhausted": False}}


def test_a_position_loaded_without_history_can_be_saved_again():
    """A set-up position (no history) must survive save -> load, before and after a move."""
    state = make_position(gray=[1, 2, 3], white=[4, 5], ships={(3, 1): "P", (9, 4): "W"})
    again = soloboard.state_from_json(state.to_json())
    assert again == state
    play(state, "G3a1")
    again = soloboard.state_from_json(state.to_json())
    assert again == state
    assert again.legal_actions() == state.legal_actions()


def test_saving_does_not_change_the_state():
    state = play_random(3, "washington", 2, policy="eager")
    before = copy.deepcopy(pos(state))
    state.to_json()
    assert pos(state) == before
