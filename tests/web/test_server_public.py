"""Public tables and quick match (decision 0014), through the HTTP API and the WebSocket: the
lobby's open tables list only the public tables waiting for people, the longest waiting
first and at most 20; "Play now" seats two people at the same table, and a lone person at a
new one whose free seats go to computers once its wait is over."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from sqlalchemy import text
from starlette.testclient import TestClient

from phase10.web.app import create_app
from phase10.web.db import Database, sqlite_url
from phase10.web.public import OPEN_TABLES_LIMIT, QUICK_LEVEL, QUICK_SEATS
from phase10.web.thinking import Thinker

from .serverkit import Player, assert_no_leak, bearer, in_process_server

PERSON = {"kind": "person"}
EASY = {"kind": "bot", "level": "easy"}
PROTOCOL = Path(__file__).resolve().parents[2] / "docs" / "schema" / "protocol"


@cache
def _schemas() -> Registry[Any]:
    contents = [json.loads(p.read_text(encoding="utf-8")) for p in PROTOCOL.glob("*.json")]
    return Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in contents)


def fits(name: str, data: object) -> None:
    """``data`` validates against ``docs/schema/protocol/{name}.schema.json``."""
    schema = json.loads((PROTOCOL / f"{name}.schema.json").read_text(encoding="utf-8"))
    validator = Draft202012Validator(schema, registry=_schemas())
    error = next(validator.iter_errors(data), None)
    assert error is None, f"{name}: {error.message} at {list(error.absolute_path)}"


@pytest.fixture
def database(tmp_path: Path) -> Database:
    return Database(sqlite_url(str(tmp_path / "public.db")))


@pytest.fixture
def http(database: Database) -> Iterator[TestClient]:
    with (
        Thinker(workers=0) as thinker,
        TestClient(
            create_app(database, thinker, bot_delay=0), raise_server_exceptions=False
        ) as client,
    ):
        yield client


def new_table(http: Any, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    answer = http.post("/api/tables", json={"name": "Ann", "seats": seats, **extra})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def open_ids(http: Any, lang: str = "en") -> list[str]:
    answer = http.get(f"/api/tables/open?lang={lang}")
    assert answer.status_code == 200, answer.text
    return [t["table"] for t in answer.json()["tables"]]


def test_a_public_table_is_listed_in_words_and_a_private_one_never(http: TestClient) -> None:
    """Decision 0014: only a table created with ``public`` is listed, with its game, its rules
    in words in the asker's language, its seats taken and free, and its owner."""
    private = new_table(http, [PERSON, PERSON])
    public = new_table(
        http, [PERSON, PERSON, EASY], public=True, profile="fr_mattel", variants=["ten_hands"]
    )
    assert open_ids(http) == [public["table"]]
    assert private["table"] not in open_ids(http)
    answer = http.get("/api/tables/open?lang=fr").json()
    fits("http-open-tables", answer)
    listed = answer["tables"][0]
    assert listed["game"] == "phase10"
    assert listed["rules"] == "fr_mattel+ten_hands"
    assert listed["rules_text"] == "Notice Mattel française, Dix donnes"
    assert (listed["seats"], listed["taken"], listed["free"]) == (3, 2, 1)
    assert listed["owner"] == "Ann"
    assert listed["quick"] is False


def test_a_table_leaves_the_list_once_full_or_started(http: TestClient) -> None:
    """A listed table whose person seats are all taken, or whose game started, is not open."""
    made = new_table(http, [PERSON, PERSON, PERSON], public=True)
    table, owner = made["table"], made["token"]
    assert http.post(f"/api/tables/{table}/join", json={"name": "Bob"}).is_success
    assert open_ids(http) == [table]  # one seat is still free
    assert http.post(f"/api/tables/{table}/join", json={"name": "Cleo"}).is_success
    assert open_ids(http) == []
    assert http.post(f"/api/tables/{table}/start", headers=bearer(owner)).is_success
    assert open_ids(http) == []


def test_the_open_tables_are_the_longest_waiting_first_and_at_most_twenty(
    http: TestClient,
) -> None:
    made = [new_table(http, [PERSON, PERSON], public=True)["table"] for _ in range(22)]
    assert open_ids(http) == made[:OPEN_TABLES_LIMIT]


def test_the_rules_of_a_table_are_said_in_words_in_each_language(http: TestClient) -> None:
    """The lobby carries the rules in words (``rules_text``) beside their name."""
    made = new_table(http, [PERSON, EASY], profile="nl_accessible", variants=["n_phases=3"])
    for lang in ("en", "fr", "de", "nl"):
        lobby = http.get(f"/api/tables/{made['table']}?lang={lang}").json()
        assert lobby["rules"] == "nl_accessible+n_phases=3"
        words = lobby["rules_text"]
        assert "_" not in words, (lang, words)
        assert "+" not in words, (lang, words)
        assert words.endswith("3"), (lang, words)


def test_two_people_pressing_play_now_sit_at_the_same_table(http: TestClient) -> None:
    """The first gets a new public table (seats for people, listed as quick); the second
    finds it open and takes its next seat."""
    ann = http.post("/api/quick", json={"name": "Ann"})
    assert ann.status_code == 201, ann.text
    first = ann.json()
    fits("http-quick", first)
    assert first["seat"] == 0
    assert len(first["lobby"]["seats"]) == QUICK_SEATS
    listed = http.get("/api/tables/open").json()["tables"]
    assert [t["table"] for t in listed] == [first["table"]]
    assert listed[0]["quick"] is True
    bob = http.post("/api/quick", json={"name": "Bob", "game": "phase10"}).json()
    assert (bob["table"], bob["seat"]) == (first["table"], 1)
    assert bob["token"] != first["token"]
    names = [s["name"] for s in bob["lobby"]["seats"]]
    assert names[:2] == ["Ann", "Bob"]


def test_play_now_joins_an_open_public_table_of_the_chosen_game_only(http: TestClient) -> None:
    made = new_table(http, [PERSON, PERSON], public=True)
    other = http.post("/api/quick", json={"name": "Bob", "game": "programmes"}).json()
    assert other["table"] != made["table"]
    assert other["lobby"]["game"] == "programmes"
    cleo = http.post("/api/quick", json={"name": "Cleo"}).json()
    assert (cleo["table"], cleo["seat"]) == (made["table"], 1)


def test_play_now_skips_a_table_where_the_name_is_taken(http: TestClient) -> None:
    made = new_table(http, [PERSON, PERSON], public=True)
    again = http.post("/api/quick", json={"name": "ann"}).json()
    assert again["table"] != made["table"]
    assert again["seat"] == 0


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param({"name": "Ann", "game": "chess"}, "game:", id="unknown-game"),
        pytest.param({"name": " "}, "name:", id="blank-name"),
        pytest.param({"game": "phase10"}, "name:", id="no-name"),
        pytest.param({"name": "Ann", "seats": 3}, "seats:", id="unknown-field"),
    ],
)
def test_a_bad_play_now_is_refused_and_makes_no_table(
    http: TestClient, body: dict[str, Any], field: str
) -> None:
    answer = http.post("/api/quick", json=body)
    assert answer.status_code == 422, answer.text
    assert_no_leak(answer.text)
    assert answer.json()["error"].startswith(field)
    assert open_ids(http) == []


def test_a_bad_public_flag_is_refused(http: TestClient) -> None:
    answer = http.post("/api/tables", json={"name": "Ann", "seats": [PERSON, PERSON], "public": 1})
    assert answer.status_code == 422
    assert answer.json()["error"].startswith("public:")
    assert open_ids(http) == []


def test_a_lone_person_plays_now_with_computers_once_the_wait_is_over(tmp_path: Path) -> None:
    """Decision 0014: the quick-match table waits for people, and never starts while none of
    its people is connected; then each free seat gets a computer at the lobby's default
    level and the game starts by itself."""
    with in_process_server(tmp_path) as server, server.http() as client:
        server.hub.quick_wait = 0.4
        made = client.post("/api/quick", json={"name": "Ann"}).json()
        table = made["table"]
        time.sleep(0.8)
        assert client.get(f"/api/tables/{table}").json()["status"] == "waiting"
        with Player(server.ws_url, table, made["token"]) as ann:
            notice = ann.until(lambda m: m["type"] == "notice" and m["key"] == "web.quick_wait")
            assert "second" in notice["text"]
            ann.until(lambda m: m["type"] == "update")
            lobby = client.get(f"/api/tables/{table}").json()
        assert lobby["status"] == "playing"
        assert [(s["kind"], s["level"]) for s in lobby["seats"]] == [("person", None)] + [
            ("bot", QUICK_LEVEL)
        ] * (QUICK_SEATS - 1)
        assert made["table"] not in [
            t["table"] for t in client.get("/api/tables/open").json()["tables"]
        ]


def test_a_quick_match_table_starts_at_once_when_every_seat_is_taken(tmp_path: Path) -> None:
    with in_process_server(tmp_path) as server, server.http() as client:
        server.hub.quick_wait = 600.0
        made = client.post("/api/quick", json={"name": "Ann"}).json()
        for name in ("Bob", "Cleo", "Dan")[: QUICK_SEATS - 1]:
            seated = client.post("/api/quick", json={"name": name}).json()
            assert seated["table"] == made["table"]
        with Player(server.ws_url, made["table"], made["token"]) as ann:
            ann.until(lambda m: m["type"] == "update")
        lobby = client.get(f"/api/tables/{made['table']}").json()
        assert [s["kind"] for s in lobby["seats"]] == ["person"] * QUICK_SEATS


def test_a_database_made_before_public_tables_still_opens_and_lists(tmp_path: Path) -> None:
    """An older database file lacks the ``public_tables`` table: opening it adds the table and
    keeps every stored table as it was."""
    url = sqlite_url(str(tmp_path / "old.db"))
    old = Database(url)
    with old.engine.begin() as conn:
        conn.execute(text("DROP TABLE public_tables"))
    old.close()
    with (
        Thinker(workers=0) as thinker,
        TestClient(create_app(Database(url), thinker, bot_delay=0)) as client,
    ):
        assert open_ids(client) == []
        made = new_table(client, [PERSON, PERSON], public=True)
        assert open_ids(client) == [made["table"]]


def test_the_replay_page_says_the_rules_in_words(tmp_path: Path) -> None:
    with in_process_server(tmp_path, hold_seconds=0) as server, server.http() as client:
        made = new_table(client, [PERSON, EASY], profile="fr_mattel", variants=["n_phases=1"])
        table, owner = made["table"], made["token"]
        assert client.post(f"/api/tables/{table}/start", headers=bearer(owner)).is_success
        # Ann connects once and leaves: with hold_seconds 0 computers finish the game.
        with Player(server.ws_url, table, owner) as ann:
            ann.until(lambda m: m["type"] == "update")
        deadline = time.monotonic() + 60
        while client.get(f"/api/tables/{table}").json()["status"] != "over":
            assert time.monotonic() < deadline, "the computers did not finish the game"
            time.sleep(0.1)
        page = client.get(f"/replay/{table}?lang=de").text
        assert "Regeln: Französische Mattel-Anleitung, Zu spielende Phasen: 1" in page
        # Shown text only: the page's data for its script keeps the name as programs read it.
        shown = re.sub(r"<script\b.*?</script>", "", page, flags=re.S)
        assert "fr_mattel" not in shown
