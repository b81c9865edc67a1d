"""The HTTP and WebSocket routes of ``phase10 serve`` (``docs/protocol.md``).

Pages (``/``, ``/t/<table>``, ``/join/<code>``, ``/replay/<table>``, ``/games``, ``/rules``)
are plain HTML rendered on the server in the reader's language, with the small script and
style sheet under ``/static``: no front-end build step. The JSON API lives under ``/api`` and
the game itself on one WebSocket per client, ``/ws/<table>``.

No stack trace ever reaches a client: refused requests get ``{"error": "..."}`` with a
status, anything unexpected a plain 500 (and a line in the server's log).

>>> from starlette.testclient import TestClient
>>> from phase10.web.db import Database
>>> from phase10.web.thinking import Thinker
>>> with Thinker(workers=0) as thinker:
...     with TestClient(create_app(Database("sqlite://"), thinker)) as http:
...         http.get("/healthz").json()
{'ok': True}
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final, Literal

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection

from phase10.kernel.i18n import LANGUAGES, N_
from phase10.table.messages import error_payload
from phase10.table.notices import LEAVE_REASON, render_notice
from phase10.web import pages, public
from phase10.web.catalogue import catalogue
from phase10.web.cluster import Cluster
from phase10.web.db import Database, DatabaseError
from phase10.web.guard import (
    LOGGED,
    POLICY_CLOSE,
    Guard,
    Limits,
    Pace,
    TooManyError,
    address_of,
    close_reason,
)
from phase10.web.headers import OPENAPI_URL, PAGE_HEADERS, SecurityHeaders, add_api_docs
from phase10.web.hosts import HostCheck, ServedNames, origin_allowed
from phase10.web.hub import DEFAULT_HOLD, Hub
from phase10.web.language import LANGUAGE_COOKIE, RememberLanguage, pick_language
from phase10.web.live import Client, LiveTable, TableError
from phase10.web.mine import my_tables
from phase10.web.names import BadNameError, prepare
from phase10.web.protocol import (
    MAX_MESSAGE_BYTES,
    OLDEST_PROTOCOL,
    PROTOCOL_VERSION,
    Act,
    CreateTable,
    Hello,
    Hint,
    JoinTable,
    MyTables,
    Ping,
    ProtocolError,
    QuickMatch,
    ReplaceSeat,
    Say,
    message_size,
    read_client_message,
)
from phase10.web.replay import replay_step, table_record
from phase10.web.retention import Retention
from phase10.web.thinking import Thinker

__all__ = ["create_app", "pick_language", "validation_text"]

log = logging.getLogger("phase10.web")

STATIC: Final = Path(__file__).parent / "static"
#: Seconds a new connection has to say hello.
HELLO_TIMEOUT: Final = 10.0
#: The longest id of a message (an act's, a hint's, a say's).
MAX_ID_LENGTH: Final = 64


def _language(connection: HTTPConnection, asked: str | None) -> str:
    """The reader's language (``phase10.web.language.pick_language``): ``asked`` in the
    address, else the one they chose before, else their browser's. An API call goes by what
    it asks (a page's script names its page's language, which another tab may have changed
    since), never by the cookie."""
    api = connection.url.path.startswith("/api/")
    remembered = None if api else connection.cookies.get(LANGUAGE_COOKIE)
    return pick_language(asked, connection.headers.get("accept-language"), remembered)


def validation_text(errors: Sequence[Any], lang: str = "en") -> str:
    """One line for a refused request: the first fault, after the field it is in; a body that
    is not a JSON object at all is named ``body``. A refused name is said in ``lang``.

    >>> validation_text([{"loc": ("body", "seats", 1, "kind"), "msg": "Input should be 'bot'",
    ...                   "type": "literal_error"}])
    "seats.1.kind: Input should be 'bot'"
    >>> validation_text([{"loc": ("body", 1), "msg": "JSON decode error", "type": "json_invalid"}])
    'body: not valid JSON'
    >>> validation_text([{"loc": ("body",), "msg": "Field required", "type": "missing"}])
    'body: a JSON object is required'
    >>> validation_text([{"loc": ("body", "name"), "msg": "Value error, a name needs a letter",
    ...                   "type": "value_error"}])
    'name: a name needs a letter'
    """
    if not errors:
        return "invalid request"
    first = errors[0]
    loc = tuple(first.get("loc", ()))
    kind = first.get("type")
    if kind == "json_invalid":
        return "body: not valid JSON"
    if loc == ("body",):
        return "body: a JSON object is required" if kind == "missing" else f"body: {first['msg']}"
    where = ".".join(str(p) for p in loc if p != "body")
    refused = (first.get("ctx") or {}).get("error")
    if isinstance(refused, BadNameError):  # a name's fault, said in the reader's language
        return f"{where}: {refused.text(lang)}" if where else refused.text(lang)
    text = str(first.get("msg", "invalid"))
    # Our own validators' words, without the library's "Value error, " in front of them.
    text = text.removeprefix("Value error, ")
    return f"{where}: {text}" if where else text


def _bearer(request: Request) -> str:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise TableError.said(401, N_("this needs the seat token: Authorization: Bearer <token>"))
    return token.strip()


def create_app(
    db: Database,
    thinker: Thinker,
    *,
    hold_seconds: int = DEFAULT_HOLD,
    bot_delay: float = 0.6,
    allowed_origins: tuple[str, ...] = (),
    turn_clock_scale: float = 1.0,
    limits: Limits | None = None,
    cluster: Cluster | None = None,
    served: ServedNames | None = None,
    api_docs: bool = False,
    retention: Retention | None = None,
) -> FastAPI:
    """The server's application over ``db``, its computers thinking in ``thinker``.

    ``served``: the host names the server answers to (``phase10.web.hosts``); a request for
    another name is refused. ``None`` checks no ``Host`` (``phase10 serve`` always passes
    them; Starlette's test client says ``Host: testserver``). ``api_docs`` serves the API's
    description (``/api/openapi.json``) and its documentation page (``/api/docs``, Swagger
    UI from a CDN): off unless ``serve --api-docs``.

    ``limits`` are the limits per client address and the pace of messages
    (``phase10.web.guard``; the defaults when ``None``); tests set tight ones.

    ``turn_clock_scale`` multiplies the waits of every table's turn timer: it is for tests
    (``0.01`` runs a 30-second timer in 0.3 s); ``phase10 serve`` keeps it at 1.

    ``cluster``: this process is one of several on one PostgreSQL database, each table held
    by one of them at a time (``phase10.web.cluster``).

    ``retention``: how long a table nothing happens at is kept (``phase10.web.retention``);
    ``None`` keeps every table.
    """
    prepare()  # the look-alike names' table, before anyone joins
    hub = Hub(
        db,
        thinker,
        hold_seconds=hold_seconds,
        bot_delay=bot_delay,
        turn_clock_scale=turn_clock_scale,
    )

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if cluster is not None:
            await cluster.start(hub)
        restored = hub.restore()
        public.resume_quick_tables(hub)
        if restored:
            log.info("%s in play restored from the database", _tables(restored))
        if retention is not None:
            retention.start(db, lambda: hub.tables.keys())
        yield
        if retention is not None:
            retention.close()
        hub.close()
        if cluster is not None:
            await cluster.stop()

    app = FastAPI(
        title="phase10",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url=OPENAPI_URL if api_docs else None,
        # The largest request (a new table) is a few hundred bytes.
        max_body_size=MAX_MESSAGE_BYTES,
    )
    app.state.hub = hub
    if cluster is not None:
        cluster.install(app, hub)
    guard = Guard(limits)
    app.state.guard = guard
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    # Added last, so outermost: a refused Host and every answer carry the security headers.
    if served is not None:
        app.add_middleware(HostCheck, served=served)
    app.add_middleware(RememberLanguage)
    app.add_middleware(SecurityHeaders)
    if api_docs:
        add_api_docs(app)

    # ------------------------------------------------------------------------ errors

    @app.exception_handler(TableError)
    async def _table_error(request: Request, exc: TableError) -> JSONResponse:
        return _said(request, exc)

    def _refused(key: str, address: str, what: str) -> None:
        """One warning line for a limit's refusal (at most one a minute per address and
        limit, ``Guard.worth_logging``): the address and the limit, never a token."""
        if guard.worth_logging(key, address):
            log.warning("limit: refused %s %s: %s", address, what, LOGGED[key])

    @app.exception_handler(TooManyError)
    async def _too_many(request: Request, exc: TooManyError) -> JSONResponse:
        retry = f"HTTP 429, retry after {exc.retry_after} s"
        _refused(exc.key, address_of(request), f"a {request.method} request ({retry})")
        lang = _language(request, request.query_params.get("lang"))
        headers = {"Retry-After": str(exc.retry_after)}
        return JSONResponse({"error": exc.text(lang)}, status_code=429, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        lang = request.query_params.get("lang")
        text = validation_text(exc.errors(), _language(request, lang))
        return JSONResponse({"error": text}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> Response:
        # A person who typed a wrong address reads a page, in their language; a program
        # (the API, a fetch) reads JSON.
        browsing = "text/html" in request.headers.get("accept", "")
        if exc.status_code == 404 and browsing and not request.url.path.startswith("/api/"):
            lang = _language(request, request.query_params.get("lang"))
            return HTMLResponse(pages.error(lang, "no_page"), status_code=404)
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)

    def _said(
        request: Request, refused: TableError, headers: Mapping[str, str] | None = None
    ) -> JSONResponse:
        lang = _language(request, request.query_params.get("lang"))
        return JSONResponse(
            {"error": refused.text_in(lang)}, status_code=refused.status, headers=headers
        )

    @app.exception_handler(DatabaseError)
    async def _database(request: Request, exc: DatabaseError) -> JSONResponse:
        log.error("database: %s", exc)
        return _said(request, TableError.said(503, N_("the server's database failed; try again")))

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error")
        # Sent by Starlette's outermost layer, past the security headers' middleware.
        return _said(request, TableError.said(500, N_("internal error")), PAGE_HEADERS)

    def _table(table_id: str) -> LiveTable:
        table = hub.get(table_id)
        if table is None:
            raise TableError.said(404, N_("there is no such table"))
        return table

    # ------------------------------------------------------------------------ pages

    # HEAD too: uptime monitors ask with it, and were answered 405 (uvicorn sends no body).
    @app.api_route("/healthz", methods=["GET", "HEAD"])
    async def healthz() -> JSONResponse:
        # Fails while the database is gone, replaced or out of reach (phase10.web.dbwatch):
        # a proxy or a supervisor then sends nobody here. Never a file's name in the answer.
        problem = db.watch.problem()
        if problem is not None:
            body = {"ok": False, "reason": problem.reason, "error": problem.text}
            return JSONResponse(body, status_code=503)
        return JSONResponse({"ok": True})

    @app.api_route("/", methods=["GET", "HEAD"], response_class=HTMLResponse)
    async def lobby_page(request: Request, lang: str | None = None) -> HTMLResponse:
        chosen = _language(request, lang)
        return HTMLResponse(pages.lobby(chosen))

    @app.get("/t/{table_id}", response_class=HTMLResponse)
    async def table_page(request: Request, table_id: str, lang: str | None = None) -> HTMLResponse:
        chosen = _language(request, lang)
        table = hub.get(table_id) if len(table_id) <= 32 else None
        if table is None:
            return HTMLResponse(pages.error(chosen, "no_table"), status_code=404)
        return HTMLResponse(pages.table(chosen, table.lobby(chosen)))

    @app.get("/t/{table_id}/rules", response_class=HTMLResponse)
    async def table_rules_page(
        request: Request, table_id: str, lang: str | None = None
    ) -> HTMLResponse:
        chosen = _language(request, lang)
        table = hub.get(table_id) if len(table_id) <= 32 else None
        if table is None:
            return HTMLResponse(pages.error(chosen, "no_table"), status_code=404)
        return HTMLResponse(pages.table_rules(chosen, table.lobby(chosen)))

    @app.get("/join/{code}")
    async def join_by_code(request: Request, code: str, lang: str | None = None) -> Response:
        chosen = _language(request, lang)
        try:
            guard.check_code(address_of(request))
        except TooManyError as exc:
            retry = f"HTTP 429, retry after {exc.retry_after} s"
            _refused(exc.key, address_of(request), f"an invite page ({retry})")
            headers = {"Retry-After": str(exc.retry_after)}
            return HTMLResponse(pages.error(chosen, "codes"), status_code=429, headers=headers)
        table = hub.by_code(code)
        if table is None:
            guard.missed_code(address_of(request))
            return HTMLResponse(pages.error(chosen, "no_code"), status_code=404)
        suffix = f"?lang={lang}" if lang and lang in LANGUAGES else ""
        return RedirectResponse(f"/t/{table.id}{suffix}", status_code=303)

    @app.get("/replay/{table_id}", response_class=HTMLResponse)
    async def replay_page(request: Request, table_id: str, lang: str | None = None) -> HTMLResponse:
        chosen = _language(request, lang)
        table = hub.get(table_id) if len(table_id) <= 32 else None
        if table is None:
            return HTMLResponse(pages.error(chosen, "no_table"), status_code=404)
        if table.status != "over":
            return HTMLResponse(pages.error(chosen, "replay_later"), status_code=409)
        return HTMLResponse(pages.replay(chosen, table.lobby(chosen)))

    @app.get("/games", response_class=HTMLResponse)
    async def games_page(request: Request, lang: str | None = None) -> HTMLResponse:
        chosen = _language(request, lang)
        return HTMLResponse(pages.my_games(chosen))

    @app.get("/rules", response_class=HTMLResponse)
    async def rules_page(request: Request, lang: str | None = None) -> HTMLResponse:
        chosen = _language(request, lang)
        return HTMLResponse(pages.rules(chosen))

    # ------------------------------------------------------------------------ API

    @app.get("/api/catalogue")
    async def api_catalogue(request: Request, lang: str | None = None) -> dict[str, Any]:
        return catalogue(_language(request, lang))

    @app.post("/api/tables", status_code=201)
    async def api_create(body: CreateTable, request: Request) -> dict[str, Any]:
        address = address_of(request)
        guard.create_table(address)
        table, token = await hub.create(body)
        log.info(
            "table %s created from %s (%s, %d seats)", table.id, address, body.game, len(body.seats)
        )
        return {
            "table": table.id,
            "code": table.row.code,
            "seat": 0,
            "token": token,
            "invite": f"/join/{table.row.code}",
            "lobby": table.lobby(),
        }

    @app.post("/api/tables/mine")
    async def api_mine(body: MyTables) -> dict[str, Any]:
        # Reading at most MAX_MY_TABLES short rows: quick enough for the event loop.
        return {"tables": my_tables(hub, body.seats)}

    @app.get("/api/tables/open")
    async def api_open_tables(
        request: Request, lang: str | None = None, game: str | None = None
    ) -> dict[str, Any]:
        chosen = _language(request, lang)
        return {"tables": public.open_tables(hub, chosen, game)}

    @app.post("/api/quick", status_code=201)
    async def api_quick(body: QuickMatch, request: Request) -> dict[str, Any]:
        address = address_of(request)
        guard.create_table(address)
        table, seat, token = await public.quick_match(hub, body)
        log.info("table %s: seat %d taken from %s (Play now)", table.id, seat + 1, address)
        chosen = _language(request, None)
        return {"table": table.id, "seat": seat, "token": token, "lobby": table.lobby(chosen)}

    @app.get("/api/tables/{table_id}")
    async def api_table(request: Request, table_id: str, lang: str | None = None) -> dict[str, Any]:
        chosen = _language(request, lang)
        return _table(table_id).lobby(chosen)

    @app.get("/api/codes/{code}")
    async def api_code(code: str, request: Request) -> dict[str, Any]:
        guard.check_code(address_of(request))
        table = hub.by_code(code)
        if table is None:
            guard.missed_code(address_of(request))
            raise TableError.said(404, N_("no table has that code"))
        return table.lobby()

    @app.post("/api/tables/{table_id}/join", status_code=201)
    async def api_join(table_id: str, body: JoinTable, request: Request) -> dict[str, Any]:
        table = _table(table_id)
        seat, token = await table.join(body.name, body.seat)
        log.info("table %s: seat %d taken from %s", table.id, seat + 1, address_of(request))
        return {"table": table.id, "seat": seat, "token": token, "lobby": table.lobby()}

    @app.post("/api/tables/{table_id}/start")
    async def api_start(table_id: str, request: Request) -> dict[str, Any]:
        table = _table(table_id)
        await table.start(_bearer(request))
        return table.lobby()

    @app.post("/api/tables/{table_id}/seats/{seat}/computer")
    async def api_replace(
        table_id: str, seat: int, body: ReplaceSeat, request: Request
    ) -> dict[str, Any]:
        table = _table(table_id)
        await table.replace_with_computer(_bearer(request), seat, body.level)
        return table.lobby()

    @app.post("/api/tables/{table_id}/seats/{seat}/person")
    async def api_open_seat(table_id: str, seat: int, request: Request) -> dict[str, Any]:
        table = _table(table_id)
        await table.open_to_person(_bearer(request), seat)
        log.info("table %s: seat %d opened to a person", table.id, seat + 1)
        return table.lobby()

    @app.post("/api/tables/{table_id}/rematch", status_code=201)
    async def api_rematch(table_id: str, request: Request) -> dict[str, Any]:
        table = _table(table_id)
        new, token = await hub.rematch(table, _bearer(request))
        log.info("table %s: rematch at table %s", table.id, new.id)
        return {"table": new.id, "code": new.row.code, "seat": 0, "token": token}

    @app.get("/api/tables/{table_id}/record")
    async def api_record(table_id: str) -> dict[str, Any]:
        table = _table(table_id)
        if table.status != "over" or table.match is None:
            raise TableError.said(409, N_("the record is published once the game is over"))
        return table_record(table.match)

    @app.get("/api/tables/{table_id}/replay")
    async def api_replay(
        request: Request,
        table_id: str,
        step: int = 0,
        lang: str | None = None,
        cards: Literal["codes", "words"] = "codes",
    ) -> dict[str, Any]:
        table = _table(table_id)
        if table.status != "over" or table.match is None:
            raise TableError.said(409, N_("a replay is shown once the game is over"))
        chosen = _language(request, lang)
        return replay_step(table.match, step, chosen, words=cards == "words")

    # ------------------------------------------------------------------------ the game

    @app.websocket("/ws/{table_id}")
    async def game_socket(websocket: WebSocket, table_id: str, lang: str | None = None) -> None:
        address = address_of(websocket)
        if not _origin_allowed(websocket, allowed_origins, served):
            if guard.worth_logging("origin", address):
                # What a proxy that changes the Host (nginx's $host drops the port) shows.
                headers = websocket.headers
                log.warning(
                    "refused %s a WebSocket (HTTP 403): its page's origin %r is not this "
                    "server's, Host %r (behind a proxy, pass the Host on as the browser "
                    "sent it; or see --allowed-host, --allow-origin)",
                    address,
                    headers.get("origin", "")[:200],
                    headers.get("host", "")[:200],
                )
            await websocket.close(code=4403)
            return
        await websocket.accept()
        chosen = _language(websocket, lang)
        refused = guard.arrive(address)
        if refused is not None:
            _refused(refused, address, "a WebSocket (close 1008)")
            await websocket.close(POLICY_CLOSE, close_reason(refused, chosen))
            return
        try:
            await _seat(websocket, table_id, chosen, address)
        finally:
            guard.depart(address)

    async def _seat(websocket: WebSocket, table_id: str, chosen: str, address: str) -> None:
        """A connection the limits per address let in: its hello, then its messages."""
        table = hub.get(table_id) if len(table_id) <= 32 else None
        if table is None:
            text = TableError.said(404, N_("there is no such table")).text_in(chosen)
            await _refuse(websocket, "no_table", text)
            return
        client = Client(lang=chosen)
        try:
            hello = await _hello(websocket, chosen)
        except (TimeoutError, WebSocketDisconnect):
            return
        if hello is None:
            return
        client.protocol = hello.protocol
        client.words = hello.cards == "words"
        # The table may have left memory while the hello was awaited (phase10.web.upkeep):
        # the connection goes to the one the hub holds now.
        table = hub.get(table_id) or table
        refused = guard.room_at(table, hello.token)
        if refused is not None:
            _refused(refused, address, f"a WebSocket to table {table.id} (close 1008)")
            await websocket.close(POLICY_CLOSE, close_reason(refused, chosen))
            return
        try:
            table.attach(client, hello.token, hello.since)
        except TableError as exc:
            await _refuse(websocket, "bad_token", exc.text_in(chosen))
            return
        writer = asyncio.get_running_loop().create_task(_write(websocket, client))
        pace = guard.pace()
        try:
            await _read(websocket, table, client, pace)
        except WebSocketDisconnect as exc:
            client.leaving = exc.code == 1000 and exc.reason == LEAVE_REASON
        except Exception:
            log.exception("table %s: connection failed", table.id)
        finally:
            table.detach(client)
            pace.forget()
            if client.close_code == POLICY_CLOSE:  # _read's close of a flood
                _refused("flood", address, f"messages to table {table.id} (close 1008)")
            # What the server closes with (too_fast errors, say) leaves first, for so long:
            # a peer that reads nothing does not hold the connection open.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(writer, guard.limits.flush_seconds)

    return app


def _origin_allowed(
    websocket: WebSocket, allowed: tuple[str, ...], served: ServedNames | None
) -> bool:
    """A browser's WebSocket must come from a page of this server, by scheme, host and port
    (or an allowed origin); a client with no ``Origin`` (the terminal, a bot) is not a
    browser page. The scheme is the scope's, which uvicorn's forwarded headers set."""
    headers = websocket.headers
    scheme = str(websocket.scope.get("scheme", "ws"))
    return origin_allowed(headers.get("origin"), scheme, headers.get("host"), served, allowed)


async def _refuse(websocket: WebSocket, code: str, text: str) -> None:
    await websocket.send_text(json.dumps(error_payload(code, text)))
    await websocket.close(code=4400)


async def _receive(websocket: WebSocket) -> str | bytes:
    """The next message, text or binary (a binary frame is read as UTF-8 JSON like a text
    one, or refused as unreadable; it never ends the connection with an error of ours)."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    if text is not None:
        return str(text)
    return bytes(message.get("bytes") or b"")


async def _hello(websocket: WebSocket, lang: str) -> Hello | None:
    raw = await asyncio.wait_for(_receive(websocket), HELLO_TIMEOUT)
    try:
        message = read_client_message(raw)
    except ProtocolError as exc:
        text = render_notice("web.bad_message", {"detail": str(exc)}, lang)
        await _refuse(websocket, "bad_message", text)
        return None
    if not isinstance(message, Hello):
        await _refuse(websocket, "bad_message", "the first message is a hello")
        return None
    if not OLDEST_PROTOCOL <= message.protocol <= PROTOCOL_VERSION:
        fields = {"client": message.protocol, "oldest": OLDEST_PROTOCOL, "newest": PROTOCOL_VERSION}
        key = "web.protocol_version" + ("_only" if OLDEST_PROTOCOL == PROTOCOL_VERSION else "")
        await _refuse(websocket, "protocol_version", render_notice(key, fields, lang))
        return None
    return message


async def _read(websocket: WebSocket, table: LiveTable, client: Client, pace: Pace) -> None:
    while not client.closed:
        raw = await _receive(websocket)
        if not pace.allow():
            text = render_notice("web.too_fast", {}, client.lang)
            client.push(error_payload("too_fast", text, action_id=_message_id(raw)))
            if not pace.strike():
                client.close(POLICY_CLOSE, close_reason("flood", client.lang), flush=True)
            continue
        try:
            message = read_client_message(raw)
        except ProtocolError as exc:
            key = "web.too_big" if message_size(raw) > MAX_MESSAGE_BYTES else "web.bad_message"
            text = render_notice(key, {"detail": str(exc)}, client.lang)
            client.push(error_payload("bad_message", text))
            continue
        if isinstance(message, Act):
            await table.act(client, message)
        elif isinstance(message, Hint):
            await table.hint(client, message)
        elif isinstance(message, Say):
            table.say(client, message)
        elif isinstance(message, Ping):
            client.push({"type": "pong"})
        else:
            client.push(error_payload("bad_message", "hello is sent once, first"))


def _message_id(raw: str | bytes) -> str | None:
    """The ``id`` of a message refused unread, so its answer names it (``None``: it has none).

    >>> _message_id('{"type": "act", "id": "a7"}'), _message_id("[1]"), _message_id("{")
    ('a7', None, None)
    """
    if message_size(raw) > MAX_MESSAGE_BYTES:
        return None
    try:
        data = json.loads(raw)
    except ValueError:
        return None
    ident = data.get("id") if isinstance(data, dict) else None
    return ident if isinstance(ident, str) and 1 <= len(ident) <= MAX_ID_LENGTH else None


async def _write(websocket: WebSocket, client: Client) -> None:
    try:
        while True:
            message = await client.outbox.get()
            if message is None:
                break
            await websocket.send_text(json.dumps(message, ensure_ascii=False))
    except Exception:  # the peer is gone; the reader notices and detaches
        client.closed = True
    try:
        await websocket.close(client.close_code, client.close_reason)
    except Exception:  # closed already
        return


def _tables(count: int) -> str:
    """``1 table``, ``3 tables``: the server's log is English, counted right."""
    return f"{count} table" if count == 1 else f"{count} tables"
