"""How good a position of A Invasão dos Monstros Sem Nome is, for the whole team.

The only place the agents know this game. The game is a race: the team wins when the
invasion passes 15 (or every monster is defeated) and loses when the wall falls. The value
-- an estimated probability of winning, a logistic function of :func:`features` -- weighs:

- **the wall** against the monsters' **threat**: the attack that will come off the wall
  each monsters' turn (the table's attack less one per card in board slots 1-4), and how
  many such turns the wall survives. The wall is counted *after* this turn's monsters'
  attack when that attack is still to come (and with this attack's unused dice as +1
  each), so that positions before and after the monsters' attack compare fairly;
- **the invasion's clock** (:func:`_projection`): the invasion rises in a monsters' turn
  when a revealed monster raises it, when none of the three revealed fits under it, or
  when the monster deck is empty; from the cards left in the monster deck, turn by turn,
  the expected turns until it passes 15, while the table grows by the revealed monsters
  that fit (the deck's attack per card), the team's dice take attack off it, and the wall
  pays the rest: the wall projected to the invasion's end (below 0: the wall falls first);
- the monsters still to beat: the table's life and shields, the share already defeated;
- **the team's fire power**: towers (one attack die each, the printed one included), die
  tokens, the board's cards (they shield the wall and fill the slot that allows a
  re-roll), and blue cards in hand towards a triple (the next tower);
- **the board's triple** (:func:`board_set`): three cards of one tool on the board (wild cards
  counted) are removed for a tower in a "remove cards" step, so they count as that tower
  already; two of one tool there are a pair towards it (``board_pair``). Before 2026-11-29
  the evaluation saw no tower until the triple was removed, so playing the third card was
  worth nothing to it: with the triple counted, greedy won 3x as often (docs/agents.md, "The
  board's triple").

A finished game is worth 1 (won) or 0 (lost). :func:`stage` is the stretch of the turn
between two chance events (playing a card, removing cards, attacking, the monsters' turn):
``mcts`` looks ahead through the decisions up to the next card draw, roll or reveal and
values the positions after it without expanding them. The weights (``data/weights.json``,
with their provenance) were set by hand, then improved by a coordinate search on greedy's
games and scaled so that positions' values spread over about 0.1-0.9 (docs/agents.md).
Co-operative seats all use the same value, so every seat of an ``mcts`` team maximises the
team's chance.
"""

from __future__ import annotations

import math
from typing import Any

from soloboard.core.weights import load_weights

WALL_MAX = 50
INVASION_WIN = 16
OVER = 13  # monstros.state phase "over" (checked by tests/test_agents_monstros.py)
# monstros.state phases and resume points after which this turn's monsters' attack has already come
C_REVEAL, D_PLACE, D_ORDER, D_PICK = 4, 11, 12, 9
R_ABILITIES, R_END_MONSTERS = 4, 5
REVEAL = 3  # monsters revealed a monsters' turn
MAX_TURNS = 40.0
TOWER_PIECES = 4  # monstros.state: tower spaces besides the printed tower (checked by tests/test_agents_monstros.py)
KILL_RATE = 1.6  # attack a die takes off the table a turn, about: 3.5 points of life at 0.35 attack each, less waste

FEATURE_NAMES = (
    "bias", "wall", "invasion", "threat_per_wall", "turns_survived", "table_life", "shields",
    "defeated", "fire_power", "board_cards", "blue_pairs",
    # the game's clock: monsters' turns until the invasion passes 15, from the monster deck's cards
    "turns_to_win", "wall_needed", "margin", "threat", "attack_pending", "dice_now", "tokens",
    "towers", "deck_left", "table_count", "raise_chance", "projected_wall", "projected_wall_late",
    # the board's cards towards the next tower: two of one tool there (wild cards counted)
    "board_pair",
)
# data/weights.json (its provenance says how they were made): hand-set, then improved by a coordinate search on
# greedy's games (solo and three seats), then scaled (x0.4, centred on the median position of greedy's games) so
# that the values of positions spread over 0.1-0.9: the search's exploration is in those units, and with values
# squeezed near 0.05 (a chance of winning, fitted) mcts won 2 of 40 games, with these 7 of 30 (docs/agents.md).
# Scaling changes no ranking: greedy plays the same. The value is thus a score that grows with the chance of
# winning, not that chance (agents/calibration.py maps the search's estimates to chances). Features weighted 0
# serve a learned value.
WEIGHTS = load_weights("soloboard.monstros", FEATURE_NAMES)


_SEGMENTS: dict[tuple[int, ...], tuple[int, int, tuple[int, ...], int, int]] = {}


def _segment(deck: Any, cards: tuple[int, ...]) -> tuple[int, int, tuple[int, ...], int, int]:
    """(cards, cards with "raise the invasion", cards without it of level <= L for each L, their levels'
    sum, their attacks' sum) of a monster deck segment."""
    hit = _SEGMENTS.get(cards)
    if hit is None:
        raises = deck.raises
        level = deck.level
        attack = deck.attack
        by_level = [0] * (INVASION_WIN + 1)
        r = 0
        for k in cards:
            if raises[k]:
                r += 1
            else:
                by_level[min(level[k], INVASION_WIN)] += 1
        for lv in range(1, INVASION_WIN + 1):
            by_level[lv] += by_level[lv - 1]
        if len(_SEGMENTS) > 50_000:
            _SEGMENTS.clear()
        hit = _SEGMENTS[cards] = (len(cards), r, tuple(by_level), sum(level[k] for k in cards),
                                  sum(attack[k] for k in cards))
    return hit


_DECKS: dict[tuple[Any, ...], tuple[int, tuple[float, ...], tuple[float, ...], float]] = {}


def _deck_rates(state: Any) -> tuple[int, tuple[float, ...], tuple[float, ...], float]:
    """For the monster deck as it is (its cards; their order aside): (cards, the chance the invasion rises in
    a monsters' turn at each invasion level, the cards expected to be placed then, the deck's attack per card)."""
    monster_deck = state.monster_deck
    deck_key = tuple(monster_deck)
    hit = _DECKS.get(deck_key)
    if hit is not None:
        return hit
    deck = state.deck
    n = r = lv_sum = at_sum = 0
    by_level = [0] * (INVASION_WIN + 1)
    for _, cards in monster_deck:
        cn, cr, cl, cs, ca = _segment(deck, cards)
        n += cn
        r += cr
        lv_sum += cs
        at_sum += ca
        for lv in range(INVASION_WIN + 1):
            by_level[lv] += cl[lv]
    ups = [1.0] * (INVASION_WIN + 1)
    placed = [0.0] * (INVASION_WIN + 1)
    if n:
        m = min(REVEAL, n)
        plain = n - r
        no_raise = (1.0 - r / n) ** m
        avg_level = lv_sum / n
        for lv in range(1, INVASION_WIN + 1):
            placeable = by_level[lv] / plain if plain else 0.0
            ups[lv] = 1.0 - no_raise * (1.0 - (1.0 - placeable) ** m)
            placed[lv] = min(m * (placeable * plain + r) / n, lv / avg_level)
    if len(_DECKS) > 50_000:
        _DECKS.clear()
    hit = _DECKS[deck_key] = (n, tuple(ups), tuple(placed), at_sum / n if n else 0.0)
    return hit


def _projection(state: Any, wall: float, blocking: int) -> tuple[float, float, float, int]:
    """A race of expectations, turn by turn, between the invasion and the wall: (monsters' turns until the
    invasion passes 15, the wall left then -- below 0 if it falls first --, the chance the invasion rises at
    the next monsters' turn, cards in the monster deck).

    Each monsters' turn the invasion rises when a revealed monster raises it, when none of the three
    revealed fits under the invasion, or when the deck is empty; the revealed that fit (about the invasion's
    worth of levels) leave the deck for the table, adding their attack; the team's dice take some attack off
    the table (:data:`KILL_RATE` per die); the wall loses the table's attack less the board's blocking cards.
    ``wall`` is the wall after this turn's attack (if still to come)."""
    n, ups, placed, avg_attack = _deck_rates(state)
    attack = state.deck.attack
    raw = float(sum(attack[m] for m in state.table))
    kill = KILL_RATE * (1 + state.built_towers) + 0.5 * KILL_RATE * state.die_tokens / 4.0
    inv = float(state.invasion)
    first = ups[state.invasion] if n else 1.0
    turns = 0.0
    nf = float(n)
    while inv < INVASION_WIN and turns < MAX_TURNS:
        turns += 1.0
        if nf < 0.5:
            up = 1.0
            more = 0.0
        else:
            lvl = int(inv)
            up = ups[lvl]
            more = placed[lvl]
        inv += up
        nf -= more
        raw += more * avg_attack
        if inv >= INVASION_WIN:
            break
        raw = raw - kill if raw > kill else 0.0
        if raw > blocking:
            wall -= raw - blocking
    return turns, wall, first, n


def board_set(state: Any) -> int:
    """How many cards of one tool the board holds towards a triple (0-3): the most of one tool kind, wild
    cards counted (three wild cards make a triple too)."""
    deck = state.deck
    wild = deck.wild
    blue = deck.blue
    wilds = best = 0
    seen: dict[int, int] = {}
    for k in state.board:
        if wild[k]:
            wilds += 1
        elif blue[k]:
            c = seen[k] = seen.get(k, 0) + 1
            if c > best:
                best = c
    return min(best + wilds, 3)


def features(state: Any) -> list[float]:
    deck = state.deck
    attack = deck.attack
    life = deck.life
    table = state.table
    threat = sum(attack[m] for m in table) - min(len(state.board), 4)
    threat = max(threat, 0)
    phase = state.phase
    # has this turn's monsters' attack come yet? (after it: revealing, placing, the abilities)
    done = phase in (C_REVEAL, D_PLACE, D_ORDER) or (phase == D_PICK and state.resume == R_ABILITIES)
    pending = 0.0 if done or phase == OVER else 1.0
    dice_now = sum(state.dice) + state.to_roll  # this attack's dice not used yet: each is at least +1 wall
    wall = max(state.wall - pending * threat + dice_now, 0.0)
    turns = min(wall / threat, MAX_TURNS) if threat else MAX_TURNS
    to_win, proj_wall, raise_chance, deck_left = _projection(state, wall, min(len(state.board), 4))
    total = len(state.defeated) + len(table) + deck_left
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
    # a triple on the board is removed for a tower in this turn's "remove cards" step or a later one's, so it
    # counts as that tower already (its die token aside): playing the third card is then worth the tower, and
    # removing the triple changes nothing. Without this a triple was worth nothing until removed, and the
    # agents played cards towards one only by chance (docs/agents.md, "The board's triple").
    have = board_set(state)
    towers = state.built_towers
    if have == 3 and towers < TOWER_PIECES:
        towers += 1
    return [
        1.0,
        wall / WALL_MAX,
        (state.invasion - 1) / (INVASION_WIN - 1),
        threat / max(wall, 1.0),
        turns / 10.0,
        sum(life[m] for m in table) / 10.0,
        state.shields,
        len(state.defeated) / max(total, 1),
        1 + towers + 0.5 * state.die_tokens,
        len(state.board) / 5.0,
        pairs,
        to_win / 10.0,
        threat * to_win / WALL_MAX,
        max(min((turns - to_win) / 10.0, 2.0), -2.0),
        threat / 10.0,
        pending,
        dice_now,
        state.die_tokens,
        towers,
        deck_left / 54.0,
        len(table),
        raise_chance,
        max(min(proj_wall / WALL_MAX, 2.0), -12.0),
        max(min(proj_wall / WALL_MAX, 2.0), -12.0) * (state.invasion - 1) / (INVASION_WIN - 1),
        1.0 if have == 2 else 0.0,
    ]


def value(state: Any) -> float:
    """How likely the team is to win from ``state``, in (0, 1) (1 or 0 once the game is over): a score that
    grows with the chance of winning (:data:`WEIGHTS`: not calibrated)."""
    if state.phase == OVER:
        return 1.0 if (state.result or 0.0) > 0 else 0.0
    z = 0.0
    for w, f in zip(WEIGHTS, features(state), strict=True):
        z += w * f
    if z < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


def context(game: Any) -> str:
    """The setup a chance of winning is calibrated for (agents/calibration.py)."""
    params = game.parameters()
    return f"difficulty={params.get('difficulty')},players={params.get('players')}"


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


# the stretch of a turn each phase belongs to, between two chance events: play a card (then a draw), remove
# cards (then the attack's roll), attack, the monsters' turn (after the reveal)
D_EXCHANGE, D_PLAY, D_REMOVE, D_RESHUFFLE, D_ATTACK = 5, 6, 7, 8, 10
R_PLAY, R_REMOVE, R_ATTACK = 0, 1, 2
_STRETCH = {D_EXCHANGE: 0, D_PLAY: 0, D_REMOVE: 1, D_RESHUFFLE: 1, D_ATTACK: 2, C_REVEAL: 3, D_PLACE: 3, D_ORDER: 3}
_PICK_STRETCH = {R_PLAY: 0, R_REMOVE: 1, R_ATTACK: 2, R_ABILITIES: 3}


def stage(state: Any) -> tuple[int, int]:
    """The turn and the stretch of it a position is in (playing a card, removing cards, attacking, the
    monsters' turn): ``mcts`` values a position of a later stretch and does not expand it (mcts.py), so the
    search looks ahead through the decisions up to the next card draw, roll or reveal, and averages over
    that chance event; within the attack (re-rolls, die tokens) it looks further."""
    phase = state.phase
    if phase == D_PICK:
        return state.round, _PICK_STRETCH.get(state.resume, 1)
    return state.round, _STRETCH.get(phase, 2)
