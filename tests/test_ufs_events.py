"""The engine says what happened: Under Falling Skies events over whole random games.

The rulebook examples (test_ufs_rulebook_examples.py) assert the events of each worked
example; these tests check that the event stream of every game tells the whole story:
replaying the events' numbers gives the final tracks, nothing is recorded twice or out of
order, and reading the events never changes the game.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import soloboard
from conftest import make_position, play, pos

SETUPS = [
    ("ufs", {}),
    ("ufs", {"city": "washington", "threat": 2}),
    ("ufs", {"city": "new-york", "threat": 4}),
    ("ufs-pnp", {}),
]


def _random_game(name: str, params: dict[str, Any], seed: int, live: bool = False) -> tuple[Any, Any]:
    """A finished random game, and (if ``live``) a twin that recorded from its first action."""
    game = soloboard.load_game(name, **params)
    rng = random.Random(seed)
    state = game.new_initial_state()
    twin = game.new_initial_state() if live else None
    if twin is not None:
        twin.record_events()
    while not state.is_terminal():
        chance = state.is_chance_node()
        action = state.sample_chance_outcome(rng) if chance else rng.choice(state.legal_actions())
        state.apply_action(action)
        if twin is not None:
            twin.apply_action(action)
    return state, twin


def _chain(events: list[dict[str, Any]], kind: str, start: int) -> int:
    """Follow a track's from/to changes; each change must start where the last one ended."""
    value = start
    for e in events:
        if e["kind"] == kind:
            assert e["from"] == value, (kind, e)
            value = e["to"]
    return value


@given(seed=st.integers(0, 2**32 - 1), setup=st.sampled_from(SETUPS))
@settings(max_examples=150, deadline=None)
def test_the_event_stream_tells_the_whole_game(seed, setup):
    name, params = setup
    state, twin = _random_game(name, params, seed, live=True)
    events = state.events()
    # recorded live or rebuilt from the history: the same story
    assert events == twin.events()
    json.dumps(events)
    actions = [e["action"] for e in events]
    assert actions == sorted(actions)
    assert all(0 <= a < len(state.history()) for a in actions)
    start_energy = state.layout.start_energy
    assert _chain(events, "energy_changed", start_energy) == state.energy
    assert _chain(events, "research_changed", 0) == state.research
    damage = [e for e in events if e["kind"] == "damage"]
    assert sum(e["amount"] for e in damage) == state.damage
    assert all(e["total"] == i + 1 for i, e in enumerate(damage))
    descents = [e for e in events if e["kind"] == "mothership_descended"]
    assert [e["row"] for e in descents] == list(range(1, state.mothership_row + 1))
    rounds = [e["round"] for e in events if e["kind"] == "round_started"]
    assert rounds == list(range(1, state.round + 1))
    end = events[-1]
    if state.returns() == [1.0]:
        assert end == {"kind": "game_won", "action": len(state.history()) - 1}
    else:
        assert end == {"kind": "game_lost", "action": len(state.history()) - 1, "cause": state.loss_cause}


@given(seed=st.integers(0, 2**32 - 1), setup=st.sampled_from(SETUPS))
@settings(max_examples=60, deadline=None)
def test_previews_tell_exactly_what_the_move_does_and_change_nothing(seed, setup):
    name, params = setup
    game = soloboard.load_game(name, **params)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        before = state.clone()
        legal = state.legal_actions()
        action = rng.choice(legal)
        foreseen = state.preview(action)
        assert state == before and state.history() == before.history()
        state.apply_action(action)
        assert foreseen == state.last_events()


def test_events_since_and_last_events():
    state, _ = _random_game("ufs", {}, 3)
    every = state.events()
    n = len(state.history())
    assert state.events(n - 1) == state.last_events()
    assert state.events(n) == []
    middle = n // 2
    assert state.events(middle) == [e for e in every if e["action"] >= middle]
    # the lists handed out are copies
    state.events()[0]["kind"] = "changed"
    assert state.events()[0]["kind"] != "changed"


def test_reading_events_records_from_then_on_and_clones_do_not_record():
    game = soloboard.load_game("ufs")
    state = game.new_initial_state()
    assert state.last_events() == []
    play(state, "roll G135 W26")
    assert [e["kind"] for e in state.last_events()] == ["round_started", "dice_rolled"]
    assert state.last_events()[1] == {"kind": "dice_rolled", "action": 0, "plain": [1, 3, 5], "white": [2, 6],
                                      "reroll": False}
    assert state._ev is not None  # recording since the first read
    assert state.clone()._ev is None
    play(state, "W2a0")
    assert state.last_events()[0] == {"kind": "die_placed", "action": 1, "color": "white", "value": 2,
                                      "space": "a0", "steps": 1}
    play(state, "roll G135 W6")
    assert state.last_events()[-1]["reroll"] is True


def test_a_position_without_history_tells_what_happened_after_it():
    state = make_position(ships={(15, 1): "P"}, gray=[3])
    assert state.events() == []
    play(state, "G3b1")
    assert [e["kind"] for e in state.events()] == ["die_placed", "ship_hit_city", "damage", "phase"]
    reloaded = soloboard.state_from_json(state.to_json())
    assert reloaded.events() == state.events()


def test_sky_draw_and_threat_are_told():
    game = soloboard.load_game("ufs", threat=2)
    state = game.new_initial_state()
    play(state, "sky ETET")
    assert state.last_events()[0] == {"kind": "sky_drawn", "action": 0, "sides": "ETET"}


def test_robot_built_installed_used_and_worn_out():
    """Washington's robot room on b2 builds a robot; it is installed; used, it loses a pip; a used 1 leaves."""
    state = make_position(city="washington", phase="rooms", excavator="a3", energy=5, dice={"b2": 4, "d1": 1})
    play(state, "use b2")
    assert [e["kind"] for e in state.last_events()] == ["room_used", "energy_changed", "robot_built", "phase"]
    assert state.last_events()[2]["value"] == 4
    target = state.action_to_string(next(a for a in state.legal_actions()
                                         if state.action_to_string(a).startswith("install")))
    play(state, target)
    assert [e["kind"] for e in state.last_events()] == ["robot_installed"]
    assert state.last_events()[0] == {"kind": "robot_installed", "action": 1, "space": target.split()[1], "value": 4}

    state = make_position(phase="rooms", excavator="a3", energy=5, dice={"d2": 1}, robots={"b1": 1})
    play(state, "use b1")
    kinds = [e["kind"] for e in state.last_events()]
    assert kinds[:3] == ["room_used", "robot_used", "robot_removed"]
    assert {k: state.last_events()[1][k] for k in ("space", "from", "to")} == {"space": "b1", "from": 1, "to": 0}
    assert state.last_events()[2]["why"] == "worn out"
    assert pos(state)["robots"] == {}
