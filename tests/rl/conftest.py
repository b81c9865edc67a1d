"""The learning tests share two cores with the web tests, whose latency checks are timed:
PyTorch keeps to one thread here, as examples/train.py does."""

from __future__ import annotations

import contextlib

with contextlib.suppress(ImportError):
    import torch

    torch.set_num_threads(1)
