"""One table on the server: its seats, its match, its connections and its computer players.

Everything that changes a table runs under the table's lock, in this order: check the move
(seat, version, rules), apply it, commit it to the database, and only then tell the
clients. A move the database refused is undone (the match is rebuilt from what is stored), so
what a client hears of is always what a restarted server would replay.

Computer players, and the computer that holds an absent person's seat, think in worker
processes (:class:`~phase10.web.thinking.Thinker`) with no lock held; their move is applied
only if the game is still at the version they saw.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Protocol

from phase10.bots import make_bot
from phase10.kernel.i18n import N_, translator
from phase10.match import Match, Seat
from phase10.seat_names import computer_names
from phase10.table.answers import answer_act, answer_hint, refusal
from phase10.table.messages import update_payload
from phase10.table.notices import render_notice
from phase10.web import tokens
from phase10.web.catalogue import rules_words
from phase10.web.catchup import catch_up_from
from phase10.web.chat import ChatRoom
from phase10.web.db import Database, DatabaseError, SeatRow, SeriesGame, TableRow
from phase10.web.names import BadNameError, taken_by
from phase10.web.protocol import PROTOCOL_VERSION, Act, Hint, Say
from phase10.web.series import record_winner, series_payload
from phase10.web.thinking import Thinker
from phase10.web.turn_clock import TurnClock
from phase10.web.upkeep import Upkeep

__all__ = ["Client", "LiveTable", "TableError", "TableKeeper"]

log = logging.getLogger("phase10.web")

#: How many action ids each seat's answers are remembered for (a client resends only its
#: last few after a reconnect).
_REMEMBERED_IDS: Final = 512
#: Messages waiting for one slow client before it is cut off (it reconnects and catches up
#: from its last sequence number, so nothing is lost).
_OUTBOX: Final = 256
#: Seconds the lobby sent when connections come and go waits for more of them: a crowd
#: arriving at once gets one lobby each, not one per arrival (decision 0016).
LOBBY_COALESCE: Final = 0.25


class TableError(Exception):
    """A request the table refuses: ``status`` is the HTTP status, ``text`` the refusal in
    English; ``in_language``, where given, says it in a language of ours (the API answers in
    the reader's). :meth:`said` makes one from a catalog message.

    >>> TableError.said(409, "seat {number} is not free", number=3).text_in("fr")
    "la place 3 n'est pas libre"
    """

    def __init__(
        self, status: int, text: str, *, in_language: Callable[[str], str] | None = None
    ) -> None:
        super().__init__(text)
        self.status = status
        self.text = text
        self.in_language = in_language

    def text_in(self, lang: str) -> str:
        """The refusal in ``lang`` where it can be said in it, else in English."""
        return self.in_language(lang) if self.in_language is not None else self.text

    @classmethod
    def said(cls, status: int, message: str, *, where: str = "", **fields: object) -> TableError:
        """A refusal whose ``message`` is a catalog message (marked ``N_``), its
        ``{fields}`` filled in after translation, so a player reads it in the page's
        language, as the browser shows it ("The server refused: ..."). ``where`` names
        the request's field at fault, as a refused request's field is named: ``seats: ...``.
        """
        prefix = f"{where}: " if where else ""

        def in_language(lang: str) -> str:
            return prefix + translator(lang).gettext(message).format(**fields)

        return cls(status, prefix + message.format(**fields), in_language=in_language)


@dataclass(eq=False)
class Client:
    """One connection: its seat (``None``: a spectator), its language, the last sequence
    number it was sent, and its outbox, emptied by the connection's writer."""

    lang: str
    seat: int | None = None
    #: The protocol version the client's hello named (docs/protocol.md).
    protocol: int = PROTOCOL_VERSION
    #: Whether its events' sentences name cards in words (the hello's ``cards``).
    words: bool = False
    last_seq: int = -1
    outbox: asyncio.Queue[dict[str, Any] | None] = field(
        default_factory=lambda: asyncio.Queue(_OUTBOX)
    )
    closed: bool = False
    #: The WebSocket close code and reason the writer ends the connection with.
    close_code: int = 1000
    close_reason: str = ""
    #: The client closed saying it leaves (``LEAVE_REASON``): the others are told the
    #: person left, not that their connection was lost.
    leaving: bool = False

    def push(self, message: dict[str, Any]) -> None:
        """Queue ``message``; a client too slow to keep up is closed (it will catch up)."""
        if self.closed:
            return
        try:
            self.outbox.put_nowait(message)
        except asyncio.QueueFull:
            self.close()

    def close(self, code: int = 1000, reason: str = "", *, flush: bool = False) -> None:
        """End the connection with ``code`` and ``reason``: at once, or with ``flush`` once
        what is queued has been sent (the errors that explain the close come first)."""
        if not self.closed:
            self.closed = True
            self.close_code, self.close_reason = code, reason
            while self.outbox.full() or not flush:  # make room for the closing mark
                try:
                    self.outbox.get_nowait()
                except asyncio.QueueEmpty:
                    break
            self.outbox.put_nowait(None)


@dataclass
class _SeatState:
    row: SeatRow
    clients: set[Client] = field(default_factory=set)
    away: asyncio.TimerHandle | None = None
    taken_over: bool = False
    answers: OrderedDict[str, dict[str, Any]] = field(default_factory=OrderedDict)
    #: The log entry at which its person took the seat during the game (decision 0028):
    #: what came before was another's play, never told them as theirs.
    joined_at: int | None = None
    #: Taken during the game and not yet connected: its person arrives, not comes back.
    arriving: bool = False
    #: Held since the game started without its person (``LiveTable.hold_absent``): their
    #: first connection is an arrival, not a return, unless a computer played for them.
    held_from_start: bool = False
    #: A computer made a move for this person since they last acted or connected: what
    #: they missed says "you" for moves that were not theirs, so they are told so first.
    played_for: bool = False
    #: The sequence number of the first event of those moves: the page puts the notice there.
    played_from: int = 0


class TableKeeper(Protocol):
    """What a table asks of the hub that keeps it (:class:`phase10.web.hub.Hub` is one).

    It is said here, beside the table, so that the table never imports the hub that imports
    it; mypy checks that the hub fits when it makes a table.
    """

    db: Database
    thinker: Thinker
    #: What a table's turn timer multiplies its waits by (1 but in tests).
    turn_clock_scale: float
    #: When an unattended table pauses and an idle one leaves memory.
    upkeep: Upkeep

    async def pace(self) -> None:
        """Wait between two computer players' moves, so people can follow."""
        ...

    def new_match(self, row: TableRow, seat_rows: Sequence[SeatRow]) -> Match:
        """A fresh match for the table ``row`` with these seats."""
        ...

    def reload_match(self, table_id: str) -> Match | None:
        """The match as the database has it (after a failed store)."""
        ...

    def forget(self, table: LiveTable) -> None:
        """Drop ``table`` from memory if it is over and nobody watches it."""
        ...


class LiveTable:
    """A table held in memory; the hub creates it from the database or for a new table."""

    def __init__(
        self,
        hub: TableKeeper,
        row: TableRow,
        seat_rows: list[SeatRow],
        match: Match | None,
        *,
        turn_seconds: int | None = None,
    ) -> None:
        self.hub = hub
        self.row = row
        self.seats = [_SeatState(s) for s in seat_rows]
        self.match = match
        self.spectators: set[Client] = set()
        self.lock = asyncio.Lock()
        self.chat = ChatRoom()
        #: The games of the table's series up to this one (empty: no series), set by the hub.
        self.series: list[SeriesGame] = []
        #: When a quick-match table starts by itself (``time.time()``; ``None``: the owner
        #: starts it), set by ``phase10.web.public``.
        self.starts_at: float | None = None
        self._driver: asyncio.Task[None] | None = None
        #: ``time.monotonic()`` since when no person, and no connection at all, is at the
        #: table (``None``: someone is); when someone last asked for it (``phase10.web.upkeep``).
        self.alone_since: float | None = time.monotonic()
        self.empty_since: float | None = self.alone_since
        self.touched = self.alone_since
        #: Left memory (``Hub.evict``): this object plays no more; the hub loads a new one.
        self.evicted = False
        self._lobby_soon: asyncio.TimerHandle | None = None
        self._told_paused = False
        #: A move could not be stored, and none has been since: the log says it once per
        #: outage, not once per try (a computer tries again every second or so).
        self._store_failing = False
        self.turn_seconds = turn_seconds
        self.clock = (
            None
            if turn_seconds is None
            else TurnClock(turn_seconds, self._time_out, scale=hub.turn_clock_scale)
        )

    # ------------------------------------------------------------------------ reading

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def status(self) -> str:
        return self.row.status

    def controller(self, seat: int) -> str | None:
        """The level of the computer playing ``seat`` now (``None``: its person plays)."""
        state = self.seats[seat]
        if state.row.kind == "bot":
            return state.row.level or "hard"
        if self.open_in_play(seat):
            return state.row.level or self.row.takeover_level
        covered = self.clock is not None and self.clock.covers(seat)
        return self.row.takeover_level if state.taken_over or covered else None

    def open_in_play(self, seat: int) -> bool:
        """Whether ``seat`` is a person seat nobody holds in a game under way (the owner
        opened a computer's seat, decision 0028): its computer plays it until someone takes it."""
        row = self.seats[seat].row
        return row.kind == "person" and row.token_hash is None and self.row.status == "playing"

    def lobby(self, lang: str = "en") -> dict[str, Any]:
        """Who sits where, for everyone (no token, no hidden card); the rules also in words,
        in ``lang``."""
        return {
            "table": self.row.id,
            "code": self.row.code,
            "game": self.row.game,
            "rules": self.row.rules,
            "rules_text": rules_words(self.row.game, self.row.rules, lang),
            "status": self.row.status,
            "hold_seconds": self.row.hold_seconds,
            "turn_seconds": self.turn_seconds,
            "rematch": self.row.rematch,
            "seats": [
                {
                    "seat": i,
                    "kind": s.row.kind,
                    "level": s.row.level,
                    "name": s.row.name,
                    "taken": s.row.kind == "bot" or s.row.token_hash is not None,
                    "connected": bool(s.clients),
                    "computer_playing": s.row.kind == "person"
                    and (s.taken_over or self.open_in_play(i)),
                }
                for i, s in enumerate(self.seats)
            ],
            "spectators": len(self.spectators),
            "series": series_payload(self.series, [s.row.name for s in self.seats]),
        }

    def seat_for_token(self, token: str) -> int | None:
        """The seat ``token`` holds here, if any."""
        for number, state in enumerate(self.seats):
            if tokens.matches(token, state.row.token_hash):
                return number
        return None

    def has_clients(self) -> bool:
        return bool(self.spectators) or any(s.clients for s in self.seats)

    def driving(self) -> bool:
        """Whether a computer player is thinking or about to move here."""
        return self._driver is not None and not self._driver.done()

    def _note_presence(self) -> None:
        now = time.monotonic()
        people = any(s.clients for s in self.seats if s.row.kind == "person")
        self.alone_since = None if people else (self.alone_since or now)
        self.empty_since = None if self.has_clients() else (self.empty_since or now)

    def _clients(self) -> list[Client]:
        return [c for s in self.seats for c in s.clients] + list(self.spectators)

    # ------------------------------------------------------------------------ lobby

    async def join(self, name: str, seat: int | None) -> tuple[int, str]:
        """Take a free person seat: returns the seat and its token (shown only this once).

        In a game under way only a seat the owner opened is free (decision 0028): whoever
        takes it plays on with its cards and score, under their own name.
        """
        async with self.lock:
            if self.row.status == "over":
                raise TableError.said(409, N_("the game is over; watch its replay"))
            free = [
                i
                for i, s in enumerate(self.seats)
                if s.row.kind == "person" and s.row.token_hash is None
            ]
            playing = self.row.status == "playing"
            if playing and not free:
                raise TableError.said(
                    409,
                    N_(
                        "the game has started and no seat is open (someone may have just "
                        "taken it); watch it as a spectator"
                    ),
                )
            # A look-alike of a seated name ("Аlice" in Cyrillic) is refused as the name
            # itself; the name an open seat had in the game is free for whoever takes it.
            chosen = seat if seat is not None else (free[0] if free else None)
            others = (s.row.name for i, s in enumerate(self.seats) if i != chosen)
            seated = taken_by(name, others)
            if seated is not None:
                refused = BadNameError("name.taken", name=seated)
                raise TableError(409, str(refused), in_language=refused.text)
            if seat is None:
                if not free:
                    raise TableError.said(409, N_("every seat for a person is taken"))
                seat = free[0]
            elif seat not in free:
                raise TableError.said(409, N_("seat {number} is not free"), number=seat + 1)
            token = tokens.new_token()
            row = SeatRow(seat, "person", None, name, tokens.digest(token))
            self._store_seat(seat, row)
            if not playing:
                self._notice("web.joined", name=name)
                self._send_lobby()
                return seat, token
            assert self.match is not None
            self.match.rename(seat, name)
            self.match.seats = tuple(
                Seat(name) if i == seat else each for i, each in enumerate(self.match.seats)
            )
            # Held like a person who dropped: one who never connects is played for after
            # the hold, as anyone who left.
            state = self.seats[seat]
            state.taken_over = False
            state.joined_at = self.match.seq
            state.arriving = True
            state.away = asyncio.get_running_loop().call_later(
                self.row.hold_seconds, self._take_over, seat
            )
            self._notice("web.took_seat", name=name, seat=seat + 1)
            self._send_lobby()
            self._send_updates()
            return seat, token

    def _store_seat(self, seat: int, row: SeatRow) -> None:
        try:
            self.hub.db.update_seat(self.row.id, row)
        except DatabaseError as exc:
            log.error("table %s: %s", self.row.id, exc)
            raise TableError.said(503, N_("the server could not store that; try again")) from None
        self.seats[seat].row = row

    async def start(self, owner_token: str) -> None:
        """The owner starts the game once every person seat is taken."""
        async with self.lock:
            self._check_owner(owner_token)
            if self.row.status != "waiting":
                raise TableError.said(409, N_("the game has started already"))
            empty = [
                i + 1
                for i, s in enumerate(self.seats)
                if s.row.kind == "person" and s.row.token_hash is None
            ]
            if empty:
                listed = ", ".join(map(str, empty))
                raise TableError.said(
                    409,
                    N_("seat {seats} is waiting for a player: invite someone or seat a computer"),
                    seats=listed,
                )
            self._begin()
        self.kick()

    async def start_with_computers(self, level: str) -> None:
        """A quick-match table starts by itself (decision 0014): each person seat nobody
        took goes to a computer at ``level``, then the game starts as the owner's start
        would have started it. Nothing happens once it has started."""
        async with self.lock:
            if self.row.status != "waiting":
                return
            for number, state in enumerate(self.seats):
                if state.row.kind == "person" and state.row.token_hash is None:
                    self._store_seat(number, SeatRow(number, "bot", level, None, None))
            self._begin()
        self.kick()

    def _begin(self) -> None:
        """Deal the game, every seat taken (the caller holds the lock, then kicks)."""
        self._name_computers()
        match = self.hub.new_match(self.row, [s.row for s in self.seats])
        try:
            self._set_status("playing")  # stored first: no game in memory it lacks
        except DatabaseError as exc:
            log.error("table %s: %s", self.row.id, exc)
            raise TableError.said(503, N_("the server could not store that; try again")) from None
        self.match = match
        # A person not connected as the game starts is away as much as one who drops
        # later: without the hold nothing would ever play their turn.
        self.hold_absent(from_start=True)
        players = [
            {"name": s.row.name, "level": s.row.level if s.row.kind == "bot" else None}
            for s in self.seats
        ]
        self._notice("web.started", players=players)
        self._send_lobby()
        self._send_updates()

    def _name_computers(self) -> None:
        # A computer never shares a person's name, nor the first word of one ("Ann B.").
        people = {s.row.name for s in self.seats if s.row.name}
        people |= {name.split()[0] for name in people if name.split()}
        names = iter(n for n in computer_names(people) if taken_by(n, people) is None)
        for number, state in enumerate(self.seats):
            if state.row.kind == "bot" and not state.row.name:
                self._store_seat(number, replace(state.row, name=next(names)))

    async def replace_with_computer(self, owner_token: str, seat: int, level: str) -> None:
        """The owner gives an absent person's seat (or one nobody took) to a computer."""
        async with self.lock:
            self._check_owner(owner_token)
            if not 0 <= seat < len(self.seats):
                raise TableError.said(404, N_("there is no seat {number}"), number=seat + 1)
            state = self.seats[seat]
            if state.row.kind != "person":
                raise TableError.said(
                    409, N_("seat {number} is a computer player already"), number=seat + 1
                )
            if state.clients:
                raise TableError.said(
                    409,
                    N_("{name} is connected: only an absent player is replaced"),
                    name=state.row.name,
                )
            if seat == 0:
                raise TableError.said(409, N_("the table's owner keeps their seat"))
            name = state.row.name
            row = SeatRow(seat, "bot", level, name, None)
            self._store_seat(seat, row)
            state.taken_over = False
            if state.away is not None:
                state.away.cancel()
                state.away = None
            if self.match is not None:
                bot_seats = list(self.match.seats)
                bot_seats[seat] = Seat(self.match.names[seat], make_bot(level, self.match.game))
                self.match.seats = tuple(bot_seats)
            if name:
                self._notice("web.replaced", name=name, level=level)
            self._send_lobby()
        self.kick()

    async def open_to_person(self, owner_token: str, seat: int) -> None:
        """The owner opens a computer's seat to a person (decision 0028): before the start
        it is free again; in a game under way its computer plays it until someone takes it."""
        async with self.lock:
            self._check_owner(owner_token)
            if not 0 <= seat < len(self.seats):
                raise TableError.said(404, N_("there is no seat {number}"), number=seat + 1)
            state = self.seats[seat]
            if seat == 0:
                raise TableError.said(409, N_("the table's owner keeps their seat"))
            if state.row.kind != "bot":
                raise TableError.said(
                    409, N_("seat {number} is a person's seat already"), number=seat + 1
                )
            if self.row.status == "over":
                raise TableError.said(
                    409,
                    N_("the game is over: open the seat at the rematch's table, before it starts"),
                )
            if self.row.status == "waiting":
                self._store_seat(seat, SeatRow(seat, "person", None, None, None))
                self._notice("web.opened_waiting", seat=seat + 1)
                self._send_lobby()
                return
            level = state.row.level or "hard"
            self._store_seat(seat, SeatRow(seat, "person", level, state.row.name, None))
            state.taken_over = False
            name = state.row.name or f"#{seat + 1}"
            self._notice("web.opened", name=name, seat=seat + 1)
            self._send_lobby()
        self.kick()

    def _check_owner(self, token: str) -> None:
        if self.seat_for_token(token) != 0:
            raise TableError.said(403, N_("only the table's owner (who created it) may do that"))

    def _set_status(self, status: str, *, rematch: str | None = None) -> None:
        finished = time.time() if status == "over" else None
        self.hub.db.set_status(self.row.id, status, finished=finished, rematch=rematch)
        self.row = replace(
            self.row,
            status=status,
            finished=finished or self.row.finished,
            rematch=rematch or self.row.rematch,
        )

    def set_rematch(self, table_id: str) -> None:
        self._set_status(self.row.status, rematch=table_id)
        self._send_lobby()

    # ------------------------------------------------------------------------ connections

    def attach(self, client: Client, token: str | None, since: int) -> None:
        """Seat a new connection (``token`` ``None``: a spectator); sends what it missed.

        ``TableError`` for a token that holds no seat here.
        """
        seat = None if token is None else self.seat_for_token(token)
        if token is not None and seat is None:
            raise TableError.said(403, N_("that seat token is not valid at this table"))
        client.seat = seat
        back = arriving = played_for = False
        played_from = 0
        joined: int | None = None
        if seat is None:
            self.spectators.add(client)
        else:
            state = self.seats[seat]
            arriving, joined = state.arriving, state.joined_at
            held = state.away is not None and not state.held_from_start
            back = (state.taken_over or held) and not arriving
            state.arriving = state.held_from_start = False
            played_for, state.played_for = state.played_for, False
            played_from = state.played_from
            state.clients.add(client)
            if state.away is not None:
                state.away.cancel()
                state.away = None
            state.taken_over = False
        # The welcome comes first on every connection, then what it missed, then the news.
        client.push(
            {
                "type": "welcome",
                "seat": seat,
                "lobby": self.lobby(client.lang),
                "protocol": PROTOCOL_VERSION,
            }
        )
        # The chat it may have missed before the game's news: a terminal prints in order,
        # and the turn's prompt must come last, not above old chat lines.
        self.chat.welcome(client)
        if arriving and seat is not None:
            self._tell(client, "web.you_took_seat", {"seat": seat + 1})
        if played_for and self.match is not None and since < self.match.seq:
            self._tell(client, "web.played_for_you", {"seq": played_from})
        if self.match is not None:
            # A seat taken during the game hears the game from then on, as its own.
            start = since if joined is None else max(since, joined)
            client.last_seq, _ = catch_up_from(start, self.match.seq)
            omitted = max(0, client.last_seq - max(since, 0)) if client.last_seq > since else 0
            self._send_update(client, omitted=omitted)
        if self.starts_at is not None and self.row.status == "waiting":
            seconds = max(1, round(self.starts_at - time.time()))
            self._tell(client, "web.quick_wait", {"seconds": seconds})
        if seat is not None and back and self.seats[seat].row.name:
            # Not to the returning person: their own page knows they are back.
            self._notice("web.back", name=self.seats[seat].row.name, skip_seat=seat)
        self._note_presence()
        self._send_lobby_soon()
        if seat is not None and self.row.status == "playing":
            if self._told_paused and not back and self.seats[seat].row.name:
                # Those told the game waits hear why it goes on ("back" says it for one
                # who was away; this one arrives for the first time).
                self._notice("web.going_on", name=self.seats[seat].row.name, skip_seat=seat)
            self._told_paused = False
            self.kick()  # a paused game goes on (phase10.web.upkeep)

    def detach(self, client: Client) -> None:
        """A connection closed; a person's seat is held, then played by a computer."""
        client.close()
        if client.seat is None:
            self.spectators.discard(client)
            self._note_presence()
            self._send_lobby_soon()
            self.hub.forget(self)
            return
        state = self.seats[client.seat]
        state.clients.discard(client)
        self._note_presence()
        if state.clients or state.row.kind != "person":
            self._send_lobby_soon()
            self.hub.forget(self)
            return
        if self.row.status == "playing":
            hold = self.row.hold_seconds
            if state.row.name:
                key = "web.left_table" if client.leaving else "web.left"
                self._notice(key, name=state.row.name, seconds=hold)
            loop = asyncio.get_running_loop()
            state.away = loop.call_later(hold, self._take_over, client.seat)
        self._send_lobby_soon()
        self.hub.forget(self)

    def hold_absent(self, *, from_start: bool = False) -> None:
        """Hold every absent person's seat as if just dropped (a game that starts,
        ``from_start``, or one in play loaded from the database): after ``hold_seconds`` a
        computer plays it until its person is back."""
        loop = asyncio.get_running_loop()
        for number, state in enumerate(self.seats):
            if state.row.kind == "person" and not state.clients and state.away is None:
                state.away = loop.call_later(self.row.hold_seconds, self._take_over, number)
                state.held_from_start = from_start

    def _take_over(self, seat: int) -> None:
        state = self.seats[seat]
        state.away = None
        if state.clients or self.row.status != "playing":
            return
        state.taken_over = True
        if state.row.name:
            self._notice("web.taken_over", name=state.row.name)
        self._send_lobby()
        self.kick()

    # ------------------------------------------------------------------------ turn timer

    def _follow_clock(self) -> None:
        """Run the turn timer for the person to act, if a person plays that seat now."""
        if self.clock is None:
            return
        match = self.match
        if match is None or match.is_over or self.row.status != "playing":
            self.clock.follow(None, person=False)
            return
        seat = match.to_act
        self.clock.follow(seat, person=self.controller(seat) is None)

    def _turn_clock(self) -> dict[str, Any] | None:
        """The turn timer as clients are sent it (``None``: no timer, or nobody's time runs),
        once it follows the game: the clock never tells of a turn that has ended."""
        if self.clock is None:
            return None
        self._follow_clock()
        return self.clock.payload()

    def _time_out(self, seat: int) -> None:
        """The turn timer ran out: a computer plays the turn, or from the second time in a
        row holds the seat until its person is back (``phase10.web.turn_clock``)."""
        match = self.match
        if self.clock is None or match is None or match.is_over or self.row.status != "playing":
            return
        if match.to_act != seat or self.controller(seat) is not None:
            return
        state = self.seats[seat]
        name = state.row.name or f"#{seat + 1}"
        if self.clock.expire(seat) == "take_over":
            state.taken_over = True
            if state.away is not None:  # dropped as well: taken over now, not told twice
                state.away.cancel()
                state.away = None
            key = "web.timed_out_taken_over"
        else:
            key = "web.timed_out"
        # The others read who lost the turn; its person reads it as theirs, and how to
        # have the seat back.
        self._notice(key, name=name, skip_seat=seat)
        for client in state.clients:
            self._tell(client, f"{key}_you", {})
        self._send_lobby()
        self.kick()

    def _present(self, seat: int) -> None:
        """The person of ``seat`` sent a move or a request (not a ping, which pages send on
        their own): a computer that held their seat or finished their turn stops."""
        state = self.seats[seat]
        state.played_for = False  # here and playing: what the computer did is behind them
        if self.clock is None or state.row.kind != "person":
            return
        covered = self.clock.covers(seat)
        self.clock.back(seat)
        if state.taken_over:
            state.taken_over = False
            if state.row.name:  # not to them: their own screen knows they are back
                self._notice("web.back", name=state.row.name, skip_seat=seat)
        elif not covered:
            return
        self._send_lobby()

    # ------------------------------------------------------------------------ sending

    def _send_update(self, client: Client, *, omitted: int = 0) -> None:
        if self.match is None:
            return
        payload = update_payload(
            self.match, client.seat, client.last_seq, client.lang, words=client.words
        )
        if omitted:  # a long catch-up, cut to its last events (phase10.web.catchup)
            payload["omitted"] = omitted
        client.push({**payload, "turn_clock": self._turn_clock()})
        client.last_seq = self.match.seq

    def _send_updates(self) -> None:
        for client in self._clients():
            self._send_update(client)
        self._follow_clock()  # with nobody connected, the clock still follows the game

    def _send_lobby(self) -> None:
        if self._lobby_soon is not None:  # this one is newer
            self._lobby_soon.cancel()
            self._lobby_soon = None
        message = {"type": "lobby", "turn_clock": self._turn_clock()}
        # The rules in words are in each connection's own language: built once per language.
        lobbies: dict[str, dict[str, Any]] = {}
        for client in self._clients():
            lobby = lobbies.get(client.lang)
            if lobby is None:
                lobby = lobbies[client.lang] = self.lobby(client.lang)
            client.push({**message, "lobby": lobby})

    def _send_lobby_soon(self) -> None:
        """The lobby after a connection came or went, sent once for all that come or go
        within ``LOBBY_COALESCE`` seconds."""
        if self._lobby_soon is None:
            loop = asyncio.get_running_loop()
            self._lobby_soon = loop.call_later(LOBBY_COALESCE, self._send_lobby)

    def _tell(self, client: Client, key: str, params: dict[str, Any]) -> None:
        """One notice to one connection, in its language."""
        text = render_notice(key, params, client.lang)
        client.push({"type": "notice", "key": key, "params": params, "text": text})

    def _notice(self, key: str, *, skip_seat: int | None = None, **params: Any) -> None:
        for client in self._clients():
            if skip_seat is not None and client.seat == skip_seat:
                continue
            client.push(
                {
                    "type": "notice",
                    "key": key,
                    "params": params,
                    "text": render_notice(key, params, client.lang),
                }
            )

    # ------------------------------------------------------------------------ playing

    async def act(self, client: Client, message: Act) -> None:
        """A person's move: answered with ``ack`` or ``error``, applied at most once."""
        seat = client.seat
        if seat is None:
            client.push(self._error(client, "spectator", "web.spectator", message.id))
            return
        async with self.lock:
            state = self.seats[seat]
            known = state.answers.get(message.id)
            if known is not None:
                client.push({**known, "duplicate": True})
                return
            self._present(seat)
            answer = self._try(client, seat, message)
            if answer["type"] == "ack":
                if self.clock is not None:
                    self.clock.moved(seat)
                state.answers[message.id] = answer
                while len(state.answers) > _REMEMBERED_IDS:
                    state.answers.popitem(last=False)
            client.push(answer)
        self.kick()

    def _try(self, client: Client, seat: int, message: Act) -> dict[str, Any]:
        match = self.match
        if match is None:
            return self._error(client, "not_started", "web.not_started", message.id)
        if match.is_over:
            return self._error(client, "game_over", "web.game_over", message.id)
        if self.controller(seat) is not None:
            return self._error(client, "not_your_turn", "web.not_your_turn", message.id)
        try:
            return answer_act(
                match,
                seat,
                message.id,
                message.version,
                action=message.action,
                text=message.text,
                lang=client.lang,
                commit=self._commit,
            )
        except DatabaseError:
            return self._error(client, "server", "web.server_error", message.id)

    def _commit(self, seat: int, action: Any, action_id: str | None, version: int) -> None:
        """Apply, store, then broadcast; a store that fails undoes the move."""
        match = self.match
        assert match is not None
        match.play(seat, action, version)
        number = match.version
        payload = json.dumps(match.game.action_to_json(action), separators=(",", ":"))
        try:
            self.hub.db.append_move(self.row.id, number, seat, payload, action_id)
        except DatabaseError as exc:
            first = not self._store_failing
            self._store_failing = True
            if first:
                log.error(
                    "table %s: %s; the move is undone (and any more until storing works "
                    "again, not logged)",
                    self.row.id,
                    exc,
                )
            self.match = self._undone(match, quiet=not first)
            raise
        if self._store_failing:
            self._store_failing = False
            log.warning("table %s: moves are stored again (move %d)", self.row.id, number)
        if match.is_over:
            try:
                self._set_status("over")
            except DatabaseError as exc:  # the move is stored: a restart finds the game over
                log.error("table %s: %s", self.row.id, exc)
                self.row = replace(self.row, status="over", finished=time.time())
            try:  # before the lobby below: it tells the series with this game's win
                self.series = record_winner(self.hub.db, self.row.id, match)
            except DatabaseError as exc:  # a restart stores it (Hub.get)
                log.error("table %s: %s", self.row.id, exc)
            self._send_lobby()
        self._send_updates()
        if match.is_over:
            # After the update: the game's last sentences (the going out, the winner) come
            # first, in order, then the news that it is over.
            self._notice("web.over")

    def _undone(self, match: Match, *, quiet: bool = False) -> Match | None:
        """``match`` without its last move, which the database refused: as the database has
        it, or, when the database is not the one this server opened (``dbwatch``) or cannot
        be read, replayed from the match's earlier moves, every one of which is stored.
        ``quiet``: the outage is logged already."""
        if self.hub.db.watch.last is None:
            try:
                return self.hub.reload_match(self.row.id)
            except DatabaseError as exc:
                if not quiet:
                    log.error("table %s: %s; replayed from memory", self.row.id, exc)
        earlier = self.hub.new_match(self.row, [s.row for s in self.seats])
        for action in match.record.actions[:-1]:
            earlier.play(earlier.to_act, action, earlier.version)
        return earlier

    def _error(self, client: Client, code: str, key: str, action_id: str | None) -> dict[str, Any]:
        return refusal(code, key, action_id, client.lang)

    async def hint(self, client: Client, message: Hint) -> None:
        """The game's own hint for the asking seat, as every front end gives it."""
        if self.match is None:
            client.push(self._error(client, "not_your_turn", "web.not_your_turn", message.id))
            return
        if client.seat is not None:
            self._present(client.seat)
        client.push(
            answer_hint(self.match, client.seat, message.id, client.lang, words=client.words)
        )

    def say(self, client: Client, message: Say) -> None:
        """A chat line or a reaction (``phase10.web.chat``): no move, so no lock, no store
        and no new version."""
        name = self.seats[client.seat].row.name if client.seat is not None else None
        if client.seat is not None:
            self._present(client.seat)  # a person who chats is at the table (turn timer)
        self.chat.say(client, name or "", message, self._clients())

    # ------------------------------------------------------------------------ computers

    def kick(self) -> None:
        """Let the computers play if one is to act (one driver per table at a time), and
        the turn timer run if a person is."""
        if self.evicted:
            return
        self._follow_clock()
        if self._driver is None or self._driver.done():
            self._driver = asyncio.get_running_loop().create_task(self._drive())

    async def _drive(self) -> None:
        while True:
            match = self.match
            if match is None or match.is_over or self.evicted:
                return
            if self.hub.upkeep.paused(self):
                # Nobody at the table: the computers wait (phase10.web.upkeep); a spectator
                # is told why nothing moves, once per pause.
                if not self._told_paused:
                    self._told_paused = True
                    self._notice("web.paused")
                return
            seat = match.to_act
            level = self.controller(seat)
            if level is None:
                return
            version = match.version
            try:
                action = await self.hub.thinker.choose(
                    match.game.name,
                    level,
                    match.view(seat),
                    f"bot:{match.seed}:{seat}:{version}",
                    key=self.row.id,
                )
            except Exception:
                if self.hub.thinker.closed:  # the server is shutting down
                    return
                # A bot failed, or its workers could not be restarted: log it, keep the
                # table, try again later. (A broken pool is a RuntimeError too: returning
                # on one left the table's computers stopped for good.)
                log.exception("table %s: a computer player failed", self.row.id)
                await asyncio.sleep(1.0)
                continue
            async with self.lock:
                if self.match is not match or match.version != version:
                    continue
                if self.controller(seat) is None:
                    continue
                first = match.seq + 1
                try:
                    self._commit(seat, action, None, version)
                except DatabaseError:
                    await asyncio.sleep(0.5)
                else:
                    state = self.seats[seat]
                    # A person watching saw the move made live, after the time-out's notice.
                    absent = not state.clients and not self.open_in_play(seat)
                    if state.row.kind == "person" and absent:
                        if not state.played_for:
                            state.played_from = first
                        state.played_for = True
            await self.hub.pace()

    def stop(self) -> None:
        if self._driver is not None:
            self._driver.cancel()
        if self._lobby_soon is not None:
            self._lobby_soon.cancel()
        if self.clock is not None:
            self.clock.stop()
        for state in self.seats:
            if state.away is not None:
                state.away.cancel()
        for client in self._clients():
            client.close()
