"""A table at this keyboard, served as a server serves one (docs/protocol.md): the same match,
the same messages and the same answers, handed to a client in this process instead of over a
WebSocket, as boardgame.io runs a local master. A client written for the protocol plays a game
here or at a server with one code path.

Each seat at the keyboard connects with a function that receives the messages (Python dicts,
exactly the JSON a server would send) and sends its own (``hello``, ``act``, ``hint``,
``ping``). The computer players move when the client says so (:meth:`LocalTable.step`), so the
client sets their pace; after every move, ``on_move`` can save the game.

>>> from phase10 import find_variant
>>> from phase10.bots import make_bot
>>> from phase10.match import Match, Seat
>>> match = Match.start(find_variant("standard"), [Seat("Ann"), Seat("Bob", make_bot("easy"))], 4)
>>> table = LocalTable(match)
>>> inbox = []
>>> ann = table.connect(0, "en", inbox.append)
>>> ann.send({"type": "hello", "since": -1, "protocol": 2})
>>> [m["type"] for m in inbox], inbox[1]["table"]["turn"]
(['welcome', 'update'], 'It is your turn: draw a card.')
>>> ann.send({"type": "act", "id": "a1", "version": match.version, "text": "draw"})
>>> inbox[-1]
{'type': 'ack', 'id': 'a1', 'version': 1}
"""

from __future__ import annotations

import itertools
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Final

from phase10.bots import LEVELS
from phase10.match import Match
from phase10.table.answers import answer_act, answer_hint, refusal
from phase10.table.messages import error_payload, update_payload
from phase10.table.notices import render_notice

__all__ = [
    "LOCAL_TABLE",
    "SHARED_KINDS",
    "LocalSeat",
    "LocalTable",
    "in_everyones_words",
    "said_to_everyone",
    "told_by_their_turns",
]

#: The events everyone at a shared keyboard reads together (a hand's end, its results, the
#: game's end): worded for nobody's seat, never "you", and so is what follows them in the
#: same update (the next hand's deal, whose cards are nobody's to see yet).
SHARED_KINDS: Final = ("hand_ended", "game_over")


def said_to_everyone(match: Match, message: dict[str, Any], lang: str) -> None:
    """Reword an update that holds an event everyone at a shared keyboard reads together
    (:data:`SHARED_KINDS`) from that event on, as a spectator hears it: "Hand 2 ended. ...
    Maman moves up to phase 2", where the person who made the last move would read "You
    move up to phase 2". What comes before it stays theirs ("You discarded R7. You went
    out."): they made those moves, and were told the earlier ones as theirs.

    >>> from phase10 import find_variant
    >>> from phase10.match import Seat
    >>> match = Match.start(find_variant("standard"), [Seat("Ann"), Seat("Bob")], 4)
    >>> message = {"events": [{"seq": 1, "event": {"kind": "hand_ended"}, "text": ["You"]}]}
    >>> said_to_everyone(match, message, "en")
    >>> message["events"][0]["text"] == match.game.narrate(
    ...     [match.game.seen_by(match.log[0], None)], match.names, None, rules=match.rules
    ... )
    True
    """
    entries = message.get("events", [])
    shared = [str(entry["event"].get("kind", "")).endswith(SHARED_KINDS) for entry in entries]
    if any(shared):
        _reword(match, entries[shared.index(True) :], lang)


def in_everyones_words(match: Match, message: dict[str, Any], lang: str) -> dict[str, Any]:
    """A copy of ``message`` with every event worded for nobody's seat: what a screen that
    everyone at a shared keyboard reads quotes of it (the results of a hand, with the moves
    that ended it: "Maman discarded R7. Maman went out.")."""
    entries = [dict(entry) for entry in message.get("events", [])]
    _reword(match, entries, lang)
    return {**message, "events": entries}


def _reword(match: Match, entries: list[dict[str, Any]], lang: str) -> None:
    for entry in entries:
        event = match.game.seen_by(match.log[int(entry["seq"]) - 1], None)
        said = match.game.narrate([event], match.names, None, rules=match.rules, lang=lang)
        entry["text"] = list(said)


#: The version of the table protocol a local table speaks (the server's).
PROTOCOL: Final = 2
#: A local table's id and invite code in its lobby (no one joins it from elsewhere).
LOCAL_TABLE: Final = "local"
#: How many answered move ids a seat remembers, so a move sent twice is played once.
_REMEMBERED_IDS: Final = 64

Deliver = Callable[[dict[str, Any]], None]


class LocalSeat:
    """One connection to a local table: a seat at the keyboard (``seat`` ``None``: watching).

    :meth:`send` takes what a client would send a server; the answers and the updates go to
    ``deliver`` in the order a server sends them.
    """

    def __init__(self, table: LocalTable, seat: int | None, lang: str, deliver: Deliver) -> None:
        self.table = table
        self.seat = seat
        self.lang = lang
        self.deliver = deliver
        self.last_seq = -1
        self.welcomed = False
        self.answers: OrderedDict[str, dict[str, Any]] = OrderedDict()

    def send(self, message: dict[str, Any]) -> None:
        """Handle one client message as a server would: ``hello`` (the welcome, then an
        update with everything after ``since``), ``act``, ``hint`` or ``ping``."""
        kind = message.get("type")
        if kind == "hello":
            self._hello(message)
        elif not self.welcomed:
            self._refuse_unread("the first message is a hello")
        elif kind == "act":
            self._act(message)
        elif kind == "hint":
            self.deliver(
                answer_hint(self.table.match, self.seat, str(message.get("id", "")), self.lang)
            )
        elif kind == "ping":
            self.deliver({"type": "pong"})
        else:
            self._refuse_unread(f"no message of type {kind!r}")

    def _refuse_unread(self, detail: str) -> None:
        text = render_notice("web.bad_message", {"detail": detail}, self.lang)
        self.deliver(error_payload("bad_message", text))

    def _hello(self, message: dict[str, Any]) -> None:
        protocol = message.get("protocol", 1)
        if protocol != PROTOCOL:
            fields = {"client": protocol, "oldest": PROTOCOL, "newest": PROTOCOL}
            text = render_notice("web.protocol_version_only", fields, self.lang)
            self.deliver(error_payload("protocol_version", text))
            return
        since = message.get("since", -1)
        self.last_seq = since if isinstance(since, int) else -1
        self.welcomed = True
        self.deliver(
            {
                "type": "welcome",
                "seat": self.seat,
                "lobby": self.table.lobby(),
                "protocol": PROTOCOL,
            }
        )
        self.update()

    def _act(self, message: dict[str, Any]) -> None:
        action_id = message.get("id")
        version = message.get("version")
        action, text = message.get("action"), message.get("text")
        if (
            not isinstance(action_id, str)
            or not action_id
            or not isinstance(version, int)
            or (action is None) == (text is None)
        ):
            self._refuse_unread("an act carries an id, a version and one of action and text")
            return
        known = self.answers.get(action_id)
        if known is not None:
            self.deliver({**known, "duplicate": True})
            return
        if self.seat is None:
            self.deliver(refusal("spectator", "web.spectator", action_id, self.lang))
            return
        answer = self.table.play(self.seat, action_id, version, action, text, self.lang)
        if answer["type"] == "ack":
            self.answers[action_id] = answer
            while len(self.answers) > _REMEMBERED_IDS:
                self.answers.popitem(last=False)
        self.deliver(answer)

    def update(self) -> None:
        """Send what this seat missed since its last update, and its table now."""
        match = self.table.match
        self.deliver(update_payload(match, self.seat, self.last_seq, self.lang))
        self.last_seq = match.seq


class LocalTable:
    """A match served to the seats at this keyboard (any number: a hot seat) and watchers.

    ``on_move(match)`` runs after every move, a person's or a computer's (to save the game).
    """

    def __init__(self, match: Match, *, on_move: Callable[[Match], None] | None = None) -> None:
        self.match = match
        self.on_move = on_move
        self.connections: list[LocalSeat] = []

    def connect(self, seat: int | None, lang: str, deliver: Deliver) -> LocalSeat:
        """A connection for ``seat`` (``None``: a watcher); it is served once it says hello.

        ``ValueError`` for a seat that a computer plays or that the table does not have.
        """
        if seat is not None and (
            not 0 <= seat < len(self.match.seats) or self.match.seats[seat].bot is not None
        ):
            raise ValueError(f"seat {seat} is not a person's seat at this table")
        connection = LocalSeat(self, seat, lang, deliver)
        self.connections.append(connection)
        return connection

    def disconnect(self, connection: LocalSeat) -> None:
        """Stop sending to ``connection``."""
        if connection in self.connections:
            self.connections.remove(connection)

    def lobby(self) -> dict[str, Any]:
        """The table's lobby (``lobby.schema.json``): every seat taken, the game playing."""
        match = self.match
        seats = []
        for number, seat in enumerate(match.seats):
            level = None if seat.bot is None else getattr(seat.bot, "name", None)
            seats.append(
                {
                    "seat": number,
                    "kind": "person" if seat.bot is None else "bot",
                    "level": level if level in LEVELS else None,
                    "name": seat.name,
                    "taken": True,
                    # Every person is at this keyboard, whichever seat it speaks for now.
                    "connected": True,
                    "computer_playing": False,
                }
            )
        return {
            "table": LOCAL_TABLE,
            "code": LOCAL_TABLE.upper(),
            "game": match.game.name,
            "rules": match.rules.name,
            "status": "over" if match.is_over else "playing",
            "hold_seconds": 0,
            "turn_seconds": None,  # no turn timer at this keyboard
            "rematch": None,
            "series": None,  # a new game here is a new game, not a rematch
            "seats": seats,
            "spectators": sum(1 for c in self.connections if c.seat is None),
        }

    def play(
        self,
        seat: int,
        action_id: str,
        version: int,
        action: Any,
        text: str | None,
        lang: str,
    ) -> dict[str, Any]:
        """A person's move: the answer a server gives; once played, every connection's
        update (before the answer, as a server sends them)."""
        answer = answer_act(
            self.match, seat, action_id, version, action=action, text=text, lang=lang
        )
        if answer["type"] == "ack":
            self._moved()
        return answer

    @property
    def computer_to_act(self) -> bool:
        """Whether a computer player is to move now."""
        match = self.match
        return not match.is_over and match.seats[match.to_act].bot is not None

    def step(self) -> bool:
        """Let the computer player to act make one move (False when none is to act)."""
        if not self.computer_to_act:
            return False
        self.match.bot_step()
        self._moved()
        return True

    def _moved(self) -> None:
        if self.on_move is not None:
            self.on_move(self.match)
        for connection in list(self.connections):
            if connection.welcomed:
                connection.update()


def told_by_their_turns(match: Match) -> dict[int, int]:
    """What each person at the keyboard was surely told before the game was saved, by the
    log's entry numbers: their last whole turn, played at the keyboard, and everything before
    the turn after it. A person with no whole turn yet is left out (told from the start).

    >>> from phase10 import find_variant
    >>> from phase10.match import Seat
    >>> match = Match.start(find_variant("standard"), [Seat("Ann"), Seat("Bob")], 3)
    >>> told_by_their_turns(match)
    {}
    >>> match.play(match.to_act, match.legal[0], match.version) and None
    >>> match.play(match.to_act, match.legal[0], match.version) and None
    >>> told = told_by_their_turns(match)
    >>> list(told) == [1 - match.to_act], told[1 - match.to_act] == match.seq - 1
    (True, True)
    """
    game, people = match.game, set(match.human_seats)
    # The protocol's event kinds are the same in every game.
    turns = [
        (number, int(event["seat"]))
        for number, event in enumerate(map(game.event_to_json, match.log), start=1)
        if event["kind"] == "turn_started"
    ]
    told: dict[int, int] = {}
    for (_, seat), (after, _) in itertools.pairwise(turns):
        if seat in people:
            told[seat] = after - 1
    return told
