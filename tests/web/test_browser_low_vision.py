"""The browser table for a player who sees little: forced colours (Windows High Contrast),
browser zoom up to 400% (a 320x200 window in CSS pixels), text spacing, a dark colour scheme,
and a phone's small targets. Nothing here may rest on colour alone, and nothing the player
needs may lie off-screen from where the focus is."""

from __future__ import annotations

import re
from typing import Any, Literal

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from . import test_browser_table as table
from .conftest import LiveServer
from .test_browser_table import DESKTOP, MakeSeat, no_violations, play_a_turn, wait_my_turn

# The table's fixtures: a server whose computers take their time, a page holding a seat.
server = table.server
seat_page = table.seat_page

#: What a screen in forced colours still shows of an element's state: its own colours (the
#: system's), its border and outline, and the mark before its text.
LOOKS = """(node) => {
    const style = getComputedStyle(node), mark = getComputedStyle(node, "::before");
    return [style.color, style.backgroundColor, style.borderStyle, style.borderColor,
            style.borderWidth, style.outlineStyle, style.outlineColor,
            mark.content, mark.visibility];
}"""


#: The light and the dark theme, and forced colours.
COLOUR_MODES: list[tuple[Literal["light", "dark"], Literal["none", "active"]]] = [
    ("light", "none"),
    ("dark", "none"),
    ("light", "active"),
]


def looks(page: Page, selector: str) -> list[Any]:
    return list(page.locator(selector).evaluate(LOOKS))


def test_every_toggle_shows_its_state_with_a_mark_in_every_colour_mode(
    seat_page: MakeSeat,
) -> None:
    """The hand's order ("By number" / "By colour"), "Play a sound" and "Notify me" are
    toggles (aria-pressed): pressed, each shows a ✓ before its words, unpressed none, as a
    muted seat's toggle does, in the light and the dark theme; in forced colours a pressed
    toggle still looks unlike an unpressed one (its colours alone were repainted the
    same)."""
    page = seat_page()
    wait_my_turn(page)
    for scheme, mode in COLOUR_MODES:
        page.emulate_media(color_scheme=scheme, forced_colors=mode)
        for pressed, unpressed in (("#sort-a", "#sort-b"), ("#sort-b", "#sort-a")):
            page.locator(pressed).click()
            assert page.locator(pressed).get_attribute("aria-pressed") == "true"
            on, off = looks(page, pressed), looks(page, unpressed)
            assert on[-2:] == ['"✓" / ""', "visible"], (scheme, mode, pressed, on)
            assert off[-1] == "hidden", (scheme, mode, unpressed, off)
            if mode == "active":
                assert on[:-2] != off[:-2], (pressed, on, off)
        for toggle in ("#sound-toggle", "#notify-toggle"):
            assert looks(page, toggle)[-1] == "hidden", (scheme, mode, toggle)
            page.locator(toggle).click()
            page.wait_for_function(
                "(s) => document.querySelector(s).getAttribute('aria-pressed') === 'true'",
                arg=toggle,
            )
            assert looks(page, toggle)[-2:] == ['"✓" / ""', "visible"], (scheme, mode, toggle)
            page.locator(toggle).click()
            page.wait_for_function(
                "(s) => document.querySelector(s).getAttribute('aria-pressed') === 'false'",
                arg=toggle,
            )


def test_in_forced_colours_the_chosen_card_and_the_player_to_play_stand_out(
    seat_page: MakeSeat,
) -> None:
    """In forced colours, where shadows and tints are repainted away, a chosen card's border
    and the seat to play (whose turn it is, P10-R13) are drawn in the system's highlight
    colour, and another player's move is marked by an outline; the card's border keeps its
    style, the mark of its colour."""
    page = seat_page(DESKTOP, bots=1)
    page.emulate_media(forced_colors="active")
    wait_my_turn(page, "draw")
    page.locator("#moves [data-key=draw]").click()
    wait_my_turn(page, "play")
    highlight = page.evaluate(
        """() => { const probe = document.createElement("span");
            probe.style.border = "2px solid Highlight"; document.body.append(probe);
            const colour = getComputedStyle(probe).borderTopColor; probe.remove();
            return colour; }"""
    )
    card = page.locator("#hand [role=option]").first
    style = card.evaluate("(c) => getComputedStyle(c).borderTopStyle")
    card.click()
    expect(card).to_have_attribute("aria-selected", "true")
    assert card.evaluate("(c) => getComputedStyle(c).borderTopColor") == highlight
    assert card.evaluate("(c) => getComputedStyle(c).borderTopStyle") == style
    # The computer's turn, after the discard: its seat is the one to play, and its move is
    # marked on it for a moment.
    page.locator("#moves [data-group=discard] button").first.click()
    # Read in one step on the seat drawn now: each update draws the seats anew, and a seat
    # taken from the page before it has no style.
    colour = page.wait_for_function(
        """() => {
            const seat = document.querySelector('#players .seat.current');
            return seat && seat.isConnected && getComputedStyle(seat).borderTopColor;
        }"""
    ).json_value()
    assert colour == highlight, (colour, highlight)
    marked = page.wait_for_function(
        """() => {
            const seat = document.querySelector('#players .seat.flash');
            return seat && seat.isConnected && getComputedStyle(seat).outlineStyle;
        }"""
    ).json_value()
    assert marked == "dashed", marked


def test_a_refused_move_is_marked_as_one_not_only_by_its_colour(seat_page: MakeSeat) -> None:
    """P10-R13: x before the draw is refused ("Draw a card first ... (D-19)"); the status
    line and the line by the hand mark it as a refusal by a sign before it and a double
    bar, besides the error's colour (play-tested by a colour-blind player, to whom it
    looked like any other news); the next sentence of the game drops the mark."""
    page = seat_page(DESKTOP)
    wait_my_turn(page, "draw")
    page.locator("#hand [role=option]").first.focus()
    page.keyboard.press("x")
    status = page.locator("#status")
    expect(status).to_contain_text("Draw a card first")
    expect(status).to_have_class(re.compile(r"\brefused\b"))
    expect(page.locator("#hand-news")).to_have_class(re.compile(r"\brefused\b"))
    marks = status.evaluate(
        """(line) => { const before = getComputedStyle(line, '::before');
            return [before.content, getComputedStyle(line).borderLeftStyle]; }"""
    )
    assert "⚠" in marks[0], marks
    assert marks[1] == "double", marks
    page.keyboard.press("d")
    wait_my_turn(page, "play")
    expect(status).not_to_have_class(re.compile(r"\brefused\b"))


#: Each Phase 10 colour's border style, the mark of its colour beside its letter and pattern.
BORDERS = {"red": "solid", "blue": "dashed", "yellow": "dotted", "green": "double"}


def test_each_colour_keeps_its_border_style_at_every_card_size(seat_page: MakeSeat) -> None:
    """A card's colour is told by its letter, its colour, its border style and its pattern
    (P10-R01: the four colours): in the hand, on a pile and in a group on the table (the
    small cards), a red card's border is solid, a blue one's dashed, a yellow one's dotted
    and a green one's double, with room for both of its lines."""
    page = seat_page()
    wait_my_turn(page)
    # Cards of every colour, made by the page's own builders as the table makes them, in
    # the places where each size is drawn.
    found = page.evaluate(
        """async (colours) => {
            const common = await import("/static/common.js");
            const out = [];
            for (const suit of colours) {
                const face = { code: suit[0].toUpperCase() + "5", label: `${suit} 5`, suit,
                               wild: false };
                const places = [
                    [document.getElementById("hand"), common.cardElement(face)],
                    [document.getElementById("piles"), common.cardElement(face)],
                    [document.getElementById("players"),
                     common.groupCardElement(face, face.code)],
                    [document.getElementById("groups"),
                     common.groupCardElement(face, face.code)],
                ];
                for (const [where, card] of places) {
                    where.append(card);
                    const style = getComputedStyle(card);
                    out.push([suit, where.id, style.borderTopStyle,
                              parseFloat(style.borderTopWidth)]);
                    card.remove();
                }
            }
            return out;
        }""",
        list(BORDERS),
    )
    assert len(found) == 16, found
    for suit, where, style, width in found:
        assert style == BORDERS[suit], (suit, where, style)
        if style == "double":
            assert width >= 3, (suit, where, width)


#: A 1280x800 laptop's window at 400% zoom, in CSS pixels.
QUADRUPLE_ZOOM = {"width": 320, "height": 200}

#: Whether the focused element and a shown element whose own text holds the given words
#: (not one only a screen reader reads) are both whole in the window (a pixel's slack:
#: scrolling aligns edges to fractions of a pixel).
BOTH_IN_VIEW = """(words) => {
    const whole = (node) => { const box = node.getBoundingClientRect();
        return box.top >= -1 && box.bottom <= window.innerHeight + 1; };
    const shown = [...document.querySelectorAll("body *")].filter((node) =>
        !node.closest(".visually-hidden") && node.checkVisibility()
        && [...node.childNodes].some((child) => child.nodeType === Node.TEXT_NODE
            && child.textContent.includes(words)));
    return whole(document.activeElement) && shown.some(whole);
}"""


def test_at_quadruple_zoom_what_just_happened_shows_by_the_focused_hand(
    seat_page: MakeSeat,
) -> None:
    """At 400% zoom the status line is screens above the hand, where the focus stays after
    a move: the game's last sentence ("You drew a green 4.", P10-R13) also shows just above
    the hand, on the same screen as the focused card, hidden from screen readers (they hear
    the status line)."""
    page = seat_page(QUADRUPLE_ZOOM)
    wait_my_turn(page)
    page.locator("#hand [role=option]").first.focus()
    page.keyboard.press("d")
    wait_my_turn(page, "play")
    drew = page.locator("#status").text_content() or ""
    assert drew.startswith("You drew a"), drew
    sentence = drew.split(".")[0]
    expect(page.locator("#hand [role=option]:focus")).to_have_count(1)
    try:
        page.wait_for_function(BOTH_IN_VIEW, arg=sentence, timeout=3000)
    except PlaywrightTimeoutError:
        pytest.fail(f"{sentence!r} is not on the screen of the focused card")
    assert sentence not in page.locator("#hand-panel").aria_snapshot()


def test_a_confirmation_leaves_whose_turn_it_is_in_the_status_line(seat_page: MakeSeat) -> None:
    """The status line keeps the game's state (P10-R13: whose turn, what to do): turning the
    sound on, or changing the order of the hand, is confirmed in a polite live line of its
    own, below it, and "It is your turn: draw a card." stays to be read."""
    page = seat_page()
    wait_my_turn(page)
    status, notes = page.locator("#status"), page.locator("#notes")
    # The turn's sentence may follow the last move's ("Ann discarded a Skip. ... It is your
    # turn: draw a card."), as the deal has it: whatever it says, it stays.
    expect(status).to_contain_text("It is your turn: draw a card.")
    said = status.inner_text()
    page.get_by_role("button", name="Play a sound").click()
    expect(notes).to_have_text("A sound will play when it is your turn.")
    expect(notes).to_have_attribute("aria-live", "polite")
    expect(status).to_have_text(said)
    page.locator("#sort-b").click()
    expect(notes).to_contain_text("The order of your hand")
    expect(status).to_have_text(said)
    # Both are in view at once, the confirmation under the game's line.
    status_box, notes_box = status.bounding_box(), notes.bounding_box()
    assert status_box is not None
    assert notes_box is not None
    assert notes_box["y"] >= status_box["y"] + status_box["height"]


#: A small phone (or a 1280-pixel window at 400% zoom), and a larger one, in CSS pixels.
NARROW_SCREENS = [{"width": 320, "height": 568}, {"width": 390, "height": 844}]


@pytest.mark.parametrize("viewport", NARROW_SCREENS, ids=["320", "390"])
def test_my_games_caption_spans_its_table_on_a_narrow_screen(
    browser: Browser, server: LiveServer, viewport: dict[str, int]
) -> None:
    """On a narrow screen My games shows each table as a card of labelled lines; its caption
    ("Your tables, the newest first") spans the list's width, as a line of text, not a
    column a word wide."""
    context = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
    try:
        context.add_init_script("localStorage.setItem('phase10:token:gone4ever', 'not-a-token')")
        page = context.new_page()
        page.goto(f"{server.url}/games?lang=en")
        caption = page.locator("table.games caption")
        expect(caption).to_have_text("Your tables, the newest first")
        widths = page.evaluate(
            """() => [document.querySelector("table.games caption"),
                      document.querySelector("table.games")]
                .map((node) => node.getBoundingClientRect().width)"""
        )
        assert widths[0] >= widths[1] - 1, widths
        lines = caption.evaluate(
            """(node) => { const range = document.createRange();
                range.selectNodeContents(node); return range.getClientRects().length; }"""
        )
        assert lines == 1, lines
    finally:
        context.close()


#: The game log's box and the window's heights, whether the log scrolls, and whether its
#: newest line ends in view (a long line wrapped at 320 pixels may be taller than the box).
LOG_BOX = """() => {
    const log = document.getElementById("log"), box = log.getBoundingClientRect();
    const last = log.querySelector("li:last-child");
    const newest = last ? last.getBoundingClientRect() : { top: -1e9, bottom: -1e9 };
    return { height: box.height, window: window.innerHeight,
             scrolls: log.scrollHeight > log.clientHeight,
             newestShown: newest.bottom > box.top && newest.bottom <= box.bottom + 1 };
}"""


def test_the_game_log_fits_the_window_and_keeps_its_newest_line_in_view(
    seat_page: MakeSeat,
) -> None:
    """The game log scrolls in a box whose height follows the window's: at 400% zoom (a
    200-pixel-high window) it is no taller than the window, so no scroll box lies inside a
    page scrolled past it; and its newest line stays in view when the window shrinks."""
    page = seat_page(DESKTOP, bots=3)
    # Turns (P10-R13) until the log scrolls on a desktop too.
    while not page.evaluate(LOG_BOX)["scrolls"]:
        wait_my_turn(page)
        play_a_turn(page)
    page.wait_for_function(
        """() => { const log = document.getElementById("log");
            return log.scrollHeight - log.scrollTop - log.clientHeight < 2; }"""
    )
    page.set_viewport_size(QUADRUPLE_ZOOM)  # type: ignore[arg-type]
    page.wait_for_function("window.innerHeight === 200")
    page.locator("#log").scroll_into_view_if_needed()
    page.wait_for_timeout(100)  # the box's new size is seen on the next frame
    box = page.evaluate(LOG_BOX)
    assert box["height"] <= box["window"], box
    assert box["newestShown"], box


#: WCAG 1.4.12's text spacing, set on every element as a reader's style sheet would (the
#: page's Content-Security-Policy refuses a <style> element, not the elements' own styles).
TEXT_SPACING = """() => { for (const node of document.querySelectorAll("*")) {
    node.style.setProperty("line-height", "1.5", "important");
    node.style.setProperty("letter-spacing", "0.12em", "important");
    node.style.setProperty("word-spacing", "0.16em", "important");
    node.style.setProperty("margin-bottom", "2em", "important");
} }"""

#: The shown buttons with a word broken across two lines, each with the broken word.
BROKEN_WORDS = """() => [...document.querySelectorAll("button")]
    .filter((button) => button.checkVisibility())
    .flatMap((button) => {
        const broken = [];
        const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
            for (const word of text.data.matchAll(/\\S+/g)) {
                const range = document.createRange();
                range.setStart(text, word.index);
                range.setEnd(text, word.index + word[0].length);
                const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
                if (lines.size > 1) broken.push(`${button.textContent.trim()}: ${word[0]}`);
            }
        }
        return broken;
    })"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_with_text_spacing_buttons_wrap_between_words_only(seat_page: MakeSeat, lang: str) -> None:
    """WCAG 1.4.12 (text spacing) at 320 pixels wide: the hand's order buttons ("By number"),
    the moves (P10-R13) and the toggles wrap between their words, never inside one ("numb /
    er"), and nothing scrolls sideways."""
    page = seat_page(NARROW_SCREENS[0], lang=lang)
    wait_my_turn(page)
    page.evaluate(TEXT_SPACING)
    assert page.evaluate(BROKEN_WORDS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW_SCREENS[0]["width"]


#: For each selector, the lowest contrast ratio (WCAG 2) of the shown elements' text (or with
#: "outlineColor", their outline) against what lies behind it: every colour of the
#: backgrounds' gradients up to the first opaque background colour, which counts too (for an
#: outline, from the element's parent on); null when nothing of it is shown.
CONTRASTS = """([selectors, property]) => {
    const channels = (colour) => colour.match(/[\\d.]+/g).map(Number);
    const linear = (value) => { const v = value / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    const luminance = ([r, g, b]) => 0.2126 * linear(r) + 0.7152 * linear(g)
        + 0.0722 * linear(b);
    const ratio = (a, b) => { const [light, dark] = [luminance(a), luminance(b)]
        .sort((x, y) => y - x); return (light + 0.05) / (dark + 0.05); };
    const behind = (node) => {
        const found = [];
        for (let at = node; at; at = at.parentElement) {
            const style = getComputedStyle(at);
            for (const stop of style.backgroundImage.matchAll(/rgba?\\([^)]*\\)/g)) {
                const colour = channels(stop[0]);
                if (colour.length < 4 || colour[3] > 0) found.push(colour);
            }
            const colour = channels(style.backgroundColor);
            if (colour.length < 4 || colour[3] > 0) { found.push(colour); break; }
        }
        return found;
    };
    const out = {};
    for (const selector of selectors) {
        const ratios = [...document.querySelectorAll(selector)]
            .filter((node) => node.checkVisibility() && node.textContent.trim())
            .flatMap((node) => {
                const outline = property === "outlineColor";
                const colour = channels(getComputedStyle(node)[property]);
                return behind(outline ? node.parentElement : node).map((under) =>
                    ratio(colour, under));
            });
        out[selector] = ratios.length ? Math.min(...ratios) : null;
    }
    return out;
}"""

#: The texts a player reads most, in the page's two columns and its header.
KEY_TEXTS = [
    "#title",
    "#info",
    "#status",
    "#notes",
    "#hand-news",
    "#me-line",
    "#chosen",
    ".seat .player-name",
    ".seat .facts",
    ".badge",
    "#piles .pile-label",
    "#piles .pile-count",
    "#sort-a",
    "#sort-b",
    "#moves button",
    "#moves h3",
    "#log li",
    "#keys dd",
    ".note",
    "header.site a",
    "#hand .face",
    "#piles .face",
]

#: Each Phase 10 colour's card in the hand, made by the page's own builder; their colours.
COLOUR_CARDS = """async (colours) => {
    const common = await import("/static/common.js");
    const hand = document.getElementById("hand");
    for (const suit of colours) {
        const face = { code: suit[0].toUpperCase() + "7", label: `${suit} 7`, suit,
                       wild: false };
        hand.append(common.cardElement(face, `probe probe-${suit}`));
    }
    return colours.map((suit) =>
        getComputedStyle(document.querySelector(`.probe-${suit}`)).color);
}"""


def test_a_dark_colour_scheme_gets_a_dark_table_that_keeps_its_contrasts(
    seat_page: MakeSeat,
) -> None:
    """Where the system prefers a dark colour scheme, the table is dark: light text on a dark
    page, every key text still at 7:1 (WCAG AAA), a card of each colour (P10-R01) at 7:1 on
    its own background and pattern and clearly apart from the others, the focus outline at
    3:1 against what surrounds it, and axe finds nothing (its contrast checks included)."""
    page = seat_page()
    page.emulate_media(color_scheme="dark")
    wait_my_turn(page)
    page.get_by_role("button", name="Play a sound").click()  # a line in #notes
    page.locator("#moves [data-key=draw]").click()
    wait_my_turn(page, "play")
    page.locator("#hand [role=option]").first.click()
    paper = page.evaluate(
        "() => getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number)"
    )
    assert max(paper) < 64, f"the page is not dark: {paper}"
    contrasts = page.evaluate(CONTRASTS, [KEY_TEXTS, "color"])
    low = {where: ratio for where, ratio in contrasts.items() if ratio is None or ratio < 7}
    assert low == {}, low
    colours = page.evaluate(COLOUR_CARDS, list(BORDERS))
    faces = [f".probe-{suit} .face" for suit in BORDERS]
    cards = page.evaluate(CONTRASTS, [faces, "color"])
    assert all(ratio is not None and ratio >= 7 for ratio in cards.values()), cards
    rgb = [[int(part) for part in colour[4:-1].split(",")] for colour in colours]
    for one in range(len(rgb)):
        for other in range(one + 1, len(rgb)):
            distance = sum((a - b) ** 2 for a, b in zip(rgb[one], rgb[other], strict=True))
            assert distance**0.5 > 80, (colours[one], colours[other])
    page.evaluate("() => document.querySelectorAll('.probe').forEach((card) => card.remove())")
    # The focus outline, moved by the keyboard as a keyboard's user sees it: on a card of the
    # hand, then on a button.
    for focused, before, key in (
        ("#hand [role=option]:nth-child(2)", "#hand [role=option]:first-child", "ArrowRight"),
        ("#sort-b", "#sort-a", "Tab"),
    ):
        page.locator(before).focus()
        page.keyboard.press(key)
        expect(page.locator(focused)).to_be_focused()
        outline = page.evaluate(CONTRASTS, [[focused], "outlineColor"])[focused]
        assert outline is not None, focused
        assert outline >= 3, (focused, outline)
    no_violations(page, "the table in the dark")


@pytest.mark.parametrize("path", ["/", "/games", "/rules"])
def test_the_other_pages_in_the_dark_pass_axe(
    browser: Browser, server: LiveServer, path: str
) -> None:
    """The start page, My games and the rules share the table's colours: in the dark theme
    too, axe finds nothing (its contrast checks included)."""
    context = browser.new_context(viewport=DESKTOP, color_scheme="dark")  # type: ignore[arg-type]
    try:
        context.add_init_script("localStorage.setItem('phase10:token:gone4ever', 'not-a-token')")
        page = context.new_page()
        page.goto(f"{server.url}{path}?lang=en")
        page.wait_for_load_state("networkidle")
        paper = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
        assert paper == "rgb(21, 23, 26)", paper
        no_violations(page, f"{path} in the dark")
    finally:
        context.close()


#: Each element's text, width and height, of those a CSS selector finds.
SIZES = """(selector) => [...document.querySelectorAll(selector)].map((each) => {
    const box = each.getBoundingClientRect();
    return [each.textContent, box.width, box.height]; })"""


@pytest.mark.parametrize("viewport", NARROW_SCREENS, ids=["320", "390"])
def test_the_header_links_and_order_buttons_fit_a_finger_on_a_phone(
    seat_page: MakeSeat, viewport: dict[str, int]
) -> None:
    """WCAG 2.5.8 (target size): on a phone, every link of the header (New table, My games,
    Rules, each language) is at least 24 by 24 CSS pixels, where it was 16 pixels high (at
    44 its rows pushed the hand below the first screen); on a touch screen the hand's order
    buttons are as high as a button, 44 pixels (WCAG 2.5.5), where they were 35."""
    page = seat_page(viewport, touch=True)
    wait_my_turn(page)
    links = page.evaluate(SIZES, "header.site a")
    small = [size for size in links if size[1] < 24 or size[2] < 24]
    assert len(links) >= 6, links
    assert small == [], small
    buttons = page.evaluate(SIZES, ".sort button")
    assert len(buttons) == 2, buttons
    assert [size for size in buttons if size[2] < 44] == [], buttons


def test_the_back_links_of_my_games_and_the_rules_fit_a_finger_on_a_phone(
    browser: Browser, server: LiveServer
) -> None:
    """WCAG 2.5.5: on a touch phone, the link back to the start page under My games and
    under the rules page is as high as a button, 44 pixels, where it was 19."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    try:
        page = context.new_page()
        for path in ("/games?lang=en", "/rules?lang=en"):
            page.goto(f"{server.url}{path}")
            link = page.get_by_role("link", name="Back to the start page").first
            box = link.bounding_box()
            assert box is not None, path
            assert box["height"] >= 44, (path, box)
    finally:
        context.close()


def test_the_lobbys_choices_fit_a_finger_on_a_phone(browser: Browser, server: LiveServer) -> None:
    """WCAG 2.5.5: on a touch phone each choice of the lobby's form (the game, the rules,
    every house rule, a public table) is a label 44 pixels high beside a box of 28, where
    the box alone was 20; a tap on the label ticks its house rule (a flag of the rules'
    part B), and a tap on it again unticks it."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    try:
        page = context.new_page()
        page.goto(f"{server.url}/?lang=en")
        page.get_by_text("Variants (optional)").click()
        labels = page.evaluate(SIZES, ".choice label")
        assert len(labels) >= 8, labels
        assert [size for size in labels if size[2] < 44] == [], labels
        boxes = page.evaluate(SIZES, ".choice input")
        assert len(boxes) == len(labels), boxes
        assert [size for size in boxes if size[1] < 28 or size[2] < 28] == [], boxes
        label = page.locator(".choice label[for^=variant-]").first
        box = page.locator(f"#{label.get_attribute('for')}")
        label.tap()
        expect(box).to_be_checked()
        label.tap()
        expect(box).not_to_be_checked()
    finally:
        context.close()


def test_on_a_tablet_on_its_side_the_moves_stay_in_view_beside_the_hand(
    seat_page: MakeSeat,
) -> None:
    """A 1024x768 touch tablet on its side gets the wide table: the hand in the main column,
    the moves at the top of the side column (P10-R13: draw, then play). Scrolled down to the
    hand, the moves stay in view beside it, where they were above the screen (play-tested
    on a tablet: every move was a scroll up to its button and back down to the cards)."""
    page = seat_page({"width": 1024, "height": 768}, touch=True, bots=3)
    wait_my_turn(page)
    # Bigger text, as the tablet's player had set it (the page's rem stays the browser's).
    page.evaluate("() => { document.body.style.fontSize = '130%'; }")
    page.evaluate("() => document.getElementById('hand').scrollIntoView({block: 'end'})")
    boxes = page.evaluate(
        """() => ['#hand', '#moves [data-key=draw]'].map((selector) => {
            const box = document.querySelector(selector).getBoundingClientRect();
            return [selector, Math.round(box.top), Math.round(box.bottom)]; })"""
    )
    assert page.evaluate("() => window.scrollY") > 0, "the page does not scroll at all"
    for selector, top, bottom in boxes:
        assert top >= 0, (selector, boxes)
        assert bottom <= 768, (selector, boxes)


#: The box of each pile a player presses (the draw and the discard pile), from the top left
#: corner of the piles' row.
PILE_PLACES = """() => { const row = document.getElementById("piles").getBoundingClientRect();
    return [...document.querySelectorAll("#piles button.pile")].map((pile) => {
        const box = pile.getBoundingClientRect();
        return [pile.dataset.pile, Math.round(box.left - row.left),
                Math.round(box.top - row.top), Math.round(box.width)]; }); }"""


@pytest.mark.parametrize(
    ("game", "lang"), [("phase10", "en"), ("phase10", "de"), ("programmes", "fr")]
)
def test_on_a_phone_the_piles_stay_where_they_are_whatever_they_say(
    seat_page: MakeSeat, game: str, lang: str
) -> None:
    """On a 390x844 touch phone the piles keep their places through a turn (P10-R13: draw,
    choose a card, discard): the words under them come and go ("draw a card", "discard the
    chosen card here"), but a pile never moves under a finger about to tap it."""
    page = seat_page(NARROW_SCREENS[1], touch=True, game=game, lang=lang)
    # (Measured once the mark of another player's move, a lift of a few pixels, is over.)
    still = page.locator("#piles .flash")
    wait_my_turn(page)
    expect(still).to_have_count(0)
    places = [page.evaluate(PILE_PLACES)]
    page.locator("#moves [data-key=draw]").click()
    wait_my_turn(page, "play")
    expect(still).to_have_count(0)
    places.append(page.evaluate(PILE_PLACES))
    page.locator("#hand [role=option]").first.click()
    expect(page.locator("#pile-discard .pile-do")).to_be_visible()
    places.append(page.evaluate(PILE_PLACES))
    assert places[0] == places[1] == places[2], places
    # The draw and the discard pile side by side.
    assert places[0][0][2] == places[0][1][2], places[0]
