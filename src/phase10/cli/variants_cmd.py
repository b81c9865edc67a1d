"""``phase10 variants``: the rule profiles and short variants, or one rule set in detail."""

from __future__ import annotations

import argparse
import textwrap
from typing import Any, Final

from phase10 import games
from phase10.api import find_variant
from phase10.cli.common import DEFAULT_GAME, chosen_game, examples, paragraph
from phase10.cli.game_commands import rules_for
from phase10.cli.parse_errors import translate
from phase10.kernel.i18n import LANGUAGES, N_, Translator, detect_language, translator

_LINE_WIDTH: Final = 100

DESCRIPTION = N_(
    "List each game's rule profiles and short variants with the flag each sets, "
    "or show the phases and differences of one profile, combination or TOML file."
)
EPILOG = """\
  phase10 variants
  phase10 variants de_article
  phase10 variants nl_accessible+even_phases+n_phases=3
  phase10 variants house.toml
  phase10 variants --lang fr
"""


def register(subparsers: Any) -> None:
    """Add the ``variants`` command."""
    parser = subparsers.add_parser(
        "variants",
        help=translate(N_("list the rule profiles and variants, or describe one")),
        description=paragraph(translate(DESCRIPTION)),
        epilog=examples(EPILOG),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "name",
        nargs="?",
        metavar="PROFILE_OR_COMBO",
        help=translate(N_("a profile, profile+variant+..., variants alone, or a .toml rules file")),
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help=translate(N_("the language of the listing's descriptions (default: from the locale)")),
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the listing, or the description of one rule set."""
    name: str | None = args.name
    tr = translator(getattr(args, "lang", None) or detect_language())
    if name is None:
        for line in listing(tr):
            print(line)
        return 0
    if name.lower().endswith(".toml"):
        # A rules file, read as the commands' --rules reads one (by the game it is for).
        given = argparse.Namespace(game=DEFAULT_GAME, rules=name, rules_file=None, variant=[])
        rules = rules_for(given, chosen_game(given))
    else:
        # A rule set's name, of any game, with the registry's own errors (which list the
        # profiles and variants when the name is wrong or empty).
        rules = find_variant(name)
    for line in games.of(rules).describe_rules(rules, tr):
        print(line)
    return 0


def listing(tr: Translator | None = None) -> list[str]:
    """Each game's profiles and variants, one per line with their descriptions, in ``tr``'s
    language (names and flags stay as they are typed).

    >>> lines = listing()
    >>> lines[0], lines[1], lines[3].split()[0]
    ('Phase 10', 'Profiles (use with --rules):', 'standard')
    >>> listing(translator("fr"))[1]
    'Profils (avec --rules) :'
    """
    _ = (tr or translator("en")).gettext
    every = games.all_games()
    width = 2 + max(
        len(f"{c.name}=N" if c.takes_number else c.name)
        for game in every
        for c in (*game.rule_profiles, *game.rule_variants)
    )
    lines: list[str] = []
    for game in every:
        if lines:
            lines.append("")
        lines += [_(game.title), _(N_("Profiles (use with --rules):")), ""]
        for choice in game.rule_profiles:
            lines += _entry(choice.name, width, _(choice.description))
        if not game.rule_variants:
            continue
        example = f"{game.rule_profiles[0].name}+{game.rule_variants[0].name}"
        lines += [
            "",
            _(N_("Variants (use with --variant, or join with +: {example}):")).format(
                example=example
            ),
            "",
        ]
        for choice in game.rule_variants:
            shown = f"{choice.name}=N" if choice.takes_number else choice.name
            lines += _entry(shown, width, _(choice.description))
            if choice.flag:
                flag = _(N_("flag: {flag} = {value}")).format(flag=choice.flag, value=choice.value)
                lines.append(f"  {'':<{width}}{flag}")
    lines += ["", _(N_("Show one in detail: phase10 variants PROFILE[+VARIANT...]"))]
    return lines


def _entry(name: str, width: int, text: str) -> list[str]:
    """``name`` then ``text`` wrapped in a column, so long descriptions stay readable."""
    indent = " " * (width + 2)
    return textwrap.wrap(
        text, _LINE_WIDTH, initial_indent=f"  {name:<{width}}", subsequent_indent=indent
    )
