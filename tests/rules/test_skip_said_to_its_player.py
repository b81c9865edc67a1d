"""The players panel speaks to the seat's own player (P10-R25): a Skip that costs them
their next turn says so to them in their language ("vous passez votre prochain tour"),
and in the third person of another seat ("passe son prochain tour")."""

from __future__ import annotations

import pytest

from phase10.games import get

from .helpers import JUNK, JUNK2, deal, play


@pytest.mark.parametrize(
    ("lang", "to_them", "of_them"),
    [
        ("en", "you lose your next turn", "loses the next turn"),
        ("fr", "vous passez votre prochain tour", "passe son prochain tour"),
        ("de", "du setzt den nächsten Zug aus", "setzt den nächsten Zug aus"),
        ("nl", "je slaat je volgende beurt over", "slaat de volgende beurt over"),
    ],
)
def test_p10_r25_a_skip_is_said_to_the_player_it_skips(
    lang: str, to_them: str, of_them: str
) -> None:
    state = deal(["S R1 B2 Y3 G4 R5 B6 Y7 G8 R9", JUNK, JUNK2], "Y11", draw="G12")
    state = play(state, "draw", "discard S to 2")
    game, names = get("phase10"), ["Ann", "Bob", "Cid"]
    skipped = game.present(game.view(state, 2), names, lang).players[2]
    assert skipped.you
    assert to_them in skipped.status, skipped.status
    seen_by_ann = game.present(game.view(state, 0), names, lang).players[2]
    assert of_them in seen_by_ann.status, seen_by_ann.status
    assert to_them not in seen_by_ann.status
