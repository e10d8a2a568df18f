"""The campaign's JSON API (``/api/campaigns``, docs/web.md): the same campaigns as the terminal, in the
one store; every step through the procedure; every refusal changes nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from soloboard.cli.main import main
from soloboard.web.app import create_app


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "web.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db)) as c:
        yield c


def new(client: TestClient, name: str = "Autumn", seed: int = 7, threat: int = 1) -> dict[str, Any]:
    r = client.post("/api/campaigns", json={"name": name, "seed": seed, "threat": threat})
    assert r.status_code == 201, r.text
    return r.json()


def step(client: TestClient, name: str, action: str, value: Any = None, **extra: Any) -> dict[str, Any]:
    r = client.post(f"/api/campaigns/{name}/steps", json={"action": action, "value": value, **extra})
    assert r.status_code == 200, r.text
    return r.json()


def test_create_list_read(client: TestClient) -> None:
    view = new(client, "Autumn", seed=7, threat=2)
    status = view["status"]
    assert status["name"] == "Autumn" and status["threat"] == 2 and status["seed"] == 7
    assert status["chapter"] == 1 and status["phase"] == "choose" and len(status["piles"]) == 2
    assert [r["kind"] for r in view["journal"]] == ["campaign_started", "chapter_opened", "piles_dealt"]
    assert view["revision"] == 3 and "Campaign: Autumn" in view["sheet"]
    listed = client.get("/api/campaigns").json()["campaigns"]
    assert [(c["name"], c["phase"], c["threat"]) for c in listed] == [("Autumn", "choose", 2)]
    assert client.get("/api/campaigns/Autumn").json() == view
    # names are found as the terminal finds them (case and accents aside)
    assert client.get("/api/campaigns/autumn").json()["status"]["name"] == "Autumn"


@pytest.mark.parametrize(("body", "status", "words"), [
    ({"name": "  "}, 400, "needs a name"),
    ({"name": "X", "threat": 5}, 400, "0 to 4"),
    ({"name": "X", "threat": "1"}, 400, "Bad request"),
    ({"name": "X", "colour": "red"}, 400, "Bad request"),
    ({"name": "AUTUMN"}, 409, "exists already"),
])
def test_bad_new_campaigns_are_refused(client: TestClient, body: dict[str, Any], status: int, words: str) -> None:
    new(client, "Autumn")
    r = client.post("/api/campaigns", json=body)
    assert r.status_code == status and words in r.json()["error"], r.text
    assert len(client.get("/api/campaigns").json()["campaigns"]) == 1


def test_refused_steps_change_nothing(client: TestClient) -> None:
    view = new(client)
    r = client.post("/api/campaigns/Autumn/steps", json={"action": "choose", "value": 3})
    assert r.status_code == 422
    assert r.json() == {"error": "choose pile 1 or 2, not 3", "rule": "campaign: choosing the battle (two piles)"}
    r = client.post("/api/campaigns/Autumn/steps", json={"action": "record", "value": "won"})
    assert r.status_code == 422 and r.json()["rule"].startswith("campaign: the battle")
    # a step from a page that shows an older revision: somebody else moved the campaign on
    r = client.post("/api/campaigns/Autumn/steps", json={"action": "choose", "value": 1, "revision": 2})
    assert r.status_code == 409 and "changed" in r.json()["error"]
    r = client.post("/api/campaigns/Autumn/steps", json={"action": "fly", "value": 1})
    assert r.status_code == 400 and "fly" in r.json()["error"]
    r = client.post("/api/campaigns/Nowhere/steps", json={"action": "choose", "value": 1})
    assert r.status_code == 404 and "Nowhere" in r.json()["error"]
    assert client.get("/api/campaigns/Nowhere").status_code == 404
    assert client.get("/api/campaigns/Autumn").json() == view


def test_a_whole_campaign_through_the_api(client: TestClient, db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    view = new(client, "Long", seed=3)
    results = iter(["lost", "won", "won", "lost", "lost", "won", "1", "X", "won"] * 5)
    for _ in range(100):
        s = view["status"]
        rev = view["revision"]
        if s["phase"] == "over":
            break
        if s["phase"] == "choose":
            view = step(client, "Long", "choose", 2, revision=rev)
        elif s["phase"] == "name_city":
            view = step(client, "Long", "name_city", s["city_choices"][0]["id"], revision=rev)
        elif s["phase"] == "set_up":
            for x in s["team"]:
                if x["may_upgrade"]:
                    view = step(client, "Long", "upgrade", x["id"], revision=view["revision"])
            view = step(client, "Long", "set_up", companion=True, revision=view["revision"])
            assert view["status"]["game"]["mode"] == "companion"
        else:
            view = step(client, "Long", "record", next(results), revision=rev)
    assert view["status"]["phase"] == "over"
    assert view["journal"][-1]["kind"] == "campaign_ended"
    fates = {b["city_fate"] for b in view["status"]["battles"]}
    assert fates == {"saved", "destroyed"}
    assert all(x["side"] == "upgraded" for x in view["status"]["team"] if x["chapter_met"] < 3)
    # the terminal reads the same campaign from the same store
    assert main(["campaign", "--store", str(db), "journal", "Long"]) == 0
    out = capsys.readouterr().out
    assert "Campaign over after" in out and out.count("\n") >= len(view["journal"])
    # an undo takes back the last player step only (the campaign's own steps after it go with it)
    before = view["revision"]
    undone = step(client, "Long", "undo", revision=before)
    assert undone["status"]["phase"] == "playing" and undone["revision"] < before


def test_export_and_import(client: TestClient) -> None:
    new(client, "Trip", seed=9)
    step(client, "Trip", "choose", 1)
    r = client.get("/api/campaigns/Trip/export")
    assert r.status_code == 200 and r.headers["content-disposition"].startswith("attachment")
    document = r.json()
    assert document["format"] == "soloboard-campaign" and document["name"] == "Trip"
    # the same name again is refused; under a new name it is the same journal
    r = client.post("/api/campaigns/import", content=json.dumps(document).encode())
    assert r.status_code == 409
    r = client.post("/api/campaigns/import?rename=Trip%20copy", content=json.dumps(document).encode())
    assert r.status_code == 201, r.text
    copy = r.json()
    assert copy["status"]["name"] == "Trip copy"
    assert [j["text"] for j in copy["journal"][1:]] == [j["text"] for j in client.get(
        "/api/campaigns/Trip").json()["journal"][1:]]


@pytest.mark.parametrize(("content", "words"), [
    (b"\xff\xfe", "UTF-8"),
    (b"{not json", "not valid JSON"),
    (b'{"format": "other"}', "not a soloboard campaign file"),
    (json.dumps({"format": "soloboard-campaign", "version": 9, "records": []}).encode(), "newer soloboard"),
    (b"x" * 2_000_001, "too large"),
])
def test_corrupt_files_are_refused_and_nothing_is_added(client: TestClient, content: bytes, words: str) -> None:
    new(client, "Kept")
    r = client.post("/api/campaigns/import", content=content)
    assert r.status_code == 400 and words in r.json()["error"], r.text
    assert [c["name"] for c in client.get("/api/campaigns").json()["campaigns"]] == ["Kept"]


def test_a_tampered_journal_is_refused(client: TestClient) -> None:
    new(client, "Honest", seed=1)
    document = client.get("/api/campaigns/Honest/export").json()
    document["name"] = "Tampered"
    document["records"][0]["name"] = "Tampered"
    document["records"][2]["piles"].reverse()  # piles the seed does not deal
    r = client.post("/api/campaigns/import", content=json.dumps(document).encode())
    assert r.status_code == 400 and "seed" in r.json()["error"]


def test_the_pages_are_served(client: TestClient) -> None:
    for path in ("/campaigns", "/campaign/Autumn"):
        r = client.get(path)
        assert r.status_code == 200 and "app.js" in r.text
    assert client.get("/static/campaign.js").status_code == 200
