"""Why there is no lay-down or reveal, said where its button would be, end to end in Chromium
against ``phase10 serve``: a game stored at a chosen seed, its person's draw made, as the
server stores it, restored by the server.

Play-tested by a grandmother on a tablet, taps only: she chose the five cards she took for
her program (a run of 5 in mixed suits) and found no Reveal button, and nothing that said a
run is of one suit (AMZ-R15). With cards chosen and no way to lay down or reveal at all, the
moves now say the game's reason under the section's heading.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import StartLiveServer
from .stored_tables import stored_after_the_draw
from .test_browser import no_violations

#: Per game: a seed at which Ann plays first and, after her draw, can neither lay down
#: (Phase 10) nor reveal (programmes); its rules.
SEEDS = {"phase10": (2, "standard"), "programmes": (3, "programmes")}


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
    seed, rules_name = SEEDS[game]
    table, token, match = stored_after_the_draw(database, game, rules_name, seed, "WHYN")
    kinds = {type(action).__name__ for action in match.view(0).legal}
    assert not kinds & {"LayDown", "Reveal"}, kinds
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
