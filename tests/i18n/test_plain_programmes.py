"""``phase10 play --plain --game programmes --lang``: whole programmes games from standard
input in each language, with no English left in the narration or the prompts."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from phase10.cli.main import main
from phase10.games.programmes.narration import program_text
from phase10.games.programmes.programs import DEFAULT_PROGRAMS
from phase10.kernel.i18n import LANGUAGES
from phase10.match import ProgrammeMatch, load_match

#: A prompt of the line game and a sentence of the narration, per language.
EXPECTED = {
    "en": ("Your program: PRG-", "You drew ", "Programs completed: "),
    "fr": ("Votre programme : PRG-", "Vous avez pioché ", "Programmes réalisés : "),
    "de": ("Dein Programm: PRG-", "Du hast ", "Erfüllte Programme: "),
    "nl": ("Je programma: PRG-", "Je hebt ", "Voltooide programma's: "),
}
#: English that must not appear in another language's game (program texts included).
ENGLISH = (
    "Your hand",
    "Your program",
    "drew a card",
    "set of ",
    "run of ",
    "'s combination",
    "'s turn",
    "revealed program",
    "Not allowed",
    "Could not read",
    "Unknown command",
    " wins ",
)


def _script() -> list[str]:
    """Always the list of moves (``a``), then the first move it offers
    (draw, reveal, extend, discard); far more than needed."""
    return ["a", "1"] * 2700


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_whole_programmes_game_from_standard_input(
    lang: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in _script())))
    save = tmp_path / "p.json"
    argv = ["play", "--plain", "--game", "programmes", "--lang", lang, "--players", "2"]
    assert main([*argv, "--seed", "4", "--opponents", "easy", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    for text in EXPECTED[lang]:
        assert text in out
    loaded = load_match(save)
    assert isinstance(loaded, ProgrammeMatch)
    assert loaded.is_over
    if lang != "en":
        leaked = [text for text in ENGLISH if text in out]
        assert not leaked, f"English left in the {lang} programmes game: {leaked}"


def test_the_french_words_and_questions_of_the_programmes_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = ["m", "main", "défausse", "qui", "b", "s", "aide", "pioche", "poser", "x", "stop"]
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    save = tmp_path / "p.json"
    argv = ["play", "--plain", "--game", "programmes", "--lang", "fr", "--seed", "4"]
    assert main([*argv, "--save", str(save)]) == 0
    out = capsys.readouterr().out
    # The program in the catalog's words ("une série de 4"), whatever they are.
    assert f"Votre programme : {program_text(DEFAULT_PROGRAMS[2], 'fr')}." in out
    assert "Votre main : 1:" in out
    assert "Dessus de la défausse : " in out
    assert "C'est à vous." in out or "C'est à vous" in out
    assert "Il n'y a encore rien sur la table." in out
    assert "Classement : Vous : 0 programme réalisé (13 cartes)" in out  # no points, AMZ-R32
    assert "m mon programme" in out
    assert "règles AMZ-R10" in out
    assert "Cartes programme : 49." in out
    assert "Vous avez pioché " in out
    assert "1: révéler série " in out  # "poser" lists the ways to reveal, in the glossary word
    assert "Commande inconnue" in out
    assert f"Partie enregistrée dans {save}" in out


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", ["révéler", "nouvelle série 9S 9H 9D", "échanger"]),
        ("de", ["aufdecken", "neuer Satz 9S 9H 9D", "tauschen"]),
        ("nl", ["onthul", "nieuwe set 9S 9H 9D", "ruil"]),
    ],
)
def test_the_programmes_game_s_own_acts_have_words_in_each_language(
    lang: str,
    words: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    """AMZ-R10, AMZ-R20, AMZ-R31: reveal, a new set and a swap are typed in the glossary's
    words too, and each reaches the game, which says why it cannot be played yet, instead of
    "unknown command"."""
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in [*words, "q"])))
    argv = ["play", "--plain", "--game", "programmes", "--lang", lang, "--seed", "3"]
    assert main([*argv, "--save", str(tmp_path / "p.json")]) == 0
    out = capsys.readouterr().out
    for rule in ("(AMZ-R10)", "(AMZ-R31)"):
        assert rule in out
    assert out.count("(AMZ-R10)") >= 2, out[-800:]
    unknown = {"fr": "Commande inconnue", "de": "Unbekannter Befehl", "nl": "Onbekende opdracht"}
    assert unknown[lang] not in out


def test_a_hidden_draw_and_an_extension_read_as_the_language() -> None:
    """A hidden draw and an addition (AMZ-R20) in French and German words, the combination's
    kind too (only its cards stay in the card notation)."""
    from phase10.games.programmes.cards import PlayingCard
    from phase10.games.programmes.combos import parse_combinations
    from phase10.games.programmes.narration import describe_programme_event
    from phase10.games.programmes.state import ProgrammeEvent
    from phase10.games.programmes.state import ProgrammeEventKind as K

    names = ["Vous", "Ann", "Bob"]
    drew = ProgrammeEvent(K.DREW, seat=0)
    assert describe_programme_event(drew, names, 0, lang="fr") == "Vous avez pioché une carte."
    (combo,) = parse_combinations("set 7S 7H 7D")
    card = PlayingCard.from_symbol("7D")
    on_mine = ProgrammeEvent(K.EXTENDED, seat=1, cards=(card,), target=0, combos=(combo,))
    on_bobs = on_mine._replace(target=2)
    assert describe_programme_event(on_mine, names, 0, lang="de") == (
        "Ann hat 7♦ an deine Kombination angelegt, jetzt Satz 7♠ 7♥ 7♦."
    )
    assert describe_programme_event(on_bobs, names, 0, lang="fr") == (
        "Ann a ajouté 7♦ à la combinaison de Bob, désormais série 7♠ 7♥ 7♦."
    )
    assert "'s" not in describe_programme_event(on_bobs, names, 0, lang="nl")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("de", ("Nicht erlaubt (AMZ-R10): ein Zug beginnt", "schon eine Karte genommen")),
        ("fr", ("Interdit (AMZ-R10) : un tour commence", "déjà pris une carte ce tour-ci")),
        ("nl", ("Niet toegestaan (AMZ-R10): een beurt begint", "al een kaart genomen")),
    ],
)
def test_illegal_programmes_moves_are_explained_in_the_language(
    lang: str,
    expected: tuple[str, str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("x 1\nd\nd\nq\n"))
    argv = ["play", "--plain", "--game", "programmes", "--lang", lang, "--seed", "4"]
    assert main([*argv, "--save", str(tmp_path / "p.json")]) == 0
    out = capsys.readouterr().out
    for text in expected:
        assert text in out
    assert "a turn starts" not in out


_PRG03 = {"id": "PRG-03", "kind": "program", "copies": 1, "no_wild": False, "suits": None}
_PRG03["directives"] = [{"mult": 1, "kind": "set", "len": 4}]
_RUN_8_J = {"kind": "run", "low": "8", "high": "J", "suit": 0}


@pytest.mark.parametrize(
    ("reason", "key", "params"),
    [
        ("a turn starts by taking one card", "programmes.take_first", {}),
        ("you have no 7D to discard", "programmes.no_card_to_discard", {"card": "7D"}),
        (
            "reveal your program before you put any other card on the table",
            "programmes.reveal_first",
            {},
        ),
        ("you must hold every card of the program", "programmes.hold_program", {}),
        ("a new set needs at least 3 cards of one value", "programmes.new_set_size", {}),
        ("there is no combination 1.0", "programmes.no_combination", {"owner": 1, "index": 0}),
        (
            "7D does not extend the run 8-J of spades",
            "programmes.does_not_extend",
            {"card": "7D", "combo": _RUN_8_J},
        ),
        ("every card of a set has the same value", "programmes.set_same_value", {}),
        (
            "the natural card 7H can only stand for itself",
            "programmes.natural_itself",
            {"card": "7H"},
        ),
        (
            "PRG-03 needs exactly 1 combination (a set of 4), not 2",
            "programmes.one_combination",
            {"program": "PRG-03", "needs": _PRG03, "combos": 2},
        ),
        (
            "these combinations do not match PRG-03: a set of 4 (exact counts: E-08)",
            "programmes.no_match",
            {"program": "PRG-03", "needs": _PRG03},
        ),
    ],
)
@pytest.mark.parametrize("lang", ["fr", "de", "nl"])
def test_the_programmes_engine_reasons_are_translated(
    reason: str, key: str, params: dict[str, Any], lang: str
) -> None:
    from phase10.explain import explain_reason
    from phase10.kernel.errors import IllegalActionError

    error = IllegalActionError("E-00", key, **params)
    assert error.message == reason
    translated = explain_reason(error, lang)
    assert translated != reason
    assert "{" not in translated
    assert " of " not in translated


def test_a_move_the_game_cannot_read_is_quoted_in_the_player_s_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """AMZ-R20 (adding to a combination): a French player who writes a hit's group as
    "sur 0.0" is told the form the line reads, and a move the game cannot read is quoted as
    they typed it, with the French words to use, never as the English notation it became."""
    lines = ["d", "ajouter 4C sur 0.0", "défausser 4C à Ann zut", "q"]
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    argv = ["play", "--plain", "--game", "programmes", "--lang", "fr", "--seed", "3"]
    assert main([*argv, "--save", str(tmp_path / "p.json")]) == 0
    out = capsys.readouterr().out
    assert "Tapez ajouter 4C 2 : la carte, puis le numéro de la combinaison" in out
    assert "'défausser 4C à Ann zut' n'est pas une action : écrivez pioche" in out
    assert "nouvelle série ..., ajouter CARTE N" in out
    for english in ("'discard 4C", "'extend", " on SIÈGE", "meld set", "swap"):
        assert english not in out
