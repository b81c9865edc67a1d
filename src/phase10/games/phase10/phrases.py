"""The words Phase 10's sentences are built from: groups as notation and as phrases, the
groups a phase asks for, and phase titles, each an English ``str.format`` template marked
with ``N_()`` for the gettext catalogs.

They live apart from the narrator because the engine's reasons (:mod:`.messages`) say what a
phase needs with the same words, and the narrator imports the engine's groups, which import
those reasons: one table both can import keeps the two free of each other.

>>> from phase10.kernel.i18n import translator
>>> PHRASES["need.set"].format(size=3)
'set of 3'
>>> translator("nl").gettext(PHRASES["need.run"]).format(size=4)
'reeks van 4'
"""

from __future__ import annotations

from typing import Final

from phase10.kernel.i18n import N_

__all__ = ["PHRASES"]

#: The words sentences are made of: groups as notation (``set R5 B5 W=5``) and as phrases
#: (``run 3 to 6``), the groups a phase asks for, and the colours of colour groups.
PHRASES: Final[dict[str, str]] = {
    "group.set": N_("set {cards}"),
    "group.run": N_("run {cards}"),
    "group.colour": N_("colour {cards}"),
    "phrase.set": N_("set of {number}s"),
    # "to", not a dash: a screen reader reads "3-6" as "3 minus 6".
    "phrase.run": N_("run {low} to {high}"),
    "phrase.span": N_("{low} to {high}"),
    "phrase.red": N_("red colour group"),
    "phrase.blue": N_("blue colour group"),
    "phrase.yellow": N_("yellow colour group"),
    "phrase.green": N_("green colour group"),
    "phrase.group": N_("group"),
    "phrase.a_card": N_("a card"),
    "need.set": N_("set of {size}"),
    "need.run": N_("run of {size}"),
    "need.colour": N_("{size} cards of one colour"),
    "need.plus": N_(" + "),
    "phase": N_("Phase {number}: {description}"),
}
