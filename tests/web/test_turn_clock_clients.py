"""The turn timer in the terminal clients: the player is told their time once, when their
turn starts, and the timeout's notice is printed like every notice."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from textual.widgets import RichLog

from phase10.cli.line_client import LineClient
from phase10.kernel.i18n import translator
from phase10.online.links import Api, SeatStore, StoredSeat, parse_target
from phase10.online.turn_clock import TimeTeller
from phase10.tui.online_table import OnlineApp

from .serverkit import create_table, in_process_server, start


def _lobby(turn_clock: dict[str, Any] | None) -> dict[str, Any]:
    return {"type": "lobby", "lobby": {"status": "playing", "seats": []}, "turn_clock": turn_clock}


def test_the_time_is_told_once_a_turn() -> None:
    """Told when the clock starts for the seat, not again while it runs, again on the seat's
    next turn (after a clock for another seat, or none); never for another seat."""
    teller = TimeTeller()
    tr = translator("en")
    mine = {"seat": 1, "seconds_left": 29.96, "total": 30}
    theirs = {"seat": 0, "seconds_left": 30, "total": 30}
    said = [
        teller.line(message, 1, tr)
        for message in (
            {"turn_clock": theirs},
            {"turn_clock": mine},
            {"turn_clock": {**mine, "seconds_left": 20.0}},
            {"type": "notice"},  # no clock in it: changes nothing
            {"turn_clock": theirs},
            {"turn_clock": {**mine, "seconds_left": 1.2}},
        )
    ]
    assert said == [None, "You have 30 seconds.", None, None, None, "You have 1 second."]
    assert teller.line({"turn_clock": mine}, None, tr) is None  # a spectator has no turn


def test_the_player_is_warned_once_when_ten_seconds_are_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As the browser warns: once a turn, when 10 seconds are left, "Only 10 seconds left
    for your turn."; ``w``'s sentence says the time left; a turn of 10 seconds or less is
    told its time and not warned again."""
    now = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    teller = TimeTeller()
    tr = translator("en")
    assert teller.line({"turn_clock": {"seat": 0, "seconds_left": 30.0, "total": 30}}, 0, tr)
    assert teller.hurry_in() == pytest.approx(20.0)
    assert teller.hurry(tr) is None  # not yet
    now[0] += 20.0
    assert teller.left_line(tr) == "10 seconds left for your turn."
    assert teller.hurry(tr) == "Only 10 seconds left for your turn."
    assert teller.hurry(tr) is None  # once
    assert teller.hurry_in() is None
    teller.line({"turn_clock": None}, 0, tr)  # the turn is over
    assert teller.left_line(tr) is None
    assert teller.line({"turn_clock": {"seat": 0, "seconds_left": 8.0, "total": 8}}, 0, tr)
    assert teller.hurry_in() is None


def test_the_line_client_says_the_time_and_the_timeout(capsys: pytest.CaptureFixture[str]) -> None:
    """``phase10 join`` prints "You have 11 seconds." once when Ann's time starts, warns
    her when 10 are left, and prints the server's timeout notice as it came."""
    fake = SimpleNamespace(pending=None, ws=object(), say=lambda _m: None)
    client = LineClient(
        None,
        "t",
        StoredSeat(0, "Ann", ""),
        None,
        None,
        "en",
        resumed=False,
        paced=True,
        connect=lambda _message, _state: fake,
    )
    clock = {"seat": 0, "seconds_left": 11.3, "total": 60}
    notice = "Time ran out: a computer player plays this turn for you."

    async def turn() -> None:
        client._handle(_lobby(clock))
        client._handle(_lobby({**clock, "seconds_left": 11.0}))
        await asyncio.sleep(2.0)
        client._handle({"type": "notice", "key": "web.timed_out_you", "params": {}, "text": notice})

    asyncio.run(turn())
    assert capsys.readouterr().out.splitlines() == [
        "You have 11 seconds.",
        "Only 10 seconds left for your turn.",
        notice,
    ]


def test_the_full_screen_says_the_time_and_the_timeout(tmp_path: Path) -> None:
    """``phase10 join`` full screen at a timed table (30 seconds, run in 3 by the server's
    ``turn_clock_scale``): the log says "You have 3 seconds." when Ann's turn starts and, as
    she does nothing, the timeout's notice."""
    with in_process_server(tmp_path, turn_clock_scale=0.1) as server, server.http() as http:
        made = create_table(
            http, [{"kind": "person"}, {"kind": "bot", "level": "easy"}], turn_seconds=30
        )
        start(http, made["table"], made["token"])
        target = parse_target(f"{server.url}/t/{made['table']}", server.url)
        app = OnlineApp(
            target,
            made["table"],
            StoredSeat(0, "Ann", made["token"]),
            SeatStore(tmp_path / "seats.json"),
            Api(server.url),
            "en",
        )

        async def watch() -> str:
            async with app.run_test(size=(80, 24)) as pilot:
                deadline = time.monotonic() + 20
                # Wait for what follows the timeout too: the computer's move is logged after
                # the sentence, a moment later.
                while not (shown := _log(app)).partition(TIMED_OUT)[2]:
                    assert time.monotonic() < deadline, shown[-500:]
                    await pilot.pause(0.05)
                await pilot.press("q")
                return shown

        shown = asyncio.run(watch())
        told, _, after = shown.partition(TIMED_OUT)
        assert after, shown[-500:]
        # Told once: the time left when the screen heard of it (3 s, less on a slow run).
        assert len(re.findall(r"You have [1-3] seconds?\.", told)) == 1, told


TIMED_OUT = "Time ran out: a computer player plays this turn for you."


def _log(app: OnlineApp) -> str:
    """The log's text, its lines joined and its wrapping undone."""
    if not app.table_screen.is_mounted:
        return ""
    lines = app.table_screen.query_one("#log", RichLog).lines
    return " ".join(" ".join(line.text for line in lines).split())
