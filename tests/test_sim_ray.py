"""The Ray backend on a real local Ray instance (two CPUs, no dashboard): same results."""

from __future__ import annotations

import ipaddress
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
import ray

from phase10.api import find_variant
from phase10.sim import SimConfig, simulate

# Ray comes with the sim extra, which `make test` installs: a missing Ray must fail, not skip.


def test_ray_backend_gives_the_same_results_as_this_process() -> None:
    config = SimConfig(
        rules=find_variant("standard+n_phases=1"), bots=("greedy", "random"), games=6, seed=2
    )
    here = simulate(config).to_dict()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        there = simulate(config, workers=2, backend="ray").to_dict()
    finally:
        ray.shutdown()
    assert there == here


def _process_tree(root: int) -> set[int]:
    """``root`` and every process descended from it, from /proc."""
    children: dict[int, set[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue  # ended meanwhile
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, set()).add(int(entry.name))
    found, todo = {root}, [root]
    while todo:
        for child in children.get(todo.pop(), set()) - found:
            found.add(child)
            todo.append(child)
    return found


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    """An address of /proc/net/tcp (little-endian words of hex) as an address."""
    raw = bytes.fromhex(text)
    if len(raw) == 4:
        return ipaddress.IPv4Address(raw[::-1])
    return ipaddress.IPv6Address(b"".join(raw[i : i + 4][::-1] for i in range(0, 16, 4)))


def _listening(pids: set[int]) -> list[tuple[str, ipaddress.IPv4Address | ipaddress.IPv6Address]]:
    """(process name, local address) of each listening TCP socket (and bound UDP socket) that
    one of ``pids`` holds, read from /proc/net and each process's open files."""
    owner: dict[str, str] = {}
    for pid in pids:
        try:
            name = Path(f"/proc/{pid}/comm").read_text().strip()
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                link = os.readlink(fd)
                if link.startswith("socket:["):
                    owner[link[8:-1]] = name
        except OSError:
            continue  # ended meanwhile
    found = []
    for table, listen in (("tcp", "0A"), ("tcp6", "0A"), ("udp", "07"), ("udp6", "07")):
        for line in Path(f"/proc/net/{table}").read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == listen and fields[9] in owner:
                found.append((owner[fields[9]], _address(fields[1].split(":")[0])))
    return found


def _is_loopback(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    mapped = getattr(address, "ipv4_mapped", None)
    return address.is_loopback or (mapped is not None and mapped.is_loopback)


@dataclass
class LocalRun:
    """What one real local Ray run, started by ``simulate`` in a fresh process, showed."""

    #: (process name, address) of every listening socket of its processes, read while it ran.
    sockets: list[tuple[str, ipaddress.IPv4Address | ipaddress.IPv6Address]]
    #: Its standard output: the games played, then the authentication mode Ray ran with.
    out: list[str]


@pytest.fixture(scope="module")
def local_run() -> LocalRun:
    """One real Ray start (a fresh process: Ray reads its settings when imported, and none
    is set here), held after its first game while its sockets are read from /proc; the
    tests below read what it showed (one Ray start costs seconds)."""
    code = (
        "import os, sys\n"
        "from phase10.api import find_variant\n"
        "from phase10.sim import SimConfig, simulate\n"
        "def hold(done, total):\n"
        "    if done == 1:\n"
        "        print('up', flush=True)\n"
        "        sys.stdin.readline()\n"
        "config = SimConfig(rules=find_variant('standard+n_phases=1'), bots=('greedy', 'random'),"
        " games=4, seed=2)\n"
        "print(simulate(config, workers=2, backend='ray', progress=hold).games,"
        " os.environ['RAY_AUTH_MODE'])\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    child = subprocess.Popen(
        [sys.executable, "-c", code],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert child.stdout is not None
        assert child.stdin is not None
        assert child.stdout.readline() == "up\n"
        sockets = _listening(_process_tree(child.pid))
        child.stdin.write("\n")
        child.stdin.flush()
        out, err = child.communicate(timeout=300)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 0, err
    return LocalRun(sockets, out.split())


def test_a_local_ray_run_requires_a_token(local_run: LocalRun) -> None:
    """A local Ray instance started by simulate listens on the network, so it runs with
    token authentication (RAY_AUTH_MODE=token), and plays every game."""
    assert local_run.out == ["4", "token"]


def test_a_local_ray_run_listens_on_loopback_only(local_run: LocalRun) -> None:
    """Every server of a local Ray run (gcs_server, raylet, the runtime env agent, the
    driver and the workers) listened on all interfaces; now on 127.0.0.1 only."""
    sockets = local_run.sockets
    names = {name for name, _address in sockets}
    assert {"gcs_server", "raylet"} <= names, sockets
    assert [(n, str(a)) for n, a in sockets if not _is_loopback(a)] == []
