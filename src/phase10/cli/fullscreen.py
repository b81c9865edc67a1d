"""The door from the command line to the full-screen game (``phase10.tui``).

``phase10 play`` opens the new-game screen when standard output is a terminal, and the game
chosen is played full screen at a local table (``cli.local_play``); ``--plain`` (or output to
a pipe or file) keeps the line game. Textual is imported only there and only then, so the
line game works without it.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from phase10 import games
from phase10.bots import make_bot
from phase10.cli import local_play
from phase10.cli.common import level_spec, opponents_error, seconds_up_to
from phase10.cli.parse_errors import current_language, translate
from phase10.kernel.i18n import N_
from phase10.match import Match, Seat

DEFAULT_DELAY = 0.6


def add_options(parser: argparse.ArgumentParser, *, plain: bool) -> None:
    """Add ``--delay`` (and ``--plain`` when the parser has none yet)."""
    if plain:
        parser.add_argument(
            "--plain",
            action="store_true",
            help=translate(N_("line-by-line play for screen readers instead of the full screen")),
        )
    parser.add_argument(
        "--delay",
        type=_delay,
        default=DEFAULT_DELAY,
        metavar="SECONDS",
        help=translate(
            N_("the full screen's pause before each computer move (default: {delay})")
        ).format(delay=DEFAULT_DELAY),
    )


#: The full screen's pause before a computer move: none, or up to a minute.
_delay = seconds_up_to(60.0, zero=True)


def wanted(args: argparse.Namespace) -> bool:
    """Whether to open the full screen: no ``--plain``, output to a terminal, Textual there."""
    # ``cli.play.apply_mode`` has settled --plain from --always-plain, PHASE10_PLAIN, the
    # saved preference and the saved game's mode.
    if getattr(args, "plain", False) or not sys.stdout.isatty():
        return False
    try:
        import textual  # noqa: F401
    except ImportError:
        print(
            translate(
                N_(
                    "The full-screen game needs Textual (pip install 'phase10[tui]'); "
                    "playing line by line."
                )
            ),
            file=sys.stderr,
        )
        return False
    return True


def launch_new(args: argparse.Namespace, rules: Any, seed: int, name: str, lang: str) -> int:
    """Open the new-game screen, then play the game chosen full screen; the exit status."""
    from phase10.tui import Defaults, choose_new

    defaults = Defaults(
        rules=rules,
        players=int(args.players),
        level=level_spec(str(args.opponents), current_language()),
        name=name,
        seed=seed,
        show_seed=getattr(args, "seed", None) is not None,
    )
    setup = choose_new(defaults, lang)
    if setup is None:
        return 0
    game = games.of(setup.rules)
    try:
        seats = [
            Seat(person, None if level is None else make_bot(level, game))
            for person, level in setup.seats
        ]
    except ValueError as exc:
        # A bot named on the command line that the game chosen on the screen does not have
        # (--opponents learned, then the programmes game).
        raise opponents_error(exc) from None
    match = Match.start(setup.rules, seats, setup.seed)
    match.interface = {"mode": "screen", "lang": lang}
    return local_play.play(
        match, str(args.save), lang, resumed=False, screen=True, pace=float(args.delay)
    )
