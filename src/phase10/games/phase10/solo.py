"""Solo study: how many turns one greedy player needs to complete a phase alone.

One player, a fresh shuffled 108-card deck, ten cards dealt. Each turn the next card of the
deck is turned face up as the top of the discard pile; the player takes it or draws the card
below it (a Skip on top cannot be taken, D-07), exactly as :class:`GreedyBot` decides, then
checks whether the hand holds the phase (``find_phase``: it would lay down now). If not, it
discards as ``GreedyBot`` does and the discarded card leaves the game (the next turn turns a
fresh card up, so the offer is always a random unseen card). The turn on which the phase is
held is counted; a deck that runs out is reshuffled from the cards not in hand.

>>> from phase10.api import find_variant
>>> result = solo_study(find_variant("standard"), phase_number=1, games=50, seed=3)
>>> result.games, result.median_turns >= 1, result.mean_turns < 20
(50, True, True)
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass
from typing import Any, Final

from phase10.games.phase10.actions import Discard, Draw, Source
from phase10.games.phase10.cards import Card, full_deck
from phase10.games.phase10.finder import find_phase
from phase10.games.phase10.greedy import GreedyBot
from phase10.games.phase10.legal import takeable
from phase10.games.phase10.rules import HAND_SIZE, Phase, RuleSet
from phase10.games.phase10.state import Stage
from phase10.games.phase10.view import PlayerView, PublicPlayer
from phase10.kernel.errors import Phase10Error

__all__ = ["SoloResult", "solo_study", "solo_view"]

#: A trial still without the phase after this many turns stops there (and counts them).
TURN_CAP: Final = 500


@dataclass(frozen=True, slots=True)
class SoloResult:
    """Turns to complete one phase alone, over ``games`` trials."""

    phase: int
    games: int
    mean_turns: float
    median_turns: float
    capped: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "games": self.games,
            "mean_turns": round(self.mean_turns, 4),
            "median_turns": self.median_turns,
            "capped": self.capped,
        }


def solo_study(rules: RuleSet, phase_number: int, games: int, seed: int) -> SoloResult:
    """Play ``games`` solo trials of phase ``phase_number`` (printed number) under ``rules``."""
    phase = rules.phase_by_number(phase_number)
    if phase is None:
        in_play = ", ".join(str(p.number) for p in rules.phases)
        raise Phase10Error(f"phase {phase_number} is not in play; phases in play: {in_play}")
    turns = [_trial(rules, phase, random.Random(f"phase10-solo:{seed}:{i}")) for i in range(games)]
    return SoloResult(
        phase=phase_number,
        games=games,
        mean_turns=statistics.fmean(turns) if turns else 0.0,
        median_turns=statistics.median(turns) if turns else 0.0,
        capped=sum(1 for t in turns if t >= TURN_CAP),
    )


def _trial(rules: RuleSet, phase: Phase, rng: random.Random) -> int:
    bot = GreedyBot()
    deck = list(full_deck())
    rng.shuffle(deck)
    hand = sorted(deck[:HAND_SIZE])
    pile = deck[HAND_SIZE:]
    for turn in range(1, TURN_CAP + 1):
        if len(pile) < 2:
            pile = list(full_deck())
            for c in hand:
                pile.remove(c)
            rng.shuffle(pile)
        top = pile.pop()
        view = solo_view(rules, phase, hand, top, Stage.DRAW)
        choice = bot.choose(view, rng)
        hand = sorted([*hand, top if choice == Draw(Source.DISCARD_PILE) else pile.pop()])
        if find_phase(hand, phase, rules) is not None:
            return turn
        action = bot.choose(solo_view(rules, phase, hand, top, Stage.PLAY), rng)
        assert isinstance(action, Discard)
        hand.remove(action.card)
    return TURN_CAP


def solo_view(
    rules: RuleSet, phase: Phase, hand: list[Card], top: Card, stage: Stage
) -> PlayerView:
    """A bot's view of the solo game: itself alone, on ``phase``, ``top`` offered at the draw.

    >>> from phase10.api import find_variant
    >>> rules = find_variant("standard")
    >>> view = solo_view(rules, rules.phases[0], [1, 2, 3], 4, Stage.DRAW)
    >>> len(view.legal), view.discard_pile
    (2, (4,))
    """
    me = PublicPlayer(
        hand_size=len(hand),
        phase=phase,
        phase_index=0,
        completed=0,
        laid=-1,
        score=0,
        dealt_in=True,
        skip_pending=0,
        skip_lost=False,
        skip_targeted=False,
        skip_placed=0,
        took=(),
    )
    if stage is Stage.DRAW:
        legal: tuple[Draw | Discard, ...] = (Draw(Source.DRAW_PILE),)
        if takeable(top, rules):
            legal += (Draw(Source.DISCARD_PILE),)
    else:
        legal = tuple(Discard(c) for c in sorted(set(hand)))
    return PlayerView(
        seat=0,
        rules=rules,
        hand=tuple(hand),
        players=(me,),
        table=((),),
        discard_pile=(top,) if stage is Stage.DRAW else (),
        draw_pile_size=0,
        dealer=0,
        current=0,
        stage=stage,
        hand_number=0,
        tiebreak=False,
        legal=legal,
        events=(),
        outcome=None,
    )
