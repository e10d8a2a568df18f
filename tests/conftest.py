"""Shared helpers for the Under Falling Skies rules tests.

Positions are built through the public save format: a ``soloboard-state`` JSON object
with a ``position`` and no ``history`` (see ``soloboard.ufs.serialize``). Every number the
tests rely on is copied into the tests themselves; nothing here reads ``/work/shared``.

Coordinates used throughout the tests:

- sky cells are ``(row, col)``: rows 1..16 from the mothership down to the city, row 0 is
  where the mothership's drop points start; col 0..4 = columns a..e;
- base spaces are named like ``"c3"`` (column a..e, base row 0..5; row 0 = the AA guns).
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import soloboard
from soloboard.core.chance import sample_outcome
from soloboard.ufs import actions as A
from soloboard.ufs import serialize
from soloboard.ufs.render import sky_symbol

# the browser tests' fixtures (a live server, Debian's chromium): tests/conftest_web.py
pytest_plugins = ("conftest_web",)

CITIES = ("roswell", "new-york", "washington")
COLS = 5
SKY_ROWS = 16

# action ids (copied from the notation table in soloboard.ufs.actions)
USE, DISCARD, DIG, REMOVE, INSTALL, DONE, SPAWN, SKIP = 360, 390, 420, 450, 480, 510, 511, 516
NUM_ACTIONS = 517


@pytest.fixture(autouse=True)
def _private_autosave_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test writes autosaves into the real home folder (tests may point it elsewhere)."""
    monkeypatch.setenv("SOLOBOARD_HOME", str(tmp_path_factory.mktemp("soloboard-home")))
    # nor into the real store (games, reports, campaigns)
    monkeypatch.setenv("SOLOBOARD_STORE", str(tmp_path_factory.mktemp("soloboard-store") / "store.sqlite3"))


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The terminal follows the machine's locale: tests expect English whatever LANG says (tests of
    the languages set their own), and a test that switched the language leaves English behind."""
    from soloboard.i18n import set_language

    monkeypatch.setenv("SOLOBOARD_LANG", "en")
    yield
    set_language("en")


# --- the store on both its backends (SQLite, PostgreSQL: tests/pg_support.py) -------------------------

@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """A PostgreSQL database the tests make their stores in: ``$SOLOBOARD_TEST_PG`` (a URL), else a
    server of the session's own from Debian's binaries; missing binaries fail the test, saying what to run."""
    import os

    from pg_support import MISSING, Cluster, server_binaries

    given = os.environ.get("SOLOBOARD_TEST_PG", "")
    if given.startswith(("postgresql://", "postgres://")):
        yield given
        return
    if server_binaries() is None:
        pytest.fail(MISSING)
    cluster = Cluster().start()
    try:
        yield cluster.url
    finally:
        cluster.stop()


@pytest.fixture(params=["sqlite", "postgres"])
def store_target(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    """A new store's address, once on SQLite and once on PostgreSQL (the tests of the store itself)."""
    from pg_support import store_at

    return store_at(request.param, tmp_path, request)


# --- building positions -----------------------------------------------------------------

@pytest.fixture
def campaign_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Callable[..., str]:
    """``soloboard campaign ...`` with a store of the test's own: ``campaign_cli("new", "Name")``
    returns what it printed (and checks its exit code, 0 unless ``code=`` says otherwise)."""
    from soloboard.cli.main import main

    store = str(tmp_path / "store.sqlite3")

    def call(*argv: str, code: int = 0) -> str:
        got = main(["campaign", "--store", store, *argv])
        out, err = capsys.readouterr()
        assert got == code, (argv, out, err)
        return out + err

    return call


@pytest.fixture
def test_plugin(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The test plugin (tests/plugins: components made up for the tests), loaded as a plugin through
    ``$SOLOBOARD_PLUGINS``; everything it added is forgotten afterwards."""
    from soloboard.ufs.campaign import plugins

    monkeypatch.syspath_prepend(str(Path(__file__).parent / "plugins"))
    monkeypatch.setenv(plugins.ENV_VAR, "soloboard_test_components:register")
    plugins.unload()
    [info] = plugins.load_plugins(reload=True)
    assert info.error is None, info.error
    try:
        yield info
    finally:
        plugins.unload()


def _sky_rows(ships: Mapping[tuple[int, int], str]) -> list[str]:
    rows = [["."] * COLS for _ in range(SKY_ROWS + 1)]
    for (row, col), ship in ships.items():
        assert ship in ("P", "W"), ship
        assert rows[row][col] == ".", f"two ships on ({row}, {col})"
        rows[row][col] = ship
    return ["".join(r) for r in rows]


def position_payload(
    *,
    city: str = "roswell",
    sky: str = "EEEE",
    unidentified_action: str = "damage",
    phase: str = "place",
    round: int = 1,
    ms: int = 0,
    ships: Mapping[tuple[int, int], str] | None = None,
    waiting_purple: int | None = None,
    waiting_white: int = 0,
    white_supply: int | None = None,
    research: int = 0,
    energy: int | None = None,
    damage: int = 0,
    excavator: str | None = None,
    dice: Mapping[str, int] | None = None,
    robots: Mapping[str, int | tuple[int, bool]] | None = None,
    gray: Iterable[int] = (),
    white: Iterable[int] = (),
    columns_used: str | None = None,
    dig_die: str | None = None,
    to_roll: tuple[int, int] | None = None,
    install_value: int | None = None,
    spawn_options: str | None = None,
    result: str | None = None,
    loss_cause: str | None = None,
) -> dict[str, Any]:
    """The save-file dict of a hand-made position (history-less).

    ``ships`` defaults to the start: a purple ship on each drop point (row ``ms``).
    Waiting purple ships and the white supply default to what conserves the ships
    (5 purple in all; 4 white = board + waiting + supply). ``energy`` and ``excavator``
    default to the city's start. ``columns_used`` defaults to the columns holding dice.
    ``robots`` maps a space to a value or to ``(value, exhausted)``.
    """
    game = soloboard.load_game("ufs", city=city, sky=sky, unidentified_action=unidentified_action)
    start = serialize.position_dict(game.new_initial_state())
    if ships is None:
        ships = {(ms, c): "P" for c in range(COLS)}
    rows = _sky_rows(ships)
    on_board_p = sum(r.count("P") for r in rows)
    on_board_w = sum(r.count("W") for r in rows)
    if waiting_purple is None:
        waiting_purple = 5 - on_board_p
    if white_supply is None:
        white_supply = 4 - on_board_w - waiting_white
    dice = dict(dice or {})
    if columns_used is None:
        columns_used = "".join(sorted({name[0] for name in dice}))
    robot_dict = {}
    for name, spec in (robots or {}).items():
        value, exhausted = spec if isinstance(spec, tuple) else (spec, False)
        robot_dict[name] = {"value": value, "exhausted": exhausted}
    position: dict[str, Any] = {
        "phase": phase,
        "round": round,
        "sky_sides": list(start["sky_sides"]),
        "mothership_row": ms,
        "sky": rows,
        "waiting": {"purple": waiting_purple, "white": waiting_white},
        "white_supply": white_supply,
        "research": research,
        "energy": start["energy"] if energy is None else energy,
        "damage": damage,
        "excavator": start["excavator"] if excavator is None else excavator,
        "dice": dice,
        "robots": robot_dict,
        "unplaced": {"gray": sorted(gray), "white": sorted(white)},
        "columns_used": columns_used,
        "dig_die": dig_die,
        "result": result,
        "loss_cause": loss_cause,
    }
    if to_roll is not None:
        position["to_roll"] = {"gray": to_roll[0], "white": to_roll[1]}
    if install_value is not None:
        position["install_value"] = install_value
    if spawn_options is not None:
        position["spawn_options"] = list(spawn_options)
    return {
        "format": "soloboard-state",
        "version": 1,
        "game": "ufs",
        "params": game.parameters(),
        "position": position,
    }


def make_position(**kwargs: Any) -> Any:
    """A state loaded from a hand-made position; see :func:`position_payload` for the fields."""
    return soloboard.state_from_json(json.dumps(position_payload(**kwargs)))


def new_state(city: str = "roswell", **params: Any) -> Any:
    return soloboard.load_game("ufs", city=city, **params).new_initial_state()


# --- reading and moving a state ------------------------------------------------------------

def pos(state: Any) -> dict[str, Any]:
    """The public position dict of a state (the ``position`` part of its save)."""
    return serialize.position_dict(state)


def ship_at(state: Any, row: int, col: int) -> str:
    """'P', 'W' or '.' for a sky cell (row 0..16, col 0..4)."""
    return pos(state)["sky"][row][col]


def ships_on_board(state: Any) -> dict[tuple[int, int], str]:
    return {
        (r, c): ch for r, line in enumerate(pos(state)["sky"]) for c, ch in enumerate(line) if ch != "."
    }


def symbol(state: Any, row: int, col: int) -> str:
    """What is printed on a sky cell: '.', '<', '>', 'M' or 'Xn'."""
    return sky_symbol(state.sky.cell[row * COLS + col])


def space(name: str) -> int:
    """The space number of a base space name ('c3' -> 17)."""
    return A.parse_space(name)


def room_index(state: Any, name: str) -> int:
    """The index of the room on a base space (for ``state.room_value``)."""
    index = state.base.room_of[A.parse_space(name)]
    assert index >= 0, f"{name} is not a room"
    return index


def strings(state: Any, actions: Iterable[int] | None = None) -> list[str]:
    acts = state.legal_actions() if actions is None else actions
    return [state.action_to_string(a) for a in acts]


def play(state: Any, *moves: str) -> Any:
    """Apply moves written in the notation ('G5c3', 'use b2', 'roll G135 W26', 'done')."""
    for move in moves:
        state.apply_action(state.string_to_action(move))
    return state


def told(state: Any, kind: str) -> list[dict[str, Any]]:
    """The events of ``kind`` the last action caused, without their ``kind`` and ``action`` keys."""
    return [{k: v for k, v in e.items() if k not in ("kind", "action")}
            for e in state.last_events() if e["kind"] == kind]


def is_legal(state: Any, move: str) -> bool:
    return state.string_to_action(move) in state.legal_actions()


# --- random play -----------------------------------------------------------------------------

def eager_policy(state: Any, rng: random.Random) -> int:
    """Random legal play that mostly uses rooms, digs and installs robots (reaches deeper states)."""
    acts = state.legal_actions()
    useful = [a for a in acts if USE <= a < DISCARD or DIG <= a < REMOVE or INSTALL <= a < DONE]
    if useful and rng.random() < 0.9:
        return rng.choice(useful)
    return rng.choice(acts)


def uniform_policy(state: Any, rng: random.Random) -> int:
    return rng.choice(state.legal_actions())


def research_policy(state: Any, rng: random.Random) -> int:
    """Eager play that mostly puts its highest die on an excavated research room (it wins sometimes)."""
    if state.phase_name == "place" and rng.random() < 0.7:
        base = state.base
        options = []
        for a in state.legal_actions():
            if a >= USE:
                continue
            _color, value, s = A.decode_place(a)
            room = base.room_of[s]
            if room >= 0 and base.rooms[room].type == "research" and state.is_excavated(s):
                options.append((value, a))
        if options:
            top = max(v for v, _ in options)
            return rng.choice([a for v, a in options if v == top])
    return eager_policy(state, rng)


POLICIES = {"uniform": uniform_policy, "eager": eager_policy, "research": research_policy}


def play_random(
    seed: int,
    city: str = "roswell",
    threat: int = 0,
    *,
    policy: str = "uniform",
    on_step: Callable[[Any, int], None] | None = None,
    max_steps: int = 5000,
    state: Any = None,
) -> Any:
    """Play one game with random legal moves (and correctly weighted chance outcomes).

    ``policy`` is "uniform", "eager" or "research" (see the policies above); ``state`` starts
    from a given position instead of a new game. ``on_step(state, action)`` is called after
    every action. Returns the final state.
    """
    if state is None:
        state = new_state(city, threat=threat)
    rng = random.Random(seed)
    choose = POLICIES[policy]
    for _ in range(max_steps):
        if state.is_terminal():
            return state
        action = sample_outcome(state, rng) if state.is_chance_node() else choose(state, rng)
        state.apply_action(action)
        if on_step is not None:
            on_step(state, action)
    raise AssertionError(f"game {seed} ({city}, threat {threat}) did not end within {max_steps} actions")


def place_action(color: str, value: int, space: str) -> int:
    return A.place_action("GW".index(color), value, A.parse_space(space))


@pytest.fixture
def roswell_start() -> Any:
    """Roswell, easy sky, round 1: dice G135 W26 rolled, nothing placed yet."""
    return play(new_state("roswell", threat=0), "roll G135 W26")


class Typist:
    """Types ``lines`` at the prompts (then ends the input: EOFError), recording the prompts."""

    def __init__(self, *lines: str) -> None:
        self.lines = list(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


# --- the repository's tools (tools/*.py are scripts, not a package) ---------------------------------

def load_tool(name: str) -> ModuleType:
    """``tools/<name>.py`` loaded as a module (registered under ``name``, so its dataclasses resolve)."""
    path = Path(__file__).resolve().parents[1] / "tools" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
