"""The full-screen game: a Textual app that owns the ``Match`` and turns keys into actions.

Widgets hold no game state; every screen is redrawn from a ``PlayerView`` of the match. Bot
turns are paced by a timer (``delay`` seconds) and thought out in a worker thread, so the
screen never freezes. The game is saved after every action. Several people may share the
keyboard: a "pass to the next player" screen hides every hand in between.
"""

from __future__ import annotations

import random
import shlex
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from phase10 import games
from phase10.bots import LEVEL_NAMES, make_bot
from phase10.explain import explain_reason
from phase10.kernel.errors import IllegalActionError
from phase10.launch import resume_command
from phase10.match import Match, Seat
from phase10.storage import StorageError, elsewhere
from phase10.tui.newgame import Defaults, NewGameScreen, Setup
from phase10.tui.screens import (
    MIN_HEIGHT,
    MIN_WIDTH,
    ConfirmScreen,
    HandSummaryScreen,
    PassScreen,
    TooSmallScreen,
)
from phase10.tui.table import TableBase
from phase10.tui.table_phase10 import TableScreen
from phase10.tui.table_programmes import ProgrammeTableScreen
from phase10.tui.text import _, current, use_language

#: The table screen of each family of games (``Game.family``).
TABLES: dict[str, type[TableBase]] = {"phase10": TableScreen, "programmes": ProgrammeTableScreen}

DEFAULT_DELAY = 0.6


class Phase10App(App[str | None]):
    """Phase 10 in the terminal. Give it a ``match`` to go on with (``resumed=False`` for one
    just dealt), or ``defaults`` for the new-game screen.

    ``run()`` returns a sentence to print after the screen closes (where the game was saved).
    """

    TITLE = "Phase 10"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "save_quit", _("Save and quit"), show=False),
        # Ctrl+C quits too, asking first when a game is unfinished.
        Binding("ctrl+c", "ask_quit", _("Quit"), show=False, priority=True),
    ]

    #: How many of the last events a resumed game shows in its log.
    RECENT_EVENTS = 12

    def __init__(
        self,
        *,
        save_path: str | Path,
        match: Match | None = None,
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
        #: Why the last save failed (None once one succeeds): said on leaving, exit status 1.
        self.save_error: str | None = None
        self._resumed = resumed

    # ------------------------------------------------------------------------ set-up

    @property
    def match(self) -> Match:
        if self.match_or_none is None:
            raise RuntimeError("no game has been dealt yet")
        return self.match_or_none

    def on_resize(self) -> None:
        self.call_later(self.check_size)

    def check_size(self) -> None:
        """Cover the game with a "terminal too small" message below the minimum size, and
        uncover it when the terminal is large enough again."""
        width, height = self.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        on_top = isinstance(self.screen, TooSmallScreen)
        if small and not on_top:
            self.push_screen(TooSmallScreen())
        elif not small and on_top:
            self.pop_screen()

    def on_mount(self) -> None:
        self.call_later(self.check_size)
        if self.match_or_none is None:
            offered = tuple(games.get(name) for name in games.names())
            playable = tuple(game for game in offered if game.family in TABLES)
            keys = {game.name: TABLES[game.family].KEYS_HELP for game in playable}
            self.push_screen(NewGameScreen(self.defaults, playable, keys), self._deal)
        elif not self._resumed:
            self._introduce()
            self._begin()
        else:
            self._recent_events()
            self.log_lines.append(
                _("Resumed the saved game from {path}: hand {hand}.").format(
                    path=self.save_path, hand=self.match.state.hand_number + 1
                )
            )
            self._begin()

    def _recent_events(self) -> None:
        """The last events before the save, so a resumed game does not start with an empty
        log: as the person at the keyboard may know them."""
        match = self.match
        entries = match.since(self.narrator)[1:]
        events = [entry.item for entry in entries[-self.RECENT_EVENTS :]]
        if not events:
            return
        self.log_lines.append(_("The last moves before the game was saved:"))
        self.log_lines += match.game.narrate(
            events, match.names, self.narrator, rules=match.rules, lang=current()
        )

    def _deal(self, setup: Setup | None) -> None:
        if setup is None:
            self.exit()
            return
        seats = [
            Seat(name, None if level is None else make_bot(level, games.of(setup.rules)))
            for name, level in setup.seats
        ]
        self.match_or_none = Match.start(setup.rules, seats, setup.seed)
        self._introduce()
        self._begin()

    def _introduce(self) -> None:
        # No seed here: with the seed, new_game rebuilds every hand and every future draw, so
        # it is shown only once the game is over (see _show_standing).
        self._narrate_events(self.match.state.events)
        self._save()

    def _begin(self, *, replace_table: bool = False) -> None:
        humans = self.match.human_seats
        if len(humans) == 1:
            self.viewer = humans[0]
        self.table = TABLES[self.match.game.family](self)
        if replace_table:
            self.switch_screen(self.table)
        else:
            self.push_screen(self.table)
        self.call_after_refresh(self.advance)

    # ------------------------------------------------------------------------ what is shown

    def table_view(self) -> tuple[Any, bool]:
        """The view the table shows and whether the hand in it may be shown.

        When no seat's secrets may be shown (between two people at one keyboard, or while a
        computer player moves in a hot-seat game), the table gets a spectator's view: no hand,
        no secret program, no legal moves, so no part of the screen can show them (the
        players table once showed the computer's secret program)."""
        match = self.match
        if self.viewer is not None:
            return match.view(self.viewer), True
        return match.public_view(), False

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
            match.game.check(match.state, action)
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
        actor = self.match.to_act
        hands = [tuple(p.hand) for p in self.match.state.players]
        events = self.match.play(actor, action, self.match.version)
        self._save()
        self._narrate_events(events)
        # Every game's event kinds are string enums; a hand's end is "hand_ended" in each.
        ended = next((e for e in events if e.kind == "hand_ended"), None)
        if ended is not None and self.table is not None:
            self._waiting = True
            self.refresh_table()
            result = self.table.hand_result(ended)
            left = self._cards_left(hands, actor, action, ended)
            result = replace(result, left=tuple(self.table.cards_text(c) for c in left))
            self.push_screen(HandSummaryScreen(result), self._after_summary)
            return
        self.advance()

    @staticmethod
    def _cards_left(
        hands: list[tuple[Any, ...]], actor: int, action: Any, ended: Any
    ) -> list[tuple[Any, ...]]:
        """The cards each seat was left with when the hand ended: the hands
        before the last action, less the cards that action put down."""
        left = [list(h) for h in hands]
        if ended.seat == actor:
            left[actor] = []
        else:
            combo = getattr(action, "combo", None)
            played = list(getattr(action, "cards", ()) or ())
            if combo is not None:
                played = list(combo.cards)
            elif hasattr(action, "card") and not played:
                played = [action.card]
            for card in played:
                if card in left[actor]:
                    left[actor].remove(card)
        return [tuple(h) for h in left]

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

    @property
    def narrator(self) -> int | None:
        """The seat the log speaks to as "you": the one person, if only one plays."""
        humans = self.match.human_seats
        return humans[0] if len(humans) == 1 else None

    def _narrate_events(self, events: Sequence[Any]) -> None:
        """One sentence per event, as the person at the keyboard may know it."""
        match = self.match
        viewer = self.narrator
        # Several people at one keyboard: the log is read by all of them, so it tells what a
        # spectator may know, never what the seat to act saw.
        shown = match.view(viewer) if viewer is not None else match.public_view()
        seen = shown.events if events else ()
        self.log_lines += match.game.narrate(
            seen, match.names, viewer, rules=match.rules, lang=current()
        )

    def headline(self) -> str:
        """The sentence that ends the game (who won and how), or a plain one."""
        match = self.match
        over = [e for e in match.state.events if e.kind == "game_over"]
        if not over:
            return _("The game is over.")
        lines = match.game.narrate(
            over, match.names, self.narrator, rules=match.rules, lang=current()
        )
        return lines[0] if lines else _("The game is over.")

    def _show_standing(self) -> None:
        if self.table is not None and self.match.is_over:
            seed = _("Seed {seed}: the same seed and moves give the same game.").format(
                seed=self.match.seed
            )
            if seed not in self.log_lines:
                self.log_lines.append(seed)
            screen = self.table.final_screen()
            screen.note = seed
            self.push_screen(screen, self._after_standing)

    def _after_standing(self, again: bool | None) -> None:
        if again:
            self.call_after_refresh(self.rematch)  # once the standing is off the stack
        else:
            self.exit()

    def rematch(self) -> None:
        """Deal a new game with the same rules and players (the next seed) after the final
        standing."""
        old = self.match
        seats = [
            Seat(s.name, None if s.bot is None else make_bot(s.bot.name, games.of(old.rules)))
            for s in old.seats
        ]
        self.match_or_none = Match.start(old.rules, seats, old.seed + 1)
        self.log_lines.append(_("A new game with the same players and rules."))
        self.viewer = None
        self._introduce()
        self._begin(replace_table=isinstance(self.screen, TableBase))

    # ------------------------------------------------------------------------ saving

    def _save(self) -> None:
        try:
            self.match.save(self.save_path)
        except (OSError, StorageError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            # A StorageError names the file already; the sentence names it once.
            reason = reason.removeprefix(f"{self.save_path}: ").removeprefix("cannot save there: ")
            self.save_error = " ".join(reason.split())
            if not self._save_warned:
                self._save_warned = True
                text = _("Warning: the game cannot be saved to {path}: {reason}.")
                self.log_lines.append(text.format(path=self.save_path, reason=self.save_error))
        else:
            self.save_error = None

    def not_saved_message(self) -> str:
        """That the game could not be saved, why, and where it can be."""
        text = _(
            "The game was NOT saved to {path}: {reason}. Play with --save PATH to save it "
            "elsewhere, e.g. --save {other}"
        )
        other = shlex.quote(str(elsewhere(self.save_path)))
        return text.format(path=self.save_path, reason=self.save_error, other=other)

    def action_ask_quit(self) -> None:
        """Ctrl+C: quit, asking first (and saving) when a game is under way."""
        if self.match_or_none is None or self.match.is_over:
            self.exit()
            return
        if isinstance(self.screen, ConfirmScreen):
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.action_save_quit()

        question = _("Quit now? The game is saved and can be resumed later.")
        self.push_screen(ConfirmScreen(question), answered)

    def action_save_quit(self) -> None:
        """Save and leave; ``run()`` returns how to resume."""
        if self.match_or_none is None:
            self.exit()
            return
        self._save()
        if self.save_error is not None:
            self.exit(self.not_saved_message())
            return
        if self.match.is_over:
            self.exit()
            return
        # The same command the line mode prints: it works as printed even
        # when phase10 is not on the PATH, and the save keeps the mode and language.
        text = _("Game saved to {path}. Resume it with: {command}")
        self.exit(text.format(path=self.save_path, command=resume_command(str(self.save_path))))
