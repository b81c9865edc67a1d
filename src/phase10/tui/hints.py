"""The full screen's hint: the move the game's presentation hints (``Game.present`` with
``hint=True``), the one source of hints every client uses, as the seat's game action.

>>> from phase10.games import get
>>> game = get("phase10")
>>> view = game.view(game.new_game(game.find_rules("standard"), 2, 3), 0)
>>> hinted_action(view) in view.legal
True
"""

from __future__ import annotations

from typing import Any

from phase10 import games


def hinted_action(view: Any) -> Any:
    """The action the presentation hints for the seat of ``view``; ``None`` when it has no
    move to make."""
    game = games.of(view)
    names = [f"{seat}" for seat in range(len(view.players))]
    shown = game.present(view, names, "en", hint=True)
    if shown.hint is None:
        return None
    return game.action_from_json(shown.move(shown.hint.move).action)
