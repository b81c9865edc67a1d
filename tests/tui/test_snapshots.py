"""Snapshots of the main screens (fixed seed and terminal size); SVGs live in __snapshots__.

The table is the client of ``phase10 join`` over a local table, for both games; the
new-game screen is its own small app. Regenerate after an intended change with
``pytest tests/tui/test_snapshots.py --snapshot-update`` and review.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from phase10.tui import ChooseApp, Defaults
from phase10.tui.local import LocalApp
from phase10.tui.online_table import SummaryScreen
from phase10.tui.screens import TooSmallScreen

from .helpers import SIZE, app_for, before_going_out, choose_card, make_app, settle, until

SnapCompare = Callable[..., bool]

#: Everything usable at 80x24, for both games and the new-game screen.
SMALL = (80, 24)

THREE: list[tuple[str, str | None]] = [("You", None), ("Ann", "medium"), ("Bob", "hard")]


def _drawn(app: LocalApp, *, hint: bool) -> Callable[[Pilot[Any]], Any]:
    """What to do before the picture: draw, then ask for a hint when ``hint``."""

    async def ready(pilot: Pilot[Any]) -> None:
        await settle(pilot, app)
        await pilot.press("d")
        await until(pilot, lambda: app.local.match.version > 0, "the draw")
        await settle(pilot, app)
        if hint:
            await pilot.press("i")
            table = app.table_screen
            await until(pilot, lambda: app.hint_id is None and table.chosen, "the hint")
        await pilot.pause()

    return ready


def _form(app: ChooseApp) -> Callable[[Pilot[Any]], Any]:
    async def ready(pilot: Pilot[Any]) -> None:
        await until(pilot, lambda: app.focused is not None, "the form")
        await pilot.pause()

    return ready


def test_new_game_screen(snap_compare: SnapCompare) -> None:
    app = ChooseApp(Defaults(players=3, seed=7), "en")
    assert snap_compare(app, terminal_size=SIZE, run_before=_form(app))


def test_new_game_screen_80x24(snap_compare: SnapCompare) -> None:
    app = ChooseApp(Defaults(players=3, seed=7), "en")
    assert snap_compare(app, terminal_size=SMALL, run_before=_form(app))


def test_table_screen(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7, seats=THREE)
    assert snap_compare(app, terminal_size=SIZE, run_before=_drawn(app, hint=True))


def test_table_screen_80x24(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7, seats=THREE)
    assert snap_compare(app, terminal_size=SMALL, run_before=_drawn(app, hint=False))


def test_programmes_table_screen(snap_compare: SnapCompare, tmp_path: Path) -> None:
    seats: list[tuple[str, str | None]] = [("You", None), ("Ann", "easy")]
    app = make_app(tmp_path, seed=4, seats=seats, rules="programmes")
    assert snap_compare(app, terminal_size=SIZE, run_before=_drawn(app, hint=True))


def test_programmes_table_screen_80x24(snap_compare: SnapCompare, tmp_path: Path) -> None:
    seats: list[tuple[str, str | None]] = [("You", None), ("Ann", "easy"), ("Bob", "medium")]
    app = make_app(tmp_path, seed=4, seats=seats, rules="programmes")
    assert snap_compare(app, terminal_size=SMALL, run_before=_drawn(app, hint=False))


async def _move(pilot: Pilot[Any], app: LocalApp, key: str, card: str = "") -> None:
    """Choose ``card`` (if any), press ``key``, and wait for the move to be played."""
    played = len(app.local.match.record.actions)
    if card:
        await choose_card(pilot, app, card)
    await pilot.press(key)
    await until(pilot, lambda: len(app.local.match.record.actions) > played, key)
    await settle(pilot, app)


def test_end_of_hand_screen(snap_compare: SnapCompare, tmp_path: Path) -> None:
    """You go out (draw, hit G3, discard R4): the end of the hand over the table."""
    match, turn = before_going_out(seed=1)
    assert turn == ["draw", "hit G3 on 0.0", "discard R4"]
    app = app_for(match, tmp_path)

    async def ended(pilot: Pilot[Any]) -> None:
        await settle(pilot, app)
        await _move(pilot, app, "d")
        await _move(pilot, app, "g", card="G3")
        await _move(pilot, app, "x", card="R4")
        await until(pilot, lambda: isinstance(app.screen, SummaryScreen), "the summary")
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=ended)


def test_too_small_terminal(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7, seats=[("You", None), ("Ann", "medium")])

    async def ready(pilot: Pilot[Any]) -> None:
        await until(pilot, lambda: isinstance(app.screen, TooSmallScreen), "too small")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(60, 20), run_before=ready)
