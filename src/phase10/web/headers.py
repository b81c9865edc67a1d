"""The browser's second line of defence: the security headers on every HTTP answer.

A seat's token lives in the browser's storage for the server's origin, so a script that runs
on that origin, or a page of another origin that frames a table, could play for the seat.
Every answer (pages, static files, the API, errors) therefore says:

- ``Content-Security-Policy``: scripts, styles, images and connections from this origin
  only (the page's data rides in a ``<script type="application/json">``, which is not run;
  the favicon is the empty ``data:,`` image), no plugins, no ``<base>``, forms posted here
  only, and no framing by another origin (``frame-ancestors 'self'``);
- ``X-Frame-Options: SAMEORIGIN``, the same rule for browsers that predate
  ``frame-ancestors``;
- ``X-Content-Type-Options: nosniff``: a JSON answer is never run as a script;
- ``Referrer-Policy: same-origin``: a table's address (which lets anyone watch) is never
  sent to another site, while requests to this server keep their ``Referer``;
- ``Cross-Origin-Opener-Policy`` and ``Cross-Origin-Resource-Policy``: ``same-origin``,
  so another site's window cannot reach into a table's, nor read its files;
- ``Permissions-Policy``: no camera, microphone, location, payment or USB, none of which
  the game uses.

``upgrade-insecure-requests`` and ``Strict-Transport-Security`` are left out: the server
also runs on plain HTTP on a home network, where they would break it; a TLS proxy in front
may add the latter.

The API's documentation page (``serve --api-docs``) loads Swagger UI from a CDN; it gets its
own policy, naming that CDN and the hash of its one inline script, on that page only.

>>> policy = PAGE_HEADERS["Content-Security-Policy"]
>>> "script-src 'self'" in policy and "frame-ancestors 'self'" in policy
True
>>> PAGE_HEADERS["X-Frame-Options"], PAGE_HEADERS["Referrer-Policy"]
('SAMEORIGIN', 'same-origin')
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from typing import Any, Final

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from secure import (
    ContentSecurityPolicy,
    CrossOriginOpenerPolicy,
    CrossOriginResourcePolicy,
    PermissionsPolicy,
    ReferrerPolicy,
    Secure,
    XContentTypeOptions,
    XFrameOptions,
)

__all__ = [
    "CSP",
    "DOCS_CDN",
    "DOCS_URL",
    "OPENAPI_URL",
    "PAGE_HEADERS",
    "SecurityHeaders",
    "add_api_docs",
    "docs_policy",
]

CSP: Final = "Content-Security-Policy"
#: Where the API's documentation page and its description live, when they are served.
DOCS_URL: Final = "/api/docs"
OPENAPI_URL: Final = "/api/openapi.json"
#: The CDN that serves Swagger UI's script and style sheet (FastAPI's default).
DOCS_CDN: Final = "https://cdn.jsdelivr.net"

_SELF: Final = "'self'"
_NONE: Final = "'none'"


def _page_policy() -> ContentSecurityPolicy:
    return (
        ContentSecurityPolicy()
        .default_src(_SELF)
        .script_src(_SELF)
        # No onclick="..." in any page: the scripts attach their handlers.
        .script_src_attr(_NONE)
        .style_src(_SELF)
        .img_src(_SELF, "data:")
        .font_src(_SELF)
        # 'self' covers the table's WebSocket (ws: or wss: to this host and port).
        .connect_src(_SELF)
        .object_src(_NONE)
        .base_uri(_NONE)
        .form_action(_SELF)
        .frame_ancestors(_SELF)
    )


def _headers(policy: ContentSecurityPolicy) -> dict[str, str]:
    secure = Secure(
        csp=policy,
        xfo=XFrameOptions().sameorigin(),
        xcto=XContentTypeOptions().nosniff(),
        referrer=ReferrerPolicy().same_origin(),
        coop=CrossOriginOpenerPolicy().same_origin(),
        corp=CrossOriginResourcePolicy().same_origin(),
        permissions=PermissionsPolicy().camera().microphone().geolocation().payment().usb(),
    )
    return dict(secure.validate_and_normalize_headers(on_invalid="raise").headers)


#: The headers of every answer but the documentation page's.
PAGE_HEADERS: Final[Mapping[str, str]] = _headers(_page_policy())

_INLINE_SCRIPT: Final = re.compile(r"<script>(.*?)</script>", re.DOTALL)

Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
ASGIApp = Callable[[MutableMapping[str, Any], Receive, Send], Awaitable[None]]


class SecurityHeaders:
    """ASGI middleware: ``PAGE_HEADERS`` on every HTTP answer. A route that set its own
    ``Content-Security-Policy`` (the documentation page) keeps it; every other header is
    ours, replacing any the route set."""

    def __init__(self, app: ASGIApp, headers: Mapping[str, str] = PAGE_HEADERS) -> None:
        self.app = app
        self.raw = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers.items()]
        self.names = {name for name, _ in self.raw}

    async def __call__(self, scope: MutableMapping[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = self.apply(list(message.get("headers", [])))
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def apply(self, headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
        """``headers`` with ours added (a route's own policy kept)."""
        own_policy = any(name.lower() == b"content-security-policy" for name, _ in headers)
        kept = [
            (n, v)
            for n, v in headers
            if n.lower() not in self.names
            or (own_policy and n.lower() == b"content-security-policy")
        ]
        ours = [(n, v) for n, v in self.raw if not (own_policy and n == b"content-security-policy")]
        return kept + ours


def docs_policy(page: str) -> str:
    """The policy of the documentation page ``page``: ours, with Swagger UI's CDN and the
    hashes of the page's inline scripts (a hash, not ``'unsafe-inline'``: no other inline
    script runs there).

    >>> policy = docs_policy("<script>start()</script>")
    >>> DOCS_CDN in policy, "'sha256-" in policy, "'unsafe-inline'" in policy.split("style-src")[0]
    (True, True, False)
    """
    hashes = [
        "'sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode() + "'"
        for body in _INLINE_SCRIPT.findall(page)
    ]
    policy = (
        _page_policy()
        .script_src(_SELF, DOCS_CDN, *hashes)
        # Swagger UI sets style attributes as it renders.
        .style_src(_SELF, DOCS_CDN, "'unsafe-inline'")
    )
    return policy.header_value


def add_api_docs(app: FastAPI) -> None:
    """Serve the API's documentation page at ``DOCS_URL`` (the app serves its description at
    ``OPENAPI_URL``): Swagger UI, whose script and style sheet come from ``DOCS_CDN``."""
    page = bytes(
        get_swagger_ui_html(
            openapi_url=OPENAPI_URL,
            title="phase10 API",
            swagger_favicon_url="data:,",
            # No badge from the public validator, which would be sent this server's address.
            swagger_ui_parameters={"validatorUrl": None},
        ).body
    ).decode()
    policy = docs_policy(page)

    @app.get(DOCS_URL, include_in_schema=False)
    async def api_docs() -> HTMLResponse:
        return HTMLResponse(page, headers={CSP: policy})
