"""The Phase 10 table: the keys to lay down, hit and discard (with a Skip's target), the
players' phases, the groups on the table, hints, the end of a hand and the final standing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingType

from phase10.games.phase10.actions import Action, Discard, Draw, Hit, LayDown, Source
from phase10.games.phase10.cards import SKIP_CODE, SYMBOL_OF, Card
from phase10.games.phase10.narration import describe_progress, phase_title
from phase10.games.phase10.rules import Progression
from phase10.games.phase10.view import PlayerView
from phase10.kernel.i18n import N_
from phase10.kernel.state import Stage
from phase10.standings import final_standing
from phase10.tui.hand import (
    SortOrder,
    discard_choices,
    hint,
    hit_label,
    laydown_label,
    laydowns_for,
    sort_hand,
)
from phase10.tui.host import TableHost
from phase10.tui.screens import GameOverScreen, HandResult, RulesScreen
from phase10.tui.table import COMMON_KEYS, DRAW_KEYS, TableBase
from phase10.tui.text import _, current, ngettext
from phase10.tui.widgets import groups_text, players_table


class TableScreen(TableBase):
    """The Phase 10 table for the seat at the keyboard."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *DRAW_KEYS,
        Binding("l", "lay", _("Lay down")),
        Binding("a", "all_lays", _("List")),
        Binding("g", "hit", _("Hit")),
        Binding("x", "discard", _("Discard")),
        *COMMON_KEYS,
    ]

    KEYS_HELP = N_(
        "d draw, t take the discard, arrows and space or the number keys choose cards "
        "(the mouse works too), l lay down the chosen cards, a list every possible "
        "lay-down, i hint, g hit the chosen card on a group, x discard the chosen card, "
        "o change the order of your hand, r these rules, q save and quit."
    )

    def __init__(self, game: TableHost) -> None:
        super().__init__(game)
        self.order = SortOrder.NUMBER

    # ------------------------------------------------------------------------ drawing

    def _title(self, view: PlayerView) -> str:
        rules = view.rules
        hand = view.hand_number + 1
        title = _("Phase 10 · hand {hand} · rules: {rules}").format(hand=hand, rules=rules.name)
        if view.tiebreak:
            title += " · " + _("tie-break hand")
        return title

    def _players(self, view: PlayerView, names: Sequence[str]) -> Table:
        return players_table(view, names, self.game.seat_kinds())

    def _table_text(self, view: PlayerView, names: Sequence[str]) -> Text:
        return groups_text(view, names)

    def _card_name(self, card: int) -> str:
        return SYMBOL_OF[card]

    def _sorted(self, view: PlayerView, hand: tuple[Any, ...]) -> list[Any]:
        me = view.players[view.seat]
        return sort_hand(hand, self.order, me.phase, view.rules)

    def _me_line(self, view: PlayerView, visible: bool) -> str:
        if not visible:
            return ""
        me = view.players[view.seat]
        name = self.game.match.names[view.seat]
        rules = view.rules
        if me.laid >= 0:
            phase = _("phase {number} is down").format(number=rules.phases[me.laid].number)
        elif rules.progression is Progression.PICK_ANY and not view.tiebreak:
            phase = _("any phase you have not completed")
        elif me.phase is None:
            phase = _("every phase done")
        else:
            phase = phase_title(me.phase, current())
        return ngettext(
            "{name} · {phase} · {points} point · {order} (o)",
            "{name} · {phase} · {points} points · {order} (o)",
            me.score,
        ).format(name=name, phase=phase, points=me.score, order=self.order.label)

    def _prompt(self, view: PlayerView, visible: bool) -> str:
        names = self.game.match.names
        if view.outcome is not None:
            return _("The game is over.")
        if not visible or not view.my_turn or not self.game.can_act():
            if view.current == view.seat and visible:
                return _("It is your turn.")
            return _("It is {name}'s turn.").format(name=names[view.current])
        if view.stage is Stage.DRAW:
            top = view.discard_top
            if Draw(Source.DISCARD_PILE) in view.legal and top is not None:
                text = _(
                    "Your turn: draw from the draw pile (d) "
                    "or take {card} from the discard pile (t)."
                )
                return text.format(card=SYMBOL_OF[top])
            if top is not None and top == SKIP_CODE:
                return _(
                    "Your turn: draw from the draw pile (d). "
                    "The Skip on the discard pile cannot be taken."
                )
            return _("Your turn: draw from the draw pile (d).")
        lays = [a for a in view.legal if isinstance(a, LayDown)]
        parts = []
        if lays:
            parts.append(_("You can lay down your phase: press i for a hint or a for the list."))
        if any(isinstance(a, Hit) for a in view.legal):
            parts.append(_("Some of your cards fit groups on the table (g hits the chosen card)."))
        parts.append(_("Choose a card and press x to discard it and end your turn."))
        return " ".join(parts)

    def _no_laydown_reason(self, view: PlayerView) -> str:
        me = view.players[view.seat]
        if view.stage is Stage.DRAW:
            return _("Not allowed (D-19): draw a card first; a turn starts with a draw.")
        if me.laid >= 0:
            return _("Not allowed (P10-R16): you have already laid down a phase this hand.")
        return _("Not allowed (P10-R15): your hand does not hold your whole phase yet.")

    def action_lay(self) -> None:
        view = self._view()
        if view is not None:
            self._lay_whole(
                lambda chosen: laydowns_for(view, chosen),
                _(
                    "Not allowed (P10-R15): the chosen cards do not make your phase. "
                    "Press a to see every possible lay-down."
                ),
                lambda: self._no_laydown_reason(view),
                self._choose_laydown,
            )

    def action_all_lays(self) -> None:
        view = self._view()
        if view is not None:
            options = laydowns_for(view, ())
            self._choose_all(options, self._no_laydown_reason(view), self._choose_laydown)

    def _choose_laydown(self, options: Sequence[LayDown]) -> None:
        labels = [(laydown_label(a), True) for a in options]
        title = _("Lay down your phase: which groups?")
        self._choose(title, labels, options)

    def action_hit(self) -> None:
        found = self._moves_of_card(Hit)
        if found is None:
            return
        view, card, legal = found
        names = self.game.match.names
        labels: list[tuple[str, bool]] = []
        actions: list[Action] = []
        for owner, groups in enumerate(view.table):
            for index, _group in enumerate(groups):
                here = [a for a in legal if (a.owner, a.index) == (owner, index)]
                for action in here:
                    labels.append((hit_label(view, names, action), True))
                    actions.append(action)
                if not here:
                    probe = Hit(card, owner, index, -1)
                    reason = self.game.explain(probe) or ""
                    labels.append((hit_label(view, names, probe) + f" ({reason})", False))
                    actions.append(probe)
        if not actions:
            self.say(_("There is no group on the table to hit yet."), error=True)
            return
        if not legal:
            # Nothing fits: every group with its own reason, not only the first.
            title = _("{card} fits no group on the table:").format(card=SYMBOL_OF[card])
            self._choose(title, labels, actions)
            return
        title = _("Hit {card} on which group?").format(card=SYMBOL_OF[card])
        self._choose(title, labels, actions)

    def action_discard(self) -> None:
        view = self._view()
        if view is None:
            return
        card = self._one_card()
        if card is None:
            return
        self.discard_asking(card, lambda: self._discard(view, card))

    def _discard(self, view: PlayerView, card: Card) -> None:
        choices = discard_choices(view, card)
        if len(choices) > 1:
            names = self.game.match.names
            labels = [
                (_("{name} loses the next turn").format(name=names[a.target or 0]), True)
                for a in choices
            ]
            actions: list[Action] = list(choices)
            self._choose(_("Who gets the Skip?"), labels, actions)
            return
        self.act(choices[0] if choices else Discard(card))

    def _hint(self, view: PlayerView) -> tuple[str, tuple[int, ...], Any]:
        return hint(view)

    def _own_additions(self, view: PlayerView, card: int) -> list[Any]:
        return [
            a for a in view.legal if isinstance(a, Hit) and a.card == card and a.owner == view.seat
        ]

    def action_rules(self) -> None:
        from phase10.tui.rules_text import rules_markdown

        self.app.push_screen(RulesScreen(rules_markdown(self.game.match.rules, self.KEYS_HELP)))

    # ------------------------------------------------------------------------ results

    def _phase_after(self, view: PlayerView, seat: int) -> str:
        me = view.players[seat]
        if not me.dealt_in:
            return _("sits out")
        if me.phase is None:
            return _("every phase done") if view.outcome is not None or me.phase_index else "-"
        return _("phase {number}").format(number=me.phase.number)

    def hand_result(self, ended: Any) -> HandResult:
        app = self.game
        match = app.match
        names = match.names
        view: PlayerView = match.public_view()
        rows = tuple(
            (
                names[seat],
                ended.scores[seat] if seat < len(ended.scores) else 0,
                view.players[seat].score,
                self._phase_after(view, seat),
            )
            for seat in range(len(names))
        )
        progress = describe_progress(ended, names, app.narrator, rules=match.rules, lang=current())
        return HandResult(
            hand=ended.number + 1,
            went_out=names[ended.seat] if ended.seat >= 0 else None,
            rows=rows,
            progress=tuple(progress),
            game_over=match.is_over,
        )

    def final_screen(self) -> GameOverScreen:
        rows = [
            (row.place, row.name, row.done, row.points, row.winner)
            for row in final_standing(self.game.match)
        ]
        return GameOverScreen(self.game.headline(), rows)
