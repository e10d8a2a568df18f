"""What the browser draws of a Monstros position, and what it clicks for each legal move.

``view(state, seat)`` is every fact the table shows, as JSON-ready data: the wall and
invasion tracks, the tower spaces, the supplies of die and shield tokens, the five board
slots with their bonuses, every hand, the monsters on the table (with the dice already on
one), the cards revealed this monsters' turn, the piles. ``move_targets(state, action)``
says which elements of that picture a move is made with, as ``keys`` the page clicks in
order (one key, or a die and then what it goes on).

Nothing here decides a rule: every number comes from the state (``monster_attack``,
``table_attack``, ``attack_dice``, ``dice_values``, the piles, the board slots' bonuses), the
legal moves from ``legal_actions()``, the cards a tower takes from ``triple_cards`` /
``triple_slots`` and what a move does from ``state.preview`` through the API. The facts
:mod:`soloboard.monstros.render` prints are the same facts drawn here, taken from the same
state fields.

Hands are open: the game is co-operative and the rulebook hides nothing (docs/monstros.md,
reading 1), so every seat sees every hand; ``seat`` only marks which hand is the viewer's.
The engine holds no hidden order (the decks are multisets drawn by chance), and the view
never lists the contents of a shuffled pile, only its size: a known order (cards the
players put at the bottom themselves) is shown.

Texts are in the language of the surrounding ``soloboard.i18n.use`` block.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from soloboard.i18n import N_, _
from soloboard.monstros import actions as A
from soloboard.monstros import state as S
from soloboard.monstros.cards import local_name, printed_name
from soloboard.monstros.game import READINGS, RECONSTRUCTED_NOTICE, difficulty_name

if TYPE_CHECKING:
    from soloboard.monstros.cards import Deck
    from soloboard.monstros.state import MonstrosState

# a card's name is in the page's language (cards.local_name: data/card-names.json for the default
# deck), the deck file's own (printed, Portuguese) name is kept as "printed": the page shows it in
# the card's tooltip and label
COLOURS = {"azul": "blue", "vermelha": "red", "verde": "green"}
ABILITIES = (
    ("raises", "raise", N_("Raise the invasion")),
    ("saves", "save", N_("Save 3 monsters")),
    ("destroys", "destroy", N_("Destroy a tower")),
)
PHASE_TEXT = {
    "setup-reveal": N_("Set-up: the first 10 monsters are revealed"),
    "deal": N_("Dealing action cards"),
    "draw": N_("Drawing an action card"),
    "roll": N_("Rolling the dice"),
    "reveal": N_("Revealing monsters"),
    "exchange": N_("Set-up: give back red cards, or keep the hand"),
    "play": N_("Play a card onto the board"),
    "remove": N_("Remove cards from the board"),
    "reshuffle": N_("Five-card reward: shuffle the discard pile into the action deck?"),
    "pick": N_("Choose table monsters to send to the bottom of the monster deck"),
    "attack": N_("Attack the monsters with the dice"),
    "place": N_("Choose which revealed monsters go on the table"),
    "order": N_("Choose the order the cards go to the bottom of the monster deck"),
    "over": N_("Game over"),
}
END_TEXT = {
    S.WIN_INVASION: N_("Won: the invasion passed 15."),
    S.WIN_DEFEATED: N_("Won: every monster was defeated."),
    S.LOSS_WALL: N_("Lost: the wall was destroyed."),
}
BONUS_TEXT = {
    "block": N_("-1 to the monsters' attack"),
    "reroll": N_("one die may be re-rolled"),
    "full": N_("fifth card: cards must be removed"),
}
ROLL_MODE = ("attack", "token", "reroll")


def card_name(deck: Deck, k: int) -> str:
    return local_name(deck, "action", k) or deck.a_ids[k]


def card(deck: Deck, k: int) -> dict[str, Any]:
    """An action card: its id (the notation's), name, the name in the deck file, colour."""
    return {"id": deck.a_ids[k], "name": card_name(deck, k), "printed": deck.a_names[k] or deck.a_ids[k],
            "colour": COLOURS.get(deck.colour[k], deck.colour[k]), "wild": deck.wild[k]}


def monster(deck: Deck, k: int) -> dict[str, Any]:
    """A monster card as printed (level top left, heart = life, explosion = attack, symbols)."""
    role = deck.m_roles[k]
    return {
        "id": deck.m_ids[k], "key": f"mon:{deck.m_ids[k]}", "name": local_name(deck, "monster", k),
        "printed": printed_name(deck, "monster", k),
        "level": deck.level[k], "life": deck.life[k], "attack": deck.attack[k], "shield": deck.shield[k],
        "abilities": [{"id": ident, "text": _(text)} for field, ident, text in ABILITIES
                      if getattr(deck, field)[k]],
        "role": role,
        # the five coloured cards: the blue starting monster and the four difficulty monsters
        "coloured": role != "comum",
    }


def _bonuses(slot: int) -> list[str]:
    """The slot's printed bonuses (the engine's), and ``"full"`` on the last slot: the board is full."""
    return S.slot_bonuses(slot) + (["full"] if slot == S.BOARD_SLOTS else [])


def _monster_deck(state: MonstrosState) -> dict[str, Any]:
    deck = state.deck
    segments: list[dict[str, Any]] = []
    for shuffled, cards in state.monster_deck:
        if shuffled:  # order unknown to everyone: only the size
            segments.append({"shuffled": True, "size": len(cards)})
        else:
            segments.append({"shuffled": False, "size": len(cards), "cards": [deck.m_ids[k] for k in cards]})
    top = None
    if state.monster_deck:
        shuffled, cards = state.monster_deck[0]
        if not shuffled:
            top = monster(deck, cards[0])
    return {"size": state.monster_deck_size(), "segments": segments, "top": top}


def _status(state: MonstrosState) -> str:
    if not state.is_terminal():
        return "playing"
    return "won" if state.result == 1.0 else "lost"


def notices(state: MonstrosState) -> list[dict[str, str]]:
    """Where the cards come from (the RECONSTRUCTED warning first) and the readings played."""
    deck = state.deck
    out = []
    if deck.reconstructed:
        out.append({"kind": "reconstructed", "text": _(RECONSTRUCTED_NOTICE)})
    else:
        out.append({"kind": "deck", "text": _("Cards from the deck file {path} (entered by its owner).").format(
            path=state.game.deck_path)})
    out.extend({"kind": "reading", "text": _(r)} for r in READINGS)
    return out


# the parts of the view that never change in a game: a move's answer leaves them out (web/views.py)
FIXED = ("game", "title", "players", "solo", "difficulty", "five_removal", "open_hands", "reconstructed",
         "deck_title", "notices", "hand_size", "monster_kinds", "card_kinds")


def _fixed(state: MonstrosState) -> dict[str, Any]:
    game = state.game
    deck = state.deck
    difficulty = game.difficulty
    return {
        "game": game.short_name,
        "title": game.long_name,
        "players": game.players,
        "solo": game.solo,
        "difficulty": {"id": difficulty, "text": difficulty_name(difficulty)},
        "five_removal": game.five_removal,
        "open_hands": True,  # docs/monstros.md, reading 1
        "reconstructed": deck.reconstructed,
        "deck_title": deck.title,
        "notices": notices(state),
        "hand_size": game.hand_size,
        # every card of the deck by id (the cards are public), to draw one an event names
        "monster_kinds": {deck.m_ids[k]: monster(deck, k) for k in range(len(deck.m_ids))},
        "card_kinds": {deck.a_ids[k]: card(deck, k) for k in range(len(deck.a_ids))},
    }


def view(state: MonstrosState, seat: int | None = None, fixed: bool = True) -> dict[str, Any]:
    """Everything the table shows, for the viewer at ``seat`` (None: a spectator or the host);
    ``fixed=False``: without the parts named in ``FIXED``."""
    deck = state.deck
    players = state.game.players
    if seat is not None and not 0 <= seat < players:
        raise ValueError(f"seat must be 0..{players - 1} or None, not {seat!r}")
    terminal = state.is_terminal()
    deciding = not terminal and not state.is_chance_node()
    phase = state.phase_name
    attack_total = state.table_attack()
    net = state.monster_attack()
    defeated = state.defeated
    out = _fixed(state) if fixed else {}
    out.update({
        "viewer": seat,
        "status": _status(state),
        "result": _(END_TEXT[state.end_cause]) if terminal and state.end_cause in END_TEXT else None,
        "turn": state.round,
        "seat": state.seat,  # whose turn it is
        "actor": state.actor if deciding else None,  # who decides now (another seat in the set-up exchange)
        "phase": phase,
        "phase_text": _(PHASE_TEXT[phase]),
        "wall": {"value": state.wall, "max": S.WALL_MAX, "start": S.WALL_START},
        "invasion": {"value": state.invasion, "win": S.INVASION_WIN, "start": S.INVASION_START},
        "towers": {"printed": 1, "built": state.built_towers, "spaces": S.TOWER_PIECES, "token_spaces": S.TOKEN_SLOTS,
                   "dice": state.attack_dice()},
        "die_tokens": {"count": state.die_tokens, "supply": S.DIE_TOKENS - state.die_tokens, "max": S.DIE_TOKENS},
        "shields": {"count": state.shields, "supply": S.SHIELD_TOKENS - state.shields, "max": S.SHIELD_TOKENS},
        "board": _board_slots(state),
        "hands": _hands(state, seat, deciding),
        "monsters": _table_monsters(state),
        "monster_attack": {"total": attack_total, "blocked": attack_total - net, "net": net,
                           "cards": state.blocking_cards()},
        "revealed": [dict(monster(deck, k), pos=i, key=f"revealed:{i}") for i, k in enumerate(state.revealed)],
        "aside": [monster(deck, k) for k in state.set_aside],
        "order": [dict(monster(deck, k), key=f"order:{deck.m_ids[k]}") for k in state.to_order],
        "dice": _dice(state),
        "attacking": phase in ("attack", "roll"),
        "pending": {"picks": state.picks_left if phase == "pick" else 0, "save": state.save_left,
                    "destroy": state.destroy_left},
        "monster_deck": _monster_deck(state),
        "defeated": {"size": len(defeated), "top": [monster(deck, k) for k in reversed(defeated[-3:])]},
        "action_deck": {"size": state.action_deck_size},
        "discard": {"size": sum(state.discard),
                    "cards": [{"card": card(deck, k), "count": n} for k, n in enumerate(state.discard) if n]},
    })
    return out


def _table_monsters(state: MonstrosState) -> list[dict[str, Any]]:
    """The monsters on the table, in order; the dice already on one sit on the first card of its kind
    (the one that falls: list.remove)."""
    deck = state.deck
    target = state.target_monster
    monsters = []
    on_target = False
    for pos, k in enumerate(state.table):
        entry = monster(deck, k)
        entry["pos"] = pos
        if k == target and not on_target:
            on_target = True
            entry["dice"] = list(state.dice_on_target)
            entry["damage"] = sum(state.dice_on_target)
        else:
            entry["dice"] = []
            entry["damage"] = 0
        monsters.append(entry)
    return monsters


def _board_slots(state: MonstrosState) -> list[dict[str, Any]]:
    """The five board slots, each with its card (or None) and its printed bonuses."""
    board = []
    for i in range(S.BOARD_SLOTS):
        slot = i + 1
        bonus = _bonuses(slot)
        board.append({"slot": slot, "key": f"slot:{slot}",
                      "card": card(state.deck, state.board[i]) if i < len(state.board) else None,
                      "bonus": bonus, "bonus_text": [_(BONUS_TEXT[b]) for b in bonus]})
    return board


def _hands(state: MonstrosState, seat: int | None, deciding: bool) -> list[dict[str, Any]]:
    """Every seat's hand (hands are open), marking the viewer's, whose turn it is and who decides."""
    terminal = state.is_terminal()
    hands = []
    for s in range(state.game.players):
        cards = [card(state.deck, k) for k in state.hand(s)]
        for c in cards:
            c["key"] = f"hand:{s}:{c['id']}"
        hands.append({"seat": s, "cards": cards, "size": len(cards), "mine": s == seat,
                      "turn": s == state.seat and not terminal,
                      "deciding": deciding and s == state.actor})
    return hands


def _dice(state: MonstrosState) -> dict[str, Any]:
    """The attack's dice: their values, how many are being rolled, and the monster they are on."""
    target = state.target_monster
    return {
        "values": state.dice_values(),
        "rolling": state.to_roll if state.phase == S.C_ROLL else 0,
        "mode": ROLL_MODE[state.roll_mode],
        "reroll": state.reroll_available,
        "target": state.deck.m_ids[target] if target >= 0 else None,
        "on_target": list(state.dice_on_target),
    }


def move_targets(state: MonstrosState, action: int) -> dict[str, Any]:
    """What the page clicks to make ``action`` (a legal decision of ``state``).

    ``verb`` names the kind of move; ``keys`` the elements clicked, in order (the ``key`` of
    a card, slot, die, monster, pile, or ``btn:...`` for a button the page draws with
    ``label``); ``highlight`` the elements the move changes (shown while choosing). Every
    legal action has its own ``keys``.
    """
    deck = state.deck
    actor = state.actor
    phase = state.phase
    out: dict[str, Any]
    if A.PLAY <= action < A.RETURN:
        k = action - A.PLAY
        out = {"verb": "play", "keys": [f"hand:{actor}:{deck.a_ids[k]}"],
               "highlight": [f"slot:{len(state.board) + 1}"]}
    elif A.RETURN <= action < A.KEEP:
        out = {"verb": "return", "keys": [f"hand:{actor}:{deck.a_ids[action - A.RETURN]}"], "highlight": []}
    elif action == A.KEEP:
        out = {"verb": "keep", "keys": ["btn:keep"], "label": _("Keep this hand"), "highlight": []}
    elif A.TRIPLE <= action <= A.TRIPLE_WILD:
        notation = A.player_action_to_string(action, deck)
        names = " + ".join(card_name(deck, k) for k in state.triple_cards(action))
        out = {"verb": "tower", "keys": [f"btn:{notation}"], "label": _("Build a tower: {cards}").format(cards=names),
               "highlight": [f"slot:{i + 1}" for i in sorted(state.triple_slots(action))]}
    elif action == A.FIVE:
        out = {"verb": "five", "keys": ["btn:five"], "label": _("Remove all five cards"),
               "highlight": [f"slot:{s}" for s in range(1, len(state.board) + 1)]}
    elif action == A.PASS:
        out = {"verb": "pass", "keys": ["btn:pass"], "label": _("Remove nothing"), "highlight": []}
    elif action == A.RESHUFFLE:
        out = {"verb": "reshuffle", "keys": ["btn:reshuffle"], "label": _("Shuffle the discard pile into the deck"),
               "highlight": ["discard", "action_deck"]}
    elif action == A.NO_RESHUFFLE:
        out = {"verb": "no-reshuffle", "keys": ["btn:no-reshuffle"], "label": _("Leave the discard pile"),
               "highlight": []}
    elif action == A.REMOVE_TOWER:
        out = {"verb": "remove-tower", "keys": [f"tower:{state.built_towers}"], "label": _("Remove a tower"),
               "highlight": [f"tower:{state.built_towers}"]}
    elif action == A.TOKEN:
        out = {"verb": "token", "keys": ["token"], "label": _("Spend a die token: one more die"), "highlight": []}
    elif A.REROLL <= action < A.SHIELD:
        v = action - A.REROLL + 1
        out = {"verb": "reroll", "keys": [f"die:{v}", "reroll"], "label": _("Re-roll"), "highlight": []}
    elif A.SHIELD <= action < A.DONE:
        v = action - A.SHIELD + 1
        out = {"verb": "shield", "keys": [f"die:{v}", "shields"], "label": _("Destroy a shield"), "highlight": []}
    elif action == A.DONE:
        out = {"verb": "done", "keys": ["btn:done"], "label": _("End the attack (+1 wall per unused die)"),
               "highlight": []}
    elif A.HIT <= action < A.PLACE:
        m, v = A.decode_hit(action)
        out = {"verb": "hit", "keys": [f"die:{v}", f"mon:{deck.m_ids[m]}"], "highlight": []}
    elif A.PLACE <= action < A.BOTTOM:
        mask = action - A.PLACE
        chosen = [i for i in range(len(state.revealed)) if mask >> i & 1]
        names = ", ".join(deck.m_ids[state.revealed[i]] for i in chosen)
        out = {"verb": "place", "keys": [f"btn:place:{mask}"],
               "label": _("Place {cards}").format(cards=names) if chosen else _("Place none"),
               "highlight": [f"revealed:{i}" for i in chosen]}
    elif A.BOTTOM <= action < A.STOP:
        card_id = deck.m_ids[action - A.BOTTOM]
        key = f"order:{card_id}" if phase == S.D_ORDER else f"mon:{card_id}"
        out = {"verb": "bottom", "keys": [key], "highlight": ["monster_deck"]}
    elif action == A.STOP:
        out = {"verb": "stop", "keys": ["btn:stop"], "label": _("Send no more monsters down"), "highlight": []}
    else:
        raise ValueError(f"{action} is not a Monstros decision")
    return out
