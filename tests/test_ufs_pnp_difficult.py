"""The 9-card edition's difficult sides (issue 9): set-up, refusals, and each playable card in play.

Rules: the Spanish rulebook ("Cada uno agrega +1 NIVEL"; the mothership phase resolves the
symbol just below the card's arrow, then the card moves down) and docs/ufs-pnp.md.
Difficult-side data, copied from the package's data files (a single unverified third-party
transcription) into these tests; ``M`` mothership descends, ``<``/``>`` arrow, ``Xn`` explosion:

  row card  a   b   c   d   e    track symbol           easy side of the same row (for contrast)
   1   1    >   .   .   .   .    excavator back 2       .  .  .  .  .   (none)
   3   1    .   <   .   M   X2   add a red ship         .  X1 >  .  .   add a red ship
   4   1    M   X3  .   .   <    excavator back 1
   5   2    M   .   <   .   M    add a red ship
   6   2    .   M   .   X5  X4   research back 2        (easy: excavator back 2)
   8   2    X3  >   .   X7  .    excavator back 1
   9   3    .   <   M   .   <    base takes 1 damage    (easy: excavator back 1)
  10   3    M   X5  >   .   .    research back 1
  11   3    >   .   .   M   .    SKULL                  (easy: none; the easy skull is on row 12)
  14   4    M   .   <   X5  M    unknown (never resolved)
  15   4    X7  M   X5  M   X6   unknown (never resolved)

Not playable (values no source gives): science (energy track start and top), base-0 (its
damage spaces, the AA guns' amount), base-1 (space d5, its damage spaces), mothership (no
difficult side in any source). The easy base (see test_ufs_pnp.py): a1 ENE-1 $0, b1 ROB-1 $1,
c1 FIG-1 $1, d1 tunnel, e1 RES-1 $1; a2 RES $1, b2+c2 ENE, d2 FIG $2, e2 tunnel (excavator);
a3 ROB $2, b3 FIG+1 $2, c3+d3 RES $1, e3 ENE. Research costs (easy card) 3 1 4 2 ...
"""

from __future__ import annotations

import copy
import io
import itertools
import json
import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from rich.console import Console

import soloboard
from soloboard.cli.main import _game_params, build_parser, main
from soloboard.cli.play import run_play
from soloboard.core.chance import sample_outcome
from soloboard.ufs import components, pnp
from soloboard.ufs.serialize import position_dict

COLS = 5
ROWS = 15
SKY = ("sky-1", "sky-2", "sky-3", "sky-4")
CARDS = ("mothership", "sky-1", "sky-2", "sky-3", "sky-4", "base-0", "base-1", "science")
COMBOS = [list(c) for n in range(len(SKY) + 1) for c in itertools.combinations(SKY, n)]


def position(
    difficult: list[str],
    *,
    phase: str = "place",
    ms: int = 0,
    ships: Mapping[tuple[int, int], str] | None = None,
    research: int = 0,
    energy: int = 2,
    damage: int = 0,
    excavator: str = "e2",
    dice: Mapping[str, int] | None = None,
    black: list[int] | None = None,
) -> Any:
    """A 9-card position with ``difficult`` cards on their difficult side, loaded through the save format."""
    ships = {(ms, c): "G" for c in range(COLS)} if ships is None else ships
    rows = [["."] * COLS for _ in range(ROWS + 1)]
    for (r, c), ship in ships.items():
        rows[r][c] = ship
    sky = ["".join(r) for r in rows]
    greens = sum(r.count("G") for r in sky)
    reds = sum(r.count("R") for r in sky)
    dice = dict(dice or {})
    pos = {
        "phase": phase, "round": 1, "card_sides": ["difficult" if c in difficult else "easy" for c in CARDS],
        "mothership_row": ms, "sky": sky, "waiting": {"green": 5 - greens, "red": 0}, "red_supply": 2 - reds,
        "research": research, "energy": energy, "damage": damage, "excavator": excavator, "dice": dice,
        "robots": {}, "unplaced": {"black": black or [], "white": []},
        "columns_used": "".join(sorted({n[0] for n in dice})), "dig_die": None, "result": None, "loss_cause": None,
    }
    data = {"format": "soloboard-state", "version": 1, "game": "ufs-pnp",
            "params": {"difficult": difficult, "energy_rule": "max"}, "position": pos}
    return soloboard.state_from_json(json.dumps(data))


def play(state: Any, *moves: str) -> Any:
    for move in moves:
        state.apply_action(state.string_to_action(move))
    return state


def p(state: Any) -> dict[str, Any]:
    return position_dict(state)


# --- set-up: names, levels and refusals -------------------------------------------------------

def test_every_sky_card_plays_its_difficult_side_and_the_title_says_where_it_comes_from() -> None:
    for combo in COMBOS:
        state = soloboard.load_game("ufs-pnp", difficult=combo).new_initial_state()
        assert p(state)["card_sides"] == ["difficult" if c in combo else "easy" for c in CARDS]
        assert state.phase_name == "roll"  # named cards: no set-up draw
        assert state.game.level == len(combo) and state.game.parameters()["difficult"] == combo
        if combo:
            assert "difficult sides: unverified transcription" in str(state).splitlines()[0]
            assert any("single unverified third-party transcription" in n for n in state.game.notices())
        else:
            assert not any("third-party" in n for n in state.game.notices())
    hard = soloboard.load_game("ufs-pnp", difficult=SKY).new_initial_state()
    assert hard.sky.skull_row == 11  # the difficult sky card 3 prints the skull one row higher
    assert hard.sky.research_costs[1:5] == (3, 1, 4, 2)  # the research card stays easy


@pytest.mark.parametrize(("name", "card"), [
    ("sky-2", "sky-2"), ("2", "sky-2"), ("Sky 2", "sky-2"), ("card2", "sky-2"), (3, "sky-3"),
    ("bunker-1", "base-1"), ("research", "science"), ("MOTHERSHIP", "mothership"),
])
def test_cards_are_named_by_name_or_number(name: Any, card: str) -> None:
    assert pnp.parse_cards([name]) == [card]


def test_a_string_names_several_cards() -> None:
    assert pnp.parse_cards("sky-1,sky-3") == ["sky-1", "sky-3"]
    assert pnp.parse_cards("1 4 1") == ["sky-1", "sky-4"]
    assert pnp.parse_cards("sky 2, card 3") == ["sky-2", "sky-3"]


@pytest.mark.parametrize(("card", "values"), [
    ("science", ["the start space of the energy track", "the top of the energy track"]),
    ("base-0", ["the damage spaces printed down the card's left edge", "how much an AA gun slows the ships"]),
    ("base-1", ["space d5 (room or tunnel)", "the damage spaces printed down the card's left edge"]),
    ("mothership", ["the difficult side itself (mothership, difficult side)"]),
])
def test_a_side_that_needs_an_unknown_value_is_refused_naming_it(card: str, values: list[str]) -> None:
    with pytest.raises(ValueError, match=f"cannot play {card} on the difficult side") as err:
        soloboard.load_game("ufs-pnp", difficult=["sky-1", card])
    message = str(err.value)
    for value in values:
        assert value in message
    assert f"data/pnp/{card}.json" in message and "never guessed" in message
    assert "sky-1" not in message  # the playable card is not blamed


def test_levels_draw_only_among_the_playable_cards() -> None:
    for level in range(5):
        game = soloboard.load_game("ufs-pnp", level=level)
        state = game.new_initial_state()
        subsets = list(itertools.combinations(SKY, level))
        if len(subsets) == 1:  # level 0 and level 4: a draw with one outcome is no chance event
            assert state.phase_name == "roll"
            assert p(state)["card_sides"] == ["difficult" if c in subsets[0] else "easy" for c in CARDS]
            continue
        outcomes = state.chance_outcomes()
        assert len(outcomes) == len(subsets) and all(prob == pytest.approx(1 / len(subsets)) for _, prob in outcomes)
        drawn = set()
        for action, _ in outcomes:
            child = state.clone()
            child.apply_action(action)
            drawn.add(tuple(c for c, side in zip(CARDS, p(child)["card_sides"], strict=True) if side == "difficult"))
        assert drawn == set(subsets)


@pytest.mark.parametrize("level", [5, 6, 7, 8])
def test_a_level_above_the_playable_cards_is_refused_with_the_reason(level: int) -> None:
    with pytest.raises(ValueError, match=f"level {level} needs {level} cards") as err:
        soloboard.load_game("ufs-pnp", level=level)
    message = str(err.value)
    assert "only 4 difficult sides can be played (sky-1, sky-2, sky-3, sky-4)" in message
    assert "science: the start space of the energy track" in message and "base-1: space d5" in message


def test_a_set_up_draw_naming_an_unplayable_card_is_refused() -> None:
    state = soloboard.load_game("ufs-pnp", level=1).new_initial_state()
    with pytest.raises(soloboard.IllegalActionError, match="not a set-up draw"):
        play(state, "cards EEEEEEED")  # the research card
    play(state, "cards EEEDEEEE")
    assert p(state)["card_sides"][3] == "difficult"


def test_unknown_track_symbols_on_sky_card_4_are_never_resolved() -> None:
    assert [u.track_rows for u in pnp.side_unknowns("sky-4", "difficult")] == [(13, 14, 15)]
    for combo in COMBOS:
        state = soloboard.load_game("ufs-pnp", difficult=combo).new_initial_state()
        # the mothership resolves rows 1..skull only; the skull is on row 11 or 12, above sky card 4
        assert state.sky.skull_row <= 12
        assert state.sky.action[13:16] == [None, None, None]


@pytest.fixture
def found_values(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Made-up values for this test only: what it takes when someone finds a missing value."""
    real = components._read

    def read(path: str) -> dict[str, Any]:
        data = real(path)
        if path == "pnp/science.json":
            data = copy.deepcopy(data)
            data["sides"]["difficult"]["energy"] = {"max": 6, "start": 1}
        return data

    caches = (components.pnp_card, pnp.side_unknowns, pnp.missing_values, pnp.build_layout)
    for cached in caches:
        cached.cache_clear()
    monkeypatch.setattr(components, "_read", read)
    yield
    monkeypatch.undo()
    for cached in caches:
        cached.cache_clear()


def test_a_side_plays_once_its_unknown_values_are_in_the_data(found_values: None) -> None:
    state = soloboard.load_game("ufs-pnp", difficult=["science"]).new_initial_state()
    assert (state.layout.start_energy, state.layout.energy_max) == (1, 6)
    # the difficult research costs (costs 5-9 in the order the reference data gives)
    assert state.sky.research_costs[1:] == (2, 2, 5, 1, 4, 5, 2, 2, 7, 1, 7, 3, 4, 12)
    assert soloboard.load_game("ufs-pnp", level=5).setup_masks() == [0b10011110]  # all four sky cards + science


# --- sky card 1 --------------------------------------------------------------------------------

def test_sky_1_row_1_arrow_moves_a_ship_that_stops_there() -> None:
    state = position(["sky-1"], black=[1, 2])
    play(state, "B1a1")  # the green ship on a0 moves 1 row onto a1: '>' moves it to b1
    assert p(state)["sky"][1] == ".G..."
    easy = position([], black=[1, 2])
    play(easy, "B1a1")  # the easy side's row 1 is empty: it stays
    assert p(easy)["sky"][1] == "G...."


def test_sky_1_mothership_symbol_moves_the_card() -> None:
    state = position(["sky-1"], black=[3, 2])
    play(state, "B3d1")  # the ship on d0 lands on d3: 'M'
    assert p(state)["mothership_row"] == 1


def test_sky_1_explosions_x2_and_x3() -> None:
    ships = {(0, 0): "G", (0, 2): "G", (0, 3): "G", (3, 4): "G", (4, 1): "G"}
    state = position(["sky-1"], phase="rooms", ships=ships, dice={"c1": 3, "a1": 1}, energy=2)
    play(state, "use c1")  # FIG-1 with a 3: value 2 shoots e3 (X2), not b4 (X3)
    assert p(state)["sky"][3] == "....." and p(state)["sky"][4] == ".G..."
    state = position(["sky-1"], phase="rooms", ships=ships, dice={"c1": 4, "a1": 1}, energy=2)
    play(state, "use c1")  # value 3 shoots both
    assert p(state)["sky"][3] == "....." and p(state)["sky"][4] == "....."
    assert p(state)["waiting"]["green"] == 2


def test_sky_1_track_symbols_excavator_back_2_and_add_a_red_ship() -> None:
    state = position(["sky-1"], phase="rooms", dice={"c1": 1}, excavator="c3")
    play(state, "done")  # row 1: excavator back 2 (c3 -> a3), then the card moves to row 1
    assert p(state)["excavator"] == "a3" and p(state)["mothership_row"] == 1
    easy = position([], phase="rooms", dice={"c1": 1}, excavator="c3")
    play(easy, "done")  # the easy row 1 has no symbol
    assert p(easy)["excavator"] == "c3"
    state = position(["sky-1"], phase="rooms", ms=2, dice={"c1": 1})
    play(state, "done")  # row 3: a red ship goes onto the card (every drop point is taken: it waits)
    assert p(state)["red_supply"] == 1 and p(state)["waiting"]["red"] == 1


# --- sky card 2 --------------------------------------------------------------------------------

def test_sky_2_research_back_2_where_the_easy_side_moves_the_excavator() -> None:
    state = position(["sky-2"], phase="rooms", ms=5, dice={"c1": 1}, research=3, excavator="c3")
    play(state, "done")  # row 6: research back 2
    assert (p(state)["research"], p(state)["excavator"], p(state)["mothership_row"]) == (1, "c3", 6)
    easy = position([], phase="rooms", ms=5, dice={"c1": 1}, research=3, excavator="c3")
    play(easy, "done")  # easy row 6: excavator back 2
    assert (p(easy)["research"], p(easy)["excavator"]) == (3, "a3")


def test_sky_2_explosion_x7_needs_a_value_of_7() -> None:
    ships = {(0, c): "G" for c in range(4)} | {(8, 3): "G"}
    state = position(["sky-2"], phase="rooms", ships=ships, dice={"b3": 5, "c1": 1}, excavator="c3", energy=2)
    play(state, "use b3")  # FIG+1 with a 5: value 6, not enough for X7
    assert p(state)["sky"][8] == "...G."
    state = position(["sky-2"], phase="rooms", ships=ships, dice={"b3": 6, "c1": 1}, excavator="c3", energy=2)
    play(state, "use b3")  # value 7
    assert p(state)["sky"][8] == "....." and p(state)["waiting"]["green"] == 1


def test_sky_2_arrow_on_row_8_and_mothership_symbol_on_row_5() -> None:
    ships = {(0, 1): "G", (0, 2): "G", (0, 3): "G", (0, 4): "G", (6, 1): "G"}
    state = position(["sky-2"], ships=ships, black=[2, 1])
    play(state, "B2b1")  # b0 -> b2 ('.'), b6 -> b8 ('>') -> c8
    assert p(state)["sky"][8] == "..G.." and p(state)["sky"][2] == ".G..."
    state = position(["sky-2"], ships={(0, c): "G" for c in range(4)} | {(4, 4): "G"}, black=[1, 2])
    play(state, "B1e1")  # e4 -> e5: 'M'
    assert p(state)["mothership_row"] == 1


# --- sky card 3 --------------------------------------------------------------------------------

def test_sky_3_resolving_the_skull_on_row_11_loses() -> None:
    state = position(["sky-3"], phase="rooms", ms=10, dice={"c1": 1})
    play(state, "done")
    assert state.is_terminal() and state.loss_cause == "the skull symbol was resolved"
    easy = position([], phase="rooms", ms=10, dice={"c1": 1})
    play(easy, "done")  # the easy row 11 has no symbol: the card moves down
    assert not easy.is_terminal() and p(easy)["mothership_row"] == 11


def test_sky_3_the_mothership_reaching_row_11_loses() -> None:
    # ms 10: the ship on the drop point above column d moves 1 onto d11, 'M': the card reaches the skull row
    state = position(["sky-3"], ms=10, black=[1, 2])
    play(state, "B1d1")
    assert state.is_terminal() and state.loss_cause == "mothership reached the skull row"
    with pytest.raises(soloboard.InvalidSaveError, match=r"'mothership_row' is 11, outside 0\.\.10"):
        position(["sky-3"], ms=11)


def test_sky_3_base_takes_1_damage_on_row_9() -> None:
    state = position(["sky-3"], phase="rooms", ms=8, dice={"c1": 1}, damage=2, excavator="c3")
    play(state, "done")
    assert p(state)["damage"] == 3 and p(state)["excavator"] == "c3"
    easy = position([], phase="rooms", ms=8, dice={"c1": 1}, damage=2, excavator="c3")
    play(easy, "done")  # easy row 9: excavator back 1
    assert p(easy)["damage"] == 2 and p(easy)["excavator"] == "b3"


# --- sky card 4 --------------------------------------------------------------------------------

def test_sky_4_explosion_x7_and_mothership_symbol() -> None:
    ships = {(0, c): "G" for c in range(1, 5)} | {(15, 0): "G"}
    state = position(["sky-4"], phase="rooms", ships=ships, dice={"b3": 6, "c1": 1}, excavator="c3", energy=2)
    play(state, "use b3")  # FIG+1 with a 6: value 7 shoots a15 (X7)
    assert p(state)["sky"][15] == "....."
    ships = {(0, c): "G" for c in range(4)} | {(12, 4): "G"}
    state = position(["sky-4"], ships=ships, black=[2, 1])
    play(state, "B2e1")  # e0 -> e2, e12 -> e14: 'M'
    assert p(state)["mothership_row"] == 1


def test_sky_4_a_ship_leaving_row_15_hits_the_city() -> None:
    ships = {(0, c): "G" for c in range(4)} | {(15, 4): "G"}
    state = position(["sky-4"], ships=ships, black=[1, 2], damage=1)
    play(state, "B1e1")
    assert p(state)["damage"] == 2 and p(state)["waiting"]["green"] == 1


# --- random play with every playable combination -------------------------------------------------

def _random_game(game: Any, rng: random.Random) -> Iterator[Any]:
    state = game.new_initial_state()
    yield state
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
        else:
            acts = state.legal_actions()
            uses = [a for a in acts if 360 <= a < 450]  # favour rooms: robots, digging, research
            state.apply_action(rng.choice(uses if uses and rng.random() < 0.7 else acts))
        yield state


@pytest.mark.parametrize("params", [{"difficult": c} for c in COMBOS] + [{"level": n} for n in range(1, 4)],
                         ids=lambda params: json.dumps(params))
def test_random_games_with_every_playable_combination_keep_the_invariants(params: dict[str, Any]) -> None:
    rng = random.Random(json.dumps(params))
    for rule in ("max", "add"):
        game = soloboard.load_game("ufs-pnp", energy_rule=rule, **params)
        for _ in range(15):
            for state in _random_game(game, rng):
                if state.sky is None:
                    continue
                pos = p(state)
                sky = "".join(pos["sky"])
                assert sky.count("G") + pos["waiting"]["green"] == 5
                assert sky.count("R") + pos["waiting"]["red"] + pos["red_supply"] == 2
                assert 0 <= state.energy <= 7 and 0 <= state.damage <= 5
                assert pos["mothership_row"] < state.sky.skull_row or state.is_terminal()
                assert not any(name.endswith("0") for name in pos["robots"])
                if not state.is_terminal():
                    assert state.legal_actions()
            assert state.returns() in ([0.0], [1.0])
            if state.is_terminal() and state.returns() == [0.0]:
                assert state.loss_cause in ("base destroyed", "the skull symbol was resolved",
                                            "mothership reached the skull row")
        loaded = soloboard.state_from_json(state.to_json())  # the last game, saved with its history
        assert loaded == state and loaded.game.parameters() == game.parameters()


# --- the command line ----------------------------------------------------------------------------

def test_the_command_line_takes_difficult_and_level() -> None:
    args = build_parser().parse_args(["play", "ufs-pnp", "--difficult", "sky-1,sky-3"])
    assert _game_params(args) == {"difficult": "sky-1,sky-3"}
    args = build_parser().parse_args(["play", "ufs-pnp", "--level", "2"])
    assert _game_params(args) == {"level": 2}
    with pytest.raises(ValueError, match="--difficult is an option of ufs-pnp, not of ufs"):
        _game_params(build_parser().parse_args(["play", "ufs", "--difficult", "sky-1"]))


def test_an_unplayable_level_on_the_command_line_exits_with_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "ufs-pnp", "--level", "5", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "level 5 needs 5 cards" in err and "Traceback" not in err
    assert main(["sim", "ufs-pnp", "--difficult", "base-1", "--games", "1"]) == 2
    assert "space d5 (room or tunnel)" in capsys.readouterr().err


def test_playing_level_2_in_the_terminal_shows_the_notice(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOLOBOARD_HOME", str(tmp_path))  # the autosave goes there, not into the user's home
    out = io.StringIO()
    code = run_play("ufs-pnp", {"level": 2}, seed=3, console=Console(file=out, width=120),
                    input_fn=lambda prompt: "quit")
    text = " ".join(out.getvalue().split())
    assert code == 0
    assert "single unverified third-party transcription" in text
    assert "9-card edition, level 2 (difficult sides: unverified transcription)" in text
