"""The programmes game's table in Chromium against ``phase10 serve``, as a French family
play-tested it: the program cards each player completed lie before them (the leaflet's
"face up"), in words, without pushing the piles off a phone's first screen; the s key says
where each player stands, as the game has no points.
"""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from . import test_browser_table as table_tests
from .conftest import LiveServer
from .test_browser_table import (
    TALL_PHONE,
    MakeSeat,
    in_viewport,
    play_hints_until_results,
    post,
)

# The card table's fixtures: a server, and a started table open in a page holding a seat.
server = table_tests.server
seat_page = table_tests.seat_page

#: A completed program card in words: "a set of 4", "2 runs of 4 + a set of 3", a sun card.
PROGRAM = re.compile(r"^((\d+|an?) (sets?|runs?) of \d+|sun card)")


def test_each_players_completed_programs_are_listed_in_words(seat_page: MakeSeat) -> None:
    """AMZ-R18 (a revealed program counts as completed) and AMZ-R07 (a sun card is one):
    after a round, each player's completed program cards are a list in words under their count,
    folded so that a 390x844 phone still shows the piles on its first screen; s says where
    each player stands (AMZ-R30: no points)."""
    page = seat_page(TALL_PHONE, game="programmes", bots=2, touch=True)
    dialog = play_hints_until_results(page)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    lists = page.evaluate(
        """() => [...document.querySelectorAll('#players .seat-done, #my-done .seat-done')]
            .map((done) => ({
                open: done.open,
                summary: done.querySelector('summary').textContent,
                items: [...done.querySelectorAll('ul > li')].map((li) => li.textContent),
            }))"""
    )
    assert lists, "no player's completed programs are shown"
    # Each folded list is a group named by its count, as its summary reads.
    for done in page.locator("#players .seat-done, #my-done .seat-done").all():
        expect(done).to_have_accessible_name(re.compile(r"^\d+ programs? done$"))
    for done in lists:
        assert not done["open"], done
        count = int(done["summary"].split()[0])
        assert re.fullmatch(r"\d+ programs? done", done["summary"]), done
        assert len(done["items"]) == count, done
        assert all(PROGRAM.match(item) for item in done["items"]), done
    # A count of completed programs is said once, heading its list, not again among the facts
    # (a player with none keeps "0 programs done" there).
    facts = page.locator("#players .seat .facts").all_inner_texts()
    assert not any(re.search(r"[1-9]\d* programs? done", line) for line in facts), facts
    page.evaluate("window.scrollTo(0, 0)")
    assert in_viewport(page, "#piles-panel"), "the piles are off the first screen"
    page.locator("#hand [role=option]").first.focus()
    page.keyboard.press("s")
    expect(page.locator("#status")).to_contain_text("Where each player stands: ")


def test_the_games_first_news_leaves_a_phone_its_first_screen(
    browser: Browser, server: LiveServer
) -> None:
    """AMZ-R05..AMZ-R08 (who deals, the deal, each player's program card): a person whose page
    waits at the table when the game starts finds that news in the log; the status line, on
    a 390x844 phone, says only the last of it, at the seat's first turn its program, and what
    to do, in a few lines."""
    made = post(
        f"{server.url}/api/tables",
        {
            "game": "programmes",
            "name": "Ada",
            "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "easy"}] * 2,
        },
    )
    table, token = str(made["table"]), str(made["token"])
    context = browser.new_context(viewport=TALL_PHONE, is_mobile=True, has_touch=True)  # type: ignore[arg-type]
    try:
        context.add_init_script(f"localStorage.setItem('phase10:token:{table}', '{token}')")
        page = context.new_page()
        page.goto(f"{server.url}/t/{table}?lang=en")
        page.locator("#start").click()
        log = page.locator("#log")
        expect(log).to_contain_text(re.compile(r"Round 1 is dealt by|You deal round 1"))
        status = page.locator("#status")
        expect(status).not_to_be_empty()
        expect(status).not_to_contain_text(re.compile(r"Round 1 is dealt by|You deal round 1"))
        # The seat's first turn says what it plays for: a screen reader's user would
        # otherwise have to know to press m to learn their program (AMZ-R06).
        expect(status).to_contain_text(re.compile(r"Your program: PRG-\d+ .*It is your turn"))
        box = status.bounding_box()
        assert box is not None
        assert box["height"] < TALL_PHONE["height"] / 6, (box, status.inner_text())
    finally:
        context.close()
