"""The gettext catalogs: complete, current, and compiled from their sources.

- every message of the fr, de and nl catalogs is translated (no empty msgstr, nothing fuzzy)
  and keeps exactly the ``{placeholders}`` of its English msgid;
- the template ``phase10.pot`` holds exactly the strings marked in ``src/phase10`` (the test
  extracts them again, as ``make i18n`` does), and each ``.po`` holds exactly the template's;
- each committed ``.mo`` holds the messages and plural forms that compiling its ``.po``
  gives (docs/decisions/0006); the header, which names the compiling tool's version, is not
  compared.
"""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from phase10 import explain
from phase10.games.phase10 import messages as phase10_messages
from phase10.games.phase10 import narration as narrate
from phase10.games.phase10.phrases import PHRASES
from phase10.games.programmes import messages as programme_messages
from phase10.kernel.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, translator
from phase10.kernel.messages import KERNEL

ROOT = Path(__file__).resolve().parents[2]
POT = LOCALE_DIR / f"{DOMAIN}.pot"
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
FIELD = re.compile(r"(?<!\{)\{(\w*)[^{}]*\}(?!\})")


def _po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def _messages(catalog: Catalog) -> Iterator[Message]:
    return (m for m in catalog if m.id)


def _ids(catalog: Catalog) -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in _messages(catalog)}


def _fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(lang: str) -> None:
    catalog = _read(_po_path(lang), lang)
    assert catalog.plural_forms, f"{lang}: the catalog has no Plural-Forms header"
    problems: list[str] = []
    for message in _messages(catalog):
        if message.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        if isinstance(message.id, str):
            pairs = [(message.id, message.string)]
        else:
            string = message.string
            forms = list(string) if isinstance(string, (list, tuple)) else []
            if len(forms) != catalog.num_plurals:
                problems.append(f"{len(forms)} plural forms: {message.id!r}")
            pairs = [(message.id[1], form) for form in forms]
        for msgid, msgstr in pairs:
            if not isinstance(msgstr, str) or not msgstr.strip():
                problems.append(f"untranslated: {msgid!r}")
            elif _fields(msgid) != _fields(msgstr):
                problems.append(f"placeholders {_fields(msgstr)} != {_fields(msgid)}: {msgid!r}")
            elif len(msgstr) > 40 and msgstr.count(msgstr[:30]) > 1 >= msgid.count(msgid[:30]):
                # Two drafts of one translation run together ("... défaussez.C'est à vous").
                problems.append(f"said twice: {msgid!r}")
    assert not problems, f"{lang}/{DOMAIN}.po:\n" + "\n".join(problems)


def test_the_template_is_up_to_date_with_the_source(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.pot"
    argv = ["pybabel", "-q", "extract", "-F", str(ROOT / "babel.cfg"), "-k", "N_"]
    argv += ["--no-location", "--omit-header", "-o", str(fresh), str(ROOT / "src" / "phase10")]
    CommandLineInterface().run(argv)  # type: ignore[no-untyped-call]  # Babel's CLI is untyped
    extracted, committed = _ids(_read(fresh)), _ids(_read(POT))
    assert not extracted - committed, "marked in src but missing from phase10.pot: run make i18n"
    assert not committed - extracted, "in phase10.pot but no longer used: run make i18n"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_catalog_has_exactly_the_templates_messages(lang: str) -> None:
    assert _ids(_read(_po_path(lang), lang)) == _ids(_read(POT))


def _messages_and_plurals(translations: gettext.GNUTranslations) -> tuple[object, ...]:
    """What a reader of the catalog gets: every message, and the plural form chosen for each
    count. The header entry (msgid "") is left out: it records the tool and version that
    compiled the file, which says nothing about the game's words."""
    # _catalog is the parsed table of a GNUTranslations: msgid (or (msgid, n)) -> msgstr.
    table = translations._catalog  # type: ignore[attr-defined]
    messages = {key: text for key, text in table.items() if key != ""}
    plural = translations.plural  # type: ignore[attr-defined]
    return messages, tuple(plural(n) for n in range(200))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_committed_mo_is_the_compiled_po(lang: str) -> None:
    compiled = io.BytesIO()
    write_mo(compiled, _read(_po_path(lang), lang))
    compiled.seek(0)
    expected = gettext.GNUTranslations(compiled)
    with (_po_path(lang).with_suffix(".mo")).open("rb") as handle:
        committed = gettext.GNUTranslations(handle)
    assert _messages_and_plurals(committed) == _messages_and_plurals(expected), (
        f"{lang}: the .mo is stale: run make i18n and commit the .mo"
    )


def test_message_tables_are_all_in_the_template() -> None:
    """A string added to a table without N_() would never be translated."""
    ids = _ids(_read(POT))
    tables = [*narrate.MESSAGES.values(), *PHRASES.values()]
    for table in (KERNEL, phase10_messages.TABLE, programme_messages.TABLE):
        tables += table.templates.values()
    tables += [explain.NOT_ALLOWED, explain.COULD_NOT_READ]
    missing = [text for text in tables if text not in ids]
    assert not missing, "wrap these in N_() and run make i18n: " + ", ".join(map(repr, missing))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translator_finds_each_compiled_catalog(lang: str) -> None:
    tr = translator(lang)
    assert isinstance(tr, gettext.GNUTranslations)
    assert tr.gettext(narrate.MESSAGES["drew"]) != narrate.MESSAGES["drew"]


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="choose one of en, fr, de, nl"):
        translator("xx")
