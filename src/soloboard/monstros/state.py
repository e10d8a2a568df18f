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

Rule names in the error messages refer to the sections of ``docs/monstros.md``.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from soloboard.core.api import CHANCE_PLAYER, TERMINAL_PLAYER
from soloboard.core.errors import IllegalActionError
from soloboard.monstros import actions as A

if TYPE_CHECKING:
    from random import Random

    from soloboard.monstros.game import MonstrosGame

# --- numbers printed in the rulebook ---------------------------------------------------------
WALL_START = 30
WALL_MAX = 50
FIVE_BONUS = 10  # removing five cards: +10 wall
INVASION_START = 1
INVASION_WIN = 16  # "sobreviver até que o nível da invasão ultrapasse 15"
SETUP_REVEAL = 10
REVEAL = 3
BOARD_SLOTS = 5
SHIELD_SLOTS = 4  # board slots 1-4 each stop 1 point of the monsters' attack
REROLL_SLOT = 3
TOWER_PIECES = 4  # besides the tower printed on the board
TOKEN_SLOTS = 2  # a tower placed on tower space 1 or 2 brings a die token
DIE_TOKENS = 5
SHIELD_TOKENS = 5
PICK_TOWER = 2  # a removed tower puts up to 2 table monsters at the bottom
SAVE_CARDS = 3

# --- phases: chance events first, then decisions ----------------------------------------------
(C_SETUP, C_DEAL, C_DRAW, C_ROLL, C_REVEAL,
 D_EXCHANGE, D_PLAY, D_REMOVE, D_RESHUFFLE, D_PICK, D_ATTACK, D_PLACE, D_ORDER, OVER) = range(14)
FIRST_DECISION = D_EXCHANGE
PHASE_NAMES = ("setup-reveal", "deal", "draw", "roll", "reveal",
               "exchange", "play", "remove", "reshuffle", "pick", "attack", "place", "order", "over")

# where the flow goes on after a sub-step (picking monsters, ordering cards, dealing)
(R_PLAY, R_REMOVE, R_ATTACK, R_START_ATTACK, R_ABILITIES, R_END_MONSTERS, R_EXCHANGE, R_FIRST_TURN,
 R_NONE) = range(9)
RESUME_NAMES = ("play", "remove", "attack", "start-attack", "abilities", "end-monsters", "exchange",
                "first-turn", "none")

ROLL_START, ROLL_TOKEN, ROLL_REROLL = range(3)
ROLL_MODES = ("attack", "token", "reroll")

NO_CARD = -2  # nothing left to draw
LOSS_WALL = "the wall was destroyed"
WIN_INVASION = "the invasion passed 15"
WIN_DEFEATED = "every monster was defeated"


class MonstrosState:
    """A position. Use :meth:`MonstrosGame.new_initial_state` to get one."""

    __slots__ = (
        "game", "deck", "nk",
        # tracks and supplies
        "phase", "resume", "round", "seat", "actor", "wall", "invasion", "towers", "tokens", "shields",
        # action cards: hands (counts, seat-major), board (slot order), deck and discard (counts)
        "hands", "board", "adeck", "adeck_n", "discard",
        # monster cards: deck segments (top first), table, defeated pile (top last), revealed, set aside,
        # cards being put at the bottom in the players' order
        "mdeck", "table", "defeated", "revealed", "aside", "order",
        # the player's attack
        "dice", "group", "gdice", "reroll", "to_roll", "roll_mode",
        # sub-steps
        "budget", "blue_removed", "placed", "raised", "save_left", "destroy_left", "deal_seat", "exch_seat",
        "returned",
        # the end
        "result", "end_cause", "loss_cause", "hist", "legal",
    )

    def __init__(self, game: MonstrosGame) -> None:
        deck = game.deck
        self.game = game
        self.deck = deck
        self.nk = len(deck.a_ids)
        self.phase = C_SETUP
        self.resume = R_NONE
        self.round = 0
        self.seat = 0  # whose turn it is (seat 0 is the oldest player, who starts)
        self.actor = 0  # who decides now (differs from seat during the set-up exchange)
        self.wall = WALL_START
        self.invasion = INVASION_START
        self.towers = 0
        self.tokens = 0
        self.shields = 0
        self.hands = [0] * (self.nk * game.players)
        self.board: list[int] = []
        self.adeck = list(game.action_counts)
        self.adeck_n = sum(self.adeck)
        self.discard = [0] * self.nk
        self.mdeck: list[tuple[bool, tuple[int, ...]]] = [(True, game.monster_deck)]
        self.table = [deck.start_kind]
        self.defeated: list[int] = []
        self.revealed: list[int] = []
        self.aside: list[int] = []
        self.order: list[int] = []
        self.dice = [0] * 6
        self.group = -1
        self.gdice: list[int] = []
        self.reroll = False
        self.to_roll = 0
        self.roll_mode = ROLL_START
        self.budget = 0
        self.blue_removed = 0
        self.placed = False
        self.raised = False
        self.save_left = 0
        self.destroy_left = 0
        self.deal_seat = 0
        self.exch_seat = -1
        self.returned = False
        self.result: float | None = None
        self.end_cause = ""
        self.loss_cause = ""
        self.hist: list[int] = []
        self.legal: list[int] | None = None
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
            cards = self.mdeck[0][1]
            total = len(cards)
            return [(A.DRAW + k, n / total) for k, n in sorted(Counter(cards).items())]
        if phase in (C_DEAL, C_DRAW):
            total = self.adeck_n
            return [(A.DRAW + k, n / total) for k, n in enumerate(self.adeck) if n]
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
            cards = self.mdeck[0][1]  # a shuffled segment: every card equally likely to be on top
            return A.DRAW + cards[int(rng.random() * len(cards))]
        if phase in (C_DEAL, C_DRAW):
            r = int(rng.random() * self.adeck_n)
            for k, n in enumerate(self.adeck):
                if r < n:
                    return A.DRAW + k
                r -= n
        raise ValueError("not a chance node")

    def apply_action(self, action: int) -> None:
        """Apply a player action or a chance outcome; raises IllegalActionError naming the rule.

        A refused action leaves the state exactly as it was."""
        phase = self.phase
        if phase == OVER:
            raise IllegalActionError("the game is over: no more actions", "end of the game")
        if phase < FIRST_DECISION:
            self._apply_chance(action)
        else:
            legal = self.legal
            if legal is None or action not in legal:
                raise self._refusal(action)
            self._decide(action)
        self.hist.append(action)
        self._settle()

    def clone(self) -> MonstrosState:
        new = MonstrosState.__new__(MonstrosState)
        new.game = self.game
        new.deck = self.deck
        new.nk = self.nk
        new.phase = self.phase
        new.resume = self.resume
        new.round = self.round
        new.seat = self.seat
        new.actor = self.actor
        new.wall = self.wall
        new.invasion = self.invasion
        new.towers = self.towers
        new.tokens = self.tokens
        new.shields = self.shields
        new.hands = self.hands[:]
        new.board = self.board[:]
        new.adeck = self.adeck[:]
        new.adeck_n = self.adeck_n
        new.discard = self.discard[:]
        new.mdeck = self.mdeck[:]  # segments are immutable tuples: copying the list is enough
        new.table = self.table[:]
        new.defeated = self.defeated[:]
        new.revealed = self.revealed[:]
        new.aside = self.aside[:]
        new.order = self.order[:]
        new.dice = self.dice[:]
        new.group = self.group
        new.gdice = self.gdice[:]
        new.reroll = self.reroll
        new.to_roll = self.to_roll
        new.roll_mode = self.roll_mode
        new.budget = self.budget
        new.blue_removed = self.blue_removed
        new.placed = self.placed
        new.raised = self.raised
        new.save_left = self.save_left
        new.destroy_left = self.destroy_left
        new.deal_seat = self.deal_seat
        new.exch_seat = self.exch_seat
        new.returned = self.returned
        new.result = self.result
        new.end_cause = self.end_cause
        new.loss_cause = self.loss_cause
        new.hist = self.hist[:]
        new.legal = self.legal  # never changed in place, only replaced
        return new

    def action_to_string(self, action: int) -> str:
        phase = self.phase
        if phase < FIRST_DECISION:
            if phase == C_ROLL:
                return A.roll_to_string(action)
            kinds = self.deck.m_ids if phase in (C_SETUP, C_REVEAL) else self.deck.a_ids
            if not 0 <= action < len(kinds):
                raise ValueError(f"{action} is not a card of this deck")
            verb = {C_SETUP: "reveal", C_REVEAL: "reveal", C_DEAL: "deal", C_DRAW: "draw"}[phase]
            return f"{verb} {kinds[action]}"
        return A.player_action_to_string(action, self.deck, self.revealed)

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

    def to_json(self) -> str:
        from soloboard.monstros.serialize import state_to_json

        return state_to_json(self)

    def __str__(self) -> str:
        from soloboard.monstros.render import render_text

        return render_text(self)

    def __rich__(self) -> Any:
        from soloboard.monstros.render import render_rich

        return render_rich(self)

    def __repr__(self) -> str:
        return (f"<MonstrosState turn {self.round} seat {self.seat} {self.phase_name} wall {self.wall} "
                f"invasion {self.invasion}>")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MonstrosState):
            return NotImplemented
        from soloboard.monstros.serialize import position_dict

        return (self.game.parameters() == other.game.parameters()
                and position_dict(self) == position_dict(other))

    __hash__ = None  # type: ignore[assignment]

    # --- views for front ends and tests ------------------------------------------------------

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def hand(self, seat: int) -> list[int]:
        """Seat ``seat``'s hand as card kinds (hands are open: the game is co-operative)."""
        nk = self.nk
        counts = self.hands[seat * nk:(seat + 1) * nk]
        return [k for k in range(nk) for _ in range(counts[k])]

    def hand_size(self, seat: int) -> int:
        nk = self.nk
        return sum(self.hands[seat * nk:(seat + 1) * nk])

    def monster_deck_size(self) -> int:
        return sum(len(cards) for _, cards in self.mdeck)

    def dice_values(self) -> list[int]:
        """The attack dice not yet used, lowest first."""
        return [v + 1 for v in range(6) for _ in range(self.dice[v])]

    def monster_attack(self) -> int:
        """What the monsters' attack would take from the wall now."""
        attack = self.deck.attack
        total = sum(attack[m] for m in self.table) - min(len(self.board), SHIELD_SLOTS)
        return total if total > 0 else 0

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
            self._decide(legal[0])

    def _legal_now(self) -> list[int]:
        phase = self.phase
        if phase == D_ATTACK:
            return self._attack_actions()
        if phase == D_PLAY:
            nk = self.nk
            base = self.seat * nk
            hands = self.hands
            acts = [A.PLAY + k for k in range(nk) if hands[base + k]]
            if self.towers:
                acts.append(A.REMOVE_TOWER)
            return acts
        if phase == D_ORDER:
            return [A.BOTTOM + k for k in sorted(set(self.order))]
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
            nk = self.nk
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
            self._five_monsters()
        elif phase == D_EXCHANGE:
            self._exchange_step(action)

    # --- chance events -------------------------------------------------------------------------

    def _apply_chance(self, action: int) -> None:
        phase = self.phase
        if phase == C_ROLL:
            if not A.ROLL <= action < A.MAX_CHANCE_OUTCOMES or len(A.ROLLS[action - A.ROLL]) != self.to_roll:
                raise IllegalActionError(
                    f"{action} is not a roll of {self.to_roll} {'die' if self.to_roll == 1 else 'dice'}",
                    "attack: dice",
                )
            dice = self.dice
            for v in A.ROLLS[action - A.ROLL]:
                dice[v - 1] += 1
            self.to_roll = 0
            self.phase = D_ATTACK
            self._check_group()
            return
        kind = action - A.DRAW
        if phase in (C_SETUP, C_REVEAL):
            if not 0 <= kind < A.KM or kind not in self.mdeck[0][1]:
                raise IllegalActionError(
                    f"{action} is not a card that can be on top of the monster deck", "monster deck: draw"
                )
            self._take_monster(kind)
            self.revealed.append(kind)
            if phase == C_SETUP:
                self._setup_reveal()
            else:
                self._reveal()
            return
        if not 0 <= kind < self.nk or not self.adeck[kind]:
            raise IllegalActionError(f"{action} is not a card in the action deck", "action deck: draw")
        self._take_action_card(kind)
        self._give(self.deal_seat, kind)
        if phase == C_DEAL:
            self._deal()
        else:
            self._after_draw()

    # --- piles -------------------------------------------------------------------------------

    def _forced_monster(self) -> int:
        """The top monster card if it is known (known order, or a shuffled pile of one kind), else -1."""
        shuffled, cards = self.mdeck[0]
        if not shuffled or cards[0] == cards[-1]:  # shuffled segments are sorted
            return cards[0]
        return -1

    def _take_monster(self, kind: int) -> None:
        shuffled, cards = self.mdeck[0]
        if shuffled:
            i = cards.index(kind)
            rest = cards[:i] + cards[i + 1:]
        else:
            rest = cards[1:]
        if rest:
            self.mdeck[0] = (shuffled, rest)
        else:
            del self.mdeck[0]

    def _to_bottom(self, kind: int) -> None:
        mdeck = self.mdeck
        if mdeck and not mdeck[-1][0]:
            mdeck[-1] = (False, (*mdeck[-1][1], kind))
        else:
            mdeck.append((False, (kind,)))

    def _forced_action_card(self) -> int:
        """The next action card if there is no choice, -1 for a chance event, NO_CARD if none is left.

        An empty deck takes the discard pile, shuffled (docs: empty action deck)."""
        if not self.adeck_n:
            if not any(self.discard):
                return NO_CARD
            self._reshuffle_discards()
        only = -1
        for k, n in enumerate(self.adeck):
            if n:
                if only >= 0:
                    return -1
                only = k
        return only

    def _take_action_card(self, kind: int) -> None:
        self.adeck[kind] -= 1
        self.adeck_n -= 1

    def _give(self, seat: int, kind: int) -> None:
        self.hands[seat * self.nk + kind] += 1

    def _reshuffle_discards(self) -> None:
        adeck = self.adeck
        discard = self.discard
        for k, n in enumerate(discard):
            if n:
                adeck[k] += n
                self.adeck_n += n
                discard[k] = 0

    # --- set-up ------------------------------------------------------------------------------

    def _setup_reveal(self) -> None:
        """Reveal the first 10 monster cards; then the special ones go to the bottom, the rest on top."""
        revealed = self.revealed
        while len(revealed) < SETUP_REVEAL and self.mdeck:
            kind = self._forced_monster()
            if kind < 0:
                self.phase = C_SETUP
                return
            self._take_monster(kind)
            revealed.append(kind)
        special = self.deck.special
        bottom = tuple(sorted(k for k in revealed if special[k]))
        top = tuple(sorted(k for k in revealed if not special[k]))
        if top:
            self.mdeck.insert(0, (True, top))
        if bottom:
            self.mdeck.append((True, bottom))
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
        self._resume()

    def _start_exchange(self) -> None:
        self.exch_seat = -1
        self.returned = False
        self._next_exchange()

    def _next_exchange(self) -> None:
        """Each player holding red cards may give them back, once, seat by seat."""
        nk = self.nk
        colour = self.deck.colour
        hands = self.hands
        for seat in range(self.exch_seat + 1, self.game.players):
            if any(hands[seat * nk + k] and colour[k] == "vermelha" for k in range(nk)):
                self.exch_seat = seat
                self.actor = seat
                self.phase = D_EXCHANGE
                return
        self.exch_seat = self.game.players
        self.actor = self.seat
        if self.returned:  # the deck is shuffled again and the hands refilled
            self._start_deal(R_FIRST_TURN)
        else:
            self._start_turn()

    def _exchange_step(self, action: int) -> None:
        if action == A.KEEP:
            self._next_exchange()
            return
        kind = action - A.RETURN
        self.hands[self.actor * self.nk + kind] -= 1
        self.adeck[kind] += 1
        self.adeck_n += 1
        self.returned = True

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
        if self.hand_size(self.seat):
            self.phase = D_PLAY
        else:  # nothing left to play or draw (docs: empty action deck)
            self._after_draw()

    def _play(self, kind: int) -> None:
        seat = self.seat
        self.hands[seat * self.nk + kind] -= 1
        self.board.append(kind)  # the first free slot: the board is always filled from slot 1
        drawn = self._forced_action_card()
        if drawn == NO_CARD:
            self._after_draw()
        elif drawn < 0:
            self.deal_seat = seat
            self.phase = C_DRAW
        else:
            self._take_action_card(drawn)
            self._give(seat, drawn)
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
        counts = [0] * self.nk
        for k in self.board:
            counts[k] += 1
        wild = deck.wild
        blue = deck.blue
        wilds = sum(counts[k] for k in range(self.nk) if wild[k])
        acts = []
        for k in range(self.nk):
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
        if self.towers:
            acts.append(A.REMOVE_TOWER)
        return acts

    def _remove_step(self, action: int) -> None:
        if action == A.PASS:
            self._start_attack()
        elif action == A.FIVE:
            self._remove_five()
        else:
            self._remove_triple(action)

    def _discard_from_board(self, kind: int) -> None:
        self.board.remove(kind)  # the rest shift down; which of two equal cards goes changes nothing
        self.discard[kind] += 1

    def _remove_triple(self, action: int) -> None:
        if action == A.TRIPLE_WILD:
            tool, wilds = -1, 3
        else:
            tool, wilds = divmod(action - A.TRIPLE, 3)
        for _ in range(3 - wilds):
            self._discard_from_board(tool)
        board = self.board
        for _ in range(wilds):  # equal wild cards: the blue CONSTRUTOR goes before the green one
            for k in self.deck.wild_kinds:
                if k in board:
                    self._discard_from_board(k)
                    break
        if self.towers < TOWER_PIECES:
            self.towers += 1  # towers fill the tower spaces from the first one
            if self.towers <= TOKEN_SLOTS and self.tokens < DIE_TOKENS:
                self.tokens += 1
        self._start_attack()

    def _remove_five(self) -> None:
        blue = self.deck.blue
        self.blue_removed = sum(1 for k in self.board if blue[k])
        for k in self.board:
            self.discard[k] += 1
        self.board = []
        self.wall = min(WALL_MAX, self.wall + FIVE_BONUS)
        if self.tokens < DIE_TOKENS:
            self.tokens += 1
        self.phase = D_RESHUFFLE

    def _five_monsters(self) -> None:
        """Five-card reward: one table monster to the bottom for each blue card removed."""
        if self.table and self.blue_removed:
            self.budget = self.blue_removed
            self.resume = R_START_ATTACK
            self.phase = D_PICK
        else:
            self._start_attack()
        self.blue_removed = 0

    # --- towers ------------------------------------------------------------------------------

    def _remove_tower(self) -> None:
        """A built tower leaves the board (any time): up to two table monsters go to the bottom."""
        self.towers -= 1
        phase = self.phase
        if self.table:
            self.resume = R_PLAY if phase == D_PLAY else R_REMOVE if phase == D_REMOVE else R_ATTACK
            self.budget = PICK_TOWER
            self.phase = D_PICK

    def _pick_step(self, action: int) -> None:
        if action == A.STOP:
            self.budget = 0
            self._resume()
            return
        kind = action - A.BOTTOM
        self.table.remove(kind)
        self._to_bottom(kind)
        self.budget -= 1
        if not self.budget or not self.table:
            self._resume()

    def _order_step(self, kind: int) -> None:
        order = self.order
        order.remove(kind)
        self._to_bottom(kind)
        if order and order.count(order[0]) == len(order):  # only equal cards left: their order is moot
            for k in order:
                self._to_bottom(k)
            order.clear()
        if not order:
            self._resume()

    def _start_order(self, cards: list[int], resume: int) -> bool:
        """Put ``cards`` at the bottom in the players' order; True if they must decide it."""
        if len(set(cards)) <= 1:
            for k in cards:
                self._to_bottom(k)
            return False
        self.order = cards
        self.resume = resume
        self.phase = D_ORDER
        return True

    # --- the player's attack -----------------------------------------------------------------------

    def _start_attack(self) -> None:
        self.dice = [0] * 6
        self.group = -1
        self.gdice = []
        self.reroll = len(self.board) >= REROLL_SLOT  # a card in board slot 3: one re-roll
        self.to_roll = 1 + self.towers  # the printed tower and each built one
        self.roll_mode = ROLL_START
        self.phase = C_ROLL

    def _attack_actions(self) -> list[int]:
        dice = self.dice
        acts = []
        group = self.group
        if group < 0 and self.towers:
            acts.append(A.REMOVE_TOWER)
        if self.tokens:
            acts.append(A.TOKEN)
        if self.reroll:
            acts.extend(A.REROLL + v for v in range(6) if dice[v])
        if group >= 0:
            base = A.HIT + 6 * group
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
        elif action >= A.REROLL:
            self.dice[action - A.REROLL] -= 1
            self.reroll = False
            self.to_roll = 1
            self.roll_mode = ROLL_REROLL
            self.phase = C_ROLL
        elif action == A.TOKEN:
            self.tokens -= 1
            self.to_roll = 1
            self.roll_mode = ROLL_TOKEN
            self.phase = C_ROLL

    def _hit(self, monster: int, value: int) -> None:
        self.dice[value - 1] -= 1
        gdice = self.gdice
        gdice.append(value)
        if sum(gdice) >= self.deck.life[monster]:
            self.table.remove(monster)
            self.defeated.append(monster)  # face up on the defeated pile, whose order never changes
            self.group = -1
            self.gdice = []
            if not self.table and not self.mdeck:
                self._end(1.0, WIN_DEFEATED)
        else:
            self.group = monster

    def _check_group(self) -> None:
        """After a re-roll the dice may no longer reach the chosen monster: they come back unused."""
        group = self.group
        if group < 0:
            return
        dice = self.dice
        total = sum(self.gdice) + sum((v + 1) * dice[v] for v in range(6))
        if total < self.deck.life[group]:
            for v in self.gdice:
                dice[v - 1] += 1
            self.gdice = []
            self.group = -1

    def _end_attack(self) -> None:
        dice = self.dice
        left = dice[0] + dice[1] + dice[2] + dice[3] + dice[4] + dice[5]
        self.wall = min(WALL_MAX, self.wall + left)  # each unused die: +1 wall
        self.dice = [0] * 6
        self.reroll = False
        self._monsters_turn()

    # --- the monsters' turn ----------------------------------------------------------------------

    def _monsters_turn(self) -> None:
        self.wall -= self.monster_attack()
        if self.wall <= 0:
            self.wall = 0
            self._end(0.0, LOSS_WALL)
            return
        self.revealed = []
        self.placed = False
        self.raised = False
        self._reveal()

    def _reveal(self) -> None:
        revealed = self.revealed
        while len(revealed) < REVEAL and self.mdeck:
            kind = self._forced_monster()
            if kind < 0:
                self.phase = C_REVEAL
                return
            self._take_monster(kind)
            revealed.append(kind)
        options = self._place_options()
        if len(options) == 1:
            self._place(options[0])
        else:
            self.phase = D_PLACE

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
        for i, kind in enumerate(revealed):
            if mask >> i & 1:
                self.table.append(kind)
                if shield[kind] and self.shields < SHIELD_TOKENS:  # none left: no token (docs)
                    self.shields += 1
            else:
                self.aside.append(kind)
        self.placed = mask != 0
        self.save_left = sum(1 for k in revealed if deck.saves[k])
        self.destroy_left = sum(1 for k in revealed if deck.destroys[k])
        raises = any(deck.raises[k] for k in revealed)
        self.revealed = []
        if raises:  # once per turn, however many monsters show the symbol
            self.raised = True
            self.invasion += 1
            if self.invasion >= INVASION_WIN:
                self._end(1.0, WIN_INVASION)
                return
        self._abilities()

    def _abilities(self) -> None:
        """Save 3 monsters (each), then destroy a tower (each); then the unplaced go to the bottom."""
        while self.save_left:
            self.save_left -= 1
            n = min(SAVE_CARDS, len(self.defeated))
            if n:
                cards = self.defeated[-n:]
                del self.defeated[-n:]
                if self._start_order(cards, R_ABILITIES):
                    return
        while self.destroy_left:
            self.destroy_left -= 1
            if self.towers:  # never the printed tower
                self.towers -= 1
                if self.table:  # the destroyed tower's ability may be used now
                    self.budget = PICK_TOWER
                    self.resume = R_ABILITIES
                    self.phase = D_PICK
                    return
        aside = self.aside
        self.aside = []
        if self._start_order(aside, R_END_MONSTERS):
            return
        self._end_monsters()

    def _end_monsters(self) -> None:
        if not self.placed and not self.raised:
            self.invasion += 1
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

    # --- refusals --------------------------------------------------------------------------------

    def _refusal(self, action: int) -> IllegalActionError:
        from soloboard.monstros.refusals import explain

        return explain(self, action)
