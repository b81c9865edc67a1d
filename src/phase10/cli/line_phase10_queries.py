"""What the Phase 10 line game says without playing: the status at the start of a turn and
the one-key questions (hand, discard pile, table, scores, whose turn, my phase, help), and
the final standing. :class:`~phase10.cli.line_phase10.LineGame` adds the moves.
"""

from __future__ import annotations

from typing import Final

from phase10.cli.lines import LineBase
from phase10.games.phase10.actions import Draw, Hit, LayDown, Source
from phase10.games.phase10.cards import SYMBOL_OF, WILD_CODE
from phase10.games.phase10.groups import Group
from phase10.games.phase10.narration import group_phrase, phase_description
from phase10.games.phase10.rules import Kind, Progression
from phase10.games.phase10.view import PlayerView
from phase10.kernel.i18n import N_
from phase10.kernel.state import Stage
from phase10.standings import final_standing

HELP: Final = N_("""\
Commands (type them and press Enter):
  d or draw            draw the top card of the draw pile
  t or take            take the top card of the discard pile
  lay                  list the ways to lay down your phase; lay N shows way N and asks
                       before it lays (lay N y: at once)
  lay GROUP | GROUP    lay down groups you type, e.g. lay set R5 B5 W | set G7 R7 Y7
  hit                  list the groups on the table and what you can hit
  hit CARD N [low|high]  hit CARD on table group N (low/high: which end of a run a wild takes)
  discard CARD [NAME]  discard CARD; for a Skip, NAME is the player who loses a turn
  hint                 ask what a strong computer player would do now
  r or again           hear the last events again
Cards are named like R7, B12, W (wild), S (skip), or given by position in your hand: 3.
Colours: R red, B blue, Y yellow, G green.
Questions: h hand, p discard pile, b table, s scores, w whose turn, m my phase, ? help,
q save and quit.""")  #: The one key map's move keys (docs/keys.md), as every client has them.
KEYS: Final = N_(
    "Keys: a lists the moves you can make now, numbered (a number then makes that move); "
    "l the lay-downs, g the hits, i a hint. A move can also be typed as that list writes it."
)


class _Quit(Exception):  # noqa: N818 - a signal, named for what it means
    """The player asked to stop, or the input ended."""


class Phase10Queries(LineBase):
    """The Phase 10 line game's sentences and questions for the person at ``seat``."""

    def say_n(self, message: str, count: int, **fields: object) -> None:
        """Print ``message`` (already translated with ``ngettext``) with ``{count}`` filled in."""
        print(message.format(count=count, **fields))

    def show_status(self) -> None:
        view = self.match.view(self.seat)
        print(self._phase_line(view))
        print(self._hand_line(view))
        if view.stage is Stage.DRAW:
            top = view.discard_top
            if Draw(Source.DISCARD_PILE) in view.legal and top is not None:
                self.say(
                    N_("Draw (d) or take {card} from the discard pile (t)."), card=SYMBOL_OF[top]
                )
            elif top is None:
                self.say(N_("The discard pile is empty: draw from the draw pile (d)."))
            else:
                self.say(
                    N_(
                        "The discard pile shows a Skip, which cannot be taken: "
                        "draw from the draw pile (d)."
                    )
                )
            return
        lays = [a for a in view.legal if isinstance(a, LayDown)]
        if lays:
            self.say_n(
                self.tr.ngettext(
                    "You can lay down your phase ({count} way): type lay to see it.",
                    "You can lay down your phase ({count} ways): type lay to see them.",
                    len(lays),
                ),
                len(lays),
            )
        hits = self._hit_commands(view)
        if hits:
            self.say(N_("You can hit: {hits}."), hits="; ".join(hits))
        self.say(N_("End your turn with: discard CARD."))

    def _phase_line(self, view: PlayerView) -> str:
        me = view.players[self.seat]
        rules = view.rules
        _ = self._
        if me.laid >= 0:
            return _("Your phase {phase} is down this hand.").format(
                phase=rules.phases[me.laid].number
            )
        if rules.progression is Progression.PICK_ANY and not view.tiebreak:
            open_phases = [
                str(p.number) for i, p in enumerate(rules.phases) if not me.completed >> i & 1
            ]
            return _("Phases you may still lay down: {phases}.").format(
                phases=", ".join(open_phases)
            )
        if me.phase is None:
            return _("You have completed every phase.")
        return _("You are on phase {phase}: {description}.").format(
            phase=me.phase.number, description=phase_description(me.phase, self.tr)
        )

    def _hand_line(self, view: PlayerView) -> str:
        cards = " ".join(f"{i}:{SYMBOL_OF[c]}" for i, c in enumerate(view.hand, start=1))
        if not cards:
            return self._("Your hand is empty.")
        return self._("Your hand: {cards}").format(cards=cards)

    def _groups(self, view: PlayerView) -> list[tuple[int, int, Group]]:
        return [(o, i, g) for o, groups in enumerate(view.table) for i, g in enumerate(groups)]

    def _hit_commands(self, view: PlayerView) -> list[str]:
        numbers = {(o, i): n for n, (o, i, _) in enumerate(self._groups(view), start=1)}
        out: list[str] = []
        for action in view.legal:
            if not isinstance(action, Hit):
                continue
            group = view.table[action.owner][action.index]
            end = ""
            if group.kind is Kind.RUN and action.card == WILD_CODE:
                end = " low" if action.value < group.low else " high"
            number = numbers[action.owner, action.index]
            command = f"{self.word('hit')} {SYMBOL_OF[action.card]} {number}{end}"
            if command not in out:
                out.append(command)
        return out

    def show_standing(self) -> None:
        result = self.match.game.outcome(self.match.state)
        rows = final_standing(self.match)
        if result is None:
            return
        self.say_n(
            self.tr.ngettext(
                "Final standing after {count} hand:",
                "Final standing after {count} hands:",
                result.hands,
            ),
            result.hands,
        )
        for row in rows:
            done = row.done
            fields = {"place": row.place, "name": row.name, "points": row.points}
            if row.winner:
                self.say_n(
                    self.tr.ngettext(
                        "{place}. {name}: {count} phase done, {points} points, the winner.",
                        "{place}. {name}: {count} phases done, {points} points, the winner.",
                        done,
                    ),
                    done,
                    **fields,
                )
            else:
                self.say_n(
                    self.tr.ngettext(
                        "{place}. {name}: {count} phase done, {points} points.",
                        "{place}. {name}: {count} phases done, {points} points.",
                        done,
                    ),
                    done,
                    **fields,
                )

    def _query(self, verb: str, view: PlayerView) -> bool:
        if verb in ("q", "quit", "exit"):
            raise _Quit
        if verb in ("?", "help"):
            self.say(HELP)
            self.say(KEYS)
        elif verb in ("h", "hand"):
            print(self._hand_line(view))
        elif verb in ("p", "pile"):
            top = view.discard_top
            if top is None:
                self.say_n(
                    self.tr.ngettext(
                        "The discard pile is empty. The draw pile has {count} card.",
                        "The discard pile is empty. The draw pile has {count} cards.",
                        view.draw_pile_size,
                    ),
                    view.draw_pile_size,
                )
            else:
                pile = self.tr.ngettext(
                    "Top of the discard pile: {card} ({count} card).",
                    "Top of the discard pile: {card} ({count} cards).",
                    len(view.discard_pile),
                ).format(card=SYMBOL_OF[top], count=len(view.discard_pile))
                draw = self.tr.ngettext(
                    "The draw pile has {count} card.",
                    "The draw pile has {count} cards.",
                    view.draw_pile_size,
                ).format(count=view.draw_pile_size)
                print(f"{pile} {draw}")
        elif verb in ("b", "board", "table"):
            self._show_table(view)
        elif verb in ("s", "scores"):
            self._show_scores(view)
        elif verb in ("w", "who"):
            if not view.my_turn:
                self.say(N_("It is {name}'s turn."), name=self.match.names[view.current])
            elif view.stage is Stage.DRAW:
                self.say(N_("It is your turn: draw a card."))
            else:
                self.say(N_("It is your turn: lay down, hit or discard."))
        elif verb in ("m", "me", "phase"):
            print(self._phase_line(view))
        else:
            self.unknown(verb)
        return False

    def _show_table(self, view: PlayerView) -> None:
        groups = self._groups(view)
        if not groups:
            self.say(N_("Nothing is on the table yet."))
            return
        names = self.match.names
        for number, (owner, _, group) in enumerate(groups, start=1):
            fields = {
                "number": number,
                "group": group_phrase(group, self.tr),
                "cards": " ".join(group.tokens()),
            }
            if owner == self.seat:
                self.say(N_("{number}: your {group}: {cards}."), **fields)
            else:
                self.say(N_("{number}: {owner}'s {group}: {cards}."), owner=names[owner], **fields)

    def _show_scores(self, view: PlayerView) -> None:
        parts = []
        tr = self.tr
        pick_any = view.rules.progression is Progression.PICK_ANY and not view.tiebreak
        for seat, p in enumerate(view.players):
            if pick_any and p.completed != (1 << len(view.rules.phases)) - 1:
                # Under pick_a_phase a player has no one phase to be on.
                where = tr.gettext("any open phase")
            elif p.phase is None:
                where = tr.gettext("every phase done")
            else:
                where = tr.gettext("phase {phase}").format(phase=p.phase.number)
            if p.laid >= 0:
                where = tr.gettext("{where}, laid down").format(where=where)
            cards = tr.ngettext("{count} card", "{count} cards", p.hand_size).format(
                count=p.hand_size
            )
            if p.skip_pending:
                # s says who has a Skip waiting (P10-R25).
                cards += tr.ngettext(
                    ", {count} Skip waiting: loses the next turn",
                    ", {count} Skips waiting: loses the next turns",
                    p.skip_pending,
                ).format(count=p.skip_pending)
            parts.append(
                tr.ngettext(
                    "{name} {points} point ({where}, {cards})",
                    "{name} {points} points ({where}, {cards})",
                    p.score,
                ).format(name=self.match.names[seat], points=p.score, where=where, cards=cards)
            )
        # A list separator: French typography puts a space before the semicolon.
        self.say(N_("Scores: {scores}."), scores=tr.gettext("; ").join(parts))

    def _why_no_laydown(self, view: PlayerView) -> str:
        me = view.players[self.seat]
        _ = self._
        if view.stage is Stage.DRAW:
            return _("Not allowed (D-19): draw a card first; a turn starts with a draw.")
        if me.laid >= 0:
            return _("Not allowed (P10-R16): you have already laid down a phase this hand.")
        if me.phase is None:
            return _("Not allowed (P10-R15): your hand does not hold your phase yet.")
        return _("Not allowed (P10-R15): your hand does not hold your phase ({phase}) yet.").format(
            phase=phase_description(me.phase, self.tr)
        )
