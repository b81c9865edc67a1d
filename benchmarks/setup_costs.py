"""What the set-up costs a new user: from ``git clone`` to the first game screen (``make
play``), to the server answering (``make serve``), and a whole ``make test``; and the size of
each virtual environment.

Each command runs in a fresh clone of its own, with an empty pip cache (``PIP_CACHE_DIR`` set
to a new folder), so every package is downloaded and unpacked as on a new machine. ``make
play`` runs in tmux at 80x24 and counts until the new-game screen shows; ``make serve`` until
``/healthz`` answers on port 8000 (which must be free). Each clone is removed afterwards.

    python benchmarks/setup_costs.py                    # play and serve (a few minutes)
    python benchmarks/setup_costs.py --what test        # the whole make test (15 min or so)
    python benchmarks/setup_costs.py --repo URL-or-PATH # another clone source than this one
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIRST_SCREEN = "New game of Phase 10"
HEALTH = "http://127.0.0.1:8000/healthz"
LIMIT = 3600.0


def _size(folder: Path) -> str:
    done = subprocess.run(["du", "-sh", str(folder)], capture_output=True, text=True, check=True)
    return done.stdout.split()[0]


def _wait(ready: Callable[[], bool], alive: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + LIMIT
    while not ready():
        if not alive():
            raise SystemExit(f"{what}: the command ended before it was ready")
        if time.monotonic() > deadline:
            raise SystemExit(f"{what}: not ready after {LIMIT:.0f} s")
        time.sleep(0.5)


def _clone(repo: str, scratch: Path) -> tuple[Path, dict[str, str]]:
    clone = scratch / "clone"
    subprocess.run(["git", "clone", "--quiet", repo, str(clone)], check=True)
    cache = scratch / "pip-cache"
    cache.mkdir()
    return clone, {**os.environ, "PIP_CACHE_DIR": str(cache)}


def play(repo: str, scratch: Path) -> tuple[float, Path]:
    """Seconds from the clone to the new-game screen of ``make play``."""
    start = time.monotonic()
    clone, env = _clone(repo, scratch)
    session = f"setup-costs-{os.getpid()}"
    command = f"cd {clone} && PIP_CACHE_DIR={env['PIP_CACHE_DIR']} make play"
    tmux = ["tmux", "new-session", "-d", "-s", session, "-x", "80", "-y", "24", command]
    subprocess.run(tmux, check=True)

    def screen() -> str:
        shown = subprocess.run(
            ["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True
        )
        return shown.stdout

    def alive() -> bool:
        return subprocess.run(["tmux", "has-session", "-t", session], check=False).returncode == 0

    try:
        _wait(lambda: FIRST_SCREEN in screen(), alive, "make play")
        return time.monotonic() - start, clone
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], check=False)


def serve(repo: str, scratch: Path) -> tuple[float, Path]:
    """Seconds from the clone to ``make serve`` answering ``/healthz``."""
    start = time.monotonic()
    clone, env = _clone(repo, scratch)
    env["PHASE10_DATA_DIR"] = str(scratch / "data")
    server = subprocess.Popen(
        ["make", "serve"], cwd=clone, env=env, start_new_session=True, stdout=subprocess.DEVNULL
    )

    def answers() -> bool:
        try:
            with urllib.request.urlopen(HEALTH, timeout=2) as answer:
                return bool(answer.status == 200)
        except OSError:
            return False

    try:
        _wait(answers, lambda: server.poll() is None, "make serve")
        return time.monotonic() - start, clone
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=60)


def test(repo: str, scratch: Path) -> tuple[float, Path]:
    """Seconds from the clone to the end of a passing ``make test``."""
    start = time.monotonic()
    clone, env = _clone(repo, scratch)
    subprocess.run(["make", "test"], cwd=clone, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.monotonic() - start, clone


STEPS: dict[str, Callable[[str, Path], tuple[float, Path]]] = {
    "play": play,
    "serve": serve,
    "test": test,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--repo", default=str(ROOT), help="what to clone (this checkout)")
    parser.add_argument("--what", nargs="+", choices=list(STEPS), default=["play", "serve"])
    args = parser.parse_args(argv)
    print("| command | clone to ready | virtual environment |")
    print("|---|---:|---:|")
    for name in args.what:
        scratch = Path(tempfile.mkdtemp(prefix=f"phase10-{name}-"))
        try:
            seconds, clone = STEPS[name](args.repo, scratch)
            print(f"| `make {name}` | {seconds:.0f} s | {_size(clone / '.venv')} |", flush=True)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    print(f"\nreproduce: python benchmarks/setup_costs.py --what {' '.join(args.what)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
