"""The pages around the boards, in a real browser: the home page's shelf, the new-game dialog
with the set-up's difficulty in the rulebook's stars, and the history page with its plot.
"""

from __future__ import annotations

import json
import urllib.parse

import pytest

from e2e_support import shot, wait_routed

pytestmark = pytest.mark.browser


def _stars_text(value: float) -> str:
    """A star count as the rulebooks write it (1.5 -> "1½")."""
    whole, half = divmod(round(abs(value) * 2), 2)
    return ("-" if value < 0 else "") + (str(whole) if whole or not half else "") + ("½" if half else "")


def test_the_new_game_dialog_shows_the_difficulty(live_server, open_page):
    page = open_page(live_server.url + "/")
    wait_routed(page)
    assert page.locator("button.game-box").count() == 3  # the boxed game, the 9-card edition, Monstros
    shot(page, "home", full_page=False)
    page.locator("button.game-box-ufs").click()
    dialog = page.locator("dialog.new-game[open]")
    for level in ("0", "2"):
        dialog.get_by_role("radiogroup", name="Threat level").get_by_role("radio", name=level, exact=True).check()
        params = {"city": "roswell", "side": "blue", "unidentified_action": "damage", "threat": int(level)}
        setup = live_server.api("GET", "/api/setup?" + urllib.parse.urlencode(
            {"game": "ufs", "params": json.dumps(params)}))
        assert setup["stars"] is not None
        dialog.locator(".stars-number").filter(has_text=_stars_text(setup["stars"])).wait_for()
        assert setup["stars_text"] in dialog.locator(".stars-box").inner_text()
    shot(page, "new-game-dialog", full_page=False)
    page.keyboard.press("Escape")  # a modal dialog: Escape closes it
    dialog.wait_for(state="detached")


def test_the_history_page_lists_finished_games(live_server, open_page):
    # a finished game, played through the API (the browser tests play others by clicking)
    game = live_server.api("POST", "/api/games", {"game": "ufs", "params": {"threat": 1}, "seed": 21})
    token = game["tokens"][0]["token"]
    while game["status"] == "playing":
        game = live_server.api("POST", f"/api/games/{game['id']}/moves",
                               {"ply": game["ply"], "action": game["moves"][0]["id"]}, {"X-Seat-Token": token})
    page = open_page(live_server.url + "/history")
    wait_routed(page)
    finished = page.locator(f".saved-game[href='/game/{game['id']}']")
    assert finished.is_visible()
    assert f"status-{game['status']}" in finished.get_attribute("class")
    assert page.locator("svg.rate-plot").count() >= 1, "the win rates by set-up are plotted"
    shot(page, "history")
