"""The events' types (ufs/events.py, monstros/events.py) against what the engines record and the docs.

The TypedDicts only tell mypy what an event holds; nothing at run time makes the engine keep to
them. So this plays many games of every game (both UFS editions, cities with abilities, a
character's once-per-game ability; Monstros solo and with several seats, and arranged positions for
what random play seldom reaches) and checks every recorded event against its kind's TypedDict:
its keys are the required ones plus some optional ones, and each value has the declared type. The
docs' tables must name every kind with exactly its fields, and each narrator must have one
function per kind, typed with that kind's TypedDict.
"""

from __future__ import annotations

import functools
import random
import re
import types
import typing
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

import soloboard
from conftest import POLICIES, make_position
from conftest import play as ufs_play
from monstros_helpers import arrange, at_attack, expected_monsters, kinds, new_state, play, step_random
from soloboard.core.chance import sample_outcome
from soloboard.monstros import narrate as monstros_narrate
from soloboard.monstros.events import MonstrosEvent
from soloboard.ufs import narrate as ufs_narrate
from soloboard.ufs.events import UFSEvent

DOCS = Path(__file__).resolve().parent.parent / "docs"
UFS_SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("ufs", {"city": city, "side": side, "threat": threat})
    for city in ("roswell", "washington", "new-york") for side in ("blue", "damaged") for threat in (0, 3)
] + [("ufs", {"unidentified_action": "none", "threat": 4})] + [
    ("ufs-pnp", {"level": level, "energy_rule": rule}) for level in (0, 2, 4) for rule in ("max", "add")
]
MONSTROS_SETUPS: list[dict[str, Any]] = [
    {"players": players, "difficulty": difficulty, "five_removal": removal}
    for players in (1, 2, 3, 6) for difficulty in ("iniciante", "medio", "epico")
    for removal in ("any", "forced-only")
]
HAND = [["pa", "carrinho", "ferC"], ["pa", "carrinho", "defeito"]]


def by_kind(union: Any) -> dict[str, Any]:
    """Each kind of a game's union and its TypedDict."""
    return {get_args(get_type_hints(td)["kind"])[0]: td for td in get_args(union)}


UFS_KINDS = by_kind(UFSEvent)
MONSTROS_KINDS = by_kind(MonstrosEvent)


def conforms(value: Any, hint: Any) -> bool:
    """Whether ``value`` has the type ``hint`` (the few forms the events' TypedDicts use)."""
    origin = get_origin(hint)
    if origin is Literal:
        return value in get_args(hint)
    if origin in (Union, types.UnionType):
        return any(conforms(value, h) for h in get_args(hint))
    if origin is list:
        (item,) = get_args(hint)
        return type(value) is list and all(conforms(v, item) for v in value)
    if is_typeddict(hint):
        return type(value) is dict and not problems(value, hint)
    if hint in (int, str, bool):
        return type(value) is hint  # exactly: a bool is no count, a count no flag
    raise AssertionError(f"the test does not know the type {hint!r}")


def problems(event: dict[str, Any], td: Any) -> list[str]:
    """What in ``event`` its TypedDict does not allow (nothing: it fits)."""
    required, optional = td.__required_keys__, td.__optional_keys__
    found = []
    if missing := required - event.keys():
        found.append(f"missing {sorted(missing)}")
    if extra := event.keys() - required - optional:
        found.append(f"unknown {sorted(extra)}")
    hints = get_type_hints(td)
    found += [f"{key}={value!r} is no {hints[key]}" for key, value in event.items()
              if key in hints and not conforms(value, hints[key])]
    return found


@functools.cache
def ability_fields() -> dict[str, set[str]]:
    """The fields of each ``ability`` effect, from docs/events.md's table of effects."""
    return {effect[0]: fields for effect, fields in doc_rows(DOCS / "events.md", "effect").items()}


def check(events: Iterable[dict[str, Any]], kinds_of: dict[str, Any], seen: Counter[str]) -> None:
    effects = ability_fields() if kinds_of is UFS_KINDS else {}
    for event in events:
        td = kinds_of.get(event["kind"])
        assert td is not None, f"{event['kind']!r} has no TypedDict: {event}"
        assert not problems(event, td), (problems(event, td), event)
        if event["kind"] == "ability" and event["effect"] in effects:
            assert event.keys() - td.__required_keys__ == effects[event["effect"]], event
        seen[event["kind"]] += 1


# --- Under Falling Skies -----------------------------------------------------------------------

def ufs_game(game: Any, seed: int) -> Iterator[list[dict[str, Any]]]:
    """The events of a game played by one of the tests' policies, then some moves' previews."""
    rng = random.Random(seed)
    policy = list(POLICIES.values())[seed % len(POLICIES)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if not state.is_chance_node() and rng.random() < 0.03:
            yield from (state.preview(a) for a in state.legal_actions())
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else policy(state, rng))
    yield state.events()


def test_every_ufs_event_is_its_kinds_typeddict() -> None:
    seen: Counter[str] = Counter()
    for name, params in UFS_SETUPS:
        game = soloboard.load_game(name, **params)
        for seed in range(16):
            for events in ufs_game(game, seed):
                check(events, UFS_KINDS, seen)
    # random play seldom wins: the research room that reaches the last space (test_ufs_rulebook_examples.py)
    won = make_position(phase="rooms", excavator="e3", research=15, energy=4, dice={"c3": 5, "d3": 6, "b1": 6})
    check(ufs_play(won, "use c3").events(), UFS_KINDS, seen)
    assert not UFS_KINDS.keys() - seen.keys(), f"never recorded: {sorted(UFS_KINDS.keys() - seen.keys())}"


def test_a_characters_once_per_game_ability_is_typed(test_plugin: Any) -> None:
    from soloboard.ufs.campaign import custom

    game = custom.new_game(custom.CustomBattle("roswell", characters={"test-medic": False}))
    seen: Counter[str] = Counter()
    for seed in range(8):
        for events in ufs_game(game, seed):
            check(events, UFS_KINDS, seen)
    assert seen["ability"]


# --- A Invasão dos Monstros Sem Nome ---------------------------------------------------------------

def finish(state: Any, seed: int) -> Any:
    rng = random.Random(seed)
    while not state.is_terminal():
        step_random(state, rng)
    return state


def rare_monstros_positions() -> Iterator[Any]:
    """Positions for what random play seldom records (the same as test_monstros_turn.py's and
    test_monstros_events.py's), each played on to its end."""
    state = arrange(new_state(players=1), hands=[["pa", "defeito"]], action_deck={}, invasion=4,
                    deck_top=["1a", "1a", "2a", "1b", "1b", "2a"])
    yield play(state, "play pa", "roll 1", "roll 1")  # no card drawn, then no card to play
    for pieces in ({"tokens": 5}, {"towers": 4}):  # no die token left; no tower piece left
        yield play(arrange(new_state(), board=["pa", "pa"], hands=HAND, action_deck={"ferC": 4}, **pieces),
                   "play pa", "tower pa pa pa")
    state = at_attack(arrange(new_state(), table=["3b"], hands=HAND, tokens=1), [2, 5], reroll=True)
    yield play(state, "hit 3b 2", "reroll 5", "roll 1")  # the dice on 3b come back
    yield arrange(new_state(), hands=HAND, invasion=2, shields=5, deck_top=["1c", "1c", "7a"],
                  action_deck={"ferC": 4})  # no shield token left for the second 1c
    base = new_state()
    rest = expected_monsters(base) - Counter(kinds(base, ["1a", "4a"]))
    yield arrange(base, hands=HAND, invasion=1, defeated=[base.deck.m_ids[k] for k in rest.elements()],
                  deck_top=["1a", "4a"], action_deck={"ferC": 4})  # the monster deck runs short


def test_every_monstros_event_is_its_kinds_typeddict() -> None:
    seen: Counter[str] = Counter()
    for params in MONSTROS_SETUPS:
        game = soloboard.load_game("monstros", **params)
        for seed in range(6):
            rng = random.Random(seed)
            state = game.new_initial_state()
            while not state.is_terminal():
                if not state.is_chance_node() and rng.random() < 0.05:
                    for action in state.legal_actions():
                        check(state.preview(action), MONSTROS_KINDS, seen)
                step_random(state, rng)
            check(state.events(), MONSTROS_KINDS, seen)
    for position in rare_monstros_positions():
        for seed in range(8):
            check(finish(position.clone(), seed).events(), MONSTROS_KINDS, seen)
    assert not MONSTROS_KINDS.keys() - seen.keys(), \
        f"never recorded: {sorted(MONSTROS_KINDS.keys() - seen.keys())}"


# --- the docs and the narrators ----------------------------------------------------------------------

def doc_rows(path: Path, first_column: str, section: str = "") -> dict[tuple[str, ...], set[str]]:
    """The rows of the tables headed ``| {first_column} | fields | ...`` (in ``section`` if given):
    the names in the first column, and the fields the second names outside parentheses (a
    ``(+ `x`)`` adds a field some of the row's kinds have: it is given as ``+x``)."""
    text = path.read_text(encoding="utf-8")
    if section:
        text = text[text.index(section):]
        text = text[:text.find("\n## ", len(section))]
    rows: dict[tuple[str, ...], set[str]] = {}
    header = False
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if len(cells) < 2:
            header = False
        elif cells[:2] == [first_column, "fields"]:
            header = True
        elif header and not set(cells[0]) <= {"-"}:
            names = tuple(re.findall(r"`([a-z_0-9]+)`", cells[0]))
            plus = {f"+{f}" for part in re.findall(r"\(\+([^()]*)\)", cells[1])
                    for f in re.findall(r"`([a-z_0-9]+)`", part)}
            rows[names] = set(re.findall(r"`([a-z_0-9]+)`", re.sub(r"\([^()]*\)", "", cells[1]))) | plus
    return rows


def documented(path: Path, section: str) -> dict[str, set[str]]:
    return {name: fields for names, fields in doc_rows(path, "kind", section).items() for name in names}


@pytest.mark.parametrize(("kinds_of", "path", "section"), [
    (UFS_KINDS, DOCS / "events.md", "## Under Falling Skies"),
    (MONSTROS_KINDS, DOCS / "monstros.md", "## Events"),
], ids=["ufs", "monstros"])
def test_the_docs_name_every_kind_with_its_fields(kinds_of: dict[str, Any], path: Path, section: str) -> None:
    if path.name != "events.md":  # the page docs/events.md sends the reader to for this game's kinds
        assert f"]({path.name}#events)" in (DOCS / "events.md").read_text(encoding="utf-8")
    docs = documented(path, section)
    assert docs.keys() == kinds_of.keys()
    effects = ability_fields()
    for kind, td in kinds_of.items():
        keys = (td.__required_keys__ | td.__optional_keys__) - {"kind", "action"}
        if kind == "ability":  # its row names the fields every ability has; the table of effects the others
            assert keys == docs[kind] | set().union(*effects.values()), kind
            continue
        always = {f for f in docs[kind] if not f.startswith("+")}
        assert always <= keys <= always | {f[1:] for f in docs[kind] - always}, (kind, docs[kind], keys)


@pytest.mark.parametrize(("module", "table", "kinds_of"), [
    (ufs_narrate, "PHRASES", UFS_KINDS),
    (monstros_narrate, "SENTENCES", MONSTROS_KINDS),
], ids=["ufs", "monstros"])
def test_each_narrator_has_one_function_per_kind_typed_with_it(module: Any, table: str,
                                                               kinds_of: dict[str, Any]) -> None:
    functions = getattr(module, table)
    assert functions.keys() == kinds_of.keys()
    for kind, function in functions.items():
        event_type = next(iter(typing.get_type_hints(function).values()))  # the first parameter's
        assert event_type is kinds_of[kind], (kind, function.__name__, event_type)
