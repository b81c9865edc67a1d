"""A replay step's move in the reader's words (docs/protocol.md, the replay): a move on its
player's own group is said as the game tells it, in the third person, since its button's
words ("Hit: wild on your set of 6s") are its player's, not the reader's (re-tested by a
blind player: "Step 71 of 71, Sam: Hit: wild on your set of 5s")."""

from __future__ import annotations

from phase10 import find_variant
from phase10.bots import make_bot
from phase10.match import Match, Seat
from phase10.web.replay import replay_step


def test_a_hit_on_ones_own_group_is_said_in_the_third_person() -> None:
    """P10-R21: a player hits their own set; the step's move is "Ann hit a wild as 6 on
    their own set of 6s.", and no step's words say "your"."""
    match = Match.start(
        find_variant("standard+n_phases=2"),
        [Seat("Ann", make_bot("greedy")), Seat("Bob", make_bot("greedy"))],
        3,
    )
    match.run_bots_until_human()
    said = []
    for step in range(1, match.version + 1):
        move = replay_step(match, step, "en", words=True)["move"]
        if "said" in move:
            said.append(move["said"])
        else:
            assert "your" not in move["label"], (step, move)
    assert "Ann hit a wild as 6 on their own set of 6s." in said
    assert not [line for line in said if "your" in line]
