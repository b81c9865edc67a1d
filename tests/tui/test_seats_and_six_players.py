"""The full screen's seats: the quit hint is a command that works as printed, a person
called "You" among several is refused, six players fit 80x24, and the table speaks the
player's language."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Input, Select, Static

from phase10.kernel.i18n import translator
from phase10.launch import resume_command
from phase10.tui import ChooseApp, Defaults
from phase10.tui.local import LocalApp
from phase10.tui.newgame import HUMAN, NewGameScreen
from phase10.tui.online_table import SummaryScreen
from phase10.tui.screens import PassScreen, RulesScreen

from .helpers import (
    make_app,
    play_through_cli,
    region_text,
    screen_text,
    settle,
    start,
    until,
)

SMALL = (80, 24)


def test_quit_hint_is_the_line_modes_resume_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``phase10 play`` full screen: after q, the hint printed is ``resume_command``, not a
    bare ``phase10 resume PATH`` that fails when phase10 is not on the PATH."""
    match = start(seed=3, seats=[("Ann", None), ("Bob", None)])
    path = tmp_path / "game.json"

    async def leave(pilot: Pilot[Any], app: LocalApp) -> None:
        await until(pilot, lambda: isinstance(app.screen, PassScreen), "the pass screen")
        await pilot.press("q")

    assert play_through_cli(monkeypatch, match, path, [leave], size=SMALL) == 0
    printed = capsys.readouterr().out.strip()
    assert printed.endswith(resume_command(str(path)))


def test_a_person_called_you_among_several_is_refused() -> None:
    """With two people at the keyboard, a seat called "You" would make "It is You's turn"
    for the other; the new-game screen says so and starts nothing."""
    app = ChooseApp(Defaults(players=2, seed=4), "en")

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
            screen = app.screen
            screen.query_one("#kind-1", Select).value = HUMAN
            screen.query_one("#name-0", Input).value = "You"
            screen.query_one("#name-1", Input).value = "Ann"
            await pilot.pause()
            await pilot.press("ctrl+s")
            error = screen.query_one("#error", Static)
            await until(pilot, lambda: str(error.render()) != "", "the error")
            assert "each needs their own name, not You" in str(error.render())
            assert app.screen is screen
        assert app.return_value is None

    asyncio.run(scenario())


@pytest.mark.parametrize("rules", ["standard", "programmes"])
def test_six_players_fit_80x24(tmp_path: Path, rules: str) -> None:
    """Six players at 80x24, both games: every player's row is in sight, the seat to act
    marked, with the hand and the moves beside them."""
    names = ("Ann", "Bob", "Cleo", "Dirk", "Eve")
    seats: list[tuple[str, str | None]] = [("You", None), *((name, "easy") for name in names)]
    app = make_app(tmp_path, seed=5, seats=seats, rules=rules)

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, app)
            players = region_text(app, "#players")
            assert "▶ You" in players
            for name in names:
                # A name stands alone, or with its facts after a comma ("Cleo, dealer").
                assert f" {name} " in players or f" {name}, " in players, name
            assert region_text(app, "#moves").startswith("Draw from the draw pile")
            assert region_text(app, "#goal")  # the seat's goal is shown too

    asyncio.run(scenario())


@pytest.mark.parametrize("lang", ["en", "fr", "de", "nl"])
def test_the_players_headers_and_statuses_are_whole_at_80_columns(
    tmp_path: Path, lang: str
) -> None:
    """At 80x24 the players' headers are whole in every language (a long one wraps between
    its words, "Geschaffte / Phasen"), and each player's status (P10-R16: laid down; a
    Skip's loss of a turn) reads after the name, never cut to nothing: the panel as it
    draws a table of four where three players have a status and one a long name."""
    seats: list[tuple[str, str | None]] = [("Ann", None), ("Bob", "easy"), ("Cy", "easy")]
    seats.append(("Maximiliane", "easy"))
    app = make_app(tmp_path, seed=5, seats=seats, lang=lang)
    laid, skipped = _("laid down", lang), _("loses the next turn", lang)

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, app)
            shown = dict(app.shown or {})
            statuses = [[laid], [laid, skipped], [skipped], []]
            shown["players"] = [
                {**player, "status": status}
                for player, status in zip(shown["players"], statuses, strict=True)
            ]
            table = app.table_screen
            width = table.query_one("#players").size.width
            assert width <= 50  # 80 columns less the hand and the moves
            console = Console(width=width, record=True)
            console.print(table._players(shown))
            players = console.export_text()
            assert "…" not in players, players
            titles = [str(shown["progress_label"]), *(_(t, lang) for t in ("Cards", "Points"))]
            for word in " ".join(titles).split():
                assert word in players.split(), (word, players)
            # A status may wrap beside the numbers: each of its words is there, whole.
            words = players.replace(",", " ").split()
            for status in (laid, skipped):
                assert set(status.split()) <= set(words), (status, players)
            assert "Maximiliane" in words

    asyncio.run(scenario())


def _(text: str, lang: str) -> str:
    return translator(lang).gettext(text)


def test_six_players_results_read_from_their_first_line_at_80x24(tmp_path: Path) -> None:
    """Results that outgrow 24 rows (a table of six, with a sentence or two a player): their
    box shows their first line, and scrolls down to the last ("Press Enter to go on")."""
    seats: list[tuple[str, str | None]] = [("You", None), *((n, "easy") for n in "ABCDE")]
    app = make_app(tmp_path, seed=5, seats=seats)
    names = ["You", *"ABCDE"]
    lines = [
        "Hand 1 ended. Points: " + ", ".join(f"{n} {10 * i}" for i, n in enumerate(names)),
        *(f"{n} moves up to phase 2." for n in names),
        *(f"{n} laid down phase 1 and hit three cards." for n in names),
    ]
    summary = {
        "title": "Hand 1 ended.",
        "headers": ["Player", "Points"],
        "rows": [[n, str(10 * i)] for i, n in enumerate(names)],
    }

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, app)
            app.push_screen(SummaryScreen(lines, summary))
            await until(pilot, lambda: isinstance(app.screen, SummaryScreen), "the results")
            await pilot.pause()
            assert "Hand 1 ended. Points: You 0" in screen_text(app)
            assert "Press Enter to go on." not in screen_text(app)  # the box is full
            await pilot.press("end")
            await pilot.pause()
            assert "Press Enter to go on." in screen_text(app)
            await pilot.press("enter")
            await until(pilot, lambda: not isinstance(app.screen, SummaryScreen), "closed")

    asyncio.run(scenario())


def test_the_new_game_screen_offers_you_in_the_players_language() -> None:
    """The first seat's default name is "Vous" on the French screen."""
    app = ChooseApp(Defaults(players=2, seed=4), "fr")

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
            assert app.screen.query_one("#name-0", Input).value == "Vous"
            assert "Nouvelle partie" in screen_text(app)

    asyncio.run(scenario())


def test_the_phase_column_and_the_rules_phase_table_are_in_french(tmp_path: Path) -> None:
    """The players' columns, the phase to lay down, the moves and the rules screen's phase
    table are in the player's language."""
    app = make_app(tmp_path, seed=5, seats=[("Ann", None), ("Bob", "hard")], lang="fr")

    async def scenario() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await settle(pilot, app)
            table = screen_text(app)
            assert "Phases complétées" in region_text(app, "#players")
            assert "Phase 1 : série de 3 + série de 3" in region_text(app, "#goal")
            assert region_text(app, "#moves").startswith("Piocher dans la pioche")
            assert "set of" not in table
            await pilot.press("r")
            await until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
            await until(pilot, lambda: "suite de 7" in screen_text(app), "the phase table")
            assert "run of" not in screen_text(app)

    asyncio.run(scenario())


def test_a_bot_named_on_the_command_line_is_offered_as_named() -> None:
    """``phase10 play --opponents learned``: the new-game screen seats the bot asked for,
    not a level put in its place."""
    app = ChooseApp(Defaults(players=3, seed=4, level="learned"), "en")

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
            kinds = [app.screen.query_one(f"#kind-{seat}", Select).value for seat in (1, 2)]
            assert kinds == ["learned", "learned"]

    asyncio.run(scenario())
