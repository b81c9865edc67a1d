"""One game between people and bots, of any game: the unit every front end and a server drive.

A ``Match`` holds the seats, the record and the current state. Play is seat-checked and
versioned: :meth:`Match.play` takes the seat that moves, the action and the version the mover
saw (the number of actions played so far), and refuses a move out of turn, from a seat that
does not exist, against a stale version or after the end, changing nothing. Every event gets a
sequence number in the match's log; :meth:`Match.since` gives any seat (or a spectator) its
own redacted entries after the one it last saw, entry 0 being the opening snapshot. Saving
goes through a :class:`~phase10.storage.Store`; a save replays to exactly the saved position
or is refused.

>>> from phase10 import find_variant
>>> from phase10.bots import make_bot
>>> seats = [Seat("Ann", make_bot("greedy")), Seat("Bob", make_bot("random"))]
>>> match = Match.start(find_variant("standard"), seats, seed=3)
>>> while not match.is_over and match.state.hand_number == 0:
...     _ = match.bot_step()
>>> match.state.hand_number, match.version > 0
(1, True)
>>> match.play(match.to_act, match.legal[0], match.version - 1)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
phase10.match.StaleVersionError: the game has moved on: it is at version ..., not ...
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, NamedTuple

from phase10.bots import bot_spec, make_bot, watch_all
from phase10.kernel.bots import AnyBot, bot_decides, bot_refused
from phase10.kernel.errors import Phase10Error
from phase10.kernel.game import Game
from phase10.kernel.notation import printable
from phase10.records import GameRecord, RecordError
from phase10.storage import FileStore, StorageError, Store

__all__ = [
    "FORMAT",
    "LogEntry",
    "Match",
    "MatchError",
    "NotYourTurnError",
    "ProgrammeMatch",
    "Seat",
    "StaleVersionError",
    "load_match",
]

FORMAT: Final = "phase10-match"
VERSION: Final = 1


class MatchError(RecordError):
    """A saved match that cannot be read, or a request that makes no sense for this match."""


class NotYourTurnError(MatchError):
    """A move from a seat that is not the one to act (or from no seat of this match)."""


class StaleVersionError(MatchError):
    """A move made against an earlier version of the game than the current one."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table: a name, and the bot playing it (``None`` for a person)."""

    name: str
    bot: AnyBot | None = None

    @property
    def is_human(self) -> bool:
        return self.bot is None


class LogEntry(NamedTuple):
    """One entry of a match's log as a seat sees it: ``seq`` 0 is the opening snapshot (a view,
    in ``item``), every later one an event."""

    seq: int
    item: Any


class Match:
    """A game in progress: its seats, its record, its current state and its event log.

    Bots get their randomness from ``random.Random(f"bot:{seed}:{seat}:{n}")``, ``n`` being the
    number of actions played so far, so a resumed game goes on exactly as it would have.
    """

    def __init__(
        self, record: GameRecord, seats: Sequence[Seat], state: Any, log: Sequence[Any] = ()
    ) -> None:
        if len(seats) != record.players:
            raise MatchError(f"{len(seats)} seats for a game of {record.players} players")
        self.record = record
        self.game: Game = record.game
        self.seats = tuple(seats)
        self.state: Any = state
        self.log: list[Any] = list(log) if log else list(state.events)
        self._opening: Any = None
        #: How the game was being played, for ``resume``: ``{"mode": "plain", "lang": "fr"}``
        #: (strings only; saved only when set, and an older save simply has none).
        self.interface: dict[str, str] = {}

    @classmethod
    def start(cls, rules: Any, seats: Sequence[Seat], seed: int) -> Match:
        """Deal a new game of the game ``rules`` belong to, for ``seats``.

        >>> from phase10 import find_variant
        >>> match = Match.start(find_variant("programmes"), [Seat("Ann"), Seat("Bob")], seed=1)
        >>> match.names, match.game.name, match.version, match.is_over
        (('Ann', 'Bob'), 'programmes', 0, False)
        """
        record = GameRecord.start(rules, len(seats), seed, names=[s.name for s in seats])
        return cls(record, seats, record.initial_state())

    # ------------------------------------------------------------------------ reading

    @property
    def rules(self) -> Any:
        return self.record.rules

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names as every front end shows them: a control character (from an
        edited save, say) written as its escape, never sent raw."""
        return tuple(printable(s.name) for s in self.seats)

    @property
    def seed(self) -> int:
        return self.record.seed

    @property
    def version(self) -> int:
        """How many actions have been played: what a mover passes to :meth:`play`."""
        return len(self.record.actions)

    @property
    def seq(self) -> int:
        """The sequence number of the last event in the log (0: none yet)."""
        return len(self.log)

    @property
    def to_act(self) -> int:
        """The seat whose decision the game waits for."""
        return self.game.to_act(self.state)

    @property
    def is_over(self) -> bool:
        return self.game.outcome(self.state) is not None

    @property
    def human_seats(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s.bot is None)

    def rename(self, seat: int, name: str) -> None:
        """Call ``seat`` by ``name`` from now on (in the seats and the record alike); the
        game itself does not change.

        >>> from phase10 import find_variant
        >>> match = Match.start(find_variant("standard"), [Seat("You"), Seat("Bob")], seed=1)
        >>> match.rename(0, "Du"); match.names, match.record.names
        (('Du', 'Bob'), ['Du', 'Bob'])
        """
        self.seats = tuple(
            replace(each, name=name) if i == seat else each for i, each in enumerate(self.seats)
        )
        if seat < len(self.record.names):
            self.record.names[seat] = name

    @property
    def legal(self) -> tuple[Any, ...]:
        """The actions the seat to act may take now."""
        return self.game.legal_actions(self.state)

    def view(self, seat: int) -> Any:
        """What ``seat`` may see now."""
        return self.game.view(self.state, seat)

    def public_view(self) -> Any:
        """What a spectator may see now."""
        return self.game.public_view(self.state)

    def since(self, seat: int | None, seq: int = -1) -> list[LogEntry]:
        """The log after entry ``seq`` as ``seat`` may know it (``None``: a spectator).

        Entry 0 is the opening snapshot (the seat's view of the game as dealt, its events
        left to the entries after it); ``seq=-1`` asks for everything, a client that has seen
        entry N asks for ``seq=N`` and gets only what it missed.

        >>> from phase10 import find_variant
        >>> match = Match.start(find_variant("standard"), [Seat("Ann"), Seat("Bob")], seed=1)
        >>> entries = match.since(None)
        >>> entries[0].seq, entries[0].item.seat, [e.seq for e in entries[1:]] == list(
        ...     range(1, match.seq + 1))
        (0, -1, True)
        >>> match.since(0, match.seq)
        []
        """
        game = self.game
        out: list[LogEntry] = []
        if seq < 0:
            out.append(LogEntry(0, self._opening_view(seat)))
        for number in range(max(seq, 0) + 1, len(self.log) + 1):
            out.append(LogEntry(number, game.seen_by(self.log[number - 1], seat)))
        return out

    def _opening_view(self, seat: int | None) -> Any:
        if self._opening is None:
            self._opening = self.record.new_state()
        if seat is None:
            view = self.game.public_view(self._opening)
        else:
            view = self.game.view(self._opening, seat)
        # The opening's events are the log's first entries, not part of the snapshot.
        return replace(view, events=())

    # ------------------------------------------------------------------------ playing

    def play(self, seat: int, action: Any, version: int) -> tuple[Any, ...]:
        """Play ``action`` for ``seat`` against ``version``; return the events it caused.

        Refused, changing nothing: a finished game (``MatchError``), a seat that is not the
        one to act (``NotYourTurnError``), a stale ``version`` (``StaleVersionError``), an
        action the rules forbid (``IllegalActionError`` with its rule id).
        """
        if self.is_over:
            raise MatchError("the game is over")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise NotYourTurnError(f"a seat is a whole number, not {seat!r}"[:200])
        if not 0 <= seat < len(self.seats):
            raise NotYourTurnError(f"there is no seat {seat} in this game of {len(self.seats)}")
        if seat != self.to_act:
            raise NotYourTurnError(
                f"it is {self.names[self.to_act]}'s turn (seat {self.to_act}), not seat {seat}'s"
            )
        if version != self.version:
            raise StaleVersionError(
                f"the game has moved on: it is at version {self.version}, not {version}"
            )
        before = self.state
        self.state = self.record.play(before, action)
        # Only once the action proved legal: a bot's memory must hold what happened.
        watch_all([s.bot for s in self.seats if s.bot is not None], self.game, before, seat, action)
        events = tuple(self.state.events)
        self.log.extend(events)
        return events

    def bot_rng(self, seat: int | None = None) -> random.Random:
        """The random source for the next decision of ``seat`` (default: the seat to act)."""
        seat = self.to_act if seat is None else seat
        return random.Random(f"bot:{self.seed}:{seat}:{self.version}")

    def bot_step(self, rng: random.Random | None = None) -> tuple[Any, ...]:
        """Let the bot of the seat to act make one decision; returns its events.

        ``rng`` replaces the match's own seeded source (for experiments).
        """
        if self.is_over:
            raise MatchError("the game is over")
        seat = self.to_act
        bot = self.seats[seat].bot
        if bot is None:
            raise MatchError(f"seat {seat} ({self.seats[seat].name}) is played by a person")

        def who() -> str:
            return f"bot {bot_spec(bot)!r} (seat {seat}, {self.seats[seat].name})"

        view = self.view(seat)
        action = bot_decides(bot, view, rng if rng is not None else self.bot_rng(seat), who)
        try:
            return self.play(seat, action, self.version)
        except Phase10Error as exc:  # the seat, turn and version are right: the move is not
            raise bot_refused(exc, action, self.game.format_action, who()) from exc

    def run_bots_until_human(self) -> list[Any]:
        """Play bot turns until a person must act or the game ends; returns every event."""
        events: list[Any] = []
        while not self.is_over and self.seats[self.to_act].bot is not None:
            events.extend(self.bot_step())
        return events

    # ------------------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        seats = [
            {"name": s.name, "bot": None if s.bot is None else bot_spec(s.bot)} for s in self.seats
        ]
        return {
            "format": FORMAT,
            "version": VERSION,
            "seats": seats,
            "record": self.record.to_dict(),
            "digest": self.game.digest(self.state),
            **({"interface": dict(self.interface)} if self.interface else {}),
        }

    def save(self, path: str | os.PathLike[str], store: Store | None = None) -> None:
        """Save the match (the record, the seats, the position's digest) under ``path``,
        atomically; a file save also carries a checksum (:class:`~phase10.storage.FileStore`).
        """
        (store or FileStore()).save(os.fspath(path), self.to_dict())

    @classmethod
    def from_dict(cls, data: object) -> Match:
        """A match from its saved object; the game replays to the saved position, and a
        position that does not match the saved digest is refused."""
        data = _header(data)
        record = GameRecord.from_dict(data.get("record"))
        game = record.game
        try:
            state = record.new_state()
        except Phase10Error as exc:
            raise MatchError(f"record: {exc}") from None
        log = list(state.events)
        for number, action in enumerate(record.actions, start=1):
            try:
                state = game.apply(state, action)
            except Phase10Error as exc:
                text = game.format_action(action)
                raise MatchError(f"record: action {number} ({text}): {exc}") from None
            log.extend(state.events)
        digest = data.get("digest")
        if digest is not None and digest != game.digest(state):
            raise MatchError(
                "the saved game does not replay to the position it was saved at; "
                "the save is damaged or was changed by hand"
            )
        match = cls(record, _seats(data.get("seats"), game), state, log)
        interface = data.get("interface")
        if isinstance(interface, dict):
            match.interface = {str(k): v for k, v in interface.items() if isinstance(v, str)}
        return match

    @classmethod
    def load(cls, path: str | os.PathLike[str], store: Store | None = None) -> Match:
        """Read a match written by :meth:`save`; every problem names the file."""
        shown = os.fspath(path)
        try:
            data = (store or FileStore()).load(shown)
        except StorageError as exc:
            raise MatchError(str(exc)) from None
        try:
            return cls.from_dict(data)
        except RecordError as exc:
            raise MatchError(f"{shown}: {exc}") from None


def _header(data: object) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise MatchError("a saved match is a JSON object")
    if data.get("format") != FORMAT:
        raise MatchError(f"format: expected {FORMAT!r}, got {data.get('format')!r}")
    if data.get("version") != VERSION:
        raise MatchError(f"version: expected {VERSION}, got {data.get('version')!r}")
    return data


def _seats(raw_seats: object, game: Game) -> list[Seat]:
    if not isinstance(raw_seats, list):
        raise MatchError("seats: expected a list")
    seats: list[Seat] = []
    for number, item in enumerate(raw_seats):
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise MatchError(f"seats[{number}]: expected an object with a name")
        bot_name = item.get("bot")
        if bot_name is not None and not isinstance(bot_name, str):
            raise MatchError(f"seats[{number}].bot: expected a bot name or null")
        try:
            bot = None if bot_name is None else make_bot(bot_name, game)
        except ValueError as exc:
            raise MatchError(f"seats[{number}].bot: {exc}") from None
        seats.append(Seat(item["name"], bot))
    return seats


def load_match(path: str | os.PathLike[str]) -> Match:
    """A saved match of any game (the record's ``game`` key decides which)."""
    return Match.load(path)


#: The programmes game's match was a class of its own; ``Match`` now plays every game.
ProgrammeMatch = Match
