"""The words of a table that every game says the same way, for each game's presentation
(``games/<game>/present.py``): whose turn it is, a group's owner, the draw and the take, the
draw and discard piles, the hint. One place, so the games cannot drift apart in wording.

>>> from phase10.kernel.i18n import translator
>>> owned("run 3 to 6", 1, 0, ["Ann", "Bob"], translator("en"))
"Bob's run 3 to 6"
>>> draw_move(Draw(Source.DISCARD_PILE), "R7", translator("en"))
('take', 'Take R7 from the discard pile')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from phase10.kernel.actions import Draw, Source
from phase10.kernel.i18n import N_, Translator
from phase10.kernel.presentation import CardFace, Hint, Move, Pile
from phase10.kernel.seat_view import SeatView
from phase10.kernel.state import Stage

__all__ = [
    "draw_move",
    "hint_among",
    "owned",
    "refusals",
    "say",
    "shared_piles",
    "turn_refusals",
    "turn_sentence",
    "worded",
]


def say(tr: Translator, message: str, **fields: object) -> str:
    """``message`` (an English msgid) translated and filled in."""
    return tr.gettext(message).format(**fields)


def owned(
    phrase: str,
    owner: int,
    seat: int,
    names: Sequence[str],
    tr: Translator,
    *,
    combination: bool = False,
) -> str:
    """A group's words for the seat: ``your run 3 to 6`` or ``Bob's run 3 to 6``.

    ``combination``: the programmes game's word for what lies on the table, which some
    languages say where the phrase alone does not decline (German "deine Kombination").
    """
    if combination:
        if owner == seat:
            return say(tr, N_("your {combination}"), combination=phrase)
        return say(tr, N_("{name}'s {combination}"), name=names[owner], combination=phrase)
    if owner == seat:
        return say(tr, N_("your {group}"), group=phrase)
    return say(tr, N_("{name}'s {group}"), name=names[owner], group=phrase)


def turn_sentence(
    view: SeatView[Any, Any, Any], names: Sequence[str], tr: Translator, *, play: str
) -> str:
    """Whose turn it is; on the seat's own turn, what to do (``play``: the game's sentence
    for the stage after the draw, translated)."""
    if view.stage is Stage.OVER:
        return tr.gettext(N_("The game is over."))
    if view.current != view.seat:
        return say(tr, N_("It is {name}'s turn."), name=names[view.current])
    if view.stage is Stage.DRAW:
        return tr.gettext(N_("It is your turn: draw a card."))
    return play


def worded(label: Callable[[bool], Move], words: bool) -> Move:
    """A move as its button shows it (``label(False)``: cards by notation, short); for a
    reader who asked for words, with what a screen reader says (``label(True)``'s label) as
    its ``spoken``."""
    shown = label(False)
    return replace(shown, spoken=label(True).label) if words else shown


def draw_move(action: Draw, top: str | None, tr: Translator) -> tuple[str, str]:
    """The kind and label of drawing (``top``: the discard pile's top card, in notation)."""
    if action.source is Source.DRAW_PILE:
        return "draw", tr.gettext(N_("Draw from the draw pile"))
    return "take", say(tr, N_("Take {card} from the discard pile"), card=top or "?")


def shared_piles(
    view: SeatView[Any, Any, Any], tr: Translator, face: Callable[[int], CardFace]
) -> tuple[Pile, Pile]:
    """The draw pile (its size) and the discard pile (its size and its top card)."""
    top = view.discard_top
    return (
        Pile(id="draw", label=tr.gettext(N_("Draw pile")), count=view.draw_pile_size),
        Pile(
            id="discard",
            label=tr.gettext(N_("Discard pile")),
            count=len(view.discard_pile),
            top=None if top is None else face(top),
        ),
    )


def hint_among(
    chosen: str, moves: Sequence[Move], tr: Translator, reason: str | None = None
) -> Hint | None:
    """The hint for the move ``chosen`` (an id) among ``moves``: the first move if the bot
    chose none of them; ``None`` when there is no move. ``reason``, why ``chosen`` is good,
    follows the move's sentence when the hint is that move."""
    if not moves:
        return None
    move = next((m for m in moves if m.id == chosen), moves[0])
    # The hint is said (the status line), so in words where the reader asked for them.
    text = say(tr, N_("Hint: {move}."), move=move.spoken or move.label)
    if reason is not None and move.id == chosen:
        text = f"{text} {reason}"
    return Hint(move=move.id, text=text)


def pile_refusals(
    view: SeatView[Any, Any, Any], *, first: str, drawn: str, take: str | None = None
) -> tuple[tuple[str, str], ...]:
    """What the draw, take and discard keys say as the seat's turn stands (English msgids,
    for :func:`refusals`' ``own``; a kind left out keeps the shared words): the game's over,
    not the seat's turn, before the draw ``first`` (the discard waits) and, where the game
    forbids taking the discard pile's top, ``take``; after the draw ``drawn``.

    >>> from phase10 import find_variant
    >>> from phase10.games import get
    >>> game = get("phase10")
    >>> state = game.new_game(find_variant("standard"), 2, 3)
    >>> pile_refusals(game.view(state, 1 - state.current), first="x", drawn="y")[0]
    ('draw', 'It is not your turn.')
    """
    if view.stage is Stage.OVER:
        over = N_("The game is over.")
        return (("draw", over), ("take", over), ("discard", over))
    if view.seat < 0:
        return ()
    if view.current != view.seat:
        wait = N_("It is not your turn.")
        return (("draw", wait), ("take", wait), ("discard", wait))
    if view.stage is Stage.DRAW:
        if view.discard_top is None:
            take = N_("The discard pile is empty.")
        return (("discard", first),) + ((("take", take),) if take is not None else ())
    return (("draw", drawn), ("take", drawn))


def turn_refusals(
    view: SeatView[Any, Any, Any], names: Sequence[str], tr: Translator, words: Mapping[str, str]
) -> Mapping[str, str]:
    """The refusals ``words`` as the seat hears them: off its turn every key says whose turn
    it is (a screen reader's user asks with the key; "not your turn" would leave them to ask
    again with another).

    >>> from phase10 import find_variant
    >>> from phase10.games import get
    >>> from phase10.kernel.i18n import translator
    >>> game = get("phase10")
    >>> state = game.new_game(find_variant("standard"), 2, 3)
    >>> view = game.view(state, 1 - state.current)
    >>> turn_refusals(view, ["Ann", "Bob"], translator("fr"), {"draw": "x"})["draw"]
    "C'est au tour d'Ann, pas au vôtre."
    """
    if view.stage is Stage.OVER or view.seat < 0 or view.current == view.seat:
        return words
    said = say(tr, N_("It is {name}'s turn, not yours."), name=names[view.current])
    return MappingProxyType(dict.fromkeys(words, said))


def refusals(tr: Translator, own: Mapping[str, str]) -> Mapping[str, str]:
    """What a key says when no move of its kind is open now: the draw, the take and the
    discard as every game with piles says them, then the game's ``own`` kinds (English
    msgids), all in ``tr``'s language.

    >>> from phase10.kernel.i18n import translator
    >>> refusals(translator("en"), {"hit": "You have nothing to hit."})["hit"]
    'You have nothing to hit.'
    """
    words = {
        "draw": N_("You cannot draw now."),
        "take": N_("You cannot take the discard now."),
        "discard": N_("You cannot discard now."),
        **own,
    }
    # Read-only: a game keeps one per language and every presentation shares it.
    return MappingProxyType({kind: tr.gettext(text) for kind, text in words.items()})
