"""Installed as users install it: the wheel, installed into a clean
virtual environment with no extras, plays a few turns of each game in each language in the
line mode, which also proves the catalogs ship as package data. It takes about 25 s (build
6 s, install 10 s, eight short games), so it runs with the rest of ``make test``."""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: A word of each language's opening prompt, to prove the catalog was found and used.
DRAW_WORD = {"en": "Draw", "fr": "Piochez", "de": "Zieh", "nl": "Trek"}


def _run(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, timeout=240, check=False, **kwargs)  # type: ignore[call-overload, no-any-return]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``phase10`` script of a fresh virtual environment holding only the wheel and its
    base dependencies (pip reaches them as it is configured on this machine)."""
    base = tmp_path_factory.mktemp("wheel")
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(base), str(ROOT)])
    assert built.returncode == 0, built.stderr
    wheel = next(base.glob("phase10-*.whl"))
    venv.create(base / "env", with_pip=True)
    python = base / "env" / "bin" / "python"
    done = _run([str(python), "-m", "pip", "install", "-q", str(wheel)])
    assert done.returncode == 0, done.stderr
    return base / "env" / "bin" / "phase10"


@pytest.mark.parametrize("game", ["phase10", "programmes"])
@pytest.mark.parametrize("lang", ["en", "fr", "de", "nl"])
def test_the_installed_wheel_plays_each_game_in_each_language(
    installed: Path, tmp_path: Path, game: str, lang: str
) -> None:
    """No traceback at start (openskill, textual and the web are not needed to
    play line by line), the language's own words, and a save at ``q``."""
    save = tmp_path / "game.json"
    argv = [str(installed), "play", "--plain", "--game", game, "--lang", lang, "--seed", "1"]
    result = _run(
        [*argv, "--save", str(save)], input="d\ndiscard 1\nd\ndiscard 1\nq\n", cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert DRAW_WORD[lang] in result.stdout
    assert save.exists()
