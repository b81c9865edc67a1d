"""The programmes game's observation: one ``float32`` vector of a seat's view, field by field.

Seats are relative to the observing seat (slot 0 is the seat itself, slot 1 the next one
clockwise), and the table's six seat slots are all there in a smaller game, marked absent.
Counts are raw (0, 1, 2...); sizes are divided by the scale the table names, so every number
stays near 0..1. A program card is laid out as its directives (``PROGRAM_FIELDS``): the
observer's own card always, another seat's only once it is revealed (E-28), because the
encoder reads nothing but the view. ``LAYOUT.markdown()`` is the table for docs/rl.md.

>>> from phase10.games import get
>>> game = get("programmes")
>>> state = game.new_game(game.find_rules("programmes"), 2, 3)
>>> obs = encode(game.view(state, 0))
>>> obs.shape, obs.dtype, int(obs[LAYOUT["hand"]].sum())
((3336,), dtype('float32'), 13)
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from operator import attrgetter
from typing import Final, Protocol, TypeAlias, TypeVar

import numpy as np
import numpy.typing as npt

from phase10.games.programmes.cards import PlayingCard
from phase10.games.programmes.combos import Combination
from phase10.games.programmes.programs import ProgramCard
from phase10.games.programmes.rules import ProgrammeRules
from phase10.games.programmes.state import ProgrammeState
from phase10.games.programmes.view import ProgrammeView
from phase10.kernel.kinds import Kind
from phase10.kernel.layout import Field, Layout
from phase10.kernel.memory import TableMemory
from phase10.kernel.seat_view import check_seat
from phase10.kernel.state import Stage

CARDS: Final = 53
SEATS: Final = 6
#: Combination slots per seat, as the action space's (actions.COMBOS).
COMBOS: Final = 8
#: Combinations a program can ask for: 14 cards at most (E-08), 2 per combination at least.
GROUPS: Final = 7
#: Program designs told apart in ``done``: the C.9 deck has 34; a longer user deck's later
#: designs count in ``done_count`` only.
DESIGNS: Final = 40

GROUP_FIELDS: Final = Layout(
    [
        Field("present", 1, "1 if the program asks for this combination"),
        Field("kind", 2, "one-hot: set, run"),
        Field("length", 1, "exact cards / 14 (E-08)"),
        Field("fixed", 1, "1 if its values are fixed by the card"),
        Field("value", 13, "one-hot when fixed: the set's value - 1, or the run's lowest - 1"),
    ]
)

# Enum members bound once: on Python 3.11 a lookup like ``Kind.RUN`` goes through the
# enum metaclass's ``__getattr__`` hook and costs about 0.3 µs, at every step.
_KIND_RUN: Final = Kind.RUN
_STAGE_DRAW: Final = Stage.DRAW
_STAGE_OVER: Final = Stage.OVER
_STAGE_PLAY: Final = Stage.PLAY

PROGRAM_FIELDS: Final = Layout(
    [
        Field("present", 1, "1 if the card is visible (own card; another's once revealed)"),
        Field("sun", 1, "1 for a sun card, a free program (AMZ-R07)"),
        Field("no_wild", 1, "1 if no wild may be used (E-30)"),
        Field("suits", 4, "1 per suit allowed, S H D C (all four when the card names none)"),
        Field("cards", 1, "cards the whole program needs / 14"),
        Field("groups", 1, "combinations to lay / 7"),
        Field(
            "group",
            GROUPS * GROUP_FIELDS.size,
            f"7 combination slots of {GROUP_FIELDS.size} numbers (each directive repeated "
            "mult times, in the card's order; table below)",
        ),
    ]
)
SEAT_FIELDS: Final = Layout(
    [
        Field("present", 1, "1 if the seat is in the game"),
        Field("dealer", 1, "1 if the seat dealt this manche"),
        Field("to_act", 1, "1 if the game waits for this seat"),
        Field("hand_size", 1, "cards in hand / 13"),
        Field("has_program", 1, "1 if it holds a program card (E-22: the deck may run out)"),
        Field("done_count", 1, "programs completed / 5 (sun cards included, AMZ-R18)"),
        Field("done", DESIGNS, "copies of each program design (deck order) completed"),
        Field(
            "program",
            PROGRAM_FIELDS.size,
            f"the held program card, {PROGRAM_FIELDS.size} numbers (table below)",
        ),
        Field("revealed", 1, "1 if it revealed its program this manche"),
        Field("failed", 1, "manches failed with the held card / 3 (E-31)"),
        Field("may_swap", 1, "1 while it may still swap its program (E-21)"),
        Field("took", CARDS, "copies of each card it took from the discard pile, still held"),
        Field("passed", CARDS, "copies of each card it left on the discard pile this manche"),
        Field("discarded", CARDS, "copies of each card it discarded this manche"),
    ]
)
COMBO_FIELDS: Final = Layout(
    [
        Field("present", 1, "1 if the combination is on the table"),
        Field("kind", 2, "one-hot: set, run"),
        Field("key", 13, "one-hot: the set's value - 1, or the run's lowest value - 1"),
        Field("high", 1, "the run's highest value / 14 (ace high: 14); a set's value / 14"),
        Field("suit", 4, "one-hot: the run's suit S H D C (none for a set)"),
        Field("size", 1, "cards / 13"),
        Field("wilds", 1, "wilds in it / 8"),
    ]
)

LAYOUT: Final = Layout(
    [
        Field("hand", CARDS, "copies of each card code in the seat's hand (52 faces, joker)"),
        Field("discard_top", CARDS + 1, "one-hot: the discard pile's top card; last: empty"),
        Field("discard_pile", CARDS, "copies of each card in the discard pile"),
        Field("draw_pile", 1, "cards in the reserve / 100"),
        Field("program_deck", 1, "program cards left to deal / 52"),
        Field("stage", 2, "one-hot: draw, play (after drawing)"),
        Field("hand_number", 1, "manches played before this one / 10"),
        Field("players", 5, "one-hot: 2..6 players"),
        Field(
            "seats",
            SEATS * SEAT_FIELDS.size,
            f"6 relative seat slots of {SEAT_FIELDS.size} numbers each (table below)",
        ),
        Field(
            "table",
            SEATS * COMBOS * COMBO_FIELDS.size,
            f"each relative seat's 8 combination slots, {COMBO_FIELDS.size} numbers each "
            "(program combinations first, then new sets, as laid)",
        ),
        Field(
            "flags",
            4,
            "rules that change play: swap on (AMZ-R31), program_swap_after / 10, "
            "programs_to_win / 10, hand_size / 13",
        ),
    ]
)
SIZE: Final = LAYOUT.size

_HAND = LAYOUT.offsets["hand"]
_TOP = LAYOUT.offsets["discard_top"]
_PILE = LAYOUT.offsets["discard_pile"]
_DRAW = LAYOUT.offsets["draw_pile"]
_DECK = LAYOUT.offsets["program_deck"]
_STAGE = LAYOUT.offsets["stage"]
_HANDNO = LAYOUT.offsets["hand_number"]
_PLAYERS = LAYOUT.offsets["players"]
_SEATS = LAYOUT.offsets["seats"]
_TABLE = LAYOUT.offsets["table"]
_FLAGS = LAYOUT.offsets["flags"]
_SEAT = SEAT_FIELDS.size
_COMBO = COMBO_FIELDS.size
_S = SEAT_FIELDS.offsets
_S_DEALER = _S["dealer"]
_S_ACT = _S["to_act"]
_S_HAND = _S["hand_size"]
_S_HAS = _S["has_program"]
_S_COUNT = _S["done_count"]
_S_DONE = _S["done"]
_S_PROGRAM = _S["program"]
_S_REVEALED = _S["revealed"]
_S_FAILED = _S["failed"]
_S_SWAP = _S["may_swap"]
_S_TOOK = _S["took"]
_S_PASSED = _S["passed"]
_S_DISCARDED = _S["discarded"]
assert _S_DISCARDED == _S_PASSED + CARDS, "encode copies both fields from one memory row"
assert _HAND == 0, "encode counts the hand's cards at their codes"
_S_PROGRAM_END = _S_PROGRAM + PROGRAM_FIELDS.size
_T = TypeVar("_T")

# Caches are keyed by identity: hashing a rule set hashes its whole program deck, which
# would cost more than the encoding, and the piles, programs and a seat's combinations
# stay the same objects from one state to the next until they change, so most lookups hit.
# Each entry keeps its object, so an id is never reused while the entry lives, and the
# check ``entry[0] is key`` rejects a stale one.
# The cached parts are C float arrays: ``encode`` copies them into its own with one slice.
_Vector = npt.NDArray[np.float32]
_Floats: TypeAlias = "array[float]"
_CACHE_LIMIT: Final = 4096
_PROGRAMS: dict[int, tuple[ProgramCard, _Floats]] = {}
_TABLES: dict[int, tuple[tuple[Combination, ...], _Floats]] = {}
# A game's template: its rules, the vector with what a game fixes, and where each program
# design is counted in ``done``, by card (the view's) and by deck index (the state's).
_Template = tuple[ProgrammeRules, _Floats, dict[int, int], tuple[int | None, ...]]
_TEMPLATES: dict[tuple[int, int], _Template] = {}


def _program(card: ProgramCard) -> _Floats:
    """A program card's ``program`` field."""
    entry = _PROGRAMS.get(id(card))
    if entry is not None and entry[0] is card:
        return entry[1]
    p = PROGRAM_FIELDS.offsets
    g = GROUP_FIELDS.offsets
    vec = np.zeros(PROGRAM_FIELDS.size, np.float32)
    vec[p["present"]] = 1
    vec[p["sun"]] = card.sun
    vec[p["no_wild"]] = card.no_wild
    for s in card.suits if card.suits is not None else range(4):
        vec[p["suits"] + s] = 1
    groups = card.groups
    vec[p["cards"]] = card.cards_needed / 14
    vec[p["groups"]] = len(groups) / GROUPS
    for i, d in enumerate(groups[:GROUPS]):
        base = p["group"] + i * GROUP_FIELDS.size
        vec[base + g["present"]] = 1
        vec[base + g["kind"] + (d.kind is _KIND_RUN)] = 1
        vec[base + g["length"]] = d.length / 14
        if d.values is not None:
            vec[base + g["fixed"]] = 1
            vec[base + g["value"] + d.values[0] - 1] = 1
    return _remember(_PROGRAMS, card, vec)


def _combos(combos: tuple[Combination, ...]) -> _Floats:
    """One seat's combinations: its ``COMBOS`` slots of the ``table`` field."""
    entry = _TABLES.get(id(combos))
    if entry is not None and entry[0] is combos:
        return entry[1]
    c = COMBO_FIELDS.offsets
    vec = np.zeros(COMBOS * _COMBO, np.float32)
    for index, combo in enumerate(combos[:COMBOS]):
        base = index * _COMBO
        values = combo.values
        vec[base + c["present"]] = 1
        vec[base + c["kind"] + (combo.kind is _KIND_RUN)] = 1
        vec[base + c["key"] + values[0] - 1] = 1
        if combo.kind is _KIND_RUN:
            vec[base + c["suit"] + combo.suit] = 1
        vec[base + c["high"]] = values[-1] / 14
        vec[base + c["size"]] = len(values) / 13
        vec[base + c["wilds"]] = combo.wilds / 8
    return _remember(_TABLES, combos, vec)


def _pile(pile: tuple[int, ...]) -> _Floats:
    """Copies of each card in the discard pile. The pile stays the same object over the steps
    of a turn and changes by one card at a discard or a take: the last answer is kept and
    followed from one to the next, the pile counted anew only after a reshuffle or a deal."""
    seen, counts = _PILE_SEEN[0]
    if seen is pile:
        return counts
    grown = len(pile) - len(seen)
    if grown == 1 and pile[:-1] == seen:
        counts = array("f", counts)
        counts[pile[-1]] += 1.0
    elif grown == -1 and seen[:-1] == pile:
        counts = array("f", counts)
        counts[seen[-1]] -= 1.0
    else:
        counts = array("f", bytes(4 * CARDS))
        for c in pile:
            counts[c] += 1.0
    _PILE_SEEN[0] = (pile, counts)
    return counts


_PILE_SEEN: list[tuple[tuple[int, ...], _Floats]] = [((), array("f", bytes(4 * CARDS)))]


def _remember(cache: dict[int, tuple[_T, _Floats]], key: _T, vec: _Vector) -> _Floats:
    """Keep ``vec`` for ``key`` (as C floats) and return it."""
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    floats = array("f", vec.tobytes())
    cache[id(key)] = (key, floats)
    return floats


def _template(rules: ProgrammeRules, players: int) -> _Template:
    """What is fixed for a game: the flags, the number of players, which seats are present,
    and where each program design of the deck is counted in ``done``."""
    key = (id(rules), players)
    entry = _TEMPLATES.get(key)
    if entry is not None and entry[0] is rules:
        return entry
    obs = np.zeros(SIZE, np.float32)
    swap = rules.program_swap_after
    obs[_FLAGS : _FLAGS + 4] = [
        float(swap is not None),
        (swap or 0) / 10,
        rules.programs_to_win / 10,
        rules.hand_size / 13,
    ]
    obs[_PLAYERS + players - 2] = 1
    for rel in range(players):
        obs[_SEATS + rel * _SEAT + _S["present"]] = 1
    designs = {id(card): i for i, card in enumerate(rules.programs[:DESIGNS])}
    # By deck index, what the view's card lookup finds (a deck may hold one card object
    # twice: the view counts both copies at the later place).
    by_index = tuple(designs.get(id(card)) for card in rules.programs)
    entry = (rules, array("f", obs.tobytes()), designs, by_index)
    if len(_TEMPLATES) >= 256:
        _TEMPLATES.clear()
    _TEMPLATES[key] = entry
    return entry


class _Record(Protocol):
    """What the state's ``Programmer`` and the view's ``PublicProgrammer`` both tell alike."""

    @property
    def revealed(self) -> bool: ...
    @property
    def failed(self) -> int: ...
    @property
    def may_swap(self) -> bool: ...
    @property
    def took(self) -> tuple[PlayingCard, ...]: ...


def encode(view: ProgrammeView, memory: TableMemory | None = None) -> npt.NDArray[np.float32]:
    """The observation of ``view``'s seat; ``memory`` adds what was passed and discarded."""
    players = view.players
    n = len(players)
    template = _template(view.rules, n)
    me = view.seat
    sizes = (view.draw_pile_size, view.program_deck_size, view.hand_number)
    out = _encode(
        template[1],
        me,
        view.hand,
        view.discard_pile,
        view.stage,
        sizes,
        view.current,
        players,
        view.table,
        memory,
    )
    _seat_records(out, me, view.dealer, players)
    # What the view tells in its own words: hand sizes, programs by card.
    designs = template[2]
    own = view.program
    for rel in range(n):
        p = players[(me + rel) % n]
        base = _SEATS + rel * _SEAT
        out[base + _S_HAND] = p.hand_size / 13
        if p.has_program:
            out[base + _S_HAS] = 1.0
        done = p.done
        out[base + _S_COUNT] = len(done) / 5
        for card in done:
            design = designs.get(id(card))
            if design is not None:
                out[base + _S_DONE + design] += 1.0
        # Only the view's own card, or what it shows of another's (E-28).
        held = own if rel == 0 else p.program
        if held is not None:
            out[base + _S_PROGRAM : base + _S_PROGRAM_END] = _program(held)
    return np.frombuffer(out, np.float32)


def encode_state(
    state: ProgrammeState, seat: int, memory: TableMemory | None = None
) -> npt.NDArray[np.float32]:
    """``encode(view_for(state, seat, events=False), memory)``, byte for byte, read from the
    state with no view built: the environment's observation at every step.

    It reads only what that view shows: the seat's own hand and program card, and of the
    others their public records (a program card once revealed, E-28), never the draw pile's
    order nor the program deck's.

    >>> from phase10.games import get
    >>> game = get("programmes")
    >>> state = game.new_game(game.find_rules("programmes"), 3, 3)
    >>> bool((encode_state(state, 1) == encode(game.view(state, 1))).all())
    True
    """
    players = state.players
    n = len(players)
    if not 0 <= seat < n:  # the call only for a bad seat: this runs at every step
        check_seat(seat, n)
    sizes = (len(state.draw_pile), len(state.program_deck), state.hand_number)
    out = _encode(
        _seats_base(state, seat),
        seat,
        players[seat].hand,
        state.discard_pile,
        state.stage,
        sizes,
        state.current,
        players,
        state.table,
        memory,
    )
    for other, _, _, _, hand_size in _ORDER[n][seat]:
        out[hand_size] = len(players[other].hand) / 13
    return np.frombuffer(out, np.float32)


#: What :func:`_seats_base` reads of a seat, as one tuple (``attrgetter`` reads it in C).
_RECORD_FIELDS: Final = attrgetter("program", "revealed", "failed", "may_swap", "done")
#: The game's template with what the seats' records show written in (:func:`_seats_base`),
#: by the rules' identity and the records' values; each entry keeps its rules (see the caches
#: above).
_BASES: dict[tuple[object, ...], tuple[ProgrammeRules, _Floats]] = {}


def _seats_base(state: ProgrammeState, seat: int) -> _Floats:
    """The template with the dealer and each seat's record as ``seat`` sees it: revealed,
    failed, may swap, its program card (the seat's own, another's once revealed, E-28) and
    the programs it completed. Kept by those values: they change a few times a
    manche, where the rest of an observation changes at every step."""
    players = state.players
    rules = state.rules
    # The rules and the number of records stand for the template (one per rules and count).
    key = (id(rules), seat, state.dealer, *map(_RECORD_FIELDS, players))
    entry = _BASES.get(key)
    if entry is not None and entry[0] is rules:
        return entry[1]
    n = len(players)
    template = _template(rules, n)
    out = array("f", template[1])
    _seat_records(out, seat, state.dealer, players)
    # What the view would tell, from the state's own words: programs by deck index.
    by_index = template[3]
    programs = rules.programs
    for rel in range(n):
        p = players[(seat + rel) % n]
        base = _SEATS + rel * _SEAT
        program = p.program
        if program >= 0:
            out[base + _S_HAS] = 1.0
            # The seat's own card, another's only once revealed (E-28).
            if rel == 0 or p.revealed:
                out[base + _S_PROGRAM : base + _S_PROGRAM_END] = _program(programs[program])
        done = p.done
        out[base + _S_COUNT] = len(done) / 5
        for i in done:
            design = by_index[i]
            if design is not None:
                out[base + _S_DONE + design] += 1.0
    if len(_BASES) >= _CACHE_LIMIT:
        _BASES.clear()
    _BASES[key] = (rules, out)
    return out


def _seat_records(out: _Floats, me: int, dealer: int, players: Sequence[_Record]) -> None:
    """Write the dealer and what each seat's record tells alike in a view and a state."""
    n = len(players)
    # A seat out of range (none yet) marks nothing.
    if 0 <= dealer < n:
        out[_SEATS + (dealer - me) % n * _SEAT + _S_DEALER] = 1.0
    for rel in range(n):
        p = players[(me + rel) % n]
        base = _SEATS + rel * _SEAT
        if p.revealed:
            out[base + _S_REVEALED] = 1.0
        out[base + _S_FAILED] = p.failed / 3
        if p.may_swap:
            out[base + _S_SWAP] = 1.0


def _encode(
    first: _Floats,
    me: int,
    hand: tuple[PlayingCard, ...],
    pile: tuple[PlayingCard, ...],
    stage: Stage,
    sizes: tuple[int, int, int],
    current: int,
    players: Sequence[_Record],
    table: tuple[tuple[Combination, ...], ...],
    memory: TableMemory | None,
) -> _Floats:
    """The encoder core behind :func:`encode` and :func:`encode_state`: every field that
    changes from step to step and that a view and a state tell alike, written over a copy of
    ``first`` (the game's template, or a template with the seats' records in, see
    :func:`_seats_base`); ``me`` observes; ``sizes`` are the draw pile's, the program deck's
    and the manche number. The caller adds the rest: the dealer and the seats' records
    (:func:`_seat_records`, unless ``first`` has them), each seat's hand size, program card
    and completed programs.

    Built for speed (it runs at every step of training). Every numpy call costs more than a
    dozen single writes, so the vector is written as a C ``array`` of floats: a copy of
    ``first``, one write per count, one-hot and scalar, and one slice for each cached part
    (the discard pile, each seat's combinations, each seat's memory); numpy sees the result
    once.
    """
    out = array("f", first)
    for c in hand:
        out[c] += 1.0  # the hand is the first field
    if pile:
        out[_TOP + pile[-1]] = 1.0
        out[_PILE : _PILE + CARDS] = _pile(pile)
    else:
        out[_TOP + CARDS] = 1.0
    if stage is _STAGE_DRAW:
        out[_STAGE] = 1.0
    elif stage is _STAGE_PLAY:
        out[_STAGE + 1] = 1.0
    draw, deck, number = sizes
    out[_DRAW] = draw / 100
    out[_DECK] = deck / 52
    out[_HANDNO] = number / 10
    n = len(players)
    if 0 <= current < n and stage is not _STAGE_OVER:
        out[_SEATS + (current - me) % n * _SEAT + _S_ACT] = 1.0
    order = _ORDER[n][me]
    for seat, took, start, _, _ in order:
        for c in players[seat].took:
            out[took + c] += 1.0
        combos = table[seat]
        if combos:
            out[start : start + COMBOS * _COMBO] = _combos(combos)
    if memory is not None and memory.hand == number:
        # ``passed`` and ``discarded`` are adjacent fields, in the memory's row order.
        rows, width = memory.rows, memory.width
        for seat, _, _, passed, _ in order:
            row = seat * width
            out[passed : passed + width] = rows[row : row + width]
    return out


#: Per table size and observing seat, each relative slot's seat and where its ``took``, its
#: combinations, its ``passed`` and its ``hand_size`` fields start: worked out once, not at
#: every step.
_ORDER: Final = {
    n: tuple(
        tuple(
            (
                (me + rel) % n,
                _SEATS + rel * _SEAT + _S_TOOK,
                _TABLE + rel * COMBOS * _COMBO,
                _SEATS + rel * _SEAT + _S_PASSED,
                _SEATS + rel * _SEAT + _S_HAND,
            )
            for rel in range(n)
        )
        for me in range(n)
    )
    for n in range(1, SEATS + 1)
}
