"""Monstros in a real browser: a solo game by clicking, and a co-operative game across two
devices (two browser contexts): the second joins with its seat's link, each plays a turn, and
the first sees the second's moves live, without reloading.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from e2e_support import (
    DESKTOP,
    PHONE,
    board_ply,
    game_id_from,
    horizontal_overflow,
    monstros_click_move,
    shot,
    start_game,
    wait_board,
)
from soloboard.i18n import LANGUAGES

pytestmark = pytest.mark.browser

MAX_MOVES = 60
MOVES = re.compile(r"/api/games/[^/]+/moves(\?|$)")  # a move (its URL carries ?lang=)


def _log_while_narrating(page, text: str) -> dict | str:
    """Waits while the stage plays a move out until its caption says ``text``; returns
    ``{"held": n}``, the lines of the log still held back at that moment, or ``"ended"`` when the
    playing ended without saying it."""
    return page.wait_for_function(
        """text => {
            const stage = document.querySelector('#board .mon-stage');
            if (!stage || !stage.classList.contains('mon-playing')) return 'ended';
            const caption = stage.querySelector('.mon-stage-caption');
            if (!caption || !caption.textContent.includes(text)) return false;
            return {held: document.querySelectorAll('.log-pane li[hidden]').length};
        }""", arg=text, timeout=60_000).json_value()


def _names_that_do_not_fit(page) -> list[str]:
    """The names on the drawn cards that overflow their box or had to be broken inside a word."""
    return page.evaluate("""() => {
        const bad = [];
        for (const box of document.querySelectorAll('#board .mon-card-name, #board .mon-monster-name')) {
            if (!box.offsetParent) continue; // not drawn (a panel folded on a phone)
            const inner = box.firstElementChild;
            const over = inner.offsetWidth > box.clientWidth + 0.5 || inner.offsetHeight > box.clientHeight + 0.5;
            if (over || box.classList.contains('mon-fit-break')) {
                const size = getComputedStyle(box).fontSize;
                bad.push(`${inner.textContent} (${size} in ${box.clientWidth}x${box.clientHeight})`);
            }
        }
        return bad;
    }""")


def test_a_solo_monstros_game_by_clicking(live_server, open_page):
    page = open_page(live_server.url + "/")
    game_id = start_game(page, "monstros", seed=5, choices={"Players": "1"})
    game = live_server.game(game_id)
    assert game["view"]["solo"] is True and len(game["seats"]) == 1
    # the reconstructed deck is marked on the table
    assert page.locator("#board .mon-notice-warn").is_visible()
    shot(page, "monstros-start")
    seen = []

    def photograph_monsters_turn(page):
        # the monsters' turn is played out card by card on the stage after the player's turn, and
        # the log keeps pace with it (ui.narrated): what the stage has not shown yet is held back
        if seen:
            return
        told = _log_while_narrating(page, "The monsters attack")
        if told == "ended":
            return
        assert told["held"] > 0, "the log told the monsters' turn before the table showed it"
        seen.append(shot(page, "monstros-monsters-turn"))
        wait_board(page)
        assert page.locator(".log-pane li[hidden]").count() == 0, "the log held lines back after the playing ended"
        page.emulate_media(reduced_motion="reduce")  # seen once: the rest is not animated

    clicked = []
    while not seen or len(clicked) < 8:
        assert len(clicked) < MAX_MOVES, f"no monsters' turn was seen playing out: {clicked}"
        clicked.append(monstros_click_move(page, after_move=photograph_monsters_turn))
    after = live_server.game(game_id)
    assert after["ply"] == board_ply(page) > game["ply"]
    assert any(c.startswith("hand:") for c in clicked), clicked
    assert any(entry["kind"] == "monsters_turn" for entry in after["log"])
    shot(page, "monstros-moves")


def _box(page, selector: str) -> dict:
    return page.locator(f"#board > .mon {selector}").first.bounding_box()


def test_the_table_at_phone_width_is_compact_and_still(live_server, open_page):
    phone = open_page.new_context(viewport=PHONE, touch=True, reduced_motion=True)
    page = open_page(live_server.url + "/", context=phone)
    start_game(page, "monstros", seed=5, choices={"Players": "2"})
    assert horizontal_overflow(page) == 0
    # before any attack and any monsters' turn, the dice and the monsters' turn are one line each
    for panel in (".mon-stage.mon-stage-brief", ".mon-attack.mon-attack-brief"):
        assert _box(page, panel)["height"] <= 52, f"{panel} is not folded to one line on a phone"
    # the whole table is a little less than two screens (it was three and a half)
    height = _box(page, "")["height"]
    assert height <= 1.9 * PHONE["height"], f"the table is {height} px tall on a phone"
    # the hands are side by side in a row that scrolls, the viewer's first
    row = page.locator("#board .mon-hand-row")
    assert row.evaluate("r => getComputedStyle(r).overflowX") == "auto"
    hands = [page.locator("#board .mon-hand").nth(i).bounding_box() for i in range(2)]
    assert hands[0]["y"] == hands[1]["y"] and hands[1]["x"] > hands[0]["x"]

    # an attack: spending or re-rolling dice moves neither the dice nor the monsters they go on
    for _ in range(MAX_MOVES):
        if page.locator("#board > .mon .mon-die.mon-can").count():
            break
        monstros_click_move(page)
    else:
        raise AssertionError("no attack with dice within the moves played")
    shot(page, "phone-monstros-attack")
    watched = (".mon-attack", ".mon-dice", ".mon-monsters")
    before = {s: _box(page, s) for s in watched}
    moves = 0
    while page.locator("#board > .mon .mon-die.mon-can").count() and moves < 6:
        monstros_click_move(page)
        moves += 1
        if page.locator("#board > .mon .mon-attack-brief").count():
            break  # the attack is over (the monsters' turn came)
        after = {s: _box(page, s) for s in watched}
        assert after == before, f"the table moved during the attack: {before} -> {after}"
    assert moves, "no die was spent"
    assert horizontal_overflow(page) == 0


def test_card_names_fit_their_cards_in_every_language(live_server, open_page):
    # three seats: the most cards drawn at once; a phone's cards are the smallest
    context = open_page.new_context(viewport=PHONE, reduced_motion=True)
    page = open_page(live_server.url + "/?lang=en", context=context)
    game_id = start_game(page, "monstros", seed=3, choices={"Players": "3"})
    for viewport in (PHONE, DESKTOP):
        page.set_viewport_size(viewport)
        for lang in LANGUAGES:
            page.goto(f"{live_server.url}/game/{game_id}?lang={lang}")
            wait_board(page)
            page.wait_for_function(
                "lang => document.querySelector('#board > .mon')?.getAttribute('lang') === lang", arg=lang)
            names = page.locator("#board .mon-card-name").all_inner_texts()
            assert len(names) >= 9, names
            assert _names_that_do_not_fit(page) == [], f"{lang} at {viewport['width']} px"
    # the names are fitted again when the table changes width under them (a phone turned)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    assert _names_that_do_not_fit(page) == []


def _play_until_seat_changes(page, server, game_id: str, seat: int) -> list[str]:
    """Clicks on ``page`` until the game waits for another seat than ``seat`` (or ends)."""
    clicked = []
    while (game := server.game(game_id))["to_move"] == seat and game["status"] == "playing":
        assert len(clicked) < MAX_MOVES, f"seat {seat} never finished its turn: {clicked[-8:]}"
        clicked.append(monstros_click_move(page))
    return clicked


def _sees_ply(page, ply: int) -> None:
    page.wait_for_function(
        "ply => { const b = document.querySelector('#board > .mon'); return b && Number(b.dataset.ply) === ply; }",
        arg=ply)


def test_two_devices_play_a_cooperative_game(live_server, open_page):
    # two devices; the monsters' turns are not animated here (the solo test watches one)
    host = open_page(live_server.url + "/", context=open_page.new_context(reduced_motion=True), label="host (seat 1)")
    game_id = start_game(host, "monstros", seed=5, choices={"Players": "2"})
    assert [s["kind"] for s in live_server.game(game_id)["seats"]] == ["person", "person"]
    invite = host.locator("#board .mon-invite").first
    invite.locator("summary").click()
    link = invite.locator("input.mon-link").input_value()
    assert f"/join/{game_id}?seat=1&token=" in link
    # the seat's QR code, for a phone's camera, drawn when the invitation is opened
    code = invite.locator(".mon-qr svg")
    code.wait_for(state="visible")
    invite.scroll_into_view_if_needed()
    shot(host, "monstros-host-invite")
    box = code.bounding_box()
    assert box and box["width"] >= 100 and box["height"] >= 100, f"the QR code is drawn too small to scan: {box}"
    host.evaluate("() => { window.__sameDocument = true; }")  # gone if the page ever reloads

    guest_device = open_page.new_context(reduced_motion=True)
    guest = open_page(link, context=guest_device, label="guest (seat 2)")
    guest.wait_for_url(f"**/game/{game_id}")
    wait_board(guest)
    assert game_id_from(guest.url) == game_id
    # the guest took seat 2: the host's device gave it up (its old token no longer plays it)
    host.locator(".seats-away").get_by_text("Seat 2: joined on another device").wait_for()
    assert host.evaluate(f"() => Object.keys(JSON.parse(localStorage.getItem('soloboard.seats.{game_id}')))") == ["0"]
    # the guest holds seat 2 only: on seat 1's turn its table offers nothing
    assert live_server.game(game_id)["to_move"] == 0
    assert guest.locator("#board > .mon .mon-can").count() == 0
    assert guest.locator("#board .mon-hand-mine").get_attribute("data-seat") == "1"
    ply = live_server.game(game_id)["ply"]
    # out of turn: a click (on a card marked aria-disabled) is answered with why, and nothing is sent
    guest.locator("#board .mon-hand-mine [data-key]").first.click(force=True)
    guest.locator("#toasts").get_by_text("not this device's turn").wait_for()
    assert live_server.game(game_id)["ply"] == ply

    turns = []
    for seat, page, other in ((0, host, guest), (1, guest, host), (0, host, guest), (1, guest, host)):
        clicked = _play_until_seat_changes(page, live_server, game_id, seat)
        assert clicked, f"seat {seat + 1} had nothing to click on its turn"
        turns.append((seat, clicked))
        ply = live_server.game(game_id)["ply"]
        _sees_ply(other, ply)  # the other device followed live
        if live_server.game(game_id)["status"] != "playing":
            break
        if seat == 1 and len(turns) == 2:
            shot(host, "monstros-host-after-guest-move")
            shot(guest, "monstros-guest")
    assert host.evaluate("() => window.__sameDocument === true"), "the host's page reloaded"
    assert {seat for seat, _ in turns} == {0, 1}
    # what the guest did is on the host's table: the same position, drawn the same way
    assert board_ply(host) == board_ply(guest) == live_server.game(game_id)["ply"]
    assert host.locator("#board .mon-wall-value").inner_text() == guest.locator("#board .mon-wall-value").inner_text()
    # the host may invite to seat 2 again: a new link and its code (an <img> of the server's SVG)
    host.locator(".seats-away").get_by_role("button", name="New join link").click()
    again = host.locator(".seats-away input.invite-link").input_value()
    assert f"/join/{game_id}?seat=1&token=" in again and again != link
    host.wait_for_function("() => { const i = document.querySelector('.seats-away img.invite-qr');"
                           " return i && i.complete && i.naturalWidth >= 100; }")


def test_a_seat_given_to_the_computer_gets_the_strongest_agent(live_server, open_page):
    """The new-game dialog's AI seat offers the agents with the strongest (mcts) chosen, and the game
    starts with it on that seat; the AI's turns are played by the server while the person waits. (On a
    phone: the seat's row, with the agent's words, fits the width.)"""
    page = open_page(live_server.url + "/", context=open_page.new_context(viewport=PHONE, touch=True,
                                                                         reduced_motion=True))
    page.locator("button.game-box-monstros").click()
    dialog = page.locator("dialog.new-game[open]")
    dialog.get_by_role("radiogroup", name="Players").get_by_role("radio", name="2", exact=True).check()
    dialog.locator("#seat-1-kind").select_option("ai")
    agent = dialog.locator("#seat-1-agent")
    assert agent.is_visible() and agent.input_value() == "mcts"
    assert agent.locator("option").all_inner_texts() == ["strongest (mcts)", "quick (greedy)", "random moves"]
    agent.evaluate("el => el.scrollIntoView({block: 'center'})")
    shot(page, "phone-monstros-new-game-ai-seat", full_page=False)
    assert horizontal_overflow(page) == 0, "the new-game dialog with an AI seat scrolls sideways at 390 px"
    dialog.locator("details.advanced > summary").click()
    dialog.locator("#param-seed").fill("9")
    dialog.locator("button[type=submit]").click()
    page.wait_for_url("**/game/*")
    wait_board(page)
    game_id = game_id_from(page.url)
    game = live_server.game(game_id)
    assert game["seats"][1] == {"seat": 1, "kind": "ai", "agent": "mcts"}
    assert game["to_move"] in (0, None)  # never waiting for the AI seat
    # the person's turn ends with a move whose answer comes after the computer's whole turn: the board
    # says who is being waited for (every text the wait line shows is recorded as it appears)
    page.evaluate("""() => {
        window.waitsSaid = [];
        const wait = document.querySelector('.board-wait');
        new MutationObserver(() => { if (!wait.hidden) window.waitsSaid.push(wait.textContent); })
            .observe(wait, { attributes: true, attributeFilter: ['hidden'] });
    }""")
    # how long the computer's turn takes depends on the machine (a fast one answers within the 400 ms the page
    # lets pass before it says anything): each move's answer is held back here, so what is said is tested
    def slow_answer(route: Any) -> None:
        if route.request.method == "POST":
            time.sleep(0.6)
        route.continue_()

    page.route(MOVES, slow_answer)
    for _ in range(MAX_MOVES):
        monstros_click_move(page)
        if any(e["event"].get("seat") == 1 for e in live_server.game(game_id)["log"] if e["kind"] == "turn_started"):
            break
    else:
        raise AssertionError("the computer's seat never had a turn")
    assert "The computer is playing its seats…" in page.evaluate("() => window.waitsSaid")
    page.unroute(MOVES)
    assert page.locator(".board-wait").is_hidden()  # said while waiting only
    # how the line looks over the board (shown again as it was, for the screenshot)
    page.evaluate("() => { const w = document.querySelector('.board-wait'); w.hidden = false; }")
    shot(page, "phone-monstros-waiting-for-the-computer", full_page=False)
