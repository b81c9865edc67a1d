"""What every game's table screen shares: your hand, the piles, every player, the groups laid
down and the log (each game's screen: ``table_phase10``, ``table_programmes``).

Keys and clicks become engine actions passed to the app, which plays them on the ``Match``.
The screen keeps only what the person is pointing at (cursor, chosen cards, hand order).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import RichLog, Static

from phase10.games.phase10.actions import Draw, Source
from phase10.kernel.i18n import N_
from phase10.kernel.state import Stage
from phase10.tui.hand import (
    is_sub_multiset,
)
from phase10.tui.host import TableHost
from phase10.tui.plain import Plain, as_title
from phase10.tui.screens import (
    ChoiceScreen,
    ConfirmScreen,
    GameOverScreen,
    HandResult,
    NumberScreen,
)
from phase10.tui.text import _, ngettext, translate_bindings
from phase10.tui.widgets import CardFace, CardWidget, HandView, KeyBar, Pile

#: The keys both games' tables start with, and those they end with (hint, sort, rules, quit,
#: moving and choosing cards); each game puts its own actions between them.
DRAW_KEYS: list[BindingType] = [
    Binding("d", "draw", _("Draw")),
    Binding("t", "take", _("Take")),
]
COMMON_KEYS: list[BindingType] = [
    Binding("i", "hint", _("Hint")),
    Binding("o", "sort", _("Sort")),
    Binding("r", "rules", _("Rules")),
    Binding("f1", "rules", _("Rules"), show=False),
    Binding("q", "app.save_quit", _("Quit")),
    Binding("left", "cursor(-1)", _("Previous card"), show=False),
    Binding("right", "cursor(1)", _("Next card"), show=False),
    Binding("space", "choose_card", _("Choose card"), show=False),
    Binding("escape", "clear", _("Clear choice"), show=False),
    Binding("c", "pick_number", _("Card no.")),
    Binding("number_sign", "pick_number", _("Card no."), show=False),
    *(
        Binding(str(n % 10), f"pick({n - 1})", _("Choose card by position"), show=False)
        for n in range(1, 11)
    ),
]


class PlayersBox(VerticalScroll, can_focus=True, inherit_bindings=False):
    """The players' box: with six players it is taller than 80x24 allows,
    so Tab reaches it and the keys scroll it. Only vertical keys: left and right stay the
    hand's, whatever has the focus."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "scroll_up", _("Scroll up"), show=False),
        Binding("down", "scroll_down", _("Scroll down"), show=False),
        Binding("pageup", "page_up", _("Page up"), show=False),
        Binding("pagedown", "page_down", _("Page down"), show=False),
        Binding("home", "scroll_home", _("First player"), show=False),
        Binding("end", "scroll_end", _("Last player"), show=False),
    ]


class TableBase(Screen[None]):
    """What both games' tables share: the layout, the cursor and chosen cards, the status
    line, the log, drawing and taking, and the list to choose an action from. Each game's
    screen draws its own title, players, table and prompt (``redraw``)."""

    #: The keys of this table in a sentence, for the rules screen (a msgid).
    KEYS_HELP: ClassVar[str] = ""

    DEFAULT_CSS = """
    TableBase #title { height: 1; background: $panel; text-style: bold; padding: 0 1; }
    TableBase.-short #title { display: none; }
    TableBase #middle { height: 1fr; }
    TableBase #left { width: 5fr; }
    TableBase #players-box {
        height: auto; max-height: 80%; border: round $foreground 40%; border-title-align: left;
    }
    TableBase #players { height: auto; }
    TableBase #players-box { scrollbar-size-vertical: 1; }
    TableBase #players-box:focus { border: round $accent; }
    TableBase #groups-box { height: 1fr; min-height: 3; border: round $foreground 40%; }
    TableBase #log {
        width: 2fr; min-width: 22; border: round $foreground 40%;
        scrollbar-gutter: stable; scrollbar-size-vertical: 1;
    }
    TableBase #piles { height: 2; }
    TableBase #pile-column { width: auto; height: 2; }
    TableBase #me { width: 1fr; height: 2; padding: 0 1; }
    TableBase #hand { margin: 0 1; }
    TableBase #status {
        height: auto; min-height: 2; max-height: 3; padding: 0 1; background: $boost;
    }
    TableBase #status.error { color: $error; text-style: bold; }
    """

    #: Below 30 lines the title line gives its line to the table: it becomes the title of
    #: the players' box (everything fits in 80x24).
    # Textual declares it as an instance variable; ClassVar would not type-check.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]  # noqa: RUF012
    #: The groups keep the focus they had before the players' box could take it; Tab
    #: moves between the two.
    AUTO_FOCUS = "#groups-box"

    #: The title of the box of combinations laid down.
    groups_title = N_("Groups on the table")

    def __init__(self, game: TableHost) -> None:
        super().__init__()
        translate_bindings(self)
        #: The app that shows this table: its match, its log, and whether a person may act.
        self.game = game
        self.cards: list[Any] | None = None
        self.order: Any = None
        self.chosen: set[int] = set()
        self.cursor = 0
        self.message: str | None = None
        self.message_is_error = False
        self.hinted: Any = None
        self.drawn: int | None = None
        self._drew: Any = None
        self._last_hand: tuple[int, ...] | None = None
        self._logged = 0

    def compose(self) -> ComposeResult:
        yield Plain("", id="title")
        with Horizontal(id="middle"):
            with Vertical(id="left"):
                with PlayersBox(id="players-box"):
                    yield Plain("", id="players")
                with VerticalScroll(id="groups-box"):
                    yield Plain("", id="groups")
            yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
        with Horizontal(id="piles"):
            with Vertical(id="pile-column"):
                yield Pile(discard=False, id="draw-pile")
                yield Pile(discard=True, id="discard-pile")
            yield Plain("", id="me")
        yield HandView(id="hand")
        yield Plain("", id="status")
        yield KeyBar()

    def on_mount(self) -> None:
        if not self.query("#groups-box"):
            return  # a table replaced by a rematch before it was composed: nothing to draw
        self.query_one("#groups-box").border_title = _(self.groups_title)
        log = self.query_one(RichLog)
        log.border_title = _("Game log")
        log.can_focus = False
        self.redraw()

    def on_resize(self) -> None:
        if self.is_mounted and self.cards is not None:
            self.call_after_refresh(self.redraw)

    #: How a card of the hand shows (``None``: Phase 10's cards).
    face: CardFace = None

    def redraw(self) -> None:
        """Show the match as the seat at the keyboard sees it."""
        game = self.game
        view, visible = game.table_view()
        names = game.match.names
        title = self._title(view)
        self.query_one("#title", Static).update(title)
        box = self.query_one("#players-box")
        # The title holds the rules' name, from a file: text, never markup.
        box.border_title = as_title(title) if self.has_class("-short") else _("Players")
        self.query_one("#players", Static).update(self._players(view, names))
        if view.outcome is None and not box.has_focus:
            # Six seats do not fit 80x24: the box scrolls, and follows the seat to
            # act so the ▶ row stays in sight without a key of its own; once the person
            # scrolls it from the keyboard, it stays where they put it.
            share = view.current / max(1, len(names) - 1)
            box.call_after_refresh(
                lambda: box.scroll_to(y=round(box.max_scroll_y * share), animate=False)
            )
        self.query_one("#groups", Static).update(self._table_text(view, names))
        count = view.draw_pile_size
        self.query_one("#draw-pile", Pile).update(
            ngettext("Draw pile: {count} card", "Draw pile: {count} cards", count).format(
                count=count
            )
        )
        top = view.discard_top
        discard = (
            _("Discard pile: empty")
            if top is None
            else _("Discard pile: {card} on top").format(card=self._card_name(top))
        )
        self.query_one("#discard-pile", Pile).update(discard)
        self._draw_hand(view, visible)
        self.query_one("#me", Static).update(self._me_line(view, visible))
        self._draw_status(view, visible)
        self._write_log()

    def _draw_hand(self, view: Any, visible: bool) -> None:
        hand = tuple(view.hand) if visible else None
        if hand != self._last_hand:
            self.chosen.clear()
            self.hinted = None
            self._last_hand = hand
        if hand is None:
            self.cards = None
        else:
            self.cards = self._sorted(view, hand)
            self.cursor = max(0, min(self.cursor, len(self.cards) - 1))
        self.drawn = self._drawn_position(view, visible)
        self.query_one(HandView).show(
            self.cards, sorted(self.chosen), self.cursor, self.face, self.drawn
        )

    def _drawn_position(self, view: Any, visible: bool) -> int | None:
        """Where the card drawn this turn is in the hand as shown, or None (not drawn yet,
        not this seat's turn, or already played)."""
        if not visible or self.cards is None or view.current != view.seat:
            self._drew = None
            return None
        if view.stage is Stage.DRAW:
            self._drew = None
            return None
        # A view carries the last action's events only: remember the draw for the turn.
        drew = next((e for e in reversed(view.events) if e.kind == "drew"), None)
        if drew is not None and drew.seat == view.seat and drew.cards:
            self._drew = drew.cards[0]
        card = self._drew
        if card is None:
            return None
        # The last copy of the card in the hand (sorting puts copies side by side).
        places = [i for i, c in enumerate(self.cards) if c == card]
        return places[-1] if places else None

    # What each game shows in its own way.

    def _title(self, view: Any) -> str:
        raise NotImplementedError

    def _players(self, view: Any, names: Sequence[str]) -> Table:
        raise NotImplementedError

    def _table_text(self, view: Any, names: Sequence[str]) -> Text:
        raise NotImplementedError

    def _card_name(self, card: int) -> str:
        raise NotImplementedError

    def _sorted(self, view: Any, hand: tuple[Any, ...]) -> list[Any]:
        raise NotImplementedError

    def cards_text(self, cards: Sequence[Any]) -> str:
        """Cards written out (``R7 B3 W``), or ``-`` for none."""
        return " ".join(self._card_name(c) for c in cards) or "-"

    def _me_line(self, view: Any, visible: bool) -> str:
        raise NotImplementedError

    def _write_log(self) -> None:
        log = self.query_one(RichLog)
        for line in self.game.log_lines[self._logged :]:
            log.write(line)
        self._logged = len(self.game.log_lines)

    def _prompt(self, view: Any, visible: bool) -> str:
        raise NotImplementedError

    def _draw_status(self, view: Any, visible: bool) -> None:
        status = self.query_one("#status", Static)
        status.set_class(self.message is not None and self.message_is_error, "error")
        if self.message is not None:
            status.update(self.message)
            return
        prompt = self._prompt(view, visible)
        if self.drawn is not None and self.cards is not None:
            card = self._card_name(self.cards[self.drawn])
            drawn = _("You drew {card} (marked *).").format(card=card)
            prompt = f"{drawn} {prompt}"
        status.update(prompt)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Say what the players' box is and which keys scroll it, when Tab reaches it: the
        status line is what a screen reader reads out."""
        if event.widget.id == "players-box":
            count = len(self.game.match.names)
            self.say(
                ngettext(
                    "Players, {count} row: Up, Down, Page Up and Page Down scroll them; "
                    "Tab leaves the list.",
                    "Players, {count} rows: Up, Down, Page Up and Page Down scroll them; "
                    "Tab leaves the list.",
                    count,
                ).format(count=count)
            )

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        if event.widget.id == "players-box" and not self.message_is_error:
            self.message = None
            if self.is_mounted:
                self.redraw()

    def say(self, message: str, *, error: bool = False) -> None:
        """Show ``message`` in the status line until the next action."""
        self.message = message
        self.message_is_error = error
        if error:
            self.app.bell()
        self.redraw()

    # ------------------------------------------------------------------------ choosing cards

    def _chosen_cards(self) -> list[Any]:
        if self.cards is None:
            return []
        return [self.cards[i] for i in sorted(self.chosen)]

    def _one_card(self) -> Any:
        """The chosen card, or the card under the cursor when none is chosen."""
        if self.cards is None or not self.cards:
            return None
        chosen = self._chosen_cards()
        if len(chosen) > 1:
            self.say(_("Choose only one card for this (Escape clears the choice)."), error=True)
            return None
        return chosen[0] if chosen else self.cards[self.cursor]

    def action_cursor(self, step: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)
            self.redraw()

    def action_choose_card(self) -> None:
        if self.cards:
            self.chosen ^= {self.cursor}
            self.redraw()

    def action_pick(self, position: int) -> None:
        if self.cards and position < len(self.cards):
            self.cursor = position
            self.chosen ^= {position}
            self.redraw()

    def action_pick_number(self) -> None:
        """Choose any card by its number (the digit keys reach only the first ten)."""
        if not self.cards:
            return

        def picked(position: int | None) -> None:
            if position is not None:
                self.action_pick(position)

        self.app.push_screen(NumberScreen(len(self.cards)), picked)

    def action_clear(self) -> None:
        self.chosen.clear()
        self.message = None
        self.redraw()

    def on_card_widget_clicked(self, event: CardWidget.Clicked) -> None:
        self.action_pick(event.position)

    def on_pile_clicked(self, event: Pile.Clicked) -> None:
        self.action_take() if event.discard else self.action_draw()

    def action_sort(self) -> None:
        self.order = self.order.next()
        self.chosen.clear()
        self.redraw()

    def _select(self, cards: Sequence[int]) -> None:
        """Choose exactly ``cards`` (copies counted) in the hand as shown."""
        self.chosen.clear()
        if self.cards is None:
            return
        wanted = list(cards)
        for i, card in enumerate(self.cards):
            if card in wanted:
                wanted.remove(card)
                self.chosen.add(i)

    # ------------------------------------------------------------------------ playing

    def _view(self) -> Any:
        """The view of the seat at the keyboard if it may act now; else says why not."""
        game = self.game
        if not game.can_act():
            who = game.match.names[game.match.to_act]
            self.say(_("Please wait: it is {name}'s turn.").format(name=who), error=True)
            return None
        view, _visible = game.table_view()
        return view

    def act(self, action: Any) -> bool:
        """Play ``action``; False (and the reason shown) if it is not allowed."""
        self.message = None
        self.hinted = None
        error = self.game.play_human(action)
        if error is not None:
            self.say(error, error=True)
            return False
        return True

    def ask(self, question: str, then: Callable[[], object]) -> None:
        """Ask ``question`` (yes or no) and call ``then`` on yes."""

        def answered(yes: bool | None) -> None:
            if yes:
                then()

        self.app.push_screen(ConfirmScreen(question), answered)

    def discard_asking(self, card: Any, then: Callable[[], object]) -> None:
        """Discard at once when the card was chosen; ask first when it is only under the
        cursor (a stray x must not throw a card away)."""
        view, _visible = self.game.table_view()
        discards = [a for a in view.legal if type(a).__name__ in ("Discard", "DiscardCard")]
        if self.chosen or not any(a.card == card for a in discards):
            then()  # chosen, or not allowed now: the engine says why at once
            return
        text = _("No card is chosen. Discard {card}, the card under the cursor?")
        self.ask(text.format(card=self._card_name(card)), then)

    def _own_additions(self, view: Any, card: Any) -> list[Any]:
        """The legal moves that add ``card`` to the seat's own groups (after laying down)."""
        raise NotImplementedError

    def _lay_then_add(self, action: Any, chosen: Sequence[Any]) -> None:
        """Lay ``action`` down, then add the other chosen cards to the seat's own groups in
        the same turn (D-14, E-08), so a longer choice is honoured."""
        extras = list(chosen)
        for card in action.cards:
            if card in extras:
                extras.remove(card)
        if not self.act(action):
            return
        progress = True
        while extras and progress and self.game.can_act():
            progress = False
            view, _visible = self.game.table_view()
            for card in list(extras):
                moves = self._own_additions(view, card)
                if moves and self.act(moves[0]):
                    extras.remove(card)
                    progress = True
                    break
        if extras and self.game.can_act():
            text = _("Laid down. These chosen cards fit none of your groups: {cards}.")
            self.say(text.format(cards=self.cards_text(extras)))

    def action_draw(self) -> None:
        if self._view() is not None:
            self.act(Draw(Source.DRAW_PILE))

    def action_take(self) -> None:
        if self._view() is not None:
            self.act(Draw(Source.DISCARD_PILE))

    def action_hint(self) -> None:
        """Select the cards of the game's hint and remember its action for the next key."""
        view = self._view()
        if view is None:
            return
        text, cards, action = self._hint(view)
        if cards and self.cards is not None and is_sub_multiset(cards, self.cards):
            self._select(cards)
        self.hinted = action
        self.say(text)

    def _hint(self, view: Any) -> tuple[str, tuple[int, ...], Any]:
        raise NotImplementedError

    def hand_result(self, ended: Any) -> HandResult:
        """What the end-of-hand screen shows for the hand that ``ended`` (its end event)."""
        raise NotImplementedError

    def final_screen(self) -> GameOverScreen:
        """The final standing of the finished game."""
        raise NotImplementedError

    def _moves_of_card(self, kind: Any) -> tuple[Any, Any, list[Any]] | None:
        """For a key that moves one card (hit, extend): the view, the chosen card and its legal
        moves of ``kind``. When there is exactly one, it is played and None returned (None
        too when nobody may act or no single card is chosen)."""
        view = self._view()
        if view is None:
            return None
        card = self._one_card()
        if card is None:
            return None
        legal = [a for a in view.legal if isinstance(a, kind) and a.card == card]
        if len(legal) == 1:
            self.act(legal[0])
            return None
        return view, card, legal

    def _lay_whole(
        self,
        options_for: Callable[[Sequence[Any]], Sequence[Any]],
        mismatch: str,
        why_not: Callable[[], str],
        choose: Callable[[Sequence[Any]], None],
    ) -> None:
        """Lay what the game asks for at once (Phase 10's phase, the programmes game's program):
        the hinted way if the chosen cards are its cards, else the one way the chosen cards
        (or the whole hand) allow, else a list to choose from; or say why not."""
        chosen = self._chosen_cards()
        hinted = self.hinted
        if chosen and hinted in options_for(()) and sorted(hinted.cards) == sorted(chosen):
            self.act(hinted)
            return
        options = options_for(chosen)
        if not options:
            self.say(mismatch if chosen and options_for(()) else why_not(), error=True)
            return
        if chosen and len(chosen) > len(options[0].cards):
            # More cards chosen than the lay-down needs: lay it and add the rest.
            self._lay_then_add(options[0], chosen)
            return
        if len(options) == 1:
            self.act(options[0])
            return
        choose(options)

    def _choose_all(
        self, options: Sequence[Any], why_not: str, choose: Callable[[Sequence[Any]], None]
    ) -> None:
        """Every way to lay down (or reveal), to choose from; or why there is none."""
        if not options:
            self.say(why_not, error=True)
            return
        choose(options)

    def _choose(self, title: str, labels: list[tuple[str, bool]], actions: Sequence[Any]) -> None:
        def chosen(index: int | None) -> None:
            if index is not None:
                self.act(actions[index])

        self.app.push_screen(ChoiceScreen(title, labels), chosen)
