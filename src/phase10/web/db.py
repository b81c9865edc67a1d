"""The server's database: tables, their seats and every move, through SQLAlchemy.

One schema and one set of queries serve SQLite (the default, a file in WAL mode) and
PostgreSQL (``postgresql+psycopg://...``). A table's game is never stored as a state: it is
its rules, seed and moves, and replays to the same position on any machine (the engine is
deterministic), which is how a restarted server picks up every game where it stopped.

Each move is its own committed transaction, made before the move is broadcast. SQLite runs
with ``synchronous=NORMAL`` in WAL mode: a committed move survives the server being killed
(``kill -9``); surviving a power cut as well would need ``synchronous=FULL``, at the price of
a disk flush per move.

>>> db = Database("sqlite://")
>>> row = TableRow("t1", "ABCDEF", "phase10", "standard", 7, "waiting", 60, "hard")
>>> db.insert_table(row, [SeatRow(0, "person", None, "Ann", "h0"),
...                      SeatRow(1, "bot", "easy", None, None)])
>>> db.append_move("t1", 1, 1, '{"type": "draw", "source": "draw_pile"}', "a1")
>>> stored = db.load("t1")
>>> stored.table.code, [s.name for s in stored.seats], [m.number for m in stored.moves]
('ABCDEF', ['Ann', None], [1])
>>> db.table_for_code("ABCDEF")
't1'
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    exists,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from phase10.web.dbwatch import DatabaseWatch

__all__ = [
    "Database",
    "DatabaseError",
    "MoveRow",
    "SeatRow",
    "SeriesGame",
    "StoredTable",
    "TableRow",
    "sqlite_url",
]

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("code", String(16), nullable=False, unique=True),
    Column("game", String(32), nullable=False),
    Column("rules", String(400), nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("status", String(16), nullable=False),
    Column("hold_seconds", Integer, nullable=False),
    Column("takeover_level", String(16), nullable=False),
    Column("created", Float, nullable=False),
    Column("finished", Float, nullable=True),
    Column("rematch", String(32), nullable=True),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("level", String(16), nullable=True),
    Column("name", String(80), nullable=True),
    Column("token_hash", String(64), nullable=True),
)

moves = Table(
    "moves",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("action_id", String(80), nullable=True),
    Column("at", Float, nullable=False),
)

#: Settings a table was created with beyond the columns of ``tables``, in a table of their
#: own so that a database made before them needs no migration (``create_all`` adds it) and
#: a table without a row here has none of them: ``turn_seconds`` is its turn timer.
table_options = Table(
    "table_options",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("turn_seconds", Integer, nullable=True),
)

#: The games of a series (a table, its rematch, that one's rematch...): each table of the
#: chain by its number in it and, once over, its winner with the name they played under. A
#: table of its own (no rematch) gets a row when its game ends: game 1 of its own series. A
#: table of its own, not a column of ``tables``, so older database files gain it untouched.
series = Table(
    "series",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("series_id", String(32), nullable=False, index=True),
    Column("game_number", Integer, nullable=False),
    Column("winner", Integer, nullable=True),
    Column("winner_name", String(80), nullable=True),
)
#: The tables listed in the lobby for anyone to join (decision 0014), when they were listed,
#: and for a quick-match table when it starts by itself with computers in the free seats. A
#: table of its own, not a column of ``tables``: older database files gain it untouched.
public_tables = Table(
    "public_tables",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("listed_at", Float, nullable=False, index=True),
    Column("starts_at", Float, nullable=True),
)


#: The one statement every move runs, built once: ``insert(moves).values(**row)`` built anew
#: each time cost about 1 ms of the event loop's time per move (SQLAlchemy's coercions and
#: cache key), more than the commit itself; with the values as parameters it is compiled once.
_INSERT_MOVE: Final = insert(moves)


class DatabaseError(Exception):
    """The database refused or failed; the message is safe to log, never sent to a client."""


@contextmanager
def _failing(what: str) -> Iterator[None]:
    """Any failure of the database while doing ``what`` as a ``DatabaseError``: callers
    catch that one type (a lost connection, a full disk, a locked file alike)."""
    try:
        yield
    except DatabaseError:
        raise
    except SQLAlchemyError as exc:
        raise DatabaseError(f"{what}: {_first_line(exc)}") from None


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table as stored: ``status`` is ``waiting``, ``playing`` or ``over``."""

    id: str
    code: str
    game: str
    rules: str
    seed: int
    status: str
    hold_seconds: int
    takeover_level: str
    created: float = 0.0
    finished: float | None = None
    rematch: str | None = None


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A seat as stored: a ``person`` (with a name once taken) or a ``bot`` at ``level``."""

    seat: int
    kind: str
    level: str | None
    name: str | None
    token_hash: str | None


@dataclass(frozen=True, slots=True)
class MoveRow:
    """One move: its number (1 for the first), the seat that made it, the action as JSON."""

    number: int
    seat: int
    action: str
    action_id: str | None


@dataclass(frozen=True, slots=True)
class SeriesGame:
    """One game of a series: its number (1 for the first) and, once over, its winner's seat
    and name."""

    game_number: int
    winner: int | None
    winner_name: str | None


@dataclass(frozen=True, slots=True)
class StoredTable:
    table: TableRow
    seats: tuple[SeatRow, ...]
    moves: tuple[MoveRow, ...]
    #: The seconds a person has for a turn (``None``: no turn timer).
    turn_seconds: int | None = None


def sqlite_url(path: str) -> str:
    """The SQLAlchemy URL of a SQLite file.

    >>> sqlite_url("/tmp/p10.db")
    'sqlite:////tmp/p10.db'
    """
    return f"sqlite:///{path}"


def _normalise_url(url: str) -> str:
    # People write postgresql://...; SQLAlchemy's default driver for that is psycopg2, which
    # the project does not install: psycopg (3) is the one we ship.
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


class Database:
    """The server's store. Every method is one short transaction."""

    def __init__(self, url: str) -> None:
        self.url = _normalise_url(url)
        try:
            self.engine: Engine = self._engine(self.url)
            metadata.create_all(self.engine)
            #: Refuses any commit into a database that is gone or replaced (``dbwatch``).
            self.watch = DatabaseWatch.open(self.engine)
        except (SQLAlchemyError, ImportError, ValueError) as exc:
            raise DatabaseError(
                f"cannot open the database {_safe(url)}: {_first_line(exc)}"
            ) from None

    @staticmethod
    def _engine(url: str) -> Engine:
        if not url.startswith("sqlite"):
            return create_engine(url, pool_pre_ping=True)
        in_memory = url in ("sqlite://", "sqlite:///:memory:")
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False},
            poolclass=StaticPool if in_memory else None,
        )

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            if not in_memory:
                cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA busy_timeout=5000")
            cursor.close()

        return engine

    def close(self) -> None:
        self.engine.dispose()

    # ------------------------------------------------------------------------ writing

    def insert_table(
        self, row: TableRow, seat_rows: list[SeatRow], *, turn_seconds: int | None = None
    ) -> None:
        """Store a new table and its seats (and its turn timer, if it has one);
        ``DatabaseError`` if the id or code is taken."""
        values = {**_table_values(row), "created": row.created or time.time()}
        with _failing(f"storing table {row.id}"):
            try:
                with self.engine.begin() as conn:
                    conn.execute(insert(tables).values(**values))
                    for s in seat_rows:
                        conn.execute(insert(seats).values(table_id=row.id, **_seat_values(s)))
                    if turn_seconds is not None:
                        conn.execute(
                            insert(table_options).values(table_id=row.id, turn_seconds=turn_seconds)
                        )
            except IntegrityError:
                raise DatabaseError(f"table {row.id} or code {row.code} exists already") from None

    def update_seat(self, table_id: str, seat_row: SeatRow) -> None:
        with _failing(f"storing a seat of table {table_id}"), self.engine.begin() as conn:
            conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat_row.seat)
                .values(**_seat_values(seat_row))
            )

    def set_status(
        self,
        table_id: str,
        status: str,
        *,
        finished: float | None = None,
        rematch: str | None = None,
    ) -> None:
        values: dict[str, Any] = {"status": status}
        if finished is not None:
            values["finished"] = finished
        if rematch is not None:
            values["rematch"] = rematch
        with _failing(f"storing the status of table {table_id}"), self.engine.begin() as conn:
            conn.execute(update(tables).where(tables.c.id == table_id).values(**values))

    def append_move(
        self, table_id: str, number: int, seat: int, action: str, action_id: str | None
    ) -> None:
        """Commit move ``number`` of a table; a number stored already raises ``DatabaseError``
        (two servers, or a replayed request, never write the same move twice)."""
        values = {
            "table_id": table_id,
            "number": number,
            "seat": seat,
            "action": action,
            "action_id": action_id,
            "at": time.time(),
        }
        with _failing(f"storing move {number} of table {table_id}"):
            try:
                with self.engine.begin() as conn:
                    conn.execute(_INSERT_MOVE, values)
            except IntegrityError:
                raise DatabaseError(
                    f"move {number} of table {table_id} is stored already"
                ) from None

    def set_winner(self, table_id: str, seat: int, name: str | None) -> None:
        """Store who won the table's game; a table in no series yet starts its own."""
        values = {"winner": seat, "winner_name": name}
        with _failing(f"storing the winner of table {table_id}"), self.engine.begin() as conn:
            done = conn.execute(update(series).where(series.c.table_id == table_id), values)
            if not done.rowcount:
                conn.execute(
                    insert(series).values(
                        table_id=table_id, series_id=table_id, game_number=1, **values
                    )
                )

    def continue_series(self, previous: str, table_id: str) -> None:
        """Make ``table_id`` the next game of ``previous``'s series (``previous`` has its row:
        :meth:`set_winner` stored it when its game ended)."""
        with _failing(f"storing the series of table {table_id}"), self.engine.begin() as conn:
            found = conn.execute(
                select(series.c.series_id, series.c.game_number).where(
                    series.c.table_id == previous
                )
            ).first()
            if found is None:
                raise DatabaseError(f"table {previous} is in no series")
            conn.execute(
                insert(series).values(
                    table_id=table_id, series_id=found[0], game_number=int(found[1]) + 1
                )
            )

    def list_publicly(self, table_id: str, starts_at: float | None = None) -> None:
        """List a table in the lobby's open tables (``starts_at``: a quick-match table,
        which starts by itself then)."""
        values = {"table_id": table_id, "listed_at": time.time(), "starts_at": starts_at}
        with _failing(f"listing table {table_id}"), self.engine.begin() as conn:
            conn.execute(insert(public_tables).values(**values))

    def forget(self, table_ids: list[str]) -> int:
        """Delete the tables ``table_ids`` with their seats, moves, options and listing, in
        one transaction; how many tables there were. Their rows of ``series`` stay: a later
        game of the series still counts the earlier ones' winners."""
        if not table_ids:
            return 0
        with _failing("forgetting idle tables"), self.engine.begin() as conn:
            for child in (moves, seats, table_options, public_tables):
                conn.execute(delete(child).where(child.c.table_id.in_(table_ids)))
            done = conn.execute(delete(tables).where(tables.c.id.in_(table_ids)))
            return int(done.rowcount or 0)

    # ------------------------------------------------------------------------ reading

    def idle_tables(self, before: float, limit: int = 500) -> list[str]:
        """The tables nothing has happened at since ``before`` (seconds since the epoch):
        made, finished and last moved at earlier, whatever their status; at most ``limit``,
        the oldest made first.

        >>> db = Database("sqlite://")
        >>> db.insert_table(TableRow("t1", "ABCDEF", "phase10", "standard", 7, "over", 60,
        ...                          "hard", created=100.0, finished=200.0), [])
        >>> db.idle_tables(before=150.0), db.idle_tables(before=250.0)
        ([], ['t1'])
        """
        recent = exists().where(moves.c.table_id == tables.c.id, moves.c.at >= before)
        query = (
            select(tables.c.id)
            .where(tables.c.created < before)
            .where((tables.c.finished.is_(None)) | (tables.c.finished < before))
            .where(~recent)
            .order_by(tables.c.created)
            .limit(limit)
        )
        with _failing("looking for idle tables"), self.engine.connect() as conn:
            return [str(r[0]) for r in conn.execute(query)]

    def open_public(self, since: float, limit: int) -> list[tuple[str, float | None]]:
        """The public tables listed after ``since`` and still waiting for their start, the
        longest waiting first, at most ``limit``: each id with its start time (quick match)
        or ``None``."""
        query = (
            select(public_tables.c.table_id, public_tables.c.starts_at)
            .join(tables, tables.c.id == public_tables.c.table_id)
            .where(tables.c.status == "waiting", public_tables.c.listed_at >= since)
            .order_by(public_tables.c.listed_at, public_tables.c.table_id)
            .limit(limit)
        )
        with _failing("listing the open tables"), self.engine.connect() as conn:
            return [(str(r[0]), None if r[1] is None else float(r[1])) for r in conn.execute(query)]

    def series_games(self, table_id: str) -> list[SeriesGame]:
        """The games of the table's series up to its own (the last), first first; empty for a
        table in no series."""
        with _failing(f"loading the series of table {table_id}"), self.engine.connect() as conn:
            found = conn.execute(
                select(series.c.series_id, series.c.game_number).where(
                    series.c.table_id == table_id
                )
            ).first()
            if found is None:
                return []
            rows = conn.execute(
                select(series.c.game_number, series.c.winner, series.c.winner_name)
                .where(series.c.series_id == found[0], series.c.game_number <= found[1])
                .order_by(series.c.game_number)
            )
            return [SeriesGame(int(r[0]), r[1], r[2]) for r in rows]

    def heads(self, table_ids: list[str]) -> dict[str, tuple[TableRow, tuple[SeatRow, ...]]]:
        """The tables among ``table_ids`` that exist, each with its seats (not its moves)."""
        wanted = list(dict.fromkeys(table_ids))
        with _failing("loading tables"), self.engine.connect() as conn:
            found = conn.execute(select(tables).where(tables.c.id.in_(wanted))).mappings().all()
            seat_rows = conn.execute(
                select(seats).where(seats.c.table_id.in_(wanted)).order_by(seats.c.seat)
            ).mappings()
            by_table: dict[str, list[SeatRow]] = {}
            for r in seat_rows:
                by_table.setdefault(r["table_id"], []).append(
                    SeatRow(**{k: r[k] for k in SeatRow.__slots__})
                )
        return {
            str(t["id"]): (
                TableRow(**{k: t[k] for k in TableRow.__slots__}),
                tuple(by_table.get(str(t["id"]), ())),
            )
            for t in found
        }

    def winners(self, table_ids: list[str]) -> dict[str, tuple[int, str | None]]:
        """The stored winner (seat, name) of each of ``table_ids`` whose game has one."""
        with _failing("loading winners"), self.engine.connect() as conn:
            rows = conn.execute(
                select(series.c.table_id, series.c.winner, series.c.winner_name).where(
                    series.c.table_id.in_(list(dict.fromkeys(table_ids))),
                    series.c.winner.is_not(None),
                )
            )
            return {str(r[0]): (int(r[1]), r[2]) for r in rows}

    def load(self, table_id: str) -> StoredTable | None:
        with _failing(f"loading table {table_id}"), self.engine.connect() as conn:
            found = conn.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
            if found is None:
                return None
            seat_rows = conn.execute(
                select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
            ).mappings()
            move_rows = conn.execute(
                select(moves).where(moves.c.table_id == table_id).order_by(moves.c.number)
            ).mappings()
            turn_seconds = conn.execute(
                select(table_options.c.turn_seconds).where(table_options.c.table_id == table_id)
            ).scalar()
            return StoredTable(
                TableRow(**{k: found[k] for k in TableRow.__slots__}),
                tuple(SeatRow(**{k: r[k] for k in SeatRow.__slots__}) for r in seat_rows),
                tuple(MoveRow(**{k: r[k] for k in MoveRow.__slots__}) for r in move_rows),
                None if turn_seconds is None else int(turn_seconds),
            )

    def table_for_code(self, code: str) -> str | None:
        with _failing("finding a code"), self.engine.connect() as conn:
            found = conn.execute(select(tables.c.id).where(tables.c.code == code)).first()
        return None if found is None else str(found[0])

    def table_ids(self, status: str) -> list[str]:
        """The tables in ``status``, oldest first."""
        with _failing(f"listing the tables {status}"), self.engine.connect() as conn:
            rows = conn.execute(
                select(tables.c.id).where(tables.c.status == status).order_by(tables.c.created)
            )
            return [str(r[0]) for r in rows]


def _table_values(row: TableRow) -> dict[str, Any]:
    return {k: getattr(row, k) for k in TableRow.__slots__}


def _seat_values(row: SeatRow) -> dict[str, Any]:
    return {k: getattr(row, k) for k in SeatRow.__slots__}


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


def _safe(url: str) -> str:
    """``url`` with any password hidden, for messages."""
    scheme, sep, rest = url.partition("://")
    if not sep or "@" not in rest:
        return url
    credentials, _, host = rest.rpartition("@")
    user = credentials.split(":", 1)[0]
    return f"{scheme}://{user}:***@{host}" if ":" in credentials else url
