"""A game's seed is a whole number from 0 to 2**63 - 1, in the engine as on the command line:
"abc", 1.5, a negative or a 70-bit number once started a game (and a record of it that
could not be read back). Both games refuse it before anything is dealt (D-24, E-01 come
with the players; the seed is the game's own)."""

from __future__ import annotations

import pytest

from phase10 import find_variant, new_game
from phase10.kernel.errors import RulesError
from phase10.kernel.piles import MAX_SEED
from phase10.records import GameRecord


@pytest.mark.parametrize("rules", ["standard", "programmes"])
@pytest.mark.parametrize("seed", ["abc", 1.5, -1, MAX_SEED + 1, 2**70, True, None])
def test_a_seed_that_is_not_a_whole_number_in_range_is_refused(rules: str, seed: object) -> None:
    with pytest.raises(RulesError, match="the seed must be a whole number from 0 to "):
        new_game(find_variant(rules), 2, seed)  # type: ignore[call-overload]
    with pytest.raises(RulesError):
        GameRecord.start(find_variant(rules), 2, seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", ["standard", "programmes"])
def test_the_largest_seed_plays_and_its_record_reads_back(rules: str) -> None:
    record = GameRecord.start(find_variant(rules), 2, MAX_SEED)
    again = GameRecord.from_json(record.to_json())
    assert again.seed == MAX_SEED
