"""The chat of a table: quick reactions and short lines of plain text, beside the game.

A chat line is no move: it is never stored, it changes neither the game nor its version, and
a server restart forgets it. The table keeps its last :data:`HISTORY` lines in memory and
sends them to a connection after its welcome, so a newcomer (or a reconnecting player) sees
what was said lately; each line has a number (``n``) that grows by one, so a client that has
a line already skips it.

Only seated players write; spectators read (players expect the table's talk to be among
the players). A reaction is sent by its key (:data:`~phase10.table.reactions.REACTIONS`)
and each reader gets its phrase in their own language; a text goes to everyone as written.
A text is at most :data:`MAX_CHAT` characters after trimming, with no control or invisible
characters; a seat writes at most :data:`PER_WINDOW` lines in :data:`WINDOW` seconds
(:class:`ChatLimit`).
Whatever is refused gets an ``error`` with its own code and changes nothing.

>>> check_say(Say(type="say", text="  Nice one  "))
(None, 'Nice one')
>>> check_say(Say(type="say", reaction="gg"))
('gg', None)
>>> check_say(Say(type="say", text="x" * 201))
Traceback (most recent call last):
...
phase10.web.chat.ChatRefusedError: chat_too_long
"""

from __future__ import annotations

import time
import unicodedata
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Final, Protocol

from phase10.kernel.i18n import N_, translator
from phase10.table.messages import error_payload
from phase10.table.reactions import REACTIONS, reaction_text
from phase10.web.protocol import Say

__all__ = [
    "HISTORY",
    "MAX_CHAT",
    "MAX_STRIKES",
    "PER_WINDOW",
    "STRIKE_DECAY",
    "WINDOW",
    "ChatLimit",
    "ChatRefusedError",
    "ChatRoom",
    "check_say",
]

#: The longest chat text, in characters after trimming.
MAX_CHAT: Final = 200
#: How many lines the table remembers for newcomers.
HISTORY: Final = 50
#: A seat writes at most PER_WINDOW lines in any WINDOW seconds...
PER_WINDOW: Final = 5
WINDOW: Final = 10.0
#: ...each line refused for that is a strike, forgotten after STRIKE_DECAY seconds; with
#: MAX_STRIKES strikes not yet forgotten the seat is silent until the oldest is (so a seat
#: that keeps pushing stays quiet longer than one that slipped once).
STRIKE_DECAY: Final = 30.0
MAX_STRIKES: Final = 3

#: The sentence of each refusal, by its error code.
_REFUSALS: Final[dict[str, str]] = {
    "chat_empty": N_("A chat message needs at least one visible character."),
    "chat_too_long": N_("A chat message has at most {limit} characters."),
    "chat_bad_text": N_("A chat message is plain text: no control or invisible characters."),
    "chat_unknown_reaction": N_("There is no quick reaction {key}; they are: {keys}."),
    "chat_too_fast": N_("You are writing too fast in the chat; wait a few seconds."),
    "spectator": N_("Spectators read the chat; only the players write in it."),
}
#: Characters refused in a text: controls (line breaks included: a line is one line),
#: invisible format characters (which can reverse the text around them), surrogates and
#: private use. The zero-width joiner stays: emoji sequences need it.
_REFUSED_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})
_JOINER: Final = "\u200d"


class ChatRefusedError(ValueError):
    """A chat line the table does not pass on; ``code`` is the error's, ``fields`` fill its
    sentence."""

    def __init__(self, code: str, **fields: object) -> None:
        super().__init__(code)
        self.code = code
        self.fields = fields

    def payload(self, lang: str, ident: str | None) -> dict[str, Any]:
        """The ``error`` to send, its sentence in ``lang``.

        >>> ChatRefusedError("chat_too_long", limit=200).payload("en", "c1")["text"]
        'A chat message has at most 200 characters.'
        """
        text = translator(lang).gettext(_REFUSALS[self.code]).format(**self.fields)
        return error_payload(self.code, text, action_id=ident)


def check_say(message: Say) -> tuple[str | None, str | None]:
    """``(reaction, None)`` or ``(None, text)`` trimmed, or :class:`ChatRefusedError`.

    >>> check_say(Say(type="say", text="a\\u202eb"))
    Traceback (most recent call last):
    ...
    phase10.web.chat.ChatRefusedError: chat_bad_text
    """
    if message.reaction is not None:
        if message.reaction not in REACTIONS:
            raise ChatRefusedError(
                "chat_unknown_reaction", key=message.reaction, keys=", ".join(REACTIONS)
            )
        return message.reaction, None
    text = (message.text or "").strip()
    if not text:
        raise ChatRefusedError("chat_empty")
    if len(text) > MAX_CHAT:
        raise ChatRefusedError("chat_too_long", limit=MAX_CHAT)
    if any(ch != _JOINER and unicodedata.category(ch) in _REFUSED_CATEGORIES for ch in text):
        raise ChatRefusedError("chat_bad_text")
    return None, text


class ChatLimit:
    """How fast one seat may chat (see :data:`PER_WINDOW` and :data:`STRIKE_DECAY`).

    >>> limit = ChatLimit()
    >>> [limit.allow(now=0.0) for _ in range(6)]
    [True, True, True, True, True, False]
    >>> limit.allow(now=10.0)
    True
    """

    def __init__(self) -> None:
        self.sent: deque[float] = deque()
        self.strikes: deque[float] = deque()

    def allow(self, now: float | None = None) -> bool:
        """Whether a line may go now; a refused one is a strike."""
        now = time.monotonic() if now is None else now
        while self.sent and now - self.sent[0] >= WINDOW:
            self.sent.popleft()
        while self.strikes and now - self.strikes[0] >= STRIKE_DECAY:
            self.strikes.popleft()
        if len(self.sent) >= PER_WINDOW or len(self.strikes) >= MAX_STRIKES:
            self.strikes.append(now)
            return False
        self.sent.append(now)
        return True


class Reader(Protocol):
    """A connection the chat writes to (:class:`phase10.web.live.Client` is one)."""

    lang: str
    seat: int | None

    def push(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for the connection."""
        ...


@dataclass(frozen=True)
class ChatLine:
    """One line said: its number at the table, who, a reaction's key or a text, and when
    (seconds since the epoch)."""

    number: int
    seat: int
    name: str
    reaction: str | None
    text: str | None
    at: float

    def payload(self, lang: str, *, past: bool = False) -> dict[str, Any]:
        """The ``chat`` message for a reader in ``lang`` (``past``: sent after a welcome).

        >>> line = ChatLine(1, 0, "Ann", "gg", None, 0.0)
        >>> line.payload("en")["text"], line.payload("en", past=True)["past"]
        ('Good game!', True)
        """
        text = reaction_text(self.reaction, lang) if self.reaction is not None else self.text
        message: dict[str, Any] = {
            "type": "chat",
            "n": self.number,
            "seat": self.seat,
            "name": self.name,
            "reaction": self.reaction,
            "text": text,
            "at": self.at,
        }
        if past:
            message["past"] = True
        return message


class ChatRoom:
    """The chat of one table: its last lines and each seat's pace."""

    def __init__(
        self,
        clock: Callable[[], float] = time.time,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.lines: deque[ChatLine] = deque(maxlen=HISTORY)
        self.limits: dict[int, ChatLimit] = {}
        self._clock = clock
        self._monotonic = monotonic
        self._number = 0

    def say(
        self, sender: Reader, name: str, message: Say, readers: Iterable[Reader]
    ) -> ChatLine | None:
        """Pass ``message`` from ``sender`` (called ``name``) on to every reader, or answer
        the sender an ``error``; the line said, or ``None``."""
        seat = sender.seat
        try:
            if seat is None:
                raise ChatRefusedError("spectator")
            reaction, text = check_say(message)
            if not self.limits.setdefault(seat, ChatLimit()).allow(self._monotonic()):
                raise ChatRefusedError("chat_too_fast")
        except ChatRefusedError as refusal:
            sender.push(refusal.payload(sender.lang, message.id))
            return None
        self._number += 1
        line = ChatLine(self._number, seat, name, reaction, text, round(self._clock(), 3))
        self.lines.append(line)
        for reader in readers:
            reader.push(line.payload(reader.lang))
        return line

    def welcome(self, reader: Reader) -> None:
        """Send a new connection the lines it may have missed."""
        for line in self.lines:
            reader.push(line.payload(reader.lang, past=True))
