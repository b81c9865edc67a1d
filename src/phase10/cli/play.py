"""``phase10 play`` and ``phase10 resume``: a line-based game against computer players.

Made for screen readers and braille displays as much as for scripts: one sentence per event,
no box drawing and no colour (cards are written ``R7``, ``W``, ``S``), one-key queries, cards
chosen by name (``R7``) or by position (``3``). Every line comes from ``input()``, so a script
can play a whole game through standard input; at the end of input the game is saved and the
command exits normally.

Every message is in the player's language (``--lang en|fr|de|nl``, by default the locale's):
the sentences come from the game's narration, the engine's reasons from ``phase10.explain`` and
the rest from this module, all through the gettext catalogs of ``phase10.kernel.i18n``. The English
one-letter commands work in every language; each language also has its own words
(:data:`COMMAND_WORDS`).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path
from typing import Any, Final

from phase10.cli import fullscreen, local_play, places
from phase10.cli.common import (
    CommandError,
    add_game_options,
    add_rules_options,
    bounded_int,
    chosen_game,
    levels_in_words,
    opponents_and_seed,
    people_names,
    table_seats,
)
from phase10.cli.game_commands import rules_for
from phase10.cli.language import COMMAND_WORDS as COMMAND_WORDS
from phase10.cli.language import add_lang_option as add_lang_option
from phase10.cli.language import chosen_language as chosen_language
from phase10.cli.parse_errors import current_language, translate
from phase10.cli.saved_games import SavedGame, describe, saved_games
from phase10.kernel.errors import Phase10Error
from phase10.kernel.i18n import LANGUAGES, N_, translator
from phase10.kernel.notation import has_control, printable
from phase10.kernel.piles import MAX_SEED
from phase10.launch import resume_command
from phase10.match import Match, load_match
from phase10.storage import check_key, check_writable


def default_save_help() -> str:
    """What the help says of the default save (the path itself depends on the user); asked
    when the help is built, so a refused data folder is reported as the command runs."""
    try:
        path = str(places.default_save())
    except Phase10Error:
        return translate(N_("last-game.json in your data directory"))
    return translate(N_("last-game.json in your data directory, e.g. {path}")).format(path=path)


DEFAULT_NAME: Final = N_("You")


def register(subparsers: Any) -> None:
    """Add the ``play`` and ``resume`` commands."""
    play = subparsers.add_parser(
        "play",
        help=translate(N_("play a game against computer players in the terminal")),
        description=translate(
            N_(
                "Play Phase 10, or the amüze programmes rummy with --game programmes, against "
                "computer players or friends at the same keyboard. On a terminal the game opens "
                "full screen; --plain plays line by line, for screen readers and braille displays."
            )
        ),
        epilog=translate(N_("Type ? during the game for the list of commands.")),
    )
    add_game_options(play, program=False)
    add_rules_options(play)
    play.add_argument(
        "--players",
        type=bounded_int(2, 6),
        default=3,
        help=translate(N_("players in all, you included: 2 to 6 (default: 3)")),
    )
    play.add_argument(
        "--opponents",
        metavar="LEVEL",
        default="medium",
        help=translate(
            N_(
                "the computer players' level: {levels} (default: medium); or any bot's name, "
                "such as learned or ismcts:0.5s"
            )
        ).format(levels=", ".join(levels_in_words(current_language()))),
    )
    play.add_argument(
        "--name", default=None, help=translate(N_("your name (default: You, in your language)"))
    )
    play.add_argument(
        "--people",
        metavar="NAMES",
        default=None,
        help=translate(
            N_(
                "line by line: several people share the keyboard (hot seat), "
                "e.g. --people Ann,Bob; computer players fill the other seats of --players"
            )
        ),
    )
    play.add_argument(
        "--seed",
        type=bounded_int(0, MAX_SEED),
        default=None,
        help=translate(N_("the game's seed (default: from the clock)")),
    )
    add_mode_options(play)
    add_lang_option(play)
    fullscreen.add_options(play, plain=False)
    play.add_argument(
        "--save",
        metavar="PATH",
        default=None,
        help=translate(
            N_(
                "where the game is saved after every move (default: "
                "{path}; an unfinished game there is kept and the new one is saved "
                "next to it)"
            )
        ).format(path=default_save_help()),
    )
    play.set_defaults(func=run)
    resume = subparsers.add_parser(
        "resume",
        help=translate(N_("go on with a saved game")),
        description=translate(
            N_(
                "Resume a game saved by 'phase10 play', in the mode and language it was played in "
                "unless you say otherwise."
            )
        ),
    )
    resume.add_argument(
        "path",
        nargs="?",
        default=None,
        help=translate(
            N_(
                "the saved game, or its number in --list (default: the newest unfinished "
                "save in your data directory)"
            )
        ),
    )
    resume.add_argument(
        "--list",
        action="store_true",
        help=translate(
            N_("list the saved games, the newest first, with their players, hand and date")
        ),
    )
    add_mode_options(resume)
    add_lang_option(resume)
    fullscreen.add_options(resume, plain=False)
    resume.set_defaults(func=run_resume)


def add_mode_options(parser: argparse.ArgumentParser) -> None:
    """``--plain``, ``--always-plain`` and ``--screen``: line by line or the full screen."""
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--plain",
        action="store_true",
        help=translate(
            N_(
                "line-by-line play for screen readers and scripts (also: the environment "
                "variable {name}=1)"
            )
        ).format(name=places.PLAIN_ENV),
    )
    mode.add_argument(
        "--always-plain",
        action="store_true",
        help=translate(N_("play line by line now and every time after (saved in your settings)")),
    )
    mode.add_argument(
        "--screen",
        action="store_true",
        help=translate(
            N_("the full screen, even if line-by-line play was saved as your preference")
        ),
    )


def apply_mode(args: argparse.Namespace, saved_mode: str | None = None) -> None:
    """Settle ``args.plain``: ``--plain``, ``--always-plain`` (remembered), ``--screen``, else
    the saved game's mode, ``PHASE10_PLAIN`` or the saved preference."""
    lang = chosen_language(args)
    _ = translator(lang).gettext
    if getattr(args, "always_plain", False):
        try:
            path = places.save_setting("plain", True)
        except OSError as exc:
            print(_("Cannot save your preference: {reason}").format(reason=exc.strerror))
        else:
            print(_("From now on the game plays line by line (saved in {path}).").format(path=path))
        args.plain = True
        return
    if getattr(args, "screen", False):
        if places.load_settings().get("plain") is True:
            with contextlib.suppress(OSError):
                places.save_setting("plain", False)
        args.plain = False
        return
    if args.plain:
        return
    args.plain = saved_mode == "plain" or places.plain_preferred()


def save_path(args: argparse.Namespace, lang: str) -> str:
    """``--save``, else the default save; an unfinished game there is never overwritten: the
    new game gets a free name next to it, and the player is told. A path the game
    cannot be saved to is refused before the game starts, exit 2, and so
    is a damaged signing key."""
    # An empty or cut-short integrity.key would fail the first save: said now, not mid-game.
    check_key()
    if args.save is not None:
        # A device or a folder, a folder that cannot be made or a file
        # that cannot be created there: said now, not after the whole game.
        check_writable(str(args.save))
        _check_replaceable(str(args.save), lang)
        return str(args.save)
    default = places.default_save()
    path = default
    if default.exists():
        try:
            unfinished = not load_match(default).is_over
        except Phase10Error:
            unfinished = True
        if unfinished:
            path = places.free_save_path(default)
            print(
                translator(lang)
                .gettext(
                    "An unfinished game is saved in {old}; it is kept, and this game is saved "
                    "in {new}."
                )
                .format(old=default, new=path)
            )
    check_writable(str(path))
    return str(path)


def _check_replaceable(path: str, lang: str) -> None:
    """A ``--save`` path may hold a finished game, which the new one replaces (as the default
    save does); an unfinished game there, or any other file, is refused, never overwritten."""
    if not os.path.isfile(path):
        return
    _ = translator(lang).gettext
    try:
        over = load_match(path).is_over
    except Phase10Error:
        raise CommandError(
            _("{path} is not a saved game of ours; give --save a new path, so it is kept.").format(
                path=path
            )
        ) from None
    if not over:
        raise CommandError(
            _(
                "{path} holds an unfinished game: resume it with {command}, or give --save a "
                "new path."
            ).format(path=path, command=resume_command(path))
        )


def player_name(args: argparse.Namespace, lang: str) -> str:
    """``--name``, else "You" in the player's language."""
    if args.name is not None and not str(args.name).strip():
        # An empty --name is a slip, not a wish for the default: said, not repaired.
        raise CommandError(
            translator(lang).gettext("--name is empty: give a name, or leave the option out")
        )
    return str(args.name or "").strip() or translator(lang).gettext(DEFAULT_NAME)


def run(args: argparse.Namespace) -> int:
    """Start a new game of the chosen game and play it; returns 0 (errors are raised for
    ``main`` to report)."""
    lang = chosen_language(args)
    _ = translator(lang).gettext
    name = player_name(args, lang)
    people = people_names(args.people) if getattr(args, "people", None) else [name]
    for person in [name, *people]:
        if has_control(person):
            # A name is shown on every screen; escape codes never are.
            text = _("the name {name} holds a control character: use letters, digits and signs")
            raise CommandError(text.format(name=printable(person)))
    if len(people) > int(args.players):
        raise CommandError(
            translator(lang)
            .ngettext(
                "--people names {count} person but --players is {players}",
                "--people names {count} people but --players is {players}",
                len(people),
            )
            .format(count=len(people), players=args.players)
        )
    game = chosen_game(args)
    rules = rules_for(args, game)
    bots, seed = opponents_and_seed(args, game.name, len(people))
    apply_mode(args)
    if len(people) > 1:
        if not args.plain and sys.stdout.isatty():
            # The full screen was to open: the player is told why the game is line by line
            # instead, and where the full screen's own hot seat is (its new-game screen).
            said = _(
                "With --people, several people share the keyboard line by line. For the full "
                'screen, leave out --people: on its new-game screen, choose "{person}" for '
                "each person's seat."
            )
            print(said.format(person=_("Person")), flush=True)
        args.plain = True
    args.save = save_path(args, lang)
    screen = fullscreen.wanted(args)
    if screen:
        return fullscreen.launch_new(args, rules, seed, name, lang)
    match = Match.start(rules, table_seats(people, bots), seed)
    # The save remembers the mode and the language it is played in. No seed is said until
    # the game is over: with it, every hand and every draw can be rebuilt.
    match.interface = {"mode": "plain", "lang": lang}
    return local_play.play(match, str(args.save), lang, resumed=False)


def run_resume(args: argparse.Namespace) -> int:
    """Resume a saved game of any game and play on; returns 0 (a bad file raises
    ``MatchError``)."""
    if args.list:
        return _list_saves(args)
    if args.path is None:
        path = str(_newest_unfinished(chosen_language(args)))
    elif args.path.isdecimal() and not os.path.exists(args.path):
        path = str(_numbered_save(args, int(args.path)))
    else:
        path = str(args.path)
    match = load_match(path)
    # The game is saved back where it was read: refused now if it cannot be.
    check_writable(path)
    saved_lang = match.interface.get("lang")
    if getattr(args, "lang", None) is None and saved_lang in LANGUAGES:
        args.lang = saved_lang
    lang = chosen_language(args)
    _ = translator(lang).gettext
    apply_mode(args, match.interface.get("mode"))
    humans = match.human_seats
    if not humans:
        raise CommandError(
            _("{path}: no seat in this game is played by a person").format(path=path)
        )
    _speak_the_default_name(match, lang)
    screen = fullscreen.wanted(args)
    match.interface = {"mode": "screen" if screen else "plain", "lang": lang}
    return local_play.play(match, path, lang, resumed=True, screen=screen, pace=float(args.delay))


def _saves(lang: str) -> list[SavedGame]:
    try:
        return saved_games(places.saves_dir().glob("*.json"), lang)
    except OSError:
        return []


def _newest_unfinished(lang: str) -> Path:
    """The newest save of the data directory whose game can go on: what ``phase10 resume``
    alone takes. A finished game has nothing left to play, and a save that cannot be read
    back cannot be resumed; either is passed over for an older game that can, where
    there is one (``resume N`` and ``resume PATH`` still open any save)."""
    games = _saves(lang)
    for game in games:
        if game.heading is not None and not game.over:
            return game.path
    tr = translator(lang)
    folder = places.saves_dir()
    if not games:
        # A fresh machine has no save yet: say so, and how to begin, not "cannot read".
        message = tr.gettext(
            "There is no saved game yet in {folder}; start one with 'phase10 play'."
        )
    else:
        message = tr.gettext(
            N_(
                "There is no unfinished game in {folder}; start one with 'phase10 play' "
                "('phase10 resume --list' lists the saves there)."
            )
        )
    raise CommandError(message.format(folder=folder))


def _list_saves(args: argparse.Namespace) -> int:
    """``resume --list``: each save, numbered, the newest first."""
    lang = chosen_language(args)
    tr = translator(lang)
    games = _saves(lang)
    if not games:
        print(
            tr.gettext(
                "There is no saved game yet in {folder}; start one with 'phase10 play'."
            ).format(folder=places.saves_dir())
        )
        return 0
    print(*describe(games, tr), sep="\n")
    print(tr.gettext(N_("Resume one with 'phase10 resume N', N its number above.")))
    return 0


def _numbered_save(args: argparse.Namespace, number: int) -> Path:
    """Save ``number`` of ``resume --list``."""
    lang = chosen_language(args)
    games = _saves(lang)
    if not 1 <= number <= len(games):
        raise CommandError(
            translator(lang)
            .gettext(N_("There is no saved game {number}: 'phase10 resume --list' lists them."))
            .format(number=number)
        )
    return games[number - 1].path


def _speak_the_default_name(match: Match, lang: str) -> None:
    """A person who took no name is "You" in the language they play in: a game started in
    English and resumed in German calls them "Du", not "You" (only the default; a name the
    player chose stays as it is)."""
    if len(match.human_seats) != 1:
        return  # people sharing a keyboard all have names of their own
    seat = match.human_seats[0]
    defaults = {translator(code).gettext(DEFAULT_NAME) for code in LANGUAGES}
    mine = translator(lang).gettext(DEFAULT_NAME)
    if match.seats[seat].name in defaults and match.seats[seat].name != mine:
        match.rename(seat, mine)
