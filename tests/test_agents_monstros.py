"""The Monstros evaluation (soloboard.monstros.evaluate): its features follow the game (the wall against
the monsters' attack, the invasion's clock from the monster deck), the search's stage is the turn, and
values stay probabilities."""

from __future__ import annotations

import random

import pytest

from monstros_helpers import new_state, past_setup, play_random
from soloboard import agents
from soloboard.agents.evaluate import evaluator
from soloboard.monstros import actions as A
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


def test_a_triple_on_the_board_counts_as_the_tower_it_becomes() -> None:
    """Removing a triple for a tower changes neither the towers nor the fire power the evaluation sees (the
    triple already counted as the tower), so the value rewards playing the third card, not the removal."""
    assert E.TOWER_PIECES == S.TOWER_PIECES
    names = E.FEATURE_NAMES
    towers, fire, pair = names.index("towers"), names.index("fire_power"), names.index("board_pair")
    seen = 0
    for seed in range(40):
        state = new_state(players=3)
        rng = random.Random(seed)
        agent = agents.make("greedy")
        while not state.is_terminal() and seen < 8:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
                continue
            triples = [a for a in state.legal_actions() if A.TRIPLE <= a < A.FIVE]
            if state.phase == S.D_REMOVE and triples and state.built_towers < S.TOWER_PIECES:
                before = E.features(state)
                assert E.board_set(state) == 3
                assert before[towers] == state.built_towers + 1
                assert before[pair] == 0.0
                after = state.clone()
                after.apply_action(triples[0])
                assert after.built_towers == state.built_towers + 1
                if not after.is_terminal() and E.board_set(after) < 3:  # no second triple left on the board
                    g = E.features(after)
                    assert g[towers] == before[towers]
                    # the same fire power, but for the die token a tower on tower space 1 or 2 brings
                    assert g[fire] == before[fire] + 0.5 * (after.die_tokens - state.die_tokens)
                seen += 1
            state.apply_action(agent.step(state))
        if seen >= 8:
            break
    assert seen >= 8


def test_two_of_one_tool_on_the_board_is_a_pair_wild_cards_counted() -> None:
    state = _start(players=3)
    deck = state.deck
    tool = deck.tool_kinds[0]
    other = deck.tool_kinds[1]
    wild = deck.wild_kinds[0]
    red = next(k for k in range(len(deck.a_ids)) if not deck.blue[k])
    pair = E.FEATURE_NAMES.index("board_pair")
    for board, have in (([], 0), ([tool], 1), ([tool, other], 1), ([tool, red, tool], 2), ([tool, wild], 2),
                        ([tool, other, wild, tool], 3), ([wild, wild, wild], 3), ([red, red], 0)):
        state.board = list(board)
        assert E.board_set(state) == have, board
        assert E.features(state)[pair] == (1.0 if have == 2 else 0.0)
