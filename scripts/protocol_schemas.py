"""Write the JSON Schemas of what a client sends to ``phase10 serve`` (``docs/protocol.md``).

The client's WebSocket messages and HTTP bodies are pydantic models
(``phase10.web.protocol``); their schemas are generated from those models, never written by
hand, so the published files cannot drift from what the server accepts. What the server sends
is described by hand in the ``server-*`` and ``http-*`` files beside them.

    python scripts/protocol_schemas.py          # rewrite docs/schema/protocol/client-*, body-*
    python scripts/protocol_schemas.py --check  # exit 1 if a committed file is out of date

``tests/web/test_protocol_schemas.py`` runs the check.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Final, get_args

from pydantic import BaseModel

from phase10.web.protocol import (
    Act,
    ClientMessage,
    CreateTable,
    Hello,
    Hint,
    JoinTable,
    MyTables,
    Ping,
    QuickMatch,
    ReplaceSeat,
    Say,
)

FOLDER: Final = Path(__file__).resolve().parent.parent / "docs" / "schema" / "protocol"
BASE: Final = "https://phase10.example/schema/protocol/"
DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"

#: file stem -> (model, title)
MODELS: Final[dict[str, tuple[type[BaseModel], str]]] = {
    "client-hello": (Hello, "hello: the first message on a WebSocket"),
    "client-act": (Act, "act: play a move"),
    "client-hint": (Hint, "hint: ask what a strong computer player would do"),
    "client-ping": (Ping, "ping: is the connection alive"),
    "client-say": (Say, "say: a chat line or a quick reaction (not a move)"),
    "body-create-table": (CreateTable, "POST /api/tables: a new table"),
    "body-join-table": (JoinTable, "POST /api/tables/{table}/join: take a seat"),
    "body-replace-seat": (ReplaceSeat, "POST /api/tables/{table}/seats/{seat}/computer"),
    "body-my-tables": (MyTables, "POST /api/tables/mine: the tables of the seats a client holds"),
    "body-quick-match": (QuickMatch, "POST /api/quick: play now"),
}


#: The models a WebSocket message may be (the members of ``ClientMessage``).
_MESSAGES: Final = set(get_args(get_args(ClientMessage)[0]))


def _framed(stem: str, title: str, schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with the dialect, an ``$id`` under :data:`BASE` and a title first."""
    return {"$schema": DIALECT, "$id": f"{BASE}{stem}.schema.json", "title": title, **schema}


def schemas() -> dict[str, dict[str, Any]]:
    """Every generated schema by file name."""
    out: dict[str, dict[str, Any]] = {}
    for stem, (model, title) in MODELS.items():
        schema = model.model_json_schema()
        schema.pop("title", None)
        out[f"{stem}.schema.json"] = _framed(stem, title, schema)
    # One message of the four (told apart by "type"), each one's schema in its own file.
    messages = [stem for stem, (model, _) in MODELS.items() if model in _MESSAGES]
    out["client-message.schema.json"] = _framed(
        "client-message",
        "Any message a client sends on the WebSocket",
        {"oneOf": [{"$ref": f"{stem}.schema.json"} for stem in messages]},
    )
    return out


def render(schema: dict[str, Any]) -> str:
    """The file's text: two-space indents, keys in the models' order, a final newline."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def meaning(schema: Any, top: bool = True) -> Any:
    """What a schema says, for comparing a committed file with a fresh one: the parsed JSON
    (so spacing and key order do not count), without the titles pydantic makes up from the
    models' and fields' names below the top level (their wording changes between pydantic
    releases; what a message may hold does not).

    >>> meaning({"title": "T", "properties": {"seat": {"title": "Seat", "type": "integer"}}})
    {'title': 'T', 'properties': {'seat': {'type': 'integer'}}}
    """
    if isinstance(schema, dict):
        return {
            key: meaning(value, top=False)
            for key, value in schema.items()
            if top or key != "title" or not isinstance(value, str)
        }
    if isinstance(schema, list):
        return [meaning(value, top=False) for value in schema]
    return schema


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    stale = []
    for name, schema in schemas().items():
        path = FOLDER / name
        text = render(schema)
        if args.check:
            committed = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None
            if committed is None or meaning(committed) != meaning(schema):
                stale.append(name)
        else:
            FOLDER.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if stale:
        print("out of date: " + ", ".join(stale) + " (run python scripts/protocol_schemas.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
