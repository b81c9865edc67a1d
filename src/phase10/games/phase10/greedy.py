"""A strong hand-written player: greedy about its phase, quick to go out, mean with Skips.

The bot sees only a ``PlayerView`` and picks one of ``view.legal``. It draws from its
generator only to break an exact tie (between Skip targets, or equally good hits), never
falling back on seat order, so the same view and generator give the same action.

>>> import random
>>> from phase10.games.phase10.turns import new_game
>>> from phase10.games.phase10.rules import RuleSet
>>> from phase10.games.phase10.view import view_for
>>> state = new_game(RuleSet(), players=3, seed=4)
>>> view = view_for(state, state.current)
>>> GreedyBot().choose(view, random.Random(0)) in view.legal
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from phase10.games.phase10.actions import Action, Discard, Hit, LayDown
from phase10.games.phase10.cards import NUMBERED, POINTS_OF, SKIP_CODE, WILD_CODE, Card
from phase10.games.phase10.evaluate import counts_of, distance_counts, fits_any, keep_value
from phase10.games.phase10.groups import Group, with_hit
from phase10.games.phase10.rules import NaturalCardScope, Phase, Progression
from phase10.games.phase10.view import PlayerView
from phase10.kernel.bots import StagedBot, best_of, take_if

Table = tuple[tuple[Group, ...], ...]


class GreedyBot(StagedBot[PlayerView, Action]):
    """Draws for its phase, lays down at once, hits everything, discards the least useful card.

    * Draw: the discard pile's top only if it is a wild, brings the phase closer, or (once
      the phase is down) can be hit; otherwise the draw pile.
    * Lay down as soon as it can, choosing the grouping that leaves the fewest cards it
      cannot hit afterwards, then the fewest wilds used (P10-R18, D-14).
    * Hit every card that fits (P10-R22), naturals before wilds, to go out early.
    * Discard a Skip first, aimed at the most dangerous opponent (P10-R25), a tie between
      opponents broken at random (at a hand's start they all tie); otherwise the card
      least useful to its phase, never a wild unless it is the last card, and preferably not
      one an opponent who has laid down could hit.
    """

    name = "greedy"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        return self._decide(view, rng)

    def _play(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        lays = [a for a in legal if isinstance(a, LayDown)]
        if lays:
            return self._lay(view, lays)
        hits = [a for a in legal if isinstance(a, Hit)]
        if hits:
            return self._hit(view, hits, rng)
        return self._discard(view, [a for a in legal if isinstance(a, Discard)], rng)

    # ------------------------------------------------------------------------ drawing

    def _draw(self, view: PlayerView) -> Action:
        return take_if(view, lambda top: _wanted(view, top))

    # ------------------------------------------------------------------------ laying down

    def _lay(self, view: PlayerView, lays: Sequence[LayDown]) -> Action:
        pick_any = view.rules.progression is Progression.PICK_ANY and not view.tiebreak
        best: LayDown = lays[0]
        best_key: tuple[int, int, int, int] | None = None
        for action in lays:
            rest = _without(view.hand, action.cards)
            table = _with_groups(view.table, view.seat, action.groups)
            stuck = [c for c in rest if not fits_any(c, table)]
            # Under pick-a-phase the hardest phase is the rarest chance, so it comes first.
            difficulty = _difficulty(view, action) if pick_any else 0
            key = (
                -difficulty,
                len(stuck),
                sum(POINTS_OF[c] for c in stuck),
                sum(g.wilds for g in action.groups),
            )
            if best_key is None or key < best_key:
                best, best_key = action, key
        return best

    # ------------------------------------------------------------------------ hitting

    def _hit(self, view: PlayerView, hits: Sequence[Hit], rng: random.Random) -> Action:
        hand = view.hand
        if len(hand) == 1:
            return hits[0]
        naturals = [h for h in hits if h.card != WILD_CODE]

        def key(hit: Hit) -> tuple[int, int]:
            group = view.table[hit.owner][hit.index]
            grown = with_hit(group, hit.card, hit.value)
            table = _replace_group(view.table, hit.owner, hit.index, grown)
            rest = _without(hand, (hit.card,))
            # Prefer the hit after which most of the hand still fits somewhere (runs grow).
            return (sum(1 for c in rest if fits_any(c, table)), POINTS_OF[hit.card])

        # Equal hits on different seats' groups: chance decides, not the lowest seat.
        return best_of(naturals or hits, key, rng)

    # ------------------------------------------------------------------------ discarding

    def _discard(self, view: PlayerView, discards: Sequence[Discard], rng: random.Random) -> Action:
        skips = [d for d in discards if d.card == SKIP_CODE]
        if skips:
            return best_of(skips, lambda d: _danger(view, d.target), rng)
        playable = [d for d in discards if d.card != WILD_CODE] or list(discards)
        return self.discard_ranking(view, playable)[0]

    def discard_ranking(self, view: PlayerView, playable: Sequence[Discard]) -> list[Discard]:
        """``playable`` best first, as this bot ranks discards (the first of equals first).

        >>> import random
        >>> from phase10.games.phase10.cards import parse_cards
        >>> from phase10.games.phase10.turns import new_game
        >>> from phase10.games.phase10.rules import RuleSet
        >>> from phase10.games.phase10.view import view_for
        >>> view = view_for(new_game(RuleSet(), players=2, seed=1), 0)
        >>> ranked = GreedyBot().discard_ranking(view, [Discard(c) for c in set(view.hand)])
        >>> len(ranked) == len(set(view.hand))
        True
        """
        me = view.players[view.seat]
        phase = None if me.laid >= 0 else target_phase(view)
        others_down = any(p.laid >= 0 for s, p in enumerate(view.players) if s != view.seat)
        hand = view.hand
        numbers, colours, wilds = counts_of(hand)
        per_group = view.rules.natural_card_scope is NaturalCardScope.PER_GROUP
        base = distance_counts(numbers, colours, wilds, phase, per_group=per_group) if phase else 0
        keys: list[tuple[int, int, int, int, int, int, int]] = []
        for action in playable:
            card = action.card
            loss = keep = 0
            if phase is not None and card < NUMBERED:
                keep = keep_value(card, numbers, colours, phase)
                _adjust(numbers, colours, card, -1)
                loss = distance_counts(numbers, colours, wilds, phase, per_group=per_group) - base
                _adjust(numbers, colours, card, 1)
            helps = int(others_down and fits_any(card, view.table))
            keys.append(
                (
                    loss,
                    helps,
                    self._feeds(view, card),
                    keep,
                    -self._passed(view, card),
                    -POINTS_OF[card],
                    -card,
                )
            )
        order = sorted(range(len(playable)), key=keys.__getitem__)
        return [playable[i] for i in order]

    def _feeds(self, view: PlayerView, card: Card) -> int:
        """How much the next player could want ``card`` from the discard pile (greedy: no
        idea, 0); a tie-break between discards that cost the hand the same."""
        return 0

    def _passed(self, view: PlayerView, card: Card) -> int:
        """1 if the next player has shown they do not want cards like ``card`` (greedy: no
        idea, 0); the last tie-break before points, between discards equally worth keeping."""
        return 0


def target_phase(view: PlayerView) -> Phase | None:
    """The phase the seat should work on: its current phase, or under pick-a-phase (D-34) the
    open phase closest to completion (ties: the one needing more cards, as it is rarer).

    >>> from phase10.games.phase10.turns import new_game
    >>> from phase10.games.phase10.rules import RuleSet
    >>> from phase10.games.phase10.view import view_for
    >>> str(target_phase(view_for(new_game(RuleSet(), players=2, seed=1), 0)))
    'Phase 1: set of 3 + set of 3'
    """
    me = view.players[view.seat]
    rules = view.rules
    if rules.progression is not Progression.PICK_ANY or view.tiebreak:
        return me.phase
    open_phases = [p for i, p in enumerate(rules.phases) if not me.completed >> i & 1]
    if not open_phases:
        return None
    return min(open_phases, key=lambda p: (_distance(view, view.hand, p), -p.min_cards))


def _distance(view: PlayerView, cards: Sequence[int], phase: Phase) -> int:
    numbers, colours, wilds = counts_of(cards)
    per_group = view.rules.natural_card_scope is NaturalCardScope.PER_GROUP
    return distance_counts(numbers, colours, wilds, phase, per_group=per_group)


def _adjust(numbers: list[int], colours: list[int], card: int, step: int) -> None:
    numbers[card % 12 + 1] += step
    colours[card // 12] += step


def _difficulty(view: PlayerView, action: LayDown) -> int:
    phase = view.rules.phase_by_number(action.phase) if action.phase is not None else None
    return phase.min_cards if phase is not None else 0


def _danger(view: PlayerView, target: int | None) -> tuple[int, int, int, int]:
    """How threatening a Skip target is: laid down, few cards, far along, low total."""
    if target is None:
        return (-1, 0, 0, 0)
    p = view.players[target]
    return (int(p.laid >= 0), -p.hand_size, p.completed.bit_count(), -p.score)


def _without(hand: Sequence[Card], cards: Sequence[int]) -> list[Card]:
    rest = list(hand)
    for c in cards:
        rest.remove(c)  # type: ignore[arg-type]
    return rest


def _with_groups(table: Table, seat: int, groups: tuple[Group, ...]) -> Table:
    return (*table[:seat], groups, *table[seat + 1 :])


def _replace_group(table: Table, owner: int, index: int, group: Group) -> Table:
    groups = table[owner]
    return _with_groups(table, owner, (*groups[:index], group, *groups[index + 1 :]))


def _wanted(view: PlayerView, top: Card) -> bool:
    """Whether the discard pile's top is worth taking: it can be hit once the phase is down,
    or it brings the hand closer to its phase (a wild always does)."""
    if view.players[view.seat].laid >= 0:
        return fits_any(top, view.table)
    if top == WILD_CODE:
        return True
    phase = target_phase(view)
    return phase is not None and _distance(view, (*view.hand, top), phase) < (
        _distance(view, view.hand, phase)
    )
