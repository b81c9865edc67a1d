"""phase10: an exact, deterministic Phase 10 engine with computer opponents.

The public API (other parts of the project and outside tools rely on these names):

>>> from phase10 import find_variant, new_game, legal_actions, apply_action, view_for
>>> state = new_game(find_variant("standard"), players=4, seed=7)
>>> state = apply_action(state, legal_actions(state)[0])
>>> len(view_for(state, state.current).hand)
11
"""

from phase10.api import (
    apply_action,
    check_action,
    find_variant,
    is_legal,
    legal_actions,
    new_game,
    outcome,
    view_for,
)
from phase10.games.phase10.actions import Action, Discard, Draw, Hit, LayDown, Source, parse_action
from phase10.games.phase10.cards import Card, Colour, format_cards, parse_cards
from phase10.games.phase10.finder import find_phase
from phase10.games.phase10.groups import Group, parse_groups
from phase10.games.phase10.laydowns import laydowns
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
