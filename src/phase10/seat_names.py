"""Words that mean the reader in a seat's name. A person called "You" (or "Vous", "Du",
"Jij" ...) among several people would turn "It is your turn" into "It is You's turn" for the
others, so such a name is refused or replaced wherever names are typed.

>>> "vous" in YOU_WORDS, "ann" in YOU_WORDS
(True, False)
"""

from __future__ import annotations

from typing import Final

__all__ = ["YOU_WORDS"]

#: "You" in the four languages, lower case.
YOU_WORDS: Final = frozenset({"you", "vous", "toi", "du", "sie", "jij", "je", "u"})
