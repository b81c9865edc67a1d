"""Hostile lines typed into the line mode of both games.

Every line of ``scripts/fuzz_lines.py``'s fixed list (odd digits such as ``²`` and ``١``,
numbers over 4,300 digits, too many parts, blanks, a 100,000-character line, control
characters, markup, commands with the wrong number of words) goes to one real game process per
game: the game answers each with a line of its own, never ends with an internal error, never
plays a move nobody asked for, and never sends a raw control character to the terminal. The
longer, random run is ``python scripts/fuzz_lines.py --random N``.
"""

from __future__ import annotations

import importlib.util
import io
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from phase10.cli.main import main
from phase10.kernel.actions import Draw
from phase10.kernel.notation import parse_number
from phase10.match import Match

ROOT = Path(__file__).resolve().parents[1]


def _fuzz_lines() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fuzz_lines", ROOT / "scripts" / "fuzz_lines.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FUZZ = _fuzz_lines()


@pytest.mark.parametrize("game", ["phase10", "programmes"])
def test_every_hostile_line_gets_an_answer_and_the_game_goes_on(game: str, tmp_path: Path) -> None:
    lines: tuple[str, ...] = FUZZ.HOSTILE_LINES[game]
    save = tmp_path / "game.json"
    argv = FUZZ._argv(game, save)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "PHASE10_DEBUG": ""}
    done = subprocess.run(
        [sys.executable, "-m", "phase10", *argv],
        input="".join(f"{line}\n" for line in ["d", *lines, "q"]),
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=120,
        check=False,
    )
    assert "internal error" not in done.stderr, done.stderr[-500:]
    assert "Traceback" not in done.stderr + done.stdout
    assert done.returncode == 0, done.stderr[-500:]
    assert FUZZ.raw_controls(done.stdout + done.stderr) == []
    # One prompt per line read: the game read every line (none ended it) and answered.
    assert done.stdout.count("> ") >= len(lines) + 2
    assert "Game saved to" in done.stdout
    match = Match.load(save)
    # Nothing was played after the draw: no hostile line was taken for a move.
    assert isinstance(match.record.actions[-1], Draw)
    assert match.to_act == match.human_seats[0]


def test_the_fixed_list_is_all_clear_errors_in_process() -> None:
    """The script's own count on the fixed list: every line a clear error (about 88 lines)."""
    counts = FUZZ.run(dict(FUZZ.HOSTILE_LINES), verbose=False)
    assert counts["internal"] == 0
    assert counts["silent"] == 0
    assert counts["clear"] == sum(len(lines) for lines in FUZZ.HOSTILE_LINES.values()) >= 77


def test_one_number_parser_reads_ascii_digits_only() -> None:
    assert parse_number("3") == 3
    for text in ("²", "١", "٣", "𝟕", "-1", "1.0", "9" * 5000, "", " 2"):
        assert parse_number(text) is None, text


def test_a_name_with_a_control_character_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from phase10.cli.main import main

    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    for name in ("\x1b[31mR", "a\u202eb", "bell\x07", "\x9b2J"):
        argv = ["play", "--plain", "--name", name, "--save", str(tmp_path / "g.json")]
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1
        assert "control character" in err
        assert FUZZ.raw_controls(err) == []
    assert not (tmp_path / "g.json").exists()  # nothing was started


def test_markup_names_are_plain_text_in_the_line_mode(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from phase10.cli.main import main

    monkeypatch.setattr("sys.stdin", io.StringIO("w\nb\nq\n"))
    argv = ["play", "--plain", "--name", "[red]x[/red]", "--players", "2", "--seed", "3"]
    assert main([*argv, "--save", str(tmp_path / "g.json")]) == 0
    out = capsys.readouterr().out
    assert "[red]x[/red]" in out


def test_a_name_from_an_edited_save_is_shown_escaped() -> None:
    from phase10.api import find_variant
    from phase10.match import Seat

    match = Match.start(find_variant("standard"), [Seat("\x1b[2JAnn"), Seat("Bob")], 1)
    assert match.names == ("\\x1b[2JAnn", "Bob")


def _finished(rules: str) -> Match:
    """A short game (one phase, or the programmes game) played to its end by easy bots
    for every seat, the person's included."""
    from phase10 import games
    from phase10.api import find_variant
    from phase10.bots import make_bot
    from phase10.match import Seat

    variant = find_variant(rules)
    family = games.of(variant).name
    match = Match.start(variant, [Seat("Ann"), Seat("Bob", make_bot("easy", family))], 11)
    bot = make_bot("easy", family)
    while not match.is_over:
        seat = match.to_act
        if match.seats[seat].bot is not None:
            match.bot_step()
        else:
            match.play(seat, bot.choose(match.view(seat), match.bot_rng(seat)), match.version)
    return match


@pytest.mark.parametrize("rules", ["standard+n_phases=1", "programmes"])
def test_the_seed_is_told_only_once_the_game_is_over(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    rules: str,
) -> None:
    match = _finished(rules)
    save = tmp_path / "g.json"
    match.save(save)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["resume", "--plain", str(save)]) == 0
    out = capsys.readouterr().out
    assert f"Seed {match.seed}: play this game again with --seed {match.seed}." in out
