"""The terminal shows a programmes card with its suit's sign (``8♠``), read the same in every
language, where the suit letters (S H D C) are English; a player may type a card either way
(AMZ-R01: the cards and their notation). Phase 10's colour letters stay its cards' faces."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from cli_run import play_lines
from phase10.online.moves import Found, Table, resolve
from phase10.tui.online_table import card_text

#: A programmes card in the letters of its notation, standing alone.
_LETTERS = re.compile(r"(?<![\w=])(?:10|[2-9AJQK])[SHDC](?![\w])")

_play = play_lines


def _programmes(tmp_path: Path, lang: str = "en") -> tuple[str, ...]:
    return (
        "--game",
        "programmes",
        "--seed",
        "3",
        "--lang",
        lang,
        "--save",
        str(tmp_path / "g.json"),
    )


def test_amz_r01_the_line_mode_shows_the_hand_moves_and_news_with_signs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = _play(monkeypatch, capsys, ["h", "d", "discard", "?", "q"], *_programmes(tmp_path))
    lines = [line.removeprefix("> ") for line in out.splitlines()]
    hands = [line for line in lines if line.startswith("Your hand:")]
    assert hands, out
    for line in hands:
        assert not _LETTERS.search(line), line
        assert re.search(r"\d+:(?:10|[2-9AJQK])[♠♥♦♣]", line), line
    assert "\n1: discard 5♠\n2: discard 8♠\n" in out
    drew = [line for line in lines if line.startswith("You drew ")]
    assert drew, out
    assert not _LETTERS.search(drew[0]), drew
    assert re.search(r"[♠♥♦♣]|JK", drew[0]), drew
    # ``?`` says the hand's cards in words, each after its face as the hand shows it.
    assert "8♠ eight of spades" in out


@pytest.mark.parametrize("typed", ["défausser 8♠", "défausser 8S", "défausser 8s", "x 8♤"])
def test_amz_r01_a_card_is_typed_with_its_sign_or_its_letter(
    typed: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    out = _play(monkeypatch, capsys, ["d", typed, "q"], *_programmes(tmp_path, "fr"))
    assert "Vous avez défaussé 8♠." in out


def test_amz_r01_a_move_typed_as_shown_is_the_move_offered() -> None:
    legal: list[dict[str, Any]] = [
        {"action": {}, "text": t}
        for t in ("discard 8S", "discard 10H", "extend JK=9 on 0.0", "meld set 7S 7H JK=7")
    ]
    table = Table(hand=("8S", "10H", "JK", "7S", "7H"), names=("Ann", "Bob"), groups=[(0, 0)])
    for typed, meant in [
        ("discard 10♥", "discard 10H"),
        ("discard 10♥\ufe0f", "discard 10H"),
        ("extend jk=9 1", "extend JK=9 on 0.0"),
        ("meld set 7♥ 7♠ JK", "meld set 7S 7H JK=7"),
    ]:
        found = resolve(typed, legal, table)
        assert isinstance(found, Found), typed
        assert found.entry["text"] == meant


def test_amz_r01_the_full_screen_draws_a_card_as_shown() -> None:
    card = {"code": "8S", "shown": "8♠", "suit": "spades"}
    assert card_text(card).plain == "8♠"
    # A Phase 10 card has no shown form: its notation is its face.
    assert card_text({"code": "R7", "suit": "red"}).plain == "R7"


def test_phase10_cards_keep_their_colour_letters_in_the_line_mode(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = _play(
        monkeypatch,
        capsys,
        ["d", "discard", "q"],
        "--seed",
        "3",
        "--save",
        str(tmp_path / "p.json"),
    )
    assert re.search(r"\n1: discard [RGBY]\d+\n", out), out
    assert not re.search(r"[♠♥♦♣]", out)


def test_amz_r01_the_help_says_a_card_is_typed_with_its_letter_or_its_sign(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = _play(monkeypatch, capsys, ["?", "q"], *_programmes(tmp_path))
    assert "S H D C (spades, hearts," in out
    assert "♠ ♥ ♦ ♣: 8S and 8♠ are the same" in out
    phase10 = _play(monkeypatch, capsys, ["?", "q"], "--save", str(tmp_path / "p.json"))
    assert "♠" not in phase10


@pytest.mark.parametrize("lang", ["en", "fr", "de", "nl"])
def test_amz_r01_the_rules_say_a_card_is_typed_with_its_letter_or_its_sign(lang: str) -> None:
    rules = (Path(__file__).resolve().parent.parent / "docs" / "rules" / f"{lang}.md").read_text(
        encoding="utf-8"
    )
    written = rules[: rules.index("`JK=7`") + 400]
    assert "`8S`" in written
    assert "`8♠`" in written
    assert all(f"`{sign}`" in written for sign in "♠♥♦♣")
