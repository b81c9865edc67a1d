"""What a new table may be: the games, their rule profiles and variants (each with its name
for the rules, ``name``, and its name in words, ``label``), the computer levels, named for
people in the asker's language.

>>> names = [g["name"] for g in catalogue("en")["games"]]
>>> names
['phase10', 'programmes']
>>> rules_name("phase10", "fr_mattel", ["ten_hands", "n_phases=3"])
'fr_mattel+ten_hands+n_phases=3'
>>> [level["title"] for level in catalogue("de")["levels"]][:2]
['leicht', 'mittel']
>>> [v["label"] for v in catalogue("fr")["games"][0]["variants"]][:2]
['Dix donnes', 'Phases à jouer']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from phase10 import games
from phase10.bots import LEVEL_NAMES, LEVELS
from phase10.kernel.game import rules_in_words
from phase10.kernel.i18n import translator

__all__ = ["catalogue", "rules_name", "rules_words"]


def catalogue(lang: str) -> dict[str, Any]:
    """The games (every registered one), their profiles and variants, and the levels,
    described in ``lang``."""
    tr = translator(lang).gettext
    return {
        "games": [
            {
                "name": game.name,
                "title": tr(game.title),
                "min_players": game.min_players,
                "max_players": game.max_players,
                "profiles": [
                    {
                        "name": p.name,
                        "label": tr(p.label) if p.label else p.name,
                        "description": tr(p.description),
                    }
                    for p in game.rule_profiles
                ],
                "variants": [
                    {
                        "name": v.name,
                        "label": tr(v.label) if v.label else v.name,
                        "description": tr(v.description),
                        "takes_number": v.takes_number,
                        # Variants of one flag are one setting: the lobby puts a number
                        # variant beside the plain one it refines (the swap, its rounds).
                        "flag": v.flag,
                        "value": v.value,
                    }
                    for v in game.rule_variants
                ],
            }
            for game in games.all_games()
        ],
        "levels": [{"name": level, "title": tr(LEVEL_NAMES[level])} for level in LEVELS],
    }


def rules_name(game: str, profile: str, variants: Sequence[str]) -> str:
    """The rule set's name the game's ``find_rules`` reads (``profile+variant+...``)."""
    del game  # every game reads the same "profile+variant" form
    return "+".join([profile, *variants])


@lru_cache(maxsize=512)
def rules_words(game: str, rules: str, lang: str) -> str:
    """A table's rules (``fr_mattel+ten_hands``) in words in ``lang``, as its pages and
    lobby messages show them; a game the server does not know keeps the name as written.

    >>> rules_words("phase10", "fr_mattel+ten_hands", "en")
    'French Mattel sheet, Ten hands'
    """
    try:
        found = games.get(game)
    except (KeyError, LookupError, ValueError):
        return rules
    return rules_in_words(found, rules, lang)
