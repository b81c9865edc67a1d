"""Climb, the toy third game of ``tests/toygame``, in the full-screen client of
``phase10 join`` (Textual, headless). Apart from the browser test of the same game, since
Playwright's module-wide event loop and ``asyncio.run`` cannot share a module."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import RichLog

from phase10.online.links import Api, SeatStore, StoredSeat, parse_target
from phase10.tui.online_table import LobbyScreen, OnlineApp, OnlineTable
from toygame.game import GAME

from .serverkit import InProcessServer, Player, create_table, join, serving_a_third_game


@pytest.fixture
def server(tmp_path: Path) -> Iterator[InProcessServer]:
    """A server that offers Climb besides the project's games, for this test only."""
    with serving_a_third_game(tmp_path, GAME) as running:
        yield running


def test_a_third_game_plays_in_the_full_screen_client(
    server: InProcessServer, tmp_path: Path
) -> None:
    """Climb in the full-screen client of ``phase10 join`` (80x24, keys pressed by a
    pilot): Ann starts her table, sees her hand, the climb's pile and the players in the
    game's words, reads the game's own rules with r, plays the highlighted move with Enter
    each turn (a climb, CLIMB-1) and reaches the final standing (CLIMB-3); Bob plays from
    the presentation alone."""
    with server.http() as http:
        made = create_table(http, [{"kind": "person"}, {"kind": "person"}], game="climb")
        bob = join(http, made["table"], "Bob")
    stop = threading.Event()

    def bob_plays() -> None:
        with Player(server.ws_url, made["table"], bob["token"]) as player:
            while not stop.is_set() and player.result is None:
                try:
                    update = player.until(lambda m: m["type"] == "update", timeout=0.5)
                except TimeoutError:
                    continue
                moves = update["table"]["moves"]
                if moves and update["result"] is None:
                    player.act(moves[0]["action"], version=update["version"])

    thread = threading.Thread(target=bob_plays, daemon=True)
    thread.start()
    target = parse_target(f"{server.url}/t/{made['table']}", server.url)
    app = OnlineApp(
        target,
        made["table"],
        StoredSeat(0, "Ann", made["token"]),
        SeatStore(tmp_path / "seats.json"),
        Api(server.url),
        "en",
    )

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await _until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await _until(
                pilot,
                lambda: all(s["connected"] for s in (app.lobby or {}).get("seats", [{}])),
                "Bob at the table",
            )
            await pilot.press("s")
            await _until(pilot, lambda: isinstance(app.screen, OnlineTable), "the table")
            screen = app.table_screen
            await _until(pilot, lambda: bool(screen.entries()), "Ann's first turn")
            shown = _screen_text(app)
            assert "The climb: " in shown
            assert "Won" in shown  # the game's own progress column
            # Climb counts no points while it is played: no empty column for them.
            assert "Points" not in shown
            assert screen.shown_moves[0]["label"].startswith("Climb to ")
            await pilot.press("r")  # the game's own rules, as the game writes them
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
                await pilot.pause(0.1)
            assert any("wins Climb." in line for line in _log(screen))
            await pilot.press("enter", "q")

    try:
        asyncio.run(scenario())
    finally:
        stop.set()
        thread.join(timeout=10)


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
