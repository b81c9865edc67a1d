"""The rulebook's Part A (P10-R01..P10-R38): one or more scripted scenarios per rule.

Every scenario is played through the public API from a fixed deck (see ``helpers.deal``):
seat 0 plays first, and the cards drawn are the ones written in ``draw``.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from phase10 import (
    Card,
    Draw,
    EventKind,
    GameState,
    IllegalActionError,
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
    parse_action,
    view_for,
)
from phase10.games.phase10.cards import full_deck

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
    set_player,
)

E = EventKind
W = Card.from_symbol("W")
S = Card.from_symbol("S")

# ---------------------------------------------------------------------------- A.1


def test_p10_r01_deck_is_96_numbered_cards_8_wilds_4_skips() -> None:
    state = new_game(RuleSet(), players=4, seed=11)
    everything = [
        *(c for p in state.players for c in p.hand),
        *state.draw_pile,
        *state.discard_pile,
    ]
    counts = Counter(everything)
    assert len(everything) == 108
    assert counts[W] == 8
    assert counts[S] == 4
    numbered = [Card.from_symbol(f"{colour}{n}") for colour in "RBYG" for n in range(1, 13)]
    assert len(numbered) == 48
    assert all(counts[c] == 2 for c in numbered)
    assert sum(counts[c] for c in numbered) == 96


def test_p10_r01_every_card_is_one_of_numbered_wild_or_skip() -> None:
    """A bot tells the three kinds apart by the card alone (is_natural, is_wild, is_skip),
    never by its number, which is 0 for both a Wild and a Skip."""
    deck = full_deck()
    sorts = Counter((c.is_natural, c.is_wild, c.is_skip) for c in deck)
    assert sorts == {(True, False, False): 96, (False, True, False): 8, (False, False, True): 4}
    assert [c for c in deck if c.is_skip] == [S] * 4


def test_p10_r01_a_fixed_deck_must_be_exactly_the_108_cards() -> None:
    deck = make_deck([JUNK, JUNK2], "G9")
    assert Counter(deck) == Counter(full_deck())
    new_game(RuleSet(), players=2, seed=0, deck=deck)
    with pytest.raises(RulesError, match="P10-R01"):
        new_game(RuleSet(), players=2, seed=0, deck=deck[:-1])
    with pytest.raises(RulesError, match="P10-R01"):
        new_game(RuleSet(), players=2, seed=0, deck=(*deck[:-1], W))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_p10_r02_two_to_six_players_are_dealt_in(players: int) -> None:
    state = new_game(RuleSet(), players=players, seed=1)
    assert state.num_players == players
    assert all(len(p.hand) == 10 for p in state.players)


@pytest.mark.parametrize("players", [0, 1, 7, 8])
def test_p10_r02_other_player_counts_are_rejected(players: int) -> None:
    with pytest.raises(RulesError):
        new_game(RuleSet(), players=players, seed=1)


# ---------------------------------------------------------------------------- A.2


def test_p10_r03_set_colours_may_repeat() -> None:
    state = deal(["R5 R5 B5 R8 G8 G8 Y1 B2 Y11 G12", JUNK], "Y9", draw="B12")
    state = play(state, "draw")
    illegal(state, "lay set R5 R5 B5 | set R8 G8 Y11", "P10-R03")
    state = play(state, "lay set R5 R5 B5 | set R8 G8 G8")
    assert kinds(state) == [E.LAID_DOWN]
    assert [str(g) for g in state.table[0]] == ["set R5 R5 B5", "set R8 G8 G8"]
    assert state.players[0].hand == cards("Y1 B2 Y11 G12 B12")


def test_p10_r03_two_sets_of_phase_1_may_share_their_number() -> None:
    state = deal(["R5 R5 B5 B5 Y5 G5 Y1 B2 Y11 G12", JUNK], "Y9", draw="B12")
    state = play(state, "draw", "lay set R5 R5 B5 | set B5 Y5 G5")
    assert [g.low for g in state.table[0]] == [5, 5]
    assert state.players[0].laid == 0


def test_p10_r04_run_is_consecutive_in_any_colours_without_wrap() -> None:
    state = deal(["R3 B4 Y5 G6 R9 R9 B9 R11 R12 W", JUNK], "Y9", draw="B2")
    state = set_player(state, 0, phase_index=1)  # phase 2: set of 3 + run of 4
    state = play(state, "draw")
    illegal(state, "lay set R9 R9 B9 | run R3 B4 Y5 R11", "P10-R04")
    illegal(state, "lay set R9 R9 B9 | run R11 R12 W=1 B2", "P10-R04")
    state = play(state, "lay set R9 R9 B9 | run R3 B4 Y5 G6")
    run = state.table[0][1]
    assert (run.low, run.high) == (3, 6)
    assert run.values == (3, 4, 5, 6)


def test_p10_r04_a_broken_run_names_the_number_missing_or_doubled() -> None:
    """A wild written with a wrong value leaves a gap: the refusal names the number it
    should stand for; a number used twice is named too (P10-R04, D-26)."""
    state = deal(["R3 B4 Y5 G6 R9 R9 B9 R11 R12 W", JUNK], "Y9", draw="B2")
    state = set_player(state, 0, phase_index=1)  # phase 2: set of 3 + run of 4
    state = play(state, "draw")
    wrong = illegal(state, "lay set R9 R9 B9 | run R3 W=8 Y5 G6", "P10-R04")
    assert str(wrong).endswith("and this one has no 4"), str(wrong)
    twice = illegal(state, "lay set R9 R9 B9 | run R3 B4 W=4 Y5", "P10-R04")
    assert str(twice).endswith("and this one has 4 twice"), str(twice)


def test_p10_r05_colour_group_any_order_duplicates_allowed() -> None:
    state = deal(["G12 G1 G9 G5 G1 G3 G7 R2 B4 Y6", JUNK2], "Y9", draw="Y8")
    state = set_player(state, 0, phase_index=7)  # phase 8: 7 cards of one colour
    state = play(state, "draw")
    illegal(state, "lay colour G1 G1 G3 G5 G7 G9 R2", "P10-R05")
    state = play(state, "lay colour G12 G1 G9 G5 G1 G3 G7")
    group = state.table[0][0]
    assert len(group.cards) == 7
    assert group.cards.count(Card.from_symbol("G1")) == 2
    assert state.players[0].hand == cards("R2 B4 Y6 Y8")


def test_p10_r06_wild_keeps_the_value_it_was_placed_with() -> None:
    state = deal(["R9 R9 W R4 B5 G6 W B2 Y11 G12", JUNK], "Y9", draw="B12")
    state = set_player(state, 0, phase_index=1)
    state = play(state, "draw", "lay set R9 R9 W | run W R4 B5 G6")
    assert state.table[0][0].tokens() == ["R9", "R9", "W=9"]
    assert state.table[0][1].tokens() == ["W=3", "R4", "B5", "G6"]
    state = play(state, "hit B2 on 0.1")
    assert state.table[0][1].tokens() == ["B2", "W=3", "R4", "B5", "G6"]
    # The wild stays a 3: the run now only takes a 1 or a 7.
    illegal(state, "hit Y11 on 0.1", "P10-R23")


def test_p10_r07_every_group_needs_a_natural_card() -> None:
    state = deal(["R5 B5 G5 W W W Y1 B2 Y11 G12", JUNK], "Y9", draw="B12")
    state = play(state, "draw")
    illegal(state, "lay set R5 B5 G5 | set W=8 W=8 W=8", "P10-R07")
    state = play(state, "lay set R5 B5 G5 W | set Y1 W W")
    assert [g.naturals for g in state.table[0]] == [3, 1]


def test_p10_r08_skip_is_never_part_of_a_group_nor_hit() -> None:
    state = deal(["R5 B5 G5 R8 B8 S S Y5 Y11 G12", JUNK], "Y9", draw="G8")
    state = play(state, "draw")
    illegal(state, "lay set R5 B5 G5 | set R8 B8 S", "P10-R08")
    state = play(state, "lay set R5 B5 G5 | set R8 B8 G8")
    illegal(state, "hit S on 0.0", "P10-R23")
    state = play(state, "hit Y5 on 0.0")
    assert all(S not in g.cards for g in state.table[0])


def test_p10_r08_skip_is_not_a_card_of_any_colour() -> None:
    state = deal(["G1 G3 G5 G7 G9 G11 S R2 B4 Y6", JUNK], "Y9", draw="Y8")
    state = set_player(state, 0, phase_index=7)
    state = play(state, "draw")
    illegal(state, "lay colour G1 G3 G5 G7 G9 G11 S", "P10-R08")


# ---------------------------------------------------------------------------- A.4


def test_p10_r09_ten_cards_dealt_singly_from_the_dealers_left_then_one_turned_up() -> None:
    deck = list(full_deck())
    random.Random(3).shuffle(deck)
    state = new_game(RuleSet(), players=3, seed=5, deck=deck)
    dealer = state.dealer
    for i in range(3):
        seat = (dealer + 1 + i) % 3
        assert state.players[seat].hand == tuple(sorted(deck[i:30:3]))
    assert state.discard_pile == (deck[30],)
    assert state.draw_pile[-1] == deck[31]
    assert len(state.draw_pile) == 108 - 31
    assert kinds(state)[:2] == [E.HAND_DEALT, E.TURNED_UP]


@pytest.mark.parametrize("seed", range(6))
def test_p10_r10_left_of_dealer_starts_and_play_goes_clockwise(seed: int) -> None:
    state = new_game(RuleSet(), players=4, seed=seed)
    if state.discard_pile[-1] == S:
        pytest.fail("pick seeds whose first turned-up card is not a Skip")
    first = (state.dealer + 1) % 4
    assert state.current == first
    for step in range(1, 5):
        state = play(state, "draw")
        state = apply_action(state, parse_action(f"discard {state.players[state.current].hand[0]}"))
        assert state.current == (first + step) % 4


def test_p10_r11_turned_up_skip_costs_the_first_player_their_turn() -> None:
    state = deal([JUNK, JUNK2, JUNK3], "S", draw="R6")
    assert [(e.kind, e.seat) for e in state.events[-2:]] == [
        (E.TURN_LOST, 0),
        (E.TURN_STARTED, 1),
    ]
    assert state.current == 1
    assert state.discard_pile == (S,)
    assert legal_actions(state) == (Draw(Source.DRAW_PILE),)
    illegal(state, "take", "D-07")
    state = play(state, "draw")
    assert Card.from_symbol("R6") in state.players[1].hand
    assert state.players[0].hand == cards(JUNK)


def test_p10_r11_turned_up_wild_may_be_taken_by_the_first_player() -> None:
    state = deal([JUNK, JUNK2], "W")
    assert state.current == 0
    assert Draw(Source.DISCARD_PILE) in legal_actions(state)
    state = play(state, "take")
    assert kinds(state) == [E.TOOK_DISCARD]
    assert W in state.players[0].hand
    assert state.discard_pile == ()


def test_p10_r12_everyone_starts_on_the_first_phase_of_the_sequence() -> None:
    state = new_game(RuleSet(), players=3, seed=4)
    for seat in range(3):
        phase = current_phase(state, seat)
        assert phase is not None
        assert phase.number == 1
    even = new_game(find_variant("even_phases"), players=3, seed=4)
    assert [p.number if p else None for p in (current_phase(even, s) for s in range(3))] == [
        2,
        2,
        2,
    ]


# ---------------------------------------------------------------------------- A.5


def test_p10_r13_turn_is_draw_lay_hit_discard() -> None:
    state = deal(["R5 R5 B5 R8 G8 G8 Y1 B2 Y11 G12", JUNK], "Y9", draw="B8")
    assert state.stage is Stage.DRAW
    state = play(state, "draw")
    assert kinds(state) == [E.DREW]
    assert state.stage is Stage.PLAY
    state = play(state, "lay set R5 R5 B5 | set R8 G8 G8")
    assert kinds(state) == [E.LAID_DOWN]
    state = play(state, "hit B8 on 0.1")
    assert kinds(state) == [E.HIT]
    state = play(state, "discard Y11")
    assert kinds(state) == [E.DISCARDED, E.TURN_STARTED]
    assert state.current == 1
    assert state.stage is Stage.DRAW
    assert state.players[0].hand == cards("Y1 B2 G12")
    assert state.discard_pile[-1] == Card.from_symbol("Y11")


def test_p10_r13_any_card_may_be_discarded_even_a_wild_or_a_skip() -> None:
    state = deal(["W S R1 B1 Y4 G4 R7 B7 Y10 G10", JUNK], "Y9", draw="R11 R11")
    state = play(state, "draw", "discard W")
    assert state.discard_pile[-1] == W
    state = play(state, "draw", "discard R11", "draw", "discard S to 1")
    assert state.discard_pile[-1] == S
    assert W not in state.players[0].hand
    assert S not in state.players[0].hand


def test_p10_r14_only_the_player_whose_turn_it_is_acts() -> None:
    state = deal(["R5 R5 B5 R8 G8 G8 Y1 B2 Y11 G12", JUNK], "Y9", draw="B12 R6")
    assert view_for(state, 1).legal == ()
    assert view_for(state, 0).legal != ()
    state = play(state, "draw", "discard B12")
    # Now it is seat 1's turn: seat 0's phase cannot be laid down by anyone.
    state = play(state, "draw")
    assert view_for(state, 0).legal == ()
    illegal(state, "lay set R5 R5 B5 | set R8 G8 G8", "P10-R15")


# ---------------------------------------------------------------------------- A.6


def test_p10_r15_whole_phase_at_once_and_only_cards_held() -> None:
    state = deal(["R5 R5 B5 R8 G8 Y1 B2 Y11 G12 B12", JUNK], "Y9", draw="Y8")
    illegal(state, "lay set R5 R5 B5 | set R8 G8 Y8", "D-19")  # nothing drawn yet
    state = play(state, "draw")
    illegal(state, "lay set R5 R5 B5", "P10-R15")  # half a phase
    illegal(state, "lay set R5 R5 B5 | set R8 G8 G8", "P10-R15")  # only one G8 held
    state = play(state, "lay set R5 R5 B5 | set R8 G8 Y8")  # the drawn Y8 counts
    assert state.players[0].laid == 0


def test_p10_r16_one_phase_per_hand_even_when_the_next_is_held() -> None:
    state = deal(["R5 R5 B5 R8 G8 G8 Y1 B2 Y11 G12", JUNK], "Y9", draw="B12")
    state = play(state, "draw", "lay set R5 R5 B5 | set R8 G8 G8")
    # D-46: this can only arise in a synthetic state. Give seat 0 a full phase 2 now.
    state = set_player(state, 0, hand=cards("Y3 G3 B3 R6 B7 Y8 G9 B12"), phase_index=1)
    illegal(state, "lay set Y3 G3 B3 | run R6 B7 Y8 G9", "P10-R16")
    assert not any(isinstance(a, LayDown) for a in legal_actions(state))


def test_p10_r17_phases_in_order_players_on_different_phases() -> None:
    state = deal(
        ["Y3 G3 B3 R6 B7 Y8 G9 R1 Y11 G12", "R5 R5 B5 R8 G8 G8 Y1 B2 B11 B12"],
        "Y9",
        draw="R2 R10",
    )
    state = set_player(state, 1, phase_index=1)
    assert [current_phase(state, s).number for s in (0, 1)] == [1, 2]  # type: ignore[union-attr]
    state = play(state, "draw")
    # Seat 0 holds phase 2 but is on phase 1.
    illegal(state, "lay phase 2: set Y3 G3 B3 | run R6 B7 Y8 G9", "P10-R17")
    illegal(state, "lay set Y3 G3 B3 | run R6 B7 Y8 G9", "P10-R15")
    state = play(state, "discard R2", "draw")
    # Seat 1 holds phase 1 but has completed it: phase 2 is what counts.
    illegal(state, "lay set R5 R5 B5 | set R8 G8 G8", "P10-R15")


def test_p10_r17_each_player_lays_their_own_phase_in_the_same_hand() -> None:
    state = deal(
        ["R5 R5 B5 R8 G8 G8 Y1 B2 Y11 G12", "Y3 G3 B3 R6 B7 Y8 G9 R1 B11 B12"],
        "Y9",
        draw="R2 R10",
    )
    state = set_player(state, 1, phase_index=1)
    state = play(state, "draw", "lay set R5 R5 B5 | set R8 G8 G8", "discard R2")
    state = play(state, "draw", "lay set Y3 G3 B3 | run R6 B7 Y8 G9", "discard R10")
    assert (state.players[0].laid, state.players[1].laid) == (0, 1)


def test_p10_r18_extra_cards_only_enlarge_the_required_groups() -> None:
    state = deal(["R5 R5 B5 Y5 R8 G8 G8 W Y1 Y11", JUNK], "Y9", draw="B1")
    state = play(state, "draw")
    illegal(state, "lay set R5 R5 B5 | set R8 G8 G8 | set Y1 B1 W", "P10-R18")
    state = play(state, "lay set R5 R5 B5 Y5 W | set R8 G8 G8")
    assert [len(g.cards) for g in state.table[0]] == [5, 3]


def test_p10_r19_phase_is_credited_at_lay_down_without_going_out() -> None:
    state = deal(["R6 R6 B6 R9 G9 G9 Y1 B2 Y11 G12", OUT_P1], "Y3", draw="B12 G3")
    state = play(state, "draw", "lay set R6 R6 B6 | set R9 G9 G9")
    assert state.players[0].completed == 1
    state = play(state, "discard B12")
    state = play(state, "draw", OUT_P1_LAY, "discard G3")
    assert E.WENT_OUT in kinds(state)
    assert state.hand_number == 1
    assert state.players[0].phase_index == 1  # moved up although seat 1 went out
    assert state.players[0].score == 5 + 5 + 10 + 10


def test_p10_r19_a_longer_run_counts_only_for_the_current_phase() -> None:
    state = deal(["R1 R2 R3 R4 R5 R6 R7 R8 R9 R10", JUNK], "Y9", draw="G12")
    state = set_player(state, 0, phase_index=3)  # phase 4: run of 7
    state = play(state, "draw", "lay run R1 R2 R3 R4 R5 R6 R7 R8 R9 R10", "discard G12")
    assert E.WENT_OUT in kinds(state)
    assert state.players[0].completed == 1 << 3
    assert state.players[0].phase_index == 4
    phase = current_phase(state, 0)
    assert phase is not None
    assert phase.number == 5


def test_p10_r20_a_card_belongs_to_one_group_only() -> None:
    state = deal(["R5 B5 G5 Y5 W W Y1 B2 Y11 G12", JUNK], "Y9", draw="R1")
    state = play(state, "draw")
    # One R5 in hand cannot serve in both sets.
    illegal(state, "lay set R5 B5 G5 | set R5 Y5 W", "P10-R15")
    state = play(state, "lay set R5 B5 W | set G5 Y5 W")
    laid = [c for g in state.table[0] for c in g.cards]
    assert Counter(laid) == Counter(cards("R5 B5 G5 Y5 W W"))
    assert state.players[0].hand == cards("Y1 B2 Y11 G12 R1")


# ---------------------------------------------------------------------------- A.7

#: Seat 0 holds phase 1 (5s and 8s) plus B3 and Y5 to hit; seat 1 holds phase 1 (3s and 10s).
HITTER = "R5 R5 B5 R8 G8 G8 B3 Y5 Y11 G12"
OTHER = "Y3 G3 R3 R10 B10 Y10 R1 B7 Y6 G9"


def _seat_1_laid_down() -> GameState:
    """Seat 0 passes, seat 1 lays down 3s and 10s; seat 0 then draws G10."""
    state = deal([HITTER, OTHER], "Y9", draw="R2 R12 G10")
    state = play(state, "draw", "discard R2")
    state = play(state, "draw", "lay set Y3 G3 R3 | set R10 B10 Y10", "discard R12")
    return play(state, "draw")


def test_p10_r21_no_hit_before_your_own_phase_is_down() -> None:
    state = _seat_1_laid_down()
    illegal(state, "hit G10 on 1.1", "P10-R21")
    assert not any(str(a).startswith("hit") for a in legal_actions(state))


def test_p10_r21_hits_allowed_in_the_lay_down_turn() -> None:
    state = _seat_1_laid_down()
    state = play(state, "lay set R5 R5 B5 | set R8 G8 G8", "hit G10 on 1.1")
    assert kinds(state) == [E.HIT]
    assert Card.from_symbol("G10") in state.table[1][1].cards


def test_p10_r22_many_hits_on_own_and_others_groups_in_one_turn() -> None:
    state = _seat_1_laid_down()
    state = play(
        state,
        "lay set R5 R5 B5 | set R8 G8 G8",
        "hit G10 on 1.1",
        "hit B3 on 1.0",
        "hit Y5 on 0.0",
    )
    assert [len(g.cards) for g in state.table[1]] == [4, 4]
    assert [len(g.cards) for g in state.table[0]] == [4, 3]
    assert state.players[0].hand == cards("Y11 G12")
    illegal(state, "hit Y3 on 1.0", "P10-R22")  # not held


def test_p10_r22_target_phase_number_does_not_matter() -> None:
    state = _seat_1_laid_down()
    state = set_player(state, 1, phase_index=6)  # seat 1 far ahead: still a target
    state = play(state, "lay set R5 R5 B5 | set R8 G8 G8", "hit B3 on 1.0")
    assert len(state.table[1][0].cards) == 4


def test_p10_r23_hits_must_fit_set_and_run() -> None:
    state = deal(["R9 R9 B9 R3 B4 Y5 G6 Y9 G2 S", JUNK], "Y1", draw="W")
    state = set_player(state, 0, phase_index=1)
    state = play(state, "draw", "lay set R9 R9 B9 | run R3 B4 Y5 G6")
    illegal(state, "hit G2 on 0.0", "P10-R23")  # set of 9s takes 9s
    illegal(state, "hit Y9 on 0.1", "P10-R23")  # not next to 3-6
    illegal(state, "hit W=4 on 0.1", "P10-R23")  # inside the run
    illegal(state, "hit W=8 on 0.1", "P10-R23")  # not adjacent
    illegal(state, "hit S on 0.0", "P10-R23")
    illegal(state, "hit S on 0.1", "P10-R23")
    state = play(state, "hit Y9 on 0.0", "hit G2 on 0.1", "hit W=7 on 0.1")
    assert state.table[0][0].values == (9, 9, 9, 9)
    assert state.table[0][1].values == (2, 3, 4, 5, 6, 7)
    assert state.players[0].hand == (S,)


def test_p10_r23_a_wild_s_refusal_offers_only_the_ends_a_run_can_grow_to() -> None:
    """P10-R23 with D-01 (no number above 12): a wrong value for a wild on the run 9-12 is
    refused naming 8 alone, never "8 or 13"; the run 3-6 still offers both of its ends."""
    state = deal(["R9 R9 B9 Y9 B10 Y11 G12 G9 G2 S", JUNK], "Y1", draw="W")
    state = set_player(state, 0, phase_index=1)
    state = play(state, "draw", "lay set R9 R9 B9 | run Y9 B10 Y11 G12")
    refused = illegal(state, "hit W=12 on 0.1", "P10-R23")
    assert str(refused).endswith("a wild on the run 9-12 can stand only for 8, not 12"), refused
    assert "13" not in str(refused)
    state = deal(["R9 R9 B9 R3 B4 Y5 G6 Y9 G2 S", JUNK], "Y1", draw="W")
    state = set_player(state, 0, phase_index=1)
    state = play(state, "draw", "lay set R9 R9 B9 | run R3 B4 Y5 G6")
    refused = illegal(state, "hit W=8 on 0.1", "P10-R23")
    assert "stands for 2 or 7, not 8" in str(refused), refused


def test_p10_r23_hits_must_fit_colour_group() -> None:
    state = deal(["G1 G1 G3 G5 G7 G9 G12 G11 R11 S", JUNK2], "Y1", draw="W")
    state = set_player(state, 0, phase_index=7)
    state = play(state, "draw", "lay colour G1 G1 G3 G5 G7 G9 G12")
    illegal(state, "hit R11 on 0.0", "P10-R23")
    illegal(state, "hit S on 0.0", "P10-R23")
    state = play(state, "hit G11 on 0.0", "hit W on 0.0")
    assert len(state.table[0][0].cards) == 9
    assert set(state.table[0][0].values) == {3}


def test_p10_r24_hit_never_makes_a_group_nor_replaces_a_wild() -> None:
    state = deal(["R9 R9 B9 R3 W R5 G6 B4 Y9 G12", JUNK], "Y1", draw="B11")
    state = set_player(state, 0, phase_index=1)
    state = play(state, "draw", "lay set R9 R9 B9 | run R3 W=4 R5 G6")
    illegal(state, "hit B4 on 0.1", "P10-R23")  # the wild's 4 stays
    illegal(state, "hit B11 on 0.2", "P10-R22")  # no third group to make
    illegal(state, "hit B11 on 1.0", "P10-R22")
    state = play(state, "hit Y9 on 0.0")
    assert len(state.table[0]) == 2
    assert state.table[0][1].tokens() == ["R3", "W=4", "R5", "G6"]


# ---------------------------------------------------------------------------- A.8


def test_p10_r25_skip_is_played_at_another_player_who_loses_a_turn() -> None:
    state = deal(["S R1 B1 Y4 G4 R7 B7 Y10 G10 R12", JUNK, JUNK3], "Y9", draw="R6 R11")
    state = play(state, "draw")
    illegal(state, "discard S to 0", "P10-R25")
    illegal(state, "discard S", "P10-R25")
    illegal(state, "discard R1 to 2", "P10-R25")
    state = play(state, "discard S to 2")
    assert [(e.kind, e.target) for e in state.events[:2]] == [
        (E.DISCARDED, 2),
        (E.SKIPPED_PLAYER, 2),
    ]
    assert state.players[2].skip_pending
    assert state.current == 1
    hand_2, draw_size = state.players[2].hand, len(state.draw_pile)
    state = play(state, "draw", "discard R11")
    assert [(e.kind, e.seat) for e in state.events] == [
        (E.DISCARDED, 1),
        (E.TURN_LOST, 2),
        (E.TURN_STARTED, 0),
    ]
    assert state.players[2].hand == hand_2
    assert len(state.draw_pile) == draw_size - 1
    assert not state.players[2].skip_pending


def test_p10_r26_no_skip_on_a_player_with_a_skip_waiting() -> None:
    state = deal(["S R1 B1 Y4 G4 R7 B7 Y10 G10 R12", JUNK, JUNK3], "Y9", draw="R6 S")
    state = play(state, "draw", "discard S to 2")
    state = play(state, "draw")
    illegal(state, "discard S to 2", "P10-R26")
    state = play(state, "discard S to 0")
    assert [(e.kind, e.seat) for e in state.events[2:]] == [
        (E.TURN_LOST, 2),
        (E.TURN_LOST, 0),
        (E.TURN_STARTED, 1),
    ]


def test_p10_r26_no_skip_before_the_target_has_played_since_their_lost_turn() -> None:
    state = deal(["S R1 B1 Y4 G4 R7 B7 Y10 G10 R12", JUNK, "S R2 B2 Y5 G5 R9 B9 Y11 G11 R3"], "Y9")
    state = play(state, "draw", "discard S to 1")  # seat 1 loses the next turn at once
    assert state.current == 2
    state = play(state, "draw")
    illegal(state, "discard S to 1", "P10-R26")
    state = play(state, "discard S to 0")
    assert [(e.kind, e.seat) for e in state.events[2:]] == [
        (E.TURN_LOST, 0),
        (E.TURN_STARTED, 1),
    ]


def test_p10_r27_a_lost_turn_is_passed_with_nothing_done() -> None:
    state = deal([JUNK, "S R1 B1 Y4 G4 R7 B7 Y10 G10 R12"], "Y9", draw="R6 R11")
    state = play(state, "draw", "discard R6")
    before = state.players[0]
    state = play(state, "draw", "discard S to 0")
    assert [(e.kind, e.seat) for e in state.events[-2:]] == [
        (E.TURN_LOST, 0),
        (E.TURN_STARTED, 1),
    ]
    assert state.players[0].hand == before.hand
    assert state.current == 1
    assert not any(e.kind in (E.DREW, E.TOOK_DISCARD) and e.seat == 0 for e in state.events)


def test_p10_r28_a_drawn_skip_may_be_kept_and_scores_15() -> None:
    state = deal([JUNK2, OUT_P1], "Y9", draw="S G3")
    state = play(state, "draw")
    assert S in state.players[0].hand
    state = play(state, "discard R1")
    assert S in state.players[0].hand
    state = play(state, "draw", OUT_P1_LAY, "discard G3")
    ended = next(e for e in state.events if e.kind is E.HAND_ENDED)
    # B1 Y4 G4 R7 B7 = 25, Y10 G10 R12 B12 = 40, S = 15.
    assert ended.scores == (80, 0)
    assert state.players[0].score == 80


def test_p10_r29_skip_with_no_eligible_target_has_no_effect() -> None:
    state = deal(["S S R1 B1 Y4 G4 R7 B7 Y10 G10", JUNK], "Y9", draw="R6 R11")
    state = play(state, "draw", "discard S to 1")
    assert state.current == 0
    state = play(state, "draw")
    illegal(state, "discard S to 1", "P10-R26")
    state = play(state, "discard S")
    assert [(e.kind, e.seat) for e in state.events] == [
        (E.DISCARDED, 0),
        (E.DEAD_SKIP, 0),
        (E.TURN_STARTED, 1),
    ]
    assert state.current == 1
    assert not state.players[1].skip_pending


# ---------------------------------------------------------------------------- A.9


def test_p10_r30_going_out_by_laying_down_the_last_card() -> None:
    state = deal([OUT_P1, JUNK], "Y9", draw="G5")
    state = play(state, "draw", "lay set R5 R5 B5 B5 Y5 G5 | set R8 R8 B8 B8 Y8")
    assert kinds(state)[:3] == [E.LAID_DOWN, E.WENT_OUT, E.HAND_ENDED]
    assert state.events[1].seat == 0


def test_p10_r30_going_out_by_hitting_the_last_card() -> None:
    state = deal([OUT_P1, JUNK], "Y9", draw="G5")
    state = play(state, "draw", OUT_P1_LAY, "hit G5 on 0.0")
    assert kinds(state)[:3] == [E.HIT, E.WENT_OUT, E.HAND_ENDED]


def test_p10_r30_going_out_by_the_final_discard() -> None:
    state = deal([OUT_P1, JUNK], "Y9", draw="G11")
    state = play(state, "draw", OUT_P1_LAY)
    assert state.players[0].hand == cards("G11")
    state = play(state, "discard G11")
    assert kinds(state)[:3] == [E.DISCARDED, E.WENT_OUT, E.HAND_ENDED]


def test_p10_r31_the_hand_ends_the_moment_someone_goes_out() -> None:
    state = deal([OUT_P1, JUNK], "Y9", draw="G11")
    state = play(state, "draw", OUT_P1_LAY, "discard G11")
    ended = next(e for e in state.events if e.kind is E.HAND_ENDED)
    assert ended.seat == 0
    assert ended.scores == (0, JUNK_POINTS)  # seat 1 never got to play
    assert state.hand_number == 1
    assert E.HAND_DEALT in kinds(state)
    assert all(len(p.hand) == 10 for p in state.players)
    assert state.table == ((), ())


def test_p10_r32_everyone_who_laid_down_moves_up() -> None:
    state = deal(
        [OUT_P1, "Y3 G3 R3 R10 B10 Y10 R1 B7 Y6 G9", "Y1 G1 R4 B4 Y7 G7 G10 Y12 B11 R2"],
        "Y11",
        draw="Y9 B6 G11 G6",
    )
    state = play(state, "draw", "discard Y9")  # seat 0 holds its phase back
    state = play(state, "draw", "lay set Y3 G3 R3 | set R10 B10 Y10", "discard B6")
    state = play(state, "draw", "discard G11")
    state = play(state, "draw", OUT_P1_LAY, "discard G6")
    assert [p.phase_index for p in state.players] == [1, 1, 0]
    assert [p.score for p in state.players] == [0, 20, 65]


def test_p10_r33_empty_draw_pile_is_refilled_from_the_discard_pile_minus_its_top() -> None:
    state = deal([JUNK, JUNK2], "Y9")
    state = play(state, "draw", "discard Y1", "draw", "discard R1")
    # Synthetic: move the whole draw pile under the discard pile, keeping every card.
    top = state.discard_pile[-1]
    below = (*state.draw_pile, *state.discard_pile[:-1])
    state = state.evolve(draw_pile=(), discard_pile=(*below, top))
    hand = state.players[0].hand
    after = play(state, "draw")
    assert kinds(after) == [E.RESHUFFLED, E.DREW]
    assert after.discard_pile == (top,)
    drawn = after.events[1].cards[0]
    assert Counter((*after.draw_pile, drawn)) == Counter(below)
    assert after.players[0].hand == tuple(sorted((*hand, drawn)))
    assert play(state, "draw").digest() == after.digest()  # deterministic


# ---------------------------------------------------------------------------- A.10


def _two_quick_hands() -> tuple[GameState, GameState]:
    """Hand 1: seat 0 goes out at once; hand 2: seat 1 goes out at once."""
    second = make_deck(["Y3 Y3 G3 G3 R3 R11 R11 B11 B11 Y11", JUNK2], "G9", draw="R6")
    state = deal([OUT_P1, "R1 B9 G10 Y12 S W R2 Y3 G4 B11"], "Y9", draw="G11", later=[second])
    first = play(state, "draw", OUT_P1_LAY, "discard G11")
    end = play(first, "draw", "lay set Y3 Y3 G3 G3 R3 | set R11 R11 B11 B11 Y11", "discard R6")
    return first, end


def test_p10_r34_scores_are_the_cards_left_in_hand_and_add_up() -> None:
    first, end = _two_quick_hands()
    ended = next(e for e in first.events if e.kind is E.HAND_ENDED)
    # R1 B9 R2 Y3 G4 = 25, G10 Y12 B11 = 30, S = 15, W = 25.
    assert ended.scores == (0, 95)
    assert [p.score for p in first.players] == [0, 95]
    ended = next(e for e in end.events if e.kind is E.HAND_ENDED)
    # R1 B1 Y4 G4 R7 B7 = 30, Y10 G10 R12 B12 = 40.
    assert ended.scores == (70, 0)
    assert [p.score for p in end.players] == [70, 95]


def test_p10_r35_the_deal_passes_to_the_left_each_hand() -> None:
    first, end = _two_quick_hands()
    assert first.dealer == 0
    assert first.current == 1
    assert first.players[1].hand == cards("Y3 Y3 G3 G3 R3 R11 R11 B11 B11 Y11")
    assert end.dealer == 1
    assert end.current == 0
    assert end.hand_number == 2
    total = [*end.draw_pile, *end.discard_pile, *(c for p in end.players for c in p.hand)]
    assert Counter(total) == Counter(full_deck())


# ---------------------------------------------------------------------------- A.11


def test_p10_r36_the_only_player_to_complete_phase_10_wins_at_the_hands_end() -> None:
    state = deal([PHASE10_LEFTOVERS, "Y1 G1 R4 B4 Y8 G10 Y12 B11 R3 B3"], "G12", draw="R2 Y11 G7")
    state = set_player(state, 0, phase_index=9, score=500)
    state = set_player(state, 1, phase_index=3, score=0)
    state = play(state, "draw", PHASE10_LAY)
    assert outcome(state) is None
    assert state.stage is Stage.PLAY
    state = play(state, "discard R1", "draw", "discard Y11", "draw")
    assert outcome(state) is None
    state = play(state, "hit G5 on 0.0", "hit G7 on 0.1", "discard R2")
    result = outcome(state)
    assert result is not None
    assert result.winner == 0
    assert result.totals == (500, 65)
    assert result.reason == "only_finisher"
    assert state.stage is Stage.OVER
    assert kinds(state)[-1] is E.GAME_OVER
    with pytest.raises(IllegalActionError):
        apply_action(state, Draw())


@pytest.mark.parametrize(("before", "winner"), [((50, 100), 0), ((100, 100), 1)])
def test_p10_r37_several_finishers_lowest_total_wins(before: tuple[int, int], winner: int) -> None:
    state = deal([PHASE10_LEFTOVERS, OUT_P10], "G12", draw="R2 Y11")
    state = set_player(state, 0, phase_index=9, score=before[0])
    state = set_player(state, 1, phase_index=9, score=before[1])
    state = play(state, "draw", PHASE10_LAY, "discard R1")
    state = play(state, "draw", OUT_P10_LAY, "discard Y11")
    result = outcome(state)
    assert result is not None
    assert result.totals == (before[0] + 10, before[1])  # G5 + R2 left with seat 0
    assert result.winner == winner
    assert result.reason == "lowest_total"


def _tie_at_the_end(rules: RuleSet | None = None) -> GameState:
    """Seats 0 and 1 both complete phase 10 on 60 points; seat 2 (also 60) does not."""
    tiebreak = make_deck([PHASE10_LEFTOVERS, OUT_P10], "G12", draw="R2 Y11")
    state = deal(
        [PHASE10_LEFTOVERS, OUT_P10, JUNK3], "G12", draw="R2 Y11", rules=rules, later=[tiebreak]
    )
    state = set_player(state, 0, phase_index=9, score=50)
    state = set_player(state, 1, phase_index=9, score=60)
    state = set_player(state, 2, phase_index=8, score=0)
    state = play(state, "draw", PHASE10_LAY, "discard R1")
    return play(state, "draw", OUT_P10_LAY, "discard Y11")


def test_p10_r38_a_tie_on_totals_is_replayed_by_the_tied_players_only() -> None:
    state = _tie_at_the_end()
    assert outcome(state) is None
    tie = next(e for e in state.events if e.kind is E.TIEBREAK)
    assert tie.scores == (0, 1)
    assert state.tiebreak
    assert [p.dealt_in for p in state.players] == [True, True, False]
    assert state.players[2].hand == ()
    # The tie-break deal: dealer 0, so seat 1 starts; seat 0 holds the going-out hand.
    assert state.current == 1
    assert state.players[1].hand == cards(PHASE10_LEFTOVERS)
    phase = current_phase(state, 1)
    assert phase is not None
    assert phase.number == 10
    state = play(state, "draw", PHASE10_LAY)
    assert outcome(state) is None  # laying down is not enough: first to go out wins
    state = play(state, "discard R1")
    assert state.current == 0  # seat 2 sits out
    state = play(state, "draw", OUT_P10_LAY, "discard Y11")
    result = outcome(state)
    assert result is not None
    assert result.winner == 0
    assert result.reason == "tiebreak_out"
    # Seat 2 also has 60 (its hand of 60) but never completed phase 10: not in the tie.
    assert result.totals == (60, 60, 60)  # the tie-break hand scores nothing
