"""``phase10 play --plain --lang``: whole games from standard input in each language."""

from __future__ import annotations

import io
import re
import unicodedata
from pathlib import Path

import pytest

from phase10.cli.main import main
from phase10.cli.play import COMMAND_WORDS
from phase10.kernel.i18n import LANGUAGES, translator
from phase10.match import Match
from phase10.online.text import help_text

#: A sentence of the final standing and one of the narration, per language.
FINAL = {
    "en": ("Final standing after ", "drew a card."),
    "fr": ("Classement final après ", "a pioché une carte."),
    "de": ("Endstand nach ", "hat eine Karte gezogen."),
    "nl": ("Eindstand na ", "heeft een kaart getrokken."),
}
#: English lines that must not appear in another language's game.
ENGLISH = ("Your hand", "Not allowed", "drew a card", "It is your turn", "Final standing")
BOX_DRAWING = re.compile("[\u2500-\u259f]")


def _stdin(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(line + "\n" for line in lines)))


def _whole_game_script() -> list[str]:
    """Always the list of moves (``a``), then the first move it offers
    (draw, lay down, hit, discard); far more than needed."""
    return ["a", "1"] * 2700


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_whole_game_from_standard_input(
    lang: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    _stdin(monkeypatch, _whole_game_script())
    save = tmp_path / "g.json"
    argv = ["play", "--plain", "--lang", lang, "--players", "2", "--seed", "4"]
    assert main([*argv, "--opponents", "hard", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    standing, narration = FINAL[lang]
    assert standing in out
    assert narration in out
    assert Match.load(save).is_over
    assert not BOX_DRAWING.search(out)
    assert "\x1b[" not in out  # no colour codes: nothing is told by colour alone
    if lang != "en":
        leaked = [text for text in ENGLISH if text in out]
        assert not leaked, f"English left in the {lang} game: {leaked}"


def test_a_french_transcript_reads_as_french(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _stdin(monkeypatch, ["m", "h", "p", "w", "s", "b", "pioche", "défausser 1", "q"])
    save = tmp_path / "g.json"
    argv = ["play", "--plain", "--lang", "fr", "--players", "2", "--seed", "3", "--save", str(save)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Vous en êtes à la Phase 1 : série de 3 + série de 3." in out
    assert "Votre main : 1:" in out
    assert "Dessus de la défausse : " in out
    assert "C'est à vous : piochez une carte." in out
    assert "Scores : Vous 0 point (Phase 1, 10 cartes)" in out  # French: 0 point
    assert "Il n'y a encore rien sur la table." in out
    assert "Vous avez pioché " in out  # "pioche" is the French word for d
    assert "Vous avez défaussé " in out  # and "défausser" for discard
    assert f"Partie enregistrée dans {save}" in out


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("de", "Nicht erlaubt (D-19): zieh zuerst eine Karte"),
        ("nl", "Niet toegestaan (D-19): trek eerst een kaart"),
        ("fr", "Interdit (D-19) : piochez d'abord une carte"),
    ],
)
def test_illegal_moves_are_explained_in_the_language(
    lang: str,
    expected: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    _stdin(monkeypatch, ["discard 1", "discard X9", "q"])
    argv = ["play", "--plain", "--lang", lang, "--seed", "3", "--save", str(tmp_path / "g.json")]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert expected in out
    assert "X9" in out
    assert "Could not read that" not in out
    assert "is not a card" not in out


def test_the_language_comes_from_the_locale_without_lang(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.delenv("LANGUAGE")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    _stdin(monkeypatch, ["w", "q"])
    assert main(["play", "--plain", "--seed", "3", "--save", str(tmp_path / "g.json")]) == 0
    assert "Du bist am Zug: zieh eine Karte." in capsys.readouterr().out


@pytest.mark.parametrize("command", ["play", "resume"])
def test_an_unknown_language_is_a_usage_error(
    command: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = [command, "--lang", "xx"]
    if command == "play":
        argv += ["--plain", "--save", str(tmp_path / "g.json")]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "--lang" in err
    assert "'xx'" in err
    assert "en, fr, de, nl" in err or "'en', 'fr', 'de', 'nl'" in err


def test_resume_speaks_the_language_asked_for(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "g.json"
    _stdin(monkeypatch, ["d", "discard 1", "q"])
    assert main(["play", "--plain", "--seed", "5", "--players", "2", "--save", str(save)]) == 0
    capsys.readouterr()
    _stdin(monkeypatch, ["m", "q"])
    assert main(["resume", str(save), "--lang", "nl"]) == 0
    out = capsys.readouterr().out
    assert "Spel hervat uit" in out
    assert "Je zit in fase " in out


def _bare(text: str) -> str:
    """``text`` without its accents: ``révéler`` and ``reveler`` read alike."""
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_help_names_every_command_word_of_the_language(lang: str) -> None:
    """The help of a Phase 10 game at this keyboard names every command in English and in
    the language's own words; the programmes game's help names its own acts' words."""
    kinds = {"draw", "take", "discard", "lay_down", "hit"}
    text = help_text(kinds, translator(lang), online=False)
    for english in ("d", "t", "lay", "hit", "discard", "h", "p", "b", "s", "w", "m", "q"):
        assert re.search(rf"(^|\W){re.escape(english)}(\W|$)", text), (lang, english)
    # The programmes game's own acts are named in its own help.
    acts = {"draw", "take", "discard", "reveal", "meld", "extend", "swap"}
    programmes = help_text(acts, translator(lang), online=False)
    for word, english in COMMAND_WORDS[lang].items():
        said = programmes if english in ("reveal", "meld", "swap") else text
        if english == "m":
            # m says the game's own goal, a phase or a program, each with its own word.
            said = text + programmes
        # An alias without its accents (reveler) is named by its accented form.
        assert _bare(word) in _bare(said), (lang, word)
