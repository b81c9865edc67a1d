"""``phase10 bench``: the engine's speed and memory, measured here on one core."""

from __future__ import annotations

import argparse
import json
import platform
import shlex
import sys
from typing import Any, Final

from phase10 import games
from phase10.bench.goals import measure_goal_checks
from phase10.bench.playout import (
    RECORD_DECISION_CAP,
    measure_playout,
    midgame_state,
    record_random_game,
    state_size,
)
from phase10.bench.search import PER_DECISION, measure_ismcts
from phase10.cli.common import (
    DEFAULT_GAME,
    bounded_int,
    examples,
    paragraph,
    positive_float,
)
from phase10.cli.game_commands import study
from phase10.cli.parse_errors import current_language, translate
from phase10.cli.progress import add_quiet_option, duration
from phase10.kernel.i18n import N_
from phase10.kernel.piles import MAX_SEED

DEFAULT_SECONDS: Final = 2.0
PLAYOUT_PLAYERS: Final = 4
RECORD_PLAYERS: Final = 2

DESCRIPTION = N_(
    "Measure the engine in this process, on one core: phase checks per second on "
    "fresh 11-card hands, random-playout decisions per second (4 players, standard rules), "
    "ISMCTS search iterations per second on mid-game decisions, "
    "the memory of one mid-game state and the JSON size of a whole random game's record."
)
EPILOG = """\
  phase10 bench
  python -m phase10 bench --seconds 5
  phase10 bench --json
"""


def register(subparsers: Any) -> None:
    """Add the ``bench`` command."""
    parser = subparsers.add_parser(
        "bench",
        help=translate(N_("measure the engine's speed and memory")),
        description=paragraph(translate(DESCRIPTION)),
        epilog=examples(EPILOG),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--seconds",
        type=positive_float,
        default=DEFAULT_SECONDS,
        metavar="T",
        help=translate(N_("time for each speed figure (default: {seconds})")).format(
            seconds=f"{DEFAULT_SECONDS:g}"
        ),
    )
    parser.add_argument(
        "--seed",
        type=bounded_int(0, MAX_SEED),
        default=1,
        metavar="S",
        help=translate(N_("random seed (default: 1)")),
    )
    parser.add_argument("--json", action="store_true", help=translate(N_("print a JSON object")))
    add_quiet_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Take every measurement and print it with the command that reproduces it."""
    seconds: float = args.seconds
    seed: int = args.seed
    # A sentence per measurement on stderr, so a long --seconds is not a
    # silent wait; --json and --quiet keep stderr empty.
    loud = not (args.json or args.quiet)

    def stage(number: int, what: str) -> None:
        if loud:
            left = duration((4 - number) * seconds)
            print(f"{number}/3 measuring {what}, about {left} left", file=sys.stderr, flush=True)

    stage(1, "goal checks")
    commands = study(games.get(DEFAULT_GAME))
    rules = commands.rules(None, None, [], None, current_language())
    goals, _, hand_cards = commands.timed(rules)
    per_goal = measure_goal_checks(commands, rules, seconds, seed)
    average = sum(per_goal.values()) / len(per_goal)
    subject = goals[0].subject
    stage(2, "random playouts")
    playout = measure_playout(seconds, seed, PLAYOUT_PLAYERS)
    stage(3, "ISMCTS iterations")
    search = measure_ismcts(seconds, seed, PLAYOUT_PLAYERS)
    state = midgame_state(seed, PLAYOUT_PLAYERS)
    state_bytes = state_size(state)
    game = record_random_game(seed, RECORD_PLAYERS, RECORD_DECISION_CAP)
    record_bytes = game.json_bytes
    machine = f"{platform.platform()}, {_cpu_name()}"
    python = f"{platform.python_implementation()} {platform.python_version()}"
    if args.json:
        result = {
            "goal_checks_per_s": average,
            "goal_checks_per_goal": {str(n): rate for n, rate in per_goal.items()},
            "goal_checks": {"game": DEFAULT_GAME, "goal": subject, "hand_cards": hand_cards},
            "playout_decisions_per_s": playout["decisions_per_s"],
            "playout": {k: v for k, v in playout.items() if k != "decisions_per_s"},
            "ismcts_iterations_per_s": search["iterations_per_s"],
            "ismcts": {k: v for k, v in search.items() if k != "iterations_per_s"},
            "state_bytes": state_bytes,
            "record_json_bytes": record_bytes,
            "record_game": {
                "players": RECORD_PLAYERS,
                "finished": game.finished,
                "decisions": game.decisions,
                "hands": game.hands,
            },
            "seconds": seconds,
            "seed": seed,
            "python": python,
            "machine": machine,
        }
        print(json.dumps(result))
        return 0
    command = _command(seconds, seed)
    again = f"  reproduce: {command}"
    print(f"phase10 bench on {python}, {machine}; one core, one process")
    print()
    print(
        f"{subject} checks on fresh {hand_cards}-card hands "
        f"({seconds:g} s shared by the {len(goals)} {subject}s):"
    )
    for number, rate in per_goal.items():
        print(f"  {subject} {number!s:>2}: {rate:>12,.0f} checks/s")
    print(f"  average : {average:>12,.0f} checks/s")
    print(again)
    print()
    print(
        f"random playout, {PLAYOUT_PLAYERS} players, standard rules ({seconds:g} s): "
        f"{playout['decisions_per_s']:,.0f} decisions/s"
    )
    print(
        f"  {playout['decisions']:,.0f} decisions, {playout['hands']:,.0f} hands and "
        f"{playout['games']:,.0f} games finished"
    )
    print(again)
    print()
    print(
        f"ISMCTS, {PLAYOUT_PLAYERS} players, mid-game decisions of {PER_DECISION:g} s "
        f"({seconds:g} s): {search['iterations_per_s']:,.0f} iterations/s"
    )
    print(
        f"  {search['decisions']:,.0f} decisions searched, "
        f"{search['seconds_per_decision']:.4f} s each on average"
    )
    print(again)
    print()
    print(
        f"one mid-game state ({PLAYOUT_PLAYERS} players, hand {state.hand_number + 1}): "
        f"{state_bytes:,} bytes"
    )
    print("  deep size; the rules, interned cards, enums, presets and events are shared")
    print(again)
    print()
    status = (
        "finished"
        if game.finished
        else f"NOT finished: stopped at the cap of {RECORD_DECISION_CAP:,}"
    )
    print(f"record of a whole random {RECORD_PLAYERS}-player game: {record_bytes:,} bytes of JSON")
    print(f"  {status}; {game.decisions:,} actions, {game.hands} hands")
    if not game.finished and game.hands:
        print(f"  extrapolation: about {record_bytes / game.hands:,.0f} bytes per hand played")
    print(again)
    return 0


def _command(seconds: float, seed: int) -> str:
    words = ["python", "-m", "phase10", "bench", "--seconds", f"{seconds:g}"]
    if seed != 1:
        words += ["--seed", str(seed)]
    return shlex.join(words)


def _cpu_name() -> str:
    """The processor's model name where the system tells it (Linux), else the architecture."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.partition(":")[2].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()
