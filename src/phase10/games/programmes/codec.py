"""The programmes game in JSON: actions both ways (lossless), views and events one way. The
schemas are ``docs/schema/programmes-{action,view,event}.schema.json``.

Cards are their notation strings (``"AS"``, ``"10H"``, ``"2D"``, ``"JK"``). A combination is
``{"kind": "set" | "run", "suit": "S" | "H" | "D" | "C" | null, "cards": [...], "values":
[...]}``, ``values`` saying what each card stands for: 1 (ace) to 13 (king), 14 for an ace at
the high end of a run; ``suit`` is a run's, ``null`` for a set. Actions:

- ``{"type": "draw", "source": "draw_pile" | "discard_pile"}`` (``draw``, ``take``);
- ``{"type": "swap"}``; ``{"type": "discard", "card": C}``;
- ``{"type": "reveal", "combos": [COMBO, ...]}``; ``{"type": "meld", "combo": COMBO}``;
- ``{"type": "extend", "card": C, "owner": SEAT, "index": I, "value": V}`` (``value`` -1: the
  one place a wild fits).

A program card is ``{"id": "PRG-22", "description": "1x run of 4, suits S C", "sun": false}``;
events name program cards by their index in the rule set's list of programs.

>>> from phase10.games.programmes.actions import parse_programme_action
>>> action_to_json(parse_programme_action("extend AS=A+ on 1.0"))
{'type': 'extend', 'card': 'AS', 'owner': 1, 'index': 0, 'value': 14}
>>> str(action_from_json({"type": "meld", "combo": {"kind": "set", "suit": None,
...     "cards": ["7S", "7H", "JK"], "values": [7, 7, 7]}}))
'meld set 7S 7H JK=7'
>>> action_from_json({"type": "reveal", "combos": [{"kind": "run"}]})
Traceback (most recent call last):
...
phase10.kernel.errors.NotationError: action.combos[0]: missing field 'suit'
"""

from __future__ import annotations

from phase10.games.programmes.actions import (
    DiscardCard,
    Extend,
    Meld,
    ProgrammeAction,
    Reveal,
    SwapProgram,
)
from phase10.games.programmes.cards import SUITS, PlayingCard
from phase10.games.programmes.combos import Combination
from phase10.games.programmes.programs import ProgramCard
from phase10.games.programmes.state import ProgrammeEvent
from phase10.games.programmes.view import ProgrammeView, PublicProgrammer
from phase10.kernel import codec as j
from phase10.kernel.actions import Draw
from phase10.kernel.codec import JSONObject
from phase10.kernel.kinds import Kind

_KINDS = ("draw", "swap", "reveal", "meld", "extend", "discard")


def combo_to_json(combo: Combination) -> JSONObject:
    """A combination: its kind, its suit (a run's), its cards and what each stands for.

    >>> combo_to_json(Combination.parse("run QS KS 2D=AS"))
    {'kind': 'run', 'suit': 'S', 'cards': ['QS', 'KS', '2D'], 'values': [12, 13, 14]}
    """
    return {
        "kind": combo.kind.value,
        "suit": SUITS[combo.suit] if combo.suit >= 0 else None,
        "cards": j.symbols(combo.cards),
        "values": list(combo.values),
    }


def combo_from_json(value: object, where: str = "combo") -> Combination:
    """A combination from ``combo_to_json``'s form (in any order; kept canonical)."""
    item = j.obj(value, where, ["kind", "suit", "cards", "values"])
    kind = item["kind"]
    if kind not in ("set", "run"):
        raise j.fail(f"{where}.kind", f"expected set or run, not {kind!r}", kind)
    suit = item["suit"]
    if not (suit is None or (isinstance(suit, str) and len(suit) == 1 and suit in SUITS)):
        raise j.fail(f"{where}.suit", f"expected S, H, D, C or null, not {suit!r}", suit)
    cards = j.cards(item, "cards", where, PlayingCard.from_symbol)
    values = j.integers(item, "values", where)
    if len(cards) != len(values) or not cards:
        raise j.fail(where, "cards and values must be as many, and at least one")
    pairs: list[tuple[int, int]] = list(zip(cards, values, strict=True))
    if kind == "set":
        return Combination.make(Kind.SET, pairs)
    if suit is None:
        raise j.fail(f"{where}.suit", "a run needs its suit")
    return Combination.make(Kind.RUN, pairs, SUITS.index(suit))


def action_to_json(action: ProgrammeAction) -> JSONObject:
    """The JSON object of an action; ``action_from_json`` reads it back unchanged.

    >>> action_to_json(SwapProgram()), action_to_json(DiscardCard(PlayingCard.from_symbol("QD")))
    ({'type': 'swap'}, {'type': 'discard', 'card': 'QD'})
    """
    if isinstance(action, Draw):
        return j.draw_to_json(action)
    if isinstance(action, SwapProgram):
        return {"type": "swap"}
    if isinstance(action, Reveal):
        return {"type": "reveal", "combos": [combo_to_json(c) for c in action.combos]}
    if isinstance(action, Meld):
        return {"type": "meld", "combo": combo_to_json(action.combo)}
    if isinstance(action, Extend):
        return {
            "type": "extend",
            "card": str(action.card),
            "owner": action.owner,
            "index": action.index,
            "value": action.value,
        }
    return {"type": "discard", "card": str(action.card)}


def action_from_json(value: object, where: str = "action") -> ProgrammeAction:
    """An action from its JSON object; ``NotationError`` names the bad field.

    >>> action_from_json({"type": "extend", "card": "JK", "owner": 0, "index": 1, "value": "A"})
    Traceback (most recent call last):
    ...
    phase10.kernel.errors.NotationError: action.value: expected a whole number, not 'A'
    """
    item, kind = j.kind_of(value, where, _KINDS)
    if kind == "draw":
        return j.draw_from_json(item, where)
    if kind == "swap":
        j.obj(item, where, ["type"])
        return SwapProgram()
    if kind == "reveal":
        j.obj(item, where, ["type", "combos"])
        combos = j.array(item, "combos", where)
        if not combos:
            raise j.fail(f"{where}.combos", "a reveal needs at least one combination")
        return Reveal(
            tuple(combo_from_json(c, f"{where}.combos[{i}]") for i, c in enumerate(combos))
        )
    if kind == "meld":
        j.obj(item, where, ["type", "combo"])
        return Meld(combo_from_json(item["combo"], f"{where}.combo"))
    if kind == "extend":
        j.obj(item, where, ["type", "card", "owner", "index", "value"])
        return Extend(
            j.card(item["card"], f"{where}.card", PlayingCard.from_symbol),
            j.integer(item, "owner", where, low=0),
            j.integer(item, "index", where, low=0),
            j.integer(item, "value", where, low=-1),
        )
    j.obj(item, where, ["type", "card"])
    return DiscardCard(j.card(item["card"], f"{where}.card", PlayingCard.from_symbol))


def event_to_json(event: ProgrammeEvent) -> JSONObject:
    """An event: its kind and every field (``programs`` are indices into the rule set's list).

    >>> from phase10.games.programmes.state import ProgrammeEventKind
    >>> event_to_json(ProgrammeEvent(ProgrammeEventKind.DREW, seat=0))
    ... # doctest: +NORMALIZE_WHITESPACE
    {'kind': 'drew', 'seat': 0, 'cards': [], 'target': -1, 'combos': [], 'programs': [],
     'scores': [], 'number': 0}
    """
    return {
        "kind": event.kind.value,
        "seat": event.seat,
        "cards": j.symbols(event.cards),
        "target": event.target,
        "combos": [combo_to_json(c) for c in event.combos],
        "programs": list(event.programs),
        "scores": list(event.scores),
        "number": event.number,
    }


def program_to_json(program: ProgramCard | None) -> JSONObject | None:
    """A program card's id, what it asks for, and whether it is a sun card (free)."""
    if program is None:
        return None
    return {"id": program.id, "description": program.description, "sun": program.sun}


def _player(p: PublicProgrammer) -> JSONObject:
    return {
        "hand_size": p.hand_size,
        "program": program_to_json(p.program),
        "done": [program_to_json(d) for d in p.done],
        "revealed": p.revealed,
        "has_program": p.has_program,
        "failed": p.failed,
        "may_swap": p.may_swap,
        "took": j.symbols(p.took),
    }


def view_to_json(view: ProgrammeView) -> JSONObject:
    """What ``view.seat`` sees, as JSON (``seat`` -1: a spectator's view).

    >>> from phase10.games.programmes.turns import new_game
    >>> from phase10.games.programmes.view import view_for
    >>> from phase10.games.programmes.rules import ProgrammeRules
    >>> data = view_to_json(view_for(new_game(ProgrammeRules(), players=2, seed=1), 0))
    >>> data["game"], len(data["hand"]), data["program"] is not None
    ('programmes', 13, True)
    """
    return {
        "game": "programmes",
        "rules": view.rules.name,
        "seat": view.seat,
        "hand": j.symbols(view.hand),
        "program": program_to_json(view.program),
        "players": [_player(p) for p in view.players],
        "table": [[combo_to_json(c) for c in combos] for combos in view.table],
        "discard_pile": j.symbols(view.discard_pile),
        "draw_pile_size": view.draw_pile_size,
        "program_deck_size": view.program_deck_size,
        "dealer": view.dealer,
        "current": view.current,
        "stage": view.stage.value,
        "hand_number": view.hand_number,
        "legal": [action_to_json(a) for a in view.legal],
        "events": [event_to_json(e) for e in view.events],
        "outcome": j.outcome_to_json(view.outcome),
    }
