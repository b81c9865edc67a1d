"""The Phase 10 line game: one person at the keyboard, line by line, against the others.

Made for screen readers and braille displays as much as for scripts: one sentence per event,
no box drawing and no colour (cards are written ``R7``, ``W``, ``S``), one-key queries, cards
chosen by name (``R7``) or by position (``3``). Every line comes from ``input()``, so a script
can play a whole game through standard input; at the end of input the game is saved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from phase10.cli.lines import LineBase
from phase10.explain import explain_illegal, explain_notation
from phase10.games.phase10.actions import Action, Discard, Draw, Hit, LayDown, Source, parse_action
from phase10.games.phase10.cards import SKIP_CODE, SYMBOL_OF, WILD_CODE, Card
from phase10.games.phase10.groups import Group
from phase10.games.phase10.narration import (
    group_phrase,
    group_text,
    narrate,
    phase_description,
)
from phase10.games.phase10.rules import Kind, Progression
from phase10.games.phase10.state import Event, EventKind
from phase10.games.phase10.view import PlayerView
from phase10.kernel.errors import IllegalActionError, NotationError
from phase10.kernel.i18n import N_
from phase10.kernel.state import Stage
from phase10.match import Match
from phase10.standings import final_standing

HELP: Final = N_("""\
Commands (type them and press Enter):
  d or draw            draw the top card of the draw pile
  t or take            take the top card of the discard pile
  lay                  list the ways to lay down your phase; lay N picks way N
  lay GROUP | GROUP    lay down groups you type, e.g. lay set R5 B5 W | set G7 R7 Y7
  hit                  list the groups on the table and what you can hit
  hit CARD N [low|high]  hit CARD on table group N (low/high: which end of a run a wild takes)
  discard CARD [NAME]  discard CARD; for a Skip, NAME is the player who loses a turn
Cards are named like R7, B12, W (wild), S (skip), or given by position in your hand: 3.
Colours: R red, B blue, Y yellow, G green.
Questions: h hand, p discard pile, b table, s scores, w whose turn, m my phase, ? help,
q save and quit.""")


class _Quit(Exception):  # noqa: N818 - a signal, named for what it means
    """The player asked to stop, or the input ended."""


class LineGame(LineBase):
    """The line-by-line game loop for one person at ``seat``, in language ``lang``."""

    def __init__(
        self,
        match: Match,
        seat: int,
        save_path: str,
        lang: str = "en",
        words: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(match, seat, save_path, lang, words)

    def begin(self) -> int:
        """Tell the deal of a new game, then play it."""
        self.show_events(self.match.view(self.seat).events)
        return self.loop()

    def say_n(self, message: str, count: int, **fields: object) -> None:
        """Print ``message`` (already translated with ``ngettext``) with ``{count}`` filled in."""
        print(message.format(count=count, **fields))

    # ------------------------------------------------------------------------ the loop

    def loop(self) -> int:
        try:
            need_status = True
            while not self.match.is_over:
                if self.match.to_act != self.seat:
                    self._act(None)
                    need_status = True
                    continue
                if need_status:
                    self.show_status()
                    need_status = False
                self._command(self._ask("> "))
        except _Quit:
            self.save()
            self.say(
                N_("Game saved to {path}. Resume it with: phase10 resume {path}"),
                path=self.save_path,
            )
            return 0
        self.save()
        self.show_standing()
        return 0

    def _ask(self, prompt: str) -> str:
        try:
            return input(prompt)
        except (EOFError, KeyboardInterrupt):
            print()
            raise _Quit from None

    def _act(self, action: Action | None) -> bool:
        """Play ``action`` (or a bot's move when None); print what happened. False if illegal."""
        try:
            if action is None:
                self.match.bot_step()
            else:
                self.match.play(self.seat, action, self.match.version)
        except IllegalActionError as exc:
            print(explain_illegal(exc, self.tr))
            return False
        self.save()
        self.show_events(self.match.view(self.seat).events)
        return True

    # ------------------------------------------------------------------------ output

    def show_events(self, events: Sequence[Event]) -> None:
        """Say what happened; at the end of a hand also who moves up (the hand's end event
        says so) and the totals."""
        names, rules, tr = self.match.names, self.match.rules, self.tr
        ended = next((i for i, e in enumerate(events) if e.kind is EventKind.HAND_ENDED), None)
        cut = len(events) if ended is None else ended + 1
        for line in narrate(events[:cut], names, self.seat, rules=rules, lang=tr):
            print(line)
        if ended is None:
            return
        view = self.match.view(self.seat)
        if view.outcome is None:
            totals = ", ".join(
                f"{name} {p.score}" for name, p in zip(names, view.players, strict=True)
            )
            self.say(N_("Totals: {totals}."), totals=totals)
        for line in narrate(events[cut:], names, self.seat, rules=rules, lang=tr):
            print(line)

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
            command = f"hit {SYMBOL_OF[action.card]} {numbers[action.owner, action.index]}{end}"
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

    # ------------------------------------------------------------------------ commands

    def _command(self, line: str) -> bool:
        """Handle one line; True when the turn moved on (the status should be shown again)."""
        words = line.split()
        if not words:
            return False
        verb, rest = words[0].lower(), words[1:]
        verb = self.words.get(verb, verb)
        view = self.match.view(self.seat)
        try:
            if verb in ("d", "draw"):
                return self._play(Draw(Source.DRAW_PILE))
            if verb in ("t", "take"):
                return self._play(Draw(Source.DISCARD_PILE))
            if verb == "lay":
                return self._lay(view, rest)
            if verb == "hit":
                return self._hit(view, rest)
            if verb in ("discard", "x"):
                return self._discard(view, rest)
        except NotationError as exc:
            print(explain_notation(exc, self.tr))
            return False
        if rest:
            self.say(N_("Unknown command {command}. Type ? for help."), command=repr(line.strip()))
            return False
        return self._query(verb, view)

    def _play(self, action: Action) -> bool:
        if not self._act(action):
            return False
        if self.match.to_act == self.seat and not self.match.is_over:
            self.show_status()
        return True

    def _query(self, verb: str, view: PlayerView) -> bool:
        if verb in ("q", "quit", "exit"):
            raise _Quit
        if verb in ("?", "help"):
            self.say(HELP)
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
            self.say(N_("Unknown command {command}. Type ? for help."), command=repr(verb))
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
        for seat, p in enumerate(view.players):
            if p.phase is None:
                where = tr.gettext("every phase done")
            else:
                where = tr.gettext("phase {phase}").format(phase=p.phase.number)
            if p.laid >= 0:
                where = tr.gettext("{where}, laid down").format(where=where)
            cards = tr.ngettext("{count} card", "{count} cards", p.hand_size).format(
                count=p.hand_size
            )
            parts.append(
                tr.gettext("{name} {points} points ({where}, {cards})").format(
                    name=self.match.names[seat], points=p.score, where=where, cards=cards
                )
            )
        # A list separator: French typography puts a space before the semicolon.
        self.say(N_("Scores: {scores}."), scores=tr.gettext("; ").join(parts))

    def _card(self, view: PlayerView, token: str) -> Card | None:
        """A card of the hand by position or name; prints why not and returns None."""
        if token.isdigit():
            position = int(token)
            if not 1 <= position <= len(view.hand):
                self.say_n(
                    self.tr.ngettext(
                        "There is no card at position {position}: you hold {count} card.",
                        "There is no card at position {position}: you hold {count} cards.",
                        len(view.hand),
                    ),
                    len(view.hand),
                    position=position,
                )
                return None
            return view.hand[position - 1]
        return Card.from_symbol(token)

    def _lay(self, view: PlayerView, rest: list[str]) -> bool:
        options = [a for a in view.legal if isinstance(a, LayDown)]
        if rest and not rest[0].isdigit():
            return self._play(parse_action("lay " + " ".join(rest)))
        if not options:
            print(self._why_no_laydown(view))
            return False
        if not rest:
            for number, action in enumerate(options, start=1):
                groups = " | ".join(group_text(g, self.tr) for g in action.groups)
                if action.phase is not None:
                    self.say(
                        N_("{number}: phase {phase}: {groups}"),
                        number=number,
                        phase=action.phase,
                        groups=groups,
                    )
                else:
                    print(f"{number}: {groups}")
            answer = self._ask(
                self._("Which one? Type its number, or press Enter to cancel: ")
            ).strip()
            if not answer:
                return False
            rest = [answer]
        if not rest[0].isdigit() or not 1 <= int(rest[0]) <= len(options):
            self.say(N_("Choose a number from 1 to {count}."), count=len(options))
            return False
        return self._play(options[int(rest[0]) - 1])

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

    def _hit(self, view: PlayerView, rest: list[str]) -> bool:
        groups = self._groups(view)
        if not rest:
            self._show_table(view)
            hits = self._hit_commands(view)
            if hits:
                self.say(N_("You can hit: {hits}."), hits="; ".join(hits))
            else:
                self.say(N_("You have nothing to hit."))
            return False
        if len(rest) not in (2, 3) or not rest[1].isdigit():
            self.say(N_("Write: hit CARD GROUP-NUMBER, e.g. hit R7 2 (type b to see the groups)."))
            return False
        name, _, value_text = rest[0].partition("=")
        card = self._card(view, name)
        if card is None:
            return False
        number = int(rest[1])
        if not 1 <= number <= len(groups):
            self.say(
                N_("There is no group {number} on the table (type b to see them)."), number=number
            )
            return False
        owner, index, group = groups[number - 1]
        value = -1
        end = rest[2].lower() if len(rest) == 3 else value_text
        if end in ("low", "high") and group.kind is Kind.RUN:
            value = group.low - 1 if end == "low" else group.high + 1
        elif end.isdigit():
            value = int(end)
        elif end.upper() in ("R", "B", "Y", "G"):
            value = "RBYG".index(end.upper())
        elif end:
            self.say(N_("Say low or high for the end of the run, e.g. hit W 2 high."))
            return False
        if value < 0:
            matching = [
                a
                for a in view.legal
                if isinstance(a, Hit) and a.card == card and (a.owner, a.index) == (owner, index)
            ]
            if len(matching) == 1:
                return self._play(matching[0])
        return self._play(Hit(card, owner, index, value))

    def _discard(self, view: PlayerView, rest: list[str]) -> bool:
        if not rest or len(rest) > 2:
            self.say(N_("Write: discard CARD, e.g. discard R7 or discard 3 (a position)."))
            return False
        card = self._card(view, rest[0])
        if card is None:
            return False
        if len(rest) == 2:
            target = self._seat(rest[1])
            if target is None:
                return False
            return self._play(Discard(card, target))
        if card == SKIP_CODE:
            skips = [a for a in view.legal if isinstance(a, Discard) and a.card == card]
            if len(skips) > 1:
                names = ", ".join(self.match.names[a.target] for a in skips if a.target is not None)
                self.say(
                    N_("Say who loses a turn: discard S NAME, where NAME is one of {names}."),
                    names=names,
                )
                return False
            if skips:
                return self._play(skips[0])
        return self._play(Discard(card))

    def _seat(self, token: str) -> int | None:
        names = [n.lower() for n in self.match.names]
        if token.lower() in names:
            return names.index(token.lower())
        if token.isdigit() and 1 <= int(token) <= len(names):
            return int(token) - 1
        self.say(
            N_("There is no player {token}: players are {names}."),
            token=repr(token),
            names=", ".join(self.match.names),
        )
        return None
