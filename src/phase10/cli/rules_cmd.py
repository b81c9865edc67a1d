"""``phase10 rules``: the project's own rules text, listed by id or shown one rule at a time.

The text lives in Markdown files, one per language (``docs/rules/en.md``, ``nl.md``...). Every
heading that starts with an id (``P10-R23``, ``D-04``, ``AMZ-R15``, ``E-08``, a section such
as ``B.4.3``, a flag such as ``skip_limit`` or a profile such as ``de_article``) is an entry;
its text runs to the next heading of the same or a higher level, so a section shows with all
its rules. Level-1 headings without an id (``# Part A: ...``) group the listing.

The files are looked for in the installed package first (``phase10/rulebook``, put there by
the wheel's ``force-include``), then in the source tree's ``docs/rules``. English is complete;
another language that lacks its file or an id falls back to English and says so in one line.

>>> book = parse_rulebook("# Part A: Demo\\n\\n## A.7 Hitting\\n\\n### P10-R23 A hit must fit\\n"
...                       "A set takes its number.\\n")
>>> [(rule.id, rule.title, rule.part) for rule in book.values()]
[('A.7', 'Hitting', 'Part A: Demo'), ('P10-R23', 'A hit must fit', 'Part A: Demo')]
>>> book["P10-R23"].text
'A set takes its number.'
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import phase10
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

#: What a heading must start with to be an entry: a rule or decision id, a section number,
#: or a lower-case flag or profile name (other headings start with a capital).
ID_PATTERN: Final = re.compile(r"P10-R\d+|D-\d+|AMZ-R\d+|E-\d+|[A-D](?:\.\d+)+|[a-z][a-z0-9_]*")
_HEADING: Final = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_SHORT_ID: Final = re.compile(r"^(P10-R|AMZ-R|D-|E-)(\d)$")

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


@dataclass(frozen=True)
class Rule:
    """One entry of a rules file: its id, title, heading level, part and Markdown text."""

    id: str
    title: str
    level: int
    part: str
    text: str


def parse_rulebook(markdown: str) -> dict[str, Rule]:
    """The entries of a rules file by id, in the file's order.

    >>> book = parse_rulebook("# Part B\\n## B.1 Flags\\nIntro.\\n### skip_limit Limit\\nx\\n")
    >>> book["B.1"].text, book["skip_limit"].text
    ('Intro.\\n### skip_limit Limit\\nx', 'x')
    """
    lines = markdown.splitlines()
    headings: list[tuple[int, int, str]] = []  # (line index, level, heading text)
    in_code = False
    for index, line in enumerate(lines):
        if line.lstrip().startswith("```"):
            in_code = not in_code
            continue
        match = None if in_code else _HEADING.match(line)
        if match:
            headings.append((index, len(match.group(1)), match.group(2)))
    book: dict[str, Rule] = {}
    part = ""
    for position, (index, level, heading) in enumerate(headings):
        first, _, rest = heading.partition(" ")
        if not ID_PATTERN.fullmatch(first):
            if level == 1:
                part = heading
            continue
        end = len(lines)
        for later_index, later_level, _ in headings[position + 1 :]:
            if later_level <= level:
                end = later_index
                break
        body = "\n".join(lines[index + 1 : end]).strip()
        body = re.sub(r"\n{3,}", "\n\n", body)
        book[first] = Rule(first, rest.strip(), level, part, body)
    return book


def rulebook_dirs() -> list[Path]:
    """Where the rules files may be: the installed package's ``rulebook``, then ``docs/rules``.

    >>> [path.name for path in rulebook_dirs()]
    ['rulebook', 'rules']
    """
    package = Path(phase10.__file__).resolve().parent
    return [package / "rulebook", package.parent.parent / "docs" / "rules"]


def rulebook_file(lang: str) -> Path | None:
    """The rules file of ``lang``, or ``None`` when no folder has one.

    >>> rulebook_file("en").name
    'en.md'
    >>> rulebook_file("xx") is None
    True
    """
    for folder in rulebook_dirs():
        path = folder / f"{lang}.md"
        if path.is_file():
            return path
    return None


def load_rulebook(lang: str) -> dict[str, Rule] | None:
    """The parsed rules of ``lang``, or ``None`` when that language has no file.

    >>> load_rulebook("en")["P10-R23"].title
    'A hit must fit'
    """
    path = rulebook_file(lang)
    return None if path is None else parse_rulebook(path.read_text(encoding="utf-8"))


def find_rule(book: dict[str, Rule], wanted: str) -> Rule | None:
    """The entry ``wanted`` names, in any case; a short ``p10-r1`` also finds ``P10-R01``.

    >>> book = parse_rulebook("## P10-R01 The deck\\n108 cards.\\n")
    >>> find_rule(book, "p10-r1").id, find_rule(book, "p10-r2")
    ('P10-R01', None)
    """
    key = wanted.strip().upper()
    short = _SHORT_ID.match(key)
    if short:
        key = f"{short.group(1)}0{short.group(2)}"
    for rule_id, rule in book.items():
        if rule_id.upper() == key:
            return rule
    return None


def close_matches(book: dict[str, Rule], wanted: str) -> list[str]:
    """Up to three ids that look like ``wanted``, best first.

    >>> book = parse_rulebook("## P10-R23 Fit\\nx\\n## P10-R32 Up\\ny\\n## D-23 Dealer\\nz\\n")
    >>> close_matches(book, "p10-r233")
    ['P10-R23', 'P10-R32']
    """
    by_upper = {rule_id.upper(): rule_id for rule_id in book}
    found = difflib.get_close_matches(wanted.strip().upper(), list(by_upper), n=3, cutoff=0.6)
    return [by_upper[key] for key in found]


def listing(book: dict[str, Rule]) -> list[str]:
    """Every id with its title, under its part, indented by heading depth.

    Titles line up within a part, so Part B's long flag names do not push Part A's aside.

    >>> book = parse_rulebook("# Part A: Demo\\n## A.7 Hitting\\n### P10-R23 A hit must fit\\nx\\n")
    >>> listing(book)
    ['Part A: Demo', '  A.7        Hitting', '    P10-R23  A hit must fit']
    """
    top = min((rule.level for rule in book.values()), default=1)
    parts: dict[str, list[tuple[str, str]]] = {}
    for rule in book.values():
        label = "  " * (rule.level - top + 1) + rule.id
        parts.setdefault(rule.part, []).append((label, rule.title))
    lines: list[str] = []
    for part, entries in parts.items():
        if lines:
            lines.append("")
        if part:
            lines.append(part)
        width = max(len(label) for label, _ in entries) + 2
        lines += [f"{label:<{width}}{title}".rstrip() for label, title in entries]
    return lines


def own_text(rule: Rule) -> str:
    """An entry's text without its sub-entries' (a section's rules have entries of their own).

    >>> own_text(Rule("A.7", "Hitting", 2, "A", "Intro.\\n### P10-R23 Fit\\nx"))
    'Intro.'
    """
    return re.split(r"^#{1,6}\s", rule.text, maxsplit=1, flags=re.MULTILINE)[0].strip()


def search(book: dict[str, Rule], words: str) -> list[Rule]:
    """The entries whose title or own text has every one of ``words`` at the start of a word,
    in any case: those whose title has them first, then the others, each in the book's order.

    >>> book = parse_rulebook("## P10-R05 Wild cards\\nA wild stands for any card.\\n"
    ...                       "## P10-R23 Hits\\nA wild may be hit.\\n## D-04 Runs\\nNo.\\n")
    >>> [rule.id for rule in search(book, "WILD")], search(book, "wild runs")
    (['P10-R05', 'P10-R23'], [])
    """
    wanted = [w for w in re.split(r"\s+", words.strip()) if w]
    if not wanted:
        return []
    patterns = [re.compile(rf"(?<!\w){re.escape(w)}", re.IGNORECASE) for w in wanted]

    def has(text: str) -> bool:
        return all(p.search(text) for p in patterns)

    found = [rule for rule in book.values() if has(f"{rule.title}\n{_plain(own_text(rule))}")]
    return sorted(found, key=lambda rule: not has(rule.title))


def found_lines(found: list[Rule], words: str, tr: Translator, how: str) -> list[str]:
    """The entries :func:`search` found, an id and a title a line under a sentence that says
    how many and ``how`` to read one.

    >>> book = parse_rulebook("## P10-R05 Wild cards\\nA wild stands for any card.\\n")
    >>> found_lines(search(book, "wild"), "wild", translator("en"), "rules ID")
    ["1 rule mentions 'wild': type rules ID to read it.", '  P10-R05  Wild cards']
    """
    head = tr.ngettext(
        "{count} rule mentions {words}: type {how} to read it.",
        "{count} rules mention {words}: type {how} to read one.",
        len(found),
    ).format(count=len(found), words=repr(words.strip()), how=how)
    width = max(len(rule.id) for rule in found) + 2
    return [head, *(f"  {rule.id:<{width}}{rule.title}".rstrip() for rule in found)]


def show(rule: Rule, tr: Translator | None = None) -> list[str]:
    """The heading line and text of one entry, as plain lines (:func:`plain_lines`), a
    table's colons as ``tr``'s language writes them.

    >>> show(Rule("P10-R23", "A hit must fit", 3, "A", "A **set** takes its number."))
    ['P10-R23 A hit must fit', '', 'A set takes its number.']
    """
    colon = tr.gettext(N_("{label}: ")) if tr is not None else "{label}: "
    lines = plain_lines(rule.text, colon)
    return [f"{rule.id} {rule.title}".rstrip(), *(["", *lines] if lines else [])]


_LINK: Final = re.compile(r"\[([^\]]+)\]\([^)]*\)")
#: ``*word*`` or ``_word_`` for emphasis, not a list's ``* `` nor a name's underscore.
_EMPHASIS: Final = re.compile(r"(?<![\w*])\*(\S(?:[^*]*?\S)?)\*(?![\w*])")
_RULE_ROW: Final = re.compile(r"^\|?(\s*:?-{2,}:?\s*\|)+\s*:?-*:?\s*\|?$")


def plain_lines(markdown: str, colon: str = "{label}: ") -> list[str]:
    """``markdown`` as lines a screen reader or a braille display reads as they are: no
    marks of emphasis or code, links as their text, headings without their ``#``, code
    fences dropped, each row of a table one line naming every cell by its column, and each
    paragraph or list item one line, however the source wraps it (a braille display pans
    through a line; a break in mid-sentence reads as the end of one).

    >>> table = "| Phase | Lay down |\\n|---|---|\\n| 1 | 2 `sets` of 3 |\\n"
    >>> plain_lines(table + "\\n## B.1 [Flags](#b1), you *may*")
    ['Phase 1: Lay down: 2 sets of 3', '', 'B.1 Flags, you may']
    >>> plain_lines(table, "{label} : ")  # French typography
    ['Phase 1 : Lay down : 2 sets of 3']
    >>> plain_lines("A Skip is\\nnever in a group.\\n\\n- one item\\n  goes on\\n- another")
    ['A Skip is never in a group.', '', '- one item goes on', '- another']
    """
    # A language that spaces its colon spaces its semicolon too (French).
    between = " ; " if colon.startswith("{label} ") else "; "
    out: list[str] = []
    header: list[str] | None = None
    # Whether the last line out is prose the next source line may carry on.
    going_on = False
    fenced = False
    raw = ""
    for line in markdown.splitlines():
        stripped = line.strip()
        if stripped.startswith("```"):
            fenced, going_on = not fenced, False
            continue
        if fenced:
            out.append(line.rstrip())
            continue
        if stripped.startswith("|") and stripped.endswith("|") and len(stripped) > 1:
            if _RULE_ROW.match(stripped):
                continue
            cells = [_plain(cell).strip() for cell in stripped[1:-1].split("|")]
            if header is None:
                header = cells
                continue
            named = [
                colon.format(label=h) + c for h, c in zip(header[1:], cells[1:], strict=False) if c
            ]
            lead = colon.format(label=f"{header[0]} {cells[0]}")
            out.append(lead + between.join(named) if named else cells[0])
            going_on = False
            continue
        header = None
        heading = re.match(r"#{1,6}\s+", stripped) is not None
        if going_on and stripped and not heading and not _ITEM.match(stripped):
            # Joined before the marks go: an emphasis may span the source's line break.
            raw = f"{raw} {stripped}"
            out[-1] = _plain(raw).rstrip()
            continue
        raw = line.rstrip()
        out.append(_plain(re.sub(r"^#{1,6}\s+", "", line)).rstrip())
        going_on = bool(stripped) and not heading
    return out


#: The start of a list item: ``- ``, ``* ``, ``1. ``.
_ITEM: Final = re.compile(r"([-*+]|\d+[.)])\s")


def _plain(text: str) -> str:
    return _EMPHASIS.sub(r"\1", _LINK.sub(r"\1", text.replace("**", "").replace("`", "")))


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
        nargs="?",
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
    wanted: str | None = args.id
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
