"""Shared test set-up: Hypothesis profiles.

``dev`` (the default) keeps property tests quick on a laptop; ``ci`` runs more examples,
without deadlines, derandomized so that a CI failure reproduces. Pick one with the
``HYPOTHESIS_PROFILE`` environment variable (``HYPOTHESIS_PROFILE=ci pytest``).
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("dev", max_examples=50)
settings.register_profile("ci", max_examples=100, deadline=None, derandomize=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
