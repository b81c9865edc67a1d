"""Players' names at a server's tables: what a name may hold, and when two names look alike.

A name is what every other seat reads for a player, in the lobby, in the game's sentences and
on a braille display, so it must be seen, and it must not pass for another player's name:

- it holds at least one visible character (a letter, a digit, a symbol or punctuation); a
  name of spaces, of invisible fillers (U+3164, U+115F, U+1160, U+FFA0, the blank braille
  cell U+2800) or of accents alone is refused, and so is any control or invisible character;
- a character carries at most ``MAX_MARKS`` accents or marks (counted after canonical
  decomposition): enough for Vietnamese, Thai or Devanagari, not for "zalgo" text whose
  stacked marks run over the lines around it;
- two names at one table that look alike count as the same name: their case folded, their
  compatibility forms unified (NFKC) and each character replaced by the representative of its
  look-alike class in Unicode's confusables data (UTS #39), as shipped by
  ``confusable-homoglyphs``.

A refusal is a :class:`BadNameError`: a ``ValueError`` whose text is the English sentence, with
the notice key and its values to say it in the reader's language.

>>> clean_name("  Ann ")
'Ann'
>>> clean_name("\\u3164\\u3164")
Traceback (most recent call last):
...
phase10.web.names.BadNameError: a name cannot hold control or invisible characters, such as U+3164
>>> looks_alike("Alice", "\\u0410lice"), looks_alike("alice", "ALICE"), looks_alike("Ann", "Anna")
(True, True, False)
>>> taken_by("\\u0410lice", ["Bob", "Alice"])
'Alice'
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import Any, Final

from phase10.kernel.i18n import N_, translator

__all__ = [
    "MAX_MARKS",
    "MAX_NAME",
    "NAME_TEXTS",
    "BadNameError",
    "clean_name",
    "looks_alike",
    "prepare",
    "skeleton",
    "taken_by",
]

#: The longest name, in characters after trimming.
MAX_NAME: Final = 24
#: Accents or marks one character may carry. Vietnamese needs 2 (ệ is e, a dot below and a
#: circumflex), Thai a vowel and a tone mark, Devanagari and Tibetan stacks about 3; the
#: "zalgo" names that spill over the lines around them use tens.
MAX_MARKS: Final = 4

#: The sentences of a refused name (rendered with ``tr.gettext(NAME_TEXTS[key])``).
NAME_TEXTS: Final[dict[str, str]] = {
    "name.empty": N_("a name needs at least one visible character: a letter, a digit or a symbol"),
    "name.too_long": N_("a name has at most {count} characters"),
    "name.invisible": N_("a name cannot hold control or invisible characters, such as {code}"),
    "name.lone_mark": N_("a name cannot start with an accent or a mark ({code})"),
    "name.marks": N_("a name has at most {count} accents or marks on one character"),
    "name.taken": N_(
        "someone at this table is called {name} already; choose a name that looks different"
    ),
}

#: Characters that are letters or symbols to Unicode but show nothing: the Hangul fillers,
#: the Khmer inherent vowels and the blank braille cell (all but the last are "default
#: ignorable", which a renderer draws as nothing).
_BLANKS: Final = frozenset("\u115f\u1160\u17b4\u17b5\u3164\uffa0\u2800")
#: Unicode categories that are never shown as a character of their own: controls, format
#: characters (zero-width spaces and joiners, direction overrides), surrogates, private use
#: (drawn differently on every machine, or not at all) and the line and paragraph separators.
#: Unassigned code points pass: they may be emoji newer than this Python's Unicode data.
_INVISIBLE: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})
#: The direction marks the confusables data wraps right-to-left characters in.
_DIRECTION_MARKS: Final = str.maketrans("", "", "\u200e\u200f")


class BadNameError(ValueError):
    """A name the server refuses: ``key`` names the fault (``NAME_TEXTS``), ``params`` its
    values; ``str()`` is the English sentence.

    >>> refused = BadNameError("name.too_long", count=24)
    >>> refused.key, refused.params, str(refused)
    ('name.too_long', {'count': 24}, 'a name has at most 24 characters')
    """

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        """The sentence in ``lang`` (English where the catalog has no translation yet)."""
        return translator(lang).gettext(NAME_TEXTS[self.key]).format(**self.params)


def _code(char: str) -> str:
    return f"U+{ord(char):04X}"


def clean_name(value: str) -> str:
    """``value`` trimmed, if it is a name a player may have; else :class:`BadNameError`.

    >>> clean_name("Nguy\\u1ec5n")
    'Nguyễn'
    >>> clean_name("a" + "\\u0301" * 23)
    Traceback (most recent call last):
    ...
    phase10.web.names.BadNameError: a name has at most 4 accents or marks on one character
    """
    name = value.strip()
    if len(name) > MAX_NAME:
        raise BadNameError("name.too_long", count=MAX_NAME)
    for char in name:
        if char in _BLANKS or unicodedata.category(char) in _INVISIBLE:
            raise BadNameError("name.invisible", code=_code(char))
    if not any(_visible(char) for char in name):
        raise BadNameError("name.empty")
    marks = 0
    for position, char in enumerate(unicodedata.normalize("NFD", name)):
        if unicodedata.category(char).startswith("M"):
            if position == 0:
                raise BadNameError("name.lone_mark", code=_code(char))
            marks += 1
            if marks > MAX_MARKS:
                raise BadNameError("name.marks", count=MAX_MARKS)
        else:
            marks = 0
    return name


def _visible(char: str) -> bool:
    """A character that is drawn by itself: a letter, a digit, punctuation or a symbol."""
    return unicodedata.category(char)[0] in "LNPS" and char not in _BLANKS


@cache
def _prototypes() -> dict[str, str]:
    """Each character of the confusables data mapped to its class's representative.

    ``confusable-homoglyphs`` keeps UTS #39's ``confusables.txt`` as pairs stored both ways
    (each character lists the characters it is confused with), not as the file's direction
    (source to prototype). The pairs form stars around each prototype (checked when this
    was written: no character confused with two hubs), so a character with several partners
    is a prototype; one with a single partner maps to it, unless that partner has only this
    one partner too, where the pair's representative is the ASCII one, then the Latin one,
    then the lower code point.
    """
    raw = json.loads(
        resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8")
    )
    partners: dict[str, set[str]] = {}
    for key, entries in raw.items():
        char = key.translate(_DIRECTION_MARKS)
        for entry in entries:
            other = str(entry["c"]).translate(_DIRECTION_MARKS)
            partners.setdefault(char, set()).add(other)
            partners.setdefault(other, set()).add(char)
    mapping: dict[str, str] = {}
    for char, around in partners.items():
        if len(char) != 1 or len(around) != 1:
            continue  # a prototype (several partners), or a sequence that is one
        (other,) = around
        if len(other) > 1 or len(partners[other]) > 1:
            mapping[char] = other
        else:
            mapping[char] = min(char, other, key=_preference)
    return mapping


def prepare() -> None:
    """Build the look-alike table now (about a tenth of a second, once per process), so the
    first person to join a table does not wait for it."""
    _prototypes()


def _preference(char: str) -> tuple[bool, bool, int]:
    return (
        not char.isascii(),
        not unicodedata.name(char, "").startswith("LATIN"),
        ord(char),
    )


def skeleton(name: str) -> str:
    """``name`` as it looks (UTS #39's skeleton, after NFKC): each character replaced by the
    representative of its look-alike class, runs of spaces made one.

    >>> skeleton("\\u0410lice") == skeleton("Alice"), skeleton("rn") == skeleton("m")
    (True, True)
    """
    prototypes = _prototypes()
    text = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name))
    mapped = "".join(prototypes.get(char, char) for char in text)
    return " ".join(unicodedata.normalize("NFD", mapped).split())


def _folded(name: str) -> str:
    """The skeleton with case folded, to a fixed point: folding may open a new look-alike
    ("0" is drawn as "O", whose small letter is "o") and mapping may give a capital."""
    key = name
    for _round in range(4):
        folded = skeleton(unicodedata.normalize("NFKC", key).casefold())
        if folded == key:
            break
        key = folded
    return key


def looks_alike(first: str, second: str) -> bool:
    """Whether two names would pass for each other: the same skeleton, with case folded or
    as written (so "Il" and "ll" are alike in a typeface where I and l are one stroke, while
    "Ali" and "All" are not).

    >>> looks_alike("Ann", "ANN"), looks_alike("Bob", "B\\u03bfb"), looks_alike("Ann", "Anne")
    (True, True, False)
    """
    return _folded(first) == _folded(second) or skeleton(first) == skeleton(second)


def taken_by(name: str, seated: Iterable[str | None]) -> str | None:
    """The first of ``seated`` that ``name`` would pass for, if any.

    >>> taken_by("ALICE", ["Bob", "Alice"]), taken_by("Carol", ["Bob", "Alice"])
    ('Alice', None)
    """
    for other in seated:
        if other and looks_alike(name, other):
            return other
    return None
