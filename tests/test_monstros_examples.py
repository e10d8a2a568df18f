"""The rulebook's worked examples (v1.4), played through the rules engine.

The example monsters are described by their numbers in the rulebook; the cards used here
are the reconstructed deck's cards with those numbers (2a: life 3; 3b: life 6; 1a, 1b:
two different level-1 monsters; 2a: level 2; 3a, 3b: level 3; 4c: level 4 with a shield and
"raise the invasion"; coroa7, coroa5: the "coroa" monsters, raise the invasion + save 3).
"""

from __future__ import annotations

from monstros_helpers import arrange, at_attack, check_invariants, kinds, legal_strings, new_state, play

HAND = [["pa", "carrinho", "ferC"], ["pa", "carrinho", "defeito"]]


def test_deck_cards_match_the_examples():
    deck = new_state().deck
    life = {i: deck.life[deck.monster_kind(i)] for i in ("2a", "3b")}
    assert life == {"2a": 3, "3b": 6}
    level = {i: deck.level[deck.monster_kind(i)] for i in ("1a", "1b", "2a", "3a", "3b", "4c", "coroa7", "coroa5")}
    assert level == {"1a": 1, "1b": 1, "2a": 2, "3a": 3, "3b": 3, "4c": 4, "coroa7": 7, "coroa5": 5}
    four_c = deck.monster_kind("4c")
    assert deck.shield[four_c] and deck.raises[four_c] and not deck.saves[four_c]
    for crown in ("coroa7", "coroa5"):
        k = deck.monster_kind(crown)
        assert deck.raises[k] and deck.saves[k] and deck.m_names[k] == "coroa"


def test_maria_attack():
    """João and Maria have 3 towers (the printed one included); on the table, monsters with
    life 3, 6 and 6, and 1 shield. Maria rolls 2, 2, 6: a 2 destroys the shield, the 6
    defeats a 6-life monster, the other 2 is too weak for the rest and gives 1 wall."""
    state = arrange(new_state(), table=["2a", "3b", "3b"], shields=1, towers=2, hands=HAND,
                    action_deck={"ferC": 4})
    play(state, "play pa")  # one card on the board: no re-roll
    assert state.phase_name == "roll" and state.to_roll == 3
    play(state, "roll 226")
    # while the shield stands, no monster can be attacked
    assert legal_strings(state) == ["remove tower", "shield 2", "shield 6"]
    play(state, "shield 2")
    assert state.shields == 0
    play(state, "hit 3b 6")
    assert state.defeated == kinds(state, ["3b"])
    assert sorted(state.table) == sorted(kinds(state, ["2a", "3b"]))
    # the remaining 2 cannot defeat a 3-life or a 6-life monster
    assert legal_strings(state) == ["remove tower", "done"]
    attack = state.monster_attack()
    assert attack == 1 + 2 - 1  # 2a and 3b attack; one card on the board stops 1
    play(state, "done")
    assert state.wall == 30 + 1 - attack
    check_invariants(state)


def monsters_turn(state):
    at_attack(state, [])
    return state


def test_proliferation_two_level_1_and_a_level_2_at_invasion_3():
    """Two different level-1 monsters and a level-2 are revealed at invasion 3: the players
    choose which level-1 goes to the table with the level-2; the other is set aside."""
    state = arrange(new_state(), hands=HAND, invasion=3, deck_top=["1a", "1b", "2a"])
    monsters_turn(state)
    assert state.phase_name == "place"
    assert legal_strings(state) == ["place 1a 2a", "place 1b 2a"]
    play(state, "place 1b 2a")
    assert state.table == kinds(state, ["1b", "2a"])
    assert state.mdeck[-1] == (False, tuple(kinds(state, ["1a"])))  # the other one went to the bottom
    assert state.invasion == 3  # monsters were placed: the marker stays
    assert state.phase_name == "play" and state.current_player() == 1
    check_invariants(state)


def test_invasion_1_with_levels_2_3_3():
    """At invasion 1 a level-2 and two level-3 monsters are revealed: none is placed, all go
    to the bottom of the deck and the invasion marker moves to 2."""
    state = arrange(new_state(), hands=HAND, invasion=1, deck_top=["2a", "3a", "3b"])
    monsters_turn(state)
    assert state.table == []
    assert state.phase_name == "order"  # "in any order the players choose"
    assert legal_strings(state) == ["bottom 2a", "bottom 3a", "bottom 3b"]
    play(state, "bottom 3b", "bottom 2a")
    assert state.mdeck[-1] == (False, tuple(kinds(state, ["3b", "2a", "3a"])))
    assert state.invasion == 2
    check_invariants(state)


def test_invasion_11_with_the_coroa_monsters():
    """At invasion 11: a level-4 monster with a shield and "raise the invasion", and the two
    "coroa" monsters (levels 7 and 5, "raise the invasion" and "save 3 monsters"). 4 + 7 = 11
    go to the table; the invasion moves to 12 (once); the 6 top cards of the defeated pile go
    to the bottom of the deck; finally the level-5 monster goes to the bottom too."""
    defeated = ["1a", "1b", "2a", "2b", "3a", "3b", "1c"]  # bottom first: 1c was defeated last
    state = arrange(new_state(), hands=HAND, invasion=11, defeated=defeated, wall=45,
                    deck_top=["4c", "coroa7", "coroa5"])
    monsters_turn(state)
    assert state.table == kinds(state, ["4c", "coroa7"])
    assert state.shields == 1  # 4c has a shield
    assert state.invasion == 12
    # first "save 3": the three top cards (the last defeated), in the players' order
    assert state.phase_name == "order"
    assert legal_strings(state) == ["bottom 1c", "bottom 3a", "bottom 3b"]
    play(state, "bottom 1c", "bottom 3a")
    # second "save 3": the next three
    assert legal_strings(state) == ["bottom 1b", "bottom 2a", "bottom 2b"]
    play(state, "bottom 2b", "bottom 2a")
    assert state.defeated == kinds(state, ["1a"])
    assert state.mdeck[-1] == (False, tuple(kinds(state, ["1c", "3a", "3b", "2b", "2a", "1b", "coroa5"])))
    assert state.invasion == 12  # monsters were placed: no further move
    assert state.phase_name == "play" and state.current_player() == 1
    check_invariants(state)
