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
from phase10.tui.plain import Plain
from phase10.tui.text import _, current

#: How a card shows: its name and its CSS class (a colour, ``wild`` or ``skip``); ``None``
#: for Phase 10's cards.
CardFace = tuple[Callable[[int], str], Callable[[int], str]] | None


#: The marks on a card's middle line: chosen, and the card just drawn (shapes, never colour
#: alone; the status line says the same in words).
CHOSEN_MARK = "▲"
DRAWN_MARK = "*"


class CardWidget(Static):
    """One card: its name (``R7``), a mark (▲) when chosen and (*) when just drawn, and its
    position in the hand, written ``#3`` and dim so it does not read like the card's value."""

    DEFAULT_CSS = """
    CardWidget {
        width: 5;
        height: 5;
        border: round $foreground 50%;
        content-align: center middle;
        text-align: center;
        text-style: bold;
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
        self,
        card: int,
        position: int,
        *,
        chosen: bool,
        cursor: bool,
        face: CardFace = None,
        drawn: bool = False,
    ) -> None:
        super().__init__()
        self.position = position
        self.face = face or (card_label, card_class)
        self.show(card, chosen=chosen, cursor=cursor, drawn=drawn)

    def show(self, card: int, *, chosen: bool, cursor: bool, drawn: bool = False) -> None:
        """Redraw as ``card``, with the chosen and drawn marks and the cursor frame as asked."""
        label, css = self.face
        mark = (CHOSEN_MARK if chosen else "") + (DRAWN_MARK if drawn else "")
        face = Text(f"{label(card)}\n{mark or ' '}\n")
        face.append(f"#{self.position + 1}", style="dim not bold")
        self.update(face)
        for name in ("red", "blue", "yellow", "green", "wild", "skip"):
            self.set_class(name == css(card), name)
        self.set_class(chosen, "chosen")
        self.set_class(cursor, "cursor")

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.position))


def pack_keys(keys: Sequence[tuple[str, str]], width: int) -> list[Text]:
    """``keys`` (key, what it does) as lines of at most ``width`` cells; an entry is never
    split, so every key stays readable however narrow the terminal or long the language.

    >>> [line.plain for line in pack_keys([("d", "Draw"), ("t", "Take"), ("q", "Quit")], 14)]
    ['d Draw  t Take', 'q Quit']
    """
    lines: list[Text] = []
    line = Text()
    for key, description in keys:
        entry = Text.assemble((key, "bold reverse"), " ", description)
        if line.cell_len and line.cell_len + 2 + entry.cell_len > width:
            lines.append(line)
            line = Text()
        if line.cell_len:
            line.append("  ")
        line.append_text(entry)
    if line.cell_len:
        lines.append(line)
    return lines


class KeyBar(Static):
    """The keys of the screen with what each does, on as many lines as the width needs (a
    footer of one line hid the last keys at 80 columns)."""

    DEFAULT_CSS = """
    KeyBar { height: auto; max-height: 3; padding: 0 1; background: $panel; }
    """

    def keys(self) -> list[tuple[str, str]]:
        seen: set[str] = set()
        keys: list[tuple[str, str]] = []
        for active in self.screen.active_bindings.values():
            binding = active.binding
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            keys.append(
                (binding.key_display or self.app.get_key_display(binding), binding.description)
            )
        return keys

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return max(1, len(pack_keys(self.keys(), width)))

    def render(self) -> Text:
        return Text("\n").join(pack_keys(self.keys(), max(1, self.content_region.width)))


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
        drawn: int | None = None,
    ) -> None:
        """Redraw: ``cards`` in display order (``None`` hides the hand), chosen positions,
        the position of the card just drawn; ``face`` names and colours a card (Phase 10's
        cards by default)."""
        existing = list(self.query(CardWidget))
        if cards and len(existing) == len(cards) and len(self.children) == len(cards):
            for i, (widget, card) in enumerate(zip(existing, cards, strict=True)):
                widget.show(card, chosen=i in chosen, cursor=i == cursor, drawn=i == drawn)
            return
        self.remove_children()
        if cards is None:
            note = _("The hand is hidden until the next player is at the keyboard.")
            self.mount(Plain(note, classes="note"))
            return
        if not cards:
            self.mount(Plain(_("Your hand is empty."), classes="note"))
            return
        self.mount_all(
            CardWidget(card, i, chosen=i in chosen, cursor=i == cursor, face=face, drawn=i == drawn)
            for i, card in enumerate(cards)
        )


class Pile(Static):
    """The draw pile or the discard pile, one line; a click draws from it."""

    DEFAULT_CSS = """
    Pile { width: auto; max-width: 40; height: 1; padding: 0 1; }
    Pile:hover { text-style: underline; }
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
        # On its own line, so a narrow column wraps between words, never inside the name.
        name.append(f"\n{kinds[seat]}", style="dim")
    return name


def word_column(table: Table, header: str, *, ratio: int, min_width: int) -> None:
    """A column whose text wraps between words: at least ``min_width`` wide and as wide as
    the header's longest word, so no language's header or word is cut."""
    widest = max((len(word) + 1 for word in header.split()), default=0)
    table.add_column(header, ratio=ratio, min_width=max(min_width, widest))


def players_table(view: PlayerView, names: Sequence[str], kinds: Sequence[str]) -> Table:
    """Everyone's phase, cards in hand, score and laid-down groups, the seat to act marked."""
    table = Table(expand=True, box=None, padding=(0, 1, 0, 0), header_style="bold")
    # Text wraps between words, never cut: a braille display shows only
    # what is written out; the minimum widths keep every word whole at 80 columns.
    word_column(table, _("Player"), ratio=4, min_width=17)
    word_column(table, _("Phase"), ratio=4, min_width=13)
    table.add_column(_("Cards"), justify="right", no_wrap=True)
    table.add_column(_("Score"), justify="right", no_wrap=True)
    word_column(table, _("Laid down"), ratio=2, min_width=10)
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
