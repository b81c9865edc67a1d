"""Program cards as data (rules C.8) and the default program deck of C.9.

A program card lists directives (``mult`` combinations of a ``kind`` and an exact ``len``,
optionally with fixed ``values``) and the bottom-of-card constraints that bind all of them
(allowed ``suits``, ``no_wild``; E-30). Two sun cards are free programs (AMZ-R07).
User decks come from JSON or TOML in the same model and are validated: an impossible card is
rejected with a reason naming its id and the field (E-27, E-04, E-08).

>>> card = program_by_id(DEFAULT_PROGRAMS, "PRG-22")
>>> str(card), card.cards_needed
('PRG-22: 1x run of 4, suits S C', 4)
>>> len(DEFAULT_PROGRAMS), sum(p.copies for p in DEFAULT_PROGRAMS)
(34, 52)
>>> program_problem({"id": "X-1", "kind": "program", "copies": 1, "no_wild": True,
...     "directives": [{"mult": 1, "kind": "set", "len": 3, "values": ["2", "2", "2"]}]})
'X-1: directives[0].values: a 2 is always wild, so a set of 2s has no natural card (E-05)'
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from itertools import pairwise
from typing import Any, Final

from phase10.games.programmes.cards import ACE_HIGH, SUITS, rank_name, rank_value
from phase10.games.programmes.combos import LONGEST_RUN
from phase10.kernel.errors import NotationError, RulesError
from phase10.kernel.files import parse_json, parse_toml, read_text
from phase10.kernel.kinds import Kind
from phase10.kernel.notation import has_control, printable

#: 13 cards dealt plus the one drawn: the most a reveal can ever use (E-08, E-29).
MOST_CARDS: Final = 14
#: Per value and suit the two packs hold two naturals; there are 12 wilds (AMZ-R01, AMZ-R02).
COPIES_PER_CARD: Final = 2
WILDS_IN_DECK: Final = 12


@dataclass(frozen=True, slots=True)
class Directive:
    """``mult`` combinations of ``kind`` with exactly ``length`` cards (AMZ-R15, AMZ-R16).

    ``values`` fixes the values, in run order for a run (14 is a high ace).
    """

    mult: int
    kind: Kind
    length: int
    values: tuple[int, ...] | None = None

    def __str__(self) -> str:
        text = f"{self.mult}x {self.kind.value} of {self.length}"
        if self.values is not None:
            text += f" ({'-'.join(rank_name(v) for v in self.values)})"
        return text

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"mult": self.mult, "kind": self.kind.value, "len": self.length}
        if self.values is not None:
            out["values"] = [rank_name(v) for v in self.values]
        return out


@dataclass(frozen=True, slots=True)
class ProgramCard:
    """One program card (C.8); ``sun`` cards have no directives (AMZ-R07)."""

    id: str
    directives: tuple[Directive, ...] = ()
    suits: tuple[int, ...] | None = None
    no_wild: bool = False
    sun: bool = False
    copies: int = 1

    @property
    def groups(self) -> tuple[Directive, ...]:
        """One entry per combination to lay: each directive repeated ``mult`` times."""
        return tuple(d for d in self.directives for _ in range(d.mult))

    @property
    def cards_needed(self) -> int:
        return sum(d.mult * d.length for d in self.directives)

    @property
    def description(self) -> str:
        if self.sun:
            return "sun card (a free program)"
        parts = [" + ".join(str(d) for d in self.directives)]
        if self.suits is not None:
            parts.append("suits " + " ".join(SUITS[s] for s in self.suits))
        if self.no_wild:
            parts.append("no wilds")
        return ", ".join(parts)

    def __str__(self) -> str:
        return f"{self.id}: {self.description}"

    def to_dict(self) -> dict[str, object]:
        """The card in the C.8 model (what ``program_from_dict`` reads)."""
        if self.sun:
            return {"id": self.id, "kind": "sun", "copies": self.copies}
        return {
            "id": self.id,
            "kind": "program",
            "copies": self.copies,
            "directives": [d.to_dict() for d in self.directives],
            "suits": None if self.suits is None else [SUITS[s] for s in self.suits],
            "no_wild": self.no_wild,
        }


class _BadField(Exception):  # noqa: N818 - internal signal carrying the field name
    def __init__(self, field: str, message: str) -> None:
        super().__init__(field, message)
        self.field = field
        self.message = message


def _int(data: Mapping[str, Any], key: str, where: str, low: int, high: int) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _BadField(
            f"{where}{key}", f"must be a whole number from {low} to {high}, not {value!r}"
        )
    return value


def _values(raw: object, kind: Kind, length: int, where: str) -> tuple[int, ...] | None:
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != length:
        raise _BadField(where, f"must be a list of {length} ranks, not {raw!r}")
    try:
        ranks = [rank_value(str(v)) for v in raw]
    except NotationError as exc:
        raise _BadField(where, str(exc)) from None
    if kind is Kind.SET:
        if len(set(ranks)) != 1:
            raise _BadField(where, "the fixed values of a set are all one value (AMZ-R15)")
        if ranks[0] == 2:
            raise _BadField(where, "a 2 is always wild, so a set of 2s has no natural card (E-05)")
        return tuple(ranks)
    # A run's ace is high after the first place (J-Q-K-A), low in the first (A-2-3).
    values = [ACE_HIGH if r == 1 and i > 0 else r for i, r in enumerate(ranks)]
    if any(b != a + 1 for a, b in pairwise(values)):
        raise _BadField(where, "the fixed values of a run are consecutive, with no wrap (E-04)")
    return tuple(values)


def _directive(raw: object, index: int) -> Directive:
    where = f"directives[{index}]."
    if not isinstance(raw, dict):
        raise _BadField(f"directives[{index}]", "must be an object with mult, kind and len")
    unknown = set(raw) - {"mult", "kind", "len", "values"}
    if unknown:
        raise _BadField(
            f"{where}{sorted(unknown)[0]}", "unknown key; keys: mult, kind, len, values"
        )
    mult = _int(raw, "mult", where, 1, 3)
    if raw.get("kind") not in ("run", "set"):
        raise _BadField(f"{where}kind", f"must be 'run' or 'set', not {raw.get('kind')!r}")
    kind = Kind.RUN if raw["kind"] == "run" else Kind.SET
    length = _int(raw, "len", where, 2, MOST_CARDS)
    if kind is Kind.RUN and length > LONGEST_RUN:
        raise _BadField(f"{where}len", f"a run of {length} cannot exist: at most 13 cards (E-04)")
    return Directive(mult, kind, length, _values(raw.get("values"), kind, length, f"{where}values"))


def _suits(raw: object) -> tuple[int, ...] | None:
    if raw is None:
        return None
    # Each item is one suit letter: "HD" is not a substring of the suits.
    if not isinstance(raw, list) or not raw or any(not _suit_letter(s) for s in raw):
        raise _BadField("suits", f"must be null or a non-empty list of S, H, D, C; not {raw!r}")
    return tuple(sorted({SUITS.index(s) for s in raw}))


def _suit_letter(item: object) -> bool:
    return isinstance(item, str) and len(item) == 1 and item in SUITS


def _card(data: object) -> ProgramCard:
    if not isinstance(data, dict):
        raise _BadField("", "a program card is an object (C.8)")
    ident = data.get("id")
    if not isinstance(ident, str) or not ident.strip():
        raise _BadField("id", f"must be a non-empty string, not {ident!r}")
    if has_control(ident):
        # The id is shown on every screen; escape codes never are.
        raise _BadField("id", "holds a control character: use letters, digits and signs")
    unknown = set(data) - {"id", "kind", "copies", "directives", "suits", "no_wild"}
    if unknown:
        raise _BadField(
            sorted(unknown)[0], "unknown key; keys: id, kind, copies, directives, suits, no_wild"
        )
    copies = _int(data, "copies", "", 1, 99) if "copies" in data else 1
    kind = data.get("kind", "program")
    if kind == "sun":
        return ProgramCard(ident, sun=True, copies=copies)
    if kind != "program":
        raise _BadField("kind", f"must be 'program' or 'sun', not {kind!r}")
    raw = data.get("directives")
    if not isinstance(raw, list) or not raw:
        raise _BadField("directives", "a program needs a non-empty list of directives (C.8)")
    no_wild = data.get("no_wild", False)
    if not isinstance(no_wild, bool):
        raise _BadField("no_wild", f"must be true or false, not {no_wild!r}")
    card = ProgramCard(
        ident,
        tuple(_directive(d, i) for i, d in enumerate(raw)),
        _suits(data.get("suits")),
        no_wild,
        copies=copies,
    )
    _check_possible(card)
    return card


def _check_possible(card: ProgramCard) -> None:
    """Reject a card no hand could ever reveal (E-27, E-05, E-08, AMZ-R16)."""
    if card.cards_needed > MOST_CARDS:
        raise _BadField(
            "directives",
            f"needs {card.cards_needed} cards but a hand never holds more than {MOST_CARDS} "
            "at a reveal (E-08, E-29)",
        )
    suits = len(card.suits) if card.suits is not None else 4
    for index, d in enumerate(card.directives):
        where = f"directives[{index}]"
        if card.no_wild and d.values is not None and 2 in d.values:
            raise _BadField(
                f"{where}.values",
                "a fixed 2 can only be filled by a wild, and the card is no_wild (E-27)",
            )
        if card.no_wild and d.kind is Kind.RUN and d.length > LONGEST_RUN - 1:
            raise _BadField(
                f"{where}.len",
                f"a run of {d.length} always passes the 2 slot, which only a wild fills "
                "(E-05, E-27)",
            )
        if d.kind is Kind.SET:
            naturals = COPIES_PER_CARD * suits
            most = naturals if card.no_wild else naturals + WILDS_IN_DECK
            if d.length > most:
                raise _BadField(
                    f"{where}.len",
                    f"a set of {d.length} is impossible: only {naturals} naturals of a value "
                    f"in the allowed suits{'' if card.no_wild else ' and 12 wilds'} (AMZ-R16)",
                )


def program_from_dict(data: object) -> ProgramCard:
    """One card from the C.8 model; raises ``RulesError`` naming the card id and the field.

    >>> program_problem({"id": "R14", "directives": [{"mult": 1, "kind": "run", "len": 14}]})
    'R14: directives[0].len: a run of 14 cannot exist: at most 13 cards (E-04)'
    """
    try:
        return _card(data)
    except _BadField as bad:
        ident = data.get("id") if isinstance(data, dict) else None
        name = printable(ident) if isinstance(ident, str) and ident.strip() else "program card"
        field = f"{bad.field}: " if bad.field else ""
        raise RulesError(f"{name}: {field}{bad.message}", key=bad.field or None) from None


def program_problem(data: object) -> str | None:
    """The reason ``program_from_dict`` would reject ``data``, or ``None``."""
    try:
        program_from_dict(data)
    except RulesError as exc:
        return str(exc)
    return None


def programs_from_list(data: object, source: str = "program deck") -> tuple[ProgramCard, ...]:
    """A whole deck: a list of cards in the C.8 model with distinct ids."""
    if not isinstance(data, list) or not data:
        raise RulesError(f"{source}: a program deck is a non-empty list of program cards")
    cards: list[ProgramCard] = []
    seen: set[str] = set()
    for index, item in enumerate(data):
        try:
            card = program_from_dict(item)
        except RulesError as exc:
            raise RulesError(f"{source}: [{index}] {exc}", key=exc.key) from None
        if card.id in seen:
            raise RulesError(f"{source}: [{index}] {card.id}: id: used twice", key="id")
        seen.add(card.id)
        cards.append(card)
    if not any(not c.sun for c in cards):
        raise RulesError(f"{source}: the deck needs at least one program that is not a sun card")
    return tuple(cards)


def load_program_deck(path: str | os.PathLike[str]) -> tuple[ProgramCard, ...]:
    """A user program deck from a JSON list, or a TOML file with ``[[card]]`` tables."""
    shown = os.fspath(path)
    text = read_text(path, RulesError, " the program deck")
    if shown.lower().endswith(".toml"):
        data: object = parse_toml(text, RulesError, shown).get("card")
    else:
        data = parse_json(text, RulesError, shown)
    return programs_from_list(data, shown)


def program_by_id(deck: Sequence[ProgramCard], ident: str) -> ProgramCard:
    """The card of ``deck`` with this id (case-insensitive); ``RulesError`` lists the ids."""
    for card in deck:
        if card.id.lower() == ident.strip().lower():
            return card
    raise RulesError(f"no program card {ident!r}; ids: {', '.join(c.id for c in deck)}", key=ident)


def _default() -> tuple[ProgramCard, ...]:
    text = resources.files("phase10.games.programmes").joinpath("deck.json").read_text("utf-8")
    return programs_from_list(json.loads(text), "default deck")


#: the rulebook C.9: 50 programs in 32 designs, and the two sun cards.
DEFAULT_PROGRAMS: Final[tuple[ProgramCard, ...]] = _default()
