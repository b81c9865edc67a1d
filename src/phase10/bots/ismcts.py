"""Information-set Monte Carlo tree search: single-observer ISMCTS (Cowling, Powley and
Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012).

The bot sees only its ``PlayerView``. Each iteration of the search

1. **determinizes**: deals the cards the seat has not seen at random, consistently with
   everything it has seen (:func:`phase10.engine.determinize.determinize`);
2. **selects** down one tree shared by all iterations, at each node choosing among the actions
   legal *in this determinization* by UCB1 with availability counts (a child's exploration
   term uses how often it was available, not its parent's visits), each node's statistics
   being from the point of view of the seat that acted there;
3. **expands** one untried action, then **plays out** with the fast greedy-like default
   policy of :mod:`phase10.bots.rollout` to the end of the current hand (or a depth cap) and
4. **evaluates** the leaf for every seat with :func:`phase10.bots.rollout.leaf_rewards`
   (phases completed, points, closeness to the phase), and backs the rewards up the path.

The action played is the *prior*'s, unless another root child's mean reward beats it clearly
(see :meth:`ISMCTSBot._decide`). The prior is a bot that sees the same view, by default
:class:`~phase10.bots.sharp.SharpBot` (greedy that watches what the next player takes), so
the search starts from the best heuristic move and spends its budget testing the
alternatives; ``prior=None`` starts from the rollout policy's move instead. Budgets:
``iterations`` and/or ``seconds`` per decision (the first reached stops the search); with
``seconds`` the search stops when the next iteration would probably overrun, so a decision
keeps within a few per cent of it.

Laying down as soon as possible and hitting every card that fits are (almost) never wrong in
Phase 10, and they multiply the branching factor; by default (``shortcut=True``) decisions
offering a lay-down or a hit are not searched: the prior makes them at the root, the default
policy inside the tree, and the search spends its budget on what to draw and what to
discard.

The search is game-agnostic: it reaches the game through a :class:`SearchGame`, chosen by the
type of the view (:func:`register_game`), so another game with its own views and determinize
(the programmes game) plugs in by registering one.

>>> import random
>>> from phase10.engine.game import new_game
>>> from phase10.engine.rules import RuleSet
>>> from phase10.engine.view import view_for
>>> state = new_game(RuleSet(), players=3, seed=4)
>>> view = view_for(state, state.current)
>>> bot = ISMCTSBot(iterations=30)
>>> bot.choose(view, random.Random(1)) in view.legal
True
>>> bot.last_iterations
30
>>> sum(stat.visits for stat in bot.last_stats), sum(stat.preferred for stat in bot.last_stats)
(30, 1)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, NamedTuple, Protocol, TypeVar

from phase10.bots.base import Bot
from phase10.bots.rollout import leaf_rewards, policy_action
from phase10.bots.sharp import SharpBot
from phase10.engine.actions import Action, Hit, LayDown
from phase10.engine.determinize import determinize
from phase10.engine.game import apply_action, legal_actions
from phase10.engine.programmes import game as programmes_game
from phase10.engine.programmes.actions import Extend, Meld, ProgrammeAction, Reveal
from phase10.engine.programmes.hidden import determinize as programmes_determinize
from phase10.engine.programmes.state import ProgrammeState
from phase10.engine.programmes.view import ProgrammeView
from phase10.engine.state import GameState, Stage
from phase10.engine.view import PlayerView

__all__ = [
    "DEFAULT_ITERATIONS",
    "PHASE10",
    "ISMCTSBot",
    "Phase10Search",
    "RootStat",
    "SearchGame",
    "game_for",
    "register_game",
]

#: The budget when neither ``iterations`` nor ``seconds`` is given.
DEFAULT_ITERATIONS: Final = 200
#: The default prior (stateless, so one instance serves every search).
SHARP: Final = SharpBot()
#: UCB1 exploration constant for rewards in [0, 1] (sqrt(2)/2 is the textbook value).
EXPLORATION: Final = 0.7
#: How many standard errors an action must beat the prior's by to be played instead.
#: A discard has up to ten alternatives, and a false alarm is a random blunder: at 2.0 the
#: search overruled the policy by chance often enough to lose most 4-player games (measured:
#: 2 wins in 60 against three greedy players), so the bar is set for ten comparisons at once.
#: A bar of 1.5 in 2-player games, which a one-move estimate said would pay at 800 iterations
#: a decision, lost real games at 100 and at 800 iterations (README, "What a second of search
#: is worth").
CONFIDENCE: Final = 3.0
#: Visits a root child needs before its mean can overrule the default policy.
MIN_VISITS: Final = 10
#: A rollout that has not ended the hand after this many decisions is evaluated as it stands.
ROLLOUT_CAP: Final = 400

S = TypeVar("S")
A = TypeVar("A")


class RootStat(NamedTuple):
    """What the last search learnt about one action at its root (see ``ISMCTSBot.last_stats``).

    ``mean`` and ``variance`` are of the deciding seat's rewards over ``visits`` iterations
    (``variance`` is 0.0 below two visits); ``preferred`` marks the prior's action.
    """

    action: Any
    visits: int
    mean: float
    variance: float
    preferred: bool


class SearchGame(Protocol[S, A]):
    """What the search needs of a game: the hooks one game implements for ISMCTS.

    ``S`` is the game's full state type and ``A`` its action type (hashable and comparable:
    equal actions in two determinizations are the same tree edge).
    """

    def determinize(self, view: Any, rng: random.Random) -> S:
        """A full state consistent with ``view``, hidden information sampled from ``rng``."""
        ...

    def legal(self, state: S) -> Sequence[A]:
        """The actions of the seat to act."""
        ...

    def apply(self, state: S, action: A) -> S:
        """The state after ``action``."""
        ...

    def to_act(self, state: S) -> int:
        """The seat to act."""
        ...

    def forced(self, state: S) -> A | None:
        """An action to play without searching (``None``: search this decision)."""
        ...

    def policy(self, state: S, rng: random.Random) -> A:
        """The default policy's action for the seat to act (rollouts)."""
        ...

    def stop(self, state: S, root: S) -> bool:
        """Whether a rollout from ``root`` ends at ``state`` (end of hand or of the game)."""
        ...

    def rewards(self, state: S, root: S, finished: bool) -> Sequence[float]:
        """Every seat's reward in [0, 1] at a leaf; ``finished`` is ``stop(state, root)``."""
        ...


@dataclass(frozen=True, slots=True)
class Phase10Search:
    """The Phase 10 hooks: the engine's determinize and turn cycle, the rollout policy of
    :mod:`phase10.bots.rollout`, rollouts to the end of the current hand.

    ``shortcut``: decisions offering a lay-down or a hit follow the policy (see the module
    documentation).
    """

    shortcut: bool = True

    def determinize(self, view: Any, rng: random.Random) -> GameState:
        assert isinstance(view, PlayerView)
        return determinize(view, rng)

    def legal(self, state: GameState) -> Sequence[Action]:
        return legal_actions(state)

    def apply(self, state: GameState, action: Action) -> GameState:
        return apply_action(state, action)

    def to_act(self, state: GameState) -> int:
        return state.current

    def forced(self, state: GameState) -> Action | None:
        if not self.shortcut or state.stage is not Stage.PLAY:
            return None
        action = policy_action(state)
        return action if isinstance(action, LayDown | Hit) else None

    def policy(self, state: GameState, rng: random.Random) -> Action:
        return policy_action(state)

    def stop(self, state: GameState, root: GameState) -> bool:
        return state.outcome is not None or state.hand_number != root.hand_number

    def rewards(self, state: GameState, root: GameState, finished: bool) -> Sequence[float]:
        return leaf_rewards(state, hand_over=finished)


PHASE10: Final = Phase10Search()


@dataclass(frozen=True, slots=True)
class ProgrammesSearch:
    """The programmes game's hooks: its own determinize and turn cycle; rollouts to the end of
    the manche with a random policy that reveals, melds and extends whenever it can (the
    game has no fast greedy policy on states yet); a finished game rewards its winner, else
    each seat is rewarded by its lead in program cards completed, as in Phase 10.
    """

    def determinize(self, view: Any, rng: random.Random) -> ProgrammeState:
        assert isinstance(view, ProgrammeView)
        return programmes_determinize(view, rng)

    def legal(self, state: ProgrammeState) -> Sequence[ProgrammeAction]:
        return programmes_game.legal_actions(state)

    def apply(self, state: ProgrammeState, action: ProgrammeAction) -> ProgrammeState:
        return programmes_game.apply_action(state, action)

    def to_act(self, state: ProgrammeState) -> int:
        return state.current

    def forced(self, state: ProgrammeState) -> ProgrammeAction | None:
        return None

    def policy(self, state: ProgrammeState, rng: random.Random) -> ProgrammeAction:
        legal = programmes_game.legal_actions(state)
        melds = [a for a in legal if isinstance(a, Reveal | Meld | Extend)]
        return rng.choice(melds or legal)

    def stop(self, state: ProgrammeState, root: ProgrammeState) -> bool:
        return state.outcome is not None or state.hand_number != root.hand_number

    def rewards(self, state: ProgrammeState, root: ProgrammeState, finished: bool) -> list[float]:
        n = len(state.players)
        if state.outcome is not None:
            return [1.0 if s == state.outcome.winner else 0.0 for s in range(n)]
        done = [len(p.done) for p in state.players]
        return [
            1.0 / (1.0 + math.exp(-2.0 * (done[s] - max(done[t] for t in range(n) if t != s))))
            for s in range(n)
        ]


PROGRAMMES: Final = ProgrammesSearch()

_GAMES: dict[type, SearchGame[Any, Any]] = {PlayerView: PHASE10, ProgrammeView: PROGRAMMES}


def register_game(view_type: type, game: SearchGame[Any, Any]) -> None:
    """Make :class:`ISMCTSBot` search ``game`` whenever it is given a view of ``view_type``.

    >>> register_game(PlayerView, PHASE10)  # Phase 10 is registered already
    """
    _GAMES[view_type] = game


def game_for(view: object) -> SearchGame[Any, Any]:
    """The registered game hooks for ``view``'s type (or a base class of it).

    >>> game_for(object())
    Traceback (most recent call last):
    ...
    TypeError: ISMCTS has no game registered for views of type object
    """
    for klass in type(view).__mro__:
        game = _GAMES.get(klass)
        if game is not None:
            return game
    raise TypeError(f"ISMCTS has no game registered for views of type {type(view).__name__}")


class _Node(Generic[A]):
    """One edge of the tree and the node below it: ``action`` was played by ``seat``.

    ``reward`` sums ``seat``'s rewards over the ``visits`` iterations through this node;
    ``available`` counts the iterations in which its action was legal at its parent.
    """

    __slots__ = (
        "action",
        "available",
        "children",
        "parent",
        "reward",
        "reward_sq",
        "seat",
        "visits",
    )

    def __init__(self, action: A | None, parent: _Node[A] | None, seat: int) -> None:
        self.action = action
        self.parent = parent
        self.seat = seat
        self.children: dict[A, _Node[A]] = {}
        self.visits = 0
        self.available = 1
        self.reward = 0.0
        self.reward_sq = 0.0


def _mean_var(node: _Node[Any]) -> tuple[float, float]:
    """Mean and (unbiased) variance of a node's rewards; needs two visits or more."""
    mean = node.reward / node.visits
    var = (node.reward_sq - node.visits * mean * mean) / (node.visits - 1)
    return mean, max(var, 1e-9)


class ISMCTSBot:
    """A computer player searching with single-observer ISMCTS (see the module docstring).

    ``iterations`` and ``seconds`` bound each decision (default: ``DEFAULT_ITERATIONS``
    iterations); ``exploration`` is the UCB1 constant, ``prior`` the bot whose move is played
    unless another is better by ``confidence`` standard errors (``None``: the default
    policy's move); ``heads_up_confidence``, if given, is that bar in 2-player Phase 10
    games (the programmes game keeps ``confidence``). With
    ``seconds`` the play depends on the machine's speed; with
    ``iterations`` alone it is a function of the view and ``rng``.
    """

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        *,
        exploration: float = EXPLORATION,
        confidence: float = CONFIDENCE,
        heads_up_confidence: float | None = None,
        name: str | None = None,
        game: SearchGame[Any, Any] | None = None,
        prior: Bot | None = SHARP,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be greater than 0, not {seconds!r}")
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.confidence = confidence
        self.heads_up_confidence = heads_up_confidence
        self.game = game
        self.prior = prior
        self.clock = clock
        self.name = name if name is not None else "ismcts"
        #: Iterations run by the last search (0 when the decision needed none).
        self.last_iterations = 0
        #: Every root action of the last search, most visited first (empty when the decision
        #: needed no search): what a hint or an experiment can show of the search's reasons.
        self.last_stats: tuple[RootStat, ...] = ()

    def choose(self, view: Any, rng: random.Random) -> Any:
        """Search from ``view`` and return the chosen action (one of ``view.legal``)."""
        legal = view.legal
        self.last_iterations = 0
        self.last_stats = ()
        if len(legal) == 1:
            return legal[0]
        game = self.game if self.game is not None else game_for(view)
        start = self.clock()
        root_state = game.determinize(view, rng)
        quick = game.forced(root_state)
        if quick is not None:
            return quick if self.prior is None else self.prior.choose(view, rng)
        return self._search(game, view, root_state, rng, start)

    def _search(
        self, game: SearchGame[Any, Any], view: Any, first: Any, rng: random.Random, start: float
    ) -> Any:
        root: _Node[Any] = _Node(None, None, -1)
        seat = view.seat
        deadline = start + self.seconds if self.seconds is not None else math.inf
        limit = self.iterations if self.iterations is not None else 1 << 62
        # The prior's choice is tried first: with a tiny budget the search then falls back
        # on it rather than on whichever action came up first.
        prior = self.prior
        preferred = game.policy(first, rng) if prior is None else prior.choose(view, rng)
        done = 0
        while done < limit:
            state = first if done == 0 else game.determinize(view, rng)
            self._iterate(game, root, state, rng, preferred)
            done += 1
            if deadline < math.inf:
                now = self.clock()
                # Stop when one more iteration of the average length would overrun.
                if now + (now - start) / done > deadline:
                    break
        self.last_iterations = done
        self.last_stats = tuple(
            sorted(
                (
                    RootStat(
                        action,
                        child.visits,
                        child.reward / child.visits,
                        _mean_var(child)[1] if child.visits > 1 else 0.0,
                        action == preferred,
                    )
                    for action, child in root.children.items()
                    if child.visits
                ),
                key=lambda stat: -stat.visits,
            )
        )
        bar = self.confidence
        # An experiment's knob for 2-player Phase 10; the programmes game's search (random
        # rollouts) keeps ``confidence``, as nothing there was ever measured to gain from less.
        if (
            self.heads_up_confidence is not None
            and len(view.players) == 2
            and isinstance(view, PlayerView)
        ):
            bar = self.heads_up_confidence
        return self._decide(root, preferred, seat, bar)

    def _decide(self, root: _Node[Any], preferred: Any, seat: int, bar: float) -> Any:
        """The default policy's action, unless another one did clearly better.

        A hand of Phase 10 is long and its draws are noisy: with a few hundred iterations the
        mean rewards of the root's actions differ by less than their standard errors, and
        the most visited child is then a coin toss. So the search overrules the policy only
        when a child's mean beats the policy's by ``bar`` standard errors of the
        difference (Welch); among such children the most visited wins.
        """
        base = root.children.get(preferred)
        if base is None or base.visits < 2:
            return preferred
        base_mean, base_var = _mean_var(base)
        winner, winner_key = preferred, (base.visits, base_mean)
        for action, child in root.children.items():
            if child is base or child.visits < MIN_VISITS:
                continue
            mean, var = _mean_var(child)
            spread = math.sqrt(var / child.visits + base_var / base.visits)
            if mean - base_mean > bar * spread and (child.visits, mean) > winner_key:
                winner, winner_key = action, (child.visits, mean)
        assert root.children[winner].seat == seat
        return winner

    def _iterate(
        self,
        game: SearchGame[Any, Any],
        root: _Node[Any],
        state: Any,
        rng: random.Random,
        preferred: Any,
    ) -> None:
        start = state
        node = root
        c = self.exploration
        finished = False
        # Selection and expansion.
        while True:
            if game.stop(state, start):
                finished = True
                break
            forced = game.forced(state)
            if forced is not None:
                # Not a decision: no node; the action joins the path's state only.
                state = game.apply(state, forced)
                continue
            actions = game.legal(state)
            seat = game.to_act(state)
            children = node.children
            untried = []
            best: _Node[Any] | None = None
            best_score = -math.inf
            for action in actions:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                    continue
                child.available += 1
                score = child.reward / child.visits + c * math.sqrt(
                    math.log(child.available) / child.visits
                )
                if score > best_score:
                    best, best_score = child, score
            if untried:
                if node is root and preferred in untried:
                    action = preferred
                else:
                    action = untried[rng.randrange(len(untried))]
                child = _Node(action, node, seat)
                children[action] = child
                node = child
                state = game.apply(state, action)
                break
            assert best is not None
            node = best
            state = game.apply(state, best.action)
        # Rollout with the default policy.
        if not finished:
            for _ in range(ROLLOUT_CAP):
                if game.stop(state, start):
                    finished = True
                    break
                state = game.apply(state, game.policy(state, rng))
        rewards = game.rewards(state, start, finished)
        # Backpropagation: each node learns the reward of the seat that chose its action.
        walk: _Node[Any] | None = node
        while walk is not None:
            walk.visits += 1
            if walk.seat >= 0:
                r = rewards[walk.seat]
                walk.reward += r
                walk.reward_sq += r * r
            walk = walk.parent
