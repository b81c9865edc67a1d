"""Languages: English, French, German and Dutch through gettext catalogs.

Every message is written in English in the code and rendered in each player's own language at
the last moment. Strings are marked for extraction in one of three ways (``make i18n`` runs
Babel over ``src/phase10`` with these keywords, see ``babel.cfg``):

- ``_("...")`` where ``_ = translator(lang).gettext`` is at hand;
- ``tr.gettext("...")`` / ``tr.ngettext("one", "many", n)`` on a :data:`Translator`;
- ``N_("...")`` for a message defined once (a table such as ``narrate.MESSAGES``) and
  translated later with ``tr.gettext(MESSAGES[key])``.

Placeholders are ``str.format`` fields (``{name}``), filled after translation, so a
translation may move them around but must keep every one of them.

The compiled ``.mo`` catalogs are committed beside their ``.po`` sources (see
``docs/decisions/0006-committed-mo-catalogs.md``); English needs none.

>>> tr = translator("fr")
>>> tr.gettext(N_("{name} drew a card.")).format(name="Ann")
'Ann a pioché une carte.'
>>> tr.ngettext("{count} card", "{count} cards", 3).format(count=3)
'3 cartes'
>>> translator("en").gettext("Your hand")
'Your hand'
"""

from __future__ import annotations

import gettext
import os
import re
import unicodedata
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, Final

LANGUAGES: Final[tuple[str, ...]] = ("en", "fr", "de", "nl")
#: Each language's name in that language, for menus and help.
LANGUAGE_NAMES: Final[dict[str, str]] = {
    "en": "English",
    "fr": "Français",
    "de": "Deutsch",
    "nl": "Nederlands",
}
DOMAIN: Final = "phase10"
LOCALE_DIR: Final = Path(__file__).parents[1] / "locale"

Translator = gettext.NullTranslations


def N_(message: str) -> str:  # noqa: N802 - the conventional gettext marker name
    """Mark ``message`` for extraction without translating it (translate it when shown)."""
    return message


#: First letters of a name that French elides before: vowels and the mute h of first names
#: (d'Hugo). Y is left out: "de Yann", as French writes it.
_ELIDING: Final = frozenset("AEIOUHÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜaeiouhàâäæéèêëîïôöœùûü")


def elide_french(template: str, values: Mapping[str, Any]) -> str:
    """``template`` with "de {name}" and "que {name}" elided before a name that starts with a
    vowel sound: "d'Ann", "d'Ève", "qu'Hugo", but "de Bob". Only words are
    names here: card codes (``AS``, ``Y10``) and numbers are never elided.

    >>> elide_french("C'est au tour de {name}.", {"name": "Ann"})
    "C'est au tour d'{name}."
    >>> elide_french("C'est au tour de {name}.", {"name": "Bob"})
    "C'est au tour de {name}."
    >>> elide_french("vous n'avez pas de {card} en main", {"card": "AS"})
    "vous n'avez pas de {card} en main"
    """
    for key, value in values.items():
        if not isinstance(value, str) or not value or value[0] not in _ELIDING:
            continue
        if value == value.upper():
            continue  # a card code or an abbreviation, not a name
        template = re.sub(rf"\b([Dd]|[Qq]u)e \{{{re.escape(key)}\}}", rf"\1'{{{key}}}", template)
    return template


class FrenchText(str):
    """A French message whose ``format`` elides "de" before names (see :func:`elide_french`),
    so every ``_("...").format(name=...)`` call is right without a helper at each site.

    >>> FrenchText("Main de {name}").format(name="Ève")
    "Main d'Ève"
    """

    __slots__ = ()

    def format(self, *args: Any, **kwargs: Any) -> str:
        """``str.format`` after eliding before vowel-initial names."""
        return str.format(elide_french(self, kwargs), *args, **kwargs)


class FrenchTranslations(gettext.GNUTranslations):
    """The French catalog: its messages are :class:`FrenchText`."""

    def gettext(self, message: str) -> str:
        """The French of ``message``, eliding when formatted."""
        return FrenchText(super().gettext(message))

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        """The French of the singular or plural, eliding when formatted."""
        return FrenchText(super().ngettext(msgid1, msgid2, n))


#: Endings after which German writes a name's genitive with an apostrophe alone: Hans' Lauf,
#: Max' Hand, Alice' Satz.
_SIBILANT: Final = ("s", "ß", "x", "z", "ce")


def _latin_letter(char: str) -> bool:
    return char.isalpha() and "LATIN" in unicodedata.name(char, "")


def genitive_german(template: str, values: Mapping[str, Any]) -> str:
    """``template`` with "{name}s" written as German writes a name's genitive: "Annas
    Lauf", but "Hans' Lauf" after a hissing sound, and "李's Lauf", "Bot2's Hand" where the
    name ends in no Latin letter, to keep the name apart from its ending (as Duden allows).

    >>> genitive_german("{owner}s Lauf", {"owner": "Anna"})
    '{owner}s Lauf'
    >>> genitive_german("{owner}s Lauf", {"owner": "Hans"})
    "{owner}' Lauf"
    >>> genitive_german("{owner}s Lauf", {"owner": "Søren 李"})
    "{owner}'s Lauf"
    """
    for key, value in values.items():
        if not isinstance(value, str) or not value:
            continue
        if value.lower().endswith(_SIBILANT):
            ending = "'"
        elif not _latin_letter(value[-1]):
            ending = "'s"
        else:
            continue
        template = re.sub(rf"\{{{re.escape(key)}\}}s\b", f"{{{key}}}{ending}", template)
    return template


class GermanText(str):
    """A German message whose ``format`` writes names' genitives right (see
    :func:`genitive_german`).

    >>> GermanText("{name}s Hand").format(name="Max")
    "Max' Hand"
    """

    __slots__ = ()

    def format(self, *args: Any, **kwargs: Any) -> str:
        """``str.format`` after fitting the genitive's ending to each name."""
        return str.format(genitive_german(self, kwargs), *args, **kwargs)


class GermanTranslations(gettext.GNUTranslations):
    """The German catalog: its messages are :class:`GermanText`."""

    def gettext(self, message: str) -> str:
        """The German of ``message``, its genitives fitted when formatted."""
        return GermanText(super().gettext(message))

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        """The German of the singular or plural, its genitives fitted when formatted."""
        return GermanText(super().ngettext(msgid1, msgid2, n))


@cache
def translator(lang: str) -> Translator:
    """The catalog for ``lang`` (``en``, ``fr``, ``de`` or ``nl``); English needs none.

    A language not in :data:`LANGUAGES` raises ``ValueError``; a missing compiled catalog
    raises ``FileNotFoundError`` naming it (never a silent fall-back to English).
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    if lang == "en":
        return gettext.NullTranslations()
    if lang == "fr":
        return gettext.translation(
            DOMAIN, localedir=LOCALE_DIR, languages=[lang], class_=FrenchTranslations
        )
    if lang == "de":
        return gettext.translation(
            DOMAIN, localedir=LOCALE_DIR, languages=[lang], class_=GermanTranslations
        )
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang])


def detect_language(environ: dict[str, str] | None = None) -> str:
    """The language from ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``; else English.

    >>> detect_language({"LANG": "nl_BE.UTF-8"})
    'nl'
    >>> detect_language({"LANGUAGE": "es:de", "LANG": "fr_FR.UTF-8"})
    'de'
    >>> detect_language({"LANG": "C.UTF-8"})
    'en'
    """
    env = os.environ if environ is None else environ
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "")
        for part in value.split(":"):
            code = part[:2].lower()
            if code in LANGUAGES:
                return code
    return "en"
