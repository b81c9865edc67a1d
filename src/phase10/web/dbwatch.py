"""Notice a database that is gone or replaced under a running server, before a move is
acknowledged into it.

A SQLite file deleted or moved away while the server runs does not stop SQLite: the open
file is written on as before (an unlinked inode, or a file under another name), every
commit succeeds, and a restarted server opens whatever is at the path then, without those
moves. A PostgreSQL database dropped and made again (or another one restored under its name)
is reached by the next new connection as if it were the same. Either way the server would
acknowledge moves that no restarted server replays.

So every database gets an identity when its schema is created: one row, a random id, in a
table of its own (:data:`identity_table`). The server reads it when it opens the database,
and :class:`DatabaseWatch` checks in the last moment of every write transaction (SQLAlchemy's
``commit`` event, before the database's own commit):

* for a SQLite file, that the path still names the file opened (``os.stat``: same device,
  same inode): a file deleted, moved away, or replaced by another file is refused at once;
* that the identity row still holds the id read at start, with one query on the
  transaction's own connection: on its first commit, then at most every
  :data:`IDENTITY_EVERY` seconds. A connection is bound to its database for life (a
  PostgreSQL database is dropped only with its connections), so a database dropped and made
  again is reached by a new connection, checked before its first commit; only a database's
  content replaced under a live connection (a dump of another one restored into it, a SQLite
  file overwritten in place) can take moves for up to that long. Checking every commit would
  cost a round trip per move on PostgreSQL (about 0.1 ms on the loopback, a network's
  latency on another machine) for that one case.

A failed check raises :class:`DatabaseReplacedError`, which rolls the transaction back; the
store's methods turn it into their ``DatabaseError`` like any other failure of the database,
so a move meets the protocol's ``server`` error and nothing is acknowledged. ``/healthz``
runs the same checks (:meth:`DatabaseWatch.problem`) and fails while one fails.

The checks are not sticky: a file moved back, or the same database back, passes again (what
it holds is what this server wrote). What they cannot see is the same database restored from
an older copy: same identity, fewer moves.

>>> from sqlalchemy import create_engine
>>> engine = create_engine("sqlite://")
>>> watch = DatabaseWatch.open(engine)
>>> len(watch.identity), watch.problem()
(32, None)
>>> DatabaseWatch.open(engine).identity == watch.identity  # read again, not made anew
True
"""

from __future__ import annotations

import logging
import os
import secrets
import time
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import Column, Float, Integer, MetaData, String, Table, event, insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

__all__ = ["IDENTITY_EVERY", "DatabaseReplacedError", "DatabaseWatch", "Problem", "identity_table"]

log = logging.getLogger("phase10.web")

#: The table of the database's identity: one row (``slot`` 1), written when the schema is
#: created. Its own metadata: the store's tables know nothing of it.
identity_metadata: Final = MetaData()
identity_table: Final = Table(
    "database_identity",
    identity_metadata,
    # A fixed key: two servers creating the schema at once cannot both write an identity.
    Column("slot", Integer, primary_key=True, autoincrement=False),
    Column("id", String(64), nullable=False),
    Column("created", Float, nullable=False),
)

#: The longest a connection goes between two checks of the identity, in seconds (module
#: docstring): at most one short query a second per connection.
IDENTITY_EVERY: Final = 1.0
#: Where a connection keeps when it last found the identity right (``time.monotonic``);
#: SQLAlchemy clears a connection's ``info`` when it replaces the connection.
_CHECKED: Final = "phase10_identity_checked"

# Run on the transaction's own DB-API cursor: no SQLAlchemy statement inside its commit.
_READ_IDENTITY: Final = "SELECT id FROM database_identity WHERE slot = 1"


class DatabaseReplacedError(SQLAlchemyError):
    """The database is not the one this server opened (or cannot be checked); raised before
    a commit, which then does not happen. A ``SQLAlchemyError``, so the store reports it as
    it reports any failure of its database."""


@dataclass(frozen=True, slots=True)
class Problem:
    """Why the database is not usable: a ``reason`` code and a sentence for anyone (neither
    names a file), and a ``detail`` for the server's log."""

    reason: str
    text: str
    detail: str


_GONE: Final = "the database file is gone: it was deleted, moved or replaced"
_REPLACED: Final = "the database is not the one this server opened"
_UNREACHABLE: Final = "the database cannot be reached"


class DatabaseWatch:
    """Checks that the database under ``engine`` is still the one opened (module docstring).

    Made by :meth:`open`, which writes or reads the identity and hooks the checks into every
    commit of ``engine``.
    """

    def __init__(self, engine: Engine, identity: str, path: str | None) -> None:
        self.engine = engine
        #: The database's identity, read (or written) when it was opened.
        self.identity = identity
        #: The SQLite file's path (``None``: no file, PostgreSQL or in memory).
        self.path = path
        self._file = _file_key(path) if path is not None else None
        self._last: Problem | None = None

    @classmethod
    def open(cls, engine: Engine) -> DatabaseWatch:
        """The watch of ``engine``'s database: its identity written if it has none, read
        otherwise; from now on each commit on ``engine`` checks it first.

        SQLAlchemy errors go to the caller (the store reports them as its own)."""
        identity_metadata.create_all(engine)
        identity = _read_or_write_identity(engine)
        path = _sqlite_path(engine)
        watch = cls(engine, identity, path)
        event.listen(engine, "commit", watch._before_commit)
        return watch

    @property
    def last(self) -> Problem | None:
        """What the latest check found (``None``: all well, or no check yet)."""
        return self._last

    # ------------------------------------------------------------------------ checks

    def file_problem(self) -> Problem | None:
        """Whether the SQLite file at the path is still the one opened: one ``os.stat``."""
        if self.path is None or self._file is None:
            return None
        try:
            now = _file_key(self.path)
        except OSError as exc:
            return Problem("database_gone", _GONE, f"{self.path}: {exc.strerror or exc}")
        if now != self._file:
            return Problem("database_gone", _GONE, f"{self.path} is another file now")
        return None

    def identity_problem(self, cursor: Any) -> Problem | None:
        """Whether the database ``cursor`` (a DB-API cursor) reads holds this identity."""
        try:
            cursor.execute(_READ_IDENTITY)
            row = cursor.fetchone()
        except Exception as exc:  # any driver's error: the identity cannot be read
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            return Problem("database_replaced", _REPLACED, f"no identity can be read: {first}")
        found = None if row is None else str(row[0])
        if found != self.identity:
            return Problem(
                "database_replaced",
                _REPLACED,
                f"its identity is {found or 'missing'}, not {self.identity}",
            )
        return None

    def problem(self) -> Problem | None:
        """Every check, for ``/healthz``: the file (if any), then one query for the
        identity on a connection of the pool; ``None`` when all is well. A change is
        logged once, not at each call."""
        found = self.file_problem()
        if found is None:  # a file gone is not opened again: that would make an empty one
            try:
                with self.engine.connect() as conn:
                    cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
                    try:
                        found = self.identity_problem(cursor)
                    finally:
                        cursor.close()
            except SQLAlchemyError as exc:
                first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
                found = Problem("database_unreachable", _UNREACHABLE, first)
        self._note(found)
        return found

    def _before_commit(self, conn: Any) -> None:
        found = self.file_problem()
        info = conn.connection.info
        now = time.monotonic()
        checked = info.get(_CHECKED)
        if found is None and (checked is None or now - checked >= IDENTITY_EVERY):
            cursor = conn.connection.dbapi_connection.cursor()
            try:
                found = self.identity_problem(cursor)
            finally:
                cursor.close()
            if found is None:
                info[_CHECKED] = now
        if found is not None:
            self._note(found)
            raise DatabaseReplacedError(f"{found.text} ({found.detail})")
        if self._last is not None:
            self._note(None)

    def _note(self, found: Problem | None) -> None:
        if found == self._last:
            return
        if found is None:
            log.warning("the database is the one this server opened again")
        else:
            log.error("%s: %s; moves are refused until it is back", found.text, found.detail)
        self._last = found


def _file_key(path: str) -> tuple[int, int]:
    info = os.stat(path)
    return info.st_dev, info.st_ino


def _sqlite_path(engine: Engine) -> str | None:
    """The file of a SQLite database (``None``: not SQLite, in memory, or a URI name)."""
    url = engine.url
    name = url.database
    if url.get_backend_name() != "sqlite" or not name or name == ":memory:":
        return None
    if name.startswith("file:") or url.query.get("uri"):
        return None
    return os.path.abspath(name)


def _read_or_write_identity(engine: Engine) -> str:
    with engine.connect() as conn:
        found = conn.execute(select(identity_table.c.id).where(identity_table.c.slot == 1))
        existing = found.scalar()
    if existing is not None:
        return str(existing)
    made = secrets.token_hex(16)
    try:
        with engine.begin() as conn:
            conn.execute(insert(identity_table).values(slot=1, id=made, created=time.time()))
    except IntegrityError:  # another server wrote it first: theirs is the identity
        pass
    with engine.connect() as conn:
        found = conn.execute(select(identity_table.c.id).where(identity_table.c.slot == 1))
        return str(found.scalar_one())
