"""The French rulebook calls the software "le logiciel": "le programme" is a program card of
the programmes game (AMZ-R06), and a French family reading "Le programme le vérifie" took it
for a card."""

from __future__ import annotations

import re
from pathlib import Path

RULEBOOK = Path(__file__).parents[1] / "docs" / "rules" / "fr.md"

#: Each "le programme" of the French rulebook that is a program card, in its words.
CARD = re.compile(r"révéler le programme|le programme d'un joueur|le programme doit être")


def test_the_french_rulebook_never_calls_the_software_a_program() -> None:
    """AMZ-R06: "le programme" in the French rulebook is a player's program card only."""
    text = " ".join(RULEBOOK.read_text(encoding="utf-8").split())
    found = [m.start() for m in re.finditer(r"\ble programme\b", text, re.IGNORECASE)]
    software = [
        text[max(0, at - 40) : at + 40]
        for at in found
        if not any(m.start() <= at < m.end() for m in CARD.finditer(text))
    ]
    assert software == [], software
