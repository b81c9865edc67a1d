"""Shared test set-up: Hypothesis profiles, and English unless a test asks for a language.

``dev`` (the default) keeps property tests quick on a laptop; ``ci`` runs more examples,
without deadlines, derandomized so that a CI failure reproduces. Pick one with the
``HYPOTHESIS_PROFILE`` environment variable (``HYPOTHESIS_PROFILE=ci pytest``).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("dev", max_examples=50)
settings.register_profile("ci", max_examples=100, deadline=None, derandomize=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Commands choose their language from the locale (``phase10.kernel.i18n.detect_language``);
    tests expect English unless they pass ``--lang`` or set the locale themselves."""
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANGUAGE", "en")


@pytest.fixture(autouse=True)
def _own_data_and_config_dirs(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """``play`` saves to the user's data directory and reads the user's settings
    (``phase10.cli.places``): tests get their own, and no ``PHASE10_PLAIN`` from outside."""
    home = tmp_path_factory.mktemp("phase10-home")
    monkeypatch.setenv("PHASE10_DATA_DIR", str(home / "data"))
    monkeypatch.setenv("PHASE10_CONFIG_DIR", str(home / "config"))
    monkeypatch.delenv("PHASE10_PLAIN", raising=False)
