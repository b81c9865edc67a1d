"""Widgets of the table. They hold no game state: each is redrawn from a ``PlayerView``.

The hand keeps only what the person is pointing at (cursor and selection, which are not part
of the game); the screen passes every change on to the app, which owns the ``Match``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Static

from phase10.games.phase10.narration import phase_description
from phase10.games.phase10.rules import Progression
from phase10.games.phase10.view import PlayerView
from phase10.tui.hand import card_class, card_label, group_name
from phase10.tui.text import _, current

#: How a card shows: its name and its CSS class (a colour, ``wild`` or ``skip``); ``None``
#: for Phase 10's cards.
CardFace = tuple[Callable[[int], str], Callable[[int], str]] | None


class CardWidget(Static):
    """One card: its name (``R7``), a mark (▲) when chosen, and its position in the hand."""

    DEFAULT_CSS = """
    CardWidget {
        width: 6;
        height: 5;
        border: round $foreground 50%;
        content-align: center middle;
        text-align: center;
        text-style: bold;
        margin: 0 1 0 0;
    }
    CardWidget.red { color: #ff6b6b; }
    CardWidget.blue { color: #74a7ff; }
    CardWidget.yellow { color: #ffd43b; }
    CardWidget.green { color: #69db7c; }
    CardWidget.wild { color: #e599f7; }
    CardWidget.skip { color: #ced4da; }
    CardWidget.cursor { border: heavy $accent; }
    CardWidget.chosen { background: $boost; border-title-style: bold; }
    CardWidget.chosen.cursor { border: heavy $accent; }
    """

    class Clicked(Message):
        """The card at ``position`` was clicked."""

        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def __init__(
        self, card: int, position: int, *, chosen: bool, cursor: bool, face: CardFace = None
    ) -> None:
        super().__init__()
        self.position = position
        self.face = face or (card_label, card_class)
        self.show(card, chosen=chosen, cursor=cursor)

    def show(self, card: int, *, chosen: bool, cursor: bool) -> None:
        """Redraw as ``card``, with the chosen mark and the cursor frame as asked."""
        label, css = self.face
        mark = "▲" if chosen else " "
        self.update(f"{label(card)}\n{mark}\n{self.position + 1}")
        for name in ("red", "blue", "yellow", "green", "wild", "skip"):
            self.set_class(name == css(card), name)
        self.set_class(chosen, "chosen")
        self.set_class(cursor, "cursor")

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.position))


class HandView(Horizontal):
    """The hand as a row of cards, or a sentence when it is hidden or empty."""

    DEFAULT_CSS = """
    HandView { height: 5; width: 1fr; overflow-x: auto; }
    HandView > Static.note { height: 5; content-align: left middle; color: $text-muted; }
    """

    def show(
        self,
        cards: Sequence[int] | None,
        chosen: Sequence[int],
        cursor: int,
        face: CardFace = None,
    ) -> None:
        """Redraw: ``cards`` in display order (``None`` hides the hand), chosen positions;
        ``face`` names and colours a card (Phase 10's cards by default)."""
        existing = list(self.query(CardWidget))
        if cards and len(existing) == len(cards) and len(self.children) == len(cards):
            for i, (widget, card) in enumerate(zip(existing, cards, strict=True)):
                widget.show(card, chosen=i in chosen, cursor=i == cursor)
            return
        self.remove_children()
        if cards is None:
            note = _("The hand is hidden until the next player is at the keyboard.")
            self.mount(Static(note, classes="note"))
            return
        if not cards:
            self.mount(Static(_("Your hand is empty."), classes="note"))
            return
        self.mount_all(
            CardWidget(card, i, chosen=i in chosen, cursor=i == cursor, face=face)
            for i, card in enumerate(cards)
        )


class Pile(Static):
    """The draw pile or the discard pile; a click draws from it."""

    DEFAULT_CSS = """
    Pile { width: 28; height: 3; border: round $foreground 40%; padding: 0 1; }
    Pile:hover { border: round $accent; }
    """

    class Clicked(Message):
        def __init__(self, discard: bool) -> None:
            super().__init__()
            self.discard = discard

    def __init__(self, *, discard: bool, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.discard = discard

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.discard))


def seat_name(view: Any, names: Sequence[str], kinds: Sequence[str], seat: int) -> Text:
    """A seat's name for the players table: ▶ marks the seat to act, then its kind (either
    game's view: anything with ``current`` and ``outcome``)."""
    turn = "▶ " if seat == view.current and view.outcome is None else "  "
    name = Text(turn + names[seat], style="bold" if seat == view.current else "")
    if kinds[seat]:
        name.append(f" ({kinds[seat]})", style="dim")
    return name


def players_table(view: PlayerView, names: Sequence[str], kinds: Sequence[str]) -> Table:
    """Everyone's phase, cards in hand, score and laid-down groups, the seat to act marked."""
    table = Table(expand=True, box=None, pad_edge=False, header_style="bold")
    table.add_column(_("Player"), no_wrap=True)
    table.add_column(_("Phase"), ratio=3, no_wrap=True, overflow="ellipsis")
    table.add_column(_("Cards"), justify="right")
    table.add_column(_("Score"), justify="right")
    table.add_column(_("Laid down"), ratio=3)
    rules = view.rules
    for seat, player in enumerate(view.players):
        name = seat_name(view, names, kinds, seat)
        if not player.dealt_in:
            phase = _("sits out the tie-break")
        elif player.laid >= 0:
            phase = _("Phase {number} is down").format(number=rules.phases[player.laid].number)
        elif rules.progression is Progression.PICK_ANY and not view.tiebreak:
            phase = _("any open phase")
        elif player.phase is None:
            phase = _("every phase done")
        else:
            phase = f"{player.phase.number}: {phase_description(player.phase, current())}"
        notes = []
        if player.skip_pending:
            notes.append(_("will lose the next turn"))
        if notes:
            phase += " (" + ", ".join(notes) + ")"
        groups = " + ".join(str(g) for g in view.table[seat]) or "-"
        table.add_row(name, phase, str(player.hand_size), str(player.score), groups)
    return table


def groups_text(view: PlayerView, names: Sequence[str]) -> Text:
    """The groups on the table, numbered as the hit chooser numbers them."""
    rows = [
        (group_name(view, names, owner, group), group.tokens())
        for owner, groups in enumerate(view.table)
        for group in groups
    ]
    return numbered_text(rows, _("No group is on the table yet."))


def numbered_text(rows: Sequence[tuple[str, Sequence[str]]], empty: str) -> Text:
    """``1. your set of 7s: R7 B7 W=7`` per row (whose and what, then the cards), or ``empty``."""
    text = Text()
    for number, (what, tokens) in enumerate(rows, start=1):
        text.append(f"{number}. ", style="bold")
        text.append(what + ": ")
        text.append(" ".join(tokens) + "\n")
    if not rows:
        text.append(empty)
    return text
