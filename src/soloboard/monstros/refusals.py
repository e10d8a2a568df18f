"""Why an action is refused: a message a player understands, naming the rule it breaks.

Only called on the slow path (an illegal action), so it may take its time; the rule names
are the section names of ``docs/monstros.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from soloboard.core.errors import IllegalActionError
from soloboard.i18n import N_, _, pgettext
from soloboard.monstros import actions as A
from soloboard.monstros import state as S
from soloboard.monstros.narrate import shown_seat

if TYPE_CHECKING:
    from soloboard.monstros.state import MonstrosState

# the moves in quotes are notation (typed as they are in every language)
_EXPECTED = {
    S.D_EXCHANGE: N_("give back red cards ('return atraso') or 'keep'"),
    S.D_PLAY: N_("play a card from the hand ('play pa') or 'remove tower'"),
    S.D_REMOVE: N_("remove three equal blue cards ('tower pa pa *'), 'five', 'pass' or 'remove tower'"),
    S.D_RESHUFFLE: N_("'reshuffle' the discards into the action deck or 'no-reshuffle'"),
    S.D_PICK: N_("choose a table monster to go to the bottom of the monster deck ('bottom 3a') or 'stop'"),
    S.D_ATTACK: N_("use the dice: 'shield 2', 'hit 3a 6', 'reroll 1', 'token', 'remove tower' or 'done'"),
    S.D_PLACE: N_("choose the revealed monsters to place ('place 1a 2a')"),
    S.D_ORDER: N_("choose the next card to go to the bottom of the monster deck ('bottom 3a')"),
}


def _expected(phase: int) -> str:
    return _(_EXPECTED[phase]) if phase in _EXPECTED else _("wait")


def phase_word(name: str) -> str:
    """A decision as the engine names it (``PHASE_NAMES``), in the current language."""
    words = {"setup-reveal": pgettext("monstros phase", "setup-reveal"), "deal": pgettext("monstros phase", "deal"),
             "draw": pgettext("monstros phase", "draw"), "roll": pgettext("monstros phase", "roll"),
             "reveal": pgettext("monstros phase", "reveal"), "exchange": pgettext("monstros phase", "exchange"),
             "play": pgettext("monstros phase", "play"), "remove": pgettext("monstros phase", "remove"),
             "reshuffle": pgettext("monstros phase", "reshuffle"), "pick": pgettext("monstros phase", "pick"),
             "attack": pgettext("monstros phase", "attack"), "place": pgettext("monstros phase", "place"),
             "order": pgettext("monstros phase", "order"), "over": pgettext("monstros phase", "over")}
    return words.get(name, name)
_PHASES_OF = {  # which decision each kind of action belongs to
    "play": (S.D_PLAY, "turn: play a card"),
    "return": (S.D_EXCHANGE, "set-up: exchange of red cards"),
    "keep": (S.D_EXCHANGE, "set-up: exchange of red cards"),
    "tower": (S.D_REMOVE, "turn: remove cards"),
    "five": (S.D_REMOVE, "turn: remove cards"),
    "pass": (S.D_REMOVE, "turn: remove cards"),
    "reshuffle": (S.D_RESHUFFLE, "turn: five-card rewards"),
    "no-reshuffle": (S.D_RESHUFFLE, "turn: five-card rewards"),
    "token": (S.D_ATTACK, "attack: die tokens"),
    "reroll": (S.D_ATTACK, "attack: re-roll"),
    "shield": (S.D_ATTACK, "attack: shields first"),
    "done": (S.D_ATTACK, "attack: leftover dice"),
    "hit": (S.D_ATTACK, "attack: defeating monsters"),
    "place": (S.D_PLACE, "monsters: proliferation"),
    "stop": (S.D_PICK, "monsters to the bottom"),
}


def card_colour(colour: str) -> str:
    """A card's colour as the deck file gives it (Portuguese), in the current language."""
    words = {"vermelha": pgettext("card colour", "vermelha"), "azul": pgettext("card colour", "azul"),
             "verde": pgettext("card colour", "verde")}
    return words.get(colour, colour)


def _cards(state: MonstrosState, kinds: list[int], ids: tuple[str, ...]) -> str:
    return " ".join(ids[k] for k in kinds) or _("none")


def explain(state: MonstrosState, action: int) -> IllegalActionError:
    deck = state.deck
    try:
        text = A.player_action_to_string(action, deck, state.revealed)
    except ValueError:
        return IllegalActionError(_("{action} is not an action (valid ids: 0..{last})").format(
            action=action, last=A.NUM_ACTIONS - 1), "action numbering")
    if "card#" in text or "monster#" in text:  # an id reserved for bigger decks than this one
        return IllegalActionError(_("'{move}' names no card of this deck").format(move=text), "action numbering")
    word = text.split()[0]
    phase = state.phase
    if word == "remove":
        return _tower_refusal(state)
    if word == "bottom":
        return _bottom_refusal(state, action - A.BOTTOM, text)
    expected_phase, rule = _PHASES_OF[word]
    if phase != expected_phase:
        return IllegalActionError(
            _("'{move}' is not possible now ({phase}): {expected}").format(
                move=text, phase=phase_word(S.PHASE_NAMES[phase]), expected=_expected(phase)), "phase order"
        )
    refusal = _REFUSALS.get(word)
    if refusal is None:  # a move of the right decision that the engine refused all the same
        return IllegalActionError(_("'{move}' is not legal now").format(move=text), "phase order")
    return refusal(state, action, text, rule)


# Each kind of move's refusal, once its decision is the one being made: (state, action, its notation,
# the rule of its decision) -> why the engine refused it.

def _play_refusal(state: MonstrosState, action: int, text: str, rule: str) -> IllegalActionError:
    hand = _cards(state, state.hand(state.actor), state.deck.a_ids)
    return IllegalActionError(_("seat {seat} has no {card} in hand (hand: {hand})").format(
        seat=shown_seat(state.actor), card=text[5:], hand=hand), rule)


def _return_refusal(state: MonstrosState, action: int, text: str, rule: str) -> IllegalActionError:
    deck = state.deck
    kind = action - A.RETURN
    if deck.colour[kind] != "vermelha":
        return IllegalActionError(_("only red cards can be given back, and {card} is {colour}").format(
            card=deck.a_ids[kind], colour=card_colour(deck.colour[kind])), rule)
    return IllegalActionError(_("seat {seat} has no {card} in hand").format(seat=shown_seat(state.actor),
                                                                            card=deck.a_ids[kind]), rule)


def _triple_refusal(state: MonstrosState, action: int, text: str, rule: str) -> IllegalActionError:
    deck = state.deck
    if action != A.TRIPLE_WILD:
        tool = (action - A.TRIPLE) // 3
        if not deck.blue[tool] or deck.wild[tool]:
            return IllegalActionError(
                _("a tower takes three equal blue cards (Builder, '*', is wild): {card} is not a blue "
                  "tool").format(card=deck.a_ids[tool]), rule)
    return IllegalActionError(_("the board ({board}) does not hold the cards of '{move}'").format(
        board=_cards(state, state.board, deck.a_ids), move=text), rule)


def _five_refusal(state: MonstrosState, action: int, text: str, rule: str) -> IllegalActionError:
    if len(state.board) < S.BOARD_SLOTS:
        return IllegalActionError(
            _("all five cards are removed only when the board is full (board: {board})").format(
                board=_cards(state, state.board, state.deck.a_ids)), rule)
    return IllegalActionError(
        _("a triple of equal blue cards can be removed, and with five_removal='forced-only' all five are "
          "removed only when no triple can be"), rule)


def _pass_refusal(state: MonstrosState, action: int, text: str, rule: str) -> IllegalActionError:
    return IllegalActionError(
        _("the fifth card is on the board: removing cards is mandatory (a triple, or all five)"), rule)


def _token_refusal(state: MonstrosState, action: int, text: str, rule: str) -> IllegalActionError:
    return IllegalActionError(_("there is no die token to spend"), rule)


def _reroll_refusal(state: MonstrosState, action: int, text: str, rule: str) -> IllegalActionError:
    if not state.reroll_available:
        if len(state.board) < S.REROLL_SLOT:
            return IllegalActionError(_("a die may be re-rolled only while board slot 3 holds a card"), rule)
        return IllegalActionError(_("the one re-roll of this attack has been used"), rule)
    return IllegalActionError(_("no unused die shows {value} (dice: {dice})").format(
        value=text.split()[1], dice=state.dice_values()), rule)


def _shield_refusal(state: MonstrosState, action: int, text: str, rule: str) -> IllegalActionError:
    if not state.shields:
        return IllegalActionError(_("there is no shield on the table"), rule)
    if state.target_monster >= 0:
        return IllegalActionError(_("finish the monster the dice are on first"), "attack: defeating monsters")
    return IllegalActionError(_("no unused die shows {value} (dice: {dice})").format(
        value=text.split()[1], dice=state.dice_values()), rule)


def _done_refusal(state: MonstrosState, action: int, text: str, rule: str) -> IllegalActionError:
    if state.target_monster >= 0:
        return IllegalActionError(
            _("dice are on {monster}: keep adding dice until it is defeated").format(
                monster=state.deck.m_ids[state.target_monster]),
            "attack: defeating monsters")
    return IllegalActionError(
        _("{n} shield(s) remain: the dice must destroy the shields, one die each").format(n=state.shields),
        "attack: shields first")


def _place_refusal(state: MonstrosState, action: int, text: str, rule: str) -> IllegalActionError:
    return IllegalActionError(
        _("the placed monsters' levels must add up as close to the invasion ({invasion}) as possible "
          "without passing it; the players choose only between equal best sums").format(
            invasion=state.invasion), rule)


def _stop_refusal(state: MonstrosState, action: int, text: str, rule: str) -> IllegalActionError:
    return IllegalActionError(_("'stop' ends picking table monsters; nothing is being picked now"), rule)


def _tower_refusal(state: MonstrosState) -> IllegalActionError:
    rule = "towers: removing a tower"
    if not state.built_towers:
        return IllegalActionError(_("there is no built tower to remove (the printed tower can never be removed)"),
                                  rule)
    if state.phase == S.D_ATTACK and state.target_monster >= 0:
        return IllegalActionError(_("finish the monster the dice are on first"), rule)
    return IllegalActionError(
        _("a tower is removed at a decision of a player's turn (play, remove cards, attack); now ({phase}): "
          "{expected}").format(phase=phase_word(S.PHASE_NAMES[state.phase]), expected=_expected(state.phase)), rule)


def _bottom_refusal(state: MonstrosState, kind: int, text: str) -> IllegalActionError:
    deck = state.deck
    if state.phase == S.D_ORDER:
        return IllegalActionError(
            _("'{move}': the cards going to the bottom now are {cards}").format(
                move=text, cards=_cards(state, state.to_order, deck.m_ids)),
            "monsters to the bottom")
    if state.phase == S.D_PICK:
        return IllegalActionError(
            _("'{move}': only monsters on the table can be chosen (table: {table})").format(
                move=text, table=_cards(state, state.table, deck.m_ids)),
            "monsters to the bottom")
    return IllegalActionError(
        _("'{move}' is not possible now ({phase}): {expected}").format(
            move=text, phase=phase_word(S.PHASE_NAMES[state.phase]), expected=_expected(state.phase)),
        "phase order")


def _hit_refusal(state: MonstrosState, action: int, text: str, rule: str) -> IllegalActionError:
    deck = state.deck
    monster, value = divmod(action - A.HIT, 6)
    value += 1
    name = deck.m_ids[monster] if monster < len(deck.m_ids) else f"monster#{monster}"
    if state.shields and state.target_monster < 0:
        return IllegalActionError(
            _("{n} shield(s) on the table: while shields remain no monster can be attacked").format(n=state.shields),
            "attack: shields first")
    if state.target_monster >= 0 and monster != state.target_monster:
        return IllegalActionError(
            _("dice are on {monster}: a die's damage goes to one monster, so finish it first").format(
                monster=deck.m_ids[state.target_monster]), rule)
    if monster not in state.table:
        return IllegalActionError(_("{monster} is not on the table").format(monster=name), rule)
    if not state.dice[value - 1]:
        return IllegalActionError(_("no unused die shows {value} (dice: {dice})").format(
            value=value, dice=state.dice_values()), rule)
    return IllegalActionError(
        _("the unused dice add up to {total}, less than {monster}'s life {life}: dice that cannot defeat a "
          "monster add 1 wall each instead ('done')").format(total=sum(state.dice_values()), monster=name,
                                                             life=deck.life[monster]), rule)


_REFUSALS: dict[str, Callable[[MonstrosState, int, str, str], IllegalActionError]] = {
    "play": _play_refusal,
    "return": _return_refusal,
    "tower": _triple_refusal,
    "five": _five_refusal,
    "pass": _pass_refusal,
    "token": _token_refusal,
    "reroll": _reroll_refusal,
    "shield": _shield_refusal,
    "done": _done_refusal,
    "hit": _hit_refusal,
    "place": _place_refusal,
    "stop": _stop_refusal,
}
