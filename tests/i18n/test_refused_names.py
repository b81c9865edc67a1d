"""A rules name or a computer player's name that does not exist is refused in the player's
language, the whole line and not only its frame: a German player who mistypes a variant
(B.1's flags) reads German, with the names to choose from and the nearest one."""

from __future__ import annotations

import pytest

from cli_run import run_quitting as _run
from phase10 import find_variant
from phase10.bots import make_bot
from phase10.explain import explain_error
from phase10.kernel.errors import RulesError, SaidError


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "phase10: error: unknown rules name 'stndard' (did you mean 'standard'?); "),
        ("de", "phase10: Fehler: unbekannter Regelname 'stndard' (meintest du 'standard'?); "),
        (
            "fr",
            "phase10 : erreur : nom de règles inconnu 'stndard' (vouliez-vous dire 'standard' ?)",
        ),
        ("nl", "phase10: fout: onbekende regelnaam 'stndard' (bedoelde je 'standard'?); "),
    ],
)
def test_an_unknown_rules_name_is_refused_in_the_players_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    argv = ["play", "--plain", "--lang", lang, "--rules", "stndard+ten_hands"]
    status, out, err = _run(monkeypatch, capsys, argv)
    assert (status, out) == (2, "")
    assert err.startswith(said), err
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("de", "--opponents: unbekannter Computerspieler 'Grandmaster'; Computerspieler: random"),
        ("fr", "--opponents: joueur ordinateur inconnu 'Grandmaster' ; joueurs : random"),
        ("nl", "--opponents: onbekende computerspeler 'Grandmaster'; computerspelers: random"),
    ],
)
def test_an_unknown_computer_player_is_refused_in_the_players_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    argv = ["play", "--plain", "--lang", lang, "--opponents", "Grandmaster"]
    status, out, err = _run(monkeypatch, capsys, argv)
    assert (status, out) == (2, "")
    assert said in err, err
    assert "unknown bot" not in err


def test_the_engine_keeps_english_and_the_message_key() -> None:
    """The engine raises data (a key and its parameters) and says English by itself; the
    reader's language is the front end's business (``explain_error``)."""
    with pytest.raises(RulesError) as raised:
        find_variant("standard+even_phases+odd_phases")
    assert str(raised.value) == (
        "the variants even_phases and odd_phases cannot be played together: they change the "
        "same rule in different ways"
    )
    assert raised.value.key == "odd_phases"
    assert explain_error(raised.value, "de").startswith("die Varianten even_phases und odd")
    with pytest.raises(SaidError) as bot:
        make_bot("learned", "programmes")
    assert explain_error(bot.value, "nl").startswith(
        "de computerspeler 'learned' speelt het spel programmes niet"
    )


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "phase10: error: no rule 'P10-R99': did you mean P10-R29, P10-R19, P10-R09?"),
        ("de", "phase10: Fehler: keine Regel 'P10-R99': meintest du P10-R29, P10-R19, P10-R09?"),
        ("nl", "phase10: fout: geen regel 'P10-R99': bedoelde je P10-R29, P10-R19, P10-R09?"),
    ],
)
def test_an_unknown_rule_id_is_refused_in_the_players_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    """``phase10 rules P10-R99`` names the nearest ids (P10-R29 ...) in the reader's words."""
    status, out, err = _run(monkeypatch, capsys, ["rules", "--lang", lang, "P10-R99"])
    assert (status, out) == (2, "")
    assert err == said + "\n"
