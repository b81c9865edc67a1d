"""Why there is no lay-down or reveal, said where its button would be, end to end in Chromium
against ``phase10 serve``: a game stored at a chosen seed, its person's draw made, as the
server stores it, restored by the server.

Play-tested by a grandmother on a tablet, taps only: she chose the five cards she took for
her program (a run of 5 in mixed suits) and found no Reveal button, and nothing that said a
run is of one suit (AMZ-R15). With cards chosen and no way to lay down or reveal at all, the
moves now say the game's reason under the section's heading.
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from phase10 import games
from phase10.bots import make_bot
from phase10.kernel.actions import Source
from phase10.match import Match, Seat
from phase10.web import tokens
from phase10.web.db import Database, SeatRow, TableRow

from .conftest import StartLiveServer
from .test_browser import no_violations

#: Per game: a seed at which Ann plays first and, after her draw, can neither lay down
#: (Phase 10) nor reveal (programmes); its rules.
SEEDS = {"phase10": (2, "standard"), "programmes": (3, "programmes")}


def _stored_after_the_draw(database: str, game_name: str) -> tuple[str, str]:
    """A table of Ann and an easy computer, Ann's draw made; its id and her token."""
    seed, rules_name = SEEDS[game_name]
    game = games.get(game_name)
    rules = game.find_rules(rules_name)
    token = tokens.new_token()
    row = TableRow(
        id=secrets.token_urlsafe(9),
        code="WHYN" + secrets.token_hex(2).upper(),
        game=game_name,
        rules=rules.name,
        seed=seed,
        status="playing",
        hold_seconds=600,
        takeover_level="easy",
    )
    db = Database(database)
    try:
        db.insert_table(
            row,
            [
                SeatRow(0, "person", None, "Ann", tokens.digest(token)),
                SeatRow(1, "bot", "easy", "Bob", None),
            ],
        )
        match = Match.start(rules, [Seat("Ann"), Seat("Bob", make_bot("easy", game))], seed)
        assert match.to_act == 0
        draw = next(
            a for a in match.view(0).legal if getattr(a, "source", None) is Source.DRAW_PILE
        )
        match.play(0, draw, match.version)
        kinds = {type(action).__name__ for action in match.view(0).legal}
        assert not kinds & {"LayDown", "Reveal"}, kinds
        action = json.dumps(game.action_to_json(draw), separators=(",", ":"))
        db.append_move(row.id, match.version, 0, action, None)
    finally:
        db.close()
    return row.id, token


@pytest.mark.parametrize(
    ("game", "heading", "reason"),
    [
        ("programmes", "Reveal", "Your cards do not make your program yet (AMZ-R14): a run is"),
        ("phase10", "Lay down", "(P10-R15)"),
    ],
)
def test_cards_chosen_with_no_way_to_lay_down_say_why_where_its_button_would_be(
    live_server: StartLiveServer, tmp_path: Path, page: Page, game: str, heading: str, reason: str
) -> None:
    database = f"sqlite:///{tmp_path / 'why.db'}"
    table, token = _stored_after_the_draw(database, game)
    server = live_server(database, extra_args=("--bot-workers", "0"))
    page.goto(f"{server.url}/?lang=en")
    page.evaluate(
        "([table, token]) => localStorage.setItem(`phase10:token:${table}`, token)",
        [table, token],
    )
    page.goto(f"{server.url}/t/{table}?lang=en")
    moves = page.locator("#moves")
    expect(moves.locator("[data-group=discard]")).to_have_count(1)
    # Nothing chosen: no section for a move that does not exist.
    expect(moves.locator("[data-group=lay]")).to_have_count(0)
    page.get_by_role("listbox", name="Your hand").get_by_role("option").first.click()
    section = moves.locator("[data-group=lay]")
    expect(section.get_by_role("heading", name=heading)).to_be_visible()
    expect(section).to_contain_text(reason)
    expect(section.get_by_role("button")).to_have_count(0)
    no_violations(page, f"why no way, {game}")
