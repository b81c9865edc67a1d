"""What a table costs the server does not grow with abuse or with the game's length
(decision 0016): a table with no person connected pauses, finished and abandoned tables leave
memory and come back from the database, the experts' workers are shared fairly between
tables, a catch-up narrates at most the last events, a replay step applies at most a few
actions, and connections that come and go at once cause one lobby each, not one per arrival.
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from phase10 import games
from phase10.bots import make_bot
from phase10.match import Match, Seat
from phase10.web import thinking
from phase10.web.catchup import CATCH_UP_EVENTS
from phase10.web.db import Database, SeatRow, TableRow, sqlite_url
from phase10.web.hub import Hub
from phase10.web.live import LOBBY_COALESCE, Client
from phase10.web.protocol import CreateTable
from phase10.web.replay import replay_step
from phase10.web.snapshots import SNAPSHOT_EVERY
from phase10.web.thinking import Thinker

from .serverkit import InProcessServer, Player, create_table, in_process_server, play, start

PERSON = {"kind": "person"}
EASY = {"kind": "bot", "level": "easy"}


def _moves(server: InProcessServer, table: str, *, computers: bool = False) -> int:
    """How many moves of ``table`` are stored (``computers``: of seats 1 and up only)."""
    db = server.db()
    try:
        stored = db.load(table)
        assert stored is not None
        return sum(1 for move in stored.moves if not computers or move.seat != 0)
    finally:
        db.close()


def _eventually(check: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("the condition never held")
        time.sleep(0.02)


def _quick_upkeep(server: InProcessServer, **settings: float) -> None:
    """Shorter waits for the pause and the evictions (set before any table exists, so the
    sweep starts with them)."""
    upkeep = server.hub.upkeep
    upkeep.sweep_every = 0.05
    for name, value in settings.items():
        setattr(upkeep, name, value)


# --------------------------------------------------------------------------- pausing


def test_a_table_whose_people_all_left_pauses_until_one_is_back(tmp_path: Path) -> None:
    """Decision 0016: Ann leaves a table of herself and three computers (hold 0 s: a
    computer plays her seat at once); a moment later the computers stop and no move is
    stored any more, though a spectator watches (told ``web.paused``: a spectator does not
    keep a game going); when she connects again the game goes on."""
    with in_process_server(tmp_path, hold_seconds=0, bot_delay=0.01) as server:
        _quick_upkeep(server, pause_after=0.3)
        with server.http() as http:
            made = create_table(http, [PERSON, EASY, EASY, EASY])
            table, token = made["table"], made["token"]
            start(http, table, token)
            watcher = Player(server.ws_url, table, None)
            with Player(server.ws_url, table, token) as ann:
                ann.until(lambda m: m["type"] == "update")
            _eventually(lambda: _moves(server, table) > 0)
            watcher.until(lambda m: m["type"] == "notice" and m["key"] == "web.paused")
            paused_at = _moves(server, table)
            time.sleep(0.6)
            assert _moves(server, table) == paused_at
            watcher.close()
            computers = _moves(server, table, computers=True)
            with Player(server.ws_url, table, token) as ann:
                # The game waits for her on her turns: she plays them, the computers theirs.
                play(
                    {0: ann},
                    random.Random(1),
                    lambda: _moves(server, table, computers=True) > computers + 2,
                )


def test_a_spectator_told_the_game_waits_hears_when_it_goes_on(tmp_path: Path) -> None:
    """Decision 0016: a table started while its person has not yet connected pauses on its
    computer's turn, and its spectator is told why nothing moves (``web.paused``); when the
    person arrives for the first time (no "back": she was never away), the spectator hears
    that the game goes on."""
    with in_process_server(tmp_path, bot_delay=0.01) as server:
        _quick_upkeep(server, pause_after=0.3)
        with server.http() as http:
            # The computers wait only on a computer's turn (a person's turn waits for her
            # anyway): a table whose first turn is the computer's, out of a few dealt.
            for _ in range(12):
                made = create_table(http, [PERSON, EASY])
                table, token = made["table"], made["token"]
                time.sleep(0.4)  # the table has stood without its person past pause_after
                watcher = Player(server.ws_url, table, None)
                watcher.until(lambda m: m["type"] == "welcome")
                start(http, table, token)
                try:
                    watcher.until(lambda m: m["type"] == "notice" and m["key"] == "web.paused", 1.5)
                    break
                except TimeoutError:
                    watcher.close()
            else:
                raise AssertionError("no table of twelve paused on a computer's turn")
            with watcher, Player(server.ws_url, table, token) as ann:
                ann.until(lambda m: m["type"] == "update")
                said = watcher.until(lambda m: m["type"] == "notice" and m["key"] == "web.going_on")
                assert said["text"] == "Ann is at the table: the game goes on."


# --------------------------------------------------------------------------- leaving memory


def _wait_until_over(server: InProcessServer, table: str) -> None:
    def over() -> bool:
        db = server.db()
        try:
            stored = db.load(table)
            return stored is not None and stored.table.status == "over"
        finally:
            db.close()

    _eventually(over, 60)


def test_a_finished_table_leaves_memory_and_its_pages_come_back_from_the_database(
    tmp_path: Path,
) -> None:
    """Decision 0016: a game the computers finish with nobody connected leaves the hub's
    memory after its grace; its page, its lobby, its record and its replay are then served
    from the database, the same as before."""
    with in_process_server(tmp_path, hold_seconds=0) as server:
        _quick_upkeep(server, finished_grace=0.2)
        with server.http() as http:
            made = create_table(http, [PERSON, EASY], variants=["n_phases=1"])
            table, token = made["table"], made["token"]
            start(http, table, token)
            with Player(server.ws_url, table, token) as ann:
                ann.until(lambda m: m["type"] == "update")
            _wait_until_over(server, table)
            before = http.get(f"/api/tables/{table}/replay", params={"step": 5}).json()
            record = http.get(f"/api/tables/{table}/record").json()
            _eventually(lambda: table not in server.hub.tables)
            assert server.hub.upkeep.evicted >= 1
            assert http.get(f"/t/{table}").status_code == 200
            assert http.get(f"/replay/{table}").status_code == 200
            assert http.get(f"/api/tables/{table}").json()["status"] == "over"
            assert http.get(f"/api/tables/{table}/record").json() == record
            after = http.get(f"/api/tables/{table}/replay", params={"step": 5}).json()
            assert after == before


def test_an_abandoned_table_leaves_memory_and_plays_on_when_its_person_is_back(
    tmp_path: Path,
) -> None:
    """Decision 0016: a game in play nobody is connected to pauses, then leaves memory; Ann
    comes back with her token and her last sequence number, the hub loads the game from the
    database and she gets exactly what she missed, then the game goes on."""
    with in_process_server(tmp_path, hold_seconds=0, bot_delay=0.01) as server:
        _quick_upkeep(server, pause_after=0.2, abandoned_after=0.4)
        with server.http() as http:
            made = create_table(http, [PERSON, EASY, EASY])
            table, token = made["table"], made["token"]
            start(http, table, token)
            ann = Player(server.ws_url, table, token)
            ann.until(lambda m: m["type"] == "update")
            seen = ann.seq
            ann.close()
            _eventually(lambda: table not in server.hub.tables)
            stored = _moves(server, table)
            computers = _moves(server, table, computers=True)
            with Player(server.ws_url, table, token, since=seen) as back:
                assert back.recv()["type"] == "welcome"
                first = back.until(lambda m: m["type"] == "update")
                assert "omitted" not in first or first["seq"] - seen > CATCH_UP_EVENTS
                # The computers play on as soon as the game is back in memory, so the first
                # update may already hold their next move; it never starts before her gap.
                assert first["version"] >= stored
                play(
                    {0: back},
                    random.Random(2),
                    lambda: _moves(server, table, computers=True) > computers + 2,
                )
            assert table in server.hub.tables


# --------------------------------------------------------------------------- fair workers


def test_ten_tables_of_experts_do_not_keep_an_eleventh_behind_all_their_decisions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Decision 0016: ten tables ask the workers for an expert's decision without pause; an
    eleventh table's one decision is let in at the next free worker, not behind the
    decisions of the ten (first come, first served put it behind all of them); and no table
    ever has two decisions in the workers at once."""
    started: list[str] = []
    running: dict[str, int] = {}
    lock = threading.Lock()
    overlaps: list[str] = []

    def counted(_game: str, _level: str, _view: Any, key: str) -> str:
        with lock:
            started.append(key)
            running[key] = running.get(key, 0) + 1
            if running[key] > 1:
                overlaps.append(key)
        time.sleep(0.002)
        with lock:
            running[key] -= 1
        return key

    monkeypatch.setattr(thinking, "think", counted)

    async def scenario() -> tuple[int, int]:
        with Thinker(workers=0) as thinker:
            done = asyncio.Event()

            async def busy(key: str) -> None:
                while not done.is_set():
                    # Two at once from one table: the second waits for the first.
                    await asyncio.gather(
                        thinker.choose("phase10", "expert", None, key, key=key),
                        thinker.choose("phase10", "expert", None, key, key=key),
                    )

            tables = [asyncio.create_task(busy(f"busy{n}")) for n in range(10)]
            while len(started) < 100:
                await asyncio.sleep(0.001)
            with lock:
                asked = len(started)
            await thinker.choose("phase10", "expert", None, "eleventh", key="eleventh")
            with lock:
                ahead = started.index("eleventh") - asked
                waiting = thinker.turns.waiting()
            done.set()
            await asyncio.gather(*tables)
            return ahead, waiting

    ahead, waiting = asyncio.run(scenario())
    # At most the decisions already in the two workers when it asked went first.
    assert ahead <= 2, ahead
    assert waiting >= 5  # the ten tables were still queueing: it did not just find it empty
    assert overlaps == []


# --------------------------------------------------------------------------- a long game


def _long_game(url: str, actions: int, *, finish: bool) -> tuple[str, Match]:
    """A table of five in the database ``url`` whose game has ``actions`` moves (or is
    played to its end), stored as the server stores them, without a server: computers
    play every seat here, on the engine."""
    db = Database(url)
    try:
        game = games.get("phase10")
        rules = game.find_rules(game.default_rules)
        row = TableRow(
            id=secrets.token_urlsafe(9),
            code="LONG" + secrets.token_hex(2).upper(),
            game="phase10",
            rules=rules.name,
            seed=8,  # 1,340 actions when the five computers below play it to its end
            status="playing",
            hold_seconds=60,
            takeover_level="hard",
        )
        names = ["Ann", "Bob", "Cleo", "Dan", "Eve"]
        seat_rows = [
            SeatRow(0, "person", None, "Ann", "x" * 64),
            *(SeatRow(n, "bot", "easy", names[n], None) for n in range(1, len(names))),
        ]
        db.insert_table(row, seat_rows)
        match = Match.start(rules, [Seat(n, make_bot("easy", game)) for n in names], row.seed)
        while not match.is_over and (finish or match.version < actions):
            seat = match.to_act
            bot = match.seats[seat].bot
            assert bot is not None
            action = bot.choose(match.view(seat), match.bot_rng(seat))
            match.play(seat, action, match.version)
            payload = json.dumps(game.action_to_json(action), separators=(",", ":"))
            db.append_move(row.id, match.version, seat, payload, None)
        if match.is_over:
            db.set_status(row.id, "over", finished=time.time())
        return row.id, match
    finally:
        db.close()


@pytest.fixture(scope="module")
def long_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str, Match]:
    """A database holding one game of five played to its end (1,000 and more actions)."""
    url = sqlite_url(str(tmp_path_factory.mktemp("long") / "long.db"))
    table, match = _long_game(url, 0, finish=True)
    assert match.version >= 1000
    return url, table, match


def test_a_spectators_catch_up_on_a_long_game_holds_only_its_last_events(
    tmp_path: Path, long_game: tuple[str, str, Match]
) -> None:
    """Decision 0016, docs/protocol.md "Reconnecting": a spectator's hello with ``since: -1``
    on a game of over a thousand actions gets the last ``CATCH_UP_EVENTS`` events, says how
    many it left out, and the view and result of the game now; a seat back after a short cut
    still gets exactly what it missed."""
    url, table, match = long_game
    with in_process_server(tmp_path, database=url) as server:
        with Player(server.ws_url, table, None) as watcher:
            assert watcher.recv()["type"] == "welcome"
            update = watcher.until(lambda m: m["type"] == "update")
            size = len(watcher.raw[-1].encode())
        with Player(server.ws_url, table, None, since=match.seq - 5) as short:
            assert short.recv()["type"] == "welcome"
            recent = short.until(lambda m: m["type"] == "update")
    assert len(update["events"]) == CATCH_UP_EVENTS
    assert update["omitted"] == match.seq - CATCH_UP_EVENTS
    assert update["events"][0]["seq"] == match.seq - CATCH_UP_EVENTS + 1
    assert update["seq"] == match.seq
    assert update["result"] is not None
    assert size < 80_000, size  # the whole game in words was 280 to 390 KiB
    assert [e["seq"] for e in recent["events"]] == list(range(match.seq - 4, match.seq + 1))
    assert "omitted" not in recent


def test_a_replay_step_applies_a_few_actions_not_the_whole_game(
    monkeypatch: pytest.MonkeyPatch, long_game: tuple[str, str, Match]
) -> None:
    """Decision 0016: once a finished game's replay has been opened, showing any step N
    applies fewer than ``SNAPSHOT_EVERY`` actions (it used to replay N from the deal), and
    shows the same game as replaying from the deal does."""
    _url, _table, match = long_game
    game = match.game
    applied = [0]
    original = type(game).apply

    def counting(self: Any, state: Any, action: Any) -> Any:
        applied[0] += 1
        return original(self, state, action)

    monkeypatch.setattr(type(game), "apply", counting)
    steps = match.version
    replay_step(match, steps, "en")  # the first look keeps the positions on its way
    for step in (steps - 1, steps // 2, 7, steps - SNAPSHOT_EVERY - 3, 1):
        applied[0] = 0
        shown = replay_step(match, step, "en")
        assert applied[0] < SNAPSHOT_EVERY, (step, applied[0])
        state = match.record.new_state()
        for action in match.record.actions[:step]:
            state = original(game, state, action)
        expected = game.view_to_json(game.public_view(state))
        expected.pop("events", None)
        expected.pop("legal", None)
        assert shown["view"] == expected
        assert shown["step"] == step


# --------------------------------------------------------------------------- the lobby


def test_a_crowd_arriving_at_once_gets_one_lobby_each_not_one_per_arrival() -> None:
    """Decision 0016: fifty connections arrive at a table within a moment; each is sent
    the lobby once after its welcome (it was once per later arrival: 1,275 lobbies)."""

    async def scenario() -> list[int]:
        with Thinker(workers=0) as thinker:
            hub = Hub(Database("sqlite://"), thinker, bot_delay=0)
            spec = CreateTable.model_validate(
                {"game": "phase10", "name": "Ann", "seats": [PERSON, EASY]}
            )
            table, _token = await hub.create(spec)
            clients = [Client(lang=("en", "fr", "de", "nl")[n % 4]) for n in range(50)]
            for client in clients:
                table.attach(client, None, -1)
            await asyncio.sleep(LOBBY_COALESCE * 2)
            counts = []
            for client in clients:
                kinds = []
                while not client.outbox.empty():
                    message = client.outbox.get_nowait()
                    assert message is not None
                    kinds.append(message["type"])
                counts.append(kinds.count("lobby"))
            last = table.lobby()
            hub.close()
            assert last["spectators"] == 50
            return counts

    counts = asyncio.run(scenario())
    assert counts == [1] * 50, counts
