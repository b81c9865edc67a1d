"""A Phase 10 hint says why, where a plain reason fits, so that a new player learns from it:
measured by the cards the hand still misses to hold its phase (P10-R15) and by what a card
costs when someone goes out (P10-R31). Each reason is checked against the hand it was given
for, over whole seeded games."""

from __future__ import annotations

import random

from phase10.bots import make_bot
from phase10.games import get
from phase10.games.phase10.cards import SYMBOL_OF
from phase10.games.phase10.evaluate import distance
from phase10.games.phase10.narration import card_label
from phase10.games.phase10.view import PlayerView

NAMES = ["Ann", "Bob", "Cleo"]


def _hinted(seeds: range) -> list[tuple[PlayerView, str]]:
    """Every position of the games of ``seeds`` (3 players, ``hard`` everywhere) with the
    hint's text given there."""
    game = get("phase10")
    bot = make_bot("hard", game)
    out: list[tuple[PlayerView, str]] = []
    for seed in seeds:
        state = game.new_game(game.find_rules("standard"), 3, seed)
        rng = random.Random(seed)
        for _ in range(400):
            if game.outcome(state) is not None:
                break
            view = game.view(state, game.to_act(state))
            shown = game.present(view, NAMES, "en", hint=True)
            if shown.hint is not None:
                out.append((view, shown.hint.text))
            state = game.apply(state, bot.choose(view, rng))
    return out


def test_each_reason_is_true_of_the_hand_it_is_given_for() -> None:
    seen: set[str] = set()
    for view, text in _hinted(range(1, 4)):
        me = view.players[view.seat]
        phase, rules = me.phase, view.rules
        hand = [int(card) for card in view.hand]
        top = None if view.discard_top is None else int(view.discard_top)
        if "does not need the" in text:
            assert phase is not None
            card = SYMBOL_OF.index(text.rsplit("the ", 1)[1].rstrip("."))
            rest = list(hand)
            rest.remove(card)
            assert distance(rest, phase, rules) <= distance(hand, phase, rules), text
            seen.add("not needed")
        elif "would not bring your phase closer" in text:
            assert phase is not None
            assert top is not None
            assert SYMBOL_OF[top] in text
            now = distance(hand, phase, rules)
            assert distance([*hand, top], phase, rules) >= now, text
            seen.add("not taken")
        elif "brings your phase a card closer" in text:
            assert phase is not None
            assert top is not None
            now = distance(hand, phase, rules)
            assert distance([*hand, top], phase, rules) < now, text
            seen.add("taken")
        elif "Your phase is down" in text:
            assert me.laid >= 0
            seen.add("phase down")
        elif "holds your whole phase" in text:
            assert text.startswith("Hint: Lay down")
            seen.add("lay down")
        elif "hit on the table" in text:
            assert text.startswith("Hint: Hit")
            seen.add("hit")
    assert {"not needed", "not taken", "taken", "lay down", "hit"} <= seen, seen


def test_the_reason_is_in_the_players_language_and_names_cards_in_words() -> None:
    """The same position's hint in German, and with cards in words for a screen reader."""
    game = get("phase10")
    for view, text in _hinted(range(1, 2)):
        if "does not need the" not in text:
            continue
        german = game.present(view, NAMES, "de", hint=True).hint
        assert german is not None
        assert "braucht" in german.text
        spoken = game.present(view, NAMES, "en", hint=True, words=True).hint
        assert spoken is not None
        card = SYMBOL_OF.index(text.rsplit("the ", 1)[1].rstrip("."))
        assert spoken.text.endswith(f"does not need the {card_label(card, 'en')}.")
        return
    raise AssertionError("no hint said a card was not needed")
