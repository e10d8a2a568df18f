"""Monstros events in plain English: what a front end says about what happened.

``describe(event, context)`` turns one event (``state.events()``, kinds and fields in
``docs/monstros.md``, "Events") into a sentence; ``narrate(events, context)`` does a list.
``context`` is the state or the game (anything with a ``deck``), used to name the cards
and give a monster's numbers; without it the sentences use the card ids alone.

Every sentence the players read about events is written here and nowhere else, so that a
translation changes this one module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from soloboard.monstros.cards import Deck

Event = dict[str, Any]

MONSTERS_TURN = "The monsters' turn"
SETUP = "Set-up"


def turn_heading(turn: int, seat: int | None = None) -> str:
    """The title of a turn in a log (turn 0 is the set-up)."""
    if not turn:
        return SETUP
    return f"Turn {turn}" + ("" if seat is None else f" (seat {seat})")


def _deck(context: Any) -> Deck | None:
    deck = getattr(context, "deck", None)
    return deck if isinstance(deck, Deck) else None


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _listing(items: Iterable[str]) -> str:
    items = list(items)
    if not items:
        return "none"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def _values(values: Iterable[int]) -> str:
    return _listing(str(v) for v in values)


class _Words:
    """Card names and monster descriptions from the deck, when there is one."""

    def __init__(self, context: Any) -> None:
        self.deck = _deck(context)

    def card(self, card_id: str) -> str:
        deck = self.deck
        if deck is None or card_id not in deck.a_ids:
            return card_id
        name = deck.a_names[deck.a_ids.index(card_id)]
        return f"{name} ({card_id})" if name and name != card_id else card_id

    def monster(self, card_id: str) -> str:
        """``4c (level 4, life 6, attack 2, shield, raises the invasion)``."""
        deck = self.deck
        if deck is None or card_id not in deck.m_ids:
            return card_id
        k = deck.m_ids.index(card_id)
        name = f" \"{deck.m_names[k]}\"" if deck.m_names[k] else ""
        extras = ["shield"] if deck.shield[k] else []
        if deck.raises[k]:
            extras.append("raises the invasion")
        if deck.saves[k]:
            extras.append("saves 3 monsters")
        if deck.destroys[k]:
            extras.append("destroys a tower")
        numbers = [f"level {deck.level[k]}", f"life {deck.life[k]}", f"attack {deck.attack[k]}", *extras]
        return f"{card_id}{name} ({', '.join(numbers)})"


def _seat(event: Event) -> str:
    return f"Seat {event.get('seat', '?')}"


SLOT_BONUS = {
    "block": "the monsters' attack is 1 lower",
    "reroll": "one attack die may be re-rolled",
}
BOTTOM_WHY = {
    "five cards": "five-card reward",
    "tower removed": "the removed tower's ability",
    "tower destroyed": "the destroyed tower's ability",
    "saved": "saved from the defeated pile",
    "not placed": "revealed but not placed",
}
PICK_WHY = {
    "five cards": "one per blue card removed, the five-card reward",
    "tower removed": "the removed tower's ability",
    "tower destroyed": "the destroyed tower's ability",
}
WALL_WHY = {
    "five cards": "five-card reward, at most 50",
    "unused dice": "+1 for each unused die, at most 50",
    "monsters": "the monsters' attack",
}
ROLL_WHAT = {"attack": "Rolled", "token": "Die token: rolled", "reroll": "Re-rolled:"}


def _card_played(e: Event, w: _Words) -> str:
    text = f"{_seat(e)} plays {w.card(e['card'])} into board slot {e['slot']}"
    bonus = [SLOT_BONUS.get(b, b) for b in e.get("bonus", [])]
    if bonus:
        text += f": while a card is there, {_listing(bonus)}"
    if e.get("full"):
        text += ": the board is full, cards must be removed"
    return text + "."


def _no_card_drawn(e: Event, w: _Words) -> str:
    discard = e.get("discard", 0)
    return (f"The action deck is empty: {_seat(e).lower()} draws no card (the discard pile, "
            f"{_plural(discard, 'card')}, comes back only as the five-card reward).")


def _cards_removed(e: Event, w: _Words) -> str:
    cards = _listing(w.card(c) for c in e["cards"])
    if e["how"] == "five":
        return f"All five board cards are removed: {cards}."
    rest = e.get("board", [])
    after = f"; the rest move down: {_listing(w.card(c) for c in rest)}" if rest else "; the board is empty"
    return f"Three cards are removed from the board: {cards}{after}."


def _tower_built(e: Event, w: _Words) -> str:
    towers = e["towers"]
    return (f"A tower is built on tower space {e['space']} ({_plural(towers, 'tower piece')} built: "
            f"{_plural(towers + 1, 'die', 'dice')} per attack with the printed tower).")


def _die_token_gained(e: Event, w: _Words) -> str:
    source = "The new tower brings" if e["why"] == "tower" else "The five-card reward brings"
    return f"{source} a die token ({e['tokens']} now)."


def _wall(e: Event, w: _Words) -> str:
    why = WALL_WHY.get(e["by"], e["by"])
    return f"Wall {e['from']} → {e['to']} ({why})."


def _attack_started(e: Event, w: _Words) -> str:
    dice = e["dice"]
    towers = "the printed tower" + (f" and {_plural(dice - 1, 'built tower')}" if dice > 1 else "")
    parts = [f"{_seat(e)} attacks with {_plural(dice, 'die', 'dice')} ({towers})"]
    if e.get("tokens"):
        parts.append(f"{_plural(e['tokens'], 'die token')} to spend for more dice")
    if e.get("reroll"):
        parts.append("one re-roll (a card in board slot 3)")
    if e.get("shields"):
        parts.append(f"{_plural(e['shields'], 'shield')} to destroy before any monster")
    return "; ".join(parts) + "."


def _shield_destroyed(e: Event, w: _Words) -> str:
    left = e["shields"]
    after = f"{left} left" if left else "no shield left: the monsters can be attacked"
    return f"A die showing {e['value']} destroys a shield ({after})."


def _die_assigned(e: Event, w: _Words) -> str:
    total, life = e["total"], e["life"]
    return f"A die showing {e['value']} goes on {e['monster']}: {total} against its life {life}."


def _defeated(e: Event, w: _Words) -> str:
    left = e.get("table")
    after = "" if left is None else (f" ({_plural(left, 'monster')} left on the table)" if left
                                     else " (no monster left on the table)")
    return (f"Monster {e['monster']} is defeated (dice {_values(e['dice'])} against life {e['life']}) "
            f"and goes onto the defeated pile{after}.")


def _attack_ended(e: Event, w: _Words) -> str:
    unused = e["unused"]
    if not unused:
        return f"{_seat(e)} ends the attack with no unused die."
    return f"{_seat(e)} ends the attack: {_plural(unused, 'unused die', 'unused dice')}, +1 wall each."


def _monsters_turn(e: Event, w: _Words) -> str:
    table = e.get("monsters", [])
    on_table = _listing(table) if table else "no monster"
    return f"{MONSTERS_TURN}: on the table, {on_table}."


def _monsters_attack(e: Event, w: _Words) -> str:
    attack, cards, total = e["attack"], e["cards"], e["total"]
    if not cards:
        return f"The monsters attack: their attack {attack} (no card in board slots 1-4 to stop any) = {total}."
    floor = " (never below 0)" if attack - cards < 0 else ""
    return (f"The monsters attack: their attack {attack}, minus 1 for each of the {_plural(cards, 'card')} in "
            f"board slots 1-4, = {total}{floor}.")


def _placed(e: Event, w: _Words) -> str:
    cards, aside = e["cards"], e.get("set_aside", [])
    invasion = e["invasion"]
    if cards:
        choice = f", seat {e['seat']}'s choice" if "seat" in e else ""
        text = f"To the table: {_listing(cards)} (level total {e['level']}, invasion {invasion}{choice})"
    else:
        text = f"No revealed monster fits the invasion ({invasion}): none comes to the table"
    if aside:
        text += f"; set aside: {_listing(aside)}"
    return text + "."


def _abilities(e: Event, w: _Words) -> str:
    parts = []
    for key, words in (("raise_invasion", "raise the invasion"), ("save_3", "save 3 monsters"),
                       ("destroy_tower", "destroy a tower")):
        if e.get(key):
            parts.append(f"{words} ({_listing(e[key])})")
    return "Abilities of the revealed monsters: " + "; ".join(parts) + "."


def _invasion(e: Event, w: _Words) -> str:
    if e["why"] == "ability":
        return f"Invasion {e['from']} → {e['to']} (raised by {_listing(e['by'])}; once per turn)."
    return f"Invasion {e['from']} → {e['to']} (no monster came to the table and none raised the invasion)."


def _saved(e: Event, w: _Words) -> str:
    cards = e["cards"]
    if not cards:
        return "Save 3 monsters: the defeated pile is empty, nothing is saved."
    verb = "leaves" if len(cards) == 1 else "leave"
    return (f"Save 3 monsters: {_listing(cards)} {verb} the top of the defeated pile for the bottom of the "
            "monster deck.")


def _forced(e: Event, w: _Words) -> str:
    return f"For seat {e['seat']}, the engine plays '{e['move']}' (the only legal move)."


SENTENCES: dict[str, Callable[[Event, _Words], str]] = {
    "monster_revealed": lambda e, w: (f"{SETUP}: revealed " if e["why"] == "setup" else "Revealed ")
    + f"monster {w.monster(e['card'])}.",
    "setup_sorted": lambda e, w: (
        f"{SETUP}: the revealed monsters with red symbols ({_listing(e['bottom'])}) are shuffled to the bottom "
        f"of the monster deck, the other {len(e['top'])} shuffled on top."
        if e["bottom"] else f"{SETUP}: no revealed monster has red symbols: all are shuffled back on top."),
    "card_dealt": lambda e, w: f"{_seat(e)} is dealt {w.card(e['card'])}.",
    "card_returned": lambda e, w: f"{_seat(e)} gives {w.card(e['card'])} back to the action deck.",
    "hand_kept": lambda e, w: f"{_seat(e)} keeps the rest of the hand.",
    "turn_started": lambda e, w: f"Turn {e['turn']}: seat {e['seat']} plays.",
    "no_card_to_play": lambda e, w: f"{_seat(e)} has no card in hand: no card is played this turn.",
    "card_played": _card_played,
    "card_drawn": lambda e, w: f"{_seat(e)} draws {w.card(e['card'])}.",
    "no_card_drawn": _no_card_drawn,
    "cards_removed": _cards_removed,
    "tower_built": _tower_built,
    "no_tower_piece": lambda e, w: "All 4 tower pieces are built: the triple brings no tower and no die token.",
    "die_token_gained": _die_token_gained,
    "no_die_token": lambda e, w: "No die token: all 5 are in use.",
    "wall_changed": _wall,
    "reshuffled": lambda e, w: (f"The discard pile ({_plural(e['cards'], 'card')}) is shuffled into the action "
                                f"deck ({_plural(e['deck'], 'card')} now)."),
    "reshuffle_declined": lambda e, w: (f"The discard pile ({_plural(e['discard'], 'card')}) is not reshuffled; "
                                        f"the action deck keeps its {_plural(e['deck'], 'card')}."),
    "tower_removed": lambda e, w: f"{_seat(e)} removes a tower ({_plural(e['towers'], 'tower piece')} left).",
    "tower_destroyed": lambda e, w: f"A monster destroys a tower ({_plural(e['towers'], 'tower piece')} left).",
    "no_tower_to_destroy": lambda e, w: "A monster would destroy a tower, but only the printed tower stands "
                                        "(it cannot be destroyed).",
    "pick_monsters": lambda e, w: (f"Up to {_plural(e['up_to'], 'table monster')} may go to the bottom of the "
                                   f"monster deck ({PICK_WHY.get(e['why'], e['why'])})."),
    "pick_stopped": lambda e, w: ("No more monsters go to the bottom"
                                  + (f" ({e['unused']} more could have)." if e["unused"] else ".")),
    "monster_to_bottom": lambda e, w: (f"Monster {e['card']} goes to the bottom of the monster deck "
                                       f"({BOTTOM_WHY.get(e['why'], e['why'])})."),
    "attack_started": _attack_started,
    "dice_rolled": lambda e, w: f"{ROLL_WHAT.get(e['mode'], 'Rolled')} {_values(e['values'])}.",
    "die_token_spent": lambda e, w: f"A die token is spent: one more die ({e['tokens']} left).",
    "reroll_used": lambda e, w: f"The die showing {e['value']} is re-rolled (the one re-roll of this attack).",
    "shield_destroyed": _shield_destroyed,
    "die_assigned": _die_assigned,
    "monster_defeated": _defeated,
    "dice_returned": lambda e, w: (f"After the re-roll the dice can no longer reach {e['monster']}'s life "
                                   f"{e['life']}: {_values(e['dice'])} come back unused."),
    "attack_ended": _attack_ended,
    "monsters_turn": _monsters_turn,
    "monsters_attack": _monsters_attack,
    "reveal_short": lambda e, w: (f"The monster deck ran out: {_plural(e['revealed'], 'card')} revealed "
                                  f"instead of {e['wanted']}."),
    "place_choice": lambda e, w: (f"{e['options']} different choices of monsters get as close to the invasion "
                                  f"({e['invasion']}): seat {e['seat']} chooses which come to the table."),
    "monsters_placed": _placed,
    "shield_placed": lambda e, w: f"Monster {e['monster']} brings a shield token ({e['shields']} on the table).",
    "no_shield_token": lambda e, w: f"Monster {e['monster']} has a shield, but all 5 shield tokens are on the "
                                    "table: none is added.",
    "abilities": _abilities,
    "invasion_raised": _invasion,
    "monsters_saved": _saved,
    "forced_move": _forced,
    "game_won": lambda e, w: f"The players WIN: {e['cause']}.",
    "game_lost": lambda e, w: f"The players LOSE: {e['cause']}.",
}


def describe(event: Event, context: Any = None) -> str:
    """One event as an English sentence; ``context``: the state or game (names the cards)."""
    return _describe(event, _Words(context))


def _describe(event: Event, words: _Words) -> str:
    sentence = SENTENCES.get(event.get("kind", ""))
    if sentence is None:  # an event this module does not know yet: say it plainly rather than hide it
        fields = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("kind", "action"))
        return f"{event.get('kind', 'event')}: {fields}"
    return sentence(event, words)


def narrate(events: Iterable[Event], context: Any = None) -> list[str]:
    """Every event as a sentence, in order."""
    words = _Words(context)
    return [_describe(e, words) for e in events]
