"""``phase10 simulate``: tournaments between bots, and the solo study of one phase."""

from __future__ import annotations

import argparse
import json
import os
import shlex
import time
from collections.abc import Callable
from typing import Any, Final

from phase10.bots.plugins import is_import_path
from phase10.cli.common import (
    DEFAULT_GAME,
    MAX_GAMES,
    MAX_WORKERS,
    CommandError,
    add_rules_options,
    bounded_int,
    check_workers,
    chosen_game,
    paragraph,
    rules_options,
)
from phase10.cli.game_commands import commands_of, rules_for
from phase10.cli.parse_errors import current_language, translate
from phase10.cli.progress import add_quiet_option, progress_reporter
from phase10.explain import explain_error
from phase10.kernel.i18n import N_
from phase10.kernel.piles import MAX_SEED
from phase10.sim import BACKENDS, GAMES, SimConfig, Summary, parse_bots, simulate
from phase10.sim.runner import MAX_DECISIONS

DEFAULT_GAMES: Final = 100
DEFAULT_BOTS: Final = "greedy,random"

DESCRIPTION = N_(
    "Play bots against each other over many seeded games and report each bot's win rate with "
    "a 95% Wilson confidence interval, mean score, OpenSkill rating and the mean hands per "
    "game; or, with --solo, how many turns one greedy player needs to complete a phase alone. "
    "Seats rotate from game to game, and the results depend only on the seed, never on "
    "--workers or --backend (bots with a budget in seconds excepted: they search as far as "
    "the machine allows)."
)
EPILOG = N_("""\
bots: random, greedy, sharp, learned, ismcts (200 iterations a decision), pimc (200 rollouts a
decision), the levels easy, medium, hard, expert, or ismcts or pimc with a budget per decision:
ismcts:0.1s, ismcts:500it, pimc:0.1s, pimc:200it, optionally with the bar in standard errors
for overruling sharp's move: ismcts:800it:z1.5; learned:model.json plays a model file that
scripts/train_learned.py wrote. One per seat.

examples:
  phase10 simulate --bots greedy,random --games 2000 --seed 1
  phase10 simulate --bots sharp,greedy --games 2000 --seed 1 --duplicate
  phase10 simulate --bots ismcts:0.1s,greedy --games 200 --workers 2
  phase10 simulate --bots pimc:0.05s,greedy --games 100 --seed 1 --workers 1
  phase10 simulate --bots ismcts:1s,greedy,greedy,greedy --games 2000 \\
      --backend ray --address ray://head:10001
  phase10 simulate --solo --phase 4 --games 5000 --json
""")
OWN_BOTS = N_("""\
your own bots: module:Class (an import path; PYTHONPATH=FOLDER when it is not installed),
a name an installed package registers, or rl:POLICY.pt for a trained policy; see
docs/writing-a-bot.md
""")


def register(subparsers: Any) -> None:
    """Add the ``simulate`` command."""
    parser = subparsers.add_parser(
        "simulate",
        help=translate(N_("play bots against each other, or study one phase alone")),
        description=paragraph(translate(DESCRIPTION)),
        epilog=translate(EPILOG) + "\n" + translate(OWN_BOTS),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--game",
        choices=GAMES,
        default="phase10",
        help=translate(N_("the game (default: phase10)")),
    )
    add_rules_options(parser)
    parser.add_argument(
        "--bots",
        default=DEFAULT_BOTS,
        metavar="B1,B2,...",
        help=translate(
            N_("one bot per seat; their number sets the players (default: {bots})")
        ).format(bots=DEFAULT_BOTS),
    )
    parser.add_argument(
        "--games",
        type=bounded_int(1, MAX_GAMES),
        default=DEFAULT_GAMES,
        metavar="N",
        help=translate(N_("games to play (default: {games})")).format(games=DEFAULT_GAMES),
    )
    parser.add_argument(
        "--seed",
        type=bounded_int(0, MAX_SEED),
        default=1,
        metavar="S",
        help=translate(N_("random seed (default: 1)")),
    )
    parser.add_argument(
        "--workers",
        type=bounded_int(1, MAX_WORKERS),
        default=1,
        metavar="K",
        help=translate(
            N_(
                "processes (or Ray CPUs for a local Ray instance), at most one per CPU of this "
                "machine unless --oversubscribe, never more than {most} (default: 1)"
            )
        ).format(most=MAX_WORKERS),
    )
    parser.add_argument(
        "--oversubscribe",
        action="store_true",
        help=translate(
            N_("allow more --workers than this machine has CPUs (they then share them)")
        ),
    )
    parser.add_argument(
        "--backend",
        choices=BACKENDS,
        default="process",
        help=translate(N_("a process pool on this machine, or Ray (default: process)")),
    )
    parser.add_argument(
        "--address",
        default=None,
        help=translate(N_("a Ray cluster's address (with --backend ray)")),
    )
    parser.add_argument(
        "--duplicate",
        action="store_true",
        help=translate(
            N_(
                "play each deal once with every bot in every seat, so the luck of the deal "
                "cancels out (--games: a multiple of the number of bots)"
            )
        ),
    )
    parser.add_argument(
        "--solo",
        action="store_true",
        help=translate(N_("the solo study of one phase (needs --phase)")),
    )
    parser.add_argument(
        "--phase",
        type=bounded_int(1, 10),
        default=None,
        metavar="N",
        help=translate(N_("phase for --solo")),
    )
    parser.add_argument("--json", action="store_true", help=translate(N_("print a JSON object")))
    add_quiet_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the simulation the options describe and print its summary."""
    rules: Any
    game = chosen_game(args)
    commands = commands_of(game)
    solo = None if commands is None else commands.solo
    if args.solo and solo is None:
        raise CommandError(
            translate(N_("--solo studies Phase 10 phases; it has no version for {game}")).format(
                game=game.name
            )
        )
    rules = rules_for(args, game)
    if args.solo:
        assert solo is not None
        return _solo(args, rules, solo)
    if args.phase is not None:
        raise CommandError(translate(N_("--phase is for --solo")))
    try:
        bots = parse_bots(args.bots, game.name)
    except ValueError as exc:
        raise CommandError(f"--bots: {explain_error(exc, current_language())}") from None
    check_workers(args.workers, args.oversubscribe, remote=args.address is not None)
    if args.duplicate and args.games % len(bots):
        raise CommandError(
            translate(
                N_(
                    "--duplicate plays each deal {count} times (once per seat): --games must "
                    "be a multiple of {count}, not {games}"
                )
            ).format(count=len(bots), games=args.games)
        )
    config = SimConfig(
        rules=rules,
        bots=bots,
        games=args.games,
        seed=args.seed,
        game=game.name,
        duplicate=args.duplicate,
    )
    command = _command(args, bots)
    started = time.perf_counter()
    with progress_reporter(args.games, N_("games"), quiet=args.quiet) as progress:
        summary = simulate(
            config,
            workers=args.workers,
            backend=args.backend,
            address=args.address,
            progress=progress,
        )
    elapsed = time.perf_counter() - started
    if args.json:
        data = summary.to_dict()
        for entry, row in enumerate(data["bots"]):
            row["entry"] = entry  # the place in --bots: two rows of one bot told apart
        data.update(
            {
                "game": game.name,
                "rules": rules.name,
                "players": len(bots),
                "seed": args.seed,
                "duplicate": args.duplicate,
                "command": command,
            }
        )
        print(json.dumps(data))
        return 0
    _print_summary(
        summary,
        rules.name,
        args.seed,
        command,
        elapsed,
        args.workers,
        args.duplicate,
        game=game.name,
    )
    return 0


def _solo(args: argparse.Namespace, rules: Any, solo_study: Callable[..., Any]) -> int:
    if args.phase is None:
        raise CommandError(translate(N_("--solo needs --phase N")))
    result = solo_study(rules, args.phase, args.games, args.seed)
    words = ["phase10", "simulate", "--solo", "--phase", str(args.phase)]
    words += ["--games", str(args.games), "--seed", str(args.seed), *rules_options(args)]
    command = shlex.join(words)
    if args.json:
        print(json.dumps({**result.to_dict(), "seed": args.seed, "command": command}))
        return 0
    print(
        f"Phase {result.phase} alone ({rules.name} rules, one greedy player, "
        f"{counted(result.games, 'trial')}): mean {result.mean_turns:.2f} turns, "
        f"median {result.median_turns:g} turns"
    )
    if result.capped:
        print(f"  {counted(result.capped, 'trial')} stopped at the cap without the phase")
    print(f"  reproduce: {command}")
    return 0


def _command(args: argparse.Namespace, bots: tuple[str, ...]) -> str:
    # --workers and --backend are left out on purpose: they do not change the results.
    words = ["phase10", "simulate"]
    if args.game != DEFAULT_GAME:
        words += ["--game", args.game]
    words += rules_options(args)
    words += ["--bots", ",".join(bots), "--games", str(args.games), "--seed", str(args.seed)]
    if args.duplicate:
        words.append("--duplicate")
    path = os.environ.get("PYTHONPATH")
    if path and any(is_import_path(bot) for bot in bots):
        # A bot named by its import path is found only where it was found this time.
        return f"PYTHONPATH={shlex.quote(path)} {shlex.join(words)}"
    return shlex.join(words)


def _print_summary(
    summary: Summary,
    rules: str,
    seed: int,
    command: str,
    elapsed: float,
    workers: int,
    duplicate: bool = False,
    *,
    game: str = "phase10",
) -> None:
    # The programmes game counts programs done, in rounds, and no points (AMZ-R32).
    programmes = game == "programmes"
    done, stage = ("programs", "rounds") if programmes else ("phases", "hands")
    players = len(summary.bots)
    deals = f"; each deal is played {players} times, once per seat" if duplicate else ""
    print(
        f"{counted(summary.games, 'game')}, {players} players, {rules} rules, seed {seed}; "
        f"seats rotate every game{deals}"
    )
    labels = entry_labels([b.bot for b in summary.bots])
    width = max(len(label) for label in labels) + 2
    score = "" if programmes else f" {'mean score':>10}"
    print(
        f"  {'bot':<{width}} {'wins':>6} {'win rate':>9}  {'95% CI':<15}"
        f"{score} {'mean ' + done:>13} {'rating':>7}"
    )
    for b, label in zip(summary.bots, labels, strict=True):
        ci = f"{100 * b.ci95[0]:.1f}-{100 * b.ci95[1]:.1f}%"
        points = "" if programmes else f" {b.mean_score:>10.1f}"
        print(
            f"  {label:<{width}} {b.wins:>6} {100 * b.win_rate:>8.1f}%  {ci:<15}"
            f"{points} {b.mean_phases:>13.2f} {b.rating:>7.2f}"
        )
    print(f"  mean {stage} per game: {summary.mean_hands:.2f}")
    if summary.unfinished:
        print(
            f"  unfinished games (stopped at the decision cap of {MAX_DECISIONS:,} decisions, "
            f"a win for nobody): {summary.unfinished}"
        )
    print("  rating: OpenSkill Plackett-Luce, mu - 3 sigma")
    print(f"  took {elapsed:.1f} s with {workers} worker(s)")
    print(f"  reproduce: {command}")


def entry_labels(bots: list[str]) -> list[str]:
    """The bots' names as the table shows them: a name entered twice gets its place in
    ``--bots``, so the two rows can be told apart.

    >>> entry_labels(["greedy", "sharp", "greedy"])
    ['greedy #1', 'sharp', 'greedy #3']
    """
    return [f"{bot} #{n + 1}" if bots.count(bot) > 1 else bot for n, bot in enumerate(bots)]


def counted(count: int, noun: str) -> str:
    """``count`` and ``noun``, plural unless it is one (never "1 games").

    >>> counted(1, "game"), counted(2, "game"), counted(0, "trial")
    ('1 game', '2 games', '0 trials')
    """
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
