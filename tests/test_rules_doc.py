"""The project's own rules text (docs/rules/*.md) and the ``phase10 rules`` command."""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import pytest

import phase10
from phase10 import rulebook_text as rulebook
from phase10.cli.main import main
from phase10.games.phase10.rules import RuleSet
from phase10.games.phase10.variants import PROFILES, VARIANTS

ROOT = Path(__file__).resolve().parent.parent
RULES_DIR = ROOT / "docs" / "rules"
EN = RULES_DIR / "en.md"
NOTE = "phase10: note: "
CITED = re.compile(r"\b(P10-R[0-9]+|D-[0-9]+|AMZ-R[0-9]+|E-[0-9]+|[ABCD]\.[0-9](\.[0-9])?)\b")


def entries(path: Path) -> dict[str, rulebook.Rule]:
    return rulebook.parse_rulebook(path.read_text(encoding="utf-8"))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ------------------------------------------------------------------------------ the text


def test_every_id_cited_in_src_has_an_entry_in_en_md() -> None:
    cited: dict[str, str] = {}
    for source in sorted((ROOT / "src" / "phase10").rglob("*.py")):
        for match in CITED.finditer(source.read_text(encoding="utf-8")):
            cited.setdefault(match.group(1), str(source.relative_to(ROOT)))
    assert len(cited) > 100
    missing = {rule_id: where for rule_id, where in cited.items() if rule_id not in entries(EN)}
    assert not missing


def test_en_md_has_every_rule_and_decision_id_in_sequence() -> None:
    ids = set(entries(EN))
    for prefix, last in (("P10-R", 38), ("D-", 46), ("AMZ-R", 32), ("E-", 31)):
        expected = {f"{prefix}{number:02d}" for number in range(1, last + 1)}
        assert expected <= ids, sorted(expected - ids)


def test_en_md_has_every_flag_profile_and_short_variant() -> None:
    book = entries(EN)
    flags = {name for name in RuleSet.__dataclass_fields__ if not name.startswith("_")} - {"name"}
    assert flags <= set(book), sorted(flags - set(book))
    assert set(PROFILES) <= set(book)
    assert "program_swap_after" in book
    text = EN.read_text(encoding="utf-8")
    assert all(f"`{name}" in text for name in VARIANTS)
    assert "`program_swap`" in text


def test_every_entry_of_en_md_has_a_title_and_text() -> None:
    for rule in entries(EN).values():
        assert rule.title, rule.id
        assert rule.text or rule.id.count(".") == 1, rule.id


def test_rules_text_never_points_to_the_shared_sources() -> None:
    for path in RULES_DIR.glob("*.md"):
        text = path.read_text(encoding="utf-8")
        for forbidden in ("../shared", "shared/", "seeds/", "RULES.md", ".txt"):
            assert forbidden not in text, (path.name, forbidden)


@pytest.mark.parametrize(
    "translation",
    sorted(path for path in RULES_DIR.glob("*.md") if path.name != "en.md"),
    ids=lambda path: path.name,
)
def test_every_translation_has_the_same_ids_as_en_md(translation: Path) -> None:
    assert list(entries(translation)) == list(entries(EN))


def test_wheel_force_includes_docs_rules_as_phase10_rulebook() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    force = pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert force["docs/rules"] == "phase10/rulebook"


def test_rulebook_in_installed_package_is_read_before_docs_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    book = tmp_path / "site-packages" / "phase10" / "rulebook"
    book.mkdir(parents=True)
    (book / "en.md").write_text("# Part A: Installed\n\n### P10-R23 Installed copy\nFits.\n")
    monkeypatch.setattr(phase10, "__file__", str(book.parent / "__init__.py"))
    code, out, _ = run(capsys, "rules", "P10-R23", "--lang", "en")
    assert code == 0
    assert out.splitlines()[0] == "P10-R23 Installed copy"


# ------------------------------------------------------------------------------ the command


def test_rules_command_lists_every_id_with_its_title_by_part(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "rules")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Part A: Phase 10, the standard rules"
    parts = [line for line in lines if line.startswith("Part ")]
    assert [part.split(":")[0] for part in parts] == ["Part A", "Part B", "Part C", "Part D"]
    listed = {line.split()[0] for line in lines if line.startswith("  ")}
    assert listed == set(entries(EN))
    assert any(re.fullmatch(r"\s+P10-R23\s+A hit must fit", line) for line in lines)


def test_rules_command_shows_one_rule_p10_r23(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rules", "P10-R23")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "P10-R23 A hit must fit"
    assert "colour" in out
    assert "**" not in out
    assert not any(line.startswith("#") for line in lines)


def test_rules_command_shows_a_section_with_its_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "A.7")
    assert code == 0
    assert out.startswith("A.7 Hitting\n")
    assert "\nP10-R23 A hit must fit\n" in out  # its rules' headings, without Markdown's #
    assert "P10-R25" not in out


@pytest.mark.parametrize("lang", ["en", "fr", "de", "nl"])
def test_the_rules_text_reads_as_plain_lines_with_no_markdown(
    capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    """A screen reader reads the rules as they are printed: the table of the ten phases
    (A.3) is one line per phase naming each column, and no pipe, backtick, heading mark or
    code fence is read aloud; the program card's model (C.8) is in the reader's language."""
    code, out, _ = run(capsys, "rules", "A.3", "--lang", lang)
    assert code == 0
    phases = [line for line in out.splitlines() if re.match(r"\w+ \d+ ?: \S", line)]
    assert [line.split(":")[0].split()[1] for line in phases] == [str(n) for n in range(1, 11)]
    # In the language's typography: French spaces its colons and semicolons.
    assert (" : " in phases[0] and " ; " in phases[0]) == (lang == "fr")
    for entry in ("A.3", "B.3", "C.8", "B.4.1", "D-19"):
        code, out, _ = run(capsys, "rules", entry, "--lang", lang)
        assert code == 0
        assert not re.search(r"`|\*\w|\w\*", out), (entry, out)
        for line in out.splitlines():
            assert not line.startswith(("#", "|")), (entry, line)
            assert not line.rstrip().endswith("|"), (entry, line)
    code, out, _ = run(capsys, "rules", "C.8", "--lang", lang)
    assert ("for all directives" in out) == (lang == "en")


@pytest.mark.parametrize("lang", ["en", "fr", "de", "nl"])
def test_a_rule_reads_one_line_per_paragraph_however_the_source_wraps(
    capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    """P10-R17, AMZ-R22 and D-19 as a braille display pans through them: each paragraph and
    each list item one line, never a break in mid-sentence (re-tested: the French broke "pas
    encore / réalisée")."""
    for entry in ("P10-R17", "AMZ-R22", "D-19"):
        code, out, _ = run(capsys, "rules", entry, "--lang", lang)
        assert code == 0
        for line in out.splitlines()[1:]:
            stripped = line.strip()
            if stripped and not re.match(r"([-*+]|\d+[.)]) ", stripped):
                assert stripped[-1] in ".:!?)»", (entry, line)


def test_rules_command_accepts_a_lowercase_id(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "rules", "p10-r23")[1] == run(capsys, "rules", "P10-R23")[1]
    code, out, _ = run(capsys, "rules", "amz-r1")
    assert code == 0
    assert out.startswith("AMZ-R01 ")
    code, out, _ = run(capsys, "rules", "SKIP_LIMIT")
    assert code == 0
    assert out.startswith("skip_limit ")


@pytest.mark.parametrize("name", [*VARIANTS, "programmes", "program_swap"])
def test_rules_command_shows_every_listed_variant_and_profile(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """B.1, B.2: each name `phase10 variants` lists is a rules id too; a variant shows its
    description, the flag it sets and that flag's entry."""
    code, out, err = run(capsys, "rules", name)
    assert (code, err) == (0, "")
    assert out.startswith(f"{name} ")
    variant = VARIANTS.get(name)
    if variant is not None:
        assert variant.description in out
        assert f"flag: {variant.flag} = " in out
        assert f"\n{variant.flag} " in out  # the flag's own entry follows


def test_rules_command_shows_a_variant_in_the_reader_s_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """B.1: pick_a_phase with --lang de reads in German, the flag's entry too."""
    code, out, _ = run(capsys, "rules", "pick_a_phase", "--lang", "de")
    assert code == 0
    assert VARIANTS["pick_a_phase"].description not in out
    assert "progression = pick_any" in out
    assert "Spieler" in out


def test_rules_command_unknown_id_exits_2_naming_close_matches(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "rules", "P10-R233")
    assert (code, out) == (2, "")
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("phase10: error: no rule 'P10-R233'")
    assert "P10-R23" in lines[0]
    assert "Traceback" not in err


def test_rules_command_unknown_id_without_close_match_points_to_the_list(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "rules", "zzzz")
    assert code == 2
    assert err.strip() == "phase10: error: no rule 'zzzz': 'phase10 rules' lists them all"


def test_rules_command_finds_the_rules_that_mention_a_word(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A beginner looks up a word, not an id (play-tested: ``rules run`` and ``rules Wild``
    were refused as unknown ids): the rules that mention it are listed, those whose title has
    it first (P10-R06 Wild, P10-R04 Run), with how to read one."""
    code, out, err = run(capsys, "rules", "Wild")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert re.fullmatch(r"\d+ rules mention 'Wild': type phase10 rules ID to read one\.", lines[0])
    assert lines[2] == "Part A: Phase 10, the standard rules"
    assert lines[3].split() == ["P10-R06", "Wild"]
    assert any(line.split()[:1] == ["D-06"] for line in lines[2:])  # "taking a wild", in its text
    code, out, _ = run(capsys, "rules", "run")
    assert code == 0
    assert out.splitlines()[3].split() == ["P10-R04", "Run"]
    # The plural finds the singular; several words are looked for together; the other
    # game's rules stand under their own part's title.
    code, out, _ = run(capsys, "rules", "wilds")
    assert code == 0
    assert out.splitlines()[3].split() == ["P10-R06", "Wild"]
    assert "Part C: Programmes, the amüze program-card rummy" in out.splitlines()
    code, out, _ = run(capsys, "rules", "wild", "card")
    assert code == 0
    assert re.match(r"\d+ rules? mentions? 'wild card'", out)
    code, out, _ = run(capsys, "rules", "joker", "--lang", "de")
    assert code == 0
    assert out.splitlines()[0].endswith("'joker': tippe phase10 rules ID, um eine zu lesen.")
    assert out.splitlines()[3].split() == ["P10-R06", "Joker"]


@pytest.fixture
def rulebook_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A rules folder with the real en.md and whatever a test writes beside it."""
    shutil.copy(EN, tmp_path / "en.md")
    monkeypatch.setattr(rulebook, "rulebook_dirs", lambda: [tmp_path])
    return tmp_path


def test_rules_command_lang_without_a_file_falls_back_to_english(
    rulebook_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "rules", "P10-R23", "--lang", "fr")
    assert code == 0
    assert out.startswith("P10-R23 A hit must fit\n")
    assert err == f"{NOTE}the rules are not translated into Français yet; showing them in English\n"
    code, out, err = run(capsys, "rules", "--lang", "de")
    assert code == 0
    assert out.startswith("Part A: Phase 10, the standard rules\n")
    assert len(err.splitlines()) == 1


def test_rules_command_lang_lacking_an_id_falls_back_to_english(
    rulebook_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (rulebook_dir / "nl.md").write_text(
        "# Deel A: Phase 10\n\n### P10-R23 Aanleggen moet passen\nEen set neemt zijn getal.\n",
        encoding="utf-8",
    )
    code, out, err = run(capsys, "rules", "p10-r23", "--lang", "nl")
    assert (code, err) == (0, "")
    assert out == "P10-R23 Aanleggen moet passen\n\nEen set neemt zijn getal.\n"
    code, out, err = run(capsys, "rules", "P10-R01", "--lang", "nl")
    assert code == 0
    assert out.startswith("P10-R01 The deck\n")
    assert err == f"{NOTE}P10-R01 is not translated into Nederlands yet; showing it in English\n"
    code, out, err = run(capsys, "rules", "--lang", "nl")
    assert code == 0
    assert out.startswith("Part A: Phase 10, the standard rules\n")
    assert len(err.splitlines()) == 1


def test_rules_command_default_language_comes_from_the_locale(
    rulebook_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANGUAGE", "de")
    code, out, err = run(capsys, "rules", "D-04")
    assert code == 0
    assert out.startswith("D-04 ")
    assert "Deutsch" in err
