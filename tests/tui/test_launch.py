"""``phase10 play`` and ``phase10 resume`` open the full screen on a terminal, unless --plain."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import phase10.tui
from phase10.api import find_variant
from phase10.cli.main import main
from phase10.match import Match, Seat


def _terminal(monkeypatch: pytest.MonkeyPatch, calls: list[tuple[str, dict[str, Any]]]) -> None:
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)

    def new(**kwargs: Any) -> int:
        calls.append(("new", kwargs))
        return 0

    def resume(match: Match, **kwargs: Any) -> int:
        calls.append(("resume", {"match": match, **kwargs}))
        return 0

    monkeypatch.setattr(phase10.tui, "play_new", new)
    monkeypatch.setattr(phase10.tui, "play_match", resume)


def test_play_opens_the_full_screen_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    calls: list[tuple[str, dict[str, Any]]] = []
    _terminal(monkeypatch, calls)
    save = str(tmp_path / "g.json")
    argv = ["play", "--players", "4", "--seed", "9", "--delay", "0", "--save", save]
    assert main([*argv, "--lang", "en", "--opponents", "hard"]) == 0
    assert len(calls) == 1
    kind, kwargs = calls[0]
    assert kind == "new"
    assert kwargs["players"] == 4
    assert kwargs["seed"] == 9
    assert kwargs["delay"] == 0.0
    assert kwargs["level"] == "hard"
    assert kwargs["save_path"] == save


def test_plain_keeps_the_line_game_even_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    calls: list[tuple[str, dict[str, Any]]] = []
    _terminal(monkeypatch, calls)
    monkeypatch.setattr("builtins.input", lambda _prompt="": "q")
    assert main(["play", "--plain", "--seed", "1", "--save", str(tmp_path / "g.json")]) == 0
    assert calls == []


def test_resume_opens_the_saved_game_on_the_full_screen(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "g.json"
    Match.start(find_variant("standard"), [Seat("You"), Seat("Bob")], seed=2).save(path)
    calls: list[tuple[str, dict[str, Any]]] = []
    _terminal(monkeypatch, calls)
    assert main(["resume", str(path), "--delay", "0.1"]) == 0
    kind, kwargs = calls[0]
    assert kind == "resume"
    assert kwargs["match"].names == ("You", "Bob")
    assert kwargs["delay"] == 0.1


def test_play_and_resume_programmes_open_the_full_screen_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from phase10.games.programmes.rules import ProgrammeRules
    from phase10.match import ProgrammeMatch

    calls: list[tuple[str, dict[str, Any]]] = []
    _terminal(monkeypatch, calls)
    save = tmp_path / "p.json"
    argv = ["play", "--game", "programmes", "--players", "2", "--seed", "4", "--lang", "fr"]
    assert main([*argv, "--save", str(save)]) == 0
    kind, kwargs = calls[0]
    assert kind == "new"
    assert isinstance(kwargs["rules"], ProgrammeRules)
    assert kwargs["lang"] == "fr"
    assert kwargs["name"] == "Vous"
    ProgrammeMatch.start(find_variant("programmes"), [Seat("Vous"), Seat("Ann")], 4).save(save)
    assert main(["resume", str(save), "--lang", "fr"]) == 0
    kind, kwargs = calls[1]
    assert kind == "resume"
    assert isinstance(kwargs["match"], ProgrammeMatch)
