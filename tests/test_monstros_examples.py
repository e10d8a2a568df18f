"""The rulebook's worked examples (v1.4), played through the rules engine.

The example monsters are described by their numbers in the rulebook; the cards used here
are the reconstructed deck's cards with those numbers (2a: life 3; 3b: life 6; 1a, 1b:
two different level-1 monsters; 2a: level 2; 3a, 3b: level 3; 4c: level 4 with a shield and
"raise the invasion"; coroa7, coroa5: the "coroa" monsters, raise the invasion + save 3).
"""

from __future__ import annotations

from monstros_helpers import arrange, check_invariants, kinds, legal_strings, new_state, play, said

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
    assert said(state) == [
        {"kind": "card_played", "seat": 0, "card": "pa", "slot": 1, "bonus": ["block"], "full": False},
        {"kind": "card_drawn", "seat": 0, "card": "ferC"},
        {"kind": "attack_started", "seat": 0, "dice": 3, "reroll": False, "tokens": 0, "shields": 1},
    ]
    play(state, "roll 226")
    assert state.last_events() == [{"kind": "dice_rolled", "action": 1, "values": [2, 2, 6], "mode": "attack"}]
    # while the shield stands, no monster can be attacked
    assert legal_strings(state) == ["remove tower", "shield 2", "shield 6"]
    play(state, "shield 2")
    assert state.shields == 0
    assert said(state, 2) == [{"kind": "shield_destroyed", "value": 2, "shields": 0}]
    play(state, "hit 3b 6")
    assert state.defeated == kinds(state, ["3b"])
    assert sorted(state.table) == sorted(kinds(state, ["2a", "3b"]))
    assert said(state, 3) == [
        {"kind": "die_assigned", "monster": "3b", "value": 6, "total": 6, "life": 6},
        {"kind": "monster_defeated", "monster": "3b", "dice": [6], "life": 6, "table": 2},
    ]
    # the remaining 2 cannot defeat a 3-life or a 6-life monster
    assert legal_strings(state) == ["remove tower", "done"]
    attack = state.monster_attack()
    assert attack == 1 + 2 - 1  # 2a and 3b attack; one card on the board stops 1
    play(state, "done")
    assert state.wall == 30 + 1 - attack
    # "Maria usa-o para ganhar 1 muralha", then the monsters attack the wall
    assert said(state, 4) == [
        {"kind": "attack_ended", "seat": 0, "unused": 1},
        {"kind": "wall_changed", "from": 30, "to": 31, "by": "unused dice"},
        {"kind": "monsters_turn", "seat": 0, "monsters": ["2a", "3b"]},
        {"kind": "monsters_attack", "attack": 3, "blocked": 1, "cards": 1, "total": 2},
        {"kind": "wall_changed", "from": 31, "to": 29, "by": "monsters"},
    ]
    check_invariants(state)


# the player's part of a turn before the examples' monsters' turn: play PÁ (slot 1), draw the only
# kind left in the action deck, roll a 1 with no monster to hit: 'done' is the only move
BEFORE_MONSTERS = [
    {"kind": "card_played", "seat": 0, "card": "pa", "slot": 1, "bonus": ["block"], "full": False},
    {"kind": "card_drawn", "seat": 0, "card": "ferC"},
    {"kind": "attack_started", "seat": 0, "dice": 1, "reroll": False, "tokens": 0, "shields": 0},
    {"kind": "dice_rolled", "values": [1], "mode": "attack"},
    {"kind": "forced_move", "seat": 0, "move": "done", "id": 100, "phase": "attack"},
    {"kind": "attack_ended", "seat": 0, "unused": 1},
    {"kind": "wall_changed", "from": 45, "to": 46, "by": "unused dice"},
    {"kind": "monsters_turn", "seat": 0, "monsters": []},
    {"kind": "monsters_attack", "attack": 0, "blocked": 0, "cards": 1, "total": 0},
]


def at_monsters_turn(invasion, deck_top, defeated=()):
    """Seat 0's turn up to the monsters' proliferation, with ``deck_top`` on top of the monster
    deck, an empty table and wall 45."""
    state = arrange(new_state(), hands=HAND, invasion=invasion, deck_top=deck_top, defeated=defeated,
                    wall=45, action_deck={"ferC": 4})
    play(state, "play pa", "roll 1")
    events = said(state)
    assert events[:len(BEFORE_MONSTERS)] == BEFORE_MONSTERS
    return state, events[len(BEFORE_MONSTERS):]


def revealed(*cards):
    return [{"kind": "monster_revealed", "card": c, "why": "proliferation"} for c in cards]


def test_proliferation_two_level_1_and_a_level_2_at_invasion_3():
    """Two different level-1 monsters and a level-2 are revealed at invasion 3: the players
    choose which level-1 goes to the table with the level-2; the other is set aside."""
    state, events = at_monsters_turn(3, ["1a", "1b", "2a"])
    assert events == [*revealed("1a", "1b", "2a"),
                      {"kind": "place_choice", "seat": 0, "options": 2, "invasion": 3}]
    assert state.phase_name == "place"
    assert legal_strings(state) == ["place 1a 2a", "place 1b 2a"]
    play(state, "place 1b 2a")
    assert state.table == kinds(state, ["1b", "2a"])
    assert state.monster_deck[-1] == (False, tuple(kinds(state, ["1a"])))  # the other one went to the bottom
    assert state.invasion == 3  # monsters were placed: the marker stays
    assert state.phase_name == "play" and state.current_player() == 1
    assert said(state, 2) == [
        {"kind": "monsters_placed", "cards": ["1b", "2a"], "set_aside": ["1a"], "level": 3, "invasion": 3,
         "seat": 0},
        {"kind": "monster_to_bottom", "card": "1a", "why": "not placed"},
        {"kind": "turn_started", "turn": 2, "seat": 1},
    ]
    check_invariants(state)


def test_invasion_1_with_levels_2_3_3():
    """At invasion 1 a level-2 and two level-3 monsters are revealed: none is placed, all go
    to the bottom of the deck and the invasion marker moves to 2."""
    state, events = at_monsters_turn(1, ["2a", "3a", "3b"])
    assert events == [*revealed("2a", "3a", "3b"),
                      {"kind": "monsters_placed", "cards": [], "set_aside": ["2a", "3a", "3b"], "level": 0,
                       "invasion": 1}]
    assert state.table == []
    assert state.phase_name == "order"  # "in any order the players choose"
    assert legal_strings(state) == ["bottom 2a", "bottom 3a", "bottom 3b"]
    play(state, "bottom 3b", "bottom 2a")
    assert state.monster_deck[-1] == (False, tuple(kinds(state, ["3b", "2a", "3a"])))
    assert state.invasion == 2
    # the last card's place is forced; then "o marcador de invasão vai para 2"
    assert said(state, 2) == [
        {"kind": "monster_to_bottom", "card": "3b", "why": "not placed"},
        {"kind": "monster_to_bottom", "card": "2a", "why": "not placed"},
        {"kind": "monster_to_bottom", "card": "3a", "why": "not placed"},
        {"kind": "invasion_raised", "from": 1, "to": 2, "why": "nothing placed", "by": []},
        {"kind": "turn_started", "turn": 2, "seat": 1},
    ]
    check_invariants(state)


def test_invasion_11_with_the_coroa_monsters():
    """At invasion 11: a level-4 monster with a shield and "raise the invasion", and the two
    "coroa" monsters (levels 7 and 5, "raise the invasion" and "save 3 monsters"). 4 + 7 = 11
    go to the table; the invasion moves to 12 (once); the 6 top cards of the defeated pile go
    to the bottom of the deck; finally the level-5 monster goes to the bottom too."""
    defeated = ["1a", "1b", "2a", "2b", "3a", "3b", "1c"]  # bottom first: 1c was defeated last
    state, events = at_monsters_turn(11, ["4c", "coroa7", "coroa5"], defeated)
    assert events == [
        *revealed("4c", "coroa7", "coroa5"),
        {"kind": "monsters_placed", "cards": ["4c", "coroa7"], "set_aside": ["coroa5"], "level": 11, "invasion": 11},
        {"kind": "shield_placed", "monster": "4c", "shields": 1},
        {"kind": "abilities", "raise_invasion": ["4c", "coroa7", "coroa5"], "save_3": ["coroa7", "coroa5"],
         "destroy_tower": []},
        # three monsters show "raise the invasion": it moves once
        {"kind": "invasion_raised", "from": 11, "to": 12, "why": "ability", "by": ["4c", "coroa7", "coroa5"]},
        {"kind": "monsters_saved", "cards": ["1c", "3b", "3a"]},
    ]
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
    assert state.monster_deck[-1] == (False, tuple(kinds(state, ["1c", "3a", "3b", "2b", "2a", "1b", "coroa5"])))
    assert state.invasion == 12  # monsters were placed: no further move
    assert state.phase_name == "play" and state.current_player() == 1
    assert said(state, 2, "monster_to_bottom", "monsters_saved", "invasion_raised") == [
        {"kind": "monster_to_bottom", "card": "1c", "why": "saved"},
        {"kind": "monster_to_bottom", "card": "3a", "why": "saved"},
        {"kind": "monster_to_bottom", "card": "3b", "why": "saved"},
        {"kind": "monsters_saved", "cards": ["2b", "2a", "1b"]},
        {"kind": "monster_to_bottom", "card": "2b", "why": "saved"},
        {"kind": "monster_to_bottom", "card": "2a", "why": "saved"},
        {"kind": "monster_to_bottom", "card": "1b", "why": "saved"},
        {"kind": "monster_to_bottom", "card": "coroa5", "why": "not placed"},  # "Por fim, o monstro nível 5"
    ]
    check_invariants(state)
