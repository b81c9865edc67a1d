"""On the full screen: the name of a rule set and the ids of program cards
come from files; markup in them (``[red]x[/red]``, ``[/]``, a Markdown link) is shown as
written, on every place of the screen that shows them, and never styles or crashes it."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from phase10.api import find_variant
from phase10.bots import make_bot
from phase10.games.phase10.rules_file import load_rules_file
from phase10.games.programmes.variants import with_program_deck
from phase10.match import Match, ProgrammeMatch, Seat
from phase10.tui import Defaults, Phase10App
from phase10.tui.newgame import NewGameScreen
from phase10.tui.screens import RulesScreen

from .helpers import SIZE, screen_text, settle

#: Rich markup that crashed the screen or styled it, and Markdown the rules screen would
#: have turned into a link, emphasis or code.
RULES_NAME = "[red]x[/red] [/] [a](b) *c*"
PROGRAM_IDS = ("[/]", "[red]x[/red]", "a[/b]", "[@click=app.quit]q[/]", "*b*")


def _rules_file(folder: Path) -> Path:
    path = folder / "house.toml"
    path.write_text(f"name = {json.dumps(RULES_NAME)}\n", encoding="utf-8")
    return path


def _phase10_app(tmp_path: Path) -> Phase10App:
    rules = load_rules_file(_rules_file(tmp_path))
    assert rules.name == RULES_NAME
    seats = [Seat("Ann"), Seat("Bob", make_bot("easy"))]
    match = Match.start(rules, seats, 4)
    return Phase10App(save_path=tmp_path / "g.json", match=match, delay=0, resumed=False)


@pytest.mark.parametrize("size", [SIZE, (100, 24)], ids=["tall", "short"])
def test_a_rules_name_is_text_on_the_table_and_the_rules_screen(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """The table's title (on a short screen, the title of the players'
    box) and the rules screen show the rule set's name exactly as the file wrote it."""
    app = _phase10_app(tmp_path)
    shown: dict[str, str] = {}

    async def scenario() -> None:
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            shown["table"] = screen_text(app)
            await pilot.press("r")
            assert isinstance(app.screen, RulesScreen)
            for _ in range(200):  # the Markdown is laid out in the background
                await pilot.pause(0.02)
                if "Rules in play" in screen_text(app):
                    break
            shown["rules"] = screen_text(app)

    asyncio.run(scenario())  # a markup error would raise here
    assert f"rules: {RULES_NAME}" in shown["table"]
    assert f"Rules in play: {RULES_NAME}." in shown["rules"]


def test_a_rules_name_is_text_on_the_new_game_screen(tmp_path: Path) -> None:
    """`phase10 play --rules-file house.toml` opens the new-game screen
    with "As on the command line: NAME" chosen; the name is shown as written there too."""
    rules = load_rules_file(_rules_file(tmp_path))
    app = Phase10App(save_path=tmp_path / "g.json", defaults=Defaults(rules=rules), delay=0)
    shown: list[str] = []

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
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
    match = ProgrammeMatch.start(rules, seats, 4)
    app = Phase10App(save_path=tmp_path / "g.json", match=match, delay=0, resumed=False)
    shown: list[str] = []

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            shown.append(screen_text(app))

    asyncio.run(scenario())
    program = match.view(0).program
    assert program is not None
    assert program.id in PROGRAM_IDS
    assert f"{program.id}:" in shown[0]
