"""Two people at one keyboard between two hands, full screen: the results of a hand and the
pass screen after them show nobody's cards (decision 0013: in a hot seat only the person
who took the keyboard sees a hand); the results give each player's points and totals,
saying once that the hand is over; a game resumed there goes straight to the pass screen."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import OptionList

from phase10.match import Match
from phase10.tui.local import LocalApp
from phase10.tui.online_table import SummaryScreen
from phase10.tui.screens import PassScreen

from .helpers import (
    SIZE,
    app_for,
    choose_card,
    in_log,
    may_act,
    region_text,
    screen_text,
    settle,
    start,
    until,
)

PEOPLE: list[tuple[str, str | None]] = [("Ann", None), ("Bob", None)]


def before_the_end_of_hand(number: int, tmp_path: Path) -> tuple[LocalApp, str]:
    """Ann and Bob, two people (seed 3), one move before hand ``number`` (from 0) ends:
    the app, and the card whose discard ends it. The moves are those two computers make."""
    ahead = start(seed=3, seats=[("Ann", "easy"), ("Bob", "easy")])
    game = ahead.game
    while game.hand_number(ahead.state) <= number:
        ahead.bot_step()
    *moves, last = ahead.record.actions
    verb, card = game.format_action(last).split()
    assert verb == "discard", "the hand ends otherwise: choose another seed"
    match = start(seed=3, seats=PEOPLE)
    for action in moves:
        match.play(match.to_act, action, match.version)
    return app_for(match, tmp_path), card


async def end_the_hand(pilot: Pilot[Any], app: LocalApp, card: str) -> None:
    """Take the keyboard on the pass screen and discard ``card``, which ends the hand."""
    await until(pilot, lambda: isinstance(app.screen, PassScreen), "the pass screen")
    await pilot.press("enter")
    await settle(pilot, app)
    assert may_act(app)
    await choose_card(pilot, app, card)
    await pilot.press("x")
    await until(pilot, lambda: isinstance(app.screen, SummaryScreen), "the results")


def test_no_hand_shows_from_a_hands_end_until_the_next_person_takes_the_keyboard(
    tmp_path: Path,
) -> None:
    """Bob goes out (P10-R30), which ends hand 2 (P10-R31) and deals the next one
    (P10-R35): behind the results nobody's new hand shows, nor on the pass screen after
    them; the next person's appears once they press Enter there. The results give each
    player's points for the hand and their totals (P10-R34: Bob scored 5, then 0), say
    once that the hand is over, and name everyone, "you" being nobody in particular there."""
    app, card = before_the_end_of_hand(1, tmp_path)
    match = app.local.match

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            hand = app.table_screen.query_one("#hand", OptionList)
            await end_the_hand(pilot, app, card)
            await pilot.pause(0.1)
            assert match.game.hand_number(match.state) == 2  # dealt behind the results
            assert hand.option_count == 0
            assert app.seat is None
            results = region_text(app, "VerticalScroll")
            assert results.count("Hand 2 ended.") == 1
            assert "Player Points this hand Total Ann 100 100 Bob 0 5" in results
            # Read by everyone at the keyboard: nobody is "you" there (decision 0013).
            assert "Bob went out. Hand 2 ended." in results
            assert "Bob moves up to phase 3." in results
            assert "You" not in results
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, PassScreen), "the next pass")
            nxt = match.to_act
            text = screen_text(app)
            assert f"Pass the keyboard to {match.names[nxt]}." in text
            assert "Your hand" not in text
            await pilot.press("enter")
            await settle(pilot, app)
            assert app.seat == nxt
            assert hand.option_count == len(match.view(nxt).hand)

    asyncio.run(run())


def test_the_person_who_ends_a_hand_reads_their_own_moves_and_the_next_their_turn(
    tmp_path: Path,
) -> None:
    """Bob's discard ends hand 2 (P10-R30, P10-R31): his log says it as his ("You discarded
    ..., You went out."), as it said every move of his before, while the results over it,
    read by everyone, name him. Ann, told it all after the pass, reads it alone: the turn
    that starts is hers ("It is your turn."), not "Ann's turn"."""
    app, card = before_the_end_of_hand(1, tmp_path)
    match = app.local.match

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await end_the_hand(pilot, app, card)
            await pilot.pause(0.1)
            assert in_log(app, f"You discarded {card}. You went out.")
            assert "Bob went out." in region_text(app, "VerticalScroll")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, PassScreen), "the next pass")
            nxt = match.to_act
            await pilot.press("enter")
            await settle(pilot, app)
            assert app.seat == nxt
            assert in_log(app, "Bob went out.")
            assert in_log(app, "It is your turn.")
            assert not in_log(app, f"It is {match.names[nxt]}'s turn.")

    asyncio.run(run())


def test_a_hot_seat_resumed_between_hands_goes_straight_to_the_pass_screen(
    tmp_path: Path,
) -> None:
    """Hand 1 ends (P10-R31), its results are read and closed, and q on the pass screen
    saves and leaves. Resumed, the game opens on the pass screen for the person to move,
    never on the results already read nor on a table said to be a spectator's; after Enter
    that person plays, and the results do not come back."""
    app, card = before_the_end_of_hand(0, tmp_path)

    async def end_and_quit() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await end_the_hand(pilot, app, card)
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, PassScreen), "the next pass")
            await pilot.press("q")
        assert app.return_value == "left"

    asyncio.run(end_and_quit())
    saved = Match.load(tmp_path / "game.json")
    resumed = app_for(saved, tmp_path, resumed=True)
    seen: list[str] = []

    def look() -> None:
        seen.append(type(resumed.screen).__name__)
        assert "spectator" not in screen_text(resumed)

    async def come_back() -> None:
        async with resumed.run_test(size=SIZE) as pilot:
            for _ in range(20):
                look()
                await pilot.pause(0.01)
            assert set(seen) == {"PassScreen"}
            who = saved.names[saved.to_act]
            assert f"Pass the keyboard to {who}." in screen_text(resumed)
            await pilot.press("enter")
            await until(pilot, lambda: may_act(resumed), "the person's turn")
            for _ in range(20):
                look()
                await pilot.pause(0.01)
            assert "SummaryScreen" not in seen
            assert resumed.seat == saved.to_act

    asyncio.run(come_back())
