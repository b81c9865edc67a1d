"""On the full screen: the name of a rule set and the ids of program cards
come from files; markup in them (``[red]x[/red]``, ``[/]``, a Markdown link) is shown as
written, on every place of the screen that shows them, and never styles or crashes it."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from phase10.api import find_variant
from phase10.bots import make_bot
from phase10.games.phase10.rules_file import load_rules_file
from phase10.games.programmes.variants import with_program_deck
from phase10.match import Match, Seat
from phase10.tui import ChooseApp, Defaults
from phase10.tui.local import LocalApp
from phase10.tui.newgame import NewGameScreen
from phase10.tui.screens import RulesScreen

from .helpers import SIZE, app_for, log_text, play_through_cli, screen_text, settle, until

#: Rich markup that crashed the screen or styled it, and Markdown the rules screen would
#: have turned into a link, emphasis or code.
RULES_NAME = "[red]x[/red] [/] [a](b) *c*"
PROGRAM_IDS = ("[/]", "[red]x[/red]", "a[/b]", "[@click=app.quit]q[/]", "*b*")


def _rules_file(folder: Path) -> Path:
    path = folder / "house.toml"
    path.write_text(f"name = {json.dumps(RULES_NAME)}\n", encoding="utf-8")
    return path


def _phase10_match(tmp_path: Path) -> Match:
    rules = load_rules_file(_rules_file(tmp_path))
    assert rules.name == RULES_NAME
    seats = [Seat("Ann"), Seat("Bob", make_bot("easy"))]
    return Match.start(rules, seats, 4)


@pytest.mark.parametrize("size", [SIZE, (100, 24)], ids=["tall", "short"])
def test_a_rules_name_is_text_on_the_table_and_the_rules_screen(
    tmp_path: Path, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``phase10 play`` full screen: the log's first lines (the rules and the players) and
    the rules screen show the rule set's name exactly as the file wrote it."""
    shown: dict[str, str] = {}

    async def scenario(pilot: Pilot[Any], app: LocalApp) -> None:
        await settle(pilot, app)
        shown["log"] = "\n".join(log_text(app))
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        # The Markdown is laid out in the background.
        await until(pilot, lambda: "Rules in play" in screen_text(app), "the rules' words")
        shown["rules"] = screen_text(app)
        await pilot.press("escape", "q")

    match = _phase10_match(tmp_path)
    # A markup error would raise here.
    play_through_cli(monkeypatch, match, tmp_path / "g.json", [scenario], size=size)
    said = " ".join(shown["log"].split())  # the log wraps long lines
    assert f"Rules: {RULES_NAME}. Players: Ann, Bob (computer: easy)." in said
    assert f"Rules in play: {RULES_NAME}." in shown["rules"]


def test_a_rules_name_is_text_on_the_new_game_screen(tmp_path: Path) -> None:
    """`phase10 play --rules-file house.toml` opens the new-game screen
    with "As on the command line: NAME" chosen; the name is shown as written there too."""
    rules = load_rules_file(_rules_file(tmp_path))
    app = ChooseApp(Defaults(rules=rules), "en")
    shown: list[str] = []

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
            await until(pilot, lambda: RULES_NAME in screen_text(app), "the rules' name")
            shown.append(screen_text(app))

    asyncio.run(scenario())
    assert "As on the command line:" in shown[0]
    assert RULES_NAME in shown[0]  # on the next line: the chosen option wraps


def test_program_ids_are_text_on_the_programmes_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A program deck whose ids are markup, from a file whose name is
    markup too (it becomes part of the rules' name): the person's program shows its id as
    written, and the game goes on."""
    deck = [
        {"id": ident, "directives": [{"mult": 1, "kind": "set", "len": 3}]} for ident in PROGRAM_IDS
    ]
    monkeypatch.chdir(tmp_path)
    Path("[red]deck.json").write_text(json.dumps(deck), encoding="utf-8")
    rules = with_program_deck(find_variant("programmes"), "[red]deck.json")
    assert rules.name == "programmes+programs=[red]deck.json"
    seats = [Seat("Ann"), Seat("Bob", make_bot("easy", "programmes"))]
    match = Match.start(rules, seats, 4)
    app = app_for(match, tmp_path)
    shown: list[str] = []

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            shown.append(screen_text(app))
            await pilot.press("d")
            await until(pilot, lambda: match.version > 0, "the draw")
            await settle(pilot, app)

    asyncio.run(scenario())
    program = match.view(0).program
    assert program is not None
    assert program.id in PROGRAM_IDS
    assert f"Your program: {program.id} (" in shown[0]
