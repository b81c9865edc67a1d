"""An online evening in each of the four languages, end to end in Chromium: on a phone, a
person makes a listed table with a turn timer; on a desktop, a second person finds it under
"Open tables" and joins; at the card table both see the turn clock, the tab's title says
whose turn it is, a quick reaction reaches the other in their language, and the table is
on the maker's "My games" page. axe finds nothing on any page met, and the phone never
scrolls sideways.

Selectors are ids, not English words, so the same test reads every language; what is
checked in words comes from the page's own strings (its boot data).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import LiveServer, StartLiveServer, run_axe

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture
def server(live_server: StartLiveServer, tmp_path: Path) -> LiveServer:
    return live_server(
        f"sqlite:///{tmp_path / 'tour.db'}",
        extra_args=("--bot-delay", "0.3", "--bot-workers", "0", "--hold", "30"),
    )


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    """A phone and a desktop (two people: separate localStorage); any script error on any
    page fails the test."""
    made = [
        browser.new_context(viewport=PHONE),  # type: ignore[arg-type]
        browser.new_context(viewport=DESKTOP),  # type: ignore[arg-type]
    ]
    errors: list[str] = []
    for context in made:
        context.on("weberror", lambda error: errors.append(str(error.error)))
    yield made
    for context in made:
        context.close()
    assert not errors, f"script errors: {errors}"


def no_violations(page: Page, where: str) -> None:
    violations = run_axe(page)
    summary = [(v["id"], v["help"], [n["target"] for n in v["nodes"]][:3]) for v in violations]
    assert violations == [], f"axe on {where}: {summary}"


def page_string(page: Page, key: str) -> str:
    """One of the page's own texts in its language (as the server sent it)."""
    return str(
        page.evaluate(
            "(k) => JSON.parse(document.getElementById('boot').textContent).strings[k]", key
        )
    )


@pytest.mark.parametrize("lang", ["en", "fr", "de", "nl"])
def test_an_online_table_in_each_language(
    server: LiveServer, contexts: list[BrowserContext], lang: str
) -> None:
    phone, desktop = (context.new_page() for context in contexts)
    for page in (phone, desktop):
        page.set_default_timeout(20_000)

    # The maker, on a phone: a listed table of two people with a 60-second turn timer.
    phone.goto(f"{server.url}/?lang={lang}")
    expect(phone.locator("html")).to_have_attribute("lang", lang)
    phone.locator("#seat-count").select_option("2")
    phone.locator("#seat-list select").first.select_option("person")
    phone.locator("#turn-seconds").select_option("60")
    phone.locator("#public").check()
    phone.locator("#name").fill("Zoe")
    no_violations(phone, f"the lobby ({lang})")
    phone.locator("#create button[type=submit]").click()
    expect(phone.locator("#invite")).to_be_visible()
    phone.locator("#go-table").click()
    phone.wait_for_url(re.compile(r"/t/[\w-]+"))
    table = re.search(r"/t/([\w-]+)", phone.url)
    assert table is not None

    # The guest, on a desktop, finds it under the open tables and sits down.
    desktop.goto(f"{server.url}/?lang={lang}")
    desktop.locator(f"#open-list a[href*='{table.group(1)}']").click()
    desktop.locator("#join-name").fill("Bo")
    desktop.locator("#join-form button[type=submit]").click()
    phone.locator("#start").click()
    for page in (phone, desktop):
        expect(page.locator("#hand [role=option]").first).to_be_visible()
        # The turn clock counts down the turn in play, in words.
        expect(page.locator("#turn-clock")).to_be_visible()
        expect(page.locator("#turn-clock")).to_contain_text(re.compile(r"[01]:\d\d"))

    # The tab's title says whose turn it is: exactly one of the two is to play.
    your_turn = [
        page_string(page, "title.your_turn").split("{title}")[0] for page in (phone, desktop)
    ]
    titles = [page.title() for page in (phone, desktop)]
    assert (
        sum(title.startswith(prefix) for title, prefix in zip(titles, your_turn, strict=True)) == 1
    ), titles

    # A quick reaction from the phone reaches the desktop in the desktop's language.
    phone.locator("#chat-panel [data-reaction=gg]").click()
    line = desktop.locator("#chat-panel li", has_text="Zoe").last
    expect(line).to_be_visible()
    words = line.inner_text()
    if lang != "en":
        assert "Good game" not in words, words
    expect(phone.locator("#chat-panel li", has_text="Zoe").last).to_have_text(words)

    no_violations(phone, f"the phone's table ({lang})")
    no_violations(desktop, f"the desktop's table ({lang})")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the phone's table is {width} px wide"

    # The maker's "My games" lists the table, linked.
    phone.goto(f"{server.url}/games?lang={lang}")
    expect(phone.locator(f"#games-list a[href*='/t/{table.group(1)}']")).to_be_visible()
    no_violations(phone, f"my games ({lang})")
