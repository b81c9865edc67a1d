"""The turn timer of an online table (``turn_seconds``; ``phase10.web.turn_clock``).

A table may be made with 30, 60 or 120 seconds a turn, and nothing else. When a person's
time runs out the table's computer plays their turn and everyone is told; the second time in
a row the seat passes to a computer until the person acts again; a move of their own starts
the count again. Clients are sent the clock as seconds left. The tests shorten every wait
with the server's ``turn_clock_scale`` (30 seconds run in 3): the API still takes only the
documented values.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from phase10.web.db import Database, SeatRow, TableRow, sqlite_url
from phase10.web.hub import Hub
from phase10.web.protocol import CreateTable
from phase10.web.thinking import Thinker
from phase10.web.turn_clock import TAKE_OVER_AFTER

from .serverkit import InProcessServer, Player, create_table, in_process_server, start
from .test_protocol_schemas import _valid

PERSON = {"kind": "person"}
EASY = {"kind": "bot", "level": "easy"}
#: 30 seconds a turn, run in 3 s: time enough for a scripted player on a busy machine.
SCALE = 0.1
TURN = 30 * SCALE


def _timed_table(server: InProcessServer, turn_seconds: int | None = 30) -> dict[str, Any]:
    """Ann and an easy computer at a table with ``turn_seconds``, started."""
    with server.http() as http:
        made = create_table(http, [PERSON, EASY], turn_seconds=turn_seconds)
        start(http, made["table"], made["token"])
    return made


def _notice(player: Player, key: str, timeout: float = 10.0) -> dict[str, Any]:
    return player.until(lambda m: m["type"] == "notice" and m["key"] == key, timeout)


def _ann_turn_starts(ann: Player) -> dict[str, Any]:
    """Read on until Ann's time runs: the message that says so."""
    return ann.until(lambda m: (m.get("turn_clock") or {}).get("seat") == 0, 10)


def _ann_turns_ended(ann: Player) -> int:
    return sum(
        1
        for e in ann.events.values()
        if e["event"]["kind"] == "discarded" and e["event"]["seat"] == 0
    )


# ---------------------------------------------------------------------------- the setting


@pytest.mark.parametrize("value", [45, 0, -30, 3600, "30", True, 30.0])
def test_a_turn_timer_outside_the_offered_ones_is_refused(value: object) -> None:
    """Only 30, 60 and 120 seconds (or none) are a table's turn timer; anything else is
    refused with the field named, and a text that says what is allowed where it is a
    number of another value."""
    spec = {"name": "Ann", "seats": [PERSON, EASY], "turn_seconds": value}
    with pytest.raises(ValueError, match="turn_seconds") as refused:
        CreateTable.model_validate(spec)
    if isinstance(value, int) and not isinstance(value, bool):
        assert "one of 30, 60, 120 seconds, or null for none" in str(refused.value)
    for allowed in (30, 60, 120, None):
        assert CreateTable.model_validate({**spec, "turn_seconds": allowed}).turn_seconds == allowed


def test_the_server_refuses_a_bad_turn_timer_and_creates_nothing(tmp_path: Path) -> None:
    """A POST with ``turn_seconds: 45`` gets a 422 naming the field; no table is stored."""
    with in_process_server(tmp_path) as server, server.http() as http:
        answer = http.post(
            "/api/tables", json={"name": "Ann", "seats": [PERSON, EASY], "turn_seconds": 45}
        )
        assert answer.status_code == 422
        assert answer.json() == {
            "error": "turn_seconds: a turn timer is one of 30, 60, 120 seconds, or null for none"
        }
        assert server.db().table_ids("waiting") == []
        made = create_table(http, [PERSON, EASY], turn_seconds=60)
        assert made["lobby"]["turn_seconds"] == 60
        plain = create_table(http, [PERSON, EASY])
        assert plain["lobby"]["turn_seconds"] is None


# ---------------------------------------------------------------------------- running out


def test_a_person_who_does_nothing_has_their_turn_played_by_a_computer_and_is_told(
    tmp_path: Path,
) -> None:
    """Ann's update carries her clock (seconds left of the whole turn); she does nothing;
    when it runs out everyone is told, a computer plays her turn, and her next turn is hers
    again with the full time (one timeout does not give the seat away)."""
    with in_process_server(tmp_path, turn_clock_scale=SCALE) as server:
        made = _timed_table(server)
        with (
            Player(server.ws_url, made["table"], made["token"]) as ann,
            Player(server.ws_url, made["table"], None) as watching,
        ):
            begun = _ann_turn_starts(ann)
            started = time.monotonic()
            clock = begun["turn_clock"]
            assert clock["total"] == pytest.approx(TURN)
            assert 0 < clock["seconds_left"] <= TURN
            _valid(f"server-{begun['type']}", begun)  # the clock as published
            told = _notice(ann, "web.timed_out_you")
            # Not early: ``started`` is when this client read the update, which under load
            # trails the server's sending it (so the clock) by a few tenths of a second.
            assert time.monotonic() - started >= clock["seconds_left"] - 0.6
            for message in ann.messages:
                _valid("server-message", message)
            # To her, as hers; to the others, with her name.
            assert told["text"] == "Time ran out: a computer player plays this turn for you."
            assert all(m.get("key") != "web.timed_out" for m in ann.messages)
            others = _notice(watching, "web.timed_out")
            assert others["params"] == {"name": "Ann"}
            assert others["text"] == "Time ran out: a computer player plays Ann's turn."
            ann.until(lambda _m: _ann_turns_ended(ann) == 1)
            again = _ann_turn_starts(ann)
            assert again["turn_clock"]["seconds_left"] > TURN / 2
            assert ann.lobby is not None
            assert ann.lobby["seats"][0]["computer_playing"] is False
            assert ann.my_turn


@pytest.mark.parametrize("sent", ["act", "say"])
def test_two_timeouts_in_a_row_pass_the_seat_to_a_computer_until_the_person_acts(
    tmp_path: Path, sent: str
) -> None:
    """The second timeout in a row gives Ann's seat to a computer (the lobby says
    ``computer_playing``, everyone is told) and her turns go on without her clock; when she
    sends a move (or says something) again the seat is hers: the computer stops and her
    clock runs again."""
    assert TAKE_OVER_AFTER == 2
    with in_process_server(tmp_path, turn_clock_scale=SCALE) as server:
        made = _timed_table(server)
        with Player(server.ws_url, made["table"], made["token"]) as ann:
            _notice(ann, "web.timed_out_you")
            taken = _notice(ann, "web.timed_out_taken_over_you", timeout=15)
            assert taken["text"] == (
                "Time ran out again: a computer player plays for you until you are back; any "
                "move, hint or chat message of yours gives you your seat again."
            )
            ann.until(lambda m: m["type"] == "lobby" and m["lobby"]["seats"][0]["computer_playing"])
            # Her turns are played at once now: no clock of hers runs.
            since, ended = len(ann.messages), _ann_turns_ended(ann)
            ann.until(lambda _m: _ann_turns_ended(ann) >= ended + 2, 10)
            assert all(
                (m.get("turn_clock") or {}).get("seat") != 0
                for m in ann.messages[since:]
                if m["type"] in ("update", "lobby")
            )
            # She acts (whatever the answer: it may be the computer's turn), or chats: back.
            if sent == "act":
                ann.act({"type": "draw", "source": "draw_pile"})
            else:
                ann.send({"type": "say", "reaction": "gg"})
            ann.until(
                lambda m: m["type"] == "lobby" and not m["lobby"]["seats"][0]["computer_playing"]
            )
            back = _ann_turn_starts(ann)
            assert back["turn_clock"]["total"] == pytest.approx(TURN)
            assert back["turn_clock"]["seconds_left"] > TURN / 2
            version = ann.version
            ann.drain(TURN / 3)
            assert ann.version == version  # the game waits for her
            assert ann.my_turn


def test_a_move_of_ones_own_starts_the_count_again(tmp_path: Path) -> None:
    """Ann times out once, then plays a whole turn herself; her next timeout is a first
    one again: a computer plays that turn only, the seat stays hers."""
    # Her own turn must fit in her time however busy the machine: 30 seconds run in 6.
    with in_process_server(tmp_path, turn_clock_scale=2 * SCALE) as server:
        made = _timed_table(server)
        with Player(server.ws_url, made["table"], made["token"]) as ann:
            _notice(ann, "web.timed_out_you")
            # The computer finishes that turn (and the next one too when its discard is a
            # Skip, P10-R25: with two players Ann plays again at once).
            ann.until(lambda _m: _ann_turns_ended(ann) >= 1)
            discarded = False
            while not discarded:  # then a turn of her own: draw, then discard
                assert ann.view is not None
                if ann.my_turn:
                    legal = [item["action"] for item in ann.view["legal"]]
                    plain = [a for a in legal if a["type"] in ("draw", "discard")]
                    answer = ann.act(plain[0])
                    if answer["type"] == "ack":
                        discarded = plain[0]["type"] == "discard"
                    else:  # the computer finishing her turn moved first: look again
                        assert answer["code"] in ("stale", "not_your_turn"), answer
                else:
                    ann.recv()
            second = ann.until(
                lambda m: m["type"] == "notice" and m["key"].startswith("web.timed_out")
            )
            assert second["key"] == "web.timed_out_you"
            assert ann.lobby is not None
            assert ann.lobby["seats"][0]["computer_playing"] is False


def test_a_table_without_a_timer_never_times_out(tmp_path: Path) -> None:
    """With no ``turn_seconds`` the clock is never sent and the game waits for Ann for as
    long as she likes (here half as long again as a timed turn would last)."""
    with in_process_server(tmp_path, turn_clock_scale=SCALE) as server:
        made = _timed_table(server, turn_seconds=None)
        with Player(server.ws_url, made["table"], made["token"]) as ann:
            ann.until(lambda _m: ann.my_turn)
            version = ann.version
            ann.drain(1.5 * TURN)
            assert ann.version == version
            assert not [m for m in ann.messages if m["type"] == "notice"]
            assert all(
                m["turn_clock"] is None for m in ann.messages if m["type"] in ("update", "lobby")
            )


def test_the_turn_timer_waits_for_the_start_and_survives_a_restart(tmp_path: Path) -> None:
    """Before the start no clock runs. The setting is stored: after a restart the table
    still has its timer and the turn in play gets the full time again."""
    url = f"sqlite:///{tmp_path / 'timed.db'}"
    with (
        in_process_server(tmp_path, database=url, turn_clock_scale=SCALE) as server,
        server.http() as http,
    ):
        made = create_table(http, [PERSON, EASY], turn_seconds=30)
        with Player(server.ws_url, made["table"], made["token"]) as ann:
            ann.drain(1.5 * TURN)
            assert not [m for m in ann.messages if m["type"] == "notice"]
            assert all(m["turn_clock"] is None for m in ann.messages if m["type"] == "lobby")
        start(http, made["table"], made["token"])
    with in_process_server(tmp_path, database=url, turn_clock_scale=SCALE) as server:
        with server.http() as http:
            assert http.get(f"/api/tables/{made['table']}").json()["turn_seconds"] == 30
        with Player(server.ws_url, made["table"], made["token"]) as ann:
            clock = _ann_turn_starts(ann)["turn_clock"]
            assert clock["total"] == pytest.approx(TURN)
            assert clock["seconds_left"] > TURN / 2
            _notice(ann, "web.timed_out_you")


def test_a_rematch_keeps_the_turn_timer() -> None:
    """The owner's rematch of a timed table is timed alike, in memory and in the database."""

    async def rematch() -> tuple[int | None, int | None]:
        with Thinker(workers=0) as thinker:
            db = Database("sqlite://")
            hub = Hub(db, thinker, bot_delay=0)
            spec = CreateTable.model_validate(
                {"name": "Ann", "seats": [PERSON, EASY], "turn_seconds": 120}
            )
            old, token = await hub.create(spec)
            old.row = replace(old.row, status="over")  # as if its game had ended
            new, _token = await hub.rematch(old, token)
            stored = db.load(new.id)
            hub.close()
            return new.turn_seconds, None if stored is None else stored.turn_seconds

    assert asyncio.run(rematch()) == (120, 120)


def test_a_database_from_before_the_turn_timer_opens_and_keeps_its_tables(
    tmp_path: Path,
) -> None:
    """A database made before the timer (no ``table_options`` table) opens as it is: the
    table is added, the old tables have no timer, a new one keeps its own."""
    url = sqlite_url(str(tmp_path / "old.db"))
    seats = [SeatRow(0, "person", None, "Ann", "h0"), SeatRow(1, "bot", "easy", None, None)]
    old = Database(url)
    first = TableRow("t1", "ABCDEF", "phase10", "standard", 7, "waiting", 60, "hard")
    old.insert_table(first, seats)
    with old.engine.begin() as conn:
        conn.execute(text("DROP TABLE table_options"))
    old.close()
    again = Database(url)
    before = again.load("t1")
    assert before is not None
    assert before.turn_seconds is None
    row = TableRow("t2", "GHIJKL", "phase10", "standard", 8, "waiting", 60, "hard")
    again.insert_table(row, seats, turn_seconds=30)
    after = again.load("t2")
    assert after is not None
    assert after.turn_seconds == 30
    again.close()
