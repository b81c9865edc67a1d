"""``phase10 play --plain``: the line game driven entirely through standard input."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from phase10.cli.main import main
from phase10.match import Match


def _stdin(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(line + "\n" for line in lines)))


def test_scripted_session_with_queries_then_quit(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    script = ["h", "p", "b", "s", "w", "m", "?"]
    for _ in range(8):
        script += ["d", "discard 1"]
    script += ["q"]
    _stdin(monkeypatch, script)
    argv = ["play", "--players", "2", "--seed", "3", "--opponents", "easy", "--save", str(save)]
    assert main([*argv, "--plain"]) == 0
    out = capsys.readouterr().out
    assert "Seed" not in out  # The seed rebuilds every hand; only at the end
    assert "Your hand: 1:" in out
    assert "You drew " in out
    assert "Top of the discard pile:" in out
    assert "Scores: You 0 points" in out
    assert "It is your turn: draw a card." in out
    assert "You are on phase 1: set of 3 + set of 3." in out
    assert "Commands (type them and press Enter):" in out
    assert "You discarded " in out
    assert re.search(r"Ann (drew a card|took \w+ from the discard pile)\.", out)
    assert f"Game saved to {save}" in out
    match = Match.load(save)
    assert match.names == ("You", "Ann")
    assert len(match.record.actions) >= 16


def test_illegal_commands_name_the_rule_and_never_crash(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    script = [
        "discard 1",  # D-19: draw first
        "lay",  # nothing to lay before drawing
        "hit R7 1",
        "frobnicate",
        "d",
        "d",  # a second draw
        "discard 99",
        "discard X9",
        "discard S Bob",
        "hit",
        "lay set R1 B1 W | set G2 G2 W",
    ]
    _stdin(monkeypatch, script)  # then the input ends: the game is saved
    save = tmp_path / "g.json"
    argv = ["play", "--players", "3", "--seed", "11", "--opponents", "hard", "--save", str(save)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Not allowed (D-19)" in out
    assert "Unknown command 'frobnicate'" in out
    assert "There is no card at position 99" in out
    assert "Could not read that:" in out
    assert "Not allowed (P10-R" in out
    assert "Traceback" not in out
    assert save.exists()


def test_bad_options_are_reported(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save = str(tmp_path / "g.json")
    assert main(["play", "--players", "7", "--save", save]) == 2
    assert main(["play", "--opponents", "wizard", "--save", save]) == 2
    assert "unknown bot 'wizard'" in capsys.readouterr().err
    assert main(["resume", str(tmp_path / "missing.json")]) == 2


def test_resume_continues_a_saved_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "g.json"
    _stdin(monkeypatch, ["d", "discard 1", "q"])
    assert main(["play", "--players", "2", "--seed", "5", "--save", str(save)]) == 0
    before = Match.load(save).state.digest()
    capsys.readouterr()
    _stdin(monkeypatch, ["m", "q"])
    assert main(["resume", str(save)]) == 0
    out = capsys.readouterr().out
    assert "Resumed the game" in out
    assert Match.load(save).state.digest() == before


@pytest.mark.parametrize(
    ("game", "lang", "line"),
    [
        ("phase10", "en", "Resumed the game from {path}, hand 1."),
        ("programmes", "en", "Resumed the game from {path}, round 1."),
    ],
)
def test_a_resumed_game_names_its_hand_in_the_games_word(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    game: str,
    lang: str,
    line: str,
) -> None:
    """P10-R16's hands and AMZ-R28's rounds: the resume line says "round" in the programmes
    game, as its other lines do, and "hand" in Phase 10."""
    save = tmp_path / "g.json"
    _stdin(monkeypatch, ["q"])
    assert main(["play", "--game", game, "--plain", "--seed", "5", "--save", str(save)]) == 0
    capsys.readouterr()
    _stdin(monkeypatch, ["q"])
    assert main(["resume", "--lang", lang, str(save)]) == 0
    assert line.format(path=save) in capsys.readouterr().out


def test_a_bare_lay_with_one_way_lists_it_as_one_move(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``lay`` alone lists the ways to lay the phase down (P10-R15), even a single one, and
    then says it is that move rather than one of several; ``1`` lays it down."""
    _stdin(monkeypatch, ["d", "lay", "1", "q"])
    argv = ["play", "--players", "4", "--seed", "11", "--opponents", "hard"]
    assert main([*argv, "--save", str(tmp_path / "g.json"), "--plain"]) == 0
    out = capsys.readouterr().out
    assert "That is this move; type 1 to make it:\n1: lay set R7 G7 W=7 | set Y10 G10 W=10" in out
    assert "several moves" not in out
    assert "You laid down phase 1" in out


def test_lay_with_a_number_it_does_not_list_says_why_not_what_it_cannot_read(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``lay 5`` where the hand makes no phase gives the reason (P10-R15), and where there is
    one way to lay it down, that there is no way 5; neither reads as a group it cannot
    parse, and neither changes the game."""
    _stdin(monkeypatch, ["d", "lay 5", "q"])
    argv = ["play", "--players", "2", "--seed", "3", "--opponents", "medium"]
    assert main([*argv, "--save", str(tmp_path / "a.json"), "--plain"]) == 0
    out = capsys.readouterr().out
    assert "> Your cards do not make phase 1 yet: set of 3 + set of 3 (P10-R15)." in out
    _stdin(monkeypatch, ["d", "lay 5", "q"])
    argv = ["play", "--players", "4", "--seed", "11", "--opponents", "hard"]
    assert main([*argv, "--save", str(tmp_path / "b.json"), "--plain"]) == 0
    out = capsys.readouterr().out
    assert "> There is no move 5 of that kind: type 'lay' alone to list them." in out
    assert "Could not read" not in out
    assert Match.load(tmp_path / "b.json").state.players[0].laid < 0  # nothing laid down


def test_a_whole_game_to_the_final_standing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A player who always lists the moves (``a``) and makes the first one offered (draw, lay
    down as soon as they can, hit, discard) plays a whole game to its final standing and its
    seed (P10-R36)."""
    _stdin(monkeypatch, ["a", "1"] * 4000)
    save = tmp_path / "g.json"
    argv = ["play", "--players", "2", "--seed", "7", "--opponents", "easy", "--save", str(save)]
    assert main([*argv, "--plain"]) == 0
    out = capsys.readouterr().out
    assert "Final standing after" in out
    assert re.search(r"wins? the game with", out)
    assert "You laid down phase 1" in out
    assert "You hit " in out
    assert re.search(r"Hand 1 ended\. Points: ", out)
    assert re.search(r"(You move|Ann moves) up to phase 2\.", out)
    assert "Seed 7: play this game again with --seed 7." in out
    assert "Resume it with" not in out
    assert Match.load(save).is_over
    assert re.search(r"^1\. \w+: \d+ phases done, \d+ points?, the winner\.$", out, re.M)

    # Resumed once over, the game says so, not that it is under way.
    capsys.readouterr()
    _stdin(monkeypatch, ["q"])
    assert main(["resume", str(save), "--plain"]) == 0
    out = capsys.readouterr().out
    assert "The game is over; its last events:" in out
    assert "under way" not in out


def test_a_whole_programmes_game_ends_with_programs_and_no_points(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The programmes game played to its end by always listing the moves and taking the
    first: its final standing, after so many rounds, counts programs done and names the
    winner (AMZ-R30) with no points, since the game has none (AMZ-R32)."""
    _stdin(monkeypatch, ["a", "1"] * 4000)
    save = tmp_path / "p.json"
    argv = ["play", "--game", "programmes", "--players", "3", "--seed", "7"]
    assert main([*argv, "--opponents", "hard", "--save", str(save), "--plain"]) == 0
    out = capsys.readouterr().out
    assert Match.load(save).is_over
    assert re.search(r"^Final standing after \d+ rounds:$", out, re.M)  # rounds, not hands
    standing = out[out.index("Final standing") :].splitlines()
    rows = [line for line in standing if re.match(r"^\d\. ", line)]
    assert len(rows) == 3, standing
    assert re.fullmatch(r"1\. \w+: 5 programs done, the winner\.", rows[0]), rows
    assert all(re.fullmatch(r"\d\. \w+: \d programs? done\.", row) for row in rows[1:]), rows
    assert "point" not in "\n".join(standing)
