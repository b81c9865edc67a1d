"""Information-set Monte Carlo tree search: single-observer ISMCTS (Cowling, Powley and
Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012).

The bot sees only its ``PlayerView``. Each iteration of the search

1. **determinizes**: deals the cards the seat has not seen at random, consistently with
   everything it has seen (:func:`phase10.games.phase10.determinize.determinize`);
2. **selects** down one tree shared by all iterations, at each node choosing among the actions
   legal *in this determinization* by UCB1 with availability counts (a child's exploration
   term uses how often it was available, not its parent's visits), each node's statistics
   being from the point of view of the seat that acted there;
3. **expands** one untried action, then **plays out** with the fast greedy-like default
   policy of :mod:`~phase10.games.phase10.rollout` to the end of the hand (or a depth cap) and
4. **evaluates** the leaf for every seat with :func:`phase10.games.phase10.rollout.leaf_rewards`
   (phases completed, points, closeness to the phase), and backs the rewards up the path.

The action played is the *prior*'s, unless another root child's mean reward beats it clearly
(see :meth:`ISMCTSBot._decide`). The prior is a bot that sees the same view, by default
:class:`~phase10.games.phase10.sharp.SharpBot` (greedy that watches what the next player takes), so
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

The search is game-agnostic: it reaches the game through a :class:`SearchGame`, the hooks
each game offers as ``Game.search_hooks()`` (:mod:`phase10.games`), so any registered game
is searched the same way.

>>> import random
>>> from phase10.games.phase10.turns import new_game
>>> from phase10.games.phase10.rules import RuleSet
>>> from phase10.games.phase10.view import view_for
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
from typing import Any, Final, Generic, NamedTuple, Protocol, TypeVar

from phase10 import games
from phase10.kernel.bots import AnyBot

__all__ = ["DEFAULT_ITERATIONS", "ISMCTSBot", "RootStat", "SearchGame", "game_for"]

#: The budget when neither ``iterations`` nor ``seconds`` is given.
DEFAULT_ITERATIONS: Final = 200
#: ``prior`` by default: the game's strongest heuristic (``sharp``, else ``greedy``).
GAME_PRIOR: Final = "game"
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


def game_for(view: object) -> SearchGame[Any, Any]:
    """The search hooks of the game ``view`` belongs to (``Game.search_hooks``).

    >>> game_for(object())
    Traceback (most recent call last):
    ...
    phase10.games.UnknownGameError: object belongs to no registered game
    """
    hooks: SearchGame[Any, Any] = games.of(view).search_hooks()
    return hooks


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
    policy's move; by default the game's ``sharp`` or else ``greedy`` bot). With
    ``seconds`` the play depends on the machine's speed; with
    ``iterations`` alone it is a function of the view and ``rng``. ``max_players``: in a
    game of more players than this the move of ``crowd`` (by default the prior) is played at
    once, unsearched (the ``expert`` level searches heads-up only: with four players its
    changes lost games, docs/decisions/0018-expert-searches-heads-up-only.md).
    """

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        *,
        exploration: float = EXPLORATION,
        confidence: float = CONFIDENCE,
        name: str | None = None,
        game: SearchGame[Any, Any] | None = None,
        prior: AnyBot | str | None = GAME_PRIOR,
        max_players: int | None = None,
        crowd: AnyBot | None = None,
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
        self.game = game
        self.prior = prior
        if max_players is not None and max_players < 2:
            raise ValueError(f"max_players must be at least 2, not {max_players!r}")
        self.max_players = max_players
        self.crowd = crowd
        self._priors: dict[str, AnyBot] = {}
        self.clock = clock
        self.name = name if name is not None else "ismcts"
        #: Iterations run by the last search (0 when the decision needed none).
        self.last_iterations = 0
        #: Every root action of the last search, most visited first (empty when the decision
        #: needed no search): what a hint or an experiment can show of the search's reasons.
        self.last_stats: tuple[RootStat, ...] = ()

    def _prior(self, view: Any) -> AnyBot | None:
        """The prior bot for ``view``'s game (built once per game when it is the default)."""
        if not isinstance(self.prior, str):
            return self.prior
        game = games.of(view)
        bot = self._priors.get(game.name)
        if bot is None:
            heuristics = game.bots()
            bot = (heuristics.get("sharp") or heuristics["greedy"])()
            self._priors[game.name] = bot
        return bot

    def choose(self, view: Any, rng: random.Random) -> Any:
        """Search from ``view`` and return the chosen action (one of ``view.legal``)."""
        legal = view.legal
        self.last_iterations = 0
        self.last_stats = ()
        if len(legal) == 1:
            return legal[0]
        if self.max_players is not None and len(view.players) > self.max_players:
            unsearched = self.crowd or self._prior(view)
            if unsearched is not None:
                return unsearched.choose(view, rng)
        game = self.game if self.game is not None else game_for(view)
        start = self.clock()
        root_state = game.determinize(view, rng)
        quick = game.forced(root_state)
        if quick is not None:
            prior = self._prior(view)
            return quick if prior is None else prior.choose(view, rng)
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
        prior = self._prior(view)
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
        return self._decide(root, preferred, seat, self.confidence)

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
