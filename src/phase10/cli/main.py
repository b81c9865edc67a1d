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
from collections.abc import Mapping
from typing import Final, NoReturn

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
from phase10.explain import explain_reason
from phase10.kernel.errors import IllegalActionError, NotationError, Phase10Error
from phase10.kernel.i18n import detect_language

INTRO = "An exact, deterministic Phase 10 engine with computer opponents."

RULES_NOTE = """\
Rules: --rules PROFILE (or a .toml file), --rules-file PATH and --variant V choose the rules
for check, odds and play; 'phase10 variants' lists them. Run 'phase10 COMMAND --help' for more.
"""

#: One sentence per command of this module's own; other modules' commands are explained by
#: the first line of their own description, so a new command is never left out of --help.
SUMMARIES: Final[dict[str, str]] = {
    "check": (
        "Say whether a hand can make a phase and show one way to lay it down "
        "(exit 0 possible, 1 not possible, 2 bad input)."
    ),
    "odds": (
        "Estimate the chance that a freshly dealt 10-card hand already holds a phase, "
        "with a 99% confidence interval."
    ),
    "bench": (
        "Measure the engine on one core: phase checks/s, random-playout decisions/s, "
        "ISMCTS iterations/s, the memory of a game state and the size of a game record."
    ),
    "variants": "List the rule profiles and variants, or describe one rule set.",
    "rules": (
        "Show the rules of both games: every rule id with its title, or the text of one "
        "rule (e.g. P10-R23), in your language where translated."
    ),
}

EPILOG = """\
examples:
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


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose usage errors are one ``phase10: error:`` line, status 2."""

    def error(self, message: str) -> NoReturn:
        hint = f" (see '{self.prog} --help')"
        self.exit(2, f"{PROG}: error: {message}{hint}\n")


def build_parser() -> argparse.ArgumentParser:
    """The full ``phase10`` parser with every command registered."""
    parser = Parser(
        prog=PROG,
        usage=f"{PROG} [-h] COMMAND ...",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
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


def _description(commands: Mapping[str, argparse.ArgumentParser]) -> str:
    width = max(len(name) for name in commands) + 2
    lines = [INTRO, "", "commands:"]
    for name, command in commands.items():
        summary = SUMMARIES.get(name) or (command.description or "").strip().split("\n")[0]
        wrapped = textwrap.wrap(summary, HELP_WIDTH - width - 2) or [""]
        lines.append(f"  {name:<{width}}{wrapped[0]}")
        lines += [f"  {'':<{width}}{more}" for more in wrapped[1:]]
    return "\n".join([*lines, "", RULES_NOTE])


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args: argparse.Namespace | None = None
    try:
        args = parser.parse_args(argv)
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
        # Issue 16: what a player typed wrong, in the player's language.
        lang = getattr(args, "lang", None) or detect_language()
        print(f"{PROG}: error: {' '.join(explain_reason(exc, lang).split())}", file=sys.stderr)
        return 2
    except (Phase10Error, OSError) as exc:
        print(f"{PROG}: error: {_one_line(exc)}", file=sys.stderr)
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


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror and exc.filename is not None:
        return f"{exc.filename}: {exc.strerror}"
    return " ".join(str(exc).split()) or type(exc).__name__
