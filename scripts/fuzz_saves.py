"""Damage a real saved game in many ways and count how loading it answers.

Every damaged save is loaded the way ``phase10 resume`` loads it (``Match.load``, then the
position is read). Each try is counted as one of:

* ``clear``: refused with the game's own error (``phase10: error: ...``, exit 2);
* ``internal``: any other exception (what the command line reports as exit 70);
* ``identical``: loaded, and the game is the one that was saved (e.g. a flip in whitespace);
* ``silent``: loaded a *different* game without a word (an undetected edit or damage).

The target is 0 ``internal`` and 0 ``silent``. Two runs: ``--flips N`` random byte flips of the
save, and a fixed list of targeted corruptions (types, missing keys, huge numbers, deep nesting,
reorderings and legal edits, each written with the stale checksum, a recomputed plain SHA-256,
and no checksum at all).

    python scripts/fuzz_saves.py --flips 600 --seed 17 --seconds 120
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import os
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from phase10 import find_variant
from phase10.bots import make_bot
from phase10.kernel.errors import Phase10Error
from phase10.match import Match, Seat


def sample_save(game: str, steps: int = 80, seed: int = 5) -> dict[str, Any]:
    """A real match's saved object, ``steps`` bot moves in, a person in seat 0."""
    rules = find_variant("programmes" if game == "programmes" else "standard")
    seats = [Seat(f"Bot{i}", make_bot("easy", game)) for i in range(3)]
    match = Match.start(rules, seats, seed=seed)
    for _ in range(steps):
        if match.is_over:
            break
        match.bot_step()
    person = [Seat("Ann"), *match.seats[1:]]
    return Match(match.record, person, match.state, match.log).to_dict()


def plain_sha(data: dict[str, Any]) -> str:
    """The plain (unkeyed) checksum an editor can recompute by hand."""
    body = {k: v for k, v in data.items() if k != "checksum"}
    text = json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def classify(path: Path, original: dict[str, Any]) -> str:
    """How loading ``path`` answers: clear, internal, identical or silent."""
    try:
        match = Match.load(path)
        match.legal  # noqa: B018 - reading the position is part of resuming
        match.view(match.to_act)
        loaded = match.to_dict()
    except (Phase10Error, OSError):
        return "clear"
    except Exception:
        return "internal"
    return "identical" if loaded == original else "silent"


def saved_bytes(path: Path, data: dict[str, Any]) -> bytes:
    Match.from_dict(data).save(path)
    return path.read_bytes()


def flips(raw: bytes, count: int, rng: random.Random) -> Iterator[bytes]:
    for _ in range(count):
        damaged = bytearray(raw)
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            damaged[rng.randrange(len(damaged))] ^= 1 << rng.randrange(8)
        yield bytes(damaged)


def _edits(data: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any] | str]]:
    """Targeted corruptions: (label, changed object or raw text)."""
    record = data["record"]
    odd_values: list[Any] = [None, 5, -1, 1.5, "x", "", [], {}, True, [5], {"a": 1}]
    for key in data:
        if key == "checksum":
            continue
        yield f"drop {key}", {k: v for k, v in data.items() if k != key}
        for value in odd_values:
            yield f"{key}={value!r}", {**data, key: value}
    for key in record:
        yield (
            f"drop record.{key}",
            {**data, "record": {k: v for k, v in record.items() if k != key}},
        )
        for value in odd_values:
            yield f"record.{key}={value!r}", {**data, "record": {**record, key: value}}
    actions = record["actions"]
    for label, changed in (
        ("drop last action", actions[:-1]),
        ("drop first action", actions[1:]),
        ("drop middle action", actions[: len(actions) // 2] + actions[len(actions) // 2 + 1 :]),
        ("swap two actions", [actions[1], actions[0], *actions[2:]]),
        ("action 5", [5, *actions[1:]]),
        ("action null", [None, *actions[1:]]),
        ("action garbage", ["zz 99", *actions[1:]]),
    ):
        yield label, {**data, "record": {**record, "actions": changed}}
    for kind in ("decks", "programs"):
        if isinstance(record.get(kind), list) and record[kind]:
            first = record[kind][0]
            if isinstance(first, str) and " " in first:
                words = first.split()
                changed = " ".join([*words[:-2], words[-1], words[-2]])
                yield (
                    f"reorder undrawn {kind}",
                    {
                        **data,
                        "record": {**record, kind: [changed, *record[kind][1:]]},
                    },
                )
    flags = record["rules"]["flags"]
    yield "flags as a list", {**data, "record": {**record, "rules": {"flags": list(flags)}}}
    for flag, value in list(flags.items())[:6]:
        if isinstance(value, bool):
            rules = {**record["rules"], "flags": {**flags, flag: not value}}
            yield f"flip flag {flag}", {**data, "record": {**record, "rules": rules}}
    seats = data["seats"]
    yield "person moved", {**data, "seats": [seats[1], seats[0], *seats[2:]]}
    yield "all computer", {**data, "seats": [{"name": "Ann", "bot": "easy"}, *seats[1:]]}
    yield "seat 5", {**data, "seats": [5, *seats[1:]]}
    yield "seed Infinity", json.dumps({**data, "record": {**record, "seed": float("inf")}})
    yield "seed NaN", json.dumps({**data, "record": {**record, "seed": float("nan")}})
    text = json.dumps(data)
    yield "seed 5000 digits", text.replace(f'"seed": {record["seed"]}', '"seed": ' + "9" * 5000, 1)
    yield "nested 100000", '{"format": ' + "[" * 100_000 + "]" * 100_000 + "}"
    yield "invalid utf-8", "\udcff"
    yield "empty", ""
    yield "top-level list", "[1, 2]"


def targeted(data: dict[str, Any]) -> Iterator[tuple[str, bytes]]:
    """Each targeted edit written three ways: stale checksum, recomputed plain SHA-256, none."""
    stale = data.get("checksum")
    for label, edited in _edits(data):
        if isinstance(edited, str):
            yield label, edited.encode("utf-8", "surrogateescape")
            continue
        for how in ("stale", "recomputed", "none"):
            changed = copy.deepcopy(edited)
            changed.pop("checksum", None)
            if how == "stale" and stale is not None:
                changed["checksum"] = stale
            elif how == "recomputed":
                changed["checksum"] = plain_sha(changed)
            yield f"{label} ({how} checksum)", json.dumps(changed, indent=1).encode()


def run(
    label: str, tries: Iterator[tuple[str, bytes]], original: dict[str, Any], deadline: float
) -> Counter[str]:
    counts: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "save.json")
        for name, raw in tries:
            if time.monotonic() > deadline:
                counts["(stopped: out of time)"] += 1
                break
            path.write_bytes(raw)
            verdict = classify(path, original)
            counts[verdict] += 1
            if verdict != "clear" and os.environ.get("FUZZ_VERBOSE"):
                print(f"  {label}: {verdict}: {name}", file=sys.stderr)
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--flips", type=int, default=600, help="random byte flips (max 100000)")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--seconds", type=float, default=300, help="stop after this long")
    parser.add_argument("--game", choices=("phase10", "programmes", "both"), default="both")
    args = parser.parse_args(argv)
    if not 0 <= args.flips <= 100_000 or not 0 < args.seconds <= 3600:
        parser.error("--flips must be 0..100000 and --seconds 0..3600")
    deadline = time.monotonic() + args.seconds
    # Saves are signed with the key in the data directory: use a fresh one, never the player's.
    os.environ["PHASE10_DATA_DIR"] = tempfile.mkdtemp(prefix="phase10-fuzz-")
    rng = random.Random(args.seed)
    games = ("phase10", "programmes") if args.game == "both" else (args.game,)
    bad = 0
    with tempfile.TemporaryDirectory() as folder:
        for game in games:
            data = sample_save(game)
            original = Match.from_dict(copy.deepcopy(data)).to_dict()
            raw = saved_bytes(Path(folder, f"{game}.json"), data)
            stored = json.loads(raw)
            share = args.flips // len(games)
            runs = (
                ("byte flips", ((f"flip {i}", b) for i, b in enumerate(flips(raw, share, rng)))),
                ("targeted", targeted(stored)),
            )
            for label, tries in runs:
                counts = run(label, tries, original, deadline)
                total = sum(counts.values())
                bad += counts["internal"] + counts["silent"]
                shown = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
                print(f"{game} {label}: {total} tries: {shown}")
    command = f"python scripts/fuzz_saves.py --flips {args.flips} --seed {args.seed}"
    print(f"reproduce: PYTHONPATH=src {command} --game {args.game}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
