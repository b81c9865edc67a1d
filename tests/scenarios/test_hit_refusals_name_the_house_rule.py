"""When a card of the hand fits a group on the table but a house rule bars the hit, the hit
key says which rule (D-20, D-09, D-18), not that nothing fits (P10-R23)."""

from __future__ import annotations

from phase10.games import get
from phase10.games.phase10.actions import Hit
from phase10.games.phase10.state import GameState
from phase10.games.phase10.turns import legal_actions

from .helpers import Deal, play, rules, scenario
from .test_flags import F1, GO_OUT, go_out

NONE_FITS = "None of your cards fits a group you may hit now (P10-R23)."


def _hit_refusal(state: GameState) -> str:
    game = get("phase10")
    assert not any(isinstance(a, Hit) for a in legal_actions(state))
    return game.present(game.view(state, state.current), ["Ann", "Bob"], "en").refusals["hit"]


def test_the_last_card_kept_to_discard_is_said_with_d20() -> None:
    state = scenario(rules(go_out_requires_discard=True), Deal([GO_OUT, F1], "R12", "W"))
    state = play(state, *go_out(0)[:-1])
    assert _hit_refusal(state) == (
        "Keep your last card to discard: under these rules you go out only with a discard (D-20)."
    )


def test_a_skip_that_would_be_left_last_is_said_with_d09() -> None:
    hand = "R4 B4 Y4 R6 B6 Y6 G4 G6 R4 S"
    state = scenario(rules(skip_can_go_out=False), Deal([hand, F1], "R12", "R6 Y12 W"))
    state = play(state, "draw", "lay set R4 B4 Y4 | set R6 B6 Y6", "hit G4 on 0.0", "hit G6 on 0.1")
    state = play(state, "hit R4 on 0.0")
    assert _hit_refusal(state) == (
        "Keep that card: under these rules your last card may not be a Skip (D-09)."
    )


def _laid_beside_others(flag: bool) -> GameState:
    seat0 = "R4 B4 Y4 R6 B6 Y6 R1 B1 R3 B3"
    seat1 = "R8 B8 Y8 R10 B10 Y10 G4 Y1 G1 Y3"
    state = scenario(
        rules(hit_others_on_laydown_turn=flag), Deal([seat0, seat1], "R12", "R12 G2 Y12 G12")
    )
    state = play(state, "draw", "lay set R4 B4 Y4 | set R6 B6 Y6", "discard R12", "draw")
    return play(state, "lay set R8 B8 Y8 | set R10 B10 Y10")


def test_hits_on_others_barred_in_the_lay_down_turn_are_said_with_d18() -> None:
    assert _hit_refusal(_laid_beside_others(False)) == (
        "In the turn you lay down you may hit only your own groups under these rules (D-18)."
    )


def test_standard_rules_still_say_nothing_fits_when_nothing_does() -> None:
    state = _laid_beside_others(True)
    state = play(state, "hit G4 on 0.0")
    assert _hit_refusal(state) == NONE_FITS
