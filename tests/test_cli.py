"""The ``phase10`` command line: exit codes, output shapes and one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

from phase10.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any]:
    code, out, err = run(capsys, *argv)
    assert err == ""
    return code, json.loads(out)


def assert_one_line_error(err: str, *fragments: str) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("phase10: error: ")
    assert "Traceback" not in err
    for fragment in fragments:
        assert fragment in lines[0]


# ------------------------------------------------------------------------------ check


def test_check_possible(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--phase", "1", "R5", "B5", "W", "R7", "G7", "Y7")
    assert code == 0
    assert out.splitlines()[0] == "Phase 1 (set of 3 + set of 3): possible"
    assert "  set R5 B5 W=5" in out.splitlines()


def test_check_left_over_and_commas(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--phase", "1", "R5,B5,W,R7 G7 Y7 G9")
    assert code == 0
    assert "  left over: G9" in out.splitlines()


def test_check_impossible_gives_a_reason(capsys: pytest.CaptureFixture[str]) -> None:
    cards = ["R1", "R2", "R5", "B6", "W", "W", "G12", "G12", "Y9"]
    code, out, _ = run(capsys, "check", "--phase", "4", *cards)
    assert code == 1
    assert out.splitlines()[0] == "Phase 4 (run of 7): not possible with these 9 cards"
    assert "no run of 7, even with the 2 wilds" in out


def test_check_too_few_cards(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--phase", "4", "R1", "R2", "R3")
    assert code == 1
    assert "needs at least 7 cards" in out


def test_check_bad_token(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", "--phase", "1", "R5", "X9", "W")
    assert code == 2
    assert out == ""
    assert_one_line_error(err, "X9", "word 2")  # No "token"


def test_check_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(capsys, "check", "--json", "--phase", "1", "R5 B5 W R7 G7 Y7 G9")
    assert code == 0
    assert data == {
        "phase": 1,
        "requirement": "set of 3 + set of 3",
        "possible": True,
        "groups": [["R5", "B5", "W=5"], ["R7", "Y7", "G7"]],
        "left_over": ["G9"],
        "rules": "standard",
    }


def test_check_json_impossible(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(capsys, "check", "--json", "--phase", "7", "R5 B5 W R7 G7")
    assert code == 1
    assert data["possible"] is False
    assert data["groups"] == []
    assert data["left_over"] == ["R5", "B5", "W", "R7", "G7"]


def test_check_colour_group_wild_is_written_with_its_colour(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, data = run_json(capsys, "check", "--json", "--phase", "8", "G1 G3 G4 G9 G12 W W R3")
    assert code == 0
    (group,) = data["groups"]
    assert sorted(group) == sorted(["G1", "G3", "G4", "G9", "G12", "W=G", "W=G"])
    assert data["left_over"] == ["R3"]


def test_check_profile_with_variant(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["check", "--rules", "nl_accessible", "--variant", "even_phases", "--json"]
    code, data = run_json(capsys, *args, "--phase", "2", "R1 R1 R1 R2 R3 R4 R5")
    assert code == 0
    assert data["rules"] == "nl_accessible+even_phases"


def test_check_phase_not_in_play(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--rules", "nl_accessible", "--variant", "even_phases"]
    code, _, err = run(capsys, "check", *args, "--phase", "1", "R1 R1 R1")
    assert code == 2
    assert_one_line_error(err, "phase 1 is not in play", "2, 4, 6, 8, 10")


def test_comma_separated_variants(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--variant", "odd_phases,n_phases=2", "--json"]
    code, data = run_json(capsys, "check", *args, "--phase", "3", "R1 R1 R1 R1 R2 R3 R4 R5")
    assert code == 0
    assert data["rules"] == "odd_phases+n_phases=2"


def test_unknown_profile(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "check", "--rules", "nope", "--phase", "1", "R1")
    assert code == 2
    assert_one_line_error(err, "nope")


def test_rules_file_and_bad_toml(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('profile = "en_phase10rules"\n', encoding="utf-8")
    code, data = run_json(
        capsys, "check", "--rules", str(house), "--json", "--phase", "10", "R4 B4 Y4 W R9 G9 W"
    )
    assert (code, data["rules"]) == (0, "house")
    code, data = run_json(
        capsys,
        "check",
        "--rules-file",
        str(house),
        "--variant",
        "even_phases",
        "--json",
        "--phase",
        "10",
        "R4 B4 Y4 W R9 G9 W",
    )
    assert (code, data["rules"]) == (0, "house+even_phases")
    broken = tmp_path / "broken.toml"
    broken.write_text("profile = \n", encoding="utf-8")
    code, _, err = run(capsys, "check", "--rules", str(broken), "--phase", "1", "R1")
    assert code == 2
    assert_one_line_error(err, "broken.toml")


@pytest.mark.parametrize("option", ["--rules", "--rules-file"])
def test_variant_against_the_rules_file_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, option: str
) -> None:
    """B.1: a --variant that sets a flag the rules file sets otherwise is refused, as two
    clashing variants are, naming the file's setting and the variant; never laid over it."""
    house = tmp_path / "house.toml"
    house.write_text('variants = ["pick_a_phase"]\n[flags]\nskip_limit = "per_hand"\n')
    hand = ["--phase", "2", "R2 B2 G2 R3 R4 R5 R6"]
    code, _, err = run(capsys, "check", option, str(house), "--variant", "ten_hands", *hand)
    assert code == 2
    assert_one_line_error(err, "house.toml", "progression = pick_any", "ten_hands")
    code, _, err = run(capsys, "check", option, str(house), "--variant", "skip_pending_only", *hand)
    assert code == 2
    assert_one_line_error(err, "skip_limit = per_hand", "skip_pending_only")
    # The same setting again, or a flag the file leaves alone, is no clash.
    agreeing = "skip_once_per_hand,even_phases"
    code, data = run_json(
        capsys, "check", option, str(house), "--variant", agreeing, "--json", *hand
    )
    assert (code, data["rules"]) == (0, "house+skip_once_per_hand+even_phases")


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "--phase", "0", "R1"],
        ["check", "--phase", "x", "R1"],
        ["check", "R1"],
        ["odds", "--phase", "1", "--hands", "0"],
        ["bench", "--seconds", "-1"],
        ["frobnicate"],
        [],
    ],
)
def test_usage_errors_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert_one_line_error(err)


# ------------------------------------------------------------------------------- odds


def test_odds_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(capsys, "odds", "--phase", "1", "--hands", "2000", "--json")
    assert code == 0
    assert set(data) == {"phase", "hands", "hits", "probability", "ci99", "seed", "rules"}
    assert (data["phase"], data["hands"], data["seed"], data["rules"]) == (1, 2000, 1, "standard")
    low, high = data["ci99"]
    assert 0 <= low <= data["probability"] <= high <= 1
    assert data["probability"] == data["hits"] / 2000
    # A seed fixes the answer.
    assert run_json(capsys, "odds", "--phase", "1", "--hands", "2000", "--json")[1] == data


def test_odds_human_output_names_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "--phase", "8", "--hands", "500", "--seed", "4")
    assert code == 0
    assert "99% CI" in out
    assert "phase10 odds --phase 8 --hands 500 --seed 4" in out


# ------------------------------------------------------------------------------ bench


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(capsys, "bench", "--seconds", "0.2", "--json")
    assert code == 0
    for key in (
        "goal_checks_per_s",
        "goal_checks_per_goal",
        "playout_decisions_per_s",
        "state_bytes",
        "record_json_bytes",
        "seconds",
        "python",
        "machine",
    ):
        assert key in data
    # Phase 10's ten phases, on the 10 dealt cards plus the draw (D-39).
    assert list(data["goal_checks_per_goal"]) == [str(n) for n in range(1, 11)]
    assert data["goal_checks"] == {"game": "phase10", "goal": "phase", "hand_cards": 11}
    assert data["goal_checks_per_s"] > 0
    assert data["playout_decisions_per_s"] > 0
    assert data["state_bytes"] > 0
    assert data["record_json_bytes"] > 0
    assert data["seconds"] == 0.2


# --------------------------------------------------------------------------- variants


def test_variants_listing(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants")
    assert code == 0
    for name in ("standard", "nl_accessible", "even_phases", "n_phases=N", "natural_per_phase"):
        assert name in out
    assert "flag: phase_sequence = even" in out


def test_variants_describe(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants", "de_article+n_phases=3")
    assert code == 0
    assert out.splitlines()[0] == "Rules: de_article+n_phases=3"
    assert "Phase 3: set of 4 + run of 4 (final)" in out


def test_variants_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "variants", "nonsense")
    assert code == 2
    assert_one_line_error(err, "nonsense")


# ------------------------------------------------------------------------------- help


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for command in ("play", "check", "odds", "bench", "variants"):
        assert f"\n  {command} " in out
    assert "examples:" in out


def test_version_prints_the_installed_version(capsys: pytest.CaptureFixture[str]) -> None:
    """``phase10 --version`` needs no command: the package's version on stdout, status 0."""
    code, out, err = run(capsys, "--version")
    assert code == 0
    assert err == ""
    assert out == f"phase10 {metadata.version('phase10')}\n"


@pytest.mark.parametrize("command", ["check", "odds", "bench", "variants"])
def test_command_help(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, out, _ = run(capsys, command, "--help")
    assert code == 0
    assert f"phase10 {command}" in out


def test_python_dash_m(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    result = subprocess.run(
        [sys.executable, "-m", "phase10", "check", "--phase", "1", "R5 B5 W R7 G7 Y7"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Phase 1 (set of 3 + set of 3): possible")
    bad = subprocess.run(
        [sys.executable, "-m", "phase10", "check", "--phase", "1", "X9"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
        check=False,
    )
    assert bad.returncode == 2
    assert_one_line_error(bad.stderr, "X9")


def test_variants_describes_the_programmes_game(capsys: pytest.CaptureFixture[str]) -> None:
    """C.7/AMZ-R31: `variants` lists and describes the programmes game and its swap flag."""
    assert main(["variants"]) == 0
    assert "programmes" in capsys.readouterr().out
    assert main(["variants", "programmes+program_swap"]) == 0
    out = capsys.readouterr().out
    assert "52 cards (50 programs + 2 sun cards)" in out
    assert "program_swap_after = 3" in out


def test_an_unexpected_bug_is_one_line_not_a_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Standards: never a traceback at a user; exit 70 and how to see the details."""
    import phase10.cli.variants_cmd as variants_cmd

    def broken(*_: object) -> list[str]:
        raise RuntimeError("boom")

    monkeypatch.delenv("PHASE10_DEBUG", raising=False)
    monkeypatch.setattr(variants_cmd, "find_variant", broken)
    assert main(["variants", "standard"]) == 70
    err = capsys.readouterr().err
    assert "internal error (RuntimeError: boom)" in err
    assert "Traceback" not in err
