"""Fixtures for the browser tests (``tests/test_web_e2e*.py``); registered by ``tests/conftest.py``.

- ``live_server``: one real server (uvicorn thread, loopback, free port, tmp SQLite) for the session;
- ``server_factory``: a server of a test's own, which it may ``restart()`` on the same database;
- ``db`` / ``client``: a store file of the test's own and FastAPI's TestClient over an app on it
  (the JSON API's tests, no browser);
- ``browser``: Debian's chromium through Playwright (session), never downloaded;
- ``open_page(url, viewport=..., context=None, label=...)``: a page whose console errors and page
  errors fail the test at teardown; ``open_page.new_context(viewport, reduced_motion, touch)`` is
  another device (its own storage, so its own seat tokens).

Playwright and the web package are imported inside the fixtures, so the other tests never load them.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from e2e_support import CHROMIUM, CHROMIUM_ARGS, DESKTOP, WAIT_MS, LiveServer, require_chromium, watch


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: a test in a real browser (deselect with -m 'not browser')")


def _backends() -> list[str]:
    """The stores the JSON API's tests run on: SQLite, and PostgreSQL too when ``$SOLOBOARD_TEST_PG``
    is set (a URL, or ``own``: a server of the session's own; .ci/run sets it)."""
    import os

    return ["sqlite", "postgres"] if os.environ.get("SOLOBOARD_TEST_PG") else ["sqlite"]


@pytest.fixture(params=_backends())
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    """The store of a test's own: a SQLite file (a Path), or a PostgreSQL URL."""
    from pg_support import store_at

    return tmp_path / "web.sqlite3" if request.param == "sqlite" else store_at("postgres", tmp_path, request)


@pytest.fixture
def client(db: Path) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from soloboard.web.app import create_app

    with TestClient(create_app(db)) as c:
        yield c


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("web") / "soloboard.sqlite3").start()
    yield server
    server.stop()


@pytest.fixture
def server_factory(tmp_path: Path) -> Iterator[Callable[[], LiveServer]]:
    servers: list[LiveServer] = []

    def make() -> LiveServer:
        server = LiveServer(tmp_path / f"own-{len(servers)}.sqlite3").start()
        servers.append(server)
        return server

    yield make
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def open_page(browser: Any) -> Iterator[Callable[..., Any]]:
    contexts: list[Any] = []
    watches: list[Any] = []

    def open_(url: str, *, viewport: dict[str, int] | None = None, context: Any = None,
              label: str | None = None) -> Any:
        if context is None:
            context = _new_context(browser, contexts, viewport)
        page = context.new_page()
        page.watch = watch(page, label or f"page {len(watches) + 1}")
        watches.append(page.watch)
        page.goto(url)
        return page

    open_.new_context = lambda viewport=None, reduced_motion=False, touch=False: _new_context(
        browser, contexts, viewport, reduced_motion, touch)
    yield open_
    for context in contexts:
        context.close()
    for race in (f"{w.label}: {e}" for w in watches for e in w.tolerated):
        warnings.warn(f"stale hover preview answered with an error status (known bug): {race}", stacklevel=1)
    problems = [f"{w.label}: {e}" for w in watches for e in w.errors]
    assert not problems, "the browser reported errors:\n" + "\n".join(problems)


def _new_context(browser: Any, contexts: list[Any], viewport: dict[str, int] | None,
                 reduced_motion: bool = False, touch: bool = False) -> Any:
    """A browser context is a device: its own storage (seat tokens), cookies, screen size, touch."""
    context = browser.new_context(viewport=viewport or DESKTOP, locale="en-US", has_touch=touch, is_mobile=touch,
                                  reduced_motion="reduce" if reduced_motion else "no-preference")
    context.set_default_timeout(WAIT_MS)
    contexts.append(context)
    return context
