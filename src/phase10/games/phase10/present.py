"""Phase 10 as one seat is shown it: a seat's view turned into the kernel's presentation
(:mod:`phase10.kernel.presentation`), in the seat's language.

Every word a front end shows of a Phase 10 table is made here: a card's words (``red 7``),
a group's (``Bob's run 3 to 6``), the phase a player is on, what the seat can do now and each
legal move's label, so no front end needs to know the game.

>>> from phase10.games.phase10.turns import new_game
>>> from phase10.games.phase10.rules import RuleSet
>>> from phase10.games.phase10.view import view_for
>>> state = new_game(RuleSet(), players=2, seed=4)
>>> shown = present(view_for(state, 0), ["Ann", "Bob"], "en")
>>> shown.goal
'You are on phase 1: set of 3 + set of 3.'
>>> [(m.id, m.kind, m.label) for m in shown.moves]
[('draw', 'draw', 'Draw from the draw pile'), ('take', 'take', 'Take B2 from the discard pile')]
>>> shown.hand[0].code, shown.hand[0].label, shown.hand[-1].label
('R2', 'red 2', 'Skip')
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from types import MappingProxyType
from typing import Final

from phase10.games.phase10.actions import Action, Discard, Hit, LayDown
from phase10.games.phase10.cards import (
    COLOUR_OF,
    NUMBER_OF,
    POINTS_OF,
    SKIP_CODE,
    SYMBOL_OF,
    WILD_CODE,
)
from phase10.games.phase10.choices import rules_words
from phase10.games.phase10.codec import action_to_json
from phase10.games.phase10.evaluate import distance
from phase10.games.phase10.groups import Group, hit_values
from phase10.games.phase10.learned import LearnedBot
from phase10.games.phase10.legal import takeable
from phase10.games.phase10.narration import (
    card_label,
    group_phrase,
    group_text,
    group_words,
    phase_description,
)
from phase10.games.phase10.rules import Phase, Progression
from phase10.games.phase10.state import Event, EventKind
from phase10.games.phase10.view import PlayerView, PublicPlayer
from phase10.kernel.actions import Draw, Source
from phase10.kernel.i18n import N_, Translator, translator
from phase10.kernel.kinds import Kind
from phase10.kernel.presentation import (
    CardFace,
    GroupInfo,
    HandSummary,
    Hint,
    Move,
    PlayerInfo,
    Presentation,
)
from phase10.kernel.state import Stage
from phase10.kernel.table_words import (
    draw_move,
    hint_among,
    owned,
    pile_refusals,
    refusals,
    say,
    shared_piles,
    turn_refusals,
    turn_sentence,
    worded,
)

__all__ = ["card_face", "hand_summary", "present"]

_SUITS: Final = ("red", "blue", "yellow", "green")


@lru_cache(maxsize=1024)  # a card's face is the same in every view of one language
def card_face(card: int, tr: Translator) -> CardFace:
    """A card with its words: ``R7`` is ``red 7``; the wild and the Skip say what they are.

    >>> card_face(48, translator("fr")).label, card_face(6, translator("de")).label
    ('joker', 'rote 7')
    """
    number, colour = NUMBER_OF[card], COLOUR_OF[card]
    if card == WILD_CODE:
        suit, rank = "wild", 13
    elif card == SKIP_CODE:
        suit, rank = "skip", 14
    else:
        suit, rank = _SUITS[colour], number
    return CardFace(
        code=SYMBOL_OF[card],
        label=card_label(card, tr),
        wild=card == WILD_CODE,
        suit=suit,
        by_rank=rank * 4 + max(colour, 0),
        by_suit=card,
    )


def _placed_face(card: int, value: int, kind: Kind, tr: Translator) -> CardFace:
    """A card of a group on the table: a wild in a set or a run says the number it stands
    for there ("wild as 5", as the group's notation writes W=5); in a colour group the
    group's words say its colour already.

    >>> _placed_face(WILD_CODE, 5, Kind.RUN, translator("fr")).label
    'joker comme 5'
    """
    face = card_face(card, tr)
    if card != WILD_CODE or kind is Kind.COLOUR:
        return face
    label = say(tr, N_("{card} as {value}"), card=face.label, value=value)
    return replace(face, label=label)


def _group_label(group: Group, owner: int, seat: int, names: Sequence[str], tr: Translator) -> str:
    return owned(group_phrase(group, tr), owner, seat, names, tr)


# A group's and a player's words change only when that group or player does, and the server
# presents the table to every connection after every move: each is worded once, then reused
# (the parts are frozen, so sharing them is safe).
@lru_cache(maxsize=8192)
def _group_info(
    group: Group, owner: int, index: int, seat: int, names: tuple[str, ...], tr: Translator
) -> GroupInfo:
    return GroupInfo(
        id=f"{owner}.{index}",
        owner=owner,
        kind=group.kind.value,
        cards=tuple(
            _placed_face(c, v, group.kind, tr)
            for c, v in zip(group.cards, group.values, strict=True)
        ),
        text=str(group),
        name=group_phrase(group, tr),
        label=_group_label(group, owner, seat, names, tr),
    )


def _table(view: PlayerView, names: tuple[str, ...], tr: Translator) -> tuple[GroupInfo, ...]:
    return tuple(
        _group_info(group, owner, index, view.seat, names, tr)
        for owner, row in enumerate(view.table)
        for index, group in enumerate(row)
    )


def _open_phases(view: PlayerView, player: PublicPlayer) -> tuple[int, ...] | None:
    """The phases ``player`` may still lay down under ``pick_any`` (outside a tie-break)."""
    rules = view.rules
    if view.tiebreak or rules.progression is not Progression.PICK_ANY:
        return None
    return tuple(p.number for i, p in enumerate(rules.phases) if not player.completed >> i & 1)


def _player(
    view: PlayerView, seat: int, player: PublicPlayer, names: Sequence[str], tr: Translator
) -> PlayerInfo:
    return _player_info(
        player,
        seat,
        names[seat],
        _open_phases(view, player),
        seat == view.seat,
        seat == view.current and view.stage is not Stage.OVER,
        seat == view.dealer,
        tr,
    )


@lru_cache(maxsize=8192)
def _player_info(
    player: PublicPlayer,
    seat: int,
    name: str,
    open_phases: tuple[int, ...] | None,
    you: bool,
    to_act: bool,
    dealer: bool,
    tr: Translator,
) -> PlayerInfo:
    if open_phases:
        where = tr.gettext(N_("any open phase"))
        goal = None
    elif player.phase is None:
        where, goal = tr.gettext(N_("every phase done")), None
    else:
        where = say(tr, N_("phase {phase}"), phase=player.phase.number)
        goal = say(
            tr,
            N_("Phase {number}: {description}"),
            number=player.phase.number,
            description=phase_description(player.phase, tr),
        )
    status: list[str] = []
    if player.laid >= 0:
        status.append(tr.gettext(N_("laid down")))
        where = say(tr, N_("{where}, laid down"), where=where)
    # The seat's own line speaks to its player ("vous passez votre prochain tour"): the
    # words for another seat are a third person's in French, German and Dutch.
    if player.skip_pending:
        skipped = N_("you lose your next turn") if you else N_("loses the next turn")
        status.append(tr.gettext(skipped))
        where = say(tr, N_("{where}, {status}"), where=where, status=status[-1])
    if not player.dealt_in:
        sits_out = N_("you sit out this hand") if you else N_("sits out this hand")
        status.append(tr.gettext(sits_out))
        where = say(tr, N_("{where}, {status}"), where=where, status=status[-1])
    cards = tr.ngettext("{count} card", "{count} cards", player.hand_size).format(
        count=player.hand_size
    )
    summary = tr.ngettext(
        "{name} {points} point ({where}, {cards})",
        "{name} {points} points ({where}, {cards})",
        player.score,
    ).format(name=name, points=player.score, where=where, cards=cards)
    done = bin(player.completed).count("1")
    return PlayerInfo(
        seat=seat,
        name=name,
        you=you,
        to_act=to_act,
        dealer=dealer,
        cards=player.hand_size,
        points=player.score,
        progress=done,
        progress_text=tr.ngettext("{count} phase done", "{count} phases done", done).format(
            count=done
        ),
        goal=goal,
        status=tuple(status),
        summary=summary,
        took=tuple(card_face(card, tr) for card in player.took),
    )


def _goal(view: PlayerView, tr: Translator) -> str:
    if view.seat < 0:
        return tr.gettext(N_("You are watching as a spectator."))
    me = view.players[view.seat]
    if me.laid >= 0:
        number = view.rules.phases[me.laid].number
        return say(tr, N_("Your phase {phase} is down this hand."), phase=number)
    if (open_phases := _open_phases(view, me)) is not None:
        return say(
            tr,
            N_("Phases you may still lay down: {phases}."),
            phases=", ".join(str(n) for n in open_phases),
        )
    if me.phase is None:
        return tr.gettext(N_("You have completed every phase."))
    return say(
        tr,
        N_("You are on phase {phase}: {description}."),
        phase=me.phase.number,
        description=phase_description(me.phase, tr),
    )


def _turn(view: PlayerView, names: Sequence[str], tr: Translator) -> str:
    # Only what the hand can do now: a lay-down or a hit the cards cannot make is refused
    # (P10-R15, P10-R21), so the sentence does not suggest it.
    lay = any(isinstance(a, LayDown) for a in view.legal)
    hit = any(isinstance(a, Hit) for a in view.legal)
    if lay and hit:
        play = N_("It is your turn: lay down, hit or discard.")
    elif lay:
        play = N_("It is your turn: lay down your phase, or discard.")
    elif hit:
        play = N_("It is your turn: hit, or discard.")
    else:
        play = N_("It is your turn: discard a card.")
    return turn_sentence(view, names, tr, play=tr.gettext(play))


def _said(
    view: PlayerView, action: Action, names: Sequence[str], tr: Translator, words: bool
) -> Move:
    """A move labelled as its button shows it, with its words for a reader who asked."""
    return worded(lambda in_words: _move(view, action, names, tr, in_words), words)


def _move(
    view: PlayerView, action: Action, names: Sequence[str], tr: Translator, words: bool
) -> Move:
    top = view.discard_top
    target: str | None = None
    cards: tuple[str, ...] = ()

    # A label names its cards by notation, or in words for a reader who asked for them.
    def named(card: int) -> str:
        return card_label(card, tr) if words else SYMBOL_OF[card]

    if isinstance(action, Draw):
        kind, label = draw_move(action, None if top is None else named(top), tr)
    elif isinstance(action, LayDown):
        kind = "lay_down"
        cards = tuple(SYMBOL_OF[c] for c in action.cards)
        shown = group_words if words else group_text
        groups = " + ".join(shown(g, tr) for g in action.groups)
        if action.phase is not None:
            groups = say(tr, N_("Phase {phase}: {groups}"), phase=action.phase, groups=groups)
        label = say(tr, N_("Lay down: {groups}"), groups=groups)
    elif isinstance(action, Hit):
        kind, cards, target = "hit", (SYMBOL_OF[action.card],), f"{action.owner}.{action.index}"
        group = view.table[action.owner][action.index]
        where = _group_label(group, action.owner, view.seat, names, tr)
        if action.card == WILD_CODE and group.kind is Kind.RUN and words:
            wild = say(tr, N_("{card} as {value}"), card=named(WILD_CODE), value=action.value)
            what = say(tr, N_("{card} on {group}"), card=wild, group=where)
        elif action.card == WILD_CODE and group.kind is Kind.RUN:
            what = say(tr, N_("W as {value} on {group}"), value=action.value, group=where)
        else:
            what = say(tr, N_("{card} on {group}"), card=named(action.card), group=where)
        label = say(tr, N_("Hit: {what}"), what=what)
    else:
        assert isinstance(action, Discard)
        kind, cards = "discard", (SYMBOL_OF[action.card],)
        if action.target is not None:
            target = str(action.target)
            label = say(tr, N_("Play the Skip at {name}"), name=names[action.target])
        else:
            label = say(tr, N_("Discard {card}"), card=named(action.card))
    if words:
        # A label may begin with its card ("blaue 11 ablegen"): a label begins upper case.
        label = label[:1].upper() + label[1:]
    return Move(
        id=str(action),
        kind=kind,
        label=label,
        cards=cards,
        target=target,
        action=action_to_json(action),
    )


def _prompts(
    view: PlayerView, moves: Sequence[Move], tr: Translator, words: bool = False
) -> tuple[str, ...]:
    """What the seat can do now, a sentence each (nothing when it is not its turn)."""
    if not moves:
        return ()
    kinds = [m.kind for m in moves]
    top = view.discard_top
    if view.stage is Stage.DRAW:
        if "take" in kinds and top is not None:
            text = N_("Draw (d) or take {card} from the discard pile (t).")
            card = card_label(top, tr) if words else SYMBOL_OF[top]
            return (say(tr, text, card=card),)
        return (tr.gettext(N_("It is your turn: draw a card.")),)
    out: list[str] = []
    lays = kinds.count("lay_down")
    if lays:
        out.append(
            tr.ngettext(
                "You can lay down your phase ({count} way).",
                "You can lay down your phase ({count} ways).",
                lays,
            ).format(count=lays)
        )
    hits = sorted({m.cards[0] for m in moves if m.kind == "hit"})
    if words:
        hits = [card_label(SYMBOL_OF.index(code), tr) for code in hits]
    if hits:
        out.append(
            say(tr, N_("These cards fit groups on the table: {cards}."), cards=", ".join(hits))
        )
    out.append(tr.gettext(N_("End your turn with a discard.")))
    return tuple(out)


def _hint(
    view: PlayerView, moves: Sequence[Move], tr: Translator, words: bool = False
) -> Hint | None:
    """The move the strongest fast computer player, the ``hard`` level's learned bot, would
    make (its own seeded generator, so the same position always gets the same hint), with
    why, where a plain reason can be given: a hint is there to teach."""
    if not moves:
        return None
    action = _ADVISER.choose(view, random.Random(0))
    return hint_among(str(action), moves, tr, hint_reason(view, action, tr, words=words))


def hint_reason(
    view: PlayerView, action: Action, tr: Translator, *, words: bool = False
) -> str | None:
    """Why ``action`` is a good move for the seat, in one sentence a new player can check
    on their own hand; ``None`` where no plain reason fits (the hint then says the move).

    Measured by the cards the hand still misses to hold its phase (P10-R15), and by the
    points a card costs when someone goes out (P10-R31).

    >>> from phase10.games.phase10.cards import parse_cards
    >>> from phase10.games.phase10.rules import RuleSet
    >>> from phase10.games.phase10.turns import new_game
    >>> from phase10.games.phase10.view import view_for
    >>> view = view_for(new_game(RuleSet(), 2, seed=1), 1)
    >>> hint_reason(view, LayDown(groups=()), translator("en"))
    'Your hand holds your whole phase: laid down, its cards no longer count against you.'
    """
    me = view.players[view.seat]
    phase, rules = me.phase, view.rules

    def shown(card: int) -> str:
        return card_label(card, tr) if words else SYMBOL_OF[card]

    if isinstance(action, LayDown):
        return tr.gettext(
            N_(
                "Your hand holds your whole phase: laid down, its cards no longer count "
                "against you."
            )
        )
    if isinstance(action, Hit):
        return tr.gettext(N_("A card hit on the table no longer counts against you."))
    if isinstance(action, Draw):
        top = view.discard_top
        if top is None or phase is None or me.laid >= 0 or top in (SKIP_CODE, WILD_CODE):
            return None
        now = distance(view.hand, phase, rules)
        closer = distance((*view.hand, top), phase, rules) < now
        if action.source is Source.DISCARD_PILE and closer:
            return say(tr, N_("The {card} brings your phase a card closer."), card=shown(top))
        if action.source is Source.DRAW_PILE and not closer:
            return say(
                tr,
                N_("The {card} on the discard pile would not bring your phase closer."),
                card=shown(top),
            )
        return None
    if not isinstance(action, Discard):
        return None
    card = action.card
    if card == SKIP_CODE:
        return tr.gettext(N_("A Skip fits no group, and it costs 15 points in your hand."))
    if phase is None or me.laid >= 0:
        if any(isinstance(a, Hit) and a.card == card for a in view.legal):
            return None  # it could go on the table: no plain reason to throw it instead
        return say(
            tr,
            N_("Your phase is down: the {card} fits no group here, and it costs {points} points."),
            card=shown(card),
            points=POINTS_OF[card],
        )
    rest = list(view.hand)
    rest.remove(card)
    if distance(rest, phase, rules) <= distance(view.hand, phase, rules):
        return say(tr, N_("Your phase does not need the {card}."), card=shown(card))
    return None


def _phases_in_turn(legal: Sequence[Action]) -> Sequence[Action]:
    """``legal`` with its lay-downs of several phases (``pick_a_phase``, B.4.1) offered a
    phase in turn, the highest first, and in each phase the ways with fewer Wilds first: a
    page shows the first few ways only, and they were all phase 1's, told apart by where a
    Wild went (play-tested). One phase's ways keep the engine's order.

    >>> one = LayDown(groups=(), phase=1)
    >>> three = LayDown(groups=(), phase=3)
    >>> [a.phase for a in _phases_in_turn([one, one, three, three])]
    [3, 1, 3, 1]
    """
    lays = [a for a in legal if isinstance(a, LayDown)]
    phases = sorted({a.phase for a in lays if a.phase is not None}, reverse=True)
    if len(phases) < 2:
        return legal
    by_phase = {
        phase: sorted(
            (a for a in lays if a.phase == phase),
            key=lambda a: sum(1 for c in a.cards if c == WILD_CODE),
        )
        for phase in phases
    }
    longest = max(len(ways) for ways in by_phase.values())
    turns = [by_phase[p][i] for i in range(longest) for p in phases if i < len(by_phase[p])]
    slots = iter(turns)
    return [next(slots) if isinstance(a, LayDown) else a for a in legal]


#: Who gives the hints: it keeps nothing between positions but its cache of distances.
_ADVISER: Final = LearnedBot()


def present(
    view: PlayerView,
    names: Sequence[str],
    lang: str | Translator = "en",
    *,
    hint: bool = False,
    words: bool = False,
) -> Presentation:
    """The seat's view as it is shown (``view.seat`` -1: a spectator's), in ``lang``; with
    ``words`` the moves, the prompts and the hint name cards in words (``Discard red 7``)."""
    tr = translator(lang) if isinstance(lang, str) else lang
    names = tuple(names)
    seat = view.seat if view.seat >= 0 else None
    offered = _phases_in_turn(view.legal)
    moves = tuple(_said(view, a, names, tr, words) for a in offered) if seat is not None else ()
    piles = shared_piles(view, tr, lambda card: card_face(card, tr))
    return Presentation(
        game="phase10",
        title=tr.gettext(N_("Phase 10")),
        heading=say(
            tr,
            N_("Phase 10 · hand {hand} · rules: {rules}"),
            hand=view.hand_number + 1,
            rules=rules_words(view.rules.name, tr),
        ),
        rules=view.rules.name,
        hand_number=view.hand_number,
        seat=seat,
        hand=tuple(card_face(c, tr) for c in view.hand),
        piles=piles,
        players=tuple(_player(view, s, p, names, tr) for s, p in enumerate(view.players)),
        table=_table(view, names, tr),
        table_label=tr.gettext(N_("Groups on the table")),
        table_empty=tr.gettext(N_("No group is on the table yet.")),
        sorts=(tr.gettext(N_("By number")), tr.gettext(N_("By colour"))),
        progress_label=tr.gettext(N_("Phases done")),
        goal=_goal(view, tr),
        turn=_turn(view, names, tr),
        prompts=_prompts(view, moves, tr, words),
        moves=moves,
        over=view.stage is Stage.OVER,
        refusals=turn_refusals(view, names, tr, _refusals(view, tr)),
        hint=_hint(view, moves, tr, words) if hint else None,
        standing_title=_standing_title(view, tr) if view.stage is Stage.OVER else "",
    )


def _standing_title(view: PlayerView, tr: Translator) -> str:
    played = view.hand_number + 1
    return tr.ngettext(
        "Final standing after {count} hand:", "Final standing after {count} hands:", played
    ).format(count=played)


def _refusals(view: PlayerView, tr: Translator) -> Mapping[str, str]:
    """What the lay-down and hit keys say when no such move is open: why, as the position
    has it, with the rule that says so (off the seat's turn, only that it cannot now)."""
    me = view.players[view.seat] if view.seat >= 0 else None
    piles = _pile_refusals(view)
    if view.stage is Stage.OVER:
        lay = hit = N_("The game is over.")
    elif me is None:
        lay, hit = N_("You cannot lay down your phase now."), N_("You have nothing to hit.")
    elif view.current != view.seat:
        lay = hit = N_("It is not your turn.")
    elif view.stage is Stage.DRAW:
        lay = N_("Draw a card first: a phase goes down after the draw (P10-R13).")
        hit = N_("Draw a card first: hits come after the draw (P10-R13).")
    elif me.laid >= 0:
        lay = N_("Your phase is already down in this hand (P10-R16).")
        hit = _barred_hit(view) or N_("None of your cards fits a group you may hit now (P10-R23).")
    else:
        lay = N_("Your cards do not make your phase yet (P10-R15).")
        if _open_phases(view, me) is not None:
            # Any phase not yet made may go down (B.4.1): none of them is "your phase".
            lay = N_("Your cards make none of the phases you may still lay down yet (P10-R15).")
        hit = N_("You may hit only once your phase is down (P10-R21).")
        if _open_phases(view, me) is None and me.phase is not None:
            return _refusal_words(tr, lay, hit, me.phase, piles)
    return _refusal_words(tr, lay, hit, None, piles)


def _barred_hit(view: PlayerView) -> str | None:
    """Why no hit is open although a card of the hand fits a group on the table: a house
    rule bars it (D-20, D-09, D-18), and the player should hear which, not that nothing fits."""
    hand = view.hand
    owners = {
        owner
        for owner, groups in enumerate(view.table)
        for group in groups
        if any(hit_values(group, card) for card in set(hand))
    }
    if not owners:
        return None
    rules = view.rules
    if rules.go_out_requires_discard and len(hand) == 1:
        return N_(
            "Keep your last card to discard: under these rules you go out only with a "
            "discard (D-20)."
        )
    if not rules.skip_can_go_out and len(hand) == 2 and SKIP_CODE in hand:
        return N_("Keep that card: under these rules your last card may not be a Skip (D-09).")
    if not rules.hit_others_on_laydown_turn and view.seat not in owners:
        return N_(
            "In the turn you lay down you may hit only your own groups under these rules (D-18)."
        )
    return None


def _pile_refusals(view: PlayerView) -> tuple[tuple[str, str], ...]:
    """What the draw, take and discard keys say (:func:`pile_refusals`), with this game's
    rules for the turn's order and for taking the discard pile's top."""
    top = view.discard_top
    take = None
    if top == SKIP_CODE:
        take = N_("A Skip on the discard pile cannot be taken (D-07).")
    elif top is not None and not takeable(top, view.rules):
        take = N_(
            "A wild on the discard pile cannot be taken under these rules (D-06, a house "
            "rule): draw from the draw pile."
        )
    return pile_refusals(
        view,
        first=N_("Draw a card first: you discard at the end of your turn (D-19)."),
        drawn=N_("You have already drawn this turn: one card a turn (D-19)."),
        take=take,
    )


@lru_cache(maxsize=256)
def _refusal_words(
    tr: Translator,
    lay: str,
    hit: str,
    phase: Phase | None,
    piles: tuple[tuple[str, str], ...] = (),
) -> Mapping[str, str]:
    # One mapping per language, reason, phase and stage of the turn, shared by every
    # presentation (read-only).
    words = refusals(tr, {**dict(piles), "lay_down": lay, "hit": hit})
    if phase is None:
        return words
    lay_down = say(
        tr,
        N_("Your cards do not make phase {phase} yet: {description} (P10-R15)."),
        phase=phase.number,
        description=phase_description(phase, tr),
    )
    return MappingProxyType({**words, "lay_down": lay_down})


def hand_summary(
    event: Event, names: Sequence[str], lang: str | Translator = "en"
) -> HandSummary | None:
    """The summary a hand's end shows: each player's points for that hand (nothing for any
    other event).

    >>> from phase10.games.phase10.state import EventKind
    >>> ended = Event(EventKind.HAND_ENDED, seat=0, scores=(0, 45), number=2)
    >>> hand_summary(ended, ["Ann", "Bob"]).rows
    (('Ann', '0'), ('Bob', '45'))
    """
    if event.kind is not EventKind.HAND_ENDED:
        return None
    tr = translator(lang) if isinstance(lang, str) else lang
    return HandSummary(
        title=say(tr, N_("Hand {number} ended."), number=event.number + 1),
        headers=(tr.gettext(N_("Player")), tr.gettext(N_("Points this hand"))),
        rows=tuple((names[seat], str(points)) for seat, points in enumerate(event.scores)),
    )
