"""Helpers for the Textual tests: seeded games at a local table, full screen; waiting for a
person's turn; the screen's text."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import RichLog

from phase10 import games
from phase10.api import find_variant
from phase10.bots import make_bot
from phase10.match import Match, Seat
from phase10.table.local import LocalTable
from phase10.tui.local import LocalApp
from phase10.tui.online_table import OnlineTable, SummaryScreen
from phase10.tui.screens import PassScreen

SIZE = (120, 40)


def start(*, seed: int, seats: list[tuple[str, str | None]], rules: str = "standard") -> Match:
    """A freshly dealt game: each seat a name and a computer's level (``None``: a person)."""
    found = find_variant(rules)
    game = games.of(found)
    return Match.start(
        found,
        [Seat(name, None if level is None else make_bot(level, game)) for name, level in seats],
        seed,
    )


def make_app(
    tmp_path: Path,
    *,
    seed: int,
    seats: list[tuple[str, str | None]],
    rules: str = "standard",
    lang: str = "en",
) -> LocalApp:
    """The full screen on a freshly dealt game at a local table, saved to
    ``tmp_path/game.json`` after every move, the computers moving at once."""
    return app_for(start(seed=seed, seats=seats, rules=rules), tmp_path, lang=lang)


def app_for(match: Match, tmp_path: Path, *, lang: str = "en", resumed: bool = False) -> LocalApp:
    """The full screen on ``match`` at a local table (see :func:`make_app`)."""
    path = tmp_path / "game.json"
    match.save(path)
    table = LocalTable(match, on_move=lambda played: played.save(path))
    return LocalApp(table, lang, 0.0, resumed=resumed)


def may_act(app: LocalApp) -> bool:
    """Whether the person at the keyboard may move now, on the table screen."""
    table = app.table_screen
    return (
        app.screen is table
        and app.conn.pending is None
        and bool(table.entries())
        and app.seat == app.local.match.to_act
    )


async def settle(pilot: Pilot[Any], app: LocalApp, *, steps: int = 600) -> None:
    """Wait until a person may move, or a screen over the table waits for a key, or the game
    is over."""
    for _ in range(steps):
        if isinstance(app.screen, (SummaryScreen, PassScreen)) or app.local.match.is_over:
            return
        if may_act(app):
            return
        await pilot.pause(0.01)
    raise AssertionError("the game did not come back to a person")


def screen_text(app: Any) -> str:
    """What the terminal shows, as plain text lines."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


def log_text(app: LocalApp) -> list[str]:
    """Every line of the table's log."""
    log = app.table_screen.query_one("#log", RichLog)
    return [strip.text.rstrip() for strip in log.lines]


def entry_of(table: OnlineTable, kind: str) -> dict[str, Any] | None:
    """The first move of ``kind`` open now."""
    return next((e for e in table.entries() if e["kind"] == kind), None)


async def play_turn_with_keys(pilot: Pilot[Any], app: LocalApp) -> None:
    """One turn of the person at the keyboard, with keys only: draw, then as long as the
    hint proposes a move that is not a discard, Enter plays it; then the hinted discard."""
    await pilot.press("d")
    await settle(pilot, app)
    for _ in range(16):
        if not may_act(app):
            return
        await pilot.press("i")
        await pilot.pause(0.02)
        await pilot.press("enter")  # in the hand: plays the move highlighted, the hint's
        await pilot.pause(0.02)
        await settle(pilot, app)
        app.table_screen.query_one("#hand").focus()


async def until(pilot: Pilot[Any], check: Any, what: str, *, timeout: float = 8.0) -> None:
    """Pause until ``check()`` holds, failing with ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await pilot.pause(0.02)


async def choose_card(pilot: Pilot[Any], app: LocalApp, code: str) -> None:
    """Choose the first card ``code`` not yet chosen: with its number key (1 the first card
    shown, 0 the tenth), or after the tenth with the arrows and Space."""
    table = app.table_screen
    hand = [card["code"] for card in (app.shown or {})["hand"]]
    place = next(
        n
        for n, position in enumerate(table.shown_hand)
        if hand[position] == code and position not in table.chosen
    )
    if place < 10:
        await pilot.press(str((place + 1) % 10))
        return
    table.query_one("#hand").focus()  # beyond the number keys: the arrows, then Space
    await pilot.press("home", *["down"] * place, "space")


def before_going_out(
    *, seed: int, rules: str = "standard", level: str = "easy"
) -> tuple[Match, list[str]]:
    """A game of "You" (a person) against Ann (a computer of ``level``), wound on to the
    start of the turn in which You goes out, ending the first hand; and that turn's moves
    (notation). The moves are those a computer in You's seat would have made, so Ann
    answers as she would: the game goes on the same."""
    ahead = start(seed=seed, seats=[("You", level), ("Ann", level)], rules=rules)
    game = ahead.game
    seats: list[int] = []
    while not ahead.is_over and game.hand_number(ahead.state) == 0:
        seats.append(ahead.to_act)
        ahead.bot_step()
    assert seats[-1] == 0, "Ann ended the hand: choose another seed"
    first = len(seats) - 1
    while seats[first - 1] == 0:
        first -= 1
    actions = list(ahead.record.actions)
    match = start(seed=seed, seats=[("You", None), ("Ann", level)], rules=rules)
    for action in actions[:first]:
        match.play(match.to_act, action, match.version)
    return match, [game.format_action(action) for action in actions[first : len(seats)]]


def region_text(app: Any, selector: str) -> str:
    """The words the widget ``selector`` shows inside its border and scroll bars, its lines
    joined by spaces
    (what a reader of that part of the screen reads)."""
    region = app.screen.query_one(selector).scrollable_content_region
    rows = screen_text(app).splitlines()[region.y : region.y + region.height]
    cut = [row[region.x : region.x + region.width] for row in rows]
    return " ".join(" ".join(cut).split())


def play_through_cli(
    monkeypatch: Any,
    match: Match,
    path: Path,
    scenarios: list[Callable[[Pilot[Any], LocalApp], Awaitable[None]]],
    *,
    size: tuple[int, int] = SIZE,
    lang: str = "en",
    resumed: bool = False,
) -> int:
    """``phase10 play`` full screen (``cli.local_play.play``) on ``match``, saved to
    ``path``: each game the command opens is played headless by the next of ``scenarios``
    (its keys pressed by a pilot); the exit status."""
    from phase10.cli import local_play

    waiting = list(scenarios)

    async def script(pilot: Pilot[Any], app: LocalApp) -> None:
        await waiting.pop(0)(pilot, app)

    headless_play_local(monkeypatch, script, size=size)
    status = local_play.play(match, str(path), lang, resumed=resumed, screen=True)
    assert not waiting, "fewer games were played than scenarios given"
    return status


def headless_play_local(
    monkeypatch: pytest.MonkeyPatch,
    script: Callable[[Pilot[Any], LocalApp], Awaitable[None]],
    *,
    size: tuple[int, int] = SIZE,
) -> list[LocalApp]:
    """Make the command line's full screen (``phase10.tui.local.play_local``, which
    ``cli.local_play.play`` calls) run headless, its keys pressed by ``script``; the apps it
    ran, in order (a rematch runs a second one)."""
    apps: list[LocalApp] = []

    def play_local(
        table: LocalTable,
        lang: str,
        pace: float,
        *,
        intro: Sequence[str] = (),
        resumed: bool = False,
        tell: Callable[[Callable[[str], object]], None] | None = None,
    ) -> str | None:
        app = LocalApp(table, lang, pace, intro=intro, resumed=resumed, tell=tell)
        apps.append(app)

        async def run() -> None:
            async with app.run_test(size=size) as pilot:
                await script(pilot, app)

        asyncio.run(run())
        return app.return_value

    monkeypatch.setattr("phase10.tui.local.play_local", play_local)
    return apps


def in_log(app: LocalApp, sentence: str) -> bool:
    """Whether the log says ``sentence``, wherever the log wrapped it (a long path wraps in
    the middle of a word)."""
    said = "".join("".join(log_text(app)).split())
    return "".join(sentence.split()) in said
