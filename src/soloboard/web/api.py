"""The JSON API under ``/api`` (docs/web.md): games, moves, undo, previews, hints, files, live updates.

Every answer that changes a game is given after the change is in the store. Refusals are
``{"error": message for a person, "rule": the rule's stable English name or null, "rule_text": that
rule in the request's language}`` with 400 (malformed request,
unknown game, parameter or value), 403 (seat token missing or wrong, not your seat, not your
turn), 404 (no such game), 409 (a stale move, undo in a co-operative game) or 422 (a move
the rules refuse: the engine's message and rule). Texts come in the language of ``?lang=``.
"""

from __future__ import annotations

import io
import json
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Annotated, Any, Literal

import orjson
from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.responses import JSONResponse, Response
from fastapi.sse import EventSourceResponse, ServerSentEvent
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from starlette.concurrency import run_in_threadpool

from soloboard.agents.analysis import estimate
from soloboard.core.errors import IllegalActionError
from soloboard.core.registry import kit, kit_of
from soloboard.core.saves import NestingError, loads_bounded
from soloboard.core.stats import wilson
from soloboard.core.store import canonical
from soloboard.i18n import LANGUAGES, _, use
from soloboard.i18n import catalog as i18n_catalog
from soloboard.web import views
from soloboard.web.bounds import (
    MAX_DEPTH,
    MAX_ID,
    MAX_QUERY_JSON,
    MAX_SEATS,
    MAX_TEXT,
    MAX_TOKEN,
    Id,
    Lang,
    Params,
    problem,
    refusals,
)
from soloboard.web.catalog import catalog, setup_text
from soloboard.web.games import (
    MAX_LISTED,
    MAX_SEARCH,
    STATUS,
    GameError,
    Games,
    LiveGame,
    check_params,
    result_text,
    setup_game,
    setup_title,
)

MAX_IMPORT_BYTES = 4_000_000
HINTS_AT_ONCE = threading.BoundedSemaphore(2)  # a hint searches for most of a second: never many at once


# --- request bodies (their schema is in the OpenAPI document at /docs) ------------------------------

class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Id = Field("person", description="person | ai")
    agent: Id | None = Field(None, description="an AI seat's agent: random, greedy or mcts")


class NewGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: Id = Field(description="ufs | ufs-pnp | monstros")
    params: Params = Field(default_factory=dict)
    seed: StrictInt | None = Field(None, description="the dice seed (null: a random one)")
    seats: list[SeatSpec] | None = Field(None, max_length=MAX_SEATS,
                                         description="Monstros: one per seat (default: every seat a person)")


class MoveBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ply: StrictInt = Field(description="the game's ply the move was chosen at (a stale one gets 409)")
    action: StrictInt | None = Field(None, description="the move's id (moves[].id)")
    notation: str | None = Field(None, max_length=MAX_TEXT, description="or the move in notation, e.g. G3c1")


class UndoBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ply: StrictInt


class CheckBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    tokens: dict[int, Annotated[str, Field(max_length=MAX_TOKEN)]] = Field(
        default_factory=dict, max_length=MAX_SEATS, description="{seat: token} a device holds")
    host: str | None = Field(None, max_length=MAX_TOKEN, description="the host token the device holds, if any")


# --- answers (documented in the OpenAPI schema; the routes encode them themselves, once) -------------------

class LogEntry(BaseModel):
    ply: int = Field(description="the index in the history of the action that caused it")
    kind: str = Field(description="the engine event's kind (docs/events.md)")
    text: str = Field(description="the narrator's sentence for it, in the request's language")
    event: dict[str, Any] = Field(description="the engine's event")


class PreviewAnswer(BaseModel):
    action: int
    ply: int = Field(description="the ply the preview is for (the one asked for when stale)")
    stale: bool = Field(description="the game is no longer at the ply asked for: nothing to tell")
    notation: str | None = Field(None, description="the move in notation (absent when stale)")
    text: str | None = Field(None, description="what the move would do, in one line (absent when stale)")
    events: list[LogEntry] = Field(description="what the move would do, event by event, narrated")


class WhyNot(BaseModel):
    notation: str = Field(description="the click asked about, as sent")
    ply: int
    stale: bool = Field(description="the game is no longer at the ply asked for: nothing to tell")
    legal: bool | None = Field(description="whether it is a legal move now (null when stale)")
    error: str | None = Field(description="why the engine refuses it, for a person (null when legal or stale)")
    rule: str | None = Field(description="the rule's stable English name, or null")
    rule_text: str | None = Field(description="that rule in the request's language, or null")


class MoveAnswer(BaseModel):
    delta: Literal[True] = Field(description="an answer that carries what changed, not the whole game")
    id: int
    since: int = Field(description="the ply the move was sent from")
    ply: int = Field(description="the game's ply now: send it with the next move")
    decisions: int
    status: Literal["playing", "won", "lost"]
    result: str | None
    to_move: int | None
    seats: list[dict[str, Any]]
    moves: list[dict[str, Any]] = Field(description="the seat's legal moves now: id, notation, what it clicks")
    can_undo: bool
    view: dict[str, Any] = Field(description="the board's view now, without the parts named in kept")
    kept: list[str] = Field(description="the view's parts that never change in a game: keep them from the game held")
    log_from: int = Field(description="how many log entries came before new (the page's log must be that long)")
    new: list[LogEntry] = Field(description="the log's entries since the move: the move, chance, AI seats")


ERRORS = refusals(
    r400="malformed request, unknown game, parameter or value",
    r403="seat token missing or wrong, or not this seat's turn",
    r404="no such game",
    r409="stale move (the game moved on) or undo refused",
    r422="a move the rules refuse: the engine's message and rule")


# --- helpers -----------------------------------------------------------------------------------------------

def language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise GameError(400, f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}", None)
    return lang


Token = Annotated[str | None, Header(alias="X-Seat-Token", max_length=MAX_TOKEN, description="the seat's secret token")]


def uploaded_text(data: bytes, limit: int, too_large: str, not_text: str) -> str:
    """A file sent as a request's body, as text; a refusal (400) with the message for a person."""
    if len(data) > limit:
        raise GameError(400, too_large)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise GameError(400, not_text) from None


def dumps(data: Any) -> bytes:
    """Compact UTF-8 JSON. orjson: a game's answer is encoded in a tenth of the time the standard
    library takes (a move's answer is most of a move's work); integer keys become strings, as there."""
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)


class FastJSON(JSONResponse):
    """A JSON answer encoded by :func:`dumps` (the same text as ``JSONResponse``, in less time)."""

    def render(self, content: Any) -> bytes:
        return dumps(content)


def _log(live: LiveGame, lang: str) -> list[dict[str, Any]]:
    """The narrated log, extended from what was told before (the lock is held): a long game's log is
    narrated once, not at every move."""
    upto, entries = live.logs.get(lang, (0, []))
    ply = live.ply
    if upto > ply:  # (an undo forgets the cache; this is for a state changed another way)
        upto, entries = 0, []
    if upto < ply or not entries:
        new = views.log_entries(live.table.events(upto), live.state)
        if new:
            entries = entries + new
        live.logs[lang] = (ply, entries)
    return entries


def game_json(live: LiveGame, lang: str, seat: int | None = None) -> bytes:
    """The game as the page draws it, as JSON (cached until the game changes; the lock is held)."""
    key = (lang, seat)
    cached = live.pages.get(key)
    if cached is not None and cached[0] == live.ply:
        return cached[1]
    game = live.state.game
    page = {
        "game": live.name, "params": live.params, "seed": live.seed,
        "title": game.title(), "setup": setup_text(live.name, live.params), "board": kit_of(game).board,
        **_changing(live, seat),
        "view": views.view(live.state, seat),
        "notes": [_(note) for note in game.notices()] if hasattr(game, "notices") else [],
        # a campaign's game: which one (the page links back to the campaign)
        "campaign": None if live.campaign is None or "name" not in live.campaign
        else {k: live.campaign[k] for k in ("name", "battle", "game")},
        "log": _log(live, lang),
    }
    body = dumps(page)
    live.pages[key] = (live.ply, body)
    return body


def move_answer(live: LiveGame, lang: str, seat: int | None, at: int) -> bytes:
    """A move's answer: what the move changed, encoded once (the lock is held).

    The game's fields a move can change, the new position's view without its ``FIXED`` parts (named
    in ``kept``: the page keeps them from the game it holds), the seat's legal moves, and ``new``:
    the log's entries since the move (narrated once, for the log's cache, and reused here). The page
    appends ``new`` to the log it holds when that log is ``log_from`` entries long and shows the
    position of ply ``since`` (the one the move was sent from); else it asks for the whole game.
    """
    state = live.state
    entries = _log(live, lang)
    start = len(entries)
    while start > 0 and entries[start - 1]["ply"] >= at:
        start -= 1
    board, kept = views.changing_view(state, seat)
    return dumps({"delta": True, "since": at, "log_from": start, "kept": kept, "new": entries[start:],
                  "view": board, **_changing(live, seat)})


def _changing(live: LiveGame, seat: int | None) -> dict[str, Any]:
    """The game's fields that a move or an undo may change (all but the view and the log)."""
    state = live.state
    person = live.table.person_to_move()
    return {
        "id": live.id, "ply": live.ply, "decisions": live.decisions,
        "status": STATUS[live.status()], "result": result_text(live.status(), live.loss_cause()),
        "to_move": None if state.is_terminal() else state.current_player(),
        "seats": [s.public() for s in live.seats],
        "moves": views.moves(state) if person is not None and _moves_for(live, seat, person) else [],
        # a finished game's result stays as it was played (History, statistics): no undo past the end
        "can_undo": len(live.people()) == 1 and live.table.can_undo() and not state.is_terminal(),
    }


def _moves_for(live: LiveGame, seat: int | None, person: int) -> bool:
    """Whether the page asked for by ``seat`` lists the legal moves of ``person``, the seat to move:
    a seat is given its own moves only; a page without a seat token only in a game with one person
    seat (a co-operative game's moves are for the device that holds the seat to move)."""
    if seat is not None:
        return seat == person
    return len(live.people()) == 1


def with_field(body: bytes, name: str, encoded: bytes) -> bytes:
    """The JSON object ``body`` with one more field, already encoded."""
    return body[:-1] + b',"' + name.encode() + b'":' + encoded + b"}"


def existing(game_id: int, request: Request) -> LiveGame:
    """The game of the path (a dependency: an unknown game is a 404 before a stream starts)."""
    return request.app.state.games.get(game_id)


def build_router(games: Games, live_updates: Any) -> APIRouter:
    """The ``/api`` routes over ``games`` (``live_updates``: the :class:`~soloboard.web.live.Live` of the app)."""
    api = APIRouter(prefix="/api", responses=ERRORS)
    _catalog_routes(api, games)
    _manage_routes(api, games)
    _game_routes(api, games)
    _ask_routes(api, games)
    _play_routes(api, games, live_updates)
    _seat_routes(api, games, live_updates)
    _stats_routes(api, games)
    return api


def reply(status: int, data: Any) -> JSONResponse:
    return FastJSON(data, status_code=status)


def raw(status: int, body: bytes) -> Response:
    return Response(body, status_code=status, media_type="application/json")


def seat_for(live: LiveGame, token: str | None) -> int | None:
    return live.seat_of(token) if token else None


def _runner(games: Games) -> Callable[[int, Callable[[], Response]], Awaitable[Response]]:
    async def run(game_id: int, work: Callable[[], Response]) -> Response:
        """``work()`` for one game: at once on the event loop when it is quick (a game in memory
        with no AI seat: a few milliseconds, and no hop to a thread under the GIL), else in a
        worker thread (loading a game from the store, AI seats thinking, which hold its lock)."""
        live = games.loaded(game_id)
        if live is not None and not live.table.ai_seats:
            return work()
        return await run_in_threadpool(work)
    return run


def _catalog_routes(api: APIRouter, games: Games) -> None:
    """The catalog and the page's texts."""

    @api.get("/catalog", summary="Every game with its parameters, the agents and the languages")
    def get_catalog(lang: Lang = "en") -> JSONResponse:
        with use(language(lang)):
            return reply(200, catalog())

    @api.get("/i18n/{code}", summary="The page's texts in one language: {msgid: translation}")
    def get_i18n(code: str) -> JSONResponse:
        return reply(200, i18n_catalog(language(code)))


# --- the saved games' list: its filters and order (docs/web.md, "Managing saved games") ----------------------

GameFilter = Annotated[str | None, Query(max_length=MAX_ID, description="only this game: ufs | ufs-pnp | monstros")]
StatusFilter = Annotated[Literal["playing", "won", "lost", "finished"] | None, Query(
    description="only games in play, won, lost, or finished (won or lost)")]
Search = Annotated[str, Query(max_length=MAX_SEARCH, description=(
    f"words that must all appear in the set-up, the title or the result (case aside), at most {MAX_SEARCH} "
    "characters"))]
Sort = Annotated[Literal["updated", "created", "setup", "status", "round"], Query(
    description="updated: last played; created: started; setup: the game and its set-up, A to Z; status: in play, "
                "won, lost; round: the round reached")]
Order = Annotated[Literal["asc", "desc"] | None, Query(
    description="default: the latest (or furthest) first for updated, created and round, A to Z for setup and status")]
Limit = Annotated[int, Query(ge=1, le=MAX_LISTED, description=f"at most this many games, 1 to {MAX_LISTED}")]


def _manage_routes(api: APIRouter, games: Games) -> None:
    """The saved games: listed, filtered, sorted, deleted and brought back within the undo window."""

    @api.get("/games", summary="Saved games, filtered and sorted; the ones being deleted apart")
    def list_games(lang: Lang = "en", game: GameFilter = None, status: StatusFilter = None, q: Search = "",
                   sort: Sort = "updated", order: Order = None, limit: Limit = MAX_LISTED) -> JSONResponse:
        with use(language(lang)):
            return reply(200, games.list(game, status, q, sort, order, limit))

    @api.delete("/games/{game_id:int}", summary="Delete a game: hidden at once, gone for good after the undo window")
    def delete_game(game_id: int, lang: Lang = "en", token: Token = None) -> JSONResponse:
        with use(language(lang)):
            return reply(200, games.delete(game_id, token))

    @api.post("/games/{game_id:int}/restore", summary="Take back a game's deletion within the undo window")
    def restore_game(game_id: int, lang: Lang = "en", token: Token = None) -> JSONResponse:
        with use(language(lang)):
            games.restore(game_id, token)
            return reply(200, {"id": game_id})


Clicked = Annotated[str, Query(max_length=MAX_TEXT, description="the click as a move in notation, e.g. G3c1")]
ShownPly = Annotated[int | None, Query(description="the ply the page shows (a stale one: nothing to tell)")]


def _game_routes(api: APIRouter, games: Games) -> None:
    """Creating, importing and reading games."""
    run = _runner(games)

    @api.post("/games", status_code=201, summary="Create a game; the answer carries the seats' secret tokens")
    async def create_game(body: NewGame, lang: Lang = "en") -> Response:
        def work() -> Response:
            with use(language(lang)):
                seats = None if body.seats is None else [s.model_dump() for s in body.seats]
                live, tokens, host = games.create(body.game, body.params, body.seed, seats)
                with live.lock:
                    page = game_json(live, lang, tokens[0]["seat"] if tokens else None)
            return raw(201, with_field(with_field(page, "tokens", dumps(tokens)), "host", dumps(host)))

        # a new game without AI seats takes a few milliseconds: on the event loop, as a move, rather than in
        # a worker thread that waits for the loop's GIL at every SQLite call (200 ms under load); AI seats
        # may think before the first person's turn, so those go to a thread
        if not any(seat.kind == "ai" for seat in body.seats or ()):
            return work()
        return await run_in_threadpool(work)

    @api.post("/games/import", status_code=201, summary="Create a game from a save file (the terminal's format)")
    async def import_game(request: Request, lang: Lang = "en") -> Response:
        data = await request.body()
        with use(language(lang)):
            text = uploaded_text(data, MAX_IMPORT_BYTES, _("The file is too large to be a game file"),
                                 _("Not a game file: not UTF-8 text"))

        def work() -> bytes:
            with use(lang):
                live, tokens, host = games.import_save(text)
                with live.lock:
                    page = game_json(live, lang, tokens[0]["seat"] if tokens else None)
                return with_field(with_field(page, "tokens", dumps(tokens)), "host", dumps(host))

        return raw(201, await run_in_threadpool(work))

    @api.get("/games/{game_id:int}", summary="The game: board, legal moves, log, whose turn")
    async def get_game(game_id: int, lang: Lang = "en", token: Token = None) -> Response:
        def work() -> Response:
            with use(language(lang)):
                live = games.get(game_id)
                with live.lock:
                    return raw(200, game_json(live, lang, seat_for(live, token)))

        return await run(game_id, work)


def _ask_routes(api: APIRouter, games: Games) -> None:
    """What the page asks when a person points at a move or clicks: a preview, a refusal's reason."""
    run = _runner(games)

    @api.get("/games/{game_id:int}/preview", summary="What a move would do (events, narrated), for hover",
             responses={200: {"model": PreviewAnswer, "description": "what the move would do, or stale"}})
    async def preview(game_id: int, action: Annotated[int, Query(description="a move's id")],
                      ply: Annotated[int | None, Query(description="the ply the page shows (a stale one: no events)")]
                      = None, lang: Lang = "en") -> Response:
        def work() -> Response:
            with use(language(lang)):
                live = games.get(game_id)
                with live.lock:
                    if ply is not None and ply != live.ply:
                        # a hover sent just before a move arrives after it: nothing to tell, and no error
                        return reply(200, {"action": action, "ply": ply, "events": [], "stale": True})
                    if live.table.person_to_move() is None:
                        raise GameError(409, _("No person decides now: nothing to preview"), "turn order")
                    try:
                        events = live.state.preview(action)
                    except IllegalActionError as exc:
                        raise GameError(422, str(exc), exc.rule or None) from None
                    state = live.state
                    return reply(200, {"action": action, "ply": live.ply, "stale": False,
                                       "notation": state.action_to_string(action),
                                       "text": kit_of(state).preview_text(events, state),
                                       "events": views.log_entries(events, state)})

        return await run(game_id, work)

    @api.get("/games/{game_id:int}/refusal", summary="Why a click would be refused (the engine's words)",
             responses={200: {"model": WhyNot, "description": "whether the move is legal now and, if not, why"}})
    async def refusal(game_id: int, notation: Clicked, ply: ShownPly = None, lang: Lang = "en") -> Response:
        def work() -> Response:
            with use(language(lang)):
                live = games.get(game_id)
                with live.lock:
                    if ply is not None and ply != live.ply:
                        return reply(200, {"notation": notation, "ply": ply, "stale": True, "legal": None,
                                           "error": None, "rule": None, "rule_text": None})
                    if live.table.person_to_move() is None:
                        raise GameError(409, _("No person decides now: nothing to preview"), "turn order")
                    return reply(200, {"notation": notation, "ply": live.ply, "stale": False,
                                       **_why_not(live.state, notation)})

        return await run(game_id, work)


def _why_not(state: Any, notation: str) -> dict[str, Any]:
    """A click read as a move and tried on a copy of ``state``: legal, or the engine's reason."""
    try:
        action = int(state.string_to_action(notation))
    except IllegalActionError as exc:
        rule = exc.rule or None
        return {"legal": False, "error": str(exc), "rule": rule, "rule_text": _(rule) if rule else None}
    except ValueError as exc:
        raise GameError(400, _("Cannot read the move {text!r}: {why}").format(text=notation, why=exc),
                        "notation") from None
    return views.refusal(state, action)


def _play_routes(api: APIRouter, games: Games, live_updates: Any) -> None:
    """Moves, undo, hints, export and the live stream."""
    run = _runner(games)

    @api.post("/games/{game_id:int}/moves", summary="Play a move (the seat's token in X-Seat-Token)",
              responses={200: {"model": MoveAnswer, "description": "what the move changed (not the whole game)"}})
    async def move(game_id: int, body: MoveBody, lang: Lang = "en", token: Token = None) -> Response:
        def work() -> Response:
            with use(language(lang)):
                if (body.action is None) == (body.notation is None):
                    raise GameError(400, _("Give the move as 'action' (its id) or as 'notation', one of the two"))
                live, at = games.move(game_id, token, body.ply, body.action, body.notation)
                with live.lock:
                    answer = move_answer(live, lang, seat_for(live, token), at)
                    ply = live.ply
            live_updates.publish(game_id, ply)
            return raw(200, answer)

        return await run(game_id, work)

    @api.post("/games/{game_id:int}/undo", summary="Take back the last decision (games with one person)")
    async def undo(game_id: int, body: UndoBody, lang: Lang = "en", token: Token = None) -> Response:
        def work() -> Response:
            with use(language(lang)):
                live = games.undo(game_id, token, body.ply)
                with live.lock:
                    page = game_json(live, lang, seat_for(live, token))
                    ply = live.ply
            live_updates.publish(game_id, ply)
            return raw(200, page)

        return await run(game_id, work)

    @api.get("/games/{game_id:int}/hint", summary="The best moves with their estimated chance of winning")
    def hint(game_id: int, lang: Lang = "en", token: Token = None) -> JSONResponse:
        with use(language(lang)):
            live = games.get(game_id)
            with live.lock:
                to_move = live.table.person_to_move()
                if to_move is None:
                    raise GameError(409, _("No person decides now: no hint"), "turn order")
                # a hint is for the seat to move, on the device that holds it (a search costs a second)
                if not token or live.seat_of(token) is None:
                    raise GameError(403, _("A hint needs the seat's secret token (the X-Seat-Token header)"),
                                    "seat token")
                if live.seat_of(token) != to_move:
                    raise GameError(403, _("It is seat {turn}'s turn: a hint is for the seat to move").format(
                        turn=to_move + 1), "turn order")
                state = live.state.clone()
            if not HINTS_AT_ONCE.acquire(timeout=10):
                raise GameError(409, _("The server is busy with other hints; try again"), None)
            try:
                found = estimate(state)
            finally:
                HINTS_AT_ONCE.release()
            # an uncalibrated game's estimates are no chances: the moves go in the search's order, with none
            numbers = all(h.calibrated for h in found)
            return reply(200, {"ply": len(state.history()), "calibrated": numbers,
                               "moves": [{"id": h.action, "notation": h.notation, "win": h.win if numbers else None,
                                          "low": h.low if numbers else None, "high": h.high if numbers else None,
                                          "text": h.effect} for h in found]})

    @api.get("/games/{game_id:int}/export", summary="The game as a save file (docs/save-format.md)")
    def export(game_id: int) -> Response:
        text = games.export(game_id)
        live = games.get(game_id)
        name = f"soloboard-{live.name}-{game_id}.json"
        return Response(text, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    @api.get("/games/{game_id:int}/events", response_class=EventSourceResponse,
             summary="Server-sent events: 'state' {ply} now and whenever the game changes")
    async def events(request: Request, live: Annotated[LiveGame, Depends(existing)]) -> AsyncIterator[ServerSentEvent]:
        async for event in live_updates.stream(live.id, live.ply, request.is_disconnected):
            yield event


def _seat_routes(api: APIRouter, games: Games, live_updates: Any) -> None:
    """Seats of a game played across devices: join links, claims, invitations."""

    @api.get("/games/{game_id:int}/qr", summary="An SVG QR code of a seat's join link")
    def qr(game_id: int, request: Request, seat: int,
           token: Annotated[str, Query(max_length=MAX_TOKEN, description="the seat's join token")]) -> Response:
        import segno

        live = games.get(game_id)
        if not live.opens_invite(seat, token):
            raise GameError(403, _("This token does not open seat {seat}").format(seat=seat + 1), "seat token")
        base = str(request.base_url).rstrip("/")
        link = f"{base}/join/{game_id}?seat={seat}&token={token}"
        out = io.BytesIO()
        # a standalone SVG document (with its namespace): an <img> and a file viewer show it too
        segno.make(link, error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False,
                                          title=_("Join link of seat {seat}").format(seat=seat + 1))
        return Response(out.getvalue(), media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    @api.post("/games/{game_id:int}/seats/{seat:int}/claim",
              summary="Take a seat with its join link's token: a fresh token, every older one stops working")
    def claim(game_id: int, seat: int, lang: Lang = "en", token: Token = None) -> JSONResponse:
        with use(language(lang)):
            fresh = games.claim(game_id, seat, token)
        live_updates.publish_seat(game_id, seat)
        return reply(200, {"seat": seat, "token": fresh})

    @api.post("/games/{game_id:int}/seats/{seat:int}/invite",
              summary="A new join link for a seat (its holder's or the host's token in X-Seat-Token)")
    def invite(game_id: int, seat: int, lang: Lang = "en", token: Token = None) -> JSONResponse:
        with use(language(lang)):
            fresh = games.invite(game_id, seat, token)
        return reply(200, {"seat": seat, "token": fresh, "join": f"/join/{game_id}?seat={seat}&token={fresh}"})

    @api.post("/games/{game_id:int}/seats/check", summary="Which of a device's seat tokens still open their seat")
    def check(game_id: int, body: CheckBody, lang: Lang = "en") -> JSONResponse:
        with use(language(lang)):
            return reply(200, games.check(game_id, body.tokens, body.host))


def _stats_routes(api: APIRouter, games: Games) -> None:
    """History's statistics and a set-up's difficulty."""

    def _rate(row: dict[str, Any]) -> dict[str, Any]:
        return rate(row) | {"title": setup_title(row["game"], row["params"]),
                            "setup": setup_text(row["game"], row["params"])}

    @api.get("/stats", summary="Finished games of people and win rates by setup, and the agents' measured rates")
    def stats(lang: Lang = "en") -> JSONResponse:
        with use(language(lang)):
            with games.store_lock:
                people = games.store.person_results()
                agents = games.store.series_results()
            return reply(200, {"people": [_rate(r) for r in people], "agents": [_rate(r) for r in agents]})

    @api.get("/setup", summary="A setup's difficulty in the rulebook's stars and the agents' measured win rates")
    def setup(game: Annotated[str, Query(max_length=MAX_ID, description="ufs | ufs-pnp | monstros")],
              params: Annotated[str, Query(max_length=MAX_QUERY_JSON, description=(
                  f"the parameters as JSON, nested at most {MAX_DEPTH} levels"))] = "{}",
              lang: Lang = "en") -> JSONResponse:
        with use(language(lang)):
            try:
                given = loads_bounded(params, MAX_DEPTH)
            except NestingError:
                raise GameError(400, _("'params' is nested deeper than {limit} levels of arrays and objects").format(
                    limit=MAX_DEPTH)) from None
            except json.JSONDecodeError as exc:
                raise GameError(400, _("'params' is not valid JSON: {why}").format(why=exc)) from None
            found_problem = problem(given, "'params'")
            if found_problem is not None:
                raise GameError(400, found_problem)
            loaded = check_params(game, given)
            found = kit(game).difficulty(loaded).as_dict()
            return reply(200, {**found, "measured": measured(games, game, loaded.parameters())})


def rate(row: dict[str, Any]) -> dict[str, Any]:
    """``row`` (``games``, ``wins``) with its win rate and the rate's 95 % Wilson interval."""
    low, high = wilson(row["wins"], row["games"])
    return {**row, "rate": row["wins"] / row["games"] if row["games"] else None, "low": low, "high": high}


def _normal(game: str, params: dict[str, Any]) -> str | None:
    """The canonical full parameters of a setup (how a report's short params compare with a game's)."""
    loaded = setup_game(game, params)
    return canonical(loaded.parameters()) if loaded is not None else None


def measured(games: Games, game: str, params: dict[str, Any]) -> list[dict[str, Any]]:
    """The agents' win rates for exactly this setup, from the report series in the store."""
    wanted = canonical(params)
    with games.store_lock:
        rows = games.store.series_results(game)
    by_agent: dict[str, list[int]] = {}
    for row in rows:
        if _normal(game, row["params"]) == wanted:
            total = by_agent.setdefault(row["agent"], [0, 0])
            total[0] += row["games"]
            total[1] += row["wins"]
    out = [rate({"agent": agent, "games": n, "wins": wins}) for agent, (n, wins) in by_agent.items()]
    return sorted(out, key=lambda r: -(r["rate"] or 0))
