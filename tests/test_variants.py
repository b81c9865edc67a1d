"""Profiles (rules B.2), short variants (B.1), user TOML files and the final phase (D-33)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from phase10.api import find_variant
from phase10.games.phase10.rules import (
    PHASE3_SET5,
    NaturalCardScope,
    Phase3Variant,
    Phase10Variant,
    PhaseSequence,
    Progression,
    RuleSet,
    SkipDelivery,
    SkipLimit,
    SkipTarget,
    Tiebreak,
)
from phase10.games.phase10.rules_file import load_rules_file
from phase10.games.phase10.variants import (
    PROFILE_DESCRIPTIONS,
    PROFILES,
    VARIANTS,
    build_rules,
    describe_rules,
    rules_from_flags,
)
from phase10.kernel.errors import RulesError

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
BASELINE = RuleSet().flags()


def changed_flags(rules: RuleSet) -> dict[str, object]:
    return {key: value for key, value in rules.flags().items() if value != BASELINE[key]}


def write(tmp_path: Path, text: str, name: str = "our.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- B.2 profiles ------------------------------------------------------------------------------

B2_PROFILES: dict[str, dict[str, object]] = {
    "standard": {},
    "fr_mattel": {"skip_limit": "per_hand"},
    "en_phase10rules": {"phase10_variant": "set4_set3"},
    "de_article": {
        "skip_target": "next",
        "hit_others_on_laydown_turn": False,
        "go_out_requires_discard": True,
        "tiebreak": "replay_first_laydown",
    },
    "nl_accessible": {
        "phase3_variant": "set5_run4",
        "skip_delivery": "placed",
        "skip_limit": "pending_only",
    },
}


def test_b2_profiles_are_exactly_the_five_seeds() -> None:
    assert list(PROFILES) == list(B2_PROFILES)
    assert set(PROFILE_DESCRIPTIONS) == set(PROFILES)
    assert all(text and "\n" not in text for text in PROFILE_DESCRIPTIONS.values())


@pytest.mark.parametrize("profile", list(B2_PROFILES))
def test_b2_profile_flags(profile: str) -> None:
    rules = find_variant(profile)
    assert rules.name == profile
    assert changed_flags(rules) == B2_PROFILES[profile]
    assert build_rules(profile) == rules


def test_b2_profile_standard_flags() -> None:
    assert find_variant("standard") == RuleSet()


def test_b2_profile_fr_mattel_flags() -> None:
    assert find_variant("fr_mattel").skip_limit is SkipLimit.PER_HAND


def test_b2_profile_en_phase10rules_flags() -> None:
    rules = find_variant("en_phase10rules")
    assert rules.phase10_variant is Phase10Variant.SET4_SET3
    assert str(rules.final_phase) == "Phase 10: set of 4 + set of 3"


def test_b2_profile_de_article_flags() -> None:
    rules = find_variant("de_article")
    assert rules.skip_target is SkipTarget.NEXT
    assert rules.hit_others_on_laydown_turn is False
    assert rules.go_out_requires_discard is True
    assert rules.tiebreak is Tiebreak.REPLAY_FIRST_LAYDOWN
    # B.2: DE is silent on a Skip limit, so the baseline is kept.
    assert rules.skip_limit is SkipLimit.PER_CIRCUIT


def test_b2_profile_nl_accessible_flags() -> None:
    rules = find_variant("nl_accessible")
    assert rules.phase3_variant is Phase3Variant.SET5_RUN4
    assert rules.skip_delivery is SkipDelivery.PLACED
    assert rules.skip_limit is SkipLimit.PENDING_ONLY
    assert rules.phases[2] == PHASE3_SET5


# --- B.1 short variants ------------------------------------------------------------------------

B1_VARIANTS: dict[str, tuple[str, object]] = {
    "ten_hands": ("progression", "every_hand"),
    "even_phases": ("phase_sequence", "even"),
    "odd_phases": ("phase_sequence", "odd"),
    "pick_a_phase": ("progression", "pick_any"),
    "phase3_set5": ("phase3_variant", "set5_run4"),
    "phase10_set4": ("phase10_variant", "set4_set3"),
    "skip_next_player": ("skip_target", "next"),
    "skip_placed": ("skip_delivery", "placed"),
    "skip_once_per_hand": ("skip_limit", "per_hand"),
    "skip_pending_only": ("skip_limit", "pending_only"),
    "no_hit_others_on_laydown_turn": ("hit_others_on_laydown_turn", False),
    "must_discard_to_go_out": ("go_out_requires_discard", True),
    "tiebreak_first_laydown": ("tiebreak", "replay_first_laydown"),
    "natural_per_phase": ("natural_card_scope", "per_phase"),
    "no_skip_go_out": ("skip_can_go_out", False),
}


def test_d31_skip_no_limit_names_skip_limit_none() -> None:
    """Decision 0031: ``skip_no_limit`` sets ``skip_limit=none`` (B.4.3), as a rules file's
    ``[flags]`` does, and clashes with the other limits."""
    rules = find_variant("skip_no_limit")
    assert changed_flags(rules) == {"skip_limit": SkipLimit.NONE}
    with pytest.raises(RulesError, match="skip_once_per_hand"):
        find_variant("skip_no_limit+skip_once_per_hand")


def test_b1_variants_are_exactly_the_sixteen_and_two_of_ours() -> None:
    """B.1's sixteen short names, one of ours for its ``skip_limit=none`` (decision 0031)
    and one for our house rule ``wild_from_discard=false`` (decision 0032)."""
    assert set(VARIANTS) == {*B1_VARIANTS, "n_phases", "skip_no_limit", "no_wild_from_discard"}
    assert len(VARIANTS) == 18
    assert all(v.description and "\n" not in v.description for v in VARIANTS.values())


@pytest.mark.parametrize("variant", list(B1_VARIANTS))
def test_b1_variant_flag(variant: str) -> None:
    flag, value = B1_VARIANTS[variant]
    assert (VARIANTS[variant].flag, VARIANTS[variant].value) == (flag, value)
    rules = find_variant(variant)
    assert rules.name == variant
    assert changed_flags(rules) == {flag: value}


def test_b1_variant_even_phases() -> None:
    rules = find_variant("even_phases")
    assert rules.phase_sequence is PhaseSequence.EVEN
    assert [p.number for p in rules.phases] == [2, 4, 6, 8, 10]


def test_b1_variant_odd_phases() -> None:
    assert [p.number for p in find_variant("odd_phases").phases] == [1, 3, 5, 7, 9]


def test_b1_variant_natural_per_phase() -> None:
    assert find_variant("natural_per_phase").natural_card_scope is NaturalCardScope.PER_PHASE


@pytest.mark.parametrize("spelling", ["n_phases=5", "n_phases:5", "N-Phases = 5", "n_phases:05"])
def test_b1_variant_n_phases_spellings(spelling: str) -> None:
    rules = find_variant(spelling)
    assert rules.phase_count == 5
    assert rules.name == "n_phases=5"
    assert changed_flags(rules) == {"phase_count": 5}


def test_b1_variant_n_phases_needs_a_number() -> None:
    with pytest.raises(RulesError, match=r"n_phases=N") as info:
        find_variant("n_phases")
    assert info.value.key == "n_phases"
    with pytest.raises(RulesError, match="whole number"):
        find_variant("n_phases=five")
    with pytest.raises(RulesError, match="whole number"):
        find_variant("n_phases=0")


@pytest.mark.parametrize(
    ("name", "most"), [("n_phases=0", 10), ("even_phases+n_phases=0", 5), ("n_phases=11", 10)]
)
def test_b1_n_phases_out_of_range_says_the_range(name: str, most: int) -> None:
    """B.1 phase_count: a number of phases outside the list is refused with the range the
    list allows, not as "not a whole number"."""
    with pytest.raises(RulesError, match=f"from 1 to {most} ") as info:
        find_variant(name)
    assert "not a whole number" not in str(info.value)
    assert info.value.reason == "variants.n_phases_out_of_range"


def test_b1_names_are_case_insensitive_and_accept_dashes() -> None:
    assert find_variant("NL-Accessible+Ten-Hands") == find_variant("nl_accessible+ten_hands")
    assert find_variant(" DE_ARTICLE ").name == "de_article"


def test_b1_a_dash_is_read_as_an_underscore_in_a_name_but_not_in_its_number() -> None:
    """A refused number is quoted as typed: ``n_phases=-1`` said ``'_1'``."""
    with pytest.raises(RulesError) as info:
        find_variant("N-Phases=-1")
    assert "'-1'" in str(info.value), str(info.value)
    assert "_1" not in str(info.value)
    with pytest.raises(RulesError, match="not -1"):
        find_variant("programmes+Program-Swap-After=-1")


def test_b1_combination_nl_accessible_even_phases() -> None:
    rules = find_variant("nl_accessible+even_phases")
    assert rules.name == "nl_accessible+even_phases"
    assert [p.number for p in rules.phases] == [2, 4, 6, 8, 10]
    # NL's harder phase 3 is out of play here, but the flag (and NL's Skip rules) stay.
    assert rules.phase_by_number(3) is None
    assert rules.phase3_variant is Phase3Variant.SET5_RUN4
    assert rules.skip_delivery is SkipDelivery.PLACED
    assert rules.skip_limit is SkipLimit.PENDING_ONLY
    assert build_rules("nl_accessible", ["even_phases"]) == rules


def test_b1_combination_ten_hands_even_phases_lasts_five_hands() -> None:
    rules = find_variant("ten_hands+even_phases")
    assert rules.progression is Progression.EVERY_HAND
    assert len(rules.phases) == 5


def test_b1_variant_overrides_its_profile() -> None:
    rules = find_variant("nl_accessible+skip_once_per_hand")
    assert rules.skip_limit is SkipLimit.PER_HAND
    assert rules.skip_delivery is SkipDelivery.PLACED


def test_d33_final_phase_with_n_phases() -> None:
    assert find_variant("n_phases=7").final_phase.number == 7
    assert find_variant("even_phases+n_phases=3").final_phase.number == 6
    assert find_variant("odd_phases+n_phases:4").final_phase.number == 7
    assert find_variant("de_article+odd_phases").final_phase.number == 9


def test_d33_n_phases_longer_than_the_sequence_is_rejected() -> None:
    with pytest.raises(RulesError, match="from 1 to 5") as info:
        find_variant("n_phases=8+even_phases")
    assert info.value.key == "phase_count"


def test_b1_conflicting_variants_are_named() -> None:
    with pytest.raises(RulesError, match="even_phases and odd_phases"):
        find_variant("even_phases+odd_phases")
    with pytest.raises(RulesError, match="ten_hands and pick_a_phase"):
        build_rules("standard", ["ten_hands", "pick_a_phase"])
    with pytest.raises(RulesError, match="n_phases=5 and n_phases=7"):
        find_variant("n_phases=5+n_phases=7")


def test_b1_repeated_variant_is_harmless() -> None:
    assert find_variant("ten_hands+ten-hands").name == "ten_hands"


def test_unknown_name_lists_known_and_suggests_closest() -> None:
    with pytest.raises(RulesError, match=r"did you mean 'even_phases'") as info:
        find_variant("evn_phases")
    assert "nl_accessible" in str(info.value)
    assert "no_skip_go_out" in str(info.value)
    with pytest.raises(RulesError, match=r"did you mean 'nl_accessible'"):
        find_variant("nl_acessible")
    with pytest.raises(RulesError, match="unknown variant"):
        find_variant("standard+tenhands")
    with pytest.raises(RulesError, match="put it first"):
        find_variant("even_phases+de_article")
    with pytest.raises(RulesError, match="empty name"):
        find_variant("standard++ten_hands")


# --- build_rules and explicit flags ------------------------------------------------------------


def test_build_rules_converts_flag_values() -> None:
    rules = build_rules(
        "de_article",
        ["ten_hands"],
        {
            "skip_limit": "None",
            "skip-can-go-out": "false",
            "phase_count": "4",
            "first_dealer": "youngest_starts",
            "hit_others_on_laydown_turn": True,
        },
    )
    assert rules.skip_limit is SkipLimit.NONE
    assert rules.skip_can_go_out is False
    assert rules.phase_count == 4
    assert rules.first_dealer.value == "youngest_starts"
    assert rules.hit_others_on_laydown_turn is True
    assert rules.progression is Progression.EVERY_HAND
    assert rules.name.startswith("de_article+ten_hands+")


def test_build_rules_flags_win_over_variants() -> None:
    assert build_rules("standard", ["even_phases"], {"phase_sequence": "odd"}).phases[0].number == 1


def test_build_rules_bad_flag_value_names_key_and_allowed_values() -> None:
    with pytest.raises(RulesError) as info:
        build_rules(flags={"skip_limit": "sometimes"})
    assert info.value.key == "skip_limit"
    assert "per_circuit, per_hand, pending_only, none" in str(info.value)
    with pytest.raises(RulesError, match="true or false") as info:
        build_rules(flags={"skip_can_go_out": "maybe"})
    assert info.value.key == "skip_can_go_out"
    with pytest.raises(RulesError, match="whole number") as info:
        build_rules(flags={"phase_count": "many"})
    assert info.value.key == "phase_count"


def test_build_rules_unknown_flag_and_profile() -> None:
    with pytest.raises(RulesError, match="did you mean 'skip_limit'") as info:
        build_rules(flags={"skp_limit": "none"})
    assert info.value.key == "skp_limit"
    with pytest.raises(RulesError, match="it is a variant"):
        build_rules("ten_hands")
    with pytest.raises(RulesError, match="unknown profile"):
        build_rules("dutch")


def test_build_rules_construction_error_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="phase_count") as info:
        build_rules(flags={"phase_sequence": "odd", "phase_count": 9})
    assert info.value.key == "phase_count"


# --- TOML files --------------------------------------------------------------------------------


def test_toml_good_file(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        'name = "our_house"\nprofile = "de_article"\nvariants = ["ten_hands", "n_phases:7"]\n'
        '[flags]\nskip_limit = "none"\nskip_can_go_out = false\n',
    )
    rules = load_rules_file(path)
    assert rules.name == "our_house"
    assert rules.progression is Progression.EVERY_HAND
    assert rules.phase_count == 7
    assert rules.skip_limit is SkipLimit.NONE
    assert rules.skip_can_go_out is False
    assert rules.skip_target is SkipTarget.NEXT


def test_toml_example_names_the_rules_document_that_exists() -> None:
    """The example file sends readers to B.1 of a document the project has."""
    text = (EXAMPLES / "house_rules.toml").read_text(encoding="utf-8")
    named = re.findall(r"[\w/.-]+\.md", text)
    assert named
    for document in named:
        assert (EXAMPLES.parent / document).is_file(), document
    assert "B.1" in text


def test_toml_empty_file_is_standard_named_after_file(tmp_path: Path) -> None:
    rules = load_rules_file(str(write(tmp_path, "", "plain.toml")))
    assert rules.name == "plain"
    assert rules.flags() == BASELINE


def test_toml_example_house_rules_loads() -> None:
    rules = load_rules_file(EXAMPLES / "house_rules.toml")
    assert rules.name == "house_rules"
    assert [p.number for p in rules.phases] == [2, 4, 6, 8]
    assert rules.skip_limit is SkipLimit.PER_HAND


@pytest.mark.parametrize(
    ("text", "key", "fragment"),
    [
        ("colour = 'red'\n", "colour", "unknown key"),
        ("[flags]\nskip_limt = 'none'\n", "flags.skip_limt", "did you mean 'skip_limit'"),
        (
            "[flags]\nskip_limit = 'sometimes'\n",
            "flags.skip_limit",
            "flags.skip_limit: 'sometimes' is not one of per_circuit, per_hand, pending_only, none",
        ),
        ("profile = 'dutch'\n", "profile", "unknown profile"),
        ("variants = ['ten_hands', 'evn_phases']\n", "variants[1]", "did you mean 'even_phases'"),
        ("variants = ['even_phases', 'odd_phases']\n", "variants", "cannot be played together"),
        ("variants = ['n_phases']\n", "variants[0]", "n_phases=N"),
        ("variants = ['n_phases=8', 'even_phases']\n", "variants", "from 1 to 5"),
        ("variants = ['even_phases']\n[flags]\nphase_count = 8\n", "flags.phase_count", "1 to 5"),
        ("[flags]\nphase_sequence = 'even'\n", None, None),
    ],
)
def test_toml_bad_value_names_file_and_key(
    tmp_path: Path, text: str, key: str | None, fragment: str | None
) -> None:
    path = write(tmp_path, text)
    if key is None:
        load_rules_file(path)
        return
    with pytest.raises(RulesError) as info:
        load_rules_file(path)
    message = str(info.value)
    assert message.startswith(f"{path}: {key}: ")
    assert info.value.key == key
    assert fragment is not None
    assert fragment in message


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("name = 3\n", "name"),
        ("profile = ['standard']\n", "profile"),
        ("variants = 'ten_hands'\n", "variants"),
        ("variants = [1]\n", "variants[0]"),
        ("flags = 'none'\n", "flags"),
        ("[flags]\nskip_limit = 2\n", "flags.skip_limit"),
        ("[flags]\nskip_can_go_out = 'no'\n", "flags.skip_can_go_out"),
        ("[flags]\nphase_count = '7'\n", "flags.phase_count"),
        ("[flags]\nphase_count = true\n", "flags.phase_count"),
    ],
)
def test_toml_wrong_type_names_file_and_key(tmp_path: Path, text: str, key: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(RulesError) as info:
        load_rules_file(path)
    assert str(info.value).startswith(f"{path}: {key}: ")
    assert info.value.key == key


def test_toml_syntax_error_names_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, 'name = "x"\nprofile = \n')
    with pytest.raises(RulesError, match=r"invalid TOML: .*line 2") as info:
        load_rules_file(path)
    assert str(path) in str(info.value)


def test_toml_word_without_quotes_says_to_quote_it(tmp_path: Path) -> None:
    """B.1's flags in a rules file: a value typed as a bare word (``skip_limit = none``),
    which TOML calls only "Invalid value", is named with its fix."""
    path = write(tmp_path, 'name = "x"\n[flags]\nskip_limit = none\n')
    with pytest.raises(RulesError, match="line 3") as info:
        load_rules_file(path)
    assert str(info.value).endswith('; a word needs quotes: skip_limit = "none"')


def test_toml_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.toml"
    with pytest.raises(RulesError, match="no such rules file") as info:
        load_rules_file(path)
    assert str(path) in str(info.value)


def test_toml_directory_or_binary_is_a_rules_error(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="cannot read"):
        load_rules_file(tmp_path)
    binary = tmp_path / "bin.toml"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RulesError, match="not UTF-8"):
        load_rules_file(binary)


# --- describe_rules and rules_from_flags --------------------------------------------------------


def test_describe_rules_lists_phases_and_differences() -> None:
    lines = describe_rules(find_variant("nl_accessible+even_phases"))
    assert lines[0] == "Rules: nl_accessible+even_phases"
    assert "  Phase 2: set of 3 + run of 4" in lines
    assert "  Phase 10: set of 5 + set of 3 (final)" in lines
    assert "  phase_sequence = even: Play only phases 2, 4, 6, 8 and 10." in lines
    assert (
        "  skip_delivery = placed: A Skip is laid in front of its target until their lost turn."
        in lines
    )
    assert not any("progression" in line for line in lines)


def test_describe_rules_standard_has_no_differences() -> None:
    lines = describe_rules(RuleSet())
    assert sum(line.startswith("  Phase ") for line in lines) == 10
    assert lines[-1] == "No differences from the standard rules."


ALL_NAMES = [*PROFILES, *B1_VARIANTS, "n_phases=3", "de_article+odd_phases+n_phases=4+ten_hands"]


@pytest.mark.parametrize("name", ALL_NAMES)
def test_round_trip_rules_from_flags(name: str) -> None:
    rules = find_variant(name)
    assert rules_from_flags(rules.flags(), rules.name) == rules
    assert find_variant(rules.name) == rules


def test_rules_from_flags_rejects_unknown_flag() -> None:
    with pytest.raises(RulesError) as info:
        rules_from_flags({"colour_rule": "x"}, "old")
    assert info.value.key == "colour_rule"
