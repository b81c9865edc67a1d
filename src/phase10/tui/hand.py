"""Pure helpers of the full-screen game: hand orders, card labels, hints and action labels.

Nothing here holds state: every function reads a ``PlayerView`` (or cards) and returns text
or cards, so the widgets stay thin and these rules of presentation are easy to test.

>>> from phase10.games.phase10.cards import parse_cards, format_cards
>>> hand = parse_cards("G7 R1 W B7 S R7 Y2")
>>> format_cards(sort_hand(hand, SortOrder.NUMBER, None, None))
'R1 Y2 R7 B7 G7 W S'
>>> format_cards(sort_hand(hand, SortOrder.COLOUR, None, None))
'R1 R7 B7 Y2 G7 W S'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Any

from phase10.games.phase10.actions import Action, Discard, Draw, Hit, LayDown, Source
from phase10.games.phase10.cards import COLOUR_OF, NUMBER_OF, SKIP_CODE, SYMBOL_OF, WILD_CODE, Card
from phase10.games.phase10.finder import find_phase
from phase10.games.phase10.groups import Group
from phase10.games.phase10.narration import phase_title
from phase10.games.phase10.rules import Kind, Phase, RuleSet
from phase10.games.phase10.view import PlayerView
from phase10.tui.hints import hinted_action
from phase10.tui.text import _, current


class SortOrder(StrEnum):
    """How the hand is shown; the player toggles between them."""

    NUMBER = "number"
    COLOUR = "colour"
    PHASE = "phase"

    @property
    def label(self) -> str:
        labels = {
            SortOrder.NUMBER: _("sorted by number"),
            SortOrder.COLOUR: _("sorted by colour"),
            SortOrder.PHASE: _("sorted by what your phase needs"),
        }
        return labels[self]

    def next(self) -> SortOrder:
        order = list(SortOrder)
        return order[(order.index(self) + 1) % len(order)]


def _number_key(card: int) -> tuple[int, int, int]:
    return (int(card >= WILD_CODE), NUMBER_OF[card], max(COLOUR_OF[card], 0) if card < 48 else card)


def _colour_key(card: int) -> tuple[int, int, int]:
    return (int(card >= WILD_CODE), COLOUR_OF[card], NUMBER_OF[card] if card < 48 else card)


def sort_hand(
    hand: Sequence[Card], order: SortOrder, phase: Phase | None, rules: RuleSet | None
) -> list[Card]:
    """``hand`` in the chosen order; Wilds and then Skips always come last.

    ``SortOrder.PHASE`` puts first the cards of a lay-down the hand already allows (group by
    group), else the cards that best feed the phase's first group: the most common numbers
    for a set, the numbers in order for a run, the most common colour for a colour group.

    >>> from phase10.games.phase10.cards import parse_cards, format_cards
    >>> from phase10.games.phase10.rules import RuleSet
    >>> rules = RuleSet()
    >>> hand = parse_cards("R1 G9 B4 Y9 R4 W G4 R9 S B2")
    >>> format_cards(sort_hand(hand, SortOrder.PHASE, rules.phases[0], rules))
    'R4 B4 G4 R9 Y9 G9 R1 B2 W S'
    """
    if order is SortOrder.COLOUR:
        return sorted(hand, key=_colour_key)
    by_number = sorted(hand, key=_number_key)
    if order is SortOrder.NUMBER or phase is None or rules is None:
        return by_number
    groups = find_phase(hand, phase, rules)
    if groups is not None:
        first = [c for g in groups for c in g.cards]
        rest = list(hand)
        for c in first:
            rest.remove(c)
        return first + sorted(rest, key=_number_key)
    kind = phase.groups[0].kind
    naturals = [c for c in hand if c < WILD_CODE]
    wilds = [c for c in hand if c == WILD_CODE]
    skips = [c for c in hand if c == SKIP_CODE]
    if kind is Kind.SET:
        counts = Counter(NUMBER_OF[c] for c in naturals)
        naturals.sort(key=lambda c: (-counts[NUMBER_OF[c]], -NUMBER_OF[c], COLOUR_OF[c]))
        return naturals + wilds + skips
    if kind is Kind.COLOUR:
        colours = Counter(COLOUR_OF[c] for c in naturals)
        naturals.sort(key=lambda c: (-colours[COLOUR_OF[c]], COLOUR_OF[c], NUMBER_OF[c]))
        return naturals + wilds + skips
    return by_number


def card_label(card: int) -> str:
    """The card as written everywhere: ``R7``, ``B12``, ``W``, ``S`` (never colour alone)."""
    return SYMBOL_OF[card]


def card_class(card: int) -> str:
    """The CSS class that colours a card: a colour name, ``wild`` or ``skip``."""
    if card == WILD_CODE:
        return "wild"
    if card == SKIP_CODE:
        return "skip"
    return ("red", "blue", "yellow", "green")[COLOUR_OF[card]]


def is_sub_multiset(part: Sequence[int], whole: Sequence[int]) -> bool:
    """Whether every card of ``part`` is in ``whole`` (copies counted).

    >>> is_sub_multiset([1, 1], [1, 2, 1]), is_sub_multiset([1, 1], [1, 2])
    (True, False)
    """
    return not Counter(part) - Counter(whole)


def laydown_shape(action: LayDown) -> tuple[object, ...]:
    """What a person tells lay-downs apart by: each group's kind and values, and colours only
    in a colour group (the same lay-down with colours swapped is one choice).

    >>> from phase10.games.phase10.groups import Group
    >>> a = LayDown((Group.parse("set R5 B5 W"), Group.parse("set R7 Y7 G7")))
    >>> b = LayDown((Group.parse("set Y5 B5 W"), Group.parse("set R7 B7 G7")))
    >>> laydown_shape(a) == laydown_shape(b)
    True
    """
    shape: list[object] = [action.phase]
    for group in action.groups:
        tokens = group.tokens()
        if group.kind is not Kind.COLOUR:
            tokens = [t if t.startswith("W") else t[1:] for t in tokens]
        shape.append((group.kind, tuple(sorted(tokens))))
    return tuple(shape)


def distinct(options: Sequence[Any], shape: Callable[[Any], object]) -> list[Any]:
    """The first of each ``shape`` among ``options``, in order."""
    seen: set[object] = set()
    out = []
    for option in options:
        key = shape(option)
        if key not in seen:
            seen.add(key)
            out.append(option)
    return out


def laydowns_for(view: PlayerView, selected: Sequence[int]) -> list[LayDown]:
    """The distinct legal lay-downs that use only ``selected`` cards (all of them if none is
    selected), the ones that use the most chosen cards first."""
    options = [a for a in view.legal if isinstance(a, LayDown)]
    if selected:
        options = [a for a in options if is_sub_multiset(a.cards, selected)]
        options.sort(key=lambda a: -len(a.cards))
    return distinct(options, laydown_shape)


def group_name(view: PlayerView, names: Sequence[str], owner: int, group: Group) -> str:
    """``Bob's set of 7s`` or ``your run 3-6`` for the seat viewing."""
    if owner == view.seat:
        return _("your {group}").format(group=_describe(group))
    return _("{name}'s {group}").format(name=names[owner], group=_describe(group))


def _describe(group: Group) -> str:
    if group.kind is Kind.RUN:
        return _("run {low}-{high}").format(low=group.low, high=group.high)
    if group.kind is Kind.SET:
        return _("set of {number}s").format(number=group.low)
    colour = (_("red"), _("blue"), _("yellow"), _("green"))[group.low]
    return _("{colour} colour group").format(colour=colour)


def laydown_label(action: LayDown) -> str:
    """A lay-down as groups: ``set R5 B5 W=5 + set R7 Y7 G7`` (with ``phase N:`` if named)."""
    text = " + ".join(str(g) for g in action.groups)
    if action.phase is not None:
        return _("Phase {phase}: {groups}").format(phase=action.phase, groups=text)
    return text


def hit_label(view: PlayerView, names: Sequence[str], action: Hit) -> str:
    """``R7 on Bob's set of 7s`` or ``W as 2 on your run 3-6``."""
    group = view.table[action.owner][action.index]
    where = group_name(view, names, action.owner, group)
    if action.card == WILD_CODE and group.kind is Kind.RUN:
        return _("W as {value} on {group}").format(value=action.value, group=where)
    return _("{card} on {group}").format(card=SYMBOL_OF[action.card], group=where)


def hint(view: PlayerView) -> tuple[str, tuple[int, ...], Action | None]:
    """A suggestion for the seat to act: a sentence, the cards to select, and the action:
    the move the game's presentation hints, which every client gives (the strongest fast
    computer player's). The action is ``None`` when there is nothing to suggest.
    """
    me = view.players[view.seat]
    if not view.my_turn:
        return _("It is not your turn."), (), None
    action: Action | None = hinted_action(view)
    if isinstance(action, Draw):
        top = view.discard_top
        if action.source is Source.DISCARD_PILE and top is not None:
            if (
                me.phase is not None
                and me.laid < 0
                and find_phase((*view.hand, top), me.phase, view.rules) is not None
            ):
                text = _("Hint: take {card} from the discard pile: it completes your phase.")
            else:
                text = _("Hint: take {card} from the discard pile (press t).")
            return text.format(card=SYMBOL_OF[top]), (), action
        return _("Hint: draw from the draw pile (press d)."), (), action
    if isinstance(action, LayDown):
        text = _("Hint: you can lay down {groups}. The cards are selected: press l.")
        return text.format(groups=laydown_label(action)), tuple(action.cards), action
    if isinstance(action, Hit):
        text = _("Hint: {card} fits a group on the table. It is selected: press g to hit it.")
        return text.format(card=SYMBOL_OF[action.card]), (action.card,), action
    if not isinstance(action, Discard):
        return _("End your turn with a discard (press x)."), (), None
    if me.laid < 0 and me.phase is not None:
        text = _("Your hand does not hold {phase} yet. Discard {card}? It is selected: press x.")
        return (
            text.format(phase=phase_title(me.phase, current()), card=SYMBOL_OF[action.card]),
            (action.card,),
            action,
        )
    text = _("Nothing fits the table. Discard {card}? It is selected: press x.")
    return text.format(card=SYMBOL_OF[action.card]), (action.card,), action


def discard_choices(view: PlayerView, card: int) -> list[Discard]:
    """The legal discards of ``card`` (one per possible Skip target for a Skip)."""
    return [a for a in view.legal if isinstance(a, Discard) and a.card == card]
