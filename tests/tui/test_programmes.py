"""The programmes game full screen at this keyboard: a round played with keys only (draw,
reveal and a new set as the hint proposes, discard), saved after every move; the new-game
screen dealing it through the command line; refused keys, leaving and resuming; the table in
French; the hot seat keeping each program secret; the final standing in Dutch."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Select

import phase10.tui
from phase10.cli.main import main
from phase10.match import Match, Seat
from phase10.tui import ChooseApp, Defaults, Setup
from phase10.tui.local import LocalApp
from phase10.tui.online_table import SummaryScreen
from phase10.tui.screens import PassScreen, RulesScreen

from .helpers import (
    SIZE,
    app_for,
    choose_card,
    entry_of,
    headless_play_local,
    log_text,
    make_app,
    may_act,
    play_turn_with_keys,
    screen_text,
    settle,
    start,
    until,
)


def logged(app: LocalApp) -> str:
    """The log's text, its lines joined (a long sentence wraps over several)."""
    return " ".join(log_text(app))


def test_a_whole_round_with_keys_reveal_and_new_set_included(tmp_path: Path) -> None:
    """Seed 24: You draws, reveals the program (AMZ-R11, AMZ-R14) and lays a new set
    (AMZ-R20) as the hint proposes, then discards; the round ends once everyone has
    revealed (AMZ-R28), its summary counts the programs done, and the save after every
    turn is the game as played."""
    app = make_app(tmp_path, seed=24, seats=[("You", None), ("Ann", "easy")], rules="programmes")
    match = app.local.match

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            assert "Your program: PRG-01 (2 sets of 3)." in screen_text(app)
            for _turn in range(20):
                await play_turn_with_keys(pilot, app)
                await settle(pilot, app)
                saved = Match.load(tmp_path / "game.json")
                assert saved.record.actions == match.record.actions
                if isinstance(app.screen, SummaryScreen):
                    break
            assert isinstance(app.screen, SummaryScreen)
            text = screen_text(app)
            assert "Round 1 ended." in text
            assert "Programs done" in text
            await pilot.press("enter")
            await settle(pilot, app)
            log = logged(app)
            assert "You revealed program PRG-01 (2 sets of 3): set 4♠ 4♥ 4♣, set Q♠ Q♥ Q♣." in log
            assert "You laid a new set: set 6♠ 6♥ 2♥=6." in log
            assert "Round 1 ended." in log

    asyncio.run(scenario())
    assert Match.load(tmp_path / "game.json").state.digest() == match.state.digest()


def test_the_new_game_screen_deals_the_programmes_game_through_the_command_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``phase10 play`` on a terminal: the new-game screen, switched to the programmes
    game, shows its own title, in the window's title too, and its options (AMZ-R31, AMZ-R30)
    and none of Phase 10's rules; Ctrl+S
    deals it and the table plays it, r showing its rules."""
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    form: list[str] = []
    titles: list[str] = []

    def choose_new(defaults: Defaults, lang: str = "en") -> Setup | None:
        chooser = ChooseApp(defaults, lang)

        async def scenario() -> None:
            async with chooser.run_test(size=SIZE) as pilot:
                await pilot.pause()
                chooser.screen.query_one("#game", Select).value = "programmes"
                await until(
                    pilot, lambda: "New game of Programmes" in screen_text(chooser), "the form"
                )
                form.append(screen_text(chooser))
                titles.append(chooser.title)
                await pilot.press("ctrl+s")

        asyncio.run(scenario())
        return chooser.return_value

    monkeypatch.setattr(phase10.tui, "choose_new", choose_new)

    async def table(pilot: Pilot[Any], app: LocalApp) -> None:
        await settle(pilot, app)
        assert app.local.match.game.name == "programmes"
        assert "Programs done" in screen_text(app)
        await pilot.press("r")
        assert isinstance(app.screen, RulesScreen)
        assert "Programmes: the rules" in app.screen.markdown
        await pilot.press("escape", "q")

    apps = headless_play_local(monkeypatch, table)
    save = tmp_path / "game.json"
    assert main(["play", "--players", "2", "--seed", "4", "--save", str(save)]) == 0
    assert len(form) == len(apps) == 1
    assert "New game of Programmes" in form[0]
    assert "Program swap: A player who failed a program" in form[0]
    assert "Programs to win" in form[0]
    assert titles == ["Programmes"]
    assert "standard" not in form[0]
    assert Match.load(save).game.name == "programmes"


def test_refused_keys_say_why_and_q_saves_and_resume_goes_on(tmp_path: Path) -> None:
    """Before the draw (AMZ-R10) v reveals nothing, and before a reveal no new set is laid
    (AMZ-R22): each key says why and plays nothing; q leaves with the draw saved, and the
    resumed game is where it was, the draw made."""
    app = make_app(tmp_path, seed=4, seats=[("You", None), ("Ann", "easy")], rules="programmes")

    async def first() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            version = app.local.match.version
            await pilot.press("v")
            drawn = "Draw a card first: you reveal after the draw (AMZ-R10)."
            await until(pilot, lambda: drawn in logged(app), "v")
            assert app.local.match.version == version
            await pilot.press("d")
            await settle(pilot, app)
            assert app.local.match.version == version + 1
            await pilot.press("1", "2", "n")
            hidden = "You may lay new sets only once your program is revealed (AMZ-R20)."
            await until(pilot, lambda: hidden in logged(app), "n")
            assert app.local.match.version == version + 1
            await pilot.press("escape", "q")

    asyncio.run(first())
    assert app.return_value == "left"
    saved = Match.load(tmp_path / "game.json")
    assert saved.record.actions == app.local.match.record.actions
    resumed = app_for(saved, tmp_path, resumed=True)

    async def second() -> None:
        async with resumed.run_test(size=SIZE) as pilot:
            await settle(pilot, resumed)
            assert entry_of(resumed.table_screen, "draw") is None
            assert entry_of(resumed.table_screen, "discard") is not None
            assert "You drew " in logged(resumed)

    asyncio.run(second())


def test_the_programmes_table_in_french(tmp_path: Path) -> None:
    """The whole table speaks the player's language: the program, the refusals, the hint;
    no English sentence of the table is left."""
    app = make_app(
        tmp_path,
        seed=24,
        seats=[("Vous", None), ("Ann", "easy")],
        rules="programmes",
        lang="fr",
    )

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            await pilot.press("v")
            await pilot.press("d")
            await settle(pilot, app)
            await pilot.press("i")
            await until(pilot, lambda: "Conseil : Révéler : " in logged(app), "the hint")
            text = screen_text(app)
            assert "Votre programme : PRG-01 (2 séries de 3)." in text
            # v before the draw: the French words of why (AMZ-R10).
            assert "Piochez d'abord une carte : on révèle après la pioche (AMZ-R10)." in logged(app)
            for english in ("Your program", "Your hand", "Hint:", "You cannot", "Draw pile"):
                assert english not in text

    asyncio.run(scenario())


def test_two_people_pass_the_keyboard_and_programs_stay_secret(tmp_path: Path) -> None:
    """Two people at one keyboard: the pass screen shows no program; each person, once they
    have the keyboard, sees their own program (AMZ-R06: dealt face down) and never the
    other's."""
    app = make_app(tmp_path, seed=4, seats=[("Ann", None), ("Bob", None)], rules="programmes")
    match = app.local.match
    programs = [str(match.view(seat).program) for seat in (0, 1)]

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            for turn in range(2):
                asked = f"Pass the keyboard to {match.names[match.to_act]}."
                await until(pilot, lambda a=asked: a in screen_text(app), "the pass screen")
                assert isinstance(app.screen, PassScreen)
                assert "program" not in screen_text(app).lower()
                seat = match.to_act
                await pilot.press("enter")
                await settle(pilot, app)
                assert app.seat == seat
                assert may_act(app)
                goal = screen_text(app)
                own = programs[seat].split(":")[0]
                other = programs[1 - seat].split(":")[0]
                assert f"Your program: {own}" in goal
                assert other == own or other not in goal
                if turn == 0:
                    await pilot.press("d")
                    await settle(pilot, app)
                    await pilot.press("1", "x")

    asyncio.run(scenario())


def test_the_final_standing_counts_programs_in_dutch(tmp_path: Path) -> None:
    """A finished game (AMZ-R30, the winner by programs completed) opens on its final
    standing, in the player's language."""
    finished = start(seed=4, seats=[("You", "easy"), ("Ann", "easy")], rules="programmes")
    while not finished.is_over:
        finished.bot_step()
    match = Match(finished.record, [Seat("You"), finished.seats[1]], finished.state, finished.log)
    app = app_for(match, tmp_path, lang="nl")

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, SummaryScreen), "the standing")
            await pilot.pause()
            text = screen_text(app)
            assert "Voltooide programma's" in text
            assert "het spel met 5 programma's" in text
            await pilot.press("enter")

    asyncio.run(scenario())
    assert app.return_value == "left"


def test_g_extends_a_combination_on_the_table_with_the_chosen_card(tmp_path: Path) -> None:
    """After the program is revealed (AMZ-R11), a chosen card that fits a combination on the
    table is laid on it with ``g`` (AMZ-R14), the key a hit has in Phase 10: played at once,
    or, when it fits several, from the list of those extensions only."""
    app = make_app(tmp_path, seed=24, seats=[("Ann", None), ("Bob", "easy")], rules="programmes")

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            for _turn in range(40):
                await settle(pilot, app)
                if isinstance(app.screen, SummaryScreen) or app.local.match.is_over:
                    break
                if entry_of(app.table_screen, "draw") is not None:
                    await pilot.press("d")
                    await settle(pilot, app)
                extension = entry_of(app.table_screen, "extend")
                if extension is not None:
                    break
                for _move in range(16):  # the hinted moves, until an extension is open
                    if not may_act(app) or entry_of(app.table_screen, "extend") is not None:
                        break
                    await pilot.press("i")
                    await pilot.pause(0.02)
                    await pilot.press("enter")
                    await settle(pilot, app)
            assert extension is not None, "no extension was ever open"
            await choose_card(pilot, app, extension["cards"][0])
            version = app.local.match.version
            await pilot.press("g")
            await pilot.pause(0.1)
            if app.local.match.version == version:  # several fit: the list holds them
                shown = app.table_screen.shown_moves
                assert len(shown) > 1
                assert all(move["kind"] == "extend" for move in shown)
                await pilot.press("enter")
                await until(pilot, lambda: app.local.match.version > version, "the extension")
            assert any(line.startswith("You added ") for line in log_text(app))

    asyncio.run(run())


def test_the_key_bar_and_the_top_line_say_the_moves_open_now(tmp_path: Path) -> None:
    """The footer shows a move key while a move of its kind is open, and the top line says
    what the keys do then: after the draw (AMZ-R10), v to reveal the program (AMZ-R11) and x
    to discard; once it is revealed, no v, and what is open then (AMZ-R20). Before the draw
    v is not in the footer, and pressed still says why (AMZ-R10)."""
    app = make_app(tmp_path, seed=24, seats=[("You", None), ("Ann", "easy")], rules="programmes")

    def footer() -> str:
        return screen_text(app).rstrip().splitlines()[-1]

    def top() -> str:
        return screen_text(app).splitlines()[0]

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: entry_of(app.table_screen, "draw") is not None, "draw")
            await settle(pilot, app)
            assert "v Reveal" not in footer()
            await pilot.press("v")
            assert "you reveal after the draw (AMZ-R10)" in logged(app)
            await pilot.press("d")
            await settle(pilot, app)
            assert entry_of(app.table_screen, "reveal") is not None
            assert "v Reveal" in footer()
            assert "v reveals" in top()
            assert "x discards" in top()
            await pilot.press("v")
            await pilot.pause(0.1)
            if app.table_screen.shown_moves[0]["kind"] == "reveal":  # several ways: the list
                await pilot.press("enter")
            await until(pilot, lambda: "You revealed program" in logged(app), "the reveal")
            await settle(pilot, app)
            assert "v Reveal" not in footer()
            assert "v reveals" not in top()
            assert "Enter plays the move" not in top()
            assert "x discards" in top()
            for kind, key in (("meld", "n New set"), ("extend", "g Hit")):
                assert (key in footer()) == (entry_of(app.table_screen, kind) is not None)

    asyncio.run(run())
