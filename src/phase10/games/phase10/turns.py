"""The turn cycle of Phase 10: dealing, drawing, laying down, hitting, discarding, Skips,
going out, scoring, moving up, winning and the tie-break (rules Part A, B.4, D.1).

The API is small on purpose: ``new_game``, ``legal_actions``, ``check_action``, ``is_legal``
(from :mod:`~phase10.games.phase10.legal`: what a seat may do) and ``apply_action``. States
are immutable; ``apply_action`` returns a new one whose ``events`` tell what happened. An
illegal action raises ``IllegalActionError`` with the rule id and leaves the state as it was;
nothing is ever repaired.

>>> from phase10.games.phase10.rules import RuleSet
>>> state = new_game(RuleSet(), players=3, seed=7)
>>> state.stage.value, len(state.players[0].hand), len(state.draw_pile)
('draw', 10, 77)
>>> state = apply_action(state, legal_actions(state)[0])
>>> state.stage.value, len(state.players[state.current].hand)
('play', 11)
"""

from __future__ import annotations

import random
from typing import Final, Unpack

from phase10.games.phase10.actions import Action, Discard, Draw, Hit, LayDown
from phase10.games.phase10.cards import (
    NUMBER_OF,
    SKIP,
    SKIP_CODE,
    Card,
    full_deck,
)
from phase10.games.phase10.groups import with_hit
from phase10.games.phase10.legal import _prepare, active_after
from phase10.games.phase10.legal import check_action as check_action
from phase10.games.phase10.legal import current_phase as current_phase
from phase10.games.phase10.legal import is_legal as is_legal
from phase10.games.phase10.legal import legal_actions as legal_actions
from phase10.games.phase10.legal import open_phases as open_phases
from phase10.games.phase10.rules import (
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    FirstDealer,
    Progression,
    RuleSet,
    SkipDelivery,
    Tiebreak,
)
from phase10.games.phase10.scoring import score_cards
from phase10.games.phase10.state import Event, EventKind, GameState, Outcome, PlayerState, Stage
from phase10.kernel import piles
from phase10.kernel.piles import TurnEvents, draw, grow, shuffled
from phase10.kernel.piles import remove as _remove
from phase10.kernel.piles import replace_at as _set
from phase10.kernel.piles import without as _without

E = EventKind
_EVENTS = TurnEvents(Event, E.TOOK_DISCARD, E.RESHUFFLED, E.DREW, E.HIT)
# The members every turn uses, bound once: Python 3.11 finds ``E.DISCARDED`` through
# ``EnumType.__getattr__``, about 0.2 µs a lookup (ten times a module global).
_DRAWING: Final = Stage.DRAW
_TURN_STARTED: Final = E.TURN_STARTED
_DISCARDED: Final = E.DISCARDED
_SKIPPED_PLAYER: Final = E.SKIPPED_PLAYER
_DEAD_SKIP: Final = E.DEAD_SKIP
_LAID_DOWN: Final = E.LAID_DOWN
_PLACED: Final = SkipDelivery.PLACED


# ---------------------------------------------------------------------------- set-up


def new_game(
    rules: RuleSet, players: int, seed: int, **setup: Unpack[piles.Setup[Card]]
) -> GameState:
    """Start a game: pick the first dealer, deal the first hand, and wait for the first draw.

    ``deck`` fixes the order of the first deal (for scripted tests; first card to the
    dealer's left); ``decks`` fixes the first shuffles in turn (used by ``replay``). Every other
    shuffle derives from ``seed``, so the same arguments always give the same game.

    >>> from phase10.games.phase10.rules import RuleSet
    >>> new_game(RuleSet(), players=7, seed=1)
    Traceback (most recent call last):
    ...
    phase10.kernel.errors.RulesError: D-24: Phase 10 is for 2 to 6 players, not 7
    """
    piles.check_players(players, MIN_PLAYERS, MAX_PLAYERS, game="Phase 10", rule="D-24")
    piles.check_seed(seed)
    presets = piles.first_presets(setup, 0)
    dealer = _first_dealer(rules, players, seed)
    state = GameState(
        rules,
        seed,
        *piles.before_deal(PlayerState, players),
        dealer=dealer,
        current=dealer,
        stage=Stage.DRAW,
        presets=presets,
    )
    return _deal(state, dealer, [])


def _first_dealer(rules: RuleSet, players: int, seed: int) -> int:
    """P10-R09, D-23: the first dealer, by ``first_dealer``."""
    rng = random.Random(f"phase10:{seed}:first-dealer")
    if rules.first_dealer is FirstDealer.YOUNGEST_STARTS:
        # Seat 0 is the youngest player and plays first, so the seat to their right deals.
        return players - 1
    if rules.first_dealer is FirstDealer.HIGH_CARD:
        cards = list(full_deck())
        rng.shuffle(cards)
        contenders = list(range(players))
        while len(contenders) > 1:
            drawn = {seat: NUMBER_OF[cards.pop()] for seat in contenders}
            best = max(drawn.values())
            contenders = [seat for seat in contenders if drawn[seat] == best]
        return contenders[0]
    return rng.randrange(players)


def _shuffled(state: GameState) -> tuple[Card, ...]:
    """The next shuffle: a preset order if one is left, else derived from the seed."""
    return shuffled(
        full_deck(),
        presets=state.presets,
        index=state.shuffles,
        key=f"phase10:{state.seed}:shuffle",
        rule="P10-R01",
    )


def _deal(state: GameState, dealer: int, events: list[Event]) -> GameState:
    """P10-R09..R11, D-23: deal ten cards each, one at a time, from the dealer's left."""
    order = _shuffled(state)
    n = state.num_players
    seats: list[int] = []
    seat = dealer
    for _ in range(sum(p.dealt_in for p in state.players)):
        seat = active_after(seat, state.players)
        seats.append(seat)
    hands: list[list[Card]] = [[] for _ in range(n)]
    position = 0
    for _ in range(HAND_SIZE):
        for s in seats:
            hands[s].append(order[position])
            position += 1
    turned_up = order[position]
    draw_pile = tuple(reversed(order[position + 1 :]))
    players = tuple(
        p.evolve(
            hand=tuple(sorted(hands[i])),
            laid=-1,
            skip_pending=0,
            skip_lost=False,
            skip_targeted=False,
            skip_placed=0,
            took=(),
        )
        for i, p in enumerate(state.players)
    )
    first = seats[0]
    events.append(Event(E.HAND_DEALT, seat=dealer, number=state.hand_number, cards=order))
    events.append(Event(E.TURNED_UP, seat=first, cards=(turned_up,)))
    if turned_up == SKIP_CODE:
        # P10-R11, D-13: a turned-up Skip is a Skip against the first player.
        first_player = players[first]
        players = _set(players, first, first_player.evolve(skip_pending=1, skip_targeted=True))
    dealt = state.evolve(
        players=players,
        table=((),) * n,
        draw_pile=draw_pile,
        discard_pile=(turned_up,),
        dealer=dealer,
        shuffles=state.shuffles + 1,
        laid_this_turn=False,
    )
    return _start_turn(dealt, first, events)


def _start_turn(
    state: GameState,
    seat: int,
    events: list[Event],
    players: tuple[PlayerState, ...] | None = None,
    discard_pile: tuple[Card, ...] | None = None,
) -> GameState:
    """Give the turn to ``seat``, first using up any lost turns (P10-R13 step 0, P10-R27).

    ``players`` and ``discard_pile`` replace the state's own, so that the caller's changes
    and the new turn make one copy of the state, not two.
    """
    if players is None:
        players = state.players
    if discard_pile is None:
        discard_pile = state.discard_pile
    for _ in range(len(players) + 1):
        player = players[seat]
        if not player.skip_pending:
            break
        if player.skip_placed:
            # B.4.2, D-37: the skipped player moves the placed Skip onto the discard pile.
            discard_pile = (*discard_pile, SKIP)
        players = _set(
            players,
            seat,
            player.evolve(
                skip_pending=player.skip_pending - 1,
                skip_lost=True,
                skip_placed=max(player.skip_placed - 1, 0),
            ),
        )
        events.append(Event(E.TURN_LOST, seat=seat))
        seat = active_after(seat, players)
    # Positional (kind, seat, cards, target): a NamedTuple built from keywords costs about
    # twice as much, and every turn records these two.
    events.append(Event(_TURN_STARTED, seat))
    return state.evolve(
        players=players,
        discard_pile=discard_pile,
        current=seat,
        stage=_DRAWING,
        laid_this_turn=False,
        events=tuple(events),
    )


# ---------------------------------------------------------------------------- applying


def apply_action(state: GameState, action: Action) -> GameState:
    """Check ``action`` and return the state after it; ``events`` say what happened.

    Lost turns, the end of the hand, scoring and the next deal follow on their own, so the
    returned state always waits for the next decision of one player (or is over).
    """
    prepared = _prepare(state, action)
    events: list[Event] = []
    if isinstance(action, Draw):
        return _apply_draw(state, action, events)
    if isinstance(action, LayDown):
        assert isinstance(prepared, tuple)
        return _apply_laydown(state, action, prepared[0], events)
    if isinstance(action, Hit):
        assert isinstance(prepared, int)
        return _apply_hit(state, action, prepared, events)
    assert isinstance(prepared, int)
    return _apply_discard(state, action, prepared, events)


def _apply_draw(state: GameState, action: Draw, events: list[Event]) -> GameState:
    # P10-R33, D-08: an empty draw pile is refilled from the discard pile minus its top card.
    drawn = draw(state, action.source, events, _EVENTS, game="phase10", rule="P10-R01")
    return _end_hand(state, None, events) if drawn is None else drawn


def _apply_laydown(state: GameState, action: LayDown, index: int, events: list[Event]) -> GameState:
    seat = state.current
    player = state.players[seat]
    rest = _remove(player.hand, action.cards)
    player = player.evolve(hand=rest, laid=index, completed=player.completed | 1 << index)
    table = (*state.table[:seat], action.groups, *state.table[seat + 1 :])
    events.append(Event(_LAID_DOWN, seat=seat, groups=action.groups, number=index))
    state = state.evolve(
        players=_set(state.players, seat, player), table=table, laid_this_turn=True
    )
    if state.tiebreak and state.rules.tiebreak is Tiebreak.REPLAY_FIRST_LAYDOWN:
        # B.4.4: the first to lay the goal down wins on the spot.
        return _finish(state, seat, "tiebreak_laydown", events)
    if not rest:
        return _end_hand(state, seat, events)
    return state.evolve(events=tuple(events))


def _apply_hit(state: GameState, action: Hit, value: int, events: list[Event]) -> GameState:
    player = state.players[state.current]
    grown = with_hit(state.table[action.owner][action.index], action.card, value)
    player = player.evolve(hand=_without(player.hand, action.card))
    state = grow(state, action, grown, player, events, _EVENTS)
    if not player.hand:
        return _end_hand(state, state.current, events)
    return state.evolve(events=tuple(events))


def _apply_discard(state: GameState, action: Action, target: int, events: list[Event]) -> GameState:
    assert isinstance(action, Discard)
    seat = state.current
    rules = state.rules
    player = state.players[seat]
    player = player.evolve(hand=_without(player.hand, action.card), skip_lost=False)
    players = _set(state.players, seat, player)
    discard_pile = state.discard_pile
    placed = action.card == SKIP_CODE and target >= 0 and rules.skip_delivery is _PLACED
    if not placed:
        discard_pile = (*discard_pile, action.card)
    events.append(Event(_DISCARDED, seat, (action.card,), target))
    if action.card == SKIP_CODE and player.hand:
        if target >= 0:
            victim = players[target]
            players = _set(
                players,
                target,
                victim.evolve(
                    skip_pending=victim.skip_pending + 1,
                    skip_targeted=True,
                    skip_placed=victim.skip_placed + placed,
                ),
            )
            events.append(Event(_SKIPPED_PLAYER, seat=seat, target=target))
        else:
            events.append(Event(_DEAD_SKIP, seat=seat))
    if not player.hand:
        return _end_hand(state.evolve(players=players, discard_pile=discard_pile), seat, events)
    return _start_turn(state, active_after(seat, players), events, players, discard_pile)


# ---------------------------------------------------------------------------- end of hand


def _end_hand(state: GameState, out: int | None, events: list[Event]) -> GameState:
    """P10-R31..R38, B.4: score, move up, decide the game or deal the next hand."""
    rules = state.rules
    if out is not None:
        events.append(Event(E.WENT_OUT, seat=out))
    points = tuple(
        0 if seat == out or not p.dealt_in else score_cards(p.hand)
        for seat, p in enumerate(state.players)
    )
    every_hand = rules.progression is Progression.EVERY_HAND
    players = tuple(
        p.evolve(
            score=p.score if state.tiebreak else p.score + points[seat],
            phase_index=(
                p.phase_index + 1
                if p.laid >= 0 and not every_hand and not state.tiebreak
                else p.phase_index
            ),
        )
        for seat, p in enumerate(state.players)
    )
    events.append(
        Event(
            E.HAND_ENDED,
            seat=-1 if out is None else out,
            scores=points,
            number=state.hand_number,
            # A tie-break hand's points do not count (D-29): its sentence says so.
            target=1 if state.tiebreak else -1,
            moved=tuple(p.laid if p.dealt_in and not state.tiebreak else -1 for p in state.players),
            phases=tuple(p.phase_index if p.dealt_in else -1 for p in players),
        )
    )
    state = state.evolve(players=players)
    if state.tiebreak:
        if out is not None:
            return _finish(state, out, "tiebreak_out", events)
        return _next_hand(state, tiebreak=True, events=events)
    last = len(rules.phases)
    if rules.progression is Progression.EVERY_HAND:
        finished = state.hand_number + 1 >= last
        candidates = list(range(state.num_players)) if finished else []
    elif rules.progression is Progression.PICK_ANY:
        everything = (1 << last) - 1
        candidates = [s for s, p in enumerate(players) if p.completed == everything]
    else:
        candidates = [s for s, p in enumerate(players) if p.phase_index >= last]
    if not candidates:
        return _next_hand(state, tiebreak=False, events=events)
    best = min(players[s].score for s in candidates)
    tied = [s for s in candidates if players[s].score == best]
    if len(tied) == 1:
        reason = "only_finisher" if len(candidates) == 1 else "lowest_total"
        return _finish(state, tied[0], reason, events)
    # P10-R38, D-29, D-32: only the tied players play the tie-break hand.
    players = tuple(p.evolve(dealt_in=s in tied) for s, p in enumerate(players))
    events.append(Event(E.TIEBREAK, cards=(), scores=tuple(tied)))
    return _next_hand(state.evolve(players=players), tiebreak=True, events=events)


def _next_hand(state: GameState, *, tiebreak: bool, events: list[Event]) -> GameState:
    """P10-R35, D-23, D-43: the deal passes left; everything is gathered and dealt again."""
    dealer = (state.dealer + 1) % state.num_players
    state = state.evolve(hand_number=state.hand_number + 1, tiebreak=tiebreak)
    return _deal(state, dealer, events)


#: ``GAME_OVER``'s ``number``: 0 a phase or the totals decided the game, else the tie-break
#: hand did (P10-R38): 1 by going out first in it, 2 by laying down first (B.4.4).
_HOW_WON: Final = {"tiebreak_out": 1, "tiebreak_laydown": 2}


def _finish(state: GameState, winner: int, reason: str, events: list[Event]) -> GameState:
    totals = tuple(p.score for p in state.players)
    result = Outcome(winner=winner, totals=totals, reason=reason, hands=state.hand_number + 1)
    # How a tie-break decided it, for the sentence that says who won (the totals alone tie).
    events.append(Event(E.GAME_OVER, seat=winner, scores=totals, number=_HOW_WON.get(reason, 0)))
    return state.evolve(stage=Stage.OVER, outcome=result, events=tuple(events))
