"""The full-screen game driven by keys through Textual's Pilot."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Static

from phase10.games.phase10.cards import SKIP_CODE
from phase10.games.phase10.state import Stage
from phase10.match import Match
from phase10.tui import Phase10App
from phase10.tui.screens import GameOverScreen, HandSummaryScreen, PassScreen, RulesScreen
from phase10.tui.table_phase10 import TableScreen
from phase10.tui.widgets import HandView

from .helpers import SIZE, make_app, play_turn_with_keys, screen_text, settle


def _play_hand(tmp_path: Path, seats: list[tuple[str, str | None]], seed: int) -> None:
    app = make_app(tmp_path, seed=seed, seats=seats)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            for _turn in range(60):
                if isinstance(app.screen, HandSummaryScreen):
                    break
                await play_turn_with_keys(pilot, app)
                await settle(pilot, app)
            assert isinstance(app.screen, HandSummaryScreen)
            text = screen_text(app)
            assert "Hand 1 is over." in text
            assert "went out." in text
            assert "Points this hand" in text
            await pilot.press("enter")
            await settle(pilot, app)
            assert isinstance(app.screen, TableScreen | GameOverScreen)
            assert app.match.state.hand_number == 1

    asyncio.run(run())
    saved = Match.load(tmp_path / "game.json")
    assert saved.state.digest() == app.match.state.digest()
    assert any("Hand 1 ended." in line for line in app.log_lines)


def test_a_whole_hand_against_one_computer_player(tmp_path: Path) -> None:
    _play_hand(tmp_path, [("You", None), ("Ann", "hard")], seed=5)


def test_a_whole_hand_against_two_computer_players(tmp_path: Path) -> None:
    _play_hand(tmp_path, [("You", None), ("Ann", "easy"), ("Bob", "hard")], seed=11)


def test_a_skip_on_the_discard_pile_cannot_be_taken_and_the_screen_says_why(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, seed=49, seats=[("You", None), ("Ann", "hard")])

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            state = app.match.state
            assert state.discard_pile[-1] == SKIP_CODE
            assert state.current == 0
            assert "The Skip on the discard pile cannot be taken." in screen_text(app)
            await pilot.press("t")
            text = screen_text(app)
            assert "Not allowed (D-07): a Skip on the discard pile can never be taken" in text
            assert app.match.state.stage is Stage.DRAW  # nothing changed
            await pilot.press("d")
            assert app.match.state.stage.value == "play"

    asyncio.run(run())


def test_illegal_keys_show_the_rule_and_never_crash(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=5, seats=[("You", None), ("Ann", "hard")])

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            await pilot.press("x")
            assert "Not allowed (D-19)" in screen_text(app)
            await pilot.press("l")
            assert "Not allowed (D-19)" in screen_text(app)
            await pilot.press("d", "d")
            assert "Not allowed (D-19): you have already drawn" in screen_text(app)
            await pilot.press("1", "2", "x")
            assert "Choose only one card" in screen_text(app)
            await pilot.press("escape", "g")
            assert "There is no group on the table to hit yet." in screen_text(app)

    asyncio.run(run())


def test_two_people_pass_the_keyboard_and_hands_stay_hidden(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=3, seats=[("Ann", None), ("Bob", None)])

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            first = app.match.to_act
            name = app.match.names[first]
            assert isinstance(app.screen, PassScreen)
            assert f"Pass the keyboard to {name}." in screen_text(app)
            assert app.viewer is None
            assert not app.can_act()
            hand = app.match.state.players[first].hand
            await pilot.press("enter")
            assert isinstance(app.screen, TableScreen)
            assert app.viewer == first
            shown = app.screen.query_one(HandView)
            assert len(shown.children) == len(hand)
            await pilot.press("d", "x", "y")  # nothing chosen: x asks
            await pilot.pause()
            other = app.match.to_act
            assert other != first
            assert isinstance(app.screen, PassScreen)
            assert f"Pass the keyboard to {app.match.names[other]}." in screen_text(app)
            # Under the pass screen the table keeps no hand on show.
            assert app.viewer is None
            table = app.screen_stack[-2]
            assert isinstance(table, TableScreen)
            assert table.cards is None
            await pilot.press("enter")
            assert app.viewer == other
            assert app.can_act()

    asyncio.run(run())


def test_rules_screen_and_sorting_and_hint(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=5, seats=[("You", None), ("Ann", "hard")])

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            await pilot.press("r")
            assert isinstance(app.screen, RulesScreen)
            assert "Phase 10: the rules" in app.screen.markdown
            assert "| 4 | run of 7 |" in app.screen.markdown
            await pilot.press("escape")
            assert isinstance(app.screen, TableScreen)
            table = app.screen
            me = table.query_one("#me", Static)
            assert "sorted by number" in str(me.render())
            await pilot.press("o")
            assert "sorted by colour" in str(me.render())
            await pilot.press("o")
            assert "sorted by what your phase needs" in str(me.render())
            await pilot.press("i")
            assert "Hint:" in screen_text(app)
            await pilot.press("d", "i")
            assert table.chosen or "Hint" in screen_text(app)

    asyncio.run(run())


def test_quit_saves_and_resume_goes_on(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=5, seats=[("You", None), ("Ann", "hard")])

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            await pilot.press("d", "q")

    asyncio.run(run())
    assert app.return_value is not None
    assert "phase10 resume" in app.return_value
    saved = Match.load(tmp_path / "game.json")
    assert saved.state.stage is Stage.PLAY
    resumed = Phase10App(save_path=tmp_path / "game.json", match=saved, delay=0)

    async def again() -> None:
        async with resumed.run_test(size=SIZE) as pilot:
            await settle(pilot, resumed)
            assert "Resumed the saved game" in screen_text(resumed)
            await pilot.press("x", "y")  # nothing chosen: x asks
            await settle(pilot, resumed)
            assert len(resumed.match.record.actions) >= 3

    asyncio.run(again())
