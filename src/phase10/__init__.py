"""phase10: an exact, deterministic Phase 10 engine with computer opponents.

The public API (other parts of the project and outside tools rely on these names). Each name
is imported on first use, so ``import phase10.kernel`` (or any other part) loads neither game:

>>> from phase10 import find_variant, new_game, legal_actions, apply_action, view_for
>>> state = new_game(find_variant("standard"), players=4, seed=7)
>>> state = apply_action(state, legal_actions(state)[0])
>>> len(view_for(state, state.current).hand)
11
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from phase10.api import (
        apply_action,
        check_action,
        find_phase,
        find_variant,
        is_legal,
        laydowns,
        legal_actions,
        new_game,
        outcome,
        view_for,
    )
    from phase10.games.phase10.actions import (
        Action,
        Discard,
        Draw,
        Hit,
        LayDown,
        Source,
        parse_action,
    )
    from phase10.games.phase10.cards import Card, Colour, format_cards, parse_cards
    from phase10.games.phase10.groups import Group, parse_groups
    from phase10.games.phase10.rules import Kind, Phase, RuleSet
    from phase10.games.phase10.scoring import score_cards
    from phase10.games.phase10.state import Event, EventKind, GameState, Outcome, Stage
    from phase10.games.phase10.turns import current_phase
    from phase10.games.phase10.view import PlayerView
    from phase10.games.programmes.actions import parse_programme_action
    from phase10.games.programmes.cards import PlayingCard, parse_playing_cards
    from phase10.games.programmes.combos import Combination
    from phase10.games.programmes.finder import find_programme
    from phase10.games.programmes.programs import DEFAULT_PROGRAMS, ProgramCard, load_program_deck
    from phase10.games.programmes.rules import ProgrammeRules
    from phase10.games.programmes.state import ProgrammeState
    from phase10.games.programmes.view import ProgrammeView
    from phase10.kernel.errors import IllegalActionError, NotationError, Phase10Error, RulesError
    from phase10.records import GameRecord, RecordError, read_record, replay

    #: Deprecated: ``GameRecord`` records every game now.
    ProgrammeRecord = GameRecord

#: Where each public name is defined; ``ProgrammeRecord`` is the deprecated name of
#: ``GameRecord``.
_MODULES: Final[dict[str, str]] = {
    "apply_action": "phase10.api",
    "check_action": "phase10.api",
    "find_variant": "phase10.api",
    "is_legal": "phase10.api",
    "legal_actions": "phase10.api",
    "new_game": "phase10.api",
    "outcome": "phase10.api",
    "view_for": "phase10.api",
    "Action": "phase10.games.phase10.actions",
    "Discard": "phase10.games.phase10.actions",
    "Draw": "phase10.games.phase10.actions",
    "Hit": "phase10.games.phase10.actions",
    "LayDown": "phase10.games.phase10.actions",
    "Source": "phase10.games.phase10.actions",
    "parse_action": "phase10.games.phase10.actions",
    "Card": "phase10.games.phase10.cards",
    "Colour": "phase10.games.phase10.cards",
    "format_cards": "phase10.games.phase10.cards",
    "parse_cards": "phase10.games.phase10.cards",
    "find_phase": "phase10.api",
    "Group": "phase10.games.phase10.groups",
    "parse_groups": "phase10.games.phase10.groups",
    "laydowns": "phase10.api",
    "Kind": "phase10.games.phase10.rules",
    "Phase": "phase10.games.phase10.rules",
    "RuleSet": "phase10.games.phase10.rules",
    "score_cards": "phase10.games.phase10.scoring",
    "Event": "phase10.games.phase10.state",
    "EventKind": "phase10.games.phase10.state",
    "GameState": "phase10.games.phase10.state",
    "Outcome": "phase10.games.phase10.state",
    "Stage": "phase10.games.phase10.state",
    "current_phase": "phase10.games.phase10.turns",
    "PlayerView": "phase10.games.phase10.view",
    "parse_programme_action": "phase10.games.programmes.actions",
    "PlayingCard": "phase10.games.programmes.cards",
    "parse_playing_cards": "phase10.games.programmes.cards",
    "Combination": "phase10.games.programmes.combos",
    "find_programme": "phase10.games.programmes.finder",
    "DEFAULT_PROGRAMS": "phase10.games.programmes.programs",
    "ProgramCard": "phase10.games.programmes.programs",
    "load_program_deck": "phase10.games.programmes.programs",
    "ProgrammeRules": "phase10.games.programmes.rules",
    "ProgrammeState": "phase10.games.programmes.state",
    "ProgrammeView": "phase10.games.programmes.view",
    "IllegalActionError": "phase10.kernel.errors",
    "NotationError": "phase10.kernel.errors",
    "Phase10Error": "phase10.kernel.errors",
    "RulesError": "phase10.kernel.errors",
    "GameRecord": "phase10.records",
    "RecordError": "phase10.records",
    "read_record": "phase10.records",
    "replay": "phase10.records",
    "ProgrammeRecord": "phase10.records",
}
_ALIASES: Final[dict[str, str]] = {"ProgrammeRecord": "GameRecord"}

__all__ = [
    "DEFAULT_PROGRAMS",
    "Action",
    "Card",
    "Colour",
    "Combination",
    "Discard",
    "Draw",
    "Event",
    "EventKind",
    "GameRecord",
    "GameState",
    "Group",
    "Hit",
    "IllegalActionError",
    "Kind",
    "LayDown",
    "NotationError",
    "Outcome",
    "Phase",
    "Phase10Error",
    "PlayerView",
    "PlayingCard",
    "ProgramCard",
    "ProgrammeRecord",
    "ProgrammeRules",
    "ProgrammeState",
    "ProgrammeView",
    "RecordError",
    "RuleSet",
    "RulesError",
    "Source",
    "Stage",
    "apply_action",
    "check_action",
    "current_phase",
    "find_phase",
    "find_programme",
    "find_variant",
    "format_cards",
    "is_legal",
    "laydowns",
    "legal_actions",
    "load_program_deck",
    "new_game",
    "outcome",
    "parse_action",
    "parse_cards",
    "parse_groups",
    "parse_playing_cards",
    "parse_programme_action",
    "read_record",
    "replay",
    "score_cards",
    "view_for",
]


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use and kept (PEP 562)."""
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), _ALIASES.get(name, name))
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
