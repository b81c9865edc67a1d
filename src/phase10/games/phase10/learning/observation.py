"""Phase 10's observation: one ``float32`` vector of a seat's view, field by field.

Seats are relative to the observing seat (slot 0 is the seat itself, slot 1 the next one
clockwise), and the table's six seat slots are all there in a smaller game, marked absent.
Counts are raw (0, 1, 2...); sizes and scores are divided by the scale the table names, so
every number stays near 0..1. ``LAYOUT.markdown()`` is the table in docs/rl.md.

>>> from phase10.games import get
>>> game = get("phase10")
>>> state = game.new_game(game.find_rules("standard"), 2, 3)
>>> obs = encode(game.view(state, 0))
>>> obs.shape, obs.dtype, int(obs[LAYOUT["hand"]].sum())
((1595,), dtype('float32'), 10)
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from enum import Enum
from functools import lru_cache
from typing import Final, Protocol

import numpy as np
import numpy.typing as npt

from phase10.games.phase10.groups import Group
from phase10.games.phase10.legal import current_phases
from phase10.games.phase10.rules import Kind, Phase, RuleSet
from phase10.games.phase10.state import GameState
from phase10.games.phase10.view import PlayerView
from phase10.kernel.layout import Field, Layout
from phase10.kernel.memory import TableMemory
from phase10.kernel.state import Stage

CARDS: Final = 50
SEATS: Final = 6
GROUPS: Final = 2
PHASES: Final = 10
KINDS: Final = (Kind.SET, Kind.RUN, Kind.COLOUR)
#: The flags that change play, each one-hot over its values (a bool is one number).
FLAGS: Final = (
    "progression",
    "skip_target",
    "skip_delivery",
    "skip_limit",
    "skip_can_go_out",
    "hit_others_on_laydown_turn",
    "go_out_requires_discard",
    "tiebreak",
    "natural_card_scope",
)


def _flag_size(name: str) -> int:
    default = getattr(RuleSet(), name)
    return len(type(default)) if isinstance(default, Enum) else 1


SEAT_FIELDS: Final = Layout(
    [
        Field("present", 1, "1 if the seat is in the game"),
        Field("dealt_in", 1, "1 if the seat plays this hand (0: sitting out a tie-break)"),
        Field("dealer", 1, "1 if the seat dealt this hand"),
        Field("to_act", 1, "1 if the game waits for this seat"),
        Field("hand_size", 1, "cards in hand / 10"),
        Field("completed", PHASES, "1 for each phase of the sequence completed (by position)"),
        Field("phases_done", 1, "phases completed / 10"),
        Field(
            "phase",
            PHASES + 1,
            "one-hot: printed number 1..10 of the phase it works on; "
            "last: none (any open phase, or all done)",
        ),
        Field("laid", 1, "1 if it laid down its phase this hand"),
        Field("score", 1, "penalty points / 100"),
        Field("skips", 4, "Skips pending, Skip lost this circuit, targeted this hand, placed"),
        Field(
            "took",
            CARDS,
            "copies of each card it took from the discard pile this hand, held or not",
        ),
        Field("passed", CARDS, "copies of each card it left on the discard pile this hand"),
        Field("discarded", CARDS, "copies of each card it discarded this hand"),
    ]
)
GROUP_FIELDS: Final = Layout(
    [
        Field("present", 1, "1 if the group is on the table"),
        Field("kind", 3, "one-hot: set, run, colour group"),
        Field("key", 12, "one-hot: set number - 1, run's lowest value - 1, or colour"),
        Field("high", 1, "run's highest value / 12 (set: its number / 12)"),
        Field("size", 1, "cards / 12"),
        Field("wilds", 1, "wilds in it / 8"),
    ]
)

LAYOUT: Final = Layout(
    [
        Field("hand", CARDS, "copies of each card code in the seat's hand (48 numbered, W, S)"),
        Field("discard_top", CARDS + 1, "one-hot: the discard pile's top card; last: empty"),
        Field("discard_pile", CARDS, "copies of each card in the discard pile (all seen, D-41)"),
        Field("draw_pile", 1, "cards in the draw pile / 100"),
        Field("stage", 2, "one-hot: draw, play (after drawing)"),
        Field("tiebreak", 1, "1 during a tie-break hand (B.4.4)"),
        Field("hand_number", 1, "hands played before this one / 10"),
        Field("players", 5, "one-hot: 2..6 players"),
        Field(
            "seats",
            SEATS * SEAT_FIELDS.size,
            f"6 relative seat slots of {SEAT_FIELDS.size} numbers each (table below)",
        ),
        Field(
            "table",
            SEATS * GROUPS * GROUP_FIELDS.size,
            f"each relative seat's 2 group slots, {GROUP_FIELDS.size} numbers each (below)",
        ),
        Field(
            "phases",
            PHASES * (1 + GROUPS * 4),
            "the sequence in play: per position, "
            "1 if present, then per group kind one-hot (3) and minimum size / 10",
        ),
        Field(
            "flags",
            sum(_flag_size(n) for n in FLAGS),
            "rule flags that change play, one-hot each: " + ", ".join(FLAGS),
        ),
    ]
)
SIZE: Final = LAYOUT.size

_HAND = LAYOUT.offsets["hand"]
_TOP = LAYOUT.offsets["discard_top"]
_PILE = LAYOUT.offsets["discard_pile"]
_DRAW = LAYOUT.offsets["draw_pile"]
_STAGE = LAYOUT.offsets["stage"]
_TIE = LAYOUT.offsets["tiebreak"]
_HANDNO = LAYOUT.offsets["hand_number"]
_PLAYERS = LAYOUT.offsets["players"]
_SEATS = LAYOUT["seats"]
_TABLE = LAYOUT["table"]
_RULES = slice(LAYOUT.offsets["phases"], LAYOUT.size)
_S = SEAT_FIELDS.offsets
_G = GROUP_FIELDS.offsets


@lru_cache(maxsize=64)
def _rules_vector(rules: RuleSet) -> npt.NDArray[np.float32]:
    """The phases and flags part, the same for a whole game: built once per rule set."""
    out: list[float] = []
    for position in range(PHASES):
        if position >= len(rules.phases):
            out += [0.0] * (1 + GROUPS * 4)
            continue
        out.append(1.0)
        reqs = rules.phases[position].groups
        for g in range(GROUPS):
            if g < len(reqs):
                out += [float(reqs[g].kind is k) for k in KINDS] + [reqs[g].size / 10]
            else:
                out += [0.0] * 4
    for name in FLAGS:
        value = getattr(rules, name)
        if isinstance(value, Enum):
            out += [float(member is value) for member in type(value)]
        else:
            out.append(float(value))
    return np.array(out, np.float32)


#: The template of a game by the identity of its rule set (hashing a rule set reads all its
#: flags, too slow for every step): (rules, players, vector), the rules held so their id
#: stays theirs.
_TEMPLATES: dict[tuple[int, int], tuple[RuleSet, array[float]]] = {}


def _template(rules: RuleSet, players: int) -> array[float]:
    """What is fixed for a game: the rules and the number of players."""
    entry = _TEMPLATES.get((id(rules), players))
    if entry is not None and entry[0] is rules:
        return entry[1]
    obs = np.zeros(SIZE, np.float32)
    obs[_RULES] = _rules_vector(rules)
    obs[_PLAYERS + players - 2] = 1
    if len(_TEMPLATES) >= 256:
        _TEMPLATES.clear()
    floats = array("f", obs.tobytes())
    _TEMPLATES[(id(rules), players)] = (rules, floats)
    return floats


def _zeros(size: int) -> array[float]:
    return array("f", bytes(4 * size))


_PILE_SEEN: list[tuple[tuple[int, ...], array[float]]] = [((), _zeros(CARDS))]


def _pile_counts(pile: tuple[int, ...]) -> array[float]:
    """The discard pile's counts. The pile grows through a hand and stays the same object
    over the several steps of a turn: the last answer is kept for that object."""
    seen, counts = _PILE_SEEN[0]
    if seen is pile:
        return counts
    grown = len(pile) - len(seen)
    if grown == 1 and pile[:-1] == seen:  # a discard: one more card on the same pile
        counts = array("f", counts)
        counts[pile[-1]] += 1.0
    elif grown == -1 and seen[:-1] == pile:  # its top taken
        counts = array("f", counts)
        counts[seen[-1]] -= 1.0
    else:
        counts = _zeros(CARDS)
        for c in pile:
            counts[c] += 1.0
    _PILE_SEEN[0] = (pile, counts)
    return counts


_SEAT = SEAT_FIELDS.size
_GROUP = GROUP_FIELDS.size
_KIND_AT = {Kind.SET: 0, Kind.RUN: 1, Kind.COLOUR: 2}
# Enum members as module names: on Python 3.11 reading ``Stage.DRAW`` costs a third of a
# microsecond (the enum metaclass's ``__getattr__`` slows every lookup on the class), and
# the encoder reads three at every step.
_DRAW_STAGE: Final = Stage.DRAW
_PLAY_STAGE: Final = Stage.PLAY
_OVER: Final = Stage.OVER


def encode(view: PlayerView, memory: TableMemory | None = None) -> npt.NDArray[np.float32]:
    """The observation of ``view``'s seat; ``memory`` adds what was passed and discarded."""
    players = view.players
    return _encode(
        view.rules,
        view.hand,
        view.discard_pile,
        view.stage,
        view.tiebreak,
        view.draw_pile_size,
        view.hand_number,
        view.seat,
        view.dealer,
        view.current,
        players,
        [p.phase for p in players],
        [p.hand_size for p in players],
        view.table,
        memory,
    )


def encode_state(
    state: GameState, seat: int, memory: TableMemory | None = None
) -> npt.NDArray[np.float32]:
    """``encode(view_for(state, seat), memory)``, read from the state without building the
    view: what an environment that holds the state calls at every step.

    It reads only what the view shows: the seat's own hand, and of every seat the fields
    its public record copies (``tests/rl/test_phase10_state_codec.py`` holds the two equal
    for every seat).

    >>> from phase10.games import get
    >>> game = get("phase10")
    >>> state = game.new_game(game.find_rules("standard"), 3, 5)
    >>> bool((encode_state(state, 2) == encode(game.view(state, 2))).all())
    True
    """
    players = state.players
    return _encode(
        state.rules,
        players[seat].hand,
        state.discard_pile,
        state.stage,
        state.tiebreak,
        len(state.draw_pile),
        state.hand_number,
        seat,
        state.dealer,
        state.current,
        players,
        current_phases(state),
        [len(p.hand) for p in players],
        state.table,
        memory,
    )


class _Record(Protocol):
    """What the encoder reads of a seat: its public record, or its state (the same names)."""

    @property
    def dealt_in(self) -> bool: ...
    @property
    def completed(self) -> int: ...
    @property
    def laid(self) -> int: ...
    @property
    def score(self) -> int: ...
    @property
    def skip_pending(self) -> int: ...
    @property
    def skip_lost(self) -> bool: ...
    @property
    def skip_targeted(self) -> bool: ...
    @property
    def skip_placed(self) -> int: ...
    @property
    def took(self) -> tuple[int, ...]: ...


def _encode(
    rules: RuleSet,
    hand: tuple[int, ...],
    pile: tuple[int, ...],
    stage: Stage,
    tiebreak: bool,
    draw_pile_size: int,
    hand_number: int,
    me: int,
    dealer: int,
    current: int,
    records: Sequence[_Record],
    phases: Sequence[Phase | None],
    sizes: Sequence[int],
    table: tuple[tuple[Group, ...], ...],
    memory: TableMemory | None,
) -> npt.NDArray[np.float32]:
    """The one encoder both front doors feed.

    Built for speed (it runs at every step of training). Every numpy call costs more than
    a dozen single writes, so the vector is written as a C ``array`` of floats: the game's
    fixed part is a cached template, each seat's block is cached by what it shows that
    rarely changes, and numpy sees the result once.
    """
    n = len(records)
    out = array("f", _template(rules, n))
    for c in hand:
        out[_HAND + c] += 1.0
    out[_TOP + (pile[-1] if pile else CARDS)] = 1.0
    out[_PILE : _PILE + CARDS] = _pile_counts(pile)
    if stage is _DRAW_STAGE:
        out[_STAGE] = 1.0
    elif stage is _PLAY_STAGE:
        out[_STAGE + 1] = 1.0
    if tiebreak:
        out[_TIE] = 1.0
    out[_DRAW] = draw_pile_size / 100
    out[_HANDNO] = hand_number / 10
    acting = -1 if stage is _OVER else current
    # The memory's rows are read in place (one slice each), not through ``row``'s call.
    rows = None
    if memory is not None:
        if memory.cards != CARDS:
            raise ValueError(f"a Phase 10 memory counts {CARDS} cards, not {memory.cards}")
        if memory.hand == hand_number:
            rows = memory.rows
    width = 2 * CARDS
    for rel in range(n):
        seat = me + rel
        if seat >= n:
            seat -= n
        base = _SEATS.start + rel * _SEAT
        out[base : base + _SEAT] = _seat_block(records[seat], phases[seat])
        # The fields that change at nearly every step are written over the kept block.
        out[base + _S_HAND] = sizes[seat] / 10
        if seat == dealer:
            out[base + _S_DEALER] = 1.0
        if seat == acting:
            out[base + _S_ACT] = 1.0
        if rows is not None:
            start = base + _S_PASSED
            out[start : start + width] = rows[seat * width : seat * width + width]
        gbase = _TABLE.start + rel * GROUPS * _GROUP
        out[gbase : gbase + GROUPS * _GROUP] = _table_block(table[seat])
    return np.frombuffer(out, np.float32)


#: A seat's block (without hand size, dealer, turn and memory, written at every step) by
#: what it shows: phases completed, phase, lay-down, score, Skips and the ``took`` tuple's
#: identity. These change a few times a hand, while the seat's record changes at each of
#: its actions. An entry holds its ``took`` tuple, so that tuple's id stays its own.
_SEAT_MEMO: dict[tuple[int, ...], tuple[tuple[int, ...], Phase | None, array[float]]] = {}
_SEAT_MEMO_LIMIT = 4096


def _seat_block(p: _Record, phase: Phase | None) -> array[float]:
    took = p.took
    key = (
        id(took),
        id(phase),
        p.completed,
        p.laid,
        p.score,
        p.dealt_in,
        p.skip_pending,
        p.skip_lost,
        p.skip_targeted,
        p.skip_placed,
    )
    entry = _SEAT_MEMO.get(key)
    if entry is not None and entry[0] is took and entry[1] is phase:
        return entry[2]
    out = array("f", _BLANK_SEAT)
    if p.dealt_in:
        out[_S_DEALT] = 1.0
    done = p.completed
    out[_S_COMPLETED : _S_COMPLETED + PHASES] = _COMPLETED[done & _ALL_PHASES]
    out[_S_PHASE + (phase.number - 1 if phase is not None else PHASES)] = 1.0
    if p.laid >= 0:
        out[_S_LAID] = 1.0
    if took:
        out[_S_TOOK : _S_TOOK + CARDS] = _took_counts(took)
    out[_S_DONE] = done.bit_count() / 10
    out[_S_SCORE] = p.score / 100
    if p.skip_pending or p.skip_lost or p.skip_targeted or p.skip_placed:
        out[_S_SKIPS] = p.skip_pending
        out[_S_SKIPS + 1] = p.skip_lost
        out[_S_SKIPS + 2] = p.skip_targeted
        out[_S_SKIPS + 3] = p.skip_placed
    if len(_SEAT_MEMO) >= _SEAT_MEMO_LIMIT:
        _SEAT_MEMO.clear()
    _SEAT_MEMO[key] = (took, phase, out)
    return out


#: A seat's ``took`` counts by the identity of its tuple, which a seat's record keeps from
#: one state to the next until it takes again. The tuple holds every card the seat took this
#: hand, a hundred or more in a long random hand, so it is counted once: a tuple one card
#: longer than a known one (the seat took again) starts from that one's counts. Entries hold
#: their tuples, so an id stays its own.
_TOOK_MEMO: dict[int, tuple[tuple[int, ...], array[float]]] = {}
#: The last tuples counted, newest last: where a longer one looks for the one it grew from.
_TOOK_RECENT: list[tuple[tuple[int, ...], array[float]]] = []


def _took_counts(took: tuple[int, ...]) -> array[float]:
    entry = _TOOK_MEMO.get(id(took))
    if entry is not None and entry[0] is took:
        return entry[1]
    last = len(took) - 1
    for seen, known in reversed(_TOOK_RECENT):
        if len(seen) == last and took[:last] == seen:
            counts = array("f", known)
            counts[took[-1]] += 1.0
            break
    else:
        counts = _zeros(CARDS)
        for c in took:
            counts[c] += 1.0
    if len(_TOOK_MEMO) >= _SEAT_MEMO_LIMIT:
        _TOOK_MEMO.clear()
    _TOOK_MEMO[id(took)] = (took, counts)
    _TOOK_RECENT.append((took, counts))
    if len(_TOOK_RECENT) > 2 * SEATS:
        del _TOOK_RECENT[0]
    return counts


#: A seat's table block by the identity of its groups, which change only when it lays down
#: or is hit, far less often than its public record. Entries hold their groups.
_TABLE_MEMO: dict[int, tuple[tuple[Group, ...], array[float]]] = {}


def _table_block(groups: tuple[Group, ...]) -> array[float]:
    entry = _TABLE_MEMO.get(id(groups))
    if entry is not None and entry[0] is groups:
        return entry[1]
    table = _zeros(GROUPS * _GROUP)
    for index, group in enumerate(groups[:GROUPS]):
        g = index * _GROUP
        kind = group.kind
        low = group.low
        table[g + _G_PRESENT] = 1.0
        table[g + _G_KIND + _KIND_AT[kind]] = 1.0
        table[g + _G_KEY + (low if kind is Kind.COLOUR else low - 1)] = 1.0
        table[g + _G_HIGH] = group.high / 12
        table[g + _G_SIZE] = len(group.cards) / 12
        table[g + _G_WILDS] = group.wilds / 8
    if len(_TABLE_MEMO) >= _SEAT_MEMO_LIMIT:
        _TABLE_MEMO.clear()
    _TABLE_MEMO[id(groups)] = (groups, table)
    return table


_S_PRESENT = _S["present"]
_S_DEALT = _S["dealt_in"]
_S_DEALER = _S["dealer"]
_S_ACT = _S["to_act"]
_S_HAND = _S["hand_size"]
_S_COMPLETED = _S["completed"]
_S_DONE = _S["phases_done"]
_S_PHASE = _S["phase"]
_S_LAID = _S["laid"]
_S_SCORE = _S["score"]
_S_SKIPS = _S["skips"]
_S_TOOK = _S["took"]
_S_PASSED = _S["passed"]
_S_DISCARDED = _S["discarded"]
assert _S_DISCARDED == _S_PASSED + CARDS, "encode copies both fields from one memory row"
_G_PRESENT = _G["present"]
_G_KIND = _G["kind"]
_G_KEY = _G["key"]
_G_HIGH = _G["high"]
_G_SIZE = _G["size"]
_G_WILDS = _G["wilds"]
_ALL_PHASES = (1 << PHASES) - 1
#: The ``completed`` field of every set of phases completed, by its bits.
_COMPLETED: Final = [
    array("f", [float(done >> i & 1) for i in range(PHASES)]) for done in range(1 << PHASES)
]
#: A seat's block before anything about it is known: only ``present`` is set.
_BLANK_SEAT = _zeros(_SEAT)
_BLANK_SEAT[_S_PRESENT] = 1.0
