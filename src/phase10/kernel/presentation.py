"""What one seat sees and may do, in words and structure, for any game: the presentation.

A game turns a seat's view into a :class:`Presentation` (``Game.present``): the hand with each
card's notation, its words in the seat's language and its sort keys; the piles; each player's
record; the groups on the table, described; the seat's own goal; what it can do now as
sentences; and every legal move with a stable id, its label, its kind, the cards it uses and
its target. A front end draws that and nothing else, so it needs no rule of any game, and a
third game is drawn by the same screens. The server sends it as JSON
(:func:`presentation_to_json`, ``docs/schema/presentation.schema.json``).

It is made from a view only, never from the whole state, so it can hold nothing the seat may
not see.

>>> move = Move(id="draw", kind="draw", label="Draw from the draw pile", cards=(),
...             target=None, action={"type": "draw", "source": "draw_pile"})
>>> move.key
'd'
>>> presentation_to_json(Hint(move="draw", text="Draw."))
{'move': 'draw', 'text': 'Draw.'}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

__all__ = [
    "KEY_MAP",
    "MOVE_KINDS",
    "PRESENTATION_VERSION",
    "QUESTION_KEYS",
    "CardFace",
    "GroupInfo",
    "HandSummary",
    "Hint",
    "Move",
    "Pile",
    "PlayerInfo",
    "Presentation",
    "presentation_to_json",
]

#: The presentation's shape version; it changes when a field is removed or changes meaning
#: (a new field does not change it). The protocol carries it (docs/protocol.md).
PRESENTATION_VERSION: Final = 1

#: The kinds of move every front end knows, each with its one key, the same in the line
#: client, the full screen and the browser (decision 0013). ``hit`` and ``extend`` are one act
#: in two games (a card added to a group on the table) and share a key; within one game every
#: kind has its own. A game may use another kind (``"play"``): it is offered in the list of
#: moves, with no key of its own.
KEY_MAP: Final[Mapping[str, str]] = {
    "draw": "d",
    "take": "t",
    "lay_down": "l",
    "hit": "g",
    "extend": "g",
    "discard": "x",
    "reveal": "v",
    "meld": "n",
    "swap": "e",
}
MOVE_KINDS: Final = tuple(KEY_MAP)

#: The keys every front end gives its questions and helps, beside the moves' (docs/keys.md):
#: each answers in a sentence, so a screen reader or a braille display hears it.
QUESTION_KEYS: Final[Mapping[str, str]] = {
    "hand": "h",
    "piles": "p",
    "table": "b",
    "scores": "s",
    "turn": "w",
    "goal": "m",
    "moves": "a",
    "hint": "i",
    "order": "o",
    "help": "?",
    "leave": "q",
}


@dataclass(frozen=True, slots=True)
class CardFace:
    """One card as people are shown it.

    ``code`` is the notation (``R7``, ``W``, ``10H``), the same in every language and what a
    move's ``cards`` list; ``label`` its words (``red 7``, ``ten of hearts``), for a screen
    reader and a braille line; ``suit`` a family for styling (``red``, ``hearts``, ``wild``),
    never the only cue; ``by_rank`` and ``by_suit`` sort the hand the two usual ways;
    ``shown`` the face a front end draws where it is not the notation (``10♥``: a suit's
    letter is English, its sign is not), ``None`` where it is.
    """

    code: str
    label: str
    wild: bool
    suit: str
    by_rank: int
    by_suit: int
    shown: str | None = None


@dataclass(frozen=True, slots=True)
class Pile:
    """A pile on the table: ``id`` (``draw``, ``discard``, ``programs``), its name for people,
    how many cards it holds and its top card where that is face up."""

    id: str
    label: str
    count: int
    top: CardFace | None = None


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """One player as everyone may know them.

    ``points`` is ``None`` in a game that counts no points while it is played;
    ``progress`` is what rankings count (phases or programs completed) and ``progress_text``
    says it in words (``3 phases done``); ``goal`` what the
    player works on where it is public, ``status`` short words (``laid down``, ``loses the
    next turn``) and ``summary`` one sentence of it all, for a line client and a screen reader;
    ``took`` the cards they took from the discard pile this hand, which everyone saw;
    ``completed`` the goals they completed, each in a few words, where the game lays them
    face up before the player (the programmes game's program cards, ``1 set of 4``; empty
    in Phase 10, whose phases are counted, not shown).
    """

    seat: int
    name: str
    you: bool
    to_act: bool
    dealer: bool
    cards: int
    points: int | None
    progress: int
    progress_text: str
    goal: str | None
    status: tuple[str, ...]
    summary: str
    took: tuple[CardFace, ...] = ()
    completed: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GroupInfo:
    """A group (a set, run or colour group, a combination) on the table.

    ``id`` (``"1.0"``: the owner's seat, then the group's place among theirs) is what a hit
    names as its target; ``text`` the notation with what each wild stands for
    (``run R3 W=4 R5``); ``name`` the group in words (``run 3 to 5``) and ``label`` the same
    for the seat, with its owner (``Bob's run 3 to 5``); ``shown`` the ``text`` as a front end
    shows it where that differs (``run 8♠ 9♠ JK=10♠``; ``None`` where it is the ``text``).
    """

    id: str
    owner: int
    kind: str
    cards: tuple[CardFace, ...]
    text: str
    name: str
    label: str
    shown: str | None = None


@dataclass(frozen=True, slots=True)
class Move:
    """One legal move: ``id`` (its notation, stable for the same position and unique among
    the moves), its ``label`` in the seat's language, its ``kind`` (:data:`KEY_MAP`), the
    cards of the hand it uses, its target (a group's id or a seat's number, as text) and the
    game's action as JSON, which is what a client sends back to make it; ``spoken``, for a
    reader who asked for cards in words, the label as a screen reader should say it
    (``Discard red 7``; ``None`` otherwise: the label is short enough to show on a button);
    ``shown`` the ``id`` as a front end shows it where that differs (``discard 8♠``: what a
    line client lists, and reads back when typed; ``None`` where it is the ``id``)."""

    id: str
    kind: str
    label: str
    cards: tuple[str, ...]
    target: str | None
    action: Mapping[str, Any]
    spoken: str | None = None
    shown: str | None = None

    @property
    def key(self) -> str | None:
        """The key that offers moves of this kind, or ``None`` for a game's own kind."""
        return KEY_MAP.get(self.kind)


@dataclass(frozen=True, slots=True)
class Hint:
    """What a strong computer player would do now: one of the moves, and why in words."""

    move: str
    text: str


@dataclass(frozen=True, slots=True)
class HandSummary:
    """What a hand's end shows every seat: a title (``Hand 3 ended.``) and a small table,
    its column headings and one row per player, in the seat's language."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Presentation:
    """Everything one seat (``seat`` ``None``: a spectator) is shown of a game.

    ``heading`` says the game, the hand (or round) and the rules in one line; ``sorts`` name
    the two orders of the hand (by ``by_rank``, by ``by_suit``); ``progress_label`` heads a
    column of ``progress``; ``table_label`` heads the groups on the table and
    ``table_empty`` says there are none;
    ``goal`` is the seat's own objective in a sentence; ``turn`` whose turn it is and what to
    do; ``prompts`` what the seat can do now, a sentence each; ``moves`` every legal move
    (empty unless it is the seat's turn); ``refusals`` what to say when a key of the key map
    asks for moves of a kind and none is open now, for every kind this game has (a kind
    missing is one the game never offers); ``hint`` only when asked for;
    ``standing_title`` heads the final standing once the game is over, in the game's words
    (``Final standing after 5 rounds:``; empty before the end, or where the game leaves it to
    the client's own words).
    """

    game: str
    title: str
    heading: str
    rules: str
    hand_number: int
    seat: int | None
    hand: tuple[CardFace, ...]
    piles: tuple[Pile, ...]
    players: tuple[PlayerInfo, ...]
    table: tuple[GroupInfo, ...]
    table_label: str
    table_empty: str
    sorts: tuple[str, str]
    progress_label: str
    goal: str
    turn: str
    prompts: tuple[str, ...]
    moves: tuple[Move, ...]
    over: bool
    refusals: Mapping[str, str]
    hint: Hint | None = None
    standing_title: str = ""
    version: int = field(default=PRESENTATION_VERSION)

    def move(self, move_id: str) -> Move:
        """The move with this id; ``KeyError`` if there is none."""
        for move in self.moves:
            if move.id == move_id:
                return move
        raise KeyError(move_id)


#: Each presentation class's field names (``dataclasses.fields`` is slow to call per object,
#: and the server converts a presentation for every connection after every move).
_FIELDS: dict[type, tuple[str, ...]] = {}


def presentation_to_json(thing: object) -> Any:
    """A presentation (or any part of it) as JSON: tuples become lists, ``None`` stays.

    >>> presentation_to_json(Pile(id="draw", label="Draw pile", count=70))
    {'id': 'draw', 'label': 'Draw pile', 'count': 70, 'top': None}
    """
    if thing is None or isinstance(thing, (str, int, float)):
        return thing
    kind = type(thing)
    if kind is CardFace or kind is PlayerInfo or kind is GroupInfo:
        # A game words each card, player and group once and hands the same frozen object to
        # every presentation until it changes; its JSON is kept with it (read-only: the
        # server only serialises it).
        known = _JSON_OF.get(id(thing))
        if known is not None and known[0] is thing:
            return known[1]
        if len(_JSON_OF) >= _JSON_KEPT:
            _JSON_OF.clear()
        out = _part_to_json(thing)
        _JSON_OF[id(thing)] = (thing, out)
        return out
    return _part_to_json(thing)


#: Frozen parts and their JSON, by ``id`` (the part is held too, so its ``id`` stays its own).
_JSON_OF: dict[int, tuple[object, Any]] = {}
_JSON_KEPT: Final = 16384
_GROUP_FIELDS: Final = ("id", "owner", "kind", "cards", "text", "name", "label")


def _part_to_json(thing: object) -> Any:
    # The two most numerous parts, written out: a presentation holds dozens of each.
    # A ``shown`` form is sent only where a game has one: a game without keeps its JSON.
    if type(thing) is CardFace:
        card = {
            "code": thing.code,
            "label": thing.label,
            "wild": thing.wild,
            "suit": thing.suit,
            "by_rank": thing.by_rank,
            "by_suit": thing.by_suit,
        }
        if thing.shown is not None:
            card["shown"] = thing.shown
        return card
    if type(thing) is Move:
        move = {
            "id": thing.id,
            "kind": thing.kind,
            "label": thing.label,
            "cards": list(thing.cards),
            "target": thing.target,
            "action": presentation_to_json(thing.action),
        }
        if thing.spoken is not None:  # only for a reader who asked for words
            move["spoken"] = thing.spoken
        if thing.shown is not None:
            move["shown"] = thing.shown
        return move
    if type(thing) is GroupInfo and thing.shown is None:
        return {name: presentation_to_json(getattr(thing, name)) for name in _GROUP_FIELDS}
    names = _FIELDS.get(type(thing))
    if names is None and dataclasses.is_dataclass(thing) and not isinstance(thing, type):
        names = _FIELDS[type(thing)] = tuple(f.name for f in dataclasses.fields(thing))
    if names is not None:
        return {name: presentation_to_json(getattr(thing, name)) for name in names}
    if isinstance(thing, (tuple, list)):
        return [presentation_to_json(item) for item in thing]
    if isinstance(thing, Mapping):
        return {str(k): presentation_to_json(v) for k, v in thing.items()}
    return thing
