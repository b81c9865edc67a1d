"""A table at this keyboard serves the table protocol as a server does (docs/protocol.md): the
same messages, which fit the server's schemas, the same answers to a move and a hint, each
seat's view alone, and a save after every move."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from phase10 import games
from phase10.bots import make_bot
from phase10.match import Match, Seat
from phase10.table.local import LocalSeat, LocalTable

SCHEMAS = Path(__file__).resolve().parents[1] / "docs" / "schema"


@cache
def _server_message() -> Draft202012Validator:
    paths = [*SCHEMAS.glob("*.schema.json"), *(SCHEMAS / "protocol").glob("*.schema.json")]
    schemas = [json.loads(p.read_text(encoding="utf-8")) for p in paths]
    registry: Registry[Any] = Registry().with_resources(
        (s["$id"], Resource.from_contents(s)) for s in schemas
    )
    main = next(s for s in schemas if s["$id"].endswith("/server-message.schema.json"))
    return Draft202012Validator(main, registry=registry)


def _table(
    name: str, people: int, players: int, seed: int, saved: list[int] | None = None
) -> LocalTable:
    game = games.get(name)
    rules = game.find_rules(game.default_rules)
    seats = [Seat(f"P{i}") for i in range(people)]
    seats += [Seat(f"C{i}", make_bot("easy", game)) for i in range(players - people)]
    match = Match.start(rules, seats, seed)
    on_move = None if saved is None else (lambda m: saved.append(m.version))
    return LocalTable(match, on_move=on_move)


def _connect(table: LocalTable, seat: int | None, lang: str = "en") -> tuple[LocalSeat, list[Any]]:
    inbox: list[Any] = []
    connection = table.connect(seat, lang, inbox.append)
    connection.send({"type": "hello", "since": -1, "protocol": 2})
    return connection, inbox


def _last(inbox: list[Any], kind: str) -> dict[str, Any]:
    return next(m for m in reversed(inbox) if m["type"] == kind)


@pytest.mark.parametrize(("name", "lang"), [("phase10", "en"), ("programmes", "fr")])
def test_a_whole_local_game_sends_only_what_the_servers_schemas_allow(name: str, lang: str) -> None:
    """A person against two computers, to the end: every message the local table sends
    fits the server's message schema (so a client of the protocol reads it), the person plays
    only the presentation's moves, and every move is saved (on_move) as it is played."""
    saved: list[int] = []
    table = _table(name, 1, 3, 7, saved)
    person, inbox = _connect(table, 0, lang)
    rng = random.Random(7)
    number = 0
    while not table.match.is_over:
        if table.step():
            continue
        shown = _last(inbox, "update")["table"]
        move = rng.choice(shown["moves"])
        number += 1
        person.send(
            {"type": "act", "id": f"a{number}", "version": table.match.version,
             "action": move["action"]}
        )  # fmt: skip
        assert inbox[-1] == {"type": "ack", "id": f"a{number}", "version": table.match.version}
    validator = _server_message()
    for message in inbox:
        error = next(validator.iter_errors(message), None)
        assert error is None, f"{message['type']}: {error.message} at {list(error.path)}"
    assert saved == list(range(1, table.match.version + 1))
    assert _last(inbox, "update")["result"] is not None
    assert number > 20


def test_a_move_is_answered_as_a_server_answers_it() -> None:
    """The answers of docs/protocol.md, "Errors", with the rule's id for an illegal move
    (D-19: a turn starts with a draw), and nothing changed by any of them; a move sent twice
    is played once (its ack says duplicate)."""
    table = _table("phase10", 1, 2, 4)
    match = table.match
    person, inbox = _connect(table, 0)
    while table.step():
        pass
    version = match.version

    def answer(**message: Any) -> dict[str, Any]:
        person.send({"type": "act", **message})
        return dict(inbox[-1])

    illegal = answer(id="a1", version=version, text="discard R7")
    assert (illegal["code"], illegal["rule"]) == ("illegal", "D-19")
    assert answer(id="a2", version=version, text="lay nonsense")["code"] == "bad_action"
    assert answer(id="a3", version=version - 1, text="draw")["code"] == "stale"
    assert answer(id="a4", version=version, action={"x": 1}, text="draw")["code"] == "bad_message"
    assert match.version == version
    assert answer(id="a5", version=version, text="draw") == {
        "type": "ack", "id": "a5", "version": version + 1
    }  # fmt: skip
    assert answer(id="a5", version=version, text="draw")["duplicate"] is True
    assert match.version == version + 1


def test_the_hint_is_the_presentations_and_only_on_the_seats_turn() -> None:
    """A hint request gets the game's own hint (the presentation's move and sentence, as a
    server gives it); a watcher's, or a seat's out of turn, is refused."""
    table = _table("programmes", 1, 2, 3)
    while table.step():
        pass
    person, inbox = _connect(table, 0, "de")
    person.send({"type": "hint", "id": "h1"})
    hint = inbox[-1]
    shown = table.match.game.present(table.match.view(0), table.match.names, "de", hint=True)
    assert shown.hint is not None
    assert (hint["type"], hint["text"], hint["sentence"]) == (
        "hint",
        shown.hint.move,
        shown.hint.text,
    )
    watcher, seen = _connect(table, None)
    watcher.send({"type": "hint", "id": "h2"})
    assert seen[-1]["code"] == "not_your_turn"
    watcher.send({"type": "act", "id": "a1", "version": table.match.version, "text": "draw"})
    assert seen[-1]["code"] == "spectator"


def test_each_seat_at_a_hot_seat_table_is_sent_its_own_hand_alone() -> None:
    """Two people share the keyboard: each connection's updates hold its own hand and
    never the other's cards (P10-R09: dealt face down); a watcher sees no hand."""
    table = _table("phase10", 2, 3, 11)
    _first, one = _connect(table, 0)
    _second, two = _connect(table, 1)
    _watcher, seen = _connect(table, None)
    hand = table.match.view(0).hand
    assert len(_last(one, "update")["table"]["hand"]) == len(hand)
    assert _last(one, "update")["view"]["hand"] == table.match.game.format_cards(hand).split()
    assert _last(two, "update")["view"]["hand"] != _last(one, "update")["view"]["hand"]
    assert _last(seen, "update")["table"]["hand"] == []
    for update in (_last(one, "update"), _last(two, "update"), _last(seen, "update")):
        assert "hand" not in update["view"]["players"][0]


def test_a_client_of_another_protocol_is_told_so() -> None:
    """A hello that names no version (the first protocol's) gets the protocol_version error in
    its language, and nothing else is served to it."""
    table = _table("phase10", 1, 2, 1)
    inbox: list[Any] = []
    connection = table.connect(0, "nl", inbox.append)
    connection.send({"type": "hello", "since": -1})
    assert [m["type"] for m in inbox] == ["error"]
    assert inbox[0]["code"] == "protocol_version"
    assert "versie 2" in inbox[0]["text"]
    connection.send({"type": "act", "id": "a1", "version": 0, "text": "draw"})
    assert inbox[-1]["code"] == "bad_message"
    with pytest.raises(ValueError, match="not a person's seat"):
        table.connect(1, "en", inbox.append)


def test_a_game_a_computer_ends_stops_at_once_at_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """At a terminal the line client reads lines whenever they come; when a computer goes
    out and ends the game (P10-R31, P10-R36) while it waits for one, the final standing and
    the seed are said and the command ends at once, not at the next line typed."""
    import threading
    import time

    from phase10.api import find_variant
    from phase10.cli.main import main

    rules = find_variant("standard+n_phases=1")
    # Seed 2: two computers play the game out, Ann (seat 1) making the last move.
    played = Match.start(rules, [Seat("You", make_bot("easy")), Seat("Ann", make_bot("easy"))], 2)
    while not played.is_over:
        last = played.to_act
        played.bot_step()
    assert last == 1
    match = Match.start(rules, [Seat("You"), Seat("Ann", make_bot("easy"))], 2)
    for action in played.record.actions[:-1]:
        match.play(match.to_act, action, match.version)
    save = tmp_path / "almost.json"
    match.save(save)
    released = threading.Event()

    class Terminal:
        """A keyboard nobody types on."""

        def isatty(self) -> bool:
            return True

        def readline(self) -> str:
            released.wait(30)
            return ""

    monkeypatch.setattr("sys.stdin", Terminal())
    began = time.monotonic()
    try:
        assert main(["resume", "--plain", str(save)]) == 0
    finally:
        released.set()
    elapsed = time.monotonic() - began
    out = capsys.readouterr().out
    assert "Final standing after" in out
    assert "Seed 2: play this game again with --seed 2." in out
    assert elapsed < 15, elapsed


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "It is {name}'s turn, not yours."), ("fr", "C'est au tour de {name}, pas au vôtre.")],
)
def test_a_seat_asking_off_its_turn_is_told_whose_turn_it_is(lang: str, said: str) -> None:
    """A move or a hint sent off the seat's turn (P10-R10, P10-R14: one player's turn at a
    time) is refused by saying whose turn it is, in the seat's language, so a screen
    reader's user need not ask again; the game is left as it was."""
    table = _table("phase10", 2, 2, 3)
    current = table.match.to_act
    expected = ("not_your_turn", said.format(name=f"P{current}"))
    person, inbox = _connect(table, 1 - current, lang)
    version = table.match.version
    person.send({"type": "hint", "id": "h1"})
    assert (inbox[-1]["code"], inbox[-1]["text"]) == expected
    person.send({"type": "act", "id": "a1", "version": version, "text": "draw"})
    assert (inbox[-1]["code"], inbox[-1]["text"]) == expected
    assert table.match.version == version
