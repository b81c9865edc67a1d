"""Phase 10's fixed action space and observation (docs/rl.md): every legal action has an
index, every masked index decodes to an action the engine accepts (P10-R13: a turn is draw,
lay down, hit, discard), and the observation holds only what the seat may see."""

from __future__ import annotations

import random

import numpy as np
import pytest

from phase10.games import get
from phase10.games.phase10.actions import Discard, Hit, LayDown
from phase10.games.phase10.cards import POINTS_OF, SKIP_CODE, WILD_CODE
from phase10.games.phase10.learning import actions as codec
from phase10.games.phase10.learning import observation as obs
from phase10.rl.spec import spec_for

GAME = get("phase10")
PROFILES = ["standard", "de_article", "nl_accessible+pick_a_phase", "fr_mattel+ten_hands"]


def random_decisions(rules_name: str, players: int, seed: int, limit: int = 1500):  # type: ignore[no-untyped-def]
    """(state, view) at every decision of a game of random legal actions."""
    rng = random.Random(seed)
    state = GAME.new_game(GAME.find_rules(rules_name), players, seed)
    for _ in range(limit):
        if GAME.outcome(state) is not None:
            return
        view = GAME.view(state, GAME.to_act(state))
        yield state, view
        state = GAME.apply(state, rng.choice(view.legal))


def index_phase(index: int) -> int:
    """The printed phase number a lay-down index starts with (docs/rl.md)."""
    return (index - codec.LAY) // (codec.KEYS * codec.KEYS) + 1


@pytest.mark.parametrize("rules_name", PROFILES)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_legal_action_has_an_index_and_every_index_decodes_to_a_legal_action(
    rules_name: str, players: int
) -> None:
    """P10-R13, P10-R15..R25: the codec covers every legal action, maps distinct actions
    apart (lay-downs of one key aside), and decodes to what the engine accepts; a legal
    lay-down's index is described by the groups it lays, as the table names them."""
    seen_laydowns = seen_hits = 0
    for state, view in random_decisions(rules_name, players, seed=players * 7 + len(rules_name)):
        legal = codec.legal_indices(view)
        for action in view.legal:
            index = codec.index_of(view, action)
            assert 0 <= index < codec.SIZE
            assert index in legal
            if not isinstance(action, LayDown):
                assert legal[index] == action, (action, legal[index])
        for index, action in legal.items():
            GAME.check(state, action)  # raises IllegalActionError if the codec is wrong
            assert codec.index_of(view, action) == index
            if isinstance(action, LayDown):
                said = codec.describe(index)
                assert said.startswith(f"lay down phase {index_phase(index)}: "), said
                groups = said.split(": ", 1)[1].split(" + ")
                assert sorted(groups) == sorted(g.describe() for g in action.groups), said
        seen_laydowns += any(isinstance(a, LayDown) for a in legal.values())
        seen_hits += any(isinstance(a, Hit) for a in legal.values())
    assert seen_laydowns
    assert seen_hits or players > 2


def test_laydowns_of_one_key_keep_the_one_with_fewest_wilds() -> None:
    """P10-R06 (a wild stands for any card): of two lay-downs naming the same sets, the
    codec keeps the wild in hand."""
    rules = GAME.find_rules("standard")
    state = GAME.new_game(rules, 2, 1)
    hand = GAME.parse_cards("R7 B7 G7 Y7 W R3 B3 G3 Y9 S")
    player = state.players[state.current]._replace(hand=tuple(sorted(hand)))
    players = list(state.players)
    players[state.current] = player
    state = state._replace(players=tuple(players), stage=state.stage.PLAY)
    view = GAME.view(state, state.current)
    laydowns = [a for a in view.legal if isinstance(a, LayDown)]
    assert len(laydowns) > 1
    legal = codec.legal_indices(view)
    chosen = [a for a in legal.values() if isinstance(a, LayDown)]
    assert len(chosen) == 1
    assert sum(g.wilds for g in chosen[0].groups) == 0
    assert codec.describe(codec.index_of(view, chosen[0])) == (
        "lay down phase 1: set of 3s + set of 7s"
    )


def test_a_colour_laydown_index_lays_the_high_cards_and_keeps_the_fewest_points() -> None:
    """P10-R34 (cards left in hand score), phase 8 (7 cards of one colour): G1-G7 and G12
    give 8 lay-downs behind one index; the index lays G12 (10 points) and keeps a 5-point
    green, never the other way round."""
    rules = GAME.find_rules("standard")
    state = GAME.new_game(rules, 2, 1)
    hand = GAME.parse_cards("G1 G2 G3 G4 G5 G6 G7 G12 R1 B2")
    seat = state.current
    players = list(state.players)
    # Phases 1-7 done: the seat works on phase 8.
    players[seat] = players[seat]._replace(
        hand=tuple(sorted(hand)), phase_index=7, completed=0b1111111
    )
    state = state._replace(players=tuple(players), stage=state.stage.PLAY)
    view = GAME.view(state, seat)
    assert view.players[seat].phase is not None
    assert view.players[seat].phase.number == 8
    laydowns = [a for a in view.legal if isinstance(a, LayDown)]
    assert len(laydowns) == 8
    legal = codec.legal_indices(view)
    chosen = [a for a in legal.values() if isinstance(a, LayDown)]
    assert len(chosen) == 1
    rest = list(hand)
    for card in chosen[0].cards:
        rest.remove(card)
    assert GAME.parse_cards("G12")[0] not in rest
    assert sum(POINTS_OF[c] for c in rest) == 15  # R1, B2 and one green of 1-7
    GAME.check(state, chosen[0])


@pytest.mark.parametrize("rules_name", ["standard", "nl_accessible+pick_a_phase"])
def test_each_laydown_index_stands_for_the_best_laydown_of_its_key(rules_name: str) -> None:
    """P10-R06, P10-R34: of the lay-downs sharing an index, the codec's uses the fewest wilds
    and, among those, leaves the fewest points in hand."""
    compared = 0
    for _state, view in random_decisions(rules_name, 3, seed=5, limit=4000):
        legal = codec.legal_indices(view)
        for action in view.legal:
            if not isinstance(action, LayDown):
                continue
            mine = legal[codec.index_of(view, action)]
            assert isinstance(mine, LayDown)
            wilds = sum(g.wilds for g in action.groups)
            best_wilds = sum(g.wilds for g in mine.groups)
            assert best_wilds <= wilds
            if best_wilds == wilds:
                laid = sum(POINTS_OF[c] for c in action.cards)
                assert sum(POINTS_OF[c] for c in mine.cards) >= laid
            compared += mine != action
    assert compared > 0, "some keys should have had several lay-downs"


def test_skip_targets_and_wild_ends_are_relative_and_distinct() -> None:
    """P10-R25: a Skip names its target; the index counts seats from the one acting."""
    view = GAME.view(GAME.new_game(GAME.find_rules("standard"), 4, 3), 2)
    assert codec.index_of(view, Discard(GAME.parse_cards("S")[0], 3)) == codec.SKIP + 1
    assert codec.index_of(view, Discard(GAME.parse_cards("S")[0], 0)) == codec.SKIP + 2
    assert codec.index_of(view, Discard(GAME.parse_cards("S")[0])) == codec.SKIP
    assert codec.describe(codec.SKIP + 1) == "discard a Skip at seat +1"
    assert codec.SKIP - codec.DISCARD == WILD_CODE + 1
    assert SKIP_CODE == WILD_CODE + 1
    with pytest.raises(ValueError, match="no Phase 10 action has index 2097"):
        codec.describe(codec.SIZE)


def _laydown_index(phase: int, keys: tuple[int, int]) -> int:
    """The index of phase ``phase``'s lay-down with group keys ``keys`` (docs/rl.md)."""
    return codec.LAY + ((phase - 1) * codec.KEYS + keys[0]) * codec.KEYS + keys[1]


@pytest.mark.parametrize(
    ("phase", "keys", "why"),
    [
        (1, (11, 7), "phase 1's twin groups are written in rising order"),
        (7, (3, 2), "phase 7's twin groups are written in rising order"),
        (4, (0, 1), "phase 4 is one group, whose key is the first"),
        (6, (4, 0), "no run of 9 starts above 4"),
        (2, (0, 9), "no run of 4 starts above 9"),
        (8, (4, 0), "there are 4 colours"),
    ],
)
def test_an_index_no_laydown_is_written_with_is_described_as_unused(
    phase: int, keys: tuple[int, int], why: str
) -> None:
    """docs/rl.md, "Lay-downs": twin groups (phases 1 and 7) are written in rising order, a
    phase of one group has key2 = 0, a run's key is its lowest value - 1 and a colour
    group's one of 4 colours; the other indices of the block name no action."""
    index = _laydown_index(phase, keys)
    assert codec.describe(index) == f"unused: {why}, so no lay-down has index {index}"


@pytest.mark.parametrize(
    ("phase", "keys", "said"),
    [
        (1, (0, 0), "lay down phase 1: set of 1s + set of 1s"),
        (3, (11, 8), "lay down phase 3: set of 12s + run 9-12"),
        (6, (3, 0), "lay down phase 6: run 4-12"),
        (8, (3, 0), "lay down phase 8: green colour group"),
        (9, (11, 0), "lay down phase 9: set of 12s + set of 1s"),
    ],
)
def test_a_laydown_index_is_described_by_its_groups(
    phase: int, keys: tuple[int, int], said: str
) -> None:
    """docs/rl.md, "Lay-downs": the keys are a set's number - 1, a run's lowest value - 1
    and a colour group's colour (0 R, 1 B, 2 Y, 3 G); ``describe`` says the groups."""
    index = _laydown_index(phase, keys)
    assert codec.describe(index) == said


def test_observation_is_finite_sized_and_counts_the_hand() -> None:
    """The layout's fields add up to the vector and the hand field counts the hand."""
    assert obs.LAYOUT.size == obs.SIZE == spec_for("phase10").observation
    for _state, view in random_decisions("standard", 3, seed=11, limit=300):
        vector = obs.encode(view)
        assert vector.shape == (obs.SIZE,)
        assert vector.dtype == np.float32
        assert np.isfinite(vector).all()
        assert (vector >= 0).all()
        assert vector[obs.LAYOUT["hand"]].sum() == len(view.hand)
        assert vector[obs.LAYOUT["discard_pile"]].sum() == len(view.discard_pile)


def test_observation_does_not_depend_on_what_the_seat_cannot_see() -> None:
    """D-41 and the view split: two games that differ only in another seat's hand and the
    draw pile's order give the same observation."""
    rules = GAME.find_rules("standard")
    state = GAME.new_game(rules, 2, 5)
    me = state.current
    other = 1 - me
    # Swap the other seat's hand with the top of the draw pile: same sizes, other cards.
    theirs = state.players[other].hand
    pile = state.draw_pile
    swapped = pile[-len(theirs) :]
    players = list(state.players)
    players[other] = players[other]._replace(hand=tuple(sorted(swapped)))
    changed = state._replace(players=tuple(players), draw_pile=pile[: -len(theirs)] + tuple(theirs))
    assert changed.players[other].hand != theirs
    a = obs.encode(GAME.view(state, me))
    b = obs.encode(GAME.view(changed, me))
    assert (a == b).all()
