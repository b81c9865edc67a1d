"""The phase finder (rules A.2, A.3, A.6; D-01..D-04, D-14, D-26..D-28)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from phase10.games.phase10.cards import (
    NUMBER_OF,
    NUMBERED,
    SKIP_CODE,
    WILD_CODE,
    Card,
    format_cards,
    full_deck,
    parse_cards,
)
from phase10.games.phase10.finder import find_phase, laydown_problem
from phase10.games.phase10.groups import Group, group_problem, parse_groups
from phase10.games.phase10.laydowns import laydowns
from phase10.games.phase10.rules import (
    GroupReq,
    Kind,
    NaturalCardScope,
    Phase,
    Phase3Variant,
    Phase10Variant,
    RuleSet,
)

STANDARD = RuleSet()
PER_PHASE = RuleSet(natural_card_scope=NaturalCardScope.PER_PHASE)
VARIANT_PHASES = RuleSet(
    phase3_variant=Phase3Variant.SET5_RUN4, phase10_variant=Phase10Variant.SET4_SET3
)
ALL_RULES = (STANDARD, PER_PHASE, VARIANT_PHASES)
DECK = full_deck()


def phase(number: int, rules: RuleSet = STANDARD) -> Phase:
    found = rules.phase_by_number(number)
    assert found is not None
    return found


def find(hand: str, number: int, rules: RuleSet = STANDARD) -> list[str] | None:
    groups = find_phase(parse_cards(hand), phase(number, rules), rules)
    return None if groups is None else [str(g) for g in groups]


def all_laydowns(hand: str, number: int, rules: RuleSet = STANDARD) -> list[list[str]]:
    return [[str(g) for g in gs] for gs in laydowns(parse_cards(hand), phase(number, rules), rules)]


def problem(groups: str, number: int, rules: RuleSet = STANDARD) -> str | None:
    found = laydown_problem(parse_groups(groups), phase(number, rules), rules)
    return None if found is None else str(found)


def wilds_used(groups: Sequence[Group]) -> int:
    return sum(g.wilds for g in groups)


def check_laydown(hand: Sequence[int], groups: Sequence[Group], ph: Phase, rules: RuleSet) -> None:
    """The invariants every lay-down the finder returns must satisfy."""
    assert laydown_problem(groups, ph, rules) is None
    assert [len(g.cards) for g in groups] == [r.size for r in ph.groups]
    assert [g.kind for g in groups] == [r.kind for r in ph.groups]
    per_group = rules.natural_card_scope is NaturalCardScope.PER_GROUP
    for g in groups:
        assert group_problem(g, need_natural=per_group) is None
        assert g == Group.make(g.kind, list(zip(g.cards, g.values, strict=True)))
    used = Counter(c for g in groups for c in g.cards)
    held = Counter(hand)
    assert all(held[c] >= k for c, k in used.items()), format_cards(hand)
    assert SKIP_CODE not in used


# --- Phases 1, 7, 9, 10: sets (P10-R03, D-27) ---------------------------------------------


def test_p10_r03_phase1_two_sets() -> None:
    assert find("R3 B3 Y3 R7 B7 G7 G12 S", 1) == ["set R3 B3 Y3", "set R7 B7 G7"]


def test_p10_r03_phase1_missing_set() -> None:
    assert find("R3 B3 Y3 R7 B7 G8 G12 S Y1 Y2", 1) is None


def test_p10_r06_phase1_wilds_fill_sets() -> None:
    assert find("R3 B3 W R7 W W", 1) == ["set R3 B3 W=3", "set R7 W=7 W=7"]


def test_p10_r03_d27_phase1_both_sets_same_number() -> None:
    assert find("R5 B5 Y5 G5 R5 B5 G1", 1) == ["set R5 R5 B5", "set B5 Y5 G5"]


def test_d27_phase7_and_phase10_sets_of_one_number() -> None:
    assert find("R5 B5 Y5 G5 R5 B5 Y5 G5 R1", 7) == ["set R5 R5 B5 B5", "set Y5 Y5 G5 G5"]
    assert find("R5 B5 Y5 G5 R5 B5 Y5 G5 R1", 10) == ["set R5 R5 B5 B5 Y5", "set Y5 G5 G5"]
    assert find("R5 B5 Y5 G5 R5 B5 Y5 R1", 10) is None


def test_p10_r03_phase7_two_sets_of_four() -> None:
    assert find("R2 B2 Y2 W R9 B9 W Y9 G1", 7) == ["set R2 B2 Y2 W=2", "set R9 B9 Y9 W=9"]
    assert find("R2 B2 Y2 R9 B9 W Y9 G1", 7) is None


def test_p10_r03_phase9_set_of_5_and_set_of_2() -> None:
    assert find("R8 B8 Y8 G8 W R1 B1 G4", 9) == ["set R8 B8 Y8 G8 W=8", "set R1 B1"]
    assert find("R8 B8 Y8 G8 R1 G4 Y6", 9) is None


def test_p10_r03_phase10_set_of_5_and_set_of_3_both_variants() -> None:
    hand = "R8 B8 Y8 G8 R1 B1 Y1 W"
    assert find(hand, 10) == ["set R8 B8 Y8 G8 W=8", "set R1 B1 Y1"]
    assert find("R8 B8 Y8 G8 R1 B1 Y1", 10) is None
    assert find("R8 B8 Y8 G8 R1 B1 Y1", 10, VARIANT_PHASES) == ["set R8 B8 Y8 G8", "set R1 B1 Y1"]


def test_p10_r03_set_in_requirement_order_when_smaller_first() -> None:
    custom = Phase(11, (GroupReq(Kind.SET, 2), GroupReq(Kind.SET, 4)))
    found = find_phase(parse_cards("R1 B1 R6 B6 Y6 W"), custom, STANDARD)
    assert found is not None
    assert [str(g) for g in found] == ["set R1 B1", "set R6 B6 Y6 W=6"]


# --- Phases 2..6: runs (P10-R04, D-01, D-02, D-26) -----------------------------------------


def test_p10_r04_phase2_set_and_run() -> None:
    assert find("R5 B5 Y5 G1 G2 G3 G4 S", 2) == ["set R5 B5 Y5", "run G1 G2 G3 G4"]


def test_d26_phase2_set_and_run_share_a_number_only_with_spare_copies() -> None:
    # Three 5s can not be both a set of 3 and the 5 of the run (P10-R20, D-26).
    assert find("R5 B5 Y5 G3 G4 G6", 2) is None
    assert find("R5 B5 Y5 G5 G3 G4 G6", 2) == ["set R5 B5 Y5", "run G3 G4 G5 G6"]


def test_p10_r04_phase3_set4_and_set5_variant() -> None:
    hand = "R5 B5 Y5 G5 R9 R10 R11 R12"
    assert find(hand, 3) == ["set R5 B5 Y5 G5", "run R9 R10 R11 R12"]
    assert find(hand, 3, VARIANT_PHASES) is None
    assert find(hand + " W", 3, VARIANT_PHASES) == [
        "set R5 B5 Y5 G5 W=5",
        "run R9 R10 R11 R12",
    ]


def test_p10_r04_phases_4_5_6_runs_of_7_8_9() -> None:
    hand = "R1 B2 Y3 G4 R5 B6 Y7 G8 W S"
    assert find(hand, 4) == ["run B2 Y3 G4 R5 B6 Y7 G8"]
    assert find(hand, 5) == ["run R1 B2 Y3 G4 R5 B6 Y7 G8"]
    assert find(hand, 6) == ["run R1 B2 Y3 G4 R5 B6 Y7 G8 W=9"]
    assert find("R1 B2 Y3 G4 R5 B6 Y7 G8 S S", 6) is None


def test_d01_runs_reach_both_ends() -> None:
    assert find("R6 R7 R8 R9 R10 R11 R12", 4) == ["run R6 R7 R8 R9 R10 R11 R12"]
    assert find("R1 R2 R3 R4 R5 R6 R7", 4) == ["run R1 R2 R3 R4 R5 R6 R7"]


def test_d01_runs_never_wrap() -> None:
    assert find("R10 R11 R12 R1 R2 R3 R4", 4) is None


def test_d01_wild_never_stands_for_13() -> None:
    assert find("R10 R11 R12 W", 4) is None
    assert all_laydowns("R10 R11 R12 W", 1, RuleSet()) == []
    custom = Phase(11, (GroupReq(Kind.RUN, 4),))
    found = laydowns(parse_cards("R10 R11 R12 W"), custom, STANDARD)
    assert [str(g) for (g,) in found] == ["run W=9 R10 R11 R12"]


def test_d02_wild_fills_a_gap_in_a_run() -> None:
    assert find("R1 R2 W R4 R5 R6 R7", 4) == ["run R1 R2 W=3 R4 R5 R6 R7"]


def test_d02_ambiguous_wild_run_lists_both() -> None:
    custom = Phase(11, (GroupReq(Kind.RUN, 3),))
    found = laydowns(parse_cards("W R4 R5"), custom, STANDARD)
    assert [str(g) for (g,) in found] == ["run W=3 R4 R5", "run R4 R5 W=6"]


def test_d02_wilds_at_both_ends_of_a_run() -> None:
    groups = all_laydowns("W W R5 B6 Y7 G8 R9", 4)
    assert ["run W=3 W=4 R5 B6 Y7 G8 R9"] in groups
    assert ["run W=4 R5 B6 Y7 G8 R9 W=10"] in groups
    assert ["run R5 B6 Y7 G8 R9 W=10 W=11"] in groups


def test_laydowns_run_colour_copies_are_distinct_lay_downs() -> None:
    custom = Phase(11, (GroupReq(Kind.RUN, 4),))
    found = laydowns(parse_cards("R4 B4 R5 R6 R7"), custom, STANDARD)
    assert [str(g) for (g,) in found] == ["run R4 R5 R6 R7", "run B4 R5 R6 R7"]


# --- Phase 8: colour (P10-R05, D-03, D-28) --------------------------------------------------


def test_p10_r05_phase8_seven_of_one_colour() -> None:
    assert find("G1 G3 G5 G7 G9 G11 G12 R1", 8) == ["colour G1 G3 G5 G7 G9 G11 G12"]
    assert find("G1 G3 G5 G7 G9 G11 R12 R1", 8) is None


def test_d28_colour_phase_duplicates_count() -> None:
    assert find("Y7 Y7 Y2 Y2 Y9 Y9 Y1", 8) == ["colour Y1 Y2 Y2 Y7 Y7 Y9 Y9"]


def test_d03_wild_takes_the_colour_of_the_group() -> None:
    assert find("B1 B2 B3 B4 B5 W W", 8) == ["colour B1 B2 B3 B4 B5 W=B W=B"]


def test_p10_r08_skip_is_not_a_colour_card() -> None:
    assert find("B1 B2 B3 B4 B5 B6 S", 8) is None


# --- Wilds, naturals and Skips (P10-R06..R08, D-04) -----------------------------------------


def test_p10_r06_fewest_wilds_are_used() -> None:
    assert find("R5 B5 Y5 R7 B7 Y7 W W", 1) == ["set R5 B5 Y5", "set R7 B7 Y7"]
    found = find_phase(parse_cards("R1 R2 R3 R4 R5 R6 R7 W W"), phase(4), STANDARD)
    assert found is not None
    assert wilds_used(found) == 0


def test_p10_r08_skips_never_used() -> None:
    assert find("R5 B5 S S R7 B7 S S", 1) is None
    assert find("R1 R2 R3 S R5 R6 R7", 4) is None
    assert problem("set R5 B5 S", 1) is not None


def test_d04_per_group_needs_a_natural_in_every_group() -> None:
    assert find("R5 W W W W W", 1) is None
    assert find("R5 W W W W W W", 2) is None
    assert problem("set R5 W=5 W=5 | set W=7 W=7 W=7", 1) == (
        "P10-R07: every group needs at least one natural card"
    )


def test_d04_per_phase_allows_a_group_of_wilds() -> None:
    found = find("R5 W W W W W", 1, PER_PHASE)
    assert found is not None
    assert found[0].startswith("set R5")
    assert find("R5 W W W W W W", 2, PER_PHASE) is not None
    assert problem("set R5 W=5 W=5 | set W=7 W=7 W=7", 1, PER_PHASE) is None


def test_d04_phase_of_wilds_only_is_illegal_in_either_scope() -> None:
    hand = parse_cards("W W W W W W W W S")
    for rules in (STANDARD, PER_PHASE):
        for ph in rules.phases:
            assert find_phase(hand, ph, rules) is None
            assert laydowns(hand, ph, rules) == []
    assert problem("set W=5 W=5 W=5 | set W=7 W=7 W=7", 1, PER_PHASE) == (
        "P10-R07: a phase needs at least one natural card (D-04)"
    )


# --- laydown_problem (P10-R15, P10-R18, D-14) ------------------------------------------------


def test_p10_r18_extra_group_rejected() -> None:
    assert problem("set R5 B5 W | set R8 G8 W | set Y1 W B1", 1) == (
        "P10-R18: phase 1 needs exactly 2 groups (set of 3 + set of 3), not 3"
    )


def test_p10_r15_missing_group_rejected() -> None:
    """Half a phase may not go down (P10-R15); P10-R18 is about groups beyond the phase's."""
    message = problem("set R5 B5 W", 1)
    assert message is not None
    assert message.startswith("P10-R15:")


def test_p10_r18_bigger_groups_accepted() -> None:
    assert problem("set R5 B5 W Y5 G5 | set R8 G8 W", 1) is None
    assert problem("set R5 B5 Y5 | run R1 R2 R3 R4 R5 R6", 2) is None
    assert problem("colour G1 G2 G3 G4 G5 G6 G7 G8 W=G", 8) is None


def test_p10_r15_wrong_kind_rejected() -> None:
    assert problem("set R5 B5 Y5 | set R1 B1 Y1 G1", 2) == (
        "P10-R15: phase 2 needs set of 3 + run of 4, not set of 3 + set of 4"
    )


def test_p10_r15_group_too_small_rejected() -> None:
    message = problem("set R5 B5 Y5 G5 W | set R1 B1", 10)
    assert message is not None
    assert message.startswith("P10-R15:")


def test_p10_r15_alike_requirements_in_either_order() -> None:
    assert problem("set R1 B1 | set R5 B5 Y5 G5 W", 9) is None
    assert problem("run R1 R2 R3 R4 | set R5 B5 Y5", 2) is None


def test_p10_r04_group_problem_is_reported() -> None:
    assert problem("set R5 B5 Y5 | run R10 R11 R12 W", 2) == (
        "P10-R04: a run uses numbers 1 to 12 only (D-01)"
    )


# --- laydowns: canonical and duplicate-free --------------------------------------------------


def test_laydowns_alike_sets_listed_once() -> None:
    assert all_laydowns("R5 B5 Y5 R7 B7 Y7", 1) == [["set R5 B5 Y5", "set R7 B7 Y7"]]


def test_laydowns_identical_copies_listed_once() -> None:
    assert all_laydowns("R5 R5 B5 B5", 9) == []
    assert all_laydowns("R5 R5 B5 B5 W R1 R1", 9) == [["set R5 R5 B5 B5 W=5", "set R1 R1"]]


def test_d27_laydowns_phase1_same_number_split_once() -> None:
    # {R5,R5,B5,B5,Y5,Y5} splits into two unordered triples in exactly 4 ways.
    assert all_laydowns("R5 R5 B5 B5 Y5 Y5", 1) == [
        ["set R5 R5 B5", "set B5 Y5 Y5"],
        ["set R5 R5 Y5", "set B5 B5 Y5"],
        ["set R5 B5 B5", "set R5 Y5 Y5"],
        ["set R5 B5 Y5", "set R5 B5 Y5"],
    ]


def test_p10_r08_laydowns_ignore_skips() -> None:
    with_skips = laydowns(parse_cards("R5 B5 Y5 R7 B7 W S S"), phase(1), STANDARD)
    without = laydowns(parse_cards("R5 B5 Y5 R7 B7 W"), phase(1), STANDARD)
    assert with_skips == without


def test_find_phase_ignores_input_order() -> None:
    rng = random.Random(4)
    for _ in range(200):
        hand = rng.sample(DECK, 11)
        for rules in ALL_RULES:
            for ph in rules.phases:
                expected = find_phase(hand, ph, rules)
                shuffled = hand[:]
                rng.shuffle(shuffled)
                assert find_phase(tuple(shuffled), ph, rules) == expected


def test_generic_phase_shapes() -> None:
    two_runs = Phase(11, (GroupReq(Kind.RUN, 3), GroupReq(Kind.RUN, 3)))
    found = find_phase(parse_cards("R1 R2 R3 B1 B2 W"), two_runs, STANDARD)
    assert found is not None
    check_laydown(parse_cards("R1 R2 R3 B1 B2 W"), found, two_runs, STANDARD)
    assert wilds_used(found) == 1
    mixed = Phase(12, (GroupReq(Kind.COLOUR, 3), GroupReq(Kind.SET, 2)))
    assert find_phase(parse_cards("G1 G2 G3 R2"), mixed, STANDARD) is None
    assert find_phase(parse_cards("G1 G2 G3 R2 B2"), mixed, STANDARD) is not None


# --- Properties and brute force ------------------------------------------------------------

hands_from_deck = st.lists(st.integers(0, len(DECK) - 1), min_size=8, max_size=14, unique=True).map(
    lambda picks: tuple(DECK[i] for i in picks)
)

wild_heavy_hands = st.tuples(
    st.lists(st.integers(0, NUMBERED - 1), min_size=2, max_size=9),
    st.integers(0, 8),
    st.integers(0, 2),
).map(
    lambda t: tuple([Card(c) for c in t[0]] + [Card(WILD_CODE)] * t[1] + [Card(SKIP_CODE)] * t[2])
)


def check_hand(hand: tuple[Card, ...]) -> None:
    for rules in ALL_RULES:
        for ph in rules.phases:
            found = find_phase(hand, ph, rules)
            options = laydowns(hand, ph, rules)
            assert (found is None) == (not options), (format_cards(hand), str(ph))
            assert len(set(options)) == len(options)
            assert options == sorted(options, key=lambda gs: tuple((g.values, g.cards) for g in gs))
            for groups in options:
                check_laydown(hand, groups, ph, rules)
            if found is not None:
                check_laydown(hand, found, ph, rules)
                assert found in options
                assert wilds_used(found) == min(wilds_used(gs) for gs in options)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands_from_deck)
def test_property_find_phase_agrees_with_laydowns(hand: tuple[Card, ...]) -> None:
    check_hand(hand)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(wild_heavy_hands)
def test_property_wild_heavy_hands(hand: tuple[Card, ...]) -> None:
    check_hand(hand)


def brute_force(hand: Sequence[int], ph: Phase, rules: RuleSet) -> set[tuple[Group, ...]]:
    """Every lay-down by trying every card subset and every wild value: slow but obvious."""
    candidates: list[list[Group]] = []
    for req in ph.groups:
        groups: set[Group] = set()
        for combo in set(itertools.combinations(sorted(hand), req.size)):
            naturals = [c for c in combo if c < NUMBERED]
            if len(naturals) + combo.count(WILD_CODE) != len(combo):
                continue
            value_range = range(4) if req.kind is Kind.COLOUR else range(1, 13)
            for wild_values in itertools.product(value_range, repeat=len(combo) - len(naturals)):
                pairs = [
                    (c, c // 12 if req.kind is Kind.COLOUR else NUMBER_OF[c]) for c in naturals
                ]
                pairs += [(WILD_CODE, v) for v in wild_values]
                group = Group.make(req.kind, pairs)
                if group_problem(group, need_natural=False) is None:
                    groups.add(group)
        candidates.append(sorted(groups, key=lambda g: (g.values, g.cards)))
    out: set[tuple[Group, ...]] = set()
    held = Counter(hand)
    for choice in itertools.product(*candidates):
        used = Counter(c for g in choice for c in g.cards)
        if any(held[c] < k for c, k in used.items()):
            continue
        if laydown_problem(choice, ph, rules) is not None:
            continue
        ordered = list(choice)
        for i, req in enumerate(ph.groups):
            for j in range(i):
                if ph.groups[j] == req and (ordered[i].values, ordered[i].cards) < (
                    ordered[j].values,
                    ordered[j].cards,
                ):
                    ordered[i], ordered[j] = ordered[j], ordered[i]
        out.add(tuple(ordered))
    return out


SMALL_PHASES = (
    Phase(21, (GroupReq(Kind.SET, 2), GroupReq(Kind.SET, 2))),
    Phase(22, (GroupReq(Kind.SET, 2), GroupReq(Kind.RUN, 3))),
    Phase(23, (GroupReq(Kind.RUN, 4),)),
    Phase(24, (GroupReq(Kind.COLOUR, 3), GroupReq(Kind.SET, 2))),
    Phase(25, (GroupReq(Kind.RUN, 2), GroupReq(Kind.RUN, 2))),
    Phase(1, (GroupReq(Kind.SET, 3), GroupReq(Kind.SET, 3))),
    Phase(2, (GroupReq(Kind.SET, 3), GroupReq(Kind.RUN, 4))),
)

small_hands = st.tuples(
    st.lists(st.integers(0, 23).map(lambda i: (i % 4) * 12 + i // 4), min_size=2, max_size=7),
    st.integers(0, 2),
    st.integers(0, 1),
).map(
    lambda t: tuple([Card(c) for c in t[0]] + [Card(WILD_CODE)] * t[1] + [Card(SKIP_CODE)] * t[2])
)


@pytest.mark.parametrize("ph", SMALL_PHASES, ids=lambda p: f"phase{p.number}")
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=small_hands)
def test_brute_force_cross_check(ph: Phase, hand: tuple[Card, ...]) -> None:
    for rules in (STANDARD, PER_PHASE):
        expected = brute_force(hand, ph, rules)
        found = laydowns(hand, ph, rules)
        assert set(found) == expected, format_cards(hand)
        assert len(found) == len(expected)
        assert (find_phase(hand, ph, rules) is None) == (not expected)
