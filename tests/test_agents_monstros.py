"""The Monstros evaluation (soloboard.monstros.evaluate): its features follow the game (the wall against
the monsters' attack, the invasion's clock from the monster deck), the search's stage is the turn, and
values stay probabilities."""

from __future__ import annotations

import random

import pytest

from monstros_helpers import new_state, past_setup, play_random
from soloboard import agents
from soloboard.agents.evaluate import evaluator
from soloboard.monstros import evaluate as E
from soloboard.monstros import state as S


def test_the_evaluation_knows_the_engines_numbers() -> None:
    assert E.OVER == S.OVER
    assert (E.C_REVEAL, E.D_PLACE, E.D_ORDER, E.D_PICK) == (S.C_REVEAL, S.D_PLACE, S.D_ORDER, S.D_PICK)
    assert (E.R_ABILITIES, E.R_END_MONSTERS) == (S.R_ABILITIES, S.R_END_MONSTERS)
    assert (E.WALL_MAX, E.INVASION_WIN, E.REVEAL) == (S.WALL_MAX, S.INVASION_WIN, S.REVEAL)
    assert len(E.WEIGHTS) == len(E.FEATURE_NAMES)


def _start(players: int = 1, seed: int = 1) -> S.MonstrosState:
    return past_setup(new_state(players=players), random.Random(seed))


def test_features_have_a_name_each_and_values_are_probabilities() -> None:
    rng = random.Random(3)
    for players in (1, 3):
        state = new_state(players=players, difficulty="epico")
        while not state.is_terminal():
            assert len(E.features(state)) == len(E.FEATURE_NAMES)
            assert 0.0 <= E.value(state) <= 1.0
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
        assert E.value(state) == (1.0 if state.result else 0.0)


def test_more_wall_and_less_attack_are_better() -> None:
    state = _start()
    higher = state.clone()
    higher.wall += 10
    assert E.value(higher) > E.value(state)
    stronger = state.clone()
    stronger.table = [*state.table, state.deck.monster_kind("7a"), state.deck.monster_kind("7a")]
    assert E.value(stronger) < E.value(state)


def test_the_invasion_clock_counts_the_monster_deck() -> None:
    state = _start()
    turns, wall, chance, cards = E._projection(state, float(state.wall), 0)
    assert cards == state.monster_deck_size()
    assert 0.0 < chance <= 1.0
    assert INVASION_LEFT(state) <= turns <= E.MAX_TURNS
    empty = state.clone()
    empty.monster_deck = []  # nothing to reveal: the invasion rises every monsters' turn
    turns, _, chance, cards = E._projection(empty, float(empty.wall), 0)
    assert (turns, chance, cards) == (INVASION_LEFT(empty), 1.0, 0)
    # a table that attacks harder leaves less wall when the invasion passes 15
    harder = state.clone()
    harder.table = [*state.table, state.deck.monster_kind("6a")]
    assert E._projection(harder, float(state.wall), 0)[1] < wall


def INVASION_LEFT(state: S.MonstrosState) -> int:
    return E.INVASION_WIN - state.invasion


def test_the_monsters_attack_still_to_come_is_counted_once() -> None:
    state = _start()
    names = E.FEATURE_NAMES
    f = E.features(state)
    assert f[names.index("attack_pending")] == 1.0
    # the same position after the monsters' attack, waiting for the reveal: the wall already paid it
    after = state.clone()
    after.phase = S.C_REVEAL
    attack = state.monster_attack()
    after.wall = state.wall - attack
    g = E.features(after)
    assert g[names.index("attack_pending")] == 0.0
    assert g[names.index("wall")] == pytest.approx(f[names.index("wall")])


def test_stage_is_a_stretch_of_the_turn_and_mcts_searches_only_this_turn() -> None:
    ev = evaluator(new_state(players=1).game)
    assert ev.stage is E.stage
    state = _start()
    assert E.stage(state) == (state.round, 0)  # playing a card
    agent = agents.make("mcts", budget="200it", seed=1)
    action = agent.step(state)
    assert action in state.legal_actions()
    from soloboard.agents.mcts import _Decision

    expanded = {key[2] for key, node in agent._table.items() if isinstance(node, _Decision) and node.expanded}
    assert expanded == {state.round}
    # the stretches: removing cards after the draw, attacking after the roll, the monsters' turn after the reveal
    phases = {E.stage(s)[1] for s in _positions_of_one_game()}
    assert phases == {0, 1, 2, 3}


def _positions_of_one_game() -> list[S.MonstrosState]:
    state = new_state(players=1)
    rng = random.Random(2)
    agent = agents.make("greedy")
    found = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
        else:
            found.append(state.clone())
            state.apply_action(agent.step(state))
    return found


def test_greedy_and_mcts_finish_games() -> None:
    for players in (1, 3):
        state = new_state(players=players)
        rng = random.Random(players)
        agent = agents.make("greedy")
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
            else:
                state.apply_action(agent.step(state))
        assert state.is_terminal()
    assert play_random(new_state(players=2), random.Random(5)).is_terminal()
