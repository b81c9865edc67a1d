"""A trained policy as a bot: ``make_bot("rl:path/to/policy.pt")``, so ``phase10 simulate
--bots rl:examples/policies/phase10-heads-up.pt,greedy`` plays it. The name ``rl`` is
registered in the ``phase10.bots`` entry-point group (pyproject.toml) as :func:`policy_bot`,
as any installed package registers its bots (:mod:`phase10.bots.plugins`).

It sees what the environment's agent saw in training: its view encoded by the game's spec
with a :class:`~phase10.kernel.memory.TableMemory` of passed and discarded cards. A bot is
shown only its own turns' views, so it keeps that memory through the ``watch`` hook: the
simulator and a match call ``watch(public_view, seat, action)`` on every bot that has it
before each action of any seat is applied (``phase10.bots.watch_all``). It plays the most
likely legal action (deterministic: it needs no randomness).

>>> import os, tempfile
>>> from phase10.rl.policy import build_policy, save_policy
>>> path = os.path.join(tempfile.mkdtemp(), "tiny.pt")
>>> save_policy(build_policy("phase10", hidden=(8,)), path)
>>> PolicyBot(path).name == f"rl:{path}"
True
"""

from __future__ import annotations

import os
import random
from typing import TYPE_CHECKING, Any, Final

from phase10.kernel.errors import Phase10Error
from phase10.kernel.memory import TableMemory
from phase10.rl.policy import load_policy
from phase10.rl.spec import spec_for

if TYPE_CHECKING:
    from phase10.rl.network import MaskedPolicy

#: The bot-name prefix that names a policy file.
PREFIX: Final = "rl:"
#: Policies already read, by file, its modification time and the game: the simulator makes
#: new bots for every game, and a policy's network is only read, never changed, in play.
_LOADED: dict[tuple[str, float, str], MaskedPolicy] = {}


def _loaded(path: str, game: str) -> MaskedPolicy:
    try:
        key = (os.path.abspath(path), os.path.getmtime(path), game)
    except OSError:
        return load_policy(path, game)  # it raises the clear error
    if key not in _LOADED:
        if len(_LOADED) >= 4:  # a run plays a policy or two; keep memory flat
            _LOADED.clear()
        _LOADED[key] = load_policy(path, game)
    return _LOADED[key]


class PolicyBot:
    """The policy saved at ``path`` playing ``game`` greedily over its legal actions."""

    def __init__(self, path: str | os.PathLike[str], game: str = "phase10") -> None:
        self.name = PREFIX + os.fspath(path)
        self.games = (game,)
        self.spec = spec_for(game)
        self.policy = _loaded(os.fspath(path), game)
        self.memory: TableMemory | None = None

    def _memory(self, view: Any) -> TableMemory:
        if self.memory is None:
            self.memory = self.spec.memory(len(view.players))
        return self.memory

    def watch(self, public_view: Any, seat: int, action: Any) -> None:
        """Note ``action`` of ``seat``, about to be applied to the position ``public_view``
        shows (the environment records every action the same way)."""
        self._memory(public_view).record(public_view, action)

    def choose(self, view: Any, rng: random.Random) -> Any:
        """The legal action the policy ranks first."""
        legal = self.spec.legal_indices(view)
        if len(legal) == 1:
            return next(iter(legal.values()))
        obs = self.spec.encode(view, self._memory(view))
        return legal[self.policy.act(obs, self.spec.mask(legal))]


def policy_bot(path: str, game: str = "phase10") -> PolicyBot:
    """The bot for ``rl:path`` (the entry point ``rl``): a :class:`PolicyBot`, or a
    ``ValueError`` that says what is wrong with the file (missing, not a policy, another game).

    >>> policy_bot("", "phase10")
    Traceback (most recent call last):
    ...
    ValueError: name the policy file, rl:path/to/policy.pt
    """
    if not path:
        raise ValueError("name the policy file, rl:path/to/policy.pt")
    try:
        return PolicyBot(path, game)
    except Phase10Error as exc:
        raise ValueError(str(exc)) from None
