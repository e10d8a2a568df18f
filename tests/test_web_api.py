"""The browser front end's JSON API (docs/web.md): every endpoint, every refusal, isolation, restarts,
live updates, files, the store's schema 2 and the load test."""

from __future__ import annotations

import json
import random
import re
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx2 as httpx  # httpx2: the maintained successor, which starlette.testclient uses too
import pytest
from fastapi.testclient import TestClient

from soloboard.cli.main import main
from soloboard.core.store import SCHEMA_VERSION, GameRow, Store
from soloboard.web import loadtest
from soloboard.web.app import create_app

UFS = {"game": "ufs", "params": {"city": "roswell", "threat": 1}}


def create(client: TestClient, spec: dict[str, Any] | None = None, seed: int = 1) -> tuple[dict[str, Any], dict]:
    r = client.post("/api/games", json={**(spec or UFS), "seed": seed})
    assert r.status_code == 201, r.text
    game = r.json()
    return game, {t["seat"]: t["token"] for t in game["tokens"]}


def move(client: TestClient, game: dict[str, Any], token: str | None, action: int | None = None,
         ply: int | None = None) -> httpx.Response:
    headers = {"X-Seat-Token": token} if token else {}
    body = {"ply": game["ply"] if ply is None else ply, "action": game["moves"][0]["id"] if action is None else action}
    return client.post(f"/api/games/{game['id']}/moves", json=body, headers=headers)


def stored(db: Path, game_id: int) -> tuple[list[int], str, str | None]:
    with Store(db) as store:  # (SQLite or PostgreSQL: the db fixture)
        history, status, updated = store.db.execute("SELECT history, status, updated_at FROM games WHERE id = ?",
                                                    (game_id,)).fetchone()
    return json.loads(history), status, updated


def error_of(r: httpx.Response, status: int) -> dict[str, Any]:
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"error", "rule", "rule_text"} and body["error"]
    return body


# --- catalog, languages, pages --------------------------------------------------------------------------

def test_catalog_lists_every_game_with_its_choices(client: TestClient) -> None:
    data = client.get("/api/catalog").json()
    games = {g["game"]: g for g in data["games"]}
    assert set(games) == {"ufs", "ufs-pnp", "monstros"}
    ufs = {p["name"]: p for p in games["ufs"]["params"]}
    cities = {c["value"]: c["label"] for c in ufs["city"]["choices"]}
    # every choice is its id for load_game and its name for a person (the narrator's city names)
    assert cities == {"roswell": "Roswell", "new-york": "New York", "washington": "Washington, DC"}
    assert [c["value"] for c in ufs["threat"]["choices"]] == [0, 1, 2, 3, 4]
    monstros = {p["name"]: p for p in games["monstros"]["params"]}
    assert [c["value"] for c in monstros["players"]["choices"]] == [1, 2, 3, 4, 5, 6]
    # the difficulties in words, the same as the board says them (in Portuguese, the rulebook's own words)
    assert {c["value"]: c["label"] for c in monstros["difficulty"]["choices"]} == {
        "iniciante": "Beginner", "facil": "Easy", "medio": "Medium", "dificil": "Hard", "epico": "Epic"}
    # an AI seat's agents, the strongest first (the dialog's default), each with words for a person
    assert data["agents"] == ["mcts", "greedy", "random"]
    assert data["agent_labels"] == {"mcts": "strongest (mcts)", "greedy": "quick (greedy)", "random": "random moves"}
    assert [lang["code"] for lang in data["languages"]] == ["en", "pt", "cs", "pl", "es"]
    assert "deck" not in monstros  # a deck is a file on the server: not offered
    error_of(client.get("/api/catalog?lang=xx"), 400)


def test_i18n_catalog_and_pages(client: TestClient) -> None:
    assert client.get("/api/i18n/en").json() == {}
    assert isinstance(client.get("/api/i18n/cs").json(), dict)
    error_of(client.get("/api/i18n/klingon"), 400)
    for path in ("/", "/game/1", "/join/1?seat=0&token=x", "/history"):
        r = client.get(path)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert client.get("/static/index.html").status_code == 200
    error_of(client.get("/api/nothing-here"), 404)
    assert "/api/games/{game_id}/moves" in client.get("/openapi.json").json()["paths"]


# --- creating ---------------------------------------------------------------------------------------------

def test_create_gives_the_game_and_its_tokens_and_stores_it(client: TestClient, db: Path) -> None:
    game, tokens = create(client)
    assert game["status"] == "playing" and game["to_move"] == 0 and game["seed"] == 1
    assert game["params"]["threat"] == 1 and game["ply"] >= 1  # the sky draw and the first roll are made
    assert game["moves"] and all({"id", "notation", "kind"} <= set(m) for m in game["moves"])
    # what a move would do is asked for when a player points at it (the preview), not sent for every move
    assert not any("text" in m for m in game["moves"]) and "refusals" not in game["view"]
    assert game["log"] and all({"ply", "kind", "text", "event"} <= set(e) for e in game["log"])
    assert game["view"] and game["notes"] and game["can_undo"] is False
    assert game["tokens"][0]["join"] == f"/join/{game['id']}?seat=0&token={tokens[0]}"
    history, status, _ = stored(db, game["id"])
    assert status == "unfinished" and len(history) == game["ply"]
    with Store(db) as store:  # only a hash of the token is kept
        (token_hash,) = store.db.execute("SELECT token_hash FROM seats WHERE game = ?", (game["id"],)).fetchone()
    assert token_hash != tokens[0] and tokens[0] not in json.dumps(client.get(f"/api/games/{game['id']}").json())
    # the same seed deals the same dice
    again, _ = create(client)
    assert again["view"] == game["view"] and again["id"] != game["id"]


@pytest.mark.parametrize(("body", "words"), [
    ({"game": "chess"}, "Unknown game"),
    ({"game": "ufs", "params": {"citty": "roswell"}}, "citty"),
    ({"game": "ufs", "params": {"threat": 9}}, "threat"),
    ({"game": "ufs", "params": {"city": "atlantis"}}, "atlantis"),
    ({"game": "ufs", "seed": "seven"}, "seed"),
    ({"game": "ufs", "seed": True}, "seed"),
    ({"game": "ufs", "seed": -1}, "seed"),
    ({"game": "ufs", "colour": "red"}, "colour"),
    ({"game": "ufs-pnp", "params": {"level": 8}}, "level"),
    ({"game": "monstros", "params": {"deck": "/etc/passwd"}}, "deck"),
    ({"game": "monstros", "params": {"players": 2}, "seats": [{"kind": "person"}]}, "seats"),
    ({"game": "monstros", "params": {"players": 2},
      "seats": [{"kind": "person"}, {"kind": "ai", "agent": "os:system"}]}, "agent"),
    ({"game": "monstros", "params": {"players": 2}, "seats": [{"kind": "ai"}, {"kind": "ai"}]}, "person"),
    ({"game": "monstros", "params": {"players": 2}, "seats": [{"kind": "robot"}, {"kind": "person"}]}, "kind"),
    ({"params": {}}, "game"),
])
def test_bad_new_games_are_refused_with_a_message(client: TestClient, body: dict[str, Any], words: str) -> None:
    assert words.lower() in error_of(client.post("/api/games", json=body), 400)["error"].lower()
    assert client.get("/api/games").json()["games"] == []


def test_malformed_json_and_bodies(client: TestClient) -> None:
    r = client.post("/api/games", content="{not json", headers={"Content-Type": "application/json"})
    assert "JSON" in error_of(r, 400)["error"]
    error_of(client.post("/api/games", json=["ufs"]), 400)
    error_of(client.post("/api/games?lang=xx", json=UFS), 400)


# --- moves ------------------------------------------------------------------------------------------------

def test_a_move_is_stored_before_the_answer(client: TestClient, db: Path) -> None:
    game, tokens = create(client)
    r = move(client, game, tokens[0])
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["ply"] > game["ply"] and after["new"] and all(e["ply"] >= game["ply"] for e in after["new"])
    assert after["new"][0]["text"]
    assert after["delta"] is True and after["since"] == game["ply"]
    history, status, updated = stored(db, game["id"])
    assert len(history) == after["ply"] and status == "unfinished" and updated
    assert client.get(f"/api/games/{game['id']}").json()["ply"] == after["ply"]
    # by notation too
    notation = after["moves"][0]["notation"]
    r = client.post(f"/api/games/{game['id']}/moves", json={"ply": after["ply"], "notation": notation},
                    headers={"X-Seat-Token": tokens[0]})
    assert r.status_code == 200 and r.json()["ply"] > after["ply"]


def test_refused_moves_change_nothing(client: TestClient, db: Path) -> None:
    game, tokens = create(client)
    gid = game["id"]
    before = stored(db, gid)[0]
    legal = {m["id"] for m in game["moves"]}
    illegal = next(a for a in range(360) if a not in legal)  # a placement the rules refuse here
    assert error_of(move(client, game, None), 403)["rule"] == "seat token"
    error_of(move(client, game, "not-a-token"), 403)
    assert error_of(move(client, game, tokens[0], ply=game["ply"] - 1), 409)["rule"] == "stale move"
    refusal = error_of(move(client, game, tokens[0], action=illegal), 422)
    assert refusal["rule"]  # the engine names the rule
    error_of(move(client, game, tokens[0], action=10**6), 422)
    headers = {"X-Seat-Token": tokens[0]}
    error_of(client.post(f"/api/games/{gid}/moves", json={"ply": game["ply"], "action": "G3c1"}, headers=headers), 400)
    error_of(client.post(f"/api/games/{gid}/moves", json={"ply": game["ply"]}, headers=headers), 400)
    error_of(client.post(f"/api/games/{gid}/moves", json={"ply": game["ply"], "action": 1, "notation": "x"},
                         headers=headers), 400)
    error_of(client.post(f"/api/games/{gid}/moves", json={"ply": game["ply"], "notation": "fly away"},
                         headers=headers), 400)
    error_of(client.post(f"/api/games/{gid}/moves", content="[",
                         headers={**headers, "Content-Type": "application/json"}), 400)
    error_of(client.post(f"/api/games/{gid}/moves", json={"ply": True, "action": 1}, headers=headers), 400)
    assert stored(db, gid)[0] == before
    now = client.get(f"/api/games/{gid}").json()
    assert now["ply"] == game["ply"] and now["moves"] == game["moves"] and now["view"] == game["view"]


def test_unknown_games_are_404_everywhere(client: TestClient) -> None:
    for method, path, body in [("GET", "/api/games/77", None), ("GET", "/api/games/77/preview?action=1", None),
                               ("POST", "/api/games/77/moves", {"ply": 0, "action": 1}),
                               ("POST", "/api/games/77/undo", {"ply": 0}), ("GET", "/api/games/77/hint", None),
                               ("GET", "/api/games/77/export", None), ("GET", "/api/games/77/events", None),
                               ("GET", "/api/games/77/qr?seat=0&token=x", None)]:
        r = client.request(method, path, json=body, headers={"X-Seat-Token": "x"})
        assert error_of(r, 404)["error"] == "There is no game 77", path
    # a game's id is a number: any other word names no game, and no route (the schema fuzz wants a 405 for a
    # method a path lacks, so /api/games/import must not be read as a game id)
    assert "Nothing is at /api/games/seven" in error_of(client.get("/api/games/seven"), 404)["error"]
    assert error_of(client.get("/api/games/import"), 405) and client.get("/api/games/import").headers["Allow"] == "POST"
    error_of(client.get(f"/api/games/{10**30}"), 404)
    error_of(client.get("/api/games/-1"), 404)


def test_preview_narrates_what_a_move_would_do(client: TestClient) -> None:
    game, _ = create(client)
    first = game["moves"][0]
    r = client.get(f"/api/games/{game['id']}/preview", params={"action": first["id"]})
    assert r.status_code == 200
    events = r.json()["events"]
    assert events and all(e["text"] for e in events) and r.json()["notation"] == first["notation"]
    assert r.json()["text"]  # the move's effect in one line, as the terminal's hint says it
    legal = {m["id"] for m in game["moves"]}
    error_of(client.get(f"/api/games/{game['id']}/preview", params={"action": next(a for a in range(360)
                                                                                 if a not in legal)}), 422)
    error_of(client.get(f"/api/games/{game['id']}/preview", params={"action": "x"}), 400)
    assert client.get(f"/api/games/{game['id']}").json()["ply"] == game["ply"]  # a preview plays nothing


def test_a_preview_that_arrives_after_the_move_is_stale_not_an_error(client: TestClient) -> None:
    game, tokens = create(client)
    first = game["moves"][0]["id"]
    url = f"/api/games/{game['id']}/preview"
    now = client.get(url, params={"action": first, "ply": game["ply"]})
    assert now.status_code == 200 and now.json()["stale"] is False and now.json()["events"]
    after = move(client, game, tokens[0], action=first).json()
    assert after["ply"] > game["ply"]
    # the hover was sent for the position before the move: answered 200 with nothing to tell
    late = client.get(url, params={"action": first, "ply": game["ply"]})
    assert late.status_code == 200 and late.json() == {"action": first, "ply": game["ply"], "events": [],
                                                         "stale": True}
    # at the current ply an illegal move is still refused with the rule
    legal = {m["id"] for m in after["moves"]}
    illegal = next(a for a in range(360) if a not in legal)
    error_of(client.get(url, params={"action": illegal, "ply": after["ply"]}), 422)
    error_of(client.get(url, params={"action": first, "ply": "x"}), 400)


def apply_answer(held: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    """A move's answer applied to the game held, as the page does it (static/game/delta.js)."""
    assert answer["delta"] is True and answer["since"] == held["ply"] and answer["log_from"] == len(held["log"])
    changed = {k: v for k, v in answer.items() if k not in ("delta", "since", "log_from", "kept", "view", "new")}
    view = {k: held["view"][k] for k in answer["kept"]} | answer["view"]
    return held | changed | {"view": view, "log": held["log"] + answer["new"]}


WHOLE_ONLY = {"game", "params", "seed", "title", "setup", "board", "notes", "campaign", "log", "tokens", "host"}


@pytest.mark.parametrize("spec", [UFS, {"game": "ufs-pnp", "params": {}},
                                  {"game": "monstros", "params": {"players": 2}}])
def test_a_moves_answer_carries_what_changed_and_gives_the_whole_game_when_applied(
        client: TestClient, spec: dict[str, Any]) -> None:
    game, tokens = create(client, spec, seed=4)
    held = client.get(f"/api/games/{game['id']}", headers={"X-Seat-Token": tokens[0]}).json()
    for turn in range(25):
        if held["status"] != "playing" or not held["moves"]:
            break
        token = tokens[held["to_move"]]
        r = client.post(f"/api/games/{game['id']}/moves", json={"ply": held["ply"], "action": held["moves"][-1]["id"]},
                        headers={"X-Seat-Token": token})
        answer = r.json()
        # nothing that cannot change, and not the whole log again
        assert not WHOLE_ONLY & set(answer), sorted(WHOLE_ONLY & set(answer))
        assert answer["kept"] and not set(answer["kept"]) & set(answer["view"])
        assert len(r.content) < len(client.get(f"/api/games/{game['id']}", headers={"X-Seat-Token": token}).content)
        whole = client.get(f"/api/games/{game['id']}", headers={"X-Seat-Token": token}).json()
        held = apply_answer(held, answer)
        assert {k: v for k, v in held.items() if k != "new"} == whole, f"turn {turn}"
        if held["status"] == "playing" and not held["moves"] and held["to_move"] in tokens:
            held = client.get(f"/api/games/{game['id']}", headers={"X-Seat-Token": tokens[held["to_move"]]}).json()


def test_a_click_the_rules_refuse_is_explained_when_asked(client: TestClient) -> None:
    game, tokens = create(client)
    url = f"/api/games/{game['id']}/refusal"
    legal = {m["notation"] for m in game["moves"]}
    letter = game["view"]["edition"]["letters"]["dice"][0]
    die = next(d for d in game["view"]["dice"] if d["kind"] == "plain")
    # every space for the first plain die: a legal move, or the engine's reason with its rule
    reasons = {}
    for space in game["view"]["base"]["spaces"]:
        notation = f"{letter}{die['value']}{space['space']}"
        why = client.get(url, params={"notation": notation, "ply": game["ply"]}).json()
        assert why["stale"] is False and why["legal"] == (notation in legal), notation
        if not why["legal"]:
            assert why["error"] and why["rule"] and why["rule_text"] == why["rule"], why
            reasons[notation] = why
    assert reasons
    # in the page's language, the rule's name too
    notation, why = next(iter(reasons.items()))
    pt = client.get(url, params={"notation": notation, "lang": "pt"}).json()
    assert pt["rule"] == why["rule"] and pt["rule_text"] != why["rule"] and pt["error"] != why["error"]
    # a click sent for a position that is gone: nothing to tell; unreadable notation: 400
    after = move(client, game, tokens[0]).json()
    late = client.get(url, params={"notation": notation, "ply": game["ply"]}).json()
    assert late["stale"] is True and late["legal"] is None and late["ply"] == game["ply"]
    error_of(client.get(url, params={"notation": "fly away", "ply": after["ply"]}), 400)
    assert client.get(f"/api/games/{game['id']}").json()["ply"] == after["ply"]  # asking plays nothing


def test_texts_come_in_the_language_asked_for(client: TestClient) -> None:
    import soloboard
    from soloboard.i18n import use
    from soloboard.ufs import narrate

    game, _ = create(client)
    state = soloboard.load_game("ufs", **game["params"]).new_initial_state()
    for lang in ("en", "pt", "cs"):
        page = client.get(f"/api/games/{game['id']}?lang={lang}").json()
        assert page["ply"] == game["ply"] and page["moves"][0]["id"] == game["moves"][0]["id"]
        with use(lang):  # the narrator's own words in that language (the catalog's translations)
            assert [e["text"] for e in page["log"]] == [narrate.sentence(e["event"], state.game) for e in page["log"]]


# --- undo -------------------------------------------------------------------------------------------------

def test_undo_goes_back_to_the_last_decision_with_the_same_dice(client: TestClient, db: Path) -> None:
    game, tokens = create(client)
    gid = game["id"]
    headers = {"X-Seat-Token": tokens[0]}
    assert error_of(client.post(f"/api/games/{gid}/undo", json={"ply": game["ply"]}, headers=headers), 409)
    after = move(client, game, tokens[0]).json()
    assert after["can_undo"] is True
    error_of(client.post(f"/api/games/{gid}/undo", json={"ply": after["ply"]}), 403)
    error_of(client.post(f"/api/games/{gid}/undo", json={"ply": game["ply"]}, headers=headers), 409)
    r = client.post(f"/api/games/{gid}/undo", json={"ply": after["ply"]}, headers=headers)
    assert r.status_code == 200, r.text
    back = r.json()
    assert back["ply"] == game["ply"] and back["view"] == game["view"] and back["moves"] == game["moves"]
    assert back["log"] == game["log"]
    assert stored(db, gid)[0] == stored(db, gid)[0][:game["ply"]] and len(stored(db, gid)[0]) == game["ply"]
    again = move(client, back, tokens[0]).json()
    assert again["view"] == after["view"]  # the same move after an undo meets the same dice


# --- seats, co-operative play and isolation -------------------------------------------------------------

def test_a_seat_token_moves_only_its_own_seat_on_its_turn(client: TestClient, db: Path) -> None:
    game, tokens = create(client, {"game": "monstros", "params": {"players": 3}}, seed=4)
    assert sorted(tokens) == [0, 1, 2]
    gid = game["id"]
    seat = game["to_move"]
    other = (seat + 1) % 3
    before = stored(db, gid)[0]
    refusal = error_of(move(client, game, tokens[other]), 403)
    # people count seats from 1 (the API's seats from 0)
    assert refusal["rule"] == "turn order"
    assert f"seat {seat + 1}'s turn, not seat {other + 1}'s" in refusal["error"]
    assert stored(db, gid)[0] == before and client.get(f"/api/games/{gid}").json()["ply"] == game["ply"]
    error_of(client.post(f"/api/games/{gid}/undo", json={"ply": game["ply"]},
                         headers={"X-Seat-Token": tokens[seat]}), 409)  # co-operative: no undo
    # the seat to move plays until another seat's turn comes; that seat's token then works
    state = game
    for _ in range(60):
        if state["to_move"] != seat:
            break
        r = move(client, state, tokens[seat])
        assert r.status_code == 200, r.text
        state = r.json()
    assert state["to_move"] != seat and state["status"] == "playing"
    # the seat that moved is given no moves now; the seat to move is given its own
    assert state["moves"] == []
    mover = client.get(f"/api/games/{gid}", headers={"X-Seat-Token": tokens[state["to_move"]]}).json()
    assert mover["moves"]
    error_of(move(client, mover, tokens[seat]), 403)
    assert move(client, mover, tokens[mover["to_move"]]).status_code == 200
    # a token of another game opens nothing here
    _, foreign = create(client, {"game": "monstros", "params": {"players": 3}}, seed=4)
    error_of(move(client, client.get(f"/api/games/{gid}").json(), foreign[0], action=0), 403)


def test_ai_seats_play_by_themselves(client: TestClient) -> None:
    spec = {"game": "monstros", "params": {"players": 2},
            "seats": [{"kind": "person"}, {"kind": "ai", "agent": "greedy"}]}
    game, tokens = create(client, spec, seed=2)
    assert list(tokens) == [0] and game["seats"][1] == {"seat": 1, "kind": "ai", "agent": "greedy"}
    state = game
    for _ in range(40):
        assert state["to_move"] in (0, None)  # never waiting for the AI seat
        if state["status"] != "playing":
            break
        state = move(client, state, tokens[0]).json()
    log = client.get(f"/api/games/{game['id']}").json()["log"]
    kinds = {e["event"].get("seat") for e in log if e["kind"] == "turn_started"}
    assert 1 in kinds  # the AI seat had turns


def test_concurrent_games_do_not_disturb_each_other(client: TestClient) -> None:
    def play(seed: int) -> list[int]:
        game, tokens = create(client, seed=seed)
        game = play_randomly(client, game, tokens[0], random.Random(seed), 12)
        return [game["id"], game["ply"], json.dumps(game["view"], sort_keys=True)]

    alone = [play(seed)[1:] for seed in (11, 12)]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(play, [11, 12, 11, 12]))
    assert [t[1:] for t in together] == alone * 2
    assert len({t[0] for t in together}) == 4


def test_requests_on_one_game_are_serialised(client: TestClient, db: Path) -> None:
    game, tokens = create(client)
    with ThreadPoolExecutor(6) as pool:
        answers = list(pool.map(lambda m: move(client, game, tokens[0], action=m["id"]).status_code,
                                game["moves"][:6]))
    assert sorted(answers) == [200] + [409] * 5  # one move wins; the others were sent for a stale position
    now = client.get(f"/api/games/{game['id']}").json()
    assert len(stored(db, game["id"])[0]) == now["ply"]


# --- restart, files ------------------------------------------------------------------------------------------

def test_a_new_server_on_the_same_file_resumes_the_game(db: Path) -> None:
    with TestClient(create_app(db)) as first:
        game, tokens = create(first, {"game": "monstros", "params": {"players": 2}}, seed=5)
        seat = game["to_move"]
        assert move(first, game, tokens[seat]).status_code == 200
        game = first.get(f"/api/games/{game['id']}", headers={"X-Seat-Token": tokens[seat]}).json()
    with TestClient(create_app(db)) as second:
        resumed = second.get(f"/api/games/{game['id']}", headers={"X-Seat-Token": tokens[seat]}).json()
        assert resumed["ply"] == game["ply"] and resumed["view"] == game["view"]
        assert resumed["moves"] == game["moves"] and resumed["log"] == game["log"]
        mover = tokens[resumed["to_move"]]
        r = move(second, second.get(f"/api/games/{game['id']}", headers={"X-Seat-Token": mover}).json(), mover)
        assert r.status_code == 200
        listed = second.get("/api/games").json()["games"]
        assert [(g["id"], g["game"], g["status"], g["ply"]) for g in listed] == [
            (game["id"], "monstros", "playing", r.json()["ply"])]


def claim(client: TestClient, game_id: int, seat: int, token: str | None) -> httpx.Response:
    return client.post(f"/api/games/{game_id}/seats/{seat}/claim", headers={"X-Seat-Token": token} if token else {})


def test_joining_on_another_device_takes_the_seat_from_the_host(client: TestClient, db: Path) -> None:
    game, tokens = create(client, {"game": "monstros", "params": {"players": 2}}, seed=4)
    gid, host = game["id"], game["host"]
    assert host and host not in tokens.values()
    # the guest opens seat 2's join link: a fresh token; the host's copy stops opening the seat
    r = claim(client, gid, 1, tokens[1])
    assert r.status_code == 200, r.text
    guest = r.json()["token"]
    assert r.json()["seat"] == 1 and guest != tokens[1]
    check = client.post(f"/api/games/{gid}/seats/check", json={"tokens": {"0": tokens[0], "1": tokens[1]},
                                                                "host": host}).json()
    assert check == {"seats": {"0": True, "1": False}, "host": True}
    state = client.get(f"/api/games/{gid}", headers={"X-Seat-Token": tokens[0]}).json()
    if state["to_move"] == 0:  # seat 1 plays on until seat 2's turn
        while state["to_move"] == 0:
            state = move(client, state, tokens[0]).json()
    assert state["to_move"] == 1
    state = client.get(f"/api/games/{gid}", headers={"X-Seat-Token": guest}).json()
    assert error_of(move(client, state, tokens[1]), 403)["rule"] == "seat token"  # the host's old token
    error_of(claim(client, gid, 1, tokens[1]), 403)  # the same link twice: used
    error_of(client.get(f"/api/games/{gid}/hint", headers={"X-Seat-Token": tokens[1]}), 403)
    assert move(client, state, guest).status_code == 200  # the guest's token plays
    # kept in the store: a restarted server knows the new token, and not the old one
    with TestClient(create_app(db)) as again:
        resumed = again.get(f"/api/games/{gid}").json()
        assert again.post(f"/api/games/{gid}/seats/check", json={"tokens": {"1": guest}}).json()["seats"] == {"1": True}
        assert again.post(f"/api/games/{gid}/seats/check", json={"tokens": {"1": tokens[1]}, "host": host}).json() == {
            "seats": {"1": False}, "host": True}
        assert resumed["ply"] > state["ply"]
    # the seat's holder passes it on: claiming with its own token rotates it again
    passed = claim(client, gid, 1, guest).json()["token"]
    assert passed != guest
    assert client.post(f"/api/games/{gid}/seats/check", json={"tokens": {"1": guest}}).json()["seats"] == {"1": False}


def test_the_host_invites_again_and_nobody_else_can(client: TestClient) -> None:
    game, tokens = create(client, {"game": "monstros", "params": {"players": 3}}, seed=4)
    gid, host = game["id"], game["host"]
    guest = claim(client, gid, 1, tokens[1]).json()["token"]
    url = f"/api/games/{gid}/seats/1/invite"
    # another seat's holder, an old token, no token: refused
    for token in (tokens[2], tokens[1], None):
        error_of(client.post(url, headers={"X-Seat-Token": token} if token else {}), 403)
    error_of(client.post(f"/api/games/{gid}/seats/9/invite", headers={"X-Seat-Token": host}), 400)
    invite = client.post(url, headers={"X-Seat-Token": host}).json()
    assert invite["join"] == f"/join/{gid}?seat=1&token={invite['token']}"
    # an invitation opens nothing until it is claimed; its QR code is served
    assert client.get(f"/api/games/{gid}/qr", params={"seat": 1, "token": invite["token"]}).status_code == 200
    error_of(client.get(f"/api/games/{gid}/qr", params={"seat": 2, "token": invite["token"]}), 403)
    assert client.post(f"/api/games/{gid}/seats/check", json={"tokens": {"1": invite["token"]}}).json()["seats"] == {
        "1": False}
    assert client.post(f"/api/games/{gid}/seats/check", json={"tokens": {"1": guest}}).json()["seats"] == {"1": True}
    # the seat's holder may invite too; the later invitation replaces the earlier one
    later = client.post(url, headers={"X-Seat-Token": guest}).json()["token"]
    error_of(claim(client, gid, 1, invite["token"]), 403)
    phone = claim(client, gid, 1, later).json()["token"]
    checked = client.post(f"/api/games/{gid}/seats/check", json={"tokens": {"1": guest, "2": tokens[2]}}).json()
    assert checked == {"seats": {"1": False, "2": True}, "host": False}
    assert client.post(f"/api/games/{gid}/seats/check", json={"tokens": {"1": phone}}).json()["seats"] == {"1": True}
    error_of(claim(client, gid, 0, host), 403)  # the host token invites; it does not take a seat itself


def test_a_claimed_seat_is_told_on_the_live_stream() -> None:
    import asyncio

    from soloboard.web.live import Live

    async def never() -> bool:
        return False

    async def run() -> list[tuple[str | None, Any]]:
        live, got = Live(), []

        async def consume() -> None:
            async for ev in live.stream(1, 5, never):
                got.append((ev.event, ev.data))
                if len(got) == 3:
                    break

        task = asyncio.create_task(consume())
        await asyncio.sleep(0.05)
        live.publish_seat(1, 1)
        live.publish(1, 6)
        live.publish(1, 7)
        await asyncio.wait_for(task, 5)
        return got

    assert asyncio.run(run()) == [("state", {"ply": 5}), ("seat", {"seat": 1}), ("state", {"ply": 7})]


def test_the_set_up_in_words_and_moves_counted_as_decisions(client: TestClient) -> None:
    game, tokens = create(client, {"game": "ufs", "params": {"city": "new-york", "side": "damaged", "threat": 1}})
    assert game["setup"] == "City: New York · City side: damaged · Threat level: 1"
    assert game["decisions"] == 0 < game["ply"]  # the dice rolled at the start are no move
    after = move(client, game, tokens[0]).json()
    assert after["decisions"] == 1
    listed = next(g for g in client.get("/api/games").json()["games"] if g["id"] == game["id"])
    assert listed["decisions"] == 1 < listed["ply"] and listed["setup"] == game["setup"]
    cs = client.get(f"/api/games/{game['id']}?lang=cs").json()["setup"]
    assert cs != game["setup"] and "New York" in cs
    mon, _ = create(client, {"game": "monstros", "params": {"players": 2, "difficulty": "epico"}})
    assert mon["setup"] == "Players: 2 · Difficulty: Epic"  # the board says the same (monstros.game.difficulty_name)


def test_export_then_import_gives_the_same_game(client: TestClient) -> None:
    game, tokens = create(client)
    assert move(client, game, tokens[0]).status_code == 200
    game = client.get(f"/api/games/{game['id']}").json()
    r = client.get(f"/api/games/{game['id']}/export")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    save = r.json()
    assert save["format"] == "soloboard-state" and save["dice_seed"] == 1 and len(save["history"]) == game["ply"]
    r = client.post("/api/games/import", content=r.content, headers={"Content-Type": "application/json"})
    assert r.status_code == 201, r.text
    copy = r.json()
    assert copy["id"] != game["id"] and copy["ply"] == game["ply"] and copy["view"] == game["view"]
    new_tokens = {t["seat"]: t["token"] for t in copy["tokens"]}
    error_of(move(client, copy, tokens[0]), 403)  # the copy has seats of its own
    a = move(client, game, tokens[0]).json()
    b = move(client, copy, new_tokens[0]).json()
    assert a["view"] == b["view"]  # the same seed: the same dice after the same move


def test_export_keeps_the_ai_seats(client: TestClient) -> None:
    spec = {"game": "monstros", "params": {"players": 2},
            "seats": [{"kind": "ai", "agent": "random"}, {"kind": "person"}]}
    game, _ = create(client, spec, seed=9)
    save = client.get(f"/api/games/{game['id']}/export").json()
    assert save["ai_seats"] == [0] and save["ai_agents"] == {"0": "random"}
    copy = client.post("/api/games/import", content=json.dumps(save)).json()
    assert copy["seats"] == game["seats"] and [t["seat"] for t in copy["tokens"]] == [1]


def test_an_ai_seat_not_told_its_agent_gets_the_strongest(client: TestClient) -> None:
    """An AI seat without an agent, at creation or in an imported save that does not name one (a
    terminal's save from before ``ai_agents``), is played by the default agent, mcts."""
    spec = {"game": "monstros", "params": {"players": 2}, "seats": [{"kind": "person"}, {"kind": "ai"}]}
    game, _ = create(client, spec, seed=9)
    assert game["seats"][1] == {"seat": 1, "kind": "ai", "agent": "mcts"}
    save = client.get(f"/api/games/{game['id']}/export").json()
    del save["ai_agents"]
    copy = client.post("/api/games/import", content=json.dumps(save)).json()
    assert copy["seats"][1] == {"seat": 1, "kind": "ai", "agent": "mcts"}


def test_a_game_from_a_set_up_position_survives_a_restart_and_undo(db: Path) -> None:
    from conftest import position_payload

    puzzle = json.dumps(position_payload(gray=[3, 5], white=[6]))
    with TestClient(create_app(db)) as first:
        r = first.post("/api/games/import", content=puzzle)
        assert r.status_code == 201, r.text
        game = r.json()
        token = game["tokens"][0]["token"]
        assert game["ply"] == 0 and game["moves"]
        after = move(first, game, token).json()
        assert after["ply"] == 1
    with TestClient(create_app(db)) as second:
        resumed = second.get(f"/api/games/{game['id']}").json()
        changing = {k: v for k, v in resumed["view"].items() if k not in after["kept"]}
        assert resumed["ply"] == 1 and changing == after["view"] and resumed["moves"] == after["moves"]
        back = second.post(f"/api/games/{game['id']}/undo", json={"ply": 1}, headers={"X-Seat-Token": token})
        assert back.status_code == 200, back.text
        assert back.json()["view"] == game["view"]  # back to the puzzle, not to an empty table


@pytest.mark.parametrize("corrupt", [
    "not json at all",
    json.dumps({"format": "something-else"}),
    "__EDITED__",
    "__ILLEGAL__",
    "__DECK__",
    "\udcff",
])
def test_corrupt_imports_are_refused_and_change_nothing(client: TestClient, corrupt: str) -> None:
    game, _ = create(client)
    save = client.get(f"/api/games/{game['id']}/export").json()
    if corrupt == "__EDITED__":
        save["position"]["damage"] = 5
        corrupt = json.dumps(save)
    elif corrupt == "__ILLEGAL__":
        save["history"] = [*save["history"], 10**6]
        save.pop("position")
        corrupt = json.dumps(save)
    elif corrupt == "__DECK__":
        monstros = client.post("/api/games", json={"game": "monstros", "seed": 1}).json()
        save = client.get(f"/api/games/{monstros['id']}/export").json()
        save["params"]["deck"] = "/etc/passwd"
        corrupt = json.dumps(save)
    listed = client.get("/api/games").json()["games"]
    body = corrupt.encode("utf-8", "surrogateescape")
    error_of(client.post("/api/games/import", content=body, headers={"Content-Type": "application/json"}), 400)
    assert client.get("/api/games").json()["games"] == listed


# --- hint, QR, stats, setup ---------------------------------------------------------------------------------

def test_hint_gives_the_best_moves_with_their_chances(client: TestClient) -> None:
    game, tokens = create(client)
    error_of(client.get(f"/api/games/{game['id']}/hint"), 403)  # only the device that holds the seat
    error_of(client.get(f"/api/games/{game['id']}/hint", headers={"X-Seat-Token": "nope"}), 403)
    r = client.get(f"/api/games/{game['id']}/hint", headers={"X-Seat-Token": tokens[0]})
    assert r.status_code == 200, r.text
    moves = r.json()["moves"]
    legal = {m["id"]: m["notation"] for m in game["moves"]}
    assert 1 <= len(moves) <= 3
    for m in moves:
        assert legal[m["id"]] == m["notation"] and 0 <= m["win"] <= 1 and m["text"]
        # an interval only where the game's calibration gives an honest one; else none at all
        assert (m["low"] is None) == (m["high"] is None)
        if m["low"] is not None:
            assert 0 <= m["low"] <= m["win"] <= m["high"] <= 1
    assert r.json()["calibrated"] is True


def test_an_uncalibrated_games_hint_gives_its_moves_without_a_chance(client: TestClient) -> None:
    """No map was fitted on the 9-card edition with the later edition's energy rule: the search's raw
    estimate is no chance, so none is sent."""
    game, tokens = create(client, {"game": "ufs-pnp", "params": {"level": 3, "energy_rule": "add"}}, seed=3)
    r = client.get(f"/api/games/{game['id']}/hint", headers={"X-Seat-Token": tokens[0]})
    assert r.status_code == 200, r.text
    assert r.json()["calibrated"] is False
    moves = r.json()["moves"]
    assert 1 <= len(moves) <= 3
    for m in moves:
        assert m["win"] is None and m["low"] is None and m["high"] is None and m["text"] and m["notation"]


def test_a_hint_is_only_for_the_seat_to_move(client: TestClient) -> None:
    game, tokens = create(client, {"game": "monstros", "params": {"players": 2}}, seed=4)
    seat = game["to_move"]
    refusal = error_of(client.get(f"/api/games/{game['id']}/hint", headers={"X-Seat-Token": tokens[1 - seat]}), 403)
    assert refusal["rule"] == "turn order"


def test_qr_code_of_a_join_link(client: TestClient) -> None:
    import xml.etree.ElementTree as ET

    game, tokens = create(client, {"game": "monstros", "params": {"players": 2}})
    r = client.get(f"/api/games/{game['id']}/qr", params={"seat": 1, "token": tokens[1]})
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    root = ET.fromstring(r.content)  # a standalone SVG document: an <img> shows it
    assert root.tag == "{http://www.w3.org/2000/svg}svg" and int(root.get("width", "0")) >= 100
    assert root.find("{http://www.w3.org/2000/svg}path") is not None
    error_of(client.get(f"/api/games/{game['id']}/qr", params={"seat": 0, "token": tokens[1]}), 403)
    error_of(client.get(f"/api/games/{game['id']}/qr", params={"seat": 0}), 400)


def test_finished_games_stats_and_setup(client: TestClient, db: Path) -> None:
    game, tokens = create(client, {"game": "ufs", "params": {"city": "roswell", "threat": 0}}, seed=3)
    rng = random.Random(3)
    for _ in range(600):
        if game["status"] != "playing":
            break
        r = move(client, game, tokens[0], action=rng.choice(game["moves"])["id"])
        assert r.status_code == 200, r.text
        game = r.json()
    assert game["status"] in ("won", "lost") and game["result"] and game["moves"] == [] and game["to_move"] is None
    assert stored(db, game["id"])[1] == game["status"]
    error_of(move(client, client.get(f"/api/games/{game['id']}").json() | {"moves": [{"id": 0}]}, tokens[0]), 409)
    with Store(db) as store:  # a report's series of this setup (its params written the report's short way)
        sid = store.series_id("ufs", {"city": "roswell", "threat": 0}, "greedy", 0)
        store.add_games(sid, [GameRow(0, True, 9, 80, "", [], 0.1), GameRow(1, False, 5, 40, "x", [], 0.1)])
    people = client.get("/api/stats").json()["people"]
    assert [(p["game"], p["games"], p["wins"]) for p in people] == [("ufs", 1, int(game["status"] == "won"))]
    setup = client.get("/api/setup", params={"game": "ufs", "params": json.dumps({"threat": 0})}).json()
    assert setup["measured"] == [{"agent": "greedy", "games": 2, "wins": 1, "rate": 0.5,
                                  "low": setup["measured"][0]["low"], "high": setup["measured"][0]["high"]}]
    assert setup["stars"] == 0 and setup["stars_text"]
    def setup_of(params: dict[str, Any]) -> dict[str, Any]:
        return client.get("/api/setup", params={"game": "ufs", "params": json.dumps(params)}).json()

    assert setup_of({"threat": 3})["stars"] == 3
    assert setup_of({"threat": 1})["measured"] == []
    error_of(client.get("/api/setup", params={"game": "ufs", "params": "{threat"}), 400)
    error_of(client.get("/api/setup", params={"game": "go"}), 400)
    error_of(client.get("/api/setup", params={"game": "ufs", "params": json.dumps({"threat": 7})}), 400)


# --- live updates over a real server -------------------------------------------------------------------------

def test_live_update_reaches_another_device_and_the_server_stops_promptly(tmp_path: Path) -> None:
    with loadtest.server(tmp_path / "live.sqlite3") as address:
        http = httpx.Client(base_url=address, trust_env=False, timeout=20)
        game = http.post("/api/games", json={"game": "monstros", "params": {"players": 2}, "seed": 3}).json()
        tokens = {t["seat"]: t["token"] for t in game["tokens"]}
        heard: list[str] = []
        opened = threading.Event()

        def watch() -> None:
            with httpx.Client(base_url=address, trust_env=False, timeout=20) as w, \
                    w.stream("GET", f"/api/games/{game['id']}/events") as r:
                assert r.headers["content-type"].startswith("text/event-stream")
                for line in r.iter_lines():
                    if line.startswith("data:"):
                        heard.append(line)
                        opened.set()
                        if len(heard) == 2:
                            return

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        assert opened.wait(15)
        after = http.post(f"/api/games/{game['id']}/moves", json={"ply": game["ply"], "action": game["moves"][0]["id"]},
                          headers={"X-Seat-Token": tokens[game["to_move"]]}).json()
        watcher.join(15)
        assert [json.loads(h[5:]) for h in heard] == [{"ply": game["ply"]}, {"ply": after["ply"]}]
        # a stream left open must not hold the server up when it stops (checked by the context's exit)
        stream = httpx.Client(base_url=address, trust_env=False, timeout=20)
        held = stream.send(stream.build_request("GET", f"/api/games/{game['id']}/events"), stream=True)
        start = time.monotonic()
    assert time.monotonic() - start < 8
    held.close()


def test_the_servers_connections_do_not_wait_for_acks() -> None:
    """uvicorn sends a response's head and body apart: with Nagle's algorithm on, each answer
    waited 40 ms for the client's delayed ACK. The listening socket must let asyncio turn it off."""
    import asyncio
    import socket

    from soloboard.web.app import listen

    sock = listen("127.0.0.1", 0)

    async def accepted_nodelay() -> int:
        found: asyncio.Future[int] = asyncio.get_running_loop().create_future()

        def connected(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            found.set_result(writer.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        server = await asyncio.start_server(connected, sock=sock)
        _, writer = await asyncio.open_connection(*sock.getsockname()[:2])
        value = await asyncio.wait_for(found, 10)
        writer.close()
        server.close()
        return value

    assert asyncio.run(accepted_nodelay()) != 0


# --- the command, the store, the load test -------------------------------------------------------------------

def test_serve_refuses_a_corrupt_store_with_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_text("this is not a database")
    assert main(["serve", "--db", str(junk)]) == 2
    assert "cannot be used as the soloboard store" in capsys.readouterr().err


V1_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE series (id INTEGER PRIMARY KEY, game TEXT NOT NULL, params TEXT NOT NULL, agent TEXT NOT NULL,
    seed TEXT NOT NULL, UNIQUE (game, params, agent, seed));
CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, params TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('agent', 'person')), player TEXT NOT NULL, seed TEXT,
    status TEXT NOT NULL CHECK (status IN ('won', 'lost', 'unfinished')), rounds INTEGER, decisions INTEGER,
    loss_cause TEXT NOT NULL DEFAULT '', history TEXT, seconds REAL, created_at TEXT NOT NULL, software TEXT NOT NULL,
    series_id INTEGER REFERENCES series(id), series_index INTEGER, UNIQUE (series_id, series_index));
CREATE INDEX games_by_setup ON games (game, params, player);
CREATE TABLE runs (id INTEGER PRIMARY KEY, command TEXT NOT NULL, software TEXT NOT NULL, started_at TEXT NOT NULL,
    seconds REAL, games INTEGER);
INSERT INTO meta VALUES ('schema_version', '1');
INSERT INTO series VALUES (1, 'ufs', '{"city":"roswell","threat":0}', 'greedy', '0');
INSERT INTO games VALUES (1, 'ufs', '{"city":"roswell","threat":0}', 'agent', 'greedy', '0:0', 'won', 9, 80, '',
    '[1,2]', 0.5, '2026-01-01T00:00:00+0000', '0.1.0', 1, 0);
"""


def test_a_schema_1_store_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "v1.sqlite3"
    with sqlite3.connect(path) as con:
        con.executescript(V1_SCHEMA)
    with TestClient(create_app(path)) as client:
        game, _ = create(client)
        assert client.get("/api/setup", params={"game": "ufs", "params": "{}"}).json()["measured"][0]["games"] == 1
    with sqlite3.connect(path) as con:
        assert con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0] == str(SCHEMA_VERSION)
        columns = {r[1] for r in con.execute("PRAGMA table_info(games)")}
        assert "updated_at" in columns
        assert con.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 2  # the old game is kept
        # the person's seat, and the host token's row (seat -1)
        assert [r[0] for r in con.execute("SELECT seat FROM seats WHERE game = ? ORDER BY seat", (game["id"],))] == [
            -1, 0]
    with Store(path) as store:  # the report's view of the store is unchanged: only finished games have histories
        assert [g["history"] for g in store.histories("ufs")] == [[1, 2]]


def test_loadtest_plays_games_over_http(capsys: pytest.CaptureFixture[str]) -> None:
    assert loadtest.main(["--games", "3", "--moves", "4", "--think", "0", "--seconds", "3"]) == 0
    out = capsys.readouterr().out
    assert "offered load: 3 games (mix) played at once for 3 s" in out and "no think time (saturated)" in out
    # a table whose game has made its 4 moves starts a new one: the load holds for the whole run
    created = int(re.search(r"(\d+) games created", out).group(1))  # type: ignore[union-attr]
    moves = int(re.search(r"(\d+) moves in", out).group(1))  # type: ignore[union-attr]
    assert created > 3 and moves > 12 and "0 errors" in out
    assert re.search(r"median [\d.]+ ms, p95 [\d.]+ ms, p99 [\d.]+ ms", out) and "game creation under that load" in out
    # the server's own work, apart from the queue on a shared machine: its processor time per move
    spent = re.search(r"server processor time: ([\d.]+) s, ([\d.]+) ms per move", out)
    assert spent and float(spent.group(1)) > 0 and float(spent.group(2)) > 0, out


def test_the_load_tests_processor_time_counts_the_processes_under_the_server() -> None:
    import subprocess
    import sys
    import time

    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    assert loadtest.cpu_seconds(ended.pid) is None
    # a parent that only waits while a process of its own computes (as a server's workers would)
    parent = subprocess.Popen([sys.executable, "-c", "import subprocess, sys, time; subprocess.run([sys.executable, "
                               "'-c', 'sum(range(40_000_000))']); time.sleep(60)"])
    try:
        deadline = time.monotonic() + 60
        counted = 0.0
        while counted < 0.3 and time.monotonic() < deadline:
            time.sleep(0.2)
            counted = loadtest.cpu_seconds(parent.pid) or 0.0
        assert counted >= 0.3, counted
    finally:
        parent.kill()
        parent.wait()


def test_saved_games_are_titled_in_the_language_asked(client: TestClient) -> None:
    # a setup's title was once kept from the first request, in that request's language
    create(client, {"game": "ufs", "params": {"city": "roswell", "threat": 1}})

    def title(lang: str) -> str:
        return client.get("/api/games", params={"lang": lang}).json()["games"][0]["title"]

    assert title("en") == "Roswell (blue side), threat 1"
    assert title("cs") == "Roswell (modrá strana), ohrožení 1"
    assert title("en") == "Roswell (blue side), threat 1"


# --- integrity and bad input: bounds, finished games, seats' moves, files ---------------------------------------

def play_randomly(client: TestClient, game: dict[str, Any], token: str, rng: random.Random,
                  moves: int) -> dict[str, Any]:
    """Up to ``moves`` random legal moves (fewer if the game ends); the game's last JSON."""
    for _ in range(moves):
        if game["status"] != "playing":
            break
        r = move(client, game, token, action=rng.choice(game["moves"])["id"])
        assert r.status_code == 200, r.text
        game = r.json()
    return game


def play_to_the_end(client: TestClient, seed: int = 3) -> tuple[dict[str, Any], str]:
    game, tokens = create(client, {"game": "ufs", "params": {"city": "roswell", "threat": 0}}, seed=seed)
    game = play_randomly(client, game, tokens[0], random.Random(seed), 600)
    assert game["status"] in ("won", "lost")
    return game, tokens[0]


def test_setup_refuses_deeply_nested_params_with_the_bound(client: TestClient) -> None:
    deep = "[" * 5000 + "]" * 5000
    r = client.get("/api/setup", params={"game": "ufs", "params": deep})
    assert "4000 characters" in error_of(r, 400)["error"]  # too long a query to be parameters
    r = client.get("/api/setup", params={"game": "ufs", "params": "[" * 1500 + "]" * 1500})
    assert "deeper than 4 levels" in error_of(r, 400)["error"]
    r = client.get("/api/setup", params={"game": "ufs", "params": json.dumps({"threat": [[[[[0]]]]]})})
    assert "deeper than 4 levels" in error_of(r, 400)["error"]
    r = client.get("/api/setup", params={"game": "ufs", "params": json.dumps({"city": "r" * 201})})
    assert "201 characters; at most 200" in error_of(r, 400)["error"]
    assert client.get("/api/setup", params={"game": "ufs", "params": json.dumps({"threat": 2})}).json()["stars"] == 2


@pytest.mark.parametrize(("path", "body", "words"), [
    ("/api/games", '{"game": "ufs", "params": {"x": ' + "[" * 5000 + "]" * 5000 + "}}", "nested too deeply"),
    ("/api/games", '{"game": "ufs", "params": {"x": ' + "[" * 400 + "]" * 400 + "}}", "at most 4"),
    ("/api/games", json.dumps({"game": "ufs", "params": {"city": "r" * 201}}), "at most 200"),
    ("/api/games", json.dumps({"game": "ufs", "params": {"x": list(range(65))}}), "at most 64"),
    ("/api/games", json.dumps({"game": "u" * 65}), "at most 64 characters"),
    ("/api/games", json.dumps({**UFS, "seats": [{"kind": "person"}] * 17}), "at most 16"),
    ("/api/games", "[" * 5000 + "]" * 5000, "nested too deeply"),
    ("/api/games/1/moves", json.dumps({"ply": 0, "notation": "G" * 201}), "at most 200 characters"),
    ("/api/games/1/seats/check", json.dumps({"tokens": {"0": "t" * 65}}), "at most 64 characters"),
])
def test_every_field_is_bounded_and_the_refusal_names_the_bound(client: TestClient, path: str, body: str,
                                                                words: str) -> None:
    create(client)
    r = client.post(path, content=body, headers={"Content-Type": "application/json"})
    assert words in error_of(r, 400)["error"]
    assert len(client.get("/api/games").json()["games"]) == 1


def test_the_schema_states_the_bounds(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    models = schema["components"]["schemas"]
    assert models["MoveBody"]["properties"]["notation"]["anyOf"][0]["maxLength"] == 200
    assert models["NewGame"]["properties"]["game"]["maxLength"] == 64
    assert "nested at most 4 levels" in models["NewGame"]["properties"]["params"]["description"]
    assert models["NewCampaign"]["properties"]["name"]["maxLength"] == 60
    assert "'/'" in models["NewCampaign"]["properties"]["name"]["description"]
    rename = next(p for p in schema["paths"]["/api/campaigns/import"]["post"]["parameters"] if p["name"] == "rename")
    assert rename["schema"]["maxLength"] == 60
    header = next(p for p in schema["paths"]["/api/games/{game_id}/moves"]["post"]["parameters"]
                  if p["name"] == "X-Seat-Token")
    assert header["schema"]["anyOf"][0]["maxLength"] == 64
    assert "4200000 bytes" in schema["info"]["description"]


def test_a_body_too_large_for_any_request_is_refused_at_once(client: TestClient) -> None:
    def chunks() -> Any:
        for _ in range(50):
            yield b"x" * 100_000

    r = client.post("/api/games/import", content=b"x" * 4_300_000)
    assert "4200000 bytes" in error_of(r, 413)["error"]
    r = client.post("/api/games", content=chunks(), headers={"Content-Type": "application/json"})
    assert "4200000 bytes" in error_of(r, 413)["error"]
    assert client.get("/api/games").json()["games"] == []


def test_a_finished_game_cannot_be_undone_and_its_result_stays(client: TestClient, db: Path) -> None:
    game, token = play_to_the_end(client)
    assert game["can_undo"] is False
    stats = client.get("/api/stats").json()["people"]
    r = client.post(f"/api/games/{game['id']}/undo", json={"ply": game["ply"]}, headers={"X-Seat-Token": token})
    refusal = error_of(r, 409)
    assert refusal["rule"] == "finished game" and "cannot be undone" in refusal["error"]
    history, status, _updated = stored(db, game["id"])
    assert status == game["status"] and len(history) == game["ply"]
    listed = client.get("/api/games").json()["games"]
    assert [(g["id"], g["status"]) for g in listed] == [(game["id"], game["status"])]
    assert client.get("/api/stats").json()["people"] == stats
    assert client.get(f"/api/games/{game['id']}").json()["status"] == game["status"]


def test_a_seat_is_given_only_its_own_moves(client: TestClient) -> None:
    game, tokens = create(client, {"game": "monstros", "params": {"players": 2}}, seed=5)
    gid, seat = game["id"], game["to_move"]
    other = 1 - seat

    def page(token: str | None) -> dict[str, Any]:
        return client.get(f"/api/games/{gid}", headers={"X-Seat-Token": token} if token else {}).json()

    assert page(tokens[seat])["moves"]
    assert page(tokens[other])["moves"] == []  # not its turn: no buttons that would answer 403
    assert page(None)["moves"] == []  # a page that holds no seat of a co-operative game
    assert page(tokens[other])["to_move"] == seat  # it still sees whose turn it is
    # a game of one person: its one seat's moves (with its token or without, as a watching page)
    solo, _tokens = create(client)
    assert client.get(f"/api/games/{solo['id']}").json()["moves"] == solo["moves"] != []


@pytest.mark.parametrize("seed", ["abc", 1.5, True, -1, 2**63, [1]])
def test_an_import_with_a_bad_dice_seed_is_refused(client: TestClient, seed: Any) -> None:
    game, _ = create(client)
    save = client.get(f"/api/games/{game['id']}/export").json()
    save["dice_seed"] = seed
    refusal = error_of(client.post("/api/games/import", content=json.dumps(save)), 422)
    assert "'dice_seed' must be a whole number" in refusal["error"] and refusal["rule"] == "dice seed"
    assert len(client.get("/api/games").json()["games"]) == 1
    save.pop("dice_seed")  # no seed at all: a new game's random dice
    assert client.post("/api/games/import", content=json.dumps(save)).status_code == 201


def test_an_import_never_opens_a_file_named_in_the_save(client: TestClient, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from soloboard.monstros import cards
    from soloboard.monstros import game as monstros_game

    opened: list[str] = []

    def spy(path: Any) -> Any:
        opened.append(str(path))
        raise ValueError("a deck file was opened")

    monkeypatch.setattr(monstros_game, "deck_from_path", spy)
    monkeypatch.setattr(cards, "load_deck_file", spy)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    monstros = client.post("/api/games", json={"game": "monstros", "seed": 1}).json()
    save = client.get(f"/api/games/{monstros['id']}/export").json()
    answers = []
    for path in ("/etc/passwd", str(fifo), str(tmp_path / "missing.json")):
        save["params"]["deck"] = path
        r = client.post("/api/games/import", content=json.dumps(save))
        answers.append((r.status_code, r.json()))
    assert opened == []
    # the same answer whatever the path: nothing tells whether it exists
    assert answers == [(400, {"error": answers[0][1]["error"], "rule": "deck file", "rule_text": "deck file"})] * 3
    assert "--deck FILE" in answers[0][1]["error"]
    error_of(client.post("/api/games", json={"game": "monstros", "params": {"deck": str(fifo)}}), 400)
    error_of(client.get("/api/setup", params={"game": "monstros", "params": json.dumps({"deck": str(fifo)})}), 400)
    assert opened == [] and len(client.get("/api/games").json()["games"]) == 1


def test_a_hints_move_sent_after_the_game_moved_on_is_stale(client: TestClient) -> None:
    game, tokens = create(client)
    headers = {"X-Seat-Token": tokens[0]}
    hint = client.get(f"/api/games/{game['id']}/hint", headers=headers).json()
    after = move(client, game, tokens[0]).json()
    assert after["ply"] != hint["ply"]
    r = client.post(f"/api/games/{game['id']}/moves", json={"ply": hint["ply"], "action": hint["moves"][0]["id"]},
                    headers=headers)
    assert error_of(r, 409)["rule"] == "stale move"
    assert client.get(f"/api/games/{game['id']}").json()["ply"] == after["ply"]


def test_a_deep_body_is_refused_whatever_the_recursion_limit(client: TestClient) -> None:
    """The depth is read from the text, not from the parser giving up: code that raised the interpreter's
    recursion limit (a library, a test run) must not let a 5,000-deep body through."""
    import sys

    from soloboard.core.saves import text_nesting, too_deep

    assert text_nesting('{"a": "[[[[", "b": [[1], {"c": "\\\\\\"]]"}]}') == 3  # brackets in strings do not count
    assert not too_deep("[" * 10 + "]" * 10, 10) and too_deep("[" * 11 + "]" * 11, 10)
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(100_000)
    try:
        r = client.post("/api/games", content='{"game": "ufs", "params": {"x": ' + "[" * 5000 + "]" * 5000 + "}}",
                        headers={"Content-Type": "application/json"})
    finally:
        sys.setrecursionlimit(old)
    assert "nested too deeply" in error_of(r, 400)["error"]
