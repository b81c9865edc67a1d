"""The chat of a table (docs/protocol.md, "Chat"): quick reactions read in each reader's
language, short plain texts, a pace per seat, spectators who read only; never a move.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from phase10.web.chat import (
    HISTORY,
    MAX_STRIKES,
    PER_WINDOW,
    STRIKE_DECAY,
    WINDOW,
    ChatLimit,
    ChatRefusedError,
    ChatRoom,
    check_say,
)
from phase10.web.protocol import ProtocolError, Say, read_client_message

from .serverkit import InProcessServer, Player, create_table, in_process_server, join, start

# ---------------------------------------------------------------------------- the checks


def _say(**fields: Any) -> Say:
    return Say(type="say", **fields)


def test_a_text_is_trimmed_and_at_most_200_characters() -> None:
    """A text counts its characters after trimming: 200 pass, 201 are ``chat_too_long``."""
    assert check_say(_say(text="   " + "é" * 200 + "\t ")) == (None, "é" * 200)
    with pytest.raises(ChatRefusedError) as refused:
        check_say(_say(text="x" * 201))
    assert refused.value.code == "chat_too_long"
    payload = refused.value.payload("en", "c7")
    assert payload == {
        "type": "error",
        "code": "chat_too_long",
        "text": "A chat message has at most 200 characters.",
        "id": "c7",
    }


@pytest.mark.parametrize(
    "text",
    ["line one\nline two", "bell\x07", "a\u202ereversed", "zero\u200bwidth", "tab\tinside"],
)
def test_a_text_with_a_control_or_invisible_character_is_refused(text: str) -> None:
    """Plain text only: a line break, a control character, a bidirectional override or a
    zero-width space is ``chat_bad_text``."""
    with pytest.raises(ChatRefusedError) as refused:
        check_say(_say(text=text))
    assert refused.value.code == "chat_bad_text"


def test_emoji_and_accents_are_plain_text() -> None:
    """An emoji sequence (its zero-width joiner included) and accented letters pass."""
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert check_say(_say(text=f"Très bien {family}")) == (None, f"Très bien {family}")


def test_an_empty_text_and_an_unknown_reaction_are_refused() -> None:
    """Blank text is ``chat_empty``; a reaction key that is not one of ours is
    ``chat_unknown_reaction``, and its sentence lists the keys."""
    with pytest.raises(ChatRefusedError) as refused:
        check_say(_say(text="   "))
    assert refused.value.code == "chat_empty"
    with pytest.raises(ChatRefusedError) as refused:
        check_say(_say(reaction="boo"))
    assert refused.value.code == "chat_unknown_reaction"
    assert "gg" in refused.value.payload("en", None)["text"]
    assert check_say(_say(reaction="gg")) == ("gg", None)


def test_a_say_carries_a_text_or_a_reaction_not_both() -> None:
    """The message itself: exactly one of ``text`` and ``reaction``."""
    with pytest.raises(ProtocolError, match="exactly one of text and reaction"):
        read_client_message('{"type": "say", "id": "c1"}')
    with pytest.raises(ProtocolError, match="exactly one of text and reaction"):
        read_client_message('{"type": "say", "text": "hi", "reaction": "gg"}')
    assert read_client_message('{"type": "say", "text": "hi"}') == _say(text="hi")


def test_the_pace_is_five_lines_in_ten_seconds() -> None:
    """Five lines pass at once, the sixth is refused; ten seconds after the first, one more
    passes."""
    limit = ChatLimit()
    assert [limit.allow(now=0.0) for _ in range(PER_WINDOW)] == [True] * PER_WINDOW
    assert not limit.allow(now=1.0)
    assert limit.allow(now=WINDOW)


def test_strikes_silence_a_pushy_seat_until_they_decay() -> None:
    """Each refused line is a strike; with three strikes not yet forgotten the seat is refused
    even once its last ten seconds are quiet, until the oldest strike is forgotten (30 s)."""
    limit = ChatLimit()
    for _ in range(PER_WINDOW):
        assert limit.allow(now=0.0)
    for moment in range(MAX_STRIKES):
        assert not limit.allow(now=1.0 + moment)  # strikes at 1, 2, 3
    assert not limit.allow(now=WINDOW + 5)  # the window is free, the strikes are not
    # That refusal was a strike too (at 15): the strikes at 1, 2 and 3 decay at 31, 32, 33.
    assert not limit.allow(now=1.0 + STRIKE_DECAY - 0.5)
    assert limit.allow(now=3.0 + STRIKE_DECAY)


class _Reader:
    def __init__(self, lang: str, seat: int | None) -> None:
        self.lang = lang
        self.seat = seat
        self.got: list[dict[str, Any]] = []

    def push(self, message: dict[str, Any]) -> None:
        self.got.append(message)


def test_a_refused_line_changes_nothing_and_a_newcomer_gets_the_last_lines() -> None:
    """A refusal goes to its sender alone and the room keeps no line of it; the room keeps
    the last 50 lines, sent to a new connection marked ``past``, numbered on."""
    room = ChatRoom(clock=lambda: 100.0, monotonic=iter(range(0, 10**6, 10)).__next__)
    ann, bob = _Reader("en", 0), _Reader("fr", 1)
    room.say(ann, "Ann", _say(text="x" * 300), [ann, bob])
    assert [m["code"] for m in ann.got] == ["chat_too_long"]
    assert bob.got == []
    assert not room.lines
    for number in range(HISTORY + 5):
        room.say(ann, "Ann", _say(text=f"line {number}"), [ann, bob])
    late = _Reader("de", None)
    room.welcome(late)
    assert len(late.got) == HISTORY
    assert late.got[0]["text"] == "line 5"
    assert late.got[0]["n"] == 6
    assert all(m["past"] is True for m in late.got)
    refused = room.say(late, "", _say(reaction="gg"), [ann, bob, late])
    assert refused is None
    assert late.got[-1]["code"] == "spectator"


# ---------------------------------------------------------------------------- at a server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[InProcessServer]:
    with in_process_server(tmp_path) as running:
        yield running


@pytest.fixture
def table(server: InProcessServer) -> dict[str, Any]:
    """Ann's two-person table (Ann and Bob), started, nobody connected yet."""
    with server.http() as http:
        made = create_table(http, [{"kind": "person"}, {"kind": "person"}])
        other = join(http, made["table"], "Bob")
        start(http, made["table"], made["token"])
    return {"id": made["table"], "tokens": [made["token"], other["token"]]}


def _chat(player: Player) -> dict[str, Any]:
    return player.until(lambda m: m["type"] in ("chat", "error"))


def test_a_reaction_is_read_in_each_readers_language_and_a_text_as_written(
    server: InProcessServer, table: dict[str, Any]
) -> None:
    """Ann (English) sends the reaction ``wp`` and Bob (French) a text: each connection gets
    the reaction's phrase in its own language, the text as written; the game's version and
    stored moves do not change (a chat line is no move)."""
    live = server.hub.tables[table["id"]]
    assert live.match is not None
    version = live.match.version
    with (
        Player(server.ws_url, table["id"], table["tokens"][0], lang="en") as ann,
        Player(server.ws_url, table["id"], table["tokens"][1], lang="fr") as bob,
    ):
        for player in (ann, bob):
            player.until(lambda m: m["type"] == "update")
        ann.send({"type": "say", "id": "c1", "reaction": "wp"})
        heard_ann, heard_bob = _chat(ann), _chat(bob)
        assert heard_ann["text"] == "Well played!"
        assert heard_bob["text"] == "Bien joué !"
        for heard in (heard_ann, heard_bob):
            assert heard["seat"] == 0
            assert heard["name"] == "Ann"
            assert heard["reaction"] == "wp"
        bob.send({"type": "say", "text": "  <b>Merci</b> & bravo  "})
        for player in (ann, bob):
            heard = _chat(player)
            assert heard["text"] == "<b>Merci</b> & bravo"
            assert heard["reaction"] is None
            assert heard["name"] == "Bob"
            assert heard["n"] == 2
    assert live.match.version == version
    stored = server.db().load(table["id"])
    assert stored is not None
    assert not stored.moves


def test_refusals_answer_the_sender_alone_in_its_language(
    server: InProcessServer, table: dict[str, Any]
) -> None:
    """A text too long, a bad character, an unknown reaction and a sixth line in ten seconds
    are each an ``error`` with its code, the say's id, a sentence in the sender's language;
    the other player hears none of them, only the five lines that passed."""
    with (
        Player(server.ws_url, table["id"], table["tokens"][0], lang="fr") as ann,
        Player(server.ws_url, table["id"], table["tokens"][1]) as bob,
    ):
        for player in (ann, bob):
            player.until(lambda m: m["type"] == "update")
        for message, code in (
            ({"text": "x" * 201}, "chat_too_long"),
            ({"text": "a\u202eb"}, "chat_bad_text"),
            ({"reaction": "boo"}, "chat_unknown_reaction"),
        ):
            ann.send({"type": "say", "id": code, **message})
            refused = _chat(ann)
            assert (refused["type"], refused["code"], refused["id"]) == ("error", code, code)
        assert refused["text"].startswith("Il n'y a pas de réaction rapide boo")
        for number in range(PER_WINDOW):
            ann.send({"type": "say", "text": f"ligne {number}"})
            assert _chat(ann)["type"] == "chat"
        ann.send({"type": "say", "id": "c6", "text": "encore"})
        refused = _chat(ann)
        assert refused["code"] == "chat_too_fast"
        assert refused["id"] == "c6"
        heard = [m for m in bob.drain(0.3) if m["type"] in ("chat", "error")]
        assert [m["text"] for m in heard] == [f"ligne {n}" for n in range(PER_WINDOW)]


def test_a_spectator_reads_the_chat_and_its_last_lines_but_does_not_write(
    server: InProcessServer, table: dict[str, Any]
) -> None:
    """A spectator who comes late gets the lines said before, marked ``past``, then the new
    ones; its own say is refused as ``spectator``."""
    with Player(server.ws_url, table["id"], table["tokens"][0]) as ann:
        ann.until(lambda m: m["type"] == "update")
        ann.send({"type": "say", "reaction": "hello"})
        _chat(ann)
        with Player(server.ws_url, table["id"], None, lang="de") as watcher:
            past = _chat(watcher)
            assert past["past"] is True
            assert past["name"] == "Ann"
            assert past["reaction"] == "hello"
            watcher.send({"type": "say", "text": "Hallo"})
            assert _chat(watcher)["code"] == "spectator"
            ann.send({"type": "say", "reaction": "gg"})
            now = _chat(watcher)
            assert now["reaction"] == "gg"
            assert "past" not in now
            assert now["n"] == 2


def test_a_player_back_at_the_table_gets_the_old_chat_before_the_game(
    server: InProcessServer, table: dict[str, Any]
) -> None:
    """A reconnection gets its welcome, then the chat said before (``past``), then the
    game's news (docs/protocol.md): a terminal that prints in order ends with whose turn it
    is, not with old chat lines below it."""
    with Player(server.ws_url, table["id"], table["tokens"][0]) as ann:
        ann.until(lambda m: m["type"] == "update")
        ann.send({"type": "say", "text": "Hello Bob"})
        _chat(ann)
    with Player(server.ws_url, table["id"], table["tokens"][0]) as again:
        again.until(lambda m: m["type"] == "update")
        kinds = [m["type"] for m in again.messages]
        assert kinds[:3] == ["welcome", "chat", "update"], kinds
        assert again.messages[1]["past"] is True
