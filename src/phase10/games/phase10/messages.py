"""Every reason Phase 10 gives, in one table: ``key -> N_("English template")``.

The engine raises ``IllegalActionError(rule, key, **params)`` and ``NotationError(key, ...)``
and its validators return ``Problem(rule, key, params)`` with keys of :data:`MESSAGES`; the
sentence is rendered only when read (``phase10.kernel.messages.render``, ``phase10.explain``).
Parameters are card symbols, numbers, seats and notation text; ``needs`` and ``laid`` (what a
phase asks for, what was laid) are lists of ``[kind, size]`` pairs, rendered in the reader's
language as ``set of 3 + run of 4``.

>>> from phase10.kernel.messages import render
>>> render("phase10.no_card_in_hand", {"card": "R7"})
'you have no R7 in your hand'
>>> needs = [["set", 3], ["run", 4]]
>>> render("phase10.phase_shape", {"phase": 2, "needs": needs, "laid": [["set", 7]]}, "nl")
'fase 2 vraagt set van 3 + reeks van 4, niet set van 7'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from phase10.games.phase10.phrases import PHRASES
from phase10.kernel.i18n import N_, Translator
from phase10.kernel.messages import MessageTable, register


def _needs(value: Sequence[Sequence[Any]], tr: Translator) -> str:
    """``[["set", 3], ["run", 4]]`` as ``set of 3 + run of 4`` in ``tr``'s language."""
    plus = PHRASES["need.plus"]
    return tr.gettext(plus).join(
        tr.gettext(PHRASES[f"need.{kind}"]).format(size=size) for kind, size in value
    )


#: Every message of the Phase 10 engine, keyed ``phase10.<name>``.
MESSAGES: Final[dict[str, str]] = {
    # turns: checking an action
    "phase10.not_an_action": N_("{action} is not an action of this game"),
    "phase10.draw_first": N_("draw a card first; a turn starts with a draw"),
    "phase10.already_drew": N_("you have already drawn this turn; one card per turn"),
    "phase10.skip_not_taken": N_(
        "a Skip on the discard pile can never be taken; draw from the draw pile"
    ),
    "phase10.wild_not_taken": N_(
        "under these rules a wild on the discard pile cannot be taken; draw from the draw pile"
    ),
    "phase10.already_laid": N_("you have already laid down a phase this hand"),
    "phase10.no_phase_left": N_("you have no phase left to lay down"),
    "phase10.name_the_phase": N_("name the phase you are laying down (pick-a-phase)"),
    "phase10.phase_not_open": N_("phase {phase} is not one you may still lay down"),
    "phase10.wrong_phase": N_("you are on phase {phase}, not phase {asked}"),
    "phase10.hold_the_phase": N_("you must hold every card of the phase in your hand"),
    "phase10.keep_a_card": N_(
        "keep at least one card: under these rules you go out only by discarding"
    ),
    "phase10.skip_left_last": N_(
        "this would leave only a Skip, which may not be the card you go out with"
    ),
    "phase10.lay_before_hit": N_("lay down your own phase before you hit"),
    "phase10.no_card_in_hand": N_("you have no {card} in your hand"),
    "phase10.no_group": N_("there is no group {owner}.{index}"),
    "phase10.hit_own_only": N_(
        "in the turn you lay down you may hit only your own groups under these rules"
    ),
    "phase10.wild_run_value": N_(
        "a wild on the run {low}-{high} stands for {below} or {above}, not {value}"
    ),
    "phase10.wild_run_value_one": N_(
        "a wild on the run {low}-{high} can stand only for {only}, not {value}"
    ),
    "phase10.card_stands_for": N_("{card} stands for {value} on that group"),
    "phase10.no_card_to_discard": N_("you have no {card} to discard"),
    "phase10.skip_only_target": N_("only a Skip is played at another player"),
    "phase10.skip_not_last": N_("under these rules a Skip may not be your last card"),
    "phase10.skip_next_only": N_("under these rules a Skip always goes to the next player"),
    "phase10.choose_skip_target": N_("choose the player who loses a turn: {players}"),
    "phase10.skip_at_other": N_("a Skip must be played at another player"),
    # A player's words ({player} is a seat index and {limit} a flag's value: the
    # rule id shown with the message says which limit applies).
    "phase10.sits_out": N_("that player sits out this tie-break hand"),
    "phase10.skip_limit": N_("that player cannot be skipped again yet"),
    "phase10.skip_limit_per_hand": N_(
        "that player has already been skipped in this hand, and one Skip each per hand is "
        "the limit under these rules"
    ),
    "phase10.skip_limit_pending": N_("a Skip is still waiting in front of that player"),
    # groups: a group
    "phase10.group_empty": N_("a group needs at least one card"),
    "phase10.skip_in_group": N_("a Skip is never part of a group"),
    "phase10.natural_itself": N_("the natural card {card} can only stand for itself"),
    "phase10.run_range": N_("a run uses numbers 1 to 12 only (D-01)"),
    # The number named is the first one missing or doubled, so that a wild given a wrong
    # value (``W=9`` where the run lacks its 6) is told what to stand for.
    "phase10.run_gap": N_(
        "a run needs consecutive numbers, each used once (D-26), and this one has no {number}"
    ),
    "phase10.run_twice": N_(
        "a run needs consecutive numbers, each used once (D-26), and this one has {number} twice"
    ),
    "phase10.set_same_number": N_("every card of a set has the same number"),
    "phase10.set_number_range": N_("a set's number runs from 1 to 12"),
    "phase10.colour_same": N_("every card of a colour group has the same colour"),
    "phase10.colour_range": N_("a colour group's colour is R, B, Y or G"),
    "phase10.group_natural": N_("every group needs at least one natural card"),
    # groups: a hit
    "phase10.skip_never_fits": N_("a Skip never fits a group"),
    "phase10.set_takes": N_("a set of {number}s takes only a {number} or a wild"),
    "phase10.red_takes": N_("a red colour group takes only a red card or a wild"),
    "phase10.blue_takes": N_("a blue colour group takes only a blue card or a wild"),
    "phase10.yellow_takes": N_("a yellow colour group takes only a yellow card or a wild"),
    "phase10.green_takes": N_("a green colour group takes only a green card or a wild"),
    "phase10.run_full": N_("a run of 1-12 is full and takes no more cards (D-01)"),
    "phase10.which_end": N_("say which end of the run the wild goes to ({below} or {above})"),
    "phase10.no_room_low": N_("the run has no room at its low end (D-01)"),
    "phase10.no_room_high": N_("the run has no room at its high end (D-01)"),
    "phase10.run_takes_two": N_(
        "a run takes only the number just below or above it ({below} or {above}), not {number}"
    ),
    "phase10.run_takes_one": N_(
        "a run takes only the number just below or above it ({wanted}), not {number}"
    ),
    # finder: a lay-down
    "phase10.one_group": N_("phase {phase} needs exactly 1 group ({needs}), not {groups}"),
    "phase10.groups": N_("phase {phase} needs exactly {count} groups ({needs}), not {groups}"),
    "phase10.phase_natural": N_("a phase needs at least one natural card (D-04)"),
    "phase10.phase_shape": N_("phase {phase} needs {needs}, not {laid}"),
    # notation: cards, groups and actions
    "phase10.expected_card": N_("R/B/Y/G with 1-12, W or S"),
    "phase10.unknown_colour": N_("unknown colour {letter!r}: expected R, B, Y or G"),
    "phase10.number_range": N_("card numbers run from 1 to 12, not {number}"),
    "phase10.group_kind": N_("a group starts with set, run or colour: {text!r}"),
    "phase10.group_no_cards": N_("the group {text!r} has no cards"),
    "phase10.token_only_wild": N_(
        "{token!r} (card {position} of the group): only a wild (W) may say what it stands for"
    ),
    "phase10.token_wild_colour": N_(
        "{token!r} (card {position} of the group): a wild in a colour group stands for R, B, Y or G"
    ),
    "phase10.token_wild_number": N_(
        "{token!r} (card {position} of the group): a wild stands for a number from 1 to 12"
    ),
    "phase10.wild_values": N_("say what each wild stands for in {text!r} (e.g. W=5)"),
    "phase10.empty_group": N_("an empty group in {text!r}"),
    "phase10.phase_number": N_("'phase' must be followed by a number in {text!r}"),
    "phase10.skip_target_notation": N_("write a Skip's target as 'discard S to SEAT': {text!r}"),
    "phase10.not_an_action_text": N_(
        "{text!r} is not an action: expected draw, take, lay ..., hit CARD on SEAT.INDEX, "
        "or discard CARD [to SEAT]"
    ),
    "phase10.target_group": N_("write the target group as SEAT.INDEX (e.g. 1.0) in {text!r}"),
    "phase10.wild_number_or_colour": N_("a wild stands for a number or a colour letter: {token!r}"),
    "phase10.natural_stands_for_itself": N_(
        "a natural card stands only for its own number or colour: {token!r}"
    ),
}

#: A colour group's hit message, by colour index (R, B, Y, G).
COLOUR_TAKES: Final = (
    "phase10.red_takes",
    "phase10.blue_takes",
    "phase10.yellow_takes",
    "phase10.green_takes",
)

TABLE: Final = register(MessageTable("phase10", MESSAGES, {"needs": _needs, "laid": _needs}))
