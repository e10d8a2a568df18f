"""The place-phase screen fits the terminal: 80x24 and 120x40, nothing cut, nothing wrapped.

Positions come from real games of both editions (every place-phase decision of their first
rounds, with the mothership at several rows). The screen is what the session prints before
the prompt; a line that wrapped would add a line, a cut line would be wider than its text.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console

import soloboard
from soloboard.cli.play import PlaySession, same_spawn_outcome
from soloboard.cli.ufs_screen import compact_board, danger
from soloboard.core.chance import HistorySampler

SIZES = [(80, 24), (120, 40)]
GAMES = [("ufs", {"threat": 1}), ("ufs", {"threat": 4}), ("ufs-pnp", {})]


def place_positions(game: str, params: dict[str, Any], seed: int, rounds: int = 7) -> Iterator[Any]:
    """Every place-phase decision of one game's first ``rounds`` rounds (digging moves first)."""
    state = soloboard.load_game(game, **params).new_initial_state()
    sampler = HistorySampler(seed)
    while not state.is_terminal() and state.round <= rounds:
        if state.is_chance_node():
            state.apply_action(sampler(state))
            continue
        if state.phase_name == "place":
            yield state.clone()
        state.apply_action(state.legal_actions()[-1])


def screen(state: Any, width: int, height: int) -> tuple[list[str], list[Any]]:
    """The lines the session prints before its prompt, and the renderables it printed."""
    out = io.StringIO()
    console = Console(file=out, width=width, height=height, record=True, color_system=None)
    printed: list[Any] = []
    original = console.print

    def print_and_keep(*objects: Any, **kwargs: Any) -> None:
        printed.extend(objects)
        original(*objects, **kwargs)

    console.print = print_and_keep  # type: ignore[method-assign]
    PlaySession(state, 1, console, input).show()
    return console.export_text(styles=False).splitlines(), printed


def natural_lines(renderable: Any) -> list[str]:
    """A renderable's lines with all the room it wants: what it would show if never wrapped or cut."""
    console = Console(file=io.StringIO(), width=10_000, record=True, color_system=None)
    console.print(renderable)
    return [line.rstrip() for line in console.export_text(styles=False).splitlines()]


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize(("game", "params"), GAMES)
def test_the_place_phase_screen_fits(game: str, params: dict[str, Any], width: int, height: int) -> None:
    checked = 0
    rows_seen = set()
    for seed in (1, 2):
        for state in place_positions(game, params, seed):
            lines, printed = screen(state, width, height)
            assert len(lines) + 1 <= height, "\n".join(lines)  # + the prompt
            natural = [line for renderable in printed for line in natural_lines(renderable)]
            # each printed line is a line the renderables meant, whole: none wrapped, none cut
            assert max(cell_len(line) for line in natural) <= width
            assert [line.rstrip() for line in lines] == natural
            rows_seen.add(state.mothership_row)
            checked += 1
    assert checked > 20 and len(rows_seen) > 1


@pytest.mark.parametrize(("game", "params"), GAMES)
def test_the_compact_board_shows_everything_the_place_phase_needs(game: str, params: dict[str, Any]) -> None:
    for state in place_positions(game, params, 3, rounds=4):
        lines = [line.plain for line in compact_board(state, 80, 21, set())]
        text = "\n".join(lines)
        g = state.game
        assert f"round {state.round}" in lines[0]
        assert f"Research {state.research}/{state.sky.research_last}" in text
        assert f"Energy {'■' * state.energy}" in text and f"{state.energy}/{state.layout.energy_max}" in text
        assert f"{state.damage}/{state.layout.damage_limit}" in text
        plain, white = state.unplaced_dice()
        dice_line = next(line[line.index("Dice:"):] for line in lines if "Dice:" in line)
        assert dice_line.count("[") == len(plain) + len(white)
        # every sky row from the mothership down, each ship where the state has it
        sky = {line.split()[0]: line for line in lines[3:] if line[:2].strip().isdigit()}
        for row in range(state.mothership_row + 1, state.sky.rows + 1):
            assert str(row) in sky
            cells = sky[str(row)][3:23].ljust(20)
            for col in range(5):
                ship = state.grid[row * 5 + col]
                assert cells[col * 4 + 3] == (g.ship_letters[ship - 1] if ship else " ")


def test_a_ship_one_move_from_the_city_is_flagged() -> None:
    """Some placement would send it into the city (found by previews): '!' on its row, named below."""
    for state in place_positions("ufs", {"threat": 1}, 4, rounds=12):
        hits = {ev["from"] for a in state.legal_actions() if a < 360
                for ev in state.preview(a) if ev["kind"] == "ship_hit_city"}
        if not hits:
            continue
        assert danger(state) == hits
        text = "\n".join(line.plain for line in compact_board(state, 80, 21))
        assert f"! one move from the city: {', '.join(sorted(hits, key=lambda c: (-int(c[1:]), c[0])))}" in text
        for cell in hits:
            row = next(line for line in text.splitlines() if line[:2].strip() == cell[1:])
            assert row[2] == "!"
        full = io.StringIO()
        Console(file=full, width=140, color_system=None).print(PlaySession(state, 1, Console(file=io.StringIO()),
                                                                           input).screen(full=True)[0])
        assert "!" in full.getvalue()
        return
    pytest.fail("no game came within one move of the city")


def test_bigger_terminals_get_the_full_board_and_the_move_list() -> None:
    state = next(place_positions("ufs", {"threat": 1}, 1))
    lines, _ = screen(state, 160, 90)
    text = "\n".join(lines)
    assert "Under Falling Skies — Roswell" in text and "mothership action" in text  # the full board
    assert "Your move, place phase" in text  # and the legal moves under it
    assert len(lines) + 1 <= 90 and max(cell_len(line) for line in lines) <= 160


def test_a_spawn_choice_that_changes_nothing_is_played_and_said() -> None:
    """When every drop point gives the same position the session plays it; otherwise it asks."""
    found_same = found_different = False
    for seed in range(40):
        state = soloboard.load_game("ufs", threat=1).new_initial_state()
        sampler = HistorySampler(seed)
        while not state.is_terminal() and not (found_same and found_different):
            if state.is_chance_node():
                state.apply_action(sampler(state))
                continue
            if state.phase_name == "spawn":
                finals = []
                for action in state.legal_actions():
                    trial = state.clone()
                    trial.apply_action(action)
                    finals.append(trial)
                same = same_spawn_outcome(state)
                if same and all(t.phase_name != "spawn" for t in finals):
                    assert all(f == finals[0] for f in finals)
                    found_same = True
                    out = io.StringIO()
                    session = PlaySession(state.clone(), seed, Console(file=out, width=100), input)
                    session.sampler = sampler
                    session.advance()
                    assert session.state.phase_name != "spawn"
                    assert "every choice gives the same position" in out.getvalue()
                elif not same:
                    found_different = True
            state.apply_action(state.legal_actions()[-1])
        if found_same and found_different:
            return
    pytest.fail(f"spawn choices seen: same {found_same}, different {found_different}")


def monstros_positions(players: int, seed: int) -> Iterator[Any]:
    import random

    state = soloboard.load_game("monstros", players=players).new_initial_state()
    sampler = HistorySampler(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sampler(state))
            continue
        yield state.clone()
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [1, 3, 6])
def test_the_monstros_table_fits_a_small_terminal(players: int) -> None:
    """On 80x24 the boxed tables give way to plain lines that leave room for the moves."""
    from soloboard.monstros.render import render_compact, render_full

    compact_used = 0
    for i, state in enumerate(monstros_positions(players, players)):
        if i % 7:
            continue
        out = io.StringIO()
        small = Console(file=out, width=80, height=24, record=True, color_system=None)
        small.print(state)
        shown = small.export_text(styles=False).splitlines()
        full = Console(file=io.StringIO(), width=80, height=24, record=True, color_system=None)
        full.print(render_full(state))
        tall = full.export_text(styles=False).splitlines()
        if len(tall) + 8 <= 24:
            assert shown == tall
        else:
            compact_used += 1
            assert len(shown) < len(tall)
            small_compact = Console(file=io.StringIO(), width=80, record=True, color_system=None)
            small_compact.print(render_compact(state, 80))
            assert shown == small_compact.export_text(styles=False).splitlines()
            assert len(shown) + 8 <= 24 or len(state.table) + players > 8  # only a crowded table is taller
    assert compact_used
