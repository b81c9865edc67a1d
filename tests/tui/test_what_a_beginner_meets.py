"""What a first game at the full screen met, and what it does now: the computers wait behind
any screen over the table, a move key plays only the cards chosen (a move that needs more is
offered, not played), and a lay-down refused says why."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from textual.widgets import OptionList

from phase10.table.local import LocalTable
from phase10.tui.local import LocalApp
from phase10.tui.screens import RulesScreen

from .helpers import choose_card, log_text, make_app, screen_text, settle, start, until

#: You holds R4 R10 B11 Y2 Y5 Y11 G6 W W S, with a W on the discard pile; You moves first.
SEED = 561446187
#: How long a computer takes per move in the tests of its pace (seconds).
PACE = 1.0


def paced_app(tmp_path: Path) -> LocalApp:
    """You (a person) against Ann (an easy computer), Ann moving once per :data:`PACE`."""
    match = start(seed=SEED, seats=[("You", None), ("Ann", "easy")])
    path = tmp_path / "game.json"
    table = LocalTable(match, on_move=lambda played: played.save(path))
    return LocalApp(table, "en", PACE)


@pytest.mark.parametrize("key", ["r", "question_mark"])
def test_the_computers_wait_behind_the_rules_and_the_keys(tmp_path: Path, key: str) -> None:
    """README: the computers wait while a screen over the table waits for a key. The rules
    (r) or the keys (?) opened as a computer's turn starts hold it until Escape closes them:
    nothing happens behind them, and no hand's results open over them."""
    app = paced_app(tmp_path)
    match = app.local.match

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            await pilot.press("d")
            await settle(pilot, app)
            await choose_card(pilot, app, "Y2")
            await pilot.press("x", key)
            await until(pilot, lambda: isinstance(app.screen, RulesScreen), "the screen")
            assert match.to_act == 1
            seq = match.seq
            deadline = time.monotonic() + 3 * PACE
            while time.monotonic() < deadline:
                await pilot.pause(0.05)
            assert match.seq == seq, "Ann played behind the screen"
            assert isinstance(app.screen, RulesScreen)
            await pilot.press("escape")
            await until(pilot, lambda: match.to_act == 0, "Ann's turn after the screen closed")

    asyncio.run(scenario())


def test_l_offers_a_lay_down_that_needs_a_card_not_chosen(tmp_path: Path) -> None:
    """The keys help: a move key whose one way uses cards not chosen offers that way for
    Enter rather than play it unasked. With R10 B11 Y11 W W chosen, the one lay-down of
    phase 1 also needs the third W: l plays nothing, highlights that lay-down in the focused
    list and says it adds W; Enter then plays it. Chosen whole, l plays at once."""
    app = make_app(tmp_path, seed=SEED, seats=[("You", None), ("Ann", "easy")])
    match = app.local.match

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            await pilot.press("t")
            await settle(pilot, app)
            for card in ["R10", "B11", "Y11", "W", "W"]:
                await choose_card(pilot, app, card)
            before = len(match.record.actions)
            await pilot.press("l")
            await pilot.pause()
            table = app.table_screen
            moves = table.query_one("#moves", OptionList)
            assert len(match.record.actions) == before
            assert moves.has_focus
            offered = table.shown_moves[moves.highlighted or 0]
            assert offered["kind"] == "lay_down"
            assert sorted(offered["cards"]) == ["B11", "R10", "W", "W", "W", "Y11"]
            said = f"One way: {offered['label']}. It also uses W, besides the cards you chose."
            assert said in " ".join(log_text(app))
            await pilot.press("enter")
            await until(pilot, lambda: len(match.record.actions) > before, "the lay-down")
            assert match.game.format_action(match.record.actions[before]) == offered["text"]

    asyncio.run(scenario())


def test_l_with_exactly_the_cards_of_a_lay_down_plays_it(tmp_path: Path) -> None:
    """A move key whose one way uses exactly the chosen cards plays it at once."""
    app = make_app(tmp_path, seed=SEED, seats=[("You", None), ("Ann", "easy")])
    match = app.local.match

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            await pilot.press("t")
            await settle(pilot, app)
            for card in ["R10", "B11", "Y11", "W", "W", "W"]:
                await choose_card(pilot, app, card)
            before = len(match.record.actions)
            await pilot.press("l")
            await until(pilot, lambda: len(match.record.actions) > before, "the lay-down")
            assert "You laid down phase 1" in " ".join(log_text(app))

    asyncio.run(scenario())


def test_l_with_several_ways_says_how_many_and_how_to_play_one(tmp_path: Path) -> None:
    """P10-R15: l where several lay-downs are open says how many, shows them in the list of
    moves (focused, the first highlighted) and how to play one; with a card chosen, it
    counts the ways that use it, and the list keeps those."""
    app = make_app(tmp_path, seed=SEED, seats=[("You", None), ("Ann", "easy")])
    match = app.local.match

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            await pilot.press("t")
            await settle(pilot, app)
            table = app.table_screen
            ways = [e for e in table.entries() if e["kind"] == "lay_down"]
            assert len(ways) > 1, ways
            before = len(match.record.actions)
            await pilot.press("l")
            await pilot.pause()
            said = f"{len(ways)} ways are open: they are in the list of your moves, the first"
            assert said in " ".join(log_text(app))
            moves = table.query_one("#moves", OptionList)
            assert moves.has_focus
            assert moves.highlighted == 0
            assert {e["kind"] for e in table.shown_moves} == {"lay_down"}
            assert len(match.record.actions) == before
            await pilot.press("escape")
            # Every way sets the two 11s with a W; each of the other naturals goes with two W
            # in one way only (a chosen R4 leaves one way, offered for Enter).
            using = [e for e in ways if "B11" in e["cards"]]
            await choose_card(pilot, app, "B11")
            await pilot.press("l")
            await pilot.pause()
            said = f"{len(using)} ways use the chosen cards: they are in the list of your moves"
            assert said in " ".join(log_text(app))
            assert [e["text"] for e in table.shown_moves] == [e["text"] for e in using]
            assert len(match.record.actions) == before

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        # Fewer cards than the phase takes: the rest would come from the hand, which has a
        # lay-down, though none with both of these (a count of the two chosen, "there are
        # 2", read as if the hand held two cards).
        (
            ["R4", "Y5"],
            "can be laid down from your hand, but no way of doing it uses all the chosen "
            "cards together.",
        ),
        (
            ["R4", "Y5", "G6", "Y2", "B11", "R10"],
            "cannot be made from the chosen cards: no set of 3, and there are no wilds.",
        ),
    ],
)
def test_l_with_cards_that_make_no_lay_down_says_why(
    tmp_path: Path, cards: list[str], reason: str
) -> None:
    """As the line mode and ``phase10 check`` do, l with chosen cards that fit no lay-down
    names the phase and why those cards cannot make it, and plays nothing (P10-R15)."""
    app = make_app(tmp_path, seed=SEED, seats=[("You", None), ("Ann", "easy")])
    match = app.local.match

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            await pilot.press("t")
            await settle(pilot, app)
            for card in cards:
                await choose_card(pilot, app, card)
            before = len(match.record.actions)
            await pilot.press("l")
            await pilot.pause()
            said = f"Phase 1 (set of 3 + set of 3) {reason} Escape clears the choice."
            assert said in " ".join(log_text(app))
            assert len(match.record.actions) == before

    asyncio.run(scenario())


def test_l_with_cards_chosen_and_no_lay_down_at_all_says_what_the_hand_lacks(
    tmp_path: Path,
) -> None:
    """P10-R15: with no lay-down in the hand at all (seed 2: R2 R4 R9 R12 B2 B3 B11 Y7 G5
    G6 W after the draw), l with two cards chosen says what the hand lacks for the phase,
    not only what the phase needs, and plays nothing."""
    app = make_app(tmp_path, seed=2, seats=[("You", None), ("Ann", "easy")])
    match = app.local.match

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            await pilot.press("d")
            await settle(pilot, app)
            assert not [e for e in app.table_screen.entries() if e["kind"] == "lay_down"]
            for card in ("R2", "B2"):
                await choose_card(pilot, app, card)
            before = len(match.record.actions)
            await pilot.press("l")
            await pilot.pause()
            said = (
                "Phase 1 (set of 3 + set of 3) cannot be made from your hand, with the chosen "
                "cards or without: each group is possible alone (set of 3 + set of 3), but "
                "not all of them from the same cards. Escape clears the choice."
            )
            assert said in " ".join(log_text(app))
            assert len(match.record.actions) == before

    asyncio.run(scenario())


def test_an_empty_discard_pile_is_said_to_be_empty_not_0(tmp_path: Path) -> None:
    """P10-R13: You takes the one card of the discard pile (the W turned up at the deal);
    the line of the piles says the discard pile is empty, where a bare "0" read as a card
    numbered 0."""
    app = make_app(tmp_path, seed=SEED, seats=[("You", None), ("Ann", "easy")])

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            assert "Discard pile: W (1)" in screen_text(app)
            await pilot.press("t")
            await settle(pilot, app)
            assert "Discard pile: empty" in screen_text(app)
            assert "Discard pile: 0" not in screen_text(app)

    asyncio.run(scenario())


def test_x_with_two_cards_chosen_says_a_discard_is_one_card(tmp_path: Path) -> None:
    """P10-R13 (a turn ends with the discard of one card): with two cards chosen, x says how
    many were chosen and that a discard is one card, where it said only to choose one."""
    app = make_app(tmp_path, seed=SEED, seats=[("You", None), ("Ann", "easy")])
    match = app.local.match

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            await pilot.press("d")
            await settle(pilot, app)
            for card in ["R4", "Y2"]:
                await choose_card(pilot, app, card)
            before = len(match.record.actions)
            await pilot.press("x")
            await pilot.pause()
            assert log_text(app)[-1] == (
                "You chose 2 cards: a discard is one card; Escape clears the choice."
            )
            assert len(match.record.actions) == before

    asyncio.run(scenario())


def test_the_rules_screen_looks_up_the_rule_a_refusal_names_and_a_word(tmp_path: Path) -> None:
    """D-19 (a turn starts with a draw): x before the draw is refused naming D-19; on the
    rules screen (r), / opens a box where D-19 typed shows that rule of the rulebook, and a
    word (wild) lists the rules that mention it (P10-R06 first); Escape goes back to the
    table's rules, then closes the screen. The rule ids of the refusals could be read only
    from the shell."""
    app = make_app(tmp_path, seed=SEED, seats=[("You", None), ("Ann", "easy")])

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            await choose_card(pilot, app, "Y2")
            await pilot.press("x")
            await pilot.pause()
            assert "(D-19)" in log_text(app)[-1]
            await pilot.press("r")
            await until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
            assert "Press / to look up a rule" in screen_text(app)
            await pilot.press("slash", *"D-19", "enter")
            rule = "D-19 The order of a turn"
            await until(pilot, lambda: rule in screen_text(app), "the rule D-19")
            assert isinstance(app.screen, RulesScreen)
            await pilot.press("escape", "escape")  # the box, then the rule looked up
            await until(pilot, lambda: rule not in screen_text(app), "the table's rules")
            await pilot.press("slash", *"wild", "enter")
            await until(pilot, lambda: "rules mention 'wild'" in screen_text(app), "the list")
            assert "P10-R06: Wild" in screen_text(app)
            assert "AMZ-R" not in screen_text(app)  # the other game's rules are not listed
            await pilot.press("escape", "escape", "escape")
            await until(pilot, lambda: not isinstance(app.screen, RulesScreen), "the table")

    asyncio.run(scenario())
