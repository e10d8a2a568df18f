"""Property-based invariants over many random games: cards conserved in both decks, tracks
and supplies in range, JSON round trips, replay determinism, clone independence, refused
actions leaving the state unchanged, notation round trips."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import soloboard
from monstros_helpers import check_invariants, new_state, step_random
from soloboard.agents.simulate import simulate
from soloboard.monstros import actions as A
from soloboard.monstros.serialize import position_dict

DIFFICULTIES = ["iniciante", "facil", "medio", "dificil", "epico"]
games = st.fixed_dictionaries({
    "players": st.integers(1, 6),
    "difficulty": st.sampled_from(DIFFICULTIES),
    "five_removal": st.sampled_from(["any", "forced-only"]),
})


def test_invariants_hold_in_every_position_of_many_random_games():
    wins = steps = 0
    for i in range(400):
        rng = random.Random(f"inv/{i}")
        state = new_state(players=1 + i % 6, difficulty=DIFFICULTIES[i % 5],
                          five_removal="forced-only" if i % 7 == 0 else "any")
        check_invariants(state)
        while not state.is_terminal():
            step_random(state, rng)
            check_invariants(state)
            steps += 1
        wins += state.result == 1.0
    assert steps > 20_000


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(params=games, seed=st.integers(0, 2**32))
def test_clone_independence_refusals_and_notation(params, seed):
    rng = random.Random(seed)
    state = soloboard.load_game("monstros", **params).new_initial_state()
    n = state.game.num_distinct_actions()
    while not state.is_terminal():
        if not state.is_chance_node():
            legal = state.legal_actions()
            for a in legal:
                assert state.string_to_action(state.action_to_string(a)) == a
            before = position_dict(state)
            clone = state.clone()
            step_random(clone, rng)  # moving the clone leaves the original as it was
            assert position_dict(state) == before
            for a in rng.sample(range(-3, n + 3), 8):
                if a not in legal:
                    with pytest.raises(soloboard.IllegalActionError):
                        state.apply_action(a)
            assert position_dict(state) == before and state.legal_actions() == legal
        else:
            outcomes = [a for a, _ in state.chance_outcomes()]
            for a in outcomes:
                assert state.string_to_action(state.action_to_string(a)) == a
            before = position_dict(state)
            for a in rng.sample(range(0, state.game.max_chance_outcomes()), 5):
                if a not in outcomes:
                    with pytest.raises(soloboard.IllegalActionError):
                        state.apply_action(a)
            assert position_dict(state) == before
        step_random(state, rng)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(params=games, seed=st.integers(0, 2**32))
def test_json_round_trip_at_every_step(params, seed):
    rng = random.Random(seed)
    state = soloboard.load_game("monstros", **params).new_initial_state()
    while True:
        text = state.to_json()
        loaded = soloboard.state_from_json(text)
        assert loaded == state
        assert loaded.legal_actions() == state.legal_actions()
        assert loaded.current_player() == state.current_player()
        if state.is_terminal():
            break
        step_random(state, rng)


@settings(max_examples=40, deadline=None)
@given(params=games, seed=st.integers(0, 2**32))
def test_replay_is_deterministic(params, seed):
    game = soloboard.load_game("monstros", **params)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        step_random(state, rng)
    replay = game.new_initial_state()
    for action in state.history():
        replay.apply_action(action)
    assert replay == state and replay.returns() == state.returns()


def test_sample_chance_outcome_follows_the_probabilities():
    rng = random.Random(7)
    state = new_state(players=2)
    outcomes = dict(state.chance_outcomes())
    counts: dict[int, int] = {}
    for _ in range(20_000):
        a = state.sample_chance_outcome(rng)
        counts[a] = counts.get(a, 0) + 1
    for a, p in outcomes.items():
        assert abs(counts.get(a, 0) / 20_000 - p) < 0.012
    assert set(counts) <= set(outcomes)
    # dice: three dice, the outcome 'roll 123' has probability 6/216
    roll = {a: p for a, p in A.ROLL_OUTCOMES[3]}
    assert roll[A.ROLL_INDEX[(1, 2, 3)]] == pytest.approx(6 / 216)
    assert sum(roll.values()) == pytest.approx(1.0)


def test_random_simulation_runs_for_every_player_count():
    summary = simulate("monstros", {"players": 2}, "random", 500, seed=3)
    assert summary.games == 500
    for players in (1, 6):
        assert simulate("monstros", {"players": players, "difficulty": "épico"}, "random", 40).games == 40


def test_history_notation_is_written_in_saves():
    state = new_state(players=2)
    rng = random.Random(4)
    for _ in range(60):
        step_random(state, rng)
    data = json.loads(state.to_json())
    assert data["format"] == "soloboard-state" and data["version"] == 1 and data["game"] == "monstros"
    assert data["params"] == {"players": 2, "difficulty": "iniciante", "deck": None, "five_removal": "any"}
    assert len(data["history_notation"]) == len(data["history"]) == 60
    assert data["history_notation"][0].startswith("reveal ")
