"""One plain sentence per engine event, for the line game, logs and screen readers.

Every sentence is a format string in :data:`MESSAGES`, keyed by event kind (``.you`` for the
form addressed to the viewer), written in English and marked with ``N_()`` for the gettext
catalogs; ``PHRASES`` (:mod:`phase10.games.phase10.phrases`) holds the words sentences are
built from (group and phase names).
Both are translated when a sentence is made, in the language asked for (``lang=``), so each
viewer reads the game in their own language (``phase10.kernel.i18n``).

>>> from phase10.games.phase10.cards import parse_cards
>>> from phase10.games.phase10.state import Event, EventKind
>>> names = ["Ann", "Bob"]
>>> describe_event(Event(EventKind.DREW, seat=0), names)
'Ann drew a card.'
>>> describe_event(Event(EventKind.DREW, seat=0, cards=parse_cards("R7")), names, viewer=0)
'You drew R7.'
>>> describe_event(Event(EventKind.DISCARDED, seat=0, cards=parse_cards("S"), target=1), names)
'Ann discarded a Skip: Bob loses the next turn.'
>>> describe_event(Event(EventKind.DREW, seat=0), names, lang="de")
'Ann hat eine Karte gezogen.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from phase10.games.phase10.cards import COLOUR_OF, NUMBER_OF, SKIP_CODE, SYMBOL_OF, WILD_CODE
from phase10.games.phase10.groups import Group, value_symbol
from phase10.games.phase10.phrases import PHRASES
from phase10.games.phase10.rules import (
    GroupReq,
    Kind,
    Phase,
    Progression,
    RuleSet,
    SkipDelivery,
)
from phase10.games.phase10.state import Event, EventKind
from phase10.kernel.i18n import N_, Translator, translator

#: Every sentence the narrator can say. Keys: an EventKind value, optionally ``.you`` (the
#: viewer acts) or another suffix for a variant of the sentence; plus a few helper phrases.
#: Values are English ``str.format`` templates marked with ``N_()``; a new key needs its
#: translations in ``src/phase10/locale`` (``make i18n``, then fill the .po files).
MESSAGES: Final[dict[str, str]] = {
    "hand_dealt": N_("Hand {hand} is dealt by {dealer}."),
    "hand_dealt.you": N_("You deal hand {hand}."),
    "turned_up": N_("{card} is turned up to start the discard pile."),
    "turned_up.skip": N_("A Skip is turned up: {name} loses the first turn."),
    "turned_up.skip.you": N_("A Skip is turned up: you lose the first turn."),
    "turn_started": N_("It is {name}'s turn."),
    "turn_started.you": N_("It is your turn."),
    "turn_lost": N_("{name} loses this turn."),
    "turn_lost.you": N_("You lose this turn."),
    # A Skip laid in front of its target (skip_delivery=placed, D-37): the lost turn moves
    # it onto the discard pile.
    "turn_lost.placed": N_("{name} loses this turn and puts the Skip on the discard pile."),
    "turn_lost.placed.you": N_("You lose this turn and put the Skip on the discard pile."),
    "drew": N_("{name} drew a card."),
    "drew.you": N_("You drew {card}."),
    "drew.you_unseen": N_("You drew a card."),
    "took_discard": N_("{name} took {card} from the discard pile."),
    "took_discard.you": N_("You took {card} from the discard pile."),
    "reshuffled": N_("The discard pile is shuffled into a new draw pile of {count} cards."),
    "laid_down": N_("{name} laid down phase {phase}: {groups}."),
    "laid_down.you": N_("You laid down phase {phase}: {groups}."),
    "hit": N_("{name} hit {card} on {owner}'s {group}."),
    "hit.you": N_("You hit {card} on {owner}'s {group}."),
    "hit.yours": N_("{name} hit {card} on your {group}."),
    "hit.yours.you": N_("You hit {card} on your {group}."),
    "hit.wild": N_("{name} hit a wild on {owner}'s run, which is now {group}."),
    "hit.wild.you": N_("You hit a wild on {owner}'s run, which is now {group}."),
    "hit.wild.yours": N_("{name} hit a wild on your run, which is now {group}."),
    "hit.wild.yours.you": N_("You hit a wild on your run, which is now {group}."),
    "hit.own": N_("{name} hit {card} on their own {group}."),
    "hit.wild.own": N_("{name} hit a wild on their own run, which is now {group}."),
    "discarded": N_("{name} discarded {card}."),
    "discarded.you": N_("You discarded {card}."),
    "discarded.skip": N_("{name} discarded a Skip."),
    "discarded.skip.you": N_("You discarded a Skip."),
    "discarded.skip_target": N_("{name} discarded a Skip: {target} loses the next turn."),
    "discarded.skip_target.you": N_("You discarded a Skip: {target} loses the next turn."),
    "discarded.skip_at_you": N_("{name} discarded a Skip: you lose your next turn."),
    "placed.skip_target": N_("{name} laid a Skip in front of {target}, who loses the next turn."),
    "placed.skip_target.you": N_("You laid a Skip in front of {target}, who loses the next turn."),
    "placed.skip_at_you": N_("{name} laid a Skip in front of you: you lose your next turn."),
    "skipped_player": N_("{target} loses the next turn."),
    "skipped_player.you": N_("You lose your next turn."),
    "dead_skip": N_("The Skip has no effect: nobody can be skipped now."),
    "went_out": N_("{name} went out."),
    "went_out.you": N_("You went out."),
    "hand_ended": N_("Hand {hand} ended. Points: {points}."),
    "hand_ended.tiebreak": N_(
        "The tie-break hand ended. Its points ({points}) do not count: the totals stay as "
        "they were."
    ),
    "hand_ended.nobody": N_("The draw pile is empty and nobody went out. Points: {points}."),
    "tiebreak": N_("{players} are tied: they play a tie-break hand."),
    "game_over": N_("{name} wins the game with {achievement} and {points} points."),
    "game_over.you": N_("You win the game with {achievement} and {points} points."),
    "achievement.phase": N_("phase {phase} done"),
    "achievement.lowest": N_("the lowest total"),
    "moved_up": N_("{name} moves up to phase {phase}."),
    "moved_up.you": N_("You move up to phase {phase}."),
    "completed": N_("{name} completed phase {phase}."),
    "completed.you": N_("You completed phase {phase}."),
    "finished": N_("{name} has completed every phase."),
    "finished.you": N_("You have completed every phase."),
    "stays": N_("{name} stays on phase {phase}."),
    "stays.you": N_("You stay on phase {phase}."),
    "everyone_moves": N_("Everyone moves on to phase {phase}."),
    "and": N_(" and "),
}

_COLOURS: Final = ("red", "blue", "yellow", "green")

#: A numbered card in words, by colour (``red 7``); the hand lists cards so, and narration in
#: words names them so.
_COLOUR_WORDS: Final = (
    N_("red {number}"),
    N_("blue {number}"),
    N_("yellow {number}"),
    N_("green {number}"),
)


def _tr(lang: str | Translator) -> Translator:
    return translator(lang) if isinstance(lang, str) else lang


def _phrase(tr: Translator, key: str) -> str:
    """``PHRASES[key]`` translated (a helper, so extraction never mistakes a key for a msgid)."""
    return tr.gettext(PHRASES[key])


def _message(tr: Translator, key: str) -> str:
    """``MESSAGES[key]`` translated."""
    return tr.gettext(MESSAGES[key])


def card_label(card: int, lang: str | Translator = "en") -> str:
    """A card in words: ``red 7``; the wild and the Skip say what they are.

    >>> from phase10.games.phase10.cards import parse_cards
    >>> [card_label(c, "de") for c in parse_cards("R7 W S")]
    ['rote 7', 'Joker', 'Aussetzen-Karte']
    """
    tr = _tr(lang)
    if card == WILD_CODE:
        return tr.gettext(N_("wild"))
    if card == SKIP_CODE:
        return tr.gettext(N_("Skip"))
    return tr.gettext(_COLOUR_WORDS[COLOUR_OF[card]]).format(number=NUMBER_OF[card])


#: A card as a sentence names it, with its article: "You drew a red 7." (each language
#: gives the article its card's gender and the sentence's case: German "eine rote 7",
#: "einen Joker").
_A_COLOUR: Final = (
    N_("a red {number}"),
    N_("a blue {number}"),
    N_("a yellow {number}"),
    N_("a green {number}"),
)


def _a_card(card: int, tr: Translator) -> str:
    """A card as a sentence names it in words: ``a red 7``, ``a wild``, ``a Skip``."""
    if card == WILD_CODE:
        return tr.gettext(N_("a wild"))
    if card == SKIP_CODE:
        return tr.gettext(N_("a Skip"))
    return tr.gettext(_A_COLOUR[COLOUR_OF[card]]).format(number=NUMBER_OF[card])


def group_words(group: Group, tr: Translator) -> str:
    """A group in words, then its cards in words: ``set of 5s: red 5, blue 5, wild``."""
    cards = ", ".join(card_label(card, tr) for card in group.cards)
    return tr.gettext(N_("{group}: {cards}")).format(group=group_phrase(group, tr), cards=cards)


def group_text(group: Group, lang: str | Translator = "en") -> str:
    """A group in card notation with its kind in words: ``set R5 B5 W=5``, ``série R5 B5 W=5``.

    >>> from phase10.games.phase10.groups import Group
    >>> group_text(Group.parse("run W R4 B5"), "nl")
    'reeks W=3 R4 B5'
    """
    tr = _tr(lang)
    return _phrase(tr, f"group.{group.kind.value}").format(cards=" ".join(group.tokens()))


def group_phrase(group: Group, lang: str | Translator = "en") -> str:
    """A group for people: ``run 3 to 6``, ``set of 7s``, ``green colour group``.

    >>> from phase10.games.phase10.groups import Group
    >>> group_phrase(Group.parse("set R7 B7 W"), "fr")
    'série de « 7 »'
    """
    tr = _tr(lang)
    if group.kind is Kind.RUN:
        return _phrase(tr, "phrase.run").format(low=group.low, high=group.high)
    if group.kind is Kind.SET:
        return _phrase(tr, "phrase.set").format(number=group.low)
    return _phrase(tr, f"phrase.{_COLOURS[group.low]}")


def requirement_text(need: GroupReq, lang: str | Translator = "en") -> str:
    """One group a phase asks for: ``set of 3``, ``run of 7``, ``7 cards of one colour``."""
    return _phrase(_tr(lang), f"need.{need.kind.value}").format(size=need.size)


def phase_description(phase: Phase, lang: str | Translator = "en") -> str:
    """What a phase asks for: ``set of 3 + set of 3``; German ``Satz von 3 + Satz von 3``.

    >>> from phase10.games.phase10.rules import BASE_PHASES
    >>> phase_description(BASE_PHASES[1], "de")
    'Satz von 3 + Lauf von 4'
    """
    tr = _tr(lang)
    return _phrase(tr, "need.plus").join(requirement_text(g, tr) for g in phase.groups)


def phase_title(phase: Phase, lang: str | Translator = "en") -> str:
    """``Phase 8: 7 cards of one colour`` in the language asked for."""
    tr = _tr(lang)
    return _phrase(tr, "phase").format(
        number=phase.number, description=phase_description(phase, tr)
    )


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def _say(tr: Translator, key: str, viewer_acts: bool, **fields: object) -> str:
    template = MESSAGES.get(f"{key}.you") if viewer_acts else None
    return tr.gettext(template or MESSAGES[key]).format(**fields)


def _join(items: Sequence[str], tr: Translator) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + _message(tr, "and") + items[-1]


def _placed(rules: RuleSet | None) -> bool:
    """Whether a Skip is laid in front of its target rather than discarded (D-37)."""
    return rules is not None and rules.skip_delivery is SkipDelivery.PLACED


def _phase_number(index: int, rules: RuleSet | None) -> int:
    if rules is not None and 0 <= index < len(rules.phases):
        return rules.phases[index].number
    return index + 1


def _hit_token(event: Event, tr: Translator, words: bool = False) -> str | None:
    """The hit card as written in its group (``W=2``; in ``words``, ``wild as 2``), or None
    if it cannot be told."""
    card = event.cards[0] if event.cards else -1
    grown = event.groups[0] if event.groups else None
    if card != WILD_CODE:
        if card < 0:
            return _phrase(tr, "phrase.a_card")
        return _a_card(card, tr) if words else SYMBOL_OF[card]
    if grown is None:
        return _a_card(card, tr) if words else "W"
    if grown.kind is Kind.COLOUR and words:
        return _a_card(card, tr)  # a colour group's wild stands for its colour, said already
    if grown.kind is not Kind.RUN:
        value: int | None = grown.low
    else:
        first, last = grown.cards[0] == WILD_CODE, grown.cards[-1] == WILD_CODE
        value = grown.low if first and not last else grown.high if last and not first else None
    if value is None:
        return None
    if words:
        return tr.gettext(N_("a wild as {value}")).format(value=value)
    return f"W={value_symbol(grown.kind, value)}"


def _before_hit(grown: Group, card: int, tr: Translator) -> str:
    """The group as it was before the hit, described for people."""
    if grown.kind is not Kind.RUN:
        return group_phrase(grown, tr)
    low, high = grown.low, grown.high
    if (card != WILD_CODE and card % 12 + 1 == low) or (
        card == WILD_CODE and grown.cards[0] == card
    ):
        low += 1
    else:
        high -= 1
    return _phrase(tr, "phrase.run").format(low=low, high=high)


def describe_event(
    event: Event,
    names: Sequence[str],
    viewer: int | None = None,
    *,
    rules: RuleSet | None = None,
    lang: str | Translator = "en",
    words: bool = False,
) -> str:
    """One sentence for ``event`` in ``lang`` (a code or a ``Translator``); ``names`` are the
    seats' names; ``words`` names the cards in words (``red 7``) instead of their notation.

    ``viewer`` is the seat reading it: sentences about that seat say "you", and its own
    drawn card is named (other seats' cards are hidden by ``view_for`` anyway). ``rules``
    turns phase indices into printed numbers.

    >>> from phase10.games.phase10.groups import parse_groups
    >>> from phase10.games.phase10.cards import parse_cards
    >>> names = ["Ann", "Bob"]
    >>> laid = Event(EventKind.LAID_DOWN, seat=0, groups=parse_groups("set R5 B5 W | set G7 R7 Y7"))
    >>> describe_event(laid, names)
    'Ann laid down phase 1: set R5 B5 W=5, set R7 Y7 G7.'
    >>> grown = parse_groups("run W=2 R3 R4 R5 R6")[0]
    >>> hit = Event(EventKind.HIT, seat=1, cards=parse_cards("W"), target=0, groups=(grown,))
    >>> describe_event(hit, names)
    "Bob hit W=2 on Ann's run 3 to 6."
    >>> describe_event(hit, names, lang="fr")
    "Bob a ajouté W=2 à la suite de 3 à 6 d'Ann."
    >>> describe_event(hit, names, words=True)
    "Bob hit a wild as 2 on Ann's run 3 to 6."
    >>> describe_event(laid, names, words=True)
    'Ann laid down phase 1: set of 5s: red 5, blue 5, wild; set of 7s: red 7, yellow 7, green 7.'
    >>> describe_event(Event(EventKind.HAND_ENDED, seat=0, scores=(0, 45), number=2), names)
    'Hand 3 ended. Points: Ann 0, Bob 45.'
    """
    tr = _tr(lang)
    kind = event.kind
    me = viewer is not None and event.seat == viewer
    name = _name(names, event.seat)
    card = ""
    if event.cards:
        card = _a_card(event.cards[0], tr) if words else SYMBOL_OF[event.cards[0]]
    if kind is EventKind.HAND_DEALT:
        return _say(tr, "hand_dealt", me, hand=event.number + 1, dealer=name)
    if kind is EventKind.TURNED_UP:
        if event.cards and event.cards[0] == SKIP_CODE:
            return _say(tr, "turned_up.skip", me, name=name)
        said = _say(tr, "turned_up", False, card=card)
        return said[:1].upper() + said[1:]  # in words the sentence starts with "red 7"
    if kind is EventKind.TURN_STARTED:
        return _say(tr, "turn_started", me, name=name)
    if kind is EventKind.TURN_LOST:
        return _say(tr, "turn_lost.placed" if _placed(rules) else "turn_lost", me, name=name)
    if kind is EventKind.DREW:
        if me:
            return _say(tr, "drew", True, card=card) if card else _say(tr, "drew.you_unseen", False)
        return _say(tr, "drew", False, name=name)
    if kind is EventKind.TOOK_DISCARD:
        return _say(tr, "took_discard", me, name=name, card=card)
    if kind is EventKind.RESHUFFLED:
        count = event.number or len(event.cards)
        # A count in a sentence agrees with it in every language ("1 programs").
        return tr.ngettext(
            "The discard pile is shuffled into a new draw pile of {count} card.",
            "The discard pile is shuffled into a new draw pile of {count} cards.",
            count,
        ).format(count=count)
    if kind is EventKind.LAID_DOWN:
        if words:
            groups = tr.gettext(N_("; ")).join(group_words(g, tr) for g in event.groups)
        else:
            groups = ", ".join(group_text(g, tr) for g in event.groups)
        return _say(
            tr, "laid_down", me, name=name, phase=_phase_number(event.number, rules), groups=groups
        )
    if kind is EventKind.HIT:
        return _describe_hit(event, names, viewer, me, name, tr, words)
    if kind is EventKind.DISCARDED:
        if event.cards and event.cards[0] == SKIP_CODE:
            if event.target < 0:
                return _say(tr, "discarded.skip", me, name=name)
            how = "placed" if _placed(rules) else "discarded"
            if viewer is not None and event.target == viewer:
                return _say(tr, f"{how}.skip_at_you", False, name=name)
            target = _name(names, event.target)
            return _say(tr, f"{how}.skip_target", me, name=name, target=target)
        return _say(tr, "discarded", me, name=name, card=card)
    if kind is EventKind.SKIPPED_PLAYER:
        you = viewer is not None and event.target == viewer
        return _say(tr, "skipped_player", you, target=_name(names, event.target))
    if kind is EventKind.DEAD_SKIP:
        return _say(tr, "dead_skip", False)
    if kind is EventKind.WENT_OUT:
        return _say(tr, "went_out", me, name=name)
    if kind is EventKind.HAND_ENDED:
        points = ", ".join(f"{_name(names, s)} {p}" for s, p in enumerate(event.scores))
        if event.target == 1:
            return _say(tr, "hand_ended.tiebreak", False, points=points)
        if event.seat < 0:
            return _say(tr, "hand_ended.nobody", False, points=points)
        return _say(tr, "hand_ended", False, hand=event.number + 1, points=points)
    if kind is EventKind.TIEBREAK:
        players = _join([_name(names, s) for s in event.scores], tr)
        return _say(tr, "tiebreak", False, players=players)
    if kind is EventKind.GAME_OVER:
        total = event.scores[event.seat] if 0 <= event.seat < len(event.scores) else 0
        if event.number in (1, 2):
            return _tiebreak_won(event.number, me, total, tr).format(name=name, points=total)
        # French says "0 point": the count agrees with its noun.
        if me:
            won = tr.ngettext(
                "You win the game with {achievement} and {points} point.",
                "You win the game with {achievement} and {points} points.",
                total,
            )
        else:
            won = tr.ngettext(
                "{name} wins the game with {achievement} and {points} point.",
                "{name} wins the game with {achievement} and {points} points.",
                total,
            )
        return won.format(name=name, achievement=_achievement(rules, tr), points=total)
    raise ValueError(f"no sentence for event kind {kind!r}")


def _tiebreak_won(how: int, me: bool, total: int, tr: Translator) -> str:
    """Who won a tie-break hand and how (P10-R38, B.4.4): the totals tie, so "with the
    lowest total" would be wrong."""
    if how == 1 and me:
        return tr.ngettext(
            "You win the game: you went out first in the tie-break hand ({points} point).",
            "You win the game: you went out first in the tie-break hand ({points} points).",
            total,
        )
    if how == 1:
        return tr.ngettext(
            "{name} wins the game by going out first in the tie-break hand ({points} point).",
            "{name} wins the game by going out first in the tie-break hand ({points} points).",
            total,
        )
    if me:
        return tr.ngettext(
            "You win the game: you laid down first in the tie-break hand ({points} point).",
            "You win the game: you laid down first in the tie-break hand ({points} points).",
            total,
        )
    return tr.ngettext(
        "{name} wins the game by laying down first in the tie-break hand ({points} point).",
        "{name} wins the game by laying down first in the tie-break hand ({points} points).",
        total,
    )


def _describe_hit(
    event: Event,
    names: Sequence[str],
    viewer: int | None,
    me: bool,
    name: str,
    tr: Translator,
    words: bool,
) -> str:
    owner_seat = event.target
    yours = ".yours" if viewer is not None and owner_seat == viewer else ""
    if not yours and owner_seat == event.seat:
        yours = ".own"  # "Ann hit R7 on their own set of 7s", not "on Ann's"
    owner = _name(names, owner_seat)
    token = _hit_token(event, tr, words)
    grown = event.groups[0] if event.groups else None
    if token is None and grown is not None:
        span = _phrase(tr, "phrase.span").format(low=grown.low, high=grown.high)
        return _say(tr, "hit.wild" + yours, me, name=name, owner=owner, group=span)
    card = event.cards[0] if event.cards else -1
    group = _before_hit(grown, card, tr) if grown is not None else _phrase(tr, "phrase.group")
    return _say(tr, "hit" + yours, me, name=name, card=token, owner=owner, group=group)


def _achievement(rules: RuleSet | None, tr: Translator) -> str:
    if rules is None or rules.progression is Progression.EVERY_HAND:
        return _message(tr, "achievement.lowest")
    return _message(tr, "achievement.phase").format(phase=rules.final_phase.number)


def narrate(
    events: Sequence[Event],
    names: Sequence[str],
    viewer: int | None = None,
    *,
    rules: RuleSet | None = None,
    lang: str | Translator = "en",
    words: bool = False,
) -> list[str]:
    """Sentences for a run of events, dropping repeats (a Skip's target is already named);
    after a hand's end, who moved up (:func:`describe_progress`), when ``rules`` are given.
    ``lang`` is the reader's language; ``words`` names cards in words, not notation.
    """
    tr = _tr(lang)
    lines: list[str] = []
    previous: Event | None = None
    for event in events:
        if (
            event.kind is EventKind.SKIPPED_PLAYER
            and previous is not None
            and previous.kind is EventKind.DISCARDED
            and previous.target == event.target
        ):
            previous = event
            continue
        lines.append(describe_event(event, names, viewer, rules=rules, lang=tr, words=words))
        if event.kind is EventKind.HAND_ENDED and rules is not None:
            lines.extend(describe_progress(event, names, viewer, rules=rules, lang=tr))
        previous = event
    return lines


def describe_progress(
    ended: Event,
    names: Sequence[str],
    viewer: int | None = None,
    *,
    rules: RuleSet,
    lang: str | Translator = "en",
) -> list[str]:
    """Who moved up a phase in the hand that ``ended`` (a ``HAND_ENDED`` event, which says
    so itself), P10-R32.

    >>> from phase10.games.phase10.rules import RuleSet
    >>> ended = Event(EventKind.HAND_ENDED, scores=(0, 30), moved=(0, -1), phases=(1, 0))
    >>> describe_progress(ended, ["Ann", "Bob"], 1, rules=RuleSet())
    ['Ann moves up to phase 2.', 'You stay on phase 1.']
    """
    tr = _tr(lang)
    phases = rules.phases
    if rules.progression is Progression.EVERY_HAND:
        upcoming = ended.number + 1
        if upcoming >= len(phases):
            return []
        return [_say(tr, "everyone_moves", False, phase=phases[upcoming].number)]
    lines: list[str] = []
    for seat, (completed, after) in enumerate(zip(ended.moved, ended.phases, strict=True)):
        if after < 0:
            continue
        me = viewer == seat
        name = _name(names, seat)
        if rules.progression is Progression.PICK_ANY:
            if completed >= 0:
                lines.append(_say(tr, "completed", me, name=name, phase=phases[completed].number))
            continue
        if completed >= 0:
            if after >= len(phases):
                lines.append(_say(tr, "finished", me, name=name))
            else:
                lines.append(_say(tr, "moved_up", me, name=name, phase=phases[after].number))
        elif after < len(phases):
            lines.append(_say(tr, "stays", me, name=name, phase=phases[after].number))
    return lines
