"""A game at this keyboard, full screen: the client of ``phase10 join`` (:class:`OnlineApp`)
over a connection to a local table, for every game, with what only a keyboard shared by the
people at it needs.

- **A hot seat.** With several people at the keyboard, nobody's seat is taken at the start,
  and whenever another person is to move it covers the table and asks to pass the keyboard to
  them by name; once they press Enter the connection moves to their seat, and the log tells
  what happened since their own last turn, as their seat may know it. The end of a hand
  leaves the seat again (the next hand is dealt to it while everyone reads the results), and
  a resumed game shows no hand's results a second time.
- **Computers at a person's pace**: one move per ``pace`` seconds, and none while a screen
  over the table (the end of a hand, passing the keyboard, the rules, the keys, a question)
  waits for a key.
- **The end of the game**: the final standing, then ``n`` for a new game with the same
  players (``run()`` returns ``"again"``), Enter to leave.
- **Leaving**: ``q`` or Ctrl+Q leaves at once (the caller has saved after every move and
  saves once more); Ctrl+C asks first while the game is under way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final

from textual.binding import Binding, BindingType
from textual.widgets import RichLog

from phase10.memory import freeze_what_lives
from phase10.online.links import StoredSeat
from phase10.online.local import LocalConnection
from phase10.table.local import (
    LOCAL_TABLE,
    LocalTable,
    in_everyones_words,
    said_to_everyone,
    told_by_their_turns,
)
from phase10.tui.online_table import OnlineApp, SummaryScreen
from phase10.tui.screens import ConfirmScreen, PassScreen
from phase10.tui.text import _

__all__ = ["AGAIN", "LocalApp", "play_local"]

#: What ``run()`` returns when the players want a new game with the same players.
AGAIN: Final = "again"
#: How many of the last events a resumed game tells again.
RECENT_EVENTS: Final = 12


class LocalApp(OnlineApp):
    """The people at this keyboard at ``table``; ``intro`` opens the log (where the game is
    saved, the rules and the players)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "leave", _("Save and quit"), show=False),
        # Ctrl+C quits too, asking first when a game is under way.
        Binding("ctrl+c", "ask_quit", _("Quit"), show=False, priority=True),
    ]

    def __init__(
        self,
        table: LocalTable,
        lang: str,
        pace: float,
        *,
        intro: Sequence[str] = (),
        resumed: bool = False,
        tell: Callable[[Callable[[str], object]], None] | None = None,
    ) -> None:
        self.local = table
        self.local_lang = lang
        self.tell = tell
        match = table.match
        people = match.human_seats
        #: The seat of the person at the keyboard: none yet in a hot seat.
        first = people[0] if len(people) == 1 else None
        self.hot_seat = len(people) > 1
        #: The last event each person at the keyboard has been told of (a hot seat); those
        #: not yet told hear the game from its start, or from where it was resumed. A save
        #: does not keep it: a resumed game tells each person what came after their last turn.
        self.told: dict[int, int] = told_by_their_turns(match) if resumed else {}
        self._start_seq = max(-1, match.seq - RECENT_EVENTS) if resumed else -1
        #: Where the turn of the person at the keyboard ended (the update of their last
        #: move), while the computers after them play: what they are told next time
        #: starts there, as the computers' moves flashed by while the keyboard was passed.
        self._turn_ended: int | None = None
        #: The seat the keyboard is being passed to, until that person presses Enter.
        self.handover: int | None = None
        #: Screens over the table that wait for a key: the computers wait with them.
        self._waiting = 0
        #: Whether the next update answers a hello: it tells again what happened before
        #: (a resumed game, a seat taken), hands' ends that were shown when they happened.
        self._catching_up = True

        def connect(
            on_message: Callable[[dict[str, Any]], bool],
            on_state: Callable[[str, int | None], None],
        ) -> LocalConnection:
            return _PausedConnection(self, table, first, lang, on_message, on_state, pace=pace)

        name = match.names[first] if first is not None else ""
        super().__init__(
            None, LOCAL_TABLE, StoredSeat(first or 0, name, ""), None, None, lang, connect=connect
        )
        self.seat = first
        self.rules = match.rules
        self.intro = list(intro)
        # A resumed game opens with its last events, not its whole story. In a hot seat,
        # nobody's seat yet: "you" would be a seat nobody has taken; the table shows what
        # everyone may see until the keyboard is first passed.
        self.conn.last_seq = self._start_seq

    async def on_mount(self) -> None:
        # Textual calls OnlineApp.on_mount too (each class's handler in turn), which puts up
        # the table and its log.
        if self.tell is not None:
            self.tell(lambda line: self.say(line))
        # The pass screen first, before the table is drawn without anyone's seat.
        self.call_later(self._next_person)
        # The screen's widgets, once up, join the start-up objects never swept again, so a
        # computer's decision does not wait on the collector walking them (phase10.memory).
        self.call_later(freeze_what_lives)

    # ------------------------------------------------------------------------ the table

    def on_server(self, message: dict[str, Any]) -> bool:
        update = message.get("type") == "update"
        live = update and not self._catching_up
        if live and self.hot_seat:
            # A hand's end and the game's are read by everyone at the keyboard: said to
            # nobody's seat ("Maman moves up"), not to the one who made the last move. Told
            # again to the next person who takes the keyboard, they read it alone: theirs.
            said_to_everyone(self.local.match, message, self.local_lang)
        done = super().on_server(message)
        if live and self.hot_seat and self.seat is not None:
            if message["view"].get("legal"):
                self._turn_ended = None
            elif self._turn_ended is None:
                self._turn_ended = int(message["seq"])
        if update:
            self._catching_up = False
            if live and self.hot_seat and _ends_a_hand(message):
                self._leave_seat()
            self.call_after_refresh(self._next_person)
        return done

    def _leave_seat(self) -> None:
        """A hand is over in a hot seat: the next hand is dealt to the seat still taken,
        whose cards would show beside the results everyone reads. Nobody holds the
        keyboard until the next person to move takes it on the pass screen."""
        match = self.local.match
        if self.seat is None or match.is_over:
            return
        self.told[self.seat] = match.seq
        self._turn_ended = None
        self.seat, self.view, self.shown, self.hint_id = None, None, None, None
        self.table_screen.chosen, self.table_screen.narrowed = [], ()
        self._catching_up = True
        self.conn.switch_seat(None, match.seq)

    def _next_person(self) -> None:
        """Ask for the keyboard to pass when another person is to move (a hot seat)."""
        match = self.local.match
        if not self.hot_seat or match.is_over or self.handover is not None:
            return
        seat = match.to_act
        if match.seats[seat].bot is not None or seat == self.seat:
            return
        if isinstance(self.screen, SummaryScreen):
            return  # asked again once the summary is closed
        self.handover = seat
        self._waiting += 1
        self.push_screen(PassScreen(match.names[seat]), lambda _none: self._seat_ready(seat))

    def _seat_ready(self, seat: int) -> None:
        """The person at ``seat`` has the keyboard: their seat, and what they missed."""
        match = self.local.match
        self._waiting -= 1
        self.handover = None
        if self.seat is not None:
            ended = self._turn_ended
            self.told[self.seat] = match.seq if ended is None else ended
        self._turn_ended = None
        # What the last person saw may show their cards ("You drew R7"): the log starts
        # again with what this person may know.
        self.table_screen.query_one("#log", RichLog).clear()
        since = self.told.get(seat, self._start_seq)
        if seat in self.told:
            self.say(_("Since your last turn:"))
        elif self.told and since < 0:
            # This person's first turn, after someone else's: all of it, as the line mode
            # says it (at most a lap of turns has passed).
            self.say(_("Since the game began:"))
        self.seat, self.view, self.shown, self.hint_id = seat, None, None, None
        self.table_screen.chosen, self.table_screen.narrowed = [], ()
        # Each person starts in their hand, as the keys help has it (Tab then goes to the
        # moves), not in the list the last person left the keys in.
        self.table_screen.focus_hand()
        self._catching_up = True
        self.conn.switch_seat(seat, since)

    @property
    def waiting(self) -> bool:
        """Whether a screen over the table waits for a key (the computers wait too)."""
        if self._waiting > 0:
            return True
        # Any screen over the table holds them, not only those counted above: behind the
        # rules or the keys a computer played on, and a hand's results opened over them.
        stack = self.screen_stack
        return bool(stack) and stack[-1] is not self.table_screen

    def chosen_refusal(self, kinds: tuple[str, ...], cards: list[str]) -> str | None:
        # The game's optional words for it (the Game protocol), on the seat's own view.
        match = self.local.match
        said = getattr(match.game, "chosen_refusal", None)
        if said is None or self.seat is None:
            return None
        view = match.game.view(match.state, self.seat, events=False)
        reasons = (said(view, kind, cards, self.local_lang) for kind in kinds)
        return next((str(reason) for reason in reasons if reason), None)

    def goal_line(self, shown: dict[str, Any]) -> str:
        # Between two people at the keyboard nobody's seat is taken; nobody watches.
        if self.hot_seat and self.seat is None:
            return ""
        return super().goal_line(shown)

    def read_by_all(self, message: dict[str, Any]) -> dict[str, Any]:
        # At a shared keyboard the results are read by everyone: the moves they quote, the
        # last person's own included, name who made them.
        if self.hot_seat:
            return in_everyones_words(self.local.match, message, self.local_lang)
        return message

    def show_summary(self, lines: list[str], summary: dict[str, Any] | None) -> None:
        self.last_results = (lines, summary)
        if self._catching_up:
            return  # shown when the hand ended; its sentences are in the log again
        self._waiting += 1
        self.push_screen(SummaryScreen(lines, summary), self._summary_closed)

    def _summary_closed(self, _again: bool | None) -> None:
        self._waiting -= 1
        self._next_person()

    def show_final(self, lines: list[str]) -> None:
        seed = _("Seed {seed}: the same seed and moves give the same game.").format(
            seed=self.local.match.seed
        )
        self.say(seed)
        self.push_screen(SummaryScreen([*lines, seed], again=True), self._final_closed)

    def _final_closed(self, again: bool | None) -> None:
        self.exit(AGAIN if again else "left")

    # ------------------------------------------------------------------------ leaving

    def action_ask_quit(self) -> None:
        """Ctrl+C: quit, asking first when the game is under way."""
        if self.local.match.is_over:
            self.exit("left")
            return
        if isinstance(self.screen, ConfirmScreen):
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit("left")

        question = _("Quit now? The game is saved and can be resumed later.")
        self.push_screen(ConfirmScreen(question), answered)

    def action_save_quit(self) -> None:
        """``q`` on the pass screen: leave (the game is saved)."""
        self.exit("left")


def _ends_a_hand(message: dict[str, Any]) -> bool:
    """Whether an update tells the end of a hand."""
    kinds = (str(entry["event"].get("kind", "")) for entry in message["events"])
    return any(kind.endswith("hand_ended") for kind in kinds)


class _PausedConnection(LocalConnection):
    """A local connection whose computers wait while the app's screens wait for a key."""

    def __init__(self, app: LocalApp, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.app = app

    @property
    def paused(self) -> bool:
        return self.app.waiting


def play_local(
    table: LocalTable,
    lang: str,
    pace: float,
    *,
    intro: Sequence[str] = (),
    resumed: bool = False,
    tell: Callable[[Callable[[str], object]], None] | None = None,
) -> str | None:
    """Play the game at ``table`` full screen for the people at this keyboard, the computers
    moving one move per ``pace`` seconds; why it ended: ``"left"``, :data:`AGAIN` for a new
    game with the same players, or a sentence to print. ``tell`` is given, once the screen
    is up, what writes a sentence in its log (a failed save is said there)."""
    return LocalApp(table, lang, pace, intro=intro, resumed=resumed, tell=tell).run()
