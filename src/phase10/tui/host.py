"""What a table screen asks of the app that shows it: the match, the log, and the few
decisions only the app can make (may the person at the keyboard act now, play this action).

The app hands itself to each table it makes (:class:`~phase10.tui.app.Phase10App` fits this
protocol), so the tables never import the app that imports them.

>>> from phase10.tui.app import Phase10App
>>> host: TableHost = Phase10App(save_path="unused.json")
>>> host.log_lines
[]
"""

from __future__ import annotations

from typing import Any, Protocol

from phase10.match import Match

__all__ = ["TableHost"]


class TableHost(Protocol):
    """The app behind a table screen, as the screen sees it."""

    #: The sentences of the game's log, oldest first; the table shows those it has not yet.
    log_lines: list[str]

    @property
    def match(self) -> Match:
        """The match being played."""
        ...

    @property
    def narrator(self) -> int | None:
        """The seat the log speaks to as "you", if only one person plays."""
        ...

    def table_view(self) -> tuple[Any, bool]:
        """The view the table shows and whether the hand in it may be shown."""
        ...

    def seat_kinds(self) -> list[str]:
        """Blank for a person, the computer player's level otherwise, per seat."""
        ...

    def can_act(self) -> bool:
        """Whether the person at the keyboard may play now."""
        ...

    def explain(self, action: Any) -> str | None:
        """Why ``action`` is not allowed now, or None."""
        ...

    def play_human(self, action: Any) -> str | None:
        """Play ``action`` for the person at the keyboard; a sentence if it is not allowed."""
        ...

    def headline(self) -> str:
        """The sentence that ends the game."""
        ...
