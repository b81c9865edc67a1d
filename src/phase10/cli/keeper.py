"""A game at this keyboard is saved after every move: where, what failed, and how to go on.

A save that fails is said once, the game goes on regardless, and the end says again that the
game is not saved, with an option that saves it elsewhere (exit status 1).

>>> from phase10 import find_variant
>>> from phase10.match import Match, Seat
>>> from phase10.bots import make_bot
>>> match = Match.start(find_variant("standard"), [Seat("Ann"), Seat("Bob", make_bot("easy"))], 4)
>>> keeper = Keeper(match, "/dev/null/game.json", "en")
>>> keeper.save()
Warning: cannot save to /dev/null/game.json: Not a directory
>>> keeper.exit_status
1
"""

from __future__ import annotations

import shlex
from collections.abc import Callable

from phase10.cli import places
from phase10.kernel.i18n import N_, translator
from phase10.launch import resume_command
from phase10.match import Match
from phase10.storage import StorageError

__all__ = ["Keeper"]


class Keeper:
    """Saves ``match`` to ``path`` and says so in ``lang``."""

    def __init__(self, match: Match, path: str, lang: str) -> None:
        self.match = match
        self.path = path
        self._ = translator(lang).gettext
        self._warned = False
        #: Where its sentences go: standard output, or a screen's log while one is up.
        self.out: Callable[[str], object] = print
        #: Why the last save failed (None once one succeeds): said at the end, exit status 1.
        self.error: str | None = None

    def say(self, message: str, **fields: object) -> None:
        """Print ``message`` (an English msgid) translated and filled in."""
        text = self._(message).format(**fields)
        if self.out is print:
            print(text, flush=True)
        else:
            self.out(text)

    @property
    def exit_status(self) -> int:
        """0, or 1 when the game could not be saved."""
        return 0 if self.error is None else 1

    def save(self) -> None:
        """Save the match; the first failure is said, and the game goes on regardless."""
        try:
            self.match.save(self.path)
        except (OSError, StorageError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            # A StorageError names the file already; the sentence names it once.
            reason = reason.removeprefix(f"{self.path}: ").removeprefix("cannot save there: ")
            self.error = " ".join(reason.split())
            if not self._warned:
                self.say(
                    N_("Warning: cannot save to {path}: {reason}"),
                    path=self.path,
                    reason=self.error,
                )
                self._warned = True
        else:
            self.error = None

    def say_left(self) -> None:
        """Save the game once more as the player leaves, and say what became of it: where it
        is saved and the command that resumes it; once the game is over, its seed instead
        (before, the seed would give away every hand and every draw to come); or that it
        could not be saved."""
        self.save()
        if self.match.is_over:
            self.say(
                N_("Seed {seed}: play this game again with --seed {seed}."), seed=self.match.seed
            )
        if self.error is not None:
            self.say(
                N_(
                    "The game was NOT saved to {path}: {reason}. Play with --save PATH to save "
                    "it elsewhere, e.g. --save {other}"
                ),
                path=self.path,
                reason=self.error,
                other=shlex.quote(str(places.elsewhere(self.path))),
            )
        elif not self.match.is_over:
            # The command works as typed without phase10 on the PATH, from any directory.
            self.say(
                N_("Game saved to {path}. Resume it with: {command}"),
                path=self.path,
                command=resume_command(self.path),
            )
