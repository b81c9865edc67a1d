"""What a game answers for the command line's own questions about it, so that the command
line knows no game: how its rule options read (a profile, a rules file, variants, a deck),
which goal ``check`` and ``odds`` study (Phase 10's ``--phase N``, the programmes game's
``--program ID``), whether cards can make it and why not, what a deal holds, and which
goal checks ``bench`` times.

A game names the module that holds its ``COMMANDS`` (``Game.commands``); the command line
prints, writes the JSON and runs the estimate.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

__all__ = ["GameCommands", "Goal", "Laid"]


class _Kind(Protocol):
    @property
    def value(self) -> str: ...


class Laid(Protocol):
    """A group (Phase 10) or a combination (programmes) as ``check`` shows it: its kind
    (``set``), its cards and their notation."""

    @property
    def kind(self) -> _Kind: ...
    @property
    def cards(self) -> Sequence[Any]: ...
    def tokens(self) -> list[str]: ...


@dataclass(frozen=True, slots=True)
class Goal:
    """What ``check`` and ``odds`` study, as they name it: its JSON ``subject`` (``phase``,
    ``program``) and ``number`` (``3``, ``PRG-22``), its ``title`` in the words of the
    language asked for and its ``requirement`` in English (the JSON's), the options that
    name it again (``--phase 3``), and the game's own goal."""

    subject: str
    number: object
    title: str
    requirement: str
    options: tuple[str, ...]
    own: Any


class GameCommands(Protocol):
    """A game's answers to the command line (see the module)."""

    def rules(
        self,
        profile: str | None,
        rules_file: str | None,
        variants: Sequence[str],
        deck: str | None,
        lang: str,
    ) -> Any:
        """The rules the options name; ``UsageError`` or ``RulesError`` says why not."""
        ...

    def goal(self, rules: Any, given: Mapping[str, Any], lang: str) -> Goal:
        """The goal the options (``phase``, ``program``, ``program_json``) name."""
        ...

    def hand(self, text: str, lang: str) -> list[Any]:
        """The cards typed, each a card of the game's deck (``NotationError``,
        ``UsageError``)."""
        ...

    def fit(self, cards: Sequence[Any], goal: Goal, rules: Any) -> Sequence[Laid] | None:
        """One way ``cards`` make the goal, or ``None``."""
        ...

    def why_not(self, cards: Sequence[Any], goal: Goal, rules: Any, lang: str) -> str | None:
        """A short reason the cards cannot make the goal, when a cheap one exists, in
        ``lang``."""
        ...

    def group_text(self, group: Laid, lang: str) -> str:
        """A group of :meth:`fit`'s answer as the game writes it in ``lang``, its kind in
        words and its cards in the notation (``série R5 B5 W=5``)."""
        ...

    def deal(self, goal: Goal, rules: Any, lang: str) -> tuple[Sequence[Any], int, str]:
        """For ``odds``: the deck, how many cards a hand that is checked holds, and what the
        estimate is of, in words of ``lang``."""
        ...

    def timed(self, rules: Any) -> tuple[Sequence[Goal], Sequence[Any], int]:
        """For ``bench``: the goals whose check (:meth:`fit`) is timed, in order, the deck a
        hand is dealt from, and how many cards a hand checked during a turn holds."""
        ...

    #: A one-player study of a goal (rules, goal number, games, seed), or ``None``.
    solo: Callable[[Any, int, int, int], Any] | None
