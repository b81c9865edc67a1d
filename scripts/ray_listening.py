"""Where a local Ray run listens: runs ``phase10 simulate --backend ray``
without ``--address``, and while it runs asks ``ss`` every half second for the listening TCP
and UDP sockets of that process and every process it started (Ray's gcs_server, raylet,
agents and workers), then prints each process's addresses and how many are not loopback.

Run: PYTHONPATH=src python scripts/ray_listening.py [--games 60] [--workers 2]
Exit status: 0 if every socket is on loopback, 1 if not, 2 if nothing was seen.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

#: ``users:(("raylet",pid=123,fd=7),...)`` in a line of ``ss -p``.
_USER = re.compile(r'\("([^"]*)",pid=(\d+),')


def process_tree(root: int) -> set[int]:
    """``root`` and every process descended from it, from /proc."""
    children: dict[int, set[int]] = defaultdict(set)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # The name in parentheses may hold spaces: the parent's id follows the last ")".
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        children[parent].add(int(entry.name))
    found, todo = {root}, [root]
    while todo:
        for child in children.get(todo.pop(), ()):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def listening(pids: set[int]) -> set[tuple[str, int, str, str]]:
    """(protocol, process id, process name, local address) of each listening socket of
    ``pids``."""
    out = subprocess.run(["ss", "-ltunpH"], capture_output=True, text=True, check=True).stdout
    found: set[tuple[str, int, str, str]] = set()
    for line in out.splitlines():
        fields = line.split()
        if len(fields) < 7:
            continue
        for name, pid in _USER.findall(line):
            if int(pid) in pids:
                found.add((fields[0], int(pid), name, fields[4]))
    return found


def is_loopback(address: str) -> bool:
    """Whether a local address of ``ss`` is on loopback: ``127.0.0.1:6379``, ``[::1]:6379``
    or ``[::ffff:127.0.0.1]:6379`` (an IPv6 socket bound to the IPv4 loopback) are; ``*:6379``,
    ``0.0.0.0:6379`` and the machine's own address are not.

    >>> [is_loopback(a) for a in ("127.0.0.1:1", "[::1]:1", "[::ffff:127.0.0.1]:1", "*:1")]
    [True, True, True, False]
    """
    host = address.rsplit(":", 1)[0].strip("[]").removeprefix("::ffff:")
    return host.startswith("127.") or host == "::1"


def watch(argv: list[str], env: dict[str, str]) -> tuple[int, set[tuple[str, int, str, str]]]:
    """Run ``argv`` and collect the listening sockets of its process tree until it ends."""
    child = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    seen: set[tuple[str, int, str, str]] = set()
    while child.poll() is None:
        seen |= listening(process_tree(child.pid))
        time.sleep(0.5)
    return child.returncode, seen


def main() -> int:
    """Run one local Ray simulation and print where its processes listened."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    argv = [sys.executable, "-m", "phase10", "simulate", "--backend", "ray", "--quiet"]
    argv += ["--workers", str(args.workers), "--games", str(args.games), "--seed", "1"]
    status, seen = watch(argv, dict(os.environ))
    if status != 0:
        print(f"phase10 simulate failed (exit {status})", file=sys.stderr)
    # A worker renames itself (ray::IDLE, then ray::play_game): one socket, counted once.
    sockets = {(protocol, pid, address): name for protocol, pid, name, address in seen}
    by_process: dict[str, set[str]] = defaultdict(set)
    for (protocol, _pid, address), name in sockets.items():
        by_process[name].add(f"{protocol} {address}")
    for name in sorted(by_process):
        print(f"{name:24} {' '.join(sorted(by_process[name]))}")
    open_to_network = sorted(a for _p, _i, a in sockets if not is_loopback(a))
    print(
        f"{len(sockets)} listening sockets, {len(open_to_network)} not on loopback"
        + (f": {' '.join(open_to_network)}" if open_to_network else "")
    )
    print(f"reproduce: PYTHONPATH=src python scripts/ray_listening.py --games {args.games}")
    if not seen:
        return 2
    return 1 if open_to_network else 0


if __name__ == "__main__":
    sys.exit(main())
