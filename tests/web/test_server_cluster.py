"""Several ``phase10 serve`` processes on one PostgreSQL database behind HAProxy (decision
0009, "Past one process"; ``phase10.web.cluster``).

Three server processes (``--node a``, ``b``, ``c``) share a throw-away PostgreSQL database;
HAProxy runs the documented configuration (``docs/deploy/haproxy.cfg``) with this test's
ports. A person plays through the proxy with the project's own reconnecting client
(``phase10.online.connection.Connection``, as ``phase10 join`` does), against two computer
players. In the middle of the hand, with one of the person's moves on its way, the process
that holds the table is killed with SIGKILL. Then:

- within 5 seconds another process holds the table and acknowledges the person's next move
  (the one in flight, sent again by the client with the same id, or a new one), and the
  computers play there;
- the client reconnected by itself (it went "lost", then "back", with no help from the test);
- every move the client saw acknowledged is in the database under its version, with its id
  and action: none lost, and the stored moves are numbered 1, 2, 3... without a gap.

Before the kill, a request about the table sent straight to another process takes the table
there: the holder hands it over, closing its connections with 1012, and the person's client
brings it back through the proxy by itself.

Two processes in this test's own event loop check the rest: a process whose lease another
took stores no more of that table's moves; a waiting quick-match table that moves starts where
it went. With SQLite, ``serve --node`` is refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import text
from websockets.exceptions import ConnectionClosed

from phase10.online.connection import BACK, LOST, Connection
from phase10.online.links import Target
from phase10.web.cluster import RESTART_CLOSE, Cluster, ClusterError, FencedDatabase
from phase10.web.db import Database, DatabaseError, sqlite_url
from phase10.web.hub import Hub
from phase10.web.live import Client, TableError
from phase10.web.protocol import CreateTable, QuickMatch
from phase10.web.public import quick_match
from phase10.web.thinking import Thinker

from .conftest import LOOPBACK, LiveServer, PostgresServer, StartLiveServer, free_port
from .serverkit import Player, choose, create_table, start

CONFIG = Path(__file__).resolve().parents[2] / "docs" / "deploy" / "haproxy.cfg"
NODES = ("a", "b", "c")
SERVE_ARGS = ("--bot-delay", "0.05", "--bot-workers", "0", "--hold", "60")
#: decision 0009: a dead process's tables go on elsewhere within this many seconds.
FAILOVER_SECONDS = 5.0
_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def haproxy_program() -> str:
    found = shutil.which("haproxy") or shutil.which("haproxy", path="/usr/sbin:/usr/local/sbin")
    if found is None:
        pytest.fail(
            "HAProxy is not installed; run `make test`, or `bash scripts/test-services.sh` "
            "as root (it installs the Debian package haproxy)."
        )
    return found


def proxy_config(port: int, servers: dict[str, int]) -> str:
    """The documented configuration, listening on ``port``, in front of ``servers``."""
    lines = []
    for line in CONFIG.read_text().splitlines():
        if re.match(r"\s*server\s", line):
            continue
        lines.append(re.sub(r"^(\s*bind\s+)\S+", rf"\g<1>{LOOPBACK}:{port}", line))
    lines += [f"    server {name} {LOOPBACK}:{p}" for name, p in servers.items()]
    return "\n".join(lines) + "\n"


@contextlib.contextmanager
def haproxy(folder: Path, servers: dict[str, int]) -> Iterator[str]:
    """HAProxy on a free loopback port in front of ``servers``; its URL. Stopped after."""
    program = haproxy_program()
    for _attempt in range(3):
        port = free_port()
        config = folder / "haproxy.cfg"
        config.write_text(proxy_config(port, servers))
        log = (folder / "haproxy.log").open("ab")
        process = subprocess.Popen(
            [program, "-db", "-f", str(config)],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        url = f"http://{LOOPBACK}:{port}"
        try:
            if _wait_healthy(process, url):
                # The health checks see every server up (rise 2, every 250 ms).
                time.sleep(1.0)
                yield url
                return
        finally:
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            log.close()
    pytest.fail(f"HAProxy did not start:\n{(folder / 'haproxy.log').read_text(errors='replace')}")


def _wait_healthy(process: subprocess.Popen[bytes], url: str) -> bool:
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False  # most likely the port was taken meanwhile
        with (
            contextlib.suppress(urllib.error.URLError, OSError),
            _DIRECT.open(f"{url}/healthz", timeout=2) as response,
        ):
            if response.status == 200:
                return True
        time.sleep(0.1)
    return False


def holder(db: Database, table: str) -> str | None:
    """The node whose process holds ``table`` now (``None``: nobody)."""
    with db.engine.connect() as conn:
        owner = conn.execute(
            text("SELECT owner FROM table_leases WHERE table_id = :t"), {"t": table}
        ).scalar()
    return None if owner is None else str(owner).split(":", 1)[0]


def states_count(person: Person, state: str) -> int:
    return sum(1 for _at, seen in person.states if seen == state)


class Person:
    """The person's side: what the reconnecting client heard, and the moves it made."""

    def __init__(self) -> None:
        self.view: dict[str, Any] | None = None
        self.version = -1
        self.states: list[tuple[float, str]] = []
        #: Each acknowledged move: its id, the version the server gave it, and when.
        self.acks: dict[str, tuple[int, float]] = {}
        self.actions: dict[str, dict[str, Any]] = {}
        self.errors: list[dict[str, Any]] = []
        self.acted_at = -1

    def on_message(self, message: dict[str, Any]) -> bool:
        kind = message.get("type")
        if kind == "update":
            self.view, self.version = message["view"], message["version"]
        elif kind == "ack":
            self.acks.setdefault(message["id"], (message["version"], time.monotonic()))
        elif kind == "error":
            self.errors.append(message)
            self.acted_at = -1  # look again at the next view
        return False

    def on_state(self, state: str, _status: int | None) -> None:
        self.states.append((time.monotonic(), state))

    @property
    def my_turn(self) -> bool:
        view = self.view
        return bool(view and view["legal"] and view["current"] == view["seat"])


def computer_moved_after(db: Database, table: str, version: int) -> bool:
    """Whether a seat other than the person's has a stored move numbered past ``version``."""
    stored = db.load(table)
    return stored is not None and any(m.seat != 0 and m.number > version for m in stored.moves)


def ready(connection: Connection, person: Person) -> bool:
    """Whether the person may move now: their turn, connected, nothing in flight."""
    idle = connection.connected and connection.pending is None
    return idle and person.my_turn and person.acted_at != person.version


async def move(connection: Connection, person: Person, rng: random.Random) -> None:
    """Send one move (the caller knows the person is :func:`ready`)."""
    assert person.view is not None
    action = choose(person.view, rng)
    person.acted_at = person.version
    await connection.act(person.version, action)
    assert connection.pending is not None
    person.actions[connection.pending["id"]] = action


async def play(
    connection: Connection, person: Person, rng: random.Random, until: Any, timeout: float
) -> None:
    """The person moves whenever they are :func:`ready`, until ``until()``."""
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, (
            f"not there in {timeout} s: {person.states}, version {person.version}, "
            f"errors {person.errors[-3:]}"
        )
        if ready(connection, person):
            await move(connection, person, rng)
        await asyncio.sleep(0.02)


async def hand_over_and_back(
    proxy: str, servers: dict[str, LiveServer], db: Database, table: str
) -> None:
    """A request about the table reaches a process that does not hold it: the holder hands
    the table over (its connections closed with 1012, "service restart"); the person's
    client, reconnecting through the proxy, brings it back to the process the proxy picks."""
    first = holder(db, table)
    assert first in servers
    watcher = await asyncio.to_thread(Player, "ws" + proxy.removeprefix("http"), table, None)
    try:
        await asyncio.to_thread(watcher.until, lambda m: m["type"] == "welcome")
        other = next(node for node in servers if node != first)
        answer = await asyncio.to_thread(
            httpx.get, f"{servers[other].url}/api/tables/{table}", trust_env=False, timeout=20
        )
        assert answer.status_code == 200, answer.text
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.to_thread(watcher.until, lambda _m: False, 10)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == RESTART_CLOSE
    finally:
        watcher.close()


def test_a_table_goes_on_in_another_process_after_kill_9_of_its_holder(
    live_server: StartLiveServer,
    postgres_server: PostgresServer,
    tmp_path: Path,
) -> None:
    """Decision 0009, "Past one process": kill -9 of the table's process mid-hand loses no
    acknowledged move, and the game goes on in another process within 5 s."""
    url = postgres_server.create_database()
    # Started side by side: each spends its first seconds importing.
    with ThreadPoolExecutor(len(NODES)) as pool:
        started = pool.map(
            lambda node: live_server(url, extra_args=(*SERVE_ARGS, "--node", node)), NODES
        )
        servers: dict[str, LiveServer] = dict(zip(NODES, started, strict=True))
    db = Database(url)
    rng = random.Random(29)
    with haproxy(tmp_path, {n: s.port for n, s in servers.items()}) as proxy:
        with httpx.Client(base_url=proxy, timeout=20, trust_env=False) as http:
            seats = [{"kind": "person"}] + [{"kind": "bot", "level": "easy"}] * 2
            made = create_table(http, seats, hold_seconds=600)
            table, token = made["table"], made["token"]
            start(http, table, token)

        person = Person()
        killed: dict[str, Any] = {}

        async def scenario() -> None:
            target = Target(proxy, table, None)
            connection = Connection(target, table, token, "en", person.on_message, person.on_state)
            running = asyncio.create_task(connection.run())
            try:
                await play(connection, person, rng, lambda: len(person.acks) >= 2, 30)
                await hand_over_and_back(proxy, servers, db, table)
                await play(connection, person, rng, lambda: len(person.acks) >= 4, 30)
                # Mid-hand, the person's move on its way: its process dies.
                node = holder(db, table)
                assert node in servers, node
                await play(connection, person, rng, lambda: ready(connection, person), 10)
                await move(connection, person, rng)
                killed.update(node=node, version=person.version)
                await asyncio.to_thread(servers[node].kill)
                killed["at"] = time.monotonic()
                before = len(person.acks)
                # Four moves of the person's may all fall in one turn (a draw, a lay-down,
                # hits), so play on until a computer has moved too.
                await play(
                    connection,
                    person,
                    rng,
                    lambda: (
                        len(person.acks) >= before + 4
                        and computer_moved_after(db, table, killed["version"])
                    ),
                    30,
                )
            finally:
                await connection.close()
                running.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await running

        asyncio.run(scenario())

    # The table went on in another process within 5 s: the first answer after the kill.
    after = sorted(at for _version, at in person.acks.values() if at > killed["at"])
    assert after, "no move acknowledged after the kill"
    assert after[0] - killed["at"] < FAILOVER_SECONDS, after[0] - killed["at"]
    now_held_by = holder(db, table)
    assert now_held_by in NODES
    assert now_held_by != killed["node"]
    stored = db.load(table)
    assert stored is not None
    numbers = [m.number for m in stored.moves]
    assert numbers == list(range(1, len(numbers) + 1))
    computers_after = [m for m in stored.moves if m.seat != 0 and m.number > killed["version"]]
    assert computers_after, "the computers did not play after the kill"

    # The client reconnected by itself, after the handover and after the kill.
    states = [state for _at, state in person.states]
    assert states_count(person, LOST) == 2, states
    assert states_count(person, BACK) == 2, states

    # No acknowledged move lost: each is stored under its version, with its id and action.
    by_number = {m.number: m for m in stored.moves}
    for action_id, (version, _at) in person.acks.items():
        kept = by_number.get(version)
        assert kept is not None, f"acknowledged move {version} is not stored"
        assert (kept.seat, kept.action_id) == (0, action_id)
        assert json.loads(kept.action) == person.actions[action_id]
    db.close()


def test_a_process_that_lost_a_lease_writes_no_more_to_that_table(
    postgres_server: PostgresServer,
) -> None:
    """Decision 0009, "Past one process": a table is held by one process at a time; once
    another has taken the table (the holder's lease ran out, as when it stalls), the old
    holder drops the table at its next renewal and refuses to store its moves."""
    url = postgres_server.create_database()

    async def scenario() -> None:
        with Thinker(workers=0) as thinker:
            one_db, two_db = FencedDatabase(url), FencedDatabase(url)
            one, two = Cluster(one_db, "one"), Cluster(two_db, "two")
            one_hub, two_hub = Hub(one_db, thinker), Hub(two_db, thinker)
            one.hub, one_hub.cluster = one_hub, one
            two.hub, two_hub.cluster = two_hub, two
            seats = [{"kind": "person"}, {"kind": "bot", "level": "easy"}]
            spec = CreateTable.model_validate({"game": "phase10", "name": "Ann", "seats": seats})
            table, _token = await one_hub.create(spec)
            assert two.take(table.id) == one.owner
            with pytest.raises(TableError) as moving:
                two_hub.get(table.id)
            assert moving.value.status == 503
            with one_db.engine.begin() as conn:  # as if "one" had stalled past its lease
                conn.execute(text("UPDATE table_leases SET expires = 0"))
            assert two.take(table.id) == two.owner
            assert two_hub.get(table.id) is not None
            one.renew()
            assert table.id not in one_hub.tables
            with pytest.raises(DatabaseError, match="not held by this process"):
                one_db.append_move(table.id, 1, 0, '{"type": "draw"}', None)
            two_db.append_move(table.id, 1, 0, '{"type": "draw"}', None)
            one_hub.close()
            two_hub.close()
            one_db.close()
            two_db.close()

    asyncio.run(scenario())


def test_several_processes_need_postgresql(tmp_path: Path) -> None:
    """With SQLite one process serves: ``serve --node`` on a SQLite file is refused, with a
    message that says why, and stores nothing."""
    database = tmp_path / "games.db"
    with pytest.raises(ClusterError, match="PostgreSQL only"):
        FencedDatabase(sqlite_url(str(database)))
    served = subprocess.run(
        [sys.executable, "-m", "phase10", "serve", "--node", "a", "--port", str(free_port()),
         "--database", sqlite_url(str(database))],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert served.returncode != 0
    assert "PostgreSQL only" in served.stderr
    assert not database.exists()


def test_a_quick_match_table_that_moves_to_another_process_starts_there(
    postgres_server: PostgresServer,
) -> None:
    """Decision 0014's quick match across processes: a waiting quick-match table handed over
    to another process (its person's connection went there) starts there, by itself, with
    computers in the free seats; the process it left never starts it."""
    url = postgres_server.create_database()

    async def scenario() -> None:
        with Thinker(workers=0) as thinker:
            one_db, two_db = FencedDatabase(url), FencedDatabase(url)
            one, two = Cluster(one_db, "one"), Cluster(two_db, "two")
            one_hub = Hub(one_db, thinker, bot_delay=0, quick_wait=0.5)
            two_hub = Hub(two_db, thinker, bot_delay=0, quick_wait=0.5)
            one_hub.cluster, two_hub.cluster = one, two
            await one.start(one_hub)
            await two.start(two_hub)
            try:
                await asyncio.sleep(0.3)  # both listen
                left, _seat, token = await quick_match(one_hub, QuickMatch(name="Ann"))
                await two.claim(left.id)
                assert left.id not in one_hub.tables
                moved = two_hub.tables[left.id]
                moved.attach(Client(lang="en"), token, -1)
                deadline = time.monotonic() + 10
                while moved.status != "playing":
                    assert time.monotonic() < deadline, "the moved table did not start"
                    await asyncio.sleep(0.05)
                assert left.status == "waiting"
                stored = two_db.load(left.id)
                assert stored is not None
                assert stored.table.status == "playing"
                assert [s.kind for s in stored.seats][1:] == ["bot"] * (len(stored.seats) - 1)
            finally:
                one_hub.close()
                two_hub.close()
                await one.stop()
                await two.stop()
                one_db.close()
                two_db.close()

    asyncio.run(scenario())
