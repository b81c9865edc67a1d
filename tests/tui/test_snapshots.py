"""Snapshots of the main screens (fixed seed and terminal size); SVGs live in __snapshots__.

Regenerate after an intended change with ``pytest tests/tui --snapshot-update`` and review.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from phase10.tui import Defaults, Phase10App
from phase10.tui.screens import HandResult, HandSummaryScreen

from .helpers import SIZE, make_app, make_programmes_app, settle

SnapCompare = Callable[..., bool]


def test_new_game_screen(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = Phase10App(save_path=tmp_path / "game.json", defaults=Defaults(players=3, seed=7))
    assert snap_compare(app, terminal_size=SIZE)


def test_table_screen(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7, seats=[("You", None), ("Ann", "medium"), ("Bob", "hard")])

    async def ready(pilot: Pilot[Any]) -> None:
        await settle(pilot, app)
        await pilot.press("d", "i")

    assert snap_compare(app, terminal_size=SIZE, run_before=ready)


def test_end_of_hand_screen(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7, seats=[("You", None), ("Ann", "medium"), ("Bob", "hard")])
    result = HandResult(
        hand=1,
        went_out="Ann",
        rows=(("You", 45, 45, "phase 1"), ("Ann", 0, 0, "phase 2"), ("Bob", 30, 30, "phase 2")),
        progress=("You stay on phase 1.", "Ann moves up to phase 2.", "Bob moves up to phase 2."),
        game_over=False,
    )

    async def ended(pilot: Pilot[Any]) -> None:
        await settle(pilot, app)
        await app.push_screen(HandSummaryScreen(result))
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=ended)


def test_programmes_table_screen(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = make_programmes_app(tmp_path, seed=4, seats=[("You", None), ("Ann", "easy")])

    async def ready(pilot: Pilot[Any]) -> None:
        await settle(pilot, app)
        await pilot.press("d", "i")

    assert snap_compare(app, terminal_size=SIZE, run_before=ready)


# Everything usable at 80x24, for both games and the new-game screen.
SMALL = (80, 24)


def test_new_game_screen_80x24(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = Phase10App(save_path=tmp_path / "game.json", defaults=Defaults(players=3, seed=7))
    assert snap_compare(app, terminal_size=SMALL)


def test_table_screen_80x24(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7, seats=[("You", None), ("Ann", "medium"), ("Bob", "hard")])

    async def ready(pilot: Pilot[Any]) -> None:
        await settle(pilot, app)
        await pilot.press("d")

    assert snap_compare(app, terminal_size=SMALL, run_before=ready)


def test_programmes_table_screen_80x24(snap_compare: SnapCompare, tmp_path: Path) -> None:
    seats = [("You", None), ("Ann", "easy"), ("Bob", "medium")]
    app = make_programmes_app(tmp_path, seed=4, seats=seats)

    async def ready(pilot: Pilot[Any]) -> None:
        await settle(pilot, app)
        await pilot.press("d")

    assert snap_compare(app, terminal_size=SMALL, run_before=ready)


def test_too_small_terminal(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7, seats=[("You", None), ("Ann", "medium")])

    async def ready(pilot: Pilot[Any]) -> None:
        await pilot.pause(0.2)

    assert snap_compare(app, terminal_size=(60, 20), run_before=ready)
