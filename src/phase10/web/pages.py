"""The server's HTML pages, rendered in the reader's language from Jinja2 templates
(``templates/``); their words come from the same catalogs as the terminal game.

Each page carries its data for its script as JSON (``boot``: the language, the script's
strings in that language, and the page's own data); the scripts live under ``static/`` as
plain ES modules, with no build step.

>>> "<html lang=\\"fr\\"" in lobby("fr")
True
>>> page = rules("en")
>>> page.count("<h1"), '<h4 id="P10-R20">' in page
(1, True)
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markdown_it import MarkdownIt

from phase10 import games
from phase10.kernel.errors import Phase10Error
from phase10.kernel.i18n import LANGUAGE_NAMES, N_, translator
from phase10.web.catalogue import catalogue
from phase10.web.strings import strings

__all__ = ["PAGE_ERRORS", "error", "lobby", "my_games", "replay", "rules", "table"]

TEMPLATES: Final = Path(__file__).parent / "templates"
_ENV: Final = Environment(
    loader=FileSystemLoader(TEMPLATES),
    autoescape=select_autoescape(["html"]),
    trim_blocks=True,
    lstrip_blocks=True,
)
#: A rule's identifier at the start of a heading (``P10-R20 One card, one group``).
_RULE_ID: Final = re.compile(r"^((?:P10|AMZ)-R\d+)\b")


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


def _game_title(name: str, lang: str) -> str:
    try:
        return translator(lang).gettext(games.get(name).title)
    except (KeyError, LookupError, ValueError):
        return name


def lobby(lang: str) -> str:
    """The start page: create a table, or join one by code."""
    return _render("lobby.html", lang, boot={"catalogue": catalogue(lang)})


@lru_cache(maxsize=64)  # a server meets many rule sets: bounded
def move_kinds(name: str, rules: str) -> frozenset[str]:
    """The kinds of move game ``name`` has under ``rules`` (each one's refusal is in every
    presentation), so that the page lists only the keys of its own moves, before the game
    starts too.

    >>> sorted(move_kinds("phase10", "standard"))
    ['discard', 'draw', 'hit', 'lay_down', 'take']
    >>> "swap" in move_kinds("programmes", "programmes"), "swap" in move_kinds(
    ...     "programmes", "programmes+program_swap")
    (False, True)
    """
    try:
        game = games.get(name)
        chosen = game.find_rules(rules)
    except (KeyError, LookupError, ValueError, Phase10Error):
        return frozenset()
    state = game.new_game(chosen, 2, 0)
    return frozenset(game.present(game.view(state, 0), ["A", "B"], "en").refusals)


@lru_cache(maxsize=64)
def counts_points(name: str, rules: str) -> bool:
    """Whether game ``name`` under ``rules`` counts points while it is played (its
    presentation gives the players points), so that the page offers the scores only then.

    >>> counts_points("phase10", "standard"), counts_points("programmes", "programmes")
    (True, False)
    """
    try:
        game = games.get(name)
        chosen = game.find_rules(rules)
    except (KeyError, LookupError, ValueError, Phase10Error):
        return True
    state = game.new_game(chosen, 2, 0)
    players = game.present(game.view(state, 0), ["A", "B"], "en").players
    return any(player.points is not None for player in players)


def table(lang: str, lobby_info: dict[str, Any]) -> str:
    """A table's page: its lobby until the game starts, then the game."""
    title = _game_title(str(lobby_info["game"]), lang)
    levels = catalogue(lang)["levels"]
    return _render(
        "table.html",
        lang,
        table=lobby_info,
        game_title=title,
        # The header names the game played here, not always Phase 10.
        brand=title,
        kinds=move_kinds(str(lobby_info["game"]), str(lobby_info["rules"])),
        counts_points=counts_points(str(lobby_info["game"]), str(lobby_info["rules"])),
        boot={"lobby": lobby_info, "levels": levels, "game_title": title},
    )


def replay(lang: str, lobby_info: dict[str, Any]) -> str:
    """A finished table's replay."""
    title = _game_title(str(lobby_info["game"]), lang)
    return _render(
        "replay.html",
        lang,
        table=lobby_info,
        game_title=title,
        brand=title,
        boot={"lobby": lobby_info, "game_title": title},
    )


def my_games(lang: str) -> str:
    """The tables this browser holds seats at: its script reads the saved seat tokens and
    asks the server about them (``POST /api/tables/mine``)."""
    known = catalogue(lang)
    titles = {g["name"]: g["title"] for g in known["games"]}
    # A computer's seat before the game names it: said by its level, as the table says it.
    boot = {"game_titles": titles, "levels": known["levels"]}
    return _render("games.html", lang, current_page="games", boot=boot)


#: What a person who opened a page that cannot be shown reads, by the API's refusal.
PAGE_ERRORS: Final[dict[str, str]] = {
    "no_table": N_("This table does not exist: check the link, or ask for a new one."),
    "no_code": N_("No table has this code: check it, or ask for the link."),
    "replay_later": N_("The replay opens once the game is over."),
    "no_page": N_("There is no such page here."),
    # The limit on look-ups of codes that match no table (phase10.web.guard's words).
    "codes": N_(
        "Too many invite codes that match no table were tried from your address; try again later."
    ),
}


#: The heading (and title) of an error page nothing else names. (Marked on its own line:
#: inside the gettext call below, the catalog's extractor did not see it.)
_NOT_FOUND: Final = N_("Not found")
#: The heading (and title) of an error page, by refusal; any other is "Not found".
_HEADINGS: Final[dict[str, str]] = {
    # The page exists but cannot be shown yet.
    "replay_later": N_("Not yet"),
    # A limit per address refused it: the page may well exist.
    "codes": N_("Too many tries"),
}


def error(lang: str, key: str) -> str:
    """A page saying, in ``lang``, why the page asked for cannot be shown: "Not found",
    "Not yet" for a page that will open later (a replay while its game goes on), or "Too many
    tries" for one a limit per address refused."""
    tr = translator(lang)
    heading = tr.gettext(_HEADINGS.get(key, _NOT_FOUND))
    return _render("error.html", lang, message=tr.gettext(PAGE_ERRORS[key]), heading=heading)


def _rulebook(lang: str) -> str:
    package = Path(__file__).parents[1] / "rulebook"
    for folder in (package, Path(__file__).parents[3] / "docs" / "rules"):
        path = folder / f"{lang}.md"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return ""


def _slug(text: str, taken: set[str]) -> str:
    """A heading's anchor: its rule id (``P10-R20``) if it starts with one, else its words."""
    found = _RULE_ID.match(text)
    base = found.group(1) if found else re.sub(r"[^\w]+", "-", text.casefold()).strip("-")
    base = base or "section"
    slug, number = base, 2
    while slug in taken:
        slug, number = f"{base}-{number}", number + 1
    taken.add(slug)
    return slug


def rulebook_html(markdown: str) -> str:
    """The rulebook as HTML under the page's own ``h1``: every heading one level down (the
    document's parts become ``h2``) and each with an ``id`` (a rule's is its identifier, so
    ``/rules#P10-R20`` opens at that rule); a table can take the focus, to scroll it.

    >>> rulebook_html("# Part A\\n\\n### P10-R01 The deck\\n")
    '<h2 id="part-a">Part A</h2>\\n<h4 id="P10-R01">P10-R01 The deck</h4>\\n'
    """
    parser = MarkdownIt("commonmark", {"html": False}).enable("table")
    tokens = parser.parse(markdown)
    taken: set[str] = set()
    for number, token in enumerate(tokens):
        if token.type in ("heading_open", "heading_close"):
            token.tag = f"h{min(6, int(token.tag[1:]) + 1)}"
        if token.type == "heading_open" and number + 1 < len(tokens):
            token.attrSet("id", _slug(tokens[number + 1].content, taken))
    html = str(parser.renderer.render(tokens, parser.options, {}))
    # A wide table scrolls sideways on a phone: it takes the keyboard focus so it can.
    return html.replace("<table>", '<table tabindex="0">')


def rules(lang: str) -> str:
    """The project's rules document in ``lang``, as HTML."""
    return _render("rules.html", lang, body=rulebook_html(_rulebook(lang)), rules_current=True)


def table_rules(lang: str, lobby_info: dict[str, Any]) -> str:
    """The rules as one table plays them (its game's ``rules_text`` of its rule set), in
    ``lang``: a player at a table of house rules reads those, with the whole rulebook a link
    away."""
    game = games.get(str(lobby_info["game"]))
    text = game.rules_text(game.find_rules(str(lobby_info["rules"])), lang)
    return _render(
        "rules.html",
        lang,
        body=rulebook_html(text),
        table=lobby_info,
        game_title=_game_title(str(lobby_info["game"]), lang),
        brand=_game_title(str(lobby_info["game"]), lang),
        # The site's Rules link stays on this page: from here it opened the whole
        # rulebook, another game's rules first.
        rules_href=_table_rules_href(lobby_info, lang),
        rules_label=translator(lang).gettext(N_("Rules of this table")),
        rules_current=True,
    )


def _table_rules_href(lobby_info: dict[str, Any], lang: str) -> str:
    """The address of the rules a table plays (``/t/<table>/rules``), in ``lang``."""
    return f"/t/{lobby_info['table']}/rules?lang={lang}"
