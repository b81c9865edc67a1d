"""The programmes game's table: your hand of playing cards, your secret program, every
player's revealed program and programs done, the combinations on the table and the log.

It shares the layout, the card choosing, drawing, the status line and the choice list with
Phase 10's table (``TableBase``); what differs is what is shown and the actions: reveal your
program (one of the legal reveals, like Phase 10's lay-downs), lay a new set, extend a
combination, discard, swap the program when the rules allow it.

>>> from phase10.games.programmes.cards import parse_playing_cards
>>> hand = parse_playing_cards("JK 7H 2S AS 7S KD")
>>> [card_label(c) for c in sort_cards(hand, by_suit=False)]
['AS', '7S', '7H', 'KD', '2S', 'JK']
>>> [card_label(c) for c in sort_cards(hand, by_suit=True)]
['AS', '7S', '7H', 'KD', '2S', 'JK']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingType

from phase10.explain import explain_reason
from phase10.games.programmes.actions import (
    DiscardCard,
    Extend,
    Meld,
    ProgrammeAction,
    Reveal,
    SwapProgram,
)
from phase10.games.programmes.cards import CARD_SYMBOL, IS_WILD, JOKER_CODE
from phase10.games.programmes.combos import Combination, parse_combinations
from phase10.games.programmes.narration import program_text
from phase10.games.programmes.view import ProgrammeView
from phase10.kernel.actions import Draw, Source
from phase10.kernel.errors import IllegalActionError
from phase10.kernel.i18n import N_
from phase10.kernel.kinds import Kind
from phase10.kernel.state import Stage
from phase10.standings import final_standing
from phase10.tui.hand import distinct, is_sub_multiset
from phase10.tui.hints import hinted_action
from phase10.tui.host import TableHost
from phase10.tui.screens import GameOverScreen, HandResult, RulesScreen
from phase10.tui.table import COMMON_KEYS, DRAW_KEYS, TableBase
from phase10.tui.text import _, current, ngettext
from phase10.tui.widgets import CardFace, numbered_text, seat_name, word_column

__all__ = ["ProgrammeTableScreen"]


def card_label(card: int) -> str:
    """The card as written everywhere: ``AS``, ``10H``, ``JK``."""
    return CARD_SYMBOL[card]


def card_class(card: int) -> str:
    """Hearts and diamonds red, spades and clubs blue, wilds (2s and jokers) ``wild``."""
    if IS_WILD[card]:
        return "wild"
    return "red" if card // 13 in (1, 2) else "blue"


def sort_cards(hand: Sequence[int], *, by_suit: bool) -> list[int]:
    """By rank (ace first) or by suit then rank; wilds always last, jokers after the 2s."""

    def key(card: int) -> tuple[int, int, int]:
        wild = 2 if card == JOKER_CODE else int(IS_WILD[card])
        rank, suit = card % 13, card // 13
        return (wild, suit, rank) if by_suit else (wild, rank, suit)

    return sorted(hand, key=key)


class SortBy:
    """The hand's order; ``s`` toggles it."""

    LABELS: ClassVar[tuple[str, str]] = (N_("sorted by rank"), N_("sorted by suit"))

    def __init__(self, by_suit: bool = False) -> None:
        self.by_suit = by_suit

    @property
    def label(self) -> str:
        return _(self.LABELS[int(self.by_suit)])

    def next(self) -> SortBy:
        return SortBy(not self.by_suit)


def combo_text(combo: Combination) -> str:
    """``set 7S 7H JK=7``: the notation, the same in every language."""
    return str(combo)


def reveal_shape(action: Reveal) -> tuple[object, ...]:
    """What a person tells reveals apart by: a set's values without the suits of its natural
    cards (the same reveal with suits swapped is one choice); a run keeps its suit.
    """
    shape = []
    for combo in action.combos:
        tokens = combo.tokens()
        if combo.kind is not Kind.RUN:
            tokens = [t if "=" in t else t[:-1] for t in tokens]
        shape.append((combo.kind, tuple(sorted(tokens))))
    return tuple(shape)


def reveal_label(action: Reveal) -> str:
    return " + ".join(combo_text(c) for c in action.combos)


def combo_owner(view: ProgrammeView, names: Sequence[str], owner: int) -> str:
    if owner == view.seat:
        return _("your combination")
    return _("{name}'s combination").format(name=names[owner])


def extend_label(view: ProgrammeView, names: Sequence[str], action: Extend) -> str:
    """``7D on Bob's combination set 7S 7H 7C``; a wild says what it stands for."""
    combo = view.table[action.owner][action.index]
    card = CARD_SYMBOL[action.card]
    if action.value >= 0 and IS_WILD[action.card]:
        card = f"{card}={action.value}"
    where = combo_owner(view, names, action.owner)
    return _("{card} on {owner} {combo}").format(card=card, owner=where, combo=combo_text(combo))


def players_table(view: ProgrammeView, names: Sequence[str], kinds: Sequence[str]) -> Table:
    """Everyone's cards in hand, program (once revealed), programs done and combinations."""
    table = Table(expand=True, box=None, padding=(0, 1, 0, 0), header_style="bold")
    # Wrapped between words, never cut: a braille display shows only what is written out
    # (the whole program); the minimum widths keep every word whole at 80 columns.
    word_column(table, _("Player"), ratio=4, min_width=17)
    word_column(table, _("Program"), ratio=4, min_width=13)
    table.add_column(_("Cards"), justify="right", no_wrap=True)
    table.add_column(_("Done"), justify="right", no_wrap=True)
    word_column(table, _("Laid down"), ratio=2, min_width=10)
    for seat, player in enumerate(view.players):
        name = seat_name(view, names, kinds, seat)
        if player.program is not None:
            program = _("revealed: {program}").format(
                program=program_text(player.program, current())
            )
        elif seat == view.seat and view.program is not None:
            program = _("secret: {program}").format(program=program_text(view.program, current()))
        elif player.has_program:
            program = _("hidden")
        else:
            program = _("none this round")
        combos = " + ".join(combo_text(c) for c in view.table[seat]) or "-"
        # Program ids come from rules files: text, never markup.
        table.add_row(name, Text(program), str(player.hand_size), str(len(player.done)), combos)
    return table


def combos_text(view: ProgrammeView, names: Sequence[str]) -> Text:
    """The combinations on the table, numbered as the extend chooser numbers them."""
    rows = [
        (combo_owner(view, names, owner), combo.tokens())
        for owner, combos in enumerate(view.table)
        for combo in combos
    ]
    return numbered_text(rows, _("No combination is on the table yet."))


def hint(view: ProgrammeView) -> tuple[str, tuple[int, ...], ProgrammeAction | None]:
    """What the strongest computer player would do now: a sentence, cards, the action."""
    if view.current != view.seat or not view.legal:
        return _("It is not your turn."), (), None
    action: ProgrammeAction = hinted_action(view)
    if isinstance(action, Draw):
        if action.source is Source.DISCARD_PILE and view.discard_top is not None:
            text = _("Hint: take {card} from the discard pile (press t).")
            return text.format(card=CARD_SYMBOL[view.discard_top]), (), action
        return _("Hint: draw from the draw pile (press d)."), (), action
    if isinstance(action, Reveal):
        text = _("Hint: reveal your program with {combos}. The cards are selected: press v.")
        return text.format(combos=reveal_label(action)), action.cards, action
    if isinstance(action, Meld):
        text = _("Hint: lay the new set {combo}. The cards are selected: press n.")
        return text.format(combo=combo_text(action.combo)), action.combo.cards, action
    if isinstance(action, Extend):
        text = _("Hint: {card} fits a combination on the table. It is selected: press g.")
        return text.format(card=CARD_SYMBOL[action.card]), (action.card,), action
    if isinstance(action, DiscardCard):
        text = _("Discard {card}? It is selected: press x.")
        return text.format(card=CARD_SYMBOL[action.card]), (action.card,), action
    return _("Hint: swap your program card (press e)."), (), action


class ProgrammeTableScreen(TableBase):
    """The programmes game's table for the seat at the keyboard."""

    groups_title = N_("Combinations on the table")

    BINDINGS: ClassVar[list[BindingType]] = [
        *DRAW_KEYS,
        Binding("v", "reveal", _("Reveal")),
        Binding("a", "all_reveals", _("List")),
        Binding("n", "meld", _("New set")),
        Binding("g", "extend", _("Extend")),
        Binding("x", "discard", _("Discard")),
        Binding("e", "swap", _("Swap program"), show=False),
        *COMMON_KEYS,
    ]

    KEYS_HELP = N_(
        "d draw, t take the discard, arrows and space or the number keys choose cards (c "
        "a card by its number), v reveal, a list every reveal, n a new set, g add the "
        "chosen card to a combination, x discard, e swap your program, i hint, o change "
        "the order of your hand, r these rules, q save and quit."
    )

    def __init__(self, game: TableHost) -> None:
        super().__init__(game)
        self.order = SortBy()

    # ------------------------------------------------------------------------ drawing

    face: CardFace = (card_label, card_class)

    def _title(self, view: ProgrammeView) -> str:
        return _("Programmes · round {hand}").format(hand=view.hand_number + 1)

    def _players(self, view: ProgrammeView, names: Sequence[str]) -> Table:
        return players_table(view, names, self.game.seat_kinds())

    def _table_text(self, view: ProgrammeView, names: Sequence[str]) -> Text:
        return combos_text(view, names)

    def _card_name(self, card: int) -> str:
        return CARD_SYMBOL[card]

    def _sorted(self, view: ProgrammeView, hand: tuple[Any, ...]) -> list[Any]:
        return sort_cards(hand, by_suit=self.order.by_suit)

    def _me_line(self, view: ProgrammeView, visible: bool) -> str:
        if not visible:
            return ""
        me = view.players[view.seat]
        name = self.game.match.names[view.seat]
        if view.program is None:
            program = _("no program this round")
        elif me.revealed:
            program = _("program {program} is revealed").format(
                program=program_text(view.program, current())
            )
        else:
            program = _("your secret program: {program}").format(
                program=program_text(view.program, current())
            )
        done = ngettext("{count} program done", "{count} programs done", len(me.done))
        return _("{name} · {program} · {done} · {order} (o)").format(
            name=name, program=program, done=done.format(count=len(me.done)), order=self.order.label
        )

    def _prompt(self, view: ProgrammeView, visible: bool) -> str:
        names = self.game.match.names
        if view.outcome is not None:
            return _("The game is over.")
        if not visible or view.current != view.seat or not self.game.can_act():
            if view.current == view.seat and visible:
                return _("It is your turn.")
            return _("It is {name}'s turn.").format(name=names[view.current])
        if view.stage is Stage.DRAW:
            top = view.discard_top
            parts = []
            if SwapProgram() in view.legal:
                parts.append(_("You may swap your program card first (w)."))
            if Draw(Source.DISCARD_PILE) in view.legal and top is not None:
                text = _(
                    "Your turn: draw from the draw pile (d) "
                    "or take {card} from the discard pile (t)."
                )
                parts.append(text.format(card=CARD_SYMBOL[top]))
            else:
                parts.append(_("Your turn: draw from the draw pile (d)."))
            return " ".join(parts)
        parts = []
        if any(isinstance(a, Reveal) for a in view.legal):
            parts.append(_("You can reveal your program: press i for a hint or a for the list."))
        if any(isinstance(a, Meld) for a in view.legal):
            parts.append(_("Choose 3 or more cards and press n to lay a new set."))
        if any(isinstance(a, Extend) for a in view.legal):
            parts.append(_("Some of your cards fit the table (g adds the chosen card)."))
        parts.append(_("Choose a card and press x to discard it and end your turn."))
        return " ".join(parts)

    # ------------------------------------------------------------------------ playing

    def _no_reveal_reason(self, view: ProgrammeView) -> str:
        if view.stage is Stage.DRAW:
            return _("Not allowed (D-19): draw a card first; a turn starts with a draw.")
        if view.program is None:
            return _("You hold no program this round.")
        if view.players[view.seat].revealed:
            return _("Your program is already revealed this round.")
        return _("Your hand does not hold your whole program yet.")

    def _reveals(self, view: ProgrammeView, chosen: Sequence[int]) -> list[Reveal]:
        """The distinct legal reveals within the chosen cards (all if none is chosen), the
        ones that use the most chosen cards first."""
        options = [a for a in view.legal if isinstance(a, Reveal)]
        if chosen:
            options = [a for a in options if is_sub_multiset(a.cards, chosen)]
            options.sort(key=lambda a: -len(a.cards))
        return distinct(options, reveal_shape)

    def _choose_reveal(self, options: Sequence[Reveal]) -> None:
        labels = [(reveal_label(a), True) for a in options]
        self._choose(_("Reveal your program: which combinations?"), labels, options)

    def action_reveal(self) -> None:
        view = self._view()
        if view is not None:
            self._lay_whole(
                lambda chosen: self._reveals(view, chosen),
                _("The chosen cards do not make your program. Press a to see every way."),
                lambda: self._no_reveal_reason(view),
                self._choose_reveal,
            )

    def action_all_reveals(self) -> None:
        view = self._view()
        if view is not None:
            options = self._reveals(view, ())
            self._choose_all(options, self._no_reveal_reason(view), self._choose_reveal)

    def action_meld(self) -> None:
        view = self._view()
        if view is None:
            return
        chosen = self._chosen_cards()
        melds = [a for a in view.legal if isinstance(a, Meld)]
        fitting = [a for a in melds if sorted(a.combo.cards) == sorted(chosen)]
        if len(fitting) >= 1:
            self.act(fitting[0])
            return
        if len(chosen) >= 3:
            # Let the engine say why these cards are no set (or why not now).
            try:
                (combo,) = parse_combinations("set " + " ".join(CARD_SYMBOL[c] for c in chosen))
            except Exception:  # a notation error: the cards are no set at all
                self.say(_("These cards do not make a set."), error=True)
                return
            self.act(Meld(combo))
            return
        revealed = view.players[view.seat].revealed
        if view.stage is Stage.DRAW:
            self.say(
                _("Not allowed (D-19): draw a card first; a turn starts with a draw."), error=True
            )
        elif not revealed:
            self.say(_("You cannot lay a new set now: reveal your program first."), error=True)
        elif chosen:
            # One or two cards: the real reason is the size of a new set.
            reason = explain_reason(
                IllegalActionError("E-14", "programmes.new_set_size"), current()
            )
            self.say(
                _("Not allowed ({rule}): {message}").format(rule="E-14", message=reason), error=True
            )
        else:
            self.say(_("Choose 3 or more cards of one rank, then press n."), error=True)

    def action_extend(self) -> None:
        found = self._moves_of_card(Extend)
        if found is None:
            return
        view, card, legal = found
        names = self.game.match.names
        if not legal:
            if not any(view.table):
                self.say(_("There is no combination on the table yet."), error=True)
                return
            # Nothing fits: every combination with the engine's reason.
            probes = [
                Extend(card, owner, index)
                for owner, row in enumerate(view.table)
                for index in range(len(row))
            ]
            reasons = [
                (f"{extend_label(view, names, p)} ({self.game.explain(p) or ''})", False)
                for p in probes
            ]
            title = _("{card} fits no combination on the table:").format(card=CARD_SYMBOL[card])
            self._choose(title, reasons, probes)
            return
        labels = [(extend_label(view, names, a), True) for a in legal]
        title = _("Add {card} to which combination?").format(card=CARD_SYMBOL[card])
        self._choose(title, labels, legal)

    def action_discard(self) -> None:
        view = self._view()
        if view is None:
            return
        card = self._one_card()
        if card is not None:
            self.discard_asking(card, lambda: self.act(DiscardCard(card)))

    def action_swap(self) -> None:
        if self._view() is not None:
            self.act(SwapProgram())

    def _hint(self, view: ProgrammeView) -> tuple[str, tuple[int, ...], Any]:
        return hint(view)

    def _own_additions(self, view: ProgrammeView, card: int) -> list[Any]:
        return [
            a
            for a in view.legal
            if isinstance(a, Extend) and a.card == card and a.owner == view.seat
        ]

    def action_rules(self) -> None:
        from phase10.tui.rules_text import rules_markdown

        self.app.push_screen(RulesScreen(rules_markdown(self.game.match.rules, self.KEYS_HELP)))

    # ------------------------------------------------------------------------ results

    def hand_result(self, ended: Any) -> HandResult:
        match = self.game.match
        names = match.names
        yes, no = _("yes"), _("no")
        rows = tuple(
            (
                names[seat],
                int(ended.moved[seat] >= 0) if seat < len(ended.moved) else 0,
                ended.scores[seat],
                yes if seat < len(ended.moved) and ended.moved[seat] >= 0 else no,
            )
            for seat in range(len(names))
            if seat < len(ended.scores)
        )
        headers = (_("Completed this round"), _("Programs done"), _("Revealed"))
        return HandResult(
            hand=ended.number + 1,
            went_out=names[ended.seat] if ended.seat >= 0 else None,
            rows=rows,
            progress=(),
            game_over=match.is_over,
            title=_("Round {number} is over.").format(number=ended.number + 1),
            nobody_out=_("Everyone has revealed a program and nobody went out."),
            headers=headers,
        )

    def final_screen(self) -> GameOverScreen:
        match = self.game.match
        result = match.game.outcome(match.state)
        hands = result.hands if result is not None else 0
        rows = [(row.place, row.name, row.done, hands, row.winner) for row in final_standing(match)]
        headers = (_("Programs done"), _("Rounds played"))
        return GameOverScreen(self.game.headline(), rows, headers=headers)
