"""Every page on a phone (390x844 and 360x740), in a real browser: axe-core finds no serious or
critical violation, nothing scrolls sideways, fewer than 10 % of the visible controls are under
44x44 CSS px, and on a game page the decision (the prompt, the dice, the spaces they may go to,
a tapped move's preview and its message) is on the first screen, reached by tapping without
scrolling. Screenshots of each page at both sizes, and of each game at 1280x800, are artifacts.

axe-core comes from npm (``@axe-core/playwright`` pins it, ``npm ci`` installs it): a missing
``node_modules`` is a failure with the command to run, never a skip.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from e2e_support import REPO, artifacts_dir, start_game, wait_board, wait_routed

pytestmark = pytest.mark.browser

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
PHONES = {"390x844": {"width": 390, "height": 844}, "360x740": {"width": 360, "height": 740}}
WIDE = {"width": 1280, "height": 800}
TAP = 44  # CSS px: a finger's width (WCAG 2.5.5)
SMALL_SHARE = 0.10


def require_axe() -> None:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: axe-core is installed from npm. Run `npm ci` in {REPO}, then the tests again.",
                    pytrace=False)


def axe_problems(page: Any) -> list[str]:
    """The serious and critical violations axe-core finds on the page as it is now."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
        // label-content-name-mismatch is among axe's experimental rules: asked for by name
        const result = await axe.run(document, { resultTypes: ['violations'],
            rules: { 'label-content-name-mismatch': { enabled: true } } });
        return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id} (${v.impact}): ${v.nodes.length} x ` + v.nodes.slice(0, 3)
                .map((n) => n.target.join(' ') + ' — ' + n.failureSummary.replace(/\\s+/g, ' ')).join(' | '));
    }""")
    return list(found)


def sideways(page: Any) -> int:
    # against the screen's width: a phone's browser (is_mobile) widens innerWidth to what overflows
    width = page.viewport_size["width"]
    return int(page.evaluate("() => document.documentElement.scrollWidth")) - width


# what a finger may press: shown, not a visually hidden input (its label is what is pressed)
CONTROLS_JS = """(screenWidth) => {
    const sel = 'button, a[href], input:not([type=hidden]), select, textarea, [role=button], summary';
    const out = [];
    for (const node of document.querySelectorAll(sel)) {
        // a checkbox or radio is pressed by its label: the label's box is the target
        const label = /^(checkbox|radio)$/.test(node.type || '') && node.labels && node.labels[0];
        const r = (label || node).getBoundingClientRect();
        const style = getComputedStyle(node);
        // (the skip link waits above the page until it has the focus)
        if (r.width <= 2 || r.height <= 2 || r.bottom <= 0) continue;
        if (style.visibility === 'hidden' || style.display === 'none') continue;
        if (node.closest('[hidden], [inert], [aria-hidden=true]')) continue;
        const text = (node.getAttribute('aria-label') || node.textContent || node.value || '').trim().slice(0, 30);
        // past the screen's right edge, and not in a box that scrolls sideways: cut off
        let scroller = node.parentElement;
        while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowX)) {
            scroller = scroller.parentElement;
        }
        const cut = r.right > screenWidth + 1 && !scroller;
        out.push({ tag: node.tagName.toLowerCase(), text, w: Math.round(r.width), h: Math.round(r.height), cut });
    }
    return out;
}"""


def small_controls(page: Any) -> tuple[int, list[dict[str, Any]]]:
    """How many controls are shown, and those under 44x44 CSS px (a pixel's rounding allowed)."""
    controls = page.evaluate(CONTROLS_JS, page.viewport_size["width"])
    small = [c for c in controls if c["w"] < TAP - 0.5 or c["h"] < TAP - 0.5]
    return len(controls), small


def check_page(page: Any, name: str, size: str) -> None:
    """The three checks every page passes at a phone's width, and its screenshot."""
    page.screenshot(path=str(artifacts_dir() / f"phone-{size}-{name}.png"), full_page=True)
    problems = axe_problems(page)
    assert not problems, f"{name} at {size}: axe-core finds\n" + "\n".join(problems)
    assert sideways(page) <= 0, f"{name} at {size} scrolls sideways by {sideways(page)} px"
    cut = [c for c in page.evaluate(CONTROLS_JS, page.viewport_size["width"]) if c["cut"]]
    assert not cut, f"{name} at {size}: controls cut off at the screen's right edge: {cut[:6]}"
    total, small = small_controls(page)
    assert total, f"{name} at {size}: no control found"
    assert len(small) < SMALL_SHARE * total, (
        f"{name} at {size}: {len(small)} of {total} controls are under {TAP}x{TAP} px: "
        + ", ".join(f"{c['tag']} '{c['text']}' {c['w']}x{c['h']}" for c in small[:20]))


# --- the decision on the first screen -----------------------------------------------------------

BOX_JS = """(sel) => [...document.querySelectorAll(sel)].filter((n) => {
    const r = n.getBoundingClientRect(); return r.width > 0 && r.height > 0;
}).map((n) => { const r = n.getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width, h: r.height, top: (() => {
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return !!hit && (hit === n || n.contains(hit) || hit.contains(n));
    })() }; })"""


def boxes(page: Any, selector: str) -> list[dict[str, Any]]:
    return list(page.evaluate(BOX_JS, selector))


def on_first_screen(page: Any, selector: str, what: str, *, every: bool = True, pressed: bool = True) -> dict[str, Any]:
    """The nodes of ``selector`` lie inside the viewport with the page scrolled to its top, and
    nothing covers them (a drawing that takes no touch, ``pressed=False``: not under the sheet at
    the bottom of the screen); returns the first."""
    page.evaluate("() => window.scrollTo(0, 0)")
    height = page.viewport_size["height"]
    width = page.viewport_size["width"]
    found = boxes(page, selector)
    assert found, f"{what}: nothing shown ({selector})"
    sheet = boxes(page, "#board .ufs-sheet")
    floor = min([height, *(b["y"] for b in sheet)]) if not pressed else height
    inside = [b for b in found if b["y"] >= 0 and b["y"] + b["h"] <= floor + 0.5 and b["x"] >= 0
              and b["x"] + b["w"] <= width + 0.5 and (b["top"] or not pressed)]
    assert inside, f"{what} is not on the first screen ({height} px high): {found[:4]}"
    if every:
        assert len(inside) == len(found), f"not every one of {what} is on the first screen: {found}"
    return inside[0]


def tap(page: Any, box: dict[str, Any]) -> None:
    page.touchscreen.tap(box["x"] + box["w"] / 2, box["y"] + box["h"] / 2)


def ufs_decision_on_first_screen(page: Any) -> None:
    """A die and a space tapped without scrolling: the preview's whole message, the dice and the
    tapped space (to tap again and play it) stay on the first screen."""
    wait_board(page)
    board = "#board > .ufs-board"
    on_first_screen(page, f"{board} .ufs-prompt", "the prompt")
    tap(page, on_first_screen(page, f"{board} .tray-die.can-move", "the dice to place"))
    target = on_first_screen(page, f"{board} rect.hit.legal", "the spaces the chosen die may go to")
    # a room rather than an AA gun (its die moves ships: a preview with marks), clear of the sheet
    # when the message grows in it
    clear = [b for b in boxes(page, f"{board} rect.hit.legal")
             if b["top"] and b["y"] + b["h"] <= page.viewport_size["height"] - 220]
    target = max(clear, key=lambda b: b["y"]) if clear else target
    tap(page, target)
    page.wait_for_function("() => document.querySelector('#board .ufs-message')?.textContent.includes('Tap again')")
    message = on_first_screen(page, f"{board} .ufs-message", "the preview's message")
    text_fits = page.evaluate("() => { const m = document.querySelector('#board .ufs-message');"
                              " return m.scrollHeight <= m.clientHeight + 1; }")
    assert text_fits, "the preview's message is clipped"
    assert message["h"] > 0
    on_first_screen(page, f"{board} .tray-die", "the dice")
    on_first_screen(page, f"{board} rect.hit.legal", "the tapped space (tap again to play)", every=False)
    said = page.locator(f"{board} .ufs-message").inner_text()
    marks = page.locator(f"{board} .overlay > *").count()
    # the sky, where the preview is drawn, is one tap away; the message and the preview stay; back
    # to the base, the second tap on the space plays the move
    tap(page, on_first_screen(page, f"{board} .ufs-tab[data-part=sky]", "the sky's tab"))
    assert page.locator(f"{board} .ufs-svg-wrap svg").get_attribute("data-part") == "sky"
    assert page.locator(f"{board} .ufs-message").inner_text() == said, "switching to the sky lost the message"
    assert page.locator(f"{board} .overlay > *").count() == marks, "switching to the sky lost the preview"
    if marks:
        on_first_screen(page, f"{board} .overlay > *", "the preview in the sky", every=False, pressed=False)
    size = page.viewport_size
    page.screenshot(path=str(artifacts_dir() / f"phone-{size['width']}x{size['height']}-game-"
                                                f"{page.url.rsplit('/', 1)[-1]}-sky-preview.png"))
    tap(page, on_first_screen(page, f"{board} .ufs-tab[data-part=base]", "the base's tab"))
    ply = page.locator(f"{board}").get_attribute("data-ply")
    page.evaluate("() => window.scrollTo(0, 0)")
    tap(page, target)
    page.wait_for_function("ply => document.querySelector('#board > [data-ply]')?.dataset.ply !== ply", arg=ply)


def monstros_decision_on_first_screen(page: Any) -> None:
    """The turn's prompt, the move bar and the moves offered on the first screen, before and after
    a move made by tapping one of them."""
    board = "#board > .mon"
    for _ in range(2):
        wait_board(page)
        on_first_screen(page, f"{board} .mon-status", "whose turn and what to do")
        on_first_screen(page, f"{board} .mon-movebar", "the move bar")
        page.wait_for_selector(f"{board} .mon-can")  # (the next seat's moves, once its position is drawn)
        # a piece of the table to press (a card, a die, a monster) when the decision has one, not only
        # the move bar's buttons
        pieces = f"{board} .mon-grid .mon-can"
        can = on_first_screen(page, pieces if page.locator(pieces).count() else f"{board} .mon-can",
                              "the moves offered", every=False)
        ply = page.locator("#board > [data-ply]").get_attribute("data-ply")
        tap(page, can)
        page.wait_for_function("""ply => { const b = document.querySelector('#board > [data-ply]');
            return b && (b.dataset.ply !== ply || b.querySelector('.mon-selected, .mon-second')); }""", arg=ply)


# --- the pages ---------------------------------------------------------------------------------

def _finished_game(server: Any) -> str:
    game = server.api("POST", "/api/games", {"game": "ufs", "params": {"threat": 1}, "seed": 21})
    token = game["tokens"][0]["token"]
    while game["status"] == "playing":
        game = server.api("POST", f"/api/games/{game['id']}/moves",
                          {"ply": game["ply"], "action": game["moves"][0]["id"]}, {"X-Seat-Token": token})
    return str(game["id"])


def _campaign(server: Any, name: str) -> str:
    try:
        server.api("POST", "/api/campaigns", {"name": name, "threat": 0})
    except AssertionError as exc:  # made by the other size's run
        assert "409" in str(exc) or "exists" in str(exc), exc
    return name


Step = Callable[[Any], Any]


def _home(page: Any) -> None:
    wait_routed(page)


def _dialog(game: str) -> Step:
    def open_(page: Any) -> None:
        wait_routed(page)
        page.locator(f"button.game-box-{game}").click()
        page.locator("dialog.new-game[open]").wait_for()
    return open_


def _campaigns(page: Any) -> None:
    wait_routed(page)
    page.locator(".custom-builder").wait_for()


PAGES: list[tuple[str, str, Step]] = [
    ("home", "/", _home),
    ("new-ufs", "/", _dialog("ufs")),
    ("new-ufs-pnp", "/", _dialog("ufs-pnp")),
    ("new-monstros", "/", _dialog("monstros")),
    ("history", "/history", _home),
    ("campaigns", "/campaigns", _campaigns),
]


@pytest.mark.parametrize("size", list(PHONES))
def test_the_pages_on_a_phone(live_server, open_page, size):
    require_axe()
    _finished_game(live_server)
    campaign = _campaign(live_server, "Phone check")
    context = open_page.new_context(viewport=PHONES[size], touch=True)
    pages = [*PAGES, ("campaign", f"/campaign/{campaign.replace(' ', '%20')}", _home)]
    failures = []
    for name, path, ready in pages:
        page = open_page(live_server.url + path, context=context, label=f"{name} {size}")
        ready(page)
        try:
            check_page(page, name, size)
        except AssertionError as exc:
            failures.append(str(exc))
        page.close()
    assert not failures, "\n\n".join(failures)


GAMES = [
    ("ufs", {}, ufs_decision_on_first_screen),
    ("ufs-pnp", {}, ufs_decision_on_first_screen),
    ("monstros", {"Players": "1"}, monstros_decision_on_first_screen),
    ("monstros", {"Players": "3"}, monstros_decision_on_first_screen),
]


@pytest.mark.parametrize("size", list(PHONES))
@pytest.mark.parametrize(("game", "choices", "decide"), GAMES,
                         ids=["ufs", "ufs-pnp", "monstros-solo", "monstros-seats"])
def test_a_game_on_a_phone(live_server, open_page, size, game, choices, decide):
    require_axe()
    name = f"game-{game}-{len(choices) and choices.get('Players', '')}"
    page = open_page(live_server.url + "/", context=open_page.new_context(viewport=PHONES[size], touch=True),
                     label=f"{name} {size}")
    start_game(page, game, seed=4, choices=choices)
    check_page(page, name, size)
    decide(page)
    page.screenshot(path=str(artifacts_dir() / f"phone-{size}-{name}-decision.png"))


@pytest.mark.parametrize(("game", "choices"), [(g, c) for g, c, _ in GAMES], ids=["ufs", "ufs-pnp", "monstros-solo",
                                                                                 "monstros-seats"])
def test_a_game_on_a_desktop(live_server, open_page, game, choices):
    page = open_page(live_server.url + "/", viewport=WIDE)
    start_game(page, game, seed=4, choices=choices)
    assert sideways(page) <= 0
    page.screenshot(path=str(artifacts_dir() / f"desktop-game-{game}-{len(choices) and choices['Players']}.png"))


# --- the animation: a speed kept on the device, a visible skip, reduced motion ---------------------

WATCH_SKIPS = """() => {
    window.__skips = 0;
    new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) {
            if (n.nodeType === 1 && (n.matches('.ufs-skip') || n.querySelector('.ufs-skip'))) window.__skips += 1;
        }
    }).observe(document.querySelector('#board'), { childList: true, subtree: true });
}"""


def _may_end_round(page: Any) -> bool:
    board = page.locator("#board > .ufs-board")
    phase = board.get_attribute("data-phase")
    if phase == "place":
        return board.locator(".tray-die").count() == 1
    return phase == "rooms" and not board.locator("rect.hit.legal.room-use").count()


def _play_a_round(page: Any, server: Any, game_id: str, on_last: Callable[[Any], None] | None = None) -> None:
    """Clicks until the game is in its next round; ``on_last`` runs after the click that may end it."""
    from e2e_support import ufs_click_move

    start = server.game(game_id)["view"]["round"]
    for _ in range(40):
        if server.game(game_id)["view"]["round"] != start or server.game(game_id)["status"] != "playing":
            return
        ufs_click_move(page, before_wait=on_last if _may_end_round(page) else None)
    raise AssertionError("the round never ended")


def test_the_end_of_the_round_can_be_skipped_and_the_speed_is_kept(live_server, open_page):
    import time

    from e2e_support import game_id_from

    page = open_page(live_server.url + "/", viewport=WIDE)
    game_id = start_game(page, "ufs", seed=4)
    assert page.locator("#motion-speed").input_value() == "normal"
    skipped: list[float] = []

    def skip(page: Any) -> None:
        button = page.locator("#board .ufs-skip")
        button.wait_for(timeout=5_000)  # the Mothership Phase plays out: its skip is shown at once
        box = button.bounding_box()
        height = page.viewport_size["height"]
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, "the skip is off screen"
        assert button.is_visible() and button.inner_text() == "Skip animation"
        started = time.monotonic()
        button.click()
        page.wait_for_selector("#board > .ufs-board[aria-busy=false]")
        skipped.append(time.monotonic() - started)

    _play_a_round(page, live_server, game_id, on_last=skip)
    assert skipped and skipped[0] < 1.0, f"the skip took {skipped}"
    # the speed chosen is kept on the device: off, no animation (and no skip) at the next round's end
    page.select_option("#motion-speed", "off")
    assert page.evaluate("() => localStorage.getItem('soloboard.animation')") == "off"
    page.reload()
    wait_board(page)
    assert page.locator("#motion-speed").input_value() == "off"
    page.evaluate(WATCH_SKIPS)
    _play_a_round(page, live_server, game_id)
    assert page.evaluate("() => window.__skips") == 0, "an animation played with the speed set to off"
    assert game_id_from(page.url) == game_id


def test_reduced_motion_means_no_animation_unless_chosen(live_server, open_page):
    page = open_page(live_server.url + "/", context=open_page.new_context(viewport=WIDE, reduced_motion=True))
    game_id = start_game(page, "ufs", seed=4)
    assert page.locator("#motion-speed").input_value() == "off", "the system's reduced motion is the default"
    page.evaluate(WATCH_SKIPS)
    _play_a_round(page, live_server, game_id)
    assert page.evaluate("() => window.__skips") == 0
    # a person who asks for the animation gets it, reduced motion or not
    page.select_option("#motion-speed", "fast")
    page.evaluate(WATCH_SKIPS)
    _play_a_round(page, live_server, game_id)
    assert page.evaluate("() => window.__skips") >= 1, "the fast animation never played"


def _luminance(colour: str) -> float:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_white_text_on_the_result_colours_is_readable() -> None:
    """The won/lost/in-play badges and chips carry white text (WCAG AA, 4.5:1 for their small bold
    text). axe-core sees a badge only where the data shows one (a won campaign appeared on the
    campaigns page only when another test had finished one), so the colours are checked here too."""
    import re

    css = (REPO / "src" / "soloboard" / "web" / "static" / "style.css").read_text("utf-8")
    colours = {name: value for name, value in re.findall(r"--(won|lost):\s*(#[0-9a-fA-F]{6})", css)}
    colours["playing"] = re.search(r"\.badge-playing \{ background: (#[0-9a-fA-F]{6})", css).group(1)  # type: ignore[union-attr]
    assert set(colours) == {"won", "lost", "playing"}
    for name, colour in colours.items():
        ratio = (1.05) / (_luminance(colour) + 0.05)
        assert ratio >= 4.5, (name, colour, round(ratio, 2))


@pytest.mark.parametrize("size", list(PHONES))
def test_the_rarer_tools_are_under_more_on_a_phone(live_server, open_page, size):
    """The game's toolbar is one row on a phone (Undo, Hint, More); More opens Export, New game and the
    animation's pace, every one inside the screen. On a desktop they stand beside Undo and Hint."""
    page = open_page(live_server.url + "/", context=open_page.new_context(viewport=PHONES[size], touch=True),
                     label=f"more {size}")
    start_game(page, "ufs", seed=4)
    more = page.locator(".toolbar-more > summary")
    tools = [page.get_by_role("link", name="Export"), page.get_by_role("link", name="New game"),
             page.locator("#motion-speed")]
    assert more.is_visible() and not any(tool.is_visible() for tool in tools)
    toolbar = page.locator(".game-head > .toolbar").bounding_box()
    assert toolbar is not None and toolbar["height"] < 60, toolbar  # one row
    more.click()
    width = PHONES[size]["width"]
    for tool in tools:
        box = tool.bounding_box()
        assert tool.is_visible() and box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
        assert box["height"] >= 44
    page.screenshot(path=str(artifacts_dir() / f"phone-{size}-game-more.png"))
    desktop = open_page(live_server.url + "/", viewport=WIDE, label="more desktop")
    start_game(desktop, "ufs", seed=4)
    assert not desktop.locator(".toolbar-more > summary").is_visible()
    assert desktop.get_by_role("link", name="Export").is_visible() and desktop.locator("#motion-speed").is_visible()
