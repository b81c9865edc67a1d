"""The door from the command line to each game's own answers (``Game.commands``): its rule
options, and what ``check``, ``odds`` and ``simulate --solo`` study.

>>> from phase10 import games
>>> commands_of(games.get("programmes")).solo is None
True
"""

from __future__ import annotations

import argparse
import importlib
from typing import Any, cast

from phase10.cli.common import DEFAULT_PROFILE, CommandError, no_empty_names, variant_tokens
from phase10.cli.parse_errors import current_language, translate
from phase10.kernel.commands import GameCommands
from phase10.kernel.game import Game
from phase10.kernel.i18n import N_

__all__ = ["commands_of", "goal_options", "rules_for", "study"]


def commands_of(game: Game) -> GameCommands | None:
    """The game's answers to the command line, or ``None`` when it gives none."""
    module = getattr(game, "commands", None)  # optional: older games lack it
    if module is None:
        return None
    return cast(GameCommands, importlib.import_module(str(module)).COMMANDS)


def study(game: Game) -> GameCommands:
    """The game's answers for ``check`` and ``odds``; a game without them is a clear error."""
    commands = commands_of(game)
    if commands is None:
        raise CommandError(
            translate(N_("the command line cannot check {game}")).format(game=game.name)
        )
    return commands


def rules_for(args: argparse.Namespace, game: Game) -> Any:
    """The rules the options name (``--rules``, ``--rules-file``, ``--variant``,
    ``--programs``), read by the game; a game without answers of its own takes a profile
    (by default its own) and variants."""
    no_empty_names(args)
    profile: str | None = getattr(args, "rules", None)
    variants = variant_tokens(args) if getattr(args, "variant", None) else []
    commands = commands_of(game)
    if commands is None:
        chosen = str(profile or DEFAULT_PROFILE)
        if chosen == DEFAULT_PROFILE:  # the option's default names Phase 10's baseline
            chosen = game.default_rules
        return game.find_rules("+".join([chosen, *variants]))
    return commands.rules(
        profile,
        getattr(args, "rules_file", None),
        variants,
        getattr(args, "programs", None),
        current_language(),
    )


def goal_options(args: argparse.Namespace) -> dict[str, Any]:
    """The options that name what ``check`` and ``odds`` study, as the games read them."""
    return {key: getattr(args, key, None) for key in ("phase", "program", "program_json")}
