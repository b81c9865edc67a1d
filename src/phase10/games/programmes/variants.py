"""Rule sets of the programmes game by name, from flags (records) and with user program decks.

``programmes`` (alias ``amuze_programmes``, C.0) is the baseline; ``+program_swap_after=N``
or ``+program_swap`` (N = 3, as the seed suggests; AMZ-R31, E-21) turns on the swap rule.

>>> find_programme_rules("programmes").program_swap_after is None
True
>>> rules = find_programme_rules("amuze-programmes+program_swap")
>>> rules.name, rules.program_swap_after
('programmes+program_swap_after=3', 3)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import replace
from typing import Final

from phase10.games.programmes.programs import load_program_deck, programs_from_list
from phase10.games.programmes.rules import GAME, ProgrammeRules
from phase10.kernel.errors import RulesError
from phase10.kernel.i18n import N_, Translator, translator
from phase10.kernel.messages import MessageTable, register
from phase10.kernel.notation import has_control, printable

#: Names that choose the programmes game wherever a game or a profile is named.
GAME_NAMES: Final = frozenset({GAME, "amuze_programmes", "amuze"})
_INT_FLAGS: Final = ("min_players", "max_players", "hand_size", "programs_to_win")
FLAGS: Final = ("program_swap_after", *_INT_FLAGS)
SEED_SWAP: Final = 3
#: What a new table may choose: the one profile, and the program swap (AMZ-R31).
PROFILE_DESCRIPTIONS: Final = {
    GAME: N_("The amüze program cards: each player works on a secret program."),
}
VARIANT_DESCRIPTIONS: Final = {
    "program_swap": N_("A player who failed a program three rounds in a row may swap it."),
    "program_swap_after": N_(
        "A player who failed a program this many rounds in a row may swap it."
    ),
    "programs_to_win": N_("The first player to complete this many programs wins (5 by default)."),
}


#: Why a programmes setting is refused, in the reader's language (``phase10.explain``).
MESSAGES: Final = register(
    MessageTable(
        "settings",
        {
            "settings.not_a_number": N_("{key} must be a whole number, not {text}"),
            "settings.unknown": N_("unknown programmes setting {name}; settings: {settings}"),
            "settings.twice": N_(
                "{first} and {second} both set {key}, to {one} and {other}: give only one"
            ),
        },
    )
)


def is_programmes(name: str) -> bool:
    """Whether ``name`` (a rules name such as ``programmes+program_swap``) is this game's."""
    return name.split("+")[0].strip().lower().replace("-", "_") in GAME_NAMES


def _number(key: str, text: object) -> int | None:
    if text is None or (isinstance(text, str) and text.strip().lower() in ("null", "none", "off")):
        if key == "program_swap_after":
            return None
        raise RulesError.about(key, "settings.not_a_number", key=key, text=repr(text))
    if isinstance(text, bool):
        raise RulesError.about(key, "settings.not_a_number", key=key, text=repr(text))
    try:
        return int(str(text).strip())
    except ValueError:
        raise RulesError.about(key, "settings.not_a_number", key=key, text=repr(text)) from None


def _key_form(token: str) -> str:
    """``token`` in any case, ``-`` read as ``_`` before its ``=``.

    >>> _key_form(" Program-Swap-After=-1 ")
    'program_swap_after=-1'
    """
    key, eq, value = token.strip().lower().partition("=")
    return key.replace("-", "_") + eq + value


def find_programme_rules(name: str) -> ProgrammeRules:
    """``programmes`` with ``+flag=value`` settings; every problem names the bad key."""
    # "-" for "_" in a setting's name, not in its number: program_swap_after=-1 is refused
    # as typed.
    tokens = [_key_form(t) for t in name.split("+")]
    if tokens[0] not in GAME_NAMES:
        raise RulesError(f"{name!r} is not the programmes game", key=name)
    values: dict[str, int | None] = {}
    said: dict[str, str] = {}
    number: int | None
    for token in tokens[1:]:
        key, eq, value = token.partition("=")
        key = key.strip()
        if key == "program_swap" and not eq:
            key, number = "program_swap_after", SEED_SWAP
        elif key not in FLAGS or not eq:
            raise RulesError.about(
                token,
                "settings.unknown",
                name=repr(token),
                settings=["program_swap", *(f"{f}=N" for f in FLAGS)],
            )
        else:
            number = _number(key, value)
        if key in values and values[key] != number:
            # program_swap (3 rounds) and program_swap_after=1 both say when a swap comes:
            # the later one silently won, so a table played other rules than were asked.
            raise RulesError.about(
                token,
                "settings.twice",
                first=said[key],
                second=token,
                key=key,
                one=values[key],
                other=number,
            )
        values[key], said[key] = number, token
    return programme_rules_from_flags(values)


def programme_rules_from_flags(
    flags: Mapping[str, object], name: str | None = None
) -> ProgrammeRules:
    """Rebuild ``ProgrammeRules`` from ``ProgrammeRules.flags()`` (as stored in records).

    >>> rules = find_programme_rules("programmes+program_swap_after=2")
    >>> programme_rules_from_flags(rules.flags(), rules.name) == rules
    True
    """
    kwargs: dict[str, object] = {}
    for key, value in flags.items():
        if key == "programs":
            kwargs["programs"] = programs_from_list(value, "programs")
        elif key in FLAGS:
            kwargs[key] = _number(key, value)
        else:
            raise RulesError(f"unknown programmes setting {key!r}", key=key)
    rules = ProgrammeRules(**kwargs)  # type: ignore[arg-type]
    return replace(rules, name=name or _label(rules))


def _label(rules: ProgrammeRules) -> str:
    base = ProgrammeRules()
    parts = [GAME]
    for key in FLAGS:
        value = getattr(rules, key)
        if value != getattr(base, key):
            parts.append(f"{key}={'null' if value is None else value}")
    if rules.programs != base.programs:
        parts.append("custom_programs")
    return "+".join(parts)


def with_program_deck(rules: ProgrammeRules, path: str | os.PathLike[str]) -> ProgrammeRules:
    """``rules`` playing with the program deck of a JSON or TOML file (validated, C.8)."""
    shown = os.fspath(path)
    if has_control(shown):
        # The deck's path becomes part of the rules' name, shown on screen.
        raise RulesError(
            f"{printable(shown)}: name: the file's name (part of the rules' name) holds a "
            "control character: use letters, digits and signs",
            key="name",
        )
    programs = load_program_deck(path)
    return replace(rules, programs=programs, name=f"{rules.name}+programs={shown}")


def describe_rules(rules: ProgrammeRules, tr: Translator | None = None) -> list[str]:
    """Lines for people: the program deck and the settings that differ from the baseline, in
    ``tr``'s language (the settings' names and values stay as typed).

    >>> print("\\n".join(describe_rules(find_programme_rules("programmes"))))
    Rules: programmes (the amüze program-card rummy)
    Program deck: 52 cards (50 programs + 2 sun cards)
    First to complete 5 programs wins; 13 cards each; 2 to 6 players.
    No differences from the baseline rules.
    >>> describe_rules(find_programme_rules("programmes"), translator("de"))[1]
    'Programmstapel: 52 Karten (50 Programme + 2 Sonnenkarten)'
    """
    tr = tr or translator("en")
    _ = tr.gettext
    total = sum(card.copies for card in rules.programs)
    suns = sum(card.copies for card in rules.programs if card.sun)
    win, hand = rules.programs_to_win, rules.hand_size
    lines = [
        _(N_("Rules: {rules} (the amüze program-card rummy)")).format(rules=rules.name),
        _(N_("Program deck: {cards} ({programs} + {suns})")).format(
            cards=tr.ngettext("{count} card", "{count} cards", total).format(count=total),
            programs=tr.ngettext("{count} program", "{count} programs", total - suns).format(
                count=total - suns
            ),
            suns=tr.ngettext("{count} sun card", "{count} sun cards", suns).format(count=suns),
        ),
        _(N_("First to complete {programs} wins; {cards} each; {low} to {high} players.")).format(
            programs=tr.ngettext("{count} program", "{count} programs", win).format(count=win),
            cards=tr.ngettext("{count} card", "{count} cards", hand).format(count=hand),
            low=rules.min_players,
            high=rules.max_players,
        ),
    ]
    baseline = ProgrammeRules().flags()
    changed = [(key, value) for key, value in rules.flags().items() if value != baseline.get(key)]
    if not changed:
        lines.append(_(N_("No differences from the baseline rules.")))
        return lines
    lines.append(_(N_("Differences from the baseline rules:")))
    lines.extend(f"  {key} = {_shown(value)}" for key, value in changed)
    return lines


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return "null" if value is None else str(value)
