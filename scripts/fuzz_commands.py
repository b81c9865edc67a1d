"""Bad input to every command: each case runs ``phase10`` in a fresh
process with a time limit and is counted as a clear error (exit 2, one line on stderr, no
traceback), an internal error (exit 70 or a traceback) or silent wrong behaviour (anything
else: the absurd value was accepted, or the run did not end within the limit).

Run: PYTHONPATH=src python scripts/fuzz_commands.py [--timeout 10] [--jobs 2] [--show]
A fast subset runs in ``make test`` (tests/test_bounds.py).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

#: Values no number option may take (as text, as a user could type them).
BAD_NUMBERS = (
    "-1",
    "0",
    "nan",
    "inf",
    "-inf",
    "1e999",
    "1" + "0" * 5000,
    "",
    "²",
    "١",
    "99999999999999999999999",
    "1e9",
    "1000000000",
    "0x10",
    "abc",
)
#: Bot specs that name no bot or a budget that cannot be meant.
BAD_BOTS = (
    "ismcts:infs",
    "ismcts:nans",
    "ismcts:-1it",
    "ismcts:1e9it",
    "ismcts:1000000000it",
    "ismcts:0it",
    "ismcts:0s",
    "ismcts:-1s",
    "ismcts:1e999s",
    "ismcts:99999s",
    "pimc:infs",
    "pimc:1e9it",
    "ismcts:10it:zinf",
    "ismcts:10it:z-1",
    "ismcts:10it:znan",
    "ismcts:²it",
    "ismcts:",
    "grandmaster",
    "random:5it",
    "rl:",
    "rl:/dev/null",
    "no.such.module:Bot",
)
BAD_RULES = ("", "nope", "standard+nope", "missing.toml", "/dev/zero.toml", "[/]")
BAD_VARIANTS = ("n_phases=0", "n_phases=-1", "n_phases=nan", "n_phases=1e999", "nonsense", "=")
#: "/proc/..." rather than "/nonexistent/...": root may create the latter, and then the save
#: is a real one, not a bad input.
BAD_FILES = ("", "/dev/zero", "/proc/phase10-no-such-folder/file", "/")

#: Each command with the options that make it valid and quick, and its number options.
COMMANDS: dict[str, tuple[list[str], dict[str, list[str]]]] = {
    "simulate": (
        ["simulate", "--variant", "n_phases=1", "--games", "2"],
        {"--games": [], "--seed": [], "--workers": [], "--phase": ["--solo"]},
    ),
    "odds": (
        ["odds", "--phase", "1", "--hands", "20"],
        {"--hands": [], "--seed": [], "--phase": []},
    ),
    "bench": (["bench", "--seconds", "0.01"], {"--seconds": [], "--seed": []}),
    "check": (["check", "--phase", "1", "R5", "R5", "R5", "R7", "R7", "R7"], {"--phase": []}),
    "play": (
        ["play", "--plain", "--players", "2", "--opponents", "random", "--variant", "n_phases=1"],
        {"--players": [], "--seed": [], "--delay": []},
    ),
    "serve": (
        ["serve", "--port", "39517", "--database", "sqlite:////tmp/phase10-fuzz-serve.db"],
        {"--port": [], "--hold": [], "--bot-workers": [], "--bot-delay": []},
    ),
}


#: Values of BAD_NUMBERS that some options rightly take: a seed of 0 or 1,000,000,000, no
#: pause at all, no seat held, no bot workers (the server's own process plays).
FINE: dict[str, set[str]] = {
    "--seed": {"0", "1000000000"},
    "--delay": {"0"},
    "--bot-delay": {"0"},
    "--hold": {"0"},
    "--bot-workers": {"0"},
}


def cases() -> Iterator[list[str]]:
    """Every bad command line, built from the tables above."""
    for base, numbers in COMMANDS.values():
        for option, extra in numbers.items():
            for value in BAD_NUMBERS:
                if value not in FINE.get(option, set()):
                    yield [*base, *extra, option, value]
    simulate, _ = COMMANDS["simulate"]
    play, _ = COMMANDS["play"]
    for spec in BAD_BOTS:
        yield [*simulate, "--bots", f"{spec},greedy"]
        yield [*play, "--opponents", spec]
        yield ["simulate", "--game", "programmes", "--games", "2", "--bots", f"{spec},greedy"]
    yield [*simulate, "--bots", "greedy"]
    yield [*simulate, "--bots", ",".join(["greedy"] * 7)]
    yield [*simulate, "--bots", ""]
    yield [*simulate, "--address", "ray://nowhere:1"]
    yield [*simulate, "--duplicate", "--games", "3"]
    for command in ("check", "odds", "simulate", "play"):
        base = COMMANDS[command][0]
        for rules in BAD_RULES:
            yield [*base, "--rules", rules]
        for variant in BAD_VARIANTS:
            yield [*base, "--variant", variant]
        for path in BAD_FILES:
            yield [*base, "--rules-file", path]
    programmes = ["check", "--game", "programmes"]
    for program in ("", "PRG-99", "[/]", "SUN-1", "prg-01\x1b[2J"):
        yield [*programmes, "--program", program, "AS", "AS"]
    for text in (
        "",
        "{",
        "5",
        "null",
        "[]",
        '{"id": "X", "directives": 5}',
        '{"id": "X", "directives": [{"mult": 1e999, "kind": "run", "len": 4}]}',
        '{"id": "X", "directives": [{"mult": 1, "kind": "run", "len": 99999}]}',
    ):
        yield [*programmes, "--program-json", text, "AS"]
    for path in BAD_FILES:
        yield [*programmes, "--program", "PRG-01", "--programs", path, "AS"]
        yield ["play", "--plain", "--save", path, "--players", "2"]
        yield ["resume", "--plain", path]
    for hand in (["AS"] * 3, ["JK"] * 5, ["AS", "2S"] * 2000, ["²"], ["", " "], ["R99"]):
        yield [*programmes, "--program", "PRG-07", *hand]
    for hand in (["R99"], ["²"], ["W"] * 5000, ["R1", "R0"], [""]):
        yield ["check", "--phase", "1", *hand]
    for lang in ("", "xx", "../../etc"):
        yield ["rules", "--lang", lang]
        yield ["play", "--plain", "--lang", lang]
    for name in ("", "P10-R999", "[/]", "x" * 5000):
        yield ["rules", name]
        yield ["variants", name]


def scratch_env(scratch: str) -> dict[str, str]:
    """The environment of one case: every folder the game may write to is inside ``scratch``.

    The names are those the code reads: ``PHASE10_DATA_DIR`` (saves, the signing key, the
    server's database and online seats: phase10.storage) and ``PHASE10_CONFIG_DIR``
    (settings, phase10.cli.places); ``HOME`` and the XDG folders too, so that anything
    falling back on the user's folders lands in ``scratch`` as well.
    """
    env = {
        **os.environ,
        "HOME": scratch,
        "PHASE10_DATA_DIR": os.path.join(scratch, "data"),
        "PHASE10_CONFIG_DIR": os.path.join(scratch, "config"),
    }
    for name, folder in (("DATA", "share"), ("CONFIG", "config"), ("CACHE", "cache")):
        env[f"XDG_{name}_HOME"] = os.path.join(scratch, "xdg", folder)
    env["XDG_STATE_HOME"] = os.path.join(scratch, "xdg", "state")
    # The cases run in the scratch folder (a relative save lands there): the import path must
    # not depend on the folder this script was started from.
    paths = env.get("PYTHONPATH", "").split(os.pathsep)
    env["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) for p in paths if p)
    return env


def classify(argv: list[str], timeout: float) -> str:
    """'clear', 'internal' or 'silent' for one command line, run in a scratch folder that is
    removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="phase10-fuzz-", ignore_cleanup_errors=True) as scratch:
        try:
            done = subprocess.run(
                [sys.executable, "-m", "phase10", *argv],
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=timeout,
                env=scratch_env(scratch),
                cwd=scratch,
            )
        except subprocess.TimeoutExpired:
            return "silent"
    err = done.stderr.decode(errors="replace")
    if done.returncode == 70 or "Traceback" in err:
        return "internal"
    if done.returncode == 2 and err.count("\n") == 1:
        return "clear"
    return "silent"


def main() -> int:
    """Run every case and print the counts."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--show", action="store_true", help="print each case that is not clear")
    args = parser.parse_args()
    every = list(cases())
    with ThreadPoolExecutor(args.jobs) as pool:
        verdicts = list(pool.map(lambda argv: classify(argv, args.timeout), every))
    if args.show:
        for argv, verdict in zip(every, verdicts, strict=True):
            if verdict != "clear":
                print(f"{verdict:8} phase10 {' '.join(argv)[:160]}")
    counts = Counter(verdicts)
    print(
        f"{len(every)} bad command lines: {counts['clear']} clear errors, "
        f"{counts['internal']} internal errors, {counts['silent']} silent wrong behaviour"
    )
    print(f"reproduce: PYTHONPATH=src python scripts/fuzz_commands.py --timeout {args.timeout:g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
