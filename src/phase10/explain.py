"""The engine's reasons, in the player's language.

The engine (standard library only, no catalogs) explains every illegal action and every
misread notation in one English phrase. The interfaces show those phrases through
:func:`explain_illegal` and :func:`explain_notation`, which recognise each phrase the engine
can produce by a pattern, translate its template through the gettext catalog and fill in the
details (card, number, phase). A phrase no pattern knows is shown as the engine wrote it, so
a new engine message degrades to English, never to an error.

>>> from phase10.kernel.errors import IllegalActionError
>>> first = IllegalActionError("D-19", "draw a card first; a turn starts with a draw")
>>> explain_illegal(first, "nl")
'Niet toegestaan (D-19): trek eerst een kaart; een beurt begint met trekken.'
>>> explain_illegal(IllegalActionError("P10-R22", "you have no R7 in your hand"), "de")
'Nicht erlaubt (P10-R22): du hast keine R7 auf der Hand.'
"""

from __future__ import annotations

import re
from typing import Final

from phase10.kernel.errors import IllegalActionError, NotationError
from phase10.kernel.i18n import N_, Translator, translator

#: English phrase pattern (a full match) -> the template to translate. Named groups fill the
#: template's fields; ``description`` and ``laid`` are phase descriptions, translated too.
PATTERNS: Final[tuple[tuple[str, str], ...]] = (
    # phase10.games.phase10.turns: checking an action
    (r"the game is over", N_("the game is over")),
    (
        r"draw a card first; a turn starts with a draw",
        N_("draw a card first; a turn starts with a draw"),
    ),
    (r"(?P<action>.+) is not an action of this game", N_("{action} is not an action of this game")),
    (
        r"you have already drawn this turn; one card per turn",
        N_("you have already drawn this turn; one card per turn"),
    ),
    (r"the discard pile is empty", N_("the discard pile is empty")),
    (
        r"a Skip on the discard pile can never be taken; draw from the draw pile",
        N_("a Skip on the discard pile can never be taken; draw from the draw pile"),
    ),
    (
        r"you have already laid down a phase this hand",
        N_("you have already laid down a phase this hand"),
    ),
    (r"you have no phase left to lay down", N_("you have no phase left to lay down")),
    (
        r"name the phase you are laying down \(pick-a-phase\)",
        N_("name the phase you are laying down (pick-a-phase)"),
    ),
    (
        r"phase (?P<phase>\d+) is not one you may still lay down",
        N_("phase {phase} is not one you may still lay down"),
    ),
    (
        r"you are on phase (?P<phase>\d+), not phase (?P<asked>\S+)",
        N_("you are on phase {phase}, not phase {asked}"),
    ),
    (
        r"you must hold every card of the phase in your hand",
        N_("you must hold every card of the phase in your hand"),
    ),
    (
        r"keep at least one card: under these rules you go out only by discarding",
        N_("keep at least one card: under these rules you go out only by discarding"),
    ),
    (
        r"this would leave only a Skip, which may not be the card you go out with",
        N_("this would leave only a Skip, which may not be the card you go out with"),
    ),
    (r"lay down your own phase before you hit", N_("lay down your own phase before you hit")),
    (r"you have no (?P<card>\S+) in your hand", N_("you have no {card} in your hand")),
    (r"there is no group (?P<group>\S+)", N_("there is no group {group}")),
    (
        r"in the turn you lay down you may hit only your own groups under these rules",
        N_("in the turn you lay down you may hit only your own groups under these rules"),
    ),
    (
        r"a wild on the run (?P<low>\d+)-(?P<high>\d+) stands for (?P<below>-?\d+) or "
        r"(?P<above>\d+), not (?P<value>-?\d+)",
        N_("a wild on the run {low}-{high} stands for {below} or {above}, not {value}"),
    ),
    (
        r"(?P<card>\S+) stands for (?P<value>\S+) on that group",
        N_("{card} stands for {value} on that group"),
    ),
    (r"you have no (?P<card>\S+) to discard", N_("you have no {card} to discard")),
    (r"only a Skip is played at another player", N_("only a Skip is played at another player")),
    (
        r"under these rules a Skip may not be your last card",
        N_("under these rules a Skip may not be your last card"),
    ),
    (
        r"under these rules a Skip always goes to the next player",
        N_("under these rules a Skip always goes to the next player"),
    ),
    (
        r"choose the player who loses a turn: (?P<players>.+)",
        N_("choose the player who loses a turn: {players}"),
    ),
    (r"a Skip must be played at another player", N_("a Skip must be played at another player")),
    (
        r"player (?P<player>\d+) sits out this tie-break hand",
        N_("player {player} sits out this tie-break hand"),
    ),
    (
        r"player (?P<player>\d+) cannot be skipped again yet \(skip_limit=(?P<limit>\w+)\)",
        N_("player {player} cannot be skipped again yet (skip_limit={limit})"),
    ),
    # phase10.games.phase10.groups: a group and a hit
    (r"a group needs at least one card", N_("a group needs at least one card")),
    (r"a Skip is never part of a group", N_("a Skip is never part of a group")),
    (
        r"the natural card (?P<card>\S+) can only stand for itself",
        N_("the natural card {card} can only stand for itself"),
    ),
    (
        r"a run uses numbers 1 to 12 only \(D-01\)",
        N_("a run uses numbers 1 to 12 only (D-01)"),
    ),
    (
        r"a run needs consecutive numbers, each used once \(D-26\)",
        N_("a run needs consecutive numbers, each used once (D-26)"),
    ),
    (r"every card of a set has the same number", N_("every card of a set has the same number")),
    (r"a set's number runs from 1 to 12", N_("a set's number runs from 1 to 12")),
    (
        r"every card of a colour group has the same colour",
        N_("every card of a colour group has the same colour"),
    ),
    (r"a colour group's colour is R, B, Y or G", N_("a colour group's colour is R, B, Y or G")),
    (
        r"every group needs at least one natural card",
        N_("every group needs at least one natural card"),
    ),
    (r"a Skip never fits a group", N_("a Skip never fits a group")),
    (
        r"a set of (?P<number>\d+)s takes only a (?P=number) or a wild",
        N_("a set of {number}s takes only a {number} or a wild"),
    ),
    (
        r"a red colour group takes only a red card or a wild",
        N_("a red colour group takes only a red card or a wild"),
    ),
    (
        r"a blue colour group takes only a blue card or a wild",
        N_("a blue colour group takes only a blue card or a wild"),
    ),
    (
        r"a yellow colour group takes only a yellow card or a wild",
        N_("a yellow colour group takes only a yellow card or a wild"),
    ),
    (
        r"a green colour group takes only a green card or a wild",
        N_("a green colour group takes only a green card or a wild"),
    ),
    (
        r"a run of 1-12 is full and takes no more cards \(D-01\)",
        N_("a run of 1-12 is full and takes no more cards (D-01)"),
    ),
    (
        r"say which end of the run the wild goes to \((?P<below>\d+) or (?P<above>\d+)\)",
        N_("say which end of the run the wild goes to ({below} or {above})"),
    ),
    (
        r"the run has no room at its low end \(D-01\)",
        N_("the run has no room at its low end (D-01)"),
    ),
    (
        r"the run has no room at its high end \(D-01\)",
        N_("the run has no room at its high end (D-01)"),
    ),
    (
        r"a run takes only the number just below or above it \((?P<below>\d+) or "
        r"(?P<above>\d+)\), not (?P<number>\d+)",
        N_("a run takes only the number just below or above it ({below} or {above}), not {number}"),
    ),
    (
        r"a run takes only the number just below or above it \((?P<wanted>\d+)\), "
        r"not (?P<number>\d+)",
        N_("a run takes only the number just below or above it ({wanted}), not {number}"),
    ),
    # phase10.games.phase10.finder: a lay-down
    (
        r"phase (?P<phase>\d+) needs exactly 1 group \((?P<description>[^)]+)\), "
        r"not (?P<laid>\d+)",
        N_("phase {phase} needs exactly 1 group ({description}), not {laid}"),
    ),
    (
        r"phase (?P<phase>\d+) needs exactly (?P<count>\d+) groups \((?P<description>[^)]+)\), "
        r"not (?P<laid>\d+)",
        N_("phase {phase} needs exactly {count} groups ({description}), not {laid}"),
    ),
    (
        r"a phase needs at least one natural card \(D-04\)",
        N_("a phase needs at least one natural card (D-04)"),
    ),
    (
        r"phase (?P<phase>\d+) needs (?P<description>.+), not (?P<laid>.+)",
        N_("phase {phase} needs {description}, not {laid}"),
    ),
    # phase10.games.programmes.turns: the programmes game's reasons
    (
        r"(?P<action>.+) is not an action of the programmes game",
        N_("{action} is not an action of the programmes game"),
    ),
    (r"a turn starts by taking one card", N_("a turn starts by taking one card")),
    (r"you have no (?P<card>\S+) to discard", N_("you have no {card} to discard")),
    (
        r"reveal your program before you put any other card on the table",
        N_("reveal your program before you put any other card on the table"),
    ),
    (
        r"swapping a program is off under these rules",
        N_("swapping a program is off under these rules"),
    ),
    (
        r"a program may be swapped only at the start of a manche, before your first draw, "
        r"after failing it (?P<count>\d+) manches",
        N_(
            "a program may be swapped only at the start of a manche, before your first draw, "
            "after failing it {count} manches"
        ),
    ),
    (r"you have already taken a card this turn", N_("you have already taken a card this turn")),
    (
        r"with exactly one card in hand you must draw from the reserve",
        N_("with exactly one card in hand you must draw from the reserve"),
    ),
    (
        r"you have already revealed your program this manche",
        N_("you have already revealed your program this manche"),
    ),
    (r"you hold no program card this manche", N_("you hold no program card this manche")),
    (r"you must hold every card of the program", N_("you must hold every card of the program")),
    (
        r"a new run may never be formed after revealing",
        N_("a new run may never be formed after revealing"),
    ),
    (
        r"a new set needs at least 3 cards of one value",
        N_("a new set needs at least 3 cards of one value"),
    ),
    (r"you must hold every card of the new set", N_("you must hold every card of the new set")),
    (r"you have no (?P<card>\S+) in hand", N_("you have no {card} in hand")),
    (r"there is no combination (?P<where>\S+)", N_("there is no combination {where}")),
    (r"(?P<card>\S+) does not extend the .+", N_("{card} does not extend that combination")),
    (
        r"say which end of the run the wild goes to",
        N_("say which end of the run the wild goes to"),
    ),
    (
        r"(?P<card>\S+) cannot stand for that value on this combination",
        N_("{card} cannot stand for that value on this combination"),
    ),
    # phase10.games.programmes.combos and .finder: a combination or a reveal that is wrong
    (r"a combination needs cards", N_("a combination needs cards")),
    (r"a run is all of one suit", N_("a run is all of one suit")),
    (
        r"a run runs from A-low to A-high with no wrap-around \(E-04\)",
        N_("a run runs from A-low to A-high with no wrap-around (E-04)"),
    ),
    (
        r"a run needs consecutive values, each once",
        N_("a run needs consecutive values, each once"),
    ),
    (
        r"every card of a set has the same value",
        N_("every card of a set has the same value"),
    ),
    (
        r"a set's value is A or 3 to K \(a 2 is always wild\)",
        N_("a set's value is A or 3 to K (a 2 is always wild)"),
    ),
    (r"a combination is a set or a run", N_("a combination is a set or a run")),
    (
        r"(?P<card>\S+) breaks the one-suit rule of a run \(E-11\)",
        N_("{card} breaks the one-suit rule of a run (E-11)"),
    ),
    (
        r"the natural card (?P<card>\S+) can only stand for itself",
        N_("the natural card {card} can only stand for itself"),
    ),
    (
        r"every combination needs at least one natural card \(E-07\)",
        N_("every combination needs at least one natural card (E-07)"),
    ),
    (
        r"a sun card is a free program; there is nothing to reveal",
        N_("a sun card is a free program; there is nothing to reveal"),
    ),
    (
        r"(?P<program>\S+) needs exactly (?P<count>\d+) combinations? \(.+\), not (?P<laid>\d+)",
        N_("the number of combinations for {program} must be {count}, not {laid}"),
    ),
    (
        r"these combinations do not match (?P<program>\S+): .+ \(exact counts: E-08\)",
        N_("these combinations do not match {program} (exact counts: E-08)"),
    ),
)

#: Notation the player typed that the engine could not read.
NOTATION_PATTERNS: Final[tuple[tuple[str, str], ...]] = (
    (
        r"token (?P<position>\d+) (?P<token>.+) is not a card: expected R/B/Y/G with 1-12, W or S",
        N_("{token} is not a card: write a colour R, B, Y or G with 1 to 12, W or S"),
    ),
    (
        r"(?P<token>.+) is not a card: expected R/B/Y/G with 1-12, W or S",
        N_("{token} is not a card: write a colour R, B, Y or G with 1 to 12, W or S"),
    ),
    (
        r"unknown colour (?P<letter>.+): expected R, B, Y or G",
        N_("unknown colour {letter}: write R, B, Y or G"),
    ),
    (
        r"card numbers run from 1 to 12, not (?P<number>-?\d+)",
        N_("card numbers run from 1 to 12, not {number}"),
    ),
    (
        r"a group starts with set, run or colour: (?P<text>.+)",
        N_("a group starts with set, run or colour: {text}"),
    ),
    (
        r"say what each wild stands for in (?P<text>.+) \(e\.g\. W=5\)",
        N_("say what each wild stands for in {text} (e.g. W=5)"),
    ),
    (r"the group (?P<text>.+) has no cards", N_("the group {text} has no cards")),
    (
        r"token (?P<position>\d+) (?P<token>.+): a wild stands for a number from 1 to 12",
        N_("{token}: a wild stands for a number from 1 to 12"),
    ),
    (
        r"token (?P<position>\d+) (?P<token>.+): a wild in a colour group stands for R, B, Y or G",
        N_("{token}: a wild in a colour group stands for R, B, Y or G"),
    ),
    (
        r"token (?P<position>\d+) (?P<token>.+): only a wild \(W\) may say what it stands for",
        N_("{token}: only a wild (W) may say what it stands for"),
    ),
)

#: The groups a phase asks for, as the engine words them (``rules.GroupReq.__str__``).
_NEEDS: Final[tuple[tuple[str, str], ...]] = (
    (r"set of (?P<size>\d+)", N_("set of {size}")),
    (r"run of (?P<size>\d+)", N_("run of {size}")),
    (r"(?P<size>\d+) cards of one colour", N_("{size} cards of one colour")),
)

NOT_ALLOWED: Final = N_("Not allowed ({rule}): {message}.")
COULD_NOT_READ: Final = N_("Could not read that: {message}.")

_COMPILED: Final = tuple((re.compile(p), t) for p, t in PATTERNS)
_COMPILED_NOTATION: Final = tuple((re.compile(p), t) for p, t in NOTATION_PATTERNS)
_COMPILED_NEEDS: Final = tuple((re.compile(p), t) for p, t in _NEEDS)


def _tr(lang: str | Translator) -> Translator:
    return translator(lang) if isinstance(lang, str) else lang


def translate_description(text: str, lang: str | Translator = "en") -> str:
    """A phase description in the engine's English (``set of 3 + run of 4``), translated.

    >>> translate_description("set of 3 + run of 4", "nl")
    'set van 3 + reeks van 4'
    """
    tr = _tr(lang)
    parts = []
    for part in text.split(" + "):
        for pattern, template in _COMPILED_NEEDS:
            found = pattern.fullmatch(part)
            if found:
                parts.append(tr.gettext(template).format(**found.groupdict()))
                break
        else:
            parts.append(part)
    return tr.gettext(N_(" + ")).join(parts)


def translate_reason(
    message: str,
    lang: str | Translator = "en",
    patterns: tuple[tuple[re.Pattern[str], str], ...] = _COMPILED,
) -> str:
    """One engine phrase in the reader's language; unknown phrases come back unchanged."""
    tr = _tr(lang)
    for pattern, template in patterns:
        found = pattern.fullmatch(message)
        if found is None:
            continue
        fields = found.groupdict()
        for key in ("description", "laid"):
            if key in fields:
                fields[key] = translate_description(fields[key], tr)
        return tr.gettext(template).format(**fields)
    return message


def explain_illegal(exc: IllegalActionError, lang: str | Translator = "en") -> str:
    """``Not allowed (RULE): reason`` in the reader's language."""
    tr = _tr(lang)
    return tr.gettext(NOT_ALLOWED).format(rule=exc.rule, message=translate_reason(exc.message, tr))


def explain_notation(exc: NotationError, lang: str | Translator = "en") -> str:
    """``Could not read that: reason`` in the reader's language."""
    tr = _tr(lang)
    message = translate_reason(str(exc), tr, _COMPILED_NOTATION)
    return tr.gettext(COULD_NOT_READ).format(message=message)
