"""The snapshot comparison (:mod:`tests.tui.screen_svg`) sees what a player sees and nothing
else: a changed word or colour fails it, a change of the SVG's fonts or comments does not."""

from __future__ import annotations

import re
from pathlib import Path

from .screen_svg import Screen

STORED = Path(__file__).parent / "__snapshots__" / "test_snapshots" / "test_table_screen_80x24.svg"


def test_the_cells_are_read_row_by_row() -> None:
    screen = Screen.read(STORED.read_text(encoding="utf-8"))
    assert len(screen.cells) == 24
    assert any("Draw pile: 76   Discard pile: B2 (1)" in row for row in screen.rows())


def test_a_changed_word_or_colour_counts_and_the_files_wrapping_does_not() -> None:
    svg = STORED.read_text(encoding="utf-8")
    screen = Screen.read(svg)
    wrapping = svg.replace("Fira Code", "Other Mono").replace("Generated with Rich", "-")
    assert Screen.read(wrapping) == screen
    assert Screen.read(svg.replace("Draw&#160;pile", "Drew&#160;pile")) != screen
    recoloured = re.sub(r"(\.terminal-r2 \{ fill: )#[0-9a-f]{6}", r"\g<1>#123456", svg)
    assert recoloured != svg
    assert Screen.read(recoloured) != screen
