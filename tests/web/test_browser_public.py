"""The lobby's public tables and "Play now" (decision 0014), and the rules said in words, in
real Chromium pages against ``phase10 serve`` in a subprocess: one person lists a table and
another finds it under "Open tables" and joins; "Play now" seats two people at the same
table; no page shows a rules identifier (``ten_hands``, ``fr_mattel+...``) in any language;
axe finds nothing on the lobby in two languages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import LiveServer, StartLiveServer, run_axe

SERVER_ARGS = ("--bot-delay", "0", "--bot-workers", "0", "--hold", "30")
#: A name is user text: its markup must show as text.
OWNER = "Zoe <i>"
GUEST = "Bo"
#: What a rules identifier looks like on a page: a word_with_underscores, a+b, a=1.
IDENTIFIER = re.compile(r"[a-z0-9]_[a-z0-9]|\w\+\w|\w=\d")


@pytest.fixture
def server(live_server: StartLiveServer, tmp_path: Path) -> LiveServer:
    return live_server(f"sqlite:///{tmp_path / 'public.db'}", extra_args=SERVER_ARGS)


@pytest.fixture
def pages(browser: Browser) -> Iterator[list[Page]]:
    """Two pages in contexts of their own (two people: separate localStorage); any script
    error fails the test."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []
    made: list[Page] = []
    for _ in range(2):
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        made.append(page)
    yield made
    for context in contexts:
        context.close()
    assert not errors, f"script errors: {errors}"


def no_violations(page: Page, where: str) -> None:
    violations = run_axe(page)
    summary = [(v["id"], v["help"], [n["target"] for n in v["nodes"]][:3]) for v in violations]
    assert violations == [], f"axe on {where}: {summary}"


def table_id(page: Page) -> str:
    found = re.search(r"/t/([\w-]+)", page.url)
    assert found, page.url
    return found.group(1)


def test_a_listed_table_is_found_under_open_tables_and_joined(
    server: LiveServer, pages: list[Page]
) -> None:
    """The owner lists the table (the seats after theirs are computers at medium until
    switched to a person); a second person finds it under "Open tables", its rules in
    words, and joins by its link; the owner's "give the seat to a computer" offers the same
    level as the lobby's seats."""
    owner, guest = pages
    owner.goto(f"{server.url}/?lang=en")
    owner.get_by_label("Number of players").select_option("3")
    assert owner.get_by_label("Seat 2", exact=True).input_value() == "medium"
    assert owner.get_by_label("Seat 3", exact=True).input_value() == "medium"
    owner.get_by_label("Seat 2", exact=True).select_option("person")
    owner.get_by_label("French Mattel sheet").check()
    owner.get_by_label("List this table in the lobby").check()
    owner.get_by_label("Your name").fill(OWNER)
    owner.get_by_role("button", name="Create the table").click()
    expect(owner.get_by_role("heading", name="Your table is ready")).to_be_focused()
    owner.get_by_role("link", name="Go to the table").click()
    owner.wait_for_url(re.compile(r"/t/[\w-]+\?lang=en$"))
    expect(owner.locator("#players")).to_contain_text("waiting for a player")
    assert owner.get_by_label("Computer level for Seat 2").input_value() == "medium"

    guest.goto(f"{server.url}/?lang=en")
    entry = guest.locator("#open-list li")
    expect(entry).to_have_count(1)
    expect(entry).to_contain_text("French Mattel sheet")
    expect(entry).to_contain_text("2 of 3 seats taken")
    expect(entry).to_contain_text(OWNER)  # a name's markup is text
    assert guest.locator("#open-list i").count() == 0
    no_violations(guest, "the lobby with an open table")
    guest.get_by_role("link", name=f"Join the table created by {OWNER}").click()
    guest.wait_for_url(re.compile(rf"/t/{table_id(owner)}\?lang=en$"))
    guest.get_by_label("Your name").fill(GUEST)
    guest.keyboard.press("Enter")
    expect(guest.locator("#players")).to_contain_text(f"{GUEST} (you)")
    expect(owner.locator("#players")).to_contain_text(GUEST)

    # Full now: it leaves the list.
    guest.goto(f"{server.url}/?lang=en")
    expect(guest.locator("#open-state")).to_have_text("No table is waiting for players right now.")


def test_play_now_reaches_a_table_and_seats_the_next_person_there(
    server: LiveServer, pages: list[Page]
) -> None:
    first, second = pages
    first.goto(f"{server.url}/?lang=en")
    first.get_by_role("button", name="Play now").click()
    expect(first.locator("#quick-error")).to_have_text("Write your name first.")
    expect(first.get_by_label("Name to play under")).to_be_focused()
    first.get_by_label("Name to play under").fill("Ann")
    first.get_by_role("button", name="Play now").click()
    first.wait_for_url(re.compile(r"/t/[\w-]+\?lang=en$"))
    expect(first.locator("#players")).to_contain_text("Ann (you)")
    # Whoever made it is told it starts by itself, not to invite or to start it.
    expect(first.locator("#waiting")).to_have_text(
        "The game starts by itself soon, or as soon as every seat is taken."
    )
    expect(first.locator("#start-row")).to_be_hidden()

    second.goto(f"{server.url}/?lang=en")
    expect(second.locator("#open-list li")).to_contain_text("Ann")
    second.get_by_label("Name to play under").fill("Bob")
    second.get_by_role("button", name="Play now").click()
    second.wait_for_url(re.compile(rf"/t/{table_id(first)}\?lang=en$"))
    expect(second.locator("#players")).to_contain_text("Bob (you)")
    # The table starts by itself, as the status line says: nobody is waited for.
    expect(second.locator("#status")).to_contain_text("The game starts by itself in")
    expect(second.locator("#waiting")).to_have_text(
        "The game starts by itself soon, or as soon as every seat is taken."
    )
    expect(first.locator("#players")).to_contain_text("Bob")


@pytest.mark.parametrize("lang", ["en", "fr", "de", "nl"])
def test_no_rules_identifier_shows_on_the_lobby_or_the_table(
    server: LiveServer, pages: list[Page], lang: str
) -> None:
    """The lobby's profiles, variants and open tables, and the table's info line, say the
    rules in words (a table of ``fr_mattel+ten_hands+n_phases=3``)."""
    with httpx.Client(base_url=server.url, trust_env=False) as http:
        made = http.post(
            "/api/tables",
            json={
                "name": "Ann",
                "seats": [{"kind": "person"}, {"kind": "person"}],
                "profile": "fr_mattel",
                "variants": ["ten_hands", "n_phases=3"],
                "public": True,
            },
        ).json()
    page = pages[0]
    page.goto(f"{server.url}/?lang={lang}")
    page.locator("#variants-box summary").click()
    expect(page.locator("#open-list li")).to_have_count(1)
    for where in ("#profiles", "#variants", "#open-list"):
        text = page.locator(where).inner_text()
        assert not IDENTIFIER.search(text), f"{lang} lobby {where}: {text!r}"
    if lang in ("en", "fr"):
        no_violations(page, f"the lobby in {lang}")
    page.goto(f"{server.url}/t/{made['table']}?lang={lang}")
    info = page.locator("#info")
    expect(info).to_contain_text("3")
    text = info.inner_text()
    assert not IDENTIFIER.search(text), f"{lang} table info: {text!r}"


def test_the_game_chosen_for_a_new_table_is_the_game_to_play_now(
    server: LiveServer, pages: list[Page]
) -> None:
    """One page, one game in mind: choosing Programmes for a new table chooses it in the
    "Play now" box too, which can still be changed there."""
    page = pages[0]
    page.goto(f"{server.url}/?lang=en")
    quick = page.locator("#quick-game")
    expect(quick).to_have_value("phase10")
    page.locator("#create").get_by_label("Programmes").check()
    expect(quick).to_have_value("programmes")
    quick.select_option("phase10")
    expect(quick).to_have_value("phase10")
