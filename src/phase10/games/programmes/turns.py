"""The manche cycle of the programmes game (rules C.2-C.7, D.2) on the shared machinery.

Same API shape as Phase 10: ``new_game``, ``legal_actions``, ``check_action``, ``is_legal``,
``apply_action`` and ``outcome``; ``phase10.api`` dispatches the public names on the
type of the rules or state. Illegal actions raise ``IllegalActionError`` with an AMZ-R or E
rule id and change nothing.

>>> from phase10.games.programmes.rules import ProgrammeRules
>>> state = new_game(ProgrammeRules(), players=3, seed=7)
>>> state.stage.value, [len(p.hand) for p in state.players], len(state.draw_pile)
('draw', [13, 13, 13], 68)
>>> [str(a) for a in legal_actions(state)]
['draw', 'take']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Unpack

from phase10.games.programmes.actions import (
    DiscardCard,
    Extend,
    Meld,
    ProgrammeAction,
    Reveal,
    SwapProgram,
)
from phase10.games.programmes.cards import (
    SUIT_OF,
    PlayingCard,
    programme_deck,
)
from phase10.games.programmes.combos import (
    Combination,
    extended,
)
from phase10.games.programmes.legal import _prepare
from phase10.games.programmes.legal import check_action as check_action
from phase10.games.programmes.legal import legal_actions as legal_actions
from phase10.games.programmes.legal import program_of as program_of
from phase10.games.programmes.rules import ProgrammeRules
from phase10.games.programmes.state import (
    ProgrammeEvent,
    ProgrammeEventKind,
    Programmer,
    ProgrammeState,
)
from phase10.kernel.actions import Draw
from phase10.kernel.piles import (
    Setup,
    TurnEvents,
    before_deal,
    check_players,
    check_seed,
    draw,
    first_presets,
    grow,
    remove,
    replace_at,
    shuffled,
    without,
)
from phase10.kernel.state import Outcome, Stage

E = ProgrammeEventKind
Event = ProgrammeEvent
_EVENTS = TurnEvents(Event, E.TOOK_DISCARD, E.RESHUFFLED, E.DREW, E.EXTENDED)
# Enum members of the per-step paths bound once: on Python 3.11 a lookup like ``E.DISCARDED``
# goes through the enum metaclass's ``__getattr__`` hook and costs about 0.3 µs.
_DISCARDED: Final = E.DISCARDED
_TURN_STARTED: Final = E.TURN_STARTED
_STAGE_DRAW: Final = Stage.DRAW
SPADES = 0


def _key(seed: int, what: str) -> str:
    return f"programmes:{seed}:{what}"


# ---------------------------------------------------------------------------- set-up


class ProgrammeSetup(Setup[PlayingCard], total=False):
    """``new_game``'s options: Phase 10's, and the program-deck shuffles."""

    #: Fixes program-deck shuffles in turn (indices into ``rules.programs``, top last).
    programs: Sequence[Sequence[int]]


def new_game(
    rules: ProgrammeRules, players: int, seed: int, **setup: Unpack[ProgrammeSetup]
) -> ProgrammeState:
    """Choose the first dealer, deal the programs and the first manche, wait for a draw.

    ``decks`` fixes playing-card shuffles in turn (the first one picks the dealer, E-02; an
    empty entry means "from the seed"); ``deck`` fixes the first deal (shuffle 2);
    ``programs`` fixes program-deck shuffles (indices into ``rules.programs``, top last).

    >>> new_game(ProgrammeRules(), players=7, seed=1)
    Traceback (most recent call last):
    ...
    phase10.kernel.errors.RulesError: E-01: the programmes game is for 2 to 6 players, not 7
    """
    low, high = rules.min_players, rules.max_players
    check_players(players, low, high, game="the programmes game", rule="E-01")
    check_seed(seed)
    events: list[Event] = []
    state = ProgrammeState(
        rules,
        seed,
        *before_deal(Programmer, players),
        program_deck=(),
        dealer=0,
        current=0,
        stage=Stage.DRAW,
        presets=first_presets(setup, 1),
        program_presets=tuple(tuple(p) for p in setup.get("programs", ())),
    )
    state = _choose_dealer(state, events)
    order = shuffled(
        rules.program_deck,
        presets=state.program_presets,
        index=0,
        key=_key(seed, "programs"),
        rule="AMZ-R06",
    )
    events.append(Event(E.PROGRAMS_SHUFFLED, seat=state.dealer, programs=order))
    state = state.evolve(program_deck=order)
    return _start_manche(state, events)


def _choose_dealer(state: ProgrammeState, events: list[Event]) -> ProgrammeState:
    """AMZ-R05, E-02: deal face up round the table; the first spade (2S too) deals."""
    order = shuffled(
        programme_deck(),
        presets=state.presets,
        index=0,
        key=_key(state.seed, "shuffle"),
        rule="AMZ-R01",
    )
    n = state.num_players
    for position, card in enumerate(order):
        if SUIT_OF[card] == SPADES:
            dealer = position % n
            events.append(Event(E.FIRST_DEALER, seat=dealer, cards=order, number=position + 1))
            return state.evolve(dealer=dealer, current=dealer, shuffles=1)
    raise AssertionError("a permutation of the deck always holds a spade")


def _left(state: ProgrammeState, seat: int) -> int:
    return (seat + 1) % state.num_players


def _seats_from_left(state: ProgrammeState) -> list[int]:
    """Clockwise from the dealer's left, the dealer last (AMZ-R09, E-03)."""
    return [(state.dealer + step) % state.num_players for step in range(1, state.num_players + 1)]


def _give_program(
    state: ProgrammeState, seat: int, events: list[Event]
) -> tuple[ProgrammeState, bool]:
    """Deal ``seat`` a program, replacing sun cards at once (AMZ-R07, E-03, E-22).

    Returns the state and whether the seat has just won with sun cards (AMZ-R30, E-20).
    """
    deck = state.program_deck
    player = state.players[seat]
    while deck:
        card, deck = deck[-1], deck[:-1]
        if state.rules.programs[card].sun:
            player = player.evolve(done=(*player.done, card))
            events.append(Event(E.SUN_CARD, seat=seat, programs=(card,), number=len(player.done)))
            if len(player.done) >= state.rules.programs_to_win:
                state = state.evolve(
                    players=replace_at(state.players, seat, player.evolve(program=-1)),
                    program_deck=deck,
                )
                return state, True
            continue
        player = player.evolve(program=card, revealed=False, failed=0)
        events.append(Event(E.PROGRAM_DEALT, seat=seat, programs=(card,)))
        break
    else:
        # E-22: nothing left (swapped-out cards lie at the bottom already): no program.
        player = player.evolve(program=-1, revealed=False)
        events.append(Event(E.NO_PROGRAM, seat=seat))
    return state.evolve(players=replace_at(state.players, seat, player), program_deck=deck), False


def _start_manche(state: ProgrammeState, events: list[Event]) -> ProgrammeState:
    """AMZ-R06..R09, R29, E-03, E-21, E-31: programs to those who need one, then the deal.

    The last manche's playing cards are gathered first and nobody has revealed in the new
    one: a sun card can end the game before the deal (AMZ-R07, E-03), and the final state
    must not show a seat's combinations beside a new, unrevealed program (AMZ-R22: only a
    seat that revealed has cards on the table). The new deal refills hands, table and piles.
    """
    needs = [
        s
        for s in _seats_from_left(state)
        if state.players[s].revealed or state.players[s].program < 0
    ]
    # A completed program stays face up among the completed ones (AMZ-R18), and a seat holds
    # one program at a time (AMZ-R19): until it is dealt a new one it holds none, so a sun
    # card that ends the game first (AMZ-R07) leaves no completed card counted as held too.
    state = state.evolve(
        players=tuple(
            p.evolve(hand=(), took=(), revealed=False, program=-1 if s in needs else p.program)
            for s, p in enumerate(state.players)
        ),
        table=((),) * state.num_players,
        draw_pile=(),
        discard_pile=(),
    )
    for seat in _seats_from_left(state):
        player = state.players[seat]
        if seat in needs:
            state, won = _give_program(state, seat, events)
            if won:
                return _finish(state, seat, "sun_cards", events)
        elif player.program >= 0:
            state = state.evolve(
                players=replace_at(state.players, seat, player.evolve(failed=player.failed + 1))
            )
    swap_after = state.rules.program_swap_after
    players = tuple(
        p.evolve(may_swap=swap_after is not None and p.program >= 0 and p.failed >= swap_after)
        for p in state.players
    )
    return _deal(state.evolve(players=players), events)


def _deal(state: ProgrammeState, events: list[Event]) -> ProgrammeState:
    """AMZ-R08, E-29: 13 cards each, one at a time from the dealer's left; one turned up."""
    rules = state.rules
    order = shuffled(
        programme_deck(),
        presets=state.presets,
        index=state.shuffles,
        key=_key(state.seed, "shuffle"),
        rule="AMZ-R01",
    )
    seats = _seats_from_left(state)
    hands: list[list[PlayingCard]] = [[] for _ in seats]
    position = 0
    for _ in range(rules.hand_size):
        for seat in seats:
            hands[seat].append(order[position])
            position += 1
    turned_up = order[position]
    players = tuple(
        p.evolve(hand=tuple(sorted(hands[i])), took=()) for i, p in enumerate(state.players)
    )
    first = seats[0]
    events.append(Event(E.HAND_DEALT, seat=state.dealer, cards=order, number=state.hand_number))
    events.append(Event(E.TURNED_UP, seat=first, cards=(turned_up,)))
    events.append(Event(E.TURN_STARTED, seat=first))
    return state.evolve(
        players=players,
        table=((),) * state.num_players,
        draw_pile=tuple(reversed(order[position + 1 :])),
        discard_pile=(turned_up,),
        shuffles=state.shuffles + 1,
        current=first,
        stage=Stage.DRAW,
        events=tuple(events),
    )


# ---------------------------------------------------------------------------- applying


def apply_action(state: ProgrammeState, action: ProgrammeAction) -> ProgrammeState:
    """Check ``action`` and return the state after it; ``events`` say what happened."""
    return _apply(state, action, _prepare(state, action))


def apply_legal(state: ProgrammeState, action: ProgrammeAction) -> ProgrammeState:
    """:func:`apply_action` for an action of ``legal_actions(state)``, unchecked.

    The rule checks would pass (the generator lists only legal actions), so only an
    extension's value, which its check works out, is asked for (a learning
    environment applies the legal action its agent chose at every step). Anything else,
    a bot's or a player's action, goes through :func:`apply_action`.

    >>> from phase10.games.programmes.rules import ProgrammeRules
    >>> state = new_game(ProgrammeRules(), players=2, seed=7)
    >>> draw = legal_actions(state)[0]
    >>> apply_legal(state, draw).digest() == apply_action(state, draw).digest()
    True
    """
    return _apply(state, action, _prepare(state, action) if isinstance(action, Extend) else 0)


def _apply(state: ProgrammeState, action: ProgrammeAction, value: int) -> ProgrammeState:
    """The state after ``action``, checked already; ``value`` is an extension's."""
    events: list[Event] = []
    # The two commonest first, by exact class (every step is one or the other but a few).
    kind = type(action)
    if kind is DiscardCard:
        return _apply_discard(state, action, events)  # type: ignore[arg-type]
    if kind is Draw:
        return _apply_draw(state, action, events)  # type: ignore[arg-type]
    if isinstance(action, SwapProgram):
        return _apply_swap(state, events)
    if isinstance(action, Draw):
        return _apply_draw(state, action, events)
    if isinstance(action, Reveal):
        return _apply_reveal(state, action, events)
    if isinstance(action, Meld):
        return _lay(state, action.combo, action.combo.cards, E.MELDED, events)
    if isinstance(action, Extend):
        return _apply_extend(state, action, value, events)
    return _apply_discard(state, action, events)


def _played(player: Programmer, cards: Sequence[int]) -> Programmer:
    """``player`` after ``cards`` leave the hand (``took`` forgets them as well)."""
    took = player.took
    for c in cards:
        if c in took:
            took = without(took, c)
    # One card (a discard or an extension, most steps) needs no list: the same first copy goes.
    hand = without(player.hand, cards[0]) if len(cards) == 1 else remove(player.hand, cards)
    return player.evolve(hand=hand, took=took)


def _apply_swap(state: ProgrammeState, events: list[Event]) -> ProgrammeState:
    """E-21: the old card goes under the program deck and a new one is dealt."""
    seat = state.current
    player = state.players[seat]
    old = player.program
    events.append(Event(E.PROGRAM_SWAPPED, seat=seat, programs=(old,)))
    player = player.evolve(program=-1, may_swap=False, failed=0)
    state = state.evolve(
        players=replace_at(state.players, seat, player), program_deck=(old, *state.program_deck)
    )
    state, won = _give_program(state, seat, events)
    if won:
        return _finish(state, seat, "sun_cards", events)
    return state.evolve(events=tuple(events))


def _apply_draw(state: ProgrammeState, action: Draw, events: list[Event]) -> ProgrammeState:
    seat = state.current
    ready = state
    if state.players[seat].may_swap:
        # E-21: a swap is possible only before the first draw of a manche. (Most draws have
        # nothing to clear: no copy of the state for them.)
        player = state.players[seat].evolve(may_swap=False)
        ready = state.evolve(players=replace_at(state.players, seat, player))
    # E-17: an empty reserve is refilled from the discard pile minus its top card.
    drawn = draw(ready, action.source, events, _EVENTS, game="programmes", rule="E-17")
    return _end_manche(state, None, events) if drawn is None else drawn


def _apply_reveal(state: ProgrammeState, action: Reveal, events: list[Event]) -> ProgrammeState:
    """AMZ-R14, R18; then E-20 (five programs win at once), E-18 (out), E-19 (all revealed)."""
    seat = state.current
    player = _played(state.players[seat], action.cards)
    player = player.evolve(revealed=True, done=(*player.done, player.program))
    table = replace_at(state.table, seat, (*state.table[seat], *action.combos))
    events.append(
        Event(
            E.REVEALED,
            seat=seat,
            combos=action.combos,
            programs=(player.program,),
            number=len(player.done),
        )
    )
    state = state.evolve(players=replace_at(state.players, seat, player), table=table)
    if len(player.done) >= state.rules.programs_to_win:
        return _finish(state, seat, "five_programs", events)
    if not player.hand:
        return _end_manche(state, seat, events)
    if all(p.revealed for p in state.players):
        events.append(Event(E.ALL_REVEALED, seat=seat))
        return _end_manche(state, None, events)
    return state.evolve(events=tuple(events))


def _lay(
    state: ProgrammeState,
    combo: Combination,
    cards: Sequence[int],
    kind: ProgrammeEventKind,
    events: list[Event],
) -> ProgrammeState:
    seat = state.current
    player = _played(state.players[seat], cards)
    table = replace_at(state.table, seat, (*state.table[seat], combo))
    events.append(Event(kind, seat=seat, cards=combo.cards, combos=(combo,), target=seat))
    state = state.evolve(players=replace_at(state.players, seat, player), table=table)
    if not player.hand:
        return _end_manche(state, seat, events)
    return state.evolve(events=tuple(events))


def _apply_extend(
    state: ProgrammeState, action: Extend, value: int, events: list[Event]
) -> ProgrammeState:
    player = _played(state.players[state.current], (action.card,))
    grown = extended(state.table[action.owner][action.index], action.card, value)
    state = grow(state, action, grown, player, events, _EVENTS)
    if not player.hand:
        return _end_manche(state, state.current, events)
    return state.evolve(events=tuple(events))


def _apply_discard(
    state: ProgrammeState, action: DiscardCard, events: list[Event]
) -> ProgrammeState:
    seat = state.current
    player = _played(state.players[seat], (action.card,))
    # Positional: a NamedTuple built from keywords costs about twice as much (every step).
    events.append(Event(_DISCARDED, seat, (action.card,)))
    players = replace_at(state.players, seat, player)
    discard_pile = (*state.discard_pile, action.card)
    if not player.hand:
        return _end_manche(state.evolve(players=players, discard_pile=discard_pile), seat, events)
    nxt = _left(state, seat)
    events.append(Event(_TURN_STARTED, nxt))
    # One copy of the state for the whole turn's end (every other step is this).
    return state.evolve(
        players=players,
        discard_pile=discard_pile,
        current=nxt,
        stage=_STAGE_DRAW,
        events=tuple(events),
    )


# ---------------------------------------------------------------------------- end of manche


def _end_manche(state: ProgrammeState, out: int | None, events: list[Event]) -> ProgrammeState:
    """AMZ-R28, R29: the deal moves left, programs are renewed, everything is dealt again."""
    if out is not None:
        events.append(Event(E.WENT_OUT, seat=out))
    events.append(
        Event(
            E.HAND_ENDED,
            seat=-1 if out is None else out,
            scores=_totals(state),
            number=state.hand_number,
            moved=tuple(p.program if p.revealed else -1 for p in state.players),
        )
    )
    state = state.evolve(dealer=_left(state, state.dealer), hand_number=state.hand_number + 1)
    return _start_manche(state, events)


def _totals(state: ProgrammeState) -> tuple[int, ...]:
    """AMZ-R32: no points; what counts is the number of completed programs."""
    return tuple(len(p.done) for p in state.players)


def _finish(state: ProgrammeState, winner: int, reason: str, events: list[Event]) -> ProgrammeState:
    totals = _totals(state)
    result = Outcome(winner=winner, totals=totals, reason=reason, hands=state.hand_number + 1)
    events.append(Event(E.GAME_OVER, seat=winner, scores=totals))
    return state.evolve(stage=Stage.OVER, outcome=result, events=tuple(events))
