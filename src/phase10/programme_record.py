"""Records of the programmes game: the same JSON shape as Phase 10's, with ``"game":
"programmes"``, the program-deck order (ids) beside the dealt card orders, and the actions.

>>> from phase10.api import legal_actions
>>> from phase10.api import find_variant
>>> record = ProgrammeRecord.start(find_variant("programmes"), players=2, seed=5)
>>> state = record.play(record.initial_state(), legal_actions(record.initial_state())[0])
>>> again = read_record(record.to_json())
>>> isinstance(again, ProgrammeRecord), replay_programmes(again).digest() == state.digest()
(True, True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, ClassVar

from phase10.games.programmes.actions import ProgrammeAction, parse_programme_action
from phase10.games.programmes.cards import (
    PlayingCard,
    format_playing_cards,
    parse_playing_cards,
)
from phase10.games.programmes.programs import program_by_id
from phase10.games.programmes.rules import GAME, ProgrammeRules
from phase10.games.programmes.state import ProgrammeEventKind, ProgrammeState
from phase10.games.programmes.turns import apply_action, new_game
from phase10.games.programmes.variants import programme_rules_from_flags
from phase10.kernel.errors import NotationError, RulesError
from phase10.record import (
    GameRecord,
    RecordBase,
    RecordError,
    check_header,
    parse_items,
)

#: Events whose cards are a whole shuffled order, one per shuffle of the playing cards.
_SHUFFLES = (
    ProgrammeEventKind.FIRST_DEALER,
    ProgrammeEventKind.HAND_DEALT,
    ProgrammeEventKind.RESHUFFLED,
)


@dataclass(kw_only=True)
class ProgrammeRecord(RecordBase[ProgrammeRules, ProgrammeState, ProgrammeAction]):
    """Everything needed to replay a programmes game; build it with :meth:`start`, :meth:`play`.

    ``decks`` are the playing-card orders (the first-dealer deal, then every deal and
    reshuffle), ``programs`` the program-deck order.
    """

    decks: list[tuple[PlayingCard, ...]] = field(default_factory=list)
    programs: list[tuple[int, ...]] = field(default_factory=list)

    def new_state(self) -> ProgrammeState:
        return new_game(
            self.rules, self.players, self.seed, decks=self.decks, programs=self.programs
        )

    def _apply(self, state: ProgrammeState, action: ProgrammeAction) -> ProgrammeState:
        return apply_action(state, action)

    def _note_shuffles(self, state: ProgrammeState) -> None:
        for event in state.events:
            if event.kind in _SHUFFLES and len(self.decks) < state.shuffles:
                self.decks.append(event.cards)
            if event.kind is ProgrammeEventKind.PROGRAMS_SHUFFLED and not self.programs:
                self.programs.append(event.programs)

    game: ClassVar[str] = GAME

    def _decks(self) -> list[str]:
        return [format_playing_cards(d) for d in self.decks]

    def _extra(self) -> dict[str, Any]:
        return {"programs": [" ".join(self.rules.programs[i].id for i in o) for o in self.programs]}

    @classmethod
    def from_dict(cls, data: object) -> ProgrammeRecord:
        data = check_header(data, GAME)
        try:
            rules_data = data["rules"]
            rules = programme_rules_from_flags(rules_data["flags"], str(rules_data["name"]))
            index = {card.id: i for i, card in enumerate(rules.programs)}
            programs = [
                tuple(index[program_by_id(rules.programs, ident).id] for ident in text.split())
                for text in data.get("programs", [])
            ]
            return cls(
                rules=rules,
                players=int(data["players"]),
                seed=int(data["seed"]),
                names=[str(n) for n in data.get("names", [])],
                decks=parse_items(data["decks"], parse_playing_cards, "decks"),
                programs=programs,
                actions=parse_items(data["actions"], parse_programme_action, "actions"),
            )
        except KeyError as exc:
            raise RecordError(f"missing key {exc.args[0]!r}") from None
        except (TypeError, ValueError, RulesError, NotationError) as exc:
            raise RecordError(str(exc)) from None


def read_record(text: str) -> GameRecord | ProgrammeRecord:
    """A record of either game from its JSON (the ``game`` key chooses)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc}") from None
    return record_from_dict(data)


def record_from_dict(data: object) -> GameRecord | ProgrammeRecord:
    """A record of either game from its parsed JSON object."""
    if isinstance(data, dict) and data.get("game") == GAME:
        return ProgrammeRecord.from_dict(data)
    return GameRecord.from_dict(data)


def replay_programmes(record: ProgrammeRecord) -> ProgrammeState:
    """The state after every action of ``record`` (``RecordBase.replay``)."""
    return record.replay()
