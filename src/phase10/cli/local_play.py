"""A game at this keyboard, line by line or full screen: a local table
(:class:`~phase10.table.local.LocalTable`) serves it the table protocol, and the clients of
``phase10 join`` draw its presentation with the same keys, words and answers as at a server.
The game is saved after every move, and ``phase10 resume`` takes it up again.

Line by line, several people may share the keyboard (a hot seat): when another person is to
move, the screen asks to pass the keyboard to them by name, and the table then speaks to
their seat.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import Any, Final

from phase10.bots import LEVEL_NAMES, bot_spec, make_bot
from phase10.cli.common import CommandError
from phase10.cli.keeper import Keeper
from phase10.cli.language import command_word
from phase10.cli.line_client import QUIT_WORDS, LineClient
from phase10.kernel.game import rules_in_words
from phase10.kernel.i18n import N_, translator
from phase10.match import Match, Seat
from phase10.memory import freeze_what_lives
from phase10.online.links import StoredSeat
from phase10.online.local import LocalConnection
from phase10.online.text import turn_line
from phase10.table.local import LOCAL_TABLE, LocalTable, said_to_everyone, told_by_their_turns

__all__ = ["KeyboardClient", "first_seat", "play"]

#: Erases a terminal's screen and its scrollback (ANSI: cursor home, clear the screen, clear
#: the scrollback).
CLEAR: Final = "\x1b[H\x1b[2J\x1b[3J"


def first_seat(match: Match) -> int:
    """The seat the game at this keyboard starts from. With several people at the keyboard,
    not the one to act: the game then asks to pass the keyboard to that person by name, so
    nobody has to guess whose "you" the screen means."""
    people = match.human_seats
    if len(people) > 1 and match.to_act in people:
        return next(p for p in people if p != match.to_act)
    return people[0]


class KeyboardClient(LineClient):
    """The line client at a local table, for the one or more people at this keyboard."""

    def __init__(
        self, table: LocalTable, seat: int, keeper: Keeper, lang: str, *, resumed: bool
    ) -> None:
        self.local = table
        self.keeper = keeper
        #: The seat of the person the keyboard is being passed to, until they press Enter.
        self.handover: int | None = None

        def connect(
            on_message: Callable[[dict[str, Any]], bool],
            on_state: Callable[[str, int | None], None],
        ) -> LocalConnection:
            return LocalConnection(table, seat, lang, on_message, on_state)

        match = table.match
        #: The last event each person at the keyboard has been told of (a hot seat). A save
        #: does not keep it: a resumed game starts each person from their last turn.
        self.told: dict[int, int] = told_by_their_turns(match) if resumed else {}
        #: Whether the seat at the keyboard has been told nothing yet.
        self.silent = False
        #: The last event on the screen when the person at the keyboard last typed a line.
        self.read_to = match.seq
        #: Whether the screen was erased as the keyboard is being passed.
        self.cleared = False
        super().__init__(
            None,
            LOCAL_TABLE,
            StoredSeat(seat, match.names[seat], ""),
            None,
            None,
            lang,
            resumed=resumed,
            paced=not sys.stdin.isatty(),
            connect=connect,
            leave=keeper.say_left,
        )
        if len(match.human_seats) > 1:
            # Nobody is told anything before the keyboard is first passed, not even what
            # the computers do: "you" would be a seat nobody has taken yet. Each person
            # hears it all at their turn, as their seat may know it.
            self.conn.last_seq = match.seq
            self.silent = True
        elif seat in self.told:
            # A resumed game tells the one person what came after their last turn, as its
            # heading says, not the whole game again from the first deal.
            self.conn.last_seq = self.told[seat]

    def table_rules(self) -> Any:
        return self.local.match.rules

    def rules_in_play(self) -> str | None:
        match = self.local.match
        return rules_in_words(match.game, match.rules.name, self.tr)

    def game_over(self) -> None:
        """Nothing is left to do at this keyboard: the client stops (and the seed is said),
        at once, even while it waits for a line."""
        self.finished = True
        self.lines.put_nowait(None)

    def _update(self, message: dict[str, Any]) -> None:
        match = self.local.match
        if self.silent and not match.is_over:
            # The computers play on until a person is to move: that person is asked for.
            self.version = int(message["version"])
            if self.handover is None and match.seats[match.to_act].bot is None:
                self._pass_to(match.to_act)
            return
        if len(match.human_seats) > 1:
            self._name_people(message)
        recap = self.first_update and not self.catch_up and self.told and message["events"]
        if recap and not match.is_over:  # a game over says so over its last events
            self.say(N_("Since your last turn:"))
            # That heading says what follows, all of it: no second heading over its tail.
            self.recap_said = True
        elif self.first_update and self.catch_up and self.told and not self.resumed:
            # A person's first turn after the keyboard passed: all of it, since at most a lap
            # of turns has passed (the Skip that costs them this turn, who played it).
            self.say(N_("Since the game began:"))
            self.catch_up = False
        super()._update(message)
        if match.is_over or self.handover is not None:
            return
        seat = match.to_act
        if seat != self.seat and match.seats[seat].bot is None:
            self._pass_to(seat)

    def _name_people(self, message: dict[str, Any]) -> None:
        """Where several people share the keyboard, "you" alone does not say who: the turn
        that starts for the person at the keyboard names them, and a hand's end and the
        game's (who went out, who moves up, the winner) name everyone, for all to read,
        whoever holds the keyboard then."""
        for entry in message["events"]:
            kind, seat = entry["event"]["kind"], entry["event"]["seat"]
            if kind == "turn_started" and seat == self.seat and entry["text"]:
                entry["text"] = [self.tr.gettext("It is your turn, {name}.").format(name=self.name)]
        # A hand's end and the game's: read by everyone at the keyboard, said to nobody's seat
        # as it happens. Told again after the keyboard has passed (the first update to the
        # seat), it is read by that person alone, and their own moves and new hand are theirs.
        if not self.first_update:
            said_to_everyone(self.local.match, message, self.lang)

    def _query(self, verb: str) -> bool:
        if (
            verb in ("w", "who")
            and self.view is not None
            and self.seat is not None
            and len(self.local.match.human_seats) > 1
        ):
            you = self.tr.gettext("You are {name}.").format(name=self.name)
            self.out(f"{turn_line(self.view)} {you}")
            return True
        return super()._query(verb)

    def _pass_to(self, seat: int) -> None:
        """Ask for the keyboard to pass to the person at ``seat``."""
        self.handover = seat
        if not self.silent and sys.stdout.isatty():
            # A terminal keeps the last person's hand in view, and in its scrollback, for
            # whoever sits down next: both are erased. Output that is not a terminal (a pipe,
            # a file, a screen reader's transcript read line by line) keeps no screen to
            # look at; there the escape codes would only be noise in the text.
            sys.stdout.write(CLEAR)
            self.prompt_open = False
            self.cleared = True
        self.out("", *self._pass_words(seat))

    def _pass_words(self, seat: int) -> tuple[str, str]:
        name = self.local.match.names[seat]
        return (
            self.tr.gettext("Pass the keyboard to {name}.").format(name=name),
            self.tr.gettext("Press Enter when only {name} can see the screen. ").format(name=name),
        )

    def _ready(self) -> bool:
        return self.handover is not None or super()._ready()

    async def _command(self, line: str) -> bool:
        if self.handover is None:
            self.read_to = self.local.match.seq
            return await super()._command(line)
        words = line.split()
        if words and command_word(self.lang, words[0]) in QUIT_WORDS:
            return False
        if words:
            # Only Enter passes the keyboard: a line typed ahead, or a question, would show
            # the next person's hand to whoever typed it. Asked again, the prompt says why
            # the line was not taken, or it seems to repeat for nothing.
            name = self.local.match.names[self.handover]
            # And how to stop here: play-tested, a Dutch couple typed "stoppen" and read the
            # same prompt again.
            again = N_(
                "Press Enter alone, with nothing typed, when only {name} can see the screen; "
                "q saves the game and stops. "
            )
            self.out(self.tr.gettext(again).format(name=name))
            return True
        seat, self.handover = self.handover, None
        if self.seat is not None and not self.silent:
            # What was erased from the screen with the pass may have gone unread (the end of
            # the person's own turn, the computers' moves after it): told again next time.
            self.told[self.seat] = self.read_to if self.cleared else self.local.match.seq
        self.cleared = False
        self.silent = False
        # What the last person heard may show their cards ("You drew R7"): not for r (again).
        # The next person hears again what happened since their last turn, as they may know
        # it, which r then repeats.
        self.recent.clear()
        self.seat, self.name = seat, self.local.match.names[seat]
        self.view, self.choices, self.status_shown, self.hint_id = None, None, None, None
        self.first_update, self.catch_up = True, seat not in self.told
        self.resumed = False  # the catch-up of a resumed game was said once
        self.conn.switch_seat(seat, self.told.get(seat, -1))
        return True


def play(
    match: Match,
    path: str,
    lang: str,
    *,
    resumed: bool,
    screen: bool = False,
    pace: float = 0.0,
) -> int:
    """Play ``match`` at a local table for the people at the keyboard, saved to ``path``
    after every move: full screen when ``screen`` (the computers moving one move per
    ``pace`` seconds; at the end, a new game with the same players if asked for), else line
    by line; the exit status (1 when the game could not be saved)."""
    tr = translator(lang)
    if not match.human_seats:
        raise CommandError(
            tr.gettext("{path}: no seat in this game is played by a person").format(path=path)
        )
    # The start-up objects and the bots' models are never swept again (phase10.memory).
    freeze_what_lives()
    while True:
        status, again = _play_once(match, path, lang, resumed=resumed, screen=screen, pace=pace)
        if again is None:
            return status
        match, resumed = again, False


#: The line that opens a resumed game, for a game that has no ``resumed_text`` of its own.
RESUMED: Final = N_("Resumed the game from {path}, hand {hand}.")


def _play_once(
    match: Match, path: str, lang: str, *, resumed: bool, screen: bool, pace: float
) -> tuple[int, Match | None]:
    """One game (see :func:`play`): the exit status, and the next game when the players
    asked for one."""
    tr = translator(lang)
    keeper = Keeper(match, path, lang)
    table = LocalTable(match, on_move=lambda _match: keeper.save())
    keeper.save()
    intro = []
    if resumed:
        intro.append(
            tr.gettext(getattr(match.game, "resumed_text", RESUMED)).format(
                path=path, hand=match.game.hand_number(match.state) + 1
            )
        )
    intro.append(
        tr.gettext("Rules: {rules}. Players: {players}.").format(
            rules=rules_in_words(match.game, match.rules.name, tr),
            players=", ".join(_players(match, lang)),
        )
    )
    if not screen:
        print(*intro, sep="\n", flush=True)
        client = KeyboardClient(table, first_seat(match), keeper, lang, resumed=resumed)
        try:
            status = asyncio.run(client.run())
        except KeyboardInterrupt:
            keeper.say_left()
            status = 0
        return max(status, keeper.exit_status), None
    from phase10.tui.local import AGAIN, play_local

    def tell(say: Callable[[str], object]) -> None:
        keeper.out = say  # a failed save is told on the screen, not under it

    ended = play_local(table, lang, pace, intro=intro, resumed=resumed, tell=tell)
    keeper.out = print
    if ended == AGAIN:
        keeper.save()
        return keeper.exit_status, _rematch(match)
    if ended not in (None, "left"):  # the full screen's own reason to stop
        print(ended)
    keeper.say_left()
    return keeper.exit_status, None


def _players(match: Match, lang: str) -> list[str]:
    """Each seat's name, and a computer's level.

    >>> from phase10 import find_variant
    >>> from phase10.match import Seat
    >>> seats = [Seat("Ann"), Seat("Bob", make_bot("hard"))]
    >>> _players(Match.start(find_variant("standard"), seats, 1), "fr")
    ['Ann', 'Bob (ordinateur : difficile)']
    """
    tr = translator(lang)
    out = []
    for seat in match.seats:
        if seat.bot is None:
            out.append(seat.name)
            continue
        level = tr.gettext(LEVEL_NAMES.get(seat.bot.name, seat.bot.name))
        out.append(tr.gettext("{name} (computer: {level})").format(name=seat.name, level=level))
    return out


def _rematch(match: Match) -> Match:
    """A new game with the same rules and players, dealt from the next seed."""
    game = match.game
    seats = [
        Seat(s.name, None if s.bot is None else make_bot(bot_spec(s.bot), game))
        for s in match.seats
    ]
    again = Match.start(match.rules, seats, match.seed + 1)
    again.interface = dict(match.interface)
    return again
