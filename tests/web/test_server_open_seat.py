"""A computer's seat given back to a person by the table's owner (decision 0028): before the
start the seat is free again; during the game its computer plays it until someone takes it
with the invitation, who plays on with its cards and score under their own name.
"""

from __future__ import annotations

import random
from pathlib import Path

from .serverkit import Player, bearer, create_table, in_process_server, join, play, start

PERSON = {"kind": "person"}
EASY = {"kind": "bot", "level": "easy"}


def _error(answer: object, status: int) -> str:
    assert getattr(answer, "status_code", None) == status, getattr(answer, "text", answer)
    return str(answer.json()["error"])  # type: ignore[attr-defined]


def test_before_the_start_an_opened_seat_is_free_again_for_the_invitation(tmp_path: Path) -> None:
    """Only the owner opens a computer's seat, never their own seat, a person's seat or one
    that does not exist; an opened seat is a free person seat, which the invitation fills
    and which must be filled (or given to a computer again) before the start."""
    with in_process_server(tmp_path) as server, server.http() as http:
        made = create_table(http, [PERSON, EASY, EASY])
        table, owner = made["table"], made["token"]
        ann = Player(server.ws_url, table, owner)
        opening = f"/api/tables/{table}/seats/{{}}/person"
        assert "owner" in _error(http.post(opening.format(0), headers=bearer(owner)), 409)
        assert _error(http.post(opening.format(5), headers=bearer(owner)), 404)
        answer = http.post(opening.format(1), headers=bearer(owner))
        assert answer.status_code == 200, answer.text
        assert answer.json()["seats"][1] == {
            "seat": 1,
            "kind": "person",
            "level": None,
            "name": None,
            "taken": False,
            "connected": False,
            "computer_playing": False,
        }
        told = ann.until(lambda m: m["type"] == "notice" and m["key"] == "web.opened_waiting")
        assert told["text"] == "Seat 2 is free again for a person."
        # The seat must be filled before the start; the invitation fills it.
        assert "seat 2" in _error(
            http.post(f"/api/tables/{table}/start", headers=bearer(owner)), 409
        )
        bob = join(http, table, "Bob")
        assert bob["seat"] == 1
        assert "person" in _error(http.post(opening.format(1), headers=bearer(owner)), 409)
        assert _error(http.post(opening.format(2), headers=bearer(bob["token"])), 403)
        start(http, table, owner)
        ann.close()


def test_during_the_game_the_computer_plays_an_open_seat_until_a_person_takes_it(
    tmp_path: Path,
) -> None:
    """Ann opens the seat of the computer at seat 3 during the game: everyone is told, the
    lobby says it is open and played by a computer, and that computer goes on playing it.
    Dan takes it with the invitation: he is told the seat, everyone is told he plays on,
    and his connection gets that seat's hand as it stood, under his name; from then on the
    game waits for him on that seat's turns, and nobody else can take it."""
    rng = random.Random(11)
    with in_process_server(tmp_path, bot_delay=0.01) as server, server.http() as http:
        made = create_table(http, [PERSON, EASY, EASY])
        table, owner = made["table"], made["token"]
        start(http, table, owner)
        ann = Player(server.ws_url, table, owner)
        play({0: ann}, rng, lambda: ann.seq >= 8)
        computer = ann.lobby["seats"][2]["name"] if ann.lobby else None
        assert computer
        answer = http.post(f"/api/tables/{table}/seats/2/person", headers=bearer(owner))
        assert answer.status_code == 200, answer.text
        seat = answer.json()["seats"][2]
        assert (seat["kind"], seat["name"], seat["taken"], seat["computer_playing"]) == (
            "person",
            computer,
            False,
            True,
        )
        notice = ann.until(lambda m: m["type"] == "notice" and m["key"] == "web.opened")
        assert notice["text"] == (
            f"Seat 3 ({computer}) is open: whoever takes it with the table's invitation plays "
            "on with its cards; a computer player plays it until then."
        )
        # The open seat's computer keeps playing: seat 3 moves again.
        opened_at = ann.seq
        play(
            {0: ann},
            rng,
            lambda: any(
                e["seq"] > opened_at and e["event"].get("seat") == 2 for e in ann.events.values()
            ),
        )
        # Dan takes it under his own name; the name the computer had is no one's now.
        dan = join(http, table, "Dan")
        assert dan["seat"] == 2
        assert dan["lobby"]["seats"][2]["taken"] is True
        assert dan["lobby"]["seats"][2]["computer_playing"] is False
        took = ann.until(lambda m: m["type"] == "notice" and m["key"] == "web.took_seat")
        assert took["text"] == "Dan takes seat 3 and plays on with its cards and score."
        took_at = ann.seq
        assert "started" in _error(
            http.post(f"/api/tables/{table}/join", json={"name": "Eve"}), 409
        )
        with Player(server.ws_url, table, dan["token"]) as dan_ws:
            update = dan_ws.until(lambda m: m["type"] == "update")
            # Told once that the seat is his as it stands, before the game, which starts
            # for him where he sat down: the computer's moves are never told him as his.
            told = [m for m in dan_ws.messages if m["type"] == "notice"]
            assert [m["key"] for m in told] == ["web.you_took_seat"]
            assert told[0]["text"] == (
                "You play seat 3 from where it stands: its cards, its groups on the table and "
                "its score are yours now."
            )
            assert update["omitted"] > 0
            assert all(e["seq"] > took_at for e in update["events"])
            assert dan_ws.seat == 2
            assert update["view"]["names"][2] == "Dan"
            assert len(update["view"]["hand"]) == update["view"]["players"][2]["hand_size"]
            assert update["view"]["hand"], "Dan plays on with the seat's cards"
            # The game now waits for Dan on seat 3's turns: he plays them, nobody else.
            movers = {0: ann, 2: dan_ws}
            play(movers, rng, lambda: dan_ws.my_turn, watchers=())
            waiting_at = dan_ws.version
            ann.drain(0.5)
            assert dan_ws.version == waiting_at, "no computer played Dan's turn"
            play(movers, rng, lambda: dan_ws.version > waiting_at + 1)
        # Dan arrived; he did not come back.
        said = [m["key"] for m in ann.messages if m["type"] == "notice"]
        assert "web.back" not in said, said
        ann.close()
