"""A masked-action policy for the environments (docs/rl.md): a multilayer perceptron from the
observation to one logit per action index and a value, illegal indices masked out before
the softmax, and its files. PyTorch is imported only when a policy is built or loaded, so
the rest of ``phase10.rl`` works without it; without it, :class:`PolicyError` says
``pip install -e '.[train]'``.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "tiny.pt")
>>> save_policy(build_policy("phase10", hidden=(8,)), path)
>>> load_policy(path, "phase10").hidden
(8,)
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from phase10.kernel.errors import Phase10Error
from phase10.rl.spec import spec_for

if TYPE_CHECKING:
    from phase10.rl.network import MaskedPolicy

__all__ = ["FORMAT", "PolicyError", "build_policy", "load_policy", "require_torch", "save_policy"]

#: What a policy file says it is, so another ``torch.save`` file is refused by name.
FORMAT: Final = "phase10-rl-policy"
#: The file layout's version: a change to the network's layout bumps it.
VERSION: Final = 1


class PolicyError(Phase10Error):
    """A policy that cannot be built or loaded: no PyTorch, not a policy file, another game."""


def require_torch() -> Any:
    """The ``torch`` module, or a :class:`PolicyError` that says how to install it."""
    try:
        import torch
    except ImportError:
        raise PolicyError(
            "a trained policy needs PyTorch: pip install -e '.[train]' "
            "(it installs torch==2.13.0, the CPU wheel)"
        ) from None
    return torch


def build_policy(game: str = "phase10", hidden: Sequence[int] = (256, 256)) -> MaskedPolicy:
    """A new, untrained policy sized for ``game``'s spec (``spec_for``), with ``hidden``
    layer widths; weights come from PyTorch's generator (seed it with
    ``torch.manual_seed``).

    >>> build_policy("phase10", hidden=(16,)).actions
    2097
    """
    require_torch()
    from phase10.rl.network import MaskedPolicy

    spec = spec_for(game)
    return MaskedPolicy(game, spec.observation, spec.actions, tuple(int(h) for h in hidden))


def save_policy(policy: MaskedPolicy, path: str | os.PathLike[str]) -> None:
    """Write ``policy`` to ``path``: its weights and what it was built for (the game, the
    observation and action sizes, the layer widths), so a load can check it fits."""
    torch = require_torch()
    torch.save(
        {
            "format": FORMAT,
            "version": VERSION,
            "game": policy.game,
            "observation": policy.observation,
            "actions": policy.actions,
            "hidden": list(policy.hidden),
            "state_dict": policy.state_dict(),
        },
        os.fspath(path),
    )


def load_policy(path: str | os.PathLike[str], game: str = "phase10") -> MaskedPolicy:
    """The policy saved at ``path``, for ``game``, in evaluation mode. Only tensors and plain
    values are read (``weights_only=True``: a file cannot run code); a missing file, a file
    that is not a policy, or one for another game or other sizes is a :class:`PolicyError`
    that says so."""
    torch = require_torch()
    name = os.fspath(path)
    if not os.path.isfile(name):
        raise PolicyError(f"no policy file {name!r}")
    try:
        with warnings.catch_warnings():
            # PyTorch warns, with its own source line, of a pickle protocol its safe reader
            # may not follow, then fails on it: the error below says what the file is not.
            warnings.filterwarnings("ignore", "Detected pickle protocol", UserWarning)
            data = torch.load(name, map_location="cpu", weights_only=True)
    except Exception as exc:  # a truncated file, a pickle with code in it, not a torch file
        # The name of what went wrong varies with the file (EOFError for an empty one,
        # UnpicklingError for a plain pickle...): it tells a bug report which case it was.
        raise PolicyError(f"{name!r} is not a policy file ({type(exc).__name__})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PolicyError(f"{name!r} is not a policy file (examples/train.py writes them)")
    if data.get("version") != VERSION:
        raise PolicyError(f"{name!r} is a policy file of version {data.get('version')!r}")
    if data.get("game") != game:
        raise PolicyError(f"{name!r} is a policy for the {data.get('game')} game, not {game}")
    spec = spec_for(game)
    sizes = (data.get("observation"), data.get("actions"))
    if sizes != (spec.observation, spec.actions):
        raise PolicyError(
            f"{name!r} was trained on observations of {sizes[0]} and {sizes[1]} actions; "
            f"the {game} game has {spec.observation} and {spec.actions} now"
        )
    policy = build_policy(game, data.get("hidden") or ())
    try:
        policy.load_state_dict(data["state_dict"])
    except (KeyError, RuntimeError) as exc:
        raise PolicyError(f"{name!r}: its weights do not fit its network ({exc})") from None
    policy.eval()
    return policy
