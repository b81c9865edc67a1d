"""How much the front ends know of each game: the counts the presentation model drives to zero.

For each door into the games (cli, tui, web, online, rl, sim, bots, bench) it counts the imports
of a game's own modules (``phase10.games.phase10...``, ``phase10.games.programmes...``), the
comparisons with a game's name (``== "programmes"``, ``game == "phase10"``...), and in the page
scripts the branches on the game (``isProgrammes``, ``game === ...``); and the lines of each
front end's code.

    python scripts/game_coupling.py           # the table for the working tree
    git stash; python scripts/game_coupling.py; git stash pop   # to compare with before
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

SRC: Final = Path(__file__).resolve().parent.parent / "src" / "phase10"
DOORS: Final = ("cli", "tui", "web", "online", "rl", "sim", "bots", "bench")
_IMPORT: Final = re.compile(r"^\s*(from|import)\s+phase10\.games\.(phase10|programmes)\b", re.M)
_NAME: Final = re.compile(
    r"""(==|!=)\s*["'](phase10|programmes)["']|["'](phase10|programmes)["']\s*(==|!=)"""
)
_JS_BRANCH: Final = re.compile(r"isProgrammes|game\s*===?\s*[\"'](phase10|programmes)[\"']")


def count(door: str) -> tuple[int, int, int, int]:
    """Imports of a game's modules, name comparisons, page-script branches, lines of code."""
    imports = names = branches = lines = 0
    for path in sorted((SRC / door).rglob("*")):
        if path.suffix == ".py":
            text = path.read_text(encoding="utf-8")
            imports += len(_IMPORT.findall(text))
            names += len(_NAME.findall(text))
        elif path.suffix == ".js":
            text = path.read_text(encoding="utf-8")
            branches += len(_JS_BRANCH.findall(text))
        else:
            continue
        lines += sum(1 for line in text.splitlines() if line.strip())
    return imports, names, branches, lines


def main() -> None:
    print(f"{'door':8} {'imports':>8} {'names':>6} {'js':>4} {'lines':>7}")
    totals = [0, 0, 0, 0]
    for door in DOORS:
        row = count(door)
        totals = [a + b for a, b in zip(totals, row, strict=True)]
        print(f"{door:8} {row[0]:8} {row[1]:6} {row[2]:4} {row[3]:7}")
    print(f"{'all':8} {totals[0]:8} {totals[1]:6} {totals[2]:4} {totals[3]:7}")
    print("reproduce: python scripts/game_coupling.py")


if __name__ == "__main__":
    main()
