"""The project's one store: every finished game, by agents and by people; SQLite or PostgreSQL.

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
  version, when it started and how long it took;
- ``web_games`` (schema 2): a game people play in the browser (``soloboard serve``): its row
  in ``games`` (``kind`` ``person``, written when the game is created and updated with its
  history, status and rounds on every move, before the server answers), the dice seed, and
  ``updated_at``;
- ``seats`` (schema 2): each seat of a browser game: ``person`` (with the SHA-256 hash of its
  secret token: the token itself is never stored) or ``ai`` (with its agent); the row with
  seat ``-1`` (agent ``host``) holds the hash of the game creator's token, which may invite
  a device to any seat again;
- ``campaigns`` (schema 3): a campaign of the boxed rulebook (``soloboard campaign``): its
  name, its whole journal as the campaign file (``ufs/campaign/files.py``), the number of
  records (the revision a front end saves against), its phase, when created and last updated;
- ``web_games.campaign`` (schema 4): for a campaign's digital game played in the browser, which
  one (JSON ``{"name", "battle", "game", "sides"}``): its rules come from the campaign's
  components, and its result is recorded in the campaign's journal when it ends;
- ``games.estimates`` (schema 5): for an agent's game, the agent's own estimate of its chance
  of winning at each decision it searched (JSON ``[[position in the history, estimate], ...]``):
  what ``soloboard calibrate`` compares with the outcomes;
- ``games.deleted_at`` and ``campaigns.deleted_at`` (schema 6): a deletion the player may still
  take back (the time it was asked for, in seconds since the epoch; null: not deleted). A row
  with one is left out of every list, History and the statistics at once, and removed for good
  (with a campaign's browser games) by :meth:`Store.purge_deleted` once the front end's undo
  window has passed; :meth:`Store.restore_game` / :meth:`Store.restore_campaign` take it back.

Older files are migrated when opened: schema 1 (before the browser front end): ``games``
gains ``updated_at`` and the two tables are added; schema 2: ``campaigns`` is added;
schema 3: ``web_games`` gains ``campaign``; schema 4: ``games`` gains ``estimates``; schema 5:
``games`` and ``campaigns`` gain ``deleted_at``; schema 6: ``web_games`` gains ``version`` and ``seats``
gains ``invite_hash`` (schema 7, below).

- ``web_games.version`` (schema 7): how many times the game was written (a move, an undo, a seat taken
  or invited to). Several server processes share one store (``soloboard serve --workers N``, or
  servers on several machines over PostgreSQL): a process writes a game only over the version it
  read (:meth:`Store.update_person_game` with ``version``: optimistic concurrency), and compares the
  stored version with its copy's before serving it (:meth:`Store.person_version`);
- ``seats.invite_hash`` (schema 7): the hash of a seat's open join link (an invitation not yet
  claimed), stored so that another process can honour it.
- ``games.agent_revision`` (schema 8): for an agent's game, how that agent played (its ``revision``,
  ``agents/base.py``; null for a person's game, an agent that does not say, or a game stored before
  schema 8). ``soloboard report`` and ``calibrate`` extend a series only with games of the revision
  already in it, so an upgrade that changes how ``mcts@5000it`` plays never mixes two agents in one series.

**PostgreSQL.** The same store runs on a PostgreSQL database when it is named by a URL
(``postgresql://user@host/dbname``, as ``--db``/``--store`` or ``$SOLOBOARD_STORE``; the ``postgres``
extra installs the driver, psycopg): one class, one set of SQL statements. What the two SQL dialects
spell differently is kept here: the placeholders and ``INSERT OR IGNORE`` (translated by
:class:`~soloboard.core.store_pg.PgConnection`, which gives the connection the subset of ``sqlite3``'s
interface this module and its callers use), column types and identity keys in the schema
(:func:`~soloboard.core.store_pg.pg_schema`), JSON fields (:meth:`Store._json`), and reading a table's
columns (:meth:`Store._columns`). Ids come back with ``RETURNING``, which both speak.
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

from soloboard.core import store_pg
from soloboard.core.store_pg import is_url

SCHEMA_VERSION = 8
# How long a deletion may be taken back (the browser's Undo): a row deleted longer ago than this is
# removed for good by the next purge (Store.purge_deleted), whichever front end runs it.
UNDO_SECONDS = 10.0
_HISTORY = "COALESCE(g.history, '[]')"  # a game's actions (JSON), whose length is its ply

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
    updated_at   TEXT,
    estimates    TEXT,
    deleted_at   REAL,
    agent_revision TEXT,
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

# schema 2: people's games in the browser (created after the migration has given ``games`` its new column)
_WEB_SCHEMA = """
CREATE TABLE IF NOT EXISTS web_games (
    id         INTEGER PRIMARY KEY REFERENCES games(id),
    seed       INTEGER NOT NULL,
    updated_at TEXT NOT NULL,
    origin     TEXT,  -- a save of the set-up position when the game began from one (no history before it)
    campaign   TEXT,  -- schema 4: the campaign game it plays (JSON: name, battle, game, the characters' sides)
    version    INTEGER NOT NULL DEFAULT 0  -- schema 7: how many times it was written (optimistic concurrency)
);
CREATE TABLE IF NOT EXISTS seats (
    game       INTEGER NOT NULL REFERENCES web_games(id),
    seat       INTEGER NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('person', 'ai')),
    agent      TEXT,
    token_hash TEXT,
    invite_hash TEXT,  -- schema 7: the seat's open join link (an invitation not claimed yet)
    PRIMARY KEY (game, seat)
);
CREATE INDEX IF NOT EXISTS people_by_status ON games (kind, status);
"""

# schema 3: campaigns (ufs/campaign/repository.py reads and writes it)
_CAMPAIGN_TABLE = """CREATE TABLE IF NOT EXISTS campaigns (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE,
    box        TEXT NOT NULL,
    document   TEXT NOT NULL,
    records    INTEGER NOT NULL,
    phase      TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    deleted_at REAL
)"""

# (from version, statements) applied in order to bring an older file up to SCHEMA_VERSION
_MIGRATIONS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (1, ("ALTER TABLE games ADD COLUMN updated_at TEXT",)),
    (2, (_CAMPAIGN_TABLE,)),
)


def default_path() -> Path | str:
    """``$SOLOBOARD_STORE`` (a file, or a PostgreSQL URL), else the SQLite file in the user's data folder."""
    env = os.environ.get("SOLOBOARD_STORE")
    if env:
        return env if is_url(env) else Path(env).expanduser()
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
    estimates: list[tuple[int, float]] | None = None  # (position in the history, the agent's raw estimate)
    revision: str | None = None  # how the agent that played it plays (agents/base.py), if it says


class StoreError(ValueError):
    """The store cannot be used (not SQLite, a newer schema, not writable, no such database)."""


class Store:
    """``Store(path)``: open (creating if needed) the store: a SQLite file, or a PostgreSQL database
    when ``path`` is a ``postgresql://`` URL."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *, threads: bool = False) -> None:
        """``threads``: the connection may be used from several threads (the caller serialises
        the calls, as the web server does with one lock)."""
        from soloboard import __version__

        self.software = __version__
        target = path if path is not None else default_path()
        self.url: str | None = str(target) if is_url(str(target)) else None
        self.path: Path | None = None if self.url is not None else Path(target).expanduser()
        self.where = store_pg.shown(self.url) if self.url is not None else str(self.path)
        self.errors: tuple[type[Exception], ...] = (sqlite3.Error, *store_pg.errors())
        self.db: Any
        try:
            if self.url is not None:
                self._open_postgres(self.url)
            else:
                self._open_sqlite(threads)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.where} cannot be used as the soloboard store: {exc}") from None
        except OSError as exc:
            raise StoreError(f"cannot open the store {self.where}: {exc}") from None
        except ImportError:
            raise StoreError(f"{self.where} is a PostgreSQL database: install the driver with "
                             "pip install 'soloboard[postgres]'") from None
        except self.errors as exc:
            raise StoreError(f"cannot use the PostgreSQL store {self.where}: {str(exc).strip()}") from None

    def _open_sqlite(self, threads: bool) -> None:
        assert self.path is not None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, timeout=60, check_same_thread=not threads)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        if threads:
            # the web server writes every move: in WAL mode NORMAL still survives the server crashing
            # (only a power cut may lose the last moves) and spares an fsync per move
            self.db.execute("PRAGMA synchronous=NORMAL")
        self._create()

    def _open_postgres(self, url: str) -> None:
        self.db = store_pg.PgConnection(url)
        with self.db:  # one process at a time creates or migrates the schema (servers starting together)
            self.db.execute("SELECT pg_advisory_xact_lock(?)", (store_pg.SCHEMA_LOCK,))
            self._create()

    def _create(self) -> None:
        """Create the tables, or bring an older store's up to :data:`SCHEMA_VERSION`."""
        version = self._version()
        if version is not None and version > SCHEMA_VERSION:
            raise StoreError(f"{self.where} was written by a newer soloboard (schema {version}; "
                             f"this version reads {SCHEMA_VERSION})")
        with self.db:
            self.db.executescript(self._ddl(_SCHEMA))
            self.db.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('schema_version', ?)",
                            (str(SCHEMA_VERSION),))
        if version is not None and version < SCHEMA_VERSION:
            self._migrate(version)
        with self.db:
            self.db.executescript(self._ddl(_WEB_SCHEMA))
            self.db.execute(self._ddl(_CAMPAIGN_TABLE))
            # columns added since (a store made by this version has them already): (table, column, type)
            for table, column, kind in (("web_games", "campaign", "TEXT"),  # schema 4
                                        ("games", "estimates", "TEXT"),  # schema 5
                                        # schema 6: a deletion the player may still take back (on both tables,
                                        # whichever schema the file came from: an older campaigns table lacks it)
                                        ("games", "deleted_at", "REAL"), ("campaigns", "deleted_at", "REAL"),
                                        # schema 7: several processes over one store
                                        ("web_games", "version", "INTEGER NOT NULL DEFAULT 0"),
                                        ("seats", "invite_hash", "TEXT"),
                                        ("games", "agent_revision", "TEXT")):  # schema 8
                if column not in self._columns(table):
                    self.db.execute(self._ddl(f"ALTER TABLE {table} ADD COLUMN {column} {kind}"))

    def _ddl(self, sql: str) -> str:
        return store_pg.pg_schema(sql) if self.url is not None else sql

    def _columns(self, table: str) -> set[str]:
        if self.url is not None:
            return {r[0] for r in self.db.execute("SELECT column_name FROM information_schema.columns WHERE "
                                                  "table_schema = current_schema() AND table_name = ?", (table,))}
        return {row[1] for row in self.db.execute(f"PRAGMA table_info({table})")}

    def _json(self, column: str, key: str, integer: bool = False) -> str:
        """SQL for the field ``key`` of the JSON object in ``column`` (an integer when ``integer``)."""
        if self.url is None:
            return f"json_extract({column}, '$.{key}')"
        return f"(({column})::json ->> '{key}')" + ("::bigint" if integer else "")

    def _json_length(self, expr: str) -> str:
        return f"json_array_length(({expr})::json)" if self.url is not None else f"json_array_length({expr})"

    def _version(self) -> int | None:
        if self.url is not None:
            if self.db.execute("SELECT to_regclass('meta')").fetchone()[0] is None:
                return None
        else:
            try:
                self.db.execute("SELECT 1 FROM meta LIMIT 1")
            except sqlite3.OperationalError:
                return None  # a new file: no tables yet
        row = self.db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        return int(row[0]) if row else None

    def _migrate(self, version: int) -> None:
        """Bring a file of schema ``version`` up to :data:`SCHEMA_VERSION`, in one transaction."""
        with self.db:
            for since, statements in _MIGRATIONS:
                if since >= version:
                    for statement in statements:
                        self.db.execute(statement)
            self.db.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION),))

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
            raise StoreError(f"no series {series_id} in {self.where}")
        game, params, agent, seed = series
        added = 0
        with self.db:
            for r in rows:
                cur = self.db.execute(
                    "INSERT OR IGNORE INTO games (game, params, kind, player, seed, status, rounds, decisions, "
                    "loss_cause, history, seconds, created_at, software, series_id, series_index, estimates, "
                    "agent_revision) VALUES (?, ?, 'agent', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (game, params, agent, f"{seed}:{r.index}", "won" if r.won else "lost", r.rounds, r.decisions,
                     r.loss_cause, json.dumps(r.history), r.seconds, _now(), self.software, series_id, r.index,
                     json.dumps(r.estimates) if r.estimates is not None else None, r.revision))
                added += cur.rowcount
        return added

    def _series_rows(self, columns: str, series_id: int, limit: int | None, tail: str) -> Any:
        """``SELECT columns`` over the series' games with index below ``limit`` (all when None), then ``tail``."""
        where, args = ("series_id = ? AND series_index < ?", (series_id, limit)) if limit is not None else (
            "series_id = ?", (series_id,))
        return self.db.execute(f"SELECT {columns} FROM games WHERE {where} {tail}", args)

    def series_revisions(self, series_id: int, limit: int | None = None) -> dict[str | None, int]:
        """How many of the series' games (with index below ``limit``, all when None) each revision of its
        agent played (None: not recorded)."""
        rows = self._series_rows("agent_revision, COUNT(*)", series_id, limit, "GROUP BY agent_revision")
        return {revision: int(count) for revision, count in rows}

    def series_games(self, series_id: int, limit: int | None = None) -> list[dict[str, Any]]:
        """The series' games with index below ``limit`` (all when None), by index."""
        rows = self._series_rows("series_index, status, rounds, decisions, loss_cause, seconds", series_id, limit,
                                 "ORDER BY series_index")
        return [{"index": i, "won": status == "won", "rounds": rounds, "decisions": decisions,
                 "loss_cause": cause, "seconds": seconds}
                for i, status, rounds, decisions, cause, seconds in rows]

    def series_estimates(self, series_id: int, limit: int | None = None) -> list[tuple[int, bool, list[Any]]]:
        """(index, won, the agent's estimates) of the series' games with index below ``limit``."""
        rows = self._series_rows("series_index, status, estimates", series_id, limit, "ORDER BY series_index")
        return [(int(i), status == "won", json.loads(e) if e else []) for i, status, e in rows]

    def histories(self, game: str | None = None, player: str | None = None) -> Iterator[dict[str, Any]]:
        """Every stored game with its history (for analysis: fitting an evaluation, reviews)."""
        # finished games only: a person's game still in play is neither won nor lost
        sql = ("SELECT game, params, player, seed, status, history, estimates, agent_revision FROM games "
               "WHERE history IS NOT NULL AND status != 'unfinished' AND deleted_at IS NULL")
        args: list[Any] = []
        if game is not None:
            sql += " AND game = ?"
            args.append(game)
        if player is not None:
            sql += " AND player = ?"
            args.append(player)
        for g, params, who, seed, status, history, estimates, revision in self.db.execute(sql + " ORDER BY id", args):
            yield {"game": g, "params": json.loads(params), "player": who, "seed": seed, "revision": revision,
                   "won": status == "won", "history": json.loads(history),
                   "estimates": [tuple(e) for e in json.loads(estimates)] if estimates else []}

    # --- people's games in the browser (soloboard serve, docs/web.md) ------------------------------

    def add_person_game(self, game: str, params: dict[str, Any], seed: int, seats: Iterable[dict[str, Any]],
                        result: dict[str, Any], player: str = "browser", origin: str | None = None,
                        campaign: dict[str, Any] | None = None) -> int:
        """A new game people play: its ``games`` row (``result`` as in :meth:`update_person_game`),
        the seed and every seat (``seat``, ``kind``, ``agent``, ``token_hash``); its id."""
        now = _now()
        with self.db:
            cur = self.db.execute(
                "INSERT INTO games (game, params, kind, player, seed, status, rounds, decisions, loss_cause, "
                "history, created_at, updated_at, software) VALUES (?, ?, 'person', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "RETURNING id",
                (game, canonical(params), player, str(seed), result["status"], result["rounds"],
                 result["decisions"], result.get("loss_cause", ""), json.dumps(result["history"]), now, now,
                 self.software))
            game_id = int(cur.fetchone()[0])
            self.db.execute("INSERT INTO web_games (id, seed, updated_at, origin, campaign) VALUES (?, ?, ?, ?, ?)",
                            (game_id, seed, now, origin, None if campaign is None else canonical(campaign)))
            self.db.executemany(
                "INSERT INTO seats (game, seat, kind, agent, token_hash) VALUES (?, ?, ?, ?, ?)",
                [(game_id, s["seat"], s["kind"], s.get("agent"), s.get("token_hash")) for s in seats])
        return game_id

    def update_person_game(self, game_id: int, result: dict[str, Any], version: int | None = None) -> int | None:
        """Record a move: ``result`` has ``history`` (the actions), ``status`` (``won``, ``lost``,
        ``unfinished``), ``rounds``, ``decisions`` and optionally ``loss_cause``. ``version``: write only
        over that version of the game (the one the caller read); the game's new version, or None when
        the stored game is not at ``version`` (another process wrote it first: nothing is written)."""
        now = _now()
        with self.db:
            version = self._bump(game_id, version, now)
            if version is None:
                return None
            self.db.execute(
                "UPDATE games SET history = ?, status = ?, rounds = ?, decisions = ?, loss_cause = ?, updated_at = ? "
                "WHERE id = ? AND kind = 'person'",
                (json.dumps(result["history"]), result["status"], result["rounds"], result["decisions"],
                 result.get("loss_cause", ""), now, game_id))
        return version

    def _bump(self, game_id: int, version: int | None, now: str | None = None) -> int | None:
        """The game's next version, inside the caller's transaction (its first write: the row is locked
        until the caller commits); None if ``version`` is given and the stored one is another."""
        sql = "UPDATE web_games SET version = version + 1" + (", updated_at = ?" if now else "") + " WHERE id = ?"
        args: list[Any] = ([now] if now else []) + [game_id]
        if version is not None:
            sql += " AND version = ?"
            args.append(version)
        row = self.db.execute(sql + " RETURNING version", args).fetchone()
        return None if row is None else int(row[0])

    def person_version(self, game_id: int) -> int | None:
        """The stored version of a browser game (None: no such game, or it is deleted): one indexed read,
        what a process compares with its copy's before serving it."""
        row = self.db.execute("SELECT w.version FROM web_games w JOIN games g ON g.id = w.id "
                              "WHERE w.id = ? AND g.deleted_at IS NULL", (game_id,)).fetchone()
        return None if row is None else int(row[0])

    def person_marks(self, game_ids: Iterable[int]) -> dict[int, tuple[int, int, tuple[str | None, ...]]]:
        """For each of ``game_ids`` still stored and not deleted: its version, its ply (the history's
        length) and its seats' token hashes in seat order (what the live streams watch for)."""
        ids = sorted(set(game_ids))
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = self.db.execute(
            f"SELECT w.id, w.version, {self._json_length(_HISTORY)} FROM web_games w "
            f"JOIN games g ON g.id = w.id WHERE g.deleted_at IS NULL AND w.id IN ({marks})", ids).fetchall()
        seats: dict[int, list[str | None]] = {}
        for game, token in self.db.execute(f"SELECT game, token_hash FROM seats WHERE seat >= 0 AND game IN ({marks}) "
                                           "ORDER BY game, seat", ids):
            seats.setdefault(int(game), []).append(token)
        return {int(gid): (int(version), int(ply), tuple(seats.get(int(gid), ()))) for gid, version, ply in rows}

    def set_seat_token(self, game_id: int, seat: int, token_hash: str, version: int | None = None) -> int | None:
        """A seat's new token (its hash): a device took the seat and every older token, and its open
        invitation, stop opening it. ``version`` and the answer as in :meth:`update_person_game`."""
        return self._write_seat(game_id, seat, "token_hash = ?, invite_hash = NULL", (token_hash,), version)

    def set_seat_invite(self, game_id: int, seat: int, invite_hash: str | None,
                        version: int | None = None) -> int | None:
        """A seat's open join link (the hash of its token; None: none), replacing the one before.
        ``version`` and the answer as in :meth:`update_person_game`."""
        return self._write_seat(game_id, seat, "invite_hash = ?", (invite_hash,), version)

    def _write_seat(self, game_id: int, seat: int, assignments: str, values: tuple[Any, ...],
                    version: int | None) -> int | None:
        """``UPDATE seats SET <assignments>`` for one seat, in the transaction that bumps the game's
        version (nothing written when ``version`` is given and stale): the new version, or None."""
        with self.db:
            new = self._bump(game_id, version)
            if new is not None:
                self.db.execute(f"UPDATE seats SET {assignments} WHERE game = ? AND seat = ?",
                                (*values, game_id, seat))
        return new

    _PERSON_SQL = ("SELECT g.id, g.game, g.params, g.status, g.rounds, g.decisions, g.loss_cause, g.history, "
                   "g.created_at, w.updated_at, w.seed, w.origin, w.campaign, w.version "
                   "FROM web_games w JOIN games g ON g.id = w.id")

    @staticmethod
    def _person_row(row: tuple[Any, ...]) -> dict[str, Any]:
        (gid, game, params, status, rounds, decisions, cause, history, created, updated, seed, origin, campaign,
         version) = row
        return {"id": gid, "game": game, "params": json.loads(params), "status": status, "rounds": rounds,
                "decisions": decisions, "loss_cause": cause, "history": json.loads(history or "[]"),
                "created": created, "updated": updated, "seed": seed, "origin": origin,
                "campaign": json.loads(campaign) if campaign else None, "version": version}

    def person_game(self, game_id: int) -> dict[str, Any] | None:
        """A browser game with its ``version`` and ``seats`` (token and invitation hashes included), or None."""
        row = self.db.execute(self._PERSON_SQL + " WHERE w.id = ? AND g.deleted_at IS NULL", (game_id,)).fetchone()
        if row is None:
            return None
        out = self._person_row(row)
        out["seats"] = [{"seat": seat, "kind": kind, "agent": agent, "token_hash": token_hash, "invite_hash": invite}
                        for seat, kind, agent, token_hash, invite in self.db.execute(
                            "SELECT seat, kind, agent, token_hash, invite_hash FROM seats WHERE game = ? ORDER BY seat",
                            (game_id,))]
        return out

    def person_list(self, deleted: bool = False) -> list[dict[str, Any]]:
        """Every browser game as a list shows it (``ply`` for the history's length: no history is read),
        the latest changed first; ``deleted``: instead the games whose deletion may still be taken back,
        with their ``deleted_at``."""
        rows = self.db.execute(
            "SELECT g.id, g.game, g.params, g.status, g.rounds, g.decisions, g.loss_cause, "
            f"{self._json_length(_HISTORY)}, g.created_at, w.updated_at, g.deleted_at, "
            "w.campaign IS NOT NULL FROM web_games w JOIN games g ON g.id = w.id WHERE g.deleted_at IS "
            + ("NOT NULL" if deleted else "NULL") + " ORDER BY w.updated_at DESC, w.id DESC")
        keys = ("id", "game", "params", "status", "rounds", "decisions", "loss_cause", "ply", "created", "updated",
                "deleted_at", "campaign")
        out = [dict(zip(keys, row, strict=True)) for row in rows]
        for row in out:
            row["params"] = json.loads(row["params"])
            row["campaign"] = bool(row["campaign"])
        return out

    def campaign_web_game(self, name: str, battle: int, game: int) -> int | None:
        """The browser game that plays game ``game`` of battle ``battle`` of campaign ``name`` (the latest)."""
        row = self.db.execute(
            "SELECT w.id FROM web_games w JOIN games g ON g.id = w.id WHERE g.deleted_at IS NULL AND "
            f"{self._json('campaign', 'name')} = ? AND {self._json('campaign', 'battle', True)} = ? AND "
            f"{self._json('campaign', 'game', True)} = ? ORDER BY w.id DESC LIMIT 1",
            (name, battle, game)).fetchone()
        return None if row is None else int(row[0])

    def person_results(self) -> list[dict[str, Any]]:
        """Finished games of people by setup: ``game``, ``params``, ``games``, ``wins``."""
        rows = self.db.execute(
            "SELECT game, params, COUNT(*), SUM(CASE WHEN status = 'won' THEN 1 ELSE 0 END) FROM games "
            "WHERE kind = 'person' AND status != 'unfinished' AND deleted_at IS NULL "
            "GROUP BY game, params ORDER BY game, params")
        return [{"game": g, "params": json.loads(p), "games": n, "wins": int(w or 0)} for g, p, n, w in rows]

    def series_results(self, game: str | None = None) -> list[dict[str, Any]]:
        """Every series of agents' games (``soloboard report``) with its games and wins."""
        sql = ("SELECT s.game, s.params, s.agent, COUNT(g.id), SUM(CASE WHEN g.status = 'won' THEN 1 ELSE 0 END) "
               "FROM series s JOIN games g ON g.series_id = s.id")
        args: tuple[Any, ...] = ()
        if game is not None:
            sql += " WHERE s.game = ?"
            args = (game,)
        rows = self.db.execute(sql + " GROUP BY s.id ORDER BY s.game, s.params, s.agent", args)
        return [{"game": g, "params": json.loads(p), "agent": a, "games": n, "wins": int(w or 0)}
                for g, p, a, n, w in rows]

    # --- deleting, with a window to take it back (docs/web.md, "Deleting") --------------------------------

    def delete_game(self, game_id: int, at: float) -> bool:
        """Mark a browser game deleted at ``at`` (seconds since the epoch); False if there is no such game
        or it is being deleted already."""
        with self.db:
            cur = self.db.execute("UPDATE games SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL AND id IN "
                                  "(SELECT id FROM web_games)", (at, game_id))
        return cur.rowcount == 1

    def seat_token_hash(self, game_id: int, seat: int) -> str | None:
        """The stored token hash of a browser game's ``seat`` (deleted games included; None: none)."""
        row = self.db.execute("SELECT token_hash FROM seats WHERE game = ? AND seat = ?", (game_id, seat)).fetchone()
        return row[0] if row else None

    def restore_game(self, game_id: int, since: float) -> bool:
        """Take back a game's deletion made at ``since`` or later; False if there is none to take back."""
        with self.db:
            cur = self.db.execute("UPDATE games SET deleted_at = NULL WHERE id = ? AND deleted_at >= ? AND id IN "
                                  "(SELECT id FROM web_games)", (game_id, since))
        return cur.rowcount == 1

    def delete_campaign(self, name: str, at: float) -> list[int] | None:
        """Mark the campaign ``name`` and its browser games deleted at ``at``; the ids of the games that
        went with it (None: no such campaign, or it is being deleted already)."""
        with self.db:
            cur = self.db.execute("UPDATE campaigns SET deleted_at = ? WHERE name = ? AND deleted_at IS NULL",
                                  (at, name))
            if cur.rowcount != 1:
                return None
            # a campaign's game is built from the campaign's components: it cannot outlive it
            ids = [int(r[0]) for r in self.db.execute(
                "SELECT g.id FROM games g JOIN web_games w ON w.id = g.id WHERE g.deleted_at IS NULL AND "
                f"{self._json('w.campaign', 'name')} = ?", (name,))]
            self.db.executemany("UPDATE games SET deleted_at = ? WHERE id = ?", [(at, i) for i in ids])
        return ids

    def restore_campaign(self, name: str, since: float) -> bool:
        """Take back the deletion of campaign ``name`` made at ``since`` or later, with the games deleted
        with it (the same moment); False if there is none to take back."""
        with self.db:
            row = self.db.execute("SELECT deleted_at FROM campaigns WHERE name = ? AND deleted_at >= ?",
                                  (name, since)).fetchone()
            if row is None:
                return False
            self.db.execute("UPDATE campaigns SET deleted_at = NULL WHERE name = ?", (name,))
            self.db.execute("UPDATE games SET deleted_at = NULL WHERE deleted_at = ? AND id IN (SELECT id FROM "
                            f"web_games WHERE {self._json('campaign', 'name')} = ?)", (row[0], name))
        return True

    def remove_campaign(self, name: str) -> int:
        """Delete campaign ``name`` and its browser games at once, for good (the terminal, after its
        question); how many games went with it (-1: no such campaign)."""
        with self.db:
            gone = [r[0] for r in self.db.execute(
                f"SELECT id FROM web_games WHERE {self._json('campaign', 'name')} = ?", (name,))]
            self._drop_games(gone)
            cur = self.db.execute("DELETE FROM campaigns WHERE name = ?", (name,))
        return len(gone) if cur.rowcount == 1 else -1

    def _drop_games(self, ids: list[int]) -> None:
        """Remove games for good with their seats (inside the caller's transaction)."""
        for table, column in (("seats", "game"), ("web_games", "id"), ("games", "id")):
            self.db.executemany(f"DELETE FROM {table} WHERE {column} = ?", [(g,) for g in ids])

    def deleted_campaigns(self) -> list[dict[str, Any]]:
        """The campaigns whose deletion may still be taken back: ``name``, ``deleted_at``."""
        return [{"name": n, "deleted_at": at} for n, at in self.db.execute(
            "SELECT name, deleted_at FROM campaigns WHERE deleted_at IS NOT NULL ORDER BY deleted_at")]

    def purge_deleted(self, before: float | None = None) -> int:
        """Remove for good every game and campaign deleted before ``before`` (default: longer ago than
        :data:`UNDO_SECONDS`); how many rows went."""
        if before is None:
            before = time.time() - UNDO_SECONDS
        with self.db:
            gone = [r[0] for r in self.db.execute("SELECT id FROM games WHERE deleted_at < ?", (before,))]
            self._drop_games(gone)
            cur = self.db.execute("DELETE FROM campaigns WHERE deleted_at < ?", (before,))
        return len(gone) + cur.rowcount

    def next_purge(self) -> float | None:
        """When the oldest deletion still pending was made (None: there is none)."""
        row = self.db.execute("SELECT MIN(at) FROM (SELECT MIN(deleted_at) AS at FROM games UNION ALL "
                              "SELECT MIN(deleted_at) FROM campaigns) AS pending").fetchone()
        return None if row is None or row[0] is None else float(row[0])

    # --- runs -----------------------------------------------------------------------------------

    @contextmanager
    def run(self, command: str) -> Iterator[dict[str, Any]]:
        """Record one invocation; the body may set ``info["games"]``."""
        start = time.perf_counter()
        with self.db:
            cur = self.db.execute("INSERT INTO runs (command, software, started_at) VALUES (?, ?, ?) RETURNING id",
                                  (command, self.software, _now()))
            info: dict[str, Any] = {"id": int(cur.fetchone()[0]), "games": None}
        try:
            yield info
        finally:
            with self.db:
                self.db.execute("UPDATE runs SET seconds = ?, games = ? WHERE id = ?",
                                (time.perf_counter() - start, info["games"], info["id"]))
