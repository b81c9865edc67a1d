"""The public engine API for both games: each name dispatches on the type of its argument.

``new_game`` looks at the rules (a Phase 10 ``RuleSet`` or a ``ProgrammeRules``), the others
at the state. Phase 10's own modules stay untouched on their hot paths; the programmes game
lives in :mod:`phase10.engine.programmes`.

>>> from phase10.engine.programmes.rules import ProgrammeRules
>>> from phase10.engine.rules import RuleSet
>>> len(view_for(new_game(ProgrammeRules(), players=2, seed=1), 0).hand)
13
>>> len(view_for(new_game(RuleSet(), players=2, seed=1), 0).hand)
10
"""

from __future__ import annotations

from typing import Unpack, overload

from phase10.engine import game as phase10_game
from phase10.engine import view as phase10_view
from phase10.engine.actions import Action
from phase10.engine.cards import Card
from phase10.engine.errors import IllegalActionError
from phase10.engine.piles import Setup
from phase10.engine.programmes import game as programmes_game
from phase10.engine.programmes import view as programmes_view
from phase10.engine.programmes.actions import ProgrammeAction
from phase10.engine.programmes.cards import PlayingCard
from phase10.engine.programmes.rules import ProgrammeRules
from phase10.engine.programmes.state import ProgrammeState
from phase10.engine.programmes.view import ProgrammeView
from phase10.engine.rules import RuleSet
from phase10.engine.state import GameState, Outcome
from phase10.engine.view import PlayerView

AnyRules = RuleSet | ProgrammeRules
AnyState = GameState | ProgrammeState
AnyAction = Action | ProgrammeAction
AnyView = PlayerView | ProgrammeView


def game_name(rules: AnyRules) -> str:
    """``"phase10"`` or ``"programmes"``: which game a rule set is for."""
    return "programmes" if isinstance(rules, ProgrammeRules) else "phase10"


@overload
def new_game(
    rules: RuleSet, players: int, seed: int, **setup: Unpack[Setup[Card]]
) -> GameState: ...
@overload
def new_game(
    rules: ProgrammeRules, players: int, seed: int, **setup: Unpack[Setup[PlayingCard]]
) -> ProgrammeState: ...
def new_game(rules: AnyRules, players: int, seed: int, **setup: Unpack[Setup[int]]) -> AnyState:
    """Start a game of whichever game ``rules`` belong to (see each game's ``new_game``)."""
    if isinstance(rules, ProgrammeRules):
        return programmes_game.new_game(rules, players, seed, **setup)  # type: ignore[arg-type]
    return phase10_game.new_game(rules, players, seed, **setup)  # type: ignore[arg-type]


@overload
def legal_actions(state: GameState) -> tuple[Action, ...]: ...
@overload
def legal_actions(state: ProgrammeState) -> tuple[ProgrammeAction, ...]: ...
def legal_actions(state: AnyState) -> tuple[Action, ...] | tuple[ProgrammeAction, ...]:
    """Every action the current player may take now."""
    if isinstance(state, ProgrammeState):
        return programmes_game.legal_actions(state)
    return phase10_game.legal_actions(state)


def check_action(state: AnyState, action: AnyAction) -> None:
    """Raise ``IllegalActionError`` with the rule id unless ``action`` is legal now."""
    if isinstance(state, ProgrammeState):
        programmes_game.check_action(state, action)
    else:
        phase10_game.check_action(state, action)  # type: ignore[arg-type]


def is_legal(state: AnyState, action: AnyAction) -> bool:
    """``True`` when ``check_action`` would accept ``action``."""
    if isinstance(state, ProgrammeState):
        try:
            programmes_game.check_action(state, action)
        except IllegalActionError:
            return False
        return True
    return phase10_game.is_legal(state, action)  # type: ignore[arg-type]


@overload
def apply_action(state: GameState, action: Action) -> GameState: ...
@overload
def apply_action(state: ProgrammeState, action: ProgrammeAction) -> ProgrammeState: ...
def apply_action(state: AnyState, action: AnyAction) -> AnyState:
    """Check ``action`` and return the next state (an illegal action raises, state unchanged)."""
    if isinstance(state, ProgrammeState):
        return programmes_game.apply_action(state, action)  # type: ignore[arg-type]
    return phase10_game.apply_action(state, action)  # type: ignore[arg-type]


@overload
def view_for(state: GameState, seat: int) -> PlayerView: ...
@overload
def view_for(state: ProgrammeState, seat: int) -> ProgrammeView: ...
def view_for(state: AnyState, seat: int) -> AnyView:
    """What ``seat`` may see now."""
    if isinstance(state, ProgrammeState):
        return programmes_view.view_for(state, seat)
    return phase10_view.view_for(state, seat)


def outcome(state: AnyState) -> Outcome | None:
    """``None`` while the game goes on; else the winner, totals and how it ended."""
    return state.outcome
