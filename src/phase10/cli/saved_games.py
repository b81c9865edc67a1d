"""The saved games of the data directory, for ``phase10 resume --list`` and ``phase10
resume N``: a family that started a quick game beside its long one finds the long one again
by its players, its hand and when it was saved, not by a file name.

>>> saved_games([]) == []
True
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from phase10.kernel.errors import Phase10Error
from phase10.kernel.i18n import N_, Translator, translator
from phase10.match import load_match

__all__ = ["SavedGame", "describe", "saved_games"]


@dataclass(frozen=True)
class SavedGame:
    """One save: its path, when it was written, and the game in words (``None``: the file
    could not be read back)."""

    path: Path
    saved: float
    heading: str | None = None
    players: tuple[str, ...] = ()
    over: bool = False


def saved_games(paths: Iterable[Path], lang: str = "en") -> list[SavedGame]:
    """The saves at ``paths``, the newest first, each read back to say what it holds."""
    found = []
    for path in paths:
        try:
            saved = path.stat().st_mtime
        except OSError:
            continue
        try:
            match = load_match(path)
        except (OSError, ValueError, Phase10Error):
            found.append(SavedGame(path, saved))
            continue
        heading = match.game.present(match.public_view(), match.names, lang).heading
        computer = translator(lang).gettext(N_("{name} (computer)"))
        people = tuple(
            name if seat.bot is None else computer.format(name=name)
            for name, seat in zip(match.names, match.seats, strict=True)
        )
        found.append(SavedGame(path, saved, heading, people, match.is_over))
    return sorted(found, key=lambda game: game.saved, reverse=True)


def describe(games: list[SavedGame], tr: Translator) -> list[str]:
    """One numbered line per save, as ``resume --list`` prints them (the number is what
    ``phase10 resume N`` takes).

    >>> from phase10.kernel.i18n import translator
    >>> game = SavedGame(Path("last-game.json"), 0.0, "Phase 10 · hand 2", ("Ann", "Bob"))
    >>> describe([game], translator("en"))[0].startswith("1. Phase 10 · hand 2 · Ann, Bob · saved ")
    True
    """
    lines = []
    for number, game in enumerate(games, start=1):
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(game.saved))
        if game.heading is None:
            what = tr.gettext(N_("cannot be read back"))
        else:
            what = " · ".join([game.heading, ", ".join(game.players)])
            if game.over:
                what += " · " + tr.gettext(N_("finished"))
        saved = tr.gettext(N_("saved {when}")).format(when=when)
        lines.append(f"{number}. {what} · {saved}")
        lines.append(f"   {game.path}")
    return lines
