"""The whole JSON API under a schema fuzz (schemathesis): no 5xx and no answer outside the schema.

Schemathesis reads the server's own OpenAPI schema and sends, for every operation, requests that
fit it and requests that break it, then checks each answer: never a server error, a status code
and a body the schema declares, a content type it declares, and a request that breaks the schema
refused. A request the schema allows may still be refused for a reason a schema cannot say (a
move that is not legal in that position, a game id no game has), so schemathesis's
"schema-valid request accepted" check is the one left out. The live stream of a game
(``/events``) never ends, so it is not fuzzed here (tests/test_web_api.py covers it).

Run alone: ``pytest tests/test_web_fuzz.py`` (about a minute on two cores).
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis import checks  # noqa: E402

from e2e_support import LiveServer  # noqa: E402

# enough examples per operation to cross every bound, few enough to keep the run near a minute
EXAMPLES = 100


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        data: dict[str, Any] = json.load(answer)
        return data


@pytest.fixture(scope="module")
def fuzzed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite3").start()
    # a few real games and a campaign, so that generated ids and names sometimes find one
    for game, params in (("ufs", {}), ("ufs-pnp", {}), ("monstros", {"players": 1})):
        _post(f"{server.url}/api/games", {"game": game, "params": params, "seed": 1})
    yield server
    assert not server.errors, server.errors
    server.stop()


def _served_schema() -> Any:
    """The schema the server serves at /openapi.json, read from an app over a scratch store (the
    requests then go to a real server: schemathesis's lazy fixture loader does not run on pytest 9)."""
    import tempfile
    from pathlib import Path

    from soloboard.web.app import create_app

    with tempfile.TemporaryDirectory() as scratch:
        app = create_app(Path(scratch) / "schema.sqlite3")
        document = app.openapi()
        app.state.games.store.close()
    return schemathesis.openapi.from_dict(document)


schema = _served_schema()


@schema.exclude(path_regex=r"/events$").parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                 HealthCheck.function_scoped_fixture])
def test_every_answer_keeps_to_the_schema(case: Any, fuzzed_server: LiveServer) -> None:
    case.call_and_validate(base_url=fuzzed_server.url, excluded_checks=[checks.positive_data_acceptance])
