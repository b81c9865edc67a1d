"""``phase10 simulate``: tournaments between bots, and the solo study of one phase."""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
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
from phase10.cli.parse_errors import current_language, thousands, translate
from phase10.cli.progress import add_quiet_option, progress_reporter
from phase10.explain import explain_error
from phase10.kernel.i18n import N_, translator
from phase10.kernel.piles import MAX_SEED
from phase10.sim import BACKENDS, GAMES, SimConfig, Summary, parse_bots, simulate
from phase10.sim.runner import MAX_DECISIONS, Interrupted

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
    started = time.perf_counter()
    interrupted = False
    try:
        with progress_reporter(args.games, N_("games"), quiet=args.quiet) as progress:
            summary = simulate(
                config,
                workers=args.workers,
                backend=args.backend,
                address=args.address,
                progress=progress,
            )
    except Interrupted as stopped:
        # Ctrl-C: the games played so far are worth their table, which is exactly what
        # the same command with --games set to their count gives.
        summary = stopped.summary
        if summary.games == 0:
            raise
        interrupted = True
        print(
            translate(
                N_(
                    "Interrupted: the figures below are for the first {count} of {total} "
                    "games, as --games {count} gives them."
                )
            ).format(count=summary.games, total=args.games),
            file=sys.stderr,
        )
        args.games = summary.games
    elapsed = time.perf_counter() - started
    command = _command(args, bots)
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
                "interrupted": interrupted,
            }
        )
        print(json.dumps(data))
        return 130 if interrupted else 0
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
    return 130 if interrupted else 0


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
    lang = current_language()
    tr = translator(lang)
    line = tr.ngettext(
        "Phase {phase} alone ({rules} rules, one greedy player, {count} trial): "
        "mean {mean} turns, median {median} turns",
        "Phase {phase} alone ({rules} rules, one greedy player, {count} trials): "
        "mean {mean} turns, median {median} turns",
        result.games,
    )
    median = f"{result.median_turns:g}"
    print(
        line.format(
            phase=result.phase,
            rules=rules.name,
            count=result.games,
            mean=_decimal(result.mean_turns, 2, lang),
            median=median if lang == "en" else median.replace(".", ","),
        )
    )
    if result.capped:
        capped = tr.ngettext(
            "{count} trial stopped at the cap without the phase",
            "{count} trials stopped at the cap without the phase",
            result.capped,
        )
        print("  " + capped.format(count=result.capped))
    print("  " + tr.gettext(N_("reproduce: {command}")).format(command=command))
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
    """The results as a table, in the language of the command (its numbers as that
    language writes them); ``--json`` keeps the English keys."""
    tr = translator(current_language())
    # The programmes game counts programs done, in rounds, and no points (AMZ-R32).
    programmes = game == "programmes"
    players = len(summary.bots)
    head = tr.ngettext(
        "{count} game, {players} players, {rules} rules, seed {seed}; seats rotate every game",
        "{count} games, {players} players, {rules} rules, seed {seed}; seats rotate every game",
        summary.games,
    ).format(count=summary.games, players=players, rules=rules, seed=seed)
    if duplicate:
        head += tr.gettext(N_("; each deal is played {players} times, once per seat")).format(
            players=players
        )
    print(head)
    labels = entry_labels([b.bot for b in summary.bots])
    done = N_("mean programs") if programmes else N_("mean phases")
    # Each column as wide as its heading in this language, at least as in English.
    columns = [(N_("wins"), 6), (N_("win rate"), 9), (N_("95% CI"), 15)]
    if not programmes:
        columns.append((N_("mean score"), 10))
    columns += [(done, 13), (N_("rating"), 7)]
    titles = [tr.gettext(title) for title, _ in columns]
    widths = [max(least, len(title)) for (_, least), title in zip(columns, titles, strict=True)]
    bot = tr.gettext(N_("bot"))
    width = max(len(label) for label in [*labels, bot]) + 2
    cells = [
        f"{title:>{w}}" if i != 2 else f" {title:<{w}}"
        for i, (title, w) in enumerate(zip(titles, widths, strict=True))
    ]
    print(f"  {bot:<{width}} " + " ".join(cells))
    lang = current_language()
    for b, label in zip(summary.bots, labels, strict=True):
        values = [
            str(b.wins),
            _decimal(100 * b.win_rate, 1, lang) + "%",
            f"{_decimal(100 * b.ci95[0], 1, lang)}-{_decimal(100 * b.ci95[1], 1, lang)}%",
        ]
        if not programmes:
            values.append(_decimal(b.mean_score, 1, lang))
        values += [_decimal(b.mean_phases, 2, lang), _decimal(b.rating, 2, lang)]
        row = [
            f"{v:>{w}}" if i != 2 else f" {v:<{w}}"
            for i, (v, w) in enumerate(zip(values, widths, strict=True))
        ]
        print(f"  {label:<{width}} " + " ".join(row))
    stage = N_("mean rounds per game: {mean}") if programmes else N_("mean hands per game: {mean}")
    print("  " + tr.gettext(stage).format(mean=_decimal(summary.mean_hands, 2, lang)))
    if summary.unfinished:
        text = tr.gettext(
            N_(
                "unfinished games (stopped at the decision cap of {cap} decisions, "
                "a win for nobody): {count}"
            )
        )
        print("  " + text.format(cap=thousands(MAX_DECISIONS), count=summary.unfinished))
    print("  " + tr.gettext(N_("rating: OpenSkill Plackett-Luce, mu - 3 sigma")))
    took = tr.ngettext(
        "took {seconds} s with {count} worker", "took {seconds} s with {count} workers", workers
    )
    print("  " + took.format(seconds=_decimal(elapsed, 1, lang), count=workers))
    print("  " + tr.gettext(N_("reproduce: {command}")).format(command=command))


def _decimal(value: float, digits: int, lang: str) -> str:
    """``value`` with ``digits`` decimals, the decimal comma where the language writes one.

    >>> _decimal(55.04, 1, "en"), _decimal(55.04, 1, "fr")
    ('55.0', '55,0')
    """
    text = f"{value:.{digits}f}"
    return text if lang == "en" else text.replace(".", ",")


def entry_labels(bots: list[str]) -> list[str]:
    """The bots' names as the table shows them: a name entered twice gets its place in
    ``--bots``, so the two rows can be told apart.

    >>> entry_labels(["greedy", "sharp", "greedy"])
    ['greedy #1', 'sharp', 'greedy #3']
    """
    return [f"{bot} #{n + 1}" if bots.count(bot) > 1 else bot for n, bot in enumerate(bots)]
