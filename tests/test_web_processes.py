"""More than one server process on one store (docs/web.md, "More than one process"), on SQLite and on
PostgreSQL: real ``soloboard serve`` processes, requests racing for one game from threads.

- two servers on the same store, the same move's ply sent to both at once: exactly one wins each ply,
  the other answers 409, and the stored actions are the winners' moves, a game that replays;
- a watcher of one server hears a move and a seat taken on the other;
- ``serve --workers 2``: two processes on one address, the same races, a process that dies is
  replaced, and Ctrl-C or SIGTERM ends them all;
- a move over a copy made stale between its check and its write (a second process simulated in
  this one) is refused and writes nothing.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from soloboard.core.registry import load_game
from soloboard.core.saves import replay
from soloboard.core.store import Store

UFS = {"game": "ufs", "params": {"city": "roswell", "threat": 1}, "seed": 5}


@contextlib.contextmanager
def serving(target: Any, workers: int = 1) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """``soloboard serve`` on a free port of 127.0.0.1 over the store ``target``, in a process group of
    its own (a terminal's Ctrl-C reaches the group); its address and process."""
    proc = subprocess.Popen([sys.executable, "-m", "soloboard.cli.main", "serve", "--host", "127.0.0.1", "--port",
                             "0", "--db", str(target), "--workers", str(workers)],
                            stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        found = re.search(r"http://[^\s/]+", line)
        assert found is not None, f"the server did not start: {line!r}"
        address = found.group(0)
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(address + "/api/catalog", trust_env=False, timeout=5).raise_for_status()
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline
                time.sleep(0.1)
        yield address, proc
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGINT)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


def client(address: str) -> httpx.Client:
    return httpx.Client(base_url=address, trust_env=False, timeout=30)


def children(pid: int) -> list[int]:
    text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    return [int(p) for p in text.split()]


def at_once(moves: list[tuple[str, int, int]], game_id: int, token: str) -> dict[int, httpx.Response]:
    """Each (address, ply, action) of ``moves`` sent at the same moment, from threads and connections of
    their own; the answers by position."""
    answers: dict[int, httpx.Response] = {}
    barrier = threading.Barrier(len(moves))

    def send(n: int) -> None:
        address, ply, action = moves[n]
        with client(address) as mine:
            barrier.wait()
            answers[n] = mine.post(f"/api/games/{game_id}/moves", json={"ply": ply, "action": action},
                                   headers={"X-Seat-Token": token})

    threads = [threading.Thread(target=send, args=(n,)) for n in range(len(moves))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return answers


def race(first: str, second: str, game_id: int, token: str, rounds: int) -> list[tuple[int, int]]:
    """``rounds`` times: the game as it is, then a different legal move at the same ply sent to ``first``
    and to ``second`` at once, each from its own thread and connection. Exactly one must win each
    round; the winners' (ply, action), in order."""
    won: list[tuple[int, int]] = []
    with client(first) as reader:
        for _ in range(rounds):
            game = reader.get(f"/api/games/{game_id}", headers={"X-Seat-Token": token}).json()
            if game["status"] != "playing":
                break
            ply, ids = game["ply"], [m["id"] for m in game["moves"]]
            picks = (ids[0], ids[-1])
            answers = at_once([(first, ply, picks[0]), (second, ply, picks[1])], game_id, token)
            statuses = sorted(r.status_code for r in answers.values())
            assert statuses == [200, 409], [r.text[:300] for r in answers.values()]
            winner = next(n for n, r in answers.items() if r.status_code == 200)
            loser = answers[1 - winner].json()
            assert loser["rule"] == "stale move", loser
            won.append((ply, picks[winner]))
            after = answers[winner].json()["ply"]
            for address in (first, second):  # both processes serve the winner's game
                with client(address) as look:
                    assert look.get(f"/api/games/{game_id}").json()["ply"] == after
    return won


def check_stored(target: Any, game_id: int, won: list[tuple[int, int]]) -> None:
    """The stored actions are a game that replays, with each winner's move at its ply."""
    with Store(target) as store:
        row = store.person_game(game_id)
    assert row is not None
    state = load_game(row["game"], **row["params"]).new_initial_state()
    replay(state, row["history"])  # refuses an illegal action: nothing interleaved
    for ply, action in won:
        assert row["history"][ply] == action


def test_two_servers_on_one_store_one_move_wins_each_ply(store_target: Any) -> None:
    with serving(store_target) as (first, _), serving(store_target) as (second, _):
        game = client(first).post("/api/games", json=UFS).json()
        token = game["tokens"][0]["token"]
        won = race(first, second, game["id"], token, rounds=6)
        assert len(won) >= 3
        # an undo on one process, then a move on the other at the undone ply: the undo is seen
        with client(first) as a, client(second) as b:
            now = b.get(f"/api/games/{game['id']}").json()
            undone = a.post(f"/api/games/{game['id']}/undo", json={"ply": now["ply"]},
                            headers={"X-Seat-Token": token})
            assert undone.status_code == 200, undone.text
            stale = b.post(f"/api/games/{game['id']}/moves", json={"ply": now["ply"], "action": now["moves"][0]["id"]},
                           headers={"X-Seat-Token": token})
            assert stale.status_code == 409 and stale.json()["rule"] == "stale move"
            assert b.get(f"/api/games/{game['id']}").json()["ply"] == undone.json()["ply"]
    check_stored(store_target, game["id"], [w for w in won if w[0] < undone.json()["ply"]])


def _sse(address: str, game_id: int, heard: list[tuple[str, dict[str, Any]]], opened: threading.Event,
         enough: int) -> None:
    event = "message"
    with client(address) as w, w.stream("GET", f"/api/games/{game_id}/events") as r:
        for line in r.iter_lines():
            if line.startswith("event:"):
                event = line[6:].strip()
            elif line.startswith("data:"):
                heard.append((event, json.loads(line[5:])))
                opened.set()
                if len(heard) >= enough:
                    return


def test_a_watcher_of_one_process_hears_moves_and_seats_taken_on_another(store_target: Any) -> None:
    with serving(store_target) as (first, _), serving(store_target) as (second, _):
        game = client(first).post("/api/games", json={"game": "monstros", "params": {"players": 2},
                                                       "seed": 3}).json()
        tokens = {t["seat"]: t["token"] for t in game["tokens"]}
        heard: list[tuple[str, dict[str, Any]]] = []
        opened = threading.Event()
        watcher = threading.Thread(target=_sse, args=(first, game["id"], heard, opened, 3), daemon=True)
        watcher.start()
        assert opened.wait(15)
        with client(second) as b:
            after = b.post(f"/api/games/{game['id']}/moves", json={"ply": game["ply"],
                                                                    "action": game["moves"][0]["id"]},
                           headers={"X-Seat-Token": tokens[game["to_move"]]})
            assert after.status_code == 200, after.text
            deadline = time.monotonic() + 10
            while len(heard) < 2 and time.monotonic() < deadline:
                time.sleep(0.05)
            assert b.post(f"/api/games/{game['id']}/seats/1/claim", headers={"X-Seat-Token": tokens[1]}).status_code \
                == 200
        watcher.join(15)
        assert heard == [("state", {"ply": game["ply"]}), ("state", {"ply": after.json()["ply"]}),
                         ("seat", {"seat": 1})]


def test_serve_with_workers_races_restarts_and_stops(store_target: Any) -> None:
    with serving(store_target, workers=2) as (address, proc):
        deadline = time.monotonic() + 15
        while len(children(proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        workers = children(proc.pid)
        assert len(workers) == 2
        game = client(address).post("/api/games", json=UFS).json()
        won = race(address, address, game["id"], game["tokens"][0]["token"], rounds=5)
        check_stored(store_target, game["id"], won)
        # a process that dies is replaced, and the address keeps answering
        os.kill(workers[0], signal.SIGKILL)
        deadline = time.monotonic() + 20
        while (workers[0] in children(proc.pid) or len(children(proc.pid)) < 2) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(children(proc.pid)) == 2 and workers[0] not in children(proc.pid)
        for _ in range(6):
            assert client(address).get(f"/api/games/{game['id']}").status_code == 200
        # SIGTERM to the supervisor alone ends every process
        everyone = [proc.pid, *children(proc.pid)]
        start = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == 0
        assert time.monotonic() - start < 15
        for pid in everyone[1:]:
            deadline = time.monotonic() + 5
            while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
                time.sleep(0.05)
            assert not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text().split()[2]


def test_ctrl_c_ends_every_worker(tmp_path: Path) -> None:
    with serving(tmp_path / "s.sqlite3", workers=2) as (_address, proc):
        deadline = time.monotonic() + 15
        while len(children(proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        workers = children(proc.pid)
        os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole group
        assert proc.wait(timeout=15) == 0
        for pid in workers:
            assert not Path(f"/proc/{pid}").exists()


def test_serve_refuses_no_workers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from soloboard.cli.main import main

    assert main(["serve", "--db", str(tmp_path / "s.sqlite3"), "--workers", "0"]) == 2
    assert "--workers must be 1 or more" in capsys.readouterr().err


# --- a second process simulated in this one ------------------------------------------------------------------

def test_a_move_over_a_copy_made_stale_after_its_check_writes_nothing(store_target: Any) -> None:
    """Process B checked its copy (the store's version was still its own) just before process A wrote:
    B's write finds another version, writes nothing, and B answers 409 with the store's game."""
    from soloboard.web.games import GameError, Games

    with Store(store_target, threads=True) as sa, Store(store_target, threads=True) as sb:
        a, b = Games(sa), Games(sb)
        live, tokens, _host = a.create("ufs", {"city": "roswell"}, seed=5)
        token, gid = tokens[0]["token"], live.id
        ply = live.ply
        copy = b.get(gid)
        action_b = int(copy.state.legal_actions()[-1])
        a.move(gid, token, ply, int(live.state.legal_actions()[0]))
        moved = sa.person_game(gid)
        assert moved is not None
        checked = b.store.person_version
        b.store.person_version = lambda _gid: copy.version  # type: ignore[method-assign]  # B's check came first
        try:
            with pytest.raises(GameError) as refused:
                b.move(gid, token, ply, action_b)
        finally:
            b.store.person_version = checked  # type: ignore[method-assign]
        assert refused.value.status == 409 and refused.value.rule == "stale move"
        assert sb.person_game(gid)["history"] == moved["history"]  # type: ignore[index]
        assert copy.ply == len(moved["history"])  # B's copy is the store's game again
        # and B, with the page's new ply, plays on
        b.move(gid, token, copy.ply, int(copy.state.legal_actions()[0]))
        assert a.get(gid).ply == copy.ply
        a.close()
        b.close()


def test_seats_and_deletions_reach_the_other_process(store_target: Any) -> None:
    from soloboard.web.games import GameError, Games

    with Store(store_target, threads=True) as sa, Store(store_target, threads=True) as sb:
        a, b = Games(sa), Games(sb)
        live, tokens, host = a.create("monstros", {"players": 2}, seed=3)
        gid = live.id
        b.get(gid)  # B has a copy
        invite = a.invite(gid, 1, host)  # an invitation asked on A is honoured on B
        fresh = b.claim(gid, 1, invite)
        assert a.check(gid, {1: fresh, 0: tokens[0]["token"]}, host) == {"seats": {"1": True, "0": True},
                                                                         "host": True}
        with pytest.raises(GameError) as used:
            a.claim(gid, 1, invite)
        assert used.value.status == 403
        a.delete(gid, host)
        with pytest.raises(GameError) as gone:
            b.get(gid)
        assert gone.value.status == 404
        a.restore(gid, host)
        assert b.get(gid).seat_of(fresh) == 1
        a.close()
        b.close()


def test_a_move_whose_write_fails_leaves_the_stored_game_served(tmp_path: Path) -> None:
    """The store fails during a move's write (a database gone away): the copy in memory, which had the
    move played, is not served afterwards; the next request gets the stored game."""
    import sqlite3

    from soloboard.web.games import Games

    with Store(tmp_path / "s.sqlite3", threads=True) as store:
        games = Games(store)
        live, tokens, _host = games.create("ufs", {"city": "roswell"}, seed=5)
        ply = live.ply
        write = store.update_person_game

        def broken(*_args: Any, **_kwargs: Any) -> None:
            raise sqlite3.OperationalError("disk I/O error")

        store.update_person_game = broken  # type: ignore[method-assign]
        with pytest.raises(sqlite3.OperationalError):
            games.move(live.id, tokens[0]["token"], ply, int(live.state.legal_actions()[0]))
        store.update_person_game = write  # type: ignore[method-assign]
        assert games.get(live.id).ply == ply == len(store.person_game(live.id)["history"])  # type: ignore[index]
        games.close()
