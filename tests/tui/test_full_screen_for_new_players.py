"""The full-screen game as a new player meets it: everything usable at 80x24, choices listed
once, nothing started or thrown away by a stray key. Each test names the rule id it rests on."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

from textual.widgets import Select

from phase10.match import Match, ProgrammeMatch
from phase10.tui import Defaults, Phase10App
from phase10.tui.newgame import NewGameScreen, TickBox
from phase10.tui.screens import (
    ChoiceScreen,
    ConfirmScreen,
    GameOverScreen,
    HandSummaryScreen,
    NumberScreen,
    PassScreen,
    TooSmallScreen,
)
from phase10.tui.table import TableBase
from phase10.tui.table_phase10 import TableScreen
from phase10.tui.table_programmes import ProgrammeTableScreen

from .helpers import make_app, make_programmes_app, play_turn_with_keys, screen_text, settle

SMALL = (80, 24)

# ---------------------------------------------------------------------------- 80x24


def test_phase10_table_is_whole_at_80x24(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7, seats=[("You", None), ("Ann", "medium"), ("Bob", "hard")])

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, app)
            await pilot.press("d")
            await pilot.pause()
            text = screen_text(app)
            assert "Groups on the table" in text
            # The phase is written out (wrapped between words), never "1: …".
            assert "…" not in text
            assert "1: set of 3 +" in text
            assert "set of 3" in text
            # Every key of the key bar, h s r q included.
            for key in ("d Draw", "x Discard", "i Hint", "o Sort", "r Rules", "q Quit"):
                assert key in text, key
            # Every player, with the kind of player in whole words.
            # (wrapped between words when narrow; the box scrolls with more players)
            for words in ("You", "Ann", "Bob", "computer:", "medium"):
                assert words in text, words
            assert "#11" in text  # every card of the hand, its position marked with #

    asyncio.run(scenario())


def test_programmes_table_is_whole_at_80x24(tmp_path: Path) -> None:
    seats = [("You", None), ("Ann", "easy"), ("Bob", "easy")]
    app = make_programmes_app(tmp_path, seed=4, seats=seats)

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, app)
            await pilot.press("d")
            await pilot.pause()
            table = app.screen
            assert isinstance(table, ProgrammeTableScreen)
            assert table.cards is not None
            assert len(table.cards) == 14
            text = screen_text(app)
            # All 14 cards (the 14th is drawn), and no word broken inside: "Prog/ram", "reve/aled".
            assert "#14" in text
            assert "Program " in text
            assert "secret:" in text
            assert "hidden" in text
            assert "Combinations on the table" in text
            for key in ("v Reveal", "i Hint", "o Sort", "r Rules", "q Quit"):
                assert key in text, key

    asyncio.run(scenario())


def test_new_game_screen_is_whole_at_80x24(tmp_path: Path) -> None:
    app = Phase10App(save_path=tmp_path / "game.json", defaults=Defaults(players=3, seed=7))

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            # The form scrolls to the focused field; the seats' kinds are whole words.
            app.screen.query_one("#kind-2").focus()
            await pilot.pause()
            text = screen_text(app)
            assert "Person" in text
            assert "Computer: medium" in text
            app.screen.query_one("#seed").focus()
            await pilot.pause()
            assert "Seed" in screen_text(app)

    asyncio.run(scenario())


def test_a_too_small_terminal_says_so_and_the_game_comes_back(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7, seats=[("You", None), ("Ann", "medium")])

    async def scenario() -> None:
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause(0.2)
            assert isinstance(app.screen, TooSmallScreen)
            text = " ".join(screen_text(app).split())
            assert "too small" in text
            assert "at least 80×24" in text
            assert "60×20" in text
            await pilot.resize_terminal(*SMALL)
            await pilot.pause(0.2)
            await settle(pilot, app)
            assert isinstance(app.screen, TableScreen)

    asyncio.run(scenario())


# ---------------------------------------------------------------------------- new sets


def test_one_or_two_cards_after_revealing_give_the_new_set_size_rule(
    tmp_path: Path,
) -> None:
    """E-14: a new set needs at least 3 cards; not "reveal your program first"."""
    app = make_programmes_app(tmp_path, seed=4, seats=[("You", None), ("Ann", "easy")])

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            table = app.screen
            assert isinstance(table, ProgrammeTableScreen)
            await pilot.press("d", "i")
            assert type(table.hinted).__name__ == "Reveal"
            await pilot.press("v")
            await pilot.pause()
            assert app.match.state.players[0].revealed
            await pilot.press("escape", "1", "n")
            assert table.message is not None
            assert "E-14" in table.message
            assert "at least 3 cards" in table.message
            assert "reveal your program first" not in table.message
            await pilot.press("2", "n")
            assert table.message is not None
            assert "E-14" in table.message

    asyncio.run(scenario())


# ---------------------------------------------------------------------------- new game and table


def test_the_new_game_screen_deals_programmes_with_the_program_swap(tmp_path: Path) -> None:
    """AMZ-R31: the programmes game's one option is offered and dealt."""
    app = Phase10App(
        save_path=tmp_path / "game.json", defaults=Defaults(players=2, seed=4), delay=0
    )

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.screen.query_one("#game", Select).value = "programmes"
            await pilot.pause()
            text = screen_text(app)
            assert "New game of Programmes" in text
            assert "n_phases" not in text  # none of Phase 10's options
            assert "ten_hands" not in text
            swap = next(box for box in app.screen.query(TickBox) if box.name == "program_swap")
            swap.value = True
            await pilot.press("ctrl+s")
            await settle(pilot, app)
            assert isinstance(app.match, ProgrammeMatch)
            assert app.match.rules.program_swap_after == 3

    asyncio.run(scenario())


def test_first_enter_does_not_start_and_escape_asks(tmp_path: Path) -> None:
    app = Phase10App(save_path=tmp_path / "game.json", defaults=Defaults(players=2, seed=4))

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            assert isinstance(app.focused, Select)
            assert app.focused.id == "game"
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            await pilot.press("escape", "y")
            await pilot.pause()
        assert app.return_value is None

    asyncio.run(scenario())


def test_the_drawn_card_is_marked_in_words_and_by_a_sign(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7, seats=[("You", None), ("Ann", "medium"), ("Bob", "hard")])

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, app)
            await pilot.press("d")
            await pilot.pause()
            table = app.screen
            assert isinstance(table, TableBase)
            assert table.cards is not None
            assert table.drawn is not None
            drawn = table.cards[table.drawn]
            name = table._card_name(drawn)
            assert f"You drew {name} (marked *)." in screen_text(app)

    asyncio.run(scenario())


def test_every_card_is_reachable_by_its_number(tmp_path: Path) -> None:
    """The digit keys reach cards 1 to 10; c asks for any number (a 14-card hand)."""
    app = make_programmes_app(tmp_path, seed=4, seats=[("You", None), ("Ann", "easy")])

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, app)
            await pilot.press("d", "c")
            assert isinstance(app.screen, NumberScreen)
            await pilot.press("1", "4", "enter")
            table = app.screen
            assert isinstance(table, ProgrammeTableScreen)
            assert table.chosen == {13}
            await pilot.press("c", "9", "9", "enter")
            assert "There is no card 99" in screen_text(app)
            await pilot.press("escape")
            assert app.screen is table

    asyncio.run(scenario())


def test_x_with_nothing_chosen_asks_first(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7, seats=[("You", None), ("Ann", "medium")])

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, app)
            await pilot.press("d")
            actions = len(app.match.record.actions)
            await pilot.press("x")
            assert isinstance(app.screen, ConfirmScreen)
            assert "No card is chosen. Discard" in screen_text(app)
            await pilot.press("n")
            assert len(app.match.record.actions) == actions
            await pilot.press("x", "y")
            assert len(app.match.record.actions) > actions

    asyncio.run(scenario())


def test_laydown_lists_show_distinct_choices_only() -> None:
    """The same lay-down with colours swapped is listed once."""
    from phase10.games.phase10.actions import LayDown
    from phase10.games.phase10.groups import Group
    from phase10.tui.hand import laydowns_for

    sevens = ["set R7 B7 G7", "set R7 B7 Y7", "set B7 G7 Y7"]
    options = [LayDown((Group.parse("set R3 B3 W"), Group.parse(s))) for s in sevens]
    other = LayDown((Group.parse("set R3 B3 W"), Group.parse("set R9 B9 G9")))
    view = SimpleNamespace(legal=[*options, other])
    assert laydowns_for(view, ()) == [options[0], other]  # type: ignore[arg-type]


def test_a_longer_choice_is_laid_and_the_extras_hit_in_the_same_turn(
    tmp_path: Path,
) -> None:
    """D-14: after laying down, the player may hit their own groups in the same turn; the
    chosen 4th card of a set is not ignored."""
    from phase10.games.phase10.cards import NUMBER_OF

    app = make_app(tmp_path, seed=23, seats=[("You", None), ("Ann", "easy")])

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            await pilot.press("d")
            table = app.screen
            assert isinstance(table, TableScreen)
            hand = app.match.state.players[0].hand
            chosen = [c for c in hand if NUMBER_OF[c] in (3, 7) and c < 48]
            assert len(chosen) == 7
            table._select(chosen)
            await pilot.press("l")
            await pilot.pause()
            groups = app.match.state.table[0]
            assert sorted(len(g.cards) for g in groups) == [3, 4]
            assert len(app.match.state.players[0].hand) == len(hand) - 7
            # A card that fits nothing lists every group with its own reason.
            left = app.match.state.players[0].hand
            misfit = next(c for c in left if c < 48 and NUMBER_OF[c] not in (3, 7))
            table._select([misfit])
            await pilot.press("g")
            await pilot.pause()
            assert isinstance(app.screen, ChoiceScreen)
            labels = [label for label, _enabled in app.screen.options]
            assert len(labels) == 2
            assert all("P10-R" in label for label in labels), labels
            assert not any(enabled for _label, enabled in app.screen.options)

    asyncio.run(scenario())


def test_the_pending_skip_note_is_never_cut(tmp_path: Path) -> None:
    from rich.console import Console

    from phase10.tui.widgets import players_table

    app = make_app(tmp_path, seed=7, seats=[("You", None), ("Ann", "medium"), ("Bob", "hard")])
    view = app.match.view(0)
    players = list(view.players)
    players[1] = replace(players[1], skip_pending=1)
    view = replace(view, players=tuple(players))
    console = Console(width=50, record=True)
    console.print(players_table(view, app.match.names, ["", "computer: medium", ""]))
    text = " ".join(console.export_text().split())
    # Wrapped between words (the columns interleave in the plain text), never cut.
    assert "(will" in text
    assert "lose the next turn)" in text
    assert "…" not in text


def test_the_end_of_hand_shows_the_cards_left(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=5, seats=[("You", None), ("Ann", "hard")])

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            for _turn in range(60):
                if isinstance(app.screen, HandSummaryScreen):
                    break
                await play_turn_with_keys(pilot, app)
                await settle(pilot, app)
            assert isinstance(app.screen, HandSummaryScreen)
            result = app.screen.result
            assert "Cards left" in screen_text(app)
            assert len(result.left) == 2
            out = [name for name, *_rest in result.rows].index(result.went_out or "")
            assert result.left[out] == "-"
            assert any(cards != "-" for cards in result.left)

    asyncio.run(scenario())


def test_the_final_standing_offers_a_rematch(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7, seats=[("You", None), ("Ann", "medium")])

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, app)
            answers: list[bool | None] = []
            await app.push_screen(
                GameOverScreen("Ann wins.", [(1, "Ann", 10, 5, True)]), answers.append
            )
            await pilot.pause()
            assert "Play again (n)" in screen_text(app)
            await pilot.press("n")
            assert answers == [True]
            await pilot.pause()
            old = app.match
            app.rematch()
            await settle(pilot, app)
            assert app.match is not old
            assert app.match.seed == old.seed + 1
            assert app.match.names == old.names
            assert isinstance(app.screen, TableScreen)

    asyncio.run(scenario())


def test_a_resumed_game_shows_the_last_moves(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7, seats=[("You", None), ("Ann", "medium")])

    async def first() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, app)
            await pilot.press("d", "x", "y")
            await settle(pilot, app)
            await pilot.press("q")

    asyncio.run(first())
    resumed = Phase10App(
        save_path=tmp_path / "game.json", match=Match.load(tmp_path / "game.json"), delay=0
    )

    async def second() -> None:
        async with resumed.run_test(size=SMALL) as pilot:
            await settle(pilot, resumed)
            log = "\n".join(resumed.log_lines)
            assert "The last moves before the game was saved:" in log
            assert "You drew" in log
            assert "You discarded" in log

    asyncio.run(second())


def test_q_on_the_pass_screen_and_ctrl_c_quit(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=3, seats=[("Ann", None), ("Bob", None)])

    async def hot_seat() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, PassScreen)
            await pilot.press("q")
        assert app.return_value is not None
        assert "Game saved" in app.return_value

    asyncio.run(hot_seat())
    other = make_app(tmp_path, seed=7, seats=[("You", None), ("Ann", "medium")])

    async def ctrl_c() -> None:
        async with other.run_test(size=SMALL) as pilot:
            await settle(pilot, other)
            await pilot.press("ctrl+c")
            assert isinstance(other.screen, ConfirmScreen)
            await pilot.press("n")
            assert isinstance(other.screen, TableScreen)
            await pilot.press("ctrl+c", "y")
        assert other.return_value is not None
        assert "Game saved" in other.return_value

    asyncio.run(ctrl_c())


def test_the_programmes_rules_screen_has_every_point_of_the_leaflet(tmp_path: Path) -> None:
    from phase10.api import find_variant
    from phase10.tui.rules_text import rules_markdown

    text = " ".join(rules_markdown(find_variant("programmes+program_swap")).split())
    points = {
        "no new runs after revealing": ("AMZ-R21", "never start a new run"),
        "no extending before revealing": ("AMZ-R22", "Before revealing you may not add"),
        "one card left: draw from the pile": ("AMZ-R10", "exactly one card"),
        "sun cards": ("AMZ-R07", "sun card"),
        "aces high or low": ("AMZ-R26", "J-Q-K-A"),
        "wilds keep their value": ("AMZ-R25", "keeps that value"),
        "a natural card per combination": ("AMZ-R17", "at least one natural card"),
        "program constraints": ("AMZ-R16", "forbid wilds"),
        "exact counts": ("E-08", "exactly the number of cards"),
        "unrevealed programs carry over": ("AMZ-R29", "unrevealed program is kept"),
        "the swap": ("AMZ-R31", "swap it"),
        "the first dealer": ("AMZ-R05", "first spade"),
    }
    for point, (rule, words) in points.items():
        assert rule in text, point
        assert words in text, point
    assert "the program swap is on: after 3 failed rounds" in text
    app = make_programmes_app(tmp_path, seed=4, seats=[("You", None), ("Ann", "easy")])

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, app)
            await pilot.press("r")
            await pilot.pause()
            assert "the program swap is off" in screen_text(app)

    asyncio.run(scenario())


def test_reveal_lists_show_distinct_choices_only() -> None:
    """A set with its suits swapped is one choice; runs in other suits are not."""
    from phase10.games.programmes.actions import Reveal
    from phase10.games.programmes.combos import parse_combinations
    from phase10.tui.hand import distinct
    from phase10.tui.table_programmes import reveal_shape

    def reveal(text: str) -> Reveal:
        return Reveal(parse_combinations(text))

    sets = [reveal("set 7S 7H 7D 7C"), reveal("set 7S 7H 7D 7D"), reveal("set 8S 8H 8D 8C")]
    assert distinct(sets, reveal_shape) == [sets[0], sets[2]]
    runs = [reveal("run 4S 5S 6S 7S"), reveal("run 4H 5H 6H 7H")]
    assert distinct(runs, reveal_shape) == runs
