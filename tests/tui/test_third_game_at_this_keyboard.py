"""Climb, the toy third game of ``tests/toygame``, full screen at this keyboard (Textual,
headless): a local table serves it the table protocol and the full-screen client of
``phase10 join`` draws it from its presentation, the computer answering each move, and every
move is saved. No file outside the game's package knows it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import RichLog

from phase10 import games
from phase10.bots import make_bot
from phase10.match import Match, Seat
from phase10.online.links import StoredSeat
from phase10.online.local import LocalConnection
from phase10.table.local import LOCAL_TABLE, LocalTable
from phase10.tui.online_table import OnlineApp, OnlineTable
from toygame import registered


@pytest.fixture
def climb() -> Iterator[None]:
    with registered():
        yield


@pytest.mark.usefixtures("climb")
def test_a_third_game_plays_full_screen_at_a_local_table() -> None:
    """Ann against a computer (80x24, keys pressed by a pilot): the table shows the climb and
    the players in the game's words, r shows the game's own rules, Enter plays the
    highlighted move (a climb, CLIMB-1) until the final standing (CLIMB-3), and the local
    table saved after every move, Ann's and the computer's."""
    game = games.get("climb")
    seats = [Seat("Ann"), Seat("Bob", make_bot("easy", game))]
    match = Match.start(game.find_rules("climb"), seats, 5)
    saved: list[int] = []
    table = LocalTable(match, on_move=lambda played: saved.append(played.version))
    app = OnlineApp(
        None,
        LOCAL_TABLE,
        StoredSeat(0, "Ann", ""),
        None,
        None,
        "en",
        connect=lambda hear, state: LocalConnection(table, 0, "en", hear, state),
    )

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await _until(pilot, lambda: isinstance(app.screen, OnlineTable), "the table")
            screen = app.table_screen
            await _until(pilot, lambda: bool(screen.entries()), "Ann's first turn")
            assert "The climb: " in _screen_text(app)
            await pilot.press("r")
            await _until(pilot, lambda: "CLIMB-1" in _screen_text(app), "Climb's rules")
            await pilot.press("escape")
            await _until(pilot, lambda: app.screen is screen, "the table again")
            deadline = time.monotonic() + 60
            while app.result is None:
                assert time.monotonic() < deadline, "the game did not end"
                if screen.entries() and app.conn.pending is None and app.screen is screen:
                    screen.query_one("#moves").focus()
                    await pilot.press("enter")
                elif app.screen is not screen:
                    await pilot.press("enter")  # a summary: go on
                await pilot.pause(0.05)
            log = _log(screen)
            assert any("wins Climb." in line for line in log)
            assert any(line.startswith("Bob ") for line in log)  # the computer's moves
            await pilot.press("enter", "q")

    asyncio.run(scenario())
    assert match.is_over
    assert saved == list(range(1, match.version + 1))


def _screen_text(app: OnlineApp) -> str:
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


def _log(screen: OnlineTable) -> list[str]:
    return [line.text for line in screen.query_one("#log", RichLog).lines]


async def _until(pilot: Pilot[Any], check: Any, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await pilot.pause(0.05)
