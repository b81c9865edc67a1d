"""The programmes game's reinforcement-learning codec: the fixed action space covers every
legal action (E-25) and decodes to actions the engine accepts; the observation reads only
what the seat may see (E-28); the PettingZoo environment passes PettingZoo's own tests."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from phase10.games import get
from phase10.games.programmes.actions import (
    DiscardCard,
    Extend,
    Meld,
    ProgrammeAction,
    Reveal,
)
from phase10.games.programmes.cards import parse_playing_cards
from phase10.games.programmes.combos import Combination
from phase10.games.programmes.learning import actions
from phase10.games.programmes.learning import observation as obs
from phase10.games.programmes.state import ProgrammeState
from phase10.games.programmes.view import ProgrammeView
from phase10.kernel.memory import TableMemory
from phase10.rl import env

GAME = get("programmes")
RULES = ("programmes", "programmes+program_swap")


def _unreachable(view: ProgrammeView, action: ProgrammeAction) -> bool:
    """The two documented gaps of the space: a reveal past the reveal slots, and an
    extension onto a combination past the combination slots."""
    if isinstance(action, Extend):
        return action.index >= actions.COMBOS
    if isinstance(action, Reveal):
        order = sorted(
            (a for a in view.legal if isinstance(a, Reveal)),
            key=lambda a: sum(c.wilds for c in a.combos),
        )
        return order.index(action) >= actions.REVEALS
    return False


def _check_decision(state: ProgrammeState, view: ProgrammeView) -> dict[int, Any]:
    legal = actions.legal_indices(view)
    assert legal, "the seat to act always has an action"
    seen: dict[int, ProgrammeAction] = {}
    for action in view.legal:
        if _unreachable(view, action):
            with pytest.raises(ValueError, match="past the"):
                actions.index_of(view, action)
            continue
        index = actions.index_of(view, action)
        assert 0 <= index < actions.SIZE
        kept = legal[index]
        if isinstance(action, Meld):
            # New sets of one rank share an index; the codec keeps the thriftiest (AMZ-R20).
            assert isinstance(kept, Meld)
            assert kept.combo.low == action.combo.low
            assert kept.combo.wilds <= action.combo.wilds
        else:
            assert kept == action
            other = seen.setdefault(index, action)
            assert other == action, f"{other} and {action} share index {index}"
    for index, action in legal.items():
        assert 0 <= index < actions.SIZE
        GAME.check(state, action)  # raises if the engine refuses it
        assert actions.index_of(view, action) == index
        assert not actions.describe(index).startswith("unused"), index
    return legal


def _play(games: int, seed: int, check: Any) -> int:
    """Random play (biased towards laying, so that tables fill up), ``check`` at every
    decision with the state and the view of the seat to act; returns the decisions seen."""
    rng = random.Random(seed)
    decisions = 0
    for _ in range(games):
        rules = GAME.find_rules(rng.choice(RULES))
        state = GAME.new_game(rules, rng.randint(2, 6), rng.randrange(2**32))
        for _ in range(400):
            if state.outcome is not None:
                break
            view = GAME.view(state, state.current)
            legal = check(state, view)
            decisions += 1
            laying = [a for a in legal.values() if isinstance(a, Reveal | Meld | Extend)]
            if laying and rng.random() < 0.7:
                move = rng.choice(laying)
            else:
                move = rng.choice(list(legal.values()))
            state = GAME.apply(state, move)
    return decisions


def test_every_legal_action_has_an_index_and_decodes_to_a_legal_action_e25() -> None:
    """E-25, AMZ-R14, AMZ-R20: across 2-6 players and both rule sets, every legal action
    maps into the space (but the documented reveal and combination gaps), distinct kept
    actions have distinct indices, and every masked index decodes to an action the
    engine accepts."""
    assert _play(games=14, seed=11, check=_check_decision) > 2000


def test_observation_reads_only_the_view_e28() -> None:
    """E-28: the observation is finite, of the layout's size, and the same for any state
    the view could have come from (other hands, the reserve and unrevealed programs dealt
    anew by the determinizer)."""
    rng = random.Random(3)

    def check(state: ProgrammeState, view: ProgrammeView) -> dict[int, Any]:
        for seat in range(state.num_players):
            seen = GAME.view(state, seat)
            vector = obs.encode(seen)
            assert vector.shape == (obs.SIZE,)
            assert vector.dtype == np.float32
            assert np.isfinite(vector).all()
            assert (vector >= 0).all()
            if rng.random() < 0.2:
                other = GAME.view(GAME.determinize(seen, rng), seat)
                assert np.array_equal(obs.encode(other), vector)
        return actions.legal_indices(view)

    assert _play(games=6, seed=5, check=check) > 500


def test_observation_holds_the_hand_and_the_own_program_c8() -> None:
    """C.8, E-28: the seat's own program card is laid out as its directives, another
    seat's unrevealed card is not there at all."""
    state = GAME.new_game(GAME.find_rules("programmes"), 3, 4)
    view = GAME.view(state, 0)
    vector = obs.encode(view)
    hand = vector[obs.LAYOUT["hand"]]
    assert hand.sum() == len(view.hand)
    for card in set(view.hand):
        assert hand[card] == view.hand.count(card)
    seats = vector[obs.LAYOUT["seats"]].reshape(obs.SEATS, obs.SEAT_FIELDS.size)
    program = obs.SEAT_FIELDS["program"]
    assert view.program is not None
    groups = len(view.program.groups)
    block = seats[0, program]
    assert block[obs.PROGRAM_FIELDS.offsets["present"]] == 1
    assert block[obs.PROGRAM_FIELDS.offsets["groups"]] == pytest.approx(groups / obs.GROUPS)
    assert not seats[1, program].any()
    assert not seats[2, program].any()


def test_memory_of_another_hand_reads_as_zeros() -> None:
    """AMZ-R28: a new manche has no history yet; the memory of the last one is not shown."""
    state = GAME.new_game(GAME.find_rules("programmes"), 2, 4)
    view = GAME.view(state, 0)
    memory = TableMemory(2, obs.CARDS)
    memory.record(state, GAME.legal_actions(state)[0])
    passed = obs.SEAT_FIELDS["passed"]
    seats = obs.encode(view, memory)[obs.LAYOUT["seats"]].reshape(obs.SEATS, -1)
    assert seats[state.current - view.seat, passed].sum() == 1
    memory.hand = view.hand_number - 1
    assert not obs.encode(view, memory)[obs.LAYOUT["seats"]].reshape(obs.SEATS, -1)[:, passed].any()


def _synthetic(view: ProgrammeView, **changes: Any) -> ProgrammeView:
    return replace(view, **changes)


def test_a_combination_past_the_slots_is_left_out_amz_r20() -> None:
    """AMZ-R20: an extension onto a combination past the slots is left out of the mask
    (``index_of`` says why) instead of breaking the space."""
    state = GAME.new_game(GAME.find_rules("programmes"), 2, 4)
    view = GAME.view(state, state.current)
    sevens = Combination.parse("set 7S 7H JK")
    (seven,) = parse_playing_cards("7D")
    table = ((sevens,) * (actions.COMBOS + 1), ())
    far = Extend(seven, 0, actions.COMBOS, 7)
    near = Extend(seven, 0, actions.COMBOS - 1, 7)
    legal = (far, near, DiscardCard(seven))
    synthetic = _synthetic(view, seat=0, table=table, legal=legal)
    indices = actions.legal_indices(synthetic)
    assert set(indices.values()) == {near, DiscardCard(seven)}
    with pytest.raises(ValueError, match="past"):
        actions.index_of(synthetic, far)
    assert obs.encode(synthetic).shape == (obs.SIZE,)


def test_ends_of_a_run_are_distinct_indices_e15() -> None:
    """E-15, AMZ-R26: an ace on a run 2-K goes low or high; a wild goes to either end;
    each choice has its own index, and the value the engine needs is kept."""
    state = GAME.new_game(GAME.find_rules("programmes"), 2, 4)
    view = GAME.view(state, state.current)
    run = Combination.parse("run 2S=2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    ace, joker = parse_playing_cards("AS JK")
    moves = (
        Extend(ace, 1, 0, 1),
        Extend(ace, 1, 0, 14),
        Extend(joker, 1, 0, 1),
        Extend(joker, 1, 0, 14),
    )
    synthetic = _synthetic(view, seat=0, table=((), (run,)), legal=moves)
    indices = actions.legal_indices(synthetic)
    assert sorted(indices.values(), key=str) == sorted(moves, key=str)
    high = actions.index_of(synthetic, Extend(ace, 1, 0, 14))
    assert actions.describe(high) == "extend AS (high end) on seat +1 combination 0"
    assert actions.index_of(synthetic, Extend(ace, 1, 0, 1)) == high - actions.SEATS * 8


def test_reveals_fewest_wilds_first_and_capped_amz_r14() -> None:
    """AMZ-R14, E-08: the reveal slots list the thriftiest ways first; ways past the slots
    are left out, so a reveal is always reachable (slot 0) whenever one is legal."""
    state = GAME.new_game(GAME.find_rules("programmes"), 2, 4)
    view = GAME.view(state, state.current)
    ways: list[Reveal] = []
    for rank in ("A", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"):
        for wild in ("JK", "2S"):
            for a, b in ("SH", "SD", "SC", "HD", "HC", "DC"):
                ways.append(Reveal((Combination.parse(f"set {rank}{a} {rank}{b} {wild}"),)))
        for suits in ("SHD", "SHC", "SDC", "HDC"):
            text = " ".join(rank + s for s in suits)
            ways.append(Reveal((Combination.parse(f"set {text}"),)))
    assert len(ways) > actions.REVEALS
    synthetic = _synthetic(view, legal=tuple(ways))
    indices = actions.legal_indices(synthetic)
    slots = [indices[actions.REVEAL + k] for k in range(actions.REVEALS)]
    assert len(indices) == actions.REVEALS
    assert all(isinstance(a, Reveal) for a in slots)
    wilds = [sum(c.wilds for c in a.combos) for a in slots if isinstance(a, Reveal)]
    assert wilds == sorted(wilds)
    assert wilds[0] == 0
    assert slots[0] == ways[12]  # the first wild-free way in the engine's order


def test_describe_names_every_block() -> None:
    assert actions.describe(actions.DRAW) == "draw"
    assert actions.describe(actions.SIZE - 1).startswith("extend JK (high end) on seat +5")
    with pytest.raises(ValueError, match="no programmes action"):
        actions.describe(actions.SIZE)
    assert obs.LAYOUT.size == obs.SIZE


def test_the_index_of_a_new_set_of_twos_is_described_as_unused() -> None:
    """AMZ-R02: every 2 is wild and never counts as a 2, so no new set is of 2s; random play
    (above) never finds a legal index that ``describe`` calls unused."""
    assert actions.describe(actions.MELD + 1) == (
        f"unused: every 2 is wild (AMZ-R02), so no new set has index {actions.MELD + 1}"
    )
    assert actions.describe(actions.MELD + 2) == "meld a set of 3s"


def test_pettingzoo_api_and_seed_tests() -> None:
    """The environment of the programmes game passes PettingZoo's own checks."""
    from pettingzoo.test import api_test, seed_test

    api_test(env(game="programmes", players=2, seed=3), num_cycles=300)
    seed_test(lambda: env(game="programmes", players=2), num_cycles=300)
