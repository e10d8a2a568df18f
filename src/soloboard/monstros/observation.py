"""What the players see of a Monstros position, as a flat tensor and as text.

The game is co-operative with open hands, so every seat sees the same position; the
tensor only adds which seat is looking (``observer``). Card piles whose order is hidden
(the shuffled decks) appear as counts per card kind: the players can work them out from
the cards they have seen go by (every card is public once it leaves a pile). Shapes
depend on the game only (the number of seats and the deck's card kinds).

As in ``soloboard/ufs/observation.py`` the tensor is built as ``bytes``, one per entry
(every value fits in 0..255), so the adapters turn it into numpy in one call and this
module needs no numpy. :func:`pieces` names the pieces, their shapes and their ranges;
``docs/research.md`` has the table.
"""

from __future__ import annotations

from math import prod
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from soloboard.monstros import actions as A
from soloboard.monstros import state as S
from soloboard.monstros.cards import MAX_ATTACK, MAX_LEVEL, MAX_LIFE

if TYPE_CHECKING:
    from soloboard.monstros.game import MonstrosGame
    from soloboard.monstros.state import MonstrosState

# name, shape, highest value (one for the piece, or one per entry), meaning
Piece = tuple[str, tuple[int, ...], int | tuple[int, ...], str]

MONSTER_FIELDS = ("level", "life", "attack", "shield", "raises", "saves", "destroys", "special")
CARD_FIELDS = ("blue colour", "red colour", "green colour", "wild", "counts as blue")
SUBSTEPS = ("budget", "save_left", "destroy_left", "placed", "raised", "blue_removed")
DEFEATED_TOP = 3  # "save 3 monsters" takes the top three: their order matters
MAX_ATTACK_DICE = A.MAX_DICE + S.DIE_TOKENS  # the towers' dice, plus one per die token spent


def _one_hot(index: int, size: int) -> bytes:
    return bytes(1 if i == index else 0 for i in range(size))


def _counts(kinds: Any, size: int) -> bytes:
    if not kinds:
        return bytes(size)
    counts = [0] * size
    for k in kinds:
        counts[k] += 1
    return bytes(counts)


class MonstrosObserver:
    """Builds the observation of one game's positions; :meth:`encode` is the hot path."""

    def __init__(self, game: MonstrosGame) -> None:
        self.game = game
        deck = game.deck
        seats = game.players
        nk = len(deck.a_ids)
        km = len(deck.m_ids)
        self.nk, self.km = nk, km
        self.phases = len(S.PHASE_NAMES)
        most_monsters = max(deck.m_count)
        most_cards = max(deck.a_count)
        monsters = sum(deck.m_count)
        self.pieces: list[tuple[str, tuple[int, ...], int | tuple[int, ...], str]] = [
            ("phase", (self.phases,), 1, "one-hot: " + ", ".join(S.PHASE_NAMES)),
            ("observer", (seats,), 1, "one-hot: the seat this observation is for"),
            ("turn_seat", (seats,), 1, "one-hot: whose turn it is"),
            ("actor", (seats,), 1, "one-hot: who decides now (differs from turn_seat in the set-up exchange)"),
            ("turn", (1,), 255, "turns played so far (capped at 255)"),
            ("result", (2,), 1, "1 in the first entry: won; in the second: lost"),
            ("tracks", (5,), (S.WALL_MAX, S.INVASION_WIN, S.TOWER_PIECES, S.DIE_TOKENS, S.SHIELD_TOKENS),
             "wall, invasion, tower pieces built, die tokens, shield tokens on the table"),
            ("hands", (seats, nk), most_cards, "per seat, how many cards of each action kind it holds"),
            ("board", (S.BOARD_SLOTS, nk), 1, "one-hot per board slot 1..5: the action card in it"),
            ("action_deck", (nk,), most_cards, "action cards left in the deck, per kind (shuffled)"),
            ("action_discard", (nk,), most_cards, "action cards in the discard pile, per kind"),
            ("table", (km,), most_monsters, "monsters on the table, per kind"),
            ("monster_deck", (km,), most_monsters, "monsters in the monster deck, per kind"),
            ("monster_deck_size", (1,), monsters, "cards in the monster deck"),
            ("monster_deck_top", (km,), 1, "one-hot: the top monster card when it is known, else zeros"),
            ("defeated", (km,), most_monsters, "monsters in the defeated pile, per kind"),
            ("defeated_top", (DEFEATED_TOP, km), 1, "one-hot: the defeated pile's top three cards, top first"),
            ("revealed", (S.REVEAL, km), 1,
             "one-hot: the monsters revealed this turn, in order (the bits of a 'place' action)"),
            ("revealed_all", (km,), most_monsters, "every monster revealed and not yet placed, per kind "
             "(the set-up reveals up to ten)"),
            ("set_aside", (km,), most_monsters, "revealed monsters not placed, waiting to go to the bottom"),
            ("to_order", (km,), most_monsters,
             "monsters the players are putting at the bottom (they choose the order)"),
            ("attack_dice", (6,), MAX_ATTACK_DICE, "unused attack dice: how many show 1..6"),
            ("target", (km,), 1, "one-hot: the monster the dice already on it are attacking"),
            ("target_dice", (6,), MAX_ATTACK_DICE, "dice already on the target: how many show 1..6"),
            ("attack", (2,), (1, A.MAX_DICE), "a re-roll is available; dice about to be rolled"),
            ("roll_mode", (len(S.ROLL_MODES),), 1, "one-hot: " + ", ".join(S.ROLL_MODES)),
            ("substeps", (len(SUBSTEPS),), (S.BOARD_SLOTS, S.REVEAL, S.REVEAL, 1, 1, S.BOARD_SLOTS),
             "monsters still to put at the bottom, 'save 3' and 'destroy a tower' abilities still to resolve, "
             "monsters were placed this turn, the invasion was raised this turn, blue cards in a removed five"),
            ("monster_kinds", (km, len(MONSTER_FIELDS)), (MAX_LEVEL, MAX_LIFE, MAX_ATTACK, 1, 1, 1, 1, 1) * km,
             "per monster kind: " + ", ".join(MONSTER_FIELDS)),
            ("action_kinds", (nk, len(CARD_FIELDS)), 1, "per action card kind: " + ", ".join(CARD_FIELDS)),
        ]
        self.size = sum(prod(shape) for _, shape, _, _ in self.pieces)
        self._phase = [_one_hot(p, self.phases) for p in range(self.phases)]
        self._seat = [_one_hot(p, seats) for p in range(seats)]
        self._kind = [bytes(km)] + [_one_hot(k, km) for k in range(km)]
        self._card = [_one_hot(k, nk) for k in range(nk)]
        self._roll_mode = [_one_hot(m, len(S.ROLL_MODES)) for m in range(len(S.ROLL_MODES))]
        self._no_board = [bytes(nk)]
        monster_rows = b"".join(
            bytes((deck.level[k], deck.life[k], deck.attack[k], deck.shield[k], deck.raises[k], deck.saves[k],
                   deck.destroys[k], deck.special[k]))
            for k in range(km)
        )
        card_rows = b"".join(
            bytes((deck.colour[k] == "azul", deck.colour[k] == "vermelha", deck.colour[k] == "verde",
                   deck.wild[k], deck.blue[k]))
            for k in range(nk)
        )
        self._static = monster_rows + card_rows
        every = [deck.start_kind, *game.monster_deck]  # the start monster begins on the table
        self._monster_total = len(every)
        self._all_monsters = int.from_bytes(_counts(every, km), "little")

    def layout(self) -> list[tuple[str, tuple[int, ...]]]:
        return [(name, shape) for name, shape, _, _ in self.pieces]

    def highs(self) -> list[int]:
        """The highest value of every entry, in tensor order (for a Gymnasium Box)."""
        out: list[int] = []
        for _, shape, high, _ in self.pieces:
            out.extend(high if isinstance(high, tuple) else [high] * prod(shape))
        return out

    def encode(self, state: MonstrosState, player: int) -> bytes:
        """The observation for seat ``player`` as bytes, one per entry, in the order of :attr:`pieces`."""
        if not 0 <= player < self.game.players:
            raise ValueError(f"player must be a seat 0..{self.game.players - 1}, not {player!r}")
        km = self.km
        kind = self._kind
        phase = state.phase
        result = state.result
        board = state.board
        monster_deck = state.monster_deck
        top = -1
        if monster_deck:
            shuffled, cards = monster_deck[0]
            if not shuffled or cards[0] == cards[-1]:  # a known order, or a pile of one kind
                top = cards[0]
        defeated = state.defeated
        revealed = state.revealed
        table_b = _counts(state.table, km)
        defeated_b = _counts(defeated, km)
        revealed_b = _counts(revealed, km)
        aside_b = _counts(state.set_aside, km)
        order_b = _counts(state.to_order, km)
        # every monster card is in exactly one pile, so the deck holds what the others do not; the
        # counts are subtracted as packed integers (one byte per kind: no count ever borrows)
        frm = int.from_bytes
        in_deck = (self._all_monsters - frm(table_b, "little") - frm(defeated_b, "little")
                   - frm(revealed_b, "little") - frm(aside_b, "little") - frm(order_b, "little"))
        deck_size = self._monster_total - len(state.table) - len(defeated) - len(revealed) - len(state.set_aside) \
            - len(state.to_order)
        return b"".join((
            self._phase[phase],
            self._seat[player],
            self._seat[state.seat],
            self._seat[state.actor],
            bytes((min(state.round, 255),)),
            b"\x01\x00" if result == 1.0 else (b"\x00\x01" if phase == S.OVER else b"\x00\x00"),
            bytes((state.wall, state.invasion, state.built_towers, state.die_tokens, state.shields)),
            bytes(state.hands),
            b"".join([self._card[k] for k in board] + self._no_board * (S.BOARD_SLOTS - len(board))),
            bytes(state.action_deck),
            bytes(state.discard),
            table_b,
            in_deck.to_bytes(km, "little"),
            bytes((deck_size,)),
            kind[top + 1],
            defeated_b,
            b"".join(kind[defeated[-1 - i] + 1] if i < len(defeated) else kind[0] for i in range(DEFEATED_TOP)),
            b"".join(kind[revealed[i] + 1] if i < len(revealed) else kind[0] for i in range(S.REVEAL)),
            revealed_b,
            aside_b,
            order_b,
            bytes(state.dice),
            kind[state.target_monster + 1],
            _counts([v - 1 for v in state.dice_on_target], 6),
            bytes((state.reroll_available, state.to_roll)),
            self._roll_mode[state.roll_mode],
            bytes((state.picks_left, state.save_left, state.destroy_left, state.monsters_placed, state.invasion_raised,
                   state.blue_removed)),
            self._static,
        ))


_OBSERVERS: WeakKeyDictionary[Any, MonstrosObserver] = WeakKeyDictionary()


def observer(game: MonstrosGame) -> MonstrosObserver:
    """The game's observer (made once per game object)."""
    hit = _OBSERVERS.get(game)
    if hit is None:
        hit = _OBSERVERS[game] = MonstrosObserver(game)
    return hit


def pieces(game: MonstrosGame) -> list[Piece]:
    """``(name, shape, highest value, meaning)`` of every piece, in tensor order."""
    return list(observer(game).pieces)


def observation_tensor(state: MonstrosState, player: int | None = None) -> list[float]:
    """The tensor for ``player`` (default: the seat deciding now, or seat 0 at chance and terminal nodes)."""
    if player is None:
        player = state.actor if 0 <= state.actor < state.game.players else 0
    return list(map(float, observer(state.game).encode(state, player)))


def observation_string(state: MonstrosState, player: int | None = None) -> str:
    """The terminal renderer's picture (hands are open: every seat sees the same)."""
    if player is not None and not 0 <= player < state.game.players:
        raise ValueError(f"player must be a seat 0..{state.game.players - 1}, not {player!r}")
    return str(state)
