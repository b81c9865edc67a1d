"""Issue 16, "The terminal game as a new player meets it": the full screen's share. Each test
names the point of the issue (bug number or friction) and the rule id it rests on."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Select

from phase10.match import ProgrammeMatch
from phase10.tui import Defaults, Phase10App
from phase10.tui.newgame import NewGameScreen
from phase10.tui.screens import ConfirmScreen, TooSmallScreen
from phase10.tui.table import TableBase
from phase10.tui.table_phase10 import TableScreen
from phase10.tui.table_programmes import ProgrammeTableScreen

from .helpers import make_app, make_programmes_app, screen_text, settle

SMALL = (80, 24)

# ---------------------------------------------------------------------------- bug 2: 80x24


def test_bug2_phase10_table_is_whole_at_80x24(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7, seats=[("You", None), ("Ann", "medium"), ("Bob", "hard")])

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, app)
            await pilot.press("d")
            await pilot.pause()
            text = screen_text(app)
            assert "Groups on the table" in text
            # The phase is written out (wrapped between words), never "1: …".
            assert "…" not in text
            assert "1: set of 3 +" in text
            assert "set of 3" in text
            # Every key of the key bar, h s r q included.
            for key in ("d Draw", "x Discard", "h Hint", "s Sort", "r Rules", "q Quit"):
                assert key in text, key
            # Every player, with the kind of player in whole words.
            for words in ("You", "Ann", "Bob", "computer: medium", "computer: hard"):
                assert words in text, words
            assert "#11" in text  # every card of the hand, its position marked with #

    asyncio.run(scenario())


def test_bug2_programmes_table_is_whole_at_80x24(tmp_path: Path) -> None:
    seats = [("You", None), ("Ann", "easy"), ("Bob", "easy")]
    app = make_programmes_app(tmp_path, seed=4, seats=seats)

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, app)
            await pilot.press("d")
            await pilot.pause()
            table = app.screen
            assert isinstance(table, ProgrammeTableScreen)
            assert table.cards is not None
            assert len(table.cards) == 14
            text = screen_text(app)
            # All 14 cards (the 14th is drawn), and no word broken inside: "Prog/ram", "reve/aled".
            assert "#14" in text
            assert "Program " in text
            assert "secret:" in text
            assert "hidden" in text
            assert "Combinations on the table" in text
            for key in ("v Reveal", "h Hint", "s Sort", "r Rules", "q Quit"):
                assert key in text, key

    asyncio.run(scenario())


def test_bug2_new_game_screen_is_whole_at_80x24(tmp_path: Path) -> None:
    app = Phase10App(save_path=tmp_path / "game.json", defaults=Defaults(players=3, seed=7))

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            # The form scrolls to the focused field; the seats' kinds are whole words.
            app.screen.query_one("#kind-2").focus()
            await pilot.pause()
            text = screen_text(app)
            assert "Person" in text
            assert "Computer: medium" in text
            app.screen.query_one("#seed").focus()
            await pilot.pause()
            assert "Seed" in screen_text(app)

    asyncio.run(scenario())


def test_bug2_a_too_small_terminal_says_so_and_the_game_comes_back(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7, seats=[("You", None), ("Ann", "medium")])

    async def scenario() -> None:
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause(0.2)
            assert isinstance(app.screen, TooSmallScreen)
            text = " ".join(screen_text(app).split())
            assert "too small" in text
            assert "at least 80×24" in text
            assert "60×20" in text
            await pilot.resize_terminal(*SMALL)
            await pilot.pause(0.2)
            await settle(pilot, app)
            assert isinstance(app.screen, TableScreen)

    asyncio.run(scenario())


# ---------------------------------------------------------------------------- bug 4


def test_bug4_one_or_two_cards_after_revealing_give_the_new_set_size_rule(
    tmp_path: Path,
) -> None:
    """E-14: a new set needs at least 3 cards; not "reveal your program first"."""
    app = make_programmes_app(tmp_path, seed=4, seats=[("You", None), ("Ann", "easy")])

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            table = app.screen
            assert isinstance(table, ProgrammeTableScreen)
            await pilot.press("d", "h")
            assert type(table.hinted).__name__ == "Reveal"
            await pilot.press("v")
            await pilot.pause()
            assert app.match.state.players[0].revealed
            await pilot.press("escape", "1", "n")
            assert table.message is not None
            assert "E-14" in table.message
            assert "at least 3 cards" in table.message
            assert "reveal your program first" not in table.message
            await pilot.press("2", "n")
            assert table.message is not None
            assert "E-14" in table.message

    asyncio.run(scenario())


# ---------------------------------------------------------------------------- bug 8 and friction


def test_bug8_the_new_game_screen_deals_programmes_with_the_program_swap(tmp_path: Path) -> None:
    """AMZ-R31: the programmes game's one option is offered and dealt."""
    app = Phase10App(
        save_path=tmp_path / "game.json", defaults=Defaults(players=2, seed=4), delay=0
    )

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.screen.query_one("#game", Select).value = "programmes"
            await pilot.pause()
            text = screen_text(app)
            assert "New game of Programmes" in text
            assert "Phases to play" not in text
            assert "Variants" not in text
            app.screen.query_one("#program-swap").value = True  # type: ignore[attr-defined]
            await pilot.press("ctrl+s")
            await settle(pilot, app)
            assert isinstance(app.match, ProgrammeMatch)
            assert app.match.rules.program_swap_after == 3

    asyncio.run(scenario())


def test_friction_first_enter_does_not_start_and_escape_asks(tmp_path: Path) -> None:
    app = Phase10App(save_path=tmp_path / "game.json", defaults=Defaults(players=2, seed=4))

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            assert isinstance(app.focused, Select)
            assert app.focused.id == "game"
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            await pilot.press("escape", "y")
            await pilot.pause()
        assert app.return_value is None

    asyncio.run(scenario())


def test_friction_the_drawn_card_is_marked_in_words_and_by_a_sign(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7, seats=[("You", None), ("Ann", "medium"), ("Bob", "hard")])

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, app)
            await pilot.press("d")
            await pilot.pause()
            table = app.screen
            assert isinstance(table, TableBase)
            assert table.cards is not None
            assert table.drawn is not None
            drawn = table.cards[table.drawn]
            name = table._card_name(drawn)
            assert f"You drew {name} (marked *)." in screen_text(app)

    asyncio.run(scenario())
