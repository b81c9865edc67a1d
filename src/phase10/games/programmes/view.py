"""What one seat may know in the programmes game: the one place hidden information is split.

A seat sees its own hand and program card, every hand size, the table, the discard pile, the
cards each player took from it, everyone's completed programs (sun cards are public, E-28),
and another player's program card only once it is revealed (E-28).

>>> from phase10.games.programmes.turns import new_game
>>> from phase10.games.programmes.rules import ProgrammeRules
>>> view = view_for(new_game(ProgrammeRules(), players=3, seed=2), seat=1)
>>> len(view.hand), view.hand_sizes, view.players[0].program
(13, (13, 13, 13), None)
"""

from __future__ import annotations

from dataclasses import dataclass

from phase10.games.programmes.actions import ProgrammeAction
from phase10.games.programmes.cards import PlayingCard
from phase10.games.programmes.combos import Combination
from phase10.games.programmes.frozen import maker
from phase10.games.programmes.programs import ProgramCard
from phase10.games.programmes.rules import ProgrammeRules
from phase10.games.programmes.state import (
    ProgrammeEvent,
    ProgrammeEventKind,
    Programmer,
    ProgrammeState,
)
from phase10.games.programmes.turns import legal_actions
from phase10.kernel.seat_view import SeatView, check_seat

K = ProgrammeEventKind
#: Events whose playing cards only the acting seat may see (a draw), or nobody (shuffles).
_PRIVATE_CARDS = {K.DREW, K.HAND_DEALT, K.RESHUFFLED, K.FIRST_DEALER}
#: Events naming a program card only its holder may see until it is revealed (E-28).
_PRIVATE_PROGRAMS = {K.PROGRAM_DEALT, K.PROGRAM_SWAPPED, K.PROGRAMS_SHUFFLED}


@dataclass(frozen=True, slots=True)
class PublicProgrammer:
    """What everyone knows about a seat."""

    hand_size: int
    program: ProgramCard | None
    done: tuple[ProgramCard, ...]
    revealed: bool
    has_program: bool
    failed: int
    may_swap: bool
    took: tuple[PlayingCard, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ProgrammeView(SeatView[PlayingCard, ProgrammeAction, ProgrammeEvent]):
    """Everything ``seat`` may see now; ``program`` is the seat's own card (E-28)."""

    rules: ProgrammeRules
    program: ProgramCard | None
    players: tuple[PublicProgrammer, ...]
    table: tuple[tuple[Combination, ...], ...]
    program_deck_size: int


#: Built field by field (``frozen.maker``): the environment of a learning agent builds a view
#: and a seat's public record every step, and their frozen ``__init__`` cost more than all
#: the rest of the view. Same objects as the classes build.
_make_view = maker(ProgrammeView)
_make_public = maker(PublicProgrammer)


def view_for(state: ProgrammeState, seat: int, *, events: bool = True) -> ProgrammeView:
    """The view of ``seat`` (0-based): no hidden card or program of another seat is in it.

    ``events=False`` leaves out the last action's events (for a learning environment).
    """
    check_seat(seat, state.num_players)
    return _view(state, seat, events)


def public_view(state: ProgrammeState) -> ProgrammeView:
    """What a spectator may see: everything public, no hand, no secret program (``seat`` -1).

    >>> from phase10.games.programmes.turns import new_game
    >>> from phase10.games.programmes.rules import ProgrammeRules
    >>> view = public_view(new_game(ProgrammeRules(), players=2, seed=2))
    >>> view.seat, view.hand, view.program, view.legal
    (-1, (), None, ())
    """
    return _view(state, -1)


#: Each seat's public record by the identity of its immutable state and the rules' program
#: deck: only the seat that acted has a new state (an entry holds both objects, so their
#: ids cannot be reused while it stands).
_PUBLIC: dict[int, tuple[Programmer, tuple[ProgramCard, ...], PublicProgrammer]] = {}
_PUBLIC_LIMIT = 1024


def _public(p: Programmer, programs: tuple[ProgramCard, ...]) -> PublicProgrammer:
    entry = _PUBLIC.get(id(p))
    if entry is not None and entry[0] is p and entry[1] is programs:
        return entry[2]
    public = _make_public(
        hand_size=len(p.hand),
        program=programs[p.program] if p.revealed and p.program >= 0 else None,
        done=tuple(programs[i] for i in p.done),
        revealed=p.revealed,
        has_program=p.program >= 0,
        failed=p.failed,
        may_swap=p.may_swap,
        took=p.took,
    )
    if len(_PUBLIC) >= _PUBLIC_LIMIT:
        _PUBLIC.clear()
    _PUBLIC[id(p)] = (p, programs, public)
    return public


def _view(state: ProgrammeState, seat: int, with_events: bool = True) -> ProgrammeView:
    programs = state.rules.programs
    players = tuple([_public(p, programs) for p in state.players])
    own = state.players[seat].program if seat >= 0 else -1
    return _make_view(
        seat=seat,
        rules=state.rules,
        hand=state.players[seat].hand if seat >= 0 else (),
        program=programs[own] if own >= 0 else None,
        players=players,
        table=state.table,
        discard_pile=state.discard_pile,
        draw_pile_size=len(state.draw_pile),
        program_deck_size=len(state.program_deck),
        dealer=state.dealer,
        current=state.current,
        stage=state.stage,
        hand_number=state.hand_number,
        legal=legal_actions(state) if state.current == seat else (),
        events=tuple(seen_by(e, seat) for e in state.events) if with_events else (),
        outcome=state.outcome,
    )


def seen_by(event: ProgrammeEvent, seat: int | None) -> ProgrammeEvent:
    """``event`` as ``seat`` may know it (``None`` or -1: a spectator, E-28).

    >>> from phase10.games.programmes.cards import parse_playing_cards
    >>> drew = ProgrammeEvent(K.DREW, seat=0, cards=parse_playing_cards("7H"))
    >>> seen_by(drew, 0).cards == drew.cards, seen_by(drew, 1).cards
    (True, ())
    """
    seat = -1 if seat is None else seat
    cards, programs, number = event.cards, event.programs, event.number
    if event.kind in _PRIVATE_CARDS and not (event.kind is K.DREW and event.seat == seat):
        if event.kind in (K.RESHUFFLED, K.HAND_DEALT, K.FIRST_DEALER):
            # Counts stay public; the first-dealer deal shows its face-up cards only.
            cards = cards[: event.number] if event.kind is K.FIRST_DEALER else ()
        else:
            cards = ()
        number = event.number if event.kind is not K.RESHUFFLED else len(event.cards)
    if event.kind in _PRIVATE_PROGRAMS and (
        event.seat != seat or event.kind is K.PROGRAMS_SHUFFLED
    ):
        programs = ()
    return event._replace(cards=cards, programs=programs, number=number)
