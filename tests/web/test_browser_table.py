"""The browser's card table, end to end in Chromium against ``phase10 serve``: the seats
around the table, the piles as controls, the hand and the moves held in view, the results of
a hand as a dialog, one live region for what happens (and one for chat and confirmations),
and the cue that it is the person's
turn (the tab's title, a notification while the tab is hidden, a sound once turned on).

Tables are made through the HTTP API (the lobby has tests of its own); the page holds the
seat's token as a browser that made the table does.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Route, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from websockets.sync.client import connect

from .conftest import LiveServer, StartLiveServer, run_axe

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))

#: What a hidden tab and the audio output look like to the page: the tab's visibility is
#: the test's to set (a headless browser's tab is always visible), and every notification
#: and tone the page makes is counted on its way to the browser's own objects.
SPIES = """
(() => {
  window.__hidden = false;
  Object.defineProperty(Document.prototype, "visibilityState", {
    configurable: true,
    get() { return window.__hidden ? "hidden" : "visible"; },
  });
  window.__notes = [];
  const Real = window.Notification;
  if (Real) {
    window.Notification = new Proxy(Real, {
      construct(target, args) {
        window.__notes.push(args[0] + " | " + ((args[1] && args[1].body) || ""));
        return Reflect.construct(target, args);
      },
    });
  }
  window.__said = [];
  document.addEventListener("DOMContentLoaded", () => {
    const status = document.getElementById("status");
    if (!status) return;
    new MutationObserver(() => {
      if (status.textContent) window.__said.push(status.textContent);
    }).observe(status, { childList: true, characterData: true, subtree: true });
  });
  window.__tones = 0;
  const create = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () {
    window.__tones += 1;
    return create.call(this);
  };
})();
"""

MakeSeat = Callable[..., Page]


def post(url: str, body: object, token: str | None = None) -> dict[str, Any]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with _DIRECT.open(request, timeout=10) as answer:
        return dict(json.loads(answer.read()))


@pytest.fixture
def server(live_server: StartLiveServer, tmp_path: Path) -> LiveServer:
    return live_server(
        f"sqlite:///{tmp_path / 'web.db'}",
        extra_args=("--bot-delay", "0.6", "--bot-workers", "0", "--hold", "30"),
    )


@pytest.fixture
def seat_page(browser: Browser, server: LiveServer) -> Iterator[MakeSeat]:
    """``seat_page(viewport, variants=[...], bots=1)``: a started Phase 10 table (or
    ``game``'s) of one person and ``bots`` easy computers, open in a page that holds the
    person's seat; ``touch`` makes the browser a phone's (a touch screen, a mobile viewport);
    ``clock`` gives the page a clock a test can move on (``page.clock``); ``turn_seconds``
    gives the table a turn timer."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def make(
        viewport: dict[str, int] | None = None,
        *,
        variants: list[str] | None = None,
        bots: int = 1,
        reduced_motion: bool = False,
        lang: str = "en",
        game: str = "phase10",
        touch: bool = False,
        clock: bool = False,
        turn_seconds: int | None = None,
    ) -> Page:
        made = post(
            f"{server.url}/api/tables",
            {
                "game": game,
                "name": "Ada",
                "variants": variants or [],
                "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "easy"}] * bots,
                "turn_seconds": turn_seconds,
            },
        )
        table, token = str(made["table"]), str(made["token"])
        post(f"{server.url}/api/tables/{table}/start", {}, token)
        context = browser.new_context(
            viewport=viewport or DESKTOP,  # type: ignore[arg-type]
            reduced_motion="reduce" if reduced_motion else "no-preference",
            is_mobile=touch,
            has_touch=touch,
        )
        contexts.append(context)
        context.grant_permissions(["notifications"], origin=server.url)
        context.add_init_script(f"localStorage.setItem('phase10:token:{table}', '{token}')")
        context.add_init_script(SPIES)
        if clock:
            # The page's own clock, which a test moves on at once instead of waiting for it
            # (``page.clock.fast_forward``); it runs at its real pace otherwise.
            context.clock.install()
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{server.url}/t/{table}?lang={lang}")
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"script errors: {errors}"


def wait_my_turn(page: Page, stage: str = "draw", timeout: float = 20.0) -> None:
    """Until the person is to play at ``stage`` (``draw``: the draw pile is open)."""
    selector = "#moves [data-key=draw]" if stage == "draw" else "#moves [data-group=discard]"
    page.locator(selector).wait_for(timeout=timeout * 1000)


def play_a_turn(page: Page) -> None:
    """Draw, choose the first card of the hand and discard it, as a player would: the
    discard button acts on the chosen card only."""
    page.locator("#moves [data-key=draw]").click()
    wait_my_turn(page, "play")
    page.locator("#hand [role=option]").first.click()
    page.locator("#moves [data-group=discard] button").first.click()
    expect(page.locator("#moves [data-group=discard]")).to_have_count(0)


def live_regions(page: Page) -> list[str]:
    """The ids of every element a screen reader speaks by itself when it changes (one in a
    closed dialog is not rendered, so not spoken: the results' own line while they are shut)."""
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll(
                '[aria-live]:not([aria-live="off"]), [role=status], [role=log], [role=alert],'
                + ' [role=marquee], [role=timer], output')]
                .filter((e) => !e.closest('dialog:not([open])'))
                .map((e) => e.id || e.tagName)"""
        )
    )


def in_viewport(page: Page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    height = page.viewport_size["height"] if page.viewport_size else 0
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def no_violations(page: Page, where: str) -> None:
    violations = run_axe(page)
    summary = [(v["id"], v["help"], [n["target"] for n in v["nodes"]][:3]) for v in violations]
    assert violations == [], f"axe on {where}: {summary}"


def test_a_whole_turn_through_the_accessibility_tree(seat_page: MakeSeat) -> None:
    """A turn as a screen reader meets it (P10-R13: draw, then discard): the table is
    headings, a list of seats, two pile buttons named with their cards, a multi-select
    listbox of the hand; the person draws with the draw pile's button, chooses a card in the
    listbox and discards it with the discard pile's button. Every sentence of the game is
    said in one live region (the status line; the only other one says chat lines and
    confirmations); the log is not spoken."""
    page = seat_page()
    wait_my_turn(page)
    assert live_regions(page) == ["status", "notes"]
    expect(page.locator("#status")).not_to_be_empty()  # whose turn it is, said at once

    tree = page.locator("#felt").aria_snapshot()
    assert re.search(r'heading "Players" \[level=2\]', tree), tree
    assert re.search(r'button "Draw pile, cards: \d+, draw a card"', tree), tree
    assert re.search(
        r'button "Discard pile, (Skip|(red|blue|yellow|green) \d+|wild), cards: \d+', tree
    ), tree
    assert re.search(r'listbox "Your hand"', tree), tree
    assert re.search(r'option "((red|blue|yellow|green) \d{1,2}|wild)', tree)
    assert page.title().startswith("Your turn · "), page.title()

    page.get_by_role("button", name=re.compile(r"^Draw pile")).click()
    # The sentence names the card in words, as a screen reader should say it.
    drew = re.compile(r"You drew a ((red|blue|yellow|green) \d{1,2}|wild|Skip)\.")
    expect(page.locator("#status")).to_contain_text(drew)
    expect(page.locator("#status")).to_contain_text(
        re.compile(r"It is your turn: (lay down|hit|discard)")
    )
    # The turn goes on in the hand, and so does the focus (a pile button keeps a screen
    # reader in its browse mode, where the next move key is its own).
    expect(page.locator("#hand [role=option]:focus")).to_have_count(1)
    # No move button is said with a card's notation.
    coded = re.compile(r"(?<![\w=])([RBYG]\d{1,2}|W=\w+)(?![\w=])")
    said = page.locator("#moves button").evaluate_all(
        "(bs) => bs.map((b) => b.getAttribute('aria-label') || b.textContent)"
    )
    assert not [label for label in said if coded.search(label)], said
    assert len([line for line in page.evaluate("window.__said") if "You drew" in line]) == 1

    hand = page.get_by_role("listbox", name="Your hand")
    option = hand.get_by_role("option").first
    card = option.get_attribute("data-card") or ""
    option.click()
    expect(option).to_have_attribute("aria-selected", "true")
    # The button for the chosen card shows it by notation, short enough for a phone, and a
    # screen reader says it in words ("Discard red 7").
    if card != "S":
        chosen = page.locator("#moves [data-key=discard-chosen]")
        expect(chosen).to_have_text(f"Discard {card}")
        expect(chosen).to_have_accessible_name(
            re.compile(r"^Discard ((red|blue|yellow|green) \d+|wild)$")
        )
    discard = page.get_by_role("button", name=re.compile(r"^Discard pile"))
    expect(discard).to_contain_text("discard the chosen card here")
    discard.click()
    if card == "S":  # a Skip names its target: the move's own button asks for it
        page.locator("#moves [data-group=discard] button").first.click()
    colours = {"R": "red", "B": "blue", "Y": "yellow", "G": "green"}
    words = {"S": "a Skip", "W": "a wild"}.get(card) or f"a {colours[card[0]]} {card[1:]}"
    expect(page.locator("#log")).to_contain_text(f"You discarded {words}")
    # Said once in the status line, however soon the computer's move follows it.
    said = page.evaluate("window.__said")
    assert len([line for line in said if f"You discarded {words}" in line]) == 1, said
    # No sentence of the log names a card by its notation.
    logged = page.locator("#log").inner_text()
    assert not re.search(r"(?<![\w=])([RBYG]\d{1,2}|W=\w+)(?![\w=])", logged), logged
    # The computer plays next: the title no longer says it is the person's turn, and its
    # moves reach the status line too.
    expect(page).not_to_have_title(re.compile("^Your turn"))
    expect(page.locator("#status")).to_contain_text(re.compile(r"Ann (drew|took)"))
    assert live_regions(page) == ["status", "notes"]


def test_the_seats_show_each_player_with_their_groups(seat_page: MakeSeat) -> None:
    """The other players sit around the table, each with their goal (P10-R09: phases are
    public), their number of cards in words, and, once laid down (P10-R20), their groups in
    their own seat; a hint does not move the hand out of view. axe finds nothing."""
    page = seat_page(bots=2)
    seats = page.locator("#players > li.seat")
    expect(seats).to_have_count(2)
    expect(seats.first).to_contain_text("Phase 1: set of 3 + set of 3")
    expect(seats.first).to_contain_text(re.compile(r"cards in hand: \d+"))
    deadline = time.monotonic() + 60
    while page.locator("#players .seat .group, #my-groups .group").count() == 0:
        assert time.monotonic() < deadline, "nobody laid down in time"
        if page.locator("#moves [data-key=hint]").count() == 0:
            page.wait_for_timeout(50)
            continue
        page.locator("#hand [role=option]").first.focus()
        before = page.evaluate("window.scrollY")
        page.keyboard.press("i")
        play = page.locator("#moves [data-key=hint-play]")
        play.wait_for()
        assert in_viewport(page, "#hand [role=option]"), "the hint scrolled the hand away"
        assert page.evaluate("window.scrollY") == before
        version = page.locator("#moves").get_attribute("data-version")
        play.click()
        page.wait_for_function(
            "(v) => document.getElementById('moves').dataset.version !== v", arg=version
        )
    for seat in page.locator("#players > li.seat").all():
        for group in seat.locator(".group").all():
            expect(group).to_be_visible()
    # A group reads as its name and its cards in words; its notation is only shown.
    group = page.locator("#players .seat .group, #my-groups .group").first
    said = group.aria_snapshot()
    assert re.search(r"(red|blue|yellow|green) \d{1,2}", said), said
    assert not re.search(r"(?<![\w=])([RBYG]\d{1,2}|W=\w+)(?![\w=])", said), said
    # ... with a pause after the name and between the cards: "set of 5s: red 5, blue 5, ..."
    heard = " ".join(
        group.evaluate(
            """(g) => { const c = g.cloneNode(true);
                c.querySelectorAll('[aria-hidden=true]').forEach((e) => e.remove());
                return c.textContent; }"""
        ).split()
    )
    name = group.locator(".group-name").text_content() or ""
    assert re.match(
        rf"{re.escape(name)}: ((red|blue|yellow|green) \d{{1,2}}|wild[^,]*)(, |$)", heard
    ), heard
    no_violations(page, "the table with groups down")


#: Of each element of ``selectors`` that is on the screen, what covers it: the points where
#: another part of the page (not the seats, piles, hand or moves the element is in) is drawn
#: on top of it, and elements whose text is cut by their own box; [] when every one shows
#: whole. ``whole`` further asks
#: that each element of those selectors lie within the first screen, not only partly.
COVERED = """([selectors, whole]) => {
    const height = window.innerHeight, width = window.innerWidth, found = [];
    for (const node of document.querySelectorAll(selectors)) {
        const box = node.getBoundingClientRect();
        if (!box.width || !box.height) continue;
        const what = (node.id || node.className) + ": " + node.textContent.trim().slice(0, 40);
        if (whole && (box.top < 0 || box.bottom > height)) {
            found.push(`${what}: not whole on the first screen (${box.top}-${box.bottom})`);
            continue;
        }
        const clips = getComputedStyle(node).overflowY !== "visible";
        if (clips && node.scrollHeight > node.clientHeight + 1) {
            found.push(`${what}: its text is cut`);
        }
        for (const [fx, fy] of [[0.5, 0.5], [0.1, 0.1], [0.9, 0.1], [0.1, 0.9], [0.9, 0.9]]) {
            const x = box.left + box.width * fx, y = box.top + box.height * fy;
            if (y < 0 || y >= height || x < 0 || x >= width) continue;
            const top = document.elementFromPoint(x, y);
            const part = node.closest("#players, #piles, #hand, #moves") || node;
            if (top && !part.contains(top) && !top.contains(node)) {
                found.push(`${what}: covered at (${fx}, ${fy}) by ${top.id || top.className}`);
            }
        }
    }
    return found;
}"""

#: What a player reads of the table: each line of each other seat, each pile, the cards of
#: the hand and the moves.
TABLE_LINES = "#players .seat > *, #piles .pile, #hand [role=option], #moves button"


def nothing_covered_as_it_scrolls(page: Page, where: str) -> None:
    """Unscrolled, every seat's lines and every pile are whole on the first screen; then,
    screen by screen down the page, nothing the player reads lies under anything else."""
    page.evaluate("window.scrollTo(0, 0)")
    first = page.evaluate(COVERED, ["#players .seat > *, #piles .pile", True])
    assert first == [], f"{where}, first screen: {first}"
    height = page.evaluate("window.innerHeight")
    bottom = page.evaluate("document.documentElement.scrollHeight")
    for y in range(0, bottom, height // 3):
        page.evaluate("(y) => window.scrollTo(0, y)", y)
        covered = page.evaluate(COVERED, [TABLE_LINES, False])
        assert covered == [], f"{where}, scrolled to {y}: {covered}"
    page.evaluate("window.scrollTo(0, 0)")


def test_a_turn_that_comes_puts_the_focus_on_the_hand_without_scrolling_a_phone(
    seat_page: MakeSeat,
) -> None:
    """When the player's turn comes with the focus nowhere, the focus goes to the hand (where
    a screen reader passes the move keys to the page), but a phone is not scrolled down to
    it: the table and the piles, which the turn starts with, stay in view."""
    page = seat_page(PHONE, bots=3, lang="en")
    wait_my_turn(page, "draw")
    expect(page.locator("#hand [role=option]:focus")).to_have_count(1)
    assert page.evaluate("window.scrollY") == 0


@pytest.mark.parametrize("lang", ["en", "fr", "de", "nl"])
def test_a_phone_shows_the_whole_table_with_nothing_over_it(seat_page: MakeSeat, lang: str) -> None:
    """On a 360x740 phone, in each language, the hand is not held over the table: unscrolled,
    every line of each other seat and the piles (which draw and take) are whole on the first
    screen, and down the page the hand and the moves of the decision at hand follow, nothing
    covering anything; nothing scrolls sideways; axe finds nothing."""
    page = seat_page(PHONE, bots=3, lang=lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    for stage in ("draw", "play"):
        wait_my_turn(page, stage)
        nothing_covered_as_it_scrolls(page, f"{lang}, {stage}")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{width} px wide"
        # Each pile's name on one line: "Ablagestapel" beside the card broke mid-word.
        lines = page.evaluate(
            """() => [...document.querySelectorAll('#felt .pile-label')].map((label) => {
                const range = document.createRange();
                range.selectNodeContents(label);
                return [label.textContent, range.getClientRects().length];
            })"""
        )
        assert all(count == 1 for _name, count in lines), lines
        if stage == "draw":
            no_violations(page, "the phone table")
            page.locator("#moves [data-key=draw]").click()


#: A phone held upright, in CSS pixels.
TALL_PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize("game", ["programmes", "phase10"])
def test_four_players_on_a_touch_phone_cut_no_line(seat_page: MakeSeat, game: str) -> None:
    """A four-player table on a 390x844 touch phone in German: each other player's lines
    ("Karten auf der Hand: 13") and the piles are whole on the first screen, and nothing the
    player reads lies under their hand as the page scrolls, before and after their draw; the
    turn's sentence is shown once, by the hand, which in Phase 10 begins on the first
    screen."""
    page = seat_page(TALL_PHONE, bots=3, lang="de", game=game, touch=True)
    for stage in ("draw", "play"):
        wait_my_turn(page, stage)
        expect(page.locator("#players .seat").first).to_contain_text("Karten auf der Hand")
        if stage == "draw":
            # The turn's sentence is shown once, by the hand, which starts on the first
            # screen: the status line above the players, the same sentence again, pushed it
            # down. Screen readers still read it there.
            page.evaluate("window.scrollTo(0, 0)")
            status, news = page.locator("#status"), page.locator("#hand-news")
            expect(status).to_contain_text("Du bist am Zug")
            expect(news).to_be_visible()
            assert news.text_content() == status.text_content()
            box = status.bounding_box()
            assert box is not None
            assert box["width"] <= 1, box
            first = page.locator("#hand [role=option]").first.bounding_box()
            assert first is not None
            # (A programmes seat says more, its program and its completed ones, which may
            # take the hand below the first screen.)
            assert game == "programmes" or first["y"] < TALL_PHONE["height"], first
        nothing_covered_as_it_scrolls(page, f"{game}, {stage}")
        if stage == "draw":
            page.locator("#moves [data-key=draw]").click()


@pytest.mark.parametrize("game", ["programmes", "phase10"])
def test_a_phone_shows_each_player_the_facts_a_desktop_shows(
    seat_page: MakeSeat, game: str
) -> None:
    """At the same moment, each other seat reads the same on a phone as on a desktop (wrapped,
    not cut short): whether a computer plays it and at which level, the program or phase
    and how far they got, and their cards in words; and the seat's own facts after its goal."""
    page = seat_page(DESKTOP, bots=3, lang="de", game=game)
    wait_my_turn(page)  # the computers wait for the person: the table holds still
    # (The groups a player laid down are listed below the hand on a phone, each seat's
    # beside it on a desktop.)
    read = """() => [...document.querySelectorAll('#players .seat')].map((seat) =>
        [...seat.querySelectorAll(':scope > :not(.seat-groups)')]
            .filter((line) => line.checkVisibility())
            .map((line) => line.innerText.replace(/\\s+/g, ' ').trim()))"""
    wide = page.evaluate(read)
    assert len(wide) == 3, wide
    assert all("Computer: leicht" in " ".join(seat) for seat in wide), wide
    mine = "() => document.querySelector('#me-line').innerText.replace(/\\s+/g, ' ').trim()"
    own = page.evaluate(mine)
    page.set_viewport_size(TALL_PHONE)  # type: ignore[arg-type]
    page.wait_for_function("window.innerWidth === 390")
    assert page.evaluate(read) == wide
    # The seat's own facts too: a phone has no s key to ask for the scores.
    assert page.evaluate(mine) == own


def test_other_players_moves_are_marked_without_motion_when_asked(seat_page: MakeSeat) -> None:
    """Another player's move is marked on their seat for a moment; with reduced motion the
    mark is an outline, never an animation."""
    for reduced in (False, True):
        page = seat_page(reduced_motion=reduced)
        wait_my_turn(page)
        page.locator("#moves [data-key=draw]").click()
        wait_my_turn(page, "play")
        page.locator("#hand [role=option]").first.click()
        page.get_by_role("button", name=re.compile(r"^Discard pile")).click()
        if page.locator("#moves [data-group=discard] button").count() > 1:
            page.locator("#moves [data-group=discard] button").first.click()
        marked = page.locator("#players .seat.flash")
        # Read where it is drawn, in one step (the seats are drawn again on each update).
        style = page.wait_for_function(
            """() => {
                const seat = document.querySelector('#players .seat.flash');
                if (!seat || !seat.isConnected) return null;
                const style = getComputedStyle(seat);
                return [style.animationName, style.outlineStyle];
            }"""
        ).json_value()
        assert style == (["none", "dashed"] if reduced else ["flash", "none"]), (reduced, style)
        expect(marked).to_have_count(0)  # the mark goes by itself


def play_hints_until_results(page: Page) -> Locator:
    """Play the hint's move on each of the person's turns until the first hand's results
    open (P10-R31); the results dialog."""
    dialog = page.get_by_role("dialog", name="Results")
    play_hints_until(page, dialog.is_visible, "the hand did not end in time")
    return dialog


def play_hints_until(
    page: Page, done: Callable[[], bool], late: str, *, close_results: bool = False
) -> None:
    """Play the hint's move on each of the person's turns until ``done()`` (``late`` says
    what did not happen within 90 s); ``close_results`` closes a hand's results on the way."""
    dialog = page.get_by_role("dialog", name="Results")
    deadline = time.monotonic() + 90
    while not done():
        assert time.monotonic() < deadline, late
        if close_results and dialog.is_visible():
            page.keyboard.press("Escape")
        if page.locator("#moves [data-key=hint]").count() == 0:
            page.wait_for_timeout(50)
            continue
        version = page.locator("#moves").get_attribute("data-version")
        try:
            page.locator("#moves [data-key=hint]").click(timeout=3000)
            page.locator("#moves [data-key=hint-play]").click(timeout=3000)
        except PlaywrightTimeoutError:
            # The results dialog opened over the moves after the check above; the loop's
            # test sees it (and its deadline still catches a hint that never answers).
            continue
        page.wait_for_function(
            """(v) => document.getElementById('moves').dataset.version !== v
                || document.getElementById('summary').open""",
            arg=version,
        )


def test_b_names_the_player_s_own_groups_as_theirs(seat_page: MakeSeat) -> None:
    """P10-R15: once the person's phase is down, b says the table's groups under each owner's
    name as the table shows them, theirs under "Ada (you)", not as another player's."""
    page = seat_page()
    groups = page.locator("#groups")
    play_hints_until(
        page,
        lambda: "Ada (you)" in groups.inner_text(),
        "the person's phase did not go down in time",
        close_results=True,
    )
    page.locator("#hand [role=option][tabindex='0']").focus()
    page.keyboard.press("b")
    expect(page.locator("#status")).to_contain_text(re.compile(r"Ada \(you\): (set|run|colour)"))


def test_the_results_of_a_hand_are_a_dialog_that_waits_to_be_read(
    seat_page: MakeSeat,
) -> None:
    """A hand's end (P10-R31) opens its results as a modal dialog with its points
    (P10-R34). WCAG 2.2.1: with the focus in them they never close by themselves, not even
    once a computer has opened the next hand and it is the person's turn (a braille reader
    gives no sign of how far they have read); Escape closes them at once, the turn is said
    again and the focus is back on the hand. axe finds nothing."""
    page = seat_page(variants=["n_phases=2"], clock=True)
    dialog = play_hints_until_results(page)
    expect(dialog.get_by_role("heading", name="Results")).to_be_focused()
    expect(dialog.get_by_role("heading", name="Hand 1 ended.")).to_be_visible()
    expect(dialog.get_by_role("columnheader", name="Points this hand")).to_be_visible()
    no_violations(page, "the results of a hand")
    expect(page.locator("#info")).to_contain_text("hand 2")
    # Who opens hand 2 is said with the deal, in the same sentence as the hand's end.
    said = page.evaluate("window.__said")
    dealt = [line for line in said if "Hand 2 is dealt" in line or "You deal hand 2" in line]
    assert len(dealt) == 1, said
    wait_my_turn(page, timeout=30)
    page.clock.fast_forward(13_000)  # past both of the times unread results close by themselves
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator("#hand [role=option][tabindex='0']")).to_be_focused()
    expect(page.locator("#status")).to_have_text("It is your turn: draw a card.")
    page.keyboard.press("d")
    wait_my_turn(page, "play")


def test_a_timed_turn_keeps_its_clock_in_view_on_a_phone_and_over_the_results(
    seat_page: MakeSeat,
) -> None:
    """A table with a turn timer (the server's turn clock, D-19's turn in time): on a phone,
    the player's own clock stays at the top of the screen while they scroll down to their
    cards, and when the next hand starts their turn while a hand's results (P10-R31) are
    being read, the results show the clock that runs behind them."""
    page = seat_page(PHONE, variants=["n_phases=2"], touch=True, turn_seconds=120)
    wait_my_turn(page)
    clock = page.locator("#turn-clock")
    expect(clock).to_have_text(re.compile(r"left for your turn$"))
    expect(clock).to_have_class(re.compile(r"\bmine\b"))
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert page.evaluate("window.scrollY") > 300, "the page is too short to scroll"
    top = page.evaluate("document.getElementById('turn-clock').getBoundingClientRect().top")
    assert 0 <= top < 40, f"the clock is {top} px from the top of the screen, out of view"
    dialog = play_hints_until_results(page)
    shown = dialog.locator("#summary-clock")
    # Results being read never close by themselves (WCAG 2.2.1): the clock says what waits.
    expect(shown).to_have_text(re.compile(r"^\d:\d\d left for your turn$"), timeout=30_000)
    expect(dialog).to_be_visible()
    no_violations(page, "a hand's results over a timed turn")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(clock).to_be_visible()


def test_a_reloaded_table_opens_at_its_top_as_a_visit_does(seat_page: MakeSeat) -> None:
    """A phone reloads a tab it had put away: the table opens at its top, where whose turn
    it is and the player's seat are (P10-R13), not at the place it had been scrolled to,
    which the page's later content had moved (the keys' list, the log)."""
    page = seat_page(PHONE, touch=True)
    wait_my_turn(page)
    page.evaluate("window.scrollTo(0, 1200)")
    assert page.evaluate("window.scrollY") > 600, "the page is too short to scroll"
    page.reload()
    wait_my_turn(page)
    page.wait_for_timeout(500)  # the browser's own restoring comes after the load
    assert page.evaluate("window.scrollY") == 0


def test_results_nobody_reads_give_way_to_the_next_hand(seat_page: MakeSeat) -> None:
    """A sighted player's results that lost the focus (a click beside them) and were never
    touched close by themselves a few seconds into the next hand, as before: the turn is
    said again and the focus is on the hand, where a move key makes the move."""
    page = seat_page(variants=["n_phases=2"], clock=True)
    dialog = play_hints_until_results(page)
    page.evaluate("document.activeElement.blur()")
    wait_my_turn(page, timeout=30)
    page.clock.fast_forward(13_000)  # past the time unread results stay up
    expect(dialog).to_be_hidden()
    expect(page.locator("#hand [role=option][tabindex='0']")).to_be_focused()
    expect(page.locator("#status")).to_have_text("It is your turn: draw a card.")
    page.keyboard.press("d")
    wait_my_turn(page, "play")


def test_results_kept_open_still_say_what_happens_behind_them(seat_page: MakeSeat) -> None:
    """WCAG 2.2.1 (timing adjustable), P10-R31: a player may keep a hand's results open
    until they close them; while the modal dialog hides the page's status line, the dialog's
    own line says what happens (here: that it is the person's turn in hand 2)."""
    page = seat_page(variants=["n_phases=2"], clock=True)
    dialog = play_hints_until_results(page)
    keep = dialog.get_by_role("checkbox", name="Keep the results open until I close them")
    keep.check()
    # The person's turn in hand 2 comes while the results are up, and they stay.
    expect(page.locator("#summary-status")).to_contain_text("It is your turn", timeout=30_000)
    page.clock.fast_forward(13_000)  # past both of the times the results close by themselves
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator("#hand [role=option][tabindex='0']")).to_be_focused()
    # The choice is remembered for the next results.
    assert page.evaluate("localStorage.getItem('phase10:keep-results')") == "1"


def test_each_seat_is_a_heading_that_reads_as_a_phrase(seat_page: MakeSeat) -> None:
    """Each other seat's heading reads as a screen reader says it: the name, then "to play"
    (whose turn it is, P10-R13) and "dealer" (P10-R09) after commas, with no space before a
    comma."""
    page = seat_page(bots=2)
    wait_my_turn(page)
    phrase = re.compile(r"^[^ ,]+(, to play)?(, dealer)?$")
    for heading in page.locator("#players h3").all():
        expect(heading).to_have_accessible_name(phrase)
    # The person plays the hints to the end of their turn: then another seat is to play for
    # a moment (the computers wait 0.6 s here).
    to_play = page.locator("#players h3").filter(has_text="to play")
    deadline = time.monotonic() + 30
    while to_play.count() == 0:
        assert time.monotonic() < deadline, "no other seat came to play"
        try:
            page.locator("#moves [data-key=hint]").click(timeout=500)
            page.locator("#moves [data-key=hint-play]").click(timeout=2000)
        except PlaywrightTimeoutError:
            continue  # not the person's turn at that moment
    expect(to_play).to_have_accessible_name(re.compile(r"^[^ ,]+, to play(, dealer)?$"))


def test_your_turn_is_told_by_the_title_a_notification_and_a_sound(seat_page: MakeSeat) -> None:
    """The tab's title says when it is the person's turn. A notification comes only when
    the person asked for it and the tab is hidden; the sound is off until turned on."""
    page = seat_page()
    wait_my_turn(page)
    expect(page).to_have_title(re.compile(r"^Your turn · "))
    expect(page.get_by_role("button", name="Play a sound")).to_have_attribute(
        "aria-pressed", "false"
    )
    assert page.evaluate("window.__tones") == 0
    page.get_by_role("button", name="Notify me").click()
    expect(page.get_by_role("button", name="Notify me")).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Play a sound").click()
    expect(page.get_by_role("button", name="Play a sound")).to_have_attribute(
        "aria-pressed", "true"
    )
    tones = page.evaluate("window.__tones")
    assert tones > 0, "turning the sound on plays it once"
    # A turn, then the tab is hidden: the next turn notifies and sounds.
    page.locator("#moves [data-key=draw]").click()
    wait_my_turn(page, "play")
    page.locator("#hand [role=option]").first.click()
    page.get_by_role("button", name=re.compile(r"^Discard pile")).click()
    if page.locator("#moves [data-group=discard] button").count() > 1:
        page.locator("#moves [data-group=discard] button").first.click()
    page.evaluate("window.__hidden = true")
    expect(page).not_to_have_title(re.compile("^Your turn"))
    wait_my_turn(page)
    page.wait_for_function("window.__notes.length > 0")
    notes = page.evaluate("window.__notes")
    assert notes[0].startswith("Your turn · "), notes
    assert "draw" in notes[0], notes
    assert page.evaluate("window.__tones") > tones
    # Visible again, the notification is not repeated on the next turn.
    page.evaluate("window.__hidden = false")
    page.locator("#moves [data-key=draw]").click()
    wait_my_turn(page, "play")
    page.locator("#hand [role=option]").first.click()
    page.get_by_role("button", name=re.compile(r"^Discard pile")).click()
    if page.locator("#moves [data-group=discard] button").count() > 1:
        page.locator("#moves [data-group=discard] button").first.click()
    wait_my_turn(page)
    assert len(page.evaluate("window.__notes")) == 1


def test_the_cards_a_player_took_are_listed_in_words(seat_page: MakeSeat) -> None:
    """Taking the discard pile's top is done in front of everyone (D-19), so the seat's facts
    list what it took this hand; in words ("took from the discard pile: red 7"), as a screen
    reader should say them, never by notation ("R7")."""
    page = seat_page()
    take = page.locator("#moves [data-key=take]")
    for _turn in range(8):
        wait_my_turn(page)
        if take.count():
            break
        # A Skip on the discard pile cannot be taken (D-07): play a turn and look again.
        play_a_turn(page)
    else:
        pytest.fail("the discard pile's top was a Skip on eight turns")
    name = page.get_by_role("button", name=re.compile(r"^Discard pile")).get_attribute("aria-label")
    found = re.match(r"Discard pile, ((red|blue|yellow|green) \d+|wild),", name or "")
    assert found, name
    take.click()
    facts = page.locator("#me-line")
    expect(facts).to_contain_text(f"took from the discard pile: {found.group(1)}")
    assert not re.search(r"(?<![\w=])([RBYG]\d{1,2}|W)(?![\w=])", facts.inner_text())


def test_a_letter_with_no_key_says_so(seat_page: MakeSeat) -> None:
    """A letter the table has no key for is answered ("press ? for the keys"), as an
    unknown typed command is in the line client; a key of the map still does its work."""
    page = seat_page()
    wait_my_turn(page)
    page.locator("#hand [role=option]").first.focus()
    page.keyboard.press("z")
    expect(page.locator("#status")).to_have_text(
        "The key z does nothing here: press ? for the keys."
    )
    page.keyboard.press("w")
    expect(page.locator("#status")).not_to_contain_text("does nothing")
    # Enter on a card plays nothing, and says how a card is chosen and played (it was
    # silent: play-tested by a blind player, after docs/keys.md's "Enter plays").
    page.keyboard.press("Enter")
    expect(page.locator("#status")).to_have_text(
        "Space chooses a card; a lists the moves, and a move's key plays it with the cards chosen."
    )
    # The order's button label said inside a sentence, its first letter small.
    page.keyboard.press("o")
    expect(page.locator("#notes")).to_have_text(
        re.compile(r"^The order of your hand: by (colour|number)\.$")
    )


def test_escape_brings_the_focus_back_to_the_hand_then_clears_the_choice(
    seat_page: MakeSeat,
) -> None:
    """Escape backs out one step: from a move's button or the chat's field to the hand, the
    chosen cards kept, then in the hand clears the choice. A screen reader's browse mode takes
    letter keys on a button, so the way back to where the move keys work (P10-R13: draw, then
    play) must be one key, not a dozen Shift+Tabs."""
    page = seat_page()
    wait_my_turn(page)
    page.locator("#moves [data-key=draw]").click()
    wait_my_turn(page, "play")
    hand = page.locator("#hand [role=option]")
    hand.first.focus()
    page.keyboard.press("Space")
    expect(hand.first).to_have_attribute("aria-selected", "true")
    page.locator("#moves [data-group=discard] button").first.focus()
    page.keyboard.press("Escape")
    focused = page.locator("#hand [role=option]:focus")
    expect(focused).to_have_count(1)
    expect(hand.first).to_have_attribute("aria-selected", "true")
    page.keyboard.press("Escape")
    expect(page.locator("#hand [aria-selected=true]")).to_have_count(0)
    expect(page.locator("#status")).to_have_text("No card is chosen now.")
    # From the chat's field too: what was typed stays, for later.
    chat = page.locator("#chat-input")
    chat.fill("good luck")
    chat.focus()
    page.keyboard.press("Escape")
    expect(page.locator("#hand [role=option]:focus")).to_have_count(1)
    expect(chat).to_have_value("good luck")
    # Two cards chosen and x: the refusal says two are chosen (P10-R13: one card is
    # discarded), not only to choose one, which read as if none were.
    page.keyboard.press("Home")
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    expect(page.locator("#hand [aria-selected=true]")).to_have_count(2)
    page.keyboard.press("x")
    expect(page.locator("#status")).to_have_text(
        "You have chosen 2 cards: choose just one to discard."
    )


def test_off_its_turn_a_seat_is_told_whose_turn_it_is(browser: Browser, server: LiveServer) -> None:
    """Off the seat's turn (P10-R14), the hint key and the draw key both say whose turn it
    is ("It is Bea's turn, not yours."), in the page's language, not only that it is not
    the seat's: a screen reader's user learns it without asking again."""
    made = post(
        f"{server.url}/api/tables",
        {"game": "phase10", "name": "Ada", "seats": [{"kind": "person"}, {"kind": "person"}]},
    )
    table = str(made["table"])
    joined = post(f"{server.url}/api/tables/{table}/join", {"name": "Bea"})
    post(f"{server.url}/api/tables/{table}/start", {}, str(made["token"]))
    tokens = {"Ada": str(made["token"]), "Bea": str(joined["token"])}
    pages: dict[str, Page] = {}
    for name, token in tokens.items():
        context = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]
        context.add_init_script(f"localStorage.setItem('phase10:token:{table}', '{token}')")
        pages[name] = context.new_page()
        pages[name].goto(f"{server.url}/t/{table}?lang=fr")
    try:
        deadline = time.monotonic() + 15
        draws = {name: page.locator("#moves [data-key=draw]") for name, page in pages.items()}
        while not any(draw.count() for draw in draws.values()):
            assert time.monotonic() < deadline, "neither seat was given the first turn"
            time.sleep(0.1)
        playing = "Ada" if draws["Ada"].count() else "Bea"
        waiting = pages["Bea" if playing == "Ada" else "Ada"]
        said = f"C'est au tour {'d’' if playing == 'Ada' else 'de '}{playing}, pas au vôtre."
        waiting.locator("#hand [role=option]").first.focus()
        for key in ("i", "d"):
            waiting.keyboard.press(key)
            expect(waiting.locator("#status")).to_have_text(said.replace("’", "'"))
            waiting.locator("#status").evaluate("node => { node.textContent = ''; }")
    finally:
        for page in pages.values():
            page.context.close()


#: A 1280x800 laptop's window at 200% zoom, in CSS pixels.
ZOOMED = {"width": 640, "height": 400}


def test_at_double_zoom_no_focused_control_of_the_table_is_covered(seat_page: MakeSeat) -> None:
    """In a short window (a laptop at 200% zoom), the hand is not held over the table: each
    pile, card and move, focused, shows itself, nothing covers it (WCAG 2.4.11), and nothing
    scrolls sideways."""
    page = seat_page(ZOOMED)
    wait_my_turn(page)
    controls = page.locator("#felt button, #hand [role=option], #moves button")
    assert controls.count() > 10
    for index in range(controls.count()):
        control = controls.nth(index)
        control.focus()
        covered = control.evaluate(
            """(node) => {
                node.scrollIntoView({ block: "nearest" });
                const box = node.getBoundingClientRect();
                const x = box.left + box.width / 2, y = box.top + box.height / 2;
                const top = document.elementFromPoint(x, y);
                const shown = top && (node === top || node.contains(top));
                return shown ? "" : String(top?.outerHTML).slice(0, 80);
            }"""
        )
        assert not covered, (
            f"{control.get_attribute('aria-label') or control.inner_text()}: {covered}"
        )
    assert page.evaluate("document.documentElement.scrollWidth") <= ZOOMED["width"]


def test_the_keys_listed_and_said_are_this_games_own(
    seat_page: MakeSeat, browser: Browser, server: LiveServer
) -> None:
    """A Phase 10 table lists and says (with ?) only the keys of Phase 10's moves (P10-R13:
    draw, lay down, hit, discard), before its game starts too: no programmes key for a
    reveal, a new set or a swap."""
    made = post(
        f"{server.url}/api/tables",
        {"game": "phase10", "name": "Ada", "seats": [{"kind": "person"}, {"kind": "person"}]},
    )
    context = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]
    try:
        waiting = context.new_page()
        waiting.goto(f"{server.url}/t/{made['table']}?lang=en")
        for key in ("v", "n", "e"):
            expect(waiting.locator(f"#keys div:has(kbd:text-is('{key}'))")).to_be_hidden()
        expect(waiting.locator("#keys div:has(kbd:text-is('l'))")).to_be_visible()
    finally:
        context.close()
    page = seat_page()
    wait_my_turn(page)
    page.locator("#hand [role=option]").first.focus()
    page.keyboard.press("?")
    said = page.locator("#status")
    expect(said).to_contain_text("Keys: d draw from the draw pile, t take the top of the")
    expect(said).to_contain_text("l lay down your phase")
    for other in ("reveal", "new set", "swap"):
        expect(said).not_to_contain_text(other)


def test_a_move_key_pressed_with_the_focus_nowhere_leaves_it_on_the_hand(
    seat_page: MakeSeat,
) -> None:
    """The draw key (P10-R13) pressed before anything has the focus (the page just loaded)
    draws, and the focus is then on the hand, where the player chooses the discard: a
    screen reader's user is not left at the top of the page."""
    page = seat_page()
    wait_my_turn(page)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    assert page.evaluate("document.activeElement === document.body")
    page.keyboard.press("d")
    wait_my_turn(page, "play")
    expect(page.locator("#hand [role=option][tabindex='0']")).to_be_focused()


def test_a_move_made_by_its_button_leaves_the_focus_on_the_hand(
    seat_page: MakeSeat,
) -> None:
    """P10-R13: the page opened on the person's turn puts the focus on the hand (where a
    screen reader passes the move keys to the page). Enter on the draw pile's move draws;
    the focus then rests on the hand, as after the d key: not on the next move's button,
    where a second Enter would discard a card the player never chose, nor on a heading,
    where a screen reader's browse mode takes the letter keys for its own. ``?`` says the
    keys and leaves the focus there too."""
    page = seat_page()
    wait_my_turn(page)
    focused = page.locator("#hand [role=option][tabindex='0']")
    expect(focused).to_be_focused()
    page.locator("#moves [data-key=draw]").focus()
    page.keyboard.press("Enter")
    wait_my_turn(page, "play")
    expect(focused).to_be_focused()
    hand = page.locator("#hand [role=option]").count()
    page.keyboard.press("Enter")  # on a card: nothing happens
    page.wait_for_timeout(300)
    assert page.locator("#hand [role=option]").count() == hand
    page.keyboard.press("?")
    expect(page.locator("#status")).to_contain_text("Keys: d draw from the draw pile")
    expect(focused).to_be_focused()
    # The discard by its button: the focus is on the hand once the turn has gone on.
    page.locator("#hand [role=option]").first.click()
    page.locator("#moves [data-group=discard] button").first.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#moves [data-group=discard]")).to_have_count(0)
    expect(focused).to_be_focused()


def test_h_says_the_hand_and_takes_the_focus_back_to_it(seat_page: MakeSeat) -> None:
    """P10-R13: from the game log beside the table, ``h`` says the hand and puts the focus
    back on the cards, where the turn goes on."""
    page = seat_page()
    wait_my_turn(page)
    page.locator("#log").focus()
    expect(page.locator("#hand [role=option]:focus")).to_have_count(0)
    page.keyboard.press("h")
    # How many cards, then each in words, ended as every other sentence.
    count = page.locator("#hand [role=option]").count()
    card = r"((red|blue|yellow|green) \d{1,2}|wild|Skip)"
    expect(page.locator("#status")).to_have_text(
        re.compile(rf"^Your hand, {count} cards: {card}(, {card}){{{count - 1}}}\.$")
    )
    expect(page.locator("#hand [role=option][tabindex='0']")).to_be_focused()


def test_the_focus_stays_on_its_card_when_a_draw_moves_the_hand(seat_page: MakeSeat) -> None:
    """P10-R13: a drawn card takes its place in the sorted hand; the card under the focus
    (here the last, which most draws push along) stays under it, not whichever card moved
    into its place."""
    page = seat_page()
    wait_my_turn(page)
    last = page.locator("#hand [role=option]").last
    last.focus()
    card = last.get_attribute("data-card")
    page.keyboard.press("d")
    wait_my_turn(page, "play")
    focused = page.locator("#hand [role=option]:focus")
    expect(focused).to_have_count(1)
    assert focused.get_attribute("data-card") == card


def test_r_says_the_last_events_again(seat_page: MakeSeat) -> None:
    """P10-R13: the computers' moves come quickly, each replacing the status line; ``r``
    says the game's last sentences again, in order."""
    page = seat_page()
    wait_my_turn(page)
    page.locator("#hand [role=option]").first.focus()
    page.keyboard.press("r")
    said = page.locator("#status").text_content() or ""
    assert said.startswith("The last events: "), said
    logged = [line.strip() for line in page.locator("#log li").all_text_contents()]
    assert logged, "nothing was logged"
    assert logged[-1] in said, (logged[-1], said)


def test_the_log_is_a_region_named_by_its_heading(seat_page: MakeSeat) -> None:
    """The game log scrolls, so Tab reaches it: a screen reader names it there ("Game log,
    region"), and it is no live region of its own."""
    page = seat_page()
    wait_my_turn(page)
    log = page.get_by_role("region", name="Game log")
    expect(log).to_have_count(1)
    expect(log).to_have_attribute("id", "log")
    expect(log).to_have_attribute("tabindex", "0")
    assert live_regions(page) == ["status", "notes"]


def test_the_person_taking_a_seat_hears_it_said_to_them(
    browser: Browser, server: LiveServer
) -> None:
    """Whoever takes a seat hears "You sit in seat 2.", not their own arrival in the third
    person, which the others at the table hear."""
    made = post(
        f"{server.url}/api/tables",
        {"game": "phase10", "name": "Ada", "seats": [{"kind": "person"}, {"kind": "person"}]},
    )
    table, token = str(made["table"]), str(made["token"])
    contexts = [browser.new_context(viewport=DESKTOP) for _ in range(2)]  # type: ignore[arg-type]
    try:
        owner_context, guest_context = contexts
        owner_context.add_init_script(f"localStorage.setItem('phase10:token:{table}', '{token}')")
        for context in contexts:
            context.add_init_script(SPIES)
        owner, guest = owner_context.new_page(), guest_context.new_page()
        owner.goto(f"{server.url}/t/{table}?lang=en")
        guest.goto(f"{server.url}/t/{table}?lang=en")
        expect(owner.get_by_role("button", name="Start the game")).to_be_visible()

        # The seat's answer comes after the notice to the table, as it may on a slow line.
        def slowly(route: Route) -> None:
            time.sleep(0.5)
            route.continue_()

        guest.route("**/api/tables/*/join", slowly)
        guest.get_by_label("Your name").fill("Sanne")
        guest.get_by_role("button", name="Sit down").click()
        expect(owner.locator("#log")).to_contain_text("Sanne joins the table.")
        expect(guest.locator("#players")).to_contain_text("Sanne (you)")
        guest.wait_for_timeout(500)
        said = guest.evaluate("window.__said")
        assert "You sit in seat 2." in said, said
        assert not [line for line in said if "Sanne joins" in line], said
        expect(guest.locator("#log")).not_to_contain_text("Sanne joins")
        # The form went with the seat taken; its focus waits on the waiting room's heading.
        expect(guest.locator("#join-form")).to_be_hidden()
        expect(guest.locator("#lobby-h")).to_be_focused()
    finally:
        for context in contexts:
            context.close()


def test_q_leaves_the_table_once_asked_and_the_seat_stays(seat_page: MakeSeat) -> None:
    """``q`` leaves, as in every medium (docs/keys.md), and the page has a button for it:
    asked first (one key is easily pressed by mistake), it goes to My games with the seat
    kept, as closing the page keeps it; a spectator reads that the player left the table,
    not that their connection was lost."""
    page = seat_page()
    wait_my_turn(page)
    table = page.url.split("/t/")[1].split("?")[0]
    root = page.url.split("/t/")[0].replace("http://", "ws://")
    with connect(f"{root}/ws/{table}?lang=en") as watching:
        watching.send(json.dumps({"type": "hello", "token": None, "protocol": 2}))
        asked: list[str] = []

        def answer(accept: bool) -> Callable[[Any], None]:
            def on(dialog: Any) -> None:
                asked.append(dialog.message)
                (dialog.accept if accept else dialog.dismiss)()

            return on

        page.once("dialog", answer(False))
        page.keyboard.press("q")
        page.wait_for_timeout(300)
        assert len(asked) == 1, asked
        assert asked[0].startswith("Leave the table? Your seat stays yours"), asked
        assert f"/t/{table}" in page.url
        expect(page.locator("#hand [role=option][tabindex='0']")).to_be_focused()
        page.once("dialog", answer(True))
        page.get_by_role("button", name="Leave the table").click()
        page.wait_for_url(re.compile(r"/games\?lang=en$"))
        assert page.evaluate(f"localStorage.getItem('phase10:token:{table}')")
        notices: list[str] = []
        deadline = time.monotonic() + 10
        while not {"web.left", "web.left_table"} & set(notices) and time.monotonic() < deadline:
            with contextlib.suppress(TimeoutError):
                message = json.loads(watching.recv(timeout=0.5))
                if message["type"] == "notice":
                    notices.append(message["key"])
        assert "web.left_table" in notices
        assert "web.left" not in notices
