"""The player's language at the command line: each language's command words, the ``--lang``
option and the language a command plays in.

>>> COMMAND_WORDS["fr"]["poser"]
'lay'
"""

from __future__ import annotations

import argparse
from typing import Final

from phase10.cli.parse_errors import translate
from phase10.kernel.i18n import LANGUAGES, N_, detect_language

__all__ = ["COMMAND_WORDS", "GROUP_WORDS", "add_lang_option", "chosen_language"]

#: Each language's own command words, on top of the English ones (which work everywhere).
#: The translated help names them; the cards stay in the notation (``R7``, ``QH``).
COMMAND_WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {},
    "fr": {
        "pioche": "d",
        "piocher": "d",
        "prendre": "t",
        "poser": "lay",
        # The programmes game's own acts (glossary: révéler, nouvelle série, échanger); poser
        # and ajouter do both games' twin acts.
        "révéler": "reveal",
        "reveler": "reveal",
        "nouvelle": "meld",
        "échanger": "swap",
        "echanger": "swap",
        "ajouter": "hit",
        "défausser": "discard",
        "defausser": "discard",
        "main": "h",
        "défausse": "p",
        "defausse": "p",
        "qui": "w",
        "aide": "?",
        "quitter": "q",
        "indice": "hint",
        "encore": "r",
        "règles": "rules",
    },
    "de": {
        "ziehen": "d",
        "nehmen": "t",
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
    "fr": {"série": "set", "serie": "set", "suite": "run", "couleur": "colour"},
    "de": {"satz": "set", "lauf": "run", "farbe": "colour"},
    "nl": {"reeks": "run", "kleur": "colour"},
}


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
