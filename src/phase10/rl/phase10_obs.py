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
from collections import Counter
from enum import Enum
from functools import lru_cache
from typing import Final

import numpy as np
import numpy.typing as npt

from phase10.games.phase10.groups import Group
from phase10.games.phase10.rules import Kind, RuleSet
from phase10.games.phase10.view import PlayerView, PublicPlayer
from phase10.kernel.state import Stage
from phase10.rl.layout import Field, Layout
from phase10.rl.memory import TableMemory

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


def encode(view: PlayerView, memory: TableMemory | None = None) -> npt.NDArray[np.float32]:
    """The observation of ``view``'s seat; ``memory`` adds what was passed and discarded.

    Built for speed (it runs at every step of training). Every numpy call costs more than
    a dozen single writes, so the vector is written as a C ``array`` of floats: the game's
    fixed part is a cached template, each seat's block and table block are cached (only
    the seat that acted has a new public record), and numpy sees the result once.
    """
    n = len(view.players)
    out = array("f", _template(view.rules, n))
    for c in view.hand:
        out[_HAND + c] += 1.0
    pile = view.discard_pile
    out[_TOP + (pile[-1] if pile else CARDS)] = 1.0
    out[_PILE : _PILE + CARDS] = _pile_counts(pile)
    stage = view.stage
    if stage is Stage.DRAW:
        out[_STAGE] = 1.0
    elif stage is Stage.PLAY:
        out[_STAGE + 1] = 1.0
    if view.tiebreak:
        out[_TIE] = 1.0
    out[_DRAW] = view.draw_pile_size / 100
    out[_HANDNO] = view.hand_number / 10
    me, dealer, current = view.seat, view.dealer, view.current
    over = stage is Stage.OVER
    players, table = view.players, view.table
    for rel in range(n):
        seat = (me + rel) % n
        p = players[seat]
        groups = table[seat]
        flags = (seat == dealer) + 2 * (seat == current and not over)
        memo = _SEAT_MEMO.get(id(p))
        if memo is None or memo[0] is not p or memo[1] is not groups or memo[2] != flags:
            memo = (p, groups, flags, *_seat_blocks(p, groups, flags))
            if len(_SEAT_MEMO) >= _SEAT_MEMO_LIMIT:
                _SEAT_MEMO.clear()
            _SEAT_MEMO[id(p)] = memo
        base = _SEATS.start + rel * _SEAT
        out[base : base + _SEAT] = memo[3]
        gbase = _TABLE.start + rel * GROUPS * _GROUP
        out[gbase : gbase + GROUPS * _GROUP] = memo[4]
    if memory is not None and memory.hand == view.hand_number:
        # ``passed`` and ``discarded`` are adjacent fields, in the memory's order.
        for rel in range(n):
            start = _SEATS.start + rel * _SEAT + _S_PASSED
            out[start : start + 2 * CARDS] = memory.row((me + rel) % n)
    return np.frombuffer(out, np.float32)


#: A seat's two blocks by the identity of its public record: only the seat that acted
#: changes between two steps. An entry holds the record and the groups it was built from (so
#: their ids stay theirs) and is used only if both are the same objects and the flags agree.
_SeatBlocks = tuple[PublicPlayer, tuple[Group, ...], int, "array[float]", "array[float]"]
_SEAT_MEMO: dict[int, _SeatBlocks] = {}
_SEAT_MEMO_LIMIT = 4096


def _seat_blocks(
    p: PublicPlayer, groups: tuple[Group, ...], flags: int
) -> tuple[array[float], array[float]]:
    """The seat's block (without its memory of the hand) and its table block; ``flags``: 1
    if it dealt, 2 if the game waits for it."""
    out = array("f", _BLANK_SEAT)
    if p.dealt_in:
        out[_S_DEALT] = 1.0
    if flags & 1:
        out[_S_DEALER] = 1.0
    if flags & 2:
        out[_S_ACT] = 1.0
    done = p.completed
    rest = done & _ALL_PHASES
    while rest:  # one write per phase completed
        low = rest & -rest
        out[_S_COMPLETED + low.bit_length() - 1] = 1.0
        rest ^= low
    phase = p.phase
    out[_S_PHASE + (phase.number - 1 if phase is not None else PHASES)] = 1.0
    if p.laid >= 0:
        out[_S_LAID] = 1.0
    if p.took:
        out[_S_TOOK : _S_TOOK + CARDS] = _took_counts(p.took)
    out[_S_HAND] = p.hand_size / 10
    out[_S_DONE] = done.bit_count() / 10
    out[_S_SCORE] = p.score / 100
    if p.skip_pending or p.skip_lost or p.skip_targeted or p.skip_placed:
        out[_S_SKIPS] = p.skip_pending
        out[_S_SKIPS + 1] = p.skip_lost
        out[_S_SKIPS + 2] = p.skip_targeted
        out[_S_SKIPS + 3] = p.skip_placed
    return out, _table_block(groups)


#: A seat's ``took`` counts by the identity of its tuple, which a seat's record keeps from
#: one state to the next until it takes again. The tuple holds every card the seat took this
#: hand, dozens in a long hand, so counting it anew each time a seat's block changes (every
#: step) cost more than the rest of the block. Entries hold their tuples.
_TOOK_MEMO: dict[int, tuple[tuple[int, ...], array[float]]] = {}


def _took_counts(took: tuple[int, ...]) -> array[float]:
    entry = _TOOK_MEMO.get(id(took))
    if entry is not None and entry[0] is took:
        return entry[1]
    counts = _zeros(CARDS)
    for c, k in Counter(took).items():
        counts[c] = k
    if len(_TOOK_MEMO) >= _SEAT_MEMO_LIMIT:
        _TOOK_MEMO.clear()
    _TOOK_MEMO[id(took)] = (took, counts)
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
#: A seat's block before anything about it is known: only ``present`` is set.
_BLANK_SEAT = _zeros(_SEAT)
_BLANK_SEAT[_S_PRESENT] = 1.0
