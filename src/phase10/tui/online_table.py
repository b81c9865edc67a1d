"""The full screen at an online table (``phase10 join`` on a terminal, without ``--plain``).

Everything shown comes from the server's messages (``docs/protocol.md``), as in the line mode:
the hand (a list: arrows move, Space chooses cards, ``s`` changes the order), the discard top
and the draw pile, the groups on the table, the players, every sentence of the game in the log,
and the legal moves the server offers (``view.legal``), narrowed to those that use the chosen
cards. Enter plays the highlighted move; ``d`` draws, ``t`` takes the discard, ``x`` discards
the chosen card, ``h`` asks for a hint and chooses its cards, ``r`` shows the rules, ``q``
leaves (the server keeps the seat). Before the start a waiting screen shows who is seated
(``s`` starts the game for the table's owner). The connection is taken up again by itself
(:class:`phase10.online.connection.Connection`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from phase10 import games
from phase10.kernel.errors import Phase10Error
from phase10.online.connection import BACK, GAVE_UP, LOST, REFUSED, Connection
from phase10.online.links import Api, ApiError, SeatStore, StoredSeat, Target, UnreachableError
from phase10.online.moves import display
from phase10.online.text import group_text, lobby_lines, standing_lines
from phase10.tui.plain import Plain, plain
from phase10.tui.text import _, current, translate_bindings, use_language

__all__ = ["OnlineApp", "OnlineTable", "play_online"]

View = dict[str, Any]

_STYLES = {"R": "bold red", "B": "bold blue", "Y": "bold yellow", "G": "bold green"}
_SORTS = ("as dealt", "by number", "by colour")


def card_text(card: str) -> Text:
    """A card's name in its colour (wild and Skip cards in their own)."""
    if card in ("W", "S") or (card.startswith(("W", "S")) and not card[1:2].isdigit()):
        return Text(card, style="bold magenta")
    return Text(card, style=_STYLES.get(card[:1], "bold"))


def _number(card: str) -> int:
    digits = "".join(ch for ch in card if ch.isdigit())
    return int(digits) if digits else 99


def sorted_hand(hand: list[str], order: int) -> list[str]:
    """The hand in one of the orders of :data:`_SORTS`.

    >>> sorted_hand(["G7", "R1", "W", "B7"], 1), sorted_hand(["G7", "R1", "W", "B7"], 2)
    (['R1', 'B7', 'G7', 'W'], ['B7', 'G7', 'R1', 'W'])
    """
    if order == 1:
        return sorted(hand, key=lambda c: (_number(c), c))
    if order == 2:
        return sorted(hand, key=lambda c: (_number(c) == 99, c[:1], _number(c)))
    return list(hand)


def uses(text: str, chosen: list[str]) -> bool:
    """Whether the move's notation names every chosen card.

    >>> uses("discard R7", ["R7"]), uses("lay set R5 B5 W=5", ["R5", "W"]), uses("draw", ["R5"])
    (True, True, False)
    """
    words = Counter(w.split("=")[0] for w in text.replace("|", " ").split())
    return not Counter(chosen) - words


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

    async def action_start(self) -> None:
        app = self.app
        assert isinstance(app, OnlineApp)
        await app.start_game()

    def action_leave(self) -> None:
        self.app.exit("left")


class SummaryScreen(ModalScreen[None]):
    """The sentences at the end of a hand or of the game."""

    DEFAULT_CSS = """
    SummaryScreen { align: center middle; }
    SummaryScreen > Static { width: 76; height: auto; max-height: 20; border: thick $accent;
        padding: 1 2; background: $surface; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", _("Close")),
        Binding("escape", "close", _("Close")),
    ]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        translate_bindings(self)
        self.lines = lines

    def compose(self) -> ComposeResult:
        yield Plain("\n".join([*self.lines, "", _("Press Enter to go on.")]))

    def action_close(self) -> None:
        self.dismiss(None)


class OnlineTable(Screen[None]):
    """The table, fed by the server's updates; the keys send the player's moves."""

    DEFAULT_CSS = """
    #status { height: 1; background: $accent; color: $text; padding: 0 1; }
    #body { height: 1fr; }
    #left { width: 1fr; }
    #right { width: 30; }
    #players { height: auto; max-height: 7; }
    #pile { height: 1; padding: 0 1; }
    #groups { height: auto; max-height: 4; padding: 0 1; }
    #log { height: 1fr; border-top: solid $accent; }
    #hand { height: 1fr; max-height: 13; border: round $accent; }
    #moves { height: 1fr; border: round $accent; }
    OptionList:focus { border: round $success; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "draw", _("Draw")),
        Binding("t", "take", _("Take")),
        Binding("space", "choose", _("Choose"), show=False),
        Binding("x", "discard", _("Discard")),
        Binding("h", "hint", _("Hint")),
        Binding("s", "sort", _("Sort")),
        Binding("r", "rules", _("Rules")),
        Binding("q", "leave", _("Leave")),
    ]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)
        self.order = 0
        self.chosen: list[int] = []  # positions in the server's hand
        self.shown_hand: list[int] = []  # server positions, in the order shown
        self.shown_moves: list[dict[str, Any]] = []

    def compose(self) -> ComposeResult:
        yield Plain(id="status")
        with Horizontal(id="body"):
            with Vertical(id="left"):
                yield Plain(id="players")
                yield Plain(id="pile")
                yield Plain(id="groups")
                yield RichLog(id="log", wrap=True, markup=False)
            with Vertical(id="right"):
                yield OptionList(id="hand")
                yield OptionList(id="moves")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#hand", OptionList).border_title = _("Your hand")
        self.query_one("#moves", OptionList).border_title = _("Your moves")
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

    def set_status(self, text: str) -> None:
        if not self.is_mounted:
            return
        self.query_one("#status", Static).update(text)

    def redraw(self) -> None:
        """Draw the table again from the last view (nothing while the screen is not built)."""
        with contextlib.suppress(NoMatches):
            self._redraw()

    def _redraw(self) -> None:
        view = self.online.view
        if view is None or not self.is_mounted:
            return
        names = list(view["names"])
        self.query_one("#players", Static).update(self._players(view, names))
        self.query_one("#pile", Static).update(self._pile(view))
        self.query_one("#groups", Static).update(self._groups(view, names))
        self._hand(view)
        self._moves(view, names)
        self.set_status(self._status(view, names))

    def _players(self, view: View, names: list[str]) -> Table:
        grid = Table(box=None, padding=(0, 1), expand=True, show_edge=False)
        programmes = view["game"] == "programmes"
        for title in (
            "",
            _("Player"),
            _("Programs") if programmes else _("Phase"),
            _("Cards"),
            _("Points"),
            _("Skips"),
        ):
            grid.add_column(title, no_wrap=True)
        seats = (self.online.lobby or {}).get("seats", [])
        for seat, (name, p) in enumerate(zip(names, view["players"], strict=False)):
            mark = "▶" if view["current"] == seat and view["outcome"] is None else ""
            who = Text(name[:12], style="bold" if seat == view["seat"] else "")
            person = seat < len(seats) and seats[seat]["kind"] == "person"
            if person and not seats[seat].get("connected", True):
                who.append(" " + _("(away)"), style="dim")
            if programmes:
                where = str(len(p.get("done", [])))
                points, skips = "", ""
            else:
                where = str(p["phase"]["number"]) if p["phase"] is not None else _("done")
                if p["laid"] >= 0:
                    where += "✓"
                points, skips = str(p["score"]), str(p.get("skip_pending", 0) or "")
            grid.add_row(mark, who, where, str(p["hand_size"]), points, skips)
        return grid

    def _pile(self, view: View) -> Text:
        pile = view.get("discard_pile") or []
        text = Text(_("Discard: "))
        text.append_text(card_text(pile[-1]) if pile else Text(_("empty")))
        text.append("   " + _("Draw pile: {count}").format(count=view.get("draw_pile_size", 0)))
        return text

    def _groups(self, view: View, names: list[str]) -> Text:
        rows = []
        shown = self.online.shown or {"table": []}
        for number, group in enumerate(shown["table"], start=1):
            rows.append(f"{number}. {names[group['owner']][:8]}: {group_text(group)}")
        return Text("\n".join(rows) if rows else _("No groups on the table yet."))

    def _hand(self, view: View) -> None:
        hand = list(view.get("hand") or [])
        order = sorted_hand(hand, self.order)
        left = list(range(len(hand)))
        positions = []
        for card in order:
            i = next(i for i in left if hand[i] == card)
            left.remove(i)
            positions.append(i)
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
        widget.border_subtitle = _(_SORTS[self.order])

    def chosen_cards(self) -> list[str]:
        view = self.online.view
        hand = list((view or {}).get("hand") or [])
        return [hand[i] for i in self.chosen if i < len(hand)]

    def _moves(self, view: View, names: list[str]) -> None:
        chosen = self.chosen_cards()
        legal = list(view["legal"])
        shown = [e for e in legal if uses(str(e["text"]), chosen)] if chosen else legal
        self.shown_moves = shown
        widget = self.query_one("#moves", OptionList)
        widget.clear_options()
        for entry in shown:
            widget.add_option(Option(plain(display(str(entry["text"]), names))))
        if shown:
            widget.highlighted = 0

    def _status(self, view: View, names: list[str]) -> str:
        app = self.online
        if not app.conn.connected:
            return _("Not connected: trying to reconnect…")
        if view["outcome"] is not None:
            return _("The game is over. q leaves the table.")
        if app.conn.pending is not None:
            return _("Your move is on its way…")
        if view["legal"]:
            if view["stage"] == "draw":
                return _("Your turn: d draws, t takes the discard.")
            return _("Your turn: choose cards with Space, Enter plays the move.")
        if view["current"] == view["seat"]:
            # Own seat with no legal move yet (e.g. a Skip to sit out): second person, never
            # "It is You's turn".
            return _("It is your turn.")
        return _("It is {name}'s turn.").format(name=names[view["current"]])

    # ------------------------------------------------------------------------ keys

    async def play(self, entry: dict[str, Any]) -> None:
        await self.online.play(entry)

    async def _by_text(self, text: str) -> None:
        view = self.online.view
        for entry in (view or {}).get("legal", []):
            if entry["text"] == text:
                await self.play(entry)
                return
        self.log_lines(_("That move is not possible now."))

    async def action_draw(self) -> None:
        await self._by_text("draw")

    async def action_take(self) -> None:
        await self._by_text("take")

    def action_choose(self) -> None:
        widget = self.query_one("#hand", OptionList)
        if widget.highlighted is None or widget.highlighted >= len(self.shown_hand):
            return
        position = self.shown_hand[widget.highlighted]
        if position in self.chosen:
            self.chosen.remove(position)
        else:
            self.chosen.append(position)
        self.redraw()

    async def action_discard(self) -> None:
        chosen = self.chosen_cards()
        if len(chosen) != 1:
            self.log_lines(_("Choose one card with Space to discard it."))
            return
        view = self.online.view or {}
        found = [
            e for e in view.get("legal", []) if str(e["text"]).split()[:2] == ["discard", chosen[0]]
        ]
        if len(found) == 1:
            await self.play(found[0])
        elif found:
            self.log_lines(_("Choose in the list whom the Skip is for, and press Enter."))
            self.query_one("#moves", OptionList).focus()
        else:
            self.log_lines(_("That move is not possible now."))

    async def action_hint(self) -> None:
        await self.online.ask_hint()

    def action_sort(self) -> None:
        self.order = (self.order + 1) % len(_SORTS)
        self.redraw()

    def action_rules(self) -> None:
        from phase10.tui.screens import RulesScreen

        view = self.online.view
        game = (view or self.online.lobby or {}).get("game", "phase10")
        if game == "programmes":
            from phase10.tui.table_programmes import programmes_rules_markdown

            self.app.push_screen(RulesScreen(programmes_rules_markdown()))
            return
        from phase10.tui.rules_text import rules_markdown

        try:
            rules = games.get("phase10").find_rules(
                str((view or self.online.lobby or {}).get("rules", "standard"))
            )
        except (Phase10Error, LookupError, ValueError):
            rules = games.get("phase10").find_rules("standard")
        self.app.push_screen(RulesScreen(rules_markdown(rules)))

    def action_leave(self) -> None:
        self.app.exit("left")

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        moves = self.query_one("#moves", OptionList)
        index = moves.highlighted if event.option_list.id == "hand" else event.option_index
        if index is not None and 0 <= index < len(self.shown_moves):
            await self.play(self.shown_moves[index])

    def select_hint(self, text: str) -> None:
        """Choose the cards the hint's move names and highlight the move."""
        hand = list((self.online.view or {}).get("hand") or [])
        words = [w.split("=")[0] for w in text.replace("|", " ").split()]
        self.chosen = []
        for word in words:
            for i, card in enumerate(hand):
                if card == word and i not in self.chosen:
                    self.chosen.append(i)
                    break
        self.redraw()
        for index, entry in enumerate(self.shown_moves):
            if entry["text"] == text:
                self.query_one("#moves", OptionList).highlighted = index


class OnlineApp(App[str]):
    """One seat at one online table, full screen; ``run()`` returns why it ended."""

    TITLE = "Phase 10"

    def __init__(
        self,
        target: Target,
        table: str,
        seat: StoredSeat,
        store: SeatStore,
        api: Api,
        lang: str,
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
        self.seat: int | None = seat.seat
        self.token = seat.token
        self.lobby: dict[str, Any] | None = None
        self.view: View | None = None
        #: The seat's presentation, the update's ``table``.
        self.shown: View | None = None
        self.result: dict[str, Any] | None = None
        self.hint_id: str | None = None
        self.table_screen = OnlineTable()
        self.lobby_screen: LobbyScreen | None = None
        self.conn = Connection(target, table, seat.token, lang, self.on_server, self.on_link)
        self.ended: str | None = None
        self._hand_number: int | None = None

    async def on_mount(self) -> None:
        await self.push_screen(self.table_screen)
        self.table_screen.set_status(_("Connecting to {server}…").format(server=self.target.server))
        self.run_worker(self._connect(), exclusive=True, group="connection")

    async def _connect(self) -> None:
        await self.conn.run()
        if self.ended is not None:
            self.exit(self.ended)

    async def on_unmount(self) -> None:
        await self.conn.close()

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
            if not self.conn.connected and message.get("code") == "bad_token":
                self.store.forget(self.target.server, self.table_id)
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
        elif kind == "notice":
            self.say(str(message["text"]))
        elif kind == "update":
            self._update(message)
        elif kind == "hint" and message.get("id") == self.hint_id:
            self.hint_id = None
            names = list((self.view or {}).get("names", []))
            self.say(_("Hint: {move}.").format(move=display(str(message["text"]), names)))
            self.table_screen.select_hint(str(message["text"]))
        elif kind == "rematch" and message.get("token") is not None and self.seat is not None:
            table, token = str(message["table"]), str(message["token"])
            self.store.put(
                self.target.server, table, StoredSeat(self.seat, self.stored.name, token)
            )
            self.say(_("A rematch is ready at a new table; you keep your seat there."))
            self.table_id, self.token = table, token
            self.view = self.result = None
            self.conn.switch(table, token)
        if self.view is not None:
            self.table_screen.redraw()
        return False

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
            self.table_screen.chosen = []
        ended = [
            entry
            for entry in message["events"]
            if str(entry["event"].get("kind", "")).endswith("hand_ended")
        ]
        if message["result"] is not None and self.result is None:
            self.result = message["result"]
            self.push_screen(
                SummaryScreen(
                    [*lines[-4:], *standing_lines(message["table"], self.result, current())]
                )
            )
        elif ended and len(message["events"]) < 40:  # not the catch-up of a whole game
            at = message["events"].index(ended[-1])
            texts = [str(t) for entry in message["events"][: at + 1] for t in entry["text"]]
            self.push_screen(SummaryScreen(texts[-6:]))

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

    async def ask_hint(self) -> None:
        view = self.view
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
        try:
            self.lobby = await asyncio.to_thread(self.api.post, path, None, self.token)
        except ApiError as exc:
            self.lobby_screen.show(lobby, self.seat, exc.text)
        except UnreachableError as exc:
            self.lobby_screen.show(lobby, self.seat, str(exc))


def play_online(
    target: Target, table: str, seat: StoredSeat, store: SeatStore, api: Api, lang: str
) -> tuple[str | None, dict[str, Any] | None]:
    """Sit at the table full screen until the player leaves; why it ended and the lobby."""
    app = OnlineApp(target, table, seat, store, api, lang)
    ended = app.run()
    return ended, app.lobby
