"""How much play one ``phase10 serve`` carries: a load benchmark on this machine's loopback.

Starts the server in a subprocess (``--bot-delay 0``, a temporary SQLite file unless
``--database`` names another, listening on 127.0.0.1 only), creates ``--tables`` tables, each
with ``--clients`` scripted people and ``--computers`` computer players at ``--level`` (the
fastest level is ``easy``), opens one WebSocket per person in this one process (asyncio and the
``websockets`` client), and lets every table play for ``--seconds``. A person plays a random
legal move as soon as it is their turn (mostly a lay or a hit when there is one).

Prints:

- action-to-broadcast latency, p50 / p90 / p99 / max: from sending an ``act`` to receiving the
  ``update`` that contains it (the first update past the version the move was made against);
- moves per second: every seat's moves, people's and computers', from the tables' versions;
- server memory per table: the server process's resident memory (``VmRSS`` of
  ``/proc/PID/status``) with every table open and playing, less before any table, divided by
  the number of tables; and the computer workers' memory, which does not grow with tables.

With ``--processes N`` (N above 1; decision 0009, "Past one process"), N server processes
(``--node n1`` ... ``nN``) share the ``--database`` PostgreSQL database behind HAProxy, run with
``docs/deploy/haproxy.cfg`` on free ports; memory and CPU are those of all N processes, and
the proxy's own CPU per move is shown beside them.

Everything is bounded: at most 5,000 tables and 600 seconds of play; the server is stopped at
the end whatever happens. Traffic goes only to 127.0.0.1.

Run: ``.venv/bin/python benchmarks/web_load.py --tables 300 --seconds 30``, or for two processes
``.venv/bin/python benchmarks/web_load.py --tables 300 --seconds 30 --processes 2 --database
postgresql://phase10@127.0.0.1:5432/load``
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

HOST = "127.0.0.1"
MAX_TABLES = 5000
MAX_SECONDS = 600.0
MAX_PROCESSES = 8
HAPROXY_CONFIG = Path(__file__).resolve().parent.parent / "docs" / "deploy" / "haproxy.cfg"
HAPROXY_PATH = "/usr/sbin:/usr/local/sbin:" + os.environ.get("PATH", "")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def rss_kib(pid: int) -> int:
    """Resident memory of process ``pid`` in KiB (``VmRSS``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """CPU time (user and system) process ``pid`` has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def raise_file_limit(wanted: int) -> None:
    """Room for one socket per table in this process and in the server (which inherits it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = min(hard, max(soft, wanted)) if hard != resource.RLIM_INFINITY else max(soft, wanted)
    resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    acts: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    finished: int = 0
    dropped: int = 0


@dataclass
class Seat:
    table: str
    token: str
    start_version: int = -1
    version: int = 0


def choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    legal = [item["action"] for item in view["legal"]]
    busy = [a for a in legal if a["type"] not in ("draw", "take", "discard")]
    return dict(rng.choice(busy if busy and rng.random() < 0.9 else legal))


async def person(
    ws_url: str,
    seat: Seat,
    stats: Stats,
    stop: asyncio.Event,
    rng: random.Random,
    gate: asyncio.Semaphore,
    think: float = 0.0,
) -> None:
    """One scripted person: move whenever it is their turn (after ``think`` seconds on
    average), until ``stop``."""
    async with gate:  # a few handshakes at a time
        ws = await connect(
            f"{ws_url}/ws/{seat.table}", max_size=None, open_timeout=120, ping_interval=None
        )
        await ws.send(
            json.dumps({"type": "hello", "token": seat.token, "since": -1, "protocol": 2})
        )
    sent_at: float | None = None
    sent_version = -1
    number = 0
    view: dict[str, Any] | None = None

    async def move() -> None:
        nonlocal number, sent_at, sent_version
        assert view is not None
        if think > 0:  # a person's pause before each move, 0.5x to 1.5x --think
            await asyncio.sleep(think * (0.5 + rng.random()))
        number += 1
        sent_version = seat.version
        sent_at = time.perf_counter()
        stats.acts += 1
        act = {"type": "act", "id": f"a{number}", "version": sent_version}
        await ws.send(json.dumps({**act, "action": choose(view, rng)}))

    try:
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=1.0)
            except TimeoutError:
                continue
            message = json.loads(raw)
            kind = message["type"]
            if kind == "error":
                code = message.get("code", "?")
                stats.errors[code] = stats.errors.get(code, 0) + 1
                if code == "too_fast":
                    await asyncio.sleep(0.1)
                if sent_at is not None:  # try again from the same view
                    await move()
                continue
            if kind != "update":
                continue
            seat.version = message["version"]
            if seat.start_version < 0:
                seat.start_version = seat.version
            if sent_at is not None and seat.version > sent_version:
                stats.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if message["result"] is not None:
                stats.finished += 1
                return
            view = message["view"]
            if sent_at is None and view["legal"] and view["current"] == view["seat"]:
                await move()
    finally:
        with contextlib.suppress(TimeoutError, ConnectionClosed):
            await asyncio.wait_for(ws.close(), 2)


async def create_tables(url: str, args: argparse.Namespace) -> list[Seat]:
    """Every table, created and started; one seat per scripted person."""
    limits = httpx.Limits(max_connections=32)
    seats: list[Seat] = []
    gate = asyncio.Semaphore(32)
    kinds = [{"kind": "person"}] * args.clients + [
        {"kind": "bot", "level": args.level}
    ] * args.computers

    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits, trust_env=False) as http:

        async def one(number: int) -> None:
            async with gate:
                created = await http.post(
                    "/api/tables",
                    json={"game": args.game, "name": "P0", "seats": kinds, "hold_seconds": 3600},
                )
                if created.status_code != 201:
                    raise RuntimeError(f"creating a table: {created.status_code} {created.text}")
                made = created.json()
                table = made["table"]
                seats.append(Seat(table, made["token"]))
                for other in range(1, args.clients):
                    joined = await http.post(
                        f"/api/tables/{table}/join", json={"name": f"P{other}"}
                    )
                    seats.append(Seat(table, joined.json()["token"]))
                started = await http.post(
                    f"/api/tables/{table}/start",
                    headers={"authorization": f"Bearer {made['token']}"},
                )
                if started.status_code != 200:
                    raise RuntimeError(f"starting a table: {started.status_code} {started.text}")

        await asyncio.gather(*(one(n) for n in range(args.tables)))
    return seats


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run(
    args: argparse.Namespace, url: str, pids: list[int], proxy: int | None = None
) -> dict[str, Any]:
    """Play through ``url``, served by the server processes ``pids`` (behind the proxy of
    process ``proxy`` when there are several)."""
    ws_url = "ws" + url.removeprefix("http")
    base_rss = sum(rss_kib(pid) for pid in pids)
    began = time.perf_counter()
    seats = await create_tables(url, args)
    created = time.perf_counter() - began
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(args.seed)
    gate = asyncio.Semaphore(64)

    async def guarded(seat: Seat, seed: float) -> None:
        try:
            await person(ws_url, seat, stats, stop, random.Random(seed), gate, args.think)
        except (ConnectionClosed, OSError, TimeoutError):
            stats.dropped += 1

    tasks = [asyncio.create_task(guarded(s, rng.random())) for s in seats]
    workers = [child for pid in pids for child in children(pid)]
    await asyncio.sleep(min(2.0, args.seconds / 4))  # the connections open
    moves_before = sum(seat.version - max(seat.start_version, 0) for seat in seats)

    def cpu_now() -> tuple[float, float, float]:
        return (
            sum(cpu_seconds(pid) for pid in pids),
            sum(cpu_seconds(w) for w in workers),
            0.0 if proxy is None else cpu_seconds(proxy),
        )

    cpu_before = cpu_now()
    stats.latencies.clear()  # from here on: the measured stretch
    stats.acts = 0
    play_began = time.perf_counter()
    client_before = time.process_time()
    await asyncio.sleep(args.seconds)
    client_cpu = time.process_time() - client_before
    cpu_after = cpu_now()
    playing_rss = sum(rss_kib(pid) for pid in pids)
    worker_rss = sum(rss_kib(child) for child in workers)
    played = time.perf_counter() - play_began
    # Moves so far at every table: the versions the people last saw.
    versions: dict[str, tuple[int, int]] = {}
    for seat in seats:
        start, now = versions.get(seat.table, (seat.start_version, seat.version))
        versions[seat.table] = (min(start, seat.start_version), max(now, seat.version))
    moves = sum(now - max(start, 0) for start, now in versions.values()) - moves_before
    stop.set()
    await asyncio.wait(tasks, timeout=30)
    return {
        "tables": args.tables,
        "people": len(seats),
        "create_seconds": created,
        "seconds": played,
        "acts": stats.acts,
        "latencies": stats.latencies,
        "moves": moves,
        "errors": stats.errors,
        "finished": stats.finished,
        "dropped": stats.dropped,
        "base_rss": base_rss,
        "playing_rss": playing_rss,
        "worker_rss": worker_rss,
        "server_cpu": cpu_after[0] - cpu_before[0],
        "worker_cpu": cpu_after[1] - cpu_before[1],
        "proxy_cpu": cpu_after[2] - cpu_before[2],
        "processes": len(pids),
        "client_cpu": client_cpu,
        "load": os.getloadavg()[0],
    }


def report(result: dict[str, Any]) -> None:
    lat = [x * 1000 for x in result["latencies"]]
    tables = result["tables"]
    print(
        f"tables {tables}, people {result['people']}, created and started in "
        f"{result['create_seconds']:.1f} s"
    )
    print(
        f"played {result['seconds']:.1f} s: {result['acts']} people's moves sent, "
        f"{len(lat)} broadcasts timed, {result['finished']} games finished, "
        f"{result['dropped']} connections dropped, errors {result['errors'] or 'none'}"
    )
    if lat:
        print(
            "action-to-broadcast latency ms: "
            f"p50 {percentile(lat, 0.5):.1f}  p90 {percentile(lat, 0.9):.1f}  "
            f"p99 {percentile(lat, 0.99):.1f}  max {max(lat):.1f}  mean {statistics.fmean(lat):.1f}"
        )
    print(
        f"moves/s (every seat): {result['moves'] / result['seconds']:.0f}; "
        f"people's moves/s: {len(lat) / result['seconds']:.0f}"
    )
    moves = max(result["moves"], 1)
    several = result["processes"] > 1
    processes = f" (all {result['processes']} processes)" if several else ""
    proxy = f", HAProxy {1000 * result['proxy_cpu'] / moves:.2f} ms" if several else ""
    print(
        f"CPU per move: server {1000 * result['server_cpu'] / moves:.2f} ms{processes}, "
        f"computer workers {1000 * result['worker_cpu'] / moves:.2f} ms{proxy}"
        f" (server processes busy {100 * result['server_cpu'] / result['seconds']:.0f}% of one "
        f"core, this load generator {100 * result['client_cpu'] / result['seconds']:.0f}%; "
        f"machine load average {result['load']:.1f})"
    )
    grown = result["playing_rss"] - result["base_rss"]
    print(
        f"server RSS: {result['base_rss'] / 1024:.0f} MiB before, "
        f"{result['playing_rss'] / 1024:.0f} MiB playing: {grown / tables:.0f} KiB per table; "
        f"computer workers {result['worker_rss'] / 1024:.0f} MiB in all"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--clients", type=int, default=1, help="scripted people per table")
    parser.add_argument("--computers", type=int, default=1, help="computer players per table")
    parser.add_argument("--level", default="easy", help="the computers' level (easy)")
    parser.add_argument("--game", default="phase10")
    parser.add_argument("--bot-workers", type=int, default=2)
    parser.add_argument("--database", help="a SQLAlchemy URL (default: a temporary SQLite file)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--think", type=float, default=0.0, help="a person's mean pause before a move (0: none)"
    )
    parser.add_argument(
        "--bot-delay", type=float, default=0.0, help="the server's pause after a computer move"
    )
    parser.add_argument("--profile", metavar="FILE", help="py-spy record the server into FILE")
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="server processes (several: on the --database PostgreSQL, behind HAProxy)",
    )
    args = parser.parse_args()
    if not 1 <= args.processes <= MAX_PROCESSES:
        parser.error(f"--processes: 1 to {MAX_PROCESSES}")
    if args.processes > 1 and not str(args.database or "").startswith("postgres"):
        parser.error("--processes above 1 needs --database postgresql://... (one shared database)")
    if args.processes > 1 and shutil.which("haproxy", path=HAPROXY_PATH) is None:
        parser.error("--processes above 1 needs HAProxy (Debian: apt-get install haproxy)")
    if not 1 <= args.tables <= MAX_TABLES:
        parser.error(f"--tables: 1 to {MAX_TABLES}")
    if not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--seconds: up to {MAX_SECONDS:.0f}")
    if args.clients < 1 or args.computers < 0:
        parser.error("--clients is at least 1, --computers at least 0")
    raise_file_limit(4 * args.tables * args.clients + 256)
    with tempfile.TemporaryDirectory(prefix="phase10-load-") as folder:
        database = args.database or f"sqlite:///{folder}/load.db"
        servers: list[tuple[subprocess.Popen[bytes], Path]] = []
        proxy: subprocess.Popen[bytes] | None = None
        spy: subprocess.Popen[bytes] | None = None
        try:
            ports = []
            for number in range(args.processes):
                port = free_port()
                command = [
                    sys.executable, "-m", "phase10", "serve", "--host", HOST, "--port", str(port),
                    "--database", database, "--bot-delay", str(args.bot_delay), "--hold", "3600",
                    "--bot-workers", str(args.bot_workers),
                    "--no-address-limits",  # every table's client comes from this one address
                ]  # fmt: skip
                if args.processes > 1:
                    command += ["--node", f"n{number + 1}"]
                log = Path(folder) / f"server{number + 1}.log"
                with log.open("wb") as out:
                    server = subprocess.Popen(
                        command, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
                    )
                servers.append((server, log))
                ports.append(port)
                print(" ".join(command))
                if not wait_healthy(f"http://{HOST}:{port}", server):
                    print(log.read_text(), file=sys.stderr)
                    return 1
            url = f"http://{HOST}:{ports[0]}"
            if args.processes > 1:
                config = Path(folder) / "haproxy.cfg"
                port = free_port()
                config.write_text(proxy_config(port, ports, 2 * args.tables * args.clients + 256))
                haproxy = str(shutil.which("haproxy", path=HAPROXY_PATH))
                print(f"{haproxy} -db -f {config}  (docs/deploy/haproxy.cfg on these ports)")
                with (Path(folder) / "haproxy.log").open("wb") as out:
                    proxy = subprocess.Popen(
                        [haproxy, "-db", "-f", str(config)],
                        stdout=out,
                        stderr=subprocess.STDOUT,
                        start_new_session=True,
                    )
                url = f"http://{HOST}:{port}"
                if not wait_healthy(url, proxy):
                    print("HAProxy did not start", file=sys.stderr)
                    return 1
            time.sleep(2)  # the workers warm up, the proxy's health checks pass
            if args.profile:
                spy = subprocess.Popen(
                    ["py-spy", "record", "--nonblocking", "-o", args.profile, "-p",
                     str(servers[0][0].pid), "-d", str(int(args.seconds) + 60), "-f", "raw"]
                )  # fmt: skip
            pids = [server.pid for server, _log in servers]
            result = asyncio.run(run(args, url, pids, None if proxy is None else proxy.pid))
            report(result)
        finally:
            if spy is not None:
                spy.send_signal(signal.SIGINT)
                spy.wait(timeout=60)
            if proxy is not None:
                proxy.terminate()
                proxy.wait(timeout=10)
                warnings = (Path(folder) / "haproxy.log").read_text(errors="replace").splitlines()
                if any("DOWN" in line for line in warnings):
                    print("HAProxy:", *[w for w in warnings if "DOWN" in w or "UP" in w][:6])
            for server, log in servers:
                stop(server)
                errors = [line for line in log.read_text().splitlines() if "ERROR" in line]
                if errors:
                    print(f"server errors: {len(errors)}; first: {errors[0]}")
    return 0


def wait_healthy(url: str, process: subprocess.Popen[bytes]) -> bool:
    """Whether ``url`` answers ``/healthz`` within 30 s (``process`` still running)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and process.poll() is None:
        try:
            if httpx.get(f"{url}/healthz", trust_env=False).status_code == 200:
                return True
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    return False


def stop(server: subprocess.Popen[bytes]) -> None:
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def proxy_config(port: int, servers: list[int], connections: int) -> str:
    """The documented HAProxy configuration (``docs/deploy/haproxy.cfg``), listening on
    ``port`` in front of the server processes on ``servers``, for ``connections``."""
    lines = []
    for line in HAPROXY_CONFIG.read_text().splitlines():
        if re.match(r"\s*server\s", line):
            continue
        line = re.sub(r"^(\s*bind\s+)\S+", rf"\g<1>{HOST}:{port}", line)
        lines.append(re.sub(r"^(\s*maxconn\s+)\d+", rf"\g<1>{connections}", line))
    lines += [f"    server n{n + 1} {HOST}:{p}" for n, p in enumerate(servers)]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    raise SystemExit(main())
