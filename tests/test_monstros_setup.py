"""Set-up (rulebook: Preparação 1-4): tracks, monster deck per difficulty, the first ten cards,
the action deck and hands (solo and 2-6 players), and the one-time exchange of red cards."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import soloboard
from monstros_helpers import check_invariants, new_state, past_setup, play
from soloboard.monstros import state as S

DIFFICULTY_MONSTERS = {
    "iniciante": [],
    "facil": ["facil"],
    "medio": ["facil", "medio"],
    "dificil": ["facil", "medio", "dificil"],
    "epico": ["facil", "medio", "dificil", "epico"],
}
COMMON_MONSTERS = 49  # 54 cards minus the 5 coloured ones
RED = ("defeito", "atraso")


def ids(state, kinds):
    return [state.deck.m_ids[k] for k in kinds]


def test_tracks_start_at_wall_30_and_invasion_1():
    state = new_state()
    assert (state.wall, state.invasion, state.built_towers, state.die_tokens, state.shields) == (30, 1, 0, 0, 0)
    assert state.is_chance_node()
    assert state.current_player() == soloboard.CHANCE_PLAYER
    assert state.phase_name == "setup-reveal"


def test_starting_monster_is_on_the_table_not_in_the_deck():
    state = new_state()
    assert ids(state, state.table) == ["i"]
    deck_ids = [state.deck.m_ids[k] for _, cards in state.monster_deck for k in cards]
    assert "i" not in deck_ids


@pytest.mark.parametrize("difficulty", list(DIFFICULTY_MONSTERS))
def test_difficulty_adds_its_special_monsters(difficulty):
    state = new_state(difficulty=difficulty)
    deck_ids = Counter(state.deck.m_ids[k] for _, cards in state.monster_deck for k in cards)
    special = {"facil", "medio", "dificil", "epico"}
    assert sorted(k for k in deck_ids if k in special) == sorted(DIFFICULTY_MONSTERS[difficulty])
    assert sum(deck_ids.values()) == COMMON_MONSTERS + len(DIFFICULTY_MONSTERS[difficulty])


@pytest.mark.parametrize(("given", "canonical"), [
    ("fácil", "facil"), ("Médio", "medio"), ("DIFÍCIL", "dificil"), ("épico", "epico"), ("Iniciante", "iniciante"),
    ("  epico ", "epico"),
])
def test_accented_difficulties(given, canonical):
    assert soloboard.load_game("monstros", difficulty=given).parameters()["difficulty"] == canonical


@pytest.mark.parametrize("bad", ["hard", "", "médium", 3, None])
def test_unknown_difficulty_is_refused_with_the_valid_ones(bad):
    with pytest.raises(ValueError, match="valid difficulties: iniciante, facil, medio, dificil, epico"):
        soloboard.load_game("monstros", difficulty=bad)


@pytest.mark.parametrize("bad", [0, 7, -1, "2", True, 2.0])
def test_players_must_be_1_to_6(bad):
    with pytest.raises(ValueError, match=r"players must be 1\.\.6"):
        soloboard.load_game("monstros", players=bad)


def test_unknown_parameter_is_refused():
    with pytest.raises(ValueError, match=r"unknown parameter 'city'.*players, difficulty, deck, five_removal"):
        soloboard.load_game("monstros", city="roswell")
    with pytest.raises(ValueError, match="five_removal"):
        soloboard.load_game("monstros", five_removal="never")


def reveal_setup(state, reveals):
    for card in reveals:
        play(state, f"reveal {card}")


def test_first_ten_cards_specials_to_the_bottom_the_rest_on_top():
    state = new_state()
    reveals = ["1a", "2d", "1a", "3c", "2a", "coroa7", "3a", "1b", "4c", "5a"]
    reveal_setup(state, reveals)
    # 2d (destroy tower), 3c and 4c (raise invasion), coroa7 (raise + save): red symbols
    top, middle, bottom = state.monster_deck
    assert top[0] and middle[0] and bottom[0], "every part of the deck is shuffled"
    assert sorted(ids(state, top[1])) == sorted(["1a", "1a", "2a", "3a", "1b", "5a"])
    assert sorted(ids(state, bottom[1])) == sorted(["2d", "3c", "coroa7", "4c"])
    assert len(middle[1]) == COMMON_MONSTERS - 10
    assert state.phase_name == "deal"
    check_invariants(state)


def test_setup_reveal_is_a_chance_node_over_card_kinds():
    state = new_state()
    outcomes = dict(state.chance_outcomes())
    deck = state.deck
    one_a = deck.monster_kind("1a")
    assert outcomes[one_a] == pytest.approx(5 / COMMON_MONSTERS)  # five 1a among the 49 cards
    assert outcomes[deck.monster_kind("coroa7")] == pytest.approx(1 / COMMON_MONSTERS)
    assert state.action_to_string(one_a) == "reveal 1a"
    assert state.string_to_action("reveal 1a") == one_a


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_to_six_players_hands_of_3_without_green_constructors(players):
    state = past_setup(new_state(players=players), random.Random(players))
    green = state.deck.action_kind("construtorV")
    assert state.game.action_counts[green] == 0
    assert sum(state.game.action_counts) == 33
    assert all(state.hand_size(s) == 3 for s in range(players))
    assert state.current_player() == 0 and state.phase_name == "play"
    check_invariants(state)


def test_solo_hand_of_5_with_green_constructors():
    state = past_setup(new_state(players=1), random.Random(1))
    green = state.deck.action_kind("construtorV")
    assert state.game.action_counts[green] == 2
    assert sum(state.game.action_counts) == 35
    assert state.hand_size(0) == 5
    assert state.returns() == [0.0]
    check_invariants(state)


def deal(state, cards):
    for card in cards:
        play(state, f"deal {card}")


def test_exchange_red_cards_once_then_refill():
    state = new_state(players=2)
    reveal_setup(state, ["1a"] * 5 + ["1b"] * 3 + ["2a", "2a"])
    deal(state, ["defeito", "atraso", "pa", "pa", "carrinho", "ferC"])  # seat 0 then seat 1
    # seat 1 has no red card: only seat 0 is asked
    assert state.phase_name == "exchange" and state.current_player() == 0
    assert sorted(state.action_to_string(a) for a in state.legal_actions()) == ["keep", "return atraso",
                                                                                  "return defeito"]
    play(state, "return defeito")
    assert state.hand_size(0) == 2
    assert state.legal_actions() == [state.string_to_action("return atraso"), state.string_to_action("keep")]
    play(state, "keep")
    assert state.phase_name == "deal"  # the deck (with the returned card) is shuffled, the hand refilled
    assert dict(state.chance_outcomes())[state.deck.action_kind("defeito")] == pytest.approx(4 / 28)
    play(state, "deal defeito")  # the same card may come back: the exchange is not repeated
    assert state.phase_name == "play" and state.round == 1
    assert state.hand_size(0) == 3
    assert not any(state.action_to_string(a).startswith("return") for a in state.legal_actions())
    check_invariants(state)


def test_exchange_asks_each_player_with_red_cards_in_turn():
    state = new_state(players=3)
    reveal_setup(state, ["1a"] * 5 + ["1b"] * 3 + ["2a", "2a"])
    deal(state, ["defeito", "pa", "pa", "pa", "pa", "carrinho", "atraso", "atraso", "ferC"])
    assert state.current_player() == 0
    play(state, "keep")
    assert state.current_player() == 2  # seat 1 holds no red card
    play(state, "return atraso", "return atraso")  # both returned: nothing left to decide for seat 2
    assert state.phase_name == "deal"
    deal(state, ["pa", "ferC"])
    assert state.phase_name == "play" and state.current_player() == 0
    kind = state.deck.action_kind
    assert Counter(state.hand(0)) == Counter([kind("pa"), kind("pa"), kind("defeito")])
    assert Counter(state.hand(2)) == Counter([kind("ferC"), kind("ferC"), kind("pa")])


def test_no_exchange_when_nobody_holds_red_cards():
    state = new_state(players=2)
    reveal_setup(state, ["1a"] * 5 + ["1b"] * 3 + ["2a", "2a"])
    deal(state, ["pa", "pa", "carrinho", "carrinho", "carrinho", "ferC"])
    assert state.phase_name == "play" and state.round == 1 and state.current_player() == 0


def test_a_hand_of_equal_cards_plays_itself():
    """A decision with one legal action is taken at once (nothing to choose)."""
    state = new_state(players=2)
    reveal_setup(state, ["1a"] * 5 + ["1b"] * 3 + ["2a", "2a"])
    deal(state, ["pa", "pa", "pa", "carrinho", "carrinho", "ferC"])
    assert state.phase_name == "draw" and state.board == [state.deck.action_kind("pa")]
    assert state.history()[-1] == state.deck.action_kind("ferC")  # the forced play is not in the history


def test_solo_exchange_refills_to_five():
    state = new_state(players=1)
    reveal_setup(state, ["1a"] * 5 + ["1b"] * 3 + ["2a", "2a"])
    deal(state, ["defeito", "atraso", "pa", "pa", "construtorV"])
    play(state, "return defeito", "return atraso")
    assert state.phase_name == "deal"
    deal(state, ["carrinho", "ferC"])
    assert state.hand_size(0) == 5 and state.phase_name == "play"


def test_sizes_of_the_game():
    game = soloboard.load_game("monstros", players=3)
    assert game.num_distinct_actions() == 558
    assert game.max_chance_outcomes() == 64 + 461  # 64 card kinds, rolls of 1..5 dice
    assert game.num_players() == 3
    assert game.parameters() == {"players": 3, "difficulty": "iniciante", "deck": None, "five_removal": "any"}


def test_phase_names_cover_every_phase():
    assert len(S.PHASE_NAMES) == S.OVER + 1
