"""The programmes game as one seat is shown it: a seat's view turned into the kernel's
presentation (:mod:`phase10.kernel.presentation`), in the seat's language.

Every word a front end shows of a programmes table is made here: a card's words
(``ten of hearts``), a combination's, the program cards, what the seat can do now and each
legal move's label.

>>> from phase10.games.programmes.turns import new_game
>>> from phase10.games.programmes.rules import ProgrammeRules
>>> from phase10.games.programmes.view import view_for
>>> state = new_game(ProgrammeRules(), players=2, seed=4)
>>> shown = present(view_for(state, 0), ["Ann", "Bob"], "en")
>>> shown.goal
'Your program: PRG-03 (a set of 4).'
>>> [(m.id, m.kind) for m in shown.moves]
[('draw', 'draw'), ('take', 'take')]
>>> shown.hand[0].code, shown.hand[0].shown, shown.hand[0].label, shown.hand[-1].label
('AS', 'A♠', 'ace of spades', 'joker')
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Final

from phase10.games.programmes.actions import (
    DiscardCard,
    Extend,
    Meld,
    ProgrammeAction,
    Reveal,
)
from phase10.games.programmes.cards import (
    CARD_SHOWN,
    CARD_SYMBOL,
    IS_WILD,
    JOKER_CODE,
    RANK_OF,
    SUIT_OF,
    rank_name,
    shown_notation,
)
from phase10.games.programmes.codec import action_to_json
from phase10.games.programmes.combos import Combination, extension_values
from phase10.games.programmes.narration import (
    card_label,
    combination_phrase,
    combo_text,
    combo_words,
    program_text,
    rank_shown,
)
from phase10.games.programmes.sharp import PAIR_WEIGHT, SharpProgrammeBot, need, unseen_counts
from phase10.games.programmes.state import ProgrammeEvent, ProgrammeEventKind
from phase10.games.programmes.view import ProgrammeView, PublicProgrammer
from phase10.kernel.actions import Draw, Source
from phase10.kernel.i18n import N_, Translator, translator
from phase10.kernel.presentation import (
    CardFace,
    GroupInfo,
    HandSummary,
    Hint,
    Move,
    Pile,
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

__all__ = ["card_face", "hand_summary", "hidden_goal", "present"]

_SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")


@lru_cache(maxsize=1024)  # a card's face is the same in every view of one language
def card_face(card: int, tr: Translator) -> CardFace:
    """A card with its words: ``10H`` is ``ten of hearts``; a 2 says it is wild (a joker is).

    >>> card_face(14, translator("nl")).label, card_face(52, translator("en")).label
    ('hartentwee (joker)', 'joker')
    """
    if card == JOKER_CODE:
        return CardFace(
            code=CARD_SYMBOL[card],
            label=tr.gettext(N_("joker")),
            wild=True,
            suit="joker",
            # After every other card, the wild 2s included, in both orders.
            by_rank=15 * 4,
            by_suit=2 * 4 * 13,
            shown=CARD_SHOWN[card],
        )
    rank, suit = RANK_OF[card], SUIT_OF[card]
    words = card_label(card, tr)
    if IS_WILD[card]:
        # In brackets: "two of hearts, wild, joker" read aloud sounded like three cards.
        words = say(tr, N_("{card} (wild)"), card=words)
    return CardFace(
        code=CARD_SYMBOL[card],
        label=words,
        wild=IS_WILD[card],
        suit=_SUIT_NAMES[suit],
        # The 2s sort with the joker, after the natural cards: they are wild (AMZ-R02). A
        # king is rank 13: the wild 2s come after the four of them, not among them.
        by_rank=(14 if IS_WILD[card] else rank) * 4 + suit,
        by_suit=(4 * 13 - 1 if IS_WILD[card] else 0) + suit * 13 + rank,
        shown=CARD_SHOWN[card],
    )


def _combo_label(
    combo: Combination, owner: int, seat: int, names: Sequence[str], tr: Translator
) -> str:
    return owned(combination_phrase(combo, tr), owner, seat, names, tr, combination=True)


# A combination's and a player's words change only when that combination or player does, and
# the server presents the table to every connection after every move: each is worded once,
# then reused (the parts are frozen, so sharing them is safe).
@lru_cache(maxsize=8192)
def _combo_info(
    combo: Combination, owner: int, index: int, seat: int, names: tuple[str, ...], tr: Translator
) -> GroupInfo:
    return GroupInfo(
        id=f"{owner}.{index}",
        owner=owner,
        kind=combo.kind.value,
        cards=tuple(_placed_face(c, v, tr) for c, v in zip(combo.cards, combo.values, strict=True)),
        text=str(combo),
        name=combination_phrase(combo, tr),
        label=_combo_label(combo, owner, seat, names, tr),
        shown=shown_notation(str(combo)),
    )


def _placed_face(card: int, value: int, tr: Translator) -> CardFace:
    """A card of a combination on the table: a wild says what it stands for there, "two of
    clubs as queen", as the log says it (AMZ-R25: it stays that for the round); "two of clubs
    (wild)" alone in a run of spades left a listener to guess.

    >>> _placed_face(14, 12, translator("en")).label, _placed_face(52, 7, translator("en")).label
    ('two of hearts as queen', 'joker as 7')
    """
    face = card_face(card, tr)
    if not IS_WILD[card]:
        return face
    label = say(tr, N_("{card} as {value}"), card=card_label(card, tr), value=rank_shown(value, tr))
    return replace(face, label=label)


def _table(view: ProgrammeView, names: tuple[str, ...], tr: Translator) -> tuple[GroupInfo, ...]:
    return tuple(
        _combo_info(combo, owner, index, view.seat, names, tr)
        for owner, row in enumerate(view.table)
        for index, combo in enumerate(row)
    )


def _player(
    view: ProgrammeView,
    seat: int,
    player: PublicProgrammer,
    names: Sequence[str],
    tr: Translator,
) -> PlayerInfo:
    return _player_info(
        player,
        seat,
        names[seat],
        seat == view.seat,
        seat == view.current and view.stage is not Stage.OVER,
        seat == view.dealer,
        tr,
    )


@lru_cache(maxsize=8192)
def _player_info(
    player: PublicProgrammer,
    seat: int,
    name: str,
    you: bool,
    to_act: bool,
    dealer: bool,
    tr: Translator,
) -> PlayerInfo:
    # A program card is named by its id too, as it is printed on the card (PRG-03).
    goal = None if player.program is None else program_text(player.program, tr)
    status: list[str] = []
    if player.revealed:
        status.append(tr.gettext(N_("revealed")))
    elif not player.has_program:
        status.append(tr.gettext(N_("none this round")))
    done = len(player.done)
    cards = tr.ngettext("{count} card", "{count} cards", player.hand_size).format(
        count=player.hand_size
    )
    summary = tr.ngettext(
        "{name}: {count} program done ({cards})",
        "{name}: {count} programs done ({cards})",
        done,
    ).format(name=name, count=done, cards=cards)
    if goal is not None:
        summary = say(tr, N_("{summary}; revealed: {program}"), summary=summary, program=goal)
    return PlayerInfo(
        seat=seat,
        name=name,
        you=you,
        to_act=to_act,
        dealer=dealer,
        cards=player.hand_size,
        points=None,
        progress=done,
        progress_text=tr.ngettext("{count} program done", "{count} programs done", done).format(
            count=done
        ),
        goal=goal,
        status=tuple(status),
        summary=summary,
        took=tuple(card_face(card, tr) for card in player.took),
        # The completed program cards lie face up before their player (AMZ-R18), a sun card
        # among them as such (AMZ-R07): named by what they asked for, not by their id.
        completed=tuple(program_text(card, tr, with_id=False) for card in player.done),
    )


def hidden_goal(view: ProgrammeView, lang: str | Translator = "en") -> str | None:
    """The program the view's seat holds, which the others see only once it is revealed
    (AMZ-R06), said of the seat for a finished game's replay; ``None`` for a spectator.

    >>> from phase10.games.programmes.game import GAME
    >>> from phase10.games.programmes.variants import find_programme_rules
    >>> state = GAME.new_game(find_programme_rules("programmes"), 2, seed=1)
    >>> hidden_goal(GAME.view(state, 0)).startswith("Program: PRG-")
    True
    """
    if view.seat < 0:
        return None
    tr = translator(lang) if isinstance(lang, str) else lang
    if view.program is None:
        return tr.gettext(N_("No program this round."))
    return say(tr, N_("Program: {program}"), program=program_text(view.program, tr))


def _goal(view: ProgrammeView, tr: Translator) -> str:
    if view.seat < 0:
        return tr.gettext(N_("You are watching as a spectator."))
    if view.program is None:
        return tr.gettext(N_("You hold no program this round."))
    text = program_text(view.program, tr)
    if view.players[view.seat].revealed:
        return say(tr, N_("Your program {program} is revealed."), program=text)
    return say(tr, N_("Your program: {program}."), program=text)


def _turn(view: ProgrammeView, names: Sequence[str], tr: Translator) -> str:
    # After the draw, what the seat may do as its program stands (AMZ-R11 to AMZ-R13).
    # It offers only what the hand can do now: a reveal the cards cannot make yet is refused
    # (AMZ-R14), so the sentence does not suggest it.
    me = view.players[view.seat] if view.seat >= 0 else None
    if me is not None and me.revealed:
        meld = any(isinstance(a, Meld) for a in view.legal)
        extend = any(isinstance(a, Extend) for a in view.legal)
        if meld and extend:
            play = N_("It is your turn: lay a new set, add to a combination, or discard.")
        elif meld:
            play = N_("It is your turn: lay a new set, or discard.")
        elif extend:
            play = N_("It is your turn: add to a combination, or discard.")
        else:
            play = N_("It is your turn: discard a card.")
    elif any(isinstance(a, Reveal) for a in view.legal):
        play = N_("It is your turn: reveal your program, or discard.")
    else:
        play = N_("It is your turn: discard a card.")
    return turn_sentence(view, names, tr, play=tr.gettext(play))


def _said(
    view: ProgrammeView, action: ProgrammeAction, names: Sequence[str], tr: Translator, words: bool
) -> Move:
    """A move labelled as its button shows it, with its words for a reader who asked."""
    return worded(lambda in_words: _move(view, action, names, tr, in_words), words)


def _move(
    view: ProgrammeView,
    action: ProgrammeAction,
    names: Sequence[str],
    tr: Translator,
    words: bool = False,
) -> Move:
    top = view.discard_top
    target: str | None = None
    cards: tuple[str, ...] = ()

    # A label names its cards as they are shown, or in words for a reader who asked for them.
    def named(card: int) -> str:
        return card_label(card, tr) if words else CARD_SHOWN[card]

    def shown(combo: Combination) -> str:
        return combo_words(combo, tr) if words else combo_text(combo, tr)

    if isinstance(action, Draw):
        kind, label = draw_move(action, None if top is None else named(top), tr)
    elif isinstance(action, Reveal):
        kind = "reveal"
        cards = tuple(CARD_SYMBOL[c] for c in action.cards)
        combos = " + ".join(shown(c) for c in action.combos)
        label = say(tr, N_("Reveal: {combos}"), combos=combos)
    elif isinstance(action, Meld):
        kind, cards = "meld", tuple(CARD_SYMBOL[c] for c in action.combo.cards)
        label = say(tr, N_("Lay a new set: {combo}"), combo=shown(action.combo))
    elif isinstance(action, Extend):
        kind, target = "extend", f"{action.owner}.{action.index}"
        cards = (CARD_SYMBOL[action.card],)
        token = named(action.card)
        if action.value >= 0 and IS_WILD[action.card] and words:
            value = rank_shown(action.value, tr)
            token = say(tr, N_("{card} as {value}"), card=token, value=value)
        elif action.value >= 0 and IS_WILD[action.card]:
            token = f"{token}={rank_name(action.value)}"
        combo = view.table[action.owner][action.index]
        # A verb first, as every other move's label has (the hint reads "Hint: Add ...").
        where = _combo_label(combo, action.owner, view.seat, names, tr)
        label = say(tr, N_("Add {card} to {group}"), card=token, group=where)
    elif isinstance(action, DiscardCard):
        kind, cards = "discard", (CARD_SYMBOL[action.card],)
        label = say(tr, N_("Discard {card}"), card=named(action.card))
    else:
        kind, label = "swap", tr.gettext(N_("Swap program"))
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
        shown=shown_notation(str(action)),
    )


def _prompts(
    view: ProgrammeView, moves: Sequence[Move], tr: Translator, words: bool = False
) -> tuple[str, ...]:
    """What the seat can do now, a sentence each (nothing when it is not its turn)."""
    if not moves:
        return ()
    kinds = [m.kind for m in moves]
    out: list[str] = []
    if "swap" in kinds:
        out.append(tr.gettext(N_("You may swap your program card before you draw.")))
    top = view.discard_top
    if view.stage is Stage.DRAW:
        if "take" in kinds and top is not None:
            text = N_("Draw (d) or take {card} from the discard pile (t).")
            out.append(say(tr, text, card=card_label(top, tr) if words else CARD_SHOWN[top]))
        else:
            out.append(tr.gettext(N_("It is your turn: draw a card.")))
        return tuple(out)
    reveals = kinds.count("reveal")
    if reveals:
        out.append(
            tr.ngettext(
                "You can reveal your program ({count} way).",
                "You can reveal your program ({count} ways).",
                reveals,
            ).format(count=reveals)
        )
    if "meld" in kinds:
        out.append(tr.gettext(N_("You can lay a new set.")))
    extends = sorted({m.cards[0] for m in moves if m.kind == "extend"})
    if words:
        extends = [card_label(CARD_SYMBOL.index(code), tr) for code in extends]
    else:
        extends = [CARD_SHOWN[CARD_SYMBOL.index(code)] for code in extends]
    if extends:
        text = N_("These cards fit combinations on the table: {cards}.")
        out.append(say(tr, text, cards=", ".join(extends)))
    out.append(tr.gettext(N_("End your turn with a discard.")))
    return tuple(out)


def _hint(
    view: ProgrammeView, moves: Sequence[Move], tr: Translator, words: bool = False
) -> Hint | None:
    """The move the game's strongest computer player would make, the ``expert`` level's
    ``sharp`` keeping pairs for after its reveal (its own seeded generator, so the same
    position always gets the same hint), with why, where a plain reason can be given."""
    if not moves:
        return None
    action = _ADVISER.choose(view, random.Random(0))
    return hint_among(str(action), moves, tr, hint_reason(view, action, tr, words=words))


def hint_reason(
    view: ProgrammeView, action: ProgrammeAction, tr: Translator, *, words: bool = False
) -> str | None:
    """Why ``action`` is a good move for the seat, in one sentence a new player can check
    on their own hand; ``None`` where no plain reason fits (the hint then says the move).

    Measured by the cards the hand still misses to reveal its program (AMZ-R14..R17, the
    ``sharp`` player's :func:`~phase10.games.programmes.sharp.need`), and by the round
    ending when a hand is empty (AMZ-R28).

    >>> from phase10.games.programmes.rules import ProgrammeRules
    >>> from phase10.games.programmes.turns import new_game
    >>> from phase10.games.programmes.view import view_for
    >>> view = view_for(new_game(ProgrammeRules(), players=2, seed=1), 0)
    >>> hint_reason(view, Reveal(combos=()), translator("en"))
    'Your hand holds your whole program: revealed, it counts as completed.'
    """
    me = view.players[view.seat]
    program = view.program

    def shown(card: int) -> str:
        return card_label(card, tr) if words else CARD_SHOWN[card]

    if isinstance(action, Reveal):
        return tr.gettext(
            N_("Your hand holds your whole program: revealed, it counts as completed.")
        )
    if isinstance(action, Meld | Extend):
        return tr.gettext(
            N_(
                "Every card you put on the table brings your hand closer to empty, which "
                "ends the round."
            )
        )
    top = view.discard_top
    if isinstance(action, Draw):
        if top is None or IS_WILD[top]:
            return None
        if me.revealed:
            same = sum(1 for c in view.hand if not IS_WILD[c] and RANK_OF[c] == RANK_OF[top])
            wild = any(IS_WILD[c] for c in view.hand)
            if action.source is Source.DISCARD_PILE and (same >= 2 or (same and wild)):
                return say(tr, N_("The {card} makes a new set with your cards."), card=shown(top))
            return None
        if program is None:
            return None
        unseen, wilds = unseen_counts(view)
        now = need(view.hand, program, unseen, wilds).short
        closer = need((*view.hand, top), program, unseen, wilds).short < now
        if action.source is Source.DISCARD_PILE and closer:
            return say(tr, N_("The {card} brings your program a card closer."), card=shown(top))
        if action.source is Source.DRAW_PILE and not closer:
            return say(
                tr,
                N_("The {card} on the discard pile would not bring your program closer."),
                card=shown(top),
            )
        return None
    if not isinstance(action, DiscardCard):
        return None
    card = int(action.card)
    if me.revealed or program is None:
        if any(extension_values(c, card) for combos in view.table for c in combos):
            return None
        return say(
            tr,
            N_("The {card} fits no combination on the table: nobody can add it there."),
            card=shown(card),
        )
    unseen, wilds = unseen_counts(view)
    rest = list(view.hand)
    rest.remove(action.card)
    if need(rest, program, unseen, wilds).short <= need(view.hand, program, unseen, wilds).short:
        return say(tr, N_("Your program does not need the {card}."), card=shown(card))
    return None


#: Who gives the hints: it keeps nothing between positions.
_ADVISER: Final = SharpProgrammeBot(pair_weight=PAIR_WEIGHT)


def present(
    view: ProgrammeView,
    names: Sequence[str],
    lang: str | Translator = "en",
    *,
    hint: bool = False,
    words: bool = False,
) -> Presentation:
    """The seat's view as it is shown (``view.seat`` -1: a spectator's), in ``lang``; with
    ``words`` the moves, the prompts and the hint name cards in words."""
    tr = translator(lang) if isinstance(lang, str) else lang
    names = tuple(names)
    seat = view.seat if view.seat >= 0 else None
    moves = tuple(_said(view, a, names, tr, words) for a in view.legal) if seat is not None else ()
    piles = (
        *shared_piles(view, tr, lambda card: card_face(card, tr)),
        Pile(id="programs", label=tr.gettext(N_("Program cards")), count=view.program_deck_size),
    )
    return Presentation(
        game="programmes",
        title=tr.gettext(N_("Programmes")),
        heading=say(tr, N_("Programmes · round {hand}"), hand=view.hand_number + 1),
        rules=view.rules.name,
        hand_number=view.hand_number,
        seat=seat,
        hand=tuple(card_face(c, tr) for c in view.hand),
        piles=piles,
        players=tuple(_player(view, s, p, names, tr) for s, p in enumerate(view.players)),
        table=_table(view, names, tr),
        table_label=tr.gettext(N_("Combinations on the table")),
        table_empty=tr.gettext(N_("No combination is on the table yet.")),
        sorts=(tr.gettext(N_("By rank")), tr.gettext(N_("By suit"))),
        progress_label=tr.gettext(N_("Programs done")),
        goal=_goal(view, tr),
        turn=_turn(view, names, tr),
        prompts=_prompts(view, moves, tr, words),
        moves=moves,
        over=view.stage is Stage.OVER,
        refusals=turn_refusals(view, names, tr, _refusals(view, tr)),
        hint=_hint(view, moves, tr, words) if hint else None,
        standing_title=_standing_title(view, tr) if view.stage is Stage.OVER else "",
    )


def _standing_title(view: ProgrammeView, tr: Translator) -> str:
    played = view.hand_number + 1
    if view.hand_number > 0 and all(p.hand_size == 0 for p in view.players):
        # A sun card dealt with the next round's programs won it (AMZ-R07) before any card
        # of that round was dealt: that round was not played.
        played -= 1
    return tr.ngettext(
        "Final standing after {count} round:", "Final standing after {count} rounds:", played
    ).format(count=played)


def _refusals(view: ProgrammeView, tr: Translator) -> Mapping[str, str]:
    """What the reveal, new-set and addition keys say when no such move is open: why, as
    the position has it, with the rule that says so (off the seat's turn, only that it
    cannot now)."""
    me = view.players[view.seat] if view.seat >= 0 else None
    swap = view.rules.program_swap_after is not None
    if view.stage is Stage.OVER:
        reason = "over"
    elif me is not None and view.current != view.seat:
        reason = "wait"
    elif me is None:
        reason = "now"
    elif view.stage is Stage.DRAW:
        reason = "draw"
    elif me.revealed:
        reason = "revealed"
    elif me.has_program:
        reason = "hidden"
    else:
        reason = "now"
    return _refusal_words(tr, swap, reason, _pile_refusals(view))


def _pile_refusals(view: ProgrammeView) -> tuple[tuple[str, str], ...]:
    """What the draw, take and discard keys say (:func:`pile_refusals`), with this game's
    rules for the turn's order and for taking the discard pile's top."""
    one = len(view.hand) == 1
    return pile_refusals(
        view,
        first=N_("Draw a card first: you discard at the end of your turn (AMZ-R10)."),
        drawn=N_("You have already drawn this turn: one card a turn (E-25)."),
        take=N_("With one card in your hand you draw from the draw pile (E-16).") if one else None,
    )


#: Per reason (``_refusals``): what revealing, a new set and an addition say.
_REASONS: Final = {
    "over": (N_("The game is over."),) * 3,
    "wait": (N_("It is not your turn."),) * 3,
    "now": (
        N_("You cannot reveal your program now."),
        N_("You cannot lay a new set now."),
        N_("You have nothing to add to a combination."),
    ),
    "draw": (
        N_("Draw a card first: you reveal after the draw (AMZ-R10)."),
        N_("Draw a card first: new sets come after the draw (AMZ-R10)."),
        N_("Draw a card first: additions come after the draw (AMZ-R10)."),
    ),
    "revealed": (
        N_("Your program is already revealed in this round (E-09)."),
        N_("You hold no new set: three or more cards of one value (AMZ-R20)."),
        N_("None of your cards fits a combination on the table (AMZ-R20)."),
    ),
    "hidden": (
        N_(
            "Your cards do not make your program yet (AMZ-R14): a run is cards in a row of "
            "one suit, a set cards of one value, each with a card that is not wild."
        ),
        N_("You may lay new sets only once your program is revealed (AMZ-R20)."),
        N_("You may add to combinations only once your program is revealed (AMZ-R22)."),
    ),
}


@lru_cache(maxsize=64)
def _refusal_words(
    tr: Translator, swap: bool, reason: str, piles: tuple[tuple[str, str], ...] = ()
) -> Mapping[str, str]:
    reveal, meld, extend = _REASONS[reason]
    own = {**dict(piles), "reveal": reveal, "meld": meld, "extend": extend}
    if swap:  # AMZ-R31: only a table that swaps program cards has the move at all
        own["swap"] = N_("You cannot swap your program now.")
    return refusals(tr, own)


def hand_summary(
    event: ProgrammeEvent, names: Sequence[str], lang: str | Translator = "en"
) -> HandSummary | None:
    """The summary a round's end shows: how many programs each player has completed
    (nothing for any other event).

    >>> ended = ProgrammeEvent(ProgrammeEventKind.HAND_ENDED, scores=(2, 1), number=1)
    >>> summary = hand_summary(ended, ["Ann", "Bob"])
    >>> summary.title, summary.rows
    ('Round 2 ended.', (('Ann', '2'), ('Bob', '1')))
    """
    if event.kind is not ProgrammeEventKind.HAND_ENDED:
        return None
    tr = translator(lang) if isinstance(lang, str) else lang
    return HandSummary(
        title=say(tr, N_("Round {number} ended."), number=event.number + 1),
        headers=(tr.gettext(N_("Player")), tr.gettext(N_("Programs done"))),
        rows=tuple((names[seat], str(done)) for seat, done in enumerate(event.scores)),
    )
