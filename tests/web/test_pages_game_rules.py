"""Each table's pages present the game played there, not Phase 10 by default: its Rules link
opens the rules of that game as the table plays them (the terminal's rules screen), in the
page's language, and stays there; the whole rulebook, every game and every variant, is one
link away. Play-tested: at a programmes table the Rules link led to the 67,000-character
rulebook, Phase 10 first.
"""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient

from phase10.web import pages

from . import test_pages as page_tests

# The same app on a fresh SQLite file as the other page tests.
http = page_tests.http


def _made(http: TestClient, game: str) -> str:
    made = http.post(
        "/api/tables", json={"game": game, "name": "Marie", "seats": [{"kind": "person"}] * 3}
    )
    assert made.status_code == 201, made.text
    return str(made.json()["table"])


def _rules_link(page: str) -> str:
    """The site's own Rules link, in the header."""
    nav = page.split('<nav class="site-nav"', 1)[1].split("</nav>", 1)[0]
    found = re.search(r'<li><a href="([^"]+)"[^>]*>(?:Rules|Règles)', nav)
    assert found, nav
    return found.group(1)


@pytest.mark.parametrize(
    ("game", "heading", "other_game"),
    [("programmes", "Programmes : les règles", "P10-R"), ("phase10", "Phase 10", "AMZ-R")],
)
def test_a_tables_rules_link_opens_its_own_games_rules_and_stays_there(
    http: TestClient, game: str, heading: str, other_game: str
) -> None:
    """AMZ-R01..AMZ-R32 and P10-R01..: the Rules link of a table, and the same link on its
    rules page, open the rules of the game played there, in French, without the other game's
    rules; the whole rulebook is a link away from there."""
    table = _made(http, game)
    own = f"/t/{table}/rules?lang=fr"
    assert _rules_link(http.get(f"/t/{table}?lang=fr").text) == own
    rules = http.get(own).text
    article = rules.split('<article class="rulebook">', 1)[1].split("</article>", 1)[0]
    assert heading in article
    assert other_game not in article
    assert len(article) < 40_000  # a summary, not the 67,000-character rulebook
    assert _rules_link(rules) == own
    assert f'href="{own}" aria-current="page"' in rules
    # The link says whose rules it shows: this table's, house rules in them (play-tested).
    assert ">Règles de cette table<" in http.get(f"/t/{table}?lang=fr").text
    assert ">Règles de cette table<" in rules
    assert 'href="/rules?lang=fr">Toute la règle' in rules


def test_the_rules_page_of_a_programmes_table_is_named_after_its_game() -> None:
    """The tab of a programmes table's rules reads "Règles · Programmes", not Phase 10."""
    info = {"game": "programmes", "rules": "programmes", "table": "t1", "code": "ABCDEF"}
    page = pages.table_rules("fr", info)
    assert "<title>Règles · Programmes</title>" in page


def test_a_replays_rules_link_opens_the_rules_its_game_was_played_by(http: TestClient) -> None:
    """A finished programmes game's replay links the rules of that table, as its table did."""
    table = _made(http, "programmes")
    info = http.get(f"/api/tables/{table}?lang=fr").json()
    assert _rules_link(pages.replay("fr", info)) == f"/t/{table}/rules?lang=fr"


def _shown_keys(page: str) -> list[str]:
    """The key list's lines the page shows, in words (a hidden one is another game's)."""
    keys = page.split('<dl id="keys">', 1)[1].split("</dl>", 1)[0]
    shown = [line for line in keys.splitlines() if "<kbd>" in line and " hidden>" not in line]
    return [" ".join(re.sub(r"<[^>]+>", " ", line).split()) for line in shown]


@pytest.mark.parametrize("game", ["programmes", "phase10"])
def test_a_tables_header_and_keys_are_its_own_games(http: TestClient, game: str) -> None:
    """The header of a programmes table names the programmes game, and its key list has no
    Phase 10 words: no phase, no hit, no scores (AMZ-R30: the game counts no points), but the
    reveal (AMZ-R11), the new set (AMZ-R20) and the combinations extended (AMZ-R21). A Phase
    10 table keeps its phase, its hits and its scores (P10-R13, P10-R34)."""
    page = http.get(f"/t/{_made(http, game)}?lang=en").text
    brand = re.search(r'<a class="brand"[^>]*>([^<]*)</a>', page)
    assert brand, page[:2000]
    keys = " | ".join(_shown_keys(page))
    if game == "programmes":
        assert brand.group(1) == "Programmes"
        for other in ("phase", "Phase 10", "hit", "scores", "programmes)"):
            assert other not in keys, (other, keys)
        for own in (
            "v reveal your program",
            "n lay a new set",
            "g add the chosen card to a combination on the table",
            "s where each player stands",
            "m your program",
        ):
            assert own in keys, (own, keys)
    else:
        assert brand.group(1) == "Phase 10"
        for other in ("program", "combination"):
            assert other not in keys, (other, keys)
        for own in ("l lay down your phase", "(hit)", "s the scores", "m your phase"):
            assert own in keys, (own, keys)
