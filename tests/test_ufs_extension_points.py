"""Two extension points of the campaign (issue 11), shown by the TEST plugin only
(``tests/plugins/soloboard_test_components.py``; made-up components, named as tests):

- an advanced sky tile whose full contents a plugin gives (``sky_tiles=`` of ``load_game``);
- a character's once-per-game ability ("Každá postava má zvláštní schopnost, kterou můžeš
  využít nejvýše jednou za hru": at most once per game), offered while dice are placed.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import soloboard
from soloboard.core.chance import sample_outcome
from soloboard.core.errors import IllegalActionError, InvalidSaveError
from soloboard.ufs import actions as A
from soloboard.ufs import components as C
from soloboard.ufs import narrate, serialize
from soloboard.ufs.campaign import box, custom, plugins
from soloboard.ufs.hooks import ONCE_RULE, RuleHooks
from soloboard.ufs.tables import EMPTY, EXPLOSION, MOTHERSHIP

PLUGIN_DIR = Path(__file__).parent / "plugins"
TILE = "test-advanced-sky"
TILES = ("basic", TILE, "basic", "basic")
CODES = {".": EMPTY, "<": 1, ">": 2, "M": MOTHERSHIP}
COLS = 5


def _clean() -> None:
    plugins.unload()  # everything the plugins added, and what a test registered by hand
    C.unregister_city("test-harbour")
    box.unregister_box("test-box")


@pytest.fixture
def plugin(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The test plugin, loaded through ``$SOLOBOARD_PLUGINS``; its module (for its data)."""
    monkeypatch.syspath_prepend(str(PLUGIN_DIR))
    monkeypatch.setenv(plugins.ENV_VAR, "soloboard_test_components:register")
    _clean()
    [info] = plugins.load_plugins(reload=True)
    assert info.error is None, info.error
    yield sys.modules["soloboard_test_components"]
    _clean()
    sys.modules.pop("soloboard_test_components", None)


def playout(state: Any, rng: random.Random, choose: Any = None) -> Any:
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
        else:
            legal = state.legal_actions()
            state.apply_action(choose(state, legal) if choose else rng.choice(legal))
    return state


def _code(cell: str) -> int:
    return CODES[cell] if cell in CODES else EXPLOSION + int(cell[1:])


# --- A. advanced sky tiles ------------------------------------------------------------------

def test_the_sky_rows_of_height_2_come_from_the_advanced_tile(plugin: Any) -> None:
    data = plugin.TEST_ADVANCED_SKY
    for sky in ("ETEE", "ETTE", "EEEE"):
        basic = soloboard.load_game("ufs", city="roswell", sky=sky).new_initial_state()
        state = soloboard.load_game("ufs", city="roswell", sky=sky, sky_tiles=TILES).new_initial_state()
        side = data["sides"]["threat" if sky[1] == "T" else "easy"]
        for row in side["rows_top_to_bottom"]:
            r = row["sky_row"]
            assert state.sky.cell[r * COLS:(r + 1) * COLS] == [_code(c) for c in row["cells"]]
            action = row["mothership_action"]
            assert state.sky.action[r] == (None if action is None else (action["kind"], action.get("amount", 1)))
        for r in [*range(1, 9), *range(13, 17)]:  # the other heights keep their basic tiles
            assert state.sky.cell[r * COLS:(r + 1) * COLS] == basic.sky.cell[r * COLS:(r + 1) * COLS]
        # the research track: the bottom tile's 4 spaces, then the advanced tile's, then the basic ones above
        costs = state.sky.research_costs
        assert list(costs[5:9]) == side["research_costs_bottom_to_top"]
        assert costs[:5] == basic.sky.research_costs[:5] and costs[9:] == basic.sky.research_costs[9:]
        assert state.sky.skull_row == (11 if sky[1] == "T" else 12)  # the test tile's skull symbol


def test_a_sky_without_a_skull_symbol_is_refused(plugin: Any) -> None:
    """Of the basic tiles only height 2 has the skull; an advanced tile there must bring one."""
    data = json.loads(json.dumps(plugin.TEST_ADVANCED_SKY))
    data["id"] = "test-no-skull"
    data["sides"]["easy"]["rows_top_to_bottom"][3]["mothership_action"] = None
    C.register_sky_tile(data)
    try:
        with pytest.raises(ValueError, match="no skull symbol"):
            soloboard.load_game("ufs", threat=1, sky_tiles=("basic", "test-no-skull", "basic", "basic"))
        assert soloboard.load_game("ufs", threat=4, sky_tiles=("basic", "test-no-skull", "basic", "basic"))
    finally:
        C.unregister_sky_tile("test-no-skull")


def test_random_games_with_the_advanced_tile_play_to_the_end(plugin: Any) -> None:
    game = soloboard.load_game("ufs", city="roswell", threat=2, sky_tiles="basic, test-advanced-sky, basic, basic")
    assert game.sky_tiles == TILES and game.parameters()["sky_tiles"] == list(TILES)
    assert soloboard.load_game("ufs", threat=2, sky_tiles="basic+test-advanced-sky+basic+basic").sky_tiles == TILES
    assert any("Test advanced sky tile" in n for n in game.notices())
    results = set()
    lengths = []
    for seed in range(25):
        state = playout(game.new_initial_state(), random.Random(seed))
        side = state.sky.sides[1]
        rows = {row["sky_row"]: row for row in plugin.TEST_ADVANCED_SKY["sides"][side]["rows_top_to_bottom"]}
        assert all(state.sky.cell[r * COLS:(r + 1) * COLS] == [_code(c) for c in rows[r]["cells"]] for r in rows)
        results.add(state.returns()[0])
        lengths.append(len(state.history()))
    assert results <= {0.0, 1.0} and 0.0 in results
    assert max(lengths) <= game.max_game_length()


def test_an_advanced_tile_saves_loads_and_replays(plugin: Any) -> None:
    game = soloboard.load_game("ufs", city="new-york", side="damaged", threat=1, sky_tiles=TILES)
    rng = random.Random(7)
    state = game.new_initial_state()
    for _ in range(40):  # mid-game
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    for s in (state, playout(state.clone(), rng)):
        data = json.loads(s.to_json())
        assert data["params"]["sky_tiles"] == list(TILES)
        assert data["position"]["sky_tiles"] == list(TILES)
        loaded = soloboard.state_from_json(json.dumps(data))
        assert loaded == s and loaded.sky.cell == s.sky.cell and loaded.game.sky_tiles == TILES
        replay = game.new_initial_state()
        for action in s.history():
            replay.apply_action(action)
        assert replay == s
    # a position alone (no history) carries the tiles too, and a position naming other tiles is refused
    data = json.loads(state.to_json())
    del data["history"], data["history_notation"]
    assert serialize.state_from_dict(data, type(game)).sky.cell == state.sky.cell
    data["position"]["sky_tiles"] = ["basic"] * 4
    with pytest.raises(InvalidSaveError, match="sky_tiles"):
        serialize.state_from_dict(data, type(game))


def test_a_game_with_the_basic_tiles_is_saved_as_before(plugin: Any) -> None:
    game = soloboard.load_game("ufs", city="roswell", threat=1)
    assert game.sky_tiles == ("basic",) * 4 and "sky_tiles" not in game.parameters()
    state = game.new_initial_state()
    assert "sky_tiles" not in serialize.position_dict(state) and "abilities_used" not in serialize.position_dict(state)
    same = soloboard.load_game("ufs", city="roswell", threat=1, sky_tiles=["basic"] * 4)
    assert same.parameters() == game.parameters()


@pytest.mark.parametrize(("tiles", "message"), [
    ("basic,no-such-tile,basic,basic", "unknown sky tile 'no-such-tile'; known: basic, test-advanced-sky"),
    (f"{TILE},basic,basic,basic", "is a tile for height 2, not height 1"),
    ("basic,advanced-sky-2,basic,basic", r"contents of the advanced sky tile for height 2 \(advanced-sky-2\) are not"),
    ("basic,test-sky,basic,basic", r"contents of the Test sky tile \(test-sky\) are not known, only its stars"),
    ("basic,basic", "exactly 4 tiles"),
    (42, "must name 4 tiles"),
])
def test_bad_sky_tiles_are_refused_with_a_clear_message(plugin: Any, tiles: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        soloboard.load_game("ufs", sky_tiles=tiles)


def test_a_tile_whose_data_is_incomplete_is_refused_when_the_plugin_registers_it(plugin: Any) -> None:
    full = plugin.TEST_ADVANCED_SKY
    info = plugins.PluginInfo("t", "test")
    registry = plugins.Registry(info)
    no_threat = {**full, "id": "t1", "sides": {"easy": full["sides"]["easy"]}}
    with pytest.raises(C.DataError, match="incomplete, the threat side is missing"):
        registry.sky_tile(no_threat)
    with pytest.raises(C.DataError, match="incomplete, it has no 'provenance'"):
        registry.sky_tile({k: v for k, v in full.items() if k != "provenance"} | {"id": "t2"})
    with pytest.raises(C.DataError, match=r"rows must be \[5, 6, 7, 8\]"):
        registry.sky_tile({**full, "id": "t3", "height": 3})  # height 3 covers sky rows 5..8
    no_costs = json.loads(json.dumps(full))
    del no_costs["sides"]["easy"]["research_costs_bottom_to_top"]
    with pytest.raises(C.DataError, match="no 'research_costs_bottom_to_top'"):
        registry.sky_tile({**no_costs, "id": "t4"})
    with pytest.raises(ValueError, match="the box puts it at height 2"):
        registry.sky_tile({**full, "id": "advanced-sky-2", "height": 3})
    assert C.advanced_sky_ids() == [TILE] and info.added == []


def test_a_custom_battle_plays_a_known_advanced_tile_and_counts_its_stars(plugin: Any) -> None:
    battle = custom.CustomBattle("roswell", sky=custom.parse_sky(f"E,{TILE}:threat,T,E"))
    d = custom.difficulty(battle)
    assert d.value == 3.0 + 1.0  # the tile's 3 black stars on its threat side + a basic threat side
    assert "Test advanced sky tile, threat side: 3 black stars" in d.text
    easy = custom.difficulty(custom.CustomBattle("roswell", sky=custom.parse_sky(f"E,{TILE}:easy,E,E")))
    assert easy.value == 2.0
    assert custom.unknown_parts(battle) == []
    params = custom.engine_params(battle)
    assert params == {"city": "roswell", "side": "blue", "sky": "ETTE", "sky_tiles": f"basic,{TILE},basic,basic"}
    state = playout(custom.new_game(battle).new_initial_state(), random.Random(3))
    assert state.game.sky_tiles == TILES and state.sky.sides == ("easy", "threat", "threat", "easy")


def test_a_custom_battle_with_a_tile_known_by_its_stars_only_stays_at_the_table(plugin: Any) -> None:
    for tile in ("advanced-sky-2", "test-sky"):
        battle = custom.CustomBattle("roswell", sky=custom.parse_sky(f"E,{tile}:threat,E,E"))
        assert custom.engine_params(battle) is None
        [why] = custom.unknown_parts(battle)
        assert "contents of the" in why and "only its stars are known" in why
        assert custom.difficulty(battle).value in (2.0, 3.0)  # its stars still count
        with pytest.raises(ValueError, match="only its stars are known"):
            custom.new_game(battle)
    wrong = custom.CustomBattle("roswell", sky=custom.parse_sky(f"E,E,{TILE}:easy,E"))
    assert custom.engine_params(wrong) is None and "tile for height 2" in custom.unknown_parts(wrong)[0]


# --- B. a character's once-per-game ability -----------------------------------------------

def _medic_game(plugin: Any, **extra: Any) -> Any:
    return custom.new_game(custom.CustomBattle("roswell", characters={"test-medic": False}, **extra))


def _to_place(state: Any, rng: random.Random) -> Any:
    while state.phase_name != "place":
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


def test_the_ability_is_offered_once_applied_and_refused_a_second_time(plugin: Any) -> None:
    game = _medic_game(plugin)
    assert game.num_distinct_actions() == A.ONCE + 1 and len(game.once_abilities) == 1
    assert custom.find_component("test-medic", "character") == "test-medic"  # a plugin's, by its id
    state = _to_place(game.new_initial_state(), random.Random(1))
    state.record_events()
    assert A.ONCE in state.legal_actions()
    assert state.action_to_string(A.ONCE) == "ability" and state.string_to_action("ability") == A.ONCE
    before = state.energy
    preview = state.preview(A.ONCE)
    assert [e["kind"] for e in preview] == ["ability", "energy_changed"]
    state.apply_action(A.ONCE)
    assert state.energy == before + 1 and state.phase_name == "place"
    ev = state.last_events()
    assert ev[0] | {"action": 0} == {"kind": "ability", "action": 0, "city": "roswell", "side": "blue",
                                     "effect": "once_per_game", "by": "Test Medic (basic side)", "number": 1}
    assert ev[1]["kind"] == "energy_changed" and ev[1]["by"] == "ability"
    assert narrate.phrase(ev[0], game) == "Test Medic (basic side) uses the once-per-game ability"
    assert A.ONCE not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="already used in this game") as refused:
        state.apply_action(A.ONCE)
    assert refused.value.rule == ONCE_RULE
    # never again in this game, in any phase
    rng = random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
        else:
            assert A.ONCE not in state.legal_actions()
            state.apply_action(rng.choice(state.legal_actions()))
    assert sum(e["kind"] == "ability" for e in state.events()) == 1


def test_the_ability_is_a_dice_phase_decision_only(plugin: Any) -> None:
    """The reading taken (docs/ufs-rules.md): offered at the placement decisions; the Rooms Phase refuses it."""
    game = _medic_game(plugin)
    rng = random.Random(4)
    state = game.new_initial_state()
    seen = set()
    while not state.is_terminal() and len(seen) < 2:
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
            continue
        legal = state.legal_actions()
        assert (A.ONCE in legal) == (state.phase_name == "place")
        if state.phase_name == "rooms":
            seen.add("rooms")
            with pytest.raises(IllegalActionError, match=r"used only in: Dice Phase \(now: Rooms Phase\)") as refused:
                state.clone().apply_action(A.ONCE)
            assert refused.value.rule == ONCE_RULE
        if state.phase_name == "place":
            seen.add("place")
        state.apply_action(rng.choice([a for a in legal if a != A.ONCE]))
    assert seen == {"place", "rooms"}


def test_the_ability_is_refused_when_its_own_condition_fails(plugin: Any) -> None:
    state = _to_place(_medic_game(plugin).new_initial_state(), random.Random(1))
    state.energy = state.layout.energy_max
    assert A.ONCE not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="cannot be used now: the energy track is full"):
        state.apply_action(A.ONCE)
    assert state.once_left == 1  # a refusal uses nothing


def test_the_used_flag_is_part_of_the_state(plugin: Any) -> None:
    game = _medic_game(plugin)
    state = _to_place(game.new_initial_state(), random.Random(5))
    assert state.once_left == 1 and serialize.position_dict(state)["abilities_used"] == []
    copy = state.clone()
    state.apply_action(A.ONCE)
    assert copy.once_left == 1 and state.clone().once_left == 0 and copy != state
    pos = serialize.position_dict(state)
    assert pos["abilities_used"] == [1]
    loaded = serialize.start_from(game, pos)
    assert loaded.once_left == 0 and A.ONCE not in loaded.legal_actions()
    assert serialize.start_from(game, {**pos, "abilities_used": []}).once_left == 1
    for bad in ([2], "1", [True]):
        with pytest.raises(InvalidSaveError, match="abilities_used"):
            serialize.start_from(game, {**pos, "abilities_used": bad})
    plain = soloboard.load_game("ufs", city="roswell", sky="EEEE")
    with pytest.raises(InvalidSaveError, match="no once-per-game ability"):
        serialize.start_from(plain, {**pos, "abilities_used": [1]})


def test_random_games_with_the_ability_end_and_use_it_at_most_once(plugin: Any) -> None:
    game = _medic_game(plugin, sky=custom.parse_sky("ETEE"))
    used = 0
    for seed in range(20):
        state = playout(game.new_initial_state(), random.Random(seed))
        n = state.history().count(A.ONCE)
        assert n <= 1 and state.returns()[0] in (0.0, 1.0)
        assert len(state.history()) <= game.max_game_length()
        used += n
    assert used > 0


def test_two_characters_each_have_their_own_ability(plugin: Any) -> None:
    class TestSecond(RuleHooks):  # a second made-up ability, for this test only
        rule = "Test Second (basic side)"
        once_per_game = True
        once_per_game_phases = ("place", "rooms")

        def use_once_per_game(self, state: Any) -> None:
            state.research += 0  # no effect: only its use is checked

    plugins.Registry(plugins.PluginInfo("t", "test")).character("test-second", basic=TestSecond)
    try:
        game = custom.new_game(custom.CustomBattle("roswell", characters={"test-medic": False, "test-second": False}))
        assert game.num_distinct_actions() == A.ONCE + 2
        state = _to_place(game.new_initial_state(), random.Random(1))
        assert {A.ONCE, A.ONCE + 1} <= set(state.legal_actions())
        assert state.action_to_string(A.ONCE + 1) == "ability 2" and state.string_to_action("ability 2") == A.ONCE + 1
        state.apply_action(A.ONCE + 1)
        assert A.ONCE in state.legal_actions() and A.ONCE + 1 not in state.legal_actions()
        state.apply_action(A.ONCE)
        assert state.once_left == 0 and serialize.position_dict(state)["abilities_used"] == [1, 2]
        with pytest.raises(IllegalActionError, match=r"Test Second .* already used") as refused:
            state.apply_action(A.ONCE + 1)
        assert refused.value.rule == ONCE_RULE
    finally:
        plugins.forget("character", "test-second")


def test_a_game_without_such_an_ability_numbers_and_offers_nothing_new() -> None:
    game = soloboard.load_game("ufs", city="roswell", sky="EEEE")
    assert game.num_distinct_actions() == 517 and game.once_abilities == () and game.once_mask == 0
    state = _to_place(game.new_initial_state(), random.Random(1))
    assert state.once_left == 0 and A.ONCE not in state.legal_actions()
    with pytest.raises(ValueError, match="not a move of this game"):
        state.string_to_action("ability")
    with pytest.raises(IllegalActionError) as refused:
        state.apply_action(A.ONCE)
    assert refused.value.rule == "action numbering"


def test_the_browser_board_offers_the_ability_as_a_move(plugin: Any) -> None:
    """The page clicks what the view names: the ability is a move of kind "ability" (ufs/board_view.py);
    what it does is the preview's text, asked for when the player points at it."""
    from soloboard.core.registry import kit_of
    from soloboard.web import views

    state = _to_place(_medic_game(plugin).new_initial_state(), random.Random(3))
    moves = views.moves(state)
    ability = [m for m in moves if m["kind"] == "ability"]
    assert ability == [{"id": A.ONCE, "notation": "ability", "kind": "ability", "number": 1,
                        "by": "Test Medic (basic side)"}]
    assert "once-per-game ability" in kit_of(state).preview_text(state.preview(A.ONCE), state)
    state.apply_action(A.ONCE)
    assert not [m for m in views.moves(state) if m["kind"] == "ability"]
