"""Greedy with an eye on the next player: it does not discard what they have been collecting.

Phase 10 players watch what their left-hand neighbour picks up from the discard pile: a card
taken is a card wanted, and the next one like it would be taken too. ``SharpBot`` plays
exactly as :class:`~phase10.games.phase10.greedy.GreedyBot` except that, among discards costing its
own hand the same, it keeps back cards the next player is likely to want, judged from the
cards that player took from the discard pile this hand (``PublicPlayer.took``, public to all)
and the phase they are working on:

* a set needs the same number as a card they took;
* a run needs a number near one they took (within two, not the same);
* a colour group needs the colour of a card they took.

It also reads the discard pile the other way round (:func:`passed_next`): among discards
still equal after that and after greedy's own sense of what is worth keeping, it throws a card
like one lying in the discard pile, a card the next player has passed on. With two players
every card in the pile but the bottom one was either discarded by the opponent or offered to
them and left there, so it is a card they did not want; the same number (or, for a colour
group, the same colour) is the safest thing to give them.

Measured (README, "Computer opponents"), 2-player games against ``greedy``: 55.8-57.6% over
four runs of 2,000 games, where watching what the next player takes alone gave 52.3-56.0%;
with four players 27.1-27.8% (25% is parity). Tried and dropped: counting "outs" (unseen
cards that would bring the hand closer) before these rules, 48.5%; putting the passed-on rule
or a sampled guess of the next player's hand before greedy's keep value, 51-56%. Seeing the
next player's hand for real (a cheat, ``benchmarks/ceiling_sight.py``) wins 66%, but only
an almost exact guess keeps much of that (58% with a quarter of the answers wrong), and a
sampled belief weighted by what they passed on won no more than these two cues.

>>> import random
>>> from phase10.games.phase10.turns import new_game
>>> from phase10.games.phase10.rules import RuleSet
>>> from phase10.games.phase10.view import view_for
>>> state = new_game(RuleSet(), players=2, seed=4)
>>> view = view_for(state, state.current)
>>> SharpBot().choose(view, random.Random(0)) in view.legal
True
"""

from __future__ import annotations

from functools import cache

from phase10.games.phase10.actions import Action
from phase10.games.phase10.cards import COLOUR_OF, MAX_NUMBER, NUMBER_OF, NUMBERED, Card
from phase10.games.phase10.evaluate import distance
from phase10.games.phase10.greedy import GreedyBot, target_phase
from phase10.games.phase10.rules import GroupReq, Kind, Phase
from phase10.games.phase10.view import PlayerView
from phase10.kernel.actions import Draw, Source
from phase10.kernel.bots import take_if

_TAKE = Draw(Source.DISCARD_PILE)

__all__ = ["SharpBot", "feeds_next", "goes_down_with", "passed_next"]


class SharpBot(GreedyBot):
    """``greedy`` that keeps back what the next player has been taking (module docstring).

    ``extras=True`` also takes the discard pile's top when it would go down with the phase
    (:func:`goes_down_with`), heads-up only (with four players it won nothing: 559 of 2,000
    duplicate games against 567, decision 0024); the learned bot's prior does (``sharp``
    itself does not).
    """

    name = "sharp"

    def __init__(self, name: str | None = None, *, extras: bool = False) -> None:
        if name is not None:
            self.name = name
        self.extras = extras

    def _draw(self, view: PlayerView) -> Action:
        drawn = super()._draw(view)
        if drawn == _TAKE or not self.extras or len(view.players) != 2:
            return drawn
        return take_if(view, lambda top: goes_down_with(view, top))

    def _feeds(self, view: PlayerView, card: Card) -> int:
        return feeds_next(view, card)

    def _passed(self, view: PlayerView, card: Card) -> int:
        return passed_next(view, card)


def feeds_next(view: PlayerView, card: int) -> int:
    """How much the next seat may want ``card``: 2 likely, 1 perhaps, 0 no sign of it.

    Only the next seat can take a discard (P10-R13); once it has laid down, whether the card
    could be hit is greedy's own concern.

    >>> from dataclasses import replace
    >>> from phase10.games.phase10.cards import parse_cards
    >>> from phase10.games.phase10.turns import new_game
    >>> from phase10.games.phase10.rules import RuleSet
    >>> from phase10.games.phase10.view import view_for
    >>> view = view_for(new_game(RuleSet(), players=2, seed=1), 0)
    >>> r7, b7, b8 = parse_cards("R7 B7 B8")
    >>> taker = replace(view.players[1], took=(r7,))  # on phase 1: two sets
    >>> view = replace(view, players=(view.players[0], taker))
    >>> feeds_next(view, b7), feeds_next(view, b8)
    (2, 0)
    """
    nxt = view.players[(view.seat + 1) % len(view.players)]
    phase = nxt.phase
    if nxt.laid >= 0 or phase is None or card >= NUMBERED:
        return 0
    number, colour = NUMBER_OF[card], COLOUR_OF[card]
    want = 0
    # Each kind of card once: a card taken and thrown back again and again (a bot that
    # passes it to and fro) would make every decision slower than the one before.
    for taken in set(nxt.took):
        if taken >= NUMBERED:
            continue
        for req in phase.groups:
            if req.kind is Kind.SET and NUMBER_OF[taken] == number:
                return 2
            if req.kind is Kind.COLOUR and COLOUR_OF[taken] == colour:
                return 2
            if req.kind is Kind.RUN and 0 < abs(NUMBER_OF[taken] - number) <= 2:
                want = 1
    return want


def goes_down_with(view: PlayerView, top: Card) -> bool:
    """Whether ``top``, a numbered card that brings the hand no closer to its phase, would
    bring it closer to the same phase with every group a card longer: a card that goes down
    with the phase (a set may hold more than its size, a run may be longer, P10-R18), so
    that after the lay-down one card fewer is left to hit or to be caught with. Only before
    the seat has laid down, and not once the hand already holds its phase.

    >>> from dataclasses import replace
    >>> from phase10.games.phase10.cards import parse_cards
    >>> from phase10.games.phase10.turns import new_game
    >>> from phase10.games.phase10.rules import RuleSet
    >>> from phase10.games.phase10.view import view_for
    >>> view = view_for(new_game(RuleSet(), players=2, seed=1), 0)  # phase 1: two sets of 3
    >>> view = replace(view, hand=parse_cards("R7 B7 G7 R4 B4 Y9 G11 R2 B12 Y1"))
    >>> [goes_down_with(view, c) for c in parse_cards("Y7 Y4 R9")]
    [True, False, False]
    """
    if top >= NUMBERED or view.players[view.seat].laid >= 0:
        return False
    phase = target_phase(view)
    if phase is None:
        return False
    rules, with_top = view.rules, (*view.hand, top)
    now = distance(view.hand, phase, rules)
    if now == 0 or distance(with_top, phase, rules) < now:
        return False
    longer = _longer(phase)
    return distance(with_top, longer, rules) < distance(view.hand, longer, rules)


@cache
def _longer(phase: Phase) -> Phase:
    """``phase`` with each group one card longer (a run at most the 12 numbers long)."""
    groups = tuple(
        GroupReq(g.kind, min(g.size + 1, MAX_NUMBER) if g.kind is Kind.RUN else g.size + 1)
        for g in phase.groups
    )
    return Phase(phase.number, groups)


def passed_next(view: PlayerView, card: int) -> int:
    """1 if the next seat has passed on a card like ``card`` this hand, else 0.

    A card like it (the same number; the same colour if that seat's phase is a colour group)
    lies in the discard pile above the bottom card, which was turned up rather than discarded
    (P10-R09). With two players such a card was discarded by the opponent or left there by
    them (P10-R13); with more it is a weaker hint. Only counts while that seat has not laid
    down, and never against a card they have been taking (:func:`feeds_next` comes first).

    >>> from dataclasses import replace
    >>> from phase10.games.phase10.cards import parse_cards
    >>> from phase10.games.phase10.turns import new_game
    >>> from phase10.games.phase10.rules import RuleSet
    >>> from phase10.games.phase10.view import view_for
    >>> view = view_for(new_game(RuleSet(), players=2, seed=1), 0)
    >>> g9, r4, r9, b4 = parse_cards("G9 R4 R9 B4")
    >>> view = replace(view, discard_pile=(g9, r4))  # G9 turned up, then R4 discarded
    >>> passed_next(view, b4), passed_next(view, r9)
    (1, 0)
    """
    nxt = view.players[(view.seat + 1) % len(view.players)]
    phase = nxt.phase
    if nxt.laid >= 0 or phase is None or card >= NUMBERED:
        return 0
    by_colour = any(req.kind is Kind.COLOUR for req in phase.groups)
    number, colour = NUMBER_OF[card], COLOUR_OF[card]
    for seen in view.discard_pile[1:]:
        if seen >= NUMBERED:
            continue
        if (COLOUR_OF[seen] == colour) if by_colour else (NUMBER_OF[seen] == number):
            return 1
    return 0
