"""Live updates: every device watching a game hears when it changes (server-sent events).

``GET /api/games/{id}/events`` streams a ``state`` event (data ``{"ply": n}``) at once and
then whenever the game changes, whoever changed it; the page then asks for the game JSON. A
``seat`` event (data ``{"seat": n}``) says that seat was just taken on another device (its join
link claimed): the devices that held it check their token (``POST .../seats/check``).
FastAPI's own SSE support (``EventSourceResponse``) encodes the events and sends keep-alive
comments. :meth:`Live.close` ends every stream, so a server that is stopping (Ctrl-C) never
waits for the browsers that watch a game.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Awaitable, Callable

from fastapi.sse import ServerSentEvent

CHECK_SECONDS = 1.0  # how often a quiet stream looks whether its client left
Item = int | tuple[str, int] | None  # a ply; ("seat", n): seat n was claimed; None: the end


class Live:
    """The watchers of each game: one queue per open stream."""

    def __init__(self) -> None:
        self._watchers: dict[int, set[tuple[asyncio.AbstractEventLoop, asyncio.Queue[Item]]]] = {}
        self._lock = threading.Lock()  # publish() is called from worker threads too
        self.closed = False

    def publish(self, game_id: int, ply: int) -> None:
        """Tell every stream of ``game_id`` that it is now at ``ply`` (from any thread)."""
        self._put(game_id, ply)

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
