"""The names of rule sets and the ids of program cards come from files the
player gives; a control character in one (an escape code that would drive the terminal) is
refused where the file is loaded, with one line naming the file and the field, exit 2, as a
player's name is (the one check: ``phase10.kernel.notation.has_control``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from cli_run import run_quitting as _run
from phase10 import find_variant
from phase10.kernel.notation import is_control
from phase10.records import GameRecord, RecordError

#: Escape codes as a TOML or JSON file spells them: ESC (clear the screen), CSI as one C1
#: byte, BEL, a bidi override, and an OSC 8 link.
HOSTILE = ("\\u001b[2J", "\\u009b31m", "\\u0007", "\\u202e", "\\u001b]8;;http://x\\u0007L")
CHECK = ["check", "--phase", "1", "R5", "R5", "R5", "R7", "R7", "R7"]
PLAY = ["play", "--plain", "--players", "2", "--seed", "3"]
PROGRAMMES_CHECK = ["check", "--game", "programmes", "--program", "P1", "AS"]
PROGRAMMES_PLAY = ["play", "--plain", "--game", "programmes", "--players", "2", "--seed", "3"]


def _refused(status: int, out: str, err: str, start: str) -> None:
    """One clear line, exit 2, nothing played, and not one control character printed."""
    assert status == 2
    assert out == ""
    assert err.startswith(start), err
    assert err.count("\n") == 1
    assert not [c for c in err if is_control(c) and c != "\n"], err


@pytest.mark.parametrize("escape", HOSTILE)
@pytest.mark.parametrize(
    "how",
    [
        lambda path: [*CHECK, "--rules-file", path],
        lambda path: [*CHECK, "--rules", path],
        lambda path: [*PLAY, "--rules-file", path],
        lambda path: ["variants", path],
    ],
    ids=["check --rules-file", "check --rules FILE", "play --rules-file", "variants FILE"],
)
def test_a_rules_name_with_a_control_character_is_refused(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    escape: str,
    how: Callable[[str], list[str]],
) -> None:
    """`name = "house<ESC>[2J"` in a rules file was shown raw on every
    screen; now refused on loading: the file, the field `name`, and the name escaped."""
    rules = tmp_path / "house.toml"
    rules.write_text(f'name = "house{escape}"\nvariants = ["ten_hands"]\n', encoding="utf-8")
    status, out, err = _run(monkeypatch, capsys, how(str(rules)))
    _refused(status, out, err, f"phase10: error: {rules}: name: house\\")
    assert "holds a control character" in err


def test_a_rules_file_whose_own_name_holds_an_escape_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """With no `name` key the rules are named after the file, so a file
    named with an escape code is refused the same way, its name written escaped."""
    rules = tmp_path / "x\x1b[2J.toml"
    rules.write_text('variants = ["ten_hands"]\n', encoding="utf-8")
    status, out, err = _run(monkeypatch, capsys, [*CHECK, "--rules-file", str(rules)])
    _refused(status, out, err, f"phase10: error: {tmp_path}/x\\x1b[2J.toml: name ")
    assert "the file's name" in err


def _deck(ident: str) -> list[dict[str, object]]:
    return [
        {"id": "P1", "directives": [{"mult": 1, "kind": "run", "len": 4}]},
        {"id": ident, "directives": [{"mult": 1, "kind": "set", "len": 3}]},
    ]


@pytest.mark.parametrize("escape", HOSTILE)
@pytest.mark.parametrize("command", [PROGRAMMES_CHECK, PROGRAMMES_PLAY], ids=["check", "play"])
@pytest.mark.parametrize("suffix", [".json", ".toml"])
def test_a_program_id_with_a_control_character_is_refused(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    escape: str,
    command: list[str],
    suffix: str,
) -> None:
    """A program deck whose card id holds an escape code: refused on
    loading, naming the file, the card, and the field `id`."""
    deck = tmp_path / f"deck{suffix}"
    if suffix == ".json":
        deck.write_text(json.dumps(_deck("PRG-X")).replace("PRG-X", f"PRG{escape}"))
    else:
        deck.write_text(
            '[[card]]\nid = "P1"\ndirectives = [{mult = 1, kind = "run", len = 4}]\n'
            f'[[card]]\nid = "PRG{escape}"\ndirectives = [{{mult = 1, kind = "set", len = 3}}]\n',
            encoding="utf-8",
        )
    status, out, err = _run(monkeypatch, capsys, [*command, "--programs", str(deck)])
    _refused(status, out, err, f"phase10: error: {deck}: [1] PRG\\")
    assert ": id: holds a control character" in err


def test_a_program_deck_whose_path_holds_an_escape_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The deck's path becomes part of the rules' name (shown on the
    table), so a path with an escape code is refused too, written escaped."""
    deck = tmp_path / "deck\x1b[31m.json"
    deck.write_text(json.dumps(_deck("P2")))
    status, out, err = _run(monkeypatch, capsys, [*PROGRAMMES_PLAY, "--programs", str(deck)])
    _refused(status, out, err, f"phase10: error: {tmp_path}/deck\\x1b[31m.json: name: ")


def test_a_program_json_id_with_a_control_character_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--program-json` goes through the same check as a deck file."""
    program = json.dumps({"id": "X\x1b[2J", "directives": [{"mult": 1, "kind": "run", "len": 4}]})
    args = ["check", "--game", "programmes", "--program-json", program, "AS"]
    status, out, err = _run(monkeypatch, capsys, args)
    _refused(status, out, err, "phase10: error: X\\x1b[2J: id: holds a control character")


def test_a_record_whose_rules_name_holds_an_escape_is_refused() -> None:
    """A record (inside a save, or from the server) naming its rule set
    with an escape code is refused as a rules file would be."""
    record = GameRecord.start(find_variant("standard"), 2, 3, names=["Ann", "Bob"]).to_dict()
    assert GameRecord.from_dict(record).rules.name == "standard"
    record["rules"]["name"] = "standard\x1b[2J"
    with pytest.raises(RecordError, match=r"rules\.name: standard\\x1b\[2J holds a control"):
        GameRecord.from_dict(record)


def test_no_error_line_ever_carries_a_raw_escape(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The file's own name is part of each error; a missing file named with
    an escape code is reported with the escape written out, never sent to the terminal."""
    missing = tmp_path / "nope\x1b]0;owned\x07.toml"
    status, out, err = _run(monkeypatch, capsys, [*CHECK, "--rules-file", str(missing)])
    _refused(status, out, err, f"phase10: error: {tmp_path}/nope\\x1b]0;owned\\x07.toml: ")
