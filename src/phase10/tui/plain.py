"""Text widgets that show text as it is written, never as markup.

Names, rules names and program ids come from players and files: ``[/]``, ``a[/b]`` or
``[link=…]`` in one crashed the screen and ``[red]x[/red]`` turned into styling. No
sentence of the full screen uses markup, so every text widget is a ``Plain``.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.markup import escape
from textual.widgets import Static


class Plain(Static):
    """A ``Static`` whose strings are text, not markup.

    >>> Plain("[/]").content
    '[/]'
    """

    def __init__(self, content: Any = "", **options: Any) -> None:
        options.setdefault("markup", False)
        super().__init__(content, **options)


def as_title(text: str) -> str:
    """``text`` for a border title, which Textual reads as markup: every tag escaped.

    >>> as_title("rules: [red]x[/red] [/]")
    'rules: \\\\[red]x\\\\[/red] \\\\[/]'
    """
    return escape(text)


def plain(text: str) -> Text:
    """``text`` as a Rich ``Text``: what a table cell, an option or a label shows as written.

    >>> plain("[red]x[/red]").plain
    '[red]x[/red]'
    """
    return Text(text)
