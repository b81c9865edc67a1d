"""The registry of games: each game is one object implementing :class:`~phase10.kernel.game.Game`.

Everything above the games (match, records, bots, the simulator, the command line, the
full screen) finds a game here and drives it only through that interface. Adding a game is
one new package with a ``game`` module holding ``GAME``, and one line in :data:`_PACKAGES`.
Games are imported on first use, so asking for one does not load the others.

>>> get("programmes").name, get("Amuze").name
('programmes', 'programmes')
>>> names()
('phase10', 'programmes')
>>> for_rules_name("nl_accessible+even_phases").name
'phase10'
>>> get("chess")
Traceback (most recent call last):
...
phase10.games.UnknownGameError: unknown game 'chess'; games: phase10, programmes
"""

from __future__ import annotations

import importlib
from typing import Any, Final

from phase10.kernel.errors import Phase10Error
from phase10.kernel.game import Game

__all__ = [
    "Game",
    "UnknownGameError",
    "find_rules",
    "for_rules_name",
    "get",
    "names",
    "of",
    "register",
    "unregister",
]

#: Each game's name and the module whose ``GAME`` implements it.
_PACKAGES: Final[dict[str, str]] = {
    "phase10": "phase10.games.phase10.game",
    "programmes": "phase10.games.programmes.game",
}
_LOADED: dict[str, Game] = {}
#: Games registered at run time (a plugin's, a test's), after the project's own.
_ADDED: dict[str, Game] = {}


class UnknownGameError(Phase10Error, ValueError):
    """A game name the registry does not know."""


def names() -> tuple[str, ...]:
    """Every registered game's name, in a fixed order: the project's, then those added."""
    return (*_PACKAGES, *_ADDED)


def register(game: Game) -> None:
    """Add a game from outside the project (a plugin, a test's toy game): the match, the
    records, the server and every front end that draws :meth:`Game.present` then play it.

    >>> from phase10.games.phase10.game import GAME
    >>> register(GAME)
    Traceback (most recent call last):
    ...
    ValueError: a game called 'phase10' is registered already
    """
    if not isinstance(game, Game):
        raise TypeError(f"{game!r} does not implement the Game interface")
    if game.name in _PACKAGES or game.name in _ADDED:
        raise ValueError(f"a game called {game.name!r} is registered already")
    _ADDED[game.name] = game


def unregister(name: str) -> None:
    """Forget a game :func:`register` added (the project's own games stay)."""
    _ADDED.pop(name, None)


def _load(name: str) -> Game:
    game = _LOADED.get(name)
    if game is None:
        game = importlib.import_module(_PACKAGES[name]).GAME
        _LOADED[name] = game
    return game


def all_games() -> tuple[Game, ...]:
    """Every registered game (loading them)."""
    return (*(_load(name) for name in _PACKAGES), *_ADDED.values())


def get(name: str) -> Game:
    """The game called ``name`` or one of its aliases (case and ``-``/``_`` do not matter)."""
    key = name.strip().lower().replace("-", "_")
    if key in _PACKAGES:
        return _load(key)
    if key in _ADDED:
        return _ADDED[key]
    for game in all_games():
        if key in game.aliases:
            return game
    raise UnknownGameError(f"unknown game {name!r}; games: {', '.join(names())}")


def of(thing: object) -> Game:
    """The game a rule set, state or view belongs to (each game answers for its own types)."""
    for game in all_games():
        if game.owns(thing):
            return game
    raise UnknownGameError(f"{type(thing).__name__} belongs to no registered game")


def for_rules_name(name: str) -> Game:
    """The game whose rule sets include ``name``; Phase 10 when no other game claims it
    (its own errors then explain a bad name)."""
    for game in all_games():
        if game.name != "phase10" and game.owns_rules_name(name):
            return game
    return _load("phase10")


def find_rules(name: str) -> Any:
    """A rule set of any game by name: ``standard+ten_hands``, ``programmes+program_swap``."""
    return for_rules_name(name).find_rules(name)
