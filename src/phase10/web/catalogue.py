"""What a new table may be: the games, their rule profiles and variants, the computer levels,
named for people in the asker's language.

>>> names = [g["name"] for g in catalogue("en")["games"]]
>>> names
['phase10', 'programmes']
>>> rules_name("phase10", "fr_mattel", ["ten_hands", "n_phases=3"])
'fr_mattel+ten_hands+n_phases=3'
>>> [level["title"] for level in catalogue("de")["levels"]][:2]
['leicht', 'mittel']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from phase10 import games
from phase10.bots import LEVEL_NAMES, LEVELS
from phase10.games.phase10.variants import PROFILE_DESCRIPTIONS, PROFILES, VARIANTS
from phase10.kernel.i18n import N_, translator

__all__ = ["catalogue", "rules_name"]

#: The programmes game has one profile and one variant (AMZ-R31, the program swap).
_PROGRAMMES_PROFILES: Final = {
    "programmes": N_("The amüze program cards: each player works on a secret program.")
}
_PROGRAMMES_VARIANTS: Final = {
    "program_swap": N_("A player who failed a program three rounds in a row may swap it."),
}


def catalogue(lang: str) -> dict[str, Any]:
    """The games, profiles, variants and levels, described in ``lang``."""
    tr = translator(lang).gettext
    phase10 = games.get("phase10")
    programmes = games.get("programmes")
    return {
        "games": [
            {
                "name": phase10.name,
                "title": tr(phase10.title),
                "min_players": phase10.min_players,
                "max_players": phase10.max_players,
                "profiles": [
                    {"name": name, "description": tr(PROFILE_DESCRIPTIONS[name])}
                    for name in PROFILES
                ],
                "variants": [
                    {
                        "name": name,
                        "description": tr(variant.description),
                        "takes_number": variant.takes_number,
                    }
                    for name, variant in VARIANTS.items()
                ],
            },
            {
                "name": programmes.name,
                "title": tr(programmes.title),
                "min_players": programmes.min_players,
                "max_players": programmes.max_players,
                "profiles": [
                    {"name": name, "description": tr(text)}
                    for name, text in _PROGRAMMES_PROFILES.items()
                ],
                "variants": [
                    {"name": name, "description": tr(text), "takes_number": False}
                    for name, text in _PROGRAMMES_VARIANTS.items()
                ],
            },
        ],
        "levels": [{"name": level, "title": tr(LEVEL_NAMES[level])} for level in LEVELS],
    }


def rules_name(game: str, profile: str, variants: Sequence[str]) -> str:
    """The rule set's name the game's ``find_rules`` reads (``profile+variant+...``)."""
    del game  # every game reads the same "profile+variant" form
    return "+".join([profile, *variants])
