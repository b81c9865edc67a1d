"""One sentence per event of the programmes game, from the ``programmes.*`` entries of
:data:`MESSAGES`.

>>> from phase10.games.programmes.state import ProgrammeEvent, ProgrammeEventKind as K
>>> describe_programme_event(ProgrammeEvent(K.SUN_CARD, seat=1, number=1), ["Ann", "Bob"])
'Bob is dealt a sun card, a free program (1 done).'
>>> describe_programme_event(ProgrammeEvent(K.DREW, seat=0), ["Ann", "Bob"], 0, lang="fr")
'Vous avez pioché une carte.'

Program cards are described in the reader's language by :func:`program_text`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from phase10.games.programmes.cards import (
    CARD_SHOWN,
    IS_WILD,
    JOKER_CODE,
    RANK_OF,
    SUIT_OF,
    shown_notation,
)
from phase10.games.programmes.combos import Combination
from phase10.games.programmes.programs import Directive, ProgramCard
from phase10.games.programmes.rules import ProgrammeRules
from phase10.games.programmes.state import ProgrammeEvent
from phase10.games.programmes.state import ProgrammeEventKind as K
from phase10.kernel.i18n import N_, Translator, translator
from phase10.kernel.kinds import Kind

#: Every sentence of the programmes game. The ones it shares with Phase 10 (drawing,
#: discarding, going out) are the same English text, so the catalogs translate them once.
MESSAGES: Final[dict[str, str]] = {
    "turn_started": N_("It is {name}'s turn."),
    "turn_started.you": N_("It is your turn."),
    "drew": N_("{name} drew a card."),
    "drew.you": N_("You drew {card}."),
    "drew.you_unseen": N_("You drew a card."),
    "took_discard": N_("{name} took {card} from the discard pile."),
    "took_discard.you": N_("You took {card} from the discard pile."),
    "turned_up": N_("{card} is turned up to start the discard pile."),
    "reshuffled": N_("The discard pile is shuffled into a new draw pile of {count} cards."),
    "discarded": N_("{name} discarded {card}."),
    "discarded.you": N_("You discarded {card}."),
    "went_out": N_("{name} went out."),
    "went_out.you": N_("You went out."),
    "programmes.first_dealer": N_("{name} is dealt the first spade and deals first."),
    "programmes.first_dealer.you": N_("You are dealt the first spade and deal first."),
    "programmes.program_dealt": N_("{name} receives a program card."),
    "programmes.program_dealt.you": N_("You receive program {program}."),
    "programmes.no_program": N_("The program deck is empty: {name} plays without a program."),
    "programmes.no_program.you": N_("The program deck is empty: you play without a program."),
    "programmes.program_swapped": N_("{name} swapped their program card."),
    "programmes.program_swapped.you": N_("You swapped your program {program}."),
    "programmes.hand_dealt": N_("Round {hand} is dealt by {dealer}."),
    "programmes.hand_dealt.you": N_("You deal round {hand}."),
    "programmes.revealed": N_("{name} revealed program {program}: {combos}."),
    "programmes.revealed.you": N_("You revealed program {program}: {combos}."),
    "programmes.melded": N_("{name} laid a new set: {combo}."),
    "programmes.melded.you": N_("You laid a new set: {combo}."),
    "programmes.extended": N_("{name} added {card} to {owner}'s combination, now {combo}."),
    "programmes.extended.you": N_("You added {card} to {owner}'s combination, now {combo}."),
    "programmes.extended.yours": N_("{name} added {card} to your combination, now {combo}."),
    "programmes.extended.yours.you": N_("You added {card} to your combination, now {combo}."),
    "programmes.extended.own": N_("{name} added {card} to their own combination, now {combo}."),
    "programmes.all_revealed": N_("Everyone has revealed a program: the round ends."),
    "programmes.hand_ended": N_("Round {hand} ended. Programs completed: {programs}."),
    "programmes.game_over": N_("{name} wins the game with {count} programs."),
    "programmes.game_over.you": N_("You win the game with {count} programs."),
}

#: Kinds whose sentence has the same key and fields as Phase 10's.
_SHARED = {
    K.TURN_STARTED: "turn_started",
    K.DREW: "drew",
    K.TOOK_DISCARD: "took_discard",
    K.DISCARDED: "discarded",
    K.WENT_OUT: "went_out",
}


#: How a program card reads; the ids (``PRG-03``) stay as written. In words, not in the
#: rules table's shorthand ("2x set of 3", "suits S C"): a screen reader spells letters out.
_SUN = N_("sun card (a free program)")
_SUITS = N_("suits: {suits}")
_NO_WILDS = N_("no wilds")
_PROGRAM = N_("{id} ({description})")


#: One combination a program asks for, with its article: "a run of 4" reads as people say
#: it, where "1 run of 4" reads as a count.
_ONE_DIRECTIVE: Final = {Kind.RUN: N_("a run of {length}"), Kind.SET: N_("a set of {length}")}


def _directive_text(directive: Directive, tr: Translator) -> str:
    """What one line of a program card asks for: ``a run of 4``, ``2 sets of 3``, and the
    values it names after a colon (``a run of 3: 3, 4, 5``), not in a second pair of
    brackets inside the program's own."""
    if directive.mult == 1:
        text = tr.gettext(_ONE_DIRECTIVE[directive.kind])
    elif directive.kind is Kind.RUN:
        text = tr.ngettext("{mult} run of {length}", "{mult} runs of {length}", directive.mult)
    else:
        text = tr.ngettext("{mult} set of {length}", "{mult} sets of {length}", directive.mult)
    text = text.format(mult=directive.mult, length=directive.length)
    if directive.values is not None:
        values = ", ".join(rank_shown(v, tr) for v in directive.values)
        text = tr.gettext(N_("{directive}: {values}")).format(directive=text, values=values)
    return text


def program_text(card: ProgramCard, lang: str | Translator = "en", *, with_id: bool = True) -> str:
    """What ``card`` asks for, in the reader's language.

    >>> from phase10.games.programmes.programs import Directive
    >>> card = ProgramCard("PRG-03", (Directive(1, Kind.SET, 4),))
    >>> program_text(card)
    'PRG-03 (a set of 4)'
    >>> program_text(ProgramCard("PRG-16", (Directive(1, Kind.RUN, 3, (3, 4, 5)),)))
    'PRG-16 (a run of 3: 3, 4, 5)'
    """
    tr = translator(lang) if isinstance(lang, str) else lang
    if card.sun:
        description = tr.gettext(_SUN)
    else:
        parts = [" + ".join(_directive_text(d, tr) for d in card.directives)]
        if card.suits is not None:
            suits = ", ".join(tr.gettext(_SUIT_NAME_WORDS[i]) for i in card.suits)
            parts.append(tr.gettext(_SUITS).format(suits=suits))
        if card.no_wild:
            parts.append(tr.gettext(_NO_WILDS))
        description = ", ".join(parts)
    if not with_id:
        return description
    return tr.gettext(_PROGRAM).format(id=card.id, description=description)


#: A card in words (``ten of hearts``): the hand lists cards so, and narration in words
#: names them so.
_SUIT_WORDS: Final = (
    N_("{rank} of spades"),
    N_("{rank} of hearts"),
    N_("{rank} of diamonds"),
    N_("{rank} of clubs"),
)
_RANK_WORDS: Final = (
    N_("ace"),
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
    N_("nine"),
    N_("ten"),
    N_("jack"),
    N_("queen"),
    N_("king"),
)


def card_label(card: int, lang: str | Translator = "en") -> str:
    """A card in words, ``ten of hearts``, or ``joker`` (whether it is wild is not said).

    >>> card_label(9, "en"), card_label(52, "fr")
    ('ten of spades', 'joker')
    """
    tr = translator(lang) if isinstance(lang, str) else lang
    if card == JOKER_CODE:
        return tr.gettext(N_("joker"))
    rank = tr.gettext(_RANK_WORDS[RANK_OF[card] - 1])
    return tr.gettext(_SUIT_WORDS[SUIT_OF[card]]).format(rank=rank)


#: A suit's name alone, for the phrases that put it after a rank or a run.
_SUIT_NAME_WORDS: Final = (N_("spades"), N_("hearts"), N_("diamonds"), N_("clubs"))
#: A card as a sentence names it, with its article: "You drew a queen of hearts." (each
#: language gives the article its card's gender and the sentence's case).
_A_RANK: Final = (
    N_("an ace of {suit}"),
    N_("a two of {suit}"),
    N_("a three of {suit}"),
    N_("a four of {suit}"),
    N_("a five of {suit}"),
    N_("a six of {suit}"),
    N_("a seven of {suit}"),
    N_("an eight of {suit}"),
    N_("a nine of {suit}"),
    N_("a ten of {suit}"),
    N_("a jack of {suit}"),
    N_("a queen of {suit}"),
    N_("a king of {suit}"),
)
#: A set of a face card or aces by name: "set of Qs" read aloud says "cues".
_SET_OF_FACES: Final = {
    1: N_("set of aces"),
    11: N_("set of jacks"),
    12: N_("set of queens"),
    13: N_("set of kings"),
}
#: Every set by the name of its value, a number as a word too, so a set of tens reads as a
#: set of queens does ("set of tens", "set of queens"), not as a number in quotes. A 2 is
#: always wild (AMZ-R02): no set is of twos.
_SET_OF: Final = {
    **_SET_OF_FACES,
    3: N_("set of threes"),
    4: N_("set of fours"),
    5: N_("set of fives"),
    6: N_("set of sixes"),
    7: N_("set of sevens"),
    8: N_("set of eights"),
    9: N_("set of nines"),
    10: N_("set of tens"),
}


def _a_card(card: int, tr: Translator) -> str:
    """A card as a sentence names it in words: ``a queen of hearts``, ``a joker``."""
    if card == JOKER_CODE:
        return tr.gettext(N_("a joker"))
    suit = tr.gettext(_SUIT_NAME_WORDS[SUIT_OF[card]])
    return tr.gettext(_A_RANK[RANK_OF[card] - 1]).format(suit=suit)


def rank_shown(value: int, tr: Translator) -> str:
    """A rank in a run's phrase: a number as a number, an ace or a face card by name."""
    rank = (value - 1) % 13 + 1
    return tr.gettext(_RANK_WORDS[rank - 1]) if rank in _SET_OF_FACES else str(rank)


def combination_phrase(combo: Combination, tr: Translator) -> str:
    """A combination for people, its ranks as they are said: ``run 8 to jack of hearts``,
    ``set of sevens``, ``set of queens``.

    >>> combination_phrase(Combination.parse("set QS QH JK=Q"), translator("en"))
    'set of queens'
    >>> combination_phrase(Combination.parse("run 8H 9H 10H JH"), translator("de"))
    'Lauf 8 bis Bube in Herz'
    """
    if combo.kind is Kind.RUN:
        return tr.gettext(N_("run {low} to {high} of {suit}")).format(
            low=rank_shown(combo.low, tr),
            high=rank_shown(combo.high, tr),
            suit=tr.gettext(_SUIT_NAME_WORDS[combo.suit]),
        )
    named = _SET_OF.get((combo.low - 1) % 13 + 1)
    if named is not None:
        return tr.gettext(named)
    return tr.gettext(N_("set of {value}s")).format(value=combo.low)


def combo_words(combo: Combination, tr: Translator) -> str:
    """A combination in words, then its cards in words, each wild with what it stands for:
    ``set of sevens: seven of spades, joker as 7``. (A 2 is always wild, AMZ-R02, but "two of
    clubs" alone in a set of queens would be heard as a natural two.)"""
    cards = ", ".join(
        tr.gettext(N_("{card} as {value}")).format(
            card=card_label(card, tr), value=rank_shown(value, tr)
        )
        if IS_WILD[card]
        else card_label(card, tr)
        for card, value in zip(combo.cards, combo.values, strict=True)
    )
    return tr.gettext(N_("{group}: {cards}")).format(
        group=combination_phrase(combo, tr), cards=cards
    )


#: A combination's kind in words before its cards (the same words as Phase 10's groups).
_COMBO_WORDS: Final = {Kind.SET: N_("set {cards}"), Kind.RUN: N_("run {cards}")}


def combo_text(combo: Combination, lang: str | Translator = "en", *, shown: bool = True) -> str:
    """A combination's cards as they are shown, each suit by its sign, with its kind in
    words: ``set 7♠ 7♥ JK=7``, ``Satz 7♠ 7♥ JK=7``; with ``shown`` false, in the notation's
    letters, as the command line's ``check`` answers the letters it was given.

    >>> combo = Combination.parse("run 8S 9S 2D=10S")
    >>> combo_text(combo, "fr"), combo_text(combo, "fr", shown=False)
    ('suite 8♠ 9♠ 2♦=10♠', 'suite 8S 9S 2D=10S')
    """
    tr = translator(lang) if isinstance(lang, str) else lang
    cards = " ".join(combo.tokens())
    cards = shown_notation(cards) if shown else cards
    return tr.gettext(_COMBO_WORDS[combo.kind]).format(cards=cards)


def _say(tr: Translator, key: str, me: bool, **fields: object) -> str:
    template = MESSAGES.get(f"{key}.you") if me else None
    return tr.gettext(template or MESSAGES[key]).format(**fields)


def describe_programme_event(
    event: ProgrammeEvent,
    names: Sequence[str],
    viewer: int | None = None,
    *,
    rules: ProgrammeRules | None = None,
    lang: str | Translator = "en",
    words: bool = False,
) -> str:
    """One sentence for ``event``; ``viewer`` reads "you" for its own seat; ``words`` names
    the cards in words (``ten of hearts``) instead of as they are shown (``10♥``).

    >>> from phase10.games.programmes.cards import parse_playing_cards
    >>> drew = ProgrammeEvent(K.DREW, seat=0, cards=parse_playing_cards("10H"))
    >>> describe_programme_event(drew, ["Ann"], 0)
    'You drew 10♥.'
    >>> describe_programme_event(drew, ["Ann"], 0, words=True)
    'You drew a ten of hearts.'
    """
    tr = translator(lang) if isinstance(lang, str) else lang
    me = viewer is not None and event.seat == viewer
    name = names[event.seat] if 0 <= event.seat < len(names) else f"Player {event.seat + 1}"
    card = ""
    if event.cards:
        card = _a_card(event.cards[0], tr) if words else CARD_SHOWN[event.cards[0]]
    shown = combo_words if words else combo_text
    programs = rules.programs if rules is not None else ()
    program = program_text(programs[event.programs[0]], tr) if event.programs and programs else ""
    kind = event.kind
    if kind in _SHARED:
        if kind is K.DREW and me and not card:
            return _say(tr, "drew.you_unseen", False)
        if kind is K.DREW and not card:
            return _say(tr, "drew", False, name=name)
        return _say(tr, _SHARED[kind], me, name=name, card=card)
    if kind is K.TURNED_UP:
        said = _say(tr, "turned_up", False, card=card)
        return said[:1].upper() + said[1:]  # in words the sentence starts with "ten of hearts"
    if kind is K.RESHUFFLED:
        # A count in a sentence agrees with it in every language ("1 programs").
        return tr.ngettext(
            "The discard pile is shuffled into a new draw pile of {count} card.",
            "The discard pile is shuffled into a new draw pile of {count} cards.",
            event.number,
        ).format(count=event.number)
    if kind is K.HAND_DEALT:
        return _say(tr, "programmes.hand_dealt", me, hand=event.number + 1, dealer=name)
    if kind is K.REVEALED:
        between = tr.gettext(N_("; ")) if words else ", "
        combos = between.join(shown(c, tr) for c in event.combos)
        return _say(tr, "programmes.revealed", me, name=name, program=program, combos=combos)
    if kind is K.MELDED:
        return _say(tr, "programmes.melded", me, name=name, combo=shown(event.combos[0], tr))
    if kind is K.EXTENDED:
        yours = ".yours" if viewer is not None and event.target == viewer else ""
        if not yours and event.target == event.seat:
            yours = ".own"  # "Bob added JH to their own combination", not "to Bob's"
        owner = names[event.target] if 0 <= event.target < len(names) else ""
        # In words the combination is named, not listed: the added card was just said.
        grown = combination_phrase if words else combo_text
        combo = grown(event.combos[0], tr) if event.combos else ""
        key = "programmes.extended" + yours
        return _say(tr, key, me, name=name, card=card, owner=owner, combo=combo)
    if kind in (K.HAND_ENDED, K.GAME_OVER):
        parts = ", ".join(f"{names[s]} {n}" for s, n in enumerate(event.scores) if s < len(names))
        if kind is K.HAND_ENDED:
            return _say(tr, "programmes.hand_ended", False, hand=event.number + 1, programs=parts)
        count = event.scores[event.seat] if 0 <= event.seat < len(event.scores) else 0
        if me:
            won = tr.ngettext(
                "You win the game with {count} program.",
                "You win the game with {count} programs.",
                count,
            )
        else:
            won = tr.ngettext(
                "{name} wins the game with {count} program.",
                "{name} wins the game with {count} programs.",
                count,
            )
        return won.format(name=name, count=count)
    if kind is K.SUN_CARD:
        # "(1 done)": French "(1 réalisé)", "(2 réalisés)".
        if me:
            sun = tr.ngettext(
                "You are dealt a sun card, a free program ({count} done).",
                "You are dealt a sun card, a free program ({count} done).",
                event.number,
            )
        else:
            sun = tr.ngettext(
                "{name} is dealt a sun card, a free program ({count} done).",
                "{name} is dealt a sun card, a free program ({count} done).",
                event.number,
            )
        return sun.format(name=name, count=event.number)
    key = f"programmes.{kind.value}"
    return _say(tr, key, me, name=name, program=program, count=event.number)


def narrate_programmes(
    events: Sequence[ProgrammeEvent],
    names: Sequence[str],
    viewer: int | None = None,
    *,
    rules: ProgrammeRules | None = None,
    lang: str | Translator = "en",
    words: bool = False,
) -> list[str]:
    """Sentences for a run of events; the program-deck shuffle is not worth a sentence."""
    return [
        describe_programme_event(e, names, viewer, rules=rules, lang=lang, words=words)
        for e in events
        if e.kind is not K.PROGRAMS_SHUFFLED
    ]
