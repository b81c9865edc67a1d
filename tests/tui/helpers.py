"""Helpers for the Textual tests: seeded apps, waiting for a person's turn, screen text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from phase10.api import find_variant
from phase10.bots import make_bot
from phase10.match import Match, ProgrammeMatch, Seat
from phase10.tui import Phase10App
from phase10.tui.screens import ChoiceScreen, ConfirmScreen, HandSummaryScreen
from phase10.tui.table import TableBase
from phase10.tui.table_phase10 import TableScreen

SIZE = (120, 40)


def make_app(
    tmp_path: Path, *, seed: int, seats: list[tuple[str, str | None]], rules: str = "standard"
) -> Phase10App:
    """An app on a freshly dealt match with zero delay for the computer players."""
    match = Match.start(
        find_variant(rules),
        [Seat(name, None if level is None else make_bot(level)) for name, level in seats],
        seed,
    )
    return Phase10App(save_path=tmp_path / "game.json", match=match, delay=0, resumed=False)


def make_programmes_app(
    tmp_path: Path, *, seed: int, seats: list[tuple[str, str | None]], lang: str = "en"
) -> Phase10App:
    """An app on a freshly dealt programmes game, zero delay for the computer players."""
    match = ProgrammeMatch.start(
        find_variant("programmes"),
        [
            Seat(name, None if level is None else make_bot(level, "programmes"))
            for name, level in seats
        ],
        seed,
    )
    return Phase10App(
        save_path=tmp_path / "game.json", match=match, delay=0, resumed=False, lang=lang
    )


async def settle(pilot: Pilot[Any], app: Phase10App, *, steps: int = 400) -> None:
    """Wait until a person may act, or a summary is up, or the game is over."""
    for _ in range(steps):
        screen = app.screen
        if isinstance(screen, HandSummaryScreen) or app.match.is_over:
            return
        if isinstance(screen, TableBase) and app.can_act():
            return
        await pilot.pause(0.01)
    raise AssertionError("the game did not come back to a person")


def screen_text(app: Phase10App) -> str:
    """What the terminal shows, as plain text lines."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


async def play_turn_with_keys(pilot: Pilot[Any], app: Phase10App) -> None:
    """One turn of the person at the keyboard, with keys only: draw, lay down and hit as the
    hint proposes, then discard the card the hint proposes."""
    table = app.screen
    assert isinstance(table, TableScreen)
    await pilot.press("d", "i")
    if type(table.hinted).__name__ == "LayDown":
        await pilot.press("l")
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("enter")
    for _ in range(12):
        if not app.can_act():
            return
        await pilot.press("i")
        if type(table.hinted).__name__ != "Hit":
            break
        await pilot.press("g")
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("enter")
    if app.can_act():
        await pilot.press("x")
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("enter")
        if isinstance(app.screen, ConfirmScreen):  # nothing chosen: x asks
            await pilot.press("y")
