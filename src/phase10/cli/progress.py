"""Progress on long commands: a bar with the time left
on a terminal, and on anything else (a log, a pipe, a screen reader's transcript) a plain
sentence every few seconds, "12/100 games, about 3 min left", never a redraw. It goes to
stderr, so what a command prints on stdout is the same with or without it; ``--quiet``
silences it.

>>> import io
>>> out = io.StringIO()
>>> ticks = iter([0.0, 0.0, 6.0, 7.0, 7.0, 7.0])
>>> with progress_reporter(4, "games", stream=out, clock=lambda: next(ticks)) as step:
...     for done in range(1, 5):
...         if step is not None:
...             step(done, 4)
>>> print(out.getvalue(), end="")
2/4 games, about 6 s left
4/4 games done in 7 s
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Final, TextIO

from phase10.cli.parse_errors import translate
from phase10.kernel.i18n import N_

#: Seconds between two plain progress lines.
PLAIN_INTERVAL: Final = 5.0

Step = Callable[[int, int], None]


def add_quiet_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--quiet``: no progress on stderr."""
    parser.add_argument(
        "--quiet",
        "-q",
        action="store_true",
        help=translate(
            N_("no progress on stderr (a bar on a terminal, else a line every few seconds)")
        ),
    )


def duration(seconds: float) -> str:
    """A rounded duration for people.

    >>> duration(4.2), duration(170), duration(7200)
    ('4 s', '3 min', '2.0 h')
    """
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


@contextmanager
def progress_reporter(
    total: int,
    noun: str,
    *,
    quiet: bool = False,
    stream: TextIO | None = None,
    clock: Callable[[], float] = time.monotonic,
    interval: float = PLAIN_INTERVAL,
) -> Iterator[Step | None]:
    """A ``step(done, total)`` callback showing progress on ``stream`` (stderr), or None
    when ``quiet``; ``noun`` (``games``, ``hands``) and the lines in the language of the
    command (:func:`phase10.cli.parse_errors.translate`)."""
    noun = translate(noun)
    out = stream if stream is not None else sys.stderr
    if quiet:
        yield None
        return
    if out.isatty():
        with _bar(total, noun, out) as redraw:
            yield redraw
        return
    started = clock()
    last = [started, 0]

    def step(done: int, whole: int) -> None:
        now = clock()
        last[1] = done
        if done >= whole or now - last[0] < interval:
            return
        last[0] = now
        left = (now - started) / max(done, 1) * (whole - done)
        line = translate(N_("{done}/{total} {noun}, about {left} left"))
        print(
            line.format(done=done, total=whole, noun=noun, left=duration(left)),
            file=out,
            flush=True,
        )

    yield step
    if last[1] >= total:
        line = translate(N_("{total}/{total} {noun} done in {time}"))
        print(line.format(total=total, noun=noun, time=duration(clock() - started)), file=out)


@contextmanager
def _bar(total: int, noun: str, out: TextIO) -> Iterator[Step]:
    # Imported here: rich is a base dependency, but the plain path does not need it loaded.
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress(
        noun,
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(file=out),
        transient=True,
    ) as bar:
        task = bar.add_task(noun, total=total)

        def step(done: int, _total: int) -> None:
            bar.update(task, completed=done)

        yield step
