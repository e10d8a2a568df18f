"""City abilities are data plus a small hook: shown with a test-only ability."""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib import resources

import pytest

import soloboard
from soloboard.ufs import components
from soloboard.ufs.hooks import RuleHooks, ability_ids, overrides, register_ability


@register_ability("test-fighters-plus-two")
class FightersPlusTwo(RuleHooks):
    def room_value(self, state, room, value):  # type: ignore[no-untyped-def]
        return value + 2 if room.type == "fighters" else value

    def max_robots(self, state):  # type: ignore[no-untyped-def]
        return 1


@pytest.fixture(autouse=True)
def _forget_test_cities() -> Iterator[None]:
    yield  # cities registered by a test must not leak into the valid-city lists of later tests
    for city_id in ("test-city", "test-city-unknown-hook"):
        components.unregister_city(city_id)


def _test_city() -> None:
    data = json.loads((resources.files("soloboard.ufs") / "data" / "cities" / "roswell.json").read_text())
    data.update(id="test-city", name="Test City")
    data["sides"]["blue"]["ability"] = {"id": "test-fighters-plus-two", "text": "test only: fighters +2"}
    components.register_city(data)


def _position(game_params: dict, **changes: object) -> soloboard.State:
    state = soloboard.load_game("ufs", **game_params).new_initial_state()
    state.apply_action(state.string_to_action("roll G111 W11"))
    from soloboard.ufs.serialize import position_dict

    pos = position_dict(state)
    pos.update(changes)
    return soloboard.state_from_json(json.dumps(
        {"format": "soloboard-state", "version": 1, "game": "ufs", "params": game_params, "position": pos}
    ))


def test_city_ability_hook_changes_room_value() -> None:
    _test_city()
    # Roswell A-top: a0 is the fighter room FIG-1 $1. A 2 there gives value 1 (+2 with the ability).
    sky = ["....."] * 17
    sky[0] = "PPPPP"
    # Roswell easy sky: row 3 col c holds explosion 1, row 4 col b explosion 2, row 4 col e explosion 4
    sky[3] = "..W.."
    sky[4] = ".W..."
    # the die on b1 keeps the Rooms Phase open, so the mothership does not move yet
    pos = {"phase": "rooms", "dice": {"a1": 2, "b1": 1}, "columns_used": "ab", "unplaced": {"gray": [], "white": []},
           "sky": sky, "white_supply": 2, "waiting": {"purple": 0, "white": 0}, "energy": 3}
    plain = _position({"city": "roswell", "threat": 0}, **pos)
    plain.apply_action(plain.string_to_action("use a1"))
    boosted = _position({"city": "test-city", "threat": 0}, **pos)
    boosted.apply_action(boosted.string_to_action("use a1"))
    from soloboard.ufs.serialize import position_dict

    # value 1 shoots the ship on explosion 1 only; value 3 also the one on explosion 2
    assert position_dict(plain)["white_supply"] == 3
    assert position_dict(boosted)["white_supply"] == 4


def test_city_ability_hook_limits_robots() -> None:
    _test_city()
    game = soloboard.load_game("ufs", city="test-city")
    state = game.new_initial_state()
    assert game.hooks.max_robots(state) == 1
    assert soloboard.load_game("ufs").hooks.max_robots(state) == 2


def test_unregistered_ability_is_refused() -> None:
    data = json.loads((resources.files("soloboard.ufs") / "data" / "cities" / "roswell.json").read_text())
    data.update(id="test-city-unknown-hook")
    data["sides"]["damaged"]["ability"] = {"id": "no-such-hook", "text": ""}
    components.register_city(data)
    soloboard.load_game("ufs", city="test-city-unknown-hook")  # the blue side has no ability: it plays
    with pytest.raises(ValueError, match="no registered rule hook"):
        soloboard.load_game("ufs", city="test-city-unknown-hook", side="damaged")


def test_a_city_file_without_sides_is_its_blue_side() -> None:
    """The data format before issue 9 (one ability, no sides) still describes a playable blue side."""
    data = json.loads((resources.files("soloboard.ufs") / "data" / "cities" / "roswell.json").read_text())
    del data["sides"]
    data.update(id="test-city", name="Test City", ability={"id": "test-fighters-plus-two", "text": "fighters +2"})
    components.register_city(data)
    game = soloboard.load_game("ufs", city="test-city")
    assert isinstance(game.hooks, FightersPlusTwo) and game.city.research_costs == ()
    with pytest.raises(ValueError, match="damaged side of Test City is not in our data"):
        soloboard.load_game("ufs", city="test-city", side="damaged")


def test_the_game_calls_only_the_hook_points_an_ability_changes() -> None:
    plain = soloboard.load_game("ufs")
    assert not (plain.room_value_hook or plain.room_cost_hook or plain.first_roll_hook or plain.damage_hook)
    assert plain.fixed_white_sixes == 0 and not overrides(plain.hooks, "room_value")
    expected = {  # (city, side): the hook points its ability uses
        ("roswell", "damaged"): {"damage_hook"},
        ("new-york", "blue"): {"room_value_hook"},
        ("new-york", "damaged"): {"room_value_hook"},
        ("washington", "blue"): {"first_roll_hook"},
        ("washington", "damaged"): {"first_roll_hook"},
    }
    for (city, side), points in expected.items():
        game = soloboard.load_game("ufs", city=city, side=side)
        used = {p for p in ("room_value_hook", "room_cost_hook", "first_roll_hook", "damage_hook") if getattr(game, p)}
        assert used == points, (city, side)
    assert soloboard.load_game("ufs", city="washington").fixed_white_sixes == 1
    assert soloboard.load_game("ufs", city="new-york").hooks.max_robots(None) == 1


def test_every_ability_the_data_names_is_registered() -> None:
    for city in components.city_ids():
        for side in components.CITY_SIDES:
            ability = components.city(city, side).ability_id
            assert ability is None or ability in ability_ids(), (city, side)
