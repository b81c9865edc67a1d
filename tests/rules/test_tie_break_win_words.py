"""P10-R38 and B.4.4: a game a tie-break hand decided is said as such. The totals tie (the
tie-break hand's points do not count, D-29), so "wins with the lowest total" was wrong: the
winner went out first in that hand (``replay_first_out``) or laid down first
(``replay_first_laydown``)."""

from __future__ import annotations

import random

import pytest

from phase10.bots import make_bot
from phase10.games import get
from phase10.games.phase10.narration import describe_event
from phase10.games.phase10.state import EventKind


@pytest.mark.parametrize(
    ("spec", "reason", "said", "said_to_winner"),
    [
        (
            "standard+ten_hands+n_phases=2",
            "tiebreak_out",
            "Ann wins the game by going out first in the tie-break hand (5 points).",
            "You win the game: you went out first in the tie-break hand (5 points).",
        ),
        (
            "de_article+ten_hands+n_phases=2",
            "tiebreak_laydown",
            "Ann wins the game by laying down first in the tie-break hand (5 points).",
            "You win the game: you laid down first in the tie-break hand (5 points).",
        ),
    ],
)
def test_a_tie_break_win_says_the_tie_break_decided_it(
    spec: str, reason: str, said: str, said_to_winner: str
) -> None:
    game = get("phase10")
    rules = game.find_rules(spec)
    state = game.new_game(rules, 2, 4)  # seed 4: both end on 5 points, a tie-break follows
    bots = [make_bot("greedy", game), make_bot("greedy", game)]
    rng = random.Random(4)
    ended = []
    while game.outcome(state) is None:
        seat = game.to_act(state)
        state = game.apply(state, bots[seat].choose(game.view(state, seat), rng))
        ended += [e for e in state.events if e.kind is EventKind.HAND_ENDED]
    outcome = game.outcome(state)
    assert outcome is not None
    assert (outcome.reason, outcome.winner, outcome.totals) == (reason, 0, (5, 5))
    over = state.events[-1]
    assert over.kind is EventKind.GAME_OVER
    names = ["Ann", "Bob"]
    assert describe_event(over, names, None, rules=rules, lang="en") == said
    assert describe_event(over, names, 0, rules=rules, lang="en") == said_to_winner
    # Going out ends the tie-break hand (replay_first_out), and its end says its points do
    # not count (D-29): the totals tie. Laying down first ends the game within the hand.
    lines = [describe_event(e, names, None, rules=rules, lang="en") for e in ended]
    tiebreak = [line for line in lines if "tie-break" in line]
    if reason == "tiebreak_out":
        assert tiebreak == [lines[-1]], lines
        assert lines[-1].startswith("The tie-break hand ended. Its points ("), lines
        assert lines[-1].endswith(") do not count: the totals stay as they were."), lines
    else:
        assert tiebreak == [], lines
    german = describe_event(over, names, None, rules=rules, lang="de")
    assert "Stechrunde" in german
    assert "niedrigsten" not in german
