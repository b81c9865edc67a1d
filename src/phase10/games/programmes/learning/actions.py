"""The programmes game's fixed ``Discrete(5285)`` action space and its codec both ways.

Seats in an index are *relative* to the seat acting (1: the next seat clockwise), so one
policy plays every seat. The blocks, in order:

=========  =====  ==========================================================================
first      size   meaning
=========  =====  ==========================================================================
0          1      draw from the reserve (draw pile)
1          1      take the discard pile's top
2          1      swap the program card (E-21, with ``program_swap_after``)
3          53     discard card code 0..52 (52: a joker)
56         13     meld a new set of 3 of rank 1..13 (AMZ-R20, E-14; rank 2 is never legal)
69         128    reveal: the k-th of the legal reveals, fewest wilds first (see below)
197        5088   extend: card code 0..52, end 0..1, relative owner 0..5, combination 0..7
=========  =====  ==========================================================================

A new set is named by its rank only: sets of one rank differ in copies and in wilds, and the
codec keeps the one using the fewest wilds, then the engine's first, so a wild is kept
whenever it can be; a fourth card follows as an extension in the same turn (AMZ-R20).

A reveal lays the whole program (AMZ-R14, E-08), which is fixed for the manche, so what
differs between the ways to lay it is which copies, suits and wilds go down. No fixed key
names them all (a program of three sets alone has hundreds of value triples), so the block
is an enumerated list: the legal reveals sorted by wilds used, then the engine's order, slot
``k`` being the k-th. A reveal past slot 127 is not reachable (``index_of`` raises
``ValueError``), but slot 0 always is, so a seat that can reveal always can. The count has a
long tail: over a million decisions of random play (biased towards laying), a reveal was
legal at 30,033 of them, with one to 2,771 ways; more than 16 ways at 7.8% of those, more
than 64 at 1.4%, more than 128 at 0.57%. The greedy bot, which reveals as soon as it
can, met more than 128 ways at 0.9% of 7,296 such decisions (at most 1,094 ways). The
ways left out use at least as many wilds as the last one kept. The slots are cheap (128 of
5,285 indices), and 16 would have cut the choice short at 7.8% of the reveals.

An extension is ``197 + ((card * 2 + end) * 6 + owner) * 8 + combination``. ``end`` is 0
for a set, or the low end of a run, and 1 for the high end of a run (the high ace
included): the one choice a card has beyond where it goes, as the engine's ``value`` is
then fixed (E-15). A seat's combinations are its program's (at most 3 in the C.9 deck) and
its new sets; over a million decisions of random play and of the greedy bot no seat ever
had more than 4, so 8 slots leave room, and a combination past index 7 is left out of
``legal_indices`` (``index_of`` raises ``ValueError``) rather than breaking the space.

>>> from phase10.games import get
>>> game = get("programmes")
>>> state = game.new_game(game.find_rules("programmes"), 3, 7)
>>> sorted(legal_indices(game.view(state, state.current)))
[0, 1]
>>> describe(EXTEND + ((52 * 2 + 1) * SEATS + 2) * COMBOS + 1)
'extend JK (high end) on seat +2 combination 1'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, SupportsIndex, TypeAlias

from phase10.games.programmes.actions import (
    DiscardCard,
    Extend,
    Meld,
    ProgrammeAction,
    Reveal,
    SwapProgram,
)
from phase10.games.programmes.cards import ACE_HIGH, CARD_SYMBOL, PLAYING_CARDS, RANKS
from phase10.games.programmes.combos import Combination, extension_values
from phase10.games.programmes.legal import legal_actions
from phase10.games.programmes.state import ProgrammeState
from phase10.games.programmes.view import ProgrammeView
from phase10.kernel.action_space import read_index
from phase10.kernel.actions import Draw, Source
from phase10.kernel.kinds import Kind

# Enum members bound once: on Python 3.11 a lookup like ``Kind.RUN`` goes through the
# enum metaclass's ``__getattr__`` hook and costs about 0.3 µs, at every step.
_FROM_DRAW_PILE: Final = Source.DRAW_PILE
_KIND_RUN: Final = Kind.RUN


DRAW: Final = 0
TAKE: Final = 1
SWAP: Final = 2
DISCARD: Final = 3
CARDS: Final = 53
MELD: Final = DISCARD + CARDS
MELD_SIZE: Final = 13
REVEAL: Final = MELD + MELD_SIZE
#: Reveal slots: 128 cover 99.4% of the reveals measured in random play (module docstring).
REVEALS: Final = 128
EXTEND: Final = REVEAL + REVEALS
ENDS: Final = 2
SEATS: Final = 6
#: Combination slots per seat: the most measured before one seat was 4 (module docstring).
COMBOS: Final = 8
SIZE: Final = EXTEND + CARDS * ENDS * SEATS * COMBOS

#: Every seat's combinations, by absolute seat (``ProgrammeState.table``, ``ProgrammeView.table``).
Table: TypeAlias = tuple[tuple[Combination, ...], ...]


def _reveal_order(legal: Sequence[ProgrammeAction]) -> list[Reveal]:
    """The legal reveals in slot order: fewest wilds, then the engine's order (stable)."""
    found = [a for a in legal if isinstance(a, Reveal)]
    found.sort(key=_reveal_wilds)
    return found


def _reveal_wilds(action: Reveal) -> int:
    return sum(c.wilds for c in action.combos)


def extend_index(view: ProgrammeView, action: Extend) -> int:
    """The index of an extension (``ValueError`` past the combination slots)."""
    return _extend_index(view.table, view.seat, len(view.players), action)


def _extend_index(table: Table, seat: int, players: int, action: Extend) -> int:
    """:func:`extend_index` from what it reads: the table, the acting seat, the player count."""
    if not 0 <= action.index < COMBOS:
        raise ValueError(f"combination index {action.index} is past the {COMBOS} slots")
    combo = table[action.owner][action.index]
    value = action.value
    if combo.kind is _KIND_RUN:
        # The engine reads an unstated value as the one place, and "A" as the high ace
        # where only that end is open (legal._check_extend): the same here.
        if value < 0 or value == 1:
            options = extension_values(combo, action.card)
            if value < 0 and len(options) == 1:
                value = options[0]
            elif value == 1 and 1 not in options and ACE_HIGH in options:
                value = ACE_HIGH
        end = 1 if value == combo.high + 1 else 0
    else:
        end = 0
    owner = (action.owner - seat) % players
    return EXTEND + ((int(action.card) * ENDS + end) * SEATS + owner) * COMBOS + action.index


def index_of(view: ProgrammeView, action: ProgrammeAction) -> int:
    """The index of ``action`` for the seat of ``view`` (new sets of one rank share one).

    >>> from phase10.games import get
    >>> game = get("programmes")
    >>> view = game.view(game.new_game(game.find_rules("programmes"), 3, 3), 0)
    >>> index_of(view, game.parse_action("discard JK")), index_of(view, game.parse_action("take"))
    (55, 1)
    """
    return _index_of(view.table, view.seat, len(view.players), view.legal, action)


def _index_of(
    table: Table,
    seat: int,
    players: int,
    legal: Sequence[ProgrammeAction],
    action: ProgrammeAction,
) -> int:
    """:func:`index_of` from what it reads (``legal`` only places a reveal among the others)."""
    if isinstance(action, Draw):
        return DRAW if action.source is _FROM_DRAW_PILE else TAKE
    if isinstance(action, SwapProgram):
        return SWAP
    if isinstance(action, DiscardCard):
        return DISCARD + int(action.card)
    if isinstance(action, Meld):
        return MELD + action.combo.low - 1
    if isinstance(action, Extend):
        return _extend_index(table, seat, players, action)
    if isinstance(action, Reveal):
        order = _reveal_order(legal)
        slot = next((k for k, a in enumerate(order) if _same_reveal(a, action)), None)
        if slot is None:
            raise ValueError(f"{action} is not a legal reveal of this view")
        if slot >= REVEALS:
            raise ValueError(f"{action} is reveal {slot}, past the {REVEALS} slots")
        return REVEAL + slot
    raise TypeError(f"not a programmes action: {action!r}")


def _same_reveal(a: Reveal, b: Reveal) -> bool:
    """Equal as laid: the same combinations in any order (the engine lists one order)."""
    return a == b or sorted(map(str, a.combos)) == sorted(map(str, b.combos))


def legal_indices(view: ProgrammeView) -> dict[int, ProgrammeAction]:
    """Every legal index of the seat to act, with the action it stands for.

    Only the seat to act has legal actions; an empty dict otherwise. An extension onto a
    combination past the slots, or a reveal past the slots, is left out.
    """
    return _indices(view.legal, view.table, view.seat, len(view.players))


def legal_state(state: ProgrammeState) -> dict[int, ProgrammeAction]:
    """:func:`legal_indices` of the seat to act's view, read from ``state`` with no view built
    (the same indices and actions, in the same order): the environment's step.

    >>> from phase10.games import get
    >>> game = get("programmes")
    >>> state = game.new_game(game.find_rules("programmes"), 3, 7)
    >>> legal_state(state) == legal_indices(game.view(state, state.current))
    True
    """
    return _indices(legal_actions(state), state.table, state.current, len(state.players))


def _indices(
    legal: Sequence[ProgrammeAction], table: Table, seat: int, players: int
) -> dict[int, ProgrammeAction]:
    """The core of :func:`legal_indices` and :func:`legal_state`."""
    out: dict[int, ProgrammeAction] = {}
    reveals = 0
    for action in legal:
        # By exact class, the commonest first, inline: this runs at every step of training.
        # The engine lists these classes only; anything else takes ``_index_of``'s way.
        if type(action) is DiscardCard:
            out[DISCARD + action.card] = action
        elif type(action) is Draw:
            out[DRAW if action.source is _FROM_DRAW_PILE else TAKE] = action
        elif type(action) is Extend:
            index = action.index
            if index >= COMBOS:
                continue
            combo = table[action.owner][index]
            end = 1 if combo.kind is _KIND_RUN and action.value == combo.values[-1] + 1 else 0
            owner = (action.owner - seat) % players
            out[EXTEND + ((action.card * ENDS + end) * SEATS + owner) * COMBOS + index] = action
        elif type(action) is Meld:
            index = MELD + action.combo.low - 1
            held = out.get(index)
            if held is None or action.combo.wilds < held.combo.wilds:  # type: ignore[union-attr]
                out[index] = action
        elif type(action) is Reveal:
            reveals += 1
        else:
            out[_index_of(table, seat, players, legal, action)] = action
    if reveals:
        for slot, action in enumerate(_reveal_order(legal)[:REVEALS]):
            out[REVEAL + slot] = action
    return out


def decode_state(state: ProgrammeState, index: int) -> ProgrammeAction | None:
    """The engine action ``index`` names for the seat to act in ``state``, whether legal or
    not, where the index alone says which: a draw, a take, the swap, a discard, an
    extension. ``None`` for a new set or a reveal, which their indices name by rank or by
    rank among the legal ways, not by the cards laid, and for a seat the table does not
    have. An environment checks it with the engine to tell why an index outside the mask
    is refused.

    >>> from phase10.games import get
    >>> game = get("programmes")
    >>> state = game.new_game(game.find_rules("programmes"), 3, 7)
    >>> str(decode_state(state, DISCARD + 11)), decode_state(state, REVEAL)
    ('discard QS', None)
    """
    if index == DRAW:
        return Draw(_FROM_DRAW_PILE)
    if index == TAKE:
        return Draw(Source.DISCARD_PILE)
    if index == SWAP:
        return SwapProgram()
    if index < MELD:
        return DiscardCard(PLAYING_CARDS[index - DISCARD])
    if index < EXTEND:
        return None
    rest, place = divmod(index - EXTEND, COMBOS)
    rest, rel = divmod(rest, SEATS)
    card, end = divmod(rest, ENDS)
    players = len(state.players)
    if rel >= players:
        return None
    owner = (state.current + rel) % players
    value = -1  # the engine works out what a card stands for, but for the end of a run
    combos = state.table[owner]
    if place < len(combos):
        if combos[place].kind is _KIND_RUN:
            values = combos[place].values
            value = values[-1] + 1 if end else values[0] - 1
        elif end:
            return None  # a set has no high end: no extension is written so
    return Extend(PLAYING_CARDS[card], owner, place, value)


def describe(index: SupportsIndex) -> str:
    """What an index means, in words (for logs and the docs).

    An index is an integer: anything else is a ``TypeError``, and an integer outside the
    space a ``ValueError`` that gives the space. The new set of 2s says it is unused.

    >>> describe(2), describe(DISCARD + 11), describe(MELD + 6), describe(REVEAL)
    ('swap the program card', 'discard QS', 'meld a set of 7s', 'reveal way 1 (fewest wilds)')
    >>> describe(MELD + 1)
    'unused: every 2 is wild (AMZ-R02), so no new set has index 57'
    """
    index = read_index(index, SIZE, "programmes")
    if index == DRAW:
        return "draw"
    if index == TAKE:
        return "take"
    if index == SWAP:
        return "swap the program card"
    if index < MELD:
        return f"discard {CARD_SYMBOL[index - DISCARD]}"
    if index < REVEAL:
        rank = RANKS[index - MELD]
        if rank == "2":
            return f"unused: every 2 is wild (AMZ-R02), so no new set has index {index}"
        return f"meld a set of {rank}s"
    if index < EXTEND:
        slot = index - REVEAL
        return f"reveal way {slot + 1}" + (" (fewest wilds)" if slot == 0 else "")
    rest = index - EXTEND
    rest, combo = divmod(rest, COMBOS)
    rest, owner = divmod(rest, SEATS)
    card, end = divmod(rest, ENDS)
    where = " (high end)" if end else ""
    return f"extend {CARD_SYMBOL[card]}{where} on seat +{owner} combination {combo}"
