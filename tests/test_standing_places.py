"""The final standing's places (P10-R36, P10-R37): after the winner, seats rank by what
they completed, then by fewer points; seats level on both share a place, as a teacher
reading two pupils' equal results expects, and the next place counts them both."""

from __future__ import annotations

from phase10.standings import shared_places


def test_p10_r37_seats_level_on_phases_and_points_share_a_place() -> None:
    # Winner; two seats with one phase and 10 points each; one with none and 40 points.
    keys = [(True, -1, 0), (False, -1, 10), (False, -1, 10), (False, 0, 40)]
    assert shared_places(keys) == [1, 2, 2, 4]


def test_p10_r38_a_tie_break_winner_keeps_the_first_place_alone() -> None:
    # The tie-break decided between two seats level on phases and points: one place each.
    assert shared_places([(True, -1, 10), (False, -1, 10)]) == [1, 2]


def test_p10_r37_seats_apart_on_points_keep_their_own_places() -> None:
    assert shared_places([(True, -2, 5), (False, -2, 15), (False, -2, 20)]) == [1, 2, 3]
