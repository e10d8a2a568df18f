"""Hot-seat terminal play of Monstros (``soloboard.cli.play_monstros``), driven by scripted input."""

from __future__ import annotations

import io
import json
import re

import pytest
from rich.console import Console

import soloboard
from conftest import Typist
from soloboard.cli.play_monstros import run_play_monstros
from soloboard.cli.session import SAVE_NAME_PROMPT, SAVE_PROMPT, TerminalSession


@pytest.fixture(autouse=True)
def autosave_home(tmp_path_factory, monkeypatch):
    """Autosaves go to a temporary folder, never to the real per-user one."""
    home = tmp_path_factory.mktemp("soloboard-home")
    monkeypatch.setenv("SOLOBOARD_HOME", str(home))
    return home


@pytest.fixture
def at_a_terminal(monkeypatch):
    """The session asks its questions as it does when a person types at a terminal."""
    monkeypatch.setattr(TerminalSession, "interactive", True)


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=110, color_system=None, highlight=False), out


def run(*lines: str, params=None, ai_seats=None, seed=11, ai="random"):
    """A game at the terminal; the AI seats are played by ``ai`` (random: whole games in a moment)."""
    con, out = console()
    script = Typist(*lines)
    code = run_play_monstros(params or {"players": 2}, seed=seed, ai_seats=ai_seats, console=con, input_fn=script,
                             ai=ai)
    return code, out.getvalue(), script


def test_every_seat_played_by_the_agent_runs_to_the_end(autosave_home):
    code, text, script = run(ai_seats=[0, 1], seed=5)
    assert code == 0
    assert "RECONSTRUCTED" in text  # the start screen's notice
    assert "WON:" in text or "LOST:" in text
    assert "Turns played" in text
    assert script.prompts == []  # piped input: never asked for a file name
    kept = soloboard.state_from_json((autosave_home / "autosave-monstros.json").read_text("utf-8"))
    assert kept.is_terminal()  # the finished game is kept in the autosave file


def test_the_same_seed_plays_the_same_game():
    assert run(ai_seats=[0], params={"players": 1}, seed=9)[1] == run(ai_seats=[0], params={"players": 1}, seed=9)[1]


def test_illegal_and_unreadable_moves_are_explained_and_asked_again():
    code, text, _ = run("keep", "done", "play zzz", "quit", seed=3)
    assert code == 0
    assert "Not allowed (phase order)" in text or "Not allowed (set-up: exchange of red cards)" in text
    assert "Cannot read 'play zzz'" in text
    assert "Game left unfinished (seed 3)" in text


def first_decision_seed(phase: str) -> int:
    """A seed whose first decision (seat 0, no AI) is in ``phase``."""
    from soloboard.core.chance import HistorySampler

    for seed in range(200):
        state = soloboard.load_game("monstros", players=2).new_initial_state()
        sampler = HistorySampler(seed)
        while state.is_chance_node():
            state.apply_action(sampler(state))
        if state.phase_name == phase and state.current_player() == 0:
            return seed
    raise AssertionError(phase)


def test_moves_by_number_undo_and_log():
    seed = first_decision_seed("play")
    code, text, _ = run("moves", "1", "log", "log moves", "log 1", "log 9", "undo", "undo", "board", "help", "quit",
                        seed=seed)
    assert code == 0
    assert "seat 1: ▶ play" in text  # people count seats from 1 (the API's seat 0)
    assert "Turn 1: s0: play" in text  # log moves: the notation
    assert "Turn 1 (seat 1)" in text and "Set-up" in text  # log: the events, turn by turn
    assert "Seat 1 plays" in text and "into board slot 1" in text
    assert "No turn '9' to show" in text
    assert "Undone: play" in text
    assert "Nothing to undo" in text
    assert "A Invasão dos Monstros Sem Nome in brief" in text


def test_undo_takes_back_the_ai_moves_after_the_last_person():
    from soloboard.cli.play_monstros import MonstrosSession

    con, out = console()
    state = soloboard.load_game("monstros", players=2).new_initial_state()
    session = MonstrosSession(state, 4, {1}, con, Typist(), soloboard.agents.make("random"), "random")
    session.advance()
    while session.state.seat == 0:  # seat 0 (a person) plays its turn with the first legal move
        assert not session.state.is_terminal()
        before = session.state.clone()
        session.handle("1")
        session.advance()
    assert "seat 2 (AI):" in out.getvalue()  # the API's seat 1, as people count
    ai_moved = len(session.state.history())
    session.cmd_undo("")
    assert len(session.state.history()) < ai_moved
    assert session.state == before  # back before the person's last decision, the AI's moves gone too


def test_save_and_load(tmp_path):
    seed = first_decision_seed("play")
    path = tmp_path / "game.json"
    code, text, _ = run("1", f"save {path}", "quit", seed=seed)
    assert f"Saved to {path}" in text
    state = soloboard.state_from_json(path.read_text("utf-8"))
    assert state.round == 1 and len(state.history()) > 0
    code, text, _ = run(f"load {path}", "quit", seed=1)
    assert code == 0
    assert f"Loaded {path}" in text


def test_save_asks_before_overwriting_and_a_failed_save_keeps_the_old_file(tmp_path, at_a_terminal):
    seed = first_decision_seed("play")
    path = tmp_path / "old.json"
    path.write_text("OLD", encoding="utf-8")
    _, text, _ = run(f"save {path}", "n", f"save {tmp_path}/missing/dir.json", "quit", seed=seed)
    assert "Not saved." in text
    assert path.read_text("utf-8") == "OLD"
    assert "Not saved" in text and not (tmp_path / "missing").exists()
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind


def test_loading_a_corrupt_or_foreign_file_leaves_the_game_as_it_was(tmp_path):
    seed = first_decision_seed("play")
    bad = tmp_path / "bad.json"
    bad.write_text("{ nope", encoding="utf-8")
    edited = tmp_path / "edited.json"
    state = soloboard.load_game("monstros", players=2).new_initial_state()
    data = json.loads(state.to_json())
    data["position"]["wall"] = 50
    edited.write_text(json.dumps(data), encoding="utf-8")
    ufs = tmp_path / "ufs.json"
    ufs.write_text(soloboard.load_game("ufs").new_initial_state().to_json(), encoding="utf-8")
    _, text, _ = run(f"load {bad}", f"load {edited}", f"load {ufs}", f"load {tmp_path}/none.json", "1", "quit",
                        seed=seed)
    assert text.count("Could not load the save; the current game goes on") == 3
    assert "not valid JSON" in text and "'wall'" in text and "no such file" in text
    assert "not a Monstros game" in text
    assert "seat 1: ▶ play" in text  # the game went on


def test_end_of_input_and_interrupt_end_cleanly():
    code, text, _ = run()
    assert code == 0 and "Game left" in text

    def interrupt(_prompt: str) -> str:
        raise KeyboardInterrupt

    con, out = console()
    assert run_play_monstros({"players": 3}, seed=1, console=con, input_fn=interrupt) == 0
    assert "Game left" in out.getvalue()


@pytest.mark.parametrize(("params", "ai_seats", "message"), [
    ({"players": 9}, None, "players must be 1..6"),
    ({"players": 2, "difficulty": "hard"}, None, "unknown difficulty"),
    ({"players": 2}, [2], "AI seats 3 do not exist: the seats are 1 to 2"),  # the API's 2 is the third seat
    ({"players": 2, "deck": "/nonexistent/deck.json"}, None, "no such file"),
])
def test_invalid_parameters_return_2(params, ai_seats, message):
    con, out = console()
    assert run_play_monstros(params, seed=1, ai_seats=ai_seats, console=con, input_fn=Typist()) == 2
    assert pytest.importorskip("re").search(message, out.getvalue())


def test_finished_game_can_be_saved(tmp_path, at_a_terminal):
    path = tmp_path / "end.json"
    _, text, script = run("y", str(path), ai_seats=[0], params={"players": 1}, seed=2)
    assert script.prompts == [SAVE_PROMPT, SAVE_NAME_PROMPT.format(example="monstros.json")]
    assert f"Saved to {path}" in text
    assert soloboard.state_from_json(path.read_text("utf-8")).is_terminal()


def test_the_terminal_says_what_happened_from_the_events():
    """Every move is followed by its events: the monsters' turn step by step, the moves the
    engine made by itself and for which seat, and the end."""
    _, text, _ = run(ai_seats=[0, 1], seed=5)
    assert "── Turn 1: seat 1 plays." in text
    assert "── The monsters' turn: on the table" in text
    assert "The monsters attack: their attack" in text
    assert "Revealed monster" in text and "Set-up: revealed monster" in text
    assert re.search(r"For seat [01], the engine plays '[^']+' \(the only legal move\)\.", text)
    assert re.search(r"Wall \d+ → \d+ \(the monsters' attack\)", text)
    assert "The players LOSE: the wall was destroyed." in text or "The players WIN" in text


def test_the_monsters_turn_is_told_in_order():
    """After the attack: the monsters' attack, the wall's loss, then each card revealed, then what
    is placed (the rulebook's order: 2 a, then 2 b)."""
    _, text, _ = run(ai_seats=[0, 1], seed=5)
    turn = text.split("── The monsters' turn", 2)[1]
    attack = turn.index("The monsters attack")
    reveal = turn.index("Revealed monster")
    placed = min(i for i in (turn.find("To the table:"), turn.find("No revealed monster fits")) if i >= 0)
    assert attack < reveal < placed


def test_preview_shows_a_move_without_playing_it():
    seed = first_decision_seed("play")
    code, text, _ = run("preview 1", "preview zzz", "preview", "moves", "quit", seed=seed)
    assert code == 0
    assert "If play " in text and "(nothing was played: type the move to play it)" in text
    assert "Cannot read 'zzz'" in text and "Preview what?" in text
    assert "seat 1: ▶" not in text  # nothing was played


def test_the_ai_seats_option_takes_the_seats_people_see(monkeypatch, capsys):
    """`--ai-seats 2,3`: the second and third seats (you are seat 1); the Python API gets 1, 2."""
    import soloboard.cli.play_monstros as play_monstros
    from soloboard.cli.main import main

    calls = []
    monkeypatch.setattr(play_monstros, "run_play_monstros",
                        lambda params, **kw: calls.append((kw["ai_seats"], kw["ai"])) or 0)
    assert main(["play", "monstros", "--players", "3", "--ai-seats", "2,3"]) == 0
    assert main(["play", "monstros", "--players", "3", "--ai-seats", "2", "--ai", "greedy"]) == 0
    assert calls == [([1, 2], "mcts"), ([1], "greedy")]  # the strongest agent unless told otherwise
    monkeypatch.undo()
    # a seat above the players: refused in the numbers people see, before any game starts
    assert main(["play", "monstros", "--players", "3", "--ai-seats", "4", "--seed", "1"]) == 2
    assert "AI seats 4 do not exist: the seats are 1 to 3" in capsys.readouterr().err
    # seat 0 does not exist for people: argparse refuses it with the way seats are counted
    for bad in ("0", "0,2", "-1"):
        with pytest.raises(SystemExit) as exit_:
            main(["play", "monstros", "--players", "3", f"--ai-seats={bad}"])
        assert exit_.value.code == 2
        assert "seats are numbered from 1 (you are seat 1)" in capsys.readouterr().err


def test_a_save_records_each_ai_seats_agent_and_resume_plays_them_again(tmp_path, capsys):
    """The AI seats' agents go into the save (``ai_agents``, as the browser's export writes them), and
    a resumed game goes on with them; a save from before the field gets the default agent, and a name
    that is not a built-in agent's is said and replaced, never imported."""
    from soloboard.cli.play_monstros import MonstrosSession
    from soloboard.cli.resume import make_session
    from soloboard.cli.terminal import read_save_meta

    con, _ = console()
    state = soloboard.load_game("monstros", players=3).new_initial_state()
    session = MonstrosSession(state, 4, {1, 2}, con, Typist(), soloboard.agents.make("greedy"), "greedy")
    path = tmp_path / "game.json"
    session.cmd_save(str(path))
    _, meta = read_save_meta(path)
    assert meta["ai_seats"] == [1, 2] and meta["ai_agents"] == {"1": "greedy", "2": "greedy"}

    def resumed(meta: dict) -> tuple[dict[int, str], str]:
        con, out = console()
        again = make_session(soloboard.state_from_json(path.read_text("utf-8")), meta, con, Typist())
        return {seat: name for seat, (name, _agent) in again.agents.items()}, out.getvalue()

    assert resumed(meta) == ({1: "greedy", 2: "greedy"}, "")
    assert resumed({**meta, "ai_agents": {"1": "random"}}) == ({1: "random", 2: "mcts"}, "")
    assert resumed({"dice_seed": 4, "ai_seats": [1, 2]}) == ({1: "mcts", 2: "mcts"}, "")  # an older save
    agents, said = resumed({**meta, "ai_agents": {"1": "os:system", "2": ["greedy"]}})
    assert agents == {1: "mcts", 2: "mcts"}
    assert "The save names 'os:system' for seat 2, which is not a built-in agent: mcts plays it" in said
    assert "for seat 3, which is not a built-in agent" in said
    assert resumed({**meta, "ai_agents": "greedy"}) == ({1: "mcts", 2: "mcts"}, "")  # not an object: ignored


def test_a_save_records_the_ai_seats_budget_and_resume_thinks_as_long(tmp_path):
    """``--budget`` goes into the save (``ai_budget``) and a resumed game's searching seats think that long;
    a save without it, or with a budget that does not parse, resumes at the standard budget."""
    from soloboard.agents.base import STANDARD_BUDGET
    from soloboard.cli.play_monstros import MonstrosSession
    from soloboard.cli.resume import make_session
    from soloboard.cli.terminal import read_save_meta

    con, _ = console()
    state = soloboard.load_game("monstros", players=2).new_initial_state()
    session = MonstrosSession(state, 4, {1}, con, Typist(), budget="500it")
    assert str(session.agents[1][1].budget) == "500it"
    path = tmp_path / "game.json"
    session.cmd_save(str(path))
    assert json.loads(path.read_text("utf-8"))["ai_budget"] == "500it"
    _, meta = read_save_meta(path)
    assert meta["ai_budget"] == "500it"

    def budget_after(saved: dict) -> str:
        path.write_text(json.dumps(saved), "utf-8")
        _, meta = read_save_meta(path)
        again = make_session(soloboard.state_from_json(path.read_text("utf-8")), meta, con, Typist())
        return str(again.agents[1][1].budget)

    saved = json.loads(path.read_text("utf-8"))
    assert budget_after(saved) == "500it"
    assert budget_after({k: v for k, v in saved.items() if k != "ai_budget"}) == STANDARD_BUDGET
    for bad in ("soon", 7, "-1s", None):
        assert budget_after({**saved, "ai_budget": bad}) == STANDARD_BUDGET
    # a default game writes no budget: it resumes at whatever the standard is then
    plain = MonstrosSession(state, 4, {1}, con, Typist())
    plain.cmd_save(str(tmp_path / "plain.json"))
    assert "ai_budget" not in json.loads((tmp_path / "plain.json").read_text("utf-8"))
