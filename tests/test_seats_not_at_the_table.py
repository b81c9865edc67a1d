"""A move that names a seat not at the table ("hit R5 on 9.9", "discard S to 7", "extend
7H on 9.9") is refused with the reason a player can act on, in the turn's order, never
with the engine's own words for the object; the game stays as it was."""

from __future__ import annotations

from typing import Any

import pytest

from phase10.games import get
from phase10.kernel.errors import IllegalActionError


def _after(name: str, profile: str, seed: int, moves: list[str]) -> Any:
    game = get(name)
    state = game.new_game(game.find_rules(profile), 3, seed)
    for move in moves:
        state = game.apply(state, game.parse_action(move))
    return state


def _refusal(name: str, state: Any, text: str) -> IllegalActionError:
    game = get(name)
    before = game.digest(state)
    with pytest.raises(IllegalActionError) as refused:
        game.apply(state, game.parse_action(text))
    assert game.digest(state) == before
    assert "(" not in str(refused.value)  # no Hit(card=...) or any other engine object
    return refused.value


def test_phase10_hits_and_skips_at_seats_not_at_the_table() -> None:
    """Before the draw: draw first (D-19). After it: no hit before the phase is down
    (P10-R21); a card not held is named (P10-R13); a Skip at a seat not at the table must
    go to another player, and only a Skip goes to anyone (P10-R25)."""
    state = _after("phase10", "standard", 5, [])
    assert _refusal("phase10", state, "hit R5 on 9.9").rule == "D-19"
    assert _refusal("phase10", state, "discard S to 7").rule == "D-19"
    drawn = _after("phase10", "standard", 5, ["draw"])
    assert _refusal("phase10", drawn, "hit R5 on 9.9").rule == "P10-R21"
    hand = {str(card) for card in drawn.players[drawn.current].hand}
    plain = next(card for card in sorted(hand) if card not in ("S", "W"))
    missing = next(c for c in ("R1", "R2", "B1", "B2", "Y1", "G1") if c not in hand)
    refused = _refusal("phase10", drawn, f"discard {missing} to 7")
    assert refused.rule == "P10-R13"
    assert str(refused).endswith(f"you have no {missing} to discard")
    refused = _refusal("phase10", drawn, f"discard {plain} to 7")
    assert refused.rule == "P10-R25"
    assert "only a Skip" in str(refused)


def test_programmes_additions_to_seats_not_at_the_table() -> None:
    """Before the draw: take a card first (AMZ-R10); before the reveal: reveal first
    (AMZ-R22)."""
    state = _after("programmes", "programmes", 5, [])
    assert _refusal("programmes", state, "extend 7H on 9.9").rule == "AMZ-R10"
    drawn = _after("programmes", "programmes", 5, ["draw"])
    assert _refusal("programmes", drawn, "extend 7H on 9.9").rule == "AMZ-R22"
