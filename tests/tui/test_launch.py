"""``phase10 play`` and ``phase10 resume`` open the full screen on a terminal, unless
--plain: the new-game screen (``cli.fullscreen.launch_new``), then the game at a local table
(``cli.local_play.play``, which runs ``phase10.tui.local.play_local``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

import phase10.tui
from phase10.api import find_variant
from phase10.cli.main import main
from phase10.match import Match, Seat
from phase10.table.local import LocalTable
from phase10.tui import Defaults, Setup


def _terminal(monkeypatch: pytest.MonkeyPatch, calls: list[tuple[str, dict[str, Any]]]) -> None:
    """Standard output is a terminal; the new-game screen deals the defaults it is given,
    and the game's full screen leaves at once: both record what they were given."""
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)

    def choose_new(defaults: Defaults, lang: str = "en") -> Setup | None:
        calls.append(("new", {"defaults": defaults, "lang": lang}))
        names = [defaults.name] + [f"Bot {n}" for n in range(1, defaults.players)]
        seats = [(name, None if n == 0 else defaults.level) for n, name in enumerate(names)]
        return Setup(rules=defaults.rules, seats=tuple(seats), seed=defaults.seed)

    def play_local(table: LocalTable, lang: str, pace: float, **kwargs: Any) -> str:
        calls.append(("screen", {"match": table.match, "lang": lang, "pace": pace, **kwargs}))
        return "left"

    monkeypatch.setattr(phase10.tui, "choose_new", choose_new)
    monkeypatch.setattr("phase10.tui.local.play_local", play_local)


def test_play_opens_the_new_game_screen_then_the_game_full_screen(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    calls: list[tuple[str, dict[str, Any]]] = []
    _terminal(monkeypatch, calls)
    save = tmp_path / "g.json"
    argv = ["play", "--players", "4", "--seed", "9", "--delay", "0", "--save", str(save)]
    assert main([*argv, "--lang", "en", "--opponents", "hard"]) == 0
    assert [kind for kind, _ in calls] == ["new", "screen"]
    defaults = calls[0][1]["defaults"]
    assert (defaults.players, defaults.seed, defaults.level) == (4, 9, "hard")
    assert defaults.show_seed
    screen = calls[1][1]
    assert screen["pace"] == 0.0
    assert screen["resumed"] is False
    assert screen["match"].seed == 9
    assert len(screen["match"].names) == 4
    saved = Match.load(save)
    assert saved.interface == {"mode": "screen", "lang": "en"}


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
    kind, screen = calls[0]
    assert kind == "screen"
    assert screen["match"].names == ("You", "Bob")
    assert screen["pace"] == 0.1
    assert screen["resumed"] is True
    assert f"Resumed the game from {path}, hand 1." in screen["intro"]


def test_play_and_resume_programmes_open_the_full_screen_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from phase10.games.programmes.rules import ProgrammeRules

    calls: list[tuple[str, dict[str, Any]]] = []
    _terminal(monkeypatch, calls)
    save = tmp_path / "p.json"
    argv = ["play", "--game", "programmes", "--players", "2", "--seed", "4", "--lang", "fr"]
    assert main([*argv, "--save", str(save)]) == 0
    kind, new = calls[0]
    assert kind == "new"
    assert isinstance(new["defaults"].rules, ProgrammeRules)
    assert new["lang"] == "fr"
    assert new["defaults"].name == "Vous"
    assert calls[1][1]["lang"] == "fr"
    Match.start(find_variant("programmes"), [Seat("Vous"), Seat("Ann")], 4).save(save)
    assert main(["resume", str(save), "--lang", "fr"]) == 0
    kind, screen = calls[2]
    assert kind == "screen"
    assert screen["match"].game.name == "programmes"
    assert screen["resumed"] is True


def test_a_terminal_without_textual_is_told_so_in_its_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Where Textual is not installed, a terminal plays line by line and the player reads
    why in their language (the sentence was English in every language)."""
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    monkeypatch.setitem(sys.modules, "textual", None)  # import textual: ImportError
    monkeypatch.setattr("builtins.input", lambda _prompt="": "q")
    argv = ["play", "--lang", "nl", "--seed", "1", "--save", str(tmp_path / "g.json")]
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert "Het spel op het volle scherm heeft Textual nodig" in err
    assert "needs Textual" not in err
