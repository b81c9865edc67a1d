"""The HTTP API and the lobby, in process through Starlette's TestClient (computers thinking
in threads, no pause between their moves): tables, seats and the lobby, and the
HTTP half of robustness (no answer ever shows the server's insides, fuzzed with
hypothesis).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select
from starlette.testclient import TestClient

from phase10.match import Match
from phase10.records import read_record
from phase10.web import tokens
from phase10.web.app import create_app
from phase10.web.db import Database, moves, seats, sqlite_url, tables
from phase10.web.thinking import Thinker

from .serverkit import Player, assert_no_leak, bearer, in_process_server

PERSON = {"kind": "person"}
EASY = {"kind": "bot", "level": "easy"}


@pytest.fixture
def database(tmp_path: Path) -> Database:
    return Database(sqlite_url(str(tmp_path / "api.db")))


@pytest.fixture
def http(database: Database) -> Iterator[TestClient]:
    with (
        Thinker(workers=0) as thinker,
        TestClient(
            create_app(database, thinker, bot_delay=0), raise_server_exceptions=False
        ) as client,
    ):
        yield client


def new_table(http: Any, seats_: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    answer = http.post("/api/tables", json={"name": "Ann", "seats": seats_, **extra})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def error_of(answer: Any, status: int) -> str:
    """The one-line error of a refused request, checked for its status and shape."""
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) == {"error"}
    assert "\n" not in body["error"]
    assert_no_leak(answer.text)
    return str(body["error"])


# --------------------------------------------------------------------------- creating


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param({"name": "Ann", "seats": [PERSON]}, "seats:", id="one-seat"),
        pytest.param({"name": "Ann", "seats": [PERSON] * 7}, "seats:", id="seven-seats"),
        pytest.param({"name": " ", "seats": [PERSON, PERSON]}, "name:", id="blank-name"),
        pytest.param({"name": "A" * 25, "seats": [PERSON, PERSON]}, "name:", id="long-name"),
        pytest.param({"name": "A\u202eB", "seats": [PERSON, PERSON]}, "name:", id="bidi-name"),
        pytest.param({"name": 7, "seats": [PERSON, PERSON]}, "name:", id="number-name"),
        pytest.param({"seats": [PERSON, PERSON]}, "name:", id="no-name"),
        pytest.param({"name": "Ann", "seats": [EASY, PERSON]}, "seats[0]:", id="bot-first"),
        pytest.param(
            {"name": "Ann", "seats": [PERSON, {"kind": "dog"}]}, "seats.1.kind:", id="dog"
        ),
        pytest.param(
            {"name": "Ann", "seats": [PERSON, {"kind": "bot", "level": "god"}]},
            "seats.1.level:",
            id="level",
        ),
        pytest.param(
            {"name": "Ann", "seats": [PERSON, PERSON], "game": "chess"}, "game:", id="game"
        ),
        pytest.param(
            {"name": "Ann", "seats": [PERSON, PERSON], "variants": ["n_phases=0"]},
            "rules:",
            id="variant",
        ),
        pytest.param(
            {"name": "Ann", "seats": [PERSON, PERSON], "hold_seconds": -1},
            "hold_seconds:",
            id="hold",
        ),
        pytest.param({"name": "Ann", "seats": [PERSON, PERSON], "owner": 1}, "owner:", id="extra"),
        pytest.param(
            {"name": "Ann", "seats": [PERSON, PERSON], "game": "programmes", "profile": "standard"},
            "rules:",
            id="profile-of-another-game",
        ),
    ],
)
def test_a_bad_table_is_refused_with_one_line_naming_the_field(
    http: TestClient, body: dict[str, Any], field: str
) -> None:
    """A table that cannot be is refused with 422 and ``{"error": "field: ..."}``."""
    assert error_of(http.post("/api/tables", json=body), 422).startswith(field)


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", ("Ten hands", "Pick a phase")), ("fr", ("Dix donnes", "Choisir sa Phase"))],
)
def test_clashing_variants_are_refused_by_the_labels_the_form_shows(
    http: TestClient, lang: str, words: tuple[str, str]
) -> None:
    """B.1: two variants that set one flag differently are refused, named as the new-table
    form shows them, in the page's language, not by the names a command line types."""
    body = {"name": "Ann", "seats": [PERSON, PERSON], "variants": ["ten_hands", "pick_a_phase"]}
    answer = http.post("/api/tables", json=body, headers={"Accept-Language": lang})
    error = error_of(answer, 422)
    assert error.startswith("rules: ")
    for label in words:
        assert label in error
    assert "ten_hands" not in error
    assert "pick_a_phase" not in error


@pytest.mark.parametrize(
    ("content", "start"),
    [
        pytest.param(b"{not json", "body: ", id="not-json"),
        pytest.param(b"[1, 2]", "body: ", id="a-list"),
        pytest.param(b"", "body: ", id="empty"),
    ],
)
def test_a_body_that_is_no_object_is_refused_naming_the_body(
    http: TestClient, content: bytes, start: str
) -> None:
    """A body that is not a JSON object is a 422 whose one line says so."""
    answer = http.post("/api/tables", content=content, headers={"content-type": "application/json"})
    assert error_of(answer, 422).startswith(start)


def test_create_and_find_by_id_and_by_code(http: TestClient) -> None:
    """A new table is found by its id and by its code, the code in any case and
    with dashes or spaces; the owner sits at seat 0 and the invite names the code."""
    made = new_table(http, [PERSON, PERSON, EASY], variants=["n_phases=1"], hold_seconds=5)
    table, code = made["table"], made["code"]
    assert made["seat"] == 0
    assert made["invite"] == f"/join/{code}"
    assert made["lobby"]["rules"] == "n_phases=1"  # the rules' own name for standard+n_phases=1
    assert made["lobby"]["hold_seconds"] == 5
    assert [s["taken"] for s in made["lobby"]["seats"]] == [True, False, True]
    assert http.get(f"/api/tables/{table}").json()["code"] == code
    for typed in (code, code.lower(), f"{code[:3]}-{code[3:]}".lower(), f" {code[:2]} {code[2:]}"):
        assert http.get(f"/api/codes/{typed}").json()["table"] == table, typed
    page = http.get(f"/join/{code.lower()}", follow_redirects=False)
    assert page.status_code == 303
    assert page.headers["location"] == f"/t/{table}"
    assert error_of(http.get("/api/codes/QQQQQQ"), 404)
    assert error_of(http.get("/api/tables/nope"), 404)
    assert error_of(http.get("/api/tables/" + "x" * 200), 404)


# --------------------------------------------------------------------------- joining, starting


def test_joining_names_seats_and_starting(http: TestClient) -> None:
    """People join free person seats (by table id; a name in use, in any case, is
    refused; a taken or a computer's seat too), only the owner starts, and only once every
    person seat is filled."""
    made = new_table(http, [PERSON, PERSON, PERSON, EASY])
    table, owner = made["table"], made["token"]
    join = f"/api/tables/{table}/join"
    assert "called" in error_of(http.post(join, json={"name": "ANN"}), 409)
    assert "not free" in error_of(http.post(join, json={"name": "Cleo", "seat": 3}), 409)
    assert "not free" in error_of(http.post(join, json={"name": "Cleo", "seat": 0}), 409)
    assert error_of(http.post(join, json={"name": "Cleo", "seat": 9}), 422).startswith("seat:")
    bob = http.post(join, json={"name": "Bob", "seat": 2})
    assert bob.status_code == 201
    assert bob.json()["seat"] == 2
    assert "not free" in error_of(http.post(join, json={"name": "Cleo", "seat": 2}), 409)

    start = f"/api/tables/{table}/start"
    assert error_of(http.post(start), 401)
    assert error_of(http.post(start, headers=bearer(bob.json()["token"])), 403)
    assert error_of(http.post(start, headers=bearer("made-up")), 403)
    assert "seat 2 is waiting" in error_of(http.post(start, headers=bearer(owner)), 409)

    cleo = http.post(join, json={"name": "Cleo"})
    assert cleo.json()["seat"] == 1
    assert "every seat" in error_of(http.post(join, json={"name": "Dan"}), 409)
    started = http.post(start, headers=bearer(owner))
    assert started.status_code == 200
    assert started.json()["status"] == "playing"
    names = [s["name"] for s in started.json()["seats"]]
    assert names[:3] == ["Ann", "Cleo", "Bob"]
    assert names[3]  # the computer got a name of its own
    assert names[3] not in names[:3]
    assert error_of(http.post(start, headers=bearer(owner)), 409)
    assert "started" in error_of(http.post(join, json={"name": "Dan"}), 409)


@pytest.mark.parametrize(
    ("lang", "free", "owner_only", "full", "no_code"),
    [
        pytest.param(
            "fr",
            "la place 3 n'est pas libre",
            "seul le propriétaire de la table (qui l'a créée) peut faire cela",
            "toutes les places pour une personne sont prises",
            "aucune table n'a ce code",
            id="fr",
        ),
        pytest.param(
            "de",
            "Platz 3 ist nicht frei",
            "nur der Gastgeber des Tisches (der ihn erstellt hat) darf das",
            "alle Plätze für Personen sind besetzt",
            "kein Tisch hat diesen Code",
            id="de",
        ),
        pytest.param(
            "nl",
            "plaats 3 is niet vrij",
            "alleen de eigenaar van de tafel (die haar maakte) mag dat",
            "alle plaatsen voor een persoon zijn bezet",
            "geen tafel heeft die code",
            id="nl",
        ),
    ],
)
def test_a_refusal_is_said_in_the_readers_language(
    http: TestClient, lang: str, free: str, owner_only: str, full: str, no_code: str
) -> None:
    """A refused request says why in the language the page asked for (the browser
    shows it as "The server refused: ..."), by ``Accept-Language`` or ``?lang=``; English
    where none is asked for, so a program reads the same sentence as before."""
    made = new_table(http, [PERSON, PERSON, PERSON])
    table, owner = made["table"], made["token"]
    join = f"/api/tables/{table}/join"
    asked = {"Accept-Language": lang}
    bob = http.post(join, json={"name": "Bob", "seat": 2}, headers=asked)
    assert bob.status_code == 201
    assert error_of(http.post(join, json={"name": "Cleo", "seat": 2}, headers=asked), 409) == free
    assert error_of(http.post(join, json={"name": "Cleo", "seat": 2}), 409) == "seat 3 is not free"
    by_query = http.post(f"{join}?lang={lang}", json={"name": "Cleo", "seat": 2})
    assert error_of(by_query, 409) == free
    bobs = bearer(bob.json()["token"])
    start = f"/api/tables/{table}/start"
    assert error_of(http.post(start, headers={**bobs, **asked}), 403) == owner_only
    assert http.post(join, json={"name": "Cleo"}).status_code == 201
    assert error_of(http.post(join, json={"name": "Dan"}, headers=asked), 409) == full
    assert error_of(http.get("/api/codes/QQQQQQ", headers=asked), 404) == no_code
    assert http.post(start, headers=bearer(owner)).status_code == 200


def test_the_owner_seats_a_computer_in_an_unfilled_seat(http: TestClient) -> None:
    """The owner (only) gives a seat nobody took to a computer, which lets the game
    start; the owner's own seat and a computer's seat are refused."""
    made = new_table(http, [PERSON, PERSON, PERSON])
    table, owner = made["table"], made["token"]
    bob = http.post(f"/api/tables/{table}/join", json={"name": "Bob"}).json()
    replace = f"/api/tables/{table}/seats/{{}}/computer"
    assert error_of(
        http.post(replace.format(2), json={"level": "easy"}, headers=bearer(bob["token"])), 403
    )
    assert error_of(http.post(replace.format(0), json={}, headers=bearer(owner)), 409)
    assert error_of(http.post(replace.format(7), json={}, headers=bearer(owner)), 404)
    assert error_of(
        http.post(replace.format(2), json={"level": "genius"}, headers=bearer(owner)), 422
    ).startswith("level:")
    lobby = http.post(replace.format(2), json={"level": "easy"}, headers=bearer(owner)).json()
    assert lobby["seats"][2] | {"name": None} == {
        "seat": 2,
        "kind": "bot",
        "level": "easy",
        "name": None,
        "taken": True,
        "connected": False,
        "computer_playing": False,
    }
    assert error_of(http.post(replace.format(2), json={}, headers=bearer(owner)), 409)
    assert http.post(f"/api/tables/{table}/start", headers=bearer(owner)).status_code == 200


def test_the_owner_replaces_an_absent_player_but_not_a_connected_one(http: TestClient) -> None:
    """During the game the owner may hand an absent person's seat to a computer,
    never a connected person's; the replaced person's token no longer seats them."""
    made = new_table(http, [PERSON, PERSON, PERSON])
    table, owner = made["table"], made["token"]
    bob = http.post(f"/api/tables/{table}/join", json={"name": "Bob"}).json()
    cleo = http.post(f"/api/tables/{table}/join", json={"name": "Cleo"}).json()
    assert http.post(f"/api/tables/{table}/start", headers=bearer(owner)).status_code == 200
    with http.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "token": bob["token"], "protocol": 2})
        assert ws.receive_json()["type"] == "welcome"
        answer = http.post(
            f"/api/tables/{table}/seats/1/computer", json={"level": "easy"}, headers=bearer(owner)
        )
        assert "connected" in error_of(answer, 409)
    with http.websocket_connect(f"/ws/{table}?lang=de") as ws:
        ws.send_json({"type": "hello", "token": owner, "protocol": 2})
        assert ws.receive_json()["type"] == "welcome"
        lobby = http.post(
            f"/api/tables/{table}/seats/2/computer", json={"level": "easy"}, headers=bearer(owner)
        ).json()
        # Told once, to every player, the level by its name in the player's language.
        notices: list[str] = []
        while not notices:
            message = ws.receive_json()
            if message["type"] == "notice":
                notices.append(message["text"])
        assert notices == ["Ein Computerspieler (leicht) spielt jetzt für Cleo."]
    assert lobby["seats"][2]["kind"] == "bot"
    assert lobby["seats"][2]["name"] == "Cleo"  # the seat keeps its name in the game
    with http.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "token": cleo["token"], "protocol": 2})
        refusal = ws.receive_json()
        assert refusal["code"] == "bad_token"


# --------------------------------------------------------------------------- tokens


def test_seat_tokens_are_stored_only_as_digests(http: TestClient, database: Database) -> None:
    """No token handed out is in the database, in any column of any table; each seat
    holds the SHA-256 digest of its token."""
    made = new_table(http, [PERSON, PERSON, EASY])
    bob = http.post(f"/api/tables/{made['table']}/join", json={"name": "Bob"}).json()
    assert http.post(f"/api/tables/{made['table']}/start", headers=bearer(made["token"]))
    handed = [made["token"], bob["token"]]
    with database.engine.connect() as conn:
        rows = [
            tuple(row)
            for table in (tables, seats, moves)
            for row in conn.execute(select(table)).all()
        ]
        digests = conn.execute(
            select(seats.c.token_hash)
            .where(seats.c.table_id == made["table"])
            .order_by(seats.c.seat)
        ).scalars()
        assert list(digests) == [tokens.digest(t) for t in handed] + [None]
    dump = repr(rows)
    for token in handed:
        assert len(token) >= 40
        assert token not in dump
        assert token[:16] not in dump
    assert tokens.digest(made["token"]) in dump


def test_a_hello_asking_for_words_gets_every_card_said_in_words(http: TestClient) -> None:
    """A client may ask in its hello for sentences that name cards in words, as a screen
    reader says them (the browser does); by default they name cards by notation, as a
    player types them. The same events, the same number of sentences: only the cards'
    names differ (the card turned up to start the discard pile, P10-R10)."""
    said: dict[str, list[str]] = {}
    # A table's deal is its own: one whose turned-up card is a Skip names no card (P10-R10),
    # so tables are dealt until one turns up a numbered card or a wild (12 in 13 do).
    for _ in range(12):
        made = new_table(http, [PERSON, EASY])
        table, owner = made["table"], made["token"]
        assert http.post(f"/api/tables/{table}/start", headers=bearer(owner)).status_code == 200
        for cards in ("codes", "words"):
            with http.websocket_connect(f"/ws/{table}") as ws:
                ws.send_json({"type": "hello", "token": owner, "protocol": 2, "cards": cards})
                assert ws.receive_json()["type"] == "welcome"
                update = ws.receive_json()
                assert update["type"] == "update"
                turned = [e for e in update["events"] if e["event"]["kind"] == "turned_up"]
                said[cards] = turned[0]["text"]
        if "Skip" not in said["codes"][0]:
            break
    code = said["codes"][0].split()[0]
    assert re.fullmatch(r"[RBYG]\d{1,2}|W", code), said  # "R7 is turned up ..."
    words = said["words"][0]
    assert code not in words.split()
    assert words.endswith("is turned up to start the discard pile.")
    assert words.split(" is turned up")[0] in {
        f"A {colour} {code[1:]}" for colour in ("red", "blue", "yellow", "green")
    } | {"A wild"}
    with http.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "token": owner, "cards": "braille"})
        refused = ws.receive_json()
        assert (refused["type"], refused["code"]) == ("error", "bad_message")


# --------------------------------------------------------------------------- the record


def _wait_until_over(http: Any, table: str) -> None:
    for _ in range(500):
        if http.get(f"/api/tables/{table}").json()["status"] == "over":
            return
        time.sleep(0.02)
    pytest.fail("the computers did not finish the game")


def test_record_and_replay_wait_for_the_end_of_the_game(http: TestClient) -> None:
    """The record and the replay are refused (409) while the game is on, for
    everyone, and served once it is over: the record replays to the final standing."""
    made = new_table(http, [PERSON, EASY], variants=["n_phases=1"], hold_seconds=0)
    table, owner = made["table"], made["token"]
    for path in ("record", "replay"):
        assert error_of(http.get(f"/api/tables/{table}/{path}"), 409)
    assert http.get(f"/replay/{table}").status_code == 409
    assert http.post(f"/api/tables/{table}/start", headers=bearer(owner)).status_code == 200
    for path in ("record", "replay"):
        assert "over" in error_of(http.get(f"/api/tables/{table}/{path}"), 409)
    assert error_of(http.post(f"/api/tables/{table}/rematch", headers=bearer(owner)), 409)
    # The owner connects and drops: with hold_seconds 0 a computer takes the seat at once.
    with http.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "token": owner, "protocol": 2})
        assert ws.receive_json()["type"] == "welcome"
    _wait_until_over(http, table)
    record = http.get(f"/api/tables/{table}/record")
    assert record.status_code == 200
    replayed = read_record(record.text)
    state = replayed.replay()
    assert replayed.game.outcome(state) is not None
    live = http.app.state.hub.tables[table].match  # type: ignore[attr-defined]
    assert isinstance(live, Match)
    assert replayed.game.digest(state) == live.game.digest(live.state)
    step = http.get(f"/api/tables/{table}/replay", params={"step": 3}).json()
    assert step["step"] == 3
    assert len(step["hands"]) == 2
    last = http.get(f"/api/tables/{table}/replay", params={"step": 10**9}).json()
    assert last["step"] == last["steps"] == len(replayed.actions)
    # The replay page asks for its sentences in words; they then name no card by notation.
    coded = re.compile(r"\b[RBYG]\d{1,2}\b|\bW=")
    by_notation = 0
    for step_number in range(0, last["steps"], 5):
        params: dict[str, Any] = {"step": step_number}
        plain = http.get(f"/api/tables/{table}/replay", params=params).json()["events"]
        by_notation += sum(bool(coded.search(line)) for line in plain)
        worded = http.get(
            f"/api/tables/{table}/replay", params={**params, "cards": "words"}
        ).json()["events"]
        assert len(worded) == len(plain)
        assert not any(coded.search(line) for line in worded), worded
    assert by_notation > 0


# --------------------------------------------------------------------------- rematch


def test_a_rematch_gives_each_connected_player_a_new_token_on_their_own_socket(
    tmp_path: Path,
) -> None:
    """The rematch of a finished game is a new table; each connected person gets a
    token for their seat there on their own connection only, an absent person nothing (their
    seat stays open for the invite), a spectator the table without a token."""
    with in_process_server(tmp_path, hold_seconds=0) as server, server.http() as client:
        made = new_table(client, [PERSON, PERSON, PERSON], variants=["n_phases=1"])
        table, owner = made["table"], made["token"]
        bob = client.post(f"/api/tables/{table}/join", json={"name": "Bob"}).json()
        cleo = client.post(f"/api/tables/{table}/join", json={"name": "Cleo"}).json()
        assert client.post(f"/api/tables/{table}/start", headers=bearer(owner)).is_success
        # Everyone connects once and leaves: with hold_seconds 0 computers finish the game.
        for token in (owner, bob["token"], cleo["token"]):
            with Player(server.ws_url, table, token) as player:
                player.until(lambda m: m["type"] == "update")
        _wait_until_over(client, table)
        with (
            Player(server.ws_url, table, owner) as ann,
            Player(server.ws_url, table, bob["token"]) as bob_ws,
            Player(server.ws_url, table, None) as watcher,
        ):
            for player in (ann, bob_ws, watcher):
                player.until(lambda m: m["type"] == "update" and m["result"] is not None)
            assert error_of(
                client.post(f"/api/tables/{table}/rematch", headers=bearer(bob["token"])), 403
            )
            answer = client.post(f"/api/tables/{table}/rematch", headers=bearer(owner))
            assert answer.status_code == 201, answer.text
            new = answer.json()
            got = {
                name: player.until(lambda m: m["type"] == "rematch")
                for name, player in (("ann", ann), ("bob", bob_ws), ("watcher", watcher))
            }
            assert got["ann"] == {"type": "rematch", "table": new["table"], "token": new["token"]}
            assert got["bob"]["table"] == new["table"]
            assert got["bob"]["token"] not in (None, new["token"], bob["token"])
            assert got["watcher"] == {"type": "rematch", "table": new["table"], "token": None}
            for player, other in ((ann, got["bob"]["token"]), (bob_ws, new["token"])):
                player.drain()
                assert all(other not in raw for raw in player.raw)
            assert all(
                got["bob"]["token"] not in raw and new["token"] not in raw for raw in watcher.raw
            )
            assert error_of(client.post(f"/api/tables/{table}/rematch", headers=bearer(owner)), 409)
        lobby = client.get(f"/api/tables/{new['table']}").json()
        assert [(s["name"], s["taken"]) for s in lobby["seats"]] == [
            ("Ann", True),
            ("Bob", True),
            (None, False),
        ]
        assert lobby["rules"] == made["lobby"]["rules"] == "n_phases=1"
        assert client.get(f"/api/tables/{table}").json()["rematch"] == new["table"]
        with Player(server.ws_url, new["table"], got["bob"]["token"]) as seated:
            assert seated.recv()["seat"] == 1
        joined = client.post(f"/api/tables/{new['table']}/join", json={"name": "Cleo"})
        assert joined.json()["seat"] == 2


# --------------------------------------------------------------------------- fuzzing

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=15,
)
_FIELDS = st.sampled_from(
    ["game", "profile", "variants", "seats", "name", "hold_seconds", "seat", "level", "kind"]
)
_BODIES = st.one_of(
    _JSON,
    st.dictionaries(_FIELDS, _JSON, max_size=6),
    st.fixed_dictionaries(
        {
            "name": st.text(max_size=30),
            "seats": st.lists(
                st.fixed_dictionaries(
                    {"kind": st.sampled_from(["person", "bot", "x"])},
                    optional={"level": st.sampled_from(["easy", "hard", "", None])},
                ),
                max_size=7,
            ),
        },
        optional={
            "game": st.sampled_from(["phase10", "programmes", "amuze", "", "x"]),
            "profile": st.text(max_size=12),
            "variants": st.lists(
                st.sampled_from(["ten_hands", "n_phases=3", "n_phases=x", "program_swap", "+", "="])
                | st.text(max_size=10),
                max_size=3,
            ),
            "hold_seconds": _JSON,
        },
    ),
)


def test_fuzzed_bodies_never_fail_inside_or_leak(http: TestClient) -> None:
    """Robustness over HTTP: random JSON bodies (and bytes) to every POST endpoint: each answer
    is below 500 and no body holds a stack trace or a file path."""
    made = new_table(http, [PERSON, PERSON, PERSON])
    table, owner = made["table"], made["token"]
    paths = [
        "/api/tables",
        f"/api/tables/{table}/join",
        f"/api/tables/{table}/start",
        f"/api/tables/{table}/seats/1/computer",
        f"/api/tables/{table}/rematch",
        "/api/tables/nope/join",
    ]

    @settings(
        max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
    )
    @given(
        path=st.sampled_from(paths),
        body=_BODIES.map(json.dumps) | st.binary(max_size=60),
        auth=st.sampled_from([None, owner, "junk", ""]),
    )
    def check(path: str, body: str | bytes, auth: str | None) -> None:
        headers = {"content-type": "application/json"}
        if auth is not None:
            headers["authorization"] = f"Bearer {auth}"
        answer = http.post(path, content=body, headers=headers)
        assert answer.status_code < 500, (path, body, answer.text)
        assert_no_leak(answer.text)

    check()
