"""One plain English sentence per engine event, for the line game, logs and screen readers.

Every sentence is a format string in :data:`MESSAGES`, keyed by event kind (``.you`` for the
form addressed to the viewer), so a translation replaces one dict.

>>> from phase10.engine.cards import parse_cards
>>> from phase10.engine.state import Event, EventKind
>>> names = ["Ann", "Bob"]
>>> describe_event(Event(EventKind.DREW, seat=0), names)
'Ann drew a card.'
>>> describe_event(Event(EventKind.DREW, seat=0, cards=parse_cards("R7")), names, viewer=0)
'You drew R7.'
>>> describe_event(Event(EventKind.DISCARDED, seat=0, cards=parse_cards("S"), target=1), names)
'Ann discarded a Skip: Bob loses the next turn.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from phase10.engine.cards import SKIP_CODE, SYMBOL_OF, WILD_CODE
from phase10.engine.groups import Group, value_symbol
from phase10.engine.rules import Kind, Progression, RuleSet
from phase10.engine.state import Event, EventKind, GameState

#: Every sentence the narrator can say. Keys: an EventKind value, optionally ``.you`` (the
#: viewer acts) or another suffix for a variant of the sentence; plus a few helper phrases.
MESSAGES: Final[dict[str, str]] = {
    "hand_dealt": "Hand {hand} is dealt by {dealer}.",
    "hand_dealt.you": "Hand {hand} is dealt by you.",
    "turned_up": "{card} is turned up to start the discard pile.",
    "turned_up.skip": "A Skip is turned up: {name} loses the first turn.",
    "turned_up.skip.you": "A Skip is turned up: you lose the first turn.",
    "turn_started": "It is {name}'s turn.",
    "turn_started.you": "It is your turn.",
    "turn_lost": "{name} loses this turn.",
    "turn_lost.you": "You lose this turn.",
    "drew": "{name} drew a card.",
    "drew.you": "You drew {card}.",
    "took_discard": "{name} took {card} from the discard pile.",
    "took_discard.you": "You took {card} from the discard pile.",
    "reshuffled": "The discard pile is shuffled into a new draw pile of {count} cards.",
    "laid_down": "{name} laid down phase {phase}: {groups}.",
    "laid_down.you": "You laid down phase {phase}: {groups}.",
    "hit": "{name} hit {card} on {owner} {group}.",
    "hit.you": "You hit {card} on {owner} {group}.",
    "hit.wild": "{name} hit a wild on {owner} run, which is now {group}.",
    "hit.wild.you": "You hit a wild on {owner} run, which is now {group}.",
    "discarded": "{name} discarded {card}.",
    "discarded.you": "You discarded {card}.",
    "discarded.skip": "{name} discarded a Skip.",
    "discarded.skip.you": "You discarded a Skip.",
    "discarded.skip_target": "{name} discarded a Skip: {target} loses the next turn.",
    "discarded.skip_target.you": "You discarded a Skip: {target} loses the next turn.",
    "discarded.skip_at_you": "{name} discarded a Skip: you lose your next turn.",
    "skipped_player": "{target} loses the next turn.",
    "skipped_player.you": "You lose your next turn.",
    "dead_skip": "The Skip has no effect: nobody can be skipped now.",
    "went_out": "{name} went out.",
    "went_out.you": "You went out.",
    "hand_ended": "Hand {hand} ended. Points: {points}.",
    "hand_ended.nobody": "The draw pile is empty and nobody went out. Points: {points}.",
    "tiebreak": "{players} are tied: they play a tie-break hand.",
    "game_over": "{name} wins the game with {achievement} and {points} points.",
    "game_over.you": "You win the game with {achievement} and {points} points.",
    "achievement.phase": "phase {phase} done",
    "achievement.lowest": "the lowest total",
    "moved_up": "{name} moves up to phase {phase}.",
    "moved_up.you": "You move up to phase {phase}.",
    "completed": "{name} completed phase {phase}.",
    "completed.you": "You completed phase {phase}.",
    "finished": "{name} has completed every phase.",
    "finished.you": "You have completed every phase.",
    "stays": "{name} stays on phase {phase}.",
    "stays.you": "You stay on phase {phase}.",
    "everyone_moves": "Everyone moves on to phase {phase}.",
    "and": " and ",
    "owner.you": "your",
    "owner.other": "{name}'s",
}


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def _say(key: str, viewer_acts: bool, **fields: object) -> str:
    template = MESSAGES.get(f"{key}.you") if viewer_acts else None
    return (template or MESSAGES[key]).format(**fields)


def _join(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + MESSAGES["and"] + items[-1]


def _phase_number(index: int, rules: RuleSet | None) -> int:
    if rules is not None and 0 <= index < len(rules.phases):
        return rules.phases[index].number
    return index + 1


def _hit_token(event: Event) -> str | None:
    """The hit card as written in its group (``W=2``), or None if it cannot be told."""
    card = event.cards[0] if event.cards else -1
    grown = event.groups[0] if event.groups else None
    if card != WILD_CODE:
        return SYMBOL_OF[card] if card >= 0 else "a card"
    if grown is None:
        return "W"
    if grown.kind is not Kind.RUN:
        return f"W={value_symbol(grown.kind, grown.low)}"
    first, last = grown.cards[0] == WILD_CODE, grown.cards[-1] == WILD_CODE
    if first and not last:
        return f"W={grown.low}"
    if last and not first:
        return f"W={grown.high}"
    return None


def _before_hit(grown: Group, card: int) -> str:
    """The group as it was before the hit, described for people."""
    if grown.kind is not Kind.RUN:
        return grown.describe()
    low, high = grown.low, grown.high
    if (card != WILD_CODE and card % 12 + 1 == low) or (
        card == WILD_CODE and grown.cards[0] == card
    ):
        low += 1
    else:
        high -= 1
    return f"run {low}-{high}"


def describe_event(
    event: Event,
    names: Sequence[str],
    viewer: int | None = None,
    *,
    rules: RuleSet | None = None,
    hand: int | None = None,
) -> str:
    """One English sentence for ``event``; ``names`` are the seats' names.

    ``viewer`` is the seat reading it: sentences about that seat say "you", and its own
    drawn card is named (other seats' cards are hidden by ``view_for`` anyway). ``rules``
    turns phase indices into printed numbers; ``hand`` (1-based) numbers a hand that ended.

    >>> from phase10.engine.groups import parse_groups
    >>> from phase10.engine.cards import parse_cards
    >>> names = ["Ann", "Bob"]
    >>> laid = Event(EventKind.LAID_DOWN, seat=0, groups=parse_groups("set R5 B5 W | set G7 R7 Y7"))
    >>> describe_event(laid, names)
    'Ann laid down phase 1: set R5 B5 W=5, set R7 Y7 G7.'
    >>> grown = parse_groups("run W=2 R3 R4 R5 R6")[0]
    >>> hit = Event(EventKind.HIT, seat=1, cards=parse_cards("W"), target=0, groups=(grown,))
    >>> describe_event(hit, names)
    "Bob hit W=2 on Ann's run 3-6."
    >>> describe_event(Event(EventKind.HAND_ENDED, seat=0, scores=(0, 45), number=2), names)
    'Hand 3 ended. Points: Ann 0, Bob 45.'
    """
    kind = event.kind
    me = viewer is not None and event.seat == viewer
    name = _name(names, event.seat)
    card = SYMBOL_OF[event.cards[0]] if event.cards else ""
    if kind is EventKind.HAND_DEALT:
        return _say("hand_dealt", me, hand=event.number + 1, dealer=name)
    if kind is EventKind.TURNED_UP:
        if event.cards and event.cards[0] == SKIP_CODE:
            return _say("turned_up.skip", me, name=name)
        return _say("turned_up", False, card=card)
    if kind is EventKind.TURN_STARTED:
        return _say("turn_started", me, name=name)
    if kind is EventKind.TURN_LOST:
        return _say("turn_lost", me, name=name)
    if kind is EventKind.DREW:
        if me and card:
            return _say("drew", True, card=card)
        return _say("drew", False, name="You" if me else name)
    if kind is EventKind.TOOK_DISCARD:
        return _say("took_discard", me, name=name, card=card)
    if kind is EventKind.RESHUFFLED:
        return _say("reshuffled", False, count=event.number or len(event.cards))
    if kind is EventKind.LAID_DOWN:
        groups = ", ".join(str(g) for g in event.groups)
        return _say(
            "laid_down", me, name=name, phase=_phase_number(event.number, rules), groups=groups
        )
    if kind is EventKind.HIT:
        return _describe_hit(event, names, viewer, me, name)
    if kind is EventKind.DISCARDED:
        if event.cards and event.cards[0] == SKIP_CODE:
            if event.target < 0:
                return _say("discarded.skip", me, name=name)
            if viewer is not None and event.target == viewer:
                return _say("discarded.skip_at_you", False, name=name)
            target = _name(names, event.target)
            return _say("discarded.skip_target", me, name=name, target=target)
        return _say("discarded", me, name=name, card=card)
    if kind is EventKind.SKIPPED_PLAYER:
        you = viewer is not None and event.target == viewer
        return _say("skipped_player", you, target=_name(names, event.target))
    if kind is EventKind.DEAD_SKIP:
        return _say("dead_skip", False)
    if kind is EventKind.WENT_OUT:
        return _say("went_out", me, name=name)
    if kind is EventKind.HAND_ENDED:
        points = ", ".join(f"{_name(names, s)} {p}" for s, p in enumerate(event.scores))
        if event.seat < 0:
            return _say("hand_ended.nobody", False, points=points)
        return _say("hand_ended", False, hand=event.number + 1, points=points)
    if kind is EventKind.TIEBREAK:
        return _say("tiebreak", False, players=_join([_name(names, s) for s in event.scores]))
    if kind is EventKind.GAME_OVER:
        total = event.scores[event.seat] if 0 <= event.seat < len(event.scores) else 0
        return _say("game_over", me, name=name, achievement=_achievement(rules), points=total)
    raise ValueError(f"no sentence for event kind {kind!r}")


def _describe_hit(
    event: Event, names: Sequence[str], viewer: int | None, me: bool, name: str
) -> str:
    owner_seat = event.target
    if viewer is not None and owner_seat == viewer:
        owner = MESSAGES["owner.you"]
    else:
        owner = MESSAGES["owner.other"].format(name=_name(names, owner_seat))
    token = _hit_token(event)
    grown = event.groups[0] if event.groups else None
    if token is None and grown is not None:
        return _say("hit.wild", me, name=name, owner=owner, group=f"{grown.low}-{grown.high}")
    card = event.cards[0] if event.cards else -1
    group = _before_hit(grown, card) if grown is not None else "group"
    return _say("hit", me, name=name, card=token, owner=owner, group=group)


def _achievement(rules: RuleSet | None) -> str:
    if rules is None:
        return MESSAGES["achievement.lowest"]
    if rules.progression is Progression.EVERY_HAND:
        return MESSAGES["achievement.lowest"]
    return MESSAGES["achievement.phase"].format(phase=rules.final_phase.number)


def narrate(
    events: Sequence[Event],
    names: Sequence[str],
    viewer: int | None = None,
    *,
    rules: RuleSet | None = None,
    hand: int | None = None,
) -> list[str]:
    """Sentences for a run of events, dropping repeats (a Skip's target is already named).

    ``hand`` is the 1-based number of the hand the first event belongs to; a new deal in
    ``events`` moves it on.
    """
    lines: list[str] = []
    previous: Event | None = None
    for event in events:
        if event.kind is EventKind.HAND_DEALT:
            hand = event.number + 1
        if (
            event.kind is EventKind.SKIPPED_PLAYER
            and previous is not None
            and previous.kind is EventKind.DISCARDED
            and previous.target == event.target
        ):
            previous = event
            continue
        lines.append(describe_event(event, names, viewer, rules=rules, hand=hand))
        previous = event
    return lines


def describe_progress(
    before: GameState, after: GameState, names: Sequence[str], viewer: int | None = None
) -> list[str]:
    """Who moved up a phase between two states around the end of a hand (P10-R32).

    Empty when no hand ended in between.
    """
    if after.hand_number == before.hand_number and after.outcome is None:
        return []
    rules = after.rules
    phases = rules.phases
    if rules.progression is Progression.EVERY_HAND:
        if after.outcome is not None or after.hand_number >= len(phases):
            return []
        return [MESSAGES["everyone_moves"].format(phase=phases[after.hand_number].number)]
    lines: list[str] = []
    for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        if not old.dealt_in:
            continue
        me = viewer == seat
        name = _name(names, seat)
        if rules.progression is Progression.PICK_ANY:
            gained = new.completed & ~old.completed
            if gained:
                index = gained.bit_length() - 1
                lines.append(_say("completed", me, name=name, phase=phases[index].number))
            continue
        if new.phase_index > old.phase_index:
            if new.phase_index >= len(phases):
                lines.append(_say("finished", me, name=name))
            else:
                lines.append(_say("moved_up", me, name=name, phase=phases[new.phase_index].number))
        elif new.phase_index < len(phases):
            lines.append(_say("stays", me, name=name, phase=phases[new.phase_index].number))
    return lines
