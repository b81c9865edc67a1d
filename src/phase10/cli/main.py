"""Entry point of the ``phase10`` command: the parser and the one place errors are reported.

Each command lives in its own module exposing ``register(subparsers)``, which adds its
subparser with ``func=run``. Every user error becomes one ``phase10: error: ...`` line on
stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import textwrap
import traceback
from collections.abc import Mapping
from importlib import metadata
from typing import Any, Final, NoReturn

from phase10.cli import (
    bench,
    check,
    join,
    odds,
    play,
    rules_cmd,
    serve,
    simulate,
    variants_cmd,
)
from phase10.cli.common import HELP_WIDTH, PROG
from phase10.cli.parse_errors import (
    current_language,
    errors_in,
    language_of,
    messages_in,
    translate,
)
from phase10.explain import explain_error, explain_reason
from phase10.kernel.errors import BotError, IllegalActionError, NotationError, Phase10Error
from phase10.kernel.i18n import LANGUAGES, N_, detect_language, translator
from phase10.kernel.notation import printable

# The help texts are msgids (N_), translated when the parser is built: main()
# builds it in the language of the command line, see phase10.cli.parse_errors.
INTRO = N_(
    "Two card games in the terminal, Phase 10 and the amüze programmes rummy, "
    "with computer opponents and an exact, deterministic engine."
)

RULES_NOTE = N_("""\
Rules: --rules PROFILE (or a .toml file), --rules-file PATH and --variant V choose the rules
for check, odds and play; 'phase10 variants' lists them. Run 'phase10 COMMAND --help' for more.
""")

#: One complete sentence per command: a description's first line is cut
#: wherever the source wraps it, so a command without a summary here falls back to the first
#: whole sentence of its description, never to a fragment.
SUMMARIES: Final[dict[str, str]] = {
    "play": N_(
        "Play Phase 10 or the programmes rummy (--game programmes) against computer players "
        "or friends: full screen on a terminal, line by line with --plain."
    ),
    "resume": N_(
        "Go on with a saved game of either game, in the mode and language it was played in "
        "unless you say otherwise."
    ),
    "simulate": N_(
        "Play bots against each other over many seeded games of either game and report each "
        "bot's win rate, mean score and rating."
    ),
    "serve": N_(
        "Start the game server for online play of both games: people open the printed "
        "address in a browser."
    ),
    "join": N_(
        "Sit at a table of an online game (phase10 serve) from the terminal, full screen or "
        "line by line."
    ),
    "check": N_(
        "Say whether a hand can make a phase, or a program with --game programmes, and show "
        "one way to lay it down (exit 0 possible, 1 not possible, 2 bad input)."
    ),
    "odds": N_(
        "Estimate the chance that a freshly dealt hand already holds a phase or a program, "
        "with a {confidence} confidence interval."
    ),
    "bench": N_(
        "Measure the engine on one core: phase checks/s, random-playout decisions/s, "
        "ISMCTS iterations/s, the memory of a game state and the size of a game record."
    ),
    "variants": N_("List the rule profiles and variants, or describe one rule set."),
    "rules": N_(
        "Show the rules of both games: every rule id with its title, or the text of one "
        "rule (e.g. P10-R23), in your language where translated."
    ),
}

#: The examples' heading is translated; the commands under it are typed as they are.
EXAMPLES = N_("examples:")
EPILOG = """\
  phase10 play
  phase10 resume
  phase10 check --phase 1 R5 B5 W R7 G7 Y7
  phase10 check --phase 8 --json G1 G3 G4 G9 G12 W W
  phase10 odds --phase 4 --hands 50000 --seed 3
  phase10 odds --phase 2 --rules nl_accessible --variant even_phases
  python -m phase10 bench --seconds 5
  phase10 simulate --bots ismcts:0.1s,greedy --games 200 --workers 2
  phase10 variants de_article+n_phases=5
  phase10 rules P10-R23
  phase10 join http://192.168.1.20:8000/join/K7MPQX --name Bob
"""


class _Headings(argparse.HelpFormatter):
    """argparse writes each section's heading as ``heading:``; French typography sets a
    space before the colon (``options :``), as every other French line of the game does."""

    def start_section(self, heading: str | None) -> None:
        if heading and current_language() == "fr":
            heading = f"{heading}\u00a0"
        super().start_section(heading)


class _Wrapped(_Headings):
    """argparse's own formatter (descriptions wrapped), with the language's headings."""


class _Raw(_Headings, argparse.RawDescriptionHelpFormatter):
    """Descriptions as written, with the language's headings."""


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose usage errors are one ``phase10: error:`` line, status 2,
    and whose help's headings follow the language's typography.

    >>> from phase10.cli.parse_errors import errors_in
    >>> with errors_in("fr"):
    ...     "options\u00a0:" in Parser(prog="x").format_help()
    True
    """

    def __init__(self, **kwargs: Any) -> None:
        chosen: type[argparse.HelpFormatter] = kwargs.pop("formatter_class", _Wrapped)
        if not issubclass(chosen, _Headings):
            raw = issubclass(chosen, argparse.RawDescriptionHelpFormatter)
            chosen = _Raw if raw else _Wrapped
        super().__init__(formatter_class=chosen, **kwargs)

    def error(self, message: str) -> NoReturn:
        # In the language of the parse: argparse's part of ``message`` is
        # translated already (see phase10.cli.parse_errors), the frame around it here.
        line = translate(N_("{prog}: error: {message} (see '{command} --help')"))
        self.exit(2, line.format(prog=PROG, message=message, command=self.prog) + "\n")


def build_parser() -> argparse.ArgumentParser:
    """The full ``phase10`` parser with every command registered, its help in the language
    of the :func:`phase10.cli.parse_errors.errors_in` block it is built in (else English)."""
    parser = Parser(
        prog=PROG,
        usage=f"{PROG} [-h] [--version] COMMAND ...",
        epilog=translate(EXAMPLES) + "\n" + EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    # ``phase10 --lang fr --help``: the language of the top-level help and errors
    # (read from the arguments by language_of) and, before a command, of the game; hidden,
    # as the command's own --lang is the one its help documents.
    parser.add_argument(
        "--lang", choices=LANGUAGES, dest="top_lang", default=None, help=argparse.SUPPRESS
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"{PROG} {package_version()}",
        help=translate(N_("show the version of phase10 and exit")),
    )
    # The description explains every command in a sentence, so argparse's own shorter
    # list of the same commands is hidden.
    subparsers = parser.add_subparsers(
        prog=PROG, dest="command", metavar="COMMAND", required=True, help=argparse.SUPPRESS
    )
    for module in (play, check, odds, bench, simulate, variants_cmd, rules_cmd, serve, join):
        module.register(subparsers)
    parser.description = _description(subparsers.choices)
    return parser


def package_version() -> str:
    """The installed package's version, as its metadata says (``pyproject.toml``'s).

    >>> package_version().count(".") >= 1
    True
    """
    try:
        return metadata.version("phase10")
    except metadata.PackageNotFoundError:  # run from a source tree never installed
        return "(not installed)"


def _description(commands: Mapping[str, argparse.ArgumentParser]) -> str:
    width = max(len(name) for name in commands) + 2
    lines = [*textwrap.wrap(translate(INTRO), HELP_WIDTH), "", translate(N_("commands:"))]
    for name, command in commands.items():
        known = SUMMARIES.get(name)
        # "99%" is a field: a "%" in a msgid makes the catalog tools read it as a
        # printf placeholder, which no translation could then match.
        summary = (
            translate(known).format(confidence="99%")
            if known
            else first_sentence(command.description or "")
        )
        wrapped = textwrap.wrap(summary, HELP_WIDTH - width - 2) or [""]
        lines.append(f"  {name:<{width}}{wrapped[0]}")
        lines += [f"  {'':<{width}}{more}" for more in wrapped[1:]]
    return "\n".join([*lines, "", translate(RULES_NOTE)])


def first_sentence(text: str) -> str:
    """The first whole sentence of ``text``, its line breaks undone.

    >>> first_sentence("Play bots against each other\\nover many games. Seats rotate.")
    'Play bots against each other over many games.'
    """
    words = " ".join(text.split())
    end = words.find(". ")
    return words if end < 0 else words[: end + 1]


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    args: argparse.Namespace | None = None
    # Usage errors and help come before any --lang is parsed, so their language is read from
    # argv; the parser is built in it, so that its help texts are in it too. The command's
    # own refusals (CommandError) are worded in the same language, and so is their frame.
    words = sys.argv[1:] if argv is None else argv
    lang = language_of(words)
    try:
        with errors_in(lang):
            parser = build_parser()
            args = parser.parse_args(words)
        with messages_in(lang):
            status: int = args.func(args)
        return status
    except SystemExit as exc:
        # argparse exits for --help and usage errors; main() returns the code instead.
        if exc.code is None or isinstance(exc.code, int):
            return exc.code or 0
        print(exc.code, file=sys.stderr)
        return 1
    except BrokenPipeError:
        # The reader (e.g. ``| head``) went away: not an error, and nothing more to say.
        _silence_stdout()
        return 0
    except (NotationError, IllegalActionError) as exc:
        # What a player typed wrong, in the player's language.
        # The frame is translated with the reason, so the whole line is in that language.
        lang = getattr(args, "lang", None) or detect_language()
        frame = translator(lang).gettext(N_("{prog}: error: {message}"))
        print(frame.format(prog=PROG, message=_line(explain_reason(exc, lang))), file=sys.stderr)
        return 2
    except (Phase10Error, OSError) as exc:
        if os.environ.get("PHASE10_DEBUG") and isinstance(exc, BotError) and exc.__cause__:
            # A bot writer debugging their bot: its own traceback, then the line as usual.
            traceback.print_exception(exc.__cause__, file=sys.stderr)
        # A refused name (a variant, a bot) is said in the player's language as well.
        lang = getattr(args, "lang", None) or lang
        frame = translator(lang).gettext(N_("{prog}: error: {message}"))
        print(frame.format(prog=PROG, message=_one_line(exc, lang)), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        # A bug of ours: one clear line for the player, the traceback for developers.
        if os.environ.get("PHASE10_DEBUG"):
            raise
        print(
            f"{PROG}: internal error ({type(exc).__name__}: {_one_line(exc)}); "
            "please report it, with PHASE10_DEBUG=1 set to see the details",
            file=sys.stderr,
        )
        return 70


def _silence_stdout() -> None:
    # Python flushes stdout again at exit; point it at /dev/null so that flush cannot fail.
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _one_line(exc: BaseException, lang: str = "en") -> str:
    if isinstance(exc, OSError) and exc.strerror and exc.filename is not None:
        return _line(f"{exc.filename}: {exc.strerror}")
    if isinstance(exc, Exception):
        return _line(explain_error(exc, lang)) or type(exc).__name__
    return _line(str(exc)) or type(exc).__name__


def _line(text: str) -> str:
    """``text`` on one line, any control character left in it (a file's name can hold an
    escape code) written as its escape: no error ever drives the terminal."""
    return printable(" ".join(text.split()))
