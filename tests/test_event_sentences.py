"""What a client is told after a move is each thing said once: a Skip discarded at a player
(P10-R25) names who loses the next turn, and the event that follows it in the same update
does not say it again (the line client and the page print every sentence sent)."""

from __future__ import annotations

import random

from phase10 import find_variant
from phase10.match import Match, Seat
from phase10.table.messages import update_payload


def test_a_skip_at_a_player_is_said_once_in_the_update() -> None:
    match = Match.start(find_variant("standard"), [Seat("Ann"), Seat("Bob"), Seat("Cleo")], 5)
    rng = random.Random(5)
    for _ in range(2000):
        seat = match.to_act
        legal = match.legal
        skips = [
            a
            for a in legal
            if match.game.action_to_json(a).get("type") == "discard"
            and match.game.action_to_json(a).get("card") == "S"
        ]
        action = skips[0] if skips else rng.choice(legal)
        seq = match.seq
        match.play(seat, action, match.version)
        if skips:
            break
    else:
        raise AssertionError("nobody could discard a Skip")
    for viewer in (None, 0, 1, 2):
        sentences = [
            line
            for entry in update_payload(match, viewer, seq, "en")["events"]
            for line in entry["text"]
        ]
        told = [line for line in sentences if "next turn" in line]
        assert len(told) == 1, (viewer, sentences)
