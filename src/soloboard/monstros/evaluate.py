"""How good a position of A Invasão dos Monstros Sem Nome is, for the whole team.

The only place the agents know this game. The game is a race: the team wins when the
invasion passes 15 (or every monster is defeated) and loses when the wall falls, so the
value -- an estimated probability of winning, a logistic function of :func:`features` --
weighs:

- **the wall** against the monsters' **threat**: the attack that will come off the wall
  each monsters' turn (the table's attack less one per card in board slots 1-4), and how
  many such turns the wall survives;
- **the invasion** (how far it is from passing 15) and the monsters still to beat: the
  table's total life and its shields, and the share of the monster deck already defeated;
- **the team's fire power**: towers (one attack die each, the printed one included), die
  tokens, the board's cards (they shield the wall and fill the slot that allows a
  re-roll), and blue cards in hand towards a triple (the next tower).

A finished game is worth 1 (won) or 0 (lost). The weights were set by hand, then improved
by a coordinate search on greedy's solo games (docs/agents.md: the command and the figures;
the search turned the weight of blue cards in hand negative: greedy plays them rather than
keep them). Co-operative seats all use the same value, so every seat of an ``mcts`` team
maximises the team's chance.
"""

from __future__ import annotations

import math
from typing import Any

WALL_MAX = 50
INVASION_WIN = 16
OVER = 13  # monstros.state phase "over" (checked by tests/test_agents_monstros.py)

FEATURE_NAMES = (
    "bias", "wall", "invasion", "threat_per_wall", "turns_survived", "table_life", "shields",
    "defeated", "fire_power", "board_cards", "blue_pairs",
)
# hand-set, then improved by coordinate search on greedy's games (docs/agents.md: the command and figures)
WEIGHTS = (1.0, 1.25, 6.0, -4.0, 0.0375, -0.08, -0.1, 4.0, 0.175, 0.025, -0.15)


def features(state: Any) -> list[float]:
    deck = state.deck
    attack = deck.attack
    life = deck.life
    table = state.table
    threat = sum(attack[m] for m in table) - min(len(state.board), 4)
    threat = max(threat, 0)
    wall = state.wall
    turns = min(wall / threat, 10.0) if threat else 10.0
    total = len(state.defeated) + len(table) + state.monster_deck_size()
    # blue cards in every hand: a pair of one tool (or a wild card) is most of a triple
    nk = state.num_action_kinds
    blue = deck.blue
    wild = deck.wild
    pairs = 0.0
    hands = state.hands
    for seat in range(state.game.players):
        base = seat * nk
        wilds = sum(hands[base + k] for k in range(nk) if wild[k])
        best = max((hands[base + k] for k in range(nk) if blue[k] and not wild[k]), default=0)
        pairs += min(best + wilds, 3) / 3.0
    return [
        1.0,
        wall / WALL_MAX,
        (state.invasion - 1) / (INVASION_WIN - 1),
        threat / max(wall, 1),
        turns,
        sum(life[m] for m in table) / 10.0,
        state.shields,
        len(state.defeated) / max(total, 1),
        1 + state.built_towers + 0.5 * state.die_tokens,
        len(state.board) / 5.0,
        pairs,
    ]


def value(state: Any) -> float:
    """Estimated probability that the team wins from ``state`` (1 or 0 once the game is over)."""
    if state.phase == OVER:
        return 1.0 if (state.result or 0.0) > 0 else 0.0
    z = 0.0
    for w, f in zip(WEIGHTS, features(state), strict=True):
        z += w * f
    if z < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


def key(state: Any) -> tuple[Any, ...]:
    """A hashable key equal for equal positions (history aside): the search's transposition key."""
    return (state.phase, state.resume, state.round, state.seat, state.actor, state.wall, state.invasion,
            state.built_towers, state.die_tokens, state.shields, tuple(state.hands), tuple(state.board),
            tuple(state.action_deck), tuple(state.discard), tuple(state.monster_deck), tuple(state.table),
            tuple(state.defeated), tuple(state.revealed), tuple(state.set_aside), tuple(state.to_order),
            tuple(state.dice), state.target_monster, tuple(state.dice_on_target), state.reroll_available,
            state.to_roll, state.roll_mode, state.picks_left, state.blue_removed, state.monsters_placed,
            state.invasion_raised, state.save_left, state.destroy_left, state.deal_seat, state.exchange_seat,
            state.cards_returned)


def progress(state: Any) -> float:
    """How far the invasion got towards passing 15 (1 for a won game): how far a game got."""
    if state.phase == OVER and (state.result or 0.0) > 0:
        return 1.0
    return (state.invasion - 1) / (INVASION_WIN - 1)
