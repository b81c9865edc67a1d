"""The engine's reasons as data: a message key, its parameters, and tables of templates.

An illegal action, a misread notation or an invalid group is described by a *key*
(``"phase10.no_card_in_hand"``) and plain JSON-able *parameters* (``card="R7"``), never by a
finished sentence. Each game keeps its English templates in ONE :class:`MessageTable` of its
own (``phase10.games.<game>.messages``), registered here under the key's first dotted part;
the messages both games share live in :data:`KERNEL` (namespace ``kernel``).

:func:`render` builds the sentence when someone reads it: the template is translated through
the gettext catalog (templates are marked ``N_()``), then filled with the parameters. A
parameter that needs words of its own (a phase description, a group phrase) is passed as
structured data and turned into text, in the same language, by the table's field renderer
of that name; a list without a renderer is joined with commas. Nothing is rendered while
the engine runs: raising an error only stores the key and the parameters.

>>> render("kernel.game_over", {})
'the game is over'
>>> render("kernel.not_a_card", {"token": "X9", "expected": "A or B"})
"'X9' is not a card: expected A or B"
>>> render("kernel.game_over", {}, "de")
'das Spiel ist vorbei'
>>> render("no.such.key", {"x": 1})
'no.such.key'
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, TypeAlias

from phase10.kernel.i18n import N_, Translator, translator

#: A parameter: a plain value, or lists and mappings of them (what JSON can hold).
Param: TypeAlias = "str | int | float | bool | Sequence[Param] | Mapping[str, Param] | None"
#: Turns one structured parameter into text in the reader's language.
FieldRenderer: TypeAlias = Callable[[Any, Translator], str]

_ENGLISH: Final = gettext.NullTranslations()


@dataclass(frozen=True)
class MessageTable:
    """One namespace of messages: ``key -> N_("English template with {fields}")``.

    ``fields`` maps a parameter name to the function that renders that parameter (given as
    structured data) in the reader's language.
    """

    namespace: str
    templates: Mapping[str, str]
    fields: Mapping[str, FieldRenderer] = field(default_factory=dict)


_TABLES: dict[str, MessageTable] = {}


def register(table: MessageTable) -> MessageTable:
    """Make ``table``'s keys renderable; every key must start with ``namespace.``.

    >>> register(MessageTable("kernel", {"other.key": "x"}))
    Traceback (most recent call last):
    ...
    ValueError: keys outside the namespace 'kernel': other.key
    """
    prefix = table.namespace + "."
    strays = [key for key in table.templates if not key.startswith(prefix)]
    if strays:
        raise ValueError(f"keys outside the namespace {table.namespace!r}: {', '.join(strays)}")
    _TABLES[table.namespace] = table
    return table


def tables() -> tuple[MessageTable, ...]:
    """Every registered table (the kernel's and those of the games imported so far)."""
    return tuple(_TABLES.values())


def _table(key: str) -> MessageTable | None:
    return _TABLES.get(key.partition(".")[0])


def template(key: str) -> str:
    """The English template of ``key``; an unknown key is its own template.

    >>> template("kernel.discard_pile_empty")
    'the discard pile is empty'
    """
    table = _table(key)
    return key if table is None else table.templates.get(key, key)


def _translator(lang: str | Translator | None) -> Translator:
    if lang is None:
        return _ENGLISH
    return translator(lang) if isinstance(lang, str) else lang


#: Parameters that echo what a person typed, and how much of it a message repeats: a
#: 5,000-character line is not read back whole.
ECHOED: Final = frozenset({"text", "token"})
ECHO_LIMIT: Final = 60


def _plain(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return value


def _echoed(value: Any) -> Any:
    """A typed text cut to :data:`ECHO_LIMIT` characters with an ellipsis.

    >>> _echoed("x" * 100) == "x" * 60 + "…"
    True
    """
    if isinstance(value, str) and len(value) > ECHO_LIMIT:
        return value[:ECHO_LIMIT] + "…"
    return value


def render(key: str, params: Mapping[str, Any], lang: str | Translator | None = None) -> str:
    """The message ``key`` with ``params`` in ``lang`` (``None``: English, no catalog)."""
    tr = _translator(lang)
    table = _table(key)
    renderers: Mapping[str, FieldRenderer] = {} if table is None else table.fields
    values = {
        name: renderers[name](value, tr)
        if name in renderers
        else _echoed(value)
        if name in ECHOED
        else _plain(value)
        for name, value in params.items()
    }
    text = template(key)
    try:
        return tr.gettext(text).format(**values)
    except (KeyError, IndexError, ValueError):
        # A translation that lost its way still says something: the English sentence.
        return text.format(**values)


def _message_field(value: Any, tr: Translator) -> str:
    """A parameter that is itself a message key (``expected``), rendered in the same language."""
    return render(str(value), {}, tr)


#: The messages both games share (turn cycle and card notation).
KERNEL: Final = register(
    MessageTable(
        "kernel",
        {
            "kernel.game_over": N_("the game is over"),
            "kernel.discard_pile_empty": N_("the discard pile is empty"),
            "kernel.empty_action": N_("an empty action"),
            "kernel.token_not_a_card": N_(
                "{token!r} (word {position}) is not a card: expected {expected}"
            ),
            "kernel.not_a_card": N_("{token!r} is not a card: expected {expected}"),
            "kernel.group_token_not_a_card": N_(
                "{token!r} (card {position} of the group) is not a card: expected {expected}"
            ),
            # JSON a client program sent: the path of the bad value, then the problem in
            # English (it is read by the program's author, not shown to players).
            "kernel.json": N_("{where}: {detail}"),
        },
        {"expected": _message_field},
    )
)
