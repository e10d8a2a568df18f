"""Sure wins (agents/solve.py): a move that wins this round on every roll is found, and it does win."""

from __future__ import annotations

import random
from typing import Any

import pytest

import soloboard
from conftest import make_position, play
from soloboard import agents
from soloboard.agents import analysis
from soloboard.agents.evaluate import evaluator
from soloboard.agents.simulate import game_rng
from soloboard.agents.solve import sure_win
from soloboard.ufs import evaluate as ufs_eval

LAST = 16  # Roswell's research track with an easy sky: space 16 costs 11


def one_short(gray: tuple[int, ...], white: tuple[int, ...], **kw: Any) -> Any:
    """Roswell one research space short, the two-space research room c3-d3 dug out, the ships far away."""
    return make_position(research=LAST - 1, energy=5, excavator="e4", gray=gray, white=white, round=6, **kw)


def follow(state: Any, move: int, ev: Any, rng: random.Random) -> Any:
    """Play ``move`` and then the proof's moves, the dice drawn by ``rng``: the round must end in a win."""
    s = state.clone()
    s.apply_action(move)
    while not s.is_terminal():
        assert s.round == state.round
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            s.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            step = sure_win(s, ev)
            assert step is not None, s.observation_string()
            s.apply_action(step)
    assert s.returns() == [1.0]
    return s


def test_the_room_and_the_dice_decide_whether_a_win_is_in_reach() -> None:
    assert ufs_eval.win_in_reach(one_short((6, 6, 1), (1, 1)))
    assert not ufs_eval.win_in_reach(one_short((5, 5, 1), (1, 1)))  # the two best dice make 10 of 11
    assert not ufs_eval.win_in_reach(make_position(research=LAST - 4, energy=5, excavator="e4", gray=(6, 6, 6),
                                                   white=(6, 6)))  # four spaces short: never searched
    # c3-d3 not dug out yet: no research room pays 11
    assert not ufs_eval.win_in_reach(make_position(research=LAST - 1, energy=5, gray=(6, 6, 1), white=(1, 1)))


def test_a_re_roll_counts_as_all_ones() -> None:
    """A white die placed before the others re-rolls them: a sure win must win on every outcome, so the
    dice waiting to be re-rolled count as ones."""
    state = play(one_short((6, 6, 1), (1, 1)), "W1a0")
    assert state.is_chance_node()
    assert not ufs_eval.win_in_reach(state)
    placed = play(one_short((6, 6, 1), (1, 1)), "G6c3", "G6d3", "W1a0")  # the pair is on the room already
    assert placed.is_chance_node() and ufs_eval.win_in_reach(placed)


def test_a_sure_win_is_found_and_wins_on_every_roll() -> None:
    state = one_short((6, 6, 1), (1, 1))
    ev = evaluator(state.game)
    move = sure_win(state, ev)
    assert move is not None
    for seed in range(40):  # follow the proof: whatever the re-rolls show, the round ends in a win
        follow(state, move, ev, random.Random(seed))


def test_two_spaces_short_takes_two_rooms() -> None:
    """Space 15 costs 3 and space 16 costs 11: from two spaces short a round wins with a die of 3 or more on a
    one-space room (b1, e4) and the pair on c3-d3, the rooms used in that order (energy 5 pays both)."""
    two_short = {"research": LAST - 2, "energy": 5, "excavator": "e4", "round": 6}
    ev = evaluator(make_position(**two_short).game)
    state = make_position(gray=(6, 6, 4), white=(1, 1), **two_short)
    assert ufs_eval.win_in_reach(state)
    move = sure_win(state, ev)
    assert move is not None
    for seed in range(10):
        assert follow(state, move, ev, random.Random(seed)).research == LAST
    # the bound gives every room the best dice as if alone: in reach, but the ones cannot pay space 15
    ones = make_position(gray=(6, 6, 1), white=(1, 1), **two_short)
    assert ufs_eval.win_in_reach(ones) and sure_win(ones, ev) is None


def test_no_sure_win_where_the_dice_cannot_pay() -> None:
    state = one_short((5, 5, 1), (1, 1))
    assert sure_win(state, evaluator(state.game)) is None


def test_the_ships_can_forbid_it() -> None:
    """The pair on c3 and d3 moves columns c and d six rows: with ships just above the city there and one
    point of damage left, it destroys the base first, and no move wins this round."""
    ships = {(12, 2): "P", (12, 3): "P"}
    state = one_short((6, 6, 1), (1, 1), ships=ships, damage=6)
    ev = evaluator(state.game)
    assert ufs_eval.win_in_reach(state)  # the bound does not look at the ships: the search does
    assert sure_win(state, ev) is None
    assert sure_win(one_short((6, 6, 1), (1, 1), damage=6), ev) is not None  # the same without those ships


def test_the_search_plays_and_shows_the_sure_win() -> None:
    state = one_short((6, 6, 1), (1, 1))
    agent = agents.make("mcts", budget="50it", seed=1)
    move = agent.step(state)
    assert agent.last_estimate == 1.0
    assert move == sure_win(state, evaluator(state.game))
    best = analysis.hints(state, budget="50it")[0]
    # the hint's first move is a proved win too (the first of the search's ranking that is one), shown as
    # certain: the map keeps 1
    assert best.win == 1.0 and sure_win(state, evaluator(state.game), order=[best.action]) == best.action
    # the option off, by name: the search alone, as before (docs/agents.md "Sure wins" measures the difference)
    old = agents.make("mcts(sure_wins=false)", budget="50it", seed=1)
    old.step(state)
    assert old.last_estimate is not None and old.last_estimate < 1.0


@pytest.mark.parametrize("threat", [0, 1])
def test_every_proof_in_greedy_games_holds(threat: int) -> None:
    """Over seeded greedy games: wherever a sure win is proved, following the proof on random rolls wins
    the round every time."""
    game = soloboard.load_game("ufs", threat=threat)
    ev = evaluator(game)
    greedy = agents.make("greedy")
    proofs = 0
    for index in range(12):
        rng = game_rng(11, index)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0] if len(outcomes) > 1 else outcomes[0][0])
                continue
            move = sure_win(state, ev) if len(state.legal_actions()) > 1 else None
            if move is not None:
                proofs += 1
                for seed in range(5):
                    follow(state, move, ev, random.Random(seed))
            state.apply_action(greedy.step(state))
    assert proofs > 0
