"""``phase10 serve`` on the open internet (decision 0016): listening beyond the loopback with
neither TLS nor a proxy warns that seat links, tokens and chat would travel in clear; a proxy
named with ``--forwarded-allow-ips`` is believed, and only it, about the client's address;
``--ssl-certfile``/``--ssl-keyfile`` serve HTTPS. The warning follows the line with the
address and the database, which is always the first.

The warning and the options' checks run the command line in this process with the server
itself replaced (nothing listens); the forwarded addresses and TLS run the real command in a
subprocess and talk to it over the loopback.
"""

from __future__ import annotations

import os
import shutil
import signal
import ssl
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest
from limits import parse_many

from phase10.cli.serve_transport import IN_CLEAR
from phase10.kernel.i18n import translator
from phase10.web.db import sqlite_url
from phase10.web.exposure import DEFAULT_FORWARDED, Transport
from phase10.web.guard import Limits

from .conftest import LOOPBACK, StartLiveServer, free_port, serve_command

PERSON = {"kind": "person"}


def certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and its key, made by ``openssl``."""
    openssl = shutil.which("openssl")
    assert openssl is not None, "the openssl program is needed (scripts/test-services.sh)"
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            openssl,
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
            "-days",
            "2",
            "-subj",
            "/CN=127.0.0.1",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return cert, key


# ------------------------------------------------------------------------------ the warning


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.0.2.10", "game.example.org"])
def test_listening_beyond_the_loopback_in_clear_warns(
    host: str,
    served: list[dict[str, Any]],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    status, err = serve_command(capsys, tmp_path, "--host", host)
    assert status == 0
    assert len(served) == 1
    assert f"phase10: warning: listening on {host} without TLS" in err
    assert "seat links, seat tokens and chat would travel in clear" in err
    assert '"Behind a TLS reverse proxy"' in err
    assert "--forwarded-allow-ips" in err


def test_the_warning_is_in_the_users_language(
    served: list[dict[str, Any]],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LANGUAGE", "fr")
    status, err = serve_command(capsys, tmp_path, "--host", "0.0.0.0")
    assert status == 0
    wanted = translator("fr").gettext(IN_CLEAR).format(prog="phase10", host="0.0.0.0")
    assert err.strip() == wanted


@pytest.mark.parametrize(
    "args",
    [
        ("--host", "127.0.0.1"),
        ("--host", "::1"),
        ("--host", "localhost"),
        ("--host", "0.0.0.0", "--forwarded-allow-ips", "127.0.0.1"),
        ("--host", "0.0.0.0", "--forwarded-allow-ips", "10.0.0.0/8, 192.0.2.7"),
    ],
)
def test_no_warning_on_the_loopback_or_behind_a_named_proxy(
    args: tuple[str, ...],
    served: list[dict[str, Any]],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    status, err = serve_command(capsys, tmp_path, *args)
    assert status == 0
    assert len(served) == 1
    assert "warning" not in err


def test_the_address_is_the_first_line_and_the_in_clear_warning_follows(tmp_path: Path) -> None:
    """On every interface without TLS, the warning comes after the line naming the address
    and the database (the server's listening is replaced: nothing binds beyond the loopback)."""
    script = (
        "import sys, uvicorn\n"
        "import phase10.web.server as server\n"
        "server.check_can_listen = lambda host, port: None\n"
        "uvicorn.run = lambda *a, **k: None\n"
        "from phase10.cli.main import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "PHASE10_DATA_DIR": str(tmp_path / "data")}
    env["LANGUAGE"] = "en"
    database = ("--bot-workers", "0", "--database", "sqlite:///games.db")
    ran = subprocess.run(
        [sys.executable, "-c", script, "serve", "--host", "0.0.0.0", *database],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
        check=False,
    )
    lines = ran.stdout.splitlines()
    assert ran.returncode == 0, ran.stdout
    assert (
        lines[0] == f"phase10: serving on http://0.0.0.0:{8000}/  (database: {tmp_path}/games.db)"
    )
    assert lines[1].startswith("phase10: warning: listening on 0.0.0.0 without TLS")


def test_no_warning_with_tls_and_the_files_reach_the_server(
    served: list[dict[str, Any]], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    cert, key = certificate(tmp_path)
    tls = ("--ssl-certfile", str(cert), "--ssl-keyfile", str(key))
    status, err = serve_command(capsys, tmp_path, "--host", "0.0.0.0", *tls)
    assert status == 0
    assert "warning" not in err
    transport = served[0]["transport"]
    assert transport.uvicorn_options() == {
        "proxy_headers": True,
        "forwarded_allow_ips": DEFAULT_FORWARDED,
        "ssl_certfile": str(cert),
        "ssl_keyfile": str(key),
    }


def test_the_forwarded_addresses_default_to_the_loopback_whatever_the_environment(
    served: list[dict[str, Any]],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """uvicorn would read ``FORWARDED_ALLOW_IPS``: the server names its trust itself."""
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "*")
    assert serve_command(capsys, tmp_path)[0] == 0
    transport: Transport = served[0]["transport"]
    assert transport.uvicorn_options()["forwarded_allow_ips"] == "127.0.0.1,::1"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ("--forwarded-allow-ips", "proxy.example.org"),
            "--forwarded-allow-ips: proxy.example.org is not an IP address or network",
        ),
        (("--forwarded-allow-ips", " , "), "--forwarded-allow-ips: no address given"),
        (("--ssl-certfile", "cert.pem"), "--ssl-certfile and --ssl-keyfile go together"),
        (
            ("--ssl-certfile", "missing.pem", "--ssl-keyfile", "missing.key"),
            "--ssl-certfile, --ssl-keyfile: cannot use missing.pem with missing.key",
        ),
    ],
)
def test_a_wrong_transport_option_is_one_clear_line_and_serves_nothing(
    args: tuple[str, ...],
    said: str,
    served: list[dict[str, Any]],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    status, err = serve_command(capsys, tmp_path, *args)
    assert status == 2
    assert said in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err
    assert served == []


# ------------------------------------------------------------------------------ a real server


def create_from(http: httpx.Client, address: str) -> int:
    """``POST /api/tables`` as a proxy sends it for a client at ``address``: its status."""
    answer = http.post(
        "/api/tables",
        json={"game": "phase10", "name": "Ann", "seats": [PERSON, PERSON]},
        headers={"x-forwarded-for": address, "x-forwarded-proto": "https"},
    )
    return answer.status_code


@pytest.mark.parametrize(("proxy", "believed"), [("127.0.0.1", True), ("192.0.2.1", False)])
def test_the_forwarded_address_is_believed_from_the_named_proxy_only(
    proxy: str, believed: bool, live_server: StartLiveServer, tmp_path: Path
) -> None:
    """The limit of tables per address (decision 0016) counts the address the proxy names
    when the request comes from the proxy (``--forwarded-allow-ips 127.0.0.1``): a second
    client behind the same proxy has its own allowance. Named elsewhere, the headers are
    ignored and every request is the loopback's."""
    allowance = parse_many(Limits().tables)[0].amount
    url = sqlite_url(str(tmp_path / f"games-{uuid.uuid4().hex[:6]}.db"))
    server = live_server(url, extra_args=("--forwarded-allow-ips", proxy))
    with httpx.Client(base_url=server.url, timeout=10, trust_env=False) as http:
        statuses = [create_from(http, "203.0.113.7") for _ in range(allowance + 1)]
        assert statuses == [201] * allowance + [429]
        assert create_from(http, "198.51.100.9") == (201 if believed else 429)


def test_tls_of_its_own_serves_https(tmp_path: Path) -> None:
    """``--ssl-certfile``/``--ssl-keyfile`` reach uvicorn: ``/healthz`` over HTTPS, checked
    against the certificate; the printed address is an ``https`` one."""
    cert, key = certificate(tmp_path)
    port = free_port()
    log = tmp_path / "server.log"
    command = [
        *(sys.executable, "-m", "phase10", "serve", "--host", LOOPBACK, "--port", str(port)),
        *("--database", sqlite_url(str(tmp_path / "games.db")), "--bot-workers", "0"),
        *("--ssl-certfile", str(cert), "--ssl-keyfile", str(key)),
    ]
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "XDG_DATA_HOME": str(tmp_path / "data")}
    with log.open("wb") as out:
        process = subprocess.Popen(
            command, stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True
        )
    try:
        deadline = time.monotonic() + 20
        trusted = ssl.create_default_context(cafile=str(cert))
        with httpx.Client(verify=trusted, timeout=2, trust_env=False) as https:
            while True:
                assert process.poll() is None, log.read_text()
                try:
                    answer = https.get(f"https://{LOOPBACK}:{port}/healthz")
                    break
                except httpx.TransportError:
                    assert time.monotonic() < deadline, log.read_text()
                    time.sleep(0.1)
        assert answer.status_code == 200
        assert answer.json() == {"ok": True}
        printed = log.read_text()
        assert f"serving on https://{LOOPBACK}:{port}/" in printed
        assert "warning" not in printed
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)
