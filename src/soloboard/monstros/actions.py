"""Action numbers and their notation.

Player actions are ints in ``range(NUM_ACTIONS)``, the same for every deck: card kinds
are small ints, and the ranges below reserve room for the largest deck a file may
describe (16 kinds of action card, 64 kinds of monster). Chance outcomes are a card kind
(a draw: ``reveal 3a``, ``deal pa``, ``draw pa``) or a dice roll (``roll 226``). The table
is also in ``docs/monstros.md``.

| ids | notation | meaning |
|---|---|---|
| PLAY + k | ``play pa`` | play a card of kind k from the hand into the first free board slot |
| RETURN + k | ``return atraso`` | set-up exchange: give a red card back |
| KEEP | ``keep`` | set-up exchange: keep the rest of the hand |
| TRIPLE + 3t + w | ``tower pa pa *`` | remove three equal blue cards: 3-w of tool t and w CONSTRUTOR (``*``) |
| TRIPLE_WILD | ``tower * * *`` | remove three CONSTRUTOR cards |
| FIVE | ``five`` | remove all five board cards (rewards follow) |
| PASS | ``pass`` | remove nothing (fewer than five cards on the board) |
| RESHUFFLE, NO_RESHUFFLE | ``reshuffle``, ``no-reshuffle`` | five-card reward: discards into the deck or not |
| REMOVE_TOWER | ``remove tower`` | remove a built tower (then up to 2 table monsters to the bottom) |
| TOKEN | ``token`` | spend a die token: roll one more die |
| REROLL + v-1 | ``reroll 3`` | re-roll a die showing v (board slot 3 holds a card) |
| SHIELD + v-1 | ``shield 2`` | a die showing v destroys a shield |
| DONE | ``done`` | end the attack: every unused die adds 1 to the wall |
| HIT + 6m + v-1 | ``hit 3a 6`` | put a die showing v on monster m (it falls when the dice on it reach its life) |
| PLACE + mask | ``place 1a 2a`` | proliferation: the revealed cards to place (bit i = the i-th revealed) |
| BOTTOM + m | ``bottom 3a`` | the next card to go to the bottom of the monster deck |
| STOP | ``stop`` | put no more table monsters at the bottom |
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import factorial
from typing import Final

from soloboard.i18n import _
from soloboard.monstros.cards import MAX_ACTION_KINDS, MAX_MONSTER_KINDS, Deck, local_name

DIE_FACES: Final = 6
TRIPLE_FORMS: Final = 3  # a tool's triple: 3 of the tool, 2 and a wild card, or 1 and two wild cards
MAX_REVEALED: Final = 3  # monsters revealed in a monsters' turn (state.REVEAL): a place mask has one bit each

# Each range follows the one before it. Saves store these ids and are replayed from them: a change here is
# caught by tests/test_action_numbering.py.
PLAY: Final = 0  # + action card kind
RETURN: Final = PLAY + MAX_ACTION_KINDS  # + action card kind
KEEP: Final = RETURN + MAX_ACTION_KINDS
TRIPLE: Final = KEEP + 1  # + TRIPLE_FORMS * tool kind + wild cards
TRIPLE_WILD: Final = TRIPLE + TRIPLE_FORMS * MAX_ACTION_KINDS
FIVE: Final = TRIPLE_WILD + 1
PASS: Final = FIVE + 1
RESHUFFLE: Final = PASS + 1
NO_RESHUFFLE: Final = RESHUFFLE + 1
REMOVE_TOWER: Final = NO_RESHUFFLE + 1
TOKEN: Final = REMOVE_TOWER + 1
REROLL: Final = TOKEN + 1  # + die value - 1
SHIELD: Final = REROLL + DIE_FACES  # + die value - 1
DONE: Final = SHIELD + DIE_FACES
HIT: Final = DONE + 1  # + DIE_FACES * monster kind + die value - 1
PLACE: Final = HIT + DIE_FACES * MAX_MONSTER_KINDS  # + mask of the revealed cards placed
BOTTOM: Final = PLACE + (1 << MAX_REVEALED)  # + monster kind
STOP: Final = BOTTOM + MAX_MONSTER_KINDS
NUM_ACTIONS: Final = STOP + 1

WILD_MARK = "*"
MAX_DICE: Final = 5  # the printed tower and the 4 tower pieces: one die each

# chance outcomes: a drawn card's kind (a monster's or an action card's: the monster kinds are the more),
# or a roll of 1..5 dice (a sorted multiset of values)
DRAW: Final = 0
ROLL: Final = DRAW + max(MAX_MONSTER_KINDS, MAX_ACTION_KINDS)
ROLLS: list[tuple[int, ...]] = [r for n in range(1, MAX_DICE + 1)
                                for r in combinations_with_replacement(range(1, 7), n)]
ROLL_INDEX: dict[tuple[int, ...], int] = {r: ROLL + i for i, r in enumerate(ROLLS)}
MAX_CHANCE_OUTCOMES: Final = ROLL + len(ROLLS)


def _probability(roll: tuple[int, ...]) -> float:
    ways = factorial(len(roll))
    for v in set(roll):
        ways //= factorial(roll.count(v))
    return ways / 6 ** len(roll)


# every outcome of a roll of n dice with its probability, ready to hand out
ROLL_OUTCOMES: dict[int, list[tuple[int, float]]] = {
    n: [(ROLL_INDEX[r], _probability(r)) for r in ROLLS if len(r) == n] for n in range(1, MAX_DICE + 1)
}
ONE_DIE = (0, *(ROLL_INDEX[(v,)] for v in range(1, 7)))  # ONE_DIE[v]: the outcome "roll v"


def triple(tool: int, wilds: int) -> int:
    return TRIPLE + TRIPLE_FORMS * tool + wilds


def decode_triple(action: int) -> tuple[int, int]:
    """The tool kind and the number of wild cards of a triple (``TRIPLE_WILD``: no tool, -1, and 3)."""
    if action == TRIPLE_WILD:
        return -1, 3
    return divmod(action - TRIPLE, TRIPLE_FORMS)


def hit(monster: int, value: int) -> int:
    return HIT + DIE_FACES * monster + value - 1


def decode_hit(action: int) -> tuple[int, int]:
    """The monster kind and the die value of a ``hit``."""
    monster, value = divmod(action - HIT, DIE_FACES)
    return monster, value + 1


def roll_to_string(action: int) -> str:
    if not ROLL <= action < MAX_CHANCE_OUTCOMES:
        raise ValueError(f"{action} is not a dice roll")
    return "roll " + "".join(str(v) for v in ROLLS[action - ROLL])


def parse_roll(text: str) -> int:
    words = text.split()
    digits = "".join(words[1:]) if words and words[0] == "roll" else ""
    values = tuple(sorted(int(ch) for ch in digits if ch in "123456"))
    if not values or len(values) != len(digits) or values not in ROLL_INDEX:
        raise ValueError(_("cannot read {text} as a roll: write the dice like 'roll 226' (1 to {n} dice)").format(
            text=repr(text), n=MAX_DICE))
    return ROLL_INDEX[values]


def player_action_to_string(action: int, deck: Deck, revealed: list[int] | tuple[int, ...] = ()) -> str:
    """The notation of a player action; ``revealed`` names the cards of a ``place`` mask."""
    a_ids, m_ids = deck.a_ids, deck.m_ids

    def card(k: int) -> str:
        return a_ids[k] if k < len(a_ids) else f"card#{k}"

    def monster(m: int) -> str:
        return m_ids[m] if m < len(m_ids) else f"monster#{m}"

    if PLAY <= action < RETURN:
        return f"play {card(action - PLAY)}"
    if RETURN <= action < KEEP:
        return f"return {card(action - RETURN)}"
    if action == KEEP:
        return "keep"
    if TRIPLE <= action < TRIPLE_WILD:
        tool, wilds = decode_triple(action)
        return "tower " + " ".join([card(tool)] * (3 - wilds) + [WILD_MARK] * wilds)
    if action == TRIPLE_WILD:
        return "tower * * *"
    simple = {FIVE: "five", PASS: "pass", RESHUFFLE: "reshuffle", NO_RESHUFFLE: "no-reshuffle",
              REMOVE_TOWER: "remove tower", TOKEN: "token", DONE: "done", STOP: "stop"}
    if action in simple:
        return simple[action]
    if REROLL <= action < SHIELD:
        return f"reroll {action - REROLL + 1}"
    if SHIELD <= action < DONE:
        return f"shield {action - SHIELD + 1}"
    if HIT <= action < PLACE:
        m, v = decode_hit(action)
        return f"hit {monster(m)} {v}"
    if PLACE <= action < BOTTOM:
        mask = action - PLACE
        names = [monster(k) for i, k in enumerate(revealed) if mask >> i & 1]
        return "place " + (" ".join(names) if names else "nothing") if revealed or not mask else f"place #{mask}"
    if BOTTOM <= action < STOP:
        return f"bottom {monster(action - BOTTOM)}"
    raise ValueError(f"{action} is not an action (valid ids: 0..{NUM_ACTIONS - 1})")


def _kind(ids: tuple[str, ...], word: str, what: str) -> int:
    for k, card_id in enumerate(ids):
        if card_id.lower() == word.lower():
            return k
    if what == "monster":
        message = _("{word} is not a monster of this deck (valid: {ids})")
    else:
        message = _("{word} is not an action card of this deck (valid: {ids})")
    raise ValueError(message.format(word=repr(word), ids=", ".join(ids)))


def _wild_name(deck: Deck) -> str:
    wild = deck.wild_kinds
    return local_name(deck, "action", wild[0]) if wild else "CONSTRUTOR"


def parse_player_action(text: str, deck: Deck, revealed: list[int] | tuple[int, ...] = ()) -> int:
    """The action ``text`` names (see the module's table); ValueError says how to write it."""
    words = text.strip().split()
    if not words:
        raise ValueError(_("empty move"))
    head = words[0].lower()
    args = words[1:]
    simple = {"keep": KEEP, "five": FIVE, "pass": PASS, "reshuffle": RESHUFFLE, "no-reshuffle": NO_RESHUFFLE,
              "token": TOKEN, "done": DONE, "stop": STOP}
    if head in simple and not args:
        return simple[head]
    if head == "remove" and [a.lower() for a in args] == ["tower"]:
        return REMOVE_TOWER
    if head in ("play", "return") and len(args) == 1:
        return (PLAY if head == "play" else RETURN) + _kind(deck.a_ids, args[0], "action card")
    if head == "tower" and len(args) == 3:
        wilds = sum(1 for a in args if a == WILD_MARK or a.lower() in ("construtor", "wild"))
        tools = {a.lower() for a in args if a != WILD_MARK and a.lower() not in ("construtor", "wild")}
        if wilds == 3:
            return TRIPLE_WILD
        if len(tools) == 1:
            tool = _kind(deck.a_ids, args[[a.lower() for a in args].index(next(iter(tools)))], "action card")
            if not deck.wild[tool]:
                return triple(tool, wilds)
        raise ValueError(_("a tower is three equal blue cards, '*' for a {wild}: e.g. 'tower pa pa *', "
                           "not {text}").format(wild=_wild_name(deck), text=repr(text)))
    if head in ("reroll", "shield") and len(args) == 1 and args[0] in ("1", "2", "3", "4", "5", "6"):
        return (REROLL if head == "reroll" else SHIELD) + int(args[0]) - 1
    if head == "hit" and len(args) == 2 and args[1] in ("1", "2", "3", "4", "5", "6"):
        return hit(_kind(deck.m_ids, args[0], "monster"), int(args[1]))
    if head == "bottom" and len(args) == 1:
        return BOTTOM + _kind(deck.m_ids, args[0], "monster")
    if head == "place" and args:
        return PLACE + _place_mask([_kind(deck.m_ids, a, "monster") for a in args], revealed, text)
    raise ValueError(_(
        "cannot read {text}: moves are e.g. 'play pa', 'tower pa pa *', 'five', 'pass', 'hit 3a 6', "
        "'shield 2', 'reroll 1', 'token', 'done', 'remove tower', 'place 1a 2a', 'bottom 3a', 'stop' "
        "(type 'help' for all of them)"
    ).format(text=repr(text)))


def _place_mask(kinds: list[int], revealed: list[int] | tuple[int, ...], text: str) -> int:
    """The mask of the revealed cards named, taking each name's earliest unused card."""
    mask = 0
    for k in kinds:
        for i, r in enumerate(revealed):
            if r == k and not mask >> i & 1:
                mask |= 1 << i
                break
        else:
            raise ValueError(_("{text}: only the revealed monsters can be placed").format(text=repr(text)))
    return mask
