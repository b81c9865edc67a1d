"""The text ``render_mode="ansi"`` shows: one seat's view, nothing it may not see, in the words
the game's own presentation gives every front end (English, seats named as their agents).

>>> from phase10.games import get
>>> game = get("phase10")
>>> text = render_view(game, game.view(game.new_game(game.find_rules("standard"), 2, 3), 0), 2)
>>> print(text.splitlines()[0])
Phase 10 · hand 1 · rules: Standard rules · player_0 sees
"""

from __future__ import annotations

from typing import Any

from phase10.kernel.game import Game


def render_view(game: Game, view: Any, players: int) -> str:
    """The heading, whose turn it is, the seat's hand, the piles, every seat's progress and
    the groups on the table."""
    shown = game.present(view, [f"player_{s}" for s in range(players)], "en")
    seat = "the table" if shown.seat is None else f"player_{shown.seat}"
    piles = "; ".join(
        f"{pile.label}: {pile.count}" + (f", top {pile.top.code}" if pile.top else "")
        for pile in shown.piles
    )
    lines = [
        f"{shown.heading} · {seat} sees",
        shown.turn,
        f"Hand: {' '.join(card.code for card in shown.hand) or '(empty)'}",
        piles,
        *(player.summary for player in shown.players),
        *([group.label for group in shown.table] or [shown.table_empty]),
    ]
    return "\n".join(lines)
