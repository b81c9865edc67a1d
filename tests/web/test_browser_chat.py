"""The chat panel of the browser table (docs/protocol.md, "Chat"): two Chromium pages at one
table exchange a quick reaction and a text, one mutes the other's seat, and axe finds nothing
to fix. A player's text is shown as text, never as markup.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import LiveServer, StartLiveServer, run_axe
from .test_browser import DESKTOP, PHONE, create_table, join_by_code, table_id

SERVER_ARGS = ("--bot-delay", "0", "--bot-workers", "0", "--hold", "30")


@pytest.fixture
def server(live_server: StartLiveServer, tmp_path: Path) -> LiveServer:
    return live_server(f"sqlite:///{tmp_path / 'web.db'}", extra_args=SERVER_ARGS)


@pytest.fixture
def pages(browser: Browser) -> Iterator[tuple[Page, Page]]:
    """Two people, each in a browser context of their own; any script error fails the test."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []
    made = []
    for _ in range(2):
        context = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        made.append(page)
    yield made[0], made[1]
    for context in contexts:
        context.close()
    assert not errors, f"script errors: {errors}"


def no_violations(page: Page, where: str) -> None:
    violations = run_axe(page)
    summary = [(v["id"], v["help"], [n["target"] for n in v["nodes"]][:3]) for v in violations]
    assert violations == [], f"axe on {where}: {summary}"


def test_two_pages_chat_and_one_mutes_the_other(
    server: LiveServer, pages: tuple[Page, Page]
) -> None:
    """Zoe (the owner) and Bo sit at one table. Bo clicks the reaction "Good game!": Zoe's
    chat shows "Bo says: Good game!" and her line of chat and confirmations speaks it (the
    chat list itself is not a live region), leaving the table's status line as it was. Zoe
    types a text with markup in it and presses Enter: Bo reads it as written. Bo mutes Zoe
    (aria-pressed, kept in localStorage for the table): her next line is neither shown nor
    spoken on his page; unmuted, it shows again. axe reports nothing."""
    owner, guest = pages
    _link, code = create_table(owner, server.url, game="phase10", seats=["person"])
    owner.get_by_role("link", name="Go to the table").click()
    owner.wait_for_url(re.compile(r"/t/[\w-]+\?lang=en$"))
    join_by_code(guest, server.url, code, "Bo")
    owner_chat, guest_chat = owner.locator("#chat-panel"), guest.locator("#chat-panel")
    expect(owner_chat).to_be_visible()
    expect(guest_chat.get_by_role("heading", name="Chat", exact=True)).to_be_visible()
    assert owner_chat.locator(".chat-lines").get_attribute("aria-live") == "off"

    # The status line says the table's news ("Bo joins the table."): a chat line is said in
    # a line of its own, and leaves it there.
    expect(owner.locator("#status")).not_to_be_empty()
    table_news = owner.locator("#status").text_content()
    guest_chat.get_by_role("group", name="Quick reactions").get_by_role(
        "button", name="Good game!"
    ).click()
    expect(owner_chat.locator(".chat-lines li")).to_have_text(["Bo says: Good game!"])
    expect(owner.locator("#notes")).to_have_text("Bo says: Good game!")
    expect(owner.locator("#status")).to_have_text(table_news or "")
    expect(guest_chat.locator(".chat-lines li")).to_have_text(["Bo says: Good game!"])
    # The sender hears that the line went out.
    expect(guest.locator("#notes")).to_have_text("Sent: Good game!")

    owner_chat.get_by_role("textbox", name="Message").fill("  <b>Nice</b> & thanks  ")
    owner_chat.get_by_role("textbox", name="Message").press("Enter")
    expect(owner_chat.get_by_role("textbox", name="Message")).to_have_value("")
    line = guest_chat.locator(".chat-lines li").nth(1)
    expect(line).to_have_text("Zoe </script> says: <b>Nice</b> & thanks")
    assert guest_chat.locator(".chat-lines b").count() == 0  # the markup is text
    no_violations(guest, "the table with its chat")

    mute = guest_chat.get_by_role("button", name="Mute Zoe </script>")
    expect(mute).to_have_attribute("aria-pressed", "false")
    mute.click()
    expect(mute).to_have_attribute("aria-pressed", "true")
    expect(guest.locator("#notes")).to_have_text("Zoe </script>'s chat is hidden.")
    stored = guest.evaluate(f"localStorage.getItem('phase10:mute:{table_id(guest)}')")
    assert stored == "[0]"
    expect(line).to_be_hidden()
    owner_chat.get_by_role("button", name="Oops!").click()
    expect(owner_chat.locator(".chat-lines li")).to_have_count(3)
    guest.wait_for_timeout(300)  # the line has reached Bo's page by now: it stays unseen
    expect(guest_chat.locator(".chat-lines li:visible")).to_have_text(["Bo says: Good game!"])
    expect(guest.locator("#notes")).not_to_contain_text("Oops")
    no_violations(guest, "the chat with a muted seat")

    mute.click()
    expect(mute).to_have_attribute("aria-pressed", "false")
    expect(guest_chat.locator(".chat-lines li:visible")).to_have_count(3)
    expect(guest_chat.locator(".chat-lines li").nth(2)).to_have_text("Zoe </script> says: Oops!")


def test_a_chat_line_is_shown_at_the_foot_of_a_phone_while_the_chat_is_off_screen(
    server: LiveServer, browser: Browser
) -> None:
    """Zoe plays on a phone, her cards in view and the chat a screen below: Bo's line shows
    at the foot of her screen for a few seconds (the line of the page that says it is at the
    top, as far away), hidden from screen readers, which hear that line; with the chat in
    view, a line shows there only."""
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)  # type: ignore[arg-type]
    desk = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]
    try:
        phone.clock.install()
        owner, guest = phone.new_page(), desk.new_page()
        for page in (owner, guest):
            page.set_default_timeout(15_000)
        _link, code = create_table(owner, server.url, game="phase10", seats=["person"])
        owner.get_by_role("link", name="Go to the table").click()
        owner.wait_for_url(re.compile(r"/t/[\w-]+\?lang=en$"))
        join_by_code(guest, server.url, code, "Bo")
        owner_chat = owner.locator("#chat-panel")
        expect(owner_chat).to_be_attached()
        owner.evaluate("window.scrollTo(0, 0)")
        assert owner.evaluate(
            "document.getElementById('chat-panel').getBoundingClientRect().top > innerHeight"
        ), "the chat is on the screen already"
        toast = owner.locator("#chat-toast")
        expect(toast).to_be_hidden()
        guest.locator("#chat-panel").get_by_role("button", name="Good game!").click()
        expect(toast).to_have_text("Bo says: Good game!")
        expect(toast).to_be_visible()
        assert toast.get_attribute("aria-hidden") == "true"
        expect(owner.locator("#notes")).to_have_text("Bo says: Good game!")
        no_violations(owner, "a chat line over a phone's table")
        owner.clock.fast_forward(7_000)
        expect(toast).to_be_hidden()
        owner_chat.scroll_into_view_if_needed()
        guest.locator("#chat-panel").get_by_role("button", name="Thanks!").click()
        expect(owner_chat.locator(".chat-lines li")).to_have_count(2)
        expect(toast).to_be_hidden()
    finally:
        phone.close()
        desk.close()
