"""The command line's usage errors speak the player's language (en, fr, de, nl),
chosen by ``--lang`` or by the locale like the rest of the command line, with the options and
values named as typed and exit status 2."""

from __future__ import annotations

import argparse
import gettext
import os
import subprocess
import sys

import pytest

from phase10.cli.main import main
from phase10.kernel.i18n import LANGUAGES

#: Each error's words in each language: the English sentence must be gone from the others.
WORDS: dict[str, dict[str, str]] = {
    "range": {
        "en": "expected a whole number from 2 to 6",
        "fr": "il faut un nombre entier de 2 à 6",
        "de": "erwartet eine ganze Zahl von 2 bis 6",
        "nl": "verwacht een geheel getal van 2 tot en met 6",
    },
    "number": {
        "en": "is not a whole number",
        "fr": "n'est pas un nombre entier",
        "de": "ist keine ganze Zahl",
        "nl": "is geen geheel getal",
    },
    "option": {
        "en": "unrecognized arguments",
        "fr": "option ou valeur inconnue",
        "de": "unbekannte Option",
        "nl": "onbekende optie",
    },
    "command": {
        "en": "invalid choice",
        "fr": "choix impossible",
        "de": "ungültige Auswahl",
        "nl": "ongeldige keuze",
    },
    "value": {
        "en": "expected one argument",
        "fr": "une valeur est attendue",
        "de": "erwartet einen Wert",
        "nl": "verwacht een waarde",
    },
}
#: The frame around every usage error: "phase10: error: ... (see 'phase10 play --help')".
FRAME: dict[str, str] = {
    "en": "phase10: error: ",
    "fr": "phase10 : erreur : ",
    "de": "phase10: Fehler: ",
    "nl": "phase10: fout: ",
}
SEE: dict[str, str] = {"en": "(see '", "fr": "(voir « ", "de": "(siehe „", "nl": "(zie '"}

#: (error, arguments, what the message must name as typed); "{lang}" is the --lang value.
#: simulate has no --lang and an unknown command none yet: those take the locale's language.
CASES: list[tuple[str, list[str], list[str]]] = [
    ("range", ["play", "--lang", "{lang}", "--plain", "--players", "9"], ["--players", "'9'"]),
    ("number", ["simulate", "--games", "x"], ["--games", "'x'", "phase10 simulate --help"]),
    ("option", ["play", "--lang", "{lang}", "--plain", "--bogus"], ["--bogus"]),
    ("command", ["bogus"], ["'bogus'", "'play'", "'simulate'"]),
    ("value", ["play", "--lang={lang}", "--players"], ["--players", "phase10 play --help"]),
]


def _refusal(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, env: str
) -> str:
    """The one stderr line ``phase10 argv`` prints, the locale set to ``env``; status 2."""
    monkeypatch.setenv("LANGUAGE", env)
    status = main(argv)
    out, err = capsys.readouterr()
    assert status == 2, err
    assert out == ""
    assert err.endswith("\n"), err
    assert err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("error", "argv", "named"), CASES, ids=[case[0] for case in CASES])
def test_usage_errors_speak_the_chosen_language(
    lang: str,
    error: str,
    argv: list[str],
    named: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An out-of-range --players, a non-number --games, an unknown option, an
    unknown command and a missing value are each refused in the player's language (--lang
    where the command has it, else the locale), naming what was typed, with status 2."""
    err = _refusal([arg.replace("{lang}", lang) for arg in argv], capsys, monkeypatch, lang)
    assert err.startswith(FRAME[lang]), err
    assert WORDS[error][lang] in err, err
    assert SEE[lang] in err, err
    for typed in named:
        assert typed in err, (typed, err)
    if lang != "en":
        assert WORDS[error]["en"] not in err, err
        assert " error: " not in err, err
        assert "(see " not in err, err
        assert "argument --" not in err, err  # argparse's own word is gone too


def test_lang_beats_the_locale_and_the_locale_serves_without_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """--lang decides over the locale, as it does for the game; without --lang the
    locale's language is used (the same choice as chosen_language); an unknown --lang value
    is itself refused in the locale's language."""
    err = _refusal(["play", "--lang", "fr", "--players", "1"], capsys, monkeypatch, "de")
    assert err.startswith(FRAME["fr"]), err
    assert WORDS["range"]["fr"] in err, err
    err = _refusal(["play", "--players", "1"], capsys, monkeypatch, "nl")
    assert err.startswith(FRAME["nl"]), err
    assert WORDS["range"]["nl"] in err, err
    err = _refusal(["play", "--lang", "xx"], capsys, monkeypatch, "de")
    assert err.startswith(FRAME["de"]), err
    assert "--lang: ungültige Auswahl: 'xx'" in err, err


def test_the_parse_leaves_argparse_as_it_found_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Translating the game's errors changes nothing for any other parser in the
    same process: argparse's own messages are English again once main() has returned."""
    _refusal(["play", "--lang", "de", "--players"], capsys, monkeypatch, "de")
    assert vars(argparse)["_"] is gettext.gettext
    other = argparse.ArgumentParser(prog="other", exit_on_error=False)
    other.add_argument("--n")
    with pytest.raises(argparse.ArgumentError, match="expected one argument"):
        other.parse_args(["--n"])


def test_the_real_command_takes_the_language_from_lang_variable() -> None:
    """The installed command, run as a process with LANG=fr_FR.UTF-8 and no
    --lang, refuses a non-number --games in French with status 2."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env["LANG"] = "fr_FR.UTF-8"
    done = subprocess.run(
        [sys.executable, "-m", "phase10", "simulate", "--games", "x"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        "phase10 : erreur : --games : 'x' n'est pas un nombre entier "
        "(voir « phase10 simulate --help »)\n"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_typed_wrong_is_refused_in_one_language(
    lang: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A card typed wrong (its reason already in the player's language) comes in
    a translated frame too, so the whole line is one language, naming the card as typed."""
    err = _refusal(["check", "--phase", "1", "R5", "ZZ"], capsys, monkeypatch, lang)
    assert err.startswith(FRAME[lang]), err
    assert "'ZZ'" in err, err
    if lang != "en":
        assert " error: " not in err, err
