"""Climb, the toy third game of ``tests/toygame`` (its own cards, actions, views and words),
played at this keyboard: ``phase10 play --plain`` serves it at a local table and draws it
from its presentation alone, with the keys of every table, saves it after every move and
``phase10 resume`` takes it up again. No file outside the game's package knows it."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from phase10.cli.main import main
from phase10.match import load_match
from phase10.tui.local import LocalApp
from phase10.tui.screens import PassScreen
from toygame import registered
from tui.helpers import headless_play_local, may_act, screen_text, until


@pytest.fixture
def climb() -> Iterator[None]:
    with registered():
        yield


def _run(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lines: list[str],
    *argv: str,
) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    status = main(list(argv))
    return status, capsys.readouterr().out


@pytest.mark.usefixtures("climb")
def test_a_third_game_plays_to_the_end_line_by_line_at_this_keyboard(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A person against a computer: ``a`` lists Climb's moves as the game writes them, a
    number makes one, the computer answers, and the game ends with the final standing;
    every move was saved."""
    save = tmp_path / "climb.json"
    argv = ("play", "--plain", "--game", "climb", "--players", "2", "--seed", "3",
            "--opponents", "easy", "--name", "Cleo", "--save", str(save))  # fmt: skip
    status, out = _run(monkeypatch, capsys, ["a", "1", "a", "1", "a", "1", "q"], *argv)
    assert status == 0, out
    assert "Rules: climb. Players: Cleo, Ann (computer: easy)." in out
    assert "> 1: play 3\n2: play 7\n3: play 9\n4: pass\n" in out
    assert "Cleo climbs to 3." in out
    assert "Ann climbs to 6." in out
    assert "Cleo wins Climb." in out
    # Climb shows no points during play, so its standing has none either.
    assert "1. Cleo: won, the winner." in out
    assert "Seed 3: play this game again with --seed 3." in out
    assert "Game saved to" not in out  # nothing is left to resume
    match = load_match(save)
    assert match.is_over
    assert match.game.name == "climb"


@pytest.mark.usefixtures("climb")
def test_a_third_game_left_half_way_resumes_where_it_was(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Leaving after one move saves the game; ``phase10 resume`` sits the person down again
    at a local table, the latest events said, and the game plays on to its end. A move
    typed as the list writes it (``play 7``) is played as well as its number."""
    save = tmp_path / "climb.json"
    argv = ("play", "--plain", "--game", "climb", "--players", "2", "--seed", "3",
            "--opponents", "easy", "--name", "Cleo", "--save", str(save))  # fmt: skip
    status, out = _run(monkeypatch, capsys, ["a", "1", "q"], *argv)
    assert status == 0, out
    halfway = load_match(save)
    assert not halfway.is_over
    assert halfway.version == 2  # Cleo's move and Ann's
    status, out = _run(monkeypatch, capsys, ["play 7", "play 9", "q"], "resume", str(save))
    assert status == 0, out
    assert "Cleo climbs to 7." in out
    assert "Cleo wins Climb." in out
    assert load_match(save).is_over


@pytest.mark.usefixtures("climb")
def test_a_hot_seat_of_a_third_game_resumes_full_screen_where_a_screen_is_wanted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Two people share the keyboard at Climb, line by line; resumed on a terminal (the full
    screen wanted), the game goes on full screen with the same hot seat: the keyboard is
    passed by name before anyone's cards show, and leaving saves the game."""
    save = tmp_path / "climb.json"
    argv = ("play", "--plain", "--game", "climb", "--people", "Ann,Cleo", "--players", "2",
            "--seed", "3", "--save", str(save))  # fmt: skip
    status, out = _run(monkeypatch, capsys, ["", "a", "1", "q"], *argv)
    assert status == 0, out
    version = load_match(save).version
    seen: list[str] = []

    async def script(pilot: Pilot[Any], app: LocalApp) -> None:
        await until(pilot, lambda: isinstance(app.screen, PassScreen), "the pass screen")
        await pilot.pause()
        seen.append(screen_text(app))
        assert app.seat is None  # nobody's seat before the keyboard is passed
        await pilot.press("enter")
        await until(pilot, lambda: may_act(app), "the person's turn")
        await pilot.pause()
        seen.append(screen_text(app))
        await pilot.press("q")

    headless_play_local(monkeypatch, script)
    monkeypatch.setattr("phase10.cli.fullscreen.wanted", lambda args: True)
    status, out = _run(monkeypatch, capsys, [], "resume", str(save))
    assert status == 0, out
    to_act = load_match(save).names[load_match(save).to_act]
    assert f"Pass the keyboard to {to_act}." in seen[0]
    assert "The climb: " in seen[1]
    assert load_match(save).version == version  # nothing played, the game kept
    assert "Game saved to" in out
