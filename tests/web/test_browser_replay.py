"""A finished game's replay shown to a class, end to end in Chromium against ``phase10 serve``:
it jumps from hand to hand and plays itself at a chosen speed (play-tested by a teacher with
the replay on a projector, who pressed Next some hundred times to reach the third hand).

Each game (P10-R38 ends a Phase 10 game with its last phase; AMZ-R20 a programmes game with
its manches) is played to its end by computers on the engine and stored as the server stores
it, then served: the test opens its replay.
"""

from __future__ import annotations

import json
import re
import secrets
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from phase10 import games
from phase10.bots import make_bot
from phase10.match import Match, Seat
from phase10.web.db import Database, SeatRow, TableRow
from phase10.web.replay import replay_step

from .conftest import LiveServer, StartLiveServer
from .test_browser import no_violations


def _finished(database: str, game_name: str, rules_name: str, seed: int) -> tuple[str, Match]:
    """A finished two-player table of ``game_name`` in ``database``; its id and its match."""
    db = Database(database)
    try:
        game = games.get(game_name)
        rules = game.find_rules(rules_name)
        row = TableRow(
            id=secrets.token_urlsafe(9),
            code="REPL" + secrets.token_hex(2).upper(),
            game=game_name,
            rules=rules.name,
            seed=seed,
            status="playing",
            hold_seconds=60,
            takeover_level="easy",
        )
        names = ["Léa", "Hugo"]
        seats = [
            SeatRow(0, "person", None, names[0], "x" * 64),
            SeatRow(1, "bot", "easy", names[1], None),
        ]
        db.insert_table(row, seats)
        match = Match.start(rules, [Seat(n, make_bot("easy", game)) for n in names], row.seed)
        while not match.is_over:
            seat = match.to_act
            bot = match.seats[seat].bot
            assert bot is not None
            match.play(seat, bot.choose(match.view(seat), match.bot_rng(seat)), match.version)
            action = json.dumps(
                game.action_to_json(match.record.actions[-1]), separators=(",", ":")
            )
            db.append_move(row.id, match.version, seat, action, None)
        db.set_status(row.id, "over", finished=time.time())
        return row.id, match
    finally:
        db.close()


def _hand_starts(match: Match) -> list[int]:
    """The first step of each hand: the step whose position has that hand's number."""
    starts = [0]
    hand = 0
    for step in range(1, match.version + 1):
        number = replay_step(match, step, "en")["table"]["hand_number"]
        if number != hand:
            starts.append(step)
            hand = number
    return starts


@pytest.fixture
def served(live_server: StartLiveServer, tmp_path: Path) -> tuple[LiveServer, str, Match, str]:
    database = f"sqlite:///{tmp_path / 'replays.db'}"
    table, match = _finished(database, "phase10", "standard+n_phases=3", seed=4)
    rounds, _ = _finished(database, "programmes", "programmes+programs_to_win=1", seed=2)
    server = live_server(database, extra_args=("--bot-workers", "0"))
    return server, table, match, rounds


def _at_step(page: Page, step: int) -> None:
    expect(page.locator("#step")).to_have_value(str(step))


def test_the_replay_jumps_from_hand_to_hand(
    served: tuple[LiveServer, str, Match, str], page: Page
) -> None:
    """Next hand and Previous hand (and Page Down, Page Up) go to the step each hand was dealt
    at, which tells how the hand before it ended; at either end the page says there is none."""
    server, table, match, _ = served
    starts = _hand_starts(match)
    assert len(starts) >= 3, starts  # a game of three phases takes a few hands
    page.goto(f"{server.url}/replay/{table}?lang=en")
    expect(page.locator("#action")).to_contain_text("The deal")
    page.get_by_role("button", name="Next hand").click()
    _at_step(page, starts[1])
    expect(page.locator("#sentences")).to_contain_text("Hand 2 is dealt by")
    page.keyboard.press("PageDown")
    _at_step(page, starts[2])
    # From inside a hand, Previous hand goes to that hand's deal, then to the one before.
    page.get_by_role("button", name="Next", exact=True).click()
    page.get_by_role("button", name="Next", exact=True).click()
    _at_step(page, starts[2] + 2)
    page.get_by_role("button", name="Previous hand").click()
    _at_step(page, starts[2])
    page.keyboard.press("PageUp")
    _at_step(page, starts[1])
    page.keyboard.press("PageUp")
    _at_step(page, 0)
    page.get_by_role("button", name="Previous hand").click()
    expect(page.locator("#status")).to_have_text("This is the first hand.")
    _at_step(page, 0)
    # In the last hand, Next hand goes to the game's end and says there is no other.
    page.get_by_label("Go to step").fill(str(starts[-1] + 1))
    page.get_by_label("Go to step").press("Enter")
    _at_step(page, starts[-1] + 1)
    page.get_by_role("button", name="Next hand").click()
    _at_step(page, match.version)
    # Said as the step is (who moved, who won), then that no hand follows (play-tested:
    # the step's sentences were replaced at once by "This is the last hand.").
    status = page.locator("#status")
    expect(status).to_contain_text(f"Step {match.version} of {match.version}. ")
    expect(status).to_contain_text(re.compile(r"wins the game.* This is the last hand\.$"))
    page.get_by_role("button", name="Next hand").click()
    expect(page.locator("#status")).to_have_text("This is the last hand.")
    _at_step(page, match.version)
    # A step past the end goes to the end and says why.
    page.get_by_label("Go to step").fill("999")
    page.get_by_label("Go to step").press("Enter")
    expect(status).to_contain_text(f"There is no step 999: the steps go from 0 to {match.version}.")
    page.get_by_role("button", name="First").click()
    _at_step(page, 0)
    page.get_by_label("Go to step").fill("999")
    page.get_by_label("Go to step").press("Enter")
    _at_step(page, match.version)
    expect(status).to_contain_text(
        f"There is no step 999: the steps go from 0 to {match.version}. Step"
    )
    no_violations(page, "the replay with its hand buttons")


def test_the_replay_plays_itself_at_the_speed_chosen_and_pauses(
    served: tuple[LiveServer, str, Match, str], page: Page
) -> None:
    """Play steps on by itself, a step a second at the fast speed; Pause (or Space) stops it
    where it is; a step chosen by hand stops it too."""
    server, table, _match, _ = served
    page.goto(f"{server.url}/replay/{table}?lang=en")
    expect(page.locator("#action")).to_contain_text("The deal")
    page.get_by_label("Speed").select_option(label="Fast: a step a second")
    page.get_by_role("button", name="Autoplay").click()
    expect(page.locator("#status")).to_have_text("Playing the replay from step 0.")
    expect(page.get_by_role("button", name="Pause")).to_be_visible()
    _at_step(page, 1)
    _at_step(page, 2)
    page.get_by_role("button", name="Pause").click()
    expect(page.locator("#status")).to_have_text("Paused at step 2.")
    expect(page.get_by_role("button", name="Autoplay")).to_be_visible()
    page.wait_for_timeout(1500)
    _at_step(page, 2)
    # Space, with the focus on no button, plays; an arrow key takes over and stops it.
    page.locator("#action").click()
    page.keyboard.press(" ")
    _at_step(page, 3)
    page.keyboard.press("ArrowLeft")
    _at_step(page, 2)
    expect(page.get_by_role("button", name="Autoplay")).to_be_visible()
    page.wait_for_timeout(1500)
    _at_step(page, 2)


def test_a_programmes_replay_says_round_and_shows_every_program(
    served: tuple[LiveServer, str, Match, str], page: Page
) -> None:
    """The programmes game says "round" to players where Phase 10 says "hand" (AMZ-R20's
    manches), in the buttons, the keys' note and the sentences at either end."""
    server, table, _match, rounds = served
    page.goto(f"{server.url}/replay/{rounds}?lang=en")
    expect(page.locator("#action")).to_contain_text("The deal")
    expect(page.get_by_role("button", name="Next round")).to_be_visible()
    expect(page.locator(".stepper")).to_contain_text("to the previous and next round")
    page.get_by_role("button", name="Previous round").click()
    expect(page.locator("#status")).to_have_text("This is the first round.")
    # Every player's secret program is shown once the game is over (AMZ-R06), with the
    # programs each has done (play-tested: a replay without them could not be followed).
    hands = page.locator(".replay-hand")
    expect(hands).to_have_count(2)
    for hand in hands.all():
        expect(hand.locator(".replay-goal")).to_have_text(re.compile(r"^Program: PRG-\d+ \("))
        expect(hand.locator(".replay-standing")).to_contain_text("0 programs done")
    page.goto(f"{server.url}/replay/{rounds}?lang=nl")
    expect(page.locator(".replay-goal").first).to_have_text(re.compile(r"^Programma: PRG-"))
    page.goto(f"{server.url}/replay/{table}?lang=fr")
    # A Phase 10 player's phase and points, which the table shows everyone anyway.
    expect(page.locator(".replay-goal").first).to_have_text(re.compile(r"^Phase 1 : "))
    expect(page.locator(".replay-standing").first).to_contain_text("0 point")
    expect(page.get_by_role("button", name="Donne suivante")).to_be_visible()
    page.get_by_role("button", name="Donne précédente").click()
    expect(page.locator("#status")).to_have_text("C'est la première donne.")
    no_violations(page, "the replay in French")


def test_on_a_phone_the_step_buttons_stay_at_the_foot_of_the_screen(
    served: tuple[LiveServer, str, Match, str], browser: Browser
) -> None:
    """On a touch phone the replay's step buttons stay on the screen, at its foot, while the
    hands further down are read: Next works from there, and the last line of the page is
    not hidden under them."""
    server, table, _, _ = served
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.goto(f"{server.url}/replay/{table}?lang=en")
        expect(page.locator("#action")).to_contain_text("The deal")
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        assert page.evaluate("window.scrollY") > 400, "the page is too short to scroll"
        button = page.get_by_role("button", name="Next", exact=True)
        box = button.bounding_box()
        assert box is not None
        assert box["y"] > 844 - 80, box
        assert box["y"] + box["height"] <= 844, box
        button.tap()
        _at_step(page, 1)
        bar = page.locator(".step-buttons").bounding_box()
        last = page.locator(".back-link").bounding_box()
        assert bar is not None
        assert last is not None
        assert last["y"] + last["height"] <= bar["y"], (last, bar)
        no_violations(page, "the replay on a phone")
    finally:
        context.close()
