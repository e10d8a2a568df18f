"""Live updates: every device watching a game hears when it changes (server-sent events).

``GET /api/games/{id}/events`` streams a ``state`` event (data ``{"ply": n}``) at once and
then whenever the game changes, whoever changed it; the page then asks for the game JSON. A
``seat`` event (data ``{"seat": n}``) says that seat was just taken on another device (its join
link claimed): the devices that held it check their token (``POST .../seats/check``).
FastAPI's own SSE support (``EventSourceResponse``) encodes the events and sends keep-alive
comments. :meth:`Live.close` ends every stream, so a server that is stopping (Ctrl-C) never
waits for the browsers that watch a game.

A change made by another server process on the same store (``soloboard serve --workers N``, or
another machine on the same PostgreSQL database) reaches this process's streams through the
store: while anyone watches, one thread looks every :data:`POLL_SECONDS` at the watched games'
versions in the store (one indexed query for all of them, :meth:`~soloboard.core.store.Store.person_marks`)
and tells a stream the new ply, and which seats got a new token, when a game's version moved on.
It works the same on SQLite and on PostgreSQL, needs no connection of its own, and a change made
here is told at once (``publish``) and not again by the poll.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable

from fastapi.sse import ServerSentEvent

CHECK_SECONDS = 1.0  # how often a quiet stream looks whether its client left
POLL_SECONDS = 0.5  # how often the watched games are looked up in the store (changes made by other processes)
Item = int | tuple[str, int] | None  # a ply; ("seat", n): seat n was claimed; None: the end
# a game's mark in the store: its version, its ply and its seats' token hashes (Store.person_marks)
Mark = tuple[int, int, tuple[str | None, ...]]
Marks = Callable[[Iterable[int]], dict[int, Mark]]


class Live:
    """The watchers of each game: one queue per open stream. ``marks``: the watched games' marks in
    the store (None: no other process writes the store, nothing to poll)."""

    def __init__(self, marks: Marks | None = None, poll_seconds: float = POLL_SECONDS) -> None:
        self._watchers: dict[int, set[tuple[asyncio.AbstractEventLoop, asyncio.Queue[Item]]]] = {}
        self._lock = threading.Lock()  # publish() is called from worker threads too
        self.closed = False
        self._marks = marks
        self._poll_seconds = poll_seconds
        self._told: dict[int, int] = {}  # game -> the last ply its streams were told
        self._seen: dict[int, Mark] = {}  # game -> its mark at the last poll
        self._stop = threading.Event()
        self._poller: threading.Thread | None = None

    def publish(self, game_id: int, ply: int) -> None:
        """Tell every stream of ``game_id`` that it is now at ``ply`` (from any thread)."""
        with self._lock:
            if game_id in self._watchers:  # (kept only while watched: the poll's reference)
                self._told[game_id] = ply
        self._put(game_id, ply)

    def _poll(self) -> None:
        """The poller's loop (a daemon thread, started by the first stream, ended by :meth:`close`)."""
        assert self._marks is not None
        while not self._stop.wait(self._poll_seconds):
            with self._lock:
                watched = list(self._watchers)
                for gone in set(self._seen) - set(watched):
                    del self._seen[gone]
            if not watched:
                continue
            try:
                marks = self._marks(watched)
            except Exception:  # the store is busy or closing: look again at the next turn
                continue
            for game_id in watched:
                self._compare(game_id, marks.get(game_id))

    def _compare(self, game_id: int, mark: Mark | None) -> None:
        """Tell ``game_id``'s streams what changed in the store since the last poll."""
        if mark is None:  # deleted, or gone: the page finds out when it asks for the game
            return
        with self._lock:
            before = self._seen.get(game_id)
            self._seen[game_id] = mark
            told = self._told.get(game_id)
            if before is not None and before[0] == mark[0]:
                return
            self._told[game_id] = mark[1]
        if before is not None:
            for seat, (old, new) in enumerate(zip(before[2], mark[2], strict=False)):
                if old != new:
                    self._put(game_id, ("seat", seat))
        if mark[1] != told:
            self._put(game_id, mark[1])

    def publish_seat(self, game_id: int, seat: int) -> None:
        """Tell every stream of ``game_id`` that ``seat`` was taken on another device."""
        self._put(game_id, ("seat", seat))

    def _put(self, game_id: int, item: Item) -> None:
        with self._lock:
            watchers = list(self._watchers.get(game_id, ()))
        for loop, queue in watchers:
            with contextlib.suppress(RuntimeError):  # a loop already closed: its stream is gone
                loop.call_soon_threadsafe(queue.put_nowait, item)

    def close(self) -> None:
        """End every stream (the server is stopping); new streams end at once."""
        self._stop.set()
        with self._lock:
            self.closed = True
            watchers = [w for group in self._watchers.values() for w in group]
        for loop, queue in watchers:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(queue.put_nowait, None)

    def watching(self, game_id: int) -> int:
        with self._lock:
            return len(self._watchers.get(game_id, ()))

    async def stream(self, game_id: int, ply: int,
                     disconnected: Callable[[], Awaitable[bool]]) -> AsyncIterator[ServerSentEvent]:
        """The events of one watcher: the current ``ply`` first, then each change."""
        queue: asyncio.Queue[Item] = asyncio.Queue()
        me = (asyncio.get_running_loop(), queue)
        with self._lock:
            if self.closed:
                return
            self._watchers.setdefault(game_id, set()).add(me)
            self._told.setdefault(game_id, ply)
            if self._marks is not None and self._poller is None:
                self._poller = threading.Thread(target=self._poll, name="soloboard-live-poll", daemon=True)
                self._poller.start()
        try:
            yield ServerSentEvent(event="state", data={"ply": ply}, retry=2000)
            while True:
                try:
                    item = await asyncio.wait_for(queue.get(), CHECK_SECONDS)
                except TimeoutError:
                    if self.closed or await disconnected():
                        return
                    continue
                items = [item]
                while not queue.empty():
                    items.append(queue.get_nowait())
                if None in items:
                    return
                for item in items:  # every seat event, in order
                    if isinstance(item, tuple):
                        yield ServerSentEvent(event="seat", data={"seat": item[1]})
                plies = [item for item in items if isinstance(item, int)]
                if plies:  # several moves at once: the last position is what counts
                    yield ServerSentEvent(event="state", data={"ply": plies[-1]})
        finally:
            with self._lock:
                group = self._watchers.get(game_id)
                if group is not None:
                    group.discard(me)
                    if not group:
                        del self._watchers[game_id]
                        self._told.pop(game_id, None)
