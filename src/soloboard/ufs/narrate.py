"""What happened, in words: every player-visible sentence made from Under Falling Skies events.

The engine records events (``state.events()``, see ``core/events.py``); front ends turn
them into words here and nowhere else. Every sentence is a whole msgid of the catalog
(``soloboard.i18n``: English is the msgid, the rulebooks' terms in pt/cs/pl/es), so it comes
out in the current language (``i18n.use(lang)``). Nothing
here re-derives a rule: every sentence reads the fields of an event (and the game's names
for its dice, ships and cards).

Three shapes of text:

- :func:`phrase`: one event as a short phrase (``purple ship c3 → c7``);
- :func:`segments`: a list of events cut where a round or phase starts, so a front end can
  print a move on one line and the Mothership Phase step by step;
- :func:`preview_text`: what a move would do, from ``state.preview(action)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from soloboard.i18n import N_, _, ngettext
from soloboard.ufs.words import (
    action_word,
    arrow_direction,
    city_name,
    die_colour,
    effect_text,
    loss_text,
    phase_title,
    reinforcement_name,
    room_name,
    ship_colour,
)

Event = dict[str, Any]

def _arrow(a: Any, b: Any) -> str:
    return f"{a} → {b}"


def _dice(values: Sequence[int]) -> str:
    return " ".join(map(str, values)) if values else _("none")


def _wasted(ev: Event) -> str:
    """Why a room's value did nothing (the engine's ``reason``), or ""."""
    if not ev.get("wasted"):
        return ""
    reason = ev.get("reason", "")
    kind = ev.get("type", "")
    if reason == "below_one":
        return _("robot value below 1: no robot") if kind == "robots" else _("value below 1: no effect")
    if reason == "next_cost":
        return _("no research: the next space costs {cost}").format(cost=ev.get("next_cost", "?"))
    if reason == "energy_full":
        return _("no energy gained: the energy track is full")
    if reason == "not_above":
        return _("no energy gained: the value is not above your energy")
    if reason == "no_target":
        return _("no ship shot down: none on an explosion of {value} or less").format(value=ev.get("value", "?"))
    return _("the value is wasted")


def setup_text(game: Any, sides: str) -> str:
    """The set-up draw (``sky_drawn``'s sides letters) in words, as each edition calls its cards."""
    letters = {letter: name for name, letter in getattr(game, "side_letters", ())}
    if game is None or not sides or not set(sides) <= set(letters):
        return _("set-up drawn: {sides}").format(sides=sides)
    named = [letters[s] for s in sides]
    if game.setup_word == "sky":
        return _("sky tiles drawn: sky {sides} (E easy, T threat; bottom tile first)").format(
            sides="".join(s[0].upper() for s in named))
    hard = [card for card, side in zip(game.cards, named, strict=True) if side == "difficult"]
    if hard:
        return _("cards drawn: difficult side: {cards}").format(cards=", ".join(hard))
    return _("cards drawn: every card on its easy side")


def phrase(ev: Event, game: Any = None) -> str:
    """One event as a short phrase (no full stop)."""
    kind = ev.get("kind", "")
    get = ev.get
    reinforcement = reinforcement_name(game)
    if kind == "sky_drawn":
        return setup_text(game, str(get("sides", "")))
    if kind == "round_started":
        return _("round {round} begins").format(round=get("round"))
    if kind == "phase":
        title = phase_title(str(get("phase", "")))
        options = get("options")
        if options:
            return _("{phase}: choose a drop point above column {columns}").format(
                phase=title, columns=", ".join(options))
        return title
    if kind == "dice_rolled":
        plain_name, white_name = (game.dice_names if game is not None else ("gray", "white"))
        parts = []
        if get("plain"):
            parts.append(_("{colour} {values}").format(colour=die_colour(plain_name), values=_dice(get("plain"))))
        if get("white"):
            parts.append(_("{colour} {values}").format(colour=die_colour(white_name), values=_dice(get("white"))))
        rolled = ", ".join(parts) or _("no dice")
        if get("reroll"):
            return _("re-rolled the unplaced dice (a white die was placed): {dice}").format(dice=rolled)
        return _("rolled: {dice}").format(dice=rolled)
    if kind == "die_placed":
        steps = get("steps", 0)
        column = str(get("space", "?"))[:1]
        fields = {"colour": die_colour(str(get("color"))), "value": get("value"), "space": get("space"),
                  "column": column, "steps": steps}
        if steps != get("value"):
            return _("{colour} {value} on {space}: ships in column {column} move {steps} "
                     "(one less on an AA gun)").format(**fields)
        return _("{colour} {value} on {space}: ships in column {column} move {steps}").format(**fields)
    if kind == "ship_moved":
        moved = _("{ship} ship {move}").format(ship=ship_colour(str(get("ship"))),
                                               move=_arrow(get("from"), get("to")))
        return _("arrow: {move}").format(move=moved) if get("why") == "arrow" else moved
    if kind == "arrow_blocked":
        fields = {"direction": arrow_direction(str(get("direction"))), "at": get("at"),
                  "ship": ship_colour(str(get("ship")))}
        if get("reason") == "edge":
            return _("the {direction} arrow at {at} does not move the {ship} ship (the board's edge)").format(**fields)
        return _("the {direction} arrow at {at} does not move the {ship} ship (a ship is in the way)").format(
            **fields)
    if kind == "ship_hit_city":
        return _("the {ship} ship from {cell} HITS THE CITY and goes back to the mothership").format(
            ship=ship_colour(str(get("ship"))), cell=get("from"))
    if kind == "damage":
        if get("by") == "ship":
            return _("damage {total} of {limit}").format(total=get("total"), limit=get("limit"))
        return _("damage {total} of {limit} ({cause})").format(total=get("total"), limit=get("limit"),
                                                               cause=_cause(str(get("by"))))
    if kind == "mothership_descended":
        returned = get("returned") or []
        back = ""
        if len(returned) == 1:
            back = _("; the {ship} ship on that row goes back onto it").format(ship=ship_colour(returned[0]))
        elif returned:
            back = _("; the ships on that row ({ships}) go back onto it").format(
                ships=", ".join(ship_colour(r) for r in returned))
        if get("why") == "symbol":
            return _("M at {cell}: the mothership moves down to row {row}{back}").format(
                cell=get("at"), row=get("row"), back=back)
        return _("the mothership moves down to row {row}{back}").format(row=get("row"), back=back)
    if kind == "mothership_action":
        effect = str(get("effect", "none"))  # ``effect``, not ``action``: that field is the history index
        return _("{symbol} on row {row}: {effect}").format(
            symbol=action_word(game), row=get("row"), effect=effect_text(effect, get("amount", 1), reinforcement))
    if kind == "ships_shot_down":
        ships = ", ".join(_("{ship} at {cell}").format(ship=ship_colour(str(s.get("ship"))), cell=s.get("at"))
                          for s in get("ships", []))
        return _("fighters ({value}) shoot down: {ships}").format(value=get("value"), ships=ships or _("nothing"))
    if kind == "research_changed":
        move = _arrow(get("from"), get("to"))
        if get("by") == "mothership":
            return _("research {move} (mothership)").format(move=move)
        return _("research {move}").format(move=move)
    if kind == "energy_changed":
        by = get("by", "")
        move = _arrow(get("from"), get("to"))
        if by == "room cost":
            return _("energy {move} (its cost)").format(move=move)
        if by == "dig":
            return _("energy {move} (digging costs 1)").format(move=move)
        if by and by != "room":
            return _("energy {move} ({cause})").format(move=move, cause=_cause(str(by)))
        return _("energy {move}").format(move=move)
    if kind == "room_used":
        text = _("{room_name} {room}, value {value}").format(
            room_name=room_name(str(get("type", ""))), room=get("room"), value=get("value"))
        wasted = _wasted(ev)
        return f"{text} — {wasted}" if wasted else text
    if kind == "die_discarded":
        return _discarded(str(get("why", ""))).format(value=get("value"), space=get("space"))
    if kind == "excavator_moved":
        move = _arrow(get("from"), get("to"))
        if get("by") == "mothership":
            return _("the excavator is pushed back {move}").format(move=move)
        return _("the excavator digs {move}").format(move=move)
    if kind == "robot_built":
        return _("a robot of value {value} is built").format(value=get("value"))
    if kind == "robot_installed":
        return _("robot R{value} installed on {space}").format(value=get("value"), space=get("space"))
    if kind == "robot_used":
        return _("robot on {space} {move}").format(space=get("space"), move=_arrow(get("from"), get("to")))
    if kind == "robot_removed":
        why = get("why", "")
        texts = {"worn out": _("robot on {space} worn out and removed"),
                 "buried": _("robot on {space} buried by the excavator's retreat"),
                 "displaced": _("robot on {space} displaced by the worker die")}
        return texts.get(why, _("robot on {space} removed")).format(space=get("space"))
    if kind == "robot_skipped":
        if get("why") == "no space":
            return _("the robot of value {value} is not installed (no space for it)").format(value=get("value"))
        return _("the robot of value {value} is not installed (declined)").format(value=get("value"))
    if kind == "ships_added":
        count = get("count", 0)
        ship = ship_colour(str(get("ship", reinforcement)))
        if not count:
            return _("no {ship} ship is left in the supply").format(ship=ship)
        return ngettext("{n} {ship} ship from the supply onto the mothership",
                        "{n} {ship} ships from the supply onto the mothership", count).format(n=count, ship=ship)
    if kind == "ships_waiting":
        waiting = ", ".join(f"{v} {ship_colour(k)}" for k, v in ev.items() if k not in ("kind", "action") and v)
        return _("every drop point is taken: waiting for next round: {ships}").format(ships=waiting or _("none"))
    if kind == "ship_spawned":
        return _("a {ship} ship spawns above column {column}").format(
            ship=ship_colour(str(get("ship"))), column=get("col"))
    if kind == "game_won":
        return _("WON: the research is complete")
    if kind == "game_lost":
        return _("LOST: {cause}").format(cause=loss_text(str(get("cause", ""))))
    if kind == "ability":
        return _ability(ev)
    fields = ", ".join(f"{k} {v}" for k, v in ev.items() if k not in ("kind", "action"))
    return f"{kind.replace('_', ' ')}" + (f": {fields}" if fields else "")


def _cause(by: str) -> str:
    """Who changed a track, when it is not the usual (damage by the mothership, research by an ability)."""
    words = {"mothership": _("mothership"), "ability": _("ability"), "ship": _("ship")}
    return words.get(by, by)


def _discarded(why: str) -> str:
    """A removed die's sentence (``{value}``, ``{space}``) for why it was removed."""
    texts = {"player": _("die {value} on {space} discarded"),
             "end of rooms phase": _("die {value} on {space} removed at the end of the Rooms Phase"),
             "aa gun or tunnel": _("die {value} on {space} removed "
                                   "(AA guns and tunnels do nothing in the Rooms Phase)")}
    return texts.get(why, "die {value} on {space} " + why)


def _ability(ev: Event) -> str:
    """A city ability's effect (``docs/ufs-rules.md``, "City abilities")."""
    get = ev.get
    city = city_name(str(get("city")))
    who = city if get("side") in (None, "blue") else _("{city} (damaged side)").format(city=city)
    effect = get("effect")
    if effect == "once_per_game":  # a character's, not the city's (hooks.py)
        return _("{who} uses the once-per-game ability").format(who=ev.get("by") or _("a character"))
    if effect == "research":
        return _("{who}: the first damage moves the research {move}").format(
            who=who, move=_arrow(get("from"), get("to")))
    if effect == "room_value":
        robots = get("robots", 0)
        return ngettext("{who}: the room {room} is worth {move} ({n} robot in it)",
                        "{who}: the room {room} is worth {move} ({n} robots in it)", robots).format(
            who=who, room=get("room"), move=_arrow(get("from"), get("to")), n=robots)
    if effect == "white_six":
        return _("{who}: one {colour} die is set to {value} instead of being rolled").format(
            who=who, colour=die_colour(str(get("color"))), value=get("value"))
    if effect == "worker_six":
        return _("{who}: the {colour} {old} becomes a {new}").format(
            who=who, colour=die_colour(str(get("color"))), old=get("from"), new=get("to"))
    extra = ", ".join(f"{k} {v}" for k, v in ev.items() if k not in ("kind", "action", "city", "side", "effect"))
    return _("{who} ability: {effect}").format(who=who, effect=effect) + (f" ({extra})" if extra else "")


# --- grouping ---------------------------------------------------------------------------------

# events that only repeat what the line around them says (the move's notation, the phase heading)
_QUIET = {"round_started", "phase"}


@dataclass
class Segment:
    """The events of one round and phase, in order (``phase`` "" before any phase is known)."""

    round: int
    phase: str
    events: list[Event] = field(default_factory=list)
    opens: Event | None = None  # the round_started or phase event that began it


def segments(events: Iterable[Event], round_no: int = 0, phase: str = "") -> list[Segment]:
    """Cut ``events`` where a round or a phase starts; ``round_no``/``phase``: where they begin."""
    out: list[Segment] = [Segment(round_no, phase)]
    for ev in events:
        kind = ev.get("kind")
        if kind == "round_started":
            round_no = ev.get("round", round_no + 1)
            out.append(Segment(round_no, "", opens=ev))
            continue
        if kind == "phase":
            phase = ev.get("phase", "")
            if out[-1].events or out[-1].phase:
                out.append(Segment(round_no, phase, opens=ev))
            else:
                out[-1].phase, out[-1].opens = phase, ev
            continue
        out[-1].events.append(ev)
    return [s for s in out if s.events or s.opens is not None]


def _dice_removed(run: Sequence[Event]) -> str:
    where = ", ".join(_("{value} on {space}").format(value=ev.get("value"), space=ev.get("space")) for ev in run)
    why = run[0].get("why", "")
    texts = {"player": _("dice {dice} discarded"),
             "end of rooms phase": _("dice {dice} removed at the end of the Rooms Phase"),
             "aa gun or tunnel": _("dice {dice} removed (AA guns and tunnels do nothing in the Rooms Phase)")}
    return texts.get(why, "dice {dice} " + why).format(dice=where)


# what a mothership action did: told on the action's own line
CONSEQUENCES = {"ships_added", "damage", "research_changed", "excavator_moved", "robot_removed", "game_lost"}


def step_lines(events: Sequence[Event], game: Any = None) -> list[str]:
    """Events one step a line (the Mothership Phase); what a mothership action did joins its line."""
    lines: list[list[Event]] = []
    for ev in events:
        if ev.get("kind") in _QUIET:
            continue
        follows = lines and lines[-1][0].get("kind") == "mothership_action"
        if follows and ev.get("kind") in CONSEQUENCES and ev.get("kind") != "game_lost":
            lines[-1].append(ev)
        else:
            lines.append([ev])
    out = []
    for group in lines:
        head = phrase(group[0], game)
        amount = group[0].get("amount")
        # '+1 white ship' needs no second telling, unless the supply ran short
        rest = join([ev for ev in group[1:] if ev.get("kind") != "ships_added" or ev.get("count") != amount], game)
        out.append(_capital(f"{head} — {rest}" if rest else head))
    return out


def join(events: Iterable[Event], game: Any = None) -> str:
    """Events as one line of phrases separated by ``;``, to follow a move's notation.

    A die's placement is said only when it tells something the notation does not: its
    ships move fewer rows (an AA gun), or there is no ship to move."""
    events = [ev for ev in events if ev.get("kind") not in _QUIET]
    moved = any(ev.get("kind") == "ship_moved" for ev in events)
    phrases = []
    for i, ev in enumerate(events):
        if ev.get("kind") == "die_discarded":
            # dice removed together (the end of the Rooms Phase) are told together
            if i and events[i - 1].get("kind") == "die_discarded" and events[i - 1].get("why") == ev.get("why"):
                continue
            run = [ev]
            for later in events[i + 1:]:
                if later.get("kind") != "die_discarded" or later.get("why") != ev.get("why"):
                    break
                run.append(later)
            if len(run) > 1:
                phrases.append(_dice_removed(run))
                continue
        if ev.get("kind") == "die_placed":
            if not moved:
                phrases.append(_("no ship in column {column}").format(column=str(ev.get("space", "?"))[:1]))
                continue
            if ev.get("steps") == ev.get("value"):
                continue
        phrases.append(phrase(ev, game))
    return "; ".join(phrases)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", ":")) else ".")


def sentence(ev: Event, game: Any = None) -> str:
    """One event as a sentence."""
    return _capital(phrase(ev, game))


def sentence_list(events: Iterable[Event], game: Any = None) -> str:
    """Events as one sentence, their phrases separated by ``;``."""
    return _capital(join(events, game))


# --- previews -----------------------------------------------------------------------------------

def preview_text(events: Sequence[Event], game: Any = None) -> str:
    """What a move would do, from ``state.preview(action)``: its phrases, or 'nothing happens'."""
    return join(events, game) or _("nothing happens")


def marks(events: Sequence[Event]) -> str:
    """Signs for a move list: ``!`` a ship hits the city, ``M`` the mothership moves down,
    ``†`` the game is lost, ``★`` won (:data:`MARK_WORDS` says them in words)."""
    kinds = {ev.get("kind") for ev in events}
    return "".join(sign for sign, kind in MARK_KINDS.items() if kind in kinds)


MARK_KINDS = {"!": "ship_hit_city", "M": "mothership_descended", "†": "game_lost", "★": "game_won"}
MARK_WORDS = {"!": N_("a ship hits the city"), "M": N_("the mothership moves down"), "†": N_("the game is lost"),
              "★": N_("the game is won")}


def marks_key(signs: Iterable[str]) -> str:
    """The key to the signs that appear (``! a ship hits the city · M ...``)."""
    present = set(signs)
    return " · ".join(f"{sign} {_(words)}" for sign, words in MARK_WORDS.items() if sign in present)


def danger_cells(previews: Iterable[Sequence[Event]]) -> set[str]:
    """The sky cells of ships some previewed move would send into the city."""
    cells: set[str] = set()
    for events in previews:
        cells.update(str(ev.get("from")) for ev in events if ev.get("kind") == "ship_hit_city")
    return cells


# --- the game so far -----------------------------------------------------------------------------

@dataclass
class Step:
    """One action of the history: its notation and the events it caused."""

    index: int
    notation: str
    chance: bool
    events: list[Event]


def steps(notations: Sequence[tuple[str, bool]], events: Iterable[Event], first: int = 0) -> list[Step]:
    """Pair each action (notation, is it chance) with its events; ``first``: the index of notations[0]."""
    out = [Step(first + i, n, c, []) for i, (n, c) in enumerate(notations)]
    for ev in events:
        i = ev.get("action", -1) - first
        if 0 <= i < len(out):
            out[i].events.append(ev)
    return out


def log_lines(history: Sequence[Step], game: Any = None) -> list[tuple[int, list[str]]]:
    """The game round by round: ``[(round, [line, ...]), ...]``, a line per action."""
    rounds: list[tuple[int, list[str]]] = []
    round_no = 0
    for step in history:
        started = round_no
        for ev in step.events:
            if ev.get("kind") == "round_started":
                round_no = ev.get("round", round_no)
        line_round = started or round_no  # a move that ends a round is told in it; the set-up opens round 1
        if not rounds or rounds[-1][0] != line_round:
            rounds.append((line_round, []))
        lines = rounds[-1][1]
        body = join(step.events, game)
        if step.chance:
            lines.append(f"({body or step.notation})")
            continue
        phase_starts = [ev for ev in step.events if ev.get("kind") == "phase" and ev.get("phase") == "mothership"]
        if phase_starts:
            # a move that ends the Rooms Phase: the Mothership Phase it starts gets its own line
            cut = step.events.index(phase_starts[0])
            before, after = join(step.events[:cut], game), join(step.events[cut:], game)
            lines.append(f"{step.notation}" + (f": {before}" if before else ""))
            lines.append("  " + _("Mothership Phase: {events}").format(events=after or _("nothing happens")))
        else:
            lines.append(f"{step.notation}" + (f": {body}" if body else ""))
    return rounds
