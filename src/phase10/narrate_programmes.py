"""One sentence per event of the programmes game, from the ``programmes.*`` entries of
``narrate.MESSAGES`` (and its shared entries for drawing, discarding, going out).

>>> from phase10.engine.programmes.state import ProgrammeEvent, ProgrammeEventKind as K
>>> describe_programme_event(ProgrammeEvent(K.SUN_CARD, seat=1, number=1), ["Ann", "Bob"])
'Bob is dealt a sun card, a free program (1 done).'
>>> describe_programme_event(ProgrammeEvent(K.DREW, seat=0), ["Ann", "Bob"], 0, lang="fr")
'Vous avez pioché une carte.'

Program cards are described in the reader's language by :func:`program_text`.
"""

from __future__ import annotations

from collections.abc import Sequence

from phase10.engine.programmes.cards import SUITS, rank_name
from phase10.engine.programmes.programs import Directive, ProgramCard
from phase10.engine.programmes.rules import ProgrammeRules
from phase10.engine.programmes.state import ProgrammeEvent
from phase10.engine.programmes.state import ProgrammeEventKind as K
from phase10.engine.rules import Kind
from phase10.i18n import N_, Translator, translator
from phase10.narrate import MESSAGES

#: Kinds whose sentence is Phase 10's own (same key, same fields).
_SHARED = {
    K.TURN_STARTED: "turn_started",
    K.DREW: "drew",
    K.TOOK_DISCARD: "took_discard",
    K.DISCARDED: "discarded",
    K.WENT_OUT: "went_out",
}


#: How a program card reads; the ids (``PRG-03``) and card names stay as written.
_DIRECTIVE = {
    Kind.SET: N_("{mult}x set of {length}"),
    Kind.RUN: N_("{mult}x run of {length}"),
}
_SUN = N_("sun card (a free program)")
_SUITS = N_("suits {suits}")
_NO_WILDS = N_("no wilds")
_PROGRAM = N_("{id}: {description}")


def _directive_text(directive: Directive, tr: Translator) -> str:
    template = _DIRECTIVE.get(directive.kind, _DIRECTIVE[Kind.SET])
    text = tr.gettext(template).format(mult=directive.mult, length=directive.length)
    if directive.values is not None:
        text += f" ({'-'.join(rank_name(v) for v in directive.values)})"
    return text


def program_text(card: ProgramCard, lang: str | Translator = "en", *, with_id: bool = True) -> str:
    """What ``card`` asks for, in the reader's language.

    >>> from phase10.engine.programmes.programs import Directive
    >>> card = ProgramCard("PRG-03", (Directive(1, Kind.SET, 4),))
    >>> program_text(card), program_text(card, "fr")
    ('PRG-03: 1x set of 4', 'PRG-03 : 1x série de 4')
    """
    tr = translator(lang) if isinstance(lang, str) else lang
    if card.sun:
        description = tr.gettext(_SUN)
    else:
        parts = [" + ".join(_directive_text(d, tr) for d in card.directives)]
        if card.suits is not None:
            parts.append(tr.gettext(_SUITS).format(suits=" ".join(SUITS[i] for i in card.suits)))
        if card.no_wild:
            parts.append(tr.gettext(_NO_WILDS))
        description = ", ".join(parts)
    if not with_id:
        return description
    return tr.gettext(_PROGRAM).format(id=card.id, description=description)


def _say(tr: Translator, key: str, me: bool, **fields: object) -> str:
    template = MESSAGES.get(f"{key}.you") if me else None
    return tr.gettext(template or MESSAGES[key]).format(**fields)


def describe_programme_event(
    event: ProgrammeEvent,
    names: Sequence[str],
    viewer: int | None = None,
    *,
    rules: ProgrammeRules | None = None,
    lang: str | Translator = "en",
) -> str:
    """One sentence for ``event``; ``viewer`` reads "you" for its own seat."""
    tr = translator(lang) if isinstance(lang, str) else lang
    me = viewer is not None and event.seat == viewer
    name = names[event.seat] if 0 <= event.seat < len(names) else f"Player {event.seat + 1}"
    card = str(event.cards[0]) if event.cards else ""
    programs = rules.programs if rules is not None else ()
    program = program_text(programs[event.programs[0]], tr) if event.programs and programs else ""
    kind = event.kind
    if kind in _SHARED:
        if kind is K.DREW and me and not card:
            return _say(tr, "drew.you_unseen", False)
        if kind is K.DREW and not card:
            return _say(tr, "drew", False, name=name)
        return _say(tr, _SHARED[kind], me, name=name, card=card)
    if kind is K.TURNED_UP:
        return _say(tr, "turned_up", False, card=card)
    if kind is K.RESHUFFLED:
        return _say(tr, "reshuffled", False, count=event.number)
    if kind is K.HAND_DEALT:
        return _say(tr, "programmes.hand_dealt", me, hand=event.number + 1, dealer=name)
    if kind is K.REVEALED:
        combos = ", ".join(str(c) for c in event.combos)
        return _say(tr, "programmes.revealed", me, name=name, program=program, combos=combos)
    if kind is K.MELDED:
        return _say(tr, "programmes.melded", me, name=name, combo=str(event.combos[0]))
    if kind is K.EXTENDED:
        yours = ".yours" if viewer is not None and event.target == viewer else ""
        owner = names[event.target] if 0 <= event.target < len(names) else ""
        combo = str(event.combos[0]) if event.combos else ""
        key = "programmes.extended" + yours
        return _say(tr, key, me, name=name, card=card, owner=owner, combo=combo)
    if kind in (K.HAND_ENDED, K.GAME_OVER):
        parts = ", ".join(f"{names[s]} {n}" for s, n in enumerate(event.scores) if s < len(names))
        if kind is K.HAND_ENDED:
            return _say(tr, "programmes.hand_ended", False, hand=event.number + 1, programs=parts)
        count = event.scores[event.seat] if 0 <= event.seat < len(event.scores) else 0
        return _say(tr, "programmes.game_over", me, name=name, count=count)
    key = f"programmes.{kind.value}"
    return _say(tr, key, me, name=name, program=program, count=event.number)


def narrate_programmes(
    events: Sequence[ProgrammeEvent],
    names: Sequence[str],
    viewer: int | None = None,
    *,
    rules: ProgrammeRules | None = None,
    lang: str | Translator = "en",
) -> list[str]:
    """Sentences for a run of events; the program-deck shuffle is not worth a sentence."""
    return [
        describe_programme_event(e, names, viewer, rules=rules, lang=lang)
        for e in events
        if e.kind is not K.PROGRAMS_SHUFFLED
    ]
