"""Limits per client address and the pace of messages, against the real application on a real
socket (decision 0016; ``phase10.web.guard``, docs/protocol.md *Limits*): refusals are HTTP
429 with ``Retry-After``, or a WebSocket close 1008 with its reason; the errors that explain a
close arrive before it; strikes are forgotten, so a client under the average pace is never
closed; and a real game plays through under the default limits.

Every client of these tests comes from 127.0.0.1, so all of them share one address.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from phase10.cli.main import main
from phase10.kernel.i18n import translator
from phase10.web.guard import TEXTS, Limits, close_reason

from .serverkit import (
    InProcessServer,
    Player,
    closed,
    create_table,
    in_process_server,
    join,
    play,
    start,
)

PERSON = {"kind": "person"}
EASY = {"kind": "bot", "level": "easy"}


@contextlib.contextmanager
def serving(tmp_path: Path, **limits: Any) -> Iterator[InProcessServer]:
    """A server whose limits are the defaults but for ``limits``."""
    with in_process_server(tmp_path, limits=Limits(**limits)) as server:
        yield server


def refused_429(answer: Any, key: str, lang: str = "en") -> None:
    """``answer`` is the refusal ``key`` of a limit: 429, a ``Retry-After`` of whole
    seconds, the usual one-line JSON error in the reader's language."""
    assert answer.status_code == 429, answer.text
    assert 1 <= int(answer.headers["retry-after"]) <= 3600
    assert answer.json() == {"error": translator(lang).gettext(TEXTS[key])}


def refused_1008(ws: ClientConnection, key: str, lang: str = "en") -> None:
    """The server closes ``ws`` with 1008 and the reason ``key`` in ``lang``, unprompted or
    after its hello, without a message before."""
    with pytest.raises(ConnectionClosed) as gone:  # a message first: "DID NOT RAISE"
        ws.recv(timeout=5)
    assert gone.value.rcvd is not None, "the server sent no close frame"
    assert gone.value.rcvd.code == 1008
    assert gone.value.rcvd.reason == close_reason(key, lang)


def hello(ws: ClientConnection, token: str | None) -> None:
    ws.send(json.dumps({"type": "hello", "token": token, "since": -1, "protocol": 2}))


def waiting_table(server: InProcessServer) -> dict[str, Any]:
    """A two-person table, not started, both seats taken: acts are answered ``not_started``
    (a cheap answer that names the act's id)."""
    with server.http() as http:
        made = create_table(http, [PERSON, PERSON])
        other = join(http, made["table"], "Bob")
    return {"id": made["table"], "tokens": [made["token"], other["token"]]}


# --------------------------------------------------------------------------- HTTP


def test_tables_created_past_the_limit_are_refused_429_and_make_nothing(tmp_path: Path) -> None:
    """Decision 0016: an address creates at most so many tables (``POST /api/tables`` and
    ``POST /api/quick`` together); past that, 429 in the reader's language, no table made."""
    with serving(tmp_path, tables="3/hour") as server, server.http() as http:
        create_table(http, [PERSON, EASY])
        create_table(http, [PERSON, PERSON])
        quick = http.post("/api/quick", json={"name": "Cleo"})
        assert quick.status_code == 201, quick.text
        made = set(server.db().table_ids("waiting"))
        body = {"name": "Dan", "seats": [PERSON, EASY]}
        refused_429(http.post("/api/tables", json=body), "tables")
        refused_429(
            http.post("/api/quick", json={"name": "Eve"}, headers={"accept-language": "fr"}),
            "tables",
            "fr",
        )
        refused_429(http.post("/api/tables?lang=de", json=body), "tables", "de")
        assert set(server.db().table_ids("waiting")) == made


def test_code_look_ups_that_miss_are_limited_then_every_look_up_is_refused(
    tmp_path: Path,
) -> None:
    """Decision 0016: look-ups of codes no table has are counted per address (guessing
    codes); past the limit every look-up is refused, the API's with a JSON 429 and the
    ``/join/<code>`` page with a page of its own. Look-ups that find a table are not
    counted: a player following links never uses the allowance up."""
    with serving(tmp_path, code_misses="3/hour") as server, server.http() as http:
        code = create_table(http, [PERSON, PERSON])["code"]
        for _ in range(5):
            assert http.get(f"/api/codes/{code}").status_code == 200
        assert http.get("/api/codes/AAAAAA").status_code == 404
        assert http.get("/join/AAAAAB").status_code == 404
        assert http.get("/api/codes/AAAAAC").status_code == 404
        refused_429(http.get("/api/codes/AAAAAD"), "codes")
        refused_429(http.get(f"/api/codes/{code}?lang=nl"), "codes", "nl")
        page = http.get(f"/join/{code}", follow_redirects=False)
        assert page.status_code == 429
        assert int(page.headers["retry-after"]) >= 1
        assert page.headers["content-type"].startswith("text/html")
        # Titled as the refusal it is: the table may well exist.
        assert "<title>Too many tries · Phase 10</title>" in page.text
        assert "Not found" not in page.text


def test_the_terminal_client_refused_by_a_limit_says_when_to_try_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``phase10 join`` past the limit on wrong codes says the server's refusal and the
    wait its ``Retry-After`` gives (an hour's limit: about 60 minutes), not only "later"."""
    monkeypatch.setenv("PHASE10_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("LANGUAGE", "en")
    with serving(tmp_path, code_misses="1/hour") as server:
        join = ["join", "--server", server.url, "--name", "Bob"]
        assert main([*join, "AAAAAA"]) == 2
        assert "no table has the code" in capsys.readouterr().err
        assert main([*join, "AAAAAB"]) == 2
        err = capsys.readouterr().err
    assert err.startswith("phase10: error: Too many invite codes")
    assert re.search(r"try again later\. \(try again in (59|60) minutes\)\n$", err), err
    assert err.count("\n") == 1


# --------------------------------------------------------------------------- connections


def welcomed_within(server: InProcessServer, table: str, seconds: float) -> bool:
    """Whether a spectator's connection is let in within ``seconds`` (the server notices a
    closed connection a moment after the client has closed it)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(ConnectionClosed), Player(server.ws_url, table, None) as again:
            again.until(lambda m: m["type"] == "welcome")
            return True
        time.sleep(0.05)
    return False


def test_connections_past_the_limit_per_address_are_closed_1008_with_a_reason(
    tmp_path: Path,
) -> None:
    """Decision 0016: an address holds at most so many connections at once; one more is
    closed with 1008 and the reason, in its language, before its hello is read; once one
    has closed, a new one is let in."""
    with serving(tmp_path, connections=3) as server:
        table = waiting_table(server)
        url = f"{server.ws_url}/ws/{table['id']}"
        held = [Player(server.ws_url, table["id"], None) for _ in range(3)]
        try:
            for player in held:
                player.until(lambda m: m["type"] == "welcome")
            with connect(f"{url}?lang=fr") as extra:
                refused_1008(extra, "address", "fr")
            held.pop().close()
            assert welcomed_within(server, table["id"], 5.0), "no room after one closed"
        finally:
            for player in held:
                player.close()


def test_connections_past_the_limit_per_table_are_closed_1008_with_a_reason(
    tmp_path: Path,
) -> None:
    """Decision 0016: a table takes so many spectators, and a seat so many connections, at
    once; one more is closed with 1008 after its hello, and the table's other connections
    hear nothing of it. Spectators never keep a player from their seat."""
    with serving(tmp_path, spectators=2, per_seat=1) as server:
        table = waiting_table(server)
        url = f"{server.ws_url}/ws/{table['id']}"
        watchers = [Player(server.ws_url, table["id"], None) for _ in range(2)]
        with contextlib.ExitStack() as stack:
            for watcher in watchers:
                stack.callback(watcher.close)
                watcher.until(lambda m: m["type"] == "welcome")
            with connect(url) as third:
                hello(third, None)
                refused_1008(third, "spectators")
            ann = stack.enter_context(Player(server.ws_url, table["id"], table["tokens"][0]))
            assert ann.until(lambda m: m["type"] == "welcome")["seat"] == 0
            with connect(f"{url}?lang=de") as twice:
                hello(twice, table["tokens"][0])
                refused_1008(twice, "seat", "de")
            live = server.hub.tables[table["id"]]
            assert len(live.spectators) == 2
            assert len(live.seats[0].clients) == 1


# --------------------------------------------------------------------------- message pace


def test_a_flood_gets_its_too_fast_errors_with_ids_before_a_1008_close(tmp_path: Path) -> None:
    """Decision 0016, docs/protocol.md *Limits*: 2,000 messages in a burst. The first 40
    are answered; each one after is refused ``too_fast`` naming its id, and at the 51st
    strike the connection is closed with 1008 and a reason; the errors that explain the close
    arrive before it, in order."""
    with in_process_server(tmp_path) as server:
        table = waiting_table(server)
        ann = Player(server.ws_url, table["id"], table["tokens"][0])
        ann.until(lambda m: m["type"] == "welcome")
        ann.drain(0.2)
        ann.messages.clear()
        with contextlib.suppress(ConnectionClosed):  # it may be closed while sending
            for number in range(2000):
                ann.send({"type": "act", "id": f"m{number}", "version": 0, "action": {}})
        with pytest.raises(ConnectionClosed) as gone:
            ann.until(lambda _m: False, 10)
        assert gone.value.rcvd is not None
        assert gone.value.rcvd.code == 1008
        assert gone.value.rcvd.reason == close_reason("flood", "en")
        errors = [m for m in ann.messages if m["type"] == "error"]
        answered = [m["id"] for m in errors if m["code"] == "not_started"]
        too_fast = [m["id"] for m in errors if m["code"] == "too_fast"]
        assert answered == [f"m{n}" for n in range(40)]
        assert too_fast == [f"m{n}" for n in range(40, 91)]
        assert all(m["text"] == "Too many messages; wait a moment." for m in errors[40:])


def test_bursts_under_the_average_pace_never_close_the_connection(tmp_path: Path) -> None:
    """Decision 0016: strikes are forgotten. Bursts of 45 pings every 3 seconds (15 a
    second, under the average of 20) get 5 ``too_fast`` each, burst after burst, and the
    connection stays open: the strikes of one burst are gone before they add up."""
    with in_process_server(tmp_path) as server:
        table = waiting_table(server)
        ann = Player(server.ws_url, table["id"], table["tokens"][0])
        ann.until(lambda m: m["type"] == "welcome")
        ann.drain(0.2)
        next_burst = time.monotonic()
        for burst in range(5):
            time.sleep(max(0.0, next_burst - time.monotonic()))
            next_burst += 3.0
            ann.messages.clear()
            for _ in range(45):
                ann.send({"type": "ping"})
            answers = [
                ann.until(lambda m: m["type"] in ("pong", "error"))["type"] for _ in range(45)
            ]
            assert answers.count("pong") == 40, (burst, answers)
            assert answers.count("error") == 5
        time.sleep(max(0.0, next_burst - time.monotonic()))
        ann.send({"type": "ping"})
        assert ann.until(lambda m: m["type"] in ("pong", "error"))["type"] == "pong"
        assert not closed(ann, 0.2)
        ann.close()


def test_a_real_game_plays_through_under_the_default_limits(tmp_path: Path) -> None:
    """The default limits leave real play alone: two people and a spectator play a short
    game to its end, moves as fast as a script sends them, no connection closed."""
    with in_process_server(tmp_path) as server, server.http() as http:
        made = create_table(http, [PERSON, PERSON, EASY], variants=["n_phases=1"])
        bob = join(http, made["table"], "Bob")
        start(http, made["table"], made["token"])
        with (
            Player(server.ws_url, made["table"], made["token"]) as ann_ws,
            Player(server.ws_url, made["table"], bob["token"]) as bob_ws,
            Player(server.ws_url, made["table"], None) as watcher,
        ):
            play(
                {0: ann_ws, 1: bob_ws},
                random.Random(7),
                lambda: ann_ws.over and bob_ws.over,
                watchers=(watcher,),
                timeout=120,
            )
            watcher.drain(0.2)
            assert watcher.result is not None
            assert not closed(ann_ws, 0.1)
