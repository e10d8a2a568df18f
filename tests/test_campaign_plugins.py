"""The component plugin mechanism (entry point group ``soloboard.components``), digital
campaign battles, and custom battles' stars.

The plugin under test is ``tests/plugins/soloboard_test_components.py``: made-up test
components, registered here through a temporary ``.dist-info`` (the way an installed
distribution declares its entry points) or through ``$SOLOBOARD_PLUGINS``."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import soloboard
from soloboard.core.chance import sample_outcome
from soloboard.core.errors import IllegalActionError
from soloboard.ufs import components as C
from soloboard.ufs.campaign import Campaign, battles, box, custom, plugins, sheet
from soloboard.ufs.stars import number

PLUGIN_DIR = Path(__file__).parent / "plugins"


def _clean() -> None:
    plugins.unload()  # everything the plugins added, and what a test registered by hand
    C.unregister_city("test-harbour")
    box.unregister_box("test-box")


@pytest.fixture
def entry_point(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[plugins.PluginInfo]]:
    """The test plugin installed the way a distribution is: a dist-info with entry_points.txt."""
    dist = tmp_path / "soloboard_test_components-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: soloboard-test-components\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(
        f"[{plugins.ENTRY_POINT_GROUP}]\ntest-components = soloboard_test_components:register\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.syspath_prepend(str(PLUGIN_DIR))
    monkeypatch.delenv(plugins.ENV_VAR, raising=False)
    _clean()
    yield plugins.load_plugins(reload=True)
    _clean()
    sys.modules.pop("soloboard_test_components", None)


def random_playout(state: object, seed: int) -> object:
    rng = random.Random(seed)
    while not state.is_terminal():  # type: ignore[attr-defined]
        if state.is_chance_node():  # type: ignore[attr-defined]
            state.apply_action(sample_outcome(state, rng))  # type: ignore[attr-defined]
        else:
            state.apply_action(rng.choice(state.legal_actions()))  # type: ignore[attr-defined]
    return state


def test_the_entry_point_plugin_loads_and_says_what_it_added(entry_point: list[plugins.PluginInfo]) -> None:
    [info] = [i for i in entry_point if i.name == "test-components"]
    assert info.source == "entry point" and info.error is None
    assert "city test-harbour" in info.added and "campaign box test-box" in info.added
    assert "test-harbour" in C.city_ids()


def test_a_plugin_city_plays_a_whole_game_with_its_ability(entry_point: list[plugins.PluginInfo]) -> None:
    plain = soloboard.load_game("ufs", city="roswell", sky="EEEE").new_initial_state()
    game = soloboard.load_game("ufs", city="Test Harbour", sky="EEEE")
    state = game.new_initial_state()
    assert state.energy == plain.energy + 1  # the test city's blue ability
    assert soloboard.load_game("ufs", city="test-harbour", side="damaged", sky="EEEE").new_initial_state().energy \
        == plain.energy + 2
    assert len(state.sky.research_costs) == len(plain.sky.research_costs) + 1  # its research space
    ends = {random_playout(game.new_initial_state(), seed).returns()[0] for seed in range(30)}  # type: ignore[attr-defined]
    assert ends <= {0.0, 1.0} and 0.0 in ends


def test_the_env_var_fallback_loads_the_same_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(PLUGIN_DIR))
    monkeypatch.setenv(plugins.ENV_VAR, "soloboard_test_components:register, no_such_module:register")
    _clean()
    try:
        loaded = plugins.load_plugins(reload=True)
        by_name = {i.name: i for i in loaded}
        assert by_name["soloboard_test_components:register"].error is None
        assert "ModuleNotFoundError" in (by_name["no_such_module:register"].error or "")  # reported, not fatal
        assert plugins.rules_for("scenario", "test-drill") is not None
    finally:
        _clean()


def test_without_plugins_every_boxed_campaign_battle_is_companion_play() -> None:
    c = Campaign.new("Plain", seed=1)
    c.choose(1)
    missing = battles.unknown_parts(c)
    assert len(missing) == 3  # city, scenario, character: known by name only
    info = battles.set_up(c)
    assert info["mode"] == "companion" and "not known" in info["text"]
    with pytest.raises(IllegalActionError, match="no digital game"):
        battles.new_game(c)


def test_a_digital_campaign_battle_plays_with_the_combined_rules_and_records_itself(
        entry_point: list[plugins.PluginInfo]) -> None:
    c = Campaign.new("Digital", seed=3, threat=1, box="test-box")
    assert c.piles is not None and c.piles[0] == {"scenario": "test-drill", "city": "test-harbour",
                                                  "character": "test-pilot"}  # seed 3 deals this pile
    c.choose(1)
    assert battles.unknown_parts(c) == []
    info = battles.set_up(c)
    assert info["mode"] == "digital"
    game, seed = battles.new_game(c)
    state = game.new_initial_state()
    plain = soloboard.load_game("ufs", city="roswell", sky=info["sky"]).new_initial_state()
    assert state.energy == plain.energy + 1  # the city's ability
    b = c.battle
    assert b is not None
    hooks = game.hooks
    assert hooks.max_robots(state) == 1  # the scenario's rule
    assert hooks.room_cost(state, None, 2) == 1  # Test Pilot's basic side, combined with both
    assert type(hooks).__name__ == "CombinedHooks"
    with pytest.raises(IllegalActionError, match="not over"):
        battles.record_state(c, state)
    random_playout(state, seed)
    rec = battles.record_state(c, state)
    assert rec["by"] == "engine" and rec["won"] == (state.returns()[0] > 0)
    assert rec["played"]["history"] == state.history() and rec["played"]["seed"] == seed
    # the recorded moves replay to the same end
    replay = game.new_initial_state()
    for action in rec["played"]["history"]:
        replay.apply_action(action)
    assert replay.is_terminal() and replay.returns() == state.returns()
    if rec["won"]:
        assert b.city_fate == "saved" and c.records[-1]["kind"] == "piles_dealt"
    else:
        assert c.phase == "set_up" and battles.unknown_parts(c) == []  # the damaged side is known too


def test_combined_hooks_chain_and_refuse_two_deciders() -> None:
    from soloboard.ufs.hooks import RuleHooks, WhiteSixOnFirstRoll, WorkerSixAfterFirstRoll

    class PlusOne(RuleHooks):
        def room_value(self, state, room, value):  # type: ignore[no-untyped-def]
            return value + 1

    class Double(RuleHooks):
        def room_value(self, state, room, value):  # type: ignore[no-untyped-def]
            return value * 2

    both = plugins.combine([PlusOne(), Double(), RuleHooks()])
    assert both.room_value(None, None, 3) == 8
    assert plugins.overrides(both, "room_value") and not plugins.overrides(both, "room_cost")
    assert plugins.combine([RuleHooks()]).__class__ is RuleHooks
    with pytest.raises(ValueError, match="first roll"):
        plugins.combine([WhiteSixOnFirstRoll(), WorkerSixAfterFirstRoll()])


# --- custom battles and stars ---------------------------------------------------------------

def test_custom_battle_stars_as_the_rulebook_counts() -> None:
    """"Každá černá hvězdička na destičce oblohy přidává 1 ★ [...] Pokud hraješ se scénářem,
    přičti si další 1 ★. [...] Za každou vylepšenou postavu si 1 ★ odečti. Poškozené strany měst
    a základní postavy odečítají po další půlhvězdičce." """
    battle = custom.CustomBattle("havana", "damaged", "evacuation",
                                 {"lucia-ortega": True, "clinton-harper": False},
                                 custom.parse_sky("T,advanced-sky-2:threat,E,advanced-sky-4:easy"))
    d = custom.difficulty(battle)
    # black: 1 (basic threat) + 2 (advanced threat) + 0 + 1 (advanced easy) + 1 (scenario) = 5
    # yellow: 1 (upgraded) + 1/2 (basic character) + 1/2 (damaged side) = 2
    assert d.value == 3.0 and d.epic == 7.0
    assert "3" in d.text and "Evacuation" in d.text
    plain = custom.difficulty(custom.CustomBattle("roswell", sky=custom.parse_sky("ETEE")))
    assert plain.value == 1.0 and plain.epic == 1.0
    half = custom.difficulty(custom.CustomBattle("roswell", "damaged", None, {"wang-lin": False},
                                                 custom.parse_sky("EEEE")))
    assert half.value == -1.0 and f"{number(-1.0)} ★" in half.text


def test_unknown_stars_are_not_guessed() -> None:
    d = custom.difficulty(custom.CustomBattle("roswell", sky=custom.parse_sky("E,advanced-sky-special:threat,E,E")))
    assert d.value is None and d.epic is None and any("not known" in n for n in d.notes)
    assert "not known" in d.text and "★" not in d.text.split(".")[0]


def test_engine_params_only_when_every_component_is_known(entry_point: list[plugins.PluginInfo]) -> None:
    assert custom.engine_params(custom.CustomBattle("new-york", "damaged", sky=custom.parse_sky("ETTE"))) == \
        {"city": "new-york", "side": "damaged", "sky": "ETTE"}
    assert custom.engine_params(custom.CustomBattle("havana")) is None
    assert custom.engine_params(custom.CustomBattle("roswell", scenario="evacuation")) is None
    assert custom.engine_params(custom.CustomBattle("test-harbour", scenario="test-drill",
                                                    characters={"test-pilot": True})) is not None
    assert custom.engine_params(custom.CustomBattle("roswell", sky=custom.parse_sky("advanced-sky-1:easy,E,E,E"))) \
        is None
    with pytest.raises(ValueError, match="tile for height 1, not height 2"):
        custom.difficulty(custom.CustomBattle("roswell", sky=custom.parse_sky("E,advanced-sky-1:easy,E,E")))
    stars = custom.difficulty(custom.CustomBattle("roswell", sky=custom.parse_sky("E,test-sky:threat,E,E")))
    assert stars.value == 3.0  # a plugin's advanced tile brings its own stars
    for bad in ("EEE", "EXEE"):
        with pytest.raises(ValueError):
            custom.parse_sky(bad)
    assert sheet.known(Campaign.new("k", seed=1, box="test-box"), "test-pilot", "character")


def test_measured_win_rates_for_a_battle_the_engine_knows(tmp_path: Path) -> None:
    from soloboard.core.store import GameRow, Store

    with Store(tmp_path / "s.sqlite3") as store:
        def series(params: dict[str, object], agent: str, wins: int, games: int) -> None:
            sid = store.series_id("ufs", params, agent, 0)
            store.add_games(sid, [GameRow(i, i < wins, 5, 50, "", [], 0.1) for i in range(games)])

        series({"city": "roswell", "threat": 1}, "greedy", 3, 10)
        series({"city": "roswell", "threat": 1}, "mcts", 6, 10)
        series({"city": "roswell", "sky": "ETEE"}, "mcts", 1, 4)
        series({"city": "roswell", "threat": 2}, "mcts", 9, 10)  # another threat level: not counted
        series({"city": "new-york", "threat": 1}, "mcts", 9, 10)  # another city: not counted
        battle = custom.CustomBattle("roswell", sky=custom.parse_sky("ETEE"))
        rates = custom.measured(store, battle)
        assert [(r["agent"], r["match"], r["wins"], r["games"]) for r in rates] == [
            ("mcts", "exact", 1, 4), ("mcts", "threat", 6, 10), ("greedy", "threat", 3, 10)]
        assert custom.measured(store, custom.CustomBattle("havana")) == []
        assert custom.measured(store, custom.CustomBattle("roswell", scenario="storm")) == []
