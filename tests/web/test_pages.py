"""Pages a person opens by hand, and the notices their own page gets: a wrong link is a page in
the reader's language with a way back, never a JSON error; a returning player is not told of
their own return (play-tested: "Bob is back." on Bob's own status line).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from phase10.web.app import create_app
from phase10.web.db import Database, sqlite_url
from phase10.web.thinking import Thinker


@pytest.fixture
def http(tmp_path: Path) -> Iterator[TestClient]:
    database = Database(sqlite_url(str(tmp_path / "pages.db")))
    with (
        Thinker(workers=0) as thinker,
        TestClient(create_app(database, thinker, bot_delay=0, hold_seconds=600)) as client,
    ):
        yield client


def _table(http: TestClient, seats: list[dict[str, Any]]) -> dict[str, Any]:
    made = http.post("/api/tables", json={"name": "Ann", "seats": seats})
    assert made.status_code == 201, made.text
    return dict(made.json())


@pytest.mark.parametrize(
    ("path", "status", "words", "heading"),
    [
        (
            "/t/doesnotexist?lang=fr",
            404,
            "vérifiez le lien, ou demandez-en un nouveau",
            "Introuvable",
        ),
        ("/join/ZZZZZZ?lang=de", 404, "Kein Tisch hat diesen Code", "Nicht gefunden"),
        ("/t/" + "x" * 40 + "?lang=nl", 404, "Deze tafel bestaat niet", "Niet gevonden"),
    ],
)
def test_a_wrong_link_is_a_page_in_the_readers_language(
    http: TestClient, path: str, status: int, words: str, heading: str
) -> None:
    """A mistyped or stale link shows a page with the reason and a link to the start page,
    under a heading in the reader's language too (it said "Not found" in every language)."""
    answer = http.get(path)
    assert answer.status_code == status
    assert answer.headers["content-type"].startswith("text/html")
    assert words in answer.text
    assert f"<h1>{heading}</h1>" in answer.text
    lang = path.rsplit("=", 1)[1]
    assert f'href="/?lang={lang}"' in answer.text
    assert '"error"' not in answer.text.split('id="boot"')[0]


def test_a_tables_rules_link_shows_the_rules_it_plays(http: TestClient) -> None:
    """B.1: at a table of house rules (pick_a_phase) the site's Rules link opens the rules
    as that table plays them, in the page's language, and the whole rulebook is a link
    away from there."""
    made = http.post(
        "/api/tables",
        json={"name": "Ann", "seats": [{"kind": "person"}] * 2, "variants": ["pick_a_phase"]},
    )
    assert made.status_code == 201, made.text
    table = made.json()["table"]
    page = http.get(f"/t/{table}?lang=de").text
    own = f"/t/{table}/rules?lang=de"
    assert f'href="{own}"' in page
    assert 'href="/rules?lang=de"' not in page
    rules = http.get(own)
    assert rules.status_code == 200
    assert "Phase wählen" in rules.text  # the variant, in words, in German
    assert 'href="/rules?lang=de"' in rules.text
    assert http.get("/t/doesnotexist/rules?lang=de").status_code == 404


def test_a_tables_rules_say_a_number_of_phases_in_the_forms_words(http: TestClient) -> None:
    """B.1: a table that plays two phases says so on its rules page as the new-table form
    asked it ("Te spelen fasen: 2"), not only as the flag a command line types."""
    made = http.post(
        "/api/tables",
        json={"name": "Ann", "seats": [{"kind": "person"}] * 2, "variants": ["n_phases=2"]},
    )
    assert made.status_code == 201, made.text
    rules = http.get(f"/t/{made.json()['table']}/rules?lang=nl")
    assert rules.status_code == 200
    assert "<li>Te spelen fasen: 2 (<code>phase_count = 2</code>)</li>" in rules.text


def test_an_unknown_address_is_a_page_for_a_browser_and_json_for_a_program(
    http: TestClient,
) -> None:
    """A mistyped address opened in a browser shows a page in the reader's language with a
    way back; the same asked by a program (the API) is JSON, as every API error is."""
    page = http.get("/nothing?lang=nl", headers={"accept": "text/html,*/*"})
    assert page.status_code == 404
    assert page.headers["content-type"].startswith("text/html")
    assert "Deze pagina bestaat hier niet." in page.text
    assert 'href="/?lang=nl"' in page.text
    api = http.get("/api/nothing", headers={"accept": "text/html,*/*"})
    assert (api.status_code, api.json()) == (404, {"error": "Not Found"})
    assert http.get("/nothing").json() == {"error": "Not Found"}


def test_the_replay_page_waits_for_the_end_of_the_game(http: TestClient) -> None:
    """Hidden hands are shown only after the game: while it is on, the replay page says when
    it opens (and the API refuses the steps)."""
    table = _table(http, [{"kind": "person"}, {"kind": "bot", "level": "easy"}])
    started = http.post(
        f"/api/tables/{table['table']}/start",
        headers={"Authorization": f"Bearer {table['token']}"},
    )
    assert started.status_code == 200
    page = http.get(f"/replay/{table['table']}?lang=en")
    assert page.status_code == 409
    assert "The replay opens once the game is over." in page.text
    assert "<h1>Not yet</h1>" in page.text  # it exists: not "Not found"
    assert http.get(f"/api/tables/{table['table']}/replay").status_code == 409


def _messages_until_update(ws: Any) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = []
    while True:
        message = json.loads(ws.receive_text())
        seen.append(message)
        if message["type"] == "update":
            return seen


def test_a_returning_player_is_not_told_of_their_own_return(http: TestClient) -> None:
    """Bob leaves and comes back within the hold: Ann hears "Bob is back.", Bob does not."""
    table = _table(http, [{"kind": "person"}, {"kind": "person"}])
    joined = http.post(f"/api/tables/{table['table']}/join", json={"name": "Bob"}).json()
    http.post(
        f"/api/tables/{table['table']}/start",
        headers={"Authorization": f"Bearer {table['token']}"},
    )
    url = f"/ws/{table['table']}"
    with http.websocket_connect(url) as ann:
        ann.send_text(json.dumps({"type": "hello", "token": table["token"], "protocol": 2}))
        _messages_until_update(ann)
        with http.websocket_connect(url) as bob:
            bob.send_text(json.dumps({"type": "hello", "token": joined["token"], "protocol": 2}))
            _messages_until_update(bob)
        with http.websocket_connect(url) as bob:
            bob.send_text(
                json.dumps({"type": "hello", "token": joined["token"], "since": 0, "protocol": 2})
            )
            first = _messages_until_update(bob)
            bob.send_text(json.dumps({"type": "ping"}))
            after: list[dict[str, Any]] = []
            while not after or after[-1]["type"] != "pong":
                after.append(json.loads(bob.receive_text()))
            ann.send_text(json.dumps({"type": "ping"}))
            heard: list[dict[str, Any]] = []
            while not heard or heard[-1]["type"] != "pong":
                heard.append(json.loads(ann.receive_text()))
    own = [m for m in first + after if m["type"] == "notice" and m["key"] == "web.back"]
    assert own == []
    assert [m["text"] for m in heard if m.get("key") == "web.back"] == ["Bob is back."]


def test_an_oversized_request_body_is_refused_before_it_is_read(http: TestClient) -> None:
    """A request body over 16 KiB (the largest real one is a few hundred bytes) is refused
    with 413 and changes nothing; a normal one is still served."""
    name = "a" * 20_000
    answer = http.post(
        "/api/tables",
        content=b'{"name": "' + name.encode() + b'", "seats": []}',
        headers={"content-type": "application/json"},
    )
    assert answer.status_code == 413
    assert "Traceback" not in answer.text
    assert _table(http, [{"kind": "person"}, {"kind": "person"}])["seat"] == 0


@pytest.mark.parametrize(
    ("field", "value"), [("hold_seconds", True), ("hold_seconds", 5.0), ("hold_seconds", "5")]
)
def test_numbers_are_numbers(http: TestClient, field: str, value: object) -> None:
    """A count given as a boolean, a float or a string is refused by name, not read as 1 or
    5: bad input gets a clear error and changes nothing."""
    body = {"name": "Ann", "seats": [{"kind": "person"}, {"kind": "person"}], field: value}
    answer = http.post("/api/tables", json=body)
    assert answer.status_code == 422
    assert answer.json()["error"].startswith(f"{field}: ")
