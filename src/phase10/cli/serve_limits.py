"""``phase10 serve``'s limits per client address (``phase10.web.guard``, decision 0016): each
can be set, or all of them switched off for a load test.

A club playing in one room reaches the server from one public address, and so shares one
allowance: its host raises the numbers rather than switching the limits off.

>>> parser = argparse.ArgumentParser()
>>> add_limit_options(parser)
>>> limit_settings(parser.parse_args(["--tables-per-hour", "200"]))
{'per_address': True, 'tables': '200/hour'}
>>> limit_settings(parser.parse_args([]))
{'per_address': True}
"""

from __future__ import annotations

import argparse
from typing import Any, Final

from phase10.cli.common import CommandError, bounded_int
from phase10.cli.parse_errors import translate
from phase10.kernel.i18n import N_

__all__ = ["DEFAULTS", "MAX_LIMIT", "add_limit_options", "limit_settings"]

#: The largest number any of these options takes: past it, a limit is no limit.
MAX_LIMIT: Final = 1_000_000

#: Each option's destination, the ``Limits`` field it sets, the rate's window (``None``: a
#: count of connections at once) and its default, which is ``Limits``'s own (a test checks
#: them against each other: the command line reads them without the web extra).
DEFAULTS: Final[dict[str, tuple[str, str | None, int]]] = {
    "tables_per_hour": ("tables", "hour", 30),
    "wrong_codes_per_hour": ("code_misses", "hour", 60),
    "connections_per_address": ("connections", None, 40),
    "new_connections_per_minute": ("opens", "minute", 120),
}

_HELP: Final = {
    "tables_per_hour": N_("tables one client address may create in an hour ({default})"),
    "wrong_codes_per_hour": N_(
        "invite codes matching no table that one client address may try in an hour ({default})"
    ),
    "connections_per_address": N_(
        "connections one client address may hold open at once ({default})"
    ),
    "new_connections_per_minute": N_(
        "connections one client address may open in a minute, reconnections included ({default})"
    ),
}


def add_limit_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--no-address-limits`` and one option per limit per address."""
    parser.add_argument(
        "--no-address-limits",
        action="store_true",
        help=translate(
            N_(
                "no limits per client address (tables, invite codes, connections): for a load "
                "test from one machine, never on the open internet"
            )
        ),
    )
    for dest, (_field, _window, default) in DEFAULTS.items():
        parser.add_argument(
            "--" + dest.replace("_", "-"),
            dest=dest,
            type=bounded_int(1, MAX_LIMIT),
            metavar="N",
            help=translate(_HELP[dest]).format(default=default),
        )


def limit_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The ``Limits`` fields the options set (the rest keep their defaults);
    ``CommandError`` for a number given with ``--no-address-limits``, which would go unused."""
    given = {dest: getattr(args, dest) for dest in DEFAULTS if getattr(args, dest) is not None}
    if args.no_address_limits and given:
        option = "--" + next(iter(given)).replace("_", "-")
        raise CommandError(
            translate(
                N_(
                    "{option} sets a limit per address, which --no-address-limits switches "
                    "off: give one or the other"
                )
            ).format(option=option)
        )
    settings: dict[str, Any] = {"per_address": not args.no_address_limits}
    for dest, value in given.items():
        field, window, _default = DEFAULTS[dest]
        settings[field] = value if window is None else f"{value}/{window}"
    return settings
