"""Managing saved games and campaigns in a real browser (issue 20): the list's cards, sorting and
filtering, deleting with a question, Undo (also after a reload) and deletion for good when the
window closes; at desktop size and on a phone (no sideways scroll, a finger's width for every control).
"""

from __future__ import annotations

import random
import sqlite3
from typing import Any

import pytest

from e2e_support import PHONE, REPO, horizontal_overflow, shot, wait_routed

pytestmark = pytest.mark.browser

WIDE = {"width": 1280, "height": 800}
SMALL = {"width": 360, "height": 740}


def _games(server: Any) -> dict[str, dict[str, Any]]:
    """A finished Roswell game, a Washington game in play, a 9-card game and a Monstros game."""
    finished = server.api("POST", "/api/games", {"game": "ufs", "params": {"city": "roswell", "threat": 0}, "seed": 3})
    token, host = finished["tokens"][0]["token"], finished["host"]
    rng = random.Random(3)
    while finished["status"] == "playing":
        finished = server.api("POST", f"/api/games/{finished['id']}/moves",
                              {"ply": finished["ply"], "action": rng.choice(finished["moves"])["id"]},
                              {"X-Seat-Token": token})
    washington = server.api("POST", "/api/games", {"game": "ufs", "params": {"city": "washington", "threat": 1},
                                                   "seed": 4})
    nine = server.api("POST", "/api/games", {"game": "ufs-pnp", "params": {}, "seed": 5})
    monstros = server.api("POST", "/api/games", {"game": "monstros", "params": {"players": 1}, "seed": 6})
    for name in ("Autumn", "Winter"):
        server.api("POST", "/api/campaigns", {"name": name, "seed": 7})
    return {"finished": finished | {"host": host}, "washington": washington, "nine": nine, "monstros": monstros}


def _as_their_device(page: Any, games: dict[str, dict[str, Any]]) -> None:
    """The games were started through the API: give this browser their host tokens, as the device that
    starts a game keeps it (deleting and restoring a game need it), and load the list again."""
    page.evaluate("hosts => { for (const [id, host] of hosts) localStorage.setItem(`soloboard.host.${id}`, "
                  "JSON.stringify(host)); }", [[g["id"], g["host"]] for g in games.values()])
    page.reload()
    wait_routed(page)


def _cards(page: Any) -> Any:
    return page.locator(".manage-list > li:not([hidden])")


AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"  # from npm (npm ci), as the phone tests use it


def _axe(page: Any) -> list[str]:
    """Serious or critical axe-core violations in the lists, the question and the Undo shelf."""
    assert AXE.exists(), f"{AXE} is missing: run `npm ci` in {REPO}"
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return list(page.evaluate("""async () => {
        const parts = ['.manage', '.undo-shelf', 'dialog.confirm-delete'].filter((s) => document.querySelector(s));
        const result = await axe.run({ include: parts.map((s) => [s]) }, { resultTypes: ['violations'],
            rules: { 'label-content-name-mismatch': { enabled: true } } });
        return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id}: ` + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | '));
    }"""))


def _settled(page: Any) -> None:
    """The list has been drawn from the server's latest answer."""
    page.wait_for_selector(".manage-slot[aria-busy=false]")


def _small_controls(page: Any) -> list[str]:
    """The list's controls (and the Undo shelf's, the question's) under 44 x 44 CSS px."""
    return page.evaluate("""() => [...document.querySelectorAll(
        '.manage a, .manage button, .manage input, .manage select, .undo-shelf button, dialog.confirm-delete button')]
      .filter((el) => el.offsetParent !== null)
      .map((el) => [el, el.getBoundingClientRect()])
      .filter(([, r]) => r.height < 44 || r.width < 44)
      .map(([el, r]) => `${el.tagName} ${el.textContent.trim() || el.name}: ${r.width}x${r.height}`)""")


def _list_overflow(page: Any) -> list[str]:
    """The list's parts that reach past the screen's right edge (the rest of a page is issue 20's phone half)."""
    return page.evaluate("""() => [...document.querySelectorAll('.manage, .manage *, .undo-shelf *')]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .map((el) => `${el.tagName}.${el.className}`)""")


def _stored(server: Any, game_id: int) -> int:
    with sqlite3.connect(server.db_path) as con:
        return int(con.execute("SELECT COUNT(*) FROM games WHERE id = ?", (game_id,)).fetchone()[0])


def test_saved_games_sort_filter_delete_and_undo(server_factory, open_page):
    server = server_factory()
    games = _games(server)
    page = open_page(server.url + "/", viewport=WIDE)
    wait_routed(page)
    _as_their_device(page, games)
    assert _cards(page).count() == 4 and page.locator(".list-count").inner_text() == "4 saved games"
    finished = page.locator(f".manage-card[data-id='{games['finished']['id']}']")
    text = finished.inner_text()
    assert "Started" in text and "Last played" in text and "Round" in text and games["finished"]["result"] in text
    assert "Washington" in page.locator(f".manage-card[data-id='{games['washington']['id']}']").inner_text()
    shot(page, "manage-games-1280")

    # sorted by set-up, then filtered: the address keeps them (a reload shows the same list)
    page.select_option("#saved-sort", "setup")
    page.wait_for_url("**/?sort=setup")
    _settled(page)
    titles = [t.split("\n")[0] for t in _cards(page).locator(".manage-kind").all_inner_texts()]
    assert titles == sorted(titles, key=str.casefold)
    page.select_option("#saved-status", "finished")
    page.wait_for_function("document.querySelectorAll('.manage-list > li').length === 1")
    page.reload()
    wait_routed(page)
    assert _cards(page).count() == 1 and page.locator("#saved-status").input_value() == "finished"
    page.select_option("#saved-status", "")
    page.fill("#saved-q", "washington")
    page.wait_for_function("document.querySelectorAll('.manage-list > li').length === 1")
    assert "Washington" in _cards(page).first.inner_text()
    page.fill("#saved-q", "")
    page.wait_for_function("document.querySelectorAll('.manage-list > li').length === 4")

    # delete: a question first (Cancel keeps the game), then the game is hidden with an Undo
    washington = page.locator(f".manage-card[data-id='{games['washington']['id']}']")
    washington.get_by_role("button", name="Delete").click()
    dialog = page.locator("dialog.confirm-delete[open]")
    assert "undo this for 10 seconds" in dialog.inner_text()
    shot(page, "manage-confirm-1280", full_page=False)
    dialog.get_by_role("button", name="Cancel").click()
    assert washington.is_visible() and page.evaluate("document.activeElement.textContent") == "Delete"
    washington.get_by_role("button", name="Delete").click()
    page.locator("dialog.confirm-delete[open]").get_by_role("button", name="Delete the game").click()
    washington.wait_for(state="detached")
    undo = page.locator(".undo-shelf").get_by_role("button", name="Undo")
    assert undo.is_visible() and page.evaluate("document.activeElement.textContent") == "Undo"
    assert "Deleted:" in page.locator(".undo-shelf").inner_text()
    shot(page, "manage-undo-1280", full_page=False)
    # a reload within the window keeps the Undo: the pending deletion is the server's
    page.reload()
    wait_routed(page)
    assert _cards(page).count() == 3
    page.locator(".undo-shelf").get_by_role("button", name="Undo").click()
    page.locator(f".manage-card[data-id='{games['washington']['id']}']").wait_for()
    assert _cards(page).count() == 4 and page.locator(".undo-shelf .undo-item").count() == 0
    assert server.api("GET", "/api/games")["deleted"] == []

    # deleted for good: the window closes (made short here), the Undo goes and so does the stored game
    server._app.state.games.undo_seconds = 2.0
    gone = games["finished"]["id"]
    page.locator(f".manage-card[data-id='{gone}']").get_by_role("button", name="Delete").click()
    page.locator("dialog.confirm-delete[open]").get_by_role("button", name="Delete the game").click()
    page.locator(".undo-shelf .undo-item").wait_for()
    page.locator(".undo-shelf .undo-item").wait_for(state="detached", timeout=10_000)
    page.wait_for_function("fetch('/api/games').then(r => r.json()).then(a => !a.deleted.length)")
    assert _stored(server, gone) == 0
    assert gone not in [g["id"] for g in server.api("GET", "/api/games")["games"]]
    assert server.api("GET", "/api/stats")["people"] == []  # its result left the statistics with it
    page.goto(server.url + "/campaigns")
    wait_routed(page)
    assert _cards(page).count() == 2 and _axe(page) == []
    shot(page, "manage-campaigns-1280", full_page=False)


@pytest.mark.parametrize("size", [PHONE, SMALL], ids=["390", "360"])
def test_the_lists_on_a_phone(server_factory, open_page, size):
    server = server_factory()
    games = _games(server)
    page = open_page(server.url + "/", viewport=size)
    wait_routed(page)
    _as_their_device(page, games)
    assert _cards(page).count() == 4
    assert horizontal_overflow(page) == 0 and _list_overflow(page) == []
    assert _small_controls(page) == [] and _axe(page) == []
    name = f"{size['width']}x{size['height']}"
    page.locator(".saved-slot").scroll_into_view_if_needed()
    shot(page, f"manage-games-{name}")
    card = page.locator(f".manage-card[data-id='{games['nine']['id']}']")
    card.get_by_role("button", name="Delete").click()
    assert _small_controls(page) == [] and _axe(page) == []
    shot(page, f"manage-confirm-{name}", full_page=False)
    page.locator("dialog.confirm-delete[open]").get_by_role("button", name="Delete the game").click()
    card.wait_for(state="detached")
    assert horizontal_overflow(page) == 0 and _small_controls(page) == [] and _axe(page) == []
    shot(page, f"manage-undo-{name}", full_page=False)
    page.locator(".undo-shelf").get_by_role("button", name="Undo").click()
    page.locator(f".manage-card[data-id='{games['nine']['id']}']").wait_for()

    # the campaigns: the same controls, question and Undo
    page.goto(server.url + "/campaigns")
    wait_routed(page)
    assert _cards(page).count() == 2 and _list_overflow(page) == [] and _small_controls(page) == []
    assert _axe(page) == []
    autumn = page.locator(".manage-card[data-name='Autumn']")
    assert "Started" in autumn.inner_text() and "Chapter 1" in autumn.inner_text()
    page.fill("#campaigns-q", "wint")
    page.wait_for_function("document.querySelectorAll('.manage-list > li').length === 1")
    page.fill("#campaigns-q", "")
    page.wait_for_function("document.querySelectorAll('.manage-list > li').length === 2")
    autumn.get_by_role("button", name="Delete").click()
    assert "journal" in page.locator("dialog.confirm-delete[open]").inner_text()
    page.locator("dialog.confirm-delete[open]").get_by_role("button", name="Delete the campaign").click()
    autumn.wait_for(state="detached")
    shot(page, f"manage-campaigns-undo-{name}", full_page=False)
    page.reload()
    wait_routed(page)
    page.locator(".undo-shelf").get_by_role("button", name="Undo").click()
    page.locator(".manage-card[data-name='Autumn']").wait_for()
    assert _list_overflow(page) == []
    shot(page, f"manage-campaigns-{name}")
