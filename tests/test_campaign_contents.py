"""What each campaign chapter brings, by name (``ufs/data/campaign/contents.json``): the data (every
chapter of the player's list, the sources' disagreements recorded, every name unverified, no rules
text), the terminal's spoiler guard (``soloboard campaign contents``) and the JSON API the page asks."""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from soloboard.i18n import use
from soloboard.ufs.campaign import contents
from soloboard.ufs.campaign.box import registered_box

# the player's list, chapter by chapter (the reference notes the data was copied from; pinned here
# because the tests never read them): cities, scenarios, characters, base tiles
CHAPTERS = {
    0: (["New York", "Roswell", "Washington, D.C."], [], [], ["A", "B", "C"]),
    1: (["Montreal", "Havana", "Mexico City", "Rio de Janeiro"],
        ["Battle for the Sky", "Evacuation", "Reinforcement(s)", "Satellites"],
        ["Clinton Harper", "Samantha Legrand", "Jackson Moss", "Lucia Ortega / Ortego"], ["D"]),
    2: (["Moscow", "London", "Paris", "Cairo", "Johannesburg", "Beijing"],
        ["Command Ship", "Dangerous Research", "Reactor Leak", "Repairing the Base"],
        ["Karima Almasi", "Shanti Aumann", "Pieter Bernstein", "Jaroslav Růžička"], ["E", "F"]),
    3: (["Beijing", "Tokyo", "Seoul", "Singapore", "Sydney"],
        ["Contamination", "Kamikaze Ships", "Saboteur", "Storm"],
        ["Archie Bell", "Jang Chanwook", "Wang Lin", "Iz'ox"], ["G"]),
    4: ([], ["The Final Battle"], [], []),
}
CONCEPTS = {1: 4, 2: 3, 3: 3, 4: 1}
# shown as the campaign names them everywhere (its piles, its journal); the note gives both spellings
SHOWN_1 = (CHAPTERS[1][0], ["Battle for the Sky", "Evacuation", "Reinforcements", "Satellites"],
           ["Clinton Harper", "Samantha Legrand", "Jackson Moss", "Lucia Ortega"])
# names of later chapters that appear in no earlier one (a leak of chapter 2-4 would show them)
LATER = {n: [x for later in range(n + 1, 5) for group in CHAPTERS[later] for x in group
             if len(x) > 1 and all(x not in g for k in range(n + 1) for g in CHAPTERS[k])] for n in range(5)}


SINGULAR = {"cities": "city", "scenarios": "scenario", "characters": "character"}


def names(chapter: dict[str, Any], kind: str) -> list[str]:
    return [e["name"] for e in chapter[kind]]


# --- the data --------------------------------------------------------------------------------------

def test_every_chapter_of_the_players_list_is_in_the_data() -> None:
    data = contents.data()
    assert contents.chapters() == [0, 1, 2, 3, 4]
    for chapter in data["chapters"]:
        n = chapter["chapter"]
        cities, scenarios, characters, bases = CHAPTERS[n]
        assert (names(chapter, "cities"), names(chapter, "scenarios"), names(chapter, "characters"),
                names(chapter, "base_tiles")) == (cities, scenarios, characters, bases), n
        assert len(chapter["new_concepts"]) == CONCEPTS.get(n, 0)
    assert [names(ch, "sky_tiles") for ch in data["chapters"]] == [
        ["basic sky tiles (4)"], [], ["advanced sky tile #4"], ["advanced sky tile #1", "advanced sky tile #2"],
        ["advanced sky tile #3", "sky tile #0, the satellite tile"]]


def test_the_disagreements_are_recorded_with_both_readings() -> None:
    found = {d["id"]: d for d in contents.data()["disagreements"]}
    assert set(found) == {"beijing-chapter", "lucia-ortega-spelling", "reinforcements-spelling", "jaroslav-spelling",
                          "rio-de-janeiro-spelling", "shanti-aumann-colon"}
    beijing = found["beijing-chapter"]
    assert (beijing["rtf_chapter"], beijing["js_chapter"], beijing["resolved"]) == (3, 2, False)
    assert (found["lucia-ortega-spelling"]["rtf_spelling"], found["lucia-ortega-spelling"]["js_spelling"]) == (
        "Lucia Ortego", "Lucia Ortega")
    assert not found["reinforcements-spelling"]["resolved"] and found["jaroslav-spelling"]["resolved"]
    # each side of the Beijing dispute is marked where it puts the city, with the source that says so
    chapters = {ch["chapter"]: ch for ch in contents.data()["chapters"]}
    marks = {n: [(e["sources"], e.get("disagreement")) for e in chapters[n]["cities"] if e["name"] == "Beijing"]
             for n in (2, 3)}
    assert marks == {2: [(["js"], "beijing-chapter")], 3: [(["rtf"], "beijing-chapter")]}


def test_every_name_carries_its_sources_and_no_rules_text() -> None:
    data = contents.data()
    for key in ("rtf", "js"):
        source = data["sources"][key]
        assert source["repository"] == "luc-noel/bgtools" and re.fullmatch(r"[0-9a-f]{40}", source["commit"])
        assert source["path"]
    assert "UNVERIFIED" in data["status"] and "gist" in data["left_out"]
    box = registered_box()
    for chapter in data["chapters"]:
        for kind in ("cities", "scenarios", "characters", "base_tiles", "sky_tiles", "new_concepts"):
            for entry in chapter[kind]:
                assert set(entry["sources"]) <= {"rtf", "js", "rulebooks"} and entry["sources"]
                # the chapters' names are one player's list, never checked against the printed components
                assert entry["unverified"] is (chapter["chapter"] > 0)
                assert not {"gist", "rules", "text", "ability"} & set(entry)
                if kind in ("scenarios", "characters") or (kind == "cities" and chapter["chapter"] > 0):
                    # the same component the campaign deals in its piles (Beijing: one source's chapter)
                    component = box.get(entry["id"])
                    assert component.kind == SINGULAR[kind]
                    assert component.chapter == chapter["chapter"] or entry.get("disagreement") == "beijing-chapter"


# --- the terminal ----------------------------------------------------------------------------------

class Terminal(io.StringIO):
    """A standard input at a terminal, answering the questions asked with ``answers``."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def started(campaign_cli: Callable[..., str], monkeypatch: pytest.MonkeyPatch) -> Callable[..., str]:
    campaign_cli("new", "Spoilers", "--seed", "5")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # no terminal: nobody to ask
    monkeypatch.setenv("COLUMNS", "80")
    return campaign_cli


def test_nothing_is_shown_without_the_players_choice(started: Callable[..., str]) -> None:
    out = started("contents")
    assert "--reveal" in out and "spoiler" in out
    assert not [name for n in range(1, 5) for group in CHAPTERS[n][:3] for name in group if name in out], out
    out = started("contents", "--chapter", "3")
    assert "Tokyo" not in out and "--chapter 3 --reveal" in out


def test_reveal_shows_only_the_current_chapter_with_its_provenance(started: Callable[..., str]) -> None:
    out = started("contents", "--reveal")
    assert out.startswith("What chapter 1 brings:")
    for group in SHOWN_1:
        assert all(name in " ".join(out.split()) for name in group), out
    assert "Reinforcements *" in out and "Lucia Ortega *" in out
    assert not [name for name in LATER[1] if name in out], out
    flat = " ".join(out.split())
    assert "Names only, unverified" in flat and "luc-noel/bgtools 433fd29" in flat
    assert "nothing here is rules text" in flat
    # the sources' disagreements on this chapter's names are said, not settled
    assert "spelled Lucia Ortego in the player's list, Lucia Ortega in the randomiser table" in flat
    # never wider than the terminal
    assert max(len(line) for line in out.splitlines()) <= 80


def test_a_later_chapter_only_when_named_and_confirmed(started: Callable[..., str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", Terminal("n\n"))
    out = started("contents", "--chapter", "3")
    assert "Chapter 3 is not opened yet in this campaign: it is at chapter 1." in out
    assert "Show what chapter 3 brings? The names are spoilers. [y/N]" in out
    assert "Nothing shown." in out and "Tokyo" not in out
    monkeypatch.setattr(sys, "stdin", Terminal("y\n"))
    out = started("contents", "--chapter", "3")
    assert "Chapter 3 is not opened yet in this campaign: it is at chapter 1." in out
    assert all(name in out for name in ("Tokyo", "Seoul", "Contamination", "Iz'ox", "Base tiles: G"))
    assert not [name for name in CHAPTERS[1][0] + CHAPTERS[2][1] + CHAPTERS[4][1] if name in out]
    assert "Beijing *" in out and "chapter 3 in the player's list, chapter 2 in the randomiser table" in out
    # the current chapter asks too, at a terminal
    monkeypatch.setattr(sys, "stdin", Terminal("\n"))
    out = started("contents")
    assert "Show what chapter 1 brings? The names are spoilers. [y/N]" in out and "Montreal" not in out


def test_the_box_from_the_start_needs_no_guard_and_bad_chapters_are_refused(started: Callable[..., str]) -> None:
    out = started("contents", "--chapter", "0")
    assert "What is in the box from the start:" in out and "Roswell" in out and "as the rulebooks list them" in out
    assert "there is no chapter 7: the chapters are 0, 1, 2, 3, 4" in started("contents", "--chapter", "7", code=2)


def test_the_contents_in_another_language(started: Callable[..., str]) -> None:
    out = started("--lang", "cs", "contents", "--chapter", "4", "--reveal")
    with use("cs"):  # the campaign's own lookup of its names (the same words as its piles and journal)
        final = registered_box().name_of("the-final-battle")
    assert "Co přináší kapitola 4:" in out and f"Scénáře: {final}" in out
    assert "červené exploze" in out and "Jen jména, neověřená" in " ".join(out.split())


# --- the API the page asks -------------------------------------------------------------------------

def test_the_api_shows_a_chapter_only_when_asked(client: TestClient) -> None:
    assert client.post("/api/campaigns", json={"name": "Autumn", "seed": 7}).status_code == 201
    view = client.get("/api/campaigns/Autumn").json()
    assert not [name for name in LATER[1] if name in json.dumps(view)]  # the campaign's view names no later chapter
    r = client.get("/api/campaigns/Autumn/chapters/1/contents")
    assert r.status_code == 200
    shown = r.json()
    assert shown["heading"] == "What chapter 1 brings" and not shown["ahead"]
    assert [[i["name"] for i in g["items"]] for g in shown["groups"][:3]] == [list(x) for x in SHOWN_1]
    assert "luc-noel/bgtools" in shown["provenance"]["text"] and shown["provenance"]["sources"][0]["commit"]
    # a later chapter: refused (naming the rule) unless the player asked for it knowing it is ahead
    r = client.get("/api/campaigns/Autumn/chapters/3/contents")
    assert r.status_code == 422 and r.json()["rule"] == contents.SPOILER_RULE and "Tokyo" not in r.text
    r = client.get("/api/campaigns/Autumn/chapters/3/contents?ahead=true&lang=pl")
    assert r.status_code == 200 and r.json()["ahead"]
    assert r.json()["ahead_note"] == ("Rozdział 3 nie został jeszcze otwarty w tej kampanii: kampania jest "
                                      "w rozdziale 1.")
    assert [g["label"] for g in r.json()["groups"]][:2] == ["Miasta", "Scenariusze"]
    assert client.get("/api/campaigns/Autumn/chapters/9/contents?ahead=true").status_code == 404
    assert client.get("/api/campaigns/Nobody/chapters/1/contents").status_code == 404
