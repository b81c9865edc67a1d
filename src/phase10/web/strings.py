"""The browser table's own words, marked for the catalogs and sent with each page in the
reader's language (the script never holds English text of its own).

>>> strings("fr")["draw"] != "" and set(strings("de")) == set(STRINGS)
True
"""

from __future__ import annotations

from typing import Final

from phase10.kernel.i18n import N_, translator

__all__ = ["STRINGS", "strings"]

#: Keys the script uses, with their English text.
STRINGS: Final[dict[str, str]] = {
    "draw": N_("Draw"),
    "take": N_("Take the discard"),
    "discard": N_("Discard"),
    "hint": N_("Hint"),
}


def strings(lang: str) -> dict[str, str]:
    """Every string of :data:`STRINGS` in ``lang``."""
    tr = translator(lang).gettext
    return {key: tr(text) for key, text in STRINGS.items()}
