"""Real services for the web tests: a throw-away PostgreSQL server, Debian's Chromium driven by
Playwright, axe-core for accessibility checks, and the web server itself in a subprocess.

Nothing here is mocked and nothing is skipped: when Chromium or the PostgreSQL server binaries
are missing, the fixtures that need them fail and say to run ``make test`` (which runs
``scripts/test-services.sh``, the installer of both). Every fixture cleans up after itself.

Under ``pytest -n 2`` each xdist worker has its own session, and so starts its own PostgreSQL
server on its own free port; nothing is shared between workers.

The Playwright instance and the browser are module-scoped, not session-scoped: while a sync
Playwright is running, ``asyncio.run`` fails in that thread ("cannot be called from a running
event loop"), and the full-screen tests (tests/tui) call it. pytest tears a module's fixtures
down before it runs a test of another module, so those tests never see a running Playwright.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.resources
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, cast

import psycopg
import pytest
from playwright.sync_api import Browser, Page, Playwright, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from psycopg import sql

INSTALL_HINT = (
    "run `make test`, or `bash scripts/test-services.sh` (as root, it installs the Debian "
    "packages chromium and postgresql)"
)

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

LOOPBACK = "127.0.0.1"


def free_port() -> int:
    """A TCP port on the loopback address that nothing listens on at the moment of asking."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((LOOPBACK, 0))
        return int(sock.getsockname()[1])


# --- PostgreSQL ------------------------------------------------------------------------------

PG_USER = "phase10"
PG_PROGRAMS = ("initdb", "postgres", "pg_ctl")
# An owner for the server when the tests run as root, which PostgreSQL refuses to run as.
PG_OS_USER = "postgres"


def postgres_bindir() -> Path | None:
    """The folder of the PostgreSQL server programs: Debian's newest /usr/lib/postgresql/N/bin,
    else wherever ``initdb`` is on PATH (with ``postgres`` and ``pg_ctl`` beside it)."""

    def complete(folder: Path) -> bool:
        return all(os.access(folder / name, os.X_OK) for name in PG_PROGRAMS)

    def major(folder: Path) -> int:
        name = folder.parent.name
        return int(name) if name.isdigit() else -1

    for folder in sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=major, reverse=True):
        if complete(folder):
            return folder
    on_path = shutil.which("initdb")
    if on_path is not None and complete(Path(on_path).resolve().parent):
        return Path(on_path).resolve().parent
    return None


@dataclass
class PostgresServer:
    """One running throw-away PostgreSQL server, its data in ``root``; see ``start_postgres``."""

    bindir: Path
    root: Path
    port: int = 0
    run_as: list[str] = field(default_factory=list)

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def log(self) -> Path:
        return self.root / "postgres.log"

    def url(self, database: str) -> str:
        """The SQLAlchemy URL of ``database`` on this server (trust authentication, no password)."""
        return f"postgresql+psycopg://{PG_USER}@{LOOPBACK}:{self.port}/{database}"

    def create_database(self, name: str | None = None) -> str:
        """Create an empty database (a fresh name unless given) and return its SQLAlchemy URL."""
        name = name or f"phase10_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(
            host=LOOPBACK, port=self.port, user=PG_USER, dbname="postgres", autocommit=True
        ) as connection:
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return self.url(name)

    def run(self, *command: str | Path) -> subprocess.CompletedProcess[str]:
        """Run one of the server programs as the server's owner, with its output captured."""
        env = {**os.environ, "LC_ALL": "C", "LANG": "C"}
        for key in ("PGDATA", "PGPORT", "PGHOST", "PGUSER", "PGDATABASE"):
            env.pop(key, None)
        return subprocess.run(
            [*self.run_as, str(self.bindir / str(command[0])), *map(str, command[1:])],
            cwd=self.root,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no server log)"

    def stop(self) -> None:
        """Stop the server at once (it holds nothing worth keeping) and delete its files."""
        try:
            if (self.data / "postmaster.pid").exists():
                stopped = self.run("pg_ctl", "stop", "-D", self.data, "-m", "immediate", "-w")
                if stopped.returncode != 0:
                    self._kill_postmaster()
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def _kill_postmaster(self) -> None:
        try:
            pid = int((self.data / "postmaster.pid").read_text().split()[0])
            os.kill(pid, signal.SIGKILL)
        except (OSError, ValueError, IndexError):
            pass


def start_postgres(bindir: Path, attempts: int = 5) -> PostgresServer:
    """Initialise a cluster in a new temporary folder and start a server on it: loopback TCP on a
    free port, its unix socket in that folder, ``fsync=off`` (its data is thrown away).

    As root, PostgreSQL refuses to run: the folder then belongs to the ``postgres`` system user
    (the Debian package creates it) and every program runs through ``runuser -u postgres --``.
    The folder is made by ``tempfile`` rather than pytest's ``tmp_path``, whose parents are
    private to the user running the tests, so the ``postgres`` user could not reach it.
    """
    root = Path(tempfile.mkdtemp(prefix="phase10-pg-"))
    server = PostgresServer(bindir=bindir, root=root)
    try:
        if os.geteuid() == 0:
            try:
                owner = pwd.getpwnam(PG_OS_USER)
            except KeyError:
                pytest.fail(
                    f"The tests run as root and there is no {PG_OS_USER!r} user to run PostgreSQL"
                    f" as; {INSTALL_HINT}."
                )
            os.chown(root, owner.pw_uid, owner.pw_gid)
            server.run_as = ["runuser", "-u", PG_OS_USER, "--"]
        initdb = server.run(
            "initdb",
            "-D",
            server.data,
            f"--username={PG_USER}",
            "--auth=trust",
            "--encoding=UTF8",
            "--locale=C",
            "--no-sync",
        )
        if initdb.returncode != 0:
            pytest.fail(f"initdb failed:\n{initdb.stdout}\n{initdb.stderr}")
        for _ in range(attempts):
            server.port = free_port()
            # Appended settings win over earlier ones, so a retry only adds a new port line.
            with (server.data / "postgresql.conf").open("a") as conf:
                conf.write(
                    "\n# Set by tests/web/conftest.py\n"
                    f"listen_addresses = '{LOOPBACK}'\n"
                    f"port = {server.port}\n"
                    f"unix_socket_directories = '{root}'\n"
                    "fsync = off\n"
                    "synchronous_commit = off\n"
                    "full_page_writes = off\n"
                )
            started = server.run(
                "pg_ctl", "start", "-D", server.data, "-l", server.log, "-w", "-t", "60"
            )
            if started.returncode == 0:
                return server
            log = server.log_tail()
            if "could not bind" not in log and "already in use" not in log:
                pytest.fail(f"PostgreSQL did not start:\n{started.stdout}\n{started.stderr}\n{log}")
        pytest.fail(f"PostgreSQL found no free port in {attempts} attempts:\n{server.log_tail()}")
    except BaseException:
        server.stop()
        raise


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server of this test session (of this xdist worker), stopped at its end."""
    bindir = postgres_bindir()
    if bindir is None:
        pytest.fail(
            "The PostgreSQL server programs (initdb, postgres, pg_ctl) are not installed; "
            f"{INSTALL_HINT}."
        )
    server = start_postgres(bindir)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def postgres_url(postgres_server: PostgresServer) -> str:
    """The SQLAlchemy URL (``postgresql+psycopg://…``) of a database shared by the session."""
    return postgres_server.create_database("phase10_test")


@pytest.fixture
def fresh_postgres_url(postgres_server: PostgresServer) -> str:
    """The SQLAlchemy URL of a new, empty database for one test."""
    return postgres_server.create_database()


# --- Chromium through Playwright -------------------------------------------------------------


@pytest.fixture(scope="session")
def chromium_path() -> Path:
    """Debian's Chromium, which Playwright launches (it downloads no browser of its own here)."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"Chromium is not installed at {CHROMIUM}; {INSTALL_HINT}.")
    return CHROMIUM


@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    """Playwright's sync API, module-scoped (see this module's docstring for why)."""
    with sync_playwright() as running:
        yield running


@pytest.fixture(scope="module")
def browser(playwright: Playwright, chromium_path: Path) -> Iterator[Browser]:
    """Headless Chromium, one per test module."""
    launched = playwright.chromium.launch(
        executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS
    )
    try:
        yield launched
    finally:
        launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A page in a browser context of its own (fresh cookies and storage), closed after the test."""
    context = browser.new_context()
    try:
        yield context.new_page()
    finally:
        context.close()


# --- axe-core ----------------------------------------------------------------------------------

# axe-playwright-python (a dev dependency) ships axe-core's axe.min.js; only that file is used.
AXE_PACKAGE = "axe_playwright_python"

# Runs axe on the page and keeps what an assertion message needs of each violation.
AXE_RUN = """async (options) => {
    const results = await axe.run(document, options ?? {});
    return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        helpUrl: violation.helpUrl,
        nodes: violation.nodes.map((node) => ({target: node.target, html: node.html})),
    }));
}"""


@functools.cache
def axe_script() -> str:
    """The text of axe-core's ``axe.min.js``."""
    return importlib.resources.files(AXE_PACKAGE).joinpath("axe.min.js").read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def axe_source() -> str:
    """The text of axe-core's ``axe.min.js``, to inject into a page."""
    return axe_script()


def run_axe(page: Page, options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Inject axe-core into ``page``, run it, and return its violations: dicts with ``id``,
    ``impact``, ``help``, ``helpUrl`` and ``nodes`` (each with its ``target`` selectors and
    ``html``); ``[]`` for an accessible page. ``options`` go to ``axe.run`` as they are, e.g.
    ``{"runOnly": ["wcag2a", "wcag2aa"]}``; by default every rule runs.

    The script goes in with ``page.add_script_tag``; where the page's Content-Security-Policy
    forbids inline scripts (``add_script_tag`` then raises), it is evaluated through the DevTools
    protocol instead, which no policy stops.
    """
    if not page.evaluate("() => typeof window.axe === 'object'"):
        with contextlib.suppress(PlaywrightError):  # refused by a Content-Security-Policy
            page.add_script_tag(content=axe_script())
        if not page.evaluate("() => typeof window.axe === 'object'"):
            page.evaluate(axe_script())
    return cast(list[dict[str, Any]], page.evaluate(AXE_RUN, options))


# --- The web server in a subprocess -----------------------------------------------------------

HEALTH_TIMEOUT = 20.0
STOP_TIMEOUT = 10.0
# Requests to the server never go through a proxy from the environment.
_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class LiveServer:
    """``python -m phase10 serve`` running in a subprocess (a process group of its own) on
    ``127.0.0.1:port`` against ``database``. ``kill`` is a crash (SIGKILL), ``stop`` a clean
    shutdown (SIGTERM, then SIGKILL after 10 s), ``restart`` starts the same command again on the
    same port and database and waits until it is healthy."""

    def __init__(
        self,
        port: int,
        database: str,
        workdir: Path,
        extra_args: Sequence[str] = (),
    ) -> None:
        self.port = port
        self.database = database
        self.workdir = workdir
        self.command = [
            sys.executable,
            "-m",
            "phase10",
            "serve",
            "--host",
            LOOPBACK,
            "--port",
            str(port),
            "--database",
            database,
            *extra_args,
        ]
        self.log_path = workdir / "server.log"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}"

    def log(self) -> str:
        """Everything the server printed so far, over all its starts."""
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def start(self) -> None:
        """Start the command and wait until ``GET /healthz`` answers 200 (at most 20 s)."""
        if self.process is not None and self.process.poll() is None:
            raise RuntimeError(f"the server on port {self.port} is already running")
        # The server's own files (settings, default database) go to this test's folder.
        env = {
            **os.environ,
            "PYTHONUNBUFFERED": "1",
            "XDG_DATA_HOME": str(self.workdir / "data"),
            "XDG_CONFIG_HOME": str(self.workdir / "config"),
            "XDG_STATE_HOME": str(self.workdir / "state"),
            "XDG_CACHE_HOME": str(self.workdir / "cache"),
        }
        with self.log_path.open("ab") as log:
            log.write(f"$ {' '.join(self.command)}\n".encode())
            log.flush()
            self.process = subprocess.Popen(
                self.command,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=env,
                cwd=self.workdir,
                start_new_session=True,
            )
        self._wait_healthy()

    def _wait_healthy(self) -> None:
        assert self.process is not None
        deadline = time.monotonic() + HEALTH_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ServerDidNotStartError(
                    f"`{' '.join(self.command)}` exited with {self.process.returncode} before "
                    f"answering /healthz:\n{self.log()}"
                )
            try:
                with _DIRECT.open(f"{self.url}/healthz", timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.1)
        self.kill()
        raise ServerDidNotStartError(
            f"`{' '.join(self.command)}` did not answer GET /healthz with 200 within "
            f"{HEALTH_TIMEOUT:.0f} s:\n{self.log()}"
        )

    def _signal(self, signum: signal.Signals) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signum)

    def kill(self) -> None:
        """Crash the server: SIGKILL to its whole process group, and reap it."""
        if self.process is None:
            return
        self._signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        """Shut the server down cleanly (SIGTERM), killing it if it takes more than 10 s."""
        if self.process is None:
            return
        self._signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.kill()
        # Workers or reloaders it started and left behind go too.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)

    def restart(self) -> None:
        """Start the same command again on the same port and database (after ``kill`` or
        ``stop``; a server still running is stopped first) and wait until it is healthy."""
        self.stop()
        self.start()


class ServerDidNotStartError(RuntimeError):
    """``phase10 serve`` exited, or stayed unhealthy, before answering ``/healthz``."""


class StartLiveServer(Protocol):
    """The ``live_server`` fixture: call it to start a server, stopped after the test."""

    def __call__(
        self, database: str | None = None, *, extra_args: Sequence[str] = ()
    ) -> LiveServer: ...


@pytest.fixture
def live_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[StartLiveServer]:
    """A factory: ``live_server()`` starts ``python -m phase10 serve`` on a free loopback port
    against a new database of the session's PostgreSQL server (or against ``database``, any
    SQLAlchemy URL), waits until it is healthy and returns its ``LiveServer``. Every server it
    started is stopped after the test."""
    started: list[LiveServer] = []

    def start(database: str | None = None, *, extra_args: Sequence[str] = ()) -> LiveServer:
        if database is None:
            postgres = cast(PostgresServer, request.getfixturevalue("postgres_server"))
            database = postgres.create_database()
        for attempt in range(3):
            workdir = tmp_path_factory.mktemp("live-server")
            server = LiveServer(free_port(), database, workdir, extra_args)
            started.append(server)
            try:
                server.start()
            except ServerDidNotStartError:
                # Another process took the free port between asking and binding: try another.
                if attempt < 2 and re.search(r"already in use", server.log(), re.I):
                    continue
                raise
            return server
        raise AssertionError("unreachable")

    try:
        yield start
    finally:
        for server in started:
            server.stop()


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The arguments of each ``serve`` the command line would have run (it runs none)."""
    calls: list[dict[str, Any]] = []
    monkeypatch.setenv("LANGUAGE", "en")

    def serve(*args: Any, **kwargs: Any) -> None:
        calls.append({"args": args, **kwargs})
        for warning in kwargs.get("warnings", ()):  # as the server prints them
            print(warning, file=sys.stderr)

    monkeypatch.setattr("phase10.web.server.serve", serve)
    return calls


def serve_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, *args: str
) -> tuple[int, str]:
    """``phase10 serve ARGS`` on a SQLite file in ``tmp_path``: its status and error text."""
    from phase10.cli.main import main
    from phase10.web.db import sqlite_url

    database = sqlite_url(str(tmp_path / "games.db"))
    status = main(["serve", "--database", database, *args])
    return status, capsys.readouterr().err
