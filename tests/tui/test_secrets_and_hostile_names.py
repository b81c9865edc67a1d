"""On the full screen at this keyboard: no secret of another seat on screen in a hot seat,
the log telling each person only what their seat may know, names shown as text (never as
markup or raw escape codes), and card numbers beyond the hand answered."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from phase10.kernel.notation import is_control, printable
from phase10.match import Match
from phase10.table.local import LocalTable
from phase10.tui.local import LocalApp
from phase10.tui.online_table import SummaryScreen
from phase10.tui.screens import PassScreen

from .helpers import (
    SIZE,
    log_text,
    make_app,
    may_act,
    play_turn_with_keys,
    screen_text,
    settle,
    start,
    until,
)

HOT_SEAT: list[tuple[str, str | None]] = [("Ann", None), ("Bob", None), ("Cid", "easy")]


def test_hot_seat_never_shows_the_computers_secret_program(tmp_path: Path) -> None:
    """Two people and a computer at one keyboard (seed 3; programs dealt face down,
    AMZ-R06): until the computer reveals it (AMZ-R11), its program is never on screen,
    neither while it moves, at a pace slow enough to look at the screen, nor while the
    keyboard changes hands; the pass screen shows nobody's program."""
    match = start(seed=3, seats=HOT_SEAT, rules="programmes")
    secret = str(match.view(2).program).split(":")[0]
    assert secret not in {str(match.view(seat).program).split(":")[0] for seat in (0, 1)}
    seen: list[str] = []  # the screen after each move of the computer
    mover = [match.to_act]  # who moves next: the one who made the move on_move reports

    def after_move(played: Match) -> None:
        if mover[0] == 2:
            app.call_after_refresh(lambda: seen.append(screen_text(app)))
        mover[0] = played.to_act

    app = LocalApp(LocalTable(match, on_move=after_move), "en", 0.3)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            for _step in range(200):
                await pilot.pause(0.05)
                text = screen_text(app)
                if match.state.players[2].revealed or isinstance(app.screen, SummaryScreen):
                    break
                assert secret not in text
                if isinstance(app.screen, PassScreen):
                    assert "PRG-" not in text
                    await pilot.press("enter")
                elif may_act(app):
                    await play_turn_with_keys(pilot, app)

    asyncio.run(scenario())
    before_reveal = [text for text in seen if "reveal" not in text]
    assert len(seen) >= 2  # the computer was seen moving, twice or more
    assert all(secret not in text for text in before_reveal)


def test_the_hot_seat_log_tells_each_person_only_what_their_seat_may_know(
    tmp_path: Path,
) -> None:
    """Each time the keyboard passes, the log starts again with what that person may know:
    every card drawn from the pile by someone else is "a card", the last person's own draws
    are gone, a person who moved before hears "Since your last turn:", and one whose first
    turn it is after someone else's, "Since the game began:"."""
    app = make_app(tmp_path, seed=4, seats=HOT_SEAT, rules="programmes")
    match = app.local.match
    since = 0
    headings: list[str] = []

    async def scenario() -> None:
        nonlocal since
        async with app.run_test(size=SIZE) as pilot:
            for _step in range(60):
                await settle(pilot, app)
                if isinstance(app.screen, PassScreen):
                    await pilot.press("enter")
                    await settle(pilot, app)
                    log = log_text(app)
                    since += "Since your last turn:" in log
                    headings.append(log[0] if log else "")
                    drew = [line for line in log if " drew " in line]
                    assert not [line for line in drew if line.startswith("You ")]
                    assert all(line.endswith("drew a card.") for line in drew), drew
                    await play_turn_with_keys(pilot, app)
                if match.version > 12 and since >= 2:
                    break

    asyncio.run(scenario())
    assert match.version > 12
    assert since >= 2
    assert headings[1] == "Since the game began:", headings


#: Sixteen hostile names: markup that crashed the screen or turned into styling, and
#: terminal escape codes (ESC, CSI, OSC 8 links, BEL, C1, bidi overrides).
HOSTILE_NAMES = (
    "[/]",
    "a[/b]",
    "[link=https://x]y[/link]",
    "[red]x[/red]",
    "[bold]",
    "[",
    "x]",
    "\\[x]",
    "[@click=app.quit]q[/]",
    ":smile:",
    "[/red]",
    "x[",
    "\x1b[31mR",
    "\x1b]8;;http://x\x07L",
    "\u202eevil",
    "\x07bell\x9b",
)


def _no_control(text: str) -> bool:
    return not [c for c in text if is_control(c) and c != "\n"]


@pytest.mark.parametrize("rules", ["standard", "programmes"])
@pytest.mark.parametrize("chunk", range(0, len(HOSTILE_NAMES), 4))
def test_names_are_text_on_the_full_screen(tmp_path: Path, rules: str, chunk: int) -> None:
    """Four players named with markup and escape codes, a turn played with keys: the
    person's name shows as written (its escape codes spelt out; the players table shows a
    name's first 12 characters), and the screen holds no control character."""
    names = HOSTILE_NAMES[chunk : chunk + 4]
    levels: list[str | None] = [None, "easy", "easy", "easy"]
    app = make_app(tmp_path, seed=4, seats=list(zip(names, levels, strict=True)), rules=rules)
    shown: list[str] = []

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            shown.append(screen_text(app))
            await pilot.press("d")
            await settle(pilot, app)
            await pilot.press("1", "x")
            await until(pilot, lambda: app.local.match.version > 2, "the discard")
            await settle(pilot, app)
            shown.append(screen_text(app))

    asyncio.run(scenario())  # a markup error would raise here
    assert app.local.match.version > 1
    for text in shown:
        assert printable(names[0])[:12] in text
        assert _no_control(text)


def test_names_are_text_on_the_pass_screen(tmp_path: Path) -> None:
    """Two people named with markup and escape codes: the screen that asks to pass the
    keyboard names each as written."""
    names = ("[red]x[/red]", "\x1b[31mR")
    app = make_app(tmp_path, seed=3, seats=[(names[0], None), (names[1], None)])
    match = app.local.match

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            for _turn in range(2):
                asked = f"Pass the keyboard to {printable(names[match.to_act])}."
                await until(pilot, lambda a=asked: a in screen_text(app), "the pass screen")
                assert _no_control(screen_text(app))
                await pilot.press("enter")
                await settle(pilot, app)
                await pilot.press("d")
                await settle(pilot, app)
                await pilot.press("1", "x")

    asyncio.run(scenario())


def test_a_card_number_beyond_the_hand_is_answered_and_other_digits_choose_nothing(
    tmp_path: Path,
) -> None:
    """Number keys choose the card at that place: past the end of the hand (eight cards
    after the reveal) the log says there is no such card; digits of other scripts (², ١)
    are no keys and choose nothing; the game goes on."""
    app = make_app(tmp_path, seed=24, seats=[("You", None), ("Ann", "easy")], rules="programmes")

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            await pilot.press("d")
            await settle(pilot, app)
            await pilot.press("i")
            await until(pilot, lambda: "Hint: Reveal:" in " ".join(log_text(app)), "hint")
            await pilot.press("enter")
            await until(pilot, lambda: len(app.table_screen.shown_hand) == 8, "the reveal")
            await settle(pilot, app)
            version = app.local.match.version
            await pilot.press("9")
            await until(pilot, lambda: log_text(app)[-1] == "There is no card 9 in your hand.", "9")
            await pilot.press("²", "١")
            await pilot.pause()
            assert app.table_screen.chosen == []
            await pilot.press("8", "x")
            await until(pilot, lambda: app.local.match.version > version, "the discard")

    asyncio.run(scenario())
