"""The programmes game names what lies on the table a *combination* (docs/glossary.md), in
its moves, its line mode's answers and its rules; its rules screen says the program swap
as the game was set up, and two settings of the swap are refused (AMZ-R31)."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from phase10.bots import make_bot
from phase10.cli.main import main
from phase10.games import get
from phase10.games.programmes.rules_text import rules_text
from phase10.kernel.i18n import translator
from phase10.kernel.table_words import owned


def test_a_combination_is_named_so_where_a_language_says_the_word() -> None:
    de = translator("de")
    assert owned("Lauf 8 bis 10 in Kreuz", 0, 0, ["Ann", "Bob"], de, combination=True) == (
        "deine Kombination (Lauf 8 bis 10 in Kreuz)"
    )
    assert owned("Lauf 8 bis 10 in Kreuz", 0, 0, ["Ann", "Bob"], de) == (
        "deine Gruppe (Lauf 8 bis 10 in Kreuz)"
    )
    en = translator("en")
    assert owned("run 8 to 10", 1, 0, ["Ann", "Bob"], en, combination=True) == "Bob's run 8 to 10"


def test_the_moves_that_extend_say_combination_in_german() -> None:
    """AMZ-R20: adding to a combination on the table; the move's label says what it is."""
    game = get("programmes")
    rules = game.find_rules("programmes")
    seen = 0
    for seed in range(1, 40):
        state = game.new_game(rules, 2, seed)
        bots = [make_bot("hard", "programmes"), make_bot("hard", "programmes")]
        rng = random.Random(seed)
        while game.outcome(state) is None and seen < 3:
            seat = game.to_act(state)
            view = game.view(state, seat)
            labels = [m.label for m in game.present(view, ["Anna", "Ben"], "de").moves]
            extends = [label for label in labels if "anlegen an" in label]
            if extends:
                seen += 1
                assert all("Kombination" in label for label in extends), extends
                assert not any("Gruppe" in label for label in extends), extends
            state = game.apply(state, bots[seat].choose(view, rng))
        if seen >= 3:
            break
    assert seen >= 3


def test_the_line_mode_says_there_is_no_such_combination(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """AMZ-R20: a combination's number that is not on the table is said as such."""
    lines = ["d", "extend 3H 1", "q"]
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    argv = ["--game", "programmes", "--players", "2", "--seed", "3", "--opponents", "easy"]
    assert main(["play", "--plain", *argv, "--save", str(tmp_path / "g.json")]) == 0
    out = capsys.readouterr().out
    assert "There is no combination 1 on the table (type b to see them)." in out


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_rules_screen_says_the_swap_as_the_game_was_set_up(lang: str) -> None:
    """AMZ-R31: a game set up to swap after 1 failed round never reads "3 rounds" below."""
    game = get("programmes")
    one = rules_text(game.find_rules("programmes+program_swap_after=1"), lang)
    off = rules_text(game.find_rules("programmes"), lang)
    generic = rules_text(None, lang)
    if lang == "en":
        assert "for 1 round may swap it" in one
        assert "3 rounds" not in one
        assert "new-game screen" not in generic
        assert "Program swap (AMZ-R31) is off in this game" in off
    else:
        assert "1 Runde" in one or "1 gescheiterten Runde" in one
        assert "3 Runden" not in one
    assert one != off


def test_two_settings_of_the_swap_are_refused_not_one_dropped() -> None:
    """AMZ-R31: ``program_swap`` (after 3 rounds) and ``program_swap_after=1`` both say when
    a swap comes; a table asked for both is refused, naming both, instead of playing the
    later one without a word. The same setting twice, alike, is accepted."""
    from phase10.games.programmes.variants import find_programme_rules
    from phase10.kernel.errors import RulesError

    with pytest.raises(RulesError) as refused:
        find_programme_rules("programmes+program_swap+program_swap_after=1")
    assert "program_swap and program_swap_after=1 both set program_swap_after" in str(refused.value)
    alike = find_programme_rules("programmes+program_swap+program_swap_after=3")
    assert alike.program_swap_after == 3


def test_a_wild_on_the_table_says_what_it_stands_for() -> None:
    """AMZ-R25: a wild laid in a combination is a card of the value it was given, and stays
    so for the round. Each card of the table's combinations is said in words for a screen
    reader; a wild says its value there ("two of hearts as queen", "joker comme 7"), as the
    log does, never only "(wild)"."""
    from phase10.games.programmes.cards import IS_WILD
    from phase10.games.programmes.narration import rank_shown

    game = get("programmes")
    rules = game.find_rules("programmes")
    for seed in range(1, 40):
        state = game.new_game(rules, 2, seed)
        bot = make_bot("hard", "programmes")
        rng = random.Random(seed)
        for _ in range(300):
            if game.outcome(state) is not None:
                break
            view = game.view(state, game.to_act(state))
            placed = [
                (card, value)
                for row in view.table
                for combo in row
                for card, value in zip(combo.cards, combo.values, strict=True)
                if IS_WILD[card]
            ]
            if placed:
                for lang, word in (("en", "as"), ("fr", "comme")):
                    shown = game.present(view, ["Ann", "Bob"], lang)
                    labels = [face.label for group in shown.table for face in group.cards]
                    for _card, value in placed:
                        said = f" {word} {rank_shown(value, translator(lang))}"
                        assert any(label.endswith(said) for label in labels), (said, labels)
                    assert not any("(wild)" in label or "(joker)" in label for label in labels)
                return
            state = game.apply(state, bot.choose(view, rng))
    raise AssertionError("no wild was laid on the table in 39 games")
