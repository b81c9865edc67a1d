"""``phase10 serve``'s command line for the person running a server: the limits per client
address set by number (a club behind one public address shares them), an access log asked
for, a port already in use said before anything starts, and the database file named by the
path the server uses, which may come from the environment rather than the command line.

The options' checks run the command line in this process with the server itself replaced
(nothing listens); their effects run the real command in a subprocess.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest
from limits import parse_many

from phase10.cli.main import main
from phase10.cli.serve_limits import DEFAULTS
from phase10.web.db import Database, sqlite_url
from phase10.web.guard import Limits

from .conftest import LOOPBACK, StartLiveServer, free_port, serve_command

PERSON = {"kind": "person"}


def assert_refused(status: int, err: str, said: str, served: list[dict[str, Any]]) -> None:
    """One ``phase10: error:`` line saying ``said``, status 2, and no server started."""
    assert status == 2
    assert said in err
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("phase10: error: ")
    assert "Traceback" not in err
    assert served == []


# ------------------------------------------------------------------------------ address limits


def test_the_limits_options_default_to_the_servers_own_limits() -> None:
    """The help's defaults are those the server applies when no option is given."""
    defaults = Limits()
    for field, window, number in DEFAULTS.values():
        value = getattr(defaults, field)
        if window is None:
            assert value == number, field
        else:
            (rate,) = parse_many(value)
            assert (rate.amount, rate.multiples, rate.GRANULARITY.name) == (number, 1, window)


def test_each_limit_per_address_can_be_set(
    served: list[dict[str, Any]], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, err = serve_command(
        capsys,
        tmp_path,
        *("--tables-per-hour", "200", "--wrong-codes-per-hour", "300"),
        *("--connections-per-address", "400", "--new-connections-per-minute", "500"),
    )
    assert status == 0, err
    limits: Limits = served[0]["limits"]
    assert limits.per_address
    assert (limits.tables, limits.code_misses) == ("200/hour", "300/hour")
    assert (limits.connections, limits.opens) == (400, "500/minute")


def test_without_options_the_limits_are_the_defaults(
    served: list[dict[str, Any]], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert serve_command(capsys, tmp_path)[0] == 0
    assert served[0]["limits"] == Limits()
    assert serve_command(capsys, tmp_path, "--no-address-limits")[0] == 0
    assert served[1]["limits"] == Limits(per_address=False)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--tables-per-hour", "0"), "'0': expected a whole number from 1 to 1,000,000"),
        (("--connections-per-address", "-5"), "'-5': expected a whole number from 1 to"),
        (("--wrong-codes-per-hour", "many"), "'many' is not a whole number"),
        (("--new-connections-per-minute", "1.5"), "'1.5' is not a whole number"),
        (("--tables-per-hour", "1000001"), "expected a whole number from 1 to 1,000,000"),
        (
            ("--no-address-limits", "--tables-per-hour", "100"),
            "--tables-per-hour sets a limit per address, which --no-address-limits switches "
            "off: give one or the other",
        ),
    ],
)
def test_a_limit_that_is_not_a_positive_whole_number_is_refused(
    args: tuple[str, ...],
    said: str,
    served: list[dict[str, Any]],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    status, err = serve_command(capsys, tmp_path, *args)
    assert_refused(status, err, said, served)


def test_a_higher_table_limit_lets_one_address_create_more_tables(
    live_server: StartLiveServer, tmp_path: Path
) -> None:
    """The real server under ``--tables-per-hour 3``: the fourth table is refused, 429."""
    url = sqlite_url(str(tmp_path / f"games-{uuid.uuid4().hex[:6]}.db"))
    server = live_server(url, extra_args=("--tables-per-hour", "3", "--bot-workers", "0"))
    body = {"game": "phase10", "name": "Ann", "seats": [PERSON, PERSON]}
    with httpx.Client(base_url=server.url, timeout=10, trust_env=False) as http:
        statuses = [http.post("/api/tables", json=body).status_code for _ in range(4)]
    assert statuses == [201, 201, 201, 429]


# ------------------------------------------------------------------------------ the log


@pytest.mark.parametrize("asked", [False, True])
def test_the_access_log_is_off_unless_asked_for(
    asked: bool, live_server: StartLiveServer, tmp_path: Path
) -> None:
    """``--access-log``: a line for each HTTP request, in the server's log format; without it
    the requests leave no line (their paths hold table ids and invite codes), while the
    server's own events still do."""
    url = sqlite_url(str(tmp_path / f"games-{uuid.uuid4().hex[:6]}.db"))
    extra = ("--bot-workers", "0", *(("--access-log",) if asked else ()))
    server = live_server(url, extra_args=extra)
    body = {"game": "phase10", "name": "Ann", "seats": [PERSON, PERSON]}
    with httpx.Client(base_url=server.url, timeout=10, trust_env=False) as http:
        table = http.post("/api/tables", json=body).json()["table"]
    server.stop()
    log = server.log()
    assert f"phase10.web INFO table {table} created from 127.0.0.1 (phase10, 2 seats)" in log
    access = re.search(
        r' uvicorn\.access INFO 127\.0\.0\.1:\d+ - "POST /api/tables HTTP/1\.1" 201', log
    )
    assert (access is not None) == asked, log
    assert ("GET /healthz" in log) == asked, log


# ------------------------------------------------------------------------------ starting


def serve_process(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m phase10 serve ARGS`` to its end, in ``tmp_path``, its data folder there."""
    env = {**os.environ, "LANG": "C.UTF-8", "PHASE10_DATA_DIR": str(tmp_path / "data")}
    env.pop("LANGUAGE", None)
    return subprocess.run(
        [sys.executable, "-m", "phase10", "serve", *args],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
        check=False,
    )


def test_a_port_in_use_is_one_line_before_the_banner_and_the_database(tmp_path: Path) -> None:
    """Another program listens on the port: one ``phase10: error:`` line, a non-zero status,
    no "serving on" and no database file made."""
    with socket.socket() as held:
        held.bind((LOOPBACK, 0))
        held.listen()
        port = held.getsockname()[1]
        ran = serve_process(
            tmp_path, "--port", str(port), "--database", "sqlite:///games.db", "--bot-workers", "0"
        )
    assert ran.returncode == 2
    assert ran.stdout == ""
    assert ran.stderr == f"phase10: error: port {port} on {LOOPBACK} is already in use\n"
    assert list(tmp_path.iterdir()) == []


def test_a_relative_sqlite_file_is_shown_as_the_absolute_path_it_is(
    live_server: StartLiveServer,
) -> None:
    """``--database sqlite:///games.db`` is a file in the folder the server started in: the
    banner names that file by its whole path, the one the server really writes."""
    server = live_server("sqlite:///games.db", extra_args=("--bot-workers", "0"))
    used = server.workdir / "games.db"
    assert used.is_file()
    assert f"(database: {used})\n" in server.log()
    assert "sqlite:///games.db)" not in server.log()


# ------------------------------------------------------------------------------ the database


def _real_serve(port: int, data: Path, **env: str) -> subprocess.Popen[str]:
    """``phase10 serve`` in a process of its own session on ``port``, its data folder
    ``data``, its output read line by line (``env``: more of its environment)."""
    return subprocess.Popen(
        [sys.executable, "-m", "phase10", "serve", "--port", str(port), "--bot-workers", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "PHASE10_DATA_DIR": str(data), **env},
        start_new_session=True,
    )


def test_the_database_url_may_come_from_the_environment(
    served: list[dict[str, Any]],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """``PHASE10_DATABASE_URL`` is read when ``--database`` is not given (a password in the
    command line would show in ``ps``); ``--database`` wins over it; empty, it is unset."""
    from_environment = "postgresql://phase10:secret@db.example.org/phase10"
    monkeypatch.setenv("PHASE10_DATABASE_URL", from_environment)
    assert main(["serve"]) == 0
    assert main(["serve", "--database", sqlite_url(str(tmp_path / "given.db"))]) == 0
    monkeypatch.setenv("PHASE10_DATABASE_URL", "")
    monkeypatch.setenv("PHASE10_DATA_DIR", str(tmp_path / "data"))
    assert main(["serve"]) == 0
    assert [call["args"][2] for call in served] == [
        from_environment,
        sqlite_url(str(tmp_path / "given.db")),
        sqlite_url(str(tmp_path / "data" / "phase10.db")),
    ]
    assert capsys.readouterr().err == ""


def test_a_database_url_from_the_environment_is_the_one_served(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real server started with only the variable: its banner names that file, and the
    file holds the table created."""
    used = tmp_path / "from-the-environment.db"
    monkeypatch.setenv("PHASE10_DATABASE_URL", sqlite_url(str(used)))
    port = free_port()
    process = _real_serve(port, tmp_path / "data")
    try:
        assert process.stdout is not None
        banner = process.stdout.readline()
        assert banner.startswith(f"phase10: serving on http://{LOOPBACK}:{port}/")
        assert f"(database: {used})" in banner
        deadline = time.monotonic() + 20
        body = {"game": "phase10", "name": "Ann", "seats": [PERSON, PERSON]}
        with httpx.Client(base_url=f"http://{LOOPBACK}:{port}", timeout=5, trust_env=False) as http:
            while True:
                try:
                    table = http.post("/api/tables", json=body).json()["table"]
                    break
                except httpx.TransportError:
                    assert time.monotonic() < deadline, "the server did not answer"
                    time.sleep(0.1)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)
    with contextlib.closing(Database(sqlite_url(str(used)))) as stored:
        assert stored.load(table) is not None
    assert not (tmp_path / "data" / "phase10.db").exists()


def test_the_banner_and_the_last_line_are_in_the_language_of_the_command(
    tmp_path: Path,
) -> None:
    """A German host reads where the server listens, what the loopback means, how to stop
    it and, once stopped, that the games are kept, in German, as its errors already were;
    the address and the file stay as they are."""
    port = free_port()
    process = _real_serve(port, tmp_path / "data", LANGUAGE="de")
    try:
        assert process.stdout is not None
        banner = process.stdout.readline()
        assert banner.startswith(f"phase10: Server läuft auf http://{LOOPBACK}:{port}/"), banner
        assert f"(Datenbank: {tmp_path / 'data' / 'phase10.db'})" in banner
        assert process.stdout.readline().startswith("phase10: nur dieser Rechner kann spielen")
        assert process.stdout.readline().strip() == "phase10: Strg+C beendet ihn"
        deadline = time.monotonic() + 20
        with httpx.Client(base_url=f"http://{LOOPBACK}:{port}", timeout=5, trust_env=False) as http:
            while True:  # serving: a stop now is the server's own, not the start's
                try:
                    if http.get("/healthz").status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.1)
        process.send_signal(signal.SIGTERM)  # as a service manager stops it
        rest, _ = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert rest.rstrip().endswith(
        "phase10: beendet; die laufenden Spiele bleiben in der Datenbank"
    ), rest[-300:]
