"""The shared game API, for every game: what OpenSpiel users look for, and how bad input is refused.

Conventions under test are listed in ``soloboard/core/api.py``: action ids, chance
outcomes at decision nodes, ``legal_actions_mask``, equality and hashing of positions,
the game facts (players, utilities, ``max_game_length``), ``load_game`` and
``state_from_json`` refusals, the one-way dependencies of the state modules,
``soloboard --version`` and a light ``import soloboard``.
"""

from __future__ import annotations

import ast
import io
import json
import random
import subprocess
import sys
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import soloboard
from soloboard import IllegalActionError, InvalidSaveError

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "soloboard"

# every game, and the variants whose numbering or flow differ (a city ability's decisions, seats)
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("ufs", {}),
    ("ufs", {"city": "washington", "side": "damaged", "threat": 2}),
    ("ufs-pnp", {}),
    ("monstros", {"players": 1}),
    ("monstros", {"players": 3, "difficulty": "epico"}),
]
IDS = [f"{name}-{'-'.join(str(v) for v in params.values()) or 'default'}" for name, params in GAMES]
NOT_ACTIONS: list[Any] = ["5", "play pa", 5.0, 0.0, None, True, False, [1], (2,), object()]

Policy = Callable[[Any, random.Random], int]


def uniform(state: Any, rng: random.Random) -> int:
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def chance(state: Any, rng: random.Random) -> int:
    outcomes = state.chance_outcomes()
    return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]


def walk(game: Any, seed: int, policy: Policy = uniform) -> Iterator[Any]:
    """Every state of one game, the end included (the same object, moved on after each yield)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while True:
        yield state
        if state.is_terminal():
            return
        state.apply_action(chance(state, rng) if state.is_chance_node() else policy(state, rng))


def play_out(game: Any, seed: int, policy: Policy = uniform) -> Any:
    """The end of one game."""
    *_, end = walk(game, seed, policy)
    return end


def snapshot(state: Any) -> tuple[Any, ...]:
    return state.history(), state.game.position_dict(state)


def first(game: Any, seed: int, test: Callable[[Any], bool]) -> Any:
    for state in walk(game, seed):
        if test(state):
            return state.clone()
    raise AssertionError("no such state in the game")


def decision(state: Any) -> bool:
    return not state.is_chance_node() and not state.is_terminal()


# --- chance outcomes, action ids, the mask ------------------------------------------------------

@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_chance_outcomes_are_empty_at_decision_nodes_and_ids_are_in_range(name: str, params: dict) -> None:
    game = soloboard.load_game(name, **params)
    actions, outcomes = game.num_distinct_actions(), game.max_chance_outcomes()
    kinds = set()
    for seed in range(12):
        for state in walk(game, seed):
            kinds.add("terminal" if state.is_terminal() else "chance" if state.is_chance_node() else "decision")
            if state.is_chance_node():
                chances = state.chance_outcomes()
                assert chances and abs(sum(p for _, p in chances) - 1.0) < 1e-9
                assert all(0 <= a < outcomes and p > 0 for a, p in chances)
                assert state.legal_actions() == [a for a, _ in chances]
            else:
                assert state.chance_outcomes() == []
                legal = state.legal_actions()
                assert all(type(a) is int and 0 <= a < actions for a in legal)
                assert (legal == []) == state.is_terminal()
    assert kinds == {"terminal", "chance", "decision"}


@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_legal_actions_mask_is_openspiels(name: str, params: dict) -> None:
    game = soloboard.load_game(name, **params)
    for seed in range(4):
        for state in walk(game, seed):
            mask = state.legal_actions_mask()
            size = game.max_chance_outcomes() if state.is_chance_node() else game.num_distinct_actions()
            assert len(mask) == size and set(mask) <= {0, 1}
            assert [i for i, bit in enumerate(mask) if bit] == sorted(state.legal_actions())
    assert state.is_terminal() and not any(state.legal_actions_mask())


@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_a_non_int_action_is_refused_and_changes_nothing(name: str, params: dict) -> None:
    game = soloboard.load_game(name, **params)
    for where in (decision, lambda s: s.is_chance_node()):
        state = first(game, 3, where)
        before = snapshot(state)
        limit = game.max_chance_outcomes() if state.is_chance_node() else game.num_distinct_actions()
        for bad in NOT_ACTIONS:
            with pytest.raises(IllegalActionError, match=rf"is not an action.*0\.\.{limit - 1}") as info:
                state.apply_action(bad)
            assert info.value.rule == "action numbering"
            assert repr(bad) in str(info.value)
            with pytest.raises(IllegalActionError):
                state.action_to_string(bad)
        assert snapshot(state) == before


def test_bool_is_refused_even_where_its_int_value_is_legal() -> None:
    game = soloboard.load_game("ufs", city="roswell")
    state = first(game, 0, lambda s: decision(s) and 1 in s.legal_actions())  # 1: "G1b0" is legal
    with pytest.raises(IllegalActionError, match="True is not an action"):
        state.apply_action(True)
    state.apply_action(1)


class Index:
    """An integer-like object, as NumPy integers are: it has ``__index__``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_integer_like_actions_are_stored_as_int(name: str, params: dict) -> None:
    np = pytest.importorskip("numpy")
    game = soloboard.load_game(name, **params)
    state = game.new_initial_state()
    rng = random.Random(5)
    for step in range(40):
        if state.is_terminal():
            break
        action = chance(state, rng) if state.is_chance_node() else uniform(state, rng)
        state.apply_action(np.int64(action) if step % 2 else Index(action))
        assert type(state.history()[-1]) is int and state.history()[-1] == action
    assert soloboard.state_from_json(state.to_json()) == state


@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_ids_outside_the_numbering_are_refused_quoting_its_range(name: str, params: dict) -> None:
    game = soloboard.load_game(name, **params)
    n = game.num_distinct_actions()
    state = first(game, 1, decision)
    before = snapshot(state)
    for bad in (n, n + 7, -1, 10**9):
        with pytest.raises(IllegalActionError, match=rf"^{bad} is not an action.*\(valid ids: 0\.\.{n - 1}\)$"):
            state.apply_action(bad)
        with pytest.raises(IllegalActionError, match=rf"valid ids: 0\.\.{n - 1}\)$"):
            state.action_to_string(bad)
    assert snapshot(state) == before
    chance_state = first(game, 1, lambda s: s.is_chance_node())
    m = game.max_chance_outcomes()
    with pytest.raises(IllegalActionError, match=rf"{m} is not a chance outcome.*0\.\.{m - 1}"):
        chance_state.action_to_string(m)


def test_the_boxed_game_refuses_the_ids_only_other_editions_and_cities_use() -> None:
    boxed = soloboard.load_game("ufs", city="roswell")
    assert boxed.num_distinct_actions() == 517
    assert soloboard.load_game("ufs-pnp").num_distinct_actions() == 522  # "spawn red c": 517..521
    assert soloboard.load_game("ufs", city="washington", side="damaged").num_distinct_actions() == 535
    phases = set()
    for seed in range(6):
        for state in walk(boxed, seed):
            if not decision(state):
                continue
            phases.add(state.phase_name)
            for action in (517, 521, 534):
                with pytest.raises(IllegalActionError, match=r"valid ids: 0\.\.516\)"):
                    state.clone().apply_action(action)
                with pytest.raises(IllegalActionError, match=r"valid ids: 0\.\.516\)"):
                    state.action_to_string(action)
    assert {"place", "rooms", "spawn"} <= phases


def test_notation_of_another_edition_or_city_is_not_read_as_a_move() -> None:
    boxed = first(soloboard.load_game("ufs", city="roswell"), 0, decision)
    for text in ("spawn white a", "six G3", "no six"):
        with pytest.raises(ValueError, match=rf"'{text}' is not a move of this game \(Under Falling Skies"):
            boxed.string_to_action(text)
    pnp = first(soloboard.load_game("ufs-pnp"), 0, decision)
    assert pnp.string_to_action("spawn red a") == 517 < pnp.game.num_distinct_actions()
    washington = first(soloboard.load_game("ufs", city="washington", side="damaged"), 0, decision)
    assert washington.string_to_action("no six") == 534 < washington.game.num_distinct_actions()


# --- load_game, state_from_json -----------------------------------------------------------

@pytest.mark.parametrize("name", soloboard.game_names())
def test_load_game_refuses_unknown_parameters_listing_the_valid_ones(name: str) -> None:
    valid = soloboard.game_parameters(name)
    assert valid
    with pytest.raises(ValueError, match=r"unknown parameter 'bogus' for .*valid parameters: ") as info:
        soloboard.load_game(name, bogus=1)
    assert not isinstance(info.value, IllegalActionError)
    assert all(p in str(info.value) for p in valid)
    with pytest.raises(ValueError, match=rf"unknown parameters 'x', '{valid[0]}x' \(did you mean '{valid[0]}'\?\)"):
        soloboard.load_game(name, x=1, **{valid[0] + "x": 1})


def test_game_parameters_are_each_games_keywords() -> None:
    assert soloboard.game_parameters("ufs")[:2] == ["city", "threat"]
    assert soloboard.game_parameters("ufs-pnp") == ["level", "difficult", "energy_rule"]
    assert soloboard.game_parameters("monstros") == ["players", "difficulty", "deck", "five_removal"]


@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_state_from_json_names_a_missing_game_field_and_unknown_parameters(name: str, params: dict) -> None:
    game = soloboard.load_game(name, **params)
    state = first(game, 2, decision)
    data = json.loads(state.to_json())
    no_game = {k: v for k, v in data.items() if k != "game"}
    with pytest.raises(InvalidSaveError, match=r"the save has no 'game' field naming its game \(valid games: "):
        soloboard.state_from_json(json.dumps(no_game))
    extra = {**data, "params": {**data["params"], "colour": "red"}}
    with pytest.raises(InvalidSaveError, match=r"unknown parameter 'colour' .*valid parameters: "):
        soloboard.state_from_json(json.dumps(extra))
    assert soloboard.state_from_json(json.dumps(data)) == state


# --- what OpenSpiel users look for ------------------------------------------------------------

@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_games_and_states_have_the_whole_api(name: str, params: dict) -> None:
    game = soloboard.load_game(name, **params)
    state = game.new_initial_state()
    assert isinstance(game, soloboard.Game) and isinstance(state, soloboard.State)
    assert game.num_players() == params.get("players", 1)
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    results = set()
    for seed in range(20):
        returns = play_out(game, seed).returns()
        assert len(returns) == game.num_players() and len(set(returns)) == 1
        results.add(returns[0])
    assert results <= {game.min_utility(), game.max_utility()} and game.min_utility() in results


def stalling(state: Any, rng: random.Random) -> int:
    """A policy that makes games long: it ends a phase ("done", "skip") only when it must and
    prefers removing and installing robots (the actions a round can repeat)."""
    legal = state.legal_actions()
    words = {a: state.action_to_string(a).split()[0] for a in legal}
    busy = [a for a in legal if words[a] in ("remove", "install", "use", "discard", "dig")]
    if busy and rng.random() < 0.9:
        return rng.choice(busy)
    going = [a for a in legal if words[a] not in ("done", "skip")]
    return rng.choice(going or legal)


@pytest.mark.parametrize(("name", "params"), [
    ("ufs", {"city": "roswell", "threat": 0}),
    ("ufs", {"city": "roswell", "threat": 4, "side": "damaged"}),
    ("ufs", {"city": "new-york", "threat": 2}),
    ("ufs", {"city": "new-york", "side": "damaged", "sky": "TTEE"}),
    ("ufs", {"city": "washington", "threat": 1}),
    ("ufs", {"city": "washington", "side": "damaged", "threat": 3}),
    ("ufs-pnp", {"energy_rule": "max"}),
    ("ufs-pnp", {"energy_rule": "add"}),
])
def test_max_game_length_bounds_every_game_played(name: str, params: dict) -> None:
    game = soloboard.load_game(name, **params)
    bound = game.max_game_length()
    assert isinstance(bound, int)
    # the bound is (set-up draw) + rounds * (actions in one round): check both parts, not only the total
    setup = int(game.fixed_sides is None)
    skies = [game.fixed_sides] if game.fixed_sides else [game.sides_for_mask(m) for m in game.setup_masks()]
    skull_row = max(game.layout(sides).sky.skull_row for sides in skies)
    longest = busiest = most_rounds = 0
    for seed in range(60):
        for policy in (uniform, stalling):
            per_round: dict[int, int] = {}
            for state in walk(game, seed, policy):
                if not state.is_terminal() and state.phase_name != "setup":
                    per_round[state.round] = per_round.get(state.round, 0) + 1
            longest = max(longest, len(state.history()))
            busiest = max(busiest, *per_round.values())
            most_rounds = max(most_rounds, state.round)
    assert longest <= bound, f"a game took {longest} actions, more than max_game_length() = {bound}"
    assert most_rounds <= skull_row
    assert busiest <= (bound - setup) // skull_row, f"a round took {busiest} actions"


@pytest.mark.parametrize("players", range(1, 7))
def test_monstros_has_no_max_game_length(players: int) -> None:
    game = soloboard.load_game("monstros", players=players)
    assert game.max_game_length() is None
    assert "no bound" in type(game).max_game_length.__doc__


# --- equality and hashing ---------------------------------------------------------------------

def transposition(game: Any, seeds: range) -> tuple[Any, Any]:
    """Two states reached by different histories whose saved positions are the same."""
    for seed in seeds:
        for state in walk(game, seed):
            if not decision(state):
                continue
            legal = state.legal_actions()[:12]
            for a in legal:
                for b in legal:
                    if a >= b:
                        continue
                    ends = []
                    for x, y in ((a, b), (b, a)):
                        s = state.clone()
                        s.apply_action(x)
                        if not decision(s) or y not in s.legal_actions():
                            break
                        s.apply_action(y)
                        ends.append(s)
                    if len(ends) == 2 and game.position_dict(ends[0]) == game.position_dict(ends[1]):
                        return ends[0], ends[1]
    raise AssertionError("no transposition found")


@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_equal_positions_compare_equal_and_hash_alike(name: str, params: dict) -> None:
    game = soloboard.load_game(name, **params)
    one, other = transposition(game, range(10))
    assert one.history() != other.history()
    assert one == other and hash(one) == hash(other)
    assert len({one, other}) == 1 and {one: "x"}[other] == "x"
    assert json.loads(one.to_json())["position"] == json.loads(other.to_json())["position"]
    # a state equals its clone and a save of itself; it differs from where it came from
    assert one.clone() == one and hash(one.clone()) == hash(one)
    assert soloboard.state_from_json(one.to_json()) == one
    start = game.new_initial_state()
    assert start != one and start == game.new_initial_state()
    assert one != "a string" and (one == 3) is False


@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_the_hash_follows_the_position_as_the_state_moves(name: str, params: dict) -> None:
    game = soloboard.load_game(name, **params)
    state = first(game, 4, decision)
    kept = state.clone()
    table = {kept: "before"}
    before = hash(state)
    state.apply_action(state.legal_actions()[0])
    assert hash(state) != before and state != kept
    assert table[kept] == "before" and state not in table  # a clone keeps its place in a dict


def test_positions_of_different_games_or_parameters_differ() -> None:
    states = [soloboard.load_game(name, **params).new_initial_state() for name, params in [
        ("ufs", {"city": "roswell"}), ("ufs", {"city": "roswell", "unidentified_action": "none"}),
        ("ufs", {"city": "new-york"}), ("ufs-pnp", {}), ("monstros", {"players": 1}),
        ("monstros", {"players": 2}),
    ]]
    for i, a in enumerate(states):
        for b in states[i + 1:]:
            assert a != b


# --- the state modules do not know how they are drawn or saved --------------------------------

STATE_MODULES = ["ufs/state.py", "monstros/state.py"]
NEVER = ("render", "serialize", "refusals")  # modules that read states
RUNTIME_NEVER = (*NEVER, "game")  # the game module knows the state module, not the other way


def imports(path: Path) -> list[tuple[str, bool]]:
    """Every module the file imports, anywhere in it, with whether only for type checking."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            typing_only.update(id(n) for child in node.body for n in ast.walk(child))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((alias.name, id(node) in typing_only) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            found.append((base, id(node) in typing_only))
            found.extend((f"{base}.{alias.name}", id(node) in typing_only) for alias in node.names)
    return found


@pytest.mark.parametrize("module", STATE_MODULES)
def test_state_modules_import_neither_their_renderers_nor_their_serializers(module: str) -> None:
    found = imports(SRC / module)
    assert found, "the import scan found nothing: is the path right?"
    package = module.split("/")[0]
    for name, typing_only in found:
        last = name.rsplit(".", 1)[-1]
        if name.startswith(f"soloboard.{package}"):
            assert last not in NEVER, f"{module} imports {name}"
            assert typing_only or last not in RUNTIME_NEVER, f"{module} imports {name} at run time"


def test_the_scan_sees_imports_inside_functions(tmp_path: Path) -> None:
    source = tmp_path / "state.py"
    source.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from soloboard.ufs.game import G\n"
        "def f():\n    from soloboard.ufs.render import render_text\n"
    )
    assert ("soloboard.ufs.render.render_text", False) in imports(source)
    assert ("soloboard.ufs.game", True) in imports(source)


def test_importing_a_state_module_loads_no_renderer_or_serializer() -> None:
    code = (
        "import sys, soloboard.ufs.state, soloboard.monstros.state\n"
        "print(sorted(m for m in sys.modules if m.split('.')[-1] in ('render', 'serialize', 'refusals', 'game')"
        " or m == 'rich'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_to_json_str_and_rich_still_work_through_the_game(name: str, params: dict) -> None:
    game = soloboard.load_game(name, **params)
    state = first(game, 6, lambda s: decision(s) and len(s.history()) > 15)
    assert state.to_json() == game.state_to_json(state)
    assert str(state) == game.state_to_text(state) and len(str(state).splitlines()) > 5
    console = Console(file=io.StringIO(), width=120, color_system=None)
    console.print(state)
    assert len(console.file.getvalue().splitlines()) > 5


# --- the package --------------------------------------------------------------------------------

def test_version_is_the_packages_and_the_command_prints_it(capsys: pytest.CaptureFixture[str]) -> None:
    from soloboard.cli.main import main

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert soloboard.__version__ == project["version"]
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"soloboard {project['version']}"


def test_import_soloboard_is_light() -> None:
    code = (
        "import sys, soloboard\n"
        "print(sorted(m for m in sys.modules if m.startswith(('soloboard.ufs', 'soloboard.monstros', "
        "'soloboard.cli', 'soloboard.research', 'rich', 'numpy', 'inspect'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
