"""``phase10 check``: can these cards make a phase, and how?

Exit status: 0 possible, 1 not possible, 2 bad input.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Sequence
from typing import Any, TypeVar

from phase10.cli.common import (
    add_game_options,
    add_rules_options,
    bounded_int,
    chosen_game,
    examples,
    paragraph,
)
from phase10.cli.game_commands import goal_options, rules_for, study
from phase10.cli.language import add_lang_option, chosen_language
from phase10.cli.parse_errors import translate
from phase10.cli.report import check_json, print_possible
from phase10.kernel.commands import Laid
from phase10.kernel.i18n import N_, translator

T = TypeVar("T")

DESCRIPTION = N_("Say whether a hand of cards can make a phase, and show one way to lay it down.")
CARDS_NOTE = N_("""\
Cards: R, B, Y or G with 1-12 (R7, g12), W for a Wild, S for a Skip; spaces or commas.
Exit status: 0 possible, 1 not possible, 2 bad input.
""")
EPILOG = """\
  phase10 check --phase 1 R5 B5 W R7 G7 Y7
  phase10 check --phase 8 --json G1 G3 G4 G9 G12 W W
  phase10 check --phase 3 --rules nl_accessible R2 R2 R2 R2 W R5 R6 R7 R8
  phase10 check --game programmes --program PRG-22 8S 9S JK JS
"""


def register(subparsers: Any) -> None:
    """Add the ``check`` command."""
    parser = subparsers.add_parser(
        "check",
        help=translate(N_("say whether a hand can make a phase and show the groups")),
        description=paragraph(translate(DESCRIPTION)),
        epilog=translate(CARDS_NOTE) + "\n" + examples(EPILOG),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--phase",
        type=bounded_int(1, 10),
        metavar="N",
        help=translate(N_("the phase number (Phase 10)")),
    )
    add_game_options(parser)
    add_rules_options(parser)
    parser.add_argument("--json", action="store_true", help=translate(N_("print a JSON object")))
    add_lang_option(parser)
    parser.add_argument(
        "cards", nargs="+", metavar="CARDS", help=translate(N_("the cards, e.g. R5 B5 W"))
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Check the hand with the chosen game's checker; 0 possible, 1 not."""
    lang = chosen_language(args)
    game = chosen_game(args)
    commands = study(game)
    rules = rules_for(args, game)
    goal = commands.goal(rules, goal_options(args), lang)
    cards = commands.hand(" ".join(args.cards), lang)
    groups = commands.fit(cards, goal, rules)
    left = left_over(cards, groups or ())
    if args.json:
        result = check_json(goal.subject, goal.number, goal.requirement, groups, left, rules.name)
        print(json.dumps(result, ensure_ascii=False))
    elif groups is not None:
        lines = [commands.group_text(group, lang) for group in groups]
        print_possible(goal.title, lines, " ".join(str(c) for c in left), lang)
    else:
        tr = translator(lang)
        text = tr.ngettext(
            "{goal}: not possible with this card",
            "{goal}: not possible with these {count} cards",
            len(cards),
        )
        print(text.format(goal=goal.title, count=len(cards)))
        reason = commands.why_not(cards, goal, rules, lang)
        if reason:
            print(f"  {reason}")
    return 0 if groups is not None else 1


def left_over(cards: Sequence[T], groups: Sequence[Laid]) -> list[T]:
    """``cards`` minus the cards the groups use, in the order given.

    >>> left_over([1, 2, 3], [])
    [1, 2, 3]
    """
    used = Counter(c for g in groups for c in g.cards)
    out: list[T] = []
    for c in cards:
        if used[c]:
            used[c] -= 1
        else:
            out.append(c)
    return out
