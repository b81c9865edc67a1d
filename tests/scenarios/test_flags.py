"""Scripted scenarios with fixed decks for every value of every flag of rules B.1.

Seat 0 always plays first (``first_dealer=youngest_starts``) unless the test is about the
first dealer. Test names cite the flag and the value they exercise.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from phase10.api import find_variant
from phase10.games.phase10.actions import Action, Discard, Draw, Hit, LayDown, Source, parse_action
from phase10.games.phase10.cards import full_deck, parse_cards
from phase10.games.phase10.rules import (
    FirstDealer,
    NaturalCardScope,
    Phase3Variant,
    Phase10Variant,
    PhaseSequence,
    Progression,
    RuleSet,
    SkipDelivery,
    SkipLimit,
    SkipTarget,
    Tiebreak,
)
from phase10.games.phase10.scoring import score_cards
from phase10.games.phase10.state import EventKind, GameState, Stage
from phase10.games.phase10.turns import apply_action, current_phase, legal_actions, new_game
from phase10.games.phase10.variants import PROFILES
from phase10.kernel.errors import IllegalActionError

from .helpers import Deal, accounted_cards, event_kinds, play, rules, scenario

E = EventKind
FULL = Counter(full_deck())

# Hands that hold no phase of the early game: pairs of odd numbers, and a mix of 2, 8, 10-12.
F0 = "R1 B1 R3 B3 R5 B5 R7 B7 R9 B9"
F1 = "Y1 G1 Y3 G3 Y5 G5 Y7 G7 Y9 G9"
F2 = "R11 B11 Y12 G12 R10 B10 Y2 G2 R8 B8"
#: 100 points left in hand.
HIGH = "R10 B10 Y10 G10 R11 B11 Y11 G11 Y12 B12"
#: Phase 1 with four cards to hit: drawing R12, the holder goes out in one turn.
GO_OUT = "R4 B4 Y4 G4 R6 B6 Y6 G6 R4 R6"
#: Phase 2 (set of 3 + run of 4) with three cards to hit.
GO_OUT_2 = "R4 B4 Y4 G4 R6 B7 Y8 G9 R4 W"


def go_out(seat: int, last: str = "R12") -> tuple[str, ...]:
    """The turn that takes ``GO_OUT`` out (after drawing ``last``)."""
    return (
        "draw",
        "lay set R4 B4 Y4 | set R6 B6 Y6",
        f"hit G4 on {seat}.0",
        f"hit R4 on {seat}.0",
        f"hit G6 on {seat}.1",
        f"hit R6 on {seat}.1",
        f"discard {last}",
    )


def go_out_2(seat: int, phase: str = "", last: str = "R12") -> tuple[str, ...]:
    """The turn that takes ``GO_OUT_2`` out with phase 2 (after drawing ``last``)."""
    return (
        "draw",
        f"lay {phase}set R4 B4 Y4 | run R6 B7 Y8 G9",
        f"hit G4 on {seat}.0",
        f"hit R4 on {seat}.0",
        f"hit W=10 on {seat}.1",
        f"discard {last}",
    )


def illegal(state: GameState, action: str) -> IllegalActionError:
    """Apply ``action``, expect ``IllegalActionError``, and check that nothing changed."""
    before = state.digest()
    parsed = parse_action(action)
    assert parsed not in legal_actions(state)
    with pytest.raises(IllegalActionError) as info:
        apply_action(state, parsed)
    assert state.digest() == before
    return info.value


def legal(state: GameState, action: str) -> GameState:
    parsed = parse_action(action)
    assert parsed in legal_actions(state) or isinstance(parsed, (LayDown, Hit))
    return apply_action(state, parsed)


def laydowns_listed(state: GameState) -> list[LayDown]:
    return [a for a in legal_actions(state) if isinstance(a, LayDown)]


# ---------------------------------------------------------------------------- phase3_variant


def _phase3(flag: Phase3Variant) -> GameState:
    r = rules(phase3_variant=flag)
    deal = Deal(["R8 B8 Y8 G8 Y9 B10 Y11 G12 W R2", F1], turned_up="R12", draw="R8")
    return play(scenario(r, deal, phase_index=(2, 0)), "draw")


def test_flag_phase3_variant_set4_run4_accepts_set_of_4() -> None:
    state = _phase3(Phase3Variant.SET4_RUN4)
    phase = current_phase(state, 0)
    assert phase is not None
    assert (phase.number, phase.description) == (3, "set of 4 + run of 4")
    state = legal(state, "lay set R8 B8 Y8 G8 | run Y9 B10 Y11 G12")
    assert event_kinds(state) == [E.LAID_DOWN]
    assert state.players[0].laid == 2


def test_flag_phase3_variant_set5_run4_needs_set_of_5() -> None:
    state = _phase3(Phase3Variant.SET5_RUN4)
    phase = current_phase(state, 0)
    assert phase is not None
    assert (phase.number, phase.description) == (3, "set of 5 + run of 4")
    illegal(state, "lay set R8 B8 Y8 G8 | run Y9 B10 Y11 G12")
    assert all(len(a.groups[0].cards) == 5 for a in laydowns_listed(state))
    state = legal(state, "lay set R8 B8 Y8 G8 R8 | run Y9 B10 Y11 G12")
    assert state.players[0].laid == 2


# ---------------------------------------------------------------------------- phase10_variant

PHASE10_HAND = "R8 B8 Y8 G8 R10 B10 Y10 G10 W W"


def _phase10(flag: Phase10Variant) -> GameState:
    r = rules(phase10_variant=flag)
    deal = Deal([PHASE10_HAND, F1], turned_up="R12", draw="R8")
    return play(scenario(r, deal, phase_index=(9, 0)), "draw")


def test_flag_phase10_variant_set4_set3_completes_the_game() -> None:
    state = _phase10(Phase10Variant.SET4_SET3)
    phase = current_phase(state, 0)
    assert phase is not None
    assert phase.description == "set of 4 + set of 3"
    state = play(
        state,
        "lay set R8 B8 Y8 G8 | set R10 B10 Y10",
        "hit G10 on 0.1",
        "hit W on 0.0",
        "hit W on 0.1",
        "discard R8",
    )
    assert state.stage is Stage.OVER
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.reason) == (0, "only_finisher")
    assert state.outcome.totals == (0, score_cards(parse_cards(F1)))


def test_flag_phase10_variant_set5_set3_rejects_set_of_4() -> None:
    state = _phase10(Phase10Variant.SET5_SET3)
    phase = current_phase(state, 0)
    assert phase is not None
    assert phase.description == "set of 5 + set of 3"
    illegal(state, "lay set R8 B8 Y8 G8 | set R10 B10 Y10")
    state = legal(state, "lay set R8 B8 Y8 G8 R8 | set R10 B10 Y10")
    assert state.players[0].laid == 9


# ---------------------------------------------------------------------------- phase_sequence

SET_RUN_HAND = "R4 B4 Y4 R6 B7 Y8 G9 R1 B1 R3"


def test_flag_phase_sequence_all_starts_on_phase_1() -> None:
    r = rules(phase_sequence=PhaseSequence.ALL)
    assert [p.number for p in r.phases] == list(range(1, 11))
    state = play(scenario(r, Deal([SET_RUN_HAND, F1], turned_up="R12", draw="G1")), "draw")
    phase = current_phase(state, 0)
    assert phase is not None
    assert phase.number == 1
    illegal(state, "lay set R4 B4 Y4 | run R6 B7 Y8 G9")


def test_flag_phase_sequence_even_starts_on_phase_2() -> None:
    r = rules(phase_sequence=PhaseSequence.EVEN)
    assert [p.number for p in r.phases] == [2, 4, 6, 8, 10]
    state = play(scenario(r, Deal([SET_RUN_HAND, F1], turned_up="R12", draw="G1")), "draw")
    phase = current_phase(state, 0)
    assert phase is not None
    assert phase.number == 2
    state = legal(state, "lay set R4 B4 Y4 | run R6 B7 Y8 G9")
    assert state.players[0].laid == 0


def test_flag_phase_sequence_odd_moves_from_phase_1_to_phase_3() -> None:
    r = rules(phase_sequence=PhaseSequence.ODD)
    assert [p.number for p in r.phases] == [1, 3, 5, 7, 9]
    state = play(scenario(r, Deal([GO_OUT, F1], turned_up="R12", draw="R12")), *go_out(0))
    assert E.HAND_ENDED in event_kinds(state)
    assert state.hand_number == 1
    after, stayed = current_phase(state, 0), current_phase(state, 1)
    assert after is not None
    assert after.number == 3
    assert stayed is not None
    assert stayed.number == 1


# ---------------------------------------------------------------------------- phase_count


def test_flag_phase_count_1_ends_the_game_after_the_first_phase() -> None:
    r = rules(phase_count=1)
    assert [p.number for p in r.phases] == [1]
    state = play(scenario(r, Deal([GO_OUT, F1], turned_up="R12", draw="R12")), *go_out(0))
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.reason, state.outcome.hands) == (
        0,
        "only_finisher",
        1,
    )
    assert event_kinds(state)[-1] is E.GAME_OVER
    assert legal_actions(state) == ()


def test_flag_phase_count_all_plays_on_after_the_first_phase() -> None:
    r = rules(phase_count=None)
    assert len(r.phases) == 10
    state = play(scenario(r, Deal([GO_OUT, F1], turned_up="R12", draw="R12")), *go_out(0))
    assert state.outcome is None
    assert state.hand_number == 1
    assert state.players[0].phase_index == 1


def test_flag_phase_count_cuts_the_configured_sequence() -> None:
    r = rules(phase_sequence=PhaseSequence.EVEN, phase_count=2)
    assert [p.number for p in r.phases] == [2, 4]
    assert r.final_phase.number == 4


# ---------------------------------------------------------------------------- progression


def test_flag_progression_on_completion_moves_up_only_who_laid_down() -> None:
    r = rules(progression=Progression.ON_COMPLETION)
    state = play(scenario(r, Deal([GO_OUT, F1], turned_up="R12", draw="R12")), *go_out(0))
    assert [p.phase_index for p in state.players] == [1, 0]
    assert [p.score for p in state.players] == [0, 50]
    ended = [e for e in state.events if e.kind is E.HAND_ENDED]
    assert ended
    assert ended[0].scores == (0, 50)


def test_flag_progression_every_hand_moves_everyone_up_and_lowest_total_wins() -> None:
    # Two phases: seat 0 goes out with phase 1 while seat 1 keeps HIGH (100 points); in
    # hand 2 seat 1 goes out with phase 2 while seat 0 keeps F0 (50 points).
    r = rules(progression=Progression.EVERY_HAND, phase_count=2)
    first = Deal([GO_OUT, HIGH], turned_up="R12", draw="R12")
    second = Deal([F0, GO_OUT_2], turned_up="R12", draw="R12")
    state = play(scenario(r, first, second), *go_out(0))
    # Seat 1 never laid phase 1 down, and still plays phase 2 in hand 2 (B.4.1).
    assert state.hand_number == 1
    assert state.outcome is None
    assert [p.score for p in state.players] == [0, 100]
    for seat in (0, 1):
        phase = current_phase(state, seat)
        assert phase is not None
        assert phase.number == 2
    assert state.current == 1  # the deal passed left: seat 0 dealt, seat 1 plays first
    illegal(play(state, "draw"), "lay set R4 B4 Y4 | set G4 R4 W")  # phase 1 is behind
    state = play(state, *go_out_2(1))
    # The game lasts exactly two hands; the lowest total wins, not the last to go out.
    assert state.outcome is not None
    assert state.outcome.totals == (50, 100)
    assert (state.outcome.winner, state.outcome.reason, state.outcome.hands) == (
        0,
        "lowest_total",
        2,
    )


PICK_FIRST = Deal([GO_OUT_2, F1], turned_up="R12", draw="R12")


def test_flag_progression_pick_any_requires_naming_the_phase() -> None:
    r = rules(progression=Progression.PICK_ANY, phase_count=2)
    state = play(scenario(r, PICK_FIRST), "draw")
    assert current_phase(state, 0) is None
    error = illegal(state, "lay set R4 B4 Y4 | run R6 B7 Y8 G9")
    assert error.rule == "D-34"
    # The hand holds phase 2 and phase 1 (set R4 B4 Y4 | set G4 R4 W): both are offered.
    assert {a.phase for a in laydowns_listed(state)} == {1, 2}
    state = legal(state, "lay phase 2: set R4 B4 Y4 | run R6 B7 Y8 G9")
    assert state.players[0].completed == 0b10


def test_flag_progression_pick_any_each_phase_only_once() -> None:
    r = rules(progression=Progression.PICK_ANY, phase_count=2)
    # Hand 2 (seat 1 plays first): seat 0 holds phase 2 again and phase 1.
    second = Deal(["R4 B4 Y4 G4 R6 B6 Y6 B7 Y8 G9", F1], turned_up="R12", draw="Y1 R6")
    state = play(scenario(r, PICK_FIRST, second), *go_out_2(0, "phase 2: "))
    assert state.hand_number == 1
    assert state.outcome is None
    state = play(state, "draw", "discard Y1", "draw")
    assert state.current == 0
    error = illegal(state, "lay phase 2: set R4 B4 Y4 | run R6 B7 Y8 G9")
    assert error.rule == "D-34"
    assert {a.phase for a in laydowns_listed(state)} == {1}
    state = legal(state, "lay phase 1: set R4 B4 Y4 | set R6 B6 Y6")
    assert state.players[0].completed == 0b11


def test_flag_progression_pick_any_wins_once_every_phase_is_done() -> None:
    r = rules(progression=Progression.PICK_ANY, phase_count=2)
    second = Deal([GO_OUT, F1], turned_up="R12", draw="Y1 R12")
    state = play(scenario(r, PICK_FIRST, second), *go_out_2(0, "phase 2: "))
    state = play(state, "draw", "discard Y1")
    turn = list(go_out(0))
    turn[1] = "lay phase 1: set R4 B4 Y4 | set R6 B6 Y6"
    state = play(state, *turn)
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.reason, state.outcome.hands) == (
        0,
        "only_finisher",
        2,
    )


# ---------------------------------------------------------------------------- skip_target

SKIPPER = "S R1 B1 R3 B3 R5 B5 R7 B7 R9"
DRAWS = "G4 Y4 G6 Y6 G8 Y8 G10 Y10 R12 B12 R2 B2"


def _three(r: RuleSet, seat0: str = SKIPPER, seat1: str = F1, turned_up: str = "R12") -> GameState:
    return scenario(r, Deal([seat0, seat1, F2], turned_up=turned_up, draw=DRAWS))


def test_flag_skip_target_chosen_skips_the_named_player() -> None:
    state = play(_three(rules(skip_target=SkipTarget.CHOSEN)), "draw")
    error = illegal(state, "discard S")
    assert error.rule == "P10-R25"
    state = legal(state, "discard S to 2")
    assert state.current == 1
    assert next(e for e in state.events if e.kind is E.SKIPPED_PLAYER).target == 2
    state = play(state, "draw", "discard Y4")
    assert event_kinds(state) == [E.DISCARDED, E.TURN_LOST, E.TURN_STARTED]
    assert state.events[1].seat == 2
    assert state.current == 0


def test_flag_skip_target_next_always_skips_the_next_player() -> None:
    state = play(_three(rules(skip_target=SkipTarget.NEXT)), "draw")
    assert illegal(state, "discard S to 2").rule == "P10-R25"
    state = legal(state, "discard S")
    assert [e.target for e in state.events if e.kind is E.SKIPPED_PLAYER] == [1]
    assert [e.seat for e in state.events if e.kind is E.TURN_LOST] == [1]
    assert state.current == 2


# ---------------------------------------------------------------------------- skip_delivery


def test_flag_skip_delivery_discard_puts_the_skip_on_the_pile() -> None:
    state = play(_three(rules(skip_delivery=SkipDelivery.DISCARD)), "draw", "discard S to 2")
    assert state.discard_pile[-1] == parse_cards("S")[0]
    assert state.players[2].skip_pending
    assert not state.players[2].skip_placed
    assert legal_actions(state) == (Draw(Source.DRAW_PILE),)
    assert illegal(state, "take").rule == "D-07"


def test_flag_skip_delivery_placed_leaves_the_discard_pile_until_the_lost_turn() -> None:
    state = _three(rules(skip_delivery=SkipDelivery.PLACED))
    state = play(state, "draw", "discard S to 2")
    # B.4.2: the Skip lies in front of seat 2; the discard pile is as it was.
    assert state.discard_pile == parse_cards("R12")
    assert state.players[2].skip_placed
    assert state.players[2].skip_pending
    assert parse_cards("S")[0] not in state.players[0].hand
    assert accounted_cards(state) == FULL
    assert Draw(Source.DISCARD_PILE) in legal_actions(state)
    state = legal(state, "take")
    state = play(state, "discard R12")
    # Seat 2's whole turn moves the Skip onto the discard pile; seat 0 cannot take it.
    assert [e.seat for e in state.events if e.kind is E.TURN_LOST] == [2]
    assert state.discard_pile[-1] == parse_cards("S")[0]
    assert not state.players[2].skip_placed
    assert not state.players[2].skip_pending
    assert state.current == 0
    assert accounted_cards(state) == FULL
    assert legal_actions(state) == (Draw(Source.DRAW_PILE),)
    assert illegal(state, "take").rule == "D-07"


# ---------------------------------------------------------------------------- skip_limit

TWO_SKIPS = "S S R1 B1 R3 B3 R5 B5 R7 B7"
ONE_SKIP = "S Y1 G1 Y3 G3 Y5 G5 Y7 G7 Y9"


def _limit(limit: SkipLimit) -> GameState:
    """Seat 0 skips seat 2; seat 1 is next, holding a Skip too."""
    state = scenario(rules(skip_limit=limit), Deal([TWO_SKIPS, ONE_SKIP, F2], "R12", DRAWS))
    return play(state, "draw", "discard S to 2", "draw")


def test_flag_skip_limit_per_circuit_blocks_pending_and_just_skipped_targets() -> None:
    state = _limit(SkipLimit.PER_CIRCUIT)
    assert illegal(state, "discard S to 2").rule == "P10-R26"
    state = play(state, "discard Y4", "draw")  # seat 2 loses its turn; seat 0 draws
    assert state.current == 0
    assert state.players[2].skip_lost
    assert illegal(state, "discard S to 2").rule == "P10-R26"
    state = play(state, "discard G6", "draw", "discard Y6", "draw", "discard G8", "draw")
    # Seat 2 has played a turn since: a new circuit, so it may be skipped again.
    assert state.current == 0
    assert not state.players[2].skip_lost
    state = legal(state, "discard S to 2")
    assert state.players[2].skip_pending


def test_flag_skip_limit_per_hand_blocks_second_skip() -> None:
    state = _limit(SkipLimit.PER_HAND)
    assert illegal(state, "discard S to 2").rule == "B.4.3"
    state = play(state, "discard Y4", "draw", "discard G6", "draw", "discard Y6", "draw")
    state = play(state, "discard G8", "draw")
    assert state.current == 0
    assert not state.players[2].skip_lost
    refused = illegal(state, "discard S to 2")
    assert refused.rule == "B.4.3"
    # Once a hand, not "yet": the refusal says the limit, as no turn played lifts it.
    assert "already been skipped in this hand" in str(refused), refused
    assert "yet" not in str(refused)
    assert Discard(parse_cards("S")[0], 1) in legal_actions(state)


def test_flag_skip_limit_per_hand_counts_the_turned_up_skip() -> None:
    # D-13: the turned-up Skip is a Skip against seat 0, so seat 0 is spent for this hand.
    state = scenario(rules(skip_limit=SkipLimit.PER_HAND), Deal([F0, ONE_SKIP, F2], "S", DRAWS))
    assert state.current == 1
    assert state.players[0].skip_targeted
    state = play(state, "draw", "discard G4", "draw", "discard Y4", "draw", "discard G6")
    state = play(state, "draw")
    assert state.current == 1
    assert illegal(state, "discard S to 0").rule == "B.4.3"
    assert legal_actions(state).count(Discard(parse_cards("S")[0], 2)) == 1


def test_flag_skip_limit_pending_only_blocks_only_a_waiting_skip() -> None:
    state = _limit(SkipLimit.PENDING_ONLY)
    refused = illegal(state, "discard S to 2")
    assert refused.rule == "B.4.3"
    assert "a Skip is still waiting in front of that player" in str(refused), refused
    state = play(state, "discard Y4", "draw")
    # Seat 2 has just lost a turn and has no Skip waiting: it may be skipped again at once.
    assert state.current == 0
    assert state.players[2].skip_lost
    state = legal(state, "discard S to 2")
    state = play(state, "draw", "discard Y6")
    assert [e.seat for e in state.events if e.kind is E.TURN_LOST] == [2]


def test_flag_skip_limit_none_allows_a_second_skip_on_a_waiting_one() -> None:
    state = _limit(SkipLimit.NONE)
    assert illegal(state, "discard S to 1").rule == "P10-R25"  # never yourself
    state = legal(state, "discard S to 2")
    assert [e.target for e in state.events if e.kind is E.SKIPPED_PLAYER] == [2]
    assert [e.seat for e in state.events if e.kind is E.TURN_LOST] == [2]
    assert state.current == 0
    assert accounted_cards(state) == FULL


def test_flag_skip_limit_none_with_placed_skips_keeps_every_card() -> None:
    """Two Skips placed in front of one player (skip_limit=none, skip_delivery=placed):
    both cards stay in the game (P10-R01) and both reach the discard pile (B.4.2)."""
    r = rules(skip_limit=SkipLimit.NONE, skip_delivery=SkipDelivery.PLACED)
    state = scenario(r, Deal([TWO_SKIPS, ONE_SKIP, F2], "R12", DRAWS))
    state = play(state, "draw", "discard S to 2", "draw", "discard S to 2")
    assert accounted_cards(state) == FULL
    for step in ("draw", "discard G6", "draw", "discard Y6"):
        state = play(state, step)
        assert accounted_cards(state) == FULL
    # However many turns the stacked Skips cost, both are on the discard pile by now.
    assert state.current == 0
    assert not state.players[2].skip_placed
    assert state.discard_pile.count(parse_cards("S")[0]) == 2


# ---------------------------------------------------------------------------- skip_can_go_out

SKIP_LAST = "R4 B4 Y4 R6 B6 Y6 G4 G6 R4 S"
SKIP_LAST_TURN = (
    "draw",
    "lay set R4 B4 Y4 | set R6 B6 Y6",
    "hit G4 on 0.0",
    "hit G6 on 0.1",
    "hit R4 on 0.0",
)


def _skip_last(flag: bool) -> GameState:
    state = scenario(rules(skip_can_go_out=flag), Deal([SKIP_LAST, F1], "R12", "R6 Y12 W"))
    return play(state, *SKIP_LAST_TURN)


def test_flag_skip_can_go_out_true_allows_going_out_with_a_skip() -> None:
    state = play(_skip_last(True), "hit R6 on 0.1")
    assert state.players[0].hand == parse_cards("S")
    state = legal(state, "discard S")
    kinds = event_kinds(state)
    assert E.WENT_OUT in kinds
    assert E.SKIPPED_PLAYER not in kinds
    assert state.hand_number == 1
    assert [p.score for p in state.players] == [0, 50]


def test_flag_skip_can_go_out_false_keeps_the_skip_from_being_last() -> None:
    state = _skip_last(False)
    assert illegal(state, "hit R6 on 0.1").rule == "D-09"
    state = legal(state, "discard R6")
    assert state.current == 1
    assert state.players[0].hand == parse_cards("S")
    state = play(state, "draw", "discard Y12", "draw")
    # Hitting the drawn wild would leave only the Skip; the Skip may go, keeping the wild.
    assert state.players[0].hand == parse_cards("W S")
    assert illegal(state, "hit W on 0.0").rule == "D-09"
    assert not any(isinstance(a, Hit) for a in legal_actions(state))
    state = legal(state, "discard S to 1")
    assert state.players[0].hand == parse_cards("W")


# -------------------------------------------------------------------------- wild_from_discard


def _wild_turned_up(flag: bool) -> GameState:
    """Seat 0 first, a W turned up to start the discard pile (P10-R11)."""
    return scenario(rules(wild_from_discard=flag), Deal([F0, F1], "W", "R12 Y12"))


def test_flag_wild_from_discard_true_lets_the_turned_up_wild_be_taken() -> None:
    """D-06 and P10-R11: by default the first player may take the turned-up wild."""
    state = _wild_turned_up(True)
    assert Draw(Source.DISCARD_PILE) in legal_actions(state)
    state = legal(state, "take")
    assert parse_cards("W")[0] in state.players[0].hand


def test_flag_wild_from_discard_false_refuses_every_wild_on_the_pile() -> None:
    """Decision 0032: under the house rule no wild on the discard pile is taken, the
    turned-up one nor one discarded later; the refusal names D-06 and changes nothing, and
    the card under a wild stays out of reach until another card covers the wild."""
    state = _wild_turned_up(False)
    assert legal_actions(state) == (Draw(Source.DRAW_PILE),)
    error = illegal(state, "take")
    assert error.rule == "D-06"
    assert "wild on the discard pile cannot be taken" in str(error)
    state = legal(state, "draw")
    state = legal(state, "discard R1")
    # Seat 1 may take the R1 that covers the wild, and seat 0 then the Y1 discarded on it.
    assert Draw(Source.DISCARD_PILE) in legal_actions(state)
    state = play(state, "take", "discard Y1")
    assert state.discard_pile == parse_cards("W Y1")
    assert Draw(Source.DISCARD_PILE) in legal_actions(state)
    # A wild seat 0 holds may still be discarded (D-06); seat 1 may not take it.
    state = scenario(rules(wild_from_discard=False), Deal(["W " + F0[3:], F1], "R12", "R11"))
    state = play(state, "draw", "discard W")
    assert state.discard_pile[-1] == parse_cards("W")[0]
    assert illegal(state, "take").rule == "D-06"
    assert legal_actions(state) == (Draw(Source.DRAW_PILE),)


def test_flag_wild_from_discard_false_computers_and_playouts_draw_instead() -> None:
    """Decision 0032: facing the turned-up wild under the house rule, every computer level
    and the search's fast playout policy (which picks its draw without listing the legal
    moves) draw from the draw pile; by default the playout policy takes the wild."""
    from phase10.bots import make_bot
    from phase10.games.phase10.rollout import policy_action
    from phase10.games.phase10.view import view_for

    take, draw = Draw(Source.DISCARD_PILE), Draw(Source.DRAW_PILE)
    assert policy_action(_wild_turned_up(True), random.Random(1)) == take
    state = _wild_turned_up(False)
    assert policy_action(state, random.Random(1)) == draw
    for level in ("easy", "medium", "hard", "expert:50it"):
        assert make_bot(level).choose(view_for(state, 0), random.Random(1)) == draw, level


# ------------------------------------------------------------- hit_others_on_laydown_turn


def _hit_others(flag: bool) -> GameState:
    seat0 = "R4 B4 Y4 R6 B6 Y6 R1 B1 R3 B3"
    seat1 = "R8 B8 Y8 R10 B10 Y10 G4 Y1 G1 Y3"
    r = rules(hit_others_on_laydown_turn=flag)
    state = scenario(r, Deal([seat0, seat1], "R12", "R12 G8 Y12 G12"))
    state = play(state, "draw", "lay set R4 B4 Y4 | set R6 B6 Y6", "discard R12", "draw")
    return play(state, "lay set R8 B8 Y8 | set R10 B10 Y10")


def test_flag_hit_others_on_laydown_turn_true_allows_hitting_others() -> None:
    state = legal(_hit_others(True), "hit G4 on 0.0")
    assert len(state.table[0][0].cards) == 4


def test_flag_hit_others_on_laydown_turn_false_allows_only_own_groups() -> None:
    state = _hit_others(False)
    assert illegal(state, "hit G4 on 0.0").rule == "D-18"
    assert all(a.owner == 1 for a in legal_actions(state) if isinstance(a, Hit))
    state = legal(state, "hit G8 on 1.0")
    state = play(state, "discard Y1", "draw", "discard Y12", "draw")
    state = legal(state, "hit G4 on 0.0")
    assert len(state.table[0][0].cards) == 4


# ---------------------------------------------------------------- go_out_requires_discard


def _last_hit(flag: bool) -> GameState:
    state = scenario(rules(go_out_requires_discard=flag), Deal([GO_OUT, F1], "R12", "W"))
    return play(state, *go_out(0)[:-1])


def test_flag_go_out_requires_discard_false_goes_out_by_hitting() -> None:
    state = _last_hit(False)
    assert state.players[0].hand == parse_cards("W")
    state = legal(state, "hit W on 0.0")
    assert event_kinds(state)[:3] == [E.HIT, E.WENT_OUT, E.HAND_ENDED]
    assert state.hand_number == 1


def test_flag_go_out_requires_discard_true_needs_a_final_discard() -> None:
    state = _last_hit(True)
    assert illegal(state, "hit W on 0.0").rule == "D-20"
    assert legal_actions(state) == (Discard(parse_cards("W")[0]),)
    state = legal(state, "discard W")
    assert event_kinds(state)[:3] == [E.DISCARDED, E.WENT_OUT, E.HAND_ENDED]


def test_flag_go_out_requires_discard_true_forbids_emptying_the_hand_by_laying_down() -> None:
    r = rules(go_out_requires_discard=True, phase_sequence=PhaseSequence.EVEN)
    # Phase 8 needs 7 of one colour; holding 11 greens, a lay-down of all 11 would empty
    # the hand (its extra cards only enlarge the required group, P10-R18).
    greens = "G1 G2 G3 G4 G5 G6 G7 G8 G9 G10"
    state = scenario(r, Deal([greens, F0], "R12", "G11"), phase_index=(3, 0))
    state = play(state, "draw")
    assert illegal(state, f"lay colour {greens} G11").rule == "D-20"
    state = legal(state, f"lay colour {greens}")
    assert state.players[0].hand == parse_cards("G11")


# ---------------------------------------------------------------------------- tiebreak


def _tied(flag: Tiebreak, third: Deal) -> GameState:
    """``every_hand`` over two phases; seat 1 keeps 50 points in hand 1, seat 0 keeps 50 in
    hand 2: a tie, so hand 3 is the tie-break (seat 1 dealt, seat 0 plays first)."""
    r = rules(progression=Progression.EVERY_HAND, phase_count=2, tiebreak=flag)
    first = Deal([GO_OUT, F1], turned_up="R12", draw="R12")
    second = Deal([F0, GO_OUT_2], turned_up="R12", draw="R12")
    state = play(scenario(r, first, second, third), *go_out(0), *go_out_2(1))
    assert state.outcome is None
    assert state.tiebreak
    assert [p.score for p in state.players] == [50, 50]
    tie = [e for e in state.events if e.kind is E.TIEBREAK]
    assert tie
    assert tie[0].scores == (0, 1)
    assert state.current == 0
    return state


def test_flag_tiebreak_replay_first_out_first_to_go_out_wins() -> None:
    state = _tied(Tiebreak.REPLAY_FIRST_OUT, Deal([GO_OUT_2, F1], "R12", "R12"))
    phase = current_phase(state, 0)
    assert phase is not None
    assert phase.number == 2
    turn = go_out_2(0)
    state = play(state, *turn[:2])
    assert state.outcome is None  # laying down is not enough
    state = play(state, *turn[2:])
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.reason) == (0, "tiebreak_out")
    assert state.outcome.totals == (50, 50)  # D-29: totals do not change


def test_flag_tiebreak_replay_first_laydown_first_to_lay_down_wins() -> None:
    hand = "R8 B8 Y8 G8 R8 R10 B10 Y10 R1 B1"
    state = _tied(Tiebreak.REPLAY_FIRST_LAYDOWN, Deal([hand, F1], "R12", "G1"))
    phase = current_phase(state, 0)
    assert phase is not None
    assert phase.description == "set of 5 + set of 3"
    state = play(state, "draw")
    illegal(state, "lay set R8 B8 Y8 | set R10 B10 Y10")
    state = legal(state, "lay set R8 B8 Y8 G8 R8 | set R10 B10 Y10")
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.reason) == (0, "tiebreak_laydown")
    assert state.outcome.totals == (50, 50)


@pytest.mark.parametrize("flag", list(Tiebreak))
def test_flag_tiebreak_only_the_tied_players_are_dealt_in(flag: Tiebreak) -> None:
    """D-29: seat 2 (highest total) sits out the tie-break between seats 0 and 1."""
    r = rules(progression=Progression.EVERY_HAND, phase_count=2, tiebreak=flag)
    first = Deal([GO_OUT, F1, HIGH], turned_up="R12", draw="R12")
    second = Deal([F0, GO_OUT_2, F2], turned_up="R12", draw="R12")
    third = Deal([GO_OUT_2, F1, None], turned_up="R12", draw="R12")
    state = play(scenario(r, first, second, third), *go_out(0), *go_out_2(1))
    assert [p.score for p in state.players] == [50, 50, 100 + score_cards(parse_cards(F2))]
    assert state.tiebreak
    assert [p.dealt_in for p in state.players] == [True, True, False]
    assert state.players[2].hand == ()
    assert [len(p.hand) for p in state.players] == [10, 10, 0]
    assert accounted_cards(state) == FULL
    state = play(state, "draw", "discard R12", "draw", "discard Y1")
    assert state.current == 0  # seat 2 is passed over


# ---------------------------------------------------------------------------- natural_card_scope


def _naturals(scope: NaturalCardScope, hand: str) -> GameState:
    state = scenario(rules(natural_card_scope=scope), Deal([hand, F1], "R12", "R12"))
    return play(state, "draw")


def test_flag_natural_card_scope_per_group_needs_a_natural_in_each_group() -> None:
    state = _naturals(NaturalCardScope.PER_GROUP, "W W W R4 B4 Y4 R1 B1 R3 B3")
    assert illegal(state, "lay set W=7 W=7 W=7 | set R4 B4 Y4").rule == "P10-R07"
    state = legal(state, "lay set R4 B4 W | set R3 B3 W")
    assert state.players[0].laid == 0


def test_flag_natural_card_scope_per_phase_needs_one_natural_in_all() -> None:
    state = _naturals(NaturalCardScope.PER_PHASE, "W W W R4 B4 Y4 R1 B1 R3 B3")
    state = legal(state, "lay set W=7 W=7 W=7 | set R4 B4 Y4")
    assert [g.naturals for g in state.table[0]] == [0, 3]


@pytest.mark.parametrize("scope", list(NaturalCardScope))
def test_flag_natural_card_scope_never_allows_a_phase_of_wilds_only(
    scope: NaturalCardScope,
) -> None:
    state = _naturals(scope, "W W W W W W R1 B1 R3 B3")
    illegal(state, "lay set W=7 W=7 W=7 | set W=4 W=4 W=4")
    listed = laydowns_listed(state)
    assert listed
    assert all(any(c.is_natural for c in a.cards) for a in listed)


# ---------------------------------------------------------------------------- first_dealer


@pytest.mark.parametrize("flag", [FirstDealer.ANY, FirstDealer.HIGH_CARD])
def test_flag_first_dealer_any_and_high_card_are_seeded(flag: FirstDealer) -> None:
    r = RuleSet(first_dealer=flag)
    dealers = set()
    for seed in range(40):
        state = new_game(r, players=4, seed=seed)
        assert 0 <= state.dealer < 4
        assert new_game(r, players=4, seed=seed).dealer == state.dealer
        turned = [e for e in state.events if e.kind is E.TURNED_UP]
        assert turned
        assert turned[0].seat == (state.dealer + 1) % 4
        dealers.add(state.dealer)
    assert dealers == {0, 1, 2, 3}


def test_flag_first_dealer_youngest_starts_seat_0_plays_first() -> None:
    r = RuleSet(first_dealer=FirstDealer.YOUNGEST_STARTS)
    for players in range(2, 7):
        for seed in range(5):
            state = new_game(r, players=players, seed=seed)
            assert state.dealer == players - 1
            turned = [e for e in state.events if e.kind is E.TURNED_UP]
            assert turned
            assert turned[0].seat == 0


# ---------------------------------------------------------------------------- whole games


def _progressive(rng: random.Random, state: GameState) -> Action:
    actions = legal_actions(state)
    progress = [a for a in actions if isinstance(a, (LayDown, Hit))]
    return rng.choice(progress) if progress else rng.choice(actions)


@pytest.mark.parametrize("profile", list(PROFILES))
def test_every_profile_plays_a_whole_seeded_game(profile: str) -> None:
    state = new_game(find_variant(profile), players=3, seed=11)
    rng = random.Random(11)
    totals = [0, 0, 0]
    for _ in range(20_000):
        if state.outcome is not None:
            break
        action = _progressive(rng, state)
        assert isinstance(action, (Draw, LayDown, Hit, Discard))
        state = apply_action(state, action)
        assert all(p.score >= t for p, t in zip(state.players, totals, strict=True))
        totals = [p.score for p in state.players]
        if state.stage is not Stage.OVER:
            assert accounted_cards(state) == FULL
    assert state.outcome is not None, f"{profile}: no winner after 20000 decisions"
    assert state.outcome.totals == tuple(totals)
