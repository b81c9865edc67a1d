"""Players' names at a server's tables (decision 0016): a name has a visible character,
carries few marks on each character, and a look-alike of a seated player's name is that name.

The rules are checked one by one on ``clean_name`` and ``looks_alike``, then through the HTTP
API as a browser or ``phase10 join`` meets them (in process, Starlette's test client).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from phase10.bots import make_bot
from phase10.cli.common import table_seats
from phase10.web.app import create_app
from phase10.web.db import Database, sqlite_url
from phase10.web.names import MAX_MARKS, BadNameError, clean_name, looks_alike, taken_by
from phase10.web.thinking import Thinker

from .serverkit import bearer

PERSON = {"kind": "person"}
EASY = {"kind": "bot", "level": "easy"}

#: Names of nothing a reader can see, each with the rule that refuses it.
INVISIBLE = {
    "\u3164\u3164\u3164": "name.invisible",  # Hangul filler
    "\u2800\u2800": "name.invisible",  # blank braille cell
    "\u115f\u1160": "name.invisible",  # Hangul choseong and jungseong fillers
    "\uffa0": "name.invisible",  # halfwidth Hangul filler
    "Ann\u3164": "name.invisible",  # a filler after a name would pass for "Ann"
    "\u200b\u200b": "name.invisible",  # zero-width spaces
    "An\u200dn": "name.invisible",  # a zero-width joiner
    "\u202eAnn": "name.invisible",  # a right-to-left override
    "\u0301\u0301\u0301": "name.empty",  # accents alone
    " \u3000\u2003 ": "name.empty",  # spaces of several widths, trimmed to nothing
    "\u0301Ann": "name.lone_mark",  # an accent on nothing (on the text before the name)
}
#: Names people have, in scripts whose letters carry marks: all accepted.
REAL_NAMES = [
    "Nguy\u1ec5n Th\u1ecb \u00c1nh",  # Vietnamese: two marks on one letter
    "Nguye\u0302\u0303n",  # the same, decomposed
    "\u0e2a\u0e21\u0e0a\u0e32\u0e22",  # Thai
    "\u0905\u0930\u094d\u091c\u0941\u0928",  # Devanagari, a virama and a vowel sign
    "\u738b\u5c0f\u660e",  # Chinese
    "\u0645\u062d\u0645\u062f",  # Arabic
    "Zo\u00eb </script>",
    "O'Brien",
    "Ann \U0001f3b2",
    "\u0410\u043d\u043d\u0430",  # Cyrillic Anna: a look-alike only beside a Latin "Aнна"
]


@pytest.mark.parametrize(("name", "key"), INVISIBLE.items())
def test_a_name_needs_a_visible_character(name: str, key: str) -> None:
    """Decision 0016: fillers, blank braille, format characters and accents alone are not
    a name; the refusal names the fault (and the character, where one is to blame)."""
    with pytest.raises(BadNameError) as refused:
        clean_name(name)
    assert refused.value.key == key
    if key in ("name.invisible", "name.lone_mark"):
        assert "U+" in str(refused.value)


def test_a_character_carries_a_few_marks_not_a_stack() -> None:
    """Decision 0016: ``MAX_MARKS`` marks on one character pass, one more is "zalgo"."""
    assert clean_name("a" + "\u0301" * MAX_MARKS) == "a" + "\u0301" * MAX_MARKS
    for zalgo in ("a" + "\u0301" * (MAX_MARKS + 1), "Z" + "\u0336\u0315\u0353" * 7 + "oe"):
        with pytest.raises(BadNameError) as refused:
            clean_name(zalgo)
        assert refused.value.key == "name.marks"
        assert str(MAX_MARKS) in str(refused.value)


@pytest.mark.parametrize("name", REAL_NAMES)
def test_names_in_every_script_pass(name: str) -> None:
    assert clean_name(f"  {name} ") == name


@pytest.mark.parametrize(
    ("seated", "newcomer"),
    [
        ("Alice", "\u0410lice"),  # a Cyrillic capital A
        ("Alice", "ALICE"),  # case
        ("Alice", "\uff21lice"),  # a fullwidth A
        ("Bob", "B\u03bfb"),  # a Greek omicron
        ("paypal", "\u0440\u0430\u0443pal"),  # Cyrillic r, a, y
        ("Kim", "Ki\U0001d5c6"),  # a mathematical sans-serif m
        ("Bill", "BiIl"),  # a capital I for an l
        ("Ann Lee", "Ann\u3000Lee"),  # an ideographic space
        ("fiona", "\ufb01ona"),  # the fi ligature
        ("Otto", "0tto"),  # a zero for an O
    ],
)
def test_look_alike_names_are_the_same_name(seated: str, newcomer: str) -> None:
    assert looks_alike(seated, newcomer)
    assert taken_by(newcomer, ["Zed", seated]) == seated


@pytest.mark.parametrize(
    ("first", "second"), [("Ann", "Anna"), ("Jos\u00e9", "Jose"), ("Ali", "All"), ("Pat", "Rat")]
)
def test_different_names_stay_different(first: str, second: str) -> None:
    assert not looks_alike(first, second)


# --------------------------------------------------------------------------- through the API


@pytest.fixture
def http(tmp_path: Path) -> Iterator[TestClient]:
    database = Database(sqlite_url(str(tmp_path / "names.db")))
    with (
        Thinker(workers=0) as thinker,
        TestClient(
            create_app(database, thinker, bot_delay=0), raise_server_exceptions=False
        ) as client,
    ):
        yield client
    database.close()


def _error(answer: Any, status: int) -> str:
    assert answer.status_code == status, answer.text
    return str(answer.json()["error"])


@pytest.mark.parametrize("name", ["\u3164\u3164", "\u2800", "a" + "\u0301" * 23])
def test_the_api_refuses_an_unseen_name_and_says_why(http: TestClient, name: str) -> None:
    """Decision 0016: the table is not made, and the error names the field and the fault."""
    for path, body in (
        ("/api/tables", {"name": name, "seats": [PERSON, EASY]}),
        ("/api/quick", {"name": name}),
    ):
        text = _error(http.post(path, json=body), 422)
        assert text.startswith("name: "), text
        assert "invisible" in text or "accents" in text, text
    assert http.get("/api/tables/open").json()["tables"] == []


def test_joining_as_a_look_alike_is_joining_as_the_same_name(http: TestClient) -> None:
    """Decision 0016: a Cyrillic "Аlice" beside a seated "Alice" is refused with the error
    of a duplicate name; a different name takes the seat."""
    made = http.post("/api/tables", json={"name": "Alice", "seats": [PERSON, PERSON, PERSON]})
    assert made.status_code == 201, made.text
    join = f"/api/tables/{made.json()['table']}/join"
    duplicate = _error(http.post(join, json={"name": "alice"}), 409)
    assert "Alice" in duplicate
    for look_alike in ("\u0410lice", "\uff21lice", "AIice"):
        assert _error(http.post(join, json={"name": look_alike}), 409) == duplicate
    assert http.post(join, json={"name": "Alicia"}).status_code == 201
    lobby = http.get(f"/api/tables/{made.json()['table']}").json()
    assert [s["name"] for s in lobby["seats"]] == ["Alice", "Alicia", None]


def test_a_refused_name_is_said_in_the_readers_language(http: TestClient) -> None:
    """The page sends its language: the sentence is the catalog's for that language."""
    answer = http.post("/api/tables?lang=de", json={"name": "\u2800", "seats": [PERSON, EASY]})
    expected = BadNameError("name.invisible", code="U+2800").text("de")
    assert _error(answer, 422) == f"name: {expected}"
    made = http.post("/api/tables", json={"name": "Alice", "seats": [PERSON, PERSON]})
    join = f"/api/tables/{made.json()['table']}/join"
    answer = http.post(join, json={"name": "\u0410lice"}, headers={"accept-language": "nl"})
    assert _error(answer, 409) == BadNameError("name.taken", name="Alice").text("nl")


def _start(http: TestClient, table: str, token: str) -> None:
    answer = http.post(f"/api/tables/{table}/start", headers=bearer(token))
    assert answer.status_code == 200, answer.text


def test_no_computer_sounds_like_a_person_at_the_table(http: TestClient) -> None:
    """A screen reader says "Ann" and "Anna" alike: at Anna's table the computers are named
    from the rest of the list, as they are at Daniel's (no "Dan")."""
    made = http.post("/api/tables", json={"name": "Anna", "seats": [PERSON, EASY, EASY, EASY]})
    assert made.status_code == 201, made.text
    table, token = made.json()["table"], made.json()["token"]
    _start(http, table, token)
    names = [s["name"] for s in http.get(f"/api/tables/{table}").json()["seats"]]
    assert names == ["Anna", "Bob", "Cleo", "Dan"]
    made = http.post("/api/tables", json={"name": "Daniel", "seats": [PERSON, EASY, EASY, EASY]})
    _start(http, made.json()["table"], made.json()["token"])
    names = [s["name"] for s in http.get(f"/api/tables/{made.json()['table']}").json()["seats"]]
    assert names == ["Daniel", "Ann", "Bob", "Cleo"]


def test_the_command_lines_computers_do_not_sound_like_the_player() -> None:
    """The same at a table on one machine: ``phase10 play --name Anna`` plays Bob and Cleo."""
    seats = table_seats("Anna", [make_bot("easy"), make_bot("easy")])
    assert [seat.name for seat in seats] == ["Anna", "Bob", "Cleo"]
    assert [s.name for s in table_seats(["Bo", "Evelyn"], [make_bot("easy")] * 3)] == [
        "Bo",
        "Evelyn",
        "Ann",
        "Cleo",
        "Dan",
    ]
