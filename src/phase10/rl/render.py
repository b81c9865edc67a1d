"""The text ``render_mode="ansi"`` shows: one seat's view, nothing it may not see.

>>> from phase10.games import get
>>> game = get("phase10")
>>> text = render_view(game, game.view(game.new_game(game.find_rules("standard"), 2, 3), 0))
>>> text.splitlines()[0]
'Phase 10, hand 1: seat 0 sees; seat 0 to act (draw)'
"""

from __future__ import annotations

from typing import Any

from phase10.kernel.game import Game
from phase10.kernel.state import Stage


def render_view(game: Game, view: Any) -> str:
    """The seat's hand, the piles, the groups on the table and every seat's progress."""
    stage = {Stage.DRAW: "draw", Stage.PLAY: "play", Stage.OVER: "over"}[view.stage]
    title = "Phase 10" if game.name == "phase10" else "Programmes"
    lines = [
        f"{title}, hand {view.hand_number + 1}: seat {view.seat} sees; "
        f"seat {view.current} to act ({stage})",
        f"Hand: {game.format_cards(view.hand) or '(empty)'}",
        f"Discard pile top: {game.format_cards(view.discard_pile[-1:]) or '(empty)'}; "
        f"draw pile: {view.draw_pile_size} cards",
    ]
    for seat, player in enumerate(view.players):
        groups = " | ".join(str(g) for g in view.table[seat]) or "nothing laid"
        lines.append(f"Seat {seat}: {player.hand_size} cards; {groups}")
    if view.outcome is not None:
        lines.append(f"Game over: seat {view.outcome.winner} wins")
    return "\n".join(lines)
