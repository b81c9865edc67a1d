"""What a computer player is, in either game: it sees only a view and gets its randomness
injected; and the small helpers the games' heuristic bots share."""

from __future__ import annotations

import random
import traceback
from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from phase10.kernel.actions import Draw, Source
from phase10.kernel.errors import BotError, Phase10Error
from phase10.kernel.state import Stage

A = TypeVar("A")
T = TypeVar("T")
C = TypeVar("C", bound=int, covariant=True)
V = TypeVar("V", bound="TurnView[int]")
ViewT = TypeVar("ViewT", contravariant=True)
ActionT = TypeVar("ActionT", covariant=True)

_DRAW_PILE = Draw(Source.DRAW_PILE)
_TAKE = Draw(Source.DISCARD_PILE)


class Bot(Protocol[ViewT, ActionT]):
    """A computer player of a game whose views are ``ViewT`` and actions ``ActionT``:
    ``choose`` must return one of ``view.legal``. Phase 10's greedy bot is a
    ``Bot[PlayerView, Action]``, the programmes game's a ``Bot[ProgrammeView,
    ProgrammeAction]``; bots that play every game (random, ISMCTS) are ``AnyBot``.
    """

    @property
    def name(self) -> str: ...

    def choose(self, view: ViewT, rng: random.Random) -> ActionT:
        """Pick the action for the seat whose view this is (one of ``view.legal``)."""
        ...


#: A bot of any game, as the registry, a match or the simulator hold it.
AnyBot = Bot[Any, Any]


class TurnView(Protocol[C]):
    """What both games' views offer a bot deciding a turn."""

    @property
    def legal(self) -> Sequence[Any]: ...
    @property
    def stage(self) -> Stage: ...
    @property
    def discard_top(self) -> C | None: ...


class StagedBot(Generic[V, A]):
    """A bot of either game that plays a forced action at once, then decides the draw and the
    rest of the turn apart (``_draw`` and ``_play``, the game's own)."""

    def _decide(self, view: V, rng: random.Random) -> A:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]  # type: ignore[no-any-return]
        if view.stage is Stage.DRAW:
            return self._draw(view)
        return self._play(view, legal, rng)

    def _draw(self, view: V) -> A:
        raise NotImplementedError

    def _play(self, view: V, legal: Sequence[A], rng: random.Random) -> A:
        raise NotImplementedError


def best_of(options: Sequence[T], key: Callable[[T], tuple[int, ...]], rng: random.Random) -> T:
    """The option with the greatest ``key``; a tie is broken at random from ``rng``.

    A bot ranking seats (a Skip's target, whose group to hit) must not fall back on the
    order of the seats: at the start of a hand every seat ties, and the first in the list
    would always be seat 0, the human player's. ``rng`` is the bot's seeded generator, so a
    game still replays exactly; it is only drawn from when there is a tie.

    >>> best_of(["a", "b", "c"], lambda s: (s != "b",), random.Random(1)) in ("a", "c")
    True
    >>> best_of(["a", "b", "c"], lambda s: (s == "b",), random.Random(1))
    'b'
    """
    best: list[T] = []
    best_key: tuple[int, ...] | None = None
    for option in options:
        k = key(option)
        if best_key is None or k > best_key:
            best, best_key = [option], k
        elif k == best_key:
            best.append(option)
    if not best:
        raise ValueError("best_of needs at least one option")
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


def take_if(view: TurnView[C], wanted: Callable[[C], bool]) -> Draw:
    """Take the discard pile's top when that is legal and ``wanted(top)``; else draw."""
    top = view.discard_top
    if top is None or _TAKE not in view.legal or not wanted(top):
        return _DRAW_PILE
    return _TAKE


def bot_decides(bot: AnyBot, view: Any, rng: random.Random, who: Callable[[], str]) -> Any:
    """``bot.choose(view, rng)``; if the bot raises, a :class:`BotError` that names it
    (``who()``: its spec and seat, in the caller's words, written only then: a tournament
    asks for millions of decisions) and says what it raised.

    >>> class Broken:
    ...     name = "broken"
    ...     def choose(self, view, rng):
    ...         raise KeyError("oops")
    >>> bot_decides(Broken(), None, random.Random(1), lambda: "bot 'broken' (seat 1)")
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    phase10.kernel.errors.BotError: bot 'broken' (seat 1) failed: KeyError: 'oops' (at ...)
    """
    try:
        return bot.choose(view, rng)
    except Exception as exc:
        raise BotError(f"{who()} failed: {type(exc).__name__}: {exc}{_raised_at(exc)}") from exc


def _raised_at(exc: BaseException) -> str:
    """`` (at path/bot.py:12, in choose)``: the line that raised, so that a bot writer is
    sent to their own code; the message crosses process boundaries where a traceback does
    not."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    last = frames[-1]
    return f" (at {last.filename}:{last.lineno}, in {last.name})"


def bot_refused(exc: Phase10Error, action: Any, shown: Callable[[Any], str], who: str) -> BotError:
    """The error for an action the rules refused when a bot chose it (``shown`` writes the
    action as notation; a thing that is no action is written as Python writes it).

    >>> from phase10.kernel.errors import IllegalActionError
    >>> refused = IllegalActionError("D-19", "kernel.discard_pile_empty")
    >>> str(bot_refused(refused, "take", str, "bot 'x' (seat 0)"))
    "bot 'x' (seat 0) chose 'take', which is not allowed (D-19: the discard pile is empty)"
    """
    try:
        text = shown(action)
    except Exception:
        text = repr(action)[:80]
    return BotError(f"{who} chose {text!r}, which is not allowed ({exc})")
