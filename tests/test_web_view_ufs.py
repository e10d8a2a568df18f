"""The browser's picture of an Under Falling Skies position agrees with the engine and the
component data, every legal move has its own clicks, and data of uncertain origin is flagged.

Both editions, every city side, several threat levels and 9-card set-ups, over whole random games.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import soloboard
from soloboard.core.errors import IllegalActionError
from soloboard.ufs import actions as A
from soloboard.ufs import components as C
from soloboard.ufs.board_view import move_targets, view
from soloboard.web.views import refusal

SETUPS: list[tuple[str, dict[str, Any], int]] = [
    ("ufs", {"city": "roswell", "side": "blue", "threat": 0}, 1),
    ("ufs", {"city": "roswell", "side": "damaged", "threat": 2}, 2),
    ("ufs", {"city": "new-york", "side": "blue", "threat": 1}, 3),
    ("ufs", {"city": "new-york", "side": "damaged", "threat": 3}, 4),
    ("ufs", {"city": "washington", "side": "blue", "threat": 4}, 5),
    ("ufs", {"city": "washington", "side": "damaged", "sky": "TETE"}, 6),
    ("ufs-pnp", {"level": 0}, 7),
    ("ufs-pnp", {"level": 2}, 8),
    ("ufs-pnp", {"difficult": ["sky-3"], "energy_rule": "add"}, 9),
]


def _positions(name: str, params: dict[str, Any], seed: int, limit: int = 160) -> Iterator[Any]:
    """Decision positions of random games (chance sampled) until ``limit`` positions are seen."""
    game = soloboard.load_game(name, **params)
    rng = random.Random(seed)
    seen = 0
    while seen < limit:
        state = game.new_initial_state()
        while not state.is_terminal() and seen < limit:
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            yield state
            seen += 1
            legal = state.legal_actions()
            # favour using rooms over ending the Rooms Phase, so robots, research and fighters show up
            useful = [a for a in legal if A.USE <= a < A.DISCARD or A.INSTALL <= a < A.DONE]
            state.apply_action(rng.choice(useful if useful and rng.random() < 0.7 else legal))
        if state.is_terminal():
            yield state  # the finished game


def _cells(v: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["cell"]: c for c in v["sky"]["cells"]}


@pytest.mark.parametrize(("name", "params", "seed"), SETUPS)
def test_view_agrees_with_the_engine(name: str, params: dict[str, Any], seed: int) -> None:
    for state in _positions(name, params, seed):
        v = view(state)
        json.dumps(v)  # JSON-ready
        assert v["game"] == name
        assert v["phase"] == state.phase_name and v["round"] == state.round
        # ships exactly where the state has them (from the mothership's row down)
        grid_ships = {f"{'abcde'[i % 5]}{i // 5}": state.game.ship_names[s - 1]
                      for i, s in enumerate(state.grid) if s and i >= state.mothership_row * 5}
        assert {s["cell"]: s["ship"] for s in v["ships"]} == grid_ships
        assert all(s["drop_point"] == (s["row"] == state.mothership_row) for s in v["ships"])
        assert v["sky"]["mothership_row"] == state.mothership_row
        assert v["waiting"] == {"primary": state.waiting_primary, "reinforcement": state.waiting_reinforcements,
                                "supply": state.reinforcement_supply}
        # the base: every space with what stands on it
        spaces = {s["space"]: s for s in v["base"]["spaces"]}
        assert len(spaces) == A.N_SPACES
        for i in range(A.N_SPACES):
            s = spaces[A.space_name(i)]
            assert s["die"] == (state.dice[i] or None)
            assert s["robot"] == (state.robots[i] or None)
            assert s["excavated"] == state.is_excavated(i)
            assert s["exhausted"] == bool(state.robots[i] and state.exhausted >> i & 1)
        assert [s["space"] for s in spaces.values() if s["excavator"]] == (
            [v["base"]["excavator"]] if v["base"]["excavator"] else [])
        # tracks
        tracks = v["tracks"]
        assert tracks["research"]["value"] == state.research
        assert [sp["cost"] for sp in tracks["research"]["spaces"]][1:] == list(state.sky.research_costs[1:])
        assert tracks["energy"]["value"] == state.energy and tracks["energy"]["max"] == state.layout.energy_max
        assert tracks["damage"]["value"] == state.damage and tracks["damage"]["limit"] == state.layout.damage_limit
        # the dice tray: the unplaced dice, in a tray of fixed size
        plain, white = state.unplaced_dice()
        if state.phase_name in ("place", "ability"):
            names = state.game.dice_names
            assert Counter((d["color"], d["value"]) for d in v["dice"]) == Counter(
                [(names[0], x) for x in plain] + [(names[1], x) for x in white])
        assert [d["index"] for d in v["dice"]] == list(range(len(v["dice"])))
        assert len(v["dice"]) <= v["tray"] == state.game.plain_dice + state.game.white_dice
        # the game's end
        assert v["status"]["over"] == state.is_terminal()
        if state.is_terminal():
            assert v["status"]["won"] == (state.returns()[0] == 1.0)


@pytest.mark.parametrize(("name", "params", "seed"), SETUPS)
def test_every_legal_move_has_its_own_clicks(name: str, params: dict[str, Any], seed: int) -> None:
    for state in _positions(name, params, seed, limit=120):
        if state.is_terminal():
            continue
        v = view(state)
        dice = {d["index"]: d for d in v["dice"]}
        spaces = {s["space"] for s in v["base"]["spaces"]}
        rooms = {r["anchor"]: r for r in v["base"]["rooms"]}
        seen: dict[tuple[Any, ...], int] = {}
        for action in state.legal_actions():
            target = move_targets(state, action)
            kind = target["kind"]
            if kind == "place":
                die = dice[target["die"]]  # a die in the tray, of the colour and value the move places
                assert (die["color"], die["value"]) == (target["color"], target["value"])
                assert target["space"] in spaces
                key: tuple[Any, ...] = (kind, target["color"], target["value"], target["space"])
            elif kind == "use":
                assert target["space"] in rooms and target["spaces"] == rooms[target["space"]]["spaces"]
                key = (kind, target["room"])
            elif kind in ("discard", "dig", "remove", "install"):
                assert target["space"] in spaces
                key = (kind, target["space"])
            elif kind == "spawn":
                assert target["col"] in v["spawn_options"]
                assert target["cell"] == f"{target['col']}{state.mothership_row}"
                assert target["ship"] in state.game.ship_names
                key = (kind, target["col"], target["ship"])
            elif kind == "six":
                die = dice[target["die"]]
                assert (die["color"], die["value"]) == (target["color"], target["value"]) and die["value"] < 6
                key = (kind, target["color"], target["value"])
            else:
                assert kind in ("done", "skip", "no_six")
                key = (kind,)
            assert key not in seen, f"{state.action_to_string(action)} and {seen[key]} share the click {key}"
            seen[key] = action
        # the page's clicks that are no legal move: refused in the engine's own words, when asked
        legal = {state.action_to_string(a) for a in state.legal_actions()}
        for notation in _clicks(state, v):
            why = refusal(state, state.string_to_action(notation))
            assert why["legal"] == (notation in legal), notation
            if why["legal"]:
                continue
            trial = state.clone()
            with pytest.raises(IllegalActionError) as exc:
                trial.apply_action(state.string_to_action(notation))
            assert why["error"] == str(exc.value.args[0]) and why["rule"] == exc.value.rule


def _clicks(state: Any, v: dict[str, Any]) -> list[str]:
    """The clicks the page's board offers in this phase, as moves: a die on a space, a room, a robot's space."""
    letters = state.game.dice_letters
    spaces = [s["space"] for s in v["base"]["spaces"]]
    if v["phase"] == "place":
        return [f"{letters[0 if d['kind'] == 'plain' else 1]}{d['value']}{space}"
                for d in v["dice"] for space in spaces]
    if v["phase"] == "rooms":
        return [f"use {room['anchor']}" for room in v["base"]["rooms"]]
    if v["phase"] == "install":
        return [f"install {s['space']}" for s in v["base"]["spaces"] if not s["robot"]]
    return []


def test_a_click_on_any_space_with_any_die_is_a_move_or_a_reason() -> None:
    """In the Dice Phase every die on every space is either a legal move or a refusal with its rule."""
    state = next(s for s in _positions("ufs", {"city": "roswell", "threat": 1}, 11) if s.phase_name == "place")
    v = view(state)
    legal = {state.action_to_string(a) for a in state.legal_actions()}
    letters = state.game.dice_letters
    for die in v["dice"]:
        letter = letters[0] if die["kind"] == "plain" else letters[1]
        for space in (s["space"] for s in v["base"]["spaces"]):
            notation = f"{letter}{die['value']}{space}"
            why = refusal(state, state.string_to_action(notation))
            assert why["legal"] == (notation in legal), notation
            if not why["legal"]:
                assert why["rule"] and why["error"]


def _boxed_row(sky: str, row: int) -> dict[str, Any]:
    """A sky row as its data file prints it (boxed edition; ``sky`` bottom tile first)."""
    tile = C.SKY_TILES - (row - 1) // C.ROWS_PER_TILE
    side = {"E": "easy", "T": "threat"}[sky[tile - 1]]
    raw = C._side(f"sky/tile-{tile}.json", side)
    return next(r for r in raw["rows_top_to_bottom"] if r["sky_row"] == row)


@pytest.mark.parametrize("sky", ["EEEE", "TTTT", "ETET", "TEET"])
def test_sky_cells_and_actions_are_the_printed_ones(sky: str) -> None:
    state = soloboard.load_game("ufs", city="roswell", sky=sky).new_initial_state()
    v = view(state)
    cells = _cells(v)
    actions = {a["row"]: a for a in v["sky"]["actions"]}
    for row in range(1, C.SKY_ROWS + 1):
        printed = _boxed_row(sky, row)
        for col, code in enumerate(printed["cells"]):
            cell = cells[f"{'abcde'[col]}{row}"]
            if code == ".":
                assert cell["symbol"] == "empty"
            elif code in "<>":
                assert cell["symbol"] == "arrow" and cell["direction"] == ("left" if code == "<" else "right")
            elif code == "M":
                assert cell["symbol"] == "mothership"
            else:
                assert cell["symbol"] == "explosion" and cell["number"] == int(code[1:])
        action = printed.get("mothership_action")
        assert actions[row]["kind"] == (action["kind"] if action else None)
        if action and action["kind"] not in ("skull", "damage"):
            assert actions[row]["amount"] == action["amount"]
        # the symbols known from one source only are flagged where they are drawn
        assert actions[row].get("uncertain", False) == bool(action and action.get("single_source"))
    assert v["sky"]["skull_row"] == min(r for r, a in actions.items() if a["kind"] == "skull")
    assert [p["side"] for p in v["sky"]["parts"]] == [{"E": "easy", "T": "threat"}[s] for s in reversed(sky)]
    # a phone labels each tile by its printed number alone: tile 4 is the top one
    assert [p["number"] for p in v["sky"]["parts"]] == [4, 3, 2, 1]
    assert all(str(p["number"]) in p["name"] for p in v["sky"]["parts"])


def test_single_source_symbols_are_flagged_and_the_none_reading_says_so() -> None:
    flagged = [a for a in view(soloboard.load_game("ufs", sky="TTTT").new_initial_state())["sky"]["actions"]
               if a.get("uncertain")]
    assert [(a["row"], a["kind"]) for a in flagged] == [(4, "damage"), (9, "damage")]  # tiles 4 and 2
    old = view(soloboard.load_game("ufs", sky="TTTT", unidentified_action="none").new_initial_state())
    rows = {a["row"]: a for a in old["sky"]["actions"]}
    assert rows[4]["kind"] == "none" and rows[4]["uncertain"] and rows[4]["text"]
    assert not any(a.get("uncertain") for a in view(soloboard.load_game("ufs", sky="EEEE")
                                                      .new_initial_state())["sky"]["actions"])


def test_roswell_base_as_printed() -> None:
    """Roswell's base (tiles A top, B bottom), as the data files give it."""
    v = view(soloboard.load_game("ufs", city="roswell", threat=0).new_initial_state())
    rooms = {r["anchor"]: r for r in v["base"]["rooms"]}
    assert (rooms["a1"]["type"], rooms["a1"]["energy_cost"], rooms["a1"]["modifier"]) == ("fighters", 1, -1)
    assert (rooms["d1"]["type"], rooms["d1"]["spaces"], rooms["d1"]["modifier"]) == ("energy", ["d1", "e1"], -3)
    assert rooms["b5"]["spaces"] == ["b5", "c5", "d5"]
    kinds = {s["space"]: s["kind"] for s in v["base"]["spaces"]}
    assert [kinds[f"{c}0"] for c in "abcde"] == ["aa_gun"] * 5
    assert kinds["c1"] == "tunnel"
    assert v["base"]["excavator"] == "e2"
    assert v["tracks"]["energy"] == {**v["tracks"]["energy"], "value": 2, "max": 7}
    assert v["city"]["name"] == "Roswell" and not v["city"]["has_ability"]


@pytest.mark.parametrize(("city", "side", "city_spaces"), [
    ("roswell", "blue", 0), ("roswell", "damaged", 0), ("new-york", "blue", 1), ("new-york", "damaged", 1),
    ("washington", "blue", 1), ("washington", "damaged", 1),
])
def test_every_city_side_shows_its_ability_and_research_spaces(city: str, side: str, city_spaces: int) -> None:
    game = soloboard.load_game("ufs", city=city, side=side, threat=0)
    v = view(game.new_initial_state())
    assert v["city"]["id"] == city and v["city"]["side"] == side
    assert v["city"]["ability"] == game.city.ability_text
    assert v["city"]["ability_uncertain"] == v["city"]["has_ability"]  # every ability: one transcription
    research = v["tracks"]["research"]
    assert research["beside_sky"]
    city_part = [s for s in research["spaces"] if s["where"] == "city"]
    assert len(city_part) == city_spaces and all(s["uncertain"] for s in city_part)
    sky_part = [s for s in research["spaces"] if s["where"] == "sky"]
    assert sorted(s["sky_row"] for s in sky_part) == list(range(1, C.SKY_ROWS + 1))
    assert research["spaces"][0]["where"] == "start" and len(research["spaces"]) == research["last"] + 1
    assert v["tracks"]["energy"]["uncertain"] and v["tracks"]["damage"]["uncertain"]  # interpreted lengths
    assert v["notes"]


def test_nine_card_edition_names_and_uncertain_sides() -> None:
    easy = view(soloboard.load_game("ufs-pnp", level=0).new_initial_state())
    assert easy["city"] is None
    assert easy["edition"]["ships"]["primary"] == "green" and easy["edition"]["ships"]["reinforcement"] == "red"
    assert easy["edition"]["dice"]["plain"] == "black"
    assert easy["sky"]["rows"] == 15 and not easy["tracks"]["research"]["beside_sky"]
    assert easy["sky"]["acts_before_descending"]
    assert not any(c.get("uncertain") for c in easy["sky"]["cells"])
    assert not any(p["uncertain"] for p in easy["sky"]["parts"])
    assert [(p["id"], p["number"]) for p in easy["sky"]["parts"]] == [(f"sky-{n}", n) for n in (1, 2, 3, 4)]
    hard = view(soloboard.load_game("ufs-pnp", difficult=["sky-3"]).new_initial_state())
    part = next(p for p in hard["sky"]["parts"] if p["id"] == "sky-3")
    assert part["uncertain"] and part["side"] == "difficult" and part["doubtful"]
    flagged = {c["row"] for c in hard["sky"]["cells"] if c.get("uncertain")}
    assert flagged == set(part["rows"])
    assert {a["row"] for a in hard["sky"]["actions"] if a.get("uncertain")} == set(part["rows"])
    assert any("unverified" in note for note in hard["notes"])


def test_before_the_set_up_draw() -> None:
    state = soloboard.load_game("ufs", city="roswell", threat=2).new_initial_state()
    assert state.is_chance_node()
    v = view(state)
    assert v["setup"] is True and v["edition"]["title"]
    json.dumps(v)


def test_spawn_choice_in_the_nine_card_edition_names_the_ship() -> None:
    """9-card: the player chooses which waiting ship spawns where; each (column, ship) is its own click."""
    for state in _positions("ufs-pnp", {"level": 0}, 21, limit=600):
        if state.phase_name == "spawn" and state.waiting_primary and state.waiting_reinforcements:
            targets = [move_targets(state, a) for a in state.legal_actions()]
            ships = {t["ship"] for t in targets}
            assert ships == {"green", "red"}
            return
    pytest.skip("no spawn choice between both ships in these games")


@pytest.mark.parametrize(("name", "params", "seed"), SETUPS)
def test_a_spawn_move_shows_the_ship_the_engine_spawns(name: str, params: dict[str, Any], seed: int) -> None:
    """The ship a spawn click names is the one the engine puts on that drop point (``spawned_ship``)."""
    checked = 0
    for state in _positions(name, params, seed, limit=600):
        if state.phase_name != "spawn":
            continue
        for action in state.legal_actions():
            target = move_targets(state, action)
            col = A.spawn_column(action)
            ship = state.spawned_ship(action)
            assert target["ship"] == state.game.ship_names[ship - 1]
            after = state.clone()
            after.apply_action(action)
            assert after.grid[state.mothership_row * A.COLS + col] == ship
            spawned = next(e for e in state.preview(action) if e["kind"] == "ship_spawned")
            assert (spawned["ship"], spawned["col"]) == (target["ship"], target["col"])
            checked += 1
    assert checked


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


@pytest.mark.parametrize("lang", ["en", "pt", "cs", "pl", "es"])
def test_every_language_names_the_board_with_the_logs_words(lang: str) -> None:
    """Inside ``i18n.use(lang)`` the board's names are the narration's (ufs/narrate.py), filled in."""
    from soloboard.i18n import use
    from soloboard.ufs import words

    for name, params in (("ufs", {"city": "new-york", "side": "damaged", "sky": "TTEE"}), ("ufs-pnp", {"level": 0})):
        state = soloboard.load_game(name, **params).new_initial_state()
        with use(lang):
            v = view(state)
            reinforcement = state.game.ship_names[1]
            for a in v["sky"]["actions"]:
                if a["kind"] in ("excavator_back", "research_back", "add_white_ships", "damage"):
                    said = words.effect_text(a["kind"], a["amount"], reinforcement)
                    assert a["text"] == said[:1].upper() + said[1:]
            assert {r["name"] for r in v["base"]["rooms"]} <= {words.room_name(k) for k in
                                                               ("energy", "fighters", "research", "robots",
                                                                "energy+fighters")}
            assert {s["name"] for s in v["ships"]} <= {words.ship_colour(n) for n in state.game.ship_names}
        for text in _strings(v):
            assert "{" not in text or "}" not in text, text  # no placeholder left unfilled
