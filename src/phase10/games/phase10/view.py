"""What one seat may know: the one place where hidden information is split off.

Bots, front ends and observations receive a ``PlayerView``, never the full state. A view holds
the seat's own hand, everyone's hand size, the table, the discard pile (every card was seen
face up when discarded, D-41), which cards each player took from the discard pile, phases,
scores and Skip states, and the legal actions when it is the seat's turn.

>>> from phase10.games.phase10.turns import new_game
>>> from phase10.games.phase10.rules import RuleSet
>>> view = view_for(new_game(RuleSet(), players=3, seed=2), seat=1)
>>> len(view.hand), view.hand_sizes
(10, (10, 10, 10))
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from phase10.games.phase10.actions import Action
from phase10.games.phase10.cards import Card
from phase10.games.phase10.groups import Group
from phase10.games.phase10.legal import current_phases
from phase10.games.phase10.rules import Phase, RuleSet
from phase10.games.phase10.state import Event, EventKind, GameState, PlayerState
from phase10.games.phase10.turns import legal_actions
from phase10.kernel.seat_view import SeatView, check_seat

#: Events whose cards only their own seat may see.
_PRIVATE = {EventKind.DREW, EventKind.HAND_DEALT, EventKind.RESHUFFLED}


@dataclass(frozen=True, slots=True)
class PublicPlayer:
    """What everyone knows about a seat."""

    hand_size: int
    phase: Phase | None
    phase_index: int
    completed: int
    laid: int
    score: int
    dealt_in: bool
    skip_pending: int
    skip_lost: bool
    skip_targeted: bool
    skip_placed: int
    took: tuple[Card, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerView(SeatView[Card, Action, Event]):
    """Everything ``seat`` may see now (the shared fields are ``SeatView``'s)."""

    rules: RuleSet
    players: tuple[PublicPlayer, ...]
    table: tuple[tuple[Group, ...], ...]
    tiebreak: bool


def view_for(state: GameState, seat: int, *, events: bool = True) -> PlayerView:
    """The view of ``seat`` (0-based). Hidden cards of other seats never appear in it.

    ``events=False`` leaves out the last action's events (a learning environment, which
    reads the table, not the log, builds a view at every step).
    """
    check_seat(seat, state.num_players)
    return _view(state, seat, events)


def public_view(state: GameState) -> PlayerView:
    """What a spectator may see: everything public, no hand, no legal action (``seat`` -1).

    >>> from phase10.games.phase10.turns import new_game
    >>> from phase10.games.phase10.rules import RuleSet
    >>> view = public_view(new_game(RuleSet(), players=2, seed=2))
    >>> view.seat, view.hand, view.legal, view.hand_sizes
    (-1, (), (), (10, 10))
    """
    return _view(state, -1)


#: Each seat's public record, by the identity of its (immutable) state and phase: a view is
#: built for every decision, and only the seat that acted has a new state. An entry holds
#: its state, so that object's id cannot be reused while the entry stands.
_PUBLIC: dict[int, tuple[PlayerState, Phase | None, PublicPlayer]] = {}
_PUBLIC_LIMIT = 1024
#: The same records by content, for the seat that acted: its state is new at every step, but
#: what everyone knows of it (hand size, phase, scores, Skips) recurs all game long, and a
#: lookup costs a fifth of building the 12-field record. The key holds the phase's id; the
#: record holds the phase itself, so that id cannot be reused while the entry stands. It
#: holds the seat too: two seats alike still get records of their own, as they always did
#: (a reader may tell seats apart by their records' identity).
_BY_CONTENT: dict[tuple[object, ...], PublicPlayer] = {}
_BY_CONTENT_LIMIT = 4096
# PlayerState's fields after ``hand`` are PublicPlayer's after ``hand_size`` and ``phase``, in
# the same order, so a record is built from the state's tail in one positional call.
if tuple(f.name for f in fields(PublicPlayer))[2:] != PlayerState._fields[1:]:  # pragma: no cover
    raise TypeError("PublicPlayer must list PlayerState's fields after hand, in order")


def _public(seat: int, p: PlayerState, phase: Phase | None) -> PublicPlayer:
    entry = _PUBLIC.get(id(p))
    if entry is not None and entry[0] is p and entry[1] is phase:
        return entry[2]
    tail = p[1:]
    key = (seat, len(p.hand), id(phase), *tail)
    public = _BY_CONTENT.get(key)
    if public is None or public.phase is not phase:
        public = PublicPlayer(len(p.hand), phase, *tail)
        if len(_BY_CONTENT) >= _BY_CONTENT_LIMIT:
            _BY_CONTENT.clear()
        _BY_CONTENT[key] = public
    if len(_PUBLIC) >= _PUBLIC_LIMIT:
        _PUBLIC.clear()
    _PUBLIC[id(p)] = (p, phase, public)
    return public


def _view(state: GameState, seat: int, with_events: bool = True) -> PlayerView:
    phases = current_phases(state)
    players = tuple([_public(s, p, phases[s]) for s, p in enumerate(state.players)])
    events = tuple(seen_by(e, seat) for e in state.events) if with_events else ()
    return PlayerView(
        seat=seat,
        rules=state.rules,
        hand=state.players[seat].hand if seat >= 0 else (),
        players=players,
        table=state.table,
        discard_pile=state.discard_pile,
        draw_pile_size=len(state.draw_pile),
        dealer=state.dealer,
        current=state.current,
        stage=state.stage,
        hand_number=state.hand_number,
        tiebreak=state.tiebreak,
        legal=legal_actions(state) if state.current == seat else (),
        events=events,
        outcome=state.outcome,
    )


def seen_by(event: Event, seat: int | None) -> Event:
    """``event`` as ``seat`` may know it (``None`` or -1: a spectator): the cards of a draw
    are its own seat's alone, those of a deal or a reshuffle nobody's (a count remains).

    >>> from phase10.games.phase10.cards import parse_cards
    >>> drew = Event(EventKind.DREW, seat=0, cards=parse_cards("R7"))
    >>> seen_by(drew, 0).cards == drew.cards, seen_by(drew, 1).cards, seen_by(drew, None).cards
    (True, (), ())
    """
    if event.kind not in _PRIVATE or (event.kind is EventKind.DREW and event.seat == seat):
        return event
    return _hide(event)


def _hide(event: Event) -> Event:
    return Event(
        event.kind,
        seat=event.seat,
        cards=(),
        target=event.target,
        groups=event.groups,
        scores=event.scores,
        number=len(event.cards) if event.kind is EventKind.RESHUFFLED else event.number,
    )
