"""A stronger programmes player: it counts what its program still lacks and feeds nobody.

``SharpProgrammeBot`` is the programmes game's ``sharp`` (and so the ``hard`` level). It
reveals, lays new sets and extends exactly as
:class:`~phase10.games.programmes.greedy.GreedyProgrammeBot` does; it differs in what it
draws and what it discards:

* **Before revealing it measures its hand against the program** (:func:`need`): how many
  cards are still missing for the best way to lay the program out (each combination placed
  where the hand already holds most of it, wilds filling gaps, AMZ-R14..R17), and, between
  equally short hands, how many unseen cards would fill a gap. It discards the card whose
  loss leaves the hand shortest, and takes the discard pile's top only when that makes the
  hand shorter (or it is a usable wild). Greedy's rough sense of what is worth keeping
  (pairs, neighbours) ignores fixed values, allowed suits and several combinations at once.
* **It keeps cards from the next player** (:func:`feeds_next`): once that player has
  revealed, any card that extends a combination on the table is one they would take and lay
  at once (AMZ-R20), bringing the end of the round closer; before that, a card like one they
  took from the discard pile. It never gives up a wild, not even one its own program
  forbids (E-30): a wild is the card every opponent wants.
* **After revealing it keeps the cards most likely to be laid soon**: a pair (a third card
  or a wild makes a new set), a card one step beyond the end of a run; it takes the discard
  pile's top when it makes a new set with the hand, as well as when it extends something.

Measured on duplicate 2-player deals against ``greedy``: 64.5% of 2,000 games (seed 1) and
64.0% of 2,000 (seed 2); with three ``greedy`` opponents about a third of 4-player games.
What each part is worth, alone, in the same 2,000 games: the measure of the hand for the
discard about 4 points, for the draw about 3, keeping cards from the next player about 3,
the keeping after the reveal about 2, taking a card that makes a new set about 2, never
throwing a wild about 1.5. Dropped as worth nothing measurable: choosing among reveals the
one leaving the fewest cards, placing a wild where the hand's naturals can follow it, taking
a card that only adds outs, and preferring to throw a value the next player passed on.

>>> import random
>>> from phase10.games.programmes.turns import new_game
>>> from phase10.games.programmes.rules import ProgrammeRules
>>> from phase10.games.programmes.view import view_for
>>> state = new_game(ProgrammeRules(), players=3, seed=4)
>>> view = view_for(state, state.current)
>>> SharpProgrammeBot().choose(view, random.Random(0)) in view.legal
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import itemgetter
from typing import Final

from phase10.games.programmes.actions import (
    DiscardCard,
    Extend,
    Meld,
    ProgrammeAction,
    Reveal,
    SwapProgram,
)
from phase10.games.programmes.cards import IS_WILD, JOKER_CODE, RANK_OF, SUIT_OF
from phase10.games.programmes.combos import extension_values
from phase10.games.programmes.greedy import GreedyProgrammeBot, _keep, _wilds_dead
from phase10.games.programmes.programs import Directive, ProgramCard
from phase10.games.programmes.view import ProgrammeView
from phase10.kernel.actions import Draw, Source
from phase10.kernel.kinds import Kind

__all__ = ["PAIR_WEIGHT", "Need", "SharpProgrammeBot", "feeds_next", "need", "unseen_counts"]

_DRAW_PILE: Final = Draw(Source.DRAW_PILE)
_TAKE: Final = Draw(Source.DISCARD_PILE)
_RUN: Final = Kind.RUN
_SET: Final = Kind.SET
#: A set may have any value but 2, always wild (E-05).
_SET_VALUES: Final = (1, *range(3, 14))
_ALL_SUITS: Final = (0, 1, 2, 3)
#: Copies of each card code in the two packs, and wilds in them (AMZ-R01, AMZ-R02).
_COPIES: Final = 2
_WILDS: Final = 12
#: How many of the best places for one combination are tried under the next ones: a
#: program of several combinations is a small search. One place, two and three won the
#: same share of 2,000 games; two keeps three runs of 3 under half a millisecond a hand.
BEAM: Final = 2
#: The ``expert`` level's ``pair_weight``: what each other copy of a card's value adds to
#: its keep value before the reveal, under a program of runs only. After the reveal new sets
#: and additions are the only way to empty the hand (AMZ-R20; no new runs, AMZ-R21), but
#: ``greedy``'s keep value counts pairs only under a program that asks for sets, where a
#: copy counts 2 too. Measured against ``sharp`` without it on duplicate heads-up deals
#: (``benchmarks/programmes_plans.py``; docs/decisions/0026).
PAIR_WEIGHT: Final = 2


class Need:
    """How far a hand is from its program: ``short`` cards missing, and ``outs`` unseen
    cards that would fill a gap of a best way to lay it out."""

    __slots__ = ("outs", "short")

    def __init__(self, short: int, outs: int) -> None:
        self.short = short
        self.outs = outs

    def key(self) -> tuple[int, int]:
        """Lower is closer: fewer cards missing, then more outs."""
        return (self.short, -self.outs)


def need(
    hand: Sequence[int],
    program: ProgramCard,
    unseen: Sequence[int],
    unseen_wilds: int,
    beam: int = BEAM,
) -> Need:
    """How far ``hand`` is from revealing ``program`` (AMZ-R14..R17, E-05, E-30).

    Each combination is placed where the hand holds most of it, one after another (the
    ``beam`` best places of each tried under the next); the wilds fill gaps, but every
    combination needs a natural card (AMZ-R17) and a program without wilds gets none.
    ``unseen`` counts per card code the copies not seen, ``unseen_wilds`` the wilds.

    >>> from phase10.games.programmes.cards import parse_playing_cards
    >>> from phase10.games.programmes.programs import DEFAULT_PROGRAMS, program_by_id
    >>> four = program_by_id(DEFAULT_PROGRAMS, "PRG-03")  # a set of 4
    >>> n = need(parse_playing_cards("7S 7H 9C KD"), four, [2] * 53, 12)
    >>> n.short, n.outs
    (2, 20)
    >>> need(parse_playing_cards("7S 7H JK KD"), four, [2] * 53, 12).short
    1
    """
    counts = [0] * (JOKER_CODE + 1)
    wilds = 0
    for c in hand:
        if IS_WILD[c]:
            wilds += 1
        else:
            counts[c] += 1
    if program.no_wild:
        wilds = unseen_wilds = 0
    suits = program.suits if program.suits is not None else _ALL_SUITS
    groups = program.groups
    if not groups:
        return Need(0, 0)
    last = len(groups) - 1
    best: list[tuple[int, int]] = []

    def walk(i: int, missing: int, bare: int, outs: int) -> None:
        d = groups[i]
        options = _options(d, counts, suits, program.no_wild)
        if i == last:
            # Every equally good place counts its outs: 5-6-7 wants a 4 or an 8.
            top = options[0][0]
            gaps: set[int] = set()
            for used, where, suit in options:
                if used < top:
                    break
                gaps.update(_gaps(d, where, suit, counts, suits))
            gap = d.length - top
            total = missing + gap
            bare += top == 0
            short = bare + max(0, total - bare - wilds)
            found = outs + (sum(unseen[c] for c in gaps) if gap else 0)
            if total > wilds:
                found += unseen_wilds
            key = (short, -found)
            if not best or key < best[0]:
                best[:] = [key]
            return
        for used, where, suit in options[:beam]:
            gap = d.length - used
            got = sum(unseen[c] for c in _gaps(d, where, suit, counts, suits)) if gap else 0
            taken = _take(d, where, suit, counts, suits)
            walk(i + 1, missing + gap, bare + (used == 0), outs + got)
            for c in taken:
                counts[c] += 1

    walk(0, 0, 0, 0)
    return Need(best[0][0], -best[0][1])


def _code(value: int, suit: int) -> int:
    """The card code of a run value (14, a high ace, is the ace)."""
    return suit * 13 + (value - 1) % 13


def _run_masks(counts: Sequence[int], suits: Sequence[int]) -> list[int]:
    """Per suit, a bit per run value 1..14 held: an ace sets both 1 and 14, a 2 never (E-05)."""
    out = [0, 0, 0, 0]
    for s in suits:
        m = 0
        base = s * 13
        for r in range(1, 14):
            if r != 2 and counts[base + r - 1]:
                m |= 1 << r
        if m & 2:
            m |= 1 << 14
        out[s] = m
    return out


_HELD: Final = itemgetter(0)


def _options(
    d: Directive, counts: list[int], suits: Sequence[int], no_wild: bool
) -> list[tuple[int, int, int]]:
    """(naturals held, value or first run value, suit) for each place of ``d``, best first:
    the places holding some card of the hand, then one holding none (all of them if none
    holds any: then they are all equally good)."""
    out: list[tuple[int, int, int]] = []
    if d.kind is _SET:
        values = (d.values[0],) if d.values is not None else _SET_VALUES
        for v in values:
            held = sum(counts[s * 13 + v - 1] for s in suits)
            out.append((min(held, d.length), v, -1))
    else:
        masks = _run_masks(counts, suits)
        starts = (d.values[0],) if d.values is not None else range(1, 16 - d.length)
        window = (1 << d.length) - 1
        for s in suits:
            m = masks[s]
            for start in starts:
                if no_wild and start <= 2 < start + d.length:
                    continue  # the 2 of a run only a wild can be (E-05, E-30)
                out.append(((m & (window << start)).bit_count(), start, s))
    held = [o for o in out if o[0]]
    if not held:
        return out
    held.sort(key=_HELD, reverse=True)
    zero = next((o for o in out if not o[0]), None)
    return held if zero is None else [*held, zero]


def _take(
    d: Directive, where: int, suit: int, counts: list[int], suits: Sequence[int]
) -> list[int]:
    """Take out of ``counts`` the naturals this combination uses; returns them."""
    taken: list[int] = []
    if d.kind is _SET:
        left = d.length
        for s in suits:
            c = s * 13 + where - 1
            while counts[c] and left:
                counts[c] -= 1
                taken.append(c)
                left -= 1
    else:
        for v in range(where, where + d.length):
            c = _code(v, suit)
            if v != 2 and counts[c]:
                counts[c] -= 1
                taken.append(c)
    return taken


def _gaps(
    d: Directive, where: int, suit: int, counts: list[int], suits: Sequence[int]
) -> list[int]:
    """The card codes that would fill a gap of this combination (a wild fills any)."""
    if d.kind is _SET:
        return [s * 13 + where - 1 for s in suits]
    return [c for v in range(where, where + d.length) if v != 2 and not counts[c := _code(v, suit)]]


def unseen_counts(view: ProgrammeView) -> tuple[list[int], int]:
    """Per card code the copies the seat has not seen (not in its hand, the discard pile or
    on the table), and the wilds it has not seen (AMZ-R01, AMZ-R02).

    >>> from phase10.games.programmes.turns import new_game
    >>> from phase10.games.programmes.rules import ProgrammeRules
    >>> from phase10.games.programmes.view import view_for
    >>> view = view_for(new_game(ProgrammeRules(), players=2, seed=1), 0)
    >>> unseen, wilds = unseen_counts(view)
    >>> sum(unseen[c] for c in range(53) if c % 13 != 1 and c != 52) + wilds == 108 - 14
    True
    """
    seen = [0] * (JOKER_CODE + 1)
    for c in view.hand:
        seen[c] += 1
    for c in view.discard_pile:
        seen[c] += 1
    for combos in view.table:
        for combo in combos:
            for c in combo.cards:
                seen[c] += 1
    unseen = [max(0, _COPIES - n) for n in seen]
    wilds = _WILDS - sum(n for c, n in enumerate(seen) if IS_WILD[c])
    return unseen, max(0, wilds)


def feeds_next(view: ProgrammeView, card: int) -> int:
    """How much the next seat may want ``card``: 2 likely, 1 perhaps, 0 no sign of it.

    Only the next seat can take a discard (AMZ-R10). A wild serves anyone (AMZ-R25). Once
    that seat has revealed, a card that extends a combination on the table is one it lays at
    once (AMZ-R20); before, a card of the value of one it took from the discard pile (a
    set), or of its suit and near it (a run).

    >>> from dataclasses import replace
    >>> from phase10.games.programmes.cards import parse_playing_cards
    >>> from phase10.games.programmes.turns import new_game
    >>> from phase10.games.programmes.rules import ProgrammeRules
    >>> from phase10.games.programmes.view import view_for
    >>> view = view_for(new_game(ProgrammeRules(), players=2, seed=1), 0)
    >>> h7, d7, h8, c8 = parse_playing_cards("7H 7D 8H 8C")
    >>> view = replace(view, players=(view.players[0], replace(view.players[1], took=(h7,))))
    >>> feeds_next(view, d7), feeds_next(view, h8), feeds_next(view, c8)
    (2, 1, 0)
    """
    nxt = view.players[(view.seat + 1) % len(view.players)]
    if IS_WILD[card]:
        return 2
    if nxt.revealed:
        for combos in view.table:
            for combo in combos:
                if extension_values(combo, card):
                    return 2
        return 0
    want = 0
    rank, suit = RANK_OF[card], SUIT_OF[card]
    for taken in nxt.took:
        if IS_WILD[taken]:
            continue
        if RANK_OF[taken] == rank:
            return 2
        if SUIT_OF[taken] == suit and abs(RANK_OF[taken] - rank) <= 2:
            want = 1
    return want


def _playable_outs(view: ProgrammeView, card: int, unseen: Sequence[int], wilds: int) -> int:
    """After the reveal: how many unseen cards would let ``card`` be laid (AMZ-R20): a third
    of its value or a wild beside a pair, the missing step or a wild beside a run's end."""
    rank, suit = RANK_OF[card], SUIT_OF[card]
    outs = 0
    if sum(1 for c in view.hand if not IS_WILD[c] and RANK_OF[c] == rank) >= 2:
        outs += sum(unseen[s * 13 + rank - 1] for s in _ALL_SUITS) + wilds
    for combos in view.table:
        for combo in combos:
            if combo.kind is not _RUN or combo.suit != suit:
                continue
            for v in {rank, 14 if rank == 1 else rank}:
                if v == combo.low - 2 and combo.low - 1 >= 1:
                    outs += (0 if combo.low - 1 == 2 else unseen[_code(v + 1, suit)]) + wilds
                if v == combo.high + 2 and combo.high + 1 <= 14:
                    outs += unseen[_code(v - 1, suit)] + wilds
    return outs


def _without(hand: Sequence[int], card: int) -> tuple[int, ...]:
    out = list(hand)
    out.remove(card)
    return tuple(out)


class SharpProgrammeBot(GreedyProgrammeBot):
    """Greedy that measures its hand against its program and feeds nobody (module
    docstring)."""

    name = "sharp"

    def __init__(self, name: str | None = None, *, pair_weight: int = 0) -> None:
        if name is not None:
            self.name = name
        #: Before its reveal, under a program that asks for no set, what each other copy of a
        #: card's value adds to its keep value: pairs kept for new sets once revealed (0: not
        #: at all, as ``hard``; the ``expert`` level plays :data:`PAIR_WEIGHT`).
        self.pair_weight = pair_weight

    def _draw(self, view: ProgrammeView) -> ProgrammeAction:
        top = view.discard_top
        program = view.program
        if top is None or _TAKE not in view.legal or SwapProgram() in view.legal:
            return super()._draw(view)  # no choice, or a swap (E-21) as greedy makes it
        if view.players[view.seat].revealed:
            if not IS_WILD[top]:
                same = sum(1 for c in view.hand if not IS_WILD[c] and RANK_OF[c] == RANK_OF[top])
                if same >= 2 or (same == 1 and any(IS_WILD[c] for c in view.hand)):
                    return _TAKE  # a new set at once (AMZ-R20)
            return super()._draw(view)
        if program is None:
            return super()._draw(view)
        if IS_WILD[top]:
            return _DRAW_PILE if _wilds_dead(view) else _TAKE
        unseen, unseen_wilds = unseen_counts(view)
        now = need(view.hand, program, unseen, unseen_wilds).short
        # The top is judged in the hand that holds it before the discard: while that hand is
        # still short, the best way to lay the program out leaves a card over to discard.
        after = need((*view.hand, top), program, unseen, unseen_wilds).short
        return _TAKE if after < now else _DRAW_PILE

    def _play(
        self, view: ProgrammeView, legal: Sequence[ProgrammeAction], rng: random.Random
    ) -> ProgrammeAction:
        if any(isinstance(a, Reveal | Meld | Extend) for a in legal):
            return super()._play(view, legal, rng)
        return self.discard_ranking(view)[0]

    def discard_ranking(self, view: ProgrammeView) -> list[DiscardCard]:
        """Every legal discard, the one this bot throws first, then the next best and so on
        (what a search compares its choice with); when the view also offers a reveal or a
        combination to lay, the bot lays it rather than discard. Equal keys keep the order
        of ``view.legal``.

        >>> import random
        >>> from phase10.games.programmes.turns import apply_action, new_game
        >>> from phase10.games.programmes.rules import ProgrammeRules
        >>> from phase10.games.programmes.view import view_for
        >>> bot = SharpProgrammeBot()
        >>> state = new_game(ProgrammeRules(), players=2, seed=2)
        >>> drawn = bot.choose(view_for(state, state.current), random.Random(0))
        >>> view = view_for(apply_action(state, drawn), state.current)
        >>> ranking = bot.discard_ranking(view)
        >>> ranking[0] == bot.choose(view, random.Random(0)), len(ranking) == len(set(ranking))
        (True, True)
        """
        discards = [a for a in view.legal if isinstance(a, DiscardCard)]
        program = view.program
        dead = _wilds_dead(view)
        unseen, unseen_wilds = unseen_counts(view)
        if view.players[view.seat].revealed or program is None:
            return sorted(
                discards,
                key=lambda a: (
                    IS_WILD[a.card],
                    feeds_next(view, a.card),
                    _playable_outs(view, a.card, unseen, unseen_wilds),
                    *_keep(a.card, view.hand, None, dead),
                ),
            )

        later = self.pair_weight and not any(d.kind is _SET for d in program.directives)

        def key(a: DiscardCard) -> tuple[int, ...]:
            left = need(_without(view.hand, a.card), program, unseen, unseen_wilds)
            keep, rank = _keep(a.card, view.hand, program, dead)
            if later and not IS_WILD[a.card]:
                keep += self.pair_weight * _copies_besides(view.hand, a.card)
            return (left.short, feeds_next(view, a.card), -left.outs, keep, rank)

        return sorted(discards, key=key)


def _copies_besides(hand: Sequence[int], card: int) -> int:
    """How many other natural cards of ``card``'s value the hand holds."""
    rank = RANK_OF[card]
    return sum(1 for c in hand if not IS_WILD[c] and RANK_OF[c] == rank) - 1
