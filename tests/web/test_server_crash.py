"""kill -9 in the middle of a game. ``phase10 serve`` runs in a
subprocess (the ``live_server`` fixture) on a SQLite file or on PostgreSQL; two scripted
WebSocket players and a computer play a short Phase 10 game (one phase) while the server is
killed with SIGKILL and restarted on the same database, three times: after a fixed number of
moves, at a random moment while a player's move is on its way, and while an expert computer
is thinking. Players reconnect with their token and last sequence number and resend an
unanswered move with the same id. Then:

(a) every move a player saw acknowledged is in the database under its version, and every
    event any player was sent is the event of the stored moves, seq by seq, as that seat may
    know it (nothing broadcast was lost, nothing was sent twice, no gap);
(b) the published record replays (``read_record``) to the same state digest as an
    uninterrupted in-memory ``Match`` fed the table's seed and the same action list, and each
    player's last view is that match's view.
"""

from __future__ import annotations

import contextlib
import json
import random
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from phase10 import games
from phase10.match import Match, Seat
from phase10.records import read_record
from phase10.table.messages import view_payload
from phase10.web.db import Database

from .conftest import LiveServer, StartLiveServer
from .serverkit import Player, choose, create_table, database_url, join, pump, settled, start

PERSON = {"kind": "person"}
SERVE_ARGS = ("--bot-delay", "0", "--bot-workers", "1", "--hold", "60")


class Game:
    """The players' side of one table across server restarts."""

    def __init__(self, server: LiveServer, table: str, seat_tokens: dict[int, str]) -> None:
        self.server = server
        self.table = table
        self.tokens = seat_tokens
        self.events: dict[int, dict[int, dict[str, Any]]] = {s: {} for s in seat_tokens}
        self.players: dict[int, Player] = {}
        self.acked: list[tuple[int, int, dict[str, Any]]] = []
        self.pending: tuple[int, str, int, dict[str, Any]] | None = None
        self.duplicates = 0
        self.restarts = 0

    @property
    def ws_url(self) -> str:
        return "ws" + self.server.url.removeprefix("http")

    def connect(self) -> None:
        """(Re)connect every player with its last sequence number; resend a move that got
        no answer, with the same id (it is applied at most once)."""
        for seat, token in self.tokens.items():
            old = self.players.get(seat)
            since = -1 if old is None else old.seq
            if old is not None:
                old.close()
            player = Player(self.ws_url, self.table, token, since=since, events=self.events[seat])
            player.until(lambda m: m["type"] == "update")
            self.players[seat] = player
        if self.pending is not None:
            seat, action_id, version, action = self.pending
            answer = self.players[seat].act(action, version, action_id)
            assert answer["type"] == "ack", answer
            self.duplicates += bool(answer.get("duplicate"))
            self.acked.append((answer["version"], seat, action))
            self.pending = None

    def crash(self) -> None:
        """kill -9 (if not done already), restart on the same database, reconnect."""
        self.server.kill()
        self.server.restart()
        self.restarts += 1
        self.connect()

    @property
    def version(self) -> int:
        return max(p.version for p in self.players.values())

    @property
    def over(self) -> bool:
        return any(p.over for p in self.players.values())

    def play_until(self, done: Any, rng: random.Random, timeout: float = 150) -> None:
        """Scripted moves until ``done()``; a ``ConnectionClosed`` (the server died) is the
        caller's to handle."""
        deadline = time.monotonic() + timeout
        everyone = list(self.players.values())
        while not done():
            assert time.monotonic() < deadline, "the game did not get there in time"
            pump(everyone)
            mover = next((p for p in everyone if p.my_turn), None)
            if mover is None:
                with contextlib.suppress(TimeoutError):
                    everyone[0].recv(0.05)
                continue
            assert mover.view is not None
            assert mover.seat is not None
            action = choose(mover.view, rng)
            action_id = uuid.uuid4().hex[:16]
            self.pending = (mover.seat, action_id, mover.version, action)
            answer = mover.act(action, mover.version, action_id)
            assert answer["type"] == "ack", answer
            self.acked.append((answer["version"], mover.seat, action))
            self.pending = None

    def close(self) -> None:
        for player in self.players.values():
            player.close()


def uninterrupted(db_url: str, table: str) -> tuple[Match, list[Any]]:
    """The table's game replayed in memory from its seed and stored actions, with no server."""
    stored = Database(db_url).load(table)
    assert stored is not None
    game = games.get(stored.table.game)
    rules = game.find_rules(stored.table.rules)
    seats = [Seat(s.name or f"#{s.seat + 1}") for s in stored.seats]
    match = Match.start(rules, seats, stored.table.seed)
    actions = [game.action_from_json(json.loads(m.action)) for m in stored.moves]
    assert [m.number for m in stored.moves] == list(range(1, len(actions) + 1))
    for action in actions:
        match.play(match.to_act, action, match.version)
    return match, [(m.number, m.seat, m.action, m.action_id) for m in stored.moves]


def check_against_database(game_: Game, db_url: str) -> Match:
    """Points (a) and (b) of the module's docstring, except the record; returns the match.
    Call it when nothing moves (the game over, or a person to act)."""
    settled(list(game_.players.values()))
    match, stored = uninterrupted(db_url, game_.table)
    by_number = {number: (seat, action) for number, seat, action, _id in stored}
    engine = match.game
    for version, seat, action in game_.acked:
        assert version in by_number, f"acknowledged move {version} is not stored"
        stored_seat, stored_action = by_number[version]
        assert stored_seat == seat
        assert engine.action_from_json(json.loads(stored_action)) == (
            engine.action_from_json(action)
        )
    for seat, events in game_.events.items():
        assert sorted(events) == list(range(1, len(events) + 1)), "a gap in what was sent"
        for seq, sent in events.items():
            assert seq <= match.seq, f"event {seq} was sent but is not in the stored game"
            assert sent["event"] == engine.event_to_json(engine.seen_by(match.log[seq - 1], seat))
    for seat, player in game_.players.items():
        assert player.seq == match.seq
        assert player.view == view_payload(match, seat)
    return match


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_kill_9_twice_mid_game_loses_nothing(
    kind: str, live_server: StartLiveServer, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Two players and an easy computer play a two-phase game (so it cannot end before the
    second kill, as a one-phase hand sometimes did); the server is killed after 12 moves and
    again at a random moment while moves are on their way; (a) and (b) of the module's
    docstring hold at the end of the game."""
    rng = random.Random(f"crash-{kind}")
    url = database_url(kind, tmp_path, request)
    server = live_server(url, extra_args=SERVE_ARGS)
    with httpx.Client(base_url=server.url, timeout=10, trust_env=False) as http:
        made = create_table(
            http, [PERSON, PERSON, {"kind": "bot", "level": "easy"}], variants=["n_phases=2"]
        )
        bob = join(http, made["table"], "Bob")
        start(http, made["table"], made["token"])
    game = Game(server, made["table"], {0: made["token"], 1: bob["token"]})
    game.connect()
    game.play_until(lambda: game.version >= 12, rng)
    game.crash()
    # The second kill comes from another thread at a random moment while the game goes on.
    later = game.version + rng.randint(5, 25)
    game.play_until(lambda: game.version >= later, rng)
    killer = threading.Timer(rng.uniform(0.0, 0.15), server.kill)
    killer.start()
    with pytest.raises(ConnectionClosed):
        game.play_until(lambda: False, rng, timeout=10)
    killer.join()
    game.crash()
    game.play_until(lambda: game.over, rng, timeout=300)
    assert game.restarts == 2
    match = check_against_database(game, url)
    assert match.is_over
    with httpx.Client(base_url=server.url, timeout=10, trust_env=False) as http:
        answer = http.get(f"/api/tables/{made['table']}/record")
        assert answer.status_code == 200, answer.text
        assert http.get(f"/api/tables/{made['table']}").json()["status"] == "over"
    record = read_record(answer.text)
    assert record.seed == match.seed
    assert record.actions == match.record.actions
    assert record.game.digest(record.replay()) == match.game.digest(match.state)
    game.close()


def test_kill_9_while_a_computer_thinks(live_server: StartLiveServer, tmp_path: Path) -> None:
    """The server dies while an expert computer is thinking (about a second); after
    the restart the computer is asked again, plays, and the game goes on with nothing lost."""
    rng = random.Random("expert")
    url = database_url("sqlite", tmp_path, None)
    server = live_server(url, extra_args=SERVE_ARGS)
    with httpx.Client(base_url=server.url, timeout=10, trust_env=False) as http:
        made = create_table(http, [PERSON, {"kind": "bot", "level": "expert"}])
        start(http, made["table"], made["token"])
    game = Game(server, made["table"], {0: made["token"]})
    game.connect()
    person = game.players[0]
    # Play until an action hands the turn to the expert, then kill it mid-thought. Not at the
    # first view (version 0): when the expert acts first it started thinking at the start,
    # while this client was still connecting, and may be about to answer.
    # A decision with nothing to weigh (a single legal action, or one the search finds forced)
    # is answered at once; the table's deal is random, so such a turn may come first. The
    # kill waits for a turn the expert is still thinking about 0.3 s in, among the first six.
    for _attempt in range(6):
        game.play_until(
            lambda: person.view is not None and person.version > 0 and person.view["current"] == 1,
            rng,
        )
        thinking_at = person.version
        time.sleep(0.3)
        pump([person])
        if person.version == thinking_at:
            break
    assert person.version == thinking_at, "the expert answered six turns at once"
    game.crash()
    person = game.players[0]
    game.play_until(lambda: person.version >= thinking_at + 6 and person.my_turn, rng, timeout=150)
    check_against_database(game, url)
    game.close()
