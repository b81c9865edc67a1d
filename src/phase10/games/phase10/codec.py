"""Phase 10 in JSON: actions both ways (lossless), views and events one way. The schemas are
``docs/schema/phase10-{action,view,event}.schema.json``.

Cards are their notation strings (``"R7"``, ``"W"``, ``"S"``). A group is
``{"kind": "set" | "run" | "colour", "cards": [...], "values": [...]}``, ``values`` saying what
each card stands for: a number 1-12, or in a colour group a colour 0-3 (R, B, Y, G). Actions:

- ``{"type": "draw", "source": "draw_pile" | "discard_pile"}`` (``draw``, ``take``);
- ``{"type": "lay", "phase": N | null, "groups": [GROUP, ...]}`` (``phase`` under pick-a-phase);
- ``{"type": "hit", "card": C, "owner": SEAT, "index": I, "value": V}`` (``value`` -1: the one
  place the card fits);
- ``{"type": "discard", "card": C, "target": SEAT | null}`` (a Skip's target).

Reading checks the shape only (the engine checks the rules); a bad value raises
``NotationError`` naming its path.

>>> from phase10.games.phase10.actions import parse_action
>>> action_to_json(parse_action("hit W=2 on 1.0"))
{'type': 'hit', 'card': 'W', 'owner': 1, 'index': 0, 'value': 2}
>>> str(action_from_json({"type": "lay", "phase": None,
...     "groups": [{"kind": "set", "cards": ["R5", "B5", "W"], "values": [5, 5, 5]}]}))
'lay set R5 B5 W=5'
>>> action_from_json({"type": "discard", "card": "X1", "target": None})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
phase10.kernel.errors.NotationError: action.card: 'X1' is not a card: ...
"""

from __future__ import annotations

from typing import Any

from phase10.games.phase10.actions import Action, Discard, Draw, Hit, LayDown
from phase10.games.phase10.cards import Card
from phase10.games.phase10.groups import Group
from phase10.games.phase10.state import Event
from phase10.games.phase10.view import PlayerView, PublicPlayer
from phase10.kernel import codec as j
from phase10.kernel.codec import JSONObject
from phase10.kernel.kinds import Kind

_KINDS = ("draw", "lay", "hit", "discard")
_GROUP_KINDS = {"set": Kind.SET, "run": Kind.RUN, "colour": Kind.COLOUR}


def group_to_json(group: Group) -> JSONObject:
    """A group: its kind, its cards and what each stands for.

    >>> group_to_json(Group.parse("colour G1 G2 W=G"))
    {'kind': 'colour', 'cards': ['G1', 'G2', 'W'], 'values': [3, 3, 3]}
    """
    return {"kind": group.kind.value, "cards": j.symbols(group.cards), "values": list(group.values)}


def group_from_json(value: object, where: str = "group") -> Group:
    """A group from ``group_to_json``'s form (in any order; kept canonical)."""
    item = j.obj(value, where, ["kind", "cards", "values"])
    kind = item["kind"]
    if kind not in _GROUP_KINDS:
        raise j.fail(f"{where}.kind", f"expected set, run or colour, not {kind!r}", kind)
    cards = j.cards(item, "cards", where, Card.from_symbol)
    values = j.integers(item, "values", where)
    if len(cards) != len(values) or not cards:
        raise j.fail(where, "cards and values must be as many, and at least one")
    return Group.make(_GROUP_KINDS[kind], list(zip(cards, values, strict=True)))


def action_to_json(action: Action) -> JSONObject:
    """The JSON object of an action; ``action_from_json`` reads it back unchanged.

    >>> action_to_json(Discard(Card.from_symbol("S"), 2))
    {'type': 'discard', 'card': 'S', 'target': 2}
    """
    if isinstance(action, Draw):
        return j.draw_to_json(action)
    if isinstance(action, LayDown):
        return {
            "type": "lay",
            "phase": action.phase,
            "groups": [group_to_json(g) for g in action.groups],
        }
    if isinstance(action, Hit):
        return {
            "type": "hit",
            "card": str(action.card),
            "owner": action.owner,
            "index": action.index,
            "value": action.value,
        }
    return {"type": "discard", "card": str(action.card), "target": action.target}


def action_from_json(value: object, where: str = "action") -> Action:
    """An action from its JSON object; ``NotationError`` names the bad field.

    >>> action_from_json({"type": "draw", "source": "draw_pile"})
    Draw(source=<Source.DRAW_PILE: 'draw_pile'>)
    >>> action_from_json({"type": "hit", "card": "R7", "owner": 0})
    Traceback (most recent call last):
    ...
    phase10.kernel.errors.NotationError: action: missing field 'index'
    """
    item, kind = j.kind_of(value, where, _KINDS)
    if kind == "draw":
        return j.draw_from_json(item, where)
    if kind == "lay":
        j.obj(item, where, ["type", "phase", "groups"])
        phase = None if item["phase"] is None else j.integer(item, "phase", where, low=1)
        groups = j.array(item, "groups", where)
        if not groups:
            raise j.fail(f"{where}.groups", "a lay-down needs at least one group")
        return LayDown(
            tuple(group_from_json(g, f"{where}.groups[{i}]") for i, g in enumerate(groups)), phase
        )
    if kind == "hit":
        j.obj(item, where, ["type", "card", "owner", "index", "value"])
        return Hit(
            j.card(item["card"], f"{where}.card", Card.from_symbol),
            j.integer(item, "owner", where, low=0),
            j.integer(item, "index", where, low=0),
            j.integer(item, "value", where, low=-1),
        )
    j.obj(item, where, ["type", "card", "target"])
    target = None if item["target"] is None else j.integer(item, "target", where, low=0)
    return Discard(j.card(item["card"], f"{where}.card", Card.from_symbol), target)


def event_to_json(event: Event) -> JSONObject:
    """An event: its kind and every field (``cards`` hidden from a view are simply absent).

    >>> from phase10.games.phase10.state import EventKind
    >>> event_to_json(Event(EventKind.DISCARDED, seat=1, cards=(Card.from_symbol("S"),), target=2))
    ... # doctest: +NORMALIZE_WHITESPACE
    {'kind': 'discarded', 'seat': 1, 'cards': ['S'], 'target': 2, 'groups': [], 'scores': [],
     'number': 0}
    """
    return {
        "kind": event.kind.value,
        "seat": event.seat,
        "cards": j.symbols(event.cards),
        "target": event.target,
        "groups": [group_to_json(g) for g in event.groups],
        "scores": list(event.scores),
        "number": event.number,
    }


def _player(p: PublicPlayer) -> JSONObject:
    phase: Any = None
    if p.phase is not None:
        phase = {"number": p.phase.number, "description": p.phase.description}
    return {
        "hand_size": p.hand_size,
        "phase": phase,
        "phase_index": p.phase_index,
        "completed": p.completed,
        "laid": p.laid,
        "score": p.score,
        "dealt_in": p.dealt_in,
        "skip_pending": p.skip_pending,
        "skip_lost": p.skip_lost,
        "skip_targeted": p.skip_targeted,
        "skip_placed": p.skip_placed,
        "took": j.symbols(p.took),
    }


def view_to_json(view: PlayerView) -> JSONObject:
    """What ``view.seat`` sees, as JSON (``seat`` -1: a spectator's view).

    >>> from phase10.games.phase10.turns import new_game
    >>> from phase10.games.phase10.view import view_for
    >>> from phase10.games.phase10.rules import RuleSet
    >>> data = view_to_json(view_for(new_game(RuleSet(), players=2, seed=1), 0))
    >>> data["game"], len(data["hand"]), data["stage"], data["players"][1]["phase"]["number"]
    ('phase10', 10, 'draw', 1)
    """
    return {
        "game": "phase10",
        "rules": view.rules.name,
        "seat": view.seat,
        "hand": j.symbols(view.hand),
        "players": [_player(p) for p in view.players],
        "table": [[group_to_json(g) for g in groups] for groups in view.table],
        "discard_pile": j.symbols(view.discard_pile),
        "draw_pile_size": view.draw_pile_size,
        "dealer": view.dealer,
        "current": view.current,
        "stage": view.stage.value,
        "hand_number": view.hand_number,
        "tiebreak": view.tiebreak,
        "legal": [action_to_json(a) for a in view.legal],
        "events": [event_to_json(e) for e in view.events],
        "outcome": j.outcome_to_json(view.outcome),
    }
