"""The door from the command line to the full-screen game (``phase10.tui``).

``phase10 play`` and ``phase10 resume`` open the full screen when standard output is a
terminal; ``--plain`` (or output to a pipe or file) keeps the line game of ``cli.play``.
Textual is imported only here and only then, so the line game works without it.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from phase10.cli.common import seconds_up_to
from phase10.cli.parse_errors import translate
from phase10.kernel.game import Game
from phase10.kernel.i18n import N_
from phase10.match import Match

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
            "The full-screen game needs Textual (pip install 'phase10[tui]'); "
            "playing line by line.",
            file=sys.stderr,
        )
        return False
    return True


def has_table(game: Game) -> bool:
    """Whether the full screen's game (``phase10.tui``) has a table screen for ``game``; a
    game without one plays full screen through the full screen of ``phase10 join``. Asked
    only once the full screen is wanted, so Textual is there."""
    from phase10.tui.app import TABLES

    return game.family in TABLES


def launch_new(args: argparse.Namespace, rules: Any, seed: int, name: str, lang: str) -> int | None:
    """Open the new-game screen if the full screen is wanted; ``None`` means play in lines."""
    if not wanted(args):
        return None
    from phase10.tui import play_new

    return play_new(
        save_path=str(args.save),
        rules=rules,
        players=int(args.players),
        level=str(args.opponents),
        name=name,
        seed=seed,
        delay=float(args.delay),
        lang=lang,
        show_seed=getattr(args, "seed", None) is not None,
    )


def launch_resume(args: argparse.Namespace, match: Match, path: str, lang: str) -> int | None:
    """Resume ``match`` on the full screen if it is wanted; ``None`` means play in lines."""
    if not wanted(args):
        return None
    from phase10.tui import play_match

    return play_match(match, save_path=path, delay=float(args.delay), lang=lang)
