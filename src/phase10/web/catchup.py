"""How much of a game a connection is told when it arrives: what it missed, at most the last
``CATCH_UP_EVENTS`` events (decision 0016).

Narrating an event costs the server the same whoever asks, so a hello with ``since: -1`` on a
long game (a spectator's, any page's first load) would cost the server in proportion to the
game's length: the whole game in words, hundreds of KiB. A catch-up holds at most the last
``CATCH_UP_EVENTS`` events; the update says how many it left out (``omitted``), and the view and
the presentation are the game now, whole, as always. A seat back after a short cut (its
``since`` within the last ``CATCH_UP_EVENTS`` events) still gets exactly what it missed.

>>> catch_up_from(-1, 12)
(-1, 0)
>>> catch_up_from(40, 1000)
(800, 760)
>>> catch_up_from(950, 1000)
(950, 0)
"""

from __future__ import annotations

from typing import Final

__all__ = ["CATCH_UP_EVENTS", "catch_up_from"]

#: The most events one catch-up narrates: a few minutes of play, some tens of KiB.
CATCH_UP_EVENTS: Final = 200


def catch_up_from(since: int, seq: int, limit: int = CATCH_UP_EVENTS) -> tuple[int, int]:
    """The ``since`` to narrate from for a client that saw up to ``since`` of a game whose
    last event is ``seq``, and how many events that leaves out."""
    first = seq - limit
    if since >= first:
        return since, 0
    return first, first - max(since, 0)
