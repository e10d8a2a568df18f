"""A player's turn (rulebook: Sequência do turno, 1 - jogada do jogador): playing a card,
removing cards (triples, all five and their rewards), towers, and the attack."""

from __future__ import annotations

import pytest

import soloboard
from monstros_helpers import (
    arrange,
    at_attack,
    cards,
    check_invariants,
    kinds,
    kinds_said,
    legal_strings,
    new_state,
    play,
    said,
)
from soloboard.monstros import actions as A

HAND = [["pa", "carrinho", "ferC"], ["pa", "carrinho", "defeito"]]


def test_a_card_goes_into_the_first_free_slot_and_a_card_is_drawn():
    state = arrange(new_state(), board=["pa"], hands=[["carrinho", "ferC", "atraso"], ["pa", "pa", "ferC"]])
    assert legal_strings(state) == ["play carrinho", "play ferC", "play atraso"]
    play(state, "play atraso")
    assert state.board == cards(state, ["pa", "atraso"])
    # slot 2 "evitam 1 ponto de ATAQUE" while a card is there
    assert said(state) == [{"kind": "card_played", "seat": 0, "card": "atraso", "slot": 2, "bonus": ["block"],
                            "full": False}]
    assert state.phase_name == "draw" and state.is_chance_node()
    outcomes = dict(state.chance_outcomes())
    pa = state.deck.action_kind("pa")
    assert outcomes[pa] == pytest.approx(4 / 26)  # 7 PÁ: one on the board, two in seat 1's hand
    play(state, "draw pa")
    assert sorted(state.hand(0)) == sorted(cards(state, ["carrinho", "ferC", "pa"]))
    assert said(state, 1)[0] == {"kind": "card_drawn", "seat": 0, "card": "pa"}
    check_invariants(state)


def test_slot_3_brings_the_reroll_and_slot_5_fills_the_board():
    state = arrange(new_state(), board=["pa", "defeito"], hands=HAND, action_deck={"ferC": 4})
    play(state, "play carrinho")
    assert said(state, 0, "card_played") == [{"kind": "card_played", "seat": 0, "card": "carrinho", "slot": 3,
                                              "bonus": ["block", "reroll"], "full": False}]
    state = arrange(new_state(), board=["pa", "defeito", "atraso", "defeito"], hands=HAND, action_deck={"ferC": 4})
    play(state, "play carrinho")
    assert said(state, 0, "card_played") == [{"kind": "card_played", "seat": 0, "card": "carrinho", "slot": 5,
                                              "bonus": [], "full": True}]


def test_draw_from_a_deck_of_one_kind_needs_no_chance_event():
    state = arrange(new_state(), hands=HAND, action_deck={"ferC": 3})
    play(state, "play pa")
    assert state.hand_size(0) == 3 and state.hand(0).count(state.deck.action_kind("ferC")) == 2
    assert state.phase_name == "roll"


# --- ruling "The action deck runs out" (docs/monstros.md; issue 9) -----------------------------------

def test_an_empty_action_deck_is_not_reshuffled_and_nothing_is_drawn():
    """The discard pile comes back only as the five-card reward: drawing from an empty deck
    draws nothing, and the player goes on with one card fewer."""
    state = arrange(new_state(), hands=HAND, action_deck={}, board=["defeito"])
    discard_before = sum(state.discard)
    assert state.action_deck_size == 0 and discard_before == 33 - 6 - 1
    play(state, "play pa")
    assert state.phase_name == "roll"  # no draw: straight on to the attack
    assert state.action_deck_size == 0 and sum(state.discard) == discard_before  # nothing came back
    assert sorted(state.hand(0)) == sorted(cards(state, ["carrinho", "ferC"]))
    assert said(state) == [
        {"kind": "card_played", "seat": 0, "card": "pa", "slot": 2, "bonus": ["block"], "full": False},
        {"kind": "no_card_drawn", "seat": 0, "discard": discard_before},
        {"kind": "attack_started", "seat": 0, "dice": 1, "reroll": False, "tokens": 0, "shields": 0},
    ]
    check_invariants(state)


def test_a_player_with_no_card_plays_none_and_still_attacks():
    # solo, two cards in hand, an empty action deck; the monsters placed each turn (levels 1+1+2 at
    # invasion 4) need no choice, and a rolled 1 can defeat none of them: 'done' is forced
    state = arrange(new_state(players=1), hands=[["pa", "defeito"]], action_deck={}, invasion=4,
                    deck_top=["1a", "1a", "2a", "1b", "1b", "2a"])
    play(state, "play pa", "roll 1")  # no draw; turn 2: 'play defeito' is the only move
    assert said(state, 1, "turn_started", "forced_move", "no_card_drawn") == [
        {"kind": "forced_move", "seat": 0, "move": "done", "id": A.DONE, "phase": "attack"},
        {"kind": "turn_started", "turn": 2, "seat": 0},
        {"kind": "forced_move", "seat": 0, "move": "play defeito", "id": A.PLAY + state.deck.action_kind("defeito"),
         "phase": "play"},
        {"kind": "no_card_drawn", "seat": 0, "discard": 35 - 2},  # solo deck: 35 cards, 2 were in the hand
    ]
    play(state, "roll 1")
    assert state.hand_size(0) == 0 and len(state.table) == 6
    assert state.round == 3 and state.phase_name == "roll"  # turn 3 goes straight to the attack
    assert said(state, 2)[-3:] == [
        {"kind": "turn_started", "turn": 3, "seat": 0},
        {"kind": "no_card_to_play", "seat": 0},
        {"kind": "attack_started", "seat": 0, "dice": 1, "reroll": False, "tokens": 0, "shields": 0},
    ]
    assert state.board == cards(state, ["pa", "defeito"])  # nothing new on the board
    play(state, "roll 3")  # a 3 defeats 1a, 1b or 2a
    assert "hit 2a 3" in legal_strings(state)
    check_invariants(state)


def test_the_five_card_reward_is_the_only_way_the_discards_come_back():
    state = arrange(new_state(), board=["pa", "carrinho", "defeito", "atraso"], hands=HAND, action_deck={})
    discards = sum(state.discard)
    play(state, "play ferC")  # nothing drawn; no triple: all five are removed, forced
    assert kinds_said(state) == ["card_played", "no_card_drawn", "forced_move", "cards_removed", "wall_changed",
                                 "die_token_gained"]
    assert state.phase_name == "reshuffle" and state.action_deck_size == 0
    play(state, "reshuffle")
    assert state.action_deck_size == discards + 5 and sum(state.discard) == 0
    assert said(state, 1, "reshuffled") == [{"kind": "reshuffled", "cards": discards + 5, "deck": discards + 5}]
    check_invariants(state)


def test_declining_the_reshuffle_keeps_the_deck_empty():
    state = arrange(new_state(), board=["pa", "carrinho", "defeito", "atraso"], hands=HAND, action_deck={})
    discards = sum(state.discard)
    play(state, "play ferC", "no-reshuffle")
    assert state.action_deck_size == 0 and sum(state.discard) == discards + 5
    assert said(state, 1, "reshuffle_declined") == [{"kind": "reshuffle_declined", "discard": discards + 5,
                                                     "deck": 0}]
    check_invariants(state)


def test_a_shrunk_hand_is_not_refilled_after_a_reshuffle():
    """Hands grow back only by the one card drawn after each card played."""
    state = arrange(new_state(players=1), board=["pa", "carrinho", "defeito", "atraso"],
                    hands=[["ferC", "pa"]], action_deck={})
    play(state, "play ferC", "reshuffle")
    assert state.hand_size(0) == 1 and state.action_deck_size > 0
    assert not any(e["kind"] in ("card_drawn", "card_dealt") for e in state.events())


def test_triple_of_equal_blue_cards_gives_a_tower_and_a_die_token():
    state = arrange(new_state(), board=["pa", "carrinho", "pa"], hands=HAND, action_deck={"ferC": 4})
    play(state, "play pa")
    assert legal_strings(state) == ["tower pa pa pa", "pass"]
    discarded = state.discard[state.deck.action_kind("pa")]
    play(state, "tower pa pa pa")
    assert state.board == cards(state, ["carrinho"])  # the rest shift down to slot 1
    assert state.discard[state.deck.action_kind("pa")] == discarded + 3
    assert (state.built_towers, state.die_tokens) == (1, 1)
    assert state.phase_name == "roll" and state.to_roll == 2  # printed tower + the new one
    assert said(state, 1) == [
        {"kind": "cards_removed", "how": "triple", "cards": ["pa", "pa", "pa"], "board": ["carrinho"]},
        {"kind": "tower_built", "space": 1, "towers": 1},
        {"kind": "die_token_gained", "tokens": 1, "why": "tower"},
        {"kind": "attack_started", "seat": 0, "dice": 2, "reroll": False, "tokens": 1, "shields": 0},
    ]
    check_invariants(state)


def test_construtor_is_wild_and_three_construtores_make_a_tower():
    state = arrange(new_state(), board=["construtor", "pa", "construtor", "carrinho"],
                    hands=[["construtor", "ferC", "atraso"], ["pa", "pa", "ferC"]], action_deck={"ferC": 4})
    play(state, "play construtor")
    assert legal_strings(state) == ["tower pa * *", "tower carrinho * *", "tower * * *", "five"]
    assert state.string_to_action("tower construtor wild *") == state.string_to_action("tower * * *")
    play(state, "tower * * *")
    assert state.board == cards(state, ["pa", "carrinho"])


def test_tower_with_wilds_leaves_the_other_cards():
    state = arrange(new_state(), board=["pa", "pa", "construtor"], hands=HAND, action_deck={"ferC": 4})
    play(state, "play pa")
    assert legal_strings(state) == ["tower pa pa pa", "tower pa pa *", "pass"]
    play(state, "tower pa pa *")
    assert state.board == cards(state, ["pa"])
    assert said(state, 1, "cards_removed") == [{"kind": "cards_removed", "how": "triple",
                                                "cards": ["pa", "pa", "construtor"], "board": ["pa"]}]


def test_red_cards_never_form_a_triple():
    state = arrange(new_state(), board=["defeito", "defeito"], hands=[["defeito", "pa", "atraso"], HAND[1]],
                    action_deck={"ferC": 4})
    play(state, "play defeito")
    assert state.phase_name == "roll"  # three red cards: nothing to remove
    state = arrange(new_state(), board=["pa", "pa", "pa", "defeito"], hands=[["defeito", "pa", "atraso"], HAND[1]],
                    action_deck={"ferC": 4})
    play(state, "play defeito")
    assert legal_strings(state) == ["tower pa pa pa", "five"]
    with pytest.raises(soloboard.IllegalActionError, match="three equal blue cards") as err:
        state.apply_action(state.string_to_action("tower defeito defeito defeito"))
    assert err.value.rule == "turn: remove cards"


def test_die_token_only_for_tower_spaces_1_and_2():
    state = arrange(new_state(), board=["pa", "pa"], hands=HAND, towers=2, action_deck={"ferC": 4})
    play(state, "play pa", "tower pa pa pa")
    assert (state.built_towers, state.die_tokens) == (3, 0)
    assert kinds_said(state, 1)[:2] == ["cards_removed", "tower_built"]  # tower space 3: no token


def test_die_tokens_are_limited_to_the_supply_of_five():
    state = arrange(new_state(), board=["pa", "pa"], hands=HAND, tokens=5, action_deck={"ferC": 4})
    play(state, "play pa", "tower pa pa pa")
    assert (state.built_towers, state.die_tokens) == (1, 5)
    assert said(state, 1, "no_die_token") == [{"kind": "no_die_token", "why": "tower", "reason": "supply empty"}]


def test_triple_with_every_tower_piece_built_gives_nothing_but_clears_the_cards():
    state = arrange(new_state(), board=["pa", "pa"], hands=HAND, towers=4, action_deck={"ferC": 4})
    play(state, "play pa", "tower pa pa pa")
    assert (state.built_towers, state.die_tokens, state.board) == (4, 0, [])
    assert state.to_roll == 5
    assert kinds_said(state, 1) == ["cards_removed", "no_tower_piece", "attack_started"]


def test_fifth_card_forces_a_removal_all_five_when_no_triple():
    state = arrange(new_state(), board=["pa", "carrinho", "defeito", "atraso"], hands=HAND, wall=20,
                    action_deck={"ferC": 4})
    play(state, "play ferC")
    # no triple, no tower to remove: the only legal removal is taken at once
    assert state.board == []
    assert state.wall == 30 and state.die_tokens == 1
    assert state.phase_name == "reshuffle"
    assert legal_strings(state) == ["reshuffle", "no-reshuffle"]
    assert said(state)[2:] == [  # after card_played and card_drawn: the engine removes the five, for seat 0
        {"kind": "forced_move", "seat": 0, "move": "five", "id": A.FIVE, "phase": "remove"},
        {"kind": "cards_removed", "how": "five", "cards": ["pa", "carrinho", "defeito", "atraso", "ferC"],
         "board": []},
        {"kind": "wall_changed", "from": 20, "to": 30, "by": "five cards"},
        {"kind": "die_token_gained", "tokens": 1, "why": "five cards"},
    ]


def test_fifth_card_with_a_triple_lets_the_players_choose():
    state = arrange(new_state(), board=["pa", "pa", "defeito", "atraso"], hands=HAND, action_deck={"ferC": 4})
    play(state, "play pa")
    assert legal_strings(state) == ["tower pa pa pa", "five"]  # no 'pass': removing is mandatory
    with pytest.raises(soloboard.IllegalActionError, match="mandatory") as err:
        state.apply_action(state.string_to_action("pass"))
    assert err.value.rule == "turn: remove cards"


def test_five_removal_forced_only_reading():
    game = soloboard.load_game("monstros", players=2, five_removal="forced-only")
    state = arrange(game.new_initial_state(), board=["pa", "pa", "defeito", "atraso"], hands=HAND,
                    action_deck={"ferC": 4})
    play(state, "play pa")
    assert state.phase_name == "roll" and state.built_towers == 1  # the triple was the only legal removal


def test_five_card_rewards_wall_capped_at_50_and_monsters_to_the_bottom_in_order():
    state = arrange(new_state(), board=["pa", "carrinho", "construtor", "defeito"], hands=HAND, wall=45,
                    table=["3a", "4a", "1a", "2a"], deck_top=["5a"], action_deck={"ferC": 4})
    play(state, "play ferC")
    assert state.wall == 50  # +10, at most 50
    play(state, "no-reshuffle")
    # four blue cards removed (PÁ, CARRINHO, CONSTRUTOR, ferramenta C): up to four table monsters
    assert state.phase_name == "pick" and state.picks_left == 4
    assert legal_strings(state) == ["bottom 1a", "bottom 2a", "bottom 3a", "bottom 4a", "stop"]
    play(state, "bottom 4a", "bottom 1a", "stop")
    assert said(state, 1) == [
        {"kind": "reshuffle_declined", "discard": sum(state.discard), "deck": 3},
        {"kind": "pick_monsters", "up_to": 4, "why": "five cards"},
        {"kind": "monster_to_bottom", "card": "4a", "why": "five cards"},
        {"kind": "monster_to_bottom", "card": "1a", "why": "five cards"},
        {"kind": "pick_stopped", "unused": 2, "why": "five cards"},
        {"kind": "attack_started", "seat": 0, "dice": 1, "reroll": False, "tokens": 1, "shields": 0},
    ]
    assert said(state, 0, "wall_changed") == [{"kind": "wall_changed", "from": 45, "to": 50, "by": "five cards"}]
    assert state.table == kinds(state, ["3a", "2a"])
    assert state.monster_deck[-1] == (False, tuple(kinds(state, ["4a", "1a"])))  # at the bottom, in that order
    assert state.monster_deck[0] == (False, tuple(kinds(state, ["5a"])))
    assert state.phase_name == "roll"
    check_invariants(state)


def test_five_card_reward_reshuffles_the_discards_into_the_deck():
    state = arrange(new_state(), board=["pa", "carrinho", "defeito", "atraso"], hands=HAND,
                    action_deck={"ferC": 2})
    discards = sum(state.discard)
    play(state, "play pa")
    assert sum(state.discard) == discards + 5
    play(state, "reshuffle")
    assert sum(state.discard) == 0 and state.action_deck_size == 1 + discards + 5
    check_invariants(state)


def test_five_removal_with_only_red_cards_picks_no_monster():
    state = arrange(new_state(), board=["defeito", "defeito", "atraso", "atraso"],
                    hands=[["defeito", "atraso", "pa"], HAND[1]], action_deck={"ferC": 4})
    play(state, "play defeito", "no-reshuffle")
    assert state.phase_name == "roll"


def test_attack_rolls_one_die_per_tower_and_outcomes_are_exact():
    state = arrange(new_state(), hands=HAND, towers=2, action_deck={"ferC": 4})
    play(state, "play pa")
    assert state.to_roll == 3
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 56 and sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert dict(outcomes)[state.string_to_action("roll 226")] == pytest.approx(3 / 216)
    assert state.action_to_string(state.string_to_action("roll 622")) == "roll 226"


def test_shields_first_then_monsters():
    state = at_attack(arrange(new_state(), table=["3b", "1a"], shields=2, hands=HAND), [2, 6, 5])
    assert legal_strings(state) == ["shield 2", "shield 5", "shield 6"]
    with pytest.raises(soloboard.IllegalActionError, match="while shields remain") as err:
        state.apply_action(state.string_to_action("hit 1a 2"))
    assert err.value.rule == "attack: shields first"
    with pytest.raises(soloboard.IllegalActionError, match="shield"):
        state.apply_action(state.string_to_action("done"))
    play(state, "shield 2", "shield 5")
    assert state.shields == 0
    assert "hit 3b 6" in legal_strings(state) and "done" in legal_strings(state)


def test_dice_on_one_monster_add_up():
    state = at_attack(arrange(new_state(), table=["3b", "1a"], hands=HAND), [2, 4, 1])
    play(state, "hit 3b 2")
    assert state.target_monster == state.deck.monster_kind("3b")
    assert legal_strings(state) == ["hit 3b 1", "hit 3b 4"]  # finish what was started
    with pytest.raises(soloboard.IllegalActionError, match="one monster") as err:
        state.apply_action(state.string_to_action("hit 1a 1"))
    assert err.value.rule == "attack: defeating monsters"
    play(state, "hit 3b 4")
    assert state.defeated == kinds(state, ["3b"]) and state.table[0] == state.deck.monster_kind("1a")
    assert state.phase_name != "attack"  # the 1 left can defeat nothing: 'done' was the only move


def test_a_die_cannot_go_on_a_monster_the_dice_cannot_reach():
    state = at_attack(arrange(new_state(), table=["7b", "1b"], hands=HAND), [2, 3])
    assert legal_strings(state) == ["done", "hit 1b 2", "hit 1b 3"]  # 7b has 11 life
    with pytest.raises(soloboard.IllegalActionError, match="less than 7b's life 11"):
        state.apply_action(state.string_to_action("hit 7b 3"))


def test_leftover_dice_add_one_wall_each_up_to_50():
    state = at_attack(arrange(new_state(), table=["1a"], hands=HAND, wall=48), [1, 1, 1])
    attack = state.monster_attack()
    play(state, "done")
    assert state.wall == 50 - attack  # 48 + 3 dice, at most 50, then the monsters attack


def test_reroll_needs_a_card_in_slot_3_and_is_used_once():
    state = at_attack(arrange(new_state(), table=["3b"], hands=HAND, board=["pa", "defeito", "atraso"]),
                      [1, 5], reroll=True)
    assert "reroll 1" in legal_strings(state)
    play(state, "reroll 1")
    assert state.phase_name == "roll" and state.to_roll == 1
    play(state, "roll 6")
    assert state.dice_values() == [5, 6]
    assert said(state) == [{"kind": "reroll_used", "value": 1},
                           {"kind": "dice_rolled", "values": [6], "mode": "reroll"}]
    assert not any(s.startswith("reroll") for s in legal_strings(state))
    with pytest.raises(soloboard.IllegalActionError, match="has been used"):
        state.apply_action(state.string_to_action("reroll 5"))


def test_no_reroll_without_a_card_in_slot_3():
    state = arrange(new_state(), hands=HAND, board=["pa"], towers=1, action_deck={"ferC": 4})
    play(state, "play carrinho")  # two cards on the board
    play(state, "roll 15")
    assert not state.reroll_available
    with pytest.raises(soloboard.IllegalActionError, match="slot 3") as err:
        state.apply_action(state.string_to_action("reroll 1"))
    assert err.value.rule == "attack: re-roll"
    state = arrange(new_state(), hands=HAND, board=["pa", "defeito"], towers=1, action_deck={"ferC": 4})
    play(state, "play carrinho", "roll 15")
    assert state.reroll_available


def test_a_reroll_that_makes_a_monster_unreachable_returns_its_dice():
    state = at_attack(arrange(new_state(), table=["3b"], hands=HAND, tokens=1), [2, 5], reroll=True)
    play(state, "hit 3b 2")
    play(state, "reroll 5", "roll 1")
    assert state.target_monster == -1 and state.dice_values() == [1, 2]
    assert said(state, 2) == [{"kind": "dice_rolled", "values": [1], "mode": "reroll"},
                              {"kind": "dice_returned", "monster": "3b", "dice": [2], "life": 6}]


def test_die_tokens_roll_one_more_die_at_any_time_of_the_attack():
    state = at_attack(arrange(new_state(), table=["3b"], hands=HAND, tokens=2), [3])
    play(state, "token", "roll 3")
    assert state.die_tokens == 1 and state.dice_values() == [3, 3]
    assert said(state) == [{"kind": "die_token_spent", "tokens": 1}, {"kind": "dice_rolled", "values": [3],
                                                                     "mode": "token"}]
    play(state, "hit 3b 3", "token", "roll 4")
    assert state.die_tokens == 0
    play(state, "hit 3b 4")
    assert state.defeated == kinds(state, ["3b"])


def test_defeated_pile_keeps_its_order():
    state = at_attack(arrange(new_state(), table=["1a", "2a", "1b"], hands=HAND, defeated=["5a"]), [3, 3, 2])
    play(state, "hit 2a 3", "hit 1b 3", "hit 1a 2")
    assert state.defeated == kinds(state, ["5a", "2a", "1b", "1a"])


def test_tower_removal_any_time_of_the_turn_sends_up_to_two_monsters_down():
    state = arrange(new_state(), hands=HAND, towers=2, table=["3a", "5a", "1a"], action_deck={"ferC": 4})
    assert "remove tower" in legal_strings(state)
    play(state, "remove tower")
    assert state.built_towers == 1 and state.phase_name == "pick" and state.picks_left == 2
    play(state, "bottom 5a", "bottom 3a")
    assert state.phase_name == "play" and state.table == kinds(state, ["1a"])
    assert said(state) == [
        {"kind": "tower_removed", "seat": 0, "towers": 1},
        {"kind": "pick_monsters", "up_to": 2, "why": "tower removed"},
        {"kind": "monster_to_bottom", "card": "5a", "why": "tower removed"},
        {"kind": "monster_to_bottom", "card": "3a", "why": "tower removed"},
    ]
    assert state.monster_deck[-1] == (False, tuple(kinds(state, ["5a", "3a"])))
    play(state, "play pa")
    assert state.to_roll == 2  # the tower is gone for the attack too
    play(state, "roll 11")
    play(state, "remove tower", "stop")  # during the attack too; 'stop' keeps the monster on the table
    assert state.built_towers == 0 and state.table == kinds(state, ["1a"])
    with pytest.raises(soloboard.IllegalActionError, match="printed tower can never be removed") as err:
        state.apply_action(state.string_to_action("remove tower"))
    assert err.value.rule == "towers: removing a tower"
    check_invariants(state)


def test_removed_towers_can_be_built_again_with_their_die_token():
    state = arrange(new_state(), hands=HAND, towers=1, board=["pa", "pa"], action_deck={"ferC": 4})
    play(state, "remove tower")  # no monster on the table: nothing to pick
    assert state.built_towers == 0 and state.phase_name == "play"
    play(state, "play pa", "tower pa pa pa")
    assert (state.built_towers, state.die_tokens) == (1, 1)


def test_playing_a_card_not_in_hand_names_the_rule():
    state = arrange(new_state(), hands=HAND)
    before = state.clone()
    with pytest.raises(soloboard.IllegalActionError, match="seat 1 has no defeito in hand") as err:
        state.apply_action(state.string_to_action("play defeito"))
    assert err.value.rule == "turn: play a card"
    assert state == before


def test_actions_of_another_phase_are_refused():
    state = arrange(new_state(), hands=HAND)
    with pytest.raises(soloboard.IllegalActionError, match="not possible now") as err:
        state.apply_action(state.string_to_action("done"))
    assert err.value.rule == "phase order"
    with pytest.raises(soloboard.IllegalActionError, match="not an action"):
        state.apply_action(10_000)
    with pytest.raises(soloboard.IllegalActionError, match="not an action"):
        state.apply_action(-1)
