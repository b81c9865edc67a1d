"""How ``phase10 serve`` is reached from other machines: in clear, through a TLS reverse proxy
whose forwarded headers it trusts, or with TLS of its own (decision 0016).

A seat's link and token are the seat's password, and chat lines are private to a table: on a
network, plain HTTP and WebSocket give them to anyone on the way. So a server listening
beyond the loopback is meant to sit behind a TLS reverse proxy (the README's "Behind a TLS
reverse proxy") or to speak TLS itself; :func:`in_clear` says when neither was declared and
the command line warns.

Behind a proxy, every connection comes from the proxy's address: uvicorn then takes the
client's address (``X-Forwarded-For``, which the limits per address count) and scheme
(``X-Forwarded-Proto``, which the ``Origin`` check compares) from the proxy's headers, and
from nobody else's: :class:`Transport` names the addresses trusted to send them (the
loopback by default, where a proxy on the same machine connects from) and passes them to
uvicorn explicitly, so uvicorn's environment variable ``FORWARDED_ALLOW_IPS`` cannot widen
the trust behind the server's back.

>>> in_clear("0.0.0.0", Transport())
True
>>> in_clear("0.0.0.0", Transport(forwarded_allow_ips="127.0.0.1", proxied=True))
False
>>> in_clear("localhost", Transport()), in_clear("::1", Transport())
(False, False)
>>> Transport(forwarded_allow_ips=forwarded_ips(" 10.0.0.0/8, ::1 ")).uvicorn_options()
{'proxy_headers': True, 'forwarded_allow_ips': '10.0.0.0/8,::1'}
"""

from __future__ import annotations

import ipaddress
import ssl
from dataclasses import dataclass
from typing import Any, Final

from phase10.kernel.i18n import N_

__all__ = [
    "DEFAULT_FORWARDED",
    "Transport",
    "TransportError",
    "forwarded_ips",
    "in_clear",
    "is_loopback",
]

#: Whose forwarded headers are trusted unless said otherwise: a proxy on this machine.
DEFAULT_FORWARDED: Final = "127.0.0.1,::1"


class TransportError(ValueError):
    """A setting of the transport that cannot work: ``message`` is an English msgid naming
    the option, with ``{}`` fields filled from ``params`` (the command line translates it)."""

    def __init__(self, message: str, **params: str) -> None:
        super().__init__(message.format(**params))
        self.message = message
        self.params = params


@dataclass(frozen=True, slots=True)
class Transport:
    """The settings uvicorn gets for its connections: whose ``X-Forwarded-*`` headers it
    believes (``proxied``: the operator named them, so a proxy is declared), and TLS
    (a certificate chain and its key, both or neither)."""

    forwarded_allow_ips: str = DEFAULT_FORWARDED
    proxied: bool = False
    ssl_certfile: str | None = None
    ssl_keyfile: str | None = None

    @property
    def tls(self) -> bool:
        return self.ssl_certfile is not None

    @property
    def scheme(self) -> str:
        """``https`` with TLS of the server's own, else ``http`` (what it prints)."""
        return "https" if self.tls else "http"

    def check(self) -> None:
        """``TransportError`` unless the TLS files are both given and load (read now, so a
        wrong file is one clear line before the server starts, not a failure inside it)."""
        if (self.ssl_certfile is None) != (self.ssl_keyfile is None):
            raise TransportError(N_("--ssl-certfile and --ssl-keyfile go together"))
        if self.ssl_certfile is None:
            return
        try:
            ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(
                self.ssl_certfile, self.ssl_keyfile
            )
        except (OSError, ssl.SSLError) as exc:
            reason = getattr(exc, "strerror", None) or getattr(exc, "reason", None) or exc
            raise TransportError(
                N_("--ssl-certfile, --ssl-keyfile: cannot use {cert} with {key}: {reason}"),
                cert=self.ssl_certfile,
                key=str(self.ssl_keyfile),
                reason=str(reason),
            ) from None

    def uvicorn_options(self) -> dict[str, Any]:
        """The keyword arguments of ``uvicorn.run`` for these settings."""
        options: dict[str, Any] = {
            "proxy_headers": True,
            "forwarded_allow_ips": self.forwarded_allow_ips,
        }
        if self.tls:
            options["ssl_certfile"] = self.ssl_certfile
            options["ssl_keyfile"] = self.ssl_keyfile
        return options


def forwarded_ips(text: str) -> str:
    """``--forwarded-allow-ips`` checked and tidied: addresses and networks separated by
    commas, or ``*`` (any client may claim any address: only where nothing but the proxy
    can reach the server). ``TransportError`` for anything else.

    >>> forwarded_ips("127.0.0.1, 192.0.2.0/24")
    '127.0.0.1,192.0.2.0/24'
    >>> try:
    ...     forwarded_ips("proxy.example.org")
    ... except TransportError as refused:
    ...     print(refused.params)
    {'item': 'proxy.example.org'}
    """
    items = [item.strip() for item in text.split(",") if item.strip()]
    if not items:
        raise TransportError(N_("--forwarded-allow-ips: no address given (127.0.0.1)"))
    if items == ["*"]:
        return "*"
    for item in items:
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise TransportError(
                N_(
                    "--forwarded-allow-ips: {item} is not an IP address or network "
                    "(127.0.0.1, 10.0.0.0/8)"
                ),
                item=item,
            ) from None
    return ",".join(items)


def is_loopback(host: str) -> bool:
    """Whether listening on ``host`` keeps the server to this machine.

    >>> is_loopback("127.0.0.1"), is_loopback("0.0.0.0"), is_loopback("[::1]")
    (True, False, True)
    """
    name = host.strip().strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False  # a name: it may well resolve to a public address


def in_clear(host: str, transport: Transport) -> bool:
    """Whether a server on ``host`` would speak plain HTTP to other machines with no proxy
    declared: the case the command line warns about."""
    return not is_loopback(host) and not transport.tls and not transport.proxied
