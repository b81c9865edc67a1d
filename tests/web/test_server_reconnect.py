"""Reconnecting. A client that comes back with the last sequence number
it saw gets exactly what it missed (no gap, no repeat) and the current view; a person who
drops is held for ``hold_seconds``, then a computer plays for them until they are back (who
are told first that the moves they missed said as theirs were the computer's), and from then
on the game waits for them again.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

from .serverkit import Player, create_table, in_process_server, join, play, pump, settled, start

PERSON = {"kind": "person"}
EASY = {"kind": "bot", "level": "easy"}


def test_a_client_back_with_since_gets_exactly_what_it_missed(tmp_path: Path) -> None:
    """Two connections hold Ann's seat; one drops after sequence number N and comes
    back with ``since: N``. Its first update holds the events N+1..M and nothing else
    (``Player`` fails on a gap or a repeat), its view is the one the other connection has,
    and over the whole game both connections saw the same events, seq by seq."""
    rng = random.Random(3)
    with in_process_server(tmp_path) as server, server.http() as http:
        made = create_table(http, [PERSON, PERSON, EASY])
        bob = join(http, made["table"], "Bob")
        start(http, made["table"], made["token"])
        table = made["table"]
        ann = Player(server.ws_url, table, made["token"])
        ann2 = Player(server.ws_url, table, made["token"])
        bob_ws = Player(server.ws_url, table, bob["token"])
        movers = {0: ann, 1: bob_ws}
        play(movers, rng, lambda: ann2.seq >= 12, watchers=(ann2,))
        dropped_at = ann2.seq
        ann2.close()
        play(movers, rng, lambda: ann.seq >= dropped_at + 15)
        back = Player(server.ws_url, table, made["token"], since=dropped_at, events=ann2.events)
        assert back.recv()["type"] == "welcome"
        first = back.until(lambda m: m["type"] == "update")
        assert [e["seq"] for e in first["events"]] == list(range(dropped_at + 1, first["seq"] + 1))
        # Another connection held the seat: nobody played for Ann.
        assert all(m.get("key") != "web.played_for_you" for m in back.messages)
        settled([ann, bob_ws, back])
        assert first["view"] == ann.views[first["seq"]]
        assert back.view == ann.view
        play(
            movers,
            rng,
            lambda: back.seq >= ann.seq + 10 or back.seq > dropped_at + 40,
            watchers=(back,),
        )
        settled([ann, back])
        assert back.events == ann.events
        assert back.view == ann.view
        assert sorted(ann.events) == list(range(1, ann.seq + 1))
        for player in (ann, bob_ws, back):
            player.close()


def test_a_dropped_person_is_held_then_played_by_a_computer_until_back(tmp_path: Path) -> None:
    """With ``hold_seconds: 1``, Ann drops on her turn; the game waits for her for
    the hold, then the lobby says ``computer_playing`` and her seat moves; once she is back
    (with her last seq) the computer stops and the game waits for her again."""
    rng = random.Random(5)
    with in_process_server(tmp_path) as server, server.http() as http:
        made = create_table(http, [PERSON, PERSON, EASY], hold_seconds=1)
        assert made["lobby"]["hold_seconds"] == 1
        bob = join(http, made["table"], "Bob")
        start(http, made["table"], made["token"])
        table = made["table"]
        ann = Player(server.ws_url, table, made["token"])
        bob_ws = Player(server.ws_url, table, bob["token"])
        # Play until it is Ann's turn, then she drops.
        play({1: bob_ws}, rng, lambda: ann.my_turn, watchers=(ann,))
        waiting_at = ann.version
        ann.close()
        dropped = time.monotonic()
        left = bob_ws.until(
            lambda m: m["type"] == "lobby" and not m["lobby"]["seats"][0]["connected"]
        )
        assert left["lobby"]["seats"][0]["computer_playing"] is False
        # Held: nothing moves while the seat waits (well inside the 1 s hold).
        bob_ws.drain(0.6 - (time.monotonic() - dropped))
        assert bob_ws.version == waiting_at
        taken = bob_ws.until(
            lambda m: m["type"] == "lobby" and m["lobby"]["seats"][0]["computer_playing"], 5
        )
        assert time.monotonic() - dropped >= 0.9
        assert taken["lobby"]["seats"][0]["connected"] is False

        # The computer plays Ann's turns (Bob plays his) for two of her turns.
        def ann_moves() -> int:
            return sum(
                1
                for e in bob_ws.events.values()
                if e["event"]["kind"] == "discarded" and e["event"]["seat"] == 0
            )

        before = ann_moves()
        play({1: bob_ws}, rng, lambda: ann_moves() >= before + 2)
        # Ann comes back with the last seq she saw.
        ann = Player(server.ws_url, table, made["token"], since=ann.seq, events=ann.events)
        welcome = ann.recv()
        assert welcome["type"] == "welcome"
        assert welcome["lobby"]["seats"][0]["computer_playing"] is False
        ann.until(lambda m: m["type"] == "update")
        # Her catch-up says "You drew ..." for the computer's moves: she is told so first.
        told = [m.get("key", m["type"]) for m in ann.messages]
        assert told.index("web.played_for_you") < told.index("update")
        back = bob_ws.until(lambda m: m["type"] == "notice" and m["key"] == "web.back")
        assert back["params"] == {"name": "Ann"}
        # The game waits for her again: on her turn nothing moves until she acts.
        play({1: bob_ws}, rng, lambda: ann.my_turn, watchers=(ann,))
        version = ann.version
        bob_ws.drain(1.5)  # longer than the hold: no computer steps in for a connected person
        pump([ann])
        assert ann.version == bob_ws.version == version
        assert ann.my_turn
        assert ann.act(ann.view["legal"][0]["action"])["type"] == "ack"  # type: ignore[index]
        for player in (ann, bob_ws):
            player.close()


def test_a_person_not_connected_as_the_game_starts_is_held_then_played_for(
    tmp_path: Path,
) -> None:
    """Bob joined and left before the start, Cy joined and never connected: as the game
    starts both seats are held for ``hold_seconds`` like a dropped person's, then a
    computer plays them, so Ann's game goes round instead of waiting on Bob for ever."""
    rng = random.Random(7)
    with in_process_server(tmp_path) as server, server.http() as http:
        made = create_table(http, [PERSON, PERSON, PERSON], hold_seconds=1)
        table = made["table"]
        bob = join(http, table, "Bob")
        join(http, table, "Cy")
        Player(server.ws_url, table, bob["token"]).close()
        ann = Player(server.ws_url, table, made["token"])
        ann.until(lambda m: m["type"] == "welcome")
        start(http, table, made["token"])
        started = time.monotonic()
        taken = ann.until(
            lambda m: (
                m["type"] == "lobby" and all(s["computer_playing"] for s in m["lobby"]["seats"][1:])
            ),
            5,
        )
        assert time.monotonic() - started >= 0.9
        assert [s["connected"] for s in taken["lobby"]["seats"]] == [True, False, False]

        def discards(seat: int) -> int:
            return sum(
                1
                for e in ann.events.values()
                if e["event"]["kind"] == "discarded" and e["event"]["seat"] == seat
            )

        play({0: ann}, rng, lambda: discards(1) >= 2 and discards(2) >= 2)
        ann.close()
