"""The player's language at the command line: each language's command words, the ``--lang``
option and the language a command plays in.

A typed word is looked up without its case or its accents (:func:`folded`), so a keyboard
without them plays as well as one with them:

>>> COMMAND_WORDS["fr"]["poser"], command_word("fr", "Regles"), group_word("fr", "serie")
('lay', 'rules', 'set')
"""

from __future__ import annotations

import argparse
import unicodedata
from typing import Final

from phase10.cli.parse_errors import translate
from phase10.kernel.i18n import LANGUAGES, N_, detect_language

__all__ = [
    "COMMAND_WORDS",
    "GROUP_WORDS",
    "add_lang_option",
    "chosen_language",
    "command_word",
    "folded",
    "group_word",
]

#: Each language's own command words, on top of the English ones (which work everywhere).
#: The translated help names them; the cards stay in the notation (``R7``, ``QH``). Each is
#: written once, with its accents: :func:`command_word` reads it typed without them.
COMMAND_WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {},
    "fr": {
        "pioche": "d",
        "piocher": "d",
        # The prompts' own words too: "Piochez (d) ou prenez R12 dans la défausse (t)".
        "piochez": "d",
        # The everyday French verb for drawing a card ("tirer une carte"), which players
        # type before the game's own "piocher".
        "tirer": "d",
        "tirez": "d",
        "prendre": "t",
        "prenez": "t",
        "poser": "lay",
        # The programmes game's own acts (glossary: révéler, nouvelle série, échanger); poser
        # and ajouter do both games' twin acts.
        "révéler": "reveal",
        "nouvelle": "meld",
        "échanger": "swap",
        "ajouter": "hit",
        "défausser": "discard",
        "main": "h",
        "défausse": "p",
        "qui": "w",
        "aide": "?",
        "quitter": "q",
        "indice": "hint",
        "encore": "r",
        "règles": "rules",
    },
    "de": {
        "ziehen": "d",
        # The prompts' own words too: "Zieh vom Ziehstapel (d) oder nimm R12 ... (t)".
        "zieh": "d",
        "nehmen": "t",
        "nimm": "t",
        "auslegen": "lay",
        "aufdecken": "reveal",
        "neuer": "meld",
        "tauschen": "swap",
        "anlegen": "hit",
        # ablegen first: the word the catalog's sentences and the hints use.
        "ablegen": "discard",
        "abwerfen": "discard",
        "ablagestapel": "p",
        "tisch": "b",
        "punkte": "s",
        "wer": "w",
        "hilfe": "?",
        "beenden": "q",
        "tipp": "hint",
        "nochmal": "r",
        "regeln": "rules",
    },
    "nl": {
        "trek": "d",
        "trekken": "d",
        "pak": "t",
        "leg": "lay",
        "onthul": "reveal",
        "onthullen": "reveal",
        "nieuwe": "meld",
        "ruil": "swap",
        "aanleggen": "hit",
        "afleggen": "discard",
        "aflegstapel": "p",
        "tafel": "b",
        "punten": "s",
        "wie": "w",
        "fase": "m",
        "programma": "m",
        "stop": "q",
        "tip": "hint",
        "nog": "r",
        "regels": "rules",
    },
}


#: Each language's words for the kinds of group in a lay-down, a reveal or a new set, on top
#: of the notation's English ones (which work everywhere): the first word of each kind is
#: the one lists and hints write (``poser série R5 B5 W | suite G3 G4 G5 G6``).
GROUP_WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {},
    "fr": {"série": "set", "suite": "run", "couleur": "colour"},
    "de": {"satz": "set", "lauf": "run", "farbe": "colour"},
    "nl": {"reeks": "run", "kleur": "colour"},
}


def folded(word: str) -> str:
    """``word`` as typed words are compared with the command words: without its case and
    its accents, so that ``Règles``, ``règles`` and ``regles`` are one word. Only marks are
    taken off (NFD): ``²`` stays itself, never a ``2``.

    >>> folded("Règles"), folded("DÉFAUSSER"), folded("Straße"), folded("²")
    ('regles', 'defausser', 'strasse', '²')
    """
    decomposed = unicodedata.normalize("NFD", word.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def _folded_table(table: dict[str, str]) -> dict[str, str]:
    return {folded(word): english for word, english in table.items()}


_FOLDED_COMMANDS: Final = {lang: _folded_table(words) for lang, words in COMMAND_WORDS.items()}
_FOLDED_GROUPS: Final = {lang: _folded_table(words) for lang, words in GROUP_WORDS.items()}


def command_word(lang: str, word: str) -> str:
    """The English command a word typed in ``lang`` stands for, whatever its case and its
    accents; any other word lowered, as the commands are read.

    >>> command_word("fr", "défausser"), command_word("fr", "DEFAUSSER"), command_word("fr", "R7")
    ('discard', 'discard', 'r7')
    """
    return _FOLDED_COMMANDS[lang].get(folded(word), word.lower())


def group_word(lang: str, word: str) -> str:
    """The notation's kind of group a word typed in ``lang`` stands for (``série`` or
    ``serie``: ``set``), whatever its case and its accents; any other word as typed.

    >>> group_word("nl", "Reeks"), group_word("fr", "R7")
    ('run', 'R7')
    """
    return _FOLDED_GROUPS[lang].get(folded(word), word)


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    """``--lang``: the language of every message (default: from the locale)."""
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help=translate(
            N_(
                "the language of the game: en (English), fr (français), de (Deutsch) or "
                "nl (Nederlands) (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en)"
            )
        ),
    )


def chosen_language(args: argparse.Namespace) -> str:
    """The ``--lang`` given (the command's, else the one before the command), else the
    locale's language."""
    # ``phase10 --lang fr play``: the top-level --lang counts when the command's is not given.
    lang = getattr(args, "lang", None) or getattr(args, "top_lang", None)
    return str(lang) if lang else detect_language()
