"""A Gymnasium single-agent environment: one seat is the agent, the others are the project's
bots (``greedy``, ``sharp``, a level such as ``hard``, or any name ``make_bot`` knows).

Observations and actions are the AEC environment's (``{"observation", "action_mask"}``,
``Discrete``), and ``action_masks()`` gives the mask as sb3-contrib's ``MaskablePPO``
expects it (docs/rl.md); ``step`` plays the agent's action, then every bot turn up to the agent's
next decision or the end, and returns the agent's reward over all of them.

>>> from phase10.rl.gym_env import SingleAgentEnv
>>> e = SingleAgentEnv(game="phase10", players=2, opponents="greedy")
>>> obs, info = e.reset(seed=4)
>>> obs["observation"].shape, info["seat"], info["hand"], sorted(info)
((1595,), 0, 1, ['hand', 'seat'])

``info`` holds only what the agent's seat may know: its seat and the hand number (1 for the
first hand, as ``render()`` shows it), and once the episode is over the game's seed
(``game_seed``), which during the game would give away every hidden card (E-28, P10-R09,
AMZ-R06, AMZ-R10).

``max_steps`` counts the agent's own steps, as Gymnasium's ``max_episode_steps`` counts calls
to ``step``: the bots' moves in between do not use it up, so ``reset`` never deals an episode
that is already over.

>>> e = SingleAgentEnv(game="phase10", players=2, max_steps=1)  # seat 1 starts this deal
>>> obs, info = e.reset(seed=1)
>>> int(obs["action_mask"].sum()) > 0, "game_seed" in info
(True, False)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, Literal, SupportsFloat

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from phase10.bots import make_bot
from phase10.kernel.bots import AnyBot
from phase10.rl.aec import WIN, RawEnv, Reward, action_index, check_max_steps
from phase10.rl.render import render_view
from phase10.rl.spec import gymnasium_id, learning_games

Obs = dict[str, npt.NDArray[Any]]


class SingleAgentEnv(gym.Env[Obs, np.int64]):
    """``players`` seats; the agent plays ``seat``, bots named by ``opponents`` (one name for
    all, or one per other seat in seat order) play the rest, with randomness seeded from
    the game's seed so an episode replays exactly.

    An index of the space outside the mask ends the episode as a loss (reward -1,
    ``terminated``, ``info["illegal_action"]``, and ``info["illegal_reason"]``, the
    engine's reason where it has one) under ``on_illegal="lose"``, the default,
    which keeps Gymnasium's checks (they step with unmasked samples) meaningful; ``"raise"``
    raises.
    ``max_steps`` agent steps truncate the episode. After the end of an episode, forfeit and
    truncation included, ``step`` refuses until ``reset``, and the last observation's mask is
    empty, as ``action_masks()`` is.
    """

    # Gymnasium warns at the first render() of an environment without ``render_fps``. Text
    # has no frame rate; 4 is what a person reading the rendered turns would keep up with.
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: str = "phase10",
        players: int = 2,
        seat: int = 0,
        opponents: str | Sequence[str] = "greedy",
        rules: Any = None,
        variants: Iterable[str] = (),
        reward: Reward = "game",
        seed: int | None = None,
        render_mode: str | None = None,
        max_steps: int | None = None,
        on_illegal: Literal["lose", "raise"] = "lose",
    ) -> None:
        if on_illegal not in ("lose", "raise"):
            raise ValueError(f"on_illegal must be 'lose' or 'raise', not {on_illegal!r}")
        self.on_illegal = on_illegal
        self.max_steps = check_max_steps(max_steps)
        self.aec = RawEnv(
            game=game,
            players=players,
            rules=rules,
            variants=variants,
            seed=seed,
            reward=reward,
            render_mode=render_mode,
            # The limit is on the agent's steps, counted here: the game's own count takes in
            # the bots' moves, which could use it up before the agent's first decision.
            max_steps=None,
        )
        if not 0 <= seat < players:
            raise ValueError(f"seat must be 0..{players - 1}, not {seat}")
        names = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != players - 1:
            raise ValueError(f"name {players - 1} opponents, one per other seat, not {len(names)}")
        others = [s for s in range(players) if s != seat]
        self.bots: dict[int, AnyBot] = {
            s: make_bot(name, self.aec.game.name) for s, name in zip(others, names, strict=True)
        }
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self._bot_rng = random.Random(0)
        self._forfeited = False
        self._truncated = False
        self._steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        self.aec.reset(seed=seed)
        self._bot_rng = random.Random(f"bots:{self.aec.game_seed}")
        self._forfeited = False
        self._truncated = False
        self._steps = 0
        self._reward = 0.0
        self._bots_play()
        return self._observe(), self._info()

    def step(self, action: np.int64 | int) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the agent's action index (a Python or NumPy integer, or a 0-d integer array),
        then the bots up to the agent's next decision or the end. Any other type is refused
        with ``TypeError``, an integer outside the space with ``ValueError``; either leaves
        the episode as it was."""
        aec = self.aec
        if self._over():
            raise RuntimeError("the episode is over: call reset()")
        index = action_index(action, aec.spec.actions)
        self._reward = 0.0
        if index not in aec.legal and self.on_illegal == "lose":
            # The mask is the contract; an agent that ignores it loses the game at once, and
            # the game itself is left as it was (info says which index and why). The episode
            # is over for good: the seed now in info must not help a game still going on.
            reason = aec.why_illegal(index)
            self._forfeited = True
            info = {**self._info(), "illegal_action": index, "illegal_reason": reason}
            return self._observe(), -WIN, True, False, info
        aec.step(index)
        self._steps += 1
        self._collect()
        self._bots_play()
        terminated = aec.terminations[self.agent]
        # The step that reaches the limit is played in full, the bots' replies included, so
        # the last observation is one of the agent's own decisions, as every other one is.
        if not terminated and self.max_steps is not None and self._steps >= self.max_steps:
            self._truncated = True
        return self._observe(), self._reward, terminated, self._truncated, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The agent's legal indices now, as booleans: what sb3-contrib's ``MaskablePPO`` asks
        an environment for, so it needs no ``ActionMasker`` wrapper. The same as the
        observation's ``action_mask``; all ``False`` once the episode is over.

        >>> e = SingleAgentEnv(game="programmes", players=2, opponents="random")
        >>> obs, _ = e.reset(seed=1)
        >>> mask = e.action_masks()
        >>> mask.dtype, bool((mask == obs["action_mask"].astype(bool)).all())
        (dtype('bool'), True)
        """
        aec = self.aec
        return aec.spec.mask({} if self._over() else aec.legal).astype(np.bool_)

    def _over(self) -> bool:
        """Whether the episode has ended: by the game's end, a forfeit or ``max_steps``."""
        return self._forfeited or self._truncated or self.aec.terminations[self.agent]

    def _observe(self) -> Obs:
        """The agent's observation, whose mask is ``action_masks()``: a forfeit or
        ``max_steps`` ends the episode with the agent to act, and ``step`` then refuses
        the moves the game itself would still allow."""
        obs = self.aec.observe(self.agent)
        if self._over():
            obs["action_mask"] = self.aec.spec.mask({})
        return obs

    def _collect(self) -> None:
        self._reward += self.aec.rewards[self.agent]

    def _bots_play(self) -> None:
        """Bot turns until the agent decides or the game ends."""
        aec = self.aec
        while not aec.terminations[self.agent]:
            seat = aec.game.to_act(aec.state)
            if seat == self.seat:
                return
            aec.play(self.bots[seat].choose(aec.view, self._bot_rng))
            self._collect()

    def _info(self) -> dict[str, Any]:
        """Public facts only. The seed replays the deal: every hand, the draw order and the
        other seats' programs, so it is told only once nothing is left to play."""
        aec = self.aec
        # The engine counts hands from 0; ``hand`` is the number ``render()`` and every front
        # end show, so that a log line and the rendered table name the same hand.
        hand = aec.game.hand_number(aec.state) + 1
        info: dict[str, Any] = {"seat": self.seat, "hand": hand}
        if self._over():
            info["game_seed"] = aec.game_seed
        return info

    def render(self) -> str | None:
        """The agent's own view as text under ``render_mode="ansi"``, whoever is to act: the
        game's own rendering shows the acting seat's view, which may be a bot's hand.

        >>> e = SingleAgentEnv(game="phase10", players=2, seat=1, render_mode="ansi")
        >>> _ = e.reset(seed=3)
        >>> e.render().splitlines()[0]
        'Phase 10 · hand 1 · rules: Standard rules · player_1 sees'
        """
        aec = self.aec
        if self.render_mode is None or aec.state is None:
            return aec.render()
        return render_view(aec.game, aec.game.view(aec.state, self.seat), aec.players)

    def close(self) -> None:
        self.aec.close()


def registered_env(registered_game: str, **kwargs: Any) -> SingleAgentEnv:
    """What ``gymnasium.make`` builds for ``registered_game``'s id (``phase10/Phase10-v0``):
    that game's environment, with ``kwargs`` as ``SingleAgentEnv`` takes them. The id names
    the game, so a ``game`` argument may only repeat it: another game is refused rather
    than built under an id that says otherwise.

    >>> registered_env("phase10", game="programmes")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: phase10/Phase10-v0 is the phase10 game's environment, not game='programmes': ...
    """
    game = kwargs.pop("game", registered_game)
    if game != registered_game:
        other = f"make {gymnasium_id(game)} instead, or " if game in learning_games() else ""
        raise ValueError(
            f"{gymnasium_id(registered_game)} is the {registered_game} game's environment, "
            f"not game={game!r}: {other}leave game out"
        )
    return SingleAgentEnv(game=registered_game, **kwargs)
