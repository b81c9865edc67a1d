"""What the environments need of each game: its fixed action space and its observation, by
the game's registry name. Each game keeps its codec in its own package and names it
(``Game.learning``), so the environment, the Gymnasium wrapper, a trained bot and the
documentation all read the same codec and none of them knows a game.

>>> spec = spec_for("phase10")
>>> spec.actions, spec.observation
(2097, 1595)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any, SupportsIndex

import numpy as np
import numpy.typing as npt

from phase10 import games
from phase10.kernel.layout import Layout
from phase10.kernel.memory import TableMemory


@dataclass(frozen=True, slots=True)
class RLSpec:
    """A game's action codec and observation encoder.

    ``legal_indices(view)`` maps every legal index of the seat to act to the engine action
    it stands for; ``index_of(view, action)`` is the other way; ``describe(index)`` says an
    index in words; ``encode(view, memory)`` is the observation. ``legal_state(state)`` and
    ``encode_state(state, seat, memory)`` give the same from a whole state without building
    a view: an environment, which holds the state, calls them at every step.
    ``decode_state(state, index)`` is the engine action an index names, legal or not, where
    the index alone says which (``None`` elsewhere): the engine's check of it says why an
    index outside the mask is refused.
    """

    game: str
    actions: int
    observation: int
    cards: int
    layout: Layout
    legal_indices: Callable[[Any], dict[int, Any]]
    index_of: Callable[[Any, Any], int]
    describe: Callable[[SupportsIndex], str]
    encode: Callable[[Any, TableMemory | None], npt.NDArray[np.float32]]
    legal_state: Callable[[Any], dict[int, Any]]
    encode_state: Callable[[Any, int, TableMemory | None], npt.NDArray[np.float32]]
    decode_state: Callable[[Any, int], Any | None]

    def memory(self, players: int) -> TableMemory:
        """An empty memory of passed and discarded cards for a table of ``players``."""
        return TableMemory(players, self.cards)

    def mask(self, legal: Mapping[int, Any]) -> npt.NDArray[np.int8]:
        """The action mask of ``legal_indices``: 1 where an index is legal."""
        # A handful of indices are legal: setting bytes one by one beats numpy's fancy
        # indexing, which converts the list first.
        mask = bytearray(self.actions)
        for index in legal:
            mask[index] = 1
        return np.frombuffer(mask, np.int8)


def learning_games() -> list[str]:
    """The registered games that show themselves to learning agents (``Game.learning``)."""
    return [name for name in games.names() if games.get(name).learning is not None]


def gymnasium_id(game: str) -> str:
    """The Gymnasium id of ``game``'s single-agent environment: ``phase10/Phase10-v0``."""
    return f"phase10/{game.capitalize()}-v0"


def spec_for(game: str) -> RLSpec:
    """The spec of ``game`` (its registry name); ``ValueError`` lists the games that have one."""
    package = games.get(game).learning if game in games.names() else None
    if package is None:
        raise ValueError(
            f"no reinforcement-learning spec for {game!r}; games: {', '.join(learning_games())}"
        )
    actions = import_module(f"{package}.actions")
    obs = import_module(f"{package}.observation")
    return RLSpec(
        game=game,
        actions=actions.SIZE,
        observation=obs.SIZE,
        cards=obs.CARDS,
        layout=obs.LAYOUT,
        legal_indices=actions.legal_indices,
        index_of=actions.index_of,
        describe=actions.describe,
        encode=obs.encode,
        legal_state=actions.legal_state,
        encode_state=obs.encode_state,
        # Optional in a game's codec: without it a refusal says what the index stands for,
        # and not the engine's reason.
        decode_state=getattr(actions, "decode_state", _decodes_nothing),
    )


def _decodes_nothing(state: Any, index: int) -> None:
    """``decode_state`` of a codec that has none."""
    return None
