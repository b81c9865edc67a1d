"""The full screen's keys do what its keys help says, at a hot seat as well as alone: where
the keys are is shown, not by colour alone; each person sees their own hand as they ordered
it; what they missed is told whole."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import OptionList

from phase10.tui.local import LocalApp
from phase10.tui.screens import PassScreen

from .helpers import app_for, log_text, make_app, may_act, screen_text, settle, start, until

HOT_SEAT = [("Ann", None), ("Lena", None), ("Robo", "easy")]


def test_tab_then_the_arrows_and_enter_play_the_move_chosen_in_the_list(
    tmp_path: Path,
) -> None:
    """The keys help: "Enter plays the move highlighted in the list of your moves (Tab goes
    there)". At a hot seat, each person's turn starts in their hand, whatever list the last
    person left the keys in: d, Tab, Down three times and Enter play the fourth move. The
    list with the keys has a marked title; Tab goes back to the hand."""
    app = make_app(tmp_path, seed=3, seats=HOT_SEAT)

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            table = app.table_screen
            hand = table.query_one("#hand", OptionList)
            moves = table.query_one("#moves", OptionList)
            for _turn in range(3):
                await settle(pilot, app)
                assert isinstance(app.screen, PassScreen)
                await pilot.press("enter")
                await settle(pilot, app)
                assert hand.has_focus
                await pilot.press("d")
                await settle(pilot, app)
                await pilot.press("tab")
                assert moves.has_focus
                shown = screen_text(app)
                assert "» Your moves «" in shown
                assert "» Your hand «" not in shown
                offered = list(table.shown_moves)
                assert len(offered) > 3
                await pilot.press("down", "down", "down")
                before = len(app.local.match.record.actions)
                await pilot.press("enter")
                await until(pilot, lambda n=before: len(app.local.match.record.actions) > n, "move")
                played = app.local.match.record.actions[before]
                assert app.local.match.game.format_action(played) == offered[3]["text"]
                # The keys are left in the list of moves for the next person.
                assert moves.has_focus

    asyncio.run(run())


def test_tab_goes_between_the_hand_and_the_moves_and_the_title_says_which(
    tmp_path: Path,
) -> None:
    """Alone at the keyboard: Tab takes the keys from the hand to the moves and back, the
    title of the list that has them marked and the other's not."""
    app = make_app(tmp_path, seed=5, seats=[("You", None), ("Ann", "easy")])

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            assert may_act(app)
            table = app.table_screen
            assert "» Your hand «" in screen_text(app)
            await pilot.press("tab")
            assert table.query_one("#moves", OptionList).has_focus
            assert "» Your moves «" in screen_text(app)
            assert "» Your hand «" not in screen_text(app)
            await pilot.press("tab")
            assert table.query_one("#hand", OptionList).has_focus
            assert "» Your hand «" in screen_text(app)

    asyncio.run(run())


def _hand_shown(app: LocalApp) -> tuple[str, list[str]]:
    """The hand's label and its cards as shown."""
    table = app.table_screen
    hand = [str(card["code"]) for card in (app.shown or {})["hand"]]
    label = str(table.query_one("#hand", OptionList).border_subtitle)
    return label, [hand[i] for i in table.shown_hand]


def _in_colour_order(app: LocalApp, codes: list[str]) -> bool:
    """Whether ``codes`` are in the game's order by colour."""
    by_suit = {str(card["code"]): card["by_suit"] for card in (app.shown or {})["hand"]}
    keys = [by_suit[code] for code in codes]
    return keys == sorted(keys)


def test_each_person_finds_their_hand_in_the_order_they_left_it(tmp_path: Path) -> None:
    """At a hot seat, the order of the hand is each person's: after the other person's turn
    and the pass screen, the card Ann drew is still last under "Newest last", and Lena's
    hand, which she put by number with o, is still by number. A dealt hand is in colour
    order, says "By colour", and stays so after a draw until o is pressed."""
    app = make_app(tmp_path, seed=3, seats=HOT_SEAT)

    async def turn(pilot: Pilot[Any], *keys: str) -> None:
        await settle(pilot, app)
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter")
        await settle(pilot, app)
        await pilot.press(*keys, "d")
        await settle(pilot, app)

    async def discard_first(pilot: Pilot[Any]) -> None:
        before = len(app.local.match.record.actions)
        await pilot.press("1", "x")
        await until(pilot, lambda: len(app.local.match.record.actions) > before, "discard")

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            await pilot.press("enter")
            await settle(pilot, app)
            assert app.seat == 1  # Lena, the dealer's left
            label, dealt = _hand_shown(app)
            assert label == "By colour"
            assert _in_colour_order(app, dealt)
            await pilot.press("o")
            await pilot.press("d")
            await settle(pilot, app)
            await discard_first(pilot)
            await turn(pilot)  # Ann
            # The order her hand was dealt in stays, under its label, after her draw: only
            # o changes it, here to the cards as they came, the drawn one last.
            label, cards = _hand_shown(app)
            assert label == "By colour"
            assert _in_colour_order(app, cards)
            await pilot.press("o")
            drawn = _hand_shown(app)[1][-1]
            assert _hand_shown(app)[0] == "Newest last"
            await pilot.press("2", "x")  # Ann discards her second card, keeps the drawn one
            await settle(pilot, app)
            await until(pilot, lambda: isinstance(app.screen, PassScreen), "Lena's turn")
            await pilot.press("enter")
            await settle(pilot, app)
            assert app.seat == 1
            assert _hand_shown(app)[0] == "By number"
            await pilot.press("d")
            await settle(pilot, app)
            await discard_first(pilot)
            await until(pilot, lambda: isinstance(app.screen, PassScreen), "Ann's turn")
            await pilot.press("enter")
            await settle(pilot, app)
            assert app.seat == 0
            label, cards = _hand_shown(app)
            assert label == "Newest last"
            assert cards[-1] == drawn

    asyncio.run(run())


def test_a_resumed_hand_is_labelled_with_the_order_it_is_shown_in(tmp_path: Path) -> None:
    """A resumed game does not know the order the cards came in: the hand shows in colour
    order and says "By colour", not "Newest last"; o then gives "By number" and "By colour"
    in turn, and "Newest last" once a card is drawn, last."""
    ahead = start(seed=5, seats=[("You", "easy"), ("Ann", "easy")])
    while len(ahead.record.actions) < 8 or ahead.to_act != 0:
        ahead.bot_step()
    match = start(seed=5, seats=[("You", None), ("Ann", "easy")])
    for action in ahead.record.actions:
        match.play(match.to_act, action, match.version)
    app = app_for(match, tmp_path, resumed=True)

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            label, cards = _hand_shown(app)
            assert label == "By colour"
            assert _in_colour_order(app, cards)
            await pilot.press("o")
            assert _hand_shown(app)[0] == "By number"
            await pilot.press("o")
            assert _hand_shown(app) == ("By colour", cards)
            await pilot.press("o")
            assert _hand_shown(app)[0] == "By number"
            await pilot.press("o", "d")
            await settle(pilot, app)
            assert _hand_shown(app)[0] == "By colour"
            await pilot.press("o")
            label, now = _hand_shown(app)
            assert label == "Newest last"
            assert now[:-1] == cards

    asyncio.run(run())


def test_since_your_last_turn_tells_the_computers_moves_after_it(tmp_path: Path) -> None:
    """At a hot seat, a computer that moves right after a person's discard does so while
    the keyboard is being passed: its moves flash by on that person's screen. Their next
    "Since your last turn:" tells every event after their discard, those moves too, as the
    line mode does."""
    app = make_app(tmp_path, seed=3, seats=HOT_SEAT)

    async def take_keyboard(pilot: Pilot[Any], seat: int) -> None:
        await until(pilot, lambda: isinstance(app.screen, PassScreen), "the pass screen")
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.seat == seat

    async def draw_and_discard(pilot: Pilot[Any]) -> None:
        await pilot.press("d")
        await settle(pilot, app)
        await pilot.press("1", "x")

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            await take_keyboard(pilot, 1)  # Lena, after Robo's Skip on Ann
            await draw_and_discard(pilot)
            await until(pilot, lambda: isinstance(app.screen, PassScreen), "Ann's turn")
            flashed = log_text(app)
            after = max(i for i, line in enumerate(flashed) if line.startswith("You discarded"))
            robo = [line for line in flashed[after:] if line.startswith("Robo ")]
            assert robo  # Robo moved after Lena's discard, on Lena's screen
            await take_keyboard(pilot, 0)
            await draw_and_discard(pilot)
            await take_keyboard(pilot, 1)
            told = log_text(app)
            assert told[0] == "Since your last turn:"
            assert told[1 : 1 + len(robo)] == robo

    asyncio.run(run())
