"""Narration that names cards in words (the browser's log and status line, read aloud by a
screen reader): the same sentences as in notation, with every card said as the hand list
says it ("red 7", "ten of hearts") and no card code left, in every language."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from phase10.games import get
from phase10.games.phase10.cards import parse_cards
from phase10.games.phase10.groups import parse_groups
from phase10.games.phase10.narration import describe_event
from phase10.games.phase10.state import Event, EventKind
from phase10.games.programmes.combos import Combination
from phase10.games.programmes.narration import combination_phrase, program_text
from phase10.games.programmes.programs import DEFAULT_PROGRAMS
from phase10.kernel.i18n import LANGUAGES, translator

#: A card's notation standing alone in a sentence, by game.
CODES = {
    "phase10": re.compile(r"(?<![\w=])(?:[RBYG](?:1[0-2]|[1-9])|W(?:=\w+)?|S)(?![\w=])"),
    # A card by its letters or as it is shown, with its suit's sign (AMZ-R01).
    "programmes": re.compile(
        r"(?<![\w=])(?:(?:10|[2-9AJQK])[SHDC♠♥♦♣]|JK)(?:=[\w♠♥♦♣+]+)?(?![\w=♠♥♦♣])"
    ),
}
NAMES = ["Ann", "Bob", "Cy"]


def _events(name: str, profile: str, seed: int) -> list[Any]:
    """Every event of a seeded game between random players who favour building moves."""
    game = get(name)
    rng = random.Random(seed)
    state = game.new_game(game.find_rules(profile), 3, seed)
    events = list(state.events)
    for _ in range(600):
        legal = game.legal_actions(state)
        if not legal:
            break
        building = [a for a in legal if game.format_action(a).split()[0] not in ("discard",)]
        pick = building if building and rng.random() < 0.6 else list(legal)
        state = game.apply(state, rng.choice(pick))
        events.extend(state.events)
    return events


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("name", "profile"), [("phase10", "standard"), ("programmes", "programmes")]
)
def test_sentences_in_words_name_every_card_and_no_code(name: str, profile: str, lang: str) -> None:
    """Each event gives as many sentences in words as in notation; a sentence in notation that
    names a card names it in words instead (its hand-list words, P10-R01, AMZ-R01), and no
    sentence in words holds a card code. The events walked include draws, takes, discards,
    turned-up cards, lay-downs or reveals, and hits or additions."""
    game = get(name)
    rules = game.find_rules(profile)
    tr = translator(lang)
    kinds_with_cards: set[str] = set()
    for seed in (1, 2):
        for event in _events(name, profile, seed):
            said: dict[str, Any] = {"rules": rules, "lang": tr}
            codes = game.narrate([event], NAMES, 0, **said)
            words = game.narrate([event], NAMES, 0, words=True, **said)
            assert len(codes) == len(words)
            for coded, worded in zip(codes, words, strict=True):
                assert not CODES[name].search(worded), (coded, worded)
                if CODES[name].search(coded):
                    kinds_with_cards.add(event.kind.value)
                    assert worded != coded
                    assert worded[:1] == worded[:1].upper()  # a sentence starts upper case
    wanted = {"drew", "took_discard", "discarded", "turned_up"}
    wanted |= {"laid_down", "hit"} if name == "phase10" else {"revealed", "extended"}
    assert wanted <= kinds_with_cards, kinds_with_cards


def test_phase10_sentences_in_words_read_as_a_player_would_say_them() -> None:
    """Cards in words, a lay-down's groups by name with their cards, a wild hit by the value
    it stands for (P10-R07); a card in a sentence with its article, as each language gives
    it its gender and case."""
    names = ["Ann", "Bob"]
    laid = Event(EventKind.LAID_DOWN, seat=0, groups=parse_groups("set R5 B5 W | run G3 G4 W G6"))
    assert describe_event(laid, names, words=True) == (
        "Ann laid down phase 1: set of 5s: red 5, blue 5, wild; "
        "run 3 to 6: green 3, green 4, wild, green 6."
    )
    grown = parse_groups("run W=2 R3 R4 R5 R6")[0]
    hit = Event(EventKind.HIT, seat=1, cards=parse_cards("W"), target=0, groups=(grown,))
    assert describe_event(hit, names, words=True) == "Bob hit a wild as 2 on Ann's run 3 to 6."
    drew = Event(EventKind.DREW, seat=0, cards=parse_cards("B12"))
    assert describe_event(drew, names, 0, words=True) == "You drew a blue 12."
    said = {lang: describe_event(drew, names, 0, words=True, lang=lang) for lang in LANGUAGES}
    assert said["de"] == "Du hast eine blaue 12 gezogen."
    assert said["fr"] == "Vous avez pioché un 12 bleu."
    assert said["nl"] == "Je hebt een blauwe 12 getrokken."
    wild = Event(EventKind.DREW, seat=0, cards=parse_cards("W"))
    assert describe_event(wild, names, 0, words=True, lang="de") == "Du hast einen Joker gezogen."
    up = Event(EventKind.TURNED_UP, seat=0, cards=parse_cards("Y9"))
    turned = describe_event(up, names, words=True)
    assert turned == "A yellow 9 is turned up to start the discard pile."
    skip = Event(EventKind.DISCARDED, seat=0, cards=parse_cards("S"), target=1)
    assert (
        describe_event(skip, names, words=True) == "Ann discarded a Skip: Bob loses the next turn."
    )


def test_programmes_sentences_in_words_and_an_addition_to_ones_own_combination() -> None:
    """An addition to the player's own combination says "their own" (not the name twice),
    in notation and in words; in words the combination is named, not listed (AMZ-R20), a
    card in a sentence has its article, a face card's rank is said by name (a set of
    queens, not "of Qs"), and a wild 2 in a run says what it stands for (AMZ-R02)."""
    from phase10.games.programmes.cards import parse_playing_cards
    from phase10.games.programmes.combos import Combination
    from phase10.games.programmes.narration import describe_programme_event
    from phase10.games.programmes.state import ProgrammeEvent, ProgrammeEventKind

    grown = Combination.parse("run 8S 9S 10S JS")
    added = ProgrammeEvent(
        ProgrammeEventKind.EXTENDED,
        seat=1,
        cards=parse_playing_cards("JS"),
        target=1,
        combos=(grown,),
    )
    names = ["Ann", "Bob"]
    assert describe_programme_event(added, names, 0) == (
        "Bob added J♠ to their own combination, now run 8♠ 9♠ 10♠ J♠."
    )
    assert describe_programme_event(added, names, 0, words=True) == (
        "Bob added a jack of spades to their own combination, now run 8 to jack of spades."
    )
    assert describe_programme_event(added, names, 0, words=True, lang="de") == (
        "Bob hat einen Pik-Buben an die eigene Kombination angelegt, jetzt Lauf 8 bis Bube in Pik."
    )
    melded = ProgrammeEvent(
        ProgrammeEventKind.MELDED, seat=0, combos=(Combination.parse("set QS QH 2C=Q"),)
    )
    assert describe_programme_event(melded, names, 0, words=True) == (
        "You laid a new set: set of queens: queen of spades, queen of hearts, "
        "two of clubs as queen."
    )
    revealed = Combination.parse("run 2D=8S 9S 10S")
    assert "run 8 to 10 of spades: two of diamonds as 8, nine of spades" in (
        describe_programme_event(
            ProgrammeEvent(ProgrammeEventKind.REVEALED, seat=1, combos=(revealed,)),
            names,
            0,
            words=True,
        )
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_program_card_reads_in_words(lang: str) -> None:
    """A program card (AMZ-R06) is said as a player would read it out: "2 sets of 3", "a run of
    5: 10, jack, queen, king, ace" (one combination with its article, not "1 run", and its
    values after a colon, not in brackets inside the program's), "suits: spades, clubs"; no
    rank or suit initial, which a screen reader spells out, and no "2x" or "3-4-5"
    shorthand."""
    tr = translator(lang)
    said = {program_text(card, tr, with_id=False) for card in DEFAULT_PROGRAMS}
    assert len(said) == len({card.description for card in DEFAULT_PROGRAMS})
    for text in said:
        assert not re.search(r"\b[SHDCJQKA]\b|\d+x\b|\d-\d", text), text
    english = {program_text(card, "en") for card in DEFAULT_PROGRAMS}
    assert "PRG-18 (a run of 5: 10, jack, queen, king, ace)" in english
    assert "PRG-22 (a run of 4, suits: spades, clubs)" in english
    assert "PRG-31 (a run of 4 + a set of 3)" in english
    assert "PRG-02 (3 sets of 3)" in english


@pytest.mark.parametrize("lang", ["en", "fr", "de", "nl"])
def test_a_set_of_a_number_is_named_as_a_set_of_a_face_card_is(lang: str) -> None:
    """A set (AMZ-R15: three or more cards of one value) of tens reads as a set of queens
    does, its value as a word, in every language: "set of tens" beside "set of queens", never
    a number in quotes ("série de « 10 »")."""
    tr = translator(lang)
    for value, word in ((10, "tens"), (7, "sevens"), (3, "threes")):
        cards = " ".join(f"{value}{suit}" for suit in "SHD")
        phrase = combination_phrase(Combination.parse(f"set {cards}"), tr)
        assert str(value) not in phrase, phrase
        assert "«" not in phrase, phrase
        if lang == "en":
            assert phrase == f"set of {word}"
