"""``phase10 odds``: how often a freshly dealt 10-card hand already holds a phase.

A Monte Carlo estimate with a 99% Wilson score interval; a seed gives the same answer on
every machine because only a private ``random.Random`` is used.
"""

from __future__ import annotations

import argparse
import json
import shlex
from typing import Any, Final

from phase10.cli.common import (
    MAX_HANDS,
    PROG,
    add_game_options,
    add_rules_options,
    bounded_int,
    chosen_game,
    examples,
    paragraph,
    rules_options,
)
from phase10.cli.game_commands import goal_options, rules_for, study
from phase10.cli.language import add_lang_option, chosen_language
from phase10.cli.parse_errors import thousands, translate
from phase10.cli.progress import add_quiet_option
from phase10.cli.report import estimate
from phase10.kernel.i18n import N_, translator
from phase10.kernel.piles import MAX_SEED

DEFAULT_HANDS: Final = 20_000

DESCRIPTION = N_(
    "Estimate the chance that a freshly dealt 10-card hand already holds a phase, "
    "by dealing many hands (Monte Carlo) and giving a {confidence} confidence interval."
)
EPILOG = """\
  phase10 odds --phase 1
  phase10 odds --phase 8 --hands 100000 --seed 7
  phase10 odds --phase 10 --rules en_phase10rules --json
  phase10 odds --game programmes --program PRG-08 --hands 5000
"""


def register(subparsers: Any) -> None:
    """Add the ``odds`` command."""
    parser = subparsers.add_parser(
        "odds",
        help=translate(N_("estimate the chance a dealt hand already holds a phase")),
        # "99%" is a field: a "%" in a msgid reads as a printf placeholder to the catalogs.
        description=paragraph(translate(DESCRIPTION).format(confidence="99%")),
        epilog=examples(EPILOG),
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
    parser.add_argument(
        "--hands",
        type=bounded_int(1, MAX_HANDS),
        default=DEFAULT_HANDS,
        metavar="K",
        help=translate(N_("how many hands to deal (default: {hands})")).format(hands=DEFAULT_HANDS),
    )
    parser.add_argument(
        "--seed",
        type=bounded_int(0, MAX_SEED),
        default=1,
        metavar="S",
        help=translate(N_("random seed (default: 1)")),
    )
    parser.add_argument("--json", action="store_true", help=translate(N_("print a JSON object")))
    add_quiet_option(parser)
    add_lang_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Deal the hands the chosen game says, count those that make the goal, print the
    estimate; 0."""
    lang = chosen_language(args)
    game = chosen_game(args)
    commands = study(game)
    rules = rules_for(args, game)
    goal = commands.goal(rules, goal_options(args), lang)
    deck, size, title = commands.deal(goal, rules, lang)
    result = estimate(lambda hand: commands.fit(hand, goal, rules) is not None, deck, size, args)
    if args.json:
        print(json.dumps(result.as_json(goal.subject, goal.number, rules.name)))
        return 0
    low, high = result.interval()
    command = shlex.join(
        [
            PROG,
            "odds",
            *goal.options,
            *rules_options(args),
            "--hands",
            str(args.hands),
            "--seed",
            str(args.seed),
        ]
    )
    tr = translator(lang)
    probability = tr.ngettext(
        "probability: {probability}  ({confidence} CI {low} to {high}; {hits} of {count} hand)",
        "probability: {probability}  ({confidence} CI {low} to {high}; {hits} of {count} hands)",
        args.hands,
    )
    print(title)
    print("  " + tr.gettext(N_("rules: {rules}")).format(rules=rules.name))
    fields = {
        "probability": percent(result.probability, lang),
        "confidence": percent(0.99, lang, digits=0),
        "low": percent(low, lang),
        "high": percent(high, lang),
        "hits": thousands(result.hits),
        "count": thousands(args.hands),
    }
    print("  " + probability.format(**fields))
    print("  " + tr.gettext(N_("reproduce: {command}")).format(command=command))
    return 0


def percent(x: float, lang: str = "en", *, digits: int = 2) -> str:
    """``x`` as a percentage the way ``lang`` writes one: two decimals (three significant
    digits under 0.1%), a decimal comma and a space before the sign in French and German.

    >>> percent(0.179), percent(0.179, "fr"), percent(0.00012, "de"), percent(0.99, digits=0)
    ('17.90%', '17,90\\u202f%', '0,012\\u202f%', '99%')
    """
    text = f"{100 * x:.3g}" if x < 0.001 else f"{100 * x:.{digits}f}"
    if lang == "en":
        return text + "%"
    text = text.replace(".", ",")
    return text + ("\u202f%" if lang in ("fr", "de") else "%")
