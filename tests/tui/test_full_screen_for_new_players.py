"""The full-screen game as a new player meets it: everything usable at 80x24, nothing
started or thrown away by a stray key, and a key that cannot act says why. Each game at this
keyboard is the client of ``phase10 join`` over a local table (:class:`LocalApp`); the
new-game screen is its own small app (:class:`ChooseApp`). Each test names the rule id it
rests on where there is one."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Select

from phase10 import games
from phase10.api import find_variant
from phase10.match import Match
from phase10.tui import ChooseApp, Defaults, Setup
from phase10.tui.local import AGAIN, LocalApp
from phase10.tui.newgame import NewGameScreen, TickBox, _named
from phase10.tui.online_table import OnlineTable, SummaryScreen
from phase10.tui.rules_text import rules_markdown
from phase10.tui.screens import ConfirmScreen, PassScreen, RulesScreen, TooSmallScreen

from .helpers import (
    app_for,
    before_going_out,
    choose_card,
    log_text,
    make_app,
    may_act,
    play_through_cli,
    region_text,
    screen_text,
    settle,
    until,
)

SMALL = (80, 24)


def _hand(app: LocalApp) -> list[str]:
    """The cards of the seat's hand, as dealt."""
    return [str(card["code"]) for card in (app.shown or {})["hand"]]


def _actions(app: LocalApp) -> int:
    return len(app.local.match.record.actions)


async def _play(pilot: Pilot[Any], app: LocalApp, *keys: str) -> None:
    """Press ``keys``, then wait for the move they make to be played and answered."""
    before = _actions(app)
    await pilot.press(*keys)
    await until(pilot, lambda: _actions(app) > before, f"the move of {keys}")
    await settle(pilot, app)


async def _go_out(pilot: Pilot[Any], app: LocalApp, moves: list[str]) -> None:
    """Play the turn ``moves`` (draw, hit a card on a group, discard a card: see
    :func:`before_going_out`) with the keys a person would press."""
    for move in moves:
        words = move.split()
        if words[0] == "draw":
            await _play(pilot, app, "d")
        elif words[0] == "hit":
            await choose_card(pilot, app, words[1])
            await _play(pilot, app, "g")
        else:
            assert words[0] == "discard", move
            await choose_card(pilot, app, words[1])
            await _play(pilot, app, "x")


# ---------------------------------------------------------------------------- 80x24


def test_the_phase10_table_is_whole_at_80x24(tmp_path: Path) -> None:
    """Phase 10 at 80x24: the phase written out whole, every player, the keys, every card of
    an 11-card hand in the list, and the card drawn named in the log."""
    app = make_app(tmp_path, seed=7, seats=[("You", None), ("Ann", "medium"), ("Bob", "hard")])

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, app)
            await _play(pilot, app, "d")
            text = screen_text(app)
            assert "…" not in text
            assert region_text(app, "#goal") == "You are on phase 1: set of 3 + set of 3."
            assert region_text(app, "#groups") == "No group is on the table yet."
            players = region_text(app, "#players")
            for words in ("Player", "Phases done", "Cards", "Points", "▶ You", "Ann", "Bob"):
                assert words in players, words
            for key in ("d Draw", "t Take", "x Discard", "i Hint", "o Sort", "r Rules", "q Leave"):
                assert key in text, key
            hand = app.table_screen.query_one("#hand", OptionList)
            assert hand.option_count == len(_hand(app)) == 11
            drawn = log_text(app)[-1]
            assert drawn.startswith("You drew ")
            assert drawn.removeprefix("You drew ").rstrip(".") in region_text(app, "#hand")

    asyncio.run(scenario())


def test_the_programmes_table_is_whole_at_80x24(tmp_path: Path) -> None:
    """Programmes at 80x24: the program, the three piles and a long reveal written whole
    (wrapped between words, never cut), and every card of a 14-card hand in the list."""
    seats = [("You", None), ("Ann", "easy"), ("Bob", "easy")]
    app = make_app(tmp_path, seed=4, seats=seats, rules="programmes")

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, app)
            await _play(pilot, app, "d")
            assert region_text(app, "#goal") == "Your program: PRG-03 (a set of 4)."
            assert region_text(app, "#groups") == "No combination is on the table yet."
            piles = region_text(app, "#pile")
            for words in ("Draw pile: 67", "Discard pile: 3♣ (1)", "Program cards: 49"):
                assert words in piles, words
            assert "Reveal: set 8♠ 8♥ 8♦ JK=8" in region_text(app, "#moves")
            assert "Programs done" in region_text(app, "#players")
            hand = app.table_screen.query_one("#hand", OptionList)
            assert hand.option_count == 14
            for key in ("x Discard", "i Hint", "o Sort", "r Rules", "q Leave"):
                assert key in screen_text(app), key

    asyncio.run(scenario())


def test_the_new_game_screen_is_whole_at_80x24() -> None:
    """The form scrolls to the focused field; the seats' kinds are whole words."""
    app = ChooseApp(Defaults(players=3, seed=7), "en")

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
            assert "New game of Phase 10" in screen_text(app)
            app.screen.query_one("#kind-2").focus()
            await pilot.pause()
            text = screen_text(app)
            assert "Person" in text
            assert "Computer: medium" in text
            app.screen.query_one("#seed").focus()
            await pilot.pause()
            assert "Seed" in screen_text(app)
            for key in ("^s Start", "f1 Rules", "esc Quit"):
                assert key in screen_text(app), key

    asyncio.run(scenario())


@pytest.mark.parametrize("width", [80, 110])
def test_each_variant_says_in_full_what_it_changes(width: int) -> None:
    """In French, where the sentences are long, each variant a player may tick on the
    new-game screen shows its whole sentence once it has the focus (the ten-hands variant,
    P10-R36, among them), at 110 columns, where the form has two columns, and at 80."""
    app = ChooseApp(Defaults(players=2, seed=4), "fr")

    async def scenario() -> None:
        async with app.run_test(size=(width, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
            # Those of the game chosen (Phase 10): the other game's options are hidden.
            boxes = [
                box
                for box in app.screen.query(TickBox)
                if all(node.display for node in box.ancestors_with_self if node is not app)
            ]
            assert boxes
            for box in boxes:
                box.focus()
                await pilot.pause()
                region = box.content_region
                rows = screen_text(app).splitlines()[region.y : region.y + region.height]
                shown = " ".join(row[region.x : region.x + region.width] for row in rows)
                assert " ".join(str(box.label).split()) in " ".join(shown.split())

    asyncio.run(scenario())


def test_a_variants_label_takes_the_languages_colon() -> None:
    """The ten-hands variant (P10-R36) on the French new-game screen: French typography sets
    a space before the colon ("Dix donnes : ...")."""
    app = ChooseApp(Defaults(players=2, seed=4), "fr")

    async def scenario() -> None:
        async with app.run_test(size=(110, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
            labels = [str(box.label) for box in app.screen.query(TickBox)]
            assert any(label.startswith("Dix donnes : ") for label in labels), labels
            assert not any("Dix donnes:" in label for label in labels), labels

    asyncio.run(scenario())


def test_a_too_small_terminal_says_so_and_the_game_comes_back(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7, seats=[("You", None), ("Ann", "medium")])

    async def scenario() -> None:
        async with app.run_test(size=(60, 20)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, TooSmallScreen), "too small")
            text = " ".join(screen_text(app).split())
            assert "too small" in text
            assert "at least 80×24" in text
            assert "60×20" in text
            await pilot.resize_terminal(*SMALL)
            await until(pilot, lambda: app.screen is app.table_screen, "the table again")
            await settle(pilot, app)
            assert may_act(app)

    asyncio.run(scenario())


def test_a_too_small_terminal_covers_the_new_game_screen_until_enlarged() -> None:
    app = ChooseApp(Defaults(players=2, seed=4), "en")

    async def scenario() -> None:
        async with app.run_test(size=(70, 20)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, TooSmallScreen), "too small")
            assert "70×20" in " ".join(screen_text(app).split())
            await pilot.resize_terminal(*SMALL)
            await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")

    asyncio.run(scenario())


# ---------------------------------------------------------------------------- new sets


def test_after_revealing_a_new_set_needs_three_cards(tmp_path: Path) -> None:
    """E-14: a new set needs at least 3 cards: every new set offered uses three or more, and
    n with a card that is in none of them says so, playing nothing."""
    app = make_app(tmp_path, seed=4, seats=[("You", None), ("Ann", "easy")], rules="programmes")

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            table = app.table_screen
            await _play(pilot, app, "d")
            await pilot.press("i")
            await until(pilot, lambda: app.hint_id is None and table.chosen, "the hint")
            await _play(pilot, app, "v")
            assert app.local.match.state.players[0].revealed
            assert any(line.startswith("You revealed program") for line in log_text(app))
            melds = [e for e in table.entries() if e["kind"] == "meld"]
            assert melds
            assert all(len(e["cards"]) >= 3 for e in melds)
            in_a_set = {card for e in melds for card in e["cards"]}
            hand = _hand(app)
            alone = next(card for card in hand if card not in in_a_set)
            before = _actions(app)
            await choose_card(pilot, app, alone)
            await pilot.press("n")
            await pilot.pause()
            assert log_text(app)[-1] == (
                "No such move uses the chosen cards; Escape clears the choice."
            )
            assert _actions(app) == before

    asyncio.run(scenario())


# ---------------------------------------------------------------------------- new game and table


def test_the_new_game_screen_deals_programmes_with_the_program_swap() -> None:
    """AMZ-R31: the programmes game's one option is offered, ticked with the keys, and dealt;
    none of Phase 10's options is shown."""
    app = ChooseApp(Defaults(players=2, seed=4), "en")

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.focused is not None, "the form")
            assert app.focused is not None
            assert app.focused.id == "game"
            await pilot.press("enter", "down", "enter")
            await until(pilot, lambda: "New game of Programmes" in screen_text(app), "Programmes")
            text = screen_text(app)
            assert "Ten hands" not in text  # none of Phase 10's options
            assert "Program swap" in text
            for _field in range(20):  # Tab goes through the seats to the options
                await pilot.press("tab")
                if app.focused is not None and app.focused.name == "program_swap":
                    break
            assert app.focused is not None
            assert app.focused.name == "program_swap"
            await pilot.press("space", "ctrl+s")
            await until(pilot, lambda: app.return_value is not None, "the game chosen")

    asyncio.run(scenario())
    setup = app.return_value
    assert isinstance(setup, Setup)
    assert games.of(setup.rules).name == "programmes"
    assert setup.rules.program_swap_after == 3
    assert setup.seed == 4


def test_rules_that_hold_a_variant_already_show_it_ticked_and_locked() -> None:
    """P10-R25: the German rules already make a Skip hit the next player, so choosing them
    ticks and locks that variant, which says it is in the chosen rules, and the game is dealt
    under those rules, not under them plus the variant again; back on the standard rules the
    box is free and blank again, as the player had it."""
    app = ChooseApp(Defaults(players=2, seed=4), "en")

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.focused is not None, "the form")
            screen = app.screen
            assert isinstance(screen, NewGameScreen)
            options = screen.query_one("#options-phase10")
            box = next(b for b in options.query(TickBox) if b.name == "skip_next_player")
            profile = options.query_one(".profile", Select)
            assert not box.disabled
            assert not box.value
            profile.value = "de_article"
            await until(pilot, lambda: box.disabled, "the variant locked")
            assert box.value
            assert "(in the chosen rules)" in str(box.label)
            profile.value = "standard"
            await until(pilot, lambda: not box.disabled, "the variant free")
            assert not box.value
            assert "(in the chosen rules)" not in str(box.label)
            profile.value = "de_article"
            await until(pilot, lambda: box.disabled, "the variant locked")
            await pilot.press("ctrl+s")
            await until(pilot, lambda: app.return_value is not None, "the game chosen")

    asyncio.run(scenario())
    setup = app.return_value
    assert isinstance(setup, Setup)
    assert setup.rules.name == "de_article"


def _choose_rules_on_the_form(given: str, change: Any) -> Setup:
    """Open the new-game screen with the rules ``given`` on the command line, let
    ``change(options)`` alter the form, start, and return what the form chose."""
    rules = games.get("phase10").find_rules(given)
    app = ChooseApp(Defaults(rules=rules, players=2, seed=4), "en")

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.focused is not None, "the form")
            assert isinstance(app.screen, NewGameScreen)
            await change(pilot, app.screen.query_one("#options-phase10"))
            await pilot.press("ctrl+s")
            await until(pilot, lambda: app.return_value is not None, "the game chosen")

    asyncio.run(scenario())
    assert isinstance(app.return_value, Setup)
    return app.return_value


def test_variants_from_the_command_line_stay_when_other_rules_are_picked() -> None:
    """phase_count and progression (`n_phases=N`, `ten_hands`): a player who typed
    `--variant n_phases=1 --variant ten_hands` and then picks the French rules on the form
    plays the French rules with those variants, which the form shows ticked and filled in;
    it dropped them."""

    async def pick_french(pilot: Pilot[Any], options: Any) -> None:
        box = next(b for b in options.query(TickBox) if b.name == "ten_hands")
        number = next(f for f in options.query(Input) if f.name == "n_phases")
        assert box.value  # held by the rules as given
        assert box.disabled
        assert number.value == "1"
        options.query_one(".profile", Select).value = "fr_mattel"
        await until(pilot, lambda: not box.disabled, "the variant free")
        assert box.value

    setup = _choose_rules_on_the_form("standard+n_phases=1+ten_hands", pick_french)
    assert _named(setup.rules) == {"fr_mattel", "n_phases=1", "ten_hands"}
    assert setup.rules.phase_count == 1


def test_the_rules_as_given_take_a_changed_number_and_not_both() -> None:
    """phase_count: with the rules as given (`n_phases=1`) and the field changed to 3,
    the game plays 3 phases; untouched, the rules are those given."""

    async def three(pilot: Pilot[Any], options: Any) -> None:
        number = next(f for f in options.query(Input) if f.name == "n_phases")
        number.value = "3"
        await pilot.pause()

    async def untouched(pilot: Pilot[Any], options: Any) -> None:
        await pilot.pause()

    assert _choose_rules_on_the_form("n_phases=1", three).rules.phase_count == 3
    same = _choose_rules_on_the_form("fr_mattel+n_phases=1", untouched).rules
    assert same.name == "fr_mattel+n_phases=1"


def test_a_first_enter_does_not_start_and_escape_asks() -> None:
    """The first field has the focus, so Enter opens it rather than starting the game; Escape
    asks before leaving, and n keeps the form."""
    app = ChooseApp(Defaults(players=2, seed=4), "en")

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, lambda: app.focused is not None, "the form")
            assert app.focused is not None
            assert app.focused.id == "game"
            await pilot.press("enter")
            await pilot.pause()
            assert app.return_value is None
            assert "Programmes" in screen_text(app)  # the game's list is open
            await pilot.press("escape")  # closes the list
            await pilot.pause()
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
            assert "Quit without starting a game?" in screen_text(app)
            await pilot.press("n")
            await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
            await pilot.press("escape", "y")
        assert app.return_value is None

    asyncio.run(scenario())


@pytest.mark.parametrize(("lang", "yes", "asked"), [("fr", "o", "Oui (o)"), ("de", "j", "Ja (j)")])
def test_the_question_takes_the_yes_key_its_button_names_in_the_language(
    lang: str, yes: str, asked: str
) -> None:
    """A German player answers "Ja (j)" with j, a French one "Oui (o)" with o, as the button
    says; y still answers yes in every language, n no."""
    for key in (yes, "y"):
        app = ChooseApp(Defaults(players=2, seed=4), lang)

        async def scenario(app: ChooseApp = app, key: str = key) -> None:
            async with app.run_test(size=SMALL) as pilot:
                await until(pilot, lambda: app.focused is not None, "the form")
                await pilot.press("escape")
                await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
                assert asked in screen_text(app)
                await pilot.press("n")
                await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
                await pilot.press("escape")
                await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
                await pilot.press(key)
                await pilot.pause()
                assert not app.is_running or not isinstance(app.screen, ConfirmScreen)
            assert app.return_value is None

        asyncio.run(scenario())


def test_the_number_keys_choose_the_first_ten_cards_and_the_arrows_the_rest(
    tmp_path: Path,
) -> None:
    """1 to 9 and 0 choose the cards at those places of the hand as shown (marked ▲), Escape
    clears the choice, and the arrows and Space reach the cards after the tenth."""
    app = make_app(tmp_path, seed=4, seats=[("You", None), ("Ann", "easy")], rules="programmes")

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, app)
            await _play(pilot, app, "d")
            table = app.table_screen
            hand = table.query_one("#hand", OptionList)
            assert hand.option_count == 14
            await pilot.press("0")
            assert table.chosen == [table.shown_hand[9]]
            assert "▲" in region_text(app, "#hand")
            await pilot.press("1")
            assert table.chosen == [table.shown_hand[9], table.shown_hand[0]]
            await pilot.press("escape")
            assert table.chosen == []
            assert "▲" not in region_text(app, "#hand")
            await pilot.press("end", "space")
            assert table.chosen == [table.shown_hand[13]]

    asyncio.run(scenario())


def test_x_with_no_card_chosen_says_so_and_discards_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7, seats=[("You", None), ("Ann", "medium")])

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, app)
            await _play(pilot, app, "d")
            before = _actions(app)
            await pilot.press("x")
            await pilot.pause()
            assert log_text(app)[-1] == "Choose one card with Space to discard it."
            assert _actions(app) == before
            first = _hand(app)[app.table_screen.shown_hand[0]]
            await _play(pilot, app, "1", "x")
            assert f"You discarded {first}." in log_text(app)

    asyncio.run(scenario())


def test_after_laying_down_the_same_turn_may_hit_the_players_own_groups(
    tmp_path: Path,
) -> None:
    """D-14: after laying down, the player may hit their own groups in the same turn. The
    lay-downs offered are the phase's own groups (a set of 3 and a set of 3): a fourth card
    of a set chosen with them fits none, and is then hit on its set. A card that fits no
    group, and a number beyond the hand, say so."""
    app = make_app(tmp_path, seed=23, seats=[("You", None), ("Ann", "easy")])

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            await _play(pilot, app, "d")
            phase = ["R3", "R3", "B3", "Y7", "G7", "G7"]
            for card in [*phase, "G3"]:
                await choose_card(pilot, app, card)
            await pilot.press("l")
            await pilot.pause()
            assert " ".join(log_text(app)).endswith(
                "Phase 1 (set of 3 + set of 3) is laid down with exactly 6 cards, and 7 are "
                "chosen; the rest may be hit on your groups after it (D-14). Escape clears the "
                "choice."
            )
            await pilot.press("escape")
            for card in phase:
                await choose_card(pilot, app, card)
            await _play(pilot, app, "l")
            assert "You laid down phase 1: set R3 R3 B3, set Y7 G7 G7." in log_text(app)
            await choose_card(pilot, app, "G3")
            await _play(pilot, app, "g")
            groups = app.local.match.state.table[0]
            assert sorted(len(group.cards) for group in groups) == [3, 4]
            assert _hand(app) == ["R8", "Y1", "Y10", "G2"]
            before = _actions(app)
            await choose_card(pilot, app, "R8")
            await pilot.press("g")
            await pilot.pause()
            assert log_text(app)[-1] == "None of your cards fits a group you may hit now (P10-R23)."
            await pilot.press("9")
            assert log_text(app)[-1] == "There is no card 9 in your hand."
            assert _actions(app) == before

    asyncio.run(scenario())


def test_the_end_of_a_hand_shows_each_players_points(tmp_path: Path) -> None:
    """P10-R12: the hand ends when a player goes out, and the others score their cards left:
    the end of the hand is shown over the table with the game's summary (each player's points
    and phase), until Enter closes it."""
    match, turn = before_going_out(seed=1)
    app = app_for(match, tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            await _go_out(pilot, app, turn)
            await until(pilot, lambda: isinstance(app.screen, SummaryScreen), "the summary")
            text = screen_text(app)
            assert "You went out." in text
            assert "Hand 1 ended. Points: You 0, Ann" in text
            for words in ("Player", "Points", "Press Enter to go on."):
                assert words in text, words
            await pilot.press("enter")
            await until(pilot, lambda: app.screen is app.table_screen, "the table")
            await settle(pilot, app)
            assert app.local.match.game.hand_number(app.local.match.state) == 1

    asyncio.run(scenario())


def test_the_final_standing_offers_a_new_game_with_the_same_players(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the end of the game the final standing and the seed are shown; n deals a new game
    for the same players from the next seed (``phase10 play`` full screen)."""
    match, turn = before_going_out(seed=1, rules="standard+n_phases=1")
    dealt: list[Match] = []

    async def last_turn(pilot: Pilot[Any], app: LocalApp) -> None:
        await settle(pilot, app)
        await _go_out(pilot, app, turn)
        await until(pilot, lambda: isinstance(app.screen, SummaryScreen), "the standing")
        text = screen_text(app)
        assert "Final standing after 1 hand:" in text
        assert "Seed 1: the same seed and moves give the same game." in text
        assert "Press n to play again with the same players, or Enter to leave." in text
        await pilot.press("n")
        await until(pilot, lambda: app.return_value == AGAIN, "a new game")

    async def next_game(pilot: Pilot[Any], app: LocalApp) -> None:
        dealt.append(app.local.match)
        await settle(pilot, app)
        assert may_act(app) or not app.local.match.human_seats
        await pilot.press("q")

    path = tmp_path / "game.json"
    assert play_through_cli(monkeypatch, match, path, [last_turn, next_game]) == 0
    (again,) = dealt
    assert again is not match
    assert again.seed == 2
    assert again.names == match.names
    assert again.rules.name == match.rules.name
    assert Match.load(path).seed == 2  # the new game is the one saved


def test_a_resumed_game_shows_the_last_moves(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=7, seats=[("You", None), ("Ann", "medium")])

    async def first() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, app)
            await _play(pilot, app, "d")
            await _play(pilot, app, "1", "x")
            await pilot.press("q")
        assert app.return_value == "left"

    asyncio.run(first())
    resumed = app_for(Match.load(tmp_path / "game.json"), tmp_path, resumed=True)

    async def second() -> None:
        async with resumed.run_test(size=SMALL) as pilot:
            await settle(pilot, resumed)
            log = log_text(resumed)
            assert any(line.startswith("You drew ") for line in log)
            assert any(line.startswith("You discarded ") for line in log)
            assert "It is Ann's turn." in log
            assert log[-1] == "It is your turn."

    asyncio.run(second())


def test_q_on_the_pass_screen_and_ctrl_c_quit(tmp_path: Path) -> None:
    """q on the screen that passes the keyboard leaves at once; Ctrl+C asks first while the
    game is under way (n keeps playing, y leaves); the game is saved either way."""
    app = make_app(tmp_path / "hot", seed=3, seats=[("Ann", None), ("Bob", None)])

    async def hot_seat() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, lambda: isinstance(app.screen, PassScreen), "the pass screen")
            await until(pilot, lambda: "Pass the keyboard to " in screen_text(app), "its words")
            await pilot.press("q")
        assert app.return_value == "left"

    asyncio.run(hot_seat())
    assert Match.load(tmp_path / "hot" / "game.json").version == app.local.match.version
    other = make_app(tmp_path, seed=7, seats=[("You", None), ("Ann", "medium")])

    async def ctrl_c() -> None:
        async with other.run_test(size=SMALL) as pilot:
            await settle(pilot, other)
            await _play(pilot, other, "d")
            await pilot.press("ctrl+c")
            await until(pilot, lambda: isinstance(other.screen, ConfirmScreen), "the question")
            await pilot.press("n")
            await until(pilot, lambda: other.screen is other.table_screen, "the table")
            await pilot.press("ctrl+c")
            await until(pilot, lambda: isinstance(other.screen, ConfirmScreen), "the question")
            await pilot.press("y")
        assert other.return_value == "left"

    asyncio.run(ctrl_c())
    assert Match.load(tmp_path / "game.json").version == other.local.match.version == 1


def test_the_programmes_rules_screen_has_every_point_of_the_leaflet(tmp_path: Path) -> None:
    """Every point of the programmes leaflet is on the rules screen with its rule id; r at
    the table shows the rules in play (here without the swap)."""
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
    app = make_app(tmp_path, seed=4, seats=[("You", None), ("Ann", "easy")], rules="programmes")

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, app)
            await pilot.press("r")
            await until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
            await until(
                pilot, lambda: "the program swap is off" in screen_text(app), "the swap's line"
            )
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is app.table_screen, "the table")

    asyncio.run(scenario())


def test_question_mark_shows_the_keys_of_the_table(tmp_path: Path) -> None:
    """``?`` at the table shows the keys alone (as ``play --help`` promises), for the game
    played: Phase 10's lay-down and hit keys, no program keys; Escape goes back."""
    app = make_app(tmp_path, seed=4, seats=[("You", None), ("Ann", "easy")])

    async def scenario() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, app)
            await pilot.press("question_mark")
            await until(pilot, lambda: isinstance(app.screen, RulesScreen), "the keys")
            await until(pilot, lambda: "Keys at the table" in screen_text(app), "the heading")
            screen = app.screen
            assert isinstance(screen, RulesScreen)
            text = screen.markdown  # what the screen wraps to its width
            assert "l lay down your phase" in text
            assert "g hit a group" in text
            assert "reveal your program" not in text
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is app.table_screen, "the table")

    asyncio.run(scenario())


def test_the_moves_offered_narrow_to_those_using_the_chosen_cards(tmp_path: Path) -> None:
    """The list of moves shows only those that use every chosen card, and Enter in the hand
    plays the one highlighted there."""
    app = make_app(tmp_path, seed=23, seats=[("You", None), ("Ann", "easy")])

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            await _play(pilot, app, "d")
            table: OnlineTable = app.table_screen
            await choose_card(pilot, app, "G3")
            shown = table.shown_moves
            assert {e["kind"] for e in shown} == {"lay_down", "discard"}
            assert all(not Counter(["G3"]) - Counter(e["cards"]) for e in shown)
            assert len(shown) < len(table.entries())
            assert region_text(app, "#moves").startswith("Lay down: set R3 R3 G3")
            await _play(pilot, app, "enter")
            assert "You laid down phase 1: set R3 R3 G3, set Y7 G7 G7." in log_text(app)

    asyncio.run(scenario())
