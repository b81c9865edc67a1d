"""What the seat to act may do in Phase 10: its phase, every legal action, and the check of
any action with the rule it breaks (rules Part A, B.4, D.1). ``turns`` applies what passes.

One source of truth: ``legal_actions`` lists exactly what ``check_action`` accepts (the
property tests hold them to it), and the check returns what applying needs, so nothing is
computed twice.

>>> from phase10.games.phase10.rules import RuleSet
>>> from phase10.games.phase10.turns import new_game
>>> [str(a) for a in legal_actions(new_game(RuleSet(), players=2, seed=3))]
['draw', 'take']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from phase10.games.phase10.actions import Action, Discard, Draw, Hit, LayDown, Source
from phase10.games.phase10.cards import (
    CARDS,
    MAX_NUMBER,
    NUMBER_OF,
    NUMBERED,
    SKIP,
    SKIP_CODE,
    SYMBOL_OF,
    WILD_CODE,
    Card,
)
from phase10.games.phase10.finder import find_phase, laydown_problem
from phase10.games.phase10.groups import Group, hit_value, hit_values
from phase10.games.phase10.laydowns import laydowns
from phase10.games.phase10.rules import (
    MAX_PLAYERS,
    TIEBREAK_LAYDOWN_GOAL,
    Kind,
    Phase,
    Progression,
    RuleSet,
    SkipLimit,
    SkipTarget,
    Tiebreak,
)
from phase10.games.phase10.state import GameState, PlayerState, Stage
from phase10.kernel.errors import IllegalActionError, Problem
from phase10.kernel.piles import owns as _owns
from phase10.kernel.piles import remove as _remove

# Enum members used on every call, bound once: under Python 3.11 ``Stage.DRAW`` goes through
# ``EnumType.__getattr__`` and costs about ten times a module global (0.2 µs a lookup), and
# legal_actions, current_phase and the checks run at every step of a game or a search.
_OVER: Final = Stage.OVER
_DRAWING: Final = Stage.DRAW
_PICK_ANY: Final = Progression.PICK_ANY
_EVERY_HAND: Final = Progression.EVERY_HAND
_ON_COMPLETION: Final = Progression.ON_COMPLETION
_FIRST_LAYDOWN: Final = Tiebreak.REPLAY_FIRST_LAYDOWN
_SKIP_NEXT: Final = SkipTarget.NEXT
_PER_CIRCUIT: Final = SkipLimit.PER_CIRCUIT
_PER_HAND: Final = SkipLimit.PER_HAND
_PENDING_ONLY: Final = SkipLimit.PENDING_ONLY
_FROM_DISCARD: Final = Source.DISCARD_PILE
_RUN: Final = Kind.RUN
_COLOUR: Final = Kind.COLOUR

# Fixed actions are built once: legal_actions runs in every playout step, and constructing a
# frozen dataclass costs about half a microsecond.
_DRAW = (Draw(Source.DRAW_PILE),)
_DRAW_OR_TAKE = (Draw(Source.DRAW_PILE), Draw(Source.DISCARD_PILE))
_DISCARD = tuple(Discard(c) for c in CARDS)
_SKIP_AT = tuple(Discard(SKIP, t) for t in range(MAX_PLAYERS))

#: How many card codes there are (0 to 47 numbered, 48 wild, 49 Skip).
#: What a card of an action may be: a plain ``int`` code or the game's card class.
CARD_TYPES: Final = frozenset({int, Card})
CARD_CODES: Final = len(SYMBOL_OF)
ALL_CODES: Final = frozenset(range(CARD_CODES))


def active_after(seat: int, players: Sequence[PlayerState]) -> int:
    """The next seat after ``seat``, clockwise, that is dealt in (D-29: tie-breaks)."""
    n = len(players)
    for step in range(1, n + 1):
        candidate = (seat + step) % n
        if players[candidate].dealt_in:
            return candidate
    return seat


# ---------------------------------------------------------------------------- phases


def current_phase(state: GameState, seat: int) -> Phase | None:
    """The phase ``seat`` is working on this hand; ``None`` under ``pick_any`` (any open one).

    >>> from phase10.games.phase10.rules import RuleSet
    >>> from phase10.games.phase10.turns import new_game
    >>> str(current_phase(new_game(RuleSet(), players=2, seed=1), 0))
    'Phase 1: set of 3 + set of 3'
    """
    rules = state.rules
    if state.tiebreak:
        if rules.tiebreak is _FIRST_LAYDOWN:
            return TIEBREAK_LAYDOWN_GOAL
        return rules.final_phase
    if rules.progression is _PICK_ANY:
        return None
    if rules.progression is _EVERY_HAND:
        return rules.phases[min(state.hand_number, len(rules.phases) - 1)]
    index = state.players[seat].phase_index
    return rules.phases[index] if index < len(rules.phases) else None


def current_phases(state: GameState) -> list[Phase | None]:
    """``current_phase`` of every seat, in seat order. Under ``on_completion`` (the usual
    progression) and outside a tie-break it is each seat's own phase index, read without
    the other progressions' checks for every seat (views and observations need it every step).

    >>> from phase10.games.phase10.rules import RuleSet
    >>> from phase10.games.phase10.turns import new_game
    >>> [p.number for p in current_phases(new_game(RuleSet(), players=3, seed=1))]
    [1, 1, 1]
    """
    rules = state.rules
    if state.tiebreak or rules.progression is not _ON_COMPLETION:
        return [current_phase(state, s) for s in range(len(state.players))]
    phases = rules.phases
    count = len(phases)
    return [phases[p.phase_index] if p.phase_index < count else None for p in state.players]


def open_phases(state: GameState, seat: int) -> tuple[tuple[int, Phase], ...]:
    """(index, phase) pairs ``seat`` may lay down this hand, if they have not laid down yet."""
    player = state.players[seat]
    if player.laid >= 0:
        return ()
    rules = state.rules
    if rules.progression is _PICK_ANY and not state.tiebreak:
        return tuple((i, p) for i, p in enumerate(rules.phases) if not player.completed >> i & 1)
    phase = current_phase(state, seat)
    if phase is None:
        return ()
    if state.tiebreak:
        return ((len(rules.phases) - 1, phase),)
    if rules.progression is _EVERY_HAND:
        return ((min(state.hand_number, len(rules.phases) - 1), phase),)
    return ((player.phase_index, phase),)


# ---------------------------------------------------------------------------- legal actions


def takeable(top: int, rules: RuleSet) -> bool:
    """Whether the discard pile's top card ``top`` may be taken: never a Skip (D-07), and
    a wild only where the rules allow it (D-06; ``wild_from_discard``, decision 0032).

    >>> from phase10.games.phase10.rules import RuleSet
    >>> takeable(WILD_CODE, RuleSet()), takeable(WILD_CODE, RuleSet(wild_from_discard=False))
    (True, False)
    >>> takeable(SKIP_CODE, RuleSet()), takeable(0, RuleSet(wild_from_discard=False))
    (False, True)
    """
    if top == SKIP_CODE:
        return False
    return top != WILD_CODE or rules.wild_from_discard


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every action the current player may take now, canonical and without duplicates.

    Lay-downs are listed at the phase's exact sizes; extra cards are hit afterwards in the
    same turn (D-14), which reaches every legal result.

    >>> from phase10.games.phase10.rules import RuleSet
    >>> from phase10.games.phase10.turns import new_game
    >>> [str(a) for a in legal_actions(new_game(RuleSet(), players=2, seed=3))]
    ['draw', 'take']
    """
    if state.stage is _OVER:
        return ()
    if state.stage is _DRAWING:
        pile = state.discard_pile
        if not pile or not takeable(pile[-1], state.rules):
            return _DRAW
        return _DRAW_OR_TAKE
    seat = state.current
    player = state.players[seat]
    hand = player.hand
    rules = state.rules
    actions: list[Action] = []
    distinct = sorted(set(hand))  # hands are sorted, but set() is the cheapest dedupe
    if player.laid < 0:
        named = rules.progression is _PICK_ANY and not state.tiebreak
        for index, phase in open_phases(state, seat):
            if find_phase(hand, phase, rules) is None:
                continue
            number = rules.phases[index].number if named else None
            for groups in laydowns(hand, phase, rules):
                action = LayDown(groups, number)
                # Only a lay-down leaving at most one card can break D-20 or D-09.
                if len(hand) - sum(len(g.cards) for g in groups) > 1 or _leaves_ok(
                    rules, _remove(hand, action.cards)
                ):
                    actions.append(action)
    else:
        # Only a hand of one or two cards can be emptied or left as a lone Skip by a hit.
        hittable = [
            c
            for c in distinct
            if c != SKIP_CODE and (len(hand) > 2 or _leaves_ok(rules, _remove(hand, (c,))))
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
    if rules.skip_target is _SKIP_NEXT or len(hand) == 1:
        actions.append(_DISCARD[SKIP_CODE])
        return tuple(actions)
    targets = _eligible_targets(state, seat)
    if targets:
        actions.extend([_SKIP_AT[t] for t in targets])
    else:
        actions.append(_DISCARD[SKIP_CODE])
    return tuple(actions)


def _leaves_ok(rules: RuleSet, rest: tuple[Card, ...]) -> bool:
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
    if limit is _PER_CIRCUIT:
        return not (player.skip_pending or player.skip_lost)
    if limit is _PER_HAND:
        return not player.skip_targeted
    if limit is _PENDING_ONLY:
        return not player.skip_pending
    return True


def _eligible_targets(state: GameState, seat: int) -> tuple[int, ...]:
    return tuple(t for t in range(state.num_players) if _eligible(state, seat, t))


# ---------------------------------------------------------------------------- checking


def check_action(state: GameState, action: Action) -> None:
    """Raise ``IllegalActionError`` (with a rule id) unless ``action`` is legal now.

    >>> from phase10.games.phase10.rules import RuleSet
    >>> from phase10.games.phase10.actions import parse_action
    >>> from phase10.games.phase10.turns import new_game
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
    if state.stage is _OVER:
        raise IllegalActionError("P10-R36", "kernel.game_over")
    if not well_formed(state, action):
        _refuse_malformed(state, action)
    if isinstance(action, Draw):
        _check_draw(state, action)
        return None
    if not isinstance(action, LayDown | Hit | Discard):
        # Before the turn's order: "draw a card first" would send a bot writer who passed
        # the string "draw" (or None) looking for a bug in their turn logic.
        raise IllegalActionError("P10-R13", "phase10.not_an_action", action=_short(action))
    if state.stage is _DRAWING:
        raise IllegalActionError("D-19", "phase10.draw_first")
    if isinstance(action, LayDown):
        return _check_laydown(state, action)
    if isinstance(action, Hit):
        return _check_hit(state, action)
    return _check_discard(state, action)


def well_formed(state: GameState, action: object) -> bool:
    """Whether every field of ``action`` has its type and range:
    cards are codes 0 to 49, seats are seats of this game, numbers are ``int`` and never
    ``bool``, groups are ``Group`` objects. Cheap: a few type tests per field. Whether the
    action is *legal* is for the rule checks after it; an object of another type is left to
    them too (they answer "not an action").

    >>> from phase10.games.phase10.rules import RuleSet
    >>> from phase10.games.phase10.turns import new_game
    >>> state = new_game(RuleSet(), players=2, seed=3)
    >>> well_formed(state, Discard(999)), well_formed(state, Discard(None)), well_formed(
    ...     state, Discard(49, 1))
    (False, False, True)
    """
    kind = type(action)
    # Inline type tests, no helper per field: this runs before every rule check, legal
    # moves included, and must not slow the bots' searches down.
    if kind is Discard:
        assert isinstance(action, Discard)
        card, target = action.card, action.target
        return (
            type(card) in CARD_TYPES
            and 0 <= card < CARD_CODES
            and (target is None or (type(target) is int and 0 <= target < state.num_players))
        )
    if kind is Hit:
        assert isinstance(action, Hit)
        card, owner = action.card, action.owner
        return (
            type(card) in CARD_TYPES
            and 0 <= card < CARD_CODES
            and type(owner) is int
            and 0 <= owner < state.num_players
            and type(action.index) is int
            and type(action.value) is int
        )
    if kind is LayDown:
        assert isinstance(action, LayDown)
        phase, groups = action.phase, action.groups
        if not (phase is None or type(phase) is int) or type(groups) is not tuple:
            return False
        return all(_group_well_formed(group) for group in groups)
    if kind is Draw:
        assert isinstance(action, Draw)
        return isinstance(action.source, Source)
    return True


def _group_well_formed(group: object) -> bool:
    if type(group) is not Group:
        return False
    assert isinstance(group, Group)
    cards, values = group.cards, group.values
    return (
        type(cards) is tuple
        and type(values) is tuple
        and len(cards) == len(values)
        and isinstance(group.kind, Kind)
        # One pass over the types of cards and values together, then the codes: C loops.
        and CARD_TYPES.issuperset(map(type, cards + values))
        and ALL_CODES.issuperset(cards)
    )


def _refuse_malformed(state: GameState, action: object) -> None:
    """Why a malformed action is refused: a player typed a seat that is not at the table
    ("hit R5 on 9.9", "discard S to 7") is told so, as a move out of turn order is; any
    other field of the wrong type or out of range is no action at all."""
    kind = type(action)
    if kind in (Hit, Discard, LayDown) and state.stage is _DRAWING:
        raise IllegalActionError("D-19", "phase10.draw_first")
    player = state.players[state.current]
    # The checks a well-formed move meets first come first here too (_check_hit and
    # _check_discard): the same move with a seat at the table would be refused so.
    if (
        isinstance(action, Hit)
        and type(action.owner) is int
        and well_formed(state, replace(action, owner=state.current))
    ):
        if player.laid < 0:
            raise IllegalActionError("P10-R21", "phase10.lay_before_hit")
        if action.card not in player.hand:
            symbol = SYMBOL_OF[action.card]
            raise IllegalActionError("P10-R22", "phase10.no_card_in_hand", card=symbol)
        raise IllegalActionError(
            "P10-R22", "phase10.no_group", owner=action.owner, index=action.index
        )
    if (
        isinstance(action, Discard)
        and type(action.target) is int
        and well_formed(state, replace(action, target=None))
    ):
        if action.card not in player.hand:
            symbol = SYMBOL_OF[action.card]
            raise IllegalActionError("P10-R13", "phase10.no_card_to_discard", card=symbol)
        if action.card != SKIP_CODE:
            raise IllegalActionError("P10-R25", "phase10.skip_only_target")
        raise IllegalActionError("P10-R25", "phase10.skip_at_other")
    raise IllegalActionError("P10-R13", "phase10.not_an_action", action=_short(action))


def _short(action: object) -> str:
    """An action's ``repr`` cut short for a message (a malformed one may be huge)."""
    text = repr(action)
    return text if len(text) <= 80 else text[:80] + "…"


def _check_draw(state: GameState, action: Draw) -> None:
    if state.stage is not _DRAWING:
        raise IllegalActionError("D-19", "phase10.already_drew")
    if action.source is _FROM_DISCARD:
        if not state.discard_pile:
            raise IllegalActionError("P10-R13", "kernel.discard_pile_empty")
        if state.discard_pile[-1] == SKIP_CODE:
            raise IllegalActionError("D-07", "phase10.skip_not_taken")
        if not takeable(state.discard_pile[-1], state.rules):
            raise IllegalActionError("D-06", "phase10.wild_not_taken")


def _check_laydown(state: GameState, action: LayDown) -> tuple[int, Phase]:
    seat = state.current
    player = state.players[seat]
    rules = state.rules
    if player.laid >= 0:
        raise IllegalActionError("P10-R16", "phase10.already_laid")
    options = open_phases(state, seat)
    if not options:
        raise IllegalActionError("P10-R17", "phase10.no_phase_left")
    if rules.progression is _PICK_ANY and not state.tiebreak:
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
    if group.kind is _RUN and action.card == WILD_CODE:
        if action.value == group.low - 1:
            end = "low"
        elif action.value == group.high + 1:
            end = "high"
        elif action.value >= 0:
            # Only the ends a run can still grow to are offered: no number above 12 or
            # below 1 (D-01), so a run 9-12 takes a wild only as 8.
            ends = [v for v in (group.low - 1, group.high + 1) if 1 <= v <= MAX_NUMBER]
            if len(ends) == 1:
                raise IllegalActionError(
                    "P10-R23",
                    "phase10.wild_run_value_one",
                    low=group.low,
                    high=group.high,
                    only=ends[0],
                    value=action.value,
                )
            if ends:
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
    return group.kind is _COLOUR and card < NUMBERED and action.value == NUMBER_OF[card]


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
    if rules.skip_target is _SKIP_NEXT:
        if action.target is not None:
            raise IllegalActionError("P10-R25", "phase10.skip_next_only")
        nxt = active_after(seat, state.players)
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
    # The limit's own words: "not yet" is right only where a turn played lifts it.
    if limit is SkipLimit.PER_HAND:
        raise IllegalActionError(
            "B.4.3", "phase10.skip_limit_per_hand", player=target, limit=limit.value
        )
    if limit is SkipLimit.PENDING_ONLY:
        raise IllegalActionError(
            "B.4.3", "phase10.skip_limit_pending", player=target, limit=limit.value
        )
    raise IllegalActionError("P10-R26", "phase10.skip_limit", player=target, limit=limit.value)
