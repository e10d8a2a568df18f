"""Hints and reviews on saved games: ``soloboard hint``, ``soloboard review``, and the terminal's
``hint`` and ``ai`` commands."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import soloboard
from conftest import make_position
from soloboard import agents
from soloboard.agents import analysis
from soloboard.cli.hint import run_hint
from soloboard.cli.main import main
from soloboard.cli.play import run_play
from soloboard.cli.play_monstros import run_play_monstros
from soloboard.cli.review import run_review
from soloboard.core.chance import sample_outcome
from soloboard.core.registry import kit_of


@pytest.fixture(autouse=True)
def autosave_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("soloboard-home")
    monkeypatch.setenv("SOLOBOARD_HOME", str(home))
    return home


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=200, height=400), out


def saved(tmp_path: Path, state: Any, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(state.to_json(), encoding="utf-8")
    return str(path)


def play_until(name: str, params: dict[str, Any], agent: Any, seed: int, decisions: int | None = None) -> Any:
    """A game played by ``agent`` until ``decisions`` decisions were taken (None: to the end)."""
    state = soloboard.load_game(name, **params).new_initial_state()
    rng = random.Random(seed)
    taken = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
        elif decisions is not None and taken >= decisions:
            break
        else:
            state.apply_action(agent.step(state))
            taken += 1
    return state


def forced_win() -> Any:
    return make_position(research=15, excavator="e3", energy=2, gray=[5, 6], columns_used="abe",
                         ships={(3, c): "P" for c in range(5)})


# --- hints ------------------------------------------------------------------------------------------------

def test_hints_rank_the_winning_moves_first() -> None:
    moves = analysis.hints(forced_win(), budget="300it")
    assert len(moves) == 3
    state = forced_win()
    assert state.action_to_string(moves[0].action) in {"G6c3", "G6d3", "G5c3", "G5d3"}
    assert moves[0].win > 0.9
    for m in moves:
        assert 0.0 <= m.win <= 1.0
        if m.low is not None and m.high is not None:  # an interval only where the calibration gives one
            assert 0.0 <= m.low <= m.win <= m.high <= 1.0


def test_a_hint_for_a_certain_outcome_says_1_or_0() -> None:
    """A move whose every continuation wins shows 100 %; a lost position's moves show 0 %, whatever the
    calibration map does to uncertain estimates."""
    def winning(position: Any) -> list[int]:
        out = []
        for action in position.legal_actions():
            child = position.clone()
            child.apply_action(action)
            if child.is_terminal() and child.returns()[0] > 0:
                out.append(action)
        return out

    # from the forced win, the hint's moves lead to a decision with a move that wins at once
    state = forced_win()
    rng = random.Random(0)
    while not winning(state):
        assert not state.is_terminal()
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
        else:
            state.apply_action(analysis.hints(state, budget="300it", top=1)[0].action)
    won = winning(state)
    moves = {m.action: m for m in analysis.hints(state, budget="300it", top=len(state.legal_actions()))}
    assert any(moves[a].win == 1.0 for a in won if a in moves)
    assert all(m.win == 1.0 for m in moves.values() if m.raw == 1.0)
    lost = analysis.chances(state, [type("M", (), {"action": 0, "visits": 5, "win": 0.0})()])
    assert lost[0].win == 0.0


def test_soloboard_hint_on_a_saved_game(tmp_path: Path) -> None:
    state = play_until("ufs", {"threat": 1}, agents.make("greedy"), seed=4, decisions=7)
    path = saved(tmp_path, state)
    con, out = console()
    # how fast it answers is measured by tools/hint_latency.py (a benchmark printing its figures), not timed here
    assert run_hint(path, console=con) == 0
    text = out.getvalue()
    legal = {state.action_to_string(a) for a in state.legal_actions()}
    rows = [line for line in text.splitlines() if line.split() and line.split()[0] in legal]
    assert len(rows) == 3, text
    for row in rows:
        assert re.search(r"\b\d+%", row)
    # what the move does, told from the engine's events
    assert re.search(r"ship|research|energy|robot|excavator|die", text)


def test_hint_text_says_what_the_move_does() -> None:
    state = make_position(ships={(9, 2): "P", (14, 0): "P"}, dice={"a1": 6}, columns_used="a", phase="rooms",
                          energy=3)
    text = kit_of(state).move_effect(state, state.string_to_action("use a1"))
    assert "shoot" in text.lower() or "fighters" in text.lower()


def test_hint_refusals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    start = soloboard.load_game("ufs").new_initial_state()  # the dice are about to be rolled
    con, out = console()
    assert run_hint(saved(tmp_path, start), console=con) == 1
    assert "Chance decides" in out.getvalue()
    assert main(["hint", str(tmp_path / "missing.json")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["hint", saved(tmp_path, forced_win()), "--budget", "forever"]) == 2


def test_monstros_hint(tmp_path: Path) -> None:
    state = play_until("monstros", {"players": 2}, agents.make("greedy"), seed=2, decisions=5)
    con, out = console()
    assert run_hint(saved(tmp_path, state), console=con) == 0
    assert "for seat" in out.getvalue()


# --- reviews --------------------------------------------------------------------------------------------

def test_review_of_a_finished_game(tmp_path: Path) -> None:
    final = play_until("ufs", {"threat": 0}, agents.make("random", seed=1), seed=8)
    assert final.is_terminal()
    found = analysis.decisions(final)
    assert found and all(len(s.legal_actions()) > 1 for _, s, _ in found)
    reviewed = analysis.review(final, budget="25it")
    assert len(reviewed) == len(found)
    assert [d.loss for d in reviewed] == sorted((d.loss for d in reviewed), reverse=True)
    worst = reviewed[0]
    assert worst.loss > 0 and worst.played != worst.best  # random play gives something away
    mistakes = [d for d in reviewed if d.mistake]
    assert all(d.loss > analysis.NOISE for d in mistakes)
    assert analysis.given_away(reviewed) == pytest.approx(sum(d.loss for d in mistakes))
    con, out = console()
    assert run_review(saved(tmp_path, final), budget="25it", top=3, console=con) == 0
    text = out.getvalue()
    assert "decisions reviewed" in text
    if mistakes:  # only moves beyond the search's noise are listed
        assert mistakes[0].played_text in text and mistakes[0].best_text in text
        assert "given away by the mistakes over the whole game" in text
    else:
        assert "nothing to correct" in text
    assert "within the search's noise" in text


def test_review_of_a_monstros_game(tmp_path: Path) -> None:
    final = play_until("monstros", {"players": 1}, agents.make("random", seed=3), seed=1, decisions=12)
    con, out = console()
    assert run_review(saved(tmp_path, final), budget="10it", console=con) == 0
    assert "decisions reviewed" in out.getvalue()


# --- the terminal's commands ----------------------------------------------------------------------------

class Lines:
    def __init__(self, *lines: str) -> None:
        self.lines = list(lines)

    def __call__(self, _prompt: str) -> str:
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def test_terminal_hint_and_ai_commands() -> None:
    con, out = console()
    lines = Lines("hint 50it", "ai 30it", "ai", "quit")
    assert run_play("ufs", {"threat": 0}, seed=3, console=con, input_fn=lines) == 0
    text = out.getvalue()
    assert "Best moves" in text
    assert text.count("AI plays") == 2
    assert re.search(r"AI plays \S+  chance of winning \d+%", text)  # the chance a hint would show


def test_monstros_ai_seats_take_an_agent() -> None:
    con, out = console()
    code = run_play_monstros({"players": 1}, seed=4, ai_seats=[0], ai="greedy", console=con, input_fn=Lines())
    assert code == 0
    assert "seat 1 (AI)" in out.getvalue()  # the API's seat 0, as people count
    again, out2 = console()
    run_play_monstros({"players": 1}, seed=4, ai_seats=[0], ai="greedy", console=again, input_fn=Lines())
    assert out.getvalue() == out2.getvalue()
    bad, err = console()
    assert run_play_monstros({"players": 1}, seed=4, ai_seats=[0], ai="oracle", console=bad, input_fn=Lines()) == 2
    assert "unknown agent" in err.getvalue()
