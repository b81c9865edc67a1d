"""Issue 17, points 10, 11 and 13 (and issue 16 bug 12): bounds on what the commands accept,
progress on long runs, the programmes finder's cost, and the deck check's message."""

from __future__ import annotations

import pytest

from phase10.api import find_variant
from phase10.games.phase10.cards import full_deck
from phase10.games.programmes.cards import programme_deck
from phase10.kernel.errors import RulesError


@pytest.mark.parametrize("game", ["phase10", "programmes"])
def test_a_duplicated_card_in_a_preset_deck_is_named_with_the_missing_one(game: str) -> None:
    """Issue 17 point 13: "(got 108 cards)" said nothing; the card twice and the card missing
    are named."""
    from phase10 import games

    found = games.get(game)
    rules = find_variant("standard" if game == "phase10" else "programmes")
    deck = list(full_deck() if game == "phase10" else programme_deck())
    twice, gone = deck[0], deck[-1]
    deck[-1] = twice
    with pytest.raises(RulesError) as caught:
        found.new_game(rules, 2, 1, deck=deck)
    message = str(caught.value)
    assert f"too many: {twice} (3 instead of 2)" in message
    assert f"missing: {gone}" in message
    assert "\n" not in message
