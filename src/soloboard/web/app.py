"""The browser front end's web application: ``create_app(db_path)`` (``soloboard serve`` runs it).

Pages (``/``, ``/game/{id}``, ``/join/{id}``, ``/history``, ``/campaigns``, ``/campaign/{name}``) all
answer ``static/index.html``: the page's script routes by ``location.pathname``. ``/static`` serves the page's modules,
styles and SVG from the package (no build step, nothing from the internet). ``/api`` is the
JSON API (``api.py``, docs/web.md); its OpenAPI schema is at ``/openapi.json`` and ``/docs``.
"""

from __future__ import annotations

import contextlib
import gc
import random
import socket
from collections.abc import AsyncIterator, Iterable, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from soloboard import __version__
from soloboard.core.chance import sample_outcome
from soloboard.core.registry import game_names, load_game
from soloboard.core.saves import too_deep
from soloboard.core.store import Store
from soloboard.core.store_pg import is_url
from soloboard.web import views
from soloboard.web.api import build_router
from soloboard.web.bounds import MAX_BODY, MAX_BODY_DEPTH
from soloboard.web.campaigns import Campaigns
from soloboard.web.campaigns import build_router as campaign_router
from soloboard.web.games import GameError, Games
from soloboard.web.live import Live

STATIC = Path(__file__).with_name("static")
# serve --workers N: how long the processes have to end after they are asked to, before they are killed
# (uvicorn's graceful shutdown takes at most 3 s)
STOP_SECONDS = 10.0


def _problem(error: dict[str, Any]) -> str:
    """One validation error of a request in words: where, and what is wrong."""
    where = ".".join(str(part) for part in error.get("loc", ()) if part not in ("body", "query", "path", "header"))
    if error.get("type") == "json_invalid":
        return f"the body is not valid JSON ({error.get('ctx', {}).get('error', 'malformed')})"
    if error.get("type") == "extra_forbidden":
        return f"unknown field {where!r}"
    if error.get("type") == "missing":
        return f"{where or 'the body'} is missing"
    return f"{where}: {error.get('msg', 'invalid')}" if where else str(error.get("msg", "invalid"))


TOO_DEEP = "Bad request: the body's JSON is nested too deeply to be read"
TOO_LARGE = f"The request's body is larger than {MAX_BODY} bytes, more than any request of this API takes"


class BodyTooLarge(StarletteHTTPException):
    def __init__(self) -> None:
        super().__init__(413, TOO_LARGE)


def _http_refusal(exc: StarletteHTTPException) -> tuple[int, str]:
    """The status and words of an HTTP refusal raised by the framework (a body it could not read)."""
    if isinstance(exc.__cause__, BodyTooLarge):  # (FastAPI reports a JSON body it could not read as a 400)
        return 413, TOO_LARGE
    if isinstance(exc.__cause__, RecursionError):  # the JSON parser gave up on a body nested too deep
        return exc.status_code, TOO_DEEP
    return exc.status_code, str(exc.detail)


def _leaf_routes(routes: Iterable[Any]) -> Iterator[Any]:
    """The routes with paths, those of included routers too (FastAPI keeps an included router whole;
    its routes carry their full paths, as this app includes its routers without a prefix)."""
    for route in routes:
        inner = getattr(route, "original_router", None)
        if inner is not None:
            yield from _leaf_routes(inner.routes)
        elif getattr(route, "methods", None):
            yield route


def allowed_methods(app: FastAPI, scope: Scope) -> list[str]:
    """The methods served at the request's path, for a 405's Allow header. A literal path
    (/api/campaigns/import) is its own resource even where a templated one (/api/campaigns/{name})
    also reads it: the names that would collide are refused (campaign.repository.RESERVED_NAMES)."""
    at_path = [route for route in _leaf_routes(app.router.routes) if route.matches(scope)[0] is not Match.NONE]
    literal = [route for route in at_path if not route.param_convertors]
    return sorted({method for route in (literal or at_path) for method in route.methods})


class BodyLimit:
    """Refuses (413) a request whose Content-Length is over ``MAX_BODY`` before a byte of it is read,
    and stops a body sent in chunks as soon as it passes the bound."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = Headers(scope=scope).get("content-length", "")
        if length.isdigit() and int(length) > MAX_BODY:
            response = JSONResponse({"error": TOO_LARGE, "rule": None, "rule_text": None}, status_code=413,
                                    headers={"Connection": "close"})
            await response(scope, receive, send)
            return
        received = 0

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > MAX_BODY:
                raise BodyTooLarge
            return message

        if "json" not in Headers(scope=scope).get("content-type", ""):
            await self.app(scope, counted, send)
            return
        # a JSON body is read whole (it is bounded) and its nesting checked from the text, before any
        # parser goes that deep
        chunks: list[bytes] = []
        messages: list[Message] = []
        while True:
            try:
                message = await counted()
            except BodyTooLarge:
                response = JSONResponse({"error": TOO_LARGE, "rule": None, "rule_text": None}, status_code=413,
                                        headers={"Connection": "close"})
                await response(scope, receive, send)
                return
            messages.append(message)
            if message["type"] != "http.request":
                break
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        if too_deep(b"".join(chunks), MAX_BODY_DEPTH):
            response = JSONResponse({"error": TOO_DEEP, "rule": None, "rule_text": None}, status_code=400)
            await response(scope, receive, send)
            return

        async def replay() -> Message:
            return messages.pop(0) if messages else await receive()

        await self.app(scope, replay, send)


def warm_up() -> None:
    """``soloboard serve``'s start-up, before the first request: read every game's data and draw one
    position of each (the first game of a kind took 100 ms of loading), then hand everything start-up
    made to the collector's permanent generation (gc.freeze), so that its full collections, which paused
    the server 75-120 ms every few seconds under load, no longer walk the games' tables and the
    framework's objects. (Not in create_app: a test suite making hundreds of apps would pay for it each
    time, and freeze what it later drops.)"""
    for name in game_names():
        state = load_game(name).new_initial_state()
        rng = random.Random(0)
        while state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
        views.view(state, None)
        views.moves(state)
    gc.collect()
    gc.freeze()


def create_app(db_path: Path | str | None = None, *, store: Store | None = None) -> FastAPI:
    """The application over the store at ``db_path`` (a SQLite file or a PostgreSQL URL; None: the
    store's default).

    Raises :class:`~soloboard.core.store.StoreError` when the file cannot be used."""
    db = store if store is not None else Store(db_path, threads=True)
    games = Games(db)
    live = Live(games.marks)  # (moves made by other processes on the store reach the streams through it)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        yield
        live.close()  # (soloboard serve closes the streams earlier, as soon as it is asked to stop)
        app.state.games.close()  # (its purge timer: deletions still pending are purged at the next start)
        db.close()

    app = FastAPI(title="soloboard", version=__version__, lifespan=lifespan,
                  description="Play soloboard's games in the browser: the JSON API (docs/web.md). Every name, "
                              "text, list and nesting depth a request carries is bounded: the bounds are in "
                              f"this schema, and a request's body is at most {MAX_BODY} bytes.")
    app.state.games = games
    app.state.live = live

    @app.exception_handler(GameError)
    async def game_error(_request: Request, exc: GameError) -> JSONResponse:
        return JSONResponse({"error": exc.message, "rule": exc.rule, "rule_text": exc.rule_text},
                            status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(_problem(e) for e in exc.errors()) or "malformed request"
        return JSONResponse({"error": f"Bad request: {problems}", "rule": None, "rule_text": None}, status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        status, message = _http_refusal(exc)
        headers = getattr(exc, "headers", None)
        if status == 404 and exc.detail == "Not Found":  # no route at all: say which path
            message = f"Nothing is at {request.url.path}: the API is described at /docs"
        if status == 405:  # the router names only its first route's methods; a path may have several
            headers = {**(headers or {}), "Allow": ", ".join(allowed_methods(app, request.scope))}
        return JSONResponse({"error": message, "rule": None, "rule_text": None}, status_code=status, headers=headers)

    app.add_middleware(BodyLimit)  # a body larger than any the API takes: 413 at once
    app.include_router(build_router(app.state.games, app.state.live))
    app.include_router(campaign_router(Campaigns(app.state.games)))
    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")

    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html", headers={"Cache-Control": "no-cache"})

    for path in ("/", "/game/{game_id}", "/join/{game_id}", "/history", "/campaigns", "/campaign/{name}"):
        app.add_api_route(path, page, methods=["GET"], include_in_schema=False)

    return app


class _Server:
    """uvicorn's server, told to end the live streams as soon as it is asked to stop: a browser
    watching a game never holds the shutdown up."""

    @staticmethod
    def make(config: Any, live: Live) -> Any:
        import uvicorn

        class Server(uvicorn.Server):
            def handle_exit(self, sig: int, frame: Any) -> None:
                live.close()
                super().handle_exit(sig, frame)

        return Server(config)


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` for uvicorn (``port`` 0: a free one)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named: asyncio turns Nagle off (TCP_NODELAY) only on sockets that say they are TCP, and
    # uvicorn writes a response's head and body apart: with Nagle on, every answer waits 40 ms for an ACK
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    return sock


def serve(host: str = "127.0.0.1", port: int = 8000, db_path: str | Path | None = None, workers: int = 1) -> int:
    """``soloboard serve``: run the server until Ctrl-C; 0, or 2 with a message when it cannot start.
    ``db_path``: a SQLite file or a PostgreSQL URL (None: the store's default); ``workers``: how many
    server processes share the address and the store (docs/web.md, "More than one process")."""
    import sys

    from soloboard.core.store import StoreError, default_path

    target = db_path if db_path is not None else default_path()
    if isinstance(target, str) and not is_url(target):
        target = Path(target).expanduser()
    if workers < 1:
        print(f"soloboard: --workers must be 1 or more, not {workers}", file=sys.stderr)
        return 2
    app: FastAPI | None = None
    try:
        if workers == 1:
            app = create_app(target)
            where = app.state.games.store.where
        else:  # the schema is created (or migrated) once, here, before the processes open the store together
            with Store(target) as store:
                where = store.where
    except StoreError as exc:
        print(f"soloboard: {exc}", file=sys.stderr)
        return 2
    try:
        sock = listen(host, port)
    except (OSError, OverflowError) as exc:
        print(f"soloboard: cannot listen on {host}:{port}: {getattr(exc, 'strerror', None) or exc} "
              "(another server there? choose another --port)", file=sys.stderr)
        return 2
    # (before the address is printed: the load test and a person start as soon as they see it; before the
    # processes are forked: they share what it loaded and froze)
    warm_up()
    sock.listen(2048)  # connections wait in the queue until a process takes them, from now on
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    processes = f"; {workers} processes" if workers > 1 else ""
    print(f"soloboard: serving at http://{shown}:{bound}/ (games kept in {where}{processes}); Ctrl-C stops it",
          flush=True)
    if host in ("0.0.0.0", "::"):
        print("soloboard: reachable from other devices at this machine's address; the seats' links carry "
              "their secret tokens", flush=True)
    if app is not None:
        _run(app, sock)
        return 0
    return _supervise(sock, target, workers)


def _run(app: FastAPI, sock: socket.socket) -> None:
    import uvicorn

    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=3, lifespan="on")
    _Server.make(config, app.state.live).run(sockets=[sock])


def _worker(sock: socket.socket, target: Path | str) -> None:
    """One server process of ``serve --workers N`` (forked): its own app and store connection, the
    shared socket."""
    import signal
    import sys

    # (the supervisor's handlers are not this process's) uvicorn stops on either signal and, once stopped,
    # raises it again for the handler found here: that ends the process quietly, with exit code 0
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, lambda _signum, _frame: sys.exit(0))
    with contextlib.suppress(KeyboardInterrupt):
        _run(create_app(target), sock)


def _supervise(sock: socket.socket, target: Path | str, workers: int) -> int:
    """Fork ``workers`` server processes on ``sock`` and watch them: one that dies is replaced; Ctrl-C
    (which the processes get too, from the terminal) or SIGTERM ends them all, each closing its streams
    and its store as a single server does, and this waits for them (a process still there after
    :data:`STOP_SECONDS` is killed)."""
    import multiprocessing
    import multiprocessing.connection
    import os
    import signal
    import sys
    import time

    fork = multiprocessing.get_context("fork")  # the processes share the socket and the warmed-up memory
    asked: list[int] = []

    def start() -> Any:
        process = fork.Process(target=_worker, args=(sock, target), daemon=False)
        process.start()
        return process

    processes = [start() for _ in range(workers)]
    previous = {sig: signal.signal(sig, lambda signum, _frame: asked.append(signum))
                for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        while not asked:
            multiprocessing.connection.wait([p.sentinel for p in processes], timeout=0.5)
            for n, process in enumerate(processes):
                if not asked and not process.is_alive():
                    print(f"soloboard: server process {process.pid} ended (exit code {process.exitcode}); "
                          "starting another", file=sys.stderr, flush=True)
                    processes[n] = start()
        if asked[0] == signal.SIGINT:  # a terminal's Ctrl-C reached every process: give them a moment
            deadline = time.monotonic() + 1.0
            while time.monotonic() < deadline and any(p.is_alive() for p in processes):
                time.sleep(0.05)
        for process in processes:
            if process.is_alive() and process.pid is not None:
                os.kill(process.pid, signal.SIGTERM)
        deadline = time.monotonic() + STOP_SECONDS
        for process in processes:
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
                process.join()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        sock.close()
    return 0
