"""The full-screen game: a Textual app that owns the ``Match`` and turns keys into actions.

Widgets hold no game state; every screen is redrawn from a ``PlayerView`` of the match. Bot
turns are paced by a timer (``delay`` seconds) and thought out in a worker thread, so the
screen never freezes. The game is saved after every action. Several people may share the
keyboard: a "pass to the next player" screen hides every hand in between.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from phase10 import games
from phase10.bots import LEVEL_NAMES, make_bot
from phase10.explain import explain_reason
from phase10.games.phase10.narration import describe_event, describe_progress, narrate
from phase10.games.phase10.state import EventKind
from phase10.games.phase10.turns import check_action
from phase10.games.phase10.view import view_for
from phase10.games.programmes.narration import describe_programme_event, narrate_programmes
from phase10.games.programmes.rules import ProgrammeRules
from phase10.games.programmes.state import ProgrammeState
from phase10.games.programmes.turns import check_action as check_programme_action
from phase10.kernel.errors import IllegalActionError
from phase10.match import Match, ProgrammeMatch, Seat
from phase10.tui.newgame import Defaults, NewGameScreen, Setup
from phase10.tui.programme_table import ProgrammeTableScreen
from phase10.tui.screens import GameOverScreen, HandResult, HandSummaryScreen, PassScreen
from phase10.tui.table import TableBase, TableScreen
from phase10.tui.text import _, current, use_language

DEFAULT_DELAY = 0.6


class Phase10App(App[str | None]):
    """Phase 10 in the terminal. Give it a ``match`` to go on with (``resumed=False`` for one
    just dealt), or ``defaults`` for the new-game screen.

    ``run()`` returns a sentence to print after the screen closes (where the game was saved).
    """

    TITLE = "Phase 10"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "save_quit", _("Save and quit"), show=False)
    ]

    def __init__(
        self,
        *,
        save_path: str | Path,
        match: Match | ProgrammeMatch | None = None,
        defaults: Defaults | None = None,
        delay: float = DEFAULT_DELAY,
        lang: str = "en",
        resumed: bool = True,
    ) -> None:
        use_language(lang)
        super().__init__()
        self.match_or_none = match
        self.defaults = defaults or Defaults()
        self.save_path = Path(save_path)
        self.delay = max(0.0, delay)
        self.viewer: int | None = None
        self.log_lines: list[str] = []
        self.table: TableBase | None = None
        self._bot_pending = False
        self._waiting = False  # a summary or pass screen is up: nobody may act
        self._save_warned = False
        self._resumed = resumed

    # ------------------------------------------------------------------------ set-up

    @property
    def match(self) -> Match | ProgrammeMatch:
        if self.match_or_none is None:
            raise RuntimeError("no game has been dealt yet")
        return self.match_or_none

    @property
    def is_programmes(self) -> bool:
        """Whether this is the programmes game (else Phase 10)."""
        return isinstance(self.match_or_none, ProgrammeMatch)

    @property
    def phase10(self) -> Match:
        """The match, in the parts of the app that only Phase 10 reaches."""
        match = self.match
        assert isinstance(match, Match)
        return match

    def on_mount(self) -> None:
        if self.match_or_none is None:
            self.push_screen(NewGameScreen(self.defaults), self._deal)
        elif not self._resumed:
            self._introduce()
            self._begin()
        else:
            self.log_lines.append(
                _("Resumed the saved game from {path}: hand {hand}.").format(
                    path=self.save_path, hand=self.match.state.hand_number + 1
                )
            )
            self._begin()

    def _deal(self, setup: Setup | None) -> None:
        if setup is None:
            self.exit()
            return
        seats = [
            Seat(name, None if level is None else make_bot(level, games.of(setup.rules)))
            for name, level in setup.seats
        ]
        if isinstance(setup.rules, ProgrammeRules):
            self.match_or_none = ProgrammeMatch.start(setup.rules, seats, setup.seed)
        else:
            self.match_or_none = Match.start(setup.rules, seats, setup.seed)
        self._introduce()
        self._begin()

    def _introduce(self) -> None:
        text = _("Seed {seed}: the same seed and moves give the same game.")
        self.log_lines.append(text.format(seed=self.match.seed))
        self._narrate_events(self.match.state, self.match.state.events)
        self._save()

    def _begin(self) -> None:
        humans = self.match.human_seats
        if len(humans) == 1:
            self.viewer = humans[0]
        self.table = ProgrammeTableScreen() if self.is_programmes else TableScreen()
        self.push_screen(self.table)
        self.call_after_refresh(self.advance)

    # ------------------------------------------------------------------------ what is shown

    def table_view(self) -> tuple[Any, bool]:
        """The view the table shows and whether the hand in it may be shown."""
        match = self.match
        if self.viewer is not None:
            return match.view(self.viewer), True
        return match.view(match.to_act), False

    def seat_kinds(self) -> list[str]:
        """Blank for a person, the computer player's level otherwise, per seat."""
        return [
            ""
            if s.bot is None
            else _("computer: {level}").format(level=_(LEVEL_NAMES.get(s.bot.name, s.bot.name)))
            for s in self.match.seats
        ]

    def refresh_table(self) -> None:
        if self.table is not None and self.table.is_mounted:
            self.table.redraw()

    def can_act(self) -> bool:
        """Whether the person at the keyboard may play now."""
        match = self.match
        return (
            not match.is_over
            and not self._bot_pending
            and not self._waiting
            and self.viewer == match.to_act
            and match.seats[match.to_act].is_human
        )

    def explain(self, action: Any) -> str | None:
        """The engine's reason (with its rule id) why ``action`` is not allowed now, or None."""
        match = self.match
        try:
            if isinstance(match, ProgrammeMatch):
                check_programme_action(match.state, action)
            else:
                check_action(match.state, action)
        except IllegalActionError as exc:
            message = explain_reason(exc, current())
            return _("not allowed, {rule}: {message}").format(rule=exc.rule, message=message)
        return None

    # ------------------------------------------------------------------------ playing

    def play_human(self, action: Any) -> str | None:
        """Play ``action`` for the person at the keyboard; a sentence if it is not allowed."""
        if not self.can_act():
            name = self.match.names[self.match.to_act]
            return _("Please wait: it is {name}'s turn.").format(name=name)
        try:
            self._play(action)
        except IllegalActionError as exc:
            message = explain_reason(exc, current())
            return _("Not allowed ({rule}): {message}").format(rule=exc.rule, message=message)
        return None

    def _play(self, action: Any) -> None:
        before = self.match.state
        events = self.match.play(action)
        self._save()
        self._narrate_events(before, events)
        # Both games' event kinds are string enums with the same value for a hand's end.
        ended = next((e for e in events if e.kind == EventKind.HAND_ENDED.value), None)
        if ended is not None:
            self._waiting = True
            self.refresh_table()
            self.push_screen(
                HandSummaryScreen(self._hand_result(before, ended)), self._after_summary
            )
            return
        self.advance()

    def _after_summary(self, _result: None) -> None:
        self._waiting = False
        self.advance()

    def advance(self) -> None:
        """Move the game on: the end, the next person (passing the keyboard), or a bot."""
        match = self.match
        if match.is_over:
            self.refresh_table()
            self._show_standing()
            return
        seat = match.to_act
        humans = match.human_seats
        if match.seats[seat].is_human:
            if len(humans) > 1 and self.viewer != seat:
                self.viewer = None
                self._waiting = True
                self.refresh_table()
                self.push_screen(PassScreen(match.names[seat]), lambda _r: self._seat_ready(seat))
                return
            self.viewer = seat
            self.refresh_table()
            return
        if len(humans) > 1:
            self.viewer = None
        self.refresh_table()
        self._schedule_bot()

    def _seat_ready(self, seat: int) -> None:
        self._waiting = False
        self.viewer = seat
        self.refresh_table()

    def _schedule_bot(self) -> None:
        if self._bot_pending:
            return
        self._bot_pending = True
        token = len(self.match.record.actions)
        if self.delay > 0:
            self.set_timer(self.delay, lambda: self._start_bot(token))
        else:
            self.call_later(self._start_bot, token)

    def _start_bot(self, token: int) -> None:
        match = self.match
        if match.is_over or token != len(match.record.actions):
            self._bot_pending = False
            return
        seat = match.to_act
        bot = match.seats[seat].bot
        if bot is None:
            self._bot_pending = False
            self.advance()
            return
        view, rng = match.view(seat), match.bot_rng(seat)
        self.run_worker(
            lambda: self._think(bot, view, rng, token),
            thread=True,
            group="bot",
            exit_on_error=False,
        )

    def _think(self, bot: Any, view: Any, rng: random.Random, token: int) -> None:
        """In a worker thread: the bot decides; the main thread plays its action."""
        try:
            action = bot.choose(view, rng)
        except Exception as exc:  # a broken bot must not take the screen down
            self.call_from_thread(self._bot_failed, exc)
            return
        self.call_from_thread(self._bot_chosen, action, token)

    def _bot_chosen(self, action: Any, token: int) -> None:
        self._bot_pending = False
        if token != len(self.match.record.actions):
            return
        try:
            self._play(action)
        except IllegalActionError as exc:
            self._bot_failed(exc)

    def _bot_failed(self, exc: BaseException) -> None:
        self._bot_pending = False
        name = self.match.names[self.match.to_act]
        text = _("{name}, a computer player, could not move: {error}. The game is saved.")
        self.log_lines.append(text.format(name=name, error=exc))
        self.refresh_table()

    # ------------------------------------------------------------------------ the log

    def _narrate_events(self, before: Any, events: Sequence[Any]) -> None:
        """One sentence per event, as the person at the keyboard may know it."""
        humans = self.match.human_seats
        viewer = humans[0] if len(humans) == 1 else None
        seat = viewer if viewer is not None else before.current
        if isinstance(self.match, ProgrammeMatch):
            seen = self.match.view(seat).events if events else ()
            lines = narrate_programmes(
                seen, self.match.names, viewer, rules=self.match.rules, lang=current()
            )
            self.log_lines += lines
            return
        match = self.phase10
        visible = view_for(match.state, seat).events if events else ()
        names, rules, hand = match.names, match.rules, before.hand_number + 1
        ended = next((i for i, e in enumerate(visible) if e.kind is EventKind.HAND_ENDED), None)
        if ended is None:
            self.log_lines += narrate(
                visible, names, viewer, rules=rules, hand=hand, lang=current()
            )
            return
        self.log_lines += narrate(
            visible[: ended + 1], names, viewer, rules=rules, hand=hand, lang=current()
        )
        self.log_lines += describe_progress(before, match.state, names, viewer, lang=current())
        rest = visible[ended + 1 :]
        self.log_lines += narrate(rest, names, viewer, rules=rules, hand=hand + 1, lang=current())

    # ------------------------------------------------------------------------ results

    def _phase_after(self, seat: int) -> str:
        view = self.phase10.view(seat)
        me = view.players[seat]
        if not me.dealt_in:
            return _("sits out")
        if me.phase is None:
            return _("every phase done") if view.outcome is not None or me.phase_index else "-"
        return _("phase {number}").format(number=me.phase.number)

    def _hand_result(self, before: Any, ended: Any) -> HandResult:
        if isinstance(before, ProgrammeState):
            return self._manche_result(before, ended)
        match = self.phase10
        names = match.names
        rows = tuple(
            (
                names[seat],
                ended.scores[seat] if seat < len(ended.scores) else 0,
                match.state.players[seat].score,
                self._phase_after(seat),
            )
            for seat in range(len(names))
        )
        humans = match.human_seats
        viewer = humans[0] if len(humans) == 1 else None
        return HandResult(
            hand=ended.number + 1,
            went_out=names[ended.seat] if ended.seat >= 0 else None,
            rows=rows,
            progress=tuple(describe_progress(before, match.state, names, viewer, lang=current())),
            game_over=match.is_over,
        )

    def _manche_result(self, before: ProgrammeState, ended: Any) -> HandResult:
        names = self.match.names
        yes, no = _("yes"), _("no")
        rows = tuple(
            (
                names[seat],
                ended.scores[seat] - len(before.players[seat].done),
                ended.scores[seat],
                yes if before.players[seat].revealed or ended.seat == seat else no,
            )
            for seat in range(len(names))
            if seat < len(ended.scores)
        )
        headers = (_("Completed this manche"), _("Programs done"), _("Revealed"))
        return HandResult(
            hand=ended.number + 1,
            went_out=names[ended.seat] if ended.seat >= 0 else None,
            rows=rows,
            progress=(),
            game_over=self.match.is_over,
            title=_("Manche {number} is over.").format(number=ended.number + 1),
            nobody_out=_("Everyone has revealed a program and nobody went out."),
            headers=headers,
        )

    def _show_standing(self) -> None:
        if isinstance(self.match, ProgrammeMatch):
            self._show_programmes_standing(self.match)
            return
        state = self.phase10.state
        result = state.outcome
        if result is None:
            return
        names = self.match.names
        order = sorted(
            range(len(names)),
            key=lambda s: (
                s != result.winner,
                -state.players[s].completed.bit_count(),
                result.totals[s],
                s,
            ),
        )
        rows = [
            (
                place,
                names[seat],
                state.players[seat].completed.bit_count(),
                result.totals[seat],
                seat == result.winner,
            )
            for place, seat in enumerate(order, start=1)
        ]
        over = next((e for e in state.events if e.kind is EventKind.GAME_OVER), None)
        humans = self.match.human_seats
        viewer = humans[0] if len(humans) == 1 else None
        headline = (
            describe_event(over, names, viewer, rules=self.phase10.rules, lang=current())
            if over is not None
            else _("The game is over.")
        )
        self.push_screen(GameOverScreen(headline, rows))

    def _show_programmes_standing(self, match: ProgrammeMatch) -> None:
        result = match.state.outcome
        if result is None:
            return
        names = match.names
        order = sorted(range(len(names)), key=lambda s: (s != result.winner, -result.totals[s], s))
        rows = [
            (place, names[seat], result.totals[seat], result.hands, seat == result.winner)
            for place, seat in enumerate(order, start=1)
        ]
        over = next((e for e in match.state.events if e.kind == "game_over"), None)
        humans = match.human_seats
        viewer = humans[0] if len(humans) == 1 else None
        headline = (
            describe_programme_event(over, names, viewer, rules=match.rules, lang=current())
            if over is not None
            else _("The game is over.")
        )
        headers = (_("Programs done"), _("Manches played"))
        self.push_screen(GameOverScreen(headline, rows, headers=headers))

    # ------------------------------------------------------------------------ saving

    def _save(self) -> None:
        try:
            self.match.save(self.save_path)
        except OSError as exc:
            if not self._save_warned:
                self._save_warned = True
                text = _("Warning: the game cannot be saved to {path}: {reason}.")
                self.log_lines.append(text.format(path=self.save_path, reason=exc.strerror))

    def action_save_quit(self) -> None:
        """Save and leave; ``run()`` returns how to resume."""
        if self.match_or_none is None:
            self.exit()
            return
        self._save()
        if self.match.is_over:
            self.exit()
            return
        text = _("Game saved to {path}. Resume it with: phase10 resume {path}")
        self.exit(text.format(path=self.save_path))
