"""The PettingZoo AEC environment of both games: one agent per seat, a fixed ``Discrete``
action space, and ``{"observation", "action_mask"}`` observations (docs/rl.md).

>>> from phase10.rl import env
>>> e = env(game="phase10", players=2, seed=7)
>>> e.reset(seed=7)
>>> obs, reward, terminated, truncated, info = e.last()
>>> e.agent_selection, obs["observation"].shape, int(obs["action_mask"].sum())
('player_0', (1595,), 2)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from numbers import Integral
from typing import Any, Final, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from phase10 import games
from phase10.kernel.errors import IllegalActionError
from phase10.kernel.game import Game
from phase10.kernel.piles import MAX_SEED
from phase10.rl.render import render_view
from phase10.rl.spec import RLSpec, spec_for

Reward = Literal["game", "hand"]
#: Rewards of a finished game: the winner's, and what the others share (zero-sum).
WIN: Final = 1.0
#: Hand rewards: per phase or program completed, and per penalty point taken (Phase 10).
MOVED_UP: Final = 1.0
PER_POINT: Final = -0.01
#: The observation space's bound: counts and scaled sizes stay far below it.
OBS_HIGH: Final = 1000.0


def rules_for(game: Game, rules: Any, variants: Iterable[str]) -> Any:
    """The rule set from a profile name (or an already built rule set) and variant names."""
    names = check_variants(variants)
    if rules is not None and not isinstance(rules, str):
        if not game.owns(rules):
            raise ValueError(f"those rules are not the {game.name} game's")
        if names:
            raise ValueError("give variants with a profile name, not with a built rule set")
        return rules
    profile = rules or game.default_rules
    return game.find_rules("+".join([profile, *names]))


def check_variants(variants: object) -> tuple[str, ...]:
    """``variants`` as a tuple of names; ``TypeError`` for anything but a collection of
    strings. A plain string is refused too: read one letter at a time, ``"pick_a_phase"``
    would name the unknown variants ``p``, ``i``, ``c``...

    >>> check_variants(["pick_a_phase"])
    ('pick_a_phase',)
    >>> check_variants("pick_a_phase")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: variants must be a list of variant names, e.g. ['pick_a_phase'], not the string...
    """
    if isinstance(variants, str):
        example = f", e.g. [{variants!r}]" if variants else ""
        raise TypeError(
            f"variants must be a list of variant names{example}, not the string {variants!r}"
        )
    names = tuple(variants) if isinstance(variants, Iterable) else None
    if names is None or not all(isinstance(name, str) for name in names):
        raise TypeError(f"variants must be a list of variant names, not {variants!r}"[:200])
    return names


def check_max_steps(max_steps: object) -> int | None:
    """``max_steps`` as an ``int``, or ``None`` (no limit); ``ValueError`` for anything else,
    a bool, a float or a step count below 1 included: a limit of 0 steps, or of 1.5, would
    end every episode at once or be rounded without a word.

    >>> check_max_steps(0)
    Traceback (most recent call last):
    ...
    ValueError: max_steps must be None or a whole number of steps from 1 up, not 0
    """
    if max_steps is None:
        return None
    if isinstance(max_steps, bool) or not isinstance(max_steps, Integral) or int(max_steps) < 1:
        raise ValueError(
            f"max_steps must be None or a whole number of steps from 1 up, not {max_steps!r}"
        )
    return int(max_steps)


def check_env_seed(seed: object) -> int | None:
    """``seed`` as an ``int``, or ``None`` (games seeded at random); ``ValueError`` for
    anything a game refuses as its seed (a bool, a float, a string, a negative number, one
    past 63 bits), said when the environment is made: its first ``reset``, which deals
    with it, may come much later, in a training library's code.

    >>> check_env_seed(-5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: seed must be None or a whole number from 0 to 9223372036854775807, not -5
    """
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(
            f"seed must be None or a whole number from 0 to {MAX_SEED}, not {seed!r}"[:200]
        )
    return seed


def action_index(action: object, actions: int) -> int:
    """The index ``action`` names in a ``Discrete(actions)`` space. An index is a Python or
    NumPy integer, or a 0-d integer array (what a policy's ``predict`` gives for one
    observation); a bool, a float, a string or anything else is refused with ``TypeError``
    rather than rounded or parsed, and an integer outside the space with ``ValueError``.

    >>> action_index(0.9, 2097)
    Traceback (most recent call last):
    ...
    TypeError: an action is an action index, an integer from 0 to 2096, not 0.9 (float)
    """
    if type(action) is int and 0 <= action < actions:
        return action  # the common case, at every step: no more checks to make
    value = action[()] if isinstance(action, np.ndarray) and action.shape == () else action
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise TypeError(
            f"an action is an action index, an integer from 0 to {actions - 1}, "
            f"not {action!r} ({type(action).__name__})"
        )
    index = int(value)
    if not 0 <= index < actions:
        raise ValueError(
            f"action {index} is outside the action space: an action index is an integer "
            f"from 0 to {actions - 1}"
        )
    return index


class RawEnv(AECEnv):  # type: ignore[misc] # PettingZoo ships no type hints
    """A game of ``game`` for ``players`` agents ``player_0``.., seat numbers alike.

    ``reward="game"`` gives +1 to the winner and -1/(n-1) to each other seat when the game
    ends; ``reward="hand"`` adds, at the end of each hand (manche), +1 for a phase (program)
    completed and -0.01 per penalty point taken. ``max_steps`` truncates a game after that
    many steps, every seat's counted (``None``: never); nothing is legal after it, so every
    mask is empty. ``render_mode="ansi"`` renders the view of the seat to act.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it as a class attribute
        "render_modes": ["ansi"],
        "name": "phase10_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = "phase10",
        players: int = 2,
        rules: Any = None,
        variants: Iterable[str] = (),
        seed: int | None = None,
        reward: Reward = "game",
        render_mode: str | None = None,
        max_steps: int | None = None,
    ) -> None:
        super().__init__()
        self.game: Game = games.get(game)
        self.spec: RLSpec = spec_for(self.game.name)
        # Bound once: ``step`` applies with it at every step.
        self._apply_legal = self.game.apply_legal
        self.rules = rules_for(self.game, rules, variants)
        if not self.game.min_players <= players <= self.game.max_players:
            raise ValueError(
                f"the {self.game.name} game takes {self.game.min_players} to "
                f"{self.game.max_players} players, not {players}"
            )
        if reward not in ("game", "hand"):
            raise ValueError(f"reward must be 'game' or 'hand', not {reward!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.players = players
        self.reward_mode: Reward = reward
        self.render_mode = render_mode
        self.max_steps = check_max_steps(max_steps)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = list(self.possible_agents)
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, OBS_HIGH, (self.spec.observation,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.spec.actions,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {a: spaces.Discrete(self.spec.actions) for a in self.possible_agents}
        self._first_seed = check_env_seed(seed)
        self._rng = random.Random(self._first_seed)
        self.state: Any = None
        self.memory = self.spec.memory(players)
        self._view: Any = None
        self._legal: dict[int, Any] = {}
        self._steps = 0
        self._rewarded = False
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------------ play

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: with ``seed`` exactly that game; without, the next one of the
        environment's own sequence (seeded at construction)."""
        if seed is not None:
            self._rng.seed(seed)
            game_seed = seed
        elif self._first_seed is not None:
            game_seed, self._first_seed = self._first_seed, None
        else:
            game_seed = self._rng.randrange(2**63)
        self.game_seed = game_seed
        self.state = self.game.new_game(self.rules, self.players, game_seed)
        self.memory.reset()
        self._steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = False
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.game.to_act(self.state)
        self.agent_selection = self.possible_agents[seat]
        # The view is built only if asked for (``view``, a bot's turn in the Gymnasium
        # wrapper): the legal indices and the observation are read from the state, which
        # costs a third less than building the view at every step.
        self._view = None
        self._legal = self.spec.legal_state(self.state)  # a new dict, the env's own

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = self._seat_of[agent]
        legal = self._legal if agent == self.agent_selection else {}
        spec = self.spec
        return {
            "observation": spec.encode_state(self.state, seat, self.memory),
            "action_mask": spec.mask(legal),
        }

    def legal_action(self, index: int) -> Any:
        """The engine action a legal index stands for now (``KeyError`` if it is not legal)."""
        return self._legal[index]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        # None stays what PettingZoo makes it, the step of an agent whose game is over: for an
        # agent still playing it is an illegal action like any other.
        index = None if action is None else action_index(action, self.spec.actions)
        move = None if index is None else self._legal.get(index)
        if move is None:
            legal = sorted(self._legal)
            shown = ", ".join(map(str, legal[:12])) + (", ..." if len(legal) > 12 else "")
            what = "" if index is None else f" ({self.spec.describe(index)})"
            why = "" if index is None else f": {self.why_illegal(index)}"
            raise ValueError(
                f"action {action}{what} is not legal for {agent} now{why} "
                f"(legal: [{shown}]); use the action mask"
            )
        # The move is one of the state's legal actions: the engine need not check it again.
        self._advance(move, self._apply_legal)

    def why_illegal(self, index: int) -> str:
        """Why the index ``index`` is not legal for the seat to act now: the engine's own
        reason, with its rule id, where the index names a move the engine can check (a
        draw, a take, a discard, a hit or an extension); otherwise that no legal move has
        it now, or ever. The engine only checks: the game is left as it was.

        >>> e = RawEnv(game="phase10", players=2)
        >>> e.reset(seed=3)
        >>> e.why_illegal(7)  # discard R6 before drawing
        'D-19: draw a card first; a turn starts with a draw'
        """
        if self.spec.describe(index).startswith("unused"):
            return "no move ever has this index"
        move = self.spec.decode_state(self.state, index)
        if move is not None:
            try:
                self.game.check(self.state, move)
            except IllegalActionError as error:
                return str(error)
        return "no legal move has this index now"

    def play(self, move: Any) -> None:
        """Apply an engine action of the seat to act (a bot's, say): the same bookkeeping
        as ``step``; an illegal one raises ``IllegalActionError`` and changes nothing."""
        self._advance(move, self.game.apply)

    def _advance(self, move: Any, apply: Callable[[Any, Any], Any]) -> None:
        agent = self.agent_selection
        before = self.state
        after = apply(before, move)
        self.memory.record(before, move)
        self.state = after
        self._view = None
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        # Most steps reward nobody: the rewards are cleared and added up only after a step
        # that gave some (a sixth of the environment's own bookkeeping otherwise).
        if self._rewarded:
            for a in self.agents:
                self.rewards[a] = 0.0
            self._rewarded = False
        if self.reward_mode == "hand":
            self._hand_rewards(before, after)
            self._rewarded = True
        outcome = self.game.outcome(after)
        truncated = False
        if outcome is not None:
            n = self.players
            for seat, a in enumerate(self.possible_agents):
                self.rewards[a] += WIN if seat == outcome.winner else -WIN / (n - 1)
            self._rewarded = True
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_steps is not None and self._steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
            truncated = True
        if self._rewarded:
            self._accumulate_rewards()
        if outcome is None:
            self._select()
        if outcome is not None or truncated:
            # A game cut short is over as much as a finished one: a mask that still offered
            # moves would offer what ``step`` then refuses.
            self._legal = {}

    @property
    def legal(self) -> dict[int, Any]:
        """The legal indices of the seat to act, with their engine actions."""
        return self._legal

    @property
    def view(self) -> Any:
        """The view of the seat to act (built on first use after each step)."""
        if self._view is None and self.state is not None:
            self._view = self.game.view(self.state, self.game.to_act(self.state), events=False)
        return self._view

    def _hand_rewards(self, before: Any, after: Any) -> None:
        game = self.game
        moved = [b - a for a, b in zip(game.standing(before), game.standing(after), strict=True)]
        points = [b - a for a, b in zip(game.penalty(before), game.penalty(after), strict=True)]
        for seat, a in enumerate(self.possible_agents):
            self.rewards[a] += MOVED_UP * moved[seat] + PER_POINT * points[seat]

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        if self.state is None:
            return "(no game: call reset() first)"
        seat = self.game.to_act(self.state)
        return render_view(self.game, self.game.view(self.state, seat), self.players)

    def close(self) -> None:
        self.state = None


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order-enforcing wrapper with ``last`` answered by the environment itself:
    the inherited one reads five attributes through two ``__getattr__`` layers, a sixth of
    a step's time here. The checks are the same: nothing may be observed before ``reset``."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.last(observe)  # type: ignore[no-any-return]

    def step(self, action: Any) -> None:
        # The inherited step reads ``agents`` through the same two layers, then calls the
        # base wrapper's step, which calls the environment's: here one call, same checks.
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)

    def agent_iter(self, max_iter: int = 2**63) -> _AgentIterable:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _AgentIterable(self, max_iter)

    # ``agent_iter`` reads these two at every step; as properties they skip the wrappers'
    # ``__getattr__`` chain. Before ``reset`` they refuse, as the inherited lookup does.
    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        return self.env.agents  # type: ignore[no-any-return]

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.agent_selection  # type: ignore[no-any-return]


class _AgentIterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> _AgentIterator:
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """PettingZoo's order-enforcing iterator, with the environment's agents read directly
    rather than through the wrapper's properties: the same stop and the same check that
    ``step`` was called between two agents."""

    def __next__(self) -> str:
        wrapper = self.env
        raw = wrapper.env
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        if not wrapper._has_updated:
            raise AssertionError("need to call step() or reset() in a loop over `agent_iter`")
        wrapper._has_updated = False
        return raw.agent_selection  # type: ignore[no-any-return]


def env(**kwargs: Any) -> Any:
    """The environment in PettingZoo's order-enforcing wrapper (acting or observing before
    ``reset`` raises), as its classic games have. Their out-of-bounds wrapper is left out:
    ``step`` itself refuses any index the mask does not allow, out of the space included."""
    return _OrderEnforcing(RawEnv(**kwargs))
