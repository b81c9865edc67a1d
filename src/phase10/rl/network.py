"""The policy's network (PyTorch: import it through :mod:`phase10.rl.policy`, which says how
to install PyTorch when it is missing). One trunk of ReLU layers feeds two heads: a logit
per action index and the state's value for the seat to act.

>>> import torch
>>> net = MaskedPolicy("phase10", 1595, 2097, (8,))
>>> obs, mask = torch.zeros(1, 1595), torch.zeros(1, 2097, dtype=torch.int8)
>>> mask[0, 3] = 1
>>> net.act(obs[0].numpy(), mask[0].numpy())
3
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import torch
from torch import nn


def masked_logits(logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """``logits`` with every index where ``mask`` is 0 pushed to the float's lowest value,
    so a softmax gives it no probability (and a row with nothing legal stays finite).

    >>> masked_logits(torch.tensor([1.0, 2.0]), torch.tensor([1, 0]))[1].item() < -1e38
    True
    """
    floor = torch.finfo(logits.dtype).min
    return logits.masked_fill(mask == 0, floor)


class MaskedPolicy(nn.Module):
    """``observation`` numbers in, ``actions`` masked logits and a value out."""

    def __init__(self, game: str, observation: int, actions: int, hidden: tuple[int, ...]) -> None:
        super().__init__()
        self.game = game
        self.observation = observation
        self.actions = actions
        self.hidden = hidden
        layers: list[nn.Module] = []
        width = observation
        for size in hidden:
            layers += [nn.Linear(width, size), nn.ReLU()]
            width = size
        self.trunk = nn.Sequential(*layers)
        self.logits = nn.Linear(width, actions)
        self.value = nn.Linear(width, 1)
        # A small last layer starts the policy near uniform over the legal actions, as PPO
        # implementations do, so early play explores rather than fixing on one index.
        nn.init.orthogonal_(self.logits.weight, gain=0.01)
        nn.init.zeros_(self.logits.bias)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Masked logits ``(batch, actions)`` and values ``(batch,)``."""
        features = self.trunk(obs)
        return masked_logits(self.logits(features), mask), self.value(features).squeeze(-1)

    @torch.no_grad()
    def act(self, obs: npt.NDArray[Any], mask: npt.NDArray[Any]) -> int:
        """The most likely legal index for one observation (deterministic play)."""
        logits, _ = self(torch.from_numpy(obs[None]), torch.from_numpy(mask[None]))
        return int(logits[0].argmax())

    @torch.no_grad()
    def sample(
        self, obs: npt.NDArray[Any], mask: npt.NDArray[Any], generator: torch.Generator
    ) -> tuple[int, float, float]:
        """A legal index drawn from the policy, its log-probability and the value."""
        logits, value = self(torch.from_numpy(obs[None]), torch.from_numpy(mask[None]))
        probs = torch.softmax(logits[0], -1)
        index = int(torch.multinomial(probs, 1, generator=generator))
        return index, float(torch.log(probs[index] + 1e-12)), float(value[0])


def as_array(values: list[npt.NDArray[Any]], dtype: Any) -> torch.Tensor:
    """A batch tensor from a list of per-step arrays."""
    return torch.from_numpy(np.stack(values).astype(dtype, copy=False))
