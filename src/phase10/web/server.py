"""Run the server: the database, the computer players' worker processes and uvicorn.

>>> default_database().startswith("sqlite:///") and default_database().endswith("phase10.db")
True
"""

from __future__ import annotations

import contextlib
import errno
import gc
import logging
import os
import signal
import socket
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

import uvicorn

from phase10.kernel.i18n import N_
from phase10.storage import data_dir
from phase10.web.app import create_app
from phase10.web.cluster import Cluster, FencedDatabase, check_shared
from phase10.web.db import Database, sqlite_url
from phase10.web.dbfile import (
    check_url,
    prepare_sqlite,
    served_alone,
    sqlite_file,
    warn_if_readable,
)
from phase10.web.exposure import Transport
from phase10.web.guard import Limits
from phase10.web.hosts import ServedNames
from phase10.web.protocol import MAX_MESSAGE_BYTES
from phase10.web.retention import Retention
from phase10.web.thinking import INLINE_LEVELS, Thinker

__all__ = ["WS_MAX_SIZE", "ListenError", "check_can_listen", "default_database", "serve"]

#: The largest WebSocket frame uvicorn accepts. It is above the protocol's own limit
#: (``MAX_MESSAGE_BYTES``) so a message somewhat too long is read and answered with a one-line
#: ``too_big`` error on a connection that goes on; only a frame past this one (a client gone
#: wrong, or an attack) is refused by the WebSocket layer itself, closing with 1009.
WS_MAX_SIZE: Final = 4 * MAX_MESSAGE_BYTES


class ListenError(Exception):
    """The server cannot listen on its address and port: ``in_use`` when another program
    holds the port, else ``reason`` (the system's words) says why."""

    def __init__(self, host: str, port: int, reason: str, *, in_use: bool = False) -> None:
        super().__init__(f"cannot listen on {host} port {port}: {reason}")
        self.host, self.port, self.reason, self.in_use = host, port, reason, in_use


def check_can_listen(host: str, port: int) -> None:
    """``ListenError`` unless every address ``host`` names can be bound on ``port`` as
    uvicorn binds it (asyncio's ``create_server``: each address, ``SO_REUSEADDR`` on POSIX,
    an IPv6 socket for IPv6 only). A check, not a reservation: another program may still
    take the port before uvicorn does, which then says so itself.

    >>> with socket.socket() as held:
    ...     held.bind(("127.0.0.1", 0)); held.listen()
    ...     try:
    ...         check_can_listen("127.0.0.1", held.getsockname()[1])
    ...     except ListenError as refused:
    ...         print(refused.in_use)
    True
    """
    try:
        found = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except socket.gaierror as exc:
        raise ListenError(host, port, exc.strerror or str(exc)) from None
    for family, kind, proto, _name, address in found:
        with socket.socket(family, kind, proto) as probe:
            if os.name == "posix":
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            try:
                probe.bind(address)
            except OSError as exc:
                in_use = exc.errno == errno.EADDRINUSE
                raise ListenError(host, port, exc.strerror or str(exc), in_use=in_use) from None


def default_database() -> str:
    """The embedded default: a SQLite file in the user's data folder (``PHASE10_DATA_DIR``)."""
    return sqlite_url(str(data_dir() / "phase10.db"))


def serve(
    host: str,
    port: int,
    database: str,
    *,
    hold_seconds: int,
    bot_workers: int,
    bot_delay: float,
    allowed_origins: tuple[str, ...] = (),
    limits: Limits | None = None,
    node: str | None = None,
    allowed_hosts: tuple[str, ...] = (),
    api_docs: bool = False,
    transport: Transport | None = None,
    access_log: bool = False,
    default_folder: bool = False,
    warnings: Sequence[str] = (),
    words: Callable[[str], str] = str,
    forget_after: float | None = None,
) -> None:
    """Serve until interrupted; prints the address people open (``words`` says the
    banner's lines in the language of the command: its catalog's translation, English by
    default). ``limits``: the limits per
    client address and the pace of messages (``phase10.web.guard``; its defaults if ``None``).
    ``node`` names this process as one of several on one PostgreSQL database, each table
    held by one of them at a time (``phase10.web.cluster``). ``transport``: whose forwarded
    headers uvicorn believes, and TLS (``phase10.web.exposure``; the loopback's, none).
    ``access_log``: a line for every HTTP request (uvicorn's access log). ``default_folder``:
    ``database`` is the default SQLite file, whose folder is created if missing (any other
    folder must exist). ``warnings`` are printed on standard error after the address, which
    stays the first line. ``forget_after``: seconds a table nothing happens at is kept
    (``phase10.web.retention``; ``None``: every table is kept). ``DatabaseFileError`` for a
    database that cannot be served (``phase10.web.dbfile``)."""
    transport = transport or Transport()
    check_url(database)
    # Before anything is said or opened: uvicorn binds only once the tables are restored.
    check_can_listen(host, port)
    # A server holds many small, long-lived objects (every table's states and views):
    # Python's default collector thresholds made full collections every few hundred moves,
    # each a pause of tens of milliseconds for every table (benchmarks/web_load.py's p99).
    # Objects alive at start-up are frozen out of collection, and young collections run
    # less often; reference counting still frees almost everything at once.
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
    file = sqlite_file(database)
    if node is not None:
        check_shared(database)  # before a SQLite file is made that no cluster can use
    with contextlib.ExitStack() as held:
        if file is not None:
            prepare_sqlite(file, create_folder=default_folder)
            held.enter_context(served_alone(file))  # for as long as this server runs
        _serve_database(
            host,
            port,
            database,
            file,
            transport,
            warnings,
            words,
            hold_seconds=hold_seconds,
            bot_workers=bot_workers,
            bot_delay=bot_delay,
            allowed_origins=allowed_origins,
            limits=limits,
            node=node,
            allowed_hosts=allowed_hosts,
            api_docs=api_docs,
            access_log=access_log,
            forget_after=forget_after,
        )


def forget_line(forget_after: float, words: Callable[[str], str] = str) -> str:
    """The banner's line for ``--forget-after`` (seconds), in the command's language.

    >>> forget_line(86400.0)
    'phase10: a table nothing has happened at for 1 day is deleted'
    >>> forget_line(43200.0)
    'phase10: a table nothing has happened at for 0.5 days is deleted'
    """
    days = forget_after / 86400
    one = words(N_("phase10: a table nothing has happened at for {days} day is deleted"))
    many = words(N_("phase10: a table nothing has happened at for {days} days is deleted"))
    return (one if days == 1 else many).format(days=f"{days:g}")


def _serve_database(
    host: str,
    port: int,
    database: str,
    file: str | None,
    transport: Transport,
    warnings: Sequence[str],
    words: Callable[[str], str],
    *,
    hold_seconds: int,
    bot_workers: int,
    bot_delay: float,
    allowed_origins: tuple[str, ...],
    limits: Limits | None,
    node: str | None,
    allowed_hosts: tuple[str, ...],
    api_docs: bool,
    access_log: bool,
    forget_after: float | None,
) -> None:
    """``serve`` once its SQLite file, if it has one, is ready and held."""
    cluster = None
    if node is None:
        db = Database(database)
    else:
        db = fenced = FencedDatabase(database)  # PostgreSQL only: ClusterError otherwise
        cluster = Cluster(fenced, node)
    logging.basicConfig(level=logging.INFO, format=LOG_FORMAT)
    shown = f"[{host}]" if ":" in host else host
    where = f"{transport.scheme}://{shown}:{port}/"
    # The first line, whatever follows: the address and the database are what to look for.
    banner = words(N_("phase10: serving on {where}  (database: {database})"))
    print(banner.format(where=where, database=_shown(database)), flush=True)
    for warning in warnings:
        print(warning, file=sys.stderr, flush=True)
    for line in share_lines(host, port, transport.scheme, network_addresses(), words):
        print(line, flush=True)
    if forget_after is not None:
        print(forget_line(forget_after, words), flush=True)
    print(words(N_("phase10: press Ctrl+C to stop")), flush=True)
    if file is not None:
        warn_if_readable(file)
    with (
        contextlib.closing(db),  # closed however the server stops: Ctrl+C, SIGTERM or an error
        Thinker(workers=bot_workers, inline=INLINE_LEVELS) as thinker,
        _stopped_by_sigterm(),
    ):
        app = create_app(
            db,
            thinker,
            hold_seconds=hold_seconds,
            bot_delay=bot_delay,
            allowed_origins=allowed_origins,
            limits=limits,
            cluster=cluster,
            # Loopback names, any IP address, the bound name, this machine's own names and
            # the public names behind a proxy (phase10.web.hosts): DNS rebinding is refused.
            served=ServedNames.for_server(host, allowed_hosts),
            api_docs=api_docs,
            retention=None if forget_after is None else Retention(forget_after),
        )
        uvicorn.run(
            app,
            host=host,
            port=port,
            ws_max_size=WS_MAX_SIZE,
            # Updates are a few kilobytes: compressing each one cost the server about 40% of
            # its time per move (benchmarks/web_load.py) for bandwidth nobody is short of.
            ws_per_message_deflate=False,
            **_uvicorn_logging(access_log),
            **transport.uvicorn_options(),
        )


#: The log's format: the server's own lines and, asked for, uvicorn's access lines.
LOG_FORMAT: Final = "%(asctime)s %(name)s %(levelname)s %(message)s"


def _uvicorn_logging(access_log: bool) -> dict[str, Any]:
    """uvicorn's logging options. By default only its warnings: an access line for every
    request names the client's address and the path, and paths carry table ids and invite
    codes, which let anyone watch a table or take a free seat; the server logs its own
    events instead (``phase10.web.app``). Asked for, the access lines go to the same
    stream as the server's, in the same format."""
    if not access_log:
        return {"log_level": "warning", "access_log": False}
    config = {
        "version": 1,
        "disable_existing_loggers": False,
        "loggers": {
            # Through the root logger's handler (``serve``'s ``basicConfig``): one format.
            "uvicorn": {"level": "WARNING"},
            "uvicorn.access": {"level": "INFO"},
        },
    }
    return {"log_config": config, "log_level": None, "access_log": True}


@contextlib.contextmanager
def _stopped_by_sigterm() -> Iterator[None]:
    """SIGTERM (``kill``, a service manager's stop) ends the server as Ctrl+C does: uvicorn
    stops serving, then raises the signal again once it is done, and the default action of
    SIGTERM would end the process there, before the workers are shut down (the resource
    tracker then warns of their leaked semaphores). Raised as ``SystemExit``, it unwinds the
    ``with`` blocks that stop the workers and close the database."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signal handlers belong to the main thread (tests run servers in others)
        return

    def stop(_signum: int, _frame: object) -> None:
        raise SystemExit(0)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


#: The addresses that listen on every interface: nobody can open them from elsewhere.
_EVERYWHERE: Final = ("0.0.0.0", "::", "")


def network_addresses() -> list[str]:
    """This machine's own addresses on its networks (not the loopback), as far as it knows
    them without asking any other machine; empty where it cannot tell."""
    found: set[str] = set()
    with contextlib.suppress(OSError):
        for *_, address in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(str(address[0]))
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        # A datagram socket "connected" to an outside address sends nothing; it only picks
        # the interface a packet there would leave by, and so this machine's address.
        probe.connect(("192.0.2.1", 9))
        found.add(str(probe.getsockname()[0]))
    return sorted(a for a in found if not a.startswith("127.") and a != "0.0.0.0")


def share_lines(
    host: str, port: int, scheme: str, addresses: list[str], words: Callable[[str], str] = str
) -> list[str]:
    """What to tell the host about reaching the server from other machines: bound to every
    interface, the addresses friends on the same network open (the invite links a page
    shows start with the address its own browser used); bound to the loopback, that only
    this machine can play.

    >>> share_lines("0.0.0.0", 8080, "http", ["192.168.1.20"])
    ['phase10: on this network, open (and invite with) http://192.168.1.20:8080/']
    >>> share_lines("127.0.0.1", 8080, "http", ["192.168.1.20"])[0]
    'phase10: only this machine can play (the loopback); --host 0.0.0.0 opens it to your network'
    """
    if host in _EVERYWHERE:
        line = words(N_("phase10: on this network, open (and invite with) {address}"))
        return [line.format(address=f"{scheme}://{address}:{port}/") for address in addresses]
    if host in ("127.0.0.1", "::1", "localhost"):
        return [
            words(
                N_(
                    "phase10: only this machine can play (the loopback); --host 0.0.0.0 "
                    "opens it to your network"
                )
            )
        ]
    return []


def _shown(url: str) -> str:
    """What the banner says of the database: a SQLite file's absolute path (a relative one is
    relative to the folder the server started in), any other URL without its password.

    >>> _shown("sqlite:////srv/phase10/games.db")
    '/srv/phase10/games.db'
    >>> _shown("sqlite:///games.db") == os.path.join(os.getcwd(), "games.db")
    True
    >>> _shown("postgresql://phase10:secret@db.example.org/phase10")
    'postgresql://phase10@db.example.org/phase10'
    """
    file = sqlite_file(url)
    if file is not None:
        return os.path.abspath(file)
    scheme, sep, rest = url.partition("://")
    if sep and "@" in rest:
        credentials, _, where = rest.rpartition("@")
        return f"{scheme}://{credentials.split(':', 1)[0]}@{where}"
    return url
