"""The quick reactions of a table's chat, shared by the server (which translates each for
every reader) and the clients (which send one by its key): a fixed phrase a player sends with
one key or one click.

>>> reaction_text("wp", "en"), "gg" in REACTIONS
('Well played!', True)
"""

from __future__ import annotations

from typing import Final

from phase10.kernel.i18n import N_, Translator, translator

__all__ = ["REACTIONS", "reaction_keys", "reaction_text"]

#: The quick reactions: key -> phrase (translated for each reader), in the order shown.
REACTIONS: Final[dict[str, str]] = {
    "hello": N_("Hello!"),
    "luck": N_("Good luck!"),
    "wp": N_("Well played!"),
    "oops": N_("Oops!"),
    "thanks": N_("Thanks!"),
    "hurry": N_("Hurry up, please."),
    "gg": N_("Good game!"),
}


def reaction_text(key: str, lang: str) -> str:
    """The phrase of reaction ``key`` in ``lang``.

    >>> reaction_text("gg", "en")
    'Good game!'
    """
    return translator(lang).gettext(REACTIONS[key])


def reaction_keys(lang: str | Translator) -> str:
    """Each reaction's key with its phrase in ``lang``: the keys are English words, so a
    player of another language sees what each one says before sending it.

    >>> reaction_keys("de").split(", ")[1]
    'luck (Viel Glück!)'
    """
    tr = translator(lang) if isinstance(lang, str) else lang
    return ", ".join(f"{key} ({tr.gettext(phrase)})" for key, phrase in REACTIONS.items())
