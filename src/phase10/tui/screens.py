"""Screens over the table: a list to choose from, passing the keyboard on, the end of a hand,
the end of the game and the rules. Each is given plain data to show; none holds the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Input, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from phase10.kernel.notation import parse_number, printable
from phase10.tui.plain import Plain, plain
from phase10.tui.text import _, translate_bindings

#: The smallest terminal every screen of both games is laid out for.
MIN_WIDTH, MIN_HEIGHT = 80, 24


def too_small_text(width: int, height: int) -> str:
    """The sentence shown instead of the game on a terminal below ``MIN_WIDTH`` x
    ``MIN_HEIGHT``."""
    text = _(
        "The terminal is too small: the game needs at least {min_width}×{min_height} "
        "characters and this one is {width}×{height}. Enlarge the window or make the font "
        "smaller; the game goes on where it was. Ctrl+Q saves and quits."
    )
    return text.format(min_width=MIN_WIDTH, min_height=MIN_HEIGHT, width=width, height=height)


class TooSmallScreen(Screen[None]):
    """Covers everything while the terminal is below the minimum size; the app removes it
    as soon as the terminal is large enough again."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; }
    TooSmallScreen Static { width: 1fr; height: auto; padding: 0 1; text-style: bold; }
    """

    def compose(self) -> ComposeResult:
        yield Plain(too_small_text(*self.app.size), id="too-small")

    def on_resize(self) -> None:
        self.query_one("#too-small", Static).update(too_small_text(*self.app.size))

    def on_screen_resume(self) -> None:
        self.app.call_later(self.app.check_size)  # type: ignore[attr-defined]


class ConfirmScreen(ModalScreen[bool]):
    """A yes-or-no question: y or Enter on "Yes" answers yes; n or Escape answers no. The
    question is a sentence, so it is read out whole; "No" has the focus, so a stray Enter
    changes nothing."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical {
        width: 70; max-width: 95%; height: auto; border: thick $warning; background: $surface;
        padding: 1 2;
    }
    ConfirmScreen Static { width: 1fr; }
    ConfirmScreen Horizontal { height: auto; margin: 1 0 0 0; }
    ConfirmScreen Button { margin: 0 2 0 0; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", _("Yes")),
        Binding("n", "answer(False)", _("No")),
        Binding("escape", "answer(False)", _("No"), show=False),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        translate_bindings(self)
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Plain(self.question, id="question")
            with Horizontal():
                yield Button(_("Yes (y)"), id="yes", variant="warning")
                yield Button(_("No (n)"), id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class NumberScreen(ModalScreen[int | None]):
    """Asks for a card's position in the hand, so every card is reachable by its number,
    not only the first ten with the digit keys. Returns a position from 0."""

    DEFAULT_CSS = """
    NumberScreen { align: center middle; }
    NumberScreen > Vertical {
        width: 50; max-width: 95%; height: auto; border: thick $accent; background: $surface;
        padding: 1 2;
    }
    NumberScreen Static { width: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", _("Cancel"))]

    def __init__(self, count: int) -> None:
        super().__init__()
        translate_bindings(self)
        self.count = count

    def compose(self) -> ComposeResult:
        with Vertical():
            text = _("Which card? Type its number, 1 to {count}, then Enter (Escape cancels).")
            yield Plain(text.format(count=self.count), id="number-question")
            yield Input(type="integer", id="number")
            yield Plain("", id="number-error")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        # The one reader of typed numbers: no ², no 5,000 digits.
        number = parse_number(event.value.strip()) or 0
        if 1 <= number <= self.count:
            self.dismiss(number - 1)
            return
        text = _("There is no card {number}: type a number from 1 to {count}.")
        self.query_one("#number-error", Static).update(
            text.format(number=printable(event.value[:12]), count=self.count)
        )

    def action_cancel(self) -> None:
        self.dismiss(None)


class ChoiceScreen(ModalScreen[int | None]):
    """Pick one of ``options`` (label, enabled); returns its index, or ``None`` on Escape.

    A disabled option stays visible with its reason, so the person sees why it is not allowed.
    """

    DEFAULT_CSS = """
    ChoiceScreen { align: center middle; }
    ChoiceScreen > Vertical {
        width: 90%; max-width: 110; height: auto; max-height: 80%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    ChoiceScreen Static.title { text-style: bold; padding: 0 0 1 0; }
    ChoiceScreen OptionList { height: auto; max-height: 20; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", _("Cancel"))]

    def __init__(self, title: str, options: Sequence[tuple[str, bool]]) -> None:
        super().__init__()
        translate_bindings(self)
        self.title_text = title
        self.options = list(options)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Plain(self.title_text, classes="title")
            yield OptionList(
                *(
                    Option(plain(f"{i}. {label}"), id=str(i - 1), disabled=not enabled)
                    for i, (label, enabled) in enumerate(self.options, start=1)
                )
            )
            yield Plain(_("Enter chooses, Escape cancels."))

    def on_mount(self) -> None:
        option_list = self.query_one(OptionList)
        option_list.focus()
        first = next((i for i, (_l, ok) in enumerate(self.options) if ok), None)
        if first is not None:
            option_list.highlighted = first

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id or 0))

    def action_cancel(self) -> None:
        self.dismiss(None)


class PassScreen(Screen[None]):
    """Covers the whole table so no hand shows while the keyboard changes hands."""

    DEFAULT_CSS = """
    PassScreen { align: center middle; }
    PassScreen > Vertical {
        width: 70; height: auto; border: thick $accent; padding: 1 2; background: $surface;
    }
    PassScreen Static { text-align: center; width: 1fr; }
    PassScreen Button { width: 1fr; margin: 1 0 0 0; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", _("I am ready")),
        # q saves and quits here too, as at the table.
        Binding("q", "app.save_quit", _("Quit")),
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        translate_bindings(self)
        self.player_name = name

    def compose(self) -> ComposeResult:
        with Vertical():
            text = _("Pass the keyboard to {name}.").format(name=self.player_name)
            yield Plain(text, id="pass-title")
            yield Plain(
                _("Every hand is hidden. Press Enter when only {name} can see the screen.").format(
                    name=self.player_name
                )
            )
            text = _("I am {name}: show my hand").format(name=self.player_name)
            yield Button(plain(text), id="ready")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_ready(self) -> None:
        self.dismiss(None)


@dataclass(frozen=True, slots=True, kw_only=True)
class HandResult:
    """What the end-of-hand screen shows, worked out by the app from the match."""

    hand: int
    went_out: str | None
    rows: tuple[tuple[str, int, int, str], ...]  # name, points this hand, total, next phase
    progress: tuple[str, ...]
    game_over: bool
    #: The programmes game's own words: the title, the line when nobody went out, and the
    #: three number columns' headers (``None``: Phase 10's).
    title: str | None = None
    nobody_out: str | None = None
    headers: tuple[str, str, str] | None = None
    #: The cards each player was left with, written out, in the order of ``rows``.
    left: tuple[str, ...] = ()


class HandSummaryScreen(ModalScreen[None]):
    """The end of a hand: who went out, the points, who moves up."""

    DEFAULT_CSS = """
    HandSummaryScreen { align: center middle; }
    HandSummaryScreen > Vertical {
        width: 90; max-width: 100%; height: auto; max-height: 100%; overflow-y: auto;
        border: thick $accent; padding: 1 2; background: $surface;
    }
    HandSummaryScreen Static { width: 1fr; }
    HandSummaryScreen Button { width: 1fr; margin: 1 0 0 0; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "close", _("Continue"))]

    def __init__(self, result: HandResult) -> None:
        super().__init__()
        translate_bindings(self)
        self.result = result

    def compose(self) -> ComposeResult:
        r = self.result
        with Vertical():
            title = r.title or _("Hand {number} is over.").format(number=r.hand)
            yield Plain(title, id="summary-title")
            if r.went_out is None:
                yield Plain(r.nobody_out or _("The draw pile ran out and nobody went out."))
            else:
                yield Plain(_("{name} went out.").format(name=r.went_out))
            this_hand, total_header, after = r.headers or (
                _("Points this hand"),
                _("Total"),
                _("Next"),
            )
            table = Table(expand=True)
            table.add_column(_("Player"))
            table.add_column(this_hand, justify="right")
            table.add_column(total_header, justify="right")
            table.add_column(after)
            if r.left:
                table.add_column(_("Cards left"), ratio=1)
            for seat, (name, points, total, phase) in enumerate(r.rows):
                cells = [name, str(points), str(total), phase]
                if r.left:
                    cells.append(r.left[seat] if seat < len(r.left) else "-")
                table.add_row(*map(plain, cells))
            yield Plain(table)
            yield Plain("\n".join(r.progress))
            label = _("See the final standing") if r.game_over else _("Deal the next hand")
            yield Button(label, id="continue")

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class GameOverScreen(Screen[bool]):
    """The final standing; returns True for a new game with the same players,
    False to quit."""

    DEFAULT_CSS = """
    GameOverScreen { align: center middle; }
    GameOverScreen > Vertical {
        width: 90; max-width: 100%; height: auto; border: thick $success; padding: 1 2;
        background: $surface;
    }
    GameOverScreen Horizontal { height: auto; margin: 1 0 0 0; }
    GameOverScreen Button { width: 1fr; margin: 0 1 0 0; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "finish(True)", _("Play again with the same players")),
        Binding("q", "finish(False)", _("Quit")),
    ]

    def __init__(
        self,
        headline: str,
        rows: Sequence[tuple[int, str, int, int, bool]],
        *,
        headers: tuple[str, str] | None = None,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.headline = headline
        self.rows = list(rows)
        self.headers = headers
        #: A line under the table: the game's seed, safe to show once the game is over.
        self.note = ""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Plain(self.headline, id="standing-title")
            table = Table(expand=True)
            table.add_column(_("Place"), justify="right")
            table.add_column(_("Player"))
            done_header, points_header = self.headers or (_("Phases done"), _("Points"))
            table.add_column(done_header, justify="right")
            table.add_column(points_header, justify="right")
            for place, name, done, points, winner in self.rows:
                mark = _("{name} (winner)").format(name=name) if winner else name
                table.add_row(str(place), plain(mark), str(done), str(points))
            yield Plain(table)
            if self.note:
                yield Plain(self.note, id="standing-note")
            with Horizontal():
                yield Button(_("Play again (n)"), id="again")
                yield Button(_("Quit (q)"), id="quit")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#again", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "again")

    def action_finish(self, again: bool) -> None:
        self.dismiss(again)


class RulesScreen(ModalScreen[None]):
    """The rules in our own words, with the phases of the rules in play."""

    DEFAULT_CSS = """
    RulesScreen { align: center middle; }
    RulesScreen > VerticalScroll {
        width: 95%; height: 95%; border: thick $accent; background: $surface;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", _("Close")),
        Binding("r", "close", _("Close")),
        Binding("q", "close", _("Close")),
    ]

    def __init__(self, markdown: str) -> None:
        super().__init__()
        translate_bindings(self)
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Markdown(self.markdown)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)
