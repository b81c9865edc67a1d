"""What ``phase10 join`` needs before the game: where the table is, the server's HTTP API and
the seat tokens kept between runs (``docs/protocol.md``).

An invite is a link (``http://host:8000/join/K7MPQX``, ``http://host:8000/t/<table>``) or a
bare code read against ``--server``:

>>> parse_target("http://example.org:8000/join/k7m-pqx", DEFAULT_SERVER)
Target(server='http://example.org:8000', table=None, code='K7MPQX')
>>> parse_target("https://example.org/games/t/Ab_9-x?lang=fr", DEFAULT_SERVER)
Target(server='https://example.org/games', table='Ab_9-x', code=None)
>>> parse_target("K7MPQX", "http://127.0.0.1:8124/")
Target(server='http://127.0.0.1:8124', table=None, code='K7MPQX')
>>> websocket_url(Target("https://example.org/games", "Ab_9-x", None), "Ab_9-x", "nl")
'wss://example.org/games/ws/Ab_9-x?lang=nl'

A seat token is a password for one seat: it is kept in the user's data folder in a file only
its owner may read (mode 0600), one per server and table, and never printed.
"""

from __future__ import annotations

import json
import os
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

__all__ = [
    "DEFAULT_SERVER",
    "Api",
    "ApiError",
    "SeatStore",
    "StoredSeat",
    "Target",
    "TargetError",
    "UnreachableError",
    "parse_target",
    "table_url",
    "websocket_url",
]

DEFAULT_SERVER: Final = "http://127.0.0.1:8000"
#: The characters of a table id (``secrets.token_urlsafe``).
_TABLE_CHARS: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


class TargetError(ValueError):
    """An invite that is neither a link to a table nor a code."""


@dataclass(frozen=True)
class Target:
    """A table to join: the server's address and the table's id, or its invite code."""

    server: str
    table: str | None
    code: str | None


def _normalise_code(text: str) -> str:
    return "".join(ch for ch in text.upper() if ch.isalnum())


def parse_target(text: str, server: str) -> Target:
    """The table an invite link or a code names; ``TargetError`` for anything else."""
    text = text.strip()
    if "/" not in text and ":" not in text:
        code = _normalise_code(text)
        if not code or len(code) > 16 or any(not ch.isascii() for ch in code):
            raise TargetError(text)
        return Target(_server_root(server), None, code)
    if "://" not in text:
        text = "http://" + text
    parts = urllib.parse.urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise TargetError(text)
    segments = parts.path.rstrip("/").split("/")
    if len(segments) < 3 or segments[-2] not in ("join", "t") or not segments[-1]:
        raise TargetError(text)
    prefix = "/".join(segments[:-2])
    root = f"{parts.scheme}://{parts.netloc}{prefix}"
    last = urllib.parse.unquote(segments[-1])
    if segments[-2] == "join":
        code = _normalise_code(last)
        if not code:
            raise TargetError(text)
        return Target(root, None, code)
    if not set(last) <= _TABLE_CHARS or len(last) > 32:
        raise TargetError(text)
    return Target(root, last, None)


def _server_root(server: str) -> str:
    server = server.strip().rstrip("/")
    if "://" not in server:
        server = "http://" + server
    parts = urllib.parse.urlsplit(server)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise TargetError(server)
    return server


def websocket_url(target: Target, table: str, lang: str) -> str:
    """The table's WebSocket address, in ``lang``."""
    scheme, rest = target.server.split("://", 1)
    ws = "wss" if scheme == "https" else "ws"
    return f"{ws}://{rest}/ws/{urllib.parse.quote(table)}?lang={lang}"


def table_url(target: Target, table: str) -> str:
    """The table's page (what to type to come back: no token in it)."""
    return f"{target.server}/t/{table}"


# ---------------------------------------------------------------------------- the HTTP API


class ApiError(Exception):
    """The server refused a request: its status and its one-sentence reason; for a limit
    (429), the seconds its ``Retry-After`` says to wait, where it says."""

    def __init__(self, status: int, text: str, retry_after: int | None = None) -> None:
        super().__init__(text)
        self.status = status
        self.text = text
        self.retry_after = retry_after


class UnreachableError(Exception):
    """No answer from the server (refused, unknown host, timed out, not a phase10 server)."""


class Api:
    """The JSON API of one server (``/api/...``), with the standard library's HTTP client."""

    def __init__(self, server: str, timeout: float = 15.0, lang: str | None = None) -> None:
        self.server = server
        self.timeout = timeout
        #: The player's language: the server words its refusals in it (a name taken, a
        #: table started), as it does for a browser's.
        self.lang = lang

    def get(self, path: str) -> dict[str, Any]:
        return self._call("GET", path, None, None)

    def post(
        self, path: str, body: dict[str, Any] | None = None, token: str | None = None
    ) -> dict[str, Any]:
        return self._call("POST", path, body, token)

    def _call(
        self, method: str, path: str, body: dict[str, Any] | None, token: str | None
    ) -> dict[str, Any]:
        headers = {"Accept": "application/json"}
        if self.lang:
            headers["Accept-Language"] = self.lang
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            headers["Content-Type"] = "application/json"
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        request = urllib.request.Request(
            self.server + path, data=data, headers=headers, method=method
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                return _json_object(answer.read())
        except urllib.error.HTTPError as exc:
            try:
                text = str(_json_object(exc.read()).get("error") or exc.reason)
            except (UnreachableError, OSError):
                text = str(exc.reason)
            wait = (exc.headers.get("Retry-After") or "").strip()
            raise ApiError(exc.code, text, int(wait) if wait.isdigit() else None) from None
        except urllib.error.URLError as exc:
            raise UnreachableError(str(exc.reason)) from None
        except (OSError, ValueError) as exc:  # a timeout, a reset, a bad URL
            raise UnreachableError(str(exc) or type(exc).__name__) from None


def _json_object(raw: bytes) -> dict[str, Any]:
    try:
        data = json.loads(raw)
    except ValueError:
        raise UnreachableError("the answer is not JSON: is this a phase10 server?") from None
    if not isinstance(data, dict):
        raise UnreachableError("the answer is not a JSON object: is this a phase10 server?")
    return data


# ---------------------------------------------------------------------------- seat tokens


@dataclass(frozen=True)
class StoredSeat:
    """A seat held at one table: its number, the name sat under and the token."""

    seat: int
    name: str
    token: str = field(repr=False)  # a password: never shown


class SeatStore:
    """The seat tokens of every table joined, in one JSON file only its owner may read.

    >>> import tempfile, stat
    >>> folder = Path(tempfile.mkdtemp())
    >>> store = SeatStore(folder / "seats.json")
    >>> store.put("http://h:1", "t1", StoredSeat(1, "Bob", "secret"))
    >>> store.get("http://h:1", "t1"), store.get("http://h:1", "t2")
    (StoredSeat(seat=1, name='Bob'), None)
    >>> oct(stat.S_IMODE((folder / "seats.json").stat().st_mode))
    '0o600'
    >>> store.forget("http://h:1", "t1"); store.get("http://h:1", "t1") is None
    True
    """

    def __init__(self, path: Path) -> None:
        self.path = path

    @staticmethod
    def _key(server: str, table: str) -> str:
        return f"{server}/t/{table}"

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        seats = data.get("seats") if isinstance(data, dict) else None
        return seats if isinstance(seats, dict) else {}

    def get(self, server: str, table: str) -> StoredSeat | None:
        found = self._read().get(self._key(server, table))
        if not isinstance(found, dict):
            return None
        try:
            return StoredSeat(int(found["seat"]), str(found["name"]), str(found["token"]))
        except (KeyError, TypeError, ValueError):
            return None

    def put(self, server: str, table: str, seat: StoredSeat) -> None:
        seats = self._read()
        seats[self._key(server, table)] = {
            "seat": seat.seat,
            "name": seat.name,
            "token": seat.token,
        }
        self._write(seats)

    def forget(self, server: str, table: str) -> None:
        seats = self._read()
        if seats.pop(self._key(server, table), None) is not None:
            self._write(seats)

    def _write(self, seats: dict[str, Any]) -> None:
        """Replace the file at once; it is created 0600 and never readable by others."""
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        text = json.dumps({"version": 1, "seats": seats}, indent=1, sort_keys=True)
        handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=".seats-")
        try:
            if hasattr(os, "fchmod"):  # mkstemp makes it 0600 already; say so anyway
                os.fchmod(handle, 0o600)
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text + "\n")
            os.replace(temporary, self.path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
