"""On the full screen: no secret of another seat on screen, and names and program ids shown
as text, never as markup or raw escape codes."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Input

from phase10.api import find_variant
from phase10.bots import make_bot
from phase10.games.programmes.narration import program_text
from phase10.kernel.notation import is_control, printable
from phase10.match import ProgrammeMatch, Seat
from phase10.tui import Phase10App
from phase10.tui.screens import NumberScreen, PassScreen
from phase10.tui.table_programmes import ProgrammeTableScreen

from .helpers import (
    SIZE,
    make_app,
    make_programmes_app,
    play_turn_with_keys,
    screen_text,
    settle,
)
from .test_programmes import play_turn


def test_hot_seat_never_shows_the_computers_secret_program(tmp_path: Path) -> None:
    """Two people and a computer at one keyboard (seed 4): while the computer moves, or the
    keyboard changes hands, the table shows no seat's secret program."""
    seats = [Seat("Ann"), Seat("Bob"), Seat("Cid", make_bot("easy", "programmes"))]
    match = ProgrammeMatch.start(find_variant("programmes"), seats, 4)
    # A long delay holds the computer's turn on screen while the test looks at it.
    app = Phase10App(save_path=tmp_path / "g.json", match=match, delay=30, resumed=False)
    checked = 0

    async def scenario() -> None:
        nonlocal checked
        async with app.run_test(size=SIZE) as pilot:
            for _step in range(30):
                await pilot.pause(0.05)
                if match.to_act == 2:
                    view, visible = app.table_view()
                    assert not visible
                    assert view.program is None
                    assert view.hand == ()
                    secret = match.view(2).program
                    assert secret is not None
                    text = screen_text(app)
                    assert "secret" not in text
                    assert program_text(secret) not in text
                    checked += 1
                    app._start_bot(len(match.record.actions))  # let the computer move now
                    continue
                if isinstance(app.screen, PassScreen):
                    view, visible = app.table_view()
                    assert not visible
                    assert view.program is None
                    await pilot.press("enter")
                    continue
                if isinstance(app.screen, ProgrammeTableScreen) and app.can_act():
                    await play_turn(pilot, app)
                if checked >= 2:
                    break

    asyncio.run(scenario())
    assert checked >= 1


def test_the_hot_seat_log_tells_only_what_everyone_may_know(tmp_path: Path) -> None:
    """The log of a game with two people speaks to all of them: no card drawn from the pile
    by anyone is named in it."""
    seats = [Seat("Ann"), Seat("Bob"), Seat("Cid", make_bot("easy", "programmes"))]
    match = ProgrammeMatch.start(find_variant("programmes"), seats, 4)
    app = Phase10App(save_path=tmp_path / "g.json", match=match, delay=0, resumed=False)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            for _step in range(40):
                await pilot.pause(0.05)
                if isinstance(app.screen, PassScreen):
                    await pilot.press("enter")
                elif isinstance(app.screen, ProgrammeTableScreen) and app.can_act():
                    await play_turn(pilot, app)
                if match.version > 8:
                    break

    asyncio.run(scenario())
    assert match.version > 8
    drew = [line for line in app.log_lines if " drew " in line]
    assert drew
    assert all(line.rstrip(".").endswith("drew a card") for line in drew), drew


#: Sixteen hostile names: markup that crashed the screen or turned into
#: styling, and terminal escape codes (ESC, CSI, OSC 8 links, BEL, C1, bidi overrides).
HOSTILE_NAMES = (
    "[/]",
    "a[/b]",
    "[link=https://x]y[/link]",
    "[red]x[/red]",
    "[bold]",
    "[",
    "x]",
    "\\[x]",
    "[@click=app.quit]q[/]",
    ":smile:",
    "[/red]",
    "x[",
    "\x1b[31mR",
    "\x1b]8;;http://x\x07L",
    "\u202eevil",
    "\x07bell\x9b",
)


@pytest.mark.parametrize("game", ["phase10", "programmes"])
@pytest.mark.parametrize("chunk", range(0, len(HOSTILE_NAMES), 4))
def test_names_are_text_on_the_full_screen(tmp_path: Path, game: str, chunk: int) -> None:
    names = HOSTILE_NAMES[chunk : chunk + 4]
    levels: list[str | None] = [None, "easy", "easy", "easy"]
    seats = list(zip(names, levels, strict=True))
    make = make_app if game == "phase10" else make_programmes_app
    app = make(tmp_path, seed=4, seats=seats)
    shown: list[str] = []

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            shown.append(screen_text(app))
            if game == "phase10":
                await play_turn_with_keys(pilot, app)
            else:
                await play_turn(pilot, app)
            await settle(pilot, app)
            shown.append(screen_text(app))

    asyncio.run(scenario())  # a markup error would raise here
    for text in shown:
        assert printable(names[0]) in text  # the person's own line: the name as written
        assert not [c for c in text if is_control(c) and c != "\n"]


def test_the_card_number_box_answers_odd_digits_and_huge_numbers(
    tmp_path: Path,
) -> None:
    """Typed into the full screen's "which card?" box: ², ١ and 5,000 digits each get the
    box's own answer and the game goes on."""
    app = make_programmes_app(tmp_path, seed=4, seats=[("You", None), ("Ann", "easy")])

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            await pilot.press("d", "c")
            box = app.screen
            assert isinstance(box, NumberScreen)
            for typed in ("²", "١", "9" * 5000, "-1"):
                box.on_input_submitted(Input.Submitted(box.query_one(Input), typed))
                await pilot.pause()
                assert isinstance(app.screen, NumberScreen)
                assert "There is no card" in screen_text(app)
            await pilot.press("escape")
            assert isinstance(app.screen, ProgrammeTableScreen)

    asyncio.run(scenario())
