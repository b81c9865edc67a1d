"""The "My games" page and the series of rematches, end to end in Chromium against
``phase10 serve`` in a subprocess: a browser that made a table finds it on ``/games`` with its
state and winner and reaches its replay; a table the server does not know is listed as such
and forgotten with one button; the table page tells the series after a rematch; axe-core finds
nothing on ``/games`` in English and in French.

The owner's seat is held 0 s (``--hold 0``): once their page leaves, a computer finishes the
one-phase game (``n_phases=1``) for them at once.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Dialog, Page, expect

from .conftest import LiveServer, StartLiveServer
from .test_browser import (
    DESKTOP,
    OWNER,
    PHONE,
    create_table,
    no_sideways_scroll,
    no_violations,
    table_id,
)

SERVER_ARGS = ("--bot-delay", "0", "--bot-workers", "0", "--hold", "0")


@pytest.fixture
def server(live_server: StartLiveServer, tmp_path: Path) -> LiveServer:
    return live_server(f"sqlite:///{tmp_path / 'games.db'}", extra_args=SERVER_ARGS)


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """One browser context (one localStorage), closed after the test; a script error on
    the page fails the test."""
    context = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]
    errors: list[str] = []
    made = context.new_page()
    made.set_default_timeout(15_000)
    made.on("pageerror", lambda exc: errors.append(str(exc)))
    yield made
    context.close()
    assert not errors, f"script errors: {errors}"


def _create_table(page: Page, server: LiveServer) -> str:
    """Make a one-phase Phase 10 table against an easy computer with the start page's form,
    as its owner; the table's code."""
    page.goto(f"{server.url}/?lang=en")
    form = page.locator("#create")
    form.get_by_text("Variants (optional)").click()
    form.get_by_label("Phases to play", exact=True).check()
    form.get_by_label("Number for Phases to play").fill("1")
    form.get_by_label("Number of players").select_option("2")
    form.get_by_label("Seat 2", exact=True).select_option("easy")
    form.get_by_label("Your name").fill(OWNER)
    form.get_by_role("button", name="Create the table").click()
    expect(page.get_by_role("heading", name="Your table is ready")).to_be_focused()
    return page.locator("#invite-code").inner_text()


def _lobby(server: LiveServer, table: str) -> dict[str, Any]:
    answer = httpx.get(f"{server.url}/api/tables/{table}", timeout=10, trust_env=False)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def _finish_without_me(page: Page, server: LiveServer, table: str) -> dict[str, Any]:
    """Leave the table's page: a computer plays the seat to the end of the game."""
    page.goto("about:blank")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        lobby = _lobby(server, table)
        if lobby["status"] == "over":
            return lobby
        time.sleep(0.1)
    raise AssertionError("the computers did not finish the game")


def test_my_games_lists_the_table_this_browser_made_and_opens_its_replay(
    server: LiveServer, page: Page
) -> None:
    """/games lists the finished table this browser made (its code as a link to the table,
    "finished, won by ...", its players, a link to its replay, which opens); a saved token
    of a table the server does not know is listed as unknown, with a link to its page, and
    its Forget button removes it; axe finds nothing in English or French; a rematch's table
    tells the series."""
    code = _create_table(page, server)
    page.get_by_role("link", name="Go to the table").click()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#hand [role=option]").first).to_be_visible()
    table = table_id(page)
    lobby = _finish_without_me(page, server, table)
    page.goto(f"{server.url}/?lang=en")
    page.evaluate("() => localStorage.setItem('phase10:token:gone4ever', 'not-a-token')")

    page.goto(f"{server.url}/games?lang=en")
    mine = page.get_by_role("table", name="Your tables, the newest first")
    expect(mine).to_be_visible()
    row = mine.locator(f"tr[data-table='{table}']")
    expect(row.get_by_role("link", name=f"Table {code}", exact=True)).to_have_attribute(
        "href", f"/t/{table}?lang=en"
    )
    names = "|".join(re.escape(s["name"]) for s in lobby["seats"])
    expect(row).to_contain_text(re.compile(rf"finished, won by ({names})"))
    expect(row).to_contain_text("Zoe </script> (you)")
    expect(row.locator("time")).to_have_count(1)
    expect(row).to_contain_text(f"{lobby['seats'][1]['name']} (computer)")
    # The table the server does not know is listed, not counted as a seat held.
    expect(page.locator("#status")).to_have_text("This browser holds a seat at 1 table.")
    gone = mine.locator("tr[data-table='gone4ever']")
    expect(gone).to_contain_text("The server no longer knows this table")
    # Its page says what became of the seat, where the table still stands.
    expect(gone.get_by_role("link", name="gone4ever")).to_have_attribute(
        "href", "/t/gone4ever?lang=en"
    )
    no_violations(page, "/games in English")
    gone.get_by_role("button", name="Forget").click()
    expect(gone).to_have_count(0)
    expect(page.locator("#status")).to_have_text(
        "Forgotten: this browser no longer keeps that seat."
    )
    assert page.evaluate("() => localStorage.getItem('phase10:token:gone4ever')") is None

    row.get_by_role("link", name=f"Replay of table {code}").click()
    expect(page).to_have_url(re.compile(rf"/replay/{table}\?lang=en(#.*)?$"))
    expect(page.locator("#action")).to_contain_text("The deal")

    page.goto(f"{server.url}/games?lang=fr")
    expect(page.locator(f"tr[data-table='{table}']")).to_be_visible()
    no_violations(page, "/games in French")
    page.set_viewport_size(PHONE)  # type: ignore[arg-type]
    no_sideways_scroll(page, "/games on a phone")
    # Each table a card of labelled lines: nothing cut off, not even in the table's own
    # scrolling box, and the replay's link on the screen.
    assert page.evaluate(
        "(() => { const t = document.querySelector('table.games');"
        " return t.scrollWidth <= t.parentElement.clientWidth; })()"
    )
    expect(page.locator(f"tr[data-table='{table}'] td[data-label='État']").first).to_be_visible()
    link = page.locator(f"tr[data-table='{table}'] a[href^='/replay/']")
    box = link.bounding_box()
    assert box is not None
    assert box["x"] + box["width"] <= PHONE["width"], box
    no_violations(page, "/games in French on a phone")
    page.set_viewport_size(DESKTOP)  # type: ignore[arg-type]

    # A rematch, played out too: its table's summary tells the series of two games. The
    # new table's page says where the player is and what comes next, the focus on its
    # Start button, then on the hand once the game starts.
    page.goto(f"{server.url}/t/{table}?lang=en")
    page.get_by_role("button", name="Rematch").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+\?lang=en$"))
    expect(page.locator("#status")).to_have_text(
        "A rematch: the same players at a new table. "
        "Everyone is seated: start the game when you are ready."
    )
    expect(page.get_by_role("button", name="Start the game")).to_be_focused()
    second = table_id(page)
    assert second != table
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#info")).to_contain_text(re.compile(r"Game 2 of the series: \S"))
    expect(page.locator("#hand [role=option][tabindex='0']")).to_be_focused()
    _finish_without_me(page, server, second)
    page.goto(f"{server.url}/t/{second}?lang=en")
    summary = page.locator("#game-summary")
    expect(summary).to_contain_text(re.compile(r"Series: .+ [12], .+ [01] — game 2"))
    # Phase 10 counts points (P10-R34): its final standing has a column of them.
    expect(summary.get_by_role("columnheader", name="Points")).to_be_visible()
    # On a phone, in German with its long headers, every column of the standing is on the
    # screen: none is cut off behind a sideways scroll.
    page.set_viewport_size(PHONE)  # type: ignore[arg-type]
    page.goto(f"{server.url}/t/{second}?lang=de")
    standing = page.locator("#game-summary table")
    expect(standing.get_by_role("columnheader", name="Punkte")).to_be_visible()
    for cell in standing.locator("th, td").all():
        box = cell.bounding_box()
        assert box is not None
        assert box["x"] >= 0, (cell.inner_text(), box)
        assert box["x"] + box["width"] <= PHONE["width"], (cell.inner_text(), box)
    # Nor is a word of a header broken ("Pla-tz"): a one-word header is on one line.
    lines = page.evaluate(
        """() => [...document.querySelectorAll('#game-summary thead th')].map((th) => {
            const range = document.createRange();
            range.selectNodeContents(th);
            const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            return [th.textContent.trim(), tops.size];
        })"""
    )
    assert all(count == 1 for text, count in lines if " " not in text), lines
    page.set_viewport_size(DESKTOP)  # type: ignore[arg-type]

    # A table of the list is forgotten on request, once confirmed: it leaves the list and
    # this browser no longer holds its seat.
    page.goto(f"{server.url}/games?lang=en")
    first = page.locator(f"tr[data-table='{table}']")
    asked: list[str] = []

    def refuse(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", refuse)
    first.get_by_role("button", name=f"Forget table {code}").click()
    expect(first).to_have_count(1)
    assert asked == [
        f"Forget table {code}? This browser will no longer hold your seat there, and you "
        "cannot go back to it."
    ]
    page.once("dialog", lambda dialog: dialog.accept())
    first.get_by_role("button", name=f"Forget table {code}").click()
    expect(first).to_have_count(0)
    expect(page.locator(f"tr[data-table='{second}']")).to_have_count(1)
    assert page.evaluate(f"() => localStorage.getItem('phase10:token:{table}')") is None


def test_my_games_asks_again_when_the_player_comes_back_to_it(
    server: LiveServer, page: Page
) -> None:
    """My games, left open in a tab while a table starts in another (P10-R10: the game
    begins when its owner starts it), says "being played" (or "finished") when the player
    comes back to the tab, where it said "waiting to start" until the page was loaded
    again; its status line does not say the count again when nothing changed."""
    code = _create_table(page, server)
    table = page.evaluate(
        """() => Object.keys(localStorage).find((k) => k.startsWith('phase10:token:'))"""
    ).removeprefix("phase10:token:")
    token = page.evaluate(f"() => localStorage.getItem('phase10:token:{table}')")
    page.goto(f"{server.url}/games?lang=en")
    row = page.locator(f"tr[data-table='{table}']")
    expect(row.get_by_role("link", name=f"Table {code}", exact=True)).to_be_visible()
    expect(row).to_contain_text("waiting to start")
    count = "This browser holds a seat at 1 table."
    expect(page.locator("#status")).to_have_text(count)
    page.evaluate(
        """() => { window.said = [];
            new MutationObserver(() => window.said.push(
                document.getElementById('status').textContent))
            .observe(document.getElementById('status'),
                     {childList: true, characterData: true, subtree: true}); }"""
    )
    started = httpx.post(
        f"{server.url}/api/tables/{table}/start",
        headers={"authorization": f"Bearer {token}"},
        timeout=10,
        trust_env=False,
    )
    assert started.status_code == 200, started.text
    # Another tab was in front; this one is shown again.
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    # (With no hold, a computer plays the absent owner's seat: the one-phase game may be
    # over already.)
    expect(row).to_contain_text(re.compile("being played|finished"))
    expect(row).not_to_contain_text("waiting to start")
    assert page.evaluate("() => window.said") == [], "the count was said again"
    expect(page.locator("#status")).to_have_text(count)


def test_a_waiting_tables_computer_is_listed_by_its_level_not_as_a_free_seat(
    server: LiveServer, page: Page
) -> None:
    """Before the start a computer has no name yet: /games lists its seat as the table's
    page does ("Computer: easy"), not as "waiting for a player", which a free seat for a
    person says; in French too."""
    seats = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "level": "easy"}]
    made = httpx.post(
        f"{server.url}/api/tables",
        json={"name": "Ann", "seats": seats},
        timeout=10,
        trust_env=False,
    ).json()
    page.goto(f"{server.url}/?lang=en")
    page.evaluate(
        "([table, token]) => localStorage.setItem(`phase10:token:${table}`, token)",
        [made["table"], made["token"]],
    )
    page.goto(f"{server.url}/games?lang=en")
    row = page.locator(f"tr[data-table='{made['table']}']")
    expect(row).to_contain_text("waiting to start")
    expect(row).to_contain_text("Computer: easy")
    expect(row.get_by_text("waiting for a player")).to_have_count(1)
    page.goto(f"{server.url}/games?lang=fr")
    expect(page.locator(f"tr[data-table='{made['table']}']")).to_contain_text("Ordinateur : facile")


def test_the_programmes_final_standing_counts_programs_and_no_points(
    server: LiveServer, page: Page
) -> None:
    """A programmes game played to its end by the computers: its final standing gives each
    player's programs done and the winner, and no column of points, since the game has none
    (AMZ-R32); axe finds the summary accessible.

    The lobby deals at random, and about one game in ten ends at a new round's deal, when a
    sun card completes a player's programs (AMZ-R07): its table holds no combination to show.
    The test plays up to four games for one that ends with combinations on the table."""
    for _ in range(4):
        create_table(page, server.url, game="programmes", seats=["easy"])
        page.get_by_role("link", name="Go to the table").click()
        page.get_by_role("button", name="Start the game").click()
        expect(page.locator("#hand [role=option]").first).to_be_visible()
        table = table_id(page)
        _finish_without_me(page, server, table)
        page.goto(f"{server.url}/t/{table}?lang=en")
        expect(page.locator("#game-summary")).to_be_visible()
        if page.locator(".group-cards").count():
            break
    summary = page.locator("#game-summary")
    expect(summary.get_by_role("columnheader", name="Programs done")).to_be_visible()
    expect(summary).to_contain_text("the winner")
    headers = summary.get_by_role("columnheader").all_text_contents()
    assert headers == ["Place", "Player", "Programs done"], headers
    winner = summary.locator("tr.winner th")
    expect(winner).to_have_count(1)
    expect(winner).to_contain_text(re.compile(r"\S, the winner$"))
    # The final standing stays until it is closed: no box to keep it open.
    expect(page.get_by_label("Keep the results open until I close them")).to_be_hidden()
    # The revealed combinations show each suit by its sign, never its English letter
    # (AMZ-R01): "8♠", "JK=10♠".
    groups = " ".join(page.locator(".group-cards").all_inner_texts())
    assert re.search(r"(?:10|[2-9AJQK])[♠♥♦♣]", groups), groups
    assert not re.search(r"(?<![\w])(?:10|[2-9AJQK])[SHDC](?![\w])", groups), groups
    no_violations(page, "the final standing of a programmes game")
    # Closed, the standing leaves who won said at the table (AMZ-R30), not only that the
    # game is over.
    page.keyboard.press("Escape")
    expect(page.locator("#summary")).to_be_hidden()
    expect(page.locator("#status")).to_contain_text(
        re.compile(r"[Ww]ins? the game with \d programs?\.")
    )


def test_a_programmes_turn_names_its_cards_in_words_in_dutch(
    live_server: StartLiveServer, tmp_path: Path, page: Page
) -> None:
    """A Dutch screen-reader user's programmes turn (AMZ-R10: draw or take, then discard):
    the take button, the hint and the button that plays the hint are named with the card in
    Dutch words ("harten heer"), never by its code ("KH"), while the buttons still show the
    short form, its suit by its sign ("K♥", AMZ-R01: the letter is English); and the swap key
    says the table plays without the optional swap (AMZ-R31)."""
    slow = live_server(
        f"sqlite:///{tmp_path / 'slow.db'}",
        extra_args=("--bot-delay", "0.3", "--bot-workers", "0", "--hold", "30"),
    )
    create_table(page, slow.url, game="programmes", seats=["easy"])
    page.get_by_role("link", name="Go to the table").click()
    page.get_by_role("button", name="Start the game").click()
    table = table_id(page)
    page.goto(f"{slow.url}/t/{table}?lang=nl")
    take = page.locator("#moves [data-key=take]")
    take.wait_for(timeout=20_000)
    code = re.compile(r"(?<![\w=])(?:10|[2-9AJQK])[SHDC](?![\w=])")
    name = take.get_attribute("aria-label") or ""
    assert name.endswith("van de aflegstapel pakken"), name
    assert not code.search(name), name
    assert not code.search(take.inner_text()), take.inner_text()
    assert re.search(r"(?<![\w=])(?:10|[2-9AJQK])[♠♥♦♣]", take.inner_text()), take.inner_text()
    # A sighted player sees the rank and the suit's sign ("K♥"), not the English letter.
    faces = page.locator("#hand .face").all_inner_texts()
    assert faces, faces
    for face in faces:
        assert re.fullmatch(r"(10|[2-9AJQK])[♠♥♦♣]|JK", face.strip()), faces
    page.locator("#hand [role=option]").first.focus()
    page.keyboard.press("i")
    play = page.locator("#moves [data-key=hint-play]")
    play.wait_for()
    expect(page.locator("#status")).to_contain_text("Tip: ")
    said = page.locator("#status").inner_text()
    assert not code.search(said), said
    named = play.get_attribute("aria-label") or play.inner_text()
    assert not code.search(named), named
    # The swap key at a table without the optional swap (AMZ-R31) says so.
    page.keyboard.press("e")
    expect(page.locator("#status")).to_contain_text(
        "Aan deze tafel worden geen programmakaarten geruild"
    )
    # After the draw, a chosen card's discard button shows it as the hand does ("2♦"),
    # never by its letter ("2D").
    page.keyboard.press("d")
    page.locator("#moves [data-group=discard]").wait_for()
    page.locator("#hand [role=option]").first.focus()
    page.keyboard.press("Space")
    discard = page.locator("#moves [data-key=discard-chosen]")
    expect(discard).to_contain_text(re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]|JK"))
    assert not code.search(discard.inner_text()), discard.inner_text()


def test_a_table_watched_as_a_spectator_is_listed_under_my_games(
    server: LiveServer, page: Page
) -> None:
    """A teacher watches a class's table as a spectator (no seat): /games lists it under
    "Tables you watched" with a link back to it, its state and players; a watched table the
    server no longer knows says so; Forget takes a table off the list; axe finds nothing.
    (Play-tested: watched tables were nowhere, and a teacher kept a paper list of codes.)"""
    seats = [{"kind": "person"}, {"kind": "bot", "level": "easy"}]
    made = httpx.post(
        f"{server.url}/api/tables",
        json={"name": "Léa", "seats": seats},
        timeout=10,
        trust_env=False,
    ).json()
    started = httpx.post(
        f"{server.url}/api/tables/{made['table']}/start",
        headers={"Authorization": f"Bearer {made['token']}"},
        timeout=10,
        trust_env=False,
    )
    assert started.status_code == 200, started.text
    page.goto(f"{server.url}/t/{made['table']}?lang=en")
    expect(page.locator("#info")).to_contain_text("you are watching as a spectator")
    page.evaluate("() => localStorage.setItem('phase10:watch:gone4ever', '1')")
    page.goto(f"{server.url}/games?lang=en")
    watched = page.get_by_role("table", name="Tables you watched, the latest first")
    expect(watched).to_be_visible()
    row = watched.locator(f"tr[data-table='{made['table']}']")
    expect(row.get_by_role("link", name=f"Table {made['code']}", exact=True)).to_have_attribute(
        "href", f"/t/{made['table']}?lang=en"
    )
    expect(row).to_contain_text(re.compile("being played|finished"))
    expect(row).to_contain_text("Léa")
    expect(row.locator("time")).to_have_count(1)
    gone = watched.locator("tr[data-table='gone4ever']")
    expect(gone).to_contain_text("The server no longer knows this table.")
    # No seat is held here: the seats' list says so, above.
    expect(page.locator("#games-list")).to_contain_text("no seat")
    no_violations(page, "/games with watched tables")
    gone.get_by_role("button", name="Forget").click()
    expect(gone).to_have_count(0)
    expect(page.locator("#status")).to_have_text("Forgotten: this table is no longer listed here.")
    row.get_by_role("button", name=f"Forget table {made['code']}").click()
    expect(page.locator("#watched")).to_be_hidden()


def test_a_seat_no_longer_held_lists_its_table_by_code_with_a_way_to_watch_it(
    server: LiveServer, page: Page
) -> None:
    """A table that stands where this browser's token no longer holds a seat (the owner gave
    it to a computer) is listed by its code, its state and players, and says the seat is no
    longer this browser's, with a link to watch and a Forget button naming the table
    (play-tested by a blind player: the row was named by the table's inner id, said "the
    server no longer knows this table", which was wrong, and offered a bare "Forget")."""
    seats = [{"kind": "person"}, {"kind": "person"}]
    made = httpx.post(
        f"{server.url}/api/tables",
        json={"name": "Alex", "seats": seats},
        timeout=10,
        trust_env=False,
    ).json()
    page.goto(f"{server.url}/?lang=en")
    page.evaluate(
        "(table) => localStorage.setItem(`phase10:token:${table}`, 'a-seat-since-given-away')",
        made["table"],
    )
    page.goto(f"{server.url}/games?lang=en")
    row = page.locator(f"tr[data-table='{made['table']}']")
    expect(row.get_by_role("link", name=f"Table {made['code']}", exact=True)).to_have_attribute(
        "href", f"/t/{made['table']}?lang=en"
    )
    expect(row).to_contain_text("waiting to start")
    expect(row).to_contain_text("Your seat here is no longer yours")
    expect(page.locator("#status")).to_have_text("This browser holds seats at 0 tables.")
    expect(row).not_to_contain_text("no longer knows")
    no_violations(page, "/games with a seat no longer held")
    row.get_by_role("button", name=f"Forget table {made['code']}").click()
    expect(row).to_have_count(0)
