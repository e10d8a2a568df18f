"""Shared helpers for the Monstros tests: invariants, random play and hand-made positions.

Positions are arranged white-box (setting the state's zones directly) because the save
format replays histories only; every arrangement keeps every card of both decks
somewhere, so the invariants hold for arranged positions too. An arranged position is the
start of its own history (``_set_origin``): its events begin there. Nothing here reads
``/work/shared``: every number the tests rely on is written in the tests.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

import soloboard
from soloboard.core.chance import sample_outcome
from soloboard.monstros import state as S
from soloboard.monstros.state import MonstrosState


def new_state(**params: Any) -> MonstrosState:
    params.setdefault("players", 2)
    return soloboard.load_game("monstros", **params).new_initial_state()  # type: ignore[return-value]


def step_random(state: MonstrosState, rng: random.Random) -> int:
    if state.is_chance_node():
        action = sample_outcome(state, rng)
    else:
        legal = state.legal_actions()
        action = legal[int(rng.random() * len(legal))]
    state.apply_action(action)
    return action


def play_random(state: MonstrosState, rng: random.Random, limit: int = 100_000) -> MonstrosState:
    for _ in range(limit):
        if state.is_terminal():
            break
        step_random(state, rng)
    return state


def past_setup(state: MonstrosState, rng: random.Random) -> MonstrosState:
    """Resolve the set-up (reveals, deal, exchange) at random, up to the first 'play' decision."""
    while state.round == 0 and not state.is_terminal():
        step_random(state, rng)
    return state


def monster_cards(state: MonstrosState) -> Counter[int]:
    cards: Counter[int] = Counter(state.table)
    for zone in (state.defeated, state.revealed, state.set_aside, state.to_order):
        cards.update(zone)
    for _, segment in state.monster_deck:
        cards.update(segment)
    return cards


def action_cards(state: MonstrosState) -> Counter[int]:
    cards: Counter[int] = Counter(state.board)
    for seat in range(state.game.players):
        cards.update(state.hand(seat))
    for k, n in enumerate(state.action_deck):
        cards[k] += n
    for k, n in enumerate(state.discard):
        cards[k] += n
    return +cards


def expected_monsters(state: MonstrosState) -> Counter[int]:
    game = state.game
    return Counter([game.deck.start_kind, *game.monster_deck])


def expected_actions(state: MonstrosState) -> Counter[int]:
    return +Counter({k: n for k, n in enumerate(state.game.action_counts)})


def check_invariants(state: MonstrosState) -> None:
    """Everything that must hold in every position of every game."""
    assert monster_cards(state) == expected_monsters(state), "monster cards not conserved"
    assert action_cards(state) == expected_actions(state), "action cards not conserved"
    assert state.action_deck_size == sum(state.action_deck)
    assert all(n >= 0 for n in state.action_deck) and all(n >= 0 for n in state.discard)
    assert all(n >= 0 for n in state.hands)
    assert 0 <= state.wall <= S.WALL_MAX
    assert 0 <= state.shields <= S.SHIELD_TOKENS
    assert 0 <= state.die_tokens <= S.DIE_TOKENS
    assert 0 <= state.built_towers <= S.TOWER_PIECES  # 1..5 towers with the printed one
    assert S.INVASION_START <= state.invasion <= S.INVASION_WIN
    assert len(state.board) <= S.BOARD_SLOTS
    assert all(state.hand_size(seat) <= state.game.hand_size for seat in range(state.game.players))
    assert all(cards for _, cards in state.monster_deck), "empty deck segment"
    assert all(list(cards) == sorted(cards) for shuffled, cards in state.monster_deck if shuffled)
    assert len(state.revealed) <= (S.SETUP_REVEAL if state.phase == S.C_SETUP else S.REVEAL)
    assert all(1 <= v <= 6 for v in state.dice_on_target)
    player = state.current_player()
    if state.is_terminal():
        assert player == soloboard.TERMINAL_PLAYER
        assert state.result in (0.0, 1.0)
        assert state.returns() == [state.result] * state.game.players
        assert state.legal_actions() == []
        if state.result == 0.0:
            assert state.wall == 0
    elif state.is_chance_node():
        assert player == soloboard.CHANCE_PLAYER
        outcomes = state.chance_outcomes()
        assert len(outcomes) >= 2, "a chance event with one outcome should resolve itself"
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        assert all(0 <= a < state.game.max_chance_outcomes() for a, _ in outcomes)
        assert state.legal_actions() == [a for a, _ in outcomes]
    else:
        assert 0 <= player < state.game.players
        legal = state.legal_actions()
        assert len(legal) >= 2, "a decision with one legal action should be taken at once"
        assert legal == sorted(set(legal))
        assert all(0 <= a < state.game.num_distinct_actions() for a in legal)
        if state.phase == S.D_PLAY:
            assert len(state.board) < S.BOARD_SLOTS


def kinds(state: MonstrosState, ids: Iterable[str]) -> list[int]:
    return [state.deck.monster_kind(i) for i in ids]


def cards(state: MonstrosState, ids: Iterable[str]) -> list[int]:
    return [state.deck.action_kind(i) for i in ids]


def arrange(
    state: MonstrosState,
    *,
    table: Iterable[str] = (),
    deck_top: Iterable[str] = (),
    defeated: Iterable[str] = (),
    board: Iterable[str] = (),
    hands: list[list[str]] | None = None,
    discard: Iterable[str] = (),
    action_deck: dict[str, int] | None = None,
    wall: int = 30,
    invasion: int = 1,
    towers: int = 0,
    tokens: int = 0,
    shields: int = 0,
    seat: int = 0,
) -> MonstrosState:
    """A position at the start of ``seat``'s turn, every card of both decks somewhere.

    The monster deck is ``deck_top`` (known order) over the other monster cards, shuffled;
    the action deck is ``action_deck`` if given (the rest of the cards go to the discard
    pile), else every card not named elsewhere."""
    all_monsters = expected_monsters(state)
    placed = Counter(kinds(state, table)) + Counter(kinds(state, defeated)) + Counter(kinds(state, deck_top))
    rest = all_monsters - placed
    assert not placed - all_monsters, "more copies of a monster than the deck has"
    state.table = kinds(state, table)
    state.defeated = kinds(state, defeated)
    top = tuple(kinds(state, deck_top))
    state.monster_deck = ([(False, top)] if top else []) + ([(True, tuple(sorted(rest.elements())))] if rest else [])
    state.revealed, state.set_aside, state.to_order = [], [], []
    all_actions = expected_actions(state)
    hands = hands if hands is not None else [[] for _ in range(state.game.players)]
    used = Counter(cards(state, board)) + Counter(cards(state, discard))
    state.hands = [0] * len(state.hands)
    for s, hand in enumerate(hands):
        for k in cards(state, hand):
            state.hands[s * state.num_action_kinds + k] += 1
            used[k] += 1
    assert not used - all_actions, "more copies of an action card than the deck has"
    state.board = cards(state, board)
    state.discard = [0] * state.num_action_kinds
    for k in cards(state, discard):
        state.discard[k] += 1
    state.action_deck = [0] * state.num_action_kinds
    if action_deck is None:
        for k, n in (all_actions - used).items():
            state.action_deck[k] = n
    else:
        wanted = Counter({state.deck.action_kind(i): n for i, n in action_deck.items()})
        assert not wanted - (all_actions - used), "the action deck asks for cards that are elsewhere"
        for k, n in wanted.items():
            state.action_deck[k] = n
        extra = all_actions - used - wanted
        for k, n in extra.items():
            state.discard[k] += n
    state.action_deck_size = sum(state.action_deck)
    state.wall, state.invasion, state.shields = wall, invasion, shields
    state.built_towers, state.die_tokens = towers, tokens
    state.seat = state.actor = seat
    state.round = 1
    state.resume = S.R_NONE
    state.dice, state.dice_on_target, state.target_monster = [0] * 6, [], -1
    state.hist = []
    state.phase = S.D_PLAY
    state.legal = None
    if not state.hand_size(seat):
        state._after_draw()
    state._settle()
    state._set_origin()  # a position without its history: its events start here
    check_invariants_loosely(state)
    return state


def check_invariants_loosely(state: MonstrosState) -> None:
    assert monster_cards(state) == expected_monsters(state)
    assert action_cards(state) == expected_actions(state)


def at_attack(state: MonstrosState, dice: Iterable[int], reroll: bool = False) -> MonstrosState:
    """Jump an arranged position to its attack with these dice already rolled."""
    state.dice = [0] * 6
    for v in dice:
        state.dice[v - 1] += 1
    state.target_monster, state.dice_on_target = -1, []
    state.reroll_available = reroll
    state.to_roll = 0
    state.phase = S.D_ATTACK
    state._settle()
    state._set_origin()
    return state


def play(state: MonstrosState, *moves: str) -> MonstrosState:
    """Apply moves written in notation (chance events too: 'roll 226', 'draw pa')."""
    for move in moves:
        state.apply_action(state.string_to_action(move))
    return state


def legal_strings(state: MonstrosState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def said(state: MonstrosState, since: int = 0, *kinds: str) -> list[dict[str, Any]]:
    """The events caused by ``history()[since:]`` without their action index (only ``kinds``
    if any are named), to compare with what a rule says should happen."""
    return [{k: v for k, v in e.items() if k != "action"} for e in state.events(since)
            if not kinds or e["kind"] in kinds]


def kinds_said(state: MonstrosState, since: int = 0) -> list[str]:
    return [e["kind"] for e in state.events(since)]
