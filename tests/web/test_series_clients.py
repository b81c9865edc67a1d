"""The series of rematches in the terminal clients: ``phase10 join`` says each player's wins
after the final standing of a rematch's game, and nothing of a series at a first game."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from phase10.cli.line_client import LineClient
from phase10.online.links import StoredSeat

SHOWN = {
    "hand_number": 0,
    "moves": [],
    "players": [
        {"seat": 0, "progress_text": "phase 1 done", "points": 0},
        {"seat": 1, "progress_text": "on phase 1", "points": 35},
    ],
}
RESULT = {
    "standing": [
        {"place": 1, "seat": 0, "name": "Ann", "done": 1, "points": 0, "winner": True},
        {"place": 2, "seat": 1, "name": "Bob", "done": 0, "points": 35, "winner": False},
    ],
    "seed": 7,
}


def _client() -> LineClient:
    fake = SimpleNamespace(pending=None, ws=object(), say=lambda _m: None)
    return LineClient(
        None,
        "t",
        StoredSeat(0, "Ann", ""),
        None,
        None,
        "en",
        resumed=False,
        paced=True,
        connect=lambda _message, _state: fake,
    )


def _end(client: LineClient, series: dict[str, Any] | None) -> None:
    lobby: dict[str, Any] = {"status": "over", "seats": [], "series": series}
    client._handle({"type": "lobby", "lobby": lobby})
    update = {"type": "update", "events": [], "table": SHOWN, "version": 9, "result": RESULT}
    client._handle(update)


def test_the_line_client_says_the_series_after_a_rematchs_standing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """At the end of game 3 of a series the standing is followed by the wins, the most
    first: "Series: Ann 2, Bob 1 — game 3"."""
    wins = [{"seat": 0, "name": "Ann", "won": 2}, {"seat": 1, "name": "Bob", "won": 1}]
    _end(_client(), {"games": 3, "wins": [wins[1], wins[0]]})
    out = capsys.readouterr().out.splitlines()
    standing = out.index("2. Bob: on phase 1, 35 points.")
    assert out[standing + 1] == "Series: Ann 2, Bob 1 — game 3"


def test_the_line_client_says_no_series_after_a_first_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A table that is no rematch (``series`` null) ends with its standing alone."""
    _end(_client(), None)
    assert not any(line.startswith("Series") for line in capsys.readouterr().out.splitlines())


def _playing(client: LineClient, series: dict[str, Any] | None) -> None:
    """Game 2 of a series under way, Bob the dealer, Ann to play (she may draw)."""
    lobby: dict[str, Any] = {"status": "playing", "seats": [], "series": series}
    client._handle({"type": "lobby", "lobby": lobby})
    players = [
        {"seat": 0, "name": "Ann", "summary": "Ann: 0 programs done (9 cards)", "dealer": False},
        {"seat": 1, "name": "Bob", "summary": "Bob: 1 program done (8 cards)", "dealer": True},
    ]
    shown = {**SHOWN, "players": [{**p, "points": None} for p in players], "hand": []}
    shown.update(table=[], prompts=[], goal="", moves=[{"id": "draw", "kind": "draw"}])
    update = {"type": "update", "events": [], "table": shown, "version": 3, "result": None}
    client._handle(update)


def test_the_standing_asked_for_says_the_series_and_the_dealer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """s in game 2 of a series: each player as the game sums them up, then who deals, in a
    sentence of its own (a word alone between summaries named nobody), then the series as
    the browser's info line says it."""
    client = _client()
    wins = [{"seat": 0, "name": "Ann", "won": 1}, {"seat": 1, "name": "Bob", "won": 0}]
    _playing(client, {"games": 2, "wins": wins})
    capsys.readouterr()
    assert client._query("s")
    assert capsys.readouterr().out.splitlines() == [
        "Standing: Ann: 0 programs done (9 cards); Bob: 1 program done (8 cards). "
        "Bob is the dealer.",
        "Game 2 of the series: Ann 1, Bob 0",
    ]


def test_a_hints_answer_comes_before_the_prompt(capsys: pytest.CaptureFixture[str]) -> None:
    """At a terminal the prompt waits for the hint asked for: its sentence first, then the
    prompt for the next line."""
    client = _client()
    _playing(client, None)
    client.hint_id = "h1"
    client.reading = True
    capsys.readouterr()
    client._prompt()
    assert capsys.readouterr().out == ""
    client._on_message({"type": "hint", "id": "h1", "sentence": "Draw a card.", "text": "draw"})
    out = capsys.readouterr().out
    assert out.startswith("Draw a card.\n"), out
    assert out.endswith("\n> "), out
