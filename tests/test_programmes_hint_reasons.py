"""A programmes hint says why, where a plain reason fits, as a Phase 10 hint does: measured
by the cards the hand still misses to reveal its program (AMZ-R14..R17), by what makes a new
set or fits a combination on the table (AMZ-R20) and by the round ending when a hand is
empty (AMZ-R28). Each reason is checked against the hand it was given for, over whole seeded
games."""

from __future__ import annotations

import random

from phase10.bots import make_bot
from phase10.games import get
from phase10.games.programmes.cards import CARD_SHOWN, IS_WILD, RANK_OF
from phase10.games.programmes.combos import extension_values
from phase10.games.programmes.narration import card_label
from phase10.games.programmes.sharp import need, unseen_counts
from phase10.games.programmes.view import ProgrammeView

NAMES = ["Ann", "Bob", "Cleo"]


def _hinted(seeds: range) -> list[tuple[ProgrammeView, str]]:
    """Every position of the games of ``seeds`` (3 players, ``hard`` everywhere) with the
    hint's text given there."""
    game = get("programmes")
    bot = make_bot("hard", game)
    out: list[tuple[ProgrammeView, str]] = []
    for seed in seeds:
        state = game.new_game(game.find_rules("programmes"), 3, seed)
        rng = random.Random(seed)
        for _ in range(600):
            if game.outcome(state) is not None:
                break
            view = game.view(state, game.to_act(state))
            shown = game.present(view, NAMES, "en", hint=True)
            if shown.hint is not None:
                out.append((view, shown.hint.text))
            state = game.apply(state, bot.choose(view, rng))
    return out


def _card(text: str, before: str) -> int:
    """The card named right after ``before`` in a hint's reason, by its shown form."""
    word = text.split(before, 1)[1].split()[0].rstrip(".:")
    return CARD_SHOWN.index(word)


def _short(view: ProgrammeView, hand: list[int]) -> int:
    assert view.program is not None
    unseen, wilds = unseen_counts(view)
    return need(hand, view.program, unseen, wilds).short


def test_each_reason_is_true_of_the_hand_it_is_given_for() -> None:
    seen: set[str] = set()
    for view, text in _hinted(range(1, 4)):
        me = view.players[view.seat]
        hand = [int(card) for card in view.hand]
        top = None if view.discard_top is None else int(view.discard_top)
        if "Your program does not need the" in text:
            assert not me.revealed
            card = _card(text, "does not need the ")
            rest = list(hand)
            rest.remove(card)
            assert _short(view, rest) <= _short(view, hand), text
            seen.add("not needed")
        elif "would not bring your program closer" in text:
            assert top is not None
            assert not me.revealed
            assert _card(text, "The ") == top
            assert _short(view, [*hand, top]) >= _short(view, hand), text
            seen.add("not taken")
        elif "brings your program a card closer" in text:
            assert top is not None
            assert not me.revealed
            assert text.startswith("Hint: Take")
            assert _short(view, [*hand, top]) < _short(view, hand), text
            seen.add("taken")
        elif "makes a new set with your cards" in text:
            assert top is not None
            assert me.revealed
            same = sum(1 for c in hand if not IS_WILD[c] and RANK_OF[c] == RANK_OF[top])
            assert same >= 2 or (same == 1 and any(IS_WILD[c] for c in hand)), text
            seen.add("new set")
        elif "fits no combination on the table" in text:
            card = _card(text, "The ")
            assert not any(extension_values(c, card) for cs in view.table for c in cs), text
            seen.add("fits nothing")
        elif "holds your whole program" in text:
            assert text.startswith("Hint: Reveal")
            seen.add("reveal")
        elif "closer to empty" in text:
            assert text.startswith(("Hint: Lay a new set", "Hint: Add"))
            seen.add("lay")
    assert {"not needed", "not taken", "taken", "new set", "fits nothing", "reveal", "lay"} <= (
        seen
    ), seen


def test_the_reason_is_in_the_players_language_and_names_cards_in_words() -> None:
    """The same position's hint in French, and with cards in words for a screen reader."""
    game = get("programmes")
    for view, text in _hinted(range(1, 2)):
        if "does not need the" not in text:
            continue
        french = game.present(view, NAMES, "fr", hint=True).hint
        assert french is not None
        assert "Votre programme n'a pas besoin" in french.text
        spoken = game.present(view, NAMES, "en", hint=True, words=True).hint
        assert spoken is not None
        card = _card(text, "does not need the ")
        assert spoken.text.endswith(f"does not need the {card_label(card, 'en')}.")
        return
    raise AssertionError("no hint said a card was not needed")
