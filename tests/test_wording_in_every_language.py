"""Wording in every language: the top-level help in whole sentences, French elision and other
translations, plurals and second-person seats."""

from __future__ import annotations

import argparse
import io
import re
from pathlib import Path

import pytest

from phase10.cli.main import build_parser, main
from phase10.cli.parse_errors import messages_in
from phase10.cli.progress import progress_reporter
from phase10.games.programmes.narration import program_text
from phase10.games.programmes.programs import DEFAULT_PROGRAMS
from phase10.kernel.i18n import N_


def test_every_command_line_in_help_is_a_whole_sentence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """No command's line in ``phase10 --help`` stops mid-sentence."""
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    subparsers = next(
        action
        for action in build_parser()._actions
        if isinstance(action, argparse._SubParsersAction)
    )
    commands = list(subparsers.choices)
    block = out.split("commands:\n", 1)[1].split("\n\n", 1)[0]
    entries = re.split(r"\n  (?=\S)", "\n" + block.strip("\n"))[1:]
    assert [entry.split()[0] for entry in entries] == commands
    for entry in entries:
        sentence = " ".join(entry.split()[1:])
        assert sentence.endswith("."), f"cut short: {sentence!r}"
        assert sentence[0].isupper(), sentence


def test_help_mentions_both_games_and_the_full_screen(capsys: pytest.CaptureFixture[str]) -> None:
    """``play`` opens the full screen, and the programmes game is named."""
    assert main(["--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "one line at a time" not in out
    assert "Phase 10" in out
    assert "programmes" in out
    play_line = out.split(" play ", 1)[1].split(" resume ", 1)[0]
    assert "full screen" in play_line
    assert "--plain" in play_line
    assert main(["play", "--help"]) == 0
    play_help = " ".join(capsys.readouterr().out.split())
    assert "full screen" in play_help
    assert "--game programmes" in play_help


def test_the_english_interface_says_round_not_manche() -> None:
    """The word "manche" is French; no English message uses it (the French,
    German and Dutch catalogs keep their own words)."""
    from babel.messages.pofile import read_po

    import phase10

    template = Path(phase10.__file__).parent / "locale" / "phase10.pot"
    with template.open("rb") as handle:
        catalog = read_po(handle)
    english = [m.id for m in catalog if m.id and "manche" in str(m.id).lower()]
    assert english == []


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Ann", "C'est au tour d'Ann."),
        ("Ève", "C'est au tour d'Ève."),
        ("Hugo", "C'est au tour d'Hugo."),
        ("Bob", "C'est au tour de Bob."),
        ("Yann", "C'est au tour de Yann."),
    ],
)
def test_french_elides_de_before_a_vowel_name(name: str, expected: str) -> None:
    """French elides "de": "C'est au tour d'Ann", "d'Ève", but "de Bob"."""
    from phase10.kernel.i18n import translator

    assert translator("fr").gettext("It is {name}'s turn.").format(name=name) == expected


def test_french_never_elides_a_card_code() -> None:
    """Only names are elided; "pas de AS" stays a card code."""
    from phase10.kernel.i18n import elide_french

    assert elide_french("pas de {card}", {"card": "AS"}) == "pas de {card}"
    assert elide_french("pas de {card}", {"card": "Y10"}) == "pas de {card}"
    assert elide_french("De {name} : {n}", {"name": "Ann", "n": 3}) == "D'{name} : {n}"


def test_the_line_mode_says_au_tour_d_ann(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """End to end: hot seat in French with Ann at the table."""
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("\nd\nx 1\n\nq\n"))
    argv = ["play", "--plain", "--lang", "fr", "--seed", "3", "--people", "Bob,Ann"]
    assert main([*argv, "--save", str(tmp_path / "g.json")]) == 0
    out = capsys.readouterr().out
    assert "C'est au tour d'Ann." in out
    assert "de Ann" not in out


@pytest.mark.parametrize(
    ("lang", "word"), [("fr", "défausser"), ("de", "ablegen"), ("nl", "afleggen")]
)
def test_the_language_s_discard_word_discards(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    lang: str,
    word: str,
) -> None:
    """The line mode takes each language's own words, as its help lists them: the
    discard word with a position ends the turn (P10-R13)."""
    import io

    from phase10.kernel.i18n import translator

    monkeypatch.setattr("sys.stdin", io.StringIO(f"d\n{word} 1\nq\n"))
    argv = ["play", "--plain", "--lang", lang, "--seed", "1", "--save", str(tmp_path / "g.json")]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "> " + translator(lang).gettext("You discarded {card}.").split("{card}")[0] in out
    assert "> " + translator(lang).gettext("You discarded {card}.").split("{card}")[0] in out


def test_german_says_which_card_is_missing_in_a_whole_sentence() -> None:
    """German "du hast keine S zum Ablegen" is neither grammatical nor clear."""
    from phase10.kernel.i18n import translator

    text = translator("de").gettext("you have no {card} to discard").format(card="S")
    assert text == "die Karte S hast du nicht auf der Hand, also kannst du sie nicht ablegen"


@pytest.mark.parametrize("lang", ["en", "fr", "de", "nl"])
def test_counts_agree_with_their_noun_in_every_language(lang: str) -> None:
    """Never "1 programs": a reshuffle of one card and a win with one program use the
    singular, more use the plural, in all four languages."""
    from phase10.games.programmes.narration import describe_programme_event
    from phase10.games.programmes.state import ProgrammeEvent, ProgrammeEventKind

    one = describe_programme_event(
        ProgrammeEvent(ProgrammeEventKind.RESHUFFLED, number=1), ["Ann", "Bob"], lang=lang
    )
    many = describe_programme_event(
        ProgrammeEvent(ProgrammeEventKind.RESHUFFLED, number=7), ["Ann", "Bob"], lang=lang
    )
    assert one != many.replace("7", "1")
    card = {"en": "1 card.", "fr": "1 carte.", "de": "1 Karte.", "nl": "1 kaart."}[lang]
    assert one.endswith(card)


def test_variants_lists_profiles_and_variants_in_the_chosen_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Profile and variant descriptions stayed English in fr/de/nl."""
    assert main(["variants", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Phase 10\nProfile (mit --rules):")
    assert "The baseline rules" not in out
    assert "A player who failed a program" not in out  # the programmes game's, too
    assert "even_phases" in out  # the names are typed as they are, in every language
    assert main(["variants", "--lang", "en"]) == 0
    assert capsys.readouterr().out.startswith("Phase 10\nProfiles (use with --rules):")


def test_simulate_says_1_game_not_1_games(capsys: pytest.CaptureFixture[str]) -> None:
    """Plurals, as for "1 programs": ``simulate --games 1``."""
    assert main(["simulate", "--bots", "greedy,random", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 game, 2 players")


def test_simulate_answers_in_the_locale_s_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """P10-R36 (who wins a game): under a French locale, as its help already was, the
    tournament's table is in French with French numbers, the same figures as in English."""
    argv = ["simulate", "--bots", "sharp,greedy", "--games", "4", "--seed", "1", "--quiet"]
    monkeypatch.setenv("LANGUAGE", "en")
    assert main(argv) == 0
    english = capsys.readouterr().out.splitlines()
    monkeypatch.setenv("LANGUAGE", "fr")
    assert main(argv) == 0
    french = capsys.readouterr().out.splitlines()
    assert english[0].startswith("4 games, 2 players, standard rules, seed 1")
    assert french[0].startswith("4 parties, 2 joueurs, règles standard, graine 1")
    assert french[1].split() == [
        "bot",
        "victoires",
        "taux",
        "de",
        "victoire",
        "IC",
        "à",
        "95",
        "%",
        "points",
        "(moy.)",
        "phases",
        "(moy.)",
        "cote",
    ]
    for english_row, french_row in zip(english[2:4], french[2:4], strict=True):
        assert french_row.split() == [cell.replace(".", ",") for cell in english_row.split()]
    assert french[-1].startswith("  pour refaire le calcul : phase10 simulate")


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "--phase", "1", "R5"],
        ["check", "--game", "programmes", "--program", "PRG-22", "8S"],
    ],
)
def test_check_with_one_card_speaks_in_the_singular(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """Plurals: "not possible with these 1 card" and "there are 1" are gone."""
    assert main(argv) == 1
    out = capsys.readouterr().out
    assert "not possible with this card" in out
    assert "there is 1" in out
    assert "these 1" not in out


#: What ``check`` and ``odds`` say in each language, beside the cards in the notation.
_CHECK_WORDS = {
    "en": ("Phase 1 (set of 3 + set of 3): possible", "  set R5 B5 W=5", "  left over: G9"),
    "fr": ("Phase 1 (série de 3 + série de 3) : possible", "  série R5 B5 W=5", "  restent : G9"),
    "de": ("Phase 1 (Satz von 3 + Satz von 3): möglich", "  Satz R5 B5 W=5", "  übrig: G9"),
    "nl": ("Fase 1 (set van 3 + set van 3): mogelijk", "  set R5 B5 W=5", "  over: G9"),
}


@pytest.mark.parametrize("lang", sorted(_CHECK_WORDS))
def test_check_answers_in_the_language_asked_for(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """P10-R03: ``check --lang`` names the phase, each group and what is left over in that
    language, the cards in the notation."""
    assert (
        main(["check", "--lang", lang, "--phase", "1", "R5", "B5", "W", "R7", "G7", "Y7", "G9"])
        == 0
    )
    lines = capsys.readouterr().out.splitlines()
    title, group, left = _CHECK_WORDS[lang]
    assert lines[0] == title
    assert group in lines
    assert lines[-1] == left


@pytest.mark.parametrize(
    ("lang", "reason"),
    [
        ("en", "no run of 7, even with the 2 wilds"),
        ("fr", "pas de suite de 7, même avec les 2 jokers"),
        ("de", "nicht möglich: Lauf von 7, auch nicht mit den 2 Jokern"),
        ("nl", "geen reeks van 7, zelfs niet met de 2 jokers"),
    ],
)
def test_check_says_why_not_in_the_language_asked_for(
    lang: str, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """P10-R04: a run of 7 that even two wilds cannot bridge is refused in the reader's words."""
    cards = ["R1", "R2", "R5", "B6", "W", "W", "G12", "G12", "Y9"]
    assert main(["check", "--lang", lang, "--phase", "4", *cards]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert "9" in lines[0]
    assert lines[0].startswith(("Phase 4 (", "Fase 4 ("))
    assert lines[1].strip() == reason


@pytest.mark.parametrize(
    ("variant", "said"),
    [
        ((), "every group needs a natural card of its own (P10-R07): 2 groups, 1 natural card"),
        (("--variant", "natural_per_phase"), None),
    ],
)
def test_check_says_each_group_needs_its_natural_card(
    variant: tuple[str, ...], said: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    """P10-R07: one natural card and five wilds cannot make two sets, since each group needs
    a natural card of its own; the answer says so, not that the groups cannot share cards.
    Under natural_per_phase (D-04) the same hand makes the phase."""
    code = main(["check", "--phase", "1", *variant, "R5", "W", "W", "W", "W", "W"])
    lines = capsys.readouterr().out.splitlines()
    if said is None:
        assert code == 0
        assert lines[0].endswith(": possible")
    else:
        assert code == 1
        assert lines[1].strip() == said


def test_a_program_s_check_answers_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    """AMZ-R15: the program, its combination and the leftover card, in French."""
    argv = ["check", "--lang", "fr", "--game", "programmes", "--program", "PRG-22"]
    assert main([*argv, "8S", "9S", "JK", "JS", "3H"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        # The program in the catalog's words ("une suite de 4, couleurs : pique, trèfle").
        f"Programme {program_text(DEFAULT_PROGRAMS[21], 'fr')} : possible",
        "  suite 8S 9S JK=10S JS",
        "  restent : 3H",
    ]


def test_odds_answers_in_german_with_german_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    """P10-R09: ``odds --lang de`` writes its estimate as a German reader writes numbers
    (a decimal comma, thousands with a point), the same figures as in English."""
    argv = ["odds", "--phase", "1", "--hands", "2000", "--quiet"]
    assert main([*argv, "--lang", "de"]) == 0
    german = capsys.readouterr().out.splitlines()
    assert main(argv) == 0
    english = capsys.readouterr().out.splitlines()
    assert (
        german[0]
        == "Phase 1 (Satz von 3 + Satz von 3) in einer frisch gegebenen Hand aus 10 Karten"
    )
    assert "17.90%" in english[2]
    assert "of 2,000 hands" in english[2]
    assert german[2].startswith("  Wahrscheinlichkeit: 17,90\u202f%")
    assert "358 von 2.000 Händen" in german[2]


def test_progress_lines_speak_the_command_s_language() -> None:
    """The plain progress lines of ``simulate`` and ``odds`` (stderr, a screen reader's
    transcript) are in the language of the command, as its help and its answer are."""
    out = io.StringIO()
    ticks = iter([0.0, 0.0, 6.0, 7.0, 7.0, 7.0])
    with (
        messages_in("fr"),
        progress_reporter(4, N_("games"), stream=out, clock=lambda: next(ticks)) as step,
    ):
        assert step is not None
        for done in range(1, 5):
            step(done, 4)
    assert out.getvalue().splitlines() == ["2/4 parties, encore environ 6 s", "4/4 parties en 7 s"]


@pytest.mark.parametrize("lang", ["de", "fr", "nl"])
def test_the_game_s_seed_is_named_in_the_player_s_language(lang: str) -> None:
    """The end of a game names the seed that replays it (P10-R36): in the player's own word
    (Startwert, graine, startwaarde), the English "seed" kept only in the option ``--seed``."""
    from babel.messages.pofile import read_po

    import phase10

    path = Path(phase10.__file__).parent / "locale" / lang / "LC_MESSAGES" / "phase10.po"
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    said = [
        str(m.string)
        for m in catalog
        if isinstance(m.id, str) and re.search(r"\bseed\b", m.id, re.I) and m.string
    ]
    assert said
    english = [s for s in said if re.search(r"(?<![-{])\bseed\b(?!})", s, re.I)]
    assert english == []


@pytest.mark.parametrize(
    ("owner", "expected"),
    [
        ("Anna", "Bob hat R7 an Annas Lauf angelegt."),
        ("Hans", "Bob hat R7 an Hans' Lauf angelegt."),
        ("Max", "Bob hat R7 an Max' Lauf angelegt."),
        ("Alice", "Bob hat R7 an Alice' Lauf angelegt."),
        ("Pierre Søren 李", "Bob hat R7 an Pierre Søren 李's Lauf angelegt."),
        ("Bot2", "Bob hat R7 an Bot2's Lauf angelegt."),
    ],
)
def test_german_writes_a_name_s_genitive_as_german_does(owner: str, expected: str) -> None:
    """A hit on someone's group (P10-R21) names its owner in the genitive: "Annas", but
    "Hans'" after a hissing sound and "李's" after no Latin letter, never "李s" or "Hanss"."""
    from phase10.kernel.i18n import translator

    de = translator("de")
    said = de.gettext("{name} hit {card} on {owner}'s {group}.")
    assert said.format(name="Bob", card="R7", owner=owner, group="Lauf") == expected
