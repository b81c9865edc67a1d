"""What one seat, or a spectator, is sent: built only from that seat's view and the events
as that seat may know them (``Game.view``, ``Game.public_view``, ``Game.seen_by``), so no
payload can hold another seat's hand, the draw pile's order or a hidden program card.

Every sentence is rendered for its recipient, in the recipient's language, from the event's
key and parameters (the game's ``narrate``).

>>> from phase10.match import Match, Seat
>>> from phase10 import find_variant
>>> match = Match.start(find_variant("standard"), [Seat("Ann"), Seat("Bob")], seed=4)
>>> update = update_payload(match, 0, -1, "nl")
>>> update["seq"] == match.seq, update["view"]["seat"], len(update["view"]["hand"])
(True, 0, 10)
>>> update["events"][0]["text"]
['Bob deelt de kaarten voor ronde 1.']
>>> "hand" in update_payload(match, None, -1, "en")["view"]["players"][0]
False
>>> update["table"]["goal"]
'Je zit in fase 1: set van 3 + set van 3.'
"""

from __future__ import annotations

from typing import Any

from phase10.explain import explain_illegal, explain_notation
from phase10.kernel.errors import IllegalActionError, NotationError
from phase10.kernel.presentation import presentation_to_json
from phase10.match import Match
from phase10.standings import final_standing

__all__ = [
    "error_payload",
    "event_payloads",
    "result_payload",
    "table_payload",
    "update_payload",
    "view_payload",
]


def view_payload(match: Match, seat: int | None, view: Any = None) -> dict[str, Any]:
    """The seat's view as JSON (``None``: the public view), with the players' names and each
    legal action's notation beside its JSON."""
    game = match.game
    if view is None:  # the seat's view, unless the caller has built it already
        view = match.public_view() if seat is None else match.view(seat)
    data = game.view_to_json(view)
    data.pop("events", None)  # events travel in the log, each with its sentence
    legal = match.legal if seat is not None and seat == match.to_act and not match.is_over else ()
    data["legal"] = [
        {"action": game.action_to_json(action), "text": game.format_action(action)}
        for action in legal
    ]
    data["names"] = list(match.names)
    data["version"] = match.version
    return data


def event_payloads(
    match: Match, seat: int | None, since: int, lang: str, *, words: bool = False
) -> list[dict[str, Any]]:
    """The events after entry ``since`` as ``seat`` may know them, each with its sentences
    (``words``: the cards in them named in words); the end of a hand with the game's summary
    of it too."""
    game = match.game
    out: list[dict[str, Any]] = []
    previous: Any = None
    for entry in match.since(seat, since):
        if entry.seq == 0:
            continue  # the opening snapshot: the current view replaces it
        text = narrate_after(game, previous, entry.item, match, seat, lang, words=words)
        previous = entry.item
        payload = {"seq": entry.seq, "event": game.event_to_json(entry.item), "text": text}
        summary = game.hand_summary(entry.item, match.names, lang)
        if summary is not None:
            payload["summary"] = presentation_to_json(summary)
        out.append(payload)
    return out


def narrate_after(
    game: Any,
    previous: Any,
    event: Any,
    match: Match,
    seat: int | None,
    lang: str,
    *,
    words: bool = False,
) -> list[str]:
    """The sentences of ``event`` as they follow ``previous`` (``None``: nothing before it
    in this message): a game's narration drops what the event before already said (a
    Skip's discard names who loses a turn; the next event would say it again)."""
    said = {"rules": match.rules, "lang": lang, "words": words}
    if previous is None:
        return list(game.narrate([event], match.names, seat, **said))
    before = game.narrate([previous], match.names, seat, **said)
    both = game.narrate([previous, event], match.names, seat, **said)
    return list(both[len(before) :])


def result_payload(match: Match) -> dict[str, Any] | None:
    """The final standing once the game is over (with the seed: the game is no secret now)."""
    rows = final_standing(match)
    if not rows:
        return None
    return {
        "standing": [
            {
                "place": r.place,
                "seat": r.seat,
                "name": r.name,
                "done": r.done,
                "points": r.points,
                "winner": r.winner,
            }
            for r in rows
        ],
        "seed": match.seed,
    }


def update_payload(
    match: Match, seat: int | None, since: int, lang: str, *, words: bool = False
) -> dict[str, Any]:
    """One ``update`` message: what ``seat`` missed since entry ``since``, its view now and
    what it is shown (the presentation, in ``lang``); the view is built once for both.
    ``words``: the events' sentences name cards in words (a client that asked for them)."""
    view = match.public_view() if seat is None else match.view(seat)
    return {
        "type": "update",
        "seq": match.seq,
        "version": match.version,
        "events": event_payloads(match, seat, since, lang, words=words),
        "view": view_payload(match, seat, view),
        "table": table_payload(match, seat, lang, view, words=words),
        "result": result_payload(match),
    }


def table_payload(
    match: Match, seat: int | None, lang: str, view: Any = None, *, words: bool = False
) -> dict[str, Any]:
    """What the seat (``None``: a spectator) is shown and may do, in ``lang``: the game's
    presentation (``docs/schema/presentation.schema.json``), the same for every game; with
    ``words`` its moves name cards in words."""
    if view is None:  # the seat's view, unless the caller has built it already
        view = match.public_view() if seat is None else match.view(seat)
    shown = match.game.present(view, match.names, lang, words=words)
    payload: dict[str, Any] = presentation_to_json(shown)
    return payload


def error_payload(
    code: str,
    text: str,
    *,
    action_id: str | None = None,
    rule: str | None = None,
) -> dict[str, Any]:
    """An ``error`` message for one client (never a stack trace)."""
    out: dict[str, Any] = {"type": "error", "code": code, "text": text}
    if action_id is not None:
        out["id"] = action_id
    if rule is not None:
        out["rule"] = rule
    return out


def explain(exc: IllegalActionError | NotationError, lang: str) -> str:
    """An engine refusal in ``lang``."""
    if isinstance(exc, IllegalActionError):
        return explain_illegal(exc, lang)
    return explain_notation(exc, lang)
