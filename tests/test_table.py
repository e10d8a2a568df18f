"""``soloboard.core.table.Table``: a game in play for any front end (chance, AI seats, moves, undo)."""

from __future__ import annotations

import random

import pytest

import soloboard
from soloboard.agents import make
from soloboard.core.table import Table


def ufs_table(seed: int = 5) -> Table:
    game = soloboard.load_game("ufs", threat=2)
    table = Table(game, game.new_initial_state(), seed)
    table.advance()
    return table


def test_advance_stops_at_a_person_and_reports_the_events() -> None:
    game = soloboard.load_game("ufs", threat=2)
    table = Table(game, game.new_initial_state(), 5)
    events = table.advance()
    assert [e["kind"] for e in events][:2] == ["sky_drawn", "round_started"]
    assert table.person_to_move() == 0 and not table.state.is_chance_node()
    assert table.advance() == []  # nothing left that no person decides


def test_play_refuses_what_the_rules_refuse_and_changes_nothing() -> None:
    table = ufs_table()
    before = list(table.state.history())
    legal = set(table.state.legal_actions())
    illegal = next(a for a in range(360) if a not in legal)
    with pytest.raises(soloboard.IllegalActionError) as refusal:
        table.play(illegal)
    assert refusal.value.rule  # the engine's rule, untouched
    with pytest.raises(soloboard.IllegalActionError):
        table.play("G3c1")
    assert table.state.history() == before
    events = table.play(sorted(legal)[0])
    assert events and all(e["action"] == len(before) for e in events)


def test_undo_goes_back_to_the_last_decision_and_never_rerolls() -> None:
    table = ufs_table()
    assert table.undo() is None and not table.can_undo()
    rng = random.Random(1)
    start = list(table.state.history())
    for _ in range(6):  # through a roll or two: undo must bring the same dice back
        table.play(rng.choice(table.state.legal_actions()))
        table.advance()
    played = list(table.state.history())
    undone = table.undo()
    assert undone is not None and table.can_undo()
    back = list(table.state.history())
    assert back == played[:undone] and len(back) > len(start)
    table.play(played[undone])
    table.advance()
    assert table.state.history() == played  # the same dice after the same move


def test_ai_seats_move_the_same_way_from_the_same_seed_and_undo_skips_them() -> None:
    def monstros(seed: int) -> Table:
        game = soloboard.load_game("monstros", players=2)
        table = Table(game, game.new_initial_state(), seed, {1: make("random")})
        table.advance()
        return table

    a, b = monstros(3), monstros(3)
    rng = random.Random(2)
    for _ in range(25):
        if a.state.is_terminal():
            break
        assert a.person_to_move() == 0 == b.person_to_move()
        action = rng.choice(a.state.legal_actions())
        a.play(action)
        b.play(action)
        a.advance()
        b.advance()
    assert a.state.history() == b.state.history()
    seats_moved = set()
    replay = a.origin.clone()
    for action in a.state.history():
        if not replay.is_chance_node():
            seats_moved.add(replay.current_player())
        replay.apply_action(action)
    assert seats_moved == {0, 1}
    index = a.undo()
    assert index is not None and a.person_to_move() == 0  # back at seat 0's decision, the AI's moves gone
