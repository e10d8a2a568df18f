"""The one store on both its backends: every test here runs on SQLite and on PostgreSQL
(``store_target``, tests/conftest.py), through the same class and the same API."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from soloboard.core.store import SCHEMA_VERSION, GameRow, Store, StoreError
from soloboard.core.store_pg import is_url, pg_sql, shown
from soloboard.ufs.campaign.procedure import CampaignError
from soloboard.ufs.campaign.repository import CampaignRepository

RESULT = {"history": [1, 2], "status": "unfinished", "rounds": 1, "decisions": 1}


def person_game(store: Store, campaign: dict[str, Any] | None = None) -> int:
    seats = [{"seat": 0, "kind": "person", "token_hash": "a"}, {"seat": 1, "kind": "ai", "agent": "greedy"},
             {"seat": -1, "kind": "person", "agent": "host", "token_hash": "h"}]
    return store.add_person_game("ufs", {"city": "roswell"}, 2**63 - 1, seats, RESULT, campaign=campaign)


def test_a_new_store_is_at_the_current_schema_and_opens_again(store_target: Any) -> None:
    with Store(store_target) as store:
        assert store._version() == SCHEMA_VERSION
        assert {"version"} <= store._columns("web_games") and {"invite_hash"} <= store._columns("seats")
    with Store(store_target) as again:  # opening an existing store creates nothing twice
        assert again._version() == SCHEMA_VERSION and again.person_list() == []


def test_person_games_round_trip_with_their_seats_and_the_largest_seed(store_target: Any) -> None:
    with Store(store_target) as store:
        gid = person_game(store)
        row = store.person_game(gid)
        assert row is not None and row["seed"] == 2**63 - 1 and row["version"] == 0 and row["history"] == [1, 2]
        assert [(s["seat"], s["kind"], s["token_hash"]) for s in row["seats"]] == [
            (-1, "person", "h"), (0, "person", "a"), (1, "ai", None)]
        listed = store.person_list()
        assert [(g["id"], g["ply"], g["campaign"]) for g in listed] == [(gid, 2, False)]


def test_a_write_over_a_stale_version_changes_nothing(store_target: Any) -> None:
    """Optimistic concurrency: two processes read version 0; the first write wins, the second is refused
    and the store keeps the first's game."""
    with Store(store_target) as first, Store(store_target) as second:
        gid = person_game(first)
        assert first.update_person_game(gid, {**RESULT, "history": [1, 2, 3]}, version=0) == 1
        assert second.update_person_game(gid, {**RESULT, "history": [1, 2, 9]}, version=0) is None
        assert second.person_game(gid)["history"] == [1, 2, 3]  # type: ignore[index]
        assert second.person_version(gid) == 1
        # the seats are versioned with the game: a claim over a stale version is refused too
        assert second.set_seat_token(gid, 0, "b", version=0) is None
        assert second.set_seat_invite(gid, 0, "i", version=1) == 2
        assert first.set_seat_token(gid, 0, "b", version=2) == 3
        seat = next(s for s in first.person_game(gid)["seats"] if s["seat"] == 0)  # type: ignore[index]
        assert seat["token_hash"] == "b" and seat["invite_hash"] is None  # a claimed link opens nothing more
        assert first.person_marks([gid, gid + 1]) == {gid: (3, 3, ("b", None))}


def test_racing_writers_one_wins_each_version(store_target: Any) -> None:
    """Threads with their own connections write over the same version at once: exactly one wins."""
    with Store(store_target) as store:
        gid = person_game(store)

    def write(n: int, version: int, barrier: threading.Barrier, wins: list[int]) -> None:
        with Store(store_target) as mine:
            barrier.wait()
            if mine.update_person_game(gid, {**RESULT, "history": [n]}, version=version) is not None:
                wins.append(n)

    for version in range(3):
        wins: list[int] = []
        barrier = threading.Barrier(4)
        threads = [threading.Thread(target=write, args=(n, version, barrier, wins)) for n in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(wins) == 1
        with Store(store_target) as store:
            assert store.person_game(gid)["history"] == wins  # type: ignore[index]
            assert store.person_version(gid) == version + 1


def test_deleting_restoring_and_purging(store_target: Any) -> None:
    with Store(store_target) as store:
        gid, other = person_game(store), person_game(store)
        assert store.delete_game(gid, 100.5) and not store.delete_game(gid, 101.0)
        assert store.person_version(gid) is None and store.person_game(gid) is None
        assert [g["id"] for g in store.person_list(deleted=True)] == [gid]
        assert store.next_purge() == 100.5
        assert store.restore_game(gid, 100.0) and store.person_version(gid) == 0
        assert store.delete_game(gid, 200.0) and store.purge_deleted(300.0) == 1
        assert store.person_game(gid) is None and store.next_purge() is None
        assert [g["id"] for g in store.person_list()] == [other]


def test_campaigns_and_their_games(store_target: Any) -> None:
    from soloboard.ufs.campaign.procedure import Campaign

    with Store(store_target) as store:
        repo = CampaignRepository(store)
        repo.add(Campaign.new("Summer", threat=1, seed=3))
        campaign, revision = repo.load("summer")  # the name, case aside
        assert campaign.name == "Summer" and repo.names() == ["Summer"]
        repo.save(campaign, revision)
        with pytest.raises(CampaignError, match="changed elsewhere"):
            repo.save(campaign, revision + 5)
        gid = person_game(store, {"name": "Summer", "battle": 1, "game": 2, "sides": {}})
        assert store.campaign_web_game("Summer", 1, 2) == gid and store.campaign_web_game("Summer", 1, 1) is None
        assert store.delete_campaign("Summer", 50.0) == [gid] and store.person_game(gid) is None
        assert store.restore_campaign("Summer", 40.0) and store.person_game(gid) is not None
        assert store.remove_campaign("Summer") == 1 and repo.names() == []


def test_series_runs_and_results(store_target: Any) -> None:
    with Store(store_target) as store:
        sid = store.series_id("ufs", {"threat": 1}, "greedy", 7)
        assert store.series_id("ufs", {"threat": 1}, "greedy", 7) == sid  # INSERT OR IGNORE: the same series
        rows = [GameRow(i, i % 2 == 0, 5, 30, "" if i % 2 == 0 else "city destroyed", [1, 2, 3], 0.1,
                        [(0, 0.5)]) for i in range(3)]
        assert store.add_games(sid, rows) == 3 and store.add_games(sid, rows) == 0
        assert store.done_indices(sid) == {0, 1, 2}
        assert store.series_results("ufs") == [{"game": "ufs", "params": {"threat": 1}, "agent": "greedy",
                                                "games": 3, "wins": 2}]
        assert [g["won"] for g in store.series_games(sid, 2)] == [True, False]
        assert store.series_estimates(sid)[0] == (0, True, [[0, 0.5]])
        assert len(list(store.histories("ufs"))) == 3
        with store.run("soloboard report ufs") as info:
            info["games"] = 3
        assert store.db.execute("SELECT command, games FROM runs").fetchall() == [("soloboard report ufs", 3)]
        # people's results are counted apart
        gid = person_game(store)
        store.update_person_game(gid, {**RESULT, "status": "won"})
        assert store.person_results() == [{"game": "ufs", "params": {"city": "roswell"}, "games": 1, "wins": 1}]


def test_what_postgresql_spells_differently() -> None:
    assert is_url("postgresql://u@h/db") and is_url("postgres://h/db") and not is_url("store.sqlite3")
    assert pg_sql("SELECT a FROM t WHERE b = ? AND c LIKE '%x'") == "SELECT a FROM t WHERE b = %s AND c LIKE '%%x'"
    assert pg_sql("INSERT OR IGNORE INTO t (a) VALUES (?)") == "INSERT INTO t (a) VALUES (%s) ON CONFLICT DO NOTHING"
    assert shown("postgresql://me:secret@host/db") == "postgresql://me:***@host/db"


def test_an_unreachable_database_is_a_store_error_with_the_password_hidden(tmp_path: Any) -> None:
    url = f"postgresql://me:secret@/db?host={tmp_path}&connect_timeout=2"
    with pytest.raises(StoreError, match="PostgreSQL store") as refused:
        Store(url)
    assert "secret" not in str(refused.value)
