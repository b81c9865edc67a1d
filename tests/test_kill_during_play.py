"""Kill -9 during play: 0 saves lost, and no move the game printed as played is
missing from the save. A short run of ``scripts/fuzz_kills.py`` (real game processes killed
with SIGKILL at random points of play, both games); the long run is
``python scripts/fuzz_kills.py --runs 500``."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def _fuzz_kills() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fuzz_kills", ROOT / "scripts" / "fuzz_kills.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up while being made
    spec.loader.exec_module(module)
    return module


FUZZ = _fuzz_kills()


def test_kill_9_during_play_loses_no_save_and_no_printed_move() -> None:
    """8 real games (both games, 2-4 players) killed with SIGKILL after a random
    number of output lines: every save there loads, holds every move printed, and the next
    save leaves no temporary file; the killed process printed what its replay printed."""
    totals, failures = FUZZ.fuzz(runs=8, seed=17, seconds=300, resume_every=4)
    assert totals["runs"] == 8
    assert totals["saves present"] >= 4, totals  # most runs are killed after the first save
    assert totals["moves printed"] > 0, totals
    assert [(run.describe(), verdict) for run, verdict in failures] == []
    for column in FUZZ.FAILURES:
        assert totals[column] == 0, (column, totals)
