"""What the line games share (``cli.line_phase10`` and ``cli.line_programmes``): the seat at the
keyboard, its language and command words, one translated sentence per ``say``, saving after
every action with a single warning when the file cannot be written, and what the game's
presentation gives every client alike: the hint, the numbered list of moves (``a``, then a
number) and a move typed as that list writes it (``hit R7 on 1.0``)."""

from __future__ import annotations

import shlex
from collections import deque
from collections.abc import Iterable, Mapping
from typing import Final

from phase10.cli import places
from phase10.kernel.i18n import N_, Translator, translator
from phase10.kernel.notation import parse_number
from phase10.kernel.presentation import Move, Presentation
from phase10.launch import resume_command
from phase10.match import Match
from phase10.online.moves import Found, Table, display, resolve
from phase10.storage import StorageError

#: Yes, in every language of the game (a confirmation takes any of them).
YES: Final = frozenset({"y", "yes", "o", "oui", "j", "ja"})

#: How many of the last events ``r`` (again) says again.
RECENT: Final = 12

#: At most this many characters of an unknown command are echoed back.
ECHO_LIMIT: Final = 40


def echoed(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` quoted for an error message, cut to ``limit`` characters with an ellipsis.

    >>> echoed("frobnicate")
    "'frobnicate'"
    >>> echoed("x" * 5000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'"
    """
    text = " ".join(text.split())
    if len(text) > limit:
        text = text[:limit] + "…"
    return repr(text)


class LineBase:
    """The line loop's state for one person at ``seat``, in language ``lang``."""

    def __init__(
        self,
        match: Match,
        seat: int,
        save_path: str,
        lang: str = "en",
        words: Mapping[str, str] | None = None,
    ) -> None:
        self.match = match
        self.seat = seat
        self.save_path = save_path
        self.lang = lang
        self.tr: Translator = translator(lang)
        self._ = self.tr.gettext
        self.words = dict(words or {})
        self._save_warned = False
        #: Why the last save failed (None once one succeeds): said at the end, exit status 1.
        self.save_error: str | None = None
        self.recent: deque[str] = deque(maxlen=RECENT)
        #: The moves ``a`` listed last, with the game's version then: a number picks one.
        self.choices: tuple[int, list[Move]] | None = None

    def tell(self, lines: Iterable[str]) -> None:
        """Print the narration's sentences and keep the last few for ``r`` (again)."""
        for line in lines:
            print(line)
            self.recent.append(line)

    def say_again(self) -> None:
        """Hear the last few events again."""
        if not self.recent:
            self.say(N_("Nothing has happened yet since you started."))
            return
        self.say(N_("The last events:"))
        for line in self.recent:
            print(line)

    def presented(self, *, hint: bool = False) -> Presentation:
        """The seat's table as the game presents it to every client, in the seat's language."""
        game = self.match.game
        return game.present(self.match.view(self.seat), self.match.names, self.tr, hint=hint)

    def suggested_action(self) -> object:
        """What a strong computer player would do in this seat now (for ``hint``): the
        presentation's hint, the same the full screen, the browser and ``join`` give."""
        shown = self.presented(hint=True)
        if shown.hint is None:
            return None
        return self.match.game.action_from_json(shown.move(shown.hint.move).action)

    def list_moves(self) -> None:
        """``a``: every move open now, numbered as the game writes it; a number picks one."""
        shown = self.presented()
        if not shown.moves:
            print(shown.turn)
            return
        self.choices = (self.match.version, list(shown.moves))
        for number, move in enumerate(shown.moves, start=1):
            print(f"{number}: {display(move.id, self.match.names)}")

    def chosen_action(self, number: int) -> object | None:
        """The move ``number`` of the last list ``a`` printed (of every move open now when
        that list is out of date); None, said why, when there is no such move."""
        shown = self.presented()
        if not shown.moves:
            print(shown.turn)
            return None
        moves = list(shown.moves)
        if self.choices is not None and self.choices[0] == self.match.version:
            moves = self.choices[1]
        if not 1 <= number <= len(moves):
            self.say(N_("Choose a number from 1 to {count}."), count=len(moves))
            return None
        chosen: object = self.match.game.action_from_json(moves[number - 1].action)
        return chosen

    def typed_action(self, line: str) -> object | None:
        """The one open move ``line`` writes as the list of moves does (``hit R7 on 1.0``,
        ``discard S to 1``), else None."""
        shown = self.presented()
        entries = [{"action": move.action, "text": move.id} for move in shown.moves]
        table = Table(hand=[card.code for card in shown.hand], names=self.match.names)
        found = resolve(line, entries, table)
        if isinstance(found, Found):
            typed: object = self.match.game.action_from_json(found.entry["action"])
            return typed
        return None

    def number_of(self, verb: str, rest: list[str]) -> int | None:
        """A bare number (``3``): a choice from the list ``a`` printed."""
        return parse_number(verb) if not rest else None

    def say_hint(self, command: str) -> None:
        self.say(N_("A strong computer player would type: {command}"), command=command)

    def say(self, message: str, **fields: object) -> None:
        """Print ``message`` (an English msgid) translated and filled in."""
        print(self._(message).format(**fields))

    def word(self, verb: str) -> str:
        """The word the player's language has for the English command ``verb`` (the first
        one :data:`~phase10.cli.play.COMMAND_WORDS` lists), else ``verb``: hints and the
        commands a message suggests use it, so a French player reads the words they may type
        ("ajouter R7 2", not "hit R7 2"). The catalogs' sentences do the same.

        >>> from phase10.cli.language import COMMAND_WORDS
        >>> LineBase.word_in(COMMAND_WORDS["fr"], "hit"), LineBase.word_in({}, "hit")
        ('ajouter', 'hit')
        """
        return self.word_in(self.words, verb)

    @staticmethod
    def word_in(words: Mapping[str, str], verb: str) -> str:
        """The first key of ``words`` that means ``verb``, else ``verb`` itself."""
        return next((local for local, english in words.items() if english == verb), verb)

    def unknown(self, text: str) -> None:
        """Say that ``text`` is no command, echoing at most a short prefix of it."""
        self.say(N_("Unknown command {command}. Type ? for help."), command=echoed(text))

    def takes_over(self) -> bool:
        """Hot seat: when another person is to act, hand the keyboard over and play as them
        (True); False when a computer player is to act or the game is over."""
        if self.match.is_over:
            return False
        seat = self.match.to_act
        if seat == self.seat or self.match.seats[seat].bot is not None:
            return False
        name = self.match.names[seat]
        print()
        self.say(N_("Pass the keyboard to {name}."), name=name)
        try:
            input(self._("Press Enter when only {name} can see the screen. ").format(name=name))
        except (EOFError, KeyboardInterrupt):
            print()
        self.seat = seat
        # What the last person heard may show their cards ("You drew R7"): not for r (again).
        self.recent.clear()
        return True

    def say_seed(self) -> None:
        """The game's seed, once the game is over: before, it would give away every hand and
        every draw to come."""
        if self.match.is_over:
            self.say(
                N_("Seed {seed}: play this game again with --seed {seed}."), seed=self.match.seed
            )

    def say_saved(self) -> None:
        """Where the game is saved and the command that resumes it, as it can be typed
        (it works without ``phase10`` on the PATH, from any directory); or,
        when saving failed, that it failed, why, and where it can be saved."""
        if self.save_error is not None:
            self.say_not_saved()
            return
        self.say(
            N_("Game saved to {path}. Resume it with: {command}"),
            path=self.save_path,
            command=resume_command(self.save_path),
        )

    def say_not_saved(self) -> None:
        """The game could not be saved: why, and the option that saves it elsewhere."""
        self.say(
            N_(
                "The game was NOT saved to {path}: {reason}. Play with --save PATH to save "
                "it elsewhere, e.g. --save {other}"
            ),
            path=self.save_path,
            reason=self.save_error,
            other=shlex.quote(str(places.elsewhere(self.save_path))),
        )

    @property
    def exit_status(self) -> int:
        """The exit status: 0, or 1 when the game could not be saved at the end."""
        return 0 if self.save_error is None else 1

    def save(self) -> None:
        """Save the match; the first failure is reported, the game goes on regardless (and
        the end says again that it is not saved)."""
        try:
            self.match.save(self.save_path)
        except (OSError, StorageError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            # A StorageError names the file already; the sentence names it once.
            reason = reason.removeprefix(f"{self.save_path}: ").removeprefix("cannot save there: ")
            self.save_error = " ".join(reason.split())
            if not self._save_warned:
                self.say(
                    N_("Warning: cannot save to {path}: {reason}"),
                    path=self.save_path,
                    reason=self.save_error,
                )
                self._save_warned = True
        else:
            self.save_error = None
