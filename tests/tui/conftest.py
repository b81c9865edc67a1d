"""The full-screen snapshots compare what the player sees (:mod:`screen_svg`): each cell's
character, colour, weight and background, not the SVG file around them."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import pytest
from pytest_textual_snapshot import SVGImageExtension
from syrupy.assertion import SnapshotAssertion
from textual.app import App
from textual.pilot import Pilot

from .screen_svg import Screen


class ScreenExtension(SVGImageExtension):
    """Stores the SVG as before (so a person can look at it), matches on the cells."""

    def matches(self, *, serialized_data: Any, snapshot_data: Any) -> bool:
        return bool(Screen.read(str(serialized_data)) == Screen.read(str(snapshot_data)))


@pytest.fixture
def snap_compare(snapshot: SnapshotAssertion) -> Callable[..., bool]:
    """``snap_compare(app, terminal_size=..., run_before=...)``: the screen after
    ``run_before`` equals the stored one, cell by cell (``--snapshot-update`` stores it)."""
    from textual._doc import take_svg_screenshot

    stored = snapshot.use_extension(ScreenExtension)

    def compare(
        app: App[Any],
        press: Iterable[str] = (),
        terminal_size: tuple[int, int] = (80, 24),
        run_before: Callable[[Pilot[Any]], Awaitable[None] | None] | None = None,
    ) -> bool:
        svg = take_svg_screenshot(
            app=app, press=press, terminal_size=terminal_size, run_before=run_before
        )
        return bool(stored == svg)

    return compare
