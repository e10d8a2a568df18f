"""The games people play in the browser: created, moved, undone, exported and imported.

Each game is a :class:`~soloboard.core.table.Table` (chance, AI seats, undo) kept in memory
while the server runs and written to the one store (``core/store.py``: ``games``,
``web_games``, ``seats``) on every change before the answer goes out, so a refresh or a
restart resumes it: a game not in memory is rebuilt from its stored history.

Isolation: one lock per game serialises the requests on that game in this process (two devices
of a co-operative game cannot interleave a move); different games never wait for each other,
except for the store's one short write.

Several processes (``soloboard serve --workers N``, or servers on several machines sharing a
PostgreSQL store) each keep their own copy of a game. The store numbers every write of a game
(``web_games.version``): a process compares the stored version with its copy's before it serves
the copy, and rebuilds the copy from the store when another process wrote since
(:meth:`Games._sync`, one indexed read); it writes a move, an undo or a seat only over the version
its copy came from (optimistic concurrency, :meth:`Games._save`). When another process wrote
first, nothing is written: the copy is rebuilt from the store and the request checked again,
so the client's ``ply`` then answers the usual 409 (the game moved on) and no move is lost or
interleaved. Join links (invitations) are stored too, so any process honours them.

A seat's secret token is given out once (creation, import); the store keeps only its SHA-256
hash and a token is checked with
``hmac.compare_digest``. Every refusal is a :class:`GameError` with the HTTP status the API
answers (``api.py``).
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import random
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Protocol, TypeVar

from soloboard.agents import names as agent_names
from soloboard.agents.base import DEFAULT_AGENT, seat_agent
from soloboard.core.errors import IllegalActionError, InvalidSaveError
from soloboard.core.registry import game_names, kit, load_game, state_from_json
from soloboard.core.saves import MAX_FILE_DEPTH, NestingError, loads_bounded, replay, save_text
from soloboard.core.store import UNDO_SECONDS, Store
from soloboard.core.table import Table
from soloboard.i18n import _
from soloboard.web.bounds import MAX_ID
from soloboard.web.catalog import setup_text

MAX_SEED = 2**63 - 1  # SQLite's INTEGER, PostgreSQL's BIGINT
# How often a request tries again when other processes keep writing the game between its read and its write
WRITE_TRIES = 5
STATUS = {"won": "won", "lost": "lost", "unfinished": "playing"}
# The host token's hash is kept as a row of the seats table with this seat number (no schema change:
# kind 'person', agent 'host'); it lets the game's creator ask for a new join link of any seat.
HOST_SEAT = -1
# The saved games' list (GET /api/games; its sorts and statuses are the route's Literal types): its bounds
MAX_LISTED = 1000  # games in one answer (``limit``)
MAX_SEARCH = 100  # characters of the free-text filter (``q``)
_STATUS_ORDER = {"playing": 0, "won": 1, "lost": 2}
_T = TypeVar("_T")


class GameError(Exception):
    """A request refused: ``status`` (400, 403, 404, 409, 422), a message for a person, the rule."""

    def __init__(self, status: int, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.rule = rule  # the rule's stable English name, for programs
        # the rule in the request's language, for a person (raised inside the request's use(lang))
        self.rule_text = _(rule) if rule else None


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class Seat:
    seat: int
    kind: str  # "person" | "ai"
    agent: str | None = None
    token_hash: str | None = None

    def public(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "agent": self.agent}


@dataclass
class LiveGame:
    """A game in play: its table, seats and what the page has been told (cached per language)."""

    id: int
    name: str
    params: dict[str, Any]
    table: Table
    seats: list[Seat]
    decisions: int
    lock: threading.Lock = field(default_factory=threading.Lock)
    host_hash: str | None = None  # the game's creator's token: may ask for a new join link of any seat
    invites: dict[int, str] = field(default_factory=dict)  # seat -> hash of its open join link's token
    # lang -> (ply, the narrated log entries); (lang, seat) -> (ply, the game JSON)
    logs: dict[str, tuple[int, list[dict[str, Any]]]] = field(default_factory=dict)
    pages: dict[tuple[str, int | None], tuple[int, bytes]] = field(default_factory=dict)
    # the campaign game it plays, or the custom battle's components (web/campaigns.py), if any
    campaign: dict[str, Any] | None = None
    deleted: bool = False  # deleted while a request held it: that request changes nothing more
    version: int = 0  # the store's version of the game this copy is (core/store.py, web_games.version)

    @property
    def state(self) -> Any:
        return self.table.state

    @property
    def seed(self) -> int:
        return self.table.seed

    @property
    def ply(self) -> int:
        return len(self.table.state.history())

    def people(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind == "person"]

    def seat_of(self, token: str | None) -> int | None:
        """The person seat ``token`` opens, or None (every seat compared, in constant time each)."""
        if not token:
            return None
        digest = token_hash(token)
        found = None
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                found = s.seat
        return found

    def is_host(self, token: str | None) -> bool:
        if not token or self.host_hash is None:
            return False
        return hmac.compare_digest(self.host_hash, token_hash(token))

    def opens_invite(self, seat: int, token: str | None) -> bool:
        """Whether ``token`` is the open join link of ``seat`` (its current token, or an invitation)."""
        if not token:
            return False
        invite = self.invites.get(seat)
        return self.seat_of(token) == seat or (invite is not None and hmac.compare_digest(invite, token_hash(token)))

    def status(self) -> str:
        state = self.state
        if not state.is_terminal():
            return "unfinished"
        return "won" if state.returns()[0] >= 1.0 else "lost"

    def loss_cause(self) -> str:
        state = self.state
        if self.status() != "lost":
            return ""
        return str(getattr(state, "loss_cause", ""))  # every game's state says why it was lost

    def record(self) -> dict[str, Any]:
        """What the store keeps of the game now."""
        return {"history": list(self.state.history()), "status": self.status(),
                "rounds": int(getattr(self.state, "round", 0) or 0), "decisions": self.decisions,
                "loss_cause": self.loss_cause()}

    def forget_pages(self) -> None:
        self.pages.clear()


def _agent(name: str, seat: int) -> Any:
    if name not in agent_names():  # only the built-in agents: a name never imports code over the web
        shown = name if len(name) <= MAX_ID else name[:MAX_ID] + "…"  # (a save's text is not bounded)
        raise GameError(400, _("Seat {seat}: unknown agent {agent!r}; choose one of: {agents}").format(
            seat=seat + 1, agent=shown, agents=", ".join(agent_names())))
    return seat_agent(name)


def check_params(name: Any, params: Any) -> Any:
    """The game ``name`` with ``params`` (a 400 naming what is wrong)."""
    if not isinstance(name, str) or name not in game_names():
        raise GameError(400, _("Unknown game {game!r}; valid games: {games}").format(
            game=name, games=", ".join(game_names())))
    if not isinstance(params, dict):
        raise GameError(400, _("'params' must be an object of the game's parameters"))
    no_deck_file(params)
    try:
        return load_game(name, **params)
    except (TypeError, ValueError) as exc:
        raise GameError(400, str(exc)) from None


def sort_listed(items: list[dict[str, Any]], keys: dict[str, Callable[[dict[str, Any]], Any]], sort: str,
                order: str | None, latest: Callable[[dict[str, Any]], Any], latest_first: tuple[str, ...]) -> None:
    """Sort a list's entries in place by ``keys[sort]``: the ``latest_first`` sorts (dates, progress)
    go descending unless ``order`` says otherwise, the others ascending (A to Z); ties of the others
    come the latest played first, whichever way the sort goes."""
    if sort not in latest_first:
        items.sort(key=latest, reverse=True)
    items.sort(key=keys[sort], reverse=(sort in latest_first) if order is None else order == "desc")


def result_text(status: str, cause: str | None) -> str | None:
    """A game's result in words, in the current language (None in play); ``cause``: the engine's
    words for a loss, a msgid of the catalog."""
    if status == "won":
        return _("Won")
    if status == "lost":
        return _("Lost: {cause}").format(cause=_(cause)) if cause else _("Lost")
    return None


def no_deck_file(params: dict[str, Any]) -> None:
    """A request never names a file on the server: a Monstros ``deck`` (a path the game would open)
    is refused before any game is built, so nothing is opened and the answer tells nothing about the
    path. The browser plays the deck shipped in the package; a deck file is the terminal's
    (``soloboard play monstros --deck FILE``: a file the person at that machine names)."""
    if params.get("deck") is not None:
        raise GameError(400, _("A deck file cannot be chosen from the browser; play the real cards with "
                               "'soloboard play monstros --deck FILE' in the terminal"), "deck file")


def _seats(game: Any, spec: Any) -> list[Seat]:
    players = int(game.num_players())
    if spec is None:
        return [Seat(s, "person") for s in range(players)]
    if not isinstance(spec, list) or len(spec) != players:
        raise GameError(400, _("'seats' must list the {n} seats of this game").format(n=players))
    seats = []
    for n, item in enumerate(spec):
        if not isinstance(item, dict) or item.get("kind", "person") not in ("person", "ai"):
            raise GameError(400, _("Seat {seat}: 'kind' must be 'person' or 'ai'").format(seat=n + 1))
        unknown = sorted(set(item) - {"kind", "agent"})
        if unknown:
            raise GameError(400, _("Seat {seat}: unknown field {field!r} (a seat has 'kind' and 'agent')").format(
                seat=n + 1, field=unknown[0]))
        if item.get("kind", "person") == "ai":
            agent = item.get("agent") or DEFAULT_AGENT
            if not isinstance(agent, str):
                raise GameError(400, _("Seat {seat}: 'agent' must be an agent's name").format(seat=n + 1))
            _agent(agent, n)
            seats.append(Seat(n, "ai", agent))
        else:
            seats.append(Seat(n, "person"))
    if not any(s.kind == "person" for s in seats):
        raise GameError(400, _("At least one seat must be a person's"))
    return seats


def _check_seed(seed: Any, status: int = 400, field: str = "seed", rule: str | None = None) -> int:
    if seed is None:
        return random.SystemRandom().randrange(1_000_000)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise GameError(status, _("'{field}' must be a whole number from 0 to {top}, or null").format(
            field=field, top=MAX_SEED), rule)
    return seed


def _save_envelope(text: str) -> dict[str, Any]:
    """The save's JSON, read before anything is built from it: bounded in depth, and naming no file
    on the server (its ``deck``), so that a refused save opens nothing."""
    try:
        data = loads_bounded(text, MAX_FILE_DEPTH)
    except NestingError:
        raise GameError(400, _("Not a game file that can be loaded: {why}").format(
            why=_("its JSON is nested deeper than {limit} levels").format(limit=MAX_FILE_DEPTH))) from None
    except ValueError:
        return {}  # not JSON: the loader says why
    if not isinstance(data, dict):
        return {}
    params = data.get("params")
    if isinstance(params, dict):
        no_deck_file(params)
    return data


def count_decisions(start: Any, actions: list[int]) -> int:
    """How many of ``actions``, played from ``start``, were decisions (not chance)."""
    replayed = start.clone()
    count = 0
    for action in actions:
        count += not replayed.is_chance_node()
        replayed.apply_action(action)
    return count


def decisions_of(table: Table) -> int:
    return count_decisions(table.origin, table.state.history()[len(table.origin.history()):])


@cache  # lists and stats name the same few setups again and again; a game object never changes
def _setup_game(name: str, params_json: str) -> Any:
    try:
        return load_game(name, **json.loads(params_json))
    except (TypeError, ValueError):
        return None


def setup_game(name: str, params: dict[str, Any]) -> Any:
    """The game of a stored setup (loaded once per setup), or None if it no longer loads."""
    return _setup_game(name, json.dumps(params, sort_keys=True))


def setup_title(name: str, params: dict[str, Any]) -> str:
    """The game's own short description of a setup ("Roswell (blue side), threat 1") in the current
    language, or "" if it cannot load."""
    game = setup_game(name, params)
    return str(game.title()) if game is not None else ""


class CampaignGames(Protocol):
    """What the games need of the campaigns: a campaign game's rules, and its result recorded."""

    def build(self, link: dict[str, Any]) -> Any: ...

    def finished(self, link: dict[str, Any], state: Any) -> None: ...


class Games:
    """Every browser game of one store."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time,
                 undo_seconds: float = UNDO_SECONDS) -> None:
        self.store = store
        self.store_lock = threading.Lock()  # one SQLite connection, used by one thread at a time
        self._live: dict[int, LiveGame] = {}
        self._loading = threading.Lock()
        # builds a campaign game's rules and records its result (web/campaigns.py sets it)
        self.campaigns: CampaignGames | None = None
        # deletions: how long they may be taken back, the clock they are timed by, the next purge
        self.clock = clock
        self.undo_seconds = undo_seconds
        self._timer: threading.Timer | None = None
        self._closed = False
        self.purge()  # deletions left pending by a server that stopped within their window

    # --- creating ---------------------------------------------------------------------------------

    def _start(self, name: str, game: Any, state: Any, seed: int, seats: list[Seat],
               origin: str | None = None, campaign: dict[str, Any] | None = None,
               ) -> tuple[LiveGame, list[dict[str, Any]], str]:
        tokens = []
        for s in seats:
            if s.kind == "person":
                token = secrets.token_urlsafe(24)
                s.token_hash = token_hash(token)
                tokens.append({"seat": s.seat, "token": token})
        ai = {s.seat: _agent(s.agent or DEFAULT_AGENT, s.seat) for s in seats if s.kind == "ai"}
        table = Table(game, state, seed, ai)
        decisions = decisions_of(table)
        live = LiveGame(0, name, game.parameters(), table, seats, decisions, campaign=campaign)
        host = secrets.token_urlsafe(24)
        live.host_hash = token_hash(host)
        live.decisions += self._advance(live)
        rows = [vars(s) for s in seats] + [{"seat": HOST_SEAT, "kind": "person", "agent": "host",
                                            "token_hash": live.host_hash}]
        with self.store_lock:
            live.id = self.store.add_person_game(name, live.params, seed, rows, live.record(), origin=origin,
                                                 campaign=campaign)
        for t in tokens:
            t["join"] = f"/join/{live.id}?seat={t['seat']}&token={t['token']}"
        with self._loading:
            self._live[live.id] = live
        return live, tokens, host

    def start_campaign_game(self, game: Any, seed: int, link: dict[str, Any]) -> tuple[LiveGame, list[dict], str]:
        """A campaign's digital game (``game`` carries its components' rules), one person's seat."""
        return self._start("ufs", game, game.new_initial_state(), seed, _seats(game, None), campaign=link)

    def create(self, name: Any, params: Any, seed: Any = None,
               seats: Any = None) -> tuple[LiveGame, list[dict], str]:
        """A new game; its secret seat tokens and host token (the only time they are told)."""
        game = check_params(name, params if params is not None else {})
        seat_list = _seats(game, seats)
        return self._start(str(name), game, game.new_initial_state(), _check_seed(seed), seat_list)

    def import_save(self, text: str) -> tuple[LiveGame, list[dict], str]:
        """A new game from a save file's text (the terminal's format, docs/save-format.md)."""
        data = _save_envelope(text)
        # the save's dice: a whole number or none at all (a new game's random seed); anything else is
        # a damaged file, refused rather than played with other dice than the file's
        seed = _check_seed(data.get("dice_seed"), 422, "dice_seed", "dice seed")
        try:
            state = state_from_json(text)
        except InvalidSaveError as exc:
            raise GameError(400, _("Not a game file that can be loaded: {why}").format(why=exc)) from None
        except Exception as exc:  # a malformed file the loader did not foresee is a bad file, not a crash
            raise GameError(400, _("Not a game file that can be loaded: {why}").format(
                why=f"{type(exc).__name__}: {exc}")) from None
        game = state.game
        name = str(data.get("game"))
        ai_seats = data.get("ai_seats") or []
        agents = data.get("ai_agents") or {}
        if not isinstance(ai_seats, list) or not isinstance(agents, dict):
            raise GameError(400, _("'ai_seats' must be a list of seats and 'ai_agents' an object"))
        spec = [{"kind": "ai", "agent": agents.get(str(n), DEFAULT_AGENT)} if n in ai_seats else {"kind": "person"}
                for n in range(int(game.num_players()))]
        seats = _seats(game, spec)
        # a game that began at a set-up position (a puzzle) keeps the save itself: replays start from it
        origin = text if not state.history() or getattr(state, "origin", None) is not None else None
        return self._start(name, game, state, seed, seats, origin)

    # --- finding ------------------------------------------------------------------------------------

    def marks(self, game_ids: Iterable[int]) -> dict[int, tuple[int, int, tuple[str | None, ...]]]:
        """The games' versions, plies and seat token hashes in the store (what the live streams watch)."""
        with self.store_lock:
            return self.store.person_marks(game_ids)

    def loaded(self, game_id: int) -> LiveGame | None:
        """The game if it is in memory already (no store read), else None."""
        return self._live.get(game_id)

    def get(self, game_id: int) -> LiveGame:
        """The game, as the store has it now (a copy in memory is checked against the store first)."""
        with self._locked(game_id) as live:
            return live

    def _find(self, game_id: int) -> LiveGame:
        """The game's copy in memory, built from the store if there is none (not checked against the store)."""
        live = self._live.get(game_id)
        if live is not None:
            return live
        if not 0 < game_id <= MAX_SEED:  # (the store's integers: a larger id is no game, not an overflow)
            raise GameError(404, _("There is no game {id}").format(id=game_id))
        with self._loading:  # two first requests for a stored game build it once
            live = self._live.get(game_id)
            if live is None:
                live = self._load(game_id)
                self._live[game_id] = live
        return live

    @contextlib.contextmanager
    def _locked(self, game_id: int) -> Iterator[LiveGame]:
        """The game with its lock held, as the store has it now (:meth:`_sync`)."""
        live = self._find(game_id)
        with live.lock:
            self._sync(live)
            yield live

    def _sync(self, live: LiveGame) -> None:
        """Under the game's lock: make this copy the store's game, which another process may have
        changed or deleted (a 404 then) since the copy was made. One indexed read when nothing changed."""
        if live.deleted:  # deleted while this request waited for the game
            raise GameError(404, _("There is no game {id}").format(id=live.id))
        with self.store_lock:
            version = self.store.person_version(live.id)
        if version is None:
            self._gone(live)
        elif version != live.version:
            self._reload(live)

    def _gone(self, live: LiveGame) -> None:
        live.deleted = True
        with self._loading:
            if self._live.get(live.id) is live:
                del self._live[live.id]
        raise GameError(404, _("There is no game {id}").format(id=live.id))

    def _reload(self, live: LiveGame) -> None:
        """Under the game's lock: rebuild the copy from the store in place (the requests waiting for
        this copy then see the store's game, never a move this process failed to write)."""
        try:
            fresh = self._load(live.id)
        except GameError as exc:
            if exc.status == 404:
                self._gone(live)
            raise
        live.table, live.seats, live.decisions = fresh.table, fresh.seats, fresh.decisions
        live.host_hash, live.invites, live.campaign, live.version = (fresh.host_hash, fresh.invites, fresh.campaign,
                                                                     fresh.version)
        live.logs.clear()
        live.forget_pages()

    def _load(self, game_id: int) -> LiveGame:
        with self.store_lock:
            row = self.store.person_game(game_id)
        if row is None:
            raise GameError(404, _("There is no game {id}").format(id=game_id))
        try:
            if row.get("campaign"):
                if self.campaigns is None:
                    raise ValueError(_("it plays a campaign game, and campaigns are not served here"))
                game = self.campaigns.build(row["campaign"])
            else:
                game = load_game(row["game"], **row["params"])
            origin = row.get("origin")
            state = state_from_json(origin) if origin else game.new_initial_state()
            game = state.game
            replay(state, row["history"][len(state.history()):])
        except (TypeError, ValueError) as exc:
            raise GameError(409, _("Game {id} cannot be rebuilt from the store: {why}").format(
                id=game_id, why=exc)) from None
        seats = [Seat(s["seat"], s["kind"], s["agent"], s["token_hash"])
                 for s in row["seats"] if s["seat"] != HOST_SEAT]
        host = next((s["token_hash"] for s in row["seats"] if s["seat"] == HOST_SEAT), None)
        ai = {s.seat: _agent(s.agent or DEFAULT_AGENT, s.seat) for s in seats if s.kind == "ai"}
        table = Table(game, state, int(row["seed"]), ai)
        live = LiveGame(game_id, row["game"], row["params"], table, seats, decisions_of(table), host_hash=host,
                        campaign=row.get("campaign"), version=int(row["version"]),
                        invites={s["seat"]: s["invite_hash"] for s in row["seats"] if s.get("invite_hash")})
        if self._advance(live):  # stored halfway through what no person decides (should not happen): finish it
            self._save(live)  # (another process that finished it first wrote the same moves: nothing is lost)
        return live

    def list(self, game: str | None = None, status: str | None = None, q: str = "", sort: str = "updated",
             order: str | None = None, limit: int = MAX_LISTED) -> dict[str, Any]:
        """The saved games that match (``game``; ``status``: playing, won, lost or finished; ``q``: words
        in the set-up, the title or the result), sorted (``sort``: updated, created, setup, status or
        round; ``order`` asc or desc, by default the latest or furthest first for dates and rounds, A to
        Z otherwise), at most ``limit``; with ``total`` (how many match) and ``deleted``: the games whose
        deletion may still be taken back."""
        self.purge()
        with self.store_lock:
            rows = self.store.person_list()
            pending = self.store.person_list(deleted=True)
        listed = [self._listed(r) for r in rows]
        words = q.casefold().split()
        matching = [g for g in listed
                    if (game is None or g["game"] == game)
                    and (status is None or g["status"] == status or (status == "finished" and g["status"] != "playing"))
                    and all(w in g["search"] for w in words)]
        keys: dict[str, Callable[[dict[str, Any]], Any]] = {
            "updated": lambda g: (g["updated"] or "", g["id"]), "created": lambda g: (g["created"] or "", g["id"]),
            "setup": lambda g: (g["game_title"].casefold(), g["title"].casefold(), g["setup"].casefold()),
            "status": lambda g: (_STATUS_ORDER.get(g["status"], 3), g["result"] or ""),
            "round": lambda g: (g["rounds"] or 0, g["decisions"] or 0)}
        sort_listed(matching, keys, sort, order, latest=keys["updated"], latest_first=("updated", "created", "round"))
        for g in listed:
            del g["search"]
        deleted = [{**self._listed(r), "undo_seconds": self.seconds_left(r["deleted_at"])} for r in pending]
        for g in deleted:
            del g["search"]
        return {"games": matching[:limit], "total": len(matching), "deleted": deleted,
                "undo_window": self.undo_seconds}

    @staticmethod
    def _listed(r: dict[str, Any]) -> dict[str, Any]:
        """A stored game as the list shows it, in the current language (``search``: its words, folded)."""
        name, params = r["game"], r["params"]
        status = STATUS[r["status"]]
        result = result_text(status, r["loss_cause"])
        try:
            game_title = _(kit(name).title)
        except ValueError:  # a game this version no longer has
            game_title = name
        out = {"id": r["id"], "game": name, "params": params, "game_title": game_title,
               "title": setup_title(name, params), "setup": setup_text(name, params), "status": status,
               "loss_cause": r["loss_cause"], "result": result, "ply": r["ply"], "decisions": r["decisions"],
               "rounds": r["rounds"], "created": r["created"], "updated": r["updated"], "campaign": r["campaign"]}
        out["search"] = " ".join(str(out[k] or "") for k in ("game_title", "title", "setup", "result")).casefold()
        return out

    # --- deleting, and taking a deletion back -------------------------------------------------------------

    def seconds_left(self, deleted_at: float) -> float:
        """How long a deletion made at ``deleted_at`` may still be taken back (0: no more)."""
        return round(max(0.0, deleted_at + self.undo_seconds - self.clock()), 1)

    def _check_host(self, game_id: int, token: str | None) -> None:
        """Only the device that started a game (it holds the host token) deletes it or takes the deletion
        back: a guest holding a seat of a shared game on another device cannot remove it from the host."""
        with self.store_lock:
            host = self.store.seat_token_hash(game_id, HOST_SEAT) if 0 < game_id <= MAX_SEED else None
        if host is not None and not (token and hmac.compare_digest(host, token_hash(token))):
            raise GameError(403, _("Only the device that started game {id} can delete it or bring it back")
                            .format(id=game_id), "host token")

    def delete(self, game_id: int, token: str | None = None) -> dict[str, Any]:
        """Delete a game: it leaves the list, History and the statistics at once, and the store for good
        when the undo window has passed (:meth:`restore` takes it back before then). ``token``: the
        game's host token, when the game has one."""
        self._check_host(game_id, token)
        live = self._live.get(game_id)
        if live is not None:
            live.lock.acquire()  # a move under way ends first; any request after this one finds no game
        try:
            with self.store_lock:
                found = 0 < game_id <= MAX_SEED and self.store.delete_game(game_id, self.clock())
            if not found:
                raise GameError(404, _("There is no game {id}").format(id=game_id))
            if live is not None:
                live.deleted = True
            with self._loading:
                self._live.pop(game_id, None)
        finally:
            if live is not None:
                live.lock.release()
        self._schedule()
        return {"id": game_id, "undo_seconds": self.undo_seconds}

    def forget(self, game_ids: Iterable[int]) -> None:
        """Games deleted with their campaign: out of memory, and no request still holding one changes it."""
        for game_id in game_ids:
            live = self._live.get(game_id)
            if live is None:
                continue
            with live.lock:
                live.deleted = True
            with self._loading:
                self._live.pop(game_id, None)
        self._schedule()

    def restore(self, game_id: int, token: str | None = None) -> None:
        """Take back a game's deletion within its undo window (404 after it: the game is gone)."""
        self._check_host(game_id, token)
        with self.store_lock:
            found = 0 < game_id <= MAX_SEED and self.store.restore_game(game_id, self.clock() - self.undo_seconds)
        if not found:
            raise GameError(404, _("Game {id} cannot be brought back: it was not deleted, or it was deleted more "
                                   "than {seconds} seconds ago").format(id=game_id, seconds=round(self.undo_seconds)))

    def purge(self) -> None:
        """Remove for good what was deleted longer ago than the undo window, and time the next purge."""
        if self._closed:
            return
        with self.store_lock:
            self.store.purge_deleted(self.clock() - self.undo_seconds)
        self._schedule()

    def _schedule(self) -> None:
        """A purge when the oldest pending deletion's window closes (one timer; a daemon thread)."""
        with self.store_lock:
            oldest = self.store.next_purge()
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if oldest is None or self._closed:
                return
            wait = max(0.05, oldest + self.undo_seconds - self.clock() + 0.05)
            self._timer = threading.Timer(wait, self._timed_purge)
            self._timer.daemon = True
            self._timer.start()

    def _timed_purge(self) -> None:
        with contextlib.suppress(*self.store.errors):  # the store closed meanwhile: the next start purges the rest
            self.purge()

    def close(self) -> None:
        """Stop the purge timer (the store is about to close; what is pending is purged at the next start)."""
        with self.store_lock:
            self._closed = True
            if self._timer is not None:
                self._timer.cancel()

    # --- changing ---------------------------------------------------------------------------------------

    def _advance(self, live: LiveGame) -> int:
        """Resolve chance and AI seats; how many decisions the AI seats made."""
        if not live.table.ai_seats:
            live.table.advance()
            return 0
        start, done = live.state.clone(), live.ply
        live.table.advance()
        return count_decisions(start, live.state.history()[done:])

    def _save(self, live: LiveGame) -> bool:
        """Write the game over the version this copy came from; False (nothing written) when another
        process wrote it first: the caller rebuilds the copy (:meth:`_reload`) and checks the request again."""
        live.forget_pages()
        with self.store_lock:
            version = self.store.update_person_game(live.id, live.record(), live.version)
        if version is None:
            return False
        live.version = version
        return True

    def _seat(self, live: LiveGame, token: str | None) -> int:
        if not token:
            raise GameError(403, _("This needs the seat's secret token (the X-Seat-Token header): "
                                   "open the game from its link"), "seat token")
        seat = live.seat_of(token)
        if seat is None:
            raise GameError(403, _("This token opens no seat of game {id}").format(id=live.id), "seat token")
        return seat

    @staticmethod
    def _fresh(live: LiveGame, ply: int) -> None:
        if live.deleted:  # deleted while this request waited for the game
            raise GameError(404, _("There is no game {id}").format(id=live.id))
        if ply != live.ply:
            raise GameError(409, _("The game has moved on (it is at move {now}, your page at {sent}): "
                                   "reload it").format(now=live.ply, sent=ply), "stale move")

    def move(self, game_id: int, token: str | None, ply: int, action: int | None = None,
             notation: str | None = None) -> tuple[LiveGame, int]:
        """A person's move (then chance and AI seats); the game and the ply the move was made at."""
        def attempt(live: LiveGame) -> tuple[LiveGame, int] | None:
            self._play(live, token, ply, action, notation)
            if not self._save(live):
                return None
            if live.campaign is not None and live.state.is_terminal() and self.campaigns is not None:
                self.campaigns.finished(live.campaign, live.state)  # the result goes in the campaign's journal
            return live, ply

        return self._write(game_id, attempt, ply)

    def _write(self, game_id: int, attempt: Callable[[LiveGame], _T | None], ply: int | None = None) -> _T:
        """``attempt(game)`` under the game's lock, the game as the store has it; ``attempt`` answers None
        when its write found that another process wrote the game first (nothing was written): the copy is
        rebuilt from the store and the request tried again, where its checks (the page's ``ply``) refuse
        what has become stale. Other processes writing every time (seats taken, links asked for, again
        and again): a 409, and the page reloads the game, as for a stale move."""
        for _attempt in range(WRITE_TRIES):
            with self._locked(game_id) as live:
                try:
                    done = attempt(live)
                except GameError:
                    raise  # (refused by a check: nothing was changed)
                except Exception:
                    live.version = -1  # failed half-way (the store unreachable): the next request rebuilds the copy
                    raise
                if done is not None:
                    return done
                self._reload(live)
        now = self._find(game_id).ply
        raise GameError(409, _("The game has moved on (it is at move {now}, your page at {sent}): "
                               "reload it").format(now=now, sent=now if ply is None else ply), "stale move")

    def _play(self, live: LiveGame, token: str | None, ply: int, action: int | None, notation: str | None) -> None:
        """Under the game's lock: check the request and play the move, then chance and AI seats."""
        seat = self._seat(live, token)
        self._fresh(live, ply)
        to_move = live.table.person_to_move()
        if to_move is None:
            raise GameError(409, _("No one can move now: the game is over") if live.state.is_terminal()
                            else _("No person decides now"), "turn order")
        if to_move != seat:
            raise GameError(403, _("It is seat {turn}'s turn, not seat {seat}'s").format(
                turn=to_move + 1, seat=seat + 1), "turn order")
        state = live.state
        if notation is not None:
            try:
                action = int(state.string_to_action(notation))
            except IllegalActionError as exc:
                raise GameError(422, str(exc), exc.rule or None) from None
            except ValueError as exc:
                raise GameError(400, _("Cannot read the move {text!r}: {why}").format(text=notation, why=exc),
                                "notation") from None
        try:
            live.table.play(action)
        except IllegalActionError as exc:
            raise GameError(422, str(exc), exc.rule or None) from None
        live.decisions += 1 + self._advance(live)

    def undo(self, game_id: int, token: str | None, ply: int) -> LiveGame:
        def attempt(live: LiveGame) -> LiveGame | None:
            self._seat(live, token)
            self._fresh(live, ply)
            if len(live.people()) > 1:
                raise GameError(409, _("Undo is for games with one person: in a co-operative game "
                                       "a move stays made"), "undo")
            if live.campaign is not None and "name" in live.campaign and live.state.is_terminal():
                raise GameError(409, _("This campaign game is over and its result is in the campaign's journal: "
                                       "take it back there (Undo the last step) first"), "undo")
            if live.state.is_terminal():
                # a result is kept as it was played (History, the statistics): never undone
                raise GameError(409, _("The game is over and its result stays as it was played: a finished game "
                                       "cannot be undone. Start a new game to play again"), "finished game")
            if live.table.undo() is None:
                raise GameError(409, _("Nothing to undo: no decision of yours since the start"), "undo")
            live.decisions = decisions_of(live.table)
            live.logs.clear()
            return live if self._save(live) else None

        return self._write(game_id, attempt, ply)

    # --- seats: joining on another device, inviting again -------------------------------------------------

    def _person_seat(self, live: LiveGame, seat: int) -> Seat:
        found = next((s for s in live.seats if s.seat == seat), None)
        if found is None or found.kind != "person":
            raise GameError(400, _("Game {id} has no seat {seat} for a person").format(id=live.id, seat=seat + 1),
                            "seat token")
        return found

    def claim(self, game_id: int, seat: int, token: str | None) -> str:
        """The device that opened ``seat``'s join link takes the seat: a fresh token, and every older
        one (the host's copy, earlier links) stops opening it. The new token (told only here)."""
        def attempt(live: LiveGame) -> str | None:
            found = self._person_seat(live, seat)
            # (after another process's write, the copy is the store's: a link claimed there opens nothing here)
            if not live.opens_invite(seat, token):
                raise GameError(403, _("This join link of seat {seat} is no longer valid: it was used on another "
                                       "device. Ask the host for a new one").format(seat=seat + 1), "seat token")
            fresh = secrets.token_urlsafe(24)
            digest = token_hash(fresh)
            with self.store_lock:
                version = self.store.set_seat_token(live.id, seat, digest, live.version)
            if version is None:
                return None
            found.token_hash, live.version = digest, version
            live.invites.pop(seat, None)
            live.forget_pages()
            return fresh

        return self._write(game_id, attempt)

    def invite(self, game_id: int, seat: int, token: str | None) -> str:
        """A new join link's token for ``seat`` (asked by the seat's holder or the game's host); it opens
        nothing until claimed, and the latest invitation replaces the one before. Stored (its hash), so
        that every server process of the store honours it, after a restart too."""
        def attempt(live: LiveGame) -> str | None:
            self._person_seat(live, seat)
            if not (live.seat_of(token) == seat or live.is_host(token)):
                raise GameError(403, _("Only the holder of seat {seat} or the game's host can invite to it").format(
                    seat=seat + 1), "seat token")
            invite = secrets.token_urlsafe(24)
            digest = token_hash(invite)
            with self.store_lock:
                version = self.store.set_seat_invite(live.id, seat, digest, live.version)
            if version is None:
                return None
            live.invites[seat], live.version = digest, version
            return invite

        return self._write(game_id, attempt)

    def check(self, game_id: int, tokens: dict[int, str], host: str | None) -> dict[str, Any]:
        """Which of a device's seat tokens still open their seat, and whether it holds the host token."""
        with self._locked(game_id) as live:
            return {"seats": {str(seat): live.seat_of(tok) == seat for seat, tok in tokens.items()},
                    "host": live.is_host(host)}

    # --- files ------------------------------------------------------------------------------------------

    def export(self, game_id: int) -> str:
        with self._locked(game_id) as live:
            ai = [s for s in live.seats if s.kind == "ai"]
            extras: dict[str, Any] = {"dice_seed": live.seed}
            if ai:
                extras["ai_seats"] = [s.seat for s in ai]
                extras["ai_agents"] = {str(s.seat): s.agent for s in ai}
            return save_text(live.state, **extras)
