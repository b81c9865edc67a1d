"""``phase10 join``: a person in the terminal at an online table, with a person in a browser
(here a scripted WebSocket) and a computer player, all through the published protocol.

The server runs in this process (uvicorn in a thread, on a free port, over a SQLite file); the
terminal client is the real command in a subprocess, its standard input a pipe. Fed lines, it
reads one only when there is something to do with it (its turn, the owner's start, the end),
so a script plays it as it would ``phase10 play``.
"""

from __future__ import annotations

import json
import os
import queue
import re
import socket
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.sync.client import ClientConnection, connect

from phase10.web.app import create_app
from phase10.web.db import Database
from phase10.web.protocol import MAX_MESSAGE_BYTES
from phase10.web.thinking import Thinker

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """``phase10 serve``'s application under uvicorn in a thread; stop and start it again
    on the same port and database as a restarted server would."""

    def __init__(self, database: str, port: int) -> None:
        self.database = database
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.db: Database | None = None
        self._thinker: Thinker | None = None
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self.db = Database(self.database)
        self._thinker = Thinker(workers=0)
        app = create_app(self.db, self._thinker, hold_seconds=60, bot_delay=0.02)
        config = uvicorn.Config(
            app,
            host="127.0.0.1",
            port=self.port,
            ws_max_size=MAX_MESSAGE_BYTES,
            log_level="warning",
            access_log=False,
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 20
        while not self._server.started:
            assert time.monotonic() < deadline, "the server did not start"
            assert self._thread.is_alive(), "the server stopped at once"
            time.sleep(0.02)

    def stop(self) -> None:
        if self._server is not None and self._thread is not None:
            self._server.should_exit = True
            self._thread.join(timeout=20)
        if self._thinker is not None:
            self._thinker.close()
        if self.db is not None:
            self.db.close()
        self._server = self._thread = self._thinker = None

    def moves(self, table: str) -> list[tuple[int, int]]:
        """The stored moves of ``table`` as ``(number, seat)``."""
        assert self.db is not None
        stored = self.db.load(table)
        assert stored is not None
        return [(m.number, m.seat) for m in stored.moves]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(f"sqlite:///{tmp_path / 'server.db'}", _free_port())
    running.start()
    try:
        yield running
    finally:
        running.stop()


@dataclass
class NewTable:
    table: str
    code: str
    token: str


def _create(server: Server, game: str = "phase10") -> NewTable:
    """Ann's table: Ann (the owner), a free seat for a person and an easy computer player."""
    seats = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "level": "easy"}]
    body = {"game": game, "name": "Ann", "seats": seats}
    answer = httpx.post(f"{server.url}/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    body = answer.json()
    return NewTable(body["table"], body["code"], body["token"])


class Join:
    """``phase10 join`` in a subprocess: its output gathered line by line as it comes."""

    def __init__(self, args: list[str], data: Path, stdin_text: str | None = None) -> None:
        env = {**os.environ, "PHASE10_DATA_DIR": str(data), "PYTHONPATH": str(SRC)}
        env["PYTHONIOENCODING"] = "utf-8"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "phase10", "join", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            env=env,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        self.errors: list[str] = []
        self._readers = [
            threading.Thread(target=self._gather, daemon=True),
            threading.Thread(target=self._gather_errors, daemon=True),
        ]
        for reader in self._readers:
            reader.start()
        assert self.process.stdin is not None
        if stdin_text is not None:  # all the input at once, then its end
            self.process.stdin.write(stdin_text)
            self.process.stdin.close()

    def _gather(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def _gather_errors(self) -> None:
        assert self.process.stderr is not None
        self.errors.extend(self.process.stderr)

    def expect(self, text: str, timeout: float = 30.0) -> str:
        """Wait for an output line holding ``text``; return it."""
        for line in self.seen:
            if text in line:
                return line
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                line = self.lines.get(timeout=max(0.01, left))
            except queue.Empty:
                raise AssertionError(
                    f"no line with {text!r} in:\n" + "\n".join(self.seen)
                ) from None
            self.seen.append(line)
            if text in line:
                return line

    def finish(self, timeout: float = 60.0) -> tuple[int, str, str]:
        """Wait for the end; the exit status, all of standard output and standard error."""
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for reader in self._readers:
            reader.join(timeout=10)
        while not self.lines.empty():
            self.seen.append(self.lines.get())
        return self.process.returncode, "\n".join(self.seen), "".join(self.errors)


#: The moves that put cards on the table (P10-R15, P10-R21), before any discard.
PLAYS = ("lay", "hit")


class Owner:
    """Ann in her browser, as a script: she waits for Bob, starts the game and makes the
    first legal move each time it is her turn; with ``limit``, she makes only that many
    moves, and the game then waits for her; with ``goes_out``, she lays down and hits
    whenever she can, so a game ends within a few hands of any deal (discarding alone, she
    left it to the computer, and a long deal outlasted five minutes)."""

    def __init__(
        self,
        server: Server,
        table: NewTable,
        limit: int | None = None,
        *,
        goes_out: bool = False,
    ) -> None:
        self.server = server
        self.table = table
        self.limit = limit
        self.goes_out = goes_out
        self.stop = threading.Event()
        self.moves = 0
        #: The keys of the notices Ann's page was sent, in order.
        self.notices: list[str] = []
        self.thread = threading.Thread(target=self._play, daemon=True)
        self.error: BaseException | None = None

    def __enter__(self) -> Owner:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(timeout=20)

    def _lobby(self) -> dict[str, Any]:
        answer = httpx.get(f"{self.server.url}/api/tables/{self.table.table}")
        return dict(answer.json())

    def _play(self) -> None:
        try:
            # As a person would: she starts once Bob is at the table, not merely seated (on a
            # slow machine his client would otherwise connect to a game already started).
            while not all(
                s["taken"] and (s["connected"] or s["kind"] != "person" or s["seat"] == 0)
                for s in self._lobby()["seats"]
            ):
                if self.stop.wait(0.05):
                    return
            url = self.server.url.replace("http://", "ws://") + f"/ws/{self.table.table}"
            with connect(url) as ws:
                ws.send(json.dumps({"type": "hello", "token": self.table.token, "protocol": 2}))
                started = httpx.post(
                    f"{self.server.url}/api/tables/{self.table.table}/start",
                    headers={"Authorization": f"Bearer {self.table.token}"},
                )
                assert started.status_code == 200, started.text
                self._moves(ws)
        except BaseException as exc:  # reported by the test
            self.error = exc

    def _moves(self, ws: ClientConnection) -> None:
        while not self.stop.is_set():
            try:
                message = json.loads(ws.recv(timeout=0.2))
            except TimeoutError:
                continue
            if message["type"] == "notice":
                self.notices.append(message["key"])
            if message["type"] != "update" or not message["view"]["legal"]:
                continue
            if self.limit is not None and self.moves >= self.limit:
                continue
            view = message["view"]
            self.moves += 1
            chosen = view["legal"][0 if view["stage"] == "draw" else -1]["action"]
            if self.goes_out:
                plays = [e["action"] for e in view["legal"] if e["action"]["type"] in PLAYS]
                chosen = plays[0] if plays else chosen
            act = {
                "type": "act",
                "id": f"ann-{self.moves}",
                "version": view["version"],
                "action": chosen,
            }
            ws.send(json.dumps(act))


def test_a_terminal_player_plays_beside_a_browser_player(server: Server, tmp_path: Path) -> None:
    """Bob joins Ann's table by its invite link with --plain
    --name, waits for Ann's start, presses g (hit) before he may hit (P10-R21), hears every
    event as a sentence ("It is your turn."), lists his hand (h) and his moves (a), asks for a
    hint, hears the players named as the game starts, the server's reason when he discards
    before drawing (D-19), plays the first legal move each time (a turn is a draw, then a
    discard after any lay-down or hits: P10-R13) and leaves with q, his seat kept; his moves
    are in the server's database, his token in a 0600 file and never on the screen."""
    table = _create(server)
    data = tmp_path / "data"
    script = "g\nx 1\nhint\nh\n" + "a\n1\n" * 14 + "s\nq\n"
    invite = f"{server.url}/join/{table.code}"
    with Owner(server, table) as ann:
        bob = Join([invite, "--plain", "--name", "Bob", "--lang", "en"], data, script)
        status, out, err = bob.finish(timeout=90)
        # Ann reads that Bob left, not that his connection was lost.
        deadline = time.monotonic() + 10
        while "web.left_table" not in ann.notices and time.monotonic() < deadline:
            time.sleep(0.05)
    assert ann.error is None, ann.error
    assert "web.left_table" in ann.notices
    assert "web.left" not in ann.notices
    assert status == 0, err
    assert err == ""
    assert "You sit in seat 2 at table" in out
    assert "Waiting for Ann to start the game." in out
    # g, the hit key of the one key map, at the start of a turn: the game's own words for
    # why there is nothing to hit yet (P10-R13: hits come after the draw).
    assert "Draw a card first: hits come after the draw (P10-R13)." in out
    # The start names every player, the computer too, who had no name in the seats line.
    assert re.search(r"The game starts: Ann; Bob; \w+, a computer player \(easy\)\.", out), out
    assert "It is your turn." in out
    assert "Not allowed (D-19): draw a card first" in out  # the server's refusal, one line
    assert "Hint: " in out
    assert "Your hand: 1:" in out
    assert "1: draw" in out
    assert "You drew" in out or "You took" in out
    assert "You discarded" in out
    assert "Scores: Ann " in out
    assert "You left the table. Your seat is kept for 60 seconds" in out
    bob_moves = [number for number, seat in server.moves(table.table) if seat == 1]
    assert len(bob_moves) >= 6, out
    seats_file = data / "seats.json"
    assert stat.S_IMODE(seats_file.stat().st_mode) == 0o600
    stored = json.loads(seats_file.read_text(encoding="utf-8"))["seats"]
    (key,) = stored
    assert key == f"{server.url}/t/{table.table}"
    assert stored[key]["token"] not in out
    assert stored[key]["seat"] == 1


def test_the_owner_starts_the_game_from_the_terminal(server: Server, tmp_path: Path) -> None:
    """The owner: the seat kept in the data folder is the
    owner's (as a terminal that created the table would keep it); the waiting table offers
    start, which starts the game; the owner then plays against the computer."""
    seats = [{"kind": "person"}, {"kind": "bot", "level": "easy"}]
    answer = httpx.post(f"{server.url}/api/tables", json={"name": "Ann", "seats": seats})
    created = answer.json()
    data = tmp_path / "data"
    data.mkdir()
    key = f"{server.url}/t/{created['table']}"
    kept = {"version": 1, "seats": {key: {"seat": 0, "name": "Ann", "token": created["token"]}}}
    (data / "seats.json").write_text(json.dumps(kept), encoding="utf-8")
    script = "w\nstart\n" + "a\n1\n" * 6 + "q\n"
    status, out, err = Join([key, "--plain"], data, script).finish(timeout=60)
    assert status == 0, err
    assert "Back in seat 1 at table" in out
    assert "Type start to begin the game once every seat is taken." in out
    assert "The game starts: " in out
    assert len([seat for _, seat in server.moves(created["table"]) if seat == 0]) >= 3


def test_a_new_name_for_a_seat_already_held_is_said_to_be_unused(
    server: Server, tmp_path: Path
) -> None:
    """Ann, seated at her table from this data folder, comes back with ``--name Yan``: the
    line says she is back as Ann and that a seat keeps its name; the table still says Ann."""
    seats = [{"kind": "person"}, {"kind": "bot", "level": "easy"}]
    created = httpx.post(f"{server.url}/api/tables", json={"name": "Ann", "seats": seats}).json()
    data = tmp_path / "data"
    data.mkdir()
    key = f"{server.url}/t/{created['table']}"
    kept = {"version": 1, "seats": {key: {"seat": 0, "name": "Ann", "token": created["token"]}}}
    (data / "seats.json").write_text(json.dumps(kept), encoding="utf-8")
    status, out, err = Join([key, "--plain", "--name", "Yan"], data, "").finish(timeout=60)
    assert status == 0, err
    line = f"Back in seat 1 at table {created['code']} as Ann. A seat keeps its name."
    assert line in out.splitlines()
    lobby = httpx.get(f"{server.url}/api/tables/{created['table']}").json()
    assert lobby["seats"][0]["name"] == "Ann"
    status, out, err = Join([key, "--plain", "--name", "Ann"], data, "").finish(timeout=60)
    assert status == 0, err
    assert f"Back in seat 1 at table {created['code']} as Ann." in out.splitlines()


def test_the_programmes_game_in_french(server: Server, tmp_path: Path) -> None:
    """With the programmes game (AMZ-R13: a turn is a draw and
    a discard) and --lang fr: the server's sentences come in French, the line game's own too
    (the hand, the program), and the moves typed by number reach the server."""
    table = _create(server, "programmes")
    script = "h\nm\n" + "a\n1\n" * 8 + "q\n"
    with Owner(server, table) as ann:
        bob = Join(
            [table.code, "--server", server.url, "--name", "Bob", "--lang", "fr"], tmp_path, script
        )
        status, out, err = bob.finish(timeout=90)
    assert ann.error is None, ann.error
    assert status == 0, err
    assert "C'est à vous." in out
    assert "Votre main : 1:" in out
    assert "Votre programme : PRG-" in out
    assert "Vous avez défaussé" in out
    assert len([seat for _, seat in server.moves(table.table) if seat == 1]) >= 4


def test_the_terminal_player_comes_back_after_the_server_restarts(
    server: Server, tmp_path: Path
) -> None:
    """Reconnecting: the server stops mid-game and starts again
    on the same database; the client says so in one line, reconnects by itself with the last
    sequence number it saw, and goes on; run again later, it sits down with the kept token."""
    table = _create(server)
    data = tmp_path / "data"
    with Owner(server, table):
        bob = Join([table.code, "--server", server.url, "--name", "Bob"], data)
        bob.expect("The game starts: ")
        bob.expect(" turn.")  # the first turn is someone's: the game is under way
    server.stop()
    bob.expect("The connection to the server is lost; trying to reconnect.")
    server.start()
    bob.expect("Connected to the server again.", timeout=30)
    assert bob.process.stdin is not None
    bob.process.stdin.close()  # the end of the input: Bob leaves
    status, out, err = bob.finish(timeout=20)
    assert status == 0, err
    assert "You left the table. Your seat is kept for 60 seconds" in out
    again = Join([f"{server.url}/t/{table.table}", "--name", "Someone"], data, "")
    status, out, err = again.finish(timeout=60)
    assert "Back in seat 2 at table" in out
    assert "as Bob." in out
    assert status == 0, err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["ZZZZZZ", "--server", "{url}", "--name", "Bob"], "no table has the code ZZZZZZ"),
        (["{url}/t/nosuchtable", "--name", "Bob"], "there is no table nosuchtable"),
        (["{url}/elsewhere/x", "--name", "Bob"], "is neither an invite link"),
        (["http://127.0.0.1:9/join/ABCDEF", "--name", "Bob"], "cannot reach the server"),
    ],
)
def test_a_bad_invite_is_one_line_and_status_2(
    server: Server, tmp_path: Path, args: list[str], words: str
) -> None:
    """A code no table has, a table that does not exist, a link
    that is no invite and a server that does not answer are each one ``phase10: error:`` line
    on standard error, exit status 2, and no traceback."""
    argv = [a.replace("{url}", server.url) for a in args]
    status, out, err = Join(argv, tmp_path / "data", "").finish(timeout=60)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("phase10: error: ")
    assert words in err
    assert "Traceback" not in err


def test_the_servers_refusal_of_a_name_is_in_the_players_language(
    server: Server, tmp_path: Path
) -> None:
    """A terminal player in French who asks for a name already at the table reads the
    server's refusal in French, as a browser in French does: the join client says its
    language to the server."""
    seats = [{"kind": "person"}, {"kind": "person"}]
    created = httpx.post(f"{server.url}/api/tables", json={"name": "Tom", "seats": seats}).json()
    argv = [created["code"], "--server", server.url, "--name", "Tom", "--lang", "fr", "--plain"]
    status, _out, err = Join(argv, tmp_path / "data", "").finish(timeout=60)
    assert status == 2
    assert "quelqu'un à cette table s'appelle déjà Tom" in err
    assert "Traceback" not in err


def test_a_code_alone_that_reaches_no_server_says_to_give_the_link_or_the_server() -> None:
    """A code sent by chat and run without --server is looked for on this machine: when
    nothing answers there, the error says how to name the friend's server."""
    from phase10.cli.join import _unreachable
    from phase10.kernel.i18n import translator
    from phase10.online.links import DEFAULT_SERVER, parse_target

    by_code = _unreachable(parse_target("RUDBNU", DEFAULT_SERVER), "refused", translator("en"))
    assert "give the whole invite link, or the server's address with --server" in str(by_code)
    link = parse_target("http://example.org:8763/join/RUDBNU", DEFAULT_SERVER)
    by_link = _unreachable(link, "refused", translator("en"))
    assert str(by_link) == "cannot reach the server at http://example.org:8763: refused"


class Playing(Owner):
    """Ann in her browser at a game already under way: the first legal move on her turns."""

    def _play(self) -> None:
        try:
            url = self.server.url.replace("http://", "ws://") + f"/ws/{self.table.table}"
            with connect(url) as ws:
                ws.send(json.dumps({"type": "hello", "token": self.table.token, "protocol": 2}))
                self._moves(ws)
        except BaseException as exc:  # reported by the test
            self.error = exc


def test_a_terminal_player_takes_a_seat_the_owner_opened_during_the_game(
    server: Server, tmp_path: Path
) -> None:
    """Decision 0028: Ann plays two computers and opens one's seat to a person. Bob joins by
    the invite after the start: he is seated, plays that seat's turns from where the
    computer left it, and his moves are stored under his seat."""
    seats = [{"kind": "person"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
    created = httpx.post(f"{server.url}/api/tables", json={"name": "Ann", "seats": seats}).json()
    table = NewTable(created["table"], created["code"], created["token"])
    owner = {"Authorization": f"Bearer {table.token}"}
    assert httpx.post(f"{server.url}/api/tables/{table.table}/start", headers=owner).is_success
    opened = httpx.post(f"{server.url}/api/tables/{table.table}/seats/1/person", headers=owner)
    assert opened.status_code == 200, opened.text
    invite = f"{server.url}/join/{table.code}"
    with Playing(server, table) as ann:
        script = "a\n1\n" * 8 + "q\n"
        bob = Join([invite, "--plain", "--name", "Bob", "--lang", "en"], tmp_path / "data", script)
        status, out, err = bob.finish(timeout=90)
    assert ann.error is None, ann.error
    assert status == 0, err
    assert "You sit in seat 2 at table" in out
    assert "It is your turn." in out
    assert "You discarded" in out
    lobby = httpx.get(f"{server.url}/api/tables/{table.table}").json()
    assert lobby["seats"][1]["name"] == "Bob"
    assert len([seat for _, seat in server.moves(table.table) if seat == 1]) >= 4


def test_a_terminal_player_whose_seat_was_given_away_takes_it_again_once_opened(
    server: Server, tmp_path: Path
) -> None:
    """Decision 0028: Bob's seat, kept in his data folder, went to a computer while he was
    away, and Ann opened it to a person again. The same command he always runs says what
    became of his seat and sits him in the open seat under his name, in the same run."""
    seats = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "level": "easy"}]
    created = httpx.post(f"{server.url}/api/tables", json={"name": "Ann", "seats": seats}).json()
    table = NewTable(created["table"], created["code"], created["token"])
    bob = httpx.post(f"{server.url}/api/tables/{table.table}/join", json={"name": "Bob"}).json()
    owner = {"Authorization": f"Bearer {table.token}"}
    assert httpx.post(f"{server.url}/api/tables/{table.table}/start", headers=owner).is_success
    url = f"{server.url}/api/tables/{table.table}/seats/1"
    assert httpx.post(f"{url}/computer", json={"level": "easy"}, headers=owner).is_success
    assert httpx.post(f"{url}/person", headers=owner).is_success
    data = tmp_path / "data"
    data.mkdir()
    key = f"{server.url}/t/{table.table}"
    kept = {"version": 1, "seats": {key: {"seat": 1, "name": "Bob", "token": bob["token"]}}}
    (data / "seats.json").write_text(json.dumps(kept), encoding="utf-8")
    with Playing(server, table) as ann:
        script = "a\n1\n" * 4 + "q\n"
        status, out, err = Join([key, "--plain", "--lang", "en"], data, script).finish(timeout=90)
    assert ann.error is None, ann.error
    assert status == 0, err
    assert (
        f"The table's owner gave your seat 2 at table {table.code} away; a seat is open there "
        "now, and you take it."
    ) in out
    assert f"You sit in seat 2 at table {table.code} as Bob." in out
    assert "no longer valid" not in out
    assert "It is your turn." in out
    stored = json.loads((data / "seats.json").read_text(encoding="utf-8"))["seats"][key]
    assert stored["token"] != bob["token"]


def test_a_terminal_spectator_watches_a_game_to_its_end(server: Server, tmp_path: Path) -> None:
    """``phase10 join LINK --watch``: a spectator takes no seat (the table's seats stay as they
    were), hears every move as a sentence about its player ("Ann drew a card."), never a
    hand's card nor a "You", hears who won (P10-R36), then leaves with q, told so; a name
    is refused, a spectator having no seat to name."""
    seats = [{"kind": "person"}, {"kind": "bot", "level": "easy"}]
    body = {"game": "phase10", "name": "Ann", "seats": seats, "variants": ["n_phases=1"]}
    answer = httpx.post(f"{server.url}/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    made = answer.json()
    table = NewTable(made["table"], made["code"], made["token"])
    data = tmp_path / "data"
    link = f"{server.url}/t/{table.table}"
    named = Join([link, "--watch", "--plain", "--name", "Eve"], data, "")
    status, _out, err = named.finish(timeout=30)
    assert status == 2
    assert "a spectator takes no seat: --watch takes no --name" in err
    # Read at the end of the game, when a spectator has something to do: questions, then q.
    watcher = Join([link, "--watch", "--plain", "--lang", "en"], data, "?\nh\ns\nr\nq\n")
    watcher.expect(f"You watch table {table.code} as a spectator")
    with Owner(server, table, goes_out=True) as ann:
        # A whole game of a random deal: Ann lays down and hits when she can (she once only
        # discarded, and a long deal outlasted 120 s, then 300 s); the bound is for a game
        # that never ends, not a slow one.
        status, out, err = watcher.finish(timeout=300)
    assert ann.error is None, ann.error
    assert status == 0, f"{err}\n{out[-4000:]}"
    assert "Ann drew a card." in out or "Ann took " in out
    assert "wins the game" in out
    # Cards in words for a listener who types no move ("Ann discarded a red 7.").
    assert re.search(r"discarded an? (red|blue|yellow|green|wild|Skip)", out), out
    assert "You are watching as a spectator: every move is told as it is made." in out
    assert "You are watching as a spectator: you hold no hand and make no move." in out
    assert "Scores: Ann " in out
    assert "The last events:" in out
    assert "The game has not started yet." not in out
    assert "Type q to stop watching." in out
    assert "You stopped watching the table." in out
    assert "You drew" not in out
    assert "Your hand" not in out
    lobby = httpx.get(f"{server.url}/api/tables/{table.table}").json()
    assert len(lobby["seats"]) == 2
    assert lobby["seats"][0]["name"] == "Ann"
    assert lobby["seats"][1]["kind"] == "bot"
    assert not (data / "seats.json").exists()
    # Arriving at the finished table, a spectator hears its last events, not the whole game.
    late = Join([link, "--watch", "--plain", "--lang", "en"], data, "q\n")
    status, out, err = late.finish(timeout=30)
    assert status == 0, err
    assert "The game is over; its last events:" in out
    told = out.split("The game is over; its last events:", 1)[1].splitlines()
    assert "wins the game" in out
    assert len([line for line in told if line.strip()]) < 40, out
