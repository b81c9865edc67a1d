"""The language of the full-screen game: ``_()`` marks and translates every visible string.

Strings are complete English sentences or labels in the code; ``pybabel extract`` finds them
through the ``_`` name. The app chooses the language once, at start, with :func:`use_language`.

>>> use_language("en")
>>> _("Your hand")
'Your hand'
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from phase10.kernel.i18n import Translator, translator

if TYPE_CHECKING:
    from textual.dom import DOMNode

_current: list[Translator] = [translator("en")]
_current_code: list[str] = ["en"]


def use_language(lang: str) -> None:
    """Translate from now on into ``lang`` (``en``, ``fr``, ``de`` or ``nl``)."""
    _current[0] = translator(lang)
    _current_code[0] = lang


def current_language() -> str:
    """The chosen language's code, for texts kept per language (the rulebook's files)."""
    return _current_code[0]


def current() -> Translator:
    """The chosen language's catalog, for helpers that take one (narration, phase titles)."""
    return _current[0]


def _(message: str) -> str:
    """``message`` in the chosen language."""
    return _current[0].gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for ``count`` in the chosen language."""
    return _current[0].ngettext(singular, plural, count)


def translate_bindings(node: DOMNode) -> None:
    """Show ``node``'s key labels in the chosen language.

    ``BINDINGS`` are class attributes, read when the module is imported, before the app has
    chosen a language; their labels are English msgids, translated here for each screen.
    """
    bindings = node._bindings
    for key, items in bindings.key_to_bindings.items():
        bindings.key_to_bindings[key] = [replace(b, description=_(b.description)) for b in items]
