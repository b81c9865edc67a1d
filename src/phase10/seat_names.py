"""Words that mean the reader in a seat's name. A person called "You" (or "Vous", "Du",
"Jij" ...) among several people would turn "It is your turn" into "It is You's turn" for the
others, so such a name is refused or replaced wherever names are typed.

>>> "vous" in YOU_WORDS, "ann" in YOU_WORDS
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

__all__ = ["COMPUTER_NAMES", "YOU_WORDS", "computer_names", "sounds_like"]

#: "You" in the four languages, lower case.
YOU_WORDS: Final = frozenset({"you", "vous", "toi", "du", "sie", "jij", "je", "u"})

#: The computer players' names, in the order their seats get them.
COMPUTER_NAMES: Final = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hugo")


def sounds_like(computer: str, person: str) -> bool:
    """Whether a computer called ``computer`` would be heard or read as ``person``: the same
    name, or one the start of the other ("Ann" and "Anna", "Dan" and "Daniel"), by the first
    word of the person's name ("Ann B."). A screen reader says "Ann" and "Anna" alike.

    >>> sounds_like("Ann", "anna"), sounds_like("Dan", "Daniel Roy"), sounds_like("Bob", "Anna")
    (True, True, False)
    """
    words = person.split()
    if not words:
        return False
    mine, theirs = computer.casefold(), words[0].casefold()
    return mine.startswith(theirs) or theirs.startswith(mine)


def computer_names(people: Iterable[str]) -> list[str]:
    """The computer names free at a table of ``people``, in order: none sounds like one of
    theirs.

    >>> computer_names(["Anna"])[:3]
    ['Bob', 'Cleo', 'Dan']
    """
    seated = list(people)
    return [n for n in COMPUTER_NAMES if not any(sounds_like(n, p) for p in seated)]
