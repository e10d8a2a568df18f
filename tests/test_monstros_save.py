"""Saves (format soloboard-state v1, game monstros) and the pictures of a position."""

from __future__ import annotations

import io
import json
import random

import pytest
from rich.console import Console

import soloboard
from monstros_helpers import arrange, at_attack, new_state, play_random, step_random


def midgame(seed: int = 1, steps: int = 80):
    state = new_state(players=3, difficulty="medio")
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        step_random(state, rng)
    return state


def test_round_trip_keeps_everything():
    state = midgame()
    loaded = soloboard.state_from_json(state.to_json())
    assert loaded == state
    assert loaded.history() == state.history()
    assert loaded.game.parameters() == {"players": 3, "difficulty": "medio", "deck": None, "five_removal": "any"}


def edited(state, change):
    data = json.loads(state.to_json())
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(version=2), "version 2 is not supported"),
    (lambda d: d.update(params={"players": 9}), "parameters are invalid: players must be 1..6"),
    (lambda d: d.update(params={"players": 2, "colour": "red"}), "parameters are invalid"),
    (lambda d: d.pop("params"), "no 'params' object"),
    (lambda d: d.update(history="12 13"), "'history' must be a list of action numbers"),
    (lambda d: d.pop("history"), "'history' must be a list"),
    (lambda d: d["history"].append(99_999), r"action \d+ of the history \(99999\) is illegal"),
    (lambda d: d["history"].__setitem__(0, True), "'history' must be a list"),
    (lambda d: d["position"].update(wall=3), "'wall' is 3 in the file"),
    (lambda d: d["position"]["hands"][0].append("pa"), "'hands'"),
    (lambda d: d.update(position=[]), "'position' must be an object"),
])
def test_corrupt_saves_are_refused_with_the_reason(change, message):
    with pytest.raises(soloboard.InvalidSaveError, match=message):
        soloboard.state_from_json(edited(midgame(), change))


def test_not_a_save():
    with pytest.raises(soloboard.InvalidSaveError, match="not valid JSON"):
        soloboard.state_from_json("{")
    with pytest.raises(soloboard.InvalidSaveError, match="format"):
        soloboard.state_from_json('{"format": "x"}')


def test_a_finished_game_round_trips():
    state = play_random(new_state(players=1), random.Random(3))
    loaded = soloboard.state_from_json(state.to_json())
    assert loaded.is_terminal() and loaded.returns() == state.returns() and loaded == state


def test_text_picture_shows_the_position():
    state = at_attack(arrange(new_state(), table=["4c", "1a"], shields=1, towers=2, tokens=1, wall=27, invasion=5,
                              board=["pa", "defeito"], hands=[["pa", "carrinho", "ferC"], ["atraso", "pa", "pa"]],
                              defeated=["2a"]), [2, 5])
    text = str(state)
    for piece in ("Wall 27/50", "Invasion 5", "Towers 3", "Die tokens 1", "Shields 1", "1:pa  2:defeito  3:-",
                  "Seat 1 hand: pa carrinho ferC", "Seat 2 hand: pa pa atraso", "4c (L4 life 6 atk 2, shield, "
                  "invasion+1)", "Attack: dice 2 5", "defeated 1 (top: 2a)", "action deck", "discard"):
        assert piece in text, piece


def test_rich_picture_shows_the_position():
    state = at_attack(arrange(new_state(), table=["4c", "coroa7"], shields=2, towers=1, tokens=3,
                              board=["pa", "defeito", "atraso"], hands=[["pa", "carrinho", "ferC"],
                                                                        ["atraso", "pa", "pa"]]), [2, 5])
    out = io.StringIO()
    Console(file=out, width=120, color_system=None).print(state)
    text = out.getvalue()
    for piece in ("Wall 30/50", "Invasion 1", "Towers 2", "Die tokens 3", "Shields 2", "Board", "re-roll",
                  "seat 1", "pa carrinho ferC", "coroa7 (Crown, coroa)", "invasion+1, save 3", "Monster deck",
                  "Defeated 0", "Action deck", "discard", "Attack: dice 2 5"):
        assert piece in text, piece


def test_notices_at_the_start():
    notices = soloboard.load_game("monstros", players=1).notices()
    assert notices[0].startswith("RECONSTRUCTED DECK")
    assert all(n.startswith("Reading: ") for n in notices[1:])
