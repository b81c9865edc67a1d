"""Several ``phase10 serve`` processes on one PostgreSQL database (decision 0009, "Past one
process"): each table is played by exactly one process at a time, the holder of its lease.

A lease is a row of ``table_leases`` (table, owner, expiry in the database's own clock), taken
and renewed with conditional statements: a process takes a table only if nobody holds it, its
holder let it go, or the holder's lease ran out. Every :data:`RENEW_EVERY` seconds a process
renews the leases of the tables in its memory in one statement and lets go of the others; a
lease runs out :data:`LEASE_SECONDS` after its last renewal, so a process killed with
``kill -9`` leaves its tables to the others within a few seconds. A process stops writing to
a table as soon as its own lease may have run out (:meth:`Cluster.fence`, checked before every
write), and the unique key (table, move number) refuses what a process that lost its lease
might still try: one history per table, whatever happens.

A reverse proxy in front (HAProxy, ``docs/deploy/haproxy.cfg``) sends every request about a
table (``/t/<id>``, ``/ws/<id>``, ``/replay/<id>``, ``/api/tables/<id>/...``) to one process
by hashing the table id. Before such a request reaches its route, :class:`ClaimTables` makes
that process the table's holder (:meth:`Cluster.claim`): if another live process holds it,
this one asks it over PostgreSQL's ``LISTEN``/``NOTIFY`` to hand the table over; the holder
closes its connections to the table (close code 1012, "service restart": clients reconnect by
themselves, through the proxy, to the new holder), lets go of the lease and says so, and the
asking process takes the table and loads it from its moves. A dead holder does not answer: its
lease runs out and the asking process takes the table then. Tables in play whose holder died
and that nobody asks for (computers only, or people not back yet) are taken up by whichever
process sweeps first (:meth:`Cluster.adopt`), so their computers go on.

Only PostgreSQL: with SQLite, one process serves, as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import TYPE_CHECKING, Any, Final

from sqlalchemy import Column, Float, MetaData, String, Table, text
from sqlalchemy.exc import SQLAlchemyError

from phase10.kernel.i18n import N_
from phase10.web import tokens
from phase10.web.db import Database, DatabaseError, SeatRow, public_tables

if TYPE_CHECKING:  # the hub imports the table; only the types are needed here
    from phase10.web.hub import Hub
    from phase10.web.live import LiveTable

__all__ = [
    "CHANNEL",
    "CLAIM_WAIT",
    "LEASE_SECONDS",
    "RENEW_EVERY",
    "RESTART_CLOSE",
    "ClaimTables",
    "Cluster",
    "ClusterError",
    "FencedDatabase",
    "check_shared",
    "node_owner",
    "table_in_path",
]

log = logging.getLogger("phase10.web")

#: Seconds between two renewals of a process's leases.
RENEW_EVERY: Final = 0.5
#: Seconds a lease lasts after its last renewal: a dead process's tables move after this.
LEASE_SECONDS: Final = 2.5
#: A process stops writing to a table this long before its lease could run out, so that a
#: process whose event loop stalled never writes after another one may have taken over.
FENCE_MARGIN: Final = 0.5
#: How long a request waits for a table held by another process (its handover, or its dead
#: holder's lease running out) before it is answered "try again".
CLAIM_WAIT: Final = 6.0
#: A dead holder's expired lease is left this long to the process the proxy sends the table's
#: people to, before any other process sweeping for orphans takes it.
ADOPT_GRACE: Final = 1.0
#: The most tables of dead processes one process takes up in one sweep (one a second).
ADOPT_BATCH: Final = 25
#: The ``NOTIFY`` channel the processes of one database talk on.
CHANNEL: Final = "phase10_cluster"
#: WebSocket close code for "this table moved to another process: reconnect" (RFC 6455's
#: "service restart"): clients reconnect as after any drop.
RESTART_CLOSE: Final = 1012

#: Which process holds each table (``owner``; ``NULL``: let go, nobody needs to take it up)
#: and until when, in the database's clock (seconds since 1970). Its own metadata: only a
#: database shared by several processes has it; a SQLite file never does.
leases_metadata = MetaData()
table_leases = Table(
    "table_leases",
    leases_metadata,
    Column("table_id", String(32), primary_key=True),
    # Indexed: every renewal looks up this process's rows among every table ever held.
    Column("owner", String(64), nullable=True, index=True),
    Column("expires", Float, nullable=False),
)

_NOW: Final = "CAST(EXTRACT(EPOCH FROM clock_timestamp()) AS DOUBLE PRECISION)"

_TAKE: Final = text(
    f"""
    INSERT INTO table_leases (table_id, owner, expires)
    SELECT CAST(:table AS VARCHAR), CAST(:owner AS VARCHAR), {_NOW} + :ttl
    WHERE EXISTS (SELECT 1 FROM tables WHERE id = CAST(:table AS VARCHAR))
    ON CONFLICT (table_id) DO UPDATE SET owner = EXCLUDED.owner, expires = EXCLUDED.expires
    WHERE table_leases.owner = :owner
       OR table_leases.owner IS NULL
       OR table_leases.expires < {_NOW}
    RETURNING owner
    """
)
_HOLDER: Final = text(
    f"SELECT owner, expires - {_NOW} FROM table_leases WHERE table_id = CAST(:table AS VARCHAR)"
)
_RENEW: Final = text(
    f"""
    UPDATE table_leases SET expires = {_NOW} + :ttl
    WHERE owner = :owner AND table_id = ANY(:tables)
    RETURNING table_id
    """
)
#: Let go of the leases of tables no longer in memory (finished, evicted): ``owner`` NULL
#: says nobody needs to take them up, unlike a dead holder's lease that ran out.
_LET_GO: Final = text(
    """
    UPDATE table_leases SET owner = NULL, expires = 0
    WHERE owner = :owner AND NOT (table_id = ANY(:tables))
    """
)
#: The tables among ``:tables`` whose lease some process holds now.
_HELD: Final = text(
    f"SELECT table_id FROM table_leases WHERE table_id = ANY(:tables) "
    f"AND owner IS NOT NULL AND expires > {_NOW}"
)
_FORGET_LEASES: Final = text("DELETE FROM table_leases WHERE table_id = ANY(:tables)")
_RELEASE: Final = text(
    "UPDATE table_leases SET owner = NULL, expires = 0 WHERE owner = :owner AND table_id = :table"
)
#: At a clean shutdown: the leases run out at once, so the other processes take the tables
#: up (their computers go on) without waiting.
_EXPIRE_ALL: Final = text("UPDATE table_leases SET expires = 0 WHERE owner = :owner")
_ORPHANS: Final = text(
    f"""
    SELECT t.id FROM tables t LEFT JOIN table_leases l ON l.table_id = t.id
    WHERE t.status = 'playing'
      AND (l.table_id IS NULL OR (l.owner IS NOT NULL AND l.expires < {_NOW} - :grace))
    ORDER BY md5(t.id || :owner)
    LIMIT :limit
    """
)
_NOTIFY: Final = text("SELECT pg_notify(:channel, :payload)")
_QUICK_START: Final = public_tables.c.starts_at


class ClusterError(DatabaseError):
    """Several processes were asked for on a database that cannot share tables (SQLite)."""


def node_owner(node: str | None) -> str:
    """The owner name a process writes in its leases: its node name (``--node``) and a
    random suffix, new at each start, so a restarted process never mistakes the leases of
    its dead predecessor for its own.

    >>> owner = node_owner("a")
    >>> owner.startswith("a:") and len(owner) == 10
    True
    """
    base = (node or secrets.token_hex(3))[:40]
    return f"{base}:{secrets.token_hex(4)}"


def table_in_path(path: str) -> str | None:
    """The table a request is about, from its path, as the proxy hashes it.

    >>> table_in_path("/ws/abc123"), table_in_path("/api/tables/abc123/join")
    ('abc123', 'abc123')
    >>> table_in_path("/api/tables/open"), table_in_path("/"), table_in_path("/t/")
    (None, None, None)
    """
    parts = path.split("/")
    if len(parts) >= 3 and parts[1] in ("t", "ws", "replay"):
        found = parts[2]
    elif len(parts) >= 4 and parts[1] == "api" and parts[2] == "tables":
        found = parts[3]
        if found in ("open", "mine"):
            return None
    else:
        return None
    return found if 0 < len(found) <= 32 else None


def _code_in_path(path: str) -> str | None:
    parts = path.split("/")
    if len(parts) >= 3 and parts[1] == "join":
        return parts[2]
    if len(parts) >= 4 and parts[1] == "api" and parts[2] == "codes":
        return parts[3]
    return None


def _libpq_url(url: str) -> str:
    """``url`` as psycopg itself takes it (without SQLAlchemy's ``+psycopg``).

    >>> _libpq_url("postgresql+psycopg://p10@127.0.0.1:5432/games")
    'postgresql://p10@127.0.0.1:5432/games'
    """
    return "postgresql://" + url.split("://", 1)[1]


def check_shared(url: str) -> None:
    """``ClusterError`` unless the database at ``url`` can be shared by several processes:
    checked before a SQLite file is so much as created for a cluster.

    >>> check_shared("sqlite:///games.db")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    phase10.web.cluster.ClusterError: several processes share tables through PostgreSQL only ...
    """
    if not url.split("://", 1)[0].startswith(("postgresql", "postgres")):
        raise ClusterError(
            "several processes share tables through PostgreSQL only "
            "(--database postgresql://...); with SQLite one process serves"
        )


class FencedDatabase(Database):
    """The database of a process in a cluster: every write to a table first asks
    :attr:`fence` whether this process still holds the table (``DatabaseError`` if not), so
    a process that lost a lease stops writing to that table at once."""

    def __init__(self, url: str) -> None:
        check_shared(url)
        import psycopg  # only here: a server on SQLite never needs it

        # Processes started together on an empty database would create its tables at the
        # same time, and all but one fail: one at a time, under an advisory lock.
        try:
            with psycopg.connect(_libpq_url(url), autocommit=True) as lock:
                lock.execute("SELECT pg_advisory_lock(hashtext(%s))", (CHANNEL,))
                super().__init__(url)
                leases_metadata.create_all(self.engine)
        except (psycopg.Error, SQLAlchemyError) as exc:
            raise DatabaseError(f"cannot open the database for several processes: {exc}") from None
        self.fence: Callable[[str], None] = lambda _table: None

    def append_move(
        self, table_id: str, number: int, seat: int, action: str, action_id: str | None
    ) -> None:
        self.fence(table_id)
        super().append_move(table_id, number, seat, action, action_id)

    def update_seat(self, table_id: str, seat_row: SeatRow) -> None:
        self.fence(table_id)
        super().update_seat(table_id, seat_row)

    def set_status(
        self,
        table_id: str,
        status: str,
        *,
        finished: float | None = None,
        rematch: str | None = None,
    ) -> None:
        self.fence(table_id)
        super().set_status(table_id, status, finished=finished, rematch=rematch)

    def idle_tables(self, before: float, limit: int = 500) -> list[str]:
        """As :meth:`Database.idle_tables`, less the tables some process holds now: one in
        another process's memory (a lobby left open for days, say) is not forgotten under
        it."""
        idle = super().idle_tables(before, limit)
        if not idle:
            return idle
        with self.engine.connect() as conn:
            held = {str(r[0]) for r in conn.execute(_HELD, {"tables": idle})}
        return [t for t in idle if t not in held]

    def forget(self, table_ids: list[str]) -> int:
        """As :meth:`Database.forget`, the tables' leases too."""
        count = super().forget(table_ids)
        if table_ids:
            with self.engine.begin() as conn:
                conn.execute(_FORGET_LEASES, {"tables": table_ids})
        return count


class Cluster:
    """This process's part in a cluster: its leases, their renewal, and the messages it
    exchanges with the other processes. :meth:`start` it in the server's lifespan."""

    def __init__(
        self,
        db: FencedDatabase,
        node: str | None = None,
        *,
        renew_every: float = RENEW_EVERY,
        lease_seconds: float = LEASE_SECONDS,
    ) -> None:
        self.db = db
        self.owner = node_owner(node)
        self.renew_every = renew_every
        self.lease_seconds = lease_seconds
        #: Each table this process holds, with the monotonic time until which it may write.
        self.valid: dict[str, float] = {}
        self.hub: Hub | None = None
        self._released: dict[str, asyncio.Event] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._handing: set[str] = set()
        db.fence = self.fence

    # ------------------------------------------------------------------------ leases

    def fence(self, table_id: str) -> None:
        """``DatabaseError`` unless this process surely still holds ``table_id``."""
        until = self.valid.get(table_id)
        if until is None or time.monotonic() >= until:
            raise DatabaseError(f"table {table_id} is not held by this process ({self.owner})")

    def take(self, table_id: str) -> str | None:
        """Take (or renew) the lease of ``table_id``: ``self.owner`` if this process holds it
        now, another process's owner name if that one does, ``None`` for no such table."""
        return self._take(table_id)[0]

    def _take(self, table_id: str) -> tuple[str | None, float]:
        """:meth:`take`, and for a table another process holds, the seconds its lease has
        left (0 otherwise)."""
        began = time.monotonic()
        params = {"table": table_id, "owner": self.owner, "ttl": self.lease_seconds}
        try:
            with self.db.engine.begin() as conn:
                got = conn.execute(_TAKE, params).scalar()
                if got is None:
                    found = conn.execute(_HOLDER, {"table": table_id}).first()
                    if found is None:
                        return None, 0.0
                    return str(found[0]), max(0.0, float(found[1]))
        except SQLAlchemyError as exc:
            raise DatabaseError(f"taking table {table_id}: {exc}") from None
        self.valid[table_id] = began + self.lease_seconds - FENCE_MARGIN
        return self.owner, 0.0

    def ensure(self, table_id: str) -> None:
        """Make sure this process holds ``table_id`` before the hub loads it; a table held
        by another live process is asked for, and the caller told to try again (503)."""
        from phase10.web.live import TableError

        if table_id in self.valid:
            return
        holder = self.take(table_id)
        if holder is None or holder == self.owner:
            return
        self.notify("handover", table_id)
        raise TableError.said(
            503, N_("the table is moving to another server; try again in a moment")
        )

    async def claim(self, table_id: str, wait: float = CLAIM_WAIT) -> None:
        """Hold ``table_id`` and have it in memory, resumed, waiting up to ``wait`` seconds
        for its holder to hand it over (or for a dead holder's lease to run out). Nothing
        happens for an unknown table; a table not got in time is left to the route, whose
        load answers "try again"."""
        hub = self.hub
        if hub is None or table_id in hub.tables:
            return
        deadline = time.monotonic() + wait
        asked: float | None = None
        try:
            while True:
                try:
                    holder, left = self._take(table_id)
                except DatabaseError as exc:  # the route's own load meets the same failure
                    log.error("cluster: %s", exc)
                    return
                if holder is None:
                    return
                if holder == self.owner:
                    self._load(hub, table_id)
                    return
                now = time.monotonic()
                if now >= deadline:
                    return
                if asked is None or now - asked >= 1.0:  # again: another may have taken it up
                    self.notify("handover", table_id)
                    asked = now
                # Until the holder says it let go, or its lease runs out (a dead holder), or
                # it is time to ask again: no polling of the database meanwhile.
                event = self._released.setdefault(table_id, asyncio.Event())
                pause = min(left + 0.05, asked + 1.0 - now, deadline - now)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(event.wait(), max(0.01, pause))
                event.clear()
        finally:
            self._released.pop(table_id, None)

    def _load(self, hub: Hub, table_id: str) -> None:
        if table_id in hub.tables:
            return
        try:
            table = hub.get(table_id)
        except Exception as exc:  # a table that cannot be replayed: the route says so
            log.error("cluster: loading table %s: %s", table_id, exc)
            return
        if table is not None:
            log.info("cluster: table %s is played here now (%s)", table_id, table.status)
            if table.status == "playing":
                table.kick()  # its persons' seats are held (Hub.get): the computers go on
            self._resume_quick(hub, table)

    def _resume_quick(self, hub: Hub, table: LiveTable) -> None:
        """A waiting quick-match table that moved here waits for its start here."""
        if table.status != "waiting" or table.starts_at is not None:
            return
        from sqlalchemy import select

        from phase10.web import public

        with self.db.engine.connect() as conn:
            starts_at = conn.execute(
                select(_QUICK_START).where(public_tables.c.table_id == table.id)
            ).scalar()
        if starts_at is not None:
            public.wait_for_start(hub, table, float(starts_at))

    async def adopt(self) -> int:
        """Take up the tables in play whose holder died (its lease ran out a while ago) or
        that no process ever held (a database one process served before), so their
        computers go on; returns how many this process took. At most :data:`ADOPT_BATCH`
        at a time, the event loop free between two (each is replayed from its moves): a
        process that takes up a dead one's thousand tables stays responsive meanwhile, and
        the others take their share."""
        hub = self.hub
        if hub is None:
            return 0
        with self.db.engine.connect() as conn:
            # Each process in its own order (by its name): they take up different tables.
            found = {"grace": ADOPT_GRACE, "limit": ADOPT_BATCH, "owner": self.owner}
            rows = conn.execute(_ORPHANS, found)
            orphans = [str(r[0]) for r in rows]
        count = 0
        for table_id in orphans:
            if table_id not in hub.tables and self.take(table_id) == self.owner:
                self._load(hub, table_id)
                count += 1
            await asyncio.sleep(0)
        if count:
            log.info("cluster: took up %s of a process that stopped", _counted(count))
        return count

    def renew(self) -> None:
        """Renew the leases of the tables in memory, let go of the others; a table whose
        lease another process took meanwhile leaves this process at once."""
        hub = self.hub
        if hub is None:
            return
        ids = list(hub.tables)
        began = time.monotonic()
        params = {"owner": self.owner, "tables": ids, "ttl": self.lease_seconds}
        with self.db.engine.begin() as conn:
            kept = {str(r[0]) for r in conn.execute(_RENEW, params)}
            conn.execute(_LET_GO, params)
        until = began + self.lease_seconds - FENCE_MARGIN
        self.valid = dict.fromkeys(kept, until)
        for table_id in ids:
            if table_id not in kept and table_id not in self._handing:
                table = hub.tables.get(table_id)
                if table is not None:
                    log.warning("cluster: lost the lease of table %s", table_id)
                    _leave(hub, table)

    async def hand_over(self, table_id: str, to: str = "") -> None:
        """Another process asks for ``table_id``: close its connections here (they
        reconnect there), let go of its lease and say so."""
        hub = self.hub
        if hub is None or table_id in self._handing:
            return
        self._handing.add(table_id)
        try:
            table = hub.tables.get(table_id)
            if table is not None:
                async with table.lock:  # no move half made: the last one is stored
                    self.valid.pop(table_id, None)
                    _leave(hub, table)
            else:
                self.valid.pop(table_id, None)
            with self.db.engine.begin() as conn:
                conn.execute(_RELEASE, {"owner": self.owner, "table": table_id})
            self.notify("released", table_id)
            log.info("cluster: handed table %s over to %s", table_id, to or "another process")
        except Exception as exc:
            log.error("cluster: handing table %s over: %s", table_id, exc)
        finally:
            self._handing.discard(table_id)

    # ------------------------------------------------------------------------ messages

    def notify(self, kind: str, table_id: str) -> None:
        """Tell the other processes ``kind`` about ``table_id`` (one short statement)."""
        payload = json.dumps({"kind": kind, "table": table_id, "from": self.owner})
        try:
            with self.db.engine.begin() as conn:
                conn.execute(_NOTIFY, {"channel": CHANNEL, "payload": payload})
        except Exception as exc:
            log.error("cluster: telling the others about table %s: %s", table_id, exc)

    def _heard(self, payload: str) -> None:
        try:
            message = json.loads(payload)
            kind, table_id, sender = message["kind"], str(message["table"]), message["from"]
        except (ValueError, KeyError, TypeError):
            log.warning("cluster: unreadable message %r", payload[:200])
            return
        if sender == self.owner:
            return
        if kind == "handover" and (table_id in self.valid or table_id in _tables(self.hub)):
            self._spawn(self.hand_over(table_id, str(sender)))
        elif kind == "released":
            event = self._released.get(table_id)
            if event is not None:
                event.set()

    async def _listen(self) -> None:
        """Hear the other processes on a connection of its own (psycopg's ``notifies``);
        reconnect after a failure."""
        import psycopg

        url = _libpq_url(self.db.url)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    async for note in conn.notifies():
                        self._heard(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.error("cluster: listening: %s; again in 1 s", exc)
                await asyncio.sleep(1.0)

    async def _keep(self) -> None:
        """Renew every ``renew_every`` seconds; take up orphaned tables every second."""
        ticks = 0
        while True:
            try:
                self.renew()
                ticks += 1
                if ticks % max(1, round(1.0 / self.renew_every)) == 0:
                    await self.adopt()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the fence stops writes until a renewal succeeds
                log.error("cluster: renewing leases: %s", exc)
            await asyncio.sleep(self.renew_every)

    def _spawn(self, work: Awaitable[None]) -> None:
        async def run() -> None:
            await work

        task = asyncio.get_running_loop().create_task(run())
        self._tasks.append(task)
        task.add_done_callback(lambda done: self._tasks.remove(done))

    def peek(self, table_id: str) -> LiveTable | None:
        """``table_id`` to read, not to play: this process's own, or one held elsewhere as
        the database has it (not kept, not taken: a lobby's list takes nothing from anyone)."""
        hub = self.hub
        if hub is None:
            return None
        table = hub.tables.get(table_id)
        if table is not None:
            return table
        stored = self.db.load(table_id)
        if stored is None:
            return None
        from phase10.web.live import LiveTable

        return LiveTable(
            hub, stored.table, list(stored.seats), None, turn_seconds=stored.turn_seconds
        )

    # ------------------------------------------------------------------------ life

    def install(self, app: Any, hub: Hub) -> None:
        """Make ``app`` (over ``hub``) a process of this cluster: the hub asks for leases,
        requests about a table wait until this process holds it."""
        self.hub = hub
        hub.cluster = self
        app.add_middleware(ClaimTables, cluster=self)

    async def start(self, hub: Hub) -> None:
        """Join the cluster: listen, then keep the leases of ``hub``'s tables."""
        self.hub = hub
        loop = asyncio.get_running_loop()
        self._tasks.append(loop.create_task(self._listen()))
        self._tasks.append(loop.create_task(self._keep()))
        log.info("cluster: this process is %s", self.owner)

    async def stop(self) -> None:
        """Leave: stop renewing, and let the leases run out at once for the others."""
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):
                await task
        self.valid.clear()
        try:
            with self.db.engine.begin() as conn:
                conn.execute(_EXPIRE_ALL, {"owner": self.owner})
        except Exception as exc:
            log.error("cluster: leaving: %s", exc)


def _counted(count: int) -> str:
    """``1 table``, ``3 tables``: the log is English, counted right.

    >>> _counted(1), _counted(2)
    ('1 table', '2 tables')
    """
    return f"{count} table" if count == 1 else f"{count} tables"


def _tables(hub: Hub | None) -> MutableMapping[str, Any]:
    return {} if hub is None else hub.tables


def _leave(hub: Hub, table: LiveTable) -> None:
    """``table`` is no longer this process's: out of memory and inert (``Hub.evict``), its
    connections closed with "service restart" so they reconnect to its new holder."""
    for client in [c for s in table.seats for c in s.clients] + list(table.spectators):
        client.close(RESTART_CLOSE, "the table moved to another server")
    hub.evict(table)


class ClaimTables:
    """ASGI middleware: a request about a table (by id in the path, or by invite code) waits
    until this process holds the table (:meth:`Cluster.claim`) before its route runs."""

    def __init__(self, app: Any, cluster: Cluster) -> None:
        self.app = app
        self.cluster = cluster

    async def __call__(
        self,
        scope: MutableMapping[str, Any],
        receive: Callable[[], Awaitable[Any]],
        send: Callable[[Any], Awaitable[None]],
    ) -> None:
        if scope["type"] in ("http", "websocket"):
            path = str(scope.get("path", ""))
            table_id = table_in_path(path)
            if table_id is None:
                code = _code_in_path(path)
                if code is not None:
                    table_id = self._by_code(code)
            if table_id is not None:
                await self.cluster.claim(table_id)
        await self.app(scope, receive, send)

    def _by_code(self, code: str) -> str | None:
        try:
            return self.cluster.db.table_for_code(tokens.normalise_code(code)[:16])
        except DatabaseError:
            return None
