"""``phase10 variants``: the rule profiles and short variants, or one rule set in detail."""

from __future__ import annotations

import argparse
import textwrap
from typing import Any, Final

from phase10 import games
from phase10.api import find_variant
from phase10.cli.common import examples, paragraph
from phase10.cli.parse_errors import translate
from phase10.games.phase10.rules_file import load_rules_file
from phase10.games.phase10.variants import (
    PROFILE_DESCRIPTIONS,
    PROFILES,
    VARIANTS,
)
from phase10.kernel.i18n import LANGUAGES, N_, Translator, detect_language, translator

_LINE_WIDTH: Final = 100

DESCRIPTION = N_(
    "List the five rule profiles and every short variant with the flag it sets, "
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
    rules = load_rules_file(name) if name.lower().endswith(".toml") else find_variant(name)
    for line in games.of(rules).describe_rules(rules, tr):
        print(line)
    return 0


def listing(tr: Translator | None = None) -> list[str]:
    """The profiles and variants, one per line with their descriptions, in ``tr``'s language
    (names and flags stay as they are typed).

    >>> lines = listing()
    >>> lines[0], lines[2].split()[0]
    ('Profiles (use with --rules):', 'standard')
    >>> listing(translator("fr"))[0]
    'Profils (avec --rules) :'
    """
    _ = (tr or translator("en")).gettext
    width = max(len(n) for n in [*PROFILES, *VARIANTS]) + 2
    lines = [_(N_("Profiles (use with --rules):")), ""]
    for name in PROFILES:
        lines += _entry(name, width, _(PROFILE_DESCRIPTIONS[name]))
    lines += [
        "",
        _(N_("Variants (use with --variant, or join with +: standard+even_phases):")),
        "",
    ]
    for name, variant in VARIANTS.items():
        shown = f"{name}=N" if variant.takes_number else name
        value = "N" if variant.value is None else _value(variant.value)
        lines += _entry(shown, width, _(variant.description))
        flag = _(N_("flag: {flag} = {value}")).format(flag=variant.flag, value=value)
        lines.append(f"  {'':<{width}}{flag}")
    lines += [
        "",
        *textwrap.wrap(
            _(
                N_(
                    "The programmes game (amüze program-card rummy): programmes, with the "
                    "variant program_swap (AMZ-R31: swap a program failed 3 rounds) or "
                    "program_swap_after=N."
                )
            ),
            _LINE_WIDTH,
            subsequent_indent="  ",
        ),
        "",
        _(N_("Show one in detail: phase10 variants PROFILE[+VARIANT...]")),
    ]
    return lines


def _entry(name: str, width: int, text: str) -> list[str]:
    """``name`` then ``text`` wrapped in a column, so long descriptions stay readable."""
    indent = " " * (width + 2)
    return textwrap.wrap(
        text, _LINE_WIDTH, initial_indent=f"  {name:<{width}}", subsequent_indent=indent
    )


def _value(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return str(getattr(value, "value", value))
