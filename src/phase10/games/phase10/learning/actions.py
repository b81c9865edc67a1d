"""Phase 10's fixed ``Discrete(2097)`` action space and its codec both ways (docs/rl.md).

Seats in an index are *relative* to the seat acting (1: the next seat clockwise), so one
policy plays every seat. The blocks, in order:

=========  =====  ==========================================================================
first      size   meaning
=========  =====  ==========================================================================
0          1      draw from the draw pile
1          1      take the discard pile's top
2          49     discard card code 0..48 (48 numbered cards, then the Wild)
51         6      discard a Skip: with no target (51), or at relative seat 1..5 (52..56)
57         1440   lay down: phase number 1..10, then the key of each group (see below)
1497       600    hit: card slot 0..49, relative owner 0..5, group index 0..1
=========  =====  ==========================================================================

A lay-down is named by *what* it lays, not by which copies: each group's key is its set's
number, its run's lowest value, or its colour group's colour (0..11), and the index is
``57 + ((phase - 1) * 12 + key1) * 12 + key2`` (``key2`` 0 for a one-group phase; twin
groups, as in phase 1, in rising order). Lay-downs of the same key differ only in which cards
they use: copies, where a wild sits, and for a colour group which numbers of that colour. The
codec picks the best for the seat: the fewest wilds (a wild stays in hand whenever it can),
then the most points laid, so the fewest left in hand (P10-R34: of G1-G7 and G12 on phase 8,
G12 goes down and a 5-point card stays), then the engine's first (it lists them sorted). The
engine lists lay-downs at the phase's exact sizes; extra cards follow as hits in the same turn
(D-14), so every outcome of the turn can still be reached.

A hit's card slot is the natural card's code, 48 for a Wild on a set, on a colour group or
at the low end of a run, and 49 for a Wild at the high end of a run.

>>> from phase10.games import get
>>> game = get("phase10")
>>> state = game.new_game(game.find_rules("standard"), 2, 3)
>>> sorted(legal_indices(game.view(state, 0)))
[0, 1]
>>> describe(57 + ((1 - 1) * 12 + 6) * 12 + 9)
'lay down phase 1: set of 7s + set of 10s'
"""

from __future__ import annotations

from typing import Final, SupportsIndex

from phase10.games.phase10.actions import Action, Discard, Draw, Hit, LayDown
from phase10.games.phase10.cards import (
    CARDS,
    POINTS_OF,
    SKIP_CODE,
    SYMBOL_OF,
    WILD_CODE,
    Colour,
)
from phase10.games.phase10.groups import Group
from phase10.games.phase10.legal import current_phase, legal_actions
from phase10.games.phase10.rules import BASE_PHASES, GroupReq, Kind, Phase
from phase10.games.phase10.state import GameState
from phase10.games.phase10.view import PlayerView
from phase10.kernel.action_space import read_index
from phase10.kernel.actions import Source

DRAW: Final = 0
TAKE: Final = 1
DISCARD: Final = 2
SKIP: Final = DISCARD + 49
LAY: Final = SKIP + 6
KEYS: Final = 12
LAY_SIZE: Final = 10 * KEYS * KEYS
HIT: Final = LAY + LAY_SIZE
HIT_CARDS: Final = 50
SEATS: Final = 6
GROUPS: Final = 2
SIZE: Final = HIT + HIT_CARDS * SEATS * GROUPS
#: ``Source.DRAW_PILE`` read once: an enum member lookup costs a third of a microsecond on
#: Python 3.11, and ``_index`` runs for every legal action at every step.
_DRAW_PILE: Final = Source.DRAW_PILE


def group_key(group: Group) -> int:
    """0..11: a set's number - 1, a run's lowest value - 1, or a colour group's colour."""
    return group.low if group.kind is Kind.COLOUR else group.low - 1


def laydown_index(view: PlayerView, action: LayDown) -> int:
    """The index of a lay-down: its phase number and its groups' keys."""
    return _laydown_index(action, view.players[view.seat].phase)


def _laydown_index(action: LayDown, phase: Phase | None) -> int:
    """``phase``: the one the seat works on, which names a lay-down that carries no number."""
    number = action.phase
    if number is None:
        number = phase.number if phase is not None else 10
    keys = [group_key(g) for g in action.groups]
    first, *rest = action.groups
    if rest and first.kind is rest[0].kind and len(first.cards) == len(rest[0].cards):
        keys.sort()  # twin groups (phases 1 and 7): one index whichever is written first
    second = keys[1] if len(keys) > 1 else 0
    return LAY + ((number - 1) * KEYS + keys[0]) * KEYS + second


def hit_index(view: PlayerView, action: Hit) -> int:
    """The index of a hit: card slot, owner relative to the seat acting, group index."""
    return _hit_index(action, view.seat, len(view.players), view.table)


def _hit_index(action: Hit, seat: int, n: int, table: tuple[tuple[Group, ...], ...]) -> int:
    card = int(action.card)
    if card == WILD_CODE:
        group = table[action.owner][action.index]
        if group.kind is Kind.RUN and action.value == group.high + 1:
            card = WILD_CODE + 1
    owner = (action.owner - seat) % n
    return HIT + (card * SEATS + owner) * GROUPS + action.index


def index_of(view: PlayerView, action: Action) -> int:
    """The index of ``action`` for the seat of ``view`` (lay-downs of one key share one).

    >>> from phase10.games import get
    >>> game = get("phase10")
    >>> view = game.view(game.new_game(game.find_rules("standard"), 3, 3), 0)
    >>> index_of(view, Discard(SKIP_CODE, 2)), index_of(view, game.parse_action("take"))
    (53, 1)
    """
    seat = view.seat
    return _index(action, seat, len(view.players), view.table, view.players[seat].phase)


def _index(
    action: Action,
    seat: int,
    n: int,
    table: tuple[tuple[Group, ...], ...],
    phase: Phase | None,
) -> int:
    """``index_of`` from what it needs: the seat acting, the number of seats, the table and
    the phase the seat works on. Discards come first: they are the commonest action."""
    kind = type(action)
    if kind is Discard:
        card = action.card  # type: ignore[union-attr]
        if card != SKIP_CODE:
            return DISCARD + int(card)
        target = action.target  # type: ignore[union-attr]
        return SKIP if target is None else SKIP + (target - seat) % n
    if kind is Draw:
        return DRAW if action.source is _DRAW_PILE else TAKE  # type: ignore[union-attr]
    if kind is Hit:
        return _hit_index(action, seat, n, table)  # type: ignore[arg-type]
    if kind is LayDown:
        return _laydown_index(action, phase)  # type: ignore[arg-type]
    raise TypeError(f"not a Phase 10 action: {action!r}")


def _lay_cost(action: LayDown) -> tuple[int, int]:
    """What a lay-down leaves the seat worse off by: wilds used, then points kept in hand
    (as minus the points laid: the hand is the same for every lay-down compared)."""
    return sum(g.wilds for g in action.groups), -sum(POINTS_OF[c] for c in action.cards)


def legal_indices(view: PlayerView) -> dict[int, Action]:
    """Every legal index of the seat to act, with the action it stands for.

    Only the seat to act has legal actions; an empty dict otherwise.
    """
    seat = view.seat
    if not view.legal:
        return {}
    return _legal(view.legal, seat, len(view.players), view.table, view.players[seat].phase)


def legal_state(state: GameState) -> dict[int, Action]:
    """``legal_indices`` of the seat to act, read from the state without building its view.

    >>> from phase10.games import get
    >>> game = get("phase10")
    >>> state = game.new_game(game.find_rules("standard"), 2, 3)
    >>> legal_state(state) == legal_indices(game.view(state, state.current))
    True
    """
    seat = state.current
    legal = legal_actions(state)
    if not legal:
        return {}
    return _legal(legal, seat, len(state.players), state.table, current_phase(state, seat))


def _legal(
    actions: tuple[Action, ...],
    seat: int,
    n: int,
    table: tuple[tuple[Group, ...], ...],
    phase: Phase | None,
) -> dict[int, Action]:
    out: dict[int, Action] = {}
    for action in actions:
        kind = type(action)
        if kind is Discard:  # most actions: ``_index``'s first case, without the call
            card = action.card  # type: ignore[union-attr]
            if card != SKIP_CODE:
                out[DISCARD + int(card)] = action
                continue
        index = _index(action, seat, n, table, phase)
        if kind is LayDown:
            # One index per key: the best lay-down of that key (module docstring). The cost
            # is worked out only when a key comes again, which few steps see.
            held = out.get(index)
            if held is not None and _lay_cost(held) <= _lay_cost(action):  # type: ignore[arg-type]
                continue
        out[index] = action
    return out


def decode_state(state: GameState, index: int) -> Action | None:
    """The engine action ``index`` names for the seat to act in ``state``, whether legal or
    not, where the index alone says which: a draw, a take, a discard, a hit. ``None`` for a
    lay-down, which its index names by its groups' keys, not by the cards laid, and for a
    seat the table does not have. An environment checks it with the engine to tell why an
    index outside the mask is refused.

    >>> from phase10.games import get
    >>> game = get("phase10")
    >>> state = game.new_game(game.find_rules("standard"), 2, 3)
    >>> str(decode_state(state, DISCARD + 5)), decode_state(state, LAY)
    ('discard R6', None)
    >>> game.check(state, decode_state(state, DISCARD + 5))
    Traceback (most recent call last):
    ...
    phase10.kernel.errors.IllegalActionError: D-19: draw a card first; a turn starts with a draw
    """
    if index == DRAW:
        return Draw(_DRAW_PILE)
    if index == TAKE:
        return Draw(Source.DISCARD_PILE)
    seat, players = state.current, len(state.players)
    if index < SKIP:
        return Discard(CARDS[index - DISCARD])
    if index < LAY:
        rel = index - SKIP
        if rel >= players:
            return None
        return Discard(CARDS[SKIP_CODE], (seat + rel) % players if rel else None)
    if index < HIT:
        return None
    slot, rest = divmod(index - HIT, SEATS * GROUPS)
    rel, place = divmod(rest, GROUPS)
    if rel >= players:
        return None
    owner = (seat + rel) % players
    card = min(slot, WILD_CODE)
    value = -1  # the engine works out what a card stands for, but for a Wild's end of a run
    groups = state.table[owner]
    if card == WILD_CODE and place < len(groups):
        group = groups[place]
        if group.kind is Kind.RUN:
            value = group.high + 1 if slot > WILD_CODE else group.low - 1
        elif slot > WILD_CODE:
            return None  # only a run has a high end: no hit is written so
    return Hit(CARDS[card], owner, place, value)


def describe(index: SupportsIndex) -> str:
    """What an index means, in words (for logs and the docs). A lay-down names its groups
    as the table shows them; an index that no lay-down is written with (a second key for a
    phase of one group, twin groups out of order, a run past 12, a fifth colour) says it is
    unused. An index is an integer: anything else is a ``TypeError``, and an integer outside
    the space a ``ValueError`` that gives the space.

    >>> describe(0), describe(2 + 47), describe(53), describe(HIT + (49 * 6 + 1) * 2 + 0)
    ('draw', 'discard G12', 'discard a Skip at seat +2', 'hit W (high end) on seat +1 group 0')
    >>> describe(LAY + ((2 - 1) * KEYS + 4) * KEYS + 2)
    'lay down phase 2: set of 5s + run 3-6'
    >>> describe(LAY + ((1 - 1) * KEYS + 11) * KEYS + 7)
    "unused: phase 1's twin groups are written in rising order, so no lay-down has index 196"
    """
    index = read_index(index, SIZE, "Phase 10")
    if index == DRAW:
        return "draw"
    if index == TAKE:
        return "take"
    if index < SKIP:
        return f"discard {SYMBOL_OF[index - DISCARD]}"
    if index < LAY:
        rel = index - SKIP
        return "discard a Skip" + (f" at seat +{rel}" if rel else " (no target)")
    if index < HIT:
        rest = index - LAY
        number, rest = divmod(rest, KEYS * KEYS)
        first, second = divmod(rest, KEYS)
        return _describe_laydown(index, BASE_PHASES[number], first, second)
    rest = index - HIT
    slot, rest = divmod(rest, SEATS * GROUPS)
    owner, group = divmod(rest, GROUPS)
    card = "W (high end)" if slot == WILD_CODE + 1 else SYMBOL_OF[slot]
    return f"hit {card} on seat +{owner} group {group}"


def _describe_laydown(index: int, phase: Phase, first: int, second: int) -> str:
    """A lay-down index in words, read through the phase of its printed number: every rule
    set builds its phases from ``BASE_PHASES``, and the variants change a set's size only,
    so the kinds and a run's length are the same under any rules."""
    reqs = phase.groups
    keys = (first, second)[: len(reqs)]
    why = None
    if len(reqs) == 1 and second:
        why = f"phase {phase.number} is one group, whose key is the first"
    elif len(reqs) == 2 and reqs[0] == reqs[1] and first > second:
        why = f"phase {phase.number}'s twin groups are written in rising order"
    else:
        for req, key in zip(reqs, keys, strict=True):
            if req.kind is Kind.RUN and key > 12 - req.size:
                why = f"no run of {req.size} starts above {13 - req.size}"
            elif req.kind is Kind.COLOUR and key >= len(Colour):
                why = f"there are {len(Colour)} colours"
    if why is not None:
        return f"unused: {why}, so no lay-down has index {index}"
    groups = " + ".join(_group_words(req, key) for req, key in zip(reqs, keys, strict=True))
    return f"lay down phase {phase.number}: {groups}"


def _group_words(req: GroupReq, key: int) -> str:
    """A group of a lay-down index as ``Group.describe`` says the group laid."""
    if req.kind is Kind.SET:
        return f"set of {key + 1}s"
    if req.kind is Kind.RUN:
        return f"run {key + 1}-{key + req.size}"
    return f"{Colour(key).name.lower()} colour group"
