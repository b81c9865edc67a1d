"""The programmes game shows each card with its suit's sign (``9♥``), read the same in every
language, where the notation's suit letters (S H D C) are English; what is saved, sent or
typed keeps the letters, and a card typed or pasted as it is shown reads back as that card
(AMZ-R01: the 108 cards and their notation)."""

from __future__ import annotations

import re

import pytest

from phase10.explain import explain_illegal
from phase10.games import get
from phase10.games.programmes.actions import parse_programme_action
from phase10.games.programmes.cards import (
    CARD_SHOWN,
    PlayingCard,
    parse_playing_cards,
    shown_notation,
)
from phase10.games.programmes.codec import action_to_json
from phase10.games.programmes.combos import Combination, combination_problem
from phase10.games.programmes.legal import check_action
from phase10.games.programmes.narration import describe_programme_event
from phase10.games.programmes.present import present
from phase10.games.programmes.state import ProgrammeEvent, ProgrammeState
from phase10.games.programmes.state import ProgrammeEventKind as K
from phase10.games.programmes.view import view_for
from phase10.kernel.errors import IllegalActionError, NotationError
from phase10.kernel.kinds import Kind
from phase10.kernel.presentation import presentation_to_json

from .helpers import deal, play


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


#: A card in the letters of its notation, anywhere in a text (``8S``, ``JK=10S``, ``2D=JS``).
_LETTERS = re.compile(r"(?<![\w=])(?:10|[2-9AJQK])[SHDC](?![\w])|=(?:10|[2-9AJQK])[SHDC]\b")


def _revealed_run() -> ProgrammeState:
    state = deal(
        ["3H 4H 5H 6H 7D 8H 2C", "4S 6H 8D 10C QS AH 5D"], draw="KC", programs=["PRG-08", "PRG-08"]
    )
    return play(state, "draw", "reveal run 3H 4H 5H 6H")


@pytest.mark.parametrize("lang", ["en", "fr", "de", "nl"])
def test_amz_r01_the_table_is_shown_with_signs_and_sent_back_in_letters(lang: str) -> None:
    """Hand, groups, move labels, prompts and the hint show signs; every code, id, card list
    and action a client sends back stays in the letters."""
    state = _revealed_run()
    shown = present(view_for(state, 0), ["Ann", "Bob"], lang, hint=True)
    assert sorted(f.code for f in shown.hand) == ["2C", "7D", "8H", "KC"]
    assert sorted(str(f.shown) for f in shown.hand) == ["2♣", "7♦", "8♥", "K♣"]
    (run,) = shown.table
    assert (run.text, run.shown) == ("run 3H 4H 5H 6H", "run 3♥ 4♥ 5♥ 6♥")
    assert [c.shown for c in run.cards] == ["3♥", "4♥", "5♥", "6♥"]
    for move in shown.moves:
        assert move.id == str(parse_programme_action(move.id))
        assert move.shown == shown_notation(move.id)
        assert all(_LETTERS.fullmatch(card) for card in move.cards), move.cards
        assert not _LETTERS.search(move.label), move.label
    assert any("8♥" in m.label for m in shown.moves if m.id == "discard 8H")
    assert any("2♣" in m.label for m in shown.moves if m.id.startswith("extend 2C=7"))
    assert shown.hint is not None
    assert not _LETTERS.search(shown.hint.text), shown.hint.text
    assert any("2♣" in p for p in shown.prompts), shown.prompts
    assert not any(_LETTERS.search(p) for p in shown.prompts), shown.prompts
    sent = presentation_to_json(shown)
    assert sent["hand"][0]["shown"]
    assert sent["table"][0]["shown"] == "run 3♥ 4♥ 5♥ 6♥"
    for move in sent["moves"]:
        assert move["action"] == action_to_json(parse_programme_action(move["id"]))


def test_amz_r01_the_discard_top_is_offered_with_its_sign() -> None:
    state = deal(["3H 4H 5H 6H 7D 8H 2C", "4S 6H 8D 10C QS AH 5D"], draw="KC", turned_up="QC")
    shown = present(view_for(state, 0), ["Ann", "Bob"], "fr")
    (take,) = [m for m in shown.moves if m.kind == "take"]
    assert "Q♣" in take.label
    assert "QC" not in take.label
    assert any("Q♣" in p for p in shown.prompts), shown.prompts


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_amz_r01_sentences_in_notation_show_signs(lang: str) -> None:
    drew = ProgrammeEvent(K.DREW, seat=0, cards=parse_playing_cards("8D"))
    said = describe_programme_event(drew, ["Ann"], 0, lang=lang)
    assert "8♦" in said
    assert "8D" not in said
    combo = Combination.parse("run 8S 9S 2D=10S")
    melded = ProgrammeEvent(K.MELDED, seat=1, combos=(combo,))
    said = describe_programme_event(melded, ["Ann", "Bob"], 0, lang=lang)
    assert "8♠ 9♠ 2♦=10♠" in said, said


def test_phase10_cards_have_no_shown_form_and_keep_their_json() -> None:
    """Phase 10's colour letters (R7, W) are its cards' faces: nothing else is sent."""
    game = get("phase10")
    state = game.new_game(game.find_rules("standard"), 2, 1)
    sent = presentation_to_json(game.present(game.view(state, state.current), ["Ann", "Bob"]))
    assert all("shown" not in card for card in sent["hand"])
    assert all("shown" not in move for move in sent["moves"])


def test_amz_r13_a_refusal_names_the_card_with_its_sign() -> None:
    """AMZ-R13 (the turn ends with a discard of a card held), E-15 (a card that fits no
    end): the refusal names the card as the player sees it."""
    state = _revealed_run()
    with pytest.raises(IllegalActionError) as info:
        check_action(state, parse_programme_action("discard 9S"))
    assert info.value.rule == "AMZ-R13"
    assert "9♠" in explain_illegal(info.value, "fr")
    with pytest.raises(IllegalActionError) as info:
        check_action(state, parse_programme_action("extend 7D on 0.0"))
    assert "7♦" in explain_illegal(info.value), explain_illegal(info.value)


def test_amz_r15_a_combination_s_problem_names_the_card_with_its_sign() -> None:
    """AMZ-R15 (a run is of one suit), AMZ-R25 (a natural card stands for itself)."""
    mixed = Combination(Kind.RUN, parse_playing_cards("4H 5H 6H 7D"), (4, 5, 6, 7), 1)
    assert str(combination_problem(mixed)) == "AMZ-R15: 7♦ breaks the one-suit rule of a run (E-11)"
    itself = Combination(Kind.SET, parse_playing_cards("7H 7S 8D"), (7, 7, 7))
    assert "8♦" in str(combination_problem(itself))


def test_amz_r01_a_card_not_read_is_answered_with_both_ways_to_write_one() -> None:
    with pytest.raises(NotationError) as info:
        parse_playing_cards("8S 8X")
    assert "10H" in str(info.value)
    assert "10♥" in str(info.value)
    with pytest.raises(NotationError) as info:
        PlayingCard.from_symbol("8X")
    assert "S, H, D, C or ♠, ♥, ♦, ♣" in str(info.value)
