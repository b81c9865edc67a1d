"""The server's HTML pages, rendered in the reader's language from Jinja2 templates
(``templates/``); their words come from the same catalogs as the terminal game.

>>> "<html lang=\\"fr\\"" in lobby("fr")
True
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markdown_it import MarkdownIt

from phase10.kernel.i18n import LANGUAGE_NAMES, translator
from phase10.web.catalogue import catalogue
from phase10.web.strings import strings

__all__ = ["lobby", "replay", "rules", "table"]

TEMPLATES: Final = Path(__file__).parent / "templates"
_ENV: Final = Environment(
    loader=FileSystemLoader(TEMPLATES),
    autoescape=select_autoescape(["html"]),
    trim_blocks=True,
    lstrip_blocks=True,
)


def _render(name: str, lang: str, **context: Any) -> str:
    tr = translator(lang)
    boot = {"lang": lang, "strings": strings(lang), **context.pop("boot", {})}
    return _ENV.get_template(name).render(
        lang=lang,
        languages=LANGUAGE_NAMES,
        _=tr.gettext,
        ngettext=tr.ngettext,
        # The page's data for its script, as JSON inside <script type="application/json">:
        # "</" is escaped so no name can close the script element.
        boot=json.dumps(boot, ensure_ascii=False).replace("</", "<\\/"),
        **context,
    )


def lobby(lang: str) -> str:
    """The start page: create a table, or join one by code."""
    return _render("lobby.html", lang, boot={"catalogue": catalogue(lang)})


def table(lang: str, lobby_info: dict[str, Any]) -> str:
    """A table's page: its lobby until the game starts, then the game."""
    return _render("table.html", lang, table=lobby_info, boot={"lobby": lobby_info})


def replay(lang: str, lobby_info: dict[str, Any]) -> str:
    """A finished table's replay."""
    return _render("replay.html", lang, table=lobby_info, boot={"lobby": lobby_info})


def _rulebook(lang: str) -> str:
    package = Path(__file__).parents[1] / "rulebook"
    for folder in (package, Path(__file__).parents[3] / "docs" / "rules"):
        path = folder / f"{lang}.md"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return ""


def rules(lang: str) -> str:
    """The project's rules document in ``lang``, as HTML."""
    html = MarkdownIt("commonmark", {"html": False}).enable("table").render(_rulebook(lang))
    return _render("rules.html", lang, body=html)
