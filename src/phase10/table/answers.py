"""The answers to what a seat asks of its table (docs/protocol.md): a move (``act``), answered
``ack`` or ``error`` naming the rule, and a hint. A server and a local table answer with these
same functions, so a client meets the same answers, in its language, wherever the game is.

>>> from phase10.match import Match, Seat
>>> from phase10 import find_variant
>>> match = Match.start(find_variant("standard"), [Seat("Ann"), Seat("Bob")], seed=4)
>>> seat = match.to_act
>>> answer_act(match, seat, "a1", match.version, text="discard R7", lang="en")["rule"]
'D-19'
>>> answer_act(match, seat, "a2", match.version, text="draw", lang="en")
{'type': 'ack', 'id': 'a2', 'version': 1}
>>> answer_hint(match, 1 - seat, "h1", "en")["text"]
"It is Ann's turn, not yours."
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from phase10.kernel.errors import IllegalActionError, NotationError
from phase10.match import Match, MatchError, NotYourTurnError, StaleVersionError
from phase10.table.messages import error_payload, explain
from phase10.table.notices import render_notice

__all__ = ["answer_act", "answer_hint", "not_yours", "refusal"]


def refusal(code: str, key: str, action_id: str | None, lang: str, **params: Any) -> dict[str, Any]:
    """An ``error`` answer with the table's sentence ``key`` (a notice, filled in with
    ``params``) in ``lang``."""
    return error_payload(code, render_notice(key, params, lang), action_id=action_id)


def not_yours(match: Match, seat: int | None, action_id: str | None, lang: str) -> dict[str, Any]:
    """The ``not_your_turn`` answer, naming whose turn it is when a seat asked off its turn
    (a screen reader's user would otherwise ask again to learn it)."""
    if seat is not None and not match.is_over and match.to_act != seat:
        name = match.names[match.to_act]
        return refusal("not_your_turn", "web.turn_of", action_id, lang, name=name)
    return refusal("not_your_turn", "web.not_your_turn", action_id, lang)


def answer_act(
    match: Match,
    seat: int,
    action_id: str,
    version: int,
    *,
    action: Any = None,
    text: str | None = None,
    lang: str = "en",
    commit: Callable[[int, Any, str | None, int], None] | None = None,
) -> dict[str, Any]:
    """Play the seat's move, given as the game's action JSON (``action``) or its notation
    (``text``), against ``version``: ``ack`` with the new version, or an ``error`` that says
    why in ``lang`` (with the rule's id for an illegal move) and changes nothing.

    ``commit(seat, action, action_id, version)`` plays it (by default on the match alone; a
    server also stores it, and raises to refuse it).
    """
    if match.is_over:
        return refusal("game_over", "web.game_over", action_id, lang)
    try:
        if text is not None:
            parsed = match.game.parse_action(text)
        else:
            parsed = match.game.action_from_json(action)
    except NotationError as exc:
        return error_payload("bad_action", explain(exc, lang), action_id=action_id)
    try:
        if commit is None:
            match.play(seat, parsed, version)
        else:
            commit(seat, parsed, action_id, version)
    except StaleVersionError:
        return refusal("stale", "web.stale", action_id, lang)
    except NotYourTurnError:
        return not_yours(match, seat, action_id, lang)
    except IllegalActionError as exc:
        return error_payload("illegal", explain(exc, lang), action_id=action_id, rule=exc.rule)
    except MatchError:
        return refusal("game_over", "web.game_over", action_id, lang)
    return {"type": "ack", "id": action_id, "version": match.version}


def answer_hint(
    match: Match, seat: int | None, hint_id: str, lang: str, *, words: bool = False
) -> dict[str, Any]:
    """The game's own hint for the seat, as every front end gives it (the same move for the
    same view): its action, its notation and its sentence in ``lang`` (``words``: naming
    cards in words); an ``error`` when it is not the seat's turn."""
    if seat is None or match.is_over or match.to_act != seat:
        return not_yours(match, seat, hint_id, lang)
    shown = match.game.present(match.view(seat), match.names, lang, hint=True, words=words)
    if shown.hint is None:
        return refusal("not_your_turn", "web.not_your_turn", hint_id, lang)
    move = shown.move(shown.hint.move)
    return {
        "type": "hint",
        "id": hint_id,
        "version": match.version,
        "action": dict(move.action),
        "text": move.id,
        "sentence": shown.hint.text,
    }
