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

Each kind has its own function in :data:`PHRASES`, typed with the kind's TypedDict
(``ufs/events.py``); what reads more of an event than its kind takes
:data:`~soloboard.ufs.events.UFSEvent`. :func:`sentence` and :func:`preview_text`, which the
kit calls with what the engine hands any front end, take the game-agnostic
:class:`~soloboard.core.events.Event`: a UFS state records UFS kinds only (a plugin's own
kind is told by :func:`phrase`'s plain fallback).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from soloboard.core.events import Event
from soloboard.i18n import N_, _, ngettext
from soloboard.ufs.events import (
    Ability,
    ArrowBlocked,
    Damage,
    DiceRolled,
    DieDiscarded,
    DiePlaced,
    EnergyChanged,
    ExcavatorMoved,
    GameLost,
    GameWon,
    MothershipAction,
    MothershipDescended,
    Phase,
    ResearchChanged,
    RobotBuilt,
    RobotInstalled,
    RobotRemoved,
    RobotSkipped,
    RobotUsed,
    RoomUsed,
    RoundStarted,
    ShipHitCity,
    ShipMoved,
    ShipsAdded,
    ShipSpawned,
    ShipsShotDown,
    ShipsWaiting,
    SkyDrawn,
    UFSEvent,
)
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


def _arrow(a: Any, b: Any) -> str:
    return f"{a} → {b}"


def _dice(values: Sequence[int]) -> str:
    return " ".join(map(str, values)) if values else _("none")


def _wasted(ev: RoomUsed) -> str:
    """Why a room's value did nothing (the engine's ``reason``), or ""."""
    if not ev["wasted"]:
        return ""
    reason = ev.get("reason", "")
    if reason == "below_one":
        return _("robot value below 1: no robot") if ev["type"] == "robots" else _("value below 1: no effect")
    if reason == "next_cost":
        return _("no research: the next space costs {cost}").format(cost=ev.get("next_cost", "?"))
    if reason == "energy_full":
        return _("no energy gained: the energy track is full")
    if reason == "not_above":
        return _("no energy gained: the value is not above your energy")
    if reason == "no_target":
        return _("no ship shot down: none on an explosion of {value} or less").format(value=ev["value"])
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


# --- one phrase per kind ----------------------------------------------------------------------
# Each takes its kind's event and the game (None: no game at hand, the boxed edition's names).

def _sky_drawn(ev: SkyDrawn, game: Any) -> str:
    return setup_text(game, ev["sides"])


def _round_started(ev: RoundStarted, game: Any) -> str:
    return _("round {round} begins").format(round=ev["round"])


def _phase(ev: Phase, game: Any) -> str:
    title = phase_title(ev["phase"])
    options = ev.get("options")
    if options:
        return _("{phase}: choose a drop point above column {columns}").format(
            phase=title, columns=", ".join(options))
    return title


def _dice_rolled(ev: DiceRolled, game: Any) -> str:
    plain_name, white_name = (game.dice_names if game is not None else ("gray", "white"))
    parts = []
    if ev["plain"]:
        parts.append(_("{colour} {values}").format(colour=die_colour(plain_name), values=_dice(ev["plain"])))
    if ev["white"]:
        parts.append(_("{colour} {values}").format(colour=die_colour(white_name), values=_dice(ev["white"])))
    rolled = ", ".join(parts) or _("no dice")
    if ev["reroll"]:
        return _("re-rolled the unplaced dice (a white die was placed): {dice}").format(dice=rolled)
    return _("rolled: {dice}").format(dice=rolled)


def _die_placed(ev: DiePlaced, game: Any) -> str:
    steps = ev["steps"]
    fields = {"colour": die_colour(ev["color"]), "value": ev["value"], "space": ev["space"],
              "column": ev["space"][:1], "steps": steps}
    if steps != ev["value"]:
        return _("{colour} {value} on {space}: ships in column {column} move {steps} "
                 "(one less on an AA gun)").format(**fields)
    return _("{colour} {value} on {space}: ships in column {column} move {steps}").format(**fields)


def _ship_moved(ev: ShipMoved, game: Any) -> str:
    moved = _("{ship} ship {move}").format(ship=ship_colour(ev["ship"]), move=_arrow(ev["from"], ev["to"]))
    return _("arrow: {move}").format(move=moved) if ev["why"] == "arrow" else moved


def _arrow_blocked(ev: ArrowBlocked, game: Any) -> str:
    fields = {"direction": arrow_direction(ev["direction"]), "at": ev["at"], "ship": ship_colour(ev["ship"])}
    if ev["reason"] == "edge":
        return _("the {direction} arrow at {at} does not move the {ship} ship (the board's edge)").format(**fields)
    return _("the {direction} arrow at {at} does not move the {ship} ship (a ship is in the way)").format(
        **fields)


def _ship_hit_city(ev: ShipHitCity, game: Any) -> str:
    return _("the {ship} ship from {cell} HITS THE CITY and goes back to the mothership").format(
        ship=ship_colour(ev["ship"]), cell=ev["from"])


def _damage(ev: Damage, game: Any) -> str:
    if ev["by"] == "ship":
        return _("damage {total} of {limit}").format(total=ev["total"], limit=ev["limit"])
    return _("damage {total} of {limit} ({cause})").format(total=ev["total"], limit=ev["limit"],
                                                           cause=_cause(ev["by"]))


def _mothership_descended(ev: MothershipDescended, game: Any) -> str:
    returned = ev["returned"]
    back = ""
    if len(returned) == 1:
        back = _("; the {ship} ship on that row goes back onto it").format(ship=ship_colour(returned[0]))
    elif returned:
        back = _("; the ships on that row ({ships}) go back onto it").format(
            ships=", ".join(ship_colour(r) for r in returned))
    if ev["why"] == "symbol":
        return _("M at {cell}: the mothership moves down to row {row}{back}").format(
            cell=ev.get("at"), row=ev["row"], back=back)
    return _("the mothership moves down to row {row}{back}").format(row=ev["row"], back=back)


def _mothership_action(ev: MothershipAction, game: Any) -> str:
    # ``effect``, not ``action``: that field is the history index
    return _("{symbol} on row {row}: {effect}").format(
        symbol=action_word(game), row=ev["row"],
        effect=effect_text(ev["effect"], ev["amount"], reinforcement_name(game)))


def _ships_shot_down(ev: ShipsShotDown, game: Any) -> str:
    ships = ", ".join(_("{ship} at {cell}").format(ship=ship_colour(s["ship"]), cell=s["at"]) for s in ev["ships"])
    return _("fighters ({value}) shoot down: {ships}").format(value=ev["value"], ships=ships or _("nothing"))


def _research_changed(ev: ResearchChanged, game: Any) -> str:
    move = _arrow(ev["from"], ev["to"])
    if ev["by"] == "mothership":
        return _("research {move} (mothership)").format(move=move)
    return _("research {move}").format(move=move)


def _energy_changed(ev: EnergyChanged, game: Any) -> str:
    by = ev["by"]
    move = _arrow(ev["from"], ev["to"])
    if by == "room cost":
        return _("energy {move} (its cost)").format(move=move)
    if by == "dig":
        return _("energy {move} (digging costs 1)").format(move=move)
    if by and by != "room":
        return _("energy {move} ({cause})").format(move=move, cause=_cause(by))
    return _("energy {move}").format(move=move)


def _room_used(ev: RoomUsed, game: Any) -> str:
    text = _("{room_name} {room}, value {value}").format(
        room_name=room_name(ev["type"]), room=ev["room"], value=ev["value"])
    wasted = _wasted(ev)
    return f"{text} — {wasted}" if wasted else text


def _die_discarded(ev: DieDiscarded, game: Any) -> str:
    return _discarded(ev["why"]).format(value=ev["value"], space=ev["space"])


def _excavator_moved(ev: ExcavatorMoved, game: Any) -> str:
    move = _arrow(ev["from"], ev["to"])
    if ev["by"] == "mothership":
        return _("the excavator is pushed back {move}").format(move=move)
    return _("the excavator digs {move}").format(move=move)


def _robot_built(ev: RobotBuilt, game: Any) -> str:
    return _("a robot of value {value} is built").format(value=ev["value"])


def _robot_installed(ev: RobotInstalled, game: Any) -> str:
    return _("robot R{value} installed on {space}").format(value=ev["value"], space=ev["space"])


def _robot_used(ev: RobotUsed, game: Any) -> str:
    if ev["from"] == ev["to"]:  # the 9-card edition: a used robot loses its pip at the Rooms Phase's end
        return _("robot on {space} used").format(space=ev["space"])
    return _("robot on {space} {move}").format(space=ev["space"], move=_arrow(ev["from"], ev["to"]))


def _robot_removed(ev: RobotRemoved, game: Any) -> str:
    texts = {"worn out": _("robot on {space} worn out and removed"),
             "buried": _("robot on {space} buried by the excavator's retreat"),
             "displaced": _("robot on {space} displaced by the worker die")}
    return texts.get(ev["why"], _("robot on {space} removed")).format(space=ev["space"])


def _robot_skipped(ev: RobotSkipped, game: Any) -> str:
    if ev["why"] == "no space":
        return _("the robot of value {value} is not installed (no space for it)").format(value=ev["value"])
    return _("the robot of value {value} is not installed (declined)").format(value=ev["value"])


def _ships_added(ev: ShipsAdded, game: Any) -> str:
    count = ev["count"]
    ship = ship_colour(ev["ship"])
    if not count:
        return _("no {ship} ship is left in the supply").format(ship=ship)
    return ngettext("{n} {ship} ship from the supply onto the mothership",
                    "{n} {ship} ships from the supply onto the mothership", count).format(n=count, ship=ship)


def _ships_waiting(ev: ShipsWaiting, game: Any) -> str:
    waiting = ", ".join(f"{v} {ship_colour(k)}" for k, v in ev.items() if k not in ("kind", "action") and v)
    return _("every drop point is taken: waiting for next round: {ships}").format(ships=waiting or _("none"))


def _ship_spawned(ev: ShipSpawned, game: Any) -> str:
    return _("a {ship} ship spawns above column {column}").format(ship=ship_colour(ev["ship"]), column=ev["col"])


def _game_won(ev: GameWon, game: Any) -> str:
    return _("WON: the research is complete")


def _game_lost(ev: GameLost, game: Any) -> str:
    return _("LOST: {cause}").format(cause=loss_text(ev["cause"]))


def _ability(ev: Ability, game: Any) -> str:
    """A city ability's effect (``docs/ufs-rules.md``, "City abilities")."""
    city = city_name(ev["city"])
    who = city if ev.get("side") in (None, "blue") else _("{city} (damaged side)").format(city=city)
    effect = ev["effect"]
    if effect == "once_per_game":  # a character's, not the city's (hooks.py)
        return _("{who} uses the once-per-game ability").format(who=ev.get("by") or _("a character"))
    if effect == "research":
        return _("{who}: the first damage moves the research {move}").format(
            who=who, move=_arrow(ev.get("from"), ev.get("to")))
    if effect == "room_value":
        robots = ev.get("robots", 0)
        return ngettext("{who}: the room {room} is worth {move} ({n} robot in it)",
                        "{who}: the room {room} is worth {move} ({n} robots in it)", robots).format(
            who=who, room=ev.get("room"), move=_arrow(ev.get("from"), ev.get("to")), n=robots)
    if effect == "white_six":
        return _("{who}: one {colour} die is set to {value} instead of being rolled").format(
            who=who, colour=die_colour(str(ev.get("color"))), value=ev.get("value"))
    if effect == "worker_six":
        return _("{who}: the {colour} {old} becomes a {new}").format(
            who=who, colour=die_colour(str(ev.get("color"))), old=ev.get("from"), new=ev.get("to"))
    extra = ", ".join(f"{k} {v}" for k, v in ev.items() if k not in ("kind", "action", "city", "side", "effect"))
    return _("{who} ability: {effect}").format(who=who, effect=effect) + (f" ({extra})" if extra else "")


# the phrase of each kind; mypy cannot tie a key to its function's event type: the tests do
PHRASES: dict[str, Callable[[Any, Any], str]] = {
    "sky_drawn": _sky_drawn,
    "round_started": _round_started,
    "phase": _phase,
    "dice_rolled": _dice_rolled,
    "die_placed": _die_placed,
    "ship_moved": _ship_moved,
    "arrow_blocked": _arrow_blocked,
    "ship_hit_city": _ship_hit_city,
    "damage": _damage,
    "mothership_descended": _mothership_descended,
    "mothership_action": _mothership_action,
    "ships_shot_down": _ships_shot_down,
    "research_changed": _research_changed,
    "energy_changed": _energy_changed,
    "room_used": _room_used,
    "die_discarded": _die_discarded,
    "excavator_moved": _excavator_moved,
    "robot_built": _robot_built,
    "robot_installed": _robot_installed,
    "robot_used": _robot_used,
    "robot_removed": _robot_removed,
    "robot_skipped": _robot_skipped,
    "ships_added": _ships_added,
    "ships_waiting": _ships_waiting,
    "ship_spawned": _ship_spawned,
    "game_won": _game_won,
    "game_lost": _game_lost,
    "ability": _ability,
}


def phrase(ev: UFSEvent, game: Any = None) -> str:
    """One event as a short phrase (no full stop)."""
    say = PHRASES.get(ev["kind"])
    if say is not None:
        return say(ev, game)
    # a kind this module does not know (a plugin's): say it plainly rather than hide it
    fields = ", ".join(f"{k} {v}" for k, v in ev.items() if k not in ("kind", "action"))
    return ev["kind"].replace("_", " ") + (f": {fields}" if fields else "")


# --- grouping ---------------------------------------------------------------------------------

# events that only repeat what the line around them says (the move's notation, the phase heading)
_QUIET = {"round_started", "phase"}


@dataclass
class Segment:
    """The events of one round and phase, in order (``phase`` "" before any phase is known)."""

    round: int
    phase: str
    events: list[UFSEvent] = field(default_factory=list)
    opens: RoundStarted | Phase | None = None  # the event that began it


def segments(events: Iterable[UFSEvent], round_no: int = 0, phase: str = "") -> list[Segment]:
    """Cut ``events`` where a round or a phase starts; ``round_no``/``phase``: where they begin."""
    out: list[Segment] = [Segment(round_no, phase)]
    for ev in events:
        if ev["kind"] == "round_started":
            round_no = ev["round"]
            out.append(Segment(round_no, "", opens=ev))
            continue
        if ev["kind"] == "phase":
            phase = ev["phase"]
            if out[-1].events or out[-1].phase:
                out.append(Segment(round_no, phase, opens=ev))
            else:
                out[-1].phase, out[-1].opens = phase, ev
            continue
        out[-1].events.append(ev)
    return [s for s in out if s.events or s.opens is not None]


def _dice_removed(run: Sequence[DieDiscarded]) -> str:
    where = ", ".join(_("{value} on {space}").format(value=ev["value"], space=ev["space"]) for ev in run)
    why = run[0]["why"]
    texts = {"player": _("dice {dice} discarded"),
             "end of rooms phase": _("dice {dice} removed at the end of the Rooms Phase"),
             "aa gun or tunnel": _("dice {dice} removed (AA guns and tunnels do nothing in the Rooms Phase)")}
    return texts.get(why, "dice {dice} " + why).format(dice=where)


# what a mothership action did: told on the action's own line
CONSEQUENCES = {"ships_added", "damage", "research_changed", "excavator_moved", "robot_removed", "game_lost"}


def step_lines(events: Sequence[UFSEvent], game: Any = None) -> list[str]:
    """Events one step a line (the Mothership Phase); what a mothership action did joins its line."""
    lines: list[list[UFSEvent]] = []
    for ev in events:
        if ev["kind"] in _QUIET:
            continue
        follows = lines and lines[-1][0]["kind"] == "mothership_action"
        if follows and ev["kind"] in CONSEQUENCES and ev["kind"] != "game_lost":
            lines[-1].append(ev)
        else:
            lines.append([ev])
    out = []
    for group in lines:
        first = group[0]
        head = phrase(first, game)
        amount = first["amount"] if first["kind"] == "mothership_action" else None  # only it has followers
        # '+1 white ship' needs no second telling, unless the supply ran short
        rest = join([ev for ev in group[1:] if ev["kind"] != "ships_added" or ev["count"] != amount], game)
        out.append(_capital(f"{head} — {rest}" if rest else head))
    return out


def join(events: Iterable[UFSEvent], game: Any = None) -> str:
    """Events as one line of phrases separated by ``;``, to follow a move's notation.

    A die's placement is said only when it tells something the notation does not: its
    ships move fewer rows (an AA gun), or there is no ship to move."""
    told = [ev for ev in events if ev["kind"] not in _QUIET]
    moved = any(ev["kind"] == "ship_moved" for ev in told)
    phrases = []
    for i, ev in enumerate(told):
        if ev["kind"] == "die_discarded":
            # dice removed together (the end of the Rooms Phase) are told together
            if i and _same_removal(told[i - 1], ev):
                continue
            run = [ev]
            for later in told[i + 1:]:
                if later["kind"] != "die_discarded" or later["why"] != ev["why"]:
                    break
                run.append(later)
            if len(run) > 1:
                phrases.append(_dice_removed(run))
                continue
        if ev["kind"] == "die_placed":
            if not moved and not ev["steps"]:  # a 1 on an AA gun: whatever is in the column stays put
                phrases.append(_("no ship moves (a {value} on an AA gun moves ships one row less)").format(
                    value=ev["value"]))
                continue
            if not moved:
                phrases.append(_("no ship in column {column}").format(column=ev["space"][:1]))
                continue
            if ev["steps"] == ev["value"]:
                continue
        phrases.append(phrase(ev, game))
    return "; ".join(phrases)


def _same_removal(before: UFSEvent, ev: DieDiscarded) -> bool:
    return before["kind"] == "die_discarded" and before["why"] == ev["why"]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", ":")) else ".")


def sentence(ev: Event, game: Any = None) -> str:
    """One event as a sentence."""
    return _capital(phrase(cast("UFSEvent", ev), game))


def sentence_list(events: Iterable[UFSEvent], game: Any = None) -> str:
    """Events as one sentence, their phrases separated by ``;``."""
    return _capital(join(events, game))


# --- previews -----------------------------------------------------------------------------------

def preview_text(events: Sequence[Event], game: Any = None) -> str:
    """What a move would do, from ``state.preview(action)``: its phrases, or 'nothing happens'."""
    return join(cast("Sequence[UFSEvent]", events), game) or _("nothing happens")


def marks(events: Iterable[Event]) -> str:
    """Signs for a move list: ``!`` a ship hits the city, ``M`` the mothership moves down,
    ``†`` the game is lost, ``★`` won (:data:`MARK_WORDS` says them in words)."""
    kinds = {ev["kind"] for ev in events}
    return "".join(sign for sign, kind in MARK_KINDS.items() if kind in kinds)


MARK_KINDS = {"!": "ship_hit_city", "M": "mothership_descended", "†": "game_lost", "★": "game_won"}
MARK_WORDS = {"!": N_("a ship hits the city"), "M": N_("the mothership moves down"), "†": N_("the game is lost"),
              "★": N_("the game is won")}


def marks_key(signs: Iterable[str]) -> str:
    """The key to the signs that appear (``! a ship hits the city · M ...``)."""
    present = set(signs)
    return " · ".join(f"{sign} {_(words)}" for sign, words in MARK_WORDS.items() if sign in present)


def danger_cells(previews: Iterable[Sequence[UFSEvent]]) -> set[str]:
    """The sky cells of ships some previewed move would send into the city."""
    cells: set[str] = set()
    for events in previews:
        cells.update(ev["from"] for ev in events if ev["kind"] == "ship_hit_city")
    return cells


# --- the game so far -----------------------------------------------------------------------------

@dataclass
class Step:
    """One action of the history: its notation and the events it caused."""

    index: int
    notation: str
    chance: bool
    events: list[UFSEvent]


def steps(notations: Sequence[tuple[str, bool]], events: Iterable[UFSEvent], first: int = 0) -> list[Step]:
    """Pair each action (notation, is it chance) with its events; ``first``: the index of notations[0]."""
    out = [Step(first + i, n, c, []) for i, (n, c) in enumerate(notations)]
    for ev in events:
        i = ev["action"] - first
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
            if ev["kind"] == "round_started":
                round_no = ev["round"]
        line_round = started or round_no  # a move that ends a round is told in it; the set-up opens round 1
        if not rounds or rounds[-1][0] != line_round:
            rounds.append((line_round, []))
        lines = rounds[-1][1]
        body = join(step.events, game)
        if step.chance:
            lines.append(f"({body or step.notation})")
            continue
        phase_starts = [ev for ev in step.events if ev["kind"] == "phase" and ev["phase"] == "mothership"]
        if phase_starts:
            # a move that ends the Rooms Phase: the Mothership Phase it starts gets its own line
            cut = step.events.index(phase_starts[0])
            before, after = join(step.events[:cut], game), join(step.events[cut:], game)
            lines.append(f"{step.notation}" + (f": {before}" if before else ""))
            lines.append("  " + _("Mothership Phase: {events}").format(events=after or _("nothing happens")))
        else:
            lines.append(f"{step.notation}" + (f": {body}" if body else ""))
    return rounds
