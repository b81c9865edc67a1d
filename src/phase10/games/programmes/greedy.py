"""A greedy player for the programmes game. ``GreedyBot`` hands it every programmes view, so
the names ``greedy`` and the levels serve both games.

>>> import random
>>> from phase10.games.programmes.turns import new_game
>>> from phase10.games.programmes.rules import ProgrammeRules
>>> from phase10.games.programmes.view import view_for
>>> state = new_game(ProgrammeRules(), players=3, seed=4)
>>> view = view_for(state, state.current)
>>> GreedyProgrammeBot().choose(view, random.Random(0)) in view.legal
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from phase10.games.programmes.actions import (
    DiscardCard,
    Extend,
    Meld,
    ProgrammeAction,
    Reveal,
    SwapProgram,
)
from phase10.games.programmes.cards import IS_WILD, RANK_OF, SUIT_OF
from phase10.games.programmes.combos import extension_values
from phase10.games.programmes.finder import find_programme
from phase10.games.programmes.programs import ProgramCard
from phase10.games.programmes.view import ProgrammeView
from phase10.kernel.bots import StagedBot, best_of, take_if
from phase10.kernel.kinds import Kind


class GreedyProgrammeBot(StagedBot[ProgrammeView, ProgrammeAction]):
    """Reveals as soon as it can, then sheds cards as fast as possible.

    * Draw: swap a failed program when allowed (E-21); take the discard pile's top if it is a
      wild, completes the program, or (once revealed) extends something; else the reserve.
    * Reveal at once, with the fewest wilds (AMZ-R14); then lay every new set and every
      extension, naturals before wilds and its own combinations before others', a tie
      between equal extensions broken at random from its generator (AMZ-R20).
    * Discard the card least useful to the program, never a wild while another card is left,
      except under a program that forbids wilds (E-30): until it is revealed a wild there is
      dead weight, so greedy neither takes one nor keeps more than one.
    """

    name = "greedy"

    def __init__(self, name: str | None = None) -> None:
        if name is not None:
            self.name = name

    def choose(self, view: ProgrammeView, rng: random.Random) -> ProgrammeAction:
        return self._decide(view, rng)

    def _play(
        self, view: ProgrammeView, legal: Sequence[ProgrammeAction], rng: random.Random
    ) -> ProgrammeAction:
        reveals = [a for a in legal if isinstance(a, Reveal)]
        if reveals:
            return min(reveals, key=lambda a: sum(c.wilds for c in a.combos))
        melds = [a for a in legal if isinstance(a, Meld)]
        if melds:
            return min(melds, key=lambda a: a.combo.wilds)
        extends = [a for a in legal if isinstance(a, Extend)]
        if extends:
            # Own combinations first; between other seats' chance decides, not seat order.
            return best_of(extends, lambda a: (not IS_WILD[a.card], a.owner == view.seat), rng)
        discards = [a for a in legal if isinstance(a, DiscardCard)]
        dead = _wilds_dead(view)
        return min(discards, key=lambda a: _keep(a.card, view.hand, view.program, dead))

    def _draw(self, view: ProgrammeView) -> ProgrammeAction:
        if SwapProgram() in view.legal:
            return SwapProgram()
        return take_if(view, lambda top: _wanted(view, top))


def _wanted(view: ProgrammeView, top: int) -> bool:
    """Whether the discard pile's top is worth taking: a wild, a card that extends something
    once revealed, or one that completes the program."""
    if IS_WILD[top]:
        return not _wilds_dead(view)
    if view.players[view.seat].revealed:
        return any(extension_values(c, top) for combos in view.table for c in combos)
    program = view.program
    return program is not None and find_programme((*view.hand, top), program) is not None


def _wilds_dead(view: ProgrammeView) -> bool:
    """Whether wilds are useless now: the program forbids them (E-30) and is not revealed."""
    program = view.program
    return program is not None and program.no_wild and not view.players[view.seat].revealed


def _keep(
    card: int, hand: Sequence[int], program: ProgramCard | None, wilds_dead: bool = False
) -> tuple[int, int]:
    """How much ``card`` is worth keeping (lower is discarded first)."""
    if IS_WILD[card]:
        if wilds_dead:
            # One wild is kept for extending after the reveal; more would clog the hand.
            return (5, 0) if sum(IS_WILD[c] for c in hand) == 1 else (-10, 0)
        return (1_000, 0)
    rank, suit = RANK_OF[card], SUIT_OF[card]
    same_rank = sum(1 for c in hand if not IS_WILD[c] and RANK_OF[c] == rank) - 1
    near = sum(
        1 for c in hand if not IS_WILD[c] and SUIT_OF[c] == suit and 0 < abs(RANK_OF[c] - rank) <= 2
    )
    wants_runs = program is None or any(d.kind is Kind.RUN for d in program.directives)
    wants_sets = program is None or any(d.kind is Kind.SET for d in program.directives)
    score = 2 * same_rank * wants_sets + near * wants_runs
    if program is not None and program.suits is not None and suit not in program.suits:
        score -= 3
    return (score, -rank)
