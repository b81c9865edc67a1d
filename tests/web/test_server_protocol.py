"""The WebSocket protocol against the real application on a real socket (uvicorn in a thread,
with ``phase10 serve``'s frame limit): authoritative and robust (the
server decides, a client's bad message changes nothing and never kills its connection, and
nothing a client reads shows the server's insides).
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from .serverkit import (
    InProcessServer,
    Player,
    closed,
    create_table,
    in_process_server,
    join,
    start,
)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[InProcessServer]:
    with in_process_server(tmp_path) as running:
        yield running


@pytest.fixture
def table(server: InProcessServer) -> dict[str, Any]:
    """A two-person Phase 10 table, started, nobody connected: the game waits for a person."""
    with server.http() as http:
        made = create_table(http, [{"kind": "person"}, {"kind": "person"}])
        other = join(http, made["table"], "Bob")
        start(http, made["table"], made["token"])
    return {"id": made["table"], "tokens": [made["token"], other["token"]]}


def to_act(server: InProcessServer, table: dict[str, Any]) -> Player:
    """A connection for the seat whose turn it is (the other seat is not connected)."""
    seat = server.hub.tables[table["id"]].match.to_act  # type: ignore[union-attr]
    player = Player(server.ws_url, table["id"], table["tokens"][seat])
    player.until(lambda m: m["type"] == "update")
    assert player.my_turn
    return player


def stored_moves(server: InProcessServer, table_id: str) -> int:
    stored = server.db().load(table_id)
    assert stored is not None
    return len(stored.moves)


def test_a_bad_token_is_refused_and_seats_nobody(
    server: InProcessServer, table: dict[str, Any]
) -> None:
    """A hello with a token that holds no seat here is refused and closed."""
    with Player(server.ws_url, table["id"], "not-a-token-of-this-table") as player:
        refusal = player.recv()
        assert refusal["type"] == "error"
        assert refusal["code"] == "bad_token"
        assert closed(player)
    # A token of another table does not seat anyone here either.
    with server.http() as http:
        other = create_table(http, [{"kind": "person"}, {"kind": "person"}])
    with Player(server.ws_url, table["id"], other["token"]) as player:
        assert player.recv()["code"] == "bad_token"
    assert not any(s["connected"] for s in server.hub.tables[table["id"]].lobby()["seats"])


def test_a_client_of_a_protocol_the_server_does_not_speak_is_told_so_in_its_language(
    server: InProcessServer, table: dict[str, Any]
) -> None:
    """A hello with a protocol version the server no longer or not yet speaks is refused
    with ``protocol_version``, a sentence in the connection's language that names the
    versions and says to update the program; the connection is closed and seats nobody. A
    hello that names no version is a client of the first version (before the presentation),
    which this server no longer serves."""
    for version in (None, 1, 3, 999):
        with Player(
            server.ws_url, table["id"], table["tokens"][0], protocol=version, lang="fr"
        ) as player:
            refusal = player.recv()
            assert refusal["code"] == "protocol_version"
            assert refusal["text"] == (
                f"Ce programme parle la version {version or 1} du protocole des tables et ce "
                "serveur seulement la version 2 : mettez le programme à jour pour jouer ici."
            )
            assert closed(player)
    assert not any(s["connected"] for s in server.hub.tables[table["id"]].lobby()["seats"])


def _last_update(player: Player) -> dict[str, Any]:
    """The latest update received (the server sends a move's updates before its ack)."""
    return next(m for m in reversed(player.messages) if m["type"] == "update")


def test_a_client_plays_from_the_presentation_alone(
    server: InProcessServer, table: dict[str, Any]
) -> None:
    """A client that reads only the presentation (no rules, no view) draws, then
    discards a card named in its moves: each move it sends is a presentation move's action,
    and the next presentation shows the card gone from the hand (P10-R13)."""
    with to_act(server, table) as player:
        shown = _last_update(player)["table"]
        draw = next(m for m in shown["moves"] if m["kind"] == "draw")
        assert player.act(draw["action"])["type"] == "ack"
        shown = _last_update(player)["table"]
        assert len(shown["hand"]) == 11
        discard = next(m for m in shown["moves"] if m["kind"] == "discard" and not m["target"])
        assert discard["label"] == f"Discard {discard['cards'][0]}"
        assert player.act(discard["action"])["type"] == "ack"
        after = _last_update(player)["table"]
        assert len(after["hand"]) == 10
        assert after["moves"] == []
        other = next(p["name"] for p in after["players"] if not p["you"])
        assert after["turn"] == f"It is {other}'s turn."


def test_a_move_typed_in_notation_is_read_by_the_server_and_refusals_say_why(
    server: InProcessServer, table: dict[str, Any]
) -> None:
    """A client that knows no rules sends what its player typed: the server reads the
    game's notation, plays a legal move, names what it cannot read (``bad_action``), and
    refuses a move the rules forbid with the rule's id (P10-R15: the hand does not hold the
    phase); refusals change nothing. Sending both forms at once is a bad message."""
    with to_act(server, table) as player:
        assert player.act(None, text="draw")["type"] == "ack"
        version = player.version
        unread = player.act(None, text="discard Q9")
        assert unread["code"] == "bad_action"
        assert "Q9" in unread["text"]
        refused = player.act(None, text="lay set R1 B1 G1 | set R2 B2 G2")
        assert refused["code"] == "illegal"
        assert refused["rule"] == "P10-R15"
        player.send(
            {
                "type": "act",
                "id": "both",
                "version": version,
                "action": {"type": "draw", "source": "draw_pile"},
                "text": "draw",
            }
        )
        both = player.until(lambda m: m["type"] == "error")
        assert both["code"] == "bad_message"
        assert "exactly one of action and text" in both["text"]
        player.drain()
        assert player.version == version
    assert stored_moves(server, table["id"]) == version == 1


def test_spectators_see_the_public_view_and_cannot_act(
    server: InProcessServer, table: dict[str, Any]
) -> None:
    """A spectator (hello without a token) gets the public view, no hand and no
    legal move, and its act is refused without changing the game."""
    with Player(server.ws_url, table["id"], None) as watcher:
        welcome = watcher.recv()
        assert welcome["type"] == "welcome"
        assert welcome["seat"] is None
        update = watcher.until(lambda m: m["type"] == "update")
        assert update["view"]["seat"] == -1
        assert update["view"]["hand"] == []
        assert update["view"]["legal"] == []
        answer = watcher.act({"type": "draw", "source": "draw_pile"}, version=0)
        assert answer["code"] == "spectator"
    assert stored_moves(server, table["id"]) == 0
    assert server.hub.tables[table["id"]].match.version == 0  # type: ignore[union-attr]


def test_a_stale_version_is_refused_and_changes_nothing(
    server: InProcessServer, table: dict[str, Any]
) -> None:
    """An act against an old version gets ``code: stale``; the game, the database
    and the player's view stay as they were."""
    with to_act(server, table) as player:
        first = player.act(player.view["legal"][0]["action"])  # type: ignore[index]
        assert first["type"] == "ack"
        before_view, before_version = player.view, player.version
        assert player.my_turn  # a draw: the same seat discards next
        answer = player.act(player.view["legal"][0]["action"], version=before_version - 1)  # type: ignore[index]
        assert answer["type"] == "error"
        assert answer["code"] == "stale"
        player.drain()
        assert (player.view, player.version) == (before_view, before_version)
    assert stored_moves(server, table["id"]) == before_version == 1


def test_a_resent_action_id_is_answered_as_a_duplicate_and_applied_once(
    server: InProcessServer, table: dict[str, Any]
) -> None:
    """The same action id sent twice is acknowledged twice, the second time with
    ``duplicate: true``, and the move is stored and applied once."""
    with to_act(server, table) as player:
        draw = player.view["legal"][0]["action"]  # type: ignore[index]
        version = player.version
        first = player.act(draw, version=version, action_id="move-1")
        again = player.act(draw, version=version, action_id="move-1")
        assert first["type"] == again["type"] == "ack"
        assert "duplicate" not in first
        assert again["duplicate"] is True
        assert again["version"] == first["version"] == version + 1
        player.drain()
        assert player.version == version + 1
    assert stored_moves(server, table["id"]) == 1


def _error_and_alive(player: Player, raw: str) -> dict[str, Any]:
    """Send ``raw``; the answer must be one error of one line, and a ping still answered."""
    player.send(raw)
    answer = player.until(lambda m: m["type"] == "error")
    assert "\n" not in answer["text"]
    player.send({"type": "ping"})
    player.until(lambda m: m["type"] == "pong")
    return answer


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        pytest.param("this is not json", "JSON object", id="not-json"),
        pytest.param("[1, 2, 3]", "JSON object", id="a-list"),
        pytest.param('"hello"', "JSON object", id="a-string"),
        pytest.param("null", "JSON object", id="null"),
        pytest.param('{"type": "dance"}', "type", id="unknown-type"),
        pytest.param('{"kind": "act"}', "type", id="no-type"),
        pytest.param(
            '{"type": "act", "id": 5, "version": "x", "action": []}', "id", id="wrong-types"
        ),
        pytest.param(
            '{"type": "act", "id": "a", "version": -3, "action": {}}', "version", id="negative"
        ),
        pytest.param('{"type": "ping", "extra": 1}', "extra", id="extra-field"),
        pytest.param("[" * 5000 + "]" * 5000, "JSON object", id="deep-list"),
        pytest.param(
            '{"type": "act", "id": "a", "version": 0, "action": '
            + '{"a": ' * 900
            + "1"
            + "}" * 900
            + "}",
            "",
            id="deep-action",
        ),
        pytest.param('{"type": "hello", "token": null}', "hello", id="hello-twice"),
    ],
)
def test_malformed_messages_get_one_line_and_the_connection_goes_on(
    server: InProcessServer, table: dict[str, Any], raw: str, words: str
) -> None:
    """Malformed JSON, wrong types, a non-object and deeply nested JSON each get a
    one-line error naming the fault; the connection keeps working and nothing is stored."""
    with to_act(server, table) as player:
        answer = _error_and_alive(player, raw)
        assert words in answer["text"]
        assert answer["code"] in ("bad_message", "bad_action")
    assert stored_moves(server, table["id"]) == 0


def test_a_binary_frame_is_read_like_text(server: InProcessServer, table: dict[str, Any]) -> None:
    """A binary frame (a client library's choice) is no reason to drop a player: a
    JSON one is read, anything else answered with a one-line error."""
    with to_act(server, table) as player:
        player.ws.send(json.dumps({"type": "ping"}).encode())
        player.until(lambda m: m["type"] == "pong")
        player.ws.send(b"\xff\xfe\x00garbage")
        assert player.until(lambda m: m["type"] == "error")["code"] == "bad_message"
        player.send({"type": "ping"})
        player.until(lambda m: m["type"] == "pong")


def test_a_20_kb_message_is_answered_too_big_and_a_huge_one_closes_cleanly(
    server: InProcessServer, table: dict[str, Any]
) -> None:
    """A 20 KB message (over the protocol's 16 KiB) gets the one-line ``too big``
    answer and the connection goes on; a frame over the WebSocket limit (64 KiB) is refused
    by the WebSocket layer with close code 1009, and the seat is free to reconnect."""
    with to_act(server, table) as player:
        big = json.dumps({"type": "act", "id": "a", "version": 0, "action": {"x": "y" * 20_000}})
        answer = _error_and_alive(player, big)
        assert answer["text"] == "That message is too long."
        player.send("z" * 100_000)
        with pytest.raises(ConnectionClosed) as gone:
            player.until(lambda _m: False, 5)
        assert gone.value.rcvd is not None
        assert gone.value.rcvd.code == 1009
    assert stored_moves(server, table["id"]) == 0
    with to_act(server, table) as again:
        assert again.act(again.view["legal"][0]["action"])["type"] == "ack"  # type: ignore[index]


def test_flooding_is_answered_too_fast_then_cut_off(
    server: InProcessServer, table: dict[str, Any]
) -> None:
    """Past the pace (40 messages in any second) each message is answered ``too_fast``
    and not read; a client that keeps flooding is disconnected (decision 0016)."""
    with to_act(server, table) as player:
        for _ in range(50):
            player.send({"type": "ping"})
        answers = [player.recv()["type"] for _ in range(50)]
        assert answers.count("pong") >= 40
        assert answers.count("error") >= 5
        assert all(m["code"] == "too_fast" for m in player.messages if m["type"] == "error")
        time.sleep(1.1)  # the window has moved on: the same connection is served again
        player.send({"type": "ping"})
        player.until(lambda m: m["type"] == "pong")
        with contextlib.suppress(ConnectionClosed):  # it may be cut off while sending
            for _ in range(100):
                player.send({"type": "ping"})
        assert closed(player)


def test_origins(server: InProcessServer, table: dict[str, Any]) -> None:
    """A page of another site may not open a player's socket (cross-site WebSocket
    hijacking); a page of this server may, and so may a client that sends no Origin (the
    terminal client, a bot)."""
    refused_origins: tuple[str, ...] = ("http://evil.example", "http://127.0.0.1:1", "null")
    for origin in refused_origins:
        with pytest.raises(InvalidStatus) as refused:
            Player(server.ws_url, table["id"], table["tokens"][0], origin=origin)
        assert refused.value.response.status_code == 403, origin
    accepted: tuple[str | None, ...] = (server.url, None)
    for allowed in accepted:
        with Player(server.ws_url, table["id"], table["tokens"][0], origin=allowed) as player:
            assert player.recv()["type"] == "welcome", allowed


def test_hello_must_come_first(server: InProcessServer, table: dict[str, Any]) -> None:
    """A connection whose first message is not a hello is refused with one line;
    so is a connection to a table that does not exist."""
    with connect(f"{server.ws_url}/ws/{table['id']}") as ws:
        ws.send(json.dumps({"type": "ping"}))
        refusal = json.loads(ws.recv(timeout=5))
        assert refusal["code"] == "bad_message"
        assert "hello" in refusal["text"]
    with connect(f"{server.ws_url}/ws/no-such-table") as ws:
        assert json.loads(ws.recv(timeout=5))["code"] == "no_table"


# --------------------------------------------------------------------------- fuzzing

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner),
    max_leaves=20,
)
_KEYS = st.sampled_from(
    ["type", "id", "version", "action", "token", "since", "name", "seats", "seat", "level"]
)
_MESSAGES = st.one_of(
    st.text(max_size=200),
    _JSON.map(json.dumps),
    st.dictionaries(_KEYS, _JSON, max_size=5).map(json.dumps),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["act", "hint", "ping", "hello"])},
        optional={"id": _JSON, "version": _JSON, "action": _JSON, "token": _JSON},
    ).map(json.dumps),
)
#: Messages one connection sends before the fuzzer opens another (under the rate limit's burst).
_PER_CONNECTION = 30


def test_fuzzed_socket_messages_never_leak_or_kill_the_connection(
    server: InProcessServer, table: dict[str, Any]
) -> None:
    """Random text and random JSON on a seated connection: every answer is a one-line
    message without a stack trace or a file path (``Player.recv`` checks each), and the
    connection keeps answering pings."""
    players = [to_act(server, table)]
    sent = [0]

    @settings(
        max_examples=100,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )
    @given(raw=_MESSAGES)
    def check(raw: str) -> None:
        if sent[0] >= _PER_CONNECTION:
            players[-1].close()
            players.append(to_act(server, table))
            sent[0] = 0
        player = players[-1]
        player.send(raw)
        player.send({"type": "ping"})
        sent[0] += 2
        player.until(lambda m: m["type"] == "pong")
        for message in player.messages:
            assert message["type"] != "error" or "\n" not in message["text"]
        player.messages.clear()

    try:
        check()
    finally:
        for player in players:
            player.close()
    # A random act may have been a legal move: whatever was played is stored, once.
    match = server.hub.tables[table["id"]].match
    assert match is not None
    assert stored_moves(server, table["id"]) == match.version
