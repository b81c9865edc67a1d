"""Rules as data: the ten phases (A.3) and a frozen ``RuleSet`` holding every flag of B.1.

Each flag is read in one place. ``RuleSet.phases`` gives the ordered phases in play, built
from ``phase_sequence``, ``phase_count`` and the phase-3 and phase-10 variants (B.1, D-33).

>>> rules = RuleSet()
>>> [p.number for p in rules.phases]
[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
>>> str(rules.phases[9])
'Phase 10: set of 5 + set of 3'
>>> [p.number for p in RuleSet(phase_sequence=PhaseSequence.EVEN, phase_count=3).phases]
[2, 4, 6]
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum, StrEnum
from typing import Final

from phase10.kernel.errors import RulesError
from phase10.kernel.kinds import Kind as Kind


@dataclass(frozen=True, slots=True)
class GroupReq:
    """One group a phase asks for: its kind and minimum size."""

    kind: Kind
    size: int

    def __str__(self) -> str:
        noun = "cards of one colour" if self.kind is Kind.COLOUR else f"{self.kind.value} of"
        return f"{self.size} {noun}" if self.kind is Kind.COLOUR else f"{noun} {self.size}"


@dataclass(frozen=True, slots=True)
class Phase:
    """A phase: its printed number (1..10) and the groups it needs (A.3)."""

    number: int
    groups: tuple[GroupReq, ...]

    @property
    def min_cards(self) -> int:
        return sum(g.size for g in self.groups)

    @property
    def description(self) -> str:
        return " + ".join(str(g) for g in self.groups)

    def __str__(self) -> str:
        return f"Phase {self.number}: {self.description}"


def _phase(number: int, *groups: tuple[Kind, int]) -> Phase:
    return Phase(number, tuple(GroupReq(kind, size) for kind, size in groups))


S, R, C = Kind.SET, Kind.RUN, Kind.COLOUR

#: The baseline phase list of A.3, indexed by number - 1.
BASE_PHASES: Final[tuple[Phase, ...]] = (
    _phase(1, (S, 3), (S, 3)),
    _phase(2, (S, 3), (R, 4)),
    _phase(3, (S, 4), (R, 4)),
    _phase(4, (R, 7)),
    _phase(5, (R, 8)),
    _phase(6, (R, 9)),
    _phase(7, (S, 4), (S, 4)),
    _phase(8, (C, 7)),
    _phase(9, (S, 5), (S, 2)),
    _phase(10, (S, 5), (S, 3)),
)
PHASE3_SET5: Final = _phase(3, (S, 5), (R, 4))
PHASE10_SET4: Final = _phase(10, (S, 4), (S, 3))
#: The fixed goal of DE's tie-break (B.4.4, D-33): set of 5 + set of 3 whatever the variants.
TIEBREAK_LAYDOWN_GOAL: Final = BASE_PHASES[9]


class Phase3Variant(StrEnum):
    SET4_RUN4 = "set4_run4"
    SET5_RUN4 = "set5_run4"


class Phase10Variant(StrEnum):
    SET5_SET3 = "set5_set3"
    SET4_SET3 = "set4_set3"


class PhaseSequence(StrEnum):
    ALL = "all"
    EVEN = "even"
    ODD = "odd"


class Progression(StrEnum):
    ON_COMPLETION = "on_completion"
    EVERY_HAND = "every_hand"
    PICK_ANY = "pick_any"


class SkipTarget(StrEnum):
    CHOSEN = "chosen"
    NEXT = "next"


class SkipDelivery(StrEnum):
    DISCARD = "discard"
    PLACED = "placed"


class SkipLimit(StrEnum):
    PER_CIRCUIT = "per_circuit"
    PER_HAND = "per_hand"
    PENDING_ONLY = "pending_only"
    NONE = "none"


class Tiebreak(StrEnum):
    REPLAY_FIRST_OUT = "replay_first_out"
    REPLAY_FIRST_LAYDOWN = "replay_first_laydown"


class NaturalCardScope(StrEnum):
    PER_GROUP = "per_group"
    PER_PHASE = "per_phase"


class FirstDealer(StrEnum):
    ANY = "any"
    HIGH_CARD = "high_card"
    YOUNGEST_STARTS = "youngest_starts"


#: Flags added after games were saved with a digest (a saved game's check that it replays
#: to the position it was saved at): each is left out of the digest at its default.
LATER_FLAGS: Final = frozenset({"wild_from_discard"})

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
HAND_SIZE: Final = 10


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleSet:
    """Every flag of rules B.1, with the baseline values as defaults.

    ``name`` is a label for people (the profile and variants it came from); it takes no part
    in play. ``phase_count`` of ``None`` means the whole sequence.
    """

    name: str = "standard"
    phase3_variant: Phase3Variant = Phase3Variant.SET4_RUN4
    phase10_variant: Phase10Variant = Phase10Variant.SET5_SET3
    phase_sequence: PhaseSequence = PhaseSequence.ALL
    phase_count: int | None = None
    progression: Progression = Progression.ON_COMPLETION
    skip_target: SkipTarget = SkipTarget.CHOSEN
    skip_delivery: SkipDelivery = SkipDelivery.DISCARD
    skip_limit: SkipLimit = SkipLimit.PER_CIRCUIT
    skip_can_go_out: bool = True
    hit_others_on_laydown_turn: bool = True
    go_out_requires_discard: bool = False
    tiebreak: Tiebreak = Tiebreak.REPLAY_FIRST_OUT
    natural_card_scope: NaturalCardScope = NaturalCardScope.PER_GROUP
    first_dealer: FirstDealer = FirstDealer.ANY
    #: D-06 lets a wild on the discard pile be taken; a house rule forbids it (decision
    #: 0032): last, so that the flags before it keep their places in records.
    wild_from_discard: bool = True
    _phases: tuple[Phase, ...] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        for f in fields(self):
            if not f.init or f.name in ("name", "phase_count"):
                continue
            value = getattr(self, f.name)
            expected = type(f.default)
            if not isinstance(value, expected):
                raise RulesError(
                    f"flag {f.name} must be a {expected.__name__}, not {value!r}", key=f.name
                )
        sequence = self._sequence()
        count = self.phase_count
        if count is not None and (
            isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= len(sequence)
        ):
            raise RulesError(
                f"phase_count must be a whole number from 1 to {len(sequence)} "
                f"for phase_sequence={self.phase_sequence.value}, not {count!r}",
                key="phase_count",
            )
        object.__setattr__(self, "_phases", sequence[:count] if count else sequence)

    def _sequence(self) -> tuple[Phase, ...]:
        table = list(BASE_PHASES)
        if self.phase3_variant is Phase3Variant.SET5_RUN4:
            table[2] = PHASE3_SET5
        if self.phase10_variant is Phase10Variant.SET4_SET3:
            table[9] = PHASE10_SET4
        if self.phase_sequence is PhaseSequence.EVEN:
            return tuple(table[1::2])
        if self.phase_sequence is PhaseSequence.ODD:
            return tuple(table[0::2])
        return tuple(table)

    @property
    def phases(self) -> tuple[Phase, ...]:
        """The ordered phases in play; the last one is the final phase (D-33)."""
        return self._phases

    @property
    def final_phase(self) -> Phase:
        return self._phases[-1]

    def phase_by_number(self, number: int) -> Phase | None:
        """The phase in play with this printed number, or ``None``."""
        for phase in self._phases:
            if phase.number == number:
                return phase
        return None

    def digest_text(self) -> str:
        """The rules as a state's digest reads them: their ``repr``, less each flag of
        :data:`LATER_FLAGS` at its default, so a game saved before that flag came still
        replays to the digest it was saved with.

        >>> RuleSet().digest_text() == repr(RuleSet()).replace(", wild_from_discard=True", "")
        True
        >>> "wild_from_discard=False" in RuleSet(wild_from_discard=False).digest_text()
        True
        """
        shown = [
            f"{f.name}={getattr(self, f.name)!r}"
            for f in fields(self)
            if f.repr and not (f.name in LATER_FLAGS and getattr(self, f.name) == f.default)
        ]
        return f"{type(self).__qualname__}({', '.join(shown)})"

    def flags(self) -> dict[str, object]:
        """The flags as plain values (strings, bools, ints), for records and display."""
        out: dict[str, object] = {}
        for f in fields(self):
            if not f.init or f.name == "name":
                continue
            value = getattr(self, f.name)
            out[f.name] = value.value if isinstance(value, Enum) else value
        return out
