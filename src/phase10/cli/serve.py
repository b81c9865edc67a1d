"""``phase10 serve``: the game server for online play, and its browser table."""

from __future__ import annotations

import argparse
import os
import re
from typing import Any, Final

from phase10.cli.common import (
    MAX_WORKERS,
    CommandError,
    bounded_int,
    examples,
    paragraph,
    seconds_up_to,
)
from phase10.cli.parse_errors import translate
from phase10.cli.serve_limits import add_limit_options, limit_settings
from phase10.cli.serve_transport import add_transport_options, in_clear_warning, transport_of
from phase10.kernel.i18n import N_

#: The database's URL when ``--database`` does not give it: a password in a command line is
#: shown to every user of the machine (``ps``), one in the environment only to its owner.
DATABASE_VARIABLE: Final = "PHASE10_DATABASE_URL"

#: The longest a dropped seat waits, and the longest pause after a computer move.
MAX_HOLD = 86_400
MAX_BOT_DELAY = 60.0

DESCRIPTION = N_(
    "Start the game server for online play: people open the printed address in a browser, "
    "create a table, invite friends by link or code and play with computer players beside "
    "them. Games are kept in a SQLite file in your data folder unless --database (or the "
    "environment variable PHASE10_DATABASE_URL) says otherwise (sqlite:///path.db or "
    "postgresql://user@host/db)."
)
EPILOG = """\
  phase10 serve
  phase10 serve --host 0.0.0.0 --port 8080
  phase10 serve --forwarded-allow-ips 127.0.0.1 --allowed-host game.example.org
  phase10 serve --tables-per-hour 100 --connections-per-address 200
  phase10 serve --database sqlite:///games.db
  phase10 serve --database postgresql://phase10@127.0.0.1/phase10
  PHASE10_DATABASE_URL=postgresql://phase10@db.example.org/phase10 phase10 serve
  phase10 serve --database postgresql://phase10@127.0.0.1/phase10 --port 8001 --node a
"""


def register(subparsers: Any) -> None:
    """Add the ``serve`` command."""
    parser = subparsers.add_parser(
        "serve",
        help=translate(N_("start the game server for online play")),
        description=paragraph(translate(DESCRIPTION)),
        epilog=examples(EPILOG),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help=translate(
            N_(
                "address to listen on (127.0.0.1: this machine only); 0.0.0.0 lets friends on "
                "your home network play, at the address the server prints; plain HTTP, so "
                "only on a network you trust (beyond it: --ssl-certfile or a proxy, "
                "README)"
            )
        ),
    )
    parser.add_argument(
        "--port",
        type=bounded_int(1, 65535),
        default=8000,
        help=translate(N_("port to listen on (8000)")),
    )
    parser.add_argument(
        "--database",
        metavar="URL",
        help=translate(
            N_(
                "sqlite:///FILE or postgresql://...; without it, the URL in the environment "
                "variable {variable}, else a SQLite file in your data folder"
            )
        ).format(variable=DATABASE_VARIABLE),
    )
    parser.add_argument(
        "--hold",
        type=bounded_int(0, MAX_HOLD),
        default=60,
        metavar="SECONDS",
        help=translate(
            N_("how long a dropped player's seat waits before a computer plays it (60)")
        ),
    )
    parser.add_argument(
        "--bot-workers",
        type=bounded_int(0, MAX_WORKERS),
        default=2,
        metavar="N",
        help=translate(N_("worker processes for computer players (2)")),
    )
    parser.add_argument(
        "--bot-delay",
        type=seconds_up_to(MAX_BOT_DELAY, zero=True),
        default=0.6,
        metavar="SECONDS",
        help=translate(N_("pause after each computer move so people can follow (0.6)")),
    )
    parser.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help=translate(
            N_("another origin whose pages may connect (https://example.org); repeatable")
        ),
    )
    parser.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help=translate(
            N_(
                "a name people use to reach the server, such as the public name behind a proxy "
                "(game.example.org); requests for other names are refused; repeatable"
            )
        ),
    )
    parser.add_argument(
        "--api-docs",
        action="store_true",
        help=translate(
            N_(
                "serve the API's description (/api/openapi.json) and its documentation page "
                "(/api/docs), whose script is loaded from a CDN (cdn.jsdelivr.net)"
            )
        ),
    )
    parser.add_argument(
        "--access-log",
        action="store_true",
        help=translate(
            N_(
                "log every HTTP request with the client's address (uvicorn's access log); "
                "off by default, as the paths hold table ids and invite codes"
            )
        ),
    )
    parser.add_argument(
        "--node",
        metavar="NAME",
        help=translate(
            N_(
                "run as one of several processes sharing one PostgreSQL database, behind a "
                "proxy that sends each table to one of them (see the README)"
            )
        ),
    )
    parser.add_argument(
        "--forget-after",
        type=days_over_zero,
        default=None,
        metavar="DAYS",
        help=translate(
            N_(
                "delete a table nothing has happened at for DAYS days (finished, abandoned or "
                "never started), with its moves: its links and replay go with it; without "
                "it, every table is kept"
            )
        ),
    )
    add_limit_options(parser)
    add_transport_options(parser)
    parser.set_defaults(func=run)


#: The longest ``--forget-after``: a hundred years is "keep them", said otherwise.
MAX_FORGET_DAYS: Final = 36500


def days_over_zero(text: str) -> float:
    """``--forget-after``'s days, in seconds: a number above 0 and at most
    :data:`MAX_FORGET_DAYS`, written with the digits 0-9 and one point (``0.5`` is half a
    day).

    >>> days_over_zero("30")
    2592000.0
    """
    days = float(text) if re.fullmatch(r"[0-9]+(\.[0-9]+)?|\.[0-9]+", text) else 0.0
    if not 0 < days <= MAX_FORGET_DAYS:
        raise argparse.ArgumentTypeError(
            translate(N_("{text} is not a number of days above 0 and at most {most}")).format(
                text=text, most=MAX_FORGET_DAYS
            )
        )
    return days * 86400


def database_url(args: argparse.Namespace) -> str | None:
    """``--database``, else :data:`DATABASE_VARIABLE` (unset or empty: ``None``)."""
    return str(args.database or os.environ.get(DATABASE_VARIABLE) or "") or None


def run(args: argparse.Namespace) -> int:
    """Start the server; returns when it is stopped."""
    if not 0 < args.port < 65536:
        raise CommandError(
            translate(N_("--port: {port} is not a port number (1 to 65535)")).format(port=args.port)
        )
    if args.hold < 0 or args.bot_workers < 0 or args.bot_delay < 0:
        raise CommandError(
            translate(N_("--hold, --bot-workers and --bot-delay cannot be negative"))
        )
    try:
        from phase10.web.db import DatabaseError
        from phase10.web.dbfile import DatabaseFileError
        from phase10.web.guard import Limits
        from phase10.web.hosts import host_name
        from phase10.web.server import ListenError, default_database, serve
    except ImportError as exc:
        raise CommandError(
            translate(
                N_(
                    "online play needs the web extra ({module} is missing): "
                    "pip install 'phase10[web]', or run 'make serve'"
                )
            ).format(module=exc.name)
        ) from None
    for name in args.allowed_host:
        if host_name(name) is None:
            raise CommandError(
                translate(
                    N_("--allowed-host: {name} is not a host name (game.example.org)")
                ).format(name=name)
            )
    limits = Limits(**limit_settings(args))
    transport = transport_of(args)
    warning = in_clear_warning(args.host, transport)
    given = database_url(args)
    try:
        serve(
            args.host,
            args.port,
            given or default_database(),
            hold_seconds=args.hold,
            bot_workers=args.bot_workers,
            bot_delay=args.bot_delay,
            allowed_origins=tuple(args.allow_origin),
            allowed_hosts=tuple(args.allowed_host),
            api_docs=args.api_docs,
            limits=limits,
            node=args.node,
            transport=transport,
            access_log=args.access_log,
            # Only the data folder is made: a folder in a URL that does not exist is a typo.
            default_folder=given is None,
            warnings=() if warning is None else (warning,),
            words=translate,
            forget_after=args.forget_after,
        )
    except DatabaseFileError as exc:
        raise CommandError(translate(exc.message).format(**exc.params)) from None
    except DatabaseError as exc:
        raise CommandError(str(exc)) from None
    except ListenError as exc:
        if exc.in_use:
            message = N_("port {port} on {host} is already in use")
        else:
            message = N_("cannot listen on {host} port {port}: {reason}")
        raise CommandError(
            translate(message).format(port=exc.port, host=exc.host, reason=exc.reason)
        ) from None
    except KeyboardInterrupt:
        pass
    except SystemExit as stop:  # SIGTERM, unwound as Ctrl+C is (phase10.web.server)
        if stop.code not in (0, None):
            raise
    print(translate(N_("phase10: stopped; the games in play are kept in the database")), flush=True)
    return 0
