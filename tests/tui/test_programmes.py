"""The programmes game on the full screen: a manche played with keys only (draw, reveal as
the hint proposes, new sets, extending, discarding), the new-game screen's game choice,
saving after every action, resuming, and the screen in another language."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Select

from phase10.match import ProgrammeMatch, load_match
from phase10.tui import Defaults, Phase10App
from phase10.tui.screens import ChoiceScreen, ConfirmScreen, GameOverScreen, HandSummaryScreen
from phase10.tui.table_programmes import ProgrammeTableScreen

from .helpers import SIZE, make_programmes_app, screen_text, settle

#: The hint's action -> the key that plays it.
KEYS = {"Reveal": "v", "Meld": "n", "Extend": "g", "DiscardCard": "x", "SwapProgram": "w"}


async def play_turn(pilot: Pilot[Any], app: Phase10App) -> list[str]:
    """One turn with keys only: draw, then whatever the hint proposes until the discard."""
    table = app.screen
    assert isinstance(table, ProgrammeTableScreen)
    played = []
    await pilot.press("d")
    for _ in range(12):
        if not app.can_act():
            break
        await pilot.press("i")
        kind = type(table.hinted).__name__
        played.append(kind)
        await pilot.press(KEYS.get(kind, "x"))
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("enter")
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
        if kind == "DiscardCard":
            break
    return played


def test_a_whole_manche_with_keys_reveal_included(tmp_path: Path) -> None:
    app = make_programmes_app(tmp_path, seed=4, seats=[("You", None), ("Ann", "easy")])

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            assert isinstance(app.screen, ProgrammeTableScreen)
            assert "your secret program: PRG-03: 1x set of 4" in screen_text(app)
            played: list[str] = []
            for _turn in range(40):
                played += await play_turn(pilot, app)
                await settle(pilot, app)
                if isinstance(app.screen, HandSummaryScreen) or app.match.is_over:
                    break
                # Saved after every action: the file replays to the screen's position.
                saved = load_match(tmp_path / "game.json")
                assert isinstance(saved, ProgrammeMatch)
                assert saved.state.digest() == app.match.state.digest()
            assert "Reveal" in played
            assert "Meld" in played
            assert isinstance(app.screen, HandSummaryScreen)
            text = screen_text(app)
            assert "Round 1 is over." in text
            assert "Programs done" in text
            await pilot.press("enter")
            await settle(pilot, app)
            assert isinstance(app.screen, ProgrammeTableScreen | GameOverScreen)
        log = "\n".join(app.log_lines)
        assert "You reveal program PRG-03: 1x set of 4: set AS AH AC 2H=A." in log
        assert "Round 1 ended." in log

    asyncio.run(scenario())


def test_the_new_game_screen_deals_the_programmes_game(tmp_path: Path) -> None:
    app = Phase10App(
        save_path=tmp_path / "game.json", defaults=Defaults(players=2, seed=4), delay=0
    )

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.screen.query_one("#game", Select).value = "programmes"
            await pilot.pause()
            # The programmes game's own title and option (AMZ-R31), and
            # none of Phase 10's rules, variants or phases.
            text = screen_text(app)
            assert "New game of Programmes" in text
            assert "Program swap: A player who failed a program" in text
            assert "standard" not in text
            assert "n_phases" not in text
            await pilot.press("ctrl+s")
            await settle(pilot, app)
            assert isinstance(app.screen, ProgrammeTableScreen)
            assert isinstance(app.match, ProgrammeMatch)
            assert "Programmes · round 1" in screen_text(app)
            await pilot.press("r")
            await pilot.pause()
            assert "Programmes: the rules" in screen_text(app)

    asyncio.run(scenario())


def test_illegal_keys_say_why_and_quit_saves_and_resume_goes_on(tmp_path: Path) -> None:
    app = make_programmes_app(tmp_path, seed=4, seats=[("You", None), ("Ann", "easy")])

    async def first() -> str | None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            await pilot.press("v")  # reveal before drawing
            assert "draw a card first" in screen_text(app)
            await pilot.press("d", "1", "2", "n")  # two cards are no set
            table = app.screen
            assert isinstance(table, ProgrammeTableScreen)
            assert table.message is not None
            await pilot.press("escape", "q")
        return app.return_value

    message = asyncio.run(first())
    assert message is not None
    assert "phase10 resume" in message
    saved = load_match(tmp_path / "game.json")
    assert isinstance(saved, ProgrammeMatch)
    resumed = Phase10App(save_path=tmp_path / "game.json", match=saved, delay=0)

    async def second() -> None:
        async with resumed.run_test(size=SIZE) as pilot:
            await settle(pilot, resumed)
            assert isinstance(resumed.screen, ProgrammeTableScreen)
            assert "Resumed the saved game" in "\n".join(resumed.log_lines)
            assert len(resumed.match.record.actions) == len(saved.record.actions)

    asyncio.run(second())


def test_the_programmes_table_in_french(tmp_path: Path) -> None:
    app = make_programmes_app(tmp_path, seed=4, seats=[("Vous", None), ("Ann", "easy")], lang="fr")

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            await pilot.press("x")  # discarding before drawing: the reason in French
            assert "Interdit (AMZ-R10) : un tour commence en prenant une carte" in screen_text(app)
            await pilot.press("d", "i")
            text = screen_text(app)
            assert "Combinaisons sur la table" in text
            assert "votre programme secret : PRG-03 : 1x série de 4" in text
            for english in ("Combinations on the table", "your secret program", "Hint:"):
                assert english not in text

    asyncio.run(scenario())


def test_two_people_pass_the_keyboard_and_programs_stay_secret(tmp_path: Path) -> None:
    from phase10.tui.screens import PassScreen

    app = make_programmes_app(tmp_path, seed=4, seats=[("Ann", None), ("Bob", None)])

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            first = app.match.to_act
            if isinstance(app.screen, PassScreen):
                await pilot.press("enter")
                await pilot.pause()
            assert app.viewer == first
            await pilot.press("d", "x", "y")  # nothing chosen: x asks
            await pilot.pause()
            assert isinstance(app.screen, PassScreen)
            assert "secret" not in screen_text(app)
            await pilot.press("enter")
            await pilot.pause()
            assert app.viewer == app.match.to_act != first
            assert "your secret program: PRG-" in screen_text(app)

    asyncio.run(scenario())


def test_the_final_standing_counts_programs(tmp_path: Path) -> None:
    from phase10.api import find_variant
    from phase10.bots import make_bot
    from phase10.match import Seat

    bots = [
        Seat("You", make_bot("easy", "programmes")),
        Seat("Ann", make_bot("easy", "programmes")),
    ]
    finished = ProgrammeMatch.start(find_variant("programmes"), bots, seed=4)
    while not finished.is_over:
        finished.bot_step()
    seats = [Seat("You"), Seat("Ann", make_bot("easy", "programmes"))]
    match = ProgrammeMatch(finished.record, seats, finished.state)
    app = Phase10App(save_path=tmp_path / "game.json", match=match, delay=0, lang="nl")

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, GameOverScreen)
            text = screen_text(app)
            assert "Voltooide programma's" in text
            assert "het spel met 5 programma's" in text

    asyncio.run(scenario())
