"""The programmes game as a :class:`~phase10.kernel.game.Game`: the object the registry hands
out. Every member delegates to the module that owns the concept.

>>> state = GAME.new_game(GAME.find_rules("programmes"), 2, 4)
>>> len(GAME.view(state, 0).hand), GAME.public_view(state).program
(13, None)
>>> GAME.parse_action("extend JK=6 on 1.0")
Extend(card=PlayingCard.from_symbol('JK'), owner=1, index=0, value=6)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from phase10.games.programmes import codec, narration, present, rules_text, turns, variants
from phase10.games.programmes import view as views
from phase10.games.programmes.actions import ProgrammeAction, parse_programme_action
from phase10.games.programmes.cards import (
    PlayingCard,
    format_playing_cards,
    parse_playing_cards,
)
from phase10.games.programmes.determinize import determinize
from phase10.games.programmes.greedy import GreedyProgrammeBot
from phase10.games.programmes.pimc import ProgrammesPIMCBot
from phase10.games.programmes.programs import program_by_id
from phase10.games.programmes.rules import ProgrammeRules
from phase10.games.programmes.search import PROGRAMMES, ProgrammesSearch
from phase10.games.programmes.sharp import SharpProgrammeBot
from phase10.games.programmes.state import ProgrammeEvent, ProgrammeEventKind, ProgrammeState
from phase10.games.programmes.view import ProgrammeView
from phase10.kernel.bots import AnyBot
from phase10.kernel.game import RuleChoice
from phase10.kernel.i18n import N_, Translator
from phase10.kernel.presentation import HandSummary, Presentation
from phase10.kernel.state import Outcome

#: Events whose cards are a whole shuffled order of the playing cards.
_SHUFFLES: Final = (
    ProgrammeEventKind.FIRST_DEALER,
    ProgrammeEventKind.HAND_DEALT,
    ProgrammeEventKind.RESHUFFLED,
)


class ProgrammesGame:
    """The amüze program-card rummy (RULES Part C) behind the ``Game`` interface."""

    name = "programmes"
    aliases: tuple[str, ...] = ("amuze_programmes", "amuze")
    title = N_("Programmes")
    #: The line that opens a resumed game: a programmes hand is a round (a manche).
    resumed_text = N_("Resumed the game from {path}, round {hand}.")
    default_rules = "programmes"
    rule_profiles: tuple[RuleChoice, ...] = tuple(
        RuleChoice(name, text, label=N_("The amüze leaflet's rules"))
        for name, text in variants.PROFILE_DESCRIPTIONS.items()
    )
    rule_variants: tuple[RuleChoice, ...] = (
        RuleChoice(
            "program_swap",
            variants.VARIANT_DESCRIPTIONS["program_swap"],
            flag="program_swap_after",
            value=str(variants.SEED_SWAP),
            label=N_("Program swap"),
        ),
        RuleChoice(
            "program_swap_after",
            variants.VARIANT_DESCRIPTIONS["program_swap_after"],
            takes_number=True,
            flag="program_swap_after",
            value="N",
            label=N_("Rounds before a swap"),
        ),
        # AMZ-R30's five programs, fewer for a shorter game: a setting the leaflet's players
        # agree on, which the new-table form and the new-game screen offer.
        RuleChoice(
            "programs_to_win",
            variants.VARIANT_DESCRIPTIONS["programs_to_win"],
            takes_number=True,
            flag="programs_to_win",
            value="N",
            label=N_("Programs to win"),
        ),
    )
    min_players = 2
    max_players = 6
    learning: str | None = "phase10.games.programmes.learning"
    commands: str | None = "phase10.games.programmes.commands"
    shuffle_kinds: tuple[str, ...] = ("decks", "programs")

    # ------------------------------------------------------------------------ rules

    def find_rules(self, name: str) -> ProgrammeRules:
        return variants.find_programme_rules(name)

    def owns_rules_name(self, name: str) -> bool:
        return variants.is_programmes(name)

    def rules_from_flags(self, flags: Mapping[str, object], name: str) -> ProgrammeRules:
        return variants.programme_rules_from_flags(flags, name)

    def describe_rules(self, rules: ProgrammeRules, tr: Translator | None = None) -> list[str]:
        return variants.describe_rules(rules, tr)

    def owns(self, thing: object) -> bool:
        # The exact types: an edition built on this game's types (a subclass of its rules)
        # is another game, answering for itself.
        return type(thing) in (ProgrammeRules, ProgrammeState, ProgrammeView)

    # ------------------------------------------------------------------------ play

    def new_game(
        self, rules: ProgrammeRules, players: int, seed: int, **setup: Any
    ) -> ProgrammeState:
        return turns.new_game(rules, players, seed, **setup)

    def legal_actions(self, state: ProgrammeState) -> tuple[ProgrammeAction, ...]:
        return turns.legal_actions(state)

    def check(self, state: ProgrammeState, action: ProgrammeAction) -> None:
        turns.check_action(state, action)

    def apply(self, state: ProgrammeState, action: ProgrammeAction) -> ProgrammeState:
        return turns.apply_action(state, action)

    # The engine's own function, with no method frame around it (a learning environment
    # calls it at every step).
    apply_legal = staticmethod(turns.apply_legal)

    def to_act(self, state: ProgrammeState) -> int:
        return state.current

    def view(self, state: ProgrammeState, seat: int, *, events: bool = True) -> ProgrammeView:
        return views.view_for(state, seat, events=events)

    def public_view(self, state: ProgrammeState) -> ProgrammeView:
        return views.public_view(state)

    def seen_by(self, event: Any, seat: int | None) -> Any:
        return views.seen_by(event, seat)

    def outcome(self, state: ProgrammeState) -> Outcome | None:
        return state.outcome

    def digest(self, state: ProgrammeState) -> str:
        return state.digest()

    def hand_number(self, state: ProgrammeState) -> int:
        return state.hand_number

    def standing(self, state: ProgrammeState) -> tuple[int, ...]:
        return tuple(len(p.done) for p in state.players)

    def penalty(self, state: ProgrammeState) -> tuple[int, ...]:
        return (0,) * len(state.players)

    # ------------------------------------------------------------------------ codecs

    def format_action(self, action: ProgrammeAction) -> str:
        return str(action)

    def parse_action(self, text: str) -> ProgrammeAction:
        return parse_programme_action(text)

    def format_cards(self, cards: Sequence[int]) -> str:
        return format_playing_cards(cards)

    def parse_cards(self, text: str) -> tuple[PlayingCard, ...]:
        return parse_playing_cards(text)

    def action_to_json(self, action: ProgrammeAction) -> dict[str, Any]:
        return codec.action_to_json(action)

    def action_from_json(self, obj: object) -> ProgrammeAction:
        return codec.action_from_json(obj)

    def view_to_json(self, view: ProgrammeView) -> dict[str, Any]:
        return codec.view_to_json(view)

    def event_to_json(self, event: ProgrammeEvent) -> dict[str, Any]:
        return codec.event_to_json(event)

    # ------------------------------------------------------------------------ records

    def shuffles(self, state: ProgrammeState) -> Mapping[str, Sequence[Sequence[int]]]:
        programs = ProgrammeEventKind.PROGRAMS_SHUFFLED
        return {
            "decks": [e.cards for e in state.events if e.kind in _SHUFFLES],
            "programs": [e.programs for e in state.events if e.kind is programs],
        }

    def shuffle_count(self, state: ProgrammeState) -> Mapping[str, int]:
        # E-22: the program deck is shuffled once; swapped cards go under it unshuffled.
        return {"decks": state.shuffles, "programs": 1}

    def format_shuffle(self, kind: str, order: Sequence[int], rules: ProgrammeRules) -> str:
        if kind == "programs":
            return " ".join(rules.programs[i].id for i in order)
        return format_playing_cards(order)

    def parse_shuffle(self, kind: str, text: str, rules: ProgrammeRules) -> tuple[int, ...]:
        if kind == "programs":
            index = {card.id: i for i, card in enumerate(rules.programs)}
            return tuple(index[program_by_id(rules.programs, ident).id] for ident in text.split())
        return parse_playing_cards(text)

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
        return narration.narrate_programmes(
            events, names, viewer, rules=rules, lang=lang, words=words
        )

    def hand_summary(
        self, event: Any, names: Sequence[str], lang: str | Translator = "en"
    ) -> HandSummary | None:
        return present.hand_summary(event, names, lang)

    # ------------------------------------------------------------------------ presentation

    def rules_text(self, rules: ProgrammeRules, lang: str | Translator = "en") -> str:
        return rules_text.rules_text(rules, lang)

    def hidden_goal(self, view: ProgrammeView, lang: str | Translator = "en") -> str | None:
        return present.hidden_goal(view, lang)

    def present(
        self,
        view: ProgrammeView,
        names: Sequence[str],
        lang: str | Translator = "en",
        *,
        hint: bool = False,
        words: bool = False,
    ) -> Presentation:
        return present.present(view, names, lang, hint=hint, words=words)

    # ------------------------------------------------------------------------ bots

    def determinize(self, view: ProgrammeView, rng: random.Random) -> ProgrammeState:
        return determinize(view, rng)

    def bots(self) -> Mapping[str, Callable[[], AnyBot]]:
        return {"greedy": GreedyProgrammeBot, "sharp": SharpProgrammeBot, "pimc": ProgrammesPIMCBot}

    def search_hooks(self) -> ProgrammesSearch:
        return PROGRAMMES


GAME: Final = ProgrammesGame()
