"""The engine API says what is wrong with an argument of the wrong kind instead of failing
deep inside with Python's own TypeError or AttributeError: a seat given as text, a phase
given as its number (which ``find_phase`` now takes: the phases are numbered, A.3)."""

from __future__ import annotations

import pytest

from phase10 import find_phase, find_variant, laydowns, new_game, parse_cards, view_for
from phase10.match import Match, NotYourTurnError, Seat


def test_a_seat_given_as_text_is_refused_by_name() -> None:
    state = new_game(find_variant("standard"), 2, 1)
    with pytest.raises(ValueError, match=r"a seat is a whole number from 0 to 1, not '0'"):
        view_for(state, "0")  # type: ignore[call-overload]
    match = Match.start(find_variant("standard"), [Seat("Ann", None), Seat("Bob", None)], 1)
    with pytest.raises(NotYourTurnError, match="a seat is a whole number, not '0'"):
        match.play("0", match.legal[0], match.version)  # type: ignore[arg-type]


def test_find_phase_takes_a_phase_or_its_number_and_refuses_anything_else() -> None:
    rules = find_variant("standard+even_phases")
    cards = parse_cards("R4 B4 Y4 G4 R9 B9 Y9 G9 W S")
    assert find_phase(cards, 2, rules) == find_phase(cards, rules.phases[0], rules)
    with pytest.raises(ValueError, match=r"there is no phase 3 in these rules: phases 2, 4,"):
        find_phase(cards, 3, rules)
    with pytest.raises(TypeError, match=r"phase: expected a Phase of rules\.phases or its number"):
        find_phase(cards, "2", rules)  # type: ignore[arg-type]


def test_laydowns_takes_a_phase_or_its_number_as_find_phase_does() -> None:
    """A.3: the phases are numbered, so every lay-down of phase 2 is asked for as ``2`` too;
    a number not in play, or text, is refused by name, not with an AttributeError."""
    rules = find_variant("standard")
    cards = parse_cards("W R4 B5 Y6 G9 G9 Y9 S")
    ways = laydowns(cards, 2, rules)
    assert ways == laydowns(cards, rules.phases[1], rules)
    assert len(ways) == 2
    with pytest.raises(ValueError, match=r"there is no phase 11 in these rules: phases 1 to 10"):
        laydowns(cards, 11, rules)
    with pytest.raises(TypeError, match=r"phase: expected a Phase of rules\.phases or its number"):
        laydowns(cards, True, rules)
