"""A flat vector described field by field: the one table that places every number of an
observation, and that ``docs/rl.md`` prints, so the documentation cannot drift from the code.

>>> layout = Layout([Field("hand", 50, "copies of each card"), Field("stage", 2, "draw, play")])
>>> layout.size, layout["stage"]
(52, slice(50, 52, None))
>>> layout.rows()[1]
('stage', 50, 2, 'draw, play')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Field:
    """``size`` numbers named ``name``; ``meaning`` says what they hold and how they scale."""

    name: str
    size: int
    meaning: str


class Layout:
    """Fields laid end to end; ``layout[name]`` is the slice of that field."""

    __slots__ = ("fields", "offsets", "size")

    def __init__(self, fields: Iterable[Field]) -> None:
        self.fields = tuple(fields)
        self.offsets: dict[str, int] = {}
        at = 0
        for f in self.fields:
            if f.name in self.offsets:
                raise ValueError(f"two fields are named {f.name!r}")
            self.offsets[f.name] = at
            at += f.size
        self.size = at

    def __getitem__(self, name: str) -> slice:
        start = self.offsets[name]
        return slice(start, start + self._sizes()[name])

    def _sizes(self) -> dict[str, int]:
        return {f.name: f.size for f in self.fields}

    def rows(self) -> list[tuple[str, int, int, str]]:
        """(name, offset, size, meaning) for each field, in order: the documentation's table."""
        return [(f.name, self.offsets[f.name], f.size, f.meaning) for f in self.fields]

    def markdown(self) -> str:
        """The table as Markdown, for ``docs/rl.md``."""
        lines = ["| Field | Offset | Size | What it holds |", "|---|---:|---:|---|"]
        lines += [f"| `{n}` | {o} | {s} | {m} |" for n, o, s, m in self.rows()]
        return "\n".join(lines)
