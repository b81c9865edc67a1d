"""``phase10 join``: sit at an online table (``phase10 serve``) from the terminal.

On a terminal it opens the full screen (``phase10.tui.online_table``); with ``--plain``, or
when the input or the output is not a terminal, it plays line by line, as described here.

Made for a player with a screen reader or a braille display at the same table as friends in
their browsers: every event is one sentence, in the player's language, as the server tells it;
the hand, the discard pile, the table and the scores are one key away; a move is typed in the
notation of the line game (``draw``, ``discard R7``, ``lay ...``, ``hit R7 2``) or chosen by its
number from the list ``a`` prints. Everything comes from the server's messages
(``docs/protocol.md``): the client holds no rules and decides nothing.

The seat token the server gives is kept in the user's data folder (:class:`SeatStore`), so the
same command later sits the player down again, even after the game has started. A dropped
connection is taken up again by itself, for about a minute, without losing a move: a move
in flight is sent again with the same id, which the server plays at most once.

When standard input is not a terminal (a script, a test), a line is read only when there is
something to do with it: on the player's turn, once the game is over, or while the owner's
table waits for its start. A script can so play a whole game through standard input, as it can
in ``phase10 play``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
import threading
from collections.abc import Callable
from typing import Any, Final

from phase10.cli.common import CommandError, examples, paragraph
from phase10.cli.language import COMMAND_WORDS, add_lang_option, chosen_language
from phase10.cli.lines import echoed
from phase10.cli.parse_errors import translate
from phase10.kernel.i18n import N_, Translator, translator
from phase10.online.connection import BACK, CLOSED, FATAL, GAVE_UP, LOST, REFUSED, Connection
from phase10.online.links import (
    DEFAULT_SERVER,
    Api,
    ApiError,
    SeatStore,
    StoredSeat,
    Target,
    TargetError,
    UnreachableError,
    parse_target,
    table_url,
)
from phase10.online.local import Connect
from phase10.online.moves import Found, Several, Table, display, resolve, rewrite
from phase10.online.text import (
    HELP,
    groups_in_order,
    hand_line,
    lobby_lines,
    me_line,
    names_of,
    pile_line,
    scores_line,
    standing_lines,
    status_lines,
    table_lines,
    turn_line,
)
from phase10.storage import data_dir

__all__ = ["register", "run"]

DESCRIPTION = N_(
    "Sit at a table of an online game (phase10 serve) from the terminal. Line by line, every "
    "event is a sentence in your language, made for screen readers and braille displays. Give "
    "the invite link a friend sent you (http://HOST:PORT/join/CODE or http://HOST:PORT/t/TABLE) "
    "or the table's code with --server. Your seat is kept in your data folder: run the same "
    "command again to go back to the table. On a terminal the table opens full screen (the "
    "hand, the piles, the groups, the players, every sentence of the game and the legal moves "
    "as a list: arrows, Space chooses cards, Enter plays the move; d draw, t take, x discard, "
    "i hint, r rules, q leave); --plain plays line by line (type ? at the table for the "
    "commands), as does any run whose input or output is not a terminal."
)
EPILOG = """\
  phase10 join http://192.168.1.20:8000/join/K7MPQX --name Bob
  phase10 join K7MPQX --server http://192.168.1.20:8000 --lang fr
  phase10 join http://192.168.1.20:8000/t/8hV3kq2LmXw0 --plain
"""

#: How many sentences are repeated when sitting down again at a game under way.
RECENT: Final = 8
#: The one-word questions about the game (besides ? and help).
_QUERIES: Final = frozenset(
    {"h", "hand", "p", "pile", "b", "board", "table", "s", "scores"}
    | {"w", "who", "m", "me", "phase", "program", "a", "moves"}
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
#: The words that start a move in either game's notation.
_MOVE_VERBS: Final = frozenset(
    {"draw", "take", "discard", "lay", "hit", "reveal", "meld", "extend", "swap"}
)


def register(subparsers: Any) -> None:
    """Add the ``join`` command."""
    parser = subparsers.add_parser(
        "join",
        help=translate(
            N_("sit at an online table from the terminal (full screen, or line by line)")
        ),
        description=paragraph(translate(DESCRIPTION)),
        epilog=examples(EPILOG),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "target",
        metavar="URL-or-CODE",
        help=translate(
            N_("the invite link (http://HOST:PORT/join/CODE or .../t/TABLE) or the table's code")
        ),
    )
    parser.add_argument(
        "--server",
        metavar="URL",
        default=DEFAULT_SERVER,
        help=translate(N_("the server a bare code is for (default: {server})")).format(
            server=DEFAULT_SERVER
        ),
    )
    parser.add_argument(
        "--name",
        default=None,
        help=translate(
            N_("your name at the table (asked for when not given and the input is a terminal)")
        ),
    )
    parser.add_argument(
        "--plain",
        action="store_true",
        help=translate(
            N_(
                "line-by-line play for screen readers and braille displays instead of the full "
                "screen (always so when the input or the output is not a terminal)"
            )
        ),
    )
    add_lang_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Find the table, take or take back a seat, and play there until the player leaves."""
    lang = chosen_language(args)
    tr = translator(lang)
    _ = tr.gettext
    try:
        import websockets  # noqa: F401  # the web extra
    except ImportError as exc:
        raise CommandError(
            _(
                "online play needs the web extra ({module} is missing): pip install 'phase10[web]'"
            ).format(module=exc.name)
        ) from None
    try:
        target = parse_target(str(args.target), str(args.server))
    except TargetError:
        raise CommandError(
            _(
                "{target} is neither an invite link (http://HOST:PORT/join/CODE, "
                "http://HOST:PORT/t/TABLE) nor a table's code"
            ).format(target=repr(args.target))
        ) from None
    store = SeatStore(data_dir() / "seats.json")
    api = Api(target.server)
    lobby = _find_table(api, target, tr)
    table = str(lobby["table"])
    stored = store.get(target.server, table)
    resumed = stored is not None and lobby["status"] != "waiting"
    if stored is None:
        stored = _take_seat(api, target, lobby, args.name, tr)
        store.put(target.server, table, stored)
        print(
            _("You sit in seat {seat} at table {code} as {name}.").format(
                seat=stored.seat + 1, code=lobby["code"], name=stored.name
            ),
            flush=True,
        )
    else:
        print(
            _("Back in seat {seat} at table {code} as {name}.").format(
                seat=stored.seat + 1, code=lobby["code"], name=stored.name
            ),
            flush=True,
        )
    if not args.plain and sys.stdin.isatty() and sys.stdout.isatty():
        return _full_screen(target, table, stored, store, api, lang)
    session = Session(
        target, table, stored, store, api, lang, resumed=resumed, paced=not sys.stdin.isatty()
    )
    try:
        return asyncio.run(session.run())
    except KeyboardInterrupt:
        session.say_left()
        return 0


def _full_screen(
    target: Target, table: str, stored: StoredSeat, store: SeatStore, api: Api, lang: str
) -> int:
    """Play at the table in the full screen; what became of the seat is said after it."""
    from phase10.tui.online_table import play_online

    ended, lobby = play_online(target, table, stored, store, api, lang)
    _ = translator(lang).gettext
    if ended not in (None, "left"):
        print(ended)
        return 1
    status = (lobby or {}).get("status")
    back = f"phase10 join {table_url(target, table)}"
    if status == "playing":
        seconds = (lobby or {}).get("hold_seconds", 60)
        print(
            translator(lang)
            .ngettext(
                "You left the table. Your seat is kept for {seconds} second, then a "
                "computer player plays it until you come back with: {command}",
                "You left the table. Your seat is kept for {seconds} seconds, then a "
                "computer player plays it until you come back with: {command}",
                seconds,
            )
            .format(seconds=seconds, command=back)
        )
    elif status == "waiting":
        print(
            _("You left the table; your seat stays yours. Come back with: {command}").format(
                command=back
            )
        )
    else:
        print(_("You left the table."))
    return 0


def _unreachable(target: Target, reason: str, tr: Translator) -> CommandError:
    return CommandError(
        tr.gettext("cannot reach the server at {server}: {reason}").format(
            server=target.server, reason=reason
        )
    )


def _find_table(api: Api, target: Target, tr: Translator) -> dict[str, Any]:
    """The lobby of the table the invite names; a one-line error if there is none."""
    try:
        if target.code is not None:
            return api.get(f"/api/codes/{target.code}")
        return api.get(f"/api/tables/{target.table}")
    except ApiError as exc:
        if exc.status == 404 and target.code is not None:
            raise CommandError(
                tr.gettext("no table has the code {code} at {server}").format(
                    code=target.code, server=target.server
                )
            ) from None
        if exc.status == 404:
            raise CommandError(
                tr.gettext("there is no table {table} at {server}").format(
                    table=target.table, server=target.server
                )
            ) from None
        raise CommandError(exc.text) from None
    except UnreachableError as exc:
        raise _unreachable(target, str(exc), tr) from None


def _take_seat(
    api: Api, target: Target, lobby: dict[str, Any], name: str | None, tr: Translator
) -> StoredSeat:
    """Join the table under ``name`` (asked for on a terminal); its token is returned once."""
    _ = tr.gettext
    table = str(lobby["table"])
    if lobby["status"] != "waiting":
        raise CommandError(
            _("the game at table {code} has started, and you hold no seat there").format(
                code=lobby["code"]
            )
        )
    interactive = sys.stdin.isatty()
    while True:
        if not (name or "").strip():
            if not interactive:
                raise CommandError(_("say your name with --name NAME"))
            try:
                name = input(_("Your name: "))
            except EOFError:
                raise CommandError(_("say your name with --name NAME")) from None
            continue
        assert name is not None
        try:
            joined = api.post(f"/api/tables/{table}/join", {"name": name.strip()})
        except UnreachableError as exc:
            raise _unreachable(target, str(exc), tr) from None
        except ApiError as exc:
            if not interactive or exc.status not in (409, 422) or not _free_seat(api, table):
                raise CommandError(exc.text) from None
            print(exc.text, flush=True)
            name = None
            continue
        return StoredSeat(int(joined["seat"]), name.strip(), str(joined["token"]))


def _free_seat(api: Api, table: str) -> bool:
    try:
        lobby = api.get(f"/api/tables/{table}")
    except (ApiError, UnreachableError):
        return False
    return lobby["status"] == "waiting" and any(
        s["kind"] == "person" and not s["taken"] for s in lobby["seats"]
    )


def _read_lines(loop: asyncio.AbstractEventLoop, session: Session) -> None:
    """Feed standard input's lines to the session from a thread, so reading never holds up
    the connection; at the end of the input, tell it (:meth:`Session.input_ended`)."""

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


class Session:
    """One seat at one table: online, over one WebSocket at a time; or at this keyboard,
    over a local table's connection (``connect`` makes it from the session's two hooks, and
    ``leave`` says what leaving means there)."""

    def __init__(
        self,
        target: Target | None,
        table: str,
        seat: StoredSeat,
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
        self.token = seat.token
        self.name = seat.name
        self.seat: int | None = seat.seat
        self.store = store
        self.api = api
        self.lang = lang
        self.tr = translator(lang)
        self.words = COMMAND_WORDS[lang]
        self.resumed = resumed
        self.paced = paced
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
            self.conn = Connection(
                target, table, seat.token, lang, self._on_message, self._on_state
            )
        self.hint_id: str | None = None
        self.choices: tuple[int, list[dict[str, Any]]] | None = None
        self.status_shown: int | None = None
        self.first_update = True
        self.welcomed = False
        self.exit: int | None = None
        self.prompt_open = False
        self.lines: asyncio.Queue[str | None] = asyncio.Queue()
        self.changed = asyncio.Event()
        self.input_ended = False
        self.reading = False

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
        if self.my_turn() and self.pending is None and not self.prompt_open:
            sys.stdout.write("> ")
            sys.stdout.flush()
            self.prompt_open = True

    def say_left(self) -> None:
        """What leaving means for the seat."""
        if self.leave is not None:
            self.leave()
            return
        lobby = self.lobby or {}
        assert self.target is not None
        back = f"phase10 join {table_url(self.target, self.table)}"
        if lobby.get("status") == "over" or self.result is not None:
            self.say(N_("You left the table."))
        elif lobby.get("status") == "playing":
            seconds = lobby.get("hold_seconds", 60)
            left = self.tr.ngettext(
                "You left the table. Your seat is kept for {seconds} second, then a "
                "computer player plays it until you come back with: {command}",
                "You left the table. Your seat is kept for {seconds} seconds, then a "
                "computer player plays it until you come back with: {command}",
                seconds,
            )
            self.out(left.format(seconds=seconds, command=back))
        else:
            self.say(
                N_("You left the table; your seat stays yours. Come back with: {command}"),
                command=back,
            )

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
        """The moves offered now, as the move reader takes them: each move's action and its
        notation (the move's id)."""
        if self.view is None:
            return []
        return [{"action": m["action"], "text": m["id"]} for m in self.view["moves"]]

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
        _read_lines(asyncio.get_running_loop(), self)
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
                self.say(N_("Type ? for help."))
        elif kind == "lobby":
            self.lobby = message["lobby"]
        elif kind == "notice":
            self.out(str(message["text"]))
        elif kind == "update":
            self._update(message)
        elif kind == "hint":
            if message.get("id") == self.hint_id:
                self.hint_id = None
                if "sentence" in message:  # the game's own words for the move (protocol 2)
                    self.out(str(message["sentence"]))
                else:
                    self.say(N_("Hint: {move}."), move=display(str(message["text"]), self.names))
        elif kind == "rematch":
            self._rematch(message)
        return False

    def _error(self, message: dict[str, Any]) -> bool:
        self.out(str(message.get("text", "")))
        if self.ws is None and message.get("code") in FATAL:
            if message.get("code") == "bad_token" and self.store and self.target:
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
        if self.first_update and self.resumed and len(lines) > RECENT:
            self.say(N_("The game is under way; the latest events:"))
            lines = lines[-RECENT:]
        self.first_update = False
        self.out(*lines)
        self.view = message["table"]
        self.version = int(message["version"])
        view = self.view
        assert view is not None
        if message["result"] is not None and self.result is None:
            self.result = message["result"]
            self.out(*standing_lines(view, message["result"], self.tr))
            self.say(N_("Type q to leave the table."))
        if self.my_turn() and self.status_shown != self.version and self.seat is not None:
            self.status_shown = self.version
            self.out(*status_lines(view, self.tr))

    def _rematch(self, message: dict[str, Any]) -> None:
        table, token = str(message["table"]), message.get("token")
        if self.target is None or self.store is None:
            return  # a local table offers no rematch elsewhere
        if token is None or self.seat is None:
            self.say(
                N_("A rematch is ready at a new table: {url}"),
                url=table_url(self.target, table),
            )
            return
        self.store.put(self.target.server, table, StoredSeat(self.seat, self.name, str(token)))
        self.say(N_("A rematch is ready at a new table; you keep your seat there."))
        self.table, self.token = table, str(token)
        self.conn.switch(table, str(token))
        self.view = self.result = self.choices = None
        self.status_shown = None
        self.first_update, self.resumed, self.welcomed = True, False, False

    # ------------------------------------------------------------------------ commands

    async def _command(self, line: str) -> bool:
        """Handle one typed line; False when the player leaves."""
        words = line.split()
        if not words:
            return True
        verb = self.words.get(words[0].lower(), words[0].lower())
        if len(words) == 1:
            if verb in ("q", "quit", "exit", "leave"):
                return False
            if verb in ("i", "hint"):
                await self._hint()
                return True
            if verb == "start":
                await self._start()
                return True
            if verb in _KIND_KEYS:
                self._list_kind(_KIND_KEYS[verb])
                return True
            if self._query(verb):
                return True
            if verb.isdigit():
                await self._number(int(verb))
                return True
        await self._move(" ".join([verb, *words[1:]]))
        return True

    def _query(self, verb: str) -> bool:
        """A question that changes nothing; False if ``verb`` is none."""
        tr, view, seat = self.tr, self.view, self.seat
        if verb in ("?", "help"):
            self.say(HELP)
            return True
        if verb in ("w", "who") and view is None and self.lobby is not None:
            self.out(*lobby_lines(self.lobby, seat, tr))
            return True
        if verb not in _QUERIES:
            return False
        if view is None or seat is None:
            self.say(N_("The game has not started yet."))
            return True
        if verb in ("h", "hand"):
            self.out(hand_line(view, tr))
        elif verb in ("p", "pile"):
            self.out(pile_line(view, tr))
        elif verb in ("b", "board", "table"):
            self.out(*table_lines(view, tr))
        elif verb in ("s", "scores"):
            self.out(scores_line(view, tr))
        elif verb in ("w", "who"):
            self.out(turn_line(view))
        elif verb in ("m", "me", "phase", "program"):
            self.out(me_line(view))
        else:
            self._list(self._entries())
        return True

    def _list_kind(self, kinds: tuple[str, ...]) -> None:
        """A move key of the one key map (docs/keys.md): the moves of its kinds, numbered."""
        if self.view is None:
            self.say(N_("The game has not started yet."))
            return
        entries = [
            {"action": m["action"], "text": m["id"]}
            for m in self.view["moves"]
            if m["kind"] in kinds
        ]
        if entries:
            self._list(entries)
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
                f"{number}: {display(str(e['text']), self.names)}"
                for number, e in enumerate(entries, start=1)
            )
        )

    async def _number(self, number: int) -> None:
        view = self.view
        if view is None:
            self.say(N_("The game has not started yet."))
            return
        if not view["moves"]:
            self.out(turn_line(view))
            return
        entries = self._entries()
        if self.choices is not None and self.choices[0] == self.version:
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
        table = Table(hand, self.names, groups_in_order(view))
        found = resolve(line, self._entries(), table)
        if isinstance(found, Found):
            await self._send(found.entry)
            return
        if isinstance(found, Several):
            self.say(N_("That fits several moves; type the number of the one you mean:"))
            self._list(found.entries)
            return
        typed = rewrite(line, table)
        if typed.split()[0] not in _MOVE_VERBS:
            self.say(N_("Unknown command {command}. Type ? for help."), command=echoed(line))
            return
        # Not a move offered now: the server reads the notation and says why it cannot be
        # played (in the player's language, with the rule's id), or what it cannot read.
        await self._send({"text": typed})

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
