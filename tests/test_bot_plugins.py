"""Bots from outside the project: by import path (``module:Class``) and by
an installed package's ``phase10.bots`` entry point, in ``make_bot`` and ``simulate``; every
bad spec is one clear ``ValueError`` / one ``phase10: error:`` line. The example bot of
docs/writing-a-bot.md plays legal moves only (the engine checks each one: P10-R13, D-19)."""

from __future__ import annotations

import json
import re
import runpy
import sys
import textwrap
from pathlib import Path

import pytest

from phase10 import find_variant
from phase10.bots import make_bot
from phase10.bots.plugins import plugin_names
from phase10.cli.main import main
from phase10.kernel.errors import BotError
from phase10.match import Match, Seat

EXAMPLES = Path(__file__).parents[1] / "examples"


def test_the_example_bot_loads_by_its_import_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(EXAMPLES))
    bot = make_bot("mybot:HoarderBot")
    assert bot.name == "hoarder"
    with pytest.raises(ValueError, match="does not play the programmes game"):
        make_bot("mybot:HoarderBot", "programmes")


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("no_such_module_xyz:Bot", "cannot import no_such_module_xyz"),
        ("mybot:NoSuchClass", "mybot has no NoSuchClass"),
        ("mybot:__doc__", "cannot be called"),
        ("json:dumps", "making it failed"),
        ("json:JSONDecodeError", "making it failed"),
        ("fractions:Fraction", "a bot needs a name and a choose"),
    ],
)
def test_a_bad_import_path_says_what_is_wrong(
    monkeypatch: pytest.MonkeyPatch, spec: str, says: str
) -> None:
    monkeypatch.syspath_prepend(str(EXAMPLES))
    with pytest.raises(ValueError, match=says):
        make_bot(spec)


def test_simulate_plays_the_example_bot_against_random(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The walk-through's first measurement: the hoarder beats random play (every move it
    makes goes through the engine's legality check, so an illegal one would end the run)."""
    monkeypatch.syspath_prepend(str(EXAMPLES))
    status = main(
        ["simulate", "--bots", "mybot:HoarderBot,random", "--games", "6", "--seed", "1", "--json"]
    )
    assert status == 0
    data = json.loads(capsys.readouterr().out)
    wins = {row["bot"]: row["wins"] for row in data["bots"]}
    assert wins["mybot:HoarderBot"] > wins["random"]


def test_simulate_names_a_bad_plugin_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["simulate", "--bots", "nowhere_at_all:Bot,greedy", "--games", "2"])
    assert status == 2
    err = capsys.readouterr().err
    assert "cannot import nowhere_at_all" in err
    assert "Traceback" not in err


def test_a_bot_module_that_does_not_parse_is_a_usage_error_naming_its_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A typo in the writer's own file is their mistake, said on one line with the file and
    line Python could not read: not "internal error ... please report it"."""
    module = tmp_path / "unparsable_bot.py"
    module.write_text("class Bot:\n    name = 'x'\n    def choose(self, view, rng:\n", "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    status = main(["simulate", "--bots", "unparsable_bot:Bot,greedy", "--games", "2"])
    err = capsys.readouterr().err
    assert status == 2, err
    assert err.startswith("phase10: error: --bots: bot 'unparsable_bot:Bot': cannot import "), err
    assert "SyntaxError: " in err
    assert f"at {module}:3)" in err
    assert "internal error" not in err
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("source", "line", "said"),
    [
        ("NAME = 'x'\nraise ValueError('config missing')\n", 2, "ValueError: config missing"),
        (
            "import os\nimport no_such_dependency_xyz\n",
            2,
            "ModuleNotFoundError: No module named 'no_such_dependency_xyz'",
        ),
    ],
)
def test_a_bot_module_that_raises_as_it_loads_names_the_spec_the_error_and_its_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    source: str,
    line: int,
    said: str,
) -> None:
    """Whatever the writer's module raises as it is imported is said with the bot it was
    for, what was raised and the line that raised it (a dependency the module lacks is not
    the module missing): at the command line, on one line, as at ``make_bot``."""
    module = tmp_path / "loading_bot.py"
    module.write_text(source, "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    expected = f"bot 'loading_bot:Bot': cannot import loading_bot ({said}, at {module}:{line})"
    with pytest.raises(ValueError, match="cannot import loading_bot") as raised:
        make_bot("loading_bot:Bot")
    assert str(raised.value) == expected
    status = main(["simulate", "--bots", "loading_bot:Bot,greedy", "--games", "2"])
    assert status == 2
    assert capsys.readouterr().err == f"phase10: error: --bots: {expected}\n"
    status = main(["play", "--opponents", "loading_bot:Bot", "--plain"])
    assert status == 2
    assert capsys.readouterr().err == f"phase10: error: --opponents: {expected}\n"


def test_a_bot_whose_making_fails_names_the_line_that_raised(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "failing_init_bot.py").write_text(
        "class Bot:\n    def __init__(self):\n        raise RuntimeError('no model')\n", "utf-8"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    where = tmp_path / "failing_init_bot.py"
    with pytest.raises(ValueError, match="making it failed") as raised:
        make_bot("failing_init_bot:Bot")
    assert str(raised.value) == (
        f"bot 'failing_init_bot:Bot': making it failed (RuntimeError: no model, at {where}:3)"
    )


@pytest.mark.parametrize(
    ("spec", "first"),
    [
        ("ismcts:MyISMCTS", "the seconds must be a number"),
        ("learned:MyBot", "MyBot: cannot be read"),
        ("greedy:MyBot", "only ismcts, pimc and expert take a budget"),
        ("expert:MyBot", "write the budget as seconds"),
    ],
)
def test_a_module_named_like_a_bot_is_told_that_the_bots_name_wins(
    capsys: pytest.CaptureFixture[str], spec: str, first: str
) -> None:
    """``ismcts:MyISMCTS`` is the built-in ismcts with a budget, never a writer's ismcts.py:
    the refusal of the budget (or model file) says so and how to get their own bot, on the
    command line as typed (the class's case kept) as at ``make_bot``."""
    name, _, cls = spec.partition(":")
    hint = (
        f"the bot name {name} comes before a module of that name: if {cls} is a class in "
        f"your {name}.py, rename that module (my_{name}.py, say)"
    )
    with pytest.raises(ValueError, match=first) as raised:
        make_bot(spec)
    assert str(raised.value).endswith(f"; {hint}")
    assert main(["simulate", "--bots", f"{spec},greedy", "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("phase10: error: --bots: "), err
    assert err.endswith(f"; {hint}\n"), err


def test_a_writers_module_named_like_a_bot_is_named_whatever_its_factory_is_called(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A module of that name on the path is enough for the hint, with a factory in lower
    case; a budget that is merely wrong, with no such module, gets none."""
    (tmp_path / "pimc.py").write_text("def mine():\n    return None\n", "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ValueError, match=r"rename that module \(my_pimc\.py, say\)$"):
        make_bot("pimc:mine")
    with pytest.raises(ValueError, match=r"\(200it\)$"):
        make_bot("ismcts:fast")


def test_an_installed_package_registers_its_bot_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A package's entry point in the phase10.bots group (a real .dist-info on the path, as
    pip would install it) makes its bot a name like greedy."""
    (tmp_path / "lazybot.py").write_text(
        textwrap.dedent(
            """
            class LazyBot:
                name = "lazy"

                def choose(self, view, rng):
                    return view.legal[0]
            """
        )
    )
    info = tmp_path / "lazybot-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: lazybot\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[phase10.bots]\nlazy = lazybot:LazyBot\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "lazy" in plugin_names()
    assert make_bot("lazy").name == "lazy"
    assert make_bot("Lazy", "programmes").name == "lazy"  # no games attribute: every game
    with pytest.raises(ValueError, match="unknown bot 'lazier'"):
        make_bot("lazier")
    assert "lazybot" in sys.modules


def test_the_projects_policy_bots_are_registered_like_any_installed_bot() -> None:
    """``rl:path.pt`` comes through the phase10.bots entry points (pyproject.toml), so the
    bots package needs no import of the learning environments to name it."""
    assert "rl" in plugin_names()
    with pytest.raises(ValueError, match="bot 'rl:': name the policy file"):
        make_bot("rl:")
    with pytest.raises(ValueError, match=r"no policy file 'Missing/Policy\.pt'"):
        make_bot("RL:Missing/Policy.pt")


def test_a_registered_bot_with_an_argument_keeps_the_arguments_case() -> None:
    from phase10.sim.specs import parse_bots

    with pytest.raises(ValueError, match=r"'Missing/Policy\.pt'"):
        parse_bots("greedy, rl:Missing/Policy.pt")


def test_a_saved_game_resumes_with_the_writers_own_bot_in_its_seat(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A game saved with your own bot in a seat resumes with that bot: the save keeps the
    spec it was made from, not its name, which may name no bot ("taker") or a built-in one
    ("sharp", whose built-in bot once took over the seat)."""
    (tmp_path / "twin_bots.py").write_text(
        textwrap.dedent(
            """
            class Taker:
                name = "taker"

                def choose(self, view, rng):
                    return view.legal[-1]


            class NamedLikeSharp(Taker):
                name = "sharp"
            """
        ),
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    for spec in ("twin_bots:Taker", "twin_bots:NamedLikeSharp"):
        bot = make_bot(spec)
        match = Match.start(find_variant("standard"), [Seat("Ann", None), Seat("Bob", bot)], 3)
        path = tmp_path / "saved.json"
        match.save(path)
        assert json.loads(path.read_text(encoding="utf-8"))["seats"][1]["bot"] == spec
        again = Match.load(path).seats[1].bot
        assert type(again).__name__ == type(bot).__name__
        assert type(again).__module__ == "twin_bots"


_MISBEHAVING = """
from phase10.kernel.actions import Draw, Source


class Cheat:
    name = "cheat"

    def choose(self, view, rng):
        # a second draw once it has drawn: D-19 refuses it
        return view.legal[0] if view.stage.value == "draw" else Draw(Source.DISCARD_PILE)


class Nothing:
    name = "nothing"

    def choose(self, view, rng):
        return None


class Crash:
    name = "crash"

    def choose(self, view, rng):
        raise RuntimeError("my bot blew up")
"""


@pytest.mark.parametrize(
    ("bot", "said"),
    [
        ("Cheat", "chose 'take', which is not allowed (D-19: you have already drawn"),
        ("Nothing", "which is not allowed (P10-R13: None is not an action of this game)"),
        ("Crash", "failed: RuntimeError: my bot blew up"),
    ],
)
def test_a_misbehaving_bot_is_named_with_its_seat_game_and_move(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    bot: str,
    said: str,
) -> None:
    """A bot that chooses an illegal move, or no action, or raises, stops the run with one
    line that names it, its seat and game and what it did, and the rule it broke (D-19,
    P10-R13): not the engine's bare reason, nor "internal error ... please report it"."""
    (tmp_path / "misbehaving.py").write_text(_MISBEHAVING, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    status = main(["simulate", "--bots", f"misbehaving:{bot},greedy", "--games", "2"])
    err = capsys.readouterr().err
    assert status == 2, err
    assert err.startswith(f"phase10: error: bot 'misbehaving:{bot}' (seat 0, game 0) "), err
    assert said in err
    assert "internal error" not in err
    assert err.count("\n") == 1


def test_a_bot_that_raises_is_sent_to_its_own_line_and_debugging_shows_its_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A bot writer whose bot raises is told the file and line that raised, on the one
    line; with PHASE10_DEBUG=1 the bot's whole traceback comes first."""
    # A module name of its own: the other tests' "misbehaving" stays imported from their
    # own folders.
    module = tmp_path / "raising_bot.py"
    module.write_text(_MISBEHAVING, encoding="utf-8")
    line = _MISBEHAVING.splitlines().index('        raise RuntimeError("my bot blew up")') + 1
    monkeypatch.syspath_prepend(str(tmp_path))
    argv = ["simulate", "--bots", "raising_bot:Crash,greedy", "--games", "2", "--quiet"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.rstrip("\n").endswith(f"my bot blew up (at {module}:{line}, in choose)"), err
    assert "Traceback" not in err
    monkeypatch.setenv("PHASE10_DEBUG", "1")
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("Traceback (most recent call last):"), err
    assert f'File "{module}", line {line}, in choose' in err
    assert err.splitlines()[-1].startswith("phase10: error: bot 'raising_bot:Crash' (seat 0")


def test_a_misbehaving_bot_at_a_played_table_is_named_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """At a table a person plays (``Match``), the bot's illegal move (P10-R13) is refused as
    the bot's, and the game stays as it was."""
    (tmp_path / "misbehaving.py").write_text(_MISBEHAVING, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    seats = [Seat("Bob", make_bot("misbehaving:Nothing")), Seat("Ann", None)]
    match = Match.start(find_variant("standard"), seats, 3)
    before = (match.version, match.game.digest(match.state))
    with pytest.raises(BotError, match=r"^bot 'misbehaving:Nothing' \(seat 0, Bob\) chose"):
        match.bot_step()
    assert (match.version, match.game.digest(match.state)) == before


def test_the_programmes_example_bot_beats_random_play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The walk-through's programmes bot reveals, lays and adds through the engine's checks
    (AMZ-R11 to AMZ-R13) and beats random play, as docs/writing-a-bot.md measures."""
    monkeypatch.syspath_prepend(str(EXAMPLES))
    spec = "myprogrammesbot:KeeperBot"
    argv = ["simulate", "--game", "programmes", "--bots", f"{spec},random", "--games", "6"]
    assert main([*argv, "--seed", "1", "--json"]) == 0
    wins = {row["bot"]: row["wins"] for row in json.loads(capsys.readouterr().out)["bots"]}
    assert wins[spec] > wins["random"]
    with pytest.raises(ValueError, match="does not play the phase10 game"):
        make_bot(spec)


def test_the_bot_writers_rerun_of_one_game_runs_as_written_and_prints_what_it_says(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """docs/writing-a-bot.md, "Rerun one game": its script, copied as is, plays game 3 of
    the run again and prints what the doc says it prints."""
    doc = (EXAMPLES.parent / "docs" / "writing-a-bot.md").read_text(encoding="utf-8")
    section = doc.split("## Rerun one game", 1)[1].split("\n## ", 1)[0]
    script = tmp_path / "rerun.py"
    script.write_text(section.split("```python\n", 1)[1].split("```", 1)[0], encoding="utf-8")
    said = re.search(r"rerun\.py` prints `([^`]+)`", section)
    assert said is not None
    monkeypatch.syspath_prepend(str(EXAMPLES))
    runpy.run_path(str(script), run_name="__main__")
    assert capsys.readouterr().out == f"{said[1]}\n"


def test_the_reproduce_line_of_an_import_path_bot_names_where_it_was_found(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command a tournament prints to reproduce it finds the bot again: an import path
    is found through PYTHONPATH, so the line carries it; built-in bots need nothing."""
    monkeypatch.syspath_prepend(str(EXAMPLES))
    monkeypatch.setenv("PYTHONPATH", str(EXAMPLES))
    argv = ["simulate", "--games", "2", "--json"]
    assert main([*argv, "--bots", "mybot:HoarderBot,random"]) == 0
    command = json.loads(capsys.readouterr().out)["command"]
    assert command.startswith(f"PYTHONPATH={EXAMPLES} phase10 simulate --bots mybot:HoarderBot")
    assert main([*argv, "--bots", "greedy,random"]) == 0
    assert json.loads(capsys.readouterr().out)["command"].startswith("phase10 simulate")
