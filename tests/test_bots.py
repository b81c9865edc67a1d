"""Computer players: they see only views, always pick a legal action, and greedy plays well."""

from __future__ import annotations

import dataclasses
import random
from itertools import combinations_with_replacement

import pytest

from phase10.api import find_variant
from phase10.bots import LEVELS, AnyBot, EpsilonBot, RandomBot, bot_names, make_bot
from phase10.games.phase10.actions import Action, Discard, Draw, Hit, LayDown, Source
from phase10.games.phase10.cards import CARDS, SKIP, WILD, full_deck, parse_cards
from phase10.games.phase10.evaluate import (
    closer_numbers,
    counts_of,
    distance,
    distance_counts,
    fits_any,
)
from phase10.games.phase10.finder import find_phase
from phase10.games.phase10.greedy import GreedyBot, target_phase
from phase10.games.phase10.groups import Group, parse_groups
from phase10.games.phase10.laydowns import laydowns
from phase10.games.phase10.rules import BASE_PHASES, PHASE3_SET5, PHASE10_SET4, RuleSet
from phase10.games.phase10.sharp import SharpBot
from phase10.games.phase10.state import GameState, Stage
from phase10.games.phase10.turns import apply_action, check_action, new_game
from phase10.games.phase10.view import PlayerView, view_for

VARIANTS = ["standard", "de_article", "nl_accessible", "pick_a_phase", "ten_hands"]


class ViewOnly:
    """Wraps a bot and checks that it is only ever handed a view of the seat to act."""

    def __init__(self, inner: AnyBot) -> None:
        self.inner = inner
        self.name = inner.name
        self.calls = 0

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        assert isinstance(view, PlayerView)
        assert not isinstance(view, GameState)
        assert view.my_turn
        self.calls += 1
        action: Action = self.inner.choose(view, rng)
        return action


def play_game(
    rules: RuleSet, bots: list[AnyBot], seed: int, *, max_actions: int = 20_000
) -> tuple[GameState, int]:
    """Play bots against each other, checking every action; returns the state and actions."""
    state = new_game(rules, len(bots), seed)
    rngs = [random.Random(f"test:{seed}:{seat}") for seat in range(len(bots))]
    actions = 0
    while state.outcome is None and actions < max_actions:
        seat = state.current
        action = bots[seat].choose(view_for(state, seat), rngs[seat])
        check_action(state, action)  # raises IllegalActionError with the rule id
        state = apply_action(state, action)
        actions += 1
    return state, actions


@pytest.mark.parametrize("variant", VARIANTS)
def test_bots_choose_only_legal_actions_and_see_only_views(variant: str) -> None:
    """Every decision passes check_action (P10-R13 order, D-19) under each profile/variant."""
    rules = find_variant(variant)
    line_ups = [
        ["greedy", "random"],
        ["easy", "greedy", "random"],
        ["medium", "random", "greedy", "easy"],
        ["sharp", "greedy", "random"],
        ["learned", "random", "greedy"],
    ]
    finished = 0
    for game in range(30):
        names = line_ups[game % len(line_ups)]
        bots = [ViewOnly(make_bot(name)) for name in names]
        state, _ = play_game(rules, list(bots), seed=100 + game, max_actions=3_000)
        finished += state.outcome is not None
        assert all(bot.calls > 0 for bot in bots)
    assert finished >= 20


def test_greedy_beats_random_in_most_two_player_games() -> None:
    """40 seeded 2-player games under the standard rules, seats alternating."""
    rules = find_variant("standard")
    wins = 0
    for game in range(40):
        bots: list[AnyBot] = [GreedyBot(), RandomBot()]
        if game % 2:
            bots.reverse()
        state, _ = play_game(rules, bots, seed=game)
        assert state.outcome is not None
        wins += bots[state.outcome.winner].name == "greedy"
    print(f"greedy beat random in {wins}/40 two-player games")
    assert wins >= 36


def test_bots_are_deterministic_given_the_rng() -> None:
    rules = find_variant("standard")
    for name in ("random", "easy", "greedy"):
        first, _ = play_game(rules, [make_bot(name), make_bot(name)], seed=9, max_actions=400)
        again, _ = play_game(rules, [make_bot(name), make_bot(name)], seed=9, max_actions=400)
        assert first.digest() == again.digest()


# ---------------------------------------------------------------------------- registry


def test_registry_names_bots_and_levels() -> None:
    assert set(bot_names()) - set(LEVELS) == {
        "random",
        "greedy",
        "sharp",
        "learned",
        "ismcts",
        "pimc",
    }
    assert list(LEVELS) == ["easy", "medium", "hard", "expert"]
    for name in bot_names():
        assert make_bot(name).name
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("hard"), SharpBot)
    easy = make_bot("easy")
    assert isinstance(easy, EpsilonBot)
    assert easy.epsilon == 0.3


def test_make_bot_rejects_unknown_names_listing_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"random, greedy.*easy, medium, hard, expert"):
        make_bot("genius")


def test_epsilon_bot_extremes() -> None:
    view = view_for(new_game(RuleSet(), 2, 5), 0)
    view = view_for(new_game(RuleSet(), 2, 5), view.current)
    never = EpsilonBot(GreedyBot(), 0.0)
    assert never.choose(view, random.Random(1)) == GreedyBot().choose(view, random.Random(1))
    always = EpsilonBot(GreedyBot(), 1.0)
    assert always.choose(view, random.Random(1)) in view.legal
    with pytest.raises(ValueError, match="epsilon"):
        EpsilonBot(GreedyBot(), 1.5)


# ---------------------------------------------------------------------------- evaluation

ALL_PHASES = [*BASE_PHASES, PHASE3_SET5, PHASE10_SET4]


@pytest.mark.parametrize(
    ("cards", "phase", "expected"),
    [
        ("R5 B5 W G7 R7", 1, 1),
        ("R5 B5 R7 G7", 1, 2),
        ("W W W", 1, 3),  # P10-R07: each set needs a natural card
        ("R1 R2 R3 R4 R5 R6 S", 4, 1),
        ("R1 R2 R3 R4 R5 R6 W", 4, 0),
        ("R3 B3 G3 R8 W", 2, 2),
        ("G1 G3 G4 G9 G12 W W", 8, 0),
        ("S S S", 8, 7),  # P10-R08: Skips never help
        ("R9 B9 G9 Y9 W R2", 9, 1),
    ],
)
def test_distance_counts_missing_cards(cards: str, phase: int, expected: int) -> None:
    rules = RuleSet()
    assert distance(parse_cards(cards), rules.phases[phase - 1], rules) == expected


def test_distance_is_exact_against_the_phase_finder() -> None:
    """0 iff find_phase finds the phase; 1 iff one more card is enough; else 2+ (sampled)."""
    rules = RuleSet()
    rng = random.Random(11)
    deck = list(full_deck())
    kinds = CARDS[:49]  # every numbered card and the wild; a Skip never helps
    for trial in range(150):
        hand = rng.sample(deck, rng.randint(6, 11))
        for phase in ALL_PHASES:
            d = distance(hand, phase, rules)
            assert (d == 0) == (find_phase(hand, phase, rules) is not None)
            if d == 1 or (d == 2 and trial < 10):
                one = any(find_phase([*hand, c], phase, rules) for c in kinds)
                assert one == (d == 1), (phase, hand)
                if d == 2:
                    pairs = combinations_with_replacement(kinds, 2)
                    assert any(find_phase([*hand, a, b], phase, rules) for a, b in pairs)


def test_closer_numbers_are_the_numbers_one_more_card_of_brings_nearer() -> None:
    """The at-once answer for a set and a run (P10-R07, P10-R20) is the one the distance
    gives asked number by number; other shapes are left to that (sampled)."""
    rng = random.Random(7)
    answered = 0
    for _ in range(3000):
        numbers = [0] * 13
        for _ in range(rng.randint(0, 12)):
            numbers[rng.randint(1, 12)] += 1
        wilds = rng.choice((0, 0, 1, 2))
        per_group = rng.random() < 0.8
        phase = rng.choice(ALL_PHASES)
        closer = closer_numbers(numbers, wilds, phase, per_group=per_group)
        shape = {g.kind.name for g in phase.groups}
        assert (closer is not None) == (shape == {"SET", "RUN"}), phase
        if closer is None:
            continue
        answered += 1
        now = distance_counts(numbers, [0] * 4, wilds, phase, per_group=per_group)
        for number in range(1, 13):
            numbers[number] += 1
            nearer = distance_counts(numbers, [0] * 4, wilds, phase, per_group=per_group) < now
            numbers[number] -= 1
            assert closer[number] == nearer, (numbers, number, wilds, phase, per_group)
    assert answered > 300


def test_distance_per_phase_scope_needs_one_natural_in_all() -> None:
    rules = find_variant("natural_per_phase")
    assert distance(parse_cards("R5 W W W W W"), rules.phases[0], rules) == 0
    assert distance(parse_cards("R5 W W W W W"), RuleSet().phases[0], RuleSet()) == 1


def test_counts_and_fits() -> None:
    numbers, colours, wilds = counts_of(parse_cards("R5 B5 G12 W S"))
    assert (numbers[5], numbers[12], colours, wilds) == (2, 1, [1, 1, 0, 1], 1)
    table = ((Group.parse("run R3 R4 R5 R6"),), (Group.parse("colour G1 G2 G3 W=G"),))
    assert fits_any(parse_cards("B7")[0], table)
    assert fits_any(parse_cards("G9")[0], table)
    assert not fits_any(parse_cards("B9")[0], table)
    assert not fits_any(SKIP, table)  # P10-R23


# ---------------------------------------------------------------------------- greedy choices


def _view(**changes: object) -> PlayerView:
    """A seat-0 view of a fresh 3-player game with some fields replaced."""
    state = new_game(RuleSet(), 3, 1)
    view = view_for(state, state.current)
    return dataclasses.replace(view, seat=0, current=0, **changes)  # type: ignore[arg-type]


def test_greedy_takes_a_wild_and_useful_cards_from_the_discard_pile() -> None:
    legal = (Draw(Source.DRAW_PILE), Draw(Source.DISCARD_PILE))
    hand = parse_cards("R5 B5 G7 R7 Y1 Y3 B9 B11 G12 R2")
    greedy, rng = GreedyBot(), random.Random(0)
    take = Draw(Source.DISCARD_PILE)
    assert greedy.choose(_view(hand=hand, discard_pile=(WILD,), legal=legal), rng) == take
    seven = parse_cards("Y7")
    assert greedy.choose(_view(hand=hand, discard_pile=seven, legal=legal), rng) == take
    useless = parse_cards("Y10")
    assert greedy.choose(_view(hand=hand, discard_pile=useless, legal=legal), rng) == legal[0]


def test_greedy_lays_down_keeping_wilds() -> None:
    rules = RuleSet()
    hand = parse_cards("R5 B5 G5 R7 G7 Y7 W B12")
    lays = [LayDown(groups) for groups in laydowns(hand, rules.phases[0], rules)]
    assert len(lays) > 1
    legal: tuple[Action, ...] = (*lays, Discard(CARDS[4]))
    view = _view(hand=hand, legal=legal, stage=Stage.PLAY)
    chosen = GreedyBot().choose(view, random.Random(0))
    assert isinstance(chosen, LayDown)
    assert all(g.wilds == 0 for g in chosen.groups)


def test_greedy_hits_naturals_before_wilds_and_never_discards_a_wild() -> None:
    table = (parse_groups("set R5 B5 G5 | set R7 G7 Y7"), (), ())
    hand = parse_cards("R5 W B11")
    legal: tuple[Action, ...] = (
        Hit(CARDS[4], 0, 0, 5),
        Hit(WILD, 0, 0, 5),
        Hit(WILD, 0, 1, 7),
        Discard(CARDS[4]),
        Discard(CARDS[22]),
        Discard(WILD),
    )
    view = _view(hand=hand, table=table, legal=legal, stage=Stage.PLAY)
    assert GreedyBot().choose(view, random.Random(0)) == Hit(CARDS[4], 0, 0, 5)
    discards = (Discard(CARDS[22]), Discard(WILD))
    view = _view(hand=parse_cards("B11 W"), table=table, legal=discards, stage=Stage.PLAY)
    assert GreedyBot().choose(view, random.Random(0)) == Discard(CARDS[22])


def test_greedy_plays_its_skip_at_the_most_dangerous_opponent() -> None:
    """P10-R25: the discarder chooses the target; greedy picks the one closest to going out."""
    base = _view()
    players = list(base.players)
    players[2] = dataclasses.replace(players[2], laid=0, hand_size=3)
    hand = parse_cards("R1 B9 S")
    legal = (Discard(CARDS[0]), Discard(CARDS[20]), Discard(SKIP, 1), Discard(SKIP, 2))
    view = _view(hand=hand, players=tuple(players), legal=legal, stage=Stage.PLAY)
    assert GreedyBot().choose(view, random.Random(0)) == Discard(SKIP, 2)


def test_greedy_discards_the_least_useful_card() -> None:
    hand = parse_cards("R5 B5 G5 R7 G7 Y2 B12")
    legal = tuple(Discard(c) for c in sorted(set(hand)))
    view = _view(hand=hand, legal=legal, stage=Stage.PLAY)
    chosen = GreedyBot().choose(view, random.Random(0))
    assert chosen == Discard(CARDS[12 + 11])  # B12: useless and worth 10 points


def test_sharp_keeps_back_what_the_next_player_takes() -> None:
    """P10-R13: only the next player may take my discard. Having seen them take a 12 for their
    sets (phase 1), sharp throws the 2 instead; greedy, blind to it, throws the 12 (more
    points)."""
    hand = parse_cards("R5 B5 G5 R7 G7 Y2 B12")
    legal = tuple(Discard(c) for c in sorted(set(hand)))
    base = _view(hand=hand, legal=legal, stage=Stage.PLAY)
    players = list(base.players)
    players[1] = dataclasses.replace(players[1], took=tuple(parse_cards("R12")))
    view = dataclasses.replace(base, players=tuple(players))
    assert GreedyBot().choose(view, random.Random(0)) == Discard(CARDS[12 + 11])  # B12
    assert SharpBot().choose(view, random.Random(0)) == Discard(CARDS[24 + 1])  # Y2
    # The player after next cannot take it: sharp then plays as greedy does.
    players = list(base.players)
    players[2] = dataclasses.replace(players[2], took=tuple(parse_cards("R12")))
    view = dataclasses.replace(base, players=tuple(players))
    assert SharpBot().choose(view, random.Random(0)) == Discard(CARDS[12 + 11])


def test_sharp_throws_what_the_next_player_passed_on() -> None:
    """P10-R13: a card left in the discard pile was not wanted by the player who could take
    it. With a 2 lying in the pile (above the turned-up bottom card), sharp throws its own 2
    rather than greedy's choice, the 12 (more points): the next player, on two sets, has
    shown they do not collect 2s."""
    hand = parse_cards("R5 B5 G5 R7 G7 Y2 B12")
    legal = tuple(Discard(c) for c in sorted(set(hand)))
    passed = _view(hand=hand, legal=legal, stage=Stage.PLAY, discard_pile=parse_cards("G9 R2"))
    assert GreedyBot().choose(passed, random.Random(0)) == Discard(CARDS[12 + 11])  # B12
    assert SharpBot().choose(passed, random.Random(0)) == Discard(CARDS[24 + 1])  # Y2
    # The bottom card was turned up at the deal, not passed on by anyone (P10-R09).
    turned = _view(hand=hand, legal=legal, stage=Stage.PLAY, discard_pile=parse_cards("R2 G9"))
    assert SharpBot().choose(turned, random.Random(0)) == Discard(CARDS[12 + 11])
    # Once that player has laid down, only whether a card can be hit matters.
    players = list(passed.players)
    players[1] = dataclasses.replace(players[1], laid=0)
    down = dataclasses.replace(passed, players=tuple(players))
    assert SharpBot().choose(down, random.Random(0)) == Discard(CARDS[12 + 11])


def test_target_phase_under_pick_a_phase_is_the_closest_open_phase() -> None:
    """D-34: any phase not yet completed may be laid; greedy aims at the nearest one."""
    rules = find_variant("pick_a_phase")
    state = new_game(rules, 2, 3)
    view = dataclasses.replace(
        view_for(state, 0), hand=parse_cards("G1 G2 G5 G6 G8 G9 G11 R3 B3 Y12")
    )
    phase = target_phase(view)
    assert phase is not None
    assert phase.number == 8
