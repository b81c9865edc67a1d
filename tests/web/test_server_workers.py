"""Computer players think in worker processes. An ``expert`` computer
thinking for a second at one table does not hold up another table, and a worker that dies
does not stop the computers.
"""

from __future__ import annotations

import os
import random
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

from phase10.web.thinking import INLINE_LEVELS

from .conftest import StartLiveServer
from .serverkit import Player, create_table, in_process_server, play, pump, start

PERSON = {"kind": "person"}


def worker_pids() -> list[int]:
    """The worker processes this process started (multiprocessing's spawned children)."""
    return children_of(os.getpid())


def children_of(pid: int) -> list[int]:
    """The worker processes ``pid`` started (multiprocessing's spawned children)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        if parent == pid and b"spawn_main" in command:
            found.append(int(entry.name))
    return found


def test_an_expert_thinking_does_not_hold_up_another_table(tmp_path: Path) -> None:
    """With two worker processes (and the quick levels inline, as ``phase10 serve``
    runs), while table A's expert thinks (about a second a decision), table B's person has
    each move acknowledged in well under a second and B's easy computer keeps answering.
    Bounds: the median ack under 0.25 s and the slowest under 1.5 s. A blocked table would
    wait out the expert's decisions (about a second each) on most acks; a single slow ack is
    what two busy cores do to any process, so it is not the thing measured."""
    rng = random.Random(11)
    with (
        in_process_server(tmp_path, workers=2, inline=INLINE_LEVELS) as server,
        server.http() as http,
    ):
        assert len(worker_pids()) == 2, "both workers start with the server"
        a = create_table(http, [PERSON, {"kind": "bot", "level": "expert"}])
        b = create_table(http, [PERSON, {"kind": "bot", "level": "easy"}])
        start(http, b["table"], b["token"])
        pb = Player(server.ws_url, b["table"], b["token"])
        play({0: pb}, rng, lambda: pb.version >= 4)  # B runs: both workers have answered
        start(http, a["table"], a["token"])
        pa = Player(server.ws_url, a["table"], a["token"])
        # Play A until the person's move hands the turn to the expert.
        handed: list[float] = []

        def expert_to_act() -> bool:
            return bool(handed) or (pa.view is not None and pa.view["current"] == 1)

        def note(_p: Player, _a: dict[str, object], _ack: dict[str, object]) -> None:
            if pa.view is not None and pa.view["current"] == 1:
                handed.append(time.monotonic())

        play({0: pa}, rng, expert_to_act, on_ack=note, timeout=30)
        if not handed:  # the expert deals first and is thinking now
            handed.append(time.monotonic())
        expert_version = pa.version
        latencies: list[float] = []
        computer_moves = 0

        def expert_done() -> bool:
            # Its whole turn: a draw can be forced (a Skip on the discard pile), and then
            # only the discard is thought over.
            view = pa.view
            return pa.version != expert_version and (
                view is None or view["current"] != 1 or view["stage"] == "over"
            )

        while time.monotonic() - handed[0] < 8:
            pump([pa])
            if expert_done():
                break
            if not pb.my_turn:
                pb.until(lambda m: m["type"] == "update" and pb.my_turn, 2)
                computer_moves += 1
                continue
            assert pb.view is not None
            sent = time.monotonic()
            answer = pb.act(pb.view["legal"][0]["action"])
            latencies.append(time.monotonic() - sent)
            assert answer["type"] == "ack", answer
            time.sleep(0.06)  # a person's pace, under the rate limit (20 messages a second)
        thought = time.monotonic() - handed[0]
        assert expert_done(), "the expert played its turn"
        assert thought >= 0.3, f"the expert answered in {thought:.2f} s: it did not think"
        assert len(latencies) >= 5, latencies
        assert computer_moves >= 1
        assert statistics.median(latencies) < 0.25, latencies
        assert max(latencies) < 1.5, latencies
        print(
            f"\nexpert thought {thought:.2f} s; table B's acks meanwhile: "
            f"{len(latencies)}, slowest {max(latencies) * 1000:.1f} ms"
        )
        pa.close()
        pb.close()


def test_a_killed_worker_does_not_stop_the_computers(tmp_path: Path) -> None:
    """Robustness: kill -9 one worker process mid-game; the thinker starts new
    workers and the computer goes on playing at this table. (Its easy computer thinks in
    the workers here: no level is inlined.)"""
    rng = random.Random(12)
    with in_process_server(tmp_path, workers=2) as server, server.http() as http:
        made = create_table(http, [PERSON, {"kind": "bot", "level": "easy"}])
        start(http, made["table"], made["token"])
        player = Player(server.ws_url, made["table"], made["token"])

        def computer_moves() -> int:
            return sum(1 for e in player.events.values() if e["event"]["seat"] == 1)

        play({0: player}, rng, lambda: computer_moves() >= 4, timeout=20)
        # This server's own workers: other tests of this process may have left spawned
        # children of their own, and killing one of those would prove nothing.
        victims = server.hub.thinker.worker_pids()
        assert victims
        assert set(victims) <= set(worker_pids())
        os.kill(victims[0], signal.SIGKILL)
        before = computer_moves()
        # The pool notices the death when it next looks (on a busy machine, maybe only after
        # a move or two the other worker made): play on until the thinker has started new
        # workers and the computer has moved six times more. A thinker that never notices,
        # or computers that stop, fail here at the deadline.
        thinker = server.hub.thinker
        play(
            {0: player},
            rng,
            lambda: thinker.restarts >= 1 and computer_moves() >= before + 6,
            timeout=40,
        )
        assert thinker.restarts == 1
        assert victims[0] not in server.hub.thinker.worker_pids()
        player.close()


def test_workers_end_when_the_server_is_killed_outright() -> None:
    """Robustness: a server killed with SIGKILL alone (not its process group)
    leaves no worker behind: each worker notices its parent is gone and ends."""
    script = (
        "import time\n"
        "from phase10.web.thinking import Thinker\n"
        "thinker = Thinker(workers=2)\n"
        "print('ready', flush=True)\n"
        "time.sleep(60)\n"
    )
    server = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, env={**os.environ}
    )
    try:
        assert server.stdout is not None
        assert server.stdout.readline().strip() == b"ready"
        deadline = time.monotonic() + 20
        while len(children_of(server.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        workers = children_of(server.pid)
        assert len(workers) == 2
        server.kill()
        server.wait()
        deadline = time.monotonic() + 5
        while any(Path(f"/proc/{pid}").exists() for pid in workers):
            assert time.monotonic() < deadline, "the workers outlived their server"
            time.sleep(0.1)
    finally:
        server.kill()
        server.wait()


def test_sigterm_stops_the_server_and_its_workers_cleanly(
    live_server: StartLiveServer, tmp_path: Path
) -> None:
    """``kill PID`` (SIGTERM, what a service manager sends to stop a service) ends the
    server as Ctrl+C does: the workers are shut down and the database closed, exit 0, and
    the server says it stopped. It once ended the process as uvicorn raised the signal
    again, before the workers stopped, and the resource tracker warned of leaked
    semaphores."""
    server = live_server(f"sqlite:///{tmp_path / 'stop.db'}", extra_args=("--bot-workers", "2"))
    process = server.process
    assert process is not None
    process.send_signal(signal.SIGTERM)  # the server alone, as `kill PID` does
    assert process.wait(timeout=15) == 0, server.log()
    assert "leaked" not in server.log()
    # It says where it could be reached and, at the end, that it stopped.
    assert "phase10: only this machine can play (the loopback)" in server.log()
    assert (
        server.log()
        .rstrip()
        .endswith("phase10: stopped; the games in play are kept in the database")
    ), server.log()[-300:]
