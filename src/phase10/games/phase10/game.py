"""Phase 10 as a :class:`~phase10.kernel.game.Game`: the one object the registry hands out.

Every member delegates to the module that owns the concept (``turns`` for play, ``view`` for
what a seat sees, ``variants`` for rule sets, ``narration`` for sentences...); nothing here
adds rules of its own.

>>> state = GAME.new_game(GAME.find_rules("standard"), 3, 7)
>>> GAME.to_act(state) == state.current, len(GAME.view(state, 0).hand)
(True, 10)
>>> GAME.parse_action(GAME.format_action(GAME.legal_actions(state)[1]))
Draw(source=<Source.DISCARD_PILE: 'discard_pile'>)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from phase10.games.phase10 import (
    choices,
    codec,
    narration,
    present,
    rules_text,
    turns,
    variants,
)
from phase10.games.phase10 import view as views
from phase10.games.phase10.actions import Action, parse_action
from phase10.games.phase10.cards import Card, format_cards, parse_cards
from phase10.games.phase10.commands import chosen_refusal
from phase10.games.phase10.determinize import determinize
from phase10.games.phase10.greedy import GreedyBot
from phase10.games.phase10.learned import LearnedBot
from phase10.games.phase10.pimc import PIMCBot
from phase10.games.phase10.rules import MAX_PLAYERS, MIN_PLAYERS, RuleSet
from phase10.games.phase10.search import PHASE10, Phase10Search
from phase10.games.phase10.sharp import SharpBot
from phase10.games.phase10.state import Event, EventKind, GameState
from phase10.games.phase10.view import PlayerView
from phase10.kernel.bots import AnyBot
from phase10.kernel.game import RuleChoice
from phase10.kernel.i18n import N_, Translator
from phase10.kernel.presentation import HandSummary, Presentation
from phase10.kernel.state import Outcome

#: The events whose cards are a whole shuffled order (a deal, a reshuffle).
_SHUFFLES: Final = (EventKind.HAND_DEALT, EventKind.RESHUFFLED)


class Phase10Game:
    """Phase 10 (RULES Part A and B) behind the ``Game`` interface."""

    name = "phase10"
    aliases: tuple[str, ...] = ("phase_10", "p10")
    title = N_("Phase 10")
    default_rules = "standard"
    rule_profiles: tuple[RuleChoice, ...] = choices.RULE_PROFILES
    rule_variants: tuple[RuleChoice, ...] = choices.RULE_VARIANTS
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    learning: str | None = "phase10.games.phase10.learning"
    commands: str | None = "phase10.games.phase10.commands"
    shuffle_kinds: tuple[str, ...] = ("decks",)

    # ------------------------------------------------------------------------ rules

    def find_rules(self, name: str) -> RuleSet:
        return variants.find_variant(name)

    def owns_rules_name(self, name: str) -> bool:
        first = name.split("+")[0].strip().lower().replace("-", "_")
        return first in variants.PROFILES or first.split("=")[0] in variants.VARIANTS

    def rules_from_flags(self, flags: Mapping[str, object], name: str) -> RuleSet:
        return variants.rules_from_flags(flags, name)

    def describe_rules(self, rules: RuleSet, tr: Translator | None = None) -> list[str]:
        return variants.describe_rules(rules, tr)

    def owns(self, thing: object) -> bool:
        # The exact types: an edition built on this game's types (a subclass of its rules)
        # is another game, answering for itself.
        return type(thing) in (RuleSet, GameState, PlayerView)

    # ------------------------------------------------------------------------ play

    def new_game(self, rules: RuleSet, players: int, seed: int, **setup: Any) -> GameState:
        return turns.new_game(rules, players, seed, **setup)

    def legal_actions(self, state: GameState) -> tuple[Action, ...]:
        return turns.legal_actions(state)

    def check(self, state: GameState, action: Action) -> None:
        turns.check_action(state, action)

    def apply(self, state: GameState, action: Action) -> GameState:
        return turns.apply_action(state, action)

    def apply_legal(self, state: GameState, action: Action) -> GameState:
        # The checks work out what applying needs (the lay-down's groups, a hit's value), so
        # a legal action takes the checked way.
        return turns.apply_action(state, action)

    def to_act(self, state: GameState) -> int:
        return state.current

    def view(self, state: GameState, seat: int, *, events: bool = True) -> PlayerView:
        return views.view_for(state, seat, events=events)

    def public_view(self, state: GameState) -> PlayerView:
        return views.public_view(state)

    def seen_by(self, event: Any, seat: int | None) -> Any:
        return views.seen_by(event, seat)

    def outcome(self, state: GameState) -> Outcome | None:
        return state.outcome

    def digest(self, state: GameState) -> str:
        return state.digest()

    def hand_number(self, state: GameState) -> int:
        return state.hand_number

    def standing(self, state: GameState) -> tuple[int, ...]:
        return tuple(p.completed.bit_count() for p in state.players)

    def penalty(self, state: GameState) -> tuple[int, ...]:
        return tuple(p.score for p in state.players)

    # ------------------------------------------------------------------------ codecs

    def format_action(self, action: Action) -> str:
        return str(action)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def format_cards(self, cards: Sequence[int]) -> str:
        return format_cards(cards)

    def parse_cards(self, text: str) -> tuple[Card, ...]:
        return parse_cards(text)

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return codec.action_to_json(action)

    def action_from_json(self, obj: object) -> Action:
        return codec.action_from_json(obj)

    def view_to_json(self, view: PlayerView) -> dict[str, Any]:
        return codec.view_to_json(view)

    def event_to_json(self, event: Event) -> dict[str, Any]:
        return codec.event_to_json(event)

    # ------------------------------------------------------------------------ records

    def shuffles(self, state: GameState) -> Mapping[str, Sequence[Sequence[int]]]:
        return {"decks": [e.cards for e in state.events if e.kind in _SHUFFLES]}

    def shuffle_count(self, state: GameState) -> Mapping[str, int]:
        return {"decks": state.shuffles}

    def format_shuffle(self, kind: str, order: Sequence[int], rules: RuleSet) -> str:
        return format_cards(order)

    def parse_shuffle(self, kind: str, text: str, rules: RuleSet) -> tuple[int, ...]:
        return parse_cards(text)

    # ------------------------------------------------------------------------ narration

    def narrate(
        self,
        events: Sequence[Any],
        names: Sequence[str],
        viewer: int | None,
        *,
        rules: Any,
        lang: str | Translator = "en",
        words: bool = False,
    ) -> list[str]:
        return narration.narrate(events, names, viewer, rules=rules, lang=lang, words=words)

    def hand_summary(
        self, event: Any, names: Sequence[str], lang: str | Translator = "en"
    ) -> HandSummary | None:
        return present.hand_summary(event, names, lang)

    # ------------------------------------------------------------------------ presentation

    def rules_text(self, rules: RuleSet, lang: str | Translator = "en") -> str:
        return rules_text.rules_text(rules, lang)

    def chosen_refusal(
        self, view: PlayerView, kind: str, cards: Sequence[str], lang: str = "en"
    ) -> str | None:
        return chosen_refusal(view, kind, cards, lang)

    def present(
        self,
        view: PlayerView,
        names: Sequence[str],
        lang: str | Translator = "en",
        *,
        hint: bool = False,
        words: bool = False,
    ) -> Presentation:
        return present.present(view, names, lang, hint=hint, words=words)

    # ------------------------------------------------------------------------ bots

    def determinize(self, view: PlayerView, rng: random.Random) -> GameState:
        return determinize(view, rng)

    def bots(self) -> Mapping[str, Callable[[], AnyBot]]:
        return {"greedy": GreedyBot, "sharp": SharpBot, "learned": LearnedBot, "pimc": PIMCBot}

    def search_hooks(self) -> Phase10Search:
        return PHASE10


GAME: Final = Phase10Game()
