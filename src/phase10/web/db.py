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
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

__all__ = [
    "Database",
    "DatabaseError",
    "MoveRow",
    "SeatRow",
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
class StoredTable:
    table: TableRow
    seats: tuple[SeatRow, ...]
    moves: tuple[MoveRow, ...]


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

    def insert_table(self, row: TableRow, seat_rows: list[SeatRow]) -> None:
        """Store a new table and its seats; ``DatabaseError`` if the id or code is taken."""
        values = {**_table_values(row), "created": row.created or time.time()}
        with _failing(f"storing table {row.id}"):
            try:
                with self.engine.begin() as conn:
                    conn.execute(insert(tables).values(**values))
                    for s in seat_rows:
                        conn.execute(insert(seats).values(table_id=row.id, **_seat_values(s)))
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

    # ------------------------------------------------------------------------ reading

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
            return StoredTable(
                TableRow(**{k: found[k] for k in TableRow.__slots__}),
                tuple(SeatRow(**{k: r[k] for k in SeatRow.__slots__}) for r in seat_rows),
                tuple(MoveRow(**{k: r[k] for k in MoveRow.__slots__}) for r in move_rows),
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
