"""A language chosen on one page is kept for the next: play-tested by a French teacher whose
browser speaks English, who chose "Français" on the lobby, then pasted a table's invitation
(``/join/<code>``, no ``?lang=``) into the address bar and read the table in English.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from phase10.web.app import create_app
from phase10.web.db import Database, sqlite_url
from phase10.web.language import LANGUAGE_COOKIE
from phase10.web.thinking import Thinker

ENGLISH_BROWSER = {"accept-language": "en-GB,en;q=0.9", "accept": "text/html"}


@pytest.fixture
def http(tmp_path: Path) -> Iterator[TestClient]:
    database = Database(sqlite_url(str(tmp_path / "language.db")))
    with (
        Thinker(workers=0) as thinker,
        TestClient(create_app(database, thinker, bot_delay=0, hold_seconds=600)) as client,
    ):
        yield client


def _invitation(http: TestClient) -> str:
    made = http.post(
        "/api/tables",
        json={"name": "Ann", "seats": [{"kind": "person"}, {"kind": "bot", "level": "easy"}]},
    )
    assert made.status_code == 201, made.text
    return str(made.json()["invite"])


def test_a_language_chosen_on_the_lobby_opens_a_pasted_invitation_in_it(
    http: TestClient,
) -> None:
    invite = _invitation(http)
    # Before any choice, the browser's language.
    assert '<html lang="en"' in http.get(invite, headers=ENGLISH_BROWSER).text
    chosen = http.get("/?lang=fr", headers=ENGLISH_BROWSER)
    assert '<html lang="fr"' in chosen.text
    table = http.get(invite, headers=ENGLISH_BROWSER)
    assert table.status_code == 200
    assert '<html lang="fr"' in table.text
    for page in ("/", "/games", "/rules"):
        assert '<html lang="fr"' in http.get(page, headers=ENGLISH_BROWSER).text, page


def test_the_address_still_wins_and_a_new_choice_replaces_the_old(http: TestClient) -> None:
    http.get("/?lang=fr", headers=ENGLISH_BROWSER)
    assert '<html lang="de"' in http.get("/games?lang=de", headers=ENGLISH_BROWSER).text
    # The language links on every page are ?lang= links: choosing German is remembered.
    assert '<html lang="de"' in http.get("/rules", headers=ENGLISH_BROWSER).text
    # A language we do not have is no choice: the last one stays.
    assert '<html lang="de"' in http.get("/?lang=xx", headers=ENGLISH_BROWSER).text
    assert http.cookies.get(LANGUAGE_COOKIE) == "de"


def test_the_cookie_holds_the_language_only_and_scripts_cannot_read_it(
    http: TestClient,
) -> None:
    answer = http.get("/?lang=nl", headers=ENGLISH_BROWSER)
    cookies = answer.headers.get_list("set-cookie")
    assert len(cookies) == 1
    parts = [part.strip() for part in cookies[0].split(";")]
    assert parts[0] == f"{LANGUAGE_COOKIE}=nl"
    assert {"Path=/", "SameSite=Lax", "HttpOnly"} <= set(parts)
    # Pages asked for without ?lang=, the API and static files set none.
    assert "set-cookie" not in http.get("/games", headers=ENGLISH_BROWSER).headers
    assert "set-cookie" not in http.get("/api/catalogue?lang=fr").headers
    assert "set-cookie" not in http.get("/static/common.js?lang=fr").headers


def test_an_api_call_goes_by_the_language_it_asks_for_not_the_cookie(http: TestClient) -> None:
    http.get("/?lang=fr", headers=ENGLISH_BROWSER)
    # A page's script sends its page's language; another tab may have chosen French since.
    refused = http.get("/api/tables/nosuchtable", headers={"accept-language": "de"})
    assert refused.status_code == 404
    assert refused.json()["error"] == "diesen Tisch gibt es nicht"
    # A wrong address in a browser is a page in the remembered language.
    page = http.get("/t/nosuchtable", headers=ENGLISH_BROWSER)
    assert page.status_code == 404
    assert '<html lang="fr"' in page.text
