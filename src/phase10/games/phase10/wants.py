"""How likely the next player is to want a card: a small classifier of what the table shows.

Only the next player may take a discard (P10-R13), and ``greedy`` takes it exactly when it
brings their hand closer to their phase. Whether a card would do that depends on their hand,
which nobody sees; what everyone sees hints at it: the cards they took from the discard pile
this hand (``PublicPlayer.took``), the cards lying in the discard pile, which they passed on
or threw, the cards nobody has seen yet, their phase and their hand's size.
:func:`chance_next_wants` turns those hints into a probability with a small network trained on
the real answers: at ``sharp``'s discards in heads-up games against ``greedy``, for every card
it could throw, whether that card would have brought the next player's real hand closer to
their phase (``scripts/train_wants.py``; the model ships as ``wants_model.json``).

It ranks the cards that really help the next player better than ``sharp``'s two cues
(:func:`~phase10.games.phase10.sharp.feeds_next` and
:func:`~phase10.games.phase10.sharp.passed_next`) do, but not well enough to come before the
seat's own sense of what is worth keeping: the learned bot uses it heads-up as its last
tie-break before points (docs/bots.md, "What the next player wants"; decision 0022).

It reads only the seat's view, in plain Python (no numpy, no PyTorch).

>>> from phase10.games.phase10.turns import new_game
>>> from phase10.games.phase10.rules import RuleSet
>>> from phase10.games.phase10.view import view_for
>>> view = view_for(new_game(RuleSet(), players=2, seed=1), 0)
>>> 0.0 < chance_next_wants(view, view.hand[0]) < 1.0
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from phase10.games.phase10.cards import COLOUR_OF, MAX_NUMBER, NUMBER_OF, NUMBERED, WILD_CODE
from phase10.games.phase10.determinize import unseen_counts
from phase10.games.phase10.evaluate import counts_of
from phase10.games.phase10.rules import Kind
from phase10.games.phase10.sharp import feeds_next, passed_next
from phase10.games.phase10.view import PlayerView

__all__ = [
    "WANTS_FEATURES",
    "Classifier",
    "chance_next_wants",
    "packaged_classifier",
    "wants_features",
]

_PHASES: Final = 10
#: What the classifier reads about a card and the next player, in this order.
WANTS_FEATURES: Final[tuple[str, ...]] = (
    *(f"phase_{n}" for n in range(1, _PHASES + 1)),
    *(f"number_{n}" for n in range(1, MAX_NUMBER + 1)),
    "number",
    "set_size",
    "sets",
    "run_length",
    "colour_size",
    "next_hand_size",
    "took_same_number",
    "took_number_1_away",
    "took_number_2_away",
    "took_number_3_or_4_away",
    "took_same_colour",
    "took",
    "pile_same_number",
    "pile_number_1_away",
    "pile_same_colour",
    "unseen_same_number",
    "unseen_number_below",
    "unseen_number_above",
    "unseen_same_colour",
    "unseen_wilds",
    "unseen",
    "held_same_number",
    "held_same_colour",
    "draw_pile",
    "sharp_feeds_next",
    "sharp_passed_next",
)
_MODEL_FILE: Final = "wants_model.json"


@dataclass(frozen=True)
class Classifier:
    """A multilayer perceptron (ReLU hidden layers, one logistic output) in plain Python.

    The inputs are :data:`WANTS_FEATURES` as :func:`wants_features` computes them, not
    rescaled: the training script folds its scaling into the first layer.

    >>> zero = Classifier(layers=(([[0.0] * len(WANTS_FEATURES)], [0.0]),))
    >>> zero.chance([1.0] * len(WANTS_FEATURES))
    0.5
    """

    layers: tuple[tuple[list[list[float]], list[float]], ...]

    def __post_init__(self) -> None:
        width = len(WANTS_FEATURES)
        for number, (rows, biases) in enumerate(self.layers, 1):
            if len(rows) != len(biases) or any(len(row) != width for row in rows):
                raise ValueError(f"{_MODEL_FILE}: layer {number} has inconsistent sizes")
            width = len(rows)
        if width != 1:
            raise ValueError(f"{_MODEL_FILE}: the model must end in one output")

    def chance(self, inputs: Sequence[float]) -> float:
        """The probability the classifier gives for ``inputs``."""
        values = list(inputs)
        last = len(self.layers) - 1
        for depth, (rows, biases) in enumerate(self.layers):
            # Most inputs are 0 (one-hot blocks, counts of nothing): skip them.
            present = [(i, x) for i, x in enumerate(values) if x]
            out = [
                b + sum(row[i] * x for i, x in present) for row, b in zip(rows, biases, strict=True)
            ]
            values = out if depth == last else [v if v > 0.0 else 0.0 for v in out]
        logit = values[0]
        if logit < -30.0:
            return 0.0
        return 1.0 / (1.0 + math.exp(-logit))

    def to_json(self) -> dict[str, Any]:
        """The model file's content."""
        return {
            "features": list(WANTS_FEATURES),
            "layers": [
                {"weights": [list(row) for row in rows], "biases": list(biases)}
                for rows, biases in self.layers
            ],
        }

    @classmethod
    def from_json(cls, data: Any) -> Classifier:
        """A classifier from :meth:`to_json`'s shape; ``ValueError`` says what is wrong."""
        try:
            features = tuple(str(name) for name in data["features"])
            layers = tuple(
                (
                    [[float(w) for w in row] for row in layer["weights"]],
                    [float(b) for b in layer["biases"]],
                )
                for layer in data["layers"]
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"{_MODEL_FILE}: not a model of this shape ({error})") from None
        numbers = (x for rows, biases in layers for row in (*rows, biases) for x in row)
        if not all(math.isfinite(x) for x in numbers):
            raise ValueError(f"{_MODEL_FILE}: a weight is not a finite number")
        if features != WANTS_FEATURES:
            raise ValueError(
                f"{_MODEL_FILE}: trained on other features than this version reads; "
                "train it again with scripts/train_wants.py"
            )
        return cls(layers=layers)


@cache
def packaged_classifier() -> Classifier | None:
    """The classifier shipped with the package, read once (None if this copy has none).

    >>> packaged_classifier() is packaged_classifier()
    True
    """
    source = resources.files("phase10.games.phase10").joinpath(_MODEL_FILE)
    if not source.is_file():
        return None
    return Classifier.from_json(json.loads(source.read_text(encoding="utf-8")))


_Context = tuple[
    list[int], list[int], list[int], list[int], list[int], list[int], list[int], list[int], int, int
]
#: The last view's context: a discard's ranking asks about every card of the same view.
_last: tuple[PlayerView | None, _Context | None] = (None, None)


def _context(view: PlayerView) -> _Context:
    """What every card's features share: counts by number and colour of the cards the next
    player took, of the discard pile above its bottom card, of the seat's hand and of the
    unseen cards, and the unseen wilds and cards."""
    global _last
    last_view, last_context = _last
    if last_view is view and last_context is not None:
        return last_context
    nxt = view.players[(view.seat + 1) % len(view.players)]
    unseen = unseen_counts(view)
    unseen_numbers = [0] * (MAX_NUMBER + 2)
    unseen_colours = [0] * 4
    for code in range(NUMBERED):
        if unseen[code]:
            unseen_numbers[NUMBER_OF[code]] += unseen[code]
            unseen_colours[COLOUR_OF[code]] += unseen[code]
    context: _Context = (
        *counts_of(nxt.took)[:2],
        *counts_of(view.discard_pile[1:])[:2],
        *counts_of(view.hand)[:2],
        unseen_numbers,
        unseen_colours,
        unseen[WILD_CODE],
        sum(unseen),
    )
    _last = (view, context)
    return context


def wants_features(view: PlayerView, card: int) -> list[float] | None:
    """The classifier's inputs for ``card`` and the seat after ``view.seat``, or None where
    the question is moot: that seat has laid its phase down (a hit is then greedy's own
    concern), has no phase to work on, or ``card`` is a wild or a Skip.

    >>> from phase10.games.phase10.turns import new_game
    >>> from phase10.games.phase10.rules import RuleSet
    >>> from phase10.games.phase10.view import view_for
    >>> view = view_for(new_game(RuleSet(), players=2, seed=1), 0)
    >>> len(wants_features(view, view.hand[0]) or []) == len(WANTS_FEATURES)
    True
    """
    nxt = view.players[(view.seat + 1) % len(view.players)]
    phase = nxt.phase
    if nxt.laid >= 0 or phase is None or card >= NUMBERED:
        return None
    number, colour = NUMBER_OF[card], COLOUR_OF[card]
    sets = [g.size for g in phase.groups if g.kind is Kind.SET]
    runs = [g.size for g in phase.groups if g.kind is Kind.RUN]
    colour_groups = [g.size for g in phase.groups if g.kind is Kind.COLOUR]
    (
        took_numbers,
        took_colours,
        pile_numbers,
        pile_colours,
        held_numbers,
        held_colours,
        unseen_numbers,
        unseen_colours,
        unseen_wilds,
        unseen_all,
    ) = _context(view)

    def near(counts: list[int], low: int, high: int) -> int:
        return sum(counts[n] for n in range(1, MAX_NUMBER + 1) if low <= abs(n - number) <= high)

    phase_hot = [0.0] * _PHASES
    if 1 <= phase.number <= _PHASES:
        phase_hot[phase.number - 1] = 1.0
    number_hot = [0.0] * MAX_NUMBER
    number_hot[number - 1] = 1.0
    return [
        *phase_hot,
        *number_hot,
        number / MAX_NUMBER,
        max(sets, default=0) / 4,
        len(sets) / 2,
        max(runs, default=0) / 9,
        max(colour_groups, default=0) / 8,
        nxt.hand_size / 10,
        took_numbers[number],
        near(took_numbers, 1, 1),
        near(took_numbers, 2, 2),
        near(took_numbers, 3, 4),
        took_colours[colour],
        sum(took_colours),
        pile_numbers[number],
        near(pile_numbers, 1, 1),
        pile_colours[colour],
        unseen_numbers[number] / 8,
        unseen_numbers[number - 1] / 8,
        unseen_numbers[number + 1] / 8,
        unseen_colours[colour] / 24,
        unseen_wilds / 8,
        unseen_all / 100,
        held_numbers[number],
        held_colours[colour],
        view.draw_pile_size / 100,
        feeds_next(view, card),
        passed_next(view, card),
    ]


def chance_next_wants(view: PlayerView, card: int, model: Classifier | None = None) -> float:
    """The chance that ``card``, discarded now, would bring the next player's hand closer to
    their phase (0 where that is moot, see :func:`wants_features`); ``model`` defaults to the
    one shipped with the package (none: 0 everywhere).

    >>> from phase10.games.phase10.turns import new_game
    >>> from phase10.games.phase10.rules import RuleSet
    >>> from phase10.games.phase10.view import view_for
    >>> from phase10.games.phase10.cards import WILD_CODE
    >>> view = view_for(new_game(RuleSet(), players=2, seed=1), 0)
    >>> chance_next_wants(view, WILD_CODE)
    0.0
    """
    classifier = model if model is not None else packaged_classifier()
    if classifier is None:
        return 0.0
    inputs = wants_features(view, card)
    return 0.0 if inputs is None else classifier.chance(inputs)
