"""Phase 10's answers to the command line (``phase10.kernel.commands``): its rule options
(a profile, variants, or a TOML rules file with variants on top), ``--phase N`` for
``check`` and ``odds``, whether a hand makes the phase and, when not, why, and the solo study.

>>> rules = COMMANDS.rules(None, None, ["even_phases"], None, "en")
>>> goal = COMMANDS.goal(rules, {"phase": 2}, "en")
>>> goal.title, goal.options
('Phase 2 (set of 3 + run of 4)', ('--phase', '2'))
>>> COMMANDS.goal(rules, {"phase": 2}, "fr").title
'Phase 2 (série de 3 + suite de 4)'
>>> COMMANDS.goal(rules, {"phase": 1}, "en")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
phase10.kernel.errors.UsageError: phase 1 is not in play ...; phases in play: 2, 4, 6, 8, 10
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from phase10.games.phase10.cards import SKIP_CODE, WILD_CODE, Card, full_deck, parse_cards
from phase10.games.phase10.finder import find_phase
from phase10.games.phase10.groups import Group
from phase10.games.phase10.laydowns import per_group
from phase10.games.phase10.narration import group_text, phase_description, requirement_text
from phase10.games.phase10.rules import HAND_SIZE, Phase, RuleSet
from phase10.games.phase10.rules_file import load_rules_file
from phase10.games.phase10.solo import solo_study
from phase10.games.phase10.variants import (
    build_rules,
    find_variant,
    flag_text,
    rules_from_flags,
)
from phase10.games.phase10.view import PlayerView
from phase10.kernel.commands import Goal
from phase10.kernel.errors import RulesError, UsageError
from phase10.kernel.i18n import N_, Translator, translator

__all__ = ["COMMANDS", "Phase10Commands", "chosen_refusal", "why_not"]

#: The profile the options start from when none is named.
DEFAULT_PROFILE: Final = "standard"


class Phase10Commands:
    """Phase 10's answers to the command line."""

    solo = staticmethod(solo_study)

    def rules(
        self,
        profile: str | None,
        rules_file: str | None,
        variants: Sequence[str],
        deck: str | None,
        lang: str,
    ) -> RuleSet:
        """``--rules`` (a profile, ``profile+variant``, or a file ending in ``.toml``),
        ``--rules-file`` and ``--variant``; Phase 10 has no program deck to read."""
        del deck
        if profile is not None and rules_file is not None:
            text = N_("give either --rules or --rules-file, not both")
            raise UsageError(translator(lang).gettext(text))
        if rules_file is None and profile is not None and profile.lower().endswith(".toml"):
            rules_file = profile
        if rules_file is not None:
            return _file_with_variants(rules_file, variants)
        # find_variant also takes "profile+variant" and variants alone, with its clear errors.
        return find_variant("+".join([profile or DEFAULT_PROFILE, *variants]))

    def goal(self, rules: RuleSet, given: Mapping[str, Any], lang: str) -> Goal:
        """``--phase N``: a phase in play under ``rules``."""
        number = given.get("phase")
        tr = translator(lang)
        if number is None:
            text = N_("--phase N is required for Phase 10 (or use --game programmes)")
            raise UsageError(tr.gettext(text))
        phase = rules.phase_by_number(int(number))
        if phase is None:
            in_play = ", ".join(str(p.number) for p in rules.phases)
            text = N_(
                "phase {number} is not in play under the rules {rules}; phases in play: {phases}"
            )
            raise UsageError(
                tr.gettext(text).format(number=number, rules=repr(rules.name), phases=in_play)
            )
        return _goal(phase, tr)

    def hand(self, text: str, lang: str) -> list[Card]:
        """The cards typed. A hand is some of the 108-card deck (P10-R01); an empty one or
        thousands of cards is a mistake. Copies beyond the deck's stay allowed: people check
        hypothetical hands (four R2 in the help's own example)."""
        cards = list(parse_cards(text))
        most = len(full_deck())
        if not 1 <= len(cards) <= most:
            message = N_("a hand to check holds 1 to {most} cards (the deck, P10-R01), not {count}")
            raise UsageError(translator(lang).gettext(message).format(most=most, count=len(cards)))
        return cards

    def fit(self, cards: Sequence[Card], goal: Goal, rules: RuleSet) -> tuple[Group, ...] | None:
        """One way to lay the phase down from ``cards``."""
        return find_phase(cards, goal.own, rules)

    def why_not(self, cards: Sequence[Card], goal: Goal, rules: RuleSet, lang: str) -> str | None:
        """See :func:`why_not`."""
        return why_not(cards, goal.own, rules, lang)

    def group_text(self, group: Group, lang: str) -> str:
        """``série R5 B5 W=5``: the group as lists and hints write it."""
        return group_text(group, lang)

    def deal(self, goal: Goal, rules: RuleSet, lang: str) -> tuple[Sequence[Card], int, str]:
        """A freshly dealt hand, from the whole deck."""
        del rules
        title = translator(lang).gettext(N_("{goal} in a freshly dealt {size}-card hand"))
        return full_deck(), HAND_SIZE, title.format(goal=goal.title, size=HAND_SIZE)

    def timed(self, rules: RuleSet) -> tuple[tuple[Goal, ...], tuple[Card, ...], int]:
        """Every phase in play, on hands of the 10 dealt cards plus the draw (D-39)."""
        english = translator("en")
        return tuple(_goal(p, english) for p in rules.phases), full_deck(), HAND_SIZE + 1


def _goal(phase: Phase, tr: Translator) -> Goal:
    title = tr.gettext(N_("Phase {number} ({description})"))
    return Goal(
        subject="phase",
        number=phase.number,
        title=title.format(number=phase.number, description=phase_description(phase, tr)),
        requirement=phase.description,
        options=("--phase", str(phase.number)),
        own=phase,
    )


def _file_with_variants(path: str, variants: Sequence[str]) -> RuleSet:
    base = load_rules_file(path)
    if not variants:
        return base
    # Variants cannot be applied to a RuleSet directly: find the flags they change from the
    # baseline (which also checks them and their clashes) and lay those over the file's flags.
    alone = build_rules(DEFAULT_PROFILE, variants)
    baseline = RuleSet().flags()
    changes = {k: v for k, v in alone.flags().items() if v != baseline[k]}
    own = base.flags()
    for flag, value in changes.items():
        if own[flag] not in (baseline[flag], value):
            # Laying the variant over the file would drop a house rule without a word,
            # as two clashing variants on the command line are refused (B.1).
            raise RulesError.about(
                _variant_setting(variants, flag),
                "variants.file_clash",
                path=path,
                flag=flag,
                value=flag_text(own[flag]),
                variant=_variant_setting(variants, flag),
                other=flag_text(value),
            )
    name = "+".join([base.name, *(alone.name.split("+"))])
    try:
        return rules_from_flags({**base.flags(), **changes}, name)
    except RulesError as err:
        raise RulesError(f"{path} with --variant: {err}", key=err.key) from None


def _variant_setting(variants: Sequence[str], flag: str) -> str:
    """The variant, as typed, that sets ``flag`` (one does: its change was found)."""
    for token in variants:
        if build_rules(DEFAULT_PROFILE, [token]).flags()[flag] != RuleSet().flags()[flag]:
            return token.strip()
    return flag


def why_not(cards: Sequence[Card], phase: Phase, rules: RuleSet, lang: str = "en") -> str | None:
    """A short reason a phase is impossible, when a cheap one exists, in ``lang``.

    >>> rules = RuleSet()
    >>> why_not(parse_cards("R1 R2 R3 S"), rules.phases[3], rules)
    'needs at least 7 cards that are not Skips; there are 3'
    >>> why_not(parse_cards("R1 R2 R5 B6 W W G12 G12 Y9"), rules.phases[3], rules)
    'no run of 7, even with the 2 wilds'
    >>> why_not(parse_cards("R2 R2 R2 R3 R4 R5 G9"), rules.phases[1], rules)
    'each group is possible alone (set of 3 + run of 4), but not all of them from the same cards'
    >>> why_not(parse_cards("R5 W W W W W"), rules.phases[0], rules)
    'every group needs a natural card of its own (P10-R07): 2 groups, 1 natural card'
    >>> why_not(parse_cards("R1 R2 R5 B6 W G12 G12 Y9"), rules.phases[3], rules, "de")
    'nicht möglich: Lauf von 7, auch nicht mit 1 Joker'
    """
    tr = translator(lang)
    usable = sum(1 for c in cards if c != SKIP_CODE)
    if usable < phase.min_cards:
        if usable < len(cards):
            text = tr.ngettext(
                "needs at least {need} cards that are not Skips; there is {count}",
                "needs at least {need} cards that are not Skips; there are {count}",
                usable,
            )
        else:
            text = tr.ngettext(
                "needs at least {need} cards; there is {count}",
                "needs at least {need} cards; there are {count}",
                usable,
            )
        return text.format(need=phase.min_cards, count=usable)
    wilds = sum(1 for c in cards if c == WILD_CODE)
    # Each requirement alone is one more cheap finder call; if one fails alone, that is why.
    for req in phase.groups:
        if find_phase(cards, Phase(phase.number, (req,)), rules) is None:
            return _missing(requirement_text(req, tr), wilds, tr)
    naturals = usable - wilds
    if len(phase.groups) > 1 and per_group(rules) and naturals < len(phase.groups):
        # Each group alone finds its natural card; together they need one each (P10-R07).
        text = tr.ngettext(
            "every group needs a natural card of its own (P10-R07): {needs} groups, {count} "
            "natural card",
            "every group needs a natural card of its own (P10-R07): {needs} groups, {count} "
            "natural cards",
            naturals,
        )
        return text.format(needs=len(phase.groups), count=naturals)
    if len(phase.groups) > 1:
        text = tr.gettext(
            N_("each group is possible alone ({groups}), but not all of them from the same cards")
        )
        return text.format(groups=phase_description(phase, tr))
    return None


def chosen_refusal(
    view: PlayerView, kind: str, cards: Sequence[str], lang: str = "en"
) -> str | None:
    """Why no move of ``kind`` uses every card of ``cards`` (codes in the seat's hand),
    where the game can say it of a lay-down; ``None`` otherwise. A lay-down takes its phase's
    groups at their exact sizes (extra cards are hit afterwards, D-14), and no Skip.

    >>> from phase10.games.phase10.turns import new_game
    >>> from phase10.games.phase10.view import view_for
    >>> view = view_for(new_game(RuleSet(), players=2, seed=1), 0)
    >>> " ".join(str(card) for card in view.hand)
    'R1 R7 B5 B8 Y2 Y8 G2 G4 W S'
    >>> print(chosen_refusal(view, "lay_down", ["Y2", "G2"]))
    ... # doctest: +NORMALIZE_WHITESPACE
    Phase 1 (set of 3 + set of 3) cannot be made from your hand, with the chosen cards or
    without: each group is possible alone (set of 3 + set of 3), but not all of them from the
    same cards.
    >>> print(chosen_refusal(view, "lay_down", ["R1", "R2", "R3", "R4", "R5", "R6"]))
    ... # doctest: +NORMALIZE_WHITESPACE
    Phase 1 (set of 3 + set of 3) cannot be made from the chosen cards: no set of 3, and there
    are no wilds.
    >>> print(chosen_refusal(view, "lay_down", ["R1", "B1", "G1", "R2", "B2", "G2", "Y2"]))
    ... # doctest: +NORMALIZE_WHITESPACE
    Phase 1 (set of 3 + set of 3) is laid down with exactly 6 cards, and 7 are chosen; the
    rest may be hit on your groups after it (D-14).
    """
    me = view.players[view.seat] if 0 <= view.seat < len(view.players) else None
    phase = me.phase if me is not None else None
    # A phase laid down already (P10-R16): the game's own refusal says so.
    if kind != "lay_down" or phase is None or me is None or me.laid >= 0:
        return None
    tr = translator(lang)
    title = _goal(phase, tr).title
    chosen = parse_cards(" ".join(cards))
    if SKIP_CODE in chosen:
        return tr.gettext(N_("{phase} is never laid down with a Skip.")).format(phase=title)
    if len(chosen) > phase.min_cards:
        text = tr.ngettext(
            "{phase} is laid down with exactly {need} cards, and {count} is chosen; the "
            "rest may be hit on your groups after it (D-14).",
            "{phase} is laid down with exactly {need} cards, and {count} are chosen; the "
            "rest may be hit on your groups after it (D-14).",
            len(chosen),
        )
        return text.format(phase=title, need=phase.min_cards, count=len(chosen))
    if find_phase(chosen, phase, view.rules) is not None:
        return None
    if len(chosen) < phase.min_cards:
        # The rest would come from the hand (P10-R15): a count of the chosen cards alone
        # ("there are 3") read as if the hand held 3. Say what the hand lacks, or that it
        # has other ways.
        hand = list(view.hand)
        if find_phase(hand, phase, view.rules) is not None:
            text = tr.gettext(
                N_(
                    "{phase} can be laid down from your hand, but no way of doing it uses "
                    "all the chosen cards together."
                )
            )
            return text.format(phase=title)
        reason = why_not(hand, phase, view.rules, lang)
        if reason is None:
            text = tr.gettext(N_("{phase} cannot be made from your hand."))
            return text.format(phase=title)
        text = tr.gettext(
            N_("{phase} cannot be made from your hand, with the chosen cards or without: {reason}.")
        )
        return text.format(phase=title, reason=reason)
    reason = why_not(chosen, phase, view.rules, lang)
    if reason is None:
        return tr.gettext(N_("{phase} cannot be made from the chosen cards.")).format(phase=title)
    text = tr.gettext(N_("{phase} cannot be made from the chosen cards: {reason}."))
    return text.format(phase=title, reason=reason)


def _missing(group: str, wilds: int, tr: Translator) -> str:
    """``no run of 7, even with the 2 wilds``: the group no cards make, and the wilds."""
    if wilds == 0:
        return tr.gettext(N_("no {group}, and there are no wilds")).format(group=group)
    text = tr.ngettext(
        "no {group}, even with the {count} wild", "no {group}, even with the {count} wilds", wilds
    )
    return text.format(group=group, count=wilds)


COMMANDS: Final = Phase10Commands()
