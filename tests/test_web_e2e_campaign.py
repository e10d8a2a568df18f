"""The campaign in a real browser: a whole campaign, from the first chapter to its end, played in
companion mode by clicking (piles chosen, games set up, results recorded, a loss taken to the
damaged side, a character turned, the threat level changed, a step undone), the sheet and the
journal checked against the store the terminal reads, and the page at phone width.
"""

from __future__ import annotations

import json

import pytest

from e2e_support import PHONE, horizontal_overflow, shot, wait_routed
from soloboard.core.store import Store
from soloboard.ufs.campaign.repository import CampaignRepository

pytestmark = pytest.mark.browser

MAX_STEPS = 80


def _now(page) -> dict:
    """What the page shows as the campaign's phase (from the store's view it drew)."""
    return page.evaluate("""() => ({
        next: document.querySelector('.campaign-next')?.textContent || '',
        piles: document.querySelectorAll('.pile').length,
        won: !!document.querySelector('[data-result=won]'),
        setUp: !!document.querySelector('.campaign-now .token-button.primary:not([data-result])')
            && !document.querySelector('.pile'),
        city: !!document.querySelector('#final-city'),
        over: !!document.querySelector('.campaign-over'),
    })""")


def _click_and_wait(page, locator) -> None:
    before = page.locator(".journal li").count()
    locator.click()
    page.wait_for_function("n => document.querySelectorAll('.journal li').length !== n "
                           "&& document.querySelector('#main').getAttribute('aria-busy') !== 'true'", arg=before)


def _stored(live_server, name: str):
    store = Store(live_server.db_path)
    try:
        return CampaignRepository(store).load(name)[0]
    finally:
        store.close()


def test_a_whole_campaign_in_companion_mode_by_clicking(live_server, open_page, tmp_path):
    page = open_page(live_server.url + "/")
    page.get_by_role("link", name="Campaigns").click()
    page.wait_for_selector(".campaigns h1")
    assert page.locator("h1").first.text_content() == "Campaigns"
    # a nameless campaign is refused on the page, and nothing is created
    page.get_by_role("button", name="Start the campaign").click()
    assert "needs a name" in page.locator(".campaign-new .form-error").text_content()
    page.fill("#campaign-name", "Browser campaign")
    page.locator("label[for=campaign-threat-0]").click()
    page.locator("details.advanced summary").first.click()
    page.fill("#campaign-seed", "11")
    page.get_by_role("button", name="Start the campaign").click()
    page.wait_for_selector(".pile")
    assert page.url.endswith("/campaign/Browser%20campaign")
    shot(page, "campaign-piles")
    # the piles are the campaign's seeded draws, and their rules are marked unknown
    piles = page.locator(".pile")
    assert piles.count() == 2
    assert piles.first.locator(".unknown-tag").count() == 3
    assert piles.first.locator("[data-kind=scenario]").count() == 1

    steps = 0
    lost_once = False
    upgraded = False
    threat_changed = False
    undone = False
    seen_setup = False
    while True:
        steps += 1
        assert steps < MAX_STEPS, "the campaign did not end"
        now = _now(page)
        if now["over"]:
            break
        if now["piles"]:
            # the other pile leaves the campaign
            other = page.locator(".pile").nth(1).locator(".component-name").all_text_contents()
            _click_and_wait(page, page.get_by_role("button", name="Choose pile 1"))
            removed = page.locator(".journal li").filter(has_text="chosen").last.text_content()
            assert all(name in removed for name in other), (other, removed)
            if not undone:
                # a step taken back: the same piles come again (undo cannot re-draw)
                _click_and_wait(page, page.get_by_role("button", name="Undo the last step"))
                assert page.locator(".pile").nth(1).locator(".component-name").all_text_contents() == other
                undone = True
            continue
        if now["city"]:
            shot(page, "campaign-final-city")
            _click_and_wait(page, page.get_by_role("button", name="Name the city"))
            continue
        if now["won"]:
            if not seen_setup:
                seen_setup = True
                # the set-up for the table: the city side, the parts, the sky tiles drawn at the threat level
                assert page.locator(".campaign-tile[data-tile]").count() == 4
                assert "blue" in page.locator(".setup-card").text_content()
                shot(page, "campaign-setup")
            battle = page.locator(".setup-parts h3").text_content()
            if not lost_once and "game 1" in battle:
                lost_once = True
                _click_and_wait(page, page.locator("[data-result=lost]"))
                # the box gets X and the second game is on the damaged side
                assert page.locator(".sheet-table .result-box.box-lost").count() >= 1
                _click_and_wait(page, page.get_by_role("button", name="Set up the second game"))
                assert "damaged" in page.locator(".setup-card").text_content()
                shot(page, "campaign-second-game")
            _click_and_wait(page, page.locator("[data-result=won]"))
            continue
        if now["setUp"]:
            upgrade = page.get_by_role("button", name="Turn to the upgraded side")
            if not upgraded and upgrade.count():
                _click_and_wait(page, upgrade.first)
                assert page.locator(".team").get_by_text("upgraded side").count() >= 1
                upgraded = True
            if not threat_changed and "Chapter 2" in page.locator(".campaign-sub").text_content():
                _click_and_wait(page, page.locator("label[for=threat-now-1]"))
                threat_changed = True
            _click_and_wait(page, page.locator(".campaign-now .token-button.primary").first)
            continue
        raise AssertionError(f"the page offers no step: {now}")

    shot(page, "campaign-over")
    assert lost_once and upgraded and threat_changed and undone
    # the page and the store agree: the terminal sees the same campaign
    c = _stored(live_server, "Browser campaign")
    assert c.ended and c.phase == "over"
    assert page.locator(".journal li").count() == len(c.records)
    boxes = [x.strip() for x in page.locator(".sheet-table .result-box").all_text_contents()]
    assert boxes == [g.box if g else "" for b in c.battles for g in [*b.games, None, None][:2]]
    assert any(len(b.games) == 2 for b in c.battles)
    exported = page.request.get(live_server.url + "/api/campaigns/Browser%20campaign/export").json()
    assert exported["format"] == "soloboard-campaign" and len(exported["records"]) == len(c.records)


def test_a_step_taken_elsewhere_is_refused_and_the_page_catches_up(live_server, open_page):
    live_server.api("POST", "/api/campaigns", {"name": "Two tabs", "seed": 4})
    page = open_page(live_server.url + "/campaign/Two%20tabs")
    page.watch.expect("409 (Conflict)")  # the browser logs the refused step
    page.wait_for_selector(".pile")
    # the terminal (or another tab) chooses first
    live_server.api("POST", "/api/campaigns/Two%20tabs/steps", {"action": "choose", "value": 2})
    page.get_by_role("button", name="Choose pile 1").click()
    page.wait_for_selector(".toast")
    assert "changed" in page.locator(".toast").first.text_content()
    # the page shows the campaign as it is now: pile 2 was chosen there, pile 1 was not
    page.wait_for_selector(".pile", state="detached")
    journal = page.locator(".journal").text_content()
    assert "Pile 2 chosen" in journal and "Pile 1 chosen" not in journal
    assert len(page.watch.provoked) == 1


def test_an_illegal_step_names_its_rule_and_a_corrupt_file_is_refused(live_server, open_page, tmp_path):
    live_server.api("POST", "/api/campaigns", {"name": "Rules", "seed": 5})
    live_server.api("POST", "/api/campaigns/Rules/steps", {"action": "choose", "value": 1})
    live_server.api("POST", "/api/campaigns/Rules/steps", {"action": "set_up", "companion": True})
    page = open_page(live_server.url + "/campaign/Rules")
    page.watch.expect("422 (Unprocessable")  # the browser logs the refused steps
    page.watch.expect("400 (Bad Request)")
    page.wait_for_selector("[data-result=won]")
    # the threat level cannot change while a game is set up with the sky drawn at the old level
    page.locator("label[for=threat-now-3]").click()
    toast = page.locator(".toast").first
    toast.wait_for()
    assert "record its result first" in toast.text_content()
    assert page.locator("#threat-now-1").is_checked()  # the control shows the level as it is
    # a corrupt campaign file is refused with its reason, and no campaign appears
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "soloboard-campaign", "version": 1, "records": [{"kind": "x"}]}))
    page.goto(live_server.url + "/campaigns")
    wait_routed(page)
    before = page.locator(".campaign-list li").count()
    page.set_input_files("#campaign-file", str(bad))
    page.wait_for_function("() => document.querySelector('.import-status').textContent.includes('could not')")
    assert "campaign_started" in page.locator(".import-status").text_content()
    assert page.locator(".campaign-list li").count() == before


def test_the_campaign_page_at_phone_width(live_server, open_page):
    live_server.api("POST", "/api/campaigns", {"name": "Phone", "seed": 6})
    for step in ({"action": "choose", "value": 2}, {"action": "set_up", "companion": True}):
        live_server.api("POST", "/api/campaigns/Phone/steps", step)
    phone = open_page.new_context(viewport=PHONE, touch=True)
    page = open_page(live_server.url + "/campaign/Phone", context=phone)
    page.wait_for_selector("[data-result=won]")
    assert horizontal_overflow(page) == 0
    for selector in ("[data-result=won]", "[data-result=lost]"):
        assert page.locator(selector).bounding_box()["height"] >= 36
    shot(page, "campaign-phone")


def test_a_digital_battle_played_on_the_board_writes_its_result(live_server, open_page, test_plugin):
    """With the test plugin (tests/plugins: components made up for the tests), every part of the
    battle is known: the game is played on the board, and its end writes the result in the journal."""
    from e2e_support import UFS_OVER, game_status, ufs_click_move
    from soloboard.ufs.campaign import Campaign, files

    # seed 3: pile 2 is Roswell, a test scenario and the test character with a once-per-game ability
    campaign = Campaign.new("Board battle", seed=3, box="test-box")
    live_server.api("POST", "/api/campaigns/import", files.to_dict(campaign))
    live_server.api("POST", "/api/campaigns/Board%20battle/steps", {"action": "choose", "value": 2})
    page = open_page(live_server.url + "/campaign/Board%20battle")
    page.locator("[data-play=digital]").click()
    page.wait_for_url("**/game/*")
    # the character's ability is a button while it is unused; used once, it is gone
    ability = page.locator("#board .ufs-buttons .ability-button")
    ability.wait_for()
    assert "Test Medic" in ability.text_content()
    # a campaign's game leads back to its campaign, not to a new game
    assert page.get_by_role("link", name="Back to the campaign").is_visible()
    assert not page.get_by_role("link", name="New game").is_visible()
    shot(page, "campaign-digital-game")
    ability.click()
    page.wait_for_function("() => document.querySelector('.log-pane').textContent"
                           ".includes('uses the once-per-game ability')")
    assert ability.count() == 0
    for _ in range(400):
        if game_status(page) in UFS_OVER:
            break
        ufs_click_move(page)
    assert game_status(page) in UFS_OVER
    banner = page.locator(".result-banner")
    assert "campaign's journal" in banner.text_content()
    banner.get_by_role("link", name="Back to the campaign").click()
    page.wait_for_selector(".sheet-table")
    journal = page.locator(".journal").text_content()
    assert "(played with soloboard)" in journal
    assert page.locator(".sheet-table .result-box").first.text_content().strip() in ("X", "1")
    shot(page, "campaign-after-digital-game")


def test_the_custom_battle_builder_counts_the_stars_and_plays_a_known_battle(live_server, open_page):
    page = open_page(live_server.url + "/campaigns")
    builder = page.locator(".custom-builder")
    builder.wait_for()
    stars = builder.locator(".stars-number")
    stars.wait_for()
    assert stars.text_content() == "0"
    # nothing to add up yet: the box holds the stars and the play button, nothing else
    assert "null" not in builder.locator(".custom-result").text_content()
    # the rulebook's count, term by term: a basic threat side +1, an advanced tile's threat side +2,
    # a scenario +1, an upgraded character -1, a damaged city side -½
    page.select_option("#custom-city", "havana")
    page.select_option("#custom-side", "damaged")
    page.select_option("#custom-scenario", "storm")
    page.check("#custom-char-wang-lin")
    builder.locator(".custom-char").filter(has_text="Wang Lin").locator("select").select_option("upgraded")
    page.locator("label[for=custom-tile-1-threat]").click()
    page.select_option("#custom-tile-2", "advanced-sky-2")
    page.locator("label[for=custom-tile-2-threat]").click()
    page.wait_for_function("() => document.querySelector('.custom-builder .stars-number')?.textContent === '2½'")
    terms = builder.locator(".star-terms li").all_text_contents()
    assert len(terms) == 5 and any("Wang Lin (upgraded side)" in x for x in terms)
    warning = builder.locator(".form-warning").text_content()
    assert "Havana" in warning and "only its stars are known" in warning
    assert builder.locator("[data-play=custom]").count() == 0
    shot(page, "campaign-custom-battle")
    # the engine's own components: playable here
    page.select_option("#custom-city", "roswell")
    page.select_option("#custom-side", "blue")
    page.select_option("#custom-scenario", "")
    page.uncheck("#custom-char-wang-lin")
    page.select_option("#custom-tile-2", "basic")
    builder.locator("[data-play=custom]").click()
    page.wait_for_url("**/game/*")
    page.wait_for_selector("#board .ufs-board")
    game = live_server.game(page.url.rsplit("/", 1)[1])
    assert game["params"]["city"] == "roswell" and game["params"]["sky"] == "TTEE"
