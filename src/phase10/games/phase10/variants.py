"""Named rule sets: the seed profiles of rules B.2, the short variants of B.1, user TOML files.

Everything here turns names and files into the engine's frozen ``RuleSet``; every problem is
reported as a ``RulesError`` that names the bad key.

>>> rules = find_variant("nl_accessible+even_phases")
>>> rules.name
'nl_accessible+even_phases'
>>> [p.number for p in rules.phases]
[2, 4, 6, 8, 10]
>>> build_rules("de_article", ["n_phases=5"]).final_phase.number
5
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, Final

from phase10.games.phase10.rules import (
    FirstDealer,
    NaturalCardScope,
    Phase3Variant,
    Phase10Variant,
    PhaseSequence,
    Progression,
    RuleSet,
    SkipDelivery,
    SkipLimit,
    SkipTarget,
    Tiebreak,
)
from phase10.kernel.errors import RulesError
from phase10.kernel.i18n import N_, Translator, translator
from phase10.kernel.messages import MessageTable, register
from phase10.kernel.notation import parse_number

__all__ = [
    "PROFILES",
    "PROFILE_DESCRIPTIONS",
    "VARIANTS",
    "Variant",
    "build_rules",
    "describe_rules",
    "find_variant",
    "rule_changes",
    "rules_from_flags",
]

STANDARD: Final = "standard"

#: B.2: each seed profile as the flags it changes from the baseline.
PROFILES: Final[dict[str, dict[str, object]]] = {
    "standard": {},
    "fr_mattel": {"skip_limit": SkipLimit.PER_HAND},
    "en_phase10rules": {"phase10_variant": Phase10Variant.SET4_SET3},
    "de_article": {
        "skip_target": SkipTarget.NEXT,
        "hit_others_on_laydown_turn": False,
        "go_out_requires_discard": True,
        "tiebreak": Tiebreak.REPLAY_FIRST_LAYDOWN,
    },
    "nl_accessible": {
        "phase3_variant": Phase3Variant.SET5_RUN4,
        "skip_delivery": SkipDelivery.PLACED,
        "skip_limit": SkipLimit.PENDING_ONLY,
    },
}

#: Each profile for people, in English, marked for the catalogs (translate where shown).
PROFILE_DESCRIPTIONS: Final[dict[str, str]] = {
    "standard": N_("The baseline rules of the English Fundex/Mattel sheet."),
    "fr_mattel": N_("French Mattel sheet: a player can be skipped only once in each hand."),
    "en_phase10rules": N_("English rules site: phase 10 is a set of 4 plus a set of 3."),
    "de_article": N_(
        "German article: Skips hit the next player, no hitting others on your lay-down turn, "
        "a discard is needed to go out, and ties go to the first to lay down."
    ),
    "nl_accessible": N_(
        "Dutch accessible edition: phase 3 needs a set of 5, Skips lie in front of their "
        "target, and only a waiting Skip protects a player."
    ),
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Variant:
    """A short variant of B.1: one flag set to one value.

    ``value`` is ``None`` only when ``takes_number`` is true: the user supplies the number.
    """

    flag: str
    value: object
    description: str
    takes_number: bool = False


def flag_text(value: object) -> str:
    """A flag's value as a rules file writes it (``N`` for a number the player gives).

    >>> flag_text(Progression.PICK_ANY), flag_text(False), flag_text(None)
    ('pick_any', 'false', 'N')
    """
    if value is None:
        return "N"
    if isinstance(value, bool):
        return str(value).lower()
    return str(getattr(value, "value", value))


#: B.1's short variant identifiers.
VARIANTS: Final[dict[str, Variant]] = {
    "ten_hands": Variant(
        flag="progression",
        value=Progression.EVERY_HAND,
        description=N_("Everyone moves to the next phase after every hand; lowest total wins."),
    ),
    "n_phases": Variant(
        flag="phase_count",
        value=None,
        takes_number=True,
        description=N_(
            "The game ends after this many phases: only the first ones of the sequence are played."
        ),
    ),
    "even_phases": Variant(
        flag="phase_sequence",
        value=PhaseSequence.EVEN,
        description=N_("Play only phases 2, 4, 6, 8 and 10."),
    ),
    "odd_phases": Variant(
        flag="phase_sequence",
        value=PhaseSequence.ODD,
        description=N_("Play only phases 1, 3, 5, 7 and 9."),
    ),
    "pick_a_phase": Variant(
        flag="progression",
        value=Progression.PICK_ANY,
        description=N_("Each hand, lay down any phase not yet completed, naming it."),
    ),
    "phase3_set5": Variant(
        flag="phase3_variant",
        value=Phase3Variant.SET5_RUN4,
        description=N_("Phase 3 needs a set of 5 (not 4) plus a run of 4."),
    ),
    "phase10_set4": Variant(
        flag="phase10_variant",
        value=Phase10Variant.SET4_SET3,
        description=N_("Phase 10 needs a set of 4 (not 5) plus a set of 3."),
    ),
    "skip_next_player": Variant(
        flag="skip_target",
        value=SkipTarget.NEXT,
        description=N_("A Skip always makes the next player lose a turn."),
    ),
    "skip_placed": Variant(
        flag="skip_delivery",
        value=SkipDelivery.PLACED,
        description=N_("A Skip is laid in front of its target until their lost turn."),
    ),
    "skip_once_per_hand": Variant(
        flag="skip_limit",
        value=SkipLimit.PER_HAND,
        description=N_("Each player can be the target of a Skip only once per hand."),
    ),
    "skip_pending_only": Variant(
        flag="skip_limit",
        value=SkipLimit.PENDING_ONLY,
        description=N_("A player is protected from Skips only while one lies in front of them."),
    ),
    # Not one of RULES.md's short names: the flag's value had none, so a family that chains
    # its Skips needed a rules file, and an online table could not have them (decision 0031).
    "skip_no_limit": Variant(
        flag="skip_limit",
        value=SkipLimit.NONE,
        description=N_("No limit on Skips: a player may lose turn after turn."),
    ),
    "no_hit_others_on_laydown_turn": Variant(
        flag="hit_others_on_laydown_turn",
        value=False,
        description=N_("On the turn you lay down, you may hit only your own phase."),
    ),
    "must_discard_to_go_out": Variant(
        flag="go_out_requires_discard",
        value=True,
        description=N_("The last card of a hand must be discarded, not laid down or hit."),
    ),
    "tiebreak_first_laydown": Variant(
        flag="tiebreak",
        value=Tiebreak.REPLAY_FIRST_LAYDOWN,
        description=N_(
            "A tie on points is settled by a new hand of the tied players: the first to lay "
            "down a set of 5 and a set of 3 wins."
        ),
    ),
    "natural_per_phase": Variant(
        flag="natural_card_scope",
        value=NaturalCardScope.PER_PHASE,
        description=N_("A phase needs one natural card in all, not one in each group."),
    ),
    "no_skip_go_out": Variant(
        flag="skip_can_go_out",
        value=False,
        description=N_("A Skip may not be the card you go out with."),
    ),
    # A house rule of ours, not of a seed (decision 0032): families that play it asked.
    "no_wild_from_discard": Variant(
        flag="wild_from_discard",
        value=False,
        description=N_("A Wild on the discard pile cannot be taken: draw from the draw pile."),
    ),
}

#: Every settable flag of B.1 and its baseline value, straight from the dataclass.
_BASELINE: Final[dict[str, object]] = RuleSet().flags()
_FLAG_DEFAULTS: Final[dict[str, object]] = {
    f.name: f.default for f in fields(RuleSet) if f.init and f.name != "name"
}
_TRUE: Final = frozenset({"true", "yes", "on", "1"})
_FALSE: Final = frozenset({"false", "no", "off", "0"})
_N_PHASES: Final = re.compile(r"n_phases(?:\s*[=:]\s*(.*))?")


def _normalise(name: str) -> str:
    """``name`` in any case, with ``-`` for ``_`` in its name but not in a number after it
    (``n_phases=-1`` stays ``-1``, to be refused as typed).

    >>> _normalise(" Pick-A-Phase "), _normalise("N-Phases=-1"), _normalise("n_phases:-2")
    ('pick_a_phase', 'n_phases=-1', 'n_phases:-2')
    """
    text = name.strip().lower()
    found = re.search(r"[=:]", text)
    cut = len(text) if found is None else found.start()
    return text[:cut].replace("-", "_") + text[cut:]


def _nearest(word: str, known: Iterable[str]) -> str:
    """The known name nearest ``word`` (quoted), or ``""``: a message's ``hint``."""
    match = difflib.get_close_matches(word, list(known), n=1)
    return repr(match[0]) if match else ""


def _closest(word: str, known: Iterable[str]) -> str:
    nearest = _nearest(word, known)
    return f" (did you mean {nearest}?)" if nearest else ""


def _hint(value: object, tr: Translator) -> str:
    return tr.gettext(N_(" (did you mean {name}?)")).format(name=value) if value else ""


def _names(**more: object) -> dict[str, Any]:
    """The message parameters that list every profile and variant."""
    return {"profiles": list(PROFILES), "variants": list(VARIANTS), **more}


#: What a refused rules name says, in the reader's language (``phase10.explain``).
MESSAGES: Final = register(
    MessageTable(
        "variants",
        {
            "variants.n_phases_missing": N_(
                "n_phases needs the number of phases: give N as n_phases=N (e.g. n_phases=5)"
            ),
            "variants.n_phases_not_a_number": N_(
                "n_phases: {text} is not a whole number of phases (e.g. n_phases=5)"
            ),
            "variants.n_phases_out_of_range": N_(
                "{variant}: the number of phases is a whole number from 1 to {most} (the "
                "phases in the list), not {count}"
            ),
            "variants.profile_not_variant": N_(
                "{name} is a profile, not a variant; put it first (e.g. {example})"
            ),
            "variants.unknown_variant": N_(
                "unknown variant {name}{hint}; profiles: {profiles}; variants: {variants}"
            ),
            "variants.unknown_profile": N_("unknown profile {name}{hint}; profiles: {profiles}"),
            "variants.variant_as_profile": N_(
                "unknown profile {name} (it is a variant: use it after a profile); "
                "profiles: {profiles}"
            ),
            "variants.cannot_combine": N_(
                "the variants {first} and {second} cannot be played together: they change the "
                "same rule in different ways"
            ),
            "variants.file_clash": N_(
                "the rules file {path} sets {flag} = {value}, and the variant {variant} sets "
                "it to {other}: they cannot be played together; change the file or leave the "
                "variant out"
            ),
            "variants.empty_name": N_(
                "empty name in {name}: write a profile and/or variants joined with '+'; "
                "profiles: {profiles}; variants: {variants}"
            ),
            "variants.unknown_rules_name": N_(
                "unknown rules name {name}{hint}; profiles: {profiles}; variants: {variants}"
            ),
        },
        fields={"hint": _hint},
    )
)


def _shown(value: object) -> str:
    """A flag value as users write it: ``even``, ``false``, ``5``, ``all``."""
    if value is None:
        return "all"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value.value) if isinstance(value, Enum) else str(value)


def _bad(key: str, detail: str) -> RulesError:
    return RulesError(f"{key}: {detail}", key=key)


def _convert_flag(key: str, value: object, *, strict: bool) -> object:
    """One flag value converted to the type ``RuleSet`` wants.

    ``strict`` (TOML) takes only the native type; otherwise strings from a command line are
    parsed too, since that is all a shell can hand us. Enum spellings are forgiving either way.
    """
    if key not in _FLAG_DEFAULTS:
        raise _bad(
            key, f"unknown flag{_closest(key, _FLAG_DEFAULTS)}; flags: {', '.join(_BASELINE)}"
        )
    default = _FLAG_DEFAULTS[key]
    if isinstance(default, Enum):
        enum_type = type(default)
        allowed = ", ".join(member.value for member in enum_type)
        if isinstance(value, enum_type):
            return value
        if not isinstance(value, str):
            raise _bad(key, f"must be a string, one of {allowed}; not {value!r}")
        try:
            return enum_type(_normalise(value))
        except ValueError:
            raise _bad(key, f"{value!r} is not one of {allowed}") from None
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        if not strict and isinstance(value, str | int):
            text = _normalise(str(value))
            if text in _TRUE or text in _FALSE:
                return text in _TRUE
        raise _bad(key, f"must be true or false, not {value!r}")
    # phase_count is the only flag left: a whole number, or "all" for the whole sequence.
    if value is None or (isinstance(value, str) and _normalise(value) == "all"):
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if not strict and isinstance(value, str) and (number := parse_number(value.strip())):
        return number
    raise _bad(key, f"must be a whole number or 'all', not {value!r}")


def _parse_variant(token: str) -> tuple[str, str, object]:
    """A variant spelling as (canonical name, flag, value)."""
    word = _normalise(token)
    numbered = _N_PHASES.fullmatch(word)
    if numbered:
        number = numbered.group(1)
        if number is None:
            raise RulesError.about("n_phases", "variants.n_phases_missing")
        count = parse_number(number)  # No ², no 5,000 digits
        if count is None:
            raise RulesError.about(
                "n_phases", "variants.n_phases_not_a_number", text=repr(number[:20])
            )
        return f"n_phases={count}", "phase_count", count
    variant = VARIANTS.get(word)
    if variant is None or variant.takes_number:
        if word in PROFILES:
            raise RulesError.about(
                word,
                "variants.profile_not_variant",
                name=repr(word),
                example=f"{word}+even_phases",
            )
        raise RulesError.about(
            token.strip(),
            "variants.unknown_variant",
            **_names(name=repr(token.strip()), hint=_nearest(word, VARIANTS)),
        )
    return word, variant.flag, variant.value


def _make(name: str, values: Mapping[str, object]) -> RuleSet:
    # The values are checked against the field types by _convert_flag and again by RuleSet.
    kwargs: dict[str, Any] = dict(values)
    try:
        return RuleSet(name=name, **kwargs)
    except RulesError as err:
        raise RulesError(f"{name}: {err}", key=err.key) from None


def build_rules(
    profile: str = STANDARD,
    variants: Sequence[str] = (),
    flags: Mapping[str, object] | None = None,
    *,
    name: str | None = None,
) -> RuleSet:
    """A ``RuleSet`` from a profile, then variants in order, then explicit flags.

    Variants may override their profile; two variants setting one flag differently is an
    error. ``name`` replaces the label built from the parts.

    >>> rules = build_rules("fr_mattel", ["ten_hands"], {"skip_can_go_out": "false"})
    >>> rules.name
    'fr_mattel+ten_hands+skip_can_go_out=false'
    >>> rules.progression, rules.skip_limit, rules.skip_can_go_out
    (<Progression.EVERY_HAND: 'every_hand'>, <SkipLimit.PER_HAND: 'per_hand'>, False)
    """
    profile_name = _normalise(profile)
    if profile_name not in PROFILES:
        shown = repr(profile.strip())
        if profile_name in VARIANTS:
            raise RulesError.about(
                profile.strip(), "variants.variant_as_profile", name=shown, profiles=list(PROFILES)
            )
        raise RulesError.about(
            profile.strip(),
            "variants.unknown_profile",
            name=shown,
            hint=_nearest(profile_name, PROFILES),
            profiles=list(PROFILES),
        )
    values: dict[str, object] = dict(PROFILES[profile_name])
    parts = [profile_name]
    set_by: dict[str, tuple[str, object]] = {}
    for token in variants:
        canonical, flag, value = _parse_variant(token)
        if flag in set_by and set_by[flag][1] != value:
            other = set_by[flag][0]
            # Player's words, not the flag's name.
            raise RulesError.about(
                canonical, "variants.cannot_combine", first=other, second=canonical
            )
        if flag not in set_by:
            set_by[flag] = (canonical, value)
            parts.append(canonical)
        values[flag] = value
    for raw_key, raw_value in (flags or {}).items():
        key = _normalise(raw_key)
        value = _convert_flag(key, raw_value, strict=False)
        values[key] = value
        parts.append(f"{key}={_shown(value)}")
    if name is None:
        # A variant on its own is named as the user wrote it, without "standard+".
        name = "+".join(parts[1:] if len(parts) > 1 and parts[0] == STANDARD else parts)
    numbered = set_by.get("phase_count")
    if numbered is not None and values.get("phase_count") == numbered[1]:
        # The range depends on the list the other flags make (B.1 phase_count), so it is
        # said here, where that list is known, in the variant's own words.
        others = {key: value for key, value in values.items() if key != "phase_count"}
        most = len(_make(name, others).phases)
        count = numbered[1]
        if isinstance(count, int) and not 1 <= count <= most:
            raise RulesError.about(
                "phase_count",
                "variants.n_phases_out_of_range",
                variant=numbered[0],
                most=most,
                count=count,
            )
    return _make(name, values)


def find_variant(name: str) -> RuleSet:
    """The ``RuleSet`` for a profile, ``profile+variant+...``, or variants on ``standard``.

    Case does not matter and ``-`` may stand for ``_``. (``phase10.find_variant`` also takes
    the other games' names, through the registry of ``phase10.games``.)

    >>> find_variant("NL-Accessible + Even-Phases").name
    'nl_accessible+even_phases'
    >>> find_variant("ten_hands+n_phases:7").phase_count
    7
    """
    tokens = [_normalise(token) for token in name.split("+")]
    if not all(tokens):
        raise RulesError.about(name, "variants.empty_name", **_names(name=repr(name)))
    if tokens[0] in PROFILES:
        return build_rules(tokens[0], tokens[1:])
    if not _N_PHASES.fullmatch(tokens[0]) and tokens[0] not in VARIANTS:
        known = [*PROFILES, *VARIANTS]
        first = name.split("+")[0].strip()
        raise RulesError.about(
            first,
            "variants.unknown_rules_name",
            **_names(name=repr(first), hint=_nearest(tokens[0], known)),
        )
    return build_rules(STANDARD, tokens)


def describe_rules(rules: RuleSet, tr: Translator | None = None) -> list[str]:
    """Lines for people: the name, the phases in play, and the flags that differ from standard,
    in ``tr``'s language (the flags' names and values stay as typed, each followed by its
    sentence, :func:`rule_changes`).

    >>> for line in describe_rules(find_variant("fr_mattel+n_phases=3")):
    ...     print(line)
    Rules: fr_mattel+n_phases=3
    Phases in play (3):
      Phase 1: set of 3 + set of 3
      Phase 2: set of 3 + run of 4
      Phase 3: set of 4 + run of 4 (final)
    Differences from the standard rules:
      phase_count = 3: Phases in play: the first 3 of the list.
      skip_limit = per_hand: Each player can be the target of a Skip only once per hand.
    >>> for line in describe_rules(find_variant("n_phases=1"), translator("fr"))[:3]:
    ...     print(line)
    Règles : n_phases=1
    Phase en jeu (1) :
      Phase 1 : série de 3 + série de 3 (la dernière)
    """
    # Imported here: the narration imports this package's rules, not the other way round.
    from phase10.games.phase10.narration import phase_title

    tr = tr or translator("en")
    _ = tr.gettext
    phases = rules.phases
    lines = [
        _(N_("Rules: {rules}")).format(rules=rules.name),
        tr.ngettext("Phase in play ({count}):", "Phases in play ({count}):", len(phases)).format(
            count=len(phases)
        ),
    ]
    for index, phase in enumerate(phases):
        title = phase_title(phase, tr)
        if index == len(phases) - 1:
            title = _(N_("{phase} (final)")).format(phase=title)
        lines.append(f"  {title}")
    changed = rule_changes(rules, tr)
    if not changed:
        lines.append(_(N_("No differences from the standard rules.")))
        return lines
    lines.append(_(N_("Differences from the standard rules:")))
    for setting, sentence in changed:
        said = _(N_("{setting}: {sentence}")).format(setting=setting, sentence=sentence)
        lines.append(f"  {said}" if sentence else f"  {setting}")
    return lines


def rule_changes(rules: RuleSet, tr: Translator | None = None) -> list[tuple[str, str]]:
    """Each flag that differs from the standard rules, as typed (``skip_limit = per_hand``),
    with its sentence in ``tr``'s language: the short variant's that sets it so, the number
    of phases in play, the rules text's for a value only a rules file sets (``""`` where
    there is none).

    >>> rule_changes(find_variant("fr_mattel"))
    [('skip_limit = per_hand', 'Each player can be the target of a Skip only once per hand.')]
    >>> rule_changes(find_variant("n_phases=3"))
    [('phase_count = 3', 'Phases in play: the first 3 of the list.')]
    """
    tr = tr or translator("en")
    said = {
        **_NO_VARIANT_SAYS,
        **{(v.flag, v.value): v.description for v in VARIANTS.values() if not v.takes_number},
    }
    changes = []
    for key, value in rules.flags().items():
        if value == _BASELINE.get(key):
            continue
        if key == "phase_count" and isinstance(value, int):
            sentence = tr.gettext(N_("Phases in play: the first {count} of the list.")).format(
                count=value
            )
        else:
            sentence = tr.gettext(said[key, value]) if (key, value) in said else ""
        changes.append((f"{key} = {_shown(value)}", sentence))
    return changes


#: The sentences of flag values no short variant sets (a rules file's ``[flags]``), as the
#: rules text says them.
_NO_VARIANT_SAYS: Final[dict[tuple[str, object], str]] = {
    ("first_dealer", FirstDealer.YOUNGEST_STARTS): N_(
        "The youngest player plays first, so the player on their right deals the first "
        "hand. The program takes the player in the first seat as the youngest."
    ),
    ("first_dealer", FirstDealer.HIGH_CARD): N_(
        "To choose the first dealer everyone draws a card, and the highest number "
        "deals; players who tie for it draw again."
    ),
}


def rules_from_flags(flags: Mapping[str, object], name: str) -> RuleSet:
    """Rebuild a ``RuleSet`` from ``RuleSet.flags()`` output, as stored in game records.

    Flags missing from ``flags`` keep their baseline value; an unknown one is an error.

    >>> rules = find_variant("nl_accessible+ten_hands")
    >>> rules_from_flags(rules.flags(), rules.name) == rules
    True
    """
    values = {key: _convert_flag(key, value, strict=False) for key, value in flags.items()}
    return _make(name, values)
