"""What the terminal says, from events: every event kind in words, previews of moves and rooms."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import soloboard
from soloboard.cli.play import PlaySession
from soloboard.core.chance import HistorySampler
from soloboard.ufs import narrate as N
from soloboard.ufs import words

GAMES = [("ufs", {"threat": 2}), ("ufs", {"city": "washington", "threat": 1}),
         ("ufs", {"city": "washington", "side": "damaged", "threat": 1}), ("ufs", {"city": "new-york", "threat": 0}),
         ("ufs", {"city": "roswell", "side": "damaged", "threat": 1}), ("ufs-pnp", {})]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOLOBOARD_HOME", str(tmp_path / "home"))


def games(game: str, params: dict[str, Any], seeds: range) -> Iterator[Any]:
    """Finished games, moves chosen at random from the seed (so rooms, robots and fighters are used)."""
    import random

    for seed in seeds:
        state = soloboard.load_game(game, **params).new_initial_state()
        sampler = HistorySampler(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(sampler(state) if state.is_chance_node() else rng.choice(state.legal_actions()))
        yield state


@pytest.mark.parametrize(("game", "params"), GAMES)
def test_every_event_is_told_with_its_fields(game: str, params: dict[str, Any]) -> None:
    g = soloboard.load_game(game, **params)
    seen = set()
    for state in games(game, params, range(15)):
        for ev in state.events():
            text = N.phrase(ev, g)
            seen.add(ev["kind"])
            # a known kind is told in words, never as the generic 'kind: field value' fallback
            assert not text.startswith(ev["kind"].replace("_", " ") + ":"), ev
            for key in ("from", "to", "space", "at", "col", "row", "round", "total"):
                if key in ev and ev["kind"] not in ("ships_waiting",):
                    assert str(ev[key]) in text, (ev, text)
            if ev["kind"] == "ship_moved":
                assert text.endswith(f"{ev['ship']} ship {ev['from']} → {ev['to']}")
            if ev["kind"] == "ability":
                assert not text.endswith(f"ability: {ev['effect']}")  # each ability in words
    assert {"ship_moved", "dice_rolled", "mothership_descended", "mothership_action", "room_used"} <= seen


def test_segments_cut_at_rounds_and_phases() -> None:
    state = next(games("ufs", {"threat": 1}, range(1)))
    segments = N.segments(state.events())
    starts = [ev for ev in state.events() if ev["kind"] in ("round_started", "phase")]
    assert len(segments) >= len(starts)
    assert sum(len(s.events) for s in segments) == len(state.events()) - len(starts)
    rounds = [s.round for s in segments]
    assert rounds == sorted(rounds) and rounds[-1] == state.round
    for segment in segments:
        assert all(ev["kind"] not in ("round_started", "phase") for ev in segment.events)


def test_the_mothership_phase_is_told_step_by_step() -> None:
    state = next(games("ufs", {"threat": 2}, range(3)))
    events = state.events()
    first = next(i for i, ev in enumerate(events) if ev.get("phase") == "mothership")
    phase = [ev for ev in events[first + 1:] if ev["action"] == events[first]["action"]]
    lines = N.step_lines(phase, state.game)
    descended = next(ev for ev in phase if ev["kind"] == "mothership_descended")
    assert any(f"moves down to row {descended['row']}" in line for line in lines)
    action = next(ev for ev in phase if ev["kind"] == "mothership_action")
    told = next(line for line in lines if line.startswith("Mothership action on row"))
    assert words.effect_text(action["effect"], action["amount"], "white") in told


def room_previews(game: str, params: dict[str, Any]) -> Iterator[tuple[Any, int, list[dict[str, Any]]]]:
    for state in games(game, params, range(40)):
        replay = state.game.new_initial_state()
        for action in state.history():
            if replay.phase_name == "rooms":
                for option in replay.legal_actions():
                    if replay.action_to_string(option).startswith("use"):
                        yield replay, option, replay.preview(option)
            replay.apply_action(action)


def test_room_previews_say_when_the_value_is_wasted() -> None:
    research = robot = False
    for state, _action, events in room_previews("ufs-pnp", {}):
        used = next(ev for ev in events if ev["kind"] == "room_used")
        text = N.preview_text(events, state.game)
        if used["type"] == "research" and used.get("reason") == "next_cost":
            assert f"no research: the next space costs {used['next_cost']}" in text
            assert used["next_cost"] == state.sky.research_costs[state.research + 1] > used["value"]
            research = True
        if used["type"] == "robots" and used.get("reason") == "below_one":
            assert "robot value below 1: no robot" in text
            robot = True
        if research and robot:
            return
    pytest.fail(f"wasted research seen: {research}, wasted robot seen: {robot}")


def test_preview_in_the_terminal_tells_what_a_placement_would_do() -> None:
    state = soloboard.load_game("ufs", threat=1).new_initial_state()
    sampler = HistorySampler(11)
    while state.is_chance_node():
        state.apply_action(sampler(state))
    move = max(state.legal_actions(), key=lambda a: len(state.preview(a)))
    notation = state.action_to_string(move)
    lines = iter([f"preview {notation}", "preview G9z9", "preview done", "quit"])
    out = io.StringIO()
    session = PlaySession(state.clone(), 11, Console(file=out, width=200, height=60), lambda _p: next(lines))
    session.run()
    text = out.getvalue()
    assert f"Preview {notation}: {N.preview_text(state.preview(move), state.game)}" in text
    assert "Cannot read 'G9z9'" in text and "Not allowed (phase order)" in text
    assert session.state == state  # a preview changes nothing
    assert text.count("Under Falling Skies — ") == 1  # ...and nothing is reprinted: the board came once
