"""What the seat to act may do in the programmes game: every legal action, and the check of
any action with the rule it breaks (rules C.2-C.7, D.2). ``turns`` applies what passes.

>>> from phase10.games.programmes.rules import ProgrammeRules
>>> from phase10.games.programmes.turns import new_game
>>> [str(a) for a in legal_actions(new_game(ProgrammeRules(), players=3, seed=7))]
['draw', 'take']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import Final

from phase10.games.programmes.actions import (
    DiscardCard,
    Extend,
    Meld,
    ProgrammeAction,
    Reveal,
    SwapProgram,
)
from phase10.games.programmes.cards import (
    CARD_SHOWN,
    CARD_SYMBOL,
    IS_WILD,
    PLAYING_CARDS,
    RANK_OF,
    PlayingCard,
    rank_name,
)
from phase10.games.programmes.combos import Combination, combination_problem, extension_values
from phase10.games.programmes.finder import reveal_problem, reveals
from phase10.games.programmes.frozen import maker
from phase10.games.programmes.programs import ProgramCard
from phase10.games.programmes.state import Programmer, ProgrammeState
from phase10.kernel.actions import Draw, Source
from phase10.kernel.errors import IllegalActionError
from phase10.kernel.kinds import Kind
from phase10.kernel.piles import owns
from phase10.kernel.state import Stage

# Enum members bound once: on Python 3.11 a lookup like ``Kind.RUN`` goes through the
# enum metaclass's ``__getattr__`` hook and costs about 0.3 µs, at every step.
_FROM_DISCARD_PILE: Final = Source.DISCARD_PILE
_KIND_RUN: Final = Kind.RUN
_KIND_SET: Final = Kind.SET
_STAGE_DRAW: Final = Stage.DRAW
_STAGE_OVER: Final = Stage.OVER


_DRAW = (Draw(Source.DRAW_PILE),)
_DRAW_OR_TAKE = (Draw(Source.DRAW_PILE), Draw(Source.DISCARD_PILE))
#: E-14: the smallest new set; the move generator lists new sets at this size only, because
#: more cards of the value can be added straight after (E-15), which reaches every result.
NEW_SET = 3

#: How many card codes there are (0 to 51 the ranks of four suits, 52 the joker).
#: What a card of an action may be: a plain ``int`` code or the game's card class.
CARD_TYPES: Final = frozenset({int, PlayingCard})
CARD_CODES: Final = len(CARD_SYMBOL)
ALL_CODES: Final = frozenset(range(CARD_CODES))

#: One discard per card, made once (actions are immutable): every turn lists a discard for
#: each distinct card in hand, and building a frozen dataclass costs some twenty times a
#: lookup. Only for the canonical card objects (see :func:`legal_actions`).
_DISCARDS: Final = tuple(DiscardCard(card) for card in PLAYING_CARDS)


# ---------------------------------------------------------------------------- legal actions


def program_of(state: ProgrammeState, seat: int) -> ProgramCard | None:
    """The program card ``seat`` holds, or ``None`` (E-22)."""
    index = state.players[seat].program
    return state.rules.programs[index] if index >= 0 else None


def legal_actions(state: ProgrammeState) -> tuple[ProgrammeAction, ...]:
    """Every action the current player may take now, canonical and without duplicates.

    Reveals are listed at the exact counts (E-08) and new sets at 3 cards (E-14); further
    cards are added by extending afterwards in the same turn (AMZ-R20), which reaches every
    legal result.
    """
    if state.stage is _STAGE_OVER:
        return ()
    seat = state.current
    player = state.players[seat]
    if state.stage is _STAGE_DRAW:
        draws = _DRAW if len(player.hand) == 1 or not state.discard_pile else _DRAW_OR_TAKE
        return (SwapProgram(), *draws) if player.may_swap else draws
    hand = player.hand
    actions: list[ProgrammeAction] = []
    if not player.revealed and player.program >= 0:  # E-22: a seat may hold no program
        actions.extend(map(_make_reveal, reveals(hand, state.rules.programs[player.program])))
    distinct = sorted(set(hand))
    if player.revealed:
        actions.extend(Meld(combo) for combo in _new_sets(hand))
        for owner, combos in enumerate(state.table):
            for index, combo in enumerate(combos):
                fits = _fits(combo)
                for card in distinct:
                    values = fits[card]
                    if values is None:
                        values = fits[card] = extension_values(combo, card)
                    for value in values:
                        actions.append(_make_extend(card, owner, index, value))
    # The discard made at import when the card is the canonical object; a hand of plain ints
    # (a preset deal) gets actions holding its own cards, as before. Inline: a call per card
    # would cost as much as the lookup.
    discards = _DISCARDS
    actions += [
        made if (made := discards[card]).card is card else DiscardCard(card) for card in distinct
    ]
    return tuple(actions)


#: Per combination on the table (by identity, the object held), what ``extension_values``
#: answered per card code, filled as cards are asked about. A combination stays on the table
#: unchanged for many turns (extending one makes a new object), and the revealed seat asks
#: about each of its cards for each of them every turn.
_FITS: dict[int, tuple[Combination, list[tuple[int, ...] | None]]] = {}
_FITS_LIMIT = 4096

#: ``Extend(...)`` and ``Reveal(...)``, built field by field (``frozen.maker``): the same
#: objects, made faster.
_make_extend = maker(Extend)
_make_reveal = maker(Reveal)


def _fits(combo: Combination) -> list[tuple[int, ...] | None]:
    entry = _FITS.get(id(combo))
    if entry is not None and entry[0] is combo:
        return entry[1]
    if len(_FITS) >= _FITS_LIMIT:
        _FITS.clear()
    fits: list[tuple[int, ...] | None] = [None] * CARD_CODES
    _FITS[id(combo)] = (combo, fits)
    return fits


def _new_sets(hand: Sequence[PlayingCard]) -> list[Combination]:
    """Every distinct set of 3 the hand can form (AMZ-R20, E-14), wilds in code order."""
    # A set of 3 has one natural at least, so two wilds at most: the first two are all that
    # matter.
    wilds = tuple(sorted(c for c in hand if IS_WILD[c])[: NEW_SET - 1])
    by_rank: dict[int, list[PlayingCard]] = {}
    for c in sorted(hand):
        if not IS_WILD[c]:
            by_rank.setdefault(RANK_OF[c], []).append(c)
    out: list[Combination] = []
    for rank, naturals in by_rank.items():
        if len(naturals) + len(wilds) >= NEW_SET:
            out += _rank_sets(rank, tuple(naturals), wilds)
    return out


@lru_cache(maxsize=4096)
def _rank_sets(
    rank: int, naturals: tuple[PlayingCard, ...], wilds: tuple[PlayingCard, ...]
) -> tuple[Combination, ...]:
    """The sets of 3 of one rank from its ``naturals`` (sorted) and ``wilds`` (the first
    two). Cached: a revealed seat asks at each of its steps, and a rank's few
    cards come back turn after turn where the whole hand does not."""
    out: list[Combination] = []
    seen: set[tuple[int, ...]] = set()
    for k in range(min(NEW_SET, len(naturals)), 0, -1):
        if NEW_SET - k > len(wilds):
            break
        for chosen in _multisets(list(naturals), k):
            cards = (*chosen, *wilds[: NEW_SET - k])
            if cards not in seen:
                seen.add(cards)
                out.append(Combination.make(_KIND_SET, [(c, rank) for c in cards]))
    return tuple(out)


def _multisets(cards: list[PlayingCard], k: int) -> list[tuple[PlayingCard, ...]]:
    return sorted(set(combinations(cards, k)))


# ---------------------------------------------------------------------------- checking


def _refuse_malformed(state: ProgrammeState, action: object) -> None:
    """Why a malformed action is refused: an addition to a seat not at the table
    ("extend 7H on 9.9") is told so, in the turn's order (draw first, reveal first); any
    other field of the wrong type or out of range is no action at all."""
    if isinstance(action, Extend) and type(action.owner) is int:
        probe = Extend(action.card, state.current, action.index, action.value)
        if well_formed(state, probe):
            player = state.players[state.current]
            if state.stage is _STAGE_DRAW:
                raise IllegalActionError("AMZ-R10", "programmes.take_first")
            if not player.revealed:
                raise IllegalActionError("AMZ-R22", "programmes.reveal_first")
            _check_extend(state, player, action)  # names the card, or the missing group
    raise IllegalActionError("E-25", "programmes.not_an_action", action=_short(action))


def check_action(state: ProgrammeState, action: object) -> None:
    """Raise ``IllegalActionError`` (with a rule id) unless ``action`` is legal now."""
    _prepare(state, action)


def _prepare(state: ProgrammeState, action: object) -> int:
    """Check ``action``; return the value an extension takes (else 0)."""
    if state.stage is _STAGE_OVER:
        raise IllegalActionError("AMZ-R30", "kernel.game_over")
    if not well_formed(state, action):
        _refuse_malformed(state, action)
    seat = state.current
    player = state.players[seat]
    if isinstance(action, SwapProgram):
        _check_swap(state, player)
        return 0
    if isinstance(action, Draw):
        _check_draw(state, player, action)
        return 0
    if not isinstance(action, Reveal | Meld | Extend | DiscardCard):
        raise IllegalActionError("E-25", "programmes.not_an_action", action=repr(action))
    if state.stage is _STAGE_DRAW:
        raise IllegalActionError("AMZ-R10", "programmes.take_first")
    if isinstance(action, Reveal):
        _check_reveal(state, seat, action)
        return 0
    if isinstance(action, DiscardCard):
        if action.card not in player.hand:
            # A refusal names a card as the player sees it (8♠): the letters are English.
            raise IllegalActionError(
                "AMZ-R13", "programmes.no_card_to_discard", card=CARD_SHOWN[action.card]
            )
        return 0
    if not player.revealed:
        raise IllegalActionError("AMZ-R22", "programmes.reveal_first")
    if isinstance(action, Meld):
        _check_meld(player, action)
        return 0
    return _check_extend(state, player, action)


def well_formed(state: ProgrammeState, action: object) -> bool:
    """Whether every field of ``action`` has its type and range: cards
    are codes 0 to 52, seats are seats of this game, numbers are ``int`` and never ``bool``,
    combinations are ``Combination`` objects. Cheap: a few type tests per field; whether the
    action is legal is for the rule checks after it.

    >>> from phase10.games.programmes.rules import ProgrammeRules
    >>> from phase10.games.programmes.turns import new_game
    >>> state = new_game(ProgrammeRules(), players=2, seed=2)
    >>> well_formed(state, DiscardCard(999)), well_formed(state, DiscardCard(None))
    (False, False)
    """
    kind = type(action)
    # Inline type tests, no helper per field: this runs before every rule check, legal
    # moves included, and must not slow the bots' searches down.
    if kind is DiscardCard:
        card = action.card  # type: ignore[attr-defined]
        return type(card) in CARD_TYPES and 0 <= card < CARD_CODES
    if kind is Reveal:
        combos = action.combos  # type: ignore[attr-defined]
        if type(combos) is not tuple:
            return False
        return all(_combo_well_formed(combo) for combo in combos)
    if kind is Extend:
        assert isinstance(action, Extend)
        card, owner = action.card, action.owner
        return (
            type(card) in CARD_TYPES
            and 0 <= card < CARD_CODES
            and type(owner) is int
            and 0 <= owner < state.num_players
            and type(action.index) is int
            and type(action.value) is int
        )
    if kind is Meld:
        return _combo_well_formed(action.combo)  # type: ignore[attr-defined]
    if kind is Draw:
        return isinstance(action.source, Source)  # type: ignore[attr-defined]
    return True


def _combo_well_formed(combo: object) -> bool:
    if type(combo) is not Combination:
        return False
    assert isinstance(combo, Combination)
    cards, values = combo.cards, combo.values
    return (
        type(cards) is tuple
        and type(values) is tuple
        and len(cards) == len(values)
        and isinstance(combo.kind, Kind)
        and type(combo.suit) is int
        # One pass over the types of cards and values together, then the codes: C loops.
        and CARD_TYPES.issuperset(map(type, cards + values))
        and ALL_CODES.issuperset(cards)
    )


def _short(action: object) -> str:
    """An action's ``repr`` cut short for a message (a malformed one may be huge)."""
    text = repr(action)
    return text if len(text) <= 80 else text[:80] + "…"


def _check_swap(state: ProgrammeState, player: Programmer) -> None:
    if state.rules.program_swap_after is None:
        raise IllegalActionError("AMZ-R31", "programmes.swap_off")
    if state.stage is not _STAGE_DRAW or not player.may_swap:
        raise IllegalActionError(
            "E-21", "programmes.swap_when", rounds=state.rules.program_swap_after
        )


def _check_draw(state: ProgrammeState, player: Programmer, action: Draw) -> None:
    if state.stage is not _STAGE_DRAW:
        raise IllegalActionError("E-25", "programmes.already_took")
    if action.source is _FROM_DISCARD_PILE:
        if len(player.hand) == 1:
            raise IllegalActionError("E-16", "programmes.reserve_only")
        if not state.discard_pile:
            raise IllegalActionError("AMZ-R10", "kernel.discard_pile_empty")


def _check_reveal(state: ProgrammeState, seat: int, action: Reveal) -> None:
    player = state.players[seat]
    if player.revealed:
        raise IllegalActionError("E-09", "programmes.already_revealed")
    program = program_of(state, seat)
    if program is None:
        raise IllegalActionError("E-22", "programmes.no_program")
    if not owns(player.hand, action.cards):
        raise IllegalActionError("AMZ-R14", "programmes.hold_program")
    problem = reveal_problem(action.combos, program)
    if problem is not None:
        raise IllegalActionError.of(problem)


def _check_meld(player: Programmer, action: Meld) -> None:
    combo = action.combo
    if combo.kind is _KIND_RUN:
        raise IllegalActionError("AMZ-R21", "programmes.no_new_run")
    if len(combo.cards) < NEW_SET:
        raise IllegalActionError("E-14", "programmes.new_set_size")
    problem = combination_problem(combo)
    if problem is not None:
        raise IllegalActionError.of(problem)
    if not owns(player.hand, combo.cards):
        raise IllegalActionError("AMZ-R20", "programmes.hold_new_set")


def _check_extend(state: ProgrammeState, player: Programmer, action: Extend) -> int:
    if action.card not in player.hand:
        raise IllegalActionError(
            "AMZ-R20", "programmes.no_card_in_hand", card=CARD_SHOWN[action.card]
        )
    if not 0 <= action.owner < state.num_players or not (
        0 <= action.index < len(state.table[action.owner])
    ):
        raise IllegalActionError(
            "AMZ-R20", "programmes.no_combination", owner=action.owner, index=action.index
        )
    combo = state.table[action.owner][action.index]
    options = extension_values(combo, action.card)
    if not options:
        raise IllegalActionError(
            "E-15",
            "programmes.does_not_extend",
            card=CARD_SHOWN[action.card],
            combo=combo.phrase(),
        )
    value = action.value
    if value == 1 and 1 not in options and 14 in options:
        value = 14  # "A" written for the high ace
    if value < 0:
        if len(options) > 1:
            raise IllegalActionError("E-15", "programmes.which_end")
        return options[0]
    if value not in options:
        raise IllegalActionError(
            "E-15",
            "programmes.cannot_stand",
            card=CARD_SHOWN[action.card],
            value=rank_name(value),
            combo=combo.phrase(),
            options=", ".join(rank_name(option) for option in options),
        )
    return value
