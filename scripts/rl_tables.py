"""Write the observation tables of ``docs/rl.md`` from the encoders' own layouts.

Each table sits between ``<!-- rl-table: NAME -->`` and ``<!-- /rl-table -->`` and is
generated from ``phase10.rl``'s ``Layout`` objects, never written by hand, so the documented
offsets cannot drift from the vectors the environment builds.

    python scripts/rl_tables.py          # rewrite the tables in docs/rl.md
    python scripts/rl_tables.py --check  # exit 1 if docs/rl.md is out of date

``tests/rl/test_docs.py`` runs the check.
"""

from __future__ import annotations

import argparse
import re
import sys
from importlib import import_module
from pathlib import Path
from typing import Final

DOC: Final = Path(__file__).resolve().parent.parent / "docs" / "rl.md"
#: table name -> (module, layout attribute)
TABLES: Final = {
    "phase10": ("phase10.games.phase10.learning.observation", "LAYOUT"),
    "phase10-seat": ("phase10.games.phase10.learning.observation", "SEAT_FIELDS"),
    "phase10-group": ("phase10.games.phase10.learning.observation", "GROUP_FIELDS"),
    "programmes": ("phase10.games.programmes.learning.observation", "LAYOUT"),
}
_BLOCK = re.compile(r"(<!-- rl-table: ([\w-]+) -->\n)(.*?)(<!-- /rl-table -->)", re.S)


def render(text: str) -> str:
    """``text`` with every marked table regenerated (an unknown name is left as it is)."""

    def table(match: re.Match[str]) -> str:
        name = match.group(2)
        if name not in TABLES:
            return match.group(0)
        module, attribute = TABLES[name]
        layout = getattr(import_module(module), attribute)
        return f"{match.group(1)}{layout.markdown()}\n{match.group(4)}"

    return _BLOCK.sub(table, text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check; exit 1 if stale")
    args = parser.parse_args()
    old = DOC.read_text(encoding="utf-8")
    new = render(old)
    if args.check:
        if new != old:
            print(f"{DOC} is out of date: run python scripts/rl_tables.py", file=sys.stderr)
            return 1
        return 0
    DOC.write_text(new, encoding="utf-8")
    print(f"wrote {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
