"""AEC environment speed: ``phase10.rl.env`` against PettingZoo's gin rummy, side by side.

Both environments play random masked actions in the standard PettingZoo loop::

    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else <uniform among the mask's ones>
        env.step(action)

for a fixed wall time, resetting with a new seed whenever a game ends. ``env.last()`` is called
on every step, so every step builds the observation and the action mask. A *step* is one
``env.step`` call, including the ``None`` steps that retire finished agents (both environments
take one per agent at the end of a game); *decisions* are the steps with an action.

Each measurement runs in its own subprocess pinned to one core (``--core``, by default the last
core this process may use), alternately ours and gin rummy, ``--repeats`` times; the script
prints the median rate of each, the min-max, the ratio of medians and whether the targets are
met (at least 10,000 steps/s, at least 2.5 times gin rummy). The targets are judged on wall
time; the rates per CPU second (``time.process_time``) are printed beside them because pinning
does not keep other processes off the core, and on a busy machine they are the steadier figure.

Gin rummy is ``gin_rummy_v4``, which PettingZoo dropped after 1.26.1: it runs in a virtual
environment of its own, created on first use under ``build/rl-bench-venv/`` with the versions
pinned in ``GIN_REQUIREMENTS`` and reused while the pins do not change.

Run: ``.venv/bin/python benchmarks/rl_speed.py [--game phase10|programmes|both] [--players 2]
[--seconds 5] [--repeats 5] [--json PATH]``
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GIN_VENV = ROOT / "build" / "rl-bench-venv"
# The last PettingZoo with gin_rummy_v4, and the versions that install and import with it.
# pygame-ce is in PettingZoo's "classic" extra: gin_rummy.py imports pygame at module level.
GIN_REQUIREMENTS = (
    "pettingzoo==1.26.1",
    "rlcard==1.2.0",
    "gymnasium==1.4.0",
    "numpy==2.4.6",
    "pygame-ce==2.5.8",
)
TARGET_STEPS_PER_S = 10_000.0
TARGET_RATIO = 2.5
GAMES = ("phase10", "programmes")


# --- The worker: one measurement, in its own process -------------------------------------------


def _make_ours(game: str, players: int, seed: int) -> Any:
    from phase10 import rl

    return rl.env(game=game, players=players, seed=seed)


def _make_gin() -> Any:
    # Gin rummy builds its observation in observe(), which last() calls: rlcard's get_state()
    # (5x52 int64 planes, cut to 4 and cast to int8) and a fresh 110-entry int8 mask filled from
    # the legal actions. Its step() also calls observe() for its own _last_obs, so it builds the
    # observation twice a step: that is the environment's own cost, and it is counted.
    from pettingzoo.classic import gin_rummy_v4

    return gin_rummy_v4.env()


def _versions(side: str) -> dict[str, str]:
    from importlib.metadata import PackageNotFoundError, version

    found = {"python": platform.python_version()}
    names = ["pettingzoo", "numpy", "gymnasium"] + (["rlcard"] if side == "gin" else [])
    for name in names:
        try:
            found[name] = version(name)
        except PackageNotFoundError:
            found[name] = "absent"
    return found


def measure(make: Callable[[], Any], seconds: float, seed: int) -> dict[str, float]:
    """Plays random masked actions for ``seconds`` of wall time; returns the counts and rates."""
    # One seeded generator draws both the actions and the next game's seed: no global random.
    # Python's own generator and ``ndarray.nonzero`` rather than numpy's ``default_rng`` and
    # ``flatnonzero``: the same uniform choice among the mask's ones, for about 60% of the cost,
    # so the loop measures the environments more than itself (both sides run this loop).
    rng = random.Random(seed)
    env = make()
    env.reset(seed=rng.randrange(2**31))
    steps = decisions = games = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    deadline = start + seconds
    while True:
        for _agent in env.agent_iter():
            observation, _reward, termination, truncation, _info = env.last()
            if termination or truncation:
                action = None
            else:
                legal = observation["action_mask"].nonzero()[0]
                action = int(legal[rng.randrange(len(legal))])
                decisions += 1
            env.step(action)
            steps += 1
            if time.perf_counter() >= deadline:
                break
        else:
            games += 1
            env.reset(seed=rng.randrange(2**31))
            continue
        break
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    env.close()
    return {
        "seconds": elapsed,
        "steps": steps,
        "decisions": decisions,
        "games": games,
        "cpu_seconds": cpu,
        "steps_per_s": steps / elapsed,
        "steps_per_cpu_s": steps / cpu,
        "decisions_per_s": decisions / elapsed,
    }


def worker(side: str, game: str, players: int, seconds: float, seed: int, core: int) -> int:
    """Runs one measurement pinned to ``core`` and prints it as one JSON line."""
    os.sched_setaffinity(0, {core})
    if side == "ours":
        result: dict[str, Any] = measure(lambda: _make_ours(game, players, seed), seconds, seed)
    else:
        result = measure(_make_gin, seconds, seed)
    result["versions"] = _versions(side)
    print(json.dumps(result))
    return 0


# --- The driver: the gin rummy venv, the alternating runs, the report --------------------------


def gin_python(venv: Path) -> Path:
    """The gin rummy venv's interpreter, creating or updating the venv if the pins changed."""
    python = venv / "bin" / "python"
    stamp = venv / "requirements.txt"
    wanted = "\n".join(GIN_REQUIREMENTS) + "\n"
    if python.exists() and stamp.exists() and stamp.read_text() == wanted:
        return python
    print(f"creating the gin rummy venv in {venv} ...", file=sys.stderr, flush=True)
    # ``-m venv`` run by a venv's interpreter builds on that venv's base Python: both sides of
    # the comparison then run the same Python build.
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], check=True)
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", *GIN_REQUIREMENTS],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    subprocess.run(
        [str(python), "-c", "from pettingzoo.classic import gin_rummy_v4"],
        check=True,
        env=_child_env(None),
    )
    stamp.write_text(wanted)
    return python


def _child_env(src: Path | None) -> dict[str, str]:
    env = dict(os.environ)
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    if src is None:
        env.pop("PYTHONPATH", None)
    else:
        # Measure this checkout's package, whatever the venv's editable install points at.
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(src), env.get("PYTHONPATH")]))
    return env


def run_worker(
    python: Path | str, side: str, game: str, args: argparse.Namespace, seed: int
) -> dict[str, Any]:
    command = [
        str(python),
        str(Path(__file__).resolve()),
        "--worker",
        side,
        "--game",
        game,
        "--players",
        str(args.players),
        "--seconds",
        str(args.seconds),
        "--seed",
        str(seed),
        "--core",
        str(args.core),
    ]
    src = ROOT / "src" if side == "ours" else None
    done = subprocess.run(command, capture_output=True, text=True, env=_child_env(src))
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        raise SystemExit(f"the {side} measurement failed (exit {done.returncode})")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def summary(runs: list[dict[str, Any]]) -> dict[str, float]:
    rates = [run["steps_per_s"] for run in runs]
    return {
        "median_steps_per_s": statistics.median(rates),
        "min_steps_per_s": min(rates),
        "max_steps_per_s": max(rates),
        "median_decisions_per_s": statistics.median(run["decisions_per_s"] for run in runs),
        "median_steps_per_cpu_s": statistics.median(run["steps_per_cpu_s"] for run in runs),
        "steps": sum(run["steps"] for run in runs),
        "games": sum(run["games"] for run in runs),
    }


def _line(name: str, figures: dict[str, float]) -> str:
    games = figures["games"]
    # The share of None steps depends on the length of a game: say how long they were.
    length = f"{figures['steps'] / games:,.0f} steps/game" if games else "no game finished"
    return (
        f"  {name:<22} {figures['median_steps_per_s']:>9,.0f} steps/s median "
        f"({figures['min_steps_per_s']:,.0f}-{figures['max_steps_per_s']:,.0f}), "
        f"{figures['median_decisions_per_s']:,.0f} decisions/s, {games:,.0f} games, {length}; "
        f"{figures['median_steps_per_cpu_s']:,.0f} steps per CPU second"
    )


def drive(args: argparse.Namespace) -> int:
    games = list(GAMES) if args.game == "both" else [args.game]
    python = gin_python(Path(args.gin_venv))
    # Pinning keeps a run on one core but not other processes off it: the load says how busy
    # the machine was, which is what to look at first when the ranges are wide.
    load_before = os.getloadavg()[0]
    ours: dict[str, list[dict[str, Any]]] = {game: [] for game in games}
    gin: list[dict[str, Any]] = []
    for repeat in range(args.repeats):
        seed = args.seed + repeat
        # Alternating spreads any drift of the machine (heat, neighbours) over both sides.
        for index, game in enumerate(games):
            ours[game].append(run_worker(sys.executable, "ours", game, args, seed))
            if index == 0:
                # Gin rummy ignores --game and --players: it is two players.
                gin.append(run_worker(python, "gin", game, args, seed))
        print(f"repeat {repeat + 1}/{args.repeats} done", file=sys.stderr, flush=True)
    load_after = os.getloadavg()[0]

    gin_figures = summary(gin)
    versions = {"ours": ours[games[0]][0]["versions"], "gin": gin[0]["versions"]}
    print(
        f"random masked actions, {args.players} players (gin rummy: 2), {args.seconds:g} s x "
        f"{args.repeats} per side, alternating, one core (cpu {args.core}); a step is one "
        "env.step call, None steps of finished agents included; load average (1 min) "
        f"{load_before:.2f} before, {load_after:.2f} after on {os.cpu_count()} cpus"
    )
    print(_line("gin_rummy_v4", gin_figures))
    report: dict[str, Any] = {
        "settings": {
            "games": games,
            "players": args.players,
            "seconds": args.seconds,
            "repeats": args.repeats,
            "seed": args.seed,
            "core": args.core,
        },
        "load_average": {"before": load_before, "after": load_after, "cpus": os.cpu_count()},
        "versions": versions,
        "gin_rummy": {**gin_figures, "runs": gin},
        "ours": {},
    }
    met_all = True
    for game in games:
        figures = summary(ours[game])
        ratio = figures["median_steps_per_s"] / gin_figures["median_steps_per_s"]
        cpu_ratio = figures["median_steps_per_cpu_s"] / gin_figures["median_steps_per_cpu_s"]
        fast = figures["median_steps_per_s"] >= TARGET_STEPS_PER_S
        ahead = ratio >= TARGET_RATIO
        met_all = met_all and fast and ahead
        print(_line(f"phase10.rl {game}", figures))
        print(
            f"    ratio {ratio:.2f}x gin rummy ({cpu_ratio:.2f}x per CPU second); target >= "
            f"{TARGET_STEPS_PER_S:,.0f} steps/s {'met' if fast else 'NOT met'}, "
            f">= {TARGET_RATIO:g}x {'met' if ahead else 'NOT met'}"
        )
        report["ours"][game] = {
            **figures,
            "ratio": ratio,
            "cpu_ratio": cpu_ratio,
            "runs": ours[game],
        }
    report["targets_met"] = met_all
    print(
        "versions: ours python {python}, pettingzoo {pettingzoo}, numpy {numpy}; ".format(
            **versions["ours"]
        )
        + "gin python {python}, pettingzoo {pettingzoo}, rlcard {rlcard}, numpy {numpy}".format(
            **versions["gin"]
        )
    )
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n")
        print(f"figures written to {args.json}")
    print(
        f"reproduce: python benchmarks/rl_speed.py --game {args.game} --players {args.players} "
        f"--seconds {args.seconds:g} --repeats {args.repeats} --seed {args.seed}"
    )
    return 0


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Steps per second of phase10.rl.env against PettingZoo's gin_rummy_v4, "
        "random masked actions, one core."
    )
    parser.add_argument("--game", choices=[*GAMES, "both"], default="both")
    parser.add_argument("--players", type=int, default=2, help="players in ours (2..6)")
    parser.add_argument("--seconds", type=float, default=5.0, help="wall time per measurement")
    parser.add_argument("--repeats", type=int, default=5, help="measurements per side")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first repeat")
    parser.add_argument(
        "--core", type=int, default=max(os.sched_getaffinity(0)), help="the core to pin to"
    )
    parser.add_argument("--json", metavar="PATH", help="also write the figures to PATH")
    parser.add_argument("--gin-venv", default=str(GIN_VENV), help="the gin rummy venv")
    # Internal: the driver runs this script again as one measurement.
    parser.add_argument("--worker", choices=["ours", "gin"], help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 6:
        parser.error("--players must be 2..6")
    if args.seconds <= 0 or args.repeats < 1:
        parser.error("--seconds must be positive and --repeats at least 1")
    return args


def main(argv: list[str]) -> int:
    args = parse(argv)
    if args.worker:
        return worker(args.worker, args.game, args.players, args.seconds, args.seed, args.core)
    return drive(args)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
