"""A finished table's record and its replay, step by step, with every hand shown: once the
game is over nothing is secret (``/replay/<table>``; refused while the game is on).

>>> from phase10.match import Match, Seat
>>> from phase10.bots import make_bot
>>> from phase10 import find_variant
>>> rules = find_variant("standard+n_phases=1")
>>> seats = [Seat("Ann", make_bot("greedy")), Seat("Bob", make_bot("greedy"))]
>>> match = Match.start(rules, seats, 2)
>>> _ = match.run_bots_until_human()
>>> first = replay_step(match, 0, "en")
>>> first["step"], first["steps"] == match.version, len(first["hands"]), first["action"]
(0, True, 2, None)
>>> replay_step(match, 1, "en")["action"] in {"draw", "take"}
True
>>> replay_step(match, 1, "fr")["move"]["label"].split()[0] in {"Piocher", "Prendre"}
True
>>> first["goals"]  # a Phase 10 player's phase is no secret
[None, None]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phase10.kernel.presentation import presentation_to_json
from phase10.match import Match
from phase10.web.snapshots import positions_of

__all__ = ["replay_step", "table_record"]


def table_record(match: Match) -> dict[str, Any]:
    """The game's record, as ``phase10.read_record`` reads it (the engine API; no command does)."""
    return match.record.to_dict()


def replay_step(match: Match, step: int, lang: str, *, words: bool = False) -> dict[str, Any]:
    """The game after its first ``step`` actions (clamped to the game): the action that led
    there, the sentences it caused (``words``: cards named in words), every hand, and the
    table as everyone sees it."""
    record, game = match.record, match.game
    steps = len(record.actions)
    step = max(0, min(step, steps))
    # From the nearest kept position, not the start; the position before the step's move
    # too (its player's table words the move), then the move itself.
    before = positions_of(match).at(step - 1) if step else None
    state = (
        positions_of(match).at(0)
        if before is None
        else game.apply(before, record.actions[step - 1])
    )
    said = {"rules": match.rules, "lang": lang, "words": words}
    events = game.narrate(state.events, match.names, None, **said)
    public = game.view_to_json(game.public_view(state))
    public.pop("events", None)
    public.pop("legal", None)
    names = match.names
    seats = range(len(match.seats))
    action = game.format_action(record.actions[step - 1]) if step else None
    return {
        "step": step,
        "steps": steps,
        "action": action,
        "move": _move_words(match, before, action, lang, words, events[:1]),
        "seat": game.to_act(state),
        "events": events,
        "hands": [list(game.view_to_json(game.view(state, s))["hand"]) for s in seats],
        "names": list(names),
        "view": public,
        # What the table shows, as the game words it (docs/schema/presentation.schema.json):
        # the public table, and each hand's cards with their words.
        "table": presentation_to_json(game.present(game.public_view(state), names, lang)),
        "faces": [
            presentation_to_json(game.present(game.view(state, s), names, lang).hand) for s in seats
        ],
        # What each seat worked toward unseen (a programmes player's program), once the game
        # is over: ``None`` each where the game hides no goal.
        "goals": [_hidden_goal(game, game.view(state, s), lang) for s in seats],
    }


def _hidden_goal(game: Any, view: Any, lang: str) -> str | None:
    """The game's ``hidden_goal`` of the view's seat, where the game has one."""
    said = getattr(game, "hidden_goal", None)
    return None if said is None else said(view, lang)


def _move_words(
    match: Match,
    before: Any,
    action: str | None,
    lang: str,
    words: bool,
    said: Sequence[str] = (),
) -> dict[str, Any] | None:
    """Who made the move ``action`` from the position ``before`` and the move as their table
    offered it, in ``lang`` (the label of its button: "Défausser 11 vert"), or ``None``
    before the first move. A move on the mover's own group, which their button names as
    "your set", is ``said`` as the step's first sentence instead ("Sam hit a wild as 5 on
    their own set of 5s."): a replay's reader is not the mover."""
    if action is None or before is None:
        return None
    game = match.game
    seat = game.to_act(before)
    offered = game.present(game.view(before, seat), match.names, lang, words=words).moves
    move = next((m for m in offered if m.id == action), None)
    label = (move.spoken or move.label) if move is not None else action
    words_of = {"seat": seat, "name": match.names[seat], "label": label}
    own = (
        move is not None
        and (move.target or "").split(".")[0] == str(seat)
        and "." in (move.target or "")
    )
    if own and said:
        words_of["said"] = said[0]
    return words_of
