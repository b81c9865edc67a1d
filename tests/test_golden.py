"""Golden playthroughs: seeded games stored as text in tests/golden/ (DESIGN.md section 5).

Any change in play, events or state digests shows up as a diff. When the change is intended,
regenerate the files with ``python scripts/regenerate_golden.py`` and review ``git diff``.
"""

from __future__ import annotations

import difflib
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "regenerate_golden.py"


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("regenerate_golden", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


GOLDEN = _load_script()
GAMES: tuple[object, ...] = GOLDEN.GAMES
render: Callable[[object], str] = GOLDEN.render


def _name(game: object) -> str:
    name: str = getattr(game, "filename")  # noqa: B009 - the script's Game type is not importable
    return name


@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_golden_playthrough_is_unchanged(game: object) -> None:
    path = ROOT / "tests" / "golden" / _name(game)
    assert path.exists(), f"{path} is missing; create it with: python scripts/regenerate_golden.py"
    expected = path.read_text(encoding="utf-8")
    actual = render(game)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(),
            actual.splitlines(),
            fromfile=f"stored {path.name}",
            tofile="engine now",
            lineterm="",
            n=2,
        )
        shown = "\n".join(list(diff)[:60])
        pytest.fail(
            f"the golden playthrough {path.name} changed (first differences below).\n"
            "If the change is intended, run `python scripts/regenerate_golden.py` "
            "and review `git diff tests/golden/`.\n" + shown,
            pytrace=False,
        )


def test_golden_files_are_all_known() -> None:
    stored = {p.name for p in (ROOT / "tests" / "golden").glob("*.txt")}
    assert stored == {_name(g) for g in GAMES}
