"""The full-screen terminal game (Textual): an interface layer beside ``phase10.cli``.

It may import the application layer and the engine; only the command line imports it, to
launch it. ``play_new`` opens the new-game screen; ``play_match`` goes on with a saved game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from phase10.match import Match
from phase10.tui.app import DEFAULT_DELAY, Phase10App
from phase10.tui.newgame import Defaults

__all__ = ["DEFAULT_DELAY", "Defaults", "Phase10App", "play_match", "play_new"]


def play_new(
    *,
    save_path: str | Path,
    rules: Any = None,
    players: int = 3,
    level: str = "medium",
    name: str = "You",
    seed: int = 1,
    delay: float = DEFAULT_DELAY,
    lang: str = "en",
    show_seed: bool = True,
) -> int:
    """Open the new-game screen with these choices filled in, then play; returns 0, or 1 if the
    game could not be saved (the message says why and where it can be). ``show_seed`` False:
    the seed came from the clock and the form does not show it."""
    defaults = Defaults(
        rules=rules, players=players, level=level, name=name, seed=seed, show_seed=show_seed
    )
    app = Phase10App(save_path=save_path, defaults=defaults, delay=delay, lang=lang)
    _finish(app.run())
    return 0 if app.save_error is None else 1


def play_match(
    match: Match,
    *,
    save_path: str | Path,
    delay: float = DEFAULT_DELAY,
    lang: str = "en",
) -> int:
    """Go on with ``match`` (for ``phase10 resume``); returns 0, or 1 if the
    game could not be saved (the message says why and where it can be)."""
    app = Phase10App(save_path=save_path, match=match, delay=delay, lang=lang)
    _finish(app.run())
    return 0 if app.save_error is None else 1


def _finish(message: str | None) -> None:
    if message:
        print(message)
