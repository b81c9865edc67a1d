"""The command line's usage errors and help screens in the player's language.

argparse writes its messages in English through ``gettext.gettext`` of its own module (the
``messages`` domain, which no system ships for it). While the ``phase10`` parser parses,
:func:`errors_in` routes argparse's error messages, and only those, through the game's own
catalogs, in the language the rest of the command line uses: ``--lang`` as typed, else the
locale's (:func:`phase10.kernel.i18n.detect_language`). The number checks of
:mod:`phase10.cli.common` word their refusals in that language through :func:`translate`,
and so do the help texts: the parser is built inside :func:`errors_in`, each command's
description and options' help passing through :func:`translate` (argparse's headings, such
as "usage: " and "options", go through its ``_`` like its errors).

Option names, command names and the values typed stay as typed: they are fields of the
messages, never translated.

>>> language_of(["play", "--lang", "fr", "--players", "9"])
'fr'
>>> language_of(["play", "--lang=nl"])
'nl'
>>> with errors_in("de"):
...     translate("{value} is not a whole number").format(value="'x'")
"'x' ist keine ganze Zahl"
>>> translate("{value} is not a whole number").format(value="'x'")
"'x' is not a whole number"
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Final

from phase10.kernel.i18n import LANGUAGES, N_, detect_language, translator

#: The messages argparse (Python 3.11 to 3.12) can print for a usage error, as its msgids;
#: each has an entry in the game's catalogs.
ARGPARSE_ERRORS: Final = frozenset(
    {
        N_("argument %(argument_name)s: %(message)s"),
        N_("unrecognized arguments: %s"),
        N_("invalid choice: %(value)r (choose from %(choices)s)"),
        N_("the following arguments are required: %s"),
        N_("one of the arguments %s is required"),
        N_("expected one argument"),
        N_("expected at most one argument"),
        N_("expected at least one argument"),
        N_("not allowed with argument %s"),
        N_("ignored explicit argument %r"),
        N_("ambiguous option: %(option)s could match %(matches)s"),
        N_("invalid %(type)s value: %(value)r"),
        N_("unexpected option string: %s"),
    }
)

#: The headings and the ``-h`` line argparse prints on a help screen, as its msgids: the
#: help screens speak the player's language too, headings included.
ARGPARSE_HELP: Final = frozenset(
    {
        N_("usage: "),
        N_("options"),
        N_("positional arguments"),
        N_("show this help message and exit"),
    }
)

_ARGPARSE_MESSAGES: Final = ARGPARSE_ERRORS | ARGPARSE_HELP

#: The language the current parse reports its errors in; English outside :func:`errors_in`.
_LANGUAGE: ContextVar[str] = ContextVar("phase10_cli_error_language", default="en")


def language_of(argv: Sequence[str]) -> str:
    """The language of ``argv``'s errors: its last valid ``--lang`` (``--lang fr`` or
    ``--lang=fr``, as argparse takes them; nothing after ``--``), else the locale's, the same
    choice as :func:`phase10.cli.play.chosen_language` makes once the arguments are parsed.

    >>> language_of(["simulate", "--games", "x"]) in LANGUAGES
    True
    """
    chosen: str | None = None
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        value = None
        if arg == "--lang" and index + 1 < len(argv):
            value = argv[index + 1]
        elif arg.startswith("--lang="):
            value = arg.removeprefix("--lang=")
        if value in LANGUAGES:
            chosen = value
    return chosen or detect_language()


def current_language() -> str:
    """The language of the parse under way (``en`` outside one): what a game's own answers
    are worded in.

    >>> with messages_in("de"):
    ...     current_language()
    'de'
    """
    return _LANGUAGE.get()


def translate(message: str) -> str:
    """``message`` (an English msgid) in the language of the parse under way.

    >>> translate("expected one argument")
    'expected one argument'
    """
    return translator(_LANGUAGE.get()).gettext(message)


def thousands(number: int) -> str:
    """``number`` with its thousands grouped as the parse's language writes them.

    >>> thousands(1_000_000)
    '1,000,000'
    >>> with errors_in("fr"):
    ...     thousands(1_000_000)
    '1\\u202f000\\u202f000'
    """
    separator = {"en": ",", "fr": "\u202f", "de": ".", "nl": "."}[_LANGUAGE.get()]
    return f"{number:,}".replace(",", separator)


@contextmanager
def errors_in(lang: str) -> Iterator[None]:
    """Within the block, argparse's usage errors and help headings, the number checks and
    the help texts of a parser built in the block (:func:`translate`) speak ``lang``.

    argparse looks its ``_`` up in its module at each message, so the block swaps that one
    name and puts it back after; messages other than :data:`ARGPARSE_ERRORS` and
    :data:`ARGPARSE_HELP` pass unchanged.
    """
    tr = translator(lang)

    def argparse_gettext(message: str) -> str:
        return tr.gettext(message) if message in _ARGPARSE_MESSAGES else message

    # argparse's stubs do not declare its private ``_``: reach it through the module's dict.
    module = vars(argparse)
    saved: Callable[[str], str] = module["_"]
    token = _LANGUAGE.set(lang)
    module["_"] = argparse_gettext
    try:
        yield
    finally:
        module["_"] = saved
        _LANGUAGE.reset(token)


@contextmanager
def messages_in(lang: str) -> Iterator[None]:
    """Within the block, :func:`translate` speaks ``lang`` (argparse is left alone): the
    commands' refusals after the parse are worded in the player's language.

    >>> with messages_in("nl"):
    ...     translate("{value} is not a whole number").format(value="'x'")
    "'x' is geen geheel getal"
    """
    token = _LANGUAGE.set(lang)
    try:
        yield
    finally:
        _LANGUAGE.reset(token)
