"""The campaign's JSON API (``/api/campaigns``, docs/web.md): the same campaigns as the terminal, in the
one store; every step through the procedure; every refusal changes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from soloboard.cli.main import main
from soloboard.web.app import create_app


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
    assert r.json() == {"error": "choose pile 1 or 2, not 3", "rule": "campaign: choosing the battle (two piles)",
                        "rule_text": "campaign: choosing the battle (two piles)"}
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


def _digital_campaign(client: TestClient) -> dict[str, Any]:
    from soloboard.ufs.campaign import Campaign, files

    plugins_loaded = Campaign.new("Digital", seed=3, box="test-box")  # seed 3: pile 1 is all test components
    r = client.post("/api/campaigns/import", content=files.dumps(plugins_loaded).encode())
    assert r.status_code == 201, r.text
    view = step(client, "Digital", "choose", 1)
    assert view["digital"] and view["unknown"] == []
    return view


def test_a_digital_battle_is_played_in_the_browser_and_its_result_recorded(
        test_plugin: None, db: Path, client: TestClient) -> None:
    import random

    _digital_campaign(client)
    view = step(client, "Digital", "set_up")  # no companion: every part is known, so soloboard plays it
    assert view["status"]["game"]["mode"] == "digital" and view["web_game"] is None
    # a result cannot be reported for a game soloboard plays
    r = client.post("/api/campaigns/Digital/steps", json={"action": "record", "value": "won"})
    assert r.status_code == 422 and r.json()["rule"] == "campaign: digital battles"
    started = client.post("/api/campaigns/Digital/game").json()
    assert not started["existing"] and len(started["tokens"]) == 1
    game_id, token = started["id"], started["tokens"][0]["token"]
    # asked again (another visit to the page), the same game
    again = client.post("/api/campaigns/Digital/game").json()
    assert again == {"id": game_id, "tokens": [], "host": None, "existing": True}
    assert client.get("/api/campaigns/Digital").json()["web_game"] == game_id
    game = client.get(f"/api/games/{game_id}").json()
    assert game["campaign"] == {"name": "Digital", "battle": 1, "game": 1}
    assert game["params"]["city"] == "test-harbour" and game["params"]["sky"] == view["status"]["game"]["sky"]
    rng = random.Random(5)
    restarted = False
    for _ in range(2000):
        if game["status"] != "playing":
            break
        if not restarted and game["ply"] > 20:
            # the server restarts mid-game: the game is rebuilt with the campaign's components' rules
            with TestClient(create_app(db)) as other:
                game = other.get(f"/api/games/{game_id}").json()
                assert game["campaign"]["name"] == "Digital" and game["moves"]
            restarted = True
        move = rng.choice(game["moves"])
        r = client.post(f"/api/games/{game_id}/moves", json={"ply": game["ply"], "action": move["id"]},
                        headers={"X-Seat-Token": token})
        assert r.status_code == 200, r.text
        game = r.json()
    assert restarted and game["status"] in ("won", "lost")
    assert game["can_undo"] is False
    r = client.post(f"/api/games/{game_id}/undo", json={"ply": game["ply"]}, headers={"X-Seat-Token": token})
    assert r.status_code == 409 and "journal" in r.json()["error"]
    # the game wrote its result in the campaign's journal, as the engine's
    view = client.get("/api/campaigns/Digital").json()
    result = next(j for j in view["journal"] if j["kind"] == "game_result")
    assert result["by"] == "engine"
    box = view["status"]["battles"][0]["games"][0]["box"]
    assert box == ("X" if game["status"] == "lost" else str(view["status"]["threat"]))
    r = client.post("/api/campaigns/Digital/game")
    assert r.status_code == 409  # no game of the campaign is set up to be played now


def test_a_schema_3_store_gains_the_campaign_link_of_browser_games(tmp_path: Path) -> None:
    """A store of schema 3 (web_games without ``campaign``) is migrated when opened; its games stay."""
    import sqlite3

    from soloboard.core import store as S

    path = tmp_path / "schema3.sqlite3"
    with S.Store(path) as store:
        game_id = store.add_person_game("ufs", {"city": "roswell"}, 5, [{"seat": 0, "kind": "person"}],
                                        {"history": [1, 2], "status": "unfinished", "rounds": 1, "decisions": 1})
    db = sqlite3.connect(path)
    with db:  # back to schema 3: web_games as it was
        db.execute("ALTER TABLE web_games DROP COLUMN campaign")
        db.execute("UPDATE meta SET value = '3' WHERE key = 'schema_version'")
    db.close()
    with S.Store(path) as store:
        assert store._version() == S.SCHEMA_VERSION == 8
        row = store.person_game(game_id)
        assert row is not None and row["history"] == [1, 2] and row["campaign"] is None
        linked = store.add_person_game("ufs", {}, 6, [], {"history": [], "status": "unfinished", "rounds": 0,
                                                          "decisions": 0},
                                       campaign={"name": "C", "battle": 2, "game": 1, "sides": []})
        assert store.campaign_web_game("C", 2, 1) == linked and store.campaign_web_game("C", 2, 2) is None


def test_the_custom_battle_builder(client: TestClient) -> None:
    """The rulebook's custom battle: every component to build it from, its stars term by term,
    what soloboard does not know of it, and a game of it when soloboard knows every part."""
    parts = client.get("/api/campaigns/custom/components").json()
    assert {"roswell", "havana"} <= {c["id"] for c in parts["cities"]}
    havana = next(c for c in parts["cities"] if c["id"] == "havana")
    assert havana["known"] == {"blue": False, "damaged": False}
    assert [t["id"] for t in parts["sky"][1]] == ["basic", "advanced-sky-2", "advanced-sky-special"]
    assert parts["sky"][1][1]["stars"] == {"easy": 1, "threat": 2} and parts["sky"][1][1]["known"] is False
    wang = next(c for c in parts["characters"] if c["id"] == "wang-lin")
    assert wang["known"] == {"basic": False, "upgraded": False}
    sky = [["basic", "threat"], ["advanced-sky-2", "threat"], ["basic", "easy"], ["basic", "easy"]]
    r = client.post("/api/campaigns/custom", json={"city": "havana", "side": "damaged", "scenario": "storm",
                                                   "characters": {"wang-lin": True}, "sky": sky})
    out = r.json()
    # +1 (basic threat side) +2 (advanced tile's threat side) +1 (scenario) -1 (upgraded) -½ (damaged side)
    assert out["difficulty"]["stars"] == 2.5 and out["difficulty"]["epic"] == 5.5
    assert not out["playable"] and len(out["unknown"]) == 4
    assert any("only its stars are known" in u for u in out["unknown"])
    assert client.post("/api/campaigns/custom/game", json={"city": "havana"}).status_code == 400
    # the engine's own components: playable, and a game of it is a browser game like any other
    plain = {"city": "roswell", "sky": [["basic", "threat"]] + [["basic", "easy"]] * 3}
    out = client.post("/api/campaigns/custom", json=plain).json()
    assert out["playable"] and out["difficulty"]["stars"] == 1 and out["unknown"] == []
    r = client.post("/api/campaigns/custom/game", json=plain)
    assert r.status_code == 201
    game = client.get(f"/api/games/{r.json()['id']}").json()
    assert game["params"]["city"] == "roswell" and game["params"]["sky"] == "TEEE" and game["campaign"] is None


@pytest.mark.parametrize(("spec", "words"), [
    ({"city": "atlantis"}, "Unknown city 'atlantis'"),
    ({"city": "roswell", "scenario": "picnic"}, "Unknown scenario 'picnic'"),
    ({"city": "roswell", "characters": {"nobody": True}}, "Unknown character 'nobody'"),
    ({"city": "roswell", "side": "purple"}, "blue or damaged"),
    ({"city": "roswell", "sky": [["basic", "easy"]] * 3}, "4 tiles"),
    ({"city": "roswell", "sky": [["advanced-sky-3", "easy"]] + [["basic", "easy"]] * 3}, "does not go at height 1"),
    ({"city": "roswell", "sky": [["basic", "hard"]] * 4}, "easy or threat"),
])
def test_a_bad_custom_battle_is_refused(client: TestClient, spec: dict[str, Any], words: str) -> None:
    r = client.post("/api/campaigns/custom", json=spec)
    assert r.status_code == 400 and words in r.json()["error"], r.text


def test_a_custom_battle_with_plugin_components_is_played_and_survives_a_restart(
        test_plugin: None, db: Path, client: TestClient) -> None:
    spec = {"city": "roswell", "characters": {"test-medic": False}, "sky": [["basic", "easy"]] * 4}
    out = client.post("/api/campaigns/custom", json=spec).json()
    assert out["playable"] and out["difficulty"]["stars"] == -0.5  # a basic character: -½
    started = client.post("/api/campaigns/custom/game", json=spec).json()
    game = client.get(f"/api/games/{started['id']}").json()
    assert any(m["kind"] == "ability" for m in game["moves"]) or game["view"]["phase"] != "place"
    with TestClient(create_app(db)) as other:  # rebuilt with the character's rules
        again = other.get(f"/api/games/{started['id']}").json()
        assert [m["id"] for m in again["moves"]] == [m["id"] for m in game["moves"]]


def test_a_campaign_that_cannot_be_read_now_does_not_hide_the_others(
        db: Path, client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    """A campaign of a plugin's box, the plugin gone: listed with the reason, the others still listed."""
    from soloboard.core.store import Store

    new(client, "Fine")
    with Store(db) as store:  # as a plugin's box would have left it
        document = json.loads(client.get("/api/campaigns/Fine/export").text)
        document["box"] = document["records"][0]["box"] = "gone-box"
        document["name"] = document["records"][0]["name"] = "Orphan"
        with store.db:
            store.db.execute("INSERT INTO campaigns (name, box, document, records, phase, created_at, updated_at) "
                             "VALUES ('Orphan', 'gone-box', ?, 3, 'choose', 'x', 'z')", (json.dumps(document),))
    listed = client.get("/api/campaigns").json()["campaigns"]
    assert [(c["name"], c["phase"]) for c in listed] == [("Orphan", "unreadable"), ("Fine", "choose")]
    assert "gone-box" in listed[0]["error"]
    r = client.get("/api/campaigns/Orphan")
    assert r.status_code == 409 and "gone-box" in r.json()["error"]
    assert main(["campaign", "--store", str(db), "list"]) == 0
    out = capsys.readouterr().out
    assert "Orphan: cannot be read now" in out and "Fine:" in out


# --- bad input: deep files, names that could not be routed or are too long --------------------------------------

def test_a_deeply_nested_campaign_file_is_refused_with_the_bound(client: TestClient) -> None:
    new(client, "Kept")
    for deep in ("[" * 5000 + "]" * 5000, '{"format": "soloboard-campaign", "records": ' + "[" * 40 + "]" * 40 + "}"):
        r = client.post("/api/campaigns/import", content=deep.encode())
        assert r.status_code == 400 and "nested deeper than 32 levels" in r.json()["error"], r.text
    r = client.post("/api/campaigns/Kept/steps", json={"action": "choose", "value": [[[[[1]]]]]})
    assert r.status_code == 400 and "at most 4" in r.json()["error"], r.text
    assert [c["name"] for c in client.get("/api/campaigns").json()["campaigns"]] == ["Kept"]
    assert client.get("/api/campaigns/Kept").json()["revision"] == 3


@pytest.mark.parametrize(("name", "words"), [
    ("x" * 61, "at most 60 characters; this one has 61"),
    ("x" * 1_000_000, "at most 60 characters"),
    ("a/b", "cannot hold '/'"),
    ("back\\slash", "cannot hold '\\\\'"),
    ("bell\x07", "cannot hold '\\x07'"),
    ("..", "only dots"),
    ("import", "the browser's addresses use that word"),  # POST /api/campaigns/import is the import
    ("Custom", "the browser's addresses use that word"),
])
def test_a_name_that_cannot_be_stored_or_routed_is_refused(client: TestClient, name: str, words: str) -> None:
    new(client, "Kept")
    r = client.post("/api/campaigns", json={"name": name})
    assert r.status_code == 400 and words in r.json()["error"] and r.json()["rule"] == "campaign name", r.text[:300]
    document = client.get("/api/campaigns/Kept/export").json()
    if len(name) < 1000:  # (a longer one fits in no address, nor twice in a campaign file)
        r = client.post("/api/campaigns/import", params={"rename": name}, content=json.dumps(document).encode())
        assert r.status_code == 400 and words in r.json()["error"], r.text[:300]
        # a file whose own journal names the campaign so
        document["name"] = document["records"][0]["name"] = name
        r = client.post("/api/campaigns/import", content=json.dumps(document).encode())
        assert r.status_code == 400 and words in r.json()["error"], r.text[:300]
    assert [c["name"] for c in client.get("/api/campaigns").json()["campaigns"]] == ["Kept"]


@pytest.mark.parametrize("name", ["\f" + "x" * 60, " " + "x" * 60, "x" * 30 + "  " + "x" * 29])
def test_the_bound_is_on_the_name_as_sent_as_the_schema_says(client: TestClient, name: str) -> None:
    # (the schema's maxLength is on what is sent: a client that checks it must never see more accepted,
    # even where running the spaces together would bring the name within the bound)
    new(client, "Kept")
    r = client.post("/api/campaigns", json={"name": name})
    assert r.status_code == 400 and "at most 60 characters; this one has 61" in r.json()["error"], r.text[:300]
    document = client.get("/api/campaigns/Kept/export").json()
    r = client.post("/api/campaigns/import", params={"rename": name}, content=json.dumps(document).encode())
    assert r.status_code == 400 and "at most 60 characters; this one has 61" in r.json()["error"], r.text[:300]
    assert [c["name"] for c in client.get("/api/campaigns").json()["campaigns"]] == ["Kept"]
    # within the bound as sent, the spaces still run together
    r = client.post("/api/campaigns", json={"name": " " + "x" * 58 + " "})
    assert r.status_code == 201 and r.json()["status"]["name"] == "x" * 58, r.text[:300]


def test_every_name_that_is_stored_can_be_opened(client: TestClient) -> None:
    from urllib.parse import quote

    for name in ("Ça va? #1 100%", "x" * 60, "Ünïcødé & <b>bold", ".hidden", "a+b=c;d"):
        new(client, name)
        path = f"/api/campaigns/{quote(name, safe='')}"
        assert client.get(path).json()["status"]["name"] == name
        assert client.post(f"{path}/steps", json={"action": "choose", "value": 1}).status_code == 200
        assert client.get(f"{path}/export").json()["name"] == name
