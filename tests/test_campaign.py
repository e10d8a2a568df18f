"""The campaign procedure, rule by rule, as the boxed rulebook gives it (chapter "Kampaň" of the
Czech rulebook; the Portuguese "Campanha" and Polish "Kampania" say the same). Each test quotes
the rule it checks. The component names and chapters are copied here from the package's data
(``ufs/data/campaign/boxed.json``); nothing reads ``../shared``."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from soloboard.core.errors import IllegalActionError
from soloboard.core.store import Store
from soloboard.ufs.campaign import Campaign, CampaignError, files, sheet
from soloboard.ufs.campaign.repository import CampaignRepository

CHAPTER_1 = {
    "scenario": {"battle-for-the-sky", "evacuation", "reinforcements", "satellites"},
    "city": {"havana", "mexico-city", "montreal", "rio-de-janeiro"},
    "character": {"clinton-harper", "lucia-ortega", "jackson-moss", "samantha-legrand"},
}
CHAPTER_2_CITIES = {"beijing", "cairo", "johannesburg", "london", "moscow", "paris"}


def new(seed: int = 11, threat: int = 1) -> Campaign:
    return Campaign.new("Test campaign", seed=seed, threat=threat)


def kinds(c: Campaign) -> list[str]:
    return [r["kind"] for r in c.records]


def play_battle(c: Campaign, pile: int, results: list[str]) -> None:
    c.choose(pile)
    for result in results:
        c.set_up_game()
        c.record(result)


# --- a new campaign and the two piles ----------------------------------------------------

def test_new_campaign_has_a_name_and_opens_chapter_1_with_two_piles() -> None:
    """"Vymysli jí název" and "Vytvoř tedy s použitím nových komponent 2 hromádky. Do každé
    náhodně vylosuj jeden scénář, jedno město a jednu postavu." """
    c = new()
    assert c.name == "Test campaign"
    assert kinds(c) == ["campaign_started", "chapter_opened", "piles_dealt"]
    assert c.chapter == 1 and c.phase == "choose"
    assert c.piles is not None and len(c.piles) == 2
    for pile in c.piles:
        assert set(pile) == {"scenario", "city", "character"}
        for kind, cid in pile.items():
            assert cid in CHAPTER_1[kind]
    assert c.piles[0] != c.piles[1] and not set(c.piles[0].values()) & set(c.piles[1].values())
    with pytest.raises(IllegalActionError, match="name"):
        Campaign.new("   ", seed=1)


def test_piles_are_random_draws_from_the_seed() -> None:
    """"náhodně vylosuj": different seeds deal different piles; every chapter-1 component turns
    up in the first pile for some seed."""
    seen: Counter[str] = Counter()
    for seed in range(60):
        c = new(seed)
        assert c.piles is not None
        seen.update(c.piles[0].values())
    assert set(seen) == set().union(*CHAPTER_1.values())
    assert new(5).piles == new(5).piles


def test_choosing_a_pile_removes_the_other() -> None:
    """"Poté, co si zvolíš jednu z hromádek, všechny komponenty z druhé odstraň." """
    c = new()
    assert c.piles is not None
    chosen, other = dict(c.piles[1]), dict(c.piles[0])
    c.choose(2)
    assert set(c.removed()) == set(other.values())
    b = c.battle
    assert b is not None and (b.scenario, b.city, b.character) == (chosen["scenario"], chosen["city"],
                                                                   chosen["character"])
    with pytest.raises(IllegalActionError, match="pile"):
        c.choose(1)  # no piles now: the battle is on


@pytest.mark.parametrize("bad", [0, 3, "x", ""])
def test_only_pile_1_or_2(bad: object) -> None:
    c = new()
    before = list(c.records)
    with pytest.raises(IllegalActionError) as exc:
        c.choose(bad)  # type: ignore[arg-type]
    assert exc.value.rule.startswith("campaign: choosing the battle")
    assert c.records == before


# --- the battle -------------------------------------------------------------------------

def test_first_game_blue_side_at_the_threat_level_and_a_win_saves_the_city() -> None:
    """"Odehraj první hru. [...] Jestliže jsi vyhrál, zapiš do rámečku úroveň ohrožení - počet
    destiček oblohy otočených na těžší stranu." and "Jestliže se ti podařilo bitvu vyhrát,
    ulož si zachráněné město na později." """
    c = new(threat=2)
    c.choose(1)
    b = c.battle
    assert b is not None
    c.set_up_game()
    g = c.game
    assert g is not None and g.side == "blue" and g.threat == 2
    assert len(g.sky) == 4 and g.sky.count("T") == 2  # "otoč tolik náhodných destiček oblohy na těžší stranu"
    c.record("won")
    assert b.games[0].box == "2" and b.city_fate == "saved"
    assert c.kept("city") == [b.city]
    assert len(b.games) == 1  # a won first game ends the battle


def test_a_loss_gives_a_second_game_on_the_damaged_side_with_the_sky_drawn_again() -> None:
    """"Pokud jsi prohrál, rámeček proškrtni X." "druhou hru odehraj s poškozenou stranou
    města. Opět náhodně vyber, které destičky oblohy otočíš na těžší stranu. Použij stejný
    scénář i postavu." """
    skies_differ = False
    for seed in range(12):
        c = new(seed, threat=2)
        c.choose(1)
        b = c.battle
        assert b is not None
        c.set_up_game()
        c.record("X")
        assert b.games[0].box == "X" and not b.over and c.phase == "set_up"
        c.set_up_game()
        first, second = b.games
        assert second.side == "damaged" and second.threat == 2 and second.sky.count("T") == 2
        assert (b.scenario, b.character) == (c.battle.scenario, c.battle.character)  # type: ignore[union-attr]
        skies_differ |= first.sky != second.sky
        c.record("won")
        assert b.games[1].box == "2" and b.city_fate == "saved"
    assert skies_differ  # drawn again, not copied


def test_a_city_lost_twice_is_destroyed_and_the_scenario_leaves_and_the_character_continues() -> None:
    """"Město, které se ti nepodaří zachránit ani na druhý pokus, bylo zničeno a také se
    odstraní." "Poté, co dohraješ bitvu, odstraň odehraný scénář." "Ať už bitvu vyhraješ,
    nebo ne, postava s tebou v každém případě pokračuje v kampani." """
    c = new()
    c.choose(1)
    b = c.battle
    assert b is not None
    c.set_up_game()
    c.record("lost")
    c.set_up_game()
    c.record("lost")
    assert b.city_fate == "destroyed"
    assert b.city in c.removed() and b.scenario in c.removed()
    assert b.character in c.team and b.character not in c.removed()
    assert [r["kind"] for r in c.records[-2:]] == ["battle_ended", "piles_dealt"]


def test_the_scenario_leaves_after_a_won_battle_too() -> None:
    c = new()
    play_battle(c, 1, ["won"])
    b = c.battles[0]
    assert b.scenario in c.removed() and b.city not in c.removed() and b.character in c.team


def test_result_refusals() -> None:
    c = new(threat=3)
    with pytest.raises(IllegalActionError, match="record a result"):
        c.record("won")  # no game set up
    c.choose(1)
    with pytest.raises(IllegalActionError):
        c.record("won")
    c.set_up_game()
    with pytest.raises(IllegalActionError, match="threat level 3"):
        c.record("2")  # the box holds the level the game was played at
    with pytest.raises(IllegalActionError, match="won, lost"):
        c.record("maybe")
    with pytest.raises(IllegalActionError, match="record"):
        c.set_up_game()  # one game at a time
    c.record("3")
    assert c.battles[0].games[0].won is True


def test_second_battle_from_the_chapters_remaining_components() -> None:
    """"Teď sestav další 2 náhodné hromádky ze zbylých komponent 1. kapitoly." """
    c = new()
    play_battle(c, 1, ["won"])
    assert c.phase == "choose" and c.chapter == 1
    first = c.battles[0]
    assert c.piles is not None
    used = {first.scenario, first.city, first.character} | set(c.removed())
    for pile in c.piles:
        for kind, cid in pile.items():
            assert cid in CHAPTER_1[kind] and cid not in used


def test_chapters_follow_each_other_and_chapter_2_leaves_two_cities_in_the_box() -> None:
    """Chapter 1 holds two battles (4 of each kind); chapter 2 brings 6 cities, so 2 stay in
    the box (what the chapter sheets do with them is not known: the UI says so)."""
    c = new(3)
    for _ in range(2):
        play_battle(c, 1, ["won"])
    assert c.chapter == 2 and c.left_in_box == {1: []}
    assert c.piles is not None and {p["city"] for p in c.piles} <= CHAPTER_2_CITIES
    for _ in range(2):
        play_battle(c, 2, ["lost", "won"])
    assert c.chapter == 3
    assert len(c.left_in_box[2]) == 2 and set(c.left_in_box[2]) <= CHAPTER_2_CITIES
    assert any("stayed in the box" in n for n in sheet.notes(c))


def test_chapter_4_the_final_battle_in_a_city_still_in_the_campaign_then_the_end() -> None:
    c = new(4)
    for _ in range(6):
        play_battle(c, 1, ["lost", "lost"])  # every city destroyed
    assert c.chapter == 4 and c.phase == "name_city" and c.piles is None
    assert any("Final Battle" in n for n in sheet.notes(c))
    destroyed = c.battles[0].city
    with pytest.raises(IllegalActionError, match="left the campaign"):
        c.name_city(c.name_of(destroyed))
    choices = {x["id"] for x in sheet.city_choices(c)}
    assert destroyed not in choices and {"roswell", "new-york", "washington"} <= choices
    c.name_city("Roswell")
    b = c.battle
    assert b is not None and b.scenario == "the-final-battle" and b.character is None
    assert b.team == c.team and len(b.team) == 6  # every character continued
    c.set_up_game()
    c.record("won")
    assert c.ended and c.phase == "over" and kinds(c)[-1] == "campaign_ended"
    with pytest.raises(IllegalActionError, match="over"):
        c.set_threat(2)


# --- characters and the threat level --------------------------------------------------------

def test_upgrade_only_after_the_chapter_the_character_was_met_in() -> None:
    """Polish: "Gracz używa niebieskiej strony postaci w rozdziale, w którym spotyka ją po raz
    pierwszy. W późniejszych rozdziałach używa jej ulepszonej strony." """
    c = new(8)
    play_battle(c, 1, ["won"])
    met = c.battles[0].character
    assert met is not None
    with pytest.raises(IllegalActionError) as exc:
        c.upgrade(c.name_of(met))
    assert "chapter 1" in str(exc.value) and exc.value.rule.startswith("campaign: characters")
    play_battle(c, 1, ["won"])
    assert c.chapter == 2
    assert any("upgrade" in n for n in sheet.notes(c))
    c.upgrade(c.name_of(met).split()[0])  # a first name is enough
    assert met in c.upgraded and sheet.character_side(c, met) == "upgraded"
    with pytest.raises(IllegalActionError, match="already"):
        c.upgrade(met)
    assert c.piles is not None
    stranger = c.piles[0]["character"]
    with pytest.raises(IllegalActionError, match="not in your campaign"):
        c.upgrade(stranger)
    removed_character = next(x for x in c.removed() if c.box.get(x).kind == "character")
    with pytest.raises(IllegalActionError):
        c.upgrade(removed_character)


def test_threat_level_changes_between_games_not_during_one() -> None:
    """"není problém si úroveň ohrožení upravit i během kampaně" """
    c = new(threat=1)
    c.set_threat(3)
    c.choose(1)
    c.set_up_game()
    assert c.game is not None and c.game.threat == 3
    with pytest.raises(IllegalActionError, match="result first"):
        c.set_threat(0)
    c.record("lost")
    c.set_threat(0)
    c.set_up_game()
    assert c.game is not None and c.game.threat == 0 and c.game.sky == "EEEE"
    for bad in (-1, 5, "2", True):
        with pytest.raises(IllegalActionError, match="0 to 4"):
            c.set_threat(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="already"):
        Campaign.new("x", seed=1, threat=2).set_threat(2)


# --- journal, reproducibility, undo -----------------------------------------------------------

def test_the_journal_records_every_draw_choice_and_result() -> None:
    c = new()
    play_battle(c, 2, ["lost", "won"])
    assert kinds(c) == ["campaign_started", "chapter_opened", "piles_dealt", "pile_chosen", "game_set_up",
                        "game_result", "game_set_up", "game_result", "battle_ended", "piles_dealt"]
    assert [r["by"] for r in c.records] == ["player", "campaign", "campaign", "player", "player", "player",
                                           "player", "player", "campaign", "campaign"]
    lines = sheet.journal_lines(c)
    assert len(lines) == len(c.records) and "lost [X]" in lines[5] and "won [1]" in lines[7]


def test_same_seed_same_steps_same_campaign() -> None:
    def run() -> list[dict[str, object]]:
        c = new(21, threat=2)
        play_battle(c, 1, ["lost", "lost"])
        play_battle(c, 2, ["won"])
        return [{k: v for k, v in r.items() if k != "at"} for r in c.records]

    assert run() == run()


def test_undo_takes_back_the_last_record_and_cannot_redraw() -> None:
    c = new(31, threat=2)
    c.choose(1)
    c.set_up_game()
    sky, seed = c.game.sky, c.game.dice_seed  # type: ignore[union-attr]
    gone = c.undo()
    assert [r["kind"] for r in gone] == ["game_set_up"] and c.game is None
    c.set_up_game()
    assert (c.game.sky, c.game.dice_seed) == (sky, seed)  # type: ignore[union-attr]
    c.record("won")
    piles = c.piles
    gone = c.undo()  # the result and the campaign's own steps after it
    assert [r["kind"] for r in gone] == ["game_result", "battle_ended", "piles_dealt"]
    assert c.phase == "playing" and c.piles is None
    c.record("won")
    assert c.piles == piles  # dealt again: the same piles
    c.undo()
    c.undo()
    c.undo()  # the choice
    assert c.phase == "choose" and c.battle is None and not c.removed()
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        c.undo()


# --- files ----------------------------------------------------------------------------------

def played() -> Campaign:
    c = new(41, threat=1)
    play_battle(c, 1, ["lost", "won"])
    c.set_threat(2)
    play_battle(c, 2, ["lost", "lost"])
    c.choose(1)
    return c


def test_export_import_round_trip(tmp_path: pytest.TempPathFactory) -> None:
    c = played()
    path = files.export(c, tmp_path / "c.json")  # type: ignore[operator]
    data = json.loads(path.read_text())
    assert data["format"] == "soloboard-campaign" and data["version"] == 1
    back = files.read(path)
    assert back.records == c.records
    assert sheet.status(back) == sheet.status(c)
    assert sheet.sheet_text(back) == sheet.sheet_text(c)


def _corrupt(mutate: object) -> str:
    data = json.loads(files.dumps(played()))
    mutate(data)  # type: ignore[operator]
    return json.dumps(data)


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda d: d.update(format="other"), "not a soloboard campaign file"),
    (lambda d: d.update(version=99), "newer soloboard"),
    (lambda d: d.pop("records"), "no list of records"),
    (lambda d: d["records"][2]["piles"].reverse(), "not what the campaign's seed"),
    (lambda d: d["records"][4].update(sky="TTTT"), "sky tiles are not the ones"),
    (lambda d: d["records"][5].update(box="3"), "X for a loss"),
    (lambda d: d["records"].__delitem__(slice(-2, None)), "cut short"),  # the last piles dealt, and the choice
    (lambda d: d["records"].pop(8), "record 9"),
    (lambda d: d["records"][3].update(pile=3), "pile 1 or 2"),
    (lambda d: d["records"][0].update(threat=9), "0 to 4"),
    (lambda d: d["records"].insert(3, {"kind": "explode", "by": "player"}), "cannot be written by"),
    (lambda d: d["records"].insert(3, {"kind": "chapter_opened", "by": "player", "chapter": 3, "new": []}),
     "cannot be written by"),
    (lambda d: d["records"][5].update(by="campaign"), "record 6 .game_result. is not what"),
])
def test_corrupt_files_are_refused_with_a_clear_message(mutate: object, message: str) -> None:
    with pytest.raises(CampaignError, match=message):
        files.loads(_corrupt(mutate))


def test_not_json_is_refused() -> None:
    with pytest.raises(CampaignError, match="not valid JSON"):
        files.loads("{oops")
    with pytest.raises(CampaignError, match="cannot read"):
        files.read("/nonexistent/campaign.json")


# --- the store ------------------------------------------------------------------------------

def test_repository_keeps_campaigns_and_refuses_a_stale_save(tmp_path: pytest.TempPathFactory) -> None:
    with Store(tmp_path / "s.sqlite3") as store:  # type: ignore[operator]
        repo = CampaignRepository(store)
        repo.add(new(1))
        repo.add(Campaign.new("Other", seed=2))
        with pytest.raises(CampaignError, match="exists already"):
            repo.add(Campaign.new("other", seed=3))
        assert repo.resolve(None) == "Other"  # the one played last
        c, rev = repo.load("test CAMPAIGN")
        c.choose(1)
        rev2 = repo.save(c, rev)
        stale, _ = repo.load("Test campaign")
        stale.set_up_game()
        c.set_threat(3)
        repo.save(c, rev2)
        with pytest.raises(CampaignError, match="changed elsewhere"):
            repo.save(stale, rev2)
        again, _ = repo.load("Test campaign")
        assert again.records == c.records and again.threat == 3
        assert [s.name for s in repo.summaries()] == ["Test campaign", "Other"]
        with pytest.raises(CampaignError, match="no campaign called"):
            repo.load("nope")


def test_the_service_front_ends_call(tmp_path: pytest.TempPathFactory) -> None:
    from soloboard.ufs.campaign.service import CampaignService

    with Store(tmp_path / "s.sqlite3") as store:  # type: ignore[operator]
        svc = CampaignService(store)
        v = svc.create("Web", seed=9, threat=2)
        assert v["status"]["phase"] == "choose" and len(v["status"]["piles"]) == 2
        assert [j["kind"] for j in v["journal"]] == ["campaign_started", "chapter_opened", "piles_dealt"]
        v = svc.step("Web", "choose", 2, revision=v["revision"])
        v = svc.step("Web", "set_up", revision=v["revision"])
        assert v["status"]["game"]["mode"] == "companion" and v["status"]["game"]["threat"] == 2
        assert not v["digital"] and len(v["unknown"]) == 3
        assert json.loads(json.dumps(v)) == v  # JSON-ready for a web API
        with pytest.raises(CampaignError, match="changed since"):
            svc.step("Web", "record", "won", revision=v["revision"] - 1)
        with pytest.raises(IllegalActionError):
            svc.step("Web", "choose", 1)
        v = svc.step("Web", "record", "X")
        assert v["status"]["battle"]["games"][0]["box"] == "X"
        v = svc.step("Web", "undo")
        assert v["status"]["phase"] == "playing"
        with pytest.raises(ValueError, match="unknown campaign step"):
            svc.step("Web", "cheat")
        doc = svc.export("Web")
        v2 = svc.import_text(json.dumps(doc), rename="Web copy")
        assert v2["status"]["name"] == "Web copy" and v2["status"]["battle"] == v["status"]["battle"]
        assert {s["name"] for s in svc.list()} == {"Web", "Web copy"}


def test_the_box_data_names_every_component_with_its_chapter_and_provenance() -> None:
    from soloboard.ufs.campaign.plugins import get_box

    b = get_box()
    assert "fan tools" in b.provenance and b.unknown
    count = Counter((c.kind, c.chapter) for c in b.components)
    assert count == {("scenario", 1): 4, ("scenario", 2): 4, ("scenario", 3): 4, ("scenario", 4): 1,
                     ("city", 1): 4, ("city", 2): 6, ("city", 3): 4,
                     ("character", 1): 4, ("character", 2): 4, ("character", 3): 4, ("sky_tile", None): 5}
    assert b.final_scenario == "the-final-battle" and b.get("the-final-battle").chapter == 4
    assert b.get("advanced-sky-3").extra["black_stars"] == {"easy": 1, "threat": 2}
    assert b.get("advanced-sky-special").extra["black_stars"] is None  # not known


def test_a_schema_2_store_gains_the_campaigns_table(tmp_path: pytest.TempPathFactory) -> None:
    """A store written before the campaigns (schema 2) is migrated when opened; its games stay."""
    import sqlite3

    from soloboard.core import store as S

    path = tmp_path / "old.sqlite3"  # type: ignore[operator]
    db = sqlite3.connect(path)
    db.executescript(S._SCHEMA)
    db.executescript(S._WEB_SCHEMA)
    db.execute("INSERT INTO meta (key, value) VALUES ('schema_version', '2')")
    db.execute("INSERT INTO runs (command, software, started_at) VALUES ('old run', '0', 'then')")
    db.commit()
    assert "campaigns" not in {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
    db.close()
    with Store(path) as store:
        assert store._version() == S.SCHEMA_VERSION == 8
        assert store.db.execute("SELECT command FROM runs").fetchall() == [("old run",)]
        repo = CampaignRepository(store)
        repo.add(new(1))
        assert repo.names() == ["Test campaign"]
