"""The search's fast default policy and its leaf evaluation, both on a full ``GameState``.

Information-set search (:mod:`phase10.bots.ismcts`) plays thousands of decisions per move on
determinized states, so its default policy cannot afford to build a ``PlayerView`` for each
one (that alone costs about as much as the whole decision below). :func:`policy_action` is a
leaner cousin of :class:`~phase10.games.phase10.greedy.GreedyBot` reading the state itself; it only
looks at what the seat to act could see itself (its hand, the table, the discard pile, the
other seats' public standing), so it plays fair even on a guessed state.

Measured on one core (standard rules, whole hands from the deal): this policy runs a 2-player
hand in about 1.6 ms, GreedyBot through views in about 3.6 ms, and "random, but lay down and
hit whenever possible" in about 2.6 ms because its hands last twice as many decisions; in
search the greedy-like rollouts also won more games per second of thinking (see README).

:func:`leaf_rewards` scores a position where a rollout stops (the end of the hand, or a depth
cap) for every seat, in [0, 1]; see its docstring for the formula.

>>> import random
>>> from phase10.games.phase10.turns import new_game, apply_action
>>> from phase10.games.phase10.rules import RuleSet
>>> state, rng = new_game(RuleSet(), players=2, seed=3), random.Random(0)
>>> while state.hand_number == 0:
...     state = apply_action(state, policy_action(state, rng))
>>> [round(r, 2) for r in leaf_rewards(state)]
[0.54, 0.46]
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Final

from phase10.games.phase10.actions import Action, Discard, Draw, Hit, LayDown, Source
from phase10.games.phase10.cards import CARDS, NUMBERED, POINTS_OF, SKIP_CODE, WILD_CODE, Card
from phase10.games.phase10.evaluate import counts_of, distance_counts, fits_any, keep_value
from phase10.games.phase10.finder import find_phase
from phase10.games.phase10.groups import Group
from phase10.games.phase10.legal import takeable
from phase10.games.phase10.rules import NaturalCardScope, Phase, Progression
from phase10.games.phase10.scoring import score_cards
from phase10.games.phase10.state import GameState, PlayerState, Stage
from phase10.games.phase10.turns import current_phase, legal_actions, open_phases
from phase10.kernel.bots import best_of

__all__ = [
    "PHASE_POINTS",
    "committed_action",
    "leaf_rewards",
    "player_value",
    "policy_action",
    "ranked_discards",
]

_DRAW: Final = Draw(Source.DRAW_PILE)
_TAKE: Final = Draw(Source.DISCARD_PILE)
#: A plain discard of each card code (a discard of a card held is always legal, P10-R13).
_DISCARD: Final = tuple(Discard(c) for c in CARDS)

#: How many penalty points one completed phase is worth in a seat's value. A phase is what
#: wins the game; points only break the tie between seats finishing in the same hand.
PHASE_POINTS: Final = 200.0
#: A phase not yet laid down counts up to this fraction of a phase, by how close the hand is.
_PROGRESS_WEIGHT: Final = 0.5
#: Slope of the logistic that turns a value lead into a reward: one phase ahead gives 0.88.
_SHARPNESS: Final = 2.0


def policy_action(state: GameState, rng: random.Random) -> Action:
    """The default policy's action for the seat to act.

    Draw: the discard pile's top if it is a wild, brings the phase closer, or (after laying
    down) fits on the table. Lay down at once (the grouping leaving the fewest cards that fit
    nowhere), hit naturals before wilds, then discard a Skip at the most advanced opponent or
    the least useful card, as ``GreedyBot`` does. ``rng`` breaks a tie between Skip targets
    (P10-R25), and is drawn from for nothing else.
    """
    seat = state.current
    player = state.players[seat]
    if state.stage is Stage.DRAW:
        return _draw(state, player, seat)
    early, legal = _lay_or_hit(state, seat, player)
    if early is not None:
        return early
    if SKIP_CODE in player.hand:
        # A Skip's targets depend on the Skip rules (P10-R25, B.4.3): ask the engine.
        if legal is None:
            legal = legal_actions(state)
        discards = [a for a in legal if isinstance(a, Discard)]
    else:
        discards = [_DISCARD[c] for c in sorted(set(player.hand))]
    return _discard(state, player, seat, discards, rng)


def committed_action(state: GameState) -> LayDown | Hit | None:
    """The lay-down or hit :func:`policy_action` plays now, if it plays one (no randomness:
    only a discard's Skip target is left to chance).

    >>> from phase10.games.phase10.turns import new_game
    >>> from phase10.games.phase10.rules import RuleSet
    >>> committed_action(new_game(RuleSet(), players=2, seed=3)) is None  # a draw comes first
    True
    """
    if state.stage is not Stage.PLAY:
        return None
    seat = state.current
    return _lay_or_hit(state, seat, state.players[seat])[0]


def _lay_or_hit(
    state: GameState, seat: int, player: PlayerState
) -> tuple[LayDown | Hit | None, tuple[Action, ...] | None]:
    """The policy's lay-down or hit, if any, and the legal actions if it had to list them."""
    hand = player.hand
    # legal_actions enumerates every lay-down grouping and every hit, which is most of the
    # cost of a decision; it is called only when a lay-down or a hit is possible at all.
    if player.laid < 0:
        return _laydown(state, seat, hand), None
    if not any(c != SKIP_CODE and fits_any(c, state.table) for c in set(hand)):
        return None, None
    legal = legal_actions(state)
    wild_hit: Hit | None = None
    # The engine's first hit: whose group it grows changes nothing for that seat (P10-R22),
    # and drawing here for every hit would slow down every rollout.
    for action in legal:
        if isinstance(action, Hit):
            if action.card != WILD_CODE:
                return action, legal
            if wild_hit is None:
                wild_hit = action
    # After laying down a wild is good for nothing but hitting, and costs 25 points.
    return wild_hit, legal


def _laydown(state: GameState, seat: int, hand: tuple[Card, ...]) -> LayDown | None:
    """A legal lay-down if the hand holds an open phase (the hardest one under pick-a-phase).

    ``find_phase`` gives one grouping using the fewest wilds, in microseconds; listing every
    grouping (``legal_actions``) to pick the best, as ``GreedyBot`` does, costs a hundred
    times more and is left to the end of a hand, when a lay-down could empty the hand and the
    rules about the last card (D-20, D-09) come into play.
    """
    rules = state.rules
    found: tuple[Group, ...] | None = None
    found_phase: Phase | None = None
    for _, phase in open_phases(state, seat):
        groups = find_phase(hand, phase, rules)
        if groups is not None and (found_phase is None or phase.min_cards > found_phase.min_cards):
            found, found_phase = groups, phase
    if found is None or found_phase is None:
        return None
    if len(hand) - found_phase.min_cards <= 1:
        lays = [a for a in legal_actions(state) if isinstance(a, LayDown)]
        return _best_laydown(state, seat, lays) if lays else None
    named = rules.progression is Progression.PICK_ANY and not state.tiebreak
    return LayDown(found, found_phase.number if named else None)


def _target_phase(state: GameState, seat: int, player: PlayerState) -> Phase | None:
    phase = current_phase(state, seat)
    rules = state.rules
    if phase is not None or rules.progression is not Progression.PICK_ANY or state.tiebreak:
        return phase
    numbers, colours, wilds = counts_of(player.hand)
    per_group = rules.natural_card_scope is NaturalCardScope.PER_GROUP
    best: Phase | None = None
    best_key = (1 << 30, 0)
    for index, candidate in enumerate(rules.phases):
        if player.completed >> index & 1:
            continue
        d = distance_counts(numbers, colours, wilds, candidate, per_group=per_group)
        key = (d, -candidate.min_cards)
        if key < best_key:
            best, best_key = candidate, key
    return best


def _draw(state: GameState, player: PlayerState, seat: int) -> Draw:
    pile = state.discard_pile
    if not pile or not takeable(pile[-1], state.rules):
        return _DRAW
    top = pile[-1]
    if player.laid >= 0:
        return _TAKE if fits_any(top, state.table) else _DRAW
    if top == WILD_CODE:
        return _TAKE
    phase = _target_phase(state, seat, player)
    if phase is None:
        return _DRAW
    numbers, colours, wilds = counts_of(player.hand)
    per_group = state.rules.natural_card_scope is NaturalCardScope.PER_GROUP
    before = distance_counts(numbers, colours, wilds, phase, per_group=per_group)
    numbers[top % 12 + 1] += 1
    colours[top // 12] += 1
    after = distance_counts(numbers, colours, wilds, phase, per_group=per_group)
    return _TAKE if after < before else _DRAW


def _best_laydown(state: GameState, seat: int, lays: Sequence[LayDown]) -> LayDown:
    best = lays[0]
    best_key: tuple[int, int, int, int] | None = None
    pick_any = state.rules.progression is Progression.PICK_ANY and not state.tiebreak
    hand = state.players[seat].hand
    for action in lays:
        rest = list(hand)
        for c in action.cards:
            rest.remove(c)
        table = (*state.table[:seat], action.groups, *state.table[seat + 1 :])
        stuck = [c for c in rest if not fits_any(c, table)]
        difficulty = 0
        if pick_any and action.phase is not None:
            phase = state.rules.phase_by_number(action.phase)
            difficulty = phase.min_cards if phase is not None else 0
        key = (
            -difficulty,
            len(stuck),
            sum(POINTS_OF[c] for c in stuck),
            sum(g.wilds for g in action.groups),
        )
        if best_key is None or key < best_key:
            best, best_key = action, key
    return best


def _discard(
    state: GameState,
    player: PlayerState,
    seat: int,
    discards: Sequence[Discard],
    rng: random.Random,
) -> Discard:
    skips = [d for d in discards if d.card == SKIP_CODE]
    if skips:
        # At a hand's start every opponent ties: chance decides, never the lowest seat.
        return best_of(skips, lambda d: _danger(state, d.target), rng)
    playable = [d for d in discards if d.card != WILD_CODE] or list(discards)
    return min(playable, key=_discard_keys(state, player, seat, playable))


_Key = tuple[int, int, int, int, int]


def _discard_keys(
    state: GameState, player: PlayerState, seat: int, discards: Sequence[Discard]
) -> Callable[[Discard], _Key]:
    """Greedy's order of the discards of ``discards``: the smallest key is the least useful
    card (the most distance to the phase it costs, then helping opponents, keep value,
    points)."""
    phase = None if player.laid >= 0 else _target_phase(state, seat, player)
    others_down = any(p.laid >= 0 for s, p in enumerate(state.players) if s != seat)
    numbers, colours, wilds = counts_of(player.hand)
    per_group = state.rules.natural_card_scope is NaturalCardScope.PER_GROUP
    base = distance_counts(numbers, colours, wilds, phase, per_group=per_group) if phase else 0
    keys: dict[Discard, _Key] = {}
    for action in discards:
        card = action.card
        loss = keep = 0
        if phase is not None and card < NUMBERED:
            keep = keep_value(card, numbers, colours, phase)
            numbers[card % 12 + 1] -= 1
            colours[card // 12] -= 1
            loss = distance_counts(numbers, colours, wilds, phase, per_group=per_group) - base
            numbers[card % 12 + 1] += 1
            colours[card // 12] += 1
        helps = int(others_down and fits_any(card, state.table))
        keys[action] = (loss, helps, keep, -POINTS_OF[card], -card)
    return keys.__getitem__


def ranked_discards(state: GameState) -> list[Discard]:
    """The plain discards (no Skip target) of the seat to act, in the play stage, the policy's
    first choice first (wilds last: greedy keeps them)."""
    seat = state.current
    player = state.players[seat]
    discards = [_DISCARD[c] for c in sorted(set(player.hand)) if c != SKIP_CODE]
    key = _discard_keys(state, player, seat, discards)
    return sorted(discards, key=lambda d: (d.card == WILD_CODE, key(d)))


def _danger(state: GameState, target: int | None) -> tuple[int, int, int, int]:
    if target is None:
        return (-1, 0, 0, 0)
    p = state.players[target]
    return (int(p.laid >= 0), -len(p.hand), p.completed.bit_count(), -p.score)


# ---------------------------------------------------------------------------- evaluation


def player_value(state: GameState, seat: int, hand_over: bool) -> float:
    """One seat's standing in phases: phases completed minus points over ``PHASE_POINTS``.

    Phases completed include one laid down this hand. When the hand is not over (a depth
    cap stopped the rollout), the cards still held count as the points they would cost, and
    a phase not laid down yet counts as ``0.5 * (1 - distance / size)`` of a phase. Under
    ``progression=every_hand`` the winner is the lowest total after the last hand (P10-R37,
    B.4.1), so there only points count.
    """
    player = state.players[seat]
    score = float(player.score)
    progress = 0.0
    if not hand_over and player.dealt_in:
        score += score_cards(player.hand)
        if player.laid < 0:
            phase = _target_phase(state, seat, player)
            if phase is not None:
                numbers, colours, wilds = counts_of(player.hand)
                per_group = state.rules.natural_card_scope is NaturalCardScope.PER_GROUP
                d = distance_counts(numbers, colours, wilds, phase, per_group=per_group)
                progress = _PROGRESS_WEIGHT * max(0.0, 1.0 - d / phase.min_cards)
    if state.rules.progression is Progression.EVERY_HAND:
        return -score / PHASE_POINTS
    return player.completed.bit_count() + progress - score / PHASE_POINTS


def leaf_rewards(state: GameState, hand_over: bool = True) -> tuple[float, ...]:
    """Every seat's reward in [0, 1] for a position where a rollout stopped.

    A finished game gives 1 to the winner and 0 to everyone else. Otherwise each seat's
    reward is ``1 / (1 + exp(-2 * lead))``, ``lead`` being its :func:`player_value` minus the
    best value among the other seats: a seat one phase ahead of everyone gets 0.88, one a
    phase behind the leader 0.12.
    """
    outcome = state.outcome
    n = len(state.players)
    if outcome is not None:
        return tuple(1.0 if s == outcome.winner else 0.0 for s in range(n))
    values = [player_value(state, s, hand_over) for s in range(n)]
    rewards = []
    for s in range(n):
        best_other = max(values[t] for t in range(n) if t != s)
        lead = values[s] - best_other
        rewards.append(1.0 / (1.0 + math.exp(-_SHARPNESS * lead)))
    return tuple(rewards)
