"""The published protocol (``docs/protocol.md``, ``docs/schema/protocol``) is what the server
speaks: the client schemas are the pydantic models' own, and every message a real server sends
in real games validates against the hand-written server schemas.

The server runs in process (Starlette's test client, computers thinking in threads, no pause
between their moves); the seats and moves go through the same HTTP and WebSocket routes a
browser or ``phase10 join`` uses.
"""

from __future__ import annotations

import importlib.util
import json
import re
import time
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from starlette.testclient import TestClient, WebSocketTestSession

from phase10.table.notices import NOTICES
from phase10.web.app import create_app
from phase10.web.db import Database
from phase10.web.guard import Limits
from phase10.web.thinking import Thinker

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "docs" / "schema"
PROTOCOL = SCHEMAS / "protocol"
Message = dict[str, Any]


def _script() -> Any:
    spec = importlib.util.spec_from_file_location(
        "protocol_schemas", ROOT / "scripts" / "protocol_schemas.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@cache
def _validators() -> dict[str, Draft202012Validator]:
    paths = [*SCHEMAS.glob("*.schema.json"), *PROTOCOL.glob("*.schema.json")]
    schemas = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in paths}
    registry: Registry[Any] = Registry().with_resources(
        (s["$id"], Resource.from_contents(s)) for s in schemas.values()
    )
    out = {}
    for name, schema in schemas.items():
        Draft202012Validator.check_schema(schema)
        out[name.removesuffix(".schema.json")] = Draft202012Validator(schema, registry=registry)
    return out


def _valid(name: str, data: object) -> None:
    error = next(_validators()[name].iter_errors(data), None)
    assert error is None, f"{name}: {error.message} at {list(error.absolute_path)}"


# ---------------------------------------------------------------------------- the files


def test_client_schemas_are_generated_from_the_models() -> None:
    """docs/protocol.md, "Schemas": the committed client and body schemas are exactly what
    scripts/protocol_schemas.py generates from phase10.web.protocol (they cannot drift)."""
    script = _script()
    generated = script.schemas()
    for name, schema in generated.items():
        committed = json.loads((PROTOCOL / name).read_text(encoding="utf-8"))
        # What the schema says, not the bytes: pydantic's made-up titles and the file's
        # layout may change with its version, what a message may hold may not.
        assert script.meaning(committed) == script.meaning(schema), (
            f"{name} is stale: run the script"
        )
    on_disk = {p.name for p in PROTOCOL.glob("client-*.schema.json")}
    assert on_disk == {n for n in generated if n.startswith("client-")}


def test_every_schema_is_valid_and_every_reference_resolves() -> None:
    """Each file is a draft 2020-12 schema whose $id is its path; a sample of each client
    message validates (so every $ref, into ../*.schema.json too, resolves)."""
    validators = _validators()
    for path in PROTOCOL.glob("*.schema.json"):
        schema = json.loads(path.read_text(encoding="utf-8"))
        assert schema["$id"].endswith("/schema/protocol/" + path.name)
    samples: list[Message] = [
        {"type": "hello", "token": "abc", "since": 12},
        {"type": "hello"},
        {
            "type": "act",
            "id": "a1",
            "version": 3,
            "action": {"type": "draw", "source": "draw_pile"},
        },
        {"type": "hint", "id": "h1"},
        {"type": "ping"},
        {"type": "say", "id": "c1", "reaction": "gg"},
        {"type": "say", "text": "Nice one"},
    ]
    for sample in samples:
        _valid("client-message", sample)
        _valid(f"client-{sample['type']}", sample)
    assert not validators["client-message"].is_valid({"type": "act", "id": "", "version": 0})
    assert not validators["server-message"].is_valid({"type": "pong", "extra": 1})


def test_the_error_codes_and_notice_keys_are_the_servers() -> None:
    """docs/protocol.md, "Errors": the error schema lists every code a table sends (found in
    the server's and the tables' source), and every notice key fits the notice schema."""
    folders = (ROOT / "src/phase10/web", ROOT / "src/phase10/table")
    source = "\n".join(
        p.read_text(encoding="utf-8") for folder in folders for p in folder.glob("*.py")
    )
    used = set(re.findall(r'error_payload\(\s*"(\w+)"', source))
    used |= set(re.findall(r'_refuse\(\s*websocket,\s*"(\w+)"', source))
    used |= set(re.findall(r'self\._error\(\s*client,\s*"(\w+)"', source))
    used |= set(re.findall(r'refusal\(\s*"(\w+)"', source))
    used |= set(re.findall(r'ChatRefusedError\(\s*"(\w+)"', source))
    schema = json.loads((PROTOCOL / "server-error.schema.json").read_text(encoding="utf-8"))
    assert used == set(schema["properties"]["code"]["enum"])
    for key in NOTICES:
        _valid("server-notice", {"type": "notice", "key": key, "params": {}, "text": "x"})


# ---------------------------------------------------------------------------- a real server


class Seat:
    """One WebSocket connection that validates every message it receives and keeps them."""

    def __init__(self, ws: WebSocketTestSession, seen: list[Message]) -> None:
        self.ws = ws
        self.seen = seen
        self.view: Message | None = None
        self.kinds: set[str] = set()
        self.seq = -1

    def send(self, message: Message) -> None:
        _valid("client-message", message)
        self.ws.send_json(message)

    def receive(self) -> Message:
        message: Message = self.ws.receive_json()
        kind = message["type"]
        # Each kind's first message also against the union a client would switch on (an
        # update is costly to validate: the others only against their own schema).
        _valid("server-message" if kind not in self.kinds else f"server-{kind}", message)
        self.kinds.add(kind)
        self.seen.append(message)
        if message["type"] == "update":
            # docs/protocol.md, "Order": the events follow on from the last update's, one by one.
            numbers = [entry["seq"] for entry in message["events"]]
            if self.seq >= 0:
                assert numbers == list(range(self.seq + 1, message["seq"] + 1)), numbers
            self.seq = message["seq"]
            self.view = message["view"]
        return message

    def until(self, wanted: Callable[[Message], bool], limit: int = 500) -> Message:
        for _ in range(limit):
            message = self.receive()
            if wanted(message):
                return message
        raise AssertionError("the server never sent the message waited for")

    def my_turn(self) -> Message:
        """The latest view if this seat has a move to make in it, else the next such view."""
        if self.view is not None and self.view["legal"]:
            return self.view
        update = self.until(lambda m: m["type"] == "update" and bool(m["view"]["legal"]))
        return dict(update["view"])


def _first(kind: str) -> Callable[[Message], bool]:
    return lambda m: m["type"] == kind


def _choose(view: Message) -> Message:
    """A quick way to finish a game: lay down or hit when possible, else draw or discard."""
    legal = view["legal"]
    for verb in ("lay", "reveal", "hit", "extend", "meld"):
        for option in legal:
            if option["text"].startswith(verb + " "):
                return dict(option["action"])
    return dict(legal[0]["action"] if view["stage"] == "draw" else legal[-1]["action"])


@pytest.fixture
def server() -> Iterator[TestClient]:
    with (
        Thinker(workers=0) as thinker,
        TestClient(create_app(Database("sqlite://"), thinker, bot_delay=0)) as http,
    ):
        yield http


@pytest.fixture
def unpaced() -> Iterator[TestClient]:
    """A server whose pace of messages no test client can reach: a test that plays as fast
    as the server answers sends over 40 messages a second on a quiet machine, faster than
    any person (the pace itself is ``test_refusals_fit_the_schemas``'s)."""
    limits = Limits(messages="1000/second")
    with (
        Thinker(workers=0) as thinker,
        TestClient(create_app(Database("sqlite://"), thinker, bot_delay=0, limits=limits)) as http,
    ):
        yield http


def _create(http: TestClient, game: str, seats: list[Message], **extra: Any) -> Message:
    body = {"game": game, "name": "Ann", "seats": seats, **extra}
    _valid("body-create-table", body)
    answer = http.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    created: Message = answer.json()
    _valid("http-created", created)
    return created


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.mark.parametrize("game", ["phase10", "programmes"])
def test_a_whole_game_against_a_computer_fits_the_schemas(unpaced: TestClient, game: str) -> None:
    """docs/protocol.md, "A session": a person and a computer play over the WebSocket (a
    one-phase Phase 10 game to its end and its rematch; 60 moves of the programmes game); every
    message both ways fits its schema, and so do the HTTP answers."""
    server = unpaced
    variants = ["n_phases=1"] if game == "phase10" else []
    limit = None if game == "phase10" else 60
    seats = [{"kind": "person"}, {"kind": "bot", "level": "easy"}]
    created = _create(server, game, seats, variants=variants)
    table, token = created["table"], created["token"]
    _valid("lobby", server.get(f"/api/tables/{table}").json())
    _valid("lobby", server.get(f"/api/codes/{created['code'].lower()}").json())
    seen: list[Message] = []
    with server.websocket_connect(f"/ws/{table}?lang=fr") as ws:
        ann = Seat(ws, seen)
        ann.send({"type": "hello", "token": token, "since": -1, "protocol": 2})
        assert ann.receive()["type"] == "welcome"
        ann.send({"type": "act", "id": "early", "version": 0, "action": {"type": "draw"}})
        assert ann.until(_first("error"))["code"] == "not_started"
        started = server.post(f"/api/tables/{table}/start", headers=_bearer(token))
        assert started.status_code == 200
        _valid("lobby", started.json())
        ann.send({"type": "ping"})
        ann.until(_first("pong"))
        moves = 0
        acked = ""
        while True:
            # The update a move causes comes before its ack: it may be this seat's turn still.
            if ann.view is None or not (ann.view["legal"] or ann.view["outcome"]):
                ann.until(
                    lambda m: m["type"] == "update" and bool(m["view"]["legal"] or m["result"])
                )
            view = ann.view
            assert view is not None
            if view["outcome"] is not None or moves == limit:
                break
            if moves == 0:
                # At the first move: the table's deal is random, and a computer thrown
                # Skips at the person can go out of a one-phase game before their third.
                ann.send({"type": "hint", "id": "h1"})
                ann.until(_first("hint"))
            acked = f"m{moves}"
            ann.send(
                {"type": "act", "id": acked, "version": view["version"], "action": _choose(view)}
            )
            answer = ann.until(lambda m: m["type"] in ("ack", "error"))
            assert answer["type"] == "ack", answer
            moves += 1
        # The same id again is answered, not played again.
        ann.send({"type": "act", "id": acked, "version": 0, "action": {"type": "draw"}})
        assert ann.until(_first("ack")).get("duplicate") is True
        if limit is not None:
            return  # the programmes game is long: its messages are checked, not its end
        ann.send({"type": "act", "id": "late", "version": 0, "action": {"type": "draw"}})
        assert ann.until(_first("error"))["code"] == "game_over"
        rematch = server.post(f"/api/tables/{table}/rematch", headers=_bearer(token))
        assert rematch.status_code == 201
        _valid("http-rematch", rematch.json())
        assert ann.until(_first("rematch"))["table"] == rematch.json()["table"]
    record = server.get(f"/api/tables/{table}/record")
    assert record.status_code == 200
    kinds = {m["type"] for m in seen}
    assert kinds >= {"welcome", "lobby", "update", "notice", "ack", "error", "hint", "rematch"}
    assert {"pong"} <= kinds


def test_refusals_fit_the_schemas(server: TestClient) -> None:
    """docs/protocol.md, "Errors": each refusal a client can meet is an error message with its
    code (bad_message, bad_token, no_table, spectator, not_your_turn, stale, illegal with its
    rule id, bad_action, too_fast) or an HTTP error body."""
    seats = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "level": "easy"}]
    created = _create(server, "phase10", seats)
    table, ann_token = created["table"], created["token"]
    body = {"name": "Bob"}
    _valid("body-join-table", body)
    joined = server.post(f"/api/tables/{table}/join", json=body)
    assert joined.status_code == 201
    _valid("http-joined", joined.json())
    bob_token = joined.json()["token"]
    for answer in (
        server.post(f"/api/tables/{table}/join", json={"name": "Cid"}),  # every seat taken
        server.post(f"/api/tables/{table}/start", headers=_bearer(bob_token)),  # not the owner
        server.post(f"/api/tables/{table}/start"),  # no token
        server.get("/api/codes/ZZZZZZ"),
        server.post("/api/tables", json={"name": "", "seats": []}),
    ):
        assert answer.status_code >= 400
        _valid("http-error", answer.json())
    assert server.post(f"/api/tables/{table}/start", headers=_bearer(ann_token)).status_code == 200

    seen: list[Message] = []
    with server.websocket_connect("/ws/nosuchtable") as ws:
        nobody = Seat(ws, seen)
        nobody.send({"type": "hello", "protocol": 2})
        assert nobody.receive()["code"] == "no_table"
    with server.websocket_connect(f"/ws/{table}") as ws:
        thief = Seat(ws, seen)
        thief.send({"type": "hello", "token": "not-a-token", "protocol": 2})
        assert thief.receive()["code"] == "bad_token"
    with server.websocket_connect(f"/ws/{table}") as ws:
        ws.send_text("hello?")
        assert Seat(ws, seen).receive()["code"] == "bad_message"
    with (
        server.websocket_connect(f"/ws/{table}?lang=de") as ws_ann,
        server.websocket_connect(f"/ws/{table}?lang=nl") as ws_bob,
        server.websocket_connect(f"/ws/{table}") as ws_watcher,
    ):
        ann, bob, watcher = Seat(ws_ann, seen), Seat(ws_bob, seen), Seat(ws_watcher, seen)
        ann.send({"type": "hello", "token": ann_token, "protocol": 2})
        bob.send({"type": "hello", "token": bob_token, "protocol": 2})
        watcher.send({"type": "hello", "token": None, "protocol": 2})
        assert watcher.until(_first("welcome"))["seat"] is None
        watcher.until(_first("update"))
        watcher.send({"type": "act", "id": "w1", "version": 0, "action": {"type": "draw"}})
        assert watcher.until(_first("error"))["code"] == "spectator"
        # Whoever the seed makes start (after the computer, perhaps): one person has the move.
        ann.until(lambda m: m["type"] == "update" and m["view"]["current"] in (0, 1))
        assert ann.view is not None
        mover, idle = (ann, bob) if ann.view["current"] == 0 else (bob, ann)
        view = mover.my_turn()
        if idle.view is None or idle.view["version"] != view["version"]:
            idle.until(lambda m: m["type"] == "update" and m["version"] == view["version"])
        draw = view["legal"][0]["action"]
        idle.send({"type": "act", "id": "b1", "version": view["version"], "action": draw})
        assert idle.until(_first("error"))["code"] == "not_your_turn"
        mover.send({"type": "act", "id": "a1", "version": view["version"] + 3, "action": draw})
        assert mover.until(_first("error"))["code"] == "stale"
        discard = {"type": "discard", "card": view["hand"][0], "target": None}
        mover.send({"type": "act", "id": "a2", "version": view["version"], "action": discard})
        illegal = mover.until(_first("error"))
        assert illegal["code"] == "illegal"
        assert illegal["rule"]
        mover.send({"type": "act", "id": "a3", "version": 0, "action": {"type": "fly"}})
        assert mover.until(_first("error"))["code"] == "bad_action"
        ws_ann.send_text(json.dumps({"type": "act", "id": "x" * 100, "version": 0, "action": {}}))
        assert ann.until(_first("error"))["code"] == "bad_message"
        for _ in range(45):
            ann.send({"type": "ping"})
        assert ann.until(lambda m: m.get("code") == "too_fast")["type"] == "error"
        time.sleep(2.2)  # the bucket fills again
        ann.send({"type": "ping"})
        ann.until(_first("pong"))
    codes = {m["code"] for m in seen if m["type"] == "error"}
    assert codes >= {"no_table", "bad_token", "bad_message", "spectator", "not_your_turn"}
    assert codes >= {"stale", "illegal", "bad_action", "too_fast"}
