"""The full screen at an online table (``phase10 join`` on a terminal, without ``--plain``).

Everything shown comes from the server's messages (``docs/protocol.md``), as in the line mode,
and the game's part of it from the seat's presentation (an update's ``table``), so any game the
server offers is drawn here: the hand (a list: arrows move, Space chooses cards, ``o`` goes
through the game's two orders), the piles, the groups on the table, the players, every sentence
of the game in the log, and the moves in the game's words, narrowed to those that use the
chosen cards. Enter plays the highlighted move; Tab goes between the hand and the moves, the
list with the keys marked; the keys are the one key map of every medium
(docs/keys.md): ``d`` draws, ``t`` takes the discard, ``l``, ``v``, ``n``, ``g``, ``e`` make the
move of that kind with the chosen cards, ``x`` discards the chosen card, ``i`` asks for a hint
and chooses its cards, ``o`` changes the order, ``r`` shows the rules, ``c`` opens a line
for the table's chat (whose lines come into the log), ``q`` leaves (the server keeps the
seat). Before the start a waiting screen shows who is seated
(``s`` starts the game for the table's owner). The connection is taken up again by itself
(:class:`phase10.online.connection.Connection`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter
from typing import Any, ClassVar, Final

from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import ModalScreen, Screen
from textual.strip import Strip
from textual.widgets import Footer, Input, Label, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from phase10 import games
from phase10.kernel.errors import Phase10Error
from phase10.kernel.i18n import N_
from phase10.online.connection import BACK, GAVE_UP, LOST, REFUSED, Connection
from phase10.online.links import Api, ApiError, SeatStore, StoredSeat, Target, UnreachableError
from phase10.online.local import Connect
from phase10.online.moves import display
from phase10.online.text import (
    card_face,
    chat_line,
    first_time,
    group_words,
    lobby_lines,
    rematch_line,
    seat_named,
    series_info,
    series_lines,
    standing_lines,
)
from phase10.online.turn_clock import TimeTeller
from phase10.table.reactions import reaction_keys
from phase10.tui.plain import Plain, plain
from phase10.tui.rules_text import keys_text, rules_markdown
from phase10.tui.screens import RulesScreen, cover_if_too_small
from phase10.tui.text import _, current, ngettext, translate_bindings, use_language

__all__ = ["OnlineApp", "OnlineTable", "SummaryScreen", "play_online"]

View = dict[str, Any]

#: The style of each family of cards the presentation names (never the only cue: the card's
#: notation is always written).
_STYLES = {
    "red": "bold red",
    "blue": "bold blue",
    "yellow": "bold yellow",
    "green": "bold green",
    "hearts": "bold red",
    "diamonds": "bold red",
    "wild": "bold magenta",
    "skip": "bold magenta",
    "joker": "bold magenta",
}


def card_text(card: dict[str, Any]) -> Text:
    """A card of the presentation as the game shows it (``8♠``, else its notation), in its
    family's colour.

    >>> card_text({"code": "R7", "suit": "red"}).style, card_text({"code": "5", "suit": "x"}).style
    ('bold red', 'bold')
    """
    return Text(card_face(card), style=_STYLES.get(str(card["suit"]), "bold"))


class LobbyScreen(ModalScreen[None]):
    """The table before its start: who is seated; the owner starts the game."""

    DEFAULT_CSS = """
    LobbyScreen { align: center middle; }
    LobbyScreen > Static { width: 70; height: auto; border: thick $accent; padding: 1 2;
        background: $surface; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "start", _("Start")),
        Binding("q", "leave", _("Leave")),
    ]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)
        self.body = Plain(id="lobby")

    def compose(self) -> ComposeResult:
        yield self.body
        yield Footer()

    def show(self, lobby: dict[str, Any], seat: int | None, note: str = "") -> None:
        lines = [_("Table {code}").format(code=lobby.get("code", "?")), ""]
        lines += lobby_lines(lobby, seat, current())
        if seat == 0:
            lines.append(_("Press s to start the game once every seat is taken."))
        if note:
            lines += ["", note]
        self.body.update("\n".join(lines))
        self.refresh_bindings()  # the seat is known now: s is the owner's alone

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the table's owner starts the game: a guest is not offered the key."""
        del parameters
        app = self.app
        return action != "start" or (isinstance(app, OnlineApp) and app.seat == 0)

    async def action_start(self) -> None:
        app = self.app
        assert isinstance(app, OnlineApp)
        await app.start_game()

    def action_leave(self) -> None:
        self.app.exit("left")


class SummaryScreen(ModalScreen[bool]):
    """The end of a hand (its sentences and the game's summary table: each player's points,
    and their totals where the game counts points)
    or of the game (the final standing). At the end of a game at this keyboard, ``n`` deals
    a new game with the same players: the screen then answers ``True``."""

    DEFAULT_CSS = """
    SummaryScreen { align: center middle; }
    SummaryScreen > VerticalScroll { width: 76; height: auto; max-height: 100%;
        border: thick $accent; padding: 1 2; background: $surface; }
    SummaryScreen Static { height: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", _("Close")),
        Binding("escape", "close", _("Close")),
        Binding("n", "again", _("Play again with the same players"), show=False),
    ]

    def __init__(
        self,
        lines: list[str],
        summary: dict[str, Any] | None = None,
        *,
        again: bool = False,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.lines = lines
        self.summary = summary
        self.again = again

    def compose(self) -> ComposeResult:
        body = Table.grid(padding=(0, 0))
        body.add_column()
        body.add_row(Text("\n".join(self.lines)))
        if self.summary is not None:
            # No title above the table: the sentences say that the hand is over (and how,
            # where nobody went out); the title said it a second time.
            grid = Table(box=None, padding=(0, 2), show_edge=False)
            for number, header in enumerate(self.summary["headers"]):
                grid.add_column(str(header), justify="right" if number else "left")
            for row in self.summary["rows"]:
                grid.add_row(*(Text(str(cell)) for cell in row))
            body.add_row(grid)
        if self.again:
            last = _("Press n to play again with the same players, or Enter to leave.")
        else:
            last = _("Press Enter to go on.")
        body.add_row(Text("\n" + last))
        # Six players' results outgrow 24 rows: the box then scrolls (arrows, Page keys)
        # from its first line, where a box of fixed height once cut those lines off.
        with VerticalScroll():
            yield Plain(body)

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(False)

    def action_again(self) -> None:
        if self.again:
            self.dismiss(True)


def with_totals(summary: dict[str, Any], players: list[dict[str, Any]]) -> dict[str, Any]:
    """A hand's summary with each player's total points after it, where the game counts
    points while it is played (not the programmes game, AMZ-R32).

    >>> summary = {"title": "", "headers": ["Player", "Points this hand"], "rows": [["Ann", "5"]]}
    >>> with_totals(summary, [{"points": 30}])["rows"]
    [['Ann', '5', '30']]
    >>> with_totals(summary, [{"points": None}]) == summary
    True
    """
    if not players or any(p["points"] is None for p in players):
        return summary
    rows = [[*row, str(p["points"])] for row, p in zip(summary["rows"], players, strict=True)]
    return {**summary, "headers": [*summary["headers"], _("Total")], "rows": rows}


class ChatScreen(ModalScreen[str | None]):
    """A line to write in the table's chat (``c``): Enter sends it, Escape closes."""

    DEFAULT_CSS = """
    ChatScreen { align: center middle; }
    ChatScreen > Vertical { width: 76; height: auto; border: thick $accent; padding: 1 2;
        background: $surface; }
    ChatScreen Label { width: 100%; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", _("Close"))]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(
                _(
                    "Write to the table and press Enter (Escape closes). A quick reaction's "
                    "key alone sends it: {keys}. mute NAME hides what a player says; unmute "
                    "NAME shows it again."
                ).format(keys=reaction_keys(current()))
            )
            yield Input(id="chat-line", max_length=200)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_close(self) -> None:
        self.dismiss(None)


#: The actions of the moves and the hint, which a finished game no longer offers.
_MOVE_ACTIONS: Final = frozenset(
    {"draw", "take", "discard", "kind", "open_kind", "hint", "choose", "pick"}
)
#: The actions of a seat: a spectator's footer leaves them out (see ``watching``).
_SEAT_ACTIONS: Final = _MOVE_ACTIONS | {"sort", "chat"}
#: What each move key does, for the status line while a move of its kind is open, in the
#: order the footer shows the keys: short, as the line is one line of an 80-column screen.
_WHAT_KEYS_DO: Final = (
    ("lay_down", N_("l lays down")),
    ("reveal", N_("v reveals")),
    ("meld", N_("n lays a new set")),
    ("hit", N_("g adds")),
    ("extend", N_("g adds")),
    ("swap", N_("e swaps")),
    ("discard", N_("x discards")),
)
#: The width of the right-hand column (the hand and the moves), in the CSS below.
_RIGHT_WIDTH: Final = 30
#: The room a player's name and status want beside the one-line headers of the players.
_NAME_ROOM: Final = 23


class HandOrder:
    """The order a seat shows its hand in: ``order`` 0 keeps the cards in the order they
    came, the newest last (the server keeps a hand sorted, where a drawn card would vanish
    into the middle); 1 and 2 are the game's two orders (by rank, by suit), 2 at first.

    Cards whose coming this screen did not see (a deal, a hand first seen after a resume)
    come first, in the game's second order; each card that comes alone after them goes last.

    >>> mine = HandOrder()
    >>> cards = [{"code": c, "by_suit": n} for n, c in enumerate(["R1", "B2", "G3"])]
    >>> mine.arrived(cards[::-1]), mine.newest
    ([2, 1, 0], False)
    >>> mine.arrived([*cards[::-1], {"code": "R9", "by_suit": 1}]), mine.newest
    ([2, 1, 0, 3], True)
    """

    def __init__(self) -> None:
        # The game's second order, which a dealt hand is shown in and labelled with: the
        # first card drawn then stays in that order too, under the same label, until o
        # changes it (starting at "newest last" put it last and relabelled the hand).
        self.order = 2
        #: The hand's cards by their code, as they came, each with whether this screen saw
        #: it come alone.
        self.arrival: list[tuple[str, bool]] = []

    @property
    def newest(self) -> bool:
        """Whether a card of the hand came alone since the others: then "newest last" is
        an order of its own, not the game's second order."""
        return any(alone for _code, alone in self.arrival)

    def next_order(self) -> None:
        """``o``: the next order, leaving out "newest last" while it is the game's second
        order (no card came alone yet), which would show the same hand again."""
        self.order = (self.order + 1) % 3
        if self.order == 0 and not self.newest:
            self.order = 1

    def arrived(self, hand: list[dict[str, Any]]) -> list[int]:
        """The positions of ``hand`` (the server's cards) in the order the cards came: the
        cards kept where they were, one new card last; several new cards at once are a new
        deal, and a hand first seen came before this screen: both in the game's second
        order."""
        codes = [str(card["code"]) for card in hand]
        left = Counter(codes)
        kept: list[tuple[str, bool]] = []
        for code, alone in self.arrival:
            if left[code] > 0:
                kept.append((code, alone))
                left[code] -= 1
        new: list[str] = []
        for code in codes:
            if left[code] > 0:
                new.append(code)
                left[code] -= 1
        if len(new) <= 1 and self.arrival:
            self.arrival = kept + [(code, True) for code in new]
        else:
            dealt = sorted(range(len(codes)), key=lambda i: (hand[i]["by_suit"], i))
            self.arrival = [(codes[i], False) for i in dealt]
        where: dict[str, list[int]] = {}
        for position, code in reversed(list(enumerate(codes))):
            where.setdefault(code, []).append(position)
        return [where[code].pop() for code, _alone in self.arrival]


class Panel(OptionList):
    """A list of the table (the hand, the moves) whose title is marked while it has the
    keys, as its heavier border shows too: the marker tells it without colour."""

    #: Around the title of the list that has the keys.
    MARK: Final = "» {title} «"

    def __init__(self, title: str, **options: Any) -> None:
        super().__init__(**options)
        self.title = title
        self.border_title = title

    def on_focus(self) -> None:
        self.border_title = self.MARK.format(title=self.title)

    def render_line(self, y: int) -> Strip:
        """The line, where it is the highlighted option's, in the cursor's own colour: a
        card's colour kept on the cursor bar read at 1.1:1 (a red card on blue), and the
        card about to be chosen was the one nobody could read. Its letter still names its
        colour (R, B, Y, G)."""
        strip = super().render_line(y)
        cursor = self.get_visual_style(
            "option-list--option", "option-list--option-highlighted"
        ).rich_style
        bar = cursor.bgcolor
        if bar is None or cursor.color is None:
            return strip
        plain = Style(color=cursor.color)
        segments = [
            Segment(seg.text, seg.style + plain, seg.control)
            if seg.style is not None and seg.style.bgcolor == bar
            else seg
            for seg in strip
        ]
        return Strip(segments, strip.cell_length)

    def on_blur(self) -> None:
        self.border_title = self.title


class OnlineTable(Screen[None]):
    """The table, fed by the server's updates; the keys send the player's moves."""

    DEFAULT_CSS = """
    #status { height: 1; background: $accent; color: $text; padding: 0 1; }
    #body { height: 1fr; }
    #left { width: 1fr; }
    #right { width: 30; }  /* _RIGHT_WIDTH */
    #players { height: auto; max-height: 9; }
    #pile { height: auto; max-height: 2; padding: 0 1; }
    #goal { height: auto; max-height: 2; padding: 0 1; }
    #groups-box { height: auto; max-height: 4; }
    #groups { height: auto; padding: 0 1; }
    #log { height: 1fr; border-top: solid $accent; }
    #hand { height: auto; max-height: 16; border: round $accent; }
    #moves { height: 1fr; min-height: 5; border: round $accent; scrollbar-gutter: stable; }
    /* The list the arrows and Enter work in: a heavy border (and a marked title, not the
       colour alone); the ids above would outrank a rule for OptionList:focus. */
    #hand:focus, #moves:focus { border: heavy $success; }
    #log:focus { border-top: heavy $success; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "draw", _("Draw")),
        Binding("t", "take", _("Take")),
        Binding("space", "choose", _("Choose"), show=False),
        Binding("x", "discard", _("Discard")),
        # The game's other move keys are in the footer while a move of theirs is open
        # (checked in check_action); the same keys, unshown, below, work at any time and
        # say why no such move is open.
        Binding("l", "open_kind('lay_down')", _("Lay down")),
        Binding("v", "open_kind('reveal')", _("Reveal")),
        Binding("n", "open_kind('meld')", _("New set")),
        Binding("g", "open_kind('hit', 'extend')", _("Hit")),
        Binding("e", "open_kind('swap')", _("Swap program")),
        Binding("l", "kind('lay_down')", _("Lay down"), show=False),
        Binding("v", "kind('reveal')", _("Reveal"), show=False),
        Binding("n", "kind('meld')", _("New set"), show=False),
        Binding("g", "kind('hit', 'extend')", _("Hit"), show=False),
        Binding("e", "kind('swap')", _("Swap program"), show=False),
        Binding("i", "hint", _("Hint")),
        Binding("c", "chat", _("Chat")),
        Binding("o", "sort", _("Sort")),
        Binding("r", "rules", _("Rules")),
        # The scores are beside the players' names; s, the scores' key elsewhere
        # (docs/keys.md), shows the last results again.
        Binding("s", "results", _("Results"), show=False),
        # The keys alone, as the line mode's ? lists its commands (not in the footer: r
        # shows the same keys after the rules).
        Binding("question_mark", "keys", _("Keys"), show=False),
        Binding("f1", "rules", _("Rules"), show=False),
        Binding("escape", "clear", _("Clear choice"), show=False),
        # Tab goes to the list of moves, as the keys help says, and from there back to the
        # hand: going on round every panel took it to the log, where the arrows scrolled
        # the log and Enter played the first move. Shift+Tab still reaches every panel.
        Binding("tab", "switch_list", _("Your moves"), show=False),
        # Enter in a list plays from it; elsewhere (the log) the highlighted move.
        Binding("enter", "play_highlighted", _("Play"), show=False),
        Binding("q", "leave", _("Leave")),
        *(
            Binding(str(n % 10), f"pick({n - 1})", _("Choose card by position"), show=False)
            for n in range(1, 11)
        ),
        # A spectator's footer lists only what a spectator can do; the keys of a seat (off
        # for a spectator in check_action) come here and say why they do nothing.
        *(
            Binding(key, "watching", _("Spectator"), show=False)
            for key in ("d", "t", "x", "space", "l", "v", "n", "g", "e", "i", "o")
        ),
        *(Binding(str(n % 10), "watching", _("Spectator"), show=False) for n in range(1, 11)),
        Binding("c", "watching('chat')", _("Spectator"), show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)
        #: Each seat's order of its hand and the order its cards came in, kept apart so that
        #: at a hot seat each person finds their hand as they left it after the pass screen.
        self.hands: dict[int | None, HandOrder] = {}
        self.chosen: list[int] = []  # positions in the server's hand
        #: The kinds the list of moves is narrowed to (a key that fits several moves).
        self.narrowed: tuple[str, ...] = ()
        self.shown_hand: list[int] = []  # server positions, in the order shown
        self.shown_moves: list[dict[str, Any]] = []

    def compose(self) -> ComposeResult:
        yield Plain(id="status")
        with Horizontal(id="body"):
            with Vertical(id="left"):
                yield Plain(id="players")
                yield Plain(id="pile")
                yield Plain(id="goal")
                # Every group stays reachable: past a few rows the panel scrolls.
                with VerticalScroll(id="groups-box"):
                    yield Plain(id="groups")
                # A small least width: each sentence wraps to the panel as it is (RichLog's
                # default of 78 columns cut sentences at the panel's edge).
                yield RichLog(id="log", wrap=True, markup=False, min_width=20)
            with Vertical(id="right"):
                yield Panel(_("Your hand"), id="hand")
                yield Panel(_("Your moves"), id="moves")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#hand", OptionList).focus()

    def action_switch_list(self) -> None:
        """Tab: to the list of moves, or from it back to the hand."""
        moves = self.query_one("#moves", OptionList)
        target = "#hand" if moves.has_focus else "#moves"
        self.query_one(target, OptionList).focus()

    def focus_hand(self) -> None:
        """Put the keys in the hand: where a person's turn starts after the keyboard was
        passed, whatever list the last person left them in."""
        self.query_one("#hand", OptionList).focus()

    @property
    def online(self) -> OnlineApp:
        app = self.app
        assert isinstance(app, OnlineApp)
        return app

    # ------------------------------------------------------------------------ drawing

    def log_lines(self, *lines: str) -> None:
        if not self.is_mounted:
            return
        log = self.query_one("#log", RichLog)
        for line in lines:
            log.write(line)
        # A catch-up written before the log had its size would stay scrolled to its top.
        log.call_after_refresh(log.scroll_end, animate=False)

    def set_status(self, text: str) -> None:
        if not self.is_mounted:
            return
        self.query_one("#status", Static).update(text)

    def redraw(self) -> None:
        """Draw the table again from the last view (nothing while the screen is not built)."""
        with contextlib.suppress(NoMatches):
            self._redraw()

    def _redraw(self) -> None:
        shown = self.online.shown
        if shown is None or not self.is_mounted:
            return
        self.query_one("#players", Static).update(self._players(shown))
        self.query_one("#pile", Static).update(self._pile(shown))
        self.query_one("#goal", Static).update(Text(self.online.goal_line(shown)))
        self.query_one("#groups", Static).update(self._groups(shown))
        self._hand(shown)
        self._moves(shown)
        self.set_status(self._status(shown))
        self.refresh_bindings()  # the move keys leave the footer once the game is over

    def _players(self, shown: View) -> Table:
        grid = Table(box=None, padding=(0, 1), expand=True, show_edge=False)
        grid.add_column("", no_wrap=True)
        # The name takes the room left and wraps, its status after it: at 80 columns a
        # column of its own was cut to nothing, and German and French headers were cut.
        grid.add_column(_("Player"), ratio=1)
        # Where the panel leaves a name and its status too little room beside the headers
        # on one line, a long header wraps between its words instead.
        # A game that counts no points while it is played (the programmes game, AMZ-R32)
        # has no column for them.
        counted = any(p["points"] is not None for p in shown["players"])
        titles = (str(shown["progress_label"]), _("Cards"), *((_("Points"),) if counted else ()))
        beside = sum(len(title) + 1 for title in titles) + _NAME_ROOM
        narrow = 0 < self.size.width - _RIGHT_WIDTH < beside
        for title in titles:
            word = max(len(part) for part in title.split()) if narrow and title.strip() else None
            grid.add_column(title, min_width=word, max_width=word)
        seats = (self.online.lobby or {}).get("seats", [])
        secret_goals = any(p.get("goal") is None for p in shown["players"])
        for p in shown["players"]:
            seat = int(p["seat"])
            mark = "▶" if p["to_act"] else ""
            who = Text(str(p["name"])[:12], style="bold" if p["you"] else "")
            person = seat < len(seats) and seats[seat]["kind"] == "person"
            if person and not seats[seat].get("connected", True):
                who.append(" " + _("(away)"), style="dim")
            elif seat < len(seats) and not person and self.online.target is not None:
                # Online, who plays a seat is news (a person's seat may have gone to a
                # computer); at this keyboard the players chose them, and six rows must fit.
                who.append(", " + _("computer"), style="dim")
            if p.get("dealer"):
                who.append(", " + _("dealer"), style="dim")
            # What another player works on, where goals are secret until revealed (some
            # player's is not known yet): a revealed program is news worth the room. Where
            # every goal is public (Phase 10's phases) the progress column says it, and
            # six rows must fit 80x24. The seat's own is the line under the piles.
            shown_goal = secret_goals and p.get("goal") and not p["you"]
            facts = [*([p["goal"]] if shown_goal else []), *p["status"]]
            if facts:
                who.append(", " + ", ".join(map(str, facts)), style="dim")
            points = ("" if p["points"] is None else str(p["points"]),) if counted else ()
            grid.add_row(mark, who, str(p["progress"]), str(p["cards"]), *points)
        series = series_info(self.online.lobby, current())
        if series and not shown["over"]:
            grid.caption = series
        return grid

    def _pile(self, shown: View) -> Text:
        text = Text()
        for pile in shown["piles"]:
            if text:
                text.append("   ")
            # French sets a space before the colon: the format is the language's.
            text.append(_("{label}: ").format(label=pile["label"]))
            if pile["top"] is not None:
                text.append_text(card_text(pile["top"]))
                text.append(f" ({pile['count']})")
            elif pile["count"]:
                text.append(str(pile["count"]))
            else:
                # A bare 0 read as a card numbered 0 (play-tested by a beginner).
                text.append(_("empty"))
        return text

    def _groups(self, shown: View) -> Text:
        names = [str(p["name"]) for p in shown["players"]]
        rows = [
            _("{number}. {owner}: {group}").format(
                number=number, owner=names[group["owner"]][:8], group=group_words(group, current())
            )
            for number, group in enumerate(shown["table"], start=1)
        ]
        return Text("\n".join(rows) if rows else str(shown["table_empty"]))

    @property
    def hand_order(self) -> HandOrder:
        """How the seat at the keyboard orders its hand (a seat not seen yet: as it came)."""
        return self.hands.setdefault(self.online.seat, HandOrder())

    def _hand(self, shown: View) -> None:
        hand = list(shown["hand"])
        mine = self.hand_order
        positions = mine.arrived(hand)
        if mine.order:  # the game's own two orders: by rank (number), by suit (colour)
            key = "by_rank" if mine.order == 1 else "by_suit"
            positions.sort(key=lambda i: (hand[i][key], i))
        self.shown_hand = positions
        widget = self.query_one("#hand", OptionList)
        keep = widget.highlighted
        widget.clear_options()
        for i in positions:
            line = Text("▲ " if i in self.chosen else "  ")
            line.append_text(card_text(hand[i]))
            widget.add_option(Option(line))
        if positions:
            widget.highlighted = min(keep or 0, len(positions) - 1)
        elif self.online.stored is None:
            # A spectator's hand panel says why it is empty (it cannot be chosen from); a
            # shared keyboard between two people's turns shows nobody's hand, and says nothing.
            widget.add_option(Option(_("None: you are watching."), disabled=True))
        sorts = [_("Newest last"), *map(str, shown["sorts"])]
        # No card came alone since the deal (or since this screen first saw the hand, as
        # after a resume): the hand is in the game's second order, and says so. A spectator
        # holds no hand to order.
        watching = self.online.watching
        widget.border_subtitle = "" if watching else sorts[mine.order or (0 if mine.newest else 2)]

    def chosen_cards(self) -> list[str]:
        hand = list((self.online.shown or {}).get("hand") or [])
        return [hand[i]["code"] for i in self.chosen if i < len(hand)]

    def entries(self) -> list[dict[str, Any]]:
        """The moves offered now: each its action, its notation (``text``), its words, its
        kind and the cards of the hand it uses (the presentation's moves)."""
        moves = (self.online.shown or {}).get("moves") or []
        return [
            {
                "action": m["action"],
                "text": m["id"],
                "label": m["label"],
                "kind": m["kind"],
                "cards": m["cards"],
            }
            for m in moves
        ]

    def _moves(self, shown: View) -> None:
        chosen = Counter(self.chosen_cards())
        legal = self.entries()
        fitting = [e for e in legal if not chosen - Counter(e["cards"])] if chosen else legal
        if self.narrowed:
            fitting = [e for e in fitting if e["kind"] in self.narrowed]
        self.shown_moves = fitting
        widget = self.query_one("#moves", OptionList)
        widget.clear_options()
        for entry in fitting:
            widget.add_option(Option(plain(str(entry["label"]))))
        if fitting:
            widget.highlighted = 0
        elif self.online.stored is None:
            widget.add_option(Option(_("None: you are watching."), disabled=True))

    def _status(self, shown: View) -> str:
        app = self.online
        if not app.conn.connected:
            return _("Not connected: trying to reconnect…")
        if shown["over"]:
            return _("The game is over. q leaves the table.")
        if app.conn.pending is not None:
            return _("Your move is on its way…")
        kinds = {m["kind"] for m in shown["moves"]}
        if kinds & {"draw", "take"}:
            return _("Your turn: d draws, t takes the discard.")
        if kinds:
            # What the keys do now, as the moves open now have it: after a reveal, a new
            # set, an addition or the discard, not the same words all turn long.
            done = [_(words) for kind, words in _WHAT_KEYS_DO if kind in kinds]
            if not done:
                return _("Your turn: choose cards with Space, Enter plays the move.")
            return _("Your turn: Space chooses cards; {keys}.").format(
                keys=", ".join(dict.fromkeys(done))
            )
        return str(shown["turn"])

    # ------------------------------------------------------------------------ keys

    async def play(self, entry: dict[str, Any]) -> None:
        await self.online.play(entry)

    async def _by_kind(self, kind: str) -> None:
        for entry in self.entries():
            if entry["kind"] == kind:
                await self.play(entry)
                return
        # Not open now: the table reads the move and says why, naming the rule (as the line
        # client does with a one-word move).
        await self.online.play_text(kind)

    async def action_kind(self, kind: str, twin: str = "") -> None:
        """A move key of the one key map: the only move of this kind (or its twin: a hit
        and an extension are one act) that uses the chosen cards is played where it uses
        those alone, offered where it needs more; with several, the list shows them to
        choose from."""
        # Two named parameters, not *kinds: Textual passes an action only as many
        # arguments as its method names, so a second kind was once dropped.
        kinds = (kind, twin) if twin else (kind,)
        chosen = Counter(self.chosen_cards())
        fitting = [
            e for e in self.entries() if e["kind"] in kinds and not chosen - Counter(e["cards"])
        ]
        if len(fitting) == 1 and not Counter(fitting[0]["cards"]) - chosen:
            await self.play(fitting[0])
        elif len(fitting) == 1:
            # Cards the player did not choose are not played unasked (a third Wild, say):
            # the move is offered for Enter, as the browser does.
            self._offer(fitting[0], kinds, Counter(fitting[0]["cards"]) - chosen)
        elif fitting and chosen:
            # (Two ways or more: one is played or offered above.)
            text = _(
                "{count} ways use the chosen cards: they are in the list of your moves, the "
                "first highlighted. The arrows go through them, and Enter plays one."
            )
            self.log_lines(text.format(count=len(fitting)))
            self._narrow(kinds)
        elif fitting:
            text = _(
                "{count} ways are open: they are in the list of your moves, the first "
                "highlighted. The arrows go through them, and Enter plays one; cards chosen "
                "first keep only the ways that use them."
            )
            self.log_lines(text.format(count=len(fitting)))
            self._narrow(kinds)
        else:
            self.log_lines(self._why_not(kinds, bool(chosen)))

    def _offer(self, entry: dict[str, Any], kinds: tuple[str, ...], more: Counter[str]) -> None:
        """Show ``entry``, the one move of ``kinds`` there is, highlighted and focused for
        Enter, saying the cards ``more`` it uses besides those chosen."""
        move = str(entry["label"])
        if self.chosen:
            faces = {str(c["code"]): card_face(c) for c in (self.online.shown or {})["hand"]}
            cards = " ".join(faces.get(code, code) for code in more.elements())
            self.log_lines(
                _(
                    "One way: {move}. It also uses {cards}, besides the cards you chose. "
                    "Press Enter to play it."
                ).format(move=move, cards=cards)
            )
        else:
            self.log_lines(_("One way: {move}. Press Enter to play it.").format(move=move))
        self._narrow(kinds)
        for index, shown in enumerate(self.shown_moves):
            if shown["text"] == entry["text"]:
                self.query_one("#moves", OptionList).highlighted = index

    def _why_not(self, kinds: tuple[str, ...], chosen: bool) -> str:
        """Why no move of ``kinds`` is open: none uses the chosen cards, or the game's own
        words for why there is none now."""
        entries = self.entries()
        open_kind = any(e["kind"] in kinds for e in entries)
        # With no such move at all, in the seat's play, the game may still say what the hand
        # lacks (where this client holds the seat's view), beyond what the phase needs.
        if chosen and (open_kind or any(e["kind"] == "discard" for e in entries)):
            said = self.online.chosen_refusal(kinds, self.chosen_cards())
            if said:
                return _("{reason} Escape clears the choice.").format(reason=said)
            if open_kind:
                return _("No such move uses the chosen cards; Escape clears the choice.")
        refusals = (self.online.shown or {}).get("refusals") or {}
        found = next((str(refusals[k]) for k in kinds if k in refusals), None)
        if found is None and refusals:
            # The game says why for every kind of move it has: it has none of these. The
            # programmes game has the swap only where its optional rule is on (AMZ-R31).
            if "swap" in kinds and (self.online.shown or {}).get("game") == "programmes":
                return _(
                    "Program cards are not swapped at this table: swapping is an optional "
                    "rule (AMZ-R31), and it is off."
                )
            return _("There is no such move in this game.")
        return found or _("That move is not possible now.")

    async def action_draw(self) -> None:
        await self._by_kind("draw")

    async def action_take(self) -> None:
        await self._by_kind("take")

    def action_choose(self) -> None:
        widget = self.query_one("#hand", OptionList)
        if widget.highlighted is None or widget.highlighted >= len(self.shown_hand):
            return
        self._toggle(widget.highlighted)

    def action_pick(self, index: int) -> None:
        """A number key: choose (or no longer choose) the card at that place in the hand as
        shown, 1 the first and 0 the tenth."""
        if index >= len(self.shown_hand):
            self.log_lines(_("There is no card {number} in your hand.").format(number=index + 1))
            return
        self.query_one("#hand", OptionList).highlighted = index
        self._toggle(index)

    def _narrow(self, kinds: tuple[str, ...]) -> None:
        """Show only the moves of ``kinds`` that use the chosen cards, the list focused."""
        self.narrowed = kinds
        self.redraw()
        self.query_one("#moves", OptionList).focus()

    def _toggle(self, shown_index: int) -> None:
        self.narrowed = ()
        position = self.shown_hand[shown_index]
        if position in self.chosen:
            self.chosen.remove(position)
        else:
            self.chosen.append(position)
        self.redraw()

    def action_clear(self) -> None:
        self.chosen, self.narrowed = [], ()
        self.redraw()

    async def action_discard(self) -> None:
        chosen = self.chosen_cards()
        if len(chosen) != 1:
            # Before the draw (or off the turn) the game says why no discard is open.
            open_now = any(e["kind"] == "discard" for e in self.entries())
            if not open_now:
                self.log_lines(self._why_not(("discard",), False))
            elif chosen:
                # Several chosen (for a lay-down, say): which one goes is not guessed.
                self.log_lines(
                    ngettext(
                        "You chose {count} card: a discard is one card; Escape clears the choice.",
                        "You chose {count} cards: a discard is one card; Escape clears the choice.",
                        len(chosen),
                    ).format(count=len(chosen))
                )
            else:
                self.log_lines(_("Choose one card with Space to discard it."))
            return
        found = [e for e in self.entries() if e["kind"] == "discard" and e["cards"] == chosen]
        if len(found) == 1:
            await self.play(found[0])
        elif found:
            self.log_lines(_("Choose in the list whom the Skip is for, and press Enter."))
            self._narrow(("discard",))
        else:
            # The table reads the discard and says why not, naming the rule (draw first).
            await self.online.play_text(f"discard {chosen[0]}")

    async def action_play_highlighted(self) -> None:
        """Enter where no list has the focus (the log): the highlighted move is played."""
        index = self.query_one("#moves", OptionList).highlighted
        if index is not None and 0 <= index < len(self.shown_moves):
            await self.play(self.shown_moves[index])
        else:
            self.log_lines(_("Choose a move in the list of your moves, and press Enter."))

    async def action_hint(self) -> None:
        await self.online.ask_hint()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The chat key is for online tables: at this keyboard nobody else would read it,
        so it is neither shown nor bound there. The move keys are for a game under way."""
        if action == "watching":
            return self.online.watching
        if action in _SEAT_ACTIONS and self.online.watching:
            return False
        if action in _MOVE_ACTIONS and (self.online.shown or {}).get("over"):
            return False
        if action == "open_kind":
            return any(entry["kind"] in parameters for entry in self.entries())
        return action != "chat" or self.online.target is not None

    async def action_open_kind(self, kind: str, twin: str = "") -> None:
        """A move key shown in the footer while a move of its kind is open."""
        await self.action_kind(kind, twin)

    def action_watching(self, what: str = "") -> None:
        """A seat's key pressed by a spectator: what a spectator may not do, said."""
        if what == "chat":
            self.log_lines(_("Spectators read the chat; only the players write in it."))
        else:
            self.log_lines(_("You are watching as a spectator: you hold no hand and make no move."))

    def action_chat(self) -> None:
        """``c``: a line for the table's chat."""

        async def send(line: str | None) -> None:
            if line is not None and line.strip():
                await self.online.chat(line)

        self.app.push_screen(ChatScreen(), send)

    def action_results(self) -> None:
        self.online.show_last_results()

    def action_sort(self) -> None:
        self.hand_order.next_order()
        self.redraw()

    def _table_rules(self) -> Any:
        """The rules the table plays, or ``None`` where they are not known here."""
        rules = self.online.rules
        if rules is None:
            table = self.online.view or self.online.lobby or {}
            game = games.get(str(table.get("game", "phase10")))
            try:
                rules = game.find_rules(str(table.get("rules", game.name)))
            except (Phase10Error, LookupError, ValueError):
                rules = None
        return rules

    def action_rules(self) -> None:
        # The game's own rules text, for the rules the table plays, and the keys.
        rules = self._table_rules()
        text = rules_markdown(rules) if rules is not None else ""
        game = games.of(rules).name if rules is not None else None
        self.app.push_screen(
            RulesScreen(text or _("The rules of this table are not known here."), game)
        )

    def action_keys(self) -> None:
        rules = self._table_rules()
        text = _("## Keys at the table") + "\n\n" + keys_text(rules) if rules is not None else ""
        self.app.push_screen(RulesScreen(text or _("The rules of this table are not known here.")))

    def action_leave(self) -> None:
        self.app.exit("left")

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        moves = self.query_one("#moves", OptionList)
        index = moves.highlighted if event.option_list.id == "hand" else event.option_index
        if index is not None and 0 <= index < len(self.shown_moves):
            await self.play(self.shown_moves[index])

    def select_hint(self, text: str) -> None:
        """Choose the cards the hint's move names and highlight the move."""
        hand = [card["code"] for card in (self.online.shown or {}).get("hand") or []]
        move = next((e for e in self.entries() if e["text"] == text), None)
        self.chosen, self.narrowed = [], ()
        for word in move["cards"] if move is not None else []:
            for i, card in enumerate(hand):
                if card == word and i not in self.chosen:
                    self.chosen.append(i)
                    break
        self.redraw()
        for index, entry in enumerate(self.shown_moves):
            if entry["text"] == text:
                self.query_one("#moves", OptionList).highlighted = index


class OnlineApp(App[str]):
    """One seat at one table, full screen; ``run()`` returns why it ended. The table is online
    (a WebSocket to ``target``), or at this keyboard when ``connect`` makes the connection
    from the app's two hooks (a :class:`~phase10.online.local.LocalConnection`)."""

    TITLE = "Phase 10"
    # The footer keeps its width for the table's keys, in every language.
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "leave", _("Leave"), show=False),
    ]

    def __init__(
        self,
        target: Target | None,
        table: str,
        seat: StoredSeat | None,
        store: SeatStore | None,
        api: Api | None,
        lang: str,
        *,
        connect: Connect | None = None,
    ) -> None:
        super().__init__()
        use_language(lang)
        self.target, self.table_id, self.stored, self.store, self.api = (
            target,
            table,
            seat,
            store,
            api,
        )
        #: ``seat`` ``None``: a spectator (``phase10 join --watch``), who holds no seat.
        self.seat: int | None = None if seat is None else seat.seat
        self.token = None if seat is None else seat.token
        self.lobby: dict[str, Any] | None = None
        self.view: View | None = None
        #: The seat's presentation, the update's ``table``.
        self.shown: View | None = None
        self.result: dict[str, Any] | None = None
        #: The last results shown (a hand's or the game's), which ``s`` shows again.
        self.last_results: tuple[list[str], dict[str, Any] | None] | None = None
        self.hint_id: str | None = None
        #: Says the player's time once when their turn starts, at a table with a turn timer.
        self.time_teller = TimeTeller()
        #: The rules the table plays, where this client knows them (a local table).
        self.rules: Any = None
        #: The first lines of the log (a local table: where the game is saved, the rules).
        self.intro: list[str] = []
        self.table_screen = OnlineTable()
        self.lobby_screen: LobbyScreen | None = None
        if connect is not None:
            self.conn: Any = connect(self.on_server, self.on_link)
        else:
            assert target is not None, "an online table needs its server"
            self.conn = Connection(target, table, self.token, lang, self.on_server, self.on_link)
        self.ended: str | None = None
        self._hand_number: int | None = None
        #: The seats whose chat the player muted; the chat lines shown.
        self.muted: set[int] = set()
        self.chat_seen: set[tuple[int, float]] = set()
        #: The rematch whose table was said (once, not at each reconnection).
        self.rematch_said: str | None = None

    def on_resize(self) -> None:
        self.call_later(self.check_size)

    def check_size(self) -> None:
        """Cover the table with a "terminal too small" message below the minimum size, and
        uncover it when the terminal is large enough again."""
        cover_if_too_small(self)

    async def on_mount(self) -> None:
        self.call_later(self.check_size)
        await self.push_screen(self.table_screen)
        self.say(*self.intro)
        if self.target is not None:
            server = self.target.server
            self.table_screen.set_status(_("Connecting to {server}…").format(server=server))
        self.run_worker(self._connect(), exclusive=True, group="connection")

    async def _connect(self) -> None:
        await self.conn.run()
        if self.ended is not None:
            self.exit(self.ended)

    def chosen_refusal(self, kinds: tuple[str, ...], cards: list[str]) -> str | None:
        """Why no move of ``kinds`` uses every chosen card, in the game's words, where this
        client holds the seat's view (a table at this keyboard: :class:`LocalApp`); online,
        ``None``: the table sends its presentation, not the view the game reasons on."""
        del kinds, cards
        return None

    @property
    def watching(self) -> bool:
        """Whether this is a spectator at an online table (``phase10 join --watch``)."""
        return self.target is not None and self.stored is None

    async def on_unmount(self) -> None:
        await self.conn.close()

    def action_leave(self) -> None:
        """Ctrl+Q, on any screen: leave the table (a server keeps the seat)."""
        self.exit("left")

    # ------------------------------------------------------------------------ the server

    def say(self, *lines: str) -> None:
        self.table_screen.log_lines(*lines)

    def on_link(self, state: str, status: int | None) -> None:
        if state == LOST:
            self.say(_("The connection to the server is lost; trying to reconnect."))
        elif state == BACK:
            self.say(_("Connected to the server again."))
        elif state == GAVE_UP:
            self.ended = _(
                "The server cannot be reached; giving up. Your seat is kept for a while."
            )
        elif state == REFUSED:
            self.ended = _("The server refused the connection (HTTP {status}).").format(
                status=status
            )
        if self.view is not None:
            self.table_screen.redraw()

    def on_server(self, message: dict[str, Any]) -> bool:
        kind = message.get("type")
        if kind == "error":
            text = str(message.get("text", ""))
            bad_token = not self.conn.connected and message.get("code") == "bad_token"
            if bad_token and self.store is not None and self.target is not None:
                self.store.forget(self.target.server, self.table_id)
            if bad_token:
                # The server's refusal is in English and for programs: said in the
                # player's words instead.
                text = _(
                    "The seat kept for this table is no longer valid, and is forgotten: "
                    "run the command again to join the table anew."
                )
            if not self.conn.connected:
                self.ended = text
                return True
            if message.get("id") == self.hint_id:
                self.hint_id = None
            self.say(text)
        elif kind in ("welcome", "lobby"):
            if kind == "welcome":
                self.seat = message["seat"]
            self.lobby = message["lobby"]
            self._lobby_changed()
            if kind == "welcome":
                self._welcomed()
        elif kind == "notice":
            self.say(str(message["text"]))
        elif kind == "chat":
            if first_time(self.chat_seen, message) and message.get("seat") not in self.muted:
                self.say(chat_line(message, current()))
        elif kind == "update":
            self._update(message)
        elif kind == "hint" and message.get("id") == self.hint_id:
            self.hint_id = None
            if "sentence" in message:  # the game's own words for the move (protocol 2)
                self.say(str(message["sentence"]))
            else:
                names = list((self.view or {}).get("names", []))
                self.say(_("Hint: {move}.").format(move=display(str(message["text"]), names)))
            self.table_screen.select_hint(str(message["text"]))
            return False  # drawn already: a redraw would highlight the first move again
        elif (
            kind == "rematch"
            and message.get("token") is not None
            and self.seat is not None
            and self.stored is not None
            and self.store is not None
            and self.target is not None
        ):
            table, token = str(message["table"]), str(message["token"])
            self.store.put(
                self.target.server, table, StoredSeat(self.seat, self.stored.name, token)
            )
            self.say(_("A rematch is ready at a new table; you keep your seat there."))
            self.table_id, self.token = table, token
            self.view = self.result = None
            # The finished game's standing would stay over the rematch once it starts.
            while isinstance(self.screen, SummaryScreen):
                self.pop_screen()
            self.chat_seen.clear()
            self.conn.switch(table, token)
        elif kind == "rematch" and self.target is not None:
            # No seat there for this connection (a spectator): where it is, to go there.
            self.say(rematch_line(self.target, str(message["table"]), current()))
        told = self.time_teller.line(message, self.seat, current())
        if told is not None:
            self.say(told)
            self._hurry_later()
        if self.view is not None:
            self.table_screen.redraw()
        return False

    def _hurry_later(self) -> None:
        """Warn the player when their time is nearly out (once a turn), as the browser
        does: a turn played by a computer without a word before was a surprise."""
        due = self.time_teller.hurry_in()
        if due is not None:
            self.set_timer(due, self._hurry)

    def _hurry(self) -> None:
        warning = self.time_teller.hurry(current())
        if warning is not None:
            self.say(warning)
        else:  # the time was moved on since (a new clock): look again then
            self._hurry_later()

    def _welcomed(self) -> None:
        """The connection is made: the status line says the table, not "Connecting"; at a
        finished table whose rematch is made, where the rematch is."""
        lobby = self.lobby or {}
        if self.view is None:
            self.table_screen.set_status(_("Table {code}").format(code=lobby.get("code", "?")))
        rematch = lobby.get("rematch") if lobby.get("status") == "over" else None
        if self.target is not None and rematch and rematch != self.rematch_said:
            self.rematch_said = str(rematch)
            self.say(rematch_line(self.target, str(rematch), current()))

    def _lobby_changed(self) -> None:
        lobby = self.lobby or {}
        if lobby.get("status") == "waiting" and self.view is None:
            if self.lobby_screen is None:
                self.lobby_screen = LobbyScreen()
                self.push_screen(self.lobby_screen)
            self.lobby_screen.show(lobby, self.seat)
        elif self.lobby_screen is not None:
            self.lobby_screen.dismiss(None)
            self.lobby_screen = None

    def _update(self, message: dict[str, Any]) -> None:
        old_hand = (self.view or {}).get("hand")
        self.view = message["view"]
        self.shown = message["table"]
        view = self.view
        assert view is not None
        lines = [str(t) for entry in message["events"] for t in entry["text"]]
        self.say(*lines)
        if self.lobby_screen is not None:
            self.lobby_screen.dismiss(None)
            self.lobby_screen = None
        if view.get("hand") != old_hand:
            self.table_screen.chosen, self.table_screen.narrowed = [], ()
        ended = [
            entry
            for entry in message["events"]
            if str(entry["event"].get("kind", "")).endswith("hand_ended")
        ]
        if message["result"] is not None and self.result is None:
            self.result = message["result"]
            # The final screen quotes the last sentences in the words of whoever reads it.
            read = [str(t) for e in self.read_by_all(message)["events"] for t in e["text"]]
            self.show_final(
                [
                    *read[-4:],
                    *standing_lines(message["table"], self.result, current()),
                    *series_lines(self.lobby, current()),
                ]
            )
        elif ended and len(message["events"]) < 40:  # not the catch-up of a whole game
            at = message["events"].index(ended[-1])
            events = self.read_by_all(message)["events"]
            before = [str(t) for entry in events[:at] for t in entry["text"]]
            # The end's own sentences whole (with six players, those of who moves up
            # outnumber the rest), after the last few of how the hand ended.
            texts = [*before[-3:], *map(str, events[at]["text"])]
            summary = ended[-1].get("summary")
            players = message["table"]["players"]
            self.show_summary(texts, None if summary is None else with_totals(summary, players))

    def read_by_all(self, message: dict[str, Any]) -> dict[str, Any]:
        """``message`` as the screens that end a hand or the game quote it: here, read by
        the seat's player alone, as the log tells it."""
        return message

    def goal_line(self, shown: View) -> str:
        """The line under the piles: the seat's goal, or what a spectator is."""
        return str(shown.get("goal") or "")

    def show_summary(self, lines: list[str], summary: dict[str, Any] | None) -> None:
        """The end of a hand: its last sentences and the game's summary of it."""
        self.last_results = (lines, summary)
        self.push_screen(SummaryScreen(lines, summary))

    def show_final(self, lines: list[str]) -> None:
        """The end of the game: its last sentences and the final standing."""
        self.last_results = (lines, None)
        self.push_screen(SummaryScreen(lines))

    def show_last_results(self) -> None:
        """``s``: the last results again, closed too soon (Enter went on) or wanted later."""
        if self.last_results is None:
            self.say(
                _(
                    "No results yet: nothing has ended since you came to the table. The "
                    "scores are beside the players' names."
                )
            )
            return
        lines, summary = self.last_results
        self.push_screen(SummaryScreen(lines, summary))

    # ------------------------------------------------------------------------ the player

    async def play(self, entry: dict[str, Any]) -> None:
        view = self.view
        if view is None or not view["legal"]:
            self.say(_("It is not your turn."))
            return
        if self.conn.pending is not None:
            self.say(_("Your last move is still on its way: wait for the server's answer."))
            return
        if not self.conn.connected:
            self.say(_("Not connected to the server at the moment; try again in a moment."))
            return
        await self.conn.act(int(view["version"]), entry["action"])
        self.table_screen.redraw()

    async def play_text(self, text: str) -> None:
        """Send a move as the game's notation (one that is not open now: the table answers
        why, naming the rule)."""
        if self.view is None or self.conn.pending is not None or not self.conn.connected:
            self.say(_("That move is not possible now."))
            return
        await self.conn.act_text(int(self.view["version"]), text)

    async def chat(self, line: str) -> None:
        """A line of the chat box: ``mute NAME``, ``unmute NAME``, or what to say (a quick
        reaction's key alone sends the reaction)."""
        verb, _space, rest = line.strip().partition(" ")
        if verb.lower() in ("mute", "unmute") and rest.strip():
            seat = seat_named(self.lobby, rest)
            if seat is None or seat == self.seat:
                seats = (self.lobby or {}).get("seats", [])
                others = [s["name"] for s in seats if s.get("name") and s["seat"] != self.seat]
                self.say(
                    _("There is no player {token}: players are {names}.").format(
                        token=repr(rest.strip()), names=", ".join(others)
                    )
                )
                return
            name = str((self.lobby or {})["seats"][seat]["name"])
            if verb.lower() == "mute":
                self.muted.add(seat)
                text = _("What {name} says in the chat is hidden; unmute {name} shows it.")
            else:
                self.muted.discard(seat)
                text = _("What {name} says in the chat is shown again.")
            self.say(text.format(name=name))
            return
        if not self.conn.connected:
            self.say(_("Not connected to the server at the moment; try again in a moment."))
            return
        await self.conn.say(line)

    async def ask_hint(self) -> None:
        view = self.view
        if self.stored is None and self.seat is None:
            self.say(_("You are watching as a spectator: you hold no hand and make no move."))
            return
        if view is None or not view["legal"] or not self.conn.connected:
            self.say(_("A hint is only for your turn."))
            return
        self.hint_id = self.conn.next_id("h")
        await self.conn.hint(self.hint_id)

    async def start_game(self) -> None:
        lobby = self.lobby or {}
        if self.lobby_screen is None:
            return
        if self.seat != 0:
            self.lobby_screen.show(
                lobby, self.seat, _("Only the table's owner can start the game.")
            )
            return
        path = f"/api/tables/{self.table_id}/start"
        if self.api is None:  # a local table is playing from the start
            return
        try:
            self.lobby = await asyncio.to_thread(self.api.post, path, None, self.token)
        except ApiError as exc:
            self.lobby_screen.show(lobby, self.seat, exc.text)
        except UnreachableError as exc:
            self.lobby_screen.show(lobby, self.seat, str(exc))


def play_online(
    target: Target, table: str, seat: StoredSeat | None, store: SeatStore, api: Api, lang: str
) -> tuple[str | None, dict[str, Any] | None]:
    """Sit at the table full screen (``seat`` ``None``: watch it) until the player leaves;
    why it ended and the lobby."""
    app = OnlineApp(target, table, seat, store, api, lang)
    ended = app.run()
    return ended, app.lobby
