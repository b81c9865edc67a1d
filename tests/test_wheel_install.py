"""Installed as users install it: the wheel, built by the locked build backend, goes into a
clean virtual environment with ``pip install 'phase10[web]'``, and both front doors work from
there, which proves that the package data ships in the wheel (the message catalogs, the rules
text, the web pages' templates and static files).

The clean environment first gets the locked versions of what ``phase10[web]`` needs
(``requirements/serve.txt``, every hash checked); the user's command itself then runs with
``--no-index``, so it must find everything the wheel's metadata asks for among those versions:
a dependency missing from the lock, or a lock that no longer satisfies ``pyproject.toml``,
fails here. It takes about half a minute (build, install from pip's cache, eight short games
and one server), so it runs with the rest of ``make test``.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import venv
from pathlib import Path

import pytest

from phase10.kernel.i18n import translator

ROOT = Path(__file__).resolve().parents[1]

#: A word of each language's opening prompt, to prove the catalog was found and used.
DRAW_WORD = {"en": "Draw", "fr": "Piochez", "de": "Zieh", "nl": "Trek"}


def _run(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, timeout=300, check=False, **kwargs)  # type: ignore[call-overload, no-any-return]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``bin`` folder of a fresh virtual environment holding the wheel, installed with
    ``pip install 'phase10[web]'`` over the locked versions of its dependencies."""
    base = tmp_path_factory.mktemp("wheel")
    pip = [sys.executable, "-m", "pip"]
    built = _run([*pip, "wheel", "--no-deps", "--no-build-isolation", "-w", str(base), str(ROOT)])
    assert built.returncode == 0, built.stderr
    venv.create(base / "env", with_pip=True)
    python = str(base / "env" / "bin" / "python")
    lock = ROOT / "requirements" / "serve.txt"
    deps = _run(
        [python, "-m", "pip", "install", "-q", "--require-hashes", "--no-deps", "-r", str(lock)]
    )
    assert deps.returncode == 0, deps.stderr
    user = [python, "-m", "pip", "install", "-q", "--no-index", "--find-links", str(base)]
    done = _run([*user, "phase10[web]"])
    assert done.returncode == 0, done.stderr
    shown = _run([python, "-m", "pip", "show", "-f", "phase10"])
    assert "site-packages" in shown.stdout, shown.stdout
    assert "Editable project location" not in shown.stdout, "not the wheel: an editable install"
    return base / "env" / "bin"


@pytest.mark.parametrize("game", ["phase10", "programmes"])
@pytest.mark.parametrize("lang", ["en", "fr", "de", "nl"])
def test_the_installed_wheel_plays_each_game_in_each_language(
    installed: Path, tmp_path: Path, game: str, lang: str
) -> None:
    """No traceback at start, the language's own words (the catalogs ship), and a save at
    ``q``."""
    save = tmp_path / "game.json"
    argv = [str(installed / "phase10"), "play", "--plain", "--game", game, "--lang", lang]
    result = _run(
        [*argv, "--seed", "1", "--save", str(save)],
        input="d\ndiscard 1\nd\ndiscard 1\nq\n",
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert DRAW_WORD[lang] in result.stdout
    assert save.exists()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.read().decode("utf-8")
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode("utf-8")


def test_the_installed_wheel_serves_its_pages(installed: Path, tmp_path: Path) -> None:
    """``phase10 serve`` from the wheel: the lobby and the rules in a translated language
    (templates, catalogs and the rulebook ship), an error page, and the static files, byte
    for byte those of the source."""
    port = _free_port()
    env = {**os.environ, "PHASE10_DATA_DIR": str(tmp_path / "data")}
    argv = [str(installed / "phase10"), "serve", "--port", str(port), "--bot-workers", "0"]
    server = subprocess.Popen(
        argv, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, server.communicate()[0]
            try:
                status, body = _get(f"{base}/healthz")
            except OSError:
                status, body = 0, ""
            if status == 200:
                break
            assert time.monotonic() < deadline, "the server did not answer within 60 s"
            time.sleep(0.2)
        assert json.loads(body) == {"ok": True}

        status, lobby = _get(f"{base}/?lang=fr")
        assert status == 200
        create = translator("fr").gettext("Create the table")
        assert create != "Create the table"
        assert '<html lang="fr"' in lobby
        assert create in lobby

        status, rules = _get(f"{base}/rules?lang=de")
        assert status == 200
        assert "P10-R" in rules, "the rulebook did not ship"

        status, missing = _get(f"{base}/t/nosuchtable?lang=nl")
        assert status == 404
        assert '<html lang="nl"' in missing

        static = ROOT / "src" / "phase10" / "web" / "static"
        for name in ("table.js", "common.js", "style.css"):
            status, text = _get(f"{base}/static/{name}")
            assert status == 200, name
            assert text == (static / name).read_text(encoding="utf-8"), name
    finally:
        server.terminate()
        output = server.communicate(timeout=30)[0]
    assert "Traceback" not in output, output
