"""The public engine API for every game: each name finds the game of its argument in the
registry (:mod:`phase10.games`) and calls that game's own function.

The overloads only tell type checkers which game's types come back; the dispatch itself asks
each registered game whether the rules or state are its own.

>>> from phase10.games.programmes.rules import ProgrammeRules
>>> from phase10.games.phase10.rules import RuleSet
>>> len(view_for(new_game(ProgrammeRules(), players=2, seed=1), 0).hand)
13
>>> len(view_for(new_game(RuleSet(), players=2, seed=1), 0).hand)
10
>>> find_variant("programmes+program_swap").program_swap_after
3
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, overload

from phase10 import games
from phase10.games.phase10 import finder
from phase10.games.phase10.actions import Action
from phase10.games.phase10.groups import Group
from phase10.games.phase10.laydowns import laydowns as all_laydowns
from phase10.games.phase10.rules import Phase, RuleSet
from phase10.games.phase10.state import GameState
from phase10.games.phase10.view import PlayerView
from phase10.games.programmes.actions import ProgrammeAction
from phase10.games.programmes.rules import ProgrammeRules
from phase10.games.programmes.state import ProgrammeState
from phase10.games.programmes.view import ProgrammeView
from phase10.kernel.errors import IllegalActionError
from phase10.kernel.state import Outcome

AnyRules = RuleSet | ProgrammeRules
AnyState = GameState | ProgrammeState
AnyAction = Action | ProgrammeAction
AnyView = PlayerView | ProgrammeView


@overload
def find_variant(name: Literal["programmes", "amuze_programmes"]) -> ProgrammeRules: ...  # type: ignore[overload-overlap]
@overload
def find_variant(name: str) -> RuleSet: ...
@overload
def find_variant(name: str, game: str) -> Any: ...
def find_variant(name: str, game: str | None = None) -> Any:
    """The rule set ``name`` of whichever game it names: a Phase 10 profile with variants
    (``nl_accessible+even_phases``, a ``RuleSet``) or ``programmes`` with its settings (a
    ``ProgrammeRules``). ``game`` forces one game's reading of the name."""
    if game is not None:
        return games.get(game).find_rules(name)
    return games.find_rules(name)


@overload
def new_game(rules: RuleSet, players: int, seed: int, **setup: Any) -> GameState: ...
@overload
def new_game(rules: ProgrammeRules, players: int, seed: int, **setup: Any) -> ProgrammeState: ...
def new_game(rules: AnyRules, players: int, seed: int, **setup: Any) -> AnyState:
    """Start a game of whichever game ``rules`` belong to (see each game's ``new_game``)."""
    state: AnyState = games.of(rules).new_game(rules, players, seed, **setup)
    return state


@overload
def legal_actions(state: GameState) -> tuple[Action, ...]: ...
@overload
def legal_actions(state: ProgrammeState) -> tuple[ProgrammeAction, ...]: ...
def legal_actions(state: AnyState) -> tuple[Action, ...] | tuple[ProgrammeAction, ...]:
    """Every action the current player may take now."""
    actions: tuple[Any, ...] = games.of(state).legal_actions(state)
    return actions


def check_action(state: AnyState, action: AnyAction) -> None:
    """Raise ``IllegalActionError`` with the rule id unless ``action`` is legal now."""
    games.of(state).check(state, action)


def is_legal(state: AnyState, action: AnyAction) -> bool:
    """``True`` when ``check_action`` would accept ``action``."""
    try:
        games.of(state).check(state, action)
    except IllegalActionError:
        return False
    return True


@overload
def apply_action(state: GameState, action: Action) -> GameState: ...
@overload
def apply_action(state: ProgrammeState, action: ProgrammeAction) -> ProgrammeState: ...
def apply_action(state: AnyState, action: AnyAction) -> AnyState:
    """Check ``action`` and return the next state (an illegal action raises, state unchanged)."""
    after: AnyState = games.of(state).apply(state, action)
    return after


@overload
def view_for(state: GameState, seat: int) -> PlayerView: ...
@overload
def view_for(state: ProgrammeState, seat: int) -> ProgrammeView: ...
def view_for(state: AnyState, seat: int) -> AnyView:
    """What ``seat`` may see now."""
    view: AnyView = games.of(state).view(state, seat)
    return view


def outcome(state: AnyState) -> Outcome | None:
    """``None`` while the game goes on; else the winner, totals and how it ended."""
    return games.of(state).outcome(state)


def find_phase(
    cards: Sequence[int], phase: Phase | int, rules: RuleSet
) -> tuple[Group, ...] | None:
    """One lay-down of ``phase`` from ``cards`` (each wild's value filled in), or ``None``.
    ``phase`` is a phase of ``rules.phases`` or its number (``2`` for phase 2).

    >>> from phase10.games.phase10.cards import parse_cards
    >>> rules = RuleSet()
    >>> [str(g) for g in find_phase(parse_cards("W R4 B5 Y6 G9 G9 Y9 S"), 2, rules)]
    ['set Y9 G9 G9', 'run R4 B5 Y6 W=7']
    >>> find_phase(parse_cards("R1"), 11, rules)
    Traceback (most recent call last):
    ...
    ValueError: there is no phase 11 in these rules: phases 1 to 10
    """
    return finder.find_phase(cards, _phase_of(phase, rules), rules)


def laydowns(cards: Sequence[int], phase: Phase | int, rules: RuleSet) -> list[tuple[Group, ...]]:
    """Every distinct lay-down of ``phase`` from ``cards`` at the phase's own sizes (see
    :func:`phase10.games.phase10.laydowns.laydowns`); ``phase`` as :func:`find_phase`
    takes it.

    >>> from phase10.games.phase10.cards import parse_cards
    >>> ways = laydowns(parse_cards("W R4 B5 Y6 G9 G9 Y9"), 2, RuleSet())
    >>> [str(run) for (_set, run) in ways]
    ['run W=3 R4 B5 Y6', 'run R4 B5 Y6 W=7']
    """
    return all_laydowns(cards, _phase_of(phase, rules), rules)


def _phase_of(phase: Phase | int, rules: RuleSet) -> Phase:
    """``phase`` itself, or the phase of ``rules`` with that number (``TypeError``,
    ``ValueError`` with the numbers in play)."""
    if isinstance(phase, Phase):
        return phase
    if isinstance(phase, bool) or not isinstance(phase, int):
        raise TypeError(f"phase: expected a Phase of rules.phases or its number, not {phase!r}")
    for candidate in rules.phases:
        if candidate.number == phase:
            return candidate
    numbers = [p.number for p in rules.phases]
    shown = (
        f"{numbers[0]} to {numbers[-1]}"
        if numbers == list(range(numbers[0], numbers[-1] + 1))
        else ", ".join(map(str, numbers))
    )
    raise ValueError(f"there is no phase {phase} in these rules: phases {shown}")
