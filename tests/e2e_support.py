"""What the browser tests share: the real server in a thread, Debian's chromium, error watching, screenshots.

The fixtures built on these live in ``tests/conftest_web.py``. Nothing here downloads a browser:
Playwright drives ``/usr/bin/chromium`` (``tests/browser-deps.sh`` installs it), and a missing
browser is a failure with the command to run, never a skip.
"""

from __future__ import annotations

import json
import os
import re
import socket
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from soloboard.web.app import listen

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run",
]
REPO = Path(__file__).resolve().parent.parent
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
# one bound for every wait on the page: a move is a request on loopback plus a little animation
WAIT_MS = 15_000


def artifacts_dir() -> Path:
    """Where screenshots go: ``$SOLOBOARD_ARTIFACTS/screenshots`` or ``test-artifacts/screenshots``."""
    root = os.environ.get("SOLOBOARD_ARTIFACTS")
    folder = Path(root) / "screenshots" if root else REPO / "test-artifacts" / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def require_chromium() -> None:
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: the browser tests drive Debian's chromium. "
            "Run `bash tests/browser-deps.sh` (installs it with apt), then run the tests again.",
            pytrace=False,
        )


# --- the server ------------------------------------------------------------------------------

def _listening_socket(port: int = 0) -> socket.socket:
    # the server's own socket (TCP_NODELAY reaches the connections; SO_REUSEADDR: a restart binds the same
    # port again while the old connections sit in TIME_WAIT)
    sock = listen("127.0.0.1", port)
    sock.listen(128)
    return sock


@dataclass
class LiveServer:
    """``soloboard.web.app.create_app(db)`` served by uvicorn in a background thread on loopback.

    ``restart()`` stops it and serves a new app on the same database and port, as a person
    restarting ``soloboard serve`` would.
    """

    db_path: Path
    port: int = 0
    _server: Any = None
    _app: Any = None
    _thread: threading.Thread | None = None
    starts: int = 0
    errors: list[str] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        import uvicorn

        from soloboard.web.app import create_app

        sock = _listening_socket(self.port)
        self.port = sock.getsockname()[1]
        self._app = create_app(self.db_path)
        config = uvicorn.Config(
            self._app, log_level="warning", access_log=False,
            # server-sent event streams never finish by themselves: don't wait long for them on stop
            timeout_graceful_shutdown=2, lifespan="on",
        )
        server = uvicorn.Server(config)
        thread = threading.Thread(target=self._run, args=(server, sock), name=f"uvicorn-{self.port}", daemon=True)
        thread.start()
        deadline = time.monotonic() + 20
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start on {self.url}: {self.errors or 'timed out'}")
            time.sleep(0.02)
        self._server, self._thread = server, thread
        self.starts += 1
        return self

    def _run(self, server: Any, sock: socket.socket) -> None:
        try:
            server.run(sockets=[sock])
        except BaseException as exc:  # the test thread reports it; a thread's exception is otherwise lost
            self.errors.append(repr(exc))
        finally:
            sock.close()

    def stop(self) -> None:
        server, thread = self._server, self._thread
        if server is None or thread is None:
            return
        # as `soloboard serve` does on Ctrl-C: end the live streams first, so no browser holds the stop up
        live = getattr(getattr(self._app, "state", None), "live", None)
        if live is not None:
            live.close()
        server.should_exit = True
        thread.join(10)
        if thread.is_alive():
            server.force_exit = True
            thread.join(5)
        self._server = self._thread = None

    def restart(self) -> LiveServer:
        self.stop()
        return self.start()

    # the API, for setting up and checking what the page did (moves in the tests are clicked)
    def api(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json", **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as exc:
            raise AssertionError(f"{method} {path} -> {exc.code}: {exc.read().decode(errors='replace')}") from None

    def game(self, game_id: str) -> dict[str, Any]:
        return self.api("GET", f"/api/games/{game_id}")


# --- the browser -----------------------------------------------------------------------------

# what Chromium itself prints for a fetch answered 4xx (a console error, whatever the page does with it)


@dataclass
class Watch:
    """Every console error and uncaught exception of one page; a test fails on any it didn't expect."""

    label: str
    errors: list[str] = field(default_factory=list)
    tolerated: list[str] = field(default_factory=list)
    expected: list[str] = field(default_factory=list)  # what a test provokes on purpose (expect())
    provoked: list[str] = field(default_factory=list)

    def expect(self, text: str) -> None:
        """A console error containing ``text`` is the test's own doing (e.g. the browser logging a
        refused request's 409 or 422): recorded in ``provoked``, not an error."""
        self.expected.append(text)

    def console(self, message: Any) -> None:
        if message.type != "error":
            return
        if any(text in message.text for text in self.expected):
            self.provoked.append(message.text)
            return
        # (a hover preview that reaches the server after the move is answered 200 {"stale": true}: no
        # error status is tolerated any more)
        location = message.location or {}
        self.errors.append(f"console: {message.text} ({location.get('url', '?')}:{location.get('lineNumber', '?')})")

    def page_error(self, error: Any) -> None:
        self.errors.append(f"page error: {error}")


def watch(page: Any, label: str) -> Watch:
    w = Watch(label)
    page.on("console", w.console)
    page.on("pageerror", w.page_error)
    return w


def shot(page: Any, name: str, *, full_page: bool = True) -> Path:
    path = artifacts_dir() / f"e2e-{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def game_id_from(url: str) -> str:
    match = re.search(r"/game/([^/?#]+)", url)
    assert match, f"not on a game page: {url}"
    return match.group(1)


def horizontal_overflow(page: Any) -> int:
    """How many CSS pixels the page scrolls sideways (0 = no horizontal scroll)."""
    return int(page.evaluate(
        "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
        " - document.documentElement.clientWidth"))


# --- the pages -------------------------------------------------------------------------------

def wait_routed(page: Any) -> None:
    """The shell has drawn the page it routed to (app.js clears ``main[aria-busy]``)."""
    page.wait_for_selector("main#main[aria-busy=false]")


def start_game(page: Any, game: str, *, seed: int | None = None, choices: dict[str, str] | None = None) -> str:
    """Starts a game from the home page's new-game dialog, as a person would; returns its id.

    ``choices`` maps a field's label to the label of the option to press (radio groups, e.g.
    ``{"Players": "2"}``)."""
    wait_routed(page)
    page.locator(f"button.game-box-{game}").click()
    dialog = page.locator("dialog.new-game[open]")
    for field_label, option in (choices or {}).items():
        dialog.get_by_role("radiogroup", name=field_label).get_by_role("radio", name=option, exact=True).check()
    if seed is not None:
        dialog.locator("details.advanced > summary").click()
        dialog.locator("#param-seed").fill(str(seed))
    dialog.locator("button[type=submit]").click()
    page.wait_for_url("**/game/*")
    wait_board(page)
    return game_id_from(page.url)


def wait_board(page: Any) -> None:
    """The game page shows a settled board: loaded, no move on its way, no animation playing."""
    wait_routed(page)
    page.wait_for_selector("#board:not([aria-busy=true]) > [data-ply]:not([aria-busy=true])")
    # Monstros plays the monsters' turn out on its stage (.mon-playing) before the table can be used
    page.wait_for_selector("#board .mon-stage.mon-playing", state="detached", timeout=60_000)


def board_ply(page: Any) -> int:
    return int(page.locator("#board > [data-ply]").get_attribute("data-ply"))


# --- Under Falling Skies by clicking ---------------------------------------------------------

UFS_OVER = ("won", "lost")


def game_status(page: Any) -> str:
    return page.locator(".chip-status").get_attribute("data-status") or "playing"


def wait_moved(page: Any, ply: int) -> None:
    """The board shows a later position than ``ply``, settled (any animation played out)."""
    page.wait_for_function(
        """ply => {
            const board = document.querySelector('#board');
            const root = board && board.querySelector(':scope > [data-ply]');
            return root && Number(root.dataset.ply) !== ply && board.getAttribute('aria-busy') !== 'true'
                && root.getAttribute('aria-busy') !== 'true';
        }""", arg=ply)


def ufs_click_move(page: Any, *, before_wait: Any = None) -> str:
    """Makes one decision on the Under Falling Skies board by clicking, and waits for the next one.

    The rule (deterministic): the first die the tray offers, then the last highlighted space (the
    base's rooms come after its AA guns, so the rooms get dice and the Rooms Phase is played); in the
    Rooms Phase the first highlighted room, else "End the Rooms Phase"; the first highlighted space for
    a robot, else skip it; the first drop point offered; a city ability's question: keep the roll.
    Returns what was clicked, e.g. ``"place c4"``. ``before_wait(page)`` runs right after the click.
    """
    wait_board(page)
    board = page.locator("#board > .ufs-board")
    phase = board.get_attribute("data-phase")
    ply = int(board.get_attribute("data-ply"))
    svg = board.locator("svg.ufs-svg")
    buttons = board.locator(".ufs-status .ufs-buttons button")
    if phase == "place":
        svg.locator(".tray-die.can-move").first.click()
        target = svg.locator("rect.hit.legal").last
        what = f"place {target.get_attribute('data-space')}"
    elif phase == "rooms":
        rooms = svg.locator("rect.hit.legal.room-use")
        if rooms.count():
            target = rooms.first
            what = f"use {target.get_attribute('data-space')}"
        else:
            target = board.locator(".ufs-buttons button.primary")  # "End the Rooms Phase"
            what = "end the rooms phase"
    elif phase == "install":
        spaces = svg.locator("rect.hit.legal")
        target = spaces.first if spaces.count() else buttons.first
        what = f"install {target.get_attribute('data-space')}" if spaces.count() else "skip the robot"
    elif phase == "spawn":
        target = svg.locator(".spawn-btn").first
        what = "spawn"
    elif phase == "ability":
        target = buttons.last
        what = "ability: keep"
    else:
        raise AssertionError(f"no move to click in phase {phase!r} (status {game_status(page)})")
    target.click()
    if before_wait is not None:
        before_wait(page)
    wait_moved(page, ply)
    return what


def playing_out(page: Any, words: str, ply: int) -> bool:
    """After a click on the board at ``ply``: waits while the board plays the move's events out,
    until its message line narrates ``words`` (True) or the next position is drawn settled without
    them (False)."""
    return bool(page.wait_for_function(
        """([words, ply]) => {
            const board = document.querySelector('#board > [data-ply]');
            if (!board) return false;
            const line = board.querySelector('.ufs-message');
            if (board.getAttribute('aria-busy') === 'true')
                return line && line.textContent.toLowerCase().includes(words) ? 'said' : false;
            return Number(board.dataset.ply) !== ply ? 'ended' : false;
        }""", arg=[words.lower(), ply], timeout=60_000).json_value() == "said")


# --- Monstros by clicking --------------------------------------------------------------------

# what the rule clicks first, in order: the target of a chosen die, a die, a card of a hand, a
# monster or a place in the order, then the move buttons; anything else the table offers last
MONSTROS_PREFERENCE = (
    ".mon-second",
    ".mon-die.mon-can",
    ".mon-hand .mon-can",
    "[data-key^='order:'].mon-can, .mon-grid [data-key^='mon:'].mon-can",
    ".mon-actions button.mon-can",
    ".mon-can",
)


def monstros_click_move(page: Any, *, after_move: Any = None) -> str:
    """One move on the Monstros table by clicking (a die and then its target count as one); waits
    for the position after it (and the monsters' turn played out). Returns the ``data-key`` values
    clicked. ``after_move(page)`` runs as soon as the new position is drawn (its events may still
    be playing out on the stage)."""
    wait_board(page)
    ply = board_ply(page)
    clicked = []
    for _ in range(3):  # a die, then what it goes on
        node = None
        for selector in MONSTROS_PREFERENCE:
            found = page.locator(f"#board > .mon {selector}")
            if found.count():
                node = found.first
                break
        assert node is not None, "the table offers nothing to click"
        clicked.append(node.get_attribute("data-key"))
        node.click()
        # the click sent a move (the board is busy until its answer is drawn), or chose nothing more
        if (page.locator("#board[aria-busy=true]").count() or board_ply(page) != ply
                or page.locator("#board > .mon .mon-selected").count() == 0):
            break
    wait_moved(page, ply)
    if after_move is not None:
        after_move(page)
    wait_board(page)
    return " ".join(k or "?" for k in clicked)


def stage_narrates(page: Any, text: str) -> bool:
    """Waits while the Monstros stage plays the last events out, until its caption says ``text``
    (True) or the playing ends without it (False; at once when nothing is playing)."""
    return bool(page.wait_for_function(
        """text => {
            const stage = document.querySelector('#board .mon-stage');
            if (!stage || !stage.classList.contains('mon-playing')) return 'ended';
            const caption = stage.querySelector('.mon-stage-caption');
            return caption && caption.textContent.includes(text) ? 'said' : false;
        }""", arg=text, timeout=60_000).json_value() == "said")
