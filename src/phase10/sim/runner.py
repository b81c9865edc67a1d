"""Tournaments between bots: many seeded games, in this process, a process pool or on Ray.

Every game is a pure function of the configuration and its index (:func:`play_game`): its
seed is derived from the tournament seed and the index (:func:`game_seed`), the bots get
their randomness from that seed, and in game ``i`` every bot moves ``i`` seats to the left so
that no bot keeps the first player's advantage. With ``duplicate=True`` the deal is shared
too: games ``k*n`` to ``k*n + n - 1`` (``n`` players) play the same deal with every bot in
every seat once, as in duplicate bridge, so the luck of the deal cancels out of the
comparison and fewer games tell bots apart. Results are aggregated in game-index order
as they arrive (:class:`Tally`), keeping only running sums: memory does not grow with the
number of games, and the summary is the same whatever the backend or the number of workers.

>>> from phase10 import find_variant
>>> config = SimConfig(rules=find_variant("standard+n_phases=1"), bots=("greedy", "random"),
...                    games=4, seed=1)
>>> summary = simulate(config)
>>> summary.games, [b.bot for b in summary.bots], sum(b.wins for b in summary.bots)
(4, ['greedy', 'random'], 4)
"""

from __future__ import annotations

import hashlib
import math
import os
import random
import signal
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from openskill.models import PlackettLuce

from phase10 import games
from phase10.bots import make_bot, watch_all
from phase10.kernel.bots import bot_decides, bot_refused
from phase10.kernel.errors import Phase10Error

__all__ = [
    "BACKENDS",
    "GAMES",
    "BotSummary",
    "GameResult",
    "Interrupted",
    "SimConfig",
    "SimError",
    "Summary",
    "Tally",
    "game_seed",
    "play_game",
    "simulate",
    "wilson",
]

GAMES: Final = games.names()
BACKENDS: Final = ("process", "ray")
#: A game still going after this many decisions is abandoned and counted as unfinished.
MAX_DECISIONS: Final = 50_000
#: Games submitted ahead of the next one to aggregate, per worker.
WINDOW_PER_WORKER: Final = 4


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`simulate`: ``summary`` counts the games finished before it, in
    index order (with ``duplicate``, whole deals only, so every seat still played each
    deal), and is what a run of ``summary.games`` games with the same seed gives."""

    def __init__(self, summary: Summary) -> None:
        super().__init__(f"interrupted after {summary.games} games")
        self.summary = summary


class SimError(Phase10Error):
    """A simulation that cannot run as asked (an unknown game, a missing backend)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SimConfig:
    """What to simulate: the game, rules, one bot spec per seat, how many games, the seed."""

    rules: Any
    bots: tuple[str, ...]
    games: int
    seed: int = 1
    game: str = "phase10"
    max_decisions: int = MAX_DECISIONS
    #: Play every deal once per seat rotation (see the module docstring).
    duplicate: bool = False

    @property
    def players(self) -> int:
        return len(self.bots)


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game, by bot entry (position in ``SimConfig.bots``), not by seat."""

    index: int
    winner: int  # an entry, or -1 for an unfinished game
    totals: tuple[int, ...]
    phases: tuple[int, ...]
    hands: int
    decisions: int


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index``: stable across Python versions, machines and processes.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    digest = hashlib.sha256(f"phase10-sim:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def _check_game(config: SimConfig) -> games.Game:
    try:
        game = games.get(config.game)
    except games.UnknownGameError as exc:
        raise SimError(str(exc)) from None
    if not game.owns(config.rules):
        raise SimError(f"the rules {config.rules.name!r} are not rules of the {game.name} game")
    return game


def play_game(config: SimConfig, index: int) -> GameResult:
    """Play game ``index`` of ``config`` (a pure function of both, for budgets in iterations).

    Entry ``e`` of ``config.bots`` sits at seat ``(e + index) % players``. Under
    ``config.duplicate`` the deal (and each seat's randomness) is that of game
    ``index // players``.
    """
    game = _check_game(config)
    n = config.players
    seed = game_seed(config.seed, index // n if config.duplicate else index)
    entry_at = [(seat - index) % n for seat in range(n)]
    bots = [make_bot(config.bots[entry_at[seat]], game) for seat in range(n)]
    rngs = [random.Random(f"phase10-sim-bot:{seed}:{seat}") for seat in range(n)]
    state = game.new_game(config.rules, n, seed)
    decisions = 0
    while game.outcome(state) is None and decisions < config.max_decisions:
        seat = game.to_act(state)

        def who(seat: int = seat) -> str:
            return f"bot {config.bots[entry_at[seat]]!r} (seat {seat}, game {index})"

        action = bot_decides(bots[seat], game.view(state, seat), rngs[seat], who)
        watch_all(bots, game, state, seat, action)
        try:
            state = game.apply(state, action)
        except Phase10Error as exc:
            raise bot_refused(exc, action, game.format_action, who()) from exc
        decisions += 1
    totals = [0] * n
    phases = [0] * n
    for seat, (points, done) in enumerate(
        zip(game.penalty(state), game.standing(state), strict=True)
    ):
        totals[entry_at[seat]] = points
        phases[entry_at[seat]] = done
    outcome = game.outcome(state)
    return GameResult(
        index=index,
        winner=-1 if outcome is None else entry_at[outcome.winner],
        totals=tuple(totals),
        phases=tuple(phases),
        hands=game.hand_number(state) + 1 if outcome is None else outcome.hands,
        decisions=decisions,
    )


# ---------------------------------------------------------------------------- statistics


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> [round(x, 3) for x in wilson(60, 100)]
    [0.502, 0.691]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class BotSummary:
    """The results of one entry of ``SimConfig.bots``."""

    bot: str
    games: int
    wins: int
    win_rate: float
    ci95: tuple[float, float]
    mean_score: float
    mean_phases: float
    rating_mu: float
    rating_sigma: float

    @property
    def rating(self) -> float:
        """A conservative skill estimate: mu - 3 sigma (OpenSkill's ``ordinal``)."""
        return self.rating_mu - 3 * self.rating_sigma


@dataclass(frozen=True, slots=True)
class Summary:
    """A whole simulation's results."""

    games: int
    unfinished: int
    mean_hands: float
    mean_decisions: float
    bots: tuple[BotSummary, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values (rounded so that output is stable and readable)."""
        return {
            "games": self.games,
            "unfinished": self.unfinished,
            "mean_hands": round(self.mean_hands, 4),
            "mean_decisions": round(self.mean_decisions, 2),
            "bots": [
                {
                    "bot": b.bot,
                    "games": b.games,
                    "wins": b.wins,
                    "win_rate": round(b.win_rate, 4),
                    "ci95": [round(b.ci95[0], 4), round(b.ci95[1], 4)],
                    "mean_score": round(b.mean_score, 2),
                    "mean_phases": round(b.mean_phases, 3),
                    "rating": {
                        "mu": round(b.rating_mu, 3),
                        "sigma": round(b.rating_sigma, 3),
                        "ordinal": round(b.rating, 3),
                    },
                }
                for b in self.bots
            ],
        }


@dataclass(slots=True)
class Tally:
    """Running sums over games, fed in game-index order; it keeps no per-game result.

    Ratings are OpenSkill's Plackett-Luce model: the winner ranks first, the others by
    phases completed, then by fewer points; equal standings share a rank.
    """

    bots: tuple[str, ...]
    games: int = 0
    unfinished: int = 0
    hands: int = 0
    decisions: int = 0
    wins: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    phases: list[int] = field(default_factory=list)
    _model: Any = None
    _ratings: list[Any] = field(default_factory=list)

    def __post_init__(self) -> None:
        n = len(self.bots)
        self.wins = [0] * n
        self.scores = [0] * n
        self.phases = [0] * n
        self._model = PlackettLuce()
        self._ratings = [self._model.rating(name=str(e)) for e in range(n)]

    def add(self, result: GameResult) -> None:
        """Count one game (the next in index order)."""
        if result.index != self.games:
            raise ValueError(f"game {result.index} arrived, expected game {self.games}")
        self.games += 1
        self.hands += result.hands
        self.decisions += result.decisions
        for e in range(len(self.bots)):
            self.scores[e] += result.totals[e]
            self.phases[e] += result.phases[e]
        if result.winner < 0:
            self.unfinished += 1
            return
        self.wins[result.winner] += 1
        standing = [
            (e != result.winner, -result.phases[e], result.totals[e]) for e in range(len(self.bots))
        ]
        ranks = [1 + sorted(standing).index(s) for s in standing]
        rated = self._model.rate([[r] for r in self._ratings], ranks=ranks)
        self._ratings = [team[0] for team in rated]

    def summary(self) -> Summary:
        g = max(self.games, 1)
        bots = tuple(
            BotSummary(
                bot=name,
                games=self.games,
                wins=self.wins[e],
                win_rate=self.wins[e] / g,
                ci95=wilson(self.wins[e], self.games),
                mean_score=self.scores[e] / g,
                mean_phases=self.phases[e] / g,
                rating_mu=float(self._ratings[e].mu),
                rating_sigma=float(self._ratings[e].sigma),
            )
            for e, name in enumerate(self.bots)
        )
        return Summary(
            games=self.games,
            unfinished=self.unfinished,
            mean_hands=self.hands / g,
            mean_decisions=self.decisions / g,
            bots=bots,
        )


# ---------------------------------------------------------------------------- backends


class _Backend(Protocol):
    """Runs games somewhere: ``submit`` starts one, ``result`` waits for it."""

    def submit(self, config: SimConfig, index: int) -> Any: ...

    def result(self, handle: Any) -> GameResult: ...

    def close(self) -> None: ...


class _InProcess:
    def submit(self, config: SimConfig, index: int) -> Any:
        return (config, index)

    def result(self, handle: Any) -> GameResult:
        return play_game(*handle)

    def close(self) -> None:
        pass


def _deaf_to_interrupts() -> None:
    # Ctrl-C reaches every process of the terminal's group: the main process stops the run
    # and stops the workers, which would otherwise each print a traceback of their own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _Pool:
    def __init__(self, workers: int) -> None:
        self.executor = ProcessPoolExecutor(max_workers=workers, initializer=_deaf_to_interrupts)

    def submit(self, config: SimConfig, index: int) -> Any:
        return self.executor.submit(play_game, config, index)

    def result(self, handle: Any) -> GameResult:
        assert isinstance(handle, Future)
        result: GameResult = handle.result()
        return result

    def close(self) -> None:
        self.executor.shutdown(cancel_futures=True)

    def stop(self) -> None:
        """Stop at once, the games under way left unfinished (Ctrl-C)."""
        processes = dict(getattr(self.executor, "_processes", None) or {})
        self.executor.shutdown(wait=False, cancel_futures=True)
        for process in processes.values():
            process.terminate()


#: Off, Ray gives a local node the address 127.0.0.1, so that every Ray server of a local run
#: listens on loopback only (see docs/decisions/0011-ray-on-loopback.md).
LOCAL_ONLY: Final = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"


class _Ray:
    """Games as Ray tasks: a local Ray instance, or the cluster at ``address``."""

    def __init__(self, workers: int, address: str | None) -> None:
        if address is None:
            # Ray reads these when it is imported, so they come first; a value the user chose
            # is kept. A token for every caller (RAY_AUTH_MODE), and
            # loopback only. Ray takes the node's address from the network unless
            # RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER is off (ray_constants.ENABLE_RAY_CLUSTER, read
            # by services.get_node_ip_address): then the node is 127.0.0.1, and gcs_server,
            # raylet, the runtime env agent and every worker bind their servers to it.
            # ray.init(_node_ip_address="127.0.0.1") alone would not do: Ray turns a loopback
            # address into the network one (services.resolve_ip_for_localhost).
            os.environ.setdefault("RAY_AUTH_MODE", "token")
            os.environ.setdefault(LOCAL_ONLY, "0")
        try:
            import ray
        except ImportError:
            raise SimError(
                "--backend ray needs Ray: pip install 'phase10[sim]' (or pip install ray)"
            ) from None
        self.ray = ray
        self.started = False
        if not ray.is_initialized():
            options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            if address is not None:
                options["address"] = address
            else:
                # A local instance: on loopback (LOCAL_ONLY above) and with a token (Ray 2.52
                # and later generate one for a local ray.init and refuse callers without it).
                options["num_cpus"] = workers
            ray.init(**options)
            self.started = True
        self.remote = ray.remote(play_game)

    def submit(self, config: SimConfig, index: int) -> Any:
        return self.remote.remote(config, index)

    def result(self, handle: Any) -> GameResult:
        result: GameResult = self.ray.get(handle)
        return result

    def close(self) -> None:
        if self.started:
            self.ray.shutdown()


def _backend(workers: int, backend: str, address: str | None) -> _Backend:
    if backend == "ray":
        return _Ray(workers, address)
    if backend != "process":
        raise SimError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if address is not None:
        raise SimError("--address is for --backend ray")
    return _InProcess() if workers == 1 else _Pool(workers)


def _ordered_results(config: SimConfig, runner: _Backend, window: int) -> Iterator[GameResult]:
    """Results in index order, with at most ``window`` games submitted and not yet yielded."""
    pending: dict[int, Any] = {}
    submitted = 0
    for index in range(config.games):
        while submitted < config.games and submitted < index + window:
            pending[submitted] = runner.submit(config, submitted)
            submitted += 1
        yield runner.result(pending.pop(index))


def simulate(
    config: SimConfig,
    *,
    workers: int = 1,
    backend: str = "process",
    address: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    window: int | None = None,
) -> Summary:
    """Play ``config.games`` games and summarise them (see the module docstring).

    ``workers`` processes (1: this process) or Ray with ``backend="ray"`` (``address``: an
    existing cluster, else a local instance with ``workers`` CPUs). ``progress(done, total)``
    is called after each game is counted. The summary depends only on ``config``. Ctrl-C
    raises :class:`Interrupted`, holding the summary of the games counted so far.
    """
    game = _check_game(config)
    if not game.min_players <= config.players <= game.max_players:
        raise SimError(
            f"a game of {game.name} is for {game.min_players} to {game.max_players} players, "
            f"not {config.players} (D-24, E-01)"
        )
    if workers < 1:
        raise SimError(f"workers must be at least 1, not {workers}")
    for spec in config.bots:
        make_bot(spec, game)
    runner = _backend(workers, backend, address)
    tally = Tally(config.bots)
    # With duplicate deals a game counts once its deal has been played from every seat.
    deal = config.players if config.duplicate else 1
    held: list[GameResult] = []
    try:
        size = window if window is not None else WINDOW_PER_WORKER * workers
        for done, result in enumerate(_ordered_results(config, runner, max(1, size)), 1):
            held.append(result)
            if len(held) == deal:
                for each in held:
                    tally.add(each)
                held.clear()
            if progress is not None:
                progress(done, config.games)
        for each in held:
            tally.add(each)
    except KeyboardInterrupt:
        stop = getattr(runner, "stop", None)
        if stop is not None:
            stop()
        raise Interrupted(tally.summary()) from None
    finally:
        runner.close()
    return tally.summary()
