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
        Field("took", CARDS, "copies of each card it took from the discard pile, still held"),
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


@lru_cache(maxsize=256)
def _template(rules: RuleSet, players: int) -> npt.NDArray[np.float32]:
    """What is fixed for a game: the rules, the number of players, which seats are present."""
    obs = np.zeros(SIZE, np.float32)
    obs[_RULES] = _rules_vector(rules)
    obs[_PLAYERS + players - 2] = 1
    for rel in range(players):
        obs[_SEATS.start + rel * _SEAT + _S["present"]] = 1
    return obs


_PILE_SEEN: list[tuple[tuple[int, ...], list[int]]] = [((), [])]


def _pile_positions(pile: tuple[int, ...]) -> list[int]:
    """The discard pile's count positions. The pile grows through a hand and stays the same
    object over the several steps of a turn: the last answer is kept for that object."""
    seen, positions = _PILE_SEEN[0]
    if seen is not pile:
        positions = [_PILE + c for c in pile]
        _PILE_SEEN[0] = (pile, positions)
    return positions


_SEAT = SEAT_FIELDS.size
_GROUP = GROUP_FIELDS.size
_KIND_AT = {Kind.SET: 0, Kind.RUN: 1, Kind.COLOUR: 2}


def encode(view: PlayerView, memory: TableMemory | None = None) -> npt.NDArray[np.float32]:
    """The observation of ``view``'s seat; ``memory`` adds what was passed and discarded.

    Built for speed (it runs at every step of training): every count and one-hot is a
    position in one list, counted by a single ``bincount``; the rest is a few slices.
    """
    n = len(view.players)
    # Positions to add 1 at: one-hots (each position once) and counts (a position per copy).
    at = [_HAND + c for c in view.hand]
    pile = view.discard_pile
    at.append(_TOP + (pile[-1] if pile else CARDS))
    at += _pile_positions(pile)
    stage = view.stage
    if stage is Stage.DRAW:
        at.append(_STAGE)
    elif stage is Stage.PLAY:
        at.append(_STAGE + 1)
    if view.tiebreak:
        at.append(_TIE)
    # Numbers that are not counts: (position, value).
    where = [_DRAW, _HANDNO]
    values = [view.draw_pile_size / 100, view.hand_number / 10]
    me, dealer, current = view.seat, view.dealer, view.current
    over = stage is Stage.OVER
    players, table = view.players, view.table
    for rel in range(n):
        seat = (me + rel) % n
        p = players[seat]
        groups = table[seat]
        flags = (seat == dealer) + 2 * (seat == current and not over)
        memo = _SEAT_MEMO.get((rel, id(p)))
        if memo is None or memo[0] is not p or memo[1] is not groups or memo[2] != flags:
            memo = (p, groups, flags, *_seat_part(rel, p, groups, flags))
            if len(_SEAT_MEMO) >= _SEAT_MEMO_LIMIT:
                _SEAT_MEMO.clear()
            _SEAT_MEMO[(rel, id(p))] = memo
        at += memo[3]
        where += memo[4]
        values += memo[5]
    counts = np.bincount(np.fromiter(at, np.intp, len(at)), minlength=SIZE)
    obs = _template(view.rules, n) + counts.astype(np.float32)
    obs[where] = values
    if memory is not None and memory.hand == view.hand_number:
        for rel in range(n):
            seat = (me + rel) % n
            base = _SEATS.start + rel * _SEAT
            obs[base + _S_PASSED : base + _S_PASSED + CARDS] = memory.passed[seat]
            obs[base + _S_DISCARDED : base + _S_DISCARDED + CARDS] = memory.discarded[seat]
    return obs


#: A seat's part of the vector by (relative slot, the identity of its public record): only
#: the seat that acted changes between two steps. An entry holds the record and the groups it
#: was built from (so their ids stay theirs) and is used only if both are the same objects.
_SeatPart = tuple[PublicPlayer, tuple[Group, ...], int, list[int], list[int], list[float]]
_SEAT_MEMO: dict[tuple[int, int], _SeatPart] = {}
_SEAT_MEMO_LIMIT = 4096


def _seat_part(
    rel: int, p: PublicPlayer, groups: tuple[Group, ...], flags: int
) -> tuple[list[int], list[int], list[float]]:
    """Positions to count, and (position, value) pairs, of the seat in slot ``rel``;
    ``flags``: 1 if it dealt, 2 if the game waits for it."""
    base = _SEATS.start + rel * _SEAT
    at: list[int] = []
    if p.dealt_in:
        at.append(base + _S_DEALT)
    if flags & 1:
        at.append(base + _S_DEALER)
    if flags & 2:
        at.append(base + _S_ACT)
    done = p.completed
    if done:
        at += _COMPLETED_AT[rel][done]
    phase = p.phase
    at.append(base + _S_PHASE + (phase.number - 1 if phase is not None else PHASES))
    if p.laid >= 0:
        at.append(base + _S_LAID)
    at += [base + _S_TOOK + c for c in p.took]
    where = [base + _S_HAND, base + _S_DONE, base + _S_SCORE]
    values: list[float] = [p.hand_size / 10, done.bit_count() / 10, p.score / 100]
    if p.skip_pending or p.skip_lost or p.skip_targeted or p.skip_placed:
        where += [base + _S_SKIPS + i for i in range(4)]
        values += [p.skip_pending, p.skip_lost, p.skip_targeted, p.skip_placed]
    gbase = _TABLE.start + rel * GROUPS * _GROUP
    for index, group in enumerate(groups[:GROUPS]):
        g = gbase + index * _GROUP
        kind = group.kind
        low = group.low
        at += [
            g + _G_PRESENT,
            g + _G_KIND + _KIND_AT[kind],
            g + _G_KEY + (low if kind is Kind.COLOUR else low - 1),
        ]
        where += [g + _G_HIGH, g + _G_SIZE, g + _G_WILDS]
        values += [group.high / 12, len(group.cards) / 12, group.wilds / 8]
    return at, where, values


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
_G_PRESENT = _G["present"]
_G_KIND = _G["kind"]
_G_KEY = _G["key"]
_G_HIGH = _G["high"]
_G_SIZE = _G["size"]
_G_WILDS = _G["wilds"]
#: Per relative seat and bit mask of completed phases, the positions to mark: a lookup
#: instead of ten shifts per seat at every step.
_COMPLETED_AT: Final = tuple(
    tuple(
        tuple(_SEATS.start + rel * _SEAT + _S_COMPLETED + i for i in range(PHASES) if mask >> i & 1)
        for mask in range(1 << PHASES)
    )
    for rel in range(SEATS)
)
