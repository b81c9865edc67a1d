"""``phase10 rules``: the project's own rules text (:mod:`phase10.rulebook_text`), listed by id,
shown one rule at a time, or looked up by word. English is complete; another language that
lacks its file or an id falls back to English and says so in one line.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from phase10 import games
from phase10.cli.common import PROG, CommandError, examples, paragraph
from phase10.cli.parse_errors import translate
from phase10.kernel.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    N_,
    Translator,
    detect_language,
    translator,
)
from phase10.rulebook_text import (
    Rule,
    close_matches,
    find_rule,
    found_lines,
    listing,
    load_rulebook,
    search,
    show,
)

DESCRIPTION = N_(
    "Show the rules of Phase 10 and of the programmes game (the amüze program-card rummy): "
    "without ID, every rule, decision, section, flag and profile id with its title; with an "
    "ID (P10-R23, D-04, AMZ-R15, E-08, B.4.3, skip_limit...), that rule's text; with a word "
    "(wild, run...), the rules that mention it."
)
EPILOG = """\
  phase10 rules
  phase10 rules P10-R23
  phase10 rules b.4.3
  phase10 rules skip_limit --lang nl
  phase10 rules wild
"""


def choice_text(
    wanted: str, book: dict[str, Rule], english: dict[str, Rule], tr: Translator
) -> list[str] | None:
    """A short variant (or a profile the rulebook has no entry for) as ``phase10 variants``
    lists it, read in ``tr``'s language: its name and label, its description, the flag it sets,
    then that flag's entry of ``book`` (``english`` where ``book`` lacks it); ``None`` when no
    game lists ``wanted``. Players meet these names in menus and on the command line, and the
    rulebook files them under their flags (B.1).

    >>> english = load_rulebook("en")
    >>> lines = choice_text("Pick-A-Phase", english, english, translator("en"))
    >>> for line in lines[:4]:
    ...     print(line)
    pick_a_phase Pick a phase
    <BLANKLINE>
    Each hand, lay down any phase not yet completed, naming it.
    flag: progression = pick_any
    >>> lines[5]
    'progression How players move from phase to phase'
    >>> choice_text("n_phases=3", english, english, translator("en"))[3]
    'flag: phase_count = N'
    >>> choice_text("nothing", english, english, translator("en")) is None
    True
    """
    _ = tr.gettext
    key = wanted.strip().lower().replace("-", "_").partition("=")[0].strip()
    for game in games.all_games():
        for choice in (*game.rule_profiles, *game.rule_variants):
            if choice.name != key:
                continue
            heading = f"{choice.name} {_(choice.label) if choice.label else ''}".rstrip()
            lines = [heading, "", _(choice.description)]
            if not choice.flag:
                return lines
            flag = _(N_("flag: {flag} = {value}")).format(flag=choice.flag, value=choice.value)
            lines.append(flag)
            entry = find_rule(book, choice.flag) or find_rule(english, choice.flag)
            return [*lines, "", *show(entry, tr)] if entry is not None else lines
    return None


def register(subparsers: Any) -> None:
    """Add the ``rules`` command."""
    parser = subparsers.add_parser(
        "rules",
        help=translate(N_("list the rule ids, or show one rule")),
        description=paragraph(translate(DESCRIPTION)),
        epilog=examples(EPILOG),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "id",
        nargs="*",
        metavar="ID",
        help=translate(N_("a rule, decision, section, flag or profile id, or a word to look for")),
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help=translate(
            N_(
                "the language of the text: en, fr, de or nl (default: from LANGUAGE, LC_ALL, "
                "LC_MESSAGES or LANG, else en); English is used where a translation is missing"
            )
        ),
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the list of ids, or one rule; an unknown id is a one-line error (status 2)."""
    lang: str = args.lang or detect_language()
    english = load_rulebook("en")
    if english is None:
        raise CommandError(
            translate(N_("the rules text (docs/rules/en.md) is missing from this installation"))
        )
    book = english if lang == "en" else load_rulebook(lang)
    name = LANGUAGE_NAMES.get(lang, lang)
    if book is None:
        _note(f"the rules are not translated into {name} yet; showing them in English")
        book, lang = english, "en"
    # Several words are looked for together: phase10 rules wild card.
    wanted: str | None = " ".join(args.id) or None
    if wanted is None:
        if lang != "en" and set(book) != set(english):
            _note(f"the {name} rules are incomplete; showing the list in English")
            book = english
        for line in listing(book):
            print(line)
        return 0
    rule = find_rule(book, wanted)
    if rule is None and lang != "en":
        rule = find_rule(english, wanted)
        if rule is not None:
            _note(f"{rule.id} is not translated into {name} yet; showing it in English")
    if rule is None:
        choice = choice_text(wanted, book, english, translator(lang))
        if choice is None:
            # Not an id: a word a beginner looks up ("wild", "run"), found in the text.
            found = search(book, wanted)
            if not found:
                raise CommandError(_unknown(english, wanted))
            for line in found_lines(found, wanted, translator(lang), f"{PROG} rules ID"):
                print(line)
            return 0
        for line in choice:
            print(line)
        return 0
    for line in show(rule, translator(lang)):
        print(line)
    return 0


def _unknown(book: dict[str, Rule], wanted: str) -> str:
    near = close_matches(book, wanted)
    if near:
        template = N_("no rule {wanted}: did you mean {near}?")
    else:
        template = N_("no rule {wanted}: '{prog} rules' lists them all")
    return translate(template).format(wanted=repr(wanted.strip()), near=", ".join(near), prog=PROG)


def _note(message: str) -> None:
    print(f"{PROG}: note: {message}", file=sys.stderr)
