"""Rulebook tests for the programmes game: one or more per AMZ-R01..R32 and E-01..E-31."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from phase10.games.phase10.actions import Draw, Source
from phase10.games.phase10.rules import Kind
from phase10.games.phase10.state import Stage
from phase10.games.programmes.actions import DiscardCard, Reveal, SwapProgram
from phase10.games.programmes.cards import JOKER, programme_deck
from phase10.games.programmes.combos import Combination, combination_problem
from phase10.games.programmes.finder import find_programme, reveal_problem
from phase10.games.programmes.programs import (
    DEFAULT_PROGRAMS,
    program_by_id,
    program_from_dict,
    program_problem,
)
from phase10.games.programmes.rules import ProgrammeRules
from phase10.games.programmes.state import ProgrammeEventKind as K
from phase10.games.programmes.turns import legal_actions, new_game
from phase10.games.programmes.view import view_for
from phase10.kernel.errors import RulesError

from .helpers import cards, deal, illegal, play


def prg(ident: str):  # type: ignore[no-untyped-def]
    return program_by_id(DEFAULT_PROGRAMS, ident)


JUNK = "3S 5H 7D 9C JS KH 4D 6C 8S 10H QD AC 3H"
JUNK2 = "4S 6H 8D 10C QS AH 5D 7C 9S JH KD 3C 4H"


def test_amz_r01_two_packs_with_four_jokers() -> None:
    deck = programme_deck()
    assert len(deck) == 108
    assert deck.count(JOKER) == 4
    assert Counter(deck)[cards("QD")[0]] == 2


def test_amz_r02_and_e05_every_two_and_joker_is_wild_never_natural() -> None:
    assert sum(c.is_wild for c in programme_deck()) == 12
    assert combination_problem(Combination.parse("set 2S=2 2H=2 JK=2")) is not None
    run = Combination.parse("run AD 2D 3D 4D")  # the seed's A-2-3-4: the 2 is a wild there
    assert combination_problem(run) is None
    assert run.wilds == 1
    assert find_programme(cards("AD 2D 3D 4D"), prg("PRG-29")) is None  # no-wild run of 4


def test_amz_r03_c9_deck_has_50_programs_and_two_suns() -> None:
    assert sum(p.copies for p in DEFAULT_PROGRAMS if not p.sun) == 50
    assert [p.id for p in DEFAULT_PROGRAMS if p.sun] == ["SUN-1", "SUN-2"]


@pytest.mark.parametrize("players", [1, 7])
def test_amz_r04_and_e01_two_to_six_players(players: int) -> None:
    with pytest.raises(RulesError, match="E-01"):
        new_game(ProgrammeRules(), players=players, seed=1)


def test_amz_r05_and_e02_first_spade_deals_and_two_of_spades_counts() -> None:
    from .helpers import dealer_order

    deck = list(programme_deck())
    two_spades = cards("2S")[0]
    hearts = [c for c in deck if c.suit == 1][:2]
    for c in (*hearts, two_spades, JOKER):
        deck.remove(c)
    order = (JOKER, *hearts, two_spades, *deck)  # joker is not a spade; 2S reaches seat 3
    state = new_game(ProgrammeRules(), players=4, seed=1, decks=[order])
    assert state.dealer == 3
    assert state.events[0].kind is K.FIRST_DEALER
    assert new_game(ProgrammeRules(), 3, 1, decks=[dealer_order(3, 1)]).dealer == 1


def test_amz_r06_and_e28_programs_are_secret() -> None:
    state = deal([JUNK, JUNK2], programs=["PRG-08", "PRG-01"])
    mine, theirs = view_for(state, 0), view_for(state, 1)
    assert mine.program is not None
    assert mine.program.id == "PRG-08"
    assert theirs.players[0].program is None
    assert all(not e.programs for e in theirs.events if e.seat == 0)


def test_amz_r07_e03_sun_card_replaced_at_once() -> None:
    state = deal(
        [JUNK, JUNK2], programs=["PRG-08", "PRG-01"], program_deck=["SUN-1", "PRG-08", "PRG-01"]
    )
    assert [DEFAULT_PROGRAMS[i].id for i in state.players[0].done] == ["SUN-1"]
    assert DEFAULT_PROGRAMS[state.players[0].program].id == "PRG-08"
    sun = [e for e in view_for(state, 1).events if e.kind is K.SUN_CARD]
    assert sun
    assert sun[0].programs


def test_e03_and_amz_r27_sun_card_can_win_at_the_deal() -> None:
    rules = ProgrammeRules(programs_to_win=1, hand_size=13)
    state = deal([JUNK, JUNK2], rules=rules, program_deck=["PRG-01", "SUN-2"])
    assert state.stage is Stage.OVER
    assert state.outcome is not None
    assert state.outcome.winner == 1
    assert state.outcome.reason == "sun_cards"


def test_amz_r08_and_e29_thirteen_cards_each_and_a_turned_up_card() -> None:
    state = new_game(ProgrammeRules(), players=6, seed=3)
    assert [len(p.hand) for p in state.players] == [13] * 6
    assert len(state.discard_pile) == 1
    assert len(state.draw_pile) == 108 - 78 - 1


def test_amz_r09_left_of_dealer_starts_and_play_goes_clockwise() -> None:
    state = deal([JUNK, JUNK2, JUNK])
    assert state.dealer == 2
    assert state.current == 0
    state = play(state, "draw", "discard 3S")
    assert state.current == 1


def test_amz_r10_a_turn_starts_with_a_draw() -> None:
    state = deal([JUNK, JUNK2])
    illegal(state, "discard 3S", "AMZ-R10")
    assert [str(a) for a in legal_actions(state)] == ["draw", "take"]


def test_amz_r11_e09_reveal_once_per_manche_on_own_turn() -> None:
    state = deal(["3H 4H 5H 6H 9S", "4S 6H 8D 10C QS"], draw="KC", programs=["PRG-08", "PRG-08"])
    state = play(state, "draw", "reveal run 3H 4H 5H 6H")
    illegal(state, "reveal run 3H 4H 5H 6H", "E-09")


def test_amz_r12_and_amz_r22_no_cards_to_the_table_before_revealing() -> None:
    state = deal(
        ["3H 4H 5H 6H 9S 9D", "7S 7H 7D 10C QS KS"], draw="KC 8H", programs=["PRG-08", "PRG-08"]
    )
    state = play(state, "draw", "reveal run 3H 4H 5H 6H", "discard KC", "draw")
    illegal(state, "extend 7S on 0.0", "AMZ-R22")
    illegal(state, "meld set 7S 7H 7D", "AMZ-R22")


def test_amz_r13_and_amz_r24_turn_ends_with_a_discard() -> None:
    state = deal(
        ["3H 4H 5H 6H 9S 9D", "4S 6H 8D 10C QS AH"], draw="KC", programs=["PRG-08", "PRG-08"]
    )
    state = play(state, "draw", "reveal run 3H 4H 5H 6H")
    assert state.current == 0
    assert state.stage is Stage.PLAY
    state = play(state, "discard KC")
    assert state.current == 1


def test_amz_r14_e08_exact_counts_and_all_directives() -> None:
    hand = cards("4S 5S 6S 7S 7H 7D 7C")
    state = deal(
        ["4S 5S 6S 7S 7H 7D 7C 9D", "4H 6H 8D 10C QS AH 5D 7C"],
        draw="KC",
        programs=["PRG-31", "PRG-08"],
    )
    state = play(state, "draw")
    illegal(state, "reveal run 4S 5S 6S 7S", "AMZ-R14")  # a directive missing
    illegal(state, "reveal run 4S 5S 6S 7S | set 7H 7D 7C 2S", "AMZ-R14")  # not held / wrong size
    assert find_programme(hand, prg("PRG-31")) is not None
    after = play(state, "reveal run 4S 5S 6S 7S | set 7H 7D 7C")
    assert len(after.table[0]) == 2


def test_amz_r15_runs_one_suit_sets_one_value() -> None:
    assert combination_problem(Combination(Kind.RUN, cards("4H 5H 6H 7D"), (4, 5, 6, 7), 1))
    assert combination_problem(Combination.make(Kind.SET, [(c, 7) for c in cards("7H 7S 8D")]))
    assert combination_problem(Combination.parse("set 7H 7S 7C")) is None


def test_amz_r16_fixed_values_suits_multiplier_no_wild() -> None:
    assert find_programme(cards("3S 4S 5S"), prg("PRG-16")) is not None
    assert find_programme(cards("4S 5S 6S"), prg("PRG-16")) is None
    assert find_programme(cards("8H 9H JK JH"), prg("PRG-22")) is None  # hearts not allowed
    assert find_programme(cards("8C 9C JK JC"), prg("PRG-22")) is not None
    assert find_programme(cards("7D 7S 7C 9S 9D JK 3H 3D"), prg("PRG-02")) is None
    assert find_programme(cards("AC AS AH 8H 8C 8S"), prg("PRG-27")) is not None
    assert find_programme(cards("AC AS JK 8H 8C 8S"), prg("PRG-27")) is None


def test_amz_r17_and_e07_every_combination_needs_a_natural() -> None:
    assert "AMZ-R17" in (combination_problem(Combination.parse("set JK=7 2S=7 2H=7")) or "")
    state = deal(
        ["3H 4H 5H 6H JK 2S 2D", "4S 6H 8D 10C QS AH 5D"], draw="KC", programs=["PRG-08", "PRG-08"]
    )
    state = play(state, "draw", "reveal run 3H 4H 5H 6H")
    illegal(state, "meld set JK=9 2S=9 2D=9", "AMZ-R17")


def test_amz_r18_revealed_program_counts_and_stays_face_up() -> None:
    state = deal(["3H 4H 5H 6H 9S", "4S 6H 8D 10C QS"], draw="KC", programs=["PRG-08", "PRG-08"])
    state = play(state, "draw", "reveal run 3H 4H 5H 6H")
    view = view_for(state, 1)
    assert view.players[0].program is not None
    assert view.players[0].program.id == "PRG-08"
    assert [p.id for p in view.players[0].done] == ["PRG-08"]


def test_amz_r19_one_program_per_manche() -> None:
    state = deal(
        ["3H 4H 5H 6H 7H 8H 9H 10H 9S", "4S 6H 8D 10C QS AH 5D 7C 9S"],
        draw="KC",
        programs=["PRG-08", "PRG-08"],
    )
    state = play(state, "draw", "reveal run 3H 4H 5H 6H")
    assert not any(isinstance(a, Reveal) for a in legal_actions(state))


def test_amz_r20_e14_e15_new_sets_and_extensions_after_revealing() -> None:
    state = deal(
        ["3H 4H 5H 6H 7H 9S 9D 9C KS", "4S 6H 8D 10C QS AH 5D 7C 8C"],
        draw="KC",
        programs=["PRG-08", "PRG-08"],
    )
    state = play(state, "draw", "reveal run 3H 4H 5H 6H", "extend 7H on 0.0", "meld set 9S 9D 9C")
    assert [str(c) for c in state.table[0]] == ["run 3H 4H 5H 6H 7H", "set 9S 9D 9C"]
    illegal(state, "meld set KS KC", "E-14")


def test_amz_r20_extend_other_players_combinations() -> None:
    hands = ["3H 4H 5H 6H 7S 9D", "7C 7H 7D 2S 10C QS", "4S 6H 8D 10D QC AH"]
    state = deal(hands, draw="KC 8H 5C", programs=["PRG-08", "PRG-03", "PRG-08"])
    state = play(state, "draw", "reveal run 3H 4H 5H 6H", "discard KC")
    state = play(state, "draw", "reveal set 7H 7D 7C 2S=7", "discard 8H")
    state = play(state, "draw", "discard 5C", "draw", "extend 7S on 1.0")
    assert len(state.table[1][0].cards) == 5


def test_amz_r21_never_a_new_run() -> None:
    state = deal(
        ["3H 4H 5H 6H 9S 10S JS", "4S 6H 8D 10C QS AH 5D"], draw="KC", programs=["PRG-08", "PRG-08"]
    )
    state = play(state, "draw", "reveal run 3H 4H 5H 6H")
    illegal(state, "meld run 9S 10S JS", "AMZ-R21")


def test_amz_r23_combinations_never_split() -> None:
    from phase10.games.programmes.actions import parse_programme_action

    with pytest.raises(Exception, match="not an action"):
        parse_programme_action("split 0.0")


def test_amz_r25_e06_wild_keeps_its_value() -> None:
    run = Combination.parse("run 8S 9S 2D JS")
    assert str(run) == "run 8S 9S 2D=10S JS"
    from phase10.games.programmes.combos import extended, extension_values

    grown = extended(run, cards("QS")[0], 12)
    assert grown.values == (8, 9, 10, 11, 12)
    assert grown.cards[2] == cards("2D")[0]
    assert extension_values(grown, cards("10S")[0]) == ()


def test_amz_r26_e04_ace_low_or_high_no_wrap() -> None:
    assert combination_problem(Combination.parse("run JH QH KH AH")) is None
    assert combination_problem(Combination.parse("run AH 2H 3H")) is None
    assert combination_problem(Combination.parse("run KS AS 2S=2S")) is not None
    from phase10.games.programmes.combos import extension_values

    assert extension_values(Combination.parse("run JH QH KH AH"), JOKER) == (10,)
    assert extension_values(Combination.parse("run AH 2H 3H"), JOKER) == (4,)


def test_amz_r28_e18_going_out_by_laying_out() -> None:
    state = deal(["3H 4H 5H 6H", "4S 6H 8D 10C"], draw="7H", programs=["PRG-08", "PRG-08"])
    state = play(state, "draw", "reveal run 3H 4H 5H 6H", "extend 7H on 0.0")
    kinds = [e.kind for e in state.events]
    assert K.WENT_OUT in kinds
    assert K.HAND_ENDED in kinds
    assert state.hand_number == 1


def test_amz_r28_going_out_by_discarding() -> None:
    state = deal(["3H 4H 5H 6H", "4S 6H 8D 10C"], draw="KC", programs=["PRG-08", "PRG-08"])
    state = play(state, "draw", "reveal run 3H 4H 5H 6H", "discard KC")
    assert state.hand_number == 1
    assert K.WENT_OUT in [e.kind for e in state.events]


def test_amz_r29_e31_only_revealers_get_a_new_program_and_deal_moves() -> None:
    state = deal(
        ["3H 4H 5H 6H", "4S 6H 8D 10C"],
        draw="KC",
        programs=["PRG-08", "PRG-01"],
        program_deck=["PRG-08", "PRG-01", "PRG-20"],
    )
    state = play(state, "draw", "reveal run 3H 4H 5H 6H", "discard KC")
    assert state.dealer == 0
    assert DEFAULT_PROGRAMS[state.players[0].program].id == "PRG-20"
    assert DEFAULT_PROGRAMS[state.players[1].program].id == "PRG-01"
    assert state.players[1].failed == 1
    assert [len(p.hand) for p in state.players] == [4, 4]


def test_amz_r30_e20_five_programs_win_at_once_mid_manche() -> None:
    rules = ProgrammeRules(programs_to_win=1, hand_size=6)
    state = deal(
        ["3H 4H 5H 6H 9S 9D", "4S 6H 8D 10C QS AH"],
        draw="KC",
        rules=rules,
        programs=["PRG-08", "PRG-08"],
    )
    state = play(state, "draw", "reveal run 3H 4H 5H 6H")
    assert state.outcome is not None
    assert state.outcome.reason == "five_programs"
    assert len(state.players[0].hand) == 3  # still holding cards
    assert ProgrammeRules().programs_to_win == 5


def test_amz_r31_e21_swap_flag() -> None:
    off = deal(["3S 5H", "4S 6H"], programs=["PRG-07", "PRG-12"])
    illegal(off, "swap", "AMZ-R31")
    rules = ProgrammeRules(program_swap_after=1, hand_size=2)
    state = deal(
        ["3S 5H", "3C 4C"],
        draw="KC 5C",
        rules=rules,
        programs=["PRG-07", "PRG-16"],
        program_deck=["PRG-07", "PRG-16", "PRG-17", "PRG-12"],
    )
    illegal(state, "swap", "E-21")
    state = play(state, "draw", "discard KC", "draw", "reveal run 3C 4C 5C")
    assert state.hand_number == 1
    assert state.current == 1
    assert state.players[0].may_swap
    assert state.players[0].failed == 1
    state = play(state, "draw", f"discard {state.players[1].hand[0]}")
    assert SwapProgram() in legal_actions(state)
    old = state.players[0].program
    state = play(state, "swap")
    assert DEFAULT_PROGRAMS[state.players[0].program].id == "PRG-12"
    assert state.program_deck[0] == old
    assert state.players[0].failed == 0
    illegal(state, "swap", "E-21")


def test_amz_r32_e23_no_points_only_programs() -> None:
    state = deal(["3H 4H 5H 6H", "4S 6H 8D 10C"], draw="KC", programs=["PRG-08", "PRG-08"])
    state = play(state, "draw", "reveal run 3H 4H 5H 6H", "discard KC")
    ended = next(e for e in state.events if e.kind is K.HAND_ENDED)
    assert ended.scores == (1, 0)


def test_e10_allowed_suits_for_sets_and_wilds() -> None:
    assert find_programme(cards("7H 7D JK 9H 9D 9D"), prg("PRG-24")) is not None
    assert find_programme(cards("7H 7S JK 9H 9D 9D"), prg("PRG-24")) is None


def test_e11_mixed_suit_run_is_illegal() -> None:
    assert find_programme(cards("4H 5H 6H 7D 8S"), prg("PRG-23")) is None


def test_e12_multiplied_combinations_may_repeat() -> None:
    assert find_programme(cards("7S 7S 7H 7H 7D 7C"), prg("PRG-01")) is not None


def test_e13_constraints_do_not_bind_later_additions() -> None:
    state = deal(
        ["AC AS AH 8H 8C 8S JK 9D", "4S 6H 8D 10C QS AH 5D 7C"],
        draw="KC",
        programs=["PRG-27", "PRG-08"],
    )
    state = play(state, "draw", "reveal set AS AH AC | set 8S 8H 8C", "extend JK on 0.0")
    assert state.table[0][0].wilds == 1


def test_e14_new_set_any_value_even_one_on_the_table() -> None:
    state = deal(
        ["7S 7H 7D 7C 7S 7H JK 9D", "4S 6H 8D 10C QS AH 5D 7C"],
        draw="KC",
        programs=["PRG-03", "PRG-08"],
    )
    state = play(state, "draw", "reveal set 7S 7H 7D 7C", "meld set 7S 7H JK")
    assert len(state.table[0]) == 2


def test_e15_runs_extend_at_their_ends_in_suit() -> None:
    state = deal(
        ["3H 4H 5H 6H 7D 8H 2C", "4S 6H 8D 10C QS AH 5D"], draw="KC", programs=["PRG-08", "PRG-08"]
    )
    state = play(state, "draw", "reveal run 3H 4H 5H 6H")
    illegal(state, "extend 7D on 0.0", "E-15")
    illegal(state, "extend 8H on 0.0", "E-15")
    illegal(state, "extend 2C on 0.0", "E-15")  # a wild on a run: say which end
    state = play(state, "extend 2C=7 on 0.0", "extend 8H on 0.0")
    assert state.table[0][0].high == 8


def test_e16_one_card_rule() -> None:
    state = deal(["3H 4H 5H 6H 9S", "4S 6H 8D 10C QS"], draw="KC 8H", programs=["PRG-08", "PRG-08"])
    state = play(state, "draw", "reveal run 3H 4H 5H 6H", "discard KC", "draw", "discard 8H")
    assert len(state.players[0].hand) == 1
    illegal(state, "take", "E-16")
    assert legal_actions(state) == (Draw(Source.DRAW_PILE),)


def test_e17_reserve_reshuffled_from_discards() -> None:
    state = new_game(ProgrammeRules(), players=2, seed=5)
    state = state.evolve(draw_pile=(), discard_pile=(*state.discard_pile, *cards("5H 6H 7H")))
    state = play(state, "draw")
    assert any(e.kind is K.RESHUFFLED for e in state.events)
    assert len(state.discard_pile) == 1


def test_e19_everyone_revealed_ends_the_manche() -> None:
    state = deal(["3H 4H 5H 6H 9S", "3S 4S 5S 6S 9D"], draw="KC KD", programs=["PRG-08", "PRG-08"])
    state = play(
        state, "draw", "reveal run 3H 4H 5H 6H", "discard KC", "draw", "reveal run 3S 4S 5S 6S"
    )
    kinds = [e.kind for e in state.events]
    assert K.ALL_REVEALED in kinds
    assert state.hand_number == 1


def test_e22_program_deck_runs_out() -> None:
    one = [{"id": "ONLY", "copies": 1, "directives": [{"mult": 1, "kind": "run", "len": 4}]}]
    rules = ProgrammeRules(programs=(program_from_dict(one[0]),), hand_size=4)
    state = new_game(rules, players=2, seed=2)
    assert sorted(p.program for p in state.players) == [-1, 0]
    assert any(e.kind is K.NO_PROGRAM for e in state.events)


def test_e24_wilds_may_be_discarded_and_taken() -> None:
    state = deal(["JK 4H", "4S 6H"], draw="KC", programs=["PRG-08", "PRG-08"])
    state = play(state, "draw", "discard JK", "take")
    assert JOKER in state.players[1].hand


def test_e25_order_of_actions() -> None:
    state = deal(["3H 4H 5H 6H 9S", "4S 6H 8D 10C QS"], draw="KC", programs=["PRG-08", "PRG-08"])
    illegal(state, "reveal run 3H 4H 5H 6H", "AMZ-R10")
    state = play(state, "draw")
    illegal(state, "draw", "E-25")


def test_e26_combinations_belong_to_who_laid_them() -> None:
    state = deal(["3H 4H 5H 6H 9S", "4S 6H 8D 10C QS"], draw="KC", programs=["PRG-08", "PRG-08"])
    state = play(state, "draw", "reveal run 3H 4H 5H 6H")
    assert state.table[0]
    assert not state.table[1]


def test_e27_no_wild_card_with_a_fixed_two_is_rejected() -> None:
    bad = {
        "id": "BAD-1",
        "no_wild": True,
        "directives": [{"mult": 1, "kind": "run", "len": 3, "values": ["A", "2", "3"]}],
    }
    problem = program_problem(bad)
    assert problem is not None
    assert problem.startswith("BAD-1: directives[0].values")
    assert "E-27" in problem
    assert "a run of 14" in (
        program_problem({"id": "R", "directives": [{"mult": 1, "kind": "run", "len": 14}]}) or ""
    )
    assert "BAD-2: directives" in (
        program_problem({"id": "BAD-2", "directives": [{"mult": 3, "kind": "set", "len": 5}]}) or ""
    )


def test_e27_user_deck_file_is_validated(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from phase10.games.programmes.programs import load_program_deck

    path = tmp_path / "deck.json"
    path.write_text(json.dumps([{"id": "A", "directives": [{"mult": 1, "kind": "set", "len": 3}]}]))
    assert [c.id for c in load_program_deck(path)] == ["A"]
    path.write_text(
        json.dumps(
            [
                {
                    "id": "A",
                    "no_wild": True,
                    "suits": ["S"],
                    "directives": [{"mult": 1, "kind": "set", "len": 3}],
                }
            ]
        )
    )
    with pytest.raises(RulesError, match=r"A: directives\[0\].len"):
        load_program_deck(path)


def test_e30_bottom_constraints_bind_every_directive() -> None:
    card = program_from_dict(
        {
            "id": "T",
            "no_wild": True,
            "directives": [
                {"mult": 1, "kind": "run", "len": 3},
                {"mult": 1, "kind": "set", "len": 3},
            ],
        }
    )
    assert find_programme(cards("3S 4S 5S 9D 9H JK"), card) is None
    assert find_programme(cards("3S 4S 5S 9D 9H 9C"), card) is not None
    assert reveal_problem((Combination.parse("run 3S 4S 5S"),), card) is not None


def test_c8_seed_examples() -> None:
    assert find_programme(cards("3H 4H 5H 6H"), prg("PRG-08"))
    assert find_programme(cards("7H 7S 7D 2S 7C JK"), prg("PRG-06"))
    assert find_programme(cards("2S 5H 5C 5S 2H"), prg("PRG-17"))
    assert find_programme(cards("4S 5S 6S 7S 2H"), prg("PRG-23"))
    assert find_programme(cards("2S 3H 3D 7D 7S 7C 9S 9D JK"), prg("PRG-02"))


def test_default_deck_discard_action_notation() -> None:
    assert str(DiscardCard(cards("10H")[0])) == "discard 10H"
