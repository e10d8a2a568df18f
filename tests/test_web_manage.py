"""Games and campaigns a person can manage (issue 20, docs/web.md "Managing saved games and campaigns"):
the lists' fields, their sort orders and filters, their bounds, and deletion with an undo window that
survives a reload or a restart: a deleted game is hidden at once (list, History, statistics), brought
back by Undo, and removed from the store for good when the window has passed."""

from __future__ import annotations

import json
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from soloboard.cli.campaign import run as run_campaign
from soloboard.cli.main import build_parser, main
from soloboard.core.store import SCHEMA_VERSION, UNDO_SECONDS, Store
from soloboard.web.app import create_app

ROSWELL = {"game": "ufs", "params": {"city": "roswell", "threat": 0}}
WASHINGTON = {"game": "ufs", "params": {"city": "washington", "threat": 1}}
NINE_CARD = {"game": "ufs-pnp", "params": {}}


class Clock:
    """The deletions' clock, moved by hand (the undo window is timed by it)."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


# each game's host token, as the device that started it keeps it: deleting and restoring a game need it
HOSTS: dict[int, str] = {}


def create(client: TestClient, spec: dict[str, Any], seed: int = 1) -> tuple[dict[str, Any], str]:
    r = client.post("/api/games", json={**spec, "seed": seed})
    assert r.status_code == 201, r.text
    game = r.json()
    HOSTS[game["id"]] = game["host"]
    return game, game["tokens"][0]["token"]


def delete(client: TestClient, game_id: int) -> Any:
    return client.delete(f"/api/games/{game_id}", headers={"X-Seat-Token": HOSTS.get(game_id, "")})


def restore(client: TestClient, game_id: int) -> Any:
    return client.post(f"/api/games/{game_id}/restore", headers={"X-Seat-Token": HOSTS.get(game_id, "")})


def play(client: TestClient, game: dict[str, Any], token: str, moves: int, seed: int = 3) -> dict[str, Any]:
    rng = random.Random(seed)
    for _ in range(moves):
        if game["status"] != "playing":
            break
        r = client.post(f"/api/games/{game['id']}/moves", json={"ply": game["ply"],
                                                                 "action": rng.choice(game["moves"])["id"]},
                        headers={"X-Seat-Token": token})
        assert r.status_code == 200, r.text
        game = r.json()
    # a move's answer carries what changed: the whole game (title, set-up, log) is asked for
    return client.get(f"/api/games/{game['id']}", headers={"X-Seat-Token": token}).json()


def listed(client: TestClient, **query: Any) -> dict[str, Any]:
    r = client.get("/api/games", params=query)
    assert r.status_code == 200, r.text
    return r.json()


def ids(client: TestClient, **query: Any) -> list[int]:
    return [g["id"] for g in listed(client, **query)["games"]]


def rows(db: Path, game_id: int) -> tuple[int, int, int]:
    """How many rows of the game each table holds: games, web_games, seats."""
    with Store(db) as store:  # (SQLite or PostgreSQL: the db fixture)
        return tuple(store.db.execute(f"SELECT COUNT(*) FROM {table} WHERE {column} = ?", (game_id,)).fetchone()[0]
                     for table, column in (("games", "id"), ("web_games", "id"), ("seats", "game")))  # type: ignore


@pytest.fixture
def clock(client: TestClient) -> Clock:
    found = Clock()
    client.app.state.games.clock = found  # type: ignore[attr-defined]
    return found


@pytest.fixture
def three(client: TestClient, clock: Clock) -> dict[str, Any]:
    """A finished Roswell game, a Washington game two moves in, a 9-card game just started (in that order)."""
    finished, token = create(client, ROSWELL, seed=3)
    finished = play(client, finished, token, 600) | {"token": token}
    assert finished["status"] in ("won", "lost")
    time.sleep(1.1)  # the dates have seconds: each game is started and last played a second apart
    washington, token = create(client, WASHINGTON, seed=4)
    washington = play(client, washington, token, 2)
    time.sleep(1.1)
    nine, _token = create(client, NINE_CARD, seed=5)
    return {"finished": finished, "washington": washington, "nine": nine}


# --- what the list shows -------------------------------------------------------------------------------

def test_the_list_shows_setup_dates_round_and_status(client: TestClient, three: dict[str, Any]) -> None:
    answer = listed(client)
    assert answer["total"] == 3 and answer["deleted"] == [] and answer["undo_window"] == UNDO_SECONDS
    games = {g["id"]: g for g in answer["games"]}
    finished = games[three["finished"]["id"]]
    assert finished["status"] == three["finished"]["status"] and finished["game_title"] == "Under Falling Skies"
    assert finished["title"] == three["finished"]["title"] and "Roswell" in finished["setup"]
    assert finished["result"] == three["finished"]["result"]  # "Lost: base destroyed", or "Won"
    assert finished["rounds"] >= 1 and finished["decisions"] == three["finished"]["decisions"]
    assert finished["created"] and finished["updated"] >= finished["created"]
    playing = games[three["washington"]["id"]]
    assert playing["status"] == "playing" and playing["result"] is None and playing["loss_cause"] == ""
    assert "Washington" in playing["setup"] and playing["ply"] == three["washington"]["ply"]
    assert games[three["nine"]["id"]]["game"] == "ufs-pnp"
    # in the language asked for
    czech = {g["id"]: g for g in listed(client, lang="cs")["games"]}
    assert czech[three["nine"]["id"]]["setup"] != games[three["nine"]["id"]]["setup"]


def test_the_list_sorts(client: TestClient, three: dict[str, Any]) -> None:
    f, w, n = (three[k]["id"] for k in ("finished", "washington", "nine"))
    assert ids(client) == [n, w, f]  # last played first
    assert ids(client, sort="created", order="asc") == [f, w, n]
    assert ids(client, sort="created") == [n, w, f]
    # by set-up: the game, then its set-up, A to Z (Under Falling Skies before its 9-card edition)
    by_setup = listed(client, sort="setup")["games"]
    assert [(g["game_title"], g["title"]) for g in by_setup] == sorted((g["game_title"], g["title"]) for g in by_setup)
    assert ids(client, sort="setup", order="desc") == list(reversed(ids(client, sort="setup")))
    assert ids(client, sort="status") == [n, w, f]  # in play (the latest first), then won, then lost
    assert ids(client, sort="round")[-1] == n  # the furthest first: the new game has played no round
    assert ids(client, limit=1) == [n] and listed(client, limit=1)["total"] == 3


def test_the_list_filters(client: TestClient, three: dict[str, Any]) -> None:
    f, w, n = (three[k]["id"] for k in ("finished", "washington", "nine"))
    assert ids(client, game="ufs-pnp") == [n]
    assert ids(client, game="ufs") == [w, f]
    assert ids(client, status="finished") == [f]
    assert ids(client, status=three["finished"]["status"]) == [f]
    assert ids(client, status="playing") == [n, w]
    assert ids(client, q="washington") == [w]
    assert ids(client, q="  ROSWELL   ") == [f]  # case and spaces aside
    assert ids(client, q="roswell threat") == [f]  # every word, anywhere in the set-up or title
    assert ids(client, q=three["finished"]["result"].split(":")[0]) == [f]  # the result's words
    answer = listed(client, q="roswell washington")
    assert answer["games"] == [] and answer["total"] == 0
    assert ids(client, game="ufs", status="playing") == [w]
    assert ids(client, game="monstros") == []


@pytest.mark.parametrize(("query", "words"), [
    ({"q": "x" * 101}, "100"),
    ({"limit": 0}, "limit"),
    ({"limit": 1001}, "limit"),
    ({"sort": "name"}, "sort"),
    ({"order": "up"}, "order"),
    ({"status": "deleted"}, "status"),
    ({"game": "g" * 65}, "64"),
])
def test_the_list_filters_are_bounded(client: TestClient, query: dict[str, Any], words: str) -> None:
    r = client.get("/api/games", params=query)
    assert r.status_code == 400 and words in r.json()["error"], r.text


def test_the_schema_states_the_filters_bounds(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path, sorts in (("/api/games", {"updated", "created", "setup", "status", "round"}),
                        ("/api/campaigns", {"updated", "created", "name", "status"})):
        params = {p["name"]: p["schema"] for p in paths[path]["get"]["parameters"]}
        assert params["q"]["maxLength"] == 100
        assert params["limit"]["minimum"] == 1 and params["limit"]["maximum"] == 1000
        assert set(params["sort"]["enum"]) == sorts
        assert {"asc", "desc"} == set(params["order"]["anyOf"][0]["enum"])
    assert paths["/api/games"]["get"]["parameters"][1]["schema"]["anyOf"][0]["maxLength"] == 64
    assert "delete" in paths["/api/games/{game_id}"] and "post" in paths["/api/games/{game_id}/restore"]
    assert "delete" in paths["/api/campaigns/{name}"] and "post" in paths["/api/campaigns/{name}/restore"]


# --- deleting, with an undo window --------------------------------------------------------------------------

def test_a_deleted_game_is_hidden_at_once_and_undo_brings_it_back(client: TestClient, db: Path,
                                                                  three: dict[str, Any], clock: Clock) -> None:
    finished = three["finished"]
    stats = client.get("/api/stats").json()["people"]
    assert sum(p["games"] for p in stats) == 1
    r = delete(client, finished['id'])
    assert r.status_code == 200 and r.json() == {"id": finished["id"], "undo_seconds": UNDO_SECONDS}
    answer = listed(client)
    assert finished["id"] not in [g["id"] for g in answer["games"]] and answer["total"] == 2
    [pending] = answer["deleted"]
    assert pending["id"] == finished["id"] and pending["title"] == finished["title"]
    assert pending["undo_seconds"] == UNDO_SECONDS
    # gone from everything at once: the game's page, History's list and the statistics
    assert client.get(f"/api/games/{finished['id']}").status_code == 404
    assert finished["id"] not in ids(client, status="finished")
    assert client.get("/api/stats").json()["people"] == []
    with Store(db) as store:
        assert list(store.histories("ufs")) == []
    assert rows(db, finished["id"]) == (1, 1, 2)  # still stored: it can be taken back
    clock.now += UNDO_SECONDS / 2
    assert listed(client)["deleted"][0]["undo_seconds"] == UNDO_SECONDS / 2
    r = restore(client, finished['id'])
    assert r.status_code == 200 and r.json() == {"id": finished["id"]}
    assert ids(client) == [three["nine"]["id"], three["washington"]["id"], finished["id"]]
    assert listed(client)["deleted"] == []
    assert client.get("/api/stats").json()["people"] == stats
    # brought back exactly as it was played: its result, and no undo past its end
    back = client.get(f"/api/games/{finished['id']}").json()
    assert (back["status"], back["result"], back["ply"]) == (finished["status"], finished["result"], finished["ply"])
    r = client.post(f"/api/games/{finished['id']}/undo", json={"ply": back["ply"]},
                    headers={"X-Seat-Token": finished["token"]})
    assert r.status_code == 409 and r.json()["rule"] == "finished game"


def test_a_deleted_game_is_purged_when_the_window_has_passed(client: TestClient, db: Path,
                                                             three: dict[str, Any], clock: Clock) -> None:
    gone = three["washington"]["id"]
    assert delete(client, gone).status_code == 200
    clock.now += UNDO_SECONDS + 0.1
    r = restore(client, gone)
    assert r.status_code == 404 and "cannot be brought back" in r.json()["error"]
    assert listed(client)["deleted"] == []  # the list purges what is past its window
    assert rows(db, gone) == (0, 0, 0)
    assert client.get(f"/api/games/{gone}").status_code == 404
    assert delete(client, gone).status_code == 404
    assert len(ids(client)) == 2


def test_a_deletion_is_purged_by_the_server_when_its_window_closes(client: TestClient, db: Path) -> None:
    games = client.app.state.games  # type: ignore[attr-defined]
    games.undo_seconds = 0.3
    game, _token = create(client, ROSWELL)
    assert delete(client, game['id']).status_code == 200
    assert rows(db, game["id"]) == (1, 1, 2)
    deadline = time.monotonic() + 10
    while rows(db, game["id"]) != (0, 0, 0) and time.monotonic() < deadline:
        time.sleep(0.1)  # no request: the server's own timer removes it
    assert rows(db, game["id"]) == (0, 0, 0)


def test_a_pending_deletion_survives_a_reload_and_a_restart(db: Path) -> None:
    with TestClient(create_app(db)) as client:
        game, _token = create(client, ROSWELL)
        kept, _token = create(client, WASHINGTON)
        assert delete(client, game['id']).status_code == 200
    with TestClient(create_app(db)) as client:  # a restarted server: the undo is still offered
        answer = listed(client)
        assert [g["id"] for g in answer["deleted"]] == [game["id"]] and ids(client) == [kept["id"]]
        assert 0 < answer["deleted"][0]["undo_seconds"] <= UNDO_SECONDS
        assert restore(client, game['id']).status_code == 200
        assert sorted(ids(client)) == [game["id"], kept["id"]]
        assert client.get(f"/api/games/{game['id']}").json()["ply"] == game["ply"]


def test_a_game_in_play_cannot_be_moved_once_deleted(client: TestClient, clock: Clock) -> None:
    game, token = create(client, ROSWELL)
    assert delete(client, game['id']).status_code == 200
    r = client.post(f"/api/games/{game['id']}/moves", json={"ply": game["ply"], "action": game["moves"][0]["id"]},
                    headers={"X-Seat-Token": token})
    assert r.status_code == 404
    assert restore(client, game['id']).status_code == 200
    r = client.post(f"/api/games/{game['id']}/moves", json={"ply": game["ply"], "action": game["moves"][0]["id"]},
                    headers={"X-Seat-Token": token})
    assert r.status_code == 200, r.text  # brought back where it was, with its seat's token


def test_only_the_device_that_started_a_game_deletes_it_or_brings_it_back(client: TestClient,
                                                                          clock: Clock) -> None:
    """A guest holding a seat of a shared game (or anyone else on the network) cannot delete it."""
    game, token = create(client, {"game": "monstros", "params": {"players": 2},
                                  "seats": [{"kind": "person"}, {"kind": "person"}]})
    guest = game["tokens"][1]["token"]
    for headers in ({}, {"X-Seat-Token": guest}, {"X-Seat-Token": token}, {"X-Seat-Token": "x" * 32}):
        r = client.delete(f"/api/games/{game['id']}", headers=headers)
        assert r.status_code == 403 and r.json()["rule"] == "host token", r.text
        assert game["id"] in ids(client)
    assert delete(client, game["id"]).status_code == 200
    r = client.post(f"/api/games/{game['id']}/restore", headers={"X-Seat-Token": guest})
    assert r.status_code == 403 and game["id"] not in ids(client)
    assert restore(client, game["id"]).status_code == 200 and game["id"] in ids(client)


@pytest.mark.parametrize("path", ["/api/games/999", "/api/games/0", "/api/games/-3", f"/api/games/{2**70}"])
def test_deleting_or_restoring_no_game_is_a_404(client: TestClient, path: str) -> None:
    for r in (client.delete(path), client.post(f"{path}/restore")):
        assert r.status_code == 404 and r.json()["error"], r.text


def test_a_game_not_deleted_cannot_be_restored_nor_deleted_twice(client: TestClient, clock: Clock) -> None:
    game, _token = create(client, ROSWELL)
    assert restore(client, game['id']).status_code == 404
    assert delete(client, game['id']).status_code == 200
    assert delete(client, game['id']).status_code == 404


def test_a_schema_5_store_gains_the_deletion_columns(tmp_path: Path) -> None:
    path = tmp_path / "schema5.sqlite3"
    with Store(path) as store:
        game_id = store.add_person_game("ufs", {"city": "roswell"}, 5, [{"seat": 0, "kind": "person"}],
                                        {"history": [], "status": "unfinished", "rounds": 0, "decisions": 0})
    con = sqlite3.connect(path)
    with con:  # back to schema 5: no deleted_at anywhere
        con.execute("ALTER TABLE games DROP COLUMN deleted_at")
        con.execute("ALTER TABLE campaigns DROP COLUMN deleted_at")
        con.execute("UPDATE meta SET value = '5' WHERE key = 'schema_version'")
    con.close()
    with TestClient(create_app(path)) as client:
        assert ids(client) == [game_id]
        assert delete(client, game_id).status_code == 200
    with sqlite3.connect(path) as con:
        assert con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0] == str(SCHEMA_VERSION)
        assert con.execute("SELECT deleted_at IS NOT NULL FROM games WHERE id = ?", (game_id,)).fetchone()[0] == 1
        assert "deleted_at" in {r[1] for r in con.execute("PRAGMA table_info(campaigns)")}


# --- campaigns ------------------------------------------------------------------------------------------------

def new_campaign(client: TestClient, name: str, threat: int = 1) -> None:
    r = client.post("/api/campaigns", json={"name": name, "seed": 7, "threat": threat})
    assert r.status_code == 201, r.text


def names(client: TestClient, **query: Any) -> list[str]:
    r = client.get("/api/campaigns", params=query)
    assert r.status_code == 200, r.text
    return [c["name"] for c in r.json()["campaigns"]]


def test_the_campaigns_list_sorts_and_filters(client: TestClient) -> None:
    for name in ("Winter", "Autumn", "Été"):
        new_campaign(client, name)
    assert names(client) == ["Été", "Autumn", "Winter"]  # the latest played first
    assert names(client, sort="created", order="asc") == ["Winter", "Autumn", "Été"]
    assert names(client, sort="name") == ["Autumn", "Été", "Winter"]  # accents aside
    assert names(client, q="ete") == ["Été"] and names(client, q="WIN") == ["Winter"]
    assert names(client, status="over") == [] and len(names(client, status="playing")) == 3
    answer = client.get("/api/campaigns", params={"limit": 2}).json()
    assert answer["total"] == 3 and len(answer["campaigns"]) == 2 and answer["deleted"] == []
    first = answer["campaigns"][0]
    assert {"name", "chapter", "phase", "battles", "threat", "updated_at", "created_at"} <= set(first)
    for bad in ({"q": "x" * 101}, {"sort": "round"}, {"status": "lost"}, {"limit": 1001}):
        assert client.get("/api/campaigns", params=bad).status_code == 400


def test_a_deleted_campaign_is_hidden_and_undo_brings_it_back(client: TestClient, db: Path, clock: Clock) -> None:
    new_campaign(client, "Autumn")
    new_campaign(client, "Winter")
    r = client.delete("/api/campaigns/autumn")  # found as the terminal finds it, case aside
    assert r.status_code == 200 and r.json() == {"name": "Autumn", "games": 0, "undo_seconds": UNDO_SECONDS}
    answer = client.get("/api/campaigns").json()
    assert names(client) == ["Winter"] and answer["deleted"] == [{"name": "Autumn", "undo_seconds": UNDO_SECONDS}]
    assert client.get("/api/campaigns/Autumn").status_code == 404
    # its name is not free while it can be taken back (then it is)
    r = client.post("/api/campaigns", json={"name": "Autumn"})
    assert r.status_code == 409 and "deleted a moment ago" in r.json()["error"]
    assert main(["campaign", "--store", str(db), "list"]) == 0  # the terminal does not see it either
    assert client.post("/api/campaigns/Autumn/restore").status_code == 200
    assert names(client) == ["Winter", "Autumn"] or names(client) == ["Autumn", "Winter"]
    assert client.get("/api/campaigns/Autumn").json()["status"]["name"] == "Autumn"
    assert client.delete("/api/campaigns/Autumn").status_code == 200
    clock.now += UNDO_SECONDS + 0.1
    assert client.post("/api/campaigns/Autumn/restore").status_code == 404
    assert client.get("/api/campaigns").json()["deleted"] == []
    new_campaign(client, "Autumn")  # the name is free again
    assert client.delete("/api/campaigns/Nowhere").status_code == 404
    assert client.post("/api/campaigns/Nowhere/restore").status_code == 404


def test_a_campaigns_browser_games_go_and_come_back_with_it(test_plugin: None, client: TestClient, db: Path,
                                                            clock: Clock) -> None:
    from soloboard.ufs.campaign import Campaign, files

    imported = Campaign.new("Digital", seed=3, box="test-box")  # pile 1: components soloboard knows
    assert client.post("/api/campaigns/import", content=files.dumps(imported).encode()).status_code == 201
    client.post("/api/campaigns/Digital/steps", json={"action": "choose", "value": 1}).raise_for_status()
    client.post("/api/campaigns/Digital/steps", json={"action": "set_up"}).raise_for_status()
    started = client.post("/api/campaigns/Digital/game").json()
    game_id = started["id"]
    HOSTS[game_id] = started["host"]
    other, _token = create(client, ROSWELL)
    assert [g["campaign"] for g in listed(client)["games"]] == [False, True]
    assert client.delete("/api/campaigns/Digital").json()["games"] == 1
    assert ids(client) == [other["id"]] and client.get(f"/api/games/{game_id}").status_code == 404
    assert client.post("/api/campaigns/Digital/restore").status_code == 200
    assert sorted(ids(client)) == [game_id, other["id"]]
    assert client.get("/api/campaigns/Digital").json()["web_game"] == game_id
    # a campaign's game deleted on its own: the campaign starts its game afresh
    assert delete(client, game_id).status_code == 200
    assert client.get("/api/campaigns/Digital").json()["web_game"] is None
    # deleted for good with the campaign: nothing of it is left in the store
    assert client.delete("/api/campaigns/Digital").status_code == 200
    clock.now += UNDO_SECONDS + 0.1
    client.get("/api/campaigns")
    assert rows(db, game_id) == (0, 0, 0)
    with Store(db) as store:
        assert store.db.execute("SELECT COUNT(*) FROM campaigns").fetchone()[0] == 0


def test_the_terminal_deletes_a_campaign_after_a_yes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = str(tmp_path / "s.sqlite3")
    for name in ("Autumn", "Winter"):
        assert main(["campaign", "--store", store, "new", name, "--seed", "1"]) == 0
    capsys.readouterr()
    asked: list[str] = []

    def answer(text: str) -> str:
        def reply(question: str) -> str:
            asked.append(question)
            return text
        return reply

    args = build_parser().parse_args(["campaign", "--store", store, "delete", "autumn"])
    assert run_campaign(args, input_fn=answer("n")) == 1
    assert "Nothing deleted" in capsys.readouterr().out and "Autumn" in asked[0] and "[y/N]" in asked[0]
    assert run_campaign(args, input_fn=answer("yes")) == 0
    assert "Campaign 'Autumn' deleted" in capsys.readouterr().out
    assert main(["campaign", "--store", store, "list"]) == 0
    out = capsys.readouterr().out
    assert "Winter" in out and "Autumn" not in out
    assert main(["campaign", "--store", store, "delete", "Winter", "--yes"]) == 0
    assert main(["campaign", "--store", store, "delete", "Winter", "--yes"]) == 2  # no such campaign
    # in Portuguese, the language's own yes
    assert main(["campaign", "--store", store, "new", "Outono"]) == 0
    args = build_parser().parse_args(["campaign", "--store", store, "--lang", "pt", "delete", "Outono"])
    assert run_campaign(args, input_fn=answer("s")) == 0


def test_the_list_answers_json_the_page_reads(client: TestClient, clock: Clock) -> None:
    game, _token = create(client, ROSWELL)
    delete(client, game['id'])
    body = client.get("/api/games").text
    assert json.loads(body)["deleted"][0]["id"] == game["id"]
