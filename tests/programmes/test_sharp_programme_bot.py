"""The programmes game's ``sharp`` bot (the ``hard`` level): legal, deterministic, and each
thing it does that ``greedy`` does not, on a small hand-made deal, with the rule it uses."""

from __future__ import annotations

import random

import pytest

from phase10.bots import make_bot
from phase10.games.programmes.actions import DiscardCard
from phase10.games.programmes.cards import parse_playing_cards
from phase10.games.programmes.greedy import GreedyProgrammeBot
from phase10.games.programmes.programs import DEFAULT_PROGRAMS, program_by_id
from phase10.games.programmes.rules import ProgrammeRules
from phase10.games.programmes.sharp import PAIR_WEIGHT, SharpProgrammeBot, need
from phase10.games.programmes.state import ProgrammeState
from phase10.games.programmes.turns import apply_action, new_game
from phase10.games.programmes.view import ProgrammeView, view_for
from phase10.kernel.actions import Draw, Source
from phase10.kernel.kinds import Kind

from .helpers import cards, deal, play

TAKE = Draw(Source.DISCARD_PILE)
DRAW = Draw(Source.DRAW_PILE)


def _choices(state: ProgrammeState) -> tuple[object, object, ProgrammeView]:
    view = view_for(state, state.current)
    rng = random.Random(0)
    return SharpProgrammeBot().choose(view, rng), GreedyProgrammeBot().choose(view, rng), view


def _discarded(action: object) -> str:
    assert isinstance(action, DiscardCard), action
    return str(action.card)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_choice_is_legal_and_the_game_ends(players: int) -> None:
    """Every action is one of ``view.legal`` (AMZ-R10..R24) and whole games finish (AMZ-R30)."""
    for seed in range(3):
        state = new_game(ProgrammeRules(), players=players, seed=seed)
        bots = [SharpProgrammeBot() for _ in range(players)]
        rngs = [random.Random(seed * 10 + s) for s in range(players)]
        for _ in range(20_000):
            if state.outcome is not None:
                break
            view = view_for(state, state.current)
            action = bots[state.current].choose(view, rngs[state.current])
            assert action in view.legal
            state = apply_action(state, action)
        assert state.outcome is not None


def test_deterministic_given_the_generator() -> None:
    """The same view and the same generator seed give the same action, every time."""
    state = new_game(ProgrammeRules(), players=2, seed=5)
    first: list[str] = []
    for attempt in range(2):
        replay = state
        rngs = [random.Random(1), random.Random(2)]
        actions: list[str] = []
        while replay.outcome is None and len(actions) < 300:
            action = SharpProgrammeBot().choose(
                view_for(replay, replay.current), rngs[replay.current]
            )
            actions.append(str(action))
            replay = apply_action(replay, action)
        if attempt == 0:
            first = actions
        else:
            assert actions == first


def test_hard_level_is_sharp_in_the_programmes_game() -> None:
    """``hard`` is the game's strongest heuristic, now its own ``sharp``."""
    assert isinstance(make_bot("hard", "programmes"), SharpProgrammeBot)
    assert make_bot("sharp", "programmes").name == "sharp"


def test_amz_r16_need_counts_fixed_values_and_no_wild_runs() -> None:
    """AMZ-R16: fixed values count only those cards; under "no wilds" a run never passes the
    2 (E-05, E-30), and several combinations share no card (AMZ-R14)."""
    kings = program_by_id(DEFAULT_PROGRAMS, "PRG-20")  # a set of 4 kings
    unseen = [2] * 53
    assert need(cards("QS QH QD KS"), kings, unseen, 12).short == 3
    plain_run = program_by_id(DEFAULT_PROGRAMS, "PRG-29")  # a run of 4, no wilds
    assert need(cards("AS 3S 4S JK"), plain_run, unseen, 12).short == 2
    two_runs = program_by_id(DEFAULT_PROGRAMS, "PRG-13")  # two runs of 3
    assert need(cards("3H 4H 5H 9C 10C"), two_runs, unseen, 12).short == 1
    assert need(cards("3H 4H 5H 9C 10C JK"), two_runs, unseen, 12).short == 0


def test_amz_r16_keeps_the_cards_of_a_fixed_value_program() -> None:
    """AMZ-R16: a program of four kings wants kings; greedy values every pair alike and
    throws the highest, a king."""
    state = deal(
        [
            "KS KH 5S 5H 9D 9C 4S 4H 7D 7C JS JH QD",
            "3S 3H 6S 6H 8D 8C 10S 10H AD AC 3D 6D 8S",
        ],
        draw="QC",
        programs=["PRG-20", "PRG-08"],
    )
    state = play(state, "draw")
    sharp, greedy, _ = _choices(state)
    assert _discarded(greedy) in ("KS", "KH")
    assert _discarded(sharp) not in ("KS", "KH")


def test_amz_r10_takes_a_discard_that_brings_the_program_closer() -> None:
    """AMZ-R10, AMZ-R14: the 7D makes a third 7 for a set of 4; greedy takes only a card that
    completes the program."""
    state = deal(
        [
            "7S 7H 3C 5D 9S JH KC 4D 6C 8S 10H QD AC",
            "3S 3H 6S 6H 8D 8C 10S 10C AD AH 3D 6D 8H",
        ],
        turned_up="7D",
        programs=["PRG-03", "PRG-08"],
    )
    sharp, greedy, _ = _choices(state)
    assert (sharp, greedy) == (TAKE, DRAW)


def test_amz_r20_keeps_from_a_revealed_next_player_what_extends_the_table() -> None:
    """AMZ-R20: once the next player has revealed, a card that extends a combination on the
    table is one they take and lay at once; greedy throws its odd card, the 7H."""
    state = deal(
        [
            "7H 3C 3D 5S 5D 9S 9C JS JC KC KS 4D 4C",
            "3H 4H 5H 6H 8D 8C 10S 10C AD AH 3S 6D QD",
        ],
        draw="QS 8S 4S",
        programs=["PRG-03", "PRG-08"],
    )
    state = play(state, "draw", "discard QS", "draw", "reveal run 3H 4H 5H 6H", "discard 8S")
    state = play(state, "draw")
    sharp, greedy, _ = _choices(state)
    assert _discarded(greedy) == "7H"
    assert _discarded(sharp) != "7H"


def test_amz_r10_keeps_what_the_next_player_took_from_the_discard_pile() -> None:
    """AMZ-R10: the next player took the 7H, so another 7 may be what they collect; greedy
    throws its highest odd card, the 7D."""
    state = deal(
        [
            "7H 7D 3C 5S 5D 9S 9C JS JC KC KS 4D 4C",
            "3H 4H 6S 6H 8D 8C 10S 10C AD AH 3S 6D QD",
        ],
        draw="QS QC",
        programs=["PRG-03", "PRG-08"],
    )
    state = play(state, "draw", "discard 7H", "take", "discard QD", "draw")
    sharp, greedy, _ = _choices(state)
    assert _discarded(greedy) == "7D"
    assert _discarded(sharp) != "7D"


def test_amz_r25_never_throws_a_wild_even_one_its_program_forbids() -> None:
    """E-30, AMZ-R25: under "no wilds" a wild is no use before the reveal, and greedy throws
    a second one; but a wild is the card every opponent wants."""
    state = deal(
        [
            "JK 2S 7S 7H 7D 3C 5S 5D 9S 9C JS JC KC",
            "3H 4H 6S 6H 8D 8C 10S 10C AD AH 3S 6D QD",
        ],
        draw="KS",
        programs=["PRG-28", "PRG-08"],
    )
    state = play(state, "draw")
    sharp, greedy, _ = _choices(state)
    assert _discarded(greedy) in ("JK", "2S")
    assert _discarded(sharp) not in ("JK", "2S")


def test_amz_r20_takes_a_discard_that_makes_a_new_set() -> None:
    """AMZ-R20: after revealing, the 9D and the pair of 9s in hand are a new set; greedy
    takes only a card that extends the table."""
    state = deal(
        [
            "3H 4H 5H 6H 9S 9H JS QC 4D 8C 10S AD 5C",
            "3S 4S 6S 6D 8D 9D 10D 10C AC AH 3D QD KD",
        ],
        draw="KC 8H",
        programs=["PRG-08", "PRG-03"],
    )
    state = play(state, "draw", "reveal run 3H 4H 5H 6H", "discard KC", "draw", "discard 9D")
    sharp, greedy, _ = _choices(state)
    assert (sharp, greedy) == (TAKE, DRAW)


def test_amz_r20_keeps_a_card_one_step_from_the_end_of_a_run() -> None:
    """AMZ-R20: the QH goes on the run 7H-10H as soon as a JH or a wild comes; greedy, seeing
    no neighbour in hand, throws its highest card, the QH."""
    state = deal(
        ["7H 8H 9H 10H QH 3C 5S", "3S 4S 6S 6D 8D 9D KD"],
        draw="4D",
        programs=["PRG-08", "PRG-03"],
    )
    state = play(state, "draw", "reveal run 7H 8H 9H 10H")
    sharp, greedy, view = _choices(state)
    assert set(view.hand) == set(parse_playing_cards("QH 3C 5S 4D"))
    assert _discarded(greedy) == "QH"
    assert _discarded(sharp) != "QH"


def test_amz_r21_the_expert_plan_keeps_pairs_under_a_program_of_runs() -> None:
    """AMZ-R20, AMZ-R21: after the reveal only new sets and additions empty the hand, so the
    expert level's ``sharp`` (``pair_weight``) keeps pairs before its reveal even when its
    program asks for runs only. Wherever its discard differs from plain ``sharp``'s, the
    card it throws has fewer copies of its value in the hand than the one ``sharp`` throws:
    the plan changes nothing else (the hand's need, feeding the next player, its outs)."""
    plan, plain = SharpProgrammeBot(pair_weight=PAIR_WEIGHT), SharpProgrammeBot()
    differed = checked = 0
    for seed in range(10):
        state = new_game(ProgrammeRules(), players=2, seed=seed)
        rng = random.Random(seed)
        while state.outcome is None:
            view = view_for(state, state.current)
            action = plan.choose(view, rng)
            program = view.program
            if (
                isinstance(action, DiscardCard)
                and program is not None
                and not view.players[view.seat].revealed
            ):
                checked += 1
                usual = plain.discard_ranking(view)[0]
                runs_only = all(d.kind is Kind.RUN for d in program.directives)
                if action != usual:
                    assert runs_only
                    differed += 1
                    assert _copies(view, action) < _copies(view, usual)
            state = apply_action(state, action)
    assert checked > 300
    assert differed > 5


def _copies(view: ProgrammeView, action: DiscardCard) -> int:
    rank = action.card.rank
    return sum(1 for c in view.hand if not c.is_wild and c.rank == rank)
