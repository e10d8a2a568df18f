"""The architecture (docs/architecture.md): one kit per game, front ends that never name a game.

The layers and the absence of import circles are import-linter's contracts (``lint-imports``,
run by .ci/run); these tests check what it cannot see: comparisons with a game's name, and
that every registered kit gives every part a front end asks for.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import soloboard
from conftest import load_tool
from soloboard.core.kit import GameKit
from soloboard.core.registry import game_names, kit, kit_of, kits

FIGURES = load_tool("architecture_figures")


def test_no_module_outside_the_games_and_the_registry_switches_on_a_game_name() -> None:
    switches, tables = FIGURES.name_switches()  # type: ignore[attr-defined]
    assert switches == [] and tables == []


def test_the_scan_would_see_a_switch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "soloboard" / "web"
    package.mkdir(parents=True)
    (package / "views.py").write_text('def f(game):\n    return game.short_name == "monstros"\n'
                                      'BOARDS = {"ufs": 1}\n')
    monkeypatch.setattr(FIGURES, "PACKAGE", tmp_path / "soloboard")
    monkeypatch.setattr(FIGURES, "ROOT", tmp_path)
    switches, tables = FIGURES.name_switches()  # type: ignore[attr-defined]
    assert len(switches) == 1 and "monstros" in switches[0]
    assert len(tables) == 1


def test_there_is_no_import_circle_even_inside_functions() -> None:
    assert FIGURES.circles(FIGURES.import_graph()) == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", game_names())
def test_every_kit_gives_every_part(name: str) -> None:
    game_kit = kit(name)
    assert isinstance(game_kit, GameKit) and game_kit.name == name and game_kit.title
    game = soloboard.load_game(name)
    state = game.new_initial_state()
    assert kit_of(state) is game_kit and kit_of(game) is game_kit
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(rng))
    events = state.events()
    assert events and all(game_kit.sentence(ev, state) for ev in events)
    action = state.legal_actions()[0]
    assert game_kit.move_effect(state, action) == game_kit.preview_text(state.preview(action), state)
    assert game_kit.board_view(state, 0) and "id" not in game_kit.move_targets(state, action)
    evaluator = game_kit.evaluator()
    assert evaluator.name == name and evaluator.value(state) is not None
    assert game_kit.observer(game).size > 0 and game_kit.observation_pieces(game)
    part = game_kit.terminal_part()
    assert callable(part.play) and callable(part.session)
    assert game_kit.board and game_kit.art and game_kit.openspiel_name
    assert game_kit.report is not None and game_kit.report_setups({})
    assert game_kit.difficulty(game).as_dict()["scale"] in ("stars", "level", "none")


@pytest.mark.parametrize("name", game_names())
def test_every_parameter_is_one_the_game_takes_and_its_choices_load(name: str) -> None:
    game_kit = kit(name)
    takes = soloboard.game_parameters(name)
    for p in game_kit.parameters:
        assert p.name in takes, f"{name}: the kit offers {p.name!r}, which load_game does not take"
        assert p.instead_of is None or game_kit.parameter(p.instead_of) is not None
        for value in game_kit.choices(p.name) or []:
            params = {p.name: value}
            soloboard.load_game(name, **params)  # every choice the dialog offers is a game


def test_the_command_line_offers_every_kits_options() -> None:
    from soloboard.cli.main import build_parser

    text = build_parser().format_help() + "".join(
        action.format_help() for action in build_parser()._subparsers._group_actions  # type: ignore[union-attr]
        for action in action.choices.values() if hasattr(action, "format_help"))
    for game_kit in kits():
        for p in game_kit.parameters:
            if p.flag:
                assert p.flag in text
