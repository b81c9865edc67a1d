"""What a full-screen snapshot shows, read back from the SVG file Rich writes: the character,
colour and weight of each cell, and each cell's background.

The snapshot tests compare this, not the file's bytes: the SVG around the cells (the fonts it
names, the window drawn around the terminal, its element ids and layout) belongs to the Rich
release that wrote it, and changes nothing a player sees.

>>> svg = (
...     '<svg xmlns="http://www.w3.org/2000/svg"><style>.terminal-r1 { fill: #fff }</style>'
...     '<g clip-path="url(#terminal-clip-terminal)">'
...     '<rect fill="#000" x="0" y="1.5" width="24.4" height="24.65"/>'
...     '<g class="terminal-matrix"><text class="terminal-r1" x="0" y="20" textLength="24.4">'
...     "Hi</text></g></g></svg>"
... )
>>> Screen.read(svg).rows()
['Hi']
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass

SVG = "{http://www.w3.org/2000/svg}"
#: ``.terminal-r4 { fill: #e0e0e0;font-weight: bold }`` in the SVG's style sheet.
STYLE_RULE = re.compile(r"\.([\w-]+-r\d+)\s*\{([^}]*)\}")
#: Where Rich draws the terminal's cells; anything outside it is the window around them.
CELLS_GROUP = "clip-terminal"

Cell = tuple[str, str, str]  # character, its style (colour, weight...), background colour


def _declarations(text: str) -> str:
    parts = (part.split(":", 1) for part in text.split(";") if ":" in part)
    return ";".join(sorted(f"{name.strip()}:{value.strip()}" for name, value in parts))


@dataclass(frozen=True)
class Screen:
    """The terminal's cells, row by row."""

    cells: tuple[tuple[Cell, ...], ...]

    @classmethod
    def read(cls, svg: str) -> Screen:
        """The cells of an SVG that Rich's ``export_svg`` wrote (a Textual screenshot)."""
        root = ET.fromstring(svg)
        styles = {name: _declarations(body) for name, body in STYLE_RULE.findall(svg)}
        group = next(g for g in root.iter(f"{SVG}g") if CELLS_GROUP in (g.get("clip-path") or ""))
        texts = [t for t in group.iter(f"{SVG}text") if t.get("class") in styles]
        backgrounds = [r for r in group.iter(f"{SVG}rect") if r.get("fill")]
        # Rich draws a cell twice as high as wide; a row's background starts just below the
        # row's top and its text's baseline sits above the next row, so both floor to it.
        widths = Counter(
            round(float(t.get("textLength", "0")) / len(t.text), 3) for t in texts if t.text
        )
        width = widths.most_common(1)[0][0] if widths else 1.0
        grid: dict[tuple[int, int], list[str]] = {}

        def place(element: ET.Element) -> tuple[int, int]:
            row = math.floor(float(element.get("y", "0")) / (2 * width))
            return row, round(float(element.get("x", "0")) / width)

        for rect in backgrounds:
            row, first = place(rect)
            for col in range(first, first + round(float(rect.get("width", "0")) / width)):
                grid.setdefault((row, col), [" ", "", ""])[2] = rect.get("fill", "")
        for text in texts:
            row, first = place(text)
            for offset, char in enumerate((text.text or "").replace("\xa0", " ")):
                cell = grid.setdefault((row, first + offset), [" ", "", ""])
                cell[0], cell[1] = char, styles[text.get("class", "")]
        rows = 1 + max((r for r, _ in grid), default=-1)
        cols = 1 + max((c for _, c in grid), default=-1)
        blank = (" ", "", "")
        return cls(
            tuple(
                tuple((*grid[r, c],) if (r, c) in grid else blank for c in range(cols))  # type: ignore[misc]
                for r in range(rows)
            )
        )

    def rows(self) -> list[str]:
        """The characters alone, a string per row, trailing spaces dropped."""
        return ["".join(cell[0] for cell in row).rstrip() for row in self.cells]
