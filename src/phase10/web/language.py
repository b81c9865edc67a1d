"""The reader's language: the one asked for in the address, else the one they chose last
time, else their browser's first one we have.

A language chosen with ``?lang=`` (the language links on every page, an invitation that
carries one) is remembered in a cookie, so an address typed or pasted later without
``?lang=`` (the lobby, an invitation's ``/join/`` link, My games) opens in it too, not in the
browser's language. The cookie holds two letters and nothing else; no page needs it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, Final
from urllib.parse import parse_qs

from phase10.kernel.i18n import LANGUAGES

__all__ = ["LANGUAGE_COOKIE", "RememberLanguage", "pick_language"]

#: The cookie that keeps the language a reader chose.
LANGUAGE_COOKIE: Final = "phase10_lang"
#: A year: the choice outlives a browser's restart and a school term.
KEPT_SECONDS: Final = 365 * 24 * 3600


def pick_language(query: str | None, accept: str | None, remembered: str | None = None) -> str:
    """``?lang=`` if it names one of ours, else the language ``remembered`` from an earlier
    choice, else the browser's first language we have, else English.

    >>> pick_language(None, "nl-BE,nl;q=0.9,en;q=0.8")
    'nl'
    >>> pick_language("de", "fr")
    'de'
    >>> pick_language("xx", "es, fr;q=0.5")
    'fr'
    >>> pick_language(None, "en", remembered="fr")
    'fr'
    >>> pick_language(None, "de", remembered="xx")
    'de'
    """
    if query and query.lower() in LANGUAGES:
        return query.lower()
    if remembered and remembered.lower() in LANGUAGES:
        return remembered.lower()
    ranked: list[tuple[float, int, str]] = []
    for order, part in enumerate((accept or "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        code = tag.strip()[:2].lower()
        if code in LANGUAGES:
            ranked.append((-weight, order, code))
    return min(ranked)[2] if ranked else "en"


def asked_language(query_string: bytes) -> str | None:
    """The language a page's address asks for, if it is one of ours.

    >>> asked_language(b"lang=FR&x=1"), asked_language(b"lang=xx"), asked_language(b"")
    ('fr', None, None)
    """
    asked = parse_qs(query_string.decode("latin-1")).get("lang", [""])[-1].lower()
    return asked if asked in LANGUAGES else None


Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
ASGIApp = Callable[[MutableMapping[str, Any], Receive, Send], Awaitable[None]]


class RememberLanguage:
    """ASGI middleware: a page asked for with ``?lang=`` sets the language cookie.

    Only pages (a ``GET`` outside ``/api/`` and ``/static/``): a script's API call names its
    page's language, which is no new choice. The cookie is ``SameSite=Lax`` and read by the
    server only (``HttpOnly``); it is not ``Secure``, since a server on a home network is
    reached over plain HTTP and the language is no secret.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: MutableMapping[str, Any], receive: Receive, send: Send) -> None:
        path = str(scope.get("path", ""))
        asked = (
            asked_language(scope.get("query_string", b""))
            if scope["type"] == "http"
            and scope.get("method") in ("GET", "HEAD")
            and not path.startswith(("/api/", "/static/"))
            else None
        )
        if asked is None:
            await self.app(scope, receive, send)
            return
        cookie = (
            f"{LANGUAGE_COOKIE}={asked}; Max-Age={KEPT_SECONDS}; Path=/; SameSite=Lax; HttpOnly"
        )

        async def send_remembering(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers.append((b"set-cookie", cookie.encode("latin-1")))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_remembering)
