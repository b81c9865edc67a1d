"""Kill the line game with SIGKILL in the middle of play, many times, and check its save
("kill -9 during play: 0 saves lost, and no move the game printed as played is
missing from the save").

Each run starts a real ``python -m phase10 play --plain`` process: Phase 10 or the programmes
game at random, 2 to 4 players (one person, the others computer players), a seed drawn from
this script's seeded generator, a data folder (``PHASE10_DATA_DIR``, which holds the signing
key) and a ``--save`` path in a fresh temporary folder. The person's moves come through a pipe:
a random mix of draws, takes, lay downs or reveals, discards by position and the odd query.
After a random number of output lines (and a random pause of up to a few milliseconds) the
process gets SIGKILL.

When the line mode saves: after every action, the person's and each computer player's, and
*before* it prints what the action did (the local table saves, through ``Keeper.save``, before
it sends any connection the update that narrates the move), then once more when the input
ends. So every move the game printed as played must be in the save, with no exception for the
last one: the save point is the move itself. The process runs with unbuffered output
(``python -u``), so what it printed is exactly what reached the pipe.

What the game printed as played is found without guessing at its sentences: the same command
line, with the same moves, is played again inside this process (the game is deterministic given
its seed and its input), noting how much output there was when each action began. An action is
printed when the killed process printed past that point. The checks, per run:

* the save, if any, loads (``Match.load``: whole, signed, replays to its saved position) - a
  file that is there but does not load is *damaged*;
* it holds at least every printed action, and they are the actions the game played - each
  printed action missing from the save (or a missing save after a printed action) is *lost*;
* after the next save to the same path (a ``phase10 resume`` of the save every
  ``--resume-every`` runs, else the file store's own save), no temporary file is left next to
  it (*stray*);
* the signing key, if made, is whole (*key damaged* otherwise);
* the killed process printed what the replay printed, up to the kill (*diverged* otherwise:
  the check could not be made).

The target is 0 damaged, 0 lost, 0 stray, 0 key damaged, 0 diverged; the exit status is 1
otherwise. ``kills mid-save`` counts the runs killed while a save was being written (a
temporary file was left): those are the ones the atomic write is for.

    PYTHONPATH=src python scripts/fuzz_kills.py --runs 500 --seed 17 --seconds 900

A short run (8 kills) is part of ``make test`` (tests/test_kill_during_play.py).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import phase10
from phase10.cli.main import main as phase10_main
from phase10.match import Match
from phase10.storage import KEY_NAME, FileStore, leftovers

#: At most this many runs (a run takes about two seconds on a busy two-core machine).
MAX_RUNS: Final = 2000
#: A run whose process has not ended this many seconds after it started is killed anyway.
RUN_TIMEOUT: Final = 120.0
#: The person's commands are written to the pipe at once: kept well under a pipe's buffer, so
#: writing them never waits for the game to read.
MAX_INPUT: Final = 16_000
#: The replay goes on this many actions past the kill, so that it holds every action the
#: killed process may have saved without printing it.
EXTRA_ACTIONS: Final = 6
#: The columns of the summary, in order, and those that must stay at 0.
COLUMNS: Final = (
    "runs",
    "ended before the kill",
    "saves present",
    "saves that load",
    "saves damaged",
    "moves printed",
    "moves lost",
    "kills mid-save",
    "stray files",
    "key damaged",
    "diverged",
)
FAILURES: Final = ("saves damaged", "moves lost", "stray files", "key damaged", "diverged")
#: The save's file name and the data folder's, inside each run's folder.
SAVE_NAME: Final = "game.json"
DATA_NAME: Final = "data"


@dataclass(frozen=True)
class Plan:
    """One run: the game, the table, the seed, the person's input and when to kill."""

    game: str
    players: int
    level: str
    seed: int
    commands: tuple[str, ...]
    kill_after_lines: int
    pause: float

    def argv(self, save: Path) -> list[str]:
        """The ``phase10`` command line of this run, saving to ``save``."""
        return [
            "play",
            "--plain",
            "--game",
            "programmes" if self.game == "programmes" else "phase10",
            "--players",
            str(self.players),
            "--opponents",
            self.level,
            "--seed",
            str(self.seed),
            "--lang",
            "en",
            "--save",
            str(save),
        ]

    def describe(self) -> str:
        return (
            f"{self.game} {self.players}p {self.level} seed {self.seed}, "
            f"kill after {self.kill_after_lines} lines"
        )


@dataclass
class Verdict:
    """What one run found; :meth:`counts` turns it into the summary's columns."""

    ended: bool = False
    present: bool = False
    loads: bool = False
    damaged: str | None = None
    printed: int = 0
    saved: int = 0
    lost: int = 0
    mid_save: bool = False
    stray: int = 0
    key_damaged: bool = False
    diverged: str | None = None
    notes: list[str] = field(default_factory=list)

    def counts(self) -> Counter[str]:
        return Counter(
            {
                "runs": 1,
                "ended before the kill": int(self.ended),
                "saves present": int(self.present),
                "saves that load": int(self.loads),
                "saves damaged": int(self.damaged is not None),
                "moves printed": self.printed,
                "moves lost": self.lost,
                "kills mid-save": int(self.mid_save),
                "stray files": self.stray,
                "key damaged": int(self.key_damaged),
                "diverged": int(self.diverged is not None),
            }
        )

    @property
    def failed(self) -> bool:
        return any(self.counts()[column] for column in FAILURES)


def person_commands(rng: random.Random, game: str, turns: int = 300) -> tuple[str, ...]:
    """What the person types, ``turns`` turns of it: whatever the position, so some lines are
    refused (the game says why and goes on), which is part of playing too."""
    lines: list[str] = []
    for _ in range(turns):
        if rng.random() < 0.05:
            lines.append(rng.choice(("h", "s", "w", "r", "?", "frobnicate")))
        lines.append("t" if rng.random() < 0.2 else "d")
        if game == "programmes":
            if rng.random() < 0.3:
                lines.append("reveal 1")
        elif rng.random() < 0.3:
            lines += ["lay", "1"]  # the list of lay downs, then the first (or an unknown "1")
        lines.append(f"x {rng.randint(1, 11)}")
    return tuple(lines)


def kill_point(rng: random.Random, max_lines: int) -> int:
    """After how many lines of output to kill: one run in eight in the first dozen lines (the
    deal, the signing key made, the first save), the others log-uniform up to ``max_lines``,
    so a few hundred lines in (later turns, a hand's end) are tried as often as a few dozen,
    at the cost of a short game on average."""
    low = min(12, max_lines)
    if rng.random() < 1 / 8:
        return rng.randint(1, low)
    return min(max_lines, int(math.exp(rng.uniform(math.log(low), math.log(max_lines + 1)))))


def plan(rng: random.Random, max_lines: int) -> Plan:
    """A random run, drawn from ``rng``."""
    game = rng.choice(("phase10", "programmes"))
    commands = person_commands(rng, game)
    while len("".join(f"{line}\n" for line in commands)) > MAX_INPUT:
        commands = commands[: len(commands) // 2]
    return Plan(
        game=game,
        players=rng.randint(2, 4),
        level=rng.choice(("easy", "easy", "medium")),
        seed=rng.randrange(1_000_000_000),
        commands=commands,
        kill_after_lines=kill_point(rng, max_lines),
        # Mostly at once, sometimes a little later: kills land in every part of a turn,
        # saves (with their fsync) included.
        pause=rng.choice((0.0, 0.0, rng.uniform(0, 0.005), rng.uniform(0, 0.05))),
    )


def child_env(data: Path) -> dict[str, str]:
    """The game's environment: its own data folder, this package first on the import path,
    UTF-8 and unbuffered output."""
    root = str(Path(phase10.__file__).resolve().parents[1])
    paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    if root not in (os.path.abspath(p) for p in paths):
        paths.insert(0, root)
    return {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(paths),
        "PHASE10_DATA_DIR": str(data),
        "PYTHONIOENCODING": "utf-8",
        "PYTHONUNBUFFERED": "1",
        "PHASE10_DEBUG": "",
    }


def play_and_kill(run: Plan, folder: Path) -> tuple[bytes, bool]:
    """Run the game in ``folder``, kill it after the planned number of lines; returns all it
    printed and whether it ended by itself first."""
    env = child_env(folder / DATA_NAME)
    with open(folder / "stderr.txt", "wb") as errors:
        child = subprocess.Popen(
            [sys.executable, "-u", "-m", "phase10", *run.argv(folder / SAVE_NAME)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errors,
            env=env,
            cwd=folder,
        )
    watchdog = threading.Timer(RUN_TIMEOUT, child.kill)
    watchdog.start()
    try:
        assert child.stdin is not None
        assert child.stdout is not None
        with contextlib.suppress(BrokenPipeError):
            child.stdin.write("".join(f"{line}\n" for line in run.commands).encode())
            child.stdin.close()
        printed = bytearray()
        lines = 0
        while lines < run.kill_after_lines:
            line = child.stdout.readline()
            if not line:
                break
            printed += line
            lines += 1
        ended = lines < run.kill_after_lines
        if not ended:
            if run.pause:
                time.sleep(run.pause)
            with contextlib.suppress(ProcessLookupError):
                os.kill(child.pid, signal.SIGKILL)
        printed += child.stdout.read()  # what it wrote before it died is still in the pipe
        child.wait()
    finally:
        watchdog.cancel()
        if child.poll() is None:
            child.kill()
            child.wait()
    return bytes(printed), ended


class _Stop(BaseException):
    """Ends the replay once it is past the kill (not an Exception: nothing catches it)."""


@dataclass
class Replay:
    """The same game played again in this process."""

    output: bytes
    #: (bytes printed when the action began, actions played once it was played), in order.
    actions_at: list[tuple[int, int]]
    #: Every action the replay played, as saved.
    actions: list[Any]

    def printed_actions(self, printed: int) -> int:
        """How many actions a process that printed ``printed`` bytes had printed: an action
        is printed once anything after its start was."""
        return max((count for at, count in self.actions_at if at < printed), default=0)


def replay(run: Plan, folder: Path, printed: int) -> Replay:
    """Play ``run`` again in this process, in ``folder`` (the same paths as the killed
    process, so the same sentences), until :data:`EXTRA_ACTIONS` actions past ``printed``
    bytes of output."""
    buffer = io.BytesIO()
    out = io.TextIOWrapper(buffer, encoding="utf-8", write_through=True)
    actions_at: list[tuple[int, int]] = []
    matches: list[Match] = []
    original, original_save = Match.play, Match.save

    def noted(self: Match, seat: int, action: Any, version: int) -> tuple[Any, ...]:
        at = buffer.tell()
        events = original(self, seat, action, version)
        actions_at.append((at, self.version))
        matches[:] = [self]
        if sum(1 for start, _ in actions_at if start >= printed) >= EXTRA_ACTIONS:
            raise _Stop
        return events

    env = child_env(folder / DATA_NAME)
    saved = {k: os.environ.get(k) for k in ("PYTHONPATH", "PHASE10_DATA_DIR")}
    stdin, stdout, stderr = sys.stdin, sys.stdout, sys.stderr
    try:
        os.environ["PYTHONPATH"] = env["PYTHONPATH"]
        os.environ["PHASE10_DATA_DIR"] = env["PHASE10_DATA_DIR"]
        sys.stdin = io.StringIO("".join(f"{line}\n" for line in run.commands))
        sys.stdout, sys.stderr = out, io.StringIO()
        Match.play = noted  # type: ignore[method-assign]
        # The replay's saves are not checked, and each costs two fsyncs: skipped. A save that
        # failed in the killed process would show as a warning the replay does not print.
        Match.save = lambda self, path, store=None: None  # type: ignore[method-assign]
        with contextlib.suppress(_Stop):
            phase10_main(run.argv(folder / SAVE_NAME))
    finally:
        Match.play, Match.save = original, original_save  # type: ignore[method-assign]
        sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    played = matches[0].to_dict()["record"]["actions"] if matches else []
    return Replay(buffer.getvalue(), actions_at, list(played))


def key_is_whole(data: Path) -> bool:
    """The signing key, if the game made one, is 32 bytes in hexadecimal and a newline."""
    path = data / KEY_NAME
    if not path.exists():
        return True
    return re.fullmatch(rb"[0-9a-f]{64}\n", path.read_bytes()) is not None


def resume(folder: Path) -> subprocess.CompletedProcess[bytes]:
    """``phase10 resume`` of the save, its input closed: it plays the computer players up to
    the person's turn, then saves and ends."""
    return subprocess.run(
        [sys.executable, "-m", "phase10", "resume", str(folder / SAVE_NAME)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        env=child_env(folder / DATA_NAME),
        cwd=folder,
        timeout=RUN_TIMEOUT,
        check=False,
    )


def one_run(run: Plan, scratch: Path, resume_it: bool) -> Verdict:
    """Play, kill and check one run in ``scratch`` (emptied afterwards)."""
    verdict = Verdict()
    live, killed = scratch / "run", scratch / "killed"
    live.mkdir()
    try:
        output, verdict.ended = play_and_kill(run, live)
        # The killed process's files move aside; the replay then uses the very same paths
        # (the game prints its save's path), in a fresh folder.
        live.rename(killed)
        live.mkdir()
        again = replay(run, live, len(output))
        expected = again.output[: len(output)]
        if output != expected:
            pairs = enumerate(zip(output, expected, strict=False))
            at = next((i for i, (a, b) in pairs if a != b), len(expected))
            verdict.diverged = f"output differs from the replay at byte {at}"
        verdict.printed = again.printed_actions(len(output))
        save = killed / SAVE_NAME
        verdict.mid_save = any(leftovers(save))
        verdict.key_damaged = not key_is_whole(killed / DATA_NAME)
        store = FileStore(killed / DATA_NAME / KEY_NAME)
        data: dict[str, Any] | None = None
        verdict.present = save.exists()
        if verdict.present:
            try:
                data = Match.load(save, store).to_dict()
                verdict.loads = True
            except Exception as exc:  # any way of not loading is a damaged save
                verdict.damaged = f"{type(exc).__name__}: {exc}"
        actions: list[Any] = list(data["record"]["actions"]) if data else []
        verdict.saved = len(actions)
        if actions != again.actions[: len(actions)] or len(actions) > len(again.actions):
            verdict.diverged = verdict.diverged or "the save holds other actions than the replay"
        verdict.lost = max(0, verdict.printed - verdict.saved)
        # The next save to the same path removes what a kill mid-save left.
        if resume_it and data is not None:
            done = resume(killed)
            if done.returncode != 0:
                verdict.notes.append(f"resume: exit {done.returncode}: {done.stderr[-300:]!r}")
                verdict.damaged = verdict.damaged or "phase10 resume failed"
        else:
            store.save(str(save), data if data is not None else {"next": "save"})
        # Every temporary file counts here, however recent (they are all the killed one's).
        later = time.time() + 10**9
        key = killed / DATA_NAME / KEY_NAME
        verdict.stray = sum(1 for target in (save, key) for _ in leftovers(target, now=later))
    finally:
        for path in (live, killed):
            shutil.rmtree(path, ignore_errors=True)
    return verdict


def fuzz(
    runs: int,
    seed: int,
    seconds: float,
    max_lines: int = 600,
    resume_every: int = 10,
    report: bool = False,
) -> tuple[Counter[str], list[tuple[Plan, Verdict]]]:
    """Do up to ``runs`` runs within ``seconds``; returns the summed columns and the runs
    that failed. ``report`` prints each failure as it comes."""
    rng = random.Random(seed)
    totals: Counter[str] = Counter(dict.fromkeys(COLUMNS, 0))
    failures: list[tuple[Plan, Verdict]] = []
    deadline = time.monotonic() + seconds
    with tempfile.TemporaryDirectory(prefix="phase10-kills-") as scratch:
        for number in range(runs):
            if time.monotonic() > deadline:
                break
            run = plan(rng, max_lines)
            verdict = one_run(run, Path(scratch), resume_every > 0 and number % resume_every == 0)
            totals.update(verdict.counts())
            if verdict.failed:
                failures.append((run, verdict))
                if report:
                    print(f"run {number}: {run.describe()}: {verdict}", file=sys.stderr)
    return totals, failures


def table(totals: Counter[str]) -> Iterator[str]:
    width = max(len(column) for column in COLUMNS)
    for column in COLUMNS:
        mark = "  (must be 0)" if column in FAILURES else ""
        yield f"{column:<{width}}  {totals[column]:>6}{mark}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=500, help=f"kills to try (max {MAX_RUNS})")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--seconds", type=float, default=900, help="stop after this long")
    parser.add_argument(
        "--max-lines", type=int, default=600, help="kill after 1..N lines of output (max 5000)"
    )
    parser.add_argument(
        "--resume-every",
        type=int,
        default=10,
        help="check every Nth save with a real `phase10 resume` (0: never)",
    )
    args = parser.parse_args(argv)
    if not 1 <= args.runs <= MAX_RUNS:
        parser.error(f"--runs must be 1..{MAX_RUNS}")
    if not 0 < args.seconds <= 24 * 3600:
        parser.error("--seconds must be more than 0 and at most 86400")
    if not 1 <= args.max_lines <= 5000 or not 0 <= args.resume_every <= MAX_RUNS:
        parser.error("--max-lines must be 1..5000 and --resume-every 0..2000")
    started = time.monotonic()
    totals, failures = fuzz(
        args.runs, args.seed, args.seconds, args.max_lines, args.resume_every, report=True
    )
    elapsed = time.monotonic() - started
    for line in table(totals):
        print(line)
    print(f"{totals['runs']} runs in {elapsed:.0f} s")
    if totals["runs"] < args.runs:
        print(f"stopped after {args.seconds:g} s, {args.runs - totals['runs']} runs not made")
    for run, verdict in failures[:10]:
        details = json.dumps([verdict.damaged, verdict.diverged, *verdict.notes])
        print(
            f"failed: {run.describe()}: printed {verdict.printed} moves, saved {verdict.saved}, "
            f"lost {verdict.lost}, stray {verdict.stray}, key damaged {verdict.key_damaged}; "
            f"{details}"
        )
    command = (
        f"python scripts/fuzz_kills.py --runs {args.runs} --seed {args.seed} "
        f"--seconds {args.seconds:g} --max-lines {args.max_lines} "
        f"--resume-every {args.resume_every}"
    )
    print(f"reproduce: PYTHONPATH=src {command}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
