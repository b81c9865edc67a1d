"""Game records: JSON round trip and replay, and clear errors for corrupted records."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from phase10.api import find_variant
from phase10.games.phase10.actions import Draw, Hit, LayDown, Source
from phase10.games.phase10.state import GameState, Stage
from phase10.games.phase10.turns import legal_actions
from phase10.match import Match, Seat
from phase10.records import FORMAT, VERSION, GameRecord, RecordError, read_record, replay

CAP = 3000


def recorded_game(profile: str, players: int, seed: int) -> tuple[GameRecord, GameState]:
    record = GameRecord.start(find_variant(profile), players=players, seed=seed, names=["Ann"])
    state = record.initial_state()
    rng = random.Random(seed)
    for _ in range(CAP):
        if state.stage is Stage.OVER:
            break
        actions = legal_actions(state)
        progress = [a for a in actions if isinstance(a, (LayDown, Hit))]
        state = record.play(state, rng.choice(progress) if progress else rng.choice(actions))
    return record, state


@pytest.fixture(scope="module")
def game() -> tuple[GameRecord, GameState]:
    return recorded_game("nl_accessible", 3, 5)


def as_data(record: GameRecord) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(record.to_json())
    return data


@pytest.mark.parametrize(
    ("profile", "players", "seed"),
    [("standard", 2, 1), ("fr_mattel", 3, 2), ("en_phase10rules", 4, 3), ("de_article", 6, 4)],
)
def test_record_round_trip_replays_to_the_same_digest(
    profile: str, players: int, seed: int
) -> None:
    record, state = recorded_game(profile, players, seed)
    assert len(record.actions) > 100
    again = GameRecord.from_json(record.to_json())
    assert again.rules == record.rules
    assert (again.players, again.seed, again.names) == (players, seed, ["Ann"])
    assert [str(a) for a in again.actions] == [str(a) for a in record.actions]
    assert again.decks == record.decks
    final = replay(again)
    assert final.digest() == state.digest()
    assert (final.players, final.table, final.outcome) == (
        state.players,
        state.table,
        state.outcome,
    )


def test_record_stores_every_shuffle(game: tuple[GameRecord, GameState]) -> None:
    record, state = game
    assert len(record.decks) == state.shuffles
    assert all(len(deck) > 0 for deck in record.decks)


def test_record_json_names_its_format_and_version(game: tuple[GameRecord, GameState]) -> None:
    data = as_data(game[0])
    assert data["format"] == FORMAT
    assert data["version"] == VERSION
    assert set(data) >= {"rules", "players", "seed", "decks", "actions"}
    assert data["rules"]["name"] == "nl_accessible"


def test_record_replays_without_the_seed_shuffles(game: tuple[GameRecord, GameState]) -> None:
    """The stored decks alone fix the game: a different seed replays to the same cards."""
    record, state = game
    data = as_data(record)
    data["seed"] = record.seed + 1
    other = replay(GameRecord.from_dict(data))
    assert other.players == state.players
    assert other.table == state.table
    assert other.draw_pile == state.draw_pile
    assert other.discard_pile == state.discard_pile


def _error(data: object) -> str:
    with pytest.raises(RecordError) as info:
        replay(GameRecord.from_json(json.dumps(data)))
    return str(info.value)


def test_corrupted_record_bad_action_text_says_which_action(
    game: tuple[GameRecord, GameState],
) -> None:
    data = as_data(game[0])
    data["actions"][16] = "juggle R7"
    message = _error(data)
    assert "juggle" in message
    assert re.search(r"actions?\s*\[?\s*17\b|actions\[16\]", message), message


def test_corrupted_record_wrong_version(game: tuple[GameRecord, GameState]) -> None:
    data = as_data(game[0])
    data["version"] = VERSION + 1
    assert "version" in _error(data)


def test_corrupted_record_wrong_format(game: tuple[GameRecord, GameState]) -> None:
    data = as_data(game[0])
    data["format"] = "chess-pgn"
    assert "format" in _error(data)


def test_a_saved_game_read_as_a_record_says_where_its_record_is(tmp_path: Path) -> None:
    """A save file (a whole match: seats, clock and the record) given to ``read_record`` is
    named for what it is, with the way to read it, not only "expected phase10-record"."""
    match = Match.start(find_variant("standard"), [Seat("Ann", None), Seat("Bob", None)], 1)
    path = tmp_path / "game.json"
    match.save(path)
    with pytest.raises(RecordError, match=r"this is a saved game \('phase10-match'\)") as caught:
        read_record(path.read_text(encoding="utf-8"))
    assert "load_match" in str(caught.value)


@pytest.mark.parametrize("key", ["rules", "players", "seed", "decks", "actions"])
def test_corrupted_record_missing_key(game: tuple[GameRecord, GameState], key: str) -> None:
    data = as_data(game[0])
    del data[key]
    assert key in _error(data)


def test_corrupted_record_not_json() -> None:
    with pytest.raises(RecordError, match="JSON"):
        GameRecord.from_json("{not json")


def test_corrupted_record_bad_card_in_decks_says_which_deck(
    game: tuple[GameRecord, GameState],
) -> None:
    data = as_data(game[0])
    cards = data["decks"][1].split()
    cards[5] = "X9"
    data["decks"][1] = " ".join(cards)
    message = _error(data)
    assert "X9" in message
    assert "deck" in message, f"the message does not say which deck: {message!r}"


def test_corrupted_record_deck_that_is_not_a_permutation(
    game: tuple[GameRecord, GameState],
) -> None:
    data = as_data(game[0])
    cards = data["decks"][0].split()
    cards[0] = cards[1] = "W" if cards[0] != "W" else "S"
    data["decks"][0] = " ".join(cards)
    message = _error(data)
    assert "P10-R01" in message
    assert "1" in message


def test_corrupted_record_illegal_action_says_which_action(
    game: tuple[GameRecord, GameState],
) -> None:
    record = game[0]
    data = as_data(record)
    # Find an action taken in the play stage and replace it with a second draw.
    index = next(i for i, a in enumerate(record.actions) if i > 10 and isinstance(a, LayDown))
    data["actions"][index] = str(Draw(Source.DRAW_PILE))
    message = _error(data)
    assert message.startswith(f"action {index + 1} (draw): D-19"), message


def test_corrupted_record_bad_rules_flag(game: tuple[GameRecord, GameState]) -> None:
    data = as_data(game[0])
    data["rules"]["flags"]["skip_limit"] = "twice"
    assert "skip_limit" in _error(data)


def test_corrupted_record_bad_player_count(game: tuple[GameRecord, GameState]) -> None:
    data = as_data(game[0])
    data["players"] = 9
    assert "D-24" in _error(data)
