"""Malformed actions of every action type of both games.

``Discard(999)``, ``Discard(None)``, a bool, a negative or huge code, a string, a float or a
tuple in any field, a group or combination built from junk: ``is_legal`` answers False,
``check_action`` and ``apply_action`` raise ``IllegalActionError`` naming a rule id, and the
state is unchanged. Actions whose fields are all well formed but wrong still get the game's
own answer (these properties only ask that it be an ``IllegalActionError`` or a legal move).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from phase10.api import apply_action, check_action, find_variant, is_legal, legal_actions, new_game
from phase10.games.phase10.actions import Discard, Draw, Hit, LayDown
from phase10.games.phase10.groups import Group
from phase10.games.programmes.actions import DiscardCard, Extend, Meld, Reveal, SwapProgram
from phase10.games.programmes.combos import Combination
from phase10.kernel.errors import IllegalActionError
from phase10.kernel.kinds import Kind

#: A rule id as the rules documents write them (P10-R13, AMZ-R22, D-19, E-25).
RULE_ID = re.compile(r"^(P10-R|AMZ-R|D-|E-)\d+$")


def _states(rules: str) -> list[Any]:
    """A game just dealt (draw stage) and the same game after a draw (play stage)."""
    start = new_game(find_variant(rules), 3, 7)
    drawn = apply_action(start, next(a for a in legal_actions(start) if isinstance(a, Draw)))
    return [start, drawn]


STATES = {"phase10": _states("standard"), "programmes": _states("programmes")}

#: Values no field of an action may hold.
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=-1),
    st.integers(min_value=50, max_value=2**70),
    st.text(max_size=3),
    st.floats(allow_nan=True),
    st.tuples(st.integers(-3, 60)),
    st.just(object()),
)
#: A field's value: junk, or a plausible small number (so mixed actions are drawn too).
FIELD = st.one_of(JUNK, st.integers(min_value=0, max_value=60))
JUNK_TUPLE = st.one_of(JUNK, st.lists(FIELD, max_size=4).map(tuple))


def _groups(cls: Any, extra: int) -> st.SearchStrategy[Any]:
    kinds = st.one_of(st.sampled_from(list(Kind)), JUNK)
    fields = [kinds, JUNK_TUPLE, JUNK_TUPLE] + [FIELD] * extra
    one = st.tuples(*fields).map(lambda f: cls(*f))
    return st.one_of(JUNK, one, st.lists(st.one_of(one, JUNK), max_size=3).map(tuple))


PHASE10_ACTIONS = st.one_of(
    JUNK.map(Draw),
    st.builds(Discard, JUNK, st.one_of(st.none(), FIELD)),
    st.builds(Discard, FIELD, JUNK),
    st.builds(Hit, JUNK, FIELD, FIELD, FIELD),
    st.builds(Hit, FIELD, JUNK, FIELD, FIELD),
    st.builds(Hit, FIELD, FIELD, JUNK, FIELD),
    st.builds(Hit, FIELD, FIELD, FIELD, JUNK),
    st.builds(LayDown, _groups(Group, 0), st.one_of(st.none(), FIELD)),
    st.builds(LayDown, st.just(()), JUNK),
)
PROGRAMMES_ACTIONS = st.one_of(
    JUNK.map(Draw),
    st.builds(DiscardCard, JUNK),
    st.builds(Extend, JUNK, FIELD, FIELD, FIELD),
    st.builds(Extend, FIELD, JUNK, FIELD, FIELD),
    st.builds(Extend, FIELD, FIELD, JUNK, FIELD),
    st.builds(Extend, FIELD, FIELD, FIELD, JUNK),
    st.builds(Reveal, _groups(Combination, 1)),
    _groups(Combination, 1).map(Meld),
    st.just(SwapProgram()),
    JUNK,
)


def _malformed_answer(state: Any, action: Any) -> None:
    digest = state.digest()
    legal = is_legal(state, action)
    assert isinstance(legal, bool)
    for run in (check_action, apply_action):
        if legal:
            run(state, action)  # well formed and legal after all: it must simply play
            continue
        with pytest.raises(IllegalActionError) as caught:
            run(state, action)
        assert RULE_ID.match(caught.value.rule), caught.value.rule
    assert state.digest() == digest


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(action=PHASE10_ACTIONS, stage=st.sampled_from([0, 1]))
def test_phase10_malformed_actions_are_illegal(action: Any, stage: int) -> None:
    _malformed_answer(STATES["phase10"][stage], action)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(action=PROGRAMMES_ACTIONS, stage=st.sampled_from([0, 1]))
def test_programmes_malformed_actions_are_illegal(action: Any, stage: int) -> None:
    _malformed_answer(STATES["programmes"][stage], action)


@pytest.mark.parametrize(
    ("game", "action"),
    [
        ("phase10", Discard(999)),  # type: ignore[arg-type]
        ("phase10", Discard(None)),  # type: ignore[arg-type]
        ("phase10", Discard(True)),  # type: ignore[arg-type]
        ("phase10", Discard(-1)),  # type: ignore[arg-type]
        ("phase10", Discard(10**400)),  # type: ignore[arg-type]
        ("phase10", Discard(49, 999)),  # type: ignore[arg-type]
        ("phase10", Hit(0, -1, 0, 1)),  # type: ignore[arg-type]
        ("phase10", LayDown(None)),  # type: ignore[arg-type]
        ("programmes", DiscardCard(999)),  # type: ignore[arg-type]
        ("programmes", DiscardCard(None)),  # type: ignore[arg-type]
        ("programmes", Extend(0, -1, 0)),  # type: ignore[arg-type]
        ("programmes", Meld(None)),  # type: ignore[arg-type]
        ("programmes", Reveal((None,))),  # type: ignore[arg-type]
    ],
)
def test_known_malformed_actions_are_illegal_in_play(game: str, action: Any) -> None:
    """Known malformed actions, in the play stage, where each reaches its field checks."""
    state = STATES[game][1]
    digest = state.digest()
    assert is_legal(state, action) is False
    with pytest.raises(IllegalActionError) as caught:
        check_action(state, action)
    assert RULE_ID.match(caught.value.rule)
    with pytest.raises(IllegalActionError):
        apply_action(state, action)
    assert state.digest() == digest
