"""An option given empty, or given to a game that would not read it, is refused in one
line, exit 2, with nothing played: it was once quietly dropped or replaced (an empty
name became "You", an empty variant vanished, a program deck was left unread by Phase 10,
"hard,,greedy" was a two-player tournament)."""

from __future__ import annotations

import pytest

from cli_run import run_quitting as _run


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["play", "--plain", "--name", ""],
            "--name is empty: give a name, or leave the option out",
        ),
        (["play", "--plain", "--name", "   "], "--name is empty"),
        (["play", "--plain", "--variant", ""], "--variant has an empty entry"),
        (["play", "--plain", "--variant", "n_phases=2,"], "--variant has an empty entry"),
        (
            ["play", "--plain", "--programs", "deck.json"],
            "--programs is for the programmes game: add --game programmes",
        ),
        (
            ["simulate", "--bots", "hard,,greedy", "--games", "2"],
            "--bots: an empty entry in 'hard,,greedy': one bot per seat, comma-separated",
        ),
    ],
)
def test_an_empty_or_unread_option_is_refused(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    said: str,
) -> None:
    status, out, err = _run(monkeypatch, capsys, argv)
    assert (status, out) == (2, "")
    assert err.startswith(f"phase10: error: {said}"), err
    assert err.count("\n") == 1
