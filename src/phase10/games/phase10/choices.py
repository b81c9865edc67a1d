"""Phase 10's rule profiles and variants as a new table offers them: each with its name as
``find_rules`` reads it, its name in words and its description (English msgids, translated
where shown), and a rule set's name said in words.

>>> [c.name for c in RULE_PROFILES][:2]
['standard', 'fr_mattel']
>>> from phase10.kernel.i18n import translator
>>> rules_words("de_article+even_phases", translator("en"))
'German article, Even phases only'
"""

from __future__ import annotations

from typing import Final

from phase10.games.phase10 import variants
from phase10.kernel.game import RuleChoice, rules_in_words
from phase10.kernel.i18n import N_, Translator

__all__ = ["RULE_PROFILES", "RULE_VARIANTS", "RuleMenu", "number_words", "rules_words"]

#: Each profile's and variant's short name in words (the new-game screen, the lobby, a table's
#: rules line show them).
_LABELS: Final = {
    "standard": N_("Standard rules"),
    "fr_mattel": N_("French Mattel sheet"),
    "en_phase10rules": N_("English rules site"),
    "de_article": N_("German article"),
    "nl_accessible": N_("Dutch accessible edition"),
    "ten_hands": N_("Ten hands"),
    "n_phases": N_("Phases to play"),
    "even_phases": N_("Even phases only"),
    "odd_phases": N_("Odd phases only"),
    "pick_a_phase": N_("Pick a phase"),
    "phase3_set5": N_("Phase 3 with a set of 5"),
    "phase10_set4": N_("Phase 10 with a set of 4"),
    "skip_next_player": N_("Skip the next player"),
    "skip_placed": N_("Skips lie before their target"),
    "skip_once_per_hand": N_("Skipped once per hand"),
    "skip_pending_only": N_("Only a waiting Skip protects"),
    "skip_no_limit": N_("Skips without limit"),
    "no_hit_others_on_laydown_turn": N_("No hits on others when laying down"),
    "must_discard_to_go_out": N_("Discard to go out"),
    "tiebreak_first_laydown": N_("Ties to the first lay-down"),
    "natural_per_phase": N_("One natural card per phase"),
    "no_skip_go_out": N_("No going out on a Skip"),
    "no_wild_from_discard": N_("No Wild from the discard pile"),
}

RULE_PROFILES: Final[tuple[RuleChoice, ...]] = tuple(
    RuleChoice(name, variants.PROFILE_DESCRIPTIONS[name], label=_LABELS[name])
    for name in variants.PROFILES
)
RULE_VARIANTS: Final[tuple[RuleChoice, ...]] = tuple(
    RuleChoice(
        name,
        v.description,
        v.takes_number,
        v.flag,
        variants.flag_text(v.value),
        label=_LABELS[name],
    )
    for name, v in variants.VARIANTS.items()
)


class RuleMenu:
    """The profiles and variants, as :func:`~phase10.kernel.game.rules_in_words` reads them
    of a game (the game object itself imports the modules that need them)."""

    rule_profiles: tuple[RuleChoice, ...] = RULE_PROFILES
    rule_variants: tuple[RuleChoice, ...] = RULE_VARIANTS


def rules_words(name: str, tr: Translator) -> str:
    """The rule set ``name`` in words in ``tr``'s language."""
    return rules_in_words(RuleMenu(), name, tr)


def number_words(setting: str, tr: Translator) -> str:
    """A flag a variant with a number sets, as typed (``phase_count = 3``), in the words the
    new-table form asks for that number (``Phases to play: 3``); ``""`` for any other.

    >>> from phase10.kernel.i18n import translator
    >>> number_words("phase_count = 3", translator("fr")), number_words("tiebreak = x", None)
    ('Phases à jouer : 3', '')
    """
    key, _, value = setting.partition(" = ")
    for name, variant in variants.VARIANTS.items():
        if variant.takes_number and variant.flag == key and name in _LABELS:
            label = tr.gettext(_LABELS[name])
            return tr.gettext("{label}: ").format(label=label) + value
    return ""
