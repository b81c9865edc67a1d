"""Simulations: deterministic whatever the workers, streaming, and the simulate command."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

from phase10.api import find_variant
from phase10.cli.main import main
from phase10.games.phase10.solo import solo_study
from phase10.sim import GameResult, SimConfig, SimError, Tally, runner, simulate, wilson

QUICK = find_variant("standard+n_phases=1")  # one phase to win: games of a hand or two


def test_same_seed_same_results_with_one_or_two_workers() -> None:
    config = SimConfig(rules=QUICK, bots=("greedy", "ismcts:5it", "easy"), games=6, seed=4)
    one = simulate(config, workers=1).to_dict()
    two = simulate(config, workers=2, window=3).to_dict()
    assert one == two
    assert sum(b["wins"] for b in one["bots"]) + one["unfinished"] == 6


def test_seats_rotate_so_each_bot_plays_every_seat() -> None:
    seen = set()
    for index in range(3):
        result = runner.play_game(SimConfig(rules=QUICK, bots=("greedy",) * 3, games=3), index)
        seen.add(result.index)
    assert seen == {0, 1, 2}
    assert [(e + 1) % 3 for e in range(3)] == [1, 2, 0]  # entry e sits at seat (e + i) % n


def test_duplicate_plays_each_deal_once_per_seat() -> None:
    """--duplicate: identical bots on a shared deal play the same game in every rotation, so
    the same seat wins each time and each bot wins once per deal; without it deals differ."""
    config = SimConfig(rules=QUICK, bots=("greedy", "greedy"), games=8, seed=2, duplicate=True)
    results = [runner.play_game(config, i) for i in range(8)]
    for first, second in zip(results[::2], results[1::2], strict=True):
        assert first.hands == second.hands
        assert first.decisions == second.decisions
        assert {first.winner, second.winner} == {0, 1}  # the winning seat, by either bot
    summary = simulate(config).to_dict()
    assert [b["wins"] for b in summary["bots"]] == [4, 4]
    plain = SimConfig(rules=QUICK, bots=("greedy", "greedy"), games=8, seed=2)
    decisions = [runner.play_game(plain, i).decisions for i in range(8)]
    assert len(set(decisions)) > 1


def test_results_are_streamed_not_stored() -> None:
    """The tally keeps sums only: 3,000 more games cost it no memory."""
    tally = Tally(("a", "b", "c"))

    def feed(start: int, count: int) -> None:
        for i in range(start, start + count):
            tally.add(GameResult(i, i % 3, (10, 20, 30), (1, 2, 3), 5, 100))

    feed(0, 200)
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    feed(200, 3_000)
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    assert grown < 64_000
    assert tally.games == 3_200
    with pytest.raises(ValueError, match="expected game"):
        tally.add(GameResult(5, 0, (0, 0, 0), (0, 0, 0), 1, 1))


def test_the_window_bounds_the_games_in_flight() -> None:
    in_flight: list[int] = []

    class Counting(runner._InProcess):
        def __init__(self) -> None:
            self.open = 0

        def submit(self, config: SimConfig, index: int) -> object:
            self.open += 1
            in_flight.append(self.open)
            return super().submit(config, index)

        def result(self, handle: object) -> GameResult:
            self.open -= 1
            return super().result(handle)

    config = SimConfig(rules=QUICK, bots=("greedy", "random"), games=12)
    results = list(runner._ordered_results(config, Counting(), window=3))
    assert [r.index for r in results] == list(range(12))
    assert max(in_flight) <= 3


def test_wilson_interval() -> None:
    low, high = wilson(1980, 2000)
    assert 0.984 < low < 0.99 < high < 0.995


def test_bad_requests_are_errors() -> None:
    with pytest.raises(SimError, match="not rules of the programmes"):
        simulate(SimConfig(rules=QUICK, bots=("greedy", "greedy"), games=1, game="programmes"))
    with pytest.raises(SimError, match="2 to 6"):
        simulate(SimConfig(rules=QUICK, bots=("greedy",), games=1))
    with pytest.raises(SimError, match="address"):
        simulate(SimConfig(rules=QUICK, bots=("greedy",) * 2, games=1), address="x:1")


def test_simulate_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--variant", "n_phases=1", "--bots", "greedy,random", "--games", "8"]
    assert main([*argv, "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 8
    assert data["seed"] == 3
    assert data["command"] == (
        "phase10 simulate --variant n_phases=1 --bots greedy,random --games 8 --seed 3"
    )
    for entry in data["bots"]:
        assert set(entry) >= {"bot", "games", "wins", "win_rate", "ci95", "mean_score"}
        assert entry["ci95"][0] <= entry["win_rate"] <= entry["ci95"][1]
    assert "mean_hands" in data
    assert main([*argv, "--seed", "3"]) == 0
    text = capsys.readouterr().out
    assert "95% CI" in text
    assert "reproduce: phase10 simulate" in text
    assert main([*argv, "--seed", "3", "--duplicate", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["duplicate"] is True
    assert data["command"].endswith("--games 8 --seed 3 --duplicate")


def test_simulate_command_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--bots", "greedy,wizard"]) == 2
    assert "unknown bot 'wizard'" in capsys.readouterr().err
    assert main(["simulate", "--bots", "greedy,sharp,random", "--games", "4", "--duplicate"]) == 2
    assert "--games must be a multiple of 3, not 4" in capsys.readouterr().err
    assert main(["simulate", "--solo"]) == 2
    assert "--phase" in capsys.readouterr().err
    assert main(["simulate", "--bots", "ismcts:800it:z0,greedy"]) == 2
    assert "bot spec 'ismcts:800it:z0': after the budget comes the bar" in capsys.readouterr().err


def test_a_search_with_its_own_bar_plays_from_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``ismcts:5it:z1.5`` is a spec like any other: it plays and is reported by that name."""
    argv = ["simulate", "--variant", "n_phases=1", "--bots", "ismcts:5it:z1.5,greedy"]
    assert main([*argv, "--games", "2", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [b["bot"] for b in data["bots"]] == ["ismcts:5it:z1.5", "greedy"]
    assert sum(b["wins"] for b in data["bots"]) == 2


def test_programmes_games_can_be_simulated(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "simulate",
                "--game",
                "programmes",
                "--bots",
                "random,random",
                "--games",
                "1",
                "--json",
            ]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["bots"][0]["games"] == 1


def test_a_programmes_tournament_table_counts_programs_and_rounds_not_points(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The programmes game has no points (AMZ-R32): its table counts programs done and the
    mean number of rounds, where it once showed a mean score of 0.0 and "phases"."""
    argv = ["simulate", "--game", "programmes", "--bots", "greedy,random", "--games", "4"]
    assert main([*argv, "--seed", "2"]) == 0
    text = capsys.readouterr().out
    header = next(line for line in text.splitlines() if "win rate" in line)
    assert header.split() == [
        "bot",
        "wins",
        "win",
        "rate",
        "95%",
        "CI",
        "mean",
        "programs",
        "rating",
    ]
    assert "mean rounds per game: " in text
    assert "score" not in text
    assert "phases" not in text
    assert (
        main(["simulate", "--variant", "n_phases=1", "--bots", "greedy,random", "--games", "4"])
        == 0
    )
    header = next(line for line in capsys.readouterr().out.splitlines() if "win rate" in line)
    assert header.split()[-4:] == ["score", "mean", "phases", "rating"]


@pytest.mark.parametrize("game", [["--game", "programmes"], ["--rules", "programmes"]])
def test_the_programmes_rules_alone_make_a_programmes_table(
    capsys: pytest.CaptureFixture[str], game: list[str]
) -> None:
    """``--rules programmes`` is the programmes game (AMZ-R32: no points) as much as
    ``--game programmes`` is: its table and its JSON say so (they once said Phase 10)."""
    argv = ["simulate", *game, "--bots", "greedy,random", "--games", "2", "--quiet"]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "mean programs" in text
    assert "mean score" not in text
    assert main([*argv, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["game"] == "programmes"


def test_a_bot_entered_twice_has_two_rows_told_apart(capsys: pytest.CaptureFixture[str]) -> None:
    """The same bot in two seats (P10-R02: two to six players) gets two rows the
    table tells apart by their place in --bots, and the JSON rows carry that place."""
    argv = ["simulate", "--bots", "greedy,sharp,greedy", "--games", "3", "--quiet"]
    assert main(argv) == 0
    rows = [line.split()[:2] for line in capsys.readouterr().out.splitlines()[2:5]]
    assert [row[0] + (" " + row[1] if row[1].startswith("#") else "") for row in rows] == [
        "greedy #1",
        "sharp",
        "greedy #3",
    ]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(row["bot"], row["entry"]) for row in data["bots"]] == [
        ("greedy", 0),
        ("sharp", 1),
        ("greedy", 2),
    ]


def test_solo_study(capsys: pytest.CaptureFixture[str]) -> None:
    easy = solo_study(find_variant("standard"), 1, games=200, seed=1)
    hard = solo_study(find_variant("standard"), 8, games=200, seed=1)
    assert 1 <= easy.median_turns < hard.median_turns
    assert easy == solo_study(find_variant("standard"), 1, games=200, seed=1)
    assert main(["simulate", "--solo", "--phase", "2", "--games", "50", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["phase"] == 2
    assert data["games"] == 50
    assert data["mean_turns"] > 1


def test_an_interrupted_run_counts_whole_deals_played_before_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ctrl-C during a run (here as game 7 starts) leaves the summary of the games before
    it, whole duplicate deals only (games 0 to 5 of 2-seat deals), and that summary is the
    one a run of that many games gives."""
    config = SimConfig(
        rules=find_variant("standard"), bots=("greedy", "sharp"), games=20, seed=3, duplicate=True
    )
    played = runner.play_game

    def stopping(config: SimConfig, index: int) -> GameResult:
        if index == 7:
            raise KeyboardInterrupt
        return played(config, index)

    monkeypatch.setattr(runner, "play_game", stopping)
    with pytest.raises(runner.Interrupted) as stopped:
        simulate(config)
    monkeypatch.undo()
    assert stopped.value.summary.games == 6
    shorter = SimConfig(
        rules=find_variant("standard"), bots=("greedy", "sharp"), games=6, seed=3, duplicate=True
    )
    assert stopped.value.summary == simulate(shorter)


def test_ctrl_c_prints_the_table_of_the_games_played_and_how_to_get_it_again(
    tmp_path: Path,
) -> None:
    """A person pressing Ctrl-C during a long ``phase10 simulate`` (the whole process
    group gets SIGINT, worker processes too) gets, instead of nothing, the table of the
    games played so far and the command that gives exactly it, exit 130, no traceback."""
    err_path = tmp_path / "err.txt"
    command = [sys.executable, "-m", "phase10", "simulate", "--bots", "greedy,greedy"]
    command += ["--games", "1000000", "--seed", "4", "--workers", "2"]
    with err_path.open("w") as err:
        process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=err,
            text=True,
            start_new_session=True,  # its own group, which Ctrl-C signals as a whole
        )
        try:
            for _ in range(600):  # the first progress line comes after 5 s
                if "/1,000,000" in err_path.read_text() or "/1000000" in err_path.read_text():
                    break
                time.sleep(0.05)
            else:
                raise AssertionError(err_path.read_text())
            os.killpg(process.pid, signal.SIGINT)
            out, _ = process.communicate(timeout=60)
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
    said = err_path.read_text()
    assert process.returncode == 130, (out, said)
    assert "Traceback" not in said
    match = re.search(r"--games (\d+) --seed 4", out)
    assert match is not None, out
    count = int(match.group(1))
    assert f"Interrupted: the figures below are for the first {count} of " in said
    assert out.startswith(f"{count} games, 2 players")
