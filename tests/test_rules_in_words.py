"""Rule profiles and variants are named for people: each has a label and a description in
every language, and a rule set's name (``fr_mattel+ten_hands+n_phases=3``) is said in words
(:func:`phase10.kernel.game.rules_in_words`) wherever a screen or a page shows it."""

from __future__ import annotations

import re

import pytest

from phase10 import games
from phase10.kernel.game import RuleChoice, rules_in_words
from phase10.kernel.i18n import translator

TRANSLATED = ("fr", "de", "nl")
#: What an identifier looks like: a word with an underscore, or a name=value.
IDENTIFIER = re.compile(r"\w+_\w+|\w+=\w+")


def _choices() -> list[tuple[str, RuleChoice]]:
    return [
        (game.name, choice)
        for game in games.all_games()
        for choice in (*game.rule_profiles, *game.rule_variants)
    ]


@pytest.mark.parametrize(
    ("game", "choice"), _choices(), ids=[f"{g}-{c.name}" for g, c in _choices()]
)
def test_every_profile_and_variant_has_words_in_every_language(
    game: str, choice: RuleChoice
) -> None:
    assert choice.label, f"{game}: {choice.name} has no label"
    assert choice.description
    for text in (choice.label, choice.description):
        assert not IDENTIFIER.search(text), f"{choice.name}: {text!r} shows an identifier"
    for lang in TRANSLATED:
        tr = translator(lang)
        label, description = tr.gettext(choice.label), tr.gettext(choice.description)
        assert label not in (choice.name, choice.label), f"{lang}: {choice.name}'s label"
        assert description != choice.description, f"{lang}: {choice.name}'s description"


def test_a_variant_with_a_number_is_described_in_words() -> None:
    """Its description says what the number does, never how a command line writes it."""
    numbered = [c for _, c in _choices() if c.takes_number]
    assert numbered
    for choice in numbered:
        assert "write" not in choice.description
        assert "=" not in choice.description
        assert " N " not in f" {choice.description} "


@pytest.mark.parametrize(
    ("game", "name", "lang", "words"),
    [
        (
            "phase10",
            "fr_mattel+ten_hands+n_phases=3",
            "en",
            "French Mattel sheet, Ten hands, Phases to play: 3",
        ),
        ("phase10", "standard", "de", "Standardregeln"),
        (
            "phase10",
            "nl_accessible+even_phases",
            "nl",
            "Nederlandse toegankelijke editie, Alleen even fasen",
        ),
        # The forms find_rules reads: any case, "-" for "_", ":" for "=".
        (
            "phase10",
            "De_Article+Skip-Once-Per-Hand+n_phases:5",
            "en",
            "German article, Skipped once per hand, Phases to play: 5",
        ),
        # Variants without a profile are played on the standard rules, which are said first.
        ("phase10", "ten_hands", "fr", "Règles standard, Dix donnes"),
        ("programmes", "program_swap", "en", "The amüze leaflet's rules, Program swap"),
        (
            "programmes",
            "programmes+program_swap",
            "de",
            "Regeln des amüze-Regelblatts, Programmtausch",
        ),
        (
            "programmes",
            "programmes+program_swap_after=4",
            "en",
            "The amüze leaflet's rules, Rounds before a swap: 4",
        ),
        # A rule set of a rules file keeps its own name: there are no other words for it.
        ("phase10", "house rules", "en", "house rules"),
    ],
)
def test_a_rules_name_is_said_in_words(game: str, name: str, lang: str, words: str) -> None:
    assert rules_in_words(games.get(game), name, lang) == words


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_every_combination_of_profile_and_variant_is_words_without_identifiers(
    lang: str,
) -> None:
    for game in games.all_games():
        for profile in game.rule_profiles:
            for variant in game.rule_variants:
                part = f"{variant.name}=4" if variant.takes_number else variant.name
                said = rules_in_words(game, f"{profile.name}+{part}", lang)
                for mark in ("_", "+", "="):
                    assert mark not in said, said


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_the_table_heading_says_the_rules_in_words(lang: str) -> None:
    """The presentation's heading (the full screen's and the web table's title line, the
    replay's) names the rules in words, never as ``fr_mattel+ten_hands``."""
    game = games.get("phase10")
    state = game.new_game(game.find_rules("fr_mattel+ten_hands"), 2, 1)
    heading = game.present(game.view(state, 0), ["Ann", "Bob"], lang).heading
    assert rules_in_words(game, "fr_mattel+ten_hands", lang) in heading
    assert not IDENTIFIER.search(heading), heading
    assert "+" not in heading


@pytest.mark.parametrize("lang", ["fr", "en", "de", "nl"])
def test_the_programmes_rules_give_the_french_leaflet_s_words_in_french(lang: str) -> None:
    """Where the programmes rules introduce the wilds (AMZ-R02), the dealer (AMZ-R05), sets
    (AMZ-R15) and the draw pile (AMZ-R10), the French text gives the amüze leaflet's words
    for them (frimes, sortes, croupier, pareilles, réserve), each right after the sentence
    that cites the rule, so a family who know the leaflet recognise them; the game's own
    words stay, and the other languages, whose rules owe nothing to the leaflet's words,
    keep their text."""
    from phase10.games.programmes.rules_text import rules_text

    text = rules_text(None, lang)
    leaflet = {
        "AMZ-R02": ("« frimes »", "« sortes »"),
        "AMZ-R05": ("« croupier »",),
        "AMZ-R15": ("« pareilles »",),
        "AMZ-R10": ("« réserve »",),
    }
    for rule, words in leaflet.items():
        for word in words:
            if lang != "fr":
                assert word not in text
                continue
            cited = text.index(f"({rule}")
            assert text.index(word) > cited
            # In the sentence after the one citing the rule, not paragraphs away.
            assert text.index(word) - text.index(").", cited) < 90, (rule, word)
    if lang == "fr":
        assert "la pioche (AMZ-R10" in text  # the game's own word stays
