"""What a typed line means at an online table: which of the legal moves the server offers.

The server sends, with each view, every legal move beside its notation (``draw``, ``take``,
``discard R7``, ``lay set R5 B5 W=5 | run G3 G4 G5 G6``, ``hit W=2 on 1.0``, ``discard S to 2``;
programmes ``reveal ...``, ``meld ...``, ``extend AS=A+ on 1.0``). A typed line is read
against those, so the client needs no rules of its own:

- the line game's short forms are understood: ``d``, ``t``, ``x 3`` (a card by position),
  ``discard S Bob`` (a Skip's target by name), ``hit R7 2`` (group 2 of the table listing),
  ``lay 2`` (the second way to lay down);
- a wild card's value may be left out (``lay set R5 B5 W | ...``), the groups and the cards in a
  group may come in any order;
- a line that starts one or more moves (``discard``, ``hit R7``) picks the only one, or lists
  the candidates to choose from by number.

>>> legal = [{"action": {}, "text": t} for t in (
...     "draw", "take")]
>>> resolve("d", legal, Table(hand=(), names=("Ann", "Bob")))
Found(entry={'action': {}, 'text': 'draw'})
>>> legal = [{"action": {}, "text": t} for t in (
...     "lay set R5 B5 W=5 | set G7 R7 Y7", "discard R5", "discard S to 1", "discard S to 2")]
>>> table = Table(hand=("R5", "B5", "W", "G7", "R7", "Y7", "S"), names=("Ann", "Bob", "Cleo"))
>>> resolve("lay set r7 y7 g7 | set W b5 R5", legal, table).entry["text"]
'lay set R5 B5 W=5 | set G7 R7 Y7'
>>> resolve("x 1", legal, table).entry["text"]
'discard R5'
>>> resolve("discard S Cleo", legal, table).entry["text"]
'discard S to 2'
>>> [e["text"] for e in resolve("discard s", legal, table).entries]
['discard S to 1', 'discard S to 2']
>>> resolve("discard B12", legal, table)
Nothing()
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from phase10.kernel.notation import parse_number, signs_as_letters

__all__ = [
    "ALIASES",
    "Found",
    "Nothing",
    "Several",
    "Table",
    "display",
    "resolve",
    "rewrite",
    "typed_form",
]

Entry = dict[str, Any]

#: The line game's one-letter moves.
ALIASES: Final = {"d": "draw", "t": "take", "x": "discard"}
#: Verbs whose first word after them is a card, which may be given by its position in the hand.
_CARD_FIRST: Final = frozenset({"discard", "hit", "extend"})
#: The words that open a group in a lay-down, a reveal or a meld.
_KINDS: Final = frozenset({"set", "run", "colour", "color"})
_TARGET: Final = re.compile(r"^(discard \S+) to (\d+)$")


@dataclass(frozen=True)
class Table:
    """What a line is read against besides the moves: the hand (by position), the players'
    names (for a Skip's target) and the groups on the table in the listing's order, each as
    its ``(owner, index)``."""

    hand: Sequence[str]
    names: Sequence[str]
    groups: Sequence[tuple[int, int]] = field(default_factory=tuple)


@dataclass(frozen=True)
class Found:
    """The one move the line means."""

    entry: Entry


@dataclass(frozen=True)
class Several:
    """Moves the line could mean: the player chooses by number."""

    entries: list[Entry]


@dataclass(frozen=True)
class Nothing:
    """No legal move fits the line."""


#: Verbs that, typed alone, list their moves (numbered, "lay N" picks one) even when there is
#: only one: laying down is too big a move to make on a bare word (the help says so).
_LISTED: Final = frozenset({"lay", "reveal", "meld"})


def _small(word: str) -> bool:
    """Whether ``word`` is a number (ASCII digits only, and not thousands of them: the one
    number parser's rule, :func:`~phase10.kernel.notation.parse_number`)."""
    return parse_number(word) is not None


def display(text: str, names: Sequence[str]) -> str:
    """A move's notation for people: a Skip's target by name.

    >>> display("discard S to 1", ["Ann", "Bob"]), display("draw", ["Ann", "Bob"])
    ('discard S to Bob', 'draw')
    """
    found = _TARGET.match(text)
    if found and int(found.group(2)) < len(names):
        return f"{found.group(1)} to {names[int(found.group(2))]}"
    return text


#: A hit's or an extension's notation: the verb, the card, the group as ``owner.index``.
_ON_GROUP: Final = re.compile(r"^((?:hit|extend) \S+) on (\d+)\.(\d+)$")


def typed_form(text: str, table: Table) -> str:
    """A move as a player types it at the line client, with no English linking word and no
    seat index: a Skip's target by name (``discard S Bob``), a hit's group by its number in
    the table's listing (``hit B2 3``). :func:`resolve` reads it back as that move.

    >>> table = Table(hand=["S", "B2"], names=["Ann", "Bob"], groups=[(0, 0), (1, 0), (1, 1)])
    >>> typed_form("discard S to 1", table), typed_form("hit B2 on 1.1", table)
    ('discard S Bob', 'hit B2 3')
    >>> typed_form("hit B2 on 2.0", table)  # a group not in the listing: as the game writes it
    'hit B2 on 2.0'
    """
    found = _TARGET.match(text)
    if found and int(found.group(2)) < len(table.names):
        return f"{found.group(1)} {table.names[int(found.group(2))]}"
    found = _ON_GROUP.match(text)
    if found:
        group = (int(found.group(2)), int(found.group(3)))
        if group in table.groups:
            return f"{found.group(1)} {list(table.groups).index(group) + 1}"
    return text


def rewrite(line: str, table: Table) -> str:
    """The line in the server's notation as far as it can be (short forms expanded)."""
    words = line.split()
    verb, rest = ALIASES.get(words[0].lower(), words[0].lower()), words[1:]
    if verb in _CARD_FIRST and rest and _small(rest[0]) and 1 <= int(rest[0]) <= len(table.hand):
        rest[0] = table.hand[int(rest[0]) - 1]
    if verb == "discard" and len(rest) in (2, 3):
        spoken = len(rest) == 3 and rest[1].lower() == "to"
        if len(rest) == 2 or spoken:
            seat = _seat(rest[-1], table.names, one_based=not spoken)
            if seat is not None:
                rest = [rest[0], "to", str(seat)]
    if verb in ("hit", "extend") and len(rest) == 2 and _small(rest[1]):
        number = int(rest[1])
        if 1 <= number <= len(table.groups):
            owner, index = table.groups[number - 1]
            rest = [rest[0], "on", f"{owner}.{index}"]
    return " ".join([verb, *rest])


def _seat(word: str, names: Sequence[str], *, one_based: bool) -> int | None:
    folded = [n.casefold() for n in names]
    if word.casefold() in folded:
        return folded.index(word.casefold())
    if _small(word):
        seat = int(word) - 1 if one_based else int(word)
        return seat if 0 <= seat < len(names) else None
    return None


def _tokens(text: str) -> list[str]:
    """Lower-case words, a wild card's ``=value`` dropped, ``|`` a word of its own."""
    return [word.split("=", 1)[0] for word in text.lower().replace("|", " | ").split()]


def _canonical(text: str) -> str:
    """The move with its groups, and the cards in each group, in a fixed order."""
    tokens = _tokens(text)
    start = next((i for i, t in enumerate(tokens) if t in _KINDS), None)
    if start is None:
        return " ".join(tokens)
    groups = " ".join(tokens[start:]).split(" | ")
    ordered = []
    for group in groups:
        kind, *cards = group.split()
        ordered.append(" ".join([kind, *sorted(cards)]))
    return " ".join([*tokens[:start], " | ".join(sorted(ordered))])


def _declared(text: str) -> list[tuple[str, str]]:
    """The ``(card, value)`` of each wild written with its value (``JK=5``, ``W=7``)."""
    pairs = [word.partition("=") for word in text.lower().replace("|", " | ").split()]
    return [(card, value) for card, eq, value in pairs if eq]


def _values_fit(typed: str, text: str) -> bool:
    """Whether every value the player gave a wild in ``typed`` is the one the move ``text``
    gives it (``10`` stands for ``10S`` in a run, ``A`` for the high ace ``A+``): a value
    given is the player's choice, never one to replace by another.

    >>> _values_fit("extend JK=5 on 0.0", "extend JK=7 on 0.0")
    False
    >>> _values_fit("extend jk=a on 0.0", "extend JK=A+ on 0.0"), _values_fit("set W b5", "set W=5")
    (True, True)
    """
    offered = _declared(text)
    for card, value in _declared(typed):
        fit = next(
            (
                pair
                for pair in offered
                if pair[0] == card
                and pair[1].startswith(value)
                and pair[1][len(value) :] in ("", "+", "c", "d", "h", "s")
            ),
            None,
        )
        if fit is None:
            return False
        offered.remove(fit)
    return True


def resolve(line: str, legal: Sequence[Entry], table: Table) -> Found | Several | Nothing:
    """The legal move(s) ``line`` means (see the module's description).

    A bare ``lay`` lists the ways to lay down even when there is one, as the help promises;
    ``lay 1`` then lays it:

    >>> one = [{"text": "lay set R5 B5 W=5 | set G7 R7 Y7", "action": {"type": "lay"}}]
    >>> table = Table(hand=["R5", "B5", "W", "G7", "R7", "Y7", "B1"], names=["Ann", "Bob"])
    >>> type(resolve("lay", one, table)).__name__, type(resolve("lay 1", one, table)).__name__
    ('Several', 'Found')
    >>> plays = [{"text": "play 7", "action": {}}, {"text": "play 9", "action": {}}]
    >>> resolve("play 9", plays, Table(hand=["7", "9"], names=["Ann", "Bob"])).entry["text"]
    'play 9'
    """
    # A card as it is shown (``8♠``) is the card the moves write with letters (``8S``).
    line = signs_as_letters(line)
    if not line.split():
        return Nothing()
    words = line.split()
    forms = [(e, str(e["text"]), display(str(e["text"]), table.names)) for e in legal]
    # A move written exactly as the list writes it is that move, whatever it looks like
    # (a game's ``play 7`` names a card, not the seventh play).
    exact = " ".join(line.lower().split())
    for entry, raw, shown in forms:
        if exact in (" ".join(raw.lower().split()), " ".join(shown.lower().split())):
            return Found(entry)
    verb = ALIASES.get(words[0].lower(), words[0].lower())
    if len(words) == 2 and _small(words[1]) and verb not in _CARD_FIRST:
        same_verb = [e for e in legal if _tokens(e["text"])[:1] == [verb]]
        number = int(words[1])
        return Found(same_verb[number - 1]) if 1 <= number <= len(same_verb) else Nothing()
    typed = rewrite(line, table)
    folded = " ".join(typed.lower().split())
    for entry, raw, shown in forms:
        if folded in (" ".join(raw.lower().split()), " ".join(shown.lower().split())):
            return Found(entry)
    canonical = _canonical(typed)
    same = [e for e, raw, shown in forms if canonical in (_canonical(raw), _canonical(shown))]
    same = [e for e in same if _values_fit(typed, str(e["text"]))]
    if len(same) == 1:
        return Found(same[0])
    if same:
        return Several(same)
    prefix = _tokens(typed)
    starting = [
        e
        for e, raw, shown in forms
        if (_tokens(raw)[: len(prefix)] == prefix or _tokens(shown)[: len(prefix)] == prefix)
        and _values_fit(typed, raw)
    ]
    if len(starting) == 1 and not (len(prefix) == 1 and prefix[0] in _LISTED):
        return Found(starting[0])
    if starting:
        return Several(starting)
    return Nothing()
