"""The client side of the online protocol (``docs/protocol.md``), shared by both terminal
front ends of ``phase10 join``: the line mode (``phase10.cli.join``) and the full screen
(``phase10.tui.online_table``).

- :mod:`phase10.online.links`: invite links and codes, the server's HTTP API, the seat tokens
  kept between runs;
- :mod:`phase10.online.connection`: one seat's WebSocket, taken up again by itself when it
  drops (``since``), a move in flight sent again with the same id;
- :mod:`phase10.online.text`: sentences made from the server's JSON;
- :mod:`phase10.online.moves`: which legal move a typed line means.

It is application-level: it imports neither the command line, the full screen nor the web
server, and the web server does not import it.
"""
