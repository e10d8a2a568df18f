"""What happened, in English: every player-visible sentence made from Under Falling Skies events.

The engine records events (``state.events()``, see ``core/events.py``); front ends turn
them into words here and nowhere else, so a translation touches this one module. Nothing
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

Event = dict[str, Any]

PHASE_TITLES = {
    "place": "Dice Phase",
    "rooms": "Rooms Phase",
    "install": "Robot installation",
    "mothership": "Mothership Phase",
    "spawn": "Ships spawn",
}

ROOM_NAMES = {"energy": "energy room", "fighters": "fighters room", "research": "research room",
              "robots": "robots room", "energy+fighters": "energy and fighters room"}

LOSS_WORDS = {"base destroyed": "the base is destroyed"}


def _reinforcement(game: Any) -> str:
    return game.ship_names[1] if game is not None else "white"


def effect_text(effect: str, amount: int = 1, reinforcement: str = "white") -> str:
    """What a resolved mothership action (boxed) or track symbol (9-card) did, in words."""
    if effect == "excavator_back":
        return f"excavator back {amount}"
    if effect == "research_back":
        return f"research back {amount}"
    if effect == "add_white_ships":  # the engine's name for every edition's reinforcements
        return f"+{amount} {reinforcement} ship" + ("s" if amount > 1 else "")
    if effect == "damage":
        return "1 damage"
    if effect == "skull":
        return "the SKULL: the game is lost"
    if effect == "none":
        return "nothing"
    return effect.replace("_", " ")


def short_action_text(action: tuple[str, int] | None, reinforcement_letter: str = "W") -> str:
    """A printed mothership action in at most six characters, for the compact board (``exc-2``, ``+1W``)."""
    if action is None:
        return ""
    kind, amount = action
    return {
        "excavator_back": f"exc-{amount}",
        "research_back": f"res-{amount}",
        "add_white_ships": f"+{amount}{reinforcement_letter}",
        "damage": "1 dmg",
        "skull": "SKULL",
        "none": "none",  # a symbol the game plays as no effect
    }.get(kind, kind[:6])


def action_word(game: Any) -> str:
    """What the edition calls the symbol a Mothership Phase resolves."""
    before = getattr(getattr(game, "ruleset", None), "mothership_acts_before_descending", False)
    return "track symbol" if before else "mothership action"


def _arrow(a: Any, b: Any) -> str:
    return f"{a} → {b}"


def _dice(values: Sequence[int]) -> str:
    return " ".join(map(str, values)) if values else "none"


def _wasted(ev: Event) -> str:
    """Why a room's value did nothing (the engine's ``reason``), or ""."""
    if not ev.get("wasted"):
        return ""
    reason = ev.get("reason", "")
    kind = ev.get("type", "")
    if reason == "below_one":
        return "robot value below 1: no robot" if kind == "robots" else "value below 1: no effect"
    if reason == "next_cost":
        return f"no research: the next space costs {ev.get('next_cost', '?')}"
    if reason == "energy_full":
        return "no energy gained: the energy track is full"
    if reason == "not_above":
        return "no energy gained: the value is not above your energy"
    if reason == "no_target":
        return f"no ship shot down: none on an explosion of {ev.get('value', '?')} or less"
    return "the value is wasted"


def phrase(ev: Event, game: Any = None) -> str:
    """One event as a short phrase (no full stop)."""
    kind = ev.get("kind", "")
    get = ev.get
    reinforcement = _reinforcement(game)
    if kind == "sky_drawn":
        sides = str(get("sides", ""))
        letters = {letter: name for name, letter in getattr(game, "side_letters", ())}
        if game is not None and sides and set(sides) <= set(letters):
            described = game.describe_sides(tuple(letters[s] for s in sides))
            return f"{getattr(game, 'cards_noun', 'cards')} drawn: {described}"
        return f"set-up drawn: {sides}"
    if kind == "round_started":
        return f"round {get('round')} begins"
    if kind == "phase":
        title = PHASE_TITLES.get(get("phase", ""), str(get("phase", "")))
        options = get("options")
        if options:
            return f"{title}: choose a drop point above column {', '.join(options)}"
        return title
    if kind == "dice_rolled":
        plain_name, white_name = (game.dice_names if game is not None else ("gray", "white"))
        parts = []
        if get("plain"):
            parts.append(f"{plain_name} {_dice(get('plain'))}")
        if get("white"):
            parts.append(f"{white_name} {_dice(get('white'))}")
        rolled = ", ".join(parts) or "no dice"
        if get("reroll"):
            return f"re-rolled the unplaced dice (a white die was placed): {rolled}"
        return f"rolled: {rolled}"
    if kind == "die_placed":
        steps = get("steps", 0)
        column = str(get("space", "?"))[:1]
        slowed = " (one less on an AA gun)" if steps != get("value") else ""
        return f"{get('color')} {get('value')} on {get('space')}: ships in column {column} move {steps}{slowed}"
    if kind == "ship_moved":
        moved = f"{get('ship')} ship {_arrow(get('from'), get('to'))}"
        return f"arrow: {moved}" if get("why") == "arrow" else moved
    if kind == "arrow_blocked":
        why = "the board's edge" if get("reason") == "edge" else "a ship is in the way"
        return f"the {get('direction')} arrow at {get('at')} does not move the {get('ship')} ship ({why})"
    if kind == "ship_hit_city":
        return f"the {get('ship')} ship from {get('from')} HITS THE CITY and goes back to the mothership"
    if kind == "damage":
        by = "" if get("by") == "ship" else f" ({get('by')})"
        return f"damage {get('total')} of {get('limit')}{by}"
    if kind == "mothership_descended":
        returned = get("returned") or []
        back = ""
        if len(returned) == 1:
            back = f"; the {returned[0]} ship on that row goes back onto it"
        elif returned:
            back = f"; the ships on that row ({', '.join(returned)}) go back onto it"
        if get("why") == "symbol":
            return f"M at {get('at')}: the mothership moves down to row {get('row')}{back}"
        return f"the mothership moves down to row {get('row')}{back}"
    if kind == "mothership_action":
        effect = str(get("effect", "none"))  # ``effect``, not ``action``: that field is the history index
        return f"{action_word(game)} on row {get('row')}: {effect_text(effect, get('amount', 1), reinforcement)}"
    if kind == "ships_shot_down":
        ships = ", ".join(f"{s.get('ship')} at {s.get('at')}" for s in get("ships", []))
        return f"fighters ({get('value')}) shoot down: {ships or 'nothing'}"
    if kind == "research_changed":
        by = " (mothership)" if get("by") == "mothership" else ""
        return f"research {_arrow(get('from'), get('to'))}{by}"
    if kind == "energy_changed":
        by = get("by", "")
        why = {"room cost": " (its cost)", "dig": " (digging costs 1)", "room": ""}.get(by, f" ({by})" if by else "")
        return f"energy {_arrow(get('from'), get('to'))}{why}"
    if kind == "room_used":
        name = ROOM_NAMES.get(get("type", ""), f"{get('type')} room")
        text = f"{name} {get('room')}, value {get('value')}"
        wasted = _wasted(ev)
        return f"{text} — {wasted}" if wasted else text
    if kind == "die_discarded":
        why = get("why", "")
        reason = {"player": "discarded", "end of rooms phase": "removed at the end of the Rooms Phase",
                  "aa gun or tunnel": "removed (AA guns and tunnels do nothing in the Rooms Phase)"}
        return f"die {get('value')} on {get('space')} {reason.get(why, why)}"
    if kind == "excavator_moved":
        if get("by") == "mothership":
            return f"the excavator is pushed back {_arrow(get('from'), get('to'))}"
        return f"the excavator digs {_arrow(get('from'), get('to'))}"
    if kind == "robot_built":
        return f"a robot of value {get('value')} is built"
    if kind == "robot_installed":
        return f"robot R{get('value')} installed on {get('space')}"
    if kind == "robot_used":
        return f"robot on {get('space')} {_arrow(get('from'), get('to'))}"
    if kind == "robot_removed":
        why = {"player": "removed", "worn out": "worn out and removed",
               "buried": "buried by the excavator's retreat", "displaced": "displaced by the worker die"}
        return f"robot on {get('space')} {why.get(get('why', ''), 'removed')}"
    if kind == "robot_skipped":
        why = "no space for it" if get("why") == "no space" else "declined"
        return f"the robot of value {get('value')} is not installed ({why})"
    if kind == "ships_added":
        count = get("count", 0)
        if not count:
            return f"no {get('ship', reinforcement)} ship is left in the supply"
        ships = f"{count} {get('ship', reinforcement)} ship{'s' if count > 1 else ''}"
        return f"{ships} from the supply onto the mothership"
    if kind == "ships_waiting":
        waiting = ", ".join(f"{v} {k}" for k, v in ev.items() if k not in ("kind", "action") and v)
        return f"every drop point is taken: waiting for next round: {waiting or 'none'}"
    if kind == "ship_spawned":
        return f"a {get('ship')} ship spawns above column {get('col')}"
    if kind == "game_won":
        return "WON: the research is complete"
    if kind == "game_lost":
        cause = get("cause", "")
        return f"LOST: {LOSS_WORDS.get(cause, cause)}"
    if kind == "ability":
        return _ability(ev)
    fields = ", ".join(f"{k} {v}" for k, v in ev.items() if k not in ("kind", "action"))
    return f"{kind.replace('_', ' ')}" + (f": {fields}" if fields else "")


CITY_NAMES = {"roswell": "Roswell", "new-york": "New York", "washington": "Washington, DC"}


def _ability(ev: Event) -> str:
    """A city ability's effect (``docs/ufs-rules.md``, "City abilities")."""
    get = ev.get
    city = CITY_NAMES.get(str(get("city")), str(get("city")))
    who = f"{city}{' (damaged side)' if get('side') not in (None, 'blue') else ''}"
    effect = get("effect")
    if effect == "research":
        return f"{who}: the first damage moves the research {_arrow(get('from'), get('to'))}"
    if effect == "room_value":
        robots = get("robots", 0)
        return (f"{who}: the room {get('room')} is worth {_arrow(get('from'), get('to'))} "
                f"({robots} robot{'s' if robots != 1 else ''} in it)")
    if effect == "white_six":
        return f"{who}: one {get('color')} die is set to {get('value')} instead of being rolled"
    if effect == "worker_six":
        return f"{who}: the {get('color')} {get('from')} becomes a {get('to')}"
    extra = ", ".join(f"{k} {v}" for k, v in ev.items() if k not in ("kind", "action", "city", "side", "effect"))
    return f"{who} ability: {effect}" + (f" ({extra})" if extra else "")


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
    where = ", ".join(f"{ev.get('value')} on {ev.get('space')}" for ev in run)
    why = run[0].get("why", "")
    reason = {"player": "discarded", "end of rooms phase": "removed at the end of the Rooms Phase",
              "aa gun or tunnel": "removed (AA guns and tunnels do nothing in the Rooms Phase)"}
    return f"dice {where} {reason.get(why, why)}"


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
                phrases.append(f"no ship in column {str(ev.get('space', '?'))[:1]}")
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
    return join(events, game) or "nothing happens"


def marks(events: Sequence[Event]) -> str:
    """Signs for a move list: ``!`` a ship hits the city, ``M`` the mothership moves down,
    ``†`` the game is lost, ``★`` won (:data:`MARK_WORDS` says them in words)."""
    kinds = {ev.get("kind") for ev in events}
    return "".join(sign for sign, kind in MARK_KINDS.items() if kind in kinds)


MARK_KINDS = {"!": "ship_hit_city", "M": "mothership_descended", "†": "game_lost", "★": "game_won"}
MARK_WORDS = {"!": "a ship hits the city", "M": "the mothership moves down", "†": "the game is lost",
              "★": "the game is won"}


def marks_key(signs: Iterable[str]) -> str:
    """The key to the signs that appear (``! a ship hits the city · M ...``)."""
    present = set(signs)
    return " · ".join(f"{sign} {words}" for sign, words in MARK_WORDS.items() if sign in present)


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
            lines.append(f"  Mothership Phase: {after or 'nothing happens'}")
        else:
            lines.append(f"{step.notation}" + (f": {body}" if body else ""))
    return rounds
