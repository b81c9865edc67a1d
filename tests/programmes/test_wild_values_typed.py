"""A wild's value typed by the player is the player's choice: a value no legal move gives it
is refused with the rule, never read as one of the other values (E-15, AMZ-R25)."""

from __future__ import annotations

import pytest

from phase10.explain import explain_illegal
from phase10.games.programmes.actions import parse_programme_action
from phase10.games.programmes.legal import check_action, legal_actions
from phase10.games.programmes.state import ProgrammeState
from phase10.kernel.errors import IllegalActionError
from phase10.online.moves import Found, Nothing, Table, resolve

from .helpers import deal, play


def _run_on_table() -> ProgrammeState:
    state = deal(
        ["3H 4H 5H 6H 7D 8H 2C", "4S 6H 8D 10C QS AH 5D"], draw="KC", programs=["PRG-08", "PRG-08"]
    )
    return play(state, "draw", "reveal run 3H 4H 5H 6H")


def test_e15_a_typed_wild_value_no_move_gives_is_no_move() -> None:
    """E-15: on the run 3-6 a wild stands for 2 or 7; ``extend 2C=4 1`` is neither move."""
    state = _run_on_table()
    entries = [{"action": {}, "text": str(a)} for a in legal_actions(state)]
    table = Table(hand=["8H", "7D", "2C", "KC"], names=["Ann", "Bob"], groups=[(0, 0)])
    assert resolve("extend 2C=4 1", entries, table) == Nothing()
    assert resolve("extend 2c=4 on 0.0", entries, table) == Nothing()
    found = resolve("extend 2C=7 1", entries, table)
    assert isinstance(found, Found)
    assert found.entry["text"] == "extend 2C=7 on 0.0"


def test_e15_the_refusal_names_the_value_and_the_values_allowed() -> None:
    """E-15: the refusal says what the wild cannot stand for and what it may stand for."""
    state = _run_on_table()
    with pytest.raises(IllegalActionError) as info:
        check_action(state, parse_programme_action("extend 2C=4 on 0.0"))
    assert info.value.rule == "E-15"
    assert explain_illegal(info.value) == (
        "Not allowed (E-15): 2♣ cannot stand for 4 on the run 3-6 of hearts:"
        " there it may stand for 2, 7."
    )


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("meld set JK JK", "E-14"),
        ("meld set JK JK 2C", "AMZ-R17"),
        ("meld set 7H 8H JK", "AMZ-R15"),
        ("reveal set JK JK 2C", "AMZ-R17"),
    ],
)
def test_amz_r17_a_set_no_wild_value_can_make_is_refused_with_its_rule(
    text: str, rule: str
) -> None:
    """AMZ-R17 (a natural card in every combination), AMZ-R15 (one value), E-14 (a new set
    of 3): a set of wilds alone, or of two values, is refused for what it lacks, never
    answered with "say what each wild stands for" (no value would make it a set)."""
    state = deal(
        ["3H 4H 5H 6H JK JK 2C", "4S 6H 8D 10C QS AH 5D"], draw="KC", programs=["PRG-08", "PRG-08"]
    )
    state = play(state, "draw")
    if text.startswith("meld"):
        state = play(state, "reveal run 3H 4H 5H 6H")
    with pytest.raises(IllegalActionError) as info:
        check_action(state, parse_programme_action(text))
    assert info.value.rule == rule, str(info.value)
