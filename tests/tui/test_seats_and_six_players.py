"""The full screen's remaining points: the quit hint is a command that works as
printed, a person called "You" among several is refused, and six players fit 80x24."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Input, Select, Static

from phase10.launch import resume_command
from phase10.tui import Defaults, Phase10App
from phase10.tui.newgame import HUMAN, NewGameScreen
from phase10.tui.screens import PassScreen

from .helpers import make_app, make_programmes_app, screen_text, settle

SMALL = (80, 24)


def test_quit_hint_is_the_line_modes_resume_command(tmp_path: Path) -> None:
    """Full screen: the hint at ``q`` is ``resume_command``, not a bare
    ``phase10 resume PATH`` that fails when phase10 is not on the PATH."""
    app = make_app(tmp_path, seed=3, seats=[("Ann", None), ("Bob", None)])

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, PassScreen)
            await pilot.press("q")

    asyncio.run(scenario())
    assert app.return_value is not None
    assert app.return_value.endswith(resume_command(str(tmp_path / "game.json")))


def test_a_person_called_you_among_several_is_refused(tmp_path: Path) -> None:
    """With two people at the keyboard, a seat called "You" would make
    "It is You's turn" for the other; the new-game screen says so and starts nothing."""
    app = Phase10App(save_path=tmp_path / "game.json", defaults=Defaults(players=2, seed=4))

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, NewGameScreen)
            screen.query_one("#kind-1", Select).value = HUMAN
            screen.query_one("#name-0", Input).value = "You"
            screen.query_one("#name-1", Input).value = "Ann"
            await pilot.pause()
            screen.action_start()
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            error = str(screen.query_one("#error", Static).render())
            assert "each needs their own name, not You" in error

    asyncio.run(scenario())


def _six(tmp_path: Path, programmes: bool) -> Phase10App:
    seats: list[tuple[str, str | None]] = [("You", None)] + [
        (name, "easy") for name in ("Ann", "Bob", "Cleo", "Dirk", "Eve")
    ]
    if programmes:
        return make_programmes_app(tmp_path, seed=5, seats=seats)
    return make_app(tmp_path, seed=5, seats=seats)


def test_six_players_fit_80x24_in_both_games(tmp_path: Path) -> None:
    """Six players at 80x24, both games: the players box scrolls, starts
    at the seat to act, and its last seat can be scrolled into sight."""
    for programmes in (False, True):
        app = _six(tmp_path / str(programmes), programmes)

        async def scenario(app: Phase10App = app) -> None:
            async with app.run_test(size=SMALL) as pilot:
                await settle(pilot, app)
                box = app.screen.query_one("#players-box")

                def panel() -> str:
                    top = box.region.y
                    rows = screen_text(app).splitlines()[top : top + box.region.height]
                    return "\n".join(row[: box.region.width] for row in rows)

                # The box scrolls to the seat to act after the table is drawn; on a loaded
                # machine that takes more than one pause.
                for _ in range(200):
                    await pilot.pause(0.01)
                    if "▶ You" in panel():
                        break
                assert "▶ You" in panel()
                assert box.max_scroll_y > 0
                box.scroll_end(animate=False)
                await pilot.pause()
                assert "Eve" in panel()

        asyncio.run(scenario())


def test_the_new_game_screen_offers_you_in_the_players_language(tmp_path: Path) -> None:
    """The first seat's default name was "You" on the French screen."""
    app = Phase10App(
        save_path=tmp_path / "game.json", defaults=Defaults(players=2, seed=4), lang="fr"
    )

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert app.screen.query_one("#name-0", Input).value == "Vous"

    asyncio.run(scenario())


def test_phase_column_level_and_rules_phase_table_are_french(tmp_path: Path) -> None:
    """The Phase column, the computer's level and the rules screen's phase
    table are in the player's language."""
    from phase10.api import find_variant
    from phase10.bots import make_bot
    from phase10.match import Match, Seat

    match = Match.start(
        find_variant("standard"), [Seat("Ann", None), Seat("Bob", make_bot("hard"))], 5
    )
    app = Phase10App(save_path=tmp_path / "g.json", match=match, delay=0, resumed=False, lang="fr")

    async def scenario() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await settle(pilot, app)
            table = screen_text(app)
            assert "1: série de 3 + série" in table
            assert "difficile" in table
            assert "set of" not in table
            await pilot.press("r")
            await pilot.pause()
            rules = screen_text(app)
            assert "suite de 7" in rules
            assert "run of" not in rules

    asyncio.run(scenario())


def test_six_players_box_is_reached_with_tab_and_scrolled_with_keys(tmp_path: Path) -> None:
    """Both games at 80x24 with six players: Tab reaches the players' box,
    the status line (what a screen reader reads) says what it is and which keys scroll it,
    a key press brings the last player's row into sight, left and right still move the hand's
    cursor, and Tab goes back to the groups."""
    for programmes in (False, True):
        app = _six(tmp_path / f"keys{programmes}", programmes)

        async def scenario(app: Phase10App = app) -> None:
            async with app.run_test(size=SMALL) as pilot:
                await settle(pilot, app)
                await pilot.pause()
                screen = app.screen
                box = screen.query_one("#players-box")
                assert box.max_scroll_y > 0

                def panel() -> str:
                    top = box.region.y
                    rows = screen_text(app).splitlines()[top : top + box.region.height]
                    return "\n".join(row[: box.region.width] for row in rows)

                assert "Eve" not in panel()
                assert app.focused is not box
                await pilot.press("tab")
                await pilot.pause()
                assert app.focused is box
                status = str(screen.query_one("#status", Static).render())
                assert status.startswith("Players, 6 rows: Up, Down, Page Up and Page Down")
                cursor = screen.cursor  # type: ignore[attr-defined]
                await pilot.press("right")
                assert screen.cursor == cursor + 1  # type: ignore[attr-defined]
                await pilot.press("pagedown", "pagedown")
                await pilot.pause()
                assert box.scroll_y == box.max_scroll_y
                assert "Eve" in panel()
                await pilot.press("up")
                await pilot.pause()
                assert box.scroll_y == box.max_scroll_y - 1
                await pilot.press("tab")
                await pilot.pause()
                assert app.focused is screen.query_one("#groups-box")  # back where it was

        asyncio.run(scenario())
