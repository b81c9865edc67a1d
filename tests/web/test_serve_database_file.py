"""``phase10 serve`` and its database before anything is served: a URL that is no database
it supports, or a SQLite file in a folder that does not exist, is one line of error and
nothing made; the default data folder and a new SQLite file are its user's only (they hold
every hand and invite code), a file the operator made keeps its mode and is warned of if
everyone may read it; a second server on a SQLite file is refused, naming the first, and a
crashed one does not block its restart.
"""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from phase10.web.db import Database, sqlite_url

from .conftest import LOOPBACK, StartLiveServer, free_port

PERSON = {"kind": "person"}
SERVE = (sys.executable, "-m", "phase10", "serve")


def serve_once(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m phase10 serve ARGS`` on the loopback to its end, in ``tmp_path``."""
    env = {**os.environ, "LANG": "C.UTF-8", "PHASE10_DATA_DIR": str(tmp_path / "data")}
    env.pop("LANGUAGE", None)
    port = str(free_port())
    return subprocess.run(
        [*SERVE, "--host", LOOPBACK, "--port", port, *args],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
        check=False,
    )


def refused_with(ran: subprocess.CompletedProcess[str], said: str) -> None:
    assert ran.returncode == 2, ran.stderr
    assert ran.stdout == ""
    assert ran.stderr == f"phase10: error: {said}\n"


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("games.db", "games.db is not a database URL: for a SQLite file write sqlite:///games.db"),
        (
            "/srv/games.db",
            "/srv/games.db is not a database URL: for a SQLite file write sqlite:////srv/games.db",
        ),
        (
            "mysql://phase10@127.0.0.1/phase10",
            "mysql:// databases are not supported: only sqlite:// and postgresql://",
        ),
    ],
)
def test_a_database_url_not_served_is_one_line_saying_what_to_write(
    url: str, said: str, tmp_path: Path
) -> None:
    refused_with(serve_once(tmp_path, "--database", url), said)
    assert list(tmp_path.iterdir()) == []


def test_a_sqlite_file_in_a_folder_that_does_not_exist_makes_nothing(tmp_path: Path) -> None:
    """A typo in the folder is refused: no folder and no empty database made."""
    missing = tmp_path / "nonexistent" / "dir"
    ran = serve_once(tmp_path, "--database", sqlite_url(str(missing / "x.db")))
    refused_with(ran, f"the folder {missing} does not exist (create it, or correct the path)")
    assert list(tmp_path.iterdir()) == []


def test_the_default_folder_and_a_new_database_are_the_users_only(tmp_path: Path) -> None:
    """Without ``--database`` the data folder is made (mode 700) and the new SQLite file
    with its ``-wal`` and ``-shm`` is 600, whatever the umask, once a table is stored."""
    data = tmp_path / "data"
    port = free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "PHASE10_DATA_DIR": str(data)}
    env.pop("PHASE10_DATABASE_URL", None)
    process = subprocess.Popen(
        [*SERVE, "--host", LOOPBACK, "--port", str(port), "--bot-workers", "0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        start_new_session=True,
        umask=0o022,
    )
    try:
        deadline = time.monotonic() + 20
        body = {"game": "phase10", "name": "Ann", "seats": [PERSON, PERSON]}
        with httpx.Client(base_url=f"http://{LOOPBACK}:{port}", timeout=5, trust_env=False) as http:
            while True:
                try:
                    assert http.post("/api/tables", json=body).status_code == 201
                    break
                except httpx.TransportError:
                    assert time.monotonic() < deadline, "the server did not answer"
                    time.sleep(0.1)
        assert stat.S_IMODE(data.stat().st_mode) == 0o700
        for name in ("phase10.db", "phase10.db-wal", "phase10.db-shm", "phase10.db.lock"):
            assert stat.S_IMODE((data / name).stat().st_mode) == 0o600, name
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)


def test_a_file_the_operator_made_keeps_its_mode_and_is_warned_of_if_all_may_read_it(
    live_server: StartLiveServer, tmp_path: Path
) -> None:
    used = tmp_path / "shared.db"
    Database(sqlite_url(str(used))).close()
    used.chmod(0o644)
    server = live_server(sqlite_url(str(used)), extra_args=("--bot-workers", "0"))
    log = server.log()
    assert f"WARNING the database {used} is readable by every user of this machine" in log
    assert stat.S_IMODE(used.stat().st_mode) == 0o644
    server.stop()
    used.chmod(0o600)
    server.restart()
    assert server.log().count("readable by every user") == 1


def test_a_second_server_on_a_sqlite_file_is_refused_and_a_crash_blocks_no_restart(
    live_server: StartLiveServer, tmp_path: Path
) -> None:
    """One server per SQLite file: the second says which file and which process serves it;
    the lock goes with the process, so after a kill -9 the first starts again."""
    used = tmp_path / "games.db"
    first = live_server(sqlite_url(str(used)), extra_args=("--bot-workers", "0"))
    assert first.process is not None
    second = serve_once(tmp_path, "--database", sqlite_url(str(used)), "--bot-workers", "0")
    refused_with(
        second,
        f"{used} is served already, by process {first.process.pid}: one server per SQLite "
        "file (several processes need PostgreSQL)",
    )
    first.kill()
    first.restart()  # healthy again: the lock died with the killed process
