"""The programmes game shows each card with its suit's sign (``9♥``), read the same in every
language, where the notation's suit letters (S H D C) are English; what is saved, sent or
typed keeps the letters, and a card typed or pasted as it is shown reads back as that card
(AMZ-R01: the 108 cards and their notation)."""

from __future__ import annotations

import pytest

from phase10.games.programmes.actions import parse_programme_action
from phase10.games.programmes.cards import CARD_SHOWN, parse_playing_cards, shown_notation
from phase10.games.programmes.combos import Combination


def test_amz_r01_every_card_is_shown_with_its_suit_sign() -> None:
    assert CARD_SHOWN[:3] == ("A♠", "2♠", "3♠")
    assert (CARD_SHOWN[9], CARD_SHOWN[11 + 13], CARD_SHOWN[12 + 39], CARD_SHOWN[52]) == (
        "10♠",
        "Q♥",
        "K♣",
        "JK",
    )


@pytest.mark.parametrize(
    ("notation", "shown"),
    [
        ("8S", "8♠"),
        ("run 8S 9S JK=10S 2D=JS", "run 8♠ 9♠ JK=10♠ 2♦=J♠"),
        ("set QC QD JK=Q", "set Q♣ Q♦ JK=Q"),
        ("extend AS=A+ on 1.0", "extend A♠=A+ on 1.0"),
        ("reveal set 8S 8H 8D JK=8 | run 3C 4C 5C", "reveal set 8♠ 8♥ 8♦ JK=8 | run 3♣ 4♣ 5♣"),
        ("discard 10H", "discard 10♥"),
        ("draw", "draw"),
        ("swap", "swap"),
    ],
)
def test_amz_r01_notation_is_shown_with_signs_and_nothing_else_changes(
    notation: str, shown: str
) -> None:
    assert shown_notation(notation) == shown


def test_amz_r01_a_card_typed_with_its_sign_is_that_card() -> None:
    letters = parse_playing_cards("8S QD 10H JK AC")
    assert parse_playing_cards("8♠ q♦ 10♥ jk a♣") == letters
    # White signs and an emoji's presentation selector, as a web page may paste them.
    assert parse_playing_cards("8♤ Q♢ 10♥\ufe0f JK A♧") == letters


def test_amz_r01_a_move_typed_as_shown_is_the_move() -> None:
    assert str(parse_programme_action("discard 8♠")) == "discard 8S"
    assert str(parse_programme_action("meld run 8♠ 9♠ jk=10♠")) == "meld run 8S 9S JK=10S"
    assert str(parse_programme_action("extend 2♦=10 on 0.1")) == "extend 2D=10 on 0.1"
    assert str(Combination.parse("run 8♠ 9♠ 2♦=10♠")) == "run 8S 9S 2D=10S"
