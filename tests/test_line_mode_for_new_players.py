"""The line mode as a new player meets it: answers that say what to type, choices shown before
they are made, saves that resume as they were played, and "you" for the reader's own seat."""

from __future__ import annotations

import argparse
import io
import itertools
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cli_run import play_lines
from phase10.cli import places
from phase10.cli.local_play import CLEAR
from phase10.cli.main import main
from phase10.cli.play import apply_mode, register
from phase10.games.phase10.cards import parse_cards
from phase10.games.phase10.narration import describe_event
from phase10.games.phase10.state import Event, EventKind
from phase10.games.phase10.variants import find_variant
from phase10.games.programmes.cards import parse_playing_cards
from phase10.games.programmes.combos import Combination
from phase10.games.programmes.narration import describe_programme_event, program_text
from phase10.games.programmes.programs import DEFAULT_PROGRAMS
from phase10.games.programmes.state import ProgrammeEvent, ProgrammeEventKind
from phase10.games.programmes.variants import find_programme_rules
from phase10.kernel.errors import RulesError
from phase10.kernel.i18n import translator
from phase10.kernel.presentation import presentation_to_json
from phase10.match import Match, Seat, load_match
from phase10.online.text import me_line, scores_line

_play = play_lines


# ---------------------------------------------------------------------------- pick_a_phase


@pytest.mark.parametrize(
    ("lang", "wanted", "wrong"),
    [("en", "any open phase", "every phase done"), ("fr", "n'importe quelle", "toutes")],
)
def test_pick_a_phase_scores_say_any_open_phase(
    lang: str,
    wanted: str,
    wrong: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    """Under the pick_a_phase variant, s must not say every phase is done."""
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


# ---------------------------------------------------------------------------- long commands


@pytest.mark.parametrize("game", ["phase10", "programmes"])
def test_an_unknown_long_command_is_echoed_as_a_short_prefix(
    game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A 5,000-character command is echoed as at most 40 characters."""
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


# ----------------------------------------------------------------- commands alone, reveal by number


def test_a_move_word_alone_is_never_an_unknown_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A move's word alone lists the moves it starts (AMZ-R20: any card may be discarded), or
    says in words why there is none now (no set to meld, nothing to extend)."""
    out = _play(
        monkeypatch,
        capsys,
        ["d", "meld", "extend", "discard", "q"],
        *("--game", "programmes", "--seed", "3", "--save", str(tmp_path / "g.json")),
    )
    assert "Unknown command" not in out
    # Drawn, not revealed: why neither is open yet (AMZ-R20, AMZ-R22).
    assert "You may lay new sets only once your program is revealed (AMZ-R20)." in out
    assert "You may add to combinations only once your program is revealed (AMZ-R22)." in out
    assert "\n1: discard 5♠\n2: discard 8♠\n" in out


def test_reveal_lists_the_ways_with_their_cards_before_any_is_made(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Reveal (AMZ-R20, E-08): ``reveal`` alone shows every way with its cards, a wild with
    what it stands for, and reveals nothing; ``reveal N`` then reveals way N."""
    save = tmp_path / "g.json"
    argv = ("--game", "programmes", "--seed", "3", "--save", str(save))
    out = _play(monkeypatch, capsys, ["d", "reveal", "q"], *argv)
    assert "\n2: reveal set 8♠ 8♠ 8♥ 2♣=8\n" in out
    assert "You reveal" not in out
    assert not load_match(save).state.players[0].revealed
    monkeypatch.setattr("sys.stdin", io.StringIO("reveal 2\nb\nq\n"))
    assert main(["resume", "--plain", str(save)]) == 0
    out = capsys.readouterr().out
    assert "You revealed program PRG-03 (a set of 4): set 8♠ 8♠ 8♥ 2♣=8." in out
    assert load_match(save).state.players[0].revealed


# ---------------------------------------------------------------------------- developer words


def test_notation_errors_use_players_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """No "token 1 'R5=3'" in an error a player reads."""
    out = _play(
        monkeypatch,
        capsys,
        ["d", "lay set R5=3 B5 W | set G7 R7 Y7", "q"],
        *("--seed", "5", "--save", str(tmp_path / "g.json")),
    )
    assert "token" not in out
    assert "'R5=3' (card 1 of the group): only a wild (W) may say what it stands for" in out


def test_variant_clash_names_no_flag() -> None:
    """No "both set phase_sequence" when two variants clash."""
    with pytest.raises(RulesError) as info:
        find_variant("even_phases+odd_phases")
    assert "phase_sequence" not in str(info.value)
    assert "cannot be played together" in str(info.value)


# ---------------------------------------------------------------------------- saves


def test_a_save_remembers_mode_and_language_and_the_hint_works_as_printed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The save keeps the line mode and the language; resume uses both; the
    printed command resumes the game when run as printed, from another directory."""
    save = tmp_path / "plain.json"
    out = _play(monkeypatch, capsys, ["q"], "--seed", "3", "--lang", "de", "--save", str(save))
    assert load_match(save).interface == {"mode": "plain", "lang": "de"}
    command = out.rsplit(": ", 1)[1].strip()
    assert "resume" in command
    assert str(save) in command
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    # The same player (the same data directory, which holds the key that signs the saves)
    # in another working directory.
    env["LANGUAGE"] = "en"
    if command.startswith("phase10 ") and shutil.which("phase10", path=env.get("PATH")) is None:
        pytest.fail(f"the hint names a phase10 command that is not on the PATH: {command}")
    done = subprocess.run(  # the command the game printed, run as a player would
        ["/bin/sh", "-c", command],
        input="q\n",
        capture_output=True,
        text=True,
        cwd=tmp_path / ".." if (tmp_path / "..").exists() else None,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    # Resumed in German, line by line (not the full screen), though LANGUAGE says English.
    assert "Spiel" in done.stdout
    assert "Fortgesetzt" in done.stdout or "fortgesetzt" in done.stdout


def test_resume_takes_the_saved_mode(tmp_path: Path) -> None:
    """A game saved from --plain resumes line by line."""
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    args = parser.parse_args(["resume", str(tmp_path / "x.json")])
    apply_mode(args, "plain")
    assert args.plain is True
    args = parser.parse_args(["resume", "--screen", str(tmp_path / "x.json")])
    apply_mode(args, "plain")
    assert args.plain is False


def test_saves_go_to_the_data_dir_and_never_overwrite_an_unfinished_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """No saves/ in the current directory; a new game keeps the old save."""
    monkeypatch.chdir(tmp_path)
    _play(monkeypatch, capsys, ["q"], "--seed", "3")
    assert not (tmp_path / "saves").exists()
    first = places.default_save()
    assert first.is_file()
    before = first.read_bytes()
    out = _play(monkeypatch, capsys, ["q"], "--seed", "4")
    assert first.read_bytes() == before
    second = first.with_name("last-game-2.json")
    assert second.is_file()
    assert f"An unfinished game is saved in {first}; it is kept" in out
    assert load_match(second).seed == 4
    # resume with no path takes the newest save.
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["resume"]) == 0
    resumed = capsys.readouterr().out
    assert f"Resumed the game from {second}" in resumed
    assert "seed" not in resumed.lower()  # No seed before the end


def test_resume_lists_the_saves_and_takes_one_by_its_number(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Beside a family's unfinished game, a quick one is saved apart; ``resume --list``
    says what each save holds (game, hand, players, date), the newest first, and ``resume
    2`` goes on with the older one. A number with no save is refused, and says how to see
    them."""
    _play(monkeypatch, capsys, ["d", "q"], "--people", "Papa,Maman", "--players", "3")
    family = places.default_save()
    os.utime(family, (1_000_000_000, 1_000_000_000))
    _play(monkeypatch, capsys, ["q"], "--game", "programmes", "--seed", "4")
    assert main(["resume", "--list", "--lang", "fr"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert listed[0].startswith("1. Programmes · manche 1 · You, ")
    assert listed[1].strip() == str(family.with_name("last-game-2.json"))
    assert re.fullmatch(
        r"2\. Phase 10 · donne 1 · .* · Papa, Maman, \w+ \(ordinateur\) · enregistrée le "
        r"2001-09-\d\d \d\d:\d\d",
        listed[2],
    ), listed[2]
    assert listed[3].strip() == str(family)
    assert listed[4] == "Reprenez-en une avec « phase10 resume N », N étant son numéro ci-dessus."
    assert main(["resume", "3"]) == 2
    assert "There is no saved game 3: 'phase10 resume --list' lists them." in (
        capsys.readouterr().err
    )
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["resume", "2", "--plain"]) == 0
    assert f"Resumed the game from {family}" in capsys.readouterr().out


def test_resume_alone_passes_over_a_finished_game_for_the_newest_unfinished_one(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A finished game (P10-R36: it has its winner) has nothing left to play: ``resume``
    alone goes on with the newest unfinished save, though a finished game was saved since.
    Where every save is finished, it says there is no unfinished game and how to start one,
    and changes nothing; ``resume N`` still opens the finished one."""
    _play(monkeypatch, capsys, ["q"], "--players", "2", "--seed", "3")
    unfinished = places.default_save()
    os.utime(unfinished, (1_000_000_000, 1_000_000_000))
    finished = unfinished.with_name("last-game-2.json")
    out = _play(
        monkeypatch, capsys, ["a", "1"] * 400, "--players", "2", "--seed", "7",
        "--variant", "n_phases=1", "--opponents", "easy",
    )  # fmt: skip
    assert "Final standing after" in out
    assert load_match(finished).is_over
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["resume", "--plain"]) == 0
    out = capsys.readouterr().out
    assert f"Resumed the game from {unfinished}" in out
    assert "The game is over" not in out

    unfinished.unlink()
    before = finished.read_bytes()
    assert main(["resume", "--plain"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"phase10: error: There is no unfinished game in {places.saves_dir()}; start one "
        "with 'phase10 play' ('phase10 resume --list' lists the saves there).\n"
    )
    assert finished.read_bytes() == before
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["resume", "1", "--plain"]) == 0
    assert "The game is over" in capsys.readouterr().out


@pytest.mark.parametrize("how", ["env", "setting"])
def test_plain_preference_is_set_once(
    how: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """PHASE10_PLAIN=1 or --always-plain once; then play is line by line."""
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    if how == "env":
        monkeypatch.setenv("PHASE10_PLAIN", "1")
    else:
        apply_mode(parser.parse_args(["play", "--always-plain"]))
        assert "From now on the game plays line by line" in capsys.readouterr().out
    args = parser.parse_args(["play"])
    apply_mode(args)
    assert args.plain is True
    if how == "setting":
        apply_mode(parser.parse_args(["play", "--screen"]))
        args = parser.parse_args(["play"])
        apply_mode(args)
        assert args.plain is False


# ---------------------------------------------------------------------------- the reader's own seat


def _own_events() -> list[tuple[str, object]]:
    """One event of every kind of both games, acted by seat 0."""
    out: list[tuple[str, object]] = []
    for kind in ProgrammeEventKind:
        if kind in (ProgrammeEventKind.PROGRAMS_SHUFFLED, ProgrammeEventKind.HAND_ENDED):
            continue
        out.append(
            (
                "programmes",
                ProgrammeEvent(
                    kind,
                    seat=0,
                    number=1,
                    target=1,
                    cards=parse_playing_cards("7H"),
                    programs=(0,),
                    scores=(1, 0, 0),
                    combos=(Combination.parse("set 7H 7S 7D"),),
                ),
            )
        )
    for p10_kind in EventKind:
        if p10_kind in (EventKind.HAND_ENDED, EventKind.TIEBREAK, EventKind.SKIPPED_PLAYER):
            continue
        out.append(
            ("phase10", Event(p10_kind, seat=0, number=1, target=1, cards=parse_cards("R7")))
        )
    return out


@pytest.mark.parametrize("lang", ["en", "fr", "de", "nl"])
def test_the_players_own_seat_is_always_second_person(lang: str) -> None:
    """Every sentence about the reader's own seat says "you", never the name
    (no "You receives", "The program deck is empty: You plays")."""
    names = ["Zed", "Ann", "Bob"]
    rules = find_programme_rules("programmes")
    for game, event in _own_events():
        if game == "programmes":
            assert isinstance(event, ProgrammeEvent)
            text = describe_programme_event(event, names, 0, rules=rules, lang=lang)
        else:
            assert isinstance(event, Event)
            text = describe_event(event, names, 0, lang=lang)
        assert "Zed" not in text, (event, text)


@pytest.mark.parametrize(
    ("people", "said"),
    [
        ("Ann,You", "--people: You is no name at a shared keyboard"),
        ("Ann,ann", "--people names ann twice: give each person a name of their own"),
        ("Ann,,Bob", "--people has an empty name: separate the names with commas"),
        ("Ann,Bob,", "--people has an empty name: separate the names with commas"),
    ],
)
def test_hot_seat_people_need_names_of_their_own(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    people: str,
    said: str,
) -> None:
    """Hot seat: each person needs a name of their own. "you" is no name (at a shared
    keyboard every sentence says "you" to the person playing: "It is You's turn" would
    follow), nor is a name twice or an empty one: each is refused, exit 2, no game is
    saved, where they were once replaced by "Player 2" without a word."""
    save = tmp_path / "hot.json"
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    argv = ["play", "--plain", "--people", people, "--players", "3", "--save", str(save)]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"phase10: error: {said}"), err
    assert err.count("\n") == 1
    assert not save.exists()


@pytest.mark.parametrize("plain", [False, True])
def test_people_at_a_terminal_are_told_why_the_game_is_line_by_line(
    plain: bool,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    """On a terminal, where the full screen would open, --people plays line by line: said
    once, before the game, with where the full screen's own hot seat is. Asked for line by
    line (--plain), there is nothing to explain."""
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    argv = ["play", *(["--plain"] if plain else []), "--people", "Ann,Bob", "--players", "3"]
    assert main([*argv, "--seed", "3", "--save", str(tmp_path / "hot.json")]) == 0
    out = capsys.readouterr().out
    if plain:
        assert "--people" not in out
        return
    assert out.startswith(
        "With --people, several people share the keyboard line by line. For the full screen, "
        'leave out --people: on its new-game screen, choose "Person" for each person\'s seat.\n'
        "Rules: "
    )
    assert out.count("--people") == 2


def test_hot_seat_a_persons_first_turn_tells_everything_since_the_game_began(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Hot seat: the second person's first turn comes after a Skip aimed at them (P10-R25);
    when the keyboard reaches them they hear everything since the game began, the Skip and
    who played it included, not only the last few events."""
    script = ["", "d", "x 1", "", "q"]
    out = _play(
        monkeypatch,
        capsys,
        script,
        *("--people", "Ann,Bob", "--players", "3", "--seed", "8"),
        *("--save", str(tmp_path / "hot.json")),
    )
    ann = out.split("Pass the keyboard to Ann.", 1)[1]
    told = ann.split("Since the game began:\n", 1)[1].split("It is your turn, Ann.", 1)[0]
    assert told.startswith("Hand 1 is dealt by Bob.\n")
    assert "Cleo discarded a Skip: you lose your next turn.\nYou lose this turn.\n" in told
    assert "under way" not in ann


# ---------------------------------------------------------------------------- hint, again, Skips


@pytest.mark.parametrize(
    ("game", "wanted"),
    # Ann and Bob tie as Skip targets at the hand's start: the hint may name either (P10-R25).
    [
        ("phase10", ("type: discard S Ann", "type: discard S Bob")),
        ("programmes", ("type: reveal set ",)),
    ],
)
def test_hint_and_again_in_the_line_mode(
    game: str,
    wanted: tuple[str, ...],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    """Hint says a move as a command to type; r says the last events again."""
    seed = "5" if game == "phase10" else "3"
    out = _play(
        monkeypatch,
        capsys,
        ["hint", "d", "hint", "r", "?", "q"],
        *("--game", game, "--seed", seed, "--save", str(tmp_path / "g.json")),
    )
    assert "Hint: " in out
    assert "A strong computer player would type: " in out
    assert any(w in out for w in wanted), out
    again = out.split("The last events:", 1)[1]
    assert "It is your turn." in again
    assert "You drew " in again
    assert "hint " in out.split("Commands (type them", 1)[1]
    assert "Unknown command" not in out


def test_s_says_who_has_a_skip_waiting(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """P10-R25 (a Skip makes its target lose the next turn): s names it."""
    # Three people at one keyboard (seed 5: Ann, who deals, holds a Skip): Ann skips Cleo,
    # then Bob asks for the scores while Cleo's Skip is still waiting.
    script = ["", "d", "discard 1", "", "d", "discard 1", "", "d", "discard S Cleo", "", "s"]
    out = _play(
        monkeypatch,
        capsys,
        [*script, "q"],
        *("--people", "Ann,Bob,Cleo", "--seed", "5", "--save", str(tmp_path / "g.json")),
    )
    assert "You discarded a Skip: Cleo loses the next turn." in out
    scores = next(line for line in out.splitlines() if "Scores:" in line)
    cleo = scores.split("Cleo", 1)[1]
    assert "loses the next turn" in cleo, scores
    assert "loses the next turn" not in scores.split("Cleo", 1)[0]


# ---------------------------------------------------------------------------- check


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        (["7S", "7H", "8D"], "needs 4 cards; there are 3"),
        (["7S", "7H", "8D", "9C", "2C", "KH"], "no set of 4, even with the 1 wild"),
    ],
)
def test_programmes_check_says_why_not(
    cards: list[str], reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """AMZ-R15 (exact counts, E-08): check says why a program is not
    possible, not only that it is not."""
    assert main(["check", "--game", "programmes", "--program", "PRG-03", *cards]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("not possible with these " + str(len(cards)) + " cards")
    assert lines[1].strip() == reason


def test_notation_errors_echo_a_short_prefix(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """As a long command is, a long card or group in an error is cut too."""
    junk = "Q" * 5000
    out = _play(
        monkeypatch,
        capsys,
        ["d", f"discard {junk}", f"lay set {junk}", f"hit {junk} 1", "q"],
        *("--seed", "5", "--save", str(tmp_path / "g.json")),
    )
    assert "Q" * 61 not in out
    assert "Could not read that: 'QQQQ" in out


def test_a_card_that_is_not_one_is_placed_where_it_was_typed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """P10-R01: a discard's card is named alone, and a group's by its place in the group, not
    as "word 1" of whatever part of the line the reader happened to look at."""
    out = _play(
        monkeypatch,
        capsys,
        ["d", "discard R13", "lay set R4 R5 Q1", "q"],
        *("--seed", "5", "--save", str(tmp_path / "g.json")),
    )
    assert "Could not read that: 'R13' is not a card:" in out
    assert "Could not read that: 'Q1' (card 3 of the group) is not a card:" in out
    assert "(word 1)" not in out


def test_the_online_line_mode_says_any_open_phase_too() -> None:
    """Under pick_a_phase, ``phase10 join --plain`` (phase10.online.text) says any open phase."""
    match = Match.start(find_variant("pick_a_phase"), [Seat("Ann"), Seat("Bob")], seed=5)
    shown = presentation_to_json(match.game.present(match.view(0), match.names, "en"))
    scores = scores_line(shown, translator("en"))
    assert "every phase done" not in scores
    assert scores.count("any open phase") == 2
    assert me_line(shown).startswith("Phases you may still lay down: 1, 2")


def test_a_card_typed_wrong_on_the_command_line_is_told_in_the_players_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No developer words, in all four languages: check R1 X9 in French."""
    monkeypatch.setenv("LANGUAGE", "fr")
    assert main(["check", "--phase", "1", "R1", "X9"]) == 2
    err = capsys.readouterr().err
    assert "'X9' (mot 2) n'est pas une carte" in err
    assert "token" not in err


def test_a_hot_seat_game_resumes_by_naming_who_takes_the_keyboard(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Hot seat: a resumed game says whose turn it is by name first."""
    save = tmp_path / "hot.json"
    argv = ("--people", "Ann,Bob", "--players", "2", "--seed", "3", "--save", str(save))
    _play(monkeypatch, capsys, ["", "d", "discard 1", "q"], *argv)
    match = load_match(save)
    to_act = match.names[match.to_act]
    monkeypatch.setattr("sys.stdin", io.StringIO("\nq\n"))
    assert main(["resume", str(save)]) == 0
    out = capsys.readouterr().out
    before = out.split("Your hand", 1)[0]
    assert f"Pass the keyboard to {to_act}." in before
    # Nothing one person alone may know is said before the keyboard is passed.
    assert "You drew" not in before.split("Pass the keyboard", 1)[0]


def test_a_resumed_hot_seat_game_tells_each_person_what_followed_their_last_turn(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Hot seat, resumed: each person hears what followed their last turn (at most a lap of
    turns, P10-R10: play goes round the table), said as such, never the whole game again."""
    save = tmp_path / "hot.json"
    argv = ("--people", "Ann,Bob", "--players", "3", "--seed", "3", "--save", str(save))
    _play(monkeypatch, capsys, ["", *["d", "x 1", ""] * 4, "q"], *argv)
    monkeypatch.setattr("sys.stdin", io.StringIO("\nd\nx 1\n\nq\n"))
    assert main(["resume", "--plain", str(save)]) == 0
    out = capsys.readouterr().out
    assert "Since the game began:" not in out
    assert "the latest events:" not in out  # one heading over what followed, not two
    assert "hand 1" not in out.split("\n", 1)[1]  # the first line says where it resumed
    told = [part.split("It is your turn, ", 1)[0] for part in out.split("Since your last turn:\n")]
    assert len(told) == 3
    for lap in told[1:]:
        # From the turn after the person's own, round the table back to them.
        assert lap.startswith("It is ")
        assert lap.count("'s turn.") == 2


@pytest.mark.parametrize("people", ["Ann,Bob", "Ann"])
def test_a_hot_seat_names_whose_turn_it_is_and_the_winner(
    people: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    """Several people at one keyboard: "you" alone does not say who. The turn that starts
    after a pass and w name the person at the keyboard, and the winner (P10-R36) is named
    for all to read. One person alone is "you", as ever."""
    out = _play(
        monkeypatch,
        capsys,
        ["", "w", *["a", "1", ""] * 400],
        *("--people", people, "--players", "2", "--variant", "n_phases=1", "--seed", "3"),
        *("--save", str(tmp_path / "g.json")),
    )
    assert "Final standing after" in out
    # A hand's end gives that hand's points, then everyone's totals (P10-R34).
    ended = out.index(" ended. Points: ")
    assert re.search(r"\nTotals: (You|Ann) \d+, Bob \d+\.\n", out[ended:]), out[ended:][:400]
    if people == "Ann":
        assert "It is your turn.\n" in out
        assert "> It is your turn: draw a card.\n" in out
        assert "It is your turn, " not in out
        return
    assert "It is your turn.\n" not in out
    assert "It is your turn, Ann.\n" in out
    assert "It is your turn, Bob.\n" in out
    first = out.split("Pass the keyboard to ", 1)[1].split(".", 1)[0]
    assert f"> It is your turn: draw a card. You are {first}.\n" in out
    assert "Ann wins the game with phase 1 done and 0 points.\n" in out
    assert "You win" not in out


# ---------------------------------------------------------------------------- one key map


def test_the_one_key_map_plays_at_a_local_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """docs/keys.md: ``a`` lists the moves numbered as every client writes them and a number
    makes one (P10-R13: draw or take, then discard); ``l`` and ``g`` list the lay-downs and
    hits or say why there are none (P10-R15); ``i`` is the hint the presentation gives every
    client."""
    save = tmp_path / "keys.json"
    out = _play(
        monkeypatch,
        capsys,
        ["i", "a", "2", "l", "g", "a", "1", "q"],
        "--players", "2", "--seed", "3", "--opponents", "easy", "--save", str(save),
    )  # fmt: skip
    assert "A strong computer player would type: " in out
    assert "> 1: draw\n2: take\n" in out
    assert "You took R12 from the discard pile." in out
    # l: no phase in hand yet, with what the phase asks (P10-R15); g: not before it (P10-R21).
    assert "Your cards do not make phase 1 yet: set of 3 + set of 3 (P10-R15)." in out
    assert "You may hit only once your phase is down (P10-R21)." in out
    assert "> 1: discard R4\n2: discard R5\n" in out
    assert "You discarded R4." in out
    assert "Unknown command" not in out


def test_a_number_with_no_list_shown_since_the_game_changed_makes_no_move(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A bare number picks from the list shown since the game last changed: at a turn's start
    (P10-R13: draw or take) ``2`` with no list shown, and after the draw the list shown
    before it, are refused in a sentence that says to type ``a``; neither changes the game.
    Listed again, the number plays."""
    argv = ("--players", "2", "--seed", "3", "--opponents", "easy", "--save")
    untouched, stray = tmp_path / "untouched.json", tmp_path / "stray.json"
    _play(monkeypatch, capsys, ["q"], *argv, str(untouched))
    out = _play(monkeypatch, capsys, ["h", "2", "q"], *argv, str(stray))
    refusal = "> No list of moves is shown now: type a to list them, then a number.\n"
    assert refusal in out
    assert "You took" not in out
    assert "You drew" not in out
    assert load_match(stray).state.digest() == load_match(untouched).state.digest()
    out = _play(
        monkeypatch, capsys, ["a", "1", "2", "h", "a", "2", "q"], *argv, str(tmp_path / "a.json")
    )
    assert "> 1: draw\n2: take\n" in out
    assert "You drew " in out
    assert out.count(refusal) == 1  # the 2 after the draw, from the list before it
    assert "You took" not in out
    assert "> 1: discard R4\n2: discard R5\n" in out
    assert "You discarded R5." in out


def test_the_local_hint_is_the_presentations(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """One source of hints: the line game's ``hint`` names the move the game's presentation
    hints, as the full screen, the browser and ``join`` do."""
    save = tmp_path / "hint.json"
    out = _play(
        monkeypatch,
        capsys,
        ["d", "hint", "q"],
        "--players", "2", "--seed", "3", "--opponents", "easy", "--save", str(save),
    )  # fmt: skip
    match = load_match(save)
    shown = match.game.present(match.view(0), match.names, "en", hint=True)
    assert shown.hint is not None
    assert f"A strong computer player would type: {shown.hint.move}\n" in out


def test_the_programmes_keys_at_a_local_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The programmes game's keys: ``v`` the reveals (AMZ-R20), ``n`` a new set, ``e`` the
    program swap (off unless AMZ-R31's variant is on), and ``a`` then a number."""
    save = tmp_path / "keys.json"
    out = _play(
        monkeypatch,
        capsys,
        ["a", "2", "v", "n", "e", "q"],
        "--game", "programmes", "--players", "2", "--seed", "3", "--opponents", "easy",
        "--save", str(save),
    )  # fmt: skip
    assert "> 1: draw\n2: take\n" in out
    assert "You took Q♥ from the discard pile." in out
    assert (
        "Your cards do not make your program yet (AMZ-R14): a run is cards in a row of one "
        "suit, a set cards of one value, each with a card that is not wild."
    ) in out
    assert "You may lay new sets only once your program is revealed (AMZ-R20)." in out
    assert "Not allowed (AMZ-R31)" in out  # e: no swap under these rules
    assert "Unknown command" not in out


def test_a_group_or_a_player_that_is_not_there_is_said_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """P10-R22 (hit a group on the table) and P10-R25 (a Skip names a player): a group
    number or a name that is not there is said as such, not as unreadable notation; ``?``
    says the cards of the hand in words."""
    out = _play(
        monkeypatch,
        capsys,
        ["d", "hit R2 1", "discard S Zed", "?", "q"],
        *("--players", "3", "--seed", "5", "--save", str(tmp_path / "g.json")),
    )
    assert "There is no group 1 on the table (type b to see them)." in out
    assert "There is no player 'Zed': players are You, Ann, Bob (the start of a name" in out
    assert "Your cards in words: R4 red 4; R5 red 5;" in out
    assert "S Skip." in out
    assert "Could not read that" not in out


def test_a_skip_names_its_player_by_the_start_of_the_name(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """P10-R25: a Skip's player may be named by the start of the name, in any case (a name
    in letters the keyboard lacks, "Sanne 李", is reached by "sanne"); a start that two
    names share names nobody."""
    out = _play(
        monkeypatch,
        capsys,
        ["d", "discard S b", "q"],
        *("--players", "3", "--seed", "5", "--save", str(tmp_path / "g.json")),
    )
    assert "There is no player" not in out
    assert "You discarded a Skip: Bob loses the next turn." in out


@pytest.mark.parametrize(
    ("game", "seed", "twins"),
    [
        ("phase10", "6", "W wild; W wild; W wild; W wild."),
        ("programmes", "13", "JK joker; JK joker."),
    ],
)
def test_the_cards_in_words_name_every_card_of_the_hand_in_its_order(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    game: str,
    seed: str,
    twins: str,
) -> None:
    """P10-R01 and AMZ-R01: a deck holds each card more than once, so a hand may hold two
    alike; ``?`` names every card the hand holds, twins each time, in the hand's order, so
    that the n-th card named is the card at position n."""
    out = _play(
        monkeypatch,
        capsys,
        ["h", "?", "q"],
        *("--game", game, "--players", "2", "--seed", seed, "--save", str(tmp_path / "g.json")),
    )
    hand = re.search(r"^> Your hand: (.*)$", out, re.M)
    named = re.search(r"^Your cards in words: (.*)\.$", out, re.M)
    assert hand is not None, out
    assert named is not None, out
    codes = [card.split(":")[1] for card in hand.group(1).split()]
    assert [card.split()[0] for card in named.group(1).split("; ")] == codes
    assert named.group(0).endswith(twins)


def test_only_enter_passes_the_keyboard_and_q_still_leaves(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Hot seat: at "Press Enter when only Bob can see the screen", a question or a move
    typed ahead shows nobody's hand (P10-R09: each player's cards are their own); it asks
    again, saying that Enter is wanted alone, and q leaves with the game saved."""
    save = str(tmp_path / "g.json")
    out = _play(
        monkeypatch,
        capsys,
        ["h", "d", "q"],
        *("--people", "Ann,Bob", "--players", "3", "--seed", "3", "--save", save),
    )
    assert "Your hand" not in out
    assert out.count("Press Enter when only ") == 1
    again = (
        "Press Enter alone, with nothing typed, when only Bob can see the screen; q saves the "
        "game and stops."
    )
    assert out.count(again) == 2
    assert "Game saved to" in out


@pytest.mark.parametrize("terminal", [True, False])
def test_passing_the_keyboard_at_a_terminal_erases_the_last_persons_hand(
    terminal: bool,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    """Hot seat (P10-R09: cards are dealt face down, each hand seen by its player alone): at a
    terminal the screen and its scrollback are erased before the keyboard passes, so the next
    person does not sit down before the last one's hand; what was erased unread (the end of
    that turn, the computer's move after it) is told again at that person's next turn. Output
    that is not a terminal keeps every line as it was, free of escape codes."""
    monkeypatch.setattr(sys.stdout, "isatty", lambda: terminal)
    out = _play(
        monkeypatch,
        capsys,
        ["", "d", "x 1", "", "d", "x 1", "", "q"],
        *("--people", "Ann,Bob", "--players", "3", "--seed", "3"),
        *("--save", str(tmp_path / "hot.json")),
    )
    bob = out.rsplit("Since your last turn:\n", 1)[1].split("It is your turn, Bob.", 1)[0]
    if not terminal:
        assert "\x1b" not in out
        assert bob.startswith("Ann drew a card.\n")  # what Bob read before he passed it on
        return
    screens = out.split(CLEAR)
    # Nobody's hand is shown before the keyboard is first passed: the rules stay in view.
    assert screens[0].startswith("Rules: ")
    assert len(screens) == 3
    for before, after in itertools.pairwise(screens):
        assert "Your hand: " in before
        assert after.startswith("\nPass the keyboard to ")
        assert "Your hand: " not in after.split("Press Enter when only ", 1)[0]
    assert bob.startswith("You discarded R5.\nIt is Cleo's turn.\nCleo drew a card.\n")


def test_the_default_name_speaks_the_language_the_game_is_resumed_in(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A player who took no name is "You"; resumed in German they are "Du" in the scores,
    and the save says so from then on. A name the player chose is never changed."""
    save = tmp_path / "g.json"
    _play(monkeypatch, capsys, ["q"], "--seed", "3", "--save", str(save))
    assert load_match(save).names[0] == "You"
    monkeypatch.setattr("sys.stdin", io.StringIO("s\nq\n"))
    assert main(["resume", "--plain", "--lang", "de", str(save)]) == 0
    scores = capsys.readouterr().out
    assert "Du " in scores
    assert "You" not in scores
    assert load_match(save).names[0] == "Du"
    chosen = tmp_path / "named.json"
    _play(monkeypatch, capsys, ["q"], "--seed", "3", "--name", "Kim", "--save", str(chosen))
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["resume", "--plain", "--lang", "de", str(chosen)]) == 0
    capsys.readouterr()
    assert load_match(chosen).names[0] == "Kim"


def test_the_turn_is_said_again_when_the_connection_comes_back(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A line client whose connection drops on its turn (P10-R13: the seat still has to
    draw) hears, once it is back, what to do now, though nothing happened meanwhile: a move
    typed while it was down was refused, and a screen reader's user would otherwise have
    to ask with w."""
    from phase10 import find_variant
    from phase10.cli.line_client import LineClient
    from phase10.match import Match, Seat
    from phase10.online.connection import BACK
    from phase10.online.links import StoredSeat
    from phase10.online.local import LocalConnection
    from phase10.table.local import LOCAL_TABLE, LocalTable
    from phase10.table.messages import update_payload

    match = Match.start(find_variant("standard"), [Seat("Ann"), Seat("Bob")], 3)
    table, seat = LocalTable(match), match.to_act
    client = LineClient(
        None,
        LOCAL_TABLE,
        StoredSeat(seat, match.names[seat], ""),
        None,
        None,
        "en",
        resumed=False,
        paced=False,
        connect=lambda on_message, on_state: LocalConnection(
            table, seat, "en", on_message, on_state
        ),
    )
    prompt = "Draw (d) or take "
    client._handle(update_payload(match, seat, -1, "en"))
    assert capsys.readouterr().out.count(prompt) == 1
    client._handle(update_payload(match, seat, match.seq, "en"))
    assert prompt not in capsys.readouterr().out  # said once a version
    client._on_state(BACK, None)
    client._handle(update_payload(match, seat, match.seq, "en"))
    said = capsys.readouterr().out
    assert said.index("Connected to the server again.") < said.index(prompt)


def test_a_long_lap_since_a_persons_last_turn_has_one_heading(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A game of six, resumed: what followed the person's last turn runs past the dozen
    lines a resumed game's recap keeps (P10-R10: five computers play in between), and is
    said whole under its one heading, not cut short under a second one."""
    save = tmp_path / "six.json"
    _play(monkeypatch, capsys, ["d", "x 1", "d", "x 1", "q"], "--players", "6", "--seed", "3",
          "--save", str(save))  # fmt: skip
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["resume", "--plain", str(save)]) == 0
    out = capsys.readouterr().out
    lap = out.split("Since your last turn:\n", 1)[1].split("It is your turn.\nYour hand", 1)[0]
    assert len(lap.splitlines()) > 12, lap
    assert "the latest events:" not in out


def test_a_resumed_game_tells_only_what_came_after_the_persons_last_turn(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Resumed after a few turns, "Since your last turn:" is followed by the others' moves
    after that turn (P10-R13: a turn is draw, play, discard), not by the whole game from the
    first deal with the person's own moves again."""
    save = tmp_path / "two.json"
    _play(monkeypatch, capsys, ["d", "x 1", "d", "x 1", "d", "x 1", "q"], "--players", "2",
          "--seed", "5", "--save", str(save))  # fmt: skip
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["resume", "--plain", str(save)]) == 0
    out = capsys.readouterr().out
    since = out.split("Since your last turn:\n", 1)[1].split("It is your turn.\n", 1)[0]
    assert "hand 1" not in since, since
    assert "You drew" not in since, since
    assert "You discarded" not in since, since
    assert "Ann" in since, since


@pytest.mark.parametrize(
    ("lang", "kinds"),
    [("fr", ("série", "suite")), ("de", ("satz", "lauf")), ("nl", ("set", "reeks"))],
)
def test_a_lay_down_is_listed_and_typed_with_the_languages_group_words(
    lang: str, kinds: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    """The ways to lay down a phase (P10-R15: the whole phase at once) are listed with the
    player's words for a set and a run, and typed back with them they make that lay-down;
    the notation's own words work as ever."""
    import asyncio
    import random

    from phase10 import find_variant
    from phase10.bots import make_bot
    from phase10.cli.line_client import LineClient
    from phase10.games.phase10.actions import LayDown
    from phase10.match import Match, Seat
    from phase10.online.links import StoredSeat
    from phase10.online.local import LocalConnection
    from phase10.table.local import LOCAL_TABLE, LocalTable
    from phase10.table.messages import update_payload

    rules = find_variant("standard+even_phases")  # phase 2 first: a set of 3 and a run of 4
    bot = make_bot("greedy")
    for seed in range(40):
        match = Match.start(rules, [Seat("Ann"), Seat("Bob")], seed)
        while not match.is_over and match.game.hand_number(match.state) == 0:
            if match.to_act == 0 and any(isinstance(a, LayDown) for a in match.legal):
                break
            action = bot.choose(match.view(match.to_act), random.Random(seed))
            match.play(match.to_act, action, match.version)
        ways = [a for a in match.legal if isinstance(a, LayDown)]
        if match.to_act == 0 and any("run" in str(a) for a in ways):
            break
    else:
        pytest.fail("no deal of 40 reached a lay-down of phase 2 (a set and a run)")
    table = LocalTable(match)
    client = LineClient(
        None, LOCAL_TABLE, StoredSeat(0, "Ann", ""), None, None, lang, resumed=False,
        paced=False, connect=lambda m, s: LocalConnection(table, 0, lang, m, s),
    )  # fmt: skip
    client._handle(update_payload(match, 0, -1, lang))
    capsys.readouterr()
    asyncio.run(client._list_kind(("lay_down",)))
    listed = capsys.readouterr().out.splitlines()
    first = listed[0].split(": ", 1)[1]  # "1: poser série ... | suite ..."
    assert f" {kinds[0]} " in first
    assert f" {kinds[1]} " in first
    assert " run " not in first
    sent: list[dict[str, object]] = []

    async def send(entry: dict[str, object]) -> None:
        sent.append(entry)

    client._send = send  # type: ignore[method-assign]
    client.choices = None
    assert asyncio.run(client._command(first))  # typed as listed, verb and all
    assert len(sent) == 1
    assert isinstance(match.game.parse_action(str(sent[0]["text"])), LayDown)
    assert str(sent[0]["text"]) in {str(way) for way in ways}


def test_a_rule_is_read_at_the_table_by_its_id(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A refusal names its rule (D-19 here: one card a turn); ``règles D-19`` reads that
    rule at the table, in French, as ``phase10 rules`` prints it, without leaving the game;
    an unknown id says how to list them, and the game goes on."""
    out = _play(
        monkeypatch,
        capsys,
        ["d", "d", "règles D-19", "rules nothing", "q"],
        *("--lang", "fr", "--seed", "3", "--save", str(tmp_path / "g.json")),
    )
    refused = out.split("> ", 3)[2]
    assert "(D-19)" in refused
    assert "D-19 L'ordre d'un tour\n" in out  # the rule's heading in French, then its text
    assert "Il n'y a pas de règle 'nothing' : tapez règles liste pour les lister." in out
    assert "Commande inconnue" not in out


def test_the_order_key_says_why_the_line_mode_keeps_one_order(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """docs/keys.md gives o to every client: line by line it says why the hand keeps one
    order (a card's number is what the player types), not that it is no command."""
    out = _play(
        monkeypatch,
        capsys,
        ["o", "q"],
        *("--lang", "nl", "--seed", "3", "--save", str(tmp_path / "g.json")),
    )
    assert "Regel voor regel houdt je hand één volgorde, zodat elke kaart haar nummer houdt." in out
    assert "Onbekende opdracht" not in out


def test_rules_alone_shows_the_rules_this_table_plays(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """B.1, B.4.1 (pick_a_phase): ``rules`` shows the rules as this table plays them, its
    house rules in them, as the full screen's r does (play-tested: it listed the whole
    rulebook's ids, programmes game included, and P10-R17 said the phases come in order);
    ``rules list`` lists the ids, the rules in play last; ``rules P10-R17`` says this table
    plays otherwise."""
    out = _play(
        monkeypatch,
        capsys,
        ["rules", "rules list", "rules P10-R17", "q"],
        *("--variant", "pick_a_phase", "--seed", "2", "--save", str(tmp_path / "g.json")),
    )
    shown, listed, rule = out.split("> ", 4)[1:4]
    assert "Rules in play: Standard rules, Pick a phase." in shown
    assert "In each hand you may lay down any one phase of the list that you have not made" in (
        shown
    )
    assert "#" not in shown
    assert "**" not in shown
    assert "AMZ-R" not in shown  # nothing of the other game
    assert shown.rstrip().splitlines()[-1] == (
        "Type rules ID to read one rule of the rulebook, or rules list for every id."
    )
    assert "P10-R17" in listed
    assert listed.rstrip().splitlines()[-1] == "Rules in play: Standard rules, Pick a phase."
    assert rule.startswith("P10-R17 ")
    assert rule.rstrip().splitlines()[-1] == (
        "This table plays Standard rules, Pick a phase: type rules to read its rules as "
        "played here."
    )


def test_a_rule_at_a_table_of_the_default_rules_needs_no_note(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """P10-R17 read at a table of the standard rules is the rule as played: no note; in
    French, ``règles liste`` lists the ids."""
    out = _play(
        monkeypatch,
        capsys,
        ["règles P10-R17", "règles liste", "q"],
        *("--lang", "fr", "--seed", "2", "--save", str(tmp_path / "g.json")),
    )
    rule, listed = out.split("> ", 3)[1:3]
    assert rule.startswith("P10-R17 ")
    assert "Cette table joue" not in rule
    assert "P10-R17" in listed
    assert "AMZ-R06" in listed


def test_a_word_after_rules_lists_the_rules_that_mention_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """P10-R06: a new player types ``rules wild`` (a word, not an id) and reads the rules
    of this table's game that mention wilds, the rule named Wild first, with the command
    that reads one; in French, ``règles joker`` says it with the French command."""
    out = _play(
        monkeypatch,
        capsys,
        ["rules wild", "q"],
        *("--seed", "2", "--save", str(tmp_path / "g.json")),
    )
    found = out.split("> ", 2)[1].splitlines()
    assert found[0].endswith("rules mention 'wild': type rules ID to read one.")
    # The parts of this game only: a Phase 10 table has no use for the program cards' rules.
    assert found[2] == "Part A: Phase 10, the standard rules"
    assert found[3].split() == ["P10-R06", "Wild"]
    assert not any(
        line.split()[:1] and line.split()[0].startswith(("AMZ-R", "E-", "C.")) for line in found
    )
    out = _play(
        monkeypatch,
        capsys,
        ["règles joker", "q"],
        *("--lang", "fr", "--seed", "2", "--save", str(tmp_path / "f.json")),
    )
    found = out.split("> ", 2)[1].splitlines()
    assert "règles ID" in found[0]
    assert found[3].split()[0] == "P10-R06"


def test_the_dutch_programmes_help_names_its_goal_by_its_own_word(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """AMZ-R06: each player works on a program, not a phase; the Dutch help names m's word
    for it, and the word works as m does."""
    from phase10.kernel.i18n import translator
    from phase10.online.text import help_text

    acts = {"draw", "take", "discard", "reveal", "meld", "extend", "swap"}
    assert "m (programma) mijn programma" in help_text(acts, translator("nl"), online=False)
    assert "m (fase) mijn fase" in help_text({"draw", "lay_down"}, translator("nl"), online=False)
    out = _play(
        monkeypatch,
        capsys,
        ["programma", "q"],
        *("--game", "programmes", "--lang", "nl", "--seed", "3"),
        *("--save", str(tmp_path / "g.json")),
    )
    # The program in the catalog's words ("een set van 4"), whatever they are.
    program = program_text(DEFAULT_PROGRAMS[2], "nl")
    assert f"> Je programma: {program}." in out


@pytest.mark.parametrize(
    ("rules", "taught", "not_taught"),
    [
        ("standard", "for a Skip add the player who loses a turn: discard S Bob", "discard S\n"),
        ("de_article", "a Skip always makes the next player lose a turn: discard S\n", "S Bob"),
    ],
)
def test_the_help_teaches_the_skip_as_the_rules_in_play_have_it(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    rules: str,
    taught: str,
    not_taught: str,
) -> None:
    """P10-R25: where a Skip always costs the next player their turn (de_article), a Skip
    discarded with a player's name is refused, so ``?`` does not teach naming one; under
    the standard rules it does."""
    out = _play(
        monkeypatch,
        capsys,
        ["?", "q"],
        *("--rules", rules, "--players", "2", "--seed", "3", "--save", str(tmp_path / "g.json")),
    )
    assert taught in out
    assert not_taught not in out


def test_a_file_of_a_1_and_empty_lines_plays_a_whole_game_of_several_people(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """As the README says: a file of a, 1 and empty lines, in turn, plays a whole game where
    several people share the keyboard (--people): a and 1 make the first move offered, and
    the empty line passes the keyboard, which only Enter alone does (P10-R09)."""
    out = _play(
        monkeypatch,
        capsys,
        ["a", "1", ""] * 6000,
        *("--people", "Ann,Bob", "--players", "3", "--seed", "8"),
        *("--save", str(tmp_path / "g.json")),
    )
    assert "Final standing after" in out


@pytest.mark.parametrize(
    ("game", "argv"),
    [
        ("programmes", ("--players", "3", "--opponents", "easy", "--seed", "5")),
        ("phase10", ("--players", "2", "--variant", "n_phases=2", "--seed", "3")),
    ],
)
def test_a_hot_seat_says_a_persons_own_moves_as_theirs_at_a_hands_end(
    game: str,
    argv: tuple[str, ...],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    """The move that ends a hand (P10-R30, P10-R31; AMZ-R28) is said to the person who made
    it as theirs, like every move before it; only the hand's results, read by everyone at
    the keyboard, name them. The next person, told it all after the pass, reads it alone:
    their turn is theirs ("It is your turn, Léo."), not someone else's."""
    out = _play(
        monkeypatch,
        capsys,
        ["", *["a", "1", ""] * 120, "q"],
        *("--game", game, "--people", "Marie,Léo", *argv, "--save", str(tmp_path / "g.json")),
    )
    # The first hand a person ends: what they read of their own move.
    ended = re.search(r"\n> (.*)\n(Marie|Léo|You) went out\.\n(Round|Hand) \d+ ended", out)
    assert ended is not None, out[-2000:]
    assert ended[1].startswith("You "), ended[0]
    assert ended[2] == "You", ended[0]
    # The next person's catch-up after the pass, which holds that hand's end.
    after = out[ended.end() :].split("Since your last turn:\n", 1)[1]
    told = after.split("\n> ", 1)[0]
    assert re.search(r"(Marie|Léo) went out\.", told), told
    assert re.search(r"\nIt is your turn, (Marie|Léo)\.\n", told), told
    assert "'s turn.\nYour" not in told
