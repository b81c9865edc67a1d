"""The rulebook's Part D.1 (D-01..D-46), with B.4 flag semantics where a decision names a flag.

Scripted games from fixed decks (see ``helpers.deal``): seat 0 plays first, and the cards
drawn are the ones written in ``draw``. A few end-of-game or impossible-in-practice
situations use synthetic states built with ``evolve``, as the rulebook D-46 asks.
"""

from __future__ import annotations

import pytest

from phase10 import (
    Card,
    Discard,
    Draw,
    EventKind,
    GameState,
    Group,
    Hit,
    IllegalActionError,
    Kind,
    LayDown,
    RulesError,
    RuleSet,
    Source,
    Stage,
    apply_action,
    current_phase,
    find_variant,
    legal_actions,
    new_game,
    outcome,
    parse_groups,
    view_for,
)
from phase10.games.phase10.rules import (
    FirstDealer,
    NaturalCardScope,
    Progression,
    SkipDelivery,
    SkipLimit,
    SkipTarget,
    Tiebreak,
)

from .helpers import (
    JUNK,
    JUNK2,
    JUNK3,
    JUNK_POINTS,
    OUT_P1,
    OUT_P1_LAY,
    OUT_P10,
    OUT_P10_LAY,
    PHASE10_LAY,
    PHASE10_LEFTOVERS,
    cards,
    deal,
    illegal,
    kinds,
    make_deck,
    play,
    scripted,
    set_player,
)

E = EventKind
W = Card.from_symbol("W")
S = Card.from_symbol("S")


def seats(state: GameState) -> list[tuple[EventKind, int]]:
    """The last action's events as (kind, seat)."""
    return [(e.kind, e.seat) for e in state.events]


# ---------------------------------------------------------------------------- groups


def test_d01_runs_stay_within_1_to_12_and_never_wrap() -> None:
    state = deal(["R6 R7 R8 R9 R10 R11 R12 W W B2", JUNK], "Y9", draw="B3")
    state = set_player(state, 0, phase_index=3)  # phase 4: run of 7
    state = play(state, "draw")
    thirteen = Group.make(Kind.RUN, [(c, c.number) for c in cards("R7 R8 R9 R10 R11 R12")])
    thirteen = Group.make(Kind.RUN, [*zip(thirteen.cards, thirteen.values, strict=True), (W, 13)])
    with pytest.raises(IllegalActionError) as info:
        apply_action(state, LayDown((thirteen,)))
    assert info.value.rule == "P10-R04"
    illegal(state, "lay run R10 R11 R12 W=1 B2 B3 W=4", "P10-R04")  # 10-11-12-1-2-3-4
    state = play(state, "lay run R6 R7 R8 R9 R10 R11 R12")
    illegal(state, "hit W=13 on 0.0", "P10-R23")
    state = play(state, "hit W on 0.0")  # only 5 is left: no need to say which end
    assert state.table[0][0].values == tuple(range(5, 13))


def test_d01_a_full_run_of_1_to_12_takes_no_hit() -> None:
    state = deal(["R9 R9 B9 Y9 G9 G9 W W B2 Y1", JUNK], "Y3", draw="B3")
    state = play(state, "draw", "lay set R9 R9 B9 | set Y9 G9 G9")
    full = Group.parse("run B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12")
    state = state.evolve(table=(state.table[0], (full,)))  # synthetic: seat 1 has 1-12 down
    illegal(state, "hit W on 1.0", "P10-R23")
    illegal(state, "hit W=13 on 1.0", "P10-R23")
    illegal(state, "hit Y1 on 1.0", "P10-R23")
    assert not any(isinstance(a, Hit) and a.owner == 1 for a in legal_actions(state))


def test_d02_wilds_at_both_ends_side_by_side_and_in_gaps() -> None:
    state = deal(["R3 R4 R6 W W W W W B9 Y11", JUNK], "Y9", draw="G12")
    state = set_player(state, 0, phase_index=3)
    state = play(state, "draw", "lay run W=2 R3 R4 W=5 R6 W=7 W=8")
    run = state.table[0][0]
    assert run.tokens() == ["W=2", "R3", "R4", "W=5", "R6", "W=7", "W=8"]
    assert run == parse_groups("run W R3 R4 W R6 W W")[0]  # wilds by their place
    illegal(state, "hit W on 0.0", "P10-R23")  # 1 or 9: the player must say
    state = play(state, "hit W=1 on 0.0")
    assert state.table[0][0].values == tuple(range(1, 9))


def test_d03_wild_takes_the_sets_number_or_the_groups_colour() -> None:
    state = deal(["R1 R3 R5 R7 R9 W W B2 Y4 G6", JUNK], "Y9", draw="Y8")
    state = set_player(state, 0, phase_index=7)
    state = play(state, "draw")
    illegal(state, "lay colour R1 R3 R5 R7 R9 W=R W=G", "P10-R05")
    state = play(state, "lay colour R1 R3 R5 R7 R9 W W")
    assert state.table[0][0].values == (0,) * 7
    assert state.table[0][0].tokens()[-2:] == ["W=R", "W=R"]
    other = deal(["R5 B5 W R8 G8 G8 Y1 B2 Y11 G12", JUNK], "Y9", draw="B12")
    other = play(other, "draw", "lay set R5 B5 W | set R8 G8 G8")
    assert other.table[0][0].values == (5, 5, 5)


def test_d04_natural_card_per_group_by_default() -> None:
    state = deal(["R5 B5 G5 W W W W W W Y1", JUNK], "Y9", draw="Y11")
    state = play(state, "draw")
    illegal(state, "lay set R5 B5 G5 | set W=8 W=8 W=8", "P10-R07")
    illegal(state, "lay set W=5 W=5 W=5 | set W=8 W=8 W=8", "P10-R07")


def test_d04_natural_per_phase_flag_still_needs_one_natural() -> None:
    rules = RuleSet(natural_card_scope=NaturalCardScope.PER_PHASE)
    state = deal(["R5 B5 G5 W W W W W W Y1", JUNK], "Y9", draw="Y11", rules=rules)
    state = play(state, "draw")
    illegal(state, "lay set W=5 W=5 W=5 | set W=8 W=8 W=8", "P10-R07")
    state = play(state, "lay set R5 B5 G5 | set W=8 W=8 W=8")
    assert state.table[0][1].naturals == 0


def test_d05_a_wild_on_the_table_is_never_swapped_out() -> None:
    state = deal(["R9 B9 W R3 W R5 G6 Y9 B4 G12", JUNK], "Y1", draw="B11")
    state = set_player(state, 0, phase_index=1)
    state = play(state, "draw", "lay set R9 B9 W | run R3 W=4 R5 G6")
    state = play(state, "hit Y9 on 0.0")  # joins the set; the wild stays in it
    assert state.table[0][0].tokens() == ["R9", "B9", "Y9", "W=9"]
    illegal(state, "hit B4 on 0.1", "P10-R23")
    assert state.table[0][1].tokens() == ["R3", "W=4", "R5", "G6"]
    assert W not in state.players[0].hand


def test_d06_a_wild_may_be_discarded_and_taken_by_the_next_player() -> None:
    state = deal(["W R1 B1 Y4 G4 R7 B7 Y10 G10 R12", JUNK], "Y9", draw="B6")
    state = play(state, "draw", "discard W")
    assert Draw(Source.DISCARD_PILE) in legal_actions(state)
    state = play(state, "take")
    assert kinds(state) == [E.TOOK_DISCARD]
    assert state.events[0].cards == (W,)
    assert W in state.players[1].hand
    assert state.players[1].took == (W,)


def test_d07_a_skip_on_the_discard_pile_is_never_taken() -> None:
    state = deal(["S R1 B1 Y4 G4 R7 B7 Y10 G10 R12", JUNK, JUNK3], "Y9", draw="R6")
    state = play(state, "draw", "discard S to 2")
    assert state.discard_pile[-1] == S
    illegal(state, "take", "D-07")
    assert legal_actions(state) == (Draw(Source.DRAW_PILE),)


def test_d07_after_a_turned_up_skip_the_next_player_draws_from_the_pile() -> None:
    state = deal([JUNK, JUNK2, JUNK3], "S", draw="G6")
    assert state.current == 1
    illegal(state, "take", "D-07")
    state = play(state, "draw")
    assert state.events[0].cards == (Card.from_symbol("G6"),)


# ---------------------------------------------------------------------------- piles


def test_d08_empty_draw_pile_reshuffles_discards_minus_top() -> None:
    state = deal([JUNK, JUNK2], "Y9", draw="R6 R11")
    state = play(state, "draw", "discard R6", "draw", "discard R11")
    below = state.discard_pile[:-1]
    top = state.discard_pile[-1]
    # Synthetic: the draw pile has run out; a fixed order for the reshuffle.
    order = tuple(reversed(below))
    state = state.evolve(draw_pile=(), presets=(*state.presets[:1], order))
    state = play(state, "draw")
    assert kinds(state) == [E.RESHUFFLED, E.DREW]
    assert state.events[1].cards == (order[-1],)
    assert state.discard_pile == (top,)
    assert state.draw_pile == order[:-1]


def test_d08_nothing_left_to_reshuffle_ends_the_hand_with_nobody_out() -> None:
    state = deal(["R5 R5 B5 R8 G8 G8 Y1 B2 Y11 G12", JUNK], "Y9", draw="B12 R6")
    state = play(state, "draw", "lay set R5 R5 B5 | set R8 G8 G8", "discard B12")
    state = play(state, "draw", "discard R6")
    # Synthetic: no draw pile and a discard pile of one card.
    state = state.evolve(draw_pile=(), discard_pile=state.discard_pile[-1:])
    state = play(state, "draw")
    assert E.WENT_OUT not in kinds(state)
    ended = next(e for e in state.events if e.kind is E.HAND_ENDED)
    assert ended.seat == -1
    assert ended.scores == (5 + 5 + 10 + 10, JUNK_POINTS)
    assert [p.score for p in state.players] == [30, JUNK_POINTS]
    assert [p.phase_index for p in state.players] == [1, 0]  # the lay-down still counts
    assert state.hand_number == 1
    assert outcome(state) is None


# ---------------------------------------------------------------------------- Skips


def test_d09_a_skip_may_be_the_card_you_go_out_with() -> None:
    state = deal([OUT_P1, JUNK], "Y9", draw="S")
    state = play(state, "draw", OUT_P1_LAY)
    assert state.players[0].hand == (S,)
    state = play(state, "discard S to 1")
    assert kinds(state)[:3] == [E.DISCARDED, E.WENT_OUT, E.HAND_ENDED]
    assert E.SKIPPED_PLAYER not in kinds(state)
    assert not state.players[1].skip_pending


def test_d09_no_skip_go_out_flag_forbids_it() -> None:
    rules = find_variant("no_skip_go_out")
    state = deal([OUT_P1, JUNK], "Y9", draw="S", rules=rules)
    state = play(state, "draw")
    illegal(state, OUT_P1_LAY, "D-09")
    assert not any(isinstance(a, LayDown) and len(a.cards) == 10 for a in legal_actions(state))
    state = play(state, "lay set R5 R5 B5 B5 Y5 | set R8 R8 B8 B8")
    state = play(state, "discard S to 1")  # not the last card: fine
    assert E.SKIPPED_PLAYER in kinds(state)


def test_d10_two_players_skip_means_playing_again() -> None:
    state = deal(["S R1 B1 Y4 G4 R7 B7 Y10 G10 R12", JUNK], "Y9", draw="R6 R11")
    state = play(state, "draw", "discard S to 1")
    assert seats(state) == [
        (E.DISCARDED, 0),
        (E.SKIPPED_PLAYER, 0),
        (E.TURN_LOST, 1),
        (E.TURN_STARTED, 0),
    ]
    state = play(state, "draw")
    assert state.events[0].cards == (Card.from_symbol("R11"),)


def test_d11_dead_skip_when_nobody_is_eligible() -> None:
    state = deal(["S S R1 B1 Y4 G4 R7 B7 Y10 G10", JUNK], "Y9")
    state = play(state, "draw", "discard S to 1", "draw")
    assert Discard(S) in legal_actions(state)
    assert not any(isinstance(a, Discard) and a.target is not None for a in legal_actions(state))
    state = play(state, "discard S")
    assert E.DEAD_SKIP in kinds(state)
    assert state.current == 1


def test_d11_next_player_mode_ineligible_next_player_means_no_effect() -> None:
    rules = find_variant("skip_next_player")
    state = deal(["S S R1 B1 Y4 G4 R7 B7 Y10 G10", JUNK], "Y9", rules=rules)
    state = play(state, "draw")
    illegal(state, "discard S to 1", "P10-R25")  # no choosing in this mode
    state = play(state, "discard S")
    assert seats(state)[1:3] == [(E.SKIPPED_PLAYER, 0), (E.TURN_LOST, 1)]
    state = play(state, "draw", "discard S")
    assert E.DEAD_SKIP in kinds(state)
    assert state.current == 1


def test_d12_per_circuit_nobody_is_skipped_twice_in_a_circuit() -> None:
    state = deal(["S S R1 B1 Y4 G4 R7 B7 Y10 G10", JUNK, "S R2 B2 Y5 G5 R9 B9 Y11 G11 R3"], "Y9")
    state = play(state, "draw", "discard S to 1")
    assert (E.TURN_LOST, 1) in seats(state)
    state = play(state, "draw")
    illegal(state, "discard S to 1", "P10-R26")
    state = play(state, "discard R2", "draw")
    illegal(state, "discard S to 1", "P10-R26")
    state = play(state, "discard R1")
    assert state.current == 1
    state = play(state, "draw", "discard Y1")  # seat 1 plays a whole turn
    state = play(state, "draw", "discard S to 1")
    assert seats(state)[1:] == [(E.SKIPPED_PLAYER, 2), (E.TURN_STARTED, 0)]
    state = play(state, "draw", "discard B1")
    assert seats(state)[1:] == [(E.TURN_LOST, 1), (E.TURN_STARTED, 2)]


SEAT1_WITH_SKIP = "S Y1 G1 R4 B4 Y7 G7 R10 B10 Y12"


def test_d13_turned_up_skip_counts_per_circuit() -> None:
    state = deal([JUNK2, SEAT1_WITH_SKIP, JUNK3], "S")
    state = play(state, "draw")
    illegal(state, "discard S to 0", "P10-R26")  # seat 0 lost a turn and has not played
    state = play(state, "discard Y1", "draw", "discard R2", "draw", "discard R1", "draw")
    state = play(state, "discard S to 0")  # seat 0 has played since: eligible again
    assert (E.SKIPPED_PLAYER, 1) in seats(state)


def test_d13_turned_up_skip_counts_per_hand() -> None:
    state = deal([JUNK2, SEAT1_WITH_SKIP, JUNK3], "S", rules=find_variant("fr_mattel"))
    assert state.players[0].skip_targeted
    state = play(state, "draw", "discard Y1", "draw", "discard R2", "draw", "discard R1", "draw")
    illegal(state, "discard S to 0", "B.4.3")  # once per hand, turned-up Skip included
    state = play(state, "discard S to 2")
    assert (E.SKIPPED_PLAYER, 1) in seats(state)


def test_b43_pending_only_allows_a_skip_right_after_a_lost_turn() -> None:
    rules = RuleSet(skip_limit=SkipLimit.PENDING_ONLY)
    state = deal(["S S R1 B1 Y4 G4 R7 B7 Y10 G10", JUNK], "Y9", rules=rules)
    state = play(state, "draw", "discard S to 1", "draw", "discard S to 1")
    assert seats(state)[1:] == [(E.SKIPPED_PLAYER, 0), (E.TURN_LOST, 1), (E.TURN_STARTED, 0)]


def test_b43_skip_limit_none_allows_stacking() -> None:
    rules = RuleSet(skip_limit=SkipLimit.NONE)
    state = deal(["S S R1 B1 Y4 G4 R7 B7 Y10 G10", JUNK, JUNK3], "Y9", rules=rules)
    state = play(state, "draw", "discard S to 2")
    state = play(state, "draw", "discard Y1")
    assert state.current == 0  # seat 2's turn was lost
    state = play(state, "draw", "discard S to 2")
    assert (E.SKIPPED_PLAYER, 0) in seats(state)


# ---------------------------------------------------------------------------- laying down


def test_d14_extra_cards_enlarge_groups_then_hit_own_phase_same_turn() -> None:
    state = deal(["R5 R5 B5 Y5 R8 G8 G8 Y8 B1 Y11", JUNK], "Y9", draw="B8")
    state = play(state, "draw")
    illegal(state, "lay set R5 R5 B5 Y5 | set R8 G8 G8 | set Y8 B8", "P10-R18")  # no new group
    state = play(state, "lay set R5 R5 B5 Y5 | set R8 G8 G8", "hit Y8 on 0.1", "hit B8 on 0.1")
    assert [len(g.cards) for g in state.table[0]] == [4, 5]
    assert len(state.table[0]) == 2


def test_d15_phases_are_credited_at_lay_down_for_several_players() -> None:
    state = deal(["R6 R6 B6 R9 G9 G9 Y1 B2 Y11 G12", OUT_P1], "Y3", draw="B12 G3")
    state = play(state, "draw", "lay set R6 R6 B6 | set R9 G9 G9", "discard B12")
    state = play(state, "draw", OUT_P1_LAY)
    assert [p.completed for p in state.players] == [1, 1]
    assert [p.laid for p in state.players] == [0, 0]
    state = play(state, "discard G3")
    assert [p.phase_index for p in state.players] == [1, 1]


def test_d16_colour_group_takes_its_colour_or_a_wild_never_a_skip() -> None:
    state = deal(["G1 G1 G3 G5 G7 G9 G12 G11 R11 S", JUNK2], "Y1", draw="W")
    state = set_player(state, 0, phase_index=7)
    state = play(state, "draw", "lay colour G1 G1 G3 G5 G7 G9 G12")
    illegal(state, "hit R11 on 0.0", "P10-R23")
    illegal(state, "hit S on 0.0", "P10-R23")
    state = play(state, "hit W=G on 0.0", "hit G11 on 0.0")
    assert state.table[0][0].tokens()[-1] == "W=G"
    assert len(state.table[0][0].cards) == 9


def test_d17_run_hits_go_only_at_the_ends_one_after_another() -> None:
    state = deal(["R9 R9 B9 R3 B4 Y5 G6 B2 Y7 G8", JUNK], "Y1", draw="R8")
    state = set_player(state, 0, phase_index=1)
    state = play(state, "draw", "lay set R9 R9 B9 | run R3 B4 Y5 G6")
    illegal(state, "hit G8 on 0.1", "P10-R23")  # not yet adjacent
    state = play(state, "hit B2 on 0.1", "hit Y7 on 0.1", "hit G8 on 0.1")
    assert state.table[0][1].values == tuple(range(2, 9))
    illegal(state, "hit R8 on 0.1", "P10-R23")  # no repeated number
    assert state.players[0].hand == cards("R8")


def test_d18_de_no_hitting_others_in_the_lay_down_turn() -> None:
    rules = find_variant("de_article")
    hitter = "R5 R5 B5 R8 G8 G8 B3 Y5 Y11 G12"
    other = "Y3 G3 R3 R10 B10 Y10 R1 B7 Y6 G9"
    state = deal([hitter, other], "Y9", draw="R2 R12 G10 B6 B12", rules=rules)
    state = play(state, "draw", "discard R2")
    state = play(state, "draw", "lay set Y3 G3 R3 | set R10 B10 Y10", "discard R12")
    state = play(state, "draw", "lay set R5 R5 B5 | set R8 G8 G8")
    illegal(state, "hit G10 on 1.1", "D-18")
    assert not any(isinstance(a, Hit) and a.owner == 1 for a in legal_actions(state))
    state = play(state, "hit Y5 on 0.0", "discard Y11")
    state = play(state, "draw", "discard B6")
    state = play(state, "draw", "hit G10 on 1.1", "hit B3 on 1.0")
    assert [len(g.cards) for g in state.table[1]] == [4, 4]


def test_d18_baseline_allows_hitting_others_in_the_lay_down_turn() -> None:
    state = deal(
        ["R5 R5 B5 R8 G8 G8 B3 Y5 Y11 G12", "Y3 G3 R3 R10 B10 Y10 R1 B7 Y6 G9"],
        "Y9",
        draw="R2 R12 G10",
    )
    state = play(state, "draw", "discard R2")
    state = play(state, "draw", "lay set Y3 G3 R3 | set R10 B10 Y10", "discard R12")
    state = play(state, "draw", "lay set R5 R5 B5 | set R8 G8 G8", "hit G10 on 1.1")
    assert len(state.table[1][1].cards) == 4


def test_d19_draw_first_one_draw_no_hit_before_lay_down() -> None:
    state = deal(["R5 R5 B5 R8 G8 Y1 B2 Y11 G12 B12", JUNK], "Y8", draw="R6")
    illegal(state, "discard Y1", "D-19")
    illegal(state, "lay set R5 R5 B5 | set R8 G8 Y8", "D-19")
    state = play(state, "take")
    illegal(state, "draw", "D-19")
    illegal(state, "take", "D-19")
    illegal(state, "hit Y1 on 0.0", "P10-R21")
    state = play(state, "lay set R5 R5 B5 | set R8 G8 Y8")  # uses the card just taken
    illegal(state, "lay set R5 R5 B5 | set R8 G8 Y8", "P10-R16")
    state = play(state, "discard B12")
    assert state.current == 1
    assert state.stage is Stage.DRAW
    illegal(state, "discard Y1", "D-19")  # the turn is over; seat 1 must draw


def test_d20_going_out_without_a_discard_is_allowed_by_default() -> None:
    state = deal([OUT_P1, JUNK], "Y9", draw="G5")
    state = play(state, "draw", OUT_P1_LAY, "hit G5 on 0.0")
    assert E.WENT_OUT in kinds(state)


def test_d20_de_must_keep_a_card_for_the_closing_discard() -> None:
    state = deal([OUT_P1, JUNK], "Y9", draw="G5", rules=find_variant("de_article"))
    state = play(state, "draw")
    illegal(state, "lay set R5 R5 B5 B5 Y5 G5 | set R8 R8 B8 B8 Y8", "D-20")
    state = play(state, OUT_P1_LAY)
    illegal(state, "hit G5 on 0.0", "D-20")
    assert not any(isinstance(a, Hit) for a in legal_actions(state))
    state = play(state, "discard G5")
    assert kinds(state)[:2] == [E.DISCARDED, E.WENT_OUT]


def test_d21_no_going_out_without_laying_down() -> None:
    state = deal([JUNK, JUNK2], "Y9")
    for _ in range(6):
        seat = state.current
        state = play(state, "draw")
        assert not any(isinstance(a, Hit) for a in legal_actions(state))
        discard = next(a for a in legal_actions(state) if isinstance(a, Discard))
        state = apply_action(state, discard)
        assert len(state.players[seat].hand) == 10
        assert state.hand_number == 0


def test_d22_nobody_plays_after_someone_goes_out() -> None:
    other = "Y3 G3 R3 R10 B10 Y10 R1 B7 Y6 G9"  # holds phase 1 but never gets a turn
    state = deal([OUT_P1, other], "Y9", draw="G11")
    state = play(state, "draw", OUT_P1_LAY, "discard G11")
    ended = next(e for e in state.events if e.kind is E.HAND_ENDED)
    assert ended.scores == (0, 65)
    assert [p.phase_index for p in state.players] == [1, 0]
    assert state.hand_number == 1


# ---------------------------------------------------------------------------- set-up


def test_d23_first_dealer_is_random_by_seed_then_passes_left() -> None:
    dealers = {new_game(RuleSet(), players=4, seed=seed).dealer for seed in range(24)}
    assert dealers == {0, 1, 2, 3}
    for seed in range(5):
        a = new_game(RuleSet(), players=4, seed=seed)
        b = new_game(RuleSet(), players=4, seed=seed)
        assert a.digest() == b.digest()
        assert a.current == (a.dealer + 1) % 4
    assert new_game(scripted(), players=5, seed=3).dealer == 4
    high = new_game(RuleSet(first_dealer=FirstDealer.HIGH_CARD), players=4, seed=3)
    assert high.dealer == new_game(high.rules, players=4, seed=3).dealer


def test_d23_deal_is_one_card_at_a_time_from_the_dealers_left() -> None:
    deck = make_deck([JUNK, JUNK2, JUNK3], "G6")
    state = new_game(RuleSet(), players=3, seed=2, deck=deck)
    first = (state.dealer + 1) % 3
    order = [first, (first + 1) % 3, (first + 2) % 3]
    for hand, seat in zip((JUNK, JUNK2, JUNK3), order, strict=True):
        assert state.players[seat].hand == cards(hand)


@pytest.mark.parametrize("players", [-1, 0, 1, 7, 10])
def test_d24_player_count_outside_2_to_6_is_rejected(players: int) -> None:
    with pytest.raises(RulesError, match="D-24"):
        new_game(RuleSet(), players=players, seed=0)


def test_d24_player_count_must_be_a_whole_number() -> None:
    with pytest.raises(RulesError, match="D-24"):
        new_game(RuleSet(), players=True, seed=0)
    assert new_game(RuleSet(), players=6, seed=0).num_players == 6


def test_d25_a_longer_run_credits_only_the_current_phase() -> None:
    state = deal(["B1 R2 R3 R4 R5 R6 R7 R8 R9 Y11", OUT_P10], "Y9", draw="G11 G12")
    state = set_player(state, 0, phase_index=4)  # phase 5: run of 8; a run of 9 is laid
    state = play(state, "draw", "lay run B1 R2 R3 R4 R5 R6 R7 R8 R9", "discard Y11")
    state = play(state, "draw", "lay set Y3 Y3 G3 G3 R3 | set R10 R10 B10 B10 Y10")
    state = play(state, "discard G12")
    assert state.players[0].completed == 1 << 4
    assert state.players[0].phase_index == 5
    phase = current_phase(state, 0)
    assert phase is not None
    assert phase.number == 6  # phase 6 still to do


def test_d26_no_repeated_number_in_a_run_and_no_card_twice() -> None:
    state = deal(["R3 R4 B4 R5 R6 R7 R8 R9 B1 Y11", JUNK], "Y9", draw="G12")
    state = set_player(state, 0, phase_index=3)
    state = play(state, "draw")
    illegal(state, "lay run R3 R4 B4 R5 R6 R7 R8", "P10-R04")
    state = play(state, "lay run R3 R4 R5 R6 R7 R8 R9")
    assert state.players[0].hand == cards("B4 B1 Y11 G12")


@pytest.mark.parametrize(
    ("phase_index", "lay"),
    [
        (6, "lay set R5 R5 B5 B5 | set Y5 Y5 G5 G5"),
        (8, "lay set R5 R5 B5 B5 Y5 | set Y5 G5"),
        (9, "lay set R5 R5 B5 B5 Y5 | set Y5 G5 G5"),
    ],
)
def test_d27_two_sets_of_the_same_number_in_phases_7_9_10(phase_index: int, lay: str) -> None:
    state = deal(["R5 R5 B5 B5 Y5 Y5 G5 G5 Y1 B2", JUNK2], "Y9", draw="Y11")
    state = set_player(state, 0, phase_index=phase_index)
    state = play(state, "draw", lay)
    assert state.players[0].laid == phase_index
    assert {g.low for g in state.table[0]} == {5}


def test_d28_duplicates_allowed_in_the_colour_phase() -> None:
    state = deal(["G1 G1 G3 G3 G5 G5 G7 R2 B4 Y6", JUNK2], "Y9", draw="Y8")
    state = set_player(state, 0, phase_index=7)
    state = play(state, "draw", "lay colour G1 G1 G3 G3 G5 G5 G7")
    assert state.players[0].laid == 7


# ---------------------------------------------------------------------------- winning


def _tie(rules: RuleSet | None, tiebreak_hands: tuple[str, str], draw: str) -> GameState:
    """Seats 0 and 1 complete phase 10 on 60 points each; seat 2 does not.

    ``tiebreak_hands`` are dealt to seat 1 (first) and seat 0 in the tie-break hand.
    """
    later = make_deck(list(tiebreak_hands), "G12", draw=draw)
    state = deal(
        [PHASE10_LEFTOVERS, OUT_P10, JUNK3], "G12", draw="R2 Y11", rules=rules, later=[later]
    )
    state = set_player(state, 0, phase_index=9, score=50)
    state = set_player(state, 1, phase_index=9, score=60)
    state = set_player(state, 2, phase_index=9, score=0)
    state = play(state, "draw", PHASE10_LAY, "discard R1")
    return play(state, "draw", OUT_P10_LAY, "discard Y11")


def test_d29_only_tied_finishers_are_dealt_into_the_tie_break() -> None:
    state = _tie(None, ("S R1 B1 Y4 G4 R7 B7 Y10 G10 R12", OUT_P10), draw="R6 Y11")
    assert state.tiebreak
    assert [p.dealt_in for p in state.players] == [True, True, False]
    view = view_for(state, 2)
    assert view.hand == ()
    assert view.draw_pile_size == 108 - 21
    assert state.current == 1
    state = play(state, "draw")
    illegal(state, "discard S to 2", "D-29")
    state = play(state, "discard S to 0")
    assert seats(state)[2:] == [(E.TURN_LOST, 0), (E.TURN_STARTED, 1)]


def test_d29_tie_break_hand_changes_no_totals() -> None:
    state = _tie(None, (PHASE10_LEFTOVERS, OUT_P10), draw="R2 Y11")
    state = play(state, "draw", PHASE10_LAY, "discard R1")
    state = play(state, "draw", OUT_P10_LAY, "discard Y11")
    result = outcome(state)
    assert result is not None
    assert (result.winner, result.reason) == (0, "tiebreak_out")
    assert result.totals == (60, 60, 60)
    assert [p.score for p in state.players] == [60, 60, 60]


def test_d30_tiebreak_first_laydown_wins_on_the_spot() -> None:
    rules = RuleSet(tiebreak=Tiebreak.REPLAY_FIRST_LAYDOWN)
    state = _tie(rules, (PHASE10_LEFTOVERS, OUT_P10), draw="R2 Y11")
    assert state.tiebreak
    phase = current_phase(state, 1)
    assert phase is not None
    assert phase.description == "set of 5 + set of 3"
    state = play(state, "draw", PHASE10_LAY)
    result = outcome(state)
    assert result is not None
    assert (result.winner, result.reason) == (1, "tiebreak_laydown")
    assert state.stage is Stage.OVER


def test_d31_only_cards_in_hand_score_not_a_placed_skip() -> None:
    rules = RuleSet(skip_delivery=SkipDelivery.PLACED)
    state = deal(
        ["S R1 B1 Y4 G4 R7 B7 Y10 G10 R12", OUT_P1, JUNK3], "Y9", draw="R6 G3", rules=rules
    )
    state = play(state, "draw", "discard S to 2")
    assert state.players[2].skip_placed
    state = play(state, "draw", OUT_P1_LAY, "discard G3")
    ended = next(e for e in state.events if e.kind is E.HAND_ENDED)
    # Seat 0: R1 B1 Y4 G4 R7 B7 R6 = 35, Y10 G10 R12 = 30. Seat 2: its 60, no Skip.
    assert ended.scores == (65, 0, 60)
    assert [p.score for p in state.players] == [65, 0, 60]


def test_d32_every_hand_tie_is_broken_on_the_final_phase() -> None:
    rules = find_variant("ten_hands")
    state = deal([OUT_P10, JUNK2], "G12", draw="Y11", rules=rules)
    state = state.evolve(hand_number=9)  # synthetic: the last of the ten hands
    state = set_player(state, 0, score=JUNK_POINTS)
    phase = current_phase(state, 0)
    assert phase is not None
    assert phase.number == 10
    state = play(state, "draw", OUT_P10_LAY, "discard Y11")
    assert outcome(state) is None
    tie = next(e for e in state.events if e.kind is E.TIEBREAK)
    assert tie.scores == (0, 1)
    assert state.tiebreak
    phase = current_phase(state, 1)
    assert phase is not None
    assert phase.number == 10


def test_d32_every_hand_lowest_total_wins_without_completing() -> None:
    rules = find_variant("ten_hands")
    state = deal([OUT_P10, JUNK2], "G12", draw="Y11", rules=rules)
    state = state.evolve(hand_number=9)
    state = set_player(state, 0, score=100)
    state = play(state, "draw", OUT_P10_LAY, "discard Y11")
    result = outcome(state)
    assert result is not None
    assert result.winner == 1
    assert result.totals == (100, JUNK_POINTS)


def test_d33_phase_count_makes_the_last_phase_the_final_one() -> None:
    rules = RuleSet(phase_count=3)
    state = deal(["R6 R6 B6 B6 R1 B2 Y3 G4 Y5 G6", JUNK], "Y9", draw="Y8", rules=rules)
    state = set_player(state, 0, phase_index=2)
    state = play(state, "draw", "lay set R6 R6 B6 B6 | run R1 B2 Y3 G4 Y5 G6", "discard Y8")
    result = outcome(state)
    assert result is not None
    assert (result.winner, result.reason) == (0, "only_finisher")
    assert result.hands == 1


def test_d33_de_tie_break_goal_stays_set_5_and_set_3_under_en_phase_10() -> None:
    rules = scripted(find_variant("en_phase10rules"), tiebreak=Tiebreak.REPLAY_FIRST_LAYDOWN)
    state = deal(["R5 R5 B5 B5 R7 R7 B7 G5 R1 Y1", JUNK], "G12", draw="R2", rules=rules)
    state = set_player(state, 0, phase_index=9)
    normal = current_phase(state, 0)
    assert normal is not None
    assert normal.description == "set of 4 + set of 3"
    state = state.evolve(tiebreak=True)  # synthetic: a tie-break hand
    phase = current_phase(state, 0)
    assert phase is not None
    assert phase.description == "set of 5 + set of 3"
    state = play(state, "draw")
    with pytest.raises(IllegalActionError):
        apply_action(state, LayDown(parse_groups("set R5 R5 B5 B5 | set R7 R7 B7")))
    state = play(state, "lay set R5 R5 B5 B5 G5 | set R7 R7 B7")
    result = outcome(state)
    assert result is not None
    assert result.reason == "tiebreak_laydown"


def test_d34_pick_a_phase_names_the_phase_and_credits_only_it() -> None:
    rules = RuleSet(progression=Progression.PICK_ANY)
    state = deal(["R5 R5 B5 B5 R8 R8 B8 B8 Y1 Y11", JUNK], "Y9", draw="G12", rules=rules)
    assert current_phase(state, 0) is None
    state = play(state, "draw")
    illegal(state, "lay set R5 R5 B5 B5 | set R8 R8 B8 B8", "D-34")
    illegal(state, "lay phase 11: set R5 R5 B5 B5 | set R8 R8 B8 B8", "D-34")
    done = set_player(state, 0, completed=1 << 6)
    illegal(done, "lay phase 7: set R5 R5 B5 B5 | set R8 R8 B8 B8", "D-34")
    state = play(state, "lay phase 7: set R5 R5 B5 B5 | set R8 R8 B8 B8")
    assert state.players[0].completed == 1 << 6  # phase 1 is not credited as well
    assert state.players[0].laid == 6
    illegal(state, "lay phase 1: set R5 R5 B5 | set R8 R8 B8", "P10-R16")


def test_d35_en_phase_10_is_a_set_of_4_and_a_set_of_3() -> None:
    en = find_variant("en_phase10rules")
    assert str(en.final_phase) == "Phase 10: set of 4 + set of 3"
    assert str(RuleSet().final_phase) == "Phase 10: set of 5 + set of 3"
    hand = "R5 R5 B5 B5 R7 R7 B7 G12 R1 Y1"
    state = deal([hand, JUNK], "G9", draw="R2", rules=en)
    state = set_player(state, 0, phase_index=9)
    state = play(state, "draw", "lay set R5 R5 B5 B5 | set R7 R7 B7")
    assert state.players[0].laid == 9
    standard = deal([hand, JUNK], "G9", draw="R2")
    standard = play(set_player(standard, 0, phase_index=9), "draw")
    illegal(standard, "lay set R5 R5 B5 B5 | set R7 R7 B7", "P10-R15")


def test_d35_nl_phase_3_is_a_set_of_5_and_a_run_of_4() -> None:
    nl = find_variant("nl_accessible")
    assert str(nl.phases[2]) == "Phase 3: set of 5 + run of 4"
    state = deal(["R9 R9 B9 B9 R1 B2 Y3 G4 Y9 G12", JUNK], "Y6", draw="R11", rules=nl)
    state = set_player(state, 0, phase_index=2)
    state = play(state, "draw")
    illegal(state, "lay set R9 R9 B9 B9 | run R1 B2 Y3 G4", "P10-R15")
    state = play(state, "lay set R9 R9 B9 B9 Y9 | run R1 B2 Y3 G4")
    assert state.players[0].laid == 2


# ---------------------------------------------------------------------------- NL placed Skips


def _placed() -> RuleSet:
    return RuleSet(skip_delivery=SkipDelivery.PLACED, skip_limit=SkipLimit.PENDING_ONLY)


def test_d36_placed_skip_is_the_closing_play_with_cards_left() -> None:
    state = deal(["S R1 B1 Y4 G4 R7 B7 Y10 G10 R12", JUNK, JUNK3], "Y9", draw="R6", rules=_placed())
    state = play(state, "draw", "discard S to 2")
    assert len(state.players[0].hand) == 10  # not the last card
    assert seats(state)[1:] == [(E.SKIPPED_PLAYER, 0), (E.TURN_STARTED, 1)]
    assert state.discard_pile == (Card.from_symbol("Y9"),)  # discard pile unchanged
    assert state.players[2].skip_placed


def test_d37_placed_skip_goes_to_the_discard_pile_on_the_lost_turn() -> None:
    state = deal(["S R1 B1 Y4 G4 R7 B7 Y10 G10 R12", JUNK, JUNK3], "Y9", draw="R6", rules=_placed())
    state = play(state, "draw", "discard S to 2")
    state = play(state, "take")  # the card under the placed Skip is still there
    assert state.events[0].cards == (Card.from_symbol("Y9"),)
    hand_2 = state.players[2].hand
    state = play(state, "discard Y1")
    assert seats(state)[1:] == [(E.TURN_LOST, 2), (E.TURN_STARTED, 0)]
    assert state.discard_pile[-2:] == (Card.from_symbol("Y1"), S)
    assert state.players[2].hand == hand_2
    assert not state.players[2].skip_placed
    illegal(state, "take", "D-07")


def test_d38_a_skipped_player_does_nothing_that_turn() -> None:
    seat2 = "Y3 G3 R3 R10 B10 Y10 R1 B7 Y6 G9"  # could lay phase 1
    state = deal(["S R1 B1 Y4 G4 R7 B7 Y10 G10 R12", JUNK3, seat2], "Y11", draw="R6 G2")
    state = play(state, "draw", "discard S to 2", "draw", "discard G2")
    assert seats(state) == [(E.DISCARDED, 1), (E.TURN_LOST, 2), (E.TURN_STARTED, 0)]
    assert state.players[2].hand == cards(seat2)
    assert state.players[2].laid == -1
    assert state.table[2] == ()


# ---------------------------------------------------------------------------- turns


def test_d39_the_drawn_card_completes_the_phase() -> None:
    state = deal(["R5 R5 B5 R8 G8 Y1 B2 Y11 G12 B12", JUNK], "Y9", draw="Y8")
    state = play(state, "draw")
    assert state.events[0].cards == (Card.from_symbol("Y8"),)
    state = play(state, "lay set R5 R5 B5 | set R8 G8 Y8")
    assert state.players[0].laid == 0


def test_d40_several_hits_on_several_groups_own_and_others() -> None:
    state = deal(
        ["R5 R5 B5 R8 G8 G8 B3 Y5 Y11 G12", "Y3 G3 R3 R10 B10 Y10 R1 B7 Y6 G9"],
        "Y9",
        draw="R2 R12 G10",
    )
    state = play(state, "draw", "discard R2")
    state = play(state, "draw", "lay set Y3 G3 R3 | set R10 B10 Y10", "discard R12")
    state = play(state, "draw", "lay set R5 R5 B5 | set R8 G8 G8")
    state = play(state, "hit G10 on 1.1", "hit Y5 on 0.0", "hit B3 on 1.0")
    assert [e.kind for e in state.events] == [E.HIT]
    assert [len(g.cards) for g in (*state.table[0], *state.table[1])] == [4, 3, 4, 4]


def test_d41_discard_pile_is_visible_but_only_the_top_is_taken() -> None:
    state = deal([JUNK, JUNK2], "Y9", draw="R6 R11")
    state = play(state, "draw", "discard R6", "draw", "discard R11")
    view = view_for(state, 0)
    assert view.discard_pile == cards_in_order("Y9 R6 R11")
    assert view.discard_top == Card.from_symbol("R11")
    state = play(state, "take")
    assert state.events[0].cards == (Card.from_symbol("R11"),)
    assert state.discard_pile == cards_in_order("Y9 R6")


def cards_in_order(text: str) -> tuple[Card, ...]:
    return tuple(Card.from_symbol(t) for t in text.split())


def test_d42_laying_down_is_optional() -> None:
    state = deal(["R5 R5 B5 R8 G8 G8 Y1 B2 Y11 G12", JUNK], "Y9", draw="B12")
    state = play(state, "draw")
    legal = legal_actions(state)
    assert any(isinstance(a, LayDown) for a in legal)
    assert Discard(Card.from_symbol("B12")) in legal
    state = play(state, "discard B12")
    assert state.players[0].laid == -1
    assert state.current == 1


def test_d43_waiting_skips_are_dropped_when_the_hand_ends() -> None:
    state = deal(["S R1 B1 Y4 G4 R7 B7 Y10 G10 R12", OUT_P1, JUNK3], "Y9", draw="R6 G3")
    state = play(state, "draw", "discard S to 2")
    assert state.players[2].skip_pending
    state = play(state, "draw", OUT_P1_LAY, "discard G3")
    assert state.hand_number == 1
    assert not any(p.skip_pending or p.skip_lost or p.skip_targeted for p in state.players)
    assert state.current == 1  # new dealer 0
    state = play(state, "draw")
    state = apply_action(state, Discard(state.players[1].hand[0]))
    assert state.current == 2
    assert E.TURN_LOST not in kinds(state)


def test_d43_placed_skip_is_dropped_when_the_hand_ends() -> None:
    state = deal(
        ["S R1 B1 Y4 G4 R7 B7 Y10 G10 R12", OUT_P1, JUNK3], "Y9", draw="R6 G3", rules=_placed()
    )
    state = play(state, "draw", "discard S to 2")
    state = play(state, "draw", OUT_P1_LAY, "discard G3")
    assert not any(p.skip_placed or p.skip_pending for p in state.players)
    total = len(state.draw_pile) + len(state.discard_pile)
    assert total + sum(len(p.hand) for p in state.players) == 108


def test_d44_discarding_the_card_just_taken_is_legal() -> None:
    state = deal([JUNK, JUNK2], "G9")
    state = play(state, "take")
    assert Discard(Card.from_symbol("G9")) in legal_actions(state)
    state = play(state, "discard G9")
    assert state.players[0].hand == cards(JUNK)
    assert state.discard_pile == (Card.from_symbol("G9"),)
    assert state.current == 1


def test_d45_six_players_leave_47_cards_in_the_draw_pile() -> None:
    state = new_game(RuleSet(), players=6, seed=9)
    assert len(state.draw_pile) == 47
    assert len(state.discard_pile) == 1
    assert sum(len(p.hand) for p in state.players) == 60


def test_d46_one_phase_per_hand_guard_on_a_synthetic_state() -> None:
    state = deal(["R5 R5 B5 R8 G8 G8 Y1 B2 Y11 G12", JUNK], "Y9", draw="B12")
    state = play(state, "draw", "lay set R5 R5 B5 | set R8 G8 G8")
    assert len(state.players[0].hand) == 5  # in real play never enough for another phase
    state = set_player(state, 0, hand=cards("Y3 G3 B3 R6 R6 B6 Y1"))
    illegal(state, "lay set Y3 G3 B3 | set R6 R6 B6", "P10-R16")
    assert not any(isinstance(a, LayDown) for a in legal_actions(state))


def test_d46_guard_also_binds_pick_a_phase() -> None:
    rules = RuleSet(progression=Progression.PICK_ANY)
    state = deal(["R5 R5 B5 B5 R8 R8 B8 B8 Y1 Y11", JUNK], "Y9", draw="G12", rules=rules)
    state = play(state, "draw", "lay phase 7: set R5 R5 B5 B5 | set R8 R8 B8 B8")
    state = set_player(state, 0, hand=cards("Y3 G3 B3 R6 R6 B6 Y1"))
    illegal(state, "lay phase 1: set Y3 G3 B3 | set R6 R6 B6", "P10-R16")


def test_skip_target_next_mode_rejects_naming_a_target() -> None:
    rules = RuleSet(skip_target=SkipTarget.NEXT)
    state = deal(["S R1 B1 Y4 G4 R7 B7 Y10 G10 R12", JUNK, JUNK3], "Y9", rules=rules)
    state = play(state, "draw")
    illegal(state, "discard S to 2", "P10-R25")
    state = play(state, "discard S")
    assert seats(state)[1:3] == [(E.SKIPPED_PLAYER, 0), (E.TURN_LOST, 1)]
    assert state.current == 2


def test_d37_turned_up_skip_under_placed_delivery_stays_on_the_pile() -> None:
    state = deal([JUNK, JUNK2, JUNK3], "S", rules=_placed())
    assert seats(state)[-2:] == [(E.TURN_LOST, 0), (E.TURN_STARTED, 1)]
    assert state.discard_pile == (S,)  # not moved a second time
    illegal(state, "take", "D-07")


def test_b41_every_hand_everyone_moves_up_after_each_hand() -> None:
    rules = find_variant("ten_hands")
    state = deal([OUT_P1, JUNK], "Y9", draw="G11", rules=rules)
    state = play(state, "draw", OUT_P1_LAY, "discard G11")
    assert state.hand_number == 1
    for seat in (0, 1):
        phase = current_phase(state, seat)
        assert phase is not None
        assert phase.number == 2  # seat 1 never laid phase 1 and still moves on


def test_d33_every_hand_with_even_phases_lasts_five_hands() -> None:
    rules = find_variant("ten_hands+even_phases")
    state = deal([OUT_P10, JUNK2], "G12", draw="Y11", rules=rules)
    state = state.evolve(hand_number=4)  # synthetic: the fifth and last hand
    phase = current_phase(state, 0)
    assert phase is not None
    assert phase.number == 10
    state = play(state, "draw", OUT_P10_LAY, "discard Y11")
    result = outcome(state)
    assert result is not None
    assert (result.winner, result.hands) == (0, 5)


def test_d33_even_phases_final_phase_is_phase_10() -> None:
    rules = find_variant("even_phases")
    state = deal([OUT_P10, JUNK2], "G12", draw="Y11", rules=rules)
    state = set_player(state, 0, phase_index=4)
    state = set_player(state, 1, phase_index=3)
    state = play(state, "draw", OUT_P10_LAY, "discard Y11")
    result = outcome(state)
    assert result is not None
    assert (result.winner, result.reason) == (0, "only_finisher")
