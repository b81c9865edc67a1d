"""The programmes game's rule set: a frozen ``ProgrammeRules`` (rules Part C, D.2).

>>> rules = ProgrammeRules()
>>> rules.name, rules.program_swap_after, (rules.min_players, rules.max_players), rules.hand_size
('programmes', None, (2, 6), 13)
>>> len(rules.program_deck)
52
>>> ProgrammeRules(program_swap_after=3).program_swap_after
3
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from phase10.games.programmes.programs import DEFAULT_PROGRAMS, ProgramCard
from phase10.kernel.errors import RulesError

GAME = "programmes"


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True, kw_only=True)
class ProgrammeRules:
    """Every setting of the programmes game, with the baseline as defaults.

    ``program_swap_after`` is AMZ-R31/E-21 (``None`` off, the baseline; the seed suggests 3);
    the player bounds are E-01, ``hand_size`` AMZ-R08/E-29, ``programs_to_win`` AMZ-R30;
    ``programs`` is the program deck (C.9 by default, or a user deck).
    """

    game: ClassVar[str] = GAME
    name: str = GAME
    program_swap_after: int | None = None
    min_players: int = 2
    max_players: int = 6
    hand_size: int = 13
    programs_to_win: int = 5
    programs: tuple[ProgramCard, ...] = DEFAULT_PROGRAMS
    _deck: tuple[int, ...] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        swap = self.program_swap_after
        if swap is not None and (not _whole(swap) or swap < 1):
            raise RulesError(
                "program_swap_after must be null (off) or a whole number of at least 1, "
                f"not {swap!r}",
                key="program_swap_after",
            )
        for key in ("min_players", "max_players", "hand_size", "programs_to_win"):
            value = getattr(self, key)
            if not _whole(value) or value < 1:
                raise RulesError(
                    f"{key} must be a whole number of at least 1, not {value!r}", key=key
                )
        if not 2 <= self.min_players <= self.max_players <= 6:
            raise RulesError(
                "E-01: the player bounds must satisfy 2 <= min_players <= max_players <= 6",
                key="min_players",
            )
        if self.max_players * self.hand_size + 2 > 108:
            raise RulesError(
                f"hand_size {self.hand_size} leaves no reserve for {self.max_players} players",
                key="hand_size",
            )
        if not self.programs or not isinstance(self.programs, tuple):
            raise RulesError("programs must be a non-empty tuple of program cards", key="programs")
        deck = tuple(i for i, card in enumerate(self.programs) for _ in range(card.copies))
        object.__setattr__(self, "_deck", deck)

    @property
    def program_deck(self) -> tuple[int, ...]:
        """Every program card copy, as an index into ``programs``, in a fixed order."""
        return self._deck

    def flags(self) -> dict[str, object]:
        """The settings as plain values for records; the deck only when it is not C.9's."""
        out: dict[str, object] = {
            "program_swap_after": self.program_swap_after,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "hand_size": self.hand_size,
            "programs_to_win": self.programs_to_win,
        }
        if self.programs != DEFAULT_PROGRAMS:
            out["programs"] = [card.to_dict() for card in self.programs]
        return out
