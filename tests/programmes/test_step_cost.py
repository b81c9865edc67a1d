"""The programmes engine's per-step shortcuts (for the RL environment's speed) change no
result: the same legal actions in the same order, with the same card objects, as building
every action afresh; the reveal finder's per-card plan answers for any program card; views
built field by field are the objects their classes build."""

from __future__ import annotations

import dataclasses
import random
from typing import cast

import pytest

from phase10.games.programmes.actions import DiscardCard, Extend
from phase10.games.programmes.cards import PLAYING_CARDS, PlayingCard, programme_deck
from phase10.games.programmes.combos import extension_values
from phase10.games.programmes.finder import _best_window, _each_possible
from phase10.games.programmes.frozen import maker
from phase10.games.programmes.legal import legal_actions
from phase10.games.programmes.programs import DEFAULT_PROGRAMS, Directive, ProgramCard
from phase10.games.programmes.rules import ProgrammeRules
from phase10.games.programmes.state import ProgrammeState
from phase10.games.programmes.turns import apply_action, new_game
from phase10.games.programmes.view import ProgrammeView, PublicProgrammer, view_for
from phase10.kernel.kinds import Kind
from phase10.kernel.state import Stage


def _random_states(state: ProgrammeState, steps: int, seed: int) -> list[ProgrammeState]:
    rng = random.Random(seed)
    out = [state]
    for _ in range(steps):
        if state.stage is Stage.OVER:
            break
        state = apply_action(state, rng.choice(legal_actions(state)))
        out.append(state)
    return out


def _discards_as_built(state: ProgrammeState) -> list[str]:
    hand = state.players[state.current].hand
    return [repr(DiscardCard(card)) for card in sorted(set(hand))]


def test_discards_are_the_hands_own_cards() -> None:
    """The discards listed each turn (AMZ-R13) are those ``DiscardCard`` builds,
    card object included, both for the game's own cards and for a hand dealt from a preset
    shuffle of plain ints (whose discards must keep the plain ints)."""
    # Typed as the game's cards, which the engine also accepts plain ints for.
    plain = cast("list[PlayingCard]", [int(c) for c in programme_deck()])
    games = [
        new_game(ProgrammeRules(), players=3, seed=11),
        new_game(
            ProgrammeRules(), players=2, seed=5, decks=[(), random.Random(3).sample(plain, 108)]
        ),
    ]
    checked = 0
    for game, start in enumerate(games):
        for state in _random_states(start, 300, seed=game):
            if state.stage is not Stage.PLAY:
                continue
            listed = [repr(a) for a in legal_actions(state) if isinstance(a, DiscardCard)]
            assert listed == _discards_as_built(state)
            checked += 1
    assert checked > 100
    assert type(games[1].players[0].hand[0]) is int  # the preset's own plain ints


def test_best_window_counts_like_every_window() -> None:
    """E-04, AMZ-R26: the cached best window of a run mask (values 1 to 14) is the largest
    count over every window of that length."""
    rng = random.Random(15)
    for _ in range(500):
        mask = rng.getrandbits(14) << 1
        length = rng.randint(3, 13)
        windows = [
            sum(1 for v in range(low, low + length) if mask >> v & 1)
            for low in range(1, 16 - length)
        ]
        assert _best_window(mask, length) == max(windows)


def test_precheck_plan_follows_the_program_card() -> None:
    """AMZ-R14, E-10: the pre-check's per-card plan is made for the card it is given: two
    cards alike but for their suits or wilds answer each for itself, even with equal ids
    reused by new objects."""
    run = (Directive(1, Kind.RUN, 4),)
    hand = [c for c in programme_deck() if c.suit == 1 and 3 <= c.rank <= 5][::2]
    hand.append(programme_deck()[-1])  # a joker: 3H 4H 5H JK is a run of 4 in hearts
    for _ in range(3):
        hearts = ProgramCard("X-H", run, suits=(1,))
        spades = ProgramCard("X-S", run, suits=(0,))
        strict = ProgramCard("X-N", run, no_wild=True)
        assert _each_possible(hearts, hand)
        assert not _each_possible(spades, hand)
        assert not _each_possible(strict, hand)
        del hearts, spades, strict
    assert any(p.suits is not None for p in DEFAULT_PROGRAMS)


def test_extensions_listed_as_each_card_asked_afresh() -> None:
    """AMZ-R20, E-15: with the answers kept per combination on the table, the
    extensions listed are still every card of the hand on every combination at every value
    ``extension_values`` allows, in that order."""
    compared = 0
    for seed in range(4):
        for state in _random_states(new_game(ProgrammeRules(), 2, seed), 1500, seed=seed):
            player = state.players[state.current]
            if state.stage is not Stage.PLAY or not player.revealed:
                continue
            expected = [
                Extend(card, owner, index, value)
                for owner, combos in enumerate(state.table)
                for index, combo in enumerate(combos)
                for card in sorted(set(player.hand))
                for value in extension_values(combo, card)
            ]
            assert [a for a in legal_actions(state) if isinstance(a, Extend)] == expected
            compared += bool(expected)
    assert compared > 20


def test_views_are_what_the_classes_build() -> None:
    """E-28: a view and its public records, built field by field, equal (and
    print as) the same objects built by their classes."""
    for state in _random_states(new_game(ProgrammeRules(), 3, 4), 200, seed=4):
        for seat in range(3):
            view = view_for(state, seat, events=seat == 0)
            again = dataclasses.replace(view)
            assert type(view) is ProgrammeView
            assert again == view
            assert repr(again) == repr(view)
            for public in view.players:
                assert type(public) is PublicProgrammer
                assert dataclasses.replace(public) == public


def test_maker_refuses_what_it_cannot_build() -> None:
    """``maker`` only builds slotted dataclasses without ``__post_init__``; any
    other class is refused at once rather than built wrong."""

    @dataclasses.dataclass(frozen=True)
    class Loose:
        x: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        x: int

        def __post_init__(self) -> None:
            assert self.x >= 0

    for cls in (Loose, Checked):
        with pytest.raises(TypeError):
            maker(cls)
    five = PLAYING_CARDS[5]
    assert maker(Extend)(five, 1, 2) == Extend(five, 1, 2)
