"""The browser's second line of defence (decision 0016): security headers on every answer,
the API's documentation off unless asked for, a WebSocket only from the server's own pages
(scheme, host and port), no answer to a name that is not the server's (DNS rebinding), and
the pages working under their Content-Security-Policy in a real Chromium.
"""

from __future__ import annotations

import base64
import hashlib
import re
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect
from starlette.testclient import TestClient
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from phase10.web.app import create_app
from phase10.web.db import Database
from phase10.web.hosts import ServedNames
from phase10.web.thinking import Thinker

from .conftest import LOOPBACK, StartLiveServer
from .serverkit import InProcessServer, Player, create_table, in_process_server

PERSON = {"kind": "person"}
EASY = {"kind": "bot", "level": "easy"}


def _directives(policy: str) -> dict[str, list[str]]:
    out = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


def assert_protected(answer: httpx.Response, where: str) -> None:
    """The answer carries every header of the second line of defence."""
    headers = answer.headers
    policy = _directives(headers.get("content-security-policy", ""))
    assert policy.get("script-src") == ["'self'"], (where, headers)
    assert policy.get("frame-ancestors") == ["'self'"], where
    assert policy.get("object-src") == ["'none'"], where
    assert policy.get("default-src") == ["'self'"], where
    assert "'unsafe-inline'" not in policy.get("style-src", []), where
    assert headers.get("x-frame-options") == "SAMEORIGIN", where
    assert headers.get("x-content-type-options") == "nosniff", where
    assert headers.get("referrer-policy") == "same-origin", where


@pytest.fixture
def server(tmp_path: Path) -> Iterator[InProcessServer]:
    with in_process_server(tmp_path, served=ServedNames.for_server(LOOPBACK)) as running:
        yield running


def test_every_answer_carries_the_security_headers(server: InProcessServer) -> None:
    """Decision 0016: pages, static files, the API, refusals and unknown paths alike."""
    with server.http() as http:
        made = create_table(http, [PERSON, EASY])
        table = made["table"]
        answers = {
            "lobby": http.get("/?lang=fr"),
            "table page": http.get(f"/t/{table}"),
            "missing table page": http.get("/t/nothing-here"),
            "rules": http.get("/rules"),
            "games": http.get("/games"),
            "script": http.get("/static/table.js"),
            "style sheet": http.get("/static/style.css"),
            "missing file": http.get("/static/nothing.js"),
            "API": http.get(f"/api/tables/{table}"),
            "API refusal": http.post("/api/tables", json={"name": "Ann"}),
            "unknown path": http.get("/wp-admin"),
            "health": http.get("/healthz"),
            "redirect": http.get(f"/join/{made['code']}", follow_redirects=False),
        }
    for where, answer in answers.items():
        assert_protected(answer, where)
    assert answers["missing file"].status_code == 404
    assert answers["API refusal"].status_code == 422


def test_head_answers_as_get_without_a_body(server: InProcessServer) -> None:
    """Uptime monitors ask the start page and ``/healthz`` with HEAD: answered as GET is,
    headers and all, with no body (not 405)."""
    with server.http() as http:
        for path in ("/", "/healthz"):
            got, head = http.get(path), http.head(path)
            assert head.status_code == got.status_code == 200, path
            assert head.content == b"", path
            assert head.headers["content-type"] == got.headers["content-type"], path
            assert head.headers["content-length"] == got.headers["content-length"], path
            assert_protected(head, f"HEAD {path}")


def test_an_unexpected_error_carries_the_headers_too(tmp_path: Path) -> None:
    """A 500 is sent by Starlette's outermost layer, past every middleware."""
    with Thinker(workers=0) as thinker:
        app = create_app(Database("sqlite://"), thinker)

        @app.get("/api/broken")
        async def broken() -> None:
            raise RuntimeError("a bug")

        with TestClient(app, raise_server_exceptions=False) as http:
            answer = http.get("/api/broken")
    assert answer.status_code == 500
    assert answer.json() == {"error": "internal error"}
    assert_protected(answer, "500")  # type: ignore[arg-type]


def test_the_api_documentation_is_off_by_default(server: InProcessServer) -> None:
    """Decision 0016: Swagger UI loads its script from a CDN onto the origin that holds the
    seat tokens, so neither it, ReDoc nor the description is served unless asked for."""
    with server.http() as http:
        for path in ("/api/docs", "/api/redoc", "/api/openapi.json", "/docs", "/openapi.json"):
            assert http.get(path).status_code == 404, path


def test_the_api_documentation_is_served_when_asked_under_its_own_policy(tmp_path: Path) -> None:
    """With ``api_docs``: the description, and the page under a policy that names the CDN
    and the hash of the page's one inline script (no 'unsafe-inline' script)."""
    with in_process_server(tmp_path, api_docs=True) as running, running.http() as http:
        description = http.get("/api/openapi.json")
        page = http.get("/api/docs")
        assert http.get("/api/redoc").status_code == 404
    assert description.status_code == 200
    assert "/api/tables" in description.json()["paths"]
    assert_protected(description, "description")
    assert page.status_code == 200
    policy = _directives(page.headers["content-security-policy"])
    inline = re.findall(r"<script>(.*?)</script>", page.text, re.DOTALL)
    assert len(inline) == 1
    digest = base64.b64encode(hashlib.sha256(inline[0].encode()).digest()).decode()
    assert f"'sha256-{digest}'" in policy["script-src"]
    assert "https://cdn.jsdelivr.net" in policy["script-src"]
    assert "'unsafe-inline'" not in policy["script-src"]
    assert policy["frame-ancestors"] == ["'self'"]
    for source in re.findall(r'src="([^"]+)"', page.text):
        assert source.startswith("https://cdn.jsdelivr.net/"), source
    assert page.headers["x-frame-options"] == "SAMEORIGIN"


def test_the_help_says_where_the_documentation_loads_from() -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "phase10", "serve", "--help"],
        capture_output=True,
        text=True,
        check=True,
        env={"COLUMNS": "200", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"},
    ).stdout
    assert "--api-docs" in shown
    assert "CDN" in shown
    assert "--allowed-host" in shown


# --------------------------------------------------------------------------- origins and hosts


def test_a_websocket_from_another_scheme_or_port_is_refused(server: InProcessServer) -> None:
    """Decision 0016: the origin is scheme, host and port; an ``https`` page (another origin)
    or another port of the same host cannot open a table's connection."""
    with server.http() as http:
        table = create_table(http, [PERSON, EASY])["table"]
    port = server.url.rsplit(":", 1)[1]
    for origin in (
        f"https://127.0.0.1:{port}",
        f"http://127.0.0.1:{int(port) + 1}",
        "http://127.0.0.1",
        f"http://evil.example:{port}",
        "null",
    ):
        with pytest.raises(InvalidStatus) as refused:
            Player(server.ws_url, table, None, origin=origin)
        assert refused.value.response.status_code == 403, origin
    for origin in (f"http://127.0.0.1:{port}", f"HTTP://127.0.0.1:{port}"):
        watcher = Player(server.ws_url, table, None, origin=origin)
        assert watcher.until(lambda m: m["type"] == "welcome")["seat"] is None
        watcher.close()


def test_the_scheme_is_the_one_a_tls_proxy_forwards(tmp_path: Path) -> None:
    """Behind a TLS proxy on the loopback (whose ``X-Forwarded-Proto`` uvicorn trusts), the
    page's origin is ``https://`` and its connection is accepted; a plain ``http://`` page of
    that host is then another origin."""
    served = ServedNames.for_server(LOOPBACK, ["game.example.org"])
    with in_process_server(tmp_path, served=served) as running:
        with running.http() as http:
            table = create_table(http, [PERSON, EASY])["table"]
        host = running.url.removeprefix("http://")
        url = f"{running.ws_url}/ws/{table}"
        forwarded = {"X-Forwarded-Proto": "https"}
        with connect(url, origin=Origin(f"https://{host}"), additional_headers=forwarded) as ws:
            ws.send('{"type": "hello", "token": null, "since": -1, "protocol": 2}')
            assert '"welcome"' in str(ws.recv(timeout=10))
        # A proxy that does not pass the Host on: the public name's https origin is ours.
        public = Origin("https://game.example.org")
        with connect(url, origin=public, additional_headers=forwarded):
            pass
        for other in (f"http://{host}", "https://game.example.org:8443"):
            with pytest.raises(InvalidStatus):
                connect(url, origin=Origin(other), additional_headers=forwarded)


def _get(port: int, host: str, path: str = "/") -> tuple[int, str]:
    """A raw HTTP/1.1 request to the loopback with this ``Host`` header."""
    with socket.create_connection((LOOPBACK, port), timeout=10) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.decode("utf-8", "replace").partition("\r\n\r\n")
    return int(head.split()[1]), body


def test_a_name_that_is_not_the_servers_is_refused(server: InProcessServer) -> None:
    """Decision 0016, DNS rebinding: a page of ``evil.example`` that resolves to the server
    still says ``Host: evil.example``, and gets nothing (421), nor a WebSocket; the loopback
    names and addresses are served."""
    port = int(server.url.rsplit(":", 1)[1])
    with server.http() as http:
        table = create_table(http, [PERSON, EASY])["table"]
    for host in (f"evil.example:{port}", "evil.example", f"localhost.evil.example:{port}"):
        status, body = _get(port, host, f"/api/tables/{table}")
        assert status == 421, host
        assert "--allowed-host" in body
    for host in (f"localhost:{port}", f"127.0.0.1:{port}", f"[::1]:{port}", f"LOCALHOST:{port}"):
        assert _get(port, host)[0] == 200, host
    # A proxy's health check may name the server by anything: it learns only "ok".
    assert _get(port, "evil.example", "/healthz")[0] == 200
    with socket.create_connection((LOOPBACK, port), timeout=10) as sock:
        with pytest.raises(InvalidStatus) as refused:
            connect(f"ws://evil.example:{port}/ws/{table}", sock=sock)
        assert refused.value.response.status_code == 421
    with (
        socket.create_connection((LOOPBACK, port), timeout=10) as sock,
        connect(f"ws://localhost:{port}/ws/{table}", sock=sock),
    ):
        pass


def test_allowed_host_adds_a_public_name(tmp_path: Path) -> None:
    """``serve --allowed-host game.example.org``: the name behind the proxy is served."""
    served = ServedNames.for_server(LOOPBACK, ["game.example.org"])
    with in_process_server(tmp_path, served=served) as running:
        port = int(running.url.rsplit(":", 1)[1])
        assert _get(port, "game.example.org")[0] == 200
        assert _get(port, "Game.Example.Org:443")[0] == 200
        assert _get(port, "other.example.org")[0] == 421


def test_allowed_host_refuses_what_is_not_a_host_name(tmp_path: Path) -> None:
    """A mistyped ``--allowed-host`` is an error at start, not a name silently never served."""
    ran = subprocess.run(
        [sys.executable, "-m", "phase10", "serve", "--allowed-host", "https://game.example.org/"],
        capture_output=True,
        text=True,
        env={"LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "XDG_DATA_HOME": str(tmp_path)},
        timeout=60,
    )
    assert ran.returncode != 0
    assert "--allowed-host" in ran.stderr


# --------------------------------------------------------------------------- in a real browser

SERVER_ARGS = ("--bot-delay", "0", "--bot-workers", "0")
#: Collects every Content-Security-Policy violation a page reports, from its first script on.
WATCH_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


def _watched(browser: Browser) -> tuple[Page, list[str]]:
    context = browser.new_context()
    context.add_init_script(WATCH_VIOLATIONS)
    page = context.new_page()
    page.set_default_timeout(15_000)
    reported: list[str] = []

    def note(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            reported.append(message.text)

    page.on("console", note)
    page.on("pageerror", lambda exc: reported.append(str(exc)))
    return page, reported


def _violations(page: Page) -> list[str]:
    return list(page.evaluate("window.__violations"))


def test_the_pages_work_under_their_policy(
    live_server: StartLiveServer, tmp_path: Path, browser: Browser
) -> None:
    """Decision 0016: the lobby creates a table, the table page connects its WebSocket and
    shows the game, the other pages render, and Chromium reports no violation of the
    Content-Security-Policy on any of them."""
    server = live_server(f"sqlite:///{tmp_path / 'csp.db'}", extra_args=SERVER_ARGS)
    page, reported = _watched(browser)
    try:
        page.goto(f"{server.url}/?lang=en")
        page.get_by_label("Number of players").select_option("2")
        page.get_by_label("Seat 2", exact=True).select_option("easy")
        page.get_by_label("Your name").fill("Ann")
        page.get_by_role("button", name="Create the table").click()
        expect(page.get_by_role("heading", name="Your table is ready")).to_be_focused()
        assert _violations(page) == []
        page.get_by_role("link", name="Go to the table").click()
        page.wait_for_url(re.compile(r"/t/[\w-]+\?lang=en$"))
        expect(page.locator("#players")).to_contain_text("Ann (you)")
        page.get_by_role("button", name="Start the game").click()
        expect(page.locator("#hand [role=option]").first).to_be_visible()
        assert _violations(page) == []
        for path in ("/games?lang=en", "/rules?lang=en", "/t/no-such-table"):
            page.goto(f"{server.url}{path}")
            page.wait_for_load_state("load")
            assert _violations(page) == [], path
        assert reported == []
    finally:
        page.context.close()


class _Framing(BaseHTTPRequestHandler):
    """Another origin (another port of the same host) whose page frames a table."""

    target = ""

    def do_GET(self) -> None:
        body = f'<!doctype html><title>frame</title><iframe src="{self.target}"></iframe>'
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.end_headers()
        self.wfile.write(body.encode())

    def log_message(self, *_args: Any) -> None:
        return


def test_another_origin_cannot_frame_a_table(server: InProcessServer, browser: Browser) -> None:
    """Decision 0016: a page on another port of the same host frames a table page with the
    victim's seat active; the browser refuses to show it there (frame-ancestors 'self')."""
    with server.http() as http:
        table = create_table(http, [PERSON, EASY])["table"]
    target = f"{server.url}/t/{table}?lang=en"
    handler = type("Framing", (_Framing,), {"target": target})
    framing = ThreadingHTTPServer((LOOPBACK, 0), handler)
    thread = threading.Thread(target=framing.serve_forever, daemon=True)
    thread.start()
    page, reported = _watched(browser)
    try:
        page.goto(f"http://{LOOPBACK}:{framing.server_address[1]}/")
        page.wait_for_timeout(1000)
        frames = [f for f in page.frames if f != page.main_frame]
        assert len(frames) == 1
        shown = frames[0]
        assert shown.url != target or shown.locator("#players").count() == 0
        assert any("frame-ancestors" in text for text in reported), reported
    finally:
        page.context.close()
        framing.shutdown()
        framing.server_close()
