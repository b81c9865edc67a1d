"""The results of a hand (a round of the programmes game) say how it ended, in Chromium
against ``phase10 serve``: play-tested, the box said only "Round 1 ended. Programs completed:
..." and, read in order, started with the next round's news ("Ann discarded ... It is your
turn: draw a card."); who went out was only in the log.
"""

from __future__ import annotations

import re

import pytest

from . import test_browser_table as table_tests
from .test_browser_table import MakeSeat, play_hints_until_results

# The card table's fixtures: a server, and a started table open in a page holding a seat.
server = table_tests.server
seat_page = table_tests.seat_page

#: The sentence of each game's event that ends a hand: someone went out, or (programmes)
#: everyone has revealed.
ENDED_BY = re.compile(r"went out\.|Everyone has revealed a program: the round ends\.")


@pytest.mark.parametrize("game", ["phase10", "programmes"])
def test_the_results_say_who_ended_the_hand_and_how_first(seat_page: MakeSeat, game: str) -> None:
    """P10-R31 (a hand ends when someone goes out) and AMZ-R28 (a round ends when someone has
    no card left, or once everyone has revealed): the results list the sentence of the event
    that ended the hand before the hand's own sentences, and their own status line, which
    says the next hand's news, comes after the results in reading order."""
    variants = ["n_phases=2"] if game == "phase10" else []
    page = seat_page(game=game, variants=variants)
    dialog = play_hints_until_results(page)
    sentences = dialog.locator("#hand-summary .sentences li").all_inner_texts()
    assert sentences, "the results say nothing"
    assert ENDED_BY.search(sentences[0]), sentences
    assert len(sentences) > 1, sentences  # the hand's own sentences follow
    after = page.evaluate(
        """() => Boolean(document.getElementById('hand-summary').compareDocumentPosition(
            document.getElementById('summary-status')) & Node.DOCUMENT_POSITION_FOLLOWING)"""
    )
    assert after, "the results' status line comes before the results"
