"""Game records of every game: rules, seed, names, every shuffled order and every action, as
JSON; the game is reached only through its :class:`~phase10.kernel.game.Game` interface.

A record replays to the same game on any machine: the shuffled orders (each game names its
kinds, ``decks`` and for the programmes game ``programs``) are stored, so a replay never
depends on Python's random number generator.

>>> from phase10 import find_variant
>>> record = GameRecord.start(find_variant("standard"), players=2, seed=5)
>>> state = record.initial_state()
>>> state = record.play(state, record.game.legal_actions(state)[0])
>>> again = GameRecord.from_json(record.to_json())
>>> again.game.name, replay(again).digest() == state.digest()
('phase10', True)
>>> prog = read_record(GameRecord.start(find_variant("programmes"), 2, 5).to_json())
>>> prog.game.name, sorted(prog.shuffles)
('programmes', ['decks', 'programs'])
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from phase10 import games
from phase10.kernel.errors import NotationError, Phase10Error, RulesError
from phase10.kernel.game import Game
from phase10.kernel.notation import has_control, printable
from phase10.kernel.piles import check_seed

__all__ = ["FORMAT", "VERSION", "GameRecord", "RecordError", "read_record", "replay"]

FORMAT: Final = "phase10-record"
VERSION: Final = 1
#: A record without ``game`` was written before there were two games: it is Phase 10's.
DEFAULT_GAME: Final = "phase10"
T = TypeVar("T")


class RecordError(Phase10Error, ValueError):
    """A record that cannot be read or does not replay; the message says where and what."""


@dataclass(kw_only=True)
class GameRecord:
    """Everything needed to replay a game of any game. Build one with :meth:`start` and
    :meth:`play`; ``shuffles`` maps each kind of shuffle to the orders recorded so far."""

    game: Game
    rules: Any
    players: int
    seed: int
    names: list[str] = field(default_factory=list)
    shuffles: dict[str, list[tuple[int, ...]]] = field(default_factory=dict)
    actions: list[Any] = field(default_factory=list)

    @classmethod
    def start(
        cls, rules: Any, players: int, seed: int, names: list[str] | None = None
    ) -> GameRecord:
        """A new record for the game ``rules`` belong to (a seed out of range is refused now,
        not when the record is read back)."""
        check_seed(seed)
        game = games.of(rules)
        return cls(
            game=game,
            rules=rules,
            players=players,
            seed=seed,
            names=list(names or []),
            shuffles={kind: [] for kind in game.shuffle_kinds},
        )

    @property
    def decks(self) -> list[tuple[int, ...]]:
        """The recorded orders of the playing cards (every game has them)."""
        return self.shuffles.setdefault("decks", [])

    # ------------------------------------------------------------------------ playing

    def new_state(self) -> Any:
        """The dealt game, replaying the recorded shuffles."""
        return self.game.new_game(self.rules, self.players, self.seed, **self.shuffles)

    def initial_state(self) -> Any:
        """The dealt game (recording its first shuffles)."""
        state = self.new_state()
        self._note_shuffles(state)
        return state

    def play(self, state: Any, action: Any) -> Any:
        """Apply ``action`` to ``state`` and record it (and any shuffle it caused)."""
        after = self.game.apply(state, action)
        self.actions.append(action)
        self._note_shuffles(after)
        return after

    def replay(self) -> Any:
        """The state the record ends in: the deal, with every recorded action played again
        in turn (only the last state is kept). A bad action raises :class:`RecordError`
        saying which one and why."""
        try:
            state = self.new_state()
        except RulesError as exc:
            raise RecordError(str(exc)) from None
        for number, action in enumerate(self.actions, start=1):
            try:
                state = self.game.apply(state, action)
            except Phase10Error as exc:
                text = self.game.format_action(action)
                raise RecordError(f"action {number} ({text}): {exc}") from None
        return state

    def _note_shuffles(self, state: Any) -> None:
        counts = self.game.shuffle_count(state)
        for kind, orders in self.game.shuffles(state).items():
            recorded = self.shuffles.setdefault(kind, [])
            for order in orders:
                if len(recorded) < counts[kind]:
                    recorded.append(tuple(order))

    # ------------------------------------------------------------------------ JSON

    def to_dict(self) -> dict[str, Any]:
        game, rules = self.game, self.rules
        shuffles = {
            kind: [game.format_shuffle(kind, order, rules) for order in self.shuffles.get(kind, [])]
            for kind in game.shuffle_kinds
        }
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": game.name,
            "rules": {"name": rules.name, "flags": rules.flags()},
            "players": self.players,
            "names": self.names,
            "seed": self.seed,
            **shuffles,
            "actions": [game.format_action(a) for a in self.actions],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not JSON: {exc}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """A record from its JSON object; every problem names the key and what is wrong."""
        data = _check_header(data)
        try:
            game = games.get(str(data.get("game", DEFAULT_GAME)))
        except games.UnknownGameError as exc:
            raise RecordError(f"game: {exc}") from None
        try:
            rules_data = data["rules"]
            if not isinstance(rules_data, dict):
                raise RecordError(f"rules: expected an object, got {rules_data!r}")
            flags = rules_data["flags"]
            if not isinstance(flags, dict):
                raise RecordError(f"rules.flags: expected an object, got {flags!r}")
            name = str(rules_data.get("name", "custom"))
            if has_control(name):
                # As in a rules file, a rule set's name is shown as it is.
                raise RecordError(f"rules.name: {printable(name)} holds a control character")
            rules = game.rules_from_flags(flags, name)
            shuffles = {
                kind: _items(
                    data.get(kind, []) if kind != "decks" else data["decks"],
                    lambda text, kind=kind: game.parse_shuffle(kind, text, rules),  # type: ignore[misc]
                    kind,
                )
                for kind in game.shuffle_kinds
            }
            return cls(
                game=game,
                rules=rules,
                players=_int(data, "players"),
                seed=_seed(data),
                names=[str(n) for n in _list(data.get("names", []), "names")],
                shuffles=shuffles,
                actions=_items(data["actions"], game.parse_action, "actions"),
            )
        except KeyError as exc:
            raise RecordError(f"missing key {exc.args[0]!r}") from None
        except (TypeError, ValueError, RulesError, NotationError) as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError(str(exc)) from None


def _check_header(data: object) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    if data.get("format") == "phase10-match":
        # A saved game holds its record beside the seats and the clock: say where it is.
        raise RecordError(
            "format: this is a saved game ('phase10-match'), not a record; "
            "phase10.match.load_match reads it, and its 'record' field is the game's record"
        )
    if data.get("format") != FORMAT:
        raise RecordError(f"format: expected {FORMAT!r}, got {data.get('format')!r}")
    if data.get("version") != VERSION:
        raise RecordError(
            f"version: this program reads version {VERSION}, not {data.get('version')!r}"
        )
    return data


def _list(items: object, label: str) -> list[Any]:
    if not isinstance(items, list):
        raise RecordError(f"{label}: expected a list, got {items!r}")
    return items


def _items(items: object, parse: Callable[[str], T], label: str) -> list[T]:
    """Each string of the list ``items`` parsed; an error names ``label[n]`` (1-based)."""
    out: list[T] = []
    for number, text in enumerate(_list(items, label), start=1):
        if not isinstance(text, str):
            raise RecordError(f"{label}[{number}]: expected a string, got {text!r}")
        try:
            out.append(parse(text))
        except (NotationError, RulesError) as exc:
            raise RecordError(f"{label}[{number}]: {exc}") from None
    return out


def _int(data: dict[str, Any], key: str) -> int:
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{key}: expected a whole number, got {value!r}")
    return value


def _seed(data: dict[str, Any]) -> int:
    seed = _int(data, "seed")
    try:
        check_seed(seed)
    except RulesError as exc:
        raise RecordError(f"seed: {exc}") from None
    return seed


def read_record(text: str) -> GameRecord:
    """A record of any game from its JSON (the ``game`` key chooses)."""
    return GameRecord.from_json(text)


def replay(record: GameRecord) -> Any:
    """The state ``record`` ends in, after its last action (:meth:`GameRecord.replay`): one
    state, not one per action. For the states on the way, apply ``record.actions`` one by
    one to ``record.new_state()`` with ``record.game.apply``.

    >>> from phase10 import GameRecord, find_variant, replay
    >>> record = GameRecord.start(find_variant("standard"), players=2, seed=5)
    >>> state = record.initial_state()
    >>> for _ in range(3):
    ...     state = record.play(state, record.game.legal_actions(state)[0])
    >>> len(record.actions), replay(record).digest() == state.digest()
    (3, True)
    """
    return record.replay()
