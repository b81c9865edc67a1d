"""Issue 16, the points left after the first two rounds: the top-level help (bug 7), French
elision and other translations (bug 6), plurals and second-person seats. Each test names the
point it checks."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from phase10.cli.main import build_parser, main


def test_every_command_line_in_help_is_a_whole_sentence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 16 bug 7: no command's line in ``phase10 --help`` stops mid-sentence."""
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    subparsers = next(
        action
        for action in build_parser()._actions
        if isinstance(action, argparse._SubParsersAction)
    )
    commands = list(subparsers.choices)
    block = out.split("commands:\n", 1)[1].split("\n\n", 1)[0]
    entries = re.split(r"\n  (?=\S)", "\n" + block.strip("\n"))[1:]
    assert [entry.split()[0] for entry in entries] == commands
    for entry in entries:
        sentence = " ".join(entry.split()[1:])
        assert sentence.endswith("."), f"cut short: {sentence!r}"
        assert sentence[0].isupper(), sentence


def test_help_mentions_both_games_and_the_full_screen(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 16 bug 7: ``play`` opens the full screen, and the programmes game is named."""
    assert main(["--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "one line at a time" not in out
    assert "Phase 10" in out
    assert "programmes" in out
    play_line = out.split(" play ", 1)[1].split(" resume ", 1)[0]
    assert "full screen" in play_line
    assert "--plain" in play_line
    assert main(["play", "--help"]) == 0
    play_help = " ".join(capsys.readouterr().out.split())
    assert "full screen" in play_help
    assert "--game programmes" in play_help


def test_the_english_interface_says_round_not_manche() -> None:
    """Issue 16 bug 6: "manche" is the French word; no English message uses it (the French,
    German and Dutch catalogs keep their own words)."""
    from babel.messages.pofile import read_po

    import phase10

    template = Path(phase10.__file__).parent / "locale" / "phase10.pot"
    with template.open("rb") as handle:
        catalog = read_po(handle)
    english = [m.id for m in catalog if m.id and "manche" in str(m.id).lower()]
    assert english == []
