"""Computer players, and the one registry that names them for every game.

Bots see only a view (never the full state) and get their randomness as a ``random.Random``,
so a seeded game is always the same game. A bot is made for a game: the generic ones
(``random``, ``ismcts``) play every game through its :class:`~phase10.kernel.game.Game`
interface; the heuristics (``greedy``, ``sharp``, ``pimc``...) are each game's own
(``Game.bots()``). Asking for a bot a game does not have is refused up front, with the list
of what it has.

A bot from outside the project is named by its import path, ``mypackage.mybot:MyBot``, or by
the name an installed package registers in the ``phase10.bots`` entry-point group
(:mod:`phase10.bots.plugins`; docs/writing-a-bot.md).

A trained policy is named by its file, ``rl:path/to/policy.pt``: the project registers ``rl``
in that same entry-point group (pyproject.toml; :mod:`phase10.rl.policy_bot`, which needs
PyTorch: ``pip install -e '.[train]'``), so this package never imports the learning
environments.

A name may carry a search budget, ``ismcts:0.1s`` (seconds) or ``pimc:200it`` (iterations),
and after it the bar for overruling the prior in standard errors, ``ismcts:800it:z2``;
``expert:800it`` is the expert level's own search with a budget of iterations instead of
its second, so that its play replays exactly. The
learned bot may name the model file it plays, ``learned:path/to/model.json`` (one that
``scripts/train_learned.py`` wrote), so a trained model is measured without copying it into
the package.

>>> make_bot("greedy").name, make_bot("easy", "programmes").name
('greedy', 'easy')
>>> make_bot("ismcts:200it").iterations, make_bot("ismcts:800it:z1.5").confidence
(200, 1.5)
>>> type(make_bot("expert:800it").prior).__name__, make_bot("expert:800it").iterations
('LearnedBot', 800)
>>> make_bot("learned", "programmes")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
phase10.kernel.errors.SaidError: the bot 'learned' does not play the programmes game; bots: ...
>>> make_bot("grandmaster")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
phase10.kernel.errors.SaidError: unknown bot 'grandmaster'; bots: random, greedy, sharp, ...
>>> make_bot("gredy")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
phase10.kernel.errors.SaidError: unknown bot 'gredy': did you mean 'greedy'? bots: random, ...
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from typing import Any, Final

from phase10 import games
from phase10.bots.ismcts import ISMCTSBot
from phase10.bots.plugins import bot_spec, load_plugin, shadowing_hint
from phase10.bots.random_bot import EpsilonBot, RandomBot
from phase10.kernel.bots import AnyBot, Bot
from phase10.kernel.errors import SaidError
from phase10.kernel.game import Game
from phase10.kernel.i18n import N_
from phase10.kernel.messages import MessageTable, register

__all__ = [
    "LEVELS",
    "LEVEL_NAMES",
    "AnyBot",
    "Bot",
    "EpsilonBot",
    "ISMCTSBot",
    "RandomBot",
    "bot_names",
    "bot_spec",
    "make_bot",
    "names_a_file",
    "watch_all",
]

#: Why a bot's name is refused, in the reader's language (``phase10.explain``).
MESSAGES: Final = register(
    MessageTable(
        "bots",
        {
            "bots.unknown": N_(
                "unknown bot {name}; bots: {bots}; levels: {levels}; or your own as module:Class"
            ),
            "bots.unknown_near": N_(
                "unknown bot {name}: did you mean {near}? bots: {bots}; levels: {levels}; or "
                "your own as module:Class"
            ),
            "bots.other_game": N_("the bot {name} does not play the {game} game; bots: {bots}"),
        },
    )
)

#: Bots every game has, whatever its heuristics.
_GENERIC: Final[dict[str, Callable[[], AnyBot]]] = {"random": RandomBot, "ismcts": ISMCTSBot}

#: Difficulty levels offered to people, weakest first: the game's greedy bot with 30% and
#: 10% random blunders, its strongest quick bot (``learned`` where it has one, else
#: ``sharp``), and information-set search on top of that bot (``learned`` without its guess
#: at what the next player wants, decision 0023, but with its takes, decision 0025) with 1 s
#: a decision, heads-up only: with more players it plays ``hard``'s move at once, since there
#: the search's changes lost games; in the programmes game, where the search finds nothing,
#: it plays at once ``sharp`` keeping pairs for after its reveal (docs/bots.md has their
#: measured strength; docs/decisions/0018, 0020, 0021, 0023, 0025 and 0026). "hard" answers
#: at once and is deterministic, which the full-screen game's tests and snapshots rely on.
#: A budget in seconds keeps the expert's wait the same on every machine; the price is that
#: its play depends on the machine's speed.
LEVELS: Final[tuple[str, ...]] = ("easy", "medium", "hard", "expert")
#: The bots ``hard`` plays, strongest first: the first one the game has. In Phase 10 the
#: learned bot beat ``sharp`` by about two points heads-up and one with four players, in a
#: fifth of a millisecond a decision (docs/decisions/0019-hard-plays-the-learned-bot.md);
#: ``expert`` plays it too where it does not search.
_HARD: Final = ("learned", "sharp", "greedy")
#: Options for ``hard``'s bot where ``expert``'s search starts from it: in Phase 10 the
#: learned bot without its last tie-break by what the next player wants, since the search
#: (whose deals of the unseen cards do not read that guess) mostly overruled it towards cards
#: the next player is likelier to want, and gained about nothing on top of it where it
#: gained about six points on top of the plain one (decision 0023). It keeps the takes of
#: the cards that go down with the phase (decision 0024), worth 2.3 points to that prior:
#: the search's rollouts rate such a take and a draw alike, so at its bar it keeps 92% of
#: them where, from the prior without them, it found 13% (decision 0025).
_SEARCH_FROM: Final[dict[str, dict[str, object]]] = {"learned": {"wants": False, "extras": True}}
#: Games where no search found a move better than ``hard``'s (docs/bots.md, "The programmes
#: game's ``sharp``": none of 90 alternatives, even seeing the hidden cards hardly any):
#: there ``expert`` plays ``hard``'s move at once, rather than keep a person waiting a second
#: a decision for the same move (docs/decisions/0021-no-search-where-it-finds-nothing.md),
#: with the options of ``_PLAYS_AT_ONCE``.
_NOTHING_TO_FIND: Final = ("programmes",)
#: Options for ``hard``'s bot where ``expert`` plays it at once: in the programmes game,
#: before its reveal and under a program of runs only, ``sharp`` keeps pairs for the new
#: sets it may lay once revealed (``pair_weight``, the game's ``sharp.PAIR_WEIGHT``); it beat
#: ``sharp`` without them, ``hard``, head-to-head on duplicate deals, a small step but one
#: measured (docs/decisions/0026-the-programmes-expert-keeps-pairs-for-later.md).
_PLAYS_AT_ONCE: Final[dict[str, dict[str, object]]] = {"programmes": {"pair_weight": 2}}
#: Each level's name for people, marked for the catalogs (the keys stay English everywhere).
LEVEL_NAMES: Final[dict[str, str]] = {
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}

#: The largest budgets a spec may ask for: a million iterations or an
#: hour a decision is already days a game; beyond that a typo (``ismcts:1e9it``) or infinity
#: (``ismcts:infs``) would run forever, so it is refused rather than started.
MAX_ITERATIONS: Final = 1_000_000
MAX_SECONDS: Final = 3600.0
#: The bar for overruling the prior, in standard errors: beyond this it never overrules.
MAX_CONFIDENCE: Final = 100.0

#: Bots that take a search budget in their name (``ismcts:0.1s``); each factory accepts
#: ``iterations``, ``seconds`` and ``name``.
_SEARCHERS: Final = ("ismcts", "pimc")
#: Bots that take a model file in their name (``learned:model.json``); each factory accepts
#: ``model`` (the file's path) and ``name``.
_MODELLED: Final = ("learned",)


def _game(game: str | Game) -> Game:
    return games.get(game) if isinstance(game, str) else game


def _heuristics(game: Game) -> dict[str, Callable[..., AnyBot]]:
    return {**_GENERIC, **game.bots()}


def bot_names(game: str | Game = "phase10") -> tuple[str, ...]:
    """Every bot name ``game`` accepts, levels last.

    >>> bot_names("programmes")
    ('random', 'greedy', 'sharp', 'pimc', 'ismcts', 'easy', 'medium', 'hard', 'expert')
    """
    found = _game(game)
    order = ["random", *found.bots(), "ismcts"]
    return (*dict.fromkeys(order), *LEVELS)


def _level(level: str, game: Game) -> AnyBot:
    greedy = game.bots()["greedy"]
    if level == "easy":
        return EpsilonBot(greedy(), 0.3, name="easy")
    if level == "medium":
        return EpsilonBot(greedy(), 0.1, name="medium")
    if level == "hard":
        return _quick(game)(name="hard")
    return _expert(game, seconds=1.0)


def _quick(game: Game) -> Callable[..., AnyBot]:
    """The factory of ``hard``'s bot for ``game``: the first of ``_HARD`` it has."""
    return game.bots()[_quick_name(game)]


def _quick_name(game: Game) -> str:
    """The name of ``hard``'s bot in ``game``: the first of ``_HARD`` it has."""
    own = game.bots()
    return next(name for name in _HARD if name in own)


def _expert(
    game: Game, *, iterations: int | None = None, seconds: float | None = None, name: str = "expert"
) -> AnyBot:
    """The expert level's search: from ``hard``'s move, heads-up only (decisions 0018-0020),
    in Phase 10 from the learned bot's move before its guess at what the next player wants
    (decision 0023) but with its takes of the cards that go down with the phase (decision
    0025); with more players ``hard``'s move at once; in a game where search finds nothing
    better, at once the move of ``hard``'s bot with that game's options (decisions 0021,
    0026)."""
    factory = _quick(game)
    if game.name in _NOTHING_TO_FIND:
        return factory(name=name, **_PLAYS_AT_ONCE.get(game.name, {}))
    quick = factory(name=name)
    options = _SEARCH_FROM.get(_quick_name(game))
    return ISMCTSBot(
        iterations=iterations,
        seconds=seconds,
        name=name,
        max_players=2,
        prior=factory(name=name, **options) if options else quick,
        crowd=quick,
    )


def make_bot(spec: str, game: str | Game = "phase10") -> AnyBot:
    """A new bot for ``game`` by name, level or search spec (module docstring).

    ``ValueError`` says what is wrong: an unknown name, a bot the game does not have, or a
    malformed budget.

    >>> make_bot("Hard").name
    'hard'
    """
    found = _game(game)
    label = spec.strip().lower()
    name, colon, _ = label.partition(":")
    if name in LEVELS and not colon:
        return _level(name, found)
    # Every game's bot names: a bot of another game is named as such, not as unknown.
    if name != "expert" and name not in {*_GENERIC, *_all_bot_names()}:
        plugin = load_plugin(spec, found.name)
        if plugin is not None:
            return plugin
        known = [*_all_bot_names(), *LEVELS]
        near = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
        raise SaidError.of(
            "bots.unknown_near" if near else "bots.unknown",
            name=repr(spec.strip()),
            near=repr(near[0] if near else ""),
            bots=list(_all_bot_names()),
            levels=list(LEVELS),
        )
    try:
        return _built_in(spec, found)
    except ValueError as exc:
        # A writer's ismcts.py is never imported for ismcts:MyISMCTS: say so, or they look
        # for a fault in a budget or a model file they never meant to give.
        hint = shadowing_hint(spec) if colon else None
        if hint is None:
            raise
        raise ValueError(f"{exc}; {hint}") from None


def _built_in(spec: str, game: Game) -> AnyBot:
    """The project's own bot ``spec`` names, with its budget or model file if it has one."""
    label = spec.strip().lower()
    name, colon, budget = label.partition(":")
    if name == "expert":
        # The level's own search with another budget: expert:800it replays exactly.
        return _searcher(spec, lambda **given: _expert(game, **given), label, budget)
    factory = _heuristics(game).get(name)
    if factory is None:
        raise SaidError.of(
            "bots.other_game", name=repr(name), game=game.name, bots=list(bot_names(game))
        )
    if not colon:
        return factory()
    if name in _MODELLED:
        # The path keeps its case: only the bot's name is case-blind.
        path = spec.strip().partition(":")[2]
        if not path:
            raise ValueError(f"bot spec {spec!r}: name the model file ({name}:model.json)")
        made: AnyBot = factory(model=path, name=f"{name}:{path}")
        return made
    if name not in _SEARCHERS:
        raise ValueError(
            f"bot spec {spec!r}: only ismcts, pimc and expert take a budget (ismcts:0.1s or "
            "pimc:200it), and learned a model file (learned:model.json)"
        )
    return _searcher(spec, factory, label, budget)


def names_a_file(spec: str) -> bool:
    """Whether ``spec`` names a model file after its bot, whose case must be kept.

    >>> names_a_file("Learned:Models/Round2.json"), names_a_file("ismcts:800it")
    (True, False)
    """
    name, colon, _ = spec.strip().partition(":")
    return bool(colon) and name.lower() in _MODELLED


def watch_all(bots: Sequence[AnyBot], game: Game, state: Any, seat: int, action: Any) -> None:
    """Show ``action`` of ``seat``, about to be applied to ``state``, to every bot with a
    ``watch(public_view, seat, action)`` method (a bot that remembers the table, as a trained
    policy does); a bot without one is untouched, and no view is built for none.

    >>> from phase10 import find_variant
    >>> game = _game("phase10")
    >>> state = game.new_game(find_variant("standard"), 2, 1)
    >>> watch_all([make_bot("greedy")], game, state, 0, game.legal_actions(state)[0])
    """
    watchers = [bot for bot in bots if callable(getattr(bot, "watch", None))]
    if not watchers:
        return
    public = game.public_view(state)
    for bot in watchers:
        bot.watch(public, seat, action)  # type: ignore[attr-defined]


def _all_bot_names() -> list[str]:
    names = ["random"]
    for game in games.all_games():
        names.extend(game.bots())
    names.append("ismcts")
    return list(dict.fromkeys(names))


def _searcher(spec: str, factory: Callable[..., Any], label: str, budget: str) -> AnyBot:
    budget, colon, bar = budget.partition(":")
    confidence: float | None = None
    if colon:
        value = _number(bar[1:]) if bar.startswith("z") else None
        if value is None or not 0 < value <= MAX_CONFIDENCE:
            raise ValueError(
                f"bot spec {spec!r}: after the budget comes the bar in standard errors, "
                f"greater than 0 and at most {MAX_CONFIDENCE:g} (ismcts:800it:z2)"
            )
        confidence = value
    bot: Any = None
    if budget.endswith("it"):
        iterations = _whole(budget[:-2])
        if iterations is None or not 1 <= iterations <= MAX_ITERATIONS:
            raise ValueError(
                f"bot spec {spec!r}: the iterations must be a whole number from 1 to "
                f"{MAX_ITERATIONS:,} (ismcts:500it)"
            )
        bot = factory(iterations=iterations, name=label)
    elif budget.endswith("s"):
        seconds = _number(budget[:-1])
        # NaN fails both comparisons, infinity the second: neither is a budget.
        if seconds is None or not 0 < seconds <= MAX_SECONDS:
            raise ValueError(
                f"bot spec {spec!r}: the seconds must be a number greater than 0 and at "
                f"most {MAX_SECONDS:g} (ismcts:0.1s)"
            )
        bot = factory(seconds=seconds, name=label)
    if bot is None:
        raise ValueError(
            f"bot spec {spec!r}: write the budget as seconds (0.1s) or iterations (200it)"
        )
    if confidence is not None:
        bot.confidence = confidence
    made: AnyBot = bot
    return made


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def _whole(text: str) -> int | None:
    # ASCII digits only: int() takes "²"-like digits in some scripts and not others, and a
    # budget has no business being 4,300 digits long.
    digits = text.strip()
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 9:
        return None
    return int(digits)
