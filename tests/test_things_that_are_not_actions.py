"""What is not an action of the game at all (the string "draw", ``None``, a number, the other
game's action) is refused as such (P10-R13, E-25) at every stage of a turn, with the state
unchanged: "draw a card first" (D-19) would send a bot writer looking for a bug in the
order of their turn."""

from __future__ import annotations

import pytest

from phase10 import apply_action, find_variant, new_game
from phase10.games.phase10.actions import Draw
from phase10.games.programmes.actions import DiscardCard
from phase10.games.programmes.cards import parse_playing_cards
from phase10.kernel.errors import IllegalActionError

NOT_ACTIONS = ["draw", None, 0, DiscardCard(parse_playing_cards("7H")[0])]


@pytest.mark.parametrize("thing", NOT_ACTIONS, ids=repr)
@pytest.mark.parametrize("drawn", [False, True], ids=["before the draw", "after the draw"])
def test_phase10_refuses_what_is_not_an_action_as_such(thing: object, drawn: bool) -> None:
    state = new_game(find_variant("standard"), players=3, seed=7)
    if drawn:
        state = apply_action(state, Draw())
    before = state.digest()
    with pytest.raises(IllegalActionError) as refused:
        apply_action(state, thing)  # type: ignore[call-overload]
    assert refused.value.rule == "P10-R13"
    assert str(refused.value).endswith("is not an action of this game")
    assert state.digest() == before
