"""Monstros events (docs/monstros.md, "Events"): what the engine says happened.

The rules' own tests (test_monstros_examples.py, test_monstros_turn.py) assert the events of
each rule they play; here: the monsters' turn cases they do not reach through a move, the
events API (replay equals live recording, ``last_events``, ``preview``), properties over
random games, and the narration of every kind.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import soloboard
from monstros_helpers import (
    arrange,
    at_attack,
    check_invariants,
    expected_monsters,
    kinds,
    kinds_said,
    new_state,
    play,
    said,
    step_random,
)
from soloboard.monstros import actions as A
from soloboard.monstros import narrate
from soloboard.monstros.serialize import position_dict

HAND = [["pa", "carrinho", "ferC"], ["pa", "carrinho", "defeito"]]
DOCS = Path(__file__).resolve().parent.parent / "docs" / "monstros.md"


def monsters_turn(state, roll="roll 1"):
    """Seat's turn of an arranged position: play the first card, draw the only kind left in the
    action deck, roll, end the attack; returns the events of it all (the state moves on)."""
    play(state, state.action_to_string(state.legal_actions()[0]), roll)
    if state.phase_name == "attack":
        play(state, "done")
    return said(state)


def after(events, kind):
    """The events after the first one of ``kind``."""
    i = next(i for i, e in enumerate(events) if e["kind"] == kind)
    return events[i + 1:]


def proliferation(events):
    """The monsters' turn from its first reveal (after their attack and the wall's loss)."""
    rest = after(events, "monsters_attack")
    i = next(i for i, e in enumerate(rest) if e["kind"] in ("monster_revealed", "reveal_short"))
    return rest[i:]


# --- the monsters' turn, step by step -----------------------------------------------------------------

def test_monsters_attack_and_wall_loss():
    state = arrange(new_state(), table=["4a", "5a"], board=["pa", "defeito"], hands=HAND, deck_top=["7a", "7b", "6a"],
                    action_deck={"ferC": 4})
    events = monsters_turn(state, "roll 1")  # a 1 reaches neither 4a (life 6) nor 5a (life 8)
    start = next(i for i, e in enumerate(events) if e["kind"] == "monsters_turn")
    # three cards on the board now: attack 2 + 3 = 5, minus 3
    assert events[start:start + 3] == [
        {"kind": "monsters_turn", "seat": 0, "monsters": ["4a", "5a"]},
        {"kind": "monsters_attack", "attack": 5, "blocked": 3, "cards": 3, "total": 2},
        {"kind": "wall_changed", "from": 31, "to": 29, "by": "monsters"},
    ]
    assert state.wall == 29


def test_the_wall_falls_the_game_is_lost_and_said_so():
    state = arrange(new_state(), table=["7a", "coroa7"], hands=HAND, wall=7, tokens=1)
    at_attack(state, [1])  # a 1 defeats neither: 'token' or 'done'
    play(state, "done")
    assert said(state) == [
        {"kind": "attack_ended", "seat": 0, "unused": 1},
        {"kind": "wall_changed", "from": 7, "to": 8, "by": "unused dice"},
        {"kind": "monsters_turn", "seat": 0, "monsters": ["7a", "coroa7"]},
        {"kind": "monsters_attack", "attack": 8, "blocked": 0, "cards": 0, "total": 8},
        {"kind": "wall_changed", "from": 8, "to": 0, "by": "monsters"},  # the wall stops at 0
        {"kind": "game_lost", "cause": "the wall was destroyed"},
    ]
    assert state.is_terminal() and state.wall == 0


def test_raise_invasion_once_and_placement():
    state = arrange(new_state(), hands=HAND, invasion=3, deck_top=["1d", "2e", "7a"], action_deck={"ferC": 4})
    events = proliferation(monsters_turn(state))
    assert events == [
        {"kind": "monster_revealed", "card": "1d", "why": "proliferation"},
        {"kind": "monster_revealed", "card": "2e", "why": "proliferation"},
        {"kind": "monster_revealed", "card": "7a", "why": "proliferation"},
        {"kind": "monsters_placed", "cards": ["1d", "2e"], "set_aside": ["7a"], "level": 3, "invasion": 3},
        {"kind": "abilities", "raise_invasion": ["1d", "2e"], "save_3": [], "destroy_tower": []},
        {"kind": "invasion_raised", "from": 3, "to": 4, "why": "ability", "by": ["1d", "2e"]},
        {"kind": "monster_to_bottom", "card": "7a", "why": "not placed"},
        {"kind": "turn_started", "turn": 2, "seat": 1},
    ]
    assert state.invasion == 4


def test_shield_tokens_up_to_the_supply():
    state = arrange(new_state(), hands=HAND, invasion=2, shields=5, deck_top=["1c", "1c", "7a"],
                    action_deck={"ferC": 4})
    events = monsters_turn(state, "roll 6")
    # the die must go on a shield: the engine plays 'shield 6', then 'done', for seat 0
    assert [e for e in events if e["kind"] in ("forced_move", "shield_destroyed")] == [
        {"kind": "forced_move", "seat": 0, "move": "shield 6", "id": A.SHIELD + 5, "phase": "attack"},
        {"kind": "shield_destroyed", "value": 6, "shields": 4},
        {"kind": "forced_move", "seat": 0, "move": "done", "id": A.DONE, "phase": "attack"},
    ]
    events = proliferation(events)
    assert [e for e in events if e["kind"] in ("shield_placed", "no_shield_token")] == [
        {"kind": "shield_placed", "monster": "1c", "shields": 5},
        {"kind": "no_shield_token", "monster": "1c", "reason": "supply empty"},
    ]


def test_destroy_a_tower_and_its_ability_then_the_printed_tower_stays():
    state = arrange(new_state(), hands=HAND, invasion=2, towers=2, table=["5a", "3a"], deck_top=["2d", "7a", "7b"],
                    action_deck={"ferC": 4})
    events = proliferation(monsters_turn(state, "roll 111"))
    assert events[3:] == [
        {"kind": "monsters_placed", "cards": ["2d"], "set_aside": ["7a", "7b"], "level": 2, "invasion": 2},
        {"kind": "abilities", "raise_invasion": [], "save_3": [], "destroy_tower": ["2d"]},
        {"kind": "tower_destroyed", "towers": 1},
        {"kind": "pick_monsters", "up_to": 2, "why": "tower destroyed"},
    ]
    start = len(state.history())
    play(state, "bottom 5a", "stop", "bottom 7b")
    assert said(state, start) == [
        {"kind": "monster_to_bottom", "card": "5a", "why": "tower destroyed"},
        {"kind": "pick_stopped", "unused": 1, "why": "tower destroyed"},
        {"kind": "monster_to_bottom", "card": "7b", "why": "not placed"},
        {"kind": "monster_to_bottom", "card": "7a", "why": "not placed"},
        {"kind": "turn_started", "turn": 2, "seat": 1},
    ]
    state = arrange(new_state(), hands=HAND, invasion=2, table=["4a"], deck_top=["2d", "5a", "5a"],
                    action_deck={"ferC": 4})
    events = after(monsters_turn(state), "abilities")
    assert events[:2] == [{"kind": "no_tower_to_destroy"}, {"kind": "monster_to_bottom", "card": "5a",
                                                            "why": "not placed"}]
    assert state.built_towers == 0


def test_save_3_with_one_defeated_card():
    state = arrange(new_state(), hands=HAND, invasion=3, defeated=["1a"], deck_top=["3d", "5a", "5a"],
                    action_deck={"ferC": 4})
    events = after(monsters_turn(state), "abilities")
    assert events == [
        {"kind": "monsters_saved", "cards": ["1a"]},
        {"kind": "monster_to_bottom", "card": "1a", "why": "saved"},
        {"kind": "monster_to_bottom", "card": "5a", "why": "not placed"},
        {"kind": "monster_to_bottom", "card": "5a", "why": "not placed"},
        {"kind": "turn_started", "turn": 2, "seat": 1},
    ]


def monster_deck_of(state, top):
    rest = expected_monsters(state) - Counter(kinds(state, top))
    return [state.deck.m_ids[k] for k in rest.elements()]


def test_a_short_or_empty_monster_deck_is_said():
    base = new_state()
    state = arrange(base, hands=HAND, invasion=1, defeated=monster_deck_of(base, ["1a", "4a"]),
                    deck_top=["1a", "4a"], action_deck={"ferC": 4})
    events = proliferation(monsters_turn(state))
    assert [e["kind"] for e in events][:4] == ["monster_revealed", "monster_revealed", "reveal_short",
                                              "monsters_placed"]
    assert events[2] == {"kind": "reveal_short", "revealed": 2, "wanted": 3}
    base = new_state()
    state = arrange(base, hands=HAND, invasion=4, table=["7a"], defeated=monster_deck_of(base, ["7a"]), wall=40,
                    action_deck={"ferC": 4})
    events = proliferation(monsters_turn(state))
    assert events[:3] == [
        {"kind": "reveal_short", "revealed": 0, "wanted": 3},
        {"kind": "monsters_placed", "cards": [], "set_aside": [], "level": 0, "invasion": 4},
        {"kind": "invasion_raised", "from": 4, "to": 5, "why": "nothing placed", "by": []},
    ]


def test_the_wins_are_said():
    state = arrange(new_state(), hands=HAND, invasion=15, deck_top=["1d", "7a", "7b"], action_deck={"ferC": 4})
    events = monsters_turn(state)
    assert events[-1] == {"kind": "game_won", "cause": "the invasion passed 15"}
    assert events[-2] == {"kind": "invasion_raised", "from": 15, "to": 16, "why": "ability", "by": ["1d"]}
    base = new_state(players=1)
    state = arrange(base, hands=[["pa", "carrinho", "ferC", "atraso", "defeito"]], table=["3b"],
                    defeated=monster_deck_of(base, ["3b"]))
    at_attack(state, [6])
    play(state, "hit 3b 6")
    assert said(state) == [
        {"kind": "die_assigned", "monster": "3b", "value": 6, "total": 6, "life": 6},
        {"kind": "monster_defeated", "monster": "3b", "dice": [6], "life": 6, "table": 0},
        {"kind": "game_won", "cause": "every monster was defeated"},
    ]


def test_dice_added_up_on_one_monster():
    state = at_attack(arrange(new_state(), table=["3b", "1a"], hands=HAND), [2, 4, 1])
    play(state, "hit 3b 2", "hit 3b 4")
    assert said(state) == [
        {"kind": "die_assigned", "monster": "3b", "value": 2, "total": 2, "life": 6},
        {"kind": "die_assigned", "monster": "3b", "value": 4, "total": 6, "life": 6},
        {"kind": "monster_defeated", "monster": "3b", "dice": [2, 4], "life": 6, "table": 1},
        # the 1 left can defeat nothing (1a has life 2): the engine ends the attack for seat 0
        {"kind": "forced_move", "seat": 0, "move": "done", "id": A.DONE, "phase": "attack"},
        {"kind": "attack_ended", "seat": 0, "unused": 1},
        {"kind": "wall_changed", "from": 30, "to": 31, "by": "unused dice"},
        {"kind": "monsters_turn", "seat": 0, "monsters": ["1a"]},
        {"kind": "monsters_attack", "attack": 1, "blocked": 0, "cards": 0, "total": 1},
        {"kind": "wall_changed", "from": 31, "to": 30, "by": "monsters"},
    ]


def test_forced_moves_name_the_seat_they_were_for():
    state = arrange(new_state(), board=["pa", "carrinho", "defeito", "atraso"], hands=[HAND[1], HAND[0]], seat=1,
                    action_deck={"ferC": 4})
    play(state, "play ferC")
    forced = [e for e in state.events() if e["kind"] == "forced_move"]
    assert forced == [{"kind": "forced_move", "action": 0, "seat": 1, "move": "five", "id": A.FIVE,
                       "phase": "remove"}]


def test_setup_and_exchange_are_said():
    state = new_state(players=2)
    rng = random.Random(5)
    while state.round == 0:
        step_random(state, rng)
    events = state.events()
    reveals = [e for e in events if e["kind"] == "monster_revealed"]
    assert len(reveals) == 10 and all(e["why"] == "setup" for e in reveals)
    sorted_ = [e for e in events if e["kind"] == "setup_sorted"]
    assert len(sorted_) == 1
    deck = state.deck
    red = {deck.m_ids[k] for k in range(len(deck.m_ids)) if deck.special[k]}
    assert sorted(sorted_[0]["bottom"] + sorted_[0]["top"]) == sorted(e["card"] for e in reveals)
    assert set(sorted_[0]["bottom"]) <= red and not set(sorted_[0]["top"]) & red
    dealt = [e for e in events if e["kind"] == "card_dealt"]
    returned = [e for e in events if e["kind"] == "card_returned"]
    assert len(dealt) == 6 + len(returned)  # the refill after the exchange replaces what was given back
    assert all(deck.colour[deck.action_kind(e["card"])] == "vermelha" for e in returned)
    assert kinds_said(state)[-1] == "turn_started" and events[-1]["turn"] == 1 and events[-1]["seat"] == 0


# --- the API: replay equals live recording, last_events, preview ------------------------------------

def random_game(seed: int, players: int = 2, record: bool = False, **params):
    state = new_state(players=players, **params)
    if record:
        state.record_events()
    rng = random.Random(seed)
    while not state.is_terminal():
        step_random(state, rng)
    return state


def test_events_after_replay_equal_the_live_recording():
    for seed in range(6):
        live = random_game(seed, players=1 + seed % 3, record=True)
        replayed = live.game.new_initial_state()
        for action in live.history():
            replayed.apply_action(action)
        assert replayed._ev is None  # not recording until asked
        assert replayed.events() == live.events()
        loaded = soloboard.state_from_json(live.to_json())
        assert loaded.events() == live.events()


def test_recording_changes_nothing_in_the_game():
    for seed in range(4):
        quiet, loud = random_game(seed), random_game(seed, record=True)
        assert quiet.history() == loud.history() and position_dict(quiet) == position_dict(loud)


def test_events_since_and_last_events():
    state = new_state()
    assert state.events() == [] and state.last_events() == []
    rng = random.Random(2)
    for _ in range(80):
        step_random(state, rng)
        last = state.last_events()
        assert all(e["action"] == len(state.history()) - 1 for e in last)
        assert last == [e for e in state.events() if e["action"] == len(state.history()) - 1]
    everything = state.events()
    for since in (0, 10, 40, 79, 80, 200):
        assert state.events(since) == [e for e in everything if e["action"] >= since]
    state.events()[0]["kind"] = "changed"  # copies: the log is untouched
    assert state.events() == everything


def test_clones_do_not_record():
    state = new_state()
    state.record_events()
    clone = state.clone()
    assert clone._ev is None and state._ev is not None


def test_preview_says_what_a_move_would_do_and_changes_nothing():
    rng = random.Random(9)
    state = new_state()
    previews = 0
    while not state.is_terminal() and previews < 60:
        if not state.is_chance_node():
            before, history, recorded = position_dict(state), state.history(), state.events()
            for action in state.legal_actions():
                expected = state.clone()
                expected.record_events()
                expected.apply_action(action)
                assert state.preview(action) == expected.last_events()
                previews += 1
            assert position_dict(state) == before and state.history() == history
            assert state.events() == recorded
            with pytest.raises(soloboard.IllegalActionError):
                state.preview(A.NUM_ACTIONS - 1 if A.NUM_ACTIONS - 1 not in state.legal_actions() else -1)
            assert position_dict(state) == before
        step_random(state, rng)
    assert previews >= 60


def test_an_arranged_position_starts_its_own_events():
    state = arrange(new_state(), hands=HAND, action_deck={"ferC": 4})
    assert state.events() == []
    play(state, "play pa")
    assert [e["action"] for e in state.events()] == [0, 0, 0]
    copy = state.clone()
    assert copy.events() == state.events()  # a clone replays from the same origin


# --- properties over random games ---------------------------------------------------------------------

DIFFICULTIES = ["iniciante", "facil", "medio", "dificil", "epico"]
games = st.fixed_dictionaries({
    "players": st.integers(1, 6),
    "difficulty": st.sampled_from(DIFFICULTIES),
    "five_removal": st.sampled_from(["any", "forced-only"]),
})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(params=games, seed=st.integers(0, 2**32))
def test_events_are_json_with_valid_action_indexes_and_add_up(params, seed):
    game = soloboard.load_game("monstros", **params)
    state = game.new_initial_state()
    state.record_events()
    rng = random.Random(seed)
    checked = 0
    while not state.is_terminal():
        step_random(state, rng)
        if rng.random() < 0.05:  # the tracks add up at any point of the game, not only at the end
            check_tracks(state)
            checked += 1
    check_invariants(state)
    events = state.events()
    assert json.loads(json.dumps(events)) == events
    n = len(state.history())
    actions = [e["action"] for e in events]
    assert all(isinstance(a, int) and 0 <= a < n for a in actions)
    assert actions == sorted(actions)  # oldest first
    assert all(isinstance(e["kind"], str) and e["kind"] in narrate.SENTENCES for e in events)
    check_tracks(state)
    assert sum(e["kind"] == "turn_started" for e in events) == state.round
    ends = [e for e in events if e["kind"] in ("game_won", "game_lost")]
    assert ends == [events[-1]] and ends[0]["cause"] == state.end_cause
    assert (ends[0]["kind"] == "game_won") == (state.result == 1.0)
    for e in events:
        if e["kind"] == "forced_move":
            assert 0 <= e["seat"] < game.players and 0 <= e["id"] < game.num_distinct_actions()
        if e["kind"] == "card_played":
            assert 1 <= e["slot"] <= 5
        if e["kind"] == "monster_defeated":
            assert sum(e["dice"]) >= e["life"]


def check_tracks(state) -> None:
    """The wall's and the invasion's events add up to their changes since the start."""
    events = state.events()
    wall = sum(e["to"] - e["from"] for e in events if e["kind"] == "wall_changed")
    invasion = sum(e["to"] - e["from"] for e in events if e["kind"] == "invasion_raised")
    assert 30 + wall == state.wall
    assert 1 + invasion == state.invasion
    for e in events:
        if e["kind"] == "wall_changed":
            assert e["from"] != e["to"] and 0 <= e["to"] <= 50
    defeated = sum(e["kind"] == "monster_defeated" for e in events)
    saved = sum(len(e["cards"]) for e in events if e["kind"] == "monsters_saved")
    assert defeated - saved == len(state.defeated)
    towers = sum(e["kind"] == "tower_built" for e in events) - sum(
        e["kind"] in ("tower_removed", "tower_destroyed") for e in events)
    assert towers == state.built_towers


# --- narration --------------------------------------------------------------------------------------

def documented_kinds() -> set[str]:
    text = DOCS.read_text("utf-8")
    section = text.split("\n## Events\n", 1)[1].split("\n## ", 1)[0]
    found: set[str] = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            found.update(re.findall(r"`([a-z_0-9]+)`", line.split("|")[1]))
    return found


def test_every_event_kind_is_documented_and_narrated():
    assert documented_kinds() == set(narrate.SENTENCES)


def test_narration_of_random_games_has_a_sentence_for_every_event():
    for seed in range(8):
        state = random_game(seed, players=1 + seed % 6, difficulty=DIFFICULTIES[seed % 5])
        lines = narrate.narrate(state.events(), state)
        assert len(lines) == len(state.events())
        for line, event in zip(lines, state.events(), strict=True):
            assert line and (line[0].isupper() or line[0].isdigit()), line
            assert not line.startswith(event["kind"] + ":"), line  # never the fallback form
        assert lines[-1].startswith("The players WIN") or lines[-1].startswith("The players LOSE")


def test_some_sentences():
    game = soloboard.load_game("monstros")
    say = narrate.describe
    assert say({"kind": "monsters_attack", "action": 3, "attack": 5, "blocked": 3, "cards": 3, "total": 2}, game) == (
        "The monsters attack: their attack 5, minus 1 for each of the 3 cards in board slots 1-4, = 2.")
    assert say({"kind": "forced_move", "action": 3, "seat": 1, "move": "done", "id": A.DONE, "phase": "attack"}) == (
        "For seat 2, the engine plays 'done' (the only legal move).")  # the event's seat 1, counted from 1
    assert say({"kind": "monster_revealed", "action": 0, "card": "4c", "why": "proliferation"}, game) == (
        "Revealed monster 4c (level 4, life 6, attack 2, shield, raises the invasion).")
    assert say({"kind": "card_drawn", "action": 0, "seat": 0, "card": "pa"}, game) == "Seat 1 draws Shovel (PÁ, pa)."
    assert say({"kind": "card_drawn", "action": 0, "seat": 0, "card": "pa"}) == "Seat 1 draws pa."
    assert say({"kind": "wall_changed", "action": 0, "from": 31, "to": 29, "by": "monsters"}) == (
        "Wall 31 → 29 (the monsters' attack).")
    assert say({"kind": "something_new", "action": 0, "x": 1}) == "something_new: x=1"
    assert narrate.turn_heading(0) == "Set-up" and narrate.turn_heading(3, 1) == "Turn 3 (seat 2)"
