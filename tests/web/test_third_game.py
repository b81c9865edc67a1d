"""A third game, registered from outside the project's games (the toy game Climb, in
``tests/toygame``: its own cards, actions, views and words), plays at a real server through
the same clients as Phase 10: ``phase10 join --plain`` in a subprocess, which does not even
have the game installed, the browser table in Chromium, and a WebSocket client that reads
only the presentation. Nothing
outside the toy game's package knows it (decision 0013)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from toygame.game import GAME

from .conftest import run_axe
from .serverkit import InProcessServer, Player, create_table, join, serving_a_third_game, start

SRC = Path(__file__).resolve().parents[2] / "src"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[InProcessServer]:
    """A server that offers Climb besides the project's games, for this test only."""
    with serving_a_third_game(tmp_path, GAME) as running:
        yield running


def _owner(server: InProcessServer, made: dict[str, Any], stop: threading.Event) -> None:
    """Ann, a client with no rules: she starts the game once Bob is at the table, then on
    her turn makes the presentation's first move."""
    with server.http() as http:
        while not stop.is_set():
            seats = http.get(f"/api/tables/{made['table']}").json()["seats"]
            if seats[1]["taken"] and seats[1]["connected"]:
                break
            time.sleep(0.05)
        start(http, made["table"], made["token"])
    with Player(server.ws_url, made["table"], made["token"]) as ann:
        while not stop.is_set() and ann.result is None:
            try:
                update = ann.until(lambda m: m["type"] == "update", timeout=0.5)
            except TimeoutError:
                continue
            moves = update["table"]["moves"]
            if moves and update["result"] is None:
                ann.act(moves[0]["action"], version=update["version"])


def test_a_third_game_plays_through_the_line_client_at_a_server(
    server: InProcessServer, tmp_path: Path
) -> None:
    """Climb, a game the project does not ship, is created at a server, and Bob plays
    it to the end with ``phase10 join --plain``, a process that has never heard of Climb: he
    takes his seat by the invite code, hears each move as the game's sentence (CLIMB-1), lists
    his hand, his moves and the scores, plays by number, and sees the final standing
    (CLIMB-3). His moves reach the server's database."""
    with server.http() as http:
        made = create_table(http, [{"kind": "person"}, {"kind": "person"}], game="climb")
    stop = threading.Event()
    ann = threading.Thread(target=_owner, args=(server, made, stop), daemon=True)
    ann.start()
    env = {**os.environ, "PHASE10_DATA_DIR": str(tmp_path / "bob"), "PYTHONPATH": str(SRC)}
    script = "h\na\ns\n" + "a\n1\n" * 60 + "q\n"
    try:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "phase10",
                "join",
                f"{server.url}/join/{made['code']}",
                "--plain",
                "--name",
                "Bob",
                "--lang",
                "en",
            ],
            input=script,
            capture_output=True,
            text=True,
            encoding="utf-8",
            env=env,
            timeout=120,
            check=False,
        )
    finally:
        stop.set()
        ann.join(timeout=10)
    out = done.stdout
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "You sit in seat 2 at table" in out
    assert "Your hand: 1:" in out
    assert "Play every card, each higher than the last." in out
    assert re.search(r"^(> )?1: (play \d|pass)$", out, re.M)
    assert "Ann climbs to " in out
    # A game without points (this one has none) gives a standing, not scores.
    assert re.search(r"Standing: Ann: \d cards; Bob: \d cards\.", out)
    assert "Final standing after 1 hand:" in out
    assert "wins Climb." in out
    stored = server.db().load(made["table"])
    assert stored is not None
    assert stored.table.game == "climb"
    assert any(move.seat == 1 for move in stored.moves)


def test_a_third_game_plays_in_the_browser_page(server: InProcessServer, browser: Browser) -> None:
    """Climb in the browser table, which knows nothing of it: each card is named by the
    game's words, the game's own kind of move (a climb) is offered by its label under
    "Other moves", a pass is the draw button, the page has no accessibility violation
    mid-game, and both players reach the final standing (CLIMB-3)."""
    with server.http() as http:
        made = create_table(http, [{"kind": "person"}, {"kind": "person"}], game="climb")
        bob = join(http, made["table"], "Bob")
        start(http, made["table"], made["token"])
    pages: list[Page] = []
    errors: list[str] = []
    contexts = []
    for token in (made["token"], bob["token"]):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(context)
        key = f"phase10:token:{made['table']}"
        context.add_init_script(f"localStorage.setItem({json.dumps(key)}, {json.dumps(token)})")
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{server.url}/t/{made['table']}?lang=en")
        pages.append(page)
    try:
        hand = pages[0].get_by_role("listbox", name="Your hand")
        # The card in the game's words ("step 3"), as every sentence says it.
        expect(hand.get_by_role("option").first).to_have_accessible_name(re.compile(r"^step \d"))
        checked = False
        deadline = time.monotonic() + 90
        while not any(p.locator("#game-summary").is_visible() for p in pages):
            assert time.monotonic() < deadline, "the game did not end"
            for page in pages:
                climb = page.locator("#moves [data-group=other] button")
                if climb.count():
                    if not checked:
                        expect(climb.first).to_have_text(re.compile(r"^Climb to \d$"))
                        assert run_axe(page) == []
                        checked = True
                    climb.first.click()
                elif page.locator("#moves [data-key=draw]").count():
                    page.locator("#moves [data-key=draw]").click()
            time.sleep(0.1)
        assert checked
        for page in pages:
            expect(page.locator("#game-summary")).to_contain_text("the winner")
    finally:
        for context in contexts:
            context.close()
    assert not errors, errors
