"""A browser whose seat the table's owner gave to a computer while its player was away,
in Chromium against ``phase10 serve``: the page says why it now only watches, and puts up
no results of a hand the game has gone on from."""

from __future__ import annotations

import contextlib
import json
import random
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import LiveServer, StartLiveServer
from .serverkit import Player, play
from .test_browser_table import _DIRECT, SPIES, post

PERSON = {"kind": "person"}
EASY = {"kind": "bot", "level": "easy"}


@pytest.fixture
def server(live_server: StartLiveServer, tmp_path: Path) -> LiveServer:
    # A person who leaves is played by a computer at once; computers play briskly.
    return live_server(
        f"sqlite:///{tmp_path / 'web.db'}",
        extra_args=("--bot-delay", "0.1", "--bot-workers", "0", "--hold", "0"),
    )


def _gone(server: LiveServer, table: str, seat: int) -> None:
    """Until the server knows that the seat's person has left."""
    for _ in range(200):
        lobby = json.loads(_DIRECT.open(f"{server.url}/api/tables/{table}").read())
        if not lobby["seats"][seat]["connected"]:
            return
        time.sleep(0.05)
    raise AssertionError("the page's connection did not close")


def _second_hand_under_way(watcher: Player) -> None:
    """Until the second hand is dealt and a card is drawn in it, the game not over."""
    drawn = False
    while not drawn:
        update = watcher.until(lambda m: m["type"] == "update", timeout=60)
        assert update["result"] is None, "the game ended before its second hand"
        if update["view"]["hand_number"] >= 1:
            drawn = any(e["event"]["kind"] in ("drew", "took_discard") for e in update["events"])


def test_a_seat_given_to_a_computer_is_said_and_old_results_stay_shut(
    browser: Browser, server: LiveServer
) -> None:
    """Cleo sits at Ada's table, closes her page; Ada gives her seat to a computer, and the
    computers play on into the second hand. Cleo opens the table again: the status line
    says that the owner gave her seat to a computer and that she watches, and the results
    of the first hand, which she never saw, are not put up over the second."""
    made = post(f"{server.url}/api/tables", {"name": "Ada", "seats": [PERSON, PERSON, EASY]})
    table, owner = str(made["table"]), str(made["token"])
    cleo = str(post(f"{server.url}/api/tables/{table}/join", {"name": "Cleo"})["token"])
    post(f"{server.url}/api/tables/{table}/start", {}, owner)
    ws = "ws" + server.url.removeprefix("http")
    with Player(ws, table, owner) as ada:  # Ada looks in and leaves: a computer plays for her
        ada.until(lambda m: m["type"] == "update")
    context = browser.new_context()
    try:
        context.add_init_script(f"localStorage.setItem('phase10:token:{table}', '{cleo}')")
        context.add_init_script(SPIES)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.goto(f"{server.url}/t/{table}?lang=en")
        expect(page.locator("#hand [role=option]").first).to_be_visible()
        with Player(ws, table, None) as watcher:
            page.goto("about:blank")
            _gone(server, table, 1)
            post(f"{server.url}/api/tables/{table}/seats/1/computer", {"level": "easy"}, owner)
            _second_hand_under_way(watcher)
        page.goto(f"{server.url}/t/{table}?lang=en")
        given = (
            "The table's owner gave your seat to a computer player: you are watching as a "
            "spectator."
        )
        for _ in range(100):
            if any(line.startswith(given) for line in page.evaluate("() => window.__said")):
                break
            page.wait_for_timeout(100)
        said = page.evaluate("() => window.__said")
        assert any(line.startswith(given) for line in said), said
        expect(page.locator("#info")).to_contain_text("you are watching as a spectator")
        page.wait_for_timeout(500)
        # The second hand may have ended meanwhile on a slow machine: its results are hers
        # to see; the first hand's never are.
        if page.locator("dialog#summary").evaluate("(d) => d.open"):
            expect(page.locator("#hand-summary-title")).not_to_have_text("Hand 1 ended.")
        assert not any("not valid" in line for line in said), said
    finally:
        with contextlib.suppress(Exception):
            context.close()


def _ada_and_cleo_playing(browser: Browser, server: LiveServer) -> tuple[str, str, str, Page]:
    """Ada's started table of Ada, Cleo and an easy computer: its id, Ada's and Cleo's
    tokens, and a page holding Cleo's seat."""
    made = post(f"{server.url}/api/tables", {"name": "Ada", "seats": [PERSON, PERSON, EASY]})
    table, owner = str(made["table"]), str(made["token"])
    cleo = str(post(f"{server.url}/api/tables/{table}/join", {"name": "Cleo"})["token"])
    post(f"{server.url}/api/tables/{table}/start", {}, owner)
    return table, owner, cleo, _page_of(browser, server, table, cleo)


def _discarded_for(watcher: Player, seat: int, after: int) -> bool:
    """Whether ``seat`` discarded (its turn played out) after event ``after``, as
    ``watcher`` has been told."""
    return any(
        seq > after and e["event"]["seat"] == seat and e["event"]["kind"] == "discarded"
        for seq, e in watcher.events.items()
    )


def _page_of(browser: Browser, server: LiveServer, table: str, token: str | None) -> Page:
    context = browser.new_context()
    if token is not None:
        context.add_init_script(f"localStorage.setItem('phase10:token:{table}', '{token}')")
    context.add_init_script(SPIES)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{server.url}/t/{table}?lang=en")
    return page


def test_the_owner_opens_a_given_seat_and_its_player_sits_down_again_mid_game(
    browser: Browser, server: LiveServer
) -> None:
    """Decision 0028, as the people do it: Cleo's seat went to a computer while she was away.
    Ada, the owner, presses "Open the seat to a person" beside it; her page shows her the
    invitation to share. Cleo opens the table: she watches, and a form says the seat is open;
    she writes her name and sits down, and has the seat's hand in front of her."""
    made = post(f"{server.url}/api/tables", {"name": "Ada", "seats": [PERSON, PERSON, EASY]})
    table, owner = str(made["table"]), str(made["token"])
    post(f"{server.url}/api/tables/{table}/join", {"name": "Cleo"})
    post(f"{server.url}/api/tables/{table}/start", {}, owner)
    post(f"{server.url}/api/tables/{table}/seats/1/computer", {"level": "easy"}, owner)
    ada = _page_of(browser, server, table, owner)
    cleo = None
    try:
        expect(ada.locator("#hand [role=option]").first).to_be_visible()
        expect(ada.locator("#lobby-panel")).to_be_hidden()
        panel = ada.get_by_role("region", name="Computers' seats")
        panel.get_by_role("button", name="Open the seat to a person (Cleo)").click()
        seat = ada.locator("#players li[data-seat='1'] .facts")
        expect(seat).to_contain_text("open: a computer plays it until someone takes it")
        expect(ada.locator("#lobby-h")).to_have_text("A seat is open")
        expect(ada.locator("#waiting")).to_contain_text("Seats open to a person: 1.")
        expect(ada.locator("#invite-link")).to_contain_text("/join/")
        expect(ada.locator("#start-row")).to_be_hidden()
        expect(ada.locator("#join-form")).to_be_hidden()
        # Given back to a computer, the seat is offered to the level it had, not the default.
        expect(ada.get_by_label("Computer level for Cleo")).to_have_value("easy")
        cleo = _page_of(browser, server, table, None)
        expect(cleo.locator("#lobby-h")).to_have_text("A seat is open")
        expect(cleo.locator("#waiting")).to_contain_text("take it below to play on")
        cleo.get_by_label("Your name").fill("Cleo")
        cleo.get_by_role("button", name="Sit down").click()
        expect(cleo.locator("#hand [role=option]").first).to_be_visible()
        expect(cleo.locator("#lobby-panel")).to_be_hidden()
        expect(ada.locator("#players li[data-seat='1'] .facts")).to_contain_text("connected")
        expect(ada.locator("#lobby-panel")).to_be_hidden()
        # Cleo's seat is hers again; the table's own computer can still be opened.
        expect(panel.get_by_role("button")).to_have_count(1)
        expect(panel.get_by_role("button", name="Open the seat to a person (Cleo)")).to_have_count(
            0
        )
        said = ada.evaluate("() => window.__said")
        assert any("Cleo takes seat 2 and plays on" in line for line in said), said
    finally:
        for page in (ada, cleo):
            if page is not None:
                with contextlib.suppress(Exception):
                    page.context.close()


def test_before_the_start_the_owner_opens_a_computers_seat_beside_it(
    browser: Browser, server: LiveServer
) -> None:
    """Decision 0028 in the waiting room (a rematch keeps its computers): the button sits
    beside the computer's seat; pressed, the seat waits for a player and the page says so."""
    made = post(f"{server.url}/api/tables", {"name": "Ada", "seats": [PERSON, EASY]})
    table, owner = str(made["table"]), str(made["token"])
    ada = _page_of(browser, server, table, owner)
    try:
        expect(ada.locator("#lobby-h")).to_have_text("Before the game")
        seat = ada.locator("#players li[data-seat='1']")
        expect(seat).to_contain_text("Computer: easy")
        seat.get_by_role("button", name="Open the seat to a person (Seat 2)").click()
        expect(seat.locator(".facts")).to_have_text("waiting for a player")
        expect(ada.locator("#waiting")).to_contain_text("Seats still waiting for a player: 1.")
        expect(ada.locator("#seats-admin")).to_be_hidden()
        said = ada.evaluate("() => window.__said")
        assert "Seat 2 is free again for a person." in said, said
    finally:
        with contextlib.suppress(Exception):
            ada.context.close()


def test_a_watcher_hears_who_won_with_the_end_of_the_game(
    browser: Browser, server: LiveServer
) -> None:
    """P10-R36: a page watching a game to its end says, in its status line, that the game is
    over together with who won: the end's notice came after the winner's sentence and
    replaced it before a screen reader reached it ("The game is over." alone). The watcher's
    page offers no turn alerts and lists no move keys."""
    made = post(
        f"{server.url}/api/tables",
        {"name": "Ada", "seats": [PERSON, EASY], "variants": ["n_phases=1"]},
    )
    table, owner = str(made["table"]), str(made["token"])
    post(f"{server.url}/api/tables/{table}/start", {}, owner)  # Ada never comes: played for
    page = _page_of(browser, server, table, None)
    try:
        # A watcher has no turn to be told of and makes no move: no turn alerts, no move keys.
        expect(page.locator("#info")).to_contain_text("you are watching as a spectator")
        expect(page.locator("#alerts-panel")).to_be_hidden()
        expect(page.locator("#keys [data-kinds=draw]")).to_be_hidden()
        expect(page.locator("#keys [data-kinds=discard]")).to_be_hidden()
        expect(page.locator("#status")).to_contain_text("The game is over.", timeout=60_000)
        said = page.evaluate("() => window.__said")
        over = [line for line in said if line.startswith("The game is over.")]
        assert over, said
        assert re.search(r"\S+ wins? the game", over[-1]), over
    finally:
        with contextlib.suppress(Exception):
            page.context.close()


def test_moves_a_computer_made_for_an_absent_player_are_said_to_be_its_own(
    browser: Browser, server: LiveServer
) -> None:
    """Cleo closes her page; a computer plays her turns while Ada plays on. Back on another
    device (nothing saved in its browser), Cleo's log says that a computer played for her
    right before the first move it made for her, so the moves told as hers from there ("You
    drew ...") read as its moves (P10-R13: a turn is a draw, then a discard); the notice was
    logged above every older move the page shows first."""
    table, owner, cleo, page = _ada_and_cleo_playing(browser, server)
    ws = "ws" + server.url.removeprefix("http")
    try:
        expect(page.locator("#hand [role=option]").first).to_be_visible()
        with Player(ws, table, owner) as ada:
            ada.until(lambda m: m["type"] == "update")
            page.goto("about:blank")
            _gone(server, table, 1)
            left_at = max(ada.events, default=-1)

            def played_for_cleo() -> bool:
                return _discarded_for(ada, 1, left_at)

            play({0: ada}, random.Random(5), played_for_cleo, timeout=60)
            assert played_for_cleo()
            other = _page_of(browser, server, table, cleo)
            try:
                notice = other.locator("#log li", has_text="a computer player played for you")
                expect(notice).to_have_count(1)
                lines = other.locator("#log li").all_inner_texts()
            finally:
                with contextlib.suppress(Exception):
                    other.context.close()
        at = next(i for i, line in enumerate(lines) if "a computer player played for you" in line)
        assert at > 0, lines
        assert lines[at + 1].startswith("You "), lines
    finally:
        with contextlib.suppress(Exception):
            page.context.close()


def test_back_after_a_hand_ended_without_her_she_hears_what_she_missed(
    browser: Browser, server: LiveServer
) -> None:
    """Cleo puts her page away; a computer plays her seat while Ada plays on into the second
    hand (P10-R31: a hand ends when someone goes out). Cleo opens the table again in the same
    browser: before whose turn it is, the status line says that a computer played for her,
    how the first hand ended and the phase she is on now (P10-R32), where it said only whose
    turn it was."""
    table, owner, _cleo, page = _ada_and_cleo_playing(browser, server)
    ws = "ws" + server.url.removeprefix("http")
    try:
        expect(page.locator("#hand [role=option]").first).to_be_visible()
        with Player(ws, table, owner) as ada:
            ada.until(lambda m: m["type"] == "update")
            page.goto("about:blank")
            _gone(server, table, 1)
            left_at = max(ada.events, default=-1)

            def second_hand_drawn_and_played_for_cleo() -> bool:
                events = ada.events.items()
                ends = [s for s, e in events if e["event"]["kind"] == "hand_ended"]
                drawn = bool(ends) and any(
                    s > ends[0] and e["event"]["kind"] in ("drew", "took_discard")
                    for s, e in events
                )
                return drawn and _discarded_for(ada, 1, left_at)

            done = second_hand_drawn_and_played_for_cleo
            play({0: ada}, random.Random(3), done, timeout=120)
            assert done(), "the first hand did not end in time"
            page.goto(f"{server.url}/t/{table}?lang=en")
            # The line said on arrival (the status line may have moved on since: the game
            # goes on).
            for _ in range(100):
                said = [x for x in page.evaluate("() => window.__said") if "Hand 1 ended" in x]
                if said:
                    break
                page.wait_for_timeout(100)
        assert len(said) == 1, said
        line = said[0]
        assert line.startswith("While you were away a computer player played for you"), line
        # The goal as the seat now stands: a computer may have laid her phase down already.
        goal = r"(You are on phase \d|Your phase \d is down this hand)"
        assert re.search(rf"Hand 1 ended\. Points: .*{goal}", line), line
        assert re.search(r"It is (your|\w+'s) turn", line), line
    finally:
        with contextlib.suppress(Exception):
            page.context.close()
