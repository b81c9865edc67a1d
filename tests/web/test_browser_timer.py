"""The turn timer in the browser: the lobby's "Turn timer" makes a timed table, and the
table's page counts the turn down ("0:29 left for your turn"), axe-clean."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import LiveServer, StartLiveServer, run_axe
from .serverkit import in_process_server

SERVER_ARGS = ("--bot-delay", "0", "--bot-workers", "0")


@pytest.fixture
def server(live_server: StartLiveServer, tmp_path: Path) -> LiveServer:
    return live_server(f"sqlite:///{tmp_path / 'timer.db'}", extra_args=SERVER_ARGS)


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    made = context.new_page()
    made.set_default_timeout(15_000)
    made.on("pageerror", lambda exc: errors.append(str(exc)))
    yield made
    context.close()
    assert not errors, f"script errors: {errors}"


def create_timed_table(page: Page, base: str) -> None:
    """Ann's table with "30 seconds" chosen in the lobby and an easy computer, started."""
    page.goto(f"{base}/?lang=en")
    timer = page.get_by_label("Turn timer")
    expect(timer).to_have_value("")  # no timer unless chosen
    timer.select_option(label="30 seconds")
    page.get_by_label("Number of players").select_option("2")
    page.get_by_label("Seat 2", exact=True).select_option("easy")
    page.get_by_label("Your name").fill("Ann")
    page.get_by_role("button", name="Create the table").click()
    expect(page.get_by_role("heading", name="Your table is ready")).to_be_focused()
    violations = run_axe(page)
    assert violations == [], [v["id"] for v in violations]
    page.get_by_role("link", name="Go to the table").click()
    # The timer is said with the rules before the game starts, and stays said in it.
    expect(page.locator("#info")).to_have_text(
        "Rules: Standard rules · turn timer: 30 seconds a turn"
    )
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#info")).to_contain_text("turn timer: 30 seconds a turn")


def test_the_lobby_makes_a_timed_table_and_the_page_counts_the_turn_down(
    server: LiveServer, page: Page
) -> None:
    """The owner picks "30 seconds" in the labelled "Turn timer" select; at the table, on
    her turn, the clock says how long she has left and counts down each second."""
    create_timed_table(page, server.url)
    clock = page.locator("#turn-clock")
    expect(clock).to_have_text(re.compile(r"^0:(30|[0-2]\d) left for your turn$"))
    first = clock.text_content()
    expect(clock).not_to_have_text(first or "", timeout=3_000)  # it counts down
    expect(clock).to_be_visible()
    violations = run_axe(page)
    assert violations == [], [(v["id"], [n["target"] for n in v["nodes"]]) for v in violations]


def test_the_last_seconds_are_said_once_and_shown_without_colour(
    page: Page, tmp_path: Path
) -> None:
    """With the server's clock halved (30 seconds run in 15), Ann waits: at ten seconds left
    the status line says so once, and the clock's text says "almost up" (not only its
    style); when the time is out she reads the timeout's notice."""
    with in_process_server(tmp_path, turn_clock_scale=0.5) as server:
        create_timed_table(page, server.url)
        clock = page.locator("#turn-clock")
        expect(clock).to_have_text(re.compile(r"left for your turn$"))
        expect(clock).to_have_text(
            re.compile(r"^0:(10|0\d) left for your turn \(almost up\)$"), timeout=15_000
        )
        expect(clock).to_have_class(re.compile(r"\blow\b"))
        expect(page.locator("#status")).to_have_text("Only 0:10 left for your turn.")
        violations = run_axe(page)
        assert violations == [], [(v["id"], [n["target"] for n in v["nodes"]]) for v in violations]
        expect(page.locator("#log-list")).to_contain_text(
            "Time ran out: a computer player plays this turn for you.", timeout=15_000
        )
