"""Bounds on what the commands accept, progress on long runs, the programmes finder's cost,
and the deck check's message."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phase10.api import find_variant
from phase10.games.phase10.cards import full_deck
from phase10.games.programmes.cards import JOKER_CODE, programme_deck
from phase10.games.programmes.programs import DEFAULT_PROGRAMS
from phase10.kernel.errors import RulesError
from phase10.kernel.kinds import Kind


@pytest.mark.parametrize("game", ["phase10", "programmes"])
def test_a_duplicated_card_in_a_preset_deck_is_named_with_the_missing_one(game: str) -> None:
    """A deck check that said only "(got 108 cards)" said nothing; the card twice and the
    card missing are named."""
    from phase10 import games

    found = games.get(game)
    rules = find_variant("standard" if game == "phase10" else "programmes")
    deck = list(full_deck() if game == "phase10" else programme_deck())
    twice, gone = deck[0], deck[-1]
    deck[-1] = twice
    with pytest.raises(RulesError) as caught:
        found.new_game(rules, 2, 1, deck=deck)
    message = str(caught.value)
    assert f"too many: {twice} (3 instead of 2)" in message
    assert f"missing: {gone}" in message
    assert "\n" not in message


SMALL_RUN = ["simulate", "--variant", "n_phases=1", "--games", "6", "--seed", "3"]


def _drop_timing(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if "took" not in line)


def test_simulate_prints_plain_progress_lines_on_stderr_and_the_same_result(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A run that is not on a terminal says how far it
    is in sentences on stderr; stdout is the same with --quiet, which silences them."""
    from phase10.cli.main import main

    assert main(SMALL_RUN) == 0
    loud = capsys.readouterr()
    assert "6/6 games done in" in loud.err
    assert main([*SMALL_RUN, "--quiet"]) == 0
    quiet = capsys.readouterr()
    assert quiet.err == ""
    assert _drop_timing(quiet.out) == _drop_timing(loud.out)
    assert "6 games" in loud.out


def test_plain_progress_says_the_time_left_every_few_seconds() -> None:
    """One sentence per interval, with an estimate, and a last one."""
    import io

    from phase10.cli.progress import progress_reporter

    out = io.StringIO()
    now = [0.0]
    with progress_reporter(100, "games", stream=out, clock=lambda: now[0]) as step:
        assert step is not None
        for done in range(1, 101):
            now[0] += 1.0
            step(done, 100)
    lines = out.getvalue().splitlines()
    assert lines[0] == "5/100 games, about 2 min left"
    assert lines[-1] == "100/100 games done in 2 min"
    assert len(lines) == 100 // 5


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["simulate", "--bots", "ismcts:infs,greedy"], "at most 3600"),
        (["simulate", "--bots", "ismcts:nans,greedy"], "greater than 0"),
        (["simulate", "--bots", "ismcts:1e9it,greedy"], "from 1 to 1,000,000"),
        (["simulate", "--bots", "ismcts:-1it,greedy"], "from 1 to 1,000,000"),
        (["simulate", "--bots", "ismcts:10it:zinf,greedy"], "at most 100"),
        (["simulate", "--games", "10000000"], "from 1 to 1,000,000"),
        (["simulate", "--workers", "1024"], "from 1 to 256"),
        (["simulate", "--workers", "200"], "--oversubscribe"),
        (
            ["simulate", "--seed", "1" * 5000],
            "'11111111111111111111…': expected a whole number from 0",
        ),
        (["play", "--plain", "--seed", "9" * 21], "expected a whole number from 0 to"),
        (["simulate", "--seed", "²"], "not a whole number"),
        (["odds", "--phase", "1", "--hands", "100000000"], "10,000,000"),
        (["bench", "--seconds", "inf"], "at most 3600"),
        (["bench", "--seconds", "nan"], "greater than 0"),
        (["bench", "--seconds", "1e999"], "at most 3600"),
        (["bench", "--seconds", "١"], "greater than 0"),
        (["play", "--plain", "--seed", "-5"], "from 0 to"),
        (["play", "--plain", "--delay", "-1"], "0 or more"),
        (["serve", "--port", "70000"], "from 1 to 65,535"),
        (["serve", "--bot-delay", "nan"], "0 or more"),
        (["serve", "--hold", "-1"], "from 0 to"),
        (["simulate", "--games", "2", "--rules", ""], "--rules is empty"),
        (["check", "--phase", "1", *["W"] * 5000], "1 to 108 cards"),
        (["check", "--phase", "1", " "], "1 to 108 cards"),
        (["check", "--game", "programmes", "--program", "PRG-07", " "], "no cards"),
        (["odds", "--phase", "1", "--rules-file", " "], "--rules-file is empty"),
    ],
)
def test_absurd_numbers_get_one_clear_line_and_exit_2(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """NaN, infinity, negatives, huge values and budgets that never end
    are refused before anything starts: exit 2, one line naming the limit."""
    from phase10.cli.main import main

    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("phase10: error:")
    assert words in err
    assert "Traceback" not in err


def test_programmes_check_refuses_more_of_a_card_than_the_deck_holds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """100,000 cards did not finish; a hand holds at most the deck's two
    of each face and four jokers (AMZ-R01), and more is one clear line naming the limit."""
    from phase10.cli.main import main

    hand = [str(c) for c in programme_deck()] * 1000
    assert main(["check", "--game", "programmes", "--program", "PRG-07", *hand]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "AMZ-R01" in err
    assert "108 cards" in err


def _old_set_candidates(d: Any, program: Any, counts: list[int], wilds: int) -> list[Any]:
    """The set candidates as the finder made them before it counted multisets: every
    combination of the pool with each copy apart, then deduplicated."""
    from itertools import combinations

    from phase10.games.programmes import finder

    values = (d.values[0],) if d.values is not None else finder._SET_VALUES
    spare = 0 if program.no_wild else wilds
    out = []
    for value in values:
        pool = [
            c
            for s in finder._suits(program)
            for c in [s * 13 + value - 1]
            for _ in range(counts[c])
        ]
        for k in range(min(d.length, len(pool)), 0, -1):
            if d.length - k > spare:
                break
            for chosen in sorted(set(combinations(pool, k))):
                out.append((d.length - k, [(c, value) for c in chosen]))
    return out


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, JOKER_CODE), min_size=0, max_size=30),
    st.sampled_from([p for p in DEFAULT_PROGRAMS if not p.sun]),
)
def test_the_set_finder_lists_what_it_listed_before(cards: list[int], program: Any) -> None:
    """Enumerating multisets instead of copies changes no candidate and
    no order, for random hands (up to 8 copies of a card) and every program card."""
    from phase10.games.programmes import finder

    counts = finder._counts(cards)
    wilds = sum(counts[c] for c in finder._WILD_CODES)
    for d in program.groups:
        if d.kind is Kind.SET:
            new = list(finder._set_candidates(d, program, counts, wilds))
            assert new == _old_set_candidates(d, program, counts, wilds)


#: A fast subset of scripts/fuzz_commands.py: every number option of the commands that run
#: and end on their own, with values that cannot be meant.
FUZZ_VALUES = ("-1", "nan", "inf", "1e999", "1" + "0" * 5000, "", "²", "1e9", "1000000000")
FUZZ_COMMANDS = {
    ("simulate", "--variant", "n_phases=1", "--games", "2"): ("--games", "--seed", "--workers"),
    ("odds", "--phase", "1", "--hands", "20"): ("--hands", "--seed", "--phase"),
    ("bench", "--seconds", "0.01"): ("--seconds", "--seed"),
    ("check", "--phase", "1", "R5"): ("--phase",),
}


@pytest.mark.parametrize(
    "argv",
    [
        [*base, option, value]
        for base, options in FUZZ_COMMANDS.items()
        for option in options
        for value in FUZZ_VALUES
        # A seed of 1,000,000,000 or 0 is a fine seed.
        if not (option == "--seed" and value in ("1e9", "1000000000"))
    ],
    ids=lambda argv: " ".join(a[:12] for a in argv[-2:]),
)
def test_bad_numbers_to_every_command_are_refused_quickly(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Exit 2 and one line, within ten seconds, for each bad number."""
    import signal

    from phase10.cli.main import main

    def too_slow(_signal: int, _frame: object) -> None:
        raise TimeoutError(f"phase10 {' '.join(argv)[:80]} ran for more than 10 s")

    previous = signal.signal(signal.SIGALRM, too_slow)
    signal.alarm(10)
    try:
        status = main(argv)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    err = capsys.readouterr().err
    assert (status, err.count("\n")) == (2, 1), err
    assert "Traceback" not in err


def test_odds_tells_its_progress_off_a_terminal_and_keeps_its_answer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Odds with many hands says how far it is on stderr (not a
    terminal here); --quiet silences it and stdout does not change."""
    from phase10.cli.main import main

    argv = ["odds", "--phase", "1", "--hands", "500", "--seed", "2"]
    assert main(argv) == 0
    loud = capsys.readouterr()
    assert "500/500 hands done in" in loud.err
    assert main([*argv, "--quiet"]) == 0
    quiet = capsys.readouterr()
    assert (quiet.err, quiet.out) == ("", loud.out)


def test_bench_says_each_measurement_on_stderr_unless_quiet(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Bench's three measurements are announced with the time left."""
    from phase10.cli.main import main

    assert main(["bench", "--seconds", "0.05"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert [line.split(" measuring")[0] for line in err] == ["1/3", "2/3", "3/3"]
    assert main(["bench", "--seconds", "0.05", "--quiet"]) == 0
    assert capsys.readouterr().err == ""
