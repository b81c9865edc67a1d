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
import sys
from typing import Any

from phase10.cli.common import CommandError, examples, paragraph
from phase10.cli.language import add_lang_option, chosen_language
from phase10.cli.line_client import LineClient
from phase10.cli.parse_errors import translate
from phase10.kernel.i18n import N_, Translator, translator
from phase10.launch import join_command
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
from phase10.online.text import leaving_lines
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
    parser.add_argument(
        "--watch",
        action="store_true",
        help=translate(
            N_(
                "watch the table as a spectator, taking no seat: every move as it is made, "
                "nobody's hand shown (the table's link or its code)"
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
    api = Api(target.server, lang=lang)
    if args.watch:
        return _watch(args, target, _find_table(api, target, tr), store, api, lang)
    lobby = _to_the_rematch(api, target, _find_table(api, target, tr), store, tr)
    table = str(lobby["table"])
    stored = store.get(target.server, table)
    name = args.name
    if stored is not None and _given_away(lobby, stored):
        # The token no longer opens the seat: said here, before any "back in seat", and
        # in the player's words rather than as the server's refusal of the token.
        store.forget(target.server, table)
        if lobby["status"] == "over" or not _open(lobby):
            raise CommandError(
                _(
                    "the table's owner gave your seat {seat} at table {code} to a computer "
                    "player: it is no longer yours"
                ).format(seat=stored.seat + 1, code=lobby["code"])
            )
        # The owner opened a seat to a person (decision 0028): take it now, as the
        # invitation would, under the name the seat had unless --name says another.
        print(
            _(
                "The table's owner gave your seat {seat} at table {code} away; a seat is "
                "open there now, and you take it."
            ).format(seat=stored.seat + 1, code=lobby["code"]),
            flush=True,
        )
        name = name if name is not None else stored.name
        stored = None
    resumed = stored is not None and lobby["status"] != "waiting"
    if stored is None:
        stored = _take_seat(api, target, lobby, name, tr)
        store.put(target.server, table, stored)
        print(
            _("You sit in seat {seat} at table {code} as {name}.").format(
                seat=stored.seat + 1, code=lobby["code"], name=stored.name
            ),
            flush=True,
        )
    elif args.name is not None and args.name.strip() != stored.name:
        # The server knows the seat by the name it was taken with: --name would be ignored.
        print(
            _("Back in seat {seat} at table {code} as {name}. A seat keeps its name.").format(
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
    return _line_by_line(target, table, stored, store, api, lang, resumed=resumed)


def _line_by_line(
    target: Target,
    table: str,
    stored: StoredSeat | None,
    store: SeatStore,
    api: Api,
    lang: str,
    *,
    resumed: bool,
) -> int:
    """Play (``stored`` ``None``: watch) at the table line by line until the player leaves."""
    session = LineClient(
        target, table, stored, store, api, lang, resumed=resumed, paced=not sys.stdin.isatty()
    )
    try:
        return asyncio.run(session.run())
    except KeyboardInterrupt:
        session.say_left()
        return 0


def _watch(
    args: argparse.Namespace,
    target: Target,
    lobby: dict[str, Any],
    store: SeatStore,
    api: Api,
    lang: str,
) -> int:
    """Watch the table as a spectator: the server sends every event as its spectators see
    it (no hand, no secret), and takes no move from this connection."""
    tr = translator(lang)
    table = str(lobby["table"])
    if args.name is not None:
        raise CommandError(tr.gettext("a spectator takes no seat: --watch takes no --name"))
    print(
        tr.gettext(
            "You watch table {code} as a spectator: every move is told as it is made, and "
            "nobody's hand is shown. Press q to stop watching."
        ).format(code=lobby["code"]),
        flush=True,
    )
    if not args.plain and sys.stdin.isatty() and sys.stdout.isatty():
        return _full_screen(target, table, None, store, api, lang)
    return _line_by_line(target, table, None, store, api, lang, resumed=False)


def _full_screen(
    target: Target, table: str, stored: StoredSeat | None, store: SeatStore, api: Api, lang: str
) -> int:
    """Play at the table in the full screen; what became of the seat is said after it."""
    from phase10.tui.online_table import play_online

    ended, lobby = play_online(target, table, stored, store, api, lang)
    if ended not in (None, "left"):
        print(ended)
        return 1
    if stored is None:
        print(translator(lang).gettext("You stopped watching the table."))
        return 0
    # After a rematch the app sits at the rematch's table: its lobby names it.
    here = str((lobby or {}).get("table") or table)
    for line in leaving_lines(target, here, lobby, translator(lang), over=False):
        print(line)
    return 0


def _to_the_rematch(
    api: Api, target: Target, lobby: dict[str, Any], store: SeatStore, tr: Translator
) -> dict[str, Any]:
    """The lobby of the table to sit at: a finished table's rematch where this player holds
    a seat (and that one's, along a series), which a player coming back by the old link
    means; else the table itself, whose client then says where its rematch is."""
    seen = {str(lobby["table"])}
    while lobby["status"] == "over" and lobby.get("rematch") not in (None, *seen):
        rematch = str(lobby["rematch"])
        if store.get(target.server, rematch) is None:
            break
        try:
            ahead = api.get(f"/api/tables/{rematch}")
        except (ApiError, UnreachableError):
            break
        print(
            tr.gettext(
                "The game at table {code} is over; its rematch is at table {rematch}, where "
                "you keep your seat."
            ).format(code=lobby["code"], rematch=ahead["code"]),
            flush=True,
        )
        seen.add(rematch)
        lobby = ahead
    return lobby


def _given_away(lobby: dict[str, Any], stored: StoredSeat) -> bool:
    """Whether the table's owner gave the seat kept here away: a seat a person held a token
    for is a computer's only so, and free only once the owner opened it to a person again
    (docs/protocol.md, decision 0028)."""
    seats = lobby.get("seats") or []
    if not 0 <= stored.seat < len(seats):
        return False
    seat = seats[stored.seat]
    return seat.get("kind") == "bot" or not seat.get("taken")


def _unreachable(target: Target, reason: str, tr: Translator) -> CommandError:
    said = tr.gettext("cannot reach the server at {server}: {reason}").format(
        server=target.server, reason=reason
    )
    if target.code is not None and target.server == DEFAULT_SERVER:
        # A code sent by chat, run without --server: the friend's server is not this
        # machine's, which the default is.
        said += "\n" + tr.gettext(
            "A code alone is looked for on this machine's server: give the whole invite "
            "link, or the server's address with --server ADDRESS."
        )
    return CommandError(said)


def _refused(exc: ApiError, tr: Translator) -> CommandError:
    """The server's refusal as it said it; a limit's with how long to wait, which its
    ``Retry-After`` says and its sentence ("try again later") does not."""
    if exc.status != 429 or exc.retry_after is None:
        return CommandError(exc.text)
    if exc.retry_after < 120:
        wait = tr.ngettext(
            "try again in {count} second", "try again in {count} seconds", exc.retry_after
        ).format(count=exc.retry_after)
    else:
        minutes = -(-exc.retry_after // 60)  # rounded up: never sooner than the server says
        wait = tr.ngettext(
            "try again in {count} minute", "try again in {count} minutes", minutes
        ).format(count=minutes)
    return CommandError(f"{exc.text} ({wait})")


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
        raise _refused(exc, tr) from None
    except UnreachableError as exc:
        raise _unreachable(target, str(exc), tr) from None


def _take_seat(
    api: Api, target: Target, lobby: dict[str, Any], name: str | None, tr: Translator
) -> StoredSeat:
    """Join the table under ``name`` (asked for on a terminal); its token is returned once."""
    _ = tr.gettext
    table = str(lobby["table"])
    if lobby["status"] == "over":
        # Not a rematch line alone after "error:": what happened to this table, then where
        # its players went, if they went on.
        if lobby.get("rematch"):
            raise CommandError(
                _(
                    "the game at table {code} is over, and you had no seat there; its "
                    "rematch is at a new table: {command}"
                ).format(
                    code=lobby["code"],
                    command=join_command(table_url(target, str(lobby["rematch"]))),
                )
            )
        raise CommandError(
            _("the game at table {code} is over, and you had no seat there").format(
                code=lobby["code"]
            )
        )
    if lobby["status"] != "waiting" and not _open(lobby):
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
                raise _refused(exc, tr) from None
            print(exc.text, flush=True)
            name = None
            continue
        return StoredSeat(int(joined["seat"]), name.strip(), str(joined["token"]))


def _free_seat(api: Api, table: str) -> bool:
    try:
        lobby = api.get(f"/api/tables/{table}")
    except (ApiError, UnreachableError):
        return False
    return lobby["status"] != "over" and _open(lobby)


def _open(lobby: dict[str, Any]) -> bool:
    """Whether a person seat is free: before the start, or one the owner opened during the
    game, which the person who takes it plays on from where it stands."""
    return any(s["kind"] == "person" and not s["taken"] for s in lobby["seats"])
