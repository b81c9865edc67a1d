"""``--help`` speaks the player's language (en, fr, de, nl), chosen by ``--lang``
or the locale as the usage errors are, headings included; English help is unchanged; and the
errors a command reports after the parse have the localized ``phase10: error:`` frame and
sentence."""

from __future__ import annotations

import os

import pytest

from phase10.cli.main import main
from phase10.kernel.i18n import LANGUAGES

#: A key sentence of each help screen, per language (no hyphen in it: argparse may wrap a
#: line after one, which no whitespace folding undoes).
KEYS: dict[str, dict[str, str]] = {
    "top": {
        "en": "Two card games in the terminal",
        "fr": "Deux jeux de cartes dans le terminal",
        "de": "Zwei Kartenspiele im Terminal",
        "nl": "Twee kaartspellen in de terminal",
    },
    "play": {
        "en": "players in all, you included: 2 to 6 (default: 3)",
        "fr": "nombre de joueurs en tout, vous compris : 2 à 6 (par défaut : 3)",
        "de": "Spieler insgesamt, du eingeschlossen: 2 bis 6 (Standard: 3)",
        "nl": "spelers in totaal, jij meegerekend: 2 tot 6 (standaard: 3)",
    },
    "simulate": {
        "en": "games to play (default: 100)",
        "fr": "parties à jouer (par défaut : 100)",
        "de": "zu spielende Spiele (Standard: 100)",
        "nl": "te spelen spellen (standaard: 100)",
    },
}

#: argparse's own headings, which its ``_`` looks up like its errors.
USAGE = {"en": "usage: ", "fr": "usage : ", "de": "Aufruf: ", "nl": "gebruik: "}
HELP_LINE = {
    "en": "show this help message and exit",
    "fr": "afficher cette aide et quitter",
    "de": "diese Hilfe anzeigen und beenden",
    "nl": "deze hulp tonen en stoppen",
}

#: The command line of each help screen, before ``--lang``.
COMMANDS: dict[str, list[str]] = {"top": [], "play": ["play"], "simulate": ["simulate"]}


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """An English locale and a fixed width, so that only --lang (or a test's LANG) counts."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setenv("COLUMNS", "100")


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out


def _folded(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("screen", sorted(KEYS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_in_the_chosen_language(
    screen: str, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``phase10 [COMMAND] --lang L --help`` is in L, headings included, and the
    English sentence is gone from the other languages' screens."""
    if screen == "top":
        # The top level has no documented --lang: it is typed before the command.
        argv = ["--lang", lang, "--help"]
    else:
        argv = [*COMMANDS[screen], "--lang", lang, "--help"]
    out = _help(argv, capsys)
    assert out.startswith(USAGE[lang] + "phase10")
    assert HELP_LINE[lang] in out
    assert KEYS[screen][lang] in _folded(out)
    if lang != "en":
        assert KEYS[screen]["en"] not in _folded(out)
        assert HELP_LINE["en"] not in out
        assert not out.startswith("usage: ")


def test_help_follows_the_locale(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``LANG=fr_FR.UTF-8 phase10 simulate --help`` is in French without --lang."""
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    out = _help(["simulate", "--help"], capsys)
    assert out.startswith("usage : phase10 simulate")
    assert KEYS["simulate"]["fr"] in _folded(out)
    assert "exemples :" in out
    assert "  phase10 simulate --bots greedy,random --games 2000 --seed 1\n" in out


def test_english_help_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    """English help keeps its exact lines (it was checked byte for byte against
    the help printed before the help screens were translated)."""
    top = _help(["--help"], capsys)
    assert top.startswith(
        "usage: phase10 [-h] [--version] COMMAND ...\n\n"
        "Two card games in the terminal, Phase 10 and the amüze programmes rummy, with computer\n"
        "opponents and an exact, deterministic engine.\n\ncommands:\n"
    )
    assert (
        "  odds      Estimate the chance that a freshly dealt hand already holds a phase or a\n"
        in top
    )
    assert "            program, with a 99% confidence interval.\n" in top
    assert (
        "\noptions:\n  -h, --help  show this help message and exit\n"
        "  --version   show the version of phase10 and exit\n\nexamples:\n"
    ) in top
    simulate = _help(["simulate", "--help"], capsys)
    assert "\noptions:\n  -h, --help            show this help message and exit\n" in simulate
    assert "  --games N             games to play (default: 100)\n" in simulate
    assert "  --seed S              random seed (default: 1)\n" in simulate
    play = _help(["play", "--help"], capsys)
    assert "\nrules:\n  --rules PROFILE       a profile (standard, fr_mattel," in play
    assert "  --players PLAYERS     players in all, you included: 2 to 6 (default: 3)\n" in play
    assert play.endswith("\nType ? during the game for the list of commands.\n")


#: "give either --rules or --rules-file", refused after the parse, in each language.
BOTH_RULES = {
    "en": "phase10: error: give either --rules or --rules-file, not both\n",
    "fr": "phase10 : erreur : donnez soit --rules, soit --rules-file, pas les deux\n",
    "de": "phase10: Fehler: gib entweder --rules oder --rules-file an, nicht beides\n",
    "nl": "phase10: fout: geef --rules of --rules-file, niet allebei\n",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_error_after_the_parse_in_the_chosen_language(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A command's own refusal has the frame and sentence of --lang,
    exit 2, nothing on stdout."""
    argv = ["--lang", lang, "simulate", "--rules", "standard", "--rules-file", "x.toml"]
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == BOTH_RULES[lang]


def test_workers_refusal_follows_the_locale(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The refusal "--workers N: this machine has N CPU(s)" in the locale's German."""
    if len(os.sched_getaffinity(0)) >= 256:
        pytest.skip("this machine has CPUs for 256 workers")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert main(["simulate", "--workers", "256", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("phase10: Fehler: --workers 256: dieser Rechner hat ")
    assert "--oversubscribe" in err
    assert "this machine" not in err


#: Every command of the command line, each with a help screen of its own.
EVERY_COMMAND = (
    "play",
    "resume",
    "check",
    "odds",
    "bench",
    "simulate",
    "variants",
    "rules",
    "serve",
    "join",
)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_no_english_left_in_any_command_help(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    """No command's help screen keeps an English heading or "(default: ...)"."""
    for command in EVERY_COMMAND:
        out = _help(["--lang", lang, command, "--help"], capsys)
        assert out.startswith(USAGE[lang] + "phase10 " + command), command
        for english in ("(default:", "\nexamples:\n", HELP_LINE["en"], "\nrules:\n"):
            assert english not in out, (command, english)


#: "check" without --phase, refused after the parse, in each language.
NO_PHASE = {
    "en": "phase10: error: --phase N is required for Phase 10 (or use --game programmes)\n",
    "fr": "phase10 : erreur : --phase N est obligatoire pour Phase 10 (ou utilisez --game "
    "programmes)\n",
    "de": "phase10: Fehler: --phase N ist für Phase 10 nötig (oder nimm --game programmes)\n",
    "nl": "phase10: fout: --phase N is verplicht voor Phase 10 (of gebruik --game programmes)\n",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_check_refusal_in_the_chosen_language(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``check`` without --phase says so in --lang's words, exit 2."""
    assert main(["--lang", lang, "check", "R5", "B5"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == NO_PHASE[lang]


@pytest.mark.parametrize(("lang", "said"), [("de", "luck (Viel Glück!)"), ("fr", "gg (")])
def test_the_chat_help_says_what_each_quick_reaction_says(lang: str, said: str) -> None:
    """The quick reactions' keys are English words: the online help gives each one's phrase
    in the player's language, so a German player knows what ``luck`` sends."""
    from phase10.kernel.i18n import translator
    from phase10.online.text import help_text

    text = help_text({"draw", "discard"}, translator(lang), online=True)
    assert said in text
    assert "hello (" in text
