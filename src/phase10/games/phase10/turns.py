"""The turn cycle of Phase 10: dealing, drawing, laying down, hitting, discarding, Skips,
going out, scoring, moving up, winning and the tie-break (rules Part A, B.4, D.1).

The API is small on purpose: ``new_game``, ``legal_actions``, ``check_action``, ``is_legal``,
``apply_action`` and ``outcome``. States are immutable; ``apply_action`` returns a new one
whose ``events`` tell what happened. An illegal action raises ``IllegalActionError`` with the
rule id and leaves the state as it was; nothing is ever repaired.

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
from collections.abc import Sequence
from typing import Unpack

from phase10.games.phase10.actions import Action, Discard, Draw, Hit, LayDown, Source
from phase10.games.phase10.cards import (
    CARDS,
    NUMBER_OF,
    NUMBERED,
    SKIP,
    SKIP_CODE,
    SYMBOL_OF,
    WILD_CODE,
    Card,
    full_deck,
)
from phase10.games.phase10.finder import find_phase, laydown_problem, laydowns
from phase10.games.phase10.groups import Group, hit_value, hit_values, with_hit
from phase10.games.phase10.rules import (
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TIEBREAK_LAYDOWN_GOAL,
    FirstDealer,
    Kind,
    Phase,
    Progression,
    RuleSet,
    SkipDelivery,
    SkipLimit,
    SkipTarget,
    Tiebreak,
)
from phase10.games.phase10.scoring import score_cards
from phase10.games.phase10.state import Event, EventKind, GameState, Outcome, PlayerState, Stage
from phase10.kernel import piles
from phase10.kernel.errors import IllegalActionError, Problem
from phase10.kernel.piles import TurnEvents, draw, grow, shuffled
from phase10.kernel.piles import owns as _owns
from phase10.kernel.piles import remove as _remove
from phase10.kernel.piles import replace_at as _set
from phase10.kernel.piles import without as _without

E = EventKind
_EVENTS = TurnEvents(Event, E.TOOK_DISCARD, E.RESHUFFLED, E.DREW, E.HIT)

# Fixed actions are built once: legal_actions runs in every playout step, and constructing a
# frozen dataclass costs about half a microsecond.
_DRAW = (Draw(Source.DRAW_PILE),)
_DRAW_OR_TAKE = (Draw(Source.DRAW_PILE), Draw(Source.DISCARD_PILE))
_DISCARD = tuple(Discard(c) for c in CARDS)
_SKIP_AT = tuple(Discard(SKIP, t) for t in range(MAX_PLAYERS))

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


def _active_after(state: GameState, seat: int, players: Sequence[PlayerState]) -> int:
    n = len(players)
    for step in range(1, n + 1):
        candidate = (seat + step) % n
        if players[candidate].dealt_in:
            return candidate
    return seat


def _deal(state: GameState, dealer: int, events: list[Event]) -> GameState:
    """P10-R09..R11, D-23: deal ten cards each, one at a time, from the dealer's left."""
    order = _shuffled(state)
    n = state.num_players
    seats: list[int] = []
    seat = dealer
    for _ in range(sum(p.dealt_in for p in state.players)):
        seat = _active_after(state, seat, state.players)
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
        seat = _active_after(state, seat, players)
    events.append(Event(E.TURN_STARTED, seat=seat))
    return state.evolve(
        players=players,
        discard_pile=discard_pile,
        current=seat,
        stage=Stage.DRAW,
        laid_this_turn=False,
        events=tuple(events),
    )


# ---------------------------------------------------------------------------- phases


def current_phase(state: GameState, seat: int) -> Phase | None:
    """The phase ``seat`` is working on this hand; ``None`` under ``pick_any`` (any open one).

    >>> from phase10.games.phase10.rules import RuleSet
    >>> str(current_phase(new_game(RuleSet(), players=2, seed=1), 0))
    'Phase 1: set of 3 + set of 3'
    """
    rules = state.rules
    if state.tiebreak:
        if rules.tiebreak is Tiebreak.REPLAY_FIRST_LAYDOWN:
            return TIEBREAK_LAYDOWN_GOAL
        return rules.final_phase
    if rules.progression is Progression.PICK_ANY:
        return None
    if rules.progression is Progression.EVERY_HAND:
        return rules.phases[min(state.hand_number, len(rules.phases) - 1)]
    index = state.players[seat].phase_index
    return rules.phases[index] if index < len(rules.phases) else None


def open_phases(state: GameState, seat: int) -> tuple[tuple[int, Phase], ...]:
    """(index, phase) pairs ``seat`` may lay down this hand, if they have not laid down yet."""
    player = state.players[seat]
    if player.laid >= 0:
        return ()
    rules = state.rules
    if rules.progression is Progression.PICK_ANY and not state.tiebreak:
        return tuple((i, p) for i, p in enumerate(rules.phases) if not player.completed >> i & 1)
    phase = current_phase(state, seat)
    if phase is None:
        return ()
    if state.tiebreak:
        return ((len(rules.phases) - 1, phase),)
    if rules.progression is Progression.EVERY_HAND:
        return ((min(state.hand_number, len(rules.phases) - 1), phase),)
    return ((player.phase_index, phase),)


# ---------------------------------------------------------------------------- legal actions


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every action the current player may take now, canonical and without duplicates.

    Lay-downs are listed at the phase's exact sizes; extra cards are hit afterwards in the
    same turn (D-14), which reaches every legal result.

    >>> from phase10.games.phase10.rules import RuleSet
    >>> [str(a) for a in legal_actions(new_game(RuleSet(), players=2, seed=3))]
    ['draw', 'take']
    """
    if state.stage is Stage.OVER:
        return ()
    if state.stage is Stage.DRAW:
        pile = state.discard_pile
        if not pile or pile[-1] == SKIP_CODE:
            return _DRAW
        return _DRAW_OR_TAKE
    seat = state.current
    player = state.players[seat]
    hand = player.hand
    rules = state.rules
    actions: list[Action] = []
    distinct = sorted(set(hand))  # hands are sorted, but set() is the cheapest dedupe
    if player.laid < 0:
        named = rules.progression is Progression.PICK_ANY and not state.tiebreak
        for index, phase in open_phases(state, seat):
            if find_phase(hand, phase, rules) is None:
                continue
            number = rules.phases[index].number if named else None
            for groups in laydowns(hand, phase, rules):
                action = LayDown(groups, number)
                # Only a lay-down leaving at most one card can break D-20 or D-09.
                if len(hand) - sum(len(g.cards) for g in groups) > 1 or _leaves_ok(
                    rules, hand, 0, _remove(hand, action.cards)
                ):
                    actions.append(action)
    else:
        # Only a hand of one or two cards can be emptied or left as a lone Skip by a hit.
        hittable = [
            c
            for c in distinct
            if c != SKIP_CODE and (len(hand) > 2 or _leaves_ok(rules, hand, 1, _remove(hand, (c,))))
        ]
        for owner, groups in enumerate(state.table):
            if not hittable or not _may_hit_owner(state, seat, owner):
                continue
            for index, group in enumerate(groups):
                for c in hittable:
                    for value in hit_values(group, c):
                        actions.append(Hit(c, owner, index, value))
    if distinct[-1] != SKIP_CODE:
        actions.extend([_DISCARD[c] for c in distinct])
        return tuple(actions)
    actions.extend([_DISCARD[c] for c in distinct[:-1]])
    if len(hand) == 1 and not rules.skip_can_go_out:
        return tuple(actions)
    if rules.skip_target is SkipTarget.NEXT or len(hand) == 1:
        actions.append(_DISCARD[SKIP_CODE])
        return tuple(actions)
    targets = _eligible_targets(state, seat)
    if targets:
        actions.extend([_SKIP_AT[t] for t in targets])
    else:
        actions.append(_DISCARD[SKIP_CODE])
    return tuple(actions)


def _leaves_ok(rules: RuleSet, hand: tuple[Card, ...], used: int, rest: tuple[Card, ...]) -> bool:
    """Whether a lay-down or hit may leave ``rest`` in hand (D-20, D-09)."""
    if not rest:
        return not rules.go_out_requires_discard
    return rules.skip_can_go_out or rest != (SKIP,)


def _may_hit_owner(state: GameState, seat: int, owner: int) -> bool:
    """D-18: under ``hit_others_on_laydown_turn=false`` only your own groups that turn."""
    return owner == seat or not state.laid_this_turn or state.rules.hit_others_on_laydown_turn


def _eligible(state: GameState, seat: int, target: int) -> bool:
    """P10-R25, P10-R26, B.4.3: whether ``target`` may be given a Skip now."""
    if target == seat or not 0 <= target < state.num_players:
        return False
    player = state.players[target]
    if not player.dealt_in:
        return False
    limit = state.rules.skip_limit
    if limit is SkipLimit.PER_CIRCUIT:
        return not (player.skip_pending or player.skip_lost)
    if limit is SkipLimit.PER_HAND:
        return not player.skip_targeted
    if limit is SkipLimit.PENDING_ONLY:
        return not player.skip_pending
    return True


def _eligible_targets(state: GameState, seat: int) -> tuple[int, ...]:
    return tuple(t for t in range(state.num_players) if _eligible(state, seat, t))


# ---------------------------------------------------------------------------- checking


def check_action(state: GameState, action: Action) -> None:
    """Raise ``IllegalActionError`` (with a rule id) unless ``action`` is legal now.

    >>> from phase10.games.phase10.rules import RuleSet
    >>> from phase10.games.phase10.actions import parse_action
    >>> check_action(new_game(RuleSet(), players=2, seed=3), parse_action("discard R1"))
    Traceback (most recent call last):
    ...
    phase10.kernel.errors.IllegalActionError: D-19: draw a card first; a turn starts with a draw
    """
    _prepare(state, action)


def is_legal(state: GameState, action: Action) -> bool:
    """``True`` when ``check_action`` would accept ``action``."""
    try:
        _prepare(state, action)
    except IllegalActionError:
        return False
    return True


def _prepare(state: GameState, action: Action) -> object:
    """Check ``action``; return what applying it needs (so nothing is computed twice)."""
    if state.stage is Stage.OVER:
        raise IllegalActionError("P10-R36", "kernel.game_over")
    if isinstance(action, Draw):
        _check_draw(state, action)
        return None
    if state.stage is Stage.DRAW:
        raise IllegalActionError("D-19", "phase10.draw_first")
    if isinstance(action, LayDown):
        return _check_laydown(state, action)
    if isinstance(action, Hit):
        return _check_hit(state, action)
    if isinstance(action, Discard):
        return _check_discard(state, action)
    raise IllegalActionError("P10-R13", "phase10.not_an_action", action=repr(action))


def _check_draw(state: GameState, action: Draw) -> None:
    if state.stage is not Stage.DRAW:
        raise IllegalActionError("D-19", "phase10.already_drew")
    if action.source is Source.DISCARD_PILE:
        if not state.discard_pile:
            raise IllegalActionError("P10-R13", "kernel.discard_pile_empty")
        if state.discard_pile[-1] == SKIP_CODE:
            raise IllegalActionError("D-07", "phase10.skip_not_taken")


def _check_laydown(state: GameState, action: LayDown) -> tuple[int, Phase]:
    seat = state.current
    player = state.players[seat]
    rules = state.rules
    if player.laid >= 0:
        raise IllegalActionError("P10-R16", "phase10.already_laid")
    options = open_phases(state, seat)
    if not options:
        raise IllegalActionError("P10-R17", "phase10.no_phase_left")
    if rules.progression is Progression.PICK_ANY and not state.tiebreak:
        if action.phase is None:
            raise IllegalActionError("D-34", "phase10.name_the_phase")
        chosen = [(i, p) for i, p in options if p.number == action.phase]
        if not chosen:
            raise IllegalActionError("D-34", "phase10.phase_not_open", phase=action.phase)
        index, phase = chosen[0]
    else:
        index, phase = options[0]
        if action.phase is not None and action.phase != phase.number:
            raise IllegalActionError(
                "P10-R17", "phase10.wrong_phase", phase=phase.number, asked=action.phase
            )
    cards = action.cards
    if not _owns(player.hand, cards):
        raise IllegalActionError("P10-R15", "phase10.hold_the_phase")
    problem = laydown_problem(action.groups, phase, rules)
    if problem is not None:
        raise IllegalActionError.of(problem)
    rest = _remove(player.hand, cards)
    _check_leaves(rules, rest)
    return index, phase


def _check_leaves(rules: RuleSet, rest: tuple[Card, ...]) -> None:
    if not rest and rules.go_out_requires_discard:
        raise IllegalActionError("D-20", "phase10.keep_a_card")
    if rest == (SKIP,) and not rules.skip_can_go_out:
        raise IllegalActionError("D-09", "phase10.skip_left_last")


def _check_hit(state: GameState, action: Hit) -> int:
    seat = state.current
    player = state.players[seat]
    if player.laid < 0:
        raise IllegalActionError("P10-R21", "phase10.lay_before_hit")
    if action.card not in player.hand:
        raise IllegalActionError("P10-R22", "phase10.no_card_in_hand", card=SYMBOL_OF[action.card])
    if not 0 <= action.owner < state.num_players or not (
        0 <= action.index < len(state.table[action.owner])
    ):
        raise IllegalActionError(
            "P10-R22", "phase10.no_group", owner=action.owner, index=action.index
        )
    if not _may_hit_owner(state, seat, action.owner):
        raise IllegalActionError("D-18", "phase10.hit_own_only")
    group = state.table[action.owner][action.index]
    end = None
    if group.kind is Kind.RUN and action.card == WILD_CODE:
        if action.value == group.low - 1:
            end = "low"
        elif action.value == group.high + 1:
            end = "high"
        elif action.value >= 0:
            raise IllegalActionError(
                "P10-R23",
                "phase10.wild_run_value",
                low=group.low,
                high=group.high,
                below=group.low - 1,
                above=group.high + 1,
                value=action.value,
            )
    value = hit_value(group, action.card, end)
    if isinstance(value, Problem):
        raise IllegalActionError.of(value)
    if action.value >= 0 and action.value != value and not _bare_natural(action, group):
        raise IllegalActionError(
            "P10-R23", "phase10.card_stands_for", card=SYMBOL_OF[action.card], value=value
        )
    _check_leaves(state.rules, _remove(player.hand, (action.card,)))
    return value


def _bare_natural(action: Hit, group: Group) -> bool:
    """A natural card written bare (``hit R7 on 1.0``) reads as its own number; on a colour
    group it still stands for its colour, as such texts always did."""
    card = action.card
    return group.kind is Kind.COLOUR and card < NUMBERED and action.value == NUMBER_OF[card]


def _check_discard(state: GameState, action: Discard) -> int:
    """Returns the Skip's effective target, or -1."""
    seat = state.current
    player = state.players[seat]
    rules = state.rules
    if action.card not in player.hand:
        raise IllegalActionError(
            "P10-R13", "phase10.no_card_to_discard", card=SYMBOL_OF[action.card]
        )
    if action.card != SKIP_CODE:
        if action.target is not None:
            raise IllegalActionError("P10-R25", "phase10.skip_only_target")
        return -1
    last = len(player.hand) == 1
    if last and not rules.skip_can_go_out:
        raise IllegalActionError("D-09", "phase10.skip_not_last")
    if rules.skip_target is SkipTarget.NEXT:
        if action.target is not None:
            raise IllegalActionError("P10-R25", "phase10.skip_next_only")
        nxt = _active_after(state, seat, state.players)
        return nxt if not last and _eligible(state, seat, nxt) else -1
    if last:
        # D-09: going out with a Skip ends the hand, so nobody is skipped.
        if action.target is not None and not _eligible(state, seat, action.target):
            _explain_target(state, seat, action.target)
        return -1
    targets = _eligible_targets(state, seat)
    if action.target is None:
        if targets:
            raise IllegalActionError("P10-R25", "phase10.choose_skip_target", players=list(targets))
        return -1
    if action.target not in targets:
        _explain_target(state, seat, action.target)
    return action.target


def _explain_target(state: GameState, seat: int, target: int) -> None:
    if target == seat or not 0 <= target < state.num_players:
        raise IllegalActionError("P10-R25", "phase10.skip_at_other")
    if not state.players[target].dealt_in:
        raise IllegalActionError("D-29", "phase10.sits_out", player=target)
    limit = state.rules.skip_limit
    rule = {
        SkipLimit.PER_CIRCUIT: "P10-R26",
        SkipLimit.PER_HAND: "B.4.3",
        SkipLimit.PENDING_ONLY: "B.4.3",
    }.get(limit, "P10-R26")
    raise IllegalActionError(rule, "phase10.skip_limit", player=target, limit=limit.value)


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
    events.append(Event(E.LAID_DOWN, seat=seat, groups=action.groups, number=index))
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
    placed = action.card == SKIP_CODE and target >= 0 and rules.skip_delivery is SkipDelivery.PLACED
    if not placed:
        discard_pile = (*discard_pile, action.card)
    events.append(Event(E.DISCARDED, seat=seat, cards=(action.card,), target=target))
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
            events.append(Event(E.SKIPPED_PLAYER, seat=seat, target=target))
        else:
            events.append(Event(E.DEAD_SKIP, seat=seat))
    if not player.hand:
        return _end_hand(state.evolve(players=players, discard_pile=discard_pile), seat, events)
    return _start_turn(state, _active_after(state, seat, players), events, players, discard_pile)


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


def _finish(state: GameState, winner: int, reason: str, events: list[Event]) -> GameState:
    totals = tuple(p.score for p in state.players)
    result = Outcome(winner=winner, totals=totals, reason=reason, hands=state.hand_number + 1)
    events.append(Event(E.GAME_OVER, seat=winner, scores=totals))
    return state.evolve(stage=Stage.OVER, outcome=result, events=tuple(events))


def outcome(state: GameState) -> Outcome | None:
    """``None`` while the game goes on; else the winner, the totals and how it ended."""
    return state.outcome
