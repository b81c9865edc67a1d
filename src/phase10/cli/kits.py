"""The line game's kit for each family of games: how the command line reads a game's rule
options, and the line loop that knows its actions. The rest of the command line drives every
game through the ``Game`` interface; a game finds its kit by its ``family``.

>>> from phase10 import games
>>> line_kit(games.get("programmes")).line_game.__name__
'ProgrammeLineGame'
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Protocol

from phase10.cli.common import CommandError, rules_from_args
from phase10.cli.line_phase10 import LineGame
from phase10.cli.line_programmes import ProgrammeLineGame
from phase10.cli.programmes_cli import programme_rules
from phase10.kernel.game import Game
from phase10.match import Match


class LineLoop(Protocol):
    """A line game for one person: ``begin`` a new game or ``loop`` on a resumed one."""

    def begin(self) -> int: ...
    def loop(self) -> int: ...


@dataclass(frozen=True, slots=True)
class LineKit:
    """What the command line needs of one family of games."""

    rules: Callable[[argparse.Namespace], Any]
    line_game: Callable[[Match, int, str, str, Mapping[str, str]], LineLoop]


KITS: Final[dict[str, LineKit]] = {
    "phase10": LineKit(rules=rules_from_args, line_game=LineGame),
    "programmes": LineKit(rules=programme_rules, line_game=ProgrammeLineGame),
}


def line_kit(game: Game) -> LineKit:
    """The kit of ``game``'s family; a game no kit plays is a clear error."""
    kit = KITS.get(game.family)
    if kit is None:
        raise CommandError(f"the line game cannot play {game.name} yet")
    return kit
