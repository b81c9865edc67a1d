"""docs/rl.md's observation tables are generated from the encoders' layouts: they cannot
drift from the vectors the environment builds."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_observation_tables_in_docs_match_the_encoders() -> None:
    spec = importlib.util.spec_from_file_location("rl_tables", ROOT / "scripts" / "rl_tables.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["rl_tables"] = module
    spec.loader.exec_module(module)
    text = module.DOC.read_text(encoding="utf-8")
    assert "<!-- rl-table: phase10 -->" in text
    assert module.render(text) == text, "docs/rl.md is stale: run python scripts/rl_tables.py"
