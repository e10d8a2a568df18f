"""A test plugin for the ``soloboard.components`` entry point group (docs/campaign.md).

Everything here is made up FOR THE TESTS ONLY and named so ("Test Harbour", "Test Pilot"):
it is not a component of the boxed game. It adds a city with its own ability, a character
with both sides, a character whose basic side has a once-per-game ability, scenarios, an
advanced sky tile with its full contents ("Test advanced sky tile"), a sky tile known by its
stars only, and a small campaign box, each rule through the engine's hook points, so that the
tests can check that a plugin's components load, play and are combined.
"""

from __future__ import annotations

from typing import Any

from soloboard.ufs.hooks import RuleHooks

TEST_CITY: dict[str, Any] = {
    "id": "test-harbour",
    "name": "Test Harbour",
    "provenance": "made up for soloboard's tests; not a component of any edition",
    "confidence": "test data",
    "base": {"top": "A", "bottom": "B"},
    "start_energy": 2,
    "energy_max": 7,
    "damage_limit": 7,
    "sides": {
        "blue": {"research_costs": [1],
                 "ability": {"id": "test-energy-plus-one", "text": "Test: start with 1 more energy."}},
        "damaged": {"research_costs": [2],
                    "ability": {"id": "test-energy-plus-two", "text": "Test: start with 2 more energy."}},
    },
}


class EnergyPlusOne(RuleHooks):
    """Test city, blue side: one more energy at the start."""

    def setup(self, state: Any) -> None:
        state.energy += 1


class EnergyPlusTwo(RuleHooks):
    def setup(self, state: Any) -> None:
        state.energy += 2


class PilotBasic(RuleHooks):
    """Test character, basic side: every room costs 1 energy less (never below 0)."""

    rule = "Test Pilot (basic side)"

    def room_cost(self, state: Any, room: Any, cost: int) -> int:
        return max(0, cost - 1)


class MedicBasic(RuleHooks):
    """Test character, basic side: once per game, gain 1 energy (a test effect, not a real card's)."""

    rule = "Test Medic (basic side)"
    once_per_game = True

    def once_per_game_usable(self, state: Any) -> str:
        return "the energy track is full" if state.energy >= state.layout.energy_max else ""

    def use_once_per_game(self, state: Any) -> None:
        before = state.energy
        state.energy = before + 1
        state._emit("energy_changed", **{"from": before}, to=before + 1, by="ability")


class PilotUpgraded(RuleHooks):
    """Test character, upgraded side: the research marker starts one space up."""

    rule = "Test Pilot (upgraded side)"

    def setup(self, state: Any) -> None:
        state.research += 1


class DrillScenario(RuleHooks):
    """Test scenario: only one robot on the base."""

    rule = "Test Drill (scenario)"

    def max_robots(self, state: Any) -> int:
        return 1


class PlainScenario(RuleHooks):
    """Test scenario without a changed rule (a scenario may change nothing the engine does)."""


def _row(sky_row: int, cells: str, action: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"sky_row": sky_row, "cells": cells.split(), "mothership_action": action}


# a made-up tile for height 2 (sky rows 9..12) in the format of ufs/data/sky/tile-2.json
TEST_ADVANCED_SKY: dict[str, Any] = {
    "id": "test-advanced-sky",
    "name": "Test advanced sky tile",
    "height": 2,
    "provenance": "made up for soloboard's tests; not a component of any edition",
    "black_stars": {"easy": 2, "threat": 3},
    "sides": {
        "easy": {
            "research_costs_bottom_to_top": [2, 2, 2, 2],
            "rows_top_to_bottom": [
                _row(9, "X2 . < . X5", {"kind": "research_back", "amount": 1}),
                _row(10, ". M . X3 ."),
                _row(11, "> . X4 . <", {"kind": "excavator_back", "amount": 1}),
                _row(12, ". X6 . M .", {"kind": "skull"}),
            ],
        },
        "threat": {
            "research_costs_bottom_to_top": [3, 3, 3, 3],
            "rows_top_to_bottom": [
                _row(9, "X5 > . M .", {"kind": "add_white_ships", "amount": 1}),
                _row(10, ". X7 < . X3", {"kind": "damage", "amount": 1}),
                _row(11, "M . X5 > .", {"kind": "skull"}),
                _row(12, ". < . X6 M"),
            ],
        },
    },
}


TEST_BOX: dict[str, Any] = {
    "id": "test-box",
    "name": "A test campaign box",
    "provenance": "made up for soloboard's tests",
    "chapters": [1, 2],
    "final_scenario": "test-finale",
    "components": [
        {"id": "test-drill", "kind": "scenario", "name": "Test Drill", "chapter": 1},
        {"id": "test-quiet", "kind": "scenario", "name": "Test Quiet", "chapter": 1},
        {"id": "test-harbour", "kind": "city", "name": "Test Harbour", "chapter": 1},
        {"id": "roswell", "kind": "city", "name": "Roswell", "chapter": 1},
        {"id": "test-pilot", "kind": "character", "name": "Test Pilot", "chapter": 1},
        {"id": "test-medic", "kind": "character", "name": "Test Medic", "chapter": 1},
        {"id": "test-finale", "kind": "scenario", "name": "Test Finale", "chapter": 2},
    ],
}


def register(registry: Any) -> None:
    registry.ability("test-energy-plus-one", EnergyPlusOne)
    registry.ability("test-energy-plus-two", EnergyPlusTwo)
    registry.city(TEST_CITY)
    registry.character("test-pilot", basic=PilotBasic, upgraded=PilotUpgraded)
    registry.character("test-medic", basic=MedicBasic, upgraded=PlainScenario)
    registry.scenario("test-drill", DrillScenario, text="Test: one robot only.")
    registry.scenario("test-quiet", PlainScenario)
    registry.scenario("test-finale", PlainScenario)
    registry.sky_tile({"id": "test-sky", "name": "Test sky tile", "height": 2, "black_stars": {"easy": 1, "threat": 3}})
    registry.sky_tile(TEST_ADVANCED_SKY)
    registry.box(TEST_BOX)
