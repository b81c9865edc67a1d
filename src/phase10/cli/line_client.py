"""The one line client: a seat at a table of the table protocol (docs/protocol.md), line by
line, for screen readers, braille displays and scripts. It plays at a server
(``phase10 join --plain``) and at this keyboard (``phase10 play --plain``, over a local
table's connection) by the same code.

Every event is one sentence, in the player's language, as the table tells it; the hand, the
piles, the table and the scores are one key away (the one key map, docs/keys.md); a move is
typed in the game's notation (``draw``, ``discard R7``, ``lay ...``, ``hit R7 2``) or chosen
by its number from the list ``a`` prints. Everything comes from the table's messages: the
client decides nothing (the rules it knows by the table's name only shape its help).

When standard input is not a terminal (a script, a test), a line is read only when there is
something to do with it: on the player's turn, once the game is over, or while the owner's
table waits for its start. A script can so play a whole game through standard input.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import threading
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, Final

from phase10 import games
from phase10.cli.language import COMMAND_WORDS, GROUP_WORDS, command_word, group_word
from phase10.kernel.errors import Phase10Error
from phase10.kernel.i18n import N_, translator
from phase10.kernel.notation import parse_number
from phase10.online.connection import BACK, CLOSED, FATAL, GAVE_UP, LOST, REFUSED, Connection
from phase10.online.links import (
    Api,
    ApiError,
    SeatStore,
    StoredSeat,
    Target,
    UnreachableError,
)
from phase10.online.local import Connect
from phase10.online.moves import ALIASES, Found, Several, Table, resolve, rewrite, typed_form
from phase10.online.text import (
    HELP_WATCHING,
    card_face,
    chat_line,
    first_time,
    groups_in_order,
    hand_line,
    help_text,
    leaving_lines,
    lobby_lines,
    me_line,
    names_of,
    pile_line,
    rematch_line,
    scores_line,
    seat_named,
    series_info,
    series_lines,
    standing_lines,
    status_lines,
    table_lines,
    totals_line,
    turn_line,
    watch_rematch_line,
)
from phase10.online.turn_clock import TimeTeller
from phase10.rulebook_text import (
    find_rule,
    found_lines,
    listing,
    load_rulebook,
    plain_lines,
    search,
    show,
)
from phase10.table.reactions import reaction_keys

__all__ = ["QUIT_WORDS", "LineClient", "echoed", "read_lines"]

#: At most this many characters of an unknown command are echoed back.
ECHO_LIMIT: Final = 40


def echoed(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` quoted for an error message, cut to ``limit`` characters with an ellipsis.

    >>> echoed("frobnicate")
    "'frobnicate'"
    >>> echoed("x" * 5000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'"
    """
    text = " ".join(text.split())
    if len(text) > limit:
        text = text[:limit] + "…"
    return repr(text)


#: How many sentences are repeated when sitting down again at a game under way.
RECENT: Final = 8
#: The words that leave the table.
QUIT_WORDS: Final = frozenset({"q", "quit", "exit", "leave"})
#: How many of the last sentences ``r`` (again) says again.
AGAIN: Final = 12
#: The one-word questions about the game (besides ? and help).
_QUERIES: Final = frozenset(
    {"h", "hand", "p", "pile", "b", "board", "table", "s", "scores"}
    | {"w", "who", "m", "me", "phase", "program", "a", "moves", "r", "again"}
)
#: The move keys of the one key map that list their moves to choose from by number (d, t
#: and x act at once, as the move reader's short forms).
_KIND_KEYS: Final[dict[str, tuple[str, ...]]] = {
    "l": ("lay_down",),
    "v": ("reveal",),
    "n": ("meld",),
    "g": ("hit", "extend"),
    "e": ("swap",),
}
#: The verbs whose first word after them is a card, which may be given by its position.
_CARD_FIRST: Final = frozenset({"discard", "x", "hit", "extend"})
#: The kind of move each word of the notation makes, when it is typed alone.
_VERB_KINDS: Final = {
    "draw": "draw",
    "take": "take",
    "discard": "discard",
    "lay": "lay_down",
    "hit": "hit",
    "reveal": "reveal",
    "meld": "meld",
    "extend": "extend",
    "swap": "swap",
}
#: The moves written in one word: typed alone, they go to the table, which says which rule
#: forbids them now.
_COMPLETE: Final = frozenset({"draw", "take", "swap"})
#: The words of one act in two games (one key each in the one key map).
_TWINS: Final = {"lay": "reveal", "reveal": "lay", "hit": "extend", "extend": "hit"}
#: The moves whose words after the verb name groups by their kind (set, run, colour).
_GROUPED: Final = frozenset({"lay", "reveal", "meld"})
#: The words that start a move in either game's notation.
_MOVE_VERBS: Final = frozenset(
    {"draw", "take", "discard", "lay", "hit", "reveal", "meld", "extend", "swap"}
)


def read_lines(loop: asyncio.AbstractEventLoop, session: LineClient) -> None:
    """Feed standard input's lines to the session from a thread, so reading never holds up
    the connection; at the end of the input, tell it (:meth:`LineClient.input_line`)."""

    def put(line: str | None) -> None:
        with contextlib.suppress(RuntimeError):  # the loop is closed: the session is over
            loop.call_soon_threadsafe(session.input_line, line)

    def work() -> None:
        try:
            while True:
                line = sys.stdin.readline()
                if not line:
                    break
                put(line.rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        put(None)

    threading.Thread(target=work, name="phase10-join-input", daemon=True).start()


def _entry(move: dict[str, Any]) -> dict[str, Any]:
    """A move of the presentation as the move reader takes it: its action, its notation (its
    id, what is sent) and, where the game shows it otherwise (``discard 8♠``), that form,
    which the lists show and which reads back as the move when typed.

    >>> _entry({"action": {}, "id": "discard 8S", "shown": "discard 8♠"})["shown"]
    'discard 8♠'
    """
    entry = {"action": move["action"], "text": move["id"]}
    if move.get("shown"):
        entry["shown"] = move["shown"]
    return entry


def _target_written(words: list[str]) -> bool:
    """Whether a hit's words name its group as a line can: ``hit R7 2`` (the group's number)
    or the notation's ``hit R7 on 0.1``.

    >>> _target_written(["extend", "4C", "2"]), _target_written(["extend", "4C", "sur", "0.0"])
    (True, False)
    """
    return len(words) == 3 or (len(words) == 4 and words[2].lower() == "on")


def named_player(typed: str, names: Sequence[str]) -> str | None:
    """The player a Skip's target names: the name as typed (any case), else the one name
    it starts (a name in letters the keyboard lacks, "Sanne 李", is reached by "sanne");
    ``None`` when it names nobody or more than one.

    >>> named_player("sanne", ["Ann", "Sanne 李", "Søren"])
    'Sanne 李'
    >>> named_player("ANN", ["Ann", "Anneke"]), named_player("an", ["Ann", "Anneke"])
    ('Ann', None)
    """
    folded = typed.casefold()
    exact = [name for name in names if name.casefold() == folded]
    if exact:
        return exact[0]
    started = [name for name in names if name.casefold().startswith(folded)]
    return started[0] if len(started) == 1 else None


#: ``rules list`` in each language: every id of the rulebook.
LIST_WORDS: Final = frozenset({"list", "liste", "lijst"})


def _default_rules(rules: Any) -> bool:
    """Whether ``rules`` are their game's default rules, which the rulebook tells as such."""
    game = games.of(rules)
    try:
        return bool(rules == game.find_rules(game.default_rules))
    except (Phase10Error, LookupError, ValueError):
        return False


class LineClient:
    """One seat at one table: online, over one WebSocket at a time; or at this keyboard,
    over a local table's connection (``connect`` makes it from the session's two hooks, and
    ``leave`` says what leaving means there)."""

    def __init__(
        self,
        target: Target | None,
        table: str,
        seat: StoredSeat | None,
        store: SeatStore | None,
        api: Api | None,
        lang: str,
        *,
        resumed: bool,
        paced: bool,
        connect: Connect | None = None,
        leave: Callable[[], None] | None = None,
    ) -> None:
        self.target = target
        self.table = table
        #: ``None``: a spectator (``phase10 join --watch``), who holds no seat.
        self.token = None if seat is None else seat.token
        self.name = "" if seat is None else seat.name
        self.seat: int | None = None if seat is None else seat.seat
        self.watching = seat is None
        self.store = store
        self.api = api
        self.lang = lang
        self.tr = translator(lang)
        self.resumed = resumed
        self.paced = paced
        #: Whether the first update's events were given a heading already (a subclass's).
        self.recap_said = False
        self.lobby: dict[str, Any] | None = None
        #: The seat's presentation (the update's ``table``) and the version it shows.
        self.view: dict[str, Any] | None = None
        self.version = -1
        self.result: dict[str, Any] | None = None
        self.leave = leave
        if connect is not None:
            self.conn: Any = connect(self._on_message, self._on_state)
        else:
            assert target is not None, "an online session needs its server"
            # A spectator types no move: the sentences name cards in words ("a red 7").
            cards = "words" if self.watching else "codes"
            self.conn = Connection(
                target, table, self.token, lang, self._on_message, self._on_state, cards=cards
            )
        self.hint_id: str | None = None
        #: The line as the player typed it, and the notation last sent for it as text: a
        #: refusal quotes the notation, which the player is shown in their own words.
        self.typed_line = ""
        self.sent_text: tuple[str, str] | None = None
        #: Says the player's time once when their turn starts, at a table with a turn timer.
        self.time_teller = TimeTeller()
        self.choices: tuple[int, list[dict[str, Any]]] | None = None
        self.status_shown: int | None = None
        self.first_update = True
        self.welcomed = False
        self.exit: int | None = None
        self.prompt_open = False
        self.lines: asyncio.Queue[str | None] = asyncio.Queue()
        #: The last sentences of the game, for ``r`` (again).
        self.recent: deque[str] = deque(maxlen=AGAIN)
        #: Set when the client has nothing more to do (a game at this keyboard is over).
        self.finished = False
        #: Set when the next update tells a seat everything from the start (a hot seat's
        #: person at their first turn): only its latest events are said.
        self.catch_up = False
        self.changed = asyncio.Event()
        self.input_ended = False
        self.reading = False
        #: The seats whose chat this player muted, and the chat lines shown (by number and
        #: time: the lines sent again after a welcome are not said twice).
        self.muted: set[int] = set()
        self.chat_seen: set[tuple[int, float]] = set()

    # ------------------------------------------------------------------------ output

    def out(self, *lines: str) -> None:
        """Print whole lines (after the open prompt, if any, on a line of its own)."""
        if not lines:
            return
        if self.prompt_open:
            sys.stdout.write("\n")
            self.prompt_open = False
        for line in lines:
            sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def say(self, message: str, **fields: object) -> None:
        """Print ``message`` (an English msgid) translated and filled in."""
        self.out(self.tr.gettext(message).format(**fields))

    def _prompt(self) -> None:
        # Not while a hint is awaited: its answer comes first, then the prompt.
        waiting = self.pending is not None or self.hint_id is not None
        if self.my_turn() and not waiting and not self.prompt_open:
            sys.stdout.write("> ")
            sys.stdout.flush()
            self.prompt_open = True

    def say_left(self) -> None:
        """What leaving means for the seat."""
        if self.leave is not None:
            self.leave()
            return
        assert self.target is not None
        if self.watching:
            self.say(N_("You stopped watching the table."))
            return
        over = self.result is not None
        self.out(*leaving_lines(self.target, self.table, self.lobby, self.tr, over=over))

    # ------------------------------------------------------------------------ state

    @property
    def pending(self) -> dict[str, Any] | None:
        """The move sent and not yet answered."""
        pending: dict[str, Any] | None = self.conn.pending
        return pending

    @property
    def ws(self) -> Any:
        """The welcomed WebSocket, or ``None`` while not connected."""
        return self.conn.ws

    @property
    def names(self) -> list[str]:
        return names_of(self.view) if self.view is not None else []

    def my_turn(self) -> bool:
        return self.view is not None and bool(self.view["moves"])

    def _entries(self) -> list[dict[str, Any]]:
        """The moves offered now, as the move reader takes them: each move's action, its
        notation (the move's id) and how the game shows it (``discard 8♠``), where it does."""
        if self.view is None:
            return []
        return [_entry(m) for m in self.view["moves"]]

    def _ready(self) -> bool:
        """Whether to read the next line now (always on a terminal; see the module)."""
        if not self.paced:
            return True
        if self.ws is None or self.pending is not None or self.hint_id is not None:
            return False
        if self.lobby is None:
            return False
        if self.lobby["status"] == "waiting":
            return self.seat == 0
        if self.result is not None or self.lobby["status"] == "over":
            return True
        return self.my_turn()

    # ------------------------------------------------------------------------ the loop

    async def run(self) -> int:
        """Play until the player leaves, the input ends or the connection is lost for good."""
        read_lines(asyncio.get_running_loop(), self)
        connection = asyncio.create_task(self.conn.run())
        try:
            while True:
                line = await self._next_line(connection)
                if line is None or not await self._command(line):
                    break
        finally:
            await self.conn.close()
            connection.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await connection
        if self.exit is not None:
            return self.exit
        self.say_left()
        return 0

    def input_line(self, line: str | None) -> None:
        """A line typed (``None``: the input has ended), in the loop's thread."""
        self.lines.put_nowait(line)
        if line is None:
            self.input_ended = True
            self.changed.set()

    async def _next_line(self, connection: asyncio.Task[None]) -> str | None:
        while not connection.done():
            # Once the input has ended and every line is read, there is nothing left to wait
            # for: leave (after the welcome, so leaving can say what becomes of the seat).
            if self.input_ended and self.lines.qsize() == 1 and self.welcomed:
                return None
            if self.finished:
                return None
            if self._ready():
                self._prompt()
                getter = asyncio.ensure_future(self.lines.get())
                self.reading = True
                try:
                    await asyncio.wait({getter, connection}, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    self.reading = False
                if getter.done():
                    self.prompt_open = False
                    return getter.result()
                getter.cancel()
                break
            self.changed.clear()
            waiter = asyncio.ensure_future(self.changed.wait())
            await asyncio.wait({waiter, connection}, return_when=asyncio.FIRST_COMPLETED)
            waiter.cancel()
        connection.result()  # a failure of the connection itself is reported as one
        return None

    # ------------------------------------------------------------------------ the connection

    def _on_message(self, message: dict[str, Any]) -> bool:
        """One message from the server (the connection's hook); True when it cannot go on."""
        if self._handle(message):
            return True
        self.changed.set()
        if self.reading:
            self._prompt()  # the turn came while the player was reading
        return False

    def _on_state(self, state: str, status: int | None) -> None:
        """What became of the connection (its hook), said as a sentence."""
        if state == BACK:
            self.say(N_("Connected to the server again."))
            # What to do now is said again with the update that follows: the player's
            # last line may have been refused while the connection was down.
            self.status_shown = None
        elif state == LOST:
            self.say(N_("The connection to the server is lost; trying to reconnect."))
        elif state == GAVE_UP:
            self.say(
                N_(
                    "The server cannot be reached; giving up. Your seat is kept for a "
                    "while: run the same command again to go back to the table."
                )
            )
            self.exit = 1
        elif state == REFUSED:
            self.say(N_("The server refused the connection (HTTP {status})."), status=status)
            self.exit = 2
        elif state == CLOSED:
            self.changed.set()

    def _handle(self, message: dict[str, Any]) -> bool:
        """Act on one server message; True when the connection cannot go on."""
        kind = message.get("type")
        if kind == "error":
            return self._error(message)
        if kind == "welcome":
            self.seat = message["seat"]
            self.lobby = message["lobby"]
            if not self.welcomed:
                self.welcomed = True
                if self.lobby is not None and self.lobby["status"] == "waiting":
                    self.out(*lobby_lines(self.lobby, self.seat, self.tr))
                self._rematch_known()
                self.say(N_("Type ? for help."))
        elif kind == "lobby":
            self.lobby = message["lobby"]
        elif kind == "notice":
            self.out(str(message["text"]))
        elif kind == "chat":
            self._chat_heard(message)
        elif kind == "update":
            self._update(message)
        elif kind == "hint":
            if message.get("id") == self.hint_id:
                self.hint_id = None
                self.out(str(message["sentence"]))
                self.say(
                    N_("A strong computer player would type: {command}"),
                    command=self.typed(self._shown_move(str(message["text"]))),
                )
        elif kind == "rematch":
            self._rematch(message)
        told = self.time_teller.line(message, self.seat, self.tr)
        if told is not None:
            self.out(told)
            self._hurry_later()
        return False

    def _hurry_later(self) -> None:
        """Warn the player when their time is nearly out (once a turn), as the browser
        does: a turn played by a computer without a word before was a surprise."""
        due = self.time_teller.hurry_in()
        if due is not None:
            asyncio.get_running_loop().call_later(due, self._hurry)

    def _hurry(self) -> None:
        warning = self.time_teller.hurry(self.tr)
        if warning is not None:
            self.out(warning)
        else:  # the time was moved on since (a new clock): look again then
            self._hurry_later()

    def _error(self, message: dict[str, Any]) -> bool:
        text = str(message.get("text", ""))
        if message.get("code") == "bad_action" and self.sent_text is not None:
            # "'extend 4C sur 0.0' is not an action" reads as what the player typed.
            sent, typed = self.sent_text
            text = text.replace(repr(sent), repr(typed))
        self.sent_text = None
        bad_token = self.ws is None and message.get("code") == "bad_token"
        if not bad_token:
            self.out(text)  # a refused token is said below, in the player's words
        if self.ws is None and message.get("code") in FATAL:
            if bad_token and self.store and self.target:
                self.store.forget(self.target.server, self.table)
                self.say(
                    N_(
                        "The seat kept for this table is no longer valid, and is forgotten: "
                        "run the command again to join the table anew."
                    )
                )
            self.exit = 2
            return True
        if self.hint_id is not None and message.get("id") == self.hint_id:
            self.hint_id = None
        return False

    def _update(self, message: dict[str, Any]) -> None:
        lines = [str(t) for entry in message["events"] for t in entry["text"]]
        # A spectator arriving at a game under way (or over) hears its latest events, not
        # all of them: a braille display would scroll through a whole hand first.
        recap = self.resumed or self.catch_up or self.watching
        if self.first_update and len(lines) > RECENT and recap and not self.recap_said:
            if message["result"] is not None:
                self.say(N_("The game is over; its last events:"))
            else:
                self.say(N_("The game is under way; the latest events:"))
            lines = lines[-RECENT:]
        self.first_update = self.recap_said = False
        self.out(*lines)
        self.recent.extend(lines)
        self.view = message["table"]
        self.version = int(message["version"])
        view = self.view
        assert view is not None
        if any(entry.get("summary") for entry in message["events"]):
            # A hand's end says that hand's points; the totals, which decide a tie, too.
            totals = totals_line(view, self.tr)
            if totals:
                self.out(totals)
                self.recent.append(totals)
        if message["result"] is not None and self.result is None:
            self.result = message["result"]
            self.out(*standing_lines(view, message["result"], self.tr))
            self.out(*series_lines(self.lobby, self.tr))
            self.game_over()
        if self.my_turn() and self.status_shown != self.version and self.seat is not None:
            self.status_shown = self.version
            self.out(*status_lines(view, self.tr))

    def game_over(self) -> None:
        """The game has ended and its standing is said: at a server the player may stay
        for a rematch."""
        if self.watching:
            self.say(N_("Type q to stop watching."))
            return
        self.say(N_("Type q to leave the table."))

    def _rematch_known(self) -> None:
        """At a finished table whose rematch is made already: where it is (the seat's
        token, where this player has one there, took them there before this table)."""
        lobby = self.lobby or {}
        if self.target is not None and lobby.get("status") == "over" and lobby.get("rematch"):
            line = watch_rematch_line if self.watching else rematch_line
            self.out(line(self.target, str(lobby["rematch"]), self.tr))

    def _rematch(self, message: dict[str, Any]) -> None:
        table, token = str(message["table"]), message.get("token")
        if self.target is None or self.store is None:
            return  # a local table offers no rematch elsewhere
        if self.watching:
            self.out(watch_rematch_line(self.target, table, self.tr))
            return
        if token is None or self.seat is None:
            self.out(rematch_line(self.target, table, self.tr))
            return
        self.store.put(self.target.server, table, StoredSeat(self.seat, self.name, str(token)))
        self.say(N_("A rematch is ready at a new table; you keep your seat there."))
        self.table, self.token = table, str(token)
        self.conn.switch(table, str(token))
        self.view = self.result = self.choices = None
        self.status_shown = None
        self.chat_seen.clear()
        self.first_update, self.resumed, self.welcomed = True, False, False

    # ------------------------------------------------------------------------ commands

    async def _command(self, line: str) -> bool:
        """Handle one typed line; False when the player leaves."""
        words = line.split()
        if not words:
            return True
        self.typed_line = " ".join(words)
        verb = command_word(self.lang, words[0])
        if verb in ("say", "mute", "unmute"):
            rest = line.strip().split(None, 1)
            await self._chat(verb, rest[1] if len(rest) > 1 else "")
            return True
        if verb == "o" and len(words) == 1:
            # The one key map's o (docs/keys.md): here the hand keeps one order, on purpose.
            self.say(N_("Line by line your hand keeps one order, so a card keeps its number."))
            return True
        if verb == "rules":
            # Several words are looked for together: rules wild card.
            self._rules(" ".join(words[1:]) or None)
            return True
        if len(words) == 1:
            if verb in QUIT_WORDS:
                return False
            if verb in ("i", "hint"):
                await self._hint()
                return True
            if verb == "start":
                await self._start()
                return True
            if verb in _KIND_KEYS:
                await self._list_kind(_KIND_KEYS[verb])
                return True
            if self._query(verb):
                return True
            if (number := parse_number(verb)) is not None:
                await self._number(number)
                return True
        await self._move(" ".join([verb, *words[1:]]))
        return True

    def table_rules(self) -> Any:
        """The rules the table plays, where this client knows them by the name the lobby
        gives (``None`` where it does not)."""
        lobby = self.lobby or {}
        try:
            game = games.get(str(lobby.get("game", "phase10")))
            return game.find_rules(str(lobby.get("rules", game.name)))
        except (Phase10Error, LookupError, ValueError):
            return None

    def rules_in_play(self) -> str | None:
        """The table's rules in words (profile and variants), as the lobby says them."""
        played = (self.lobby or {}).get("rules_text")
        return str(played) if played else None

    def _rules(self, wanted: str | None) -> None:
        """``rules``: the rules this table plays, its house rules in them, as the full
        screen's ``r`` and the browser's Rules link show them; ``rules list``: every id of
        the rulebook; ``rules ID``: one rule of the rulebook, in the player's language where
        it is translated (as ``phase10 rules ID`` prints it), so a refusal's rule id can be
        looked up without leaving the table."""
        rules = self.table_rules()
        if wanted is None and rules is not None:
            text = games.of(rules).rules_text(rules, self.tr)
            self.out(*plain_lines(text, self.tr.gettext(N_("{label}: "))))
            self.say(
                N_("Type rules ID to read one rule of the rulebook, or rules list for every id.")
            )
            return
        book = load_rulebook(self.lang) or load_rulebook("en")
        if book is None:
            self.say(N_("The rules text is missing from this installation."))
            return
        if wanted is None or wanted.lower() in LIST_WORDS:
            self.out(*listing(book))
            # Last, where it stays on screen: the house rules this table plays, which the
            # rulebook's list cannot know.
            played = self.rules_in_play()
            if played:
                self.say(N_("Rules in play: {name}."), name=played)
            return
        rule = find_rule(book, wanted) or find_rule(load_rulebook("en") or {}, wanted)
        if rule is None:
            # Not an id: a word a beginner looks up ("wild", "run"), found in the text.
            # Of this table's game only: a Phase 10 player has no use for the program cards'.
            found = search(book, wanted, str((self.lobby or {}).get("game", "")) or None)
            if found:
                # The line mode's own command, in the player's language ("règles ID").
                how = self.tr.gettext(N_("rules ID"))
                self.out(*found_lines(found, wanted, self.tr, how))
                return
            self.say(N_("There is no rule {id}: type rules list to list them."), id=echoed(wanted))
            return
        self.out(*show(rule, self.tr))
        played = self.rules_in_play()
        if played and rules is not None and not _default_rules(rules):
            # The rulebook tells the standard game and its options; this table may play the
            # rule otherwise (a phase in any order, Skips without limit).
            self.say(
                N_("This table plays {name}: type rules to read its rules as played here."),
                name=played,
            )

    def _chat_heard(self, message: dict[str, Any]) -> None:
        """A chat line: said once, unless its seat is muted."""
        if not first_time(self.chat_seen, message):
            return
        if message.get("seat") not in self.muted:
            self.out(chat_line(message, self.tr))

    async def _chat(self, verb: str, rest: str) -> None:
        """``say TEXT``, ``mute NAME``, ``unmute NAME``: the table's chat (only online)."""
        if self.target is None:
            self.say(N_("The chat is for online tables: nobody else reads it at this keyboard."))
            return
        if verb == "say":
            if not rest:
                self.say(
                    N_("Type say and your words, or say and a quick reaction: {keys}."),
                    keys=reaction_keys(self.lang),
                )
            elif self.ws is None:
                self.say(N_("Not connected to the server at the moment; try again in a moment."))
            else:
                await self.conn.say(rest)
            return
        seat = seat_named(self.lobby, rest)
        if seat is None or seat == self.seat:
            seats = (self.lobby or {}).get("seats", [])
            others = [s["name"] for s in seats if s.get("name") and s["seat"] != self.seat]
            self.say(
                N_("There is no player {token}: players are {names}."),
                token=echoed(rest),
                names=", ".join(others),
            )
            return
        name = str((self.lobby or {})["seats"][seat]["name"])
        if verb == "mute":
            self.muted.add(seat)
            self.say(
                N_("What {name} says in the chat is hidden; unmute {name} shows it."), name=name
            )
        else:
            self.muted.discard(seat)
            self.say(N_("What {name} says in the chat is shown again."), name=name)

    def _query(self, verb: str) -> bool:
        """A question that changes nothing; False if ``verb`` is none."""
        tr, view, seat = self.tr, self.view, self.seat
        if verb in ("?", "help") and self.watching:
            self.say(HELP_WATCHING)
            return True
        if verb in ("?", "help"):
            shown = view or {}
            kinds = {m["kind"] for m in shown.get("moves", [])} | set(shown.get("refusals", {}))
            # Under a house rule that gives a Skip to the next player, naming one is
            # refused (P10-R25): the help does not teach it.
            to_next = getattr(self.table_rules(), "skip_target", "chosen") == "next"
            self.out(help_text(kinds, tr, online=self.target is not None, skip_to_next=to_next))
            if view is not None and view["hand"]:
                # The notation in words, from the cards the player holds (the game's words):
                # every card in the hand's order, twins too, so that the list counts as the
                # hand does and the n-th card named is the card at position n.
                words = tr.gettext("; ").join(
                    f"{card_face(card)} {card['label']}" for card in view["hand"]
                )
                self.say(N_("Your cards in words: {cards}."), cards=words)
            return True
        if verb in ("w", "who") and view is None and self.lobby is not None:
            self.out(*lobby_lines(self.lobby, seat, tr))
            return True
        if verb not in _QUERIES:
            return False
        if view is None:
            self.say(N_("The game has not started yet."))
            return True
        if seat is None and verb in ("h", "hand", "m", "me", "phase", "program", "a", "moves"):
            self.say(N_("You are watching as a spectator: you hold no hand and make no move."))
            return True
        if verb in ("h", "hand"):
            self.out(hand_line(view, tr))
        elif verb in ("p", "pile"):
            self.out(pile_line(view, tr))
        elif verb in ("b", "board", "table"):
            self.out(*table_lines(view, tr))
        elif verb in ("s", "scores"):
            self.out(scores_line(view, tr))
            series = series_info(self.lobby, tr)
            if series and self.result is None:
                self.out(series)
        elif verb in ("w", "who"):
            self.out(turn_line(view))
            left = self.time_teller.left_line(tr)
            if left is not None:
                self.out(left)
        elif verb in ("m", "me", "phase", "program"):
            self.out(me_line(view))
        elif verb in ("r", "again"):
            self.say_again()
        else:
            self._list(self._entries())
        return True

    async def _list_kind(self, kinds: tuple[str, ...]) -> None:
        """A move key of the one key map (docs/keys.md): the moves of its kinds, numbered."""
        if self.view is None:
            self.say(N_("The game has not started yet."))
            return
        entries = [_entry(m) for m in self.view["moves"] if m["kind"] in kinds]
        refusals = self.view.get("refusals", {})
        refused = [str(refusals[kind]) for kind in kinds if kind in refusals]
        verbs = {verb for verb, kind in _VERB_KINDS.items() if kind in kinds}
        if entries:
            self._list(entries)
        elif self.view["moves"] and verbs & _COMPLETE:
            # A whole move in one word (swap): the table says which rule forbids it now.
            await self._move(min(verbs & _COMPLETE))
        elif self.view["moves"] and refused:
            self.out(refused[0])  # the game's words for why there is no such move now
        elif self.view["moves"]:
            self.say(N_("That move is not possible now."))
        else:
            self.out(turn_line(self.view))

    def _list(self, entries: list[dict[str, Any]]) -> None:
        """Number ``entries`` for the player to choose from; a bare number picks one."""
        view = self.view
        assert view is not None
        if not entries:
            self.out(turn_line(view))
            return
        self.choices = (self.version, entries)
        self.out(
            *(
                f"{number}: {self.typed(str(e.get('shown') or e['text']))}"
                for number, e in enumerate(entries, start=1)
            )
        )

    async def _number(self, number: int) -> None:
        """A bare number: move ``number`` of the list shown since the game last changed."""
        view = self.view
        if view is None:
            self.say(N_("The game has not started yet."))
            return
        if not view["moves"]:
            self.out(turn_line(view))
            return
        if self.choices is None or self.choices[0] != self.version:
            # A number picks from a list the player has seen; with none shown since the game
            # last changed, a stray digit would make a move nobody read, for good (a player
            # who cannot see the screen may not know which). The player lists them first.
            self.say(N_("No list of moves is shown now: type a to list them, then a number."))
            return
        entries = self.choices[1]
        if not 1 <= number <= len(entries):
            self.say(N_("Choose a number from 1 to {count}."), count=len(entries))
            return
        await self._send(entries[number - 1])

    async def _move(self, line: str) -> None:
        view = self.view
        if view is None:
            self.say(N_("The game has not started yet."))
            return
        if self.pending is not None:
            self.say(N_("Your last move is still on its way: wait for the server's answer."))
            return
        hand = [card["code"] for card in view["hand"]]
        words = line.split()
        words[0] = self._twin(words[0].lower(), view)
        if words[0] in _GROUPED:
            # A group's kind in the player's words ("reeks", "suite"), as lists write it.
            words = [words[0], *(group_word(self.lang, word) for word in words[1:])]
        line = " ".join(words)
        numbers = [parse_number(word) for word in words]
        position = numbers[1] if words[0] in _CARD_FIRST and len(words) > 1 else None
        if position is not None and not 1 <= position <= len(hand):
            text = self.tr.ngettext(
                "There is no card at position {position}: you hold {count} card.",
                "There is no card at position {position}: you hold {count} cards.",
                len(hand),
            )
            self.out(text.format(position=position, count=len(hand)))
            return
        groups = groups_in_order(view)
        number = numbers[2] if words[0] in ("hit", "extend") and len(words) == 3 else None
        if number is not None and not 1 <= number <= len(groups):
            missing = (
                N_("There is no combination {number} on the table (type b to see them).")
                if words[0] == "extend"
                else N_("There is no group {number} on the table (type b to see them).")
            )
            self.say(missing, number=number)
            return
        # A Skip's player may be a name of several words ("Sanne 李"); after another card,
        # more words are no player but a misread move, said as such below.
        skip_target = len(words) == 3 or (len(words) > 3 and words[1].upper() == "S")
        if words[0] in ("discard", "x") and skip_target and numbers[2] is None:
            typed = " ".join(words[2:])
            name = named_player(typed, self.names)
            if name is None:
                self.say(
                    N_(
                        "There is no player {token}: players are {names} (the start of a "
                        "name is enough; a lists the moves by number)."
                    ),
                    token=echoed(typed),
                    names=", ".join(self.names),
                )
                return
            line = " ".join([*words[:2], name])
        table = Table(hand, self.names, groups)
        found = resolve(line, self._entries(), table)
        if isinstance(found, Found):
            await self._send(found.entry)
            return
        if isinstance(found, Several):
            if len(found.entries) == 1:
                # A bare "lay" lists its one way too (too big a move for a bare word).
                self.say(N_("That is this move; type 1 to make it:"))
            else:
                self.say(N_("That fits several moves; type the number of the one you mean:"))
            self._list(found.entries)
            return
        typed = rewrite(line, table)
        refusals = view.get("refusals", {})
        verb, *rest = typed.split()
        kind = _VERB_KINDS.get(verb, "") if len(rest) == 1 and rest[0].isdecimal() else ""
        if kind and kind not in _COMPLETE:
            # "lay 5": a number among the moves "lay" lists, which has no such move.
            if not any(m["kind"] == kind for m in view["moves"]) and kind in refusals:
                self.out(str(refusals[kind]))
            else:
                self.say(
                    N_("There is no move {number} of that kind: type {word} alone to list them."),
                    number=rest[0],
                    word=echoed(line.split()[0]),
                )
            return
        kind = _VERB_KINDS.get(typed, "")
        if kind in refusals and typed not in _COMPLETE:
            # A move's word alone when no such move is open: the game says why, in words.
            self.out(str(refusals[kind]))
            return
        if typed.split()[0] not in _MOVE_VERBS:
            self.say(N_("Unknown command {command}. Type ? for help."), command=echoed(line))
            return
        if words[0] in ("hit", "extend") and not _target_written(words):
            self.say(
                N_("Type {example}: the card, then the combination's number as b lists them.")
                if words[0] == "extend"
                else N_("Type {example}: the card, then the group's number as b lists them."),
                example=self.in_words(f"{words[0]} {words[1] if len(words) > 1 else 'R7'} 2"),
            )
            return
        # Not a move offered now: the server reads the notation and says why it cannot be
        # played (in the player's language, with the rule's id), or what it cannot read.
        self.sent_text = (typed, self.typed_line)
        await self._send({"text": typed})

    @staticmethod
    def _twin(verb: str, view: dict[str, Any]) -> str:
        """``verb``, or its twin when the game knows the twin and not the verb: laying down
        a phase and revealing a program are one act, as are hitting and extending (one key
        each), so a player may use either word, in any language, in either game."""
        twin = _TWINS.get(verb)
        known = set(view.get("refusals", {})) | {m["kind"] for m in view["moves"]}
        if twin is None or _VERB_KINDS[verb] in known or _VERB_KINDS[twin] not in known:
            return verb
        return twin

    def say_again(self) -> None:
        """``r``: the last sentences of the game again."""
        if not self.recent:
            self.say(N_("Nothing has happened yet since you started."))
            return
        self.say(N_("The last events:"))
        self.out(*self.recent)

    def _shown_move(self, move_id: str) -> str:
        """The move ``move_id`` as the game shows it (``discard 8♠``), else its notation."""
        moves = self.view["moves"] if self.view is not None else []
        found = next((m for m in moves if m["id"] == move_id), None)
        return str(found.get("shown") or move_id) if found is not None else move_id

    def typed(self, move: str) -> str:
        """A move's notation as the player may type it here: its verb in the player's
        language, a Skip's target by name and a hit's group by its number on the table
        (``défausser S Bob``, ``ajouter B2 3``), with no English linking word."""
        view = self.view
        groups = groups_in_order(view) if view is not None else []
        table = Table([card["code"] for card in view["hand"]] if view else [], self.names, groups)
        return self.in_words(typed_form(move, table))

    def in_words(self, move: str) -> str:
        """A move as the player may type it, its verb in the player's language (the first
        word :data:`~phase10.cli.language.COMMAND_WORDS` lists for it): a French player reads
        ``défausser R7``, which works as typed.

        >>> LineClient.verb_in("fr", "discard R7"), LineClient.verb_in("en", "discard R7")
        ('défausser R7', 'discard R7')
        >>> LineClient.verb_in("de", "draw"), LineClient.verb_in("fr", "reveal set 8S 8S 8H 8D")
        ('ziehen', 'révéler série 8S 8S 8H 8D')
        """
        return self.verb_in(self.lang, move)

    @staticmethod
    def verb_in(lang: str, move: str) -> str:
        """``move`` with its verb in ``lang``'s command words, and the kinds of its groups
        in its group words (see :meth:`in_words`).

        >>> LineClient.verb_in("nl", "lay set R3 B3 W=3 | run G5 Y6 R7 G8")
        'leg set R3 B3 W=3 | reeks G5 Y6 R7 G8'
        """
        verb, _, rest = move.partition(" ")
        if verb in _GROUPED:
            said: dict[str, str] = {}
            for word, english in GROUP_WORDS[lang].items():
                said.setdefault(english, word)
            rest = " ".join(said.get(word, word) for word in rest.split())
        words = COMMAND_WORDS[lang].items()
        local = next((w for w, english in words if ALIASES.get(english, english) == verb), None)
        if local is None:  # a twin's word (see _twin): poser, which reveals a program too
            twin = _TWINS.get(verb)
            local = next((w for w, english in words if english == twin), verb)
        return f"{local} {rest}".rstrip()

    async def _send(self, entry: dict[str, Any]) -> None:
        view = self.view
        assert view is not None
        if self.ws is None:
            self.say(N_("Not connected to the server at the moment; try again in a moment."))
            return
        if "action" in entry:
            await self.conn.act(self.version, entry["action"])
        else:
            await self.conn.act_text(self.version, str(entry["text"]))

    async def _hint(self) -> None:
        view = self.view
        if view is None:
            self.say(N_("The game has not started yet."))
            return
        if not view["moves"] or self.ws is None:
            self.out(turn_line(view))
            return
        self.hint_id = self.conn.next_id("h")
        await self.conn.hint(self.hint_id)

    async def _start(self) -> None:
        lobby = self.lobby
        if lobby is None or lobby["status"] != "waiting":
            self.say(N_("The game has started already."))
            return
        if self.seat != 0:
            self.say(N_("Only the table's owner can start the game."))
            return
        path = f"/api/tables/{self.table}/start"
        if self.api is None or self.target is None:
            self.say(N_("The game has started already."))
            return
        try:
            self.lobby = await asyncio.to_thread(self.api.post, path, None, self.token)
        except ApiError as exc:
            self.out(exc.text)
        except UnreachableError as exc:
            self.say(
                N_("cannot reach the server at {server}: {reason}"),
                server=self.target.server,
                reason=str(exc),
            )
