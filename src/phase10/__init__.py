"""phase10: an exact, deterministic Phase 10 engine with computer opponents.

The public API (other parts of the project and outside tools rely on these names):

>>> from phase10 import find_variant, new_game, legal_actions, apply_action, view_for
>>> state = new_game(find_variant("standard"), players=4, seed=7)
>>> state = apply_action(state, legal_actions(state)[0])
>>> len(view_for(state, state.current).hand)
11
"""

from phase10.engine.actions import Action, Discard, Draw, Hit, LayDown, Source, parse_action
from phase10.engine.api import (
    apply_action,
    check_action,
    is_legal,
    legal_actions,
    new_game,
    outcome,
    view_for,
)
from phase10.engine.cards import Card, Colour, format_cards, parse_cards
from phase10.engine.errors import IllegalActionError, NotationError, Phase10Error, RulesError
from phase10.engine.finder import find_phase, laydowns
from phase10.engine.game import current_phase
from phase10.engine.groups import Group, parse_groups
from phase10.engine.programmes.actions import parse_programme_action
from phase10.engine.programmes.cards import PlayingCard, parse_playing_cards
from phase10.engine.programmes.combos import Combination
from phase10.engine.programmes.finder import find_programme
from phase10.engine.programmes.programs import DEFAULT_PROGRAMS, ProgramCard, load_program_deck
from phase10.engine.programmes.rules import ProgrammeRules
from phase10.engine.programmes.state import ProgrammeState
from phase10.engine.programmes.view import ProgrammeView
from phase10.engine.rules import Kind, Phase, RuleSet
from phase10.engine.scoring import score_cards
from phase10.engine.state import Event, EventKind, GameState, Outcome, Stage
from phase10.engine.view import PlayerView
from phase10.programme_record import ProgrammeRecord, read_record
from phase10.record import GameRecord, RecordError, replay
from phase10.variants import find_variant

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
