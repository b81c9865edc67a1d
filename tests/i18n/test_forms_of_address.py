"""Each catalog speaks to the player one way throughout (docs/glossary.md, "Forms of
address"): German with "du", never the polite "Sie", in the game's sentences and in the
command line's help and errors alike; a German player read both in one session."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from phase10.kernel.i18n import DOMAIN, LOCALE_DIR

#: The polite German forms of address. Capitalised at a sentence's start they may be the
#: pronoun "sie" (she, it, they: "Sie kommt zu deinen Programmen"), so only those inside a
#: sentence count.
POLITE = re.compile(r"(?<![.:!?] )(?<!^)\b(Sie|Ihnen|Ihr|Ihre|Ihrem|Ihren|Ihrer|Ihres)\b")


def test_german_says_du_and_never_sie() -> None:
    path = LOCALE_DIR / "de" / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as handle:
        catalog = read_po(handle)
    polite = []
    for message in catalog:
        string = message.string or ""
        texts = [string] if isinstance(string, str) else list(string)
        polite += [text for text in texts if text and POLITE.search(text)]
    assert polite == []
    # The check finds the polite form where it is.
    assert POLITE.search("Geben Sie einen Namen an")
    assert POLITE.search("in Ihrem Datenverzeichnis")
    assert not POLITE.search("Programm: Sie kommt zu deinen erfüllten Programmen")
