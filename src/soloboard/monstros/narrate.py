"""Monstros events in words: what a front end says about what happened.

``describe(event, context)`` turns one event (``state.events()``, kinds and fields in
``docs/monstros.md``, "Events") into a sentence; ``narrate(events, context)`` does a list.
``context`` is the state or the game (anything with a ``deck``), used to name the cards
and give a monster's numbers; without it the sentences use the card ids alone.

Every sentence the players read about events is written here and nowhere else, each a whole
msgid of the catalog (``soloboard.i18n``; the Portuguese rulebook's terms: muralha, invasão,
torre, ficha de dado), so it comes out in the current language.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from soloboard.i18n import N_, _, ngettext, pgettext
from soloboard.monstros.cards import Deck

Event = dict[str, Any]

MONSTERS_TURN = N_("The monsters' turn")
SETUP = N_("Set-up")


def shown_seat(seat: Any) -> Any:
    """A seat as people count it: from 1 (the events and the API count from 0)."""
    return seat + 1 if isinstance(seat, int) and not isinstance(seat, bool) else "?"


def turn_heading(turn: int, seat: int | None = None) -> str:
    """The title of a turn in a log (turn 0 is the set-up); ``seat`` is the API's (0-based)."""
    if not turn:
        return _(SETUP)
    if seat is None:
        return _("Turn {turn}").format(turn=turn)
    return _("Turn {turn} (seat {seat})").format(turn=turn, seat=shown_seat(seat))


def _deck(context: Any) -> Deck | None:
    deck = getattr(context, "deck", None)
    return deck if isinstance(deck, Deck) else None


def _listing(items: Iterable[str]) -> str:
    items = list(items)
    if not items:
        return _("none")
    if len(items) == 1:
        return items[0]
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def _values(values: Iterable[int]) -> str:
    return _listing(str(v) for v in values)


# the printed names (Portuguese, as the deck file gives them) in each language; English keeps
# the printed name, as the rulebook's own words for the cards
def card_name(name: str) -> str:
    """An action card's or a monster's printed name in the current language."""
    names = {
        "PÁ": pgettext("monstros card", "PÁ"),
        "CARRINHO DE MÃO": pgettext("monstros card", "CARRINHO DE MÃO"),
        "ferramenta C": pgettext("monstros card", "ferramenta C"),
        "CONSTRUTOR": pgettext("monstros card", "CONSTRUTOR"),
        "CONSTRUTOR (fundo verde, só no modo solo)": pgettext("monstros card",
                                                               "CONSTRUTOR (fundo verde, só no modo solo)"),
        "parede com defeito": pgettext("monstros card", "parede com defeito"),
        "atraso": pgettext("monstros card", "atraso"),
        "monstro inicial": pgettext("monstros card", "monstro inicial"),
        "monstro fácil": pgettext("monstros card", "monstro fácil"),
        "monstro médio": pgettext("monstros card", "monstro médio"),
        "monstro difícil": pgettext("monstros card", "monstro difícil"),
        "monstro épico": pgettext("monstros card", "monstro épico"),
        "coroa": pgettext("monstros card", "coroa"),
    }
    return names.get(name, name)


class _Words:
    """Card names and monster descriptions from the deck, when there is one."""

    def __init__(self, context: Any) -> None:
        self.deck = _deck(context)

    def card(self, card_id: str) -> str:
        deck = self.deck
        if deck is None or card_id not in deck.a_ids:
            return card_id
        name = deck.a_names[deck.a_ids.index(card_id)]
        return f"{card_name(name)} ({card_id})" if name and name != card_id else card_id

    def monster(self, card_id: str) -> str:
        """``4c (level 4, life 6, attack 2, shield, raises the invasion)``."""
        deck = self.deck
        if deck is None or card_id not in deck.m_ids:
            return card_id
        k = deck.m_ids.index(card_id)
        name = f" \"{card_name(deck.m_names[k])}\"" if deck.m_names[k] else ""
        extras = [_("shield")] if deck.shield[k] else []
        if deck.raises[k]:
            extras.append(_("raises the invasion"))
        if deck.saves[k]:
            extras.append(_("saves 3 monsters"))
        if deck.destroys[k]:
            extras.append(_("destroys a tower"))
        numbers = [_("level {n}").format(n=deck.level[k]), _("life {n}").format(n=deck.life[k]),
                   _("attack {n}").format(n=deck.attack[k]), *extras]
        return f"{card_id}{name} ({', '.join(numbers)})"


def _seat(event: Event) -> str:
    return _("Seat {seat}").format(seat=shown_seat(event.get("seat")))


SLOT_BONUS = {
    "block": N_("the monsters' attack is 1 lower"),
    "reroll": N_("one attack die may be re-rolled"),
}
BOTTOM_WHY = {
    "five cards": N_("five-card reward"),
    "tower removed": N_("the removed tower's ability"),
    "tower destroyed": N_("the destroyed tower's ability"),
    "saved": N_("saved from the defeated pile"),
    "not placed": N_("revealed but not placed"),
}
PICK_WHY = {
    "five cards": N_("one per blue card removed, the five-card reward"),
    "tower removed": N_("the removed tower's ability"),
    "tower destroyed": N_("the destroyed tower's ability"),
}
WALL_WHY = {
    "five cards": N_("five-card reward, at most 50"),
    "unused dice": N_("+1 for each unused die, at most 50"),
    "monsters": N_("the monsters' attack"),
}
ROLL_WHAT = {"attack": N_("Rolled {values}."), "token": N_("Die token: rolled {values}."),
             "reroll": N_("Re-rolled: {values}.")}
END_CAUSES = {"the wall was destroyed": N_("the wall was destroyed"),
              "the invasion passed 15": N_("the invasion passed 15"),
              "every monster was defeated": N_("every monster was defeated")}


def _why(table: dict[str, str], key: str) -> str:
    return _(table[key]) if key in table else key


def end_cause(cause: str) -> str:
    """Why a game ended (``state.end_cause``), in words."""
    return _why(END_CAUSES, cause)


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _tower_pieces(n: int) -> str:
    return ngettext("{n} tower piece", "{n} tower pieces", n).format(n=n)


def _card_played(e: Event, w: _Words) -> str:
    text = _("{seat} plays {card} into board slot {slot}").format(seat=_seat(e), card=w.card(e["card"]),
                                                                    slot=e["slot"])
    bonus = [_why(SLOT_BONUS, b) for b in e.get("bonus", [])]
    if bonus:
        text += _(": while a card is there, {bonus}").format(bonus=_listing(bonus))
    if e.get("full"):
        text += _(": the board is full, cards must be removed")
    return text + "."


def _no_card_drawn(e: Event, w: _Words) -> str:
    return _("The action deck is empty: seat {seat} draws no card (the discard pile, {cards}, comes back only "
             "as the five-card reward).").format(seat=shown_seat(e.get("seat")), cards=_cards(e.get("discard", 0)))


def _cards_removed(e: Event, w: _Words) -> str:
    cards = _listing(w.card(c) for c in e["cards"])
    if e["how"] == "five":
        return _("All five board cards are removed: {cards}.").format(cards=cards)
    rest = e.get("board", [])
    if rest:
        return _("Three cards are removed from the board: {cards}; the rest move down: {rest}.").format(
            cards=cards, rest=_listing(w.card(c) for c in rest))
    return _("Three cards are removed from the board: {cards}; the board is empty.").format(cards=cards)


def _tower_built(e: Event, w: _Words) -> str:
    towers = e["towers"]
    return ngettext("A tower is built on tower space {space} ({pieces} built: {n} die per attack with the "
                    "printed tower).",
                    "A tower is built on tower space {space} ({pieces} built: {n} dice per attack with the "
                    "printed tower).", towers + 1).format(space=e["space"], pieces=_tower_pieces(towers),
                                                          n=towers + 1)


def _die_token_gained(e: Event, w: _Words) -> str:
    if e["why"] == "tower":
        return _("The new tower brings a die token ({tokens} now).").format(tokens=e["tokens"])
    return _("The five-card reward brings a die token ({tokens} now).").format(tokens=e["tokens"])


def _wall(e: Event, w: _Words) -> str:
    return _("Wall {old} → {new} ({why}).").format(old=e["from"], new=e["to"], why=_why(WALL_WHY, e["by"]))


def _attack_started(e: Event, w: _Words) -> str:
    dice = e["dice"]
    if dice > 1:
        towers = ngettext("the printed tower and {n} built tower", "the printed tower and {n} built towers",
                          dice - 1).format(n=dice - 1)
    else:
        towers = _("the printed tower")
    parts = [ngettext("{seat} attacks with {n} die ({towers})", "{seat} attacks with {n} dice ({towers})",
                      dice).format(seat=_seat(e), n=dice, towers=towers)]
    if e.get("tokens"):
        parts.append(ngettext("{n} die token to spend for more dice", "{n} die tokens to spend for more dice",
                              e["tokens"]).format(n=e["tokens"]))
    if e.get("reroll"):
        parts.append(_("one re-roll (a card in board slot 3)"))
    if e.get("shields"):
        parts.append(ngettext("{n} shield to destroy before any monster", "{n} shields to destroy before any monster",
                              e["shields"]).format(n=e["shields"]))
    return "; ".join(parts) + "."


def _shield_destroyed(e: Event, w: _Words) -> str:
    left = e["shields"]
    if left:
        return _("A die showing {value} destroys a shield ({n} left).").format(value=e["value"], n=left)
    return _("A die showing {value} destroys a shield (no shield left: the monsters can be attacked).").format(
        value=e["value"])


def _die_assigned(e: Event, w: _Words) -> str:
    return _("A die showing {value} goes on {monster}: {total} against its life {life}.").format(
        value=e["value"], monster=e["monster"], total=e["total"], life=e["life"])


def _defeated(e: Event, w: _Words) -> str:
    left = e.get("table")
    fields = {"monster": e["monster"], "dice": _values(e["dice"]), "life": e["life"]}
    if left is None:
        return _("Monster {monster} is defeated (dice {dice} against life {life}) and goes onto the defeated "
                 "pile.").format(**fields)
    if not left:
        return _("Monster {monster} is defeated (dice {dice} against life {life}) and goes onto the defeated "
                 "pile (no monster left on the table).").format(**fields)
    return ngettext("Monster {monster} is defeated (dice {dice} against life {life}) and goes onto the defeated "
                    "pile ({n} monster left on the table).",
                    "Monster {monster} is defeated (dice {dice} against life {life}) and goes onto the defeated "
                    "pile ({n} monsters left on the table).", left).format(n=left, **fields)


def _attack_ended(e: Event, w: _Words) -> str:
    unused = e["unused"]
    if not unused:
        return _("{seat} ends the attack with no unused die.").format(seat=_seat(e))
    return ngettext("{seat} ends the attack: {n} unused die, +1 wall each.",
                    "{seat} ends the attack: {n} unused dice, +1 wall each.", unused).format(seat=_seat(e), n=unused)


def _monsters_turn(e: Event, w: _Words) -> str:
    table = e.get("monsters", [])
    if table:
        return _("The monsters' turn: on the table, {monsters}.").format(monsters=_listing(table))
    return _("The monsters' turn: on the table, no monster.")


def _monsters_attack(e: Event, w: _Words) -> str:
    attack, cards, total = e["attack"], e["cards"], e["total"]
    if not cards:
        return _("The monsters attack: their attack {attack} (no card in board slots 1-4 to stop any) = "
                 "{total}.").format(attack=attack, total=total)
    if attack - cards < 0:
        return ngettext("The monsters attack: their attack {attack}, minus 1 for each of the {n} card in board "
                        "slots 1-4, = {total} (never below 0).",
                        "The monsters attack: their attack {attack}, minus 1 for each of the {n} cards in board "
                        "slots 1-4, = {total} (never below 0).", cards).format(attack=attack, n=cards, total=total)
    return ngettext("The monsters attack: their attack {attack}, minus 1 for each of the {n} card in board "
                    "slots 1-4, = {total}.",
                    "The monsters attack: their attack {attack}, minus 1 for each of the {n} cards in board "
                    "slots 1-4, = {total}.", cards).format(attack=attack, n=cards, total=total)


def _placed(e: Event, w: _Words) -> str:
    cards, aside = e["cards"], e.get("set_aside", [])
    invasion = e["invasion"]
    if cards:
        fields = {"monsters": _listing(cards), "level": e["level"], "invasion": invasion}
        if "seat" in e:
            text = _("To the table: {monsters} (level total {level}, invasion {invasion}, seat {seat}'s "
                     "choice)").format(seat=shown_seat(e["seat"]), **fields)
        else:
            text = _("To the table: {monsters} (level total {level}, invasion {invasion})").format(**fields)
    else:
        text = _("No revealed monster fits the invasion ({invasion}): none comes to the table").format(
            invasion=invasion)
    if aside:
        text += _("; set aside: {monsters}").format(monsters=_listing(aside))
    return text + "."


def _abilities(e: Event, w: _Words) -> str:
    parts = []
    for key, words in (("raise_invasion", _("raise the invasion")), ("save_3", _("save 3 monsters")),
                       ("destroy_tower", _("destroy a tower"))):
        if e.get(key):
            parts.append(f"{words} ({_listing(e[key])})")
    return _("Abilities of the revealed monsters: {abilities}.").format(abilities="; ".join(parts))


def _invasion(e: Event, w: _Words) -> str:
    if e["why"] == "ability":
        return _("Invasion {old} → {new} (raised by {monsters}; once per turn).").format(
            old=e["from"], new=e["to"], monsters=_listing(e["by"]))
    return _("Invasion {old} → {new} (no monster came to the table and none raised the invasion).").format(
        old=e["from"], new=e["to"])


def _saved(e: Event, w: _Words) -> str:
    cards = e["cards"]
    if not cards:
        return _("Save 3 monsters: the defeated pile is empty, nothing is saved.")
    return ngettext("Save 3 monsters: {monsters} leaves the top of the defeated pile for the bottom of the "
                    "monster deck.",
                    "Save 3 monsters: {monsters} leave the top of the defeated pile for the bottom of the "
                    "monster deck.", len(cards)).format(monsters=_listing(cards))


def _forced(e: Event, w: _Words) -> str:
    return _("For seat {seat}, the engine plays '{move}' (the only legal move).").format(seat=shown_seat(e["seat"]),
                                                                                         move=e["move"])


def _revealed(e: Event, w: _Words) -> str:
    if e["why"] == "setup":
        return _("Set-up: revealed monster {monster}.").format(monster=w.monster(e["card"]))
    return _("Revealed monster {monster}.").format(monster=w.monster(e["card"]))


def _setup_sorted(e: Event, w: _Words) -> str:
    if e["bottom"]:
        return _("Set-up: the revealed monsters with red symbols ({monsters}) are shuffled to the bottom of the "
                 "monster deck, the other {n} shuffled on top.").format(monsters=_listing(e["bottom"]),
                                                                        n=len(e["top"]))
    return _("Set-up: no revealed monster has red symbols: all are shuffled back on top.")


SENTENCES: dict[str, Callable[[Event, _Words], str]] = {
    "monster_revealed": _revealed,
    "setup_sorted": _setup_sorted,
    "card_dealt": lambda e, w: _("{seat} is dealt {card}.").format(seat=_seat(e), card=w.card(e["card"])),
    "card_returned": lambda e, w: _("{seat} gives {card} back to the action deck.").format(
        seat=_seat(e), card=w.card(e["card"])),
    "hand_kept": lambda e, w: _("{seat} keeps the rest of the hand.").format(seat=_seat(e)),
    "turn_started": lambda e, w: _("Turn {turn}: seat {seat} plays.").format(
        turn=e["turn"], seat=shown_seat(e["seat"])),
    "no_card_to_play": lambda e, w: _("{seat} has no card in hand: no card is played this turn.").format(
        seat=_seat(e)),
    "card_played": _card_played,
    "card_drawn": lambda e, w: _("{seat} draws {card}.").format(seat=_seat(e), card=w.card(e["card"])),
    "no_card_drawn": _no_card_drawn,
    "cards_removed": _cards_removed,
    "tower_built": _tower_built,
    "no_tower_piece": lambda e, w: _("All 4 tower pieces are built: the triple brings no tower and no die token."),
    "die_token_gained": _die_token_gained,
    "no_die_token": lambda e, w: _("No die token: all 5 are in use."),
    "wall_changed": _wall,
    "reshuffled": lambda e, w: _("The discard pile ({cards}) is shuffled into the action deck ({deck} now).").format(
        cards=_cards(e["cards"]), deck=_cards(e["deck"])),
    "reshuffle_declined": lambda e, w: _("The discard pile ({cards}) is not reshuffled; the action deck keeps its "
                                         "{deck}.").format(cards=_cards(e["discard"]), deck=_cards(e["deck"])),
    "tower_removed": lambda e, w: _("{seat} removes a tower ({pieces} left).").format(
        seat=_seat(e), pieces=_tower_pieces(e["towers"])),
    "tower_destroyed": lambda e, w: _("A monster destroys a tower ({pieces} left).").format(
        pieces=_tower_pieces(e["towers"])),
    "no_tower_to_destroy": lambda e, w: _("A monster would destroy a tower, but only the printed tower stands "
                                          "(it cannot be destroyed)."),
    "pick_monsters": lambda e, w: ngettext(
        "Up to {n} table monster may go to the bottom of the monster deck ({why}).",
        "Up to {n} table monsters may go to the bottom of the monster deck ({why}).", e["up_to"]).format(
        n=e["up_to"], why=_why(PICK_WHY, e["why"])),
    "pick_stopped": lambda e, w: (_("No more monsters go to the bottom ({n} more could have).").format(
        n=e["unused"]) if e["unused"] else _("No more monsters go to the bottom.")),
    "monster_to_bottom": lambda e, w: _("Monster {monster} goes to the bottom of the monster deck ({why}).").format(
        monster=e["card"], why=_why(BOTTOM_WHY, e["why"])),
    "attack_started": _attack_started,
    "dice_rolled": lambda e, w: _(ROLL_WHAT.get(e["mode"], ROLL_WHAT["attack"])).format(
        values=_values(e["values"])),
    "die_token_spent": lambda e, w: _("A die token is spent: one more die ({tokens} left).").format(
        tokens=e["tokens"]),
    "reroll_used": lambda e, w: _("The die showing {value} is re-rolled (the one re-roll of this attack).").format(
        value=e["value"]),
    "shield_destroyed": _shield_destroyed,
    "die_assigned": _die_assigned,
    "monster_defeated": _defeated,
    "dice_returned": lambda e, w: _("After the re-roll the dice can no longer reach {monster}'s life {life}: "
                                    "{dice} come back unused.").format(monster=e["monster"], life=e["life"],
                                                                       dice=_values(e["dice"])),
    "attack_ended": _attack_ended,
    "monsters_turn": _monsters_turn,
    "monsters_attack": _monsters_attack,
    "reveal_short": lambda e, w: _("The monster deck ran out: {cards} revealed instead of {wanted}.").format(
        cards=_cards(e["revealed"]), wanted=e["wanted"]),
    "place_choice": lambda e, w: _("{options} different choices of monsters get as close to the invasion "
                                   "({invasion}): seat {seat} chooses which come to the table.").format(
        options=e["options"], invasion=e["invasion"], seat=shown_seat(e["seat"])),
    "monsters_placed": _placed,
    "shield_placed": lambda e, w: _("Monster {monster} brings a shield token ({shields} on the table).").format(
        monster=e["monster"], shields=e["shields"]),
    "no_shield_token": lambda e, w: _("Monster {monster} has a shield, but all 5 shield tokens are on the table: "
                                      "none is added.").format(monster=e["monster"]),
    "abilities": _abilities,
    "invasion_raised": _invasion,
    "monsters_saved": _saved,
    "forced_move": _forced,
    "game_won": lambda e, w: _("The players WIN: {cause}.").format(cause=end_cause(e["cause"])),
    "game_lost": lambda e, w: _("The players LOSE: {cause}.").format(cause=end_cause(e["cause"])),
}


def describe(event: Event, context: Any = None) -> str:
    """One event as a sentence in the current language; ``context``: the state or game (names the cards)."""
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
