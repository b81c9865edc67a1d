"""Game records: rules, seed, seats, every shuffle's order and every action, as JSON.

A record replays to the same game on any machine: the dealt orders are stored, so a replay
never depends on Python's random number generator.

>>> from phase10 import apply_action, find_variant, legal_actions, new_game
>>> record = GameRecord.start(find_variant("standard"), players=2, seed=5)
>>> state = record.initial_state()
>>> state = record.play(state, legal_actions(state)[0])
>>> again = GameRecord.from_json(record.to_json())
>>> replay(again).digest() == state.digest()
True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from phase10.games.phase10.actions import Action, parse_action
from phase10.games.phase10.cards import Card, format_cards, parse_cards
from phase10.games.phase10.rules import RuleSet
from phase10.games.phase10.state import EventKind, GameState
from phase10.games.phase10.turns import apply_action, new_game
from phase10.games.phase10.variants import rules_from_flags
from phase10.kernel.errors import NotationError, Phase10Error, RulesError

FORMAT = "phase10-record"
VERSION = 1
GAME = "phase10"
T = TypeVar("T")


class _Rules(Protocol):
    @property
    def name(self) -> str: ...
    def flags(self) -> dict[str, object]: ...


R = TypeVar("R", bound=_Rules)
S = TypeVar("S")
A = TypeVar("A")


class RecordError(Phase10Error, ValueError):
    """A record that cannot be read or does not replay; the message says where and what."""


@dataclass(kw_only=True)
class RecordBase(Generic[R, S, A]):
    """What a record of either game holds and does: seats, seed, actions, the steps that
    record each shuffle, and the JSON. Each game adds its shuffled orders and the hooks."""

    game: ClassVar[str] = GAME

    rules: R
    players: int
    seed: int
    names: list[str] = field(default_factory=list)
    actions: list[A] = field(default_factory=list)

    @classmethod
    def start(cls, rules: R, players: int, seed: int, names: list[str] | None = None) -> Self:
        return cls(rules=rules, players=players, seed=seed, names=list(names or []))

    def new_state(self) -> S:
        """The dealt game, replaying the recorded shuffles (hook)."""
        raise NotImplementedError

    def _apply(self, state: S, action: A) -> S:
        raise NotImplementedError

    def replay(self) -> S:
        """The state after every action; a bad action says which one and why."""
        try:
            state = self.new_state()
        except RulesError as exc:
            raise RecordError(str(exc)) from None
        for number, action in enumerate(self.actions, start=1):
            try:
                state = self._apply(state, action)
            except Phase10Error as exc:
                raise RecordError(f"action {number} ({action}): {exc}") from None
        return state

    def _note_shuffles(self, state: S) -> None:
        raise NotImplementedError

    def _decks(self) -> list[str]:
        """The recorded shuffled orders in the game's notation (hook)."""
        raise NotImplementedError

    def _extra(self) -> dict[str, Any]:
        """Keys only this game's records have (hook)."""
        return {}

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "rules": {"name": self.rules.name, "flags": self.rules.flags()},
            "players": self.players,
            "names": self.names,
            "seed": self.seed,
            "decks": self._decks(),
            **self._extra(),
            "actions": [str(a) for a in self.actions],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    def initial_state(self) -> S:
        """The dealt game (recording the first shuffle)."""
        state = self.new_state()
        self._note_shuffles(state)
        return state

    def play(self, state: S, action: A) -> S:
        """Apply ``action`` to ``state`` and record it (and any shuffle it caused)."""
        after = self._apply(state, action)
        self.actions.append(action)
        self._note_shuffles(after)
        return after


@dataclass(kw_only=True)
class GameRecord(RecordBase[RuleSet, GameState, Action]):
    """Everything needed to replay a game. Build one with :meth:`start` and :meth:`play`."""

    decks: list[tuple[Card, ...]] = field(default_factory=list)

    def new_state(self) -> GameState:
        return new_game(self.rules, self.players, self.seed, decks=self.decks)

    def _apply(self, state: GameState, action: Action) -> GameState:
        return apply_action(state, action)

    def _note_shuffles(self, state: GameState) -> None:
        for event in state.events:
            shuffled = event.kind in (EventKind.HAND_DEALT, EventKind.RESHUFFLED)
            if shuffled and len(self.decks) < state.shuffles:
                self.decks.append(event.cards)

    def _decks(self) -> list[str]:
        return [format_cards(d) for d in self.decks]

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not JSON: {exc}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        data = check_header(data, GAME)
        try:
            rules_data = data["rules"]
            rules = rules_from_flags(rules_data["flags"], str(rules_data.get("name", "custom")))
            players = _int(data, "players")
            seed = _int(data, "seed")
            names = [str(n) for n in data.get("names", [])]
            decks = parse_items(data["decks"], parse_cards, "decks")
            actions = parse_items(data["actions"], parse_action, "actions")
        except KeyError as exc:
            raise RecordError(f"missing key {exc.args[0]!r}") from None
        except (TypeError, RulesError, NotationError) as exc:
            raise RecordError(str(exc)) from None
        return cls(
            rules=rules, players=players, seed=seed, names=names, decks=decks, actions=actions
        )


def check_header(data: object, game: str) -> dict[str, Any]:
    """``data`` as a record object of ``game``, or ``RecordError`` saying what is wrong.

    A record without ``game`` is a Phase 10 record (written before there were two games).
    """
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"format: expected {FORMAT!r}, got {data.get('format')!r}")
    if data.get("version") != VERSION:
        raise RecordError(
            f"version: this program reads version {VERSION}, not {data.get('version')!r}"
        )
    if data.get("game", GAME) != game:
        raise RecordError(f"game: this is a {data.get('game')!r} record, not a {game!r} one")
    return data


def parse_items(items: Any, parse: Callable[[str], T], label: str) -> list[T]:
    """Each string of the list ``items`` parsed; an error names ``label[n]`` (1-based)."""
    out: list[T] = []
    for number, text in enumerate(items, start=1):
        try:
            out.append(parse(text))
        except NotationError as exc:
            raise RecordError(f"{label}[{number}]: {exc}") from None
    return out


def _int(data: dict[str, Any], key: str) -> int:
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{key}: expected a whole number, got {value!r}")
    return value


def replay(record: GameRecord) -> GameState:
    """The state after every action of ``record`` (``RecordBase.replay``)."""
    return record.replay()
