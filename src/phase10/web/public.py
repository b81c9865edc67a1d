"""Public tables and quick match (decision 0014): the tables listed in the lobby for anyone to
join, and "Play now", which seats a person at one of them or makes a new one that starts by
itself with computers in the seats nobody took.

A listed table stays in the list while it waits for its start, for at most
:data:`LISTED_SECONDS`; the list shows the longest waiting first (they are the ones to fill),
at most :data:`OPEN_TABLES_LIMIT`. A quick-match table has :data:`QUICK_SEATS` seats (within
the game's range): its creator's and people's seats that wait :attr:`Hub.quick_wait` seconds
(20 by default) for anyone pressing "Play now" or following its "Join" link; then, or once
every seat is taken, it starts, a computer at :data:`QUICK_LEVEL` in each free seat. It never
starts while none of its people is connected: computers would play for nobody.

>>> import asyncio
>>> from phase10.web.db import Database
>>> from phase10.web.hub import Hub
>>> from phase10.web.protocol import QuickMatch
>>> from phase10.web.thinking import Thinker
>>> async def demo() -> tuple[int, int, int]:
...     with Thinker(workers=0) as thinker:
...         hub = Hub(Database("sqlite://"), thinker, bot_delay=0)
...         first, _, _ = await quick_match(hub, QuickMatch(name="Ann"))
...         second, seat, _ = await quick_match(hub, QuickMatch(name="Bob"))
...         listed = open_tables(hub, "en")
...         hub.close()
...         return len(listed), listed[0]["free"], seat if second is first else -1
>>> asyncio.run(demo())
(1, 2, 1)
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Final

from phase10 import games
from phase10.kernel.i18n import N_, translator
from phase10.web.catalogue import rules_words
from phase10.web.db import DatabaseError
from phase10.web.hub import Hub
from phase10.web.live import LiveTable, TableError
from phase10.web.protocol import CreateTable, QuickMatch, SeatSpec

__all__ = [
    "LISTED_SECONDS",
    "OPEN_TABLES_LIMIT",
    "QUICK_LEVEL",
    "QUICK_SEATS",
    "open_tables",
    "quick_match",
    "resume_quick_tables",
]

log = logging.getLogger("phase10.web")

#: The most open tables the lobby lists at once.
OPEN_TABLES_LIMIT: Final = 20
#: How long a table stays listed while it waits for its start: a table left waiting longer
#: has most likely been left.
LISTED_SECONDS: Final = 30 * 60
#: The seats of a quick-match table (fewer where the game allows fewer).
QUICK_SEATS: Final = 4
#: The level of the computers that take a quick-match table's free seats: the lobby's default.
QUICK_LEVEL: Final = "medium"
#: How often a waiting quick-match table looks whether it may start.
_TICK: Final = 0.25


def free_seats(table: LiveTable) -> int:
    """How many person seats of ``table`` nobody has taken yet."""
    return sum(1 for s in table.seats if s.row.kind == "person" and s.row.token_hash is None)


def open_tables(hub: Hub, lang: str, game: str | None = None) -> list[dict[str, Any]]:
    """The listed tables waiting for people (of ``game`` only, if named), the longest waiting
    first, described in ``lang``: game, rules in words, seats taken and free, the owner."""
    tr = translator(lang)
    out: list[dict[str, Any]] = []
    since = time.time() - LISTED_SECONDS
    # Some listed tables may be full already: read a few more than are shown.
    for table_id, starts_at in hub.db.open_public(since, 3 * OPEN_TABLES_LIMIT):
        # Several processes: read, never take, another process's table (phase10.web.cluster).
        table = hub.get(table_id) if hub.cluster is None else hub.cluster.peek(table_id)
        if table is None or table.status != "waiting" or (game and table.row.game != game):
            continue
        free = free_seats(table)
        if not free:
            continue
        try:
            title = tr.gettext(games.get(table.row.game).title)
        except (KeyError, LookupError, ValueError):
            title = table.row.game
        out.append(
            {
                "table": table.id,
                "game": table.row.game,
                "game_title": title,
                "rules": table.row.rules,
                "rules_text": rules_words(table.row.game, table.row.rules, lang),
                "seats": len(table.seats),
                "taken": len(table.seats) - free,
                "free": free,
                "owner": table.seats[0].row.name or "",
                "quick": starts_at is not None,
            }
        )
        if len(out) == OPEN_TABLES_LIMIT:
            break
    return out


async def quick_match(hub: Hub, spec: QuickMatch) -> tuple[LiveTable, int, str]:
    """A seat for ``spec.name`` at the longest-waiting open table of ``spec.game`` that has
    one, else at a new quick-match table: the table, the seat and its token."""
    try:
        game = games.get(spec.game)
    except (KeyError, LookupError, ValueError) as exc:
        raise TableError(422, f"game: {exc}") from None
    # One at a time: two people pressing "Play now" together end at the same table.
    async with hub.quick_lock:
        for listed in open_tables(hub, "en", game.name):
            if hub.cluster is not None:  # held here first (phase10.web.cluster)
                await hub.cluster.claim(str(listed["table"]))
            try:
                table = hub.get(str(listed["table"]))
            except TableError:
                continue  # held by another process, which did not hand it over in time
            if table is None:
                continue
            try:
                seat, token = await table.join(spec.name, None)
            except TableError:
                continue  # filled meanwhile, or someone there has this name already
            return table, seat, token
        players = max(game.min_players, min(QUICK_SEATS, game.max_players))
        seats = [SeatSpec(kind="person") for _ in range(players)]
        made = CreateTable(game=game.name, seats=seats, name=spec.name)
        table, token = await hub.create(made)
        starts_at = time.time() + hub.quick_wait
        try:
            hub.db.list_publicly(table.id, starts_at)
        except DatabaseError as exc:
            log.error("table %s: %s", table.id, exc)
            raise TableError.said(503, N_("the server could not store that; try again")) from None
        _start_later(hub, table, starts_at)
        return table, 0, token


def wait_for_start(hub: Hub, table: LiveTable, starts_at: float) -> None:
    """``table``, a quick-match table loaded after a restart or moved here from another
    process, waits here for its start at ``starts_at``."""
    _start_later(hub, table, starts_at)


def _start_later(hub: Hub, table: LiveTable, starts_at: float) -> None:
    table.starts_at = starts_at
    task = asyncio.get_running_loop().create_task(_wait_then_start(hub, table))
    hub.quick_tasks.add(task)
    task.add_done_callback(hub.quick_tasks.discard)


async def _wait_then_start(hub: Hub, table: LiveTable) -> None:
    """Start ``table`` once its wait is over or every seat is taken, and one of its people is
    here; give up once it has waited longer than a listing lasts."""
    starts_at = table.starts_at or time.time()
    give_up = starts_at + LISTED_SECONDS
    # A table that left this process (moved to another, or out of memory) is not started.
    while table.status == "waiting" and time.time() < give_up and hub.tables.get(table.id) is table:
        ready = time.time() >= starts_at or not free_seats(table)
        if ready and any(s.clients for s in table.seats):
            try:
                await table.start_with_computers(QUICK_LEVEL)
            except TableError as exc:
                log.error("table %s: could not start: %s", table.id, exc.text)
            return
        await asyncio.sleep(_TICK)


def resume_quick_tables(hub: Hub) -> int:
    """After a restart: each quick-match table still waiting waits again for its start."""
    if hub.cluster is not None:
        return 0  # several processes: each waits where it is held (phase10.web.cluster)
    count = 0
    for table_id, starts_at in hub.db.open_public(time.time() - LISTED_SECONDS, 10_000):
        if starts_at is None:
            continue
        table = hub.get(table_id)
        if table is not None and table.status == "waiting":
            _start_later(hub, table, starts_at)
            count += 1
    return count
