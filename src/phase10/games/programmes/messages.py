"""Every reason the programmes game gives, in one table: ``key -> N_("English template")``.

The engine raises ``IllegalActionError(rule, key, **params)`` and ``NotationError(key, ...)``
and its validators return ``Problem(rule, key, params)`` with keys of :data:`MESSAGES`; the
sentence is rendered only when read. Parameters are card symbols, numbers and notation
text, and two structured ones rendered in the reader's language: ``combo`` (a combination
on the table: ``{"kind": "run", "low": "8", "high": "J", "suit": 0}`` or ``{"kind": "set",
"value": "7"}``) and ``needs`` (a program card as its C.8 dictionary, ``ProgramCard.to_dict``).

>>> from phase10.kernel.messages import render
>>> combo = {"kind": "run", "low": "8", "high": "J", "suit": 0}
>>> render("programmes.does_not_extend", {"card": "7D", "combo": combo})
'7D does not extend the run 8-J of spades'
>>> render("programmes.does_not_extend", {"card": "7D", "combo": combo}, "fr")
'7D ne prolonge pas la suite 8-J de pique'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from phase10.kernel.i18n import N_, Translator
from phase10.kernel.messages import MessageTable, register

#: A combination for people, by kind (a run by its suit: spades, hearts, diamonds, clubs).
COMBO_PHRASES: Final = (
    "programmes.run_of_spades",
    "programmes.run_of_hearts",
    "programmes.run_of_diamonds",
    "programmes.run_of_clubs",
)


def _combo(value: Mapping[str, Any], tr: Translator) -> str:
    """A ``combo`` parameter as ``run 8-J of spades`` or ``set of 7s``."""
    if value.get("kind") == "run":
        text = MESSAGES[COMBO_PHRASES[int(value["suit"])]]
        return tr.gettext(text).format(low=value["low"], high=value["high"])
    text = MESSAGES["programmes.set_of"]
    return tr.gettext(text).format(value=value["value"])


def _program(value: Mapping[str, Any], tr: Translator) -> str:
    """A ``needs`` parameter (a program card's dictionary) as its description."""
    from phase10.games.programmes.narration import program_text  # narration imports the engine
    from phase10.games.programmes.programs import program_from_dict

    return program_text(program_from_dict(value), tr, with_id=False)


#: Every message of the programmes engine, keyed ``programmes.<name>``.
MESSAGES: Final[dict[str, str]] = {
    # turns: checking an action
    "programmes.not_an_action": N_("{action} is not an action of the programmes game"),
    "programmes.take_first": N_("a turn starts by taking one card"),
    "programmes.no_card_to_discard": N_("you have no {card} to discard"),
    "programmes.reveal_first": N_("reveal your program before you put any other card on the table"),
    "programmes.swap_off": N_("swapping a program is off under these rules"),
    "programmes.swap_when": N_(
        "a program may be swapped only at the start of a round, before your first draw, "
        "after failing it {rounds}"
    ),
    "programmes.already_took": N_("you have already taken a card this turn"),
    "programmes.reserve_only": N_("with exactly one card in hand you must draw from the reserve"),
    "programmes.already_revealed": N_("you have already revealed your program this round"),
    "programmes.no_program": N_("you hold no program card this round"),
    "programmes.hold_program": N_("you must hold every card of the program"),
    "programmes.no_new_run": N_("a new run may never be formed after revealing"),
    "programmes.new_set_size": N_("a new set needs at least 3 cards of one value"),
    "programmes.hold_new_set": N_("you must hold every card of the new set"),
    "programmes.no_card_in_hand": N_("you have no {card} in hand"),
    "programmes.no_combination": N_("there is no combination {owner}.{index}"),
    "programmes.does_not_extend": N_("{card} does not extend the {combo}"),
    "programmes.which_end": N_("say which end of the run the wild goes to"),
    "programmes.cannot_stand": N_(
        "{card} cannot stand for {value} on the {combo}: there it may stand for {options}"
    ),
    "programmes.run_of_spades": N_("run {low}-{high} of spades"),
    "programmes.run_of_hearts": N_("run {low}-{high} of hearts"),
    "programmes.run_of_diamonds": N_("run {low}-{high} of diamonds"),
    "programmes.run_of_clubs": N_("run {low}-{high} of clubs"),
    "programmes.set_of": N_("set of {value}s"),
    # combos: a combination
    "programmes.no_cards": N_("a combination needs cards"),
    "programmes.run_one_suit": N_("a run is all of one suit"),
    "programmes.run_wrap": N_("a run runs from A-low to A-high with no wrap-around (E-04)"),
    "programmes.run_consecutive": N_("a run needs consecutive values, each once"),
    "programmes.set_same_value": N_("every card of a set has the same value"),
    "programmes.set_value_range": N_("a set's value is A or 3 to K (a 2 is always wild)"),
    "programmes.set_or_run": N_("a combination is a set or a run"),
    "programmes.breaks_suit": N_("{card} breaks the one-suit rule of a run (E-11)"),
    "programmes.natural_itself": N_("the natural card {card} can only stand for itself"),
    "programmes.combo_natural": N_("every combination needs at least one natural card (E-07)"),
    # finder: a reveal
    "programmes.sun_reveal": N_("a sun card is a free program; there is nothing to reveal"),
    "programmes.one_combination": N_(
        "{program} needs exactly 1 combination ({needs}), not {combos}"
    ),
    "programmes.combinations": N_(
        "{program} needs exactly {count} combinations ({needs}), not {combos}"
    ),
    "programmes.no_match": N_(
        "these combinations do not match {program}: {needs} (exact counts: E-08)"
    ),
    # notation: cards, combinations and actions
    # The suit's sign is read as its letter (a player types what the table shows): both named.
    "programmes.expected_card": N_(
        "a rank (A, 2-10, J, Q, K) and a suit (S, H, D, C or ♠, ♥, ♦, ♣), or JK"
    ),
    "programmes.expected_example": N_("e.g. AS, 10H, QD or JK; the suit's sign works too: 10♥"),
    "programmes.not_a_rank": N_("{text!r} is not a rank: expected A, 2-10, J, Q or K"),
    "programmes.combo_kind": N_("a combination starts with set or run: {text!r}"),
    "programmes.combo_no_cards": N_("the combination {text!r} has no cards"),
    "programmes.token_only_wild": N_(
        "{token!r} (card {position} of the group): only a wild (a 2 or JK) says what it stands for"
    ),
    "programmes.token_wild_rank": N_(
        "{token!r} (card {position} of the group): a wild stands for a rank (A, 3-10, J, Q, K)"
    ),
    "programmes.run_suit_unreadable": N_(
        "a run is all of one suit; cannot read one suit from {text!r}"
    ),
    "programmes.wild_values_run": N_("say what each wild stands for in {text!r} (e.g. 2D=10S)"),
    "programmes.empty_combo": N_("an empty combination in {text!r}"),
    "programmes.meld_one_combo": N_("a meld lays one combination at a time: {text!r}"),
    "programmes.target_combo": N_("write the combination as SEAT.INDEX (e.g. 1.0) in {text!r}"),
    "programmes.natural_stands_for_itself": N_(
        "a natural card stands only for itself (an ace at the high end: AS=A+): {token!r}"
    ),
    "programmes.not_an_action_text": N_(
        "{text!r} is not an action: expected draw, take, swap, reveal ..., meld set ..., "
        "extend CARD on SEAT.INDEX, or discard CARD"
    ),
}


def _rounds(count: int, tr: Translator) -> str:
    """A number of rounds with its noun, singular or plural as the language has it."""
    return tr.ngettext("{count} round", "{count} rounds", count).format(count=count)


TABLE: Final = register(
    MessageTable("programmes", MESSAGES, {"combo": _combo, "needs": _program, "rounds": _rounds})
)
