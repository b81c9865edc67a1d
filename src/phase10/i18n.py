"""Languages: English, French, German and Dutch through gettext catalogs.

Every message is written in English in the code, wrapped in ``_()`` (or looked up through a
``Translator``), and rendered in each player's own language at the last moment.

>>> tr = translator("en")
>>> tr.gettext("Your hand")
'Your hand'
"""

from __future__ import annotations

import gettext
import os
from functools import cache
from pathlib import Path

LANGUAGES: tuple[str, ...] = ("en", "fr", "de", "nl")
DOMAIN = "phase10"
LOCALE_DIR = Path(__file__).parent / "locale"

Translator = gettext.NullTranslations


@cache
def translator(lang: str) -> Translator:
    """The catalog for ``lang`` (``en``, ``fr``, ``de`` or ``nl``); English needs none."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang])


def detect_language(environ: dict[str, str] | None = None) -> str:
    """The language from ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``; else English."""
    env = os.environ if environ is None else environ
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "")
        for part in value.split(":"):
            code = part[:2].lower()
            if code in LANGUAGES:
                return code
    return "en"
