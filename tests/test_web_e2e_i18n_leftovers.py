"""The page's leftovers of English (issue 23, "Languages"), in a real browser: the rule a refused
click names, and the Monstros cards' names with the printed Portuguese one in their tooltip."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from e2e_support import shot, start_game

pytestmark = pytest.mark.browser


def _look(page, name: str) -> None:
    shot(page, name)
    folder = os.environ.get("SOLOBOARD_SHOTS")  # a person looking at them keeps a copy where they like
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def test_a_refused_click_names_the_rule_in_czech(live_server, open_page):
    page = open_page(live_server.url + "/?lang=cs")
    game_id = start_game(page, "ufs", seed=7)
    game = live_server.api("GET", f"/api/games/{game_id}?lang=cs")  # what the page itself reads
    view = game["view"]
    page.locator("#board .tray-die.can-move").first.click()
    index = int(page.locator("#board .tray-die.selected").get_attribute("data-die"))
    chosen = view["dice"][index]
    letter = view["edition"]["letters"]["dice"][0 if chosen["kind"] == "plain" else 1]
    legal = {m["space"] for m in game["moves"] if m.get("die") == index}
    # why each other space is refused, as the page asks when one is clicked (GET .../refusal)
    asked = {s["space"]: live_server.api("GET", f"/api/games/{game_id}/refusal?lang=cs&ply={game['ply']}"
                                                f"&notation={letter}{chosen['value']}{s['space']}")
             for s in view["base"]["spaces"] if s["space"] not in legal}
    refused = [(space, why) for space, why in asked.items() if why["rule"]]
    assert refused, "no refusal with a rule for this die"
    space, why = refused[0]
    assert why["rule_text"] and why["rule_text"] != why["rule"]  # the answer carries both
    page.locator(f"#board rect.hit:not(.legal)[data-space='{space}']").click()
    box = page.locator("#board .ufs-message")
    page.wait_for_function("([el, text]) => el.textContent.includes(text)",
                           arg=[box.element_handle(), why["rule_text"]])
    message = box.inner_text()
    assert why["rule_text"] in message and f"({why['rule']})" not in message
    _look(page, "h-lang-refusal-cs")


def test_monstros_cards_show_their_printed_name_in_the_tooltip(live_server, open_page):
    page = open_page(live_server.url + "/?lang=pl")
    start_game(page, "monstros", seed=5)
    cards = page.locator("button.mon-card")
    assert cards.count() > 0
    titles = [cards.nth(i).get_attribute("title") or "" for i in range(cards.count())]
    names = [cards.nth(i).locator(".mon-card-name").inner_text() for i in range(cards.count())]
    printed = {"PÁ", "CARRINHO DE MÃO", "ferramenta C", "CONSTRUTOR", "parede com defeito", "atraso",
               "CONSTRUTOR (fundo verde, só no modo solo)"}
    assert all(any(f"({p})" in title for p in printed) for title in titles), titles
    assert not set(names) & printed - {"atraso"}, names  # the card itself reads Polish
    start = page.locator("button.mon-monster.mon-role-inicial")
    if start.count():
        assert "(monstro inicial)" in (start.first.get_attribute("title") or "")
    _look(page, "h-lang-monstros-pl")
