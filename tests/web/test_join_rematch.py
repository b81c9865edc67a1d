"""``phase10 join`` after the game: a rematch made while the player was away or after they
left is found from the old link, and a seat the owner gave to a computer is said so.

The server runs in this process over a SQLite file with a hold of 0 s (a person who leaves
is played by a computer at once), and a one-phase game, so computers finish it in moments;
the terminal client is the real command in a subprocess (``--plain``, as in ``test_join``).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from phase10.online.links import SeatStore, StoredSeat

from .serverkit import InProcessServer, Player, bearer, create_table, in_process_server, join, start
from .test_join import Join

PERSON = {"kind": "person"}
EASY = {"kind": "bot", "level": "easy"}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[InProcessServer]:
    with in_process_server(tmp_path, hold_seconds=0) as running:
        yield running


def _over(http: httpx.Client, table: str) -> dict[str, Any]:
    for _ in range(1500):
        lobby = http.get(f"/api/tables/{table}").json()
        if lobby["status"] == "over":
            return dict(lobby)
        time.sleep(0.02)
    raise AssertionError("the computers did not finish the game")


def _played_out(server: InProcessServer, http: httpx.Client) -> tuple[dict[str, Any], str]:
    """Ann's table with Bob and a computer, played to its end by computers (Ann and Bob
    each look in once and leave); the table and Bob's token there."""
    made = create_table(http, [PERSON, PERSON, EASY], variants=["n_phases=1"])
    bob = join(http, made["table"], "Bob")["token"]
    start(http, made["table"], made["token"])
    for token in (made["token"], bob):
        with Player(server.ws_url, made["table"], token) as player:
            player.until(lambda m: m["type"] == "update")
    _over(http, made["table"])
    return made, bob


def _keep(data: Path, server: InProcessServer, table: str, seat: StoredSeat) -> None:
    """The seat as ``phase10 join`` keeps it in the data folder."""
    SeatStore(data / "seats.json").put(server.url, table, seat)


def test_the_old_link_takes_a_player_to_the_rematch_where_they_keep_their_seat(
    server: InProcessServer, tmp_path: Path
) -> None:
    """Bob was at the finished table when Ann made the rematch, so his client kept his seat
    there; he left, and runs the old table's command again: it goes to the rematch, says
    so, and leaving there names the rematch's table, not the finished one."""
    data = tmp_path / "data"
    with server.http() as http:
        made, bob = _played_out(server, http)
        first = made["table"]
        _keep(data, server, first, StoredSeat(1, "Bob", bob))
        with Player(server.ws_url, first, bob) as player:
            player.until(lambda m: m["type"] == "welcome")
            answer = http.post(f"/api/tables/{first}/rematch", headers=bearer(made["token"]))
            assert answer.status_code == 201, answer.text
            told = player.until(lambda m: m["type"] == "rematch")
        second = str(told["table"])
        _keep(data, server, second, StoredSeat(1, "Bob", str(told["token"])))
        code = http.get(f"/api/tables/{second}").json()["code"]
    status, out, err = Join([f"{server.url}/t/{first}", "--plain"], data, "").finish()
    assert status == 0, err
    assert (
        f"The game at table {made['code']} is over; its rematch is at table {code}, where "
        "you keep your seat." in out
    )
    assert f"Back in seat 2 at table {code} as Bob." in out
    assert re.search(
        rf"Come back with: (?:.* )?phase10 join {re.escape(server.url)}/t/{second}", out
    )
    assert f"/t/{first}" not in out


def test_a_finished_table_says_where_its_rematch_is_and_leaving_names_it(
    server: InProcessServer, tmp_path: Path
) -> None:
    """Bob was away when Ann made the rematch (no seat of his is kept there): at the old
    table the client says where the rematch is, as the command that goes there, and says
    it again when he leaves."""
    data = tmp_path / "data"
    with server.http() as http:
        made, bob = _played_out(server, http)
        first = made["table"]
        _keep(data, server, first, StoredSeat(1, "Bob", bob))
        answer = http.post(f"/api/tables/{first}/rematch", headers=bearer(made["token"]))
        assert answer.status_code == 201, answer.text
        second = answer.json()["table"]
    status, out, err = Join([f"{server.url}/t/{first}", "--plain"], data, "q\n").finish()
    assert status == 0, err
    # The command as installed: phase10 alone, or this Python's -m phase10.
    url = f"{re.escape(server.url)}/t/{second}"
    rematch = re.compile(rf"A rematch is ready at a new table: (?:.* )?phase10 join {url}$")
    lines = out.splitlines()
    assert sum(1 for line in lines if rematch.match(line)) == 2, out
    assert lines[-2] == "You left the table."
    assert rematch.match(lines[-1]), out


def test_a_seat_given_to_a_computer_is_said_in_one_sentence(
    server: InProcessServer, tmp_path: Path
) -> None:
    """Bob left during the game and Ann gave his seat to a computer: running his command
    again says that, in one sentence, with no "Back in seat" before it and no refusal of
    the token in the server's English; the seat kept is forgotten."""
    data = tmp_path / "data"
    with server.http() as http:
        made = create_table(http, [PERSON, PERSON, EASY])
        bob = join(http, made["table"], "Bob")["token"]
        _keep(data, server, made["table"], StoredSeat(1, "Bob", bob))
        start(http, made["table"], made["token"])
        given = http.post(
            f"/api/tables/{made['table']}/seats/1/computer",
            json={"level": "easy"},
            headers=bearer(made["token"]),
        )
        assert given.status_code == 200, given.text
    status, out, err = Join([f"{server.url}/t/{made['table']}", "--plain"], data, "").finish()
    assert status != 0
    assert "Back in seat" not in out + err
    assert "not valid" not in out + err
    said = [line for line in err.splitlines() if line.strip()]
    assert len(said) == 1, err
    assert (
        f"the table's owner gave your seat 2 at table {made['code']} to a computer player: "
        "it is no longer yours" in said[0]
    )
    kept = json.loads((data / "seats.json").read_text(encoding="utf-8"))["seats"]
    assert kept == {}


def test_a_newcomer_at_a_finished_table_hears_it_is_over_and_where_its_rematch_is(
    server: InProcessServer, tmp_path: Path
) -> None:
    """Zed, with no seat at a finished table, runs its join command: the error says the game
    is over and he had no seat there, then the rematch's command; not "has started", and
    not a rematch line alone after "error:"."""
    with server.http() as http:
        made, _bob = _played_out(server, http)
        first = made["table"]
        code = http.get(f"/api/tables/{first}").json()["code"]
        over = Join([f"{server.url}/t/{first}", "--plain", "--name", "Zed"], tmp_path / "a", "")
        status, _out, err = over.finish()
        assert status != 0
        assert f"the game at table {code} is over, and you had no seat there" in err, err
        assert "rematch" not in err
        answer = http.post(f"/api/tables/{first}/rematch", headers=bearer(made["token"]))
        assert answer.status_code == 201, answer.text
        second = answer.json()["table"]
    again = Join([f"{server.url}/t/{first}", "--plain", "--name", "Zed"], tmp_path / "b", "")
    status, _out, err = again.finish()
    assert status != 0
    said = r"is over, and you had no seat there; its rematch is at a new table: (?:.* )?"
    assert re.search(said + rf"phase10 join {re.escape(server.url)}/t/{second}", err), err
    assert "has started" not in err
