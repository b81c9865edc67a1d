"""The command line's kit for each family of games: how it reads a game's rule options, and
its ``check`` and ``odds``. The rest of the command line drives every game through the
``Game`` interface (its play at a local table through the presentation); a game finds its
kit by its family.

>>> from phase10 import games
>>> command_kit(games.get("programmes")).check.__name__
'run_check'
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from phase10.cli import phase10_cli, programmes_cli
from phase10.cli.common import CommandError, rules_from_args
from phase10.cli.parse_errors import translate
from phase10.cli.programmes_cli import programme_rules
from phase10.games.phase10.solo import solo_study
from phase10.kernel.game import Game
from phase10.kernel.i18n import N_


@dataclass(frozen=True, slots=True, kw_only=True)
class CommandKit:
    """What the command line needs of one family of games: its rule options, its ``check``
    and ``odds``, and its one-player study for ``simulate --solo`` if any."""

    rules: Callable[[argparse.Namespace], Any]
    check: Callable[[argparse.Namespace], int]
    odds: Callable[[argparse.Namespace], int]
    #: The game's one-player study of a goal (rules, goal number, games, seed): its result.
    solo: Callable[[Any, int, int, int], Any] | None = None


KITS: Final[dict[str, CommandKit]] = {
    "phase10": CommandKit(
        rules=rules_from_args,
        check=phase10_cli.run_check,
        odds=phase10_cli.run_odds,
        solo=solo_study,
    ),
    "programmes": CommandKit(
        rules=programme_rules,
        check=programmes_cli.run_check,
        odds=programmes_cli.run_odds,
    ),
}


def has_kit(game: Game) -> bool:
    """Whether a kit of the command line serves ``game``'s family (a game without one takes
    only ``--rules`` and ``--variant``, and plays full screen through the client of
    ``phase10 join``, as every game plays line by line: :mod:`phase10.cli.local_play`)."""
    return game.family in KITS


def command_kit(game: Game) -> CommandKit:
    """The kit of ``game``'s family; a game no kit serves is a clear error."""
    kit = KITS.get(game.family)
    if kit is None:
        raise CommandError(
            translate(N_("the command line cannot play {game} yet")).format(game=game.name)
        )
    return kit
