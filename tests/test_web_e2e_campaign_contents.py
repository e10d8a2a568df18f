"""The campaign page's chapter contents in a real browser: nothing is asked of the server or shown
until the player clicks "Show what chapter N brings (spoilers)"; a chapter the campaign has not
reached asks once more; only that chapter's names appear, with their provenance; at 1280x800 and
at phone width (390x844)."""

from __future__ import annotations

import pytest

from e2e_support import PHONE, horizontal_overflow, shot

pytestmark = pytest.mark.browser

CHAPTER_1 = ["Montreal", "Havana", "Mexico City", "Rio de Janeiro", "Clinton Harper", "Samantha Legrand",
             "Jackson Moss", "Battle for the Sky", "Satellites"]
CHAPTER_3 = ["Tokyo", "Seoul", "Singapore", "Sydney", "Contamination", "Kamikaze Ships", "Archie Bell", "Iz'ox"]
# names of chapters 2 to 4 (none of them is in chapter 1's piles)
LATER = ["Moscow", "London", "Cairo", "Command Ship", "Reactor Leak", "Karima Almasi", "Pieter Bernstein",
         *CHAPTER_3, "The Final Battle", "red explosions"]


def _asked(page) -> list[str]:
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url)
            if "/api/" in request.url and "/contents" in request.url else None)
    return asked


def test_a_chapters_contents_only_when_the_player_asks(live_server, open_page):
    live_server.api("POST", "/api/campaigns", {"name": "Spoilers", "seed": 8})
    page = open_page(live_server.url + "/campaign/Spoilers", viewport={"width": 1280, "height": 800})
    asked = _asked(page)
    page.wait_for_selector(".pile")
    # the guard: a button per chapter, no names asked for or shown
    assert page.locator("[data-reveal]").count() == 4 and page.locator(".chapter-contents").count() == 0
    assert asked == [] and not [name for name in LATER if name in page.locator("body").inner_text()]
    shot(page, "campaign-contents-guard")
    page.get_by_role("button", name="Show what chapter 1 brings (spoilers)").click()
    shown = page.locator('.chapter-contents[data-contents="1"]')
    shown.wait_for()
    text = shown.inner_text()
    assert all(name in text for name in CHAPTER_1), text
    assert "Names only, unverified" in text and "luc-noel/bgtools" in text and "nothing here is rules text" in text
    assert "spelled Lucia Ortego in the player's list" in text  # the sources' disagreement, said
    assert len(asked) == 1 and asked[0].endswith("/chapters/1/contents?lang=en")
    assert not [name for name in LATER if name in page.locator("body").inner_text()]
    shown.scroll_into_view_if_needed()
    shot(page, "campaign-contents-chapter-1", full_page=False)

    # chapter 3 is not opened yet: one more question, and "Cancel" shows nothing
    page.get_by_role("button", name="Show what chapter 3 brings (spoilers)").click()
    assert "Chapter 3 is not opened yet in this campaign. Show what it brings anyway?" in page.locator(
        ".contents-confirm").inner_text()
    page.locator(".contents-confirm").get_by_role("button", name="Cancel").click()
    assert page.locator(".contents-confirm").count() == 0 and len(asked) == 1
    page.get_by_role("button", name="Show what chapter 3 brings (spoilers)").click()
    page.locator(".contents-confirm").scroll_into_view_if_needed()
    shot(page, "campaign-contents-ask-ahead", full_page=False)
    page.get_by_role("button", name="Show anyway").click()
    later = page.locator('.chapter-contents[data-contents="3"]')
    later.wait_for()
    text = later.inner_text()
    assert all(name in text for name in CHAPTER_3) and "it is at chapter 1" in text
    assert "chapter 3 in the player's list, chapter 2 in the randomiser table" in text  # Beijing
    assert asked[-1].endswith("/chapters/3/contents?ahead=true&lang=en")
    body = page.locator("body").inner_text()
    assert not [name for name in ("Moscow", "Command Ship", "The Final Battle") if name in body]
    later.scroll_into_view_if_needed()
    shot(page, "campaign-contents-chapter-3", full_page=False)

    # a step redraws the sheet: what the player chose to see stays; "Hide" puts the guard back
    before = page.locator(".journal li").count()
    page.get_by_role("button", name="Choose pile 1").click()
    page.wait_for_function("n => document.querySelectorAll('.journal li').length !== n", arg=before)
    assert page.locator(".chapter-contents").count() == 2
    page.get_by_role("button", name="Hide what chapter 3 brings").click()
    assert page.locator(".chapter-contents").count() == 1 and "Tokyo" not in page.locator("body").inner_text()


def test_a_chapters_contents_at_phone_width(live_server, open_page):
    live_server.api("POST", "/api/campaigns", {"name": "Phone spoilers", "seed": 9})
    phone = open_page.new_context(viewport=PHONE, touch=True)
    page = open_page(live_server.url + "/campaign/Phone%20spoilers", context=phone)
    page.wait_for_selector(".pile")
    page.get_by_role("button", name="Show what chapter 1 brings (spoilers)").click()
    shown = page.locator('.chapter-contents[data-contents="1"]')
    shown.wait_for()
    assert horizontal_overflow(page) == 0
    assert page.get_by_role("button", name="Show what chapter 2 brings (spoilers)").bounding_box()["height"] >= 36
    shown.scroll_into_view_if_needed()
    shot(page, "campaign-contents-phone", full_page=False)
