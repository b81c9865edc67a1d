"""Issue 16 ("The terminal game as a new player meets it"), the line mode's share: each test
names the point of the issue it checks and would have failed before the fix."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from phase10.cli.main import main
from phase10.games.phase10.variants import find_variant
from phase10.kernel.errors import RulesError
from phase10.match import load_match


def _play(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lines: list[str],
    *argv: str,
) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    assert main(["play", "--plain", *argv]) == 0
    return capsys.readouterr().out


# ---------------------------------------------------------------------------- bug 1


@pytest.mark.parametrize(
    ("lang", "wanted", "wrong"),
    [("en", "any open phase", "every phase done"), ("fr", "n'importe quelle", "toutes")],
)
def test_bug1_pick_a_phase_scores_say_any_open_phase(
    lang: str,
    wanted: str,
    wrong: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    """Issue 16 bug 1 (P10 variant pick_a_phase): s must not say every phase is done."""
    out = _play(
        monkeypatch,
        capsys,
        ["s", "q"],
        *("--seed", "5", "--players", "3", "--variant", "pick_a_phase", "--lang", lang),
        *("--save", str(tmp_path / "g.json")),
    )
    scores = next(line for line in out.splitlines() if line.startswith("> "))
    assert wanted in scores
    assert wrong not in scores


# ---------------------------------------------------------------------------- bug 10


@pytest.mark.parametrize("game", ["phase10", "programmes"])
def test_bug10_an_unknown_long_command_is_echoed_as_a_short_prefix(
    game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 16 bug 10: a 5,000-character command is echoed as at most 40 characters."""
    junk = "z" * 5000
    out = _play(
        monkeypatch,
        capsys,
        [junk, f"w {junk}", "q"],
        *("--game", game, "--seed", "3", "--save", str(tmp_path / "g.json")),
    )
    assert "z" * 41 not in out
    assert "Unknown command 'zzzzzzzzzz" in out
    assert "…'" in out


# ---------------------------------------------------------------------------- bug 11


def test_bug11_meld_extend_and_discard_alone_give_their_usage(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 16 bug 11: the commands help lists are never an "Unknown command"."""
    out = _play(
        monkeypatch,
        capsys,
        ["d", "meld", "extend", "discard", "q"],
        *("--game", "programmes", "--seed", "3", "--save", str(tmp_path / "g.json")),
    )
    assert "Unknown command" not in out
    assert "Write: meld set CARD CARD CARD" in out
    assert "Write: extend CARD N [low|high]" in out
    assert "Write: discard CARD" in out


def test_bug11_reveal_n_shows_the_cards_and_asks_first(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 16 bug 11 (AMZ reveal, E-08): reveal N shows what it lays, wilds counted, and
    reveals only after a yes."""
    save = tmp_path / "g.json"
    argv = ("--game", "programmes", "--seed", "3", "--save", str(save))
    out = _play(monkeypatch, capsys, ["d", "reveal", "reveal 2", "n", "q"], *argv)
    assert "2: set 8S 8S 8H 2C=8 (1 wild)" in out
    assert "This lays: set 8S 8S 8H 2C=8 (1 wild)." in out
    assert "Nothing revealed." in out
    assert "You reveal" not in out
    assert not load_match(save).state.players[0].revealed
    out = _play(monkeypatch, capsys, ["d", "reveal 1", "y", "b", "q"], *argv)
    assert "You reveal program PRG-03" in out
    # "Some of your cards fit ... type b": the status and b now name the card and the place.
    assert "You can extend: extend 2C 1." in out
    assert out.count("You can extend: extend 2C 1.") >= 2


# ---------------------------------------------------------------------------- developer words


def test_friction_notation_errors_use_players_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 16 friction: no "token 1 'R5=3'" in an error a player reads."""
    out = _play(
        monkeypatch,
        capsys,
        ["d", "lay set R5=3 B5 W | set G7 R7 Y7", "q"],
        *("--seed", "5", "--save", str(tmp_path / "g.json")),
    )
    assert "token" not in out
    assert "'R5=3' (card 1 of the group): only a wild (W) may say what it stands for" in out


def test_friction_variant_clash_names_no_flag() -> None:
    """Issue 16 friction: no "both set phase_sequence" when two variants clash."""
    with pytest.raises(RulesError) as info:
        find_variant("even_phases+odd_phases")
    assert "phase_sequence" not in str(info.value)
    assert "cannot be played together" in str(info.value)
