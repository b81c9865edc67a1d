"""A learned player: ``sharp``'s draws and discards corrected by a small trained network.

The network estimates, for each candidate draw or discard, how much better or worse than the
other candidates it leaves the rest of the hand for the seat. It was trained with search as
teacher (``scripts/train_learned.py``; docs/decisions/0017-the-learned-bot.md): at positions
of real games, every candidate was played out to the end of the hand several times, the
learner playing on as ``sharp`` and its opponents as ``greedy``, and scored as the search
scores a hand (phases, then points, as a lead over the best other seat, P10-R31..R37).

The bot plays as :class:`~phase10.games.phase10.sharp.SharpBot` except at its two real
choices each turn: whether to take the discard pile's top (P10-R13), and which card to
discard. There it scores every candidate and plays the best, but overrules ``sharp``'s own
choice only when the network rates another better by more than the model's ``margin``:
the network's values are estimates, and below that margin their noise cost games. Lay-downs,
hits and Skips stay sharp's (a Skip is thrown at once, at the most dangerous opponent: it is
worth most that way, docs/bots.md). Everything it reads is in the seat's view: its hand, the
discard pile, the table, what each seat took, how far each seat is, and where ``sharp``
ranks each candidate.

Its ``sharp`` (the prior it plays where the network does not overrule it, and whose ranking
the network reads) is :class:`WantsSharp`: among discards equal on everything else ``sharp``
weighs, it throws the one the next player is least likely to want, as a second small
classifier judges from the table (:mod:`phase10.games.phase10.wants`); and it also takes the
discard pile's top when that card, though it brings the hand no closer to its phase, would go
down with it (:func:`~phase10.games.phase10.sharp.goes_down_with`). The network itself was
trained against plain ``sharp``'s ranking and draws.

The network is a plain multilayer perceptron kept as JSON inside the package
(``learned_model.json``) and run here in pure Python, so the rules engine's install needs no
numpy and no PyTorch; a decision costs about a millisecond.

>>> import random
>>> from phase10.games.phase10.turns import new_game
>>> from phase10.games.phase10.rules import RuleSet
>>> from phase10.games.phase10.view import view_for
>>> state = new_game(RuleSet(), players=2, seed=4)
>>> view = view_for(state, state.current)
>>> LearnedBot().choose(view, random.Random(0)) in view.legal
True
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import suppress
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import repeat
from operator import add, mul
from pathlib import Path
from typing import Any, Final

from phase10.games.phase10.actions import Action, Discard, Hit, LayDown
from phase10.games.phase10.cards import (
    COLOUR_OF,
    MAX_NUMBER,
    NUMBER_OF,
    NUMBERED,
    POINTS_OF,
    SKIP_CODE,
    WILD_CODE,
    Card,
)
from phase10.games.phase10.determinize import determinize, unseen_counts
from phase10.games.phase10.evaluate import (
    closer_numbers,
    counts_of,
    distance_counts,
    fit_mask,
    keep_value,
)
from phase10.games.phase10.greedy import target_phase
from phase10.games.phase10.rules import Kind, NaturalCardScope, Phase
from phase10.games.phase10.sharp import SharpBot, feeds_next, passed_next
from phase10.games.phase10.state import EventKind
from phase10.games.phase10.turns import apply_action
from phase10.games.phase10.view import PlayerView, view_for
from phase10.games.phase10.wants import chance_next_wants, packaged_classifier
from phase10.kernel.actions import Draw, Source
from phase10.kernel.state import Stage

__all__ = [
    "ACTION_FEATURES",
    "FEATURES",
    "STATE_FEATURES",
    "Choice",
    "LearnedBot",
    "Network",
    "Recorder",
    "WantsSharp",
    "choice",
    "default_network",
    "discard_features",
    "draw_features",
    "state_features",
]

#: What the network reads about the seat and the table, the same for every candidate.
STATE_FEATURES: Final[tuple[str, ...]] = (
    "laid",
    "hand_size",
    "distance",
    "outs",
    "fewest_opponent_cards",
    "opponents_laid",
    "next_laid",
    "next_hand_size",
    "phase_index",
    "phases_behind_leader",
    "players",
    "draw_pile",
    "points_behind",
    "opponent_on_last_phase",
)
#: What it reads about one candidate: a discard (the first block) or a draw (the second).
ACTION_FEATURES: Final[tuple[str, ...]] = (
    "discard_distance_loss",
    "discard_keep_value",
    "discard_hittable_by_others",
    "discard_feeds_next",
    "discard_next_passed_on",
    "discard_points",
    "discard_copies_held",
    "discard_neighbours_1",
    "discard_neighbours_2",
    "discard_colour_held",
    "discard_number_unseen",
    "discard_card_unseen",
    "discard_outs_after",
    "discard_outs_lost",
    "discard_distance_after",
    "discard_may_fit_later",
    "discard_wild",
    "discard_number_in_pile",
    "take",
    "take_distance_gain",
    "take_keep_value",
    "take_hittable",
    "take_wild",
    "take_points",
    "take_copies_held",
    "take_outs_gain",
    "take_skip",
    "sharp_first",
    "sharp_rank",
)
FEATURES: Final[tuple[str, ...]] = STATE_FEATURES + ACTION_FEATURES
_S: Final = len(STATE_FEATURES)
_A: Final = len(ACTION_FEATURES)
_TAKE_AT: Final = ACTION_FEATURES.index("take")
_SHARP_FIRST: Final = ACTION_FEATURES.index("sharp_first")
_SHARP_RANK: Final = ACTION_FEATURES.index("sharp_rank")

_DRAW_PILE: Final = Draw(Source.DRAW_PILE)
_TAKE: Final = Draw(Source.DISCARD_PILE)
_MODEL_FILE: Final = "learned_model.json"

#: Called with the seat, the decision (:func:`choice`) and the action chosen, at every
#: decision the network makes or would make (training).
Recorder = Callable[[int, "Choice", Action], None]


# ---------------------------------------------------------------------------- the network


@dataclass(frozen=True)
class Network:
    """A multilayer perceptron with ReLU hidden layers and one output, in plain Python.

    ``layers`` holds, per layer, its weight rows (one per output unit) and biases. The input
    is :data:`FEATURES` in order; the first layer's work on the state features is done once
    per decision, since every candidate shares them.

    >>> net = Network(features=FEATURES, layers=(([[0.0] * len(FEATURES)], [0.5]),))
    >>> net.scores([0.0] * len(STATE_FEATURES), [[0.0] * len(ACTION_FEATURES)])
    [0.5]
    """

    features: tuple[str, ...]
    layers: tuple[tuple[list[list[float]], list[float]], ...]
    #: How much better than sharp's choice the network must rate another for the bot to
    #: play it: its values are estimates, and a tiny margin is mostly their noise.
    margin: float = 0.0

    def __post_init__(self) -> None:
        if self.features != FEATURES:
            raise ValueError(
                "the learned model was trained on other features than this version reads; "
                "train it again with scripts/train_learned.py"
            )
        width = len(FEATURES)
        for number, (rows, biases) in enumerate(self.layers, 1):
            if len(rows) != len(biases) or any(len(row) != width for row in rows):
                raise ValueError(f"the learned model's layer {number} has inconsistent sizes")
            width = len(rows)
        if width != 1:
            raise ValueError("the learned model must end in one output")
        _ = self._columns  # made now, not at the first decision

    def scores(self, state: Sequence[float], actions: Sequence[Sequence[float]]) -> list[float]:
        """The network's value of each candidate (same order as ``actions``)."""
        columns = self._columns
        first = columns[0]
        shared = list(self.layers[0][1])
        for i, x in enumerate(state):
            if x:
                shared = _plus(shared, first[i], x)
        out: list[float] = []
        for vector in actions:
            # Most inputs are 0 for any one candidate (a discard has no draw block), and
            # after a ReLU most hidden units are too: only the others are added in.
            hidden = shared
            for i, x in enumerate(vector):
                if x:
                    hidden = _plus(hidden, first[_S + i], x)
            for (_, biases), layer_columns in zip(self.layers[1:], columns[1:], strict=True):
                if len(biases) == 1:
                    # The output unit: the same sum one number at a time, without a list a term.
                    value = biases[0]
                    for i, h in enumerate(hidden):
                        if h > 0.0:
                            value = value + layer_columns[i][0] * h
                    hidden = [value]
                    continue
                values = list(biases)
                for i, h in enumerate(hidden):
                    if h > 0.0:
                        values = _plus(values, layer_columns[i], h)
                hidden = values
            out.append(hidden[0])
        return out

    @property
    def _columns(self) -> list[list[list[float]]]:
        """Each layer's weights by input (column-major), made once."""
        cached: list[list[list[float]]] | None = self.__dict__.get("_by_input")
        if cached is None:
            cached = [
                [list(column) for column in zip(*rows, strict=True)] for rows, _ in self.layers
            ]
            object.__setattr__(self, "_by_input", cached)
        return cached

    def to_json(self) -> dict[str, Any]:
        """The model file's content: fresh lists, so that editing them (a copy with
        another margin or weight) leaves this network, perhaps the shared packaged one, as
        it was."""
        return {
            "features": list(self.features),
            "margin": self.margin,
            "layers": [
                {"weights": [list(row) for row in rows], "biases": list(biases)}
                for rows, biases in self.layers
            ],
        }

    @classmethod
    def from_json(cls, data: Any, where: str = "the learned model") -> Network:
        """A network from :meth:`to_json`'s shape; ``ValueError`` says what is wrong."""
        try:
            features = tuple(str(name) for name in data["features"])
            margin = float(data.get("margin", 0.0))
            layers = tuple(
                (
                    [[float(w) for w in row] for row in layer["weights"]],
                    [float(b) for b in layer["biases"]],
                )
                for layer in data["layers"]
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"{where}: not a learned model file ({error})") from None
        for rows, biases in layers:
            if not all(math.isfinite(v) for row in rows for v in row) or not all(
                math.isfinite(b) for b in biases
            ):
                raise ValueError(f"{where}: a weight is not a finite number")
        if not math.isfinite(margin) or margin < 0:
            raise ValueError(f"{where}: the margin must be a finite number, 0 or more")
        return cls(features=features, layers=layers, margin=margin)

    @classmethod
    def load(cls, path: str | Path) -> Network:
        """A network from a JSON file written by ``scripts/train_learned.py``;
        ``ValueError`` names the file and says what is wrong with it.

        >>> Network.load("no-such-model.json")
        Traceback (most recent call last):
        ...
        ValueError: no-such-model.json: cannot be read (No such file or directory)
        """
        try:
            with open(path, encoding="utf-8") as handle:
                data = json.load(handle)
        except OSError as error:
            raise ValueError(f"{path}: cannot be read ({error.strerror or error})") from None
        except UnicodeDecodeError as error:
            raise ValueError(f"{path}: not a text file (byte {error.start})") from None
        except json.JSONDecodeError as error:
            raise ValueError(
                f"{path}: not JSON at line {error.lineno}, column {error.colno} ({error.msg})"
            ) from None
        return cls.from_json(data, str(path))


@cache
def default_network() -> Network | None:
    """The model shipped with the package, or None if this copy has none."""
    source = resources.files("phase10.games.phase10").joinpath(_MODEL_FILE)
    if not source.is_file():
        return None
    return Network.from_json(json.loads(source.read_text(encoding="utf-8")), _MODEL_FILE)


class _Memo:
    """A bounded memo whose every question costs about the same: no lump of work when it is
    full, and none when it grows past a size at which a dict copies itself.

    Entries go into a young generation of at most ``generation`` entries; each new entry
    drops one of the old generation's, so the old one is empty when the young one is full,
    and the young one then becomes the old. A dict copies all its entries when it grows past
    two thirds of its table, and emptying one frees them all at once: with keys like these,
    growing past 87,381 entries took 3.4 ms, past 174,762 7.1 ms, and emptying 200,000
    entries 19 ms, each inside one decision of the single dict this replaced (up to 200,000
    entries, emptied when full). Kept at 40,000, under 43,690, no dict here ever copies more
    than 21,845 entries (1.0 ms).

    >>> memo = _Memo(2)
    >>> for key in "abc":  # "c" starts a generation; "b" goes, to make room for it
    ...     memo.put(key, ord(key))
    >>> memo.get("a"), memo.get("b"), memo.get("c"), len(memo)
    (97, None, 99, 2)
    """

    __slots__ = ("generation", "old", "young")

    def __init__(self, generation: int) -> None:
        self.generation = generation
        self.young: dict[Any, int] = {}
        self.old: dict[Any, int] = {}

    def __len__(self) -> int:
        return len(self.young) + len(self.old)

    def clear(self) -> None:
        """Forget every entry (a benchmark's passes start alike)."""
        self.young.clear()
        self.old.clear()

    def __iter__(self) -> Iterator[Any]:
        yield from self.young
        yield from self.old

    def get(self, key: Any) -> int | None:
        found = self.young.get(key)
        if found is None:
            found = self.old.get(key)
            if found is not None:
                self.put(key, found)  # still asked: it stays when the old generation goes
        return found

    def put(self, key: Any, value: int) -> None:
        # A server may ask from several threads at once (a thread pool's bots, the event
        # loop's hints): any interleaving at worst loses an entry, and an old generation
        # another thread emptied first is no error.
        if len(self.young) >= self.generation:
            self.old, self.young = self.young, {}
        self.young[key] = value
        with suppress(KeyError):
            self.old.popitem()


#: Distances already measured, by phase and counts: a hand changes by a card or two a turn
#: and the outs of every candidate discard ask about nearly the same hands, so most
#: questions were asked before (a set-and-run phase's distance costs some 40 us). A key
#: holds only numbers (the phase by its index in ``_USES``): the garbage collector stops
#: tracking such tuples, so the cache, most of the bot's memory, does not lengthen its
#: pauses (with the phase object in every key a full collection took about ten times as
#: long once the cache was nearly full: benchmarks/bench_bots.py).
_DISTANCES: Final = _Memo(40_000)


def _uses(phase: Phase) -> tuple[bool, bool, int]:
    """Whether ``phase``'s distance depends on the numbers, and on the colours, and the phase's
    index in :data:`_USES` (its name in ``_DISTANCES``'s keys)."""
    uses = _USES.get(phase)
    if uses is None:
        kinds = {req.kind for req in phase.groups}
        uses = _USES[phase] = (kinds != {Kind.COLOUR}, Kind.COLOUR in kinds, len(_USES))
    return uses


#: Per phase: what :func:`_uses` says of it.
_USES: dict[Phase, tuple[bool, bool, int]] = {}


def _plus(total: list[float], column: list[float], x: float) -> list[float]:
    """``total + x * column``, element by element (the loops run in C)."""
    return list(map(add, total, map(mul, column, repeat(x))))


# ---------------------------------------------------------------------------- features


@dataclass(slots=True)
class _Hand:
    """The seat's hand as counts, its phase, and the unseen cards, built once a decision."""

    numbers: list[int]
    colours: list[int]
    wilds: int
    phase: Phase | None
    per_group: bool
    distance: int
    unseen: list[int]
    unseen_numbers: list[int]
    unseen_colours: list[int]
    #: :func:`_uses` of the phase, looked up once a decision (hashing a phase walks its
    #: groups, and a decision measures a hundred hands and more).
    uses: tuple[bool, bool, int] = (True, True, -1)
    outs_now: int = 0

    def distance_now(self) -> int:
        if self.phase is None:
            return 0
        return self._distance(self.wilds)

    def _distance(self, wilds: int) -> int:
        """The distance to the phase of the hand as it is now, with ``wilds`` wilds."""
        # A phase of sets and runs does not care about colours, a colour group not about
        # numbers: leaving them out of the key lets hands that differ only there share an
        # entry.
        numbers_matter, colours_matter, index = self.uses
        key = (
            index,
            self.per_group,
            wilds,
            tuple(self.numbers) if numbers_matter else (),
            tuple(self.colours) if colours_matter else (),
        )
        found = _DISTANCES.get(key)
        if found is None:
            assert self.phase is not None
            found = distance_counts(
                self.numbers, self.colours, wilds, self.phase, per_group=self.per_group
            )
            _DISTANCES.put(key, found)
        return found

    def outs(self) -> int:
        """Unseen cards any one of which would bring the hand closer to its phase."""
        if self.phase is None:
            return 0
        base = self.distance_now()
        if base == 0:
            return 0
        numbers, colours, wilds = self.numbers, self.colours, self.wilds
        total = 0
        if self.uses[1]:
            for colour in range(4):
                if self.unseen_colours[colour]:
                    colours[colour] += 1
                    if self._distance(wilds) < base:
                        total += self.unseen_colours[colour]
                    colours[colour] -= 1
        elif (
            closer := closer_numbers(numbers, wilds, self.phase, per_group=self.per_group)
        ) is not None:
            unseen_numbers = self.unseen_numbers
            total = sum(unseen_numbers[n] for n in range(1, MAX_NUMBER + 1) if closer[n])
        else:
            for number in range(1, MAX_NUMBER + 1):
                if self.unseen_numbers[number]:
                    numbers[number] += 1
                    if self._distance(wilds) < base:
                        total += self.unseen_numbers[number]
                    numbers[number] -= 1
        if self.unseen[WILD_CODE] and self._distance(wilds + 1) < base:
            total += self.unseen[WILD_CODE]
        return total

    def add(self, card: int, step: int) -> None:
        if card < NUMBERED:
            self.numbers[NUMBER_OF[card]] += step
            self.colours[COLOUR_OF[card]] += step
        elif card == WILD_CODE:
            self.wilds += step


def _hand(view: PlayerView) -> _Hand:
    numbers, colours, wilds = counts_of(view.hand)
    me = view.players[view.seat]
    phase = None if me.laid >= 0 else target_phase(view)
    per_group = view.rules.natural_card_scope is NaturalCardScope.PER_GROUP
    unseen = unseen_counts(view)
    unseen_numbers = [0] * (MAX_NUMBER + 1)
    unseen_colours = [0, 0, 0, 0]
    for code in range(NUMBERED):
        unseen_numbers[NUMBER_OF[code]] += unseen[code]
        unseen_colours[COLOUR_OF[code]] += unseen[code]
    hand = _Hand(
        numbers, colours, wilds, phase, per_group, 0, unseen, unseen_numbers, unseen_colours
    )
    if phase is not None:
        hand.uses = _uses(phase)
    hand.distance = hand.distance_now()
    hand.outs_now = hand.outs()
    return hand


def state_features(view: PlayerView, hand: _Hand | None = None) -> list[float]:
    """The :data:`STATE_FEATURES` of ``view``, scaled to about 0..1.

    >>> from phase10.games.phase10.turns import new_game
    >>> from phase10.games.phase10.rules import RuleSet
    >>> from phase10.games.phase10.view import view_for
    >>> len(state_features(view_for(new_game(RuleSet(), players=2, seed=1), 0)))
    14
    """
    hand = hand or _hand(view)
    players = view.players
    seat = view.seat
    me = players[seat]
    others = [p for s, p in enumerate(players) if s != seat and p.dealt_in]
    nxt = players[(seat + 1) % len(players)]
    last = len(view.rules.phases) - 1
    leader = max((p.phase_index for p in others), default=me.phase_index)
    lowest = min((p.score for p in others), default=me.score)
    return [
        float(me.laid >= 0),
        len(view.hand) / 11,
        hand.distance / 5,
        hand.outs_now / 20,
        min((p.hand_size for p in others), default=10) / 11,
        sum(p.laid >= 0 for p in others) / max(1, len(others)),
        float(nxt.laid >= 0),
        nxt.hand_size / 11,
        me.phase_index / 10,
        (leader - me.phase_index) / 3,
        (len(players) - 2) / 4,
        len(view.discard_pile) / 80,
        (me.score - lowest) / 100,
        float(any(p.phase_index >= last for p in others)),
    ]


def discard_features(view: PlayerView, card: int, hand: _Hand) -> list[float]:
    """The :data:`ACTION_FEATURES` of discarding ``card`` (scaled to about 0..1)."""
    vector = [0.0] * _A
    mask = fit_mask(view.table)
    others_down = any(p.laid >= 0 for s, p in enumerate(view.players) if s != view.seat)
    vector[2] = float(others_down and bool(mask >> card & 1))
    vector[5] = POINTS_OF[card] / 25
    if card == WILD_CODE:
        vector[16] = 1.0
    if card >= NUMBERED:
        return vector
    number, colour = NUMBER_OF[card], COLOUR_OF[card]
    numbers = hand.numbers
    vector[3] = feeds_next(view, card) / 2
    vector[4] = float(passed_next(view, card))
    vector[6] = (numbers[number] - 1) / 3
    vector[7] = sum(1 for n in (number - 1, number + 1) if 1 <= n <= MAX_NUMBER and numbers[n]) / 2
    vector[8] = sum(1 for n in (number - 2, number + 2) if 1 <= n <= MAX_NUMBER and numbers[n]) / 2
    vector[9] = (hand.colours[colour] - 1) / 8
    vector[10] = hand.unseen_numbers[number] / 8
    vector[11] = hand.unseen[card] / 2
    vector[17] = sum(1 for c in view.discard_pile if c < NUMBERED and NUMBER_OF[c] == number) / 4
    if hand.phase is not None:
        before = hand.outs_now
        vector[1] = keep_value(card, numbers, hand.colours, hand.phase) / 10
        hand.add(card, -1)
        after = hand.distance_now()
        outs = hand.outs()
        hand.add(card, 1)
        vector[0] = min(3, after - hand.distance)
        vector[12] = outs / 20
        vector[13] = (before - outs) / 10
        vector[14] = after / 5
    else:
        vector[15] = float(_may_fit_later(view, number))
    return vector


def draw_features(view: PlayerView, hand: _Hand) -> list[float]:
    """The :data:`ACTION_FEATURES` of taking the discard pile's top (drawing from the draw
    pile is the all-zero vector: every draw feature is measured against it)."""
    top = view.discard_top
    vector = [0.0] * _A
    if top is None:
        return vector
    vector[_TAKE_AT] = 1.0
    vector[_TAKE_AT + 2 + 1] = float(bool(fit_mask(view.table) >> top & 1))
    vector[_TAKE_AT + 4] = float(top == WILD_CODE)
    vector[_TAKE_AT + 5] = POINTS_OF[top] / 25
    vector[_TAKE_AT + 8] = float(top == SKIP_CODE)
    if top < NUMBERED:
        vector[_TAKE_AT + 6] = hand.numbers[NUMBER_OF[top]] / 3
    if hand.phase is not None and top != SKIP_CODE:
        before = hand.outs_now
        hand.add(top, 1)
        after = hand.distance_now()
        vector[_TAKE_AT + 1] = max(-1, min(3, hand.distance - after)) / 1
        if top < NUMBERED:
            vector[_TAKE_AT + 2] = keep_value(top, hand.numbers, hand.colours, hand.phase) / 10
        vector[_TAKE_AT + 7] = (hand.outs() - before) / 10
        hand.add(top, -1)
    return vector


def _may_fit_later(view: PlayerView, number: int) -> bool:
    """Whether a card of ``number`` is one step beyond a run's end on the table: hittable
    once the card between is hit (P10-R23)."""
    for groups in view.table:
        for group in groups:
            if group.kind is Kind.RUN and number in (group.values[0] - 2, group.values[-1] + 2):
                return True
    return False


# ---------------------------------------------------------------------------- the bot


class WantsSharp(SharpBot):
    """``sharp`` whose last tie-break before points is how likely the next player is to want
    the card (:func:`~phase10.games.phase10.wants.chance_next_wants`), the least likely
    thrown first: among discards that cost the hand the same, that sharp's cues rate alike
    and that are equally worth keeping and equally passed on. Heads-up only; at a larger
    table it is ``sharp``. The learned bot's prior.

    >>> import random
    >>> from phase10.games.phase10.turns import new_game
    >>> from phase10.games.phase10.rules import RuleSet
    >>> from phase10.games.phase10.view import view_for
    >>> view = view_for(new_game(RuleSet(), players=2, seed=4), 0)
    >>> WantsSharp().choose(view, random.Random(0)) in view.legal
    True
    """

    def _passed(self, view: PlayerView, card: Card) -> int:
        return _wants_tiebreak(view, card)


def _wants_tiebreak(view: PlayerView, card: Card) -> int:
    """``sharp``'s passed-on cue first, then the chance the next player wants ``card``, in
    thousandths (a higher value is thrown sooner). Heads-up only: the classifier learned
    from two-player games, where every card in the discard pile was passed on by the next
    player; at a larger table it played within the noise of ``sharp``'s cue alone (553 of
    2,000 four-player games against 567), so there ``sharp``'s cue stays."""
    if len(view.players) != 2:
        return passed_next(view, card)
    return 1000 * passed_next(view, card) - round(999 * chance_next_wants(view, card))


class LearnedBot(SharpBot):
    """``sharp`` whose draws and discards are chosen by a trained network (module docstring).

    ``network`` defaults to the packaged model (``packaged=False``: none); without one (a
    copy that has none, or training's first round) it plays exactly as ``sharp``. ``model``
    is a model file to play instead (one ``scripts/train_learned.py`` wrote; on the command
    line ``learned:path/to/model.json``).
    ``epsilon`` and ``recorder`` are for training: with probability ``epsilon`` a choice is
    a random candidate instead of the best, and every choice's features go to ``recorder``.
    Its prior is :class:`WantsSharp` that also takes the discard pile's top when it would go
    down with the phase (``extras``, :func:`~phase10.games.phase10.sharp.goes_down_with`;
    decision 0024). ``wants=False`` leaves out the guess at what the next player wants, and
    ``extras=False`` those takes; with both it is plain ``sharp``, the prior the network was
    trained against (``scripts/train_learned.py`` plays that way).
    """

    name = "learned"

    def __init__(
        self,
        name: str | None = None,
        *,
        network: Network | None = None,
        packaged: bool = True,
        model: str | Path | None = None,
        epsilon: float = 0.0,
        recorder: Recorder | None = None,
        wants: bool = True,
        extras: bool = True,
    ) -> None:
        super().__init__(name, extras=extras)
        self.wants = wants
        if wants:
            # Read now, not inside the first decision (as the network below).
            packaged_classifier()
        self._prior: SharpBot = _PRIORS[wants, extras]
        if model is not None:
            network = Network.load(model)
        if network is None and packaged:
            network = default_network()
        self.network = network
        self.epsilon = epsilon
        self.recorder = recorder
        self._explore: random.Random | None = None

    def _passed(self, view: PlayerView, card: Card) -> int:
        return _wants_tiebreak(view, card) if self.wants else passed_next(view, card)

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        action = self._decide(view, rng)
        if action == _TAKE and self._throws_back(view):
            return _DRAW_PILE
        return action

    def _throws_back(self, view: PlayerView) -> bool:
        """Whether, having taken the discard pile's top, it would lay nothing, hit nothing
        and throw that card back, or one that serves its phase just as well (the same
        number, unless the phase wants a colour). Drawing is then never worse: the drawn
        card can be thrown and the hand stays the same. Against a player who throws back
        whatever they take, it would take and swap forever, and the hand never end."""
        top = view.discard_top
        if top is None or top >= NUMBERED or self.network is None:
            return False  # its prior alone never takes to throw back: it takes what it keeps
        if self.recorder is not None or self.epsilon:
            return False  # training plays and records its choices as it always did
        # Its own moves after the take depend only on its hand, the table and the rules,
        # which the view has whole: any deal of the hidden cards gives the same ones.
        after = apply_action(determinize(view, random.Random(0)), _TAKE)
        seen = view_for(after, view.seat, events=False)
        if any(isinstance(a, (LayDown, Hit)) for a in seen.legal):
            return False
        thrown = self._decide(seen, random.Random(0))
        if not isinstance(thrown, Discard) or thrown.card >= NUMBERED:
            return False
        if thrown.card == top:
            return True
        phase = target_phase(seen)
        colour = phase is not None and any(g.kind is Kind.COLOUR for g in phase.groups)
        return not colour and NUMBER_OF[thrown.card] == NUMBER_OF[top]

    def _draw(self, view: PlayerView) -> Action:
        found = choice(view, self._prior)
        if found is None:
            return super()._draw(view)
        return self._pick(view, found, lambda: super(LearnedBot, self)._draw(view))

    def _discard(self, view: PlayerView, discards: Sequence[Discard], rng: random.Random) -> Action:
        discards = keep_what_was_taken(view, discards)
        found = choice(view, self._prior)
        if found is None:
            return super()._discard(view, discards, rng)
        return self._pick(
            view, found, lambda: super(LearnedBot, self)._discard(view, discards, rng)
        )

    def _pick(self, view: PlayerView, found: Choice, fallback: Callable[[], Action]) -> Action:
        state, options = found
        explore = self._explore
        chosen: Action
        if self.epsilon and explore is not None and explore.random() < self.epsilon:
            chosen = explore.choice(options)[0]
        elif self.network is None:
            chosen = fallback()
        else:
            scores = self.network.scores(state, [vector for _, vector in options])
            best = max(range(len(options)), key=lambda i: scores[i])
            prior = next(i for i, (_, vector) in enumerate(options) if vector[_SHARP_FIRST])
            if scores[best] - scores[prior] <= self.network.margin:
                best = prior
            chosen = options[best][0]
        if self.recorder is not None:
            self.recorder(view.seat, found, chosen)
        return chosen

    def explore_with(self, rng: random.Random) -> None:
        """Draw the exploring choices from ``rng`` (training only)."""
        self._explore = rng


def taken_just_now(view: PlayerView) -> Card | None:
    """The card the seat to act took from the discard pile by its last action, if it did
    (read from the view's events: ``None`` for a view built without them).

    >>> from phase10.games.phase10.turns import new_game
    >>> from phase10.games.phase10.rules import RuleSet
    >>> state = new_game(RuleSet(), players=2, seed=4)
    >>> top = state.discard_pile[-1]
    >>> state = apply_action(state, Draw(Source.DISCARD_PILE))
    >>> taken_just_now(view_for(state, state.current)) == top
    True
    """
    for event in view.events:
        if event.kind is EventKind.TOOK_DISCARD and event.seat == view.seat and event.cards:
            return event.cards[0]
    return None


def keep_what_was_taken(view: PlayerView, discards: Sequence[Discard]) -> list[Discard]:
    """``discards`` without the card just taken from the discard pile, unless nothing else
    is left: throwing it back is never better than having drawn and thrown the drawn card.
    The learned bot avoids such takes (``LearnedBot._throws_back``); this holds where the
    take was another's choice (a search's from this bot's prior)."""
    taken = taken_just_now(view)
    if taken is None:
        return list(discards)
    return [d for d in discards if d.card != taken] or list(discards)


#: The priors whose ranking the network reads (and corrects), by ``(wants, extras)``:
#: ``sharp``, as in training, and the learned bot's own.
_SHARP: Final = SharpBot()
_PRIORS: Final[dict[tuple[bool, bool], SharpBot]] = {
    (False, False): _SHARP,
    (True, False): WantsSharp(),
    (False, True): SharpBot(extras=True),
    (True, True): WantsSharp(extras=True),
}

#: A decision the network makes: the state features and each candidate with its features.
Choice = tuple[list[float], list[tuple[Action, list[float]]]]


def choice(view: PlayerView, prior: SharpBot = _SHARP) -> Choice | None:
    """The decision ``view`` asks of the learned bot, or None where it plays as ``sharp``.

    Two decisions are learned: at the draw, drawing or taking the discard pile's top (when
    taking is legal, P10-R13); in the play stage, once nothing can be laid down or hit, which
    card to discard, among the distinct cards held, never a wild while another card is left
    (P10-R24). A hand holding a Skip throws it (sharp's rule). ``prior`` ranks the
    candidates (the features ``sharp_first`` and ``sharp_rank``).

    >>> from phase10.games.phase10.turns import new_game
    >>> from phase10.games.phase10.rules import RuleSet
    >>> from phase10.games.phase10.view import view_for
    >>> state, options = choice(view_for(new_game(RuleSet(), players=2, seed=4), 0)) or ([], [])
    >>> [str(action) for action, _ in options]
    ['draw', 'take']
    """
    legal = view.legal
    if len(legal) < 2:
        return None
    if view.stage is Stage.DRAW:
        if _TAKE not in legal or view.discard_top is None:
            return None
        hand = _hand(view)
        drawn, taken = [0.0] * _A, draw_features(view, hand)
        sharp_takes = prior._draw(view) == _TAKE
        (taken if sharp_takes else drawn)[_SHARP_FIRST] = 1.0
        (drawn if sharp_takes else taken)[_SHARP_RANK] = 1.0
        return state_features(view, hand), [(_DRAW_PILE, drawn), (_TAKE, taken)]
    discards: list[Discard] = []
    for action in legal:
        if not isinstance(action, Discard):
            return None
        if action.card == SKIP_CODE:
            return None
        discards.append(action)
    discards = keep_what_was_taken(view, discards)
    playable = [d for d in discards if d.card != WILD_CODE] or discards
    ranked: list[Discard] = []
    seen: set[int] = set()
    for action in prior.discard_ranking(view, playable):
        if action.card not in seen:
            seen.add(action.card)
            ranked.append(action)
    if len(ranked) < 2:
        return None
    hand = _hand(view)
    options: list[tuple[Action, list[float]]] = []
    for rank, action in enumerate(ranked):
        vector = discard_features(view, action.card, hand)
        vector[_SHARP_FIRST] = float(rank == 0)
        vector[_SHARP_RANK] = rank / (len(ranked) - 1)
        options.append((action, vector))
    return state_features(view, hand), options
