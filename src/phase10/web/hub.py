"""Every table of one server: created, joined, found by code, restored after a restart.

The hub keeps the tables in play in memory and the database up to date. After a restart it
replays each stored game from its rules, seed and moves (the engine is deterministic) and
lets the computer players go on; people reconnect with their seat tokens.

>>> import asyncio
>>> from phase10.web.db import Database
>>> from phase10.web.protocol import CreateTable, SeatSpec
>>> from phase10.web.thinking import Thinker
>>> async def demo() -> tuple[str, str]:
...     with Thinker(workers=0) as thinker:
...         hub = Hub(Database("sqlite://"), thinker, bot_delay=0)
...         spec = CreateTable(game="phase10", name="Ann",
...                            seats=[{"kind": "person"}, {"kind": "bot", "level": "easy"}])
...         table, token = await hub.create(spec)
...         await table.start(token)
...         found = hub.by_code(table.row.code)
...         hub.close()
...         return table.status, found is table and "same"
>>> asyncio.run(demo())
('playing', 'same')
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Final, Protocol

from phase10 import games
from phase10.bots import make_bot
from phase10.kernel.errors import Phase10Error, SaidError
from phase10.kernel.i18n import N_, translator
from phase10.kernel.messages import render
from phase10.match import Match, Seat
from phase10.web import tokens
from phase10.web.catalogue import rules_name
from phase10.web.db import Database, DatabaseError, SeatRow, TableRow
from phase10.web.live import LiveTable, TableError
from phase10.web.protocol import CreateTable, SeatSpec
from phase10.web.series import record_winner, stored_series
from phase10.web.thinking import Thinker
from phase10.web.upkeep import Upkeep

__all__ = ["Hub"]

log = logging.getLogger("phase10.web")

#: Seconds a dropped person's seat is held before a computer plays it (``--hold``).
DEFAULT_HOLD: Final = 60
#: Seconds a quick-match table waits for people before computers take its free seats.
QUICK_WAIT: Final = 20.0
#: The level of the computer that holds an absent person's seat: quick and strong.
TAKEOVER_LEVEL: Final = "hard"


class TableLeases(Protocol):
    """What the hub asks of the cluster when several processes share one database
    (:class:`phase10.web.cluster.Cluster` is it; said here so the hub never imports it)."""

    def take(self, table_id: str) -> str | None:
        """Hold ``table_id``: the holder's name now, ``None`` for no such table."""
        ...

    def ensure(self, table_id: str) -> None:
        """Hold ``table_id`` before loading it, or ``TableError`` 503 (it is moving)."""
        ...

    async def claim(self, table_id: str) -> None:
        """Hold ``table_id`` and have it loaded, waiting for its holder to hand it over."""
        ...

    def peek(self, table_id: str) -> LiveTable | None:
        """``table_id`` to read, not to play, wherever it is held."""
        ...


class Hub:
    """The server's tables. ``bot_delay`` paces computer players so people can follow."""

    def __init__(
        self,
        db: Database,
        thinker: Thinker,
        *,
        hold_seconds: int = DEFAULT_HOLD,
        bot_delay: float = 0.6,
        turn_clock_scale: float = 1.0,
        quick_wait: float = QUICK_WAIT,
    ) -> None:
        self.db = db
        self.thinker = thinker
        self.hold_seconds = hold_seconds
        self.bot_delay = bot_delay
        #: What every turn timer's waits are multiplied by: 1, except in tests, which run a
        #: table's 30 seconds in a fraction of a second (clients only ever ask for 30 to 120).
        self.turn_clock_scale = turn_clock_scale
        self.tables: dict[str, LiveTable] = {}
        #: Quick match (``phase10.web.public``): the seconds a new quick-match table waits for
        #: people, one "Play now" at a time, and the tasks that start those tables.
        self.quick_wait = quick_wait
        self.quick_lock = asyncio.Lock()
        self.quick_tasks: set[asyncio.Task[None]] = set()
        #: Several processes on one database (``phase10.web.cluster``): this one holds a
        #: table's lease before it loads or creates the table. ``None``: one process.
        self.cluster: TableLeases | None = None
        #: Unattended tables pause, idle ones leave memory (``phase10.web.upkeep``).
        self.upkeep = Upkeep()

    async def pace(self) -> None:
        await asyncio.sleep(self.bot_delay)

    # ------------------------------------------------------------------------ creating

    async def create(self, spec: CreateTable) -> tuple[LiveTable, str]:
        """A new table from ``spec``; the creator takes the first seat and gets its token."""
        game = _game(spec.game)
        profile = spec.profile or game.default_rules
        name = rules_name(game.name, profile, spec.variants)
        try:
            rules = game.find_rules(name)
        except Phase10Error as exc:
            raise TableError(422, f"rules: {exc}", in_language=_rules_refusal(game, exc)) from None
        players = len(spec.seats)
        low, high = _player_range(rules, game)
        if not low <= players <= high:
            raise TableError.said(
                422,
                N_("these rules are for {low} to {high} players, not {players}"),
                where="seats",
                low=low,
                high=high,
                players=players,
            )
        if spec.seats[0].kind != "person":
            raise TableError.said(
                422, N_("the first seat is the creator's, a person"), where="seats[0]"
            )
        token = tokens.new_token()
        seat_rows = [
            SeatRow(
                i,
                s.kind,
                (s.level or "hard") if s.kind == "bot" else None,
                spec.name if i == 0 else None,
                tokens.digest(token) if i == 0 else None,
            )
            for i, s in enumerate(spec.seats)
        ]
        hold = self.hold_seconds if spec.hold_seconds is None else spec.hold_seconds
        for _attempt in range(5):
            row = TableRow(
                id=secrets.token_urlsafe(9),
                code=tokens.new_code(),
                game=game.name,
                rules=rules.name,
                seed=secrets.randbits(31),
                status="waiting",
                hold_seconds=hold,
                takeover_level=TAKEOVER_LEVEL,
            )
            try:
                self.db.insert_table(row, seat_rows, turn_seconds=spec.turn_seconds)
                break
            except DatabaseError:
                continue  # an id or code taken already: draw again
        else:
            raise TableError.said(503, N_("the server could not create a table; try again"))
        if self.cluster is not None:
            self.cluster.take(row.id)  # a new table: nobody else can hold it
        table = LiveTable(self, row, seat_rows, None, turn_seconds=spec.turn_seconds)
        self.tables[row.id] = table
        self.upkeep.start(self.tables.values, self.evict)
        if spec.public:
            try:
                self.db.list_publicly(row.id)
            except DatabaseError as exc:
                log.error("table %s: %s", row.id, exc)
                raise TableError.said(
                    503, N_("the server could not list the table; try again")
                ) from None
        return table, token

    async def rematch(self, old: LiveTable, owner_token: str) -> tuple[LiveTable, str]:
        """A new table with the same game, rules and seats; each connected person gets a
        token for their seat there, on their own connection."""
        if old.seat_for_token(owner_token) != 0:
            raise TableError.said(403, N_("only the table's owner may start a rematch"))
        if old.status != "over":
            raise TableError.said(409, N_("a rematch follows a finished game"))
        if old.row.rematch is not None:
            raise TableError.said(409, N_("the rematch has been created already"))
        specs = [
            SeatSpec.model_validate({"kind": s.row.kind, "level": s.row.level}) for s in old.seats
        ]
        owner_name = old.seats[0].row.name or "?"
        spec = CreateTable(
            game=old.row.game,
            seats=specs,
            name=owner_name,
            hold_seconds=old.row.hold_seconds,
            turn_seconds=old.turn_seconds,
        )
        game = _game(old.row.game)
        new_rules = game.find_rules(old.row.rules)
        new, token = await self._create_with_rules(spec, new_rules.name)
        try:
            # The finished game's row holds its winner since it ended; stored again in case
            # the database failed then. The series is a courtesy: a failure only logs.
            record_winner(self.db, old.id, old.match)
            self.db.continue_series(old.id, new.id)
            new.series = self.db.series_games(new.id)
        except DatabaseError as exc:
            log.error("table %s: its series: %s", new.id, exc)
        for number, state in enumerate(old.seats):
            if state.row.kind == "bot" and state.row.name:
                # A computer keeps its seat's name in the series: one that took over an
                # absent person's seat plays on under that name, whose wins it counts.
                new.seats[number].row = replace(new.seats[number].row, name=state.row.name)
                self.db.update_seat(new.id, new.seats[number].row)
                continue
            if number == 0 or state.row.kind != "person" or not state.row.name:
                continue
            if not state.clients:
                continue  # not here: the seat stays open for them by the link
            seat_token = tokens.new_token()
            new.seats[number].row = SeatRow(
                number, "person", None, state.row.name, tokens.digest(seat_token)
            )
            self.db.update_seat(new.id, new.seats[number].row)
            for client in state.clients:
                client.push({"type": "rematch", "table": new.id, "token": seat_token})
        for client in old.seats[0].clients:
            client.push({"type": "rematch", "table": new.id, "token": token})
        old.set_rematch(new.id)
        for client in old.spectators:
            client.push({"type": "rematch", "table": new.id, "token": None})
        return new, token

    async def _create_with_rules(self, spec: CreateTable, name: str) -> tuple[LiveTable, str]:
        profile, *variants = name.split("+")
        return await self.create(spec.model_copy(update={"profile": profile, "variants": variants}))

    # ------------------------------------------------------------------------ finding

    def get(self, table_id: str) -> LiveTable | None:
        """The table ``table_id``, from memory or restored from the database."""
        table = self.tables.get(table_id)
        if table is not None:
            table.touched = time.monotonic()  # asked for: it stays in memory a while
            return table
        if len(table_id) > 32:
            return None
        if self.cluster is not None:
            self.cluster.ensure(table_id)  # held here, or TableError 503 (moving)
        stored = self.db.load(table_id)
        if stored is None:
            return None
        match = None
        row = stored.table
        if row.status != "waiting":
            match = self._replay(row, list(stored.seats), stored.moves)
            if match.is_over and row.status != "over":
                # The last move was stored but not the status after it (the database
                # failed, or the server died, between the two): the moves decide.
                row = replace(row, status="over", finished=row.finished or time.time())
                self.db.set_status(row.id, "over", finished=row.finished)
        table = LiveTable(self, row, list(stored.seats), match, turn_seconds=stored.turn_seconds)
        table.series = stored_series(self.db, row.id, match)
        for move in stored.moves:
            if move.action_id is not None and table.seats[move.seat].row.kind == "person":
                table.seats[move.seat].answers[move.action_id] = {
                    "type": "ack",
                    "id": move.action_id,
                    "version": move.number,
                }
        self.tables[table_id] = table
        if row.status == "playing":
            table.hold_absent()  # nobody is connected yet: held as if just dropped
        self.upkeep.start(self.tables.values, self.evict)
        return table

    def by_code(self, code: str) -> LiveTable | None:
        found = self.db.table_for_code(tokens.normalise_code(code)[:16])
        return None if found is None else self.get(found)

    def restore(self) -> int:
        """Load every game in play (after a restart) and let its computers go on."""
        if self.cluster is not None:
            return 0  # several processes: the tables of a dead one are taken up (cluster)
        count = 0
        for table_id in self.db.table_ids("playing"):
            try:
                table = self.get(table_id)
            except (Phase10Error, DatabaseError, ValueError) as exc:
                log.error("table %s cannot be restored: %s", table_id, exc)
                continue
            if table is not None:  # its persons' seats are held (get)
                table.kick()
                count += 1
        return count

    # ------------------------------------------------------------------------ matches

    def new_match(self, row: TableRow, seat_rows: Sequence[SeatRow]) -> Match:
        game = _game(row.game)
        rules = game.find_rules(row.rules)
        seats = [
            Seat(
                s.name or f"#{s.seat + 1}",
                make_bot(s.level or "hard", game) if s.kind == "bot" else None,
            )
            for s in seat_rows
        ]
        return Match.start(rules, seats, row.seed)

    def _replay(self, row: TableRow, seat_rows: Sequence[SeatRow], moves: Sequence[Any]) -> Match:
        match = self.new_match(row, seat_rows)
        game = match.game
        for move in moves:
            action = game.action_from_json(json.loads(move.action))
            match.play(move.seat, action, match.version)
        return match

    def reload_match(self, table_id: str) -> Match | None:
        """The match as the database has it (after a failed store)."""
        stored = self.db.load(table_id)
        if stored is None or stored.table.status == "waiting":
            return None
        return self._replay(stored.table, list(stored.seats), stored.moves)

    def forget(self, table: LiveTable) -> None:
        """A client left ``table``: once nobody is connected, it leaves memory after its
        grace (``phase10.web.upkeep``); the database keeps it."""
        self.upkeep.start(self.tables.values, self.evict)

    def evict(self, table: LiveTable) -> None:
        """Drop ``table`` from memory: its timers stop, its object plays no more, and
        :meth:`get` loads it again from the database when someone asks for it."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        table.evicted = True
        table.stop()

    def close(self) -> None:
        self.upkeep.close()
        for task in list(self.quick_tasks):
            task.cancel()
        for table in self.tables.values():
            table.stop()


def _game(name: str) -> Any:
    try:
        return games.get(name)
    except (KeyError, ValueError, LookupError) as exc:
        raise TableError(422, f"game: {exc}") from None


def _rules_refusal(game: Any, exc: Phase10Error) -> Callable[[str], str] | None:
    """A refused rule set said in the reader's language, each variant or profile named by its
    label, as the new-table form shows it: the names are what a command line types, and a
    player who ticked "Ten hands" does not know ``ten_hands``.

    >>> from phase10.kernel.errors import RulesError
    >>> clash = RulesError.about("x", "variants.cannot_combine", first="ten_hands",
    ...                          second="pick_a_phase")
    >>> print(_rules_refusal(games.get("phase10"), clash)("en"))  # doctest: +ELLIPSIS
    rules: the variants Ten hands and Pick a phase cannot be played together: ...
    """
    if not isinstance(exc, SaidError) or exc.reason is None:
        return None
    reason, params = exc.reason, exc.params

    def said(lang: str) -> str:
        tr = translator(lang)
        labels = {
            choice.name: tr.gettext(choice.label)
            for choice in (*game.rule_profiles, *game.rule_variants)
            if choice.label
        }

        def named(value: Any) -> Any:
            if not isinstance(value, str):
                return value
            name, number = value.partition("=")[::2]
            label = labels.get(name)
            if label is None:
                return value
            return f"{label}: {number}" if number else label

        words = {key: named(value) for key, value in params.items()}
        return f"rules: {render(reason, words, tr)}"

    return said


def _player_range(rules: Any, game: Any) -> tuple[int, int]:
    low = getattr(rules, "min_players", game.min_players)
    high = getattr(rules, "max_players", game.max_players)
    return int(low), int(high)
