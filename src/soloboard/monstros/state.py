"""One position of A Invasão dos Monstros Sem Nome and the rules that move it on.

The state is small ints and short lists (card kinds are ints, hands and the action deck
are counts per kind) so that ``clone`` and ``apply_action`` stay cheap. The rules are a
small state machine: ``phase`` says which decision or chance event comes next, and the
code between two of them runs at once. A decision with a single legal action, and a
chance event with a single outcome, are resolved on the spot (nothing to choose).

Piles. The action deck is always one shuffled pile (every shuffle in the rules shuffles
all of it), so it is a count per kind and a draw is a chance event over the kinds in it
(probability count/total). The monster deck is a stack of segments, top first, each
either shuffled (a multiset: a draw from it is a chance event) or in a known order
(cards put at the bottom "in any order" by the players). That makes "shuffle these to
the top / bottom" and "put these at the bottom in this order" exact without ever
enumerating permutations. The defeated pile keeps its order (the rulebook forbids
changing it): "save 3 monsters" takes its top three.

Events. Every consequence is recorded as an event (``core/events.py``; kinds and fields in
``docs/monstros.md``, "Events") when ``_ev`` is a list; it is None unless someone reads
events, and every recording site tests it first, so playouts pay one ``is None`` test.

Rule names in the error messages refer to the sections of ``docs/monstros.md``.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Final

from soloboard.core.api import CHANCE_PLAYER, TERMINAL_PLAYER, StateMixin
from soloboard.core.errors import IllegalActionError
from soloboard.i18n import _, ngettext
from soloboard.monstros import actions as A

if TYPE_CHECKING:
    from random import Random

    from soloboard.monstros.events import BottomWhy, InvasionWhy, MonstrosEvent, PickWhy, RollMode, WallBy
    from soloboard.monstros.game import MonstrosGame

# --- numbers printed in the rulebook ---------------------------------------------------------
WALL_START: Final = 30
WALL_MAX: Final = 50
FIVE_BONUS: Final = 10  # removing five cards: +10 wall
INVASION_START: Final = 1
INVASION_WIN = 16  # "sobreviver até que o nível da invasão ultrapasse 15"
SETUP_REVEAL: Final = 10
REVEAL: Final = A.MAX_REVEALED  # 3 (the place actions number a choice among this many: actions.py)
BOARD_SLOTS: Final = 5
SHIELD_SLOTS: Final = 4  # board slots 1-4 each stop 1 point of the monsters' attack
REROLL_SLOT: Final = 3
TOWER_PIECES: Final = 4  # besides the tower printed on the board
TOKEN_SLOTS: Final = 2  # a tower placed on tower space 1 or 2 brings a die token
DIE_TOKENS: Final = 5
SHIELD_TOKENS: Final = 5
PICK_TOWER: Final = 2  # a removed tower puts up to 2 table monsters at the bottom
SAVE_CARDS: Final = 3

# --- phases: chance events first, then decisions ----------------------------------------------
C_SETUP: Final = 0
C_DEAL: Final = 1
C_DRAW: Final = 2
C_ROLL: Final = 3
C_REVEAL: Final = 4
D_EXCHANGE: Final = 5
D_PLAY: Final = 6
D_REMOVE: Final = 7
D_RESHUFFLE: Final = 8
D_PICK: Final = 9
D_ATTACK: Final = 10
D_PLACE: Final = 11
D_ORDER: Final = 12
OVER: Final = 13
FIRST_DECISION: Final = D_EXCHANGE
PHASE_NAMES = ("setup-reveal", "deal", "draw", "roll", "reveal",
               "exchange", "play", "remove", "reshuffle", "pick", "attack", "place", "order", "over")

# where the flow goes on after a sub-step (picking monsters, ordering cards, dealing)
R_PLAY: Final = 0
R_REMOVE: Final = 1
R_ATTACK: Final = 2
R_START_ATTACK: Final = 3
R_ABILITIES: Final = 4
R_END_MONSTERS: Final = 5
R_EXCHANGE: Final = 6
R_FIRST_TURN: Final = 7
R_NONE: Final = 8
RESUME_NAMES = ("play", "remove", "attack", "start-attack", "abilities", "end-monsters", "exchange",
                "first-turn", "none")

# why table monsters are being picked, or cards put in order, by where the flow resumes (for events)
PICK_WHY: dict[int, PickWhy] = {R_START_ATTACK: "five cards", R_ABILITIES: "tower destroyed"}  # else "tower removed"
ORDER_WHY: dict[int, BottomWhy] = {R_ABILITIES: "saved", R_END_MONSTERS: "not placed"}

ROLL_START: Final = 0
ROLL_TOKEN: Final = 1
ROLL_REROLL: Final = 2
ROLL_MODES: tuple[RollMode, ...] = ("attack", "token", "reroll")

NO_CARD: Final = -2  # nothing left to draw
LOSS_WALL: Final = "the wall was destroyed"
WIN_INVASION: Final = "the invasion passed 15"
WIN_DEFEATED: Final = "every monster was defeated"


def slot_bonuses(slot: int) -> list[str]:
    """What board slot ``slot`` (1..5) gives the card in it, as printed: ``"block"`` (slots 1-4: -1 to the
    monsters' attack) and ``"reroll"`` (slot 3: one die of the attack may be re-rolled)."""
    return (["block"] if slot <= SHIELD_SLOTS else []) + (["reroll"] if slot == REROLL_SLOT else [])


class MonstrosState(StateMixin["MonstrosEvent"]):
    """A position. Use :meth:`MonstrosGame.new_initial_state` to get one."""

    __slots__ = (
        "game", "deck", "num_action_kinds",
        # tracks and supplies
        "phase", "resume", "round", "seat", "actor", "wall", "invasion", "built_towers", "die_tokens", "shields",
        # action cards: hands (counts, seat-major), board (slot order), deck and discard (counts)
        "hands", "board", "action_deck", "action_deck_size", "discard",
        # monster cards: deck segments (top first), table, defeated pile (top last), revealed, set aside,
        # cards being put at the bottom in the players' order
        "monster_deck", "table", "defeated", "revealed", "set_aside", "to_order",
        # the player's attack
        "dice", "target_monster", "dice_on_target", "reroll_available", "to_roll", "roll_mode",
        # sub-steps
        "picks_left", "blue_removed", "monsters_placed", "invasion_raised", "save_left", "destroy_left",
        "deal_seat", "exchange_seat", "cards_returned",
        # the end
        "result", "end_cause", "loss_cause", "hist", "legal",
        # events (core/events.py): the recording list, and the position a history-less state starts from
        "_ev", "origin",
    )

    game: MonstrosGame  # declared here, not only on StateMixin: a compiled build makes it a native field

    def __init__(self, game: MonstrosGame | None = None) -> None:
        if game is None:  # a blank for clone(), which sets every field (compiled, __new__ runs __init__)
            return
        deck = game.deck
        self.game = game
        self.deck = deck
        self.num_action_kinds = len(deck.a_ids)  # the stride of a seat's counts in ``hands``
        self.phase = C_SETUP
        self.resume = R_NONE
        self.round = 0
        self.seat = 0  # whose turn it is (seat 0 is the oldest player, who starts)
        self.actor = 0  # who decides now (differs from seat during the set-up exchange)
        self.wall = WALL_START
        self.invasion = INVASION_START
        self.built_towers = 0  # tower pieces on the tower spaces, besides the tower printed on the board
        self.die_tokens = 0
        self.shields = 0
        self.hands = [0] * (self.num_action_kinds * game.players)
        self.board: list[int] = []
        self.action_deck = list(game.action_counts)  # cards of each kind (one shuffled pile)
        self.action_deck_size = sum(self.action_deck)
        self.discard = [0] * self.num_action_kinds
        self.monster_deck: list[tuple[bool, tuple[int, ...]]] = [(True, game.monster_deck)]
        self.table = [deck.start_kind]
        self.defeated: list[int] = []
        self.revealed: list[int] = []
        self.set_aside: list[int] = []  # revealed monsters not placed: they go to the bottom
        self.to_order: list[int] = []  # cards the players are putting at the bottom, in their order
        self.dice = [0] * 6  # unused attack dice, counted by value
        self.target_monster = -1  # the monster kind the dice in dice_on_target attack (-1: none yet)
        self.dice_on_target: list[int] = []
        self.reroll_available = False  # a card in board slot 3 gives the attack one re-roll
        self.to_roll = 0
        self.roll_mode = ROLL_START
        self.picks_left = 0  # table monsters that may still go to the bottom (a tower gone, or five cards)
        self.blue_removed = 0  # blue cards among the five removed (the five-card rewards)
        self.monsters_placed = False  # this monsters' turn placed a monster on the table
        self.invasion_raised = False  # this monsters' turn raised the invasion by a monster's ability
        self.save_left = 0
        self.destroy_left = 0
        self.deal_seat = 0  # the seat being dealt to, or drawing
        self.exchange_seat = -1  # the last seat asked in the set-up exchange of red cards
        self.cards_returned = False  # a red card was given back in the exchange: deal again
        self.result: float | None = None
        self.end_cause = ""
        self.loss_cause = ""
        self.hist: list[int] = []
        self.legal: list[int] | None = None
        self._ev: list[MonstrosEvent] | None = None  # events are recorded only when read (core/events.py)
        # where history() starts when it is not the game's start: a position set up or loaded without
        # its history (an empty-history state); events before it are unknown
        self.origin: MonstrosState | None = None
        self._setup_reveal()
        self._settle()

    # --- the OpenSpiel-shaped API ------------------------------------------------------------

    def current_player(self) -> int:
        phase = self.phase
        if phase == OVER:
            return TERMINAL_PLAYER
        if phase < FIRST_DECISION:
            return CHANCE_PLAYER
        return self.actor

    def is_chance_node(self) -> bool:
        return self.phase < FIRST_DECISION

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        """One value per player, all equal: the game is co-operative (1.0 win, 0.0 loss)."""
        return [self.result or 0.0] * self.game.players

    def history(self) -> list[int]:
        return list(self.hist)

    def legal_actions(self) -> list[int]:
        legal = self.legal
        if legal is not None:
            return list(legal)
        if self.phase == OVER:
            return []
        return [a for a, _ in self.chance_outcomes()]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self.phase
        if phase == C_ROLL:
            return list(A.ROLL_OUTCOMES[self.to_roll])
        if phase in (C_SETUP, C_REVEAL):
            cards = self.monster_deck[0][1]
            total = len(cards)
            return [(A.DRAW + k, n / total) for k, n in sorted(Counter(cards).items())]
        if phase in (C_DEAL, C_DRAW):
            total = self.action_deck_size
            return [(A.DRAW + k, n / total) for k, n in enumerate(self.action_deck) if n]
        return []

    def sample_chance_outcome(self, rng: Random) -> int:
        """A chance outcome drawn with its probability (faster than ``chance_outcomes``)."""
        phase = self.phase
        if phase == C_ROLL:
            rand = rng.random
            n = self.to_roll
            if n == 1:
                return A.ONE_DIE[int(rand() * 6) + 1]
            return A.ROLL_INDEX[tuple(sorted([int(rand() * 6) + 1 for _ in range(n)]))]
        if phase in (C_SETUP, C_REVEAL):
            cards = self.monster_deck[0][1]  # a shuffled segment: every card equally likely to be on top
            return A.DRAW + cards[int(rng.random() * len(cards))]
        if phase in (C_DEAL, C_DRAW):
            r = int(rng.random() * self.action_deck_size)
            for k, n in enumerate(self.action_deck):
                if r < n:
                    return A.DRAW + k
                r -= n
        raise ValueError("not a chance node")

    def apply_action(self, action: object) -> None:
        """Apply a player action or a chance outcome; raises IllegalActionError naming the rule.

        A refused action leaves the state exactly as it was."""
        # bool, float, str, None: refused; NumPy ints: converted. ``object``, not ``int``: a compiled build
        # (docs/speed.md) would check an int parameter itself, with a TypeError instead of these
        act = action if type(action) is int else self._as_action(action)
        phase = self.phase
        if phase == OVER:
            raise IllegalActionError(_("the game is over: no more actions"), "end of the game")
        if phase < FIRST_DECISION:
            self._apply_chance(act)
        else:
            legal = self.legal
            if legal is None or act not in legal:
                raise self._refusal(act)
            self._decide(act)
        self._settle()  # before the history grows: forced moves' events belong to this action's index
        self.hist.append(act)

    def clone(self) -> MonstrosState:
        new = MonstrosState.__new__(MonstrosState)
        new.game = self.game
        new.deck = self.deck
        new.num_action_kinds = self.num_action_kinds
        new.phase = self.phase
        new.resume = self.resume
        new.round = self.round
        new.seat = self.seat
        new.actor = self.actor
        new.wall = self.wall
        new.invasion = self.invasion
        new.built_towers = self.built_towers
        new.die_tokens = self.die_tokens
        new.shields = self.shields
        new.hands = self.hands[:]
        new.board = self.board[:]
        new.action_deck = self.action_deck[:]
        new.action_deck_size = self.action_deck_size
        new.discard = self.discard[:]
        new.monster_deck = self.monster_deck[:]  # segments are immutable tuples: copying the list is enough
        new.table = self.table[:]
        new.defeated = self.defeated[:]
        new.revealed = self.revealed[:]
        new.set_aside = self.set_aside[:]
        new.to_order = self.to_order[:]
        new.dice = self.dice[:]
        new.target_monster = self.target_monster
        new.dice_on_target = self.dice_on_target[:]
        new.reroll_available = self.reroll_available
        new.to_roll = self.to_roll
        new.roll_mode = self.roll_mode
        new.picks_left = self.picks_left
        new.blue_removed = self.blue_removed
        new.monsters_placed = self.monsters_placed
        new.invasion_raised = self.invasion_raised
        new.save_left = self.save_left
        new.destroy_left = self.destroy_left
        new.deal_seat = self.deal_seat
        new.exchange_seat = self.exchange_seat
        new.cards_returned = self.cards_returned
        new.result = self.result
        new.end_cause = self.end_cause
        new.loss_cause = self.loss_cause
        new.hist = self.hist[:]
        new.legal = self.legal  # never changed in place, only replaced
        new._ev = None  # clones never record (a preview switches its own clone on)
        new.origin = self.origin  # never changed: shared
        return new

    def action_to_string(self, action: object) -> str:
        act = self._checked_action(action)  # an id of this game's numbering, or IllegalActionError
        phase = self.phase
        if phase < FIRST_DECISION:
            if phase == C_ROLL:
                return A.roll_to_string(act)
            kinds = self.deck.m_ids if phase in (C_SETUP, C_REVEAL) else self.deck.a_ids
            if not 0 <= act < len(kinds):
                raise ValueError(f"{act} is not a card of this deck")
            verb = {C_SETUP: "reveal", C_REVEAL: "reveal", C_DEAL: "deal", C_DRAW: "draw"}[phase]
            return f"{verb} {kinds[act]}"
        return A.player_action_to_string(act, self.deck, self.revealed)

    def string_to_action(self, text: str) -> int:
        phase = self.phase
        if phase < FIRST_DECISION:
            words = text.strip().split()
            if phase == C_ROLL:
                return A.parse_roll(text)
            verb = {C_SETUP: "reveal", C_REVEAL: "reveal", C_DEAL: "deal", C_DRAW: "draw"}[phase]
            if len(words) != 2 or words[0].lower() != verb:
                raise ValueError(f"this chance event is written '{verb} CARD', not {text!r}")
            if phase in (C_SETUP, C_REVEAL):
                return A.DRAW + self.deck.monster_kind(words[1])
            return A.DRAW + self.deck.action_kind(words[1])
        return A.parse_player_action(text, self.deck, self.revealed)

    # to_json(), str(state), rich rendering, ==, hash() and legal_actions_mask(): core/api.py StateMixin

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """What seat ``player`` sees (default: the seat deciding now), as numbers;
        ``game.observation_layout()`` names the pieces."""
        return self.game.observation_tensor(self, player)

    def observation_string(self, player: int | None = None) -> str:
        return self.game.observation_string(self, player)

    def __repr__(self) -> str:
        return (f"<MonstrosState turn {self.round} seat {self.seat} {self.phase_name} wall {self.wall} "
                f"invasion {self.invasion}>")

    # --- views for front ends and tests ------------------------------------------------------

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def hand(self, seat: int) -> list[int]:
        """Seat ``seat``'s hand as card kinds (hands are open: the game is co-operative)."""
        nk = self.num_action_kinds
        counts = self.hands[seat * nk:(seat + 1) * nk]
        return [k for k in range(nk) for _ in range(counts[k])]

    def hand_size(self, seat: int) -> int:
        nk = self.num_action_kinds
        return sum(self.hands[seat * nk:(seat + 1) * nk])

    def monster_deck_size(self) -> int:
        return sum(len(cards) for _, cards in self.monster_deck)

    def dice_values(self) -> list[int]:
        """The attack dice not yet used, lowest first."""
        return [v + 1 for v in range(6) for _ in range(self.dice[v])]

    def attack_dice(self) -> int:
        """The dice an attack starts with: one for the tower printed on the board and one per built tower."""
        return 1 + self.built_towers

    def table_attack(self) -> int:
        """The printed attack of the monsters on the table, before the board's cards block any of it."""
        attack = self.deck.attack
        return sum(attack[m] for m in self.table)

    def blocking_cards(self) -> int:
        """How many cards on the board each stop 1 point of the monsters' attack now (those in slots 1-4)."""
        return min(len(self.board), SHIELD_SLOTS)

    def monster_attack(self) -> int:
        """What the monsters' attack would take from the wall now."""
        total = self.table_attack() - self.blocking_cards()
        return total if total > 0 else 0

    # --- events (core/events.py; kinds and fields in docs/monstros.md, "Events") ------------------

    def _replay_start(self) -> MonstrosState:
        """The position ``history()`` starts from, not recording: the game's start, or the
        position a state was set up at without its history (``origin``)."""
        origin = self.origin
        return origin.clone() if origin is not None else MonstrosState(self.game)

    def _set_origin(self) -> None:
        """Make this position the start of its history (a position built without one): its
        events start here, nothing before it is known."""
        self.hist = []
        self._ev = None
        self.origin = None
        self.origin = self.clone()

    # --- settling: forced decisions are taken at once -------------------------------------------

    def _settle(self) -> None:
        while True:
            phase = self.phase
            if phase < FIRST_DECISION or phase == OVER:
                self.legal = None
                return
            legal = self._legal_now()
            if len(legal) != 1:
                self.legal = legal
                return
            ev = self._ev
            if ev is not None:  # the engine moves for a seat: say so, and for whom
                ev.append({"kind": "forced_move", "action": len(self.hist), "seat": self.actor,
                           "move": A.player_action_to_string(legal[0], self.deck, self.revealed), "id": legal[0],
                           "phase": PHASE_NAMES[phase]})
            self._decide(legal[0])

    def _legal_now(self) -> list[int]:
        phase = self.phase
        if phase == D_ATTACK:
            return self._attack_actions()
        if phase == D_PLAY:
            nk = self.num_action_kinds
            base = self.seat * nk
            hands = self.hands
            acts = [A.PLAY + k for k in range(nk) if hands[base + k]]
            if self.built_towers:
                acts.append(A.REMOVE_TOWER)
            return acts
        if phase == D_ORDER:
            return [A.BOTTOM + k for k in sorted(set(self.to_order))]
        if phase == D_PICK:
            acts = [A.BOTTOM + k for k in sorted(set(self.table))]
            acts.append(A.STOP)
            return acts
        if phase == D_REMOVE:
            return self._remove_actions()
        if phase == D_PLACE:
            return [A.PLACE + m for m in self._place_options()]
        if phase == D_RESHUFFLE:
            return [A.RESHUFFLE, A.NO_RESHUFFLE]
        if phase == D_EXCHANGE:
            nk = self.num_action_kinds
            base = self.actor * nk
            colour = self.deck.colour
            acts = [A.RETURN + k for k in range(nk) if self.hands[base + k] and colour[k] == "vermelha"]
            acts.append(A.KEEP)
            return acts
        return []

    def _decide(self, action: int) -> None:
        """Carry out a legal decision (already checked)."""
        phase = self.phase
        if action == A.REMOVE_TOWER:
            self._remove_tower()
        elif phase == D_ATTACK:
            self._attack_step(action)
        elif phase == D_PLAY:
            self._play(action - A.PLAY)
        elif phase == D_ORDER:
            self._order_step(action - A.BOTTOM)
        elif phase == D_PICK:
            self._pick_step(action)
        elif phase == D_REMOVE:
            self._remove_step(action)
        elif phase == D_PLACE:
            self._place(action - A.PLACE)
        elif phase == D_RESHUFFLE:
            if action == A.RESHUFFLE:
                self._reshuffle_discards()
            elif self._ev is not None:
                self._ev.append({"kind": "reshuffle_declined", "action": len(self.hist), "discard": sum(self.discard),
                                 "deck": self.action_deck_size})
            self._five_monsters()
        elif phase == D_EXCHANGE:
            self._exchange_step(action)

    # --- chance events -------------------------------------------------------------------------

    def _apply_chance(self, action: int) -> None:
        phase = self.phase
        if phase == C_ROLL:
            if not A.ROLL <= action < A.MAX_CHANCE_OUTCOMES or len(A.ROLLS[action - A.ROLL]) != self.to_roll:
                raise IllegalActionError(
                    ngettext("{action} is not a roll of {n} die", "{action} is not a roll of {n} dice",
                             self.to_roll).format(action=action, n=self.to_roll),
                    "attack: dice",
                )
            dice = self.dice
            for v in A.ROLLS[action - A.ROLL]:
                dice[v - 1] += 1
            if self._ev is not None:
                self._ev.append({"kind": "dice_rolled", "action": len(self.hist),
                                 "values": list(A.ROLLS[action - A.ROLL]), "mode": ROLL_MODES[self.roll_mode]})
            self.to_roll = 0
            self.phase = D_ATTACK
            self._check_target()
            return
        kind = action - A.DRAW
        if phase in (C_SETUP, C_REVEAL):
            if not 0 <= kind < A.MAX_MONSTER_KINDS or kind not in self.monster_deck[0][1]:
                raise IllegalActionError(
                    _("{action} is not a card that can be on top of the monster deck").format(action=action),
                    "monster deck: draw",
                )
            self._take_monster(kind)
            self.revealed.append(kind)
            if self._ev is not None:
                self._emit_reveal(self._ev, kind, phase == C_SETUP)
            if phase == C_SETUP:
                self._setup_reveal()
            else:
                self._reveal()
            return
        if not 0 <= kind < self.num_action_kinds or not self.action_deck[kind]:
            raise IllegalActionError(_("{action} is not a card in the action deck").format(action=action),
                                     "action deck: draw")
        self._take_action_card(kind)
        self._give(self.deal_seat, kind)
        ev = self._ev
        if phase == C_DEAL:
            if ev is not None:
                ev.append({"kind": "card_dealt", "action": len(self.hist), "seat": self.deal_seat,
                           "card": self.deck.a_ids[kind]})
            self._deal()
        else:
            if ev is not None:
                ev.append({"kind": "card_drawn", "action": len(self.hist), "seat": self.deal_seat,
                           "card": self.deck.a_ids[kind]})
            self._after_draw()

    # --- piles -------------------------------------------------------------------------------

    def _forced_monster(self) -> int:
        """The top monster card if it is known (known order, or a shuffled pile of one kind), else -1."""
        shuffled, cards = self.monster_deck[0]
        if not shuffled or cards[0] == cards[-1]:  # shuffled segments are sorted
            return cards[0]
        return -1

    def _take_monster(self, kind: int) -> None:
        shuffled, cards = self.monster_deck[0]
        if shuffled:
            i = cards.index(kind)
            rest = cards[:i] + cards[i + 1:]
        else:
            rest = cards[1:]
        if rest:
            self.monster_deck[0] = (shuffled, rest)
        else:
            del self.monster_deck[0]

    def _to_bottom(self, kind: int) -> None:
        monster_deck = self.monster_deck
        if monster_deck and not monster_deck[-1][0]:
            monster_deck[-1] = (False, (*monster_deck[-1][1], kind))
        else:
            monster_deck.append((False, (kind,)))

    def _forced_action_card(self) -> int:
        """The next action card if there is no choice, -1 for a chance event, NO_CARD if none is left.

        An empty deck stays empty: the discard pile comes back only as the five-card reward
        (docs/monstros.md, ruling "The action deck runs out")."""
        if not self.action_deck_size:
            return NO_CARD
        only = -1
        for k, n in enumerate(self.action_deck):
            if n:
                if only >= 0:
                    return -1
                only = k
        return only

    def _take_action_card(self, kind: int) -> None:
        self.action_deck[kind] -= 1
        self.action_deck_size -= 1

    def _give(self, seat: int, kind: int) -> None:
        self.hands[seat * self.num_action_kinds + kind] += 1

    def _reshuffle_discards(self) -> None:
        action_deck = self.action_deck
        discard = self.discard
        moved = sum(discard)
        for k, n in enumerate(discard):
            if n:
                action_deck[k] += n
                self.action_deck_size += n
                discard[k] = 0
        if self._ev is not None:
            self._ev.append({"kind": "reshuffled", "action": len(self.hist), "cards": moved,
                             "deck": self.action_deck_size})

    # --- events off the hot paths (each caller tests ``self._ev`` first and passes it) -----------

    def _emit_reveal(self, ev: list[MonstrosEvent], kind: int, setup: bool) -> None:
        ev.append({"kind": "monster_revealed", "action": len(self.hist), "card": self.deck.m_ids[kind],
                   "why": "setup" if setup else "proliferation"})

    def _emit_bottom(self, ev: list[MonstrosEvent], kind: int, why: BottomWhy) -> None:
        ev.append({"kind": "monster_to_bottom", "action": len(self.hist), "card": self.deck.m_ids[kind], "why": why})

    def _emit_wall(self, ev: list[MonstrosEvent], before: int, by: WallBy) -> None:
        if self.wall != before:
            ev.append({"kind": "wall_changed", "action": len(self.hist), "from": before, "to": self.wall, "by": by})

    def _emit_invasion(self, ev: list[MonstrosEvent], why: InvasionWhy, by: list[str]) -> None:
        ev.append({"kind": "invasion_raised", "action": len(self.hist), "from": self.invasion - 1, "to": self.invasion,
                   "why": why, "by": by})

    # --- set-up ------------------------------------------------------------------------------

    def _setup_reveal(self) -> None:
        """Reveal the first 10 monster cards; then the special ones go to the bottom, the rest on top."""
        revealed = self.revealed
        ev = self._ev
        while len(revealed) < SETUP_REVEAL and self.monster_deck:
            kind = self._forced_monster()
            if kind < 0:
                self.phase = C_SETUP
                return
            self._take_monster(kind)
            revealed.append(kind)
            if ev is not None:
                self._emit_reveal(ev, kind, True)
        special = self.deck.special
        bottom = tuple(sorted(k for k in revealed if special[k]))
        top = tuple(sorted(k for k in revealed if not special[k]))
        if ev is not None:
            m_ids = self.deck.m_ids
            ev.append({"kind": "setup_sorted", "action": len(self.hist), "top": [m_ids[k] for k in top],
                       "bottom": [m_ids[k] for k in bottom]})
        if top:
            self.monster_deck.insert(0, (True, top))
        if bottom:
            self.monster_deck.append((True, bottom))
        self.revealed = []
        self._start_deal(R_EXCHANGE)

    def _start_deal(self, resume: int) -> None:
        self.resume = resume
        self.deal_seat = 0
        self._deal()

    def _deal(self) -> None:
        """Fill every hand up to the hand size, seat by seat (one shuffled deck: the order is immaterial)."""
        size = self.game.hand_size
        for seat in range(self.deal_seat, self.game.players):
            while self.hand_size(seat) < size:
                kind = self._forced_action_card()
                if kind == NO_CARD:
                    break
                if kind < 0:
                    self.deal_seat = seat
                    self.phase = C_DEAL
                    return
                self._take_action_card(kind)
                self._give(seat, kind)
                if self._ev is not None:
                    self._ev.append({"kind": "card_dealt", "action": len(self.hist), "seat": seat,
                                     "card": self.deck.a_ids[kind]})
        self._resume()

    def _start_exchange(self) -> None:
        self.exchange_seat = -1
        self.cards_returned = False
        self._next_exchange()

    def _next_exchange(self) -> None:
        """Each player holding red cards may give them back, once, seat by seat."""
        nk = self.num_action_kinds
        colour = self.deck.colour
        hands = self.hands
        for seat in range(self.exchange_seat + 1, self.game.players):
            if any(hands[seat * nk + k] and colour[k] == "vermelha" for k in range(nk)):
                self.exchange_seat = seat
                self.actor = seat
                self.phase = D_EXCHANGE
                return
        self.exchange_seat = self.game.players
        self.actor = self.seat
        if self.cards_returned:  # the deck is shuffled again and the hands refilled
            self._start_deal(R_FIRST_TURN)
        else:
            self._start_turn()

    def _exchange_step(self, action: int) -> None:
        if action == A.KEEP:
            if self._ev is not None:
                self._ev.append({"kind": "hand_kept", "action": len(self.hist), "seat": self.actor})
            self._next_exchange()
            return
        kind = action - A.RETURN
        self.hands[self.actor * self.num_action_kinds + kind] -= 1
        self.action_deck[kind] += 1
        self.action_deck_size += 1
        self.cards_returned = True
        if self._ev is not None:
            self._ev.append({"kind": "card_returned", "action": len(self.hist), "seat": self.actor,
                             "card": self.deck.a_ids[kind]})

    def _resume(self) -> None:
        resume = self.resume
        self.resume = R_NONE
        if resume == R_PLAY:
            self.phase = D_PLAY
        elif resume == R_REMOVE:
            self.phase = D_REMOVE
        elif resume == R_ATTACK:
            self.phase = D_ATTACK
        elif resume == R_START_ATTACK:
            self._start_attack()
        elif resume == R_ABILITIES:
            self._abilities()
        elif resume == R_END_MONSTERS:
            self._end_monsters()
        elif resume == R_EXCHANGE:
            self._start_exchange()
        elif resume == R_FIRST_TURN:
            self._start_turn()

    # --- the player's turn: play a card, remove cards --------------------------------------------

    def _start_turn(self) -> None:
        self.round += 1
        self.actor = self.seat
        ev = self._ev
        if ev is not None:
            ev.append({"kind": "turn_started", "action": len(self.hist), "turn": self.round, "seat": self.seat})
        if self.hand_size(self.seat):
            self.phase = D_PLAY
        else:  # nothing to play (docs: ruling "The action deck runs out")
            if ev is not None:
                ev.append({"kind": "no_card_to_play", "action": len(self.hist), "seat": self.seat})
            self._after_draw()

    def _play(self, kind: int) -> None:
        seat = self.seat
        self.hands[seat * self.num_action_kinds + kind] -= 1
        self.board.append(kind)  # the first free slot: the board is always filled from slot 1
        ev = self._ev
        if ev is not None:
            slot = len(self.board)
            ev.append({"kind": "card_played", "action": len(self.hist), "seat": seat, "card": self.deck.a_ids[kind],
                       "slot": slot, "bonus": slot_bonuses(slot), "full": slot == BOARD_SLOTS})
        drawn = self._forced_action_card()
        if drawn == NO_CARD:  # docs: ruling "The action deck runs out"
            if ev is not None:
                ev.append({"kind": "no_card_drawn", "action": len(self.hist), "seat": seat,
                           "discard": sum(self.discard)})
            self._after_draw()
        elif drawn < 0:
            self.deal_seat = seat
            self.phase = C_DRAW
        else:
            self._take_action_card(drawn)
            self._give(seat, drawn)
            if ev is not None:
                ev.append({"kind": "card_drawn", "action": len(self.hist), "seat": seat,
                           "card": self.deck.a_ids[drawn]})
            self._after_draw()

    def _after_draw(self) -> None:
        n = len(self.board)
        if n == BOARD_SLOTS or (n >= 3 and self._triples()):
            self.phase = D_REMOVE
        else:
            self._start_attack()

    def _triples(self) -> list[int]:
        """Every distinct way to remove three equal blue cards (CONSTRUTOR is wild), as actions."""
        deck = self.deck
        counts = [0] * self.num_action_kinds
        for k in self.board:
            counts[k] += 1
        wild = deck.wild
        blue = deck.blue
        wilds = sum(counts[k] for k in range(self.num_action_kinds) if wild[k])
        acts = []
        for k in range(self.num_action_kinds):
            if counts[k] and blue[k] and not wild[k]:
                for w in range(3):
                    if counts[k] >= 3 - w and wilds >= w:
                        acts.append(A.triple(k, w))
        if wilds >= 3:
            acts.append(A.TRIPLE_WILD)
        return acts

    def _remove_actions(self) -> list[int]:
        acts = self._triples()
        if len(self.board) == BOARD_SLOTS:
            if not acts or self.game.five_removal == "any":
                acts.append(A.FIVE)
        else:
            acts.append(A.PASS)
        if self.built_towers:
            acts.append(A.REMOVE_TOWER)
        return acts

    def _remove_step(self, action: int) -> None:
        if action == A.PASS:
            self._start_attack()
        elif action == A.FIVE:
            self._remove_five()
        else:
            self._remove_triple(action)

    def triple_slots(self, action: int) -> list[int]:
        """The board positions (0-based, in the order taken) of the three cards the legal triple ``action``
        removes: its tool's cards, then each wild card the first kind of ``deck.wild_kinds`` still there
        (between two wild cards the blue CONSTRUTOR goes before the green one); of equal cards, the first.

        The engine removes these cards, and the boards show these as the ones going, so both agree.
        """
        tool, wilds = A.decode_triple(action)
        board = self.board
        taken: list[int] = []
        i = -1
        for _i in range(3 - wilds):
            i = board.index(tool, i + 1)
            taken.append(i)
        if wilds:
            for kind in self.deck.wild_kinds:
                i = -1
                for _i in range(min(wilds, board.count(kind))):
                    i = board.index(kind, i + 1)
                    taken.append(i)
                    wilds -= 1
        return taken

    def triple_cards(self, action: int) -> list[int]:
        """The card kinds the legal triple ``action`` takes off the board (:meth:`triple_slots`)."""
        board = self.board
        return [board[i] for i in self.triple_slots(action)]

    def _remove_triple(self, action: int) -> None:
        board = self.board
        slots = self.triple_slots(action)
        removed = [board[i] for i in slots]
        for i in sorted(slots, reverse=True):
            del board[i]  # the rest shift down
        discard = self.discard
        for k in removed:
            discard[k] += 1
        ev = self._ev
        if ev is not None:
            a_ids = self.deck.a_ids
            ev.append({"kind": "cards_removed", "action": len(self.hist), "how": "triple",
                       "cards": [a_ids[k] for k in removed], "board": [a_ids[k] for k in board]})
        if self.built_towers < TOWER_PIECES:
            self.built_towers += 1  # towers fill the tower spaces from the first one
            if ev is not None:
                ev.append({"kind": "tower_built", "action": len(self.hist), "space": self.built_towers,
                           "towers": self.built_towers})
            if self.built_towers <= TOKEN_SLOTS:
                if self.die_tokens < DIE_TOKENS:
                    self.die_tokens += 1
                    if ev is not None:
                        ev.append({"kind": "die_token_gained", "action": len(self.hist), "tokens": self.die_tokens,
                                   "why": "tower"})
                elif ev is not None:
                    ev.append({"kind": "no_die_token", "action": len(self.hist), "why": "tower",
                               "reason": "supply empty"})
        elif ev is not None:
            ev.append({"kind": "no_tower_piece", "action": len(self.hist), "towers": self.built_towers})
        self._start_attack()

    def _remove_five(self) -> None:
        blue = self.deck.blue
        self.blue_removed = sum(1 for k in self.board if blue[k])
        for k in self.board:
            self.discard[k] += 1
        removed = self.board
        self.board = []
        wall = self.wall
        self.wall = min(WALL_MAX, wall + FIVE_BONUS)
        ev = self._ev
        if ev is not None:
            ev.append({"kind": "cards_removed", "action": len(self.hist), "how": "five",
                       "cards": [self.deck.a_ids[k] for k in removed], "board": []})
            self._emit_wall(ev, wall, "five cards")
        if self.die_tokens < DIE_TOKENS:
            self.die_tokens += 1
            if ev is not None:
                ev.append({"kind": "die_token_gained", "action": len(self.hist), "tokens": self.die_tokens,
                           "why": "five cards"})
        elif ev is not None:
            ev.append({"kind": "no_die_token", "action": len(self.hist), "why": "five cards", "reason": "supply empty"})
        self.phase = D_RESHUFFLE

    def _five_monsters(self) -> None:
        """Five-card reward: one table monster to the bottom for each blue card removed."""
        if self.table and self.blue_removed:
            self.picks_left = self.blue_removed
            self.resume = R_START_ATTACK
            self.phase = D_PICK
            if self._ev is not None:
                self._ev.append({"kind": "pick_monsters", "action": len(self.hist), "up_to": self.picks_left,
                                 "why": "five cards"})
        else:
            self._start_attack()
        self.blue_removed = 0

    # --- towers ------------------------------------------------------------------------------

    def _remove_tower(self) -> None:
        """A built tower leaves the board (any time): up to two table monsters go to the bottom."""
        self.built_towers -= 1
        phase = self.phase
        ev = self._ev
        if ev is not None:
            ev.append({"kind": "tower_removed", "action": len(self.hist), "seat": self.actor,
                       "towers": self.built_towers})
        if self.table:
            self.resume = R_PLAY if phase == D_PLAY else R_REMOVE if phase == D_REMOVE else R_ATTACK
            self.picks_left = PICK_TOWER
            self.phase = D_PICK
            if ev is not None:
                ev.append({"kind": "pick_monsters", "action": len(self.hist), "up_to": PICK_TOWER,
                           "why": "tower removed"})

    def _pick_step(self, action: int) -> None:
        if action == A.STOP:
            if self._ev is not None:
                self._ev.append({"kind": "pick_stopped", "action": len(self.hist), "unused": self.picks_left,
                                 "why": PICK_WHY.get(self.resume, "tower removed")})
            self.picks_left = 0
            self._resume()
            return
        kind = action - A.BOTTOM
        self.table.remove(kind)
        self._to_bottom(kind)
        if self._ev is not None:
            self._emit_bottom(self._ev, kind, PICK_WHY.get(self.resume, "tower removed"))
        self.picks_left -= 1
        if not self.picks_left or not self.table:
            self._resume()

    def _order_step(self, kind: int) -> None:
        order = self.to_order
        order.remove(kind)
        self._to_bottom(kind)
        ev = self._ev
        if ev is not None:
            self._emit_bottom(ev, kind, ORDER_WHY[self.resume])
        if order and order.count(order[0]) == len(order):  # only equal cards left: their order is moot
            for k in order:
                self._to_bottom(k)
                if ev is not None:
                    self._emit_bottom(ev, k, ORDER_WHY[self.resume])
            order.clear()
        if not order:
            self._resume()

    def _start_order(self, cards: list[int], resume: int) -> bool:
        """Put ``cards`` at the bottom in the players' order; True if they must decide it."""
        if len(set(cards)) <= 1:
            for k in cards:
                self._to_bottom(k)
                if self._ev is not None:
                    self._emit_bottom(self._ev, k, ORDER_WHY[resume])
            return False
        self.to_order = cards
        self.resume = resume
        self.phase = D_ORDER
        return True

    # --- the player's attack -----------------------------------------------------------------------

    def _start_attack(self) -> None:
        self.dice = [0] * 6
        self.target_monster = -1
        self.dice_on_target = []
        self.reroll_available = len(self.board) >= REROLL_SLOT  # a card in board slot 3: one re-roll
        self.to_roll = self.attack_dice()
        self.roll_mode = ROLL_START
        self.phase = C_ROLL
        if self._ev is not None:
            self._ev.append({"kind": "attack_started", "action": len(self.hist), "seat": self.seat,
                             "dice": self.to_roll, "reroll": self.reroll_available, "tokens": self.die_tokens,
                             "shields": self.shields})

    def _attack_actions(self) -> list[int]:
        dice = self.dice
        acts = []
        target = self.target_monster
        if target < 0 and self.built_towers:
            acts.append(A.REMOVE_TOWER)
        if self.die_tokens:
            acts.append(A.TOKEN)
        if self.reroll_available:
            acts.extend(A.REROLL + v for v in range(6) if dice[v])
        if target >= 0:
            base = A.HIT + 6 * target
            acts.extend(base + v for v in range(6) if dice[v])
            return acts
        if self.shields:
            acts.extend(A.SHIELD + v for v in range(6) if dice[v])
            if not any(dice):
                acts.append(A.DONE)
            return acts
        acts.append(A.DONE)
        if self.table:
            total = dice[0] + 2 * dice[1] + 3 * dice[2] + 4 * dice[3] + 5 * dice[4] + 6 * dice[5]
            life = self.deck.life
            values = [v for v in range(6) if dice[v]]
            for m in sorted(set(self.table)):
                if total >= life[m]:  # only a monster these dice can still defeat
                    base = A.HIT + 6 * m
                    acts.extend(base + v for v in values)
        return acts

    def _attack_step(self, action: int) -> None:
        if action >= A.HIT:
            self._hit((action - A.HIT) // 6, (action - A.HIT) % 6 + 1)
        elif action == A.DONE:
            self._end_attack()
        elif action >= A.SHIELD:
            self.dice[action - A.SHIELD] -= 1
            self.shields -= 1  # the token goes back to the supply
            if self._ev is not None:
                self._ev.append({"kind": "shield_destroyed", "action": len(self.hist), "value": action - A.SHIELD + 1,
                                 "shields": self.shields})
        elif action >= A.REROLL:
            self.dice[action - A.REROLL] -= 1
            self.reroll_available = False
            self.to_roll = 1
            self.roll_mode = ROLL_REROLL
            self.phase = C_ROLL
            if self._ev is not None:
                self._ev.append({"kind": "reroll_used", "action": len(self.hist), "value": action - A.REROLL + 1})
        elif action == A.TOKEN:
            self.die_tokens -= 1
            self.to_roll = 1
            self.roll_mode = ROLL_TOKEN
            self.phase = C_ROLL
            if self._ev is not None:
                self._ev.append({"kind": "die_token_spent", "action": len(self.hist), "tokens": self.die_tokens})

    def _hit(self, monster: int, value: int) -> None:
        self.dice[value - 1] -= 1
        on_target = self.dice_on_target
        on_target.append(value)
        life = self.deck.life[monster]
        ev = self._ev
        if ev is not None:
            ev.append({"kind": "die_assigned", "action": len(self.hist), "monster": self.deck.m_ids[monster],
                       "value": value, "total": sum(on_target), "life": life})
        if sum(on_target) >= life:
            self.table.remove(monster)
            self.defeated.append(monster)  # face up on the defeated pile, whose order never changes
            if ev is not None:
                ev.append({"kind": "monster_defeated", "action": len(self.hist), "monster": self.deck.m_ids[monster],
                           "dice": list(on_target), "life": life, "table": len(self.table)})
            self.target_monster = -1
            self.dice_on_target = []
            if not self.table and not self.monster_deck:
                self._end(1.0, WIN_DEFEATED)
        else:
            self.target_monster = monster

    def _check_target(self) -> None:
        """After a re-roll the dice may no longer reach the chosen monster: they come back unused."""
        target = self.target_monster
        if target < 0:
            return
        dice = self.dice
        total = sum(self.dice_on_target) + sum((v + 1) * dice[v] for v in range(6))
        if total < self.deck.life[target]:
            for v in self.dice_on_target:
                dice[v - 1] += 1
            if self._ev is not None:
                self._ev.append({"kind": "dice_returned", "action": len(self.hist), "monster": self.deck.m_ids[target],
                                 "dice": list(self.dice_on_target), "life": self.deck.life[target]})
            self.dice_on_target = []
            self.target_monster = -1

    def _end_attack(self) -> None:
        dice = self.dice
        left = dice[0] + dice[1] + dice[2] + dice[3] + dice[4] + dice[5]
        wall = self.wall
        self.wall = min(WALL_MAX, wall + left)  # each unused die: +1 wall
        if self._ev is not None:
            self._ev.append({"kind": "attack_ended", "action": len(self.hist), "seat": self.seat, "unused": left})
            self._emit_wall(self._ev, wall, "unused dice")
        self.dice = [0] * 6
        self.reroll_available = False
        self._monsters_turn()

    # --- the monsters' turn ----------------------------------------------------------------------

    def _monsters_turn(self) -> None:
        attack = self.monster_attack()
        wall = self.wall
        self.wall -= attack
        if self.wall <= 0:
            self.wall = 0
        if self._ev is not None:
            table_attack = self.table_attack()
            self._ev.append({"kind": "monsters_turn", "action": len(self.hist), "seat": self.seat,
                             "monsters": [self.deck.m_ids[m] for m in self.table]})
            self._ev.append({"kind": "monsters_attack", "action": len(self.hist), "attack": table_attack,
                             "blocked": table_attack - attack, "cards": self.blocking_cards(), "total": attack})
            self._emit_wall(self._ev, wall, "monsters")
        if not self.wall:
            self._end(0.0, LOSS_WALL)
            return
        self.revealed = []
        self.monsters_placed = False
        self.invasion_raised = False
        self._reveal()

    def _reveal(self) -> None:
        revealed = self.revealed
        ev = self._ev
        while len(revealed) < REVEAL and self.monster_deck:
            kind = self._forced_monster()
            if kind < 0:
                self.phase = C_REVEAL
                return
            self._take_monster(kind)
            revealed.append(kind)
            if ev is not None:
                self._emit_reveal(ev, kind, False)
        if len(revealed) < REVEAL and ev is not None:  # the monster deck ran short
            ev.append({"kind": "reveal_short", "action": len(self.hist), "revealed": len(revealed), "wanted": REVEAL})
        options = self._place_options()
        if len(options) == 1:
            self._place(options[0])
        else:
            self.phase = D_PLACE
            if ev is not None:
                ev.append({"kind": "place_choice", "action": len(self.hist), "seat": self.actor,
                           "options": len(options), "invasion": self.invasion})

    def _place_options(self) -> list[int]:
        """The revealed cards to place: level sum as close to the invasion as possible, not above.

        One mask per distinct choice of cards (equal cards make equal choices)."""
        revealed = self.revealed
        level = self.deck.level
        n = len(revealed)
        best = 0
        sums = [0] * (1 << n)
        for mask in range(1, 1 << n):
            s = 0
            for i in range(n):
                if mask >> i & 1:
                    s += level[revealed[i]]
            sums[mask] = s
            if best < s <= self.invasion:
                best = s
        if not best:
            return [0]
        options = []
        for mask in range(1, 1 << n):
            if sums[mask] == best:
                chosen = [revealed[i] for i in range(n) if mask >> i & 1]
                canonical = A._place_mask(chosen, revealed, "")
                if canonical not in options:
                    options.append(canonical)
        return sorted(options)

    def _place(self, mask: int) -> None:
        deck = self.deck
        shield = deck.shield
        revealed = self.revealed
        ev = self._ev
        if ev is not None:
            self._emit_placed(ev, mask)
        for i, kind in enumerate(revealed):
            if mask >> i & 1:
                self.table.append(kind)
                if shield[kind]:
                    if self.shields < SHIELD_TOKENS:  # none left: no token (docs)
                        self.shields += 1
                        if ev is not None:
                            ev.append({"kind": "shield_placed", "action": len(self.hist), "monster": deck.m_ids[kind],
                                       "shields": self.shields})
                    elif ev is not None:
                        ev.append({"kind": "no_shield_token", "action": len(self.hist), "monster": deck.m_ids[kind],
                                   "reason": "supply empty"})
            else:
                self.set_aside.append(kind)
        self.monsters_placed = mask != 0
        self.save_left = sum(1 for k in revealed if deck.saves[k])
        self.destroy_left = sum(1 for k in revealed if deck.destroys[k])
        raises = any(deck.raises[k] for k in revealed)
        if ev is not None and (raises or self.save_left or self.destroy_left):
            m_ids = deck.m_ids
            ev.append({"kind": "abilities", "action": len(self.hist),
                       "raise_invasion": [m_ids[k] for k in revealed if deck.raises[k]],
                       "save_3": [m_ids[k] for k in revealed if deck.saves[k]],
                       "destroy_tower": [m_ids[k] for k in revealed if deck.destroys[k]]})
        self.revealed = []
        if raises:  # once per turn, however many monsters show the symbol
            self.invasion_raised = True
            self.invasion += 1
            if ev is not None:
                self._emit_invasion(ev, "ability", [deck.m_ids[k] for k in revealed if deck.raises[k]])
            if self.invasion >= INVASION_WIN:
                self._end(1.0, WIN_INVASION)
                return
        self._abilities()

    def _emit_placed(self, ev: list[MonstrosEvent], mask: int) -> None:
        m_ids = self.deck.m_ids
        revealed = self.revealed
        chosen = [k for i, k in enumerate(revealed) if mask >> i & 1]
        cards = [m_ids[k] for k in chosen]
        set_aside = [m_ids[k] for i, k in enumerate(revealed) if not mask >> i & 1]
        level = sum(self.deck.level[k] for k in chosen)
        if self.phase == D_PLACE:  # the players chose among several equal-level choices: the event says who
            ev.append({"kind": "monsters_placed", "action": len(self.hist), "cards": cards, "set_aside": set_aside,
                       "level": level, "invasion": self.invasion, "seat": self.actor})
        else:
            ev.append({"kind": "monsters_placed", "action": len(self.hist), "cards": cards, "set_aside": set_aside,
                       "level": level, "invasion": self.invasion})

    def _abilities(self) -> None:
        """Save 3 monsters (each), then destroy a tower (each); then the unplaced go to the bottom."""
        ev = self._ev
        while self.save_left:
            self.save_left -= 1
            n = min(SAVE_CARDS, len(self.defeated))
            cards = self.defeated[-n:] if n else []
            if ev is not None:  # top of the defeated pile first
                ev.append({"kind": "monsters_saved", "action": len(self.hist),
                           "cards": [self.deck.m_ids[k] for k in reversed(cards)]})
            if n:
                del self.defeated[-n:]
                if self._start_order(cards, R_ABILITIES):
                    return
        while self.destroy_left:
            self.destroy_left -= 1
            if self.built_towers:  # never the printed tower
                self.built_towers -= 1
                if ev is not None:
                    ev.append({"kind": "tower_destroyed", "action": len(self.hist), "towers": self.built_towers})
                if self.table:  # the destroyed tower's ability may be used now
                    self.picks_left = PICK_TOWER
                    self.resume = R_ABILITIES
                    self.phase = D_PICK
                    if ev is not None:
                        ev.append({"kind": "pick_monsters", "action": len(self.hist), "up_to": PICK_TOWER,
                                   "why": "tower destroyed"})
                    return
            elif ev is not None:
                ev.append({"kind": "no_tower_to_destroy", "action": len(self.hist)})
        aside = self.set_aside
        self.set_aside = []
        if self._start_order(aside, R_END_MONSTERS):
            return
        self._end_monsters()

    def _end_monsters(self) -> None:
        if not self.monsters_placed and not self.invasion_raised:
            self.invasion += 1
            if self._ev is not None:
                self._emit_invasion(self._ev, "nothing placed", [])
            if self.invasion >= INVASION_WIN:
                self._end(1.0, WIN_INVASION)
                return
        self.seat = (self.seat + 1) % self.game.players
        self._start_turn()

    def _end(self, result: float, cause: str) -> None:
        self.phase = OVER
        self.result = result
        self.end_cause = cause
        self.loss_cause = "" if result else cause
        self.legal = None
        if self._ev is not None:
            if result:
                self._ev.append({"kind": "game_won", "action": len(self.hist), "cause": cause})
            else:
                self._ev.append({"kind": "game_lost", "action": len(self.hist), "cause": cause})

    # --- refusals --------------------------------------------------------------------------------

    def _refusal(self, action: int) -> IllegalActionError:
        return self.game.refusal(self, action)  # refusals.py reads the state; the game knows it
