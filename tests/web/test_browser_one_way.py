"""The move keys at a known position, end to end in Chromium against ``phase10 serve``: a game
stored at a chosen seed and move, as the server stores it, is restored by the server, and
its person's page plays from there.

Play-tested by a blind player: two cards chosen and ``l`` laid down a whole phase with three
Wilds he had not chosen, unasked. One way that uses cards not chosen is now offered, its
button focused, for Enter to play it (P10-R15: a phase goes down whole, as the player
chooses it).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import LiveServer, StartLiveServer
from .stored_tables import stored_after_the_draw
from .test_browser import no_violations

#: At seed 7 Ann plays first; after her draw her hand (R3 R4 R5 R6 B8 Y5 Y6 Y7 Y12 G6 W)
#: lays phase 1 one way only: set R5 Y5 W=5 + set R6 Y6 G6.
SEED = 7


@pytest.fixture
def at_the_lay_down(live_server: StartLiveServer, tmp_path: Path, page: Page) -> Page:
    database = f"sqlite:///{tmp_path / 'one_way.db'}"
    table, token, _match = stored_after_the_draw(database, "phase10", "standard", SEED, "ONEW")
    server: LiveServer = live_server(database, extra_args=("--bot-workers", "0"))
    page.goto(f"{server.url}/?lang=en")
    page.evaluate(
        "([table, token]) => localStorage.setItem(`phase10:token:${table}`, token)",
        [table, token],
    )
    page.goto(f"{server.url}/t/{table}?lang=en")
    expect(page.locator("#status")).to_contain_text("It is your turn: lay down")
    return page


def test_l_offers_the_one_way_that_uses_cards_not_chosen_and_enter_plays_it(
    at_the_lay_down: Page,
) -> None:
    page = at_the_lay_down
    hand = page.get_by_role("listbox", name="Your hand")
    hand.get_by_role("option").first.focus()
    page.keyboard.press("l")
    expect(page.locator("#status")).to_have_text(
        "One way: Lay down: set of 5s: red 5, yellow 5, wild + set of 6s: red 6, yellow 6, "
        "green 6. Press Enter to play it."
    )
    focused = page.locator("#moves [data-group=lay] button:focus")
    expect(focused).to_have_count(1)
    expect(page.locator("#log")).not_to_contain_text("You laid down")
    no_violations(page, "the one way offered")
    page.keyboard.press("Enter")
    expect(page.locator("#log")).to_contain_text("You laid down phase 1")


def test_l_lays_the_one_way_at_once_when_its_every_card_is_chosen(at_the_lay_down: Page) -> None:
    page = at_the_lay_down
    hand = page.get_by_role("listbox", name="Your hand")
    for card in ("R5", "Y5", "W", "R6", "Y6", "G6"):
        hand.locator(f"[role=option][data-card='{card}']").click()
    page.keyboard.press("l")
    expect(page.locator("#log")).to_contain_text("You laid down phase 1")
