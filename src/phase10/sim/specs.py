"""Bot specifications for simulations: text that names a bot, as :func:`phase10.bots.make_bot`
reads it, so it crosses process and machine boundaries as is and every worker builds its own.

>>> parse_bots("greedy, ismcts:50it")
('greedy', 'ismcts:50it')
>>> parse_bots("learned,greedy", "programmes")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
phase10.kernel.errors.SaidError: the bot 'learned' does not play the programmes game; bots: ...
"""

from __future__ import annotations

from phase10.bots import LEVELS, bot_names, make_bot, names_a_file
from phase10.bots.plugins import is_import_path, takes_argument

__all__ = ["parse_bots"]


def parse_bots(text: str, game: str = "phase10") -> tuple[str, ...]:
    """Comma-separated specs for ``game``, each checked by building it once; ``ValueError``
    names a bad one (an unknown bot, one the game does not have, a malformed budget)."""
    # An import path or a bot's argument (a policy or model file) keeps its case (modules,
    # classes and file names are case-sensitive); names do not.
    parts = text.split(",")
    if text.strip() and any(not part.strip() for part in parts):
        # "hard,,greedy" was read as two bots: a slip, said rather than repaired.
        raise ValueError(f"an empty entry in {text!r}: one bot per seat, comma-separated")
    specs = tuple(
        s.strip()
        if is_import_path(s) or takes_argument(s) or names_a_file(s)
        else s.strip().lower()
        for s in parts
        if s.strip()
    )
    if not specs:
        names = [n for n in bot_names(game) if n not in LEVELS]
        raise ValueError(
            f"no bots given; bots: {', '.join(names)}; levels: {', '.join(LEVELS)}; "
            "ismcts or pimc with a budget: ismcts:0.1s, pimc:200it"
        )
    for part in parts:
        # Checked as typed: a failing spec is quoted as the user wrote it, and one that may
        # have meant a module (ismcts:MyISMCTS) still reads as a class name.
        if part.strip():
            make_bot(part.strip(), game)
    return specs
