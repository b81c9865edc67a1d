"""A table's turn timer in the terminal clients: the player is told their time once, when
their turn starts ("You have 60 seconds."). The server sends the clock (``turn_clock``) with
each update and lobby message; the timeout itself reaches them as a notice, which both
clients print as every notice.

>>> from phase10.kernel.i18n import translator
>>> teller = TimeTeller()
>>> clock = {"turn_clock": {"seat": 0, "seconds_left": 59.9, "total": 60}}
>>> tr = translator("en")
>>> teller.line(clock, 0, tr), teller.line(clock, 0, tr)
('You have 60 seconds.', None)
>>> teller.line({"turn_clock": None}, 0, tr), teller.line(clock, 0, tr)
(None, 'You have 60 seconds.')
"""

from __future__ import annotations

from typing import Any

from phase10.kernel.i18n import Translator

__all__ = ["TimeTeller"]


class TimeTeller:
    """Tells a seat its time once a turn: again only after the clock has stopped or run for
    another seat (a turn of someone else, or of a computer)."""

    def __init__(self) -> None:
        self._told = False

    def line(self, message: dict[str, Any], seat: int | None, tr: Translator) -> str | None:
        """The sentence to show for ``message`` (an update or a lobby message) at ``seat``,
        or ``None``: a message without a clock changes nothing."""
        if "turn_clock" not in message:
            return None
        clock = message["turn_clock"]
        if clock is None or seat is None or clock.get("seat") != seat:
            self._told = False
            return None
        if self._told:
            return None
        self._told = True
        seconds = max(1, round(float(clock["seconds_left"])))
        return tr.ngettext("You have {count} second.", "You have {count} seconds.", seconds).format(
            count=seconds
        )
