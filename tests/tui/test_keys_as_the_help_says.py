"""The full screen's keys do what its keys help says, at a hot seat as well as alone: where
the keys are is shown, not by colour alone; each person sees their own hand as they ordered
it; what they missed is told whole."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import OptionList

from phase10.tui.screens import PassScreen

from .helpers import make_app, may_act, screen_text, settle, until

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
