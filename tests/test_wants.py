"""What the next player wants (``games/phase10/wants.py``): the classifier reads only the
seat's view, ranks the cards that would help the next player (the only seat that may take a
discard, P10-R13) better than ``sharp``'s cues, and breaks the learned bot's last tie."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from importlib import resources

import pytest

from phase10.api import find_variant
from phase10.games.phase10.actions import Discard
from phase10.games.phase10.cards import NUMBERED, SKIP_CODE, WILD_CODE
from phase10.games.phase10.determinize import determinize
from phase10.games.phase10.evaluate import distance
from phase10.games.phase10.greedy import GreedyBot
from phase10.games.phase10.learned import WantsSharp
from phase10.games.phase10.sharp import SharpBot, feeds_next, passed_next
from phase10.games.phase10.state import GameState
from phase10.games.phase10.turns import apply_action, new_game
from phase10.games.phase10.view import PlayerView, view_for
from phase10.games.phase10.wants import (
    WANTS_FEATURES,
    Classifier,
    chance_next_wants,
    wants_features,
)

RULES = find_variant("standard")


def _discards(deals: int, first: int) -> Iterator[tuple[GameState, PlayerView]]:
    """``sharp``'s discard decisions against ``greedy`` while the next player is not down."""
    for seed in range(first, first + deals):
        state = new_game(RULES, 2, seed)
        bots = [SharpBot(), GreedyBot()]
        rngs = [random.Random(seed), random.Random(-seed)]
        while state.outcome is None:
            current = state.current
            view = view_for(state, current)
            nxt = view.players[1 - current]
            if (
                current == 0
                and nxt.laid < 0
                and all(isinstance(a, Discard) for a in view.legal)
                and len(set(view.hand)) > 1
            ):
                yield state, view
            state = apply_action(state, bots[current].choose(view, rngs[current]))


def _model() -> Classifier:
    source = resources.files("phase10.games.phase10").joinpath("wants_model.json")
    return Classifier.from_json(json.loads(source.read_text(encoding="utf-8")))


def test_the_packaged_model_loads_and_reads_this_versions_features() -> None:
    model = _model()
    assert len(model.layers[0][0][0]) == len(WANTS_FEATURES)
    _, view = next(_discards(1, 1))
    card = next(c for c in view.hand if c < NUMBERED)
    assert 0.0 < chance_next_wants(view, card) < 1.0
    assert chance_next_wants(view, card) == chance_next_wants(view, card, model)


def test_a_model_of_other_features_or_with_a_broken_weight_is_refused() -> None:
    data = _model().to_json()
    other = dict(data, features=[*data["features"][:-1], "something_else"])
    with pytest.raises(ValueError, match="trained on other features"):
        Classifier.from_json(other)
    broken = json.loads(json.dumps(data))
    broken["layers"][1]["weights"][0][0] = float("inf")
    with pytest.raises(ValueError, match="not a finite number"):
        Classifier.from_json(broken)
    with pytest.raises(ValueError, match="not a model of this shape"):
        Classifier.from_json({"features": data["features"]})


def test_the_question_is_moot_for_wilds_skips_and_a_next_player_who_is_down() -> None:
    """Once the next player has laid down, whether a card can be hit is greedy's own
    concern (P10-R22); a wild or a Skip is never judged here."""
    down = 0
    for _, view in _discards(3, 5):
        assert wants_features(view, WILD_CODE) is None
        assert wants_features(view, SKIP_CODE) is None
        assert chance_next_wants(view, WILD_CODE) == 0.0
    for seed in range(5, 8):
        state = new_game(RULES, 2, seed)
        bot, rng = GreedyBot(), random.Random(seed)
        while state.outcome is None:
            view = view_for(state, state.current)
            if view.players[1 - state.current].laid >= 0:
                down += 1
                assert wants_features(view, view.hand[0]) is None
            state = apply_action(state, bot.choose(view, rng))
    assert down > 20


def test_the_chance_reads_only_the_seats_view() -> None:
    """The same view over other hidden cards (the next player's hand, the draw pile:
    P10-R09's secrets) gives the same chances."""
    compared = 0
    for _, view in _discards(3, 11):
        other = view_for(determinize(view, random.Random(compared)), view.seat)
        for card in {c for c in view.hand if c < NUMBERED}:
            assert wants_features(other, card) == wants_features(view, card)
            compared += 1
    assert compared > 100


def test_it_ranks_the_cards_that_help_the_next_player_better_than_sharps_cues() -> None:
    """Among the cards of one discard, the share of pairs (one that would bring the next
    player's real hand closer to their phase, one that would not) ranked the right way
    round: the classifier's chance against ``sharp``'s cues (P10-R13)."""
    right = {"model": 0.0, "cues": 0.0}
    pairs = 0
    for state, view in _discards(12, 101):
        nxt = view.players[1]
        assert nxt.phase is not None
        hand = list(state.players[1].hand)
        before = distance(hand, nxt.phase, RULES)
        cards = sorted({c for c in view.hand if c < NUMBERED})
        helps = {c: distance([*hand, c], nxt.phase, RULES) < before for c in cards}
        scores = {
            "model": {c: chance_next_wants(view, c) for c in cards},
            "cues": {c: 10.0 * feeds_next(view, c) - passed_next(view, c) for c in cards},
        }
        for yes in (c for c in cards if helps[c]):
            for no in (c for c in cards if not helps[c]):
                pairs += 1
                for name, score in scores.items():
                    a, b = score[yes], score[no]
                    right[name] += 1.0 if a > b else 0.5 if a == b else 0.0
    assert pairs > 1000
    model, cues = right["model"] / pairs, right["cues"] / pairs
    assert model > cues + 0.05, (model, cues)


def test_the_learned_bots_prior_throws_the_least_wanted_of_otherwise_equal_cards() -> None:
    """Where its discard differs from ``sharp``'s, the only difference is the last
    tie-break: the card it throws is one the next player is no likelier to want."""
    prior, sharp = WantsSharp(), SharpBot()
    differed = 0
    for _, view in _discards(8, 201):
        ours = prior.choose(view, random.Random(0))
        theirs = sharp.choose(view, random.Random(0))
        assert isinstance(ours, Discard)
        assert isinstance(theirs, Discard)
        if ours != theirs:
            differed += 1
            assert chance_next_wants(view, ours.card) <= chance_next_wants(view, theirs.card)
            assert passed_next(view, ours.card) == passed_next(view, theirs.card)
            assert feeds_next(view, ours.card) == feeds_next(view, theirs.card)
    assert differed > 5
