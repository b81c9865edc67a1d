"""The names the server answers to, and the pages whose WebSocket it accepts.

Two checks keep another site's pages away from the tables:

- ``Host``: a request must name this server. DNS rebinding points a name of the attacker's
  (``evil.example``) at the server's address, so that the attacker's page becomes, to the
  browser, the same origin as the server; its requests still say ``Host: evil.example``,
  and are refused (421 Misdirected Request). The server answers to IP addresses written as
  such (a browser that opened ``http://192.168.1.20:8000/`` is on that origin, not on
  another's), ``localhost``, the name it is bound to, this machine's own name, and the names
  given with ``serve --allowed-host`` (the public name behind a proxy).
- ``Origin``: a browser's WebSocket must come from one of the server's own pages: the same
  scheme, host and port as the request itself (the scheme as the ASGI server saw it, which
  a TLS proxy's ``X-Forwarded-Proto`` sets when forwarded headers are trusted), or
  ``https://NAME`` / ``http://NAME`` for a name given with ``--allowed-host`` (a proxy that
  does not pass the ``Host`` on), or an origin given with ``--allow-origin``. A client with
  no ``Origin`` (the terminal, a computer program) is not a browser page and passes.

>>> names = ServedNames.for_server("127.0.0.1", ["game.example.org"])
>>> names.allows("localhost:8000"), names.allows("[::1]:8000"), names.allows("10.0.0.7")
(True, True, True)
>>> names.allows("game.example.org"), names.allows("evil.example:8000"), names.allows(None)
(True, False, False)
>>> origin_allowed("http://localhost:8000", "http", "localhost:8000", names)
True
>>> origin_allowed("https://localhost:8000", "http", "localhost:8000", names)
False
>>> origin_allowed("https://game.example.org", "https", "127.0.0.1:8000", names)
True
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse

__all__ = ["LOOPBACK_NAMES", "HostCheck", "ServedNames", "host_name", "origin_allowed"]

#: The loopback names a browser on this machine uses.
LOOPBACK_NAMES: Final = ("localhost", "127.0.0.1", "[::1]")
#: Addresses that bind every interface: people reach the server by whatever address or name
#: this machine has, so its own name is served too.
_ANY_ADDRESS: Final = frozenset({"0.0.0.0", "::", ""})
_DEFAULT_PORTS: Final = {"http": 80, "https": 443}
#: Answered for any ``Host``: health checks name the server by whatever they were given.
HEALTH_PATH: Final = "/healthz"


def host_name(host: str | None) -> str | None:
    """The name in a ``Host`` header, lower case, without its port (an IPv6 address keeps
    its brackets); ``None`` for a header that is not a host.

    >>> host_name("Example.ORG:8000"), host_name("[::1]:80"), host_name("a b"), host_name(None)
    ('example.org', '[::1]', None, None)
    """
    if not host:
        return None
    try:
        parts = urlsplit(f"http://{host}")
        parts.port  # noqa: B018 - raises on a port that is not a number
    except ValueError:
        return None
    name = parts.hostname
    if not name or parts.username or parts.password or parts.path or parts.query:
        return None
    if any(ch.isspace() or ch in "\\/@?#" for ch in name):
        return None
    return f"[{name}]" if ":" in name else name


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class ServedNames:
    """The host names this server answers to (besides any IP address), and among them the
    public names given with ``--allowed-host``."""

    names: frozenset[str]
    public: frozenset[str] = frozenset()

    @classmethod
    def for_server(cls, bound: str, public: Iterable[str] = ()) -> ServedNames:
        """The names of a server bound to ``bound`` with the public names ``public``.

        >>> served = ServedNames.for_server("127.0.0.1", ["Game.Example.org"])
        >>> sorted(served.names), sorted(served.public)
        (['127.0.0.1', '[::1]', 'game.example.org', 'localhost'], ['game.example.org'])
        """
        named = {n for n in (host_name(p.strip()) for p in public) if n}
        names = set(LOOPBACK_NAMES) | named
        bound_name = host_name(f"[{bound}]" if ":" in bound else bound)
        if bound_name and bound not in _ANY_ADDRESS:
            names.add(bound_name)
        if bound in _ANY_ADDRESS or not _is_loopback(bound):
            names |= _machine_names()
        return cls(frozenset(names), frozenset(named))

    def allows(self, host: str | None) -> bool:
        """Whether a request with this ``Host`` header is for this server."""
        name = host_name(host)
        return name is not None and (name in self.names or _is_address(name))


def _is_loopback(bound: str) -> bool:
    try:
        return ipaddress.ip_address(bound.strip("[]")).is_loopback
    except ValueError:
        return bound.lower() == "localhost"


def _machine_names() -> set[str]:
    """This machine's own name, as people on its network may type it (no DNS lookup: a
    server must not wait on a resolver to start)."""
    found = host_name(socket.gethostname())
    if not found:
        return set()
    first = found.split(".", 1)[0]
    # Its name on the network by multicast DNS (mypc.local), and the bare name.
    return {found, first, f"{first}.local"}


def _origin(text: str) -> tuple[str, str, int] | None:
    """``(scheme, host, port)`` of an origin, the port filled in; ``None`` for ``null`` or
    anything that is not an http(s) origin."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS or not parts.hostname:
        return None
    return scheme, parts.hostname.lower(), port or _DEFAULT_PORTS[scheme]


def origin_allowed(
    origin: str | None,
    scheme: str,
    host: str | None,
    served: ServedNames | None = None,
    allowed_origins: Iterable[str] = (),
) -> bool:
    """Whether a WebSocket opened with ``Origin: origin`` comes from this server's pages; the
    request came by ``scheme`` (``ws``/``wss`` or ``http``/``https``) with ``Host: host``.

    >>> origin_allowed("http://127.0.0.1:8000", "ws", "127.0.0.1:8000")
    True
    >>> origin_allowed("http://127.0.0.1:9000", "ws", "127.0.0.1:8000")
    False
    >>> origin_allowed(None, "ws", "127.0.0.1:8000"), origin_allowed("null", "ws", "x")
    (True, False)
    """
    if origin is None:
        return True
    seen = _origin(origin)
    if seen is None:
        return False
    if any(seen == _origin(allowed) for allowed in allowed_origins):
        return True
    own_scheme = "https" if scheme in ("https", "wss") else "http"
    if host and seen == _origin(f"{own_scheme}://{host}"):
        return True
    public = served.public if served is not None else frozenset()
    return seen[0] == own_scheme and seen[1] in public and seen[2] == _DEFAULT_PORTS[own_scheme]


Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
ASGIApp = Callable[[MutableMapping[str, Any], Receive, Send], Awaitable[None]]


class HostCheck:
    """ASGI middleware: an HTTP request or WebSocket whose ``Host`` is not one of ``served``
    is answered 421 with ``{"error": ...}`` and goes no further. ``/healthz`` is answered
    whatever the ``Host`` (a proxy's health check may send none, and it tells nothing).

    (Starlette's ``TrustedHostMiddleware`` checks names only, so it would refuse a server
    reached by its address on the home network, and answers in plain text.)
    """

    def __init__(self, app: ASGIApp, served: ServedNames) -> None:
        self.app = app
        self.served = served

    async def __call__(self, scope: MutableMapping[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and scope.get("path") != HEALTH_PATH:
            host = Headers(scope=scope).get("host")
            if not self.served.allows(host):
                text = (
                    "this server does not answer to that name; its operator may add it "
                    "with phase10 serve --allowed-host NAME"
                )
                await JSONResponse({"error": text}, status_code=421)(scope, receive, send)
                return
        await self.app(scope, receive, send)
