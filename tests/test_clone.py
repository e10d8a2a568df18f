"""``clone()`` copies every field of a state: both Under Falling Skies editions and Monstros.

The fields are read from the state class's ``__slots__`` (its bases' included), so a field added
later is checked too: ``clone()`` must copy it (an unset slot fails here), as a value of its own
(a list the clone shares with the original fails here), unless it is named below as deliberately
shared or reset. A new field that should be shared has to be added to those lists by name.

Then a legal action is applied to the clone, and the original must not have changed (and the
other way round).
"""

from __future__ import annotations

import copy
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import soloboard
from soloboard.core.chance import sample_outcome
from soloboard.monstros.state import MonstrosState
from soloboard.ufs import serialize as ufs_serialize
from soloboard.ufs.campaign import custom, plugins
from soloboard.ufs.state import UFSState

PLUGIN_DIR = Path(__file__).parent / "plugins"

# Fields a clone deliberately shares with its original: tables nothing changes while a game runs, and
# values the engine only ever replaces, never changes in place.
SHARED: dict[type, frozenset[str]] = {
    UFSState: frozenset({
        "game", "rules", "layout", "base", "sky",  # the game and its component tables
        "origin",  # the position a history-less save started from: never changed
    }),
    MonstrosState: frozenset({
        "game", "deck",  # the game and its card tables
        "legal",  # the legal actions at a decision: replaced, never changed in place
        "origin",  # the position a history-less state starts from: never changed
    }),
}
# Fields a clone starts afresh, with the value it gets: a clone never records events (a preview
# switches its own clone on).
RESET: dict[type, dict[str, Any]] = {
    UFSState: {"_ev": None},
    MonstrosState: {"_ev": None},
}
MUTABLE = (list, dict, set, bytearray)


def slots(cls: type) -> list[str]:
    """Every slot of ``cls`` and its bases."""
    names: list[str] = []
    for klass in cls.__mro__:
        # a class compiled with mypyc (docs/speed.md) lists its fields in __mypyc_attrs__, not __slots__
        declared = klass.__dict__.get("__slots__") or klass.__dict__.get("__mypyc_attrs__", ())
        for name in (declared,) if isinstance(declared, str) else declared:
            if name not in names and name not in ("__dict__", "__weakref__"):
                names.append(name)
    return names


def mutable_parts(value: Any) -> Iterator[Any]:
    """The mutable containers in ``value``, itself included, at any depth of lists, tuples and dicts."""
    if isinstance(value, MUTABLE):
        yield value
    if isinstance(value, (list, tuple, set)):
        for item in value:
            yield from mutable_parts(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from mutable_parts(item)


def check_clone(state: Any) -> Any:
    """The clone of ``state``, after checking it field by field."""
    cls = type(state)
    clone = state.clone()
    assert type(clone) is cls
    names = slots(cls)
    shared, reset = SHARED[cls], RESET[cls]
    assert shared <= set(names) and set(reset) <= set(names), "a listed field is no slot any more"
    for name in names:
        assert hasattr(clone, name), f"clone() leaves {cls.__name__}.{name} unset"
        mine, theirs = getattr(state, name), getattr(clone, name)
        if name in reset:
            assert theirs == reset[name], f"{name}: {theirs!r}, not {reset[name]!r}"
        elif name in shared:
            assert theirs is mine, f"{name} is shared, not copied"
        else:
            assert theirs == mine, f"{cls.__name__}.{name}: the clone has {theirs!r}, the original {mine!r}"
            ours = {id(part) for part in mutable_parts(mine)}
            common = [part for part in mutable_parts(theirs) if id(part) in ours]
            assert not common, (f"{cls.__name__}.{name}: the clone shares {common[0]!r} with the original "
                                "(copy it, or list the field in SHARED)")
    return clone


def snapshot(state: Any) -> dict[str, Any]:
    """Every field's value, deep-copied (the shared tables by identity: they never change)."""
    cls = type(state)
    return {name: getattr(state, name) if name in SHARED[cls] else copy.deepcopy(getattr(state, name))
            for name in slots(cls) if hasattr(state, name)}


def unchanged(state: Any, before: dict[str, Any]) -> None:
    cls = type(state)
    for name, value in before.items():
        now = getattr(state, name)
        if name in SHARED[cls]:
            assert now is value, f"{name} was replaced"
        else:
            assert now == value, f"{cls.__name__}.{name} changed from {value!r} to {now!r}"


def some_action(state: Any, rng: random.Random) -> int:
    return sample_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())


def check_game(new_state: Callable[[], Any], games: int, seed: int) -> int:
    """Random games from ``new_state()``; at every position the clone is checked. The positions seen."""
    rng = random.Random(seed)
    seen = 0
    for _game in range(games):
        state = new_state()
        while True:
            clone = check_clone(state)
            seen += 1
            if state.is_terminal():
                break
            before = snapshot(state)
            clone.apply_action(some_action(clone, rng))
            unchanged(state, before)  # the clone moved on alone
            other = check_clone(state)
            kept = snapshot(other)
            state.apply_action(some_action(state, rng))
            unchanged(other, kept)  # and the original moves on alone
    return seen


UFS_SETUPS = [
    ("ufs", {"city": "roswell", "threat": 2}),
    ("ufs", {"city": "new-york", "side": "blue", "threat": 1}),
    ("ufs", {"city": "new-york", "side": "damaged", "threat": 0}),
    ("ufs", {"city": "washington", "side": "damaged", "threat": 1}),  # a decision after the first roll
    ("ufs", {"city": "washington", "side": "blue", "threat": 0}),
    ("ufs-pnp", {"level": 0}),
    ("ufs-pnp", {"difficult": "sky-1,sky-3"}),
]


@pytest.mark.parametrize(("name", "params"), UFS_SETUPS,
                         ids=[f"{n}-" + "-".join(map(str, p.values())) for n, p in UFS_SETUPS])
def test_ufs_clone_copies_every_field(name: str, params: dict[str, Any]) -> None:
    game = soloboard.load_game(name, **params)
    assert check_game(game.new_initial_state, games=20, seed=len(name) + len(params)) > 1000


def test_ufs_clone_of_a_position_loaded_without_its_history() -> None:
    game = soloboard.load_game("ufs", city="roswell", threat=1)
    rng = random.Random(5)
    state = game.new_initial_state()
    for _i in range(40):
        state.apply_action(some_action(state, rng))
    position = ufs_serialize.position_dict(state)
    loaded = ufs_serialize.start_from(game, position)
    assert loaded.origin is not None  # a field that is shared: it is checked as such
    assert check_game(lambda: ufs_serialize.start_from(game, position), games=12, seed=6) > 300


@pytest.fixture
def test_plugin(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The TEST plugin (``tests/plugins``): a character with a once-per-game ability."""
    monkeypatch.syspath_prepend(str(PLUGIN_DIR))
    monkeypatch.setenv(plugins.ENV_VAR, "soloboard_test_components:register")
    plugins.unload()
    [info] = plugins.load_plugins(reload=True)
    assert info.error is None, info.error
    yield
    plugins.unload()
    sys.modules.pop("soloboard_test_components", None)


def test_ufs_clone_with_a_once_per_game_ability(test_plugin: None) -> None:
    game = custom.new_game(custom.CustomBattle("roswell", characters={"test-medic": False}))
    assert game.once_abilities
    assert check_game(game.new_initial_state, games=20, seed=7) > 1000


@pytest.mark.parametrize("players", [1, 2, 4, 6])
def test_monstros_clone_copies_every_field(players: int) -> None:
    game = soloboard.load_game("monstros", players=players)
    assert check_game(game.new_initial_state, games=12, seed=players) > 1000


def test_monstros_clone_of_a_position_set_up_without_its_history() -> None:
    game = soloboard.load_game("monstros", players=2, five_removal="forced-only")
    rng = random.Random(8)

    def midway() -> Any:
        state = game.new_initial_state()
        for _i in range(30):
            state.apply_action(some_action(state, rng))
        state._set_origin()  # as a position built without its history is (tests/monstros_helpers.py)
        return state

    assert midway().origin is not None
    assert check_game(midway, games=12, seed=9) > 300


def test_a_recording_state_gives_a_clone_that_does_not_record() -> None:
    for name in ("ufs", "monstros"):
        state = soloboard.load_game(name).new_initial_state()
        state.record_events()
        assert state._ev is not None
        assert check_clone(state)._ev is None
