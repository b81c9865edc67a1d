"""Phase 10 full screen at this keyboard, driven by keys through Textual's pilot: whole hands
against computers, moves the rules refuse, the hot seat, the rules screen, the orders of the
hand, the hint, and leaving and resuming through the command line."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import ModalScreen
from textual.widgets import OptionList

from phase10.cli import local_play
from phase10.match import Match
from phase10.tui.local import LocalApp
from phase10.tui.online_table import OnlineTable, SummaryScreen
from phase10.tui.screens import PassScreen, RulesScreen

from .helpers import (
    SIZE,
    app_for,
    entry_of,
    headless_play_local,
    in_log,
    log_text,
    make_app,
    may_act,
    play_turn_with_keys,
    screen_text,
    settle,
    start,
    until,
)


def on_table(app: LocalApp) -> bool:
    """Whether the table is the screen shown (no screen over it)."""
    return app.screen is app.table_screen


def logged(app: LocalApp) -> str:
    """The log's text, its lines joined (a long sentence wraps over several)."""
    return " ".join(log_text(app))


@pytest.mark.parametrize(
    ("seed", "seats"),
    [
        (10, [("You", None), ("Ann", "easy")]),
        (57, [("You", None), ("Ann", "easy"), ("Bob", "easy")]),
    ],
    ids=["one-computer", "two-computers"],
)
def test_a_whole_hand_is_played_with_keys_and_saved_after_every_move(
    tmp_path: Path, seed: int, seats: list[tuple[str, str | None]]
) -> None:
    """Draw, lay down, hit and discard as the hint proposes, with keys only, until someone
    goes out (P10-R30): the hand ends at once with its points on screen (P10-R31, P10-R34),
    Enter deals the next hand, s shows those results again (the computers waiting while
    they are read), and the save is the game as played."""
    app = make_app(tmp_path, seed=seed, seats=seats)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("s")
            await until(pilot, lambda: "No results yet" in logged(app), "no results yet")
            assert on_table(app)
            for _turn in range(40):
                if isinstance(app.screen, SummaryScreen):
                    break
                await play_turn_with_keys(pilot, app)
                await settle(pilot, app)
            assert isinstance(app.screen, SummaryScreen)
            text = screen_text(app)
            assert "Hand 1 ended." in text
            assert "went out." in text
            assert "Points this hand" in text
            await pilot.press("enter")
            await settle(pilot, app)
            assert on_table(app)
            assert app.local.match.game.hand_number(app.local.match.state) == 1
            log = log_text(app)
            assert any(line.startswith("You laid down phase 1:") for line in log)
            assert any("Hand 1 ended." in line for line in log)
            await pilot.press("s")
            await until(pilot, lambda: isinstance(app.screen, SummaryScreen), "the results")
            version = app.local.match.version
            assert "Hand 1 ended." in screen_text(app)
            assert "Points this hand" in screen_text(app)
            await pilot.pause(0.3)
            assert app.local.match.version == version, "a computer played behind the results"
            await pilot.press("enter")
            await settle(pilot, app)
            assert on_table(app)
            assert app.local.match.game.hand_number(app.local.match.state) == 1

    asyncio.run(run())
    saved = Match.load(tmp_path / "game.json")
    assert saved.record.actions == app.local.match.record.actions
    assert saved.state.digest() == app.local.match.state.digest()


def test_a_skip_on_the_discard_pile_cannot_be_taken_and_t_says_so(tmp_path: Path) -> None:
    """Seed 49 turns up a Skip (P10-R11): the Skip on the discard pile is never taken (D-07),
    so the moves offer only the draw, t says it cannot take and changes nothing, d draws."""
    app = make_app(tmp_path, seed=49, seats=[("You", None), ("Ann", "easy")])

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            assert "Discard pile: S (1)" in screen_text(app)
            assert [e["kind"] for e in app.table_screen.entries()] == ["draw"]
            version = app.local.match.version
            await pilot.press("t")
            refusal = "Not allowed (D-07): a Skip on the discard pile can never be taken"
            await until(pilot, lambda: refusal in logged(app), "the refusal of t")
            assert app.local.match.version == version
            await pilot.press("d")
            await until(pilot, lambda: app.local.match.version == version + 1, "the draw")
            assert any(line.startswith("You drew ") for line in log_text(app))

    asyncio.run(run())


def test_keys_out_of_turn_order_say_why_and_change_nothing(tmp_path: Path) -> None:
    """A turn is a draw, then lay-downs and hits, then a discard (D-19): each key out of
    that order, or without the card it needs, says why in the log and plays nothing."""
    app = make_app(tmp_path, seed=5, seats=[("You", None), ("Ann", "easy")])

    async def said(pilot: Pilot[Any], *keys: str, answer: str) -> None:
        before = len(logged(app))
        await pilot.press(*keys)
        await until(pilot, lambda: answer in logged(app)[before:], answer)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            version = app.local.match.version
            first = "Draw a card first: you discard at the end of your turn (D-19)."
            await said(pilot, "x", answer=first)
            await said(pilot, "1", "x", answer="Not allowed (D-19): draw a card first")
            await said(pilot, "escape", "l", answer="Draw a card first: a phase goes down after")
            await said(pilot, "v", answer="There is no such move in this game.")
            assert app.local.match.version == version
            await pilot.press("d")
            await until(pilot, lambda: app.local.match.version == version + 1, "the draw")
            await settle(pilot, app)
            await said(pilot, "d", answer="Not allowed (D-19): you have already drawn")
            await said(pilot, "t", answer="Not allowed (D-19): you have already drawn")
            await said(pilot, "1", "2", "x", answer="You chose 2 cards: a discard is one card;")
            await said(pilot, "escape", "g", answer="You may hit only once your phase is down")
            assert app.local.match.version == version + 1

    asyncio.run(run())


def test_two_people_pass_the_keyboard_and_hands_stay_hidden(tmp_path: Path) -> None:
    """Two people at one keyboard: the game starts on a screen that asks to pass the
    keyboard to the person to move by name and covers the whole table; Enter shows that
    person's own hand; after their discard the next person is asked for, and the screen
    again shows no hand."""
    app = make_app(tmp_path, seed=3, seats=[("Ann", None), ("Bob", None)])
    match = app.local.match

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            first = match.to_act
            asked = f"Pass the keyboard to {match.names[first]}."
            await until(pilot, lambda: asked in screen_text(app), "the pass screen")
            assert isinstance(app.screen, PassScreen)
            assert not isinstance(app.screen, ModalScreen)  # nothing of the table shows
            assert app.seat is None
            await pilot.press("enter")
            await settle(pilot, app)
            assert app.seat == first
            assert may_act(app)
            hand = app.table_screen.query_one("#hand", OptionList)
            assert hand.option_count == len(match.view(first).hand)
            await pilot.press("d")
            await settle(pilot, app)
            await pilot.press("1", "x")
            await until(pilot, lambda: isinstance(app.screen, PassScreen), "the next pass")
            other = match.to_act
            assert other != first
            text = screen_text(app)
            assert f"Pass the keyboard to {match.names[other]}." in text
            assert "Your hand" not in text
            await pilot.press("enter")
            await settle(pilot, app)
            assert app.seat == other
            assert may_act(app)
            assert hand.option_count == len(match.view(other).hand)

    asyncio.run(run())


def test_the_rules_screen_the_orders_of_the_hand_and_the_hint(tmp_path: Path) -> None:
    """r shows the rules with the phases in play; o goes through the game's two orders, and
    once a card is drawn back to the cards as they came, the newest last; i says the hint,
    chooses its cards and highlights its move, which Enter plays."""
    app = make_app(tmp_path, seed=5, seats=[("You", None), ("Ann", "easy")])

    def subtitle() -> str:
        return str(app.table_screen.query_one("#hand", OptionList).border_subtitle)

    def shown_codes() -> list[str]:
        hand = [card["code"] for card in (app.shown or {})["hand"]]
        return [hand[i] for i in app.table_screen.shown_hand]

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            table = app.table_screen
            await pilot.press("r")
            assert isinstance(app.screen, RulesScreen)
            assert "## The phases" in app.screen.markdown
            assert "run of 7" in app.screen.markdown
            await pilot.press("escape")
            assert on_table(app)
            # Dealt, no card is newer than another: the hand is in colour order, and says so.
            dealt = shown_codes()
            assert subtitle() == "By colour"
            await pilot.press("o")
            assert subtitle() == "By number"
            by_number = [(int(c[1:]) if c[1:].isdigit() else 99) for c in shown_codes()]
            assert by_number == sorted(by_number)
            await pilot.press("o")
            assert (subtitle(), shown_codes()) == ("By colour", dealt)
            await pilot.press("o")
            assert subtitle() == "By number"
            await pilot.press("o")
            await pilot.press("i")
            await until(pilot, lambda: "Hint: Draw from the draw pile." in logged(app), "hint")
            await pilot.press("d")
            await settle(pilot, app)
            # The server keeps the hand sorted; once back to the cards as they came, the
            # drawn card shows last, the rest where they were.
            drawn = logged(app).split("You drew ")[-1].split(".")[0]
            await pilot.press("o")
            assert (subtitle(), shown_codes()) == ("Newest last", [*dealt, drawn])
            await pilot.press("i")
            await until(pilot, lambda: "Hint: " in logged(app).split("You drew")[-1], "hint")
            # The hint names the move, then may say why ("Your phase does not need the R12.").
            hinted = logged(app).split("Hint: ")[-1].split(". ")[0].removesuffix(".")
            moves = table.query_one("#moves", OptionList)
            assert moves.highlighted is not None
            highlighted = table.shown_moves[moves.highlighted]
            assert highlighted["label"] == hinted
            assert sorted(table.chosen_cards()) == sorted(highlighted["cards"])
            version = app.local.match.version
            await pilot.press("enter")
            await until(pilot, lambda: app.local.match.version > version, "the hinted move")
            played = [line for line in log_text(app) if line.startswith("You ")][-1]
            assert played.split()[1] in ("discarded", "laid", "hit")

    asyncio.run(run())


def test_q_saves_and_resume_goes_on_where_it_was(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``phase10 play`` full screen: q after a draw leaves with the game saved and the
    command that resumes it; resuming opens the game where it was (the draw made), says
    so in the log, and the game goes on from there."""
    path = tmp_path / "game.json"
    match = start(seed=5, seats=[("You", None), ("Ann", "easy")])

    async def draw_and_quit(pilot: Pilot[Any], app: LocalApp) -> None:
        await settle(pilot, app)
        await pilot.press("d")
        await settle(pilot, app)
        await pilot.press("q")

    headless_play_local(monkeypatch, draw_and_quit)
    assert local_play.play(match, str(path), "en", resumed=False, screen=True) == 0
    out = capsys.readouterr().out
    assert f"Game saved to {path}. Resume it with: " in out
    saved = Match.load(path)
    assert saved.record.actions == match.record.actions
    assert saved.game.legal_actions(saved.state)  # the discard is still to make
    drawn = saved.version

    async def discard(pilot: Pilot[Any], app: LocalApp) -> None:
        await settle(pilot, app)
        assert isinstance(app.screen, OnlineTable)
        assert in_log(app, f"Resumed the game from {path}, hand 1.")
        assert entry_of(app.table_screen, "draw") is None  # the draw was made before
        await pilot.press("1", "x")
        await until(pilot, lambda: app.local.match.version > drawn, "the discard")
        await settle(pilot, app)
        await pilot.press("q")

    headless_play_local(monkeypatch, discard)
    assert local_play.play(saved, str(path), "en", resumed=True, screen=True) == 0
    assert Match.load(path).version > drawn


def test_enter_on_the_log_plays_the_highlighted_move(tmp_path: Path) -> None:
    """Tab can leave the lists for the log; Enter there still plays the move the list of
    moves highlights (here the draw, D-19), rather than nothing."""
    app = make_app(tmp_path, seed=5, seats=[("You", None), ("Ann", "easy")])

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            version = app.local.match.version
            app.table_screen.query_one("#log").focus()
            await pilot.press("enter")
            await until(pilot, lambda: app.local.match.version == version + 1, "the move")
            assert any(line.startswith("You drew ") for line in log_text(app))

    asyncio.run(run())


def test_a_resumed_hot_seat_tells_each_person_the_last_events(tmp_path: Path) -> None:
    """A hot seat taken up again from its save: after the pass screen, the person's log
    holds the game's last events as their seat may know them, ending with their turn; one
    who had a turn before the save reads them under "Since your last turn:", as they would
    have without the save (P10-R13: a turn is a draw, then a discard)."""
    first = make_app(tmp_path, seed=3, seats=[("Ann", None), ("Cleo", None), ("Bob", "easy")])
    match = first.local.match

    async def two_turns() -> None:
        async with first.run_test(size=SIZE) as pilot:
            played = 0
            for _step in range(40):
                await settle(pilot, first)
                if isinstance(first.screen, PassScreen):
                    await pilot.press("enter")
                elif may_act(first):
                    await play_turn_with_keys(pilot, first)
                    played += 1
                    if played == 2:
                        break
            assert played == 2

    asyncio.run(two_turns())
    resumed = app_for(Match.load(tmp_path / "game.json"), tmp_path, resumed=True)

    async def come_back() -> None:
        async with resumed.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(resumed.screen, PassScreen), "the pass")
            await pilot.press("enter")
            await until(pilot, lambda: may_act(resumed), "the person's turn")
            await pilot.pause(0.1)
            log = log_text(resumed)
            assert len(log) > 2
            assert "It is your turn." in log
            assert log[0] == "Since your last turn:", log
            assert not any(line.startswith(("Ann drew R", "Cleo drew R")) for line in log)

    asyncio.run(come_back())
    assert match.version > 0
