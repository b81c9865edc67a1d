"""``phase10 serve``'s options for being reached from other machines (a TLS reverse proxy in
front, or TLS of its own), and its warning when it would speak in clear to them
(``phase10.web.exposure``, decision 0016).
"""

from __future__ import annotations

import argparse

from phase10.cli.common import PROG, CommandError
from phase10.cli.parse_errors import translate
from phase10.kernel.i18n import N_
from phase10.web.exposure import (
    DEFAULT_FORWARDED,
    Transport,
    TransportError,
    forwarded_ips,
    in_clear,
)

__all__ = ["IN_CLEAR", "add_transport_options", "in_clear_warning", "transport_of"]

#: The warning for a server reachable from other machines with neither TLS nor a proxy.
IN_CLEAR = N_(
    "{prog}: warning: listening on {host} without TLS: seat links, seat tokens and chat "
    "would travel in clear to anyone on the way. Put the server behind a TLS reverse proxy "
    '(README, "Behind a TLS reverse proxy") and name the proxy with --forwarded-allow-ips, '
    "or give it --ssl-certfile and --ssl-keyfile."
)


def add_transport_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--forwarded-allow-ips``, ``--ssl-certfile`` and ``--ssl-keyfile``."""
    parser.add_argument(
        "--forwarded-allow-ips",
        metavar="ADDRESSES",
        help=translate(
            N_(
                "the reverse proxy's addresses or networks, separated by commas, whose "
                "X-Forwarded-For and X-Forwarded-Proto headers are believed (default: {default})"
            )
        ).format(default=DEFAULT_FORWARDED),
    )
    parser.add_argument(
        "--ssl-certfile",
        metavar="FILE",
        help=translate(N_("serve HTTPS with this certificate chain (PEM), with --ssl-keyfile")),
    )
    parser.add_argument(
        "--ssl-keyfile",
        metavar="FILE",
        help=translate(N_("the private key (PEM) of --ssl-certfile")),
    )


def transport_of(args: argparse.Namespace) -> Transport:
    """The transport the options ask for; ``CommandError`` (in the user's language) for an
    address that is none, or TLS files that are missing, unreadable or do not match."""
    try:
        given = args.forwarded_allow_ips
        transport = Transport(
            forwarded_allow_ips=DEFAULT_FORWARDED if given is None else forwarded_ips(given),
            proxied=given is not None,
            ssl_certfile=args.ssl_certfile,
            ssl_keyfile=args.ssl_keyfile,
        )
        transport.check()
    except TransportError as exc:
        raise CommandError(translate(exc.message).format(**exc.params)) from None
    return transport


def in_clear_warning(host: str, transport: Transport) -> str | None:
    """The warning, in the user's language, when a server on ``host`` would speak plain HTTP
    to other machines (not the loopback, no TLS, no proxy named); ``None`` otherwise. The
    server prints it after its address, which stays its first line."""
    if not in_clear(host, transport):
        return None
    return translate(IN_CLEAR).format(prog=PROG, host=host)
