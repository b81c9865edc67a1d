"""The project's rules text: the Markdown files of docs/rules (one per language), read as
entries by id, looked up by id or by word, and written as plain lines.

Every heading that starts with an id (``P10-R23``, ``D-04``, ``AMZ-R15``, ``E-08``, a section
such as ``B.4.3``, a flag such as ``skip_limit`` or a profile such as ``de_article``) is an
entry; its text runs to the next heading of the same or a higher level, so a section shows
with all its rules. Level-1 headings without an id (``# Part A: ...``) group the listing.

The files are looked for in the installed package first (``phase10/rulebook``, put there by
the wheel's ``force-include``), then in the source tree's ``docs/rules``. ``phase10 rules``,
the line mode's ``rules`` and the full screen's rules screen all read them here.

>>> book = parse_rulebook("# Part A: Demo\\n\\n## A.7 Hitting\\n\\n### P10-R23 A hit must fit\\n"
...                       "A set takes its number.\\n")
>>> [(rule.id, rule.title, rule.part) for rule in book.values()]
[('A.7', 'Hitting', 'Part A: Demo'), ('P10-R23', 'A hit must fit', 'Part A: Demo')]
>>> book["P10-R23"].text
'A set takes its number.'
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import phase10
from phase10.kernel.i18n import N_, Translator

#: What a heading must start with to be an entry: a rule or decision id, a section number,
#: or a lower-case flag or profile name (other headings start with a capital).
ID_PATTERN: Final = re.compile(r"P10-R\d+|D-\d+|AMZ-R\d+|E-\d+|[A-D](?:\.\d+)+|[a-z][a-z0-9_]*")
_HEADING: Final = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_SHORT_ID: Final = re.compile(r"^(P10-R|AMZ-R|D-|E-)(\d)$")


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


def game_of(rule: Rule) -> str:
    """The game an entry is about: ``programmes`` for Part C and its rules and decisions
    (``AMZ-R``, ``E-``, ``C.``), ``phase10`` for the rest.

    >>> game_of(Rule("E-06", "", 3, "Part D: Open questions", "")), game_of(
    ...     Rule("D-06", "", 3, "Part D: Open questions", ""))
    ('programmes', 'phase10')
    """
    part_c = re.match(r"\S+\s+C\s?:", rule.part) is not None
    return "programmes" if part_c or rule.id.startswith(("AMZ-R", "E-", "C.")) else "phase10"


def search(book: dict[str, Rule], words: str, game: str | None = None) -> list[Rule]:
    """The entries whose title or own text has every one of ``words`` at the start of a word,
    in any case (an English plural also finds the singular: ``wilds``, ``wild``), of ``game``
    only where it is given: those whose title has them first, then the others, each in the
    book's order.

    >>> book = parse_rulebook("## P10-R05 Wild cards\\nA wild stands for any card.\\n"
    ...                       "## P10-R23 Hits\\nA wild may be hit.\\n## D-04 Runs\\nNo.\\n")
    >>> [rule.id for rule in search(book, "WILDS")], search(book, "wild runs")
    (['P10-R05', 'P10-R23'], [])
    """
    wanted = [w for w in re.split(r"\s+", words.strip()) if w]
    if not wanted:
        return []

    def pattern(word: str) -> re.Pattern[str]:
        forms = [word, word[:-1]] if len(word) > 3 and word[-1] in "sS" else [word]
        either = "|".join(re.escape(form) for form in forms)
        return re.compile(rf"(?<!\w)(?:{either})", re.IGNORECASE)

    patterns = [pattern(w) for w in wanted]

    def has(text: str) -> bool:
        return all(p.search(text) for p in patterns)

    found = [
        rule
        for rule in book.values()
        if (game is None or game_of(rule) == game)
        and has(f"{rule.title}\n{_plain(own_text(rule))}")
    ]
    return sorted(found, key=lambda rule: not has(rule.title))


def found_lines(found: list[Rule], words: str, tr: Translator, how: str) -> list[str]:
    """The entries :func:`search` found, an id and a title a line, under a sentence that says
    how many and ``how`` to read one; under their parts' titles where they come from several
    (the programmes game's rules apart from Phase 10's).

    >>> from phase10.kernel.i18n import translator
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
    parts: dict[str, list[Rule]] = {}
    for rule in found:
        parts.setdefault(rule.part, []).append(rule)
    lines = [head]
    for part, rules in parts.items():
        if len(parts) > 1:
            lines += ["", part]
        lines += [f"  {rule.id:<{width}}{rule.title}".rstrip() for rule in rules]
    return lines


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
