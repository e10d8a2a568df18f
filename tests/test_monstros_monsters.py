"""The monsters' turn (rulebook: 2 - jogada dos monstros): their attack, proliferation,
abilities, the invasion track, and how the game ends."""

from __future__ import annotations

from collections import Counter

import pytest

import soloboard
from monstros_helpers import (
    arrange,
    at_attack,
    check_invariants,
    expected_monsters,
    kinds,
    legal_strings,
    new_state,
    play,
)

HAND = [["pa", "carrinho", "ferC"], ["pa", "carrinho", "defeito"]]


def monsters_turn(state, dice=()):
    """End the arranged player's attack (nothing else to do) so the monsters act."""
    at_attack(state, dice)
    if state.phase_name == "attack":
        play(state, "done")
    return state


def bottom(state):
    """The known cards at the bottom of the monster deck, as ids."""
    shuffled, cards = state.monster_deck[-1]
    assert not shuffled
    return [state.deck.m_ids[k] for k in cards]


def test_monster_attack_is_their_attack_minus_board_slots_1_to_4():
    state = arrange(new_state(), table=["4a", "5a"], board=["pa", "defeito"], hands=HAND, deck_top=["7a"] * 1)
    assert state.monster_attack() == 2 + 3 - 2
    monsters_turn(state)
    assert state.wall == 30 - 3


def test_monster_attack_never_below_zero():
    state = arrange(new_state(), table=["1a"], board=["pa", "defeito", "atraso", "ferC"], hands=HAND)
    assert state.monster_attack() == 0
    monsters_turn(state)
    assert state.wall == 30


def test_wall_at_zero_loses():
    state = arrange(new_state(), table=["7a", "coroa7"], hands=HAND, wall=8)
    monsters_turn(state)
    assert state.is_terminal() and state.wall == 0
    assert state.returns() == [0.0, 0.0]
    assert state.current_player() == soloboard.TERMINAL_PLAYER
    assert state.loss_cause == "the wall was destroyed"
    with pytest.raises(soloboard.IllegalActionError, match="game is over"):
        state.apply_action(0)


def test_turn_passes_to_the_next_seat():
    state = arrange(new_state(players=3), hands=[HAND[0], HAND[1], HAND[0]], seat=2, deck_top=["1a", "1b", "2a"],
                    invasion=4)
    monsters_turn(state)
    assert state.seat == 0 and state.current_player() == 0 and state.round == 2


def test_placed_shielded_monsters_bring_shield_tokens_up_to_the_supply():
    state = arrange(new_state(), hands=HAND, invasion=2, deck_top=["1c", "1c", "7a"])
    monsters_turn(state)
    assert state.shields == 2 and Counter(state.table) == Counter(kinds(state, ["1c", "1c"]))
    state = arrange(new_state(), hands=HAND, invasion=2, shields=4, deck_top=["1c", "1c", "7a"])
    monsters_turn(state)
    assert state.shields == 5  # the fifth token; the second shielded monster finds none left


def test_raise_invasion_only_once_per_turn():
    state = arrange(new_state(), hands=HAND, invasion=3, deck_top=["1d", "2e", "7a"])
    monsters_turn(state)
    assert state.invasion == 4
    assert Counter(state.table) == Counter(kinds(state, ["1d", "2e"]))


def test_raise_invasion_acts_even_if_the_monster_is_not_placed():
    state = arrange(new_state(), hands=HAND, invasion=1, deck_top=["2e", "3a", "4a"])
    monsters_turn(state)
    play(state, "bottom 2e", "bottom 3a")
    assert state.invasion == 2  # raised by 2e, not raised again for placing nothing
    assert bottom(state) == ["2e", "3a", "4a"]


def test_destroy_a_tower_per_monster_and_the_tower_ability_may_be_used():
    state = arrange(new_state(), hands=HAND, invasion=2, towers=2, table=["5a", "3a"], deck_top=["2d", "7a", "7b"])
    monsters_turn(state)
    assert state.built_towers == 1
    assert state.phase_name == "pick" and state.picks_left == 2  # the destroyed tower's ability, now
    assert legal_strings(state) == ["bottom 2d", "bottom 3a", "bottom 5a", "stop"]
    play(state, "bottom 5a", "bottom 2d")
    assert state.table == kinds(state, ["3a"])
    play(state, "bottom 7b")  # the unplaced revealed cards go below, in the players' order
    assert bottom(state) == ["5a", "2d", "7b", "7a"]


def test_destroy_a_tower_never_takes_the_printed_tower():
    state = arrange(new_state(), hands=HAND, invasion=2, towers=0, table=["5a"], deck_top=["2d", "7a", "7b"])
    monsters_turn(state)
    play(state, "bottom 7a")
    assert state.built_towers == 0 and state.phase_name == "play" and state.table == kinds(state, ["5a", "2d"])


def test_save_three_with_fewer_defeated_takes_what_there_is():
    state = arrange(new_state(), hands=HAND, invasion=3, defeated=["1a"], deck_top=["3d", "5a", "5a"])
    monsters_turn(state)
    assert state.defeated == [] and state.table == kinds(state, ["3d"])
    assert bottom(state) == ["1a", "5a", "5a"]


def monster_deck_of(state, top):
    """Arrange a position whose monster deck is exactly ``top`` (every other monster defeated)."""
    rest = expected_monsters(state) - Counter(kinds(state, top))
    return [state.deck.m_ids[k] for k in rest.elements()]


def test_a_short_monster_deck_reveals_what_is_left():
    base = new_state()
    state = arrange(base, hands=HAND, invasion=1, defeated=monster_deck_of(base, ["1a", "4a"]), deck_top=["1a", "4a"])
    monsters_turn(state)
    assert state.table == kinds(state, ["1a"]) and state.monster_deck_size() == 1 and state.invasion == 1


def test_an_empty_monster_deck_reveals_nothing_and_the_invasion_goes_up():
    base = new_state()
    state = arrange(base, hands=HAND, invasion=4, table=["7a"], defeated=monster_deck_of(base, ["7a"]), wall=40)
    monsters_turn(state)
    assert state.invasion == 5 and state.table == kinds(state, ["7a"])


def test_win_when_the_invasion_passes_15():
    state = arrange(new_state(), hands=HAND, invasion=15, deck_top=["1d", "7a", "7b"])
    monsters_turn(state)
    assert state.is_terminal() and state.returns() == [1.0, 1.0]
    assert state.end_cause == "the invasion passed 15" and state.loss_cause == ""


def test_win_when_every_monster_is_defeated():
    base = new_state(players=1)
    state = arrange(base, hands=[["pa", "carrinho", "ferC", "atraso", "defeito"]], table=["3b"],
                    defeated=monster_deck_of(base, ["3b"]))
    assert state.monster_deck_size() == 0
    at_attack(state, [6])
    play(state, "hit 3b 6")
    assert state.is_terminal() and state.returns() == [1.0]
    assert state.end_cause == "every monster was defeated"
    check_invariants(state)


def test_placement_must_be_the_best_sum():
    state = arrange(new_state(), hands=HAND, invasion=5, deck_top=["1a", "2a", "3a"])
    monsters_turn(state)
    # 2+3 = 5 is the only best sum
    assert Counter(state.table) == Counter(kinds(state, ["2a", "3a"]))
    assert bottom(state) == ["1a"]


def test_place_refusal_names_the_rule():
    state = arrange(new_state(), hands=HAND, invasion=3, deck_top=["1a", "1b", "2a"])
    monsters_turn(state)
    assert state.phase_name == "place"
    with pytest.raises(soloboard.IllegalActionError, match="as close to the invasion") as err:
        state.apply_action(state.string_to_action("place 1a"))
    assert err.value.rule == "monsters: proliferation"
    with pytest.raises(ValueError, match="only the revealed monsters"):
        state.string_to_action("place 7a")


def test_order_decisions_only_between_different_cards():
    state = arrange(new_state(), hands=HAND, invasion=1, deck_top=["3a", "3a", "4a"])
    monsters_turn(state)
    assert legal_strings(state) == ["bottom 3a", "bottom 4a"]
    play(state, "bottom 3a")
    assert legal_strings(state) == ["bottom 3a", "bottom 4a"]
    with pytest.raises(soloboard.IllegalActionError, match="going to the bottom now are 3a 4a") as err:
        state.apply_action(state.string_to_action("bottom 7a"))
    assert err.value.rule == "monsters to the bottom"
    play(state, "bottom 4a")
    assert bottom(state) == ["3a", "4a", "3a"]
    assert state.invasion == 2


def test_decisions_in_the_monsters_turn_belong_to_the_seat_whose_turn_it_is():
    state = arrange(new_state(players=3), hands=[HAND[0], HAND[1], HAND[0]], seat=1, invasion=3,
                    deck_top=["1a", "1b", "2a"])
    monsters_turn(state)
    assert state.phase_name == "place" and state.current_player() == 1
