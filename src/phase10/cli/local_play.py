"""A game that no line game of the command line knows (a plugin's, registered with
``phase10.games.register``), played at this keyboard: a local table
(:class:`~phase10.table.local.LocalTable`) serves it the table protocol, and the clients of
``phase10 join`` draw its presentation, line by line or full screen, with the same keys, words
and answers as at a server. The game is saved after every move, and ``phase10 resume`` takes
it up again.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable, Sequence
from typing import Any

from phase10.cli.common import DEFAULT_PROFILE, CommandError, variant_tokens
from phase10.cli.join import Session
from phase10.cli.lines import LineBase
from phase10.kernel.game import Game
from phase10.kernel.i18n import translator
from phase10.match import Match, Seat
from phase10.online.links import StoredSeat
from phase10.online.local import LocalConnection
from phase10.table.local import LOCAL_TABLE, LocalTable

__all__ = ["play", "play_new"]


def play_new(
    args: argparse.Namespace,
    game: Game,
    seats: Sequence[Seat],
    seed: int,
    lang: str,
    *,
    screen: bool = False,
    pace: float = 0.0,
) -> int:
    """Deal a new game of ``game`` under the rule options and play it (see :func:`play`)."""
    profile = str(args.rules or DEFAULT_PROFILE)
    if profile == DEFAULT_PROFILE:  # the option's default names Phase 10's baseline
        profile = game.default_rules
    rules = game.find_rules("+".join([profile, *variant_tokens(args)]))
    match = Match.start(rules, list(seats), seed)
    match.interface = {"mode": "screen" if screen else "plain", "lang": lang}
    text = translator(lang).gettext("Rules: {rules}. Players: {players}.")
    print(text.format(rules=rules.name, players=", ".join(match.names)))
    return play(match, str(args.save), lang, resumed=False, screen=screen, pace=pace)


def play(
    match: Match,
    path: str,
    lang: str,
    *,
    resumed: bool,
    screen: bool = False,
    pace: float = 0.0,
) -> int:
    """Play ``match`` at a local table for the one person at the keyboard, saved to ``path``
    after every move: full screen when ``screen`` (the computers moving one move per
    ``pace`` seconds), else line by line; the exit status (1 when the game could not be
    saved)."""
    people = match.human_seats
    if len(people) != 1:
        text = translator(lang).gettext(
            "the command line plays {game} for one person at the keyboard"
        )
        raise CommandError(text.format(game=match.game.name))
    seat = people[0]
    keeper = LineBase(match, seat, path, lang)
    table = LocalTable(match, on_move=lambda _match: keeper.save())
    keeper.save()
    if screen:
        from phase10.tui.online_table import play_local

        ended = play_local(table, seat, lang, pace)
        if ended not in (None, "left"):  # the full screen's own reason to stop
            print(ended)
        keeper.say_saved()
        return keeper.exit_status

    def connect(
        on_message: Callable[[dict[str, Any]], bool], on_state: Callable[[str, int | None], None]
    ) -> LocalConnection:
        return LocalConnection(table, seat, lang, on_message, on_state)

    session = Session(
        None,
        LOCAL_TABLE,
        StoredSeat(seat, match.names[seat], ""),
        None,
        None,
        lang,
        resumed=resumed,
        paced=not sys.stdin.isatty(),
        connect=connect,
        leave=keeper.say_saved,
    )
    status = asyncio.run(session.run())
    return max(status, keeper.exit_status)
