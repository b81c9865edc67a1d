"""One sentence per event of the programmes game, from the ``programmes.*`` entries of
``narrate.MESSAGES`` (and its shared entries for drawing, discarding, going out).

>>> from phase10.engine.programmes.state import ProgrammeEvent, ProgrammeEventKind as K
>>> describe_programme_event(ProgrammeEvent(K.SUN_CARD, seat=1, number=1), ["Ann", "Bob"])
'Bob is dealt a sun card, a free program (1 done).'
"""

from __future__ import annotations

from collections.abc import Sequence

from phase10.engine.programmes.rules import ProgrammeRules
from phase10.engine.programmes.state import ProgrammeEvent
from phase10.engine.programmes.state import ProgrammeEventKind as K
from phase10.i18n import Translator, translator
from phase10.narrate import MESSAGES

#: Kinds whose sentence is Phase 10's own (same key, same fields).
_SHARED = {
    K.TURN_STARTED: "turn_started",
    K.DREW: "drew",
    K.TOOK_DISCARD: "took_discard",
    K.DISCARDED: "discarded",
    K.WENT_OUT: "went_out",
}


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
    program = str(programs[event.programs[0]]) if event.programs and programs else ""
    kind = event.kind
    if kind in _SHARED:
        if kind is K.DREW and not (me and card):
            return _say(tr, "drew", False, name=tr.gettext("You") if me else name)
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
        owner = tr.gettext("your") if event.target == viewer else f"{names[event.target]}'s"
        combo = str(event.combos[0]) if event.combos else ""
        return _say(tr, "programmes.extended", me, name=name, card=card, owner=owner, combo=combo)
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
