"""``python -m soloboard.web.loadtest``: many games at once against a real server, with move latencies.

Starts ``soloboard serve`` on 127.0.0.1 (a free port, a fresh store in a temporary folder)
in a subprocess, then plays ``--games`` games at the same time over HTTP (httpx's async
client): each game is created, then plays random legal moves (from the game JSON's
``moves``, with the seat token of the seat to move) until it ends or has made ``--moves``
moves, and then a new game takes its place, so the offered load (``--games`` tables) holds
for the whole run. ``--think`` is each player's mean pause between moves (uniform from 0 to twice it):
people take seconds to move, so the default plays 50 tables being played, not 50 clients
hammering without pause (``--think 0`` does that). Everything is bounded by
``--seconds``. It prints the offered load, the median, 95th and 99th percentile and maximum
latency of a move (the ``POST /api/games/{id}/moves`` round trip, the store write included),
the latency of creating a game under that load, and the totals;
the exit code is 1 if any request failed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx  # httpx2: the maintained successor, which starlette.testclient uses too

from soloboard.core.registry import game_names

# one game of each kit, with its default parameters
SETUPS: dict[str, dict[str, Any]] = {name: {"game": name, "params": {}} for name in game_names()}


def percentile(data: list[float], q: float) -> float:
    ordered = sorted(data)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


@dataclass
class Results:
    latencies: list[float] = field(default_factory=list)  # seconds per move
    creations: list[float] = field(default_factory=list)  # seconds per game created
    errors: list[str] = field(default_factory=list)
    games: int = 0
    finished: int = 0
    seconds: float = 0.0

    def percentile(self, q: float) -> float:
        return percentile(self.latencies, q)

    def summary(self) -> dict[str, Any]:
        lat, made = self.latencies, self.creations
        return {"games": self.games, "finished": self.finished, "moves": len(lat), "errors": len(self.errors),
                "median_ms": statistics.median(lat) * 1000 if lat else None,
                "p95_ms": self.percentile(0.95) * 1000 if lat else None,
                "p99_ms": self.percentile(0.99) * 1000 if lat else None,
                "max_ms": max(lat) * 1000 if lat else None,
                "create_median_ms": statistics.median(made) * 1000 if made else None,
                "create_p95_ms": percentile(made, 0.95) * 1000 if made else None,
                "seconds": self.seconds, "moves_per_second": len(lat) / self.seconds if self.seconds else None}


@contextlib.contextmanager
def server(db: Path | None = None, timeout: float = 30.0, started: list[int] | None = None,
           workers: int = 1) -> Iterator[str]:
    """``soloboard serve`` (``--workers``) on 127.0.0.1 and a free port in a subprocess; yields its address
    (and appends the process's id to ``started``, when given)."""
    with tempfile.TemporaryDirectory(prefix="soloboard-load-") as tmp:
        path = db or Path(tmp) / "load.sqlite3"
        proc = subprocess.Popen([sys.executable, "-m", "soloboard.cli.main", "serve", "--host", "127.0.0.1",
                                 "--port", "0", "--db", str(path), "--workers", str(workers)],
                                stdout=subprocess.PIPE, text=True)
        if started is not None:
            started.append(proc.pid)
        try:
            assert proc.stdout is not None
            line = proc.stdout.readline()  # the address, printed once listening
            found = re.search(r"http://[^\s/]+", line)
            if found is None:
                raise RuntimeError(f"the server did not start: {line.strip() or 'no output'}")
            address = found.group(0)
            deadline = time.monotonic() + timeout
            while True:
                try:
                    httpx.get(address + "/api/catalog", trust_env=False, timeout=5).raise_for_status()
                    break
                except httpx.HTTPError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.1)
            yield address
        finally:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


async def play_game(client: httpx.AsyncClient, setup: dict[str, Any], seed: int, moves: int, think: float,
                    deadline: float, out: Results) -> None:
    rng = random.Random(seed)
    start = time.perf_counter()
    r = await client.post("/api/games", json={**setup, "seed": seed})
    out.creations.append(time.perf_counter() - start)
    if r.status_code != 201:
        out.errors.append(f"create: {r.status_code} {r.text[:200]}")
        return
    out.games += 1
    game = r.json()
    tokens = {t["seat"]: t["token"] for t in game["tokens"]}
    for _ in range(moves):
        if game["status"] == "playing" and not game["moves"] and game["to_move"] in tokens:
            # an answer is one seat's view: another seat's moves come with that seat's token
            r = await client.get(f"/api/games/{game['id']}", headers={"X-Seat-Token": tokens[game["to_move"]]})
            if r.status_code != 200:
                out.errors.append(f"game: {r.status_code} {r.text[:200]}")
                return
            game = r.json()
        if game["status"] != "playing" or not game["moves"] or time.monotonic() > deadline:
            break
        if think:
            await asyncio.sleep(rng.uniform(0, 2 * think))
        move = rng.choice(game["moves"])
        start = time.perf_counter()
        r = await client.post(f"/api/games/{game['id']}/moves", json={"ply": game["ply"], "action": move["id"]},
                              headers={"X-Seat-Token": tokens[game["to_move"]]})
        elapsed = time.perf_counter() - start
        if r.status_code != 200:
            out.errors.append(f"move: {r.status_code} {r.text[:200]}")
            return
        out.latencies.append(elapsed)
        game = r.json()
    if game["status"] != "playing":
        out.finished += 1


async def table(client: httpx.AsyncClient, slot: int, tables: int, names: list[str], moves: int, think: float,
                deadline: float, out: Results) -> None:
    """One of the ``tables`` played at once: a game, then a new one as soon as it ends (or has made
    ``moves`` moves), until the deadline, so the offered load stays the same for the whole run."""
    played = 0
    if think:  # people sit down over a while, not all in the same millisecond: no burst of creations at 0 s
        await asyncio.sleep(random.Random(-1 - slot).uniform(0, 2 * think))
    while time.monotonic() < deadline:
        seed = slot + tables * played
        try:
            await play_game(client, SETUPS[names[seed % len(names)]], seed, moves, think, deadline, out)
        except httpx.TransportError as exc:  # counted as a failed request, not a crash of the whole run
            out.errors.append(f"transport: {type(exc).__name__} {exc}")
        played += 1
        if out.errors:
            return


async def load(address: str, games: int, moves: int, think: float, seconds: float, which: str) -> Results:
    out = Results()
    names = list(SETUPS) if which == "mix" else [which]
    # an idle connection is dropped by the client before the server's keep-alive (uvicorn: 5 s) ends it: at
    # the same 5 s the server's close and the client's next request on that connection cross (a ReadError)
    limits = httpx.Limits(max_connections=games + 4, max_keepalive_connections=games + 4, keepalive_expiry=2.0)
    start = time.monotonic()
    deadline = start + seconds
    async with httpx.AsyncClient(base_url=address, trust_env=False, timeout=60, limits=limits) as client:
        tasks = [table(client, i, games, names, moves, think, deadline, out) for i in range(games)]
        try:
            await asyncio.wait_for(asyncio.gather(*tasks), timeout=seconds + 60)
        except TimeoutError:
            out.errors.append("the run did not finish in time")
    out.seconds = time.monotonic() - start
    return out


def cpu_seconds(pid: int) -> float | None:
    """The processor time (user and system) of process ``pid`` and every process under it so far (running or
    ended), from
    ``/proc`` (None where there is none). On a machine whose cores other work shares, latencies measure
    the queue as much as the server; this measures the server's own work."""
    proc = Path("/proc")
    if not (proc / str(pid) / "stat").exists():
        return None
    parents: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for entry in proc.glob("[0-9]*/stat"):
        try:
            fields = entry.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # a process that ended meanwhile
        child = int(entry.parent.name)
        parents[child] = int(fields[1])
        # stat's utime, stime and the same of its children that ended and were waited for (cutime, cstime)
        ticks[child] = sum(int(f) for f in fields[11:15])
    tree, todo = {pid}, [pid]
    while todo:
        parent = todo.pop()
        for child, ppid in parents.items():
            if ppid == parent and child not in tree:
                tree.add(child)
                todo.append(child)
    return sum(ticks.get(p, 0) for p in tree) / os.sysconf("SC_CLK_TCK")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m soloboard.web.loadtest", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50,
                        help="games played at the same time, each followed by a new one when it ends (default 50)")
    parser.add_argument("--moves", type=int, default=60, help="moves per game at most (default 60)")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean seconds a player pauses between moves (default 1; 0: no pause)")
    parser.add_argument("--seconds", type=float, default=180.0,
                        help="how long the load is offered: no move or game starts after this (default 180)")
    parser.add_argument("--game", choices=[*SETUPS, "mix"], default="mix",
                        help="which game (default mix: ufs, ufs-pnp and monstros in turn)")
    parser.add_argument("--workers", type=int, default=1, help="the server's processes (serve --workers; default 1)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.moves < 1 or args.workers < 1 or args.think < 0 or args.seconds <= 0:
        parser.error("--games, --moves and --workers must be at least 1, --think at least 0, --seconds positive")
    load_before = os.getloadavg()[0]
    pids: list[int] = []
    with server(started=pids, workers=args.workers) as address:
        cpu_before = cpu_seconds(pids[0])
        results = asyncio.run(load(address, args.games, args.moves, args.think, args.seconds, args.game))
        cpu_after = cpu_seconds(pids[0])
    s = results.summary()
    pause = (f"a mean think time of {args.think:g} s between a player's moves" if args.think
             else "no think time (saturated)")
    print(f"offered load: {args.games} games ({args.game}) played at once for {args.seconds:g} s, each followed by a "
          f"new one when it ends or has made {args.moves} moves; {pause}; against {address} "
          f"({args.workers} server process{'es' if args.workers > 1 else ''})")
    print(f"{s['moves']} moves in {s['seconds']:.1f} s ({s['moves_per_second'] or 0:.1f} moves/s), "
          f"{s['games']} games created, {s['finished']} finished, {s['errors']} errors")
    if s["moves"]:
        print(f"move latency: median {s['median_ms']:.1f} ms, p95 {s['p95_ms']:.1f} ms, p99 {s['p99_ms']:.1f} ms, "
              f"max {s['max_ms']:.1f} ms")
    if s["create_median_ms"] is not None:
        print(f"game creation under that load: median {s['create_median_ms']:.1f} ms, "
              f"p95 {s['create_p95_ms']:.1f} ms")
    if cpu_before is not None and cpu_after is not None and s["moves"]:
        used = cpu_after - cpu_before
        print(f"server processor time: {used:.1f} s, {used / s['moves'] * 1000:.2f} ms per move "
              "(game creations and reads included)")
    # the machine's load says how far the figures are the server's own (2 cores shared by other work)
    print(f"machine load average: {load_before:.1f} before, {os.getloadavg()[0]:.1f} after, "
          f"{os.cpu_count()} cores")
    for error in results.errors[:5]:
        print(f"  error: {error}")
    return 1 if results.errors or not s["moves"] else 0


if __name__ == "__main__":
    sys.exit(main())
