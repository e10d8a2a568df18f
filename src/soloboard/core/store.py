"""The project's one SQLite store: every finished game, by agents and (later) by people.

One file (default ``~/.local/share/soloboard/soloboard.sqlite3``, or ``$SOLOBOARD_STORE``)
holds the games ``soloboard report`` plays -- so an interrupted report resumes and a
larger ``--games`` reuses the games already played -- and is the place the browser front
end will keep people's games and their history. The schema is versioned (table ``meta``,
``schema_version``); the file runs in WAL mode so readers never wait for the writer.

Tables:

- ``games``: one row per game, whoever played it: the game and its parameters
  (``load_game`` name and canonical JSON), the player (``kind`` ``agent`` or ``person``;
  ``player`` an agent label such as ``mcts@0.3s`` or a person's name), the seed of the
  dice, the status (``won``, ``lost``, ``unfinished``), rounds, decisions, the loss
  cause, the whole action history (JSON: any game can be replayed or analysed later), the
  time it took, when it was stored and by which soloboard version;
- ``series``: a seeded run of games of one setup by one agent (``game``, ``params``,
  ``agent``, ``seed``): game *i* of a series always gets the same dice, so a series can
  grow (a larger N) and be resumed; ``games.series_id``/``series_index`` place a game in it;
- ``runs``: every ``soloboard report`` (or ``sim``) invocation: the exact command, the
  version, when it started and how long it took.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS series (
    id     INTEGER PRIMARY KEY,
    game   TEXT NOT NULL,
    params TEXT NOT NULL,
    agent  TEXT NOT NULL,
    seed   TEXT NOT NULL,
    UNIQUE (game, params, agent, seed)
);
CREATE TABLE IF NOT EXISTS games (
    id           INTEGER PRIMARY KEY,
    game         TEXT NOT NULL,
    params       TEXT NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('agent', 'person')),
    player       TEXT NOT NULL,
    seed         TEXT,
    status       TEXT NOT NULL CHECK (status IN ('won', 'lost', 'unfinished')),
    rounds       INTEGER,
    decisions    INTEGER,
    loss_cause   TEXT NOT NULL DEFAULT '',
    history      TEXT,
    seconds      REAL,
    created_at   TEXT NOT NULL,
    software     TEXT NOT NULL,
    series_id    INTEGER REFERENCES series(id),
    series_index INTEGER,
    UNIQUE (series_id, series_index)
);
CREATE INDEX IF NOT EXISTS games_by_setup ON games (game, params, player);
CREATE TABLE IF NOT EXISTS runs (
    id         INTEGER PRIMARY KEY,
    command    TEXT NOT NULL,
    software   TEXT NOT NULL,
    started_at TEXT NOT NULL,
    seconds    REAL,
    games      INTEGER
);
"""


def default_path() -> Path:
    env = os.environ.get("SOLOBOARD_STORE")
    if env:
        return Path(env).expanduser()
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "soloboard" / "soloboard.sqlite3"


def canonical(params: dict[str, Any]) -> str:
    """Parameters as the one JSON text the store compares (sorted keys, no spaces)."""
    return json.dumps(params, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S%z")


@dataclass(frozen=True)
class GameRow:
    """A finished game as a simulation or report records it."""

    index: int  # its place in the series
    won: bool
    rounds: int
    decisions: int
    loss_cause: str
    history: list[int]
    seconds: float


class StoreError(ValueError):
    """The store file cannot be used (not SQLite, a newer schema, not writable)."""


class Store:
    """``Store(path)``: open (creating if needed) the SQLite store."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        from soloboard import __version__

        self.software = __version__
        self.path = Path(path).expanduser() if path is not None else default_path()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path, timeout=60)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA foreign_keys=ON")
            version = self._version()
            if version is not None and version > SCHEMA_VERSION:
                raise StoreError(f"{self.path} was written by a newer soloboard (schema {version}; "
                                 f"this version reads {SCHEMA_VERSION})")
            with self.db:
                self.db.executescript(_SCHEMA)
                self.db.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('schema_version', ?)",
                                (str(SCHEMA_VERSION),))
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path} cannot be used as the soloboard store: {exc}") from None
        except OSError as exc:
            raise StoreError(f"cannot open the store {self.path}: {exc}") from None

    def _version(self) -> int | None:
        try:
            row = self.db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        except sqlite3.OperationalError:
            return None  # a new file: no tables yet
        return int(row[0]) if row else None

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_exc: Any) -> None:
        self.close()

    # --- series of seeded games -------------------------------------------------------------

    def series_id(self, game: str, params: dict[str, Any], agent: str, seed: str | int) -> int:
        key = (game, canonical(params), agent, str(seed))
        with self.db:
            self.db.execute("INSERT OR IGNORE INTO series (game, params, agent, seed) VALUES (?, ?, ?, ?)", key)
        row = self.db.execute("SELECT id FROM series WHERE game = ? AND params = ? AND agent = ? AND seed = ?",
                              key).fetchone()
        return int(row[0])

    def done_indices(self, series_id: int) -> set[int]:
        rows = self.db.execute("SELECT series_index FROM games WHERE series_id = ?", (series_id,))
        return {int(r[0]) for r in rows}

    def add_games(self, series_id: int, rows: Iterable[GameRow]) -> int:
        """Store finished games of a series (a game already there is kept as it was); how many were new."""
        series = self.db.execute("SELECT game, params, agent, seed FROM series WHERE id = ?",
                                 (series_id,)).fetchone()
        if series is None:
            raise StoreError(f"no series {series_id} in {self.path}")
        game, params, agent, seed = series
        added = 0
        with self.db:
            for r in rows:
                cur = self.db.execute(
                    "INSERT OR IGNORE INTO games (game, params, kind, player, seed, status, rounds, decisions, "
                    "loss_cause, history, seconds, created_at, software, series_id, series_index) "
                    "VALUES (?, ?, 'agent', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (game, params, agent, f"{seed}:{r.index}", "won" if r.won else "lost", r.rounds, r.decisions,
                     r.loss_cause, json.dumps(r.history), r.seconds, _now(), self.software, series_id, r.index))
                added += cur.rowcount
        return added

    def series_games(self, series_id: int, limit: int | None = None) -> list[dict[str, Any]]:
        """The series' games with index below ``limit`` (all when None), by index."""
        sql = ("SELECT series_index, status, rounds, decisions, loss_cause, seconds FROM games "
               "WHERE series_id = ?" + (" AND series_index < ?" if limit is not None else "") +
               " ORDER BY series_index")
        args: tuple[Any, ...] = (series_id, limit) if limit is not None else (series_id,)
        return [{"index": i, "won": status == "won", "rounds": rounds, "decisions": decisions,
                 "loss_cause": cause, "seconds": seconds}
                for i, status, rounds, decisions, cause, seconds in self.db.execute(sql, args)]

    def histories(self, game: str | None = None, player: str | None = None) -> Iterator[dict[str, Any]]:
        """Every stored game with its history (for analysis: fitting an evaluation, reviews)."""
        sql = "SELECT game, params, player, seed, status, history FROM games WHERE history IS NOT NULL"
        args: list[Any] = []
        if game is not None:
            sql += " AND game = ?"
            args.append(game)
        if player is not None:
            sql += " AND player = ?"
            args.append(player)
        for g, params, who, seed, status, history in self.db.execute(sql + " ORDER BY id", args):
            yield {"game": g, "params": json.loads(params), "player": who, "seed": seed,
                   "won": status == "won", "history": json.loads(history)}

    # --- runs -----------------------------------------------------------------------------------

    @contextmanager
    def run(self, command: str) -> Iterator[dict[str, Any]]:
        """Record one invocation; the body may set ``info["games"]``."""
        start = time.perf_counter()
        with self.db:
            cur = self.db.execute("INSERT INTO runs (command, software, started_at) VALUES (?, ?, ?)",
                                  (command, self.software, _now()))
        info: dict[str, Any] = {"id": cur.lastrowid, "games": None}
        try:
            yield info
        finally:
            with self.db:
                self.db.execute("UPDATE runs SET seconds = ?, games = ? WHERE id = ?",
                                (time.perf_counter() - start, info["games"], info["id"]))
