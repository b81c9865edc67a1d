"""The messages a client may send, validated before anything reads them (``docs/protocol.md``).

Every inbound message is checked for size, shape and types here; a message that fails gets a
one-line answer naming the field, and changes nothing. Names are plain text, 1 to 24
characters after trimming, at least one of them visible (``phase10.web.names``).

>>> read_client_message('{"type": "act", "id": "a1", "version": 3, "action": {"type": "draw"}}')
Act(type='act', id='a1', version=3, action={'type': 'draw'}, text=None)
>>> read_client_message('{"type": "act", "id": "", "version": -1}')
Traceback (most recent call last):
...
phase10.web.protocol.ProtocolError: id: String should have at least 1 character
>>> CreateTable(game="phase10", seats=[{"kind": "person"}, {"kind": "bot", "level": "easy"}],
...             name=" Ann ").name
'Ann'
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Final, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)

from phase10.bots import LEVELS
from phase10.web.names import clean_name

__all__ = [
    "MAX_MESSAGE_BYTES",
    "MAX_MY_TABLES",
    "OLDEST_PROTOCOL",
    "PROTOCOL_VERSION",
    "TURN_SECONDS",
    "Act",
    "CreateTable",
    "Hello",
    "Hint",
    "JoinTable",
    "MyTables",
    "Ping",
    "ProtocolError",
    "QuickMatch",
    "ReplaceSeat",
    "Say",
    "SeatClaim",
    "SeatSpec",
    "message_size",
    "read_client_message",
]

#: The largest WebSocket message a client may send; the largest legal action is far smaller.
MAX_MESSAGE_BYTES: Final = 16 * 1024
#: The table protocol's version (docs/protocol.md): 2 added the presentation (an update's
#: ``table``) and replaced what version 1 sent beside the view. A hello says which version the
#: client speaks (1 when it says none, as version 1's clients did); a version outside
#: ``OLDEST_PROTOCOL..PROTOCOL_VERSION`` is refused with a sentence that says so.
PROTOCOL_VERSION: Final = 2
OLDEST_PROTOCOL: Final = 2
Level = Literal["easy", "medium", "hard", "expert"]
#: The turn timers a table may have (``CreateTable.turn_seconds``): few, so that every client
#: can offer them as a short list and the lobby can name them.
TURN_SECONDS: Final = (30, 60, 120)
assert set(LEVELS) == {"easy", "medium", "hard", "expert"}


class ProtocolError(ValueError):
    """A message the server cannot read; the text names the field and the fault."""


def _clean_name(value: str) -> str:
    # The rules of a name (a visible character, few marks a character) are names.clean_name's.
    return clean_name(value)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ---------------------------------------------------------------------------- WebSocket


class Hello(_Strict):
    """The first message on a connection: the seat token (``null``: watch as a spectator),
    the last sequence number the client has seen (``-1``: none), the version of the
    protocol the client speaks (1 if it says none) and how the events' sentences name cards:
    by their notation (``codes``, ``R7``: a client whose player types them) or in words
    (``words``, ``red 7``: read aloud by a screen reader).

    >>> read_client_message('{"type": "hello", "cards": "words"}').cards
    'words'
    """

    type: Literal["hello"]
    token: Annotated[str, Field(min_length=1, max_length=200)] | None = None
    since: Annotated[int, Field(ge=-1, le=10**9, strict=True)] = -1
    protocol: Annotated[int, Field(ge=1, le=10**6, strict=True)] = 1
    cards: Literal["codes", "words"] = "codes"


class Act(_Strict):
    """A move: the client's id for it (a resent id is answered, never applied twice), the
    version the player saw, and the action: as the game's JSON, or as its notation in
    ``text`` (``discard R7``; protocol 2), for a client that knows no rules and sends what
    the player typed. Exactly one of the two.

    >>> read_client_message('{"type": "act", "id": "a", "version": 0, "text": "discard R7"}').text
    'discard R7'
    >>> read_client_message('{"type": "act", "id": "a", "version": 0}')
    Traceback (most recent call last):
    ...
    phase10.web.protocol.ProtocolError: an act carries exactly one of action and text
    """

    type: Literal["act"]
    id: Annotated[str, Field(min_length=1, max_length=64)]
    version: Annotated[int, Field(ge=0, le=10**9, strict=True)]
    action: dict[str, Any] | None = None
    text: Annotated[str, Field(min_length=1, max_length=2000)] | None = None

    @model_validator(mode="after")
    def _one_action(self) -> Act:
        if (self.action is None) == (self.text is None):
            raise ValueError("an act carries exactly one of action and text")
        return self


class Hint(_Strict):
    """Ask what the strongest quick computer player would do now."""

    type: Literal["hint"]
    id: Annotated[str, Field(min_length=1, max_length=64)]


class Ping(_Strict):
    type: Literal["ping"]


class Say(_Strict):
    """A chat line: a quick reaction by its key (``gg``), each reader reading it in their
    own language, or a short plain ``text``; exactly one of the two. It is no move: the game
    and its version do not change. What the text may hold, how fast a seat may chat and the
    reactions there are is the table's to check (``phase10.web.chat``), which answers with
    its own error codes; ``id`` comes back in such an error.

    >>> read_client_message('{"type": "say", "reaction": "gg"}').reaction
    'gg'
    >>> read_client_message('{"type": "say", "text": "hi", "reaction": "gg"}')
    Traceback (most recent call last):
    ...
    phase10.web.protocol.ProtocolError: a say carries exactly one of text and reaction
    """

    type: Literal["say"]
    id: Annotated[str, Field(min_length=1, max_length=64)] | None = None
    text: str | None = None
    reaction: Annotated[str, Field(min_length=1, max_length=32)] | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> Say:
        if (self.text is None) == (self.reaction is None):
            raise ValueError("a say carries exactly one of text and reaction")
        return self


ClientMessage = Annotated[Hello | Act | Hint | Ping | Say, Field(discriminator="type")]
_CLIENT: Final[TypeAdapter[Hello | Act | Hint | Ping | Say]] = TypeAdapter(ClientMessage)


def _describe(exc: ValidationError) -> str:
    first = exc.errors()[0]
    kinds = ("hello", "act", "hint", "say")
    where = ".".join(str(part) for part in first["loc"] if part not in kinds)
    # A check of ours reads as its own sentence, without pydantic's "Value error, ".
    message = str(first["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}" if where else message


def message_size(text: str | bytes) -> int:
    """The size of a message in bytes as it travelled (UTF-8), which is what the limit counts.

    >>> message_size("héllo"), message_size(b"abc")
    (6, 3)
    """
    if isinstance(text, bytes):
        return len(text)
    return len(text.encode("utf-8", "surrogatepass"))


def read_client_message(text: str | bytes) -> Hello | Act | Hint | Ping | Say:
    """One message from a client, or ``ProtocolError`` saying what is wrong."""
    if message_size(text) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"a message has at most {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("a message is one JSON object") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message is one JSON object")
    try:
        return _CLIENT.validate_python(data)
    except ValidationError as exc:
        raise ProtocolError(_describe(exc)) from None


# ---------------------------------------------------------------------------- HTTP bodies


class SeatSpec(_Strict):
    """One seat of a new table: a person, or a computer player at ``level``."""

    kind: Literal["person", "bot"]
    level: Level | None = None


class CreateTable(_Strict):
    """A new table: the game, its rule profile and variants, the seats (the creator takes the
    first person seat) and the creator's name."""

    game: Annotated[str, Field(min_length=1, max_length=40)] = "phase10"
    profile: Annotated[str, Field(min_length=1, max_length=40)] | None = None
    variants: Annotated[
        list[Annotated[str, Field(min_length=1, max_length=40)]], Field(max_length=20)
    ] = []
    seats: Annotated[list[SeatSpec], Field(min_length=2, max_length=6)]
    name: str
    hold_seconds: Annotated[int, Field(ge=0, le=3600, strict=True)] | None = None
    #: Listed in the lobby's open tables, for anyone to join (decision 0014).
    public: Annotated[bool, Field(strict=True)] = False
    #: Seconds each person has for a whole turn (``null``: no timer): 30, 60 or 120.
    turn_seconds: (
        Annotated[int, Field(strict=True, json_schema_extra={"enum": list(TURN_SECONDS)})] | None
    ) = None

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return _clean_name(value)

    @field_validator("turn_seconds")
    @classmethod
    def _turn_seconds(cls, value: int | None) -> int | None:
        if value is not None and value not in TURN_SECONDS:
            allowed = ", ".join(map(str, TURN_SECONDS))
            raise ValueError(f"a turn timer is one of {allowed} seconds, or null for none")
        return value


class QuickMatch(_Strict):
    """Play now: a seat at an open public table of ``game`` waiting for people, or a new
    public table there with computers in the seats nobody takes in time (decision 0014)."""

    game: Annotated[str, Field(min_length=1, max_length=40)] = "phase10"
    name: str

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return _clean_name(value)


class JoinTable(_Strict):
    """Sit at a table: a name, and a seat (``null``: the first free person seat)."""

    name: str
    seat: Annotated[int, Field(ge=0, le=5, strict=True)] | None = None

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return _clean_name(value)


class ReplaceSeat(_Strict):
    """The owner puts a computer player at ``level`` in an absent person's seat."""

    level: Level = "hard"


#: How many seats one ``POST /api/tables/mine`` may ask about.
MAX_MY_TABLES: Final = 100


class SeatClaim(_Strict):
    """A seat its client holds: the table and the seat's token, which proves it."""

    table: Annotated[str, Field(min_length=1, max_length=32)]
    token: Annotated[str, Field(min_length=1, max_length=200)]


class MyTables(_Strict):
    """The seats a client holds (a browser's saved tokens), to list their tables."""

    seats: Annotated[list[SeatClaim], Field(max_length=MAX_MY_TABLES)]
