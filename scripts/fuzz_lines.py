"""Hostile lines typed into the line mode of both games: every one must get a clear answer.

A line the game cannot use (an odd digit such as ``²`` or ``١``, a number of
thousands of digits, too many parts, control characters, markup, a command with the wrong
number of words...) gets an answer of its own and the game goes on; it never ends the game
with an internal error (exit 70) and never plays a move nobody asked for.

Each line is played in a fresh game (``phase10 play --plain``, run in this process), after a
draw so that every command reaches its parser, then ``q``. A line is counted as

* a **clear error** when the game answers it and plays nothing;
* an **internal error** when the game crashes (exit 70, or a Python exception escapes);
* **silent wrong behaviour** when it plays a move, says nothing, or sends a raw control
  character to the terminal.

Blank lines are expected to be ignored (no answer, nothing played) and count as clear.

Usage::

    python scripts/fuzz_lines.py                   # the fixed list (HOSTILE_LINES), both games
    python scripts/fuzz_lines.py --random 500 --seconds 120 --seed 1

The fixed list also runs in ``make test`` (``tests/test_hostile_lines.py``).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Final

#: A number far over Python's 4,300-digit limit for ``int()`` of a string.
HUGE: Final = "9" * 5000

#: Lines for the Phase 10 game (``phase10 play --plain``).
PHASE10_LINES: Final[tuple[str, ...]] = (
    "discard ²",
    "x ²",
    "hit ² 1",
    "hit R7 ²",
    "hit R7 1 ²",
    "hit W=² 1",
    "lay phase ² R1 R1 R1 | R2 R2 R2",
    "lay ²",
    "lay ² y",
    "discard ١",
    "discard ٣",
    "hit R7 ٣",
    "discard 𝟕",
    "discard ½",
    f"discard {HUGE}",
    f"hit R7 {HUGE}",
    f"hit {HUGE} 1",
    f"lay {HUGE}",
    f"lay phase {HUGE} R1 R1 R1 | R2 R2 R2",
    f"discard S {HUGE}",
    "discard S ²",
    "discard -1",
    "discard 0",
    "hit R7 0",
    "hit R7 -1",
    "lay 0 y",
    "lay phase 0 R1 R1 R1 | R2 R2 R2",
    "lay phase",
    "lay phase 1",
    "lay R1 R1 R1 | | R2 R2 R2",
    "hit R7",
    "hit R7 1 2 3 4",
    "discard 1 2 3",
    "d now",
    "hint me",
    "discard [/]",
    "[red]x[/red]",
    "discard \x1b[2J",
    "\x1b]8;;http://x\x07link\x1b]8;;\x07",
    "discard \u202eR7",
    "\x00",
    "discard \x9b31m",
)

#: Lines for the programmes game (``phase10 play --plain --game programmes``).
PROGRAMMES_LINES: Final[tuple[str, ...]] = (
    "discard ²",
    "x ²",
    "extend 1 ²",
    "extend ² 1",
    "extend AS ² low",
    "reveal ²",
    "reveal ² y",
    "reveal ١",
    "discard ١",
    "discard ٣",
    "extend AS ٣",
    f"discard {HUGE}",
    f"extend AS {HUGE}",
    f"extend {HUGE} 1",
    f"reveal {HUGE}",
    "meld set AS AS AS | set KS KS KS",
    "meld set",
    "meld ²",
    "meld set ² ² ²",
    "meld run AS",
    "reveal set AS AS AS | set KS",
    "reveal 0",
    "reveal -1",
    "extend AS 0",
    "extend AS 1 sideways",
    "extend AS 1 low more",
    "discard 0",
    "discard -1",
    "discard 1 2",
    "swap now",
    "meld [red]x[/red]",
    "[link=http://x]y",
    "discard \x1b[31m",
    "\u202eAS",
)

#: Lines both games get.
COMMON_LINES: Final[tuple[str, ...]] = (
    "",
    "   \t  ",
    "x" * 100_000,
    "discard " + "R7 " * 10_000,
    HUGE,
    "²",
)

#: Every fixed line, by game.
HOSTILE_LINES: Final[dict[str, tuple[str, ...]]] = {
    "phase10": PHASE10_LINES + COMMON_LINES,
    "programmes": PROGRAMMES_LINES + COMMON_LINES,
}

#: Pieces the random lines are built from.
_VERBS: Final[tuple[str, ...]] = (
    *("discard", "x", "hit", "lay", "lay phase", "extend", "reveal", "meld", "meld set"),
    *("d", "t", "swap", "h", "b", "?", "hint", "r", "w", "s", "p", "m"),
)
_ODD: Final[tuple[str, ...]] = (
    *("²", "³", "¹", "١", "٣", "۳", "७", "𝟕", "½", "Ⅻ", "-1", "0", "+1", " 1_0", "0x1"),
    *(HUGE, "1e9", "nan", "|", "||", "=", "W=", "W=²", ".", "1.1", "[/]", "[b]", "\x1b[", "\x07"),
    *("\u202e", "\u200f", "\x9b", "\t", "R7", "AS", "JK", "W", "S", "1", "2", "low", "high"),
    *("y", "set", "run", "phase", "on", "to"),
)

#: Characters no answer may send to the terminal: C0 (but newline and tab), DEL, C1, and
#: the bidirectional overrides and isolates.
_RAW: Final = frozenset(
    {*range(0x00, 0x09), *range(0x0B, 0x20), 0x7F, *range(0x80, 0xA0)}
    | {*range(0x202A, 0x202F), *range(0x2066, 0x206A)}
)


def raw_controls(text: str) -> list[str]:
    """The characters of ``text`` that must never reach a terminal unescaped."""
    return [c for c in text if ord(c) in _RAW]


def random_line(rng: random.Random) -> str:
    """One random hostile line: a verb and a few odd words."""
    words = [rng.choice(_VERBS)] + [rng.choice(_ODD) for _ in range(rng.randint(0, 5))]
    if rng.random() < 0.1:
        words.insert(rng.randrange(len(words) + 1), chr(rng.randrange(0x110000 // 16)))
    return " ".join(words)


@contextlib.contextmanager
def _console(stdin: str) -> Iterator[io.StringIO]:
    old = sys.stdin, sys.stdout, sys.stderr
    out = io.StringIO()
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), out, out
    try:
        yield out
    finally:
        sys.stdin, sys.stdout, sys.stderr = old


def _argv(game: str, save: Path) -> list[str]:
    argv = ["play", "--plain", "--players", "2", "--opponents", "easy", "--save", str(save)]
    if game == "programmes":
        return [*argv, "--game", "programmes", "--seed", "4"]
    return [*argv, "--seed", "5"]


def _actions(save: Path) -> int:
    with contextlib.suppress(OSError, ValueError):
        return len(json.loads(save.read_text(encoding="utf-8"))["record"]["actions"])
    return -1


def _run(game: str, lines: Sequence[str], save: Path) -> tuple[int | None, str, int]:
    """Play ``lines`` after a draw, then quit: (exit status or None on a crash, output,
    actions recorded)."""
    from phase10.cli.main import main

    save.unlink(missing_ok=True)
    with _console("".join(f"{line}\n" for line in ["d", *lines, "q"])) as out:
        try:
            status: int | None = main(_argv(game, save))
        except BaseException as exc:  # a crash of any kind is what this script counts
            print(f"{type(exc).__name__}: {exc}"[:200])
            status = None
    return status, out.getvalue(), _actions(save)


def classify(game: str, line: str, save: Path, baseline: int) -> tuple[str, str]:
    """(``clear``, ``internal`` or ``silent``, the answer) for one line in a fresh game."""
    status, output, actions = _run(game, [line], save)
    # The answer: what follows the prompt that read the line, up to the next prompt.
    chunks = output.split("\n> ") if "\n> " in output else output.split("> ")
    answer = chunks[2].split("\n> ")[0] if len(chunks) > 2 else ""
    answer = answer.split("> ")[0].strip()
    if status is None or status == 70 or "Traceback" in output or "internal error" in output:
        return "internal", output[-300:]
    if raw_controls(output) or actions != baseline:
        return "silent", answer
    if not line.strip():
        return "clear", answer
    return ("clear" if answer else "silent"), answer


def run(lines: dict[str, Sequence[str]], verbose: bool) -> Counter[str]:
    """Classify every line of every game; print each non-clear one when ``verbose``."""
    counts: Counter[str] = Counter()
    saved_env = dict(os.environ)
    with tempfile.TemporaryDirectory() as home:
        # A home of its own: the games played here touch no real save or setting.
        os.environ["PHASE10_DATA_DIR"] = str(Path(home) / "data")
        os.environ["PHASE10_CONFIG_DIR"] = str(Path(home) / "config")
        os.environ.setdefault("LANGUAGE", "en")
        save = Path(home) / "game.json"
        for game, game_lines in lines.items():
            _run(game, [], save)
            baseline = _actions(save)
            for line in game_lines:
                kind, answer = classify(game, line, save, baseline)
                counts[kind] += 1
                if verbose and kind != "clear":
                    print(f"{game} {kind}: {line[:60]!r} -> {answer[:160]!r}", file=sys.__stdout__)
    os.environ.clear()
    os.environ.update(saved_env)
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--random", type=int, default=0, metavar="N", help="N random lines")
    parser.add_argument("--seconds", type=float, default=60.0, help="stop after this long")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random lines")
    parser.add_argument("-v", "--verbose", action="store_true", help="show each bad line")
    args = parser.parse_args(argv)
    count = max(0, min(args.random, 100_000))
    if count:
        rng = random.Random(args.seed)
        lines = {game: [random_line(rng) for _ in range(count)] for game in HOSTILE_LINES}
        command = f"python scripts/fuzz_lines.py --random {count} --seed {args.seed}"
    else:
        lines = {game: list(found) for game, found in HOSTILE_LINES.items()}
        command = "python scripts/fuzz_lines.py"
    deadline = time.monotonic() + max(1.0, min(args.seconds, 3600.0))
    counts: Counter[str] = Counter()
    for game, game_lines in lines.items():
        for start in range(0, len(game_lines), 25):
            if time.monotonic() > deadline:
                break
            counts += run({game: game_lines[start : start + 25]}, args.verbose)
    total = sum(counts.values())
    print(
        f"{total} lines: {counts['clear']} clear errors, {counts['internal']} internal errors, "
        f"{counts['silent']} silent wrong behaviour"
    )
    print(f"Reproduce with: {command}")
    return 1 if counts["internal"] or counts["silent"] else 0


if __name__ == "__main__":
    sys.exit(main())
