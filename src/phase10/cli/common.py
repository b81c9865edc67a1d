"""Helpers shared by the commands: the rule options, number checks and user errors.

>>> parser = argparse.ArgumentParser()
>>> add_rules_options(parser)
>>> args = parser.parse_args(["--rules", "nl_accessible", "--variant", "even_phases,n_phases=3"])
>>> variant_tokens(args)
['even_phases', 'n_phases=3']
>>> rules_options(args)
['--rules', 'nl_accessible', '--variant', 'even_phases', '--variant', 'n_phases=3']
"""

from __future__ import annotations

import argparse
import difflib
import math
import os
import textwrap
import time
from collections.abc import Callable, Sequence
from typing import Final

from phase10 import games
from phase10.bots import LEVEL_NAMES, LEVELS, bot_names, make_bot
from phase10.cli.language import folded
from phase10.cli.parse_errors import current_language, thousands, translate
from phase10.explain import explain_error
from phase10.kernel.bots import AnyBot
from phase10.kernel.errors import SaidError, UsageError
from phase10.kernel.game import Game
from phase10.kernel.i18n import N_, translator
from phase10.match import Seat
from phase10.seat_names import YOU_WORDS, computer_names

DEFAULT_PROFILE: Final = "standard"
PROG: Final = "phase10"
#: The game a command plays or studies when ``--game`` does not say (its ``--rules`` may).
DEFAULT_GAME: Final = "phase10"
HELP_WIDTH: Final = 88


#: A user mistake on the command line that no lower layer reports (two options where one is
#: wanted); a game's own answers raise the same error.
CommandError = UsageError


def paragraph(text: str) -> str:
    """``text`` wrapped for a help screen (the commands keep their epilogs' line breaks)."""
    return textwrap.fill(text, HELP_WIDTH)


def examples(lines: str) -> str:
    """An epilog's examples under their heading, in the parse's language: the
    commands themselves are typed as they are.

    >>> examples("  phase10 play\\n")
    'examples:\\n  phase10 play\\n'
    """
    return translate(N_("examples:")) + "\n" + lines


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--rules``, ``--rules-file`` and ``--variant`` to a command's parser."""
    group = parser.add_argument_group(translate(N_("rules")))
    group.add_argument(
        "--rules",
        metavar="PROFILE",
        default=None,
        help=translate(
            N_(
                "a profile (standard, fr_mattel, en_phase10rules, de_article, nl_accessible), "
                "optionally with +variants, or a TOML rules file ending in .toml "
                "(default: {profile}; see 'phase10 variants')"
            )
        ).format(profile=DEFAULT_PROFILE),
    )
    group.add_argument(
        "--rules-file",
        metavar="PATH",
        default=None,
        help=translate(N_("a TOML rules file (keys: name, profile, variants, [flags])")),
    )
    group.add_argument(
        "--variant",
        metavar="V",
        action="append",
        default=[],
        help=translate(
            N_(
                "a short variant on top of the rules; repeat it or separate with commas "
                "(e.g. --variant even_phases --variant n_phases=3)"
            )
        ),
    )


GAMES: Final = games.names()


def add_game_options(parser: argparse.ArgumentParser, *, program: bool = True) -> None:
    """Add ``--game`` (and, for check and odds, ``--program``/``--program-json``/``--programs``)."""
    parser.add_argument(
        "--game",
        # Every registered game, a plugin's too (read when the command line is built).
        choices=games.names(),
        default=DEFAULT_GAME,
        help=translate(
            N_("which game: phase10 (default) or programmes (the amüze program-card rummy)")
        ),
    )
    if program:
        parser.add_argument(
            "--program",
            metavar="ID",
            help=translate(N_("programmes: a program card id, e.g. PRG-22")),
        )
        parser.add_argument(
            "--program-json",
            metavar="JSON",
            help=translate(
                N_(
                    'programmes: a program in the C.8 model, e.g. \'{"id": "X", "directives": '
                    '[{"mult": 1, "kind": "run", "len": 4}]}\''
                )
            ),
        )
    parser.add_argument(
        "--programs",
        metavar="PATH",
        help=translate(
            N_("programmes: a program deck file (JSON list or TOML [[card]] tables, C.8)")
        ),
    )


def chosen_game(args: argparse.Namespace) -> Game:
    """The game a command is for: ``--game``, or the game whose rule set ``--rules`` names
    (``--rules programmes+program_swap``); Phase 10 when neither says otherwise.

    >>> chosen_game(argparse.Namespace(game="phase10", rules="programmes")).name
    'programmes'
    """
    named = str(getattr(args, "game", DEFAULT_GAME))
    rules: str | None = getattr(args, "rules", None)
    no_empty_names(args)
    if named == DEFAULT_GAME and rules is not None and not rules.lower().endswith(".toml"):
        game = games.for_rules_name(rules)
    else:
        game = games.get(named)
    for option in ("programs", "program", "program_json"):
        # A program deck or card given to another game would be silently left unread.
        if getattr(args, option, None) is not None and game.name != "programmes":
            flag = "--" + option.replace("_", "-")
            raise CommandError(
                translate(N_("{flag} is for the programmes game: add --game programmes")).format(
                    flag=flag
                )
            )
    return game


def no_empty_names(args: argparse.Namespace) -> None:
    """An empty ``--rules ''`` or ``--rules-file ''`` is a mistake, not the default rules
    (it was silently read as the standard profile)."""
    for option in ("rules", "rules_file", "programs"):
        value = getattr(args, option, None)
        if value is not None and not str(value).strip():
            flag = "--" + option.replace("_", "-")
            raise CommandError(
                translate(
                    N_("{flag} is empty: give a name or a file, or leave the option out")
                ).format(flag=flag)
            )


def variant_tokens(args: argparse.Namespace) -> list[str]:
    """The ``--variant`` values split on commas; an empty one is refused, as a typo would
    be (it was silently dropped)."""
    raw: list[str] = args.variant
    tokens = [token.strip() for value in raw for token in value.split(",")]
    if any(not token for token in tokens):
        raise CommandError(
            translate(N_("--variant has an empty entry: give FLAG or FLAG=VALUE, comma-separated"))
        )
    return tokens


def rules_options(args: argparse.Namespace) -> list[str]:
    """The rule options as the user gave them, for printing a command that reproduces a result."""
    out: list[str] = []
    if args.rules is not None:
        out += ["--rules", args.rules]
    if args.rules_file is not None:
        out += ["--rules-file", args.rules_file]
    for token in variant_tokens(args):
        out += ["--variant", token]
    if getattr(args, "programs", None) is not None:
        out += ["--programs", args.programs]
    return out


#: The caps of the commands' numbers: a seed fits in 63 bits (the engine's MAX_SEED), games and
#: hands stop at what runs in hours on a laptop, a time at an hour. Beyond them a typo
#: (1e9, an extra zero or ten) would run for days or exhaust memory, so it is refused.
MAX_GAMES: Final = 1_000_000
MAX_HANDS: Final = 10_000_000
MAX_SECONDS: Final = 3600.0
#: Worker processes: at most one per CPU unless --oversubscribe, and never beyond this.
MAX_WORKERS: Final = 256


def _whole_number(text: str) -> int | None:
    """``text`` as a whole number in ASCII digits (an optional sign), or None. Past 20
    digits it stands for a number beyond every bound, never read whole (a 5,000-digit one
    would make ``int()`` fail with a traceback), so it is refused as out of range."""
    digits = text.strip()
    body = digits[1:] if digits[:1] in ("+", "-") else digits
    if not (body.isascii() and body.isdigit()):
        return None
    if len(body) > 20:
        return -(10**21) if digits.startswith("-") else 10**21
    return int(digits)


def bounded_int(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type`` for a whole number from ``low`` to ``high`` (inclusive).

    >>> bounded_int(1, 10)("7")
    7
    >>> bounded_int(1, 10)("²")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '²' is not a whole number
    >>> bounded_int(1, 10)("9" * 30)
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '99999999999999999999…': expected a whole number from 1 to 10
    """

    def parse(text: str) -> int:
        # The refusals speak the player's language; the value stays as typed (its start,
        # when it is very long).
        value = _whole_number(text)
        shown = repr(text if len(text) <= 24 else text[:20] + "…")
        if value is None:
            message = translate(N_("{value} is not a whole number"))
            raise argparse.ArgumentTypeError(message.format(value=shown))
        if value < low or (high is not None and value > high):
            if high is None:
                message = translate(N_("{value}: expected a whole number of at least {low}"))
            else:
                message = translate(N_("{value}: expected a whole number from {low} to {high}"))
            raise argparse.ArgumentTypeError(
                message.format(value=shown, low=thousands(low), high=thousands(high or 0))
            )
        return value

    parse.__name__ = "whole number"
    return parse


def seconds_up_to(high: float, *, zero: bool = False) -> Callable[[str], float]:
    """An argparse ``type`` for a finite number of seconds greater than 0 (or 0 itself with
    ``zero``) and at most ``high``; NaN and infinity are refused.

    >>> seconds_up_to(60)("0.5"), seconds_up_to(60, zero=True)("0")
    (0.5, 0.0)
    """

    def parse(text: str) -> float:
        try:
            # ASCII only: float() reads "١" (Arabic-Indic one) as 1.0, which nobody meant.
            value = float(text.strip()) if len(text) <= 40 and text.isascii() else math.nan
        except ValueError:
            message = translate(N_("{value} is not a number"))
            raise argparse.ArgumentTypeError(message.format(value=repr(text))) from None
        # NaN fails every comparison, so it lands here with infinity and the negatives.
        if not ((value > 0 or (zero and value == 0)) and value <= high):
            if zero:
                message = translate(
                    N_("{value}: expected a number of seconds 0 or more and at most {high}")
                )
            else:
                message = translate(
                    N_("{value}: expected a number of seconds greater than 0 and at most {high}")
                )
            raise argparse.ArgumentTypeError(message.format(value=repr(text), high=f"{high:g}"))
        return value

    parse.__name__ = "number"
    return parse


#: A finite number of seconds greater than zero, at most an hour.
positive_float: Final = seconds_up_to(MAX_SECONDS)


def check_workers(workers: int, oversubscribe: bool, *, remote: bool = False) -> None:
    """Refuse more worker processes than this machine has CPUs (1,024
    workers started 1,025 processes) unless ``oversubscribe`` says so, or the work runs on a
    ``remote`` cluster.

    >>> check_workers(1, False)
    """
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    if remote or oversubscribe or workers <= (cpus or 1):
        return
    raise CommandError(
        translate(
            N_(
                "--workers {workers}: this machine has {cpus} CPU(s); more workers than CPUs "
                "only share them (add --oversubscribe to start them anyway)"
            )
        ).format(workers=workers, cpus=cpus)
    )


def level_spec(name: str, lang: str) -> str:
    """What ``--opponents NAME`` asks for: a computer level named in ``lang``'s words as the
    game shows it (``moyen``, ``schwer``), whatever its case and accents, is that level's
    English name, the one the bots know; any other name as typed (``easy``, ``learned``).

    >>> level_spec("Difficile", "fr"), level_spec("schwer", "de"), level_spec("hard", "fr")
    ('hard', 'hard', 'hard')
    >>> level_spec("moyen", "en"), level_spec("ismcts:0.5s", "nl")
    ('moyen', 'ismcts:0.5s')
    """
    tr = translator(lang)
    wanted = folded(name.strip())
    for level in LEVELS:
        if folded(tr.gettext(LEVEL_NAMES[level])) == wanted:
            return level
    return name


def levels_in_words(lang: str) -> list[str]:
    """Each computer level as ``--opponents`` takes it: its name in ``lang``, with the
    English name, which works in every language, beside it where it differs.

    >>> levels_in_words("fr")
    ['facile (easy)', 'moyen (medium)', 'difficile (hard)', 'expert']
    >>> levels_in_words("en")
    ['easy', 'medium', 'hard', 'expert']
    """
    tr = translator(lang)
    said = [(tr.gettext(LEVEL_NAMES[level]), level) for level in LEVELS]
    return [name if folded(name) == level else f"{name} ({level})" for name, level in said]


def opponents_error(exc: ValueError) -> CommandError:
    """``--opponents``' refusal in the player's language; an unknown name's list of levels
    names them as the player may type them (:func:`levels_in_words`), and a name near one
    of them or of a bot is asked about in the player's words (``dificile``: ``difficile``).

    >>> from phase10.cli.parse_errors import messages_in
    >>> with messages_in("fr"):
    ...     refused = SaidError.of("bots.unknown", name="'dificile'", bots=[], levels=[])
    ...     print(opponents_error(refused))  # doctest: +ELLIPSIS
    --opponents: joueur ordinateur inconnu 'dificile' : vouliez-vous dire 'difficile' ? ...
    """
    lang = current_language()
    if isinstance(exc, SaidError) and exc.reason in ("bots.unknown", "bots.unknown_near"):
        tr = translator(lang)
        words = {folded(tr.gettext(LEVEL_NAMES[level])): level for level in LEVELS}
        known = {**{folded(bot): bot for bot in bot_names()}, **words, **{lv: lv for lv in LEVELS}}
        typed = folded(str(exc.params.get("name", "")).strip("'\"")).partition(":")[0]
        near = difflib.get_close_matches(typed, list(known), n=1, cutoff=0.6)
        said = next((w for w in words if near and w == near[0]), None)
        params = {**exc.params, "levels": levels_in_words(lang)}
        if near:
            shown = tr.gettext(LEVEL_NAMES[words[said]]) if said is not None else known[near[0]]
            exc = SaidError.of("bots.unknown_near", **{**params, "near": repr(shown)})
        else:
            exc = SaidError.of("bots.unknown", **params)
    return CommandError(f"--opponents: {explain_error(exc, lang)}")


def opponents_and_seed(
    args: argparse.Namespace, game: str, people: int = 1
) -> tuple[list[AnyBot], int]:
    """The ``--opponents`` bots of ``game`` for ``--players`` minus the people's seats, and
    ``--seed`` (or a clock seed): the set-up every ``play`` command shares, whatever the game.
    A level may be named in the player's language (:func:`level_spec`)."""
    spec = level_spec(str(args.opponents), current_language())
    try:
        bots = [make_bot(spec, game) for _seat in range(int(args.players) - people)]
    except ValueError as exc:
        raise opponents_error(exc) from None
    seed = args.seed if args.seed is not None else time.time_ns() % 1_000_000_000
    return bots, int(seed)


def table_seats(name: str | Sequence[str], bots: Sequence[AnyBot]) -> list[Seat]:
    """The person ``name`` (or the people sharing the keyboard) first, then one computer
    player per bot with a name of its own."""
    people = [name] if isinstance(name, str) else list(name)
    others = computer_names(people)
    return [*(Seat(n) for n in people), *(Seat(others[i], bot) for i, bot in enumerate(bots))]


#: "You" in every language of the game: no name for one of several people at one keyboard,
#: whose sentences would read "It is You's turn" to the others.


def people_names(text: str) -> list[str]:
    """The names of ``--people``, comma-separated. Each person needs a name of their own:
    an empty one, one that repeats another, or one that is "you" in some language (at a
    shared keyboard every sentence says "you" to the person playing) is refused.

    >>> people_names("Ann, Bob")
    ['Ann', 'Bob']
    >>> people_names("Ann,ann")
    Traceback (most recent call last):
    ...
    phase10.kernel.errors.UsageError: --people names ann twice: give each person a name of their own
    """
    names = [part.strip() for part in text.split(",")]
    seen: set[str] = set()
    for name in names:
        if not name:
            raise CommandError(
                translate(N_("--people has an empty name: separate the names with commas"))
            )
        if name.lower() in YOU_WORDS:
            raise CommandError(
                translate(
                    N_(
                        "--people: {name} is no name at a shared keyboard, where every "
                        "sentence says 'you' to the person playing; give each person a name"
                    )
                ).format(name=name)
            )
        if name.lower() in seen:
            raise CommandError(
                translate(
                    N_("--people names {name} twice: give each person a name of their own")
                ).format(name=name)
            )
        seen.add(name.lower())
    return names
