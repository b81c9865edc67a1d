"""The engine's reasons, in the player's language.

The engine (standard library only, no catalogs) describes every illegal action and every
misread notation as data: a rule id, a message key and plain parameters
(``IllegalActionError(rule, key, **params)``, ``NotationError(key, ...)``). The message
tables (``phase10.kernel.messages.KERNEL`` and each game's ``messages.MESSAGES``) hold the
English templates, marked for the gettext catalogs; here they are translated and filled in
the reader's language, structured parameters (a phase description, a combination) included.

>>> from phase10.kernel.errors import IllegalActionError, NotationError
>>> import phase10.games.phase10
>>> explain_illegal(IllegalActionError("D-19", "phase10.draw_first"), "nl")
'Niet toegestaan (D-19): trek eerst een kaart; een beurt begint met trekken.'
>>> explain_illegal(IllegalActionError("P10-R22", "phase10.no_card_in_hand", card="R7"), "de")
'Nicht erlaubt (P10-R22): die Karte R7 hast du nicht auf der Hand.'
>>> explain_notation(NotationError("phase10.number_range", number=13))
'Could not read that: card numbers run from 1 to 12, not 13.'
"""

from __future__ import annotations

from typing import Final

from phase10.kernel.errors import IllegalActionError, NotationError, Problem, SaidError
from phase10.kernel.i18n import N_, Translator, translator
from phase10.kernel.messages import render

NOT_ALLOWED: Final = N_("Not allowed ({rule}): {message}.")
COULD_NOT_READ: Final = N_("Could not read that: {message}.")


def _tr(lang: str | Translator) -> Translator:
    return translator(lang) if isinstance(lang, str) else lang


def explain_reason(
    exc: IllegalActionError | NotationError | Problem, lang: str | Translator = "en"
) -> str:
    """The message alone (no rule id) of an error or a problem, in the reader's language.

    >>> from phase10.kernel.errors import IllegalActionError
    >>> explain_reason(IllegalActionError("P10-R13", "kernel.discard_pile_empty"), "fr")
    'la défausse est vide'
    """
    return render(exc.key, exc.params, _tr(lang))


def explain_illegal(exc: IllegalActionError, lang: str | Translator = "en") -> str:
    """``Not allowed (RULE): reason.`` in the reader's language."""
    tr = _tr(lang)
    return tr.gettext(NOT_ALLOWED).format(rule=exc.rule, message=explain_reason(exc, tr))


def explain_notation(exc: NotationError, lang: str | Translator = "en") -> str:
    """``Could not read that: reason.`` in the reader's language."""
    tr = _tr(lang)
    return tr.gettext(COULD_NOT_READ).format(message=explain_reason(exc, tr))


def explain_error(exc: Exception, lang: str | Translator = "en") -> str:
    """What a refused name or setting (an unknown variant or bot) says, in the reader's
    language where its message is a known one; any other error as it reads in English.

    >>> from phase10.kernel.errors import SaidError
    >>> explain_error(SaidError.of("kernel.discard_pile_empty"), "de")
    'der Ablagestapel ist leer'
    >>> explain_error(ValueError("no such file"), "de")
    'no such file'
    """
    if isinstance(exc, SaidError) and exc.reason is not None:
        return render(exc.reason, exc.params, _tr(lang))
    return str(exc)
