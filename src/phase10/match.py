"""One game between people and bots: seats, the record, bot turns, saving and resuming.

Every interface (the line game, a TUI, a server) drives a game through a ``Match``: it keeps
the ``GameRecord`` and the current state together, lets bots play their turns, and saves a
file from which the game resumes exactly where it stopped.

>>> from phase10.bots import make_bot
>>> from phase10.api import find_variant
>>> seats = [Seat("Ann", make_bot("greedy")), Seat("Bob", make_bot("random"))]
>>> match = Match.start(find_variant("standard"), seats, seed=3)
>>> while not match.is_over and match.state.hand_number == 0:
...     _ = match.bot_step()
>>> match.state.hand_number
1
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Final, Generic, Self, TypeVar

from phase10.bots import make_bot
from phase10.games.phase10.narration import describe_event, narrate
from phase10.games.phase10.rules import RuleSet
from phase10.games.phase10.state import GameState
from phase10.games.phase10.view import PlayerView, view_for
from phase10.games.programmes.rules import ProgrammeRules
from phase10.games.programmes.state import ProgrammeState
from phase10.games.programmes.view import ProgrammeView
from phase10.games.programmes.view import view_for as programme_view_for
from phase10.kernel.bots import Bot
from phase10.kernel.files import read_text
from phase10.programme_record import ProgrammeRecord
from phase10.record import GameRecord, RecordError

__all__ = [
    "FORMAT",
    "Match",
    "MatchBase",
    "MatchError",
    "ProgrammeMatch",
    "Seat",
    "describe_event",
    "load_match",
    "narrate",
]

FORMAT: Final = "phase10-match"
VERSION: Final = 1

S = TypeVar("S", GameState, ProgrammeState)
V = TypeVar("V")
R = TypeVar("R", GameRecord, ProgrammeRecord)


class MatchError(RecordError):
    """A saved match that cannot be read, or a request that makes no sense for this match."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table: a name, and the bot playing it (``None`` for a person)."""

    name: str
    bot: Bot | None = None

    @property
    def is_human(self) -> bool:
        return self.bot is None


class MatchBase(Generic[S, V, R]):
    """What every game's match shares: seats, the record and the current state, bot turns,
    saving. Each game's subclass says how to start, apply an action and show a view.

    Bots get their randomness from ``random.Random(f"bot:{seed}:{seat}:{n}")``, ``n`` being the
    number of actions played so far, so a resumed game goes on exactly as it would have.
    """

    def __init__(self, record: R, seats: Sequence[Seat], state: S) -> None:
        if len(seats) != record.players:
            raise MatchError(f"{len(seats)} seats for a game of {record.players} players")
        self.record: R = record
        self.seats = tuple(seats)
        self.state: S = state

    #: The game's record class: ``GameRecord`` or ``ProgrammeRecord``.
    record_class: ClassVar[type[Any]]

    @classmethod
    def _begin(cls, rules: Any, seats: Sequence[Seat], seed: int) -> Self:
        """A new game for ``seats``, dealt and recorded (each game's ``start``)."""
        record = cls.record_class.start(rules, len(seats), seed, names=[s.name for s in seats])
        return cls(record, seats, record.initial_state())

    @classmethod
    def from_dict(cls, data: object) -> Self:
        """A match from its saved JSON object; the game replays to the saved position."""
        data = cls._header(data)
        record = cls.record_class.from_dict(data.get("record"))
        return cls(record, cls._seats(data.get("seats"), record.game), record.replay())

    def _apply(self, action: Any) -> S:
        # Each game's record plays its own states; the constrained pairs are not linked.
        record: Any = self.record
        state: S = record.play(self.state, action)
        return state

    def view(self, seat: int) -> V:
        """What ``seat`` may see now."""
        raise NotImplementedError

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    @property
    def seed(self) -> int:
        return self.record.seed

    @property
    def to_act(self) -> int:
        """The seat whose decision the game waits for."""
        return self.state.current

    @property
    def is_over(self) -> bool:
        return self.state.outcome is not None

    @property
    def human_seats(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s.bot is None)

    def play(self, action: Any) -> tuple[Any, ...]:
        """Play ``action`` for the seat to act and return what happened.

        An illegal action raises ``IllegalActionError`` and changes nothing.
        """
        self.state = self._apply(action)
        return tuple(self.state.events)

    def bot_rng(self, seat: int | None = None) -> random.Random:
        """The random source for the next decision of ``seat`` (default: the seat to act)."""
        seat = self.to_act if seat is None else seat
        return random.Random(f"bot:{self.seed}:{seat}:{len(self.record.actions)}")

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
        # Every registered bot plays both games (it dispatches on the view's type), while the
        # Bot protocol keeps Phase 10's types for the bots that play only Phase 10.
        chooser: Any = bot
        view = self.view(seat)
        return self.play(chooser.choose(view, rng if rng is not None else self.bot_rng(seat)))

    def run_bots_until_human(self) -> list[Any]:
        """Play bot turns until a person must act or the game ends; returns every event."""
        events: list[Any] = []
        while not self.is_over and self.seats[self.to_act].bot is not None:
            events.extend(self.bot_step())
        return events

    # ------------------------------------------------------------------------ files

    def to_dict(self) -> dict[str, Any]:
        seats = [{"name": s.name, "bot": None if s.bot is None else s.bot.name} for s in self.seats]
        return {
            "format": FORMAT,
            "version": VERSION,
            "seats": seats,
            "record": self.record.to_dict(),
        }

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the match as JSON (the game record plus the seats), creating folders.

        The file is replaced atomically so a crash never leaves half a save.
        """
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(target.name + ".tmp")
        temporary.write_text(json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n")
        temporary.replace(target)

    @staticmethod
    def _seats(raw_seats: object, game: str) -> list[Seat]:
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

    @staticmethod
    def _read(path: str | os.PathLike[str]) -> object:
        text = read_text(path, MatchError, "")
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise MatchError(f"{os.fspath(path)}: not JSON: {exc}") from None

    @staticmethod
    def _header(data: object) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise MatchError("a saved match is a JSON object")
        if data.get("format") != FORMAT:
            raise MatchError(f"format: expected {FORMAT!r}, got {data.get('format')!r}")
        if data.get("version") != VERSION:
            raise MatchError(f"version: expected {VERSION}, got {data.get('version')!r}")
        return data


class Match(MatchBase[GameState, PlayerView, GameRecord]):
    """A Phase 10 game in progress: its seats, its record and its current state."""

    record_class = GameRecord

    @classmethod
    def start(cls, rules: RuleSet, seats: Sequence[Seat], seed: int) -> Match:
        """Deal a new game for ``seats`` (2 to 6, D-24).

        >>> from phase10.api import find_variant
        >>> match = Match.start(find_variant("standard"), [Seat("Ann"), Seat("Bob")], seed=1)
        >>> match.names, match.is_over
        (('Ann', 'Bob'), False)
        """
        return cls._begin(rules, seats, seed)

    @property
    def rules(self) -> RuleSet:
        return self.record.rules

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see now."""
        return view_for(self.state, seat)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Match:
        """Read a match written by :meth:`save`; the game replays to the saved position."""
        data = cls._read(path)
        try:
            return cls.from_dict(data)
        except RecordError as exc:
            raise MatchError(f"{os.fspath(path)}: {exc}") from None


class ProgrammeMatch(MatchBase[ProgrammeState, ProgrammeView, ProgrammeRecord]):
    """A programmes game in progress (same seats, bots, saves and resume as ``Match``).

    >>> from phase10.bots import make_bot
    >>> from phase10.api import find_variant
    >>> seats = [Seat("Ann", make_bot("greedy", "programmes")), Seat("Bob", make_bot("random"))]
    >>> match = ProgrammeMatch.start(find_variant("programmes"), seats, seed=3)
    >>> while not match.is_over:
    ...     _ = match.bot_step()
    >>> match.state.outcome.reason
    'five_programs'
    """

    record_class = ProgrammeRecord

    @classmethod
    def start(cls, rules: ProgrammeRules, seats: Sequence[Seat], seed: int) -> ProgrammeMatch:
        """Deal a new programmes game for ``seats`` (2 to 6, E-01)."""
        return cls._begin(rules, seats, seed)

    @property
    def rules(self) -> ProgrammeRules:
        return self.record.rules

    def view(self, seat: int) -> ProgrammeView:
        """What ``seat`` may see now (E-28)."""
        return programme_view_for(self.state, seat)


def load_match(path: str | os.PathLike[str]) -> Match | ProgrammeMatch:
    """A saved match of either game; the record's ``game`` key decides which."""
    data = MatchBase._read(path)
    record = data.get("record") if isinstance(data, dict) else None
    game = record.get("game") if isinstance(record, dict) else None
    try:
        if game == "programmes":
            return ProgrammeMatch.from_dict(data)
        return Match.from_dict(data)
    except RecordError as exc:
        raise MatchError(f"{os.fspath(path)}: {exc}") from None
