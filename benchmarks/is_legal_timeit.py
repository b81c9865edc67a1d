"""How long ``is_legal`` takes on the legal actions of 20 positions of each game (the
malformed-action checks run on the legal path too, so they are timed here).

Usage: ``python benchmarks/is_legal_timeit.py`` (a few seconds).
"""

from __future__ import annotations

import timeit
from typing import Any

from phase10.api import apply_action, find_variant, is_legal, legal_actions, new_game
from phase10.kernel.actions import Draw


def main() -> None:
    for rules in ("standard", "programmes"):
        positions: list[tuple[Any, tuple[Any, ...]]] = []
        for seed in range(20):
            state: Any = new_game(find_variant(rules), 3, seed)
            draw = next(a for a in legal_actions(state) if isinstance(a, Draw))
            state = apply_action(state, draw)
            positions.append((state, legal_actions(state)))
        count = sum(len(actions) for _, actions in positions)

        def run(positions: list[tuple[Any, tuple[Any, ...]]] = positions) -> None:
            for state, actions in positions:
                for action in actions:
                    is_legal(state, action)

        best = min(timeit.repeat(run, number=20, repeat=7))
        print(f"{rules}: {best / (20 * count) * 1e6:.2f} us per is_legal ({count} legal actions)")


if __name__ == "__main__":
    main()
