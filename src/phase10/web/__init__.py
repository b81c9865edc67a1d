"""Online play: a game server (``phase10 serve``) and the browser table it serves.

The server is authoritative: it holds every table's :class:`~phase10.match.Match`, commits
each move to the database before anyone hears of it, and sends each seat only that seat's
view (``docs/protocol.md`` describes the messages, which :mod:`phase10.table` builds). Modules:

- :mod:`~phase10.web.db`: the tables, seats and moves in SQLite or PostgreSQL (SQLAlchemy).
- :mod:`~phase10.web.tokens`: seat tokens and short invite codes.
- :mod:`~phase10.web.catalogue`: the games, rule profiles, variants and levels on offer.
- :mod:`~phase10.web.thinking`: computer players thinking in worker processes.
- :mod:`~phase10.web.live`: one table in play and its connections.
- :mod:`~phase10.web.hub`: every table of the server, created, joined, started, restored.
- :mod:`~phase10.web.protocol`: the inbound messages and their validation.
- :mod:`~phase10.web.app`: the HTTP and WebSocket routes; :mod:`~phase10.web.server` runs it.
- :mod:`~phase10.web.cluster`: several server processes on one PostgreSQL database, each
  table held by one of them at a time (leases, ``LISTEN``/``NOTIFY``).
"""
