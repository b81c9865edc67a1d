"""A table's turn timer in the terminal clients: the player is told their time once, when
their turn starts ("You have 60 seconds."), and once more when ``HURRY_SECONDS`` are left
("Only 10 seconds left for your turn.", as the browser warns); ``w`` says the time left. The
server sends the clock (``turn_clock``) with each update and lobby message; the timeout
itself reaches them as a notice, which both clients print as every notice.

>>> from phase10.kernel.i18n import translator
>>> teller = TimeTeller()
>>> clock = {"turn_clock": {"seat": 0, "seconds_left": 59.9, "total": 60}}
>>> tr = translator("en")
>>> teller.line(clock, 0, tr), teller.line(clock, 0, tr)
('You have 60 seconds.', None)
>>> teller.line({"turn_clock": None}, 0, tr), teller.line(clock, 0, tr)
(None, 'You have 60 seconds.')
>>> teller.hurry(tr) is None, 49 < teller.hurry_in() <= 50
(True, True)
"""

from __future__ import annotations

import time
from typing import Any, Final

from phase10.kernel.i18n import Translator

__all__ = ["HURRY_SECONDS", "TimeTeller"]

#: The seconds left when the player is warned, as the browser's timer warns them.
HURRY_SECONDS: Final = 10


class TimeTeller:
    """Tells a seat its time once a turn: again only after the clock has stopped or run for
    another seat (a turn of someone else, or of a computer)."""

    def __init__(self) -> None:
        self._told = False
        #: When the seat's time runs out (``time.monotonic``), while it runs.
        self._deadline: float | None = None
        self._hurried = False

    def line(self, message: dict[str, Any], seat: int | None, tr: Translator) -> str | None:
        """The sentence to show for ``message`` (an update or a lobby message) at ``seat``,
        or ``None``: a message without a clock changes nothing."""
        if "turn_clock" not in message:
            return None
        clock = message["turn_clock"]
        if clock is None or seat is None or clock.get("seat") != seat:
            self._told = self._hurried = False
            self._deadline = None
            return None
        self._deadline = time.monotonic() + float(clock["seconds_left"])
        if self._told:
            return None
        self._told = True
        # A turn this short is all hurry: told its time, it is not warned again.
        self._hurried = float(clock["seconds_left"]) <= HURRY_SECONDS
        seconds = max(1, round(float(clock["seconds_left"])))
        return tr.ngettext("You have {count} second.", "You have {count} seconds.", seconds).format(
            count=seconds
        )

    def left(self) -> float | None:
        """The seconds left of the seat's turn, while its time runs."""
        if self._deadline is None:
            return None
        return max(0.0, self._deadline - time.monotonic())

    def hurry_in(self) -> float | None:
        """Seconds until the warning is due (0: now), while the seat's time runs and it has
        not been warned this turn."""
        left = self.left()
        if left is None or self._hurried:
            return None
        return max(0.0, left - HURRY_SECONDS)

    def hurry(self, tr: Translator) -> str | None:
        """The warning, once a turn, when it is due; ``None`` before, after or without it."""
        left = self.left()
        if left is None or self._hurried or left > HURRY_SECONDS + 0.5:
            return None
        self._hurried = True
        if left < 0.5:  # too late to be of use: the time-out's notice follows
            return None
        seconds = max(1, round(left))
        return tr.ngettext(
            "Only {count} second left for your turn.",
            "Only {count} seconds left for your turn.",
            seconds,
        ).format(count=seconds)

    def left_line(self, tr: Translator) -> str | None:
        """``w``'s sentence on the time left, while the seat's time runs."""
        left = self.left()
        if left is None:
            return None
        seconds = max(1, round(left))
        return tr.ngettext(
            "{count} second left for your turn.", "{count} seconds left for your turn.", seconds
        ).format(count=seconds)
