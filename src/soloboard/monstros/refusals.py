"""Why an action is refused: a message a player understands, naming the rule it breaks.

Only called on the slow path (an illegal action), so it may take its time; the rule names
are the section names of ``docs/monstros.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from soloboard.core.errors import IllegalActionError
from soloboard.monstros import actions as A
from soloboard.monstros import state as S

if TYPE_CHECKING:
    from soloboard.monstros.state import MonstrosState

_EXPECTED = {
    S.D_EXCHANGE: "give back red cards ('return atraso') or 'keep'",
    S.D_PLAY: "play a card from the hand ('play pa') or 'remove tower'",
    S.D_REMOVE: "remove three equal blue cards ('tower pa pa *'), 'five', 'pass' or 'remove tower'",
    S.D_RESHUFFLE: "'reshuffle' the discards into the action deck or 'no-reshuffle'",
    S.D_PICK: "choose a table monster to go to the bottom of the monster deck ('bottom 3a') or 'stop'",
    S.D_ATTACK: "use the dice: 'shield 2', 'hit 3a 6', 'reroll 1', 'token', 'remove tower' or 'done'",
    S.D_PLACE: "choose the revealed monsters to place ('place 1a 2a')",
    S.D_ORDER: "choose the next card to go to the bottom of the monster deck ('bottom 3a')",
}
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


def _cards(state: MonstrosState, kinds: list[int], ids: tuple[str, ...]) -> str:
    return " ".join(ids[k] for k in kinds) or "none"


def explain(state: MonstrosState, action: int) -> IllegalActionError:
    deck = state.deck
    try:
        text = A.player_action_to_string(action, deck, state.revealed)
    except ValueError:
        return IllegalActionError(f"{action} is not an action (valid ids: 0..{A.NUM_ACTIONS - 1})",
                                  "action numbering")
    if "card#" in text or "monster#" in text:  # an id reserved for bigger decks than this one
        return IllegalActionError(f"'{text}' names no card of this deck", "action numbering")
    word = text.split()[0]
    phase = state.phase
    if word == "remove":
        return _tower_refusal(state)
    if word == "bottom":
        return _bottom_refusal(state, action - A.BOTTOM, text)
    expected_phase, rule = _PHASES_OF[word]
    if phase != expected_phase:
        return IllegalActionError(
            f"'{text}' is not possible now ({S.PHASE_NAMES[phase]}): {_EXPECTED.get(phase, 'wait')}", "phase order"
        )
    hand = state.hand(state.actor)
    if word == "play":
        return IllegalActionError(
            f"seat {state.actor} has no {text[5:]} in hand (hand: {_cards(state, hand, deck.a_ids)})", rule
        )
    if word == "return":
        kind = action - A.RETURN
        if deck.colour[kind] != "vermelha":
            return IllegalActionError(f"only red cards can be given back, and {deck.a_ids[kind]} is "
                                      f"{deck.colour[kind]}", rule)
        return IllegalActionError(f"seat {state.actor} has no {deck.a_ids[kind]} in hand", rule)
    board = _cards(state, state.board, deck.a_ids)
    if word == "tower":
        if action != A.TRIPLE_WILD:
            tool = (action - A.TRIPLE) // 3
            if not deck.blue[tool] or deck.wild[tool]:
                return IllegalActionError(
                    f"a tower takes three equal blue cards (CONSTRUTOR, '*', is wild): {deck.a_ids[tool]} "
                    f"is not a blue tool", rule)
        return IllegalActionError(f"the board ({board}) does not hold the cards of '{text}'", rule)
    if word == "five":
        if len(state.board) < S.BOARD_SLOTS:
            return IllegalActionError(f"all five cards are removed only when the board is full (board: {board})",
                                      rule)
        return IllegalActionError(
            "a triple of equal blue cards can be removed, and with five_removal='forced-only' all five are "
            "removed only when no triple can be", rule)
    if word == "pass":
        return IllegalActionError(
            "the fifth card is on the board: removing cards is mandatory (a triple, or all five)", rule)
    if word == "token":
        return IllegalActionError("there is no die token to spend", rule)
    if word == "reroll":
        if not state.reroll:
            if len(state.board) < S.REROLL_SLOT:
                return IllegalActionError("a die may be re-rolled only while board slot 3 holds a card", rule)
            return IllegalActionError("the one re-roll of this attack has been used", rule)
        return IllegalActionError(f"no unused die shows {text.split()[1]} (dice: {state.dice_values()})", rule)
    if word == "shield":
        if not state.shields:
            return IllegalActionError("there is no shield on the table", rule)
        if state.group >= 0:
            return IllegalActionError("finish the monster the dice are on first", "attack: defeating monsters")
        return IllegalActionError(f"no unused die shows {text.split()[1]} (dice: {state.dice_values()})", rule)
    if word == "done":
        if state.group >= 0:
            return IllegalActionError(
                f"dice are on {deck.m_ids[state.group]}: keep adding dice until it is defeated",
                "attack: defeating monsters")
        return IllegalActionError(
            f"{state.shields} shield(s) remain: the dice must destroy the shields, one die each",
            "attack: shields first")
    if word == "hit":
        return _hit_refusal(state, action, rule)
    if word == "place":
        return IllegalActionError(
            f"the placed monsters' levels must add up as close to the invasion ({state.invasion}) as possible "
            "without passing it; the players choose only between equal best sums", rule)
    if word == "stop":
        return IllegalActionError("'stop' ends picking table monsters; nothing is being picked now", rule)
    return IllegalActionError(f"'{text}' is not legal now", "phase order")


def _tower_refusal(state: MonstrosState) -> IllegalActionError:
    rule = "towers: removing a tower"
    if not state.towers:
        return IllegalActionError("there is no built tower to remove (the printed tower can never be removed)", rule)
    if state.phase == S.D_ATTACK and state.group >= 0:
        return IllegalActionError("finish the monster the dice are on first", rule)
    return IllegalActionError(
        "a tower is removed at a decision of a player's turn (play, remove cards, attack); "
        f"now ({S.PHASE_NAMES[state.phase]}): {_EXPECTED.get(state.phase, 'wait')}", rule)


def _bottom_refusal(state: MonstrosState, kind: int, text: str) -> IllegalActionError:
    deck = state.deck
    if state.phase == S.D_ORDER:
        return IllegalActionError(
            f"'{text}': the cards going to the bottom now are {_cards(state, state.order, deck.m_ids)}",
            "monsters to the bottom")
    if state.phase == S.D_PICK:
        return IllegalActionError(
            f"'{text}': only monsters on the table can be chosen (table: {_cards(state, state.table, deck.m_ids)})",
            "monsters to the bottom")
    return IllegalActionError(
        f"'{text}' is not possible now ({S.PHASE_NAMES[state.phase]}): {_EXPECTED.get(state.phase, 'wait')}",
        "phase order")


def _hit_refusal(state: MonstrosState, action: int, rule: str) -> IllegalActionError:
    deck = state.deck
    monster, value = divmod(action - A.HIT, 6)
    value += 1
    name = deck.m_ids[monster] if monster < len(deck.m_ids) else f"monster#{monster}"
    if state.shields and state.group < 0:
        return IllegalActionError(
            f"{state.shields} shield(s) on the table: while shields remain no monster can be attacked",
            "attack: shields first")
    if state.group >= 0 and monster != state.group:
        return IllegalActionError(
            f"dice are on {deck.m_ids[state.group]}: a die's damage goes to one monster, so finish it first", rule)
    if monster not in state.table:
        return IllegalActionError(f"{name} is not on the table", rule)
    if not state.dice[value - 1]:
        return IllegalActionError(f"no unused die shows {value} (dice: {state.dice_values()})", rule)
    return IllegalActionError(
        f"the unused dice add up to {sum(state.dice_values())}, less than {name}'s life {deck.life[monster]}: "
        "dice that cannot defeat a monster add 1 wall each instead ('done')", rule)
