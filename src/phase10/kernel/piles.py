"""Turn machinery both games share: seeded shuffles, the draw pile refilled from the discard
pile, and the small tuple edits every action makes to hands and seats.

Cards are small ints of either game; a pile keeps its top card last. Every shuffle is either a
preset order (scripted tests, replays; checked to be a permutation) or derived from a string
key holding the game's seed, so no global random state is ever touched.

>>> shuffled((1, 2, 3, 4), presets=(), index=0, key="demo:1", rule="X") == shuffled(
...     (1, 2, 3, 4), presets=(), index=0, key="demo:1", rule="X")
True
>>> refill((), (5, 6, 7), presets=((6, 5),), shuffles=0, key="demo", rule="X")
((6, 5), (7,), 1)
>>> remove((1, 2, 2, 3), (2, 3)), replace_at((0, 0, 0), 1, 9)
((1, 2), (0, 9, 0))
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Final, Generic, NamedTuple, Protocol, TypedDict, TypeVar

from phase10.kernel.actions import Source
from phase10.kernel.errors import RulesError
from phase10.kernel.state import Stage

T = TypeVar("T", bound=int)
V = TypeVar("V")


class _Seat(Protocol):
    @property
    def hand(self) -> tuple[Any, ...]: ...
    def evolve(self, **changes: Any) -> Any: ...


class _Table(Protocol):
    """What a game state offers the shared draw: both games' states have these fields."""

    @property
    def seed(self) -> int: ...
    @property
    def players(self) -> tuple[Any, ...]: ...
    @property
    def table(self) -> tuple[tuple[Any, ...], ...]: ...
    @property
    def draw_pile(self) -> tuple[Any, ...]: ...
    @property
    def discard_pile(self) -> tuple[Any, ...]: ...
    @property
    def presets(self) -> tuple[tuple[Any, ...], ...]: ...
    @property
    def shuffles(self) -> int: ...
    @property
    def current(self) -> int: ...
    def evolve(self, **changes: Any) -> Any: ...


S = TypeVar("S", bound=_Table)


class Setup(TypedDict, Generic[T], total=False):
    """The keyword options of ``new_game`` in both games (and in ``engine.api``)."""

    #: Fixes the order of the first deal (scripted tests; first card to the dealer's left).
    deck: Sequence[T] | None
    #: Fixes the first shuffles in turn (replays); an empty entry means "from the seed".
    decks: Sequence[Sequence[T]]


#: The largest seed: 63 bits, what every shuffle's seed string and a saved game's JSON hold
#: the same way on every machine (and what the command line's ``--seed`` takes).
MAX_SEED: Final = 2**63 - 1


def check_seed(seed: object) -> None:
    """A game's seed is a whole number from 0 to :data:`MAX_SEED` (a game is its rules, seed
    and actions): ``"abc"`` or ``1.5`` would start a game whose record could not be read
    back.

    >>> check_seed(1.5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    phase10.kernel.errors.RulesError: the seed must be a whole number from 0 to 9223..., not 1.5
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise RulesError(
            f"the seed must be a whole number from 0 to {MAX_SEED}, not {seed!r}"[:200],
            key="seed",
        )


def check_players(players: object, low: int, high: int, *, game: str, rule: str) -> None:
    """A game is for ``low`` to ``high`` players, counted as a whole number."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise RulesError(f"{rule}: the number of players must be a whole number, not {players!r}")
    if not low <= players <= high:
        raise RulesError(f"{rule}: {game} is for {low} to {high} players, not {players}")


def first_presets(setup: Setup[T], deal: int) -> tuple[tuple[T, ...], ...]:
    """The preset shuffles ``decks``, with ``deck`` (when given) as shuffle number ``deal``.

    >>> first_presets({"deck": (3, 4)}, 1), first_presets({"decks": [(1,), (2,)], "deck": (5,)}, 0)
    (((), (3, 4)), ((5,), (2,)))
    """
    presets = [tuple(d) for d in setup.get("decks", ())]
    deck = setup.get("deck")
    if deck is not None:
        before = [*presets[:deal], *[()] * (deal - len(presets))]
        presets = [*before, tuple(deck), *presets[deal + 1 :]]
    return tuple(presets)


def before_deal(
    seat: Callable[..., V], players: int
) -> tuple[tuple[V, ...], tuple[tuple[()], ...], tuple[()], tuple[()]]:
    """The seats, table, draw pile and discard pile before the first deal, the fields both
    games' states have after ``rules`` and ``seed``: empty hands, nothing laid, no piles."""
    return tuple(seat(hand=()) for _ in range(players)), ((),) * players, (), ()


def check_order(order: Sequence[int], expected: Sequence[int], index: int, rule: str) -> None:
    """A preset shuffle must be a permutation of the cards being shuffled; the error names
    the cards held too often and those missing, since a count alone ("got
    108 cards") does not say what is wrong with a deck of the right size.

    >>> try:
    ...     check_order((1, 1, 3), (1, 2, 3), 0, "X")
    ... except RulesError as exc:
    ...     print(str(exc).partition("(")[2])
    got 3 cards; too many: 1 (2 instead of 1); missing: 2)
    """
    have, want = Counter(order), Counter(expected)
    if have == want:
        return
    extra = [
        f"{card} ({have[card]} instead of {want[card]})" for card in have if have[card] > want[card]
    ]
    missing = [str(card) for card in want if have[card] < want[card]]
    found = [f"got {len(order)} cards"]
    if extra:
        found.append(f"too many: {', '.join(extra)}")
    if missing:
        found.append(f"missing: {', '.join(missing)}")
    raise RulesError(
        f"{rule}: preset shuffle {index + 1} must hold exactly the {len(expected)} cards "
        f"being shuffled ({'; '.join(found)})"
    )


def shuffled(
    cards: Sequence[T], *, presets: Sequence[Sequence[T]], index: int, key: str, rule: str
) -> tuple[T, ...]:
    """Shuffle number ``index``: its preset order if one is given (non-empty), else seeded."""
    if index < len(presets) and presets[index]:
        order = presets[index]
        check_order(order, cards, index, rule)
        return tuple(order)
    mixed = list(cards)
    random.Random(f"{key}:{index}").shuffle(mixed)
    return tuple(mixed)


def refill(
    draw_pile: tuple[T, ...],
    discard_pile: tuple[T, ...],
    *,
    presets: Sequence[Sequence[T]],
    shuffles: int,
    key: str,
    rule: str,
) -> tuple[tuple[T, ...], tuple[T, ...], int] | None:
    """The draw pile, discard pile and shuffle count ready for a draw (P10-R33, D-08, E-17).

    An empty draw pile is refilled by shuffling the discard pile minus its top card; ``None``
    when even that leaves nothing to draw.
    """
    if draw_pile:
        return draw_pile, discard_pile, shuffles
    below = discard_pile[:-1]
    if not below:
        return None
    order = shuffled(below, presets=presets, index=shuffles, key=key, rule=rule)
    return order, discard_pile[-1:], shuffles + 1


def replace_at(items: tuple[V, ...], index: int, value: V) -> tuple[V, ...]:
    """``items`` with the entry at ``index`` replaced (a seat, a group)."""
    return (*items[:index], value, *items[index + 1 :])


def without(hand: tuple[T, ...], card: int) -> tuple[T, ...]:
    """``hand`` less one copy of ``card`` (which it holds)."""
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def remove(hand: tuple[T, ...], cards: Sequence[int]) -> tuple[T, ...]:
    """``hand`` less one copy of each of ``cards`` (which it holds)."""
    rest = list(hand)
    for c in cards:
        rest.remove(c)  # type: ignore[arg-type]
    return tuple(rest)


def owns(hand: Sequence[int], cards: Sequence[int]) -> bool:
    """Whether ``hand`` holds every card of ``cards``, copies counted."""
    need: Counter[int] = Counter(cards)
    have: Counter[int] = Counter(hand)
    return all(have[c] >= k for c, k in need.items())


class TurnEvents(NamedTuple):
    """How a game records the moves both games share. ``event`` builds one of its events,
    ``event(kind, seat, cards, target, laid, number=...)``: both games' events start with
    these fields, ``laid`` being the groups or combinations. The kinds say "took the
    discard", "reshuffled", "drew" and "added a card to a group on the table"."""

    event: Callable[..., Any]
    took: Any
    reshuffled: Any
    drew: Any
    grew: Any


class _Placement(Protocol):
    """A hit (Phase 10) or an extension (programmes): ``card`` on ``owner``'s ``index``."""

    @property
    def card(self) -> int: ...
    @property
    def owner(self) -> int: ...
    @property
    def index(self) -> int: ...


# Bound once: Python 3.11 finds ``Stage.PLAY`` through ``EnumType.__getattr__``, about
# 0.2 µs a lookup, and every draw asks for these.
_FROM_DISCARD: Final = Source.DISCARD_PILE
_PLAYING: Final = Stage.PLAY


def draw(
    state: S, source: Source, events: list[Any], kinds: TurnEvents, *, game: str, rule: str
) -> S | None:
    """The ``Draw`` action of both games: take the top of the discard pile, or draw from the
    draw pile (refilled first if empty, shuffling by the key ``"{game}:{seed}:shuffle"``).

    ``None`` when there is nothing left to draw; the caller ends the hand or manche.
    """
    if source is _FROM_DISCARD:
        return take_discard(state, events, kinds)
    return draw_from_pile(state, events, kinds, key=f"{game}:{state.seed}:shuffle", rule=rule)


def draw_from_pile(
    state: S, events: list[Any], kinds: TurnEvents, *, key: str, rule: str
) -> S | None:
    """The current player draws the top of the draw pile, refilling it first if empty.

    ``None`` when there is nothing left to draw.
    """
    piles = refill(
        state.draw_pile,
        state.discard_pile,
        presets=state.presets,
        shuffles=state.shuffles,
        key=key,
        rule=rule,
    )
    if piles is None:
        return None
    draw_pile, discard_pile, shuffles = piles
    seat = state.current
    if shuffles != state.shuffles:
        events.append(
            kinds.event(kinds.reshuffled, seat=seat, cards=draw_pile, number=len(draw_pile))
        )
    card = draw_pile[-1]
    # Positional (the three first fields of both games' events): a NamedTuple built from
    # keywords costs about twice as much, and every draw records one.
    events.append(kinds.event(kinds.drew, seat, (card,)))
    player: _Seat = state.players[seat]
    player = player.evolve(hand=tuple(sorted((*player.hand, card))))
    drawn: S = state.evolve(
        players=replace_at(state.players, seat, player),
        draw_pile=draw_pile[:-1],
        discard_pile=discard_pile,
        shuffles=shuffles,
        stage=_PLAYING,
        events=tuple(events),
    )
    return drawn


def take_discard(state: S, events: list[Any], kinds: TurnEvents) -> S:
    """The current player takes the top of the discard pile, which everyone sees (``took``)."""
    seat = state.current
    card = state.discard_pile[-1]
    events.append(kinds.event(kinds.took, seat, (card,)))  # positional, as in draw_from_pile
    player: Any = state.players[seat]
    player = player.evolve(hand=tuple(sorted((*player.hand, card))), took=(*player.took, card))
    taken: S = state.evolve(
        players=replace_at(state.players, seat, player),
        discard_pile=state.discard_pile[:-1],
        stage=_PLAYING,
        events=tuple(events),
    )
    return taken


def grow(
    state: S, action: _Placement, grown: Any, player: Any, events: list[Any], kinds: TurnEvents
) -> S:
    """The current player added ``action.card`` to a group on the table, which is now
    ``grown``; ``player`` is the seat without the card. Records the event; the caller sees
    whether the hand is out."""
    owner, index = action.owner, action.index
    groups = replace_at(state.table[owner], index, grown)
    seat = state.current
    events.append(kinds.event(kinds.grew, seat, (action.card,), owner, (grown,), number=index))
    grown_state: S = state.evolve(
        players=replace_at(state.players, seat, player),
        table=replace_at(state.table, owner, groups),
    )
    return grown_state
