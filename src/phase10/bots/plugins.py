"""Bots from outside the project: an import path (``mypackage.mybot:MyBot``) or a name that an
installed package registers in the ``phase10.bots`` entry-point group.

The object found is called with no arguments and must give a bot: something with a ``name``
and ``choose(view, rng)``. A registered name may also take an argument after a colon,
``name:argument``: its object is then called as ``factory(argument, game)`` and raises
``ValueError`` for an argument it cannot use. The project's own trained-policy bots come this
way, ``rl:path/to/policy.pt`` (registered in pyproject.toml), so that the bots never import
the learning environments. A bot may say which games it plays with a ``games`` attribute
(``("phase10",)``); without one it is offered every game, and fails at its first move if it
cannot play it. Every problem is a ``ValueError`` that says which spec and what is wrong.
A bot's name comes before a module's: ``ismcts:MyISMCTS`` is the built-in ismcts with a
budget, never a writer's ismcts.py, and its refusal says so (:func:`shadowing_hint`).

>>> is_import_path("mypackage.mybot:MyBot"), is_import_path("ismcts:0.1s")
(True, False)
>>> takes_argument("rl:Policies/Heads-Up.pt"), takes_argument("greedy")
(True, False)
>>> load_plugin("phase10.bots.random_bot:RandomBot", "phase10").name
'random'
>>> load_plugin("no_such_module:Bot", "phase10")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: bot 'no_such_module:Bot': cannot import no_such_module (No module named ...)
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import re
import sys
import traceback
from importlib.metadata import EntryPoint, entry_points
from typing import Any, Final

from phase10.kernel.bots import AnyBot

__all__ = [
    "ENTRY_POINT_GROUP",
    "bot_spec",
    "is_import_path",
    "load_plugin",
    "plugin_names",
    "shadowing_hint",
    "takes_argument",
]

#: Where installed packages register their bots (``[project.entry-points."phase10.bots"]``).
ENTRY_POINT_GROUP: Final = "phase10.bots"
_IMPORT_PATH: Final = re.compile(r"^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*:[A-Za-z_]\w*$")
#: Names before a colon that are the project's own budgets (``ismcts:0.1s``), never modules.
_OWN: Final = frozenset({"ismcts", "pimc"})


def is_import_path(spec: str) -> bool:
    """Whether ``spec`` reads as ``module.path:Name`` (and not as ``ismcts:...``)."""
    text = spec.strip()
    return bool(_IMPORT_PATH.match(text)) and text.split(":")[0].lower() not in _OWN


def takes_argument(spec: str) -> bool:
    """Whether ``spec`` is ``name:argument`` for a registered ``name`` (``rl:policy.pt``):
    the argument is a file name or the like, whose case must be kept."""
    name, colon, _ = spec.strip().partition(":")
    return bool(colon) and _registered(name) is not None


def shadowing_hint(spec: str) -> str | None:
    """What to tell a writer whose ``module:Class`` spec failed as the bot it names first
    (``ismcts:MyISMCTS`` is the built-in ismcts with a budget; ``rl:MyBot`` the registered
    rl with a policy file): that a bot's name wins, so their module needs another. ``None``
    where the argument reads as no class of such a module: not a name, or one neither
    capitalised like a class nor of a module (outside the standard library) on the path.

    >>> shadowing_hint("ismcts:MyISMCTS")  # doctest: +NORMALIZE_WHITESPACE
    'the bot name ismcts comes before a module of that name: if MyISMCTS is a class in
    your ismcts.py, rename that module (my_ismcts.py, say)'
    >>> shadowing_hint("ismcts:0.1s"), shadowing_hint("learned:Models/Round2.json")
    (None, None)
    """
    name, colon, argument = spec.strip().partition(":")
    if not (colon and name.isidentifier() and argument.isidentifier()):
        return None
    if not argument[0].isupper() and not _on_the_path(name):
        return None
    return (
        f"the bot name {name} comes before a module of that name: if {argument} is a class "
        f"in your {name}.py, rename that module (my_{name}.py, say)"
    )


def _on_the_path(module_name: str) -> bool:
    """Whether a module ``module_name`` of someone's own (not the standard library's, whose
    ``random`` is no bot) could be imported: found, not run."""
    if module_name in sys.stdlib_module_names:
        return False
    try:
        return importlib.util.find_spec(module_name) is not None
    except (ImportError, ValueError):
        return False


def _registered(name: str) -> EntryPoint | None:
    for point in entry_points(group=ENTRY_POINT_GROUP):
        if point.name.lower() == name.lower():
            return point
    return None


def plugin_names() -> tuple[str, ...]:
    """The bot names installed packages register."""
    return tuple(sorted({ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)}))


def load_plugin(spec: str, game: str) -> AnyBot | None:
    """The bot ``spec`` names outside the project, or ``None`` if it names none."""
    text = spec.strip()
    # A registered name with an argument comes first: ``rl:policy`` is a file, even though
    # it reads as an import path too.
    name, colon, argument = text.partition(":")
    point = _registered(name) if colon else None
    if point is not None:
        try:
            return _made(text, _loaded(text, point), game, argument)
        except ValueError as exc:
            hint = shadowing_hint(text)
            if hint is None:
                raise
            raise ValueError(f"{exc}; {hint}") from None
    if is_import_path(text):
        module_name, _, attribute = text.partition(":")
        try:
            module = importlib.import_module(module_name)
        except Exception as exc:
            # Whatever the writer's module raises as it loads (a typo, a missing file it
            # reads) is their mistake to be sent to, not a bug of ours.
            raise ValueError(
                f"bot {text!r}: cannot import {module_name} ({_import_failure(module_name, exc)})"
            ) from None
        factory = getattr(module, attribute, None)
        if factory is None:
            raise ValueError(f"bot {text!r}: {module_name} has no {attribute}")
        return _made(text, factory, game)
    point = _registered(text)
    if point is not None:
        return _made(text, _loaded(text, point), game)
    return None


def _import_failure(module_name: str, exc: Exception) -> str:
    """Why ``module_name`` could not be imported: Python's words where the module is not
    on the path, else what its code raised and where (:func:`_failure`).

    >>> _import_failure("mybot", ModuleNotFoundError("No module named 'mybot'", name="mybot"))
    "No module named 'mybot'"
    >>> _import_failure("mybot", ModuleNotFoundError("No module named 'numpy'", name="numpy"))
    "ModuleNotFoundError: No module named 'numpy'"
    """
    missing = getattr(exc, "name", None) if isinstance(exc, ModuleNotFoundError) else None
    if missing is not None and f"{module_name}.".startswith(f"{missing}."):
        return str(exc)  # the module itself, or its package, is not there
    return _failure(exc)


def _failure(exc: BaseException) -> str:
    """``ValueError: config missing, at bots/mybot.py:3``: what a writer's code raised and
    the line that raised it, so they are sent to their own code (on the one line of an
    error: the message crosses process boundaries where a traceback does not).

    >>> _failure(SyntaxError("invalid syntax", ("bots/mybot.py", 3, 5, "def f(:")))
    'SyntaxError: invalid syntax, at bots/mybot.py:3'
    >>> def configure():
    ...     raise ValueError("config missing")
    >>> try:
    ...     configure()
    ... except ValueError as exc:
    ...     _failure(exc)  # doctest: +ELLIPSIS
    'ValueError: config missing, at <doctest ...>:2'
    """
    if isinstance(exc, SyntaxError):
        # A file that does not parse: the error knows its line; its traceback ends in the
        # import machinery. (``str(exc)`` names the file without its folder.)
        where = f"{exc.filename}:{exc.lineno}" if exc.filename else ""
        text = exc.msg
    else:
        # The first frame is the one that caught it, ours (a bot class called with the
        # wrong arguments raises in no frame of its own); the import machinery's frames are
        # Python's: neither is the line to look at.
        frames = [
            frame
            for frame in traceback.extract_tb(exc.__traceback__)[1:]
            if not frame.filename.startswith("<frozen ")
        ]
        where = f"{frames[-1].filename}:{frames[-1].lineno}" if frames else ""
        text = str(exc)
    return f"{type(exc).__name__}: {text}" + (f", at {where}" if where else "")


def _loaded(spec: str, point: EntryPoint) -> Any:
    try:
        return point.load()
    except Exception as exc:  # a broken plugin must not take the command down
        raise ValueError(f"bot {spec!r}: its package failed to load ({_failure(exc)})") from None


def _made(spec: str, factory: Any, game: str, argument: str | None = None) -> AnyBot:
    if not callable(factory):
        raise ValueError(f"bot {spec!r}: {factory!r} cannot be called to make a bot")
    try:
        bot = factory() if argument is None else factory(argument, game)
    except Exception as exc:
        # A factory that takes an argument says in its ValueError what is wrong with it
        # ("'x.pt' is not a policy file"); anything else is the plugin's own failure.
        if argument is not None and isinstance(exc, ValueError):
            raise ValueError(f"bot {spec!r}: {exc}") from None
        raise ValueError(f"bot {spec!r}: making it failed ({_failure(exc)})") from None
    if not callable(getattr(bot, "choose", None)) or not isinstance(
        getattr(bot, "name", None), str
    ):
        raise ValueError(f"bot {spec!r}: a bot needs a name and a choose(view, rng) method")
    plays = getattr(bot, "games", None)
    if plays is not None and game not in plays:
        raise ValueError(
            f"bot {spec!r} does not play the {game} game (it plays {', '.join(plays)})"
        )
    _remember_spec(bot, spec)
    made: AnyBot = bot
    return made


def _remember_spec(bot: object, spec: str) -> None:
    """Keep on the bot, as ``made_from``, the spec it was made from (:func:`bot_spec`): its
    ``name`` is the writer's choice and may name no bot at all, or a built-in one ("sharp"),
    so a saved game that stored the name would resume without it, or with another bot in its
    seat. (Not ``spec``: a bot may have a ``spec`` of its own, as the policy bots do.)"""
    if isinstance(getattr(bot, "made_from", None), str):
        return  # the bot says its own spec
    # A class with __slots__ and no "made_from" keeps none: bot_spec falls back to its name.
    with contextlib.suppress(AttributeError, TypeError):
        object.__setattr__(bot, "made_from", spec)  # also on a frozen dataclass


def bot_spec(bot: object) -> str:
    """What makes ``bot`` again with ``make_bot``: the spec a plugin bot was made from
    (``mybots:TakerBot``), or the bot's name (``hard``, ``ismcts:200it``).

    >>> bot_spec(load_plugin("phase10.bots.random_bot:RandomBot", "phase10"))
    'phase10.bots.random_bot:RandomBot'
    """
    spec = getattr(bot, "made_from", None)
    return spec if isinstance(spec, str) else str(getattr(bot, "name", ""))
