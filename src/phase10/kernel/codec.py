"""JSON building blocks both games' codecs share: reading a decoded JSON object field by field
with errors that say where and what, and the JSON of the parts both games have (a draw, the
stage, the outcome, cards as their notation strings).

Every reading error is a ``NotationError`` whose message starts with the path of the bad value
(``action.groups[1].cards[0]``), never a ``KeyError`` or ``TypeError``.

>>> draw_from_json({"type": "draw", "source": "discard_pile"}, "action")
Draw(source=<Source.DISCARD_PILE: 'discard_pile'>)
>>> integer({"owner": "1"}, "owner", "action")
Traceback (most recent call last):
...
phase10.kernel.errors.NotationError: action.owner: expected a whole number, not '1'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from phase10.kernel.actions import Draw, Source
from phase10.kernel.errors import NotationError
from phase10.kernel.state import Outcome

T = TypeVar("T")

#: A JSON object as ``json.loads`` returns it.
JSONObject = dict[str, Any]


def fail(where: str, message: str, token: object = None) -> NotationError:
    """The error for the value at ``where``."""
    return NotationError(
        "kernel.json", where=where, detail=message, token=None if token is None else repr(token)
    )


def obj(value: object, where: str, keys: Sequence[str], optional: Sequence[str] = ()) -> JSONObject:
    """``value`` as a JSON object holding ``keys`` (and maybe ``optional``), nothing else.

    >>> obj({"type": "swap", "x": 1}, "action", ["type"])
    Traceback (most recent call last):
    ...
    phase10.kernel.errors.NotationError: action: unexpected field 'x'
    """
    if not isinstance(value, dict):
        raise fail(where, f"expected an object, not {type(value).__name__}", value)
    for key in keys:
        if key not in value:
            raise fail(where, f"missing field {key!r}")
    for key in value:
        if key not in keys and key not in optional:
            raise fail(where, f"unexpected field {key!r}", key)
    return value


def integer(value: Mapping[str, Any], key: str, where: str, *, low: int | None = None) -> int:
    """The whole number ``value[key]`` (at least ``low`` if given); a bool is not one."""
    item = value[key]
    if isinstance(item, bool) or not isinstance(item, int):
        raise fail(f"{where}.{key}", f"expected a whole number, not {item!r}", item)
    if low is not None and item < low:
        raise fail(f"{where}.{key}", f"expected at least {low}, not {item}", item)
    return item


def text(value: Mapping[str, Any], key: str, where: str) -> str:
    """The string ``value[key]``."""
    item = value[key]
    if not isinstance(item, str):
        raise fail(f"{where}.{key}", f"expected a string, not {item!r}", item)
    return item


def array(value: Mapping[str, Any], key: str, where: str) -> list[Any]:
    """The list ``value[key]``."""
    item = value[key]
    if not isinstance(item, list):
        raise fail(f"{where}.{key}", f"expected an array, not {type(item).__name__}", item)
    return item


def card(item: object, where: str, parse: Callable[[str], T]) -> T:
    """One card from its notation string, by the game's ``parse`` (``Card.from_symbol``)."""
    if not isinstance(item, str):
        raise fail(where, f"expected a card as a string, not {item!r}", item)
    try:
        return parse(item)
    except NotationError as exc:
        raise fail(where, str(exc), item) from None


def cards(value: Mapping[str, Any], key: str, where: str, parse: Callable[[str], T]) -> list[T]:
    """The cards of the list ``value[key]``."""
    return [card(c, f"{where}.{key}[{i}]", parse) for i, c in enumerate(array(value, key, where))]


def integers(value: Mapping[str, Any], key: str, where: str) -> list[int]:
    """The whole numbers of the list ``value[key]``."""
    items = array(value, key, where)
    for i, item in enumerate(items):
        if isinstance(item, bool) or not isinstance(item, int):
            raise fail(f"{where}.{key}[{i}]", f"expected a whole number, not {item!r}", item)
    return items


def kind_of(value: object, where: str, kinds: Sequence[str]) -> tuple[JSONObject, str]:
    """The object ``value`` and its ``type``, one of ``kinds``."""
    if not isinstance(value, dict):
        raise fail(where, f"expected an object, not {type(value).__name__}", value)
    if "type" not in value:
        raise fail(where, "missing field 'type'")
    kind = value["type"]
    if kind not in kinds:
        raise fail(f"{where}.type", f"expected one of {', '.join(kinds)}, not {kind!r}", kind)
    return value, str(kind)


def draw_to_json(action: Draw) -> JSONObject:
    """``{"type": "draw", "source": "draw_pile"}`` (or ``"discard_pile"``: ``take``)."""
    return {"type": "draw", "source": action.source.value}


def draw_from_json(value: JSONObject, where: str) -> Draw:
    """The ``Draw`` of a ``{"type": "draw", ...}`` object."""
    obj(value, where, ["type", "source"])
    source = value["source"]
    if source not in ("draw_pile", "discard_pile"):
        raise fail(f"{where}.source", f"expected draw_pile or discard_pile, not {source!r}")
    return Draw(Source(source))


def outcome_to_json(outcome: Outcome | None) -> JSONObject | None:
    """``None``, or the winner, the totals, why the game ended and how many hands it took.

    >>> outcome_to_json(Outcome(winner=1, totals=(5, 0), reason="only_finisher", hands=3))
    {'winner': 1, 'totals': [5, 0], 'reason': 'only_finisher', 'hands': 3}
    """
    if outcome is None:
        return None
    return {
        "winner": outcome.winner,
        "totals": list(outcome.totals),
        "reason": outcome.reason,
        "hands": outcome.hands,
    }


def symbols(items: Sequence[object]) -> list[str]:
    """Cards as their notation strings (``str`` of each card)."""
    return [str(c) for c in items]
