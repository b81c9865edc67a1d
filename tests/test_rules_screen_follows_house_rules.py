"""The rules screen describes the game in play: a house rule's flag (B.1) changes the
paragraph it touches, so a family that learns the rules from the screen reads their own
game, not the standard one, in every language."""

from __future__ import annotations

from dataclasses import replace

import pytest

from phase10.api import find_variant
from phase10.games.phase10.rules import FirstDealer, RuleSet, SkipLimit
from phase10.games.phase10.rules_text import rules_text

LANGUAGES = ("en", "fr", "de", "nl")
STANDARD = rules_text(RuleSet())


def _text(spec: str | RuleSet, lang: str = "en") -> str:
    rules = find_variant(spec) if isinstance(spec, str) else spec
    return rules_text(rules, lang)


def test_pick_a_phase_says_any_phase_not_in_order() -> None:
    """B.4.1 `pick_any`: any phase not yet made, named; the winner has made them all."""
    text = _text("standard+pick_a_phase")
    assert "works through the phases in order" not in text
    assert "any one phase of the list that you have not made yet" in text
    assert "a player who has made every phase of the list wins" in text
    assert "moves up to the next phase" not in text


def test_ten_hands_says_everyone_moves_up_and_the_lowest_total_wins() -> None:
    """B.4.1 `every_hand`: everyone moves up after every hand; the lowest total wins."""
    text = _text("standard+ten_hands")
    assert "works through the phases in order" not in text
    assert "Everyone moves up to the next phase, made or not." in text
    assert "the lowest total wins" in text
    assert "The first player to complete the last phase wins" not in text


def test_no_hits_on_others_when_laying_down_is_in_the_turn() -> None:
    """D-18 (`hit_others_on_laydown_turn` = false): only your own groups that turn."""
    text = _text("standard+no_hit_others_on_laydown_turn")
    assert "in the turn you lay down, only to your own groups" in text
    assert "in the turn you lay down, only to your own groups" not in STANDARD


def test_going_out_rules_are_said() -> None:
    """D-20 (`go_out_requires_discard`) and D-09 (`skip_can_go_out` = false)."""
    text = _text("standard+must_discard_to_go_out+no_skip_go_out")
    assert "You go out only with a discard" in text
    assert "A Skip may not be the last card you go out with." in text
    assert "You go out only with a discard" not in STANDARD


@pytest.mark.parametrize(
    ("limit", "said", "not_said"),
    [
        (SkipLimit.NONE, "a player may lose turn after turn", "Nobody loses two turns in a row"),
        (SkipLimit.PER_HAND, "only once per hand", "Nobody loses two turns in a row"),
        (SkipLimit.PENDING_ONLY, "still waiting", "Nobody loses two turns in a row"),
        (SkipLimit.PER_CIRCUIT, "Nobody loses two turns in a row", "turn after turn"),
    ],
)
def test_the_skip_limit_in_play_is_the_one_said(limit: SkipLimit, said: str, not_said: str) -> None:
    """B.4.3: each `skip_limit` value has its own sentence, and no other's."""
    text = _text(replace(RuleSet(), skip_limit=limit))
    skips = text.split("## Skips")[1].split("##")[0]
    assert said in skips
    assert not_said not in skips


def test_skips_to_the_next_player_lying_in_front_of_them() -> None:
    """`skip_target` = next (DE) and `skip_delivery` = placed (NL, B.4.2)."""
    text = _text("standard+skip_next_player+skip_placed")
    assert "makes the next player lose their next turn" in text
    assert "lies face up in front of that player" in text


def test_a_phase_may_need_one_natural_card_in_all() -> None:
    """D-04 (`natural_card_scope` = per_phase)."""
    text = _text("standard+natural_per_phase")
    assert "one natural card in all" in text
    assert "every group needs at least one natural card" not in text


def test_the_first_to_lay_down_wins_the_tie_break() -> None:
    """B.4.4 `replay_first_laydown`."""
    assert "the first to lay it down wins at once" in _text("standard+tiebreak_first_laydown")
    assert "the first to lay it down wins at once" not in STANDARD


def test_the_first_dealer_custom_is_said() -> None:
    """`first_dealer` (B.1): the program cannot ask ages, so it says who counts as youngest."""
    youngest = _text(replace(RuleSet(), first_dealer=FirstDealer.YOUNGEST_STARTS))
    assert "takes the player in the first seat as the youngest" in youngest
    assert "the highest number deals" in _text(
        replace(RuleSet(), first_dealer=FirstDealer.HIGH_CARD)
    )
    assert "youngest" not in STANDARD


def test_the_house_rules_are_listed_in_words_before_their_flag() -> None:
    """The list of differences leads with the variant's words, the flag after it."""
    text = _text("standard+pick_a_phase")
    assert (
        "- Each hand, lay down any phase not yet completed, naming it. (`progression = pick_any`)"
        in text
    )


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_house_rule_paragraph_is_translated(lang: str) -> None:
    """Each changed paragraph reads in the player's language, not in English."""
    spec = (
        "standard+pick_a_phase+no_hit_others_on_laydown_turn+must_discard_to_go_out"
        "+no_skip_go_out+skip_next_player+skip_placed+natural_per_phase+tiebreak_first_laydown"
    )
    english = set(_text(spec).split("\n\n"))
    for rules in (spec, "standard+ten_hands"):
        for paragraph in _text(rules, lang).split("\n\n"):
            if paragraph.startswith(("|", "- ", "Rules in play")) or not paragraph.strip():
                continue
            assert paragraph not in english, f"{lang}: {paragraph!r} is in English"


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("programmes", "The first to complete 5 programs, sun cards included"),
        ("programmes+programs_to_win=2", "The first to complete 2 programs, sun cards included"),
        ("programmes+programs_to_win=1", "The first to complete 1 program, sun cards included"),
    ],
)
def test_the_programmes_rules_say_the_tables_number_of_programs_to_win(
    name: str, said: str
) -> None:
    """AMZ-R30: the rules screen says the number of programs this table plays to (it said
    five at a table of two)."""
    from phase10 import games

    game = games.get("programmes")
    text = game.rules_text(game.find_rules(name), "en")
    assert said in text
    assert "five programs" not in text
