"""Issue 17, point 3: hostile lines typed into the line mode of both games.

Every line of ``scripts/fuzz_lines.py``'s fixed list (odd digits such as ``²`` and ``١``,
numbers over 4,300 digits, too many parts, blanks, a 100,000-character line, control
characters, markup, commands with the wrong number of words) goes to one real game process per
game: the game answers each with a line of its own, never ends with an internal error, never
plays a move nobody asked for, and never sends a raw control character to the terminal. The
longer, random run is ``python scripts/fuzz_lines.py --random N``.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

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
def test_issue17_point3_every_hostile_line_gets_an_answer_and_the_game_goes_on(
    game: str, tmp_path: Path
) -> None:
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


def test_issue17_point3_the_fixed_list_is_all_clear_errors_in_process() -> None:
    """The script's own count on the fixed list: every line a clear error (about 88 lines)."""
    counts = FUZZ.run(dict(FUZZ.HOSTILE_LINES), verbose=False)
    assert counts["internal"] == 0
    assert counts["silent"] == 0
    assert counts["clear"] == sum(len(lines) for lines in FUZZ.HOSTILE_LINES.values()) >= 77


def test_issue17_point3_one_number_parser_reads_ascii_digits_only() -> None:
    assert parse_number("3") == 3
    for text in ("²", "١", "٣", "𝟕", "-1", "1.0", "9" * 5000, "", " 2"):
        assert parse_number(text) is None, text
