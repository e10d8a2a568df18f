"""Monstros events in words: what a front end says about what happened.

``describe(event, context)`` turns one event (``state.events()``, kinds and fields in
``docs/monstros.md``, "Events") into a sentence; ``narrate(events, context)`` does a list.
``context`` is the state or the game (anything with a ``deck``), used to name the cards
and give a monster's numbers; without it the sentences use the card ids alone.

Every sentence the players read about events is written here and nowhere else, each a whole
msgid of the catalog (``soloboard.i18n``; the Portuguese rulebook's terms: muralha, invasão,
torre, ficha de dado), so it comes out in the current language.

Each kind has its own function in :data:`SENTENCES`, typed with the kind's TypedDict
(``monstros/events.py``). :func:`describe` and :func:`narrate`, which the kit calls with what
the engine hands any front end, take the game-agnostic :class:`~soloboard.core.events.Event`:
a Monstros state records Monstros kinds only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, cast

from soloboard.core.events import Event
from soloboard.i18n import N_, _, ngettext
from soloboard.monstros.cards import Deck, Which, mention
from soloboard.monstros.events import (
    Abilities,
    AttackEnded,
    AttackStarted,
    CardDealt,
    CardDrawn,
    CardPlayed,
    CardReturned,
    CardsRemoved,
    DiceReturned,
    DiceRolled,
    DieAssigned,
    DieTokenGained,
    DieTokenSpent,
    ForcedMove,
    GameLost,
    GameWon,
    HandKept,
    InvasionRaised,
    MonsterDefeated,
    MonsterRevealed,
    MonstersAttack,
    MonstersPlaced,
    MonstersSaved,
    MonstersTurn,
    MonsterToBottom,
    MonstrosEvent,
    NoCardDrawn,
    NoCardToPlay,
    NoDieToken,
    NoShieldToken,
    NoTowerPiece,
    NoTowerToDestroy,
    PickMonsters,
    PickStopped,
    PlaceChoice,
    RerollUsed,
    Reshuffled,
    ReshuffleDeclined,
    RevealShort,
    SetupSorted,
    ShieldDestroyed,
    ShieldPlaced,
    TowerBuilt,
    TowerDestroyed,
    TowerRemoved,
    TurnStarted,
    WallChanged,
)

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


def card_name(deck: Deck, which: Which, k: int, mark: bool = True) -> str:
    """A card's name in the current language ("Delay"), with the printed (Portuguese) name beside it
    where it differs, at its first mention (``cards.mention``): "Delay (atraso)"."""
    name, printed = mention(deck, which, k, mark)
    return f"{name} ({printed})" if printed and name else name


class _Words:
    """Card names and monster descriptions from the deck, when there is one."""

    def __init__(self, context: Any) -> None:
        self.deck = _deck(context)

    def card(self, card_id: str) -> str:
        deck = self.deck
        if deck is None or card_id not in deck.a_ids:
            return card_id
        name, printed = mention(deck, "action", deck.a_ids.index(card_id))
        if not name:
            return card_id
        # the printed name at its first mention, and the id the notation types ('play pa')
        notes = [note for note in (printed, card_id) if note and note.casefold() != name.casefold()]
        if len(notes) == 2 and notes[0].casefold() == notes[1].casefold():
            notes = notes[:1]
        return f"{name} ({', '.join(notes)})" if notes else name

    def monster(self, card_id: str) -> str:
        """``4c (level 4, life 6, attack 2, shield, raises the invasion)``."""
        deck = self.deck
        if deck is None or card_id not in deck.m_ids:
            return card_id
        k = deck.m_ids.index(card_id)
        shown = card_name(deck, "monster", k)
        name = f" \"{shown}\"" if shown else ""
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


def _seat(seat: int) -> str:
    return _("Seat {seat}").format(seat=shown_seat(seat))


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


# --- one sentence per kind -----------------------------------------------------------------------
# Each takes its kind's event and the deck's words for the cards.

def _monster_revealed(e: MonsterRevealed, w: _Words) -> str:
    if e["why"] == "setup":
        return _("Set-up: revealed monster {monster}.").format(monster=w.monster(e["card"]))
    return _("Revealed monster {monster}.").format(monster=w.monster(e["card"]))


def _setup_sorted(e: SetupSorted, w: _Words) -> str:
    if e["bottom"]:
        return _("Set-up: the revealed monsters with red symbols ({monsters}) are shuffled to the bottom of the "
                 "monster deck, the other {n} shuffled on top.").format(monsters=_listing(e["bottom"]),
                                                                        n=len(e["top"]))
    return _("Set-up: no revealed monster has red symbols: all are shuffled back on top.")


def _card_dealt(e: CardDealt, w: _Words) -> str:
    return _("{seat} is dealt {card}.").format(seat=_seat(e["seat"]), card=w.card(e["card"]))


def _card_returned(e: CardReturned, w: _Words) -> str:
    return _("{seat} gives {card} back to the action deck.").format(seat=_seat(e["seat"]), card=w.card(e["card"]))


def _hand_kept(e: HandKept, w: _Words) -> str:
    return _("{seat} keeps the rest of the hand.").format(seat=_seat(e["seat"]))


def _turn_started(e: TurnStarted, w: _Words) -> str:
    return _("Turn {turn}: seat {seat} plays.").format(turn=e["turn"], seat=shown_seat(e["seat"]))


def _no_card_to_play(e: NoCardToPlay, w: _Words) -> str:
    return _("{seat} has no card in hand: no card is played this turn.").format(seat=_seat(e["seat"]))


def _card_played(e: CardPlayed, w: _Words) -> str:
    text = _("{seat} plays {card} into board slot {slot}").format(seat=_seat(e["seat"]), card=w.card(e["card"]),
                                                                    slot=e["slot"])
    bonus = [_why(SLOT_BONUS, b) for b in e["bonus"]]
    if bonus:
        text += _(": while a card is there, {bonus}").format(bonus=_listing(bonus))
    if e["full"]:
        text += _(": the board is full, cards must be removed")
    return text + "."


def _card_drawn(e: CardDrawn, w: _Words) -> str:
    return _("{seat} draws {card}.").format(seat=_seat(e["seat"]), card=w.card(e["card"]))


def _no_card_drawn(e: NoCardDrawn, w: _Words) -> str:
    return _("The action deck is empty: seat {seat} draws no card (the discard pile, {cards}, comes back only "
             "as the five-card reward).").format(seat=shown_seat(e["seat"]), cards=_cards(e["discard"]))


def _cards_removed(e: CardsRemoved, w: _Words) -> str:
    cards = _listing(w.card(c) for c in e["cards"])
    if e["how"] == "five":
        return _("All five board cards are removed: {cards}.").format(cards=cards)
    rest = e["board"]
    if rest:
        return _("Three cards are removed from the board: {cards}; the rest move down: {rest}.").format(
            cards=cards, rest=_listing(w.card(c) for c in rest))
    return _("Three cards are removed from the board: {cards}; the board is empty.").format(cards=cards)


def _tower_built(e: TowerBuilt, w: _Words) -> str:
    towers = e["towers"]
    return ngettext("A tower is built on tower space {space} ({pieces} built: {n} die per attack with the "
                    "printed tower).",
                    "A tower is built on tower space {space} ({pieces} built: {n} dice per attack with the "
                    "printed tower).", towers + 1).format(space=e["space"], pieces=_tower_pieces(towers),
                                                          n=towers + 1)


def _no_tower_piece(e: NoTowerPiece, w: _Words) -> str:
    return _("All 4 tower pieces are built: the triple brings no tower and no die token.")


def _die_token_gained(e: DieTokenGained, w: _Words) -> str:
    if e["why"] == "tower":
        return _("The new tower brings a die token ({tokens} now).").format(tokens=e["tokens"])
    return _("The five-card reward brings a die token ({tokens} now).").format(tokens=e["tokens"])


def _no_die_token(e: NoDieToken, w: _Words) -> str:
    return _("No die token: all 5 are in use.")


def _wall_changed(e: WallChanged, w: _Words) -> str:
    return _("Wall {old} → {new} ({why}).").format(old=e["from"], new=e["to"], why=_why(WALL_WHY, e["by"]))


def _reshuffled(e: Reshuffled, w: _Words) -> str:
    return _("The discard pile ({cards}) is shuffled into the action deck ({deck} now).").format(
        cards=_cards(e["cards"]), deck=_cards(e["deck"]))


def _reshuffle_declined(e: ReshuffleDeclined, w: _Words) -> str:
    return _("The discard pile ({cards}) is not reshuffled; the action deck keeps its {deck}.").format(
        cards=_cards(e["discard"]), deck=_cards(e["deck"]))


def _tower_removed(e: TowerRemoved, w: _Words) -> str:
    return _("{seat} removes a tower ({pieces} left).").format(seat=_seat(e["seat"]),
                                                               pieces=_tower_pieces(e["towers"]))


def _tower_destroyed(e: TowerDestroyed, w: _Words) -> str:
    return _("A monster destroys a tower ({pieces} left).").format(pieces=_tower_pieces(e["towers"]))


def _no_tower_to_destroy(e: NoTowerToDestroy, w: _Words) -> str:
    return _("A monster would destroy a tower, but only the printed tower stands (it cannot be destroyed).")


def _pick_monsters(e: PickMonsters, w: _Words) -> str:
    return ngettext("Up to {n} table monster may go to the bottom of the monster deck ({why}).",
                    "Up to {n} table monsters may go to the bottom of the monster deck ({why}).", e["up_to"]).format(
        n=e["up_to"], why=_why(PICK_WHY, e["why"]))


def _pick_stopped(e: PickStopped, w: _Words) -> str:
    if e["unused"]:
        return _("No more monsters go to the bottom ({n} more could have).").format(n=e["unused"])
    return _("No more monsters go to the bottom.")


def _monster_to_bottom(e: MonsterToBottom, w: _Words) -> str:
    return _("Monster {monster} goes to the bottom of the monster deck ({why}).").format(
        monster=e["card"], why=_why(BOTTOM_WHY, e["why"]))


def _attack_started(e: AttackStarted, w: _Words) -> str:
    dice = e["dice"]
    if dice > 1:
        towers = ngettext("the printed tower and {n} built tower", "the printed tower and {n} built towers",
                          dice - 1).format(n=dice - 1)
    else:
        towers = _("the printed tower")
    parts = [ngettext("{seat} attacks with {n} die ({towers})", "{seat} attacks with {n} dice ({towers})",
                      dice).format(seat=_seat(e["seat"]), n=dice, towers=towers)]
    if e["tokens"]:
        parts.append(ngettext("{n} die token to spend for more dice", "{n} die tokens to spend for more dice",
                              e["tokens"]).format(n=e["tokens"]))
    if e["reroll"]:
        parts.append(_("one re-roll (a card in board slot 3)"))
    if e["shields"]:
        parts.append(ngettext("{n} shield to destroy before any monster", "{n} shields to destroy before any monster",
                              e["shields"]).format(n=e["shields"]))
    return "; ".join(parts) + "."


def _dice_rolled(e: DiceRolled, w: _Words) -> str:
    return _(ROLL_WHAT.get(e["mode"], ROLL_WHAT["attack"])).format(values=_values(e["values"]))


def _die_token_spent(e: DieTokenSpent, w: _Words) -> str:
    return _("A die token is spent: one more die ({tokens} left).").format(tokens=e["tokens"])


def _reroll_used(e: RerollUsed, w: _Words) -> str:
    return _("The die showing {value} is re-rolled (the one re-roll of this attack).").format(value=e["value"])


def _shield_destroyed(e: ShieldDestroyed, w: _Words) -> str:
    left = e["shields"]
    if left:
        return _("A die showing {value} destroys a shield ({n} left).").format(value=e["value"], n=left)
    return _("A die showing {value} destroys a shield (no shield left: the monsters can be attacked).").format(
        value=e["value"])


def _die_assigned(e: DieAssigned, w: _Words) -> str:
    return _("A die showing {value} goes on {monster}: {total} against its life {life}.").format(
        value=e["value"], monster=e["monster"], total=e["total"], life=e["life"])


def _monster_defeated(e: MonsterDefeated, w: _Words) -> str:
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


def _dice_returned(e: DiceReturned, w: _Words) -> str:
    return _("After the re-roll the dice can no longer reach {monster}'s life {life}: {dice} come back "
             "unused.").format(monster=e["monster"], life=e["life"], dice=_values(e["dice"]))


def _attack_ended(e: AttackEnded, w: _Words) -> str:
    unused = e["unused"]
    if not unused:
        return _("{seat} ends the attack with no unused die.").format(seat=_seat(e["seat"]))
    return ngettext("{seat} ends the attack: {n} unused die, +1 wall each.",
                    "{seat} ends the attack: {n} unused dice, +1 wall each.", unused).format(seat=_seat(e["seat"]),
                                                                                           n=unused)


def _monsters_turn(e: MonstersTurn, w: _Words) -> str:
    table = e["monsters"]
    if table:
        return _("The monsters' turn: on the table, {monsters}.").format(monsters=_listing(table))
    return _("The monsters' turn: on the table, no monster.")


def _monsters_attack(e: MonstersAttack, w: _Words) -> str:
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


def _reveal_short(e: RevealShort, w: _Words) -> str:
    return _("The monster deck ran out: {cards} revealed instead of {wanted}.").format(
        cards=_cards(e["revealed"]), wanted=e["wanted"])


def _place_choice(e: PlaceChoice, w: _Words) -> str:
    return _("{options} different choices of monsters get as close to the invasion ({invasion}): seat {seat} "
             "chooses which come to the table.").format(options=e["options"], invasion=e["invasion"],
                                                        seat=shown_seat(e["seat"]))


def _monsters_placed(e: MonstersPlaced, w: _Words) -> str:
    cards, aside = e["cards"], e["set_aside"]
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


def _shield_placed(e: ShieldPlaced, w: _Words) -> str:
    return _("Monster {monster} brings a shield token ({shields} on the table).").format(
        monster=e["monster"], shields=e["shields"])


def _no_shield_token(e: NoShieldToken, w: _Words) -> str:
    return _("Monster {monster} has a shield, but all 5 shield tokens are on the table: none is added.").format(
        monster=e["monster"])


def _abilities(e: Abilities, w: _Words) -> str:
    parts = []
    for cards, words in ((e["raise_invasion"], _("raise the invasion")), (e["save_3"], _("save 3 monsters")),
                         (e["destroy_tower"], _("destroy a tower"))):
        if cards:
            parts.append(f"{words} ({_listing(cards)})")
    return _("Abilities of the revealed monsters: {abilities}.").format(abilities="; ".join(parts))


def _invasion_raised(e: InvasionRaised, w: _Words) -> str:
    if e["why"] == "ability":
        return _("Invasion {old} → {new} (raised by {monsters}; once per turn).").format(
            old=e["from"], new=e["to"], monsters=_listing(e["by"]))
    return _("Invasion {old} → {new} (no monster came to the table and none raised the invasion).").format(
        old=e["from"], new=e["to"])


def _monsters_saved(e: MonstersSaved, w: _Words) -> str:
    cards = e["cards"]
    if not cards:
        return _("Save 3 monsters: the defeated pile is empty, nothing is saved.")
    return ngettext("Save 3 monsters: {monsters} leaves the top of the defeated pile for the bottom of the "
                    "monster deck.",
                    "Save 3 monsters: {monsters} leave the top of the defeated pile for the bottom of the "
                    "monster deck.", len(cards)).format(monsters=_listing(cards))


def _forced_move(e: ForcedMove, w: _Words) -> str:
    return _("For seat {seat}, the engine plays '{move}' (the only legal move).").format(seat=shown_seat(e["seat"]),
                                                                                         move=e["move"])


def _game_won(e: GameWon, w: _Words) -> str:
    return _("The players WIN: {cause}.").format(cause=end_cause(e["cause"]))


def _game_lost(e: GameLost, w: _Words) -> str:
    return _("The players LOSE: {cause}.").format(cause=end_cause(e["cause"]))


# the sentence of each kind; mypy cannot tie a key to its function's event type: the tests do
SENTENCES: dict[str, Callable[[Any, _Words], str]] = {
    "monster_revealed": _monster_revealed,
    "setup_sorted": _setup_sorted,
    "card_dealt": _card_dealt,
    "card_returned": _card_returned,
    "hand_kept": _hand_kept,
    "turn_started": _turn_started,
    "no_card_to_play": _no_card_to_play,
    "card_played": _card_played,
    "card_drawn": _card_drawn,
    "no_card_drawn": _no_card_drawn,
    "cards_removed": _cards_removed,
    "tower_built": _tower_built,
    "no_tower_piece": _no_tower_piece,
    "die_token_gained": _die_token_gained,
    "no_die_token": _no_die_token,
    "wall_changed": _wall_changed,
    "reshuffled": _reshuffled,
    "reshuffle_declined": _reshuffle_declined,
    "tower_removed": _tower_removed,
    "tower_destroyed": _tower_destroyed,
    "no_tower_to_destroy": _no_tower_to_destroy,
    "pick_monsters": _pick_monsters,
    "pick_stopped": _pick_stopped,
    "monster_to_bottom": _monster_to_bottom,
    "attack_started": _attack_started,
    "dice_rolled": _dice_rolled,
    "die_token_spent": _die_token_spent,
    "reroll_used": _reroll_used,
    "shield_destroyed": _shield_destroyed,
    "die_assigned": _die_assigned,
    "monster_defeated": _monster_defeated,
    "dice_returned": _dice_returned,
    "attack_ended": _attack_ended,
    "monsters_turn": _monsters_turn,
    "monsters_attack": _monsters_attack,
    "reveal_short": _reveal_short,
    "place_choice": _place_choice,
    "monsters_placed": _monsters_placed,
    "shield_placed": _shield_placed,
    "no_shield_token": _no_shield_token,
    "abilities": _abilities,
    "invasion_raised": _invasion_raised,
    "monsters_saved": _monsters_saved,
    "forced_move": _forced_move,
    "game_won": _game_won,
    "game_lost": _game_lost,
}


def describe(event: Event, context: Any = None) -> str:
    """One event as a sentence in the current language; ``context``: the state or game (names the cards)."""
    return _describe(cast("MonstrosEvent", event), _Words(context))


def _describe(event: MonstrosEvent, words: _Words) -> str:
    sentence = SENTENCES.get(event["kind"])
    if sentence is None:  # an event this module does not know yet: say it plainly rather than hide it
        fields = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("kind", "action"))
        return f"{event.get('kind', 'event')}: {fields}"
    return sentence(event, words)


def narrate(events: Iterable[Event], context: Any = None) -> list[str]:
    """Every event as a sentence, in order."""
    words = _Words(context)
    return [_describe(e, words) for e in cast("Iterable[MonstrosEvent]", events)]
