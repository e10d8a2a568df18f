"""Action numbering and the text notation for Under Falling Skies.

Player actions are integers in ``range(NUM_ACTIONS)``; chance outcomes are integers in
``range(game.max_chance_outcomes())``. The notation (see the README) is what people type:

====================  ============================================  =====================
action                notation                                       ids
====================  ============================================  =====================
place a worker die    ``G5c3`` (gray 5 on c3), ``W2a0`` (white 2)    0..359
use a room            ``use b2`` (any space of the room)             360..389
discard a die         ``discard b2``                                 390..419
dig (move excavator)  ``dig e2``                                     420..449
remove a robot        ``remove b2``                                  450..479
install a robot       ``install b2``                                 480..509
end the Rooms Phase   ``done``                                       510
spawn a ship          ``spawn c`` (drop point above column c)        511..515
decline a robot       ``skip`` (only when it cannot be installed)    516
spawn a red ship      ``spawn red c`` (9-card edition only)          517..521
set a die to 6        ``six G3`` (a gray 3 becomes 6), ``six W1``    522..533
keep the roll         ``no six``                                     534
once-per-game         ``ability`` (``ability 2``: the second one)    535..542
====================  ============================================  =====================

``six`` and ``no six`` are the decision of Washington, DC's damaged side right after the
first roll of each round (``hooks.py``); only a game with that ability numbers them
(``game.num_distinct_actions()``: 517 boxed, 535 with the ability, 522 9-card).

``ability`` uses a once-per-game ability (a campaign character's, from a plugin; ``hooks.py``);
a game with N of them numbers ``ONCE + N`` actions, and the city decision's ids among them.

The 9-card edition writes its black dice ``B``: ``B5c3``.

Spaces are named like chess squares: column ``a``..``e`` (left to right) and base row
``0``..``5`` (row 0 is the AA guns, rows 1-2 the top base tile, rows 3-5 the bottom one).

Chance outcomes: ``roll G135 W26`` (gray dice 1, 3, 5 and white 2, 6; ids 0..2351, one
per multiset, since equal dice are interchangeable) and ``sky ETEE`` (the side of each sky
tile, bottom tile first, E = easy, T = threat; ids 2352..2367).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import factorial
from typing import Final

from soloboard.i18n import _

COLS: Final = 5
BASE_ROWS: Final = 6
N_SPACES: Final = COLS * BASE_ROWS
GRAY: Final = 0  # the plain dice (gray, or black in the 9-card edition) and the white dice
WHITE: Final = 1
DIE_COLOURS: Final = 2
DIE_FACES: Final = 6
# a worker die by colour and value, colour * DIE_FACES + value - 1: the state's unplaced counts use it too
DIE_KINDS: Final = DIE_COLOURS * DIE_FACES

# Each range follows the one before it, so the numbering is the table above. Saves store these ids and
# are replayed from them: a change here is caught by tests/test_action_numbering.py.
PLACE_VALUE_STRIDE: Final = N_SPACES  # place ids of one die (colour and value): one per space
PLACE_COLOUR_STRIDE: Final = DIE_FACES * PLACE_VALUE_STRIDE  # place ids of one colour
PLACE_COUNT: Final = DIE_COLOURS * PLACE_COLOUR_STRIDE

PLACE: Final = 0
USE: Final = PLACE + PLACE_COUNT
DISCARD: Final = USE + N_SPACES
DIG: Final = DISCARD + N_SPACES
REMOVE: Final = DIG + N_SPACES
INSTALL: Final = REMOVE + N_SPACES
DONE: Final = INSTALL + N_SPACES
SPAWN: Final = DONE + 1  # + column
SKIP: Final = SPAWN + COLS
SPAWN_RED: Final = SKIP + 1  # + column (9-card edition)
# SPAWN + c and SPAWN_RED + c lie this far apart: (action - SPAWN) % SPAWN_STRIDE is the column of either
SPAWN_STRIDE: Final = SPAWN_RED - SPAWN
# + colour * DIE_FACES + value - 1: set an unplaced worker die of that colour and value to 6
SIX: Final = SPAWN_RED + COLS
NO_SIX: Final = SIX + DIE_KINDS
NUM_ACTIONS: Final = NO_SIX + 1
ONCE: Final = NUM_ACTIONS  # + k: use the k-th once-per-game ability (numbered only in a game that has one)
ONCE_SLOTS: Final = 8

_SPACE_VERBS = {USE: "use", DISCARD: "discard", DIG: "dig", REMOVE: "remove", INSTALL: "install"}
_VERB_BASE = {v: k for k, v in _SPACE_VERBS.items()}


def place_action(color: int, value: int, space: int) -> int:
    return PLACE + color * PLACE_COLOUR_STRIDE + (value - 1) * PLACE_VALUE_STRIDE + space


def decode_place(action: int) -> tuple[int, int, int]:
    color, rest = divmod(action - PLACE, PLACE_COLOUR_STRIDE)
    value, space = divmod(rest, PLACE_VALUE_STRIDE)
    return color, value + 1, space


def decode_space_action(action: int) -> tuple[str, int]:
    """The verb (``use``, ``discard``, ``dig``, ``remove``, ``install``) and the space of an action
    in ``USE..DONE - 1``."""
    base = USE + (action - USE) // N_SPACES * N_SPACES
    return _SPACE_VERBS[base], action - base


def spawn_column(action: int) -> int:
    """The column (0..4) a ``spawn`` or ``spawn red`` action names."""
    return (action - SPAWN) % SPAWN_STRIDE


def six_action(color: int, value: int) -> int:
    return SIX + color * DIE_FACES + value - 1


def decode_six(action: int) -> tuple[int, int]:
    color, value = divmod(action - SIX, DIE_FACES)
    return color, value + 1


def space_name(space: int) -> str:
    row, col = divmod(space, COLS)
    return f"{'abcde'[col]}{row}"


def parse_space(text: str) -> int:
    text = text.strip().lower()
    if len(text) != 2 or text[0] not in "abcde" or text[1] not in "012345":
        raise ValueError(_("{text} is not a base space: use a column a-e and a row 0-5, e.g. 'c3'").format(
            text=repr(text)))
    return int(text[1]) * COLS + "abcde".index(text[0])


def player_action_to_string(action: int, dice_letters: str = "GW", reinforcement: str = "red") -> str:
    if PLACE <= action < USE:
        color, value, space = decode_place(action)
        return f"{dice_letters[color]}{value}{space_name(space)}"
    if USE <= action < DONE:
        verb, space = decode_space_action(action)
        return f"{verb} {space_name(space)}"
    if action == DONE:
        return "done"
    if SPAWN <= action < SKIP:
        return f"spawn {'abcde'[action - SPAWN]}"
    if action == SKIP:
        return "skip"
    if SPAWN_RED <= action < SIX:
        return f"spawn {reinforcement} {'abcde'[action - SPAWN_RED]}"
    if SIX <= action < NO_SIX:
        color, value = decode_six(action)
        return f"six {dice_letters[color]}{value}"
    if action == NO_SIX:
        return "no six"
    if ONCE <= action < ONCE + ONCE_SLOTS:
        return "ability" if action == ONCE else f"ability {action - ONCE + 1}"
    raise ValueError(f"{action} is not an Under Falling Skies action (valid: 0..{NUM_ACTIONS - 1})")


def parse_player_action(text: str, dice_letters: str = "GW", reinforcement: str = "red") -> int:
    """The action a string names, without checking legality (the state does that)."""
    letters = dice_letters.lower()
    words = text.strip().lower().split()
    if not words:
        raise ValueError(_("empty move"))
    # forgiving where it is unambiguous: 'G3 a1' and 'g 3 a1' are G3a1; 'usec3' is 'use c3'
    joined = "".join(words)
    if len(words) > 1 and len(joined) == 4 and joined[0] in letters and joined[1] in "123456":
        words = [joined]
    elif len(words) == 1:
        for verb in (*_VERB_BASE, "spawn"):
            if joined.startswith(verb) and len(joined) > len(verb):
                words = [verb, joined[len(verb):]]
                break
    if len(words) == 1:
        w = words[0]
        if w == "done":
            return DONE
        if w == "skip":
            return SKIP
        if w == "ability":
            return ONCE
        if len(w) == 4 and w[0] in letters and w[1] in "123456":
            return place_action(letters.index(w[0]), int(w[1]), parse_space(w[2:]))
    elif len(words) == 2:
        verb, arg = words
        if verb in _VERB_BASE:
            return _VERB_BASE[verb] + parse_space(arg)
        if verb == "spawn" and len(arg) == 1 and arg in "abcde":
            return SPAWN + "abcde".index(arg)
        if verb == "six" and len(arg) == 2 and arg[0] in letters and arg[1] in "123456":
            return six_action(letters.index(arg[0]), int(arg[1]))
        if words == ["no", "six"]:
            return NO_SIX
        if verb == "ability" and arg.isdigit() and 1 <= int(arg) <= ONCE_SLOTS:
            return ONCE + int(arg) - 1
    elif len(words) == 3 and words[0] == "spawn" and words[1] == reinforcement and words[2] in list("abcde"):
        return SPAWN_RED + "abcde".index(words[2])
    first = dice_letters[0]
    raise ValueError(_(
        "cannot read {text}: moves look like '{first}5c3' (place a {first} die showing 5 on c3), 'W2a0', "
        "'use b2', 'discard b2', 'dig e2', 'install b2', 'remove b2', 'spawn c', 'skip' or 'done'"
    ).format(text=repr(text), first=first))


# --- chance outcomes -------------------------------------------------------------------

def _multisets(n: int) -> list[tuple[int, ...]]:
    return list(combinations_with_replacement(range(1, 7), n))


ROLLS: list[tuple[tuple[int, ...], tuple[int, ...]]] = [
    (g, w) for ng in range(4) for nw in range(3) for g in _multisets(ng) for w in _multisets(nw)
]
ROLL_INDEX: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {r: i for i, r in enumerate(ROLLS)}
SKY_CHANCE: Final = len(ROLLS)  # 2352: + bit mask of the cards on their harder side (set-up draw)


def _probability(dice: tuple[int, ...]) -> float:
    counts = [dice.count(v) for v in range(1, 7)]
    ways = factorial(len(dice))
    for c in counts:
        ways //= factorial(c)
    return ways / 6 ** len(dice)


ROLL_OUTCOMES: dict[tuple[int, int], list[tuple[int, float]]] = {}
for _i, (_g, _w) in enumerate(ROLLS):
    ROLL_OUTCOMES.setdefault((len(_g), len(_w)), []).append((_i, _probability(_g) * _probability(_w)))


def chance_to_string(action: int, dice_letters: str = "GW") -> str:
    """A dice roll in notation (set-up draws are written by the game, which knows its cards)."""
    if 0 <= action < SKY_CHANCE:
        g, w = ROLLS[action]
        parts = ["roll"]
        if g:
            parts.append(dice_letters[0] + "".join(map(str, g)))
        if w:
            parts.append(dice_letters[1] + "".join(map(str, w)))
        return " ".join(parts)
    raise ValueError(f"{action} is not a dice roll (valid: 0..{SKY_CHANCE - 1})")


def parse_chance(text: str, dice_letters: str = "GW") -> int:
    words = text.strip().upper().split()
    plain, white = dice_letters[0].upper(), dice_letters[1].upper()
    if words and words[0] == "ROLL":
        g: tuple[int, ...] = ()
        w: tuple[int, ...] = ()
        for word in words[1:]:
            if len(word) < 2 or word[0] not in (plain, white) or not set(word[1:]) <= set("123456"):
                break
            dice = tuple(sorted(int(ch) for ch in word[1:]))
            if word[0] == plain:
                g = dice
            else:
                w = dice
        else:
            if (g, w) in ROLL_INDEX:
                return ROLL_INDEX[(g, w)]
    raise ValueError(_("cannot read chance outcome {text}: use e.g. 'roll {plain}135 {white}26'").format(
        text=repr(text), plain=plain, white=white))
